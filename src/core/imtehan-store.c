/* imtehan-store.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One GKeyFile per attempt, never rewritten by anyone but the attempt that owns it: two
 * instances, two users or two lab PCs sharing the folder cannot lose each other's results.
 * See DESIGN.md, "Results".
 */

#define G_LOG_DOMAIN "imtehan-store"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "imtehan-intl-private.h"

#include "imtehan-attempt.h"
#include "imtehan-attempt-private.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-store.h"

#define ATTEMPT_GROUP "Attempt"
#define SUFFIX ".ini"
#define CORRUPT_SUFFIX ".corrupt"
#define LOCK_SUFFIX ".lock"
/* GLib's temporary files are "<name>.XXXXXX"; one this old is left over from a crash. */
#define STALE_TEMP_AGE_SECONDS (10 * 60)

struct _ImtehanAttemptSummary
{
  GObject    parent_instance;

  GFile     *file;
  char      *id;
  char      *quiz_id;
  char      *language;
  char      *learner;
  GDateTime *started;
  guint      score;
  guint      total;
  guint      n_answered;
  guint      finished : 1;
};

G_DEFINE_FINAL_TYPE (ImtehanAttemptSummary, imtehan_attempt_summary, G_TYPE_OBJECT)

static void
imtehan_attempt_summary_finalize (GObject *object)
{
  ImtehanAttemptSummary *self = (ImtehanAttemptSummary *)object;

  g_clear_object (&self->file);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->quiz_id, g_free);
  g_clear_pointer (&self->language, g_free);
  g_clear_pointer (&self->learner, g_free);
  g_clear_pointer (&self->started, g_date_time_unref);

  G_OBJECT_CLASS (imtehan_attempt_summary_parent_class)->finalize (object);
}

static void
imtehan_attempt_summary_class_init (ImtehanAttemptSummaryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = imtehan_attempt_summary_finalize;
}

static void
imtehan_attempt_summary_init (ImtehanAttemptSummary *self)
{
}

GFile *
imtehan_attempt_summary_get_file (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->file;
}

const char *
imtehan_attempt_summary_get_id (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->id;
}

const char *
imtehan_attempt_summary_get_quiz_id (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->quiz_id;
}

const char *
imtehan_attempt_summary_get_language (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->language;
}

const char *
imtehan_attempt_summary_get_learner (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->learner;
}

GDateTime *
imtehan_attempt_summary_get_started (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->started;
}

gboolean
imtehan_attempt_summary_get_finished (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), FALSE);
  return self->finished;
}

guint
imtehan_attempt_summary_get_score (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), 0);
  return self->score;
}

guint
imtehan_attempt_summary_get_total (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), 0);
  return self->total;
}

guint
imtehan_attempt_summary_get_n_answered (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), 0);
  return self->n_answered;
}

/* Only the [Attempt] group: listing thousands of attempts must not load every quiz. */
static ImtehanAttemptSummary *
summary_new_from_bytes (GFile       *file,
                        GBytes      *bytes,
                        const char  *name,
                        GError     **error)
{
  g_autoptr(ImtehanKeyFileReader) reader = NULL;
  g_autoptr(ImtehanAttemptSummary) self = NULL;
  g_autofree char *started = NULL;
  gint64 score = 0, total = 0, answered = 0;
  gboolean finished = FALSE;

  if (!(reader = imtehan_key_file_reader_new (bytes, name, IMTEHAN_ATTEMPT_MAX_SIZE, error)))
    return NULL;
  if (!imtehan_attempt_check_version (reader, error))
    return NULL;

  self = g_object_new (IMTEHAN_TYPE_ATTEMPT_SUMMARY, NULL);
  self->file = g_object_ref (file);
  if (!(self->id = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Id", TRUE, error)) ||
      !(self->quiz_id = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Quiz", TRUE,
                                                            error)) ||
      !(started = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Started", TRUE,
                                                      error)) ||
      !imtehan_key_file_reader_get_boolean (reader, ATTEMPT_GROUP, "Finished", &finished, error) ||
      !imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Total", TRUE, 1, G_MAXINT,
                                        &total, error) ||
      !imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Score", finished, 0, total,
                                        &score, error) ||
      !imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Answered", FALSE, 0, total,
                                        &answered, error))
    return NULL;

  if (!(self->started = g_date_time_new_from_iso8601 (g_strstrip (started), NULL)))
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is not an ISO 8601 time"), started);
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP,
                                     "Started", msg);
      return NULL;
    }

  /* A bad escape gives NULL: the file is damaged, as imtehan_attempt_new_from_bytes() says. */
  if (!(self->language = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Language",
                                                             FALSE, error)) ||
      !(self->learner = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Learner",
                                                            FALSE, error)))
    return NULL;
  g_strstrip (self->id);
  g_strstrip (self->quiz_id);
  g_strstrip (self->language);
  self->finished = finished;
  self->score = score;
  self->total = total;
  self->n_answered = answered;

  return g_steal_pointer (&self);
}

