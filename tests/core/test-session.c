/* test-session.c: the session without a display
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
#include "test-util.h"

#define BUNDLED_QUIZ QUIZ_DIR "/zero-sharded-optimizers.quiz"

typedef struct
{
  char           *tmp;
  char           *path;        /* the results folder */
  GFile          *directory;
  ImtehanQuiz    *quiz;
  ImtehanStore   *store;
  ImtehanSession *session;
  guint           n_loaded;    /* ::history-loaded */
  GPtrArray      *notices;     /* ::notice */
} Fixture;

static void
history_loaded_cb (ImtehanSession *session,
                   Fixture        *fixture)
{
  fixture->n_loaded++;
}

static void
notice_cb (ImtehanSession *session,
           const char     *message,
           Fixture        *fixture)
{
  g_ptr_array_add (fixture->notices, g_strdup (message));
}

static ImtehanSession *
session_new (Fixture      *fixture,
             ImtehanStore *store)
{
  ImtehanSession *session = imtehan_session_new (fixture->quiz, store);

  g_signal_connect (session, "history-loaded", G_CALLBACK (history_loaded_cb), fixture);
  g_signal_connect (session, "notice", G_CALLBACK (notice_cb), fixture);
  return session;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) quiz_file = g_file_new_for_path (BUNDLED_QUIZ);

  fixture->tmp = g_dir_make_tmp ("imtehan-test-session-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->tmp, "attempts", NULL);
  fixture->directory = g_file_new_for_path (fixture->path);
  fixture->quiz = imtehan_quiz_new_from_file (quiz_file, NULL, &error);
  g_assert_no_error (error);
  fixture->store = imtehan_store_new (fixture->directory);
  fixture->notices = g_ptr_array_new_with_free_func (g_free);
  fixture->session = session_new (fixture, fixture->store);
}

/* Runs the main loop until @done says so; fails after 10 s. */
static void
run_until (gboolean (*done) (gpointer),
           gpointer   data)
{
  IMTEHAN_TEST_WAIT_UNTIL (done (data), 10);
  g_assert_true (done (data));
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *)data == NULL;
}

typedef struct
{
  const guint *counter;
  guint        was;
} Counter;

static gboolean
counter_changed (gpointer data)
{
  Counter *c = data;

  return *c->counter != c->was;
}

static gboolean
nothing_pending (gpointer data)
{
  return !g_main_context_pending (NULL);
}

static void
wait_for_listing (Fixture *fixture,
                  guint    loaded)
{
  Counter c = { &fixture->n_loaded, loaded };

  run_until (counter_changed, &c);
}

/* The store's worker has done what was queued (saves, listings, locks) and its callbacks ran:
 * one more listing is queued behind them and waited for. */
static void
settle (Fixture *fixture)
{
  guint loaded = fixture->n_loaded;

  imtehan_session_reload_history (fixture->session);
  wait_for_listing (fixture, loaded);
  run_until (nothing_pending, NULL);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->session);
  /* Saves in flight hold the store: they finish first. */
  g_object_add_weak_pointer (G_OBJECT (fixture->store), (gpointer *)&fixture->store);
  g_object_unref (fixture->store);
  run_until (is_null, &fixture->store);
  g_assert_finalize_object (fixture->quiz);
  g_clear_object (&fixture->directory);
  g_clear_pointer (&fixture->notices, g_ptr_array_unref);
  imtehan_test_remove_tree (fixture->tmp);
  g_clear_pointer (&fixture->path, g_free);
  g_clear_pointer (&fixture->tmp, g_free);
}

static GKeyFile *
read_attempt_file (Fixture        *fixture,
                   ImtehanAttempt *attempt)
{
  g_autofree char *name = g_strconcat (imtehan_attempt_get_id (attempt), ".ini", NULL);
  g_autofree char *path = g_build_filename (fixture->path, name, NULL);
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;

  g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&key_file);
}

/* Writes an attempt file as another run of the app would have, started at @started (the
 * history is ordered by it), with the first @n_right questions answered right. */
