/* test-store-lab.c: a lab's results folder: file modes, and saves kept while it is away
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

static char *
pending_in (Fixture        *fixture,
            ImtehanAttempt *attempt)
{
  g_autofree char *name = g_strconcat (imtehan_attempt_get_id (attempt), ".ini", NULL);

  return g_build_filename (fixture->pending_path, name, NULL);
}

static gboolean
save_async_and_wait (ImtehanStore    *store,
                     ImtehanAttempt  *attempt,
                     GError         **error)
{
  SaveState state = { 1, TRUE, NULL };

  imtehan_store_save_async (store, attempt, NULL, save_cb, &state);
  wait_for (&state);
  if (state.error != NULL)
    g_propagate_error (error, state.error);
  return state.ok;
}

/* The teachers' group reads a lab's results, whatever the umask; the PC's own stay 0600. */
static void
test_lab_file_modes (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanAttempt) attempt = new_attempt (fixture, 1);
  g_autofree char *path = attempt_path (fixture, attempt);
  g_autofree char *other_tmp = g_build_filename (fixture->tmp, "own", NULL);
  g_autoptr(GFile) other_dir = g_file_new_for_path (other_tmp);
  g_autoptr(ImtehanStore) own = imtehan_store_new (other_dir);
  g_autoptr(GFile) own_file = imtehan_store_get_file (own, attempt);
  g_autofree char *own_path = g_file_get_path (own_file);
  mode_t old_umask = umask (077);
  GStatBuf buf;

  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (imtehan_store_save (own, attempt, NULL, &error));
  g_assert_no_error (error);
  umask (old_umask);

  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  g_assert_cmpint (buf.st_mode & 0777, ==, 0640);
  g_assert_cmpint (g_stat (own_path, &buf), ==, 0);
  g_assert_cmpint (buf.st_mode & 0777, ==, 0600);
  /* Nothing was kept aside: the folder took it. */
  g_assert_false (g_file_test (fixture->pending_path, G_FILE_TEST_EXISTS));
  assert_finalize_soon (g_steal_pointer (&own));
}

/* Unplugged in the middle of a quiz: the save goes to this PC, the folder is not made again
 * in its place, the listing still shows (and a claim resumes) the newest answers; plugged
 * back, the next save copies the kept file over and only then deletes it. */