struct _ImtehanStore
{
  GObject      parent_instance;

  GFile       *directory;
  GThreadPool *writer;
  GHashTable  *locks;   /* attempt id → fd holding flock() on "<id>.lock" */
};

G_DEFINE_FINAL_TYPE (ImtehanStore, imtehan_store, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DIRECTORY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  GFile *file;
  char  *data;
  gsize  length;
} SaveJob;

static void
save_job_free (SaveJob *job)
{
  g_clear_object (&job->file);
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

static gboolean
write_file (GFile       *directory,
            GFile       *file,
            const char  *data,
            gsize        length,
            GError     **error)
{
  g_autofree char *dir_path = g_file_get_path (directory);
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) local_error = NULL;

  if (g_mkdir_with_parents (dir_path, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not create the folder “%s”: %s"), dir_path, g_strerror (saved_errno));
      return FALSE;
    }

  /* CONSISTENT|DURABLE: write a temporary file, fsync it, rename it over the old one and
   * fsync the folder, so a power cut leaves either the old or the new file, whole. GLib 2.74
   * does all four itself; tests/crash/test-syscalls.c checks the order under strace. */
  if (!g_file_set_contents_full (path, data, length,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0600, &local_error))
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
  return TRUE;
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
  if (write_file (self->directory, job->file, job->data, job->length, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

/* Set while a writer thread runs a job, including when it frees the task. */
static GPrivate in_writer = G_PRIVATE_INIT (NULL);

static void list_thread (GTask        *task,
                         gpointer      source_object,
                         gpointer      task_data,
                         GCancellable *cancellable);

/* Listings run on the same queue as the writes, after them: a listing asked for after a
 * save (Submit, then Back to Start) always sees that save. */
static void
writer_func (gpointer data,
             gpointer user_data)
{
  GTask *task = data;

  g_private_set (&in_writer, GINT_TO_POINTER (TRUE));
  if (g_task_get_source_tag (task) == imtehan_store_list_async)
    {
      list_thread (task, g_task_get_source_object (task), NULL, g_task_get_cancellable (task));
      g_object_unref (task);
    }
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

  if (self->locks != NULL)
    {
      g_autoptr(GList) ids = g_hash_table_get_keys (self->locks);

      for (GList *l = ids; l != NULL; l = l->next)
        {
          g_autofree char *id = g_strdup (l->data);
          imtehan_store_unlock (self, id);
        }
      g_clear_pointer (&self->locks, g_hash_table_unref);
    }
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
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_store_class_init (ImtehanStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = imtehan_store_dispose;
  object_class->finalize = imtehan_store_finalize;
  object_class->get_property = imtehan_store_get_property;
  object_class->set_property = imtehan_store_set_property;

  properties[PROP_DIRECTORY] =
    g_param_spec_object ("directory", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imtehan_store_init (ImtehanStore *self)
{
  self->writer = g_thread_pool_new (writer_func, NULL, 1, FALSE, NULL);
  self->locks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

ImtehanStore *
imtehan_store_new (GFile *directory)
{
  g_return_val_if_fail (G_IS_FILE (directory), NULL);

  return g_object_new (IMTEHAN_TYPE_STORE, "directory", directory, NULL);
}

/* $XDG_DATA_HOME/imtehan/attempts (inside Flatpak, ~/.var/app/<app id>/data/imtehan/attempts) */
ImtehanStore *
imtehan_store_new_default (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "imtehan", "attempts", NULL);
  g_autoptr(GFile) directory = g_file_new_for_path (path);

  return imtehan_store_new (directory);
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
  g_autoptr(GFile) file = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), FALSE);
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (attempt), FALSE);

  file = imtehan_store_get_file (self, attempt);
  data = imtehan_attempt_to_data (attempt, &length);
  return write_file (self->directory, file, data, length, error);
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
  job->file = imtehan_store_get_file (self, attempt);
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
 * characters of GLib's mkstemp alphabet. Measured on GLib 2.74: only A-Z and 0-9 (it suits
 * case-insensitive file systems), never lower case, so a teacher's "x.ini.backup" or
 * "x.ini.old123" is never taken for one. */
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
is_stale_temp (const char *name,
               GFileInfo  *info)
{
  g_autoptr(GDateTime) modified = NULL;
  g_autoptr(GDateTime) now = NULL;

  if (!is_temp_name (name))
    return FALSE;
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    return FALSE;

  /* Another instance may be writing that file right now: only old ones are stale. */
  modified = g_file_info_get_modification_date_time (info);
  now = g_date_time_new_now_utc ();
  return modified != NULL &&
         g_date_time_difference (now, modified) > STALE_TEMP_AGE_SECONDS * G_TIME_SPAN_SECOND;
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

static char *
lock_path (ImtehanStore *self,
           const char   *attempt_id)
{
  g_autofree char *dir = g_file_get_path (self->directory);
  g_autofree char *name = g_strconcat (attempt_id, LOCK_SUFFIX, NULL);

  return g_build_filename (dir, name, NULL);
}

/* A lock file whose lock nobody holds was left by a process that died: flock() locks go
 * with the process, the file stays. Our own locks are held through another open file
 * description, so they count as held here too. */
static void
remove_stale_lock (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  int fd = g_open (path, O_RDWR | O_CLOEXEC, 0);

  if (fd < 0)
    return;
  if (flock (fd, LOCK_EX | LOCK_NB) == 0)
    g_unlink (path);
  close (fd);
}

/**
 * imtehan_store_lock:
 *
 * Marks the attempt as open in this process, with an flock() on "<id>.lock" in the folder.
 * Another instance (there is one per D-Bus session, but none is unique without a session
 * bus) or another PC on a shared folder then sees it as busy and does not resume it, so no
 * attempt file is ever written by two processes at once. The lock goes when the process
 * does, even after SIGKILL. On network file systems flock() may only be local.
 *
 * Returns: %FALSE with %G_IO_ERROR_BUSY if another process holds it
 */
gboolean
imtehan_store_lock (ImtehanStore  *self,
                    const char    *attempt_id,
                    GError       **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  int fd;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), FALSE);
  g_return_val_if_fail (attempt_id != NULL, FALSE);

  if (g_hash_table_contains (self->locks, attempt_id))
    return TRUE;

  dir = g_file_get_path (self->directory);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create the folder “%s”: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }

  path = lock_path (self, attempt_id);
  if ((fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", path, g_strerror (saved_errno));
      return FALSE;
    }
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int saved_errno = errno;

      close (fd);
      if (saved_errno == EWOULDBLOCK)
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                             _("This attempt is open in another window"));
      else
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                     "%s: %s", path, g_strerror (saved_errno));
      return FALSE;
    }

  g_hash_table_insert (self->locks, g_strdup (attempt_id), GINT_TO_POINTER (fd));
  return TRUE;
}

