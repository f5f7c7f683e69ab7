/* test-report-problems.c: the files a report lists apart, and copies counted once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "test-report-common.h"

#define BUNDLED_QUIZ QUIZ_DIR "/zero-sharded-optimizers.quiz"

/* The bundled quiz with one more comment: the same id and version, another digest. */
static ImtehanQuiz *
load_edited_quiz (void)
{
  g_autofree char *text = NULL;
  g_autofree char *edited = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  ImtehanQuiz *quiz;

  g_assert_true (g_file_get_contents (BUNDLED_QUIZ, &text, NULL, &error));
  edited = g_strconcat (text, "\n# edited after the lesson\n", NULL);
  bytes = g_bytes_new_take (g_steal_pointer (&edited), strlen (text) + 27);
  quiz = imtehan_quiz_new_from_bytes (bytes, "edited.quiz", &error);
  g_assert_no_error (error);
  return quiz;
}

/* Files that are not attempts the report can count: each is a listed problem with its
 * reason (and line where known), the rest is still counted, and nothing is written. */
static void
test_report_problems (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autoptr(ImtehanQuiz) edited_quiz = load_edited_quiz ();
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autofree char *root = g_dir_make_tmp ("imtehan-report-XXXXXX", NULL);
  g_autofree char *pc = g_build_filename (root, "pc01", NULL);
  g_autoptr(ImtehanAttempt) good = make_attempt (quiz, "Good", "ccwc", TRUE);
  g_autoptr(ImtehanAttempt) changed = make_attempt (edited_quiz, "Changed", "cccc", TRUE);
  g_autoptr(ImtehanAttempt) base = make_attempt (quiz, "Base", "cwcw", TRUE);
  g_autofree char *good_path = imtehan_test_write_attempt (pc, good);
  g_autofree char *changed_path = imtehan_test_write_attempt (pc, changed);
  g_autofree char *base_text = imtehan_attempt_to_data (base, NULL);
  g_autofree char *future_text = replace_once (base_text, "\nVersion=2\n", "\nVersion=99\n");
  g_autofree char *future_path = imtehan_test_write_text (pc, "future.ini", future_text);
  g_autofree char *missing_text = replace_once (base_text, "Quiz=zero-sharded-optimizers",
                                                "Quiz=another-quiz");
  g_autofree char *missing_path = imtehan_test_write_text (pc, "missing.ini", missing_text);
  g_autofree char *corrupt_path = imtehan_test_write_text (pc, "corrupt.ini",
                                                           "this is not a key file\n");
  g_autofree char *cut_text = g_strndup (base_text, strstr (base_text, "\n[Question ") - base_text
                                                    + 5);
  g_autofree char *cut_path = imtehan_test_write_text (pc, "cut.ini", cut_text);
  g_autofree char *fifo_path = g_build_filename (pc, "fifo.ini", NULL);
  g_autofree char *loop_path = g_build_filename (pc, "back-to-root", NULL);
  g_autofree char *link_a = g_build_filename (root, "a.ini", NULL);
  g_autofree char *link_b = g_build_filename (root, "b.ini", NULL);
  g_autofree char *deep = g_build_filename (root, "1", "2", "3", "4", "5", NULL);
  g_autofree char *deep_path = NULL;
  g_autofree char *unrelated = imtehan_test_write_text (root, "notes.txt", "not an attempt");
  g_autofree char *hidden = g_build_filename (root, ".Trash-1000", NULL);
  g_autofree char *hidden_path = imtehan_test_write_attempt (hidden, base);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  ImtehanReportProblem *problem;
  ImtehanReportAttempt *found;

  g_assert_no_errno (mkfifo (fifo_path, 0600));
  g_assert_no_errno (symlink ("..", loop_path));
  g_assert_no_errno (symlink ("b.ini", link_a));
  g_assert_no_errno (symlink ("a.ini", link_b));
  deep_path = imtehan_test_write_attempt (deep, base);

  imtehan_report_add_quiz (report, quiz);
  before = snapshot (root);
  imtehan_test_load_report_folder (report, root);
  after = snapshot (root);
  g_assert_cmpstr (before, ==, after);

  /* Only the good attempt is counted. */
  g_assert_cmpuint (count_counted (report), ==, 1);
  found = find_attempt (report, imtehan_attempt_get_id (good), NULL);
  g_assert_cmpuint (imtehan_report_attempt_get_score (found), ==, count_right ("ccwc"));

  /* The quiz changed since the attempt: listed apart with what its file says. */
  g_assert_nonnull (find_problem (report, changed_path, IMTEHAN_REPORT_PROBLEM_QUIZ_CHANGED));
  found = find_attempt (report, imtehan_attempt_get_id (changed), NULL);
  g_assert_cmpint (imtehan_report_attempt_get_status (found), ==,
                   IMTEHAN_REPORT_STATUS_QUIZ_CHANGED);
  g_assert_cmpstr (imtehan_report_attempt_get_learner (found), ==, "Changed");
  g_assert_cmpint (imtehan_report_attempt_get_saved_score (found), ==, count_right ("cccc"));
  g_assert_null (imtehan_report_attempt_get_quiz (found));

  problem = find_problem (report, missing_path, IMTEHAN_REPORT_PROBLEM_QUIZ_MISSING);
  g_assert_nonnull (problem);
  g_assert_nonnull (strstr (imtehan_report_problem_get_message (problem), "another-quiz"));
  g_assert_cmpint (imtehan_report_attempt_get_status (imtehan_report_problem_get_attempt (problem)),
                   ==, IMTEHAN_REPORT_STATUS_QUIZ_MISSING);

  problem = find_problem (report, future_path, IMTEHAN_REPORT_PROBLEM_NEWER_VERSION);
  g_assert_nonnull (problem);
  g_assert_cmpuint (imtehan_report_problem_get_line (problem), ==, 2);
  problem = find_problem (report, corrupt_path, IMTEHAN_REPORT_PROBLEM_DAMAGED);
  g_assert_nonnull (problem);
  g_assert_cmpuint (imtehan_report_problem_get_line (problem), ==, 1);
  problem = find_problem (report, cut_path, IMTEHAN_REPORT_PROBLEM_DAMAGED);
  g_assert_nonnull (problem);
  g_assert_cmpuint (imtehan_report_problem_get_line (problem), >, 1);
  g_assert_null (imtehan_report_problem_get_attempt (problem));

  g_assert_nonnull (find_problem (report, fifo_path, IMTEHAN_REPORT_PROBLEM_NOT_REGULAR));
  g_assert_nonnull (find_problem (report, loop_path, IMTEHAN_REPORT_PROBLEM_FOLDER_SKIPPED));
  problem = find_problem (report, link_a, IMTEHAN_REPORT_PROBLEM_UNREADABLE);
  g_assert_nonnull (problem);
  g_assert_nonnull (strstr (imtehan_report_problem_get_message (problem), g_strerror (ELOOP)));
  g_assert_nonnull (find_problem (report, link_b, IMTEHAN_REPORT_PROBLEM_UNREADABLE));
  g_assert_nonnull (find_problem (report, deep, IMTEHAN_REPORT_PROBLEM_FOLDER_SKIPPED));

  /* Nothing else: the hidden folder and the unrelated file are not read. */
  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_problems (report)), ==, 10);
  g_assert_cmpuint (imtehan_report_get_files_total (report), ==, 7);
  g_assert_null (find_attempt (report, imtehan_attempt_get_id (base), hidden_path));
  g_assert_null (find_attempt (report, imtehan_attempt_get_id (base), deep_path));

  /* Given the quiz as it was, the changed attempt is counted, in a group of its own. */
  imtehan_report_add_quiz (report, edited_quiz);
  imtehan_test_load_report_folder (report, root);
  g_assert_cmpuint (count_counted (report), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_quizzes (report)), ==, 2);
  found = find_attempt (report, imtehan_attempt_get_id (changed), NULL);
  g_assert_true (imtehan_report_attempt_get_quiz (found) == edited_quiz);
  g_assert_cmpuint (imtehan_report_attempt_get_score (found), ==, count_right ("cccc"));
  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_problems (report)), ==, 9);

  imtehan_test_remove_tree (root);
}