static void
test_lab_unplugged (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanAttempt) attempt = new_attempt (fixture, 1);
  g_autoptr(ImtehanAttempt) other = new_attempt (fixture, 2);
  g_autoptr(ImtehanAttempt) resumed = NULL;
  g_autoptr(GPtrArray) summaries = NULL;
  g_autofree char *path = attempt_path (fixture, attempt);
  g_autofree char *pending = pending_in (fixture, attempt);
  g_autofree char *away = g_build_filename (fixture->tmp, "unplugged", NULL);
  g_autofree char *newest = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *loaded = NULL;
  ImtehanAttemptSummary *summary;
  GStatBuf buf;

  g_assert_true (save_async_and_wait (fixture->store, attempt, &error));
  g_assert_no_error (error);

  g_assert_cmpint (g_rename (fixture->path, away), ==, 0);
  g_assert_true (imtehan_attempt_choose (attempt, 0, imtehan_attempt_get_choice_order (attempt, 0)[1]));
  g_assert_true (imtehan_attempt_choose (attempt, 1, imtehan_attempt_get_choice_order (attempt, 1)[2]));
  newest = imtehan_attempt_to_data (attempt, NULL);
  g_assert_false (save_async_and_wait (fixture->store, attempt, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_nonnull (strstr (error->message, "kept on this computer"));
  g_clear_error (&error);
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
  contents = read_file (pending);
  g_assert_cmpstr (contents, ==, newest);
  g_clear_pointer (&contents, g_free);
  g_assert_cmpint (g_stat (pending, &buf), ==, 0);
  g_assert_cmpint (buf.st_mode & 0777, ==, 0600);

  /* The listing works without the folder, from this PC's copy; so does resuming. */
  summaries = list (fixture, NULL);
  g_assert_cmpuint (summaries->len, ==, 1);
  summary = find_summary (summaries, attempt);
  g_assert_cmpuint (imtehan_attempt_summary_get_n_answered (summary), ==, 2);
  resumed = claim (fixture, summary, NULL, &error);
  g_assert_no_error (error);
  loaded = imtehan_attempt_to_data (resumed, NULL);
  g_assert_cmpstr (loaded, ==, newest);

  /* Plugged back, with the old copy still there: it is still the pending one that counts. */
  g_assert_cmpint (g_rename (away, fixture->path), ==, 0);
  g_clear_pointer (&summaries, g_ptr_array_unref);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  /* Another attempt's save succeeds: the kept one goes over with it. */
  g_assert_true (save_async_and_wait (fixture->store, other, &error));
  g_assert_no_error (error);
  contents = read_file (path);
  g_assert_cmpstr (contents, ==, newest);
  g_assert_false (g_file_test (pending, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  g_assert_cmpint (buf.st_mode & 0777, ==, 0640);

  summaries = list (fixture, NULL);
  g_assert_cmpuint (summaries->len, ==, 2);
  summary = find_summary (summaries, attempt);
  g_assert_cmpuint (imtehan_attempt_summary_get_n_answered (summary), ==, 2);
  {
    g_autoptr(GFile) in_folder = imtehan_store_get_file (fixture->store, attempt);

    g_assert_true (g_file_equal (imtehan_attempt_summary_get_file (summary), in_folder));
  }
  imtehan_store_unlock (fixture->store, imtehan_attempt_get_id (attempt));
}

/* Full (ENOSPC, injected: a full tmpfs needs a mount namespace, see tests/crash), then freed:
 * a retry of the same attempt lands it, with every answer, and nothing stays pending. */
static void
test_lab_full_then_retry (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanAttempt) attempt = new_attempt (fixture, 3);
  g_autofree char *path = attempt_path (fixture, attempt);
  g_autofree char *pending = pending_in (fixture, attempt);
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;

  imtehan_store_set_fault (fixture->store, ENOSPC);
  for (guint q = 0; q < 3; q++)
    {
      g_autofree char *saved = NULL;

      g_assert_true (imtehan_attempt_choose (attempt, q, imtehan_attempt_get_choice_order (attempt, q)[q]));
      g_assert_false (save_async_and_wait (fixture->store, attempt, &error));
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOSPC);
      g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
      g_clear_error (&error);
      /* Each answer is on disk at once, on this PC. */
      saved = read_file (pending);
      expected = imtehan_attempt_to_data (attempt, NULL);
      g_assert_cmpstr (saved, ==, expected);
      g_clear_pointer (&expected, g_free);
    }
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  imtehan_store_set_fault (fixture->store, 0);
  g_assert_true (save_async_and_wait (fixture->store, attempt, &error));
  g_assert_no_error (error);
  contents = read_file (path);
  expected = imtehan_attempt_to_data (attempt, NULL);
  g_assert_cmpstr (contents, ==, expected);
  g_assert_false (g_file_test (pending, G_FILE_TEST_EXISTS));
}

/* A results folder whose parent is a regular file (ENOTDIR, as a stick mounted elsewhere can
 * leave it); and a copy kept by an earlier run, flushed by the next listing. */
static void
test_lab_kept_by_earlier_run (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file_path = g_build_filename (fixture->tmp, "not-a-folder", NULL);
  g_autofree char *folder = g_build_filename (file_path, "results", NULL);
  g_autoptr(GFile) directory = g_file_new_for_path (folder);
  g_autoptr(GFile) pending = g_file_new_for_path (fixture->pending_path);
  g_autoptr(ImtehanStore) broken = imtehan_store_new_for_results_folder (directory, pending);
  g_autoptr(ImtehanAttempt) attempt = new_attempt (fixture, 4);
  g_autoptr(GPtrArray) summaries = NULL;
  g_autofree char *expected = imtehan_attempt_to_data (attempt, NULL);
  g_autofree char *kept = pending_in (fixture, attempt);
  g_autofree char *path = attempt_path (fixture, attempt);
  g_autofree char *contents = NULL;

  write_file (file_path, "");
  g_assert_false (imtehan_store_save (broken, attempt, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR);
  g_clear_error (&error);
  contents = read_file (kept);
  g_assert_cmpstr (contents, ==, expected);
  g_clear_pointer (&contents, g_free);
  assert_finalize_soon (g_steal_pointer (&broken));

  /* The next run, with the folder there: the first listing copies it over. */
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  summaries = list (fixture, NULL);
  g_assert_cmpuint (summaries->len, ==, 1);
  contents = read_file (path);
  g_assert_cmpstr (contents, ==, expected);
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
}

/* While a copy is pending it is the newest: a save writes it first, so the folder's older
 * file (written before the folder went away) never wins, in the listing or once flushed. */
static void
test_lab_pending_is_newest (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanAttempt) attempt = new_attempt (fixture, 5);
  g_autofree char *path = attempt_path (fixture, attempt);
  g_autofree char *pending = pending_in (fixture, attempt);
  g_autofree char *old = NULL;
  g_autofree char *newest = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GPtrArray) summaries = NULL;

  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);
  old = imtehan_attempt_to_data (attempt, NULL);

  imtehan_store_set_fault (fixture->store, EIO);
  g_assert_true (imtehan_attempt_choose (attempt, 0, imtehan_attempt_get_choice_order (attempt, 0)[0]));
  g_assert_false (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_IO);
  g_clear_error (&error);
  g_assert_true (imtehan_attempt_choose (attempt, 1, imtehan_attempt_get_choice_order (attempt, 1)[0]));
  newest = imtehan_attempt_to_data (attempt, NULL);
  g_assert_false (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_clear_error (&error);

  /* The folder still has the old file: the listing shows the kept one instead. */
  contents = read_file (path);
  g_assert_cmpstr (contents, ==, old);
  g_clear_pointer (&contents, g_free);
  summaries = list (fixture, NULL);
  g_assert_cmpuint (summaries->len, ==, 1);
  g_assert_cmpuint (imtehan_attempt_summary_get_n_answered (find_summary (summaries, attempt)), ==, 2);

  imtehan_store_set_fault (fixture->store, 0);
  g_clear_pointer (&summaries, g_ptr_array_unref);
  summaries = list (fixture, NULL);
  contents = read_file (path);
  g_assert_cmpstr (contents, ==, newest);
  g_assert_false (g_file_test (pending, G_FILE_TEST_EXISTS));
}

