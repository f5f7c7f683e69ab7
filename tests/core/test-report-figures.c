/* test-report-figures.c: which attempts a report counts, and their statistics
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every class here is written as attempt files by ImtehanAttempt, then read back by the
 * report as a teacher's would be. The expected figures are worked out by hand in the
 * comments, from the answer patterns alone (docs/statistics.md has the formulas).
 */

#include "config.h"

#include "test-report-figures-common.h"

/* The bundled quiz's questions, in its order. */
enum {
  REDUNDANCY,
  ADAM_STATE_MEMORY,
  STAGE_3_PARTITION,
  PARAMETER_GATHERING,
  PYTORCH_FSDP,
  MEMORY_TRADE_OFF,
  STAGE_1_PARTITION,
  SHARDING_COST,
};

static ImtehanReportQuiz *
the_group (ImtehanReport *report)
{
  ImtehanReportQuiz *group = imtehan_report_find_quiz (report, QUIZ_ID);

  g_assert_nonnull (group);
  return group;
}

static ImtehanReportAttempt *
find_learner (ImtehanReport *report,
              const char    *learner)
{
  GListModel *attempts = imtehan_report_quiz_get_attempts (the_group (report));

  for (guint i = 0; i < g_list_model_get_n_items (attempts); i++)
    {
      g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (attempts, i);

      if (g_strcmp0 (imtehan_report_attempt_get_learner (attempt), learner) == 0)
        return attempt;
    }
  g_assert_not_reached ();
}

/* A class of five exam attempts in the statistics, one practice attempt and one attempt
 * still in progress:
 *
 *             redundancy adam  stage-3 gathering fsdp trade-off stage-1 cost   total T
 *   Amna      c          c     c       c         c    c         c       c      8
 *   Bilal     c          c     c       c         c    w         w       w      5
 *   Chand     c          w     c       w         c    w         -       -      3
 *   Danish    w          c     w       w         w    w         w       -      1
 *   Erum      w          w     w       w         w    w         w       w      0
 *   Practice  c          c     c       c         c    c         c       c      (practice)
 *   Farhan    c          c     -       -         -    -         -       -      (unfinished)
 *
 * Each attempt shows the choices in another order (its seed). */
static const struct
{
  const char *learner;
  const char *pattern;
  ImtehanMode mode;
  gboolean    finished;
} class_of_seven[] = {
  { "Amna", "cccccccc", IMTEHAN_MODE_EXAM, TRUE },
  { "Bilal", "cccccwww", IMTEHAN_MODE_EXAM, TRUE },
  { "Chand", "cwcwcw--", IMTEHAN_MODE_EXAM, TRUE },
  { "Danish", "wcwwwww-", IMTEHAN_MODE_EXAM, TRUE },
  { "Erum", "wwwwwwww", IMTEHAN_MODE_EXAM, TRUE },
  { "Practice", "cccccccc", IMTEHAN_MODE_PRACTICE, TRUE },
  { "Farhan", "cc------", IMTEHAN_MODE_EXAM, FALSE },
};

typedef struct
{
  ImtehanQuiz   *quiz;
  ImtehanReport *report;
  char          *root;
  GPtrArray     *attempts; /* ImtehanAttempt, as written */
} Class;

static void
class_setup (Class         *class,
             gconstpointer  data)
{
  class->quiz = imtehan_test_load_bundled_quiz ();
  class->report = imtehan_report_new (NULL);
  class->root = g_dir_make_tmp ("imtehan-figures-XXXXXX", NULL);
  class->attempts = g_ptr_array_new_with_free_func (g_object_unref);
  g_assert_nonnull (class->root);

  for (guint i = 0; i < G_N_ELEMENTS (class_of_seven); i++)
    {
      ImtehanAttempt *attempt =
        imtehan_test_make_seeded_attempt (class->quiz, 1000 + i, class_of_seven[i].mode,
                                          class_of_seven[i].learner, class_of_seven[i].pattern,
                                          class_of_seven[i].finished);
      g_autofree char *path = imtehan_test_write_attempt (class->root, attempt);

      g_ptr_array_add (class->attempts, attempt);
    }
  imtehan_report_add_quiz (class->report, class->quiz);
  imtehan_test_load_report_folder (class->report, class->root);
  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_problems (class->report)), ==, 0);
}

static void
class_teardown (Class         *class,
                gconstpointer  data)
{
  imtehan_test_remove_tree (class->root);
  g_free (class->root);
  g_ptr_array_unref (class->attempts);
  g_assert_finalize_object (class->report);
  g_assert_finalize_object (class->quiz);
}

