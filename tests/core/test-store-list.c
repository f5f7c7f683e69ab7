/* test-store-list.c: listing the folder: damaged, newer and stale files, the prefetch
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
  GError *problem;
  char *version, *end;

  /* The format this build wrote, whichever it is: the test is about a newer one. */
  version = strstr (contents, "\nVersion=");
  g_assert_nonnull (version);
  end = strchr (version + 1, '\n');
  g_assert_nonnull (end);
  newer = g_strdup_printf ("%.*s\nVersion=99%s", (int)(version - contents), contents, end);
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

/* A bad escape in a value the summary reads is a damaged file like any other: it is set
 * aside, not listed with a NULL language. */
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  add_test ("/store/list/missing-folder", test_list_missing_folder);
  add_test ("/store/list/newest-first", test_list_newest_first);
  add_test ("/store/list/corrupt-set-aside", test_corrupt_set_aside);
  add_test ("/store/list/bad-escape-set-aside", test_bad_escape_set_aside);
  add_test ("/store/list/newer-version-left-alone", test_newer_version_left_alone);
  add_test ("/store/list/stale-temp-files", test_stale_temp_files);
  add_test ("/store/list/stale-temp-names", test_stale_temp_names);
  add_test ("/store/list/other-files-ignored", test_other_files_ignored);
  add_test ("/store/list/async", test_list_async);
  add_test ("/store/list/prefetched", test_list_prefetched);
  add_test ("/store/list/prefetch-outdated", test_list_prefetch_outdated);
  add_test ("/store/list/locked-elsewhere", test_list_locked_elsewhere);
  add_test ("/store/list/without-digest", test_list_without_digest);

  return g_test_run ();
}
