/* test-report.c: the class report's scores, each attempt against the quiz it was taken on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "test-report-common.h"

/* A lab of three PCs, a folder each: every attempt counted once, in its quiz, with the score
 * of its answers, whatever its file's Score= says. */
static void
test_report_scores (void)
{
  static const char * const patterns[] = { "cccccccc", "cwc-cwcw", "--------", "wwwwwwww",
                                           "ccw-", "cccwwccc" };
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autofree char *root = g_dir_make_tmp ("imtehan-report-XXXXXX", NULL);
  g_autoptr(GPtrArray) attempts = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *edited_path = NULL;
  ImtehanReportQuiz *group;
  guint n_questions = imtehan_quiz_get_n_questions (quiz);

  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    {
      g_autofree char *pc = g_strdup_printf ("pc%02u", i % 3 + 1);
      g_autofree char *folder = g_build_filename (root, pc, NULL);
      g_autofree char *learner = g_strdup_printf ("Learner %u", i);
      ImtehanMode mode = i == 1 ? IMTEHAN_MODE_PRACTICE : IMTEHAN_MODE_EXAM;
      ImtehanAttempt *attempt = imtehan_test_make_attempt (quiz, mode, learner, patterns[i],
                                                           i != 4);
      g_autofree char *path = imtehan_test_write_attempt (folder, attempt);

      /* A learner who gave themselves full marks in a text editor. */
      if (i == 1)
        {
          g_autofree char *text = NULL;
          g_autofree char *from = g_strdup_printf ("\nScore=%u\n", count_right (patterns[i]));
          g_autofree char *to = g_strdup_printf ("\nScore=%u\n", n_questions);
          g_autofree char *edited = NULL;

          g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
          edited = replace_once (text, from, to);
          g_assert_true (g_file_set_contents (path, edited, -1, NULL));
          edited_path = g_strdup (path);
        }
      g_ptr_array_add (attempts, attempt);
    }

  imtehan_report_add_quiz (report, quiz);
  before = snapshot (root);
  imtehan_test_load_report_folder (report, root);
  after = snapshot (root);
  g_assert_cmpstr (before, ==, after);

  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_problems (report)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_quizzes (report)), ==, 1);
  group = imtehan_report_find_quiz (report, imtehan_quiz_get_id (quiz));
  g_assert_nonnull (group);
  g_assert_true (imtehan_report_quiz_get_quiz (group) == quiz);
  {
    /* One version: its title alone. */
    g_autofree char *title = imtehan_report_quiz_dup_title (group, "en");

    g_assert_cmpstr (title, ==, imtehan_quiz_get_title (quiz, "en"));
  }
  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_quiz_get_attempts (group)), ==,
                    G_N_ELEMENTS (patterns));
  g_assert_cmpuint (imtehan_report_get_files_total (report), ==, G_N_ELEMENTS (patterns));
  g_assert_cmpuint (imtehan_report_get_files_read (report), ==, G_N_ELEMENTS (patterns));

  for (guint i = 0; i < attempts->len; i++)
    {
      ImtehanAttempt *attempt = g_ptr_array_index (attempts, i);
      ImtehanReportAttempt *found = find_attempt (report, imtehan_attempt_get_id (attempt), NULL);
      g_autofree char *pc = g_strdup_printf ("pc%02u", i % 3 + 1);
      g_autofree char *learner = g_strdup_printf ("Learner %u", i);
      gboolean finished = i != 4;

      g_assert_nonnull (found);
      g_assert_cmpint (imtehan_report_attempt_get_status (found), ==,
                       IMTEHAN_REPORT_STATUS_COUNTED);
      g_assert_cmpstr (imtehan_report_attempt_get_learner (found), ==, learner);
      g_assert_cmpstr (imtehan_report_attempt_get_host (found), ==, g_get_host_name ());
      g_assert_nonnull (strstr (g_file_peek_path (imtehan_report_attempt_get_file (found)), pc));
      g_assert_cmpint (imtehan_report_attempt_get_mode (found), ==,
                       i == 1 ? IMTEHAN_MODE_PRACTICE : IMTEHAN_MODE_EXAM);
      g_assert_cmpint (imtehan_report_attempt_get_finished (found), ==, finished);
      g_assert_cmpint (imtehan_report_attempt_get_finish_reason (found), ==,
                       finished ? IMTEHAN_FINISH_REASON_SUBMITTED : IMTEHAN_FINISH_REASON_NONE);
      g_assert_true (g_date_time_equal (imtehan_report_attempt_get_started (found),
                                        imtehan_attempt_get_started (attempt)));
      if (finished)
        g_assert_cmpint (imtehan_report_attempt_get_duration (found), >=, 0);
      else
        g_assert_cmpint (imtehan_report_attempt_get_duration (found), ==, -1);
      g_assert_cmpuint (imtehan_report_attempt_get_n_questions (found), ==, n_questions);
      g_assert_cmpuint (imtehan_report_attempt_get_total (found), ==, n_questions);
      g_assert_cmpuint (imtehan_report_attempt_get_score (found), ==, count_right (patterns[i]));
      for (guint q = 0; q < n_questions; q++)
        {
          char letter = q < strlen (patterns[i]) ? patterns[i][q] : '-';

          g_assert_cmpstr (imtehan_report_attempt_get_choice (found, q), ==,
                           imtehan_attempt_get_answer (attempt, q));
          g_assert_cmpuint (imtehan_report_attempt_get_mark (found, q), ==, letter == 'c');
        }
      if (i == 1)
        {
          g_assert_cmpint (imtehan_report_attempt_get_saved_score (found), ==, n_questions);
          g_assert_cmpint (imtehan_report_attempt_get_flags (found), ==,
                           IMTEHAN_REPORT_FLAG_SCORE_MISMATCH);
          g_assert_cmpstr (g_file_peek_path (imtehan_report_attempt_get_file (found)), ==,
                           edited_path);
        }
      else
        {
          g_assert_cmpint (imtehan_report_attempt_get_saved_score (found), ==,
                           finished ? (gint64)count_right (patterns[i]) : -1);
          g_assert_cmpint (imtehan_report_attempt_get_flags (found), ==,
                           IMTEHAN_REPORT_FLAG_NONE);
        }
    }

  imtehan_test_remove_tree (root);
}

