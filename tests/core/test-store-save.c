/* test-store-save.c: saving attempts and loading them back
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

static void
test_save_creates_files (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ImtehanAttempt *attempt = new_attempt (fixture, 1);
  g_autofree char *name = g_strconcat (imtehan_attempt_get_id (attempt), ".ini", NULL);
  g_autofree char *path = path_in (fixture, name);
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GFile) file = imtehan_store_get_file (fixture->store, attempt);
  g_autofree char *file_path = g_file_get_path (file);
  GStatBuf buf;

  g_assert_cmpstr (file_path, ==, path);
  g_assert_true (imtehan_store_get_directory (fixture->store) == fixture->directory);

  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);

  g_assert_cmpint (g_stat (fixture->path, &buf), ==, 0);
  g_assert_true (S_ISDIR (buf.st_mode));
  g_assert_cmpint (buf.st_mode & 0777, ==, 0700);
  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  g_assert_true (S_ISREG (buf.st_mode));
  g_assert_cmpint (buf.st_mode & 0777, ==, 0600);

  contents = read_file (path);
  expected = imtehan_attempt_to_data (attempt, NULL);
  g_assert_cmpstr (contents, ==, expected);

  /* Saving again rewrites the same file, nothing else is left in the folder. */
  g_assert_true (imtehan_attempt_choose (attempt, 0, "replicated-states"));
  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&contents, g_free);
  g_clear_pointer (&expected, g_free);
  contents = read_file (path);
  expected = imtehan_attempt_to_data (attempt, NULL);
  g_assert_cmpstr (contents, ==, expected);
  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  g_assert_cmpint (buf.st_mode & 0777, ==, 0600);

  {
    g_autoptr(GDir) dir = g_dir_open (fixture->path, 0, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (g_dir_read_name (dir), ==, name);
    g_assert_null (g_dir_read_name (dir));
  }

  g_assert_finalize_object (attempt);
}

static void
test_save_then_list (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) summaries = NULL;
  ImtehanAttempt *attempt = new_attempt (fixture, 1);
  ImtehanAttemptSummary *summary;
  g_autoptr(GFile) file = imtehan_store_get_file (fixture->store, attempt);

  g_assert_true (imtehan_attempt_choose (attempt, 0, "replicated-states"));       /* right */
  g_assert_true (imtehan_attempt_choose (attempt, 1, "past-gradients"));          /* wrong */
  g_assert_true (imtehan_attempt_choose (attempt, 2, "model-parameters"));        /* right */
  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);

  /* In progress: no score yet. */
  summaries = list (fixture, &problems);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (summaries->len, ==, 1);
  summary = g_ptr_array_index (summaries, 0);
  g_assert_true (g_file_equal (imtehan_attempt_summary_get_file (summary), file));
  g_assert_cmpstr (imtehan_attempt_summary_get_id (summary), ==, imtehan_attempt_get_id (attempt));
  g_assert_cmpstr (imtehan_attempt_summary_get_quiz_id (summary), ==, "zero-sharded-optimizers");
  g_assert_cmpstr (imtehan_attempt_summary_get_language (summary), ==, "ur");
  g_assert_cmpstr (imtehan_attempt_summary_get_learner (summary), ==, "Bilal");
  g_assert_true (g_date_time_equal (imtehan_attempt_summary_get_started (summary),
                                    imtehan_attempt_get_started (attempt)));
  g_assert_false (imtehan_attempt_summary_get_finished (summary));
  g_assert_cmpuint (imtehan_attempt_summary_get_score (summary), ==, 0);
  g_assert_cmpuint (imtehan_attempt_summary_get_total (summary), ==, 8);
  g_assert_cmpuint (imtehan_attempt_summary_get_n_answered (summary), ==, 3);
  g_assert_cmpuint (imtehan_attempt_summary_get_quiz_version (summary), ==, 2);
  g_assert_cmpstr (imtehan_attempt_summary_get_quiz_digest (summary), ==,
                   imtehan_quiz_get_digest (fixture->quiz));

  /* Finished. */
  g_assert_true (imtehan_attempt_finish (attempt));
  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&summaries, g_ptr_array_unref);
  g_clear_pointer (&problems, g_ptr_array_unref);
  summaries = list (fixture, &problems);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (summaries->len, ==, 1);
  summary = g_ptr_array_index (summaries, 0);
  g_assert_true (imtehan_attempt_summary_get_finished (summary));
  g_assert_cmpuint (imtehan_attempt_summary_get_score (summary), ==, 2);
  g_assert_cmpuint (imtehan_attempt_summary_get_total (summary), ==, 8);
  g_assert_cmpuint (imtehan_attempt_summary_get_n_answered (summary), ==, 3);
  g_assert_cmpstr (imtehan_attempt_summary_get_quiz_digest (summary), ==,
                   imtehan_quiz_get_digest (fixture->quiz));

  g_assert_finalize_object (attempt);
}

