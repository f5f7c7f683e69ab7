/* test-session.c: the session without a display: starting, saving, the history, resuming and opening
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

/* Starting saves the new attempt at once, and every answer and every move after it. */
static void
test_start_and_save (Fixture       *fixture,
                     gconstpointer  data)
{
  guint attempt_notified = 0, in_progress_notified = 0;
  ImtehanAttempt *attempt;
  g_autoptr(GKeyFile) saved = NULL;
  const char *right;

  g_signal_connect (fixture->session, "notify::attempt", G_CALLBACK (count_notify_cb),
                    &attempt_notified);
  g_signal_connect (fixture->session, "notify::in-progress", G_CALLBACK (count_notify_cb),
                    &in_progress_notified);
  g_assert_null (imtehan_session_get_attempt (fixture->session));
  g_assert_false (imtehan_session_get_in_progress (fixture->session));
  g_assert_false (imtehan_session_get_can_resume (fixture->session));

  attempt = imtehan_session_start (fixture->session, "ur");
  g_assert_true (imtehan_session_get_attempt (fixture->session) == attempt);
  g_assert_cmpuint (attempt_notified, ==, 1);
  g_assert_cmpuint (in_progress_notified, ==, 1);
  g_assert_true (imtehan_session_get_in_progress (fixture->session));
  g_assert_true (imtehan_session_get_can_resume (fixture->session));
  g_assert_cmpstr (imtehan_attempt_get_language (attempt), ==, "ur");
  settle (fixture);
  saved = read_attempt_file (fixture, attempt);
  g_assert_cmpint (g_key_file_get_integer (saved, "Attempt", "Answered", NULL), ==, 0);
  g_clear_pointer (&saved, g_key_file_unref);

  right = imtehan_question_get_answer (imtehan_quiz_get_question (fixture->quiz, 0));
  g_assert_true (imtehan_attempt_choose (attempt, 0, right));
  g_assert_true (imtehan_attempt_go_next (attempt));
  settle (fixture);
  saved = read_attempt_file (fixture, attempt);
  g_assert_cmpint (g_key_file_get_integer (saved, "Attempt", "Answered", NULL), ==, 1);
  g_assert_cmpint (g_key_file_get_integer (saved, "Attempt", "Current", NULL), ==, 1);
  g_assert_cmpuint (imtehan_session_get_n_unsaved (fixture->session), ==, 0);
  g_assert_null (imtehan_session_get_save_error (fixture->session));

  /* The language follows the learner's switches, and is saved. */
  imtehan_session_set_language (fixture->session, "en");
  settle (fixture);
  g_clear_pointer (&saved, g_key_file_unref);
  saved = read_attempt_file (fixture, attempt);
  {
    g_autofree char *language = g_key_file_get_string (saved, "Attempt", "Language", NULL);

    g_assert_cmpstr (language, ==, "en");
  }
}

/* The history is the quiz's attempts only, newest first, and follows the folder. */
static void
test_history (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *older = write_attempt (fixture, "20260101T080000Z", 3, TRUE);
  g_autofree char *newer = write_attempt (fixture, "20260102T080000Z", 5, TRUE);
  g_autofree char *other_path = g_build_filename (fixture->path, "20260103T080000Z-other.ini", NULL);
  g_autofree char *newer_path = g_build_filename (fixture->path, "20260102T080000Z-0000abcd.ini", NULL);
  g_autofree char *broken_path = g_build_filename (fixture->path, "20260104T080000Z-0000abcd.ini", NULL);
  g_autofree char *contents = NULL;

  /* An attempt of another quiz, in the same folder. */
  g_assert_true (g_file_get_contents (newer_path, &contents, NULL, NULL));
  {
    g_autoptr(GString) other = g_string_new (contents);

    g_string_replace (other, "Quiz=zero-sharded-optimizers", "Quiz=another-quiz", 1);
    g_string_replace (other, "Id=20260102T080000Z-0000abcd", "Id=20260103T080000Z-other", 1);
    g_assert_true (g_file_set_contents (other_path, other->str, -1, NULL));
  }

  g_assert_cmpuint (n_history (fixture), ==, 0);
  settle (fixture);
  g_assert_cmpuint (fixture->n_loaded, ==, 1);
  g_assert_cmpuint (n_history (fixture), ==, 2);
  g_assert_cmpstr (history_id (fixture, 0), ==, newer);
  g_assert_cmpstr (history_id (fixture, 1), ==, older);
  g_assert_cmpuint (fixture->notices->len, ==, 0);

  /* A file that cannot be read is set aside, and the learner is told where. */
  g_assert_true (g_file_set_contents (broken_path, "[Attempt]\nthe power went out", -1, NULL));
  g_test_expect_message ("imtehan-store", G_LOG_LEVEL_WARNING, "*20260104T080000Z-0000abcd.ini*");
  settle (fixture);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (n_history (fixture), ==, 2);
  g_assert_cmpuint (fixture->notices->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (fixture->notices, 0), fixture->tmp));
}

