/* test-store.c: the folder of attempt files, as the user's results depend on it
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

#define BUNDLED_QUIZ QUIZ_DIR "/zero-sharded-optimizers.quiz"

typedef struct
{
  char         *tmp;       /* a fresh folder for this test */
  char         *path;      /* tmp/attempts: does not exist until the first save */
  GFile        *directory;
  char         *cache_path; /* tmp/cache: the summary cache, never the user's */
  GFile        *cache_directory;
  char         *pending_path; /* tmp/pending: a "lab" store's copies kept on this PC */
  ImtehanStore *store;     /* with a cache in cache_path when the test's data is "cached" */
  ImtehanQuiz  *quiz;
} Fixture;

/* GTask drops its reference to the source object in its worker thread, maybe only just
 * after the callback ran in ours: wait for that before deciding the store leaked. */
static void
assert_finalize_soon (gpointer object)
{
  gpointer weak = object;

  g_object_add_weak_pointer (object, &weak);
  g_object_unref (object);
  IMTEHAN_TEST_WAIT_UNTIL (g_atomic_pointer_get (&weak) == NULL, 10);
  g_assert_null (g_atomic_pointer_get (&weak));
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) quiz_file = g_file_new_for_path (BUNDLED_QUIZ);

  fixture->tmp = g_dir_make_tmp ("imtehan-test-store-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->tmp, "attempts", NULL);
  fixture->directory = g_file_new_for_path (fixture->path);
  fixture->cache_path = g_build_filename (fixture->tmp, "cache", NULL);
  fixture->cache_directory = g_file_new_for_path (fixture->cache_path);
  if (g_strcmp0 (data, "cached") == 0)
    fixture->store = g_object_new (IMTEHAN_TYPE_STORE,
                                   "directory", fixture->directory,
                                   "cache-directory", fixture->cache_directory,
                                   NULL);
  else if (g_strcmp0 (data, "lab") == 0)
    {
      g_autoptr(GFile) pending = NULL;

      /* A lab's folder exists before the app runs: the admin made it (mode 3770). */
      fixture->pending_path = g_build_filename (fixture->tmp, "pending", NULL);
      pending = g_file_new_for_path (fixture->pending_path);
      g_assert_cmpint (g_mkdir (fixture->path, 0770), ==, 0);
      fixture->store = imtehan_store_new_for_results_folder (fixture->directory, pending);
    }
  else
    fixture->store = imtehan_store_new (fixture->directory);
  fixture->quiz = imtehan_quiz_new_from_file (quiz_file, NULL, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  assert_finalize_soon (g_steal_pointer (&fixture->store));
  g_assert_finalize_object (g_steal_pointer (&fixture->quiz));
  g_clear_object (&fixture->directory);
  g_clear_object (&fixture->cache_directory);
  imtehan_test_remove_tree (fixture->tmp);
  g_assert_false (g_file_test (fixture->tmp, G_FILE_TEST_EXISTS));
  g_clear_pointer (&fixture->path, g_free);
  g_clear_pointer (&fixture->cache_path, g_free);
  g_clear_pointer (&fixture->pending_path, g_free);
  g_clear_pointer (&fixture->tmp, g_free);
}

static char *
path_in (Fixture    *fixture,
         const char *name)
{
  return g_build_filename (fixture->path, name, NULL);
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static void
write_file (const char *path,
            const char *contents)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

static ImtehanAttempt *
new_attempt (Fixture *fixture,
             guint32  seed)
{
  ImtehanAttempt *attempt = imtehan_attempt_new (fixture->quiz, seed);

  imtehan_attempt_set_language (attempt, "ur");
  imtehan_attempt_set_learner (attempt, "Bilal");
  return attempt;
}

/* An attempt file as imtehan_attempt_to_data() writes it, with @id and @started put in. */
static char *
crafted_data (Fixture    *fixture,
              const char *id,
              const char *started)
{
  g_autoptr(ImtehanAttempt) attempt = new_attempt (fixture, 1);
  g_autofree char *data = imtehan_attempt_to_data (attempt, NULL);
  g_auto(GStrv) lines = g_strsplit (data, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "Id="))
        {
          g_free (lines[i]);
          lines[i] = g_strconcat ("Id=", id, NULL);
        }
      else if (g_str_has_prefix (lines[i], "Started="))
        {
          g_free (lines[i]);
          lines[i] = g_strconcat ("Started=", started, NULL);
        }
    }
  return g_strjoinv ("\n", lines);
}

static GPtrArray *
list (Fixture    *fixture,
      GPtrArray **problems)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *summaries = imtehan_store_list (fixture->store, problems, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (summaries);
  return summaries;
}

static void
test_list_missing_folder (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) summaries = list (fixture, &problems);

  g_assert_cmpuint (summaries->len, ==, 0);
  g_assert_nonnull (problems);
  g_assert_cmpuint (problems->len, ==, 0);
  /* Listing does not create the folder. */
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));

  /* problems is optional. */
  g_clear_pointer (&summaries, g_ptr_array_unref);
  summaries = list (fixture, NULL);
  g_assert_cmpuint (summaries->len, ==, 0);
}

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
test_list_newest_first (Fixture       *fixture,
                        gconstpointer  data)
{
  /* File names in another order than the ids, so the directory order cannot help. */
  static const struct {
    const char *file;
    const char *id;
    const char *started;
  } files[] = {
    { "c.ini", "20240315T080000Z-0000000a", "2024-03-15T08:00:00Z" },
    { "a.ini", "20231201T235959Z-0000000b", "2023-12-01T23:59:59Z" },
    { "d.ini", "20250102T101010Z-0000000c", "2025-01-02T10:10:10Z" },
    { "b.ini", "20240315T080001Z-0000000d", "2024-03-15T08:00:01Z" },
  };
  static const char * const newest_first[] = {
    "20250102T101010Z-0000000c",
    "20240315T080001Z-0000000d",
    "20240315T080000Z-0000000a",
    "20231201T235959Z-0000000b",
  };
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) summaries = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *contents = crafted_data (fixture, files[i].id, files[i].started);
      g_autofree char *path = path_in (fixture, files[i].file);

      write_file (path, contents);
    }

  summaries = list (fixture, &problems);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (summaries->len, ==, G_N_ELEMENTS (newest_first));
  for (guint i = 0; i < summaries->len; i++)
    {
      ImtehanAttemptSummary *summary = g_ptr_array_index (summaries, i);
      g_autofree char *started = NULL;

      g_assert_cmpstr (imtehan_attempt_summary_get_id (summary), ==, newest_first[i]);
      started = g_date_time_format (imtehan_attempt_summary_get_started (summary),
                                    "%Y%m%dT%H%M%SZ");
      g_assert_true (g_str_has_prefix (newest_first[i], started));
    }
}

typedef struct
{
  guint     pending;
  gboolean  ok;
  GError   *error;
} SaveState;

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  SaveState *state = user_data;
  g_autoptr(GError) error = NULL;

  if (!imtehan_store_save_finish (IMTEHAN_STORE (object), result, &error))
    {
      state->ok = FALSE;
      if (state->error == NULL)
        state->error = g_steal_pointer (&error);
    }
  state->pending--;
}

