/* test-library-cache.c: the cards the library keeps of its quiz files between starts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "test-library-common.h"

static ImtehanLibrary *
library_with_cache (Fixture    *fixture,
                    const char *cache)
{
  return g_object_new (IMTEHAN_TYPE_LIBRARY, "user-folder", fixture->user, "cache-file", cache,
                       NULL);
}

static void
reload_library (ImtehanLibrary *library)
{
  g_autoptr(GError) error = NULL;
  Wait wait = { NULL };

  imtehan_library_reload_async (library, NULL, async_cb, &wait);
  IMTEHAN_TEST_WAIT_UNTIL (wait.result != NULL, 10);
  g_assert_nonnull (wait.result);
  g_assert_true (imtehan_library_reload_finish (library, wait.result, &error));
  g_assert_no_error (error);
  g_clear_object (&wait.result);
}

static char *
listed_titles (ImtehanLibrary *library)
{
  GString *titles = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (library)); i++)
    {
      g_autoptr(ImtehanLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library), i);

      g_string_append_printf (titles, "%s ", imtehan_library_entry_is_valid (entry)
                              ? imtehan_library_entry_get_title (entry, "en") : "!");
    }
  return g_string_free (g_steal_pointer (&titles), FALSE);
}

/* Rewrites @path in place with @contents (of the same size), keeping its inode and its
 * modification time to the nanosecond: a change the cache cannot see. */
static void
rewrite_unseen (const char *path,
                const char *contents)
{
  struct stat before, after;
  struct timespec times[2];
  int fd;

  g_assert_cmpint (stat (path, &before), ==, 0);
  g_assert_cmpint ((gsize)before.st_size, ==, strlen (contents));
  fd = open (path, O_WRONLY);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, contents, strlen (contents)), ==, (gssize)strlen (contents));
  g_assert_cmpint (close (fd), ==, 0);
  times[0] = before.st_atim;
  times[1] = before.st_mtim;
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
  g_assert_cmpint (stat (path, &after), ==, 0);
  g_assert_cmpint (after.st_ino, ==, before.st_ino);
}

/* The cards of listed quizzes are kept between starts, and a quiz is read again only when
 * its file changed; the quiz opened is always the file's. */
static void
test_cache (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *cache = g_build_filename (fixture->tmp, "cache", "library.cache", NULL);
  g_autofree char *apples = write_quiz (fixture->user, "a.quiz", "a", 1, "Apples");
  g_autofree char *bananas = write_quiz (fixture->user, "b.quiz", "b", 1, "Bananas");
  g_autofree char *broken = write_file (fixture->user, "c.quiz", "[Quiz]\nId=c\n");
  g_autofree char *pears = quiz_text ("a", 1, "Pears!");
  g_autofree char *titles = NULL;
  g_autofree char *written = NULL;
  g_autoptr(GError) error = NULL;
  ImtehanLibrary *library;
  ImtehanQuiz *quiz;
  gsize length = 0;

  /* The first listing reads every file and keeps what it read. */
  library = library_with_cache (fixture, cache);
  reload_library (library);
  titles = listed_titles (library);
  g_assert_cmpstr (titles, ==, "Apples Bananas ! ");
  g_assert_true (g_file_test (cache, G_FILE_TEST_IS_REGULAR));
  g_clear_object (&library);
  g_clear_pointer (&titles, g_free);

  /* A change the cache cannot see shows that the next listing did not read the file; opening
   * the quiz reads it. The broken file is read again and still says why. */
  rewrite_unseen (apples, pears);
  library = library_with_cache (fixture, cache);
  reload_library (library);
  titles = listed_titles (library);
  g_assert_cmpstr (titles, ==, "Apples Bananas ! ");
  quiz = imtehan_library_entry_load_quiz (imtehan_library_lookup (library, "a"), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (imtehan_quiz_get_title (quiz, "en"), ==, "Pears!");
  {
    g_autoptr(ImtehanLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (library), 2);

    g_assert_false (imtehan_library_entry_is_valid (entry));
    g_assert_nonnull (imtehan_library_entry_get_error (entry));
    g_assert_null (imtehan_library_entry_load_quiz (entry, &error));
    g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_MISSING);
    g_clear_error (&error);
  }
  g_clear_object (&library);
  g_clear_pointer (&titles, g_free);

  /* A new modification time: read again. A removed file is forgotten. */
  age_file (apples, 60);
  g_assert_cmpint (g_unlink (bananas), ==, 0);
  library = library_with_cache (fixture, cache);
  reload_library (library);
  titles = listed_titles (library);
  g_assert_cmpstr (titles, ==, "Pears! ! ");
  g_clear_object (&library);
  g_clear_pointer (&titles, g_free);

  /* A damaged cache is ignored as a whole, and written again. */
  for (guint cut = 0; cut < 3; cut++)
    {
      g_autofree char *garbage = NULL;

      g_assert_true (g_file_get_contents (cache, &written, &length, NULL));
      garbage = cut == 0 ? g_strdup ("garbage") : g_strndup (written, length / (cut + 1));
      if (cut == 2)
        memset (garbage + 8, 0x41, length / 3 - 8);
      g_assert_true (g_file_set_contents (cache, garbage, cut == 0 ? -1 : (gssize)(length / (cut + 1)),
                                          NULL));
      library = library_with_cache (fixture, cache);
      reload_library (library);
      titles = listed_titles (library);
      g_assert_cmpstr (titles, ==, "Pears! ! ");
      g_clear_object (&library);
      g_clear_pointer (&titles, g_free);
      g_clear_pointer (&written, g_free);
      {
        gsize garbage_length = cut == 0 ? strlen (garbage) : length / (cut + 1);

        g_assert_true (g_file_get_contents (cache, &written, &length, NULL));
        g_assert_true (length != garbage_length || memcmp (written, garbage, length) != 0);
      }
      g_clear_pointer (&written, g_free);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/library/cache", test_cache);
#undef ADD

  return g_test_run ();
}