/* Best is the highest share right, last the newest finished; unfinished ones do not count. */
static void
test_record (Fixture       *fixture,
             gconstpointer  data)
{
  double best, last;
  guint best_total, last_total;

  settle (fixture);
  g_assert_false (imtehan_session_get_record (fixture->session, &best, &best_total, &last, &last_total));
  g_assert_cmpfloat (best, ==, 0);
  g_assert_cmpuint (last_total, ==, 0);

  g_free (write_attempt (fixture, "20260101T080000Z", 6, TRUE));
  g_free (write_attempt (fixture, "20260102T080000Z", 2, TRUE));
  g_free (write_attempt (fixture, "20260103T080000Z", 4, TRUE));
  g_free (write_attempt (fixture, "20260104T080000Z", 8, FALSE));
  settle (fixture);
  g_assert_true (imtehan_session_get_record (fixture->session, &best, &best_total, &last, &last_total));
  g_assert_cmpfloat (best, ==, 6);
  g_assert_cmpuint (best_total, ==, 8);
  g_assert_cmpfloat (last, ==, 4);
  g_assert_cmpuint (last_total, ==, 8);
  g_assert_true (imtehan_session_get_record (fixture->session, NULL, NULL, NULL, NULL));
}

/* An unfinished attempt of the folder is resumed: locked, loaded, in progress, in the
 * learner's language now; one open elsewhere is not offered. */
static void
test_resume (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *id = write_attempt (fixture, "20260101T080000Z", 3, FALSE);
  g_autoptr(ImtehanStore) elsewhere = imtehan_store_new (fixture->directory);
  g_autoptr(GError) error = NULL;
  Result r = { 0 }, pending = { 0 };

  settle (fixture);
  g_assert_true (imtehan_session_get_can_resume (fixture->session));
  g_assert_false (imtehan_session_get_in_progress (fixture->session));

  imtehan_session_resume_async (fixture->session, "en", resume_cb, &r);
  g_assert_true (imtehan_session_get_busy (fixture->session));
  /* One at a time: a second request meanwhile is refused, not queued. */
  imtehan_session_resume_async (fixture->session, "en", resume_cb, &pending);
  run_until (result_done, &pending);
  g_assert_error (pending.error, G_IO_ERROR, G_IO_ERROR_PENDING);
  run_until (result_done, &r);
  g_assert_no_error (r.error);
  g_assert_false (imtehan_session_get_busy (fixture->session));
  g_assert_cmpstr (imtehan_attempt_get_id (r.attempt), ==, id);
  g_assert_true (imtehan_session_get_attempt (fixture->session) == r.attempt);
  g_assert_true (imtehan_session_get_in_progress (fixture->session));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (r.attempt), ==, 3);
  g_assert_cmpstr (imtehan_attempt_get_language (r.attempt), ==, "en");
  /* Ours now: no other process may take it. */
  settle (fixture);
  g_assert_true (imtehan_store_is_locked_elsewhere (elsewhere, id));
  result_clear (&r);
  result_clear (&pending);

  /* Resuming again goes on with the attempt in memory. */
  imtehan_session_resume_async (fixture->session, "ur", resume_cb, &r);
  run_until (result_done, &r);
  g_assert_true (r.attempt == imtehan_session_get_attempt (fixture->session));
  g_assert_cmpstr (imtehan_attempt_get_language (r.attempt), ==, "ur");
  result_clear (&r);

  /* Another session on the same folder, as a second PC: the attempt is open here. */
  {
    g_autoptr(ImtehanStore) store = imtehan_store_new (fixture->directory);
    g_autoptr(ImtehanSession) other = session_new (fixture, store);
    guint loaded = fixture->n_loaded;

    imtehan_session_reload_history (other);
    wait_for_listing (fixture, loaded);
    g_assert_cmpuint (g_list_model_get_n_items (imtehan_session_get_history (other)), ==, 1);
    g_assert_false (imtehan_session_get_can_resume (other));
    imtehan_session_resume_async (other, "en", resume_cb, &r);
    run_until (result_done, &r);
    g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
    result_clear (&r);
  }

  /* Given back when the session goes: another may resume it now. */
  g_clear_object (&fixture->session);
  fixture->session = session_new (fixture, fixture->store);
  settle (fixture);
  g_assert_false (imtehan_store_is_locked_elsewhere (elsewhere, id));
  g_assert_true (imtehan_store_lock (elsewhere, id, &error));
  g_assert_no_error (error);
  imtehan_store_unlock (elsewhere, id);
}

