/* test-library.c: where the quizzes come from, and which copy of a quiz is listed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "test-library-common.h"

static ImtehanLibraryEntry *
entry_at (Fixture *fixture,
          guint    position)
{
  ImtehanLibraryEntry *entry = g_list_model_get_item (G_LIST_MODEL (fixture->library), position);

  /* The library keeps a reference while it lists it. */
  g_object_unref (entry);
  return entry;
}

/* The ids listed, in order; "!" for a broken file. */
static char *
listed_ids (Fixture *fixture)
{
  g_autoptr(GString) ids = g_string_new (NULL);

  for (guint i = 0; i < n_entries (fixture); i++)
    {
      const char *id = imtehan_library_entry_get_id (entry_at (fixture, i));

      g_string_append_printf (ids, "%s%s", i ? " " : "", id ? id : "!");
    }
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

/* Every source is listed, sorted by English title whatever the case; a missing folder is an
 * empty one. */
static void
test_sources (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *user = write_quiz (fixture->user, "mine.quiz", "mine", 1, "apples");
  g_autofree char *system = write_quiz (fixture->system1, "theirs.quiz", "theirs", 1, "Bananas");
  g_autofree char *other = write_quiz (fixture->system1, "other.quiz", "other", 1, "cherries");
  g_autoptr(GFile) bundled = g_file_new_for_uri ("resource://" BUNDLED_RESOURCE);
  g_autofree char *ids = NULL;
  ImtehanLibraryEntry *entry;

  g_assert_cmpuint (n_entries (fixture), ==, 0);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (fixture->library)) ==
                 IMTEHAN_TYPE_LIBRARY_ENTRY);
  reload (fixture);
  g_assert_false (g_file_test (fixture->system2, G_FILE_TEST_EXISTS));
  ids = listed_ids (fixture);
  g_assert_cmpstr (ids, ==, "mine theirs other " BUNDLED_ID);

  entry = entry_at (fixture, 0);
  g_assert_cmpint (imtehan_library_entry_get_origin (entry), ==, IMTEHAN_LIBRARY_ORIGIN_USER);
  assert_path (entry, user);
  g_assert_null (imtehan_library_entry_get_error (entry));
  g_assert_cmpstr (imtehan_quiz_get_title (imtehan_library_entry_load_quiz (entry, NULL), NULL), ==,
                   "apples");
  g_assert_cmpstr (imtehan_library_entry_get_digest (entry), ==,
                   imtehan_quiz_get_digest (imtehan_library_entry_load_quiz (entry, NULL)));
  g_assert_cmpuint (strlen (imtehan_library_entry_get_digest (entry)), ==, 64);

  entry = entry_at (fixture, 1);
  g_assert_cmpint (imtehan_library_entry_get_origin (entry), ==, IMTEHAN_LIBRARY_ORIGIN_SYSTEM);
  assert_path (entry, system);

  /* The bundled quiz, from the GResource, as the app has it. */
  entry = entry_at (fixture, 3);
  g_assert_cmpint (imtehan_library_entry_get_origin (entry), ==, IMTEHAN_LIBRARY_ORIGIN_BUNDLED);
  g_assert_true (g_file_equal (imtehan_library_entry_get_file (entry), bundled));
  g_assert_cmpuint (imtehan_quiz_get_n_questions (imtehan_library_entry_load_quiz (entry, NULL)), ==, 8);
  {
    g_autofree char *contents = NULL;
    g_autofree char *digest = NULL;
    gsize length = 0;

    g_assert_true (g_file_get_contents (QUIZ_DIR "/" BUNDLED_ID ".quiz", &contents, &length,
                                        NULL));
    digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)contents, length);
    g_assert_cmpstr (imtehan_library_entry_get_digest (entry), ==, digest);
  }

  g_assert_true (imtehan_library_lookup (fixture->library, "theirs") == entry_at (fixture, 1));
  g_assert_null (imtehan_library_lookup (fixture->library, "nobody"));

  /* The properties say the same as the getters, for the list's rows to bind. */
  {
    g_autoptr(GFile) file = NULL;
    g_autofree char *digest = NULL;
    ImtehanLibraryOrigin origin;

    g_object_get (entry, "file", &file, "digest", &digest, "origin", &origin, NULL);
    g_assert_true (file == imtehan_library_entry_get_file (entry));
    g_assert_cmpstr (digest, ==, imtehan_library_entry_get_digest (entry));
    g_assert_cmpint (origin, ==, IMTEHAN_LIBRARY_ORIGIN_BUNDLED);
  }
}

/* The default folders are $XDG_DATA_DIRS/imtehan/quizzes and $XDG_DATA_HOME/imtehan/quizzes
 * (temporary ones here: G_TEST_OPTION_ISOLATE_DIRS). */
