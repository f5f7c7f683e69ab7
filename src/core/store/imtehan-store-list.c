/* imtehan-store-list.c: listing the folder of attempt files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Damaged files are set aside as .corrupt, newer ones left alone; finished attempts come from
 * the summary cache (imtehan-store-cache.c) while their files are unchanged.
 */

#define G_LOG_DOMAIN "imtehan-store"

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "imtehan-attempt.h"
#include "imtehan-attempt-summary-private.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-store.h"
#include "imtehan-store-private.h"

#define CORRUPT_SUFFIX ".corrupt"
/* GLib's temporary files are "<file>.XXXXXX"; one this old is left over from a crash. */
#define STALE_TEMP_AGE_SECONDS (10 * 60)

void
imtehan_store_list_result_free (ImtehanStoreListResult *result)
{
  g_clear_pointer (&result->summaries, g_ptr_array_unref);
  g_clear_pointer (&result->problems, g_ptr_array_unref);
  g_free (result);
}


/* Exactly what g_file_set_contents_full() names its temporary file: "<id>.ini." and six
 * characters of GLib's mkstemp alphabet, which (GLib 2.74) is A-Z and 0-9 only, to suit
 * case-insensitive file systems: a teacher's "x.ini.backup" or "x.ini.old123" is never taken
 * for one. */
static gboolean
is_temp_name (const char *name)
{
  gsize len = strlen (name);
  const char *x;

  /* At least one character before ".ini.XXXXXX". */
  if (len < 1 + strlen (IMTEHAN_STORE_SUFFIX) + 1 + 6)
    return FALSE;
  x = name + len - 6;
  for (guint i = 0; i < 6; i++)
    if (!g_ascii_isupper (x[i]) && !g_ascii_isdigit (x[i]))
      return FALSE;
  return x[-1] == '.' && strncmp (x - 1 - strlen (IMTEHAN_STORE_SUFFIX), IMTEHAN_STORE_SUFFIX, strlen (IMTEHAN_STORE_SUFFIX)) == 0;
}

gboolean
imtehan_store_is_stale_temp (const char        *name,
               const struct stat *st)
{
  if (!is_temp_name (name) || !S_ISREG (st->st_mode))
    return FALSE;

  /* Another instance may be writing that file right now: only old ones are stale. */
  return g_get_real_time () / G_USEC_PER_SEC - (gint64)st->st_mtime > STALE_TEMP_AGE_SECONDS;
}

/* Moves @file to "<file>.corrupt" (or .corrupt.1, .2, …): never overwrites, never deletes. */
static gboolean
set_aside (GFile   *file,
           GError **error)
{
  g_autofree char *path = g_file_get_path (file);

  for (guint i = 0; i < 1000; i++)
    {
      g_autofree char *target = i == 0 ? g_strconcat (path, CORRUPT_SUFFIX, NULL)
                                       : g_strdup_printf ("%s%s.%u", path, CORRUPT_SUFFIX, i);
      /* link()+unlink() fails instead of replacing an existing target, unlike rename(). */
      if (link (path, target) == 0)
        {
          g_unlink (path);
          return TRUE;
        }
      if (errno != EEXIST)
        {
          int saved_errno = errno;

          /* File systems without hard links (FAT, some shares): a checked rename. */
          if ((saved_errno == EPERM || saved_errno == ENOTSUP || saved_errno == EXDEV) &&
              !g_file_test (target, G_FILE_TEST_EXISTS))
            {
              if (g_rename (path, target) == 0)
                return TRUE;
              saved_errno = errno;
            }
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       "%s", g_strerror (saved_errno));
          return FALSE;
        }
    }

  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST, "%s", g_strerror (EEXIST));
  return FALSE;
}

/* Reads the folder into @summaries and @errors, with readdir() and fstatat(): cheaper than a
 * GFileEnumerator, which is most of a listing once the summary cache spares the reading.
 * Returns whether an existing folder was read to its end; %FALSE with @error set on
 * failure, or without when the folder does not exist. */
