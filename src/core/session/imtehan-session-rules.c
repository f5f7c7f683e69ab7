/* imtehan-session-rules.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lab's rules about learners: what counts as a name, how many attempts a learner has
 * taken and has left under the attempts allowed.
 */

#define G_LOG_DOMAIN "imtehan-session"

#include "config.h"

#include "imtehan-session-private.h"
#include "imtehan-text.h"

/* Whether @name is a name at all: something is left after trimming white space (Unicode's,
 * not only ASCII's: a no-break space or an Urdu text's stray RLM is no name). */
gboolean
imtehan_session_learner_is_valid (const char *name)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!g_unichar_isspace (c) && g_unichar_type (c) != G_UNICODE_FORMAT &&
          g_unichar_type (c) != G_UNICODE_SPACE_SEPARATOR && g_unichar_type (c) != G_UNICODE_CONTROL)
        return TRUE;
    }
  return FALSE;
}

/**
 * imtehan_session_count_attempts:
 * @learner: a learner's name, as typed
 *
 * The attempts of this quiz under @learner in the results folder as last listed (finished or
 * not, exam or practice), plus the one in progress if the listing does not have it yet; names
 * are the same after trimming and case folding (imtehan_attempt_summary_is_by_learner()). For
 * the lab's "attempts allowed", which is a soft check: anyone can type another name.
 */
guint
imtehan_session_count_attempts (ImtehanSession *self,
                                const char     *learner)
{
  g_autofree char *key = NULL;
  GListModel *history;
  gboolean has_current = FALSE;
  guint n, count = 0;

  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), 0);
  g_return_val_if_fail (learner != NULL, 0);

  history = G_LIST_MODEL (self->history);
  n = g_list_model_get_n_items (history);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ImtehanAttemptSummary) summary = g_list_model_get_item (history, i);

      if (imtehan_attempt_summary_is_by_learner (summary, learner))
        count++;
      if (self->attempt != NULL &&
          g_str_equal (imtehan_attempt_summary_get_id (summary),
                       imtehan_attempt_get_id (self->attempt)))
        has_current = TRUE;
    }

  key = imtehan_learner_key (learner);
  if (self->attempt != NULL && !has_current)
    {
      g_autofree char *current = imtehan_learner_key (imtehan_attempt_get_learner (self->attempt));

      if (g_str_equal (current, key))
        count++;
    }
  return count;
}

guint
imtehan_session_get_attempts_allowed (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), 0);
  return self->attempts_allowed;
}

/* The lab's attempts allowed per learner and quiz, 0 for no limit: read at every Start. */
void
imtehan_session_set_attempts_allowed (ImtehanSession *self,
                                      guint           allowed)
{
  g_return_if_fail (IMTEHAN_IS_SESSION (self));

  if (self->attempts_allowed == allowed)
    return;
  self->attempts_allowed = allowed;
  g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_ATTEMPTS_ALLOWED]);
}

/**
 * imtehan_session_get_attempts_left:
 * @learner: (nullable): a learner's name, as typed; %NULL for the session's learner
 *
 * How many more attempts @learner may start under #ImtehanSession:attempts-allowed, counted
 * by imtehan_session_count_attempts(): a soft rule, as anyone can type another name.
 *
 * Returns: the attempts left, or %G_MAXUINT when there is no limit
 */
guint
imtehan_session_get_attempts_left (ImtehanSession *self,
                                   const char     *learner)
{
  guint used;

  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), 0);

  if (self->attempts_allowed == 0)
    return G_MAXUINT;
  used = imtehan_session_count_attempts (self, learner ? learner : imtehan_session_get_learner (self));
  return used < self->attempts_allowed ? self->attempts_allowed - used : 0;
}

/* Whether @learner (%NULL: the session's) may start another attempt now. */
gboolean
imtehan_session_may_start (ImtehanSession *self,
                           const char     *learner)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), FALSE);
  return imtehan_session_get_attempts_left (self, learner) > 0;
}
