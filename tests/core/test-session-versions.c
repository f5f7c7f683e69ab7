/* test-session-versions.c: the session and the quiz's versions: attempts taken on other versions or other bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "imtehan-attempt.h"
#include "imtehan-attempt-summary.h"
#include "imtehan-context.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "imtehan-session.h"
#include "imtehan-store.h"
#include "session-fixture.h"
#include "test-util.h"

/* Attempts taken on an earlier version of the quiz stay in the history with their scores,
 * but their answers are to questions that have changed: none is resumed or opened, and the
 * learner is told why. */
static void
test_other_quiz_version (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *finished = write_attempt (fixture, "20260101T080000Z", 5, TRUE);
  g_autofree char *unfinished = write_attempt (fixture, "20260102T080000Z", 2, FALSE);
  g_autofree char *old_version = g_strdup_printf ("%u", imtehan_quiz_get_version (fixture->quiz) - 1);
  Result r = { 0 };

  g_assert_cmpuint (imtehan_quiz_get_version (fixture->quiz), >, 1);
  edit_attempt (fixture, finished, "QuizVersion", old_version);
  edit_attempt (fixture, unfinished, "QuizVersion", old_version);
  settle (fixture);
  g_assert_cmpuint (n_history (fixture), ==, 2);
  g_assert_false (imtehan_session_get_can_resume (fixture->session));

  imtehan_session_resume_async (fixture->session, "en", resume_cb, &r);
  run_until (result_done, &r);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  result_clear (&r);

  imtehan_session_open_async (fixture->session, unfinished, open_cb, &r);
  run_until (result_done, &r);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (r.error->message, old_version));
  g_assert_null (imtehan_session_get_attempt (fixture->session));
  result_clear (&r);

  imtehan_session_open_async (fixture->session, finished, open_cb, &r);
  run_until (result_done, &r);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  result_clear (&r);

  /* Its best score still counts as the learner's. */
  g_assert_true (imtehan_session_get_record (fixture->session, NULL, NULL, NULL, NULL));

  /* A file that does not say which version is taken for this one. */
  edit_attempt (fixture, unfinished, "QuizVersion", "0");
  settle (fixture);
  g_assert_true (imtehan_session_get_can_resume (fixture->session));
}

/* The history's attempts of Version 1, as the release before Version 2 wrote them
 * (tests/data/attempts-quiz-v1), open against Version 1 itself, which the program ships: the
 * questions, choices and key as they were. One left unfinished cannot be finished any more.
 * The session's own quiz is kept among the versions, for the day it changes. */
