/* imtehan-store-save.c: writing attempt files, one at a time on the worker
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-store"

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>

#include "imtehan-intl-private.h"

#include "imtehan-attempt.h"
#include "imtehan-store.h"
#include "imtehan-store-private.h"

typedef struct
{
  char  *name;  /* "<id>.ini" */
  char  *data;
  gsize  length;
} SaveJob;

static void
save_job_free (SaveJob *job)
{
  g_clear_pointer (&job->name, g_free);
  g_clear_pointer (&job->data, g_free);
  g_free (job);
}

/* The errno behind a GFileError (the reverse of g_file_error_from_errno()), or 0. */
static int
errno_of_file_error (const GError *error)
{
  static const struct {
    GFileError code;
    int        errnum;
  } map[] = {
    { G_FILE_ERROR_NOSPC, ENOSPC },
    { G_FILE_ERROR_ROFS, EROFS },
    { G_FILE_ERROR_ACCES, EACCES },
    { G_FILE_ERROR_PERM, EPERM },
    { G_FILE_ERROR_IO, EIO },
    { G_FILE_ERROR_NOENT, ENOENT },
    { G_FILE_ERROR_NOTDIR, ENOTDIR },
    { G_FILE_ERROR_ISDIR, EISDIR },
    { G_FILE_ERROR_EXIST, EEXIST },
    { G_FILE_ERROR_NAMETOOLONG, ENAMETOOLONG },
    { G_FILE_ERROR_LOOP, ELOOP },
    { G_FILE_ERROR_NOMEM, ENOMEM },
    { G_FILE_ERROR_MFILE, EMFILE },
    { G_FILE_ERROR_NFILE, ENFILE },
  };

  if (error->domain != G_FILE_ERROR)
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    if (map[i].code == (GFileError)error->code)
      return map[i].errnum;
  return 0;
}

/* Writes @data to @path atomically and durably. */
gboolean
imtehan_store_set_contents (const char  *path,
              const char  *data,
              gsize        length,
              int          mode,
              GError     **error)
{
  /* CONSISTENT|DURABLE: write a temporary file, fsync it, rename it over the old one and
   * fsync the folder, so a power cut leaves either the old or the new file, whole. GLib 2.74
   * does all four itself; tests/crash/test-syscalls.c checks the order under strace. */
  return g_file_set_contents_full (path, data, length,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   mode, error);
}

/* Writes an attempt file into the results folder. */
gboolean
imtehan_store_write_file (ImtehanStore *self,
            GFile        *file,
            const char   *data,
            gsize         length,
            GError      **error)
{
  g_autofree char *dir_path = g_file_get_path (self->directory);
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) local_error = NULL;
  int fault = g_atomic_int_get (&self->fault_errno);

  if (!self->lab_folder && g_mkdir_with_parents (dir_path, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not create the folder “%s”: %s"), dir_path,
                   g_strerror (saved_errno));
      return FALSE;
    }

  if (fault != 0)
    g_set_error (&local_error, G_FILE_ERROR, g_file_error_from_errno (fault),
                 "%s: %s (injected)", path, g_strerror (fault));
  /* A lab's teachers' group reads the results; a PC's own stay private. */
  else if (imtehan_store_set_contents (path, data, length, self->lab_folder ? 0640 : 0600, &local_error))
    {
      GStatBuf st;

      /* The mode given is filtered by the umask: a lab that set 077 would hide the results
       * from the teacher. Not atomic, but at worst one save late. */
      if (self->lab_folder && g_stat (path, &st) == 0 && (st.st_mode & 0777) != 0640)
        g_chmod (path, 0640);
      return TRUE;
    }

  {
    int errnum = errno_of_file_error (local_error);
    g_autofree char *display = g_filename_display_name (dir_path);

    /* GLib's message names a temporary file the user never sees: the log keeps it, the
     * user is told the folder and the plain reason. */
    g_debug ("%s", local_error->message);
    g_set_error (error, G_FILE_ERROR,
                 local_error->domain == G_FILE_ERROR ? local_error->code : G_FILE_ERROR_FAILED,
                 _("Answers cannot be saved in “%s”: %s"), display,
                 errnum != 0 ? g_strerror (errnum) : local_error->message);
    return FALSE;
  }
}

