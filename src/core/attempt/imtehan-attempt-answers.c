/* imtehan-attempt-answers.c: an attempt's answers, checking them, finishing, the score
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-attempt"

#include "config.h"

#include "imtehan-attempt-class-private.h"
#include "imtehan-quiz.h"
#include "imtehan-text.h"

/**
 * imtehan_attempt_choose:
 * @choice_id: (nullable): a choice of the question, or %NULL to clear the answer
 *
 * imtehan_attempt_respond() for a single-choice question.
 */
gboolean
imtehan_attempt_choose (ImtehanAttempt *self,
                        guint           index,
                        const char     *choice_id)
{
  return imtehan_attempt_respond (self, index, choice_id);
}

/**
 * imtehan_attempt_respond:
 * @response: (nullable): a response the question can be given (imtehan_question_response_is_valid()),
 *   or %NULL to clear the answer
 *
 * Returns: %FALSE if the attempt is finished, the question's answer has been checked
 *   (practice) and @response is another, or @response is not one the question can be given
 */
gboolean
imtehan_attempt_respond (ImtehanAttempt *self,
                         guint           index,
                         const char     *response)
{
  ImtehanAttemptSlot *slot;
  gboolean was_answered;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  g_return_val_if_fail (index < self->n_slots, FALSE);

  if (self->finished_at != NULL)
    return FALSE;
  if (response != NULL &&
      !imtehan_question_response_is_valid (imtehan_quiz_get_question (self->quiz, index), response))
    return FALSE;

  slot = &self->slots[index];
  if (g_strcmp0 (slot->answer, response) == 0)
    return TRUE;
  /* Practice shows right or wrong once checked: changing the answer then would be a free
   * second try. */
  if (slot->checked)
    return FALSE;

  was_answered = slot->answer != NULL;
  imtehan_set_str (&slot->answer, response);
  if (was_answered != (response != NULL))
    {
      self->n_answered += response ? 1 : -1;
      g_object_notify_by_pspec (G_OBJECT (self), imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_N_ANSWERED]);
    }
  g_signal_emit (self, imtehan_attempt_signals[IMTEHAN_ATTEMPT_SIGNAL_ANSWER_CHANGED], 0, index);
  return TRUE;
}

const char *
imtehan_attempt_get_answer (ImtehanAttempt *self,
                            guint           index)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);
  g_return_val_if_fail (index < self->n_slots, NULL);
  return self->slots[index].answer;
}

/**
 * imtehan_attempt_check:
 *
 * Checks the answer of question @index in a practice attempt: from now on the learner is
 * shown whether it is right, with the explanation, and it can no longer be changed.
 *
 * Returns: %FALSE in an exam, for an unanswered question, or when the attempt is finished;
 *   %TRUE if it is (now) checked
 */
gboolean
imtehan_attempt_check (ImtehanAttempt *self,
                       guint           index)
{
  ImtehanAttemptSlot *slot;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  g_return_val_if_fail (index < self->n_slots, FALSE);

  slot = &self->slots[index];
  if (slot->checked)
    return TRUE;
  if (self->mode != IMTEHAN_MODE_PRACTICE || self->finished_at != NULL || slot->answer == NULL)
    return FALSE;
  slot->checked = TRUE;
  g_signal_emit (self, imtehan_attempt_signals[IMTEHAN_ATTEMPT_SIGNAL_ANSWER_CHECKED], 0, index);
  return TRUE;
}

gboolean
imtehan_attempt_is_checked (ImtehanAttempt *self,
                            guint           index)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  g_return_val_if_fail (index < self->n_slots, FALSE);
  return self->slots[index].checked;
}

gboolean
imtehan_attempt_is_correct (ImtehanAttempt *self,
                            guint           index)
{
  ImtehanQuestion *question;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  g_return_val_if_fail (index < self->n_slots, FALSE);

  question = imtehan_quiz_get_question (self->quiz, index);
  return imtehan_question_grade (question, self->slots[index].answer) >= 1;
}

/* The fraction of question @index's mark its answer earns, 0 to 1, also in progress. */
double
imtehan_attempt_get_fraction (ImtehanAttempt *self,
                              guint           index)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), 0);
  g_return_val_if_fail (index < self->n_slots, 0);

  return imtehan_question_grade (imtehan_quiz_get_question (self->quiz, index),
                                 self->slots[index].answer);
}

guint
imtehan_attempt_get_n_answered (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), 0);
  return self->n_answered;
}

gboolean
imtehan_attempt_get_finished (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  return self->finished_at != NULL;
}

/* Returns: %FALSE if it was already finished */
gboolean
imtehan_attempt_finish (ImtehanAttempt *self)
{
  return imtehan_attempt_finish_with_reason (self, IMTEHAN_FINISH_REASON_SUBMITTED);
}

/**
 * imtehan_attempt_finish_with_reason:
 * @reason: %IMTEHAN_FINISH_REASON_SUBMITTED or %IMTEHAN_FINISH_REASON_TIME_UP
 *
 * Returns: %FALSE if it was already finished (its reason stays)
 */
gboolean
imtehan_attempt_finish_with_reason (ImtehanAttempt      *self,
                                    ImtehanFinishReason  reason)
{
  g_autoptr(GDateTime) now = NULL;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  g_return_val_if_fail (reason == IMTEHAN_FINISH_REASON_SUBMITTED ||
                        reason == IMTEHAN_FINISH_REASON_TIME_UP, FALSE);

  if (self->finished_at != NULL)
    return FALSE;

  now = g_date_time_new_now_utc ();
  self->finished_at = g_date_time_new_utc (g_date_time_get_year (now),
                                           g_date_time_get_month (now),
                                           g_date_time_get_day_of_month (now),
                                           g_date_time_get_hour (now),
                                           g_date_time_get_minute (now),
                                           g_date_time_get_second (now));
  self->finish_reason = reason;
  g_object_notify_by_pspec (G_OBJECT (self), imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_FINISH_REASON]);
  g_object_notify_by_pspec (G_OBJECT (self), imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_FINISHED]);
  g_object_notify_by_pspec (G_OBJECT (self), imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_SCORE]);
  return TRUE;
}

/* %IMTEHAN_FINISH_REASON_NONE while it is in progress. */
ImtehanFinishReason
imtehan_attempt_get_finish_reason (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), IMTEHAN_FINISH_REASON_NONE);
  return self->finish_reason;
}

/* The questions of a finished attempt answered for their full mark; 0 while it is in
 * progress, so that nobody shows a partial score as if it were a result. */
guint
imtehan_attempt_get_score (ImtehanAttempt *self)
{
  guint score = 0;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), 0);

  if (self->finished_at == NULL)
    return 0;
  for (guint i = 0; i < self->n_slots; i++)
    if (imtehan_attempt_is_correct (self, i))
      score++;
  return score;
}


/* The marks of a finished attempt: the sum of its questions' fractions (partial credit
 * included); 0 while it is in progress. */
double
imtehan_attempt_get_marks (ImtehanAttempt *self)
{
  double marks = 0;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), 0);

  if (self->finished_at == NULL)
    return 0;
  for (guint i = 0; i < self->n_slots; i++)
    marks += imtehan_attempt_get_fraction (self, i);
  return marks;
}