static char *
write_attempt (Fixture    *fixture,
               const char *started,
               guint       n_right,
               gboolean    finished)
{
  g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (fixture->quiz, 7);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *id = g_strconcat (started, "-0000abcd", NULL);
  g_autofree char *name = g_strconcat (id, ".ini", NULL);
  g_autofree char *path = g_build_filename (fixture->path, name, NULL);
  g_auto(GStrv) lines = NULL;

  for (guint q = 0; q < n_right; q++)
    g_assert_true (imtehan_attempt_choose (attempt, q,
                                           imtehan_question_get_answer (imtehan_quiz_get_question (fixture->quiz, q))));
  if (finished)
    g_assert_true (imtehan_attempt_finish (attempt));
  data = imtehan_attempt_to_data (attempt, NULL);
  lines = g_strsplit (data, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "Id="))
      {
        g_free (lines[i]);
        lines[i] = g_strconcat ("Id=", id, NULL);
      }
  g_clear_pointer (&data, g_free);
  data = g_strjoinv ("\n", lines);
  g_assert_cmpint (g_mkdir_with_parents (fixture->path, 0700), ==, 0);
  g_file_set_contents (path, data, -1, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&id);
}

static guint
n_history (Fixture *fixture)
{
  return g_list_model_get_n_items (imtehan_session_get_history (fixture->session));
}

static const char *
history_id (Fixture *fixture,
            guint    position)
{
  g_autoptr(ImtehanAttemptSummary) summary =
    g_list_model_get_item (imtehan_session_get_history (fixture->session), position);

  /* The history holds the summary; its id lives as long. */
  return imtehan_attempt_summary_get_id (summary);
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
count_items_changed_cb (GListModel *model,
                        guint       position,
                        guint       removed,
                        guint       added,
                        guint      *count)
{
  (*count)++;
}

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
  guint best, best_total, last, last_total;

  settle (fixture);
  g_assert_false (imtehan_session_get_record (fixture->session, &best, &best_total, &last, &last_total));
  g_assert_cmpuint (best, ==, 0);
  g_assert_cmpuint (last_total, ==, 0);

  g_free (write_attempt (fixture, "20260101T080000Z", 6, TRUE));
  g_free (write_attempt (fixture, "20260102T080000Z", 2, TRUE));
  g_free (write_attempt (fixture, "20260103T080000Z", 4, TRUE));
  g_free (write_attempt (fixture, "20260104T080000Z", 8, FALSE));
  settle (fixture);
  g_assert_true (imtehan_session_get_record (fixture->session, &best, &best_total, &last, &last_total));
  g_assert_cmpuint (best, ==, 6);
  g_assert_cmpuint (best_total, ==, 8);
  g_assert_cmpuint (last, ==, 4);
  g_assert_cmpuint (last_total, ==, 8);
  g_assert_true (imtehan_session_get_record (fixture->session, NULL, NULL, NULL, NULL));
}

typedef struct
{
  ImtehanAttempt *attempt;
  GError         *error;
  gboolean        done;
} Result;

static void
resume_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Result *r = user_data;

  r->attempt = imtehan_session_resume_finish (IMTEHAN_SESSION (object), result, &r->error);
  r->done = TRUE;
}

static void
open_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Result *r = user_data;

  r->attempt = imtehan_session_open_finish (IMTEHAN_SESSION (object), result, &r->error);
  r->done = TRUE;
}

static gboolean
result_done (gpointer data)
{
  return ((Result *)data)->done;
}

