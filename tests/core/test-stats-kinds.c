/* test-stats-kinds.c: statistics of questions with partial credit, several right choices,
 * typed answers and items
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/statistics.md, "Question types": the figures of a small class worked out by hand, and
 * the same counts from attempt files of tests/data/question-types.quiz read by the report.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-report-figures.h"
#include "imtehan-stats.h"
#include "test-report-util.h"
#include "test-util.h"

#define TYPES_QUIZ TEST_DATA_DIR "/question-types.quiz"

static void
assert_close (double actual,
              double expected)
{
  if (fabs (actual - expected) > 1e-9 * MAX (1.0, fabs (expected)))
    g_error ("%.12g is not %.12g", actual, expected);
}

/* docs/statistics.md, "A worked example with partial credit": four attempts.
 *
 *          pick (a c right)  word                     match (3 items)   marks          T
 *   A1     a c       1       "optimizer state"  1     3 right   1       1   1    1     3
 *   A2     a         1/2     "the state"        1/2   1 right   1/3     1/2 1/2  1/3   4/3
 *   A3     a b       0       "optimizer state"  1     2 right   2/3     0   1    2/3   5/3
 *   A4     —         0       "gradients"        0     none      0       0   0    0     0
 */
static ImtehanStats *
partial_credit_class (void)
{
  static const char * const abcd[] = { "a", "b", "c", "d", NULL };
  static const char * const ac[] = { "a", "c", NULL };
  static const char * const items[] = { "one", "two", "three", NULL };
  static const char * const picks[4][3] = { { "a", "c", NULL }, { "a", NULL }, { "a", "b", NULL },
                                            { NULL } };
  static const double pick_marks[] = { 1, 0.5, 0, 0 };
  static const char * const words[] = { "optimizer state", "the state", "optimizer state",
                                        "gradients" };
  static const char * const accepted[] = { "full", "half", "full", NULL };
  static const double word_marks[] = { 1, 0.5, 1, 0 };
  static const gboolean right[4][3] = { { TRUE, TRUE, TRUE }, { TRUE, FALSE, FALSE },
                                        { TRUE, TRUE, FALSE }, { FALSE, FALSE, FALSE } };
  g_autoptr(ImtehanStatsInput) input = imtehan_stats_input_new (3);

  imtehan_stats_input_set_question (input, 0, "pick", 1, abcd, NULL);
  imtehan_stats_input_set_right_choices (input, 0, ac);
  imtehan_stats_input_set_question (input, 1, "word", 1, NULL, NULL);
  imtehan_stats_input_set_question (input, 2, "match", 1, NULL, NULL);
  imtehan_stats_input_set_items (input, 2, items);
  for (guint a = 0; a < 4; a++)
    {
      double match_mark = (right[a][0] + right[a][1] + right[a][2]) / 3.0;

      g_assert_cmpuint (imtehan_stats_input_add_attempt (input), ==, a);
      if (picks[a][0] != NULL)
        imtehan_stats_input_set_picks (input, a, 0, picks[a], pick_marks[a]);
      else
        imtehan_stats_input_set_response (input, a, 0, NULL, 0);
      imtehan_stats_input_set_typed (input, a, 1, words[a], accepted[a], word_marks[a]);
      imtehan_stats_input_set_items_right (input, a, 2, right[a], match_mark);
    }
  return imtehan_stats_compute (input);
}