static void
wait_for (SaveState *state)
{
  while (state->pending > 0)
    g_main_context_iteration (NULL, TRUE);
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

static gboolean
file_is (const char *path,
         const char *expected)
{
  g_autofree char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return FALSE;
  return g_str_equal (contents, expected);
}

static void
test_corrupt_set_aside (Fixture       *fixture,
                        gconstpointer  data)
{
  const char *garbage1 = "this is not\nan attempt file \x01\x02\xff\xfe\n";
  const char *garbage2 = "[Attempt]\nVersion=1\nId=x\n# the power went out here\n";
  g_autofree char *broken = path_in (fixture, "broken.ini");
  g_autofree char *corrupt = path_in (fixture, "broken.ini.corrupt");
  g_autofree char *corrupt1 = path_in (fixture, "broken.ini.corrupt.1");
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) summaries = NULL;
  ImtehanAttempt *attempt = new_attempt (fixture, 1);
  g_autoptr(GError) error = NULL;
  GError *problem;

  /* A good attempt next to it is still listed. */
  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);
  write_file (broken, garbage1);

  g_test_expect_message ("imtehan-store", G_LOG_LEVEL_WARNING, "*broken.ini:2: *UTF-8*");
  summaries = list (fixture, &problems);
  g_test_assert_expected_messages ();

  g_assert_cmpuint (summaries->len, ==, 1);
  g_assert_cmpstr (imtehan_attempt_summary_get_id (g_ptr_array_index (summaries, 0)), ==,
                   imtehan_attempt_get_id (attempt));
  g_assert_cmpuint (problems->len, ==, 1);
  problem = g_ptr_array_index (problems, 0);
  g_assert_error (problem, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (problem->message, broken));
  g_assert_false (g_file_test (broken, G_FILE_TEST_EXISTS));
  g_assert_true (file_is (corrupt, garbage1));

  /* Listing again: nothing to report, the .corrupt file is left alone. */
  g_clear_pointer (&summaries, g_ptr_array_unref);
  g_clear_pointer (&problems, g_ptr_array_unref);
  summaries = list (fixture, &problems);
  g_assert_cmpuint (summaries->len, ==, 1);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_true (file_is (corrupt, garbage1));

  /* A second broken file of the same name never overwrites the first one set aside. */
  write_file (broken, garbage2);
  g_test_expect_message ("imtehan-store", G_LOG_LEVEL_WARNING, "*broken.ini:1: [Attempt]*Quiz*");
  g_clear_pointer (&summaries, g_ptr_array_unref);
  g_clear_pointer (&problems, g_ptr_array_unref);
  summaries = list (fixture, &problems);
  g_test_assert_expected_messages ();

  g_assert_cmpuint (summaries->len, ==, 1);
  g_assert_cmpuint (problems->len, ==, 1);
  problem = g_ptr_array_index (problems, 0);
  g_assert_error (problem, IMTEHAN_ERROR, IMTEHAN_ERROR_MISSING);
  g_assert_true (g_str_has_prefix (problem->message, broken));
  g_assert_false (g_file_test (broken, G_FILE_TEST_EXISTS));
  g_assert_true (file_is (corrupt, garbage1));
  g_assert_true (file_is (corrupt1, garbage2));

  g_assert_finalize_object (attempt);
}

static void
test_newer_version_left_alone (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autofree char *path = path_in (fixture, "20990101T000000Z-00000001.ini");
  g_autofree char *contents = crafted_data (fixture, "20990101T000000Z-00000001",
                                            "2099-01-01T00:00:00Z");
  g_autofree char *newer = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) summaries = NULL;
  g_autofree char *current = g_strdup_printf ("\nVersion=%d\n", IMTEHAN_ATTEMPT_FORMAT_VERSION);
  GError *problem;
  char *version;

  /* This build's format, whichever it is: the test is about a newer one. */
  version = strstr (contents, current);
  g_assert_nonnull (version);
  newer = g_strdup_printf ("%.*s\nVersion=99\n%s", (int)(version - contents), contents,
                           version + strlen (current));
  write_file (path, newer);

  g_test_expect_message ("imtehan-store", G_LOG_LEVEL_WARNING, "*newer*");
  summaries = list (fixture, &problems);
  g_test_assert_expected_messages ();

  g_assert_cmpuint (summaries->len, ==, 0);
  g_assert_cmpuint (problems->len, ==, 1);
  problem = g_ptr_array_index (problems, 0);
  g_assert_error (problem, IMTEHAN_ERROR, IMTEHAN_ERROR_VERSION);
  g_assert_true (g_str_has_prefix (problem->message, path));
  g_assert_nonnull (strstr (problem->message, ":2: [Attempt] Version:"));

  g_assert_true (file_is (path, newer));
  {
    g_autofree char *corrupt = g_strconcat (path, ".corrupt", NULL);
    g_assert_false (g_file_test (corrupt, G_FILE_TEST_EXISTS));
  }
}

static void
set_age (const char *path,
         gint64      seconds)
{
  struct timeval times[2];
  gint64 when = g_get_real_time () / G_USEC_PER_SEC - seconds;

  times[0].tv_sec = when;
  times[0].tv_usec = 0;
  times[1] = times[0];
  g_assert_cmpint (utimes (path, times), ==, 0);
}

static void
test_stale_temp_files (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *stale = path_in (fixture, "x.ini.ABCDEF");
  g_autofree char *fresh = path_in (fixture, "y.ini.GHIJKL");
  g_autofree char *old_other = path_in (fixture, "notes.ABCDEF");
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) summaries = NULL;

  write_file (stale, "[Attempt]\nVersion=1\n");
  write_file (fresh, "[Attempt]\nVer");
  write_file (old_other, "not ours");
  set_age (stale, 11 * 60);
  set_age (fresh, 60);
  set_age (old_other, 24 * 60 * 60);

  summaries = list (fixture, &problems);
  g_assert_cmpuint (summaries->len, ==, 0);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  /* Another instance may be writing this one right now. */
  g_assert_true (file_is (fresh, "[Attempt]\nVer"));
  g_assert_true (file_is (old_other, "not ours"));
}

/* Only GLib's own temporary names are removed, however old: a teacher's copies next to the
 * attempts look alike but are not. */