static void
test_earlier_version (Fixture       *fixture,
                      gconstpointer  data)
{
  static const char * const bundled[] = {
    RESOURCE_BASE "/quizzes", RESOURCE_BASE "/quiz-versions", NULL
  };
  g_autofree char *kept = g_build_filename (fixture->tmp, "quiz-versions", NULL);
  g_autoptr(ImtehanQuizVersions) versions = imtehan_quiz_versions_new (bundled, NULL, kept);
  g_autofree char *kept_name = g_strconcat (imtehan_quiz_get_digest (fixture->quiz), ".quiz", NULL);
  g_autofree char *kept_path = g_build_filename (kept, kept_name, NULL);
  g_autoptr(GDir) dir = g_dir_open (TEST_DATA_DIR "/attempts-quiz-v1", 0, NULL);
  const char *name;
  guint n_opened = 0, n_refused = 0;

  g_assert_cmpint (g_mkdir_with_parents (fixture->path, 0700), ==, 0);
  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *from = g_build_filename (TEST_DATA_DIR "/attempts-quiz-v1", name, NULL);
      g_autofree char *to = g_build_filename (fixture->path, name, NULL);
      g_autofree char *contents = NULL;

      g_assert_true (g_file_get_contents (from, &contents, NULL, NULL));
      g_assert_true (g_file_set_contents (to, contents, -1, NULL));
    }
  settle (fixture);
  g_assert_cmpuint (n_history (fixture), ==, 6);

  /* Without the versions, as before: refused. */
  {
    Result r = { 0 };

    imtehan_session_open_async (fixture->session, history_id (fixture, 0), open_cb, &r);
    run_until (result_done, &r);
    g_assert_nonnull (r.error);
    result_clear (&r);
  }

  imtehan_session_set_versions (fixture->session, versions);
  IMTEHAN_TEST_WAIT_UNTIL (g_file_test (kept_path, G_FILE_TEST_IS_REGULAR), 10);
  g_assert_true (g_file_test (kept_path, G_FILE_TEST_IS_REGULAR));

  for (guint i = 0; i < n_history (fixture); i++)
    {
      g_autoptr(ImtehanAttemptSummary) summary =
        g_list_model_get_item (imtehan_session_get_history (fixture->session), i);
      Result r = { 0 };

      imtehan_session_open_async (fixture->session, imtehan_attempt_summary_get_id (summary),
                                  open_cb, &r);
      run_until (result_done, &r);
      if (imtehan_attempt_summary_get_finished (summary))
        {
          g_autofree char *path = g_file_get_path (imtehan_attempt_summary_get_file (summary));
          g_autoptr(GKeyFile) file = g_key_file_new ();
          ImtehanQuiz *quiz;

          g_assert_no_error (r.error);
          quiz = imtehan_attempt_get_quiz (r.attempt);
          g_assert_cmpuint (imtehan_quiz_get_version (quiz), ==, 1);
          g_assert_cmpstr (imtehan_quiz_get_digest (quiz), ==,
                           "e7ed941dff1e899f3ebc99762b301e1ab28a0856c39dff3d70d525d07dae5c96");
          g_assert_true (imtehan_attempt_get_finished (r.attempt));
          g_assert_true (g_key_file_load_from_file (file, path, 0, NULL));
          g_assert_cmpint (imtehan_attempt_get_score (r.attempt), ==,
                           g_key_file_get_integer (file, "Attempt", "Score", NULL));
          /* Shown, not taken up: the session's attempt is untouched. */
          g_assert_null (imtehan_session_get_attempt (fixture->session));
          n_opened++;
        }
      else
        {
          g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
          g_assert_nonnull (strstr (r.error->message, "can no longer be finished"));
          n_refused++;
        }
      result_clear (&r);
    }
  g_assert_cmpuint (n_opened, ==, 5);
  g_assert_cmpuint (n_refused, ==, 1);
}

/* An attempt begun on another file of the same quiz and Version (a comment edited, say) is
 * resumed all the same, and keeps naming the file it began on: the digest is recorded for the
 * teacher's report, never a reason to refuse. So is a file that records none. */
static void
test_other_quiz_digest (Fixture       *fixture,
                        gconstpointer  data)
{
  const char *other_digest = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
  const char * const digests[] = { other_digest, "" };

  g_assert_cmpstr (imtehan_quiz_get_digest (fixture->quiz), !=, other_digest);
  for (guint i = 0; i < G_N_ELEMENTS (digests); i++)
    {
      g_autofree char *started = g_strdup_printf ("2026010%uT080000Z", i + 1);
      g_autofree char *id = write_attempt (fixture, started, 2, FALSE);
      g_autoptr(GKeyFile) saved = NULL;
      g_autofree char *recorded = NULL;
      Result r = { 0 };
      guint loaded;

      edit_attempt (fixture, id, "QuizDigest", digests[i]);
      settle (fixture);
      g_assert_true (imtehan_session_get_can_resume (fixture->session));
      imtehan_session_resume_async (fixture->session, "en", resume_cb, &r);
      run_until (result_done, &r);
      g_assert_no_error (r.error);
      g_assert_cmpstr (imtehan_attempt_get_id (r.attempt), ==, id);
      g_assert_cmpstr (imtehan_attempt_get_quiz_digest (r.attempt), ==,
                       *digests[i] ? digests[i] : NULL);

      g_assert_true (imtehan_attempt_choose (r.attempt, 2,
                                             imtehan_attempt_get_choice_order (r.attempt, 2)[0]));
      loaded = fixture->n_loaded;
      imtehan_session_submit (fixture->session, "en");
      /* The listing the submission asked for, then one after it: none is left in flight to
       * answer the next round's settle() with the folder as it was. */
      wait_for_listing (fixture, loaded);
      settle (fixture);
      saved = read_attempt_file (fixture, r.attempt);
      g_assert_true (g_key_file_get_boolean (saved, "Attempt", "Finished", NULL));
      recorded = g_key_file_get_string (saved, "Attempt", "QuizDigest", NULL);
      g_assert_cmpstr (recorded, ==, *digests[i] ? digests[i] : NULL);
      result_clear (&r);
    }
}

