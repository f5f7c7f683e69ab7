/* test-library.c: where the quizzes come from, and the copy of an opened quiz
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "imtehan-gift.h"
#include "imtehan-library.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "test-util.h"

#define BUNDLED_ID "zero-sharded-optimizers"
#define BUNDLED_RESOURCE "/io/github/imtehan/Imtehan/quizzes/" BUNDLED_ID ".quiz"

typedef struct
{
  char           *tmp;
  char           *user;      /* tmp/data/imtehan/quizzes: made by the first import */
  char           *system1;   /* tmp/system1 */
  char           *system2;   /* tmp/system2: missing unless a test makes it */
  char           *elsewhere; /* tmp/elsewhere: files the user opens */
  ImtehanLibrary *library;
  GArray         *changes;   /* ItemsChanged, one per ::items-changed */
} Fixture;

typedef struct
{
  guint position, removed, added;
} ItemsChanged;

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Fixture    *fixture)
{
  ItemsChanged change = { position, removed, added };

  g_array_append_val (fixture->changes, change);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  const char * const bundled[] = { BUNDLED_RESOURCE, NULL };
  g_autoptr(GError) error = NULL;

  fixture->tmp = g_dir_make_tmp ("imtehan-test-library-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->user = g_build_filename (fixture->tmp, "data", "imtehan", "quizzes", NULL);
  fixture->system1 = g_build_filename (fixture->tmp, "system1", NULL);
  fixture->system2 = g_build_filename (fixture->tmp, "system2", NULL);
  fixture->elsewhere = g_build_filename (fixture->tmp, "elsewhere", NULL);
  g_assert_cmpint (g_mkdir (fixture->system1, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (fixture->elsewhere, 0755), ==, 0);
  {
    const char * const system[] = { fixture->system1, fixture->system2, NULL };

    fixture->library = imtehan_library_new (bundled, system, fixture->user);
  }
  fixture->changes = g_array_new (FALSE, FALSE, sizeof (ItemsChanged));
  g_signal_connect (fixture->library, "items-changed", G_CALLBACK (items_changed_cb), fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gpointer weak = fixture->library;

  /* A worker may hold it a moment after the last callback. */
  g_object_add_weak_pointer (G_OBJECT (fixture->library), &weak);
  g_clear_object (&fixture->library);
  IMTEHAN_TEST_WAIT_UNTIL (g_atomic_pointer_get (&weak) == NULL, 10);
  g_assert_null (g_atomic_pointer_get (&weak));

  g_clear_pointer (&fixture->changes, g_array_unref);
  imtehan_test_remove_tree (fixture->tmp);
  g_assert_false (g_file_test (fixture->tmp, G_FILE_TEST_EXISTS));
  g_clear_pointer (&fixture->user, g_free);
  g_clear_pointer (&fixture->system1, g_free);
  g_clear_pointer (&fixture->system2, g_free);
  g_clear_pointer (&fixture->elsewhere, g_free);
  g_clear_pointer (&fixture->tmp, g_free);
}

/* A small valid quiz. */
static char *
quiz_text (const char *id,
           guint       version,
           const char *title)
{
  return g_strdup_printf ("[Quiz]\n"
                          "FormatVersion=1\n"
                          "Id=%s\n"
                          "Version=%u\n"
                          "Title=%s\n"
                          "\n"
                          "[Question q1]\n"
                          "Text=Two plus two?\n"
                          "Choices=four;five\n"
                          "Choice.four=Four\n"
                          "Choice.five=Five\n"
                          "Answer=four\n",
                          id, version, title);
}

static char *
write_file (const char *folder,
            const char *name,
            const char *contents)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (folder, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  return path;
}

static char *
write_quiz (const char *folder,
            const char *name,
            const char *id,
            guint       version,
            const char *title)
{
  g_autofree char *text = quiz_text (id, version, title);

  return write_file (folder, name, text);
}

/* Sets the modification time of @path @seconds back from now. */
static void
age_file (const char *path,
          int         seconds)
{
  struct timespec times[2] = { { 0, UTIME_OMIT }, { time (NULL) - seconds, 0 } };

  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
}

typedef struct
{
  GAsyncResult *result;
} Wait;

static void
async_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  ((Wait *)user_data)->result = g_object_ref (result);
}

static void
reload (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  Wait wait = { NULL };

  imtehan_library_reload_async (fixture->library, NULL, async_cb, &wait);
  IMTEHAN_TEST_WAIT_UNTIL (wait.result != NULL, 10);
  g_assert_nonnull (wait.result);
  g_assert_true (imtehan_library_reload_finish (fixture->library, wait.result, &error));
  g_assert_no_error (error);
  g_clear_object (&wait.result);
}

static ImtehanLibraryEntry *
import_warned (Fixture     *fixture,
               const char  *path,
               char      ***warnings,
               GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  ImtehanLibraryEntry *entry;
  Wait wait = { NULL };

  imtehan_library_import_async (fixture->library, file, NULL, async_cb, &wait);
  IMTEHAN_TEST_WAIT_UNTIL (wait.result != NULL, 10);
  g_assert_nonnull (wait.result);
  entry = imtehan_library_import_finish (fixture->library, wait.result, warnings, error);
  g_clear_object (&wait.result);
  return entry;
}

/* An import that warns of nothing. */
static ImtehanLibraryEntry *
import (Fixture     *fixture,
        const char  *path,
        GError     **error)
{
  g_auto(GStrv) warnings = NULL;
  ImtehanLibraryEntry *entry = import_warned (fixture, path, &warnings, error);

  g_assert_null (warnings);
  return entry;
}

static guint
n_entries (Fixture *fixture)
{
  return g_list_model_get_n_items (G_LIST_MODEL (fixture->library));
}

static ImtehanLibraryEntry *
entry_at (Fixture *fixture,
          guint    position)
{
  ImtehanLibraryEntry *entry = g_list_model_get_item (G_LIST_MODEL (fixture->library), position);

  /* The library keeps a reference while it lists it. */
  g_object_unref (entry);
  return entry;
}

static void
assert_path (ImtehanLibraryEntry *entry,
             const char          *expected)
{
  g_autofree char *path = NULL;

  g_assert_nonnull (entry);
  path = g_file_get_path (imtehan_library_entry_get_file (entry));
  g_assert_cmpstr (path, ==, expected);
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

static guint
n_files (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
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

/* An opened quiz is copied into the user's folder once: opening it again, or opening the copy,
 * copies nothing more. */
static void
test_import_copies_once (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *text = quiz_text ("mine", 1, "Mine");
  g_autofree char *opened = write_file (fixture->elsewhere, "My quiz.quiz", text);
  g_autofree char *expected = g_build_filename (fixture->user, "mine.quiz", NULL);
  g_autoptr(ImtehanLibraryEntry) entry = NULL;
  g_autoptr(ImtehanLibraryEntry) again = NULL;
  g_autoptr(ImtehanLibraryEntry) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *copied = NULL;
  gsize length = 0;
  struct stat st, st_again;

  g_assert_false (g_file_test (fixture->user, G_FILE_TEST_EXISTS));
  entry = import (fixture, opened, &error);
  g_assert_no_error (error);
  assert_path (entry, expected);
  g_assert_cmpint (imtehan_library_entry_get_origin (entry), ==, IMTEHAN_LIBRARY_ORIGIN_USER);
  g_assert_cmpstr (imtehan_library_entry_get_id (entry), ==, "mine");
  g_assert_true (g_file_get_contents (expected, &copied, &length, NULL));
  g_assert_cmpstr (copied, ==, text);
  g_assert_cmpstr (imtehan_library_entry_get_digest (entry), ==,
                   imtehan_quiz_get_digest (imtehan_library_entry_load_quiz (entry, NULL)));
  g_assert_cmpint (stat (expected, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);
  g_assert_cmpint (stat (fixture->user, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0700);
  g_assert_cmpint (stat (expected, &st), ==, 0);
  /* No temporary file left behind. */
  g_assert_cmpuint (n_files (fixture->user), ==, 1);

  /* Listed at once, with one items-changed. */
  g_assert_cmpuint (fixture->changes->len, ==, 1);
  g_assert_true (imtehan_library_lookup (fixture->library, "mine") == entry);

  /* Opened again: the copy that is there, not written again. */
  again = import (fixture, opened, &error);
  g_assert_no_error (error);
  assert_path (again, expected);
  g_assert_cmpuint (n_files (fixture->user), ==, 1);
  g_assert_cmpint (stat (expected, &st_again), ==, 0);
  g_assert_cmpuint (st_again.st_ino, ==, st.st_ino);
  g_assert_cmpuint (fixture->changes->len, ==, 1);

  /* The copy itself opened: nothing to copy. */
  copy = import (fixture, expected, &error);
  g_assert_no_error (error);
  assert_path (copy, expected);
  g_assert_cmpuint (n_files (fixture->user), ==, 1);

  /* And a reload finds the same. */
  reload (fixture);
  g_assert_cmpuint (n_entries (fixture), ==, 2);
  assert_path (imtehan_library_lookup (fixture->library, "mine"), expected);
}

/* Another file of the same quiz id (edited, its Version not raised) is kept next to the first,
 * named by its digest, and listed instead of it: it was written last. */
static void
test_import_same_id_other_content (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autofree char *first_text = quiz_text ("mine", 1, "Mine");
  g_autofree char *second_text = quiz_text ("mine", 1, "Mine, edited");
  g_autofree char *first = write_file (fixture->elsewhere, "first.quiz", first_text);
  g_autofree char *second = write_file (fixture->elsewhere, "second.quiz", second_text);
  g_autofree char *plain = g_build_filename (fixture->user, "mine.quiz", NULL);
  g_autoptr(ImtehanLibraryEntry) a = NULL;
  g_autoptr(ImtehanLibraryEntry) b = NULL;
  g_autoptr(ImtehanLibraryEntry) b_again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *suffixed = NULL;
  g_autofree char *suffixed_name = NULL;
  g_autofree char *contents = NULL;

  a = import (fixture, first, &error);
  g_assert_no_error (error);
  age_file (plain, 60);

  b = import (fixture, second, &error);
  g_assert_no_error (error);
  suffixed_name = g_strdup_printf ("mine-%.8s.quiz", imtehan_library_entry_get_digest (b));
  suffixed = g_build_filename (fixture->user, suffixed_name, NULL);
  assert_path (b, suffixed);
  g_assert_cmpstr (imtehan_library_entry_get_digest (b), !=, imtehan_library_entry_get_digest (a));
  g_assert_true (g_file_get_contents (plain, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, first_text);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (suffixed, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, second_text);
  g_assert_cmpuint (n_files (fixture->user), ==, 2);

  /* The list shows the one opened last, once. */
  g_assert_true (imtehan_library_lookup (fixture->library, "mine") == b);
  g_assert_cmpuint (fixture->changes->len, ==, 2);
  reload (fixture);
  g_assert_cmpuint (n_entries (fixture), ==, 2);
  assert_path (imtehan_library_lookup (fixture->library, "mine"), suffixed);

  /* Opened again, either is found, not copied a third time. */
  b_again = import (fixture, second, &error);
  g_assert_no_error (error);
  assert_path (b_again, suffixed);
  g_clear_object (&b_again);
  b_again = import (fixture, first, &error);
  g_assert_no_error (error);
  assert_path (b_again, plain);
  g_assert_cmpuint (n_files (fixture->user), ==, 2);
}

/* Each version imported is kept by its digest as well: the copy in the user's folder may be
 * edited in place, and the attempts taken on it still find the questions they answered. */
static void
test_import_keeps_versions (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *kept = g_build_filename (fixture->tmp, "quiz-versions", NULL);
  g_autoptr(ImtehanQuizVersions) versions = imtehan_quiz_versions_new (NULL, NULL, kept);
  g_autofree char *first_text = quiz_text ("mine", 1, "Mine");
  g_autofree char *second_text = quiz_text ("mine", 2, "Mine, edited");
  g_autofree char *first = write_file (fixture->elsewhere, "first.quiz", first_text);
  g_autofree char *plain = g_build_filename (fixture->user, "mine.quiz", NULL);
  g_autoptr(ImtehanLibraryEntry) entry = NULL;
  g_autoptr(ImtehanQuizVersions) later = NULL;
  g_autoptr(ImtehanQuiz) found = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *digest = NULL;

  imtehan_library_set_versions (fixture->library, versions);
  entry = import (fixture, first, &error);
  g_assert_no_error (error);
  digest = g_strdup (imtehan_library_entry_get_digest (entry));
  /* The teacher edits the copy in place. */
  g_assert_true (g_file_set_contents (plain, second_text, -1, NULL));

  later = imtehan_quiz_versions_new (NULL, NULL, kept);
  found = imtehan_quiz_versions_lookup (later, "mine", digest, 0);
  g_assert_nonnull (found);
  g_assert_cmpstr (imtehan_quiz_get_title (found, "en"), ==, "Mine");
  g_clear_object (&found);
  found = imtehan_quiz_versions_lookup (later, "mine", NULL, 1);
  g_assert_nonnull (found);
  g_assert_cmpstr (imtehan_quiz_get_digest (found), ==, digest);
}

/* A file that does not load is not copied: the error names its line, and nothing is written,
 * not even the folder. */
static void
test_import_broken (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *broken = write_file (fixture->elsewhere, "broken.quiz",
                                        "[Quiz]\nFormatVersion=1\nId=x\nthis line is wrong\n");
  g_autofree char *missing = g_build_filename (fixture->elsewhere, "missing.quiz", NULL);
  g_autofree char *prefix = g_strdup_printf ("%s:4: ", broken);
  g_autoptr(ImtehanLibraryEntry) entry = NULL;
  g_autoptr(GError) error = NULL;

  entry = import (fixture, broken, &error);
  g_assert_null (entry);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_false (g_file_test (fixture->user, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (fixture->changes->len, ==, 0);
  g_clear_error (&error);

  entry = import (fixture, missing, &error);
  g_assert_null (entry);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_false (g_file_test (fixture->user, G_FILE_TEST_EXISTS));
}

static const char physics_gift[] =
  "// From Moodle's documentation, \"GIFT format\"\n"
  "::Tomb::Who's buried in Grant's tomb?{~Grant ~Jefferson =no one}\n"
  "\n"
  "Grant is buried in Grant's tomb.{F}\n"
  "\n"
  "Write a short biography of Dag Hammarskjöld. {}\n";

/* Asserts that @path's text has @line as one of its lines. */
static void
assert_has_line (const char *path,
                 const char *line)
{
  g_autofree char *contents = NULL;
  g_autofree char *needle = g_strdup_printf ("\n%s\n", line);

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  if (strstr (contents, needle) == NULL)
    g_error ("%s has no line “%s”:\n%s", path, line, contents);
}

/* A GIFT file (named *.gift in any case) is imported as --import-gift would, named after the
 * file; the import says which questions it skipped; the copy is found again by its bytes, from
 * any folder. */
static void
test_import_gift (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *opened = write_file (fixture->elsewhere, "Physics Bank.GIFT", physics_gift);
  g_autofree char *other_folder = g_build_filename (fixture->elsewhere, "usb", NULL);
  g_autofree char *elsewhere = write_file (other_folder, "Physics Bank.GIFT", physics_gift);
  g_autofree char *expected = g_build_filename (fixture->user, "physics-bank.quiz", NULL);
  g_autoptr(ImtehanLibraryEntry) entry = NULL;
  g_autoptr(ImtehanLibraryEntry) again = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) warnings = NULL;
  const char * const skipped[] = {
    "Physics Bank.GIFT:6: skipped: an essay question (Imtehan imports multiple-choice and "
      "true/false questions)",
    NULL
  };
  ImtehanQuiz *quiz;
  struct stat st, st_again;

  entry = import_warned (fixture, opened, &warnings, &error);
  g_assert_no_error (error);
  assert_path (entry, expected);
  quiz = imtehan_library_entry_load_quiz (entry, NULL);
  g_assert_cmpstr (imtehan_quiz_get_id (quiz), ==, "physics-bank");
  g_assert_cmpstr (imtehan_quiz_get_title (quiz, "en"), ==, "Physics Bank");
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==, 2);
  g_assert_cmpstrv (warnings, skipped);
  assert_has_line (expected, "Text=Who's buried in Grant's tomb?");
  assert_has_line (expected, "# From Physics Bank.GIFT:2");
  g_assert_true (imtehan_library_lookup (fixture->library, "physics-bank") == entry);
  g_assert_cmpuint (fixture->changes->len, ==, 1);
  g_assert_cmpuint (n_files (fixture->user), ==, 1);
  g_assert_cmpint (stat (expected, &st), ==, 0);
  /* The GIFT file itself is left alone. */
  g_assert_cmpuint (n_files (fixture->elsewhere), ==, 2);

  /* Again, and the same file from another folder: the same copy, and the same warnings. */
  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&again);
      g_clear_pointer (&warnings, g_strfreev);
      again = import_warned (fixture, i == 0 ? opened : elsewhere, &warnings, &error);
      g_assert_no_error (error);
      assert_path (again, expected);
      g_assert_cmpstrv (warnings, skipped);
      g_assert_cmpuint (n_files (fixture->user), ==, 1);
      g_assert_cmpint (stat (expected, &st_again), ==, 0);
      g_assert_cmpuint (st_again.st_ino, ==, st.st_ino);
    }
  g_assert_cmpuint (fixture->changes->len, ==, 1);

  /* The copy is a plain quiz: opened again, it warns of nothing. */
  g_clear_object (&again);
  again = import (fixture, expected, &error);
  g_assert_no_error (error);
  assert_path (again, expected);
}

/* A bank in Urdu letters, with a name in them: the Urdu keys, and an id of its own. */
static void
test_import_gift_urdu (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *urdu_gift = NULL;
  g_autofree char *opened = NULL;
  g_autofree char *id = imtehan_gift_id_for_file_name ("ریاضی.gift");
  g_autofree char *name = g_strconcat (id, ".quiz", NULL);
  g_autofree char *expected = g_build_filename (fixture->user, name, NULL);
  g_autoptr(ImtehanLibraryEntry) entry = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) warnings = NULL;
  ImtehanQuestion *question;
  ImtehanQuiz *quiz;

  g_assert_true (g_file_get_contents (TEST_DATA_DIR "/urdu-bank.gift", &urdu_gift, NULL, NULL));
  opened = write_file (fixture->elsewhere, "ریاضی.gift", urdu_gift);
  entry = import_warned (fixture, opened, &warnings, &error);
  g_assert_no_error (error);
  assert_path (entry, expected);
  g_assert_cmpstrv (warnings, ((const char * const[]) {
    "ریاضی.gift:8: skipped: an essay question (Imtehan imports multiple-choice and true/false "
      "questions)", NULL }));
  quiz = imtehan_library_entry_load_quiz (entry, NULL);
  g_assert_true (g_str_has_prefix (imtehan_quiz_get_id (quiz), "quiz-"));
  g_assert_cmpstr (imtehan_quiz_get_title (quiz, "ur"), ==, "ریاضی");
  question = imtehan_quiz_get_question (quiz, 1);
  g_assert_cmpstr (imtehan_question_get_choice_text (question, "true", "ur"), ==, "درست");
  assert_has_line (expected, "Title[ur]=ریاضی");
  assert_has_line (expected, "Text[ur]=دو جمع دو کتنے ہوتے ہیں؟");
  assert_has_line (expected, "Topics[ur]=ریاضی;");
  {
    g_autofree char *contents = NULL;

    g_assert_true (g_file_get_contents (expected, &contents, NULL, NULL));
    g_assert_null (strstr (contents, "\nText="));
    g_assert_null (strstr (contents, "\nTitle="));
  }
}

/* A GIFT file that gives no quiz is not copied: the error names the file and the line, and
 * lists what was skipped; nothing is written, not even the folder. */
static void
test_import_gift_broken (Fixture       *fixture,
                         gconstpointer  data)
{
  static const struct { const char *name; const char *text; int code; const char *message; }
  cases[] = {
    { "unclosed.gift", "First?{=a ~b}\n\nSecond?{=a\n~b\n\n~c}\n", IMTEHAN_ERROR_PARSE,
      "unclosed.gift:3: this “{” is never closed by a “}”" },
    { "essays.gift", "Write an essay.{}\n\n// and\nAnother.{}\n", IMTEHAN_ERROR_MISSING,
      "essays.gift: no multiple-choice or true/false question to import\n"
      "essays.gift:1: skipped: an essay question (Imtehan imports multiple-choice and "
      "true/false questions)\n"
      "essays.gift:4: skipped: an essay question (Imtehan imports multiple-choice and "
      "true/false questions)" },
    { "empty.gift", "", IMTEHAN_ERROR_PARSE, "empty.gift: the file is empty" },
    { "latin1.gift", "Caf\xe9?{T}\n", IMTEHAN_ERROR_PARSE,
      "latin1.gift:1: the text is not valid UTF-8; save the file as UTF-8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = write_file (fixture->elsewhere, cases[i].name, cases[i].text);
      g_autoptr(ImtehanLibraryEntry) entry = NULL;
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) warnings = NULL;

      entry = import_warned (fixture, path, &warnings, &error);
      g_assert_null (entry);
      g_assert_null (warnings);
      g_assert_error (error, IMTEHAN_ERROR, cases[i].code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      g_assert_false (g_file_test (fixture->user, G_FILE_TEST_EXISTS));
      g_assert_cmpuint (fixture->changes->len, ==, 0);
    }
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
  ADD ("/library/sources", test_sources);
  ADD ("/library/broken-listed", test_broken_listed);
  ADD ("/library/duplicates", test_duplicates);
  ADD ("/library/ignored-files", test_ignored_files);
  ADD ("/library/items-changed", test_items_changed);
  ADD ("/library/overlapping", test_overlapping);
  ADD ("/library/import/copies-once", test_import_copies_once);
  ADD ("/library/import/same-id-other-content", test_import_same_id_other_content);
  ADD ("/library/import/keeps-versions", test_import_keeps_versions);
  ADD ("/library/import/broken", test_import_broken);
  ADD ("/library/import/gift", test_import_gift);
  ADD ("/library/import/gift-urdu", test_import_gift_urdu);
  ADD ("/library/import/gift-broken", test_import_gift_broken);
  ADD ("/library/cap", test_cap);
  ADD ("/library/cache", test_cache);
#undef ADD
  g_test_add_func ("/library/default-folders", test_default_folders);

  return g_test_run ();
}