static void
test_stale_temp_names (Fixture       *fixture,
                       gconstpointer  data)
{
  static const char * const kept[] = {
    "x.ini.backup",   /* six letters, lower case: GLib never makes those */
    "x.ini.Backup",
    "x.ini.old123",
    "x.ini.ABCDE",    /* five */
    "x.ini.ABCDEFG",  /* seven */
    "x.ini.ABC-EF",
    "x.ini.ABC.EF",
    ".ini.ABCDEF",    /* no name before .ini */
    "x.INI.ABCDEF",
    "x.txt.ABCDEF",
    "x.iniABCDEF",
  };
  static const char * const removed[] = {
    "x.ini.ABCDEF",
    "x.ini.Z9Y8X7",
    "x.ini.000000",
    "20240315T080000Z-0000000a.ini.K3J9Y3",
  };
  g_autoptr(GPtrArray) made_by_glib = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) summaries = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *path = path_in (fixture, kept[i]);

      write_file (path, "a teacher's copy");
      set_age (path, 24 * 60 * 60);
    }
  for (guint i = 0; i < G_N_ELEMENTS (removed); i++)
    {
      g_autofree char *path = path_in (fixture, removed[i]);

      write_file (path, "[Attempt]\nVer");
      set_age (path, 11 * 60);
    }
  /* And names GLib really makes, many of them, so that a GLib using another alphabet fails
   * here rather than leaving its leftovers forever. */
  for (guint i = 0; i < 200; i++)
    {
      char *path = path_in (fixture, "y.ini.XXXXXX");
      int fd = g_mkstemp_full (path, O_RDWR, 0600);

      g_assert_cmpint (fd, >=, 0);
      g_assert_cmpint (close (fd), ==, 0);
      set_age (path, 11 * 60);
      g_ptr_array_add (made_by_glib, path);
    }

  summaries = list (fixture, &problems);
  g_assert_cmpuint (summaries->len, ==, 0);
  g_assert_cmpuint (problems->len, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *path = path_in (fixture, kept[i]);

      if (!file_is (path, "a teacher's copy"))
        g_error ("%s was removed", kept[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (removed); i++)
    {
      g_autofree char *path = path_in (fixture, removed[i]);

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        g_error ("%s was kept", removed[i]);
    }
  for (guint i = 0; i < made_by_glib->len; i++)
    if (g_file_test (g_ptr_array_index (made_by_glib, i), G_FILE_TEST_EXISTS))
      g_error ("GLib's %s was kept", (char *)g_ptr_array_index (made_by_glib, i));
}

static void
test_other_files_ignored (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *text = path_in (fixture, "notes.txt");
  g_autofree char *ini_dir = path_in (fixture, "folder.ini");
  g_autofree char *no_suffix = path_in (fixture, "attempt");
  g_autofree char *inside = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) summaries = NULL;
  GStatBuf buf;

  write_file (text, "garbage");
  write_file (no_suffix, "[Attempt]\nVersion=99\n");
  inside = g_build_filename (ini_dir, "a.ini", NULL);
  write_file (inside, "garbage");

  summaries = list (fixture, &problems);
  g_assert_cmpuint (summaries->len, ==, 0);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_true (file_is (text, "garbage"));
  g_assert_true (file_is (no_suffix, "[Attempt]\nVersion=99\n"));
  g_assert_true (file_is (inside, "garbage"));
  g_assert_cmpint (g_stat (ini_dir, &buf), ==, 0);
  g_assert_true (S_ISDIR (buf.st_mode));
}

static void
list_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

static GPtrArray *
list_async_and_wait (ImtehanStore  *store,
                     GPtrArray    **problems)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *summaries;

  imtehan_store_list_async (store, NULL, list_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  summaries = imtehan_store_list_finish (store, result, problems, &error);
  g_assert_no_error (error);
  return summaries;
}

static void
test_list_async (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) summaries = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  ImtehanAttempt *attempt = new_attempt (fixture, 1);

  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);

  summaries = list_async_and_wait (fixture->store, &problems);
  g_assert_cmpuint (summaries->len, ==, 1);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpstr (imtehan_attempt_summary_get_id (g_ptr_array_index (summaries, 0)), ==,
                   imtehan_attempt_get_id (attempt));

  g_assert_finalize_object (attempt);
}


static void
wait_for_files_read (ImtehanStore *store,
                     guint         n)
{
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_store_get_n_files_read (store) >= n, 10);
  g_assert_cmpuint (imtehan_store_get_n_files_read (store), ==, n);
}

/* A listing made at start-up answers the window's first one: the folder is read once. */
static void
test_list_prefetched (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) second = NULL;
  ImtehanAttempt *attempt = new_attempt (fixture, 1);
  g_autoptr(ImtehanStore) store = NULL;

  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);
  store = data ? g_object_new (IMTEHAN_TYPE_STORE, "directory", fixture->directory,
                               "cache-directory", fixture->cache_directory, NULL)
               : imtehan_store_new (fixture->directory);

  imtehan_store_prefetch_list (store);
  first = list_async_and_wait (store, NULL);
  g_assert_cmpuint (first->len, ==, 1);
  g_assert_cmpstr (imtehan_attempt_summary_get_id (g_ptr_array_index (first, 0)), ==,
                   imtehan_attempt_get_id (attempt));
  g_assert_cmpuint (imtehan_store_get_n_files_read (store), ==, 1);

  /* Used once: the next listing reads the folder again (and the file: an unfinished attempt
   * is never served from the cache). */
  second = list_async_and_wait (store, NULL);
  g_assert_cmpuint (second->len, ==, 1);
  g_assert_cmpuint (imtehan_store_get_n_files_read (store), ==, 2);

  g_assert_finalize_object (attempt);
}

/* An attempt written after the prefetch, here or by another process, is in the listing. */
static void
test_list_prefetch_outdated (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) here = NULL;
  g_autoptr(GPtrArray) after_own = NULL;
  ImtehanAttempt *first = new_attempt (fixture, 1);
  ImtehanAttempt *second = new_attempt (fixture, 2);
  ImtehanAttempt *third = new_attempt (fixture, 3);
  g_autoptr(ImtehanStore) elsewhere = imtehan_store_new (fixture->directory);

  g_assert_true (imtehan_store_save (fixture->store, first, NULL, &error));
  g_assert_no_error (error);
  imtehan_store_prefetch_list (fixture->store);
  wait_for_files_read (fixture->store, 1);
  /* Slept, not waited: the next file must be newer by the file system's clock tick (coarse
   * on Debian 12's kernel). */
  g_usleep (50000);
  g_assert_true (imtehan_store_save (elsewhere, second, NULL, &error));
  g_assert_no_error (error);
  here = list_async_and_wait (fixture->store, NULL);
  g_assert_cmpuint (here->len, ==, 2);

  /* Its own save, queued after a prefetch, is seen too. */
  imtehan_store_prefetch_list (fixture->store);
  imtehan_store_save_async (fixture->store, third, NULL, NULL, NULL);
  after_own = list_async_and_wait (fixture->store, NULL);
  g_assert_cmpuint (after_own->len, ==, 3);

  g_assert_finalize_object (first);
  g_assert_finalize_object (second);
  g_assert_finalize_object (third);
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

typedef struct
{
  GAsyncResult *result;
} AsyncState;

static void
async_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  AsyncState *state = user_data;

  g_assert_null (state->result);
  state->result = g_object_ref (result);
}