static gboolean
read_folder (ImtehanStore  *self,
             guint          listing,
             GPtrArray     *summaries,
             GPtrArray     *errors,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autofree char *dir_path = g_file_get_path (self->directory);
  struct dirent *dirent;
  DIR *dir;

  if (dir_path == NULL || (dir = opendir (dir_path)) == NULL)
    {
      int saved_errno = dir_path != NULL ? errno : ENOTSUP;
      g_autofree char *display = g_file_get_parse_name (self->directory);

      if (saved_errno != ENOENT)
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                     "%s: %s", display, g_strerror (saved_errno));
      return FALSE;
    }

  for (;;)
    {
      g_autoptr(GFile) file = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) file_error = NULL;
      g_autofree char *display = NULL;
      ImtehanAttemptSummary *summary;
      struct stat st;
      const char *name;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          closedir (dir);
          return FALSE;
        }
      errno = 0;
      if ((dirent = readdir (dir)) == NULL)
        {
          int saved_errno = errno;

          if (saved_errno == 0)
            break;
          g_autofree char *folder = g_file_get_parse_name (self->directory);

          closedir (dir);
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       "%s: %s", folder, g_strerror (saved_errno));
          return FALSE;
        }
      name = dirent->d_name;
      if (strcmp (name, ".") == 0 || strcmp (name, "..") == 0)
        continue;
      /* Gone since readdir(): another instance renamed or set it aside. */
      if (fstatat (dirfd (dir), name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        continue;

      if (imtehan_store_is_stale_temp (name, &st))
        {
          g_debug ("Removing the stale temporary file %s", name);
          unlinkat (dirfd (dir), name, 0);
          continue;
        }
      if (imtehan_store_is_lock_name (name))
        {
          imtehan_store_remove_stale_lock (self, name);
          continue;
        }
      if (!g_str_has_suffix (name, IMTEHAN_STORE_SUFFIX) || !S_ISREG (st.st_mode))
        continue;

      if (listing != 0 &&
          (summary = imtehan_store_cache_lookup (self->cache, listing, name, &st)) != NULL)
        {
          g_ptr_array_add (summaries, g_object_ref (summary));
          continue;
        }

      g_atomic_int_inc (&self->n_files_read);
      file = g_file_get_child (self->directory, name);
      display = g_file_get_parse_name (file);
      if ((bytes = imtehan_key_file_load_bytes (file, IMTEHAN_ATTEMPT_MAX_SIZE, cancellable,
                                                &file_error)) &&
          (summary = imtehan_attempt_summary_new_from_bytes (file, bytes, display, &file_error)))
        {
          if (!imtehan_attempt_summary_get_finished (summary))
            imtehan_attempt_summary_set_locked_elsewhere (
              summary,
              imtehan_store_is_locked_elsewhere (self, imtehan_attempt_summary_get_id (summary)));
          else if (listing != 0)
            imtehan_store_cache_add (self->cache, listing, name, &st, summary);
          g_ptr_array_add (summaries, summary);
          continue;
        }

      if (g_error_matches (file_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          closedir (dir);
          g_propagate_error (error, g_steal_pointer (&file_error));
          return FALSE;
        }
      /* In a lab's folder (mode 3770, files 0640) another learner's results are not ours to
       * read: they are not a problem to report, and nothing is done to them. */
      if (g_error_matches (file_error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED) &&
          st.st_uid != geteuid ())
        {
          g_debug ("Not ours to read: %s", file_error->message);
          continue;
        }
      g_warning ("%s", file_error->message);
      if (!g_error_matches (file_error, IMTEHAN_ERROR, IMTEHAN_ERROR_VERSION) &&
          file_error->domain == IMTEHAN_ERROR)
        {
          g_autoptr(GError) move_error = NULL;

          if (!set_aside (file, &move_error))
            g_warning ("Could not set %s aside: %s", display, move_error->message);
        }
      g_ptr_array_add (errors, g_steal_pointer (&file_error));
    }
  closedir (dir);
  return TRUE;
}

/* Writes the summary cache if listings changed it: after them, not during. */
static void
save_cache (ImtehanStore *self)
{
  if (self->cache != NULL)
    imtehan_store_cache_save (self->cache);
}

/* imtehan_store_list() without writing the cache (save_cache()). */
static GPtrArray *
list_folder (ImtehanStore  *self,
             GPtrArray    **problems,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr(GPtrArray) summaries = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) errors = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
  g_autoptr(GError) local_error = NULL;
  guint listing = 0;
  gboolean complete;

  /* Copies kept while the folder was away (maybe by a run that was killed) go first: the
   * teacher gets them as soon as the folder is back. */
  imtehan_store_flush_pending (self);

  if (self->cache != NULL)
    listing = imtehan_store_cache_begin (self->cache);
  complete = read_folder (self, listing, summaries, errors, cancellable, &local_error);
  if (self->cache != NULL)
    imtehan_store_cache_end (self->cache, listing, complete);
  /* A lab's folder that cannot be read is the share or stick being away, which the failing
   * saves already report; the learner still sees, and can resume, what this PC kept. */
  if (local_error != NULL && self->pending_directory != NULL &&
      !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_message ("Listing only this computer's copies: %s", local_error->message);
      g_clear_error (&local_error);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  if (self->pending_directory != NULL)
    imtehan_store_read_pending (self, summaries, errors);

  g_ptr_array_sort (summaries, imtehan_attempt_summary_compare_newest_first);

  if (problems)
    *problems = g_steal_pointer (&errors);
  return g_steal_pointer (&summaries);
}

/**
 * imtehan_store_list:
 * @problems: (out) (optional): the errors of files that could not be read, one GError each,
 *   for the user; damaged files are set aside as .corrupt, newer ones are left alone
 *
 * Returns: (transfer full): the ImtehanAttemptSummary of every readable attempt, newest first;
 *   an empty array when the folder does not exist yet
 */
GPtrArray *
imtehan_store_list (ImtehanStore  *self,
                    GPtrArray    **problems,
                    GCancellable  *cancellable,
                    GError       **error)
{
  GPtrArray *summaries;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);

  summaries = list_folder (self, problems, cancellable, error);
  save_cache (self);
  return summaries;
}