static guint
choice_index (const ImtehanQuestionStats *question,
              const char                 *choice_id)
{
  for (guint c = 0; c < question->n_choices; c++)
    if (g_str_equal (question->choice_ids[c], choice_id))
      return c;
  g_assert_not_reached ();
}

/* The learners view, the statistics and the CSV take the same attempts: a practice attempt
 * only when the teacher shows practice; an unfinished one listed, never in the figures. */
static void
test_figures_listed (Class         *class,
                     gconstpointer  data)
{
  ImtehanReportAttempt *amna = find_learner (class->report, "Amna");
  ImtehanReportAttempt *practice = find_learner (class->report, "Practice");
  ImtehanReportAttempt *farhan = find_learner (class->report, "Farhan");

  g_assert_true (imtehan_report_attempt_is_listed (amna, IMTEHAN_REPORT_INCLUDE_EXAMS));
  g_assert_true (imtehan_report_attempt_in_statistics (amna, IMTEHAN_REPORT_INCLUDE_EXAMS));

  g_assert_false (imtehan_report_attempt_is_listed (practice, IMTEHAN_REPORT_INCLUDE_EXAMS));
  g_assert_false (imtehan_report_attempt_in_statistics (practice, IMTEHAN_REPORT_INCLUDE_EXAMS));
  g_assert_true (imtehan_report_attempt_is_listed (practice, IMTEHAN_REPORT_INCLUDE_PRACTICE));
  g_assert_true (imtehan_report_attempt_in_statistics (practice,
                                                       IMTEHAN_REPORT_INCLUDE_PRACTICE));

  g_assert_true (imtehan_report_attempt_is_listed (farhan, IMTEHAN_REPORT_INCLUDE_EXAMS));
  g_assert_false (imtehan_report_attempt_in_statistics (farhan, IMTEHAN_REPORT_INCLUDE_EXAMS));
  g_assert_false (imtehan_report_attempt_in_statistics (farhan,
                                                        IMTEHAN_REPORT_INCLUDE_PRACTICE));
}

/* An attempt of a quiz the report does not have is listed apart, and in nothing else, even
 * with practice shown. */
static void
test_figures_listed_apart (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autoptr(ImtehanAttempt) attempt = imtehan_test_make_attempt (quiz, IMTEHAN_MODE_EXAM,
                                                                 "Ghazal", "cccccccc", TRUE);
  g_autofree char *root = g_dir_make_tmp ("imtehan-figures-XXXXXX", NULL);
  g_autofree char *path = imtehan_test_write_attempt (root, attempt);
  g_autoptr(ImtehanReportProblem) problem = NULL;
  ImtehanReportAttempt *apart;

  /* No quiz given and no library: the quiz is missing. */
  imtehan_test_load_report_folder (report, root);
  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_quizzes (report)), ==, 0);
  problem = g_list_model_get_item (imtehan_report_get_problems (report), 0);
  g_assert_nonnull (problem);
  apart = imtehan_report_problem_get_attempt (problem);
  g_assert_nonnull (apart);
  g_assert_cmpint (imtehan_report_attempt_get_status (apart), ==,
                   IMTEHAN_REPORT_STATUS_QUIZ_MISSING);
  g_assert_false (imtehan_report_attempt_is_listed (apart, IMTEHAN_REPORT_INCLUDE_PRACTICE));
  g_assert_false (imtehan_report_attempt_in_statistics (apart, IMTEHAN_REPORT_INCLUDE_PRACTICE));
  imtehan_test_remove_tree (root);
}

/* The figures of the class above, by hand (docs/statistics.md: variances over n - 1):
 *
 * redundancy: x = 1 1 1 0 0, T = 8 5 3 1 0, R = T - x = 7 4 2 1 0.
 *   facility = 3/5 = 0.6. mean x = 0.6, mean R = 14/5 = 2.8.
 *   x - 0.6 = .4 .4 .4 -.6 -.6; R - 2.8 = 4.2 1.2 -.8 -1.8 -2.8.
 *   cov = (1.68 + .48 - .32 + 1.08 + 1.68) / 4 = 4.6 / 4 = 1.15
 *   var x = (3 × .16 + 2 × .36) / 4 = 0.3; var R = (17.64 + 1.44 + .64 + 3.24 + 7.84) / 4 = 7.7
 *   discrimination = 100 × 1.15 / √(0.3 × 7.7) = 115 / √2.31 ≈ 75.66
 * adam-state-memory: x = 1 1 0 1 0, R = 7 4 3 0 0. facility 0.6, mean R 2.8.
 *   R - 2.8 = 4.2 1.2 .2 -2.8 -2.8; cov = (1.68 + .48 - .12 - 1.12 + 1.68) / 4 = 0.65
 *   var R = (17.64 + 1.44 + .04 + 7.84 + 7.84) / 4 = 8.7
 *   discrimination = 65 / √(0.3 × 8.7) = 65 / √2.61 ≈ 40.23: Danish, who did worse overall,
 *   got it right and Chand did not, so it tells the learners apart less well.
 * stage-1-partition: Amna right, Bilal, Danish and Erum wrong (the first wrong choice in the
 *   quiz's order, parameters-only), Chand no answer: counts 3 / 0 / 1 / 0, 1 not answered.
 * sharding-cost: Chand and Danish gave no answer; Farhan's blanks, unfinished, are not counted.
 * Totals: mean (8 + 5 + 3 + 1 + 0) / 5 = 3.4, median 3. */