static GAsyncResult *
wait_for_result (AsyncState *state)
{
  while (state->result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return state->result;
}

/* Returns when every job queued on @store's worker before it has run: the worker runs them
 * one at a time, in order. */
static void
wait_for_worker (ImtehanStore *store)
{
  AsyncState state = { NULL };

  imtehan_store_lock_async (store, "worker-barrier", NULL, async_cb, &state);
  g_assert_true (imtehan_store_lock_finish (store, wait_for_result (&state), NULL));
  g_clear_object (&state.result);
  imtehan_store_unlock (store, "worker-barrier");
}

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

/* A bad escape in a value the summary reads is a damaged file like any other: it is set
 * aside, not listed with a NULL language (fuzz-attempt found that NULL in the attempt
 * loader, and the summary reader had the same code). */
static void
test_bad_escape_set_aside (Fixture       *fixture,
                           gconstpointer  data)
{
  static const char * const lines[] = { "Language=u\\qr", "Learner=Bi\\qlal" };

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autoptr(ImtehanAttempt) attempt = new_attempt (fixture, 1);
      g_autofree char *saved = imtehan_attempt_to_data (attempt, NULL);
      g_auto(GStrv) split = g_strsplit (saved, "\n", -1);
      g_autofree char *name = g_strdup_printf ("bad-%u.ini", i);
      g_autofree char *path = path_in (fixture, name);
      g_autofree char *corrupt = g_strconcat (path, ".corrupt", NULL);
      g_autofree char *key = g_strndup (lines[i], strcspn (lines[i], "="));
      g_autofree char *pattern = g_strdup_printf ("*%s:*[Attempt] %s:*", name, key);
      g_autoptr(GPtrArray) problems = NULL;
      g_autoptr(GPtrArray) summaries = NULL;
      g_autofree char *damaged = NULL;
      GError *problem;

      for (guint l = 0; split[l] != NULL; l++)
        if (g_str_has_prefix (split[l], key) && split[l][strlen (key)] == '=')
          {
            g_free (split[l]);
            split[l] = g_strdup (lines[i]);
          }
      damaged = g_strjoinv ("\n", split);
      write_file (path, damaged);

      g_test_expect_message ("imtehan-store", G_LOG_LEVEL_WARNING, pattern);
      summaries = list (fixture, &problems);
      g_test_assert_expected_messages ();

      g_assert_cmpuint (summaries->len, ==, 0);
      g_assert_cmpuint (problems->len, ==, 1);
      problem = g_ptr_array_index (problems, 0);
      g_assert_error (problem, IMTEHAN_ERROR, IMTEHAN_ERROR_INVALID);
      g_assert_true (file_is (corrupt, damaged));
    }
}

/* The summary cache. A store on the same folder and cache folder stands for the next start
 * of the app: it has only the cache file to go by. */

static ImtehanStore *
cached_store_new (Fixture *fixture)
{
  return g_object_new (IMTEHAN_TYPE_STORE,
                       "directory", fixture->directory,
                       "cache-directory", fixture->cache_directory,
                       NULL);
}

static GPtrArray *
list_with (ImtehanStore *store,
           GPtrArray   **problems)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *summaries = imtehan_store_list (store, problems, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (summaries);
  return summaries;
}

/* What a store without a cache lists: the truth a cached listing must equal. */
static GPtrArray *
list_uncached (Fixture *fixture)
{
  g_autoptr(ImtehanStore) store = imtehan_store_new (fixture->directory);

  return list_with (store, NULL);
}

static void
assert_same_summaries (GPtrArray *a,
                       GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      ImtehanAttemptSummary *x = g_ptr_array_index (a, i);
      ImtehanAttemptSummary *y = g_ptr_array_index (b, i);
      GDateTime *sx = imtehan_attempt_summary_get_started (x);
      GDateTime *sy = imtehan_attempt_summary_get_started (y);

      g_assert_true (g_file_equal (imtehan_attempt_summary_get_file (x),
                                   imtehan_attempt_summary_get_file (y)));
      g_assert_cmpstr (imtehan_attempt_summary_get_id (x), ==, imtehan_attempt_summary_get_id (y));
      g_assert_cmpstr (imtehan_attempt_summary_get_quiz_id (x), ==,
                       imtehan_attempt_summary_get_quiz_id (y));
      g_assert_cmpstr (imtehan_attempt_summary_get_language (x), ==,
                       imtehan_attempt_summary_get_language (y));
      g_assert_cmpstr (imtehan_attempt_summary_get_learner (x), ==,
                       imtehan_attempt_summary_get_learner (y));
      g_assert_true (g_date_time_equal (sx, sy));
      g_assert_cmpint (g_date_time_get_utc_offset (sx), ==, g_date_time_get_utc_offset (sy));
      g_assert_cmpint (imtehan_attempt_summary_get_finished (x), ==,
                       imtehan_attempt_summary_get_finished (y));
      g_assert_cmpuint (imtehan_attempt_summary_get_score (x), ==,
                        imtehan_attempt_summary_get_score (y));
      g_assert_cmpuint (imtehan_attempt_summary_get_total (x), ==,
                        imtehan_attempt_summary_get_total (y));
      g_assert_cmpuint (imtehan_attempt_summary_get_n_answered (x), ==,
                        imtehan_attempt_summary_get_n_answered (y));
      g_assert_cmpint (imtehan_attempt_summary_get_locked_elsewhere (x), ==,
                       imtehan_attempt_summary_get_locked_elsewhere (y));
      g_assert_cmpuint (imtehan_attempt_summary_get_quiz_version (x), ==,
                        imtehan_attempt_summary_get_quiz_version (y));
      g_assert_cmpstr (imtehan_attempt_summary_get_quiz_digest (x), ==,
                       imtehan_attempt_summary_get_quiz_digest (y));
    }
}

static ImtehanAttemptSummary *
find_summary_by_id (GPtrArray  *summaries,
                    const char *id)
{
  for (guint i = 0; i < summaries->len; i++)
    {
      ImtehanAttemptSummary *summary = g_ptr_array_index (summaries, i);

      if (g_str_equal (imtehan_attempt_summary_get_id (summary), id))
        return summary;
    }
  g_assert_not_reached ();
}

static ImtehanAttemptSummary *
find_summary (GPtrArray      *summaries,
              ImtehanAttempt *attempt)
{
  return find_summary_by_id (summaries, imtehan_attempt_get_id (attempt));
}

static char *
attempt_path (Fixture        *fixture,
              ImtehanAttempt *attempt)
{
  g_autoptr(GFile) file = imtehan_store_get_file (fixture->store, attempt);

  return g_file_get_path (file);
}

/* Saves an attempt with the first @n_answers questions answered, finished or not. */
static ImtehanAttempt *
save_attempt (Fixture    *fixture,
              guint32     seed,
              const char *learner,
              guint       n_answers,
              gboolean    finished)
{
  ImtehanAttempt *attempt = new_attempt (fixture, seed);
  g_autoptr(GError) error = NULL;

  imtehan_attempt_set_learner (attempt, learner);
  for (guint q = 0; q < n_answers; q++)
    g_assert_true (imtehan_attempt_choose (attempt, q,
                                           imtehan_attempt_get_choice_order (attempt, q)[seed % 4]));
  if (finished)
    g_assert_true (imtehan_attempt_finish (attempt));
  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);
  return attempt;
}

/* @key=@value instead of the line that sets @key, in a copy of @contents. */
static char *
with_line (const char *contents,
           const char *key,
           const char *value)
{
  g_auto(GStrv) lines = g_strsplit (contents, "\n", -1);
  gboolean found = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], key) && lines[i][strlen (key)] == '=')
      {
        g_free (lines[i]);
        lines[i] = g_strconcat (key, "=", value, NULL);
        found = TRUE;
      }
  g_assert_true (found);
  return g_strjoinv ("\n", lines);
}