static void
result_clear (Result *r)
{
  g_clear_object (&r->attempt);
  g_clear_error (&r->error);
  r->done = FALSE;
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
  guint best, best_total, last, last_total;

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
  g_assert_cmpuint (best, ==, best_total);
  g_assert_cmpuint (last, ==, 8);
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

/* Sets a key of an attempt file written by write_attempt(). */
static void
edit_attempt (Fixture    *fixture,
              const char *id,
              const char *key,
              const char *value)
{
  g_autofree char *name = g_strconcat (id, ".ini", NULL);
  g_autofree char *path = g_build_filename (fixture->path, name, NULL);
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;

  g_key_file_load_from_file (key_file, path, G_KEY_FILE_KEEP_COMMENTS, &error);
  g_assert_no_error (error);
  g_key_file_set_value (key_file, "Attempt", key, value);
  g_key_file_save_to_file (key_file, path, &error);
  g_assert_no_error (error);
}

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

/* --- The classroom lab (issue 16) --------------------------------------------------------- */

/* Writes @attempt as its file in the results folder, under the id @id, with each of @edits
 * ("old line", "new line", ..., NULL) applied: as another run or another PC would have. */
static void
write_attempt_as (Fixture        *fixture,
                  ImtehanAttempt *attempt,
                  const char     *id,
                  ...)
{
  g_autofree char *data = imtehan_attempt_to_data (attempt, NULL);
  g_autoptr(GString) text = g_string_new (data);
  g_autofree char *old_id = g_strconcat ("\nId=", imtehan_attempt_get_id (attempt), "\n", NULL);
  g_autofree char *new_id = g_strconcat ("\nId=", id, "\n", NULL);
  g_autofree char *name = g_strconcat (id, ".ini", NULL);
  g_autofree char *path = g_build_filename (fixture->path, name, NULL);
  g_autoptr(GError) error = NULL;
  const char *from;
  va_list args;

  g_assert_cmpuint (g_string_replace (text, old_id, new_id, 1), ==, 1);
  va_start (args, id);
  while ((from = va_arg (args, const char *)) != NULL)
    {
      const char *to = va_arg (args, const char *);

      g_assert_cmpuint (g_string_replace (text, from, to, 1), ==, 1);
    }
  va_end (args);
  g_assert_cmpint (g_mkdir_with_parents (fixture->path, 0700), ==, 0);
  g_file_set_contents (path, text->str, -1, &error);
  g_assert_no_error (error);
}

static char *
read_attempt_key (Fixture        *fixture,
                  ImtehanAttempt *attempt,
                  const char     *group,
                  const char     *key)
{
  g_autoptr(GKeyFile) saved = read_attempt_file (fixture, attempt);

  return g_key_file_get_string (saved, group, key, NULL);
}

static void
time_up_cb (ImtehanSession *session,
            ImtehanAttempt *attempt,
            GPtrArray      *attempts)
{
  g_assert_true (imtehan_attempt_get_finished (attempt));
  g_ptr_array_add (attempts, g_object_ref (attempt));
}

/* The learner, the mode and the time limit are the session's when an attempt starts, and are
 * saved with it; changing them later leaves that attempt alone. */
static void
test_lab_start (Fixture       *fixture,
                gconstpointer  data)
{
  ImtehanAttempt *attempt;
  g_autoptr(GDateTime) expected = NULL;
  g_autofree char *value = NULL;
  g_autofree char *group = g_strconcat ("Question ",
                                        imtehan_question_get_id (imtehan_quiz_get_question (fixture->quiz, 0)),
                                        NULL);
  const char *right = imtehan_question_get_answer (imtehan_quiz_get_question (fixture->quiz, 0));
  guint learner_notified = 0;
  gint64 left;

  g_signal_connect (fixture->session, "notify::learner", G_CALLBACK (count_notify_cb),
                    &learner_notified);
  imtehan_session_set_learner (fixture->session, "  Ayesha Khan\t", " 12-B ");
  g_assert_cmpstr (imtehan_session_get_learner (fixture->session), ==, "Ayesha Khan");
  g_assert_cmpstr (imtehan_session_get_roll_number (fixture->session), ==, "12-B");
  g_assert_cmpuint (learner_notified, ==, 1);
  g_object_set (fixture->session, "mode", IMTEHAN_MODE_PRACTICE, "time-limit", 600, NULL);
  g_assert_null (imtehan_session_get_deadline (fixture->session));
  g_assert_cmpint (imtehan_session_get_remaining_seconds (fixture->session), ==, -1);

  attempt = imtehan_session_start (fixture->session, "en");
  g_assert_cmpstr (imtehan_attempt_get_learner (attempt), ==, "Ayesha Khan");
  g_assert_cmpstr (imtehan_attempt_get_roll_number (attempt), ==, "12-B");
  g_assert_cmpint (imtehan_attempt_get_mode (attempt), ==, IMTEHAN_MODE_PRACTICE);
  expected = g_date_time_add_seconds (imtehan_attempt_get_started (attempt), 600);
  g_assert_true (g_date_time_equal (imtehan_session_get_deadline (fixture->session), expected));
  left = imtehan_session_get_remaining_seconds (fixture->session);
  g_assert_cmpint (left, >, 590);
  g_assert_cmpint (left, <=, 600);

  /* Checked only once answered; saved like an answer. */
  g_assert_false (imtehan_session_check (fixture->session, 0));
  g_assert_true (imtehan_attempt_choose (attempt, 0, right));
  g_assert_true (imtehan_session_check (fixture->session, 0));
  settle (fixture);
  value = read_attempt_key (fixture, attempt, group, "Checked");
  g_assert_cmpstr (value, ==, "true");
  g_clear_pointer (&value, g_free);
  value = read_attempt_key (fixture, attempt, "Attempt", "Mode");
  g_assert_cmpstr (value, ==, "practice");
  g_clear_pointer (&value, g_free);
  value = read_attempt_key (fixture, attempt, "Attempt", "RollNumber");
  g_assert_cmpstr (value, ==, "12-B");
  g_clear_pointer (&value, g_free);
  value = read_attempt_key (fixture, attempt, "Attempt", "TimeLimit");
  g_assert_cmpstr (value, ==, "600");

  /* The next attempt follows the new settings; this one keeps its own. */
  imtehan_session_set_mode (fixture->session, IMTEHAN_MODE_EXAM);
  imtehan_session_set_time_limit (fixture->session, 0);
  g_assert_cmpint (imtehan_attempt_get_mode (attempt), ==, IMTEHAN_MODE_PRACTICE);
  g_assert_nonnull (imtehan_session_get_deadline (fixture->session));

  imtehan_session_submit (fixture->session, "en");
  g_assert_cmpint (imtehan_attempt_get_finish_reason (attempt), ==,
                   IMTEHAN_FINISH_REASON_SUBMITTED);
  g_assert_null (imtehan_session_get_deadline (fixture->session));
  attempt = imtehan_session_start (fixture->session, "en");
  g_assert_cmpint (imtehan_attempt_get_mode (attempt), ==, IMTEHAN_MODE_EXAM);
  g_assert_null (imtehan_attempt_get_deadline (attempt));
  g_assert_true (imtehan_attempt_choose (attempt, 0, right));
  g_assert_false (imtehan_session_check (fixture->session, 0));
}

static void
test_learner_is_valid (void)
{
  const char * const invalid[] = { "", " ", "\t\n", "\u00a0", "\u200f", "\u200f \u3000", NULL };
  const char * const valid[] = { "Ali", " عائشہ ", "\u200fعلی", "x", NULL };

  for (guint i = 0; invalid[i] != NULL; i++)
    g_assert_false (imtehan_session_learner_is_valid (invalid[i]));
  for (guint i = 0; valid[i] != NULL; i++)
    g_assert_true (imtehan_session_learner_is_valid (valid[i]));
}

/* At the deadline the attempt is submitted with what was answered, saved, and the window is
 * told why. A one-second limit: the deadline is whole seconds after a start in whole seconds,
 * so it comes within one second. */
static void
test_time_up (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) fired = g_ptr_array_new_with_free_func (g_object_unref);
  ImtehanAttempt *attempt;
  g_autofree char *value = NULL;
  const char *right = imtehan_question_get_answer (imtehan_quiz_get_question (fixture->quiz, 1));

  g_signal_connect (fixture->session, "time-up", G_CALLBACK (time_up_cb), fired);
  imtehan_session_set_time_limit (fixture->session, 1);
  attempt = imtehan_session_start (fixture->session, "en");
  g_assert_true (imtehan_attempt_choose (attempt, 1, right));
  g_assert_true (imtehan_session_get_in_progress (fixture->session));

  IMTEHAN_TEST_WAIT_UNTIL (fired->len > 0, 5);
  g_assert_cmpuint (fired->len, ==, 1);
  g_assert_true (g_ptr_array_index (fired, 0) == attempt);
  g_assert_true (imtehan_attempt_get_finished (attempt));
  g_assert_cmpint (imtehan_attempt_get_finish_reason (attempt), ==, IMTEHAN_FINISH_REASON_TIME_UP);
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, 1);
  g_assert_false (imtehan_session_get_in_progress (fixture->session));
  g_assert_null (imtehan_session_get_deadline (fixture->session));
  g_assert_cmpint (imtehan_session_get_remaining_seconds (fixture->session), ==, -1);
  /* Not before the deadline. */
  {
    g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

    g_assert_cmpint (g_date_time_compare (now, imtehan_attempt_get_deadline (attempt)), >=, 0);
  }

  settle (fixture);
  value = read_attempt_key (fixture, attempt, "Attempt", "FinishReason");
  g_assert_cmpstr (value, ==, "time-up");
  g_clear_pointer (&value, g_free);
  value = read_attempt_key (fixture, attempt, "Attempt", "Finished");
  g_assert_cmpstr (value, ==, "true");
  g_assert_cmpuint (fired->len, ==, 1);
}

