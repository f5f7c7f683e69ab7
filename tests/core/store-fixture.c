/* store-fixture.c: what the store's tests share: a fresh folder, a store, the bundled quiz
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

/* GTask drops its reference to the source object in its worker thread, maybe only just
 * after the callback ran in ours: wait for that before deciding the store leaked. */
void
assert_finalize_soon (gpointer object)
{
  gpointer weak = object;

  g_object_add_weak_pointer (object, &weak);
  g_object_unref (object);
  IMTEHAN_TEST_WAIT_UNTIL (g_atomic_pointer_get (&weak) == NULL, 10);
  g_assert_null (g_atomic_pointer_get (&weak));
}

void
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

void
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

char *
path_in (Fixture    *fixture,
         const char *name)
{
  return g_build_filename (fixture->path, name, NULL);
}

char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

void
write_file (const char *path,
            const char *contents)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

ImtehanAttempt *
new_attempt (Fixture *fixture,
             guint32  seed)
{
  ImtehanAttempt *attempt = imtehan_attempt_new (fixture->quiz, seed);

  imtehan_attempt_set_language (attempt, "ur");
  imtehan_attempt_set_learner (attempt, "Bilal");
  return attempt;
}

GPtrArray *
list (Fixture    *fixture,
      GPtrArray **problems)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *summaries = imtehan_store_list (fixture->store, problems, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (summaries);
  return summaries;
}

void
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

void
wait_for (SaveState *state)
{
  while (state->pending > 0)
    g_main_context_iteration (NULL, TRUE);
}

gboolean
file_is (const char *path,
         const char *expected)
{
  g_autofree char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return FALSE;
  return g_str_equal (contents, expected);
}

void
async_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  AsyncState *state = user_data;

  g_assert_null (state->result);
  state->result = g_object_ref (result);
}

GAsyncResult *
wait_for_result (AsyncState *state)
{
  while (state->result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return state->result;
}

/* Returns when every job queued on @store's worker before it has run: the worker runs them
 * one at a time, in order. */
void
wait_for_worker (ImtehanStore *store)
{
  AsyncState state = { NULL };

  imtehan_store_lock_async (store, "worker-barrier", NULL, async_cb, &state);
  g_assert_true (imtehan_store_lock_finish (store, wait_for_result (&state), NULL));
  g_clear_object (&state.result);
  imtehan_store_unlock (store, "worker-barrier");
}

/* The summary cache. A store on the same folder and cache folder stands for the next start
 * of the app: it has only the cache file to go by. */

ImtehanStore *
cached_store_new (Fixture *fixture)
{
  return g_object_new (IMTEHAN_TYPE_STORE,
                       "directory", fixture->directory,
                       "cache-directory", fixture->cache_directory,
                       NULL);
}

GPtrArray *
list_with (ImtehanStore *store,
           GPtrArray   **problems)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *summaries = imtehan_store_list (store, problems, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (summaries);
  return summaries;
}

ImtehanAttemptSummary *
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

ImtehanAttemptSummary *
find_summary (GPtrArray      *summaries,
              ImtehanAttempt *attempt)
{
  return find_summary_by_id (summaries, imtehan_attempt_get_id (attempt));
}

char *
attempt_path (Fixture        *fixture,
              ImtehanAttempt *attempt)
{
  g_autoptr(GFile) file = imtehan_store_get_file (fixture->store, attempt);

  return g_file_get_path (file);
}

/* Saves an attempt with the first @n_answers questions answered, finished or not. */
ImtehanAttempt *
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

ImtehanAttempt *
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

/* Every test without a cache, then with one ("/store/cached/..."): the cache changes no
 * listing, no file set aside, no lock. */
void
add_test (const char *path,
          void      (*func) (Fixture *, gconstpointer))
{
  g_autofree char *cached = g_strconcat ("/store/cached", path + strlen ("/store"), NULL);

  g_assert_true (g_str_has_prefix (path, "/store/"));
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down);
  g_test_add (cached, Fixture, "cached", fixture_set_up, func, fixture_tear_down);
}
