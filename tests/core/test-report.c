/* test-report.c: the class report's reading of attempt folders (issue 17)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every fixture is written here, into a temporary folder, by ImtehanAttempt itself (then
 * edited by hand where a case needs a damaged file), so the expected figures come from the
 * answers the test gave, not from numbers copied out of a file.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "imtehan-report.h"
#include "test-report-util.h"
#include "test-util.h"

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

static ImtehanAttempt *
make_attempt (ImtehanQuiz *quiz,
              const char  *learner,
              const char  *pattern,
              gboolean     finish)
{
  return imtehan_test_make_attempt (quiz, IMTEHAN_MODE_EXAM, learner, pattern, finish);
}

static guint
count_right (const char *pattern)
{
  guint n = 0;

  for (; *pattern; pattern++)
    n += *pattern == 'c';
  return n;
}

/* @text with its first @from replaced by @to. */
static char *
replace_once (const char *text,
              const char *from,
              const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int)(at - text), text, to, at + strlen (from));
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *)a, *(const char * const *)b);
}

/* Names, sizes, modes, inodes and modification times of everything under @path, with no
 * link followed: what must be the same after a report. */
static void
snapshot_into (GString    *out,
               const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)))
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *child = g_build_filename (path, g_ptr_array_index (names, i), NULL);
      struct stat st;

      g_assert_no_errno (lstat (child, &st));
      g_string_append_printf (out, "%s %o %" G_GINT64_FORMAT " %" G_GUINT64_FORMAT
                              " %ld.%09ld\n", child, st.st_mode, (gint64)st.st_size,
                              (guint64)st.st_ino, (long)st.st_mtim.tv_sec,
                              (long)st.st_mtim.tv_nsec);
      if (S_ISDIR (st.st_mode))
        snapshot_into (out, child);
    }
}

static char *
snapshot (const char *path)
{
  GString *out = g_string_new (NULL);

  snapshot_into (out, path);
  return g_string_free (out, FALSE);
}

static ImtehanReportAttempt *
find_attempt (ImtehanReport *report,
              const char    *id,
              const char    *path)
{
  GListModel *groups = imtehan_report_get_quizzes (report);
  GListModel *problems = imtehan_report_get_problems (report);

  for (guint g = 0; g < g_list_model_get_n_items (groups); g++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (groups, g);
      GListModel *attempts = imtehan_report_quiz_get_attempts (group);

      for (guint i = 0; i < g_list_model_get_n_items (attempts); i++)
        {
          g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (attempts, i);

          if (g_str_equal (imtehan_report_attempt_get_id (attempt), id))
            return attempt;
        }
    }
  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(ImtehanReportProblem) problem = g_list_model_get_item (problems, i);
      ImtehanReportAttempt *attempt = imtehan_report_problem_get_attempt (problem);

      if (attempt != NULL && g_str_equal (imtehan_report_attempt_get_id (attempt), id) &&
          (path == NULL ||
           g_strcmp0 (g_file_peek_path (imtehan_report_attempt_get_file (attempt)), path) == 0))
        return attempt;
    }
  return NULL;
}

/* The problem about @path, of @kind, or NULL. */
static ImtehanReportProblem *
find_problem (ImtehanReport            *report,
              const char               *path,
              ImtehanReportProblemKind  kind)
{
  GListModel *problems = imtehan_report_get_problems (report);

  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(ImtehanReportProblem) problem = g_list_model_get_item (problems, i);
      GFile *file = imtehan_report_problem_get_file (problem);

      if (imtehan_report_problem_get_kind (problem) == kind && file != NULL &&
          g_str_equal (g_file_peek_path (file), path))
        return problem;
    }
  return NULL;
}