/* A finished attempt is only loaded, to be shown; an unfinished one becomes the learner's
 * again; one no longer in the folder is reported. */
static void
test_open (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *finished = write_attempt (fixture, "20260101T080000Z", 8, TRUE);
  g_autofree char *unfinished = write_attempt (fixture, "20260102T080000Z", 2, FALSE);
  g_autofree char *path = g_strconcat (fixture->path, "/", finished, ".ini", NULL);
  ImtehanAttempt *started;
  Result r = { 0 };

  settle (fixture);
  imtehan_session_open_async (fixture->session, finished, open_cb, &r);
  run_until (result_done, &r);
  g_assert_no_error (r.error);
  g_assert_true (imtehan_attempt_get_finished (r.attempt));
  g_assert_cmpuint (imtehan_attempt_get_score (r.attempt), ==, 8);
  g_assert_null (imtehan_session_get_attempt (fixture->session));
  result_clear (&r);

  imtehan_session_open_async (fixture->session, unfinished, open_cb, &r);
  run_until (result_done, &r);
  g_assert_no_error (r.error);
  g_assert_true (imtehan_session_get_attempt (fixture->session) == r.attempt);
  g_assert_true (imtehan_session_get_in_progress (fixture->session));
  result_clear (&r);

  /* The attempt in memory is the one opened, whatever its file says. */
  started = imtehan_session_start (fixture->session, "en");
  imtehan_session_open_async (fixture->session, imtehan_attempt_get_id (started), open_cb, &r);
  run_until (result_done, &r);
  g_assert_true (r.attempt == started);
  result_clear (&r);

  imtehan_session_open_async (fixture->session, "20200101T000000Z-gone", open_cb, &r);
  run_until (result_done, &r);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  result_clear (&r);

  /* Listed, then deleted by a teacher collecting the folder: the error says why. */
  g_assert_cmpint (g_unlink (path), ==, 0);
  imtehan_session_open_async (fixture->session, finished, open_cb, &r);
  run_until (result_done, &r);
  g_assert_null (r.attempt);
  g_assert_nonnull (r.error);
  result_clear (&r);
}

/* Submitting finishes and saves the attempt, and lists the history again with it. */
static void
test_submit (Fixture       *fixture,
             gconstpointer  data)
{
  ImtehanAttempt *attempt = imtehan_session_start (fixture->session, "en");
  guint loaded = fixture->n_loaded;
  double best, last;
  guint best_total, last_total;

  for (guint q = 0; q < imtehan_attempt_get_n_questions (attempt); q++)
    g_assert_true (imtehan_attempt_choose (attempt, q,
                                           imtehan_question_get_answer (imtehan_quiz_get_question (fixture->quiz, q))));
  imtehan_session_submit (fixture->session, "ur");
  g_assert_true (imtehan_attempt_get_finished (attempt));
  g_assert_false (imtehan_session_get_in_progress (fixture->session));
  g_assert_false (imtehan_session_get_can_resume (fixture->session));
  g_assert_true (imtehan_session_get_attempt (fixture->session) == attempt);
  wait_for_listing (fixture, loaded);
  g_assert_cmpuint (n_history (fixture), ==, 1);
  g_assert_cmpstr (history_id (fixture, 0), ==, imtehan_attempt_get_id (attempt));
  g_assert_true (imtehan_session_get_record (fixture->session, &best, &best_total, &last, &last_total));
  g_assert_cmpfloat (best, ==, best_total);
  g_assert_cmpfloat (last, ==, 8);
  {
    g_autoptr(GKeyFile) saved = read_attempt_file (fixture, attempt);
    g_autofree char *language = g_key_file_get_string (saved, "Attempt", "Language", NULL);

    g_assert_true (g_key_file_get_boolean (saved, "Attempt", "Finished", NULL));
    g_assert_cmpstr (language, ==, "ur");
  }

  /* Nothing in progress: submitting again does nothing. */
  loaded = fixture->n_loaded;
  imtehan_session_submit (fixture->session, "en");
  run_until (nothing_pending, NULL);
  g_assert_cmpuint (fixture->n_loaded, ==, loaded);
}

