/* imtehan-report-figures.c: which of a report's attempts count, and their statistics
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include "imtehan-answer-text.h"
#include "imtehan-question-review.h"
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

/* What the figures know of question @q: its choices (single, multiple), the right ones, its
 * items (matching: each item; ordering: each item but the last of the right order, right
 * when the next one follows it). Typed answers have neither. */
static void
set_question (ImtehanStatsInput *input,
              guint              q,
              ImtehanQuestion   *question)
{
  ImtehanQuestionKind kind = imtehan_question_get_kind (question);
  const char *ids[IMTEHAN_QUESTION_MAX_CHOICES + 1] = { NULL, };
  const char *right[IMTEHAN_QUESTION_MAX_CHOICES + 1] = { NULL, };
  guint n_choices = MIN (imtehan_question_get_n_choices (question), IMTEHAN_QUESTION_MAX_CHOICES);
  guint n_right = 0;

  if (kind == IMTEHAN_QUESTION_SINGLE || kind == IMTEHAN_QUESTION_MULTIPLE)
    for (guint c = 0; c < n_choices; c++)
      ids[c] = imtehan_question_get_choice_id (question, c);
  /* Questions are marked 0 to 1 (the report's marks: partial credit included). */
  imtehan_stats_input_set_question (input, q, imtehan_question_get_id (question), 1, ids,
                                    imtehan_question_get_answer (question));
  switch (kind)
    {
    case IMTEHAN_QUESTION_MULTIPLE:
      for (guint c = 0; c < n_choices; c++)
        if (imtehan_question_get_choice_weight (question, ids[c]) > 0)
          right[n_right++] = ids[c];
      imtehan_stats_input_set_right_choices (input, q, right);
      break;
    case IMTEHAN_QUESTION_MATCHING:
      for (guint i = 0; i < MIN (imtehan_question_get_n_items (question),
                                 IMTEHAN_QUESTION_MAX_CHOICES); i++)
        ids[i] = imtehan_question_get_item_id (question, i);
      imtehan_stats_input_set_items (input, q, ids);
      break;
    case IMTEHAN_QUESTION_ORDERING:
      for (guint i = 0; i + 1 < n_choices; i++)
        ids[i] = imtehan_question_get_choice_id (question, i);
      imtehan_stats_input_set_items (input, q, ids);
      break;
    case IMTEHAN_QUESTION_SINGLE:
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
    default:
      break;
    }
}

/* An attempt's @response to question @q, counted as its kind is: a choice id, the choices
 * picked, the typed text as it is compared, or each item right or wrong. */
static void
set_response (ImtehanStatsInput *input,
              guint              a,
              guint              q,
              ImtehanQuestion   *question,
              const char        *response,
              double             mark)
{
  g_auto(GStrv) parts = NULL;
  gboolean right[IMTEHAN_QUESTION_MAX_CHOICES] = { FALSE, };

  if (response == NULL || imtehan_question_get_kind (question) == IMTEHAN_QUESTION_SINGLE)
    {
      imtehan_stats_input_set_response (input, a, q, response, mark);
      return;
    }
  switch (imtehan_question_get_kind (question))
    {
    case IMTEHAN_QUESTION_MULTIPLE:
      parts = imtehan_response_split (response);
      imtehan_stats_input_set_picks (input, a, q, (const char * const *)parts, mark);
      break;
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
      {
        g_autofree char *key =
          imtehan_answer_normalize (response, imtehan_question_is_case_sensitive (question));

        imtehan_stats_input_set_typed (input, a, q, key,
                                       imtehan_question_match_accepted (question, response),
                                       mark);
      }
      break;
    case IMTEHAN_QUESTION_MATCHING:
      for (guint i = 0; i < MIN (imtehan_question_get_n_items (question),
                                 IMTEHAN_QUESTION_MAX_CHOICES); i++)
        {
          const char *item = imtehan_question_get_item_id (question, i);
          g_autofree char *given = imtehan_response_dup_match (response, item);

          right[i] = g_strcmp0 (given, imtehan_question_get_item_match (question, item)) == 0;
        }
      imtehan_stats_input_set_items_right (input, a, q, right, mark);
      break;
    case IMTEHAN_QUESTION_ORDERING:
      parts = imtehan_response_split (response);
      for (guint p = 0; parts[p] != NULL && parts[p + 1] != NULL; p++)
        {
          guint k;

          /* The item at @p is right when the next one follows it; it is item k of the
           * right order. */
          for (k = 0; k + 1 < imtehan_question_get_n_choices (question); k++)
            if (g_str_equal (imtehan_question_get_choice_id (question, k), parts[p]))
              break;
          if (k + 1 < imtehan_question_get_n_choices (question) && k < G_N_ELEMENTS (right))
            right[k] = imtehan_question_follows (question, parts[p], parts[p + 1]);
        }
      imtehan_stats_input_set_items_right (input, a, q, right, mark);
      break;
    case IMTEHAN_QUESTION_SINGLE:
    default:
      g_assert_not_reached ();
    }
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
    set_question (input, q, imtehan_quiz_get_question (content, q));

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
        set_response (input, a, q, imtehan_quiz_get_question (content, q),
                      imtehan_report_attempt_get_choice (attempt, q),
                      imtehan_report_attempt_get_mark (attempt, q));
    }

  return imtehan_stats_compute (input);
}
