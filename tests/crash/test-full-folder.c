/* test-full-folder.c: a full disk and a read-only folder, for real even as root
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CI runs as root, which writes through any permission bits, so chmod proves nothing: the
 * folder lives on a 64 KiB tmpfs filled to the last page, or remounted read-only, inside a
 * private mount namespace that dies with the test. Without CAP_SYS_ADMIN the tests skip
 * and say so; they never pass without having run.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sched.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-store.h"

#define BUNDLED_QUIZ QUIZ_DIR "/zero-sharded-optimizers.quiz"

static char *no_namespace; /* why there is no private mount namespace, or NULL */

typedef struct
{
  char         *tmp;
  char         *mount_point; /* a 64 KiB tmpfs, or NULL when it could not be mounted */
  char         *folder;      /* mount_point/attempts */
  ImtehanQuiz  *quiz;
  ImtehanStore *store;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) quiz_file = g_file_new_for_path (BUNDLED_QUIZ);
  g_autoptr(GFile) directory = NULL;
  g_autofree char *mount_point = NULL;

  fixture->quiz = imtehan_quiz_new_from_file (quiz_file, NULL, &error);
  g_assert_no_error (error);
  fixture->tmp = g_dir_make_tmp ("imtehan-test-full-folder-XXXXXX", &error);
  g_assert_no_error (error);
  mount_point = g_build_filename (fixture->tmp, "mnt", NULL);
  g_assert_cmpint (g_mkdir (mount_point, 0700), ==, 0);
  fixture->folder = g_build_filename (mount_point, "attempts", NULL);
  directory = g_file_new_for_path (fixture->folder);
  fixture->store = imtehan_store_new (directory);

  if (no_namespace != NULL)
    return;
  if (mount ("imtehan-test", mount_point, "tmpfs", MS_NOSUID | MS_NODEV, "size=64k,mode=0700") != 0)
    {
      int saved_errno = errno;

      no_namespace = g_strdup_printf ("cannot mount a tmpfs: %s", g_strerror (saved_errno));
      return;
    }
  fixture->mount_point = g_steal_pointer (&mount_point);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *mount_point = g_build_filename (fixture->tmp, "mnt", NULL);

  g_clear_object (&fixture->store);
  g_clear_object (&fixture->quiz);
  if (fixture->mount_point != NULL)
    g_assert_cmpint (umount2 (fixture->mount_point, MNT_DETACH), ==, 0);
  g_assert_cmpint (g_rmdir (mount_point), ==, 0);
  g_assert_cmpint (g_rmdir (fixture->tmp), ==, 0);
  g_clear_pointer (&fixture->mount_point, g_free);
  g_clear_pointer (&fixture->folder, g_free);
  g_clear_pointer (&fixture->tmp, g_free);
}

static gboolean
skip_without_mount (Fixture *fixture)
{
  if (fixture->mount_point != NULL)
    return FALSE;
  g_test_skip (no_namespace);
  return TRUE;
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

static char *
path_of (Fixture        *fixture,
         ImtehanAttempt *attempt)
{
  g_autoptr(GFile) file = imtehan_store_get_file (fixture->store, attempt);

  return g_file_get_path (file);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char **)a, *(const char **)b);
}

/* The names in the folder, sorted, space-separated. */
static char *
folder_names (Fixture *fixture)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->folder, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **)names->pdata);
}

static char *
names_of (ImtehanAttempt *a,
          ImtehanAttempt *b)
{
  g_autofree char *name_a = g_strconcat (imtehan_attempt_get_id (a), ".ini", NULL);
  g_autofree char *name_b = g_strconcat (imtehan_attempt_get_id (b), ".ini", NULL);

  return g_strcmp0 (name_a, name_b) < 0 ? g_strjoin (" ", name_a, name_b, NULL)
                                        : g_strjoin (" ", name_b, name_a, NULL);
}

static void
save_ok (Fixture        *fixture,
         ImtehanAttempt *attempt)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = path_of (fixture, attempt);
  g_autofree char *contents = NULL;
  g_autofree char *expected = imtehan_attempt_to_data (attempt, NULL);

  g_assert_true (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_no_error (error);
  contents = read_file (path);
  g_assert_cmpstr (contents, ==, expected);
}

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GError **out = user_data;

  g_assert_false (imtehan_store_save_finish (IMTEHAN_STORE (object), result, out));
  g_assert_nonnull (*out);
}