/* SIGKILL while kept copies are being copied to the folder that came back: at every moment
 * each attempt is whole in one place or the other, and the next listing finishes the job. */
static void
test_lab_killed_during_flush (Fixture       *fixture,
                              gconstpointer  data)
{
  const guint n = 16;
  g_autoptr(GPtrArray) attempts = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) summaries = NULL;
  g_autofree char *away = g_build_filename (fixture->tmp, "unplugged", NULL);
  guint n_partial = 0;

  for (guint i = 0; i < n; i++)
    {
      ImtehanAttempt *attempt = new_attempt (fixture, i + 1);

      g_ptr_array_add (attempts, attempt);
      g_ptr_array_add (expected, imtehan_attempt_to_data (attempt, NULL));
    }

  for (guint round = 0; round < 6; round++)
    {
      guint in_folder = 0;
      pid_t pid;
      int status;

      /* Unplugged: every attempt is kept on this PC only. */
      g_assert_cmpint (g_rename (fixture->path, away), ==, 0);
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GError) error = NULL;

          g_assert_false (imtehan_store_save (fixture->store, g_ptr_array_index (attempts, i),
                                              NULL, &error));
          g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
        }
      imtehan_test_remove_tree (away);
      g_assert_cmpint (g_mkdir (fixture->path, 0770), ==, 0);

      /* Plugged back; a listing starts copying, and is killed after a while. */
      pid = fork ();
      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        {
          g_autoptr(GPtrArray) child_list = imtehan_store_list (fixture->store, NULL, NULL, NULL);
          _exit (child_list != NULL ? 0 : 1);
        }
      g_usleep (round * 3000);
      kill (pid, SIGKILL);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);

      for (guint i = 0; i < n; i++)
        {
          ImtehanAttempt *attempt = g_ptr_array_index (attempts, i);
          g_autofree char *path = attempt_path (fixture, attempt);
          g_autofree char *pending = pending_in (fixture, attempt);
          gboolean there = g_file_test (path, G_FILE_TEST_EXISTS);

          g_assert_true (there || g_file_test (pending, G_FILE_TEST_EXISTS));
          if (there)
            {
              g_autofree char *contents = read_file (path);

              g_assert_cmpstr (contents, ==, g_ptr_array_index (expected, i));
              in_folder++;
            }
          if (g_file_test (pending, G_FILE_TEST_EXISTS))
            {
              g_autofree char *contents = read_file (pending);

              g_assert_cmpstr (contents, ==, g_ptr_array_index (expected, i));
            }
        }
      if (in_folder > 0 && in_folder < n)
        n_partial++;

      /* The next run's listing copies the rest. */
      summaries = list (fixture, NULL);
      g_assert_cmpuint (summaries->len, ==, n);
      g_clear_pointer (&summaries, g_ptr_array_unref);
      for (guint i = 0; i < n; i++)
        {
          ImtehanAttempt *attempt = g_ptr_array_index (attempts, i);
          g_autofree char *path = attempt_path (fixture, attempt);
          g_autofree char *pending = pending_in (fixture, attempt);
          g_autofree char *contents = read_file (path);

          g_assert_cmpstr (contents, ==, g_ptr_array_index (expected, i));
          g_assert_false (g_file_test (pending, G_FILE_TEST_EXISTS));
        }
    }
  g_test_message ("%u of 6 kills fell in the middle of the copying", n_partial);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/store/lab/file-modes", Fixture, "lab", fixture_set_up, test_lab_file_modes,
              fixture_tear_down);
  g_test_add ("/store/lab/unplugged", Fixture, "lab", fixture_set_up, test_lab_unplugged,
              fixture_tear_down);
  g_test_add ("/store/lab/full-then-retry", Fixture, "lab", fixture_set_up,
              test_lab_full_then_retry, fixture_tear_down);
  g_test_add ("/store/lab/kept-by-earlier-run", Fixture, "lab", fixture_set_up,
              test_lab_kept_by_earlier_run, fixture_tear_down);
  g_test_add ("/store/lab/pending-is-newest", Fixture, "lab", fixture_set_up,
              test_lab_pending_is_newest, fixture_tear_down);
  g_test_add ("/store/lab/killed-during-flush", Fixture, "lab", fixture_set_up,
              test_lab_killed_during_flush, fixture_tear_down);

  return g_test_run ();
}