static void
test_default_folders (void)
{
  const char * const bundled[] = { BUNDLED_RESOURCE, NULL };
  g_autoptr(ImtehanLibrary) library = imtehan_library_new_default (bundled);
  g_autoptr(GFile) user = imtehan_library_get_user_folder (library);
  g_autofree char *user_path = g_file_get_path (user);
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "imtehan", "quizzes", NULL);
  g_autofree char *system = g_build_filename (g_get_system_data_dirs ()[0], "imtehan", "quizzes",
                                              NULL);
  g_autofree char *installed = write_quiz (system, "installed.quiz", "installed", 1, "Installed");
  g_autofree char *mine = write_quiz (expected, "mine.quiz", "mine", 1, "Mine");
  g_autoptr(GError) error = NULL;
  Wait wait = { NULL };

  g_assert_cmpstr (user_path, ==, expected);
  g_assert_true (g_str_has_prefix (user_path, g_get_tmp_dir ()));

  imtehan_library_reload_async (library, NULL, async_cb, &wait);
  IMTEHAN_TEST_WAIT_UNTIL (wait.result != NULL, 10);
  g_assert_true (imtehan_library_reload_finish (library, wait.result, &error));
  g_assert_no_error (error);
  g_clear_object (&wait.result);
  g_assert_nonnull (imtehan_library_lookup (library, "installed"));
  g_assert_nonnull (imtehan_library_lookup (library, "mine"));
  g_assert_nonnull (imtehan_library_lookup (library, BUNDLED_ID));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 3);
}

static void
assert_unchanged (const char  *path,
                  const char  *contents,
                  struct stat *before)
{
  g_autofree char *now = NULL;
  gsize length = 0;
  struct stat after;

  g_assert_true (g_file_get_contents (path, &now, &length, NULL));
  g_assert_cmpuint (length, ==, strlen (contents));
  g_assert_cmpmem (now, length, contents, strlen (contents));
  g_assert_cmpint (stat (path, &after), ==, 0);
  g_assert_cmpint (after.st_mtim.tv_sec, ==, before->st_mtim.tv_sec);
  g_assert_cmpint (after.st_mtim.tv_nsec, ==, before->st_mtim.tv_nsec);
  g_assert_cmpuint (after.st_ino, ==, before->st_ino);
  g_assert_cmpint (after.st_mode, ==, before->st_mode);
}

/* A file that does not load is listed with the loader's message, after the quizzes, and
 * left exactly as it was; the others are listed all the same. */
static void
test_broken_listed (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *good = quiz_text ("good", 1, "Good");
  g_autofree char *bad_text = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *empty = write_file (fixture->system1, "empty.quiz", "");
  g_autofree char *good_path = write_file (fixture->user, "good.quiz", good);
  g_autofree char *prefix = NULL;
  g_autofree char *ids = NULL;
  struct stat bad_before, empty_before;
  ImtehanLibraryEntry *entry;
  const GError *error;

  /* Line 12: the answer is not a choice. */
  bad_text = g_strdup (good);
  memcpy (strstr (bad_text, "Answer=four"), "Answer=nine", strlen ("Answer=nine"));
  bad = write_file (fixture->user, "bad.quiz", bad_text);
  g_assert_cmpint (stat (bad, &bad_before), ==, 0);
  g_assert_cmpint (stat (empty, &empty_before), ==, 0);

  reload (fixture);
  ids = listed_ids (fixture);
  g_assert_cmpstr (ids, ==, "good " BUNDLED_ID " ! !");

  entry = entry_at (fixture, 2);
  assert_path (entry, bad);
  g_assert_false (imtehan_library_entry_is_valid (entry));
  g_assert_null (imtehan_library_entry_get_id (entry));
  g_assert_cmpint (imtehan_library_entry_get_origin (entry), ==, IMTEHAN_LIBRARY_ORIGIN_USER);
  error = imtehan_library_entry_get_error (entry);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_INVALID);
  prefix = g_strdup_printf ("%s:12: [Question q1] Answer: ", bad);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  /* Still a digest: the file could be read. */
  g_assert_cmpuint (strlen (imtehan_library_entry_get_digest (entry)), ==, 64);

  entry = entry_at (fixture, 3);
  assert_path (entry, empty);
  g_assert_error (imtehan_library_entry_get_error (entry), IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (imtehan_library_entry_get_error (entry)->message, empty));

  assert_unchanged (bad, bad_text, &bad_before);
  assert_unchanged (empty, "", &empty_before);
  g_assert_cmpuint (n_files (fixture->user), ==, 2);
  g_assert_cmpuint (n_files (fixture->system1), ==, 1);

  /* Listed again: still there, still untouched. */
  reload (fixture);
  g_assert_cmpuint (n_entries (fixture), ==, 4);
  assert_unchanged (bad, bad_text, &bad_before);
}