/* Rewrites @path in place, so its inode stays, and sets its modification time to @mtime. */
static void
rewrite_in_place (const char            *path,
                  const char            *contents,
                  const struct timespec *mtime)
{
  struct timespec times[2] = { { 0, UTIME_OMIT }, *mtime };
  struct stat before, after;
  gsize length = strlen (contents);
  int fd;

  g_assert_cmpint (stat (path, &before), ==, 0);
  fd = open (path, O_WRONLY | O_TRUNC);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, contents, length), ==, (gssize)length);
  g_assert_cmpint (close (fd), ==, 0);
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
  g_assert_cmpint (stat (path, &after), ==, 0);
  g_assert_cmpuint (after.st_ino, ==, before.st_ino);
}

static void
stat_file (GFile       *file,
           struct stat *buf)
{
  g_autofree char *path = g_file_get_path (file);

  g_assert_cmpint (stat (path, buf), ==, 0);
}

static void
test_cache_second_listing (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(ImtehanAttempt) a = save_attempt (fixture, 1, "Bilal", 8, TRUE);
  g_autoptr(ImtehanAttempt) b = save_attempt (fixture, 2, "", 3, TRUE);
  g_autoptr(ImtehanAttempt) c = save_attempt (fixture, 3, "Amna & co", 8, TRUE);
  g_autoptr(ImtehanAttempt) unfinished = save_attempt (fixture, 4, "Sara", 2, FALSE);
  g_autofree char *c_path = attempt_path (fixture, c);
  g_autofree char *c_data = read_file (c_path);
  g_autofree char *c_offset = with_line (c_data, "Started", "2024-03-15T13:00:00.25+05:00");
  g_autoptr(GPtrArray) truth = NULL;
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) second = NULL;
  g_autoptr(GPtrArray) third = NULL;
  g_autoptr(ImtehanStore) next = NULL;
  g_autoptr(GFile) cache = imtehan_store_get_cache_file (fixture->store);
  g_autoptr(GFile) cache_parent = g_file_get_parent (cache);
  g_autoptr(GDir) dir = NULL;
  struct stat written, after;
  const char *name;

  /* A time zone other than UTC, to the hundredth of a second: kept as it was written. */
  write_file (c_path, c_offset);
  truth = list_uncached (fixture);
  g_assert_cmpuint (truth->len, ==, 4);

  /* In the cache folder, not in the attempts folder, which may be a lab share. */
  g_assert_true (g_file_equal (cache_parent, fixture->cache_directory));
  g_assert_false (g_file_test (fixture->cache_path, G_FILE_TEST_EXISTS));

  first = list (fixture, NULL);
  assert_same_summaries (first, truth);
  g_assert_cmpuint (imtehan_store_get_n_files_read (fixture->store), ==, 4);
  stat_file (cache, &written);
  g_assert_cmpint (written.st_mode & 0777, ==, 0600);
  dir = g_dir_open (fixture->path, 0, NULL);
  while ((name = g_dir_read_name (dir)))
    g_assert_true (g_str_has_suffix (name, ".ini"));

  /* Listed again, only the unfinished attempt is read. */
  second = list (fixture, NULL);
  assert_same_summaries (second, truth);
  g_assert_cmpuint (imtehan_store_get_n_files_read (fixture->store), ==, 5);

  /* The next start of the app has the cache file; and nothing changed, so it is not
   * written again. */
  next = cached_store_new (fixture);
  third = list_with (next, NULL);
  assert_same_summaries (third, truth);
  g_assert_cmpuint (imtehan_store_get_n_files_read (next), ==, 1);
  stat_file (cache, &after);
  g_assert_cmpuint (after.st_ino, ==, written.st_ino);
  g_assert_cmpint (after.st_mtim.tv_sec, ==, written.st_mtim.tv_sec);
  g_assert_cmpint (after.st_mtim.tv_nsec, ==, written.st_mtim.tv_nsec);
}

/* One cache file per attempts folder. */
static void
test_cache_file_per_folder (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *other_path = g_build_filename (fixture->tmp, "other", NULL);
  g_autoptr(GFile) other_dir = g_file_new_for_path (other_path);
  g_autoptr(ImtehanStore) other = g_object_new (IMTEHAN_TYPE_STORE,
                                                "directory", other_dir,
                                                "cache-directory", fixture->cache_directory,
                                                NULL);
  g_autoptr(ImtehanStore) uncached = imtehan_store_new (fixture->directory);
  g_autoptr(GFile) mine = imtehan_store_get_cache_file (fixture->store);
  g_autoptr(GFile) theirs = imtehan_store_get_cache_file (other);

  g_assert_false (g_file_equal (mine, theirs));
  g_assert_null (imtehan_store_get_cache_file (uncached));
}

static void
test_cache_rewritten_file_read_again (Fixture       *fixture,
                                      gconstpointer  data)
{
  g_autoptr(ImtehanAttempt) unfinished = save_attempt (fixture, 1, "Bilal", 2, FALSE);
  g_autoptr(ImtehanAttempt) finished = save_attempt (fixture, 2, "Amna", 8, TRUE);
  g_autofree char *unfinished_path = attempt_path (fixture, unfinished);
  g_autofree char *finished_path = attempt_path (fixture, finished);
  g_autofree char *unfinished_data = read_file (unfinished_path);
  g_autofree char *finished_data = read_file (finished_path);
  g_autofree char *renamed = with_line (unfinished_data, "Learner", "Sadia");
  g_autofree char *rescored = NULL;
  g_autoptr(GPtrArray) summaries = NULL;
  g_autoptr(ImtehanStore) next = NULL;
  ImtehanAttemptSummary *summary;
  struct stat buf;
  struct timespec mtime;
  guint score, n_read;

  summaries = list (fixture, NULL);
  g_assert_cmpuint (summaries->len, ==, 2);
  score = imtehan_attempt_summary_get_score (find_summary (summaries, finished));
  g_clear_pointer (&summaries, g_ptr_array_unref);

  /* An unfinished attempt changed within the same second, at the same size, in place: the
   * stat data says nothing changed, and it is read again anyway. */
  g_assert_cmpuint (strlen (renamed), ==, strlen (unfinished_data));
  g_assert_cmpint (stat (unfinished_path, &buf), ==, 0);
  rewrite_in_place (unfinished_path, renamed, &buf.st_mtim);
  n_read = imtehan_store_get_n_files_read (fixture->store);
  summaries = list (fixture, NULL);
  summary = find_summary (summaries, unfinished);
  g_assert_cmpstr (imtehan_attempt_summary_get_learner (summary), ==, "Sadia");
  g_assert_cmpuint (imtehan_store_get_n_files_read (fixture->store), ==, n_read + 1);
  g_clear_pointer (&summaries, g_ptr_array_unref);

  /* A finished one changed in place at the same size, its time a microsecond later (a
   * whole second on a file system without finer times): read again, also by the next
   * start. */
  rescored = with_line (finished_data, "Score", score == 1 ? "2" : "1");
  g_assert_cmpuint (strlen (rescored), ==, strlen (finished_data));
  g_assert_cmpint (stat (finished_path, &buf), ==, 0);
  mtime = buf.st_mtim;
  mtime.tv_nsec = mtime.tv_nsec >= 500000000 ? mtime.tv_nsec - 1000 : mtime.tv_nsec + 1000;
  rewrite_in_place (finished_path, rescored, &mtime);
  g_assert_cmpint (stat (finished_path, &buf), ==, 0);
  if (buf.st_mtim.tv_nsec == mtime.tv_nsec - (mtime.tv_nsec % 1000) ||
      buf.st_mtim.tv_nsec == mtime.tv_nsec)
    g_test_message ("sub-second times: only the microseconds differ");
  else
    {
      mtime.tv_sec++;
      rewrite_in_place (finished_path, rescored, &mtime);
    }
  summaries = list (fixture, NULL);
  summary = find_summary (summaries, finished);
  g_assert_cmpuint (imtehan_attempt_summary_get_score (summary), ==, score == 1 ? 2 : 1);
  g_clear_pointer (&summaries, g_ptr_array_unref);

  next = cached_store_new (fixture);
  summaries = list_with (next, NULL);
  summary = find_summary (summaries, finished);
  g_assert_cmpuint (imtehan_attempt_summary_get_score (summary), ==, score == 1 ? 2 : 1);
  g_assert_cmpuint (imtehan_store_get_n_files_read (next), ==, 1);
}

