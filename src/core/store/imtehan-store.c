/* imtehan-store.c: the folder of attempt files, and the worker that does its I/O
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One GKeyFile per attempt, never rewritten by anyone but the attempt that owns it: two
 * instances, two users or two lab PCs sharing the folder cannot lose each other's results.
 * See DESIGN.md, "Results".
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

#include "imtehan-intl-private.h"

#include "imtehan-attempt.h"
#include "imtehan-attempt-summary-private.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-quiz.h"
#include "imtehan-store.h"
#include "imtehan-store-private.h"

#define SUFFIX ".ini"
#define CORRUPT_SUFFIX ".corrupt"
/* GLib's temporary files are "<name>.XXXXXX"; one this old is left over from a crash. */
#define STALE_TEMP_AGE_SECONDS (10 * 60)

typedef struct _ListResult
{
  GPtrArray *summaries;
  GPtrArray *problems;
  gint64     folder_mtime;  /* of a prefetched listing: see folder_mtime() */
} ListResult;

static void
list_result_free (ListResult *result)
{
  g_clear_pointer (&result->summaries, g_ptr_array_unref);
  g_clear_pointer (&result->problems, g_ptr_array_unref);
  g_free (result);
}

G_DEFINE_FINAL_TYPE (ImtehanStore, imtehan_store, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DIRECTORY,
  PROP_CACHE_DIRECTORY,
  PROP_PENDING_DIRECTORY,
  PROP_LAB_FOLDER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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
static gboolean
set_contents (const char  *path,
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
static gboolean
write_file (ImtehanStore *self,
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
  /* A lab's teachers' group reads the results (DESIGN.md, wave 2); a PC's own stay private. */
  else if (set_contents (path, data, length, self->lab_folder ? 0640 : 0600, &local_error))
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

/* --- Pending copies ------------------------------------------------------------------------
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
 * Everything here runs on the store's worker. */

static char *
pending_path (ImtehanStore *self,
              const char   *name)
{
  g_autofree char *dir = g_file_get_path (self->pending_directory);

  return g_build_filename (dir, name, NULL);
}

/* So that a deleted pending copy does not come back after a power cut, older than the file
 * in the results folder. */
static void
sync_folder (const char *dir)
{
  int fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);

  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

static gboolean
write_pending (ImtehanStore  *self,
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
  return set_contents (path, data, length, 0600, error);
}

/* Copies the pending "<name>" to the results folder, then deletes it here. %TRUE when there
 * is nothing left pending under that name. */
static gboolean
flush_one (ImtehanStore  *self,
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
  if (!write_file (self, file, data, length, error))
    return FALSE;
  if (g_unlink (path) != 0 && errno != ENOENT)
    {
      int saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", path, g_strerror (saved_errno));
      return FALSE;
    }
  sync_folder (dir);
  return TRUE;
}

static gboolean is_stale_temp (const char *name, const struct stat *st);

/* Copies every pending file to the results folder; what cannot be copied stays, for the next
 * time. */
static void
flush_pending (ImtehanStore *self)
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
      if (is_stale_temp (dirent->d_name, &st))
        {
          unlinkat (dirfd (dir), dirent->d_name, 0);
          continue;
        }
      if (!S_ISREG (st.st_mode) || !g_str_has_suffix (dirent->d_name, SUFFIX))
        continue;
      if (!flush_one (self, dirent->d_name, &error))
        {
          g_debug ("Kept %s/%s: %s", dir_path, dirent->d_name, error->message);
          left = TRUE;
        }
    }
  closedir (dir);
  self->maybe_pending = left;
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
    return write_file (self, file, data, length, error);

  pending = pending_path (self, name);
  if (self->maybe_pending && g_file_test (pending, G_FILE_TEST_EXISTS))
    {
      /* The pending copy must stay the newest: replaced first, copied after. */
      if (write_pending (self, name, data, length, &pending_error))
        saved = flush_one (self, name, &folder_error);
      else
        {
          /* Then the results folder gets the newest copy directly, and the older one here
           * goes only once it has. */
          g_warning ("Could not keep %s on this computer: %s", name, pending_error->message);
          if (!write_file (self, file, data, length, error))
            return FALSE;
          if (g_unlink (pending) == 0)
            sync_folder (g_file_peek_path (self->pending_directory));
          flush_pending (self);
          return TRUE;
        }
    }
  else if (!(saved = write_file (self, file, data, length, &folder_error)) &&
           !write_pending (self, name, data, length, &pending_error))
    {
      g_warning ("Could not keep %s on this computer either: %s", name, pending_error->message);
      g_propagate_error (error, g_steal_pointer (&folder_error));
      return FALSE;
    }

  if (saved)
    {
      flush_pending (self);
      return TRUE;
    }
  g_set_error (error, folder_error->domain, folder_error->code,
               _("%s. They are kept on this computer and will be copied there when the folder can be written."),
               folder_error->message);
  return FALSE;
}

/* Writes run one at a time, in the order they were asked for, on one worker thread: a later
 * save of the same attempt can never be overtaken by an earlier one. */
static void
write_job (GTask *task_owned)
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

/* Set while a writer thread runs a job, including when it frees the task. */
static GPrivate in_writer = G_PRIVATE_INIT (NULL);

static void list_thread     (GTask *task_owned);
static void prefetch_thread (GTask *task_owned);
static void claim_thread    (GTask *task_owned);

/* Listings, locks, releases and claims run on the same queue as the writes, after them: a
 * listing asked for after a save (Submit, then Back to Start) always sees that save, a claim
 * loads what the last save wrote, a new attempt's lock is taken before its first save, and
 * a lock is let go after the saves asked for before. Each job takes the task's reference. */
static void
writer_func (gpointer data,
             gpointer user_data)
{
  GTask *task = data;
  gpointer tag = g_task_get_source_tag (task);
  ImtehanStore *self = g_task_get_source_object (task);

  g_private_set (&in_writer, GINT_TO_POINTER (TRUE));
  /* A write, a lock, a release or a claim changes what a listing would find (the folder's
   * time says so too, but on FAT only to the 2 s). The listing then lists again. */
  if (tag != imtehan_store_list_async && tag != imtehan_store_prefetch_list &&
      self->prefetched != NULL)
    self->prefetched->folder_mtime = G_MININT64;
  if (tag == imtehan_store_list_async)
    list_thread (task);
  else if (tag == imtehan_store_prefetch_list)
    prefetch_thread (task);
  else if (tag == imtehan_store_lock_async)
    imtehan_store_lock_thread (task);
  else if (tag == imtehan_store_unlock)
    imtehan_store_release_thread (task);
  else if (tag == imtehan_store_claim_async)
    claim_thread (task);
  else
    write_job (task);
  g_private_set (&in_writer, NULL);
}

static void
imtehan_store_dispose (GObject *object)
{
  ImtehanStore *self = (ImtehanStore *)object;

  /* Let queued saves finish: an answer given is an answer kept. But the task holds the
   * store, and when the main thread ran the callback first, the writer thread drops the
   * last reference while freeing the task: a pool thread waiting for its own pool never
   * returns. Then nothing else is queued (each task holds the store), so do not wait. */
  if (self->writer != NULL)
    g_thread_pool_free (g_steal_pointer (&self->writer), FALSE,
                        g_private_get (&in_writer) == NULL);

  G_OBJECT_CLASS (imtehan_store_parent_class)->dispose (object);
}

static void
imtehan_store_finalize (GObject *object)
{
  ImtehanStore *self = (ImtehanStore *)object;

  g_clear_pointer (&self->prefetched, list_result_free);
  imtehan_store_locks_finalize (self);
  g_clear_pointer (&self->cache, imtehan_store_cache_free);
  g_clear_object (&self->cache_directory);
  g_clear_object (&self->pending_directory);
  g_clear_object (&self->directory);

  G_OBJECT_CLASS (imtehan_store_parent_class)->finalize (object);
}

static void
imtehan_store_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ImtehanStore *self = IMTEHAN_STORE (object);

  switch (prop_id)
    {
    case PROP_DIRECTORY:
      g_value_set_object (value, self->directory);
      break;
    case PROP_CACHE_DIRECTORY:
      g_value_set_object (value, self->cache_directory);
      break;
    case PROP_PENDING_DIRECTORY:
      g_value_set_object (value, self->pending_directory);
      break;
    case PROP_LAB_FOLDER:
      g_value_set_boolean (value, self->lab_folder);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_store_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  ImtehanStore *self = IMTEHAN_STORE (object);

  switch (prop_id)
    {
    case PROP_DIRECTORY:
      self->directory = g_value_dup_object (value);
      break;
    case PROP_CACHE_DIRECTORY:
      self->cache_directory = g_value_dup_object (value);
      break;
    case PROP_PENDING_DIRECTORY:
      self->pending_directory = g_value_dup_object (value);
      break;
    case PROP_LAB_FOLDER:
      self->lab_folder = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_store_constructed (GObject *object)
{
  ImtehanStore *self = (ImtehanStore *)object;

  G_OBJECT_CLASS (imtehan_store_parent_class)->constructed (object);

  if (self->cache_directory != NULL)
    self->cache = imtehan_store_cache_new (self->directory, self->cache_directory);
}

static void
imtehan_store_class_init (ImtehanStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = imtehan_store_constructed;
  object_class->dispose = imtehan_store_dispose;
  object_class->finalize = imtehan_store_finalize;
  object_class->get_property = imtehan_store_get_property;
  object_class->set_property = imtehan_store_set_property;

  properties[PROP_DIRECTORY] =
    g_param_spec_object ("directory", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * ImtehanStore:cache-directory:
   *
   * Where the summaries of finished attempts are cached between listings, or %NULL for no
   * cache. imtehan_store_new_default() uses the user's cache folder; imtehan_store_new()
   * none, so that tests and tools pointing a store at a temporary folder leave nothing in
   * the user's cache.
   */
  properties[PROP_CACHE_DIRECTORY] =
    g_param_spec_object ("cache-directory", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * ImtehanStore:pending-directory:
   *
   * Where saves that the results folder refused are kept on this PC until they can be copied
   * there, or %NULL to keep none (then a failed save is only an error).
   */
  properties[PROP_PENDING_DIRECTORY] =
    g_param_spec_object ("pending-directory", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * ImtehanStore:lab-folder:
   *
   * Whether the folder was set by the lab: attempt files are created 0640 for the teachers'
   * group, and the folder is never created (a missing one is a share or a stick that is away).
   */
  properties[PROP_LAB_FOLDER] =
    g_param_spec_boolean ("lab-folder", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imtehan_store_init (ImtehanStore *self)
{
  self->writer = g_thread_pool_new (writer_func, NULL, 1, FALSE, NULL);
  imtehan_store_locks_init (self);
  /* Left by an earlier run, maybe: the first flush looks. */
  self->maybe_pending = TRUE;
}

ImtehanStore *
imtehan_store_new (GFile *directory)
{
  g_return_val_if_fail (G_IS_FILE (directory), NULL);

  return g_object_new (IMTEHAN_TYPE_STORE, "directory", directory, NULL);
}

/* $XDG_DATA_HOME/imtehan/attempts (inside Flatpak, ~/.var/app/<app id>/data/imtehan/attempts),
 * with the summary cache in $XDG_CACHE_HOME/imtehan */
ImtehanStore *
imtehan_store_new_default (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "imtehan", "attempts", NULL);
  g_autofree char *cache_path = g_build_filename (g_get_user_cache_dir (), "imtehan", NULL);
  g_autoptr(GFile) directory = g_file_new_for_path (path);
  g_autoptr(GFile) cache_directory = g_file_new_for_path (cache_path);

  return g_object_new (IMTEHAN_TYPE_STORE,
                       "directory", directory,
                       "cache-directory", cache_directory,
                       NULL);
}

/**
 * imtehan_store_new_for_results_folder:
 * @folder: the results folder the lab set (a share, a USB stick)
 * @pending_directory: (nullable): where saves the folder refuses are kept until it takes
 *   them, or %NULL for $XDG_DATA_HOME/imtehan/pending/<SHA-256 of @folder's path>
 *
 * A store for a lab's results folder: attempt files are created 0640, the folder is never
 * created, and no answer is lost while it is slow, read-only, full or away (see
 * docs/architecture.md, "The results folder on a share"). Does no I/O.
 */
ImtehanStore *
imtehan_store_new_for_results_folder (GFile *folder,
                                      GFile *pending_directory)
{
  g_autofree char *cache_path = g_build_filename (g_get_user_cache_dir (), "imtehan", NULL);
  g_autoptr(GFile) cache_directory = g_file_new_for_path (cache_path);
  g_autoptr(GFile) pending = NULL;

  g_return_val_if_fail (G_IS_FILE (folder), NULL);
  g_return_val_if_fail (pending_directory == NULL || G_IS_FILE (pending_directory), NULL);

  if (pending_directory != NULL)
    pending = g_object_ref (pending_directory);
  else
    {
      /* One pending folder per results folder: a copy goes only where it was meant to. */
      g_autofree char *path = g_file_get_path (folder);
      g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256,
                                                             path ? path : "", -1);
      g_autofree char *pending_path = g_build_filename (g_get_user_data_dir (), "imtehan",
                                                        "pending", hash, NULL);
      pending = g_file_new_for_path (pending_path);
    }

  return g_object_new (IMTEHAN_TYPE_STORE,
                       "directory", folder,
                       "cache-directory", cache_directory,
                       "pending-directory", pending,
                       "lab-folder", TRUE,
                       NULL);
}

/**
 * imtehan_store_get_pending_directory:
 *
 * Returns: (nullable) (transfer none): where this store keeps the saves its folder refused
 */
GFile *
imtehan_store_get_pending_directory (ImtehanStore *self)
{
  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);
  return self->pending_directory;
}

/* For the tests: every write to the results folder fails with @errnum (0: none), as when the
 * share is full (ENOSPC), which a test running as root cannot make happen with chmod. */
void
imtehan_store_set_fault (ImtehanStore *self,
                         int           errnum)
{
  g_return_if_fail (IMTEHAN_IS_STORE (self));
  g_atomic_int_set (&self->fault_errno, errnum);
}

GFile *
imtehan_store_get_directory (ImtehanStore *self)
{
  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);
  return self->directory;
}

GFile *
imtehan_store_get_file (ImtehanStore   *self,
                        ImtehanAttempt *attempt)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (attempt), NULL);

  name = g_strconcat (imtehan_attempt_get_id (attempt), SUFFIX, NULL);
  return g_file_get_child (self->directory, name);
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

  name = g_strconcat (imtehan_attempt_get_id (attempt), SUFFIX, NULL);
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
  job->name = g_strconcat (imtehan_attempt_get_id (attempt), SUFFIX, NULL);
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

/* Exactly what g_file_set_contents_full() names its temporary file: "<name>.ini." and six
 * characters of GLib's mkstemp alphabet, which (GLib 2.74) is A-Z and 0-9 only, to suit
 * case-insensitive file systems: a teacher's "x.ini.backup" or "x.ini.old123" is never taken
 * for one. */
static gboolean
is_temp_name (const char *name)
{
  gsize len = strlen (name);
  const char *x;

  /* At least one character before ".ini.XXXXXX". */
  if (len < 1 + strlen (SUFFIX) + 1 + 6)
    return FALSE;
  x = name + len - 6;
  for (guint i = 0; i < 6; i++)
    if (!g_ascii_isupper (x[i]) && !g_ascii_isdigit (x[i]))
      return FALSE;
  return x[-1] == '.' && strncmp (x - 1 - strlen (SUFFIX), SUFFIX, strlen (SUFFIX)) == 0;
}

static gboolean
is_stale_temp (const char        *name,
               const struct stat *st)
{
  if (!is_temp_name (name) || !S_ISREG (st->st_mode))
    return FALSE;

  /* Another instance may be writing that file right now: only old ones are stale. */
  return g_get_real_time () / G_USEC_PER_SEC - (gint64)st->st_mtime > STALE_TEMP_AGE_SECONDS;
}

/* Moves @file to "<name>.corrupt" (or .corrupt.1, .2, …): never overwrites, never deletes. */
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

      if (is_stale_temp (name, &st))
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
      if (!g_str_has_suffix (name, SUFFIX) || !S_ISREG (st.st_mode))
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

/* Adds the attempts kept in the pending folder to @summaries, in place of the results
 * folder's copy of the same attempt: the pending one is the newest (see "Pending copies"). A
 * file there that does not parse is this PC's own and stays where it is, reported. */
static void
read_pending (ImtehanStore *self,
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

      if (!g_str_has_suffix (dirent->d_name, SUFFIX) ||
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
  flush_pending (self);

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
    read_pending (self, summaries, errors);

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

static void
list_thread (GTask *task_owned)
{
  g_autoptr(GTask) task = task_owned;
  ImtehanStore *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) earlier_problems = NULL;
  ListResult *result;

  if (self->prefetched != NULL && self->prefetched->folder_mtime == folder_mtime (self))
    {
      g_task_return_pointer (task, g_steal_pointer (&self->prefetched),
                             (GDestroyNotify)list_result_free);
      return;
    }
  /* Files the prefetch set aside are gone from the folder now: the user still hears of them. */
  if (self->prefetched != NULL)
    earlier_problems = g_steal_pointer (&self->prefetched->problems);
  g_clear_pointer (&self->prefetched, list_result_free);

  result = g_new0 (ListResult, 1);
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
      list_result_free (result);
      g_task_return_error (task, g_steal_pointer (&error));
    }
  else
    g_task_return_pointer (task, result, (GDestroyNotify)list_result_free);

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

static void
prefetch_thread (GTask *task_owned)
{
  g_autoptr(GTask) task = task_owned;
  ImtehanStore *self = g_task_get_source_object (task);
  ListResult *result = g_new0 (ListResult, 1);

  result->folder_mtime = folder_mtime (self);
  result->summaries = list_folder (self, &result->problems, NULL, NULL);
  if (result->summaries == NULL)
    list_result_free (result);
  else
    {
      g_clear_pointer (&self->prefetched, list_result_free);
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
  ListResult *list;
  GPtrArray *summaries;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  if (!(list = g_task_propagate_pointer (G_TASK (result), error)))
    return NULL;
  summaries = g_steal_pointer (&list->summaries);
  if (problems)
    *problems = g_steal_pointer (&list->problems);
  list_result_free (list);
  return summaries;
}

GFile *
imtehan_store_get_cache_file (ImtehanStore *self)
{
  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);
  return self->cache ? g_file_new_for_path (imtehan_store_cache_get_path (self->cache)) : NULL;
}

guint
imtehan_store_get_n_files_read (ImtehanStore *self)
{
  g_return_val_if_fail (IMTEHAN_IS_STORE (self), 0);
  return g_atomic_int_get (&self->n_files_read);
}

ImtehanAttempt *
imtehan_store_load (ImtehanStore          *self,
                    ImtehanAttemptSummary *summary,
                    ImtehanQuiz           *quiz,
                    GCancellable          *cancellable,
                    GError               **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *display = NULL;
  GFile *file;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (summary), NULL);

  file = imtehan_attempt_summary_get_file (summary);
  display = g_file_get_parse_name (file);
  if (!(bytes = imtehan_key_file_load_bytes (file, IMTEHAN_ATTEMPT_MAX_SIZE,
                                             cancellable, error)))
    return NULL;
  return imtehan_attempt_new_from_bytes (quiz, bytes, display, error);
}

typedef struct
{
  ImtehanStore   *store;
  char           *attempt_id;
  ImtehanAttempt *attempt;
  gboolean        locked;  /* by the claim, and not handed over yet */
} ClaimResult;

/* A claim whose result nobody took (the window went away, the callback was cancelled)
 * gives its lock back: otherwise no other process could resume that attempt until this one
 * quits. */
static void
claim_result_free (ClaimResult *claim)
{
  if (claim->locked)
    imtehan_store_unlock (claim->store, claim->attempt_id);
  g_clear_object (&claim->attempt);
  g_clear_pointer (&claim->attempt_id, g_free);
  g_clear_object (&claim->store);
  g_free (claim);
}

typedef struct
{
  ImtehanAttemptSummary *summary;
  ImtehanQuiz           *quiz;
} ClaimData;

static void
claim_data_free (ClaimData *data)
{
  g_clear_object (&data->summary);
  g_clear_object (&data->quiz);
  g_free (data);
}

static void
claim_thread (GTask *task_owned)
{
  g_autoptr(GTask) task = task_owned;
  ImtehanStore *self = g_task_get_source_object (task);
  ClaimData *data = g_task_get_task_data (task);
  const char *attempt_id = imtehan_attempt_summary_get_id (data->summary);
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(GError) error = NULL;
  ClaimResult *claim;
  gboolean locked = FALSE;

  if (g_task_return_error_if_cancelled (task))
    return;

  if (!imtehan_attempt_summary_get_finished (data->summary) &&
      !imtehan_store_take_lock (self, attempt_id, &locked, &error))
    {
      g_autoptr(GFile) parent = g_file_get_parent (imtehan_attempt_summary_get_file (data->summary));

      /* Only this PC has it, and the lock's folder is away: resumed without the lock, which
       * only another PC could contend for, and no other PC can see the attempt yet. */
      if (self->pending_directory == NULL ||
          g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY) ||
          !g_file_equal (parent, self->pending_directory))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      g_debug ("Resuming %s from this computer's copy without a lock: %s", attempt_id,
               error->message);
      g_clear_error (&error);
    }

  attempt = imtehan_store_load (self, data->summary, data->quiz, g_task_get_cancellable (task),
                                &error);
  /* A lock taken here is given back if the load fails; and a finished attempt is never
   * written again, so it needs none. */
  if (locked && (attempt == NULL || imtehan_attempt_get_finished (attempt)))
    {
      imtehan_store_release_lock (self, attempt_id);
      locked = FALSE;
    }
  if (attempt == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  claim = g_new0 (ClaimResult, 1);
  claim->store = g_object_ref (self);
  claim->attempt_id = g_strdup (attempt_id);
  claim->attempt = g_steal_pointer (&attempt);
  claim->locked = locked;
  g_task_return_pointer (task, claim, (GDestroyNotify)claim_result_free);
}

/**
 * imtehan_store_claim_async:
 *
 * Makes the attempt of @summary this process's own, on the store's worker, after the saves
 * queued before: an unfinished attempt is locked (as imtehan_store_lock() does), then the
 * attempt is loaded. No file I/O happens on the calling thread.
 *
 * The lock is checked again here, whatever the summary said when the folder was listed: if
 * another process holds it, the claim fails with %G_IO_ERROR_BUSY. If the load fails, a
 * lock taken by the claim is released; errors are those of imtehan_store_load().
 */
void
imtehan_store_claim_async (ImtehanStore          *self,
                           ImtehanAttemptSummary *summary,
                           ImtehanQuiz           *quiz,
                           GCancellable          *cancellable,
                           GAsyncReadyCallback    callback,
                           gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  ClaimData *data;

  g_return_if_fail (IMTEHAN_IS_STORE (self));
  g_return_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (summary));
  g_return_if_fail (IMTEHAN_IS_QUIZ (quiz));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_store_claim_async);
  data = g_new0 (ClaimData, 1);
  data->summary = g_object_ref (summary);
  data->quiz = g_object_ref (quiz);
  g_task_set_task_data (task, data, (GDestroyNotify)claim_data_free);

  g_thread_pool_push (self->writer, g_steal_pointer (&task), NULL);
}

/**
 * imtehan_store_claim_finish:
 *
 * Returns: (transfer full): the attempt; if it is unfinished, this store holds its lock
 *   until imtehan_store_unlock()
 */
ImtehanAttempt *
imtehan_store_claim_finish (ImtehanStore  *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  ClaimResult *claim;
  ImtehanAttempt *attempt;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  if (!(claim = g_task_propagate_pointer (G_TASK (result), error)))
    return NULL;
  attempt = g_steal_pointer (&claim->attempt);
  claim->locked = FALSE;
  claim_result_free (claim);
  return attempt;
}

/**
 * imtehan_store_describe_problems:
 * @problems: what imtehan_store_list_finish() gave back: the files set aside
 *
 * Returns: (transfer full): what to tell the user of them
 */
char *
imtehan_store_describe_problems (ImtehanStore *self,
                                 GPtrArray    *problems)
{
  g_autofree char *path = NULL;
  g_autofree char *folder = NULL;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);
  g_return_val_if_fail (problems != NULL, NULL);

  path = g_file_get_path (self->directory);
  folder = g_filename_display_name (path);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%u results file could not be read; it was kept and set aside in %s.",
                                       "%u results files could not be read; they were kept and set aside in %s.",
                                       problems->len),
                          problems->len, folder);
}