static void
test_save_async (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ImtehanAttempt *attempt = new_attempt (fixture, 1);
  g_autoptr(GFile) file = imtehan_store_get_file (fixture->store, attempt);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *sync_contents = NULL;
  g_autofree char *async_contents = NULL;
  SaveState state = { 1, TRUE, NULL };
  GStatBuf buf;

  g_assert_true (imtehan_attempt_choose (attempt, 3, "all-gather-discard"));
  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);
  sync_contents = read_file (path);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (fixture->path), ==, 0);

  /* Also creates the folder. */
  imtehan_store_save_async (fixture->store, attempt, NULL, save_cb, &state);
  wait_for (&state);
  g_assert_no_error (state.error);
  g_assert_true (state.ok);

  async_contents = read_file (path);
  g_assert_cmpstr (async_contents, ==, sync_contents);
  g_assert_cmpint (g_stat (fixture->path, &buf), ==, 0);
  g_assert_cmpint (buf.st_mode & 0777, ==, 0700);
  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  g_assert_cmpint (buf.st_mode & 0777, ==, 0600);

  g_assert_finalize_object (attempt);
}

static void
test_save_async_last_wins (Fixture       *fixture,
                           gconstpointer  data)
{
  ImtehanAttempt *attempt = new_attempt (fixture, 1);
  g_autoptr(GFile) file = imtehan_store_get_file (fixture->store, attempt);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;
  SaveState state = { 0, TRUE, NULL };

  /* Answer after answer, each saved at once, as the window does. */
  for (guint round = 0; round < 5; round++)
    for (guint i = 0; i < 8; i++)
      {
        ImtehanQuestion *question = imtehan_quiz_get_question (fixture->quiz, i);
        const char *choice = imtehan_question_get_choice_id (question, (i + round) % 4);

        g_assert_true (imtehan_attempt_choose (attempt, i, choice));
        imtehan_attempt_set_current (attempt, i);
        state.pending++;
        imtehan_store_save_async (fixture->store, attempt, NULL, save_cb, &state);
      }
  g_assert_true (imtehan_attempt_finish (attempt));
  state.pending++;
  imtehan_store_save_async (fixture->store, attempt, NULL, save_cb, &state);

  wait_for (&state);
  g_assert_no_error (state.error);
  g_assert_true (state.ok);

  contents = read_file (path);
  expected = imtehan_attempt_to_data (attempt, NULL);
  g_assert_cmpstr (contents, ==, expected);
  g_assert_nonnull (strstr (contents, "\nFinished=true\n"));

  g_assert_finalize_object (attempt);
}

/* Disposing the store lets queued saves finish: an answer given is an answer kept. */
static void
test_save_async_then_dispose (Fixture       *fixture,
                              gconstpointer  data)
{
  ImtehanAttempt *attempt = new_attempt (fixture, 1);
  g_autoptr(GFile) file = imtehan_store_get_file (fixture->store, attempt);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;
  SaveState state = { 0, TRUE, NULL };
  ImtehanStore *store = g_object_ref (fixture->store);

  for (guint i = 0; i < 8; i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (fixture->quiz, i);

      g_assert_true (imtehan_attempt_choose (attempt, i, imtehan_question_get_answer (question)));
      state.pending++;
      imtehan_store_save_async (store, attempt, NULL, save_cb, &state);
    }
  g_object_run_dispose (G_OBJECT (store));

  contents = read_file (path);
  expected = imtehan_attempt_to_data (attempt, NULL);
  g_assert_cmpstr (contents, ==, expected);

  wait_for (&state);
  g_assert_no_error (state.error);
  g_assert_true (state.ok);
  g_object_unref (store);

  g_assert_finalize_object (attempt);
}

/* The task of a save holds the store: when the caller has let go of the store, the writer
 * thread may drop the last reference. The store must still go away. */