static void
test_cache_garbage_ignored (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(ImtehanAttempt) a = save_attempt (fixture, 1, "Bilal", 8, TRUE);
  g_autoptr(ImtehanAttempt) b = save_attempt (fixture, 2, "Amna", 5, TRUE);
  g_autoptr(GPtrArray) truth = list_uncached (fixture);
  g_autoptr(GPtrArray) summaries = list (fixture, NULL);
  g_autoptr(GFile) cache = imtehan_store_get_cache_file (fixture->store);
  g_autofree char *cache_path = g_file_get_path (cache);
  g_autofree char *valid = NULL;
  g_autofree char *newer = NULL;
  gsize valid_length = 0;
  struct {
    const char *what;
    const char *contents;
    gsize       length;
  } garbage[] = {
    { "empty", "", 0 },
    { "text", "garbage \x01\x02\xff\xfe", 8 },
    { "truncated", NULL, 0 },
    { "another version", NULL, 0 },
    { "a folder", NULL, 0 },
  };

  g_assert_true (g_file_get_contents (cache_path, &valid, &valid_length, NULL));
  g_assert_cmpuint (valid_length, >, 8);
  garbage[2].contents = valid;
  garbage[2].length = valid_length / 2;
  /* The version is the first field, a native-endian guint32. */
  newer = g_memdup2 (valid, valid_length);
  *(guint32 *)newer += 1;
  garbage[3].contents = newer;
  garbage[3].length = valid_length;

  /* Cut short anywhere, as by a full disk under a file system that does not write
   * atomically. */
  for (gsize cut = 0; cut < valid_length; cut++)
    {
      g_autoptr(ImtehanStore) store = cached_store_new (fixture);
      g_autoptr(GPtrArray) listed = NULL;
      g_autoptr(GError) error = NULL;

      g_file_set_contents (cache_path, valid, cut, &error);
      g_assert_no_error (error);
      listed = list_with (store, NULL);
      assert_same_summaries (listed, truth);
      g_assert_cmpuint (imtehan_store_get_n_files_read (store), ==, 2);
    }

  for (guint i = 0; i < G_N_ELEMENTS (garbage); i++)
    {
      g_autoptr(ImtehanStore) store = cached_store_new (fixture);
      g_autoptr(ImtehanStore) next = cached_store_new (fixture);
      g_autoptr(GPtrArray) listed = NULL;
      g_autoptr(GPtrArray) listed_next = NULL;
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", garbage[i].what);
      g_assert_cmpint (g_remove (cache_path), ==, 0);
      if (garbage[i].contents != NULL)
        {
          g_file_set_contents (cache_path, garbage[i].contents, garbage[i].length, &error);
          g_assert_no_error (error);
        }
      else
        g_assert_cmpint (g_mkdir (cache_path, 0700), ==, 0);

      /* Read from the attempt files, as if there were no cache... */
      listed = list_with (store, NULL);
      assert_same_summaries (listed, truth);
      g_assert_cmpuint (imtehan_store_get_n_files_read (store), ==, 2);

      /* ...and replaced by a good one (a folder in its way cannot be). */
      listed_next = list_with (next, NULL);
      assert_same_summaries (listed_next, truth);
      if (garbage[i].contents != NULL)
        g_assert_cmpuint (imtehan_store_get_n_files_read (next), ==, 0);
      else
        {
          g_assert_cmpuint (imtehan_store_get_n_files_read (next), ==, 2);
          g_assert_cmpint (g_rmdir (cache_path), ==, 0);
          g_file_set_contents (cache_path, valid, valid_length, &error);
          g_assert_no_error (error);
        }
    }
}

static void
test_cache_deleted_attempt_gone (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autoptr(ImtehanAttempt) a = save_attempt (fixture, 1, "Bilal", 8, TRUE);
  g_autoptr(ImtehanAttempt) b = save_attempt (fixture, 2, "Amna", 5, TRUE);
  g_autofree char *a_path = attempt_path (fixture, a);
  g_autoptr(GPtrArray) summaries = list (fixture, NULL);
  g_autoptr(ImtehanStore) next = NULL;
  g_autoptr(GFile) cache = imtehan_store_get_cache_file (fixture->store);
  struct stat before, after;

  g_assert_cmpuint (summaries->len, ==, 2);
  g_clear_pointer (&summaries, g_ptr_array_unref);
  stat_file (cache, &before);

  g_assert_cmpint (g_remove (a_path), ==, 0);
  summaries = list (fixture, NULL);
  g_assert_cmpuint (summaries->len, ==, 1);
  g_assert_cmpstr (imtehan_attempt_summary_get_id (g_ptr_array_index (summaries, 0)), ==,
                   imtehan_attempt_get_id (b));
  g_clear_pointer (&summaries, g_ptr_array_unref);
  /* Written again without it (atomically: a new file). */
  stat_file (cache, &after);
  g_assert_cmpuint (after.st_ino, !=, before.st_ino);

  next = cached_store_new (fixture);
  summaries = list_with (next, NULL);
  g_assert_cmpuint (summaries->len, ==, 1);
  g_assert_cmpstr (imtehan_attempt_summary_get_id (g_ptr_array_index (summaries, 0)), ==,
                   imtehan_attempt_get_id (b));
  g_assert_cmpuint (imtehan_store_get_n_files_read (next), ==, 0);
}

/* A cache written by the release before summaries had the lab's keys (format 3: the same
 * GVariant type, seven strings per entry) is not read as this one: it is rebuilt from the files. */
