/* imtehan-session-deadline.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The time limit of the session's attempts: the deadline of the attempt in progress, and
 * submitting it when the time is up.
 */

#define G_LOG_DOMAIN "imtehan-session"

#include "config.h"

#include "imtehan-session-private.h"
#include "imtehan-store.h"

GDateTime *
_imtehan_session_get_deadline (ImtehanSession *self)
{
  if (!self->in_progress)
    return NULL;
  return imtehan_attempt_get_deadline (self->attempt);
}

/* Microseconds from now to the deadline, by the wall clock the deadline was fixed with; 0 or
 * less once it has passed. */
gint64
_imtehan_session_usec_left (GDateTime *deadline)
{
  return g_date_time_to_unix (deadline) * G_USEC_PER_SEC - g_get_real_time ();
}

/* Finishes the attempt in progress because its time is up: what was answered is submitted,
 * saved like any submission, and the window is told why (::time-up). */
void
_imtehan_session_time_up (ImtehanSession *self)
{
  g_autoptr(ImtehanAttempt) attempt = g_object_ref (self->attempt);

  g_clear_handle_id (&self->deadline_source, g_source_remove);
  /* The window gives what is being typed, which otherwise waits for a pause. */
  g_signal_emit (self, _imtehan_session_signals[TIME_RUNNING_OUT], 0);
  imtehan_attempt_finish_with_reason (attempt, IMTEHAN_FINISH_REASON_TIME_UP);
  _imtehan_session_save (self, attempt);
  _imtehan_session_update_state (self);
  imtehan_session_reload_history (self);
  g_signal_emit (self, _imtehan_session_signals[TIME_UP], 0, attempt);
}

static gboolean
deadline_cb (gpointer user_data)
{
  ImtehanSession *self = user_data;
  GDateTime *deadline = _imtehan_session_get_deadline (self);

  self->deadline_source = 0;
  /* The wall clock may have been set back since the timeout was scheduled (the main loop's
   * is monotonic): then it is not time yet, and the wait starts again. */
  if (deadline != NULL && _imtehan_session_usec_left (deadline) > 0)
    _imtehan_session_update_deadline (self);
  else if (deadline != NULL)
    _imtehan_session_time_up (self);
  return G_SOURCE_REMOVE;
}

/* A timeout on the main loop for the deadline of the attempt in progress; none otherwise. */
void
_imtehan_session_update_deadline (ImtehanSession *self)
{
  GDateTime *deadline = _imtehan_session_get_deadline (self);
  gint64 left;

  if (deadline == NULL)
    {
      g_clear_handle_id (&self->deadline_source, g_source_remove);
      return;
    }
  if (self->deadline_source != 0)
    return;
  left = MAX (_imtehan_session_usec_left (deadline), 0);
  /* Rounded up: woken a little early, it would only wait again. */
  self->deadline_source = g_timeout_add_full (G_PRIORITY_DEFAULT,
                                              (guint)MIN ((left + 999) / 1000, G_MAXUINT),
                                              deadline_cb, self, NULL);
}

guint
imtehan_session_get_time_limit (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), 0);
  return self->time_limit;
}

/**
 * imtehan_session_set_time_limit:
 * @seconds: the time allowed for attempts started from now on, or 0 for none
 */
void
imtehan_session_set_time_limit (ImtehanSession *self,
                                guint           seconds)
{
  g_return_if_fail (IMTEHAN_IS_SESSION (self));
  g_return_if_fail (seconds <= G_MAXINT);

  if (self->time_limit == seconds)
    return;
  self->time_limit = seconds;
  g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_TIME_LIMIT]);
}

/**
 * imtehan_session_get_deadline:
 *
 * Returns: (nullable) (transfer none): when the attempt in progress will be submitted by
 *   itself; %NULL without a time limit or an attempt in progress
 */
GDateTime *
imtehan_session_get_deadline (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  return _imtehan_session_get_deadline (self);
}

/**
 * imtehan_session_get_remaining_seconds:
 *
 * For the countdown: whole seconds left until the deadline, rounded up (so 0 only once it is
 * reached), or -1 when there is no deadline.
 */
gint64
imtehan_session_get_remaining_seconds (ImtehanSession *self)
{
  GDateTime *deadline;
  gint64 left;

  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), -1);

  if ((deadline = _imtehan_session_get_deadline (self)) == NULL)
    return -1;
  left = _imtehan_session_usec_left (deadline);
  return left <= 0 ? 0 : (left + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC;
}