/* An unfinished timed attempt, begun @started_ago seconds ago with a limit of @limit seconds,
 * in the results folder with two answers; returns its id. */
static char *
write_timed_attempt (Fixture *fixture,
                     gint64   started_ago,
                     guint    limit)
{
  g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (fixture->quiz, 17);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr(GDateTime) started = g_date_time_add_seconds (now, -started_ago);
  g_autoptr(GDateTime) deadline = g_date_time_add_seconds (started, limit);
  g_autofree char *id = g_date_time_format (started, "%Y%m%dT%H%M%SZ-0000beef");
  g_autofree char *old_started = NULL, *new_started = NULL, *old_deadline = NULL;
  g_autofree char *new_deadline = NULL;

  g_assert_true (imtehan_attempt_set_time_limit (attempt, limit));
  for (guint q = 0; q < 2; q++)
    g_assert_true (imtehan_attempt_choose (attempt, q,
                                           imtehan_question_get_answer (imtehan_quiz_get_question (fixture->quiz, q))));
  old_started = g_date_time_format (imtehan_attempt_get_started (attempt),
                                    "\nStarted=%Y-%m-%dT%H:%M:%SZ\n");
  new_started = g_date_time_format (started, "\nStarted=%Y-%m-%dT%H:%M:%SZ\n");
  old_deadline = g_date_time_format (imtehan_attempt_get_deadline (attempt),
                                     "\nDeadline=%Y-%m-%dT%H:%M:%SZ\n");
  new_deadline = g_date_time_format (deadline, "\nDeadline=%Y-%m-%dT%H:%M:%SZ\n");
  write_attempt_as (fixture, attempt, id, old_started, new_started, old_deadline, new_deadline,
                    NULL);
  return g_steal_pointer (&id);
}

