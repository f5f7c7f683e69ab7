/* test-report-csv.c: a report's CSV files, spelt out byte for byte, and saving them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every lab here is written as attempt files by ImtehanAttempt, then read back by the
 * report as a teacher's would be.
 */

#include "config.h"

#include "test-report-figures-common.h"

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
