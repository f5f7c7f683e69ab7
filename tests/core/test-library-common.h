/* test-library-common.h: the folders of quizzes, and the waits, of the library's tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

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

static inline void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Fixture    *fixture)
{
  ItemsChanged change = { position, removed, added };

  g_array_append_val (fixture->changes, change);
}

static inline void
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

static inline void
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
static inline char *
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

static inline char *
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

static inline char *
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
static inline void
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

static inline void
async_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  ((Wait *)user_data)->result = g_object_ref (result);
}

static inline void
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

static inline ImtehanLibraryEntry *
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
static inline ImtehanLibraryEntry *
import (Fixture     *fixture,
        const char  *path,
        GError     **error)
{
  g_auto(GStrv) warnings = NULL;
  ImtehanLibraryEntry *entry = import_warned (fixture, path, &warnings, error);

  g_assert_null (warnings);
  return entry;
}

static inline guint
n_entries (Fixture *fixture)
{
  return g_list_model_get_n_items (G_LIST_MODEL (fixture->library));
}

static inline void
assert_path (ImtehanLibraryEntry *entry,
             const char          *expected)
{
  g_autofree char *path = NULL;

  g_assert_nonnull (entry);
  path = g_file_get_path (imtehan_library_entry_get_file (entry));
  g_assert_cmpstr (path, ==, expected);
}

static inline guint
n_files (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}