/* The power went out during a timed attempt and came back after its deadline: resuming it
 * submits what was answered, at once, as time up. */
static void
test_resume_after_deadline (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *id = write_timed_attempt (fixture, 3600, 600);
  g_autoptr(GPtrArray) fired = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *value = NULL;
  Result r = { 0 };

  g_signal_connect (fixture->session, "time-up", G_CALLBACK (time_up_cb), fired);
  settle (fixture);
  g_assert_true (imtehan_session_get_can_resume (fixture->session));
  imtehan_session_resume_async (fixture->session, "en", resume_cb, &r);
  run_until (result_done, &r);
  g_assert_no_error (r.error);
  g_assert_cmpstr (imtehan_attempt_get_id (r.attempt), ==, id);
  g_assert_cmpuint (fired->len, ==, 1);
  g_assert_true (g_ptr_array_index (fired, 0) == r.attempt);
  g_assert_true (imtehan_attempt_get_finished (r.attempt));
  g_assert_cmpint (imtehan_attempt_get_finish_reason (r.attempt), ==,
                   IMTEHAN_FINISH_REASON_TIME_UP);
  g_assert_cmpuint (imtehan_attempt_get_n_answered (r.attempt), ==, 2);
  g_assert_cmpuint (imtehan_attempt_get_score (r.attempt), ==, 2);
  g_assert_false (imtehan_session_get_in_progress (fixture->session));

  settle (fixture);
  value = read_attempt_key (fixture, r.attempt, "Attempt", "FinishReason");
  g_assert_cmpstr (value, ==, "time-up");
  g_assert_false (imtehan_session_get_can_resume (fixture->session));
  result_clear (&r);
}

/* Resumed before its deadline, an attempt keeps the saved one: the clock was neither stopped
 * nor reset by the crash. */