void
imtehan_store_unlock (ImtehanStore *self,
                      const char   *attempt_id)
{
  g_autofree char *path = NULL;
  gpointer fd;

  g_return_if_fail (IMTEHAN_IS_STORE (self));
  g_return_if_fail (attempt_id != NULL);

  if (!g_hash_table_lookup_extended (self->locks, attempt_id, NULL, &fd))
    return;
  /* Unlinked while still locked, so nobody can take a lock on a file about to vanish. */
  path = lock_path (self, attempt_id);
  g_unlink (path);
  close (GPOINTER_TO_INT (fd));
  g_hash_table_remove (self->locks, attempt_id);
}

gboolean
imtehan_store_is_locked_elsewhere (ImtehanStore *self,
                                   const char   *attempt_id)
{
  g_autofree char *path = NULL;
  gboolean busy;
  int fd;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), FALSE);
  g_return_val_if_fail (attempt_id != NULL, FALSE);

  if (g_hash_table_contains (self->locks, attempt_id))
    return FALSE;
  path = lock_path (self, attempt_id);
  if ((fd = g_open (path, O_RDWR | O_CLOEXEC, 0)) < 0)
    return FALSE;
  busy = flock (fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  close (fd);
  return busy;
}

/* Ids start with the UTC start time, so they sort by time. */
static int
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  ImtehanAttemptSummary *sa = *(ImtehanAttemptSummary **)a;
  ImtehanAttemptSummary *sb = *(ImtehanAttemptSummary **)b;

  return g_strcmp0 (sb->id, sa->id);
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
  g_autoptr(GFileEnumerator) enumerator = NULL;
  g_autoptr(GPtrArray) summaries = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) errors = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);

  enumerator = g_file_enumerate_children (self->directory,
                                          G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                          G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                          G_FILE_ATTRIBUTE_TIME_MODIFIED,
                                          G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS,
                                          cancellable, &local_error);
  if (enumerator == NULL)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        {
          if (problems)
            *problems = g_steal_pointer (&errors);
          return g_steal_pointer (&summaries);
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  for (;;)
    {
      GFileInfo *info = NULL;
      GFile *file = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) file_error = NULL;
      g_autofree char *display = NULL;
      ImtehanAttemptSummary *summary;
      const char *name;

      if (!g_file_enumerator_iterate (enumerator, &info, &file, cancellable, error))
        return NULL;
      if (info == NULL)
        break;

      name = g_file_info_get_name (info);
      if (is_stale_temp (name, info))
        {
          g_debug ("Removing the stale temporary file %s", name);
          g_file_delete (file, NULL, NULL);
          continue;
        }
      if (g_str_has_suffix (name, LOCK_SUFFIX))
        {
          remove_stale_lock (file);
          continue;
        }
      if (!g_str_has_suffix (name, SUFFIX) || g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
        continue;

      display = g_file_get_parse_name (file);
      if ((bytes = imtehan_key_file_load_bytes (file, IMTEHAN_ATTEMPT_MAX_SIZE, cancellable,
                                                &file_error)) &&
          (summary = summary_new_from_bytes (file, bytes, display, &file_error)))
        {
          g_ptr_array_add (summaries, summary);
          continue;
        }

      if (g_error_matches (file_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&file_error));
          return NULL;
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

  g_ptr_array_sort (summaries, compare_newest_first);

  if (problems)
    *problems = g_steal_pointer (&errors);
  return g_steal_pointer (&summaries);
}

typedef struct
{
  GPtrArray *summaries;
  GPtrArray *problems;
} ListResult;

static void
list_result_free (ListResult *result)
{
  g_clear_pointer (&result->summaries, g_ptr_array_unref);
  g_clear_pointer (&result->problems, g_ptr_array_unref);
  g_free (result);
}

static void
list_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  ListResult *result = g_new0 (ListResult, 1);

  result->summaries = imtehan_store_list (source_object, &result->problems, cancellable, &error);
  if (result->summaries == NULL)
    {
      list_result_free (result);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_pointer (task, result, (GDestroyNotify)list_result_free);
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

ImtehanAttempt *
imtehan_store_load (ImtehanStore          *self,
                    ImtehanAttemptSummary *summary,
                    ImtehanQuiz           *quiz,
                    GCancellable          *cancellable,
                    GError               **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *display = NULL;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), NULL);
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (summary), NULL);

  display = g_file_get_parse_name (summary->file);
  if (!(bytes = imtehan_key_file_load_bytes (summary->file, IMTEHAN_ATTEMPT_MAX_SIZE,
                                             cancellable, error)))
    return NULL;
  return imtehan_attempt_new_from_bytes (quiz, bytes, display, error);
}