static void
test_cache_previous_format (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(ImtehanAttempt) a = save_attempt (fixture, 1, "Bilal", 8, TRUE);
  g_autoptr(ImtehanAttempt) b = save_attempt (fixture, 2, "Amna", 5, TRUE);
  g_autoptr(GPtrArray) truth = list_uncached (fixture);
  g_autoptr(GPtrArray) summaries = list (fixture, NULL);
  g_autoptr(GFile) cache = imtehan_store_get_cache_file (fixture->store);
  g_autofree char *cache_path = g_file_get_path (cache);
  g_autoptr(GVariant) current = NULL;
  g_autoptr(GVariant) strings_v = NULL, sizes = NULL, mtimes = NULL, usecs = NULL;
  g_autoptr(GVariant) inodes = NULL, scores = NULL, totals = NULL, answered = NULL;
  g_autoptr(GVariant) versions = NULL, old = NULL;
  g_autoptr(GByteArray) old_strings = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ImtehanStore) next = cached_store_new (fixture);
  g_autoptr(GPtrArray) listed = NULL;
  g_autoptr(GError) error = NULL;
  const char *strings, *dir = NULL;
  char *contents = NULL;
  gsize length = 0, n_strings = 0;
  guint32 version = 0;
  guint field = 0;

  g_assert_true (g_file_get_contents (cache_path, &contents, &length, NULL));
  bytes = g_bytes_new_take (contents, length);
  current = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE ("(uayayatatauatauauauau)"),
                                                          bytes, FALSE));
  g_variant_get (current, "(u^&ay@ay@at@at@au@at@au@au@au@au)", &version, &dir, &strings_v,
                 &sizes, &mtimes, &usecs, &inodes, &scores, &totals, &answered, &versions);
  g_assert_cmpuint (version, ==, 4);
  strings = g_variant_get_fixed_array (strings_v, &n_strings, 1);
  /* Version 3 had the first 7 strings of version 4's 11 (the lab's keys came after). */
  for (const char *p = strings; p < strings + n_strings; p += strlen (p) + 1, field++)
    if (field % 11 < 7)
      g_byte_array_append (old_strings, (const guint8 *)p, strlen (p) + 1);
    else if (field % 11 == 9)
      g_assert_cmpstr (p, ==, "exam");
  g_assert_cmpuint (field, ==, 22);

  old = g_variant_ref_sink (g_variant_new ("(u^ay@ay@at@at@au@at@au@au@au@au)", 3, dir,
                                           g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE,
                                                                      old_strings->data,
                                                                      old_strings->len, 1),
                                           sizes, mtimes, usecs, inodes, scores, totals,
                                           answered, versions));
  g_file_set_contents (cache_path, g_variant_get_data (old), g_variant_get_size (old), &error);
  g_assert_no_error (error);

  listed = list_with (next, NULL);
  assert_same_summaries (listed, truth);
  g_assert_cmpuint (imtehan_store_get_n_files_read (next), ==, 2);
}

/* A cached attempt whose file is damaged since is set aside and reported like any other. */
static void
test_cache_corrupt_set_aside (Fixture       *fixture,
                              gconstpointer  data)
{
  const char *garbage = "[Attempt]\nVersion=1\n# the power went out here\n";
  g_autoptr(ImtehanAttempt) a = save_attempt (fixture, 1, "Bilal", 8, TRUE);
  g_autoptr(ImtehanAttempt) b = save_attempt (fixture, 2, "Amna", 5, TRUE);
  g_autofree char *a_path = attempt_path (fixture, a);
  g_autofree char *corrupt = g_strconcat (a_path, ".corrupt", NULL);
  g_autoptr(GPtrArray) summaries = list (fixture, NULL);
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(ImtehanStore) next = cached_store_new (fixture);

  g_assert_cmpuint (summaries->len, ==, 2);
  g_clear_pointer (&summaries, g_ptr_array_unref);

  write_file (a_path, garbage);
  g_test_expect_message ("imtehan-store", G_LOG_LEVEL_WARNING, "*[Attempt]*");
  summaries = list_with (next, &problems);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (summaries->len, ==, 1);
  g_assert_cmpstr (imtehan_attempt_summary_get_id (g_ptr_array_index (summaries, 0)), ==,
                   imtehan_attempt_get_id (b));
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_error ((GError *)g_ptr_array_index (problems, 0), IMTEHAN_ERROR, IMTEHAN_ERROR_MISSING);
  g_assert_false (g_file_test (a_path, G_FILE_TEST_EXISTS));
  g_assert_true (file_is (corrupt, garbage));
  g_clear_pointer (&summaries, g_ptr_array_unref);
  g_clear_pointer (&problems, g_ptr_array_unref);

  /* The store that cached it in memory does not list it either. */
  summaries = list (fixture, &problems);
  g_assert_cmpuint (summaries->len, ==, 1);
  g_assert_cmpuint (problems->len, ==, 0);
}

/* The default store caches in the user's cache folder (G_TEST_OPTION_ISOLATE_DIRS: a
 * temporary one here). */
static void
test_cache_default_location (void)
{
  g_autoptr(ImtehanStore) store = imtehan_store_new_default ();
  g_autoptr(GFile) cache = imtehan_store_get_cache_file (store);
  g_autoptr(GFile) parent = g_file_get_parent (cache);
  g_autofree char *parent_path = g_file_get_path (parent);
  g_autofree char *expected = g_build_filename (g_get_user_cache_dir (), "imtehan", NULL);

  g_assert_cmpstr (parent_path, ==, expected);
  g_assert_true (g_str_has_prefix (parent_path, g_get_tmp_dir ()));
}

/* Whether another process holds an unfinished attempt is found out by the listing, on the
 * store's worker, so that the window asks no file system from its main loop. */