static void
test_partial_credit_marks (void)
{
  g_autoptr(ImtehanStats) stats = partial_credit_class ();
  const ImtehanQuestionStats *pick = imtehan_stats_get_question (stats, 0);
  const ImtehanQuestionStats *word = imtehan_stats_get_question (stats, 1);
  const ImtehanQuestionStats *match = imtehan_stats_get_question (stats, 2);

  /* Totals 3, 4/3, 5/3, 0: mean 6/4, median (4/3 + 5/3) / 2. */
  assert_close (imtehan_stats_get_mean (stats), 1.5);
  assert_close (imtehan_stats_get_median (stats), 1.5);
  /* Deviations 3/2, −1/6, 1/6, −3/2: (9/4 + 1/36 + 1/36 + 9/4) / 3 = 41/27. */
  assert_close (imtehan_stats_get_sd (stats), sqrt (41.0 / 27));

  /* Facility, the mean fraction of the mark: 3/2 ÷ 4, 5/2 ÷ 4, 2 ÷ 4. */
  assert_close (pick->facility, 0.375);
  assert_close (word->facility, 0.625);
  assert_close (match->facility, 0.5);

  /* match: x = 1, 1/3, 2/3, 0 (mean 1/2), R = 2, 1, 1, 0 (mean 1); dx = 1/2, −1/6, 1/6,
   * −1/2 and dR = 1, 0, 0, −1; Σ dx·dR = 1, so cov = 1/3; var x = (5/9) / 3 = 5/27;
   * var R = 2/3. Discrimination 100 · (1/3) / √(5/27 · 2/3) = 300 / √10. */
  assert_close (match->discrimination, 300 / sqrt (10));
  assert_close (match->sd, sqrt (5.0 / 27));
  /* pick: x = 1, 1/2, 0, 0 (mean 3/8), R = 2, 5/6, 5/3, 0 (mean 9/8); Σ dx·dR = 35/48,
   * Σ dx² = 11/16, Σ dR² = 347/144: 100 · (35/48) / √(11/16 · 347/144). */
  assert_close (pick->discrimination, 100 * (35.0 / 48) / sqrt (11.0 / 16 * 347.0 / 144));

  /* Alpha: 3/2 · (1 − (11/48 + 11/48 + 5/27) / (41/27)). */
  assert_close (imtehan_stats_get_alpha (stats),
                1.5 * (1 - (11.0 / 48 + 11.0 / 48 + 5.0 / 27) / (41.0 / 27)));
}

/* Each choice picked counts, an attempt of two picks for both; the right ones are those of
 * positive weight; nothing picked is not an unknown choice. */
static void
test_partial_credit_counts (void)
{
  g_autoptr(ImtehanStats) stats = partial_credit_class ();
  const ImtehanQuestionStats *pick = imtehan_stats_get_question (stats, 0);
  const ImtehanQuestionStats *word = imtehan_stats_get_question (stats, 1);
  const ImtehanQuestionStats *match = imtehan_stats_get_question (stats, 2);
  static const guint picked[] = { 3, 1, 1, 0 };
  static const gboolean right[] = { TRUE, FALSE, TRUE, FALSE };

  g_assert_cmpuint (pick->n_choices, ==, 4);
  for (guint c = 0; c < 4; c++)
    {
      g_assert_cmpuint (pick->choice_counts[c], ==, picked[c]);
      assert_close (pick->choice_shares[c], picked[c] / 4.0);
      g_assert_cmpint (pick->choice_right[c], ==, right[c]);
    }
  g_assert_cmpuint (pick->n_not_answered, ==, 1);
  g_assert_cmpuint (pick->n_unknown, ==, 0);
  g_assert_cmpuint (pick->right_choice, ==, G_MAXUINT);

  /* The most common first, equal counts by text. */
  g_assert_cmpuint (word->n_responses, ==, 3);
  g_assert_cmpstr (word->responses[0].key, ==, "optimizer state");
  g_assert_cmpuint (word->responses[0].count, ==, 2);
  assert_close (word->responses[0].share, 0.5);
  g_assert_cmpstr (word->responses[0].accepted_id, ==, "full");
  assert_close (word->responses[0].mark, 1);
  g_assert_cmpstr (word->responses[1].key, ==, "gradients");
  g_assert_null (word->responses[1].accepted_id);
  g_assert_cmpstr (word->responses[2].key, ==, "the state");
  g_assert_cmpstr (word->responses[2].accepted_id, ==, "half");
  assert_close (word->responses[2].mark, 0.5);
  g_assert_cmpuint (word->n_not_answered, ==, 0);
  g_assert_cmpuint (word->n_unknown, ==, 0);
  g_assert_cmpuint (word->n_choices, ==, 0);

  g_assert_cmpuint (match->n_items, ==, 3);
  g_assert_cmpstr (match->item_ids[2], ==, "three");
  g_assert_cmpuint (match->item_right_counts[0], ==, 3);
  g_assert_cmpuint (match->item_right_counts[1], ==, 2);
  g_assert_cmpuint (match->item_right_counts[2], ==, 1);
  assert_close (match->item_right_shares[1], 0.5);
  g_assert_cmpuint (match->n_unknown, ==, 0);
}

