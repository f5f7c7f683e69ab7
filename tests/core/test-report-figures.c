/* test-report-figures.c: the class report's figures and CSV files (issue 17)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every class here is written as attempt files by ImtehanAttempt, then read back by the
 * report as a teacher's would be. The expected figures are worked out by hand in the
 * comments, from the answer patterns alone (docs/statistics.md has the formulas), and the
 * expected CSV files are spelt out byte for byte.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-report-figures.h"
#include "test-report-util.h"
#include "test-util.h"

#define BOM "\xef\xbb\xbf"
#define QUIZ_ID "zero-sharded-optimizers"
#define TITLE "ZeRO and Sharded Optimizers"

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

/* Writes @attempt into @folder as taken on PC @host from @started to @finished (UTC, the
 * files' format; NULL: not finished), so that the CSV's times are known. */
static char *
write_attempt_at (const char     *folder,
                  ImtehanAttempt *attempt,
                  const char     *host,
                  const char     *started,
                  const char     *finished)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *data = imtehan_attempt_to_data (attempt, NULL);
  g_autofree char *edited = NULL;
  g_autofree char *name = g_strconcat (imtehan_attempt_get_id (attempt), ".ini", NULL);

  g_assert_true (g_key_file_load_from_data (key_file, data, -1, G_KEY_FILE_KEEP_COMMENTS,
                                            &error));
  g_assert_no_error (error);
  g_key_file_set_string (key_file, "Attempt", "Host", host);
  g_key_file_set_string (key_file, "Attempt", "Started", started);
  g_assert_cmpint (g_key_file_has_key (key_file, "Attempt", "FinishedAt", NULL), ==,
                   finished != NULL);
  if (finished != NULL)
    g_key_file_set_string (key_file, "Attempt", "FinishedAt", finished);
  edited = g_key_file_to_data (key_file, NULL, NULL);
  return imtehan_test_write_text (folder, name, edited);
}

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

static char *
attempts_csv (ImtehanReport        *report,
              ImtehanReportInclude  include)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_assert_true (imtehan_report_write_attempts_csv (report, include, out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
}

static char *
stats_csv (ImtehanReport        *report,
           ImtehanReportInclude  include)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_assert_true (imtehan_report_write_stats_csv (report, include, out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
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

/* A lab of four PCs, with the names a real class has: a comma and quotes, Urdu, and two that
 * a spreadsheet would take for formulas. */
typedef struct
{
  ImtehanQuiz   *quiz;
  ImtehanReport *report;
  char          *root;
  GPtrArray     *paths;
} Lab;

static void
lab_setup (Lab           *lab,
           gconstpointer  data)
{
  static const struct
  {
    const char *pc;
    const char *learner;
    const char *roll_number;
    const char *pattern;
    ImtehanMode mode;
    const char *started;
    const char *finished;
  } rows[] = {
    { "pc-01", "Khan, Ali \"the ace\"", "007", "cccccccc", IMTEHAN_MODE_EXAM,
      "2026-03-02T09:00:00Z", "2026-03-02T09:12:34Z" },
    { "pc-02", "عائشہ", "12", "ccwwcc-w", IMTEHAN_MODE_EXAM,
      "2026-03-02T09:01:00Z", "2026-03-02T10:02:03Z" },
    { "pc-03", "=1+2", "-5", "wcww-www", IMTEHAN_MODE_EXAM,
      "2026-03-02T09:02:00Z", "2026-03-02T09:03:00Z" },
    { "pc-04", "@admin", NULL, "c-w", IMTEHAN_MODE_EXAM, "2026-03-02T09:05:00Z", NULL },
    { "pc-05", "Parveen", "3", "cccccccc", IMTEHAN_MODE_PRACTICE,
      "2026-03-02T09:06:00Z", "2026-03-02T09:07:00Z" },
  };

  lab->quiz = imtehan_test_load_bundled_quiz ();
  lab->report = imtehan_report_new (NULL);
  lab->root = g_dir_make_tmp ("imtehan-figures-XXXXXX", NULL);
  lab->paths = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *folder = g_build_filename (lab->root, rows[i].pc, NULL);
      g_autoptr(ImtehanAttempt) attempt = imtehan_test_make_attempt (lab->quiz, rows[i].mode,
                                                                     rows[i].learner,
                                                                     rows[i].pattern,
                                                                     rows[i].finished != NULL);

      imtehan_attempt_set_roll_number (attempt, rows[i].roll_number);
      g_ptr_array_add (lab->paths, write_attempt_at (folder, attempt, rows[i].pc,
                                                     rows[i].started, rows[i].finished));
    }
  imtehan_report_add_quiz (lab->report, lab->quiz);
  imtehan_test_load_report_folder (lab->report, lab->root);
  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_problems (lab->report)), ==, 0);
}