static gboolean
save_error_is (gpointer data)
{
  Fixture *fixture = data;

  return imtehan_session_get_save_error (fixture->session) != NULL;
}

static gboolean
save_error_cleared (gpointer data)
{
  Fixture *fixture = data;

  return imtehan_session_get_save_error (fixture->session) == NULL;
}

/* While the folder cannot be written, answers stay in memory and the failure is known;

 * once it can, a retry saves them and the learner is told. */
static void
test_save_failure (Fixture       *fixture,
                   gconstpointer  data)
{
  ImtehanAttempt *attempt;
  guint notified = 0;

  /* A file where the results folder should be. */
  g_assert_true (g_file_set_contents (fixture->path, "not a folder", -1, NULL));
  g_signal_connect (fixture->session, "notify::save-error", G_CALLBACK (count_notify_cb), &notified);
  g_test_expect_message ("imtehan-session", G_LOG_LEVEL_WARNING, "Could not save the attempt: *");
  attempt = imtehan_session_start (fixture->session, "en");
  run_until (save_error_is, fixture);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (imtehan_session_get_n_unsaved (fixture->session), ==, 1);

  /* Later failures are the same failure. */
  g_assert_true (imtehan_attempt_choose (attempt, 0, imtehan_attempt_get_choice_order (attempt, 0)[1]));
  run_until (nothing_pending, NULL);
  g_assert_cmpuint (imtehan_session_get_n_unsaved (fixture->session), ==, 1);

  g_assert_cmpint (g_unlink (fixture->path), ==, 0);
  imtehan_session_retry_saves (fixture->session);
  run_until (save_error_cleared, fixture);
  g_assert_cmpuint (imtehan_session_get_n_unsaved (fixture->session), ==, 0);
  g_assert_cmpuint (fixture->notices->len, ==, 1);
  {
    g_autoptr(GKeyFile) saved = read_attempt_file (fixture, attempt);

    g_assert_cmpint (g_key_file_get_integer (saved, "Attempt", "Answered", NULL), ==, 1);
  }
}

/* The session goes away with its window: nothing it started keeps it alive forever. */
static void
test_lifetime (Fixture       *fixture,
               gconstpointer  data)
{
  ImtehanAttempt *attempt = imtehan_session_start (fixture->session, "en");

  g_object_ref (attempt);
  imtehan_session_reload_history (fixture->session);
  g_object_add_weak_pointer (G_OBJECT (fixture->session), (gpointer *)&fixture->session);
  g_object_unref (fixture->session);
  run_until (is_null, &fixture->session);
  g_assert_finalize_object (attempt);
  fixture->session = session_new (fixture, fixture->store);
}

/* A session of a context: its store is the context's, its attempts are taken by the
 * context's learner (trimmed in the file, as typed in the context), and it follows the
 * context's learner without a copy of its own. */