static void
test_resume_before_deadline (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *id = write_timed_attempt (fixture, 300, 3600);
  g_autoptr(GPtrArray) fired = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *saved_deadline = NULL;
  g_autofree char *value = NULL;
  g_autoptr(GDateTime) deadline = NULL;
  Result r = { 0 };
  gint64 left;

  g_signal_connect (fixture->session, "time-up", G_CALLBACK (time_up_cb), fired);
  imtehan_session_set_time_limit (fixture->session, 60);
  settle (fixture);
  imtehan_session_resume_async (fixture->session, "en", resume_cb, &r);
  run_until (result_done, &r);
  g_assert_no_error (r.error);
  g_assert_cmpstr (imtehan_attempt_get_id (r.attempt), ==, id);
  g_assert_false (imtehan_attempt_get_finished (r.attempt));
  g_assert_true (imtehan_session_get_in_progress (fixture->session));
  g_assert_cmpuint (fired->len, ==, 0);

  deadline = g_date_time_add_seconds (imtehan_attempt_get_started (r.attempt), 3600);
  g_assert_true (g_date_time_equal (imtehan_session_get_deadline (fixture->session), deadline));
  left = imtehan_session_get_remaining_seconds (fixture->session);
  g_assert_cmpint (left, >, 3600 - 300 - 10);
  g_assert_cmpint (left, <=, 3600 - 300);

  saved_deadline = g_date_time_format (deadline, "%Y-%m-%dT%H:%M:%SZ");
  g_assert_true (imtehan_attempt_choose (r.attempt, 2, imtehan_question_get_answer (imtehan_quiz_get_question (fixture->quiz, 2))));
  settle (fixture);
  value = read_attempt_key (fixture, r.attempt, "Attempt", "Deadline");
  g_assert_cmpstr (value, ==, saved_deadline);
  g_assert_cmpuint (fired->len, ==, 0);
  result_clear (&r);
}

/* The attempts allowed are counted by name, the same name however it is typed. */
static void
test_count_attempts (Fixture       *fixture,
                     gconstpointer  data)
{
  const char * const learners[] = { "Ayesha Khan", "  ayesha khan ", "AYESHA KHAN", "Bilal",
                                    "عائشہ" };
  ImtehanAttempt *attempt;

  for (guint i = 0; i < G_N_ELEMENTS (learners); i++)
    {
      g_autoptr(ImtehanAttempt) a = imtehan_attempt_new (fixture->quiz, 5);
      g_autofree char *id = g_strdup_printf ("2026010%uT080000Z-0000abcd", i + 1);

      imtehan_attempt_set_learner (a, learners[i]);
      if (i != 1)
        g_assert_true (imtehan_attempt_finish (a));
      write_attempt_as (fixture, a, id, NULL);
    }
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Ayesha Khan"), ==, 0);
  settle (fixture);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Ayesha Khan"), ==, 3);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "ayesha KHAN "), ==, 3);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Bilal"), ==, 1);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, " عائشہ"), ==, 1);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Ayesha"), ==, 0);

  /* The attempt just started counts before the folder is listed again, and only once after. */
  imtehan_session_set_learner (fixture->session, "Ayesha khan", NULL);
  attempt = imtehan_session_start (fixture->session, "en");
  g_assert_nonnull (attempt);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Ayesha Khan"), ==, 4);
  settle (fixture);
  g_assert_cmpuint (n_history (fixture), ==, 6);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Ayesha Khan"), ==, 4);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Bilal"), ==, 1);
}

