/* imtehan-store-claim.c: loading an attempt, and claiming it to resume it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-store"

#include "config.h"

#include "imtehan-attempt.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-quiz.h"
#include "imtehan-store.h"
#include "imtehan-store-private.h"

ImtehanAttempt *
imtehan_store_load (ImtehanStore          *self,
                    ImtehanAttemptSummary *summary,
                    ImtehanQuiz           *quiz,
                    GCancellable          *cancellable,
                    GError               **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *display = NULL;
  GFile *file;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (summary), NULL);

  file = imtehan_attempt_summary_get_file (summary);
  display = g_file_get_parse_name (file);
  if (!(bytes = imtehan_key_file_load_bytes (file, IMTEHAN_ATTEMPT_MAX_SIZE,
                                             cancellable, error)))
    return NULL;
  return imtehan_attempt_new_from_bytes (quiz, bytes, display, error);
}

typedef struct
{
  ImtehanStore   *store;
  char           *attempt_id;
  ImtehanAttempt *attempt;
  gboolean        locked;  /* by the claim, and not handed over yet */
} ClaimResult;

/* A claim whose result nobody took (the window went away, the callback was cancelled)
 * gives its lock back: otherwise no other process could resume that attempt until this one
 * quits. */
static void
claim_result_free (ClaimResult *claim)
{
  if (claim->locked)
    imtehan_store_unlock (claim->store, claim->attempt_id);
  g_clear_object (&claim->attempt);
  g_clear_pointer (&claim->attempt_id, g_free);
  g_clear_object (&claim->store);
  g_free (claim);
}

typedef struct
{
  ImtehanAttemptSummary *summary;
  ImtehanQuiz           *quiz;
} ClaimData;

static void
claim_data_free (ClaimData *data)
{
  g_clear_object (&data->summary);
  g_clear_object (&data->quiz);
  g_free (data);
}

void
imtehan_store_claim_thread (GTask *task_owned)
{
  g_autoptr(GTask) task = task_owned;
  ImtehanStore *self = g_task_get_source_object (task);
  ClaimData *data = g_task_get_task_data (task);
  const char *attempt_id = imtehan_attempt_summary_get_id (data->summary);
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(GError) error = NULL;
  ClaimResult *claim;
  gboolean locked = FALSE;

  if (g_task_return_error_if_cancelled (task))
    return;

  if (!imtehan_attempt_summary_get_finished (data->summary) &&
      !imtehan_store_take_lock (self, attempt_id, &locked, &error))
    {
      g_autoptr(GFile) parent = g_file_get_parent (imtehan_attempt_summary_get_file (data->summary));

      /* Only this PC has it, and the lock's folder is away: resumed without the lock, which
       * only another PC could contend for, and no other PC can see the attempt yet. */
      if (self->pending_directory == NULL ||
          g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY) ||
          !g_file_equal (parent, self->pending_directory))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      g_debug ("Resuming %s from this computer's copy without a lock: %s", attempt_id,
               error->message);
      g_clear_error (&error);
    }

  attempt = imtehan_store_load (self, data->summary, data->quiz, g_task_get_cancellable (task),
                                &error);
  /* A lock taken here is given back if the load fails; and a finished attempt is never
   * written again, so it needs none. */
  if (locked && (attempt == NULL || imtehan_attempt_get_finished (attempt)))
    {
      imtehan_store_release_lock (self, attempt_id);
      locked = FALSE;
    }
  if (attempt == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  claim = g_new0 (ClaimResult, 1);
  claim->store = g_object_ref (self);
  claim->attempt_id = g_strdup (attempt_id);
  claim->attempt = g_steal_pointer (&attempt);
  claim->locked = locked;
  g_task_return_pointer (task, claim, (GDestroyNotify)claim_result_free);
}

/**
 * imtehan_store_claim_async:
 *
 * Makes the attempt of @summary this process's own, on the store's worker, after the saves
 * queued before: an unfinished attempt is locked (as imtehan_store_lock() does), then the
 * attempt is loaded. No file I/O happens on the calling thread.
 *
 * The lock is checked again here, whatever the summary said when the folder was listed: if
 * another process holds it, the claim fails with %G_IO_ERROR_BUSY. If the load fails, a
 * lock taken by the claim is released; errors are those of imtehan_store_load().
 */
void
imtehan_store_claim_async (ImtehanStore          *self,
                           ImtehanAttemptSummary *summary,
                           ImtehanQuiz           *quiz,
                           GCancellable          *cancellable,
                           GAsyncReadyCallback    callback,
                           gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  ClaimData *data;

  g_return_if_fail (IMTEHAN_IS_STORE (self));
  g_return_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (summary));
  g_return_if_fail (IMTEHAN_IS_QUIZ (quiz));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_store_claim_async);
  data = g_new0 (ClaimData, 1);
  data->summary = g_object_ref (summary);
  data->quiz = g_object_ref (quiz);
  g_task_set_task_data (task, data, (GDestroyNotify)claim_data_free);

  g_thread_pool_push (self->writer, g_steal_pointer (&task), NULL);
}

/**
 * imtehan_store_claim_finish:
 *
 * Returns: (transfer full): the attempt; if it is unfinished, this store holds its lock
 *   until imtehan_store_unlock()
 */
ImtehanAttempt *
imtehan_store_claim_finish (ImtehanStore  *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  ClaimResult *claim;
  ImtehanAttempt *attempt;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  if (!(claim = g_task_propagate_pointer (G_TASK (result), error)))
    return NULL;
  attempt = g_steal_pointer (&claim->attempt);
  claim->locked = FALSE;
  claim_result_free (claim);
  return attempt;
}