/* Three USB copies of one folder: each attempt counted once. The same id with other answers
 * is listed apart, both files, and counted nowhere. */
static void
test_report_duplicates (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autofree char *root = g_dir_make_tmp ("imtehan-report-XXXXXX", NULL);
  g_autoptr(ImtehanAttempt) copied = make_attempt (quiz, "Copied", "ccccwwww", TRUE);
  g_autoptr(ImtehanAttempt) moved = make_attempt (quiz, "Moved", "ccc", FALSE);
  g_autoptr(ImtehanAttempt) split = make_attempt (quiz, "Split", "ccc", FALSE);
  g_autofree char *split_1 = NULL;
  g_autofree char *split_2 = NULL;
  ImtehanReportAttempt *found;

  for (guint usb = 1; usb <= 3; usb++)
    {
      g_autofree char *name = g_strdup_printf ("usb%u", usb);
      g_autofree char *folder = g_build_filename (root, name, "pc07", NULL);
      g_autofree char *path = imtehan_test_write_attempt (folder, copied);

      /* The same answers, saved again after a move to another question: other bytes. */
      imtehan_attempt_set_current (moved, usb);
      g_free (imtehan_test_write_attempt (folder, moved));
      if (usb == 1)
        split_1 = imtehan_test_write_attempt (folder, split);
    }
  g_assert_true (imtehan_attempt_choose (split, 5, imtehan_question_get_answer (
                                                     imtehan_quiz_get_question (quiz, 5))));
  {
    g_autofree char *folder = g_build_filename (root, "usb2", "pc07", NULL);

    split_2 = imtehan_test_write_attempt (folder, split);
  }

  imtehan_report_add_quiz (report, quiz);
  imtehan_test_load_report_folder (report, root);

  g_assert_cmpuint (count_counted (report), ==, 2);
  found = find_attempt (report, imtehan_attempt_get_id (copied), NULL);
  g_assert_cmpuint (imtehan_report_attempt_get_copies (found)->len, ==, 2);
  g_assert_true (imtehan_report_attempt_get_flags (found) & IMTEHAN_REPORT_FLAG_COPIES);
  g_assert_cmpuint (imtehan_report_attempt_get_score (found), ==, count_right ("ccccwwww"));
  found = find_attempt (report, imtehan_attempt_get_id (moved), NULL);
  g_assert_cmpuint (imtehan_report_attempt_get_copies (found)->len, ==, 2);

  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_problems (report)), ==, 2);
  found = find_attempt (report, imtehan_attempt_get_id (split), split_1);
  g_assert_nonnull (found);
  g_assert_cmpint (imtehan_report_attempt_get_status (found), ==, IMTEHAN_REPORT_STATUS_CONFLICT);
  g_assert_cmpuint (imtehan_report_attempt_get_score (found), ==, 3);
  g_assert_nonnull (find_problem (report, split_1, IMTEHAN_REPORT_PROBLEM_CONFLICT));
  found = find_attempt (report, imtehan_attempt_get_id (split), split_2);
  g_assert_nonnull (found);
  g_assert_cmpint (imtehan_report_attempt_get_status (found), ==, IMTEHAN_REPORT_STATUS_CONFLICT);
  g_assert_cmpuint (imtehan_report_attempt_get_score (found), ==, 4);
  g_assert_nonnull (find_problem (report, split_2, IMTEHAN_REPORT_PROBLEM_CONFLICT));

  imtehan_test_remove_tree (root);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/report/problems", test_report_problems);
  g_test_add_func ("/report/duplicates", test_report_duplicates);

  return g_test_run ();
}