/* The first release's files (tests/data/attempts-v1) are counted, scored from their answers
 * against the quiz whose digest they name. The file saved before digests were recorded is
 * matched by QuizVersion, and says so; with another version it is listed apart. */
/* Attempts that the release before the quiz's Version 2 wrote (tests/data/attempts-quiz-v1,
 * made by that release's own code) are counted against Version 1's key, which the program
 * ships, apart from the attempts of today's version; without the kept versions they are
 * listed as not found, and nothing is counted. */
static void
test_report_quiz_version_1 (void)
{
  static const char * const bundled[] = {
    RESOURCE_BASE "/quizzes", RESOURCE_BASE "/quiz-versions", NULL
  };
  g_autoptr(ImtehanQuizVersions) versions = imtehan_quiz_versions_new (bundled, NULL, NULL);
  g_autoptr(ImtehanQuiz) first = imtehan_quiz_versions_lookup (versions,
                                                               "zero-sharded-optimizers", NULL, 1);
  g_autoptr(ImtehanQuiz) current = imtehan_test_load_bundled_quiz ();
  g_autoptr(GFile) old_folder = g_file_new_for_path (TEST_DATA_DIR "/attempts-quiz-v1");
  g_autoptr(GFile) new_folder = g_file_new_for_path (TEST_DATA_DIR "/attempts-v1");
  GFile *sources[] = { old_folder, new_folder };
  g_autoptr(GDir) dir = g_dir_open (TEST_DATA_DIR "/attempts-quiz-v1", 0, NULL);
  g_autoptr(GError) error = NULL;
  GListModel *groups;
  const char *name;
  guint n = 0, n_finished = 0;

  g_assert_nonnull (first);
  g_assert_cmpuint (imtehan_quiz_get_version (first), ==, 1);

  /* Without the versions: every file of Version 1 is a problem, none is counted. */
  {
    g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);

    imtehan_report_add_quiz (report, current);
    g_assert_true (imtehan_report_load (report, &old_folder, 1, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (count_counted (report), ==, 0);
    g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_problems (report)), ==, 6);
  }

  {
    g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);

    imtehan_report_add_quiz (report, current);
    imtehan_report_set_versions (report, versions);
    g_assert_true (imtehan_report_load (report, sources, G_N_ELEMENTS (sources), NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_problems (report)), ==, 0);

    /* Two groups, one per version, each with its own quiz. */
    groups = imtehan_report_get_quizzes (report);
    g_assert_cmpuint (g_list_model_get_n_items (groups), ==, 2);
    for (guint g = 0; g < 2; g++)
      {
        g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (groups, g);
        ImtehanQuiz *quiz = imtehan_report_quiz_get_quiz (group);
        guint expected = imtehan_quiz_get_version (quiz) == 1 ? 6 : 4;

        g_assert_true (quiz == first || g_str_equal (imtehan_quiz_get_digest (quiz),
                                                     imtehan_quiz_get_digest (current)));
        g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_quiz_get_attempts (group)), ==,
                          expected);
        /* Named by its version, since the report holds two. */
        {
          g_autofree char *title = imtehan_report_quiz_dup_title (group, "en");
          g_autofree char *expected_title =
            g_strdup_printf ("%s (version %u)", imtehan_quiz_get_title (quiz, "en"),
                             imtehan_quiz_get_version (quiz));

          g_assert_cmpstr (title, ==, expected_title);
        }
      }

    while ((name = g_dir_read_name (dir)))
      {
        g_autofree char *path = g_build_filename (TEST_DATA_DIR "/attempts-quiz-v1", name, NULL);
        g_autofree char *text = NULL;
        g_autoptr(GBytes) bytes = NULL;
        g_autoptr(ImtehanAttempt) attempt = NULL;
        ImtehanReportAttempt *found;
        guint right = 0;

        g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
        bytes = g_bytes_new (text, strlen (text));
        /* Read against Version 1, as the release that wrote it did. */
        attempt = imtehan_attempt_new_from_bytes (first, bytes, name, &error);
        g_assert_no_error (error);
        found = find_attempt (report, imtehan_attempt_get_id (attempt), NULL);
        g_assert_nonnull (found);
        g_assert_cmpint (imtehan_report_attempt_get_status (found), ==,
                         IMTEHAN_REPORT_STATUS_COUNTED);
        g_assert_true (imtehan_report_attempt_get_flags (found) & IMTEHAN_REPORT_FLAG_NO_DIGEST);
        for (guint q = 0; q < imtehan_quiz_get_n_questions (first); q++)
          {
            right += imtehan_attempt_is_correct (attempt, q);
            g_assert_cmpstr (imtehan_report_attempt_get_choice (found, q), ==,
                             imtehan_attempt_get_answer (attempt, q));
          }
        g_assert_cmpuint (imtehan_report_attempt_get_score (found), ==, right);
        if (imtehan_attempt_get_finished (attempt))
          {
            /* The score the release saved is the one recomputed: no flag. */
            g_assert_cmpuint (imtehan_report_attempt_get_score (found), ==,
                              imtehan_attempt_get_score (attempt));
            g_assert_false (imtehan_report_attempt_get_flags (found) &
                            IMTEHAN_REPORT_FLAG_SCORE_MISMATCH);
            n_finished++;
          }
        n++;
      }
    g_assert_cmpuint (n, ==, 6);
    g_assert_cmpuint (n_finished, ==, 5);
  }

  /* On another PC, without the program's versions: the PC's kept versions copied beside
   * its results are found in the folder given; a digest nobody has is named, with the
   * quiz's id and version. */
  {
    g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
    g_autofree char *root = g_dir_make_tmp ("imtehan-report-XXXXXX", NULL);
    g_autofree char *results = g_build_filename (root, "results", NULL);
    g_autofree char *kept = g_build_filename (root, "quiz-versions", NULL);
    g_autofree char *kept_name = g_strconcat (imtehan_quiz_get_digest (first), ".quiz", NULL);
    g_autofree char *kept_path = g_build_filename (kept, kept_name, NULL);
    g_autofree char *unknown_path = g_build_filename (results, "unknown.ini", NULL);
    g_autofree char *text = NULL;
    g_autofree char *edited = NULL;
    g_autoptr(GFile) root_file = g_file_new_for_path (root);
    GBytes *bytes = imtehan_quiz_get_bytes (first);
    GListModel *problems;
    g_autoptr(ImtehanReportProblem) problem = NULL;
    const char *message;

    g_assert_cmpint (g_mkdir (results, 0755), ==, 0);
    g_assert_cmpint (g_mkdir (kept, 0755), ==, 0);
    g_assert_true (g_file_set_contents (kept_path, g_bytes_get_data (bytes, NULL),
                                        g_bytes_get_size (bytes), NULL));
    g_dir_rewind (dir);
    while ((name = g_dir_read_name (dir)))
      {
        g_autofree char *from = g_build_filename (TEST_DATA_DIR "/attempts-quiz-v1", name, NULL);
        g_autofree char *to = g_build_filename (results, name, NULL);
        g_autofree char *contents = NULL;

        g_assert_true (g_file_get_contents (from, &contents, NULL, NULL));
        g_assert_true (g_file_set_contents (to, contents, -1, NULL));
        if (text == NULL)
          text = g_steal_pointer (&contents);
      }
    edited = replace_once (text, "QuizVersion=1\n",
                           "QuizVersion=7\nQuizDigest=00112233445566778899aabbccddeeff"
                           "00112233445566778899aabbccddeeff\n");
    {
      g_autofree char *id_line = NULL;
      g_auto(GStrv) lines = g_strsplit (edited, "\n", -1);

      /* Another attempt id, so that it is not a copy of the first. */
      for (guint i = 0; lines[i] != NULL; i++)
        if (g_str_has_prefix (lines[i], "Id="))
          {
            g_free (lines[i]);
            lines[i] = g_strdup ("Id=20261202T000000Z-00000000");
          }
      g_free (edited);
      edited = g_strjoinv ("\n", lines);
    }
    g_assert_true (g_file_set_contents (unknown_path, edited, -1, NULL));

    imtehan_report_add_quiz (report, current);
    g_assert_true (imtehan_report_load (report, &root_file, 1, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (count_counted (report), ==, 6);
    problems = imtehan_report_get_problems (report);
    g_assert_cmpuint (g_list_model_get_n_items (problems), ==, 1);
    problem = g_list_model_get_item (problems, 0);
    message = imtehan_report_problem_get_message (problem);
    g_assert_nonnull (strstr (message, "zero-sharded-optimizers"));
    g_assert_nonnull (strstr (message, "version 7"));
    g_assert_nonnull (strstr (message, "00112233445566778899aabbccddeeff"));
    imtehan_test_remove_tree (root);
  }
}

static void
test_report_version_1 (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (TEST_DATA_DIR "/attempts-v1");
  g_autoptr(GFile) no_digest = g_file_new_for_path (TEST_DATA_DIR "/attempt-without-digest.ini");
  GFile *sources[] = { folder, no_digest };
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (TEST_DATA_DIR "/attempts-v1", 0, NULL);
  const char *name;
  guint n = 0;

  imtehan_report_add_quiz (report, quiz);
  g_assert_true (imtehan_report_load (report, sources, G_N_ELEMENTS (sources), NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_problems (report)), ==, 0);

  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (TEST_DATA_DIR "/attempts-v1", name, NULL);
      g_autofree char *text = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(ImtehanAttempt) attempt = NULL;
      g_autoptr(GKeyFile) key_file = g_key_file_new ();
      ImtehanReportAttempt *found;
      guint right = 0;

      if (!g_str_has_suffix (name, ".ini"))
        continue;
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      bytes = g_bytes_new (text, strlen (text));
      attempt = imtehan_attempt_new_from_bytes (quiz, bytes, name, &error);
      g_assert_no_error (error);
      g_assert_true (g_key_file_load_from_data (key_file, text, -1, 0, NULL));
      found = find_attempt (report, imtehan_attempt_get_id (attempt), NULL);
      g_assert_nonnull (found);
      g_assert_cmpint (imtehan_report_attempt_get_status (found), ==,
                       IMTEHAN_REPORT_STATUS_COUNTED);
      /* An attempt in progress is scored too: the marks of the answers given so far. */
      for (guint q = 0; q < imtehan_quiz_get_n_questions (quiz); q++)
        right += imtehan_attempt_is_correct (attempt, q);
      g_assert_cmpuint (imtehan_report_attempt_get_score (found), ==, right);
      if (imtehan_attempt_get_finished (attempt))
        g_assert_cmpuint (imtehan_report_attempt_get_score (found), ==,
                          imtehan_attempt_get_score (attempt));
      g_assert_null (imtehan_report_attempt_get_host (found));
      if (imtehan_attempt_get_finished (attempt))
        g_assert_cmpint (imtehan_report_attempt_get_saved_score (found), ==,
                         g_key_file_get_integer (key_file, "Attempt", "Score", NULL));
      n++;
    }
  g_assert_cmpuint (n, ==, 4);

  {
    ImtehanReportAttempt *found = find_attempt (report, "20240501T093000Z-0badc0de", NULL);

    g_assert_nonnull (found);
    g_assert_cmpint (imtehan_report_attempt_get_status (found), ==, IMTEHAN_REPORT_STATUS_COUNTED);
    g_assert_true (imtehan_report_attempt_get_flags (found) & IMTEHAN_REPORT_FLAG_NO_DIGEST);
    g_assert_cmpstr (imtehan_report_attempt_get_learner (found), ==, "Ayesha");
    g_assert_false (imtehan_report_attempt_get_finished (found));
  }
  g_assert_cmpuint (count_counted (report), ==, 5);

  /* QuizVersion=1 names a version nobody gave the report. */
  {
    g_autofree char *root = g_dir_make_tmp ("imtehan-report-XXXXXX", NULL);
    g_autofree char *text = NULL;
    g_autofree char *edited = NULL;
    g_autofree char *path = NULL;
    g_autoptr(GFile) file = NULL;
    ImtehanReportAttempt *found;

    g_assert_true (g_file_get_contents (TEST_DATA_DIR "/attempt-without-digest.ini", &text,
                                        NULL, NULL));
    edited = replace_once (text, "QuizVersion=2", "QuizVersion=1");
    path = imtehan_test_write_text (root, "old.ini", edited);
    file = g_file_new_for_path (path);
    g_assert_true (imtehan_report_load (report, &file, 1, NULL, &error));
    g_assert_cmpuint (count_counted (report), ==, 0);
    g_assert_nonnull (find_problem (report, path, IMTEHAN_REPORT_PROBLEM_QUIZ_CHANGED));
    found = find_attempt (report, "20240501T093000Z-0badc0de", path);
    g_assert_nonnull (found);
    g_assert_cmpint (imtehan_report_attempt_get_status (found), ==,
                     IMTEHAN_REPORT_STATUS_QUIZ_CHANGED);
    imtehan_test_remove_tree (root);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/report/scores", test_report_scores);
  g_test_add_func ("/report/version-1", test_report_version_1);
  g_test_add_func ("/report/quiz-version-1", test_report_quiz_version_1);

  return g_test_run ();
}