static void
lab_teardown (Lab           *lab,
              gconstpointer  data)
{
  imtehan_test_remove_tree (lab->root);
  g_free (lab->root);
  g_ptr_array_unref (lab->paths);
  g_assert_finalize_object (lab->report);
  g_assert_finalize_object (lab->quiz);
}

#define ATTEMPTS_HEADER                                                                      \
  BOM "Learner,Roll number,Quiz,Version,Title,PC,Mode,Started,Finished,Time taken,Score,"     \
  "Out of,redundancy,adam-state-memory,stage-3-partition,parameter-gathering,pytorch-fsdp,"   \
  "memory-trade-off,stage-1-partition,sharding-cost\r\n"

/* The file a teacher opens: a BOM so that Urdu reads right, quotes only where RFC 4180 needs
 * them, an apostrophe before what would be a formula, local times (TZ=UTC here), empty
 * cells for questions not answered and for the end of an attempt in progress, CRLF. The
 * practice attempt is left out. */
static void
test_figures_attempts_csv (Lab           *lab,
                           gconstpointer  data)
{
  g_autofree char *csv = attempts_csv (lab->report, IMTEHAN_REPORT_INCLUDE_EXAMS);

  g_assert_cmpstr (csv, ==,
                   ATTEMPTS_HEADER
                   "\"Khan, Ali \"\"the ace\"\"\",007," QUIZ_ID ",2," TITLE ",pc-01,Exam,"
                   "2026-03-02 09:00:00,2026-03-02 09:12:34,0:12:34,8,8,1,1,1,1,1,1,1,1\r\n"
                   "عائشہ,12," QUIZ_ID ",2," TITLE ",pc-02,Exam,"
                   "2026-03-02 09:01:00,2026-03-02 10:02:03,1:01:03,4,8,1,1,0,0,1,1,,0\r\n"
                   "'=1+2,'-5," QUIZ_ID ",2," TITLE ",pc-03,Exam,"
                   "2026-03-02 09:02:00,2026-03-02 09:03:00,0:01:00,1,8,0,1,0,0,,0,0,0\r\n"
                   "'@admin,," QUIZ_ID ",2," TITLE ",pc-04,Exam,"
                   "2026-03-02 09:05:00,,,1,8,1,,0,,,,,\r\n");
}

/* Only the three finished exam attempts (Khan 8, Aisha 4, the third 1):
 * redundancy: x = 1 1 0, R = 7 3 1; mean x 2/3, mean R 11/3.
 *   cov = (10/9 - 2/9 + 16/9) / 2 = 4/3; var x = (1/9 + 1/9 + 4/9) / 2 = 1/3;
 *   var R = (100/9 + 4/9 + 64/9) / 2 = 28/3; discrimination = 100 × (4/3) / √(28/9)
 *   = 400 / √28 ≈ 75.59; facility 66.67%.
 * adam-state-memory: all three right, so no spread: facility 100%, discrimination undefined,
 *   an empty cell.
 * stage-3-partition: x = 1 0 0, R = 7 4 1; mean x 1/3, mean R 4.
 *   cov = (2/3 × 3 + 0 + 1/3 × 3) / 2 = 1.5; var x = (4/9 + 1/9 + 1/9) / 2 = 1/3;
 *   var R = (9 + 0 + 9) / 2 = 9; discrimination = 100 × 1.5 / √3 ≈ 86.60; facility 33.33%.
 * pytorch-fsdp and stage-1-partition: one learner gave no answer. */