/* The folder's modification time, in ns: a file written (by a rename), set aside, locked or
 * removed there by any process changes it. -1 when it cannot be read. (On FAT it counts in
 * 2 s steps: a change that close to the prefetch is missed until the next listing.) */
static gint64
folder_mtime (ImtehanStore *self)
{
  struct stat st;

  if (stat (g_file_peek_path (self->directory), &st) != 0)
    return -1;
  return (gint64)st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_mtim.tv_nsec;
}

void
imtehan_store_list_thread (GTask *task_owned)
{
  g_autoptr(GTask) task = task_owned;
  ImtehanStore *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) earlier_problems = NULL;
  ImtehanStoreListResult *result;

  if (self->prefetched != NULL && self->prefetched->folder_mtime == folder_mtime (self))
    {
      g_task_return_pointer (task, g_steal_pointer (&self->prefetched),
                             (GDestroyNotify)imtehan_store_list_result_free);
      return;
    }
  /* Files the prefetch set aside are gone from the folder now: the user still hears of them. */
  if (self->prefetched != NULL)
    earlier_problems = g_steal_pointer (&self->prefetched->problems);
  g_clear_pointer (&self->prefetched, imtehan_store_list_result_free);

  result = g_new0 (ImtehanStoreListResult, 1);
  result->summaries = list_folder (self, &result->problems, g_task_get_cancellable (task),
                                   &error);
  if (result->summaries != NULL && earlier_problems != NULL && earlier_problems->len > 0)
    {
      if (result->problems == NULL)
        result->problems = g_steal_pointer (&earlier_problems);
      else
        g_ptr_array_extend_and_steal (result->problems, g_steal_pointer (&earlier_problems));
    }
  if (result->summaries == NULL)
    {
      imtehan_store_list_result_free (result);
      g_task_return_error (task, g_steal_pointer (&error));
    }
  else
    g_task_return_pointer (task, result, (GDestroyNotify)imtehan_store_list_result_free);

  /* After the result: the start page need not wait for the cache to be written. */
  save_cache (self);
}

void
imtehan_store_list_async (ImtehanStore        *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (IMTEHAN_IS_STORE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_store_list_async);
  g_thread_pool_push (self->writer, g_steal_pointer (&task), NULL);
}

void
imtehan_store_prefetch_thread (GTask *task_owned)
{
  g_autoptr(GTask) task = task_owned;
  ImtehanStore *self = g_task_get_source_object (task);
  ImtehanStoreListResult *result = g_new0 (ImtehanStoreListResult, 1);

  result->folder_mtime = folder_mtime (self);
  result->summaries = list_folder (self, &result->problems, NULL, NULL);
  if (result->summaries == NULL)
    imtehan_store_list_result_free (result);
  else
    {
      g_clear_pointer (&self->prefetched, imtehan_store_list_result_free);
      self->prefetched = result;
    }
  save_cache (self);
  g_task_return_boolean (task, TRUE);
}

/**
 * imtehan_store_prefetch_list:
 *
 * Lists the folder on the store's worker now, before anyone asks: the next
 * imtehan_store_list_async() gets that listing, unless the worker wrote, locked, released or
 * claimed an attempt in between (then it lists again). At start-up the listing of a long
 * history then runs while the toolkit initializes.
 */
void
imtehan_store_prefetch_list (ImtehanStore *self)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (IMTEHAN_IS_STORE (self));

  task = g_task_new (self, NULL, NULL, NULL);
  g_task_set_source_tag (task, imtehan_store_prefetch_list);
  g_thread_pool_push (self->writer, g_steal_pointer (&task), NULL);
}

GPtrArray *
imtehan_store_list_finish (ImtehanStore  *self,
                           GAsyncResult  *result,
                           GPtrArray    **problems,
                           GError       **error)
{
  ImtehanStoreListResult *list;
  GPtrArray *summaries;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  if (!(list = g_task_propagate_pointer (G_TASK (result), error)))
    return NULL;
  summaries = g_steal_pointer (&list->summaries);
  if (problems)
    *problems = g_steal_pointer (&list->problems);
  imtehan_store_list_result_free (list);
  return summaries;
}