static void
test_figures_by_hand (Class         *class,
                      gconstpointer  data)
{
  g_autoptr(ImtehanStats) stats = imtehan_report_quiz_compute_stats (the_group (class->report),
                                                                     IMTEHAN_REPORT_INCLUDE_EXAMS);
  const ImtehanQuestionStats *question;

  g_assert_nonnull (stats);
  g_assert_cmpuint (imtehan_stats_get_n_attempts (stats), ==, 5);
  g_assert_cmpuint (imtehan_stats_get_n_questions (stats), ==, 8);
  g_assert_cmpfloat_with_epsilon (imtehan_stats_get_mean (stats), 3.4, 1e-12);
  g_assert_cmpfloat_with_epsilon (imtehan_stats_get_median (stats), 3, 1e-12);

  question = imtehan_stats_get_question (stats, REDUNDANCY);
  g_assert_cmpstr (question->id, ==, "redundancy");
  g_assert_cmpfloat_with_epsilon (question->facility, 0.6, 1e-12);
  g_assert_cmpfloat_with_epsilon (question->discrimination, 115 / sqrt (2.31), 1e-9);
  g_assert_cmpfloat_with_epsilon (question->discrimination, 75.66, 0.005);

  question = imtehan_stats_get_question (stats, ADAM_STATE_MEMORY);
  g_assert_cmpfloat_with_epsilon (question->facility, 0.6, 1e-12);
  g_assert_cmpfloat_with_epsilon (question->discrimination, 65 / sqrt (2.61), 1e-9);

  question = imtehan_stats_get_question (stats, STAGE_1_PARTITION);
  g_assert_cmpfloat_with_epsilon (question->facility, 0.2, 1e-12);
  g_assert_cmpstr (question->choice_ids[question->right_choice], ==, "optimizer-states");
  g_assert_cmpuint (question->choice_counts[choice_index (question, "parameters-only")], ==, 3);
  g_assert_cmpuint (question->choice_counts[choice_index (question,
                                                          "optimizer-state-and-gradients")], ==, 0);
  g_assert_cmpuint (question->choice_counts[choice_index (question, "optimizer-states")], ==, 1);
  g_assert_cmpuint (question->choice_counts[choice_index (question, "activations-only")], ==, 0);
  g_assert_cmpuint (question->n_not_answered, ==, 1);

  question = imtehan_stats_get_question (stats, SHARDING_COST);
  g_assert_cmpuint (question->n_not_answered, ==, 2);
}

/* Choices are counted by id: each learner saw them in another order, and the right answer of
 * redundancy sat in different places on their screens. */
static void
test_figures_choices_by_id (Class         *class,
                            gconstpointer  data)
{
  g_autoptr(ImtehanStats) stats = imtehan_report_quiz_compute_stats (the_group (class->report),
                                                                     IMTEHAN_REPORT_INCLUDE_EXAMS);
  const ImtehanQuestionStats *question = imtehan_stats_get_question (stats, REDUNDANCY);
  g_autoptr(GHashTable) positions = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < 5; i++)
    {
      ImtehanAttempt *attempt = g_ptr_array_index (class->attempts, i);
      const char * const *order = imtehan_attempt_get_choice_order (attempt, REDUNDANCY);

      for (guint p = 0; order[p] != NULL; p++)
        if (g_str_equal (order[p], "replicated-states"))
          g_hash_table_add (positions, GUINT_TO_POINTER (p + 1));
    }
  g_assert_cmpuint (g_hash_table_size (positions), >, 1);

  /* In the quiz's order, whatever the screens showed. */
  g_assert_cmpuint (question->n_choices, ==, 4);
  g_assert_cmpstr (question->choice_ids[0], ==, "replicated-states");
  g_assert_cmpstr (question->choice_ids[1], ==, "replicated-data");
  g_assert_cmpuint (question->choice_counts[0], ==, 3);
  g_assert_cmpuint (question->choice_counts[1], ==, 2);
  g_assert_cmpuint (question->choice_counts[2], ==, 0);
  g_assert_cmpuint (question->choice_counts[3], ==, 0);
  g_assert_cmpfloat_with_epsilon (question->choice_shares[0], 0.6, 1e-12);
}

