/* test-store-lock.c: locks and claims: one attempt resumed by one process
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/wait.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>
#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-store.h"
#include "test-util.h"
#include "imtehan-store-private.h"
#include "store-fixture.h"

/* Two stores on one folder stand for two processes (flock() conflicts between open file
 * descriptions, even in one process); a child killed with SIGKILL stands for a crash. */
static void
test_lock (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(ImtehanStore) other = imtehan_store_new (fixture->directory);
  g_autoptr(GError) error = NULL;
  g_autofree char *lock = g_build_filename (fixture->path, "A-1.lock", NULL);
  g_autoptr(GPtrArray) summaries = NULL;

  g_assert_false (imtehan_store_is_locked_elsewhere (fixture->store, "A-1"));
  g_assert_true (imtehan_store_lock (fixture->store, "A-1", &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (lock, G_FILE_TEST_EXISTS));
  /* Taking it again is a no-op, and it is not "elsewhere" for its holder. */
  g_assert_true (imtehan_store_lock (fixture->store, "A-1", NULL));
  g_assert_false (imtehan_store_is_locked_elsewhere (fixture->store, "A-1"));

  g_assert_true (imtehan_store_is_locked_elsewhere (other, "A-1"));
  g_assert_false (imtehan_store_lock (other, "A-1", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);

  /* A held lock survives a listing. */
  summaries = imtehan_store_list (other, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_test (lock, G_FILE_TEST_EXISTS));

  /* Let go on the store's worker, in turn. */
  imtehan_store_unlock (fixture->store, "A-1");
  wait_for_worker (fixture->store);
  g_assert_false (g_file_test (lock, G_FILE_TEST_EXISTS));
  g_assert_false (imtehan_store_is_locked_elsewhere (other, "A-1"));
  g_assert_true (imtehan_store_lock (other, "A-1", &error));
  g_assert_no_error (error);
  g_assert_true (imtehan_store_is_locked_elsewhere (fixture->store, "A-1"));

  /* Disposing a store releases what it held. */
  g_clear_object (&other);
  g_assert_false (imtehan_store_is_locked_elsewhere (fixture->store, "A-1"));
}

static void
test_lock_released_by_kill (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *lock = g_build_filename (fixture->path, "B-2.lock", NULL);
  g_autoptr(GPtrArray) summaries = NULL;
  g_autoptr(GError) error = NULL;
  int ready[2];
  char byte;
  pid_t pid;
  int status;

  g_assert_cmpint (pipe (ready), ==, 0);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      /* The child takes the lock, says so, and waits to be killed. */
      if (!imtehan_store_lock (fixture->store, "B-2", NULL))
        _exit (1);
      if (write (ready[1], "x", 1) != 1)
        _exit (1);
      for (;;)
        pause ();
    }
  close (ready[1]);
  g_assert_cmpint (read (ready[0], &byte, 1), ==, 1);
  close (ready[0]);

  g_assert_true (imtehan_store_is_locked_elsewhere (fixture->store, "B-2"));
  kill (pid, SIGKILL);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);

  /* The lock went with the process; its file stays until a listing sweeps it. */
  g_assert_false (imtehan_store_is_locked_elsewhere (fixture->store, "B-2"));
  g_assert_true (g_file_test (lock, G_FILE_TEST_EXISTS));
  summaries = imtehan_store_list (fixture->store, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (g_file_test (lock, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (summaries->len, ==, 0);
}

static void
test_lock_async (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(ImtehanStore) other = imtehan_store_new (fixture->directory);
  g_autoptr(GError) error = NULL;
  AsyncState state = { NULL };

  /* Counts as this store's from the call on: never "elsewhere" for its own listing. */
  imtehan_store_lock_async (fixture->store, "A-1", NULL, async_cb, &state);
  g_assert_false (imtehan_store_is_locked_elsewhere (fixture->store, "A-1"));
  g_assert_true (imtehan_store_lock_finish (fixture->store, wait_for_result (&state), &error));
  g_assert_no_error (error);
  g_clear_object (&state.result);
  g_assert_true (imtehan_store_is_locked_elsewhere (other, "A-1"));

  /* Held elsewhere: an error for the caller to log. */
  imtehan_store_lock_async (other, "A-1", NULL, async_cb, &state);
  g_assert_false (imtehan_store_lock_finish (other, wait_for_result (&state), &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);
  g_clear_object (&state.result);

  /* Released at once, before or after the worker took it: not held either way, once the
   * worker has had its turn. */
  imtehan_store_unlock (fixture->store, "A-1");
  imtehan_store_lock_async (fixture->store, "B-2", NULL, async_cb, &state);
  imtehan_store_unlock (fixture->store, "B-2");
  g_assert_true (imtehan_store_lock_finish (fixture->store, wait_for_result (&state), &error));
  g_assert_no_error (error);
  g_clear_object (&state.result);
  wait_for_worker (fixture->store);
  g_assert_false (imtehan_store_is_locked_elsewhere (other, "B-2"));
  g_assert_false (imtehan_store_is_locked_elsewhere (other, "A-1"));
}

static void
test_claim (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(ImtehanStore) other = imtehan_store_new (fixture->directory);
  g_autoptr(ImtehanAttempt) unfinished = save_attempt (fixture, 1, "Bilal", 3, FALSE);
  g_autoptr(ImtehanAttempt) finished = save_attempt (fixture, 2, "Amna", 8, TRUE);
  g_autoptr(ImtehanAttempt) claimed = NULL;
  g_autoptr(GPtrArray) summaries = list (fixture, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = imtehan_attempt_to_data (unfinished, NULL);
  g_autofree char *loaded = NULL;
  const char *id = imtehan_attempt_get_id (unfinished);

  /* Unfinished: loaded, and locked for this store. */
  claimed = claim (fixture, find_summary (summaries, unfinished), NULL, &error);
  g_assert_no_error (error);
  loaded = imtehan_attempt_to_data (claimed, NULL);
  g_assert_cmpstr (loaded, ==, expected);
  g_assert_true (imtehan_store_is_locked_elsewhere (other, id));
  g_assert_false (imtehan_store_is_locked_elsewhere (fixture->store, id));
  g_clear_object (&claimed);
  imtehan_store_unlock (fixture->store, id);
  wait_for_worker (fixture->store);
  g_assert_false (imtehan_store_is_locked_elsewhere (other, id));

  /* Finished: loaded, and never written again, so not locked. */
  claimed = claim (fixture, find_summary (summaries, finished), NULL, &error);
  g_assert_no_error (error);
  g_assert_true (imtehan_attempt_get_finished (claimed));
  g_assert_cmpuint (imtehan_attempt_get_score (claimed), ==, imtehan_attempt_get_score (finished));
  g_assert_false (imtehan_store_is_locked_elsewhere (other, imtehan_attempt_get_id (finished)));
  g_clear_object (&claimed);

  /* Open in another process since it was listed: checked again, and refused. */
  g_assert_true (imtehan_store_lock (other, id, &error));
  g_assert_no_error (error);
  g_assert_null (claim (fixture, find_summary (summaries, unfinished), NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);
  imtehan_store_unlock (other, id);
}

/* A claim that fails to load gives back the lock it took, and so does one whose result
 * nobody takes (the window went away meanwhile). */
static void
test_claim_releases_lock (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(ImtehanStore) other = imtehan_store_new (fixture->directory);
  g_autoptr(ImtehanAttempt) damaged = save_attempt (fixture, 1, "Bilal", 3, FALSE);
  g_autoptr(ImtehanAttempt) dropped = save_attempt (fixture, 2, "Amna", 3, FALSE);
  g_autofree char *damaged_path = attempt_path (fixture, damaged);
  g_autoptr(GPtrArray) summaries = list (fixture, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GError) error = NULL;
  AsyncState state = { NULL };
  AsyncState later = { NULL };

  write_file (damaged_path, "[Attempt]\nVersion=1\n");
  g_assert_null (claim (fixture, find_summary (summaries, damaged), NULL, &error));
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_MISSING);
  g_clear_error (&error);
  g_assert_false (imtehan_store_is_locked_elsewhere (other, imtehan_attempt_get_id (damaged)));

  /* Cancelled after the worker took the lock and returned the attempt, before the callback
   * ran: the result is dropped, and its lock with it. The callback goes to a context of its
   * own, so that it waits there while a later job on the worker's queue shows that the claim
   * is done. */
  g_main_context_push_thread_default (context);
  imtehan_store_claim_async (fixture->store, find_summary (summaries, dropped), fixture->quiz,
                             cancellable, async_cb, &state);
  g_main_context_pop_thread_default (context);
  imtehan_store_lock_async (fixture->store, "Z-9", NULL, async_cb, &later);
  g_assert_true (imtehan_store_lock_finish (fixture->store, wait_for_result (&later), NULL));
  g_clear_object (&later.result);
  g_assert_null (state.result);
  g_assert_true (imtehan_store_is_locked_elsewhere (other, imtehan_attempt_get_id (dropped)));

  g_cancellable_cancel (cancellable);
  while (state.result == NULL)
    g_main_context_iteration (context, TRUE);
  g_assert_null (imtehan_store_claim_finish (fixture->store, state.result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_object (&state.result);
  /* The worker may hold the task a moment longer. */
  IMTEHAN_TEST_WAIT_UNTIL (
    !imtehan_store_is_locked_elsewhere (other, imtehan_attempt_get_id (dropped)), 10);
  g_assert_false (imtehan_store_is_locked_elsewhere (other, imtehan_attempt_get_id (dropped)));
}

/* A lock file is deleted on the store's worker, in turn after the jobs queued before, never on
 * the caller's thread: on a lab share that can take seconds. Here the worker is held up by
 * a claim that reads its attempt from a FIFO until the test writes it. */
static void
test_unlock_on_worker (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(ImtehanStore) other = imtehan_store_new (fixture->directory);
  g_autoptr(ImtehanAttempt) finished = save_attempt (fixture, 1, "Amna", 8, TRUE);
  g_autoptr(ImtehanAttempt) claimed = NULL;
  g_autoptr(GPtrArray) summaries = list (fixture, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = attempt_path (fixture, finished);
  g_autofree char *contents = read_file (path);
  g_autofree char *lock = g_build_filename (fixture->path, "A-1.lock", NULL);
  AsyncState state = { NULL };
  int fifo;

  g_assert_true (imtehan_store_lock (fixture->store, "A-1", &error));
  g_assert_no_error (error);
  g_assert_true (imtehan_store_lock (fixture->store, "B-2", &error));
  g_assert_no_error (error);

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  imtehan_store_claim_async (fixture->store, find_summary (summaries, finished), fixture->quiz,
                             NULL, async_cb, &state);
  /* This open succeeds once the worker has opened the FIFO to read; it then waits for data. */
  IMTEHAN_TEST_WAIT_UNTIL ((fifo = open (path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)) >= 0 ||
                           errno != ENXIO, 10);
  g_assert_cmpint (fifo, >=, 0);

  imtehan_store_unlock (fixture->store, "A-1");
  g_assert_true (g_file_test (lock, G_FILE_TEST_EXISTS));
  g_assert_true (imtehan_store_is_locked_elsewhere (other, "A-1"));
  /* Meanwhile it is nobody's for this store, so not "elsewhere" either. */
  g_assert_false (imtehan_store_is_locked_elsewhere (fixture->store, "A-1"));
  /* Released and taken again before the worker's turn: still held. */
  imtehan_store_unlock (fixture->store, "B-2");
  g_assert_true (imtehan_store_lock (fixture->store, "B-2", &error));
  g_assert_no_error (error);

  g_assert_cmpint (write (fifo, contents, strlen (contents)), ==, strlen (contents));
  close (fifo);
  claimed = imtehan_store_claim_finish (fixture->store, wait_for_result (&state), &error);
  g_assert_no_error (error);
  g_assert_nonnull (claimed);
  g_clear_object (&state.result);

  wait_for_worker (fixture->store);
  g_assert_false (g_file_test (lock, G_FILE_TEST_EXISTS));
  g_assert_false (imtehan_store_is_locked_elsewhere (other, "A-1"));
  g_assert_true (imtehan_store_lock (other, "A-1", &error));
  g_assert_no_error (error);
  g_assert_true (imtehan_store_is_locked_elsewhere (other, "B-2"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  add_test ("/store/lock/two-stores", test_lock);
  add_test ("/store/lock/released-by-kill", test_lock_released_by_kill);
  add_test ("/store/lock/async", test_lock_async);
  add_test ("/store/claim/lock-and-load", test_claim);
  add_test ("/store/claim/releases-lock", test_claim_releases_lock);
  add_test ("/store/lock/unlock-on-worker", test_unlock_on_worker);

  return g_test_run ();
}