/* One entry per quiz id: the highest Version; on a tie the user's copy, then the system's
 * (the first folder first), then the bundled one; in one folder, the file written last. */
static void
test_duplicates (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *system2 = NULL;
  g_autofree char *system1 = NULL;
  g_autofree char *user = NULL;
  g_autofree char *user_later = NULL;
  ImtehanLibraryEntry *entry;

  /* The bundled quiz is Version 2. */
  system2 = write_quiz (fixture->system2, "zero.quiz", BUNDLED_ID, 2, "Second system folder");
  reload (fixture);
  g_assert_cmpuint (n_entries (fixture), ==, 1);
  entry = imtehan_library_lookup (fixture->library, BUNDLED_ID);
  g_assert_cmpint (imtehan_library_entry_get_origin (entry), ==, IMTEHAN_LIBRARY_ORIGIN_SYSTEM);
  assert_path (entry, system2);

  system1 = write_quiz (fixture->system1, "zero.quiz", BUNDLED_ID, 2, "First system folder");
  reload (fixture);
  g_assert_cmpuint (n_entries (fixture), ==, 1);
  assert_path (imtehan_library_lookup (fixture->library, BUNDLED_ID), system1);

  user = write_quiz (fixture->user, "zero.quiz", BUNDLED_ID, 2, "The teacher's copy");
  reload (fixture);
  g_assert_cmpuint (n_entries (fixture), ==, 1);
  entry = imtehan_library_lookup (fixture->library, BUNDLED_ID);
  g_assert_cmpint (imtehan_library_entry_get_origin (entry), ==, IMTEHAN_LIBRARY_ORIGIN_USER);

  /* A newer Version wins wherever it is. */
  g_clear_pointer (&system2, g_free);
  system2 = write_quiz (fixture->system2, "zero.quiz", BUNDLED_ID, 3, "Updated by the admin");
  reload (fixture);
  g_assert_cmpuint (n_entries (fixture), ==, 1);
  assert_path (imtehan_library_lookup (fixture->library, BUNDLED_ID), system2);

  /* Two files of Version 3 in the user's folder: the one written last. */
  user_later = write_quiz (fixture->user, "a-later.quiz", BUNDLED_ID, 3, "Later");
  g_clear_pointer (&user, g_free);
  user = write_quiz (fixture->user, "zero.quiz", BUNDLED_ID, 3, "Earlier");
  age_file (user, 60);
  reload (fixture);
  g_assert_cmpuint (n_entries (fixture), ==, 1);
  assert_path (imtehan_library_lookup (fixture->library, BUNDLED_ID), user_later);
  age_file (user_later, 120);
  reload (fixture);
  assert_path (imtehan_library_lookup (fixture->library, BUNDLED_ID), user);
}

/* Hidden files, other names and folders are not quizzes; a symbolic link to a quiz is. */
static void
test_ignored_files (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *target = write_quiz (fixture->elsewhere, "target.quiz", "linked", 1, "Linked");
  g_autofree char *link = g_build_filename (fixture->user, "link.quiz", NULL);
  g_autofree char *dangling = g_build_filename (fixture->user, "dangling.quiz", NULL);
  g_autofree char *folder = g_build_filename (fixture->user, "folder.quiz", NULL);
  const char * const ignored[] = {
    ".hidden.quiz", "notes.txt", "copy.quiz~", "copy.quiz.bak", ".quiz", "QUIZ.QUIZ",
  };
  g_autofree char *ids = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (ignored); i++)
    {
      g_autofree char *id = g_strdup_printf ("ignored%u", i);
      g_autofree char *path = write_quiz (fixture->user, ignored[i], id, 1, id);
    }
  g_assert_cmpint (symlink (target, link), ==, 0);
  g_assert_cmpint (symlink ("/nonexistent/x.quiz", dangling), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);

  reload (fixture);
  ids = listed_ids (fixture);
  g_assert_cmpstr (ids, ==, "linked " BUNDLED_ID);
  assert_path (entry_at (fixture, 0), link);
}

/* One items-changed per reload that changes the list, none for one that does not; an
 * unchanged file keeps its entry, so a list showing it rebuilds nothing. */