/* Saves @data as the attempt file @name: in the results folder, or else in the pending
 * folder, with the error. */
static gboolean
store_data (ImtehanStore  *self,
            const char    *name,
            const char    *data,
            gsize          length,
            GError       **error)
{
  g_autoptr(GFile) file = g_file_get_child (self->directory, name);
  g_autoptr(GError) folder_error = NULL;
  g_autoptr(GError) pending_error = NULL;
  g_autofree char *pending = NULL;
  gboolean saved;

  if (self->pending_directory == NULL)
    return imtehan_store_write_file (self, file, data, length, error);

  pending = imtehan_store_pending_path (self, name);
  if (self->maybe_pending && g_file_test (pending, G_FILE_TEST_EXISTS))
    {
      /* The pending copy must stay the newest: replaced first, copied after. */
      if (imtehan_store_write_pending (self, name, data, length, &pending_error))
        saved = imtehan_store_flush_one (self, name, &folder_error);
      else
        {
          /* Then the results folder gets the newest copy directly, and the older one here
           * goes only once it has. */
          g_warning ("Could not keep %s on this computer: %s", name, pending_error->message);
          if (!imtehan_store_write_file (self, file, data, length, error))
            return FALSE;
          if (g_unlink (pending) == 0)
            imtehan_store_sync_folder (g_file_peek_path (self->pending_directory));
          imtehan_store_flush_pending (self);
          return TRUE;
        }
    }
  else if (!(saved = imtehan_store_write_file (self, file, data, length, &folder_error)) &&
           !imtehan_store_write_pending (self, name, data, length, &pending_error))
    {
      g_warning ("Could not keep %s on this computer either: %s", name, pending_error->message);
      g_propagate_error (error, g_steal_pointer (&folder_error));
      return FALSE;
    }

  if (saved)
    {
      imtehan_store_flush_pending (self);
      return TRUE;
    }
  g_set_error (error, folder_error->domain, folder_error->code,
               _("%s. They are kept on this computer and will be copied there when the folder can be written."),
               folder_error->message);
  return FALSE;
}

/* Writes run one at a time, in the order they were asked for, on one worker thread: a later
 * save of the same attempt can never be overtaken by an earlier one. */
void
imtehan_store_write_thread (GTask *task_owned)
{
  g_autoptr(GTask) task = task_owned;
  ImtehanStore *self = g_task_get_source_object (task);
  SaveJob *job = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  if (store_data (self, job->name, job->data, job->length, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

gboolean
imtehan_store_save (ImtehanStore   *self,
                    ImtehanAttempt *attempt,
                    GCancellable   *cancellable,
                    GError        **error)
{
  g_autofree char *name = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), FALSE);
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (attempt), FALSE);

  name = g_strconcat (imtehan_attempt_get_id (attempt), IMTEHAN_STORE_SUFFIX, NULL);
  data = imtehan_attempt_to_data (attempt, &length);
  return store_data (self, name, data, length, error);
}

/* The attempt is serialized now, on the calling thread; only the write happens later. */
void
imtehan_store_save_async (ImtehanStore        *self,
                          ImtehanAttempt      *attempt,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  SaveJob *job;

  g_return_if_fail (IMTEHAN_IS_STORE (self));
  g_return_if_fail (IMTEHAN_IS_ATTEMPT (attempt));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_store_save_async);

  job = g_new0 (SaveJob, 1);
  job->name = g_strconcat (imtehan_attempt_get_id (attempt), IMTEHAN_STORE_SUFFIX, NULL);
  job->data = imtehan_attempt_to_data (attempt, &job->length);
  g_task_set_task_data (task, job, (GDestroyNotify)save_job_free);

  g_thread_pool_push (self->writer, g_steal_pointer (&task), NULL);
}

gboolean
imtehan_store_save_finish (ImtehanStore  *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (IMTEHAN_IS_STORE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

