/* test-store-cache.c: the summary cache of finished attempts
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
      g_assert_cmpfloat (imtehan_attempt_summary_get_marks (x), ==,
                         imtehan_attempt_summary_get_marks (y));
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

/* A cache written by the release before summaries had marks (format 4: no array of marks)
 * is not read as this one: it is rebuilt from the files. */
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
  g_autoptr(GVariant) versions = NULL, marks = NULL, old = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ImtehanStore) next = cached_store_new (fixture);
  g_autoptr(GPtrArray) listed = NULL;
  g_autoptr(GError) error = NULL;
  const char *dir = NULL;
  char *contents = NULL;
  gsize length = 0;
  guint32 version = 0;

  g_assert_true (g_file_get_contents (cache_path, &contents, &length, NULL));
  bytes = g_bytes_new_take (contents, length);
  current = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE ("(uayayatatauatauauauauad)"),
                                                          bytes, FALSE));
  g_variant_get (current, "(u^&ay@ay@at@at@au@at@au@au@au@au@ad)", &version, &dir, &strings_v,
                 &sizes, &mtimes, &usecs, &inodes, &scores, &totals, &answered, &versions,
                 &marks);
  g_assert_cmpuint (version, ==, 5);
  g_assert_cmpuint (g_variant_n_children (marks), ==, 2);

  old = g_variant_ref_sink (g_variant_new ("(u^ay@ay@at@at@au@at@au@au@au@au)", 4, dir,
                                           strings_v, sizes, mtimes, usecs, inodes, scores,
                                           totals, answered, versions));
  g_file_set_contents (cache_path, g_variant_get_data (old), g_variant_get_size (old), &error);
  g_assert_no_error (error);

  listed = list_with (next, NULL);
  assert_same_summaries (listed, truth);
  g_assert_cmpuint (imtehan_store_get_n_files_read (next), ==, 2);
}

/* The marks of an attempt with partial credit come back from the cache as its file has them,
 * not as its count of questions right. */
static void
test_cache_marks (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GFile) file = g_file_new_for_path (TEST_DATA_DIR "/question-types.quiz");
  g_autoptr(ImtehanQuiz) quiz = imtehan_quiz_new_from_file (file, NULL, NULL);
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(ImtehanStore) next = cached_store_new (fixture);
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) cached = NULL;
  g_autoptr(GError) error = NULL;
  ImtehanAttemptSummary *summary;

  g_assert_nonnull (quiz);
  attempt = imtehan_attempt_new (quiz, 5);
  /* One of the three right stages and no wrong one (1/3 of the mark), and the single-choice
   * question right: 4/3 marks, one question right. */
  g_assert_true (imtehan_attempt_respond (attempt,
                                          imtehan_question_get_index (
                                            imtehan_quiz_find_question (quiz, "partitions")),
                                          "s3"));
  g_assert_true (imtehan_attempt_respond (attempt,
                                          imtehan_question_get_index (
                                            imtehan_quiz_find_question (quiz, "traffic")),
                                          "three"));
  g_assert_true (imtehan_attempt_finish (attempt));
  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);

  first = list (fixture, NULL);
  g_assert_cmpuint (first->len, ==, 1);
  cached = list_with (next, NULL);
  g_assert_cmpuint (imtehan_store_get_n_files_read (next), ==, 0);
  assert_same_summaries (cached, first);
  summary = g_ptr_array_index (cached, 0);
  g_assert_cmpuint (imtehan_attempt_summary_get_score (summary), ==, 1);
  g_assert_cmpfloat_with_epsilon (imtehan_attempt_summary_get_marks (summary), 4.0 / 3, 1e-4);
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

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
  g_test_add ("/store/cache/marks", Fixture, "cached", fixture_set_up, test_cache_marks,
              fixture_tear_down);
  g_test_add_func ("/store/cache/default-location", test_cache_default_location);

  return g_test_run ();
}