/* Version 1 files of the first release, in a results folder: listed, summarized as exams, and
 * the newest unfinished one resumed and saved again as Version 2 with its answers. */
static void
test_version_1_resume (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GFile) quiz_file = g_file_new_for_path (TEST_DATA_DIR "/attempts-v1/zero-sharded-optimizers.quiz");
  g_autoptr(GDir) dir = g_dir_open (TEST_DATA_DIR "/attempts-v1", 0, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;
  const char *name;
  guint n_files = 0;
  Result r = { 0 };

  /* This test's quiz is the one the files were taken on. */
  g_clear_object (&fixture->session);
  g_assert_finalize_object (fixture->quiz);
  fixture->quiz = imtehan_quiz_new_from_file (quiz_file, NULL, &error);
  g_assert_no_error (error);
  fixture->session = session_new (fixture, fixture->store);

  g_assert_cmpint (g_mkdir_with_parents (fixture->path, 0700), ==, 0);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *from = g_build_filename (TEST_DATA_DIR "/attempts-v1", name, NULL);
      g_autofree char *to = g_build_filename (fixture->path, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      if (!g_str_has_suffix (name, ".ini"))
        continue;
      g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (to, contents, length, NULL));
      n_files++;
    }
  g_assert_cmpuint (n_files, ==, 4);

  settle (fixture);
  g_assert_cmpuint (fixture->notices->len, ==, 0);
  g_assert_cmpuint (n_history (fixture), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(ImtehanAttemptSummary) summary =
        g_list_model_get_item (imtehan_session_get_history (fixture->session), i);

      g_assert_cmpint (imtehan_attempt_summary_get_mode (summary), ==, IMTEHAN_MODE_EXAM);
      g_assert_null (imtehan_attempt_summary_get_host (summary));
      g_assert_cmpint (imtehan_attempt_summary_get_finish_reason (summary), ==,
                       imtehan_attempt_summary_get_finished (summary)
                       ? IMTEHAN_FINISH_REASON_SUBMITTED : IMTEHAN_FINISH_REASON_NONE);
    }
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "ayesha khan"), ==, 1);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "عائشہ خان"), ==, 1);

  imtehan_session_resume_async (fixture->session, "en", resume_cb, &r);
  run_until (result_done, &r);
  g_assert_no_error (r.error);
  g_assert_false (imtehan_attempt_get_finished (r.attempt));
  g_assert_null (imtehan_session_get_deadline (fixture->session));
  g_assert_cmpint (imtehan_attempt_get_mode (r.attempt), ==, IMTEHAN_MODE_EXAM);
  g_assert_true (imtehan_attempt_choose (r.attempt, 7,
                                         imtehan_question_get_answer (imtehan_quiz_get_question (fixture->quiz, 7))));
  settle (fixture);
  value = read_attempt_key (fixture, r.attempt, "Attempt", "Version");
  g_assert_cmpstr (value, ==, "2");
  g_clear_pointer (&value, g_free);
  value = read_attempt_key (fixture, r.attempt, "Attempt", "Answered");
  g_assert_cmpint (atoi (value), ==, imtehan_attempt_get_n_answered (r.attempt));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (r.attempt), >=, 2);
  result_clear (&r);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/session/other-quiz-version", Fixture, NULL, fixture_set_up, test_other_quiz_version, fixture_tear_down);
  g_test_add ("/session/earlier-version", Fixture, NULL, fixture_set_up, test_earlier_version, fixture_tear_down);
  g_test_add ("/session/other-quiz-digest", Fixture, NULL, fixture_set_up, test_other_quiz_digest, fixture_tear_down);
  g_test_add ("/session/lab/version-1-resume", Fixture, NULL, fixture_set_up, test_version_1_resume, fixture_tear_down);

  return g_test_run ();
}