/* With practice shown, the practice attempt (all right) joins the figures: redundancy's
 * facility becomes 4/6; the unfinished attempt still does not count. */
static void
test_figures_practice (Class         *class,
                       gconstpointer  data)
{
  ImtehanReportInclude include = IMTEHAN_REPORT_INCLUDE_PRACTICE;
  g_autoptr(ImtehanStats) stats = imtehan_report_quiz_compute_stats (the_group (class->report),
                                                                     include);
  g_autofree char *csv = NULL;

  g_assert_cmpuint (imtehan_stats_get_n_attempts (stats), ==, 6);
  g_assert_cmpfloat_with_epsilon (imtehan_stats_get_question (stats, REDUNDANCY)->facility,
                                  4.0 / 6, 1e-12);

  csv = attempts_csv (class->report, IMTEHAN_REPORT_INCLUDE_PRACTICE);
  g_assert_nonnull (strstr (csv, "\r\nPractice,,"));
  g_assert_nonnull (strstr (csv, "\r\nFarhan,,"));
  g_clear_pointer (&csv, g_free);
  csv = attempts_csv (class->report, IMTEHAN_REPORT_INCLUDE_EXAMS);
  g_assert_null (strstr (csv, "\r\nPractice,,"));
  g_assert_nonnull (strstr (csv, "\r\nFarhan,,"));
}

/* A quiz whose only attempt is still in progress: figures that say "no attempts", not a
 * crash or a division by zero, and a statistics CSV with empty cells rather than "nan". */
static void
test_figures_no_attempts (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autoptr(ImtehanAttempt) attempt = imtehan_test_make_attempt (quiz, IMTEHAN_MODE_EXAM,
                                                                 "Hina", "cw", FALSE);
  g_autofree char *root = g_dir_make_tmp ("imtehan-figures-XXXXXX", NULL);
  g_autofree char *path = imtehan_test_write_attempt (root, attempt);
  g_autoptr(ImtehanStats) stats = NULL;
  g_autofree char *csv = NULL;
  const ImtehanQuestionStats *question;

  imtehan_report_add_quiz (report, quiz);
  imtehan_test_load_report_folder (report, root);
  stats = imtehan_report_quiz_compute_stats (the_group (report), IMTEHAN_REPORT_INCLUDE_EXAMS);
  g_assert_nonnull (stats);
  g_assert_cmpuint (imtehan_stats_get_n_attempts (stats), ==, 0);
  question = imtehan_stats_get_question (stats, REDUNDANCY);
  g_assert_true (isnan (question->facility));
  g_assert_true (isnan (question->discrimination));
  g_assert_cmpuint (question->choice_counts[0], ==, 0);

  csv = stats_csv (report, IMTEHAN_REPORT_INCLUDE_EXAMS);
  g_assert_null (strstr (csv, "nan"));
  g_assert_nonnull (strstr (csv, "\r\n" QUIZ_ID ",2," TITLE ",redundancy,0,,,0,0,replicated-states,"
                                 "replicated-states,0,replicated-data,0,optimizer-state-only,0,"
                                 "redundant-all-reduce,0\r\n"));
  imtehan_test_remove_tree (root);
}

int
main (int   argc,
      char *argv[])
{
  /* The CSV's times are local: UTC here, so that they are the files' own. English titles,
   * whatever the developer's language. */
  g_setenv ("TZ", "UTC", TRUE);
  g_setenv ("LANGUAGE", "en", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/report-figures/listed", Class, NULL, class_setup, test_figures_listed,
              class_teardown);
  g_test_add_func ("/report-figures/listed-apart", test_figures_listed_apart);
  g_test_add ("/report-figures/by-hand", Class, NULL, class_setup, test_figures_by_hand,
              class_teardown);
  g_test_add ("/report-figures/choices-by-id", Class, NULL, class_setup,
              test_figures_choices_by_id, class_teardown);
  g_test_add ("/report-figures/practice", Class, NULL, class_setup, test_figures_practice,
              class_teardown);
  g_test_add_func ("/report-figures/no-attempts", test_figures_no_attempts);

  return g_test_run ();
}