/* The lab's attempts allowed: how many a learner has left, and whether another may start. */
static void
test_attempts_left (Fixture       *fixture,
                    gconstpointer  data)
{
  guint allowed_notified = 0;

  g_signal_connect (fixture->session, "notify::attempts-allowed", G_CALLBACK (count_notify_cb),
                    &allowed_notified);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(ImtehanAttempt) a = imtehan_attempt_new (fixture->quiz, 5);
      g_autofree char *id = g_strdup_printf ("2026010%uT080000Z-0000abcd", i + 1);

      imtehan_attempt_set_learner (a, "Ayesha Khan");
      g_assert_true (imtehan_attempt_finish (a));
      write_attempt_as (fixture, a, id, NULL);
    }
  settle (fixture);

  /* No limit: every learner may start, however many they took. */
  g_assert_cmpuint (imtehan_session_get_attempts_allowed (fixture->session), ==, 0);
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, "Ayesha Khan"), ==, G_MAXUINT);
  g_assert_true (imtehan_session_may_start (fixture->session, "Ayesha Khan"));

  imtehan_session_set_attempts_allowed (fixture->session, 3);
  imtehan_session_set_attempts_allowed (fixture->session, 3);
  g_assert_cmpuint (allowed_notified, ==, 1);
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, "ayesha khan "), ==, 1);
  g_assert_true (imtehan_session_may_start (fixture->session, "Ayesha Khan"));
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, "Bilal"), ==, 3);
  /* NULL is the session's learner, none so far. */
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, NULL), ==, 3);

  /* The third one, just started, counts at once. */
  imtehan_session_set_learner (fixture->session, "Ayesha Khan", NULL);
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, NULL), ==, 1);
  g_assert_nonnull (imtehan_session_start (fixture->session, "en"));
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, NULL), ==, 0);
  g_assert_false (imtehan_session_may_start (fixture->session, NULL));
  g_assert_false (imtehan_session_may_start (fixture->session, "AYESHA KHAN"));
  g_assert_true (imtehan_session_may_start (fixture->session, "Bilal"));
  settle (fixture);
  g_assert_false (imtehan_session_may_start (fixture->session, "Ayesha Khan"));

  /* Fewer allowed than taken: none left, not a wrapped count. */
  imtehan_session_set_attempts_allowed (fixture->session, 1);
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, "Ayesha Khan"), ==, 0);
  imtehan_session_set_attempts_allowed (fixture->session, 0);
  g_assert_true (imtehan_session_may_start (fixture->session, "Ayesha Khan"));
  g_assert_cmpuint (allowed_notified, ==, 3);
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

  g_test_add ("/session/start-and-save", Fixture, NULL, fixture_set_up, test_start_and_save, fixture_tear_down);
  g_test_add ("/session/history", Fixture, NULL, fixture_set_up, test_history, fixture_tear_down);
  g_test_add ("/session/record", Fixture, NULL, fixture_set_up, test_record, fixture_tear_down);
  g_test_add ("/session/resume", Fixture, NULL, fixture_set_up, test_resume, fixture_tear_down);
  g_test_add ("/session/open", Fixture, NULL, fixture_set_up, test_open, fixture_tear_down);
  g_test_add ("/session/submit", Fixture, NULL, fixture_set_up, test_submit, fixture_tear_down);
  g_test_add ("/session/save-failure", Fixture, NULL, fixture_set_up, test_save_failure, fixture_tear_down);
  g_test_add ("/session/other-quiz-version", Fixture, NULL, fixture_set_up, test_other_quiz_version, fixture_tear_down);
  g_test_add ("/session/earlier-version", Fixture, NULL, fixture_set_up, test_earlier_version, fixture_tear_down);
  g_test_add ("/session/other-quiz-digest", Fixture, NULL, fixture_set_up, test_other_quiz_digest, fixture_tear_down);
  g_test_add ("/session/lab/start", Fixture, NULL, fixture_set_up, test_lab_start, fixture_tear_down);
  g_test_add_func ("/session/lab/learner-is-valid", test_learner_is_valid);
  g_test_add ("/session/lab/time-up", Fixture, NULL, fixture_set_up, test_time_up, fixture_tear_down);
  g_test_add ("/session/lab/resume-after-deadline", Fixture, NULL, fixture_set_up, test_resume_after_deadline, fixture_tear_down);
  g_test_add ("/session/lab/resume-before-deadline", Fixture, NULL, fixture_set_up, test_resume_before_deadline, fixture_tear_down);
  g_test_add ("/session/lab/count-attempts", Fixture, NULL, fixture_set_up, test_count_attempts, fixture_tear_down);
  g_test_add ("/session/lab/attempts-left", Fixture, NULL, fixture_set_up, test_attempts_left, fixture_tear_down);
  g_test_add ("/session/context", Fixture, NULL, fixture_set_up, test_context, fixture_tear_down);
  g_test_add ("/session/folder", Fixture, NULL, fixture_set_up, test_folder, fixture_tear_down);
  g_test_add ("/session/lab/version-1-resume", Fixture, NULL, fixture_set_up, test_version_1_resume, fixture_tear_down);
  g_test_add ("/session/lifetime", Fixture, NULL, fixture_set_up, test_lifetime, fixture_tear_down);

  return g_test_run ();
}