static guint
count_counted (ImtehanReport *report)
{
  GListModel *groups = imtehan_report_get_quizzes (report);
  guint n = 0;

  for (guint g = 0; g < g_list_model_get_n_items (groups); g++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (groups, g);

      n += g_list_model_get_n_items (imtehan_report_quiz_get_attempts (group));
    }
  return n;
}

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

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GError **error = user_data;

  if (!imtehan_report_load_finish (IMTEHAN_REPORT (object), result, error))
    g_assert_nonnull (*error);
  else
    *error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_EXISTS, "done");
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 gpointer    user_data)
{
  ImtehanReport *report = IMTEHAN_REPORT (object);

  /* Progress never goes past the total, and arrives on this thread. */
  g_assert_cmpuint (imtehan_report_get_files_read (report), <=,
                    imtehan_report_get_files_total (report));
  (*(guint *)user_data)++;
}

/* On a worker: the main loop runs meanwhile and sees the progress; the lists change once,
 * at the end. */
static void
test_report_async (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autofree char *root = g_dir_make_tmp ("imtehan-report-XXXXXX", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (root);
  g_autoptr(GError) done = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  guint notifications = 0, n = 200;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *pc = g_strdup_printf ("%s/pc%02u", root, i % 10);
      g_autoptr(ImtehanAttempt) attempt = make_attempt (quiz, "L", i % 2 ? "cwcw" : "wcwc", TRUE);

      g_free (imtehan_test_write_attempt (pc, attempt));
    }
  imtehan_report_add_quiz (report, quiz);
  g_signal_connect (report, "notify::files-read", G_CALLBACK (count_notify_cb), &notifications);

  imtehan_report_load_async (report, &folder, 1, NULL, load_cb, &done);
  g_assert_true (imtehan_report_get_loading (report));
  IMTEHAN_TEST_WAIT_UNTIL (done != NULL, 30);
  g_assert_error (done, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_assert_false (imtehan_report_get_loading (report));
  g_assert_cmpuint (notifications, >=, 1);
  g_assert_cmpuint (imtehan_report_get_files_read (report), ==, n);
  g_assert_cmpuint (imtehan_report_get_files_total (report), ==, n);
  g_assert_cmpuint (count_counted (report), ==, n);

  /* Cancelled: an error, and the last result stays. */
  g_clear_error (&done);
  g_cancellable_cancel (cancellable);
  imtehan_report_load_async (report, &folder, 1, cancellable, load_cb, &done);
  IMTEHAN_TEST_WAIT_UNTIL (done != NULL, 30);
  g_assert_error (done, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (imtehan_report_get_loading (report));
  g_assert_cmpuint (count_counted (report), ==, n);

  imtehan_test_remove_tree (root);
}

typedef struct
{
  GPtrArray *paths;
  gint       stop;
} Churn;

/* Another PC at work on the share: files deleted, renamed, cut short and replaced. */
static gpointer
churn_thread (gpointer user_data)
{
  Churn *churn = user_data;

  for (guint round = 0; !g_atomic_int_get (&churn->stop); round++)
    for (guint i = 0; i < churn->paths->len && !g_atomic_int_get (&churn->stop); i++)
      {
        const char *path = g_ptr_array_index (churn->paths, i);
        g_autofree char *moved = g_strconcat (path, ".moved", NULL);
        g_autofree char *text = NULL;
        gsize length = 0;

        switch ((i + round) % 4)
          {
          case 0:
            g_unlink (path);
            break;
          case 1:
            g_rename (path, moved);
            g_rename (moved, path);
            break;
          case 2:
            if (g_file_get_contents (path, &text, &length, NULL))
              {
                FILE *out = fopen (path, "w"); /* not atomic: a half-written file */

                if (out != NULL)
                  {
                    fwrite (text, 1, length / 2, out);
                    fflush (out);
                    fwrite (text + length / 2, 1, length - length / 2, out);
                    fclose (out);
                  }
              }
            break;
          default:
            if (g_file_get_contents (path, &text, &length, NULL))
              g_file_set_contents (path, text, length / 3, NULL);
            break;
          }
      }
  return NULL;
}

static void
test_report_changing (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autofree char *root = g_dir_make_tmp ("imtehan-report-XXXXXX", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (root);
  Churn churn = { g_ptr_array_new_with_free_func (g_free), 0 };
  GThread *thread;
  guint n = 400;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *pc = g_strdup_printf ("%s/pc%02u", root, i % 8);
      g_autoptr(ImtehanAttempt) attempt = make_attempt (quiz, "L", "cwc-cwc", TRUE);

      g_ptr_array_add (churn.paths, imtehan_test_write_attempt (pc, attempt));
    }

  thread = g_thread_new ("churn", churn_thread, &churn);
  for (guint run = 0; run < 5; run++)
    {
      g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
      g_autoptr(GError) done = NULL;
      GListModel *problems;
      guint counted;

      imtehan_report_add_quiz (report, quiz);
      imtehan_report_load_async (report, &folder, 1, NULL, load_cb, &done);
      IMTEHAN_TEST_WAIT_UNTIL (done != NULL, 60);
      g_assert_error (done, G_IO_ERROR, G_IO_ERROR_EXISTS);

      problems = imtehan_report_get_problems (report);
      counted = count_counted (report);
      g_assert_cmpuint (counted + g_list_model_get_n_items (problems), >=,
                        imtehan_report_get_files_total (report));
      g_assert_cmpuint (counted, <=, imtehan_report_get_files_total (report));
      for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
        {
          g_autoptr(ImtehanReportProblem) problem = g_list_model_get_item (problems, i);
          ImtehanReportProblemKind kind = imtehan_report_problem_get_kind (problem);

          g_assert_true (kind == IMTEHAN_REPORT_PROBLEM_VANISHED ||
                         kind == IMTEHAN_REPORT_PROBLEM_DAMAGED ||
                         kind == IMTEHAN_REPORT_PROBLEM_UNREADABLE);
          g_assert_nonnull (imtehan_report_problem_get_message (problem));
        }
      g_test_message ("run %u: %u files, %u counted, %u problems", run,
                      imtehan_report_get_files_total (report), counted,
                      g_list_model_get_n_items (problems));
    }
  g_atomic_int_set (&churn.stop, 1);
  g_thread_join (thread);

  g_ptr_array_unref (churn.paths);
  imtehan_test_remove_tree (root);
}

/* A folder of 100,000 files that are not attempts: none of them is opened. */
static void
test_report_unrelated (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autofree char *root = g_dir_make_tmp ("imtehan-report-XXXXXX", NULL);
  g_autoptr(ImtehanAttempt) attempt = make_attempt (quiz, "L", "cc", TRUE);
  gint64 start;

  for (guint i = 0; i < 100000; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/photo-%06u.jpg", root, i);
      int fd = g_open (path, O_WRONLY | O_CREAT, 0600);

      g_assert_cmpint (fd, >=, 0);
      close (fd);
    }
  g_free (imtehan_test_write_attempt (root, attempt));
  imtehan_report_add_quiz (report, quiz);

  start = g_get_monotonic_time ();
  imtehan_test_load_report_folder (report, root);
  g_test_message ("100,000 unrelated files: %.1f ms",
                  (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpuint (imtehan_report_get_files_total (report), ==, 1);
  g_assert_cmpuint (count_counted (report), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_problems (report)), ==, 0);

  imtehan_test_remove_tree (root);
}

/* What a load gave, as text: every group's attempts and every problem, in order. */
static char *
describe_report (ImtehanReport *report)
{
  GListModel *quizzes = imtehan_report_get_quizzes (report);
  GListModel *problems = imtehan_report_get_problems (report);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (quizzes); i++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (quizzes, i);
      GListModel *attempts = imtehan_report_quiz_get_attempts (group);

      g_string_append_printf (out, "quiz %s\n",
                              imtehan_quiz_get_digest (imtehan_report_quiz_get_quiz (group)));
      for (guint j = 0; j < g_list_model_get_n_items (attempts); j++)
        {
          g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (attempts, j);

          g_string_append_printf (out, "  %s %s %d %d %u/%u copies %u\n",
                                  imtehan_report_attempt_get_id (attempt),
                                  g_file_peek_path (imtehan_report_attempt_get_file (attempt)),
                                  imtehan_report_attempt_get_status (attempt),
                                  imtehan_report_attempt_get_flags (attempt),
                                  imtehan_report_attempt_get_score (attempt),
                                  imtehan_report_attempt_get_total (attempt),
                                  imtehan_report_attempt_get_copies (attempt)->len);
        }
    }
  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(ImtehanReportProblem) problem = g_list_model_get_item (problems, i);
      GFile *file = imtehan_report_problem_get_file (problem);

      g_string_append_printf (out, "problem %d %s:%u %s\n",
                              imtehan_report_problem_get_kind (problem),
                              file ? g_file_peek_path (file) : "-",
                              imtehan_report_problem_get_line (problem),
                              imtehan_report_problem_get_message (problem));
    }
  return g_string_free (out, FALSE);
}

/* A lab's folder read by one thread and by four gives the same report, in the same order:
 * attempts, copies merged, conflicts and damaged files. */
static void
test_report_readers (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autofree char *root = g_dir_make_tmp ("imtehan-report-XXXXXX", NULL);
  g_autofree char *one = NULL;
  g_autofree char *four = NULL;
  guint n_damaged = 0, n_conflicts = 0;

  for (guint i = 0; i < 600; i++)
    {
      g_autofree char *pc = g_strdup_printf ("pc%02u", i % 7);
      g_autofree char *folder = g_build_filename (root, pc, NULL);
      g_autoptr(ImtehanAttempt) attempt = make_attempt (quiz, "L", i % 3 ? "cwcwcc" : "wwc",
                                                        i % 5 != 0);

      if (i % 41 == 0)
        {
          g_autofree char *name = g_strdup_printf ("damaged-%u.ini", i);

          g_free (imtehan_test_write_text (folder, name, "[Attempt]\nVersion=2\nId=\n"));
          n_damaged++;
          continue;
        }
      g_free (imtehan_test_write_attempt (folder, attempt));
      /* A USB copy of some, and a later save of others with another answer: a conflict. */
      if (i % 13 == 0)
        {
          g_autofree char *copy = g_build_filename (root, "usb", pc, NULL);

          if (i % 5 == 0)
            {
              ImtehanQuestion *last = imtehan_quiz_get_question (quiz, 7);

              g_assert_true (imtehan_attempt_choose (attempt, 7,
                                                     imtehan_test_wrong_choice (last)));
              n_conflicts++;
            }
          g_free (imtehan_test_write_attempt (copy, attempt));
        }
    }

  for (guint n = 1; n <= 4; n += 3)
    {
      g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);

      imtehan_report_add_quiz (report, quiz);
      imtehan_report_set_max_readers (report, n);
      imtehan_test_load_report_folder (report, root);
      g_assert_cmpuint (count_counted (report), ==, 600 - n_damaged - n_conflicts);
      *(n == 1 ? &one : &four) = describe_report (report);
    }
  g_assert_cmpstr (four, ==, one);
  g_assert_cmpuint (n_conflicts, >, 0);
  g_assert_nonnull (strstr (one, "damaged-41.ini"));

  imtehan_test_remove_tree (root);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/report/scores", test_report_scores);
  g_test_add_func ("/report/version-1", test_report_version_1);
  g_test_add_func ("/report/quiz-version-1", test_report_quiz_version_1);
  g_test_add_func ("/report/problems", test_report_problems);
  g_test_add_func ("/report/duplicates", test_report_duplicates);
  g_test_add_func ("/report/async", test_report_async);
  g_test_add_func ("/report/changing", test_report_changing);
  g_test_add_func ("/report/unrelated", test_report_unrelated);
  g_test_add_func ("/report/readers", test_report_readers);

  return g_test_run ();
}
