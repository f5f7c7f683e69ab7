/* imtehan-session-save.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session's saving: the attempt is saved after every answer; while saving fails, every
 * unsaved attempt is kept and saved again.
 */

#define G_LOG_DOMAIN "imtehan-session"

#include "config.h"

#include "imtehan-intl-private.h"
#include "imtehan-session-private.h"
#include "imtehan-store.h"

/* While saving fails (a full disk, a read-only or unplugged share), every unsaved attempt is
 * saved again this often, as well as on every answer and on imtehan_session_retry_saves(). */
#define SAVE_RETRY_SECONDS 10

typedef struct
{
  ImtehanSession *session;
  ImtehanAttempt *attempt;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_clear_object (&data->session);
  g_clear_object (&data->attempt);
  g_free (data);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SaveData, save_data_free)

static gboolean
retry_saves_cb (gpointer user_data)
{
  imtehan_session_retry_saves (user_data);
  return G_SOURCE_CONTINUE;
}

static void
set_save_error (ImtehanSession *self,
                GError         *error)
{
  g_clear_error (&self->save_error);
  self->save_error = error;
  if (error != NULL && self->retry_source == 0)
    self->retry_source = g_timeout_add_seconds (SAVE_RETRY_SECONDS, retry_saves_cb, self);
  else if (error == NULL)
    g_clear_handle_id (&self->retry_source, g_source_remove);
  g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_SAVE_ERROR]);
}

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(SaveData) data = user_data;
  ImtehanSession *self = data->session;
  g_autoptr(GError) error = NULL;
  gboolean saved = imtehan_store_save_finish (IMTEHAN_STORE (object), result, &error);

  /* Disposed: nobody left to tell. */
  if (self->unsaved == NULL)
    return;

  if (saved)
    {
      g_ptr_array_remove (self->unsaved, data->attempt);
      if (self->save_error != NULL && self->unsaved->len == 0)
        {
          set_save_error (self, NULL);
          g_signal_emit (self, _imtehan_session_signals[NOTICE], 0, _("Your answers are saved again"));
        }
      return;
    }

  /* Logged once per failure, not on every retry; the attempt stays in memory. */
  if (self->save_error == NULL)
    g_warning ("Could not save the attempt: %s", error->message);
  else
    g_debug ("Still cannot save the attempt: %s", error->message);
  if (!g_ptr_array_find (self->unsaved, data->attempt, NULL))
    g_ptr_array_add (self->unsaved, g_object_ref (data->attempt));
  set_save_error (self, g_steal_pointer (&error));
}

void
_imtehan_session_save (ImtehanSession *self,
      ImtehanAttempt *attempt)
{
  SaveData *data = g_new0 (SaveData, 1);

  data->session = g_object_ref (self);
  data->attempt = g_object_ref (attempt);
  imtehan_store_save_async (self->store, attempt, NULL, save_cb, data);
}

/* Saved after every answer, so that a crash or a power cut loses at most this one; and after
 * every move, so that a resumed attempt opens where the learner was. */
void
_imtehan_session_attempt_changed_cb (ImtehanSession *self)
{
  if (self->attempt != NULL)
    _imtehan_session_save (self, self->attempt);
}

static void
lock_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autofree char *attempt_id = user_data;
  g_autoptr(GError) error = NULL;

  if (!imtehan_store_lock_finish (IMTEHAN_STORE (object), result, &error))
    g_debug ("Could not lock attempt %s: %s", attempt_id, error->message);
}

void
_imtehan_session_set_attempt (ImtehanSession *self,
             ImtehanAttempt *attempt)
{
  if (self->attempt == attempt)
    return;
  g_clear_handle_id (&self->deadline_source, g_source_remove);
  if (self->attempt != NULL)
    imtehan_store_unlock (self->store, imtehan_attempt_get_id (self->attempt));
  g_set_object (&self->attempt, attempt);
  /* Held while the attempt is ours: no other process resumes it and writes its file. Taken
   * on the store's worker, before the saves queued after this; a claimed attempt has it
   * already. */
  if (attempt != NULL)
    imtehan_store_lock_async (self->store, imtehan_attempt_get_id (attempt), NULL, lock_cb,
                              g_strdup (imtehan_attempt_get_id (attempt)));
  g_signal_group_set_target (self->attempt_signals, attempt);
  g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_ATTEMPT]);
  g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_DEADLINE]);
  _imtehan_session_update_state (self);
}

/**
 * imtehan_session_get_save_error:
 *
 * Returns: (nullable): why the last save failed, while an attempt is not on disk
 */
const GError *
imtehan_session_get_save_error (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  return self->save_error;
}

/* The attempts whose answers exist only in memory: closing now would lose them. */
guint
imtehan_session_get_n_unsaved (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), 0);
  return self->unsaved != NULL ? self->unsaved->len : 0;
}

void
imtehan_session_retry_saves (ImtehanSession *self)
{
  g_return_if_fail (IMTEHAN_IS_SESSION (self));

  for (guint i = 0; i < self->unsaved->len; i++)
    _imtehan_session_save (self, g_ptr_array_index (self->unsaved, i));
}
