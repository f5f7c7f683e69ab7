/* imtehan-session-claim.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Resuming or opening an attempt of the history: locked and loaded on the store's worker,
 * against the quiz version it was taken on.
 */

#define G_LOG_DOMAIN "imtehan-session"

#include "config.h"

#include "imtehan-intl-private.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "imtehan-session-private.h"
#include "imtehan-store.h"

static void
set_busy (ImtehanSession *self,
          gboolean        busy)
{
  if (self->busy == busy)
    return;
  self->busy = busy;
  g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_BUSY]);
}

typedef struct
{
  char     *language;  /* set on a resumed attempt */
  gboolean  resume;
} ClaimData;

static void
claim_data_free (ClaimData *data)
{
  g_free (data->language);
  g_free (data);
}

static void
claim_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ImtehanSession *self = g_task_get_source_object (task);
  ClaimData *data = g_task_get_task_data (task);
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(GError) error = NULL;

  attempt = imtehan_store_claim_finish (IMTEHAN_STORE (object), result, &error);
  if (self->history == NULL)
    {
      /* Disposed meanwhile (the store gave the lock back). */
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
      return;
    }
  set_busy (self, FALSE);
  if (attempt == NULL)
    {
      /* Taken by another process since the listing: listed again, it is not offered. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY))
        imtehan_session_reload_history (self);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* A finished attempt is only shown; an unfinished one is the learner's again. */
  if (!imtehan_attempt_get_finished (attempt))
    {
      GDateTime *deadline = imtehan_attempt_get_deadline (attempt);

      _imtehan_session_set_attempt (self, attempt);
      if (data->language != NULL)
        imtehan_attempt_set_language (attempt, data->language);
      /* Its clock ran on while the app was not (a crash, a power cut): past the deadline,
       * what was answered is submitted now, as it would have been at the deadline. Before
       * it, the saved deadline stands (update_state() scheduled it). */
      if (deadline != NULL && _imtehan_session_usec_left (deadline) <= 0)
        _imtehan_session_time_up (self);
    }
  g_task_return_pointer (task, g_steal_pointer (&attempt), g_object_unref);
}

/* An attempt taken on an earlier version of the quiz, read against that version as it was:
 * shown, never resumed, so nothing is locked or written. On a worker: the kept version and
 * the attempt are files. */
typedef struct
{
  ImtehanQuizVersions   *versions;
  ImtehanStore          *store;
  ImtehanAttemptSummary *summary;
  gboolean               other_version;  /* QuizVersion is not the quiz's */
} EarlierData;

static void
earlier_data_free (EarlierData *data)
{
  g_clear_object (&data->versions);
  g_clear_object (&data->store);
  g_clear_object (&data->summary);
  g_free (data);
}

static void
open_earlier_thread (GTask        *task,
                     gpointer      source_object,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  EarlierData *data = task_data;
  ImtehanAttemptSummary *summary = data->summary;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  GError *error = NULL;
  ImtehanAttempt *attempt;

  quiz = imtehan_quiz_versions_lookup (data->versions,
                                       imtehan_attempt_summary_get_quiz_id (summary),
                                       imtehan_attempt_summary_get_quiz_digest (summary),
                                       imtehan_attempt_summary_get_quiz_version (summary));
  if (quiz == NULL)
    {
      /* Same version number, other bytes, and not kept: read with the quiz as it is, as
       * before versions were kept. */
      g_task_return_pointer (task, NULL, NULL);
      return;
    }
  if (!(attempt = imtehan_store_load (data->store, summary, quiz, cancellable, &error)))
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, attempt, g_object_unref);
}

static void claim (ImtehanSession        *self,
                   ImtehanAttemptSummary *summary,
                   GTask                 *task);

static void
open_earlier_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ImtehanSession *self = IMTEHAN_SESSION (object);
  EarlierData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(ImtehanAttempt) attempt = NULL;
  GError *error = NULL;

  attempt = g_task_propagate_pointer (G_TASK (result), &error);
  if (self->history == NULL)
    {
      /* Disposed meanwhile. */
      g_clear_error (&error);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
      return;
    }
  set_busy (self, FALSE);
  if (error != NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (attempt != NULL)
    {
      g_task_return_pointer (task, g_steal_pointer (&attempt), g_object_unref);
      return;
    }
  if (data->other_version)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _("It was taken on version %u of this quiz, which this computer "
                                 "does not keep; its file is kept"),
                               imtehan_attempt_summary_get_quiz_version (data->summary));
      return;
    }
  g_task_set_task_data (task, g_new0 (ClaimData, 1), (GDestroyNotify)claim_data_free);
  claim (self, data->summary, g_steal_pointer (&task));
}

static void
open_earlier (ImtehanSession        *self,
              ImtehanAttemptSummary *summary,
              GTask                 *task)
{
  g_autoptr(GTask) lookup = g_task_new (self, self->cancellable, open_earlier_cb, task);
  EarlierData *data = g_new0 (EarlierData, 1);

  data->versions = g_object_ref (self->versions);
  data->store = g_object_ref (self->store);
  data->summary = g_object_ref (summary);
  data->other_version = _imtehan_session_of_other_version (self, summary);
  g_task_set_task_data (lookup, data, (GDestroyNotify)earlier_data_free);
  set_busy (self, TRUE);
  g_task_run_in_thread (lookup, open_earlier_thread);
}