/* A picked id the question no longer has is unknown; the others count. */
static void
test_unknown_pick (void)
{
  static const char * const ab[] = { "a", "b", NULL };
  static const char * const a[] = { "a", NULL };
  static const char * const picks[] = { "a", "gone", NULL };
  g_autoptr(ImtehanStatsInput) input = imtehan_stats_input_new (1);
  g_autoptr(ImtehanStats) stats = NULL;
  const ImtehanQuestionStats *qs;

  imtehan_stats_input_set_question (input, 0, "q", 1, ab, NULL);
  imtehan_stats_input_set_right_choices (input, 0, a);
  imtehan_stats_input_add_attempt (input);
  imtehan_stats_input_set_picks (input, 0, 0, picks, 0.5);
  stats = imtehan_stats_compute (input);
  qs = imtehan_stats_get_question (stats, 0);
  g_assert_cmpuint (qs->choice_counts[0], ==, 1);
  g_assert_cmpuint (qs->choice_counts[1], ==, 0);
  g_assert_cmpuint (qs->n_unknown, ==, 1);
}

/* A single choice's figures keep the right one marked as before. */
static void
test_single_right (void)
{
  static const char * const ab[] = { "a", "b", NULL };
  g_autoptr(ImtehanStatsInput) input = imtehan_stats_input_new (1);
  g_autoptr(ImtehanStats) stats = NULL;
  const ImtehanQuestionStats *qs;

  imtehan_stats_input_set_question (input, 0, "q", 1, ab, "b");
  imtehan_stats_input_add_attempt (input);
  imtehan_stats_input_set_response (input, 0, 0, "b", 1);
  stats = imtehan_stats_compute (input);
  qs = imtehan_stats_get_question (stats, 0);
  g_assert_cmpuint (qs->right_choice, ==, 1);
  g_assert_false (qs->choice_right[0]);
  g_assert_true (qs->choice_right[1]);
  g_assert_cmpuint (qs->n_responses, ==, 0);
  g_assert_cmpuint (qs->n_items, ==, 0);
}

static guint
question_of (ImtehanQuiz *quiz,
             const char  *id)
{
  return imtehan_question_get_index (imtehan_quiz_find_question (quiz, id));
}

/* The report counts the attempts of every kind by what they mean: no multiple choice
 * counts as an unknown choice, a typed answer in other case and spacing is the same
 * answer, and each item or pair is right as the mark counts it.
 *
 *            partitions   state                  bytes  stages        memory
 *   partial  s2 s1        "Optimizer State"      12     one right     dp s1 s3 s2
 *   right    s1 s2 s3     "optimizer state"      16     all right     dp s1 s2 s3
 *   typed    —            "OPTIMIZER   state"    —      —             —
 */