static void
test_context (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(ImtehanContext) context = NULL;
  g_autoptr(ImtehanSession) session = NULL;
  g_autoptr(GKeyFile) saved = NULL;
  g_autofree char *learner = NULL;
  g_autofree char *roll = NULL;
  guint learner_notified = 0;
  ImtehanAttempt *attempt;

  context = imtehan_context_new_full (NULL, fixture->store, NULL, NULL, fixture->quiz);
  session = imtehan_session_new_for_context (context, fixture->quiz);
  g_assert_true (imtehan_session_get_store (session) == fixture->store);
  g_assert_cmpstr (imtehan_session_get_learner (session), ==, "");
  g_signal_connect (session, "notify::learner", G_CALLBACK (count_notify_cb), &learner_notified);

  imtehan_context_set_learner (context, " Ayesha Khan ", " 12-B ");
  g_assert_cmpuint (learner_notified, ==, 1);
  g_assert_cmpstr (imtehan_session_get_learner (session), ==, " Ayesha Khan ");
  g_assert_cmpstr (imtehan_session_get_roll_number (session), ==, " 12-B ");
  attempt = imtehan_session_start (session, "en");
  g_assert_cmpstr (imtehan_attempt_get_learner (attempt), ==, "Ayesha Khan");
  g_assert_cmpstr (imtehan_attempt_get_roll_number (attempt), ==, "12-B");
  g_assert_cmpuint (imtehan_session_count_attempts (session, "ayesha khan"), ==, 1);

  /* Another learner at the next start; the attempt begun keeps its own. */
  imtehan_context_set_learner (context, "Bilal", NULL);
  g_assert_cmpuint (learner_notified, ==, 2);
  g_assert_cmpstr (imtehan_session_get_roll_number (session), ==, "");
  g_assert_cmpstr (imtehan_attempt_get_learner (attempt), ==, "Ayesha Khan");

  imtehan_session_reload_history (session);
  IMTEHAN_TEST_WAIT_UNTIL (g_list_model_get_n_items (imtehan_session_get_history (session)) == 1, 10);
  saved = read_attempt_file (fixture, attempt);
  learner = g_key_file_get_string (saved, "Attempt", "Learner", NULL);
  roll = g_key_file_get_string (saved, "Attempt", "RollNumber", NULL);
  g_assert_cmpstr (learner, ==, "Ayesha Khan");
  g_assert_cmpstr (roll, ==, "12-B");
  /* Keeping the quiz's version, on a worker, holds the session and the quiz until done. */
  g_object_add_weak_pointer (G_OBJECT (session), (gpointer *)&session);
  g_object_unref (session);
  run_until (is_null, &session);
}

/* The session's one listing gives both its quiz's history and the whole folder, which the
 * library's scores read. */
static void
test_folder (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *mine = write_attempt (fixture, "20260101T080000Z", 3, TRUE);
  g_autofree char *mine_path = g_build_filename (fixture->path, "20260101T080000Z-0000abcd.ini", NULL);
  g_autofree char *other_path = g_build_filename (fixture->path, "20260103T080000Z-other.ini", NULL);
  g_autofree char *contents = NULL;
  GListModel *folder = imtehan_session_get_folder (fixture->session);
  g_autoptr(ImtehanAttemptSummary) first = NULL;
  guint changed = 0;

  g_assert_true (g_file_get_contents (mine_path, &contents, NULL, NULL));
  {
    g_autoptr(GString) other = g_string_new (contents);

    g_string_replace (other, "Quiz=zero-sharded-optimizers", "Quiz=another-quiz", 1);
    g_string_replace (other, "Id=20260101T080000Z-0000abcd", "Id=20260103T080000Z-other", 1);
    g_assert_true (g_file_set_contents (other_path, other->str, -1, NULL));
  }
  g_signal_connect (folder, "items-changed", G_CALLBACK (count_items_changed_cb), &changed);
  g_assert_cmpuint (g_list_model_get_n_items (folder), ==, 0);
  settle (fixture);
  g_assert_cmpuint (n_history (fixture), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (folder), ==, 2);
  first = g_list_model_get_item (folder, 0);
  g_assert_cmpstr (imtehan_attempt_summary_get_quiz_id (first), ==, "another-quiz");
  g_assert_cmpuint (changed, ==, 1);

  /* Listed again unchanged: the folder's rows are left alone. */
  settle (fixture);
  g_assert_cmpuint (changed, ==, 1);
}



int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/session/start-and-save", Fixture, NULL, fixture_set_up, test_start_and_save, fixture_tear_down);
  g_test_add ("/session/history", Fixture, NULL, fixture_set_up, test_history, fixture_tear_down);
  g_test_add ("/session/record", Fixture, NULL, fixture_set_up, test_record, fixture_tear_down);
  g_test_add ("/session/resume", Fixture, NULL, fixture_set_up, test_resume, fixture_tear_down);
  g_test_add ("/session/open", Fixture, NULL, fixture_set_up, test_open, fixture_tear_down);
  g_test_add ("/session/submit", Fixture, NULL, fixture_set_up, test_submit, fixture_tear_down);
  g_test_add ("/session/save-failure", Fixture, NULL, fixture_set_up, test_save_failure, fixture_tear_down);
  g_test_add ("/session/context", Fixture, NULL, fixture_set_up, test_context, fixture_tear_down);
  g_test_add ("/session/folder", Fixture, NULL, fixture_set_up, test_folder, fixture_tear_down);
  g_test_add ("/session/lifetime", Fixture, NULL, fixture_set_up, test_lifetime, fixture_tear_down);

  return g_test_run ();
}