static void
test_figures_stats_csv (Lab           *lab,
                        gconstpointer  data)
{
  g_autofree char *csv = stats_csv (lab->report, IMTEHAN_REPORT_INCLUDE_EXAMS);
#define ROW QUIZ_ID ",2," TITLE ","

  g_assert_cmpstr (csv, ==,
                   BOM "Quiz,Version,Title,Question,Attempts,Facility index (%),"
                   "Discrimination index (%),Answered,Not answered,Right choice,"
                   "Choice 1,Count 1,Choice 2,Count 2,Choice 3,Count 3,Choice 4,Count 4\r\n"
                   ROW "redundancy,3,66.67,75.59,3,0,replicated-states,"
                   "replicated-states,2,replicated-data,1,optimizer-state-only,0,"
                   "redundant-all-reduce,0\r\n"
                   ROW "adam-state-memory,3,100.00,,3,0,per-parameter-state,"
                   "fp16-state,0,per-parameter-state,3,per-example-state,0,past-gradients,0\r\n"
                   ROW "stage-3-partition,3,33.33,86.60,3,0,model-parameters,"
                   "gradients,2,optimizer-state,0,model-parameters,1,activations,0\r\n"
                   ROW "parameter-gathering,3,33.33,86.60,3,0,all-gather-discard,"
                   "never-needed,2,from-one-gpu,0,all-gather-keep,0,all-gather-discard,1\r\n"
                   ROW "pytorch-fsdp,3,66.67,75.59,2,1,fsdp,"
                   "ddp,0,fsdp,2,fsdp-no-shard,0,all-reduce-gradients,0\r\n"
                   ROW "memory-trade-off,3,66.67,75.59,3,0,extra-communication,"
                   "changed-convergence,1,extra-communication,2,stale-parameters,0,"
                   "same-communication,0\r\n"
                   ROW "stage-1-partition,3,33.33,86.60,2,1,optimizer-states,"
                   "parameters-only,1,optimizer-state-and-gradients,0,optimizer-states,1,"
                   "activations-only,0\r\n"
                   ROW "sharding-cost,3,33.33,86.60,3,0,extra-communication,"
                   "optimizer-state-all-gather,2,local-updates,0,cpu-offload,0,"
                   "extra-communication,1\r\n");
#undef ROW
}

/* An Urdu teacher's CSV names the quiz by its Urdu title. */
static void
test_figures_title_language (Lab           *lab,
                             gconstpointer  data)
{
  g_autofree char *english = attempts_csv (lab->report, IMTEHAN_REPORT_INCLUDE_EXAMS);
  g_autofree char *urdu = NULL;

  g_setenv ("LANGUAGE", "ur", TRUE);
  urdu = attempts_csv (lab->report, IMTEHAN_REPORT_INCLUDE_EXAMS);
  g_setenv ("LANGUAGE", "en", TRUE);
  g_assert_nonnull (strstr (english, "," TITLE ","));
  g_assert_null (strstr (urdu, "," TITLE ","));
  g_assert_nonnull (strstr (urdu, ",ZeRO اور تقسیم شدہ آپٹیمائزرز,"));
}

/* Whatever a name starts with, it stays text: the guard, then the quotes it may need. */
static void
test_figures_formula_guard (void)
{
  static const struct
  {
    const char *learner;
    const char *cell;
  } names[] = {
    { "+92 300", "'+92 300" },
    { "-Ali", "'-Ali" },
    { "\tTab", "'\tTab" },
    { "＝HYPERLINK(1)", "'＝HYPERLINK(1)" },
    { "=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"" },
    { "Line\nbreak", "\"Line\nbreak\"" },
    { "O'Brien = ok", "O'Brien = ok" },
  };
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autofree char *root = g_dir_make_tmp ("imtehan-figures-XXXXXX", NULL);
  g_autofree char *csv = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(ImtehanAttempt) attempt = imtehan_test_make_attempt (quiz, IMTEHAN_MODE_EXAM,
                                                                     names[i].learner, "c",
                                                                     TRUE);
      g_autofree char *path = imtehan_test_write_attempt (root, attempt);
    }
  imtehan_report_add_quiz (report, quiz);
  imtehan_test_load_report_folder (report, root);
  csv = attempts_csv (report, IMTEHAN_REPORT_INCLUDE_EXAMS);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *row = g_strconcat ("\r\n", names[i].cell, ",,", QUIZ_ID ",", NULL);

      if (strstr (csv, row) == NULL)
        g_error ("No row for %s in:\n%s", names[i].learner, csv);
    }
  imtehan_test_remove_tree (root);
}

/* Two quizzes in one report: each question column is named with its quiz, and a row leaves
 * the other quiz's columns empty. */