static void
test_report_kinds (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (TYPES_QUIZ);
  g_autoptr(ImtehanQuiz) quiz = imtehan_quiz_new_from_file (file, NULL, NULL);
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autofree char *root = g_dir_make_tmp ("imtehan-stats-kinds-XXXXXX", NULL);
  g_autoptr(ImtehanAttempt) partial = NULL;
  g_autoptr(ImtehanAttempt) right = NULL;
  g_autoptr(ImtehanAttempt) typed = NULL;
  g_autoptr(ImtehanStats) stats = NULL;
  const ImtehanQuestionStats *qs;
  ImtehanAttempt *all[3];

  g_assert_nonnull (quiz);
  partial = imtehan_attempt_new (quiz, 1);
  right = imtehan_attempt_new (quiz, 2);
  typed = imtehan_attempt_new (quiz, 3);
  g_assert_true (imtehan_attempt_respond (partial, question_of (quiz, "partitions"), "s2;s1"));
  g_assert_true (imtehan_attempt_respond (partial, question_of (quiz, "state"), "Optimizer State"));
  g_assert_true (imtehan_attempt_respond (partial, question_of (quiz, "bytes"), "12"));
  g_assert_true (imtehan_attempt_respond (partial, question_of (quiz, "stages"),
                                          "one:one;two:three;three:two"));
  g_assert_true (imtehan_attempt_respond (partial, question_of (quiz, "memory"), "dp;s1;s3;s2"));
  for (guint q = 0; q < imtehan_quiz_get_n_questions (quiz); q++)
    {
      g_autofree char *response =
        imtehan_question_dup_right_response (imtehan_quiz_get_question (quiz, q));

      g_assert_true (imtehan_attempt_respond (right, q, response));
    }
  g_assert_true (imtehan_attempt_respond (typed, question_of (quiz, "state"), "OPTIMIZER   state"));
  all[0] = partial, all[1] = right, all[2] = typed;
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      g_autofree char *path = NULL;

      g_assert_true (imtehan_attempt_finish (all[i]));
      path = imtehan_test_write_attempt (root, all[i]);
    }
  imtehan_report_add_quiz (report, quiz);
  imtehan_test_load_report_folder (report, root);
  stats = imtehan_report_quiz_compute_stats (imtehan_report_find_quiz (report, "question-types"),
                                             IMTEHAN_REPORT_INCLUDE_EXAMS);
  g_assert_cmpuint (imtehan_stats_get_n_attempts (stats), ==, 3);
  for (guint q = 0; q < imtehan_stats_get_n_questions (stats); q++)
    g_assert_cmpuint (imtehan_stats_get_question (stats, q)->n_unknown, ==, 0);

  /* Two of three right stages and no wrong one, all three, nothing: facility 5/9. */
  qs = imtehan_stats_get_question (stats, question_of (quiz, "partitions"));
  assert_close (qs->facility, (2.0 / 3 + 1) / 3);
  g_assert_cmpstr (qs->choice_ids[0], ==, "s1");
  g_assert_cmpuint (qs->choice_counts[0], ==, 2);
  g_assert_cmpuint (qs->choice_counts[1], ==, 2);
  g_assert_cmpuint (qs->choice_counts[2], ==, 1);
  g_assert_cmpuint (qs->choice_counts[3], ==, 0);
  g_assert_true (qs->choice_right[2]);
  g_assert_false (qs->choice_right[3]);
  g_assert_cmpuint (qs->n_not_answered, ==, 1);

  qs = imtehan_stats_get_question (stats, question_of (quiz, "state"));
  g_assert_cmpuint (qs->n_responses, ==, 1);
  g_assert_cmpstr (qs->responses[0].key, ==, "optimizer state");
  g_assert_cmpuint (qs->responses[0].count, ==, 3);
  g_assert_cmpstr (qs->responses[0].accepted_id, ==, "state");

  qs = imtehan_stats_get_question (stats, question_of (quiz, "bytes"));
  g_assert_cmpuint (qs->n_responses, ==, 2);
  g_assert_cmpstr (qs->responses[0].key, ==, "12");
  g_assert_null (qs->responses[0].accepted_id);
  g_assert_cmpstr (qs->responses[1].key, ==, "16");
  g_assert_cmpstr (qs->responses[1].accepted_id, ==, "sixteen");
  g_assert_cmpuint (qs->n_not_answered, ==, 1);

  qs = imtehan_stats_get_question (stats, question_of (quiz, "stages"));
  g_assert_cmpuint (qs->n_items, ==, 3);
  g_assert_cmpuint (qs->item_right_counts[0], ==, 2);
  g_assert_cmpuint (qs->item_right_counts[1], ==, 1);
  g_assert_cmpuint (qs->item_right_counts[2], ==, 1);

  /* Pairs of the right order: dp then s1, s1 then s2, s2 then s3. */
  qs = imtehan_stats_get_question (stats, question_of (quiz, "memory"));
  g_assert_cmpuint (qs->n_items, ==, 3);
  g_assert_cmpstr (qs->item_ids[0], ==, "dp");
  g_assert_cmpstr (qs->item_ids[2], ==, "s2");
  g_assert_cmpuint (qs->item_right_counts[0], ==, 2);
  g_assert_cmpuint (qs->item_right_counts[1], ==, 1);
  g_assert_cmpuint (qs->item_right_counts[2], ==, 1);
  assert_close (qs->facility, (1.0 / 3 + 1) / 3);

  imtehan_test_remove_tree (root);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stats/kinds/partial-credit/marks", test_partial_credit_marks);
  g_test_add_func ("/stats/kinds/partial-credit/counts", test_partial_credit_counts);
  g_test_add_func ("/stats/kinds/unknown-pick", test_unknown_pick);
  g_test_add_func ("/stats/kinds/single-right", test_single_right);
  g_test_add_func ("/stats/kinds/report", test_report_kinds);

  return g_test_run ();
}
