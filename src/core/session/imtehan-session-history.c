/* imtehan-session-history.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session's listing of the results folder: the quiz's history, every attempt of the
 * folder (the library's scores), the attempt to resume and the learner's record.
 */

#define G_LOG_DOMAIN "imtehan-session"

#include "config.h"

#include "imtehan-intl-private.h"
#include "imtehan-quiz.h"
#include "imtehan-session-private.h"
#include "imtehan-store.h"

/* An attempt of another version of the quiz cannot be shown or answered with this one: its
 * answers are to questions that have changed. 0 is a file that did not say. */
gboolean
_imtehan_session_of_other_version (ImtehanSession        *self,
                  ImtehanAttemptSummary *summary)
{
  guint version = imtehan_attempt_summary_get_quiz_version (summary);

  return version != 0 && version != imtehan_quiz_get_version (self->quiz);
}

ImtehanAttemptSummary *
_imtehan_session_find_resumable (ImtehanSession *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->history));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ImtehanAttemptSummary) summary = g_list_model_get_item (G_LIST_MODEL (self->history), i);

      /* One that another instance or PC had open when the folder was listed is theirs to
       * finish; the listing found that out on the store's worker, since a lab share can take
       * seconds to answer. */
      if (!imtehan_attempt_summary_get_finished (summary) &&
          !imtehan_attempt_summary_get_locked_elsewhere (summary) &&
          !_imtehan_session_of_other_version (self, summary))
        return g_steal_pointer (&summary);
    }
  return NULL;
}

static gboolean
same_summary (ImtehanAttemptSummary *a,
              ImtehanAttemptSummary *b)
{
  return g_str_equal (imtehan_attempt_summary_get_id (a), imtehan_attempt_summary_get_id (b)) &&
         imtehan_attempt_summary_get_finished (a) == imtehan_attempt_summary_get_finished (b) &&
         imtehan_attempt_summary_get_score (a) == imtehan_attempt_summary_get_score (b) &&
         imtehan_attempt_summary_get_marks (a) == imtehan_attempt_summary_get_marks (b) &&
         imtehan_attempt_summary_get_total (a) == imtehan_attempt_summary_get_total (b) &&
         imtehan_attempt_summary_get_n_answered (a) == imtehan_attempt_summary_get_n_answered (b) &&
         imtehan_attempt_summary_get_quiz_version (a) == imtehan_attempt_summary_get_quiz_version (b) &&
         imtehan_attempt_summary_get_locked_elsewhere (a) ==
           imtehan_attempt_summary_get_locked_elsewhere (b) &&
         g_strcmp0 (imtehan_attempt_summary_get_language (a),
                    imtehan_attempt_summary_get_language (b)) == 0 &&
         g_strcmp0 (imtehan_attempt_summary_get_learner (a),
                    imtehan_attempt_summary_get_learner (b)) == 0;
}

/* Replaces only what changed, usually a new or a changed attempt at the top: the history is
 * listed again at every return to the start, and the lists showing it build a row for every
 * item replaced. */
static void
replace_summaries (GListStore             *store,
                   ImtehanAttemptSummary **items,
                   guint                   n_items)
{
  GListModel *model = G_LIST_MODEL (store);
  guint n_old = g_list_model_get_n_items (model);
  guint prefix = 0, suffix = 0;

  while (prefix < n_old && prefix < n_items)
    {
      g_autoptr(ImtehanAttemptSummary) old = g_list_model_get_item (model, prefix);

      if (!same_summary (old, items[prefix]))
        break;
      prefix++;
    }
  while (suffix < n_old - prefix && suffix < n_items - prefix)
    {
      g_autoptr(ImtehanAttemptSummary) old = g_list_model_get_item (model, n_old - 1 - suffix);

      if (!same_summary (old, items[n_items - 1 - suffix]))
        break;
      suffix++;
    }
  if (prefix == n_old && prefix == n_items)
    return;
  g_list_store_splice (store, prefix, n_old - prefix - suffix,
                       (gpointer *)items + prefix, n_items - prefix - suffix);
}

static void
history_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(ImtehanSession) self = user_data;
  g_autoptr(GPtrArray) summaries = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) mine = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;

  summaries = imtehan_store_list_finish (IMTEHAN_STORE (object), result, &problems, &error);
  if (summaries == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *message = g_strdup_printf (_("Past results could not be read: %s"),
                                                      error->message);
          g_signal_emit (self, _imtehan_session_signals[NOTICE], 0, message);
        }
      return;
    }

  if (problems != NULL && problems->len > 0)
    {
      g_autofree char *message = imtehan_store_describe_problems (self->store, problems);

      g_signal_emit (self, _imtehan_session_signals[NOTICE], 0, message);
    }

  for (guint i = 0; i < summaries->len; i++)
    {
      ImtehanAttemptSummary *summary = g_ptr_array_index (summaries, i);

      if (g_strcmp0 (imtehan_attempt_summary_get_quiz_id (summary),
                     imtehan_quiz_get_id (self->quiz)) == 0)
        g_ptr_array_add (mine, summary);
    }
  replace_summaries (self->folder, (ImtehanAttemptSummary **)summaries->pdata, summaries->len);
  replace_summaries (self->history, (ImtehanAttemptSummary **)mine->pdata, mine->len);
  _imtehan_session_update_state (self);
  g_signal_emit (self, _imtehan_session_signals[HISTORY_LOADED], 0);
}

/**
 * imtehan_session_get_history:
 *
 * Returns: (transfer none): the quiz's attempts in the results folder, as
 *   #ImtehanAttemptSummary, newest first, as of the last listing
 */
GListModel *
imtehan_session_get_history (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  return G_LIST_MODEL (self->history);
}

/**
 * imtehan_session_get_folder:
 *
 * Every attempt of the results folder as last listed, of any quiz, newest first: the
 * library's best and last scores. The session's listing fills it with the history.
 *
 * Returns: (transfer none): a #GListModel of #ImtehanAttemptSummary
 */
GListModel *
imtehan_session_get_folder (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  return G_LIST_MODEL (self->folder);
}

/* Lists the results folder on the store's worker; the history follows when it is read. */
void
imtehan_session_reload_history (ImtehanSession *self)
{
  g_return_if_fail (IMTEHAN_IS_SESSION (self));

  imtehan_store_list_async (self->store, self->cancellable, history_cb, g_object_ref (self));
}

/* Whether an attempt can be resumed: the one in progress, or an unfinished one of the history
 * that no other instance or PC has open. */
gboolean
imtehan_session_get_can_resume (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), FALSE);
  return self->can_resume;
}

/**
 * imtehan_session_get_record:
 * @best: (out) (optional): the best marks of a finished attempt, partial credit included
 * @best_total: (out) (optional): its number of questions
 * @last: (out) (optional): the marks of the newest finished attempt
 * @last_total: (out) (optional): its number of questions
 *
 * The best is the highest share of the marks, the first (newest) of equals.
 *
 * Returns: whether the history has a finished attempt; the scores are 0 otherwise
 */
gboolean
imtehan_session_get_record (ImtehanSession *self,
                            double         *best,
                            guint          *best_total,
                            double         *last,
                            guint          *last_total)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), FALSE);

  return imtehan_attempt_summaries_get_record (G_LIST_MODEL (self->history), NULL, best,
                                               best_total, last, last_total);
}