static void
test_figures_several_quizzes (void)
{
  static const char tiny[] =
    "[Quiz]\nFormatVersion=1\nId=tiny\nTitle=Tiny\n\n"
    "[Question q1]\nText=Two plus two?\nChoices=four;five\nChoice.four=Four\nChoice.five=Five\n"
    "Answer=four\n";
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autoptr(ImtehanQuiz) tiny_quiz = NULL;
  g_autoptr(GBytes) bytes = g_bytes_new_static (tiny, sizeof tiny - 1);
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autoptr(ImtehanAttempt) zero = imtehan_test_make_attempt (quiz, IMTEHAN_MODE_EXAM, "Zara",
                                                              "cw", TRUE);
  g_autoptr(ImtehanAttempt) small = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("imtehan-figures-XXXXXX", NULL);
  g_autofree char *zero_path = NULL;
  g_autofree char *tiny_path = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *stats = NULL;
  g_auto(GStrv) lines = NULL;

  tiny_quiz = imtehan_quiz_new_from_bytes (bytes, "tiny.quiz", &error);
  g_assert_no_error (error);
  small = imtehan_test_make_attempt (tiny_quiz, IMTEHAN_MODE_EXAM, "Sana", "w", TRUE);
  zero_path = imtehan_test_write_attempt (root, zero);
  tiny_path = imtehan_test_write_attempt (root, small);
  imtehan_report_add_quiz (report, quiz);
  imtehan_report_add_quiz (report, tiny_quiz);
  imtehan_test_load_report_folder (report, root);

  csv = attempts_csv (report, IMTEHAN_REPORT_INCLUDE_EXAMS);
  lines = g_strsplit (csv, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_true (g_str_has_suffix (lines[0], ",Out of,tiny/q1," QUIZ_ID "/redundancy,"
                                   QUIZ_ID "/adam-state-memory," QUIZ_ID "/stage-3-partition,"
                                   QUIZ_ID "/parameter-gathering," QUIZ_ID "/pytorch-fsdp,"
                                   QUIZ_ID "/memory-trade-off," QUIZ_ID "/stage-1-partition,"
                                   QUIZ_ID "/sharding-cost"));
  /* In the report's order: by quiz id. */
  g_assert_true (g_str_has_prefix (lines[1], "Sana,,tiny,1,Tiny,"));
  g_assert_true (g_str_has_suffix (lines[1], ",0,1,0,,,,,,,,"));
  g_assert_true (g_str_has_prefix (lines[2], "Zara,,zero-sharded-optimizers,2,"));
  g_assert_true (g_str_has_suffix (lines[2], ",1,8,,1,0,,,,,,"));
  g_assert_cmpstr (lines[3], ==, "");

  /* Two choice columns for tiny's question, four for the others. */
  stats = stats_csv (report, IMTEHAN_REPORT_INCLUDE_EXAMS);
  g_assert_nonnull (strstr (stats, "\r\ntiny,1,Tiny,q1,1,0.00,,1,0,four,four,0,five,1,,,,\r\n"));
  imtehan_test_remove_tree (root);
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

/* Saving writes exactly what the stream gets, replaces an older export by a rename (another
 * inode: a reader of the old one never sees half a file), and never writes onto a file the
 * report read, under its name, another name for it, or any name ending in .ini. */
static void
test_figures_save_csv (Lab           *lab,
                       gconstpointer  data)
{
  g_autofree char *out_dir = g_dir_make_tmp ("imtehan-figures-out-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (out_dir, "class.csv", NULL);
  g_autofree char *ini_path = g_build_filename (out_dir, "class.INI", NULL);
  g_autofree char *link_path = g_build_filename (out_dir, "link.csv", NULL);
  g_autofree char *expected = attempts_csv (lab->report, IMTEHAN_REPORT_INCLUDE_EXAMS);
  g_autofree char *written = NULL;
  g_autofree char *attempt_before = NULL;
  g_autofree char *attempt_after = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) ini = g_file_new_for_path (ini_path);
  g_autoptr(GFile) link = g_file_new_for_path (link_path);
  g_autoptr(GFile) attempt_file = g_file_new_for_path (g_ptr_array_index (lab->paths, 1));
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  struct stat before, after;

  g_assert_true (imtehan_report_save_csv (lab->report, IMTEHAN_REPORT_CSV_ATTEMPTS,
                                          IMTEHAN_REPORT_INCLUDE_EXAMS, file, NULL, &error));
  g_assert_no_error (error);
  written = read_file (path);
  g_assert_cmpstr (written, ==, expected);
  g_assert_no_errno (g_stat (path, &before));
  g_assert_cmpint (before.st_mode & 0777, ==, 0640);

  g_assert_true (imtehan_report_save_csv (lab->report, IMTEHAN_REPORT_CSV_STATISTICS,
                                          IMTEHAN_REPORT_INCLUDE_EXAMS, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_no_errno (g_stat (path, &after));
  g_assert_cmpuint (before.st_ino, !=, after.st_ino);
  g_clear_pointer (&written, g_free);
  written = read_file (path);
  g_assert_true (g_str_has_prefix (written, BOM "Quiz,Version,Title,Question,"));

  /* No temporary file is left beside it. */
  {
    g_autoptr(GDir) dir = g_dir_open (out_dir, 0, NULL);

    g_assert_cmpstr (g_dir_read_name (dir), ==, "class.csv");
    g_assert_null (g_dir_read_name (dir));
  }

  /* A folder that is not there: the error names the file, and nothing is made. */
  {
    g_autofree char *missing_path = g_build_filename (out_dir, "missing", "class.csv", NULL);
    g_autoptr(GFile) missing = g_file_new_for_path (missing_path);

    g_assert_false (imtehan_report_save_csv (lab->report, IMTEHAN_REPORT_CSV_ATTEMPTS,
                                             IMTEHAN_REPORT_INCLUDE_EXAMS, missing, NULL, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
    g_assert_true (g_str_has_prefix (error->message, missing_path));
    g_clear_error (&error);
  }

  /* Cancelled: the older file stays whole. */
  g_cancellable_cancel (cancellable);
  g_assert_false (imtehan_report_save_csv (lab->report, IMTEHAN_REPORT_CSV_ATTEMPTS,
                                           IMTEHAN_REPORT_INCLUDE_EXAMS, file, cancellable,
                                           &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_clear_pointer (&attempt_after, g_free);
  attempt_after = read_file (path);
  g_assert_cmpstr (attempt_after, ==, written);

  attempt_before = read_file (g_file_peek_path (attempt_file));
  g_assert_false (imtehan_report_save_csv (lab->report, IMTEHAN_REPORT_CSV_ATTEMPTS,
                                           IMTEHAN_REPORT_INCLUDE_EXAMS, attempt_file, NULL,
                                           &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME);
  g_clear_error (&error);

  /* The same file by another name, not ending in .ini. */
  g_assert_no_errno (symlink (g_file_peek_path (attempt_file), link_path));
  g_assert_false (imtehan_report_save_csv (lab->report, IMTEHAN_REPORT_CSV_ATTEMPTS,
                                           IMTEHAN_REPORT_INCLUDE_EXAMS, link, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, "link.csv"));
  g_clear_error (&error);
  g_clear_pointer (&attempt_after, g_free);
  attempt_after = read_file (g_file_peek_path (attempt_file));
  g_assert_cmpstr (attempt_after, ==, attempt_before);

  /* A new file named like an attempt is refused too: the next report would read it. */
  g_assert_false (imtehan_report_save_csv (lab->report, IMTEHAN_REPORT_CSV_STATISTICS,
                                           IMTEHAN_REPORT_INCLUDE_EXAMS, ini, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME);
  g_assert_false (g_file_test (ini_path, G_FILE_TEST_EXISTS));

  imtehan_test_remove_tree (out_dir);
}

/* An attempt file given to the report by itself, under a name not ending in .ini (a
 * teacher's renamed copy): still never overwritten. */
static void
test_figures_save_csv_source_file (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autoptr(ImtehanAttempt) attempt = imtehan_test_make_attempt (quiz, IMTEHAN_MODE_EXAM,
                                                                 "Iqra", "cc", TRUE);
  g_autofree char *root = g_dir_make_tmp ("imtehan-figures-XXXXXX", NULL);
  g_autofree char *data = imtehan_attempt_to_data (attempt, NULL);
  g_autofree char *path = imtehan_test_write_text (root, "iqra.csv", data);
  g_autofree char *after = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  imtehan_report_add_quiz (report, quiz);
  g_assert_true (imtehan_report_load (report, &file, 1, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_quizzes (report)), ==, 1);

  g_assert_false (imtehan_report_save_csv (report, IMTEHAN_REPORT_CSV_ATTEMPTS,
                                           IMTEHAN_REPORT_INCLUDE_EXAMS, file, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  after = read_file (path);
  g_assert_cmpstr (after, ==, data);
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
  g_test_add ("/report-figures/attempts-csv", Lab, NULL, lab_setup, test_figures_attempts_csv,
              lab_teardown);
  g_test_add ("/report-figures/stats-csv", Lab, NULL, lab_setup, test_figures_stats_csv,
              lab_teardown);
  g_test_add ("/report-figures/title-language", Lab, NULL, lab_setup,
              test_figures_title_language, lab_teardown);
  g_test_add_func ("/report-figures/formula-guard", test_figures_formula_guard);
  g_test_add_func ("/report-figures/several-quizzes", test_figures_several_quizzes);
  g_test_add ("/report-figures/save-csv", Lab, NULL, lab_setup, test_figures_save_csv,
              lab_teardown);
  g_test_add_func ("/report-figures/save-csv-source-file", test_figures_save_csv_source_file);

  return g_test_run ();
}
