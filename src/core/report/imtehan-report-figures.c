/* imtehan-report-figures.c: which of a report's attempts count, and their statistics
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include "imtehan-quiz.h"
#include "imtehan-report-figures.h"

gboolean
imtehan_report_attempt_is_listed (ImtehanReportAttempt *attempt,
                                  ImtehanReportInclude  include)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (attempt), FALSE);

  return imtehan_report_attempt_get_status (attempt) == IMTEHAN_REPORT_STATUS_COUNTED &&
         (imtehan_report_attempt_get_mode (attempt) == IMTEHAN_MODE_EXAM ||
          (include & IMTEHAN_REPORT_INCLUDE_PRACTICE) != 0);
}

gboolean
imtehan_report_attempt_in_statistics (ImtehanReportAttempt *attempt,
                                      ImtehanReportInclude  include)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (attempt), FALSE);

  return imtehan_report_attempt_is_listed (attempt, include) &&
         imtehan_report_attempt_get_finished (attempt);
}

/**
 * imtehan_report_quiz_compute_stats:
 *
 * Returns: (transfer full): the figures, with n_attempts 0 when no attempt is in the
 *   statistics (each figure then NAN, each count 0)
 */
ImtehanStats *
imtehan_report_quiz_compute_stats (ImtehanReportQuiz    *quiz,
                                   ImtehanReportInclude  include)
{
  g_autoptr(ImtehanStatsInput) input = NULL;
  ImtehanQuiz *content;
  GListModel *attempts;
  guint n_questions;

  g_return_val_if_fail (IMTEHAN_IS_REPORT_QUIZ (quiz), NULL);

  content = imtehan_report_quiz_get_quiz (quiz);
  attempts = imtehan_report_quiz_get_attempts (quiz);
  n_questions = imtehan_quiz_get_n_questions (content);
  input = imtehan_stats_input_new (n_questions);

  for (guint q = 0; q < n_questions; q++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (content, q);
      const char *choice_ids[IMTEHAN_QUESTION_MAX_CHOICES + 1] = { NULL, };
      guint n_choices = MIN (imtehan_question_get_n_choices (question),
                             IMTEHAN_QUESTION_MAX_CHOICES);

      for (guint c = 0; c < n_choices; c++)
        choice_ids[c] = imtehan_question_get_choice_id (question, c);
      /* Our questions are marked 0 or 1 (the report's marks). */
      imtehan_stats_input_set_question (input, q, imtehan_question_get_id (question), 1,
                                        choice_ids, imtehan_question_get_answer (question));
    }

  for (guint i = 0; i < g_list_model_get_n_items (attempts); i++)
    {
      g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (attempts, i);
      guint a;

      if (!imtehan_report_attempt_in_statistics (attempt, include))
        continue;
      /* A group's attempts are scored against its quiz: the same questions, in its order. */
      g_assert (imtehan_report_attempt_get_quiz (attempt) == content);
      g_assert (imtehan_report_attempt_get_n_questions (attempt) == n_questions);

      a = imtehan_stats_input_add_attempt (input);
      for (guint q = 0; q < n_questions; q++)
        imtehan_stats_input_set_response (input, a, q,
                                          imtehan_report_attempt_get_choice (attempt, q),
                                          imtehan_report_attempt_get_mark (attempt, q));
    }

  return imtehan_stats_compute (input);
}