static void
test_save_async_last_reference (Fixture       *fixture,
                                gconstpointer  data)
{
  ImtehanAttempt *attempt = new_attempt (fixture, 1);
  g_autofree char *shm = g_build_filename ("/dev/shm", "imtehan-test-store-XXXXXX", NULL);
  g_autoptr(GFile) directory = NULL;

  /* 2000 durable saves, an fsync each, took 16 to 80 s on a disk shared with other jobs: in
   * memory where there is a tmpfs, since what is tested is the store's last reference. */
  if (g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR) && g_mkdtemp (shm) != NULL)
    directory = g_file_new_for_path (shm);
  else
    directory = g_object_ref (fixture->directory);

  for (guint i = 0; i < 2000; i++)
    {
      ImtehanStore *store = imtehan_store_new (directory);
      gpointer weak = store;
      gint64 deadline = g_get_monotonic_time () + 10 * G_TIME_SPAN_SECOND;
      SaveState state = { 1, TRUE, NULL };

      g_object_add_weak_pointer (G_OBJECT (store), &weak);
      imtehan_store_save_async (store, attempt, NULL, save_cb, &state);
      g_object_unref (store);
      /* Busy: the sooner the callback runs, the likelier the writer thread frees the task. */
      while (state.pending > 0)
        g_main_context_iteration (NULL, FALSE);
      g_assert_no_error (state.error);

      /* Not a main-loop wait: the writer thread alone is to let the store go, and the wait's
       * 5 ms wake-ups would make the 2000 rounds last seconds. */
      while (g_atomic_pointer_get (&weak) != NULL && g_get_monotonic_time () < deadline)
        g_usleep (100);
      if (g_atomic_pointer_get (&weak) != NULL)
        g_test_message ("iteration %u: the store was not finalized", i);
      g_assert_null (g_atomic_pointer_get (&weak));
    }

  g_assert_finalize_object (attempt);
  if (!g_file_equal (directory, fixture->directory))
    imtehan_test_remove_tree (shm);
}

static void
test_load_round_trip (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) summaries = NULL;
  ImtehanAttempt *attempt = new_attempt (fixture, 77);
  ImtehanAttempt *loaded = NULL;

  g_assert_true (imtehan_attempt_choose (attempt, 0, "replicated-states"));
  g_assert_true (imtehan_attempt_choose (attempt, 5, "same-communication"));
  imtehan_attempt_set_current (attempt, 5);
  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);

  summaries = list (fixture, NULL);
  g_assert_cmpuint (summaries->len, ==, 1);
  loaded = imtehan_store_load (fixture->store, g_ptr_array_index (summaries, 0), fixture->quiz,
                               NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);

  g_assert_cmpstr (imtehan_attempt_get_id (loaded), ==, imtehan_attempt_get_id (attempt));
  g_assert_cmpuint (imtehan_attempt_get_seed (loaded), ==, 77);
  g_assert_cmpstr (imtehan_attempt_get_language (loaded), ==, "ur");
  g_assert_cmpstr (imtehan_attempt_get_learner (loaded), ==, "Bilal");
  g_assert_cmpuint (imtehan_attempt_get_current (loaded), ==, 5);
  g_assert_cmpuint (imtehan_attempt_get_n_answered (loaded), ==, 2);
  g_assert_false (imtehan_attempt_get_finished (loaded));
  g_assert_true (g_date_time_equal (imtehan_attempt_get_started (loaded),
                                    imtehan_attempt_get_started (attempt)));
  for (guint i = 0; i < 8; i++)
    {
      g_assert_cmpstr (imtehan_attempt_get_answer (loaded, i), ==,
                       imtehan_attempt_get_answer (attempt, i));
      g_assert_cmpstrv (imtehan_attempt_get_choice_order (loaded, i),
                        imtehan_attempt_get_choice_order (attempt, i));
    }

  /* The resumed attempt saves to the same file. */
  {
    g_autoptr(GFile) a = imtehan_store_get_file (fixture->store, attempt);
    g_autoptr(GFile) b = imtehan_store_get_file (fixture->store, loaded);

    g_assert_true (g_file_equal (a, b));
  }

  g_assert_finalize_object (loaded);
  g_assert_finalize_object (attempt);
}

static void
test_new_default (void)
{
  g_autoptr(ImtehanStore) store = imtehan_store_new_default ();
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "imtehan", "attempts",
                                                NULL);
  g_autofree char *path = g_file_get_path (imtehan_store_get_directory (store));

  g_assert_cmpstr (path, ==, expected);
  /* ISOLATE_DIRS: not the real user's data. */
  g_assert_true (g_str_has_prefix (path, g_get_tmp_dir ()));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  add_test ("/store/save/creates-files", test_save_creates_files);
  add_test ("/store/save/then-list", test_save_then_list);
  add_test ("/store/save/async", test_save_async);
  add_test ("/store/save/async-last-wins", test_save_async_last_wins);
  add_test ("/store/save/async-then-dispose", test_save_async_then_dispose);
  add_test ("/store/save/async-last-reference", test_save_async_last_reference);
  add_test ("/store/load/round-trip", test_load_round_trip);
  g_test_add_func ("/store/new-default", test_new_default);

  return g_test_run ();
}