static void
test_items_changed (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *a = write_quiz (fixture->user, "a.quiz", "a", 1, "A");
  g_autofree char *b = write_quiz (fixture->system1, "b.quiz", "b", 1, "B");
  ImtehanLibraryEntry *kept;
  ItemsChanged *change;

  reload (fixture);
  g_assert_cmpuint (fixture->changes->len, ==, 1);
  change = &g_array_index (fixture->changes, ItemsChanged, 0);
  g_assert_cmpuint (change->position, ==, 0);
  g_assert_cmpuint (change->removed, ==, 0);
  g_assert_cmpuint (change->added, ==, 3);
  kept = entry_at (fixture, 0);

  reload (fixture);
  g_assert_cmpuint (fixture->changes->len, ==, 1);
  g_assert_true (entry_at (fixture, 0) == kept);

  /* b changes: one items-changed, over b only. */
  g_clear_pointer (&b, g_free);
  b = write_quiz (fixture->system1, "b.quiz", "b", 2, "B");
  reload (fixture);
  g_assert_cmpuint (fixture->changes->len, ==, 2);
  change = &g_array_index (fixture->changes, ItemsChanged, 1);
  g_assert_cmpuint (change->position, ==, 1);
  g_assert_cmpuint (change->removed, ==, 1);
  g_assert_cmpuint (change->added, ==, 1);
  g_assert_true (entry_at (fixture, 0) == kept);
  g_assert_cmpuint (imtehan_quiz_get_version (imtehan_library_entry_load_quiz (entry_at (fixture, 1), NULL)),
                    ==, 2);

  /* Two files come and one goes: still one items-changed. */
  g_assert_cmpint (g_unlink (a), ==, 0);
  g_free (write_quiz (fixture->user, "c.quiz", "c", 1, "C"));
  g_free (write_quiz (fixture->user, "d.quiz", "d", 1, "D"));
  reload (fixture);
  g_assert_cmpuint (fixture->changes->len, ==, 3);
  g_assert_cmpuint (n_entries (fixture), ==, 4);
}

/* Reloads asked for in a row: the last one sets the list, once. An import applied while a
 * reload that began before it runs is not lost when that reload ends. */
static void
test_overlapping (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *a = write_quiz (fixture->user, "a.quiz", "a", 1, "A");
  g_autofree char *opened = write_quiz (fixture->elsewhere, "b.quiz", "b", 1, "B");
  g_autoptr(GFile) file = g_file_new_for_path (opened);
  g_autoptr(ImtehanLibraryEntry) imported = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *ids = NULL;
  Wait first = { NULL }, second = { NULL }, third = { NULL };

  imtehan_library_reload_async (fixture->library, NULL, async_cb, &first);
  imtehan_library_reload_async (fixture->library, NULL, async_cb, &second);
  IMTEHAN_TEST_WAIT_UNTIL (first.result != NULL && second.result != NULL, 10);
  g_assert_true (imtehan_library_reload_finish (fixture->library, first.result, &error));
  g_assert_true (imtehan_library_reload_finish (fixture->library, second.result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->changes->len, ==, 1);
  g_assert_cmpuint (n_entries (fixture), ==, 2);
  g_clear_object (&first.result);
  g_clear_object (&second.result);

  /* The import is applied as soon as it is done; the reload, begun before, must not take it
   * away when it ends, whichever ends first. */
  imtehan_library_reload_async (fixture->library, NULL, async_cb, &first);
  imtehan_library_import_async (fixture->library, file, NULL, async_cb, &third);
  IMTEHAN_TEST_WAIT_UNTIL (first.result != NULL && third.result != NULL, 10);
  g_assert_true (imtehan_library_reload_finish (fixture->library, first.result, &error));
  imported = imtehan_library_import_finish (fixture->library, third.result, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&first.result);
  g_clear_object (&third.result);
  /* A reload the library asked for itself may still be running: wait for the list to hold b. */
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_library_lookup (fixture->library, "b") != NULL, 10);
  imtehan_test_run_for (50);
  ids = listed_ids (fixture);
  g_assert_cmpstr (ids, ==, "a b " BUNDLED_ID);
}

/* A folder of more files than the cap lists the first ones by name, and says so. */
static void
test_cap (Fixture       *fixture,
          gconstpointer  data)
{
  for (guint i = 0; i <= IMTEHAN_LIBRARY_MAX_FILES_PER_FOLDER; i++)
    {
      g_autofree char *name = g_strdup_printf ("%05u.quiz", i);

      g_free (write_file (fixture->system1, name, ""));
    }

  g_test_expect_message ("imtehan-library", G_LOG_LEVEL_WARNING, "*2001 quiz files*");
  reload (fixture);
  g_test_assert_expected_messages ();
  /* Every one broken (empty), plus the bundled quiz. */
  g_assert_cmpuint (n_entries (fixture), ==, IMTEHAN_LIBRARY_MAX_FILES_PER_FOLDER + 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/library/sources", test_sources);
  ADD ("/library/broken-listed", test_broken_listed);
  ADD ("/library/duplicates", test_duplicates);
  ADD ("/library/ignored-files", test_ignored_files);
  ADD ("/library/items-changed", test_items_changed);
  ADD ("/library/overlapping", test_overlapping);
  ADD ("/library/cap", test_cap);
#undef ADD
  g_test_add_func ("/library/default-folders", test_default_folders);

  return g_test_run ();
}
