/* imtehan-store-pending.c: saves kept on this PC while a lab's results folder refuses them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A lab's results folder is a share or a stick: it can be slow, read-only, full, or gone for
 * a while. A save it refuses is written durably to the pending folder on this PC instead, and
 * still reported as an error, so the session keeps retrying and the warning stays. Each
 * later successful save (a retry is one) copies every pending file to the results folder and
 * only then deletes it here.
 *
 * While "<id>.ini" exists in the pending folder it is the newest copy of that attempt: a save
 * of it replaces the pending copy first and then copies it over, so a kill at any point
 * leaves the newest answers in one of the two places, and a listing prefers the pending one.
 * Everything here runs on the store's worker.
 */

#define G_LOG_DOMAIN "imtehan-store"

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "imtehan-attempt.h"
#include "imtehan-attempt-summary-private.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-store.h"
#include "imtehan-store-private.h"

char *
imtehan_store_pending_path (ImtehanStore *self,
              const char   *name)
{
  g_autofree char *dir = g_file_get_path (self->pending_directory);

  return g_build_filename (dir, name, NULL);
}

/* So that a deleted pending copy does not come back after a power cut, older than the file
 * in the results folder. */
void
imtehan_store_sync_folder (const char *dir)
{
  int fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);

  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

gboolean
imtehan_store_write_pending (ImtehanStore  *self,
               const char    *name,
               const char    *data,
               gsize          length,
               GError       **error)
{
  g_autofree char *dir = g_file_get_path (self->pending_directory);
  g_autofree char *path = g_build_filename (dir, name, NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }
  self->maybe_pending = TRUE;
  return imtehan_store_set_contents (path, data, length, 0600, error);
}

/* Copies the pending @name to the results folder, then deletes it here. %TRUE when there
 * is nothing left pending under that name. */
gboolean
imtehan_store_flush_one (ImtehanStore  *self,
           const char    *name,
           GError       **error)
{
  g_autofree char *dir = g_file_get_path (self->pending_directory);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_get_child (self->directory, name);
  g_autoptr(GError) read_error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  if (!g_file_get_contents (path, &data, &length, &read_error))
    {
      if (g_error_matches (read_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&read_error));
      return FALSE;
    }
  if (!imtehan_store_write_file (self, file, data, length, error))
    return FALSE;
  if (g_unlink (path) != 0 && errno != ENOENT)
    {
      int saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", path, g_strerror (saved_errno));
      return FALSE;
    }
  imtehan_store_sync_folder (dir);
  return TRUE;
}

/* Copies every pending file to the results folder; what cannot be copied stays, for the next
 * time. */
void
imtehan_store_flush_pending (ImtehanStore *self)
{
  g_autofree char *dir_path = NULL;
  gboolean left = FALSE;
  struct dirent *dirent;
  DIR *dir;

  if (self->pending_directory == NULL || !self->maybe_pending)
    return;
  dir_path = g_file_get_path (self->pending_directory);
  if ((dir = opendir (dir_path)) == NULL)
    {
      self->maybe_pending = errno != ENOENT;
      return;
    }
  while ((dirent = readdir (dir)) != NULL)
    {
      g_autoptr(GError) error = NULL;
      struct stat st;

      if (fstatat (dirfd (dir), dirent->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        continue;
      if (imtehan_store_is_stale_temp (dirent->d_name, &st))
        {
          unlinkat (dirfd (dir), dirent->d_name, 0);
          continue;
        }
      if (!S_ISREG (st.st_mode) || !g_str_has_suffix (dirent->d_name, IMTEHAN_STORE_SUFFIX))
        continue;
      if (!imtehan_store_flush_one (self, dirent->d_name, &error))
        {
          g_debug ("Kept %s/%s: %s", dir_path, dirent->d_name, error->message);
          left = TRUE;
        }
    }
  closedir (dir);
  self->maybe_pending = left;
}

/* Adds the attempts kept in the pending folder to @summaries, in place of the results
 * folder's copy of the same attempt: the pending one is the newest (see the top of this file). A
 * file there that does not parse is this PC's own and stays where it is, reported. */
void
imtehan_store_read_pending (ImtehanStore *self,
              GPtrArray    *summaries,
              GPtrArray    *errors)
{
  g_autofree char *dir_path = g_file_get_path (self->pending_directory);
  struct dirent *dirent;
  DIR *dir;

  if ((dir = opendir (dir_path)) == NULL)
    return;
  while ((dirent = readdir (dir)) != NULL)
    {
      g_autoptr(GFile) file = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *display = NULL;
      ImtehanAttemptSummary *summary;
      struct stat st;

      if (!g_str_has_suffix (dirent->d_name, IMTEHAN_STORE_SUFFIX) ||
          fstatat (dirfd (dir), dirent->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
          !S_ISREG (st.st_mode))
        continue;
      file = g_file_get_child (self->pending_directory, dirent->d_name);
      display = g_file_get_parse_name (file);
      if (!(bytes = imtehan_key_file_load_bytes (file, IMTEHAN_ATTEMPT_MAX_SIZE, NULL, &error)) ||
          !(summary = imtehan_attempt_summary_new_from_bytes (file, bytes, display, &error)))
        {
          g_message ("%s", error->message);
          g_ptr_array_add (errors, g_steal_pointer (&error));
          continue;
        }
      for (guint i = 0; i < summaries->len; i++)
        if (g_str_equal (imtehan_attempt_summary_get_id (g_ptr_array_index (summaries, i)),
                         imtehan_attempt_summary_get_id (summary)))
          {
            g_ptr_array_remove_index_fast (summaries, i);
            break;
          }
      g_ptr_array_add (summaries, summary);
    }
  closedir (dir);
}