/* Both ways the app saves fail with @code and a message that names the folder and the plain
 * reason (not a temporary file's name), and the attempt in memory is as it was. */
static void
save_fails (Fixture        *fixture,
            ImtehanAttempt *attempt,
            int             code,
            const char     *reason)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) async_error = NULL;
  g_autofree char *before = imtehan_attempt_to_data (attempt, NULL);
  g_autofree char *after = NULL;
  g_autofree char *expected = g_strdup_printf ("Answers cannot be saved in “%s”: %s",
                                               fixture->folder, reason);

  g_assert_false (imtehan_store_save (fixture->store, attempt, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, code);
  g_assert_cmpstr (error->message, ==, expected);

  imtehan_store_save_async (fixture->store, attempt, NULL, save_cb, &async_error);
  while (async_error == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (async_error, G_FILE_ERROR, code);
  g_assert_cmpstr (async_error->message, ==, expected);

  after = imtehan_attempt_to_data (attempt, NULL);
  g_assert_cmpstr (after, ==, before);
}

static void
assert_listed (Fixture *fixture,
               guint    n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) summaries = imtehan_store_list (fixture->store, &problems, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (summaries->len, ==, n);
}

/* Fills the file system to the last byte a file can take. */
static char *
fill (Fixture *fixture)
{
  g_autofree char *filler = g_build_filename (fixture->mount_point, "filler", NULL);
  char block[4096];
  int fd = g_open (filler, O_WRONLY | O_CREAT | O_EXCL, 0600);
  gsize total = 0;
  gssize n;

  g_assert_cmpint (fd, >=, 0);
  memset (block, 'x', sizeof block);
  for (gsize size = sizeof block; size > 0; size /= 2)
    while ((n = write (fd, block, size)) > 0)
      total += n;
  g_assert_cmpint (errno, ==, ENOSPC);
  g_assert_cmpint (close (fd), ==, 0);
  g_test_message ("filled the tmpfs with %" G_GSIZE_FORMAT " bytes", total);
  return g_steal_pointer (&filler);
}

static void
test_full (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(ImtehanAttempt) a = NULL;
  g_autoptr(ImtehanAttempt) b = NULL;
  g_autoptr(ImtehanAttempt) c = NULL;
  g_autofree char *path_a = NULL;
  g_autofree char *path_b = NULL;
  g_autofree char *path_c = NULL;
  g_autofree char *saved_a = NULL;
  g_autofree char *saved_b = NULL;
  g_autofree char *filler = NULL;
  g_autofree char *names = NULL;
  g_autofree char *expected_names = NULL;

  if (skip_without_mount (fixture))
    return;

  a = imtehan_attempt_new (fixture->quiz, 1);
  b = imtehan_attempt_new (fixture->quiz, 2);
  c = imtehan_attempt_new (fixture->quiz, 3);
  path_a = path_of (fixture, a);
  path_b = path_of (fixture, b);
  path_c = path_of (fixture, c);
  g_assert_true (imtehan_attempt_choose (a, 0, "replicated-states"));
  save_ok (fixture, a);
  save_ok (fixture, b);
  saved_a = read_file (path_a);
  saved_b = read_file (path_b);

  filler = fill (fixture);

  /* The next answer cannot be saved: the error says where and why, and the file keeps the
   * answers saved before. */
  g_assert_true (imtehan_attempt_choose (a, 1, "past-gradients"));
  imtehan_attempt_set_current (a, 1);
  save_fails (fixture, a, G_FILE_ERROR_NOSPC, "No space left on device");
  g_assert_cmpstr (imtehan_attempt_get_answer (a, 0), ==, "replicated-states");
  g_assert_cmpstr (imtehan_attempt_get_answer (a, 1), ==, "past-gradients");

  /* A new attempt cannot be saved either, and leaves no empty file behind. */
  save_fails (fixture, c, G_FILE_ERROR_NOSPC, "No space left on device");

  /* Nothing else was touched, and no temporary file is left to fill the disk further. */
  {
    g_autofree char *now_a = read_file (path_a);
    g_autofree char *now_b = read_file (path_b);

    g_assert_cmpstr (now_a, ==, saved_a);
    g_assert_cmpstr (now_b, ==, saved_b);
  }
  names = folder_names (fixture);
  expected_names = names_of (a, b);
  g_assert_cmpstr (names, ==, expected_names);
  g_assert_false (g_file_test (path_c, G_FILE_TEST_EXISTS));
  assert_listed (fixture, 2);

  /* Space is freed: the next save writes everything kept in memory. */
  g_assert_cmpint (g_unlink (filler), ==, 0);
  save_ok (fixture, a);
  save_ok (fixture, c);
  assert_listed (fixture, 3);
}

static void
test_read_only (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(ImtehanAttempt) a = NULL;
  g_autoptr(ImtehanAttempt) b = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanStore) elsewhere = NULL;
  g_autofree char *path_a = NULL;
  g_autofree char *saved_a = NULL;
  g_autofree char *unmade = NULL;
  g_autofree char *expected = NULL;

  if (skip_without_mount (fixture))
    return;

  a = imtehan_attempt_new (fixture->quiz, 1);
  b = imtehan_attempt_new (fixture->quiz, 2);
  path_a = path_of (fixture, a);
  g_assert_true (imtehan_attempt_choose (a, 0, "replicated-states"));
  save_ok (fixture, a);
  saved_a = read_file (path_a);

  g_assert_cmpint (mount ("imtehan-test", fixture->mount_point, "tmpfs", MS_REMOUNT | MS_RDONLY,
                          NULL), ==, 0);

  g_assert_true (imtehan_attempt_choose (a, 1, "past-gradients"));
  save_fails (fixture, a, G_FILE_ERROR_ROFS, "Read-only file system");
  save_fails (fixture, b, G_FILE_ERROR_ROFS, "Read-only file system");
  {
    g_autofree char *now_a = read_file (path_a);

    g_assert_cmpstr (now_a, ==, saved_a);
  }
  /* Past results can still be read. */
  assert_listed (fixture, 1);

  /* A folder that does not exist yet cannot be made: that message names it too. */
  unmade = g_build_filename (fixture->mount_point, "elsewhere", "attempts", NULL);
  {
    g_autoptr(GFile) directory = g_file_new_for_path (unmade);

    elsewhere = imtehan_store_new (directory);
  }
  g_assert_false (imtehan_store_save (elsewhere, b, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ROFS);
  expected = g_strdup_printf ("Could not create the folder “%s”: Read-only file system", unmade);
  g_assert_cmpstr (error->message, ==, expected);

  /* Writable again: the next save catches up. */
  g_assert_cmpint (mount ("imtehan-test", fixture->mount_point, "tmpfs", MS_REMOUNT, NULL), ==, 0);
  save_ok (fixture, a);
  save_ok (fixture, b);
  assert_listed (fixture, 2);
  g_assert_true (g_file_test (unmade, G_FILE_TEST_EXISTS) == FALSE);
}

int
main (int   argc,
      char *argv[])
{
  /* Before GLib starts any thread: a thread keeps the mount namespace it was created in. */
  if (unshare (CLONE_NEWNS) != 0)
    {
      int saved_errno = errno;

      no_namespace = g_strdup_printf ("no private mount namespace (unshare: %s); "
                                      "this needs CAP_SYS_ADMIN", g_strerror (saved_errno));
    }
  /* Nothing mounted here may reach the host's mount table. (The kernel ignores the source
   * and type here; valgrind wants them to be strings.) */
  else if (mount ("none", "/", "none", MS_REC | MS_PRIVATE, NULL) != 0)
    {
      int saved_errno = errno;

      no_namespace = g_strdup_printf ("cannot make the mount namespace private: %s",
                                      g_strerror (saved_errno));
    }

  g_test_init (&argc, &argv, NULL);

  g_test_add ("/crash/full-folder", Fixture, NULL, fixture_set_up, test_full, fixture_tear_down);
  g_test_add ("/crash/read-only-folder", Fixture, NULL, fixture_set_up, test_read_only,
              fixture_tear_down);

  return g_test_run ();
}