static void
test_list_locked_elsewhere (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(ImtehanStore) other = imtehan_store_new (fixture->directory);
  g_autoptr(ImtehanAttempt) theirs = save_attempt (fixture, 1, "Bilal", 2, FALSE);
  g_autoptr(ImtehanAttempt) mine = save_attempt (fixture, 2, "Amna", 2, FALSE);
  g_autoptr(ImtehanAttempt) finished = save_attempt (fixture, 3, "Sara", 8, TRUE);
  g_autoptr(GPtrArray) summaries = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (imtehan_store_lock (other, imtehan_attempt_get_id (theirs), &error));
  g_assert_no_error (error);
  g_assert_true (imtehan_store_lock (fixture->store, imtehan_attempt_get_id (mine), &error));
  g_assert_no_error (error);

  summaries = list (fixture, NULL);
  g_assert_cmpuint (summaries->len, ==, 3);
  g_assert_true (imtehan_attempt_summary_get_locked_elsewhere (find_summary (summaries, theirs)));
  g_assert_false (imtehan_attempt_summary_get_locked_elsewhere (find_summary (summaries, mine)));
  g_assert_false (imtehan_attempt_summary_get_locked_elsewhere (find_summary (summaries, finished)));
  g_clear_pointer (&summaries, g_ptr_array_unref);

  /* A snapshot: the next listing sees it let go. */
  imtehan_store_unlock (other, imtehan_attempt_get_id (theirs));
  wait_for_worker (other);
  summaries = list (fixture, NULL);
  g_assert_false (imtehan_attempt_summary_get_locked_elsewhere (find_summary (summaries, theirs)));
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

static ImtehanAttempt *
claim (Fixture                *fixture,
       ImtehanAttemptSummary  *summary,
       GCancellable           *cancellable,
       GError                **error)
{
  AsyncState state = { NULL };
  ImtehanAttempt *attempt;

  imtehan_store_claim_async (fixture->store, summary, fixture->quiz, cancellable, async_cb, &state);
  attempt = imtehan_store_claim_finish (fixture->store, wait_for_result (&state), error);
  g_clear_object (&state.result);
  return attempt;
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

/* Attempt files saved before attempts recorded QuizDigest are listed and loaded as before,
 * with no digest, finished or not, from the files or from the cache. */
static void
test_list_without_digest (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(ImtehanAttempt) finished = save_attempt (fixture, 1, "Bilal", 8, TRUE);
  g_autofree char *finished_path = attempt_path (fixture, finished);
  g_autofree char *finished_data = read_file (finished_path);
  g_autofree char *old_path = path_in (fixture, "20240501T093000Z-0badc0de.ini");
  g_autofree char *old_data = read_file (TEST_DATA_DIR "/attempt-without-digest.ini");
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) summaries = NULL;
  g_autoptr(ImtehanAttempt) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = g_strsplit (finished_data, "\n", -1);
  g_autoptr(GStrvBuilder) kept = g_strv_builder_new ();
  g_auto(GStrv) without = NULL;
  g_autofree char *joined = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    if (!g_str_has_prefix (lines[i], "QuizDigest="))
      g_strv_builder_add (kept, lines[i]);
  without = g_strv_builder_end (kept);
  g_assert_cmpuint (g_strv_length (without), ==, g_strv_length (lines) - 1);
  joined = g_strjoinv ("\n", without);
  write_file (finished_path, joined);
  write_file (old_path, old_data);

  for (guint round = 0; round < 2; round++)
    {
      g_clear_pointer (&summaries, g_ptr_array_unref);
      g_clear_pointer (&problems, g_ptr_array_unref);
      summaries = list (fixture, &problems);
      g_assert_cmpuint (problems->len, ==, 0);
      g_assert_cmpuint (summaries->len, ==, 2);
      for (guint i = 0; i < summaries->len; i++)
        {
          ImtehanAttemptSummary *summary = g_ptr_array_index (summaries, i);

          g_assert_null (imtehan_attempt_summary_get_quiz_digest (summary));
          g_assert_cmpuint (imtehan_attempt_summary_get_quiz_version (summary), ==, 2);
        }
    }

  /* The old unfinished one loads, to be resumed. */
  loaded = imtehan_store_load (fixture->store, find_summary_by_id (summaries,
                                                                   "20240501T093000Z-0badc0de"),
                               fixture->quiz, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (imtehan_attempt_get_finished (loaded));
  g_assert_null (imtehan_attempt_get_quiz_digest (loaded));

  /* The next start has only the cache file to go by (if any). */
  if (g_strcmp0 (data, "cached") == 0)
    {
      g_autoptr(ImtehanStore) next = cached_store_new (fixture);

      g_clear_pointer (&summaries, g_ptr_array_unref);
      summaries = list_with (next, NULL);
      g_assert_cmpuint (summaries->len, ==, 2);
      g_assert_cmpuint (imtehan_store_get_n_files_read (next), ==, 1);
      for (guint i = 0; i < summaries->len; i++)
        g_assert_null (imtehan_attempt_summary_get_quiz_digest (g_ptr_array_index (summaries, i)));
    }
}

/* Every test without a cache, then with one ("/store/cached/..."): the cache changes no
 * listing, no file set aside, no lock. */

/* --- A lab's results folder (issue 16) -------------------------------------------------- */

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

static void
add_test (const char *path,
          void      (*func) (Fixture *, gconstpointer))
{
  g_autofree char *cached = g_strconcat ("/store/cached", path + strlen ("/store"), NULL);

  g_assert_true (g_str_has_prefix (path, "/store/"));
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down);
  g_test_add (cached, Fixture, "cached", fixture_set_up, func, fixture_tear_down);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  add_test ("/store/list/missing-folder", test_list_missing_folder);
  add_test ("/store/save/creates-files", test_save_creates_files);
  add_test ("/store/save/then-list", test_save_then_list);
  add_test ("/store/list/newest-first", test_list_newest_first);
  add_test ("/store/save/async", test_save_async);
  add_test ("/store/save/async-last-wins", test_save_async_last_wins);
  add_test ("/store/save/async-then-dispose", test_save_async_then_dispose);
  add_test ("/store/save/async-last-reference", test_save_async_last_reference);
  add_test ("/store/load/round-trip", test_load_round_trip);
  add_test ("/store/list/corrupt-set-aside", test_corrupt_set_aside);
  add_test ("/store/list/bad-escape-set-aside", test_bad_escape_set_aside);
  add_test ("/store/list/newer-version-left-alone", test_newer_version_left_alone);
  add_test ("/store/list/stale-temp-files", test_stale_temp_files);
  add_test ("/store/list/stale-temp-names", test_stale_temp_names);
  add_test ("/store/list/other-files-ignored", test_other_files_ignored);
  add_test ("/store/list/async", test_list_async);
  add_test ("/store/list/prefetched", test_list_prefetched);
  add_test ("/store/list/prefetch-outdated", test_list_prefetch_outdated);
  add_test ("/store/lock/two-stores", test_lock);
  add_test ("/store/lock/released-by-kill", test_lock_released_by_kill);
  add_test ("/store/lock/async", test_lock_async);
  add_test ("/store/list/locked-elsewhere", test_list_locked_elsewhere);
  add_test ("/store/claim/lock-and-load", test_claim);
  add_test ("/store/claim/releases-lock", test_claim_releases_lock);
  add_test ("/store/lock/unlock-on-worker", test_unlock_on_worker);
  add_test ("/store/list/without-digest", test_list_without_digest);
  g_test_add_func ("/store/new-default", test_new_default);
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
  g_test_add ("/store/cache/second-listing", Fixture, "cached", fixture_set_up,
              test_cache_second_listing, fixture_tear_down);
  g_test_add ("/store/cache/file-per-folder", Fixture, "cached", fixture_set_up,
              test_cache_file_per_folder, fixture_tear_down);
  g_test_add ("/store/cache/rewritten-file-read-again", Fixture, "cached", fixture_set_up,
              test_cache_rewritten_file_read_again, fixture_tear_down);
  g_test_add ("/store/cache/garbage-ignored", Fixture, "cached", fixture_set_up,
              test_cache_garbage_ignored, fixture_tear_down);
  g_test_add ("/store/cache/deleted-attempt-gone", Fixture, "cached", fixture_set_up,
              test_cache_deleted_attempt_gone, fixture_tear_down);
  g_test_add ("/store/cache/corrupt-set-aside", Fixture, "cached", fixture_set_up,
              test_cache_corrupt_set_aside, fixture_tear_down);
  g_test_add ("/store/cache/previous-format", Fixture, "cached", fixture_set_up,
              test_cache_previous_format, fixture_tear_down);
  g_test_add_func ("/store/cache/default-location", test_cache_default_location);

  return g_test_run ();
}