/* Whether @summary was taken on other bytes of the quiz than the session's: with the versions
 * kept, it is shown against its own. */
static gboolean
of_other_content (ImtehanSession        *self,
                  ImtehanAttemptSummary *summary)
{
  const char *digest = imtehan_attempt_summary_get_quiz_digest (summary);

  if (_imtehan_session_of_other_version (self, summary))
    return TRUE;
  return digest != NULL && *digest != '\0' &&
         g_ascii_strcasecmp (digest, imtehan_quiz_get_digest (self->quiz)) != 0;
}

/* Locks (if it is unfinished) and loads the attempt of @summary on the store's worker, after
 * the saves queued before. */
static void
claim (ImtehanSession        *self,
       ImtehanAttemptSummary *summary,
       GTask                 *task)
{
  set_busy (self, TRUE);
  imtehan_store_claim_async (self->store, summary, self->quiz, self->cancellable, claim_cb, task);
}

/* Whether an attempt is being locked and loaded to be resumed or opened. */
gboolean
imtehan_session_get_busy (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), FALSE);
  return self->busy;
}

/**
 * imtehan_session_resume_async:
 * @language: the language the quiz is shown in now
 *
 * Goes on with the attempt in progress, or locks and loads the newest unfinished one of the
 * history that no one else has open. Fails with %G_IO_ERROR_PENDING while another is being
 * loaded, %G_IO_ERROR_NOT_FOUND when there is none, %G_IO_ERROR_BUSY when another process
 * took it since the listing, or with why its file cannot be read.
 */
void
imtehan_session_resume_async (ImtehanSession      *self,
                              const char          *language,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(ImtehanAttemptSummary) summary = NULL;
  ClaimData *data;

  g_return_if_fail (IMTEHAN_IS_SESSION (self));

  task = g_task_new (self, self->cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_session_resume_async);
  if (self->busy)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                               "Another attempt is being opened");
      return;
    }
  if (self->in_progress)
    {
      if (language != NULL)
        imtehan_attempt_set_language (self->attempt, language);
      g_task_return_pointer (task, g_object_ref (self->attempt), g_object_unref);
      return;
    }
  summary = _imtehan_session_find_resumable (self);
  if (summary == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _("There is no unfinished attempt"));
      return;
    }
  data = g_new0 (ClaimData, 1);
  data->language = g_strdup (language);
  data->resume = TRUE;
  g_task_set_task_data (task, data, (GDestroyNotify)claim_data_free);
  claim (self, summary, g_steal_pointer (&task));
}

/**
 * imtehan_session_resume_finish:
 *
 * Returns: (transfer full): the attempt, now in progress
 */
ImtehanAttempt *
imtehan_session_resume_finish (ImtehanSession  *self,
                               GAsyncResult    *result,
                               GError         **error)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * imtehan_session_open_async:
 * @attempt_id: the id of an attempt of the history
 *
 * Opens an attempt of the history: an unfinished one becomes the attempt in progress (locked
 * first, so that no one else writes it), a finished one is only loaded, to be shown. The
 * attempt in memory is the one opened when it has that id: its file may be behind it. Fails
 * as imtehan_session_resume_async() does.
 */
void
imtehan_session_open_async (ImtehanSession      *self,
                            const char          *attempt_id,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  guint n;

  g_return_if_fail (IMTEHAN_IS_SESSION (self));
  g_return_if_fail (attempt_id != NULL);

  task = g_task_new (self, self->cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_session_open_async);
  if (self->busy)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                               "Another attempt is being opened");
      return;
    }
  if (self->attempt != NULL && g_str_equal (imtehan_attempt_get_id (self->attempt), attempt_id))
    {
      g_task_return_pointer (task, g_object_ref (self->attempt), g_object_unref);
      return;
    }

  n = g_list_model_get_n_items (G_LIST_MODEL (self->history));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ImtehanAttemptSummary) summary = g_list_model_get_item (G_LIST_MODEL (self->history), i);

      if (!g_str_equal (imtehan_attempt_summary_get_id (summary), attempt_id))
        continue;
      /* Only a finished attempt is shown against its own version: one left unfinished on
       * other questions can no longer be finished. */
      if (_imtehan_session_of_other_version (self, summary) && !imtehan_attempt_summary_get_finished (summary))
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                 _("It was begun on version %u of this quiz, whose questions "
                                   "have changed since, and can no longer be finished; its "
                                   "file is kept"),
                                 imtehan_attempt_summary_get_quiz_version (summary));
      else if (self->versions != NULL && imtehan_attempt_summary_get_finished (summary) &&
               of_other_content (self, summary))
        open_earlier (self, summary, g_steal_pointer (&task));
      else if (_imtehan_session_of_other_version (self, summary))
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                 _("It was taken on version %u of this quiz, whose questions "
                                   "have changed since; its file is kept"),
                                 imtehan_attempt_summary_get_quiz_version (summary));
      else
        {
          g_task_set_task_data (task, g_new0 (ClaimData, 1), (GDestroyNotify)claim_data_free);
          claim (self, summary, g_steal_pointer (&task));
        }
      return;
    }
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("It is no longer in the results folder"));
}

/**
 * imtehan_session_open_finish:
 *
 * Returns: (transfer full): the attempt; in progress if it is unfinished
 */
ImtehanAttempt *
imtehan_session_open_finish (ImtehanSession  *self,
                             GAsyncResult    *result,
                             GError         **error)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
