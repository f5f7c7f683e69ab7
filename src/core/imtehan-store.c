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

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "imtehan-intl-private.h"

#include "imtehan-attempt.h"
#include "imtehan-attempt-private.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-quiz.h"
#include "imtehan-store.h"
#include "imtehan-store-private.h"

#define ATTEMPT_GROUP "Attempt"
#define SUFFIX ".ini"
#define CORRUPT_SUFFIX ".corrupt"
#define LOCK_SUFFIX ".lock"
#define CACHE_SUFFIX ".summaries"
/* Bumped whenever CACHE_TYPE or the meaning of a field changes: an old cache is then
 * ignored and written again. The version comes first in the file, so a cache written on a
 * machine of the other byte order (a home folder shared over NFS) reads as a wrong version. */
#define CACHE_VERSION 1
/* Version, attempts folder; the strings of all entries, each ended by a NUL, CACHE_N_STRINGS
 * per entry: file name (not necessarily UTF-8 on a shared folder), id, quiz, language,
 * learner, started (ISO 8601); then one array per number, one element per entry: size,
 * mtime, mtime usec, inode, score, total, answered. Arrays of fixed size are read in place,
 * with no GVariant per field: 9,000 entries load in about 12 ms, summaries made, where the
 * reading alone took 35 ms from an array of tuples and 20 ms from arrays of strings. */
#define CACHE_TYPE "(uayayatatauatauauau)"
#define CACHE_N_STRINGS 6
/* GLib's temporary files are "<name>.XXXXXX"; one this old is left over from a crash. */
#define STALE_TEMP_AGE_SECONDS (10 * 60)

struct _ImtehanAttemptSummary
{
  GObject    parent_instance;

  GFile     *file;       /* atomic; made on demand from directory and name */
  GFile     *directory;
  char      *name;
  char      *id;
  char      *quiz_id;
  char      *language;
  char      *learner;
  GDateTime *started;
  guint      score;
  guint      total;
  guint      n_answered;
  guint      finished : 1;
  guint      locked_elsewhere : 1;
};

G_DEFINE_FINAL_TYPE (ImtehanAttemptSummary, imtehan_attempt_summary, G_TYPE_OBJECT)

static void
imtehan_attempt_summary_finalize (GObject *object)
{
  ImtehanAttemptSummary *self = (ImtehanAttemptSummary *)object;

  g_clear_object (&self->file);
  g_clear_object (&self->directory);
  g_clear_pointer (&self->name, g_free);
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

/* Made when first asked for: a GFile for each of 9,000 cached summaries cost 10 ms of every
 * first listing, and the history asks for few. The store's worker and the caller's thread
 * may both ask. */
GFile *
imtehan_attempt_summary_get_file (ImtehanAttemptSummary *self)
{
  GFile *file;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);

  if ((file = g_atomic_pointer_get (&self->file)) != NULL)
    return file;
  file = g_file_get_child (self->directory, self->name);
  if (!g_atomic_pointer_compare_and_exchange (&self->file, NULL, file))
    g_object_unref (file);
  return g_atomic_pointer_get (&self->file);
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

/**
 * imtehan_attempt_summary_get_locked_elsewhere:
 *
 * Whether another process (another instance, another lab PC) held the lock of this
 * unfinished attempt when the folder was listed. It is a snapshot: list again to see it
 * change; imtehan_store_claim_async() checks again, for real.
 */
gboolean
imtehan_attempt_summary_get_locked_elsewhere (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), FALSE);
  return self->locked_elsewhere;
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

typedef struct
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

struct _ImtehanStore
{
  GObject      parent_instance;

  GFile       *directory;
  GFile       *cache_directory;  /* NULL: no summary cache */
  char        *cache_path;       /* this folder's cache file in it, or NULL */
  GThreadPool *writer;

  /* Taken by the worker (lock_thread(), claim_thread(), listings) and by the caller's
   * thread (imtehan_store_unlock() from the main loop, imtehan_store_lock()). */
  GMutex       locks_mutex;
  GHashTable  *locks;   /* attempt id → fd holding flock() on "<id>.lock", or LOCK_PENDING */

  GMutex       cache_mutex;
  GHashTable  *cache;        /* file name → CacheEntry, as of the last listing; NULL before */
  gboolean     cache_dirty;  /* the cache file is not what @cache says: write it */
  guint        n_listings;
  guint        n_files_read; /* atomic; attempt files read and parsed by listings */

  /* The worker's only: a listing made before anyone asked (imtehan_store_prefetch_list()),
   * which answers the next imtehan_store_list_async() unless the worker wrote since. */
  ListResult  *prefetched;
};

/* Asked for by imtehan_store_lock_async(), not taken yet by the worker. */
#define LOCK_PENDING (-1)

G_DEFINE_FINAL_TYPE (ImtehanStore, imtehan_store, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DIRECTORY,
  PROP_CACHE_DIRECTORY,
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

static void list_thread     (GTask *task_owned);
static void prefetch_thread (GTask *task_owned);
static void lock_thread     (GTask *task_owned);
static void claim_thread (GTask *task_owned);

/* Listings, locks and claims run on the same queue as the writes, after them: a listing
 * asked for after a save (Submit, then Back to Start) always sees that save, a claim loads
 * what the last save wrote, and a new attempt's lock is taken before its first save. Each
 * job takes the task's reference. */
static void
writer_func (gpointer data,
             gpointer user_data)
{
  GTask *task = data;
  gpointer tag = g_task_get_source_tag (task);
  ImtehanStore *self = g_task_get_source_object (task);

  g_private_set (&in_writer, GINT_TO_POINTER (TRUE));
  /* A write, a lock or a claim changes what a listing would find (the folder's time says
   * so too, but on FAT only to the 2 s). The listing then lists again. */
  if (tag != imtehan_store_list_async && tag != imtehan_store_prefetch_list &&
      self->prefetched != NULL)
    self->prefetched->folder_mtime = G_MININT64;
  if (tag == imtehan_store_list_async)
    list_thread (task);
  else if (tag == imtehan_store_prefetch_list)
    prefetch_thread (task);
  else if (tag == imtehan_store_lock_async)
    lock_thread (task);
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
  g_mutex_clear (&self->locks_mutex);
  g_clear_pointer (&self->cache, g_hash_table_unref);
  g_mutex_clear (&self->cache_mutex);
  g_clear_pointer (&self->cache_path, g_free);
  g_clear_object (&self->cache_directory);
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
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* One cache file per attempts folder, named by a hash of its path: the app's folder, a
 * teacher's other folder and the tests' temporary folders never share one. */
static void
imtehan_store_constructed (GObject *object)
{
  ImtehanStore *self = (ImtehanStore *)object;
  g_autofree char *dir = NULL;

  G_OBJECT_CLASS (imtehan_store_parent_class)->constructed (object);

  if (self->cache_directory != NULL && (dir = g_file_get_path (self->directory)) != NULL)
    {
      g_autofree char *cache_dir = g_file_get_path (self->cache_directory);
      g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, dir, -1);
      g_autofree char *name = g_strconcat (hash, CACHE_SUFFIX, NULL);

      if (cache_dir != NULL)
        self->cache_path = g_build_filename (cache_dir, name, NULL);
    }
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
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imtehan_store_init (ImtehanStore *self)
{
  self->writer = g_thread_pool_new (writer_func, NULL, 1, FALSE, NULL);
  g_mutex_init (&self->locks_mutex);
  self->locks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_mutex_init (&self->cache_mutex);
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
remove_stale_lock (const char *path)
{
  int fd = g_open (path, O_RDWR | O_CLOEXEC, 0);

  if (fd < 0)
    return;
  if (flock (fd, LOCK_EX | LOCK_NB) == 0)
    g_unlink (path);
  close (fd);
}

/* Takes the lock of @attempt_id and records it; a pending request for it is dropped if that
 * fails. Called with locks_mutex held: the I/O is an open() and a non-blocking flock(). */
static gboolean
take_lock (ImtehanStore  *self,
           const char    *attempt_id,
           GError       **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  int fd;

  dir = g_file_get_path (self->directory);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_hash_table_remove (self->locks, attempt_id);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create the folder “%s”: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }

  path = lock_path (self, attempt_id);
  if ((fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0)
    {
      int saved_errno = errno;
      g_hash_table_remove (self->locks, attempt_id);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", path, g_strerror (saved_errno));
      return FALSE;
    }
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int saved_errno = errno;

      close (fd);
      g_hash_table_remove (self->locks, attempt_id);
      if (saved_errno == EWOULDBLOCK)
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                             _("This attempt is open in another window"));
      else
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                     "%s: %s", path, g_strerror (saved_errno));
      return FALSE;
    }

  g_hash_table_replace (self->locks, g_strdup (attempt_id), GINT_TO_POINTER (fd));
  return TRUE;
}

/* Whether this store holds the lock; a pending one is not held yet. locks_mutex held. */
static gboolean
holds_lock (ImtehanStore *self,
            const char   *attempt_id)
{
  gpointer fd;

  return g_hash_table_lookup_extended (self->locks, attempt_id, NULL, &fd) &&
         GPOINTER_TO_INT (fd) != LOCK_PENDING;
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
 * This does file I/O: from the main loop, use imtehan_store_lock_async().
 *
 * Returns: %FALSE with %G_IO_ERROR_BUSY if another process holds it
 */
gboolean
imtehan_store_lock (ImtehanStore  *self,
                    const char    *attempt_id,
                    GError       **error)
{
  g_autoptr(GMutexLocker) locker = NULL;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), FALSE);
  g_return_val_if_fail (attempt_id != NULL, FALSE);

  locker = g_mutex_locker_new (&self->locks_mutex);
  if (holds_lock (self, attempt_id))
    return TRUE;
  return take_lock (self, attempt_id, error);
}

static void
lock_thread (GTask *task_owned)
{
  g_autoptr(GTask) task = task_owned;
  ImtehanStore *self = g_task_get_source_object (task);
  const char *attempt_id = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->locks_mutex);

  /* Released before its turn came (imtehan_store_unlock() drops a pending lock), or taken
   * meanwhile by a claim: nothing to do. */
  if (!g_hash_table_contains (self->locks, attempt_id) || holds_lock (self, attempt_id))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  if (take_lock (self, attempt_id, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

/**
 * imtehan_store_lock_async:
 *
 * imtehan_store_lock() on the store's worker, after the saves already queued and before
 * those queued later: lock a new attempt, then save it. Until the worker has taken it, the
 * lock counts as this store's (imtehan_store_is_locked_elsewhere() says %FALSE), and
 * imtehan_store_unlock() cancels it.
 */
void
imtehan_store_lock_async (ImtehanStore        *self,
                          const char          *attempt_id,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (IMTEHAN_IS_STORE (self));
  g_return_if_fail (attempt_id != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_store_lock_async);
  g_task_set_task_data (task, g_strdup (attempt_id), g_free);

  g_mutex_lock (&self->locks_mutex);
  if (!g_hash_table_contains (self->locks, attempt_id))
    g_hash_table_insert (self->locks, g_strdup (attempt_id), GINT_TO_POINTER (LOCK_PENDING));
  g_mutex_unlock (&self->locks_mutex);

  g_thread_pool_push (self->writer, g_steal_pointer (&task), NULL);
}

gboolean
imtehan_store_lock_finish (ImtehanStore  *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (IMTEHAN_IS_STORE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

void
imtehan_store_unlock (ImtehanStore *self,
                      const char   *attempt_id)
{
  g_autoptr(GMutexLocker) locker = NULL;
  g_autofree char *path = NULL;
  gpointer fd;

  g_return_if_fail (IMTEHAN_IS_STORE (self));
  g_return_if_fail (attempt_id != NULL);

  locker = g_mutex_locker_new (&self->locks_mutex);
  if (!g_hash_table_lookup_extended (self->locks, attempt_id, NULL, &fd))
    return;
  if (GPOINTER_TO_INT (fd) != LOCK_PENDING)
    {
      /* Unlinked while still locked, so nobody can take a lock on a file about to vanish. */
      path = lock_path (self, attempt_id);
      g_unlink (path);
      close (GPOINTER_TO_INT (fd));
    }
  g_hash_table_remove (self->locks, attempt_id);
}

gboolean
imtehan_store_is_locked_elsewhere (ImtehanStore *self,
                                   const char   *attempt_id)
{
  g_autoptr(GMutexLocker) locker = NULL;
  g_autofree char *path = NULL;
  gboolean busy;
  int fd;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), FALSE);
  g_return_val_if_fail (attempt_id != NULL, FALSE);

  /* Held while testing: the test's own flock() would make a lock_thread() of this store,
   * running at that moment, fail as if another process held it. */
  locker = g_mutex_locker_new (&self->locks_mutex);
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

/* The summary cache.
 *
 * Listing read and parsed every attempt file at every return to the start page: with
 * 10,000 attempts, about 300 ms of CPU before the history showed. A finished attempt's file
 * is never written again, so its summary is kept between listings, in memory and in one
 * file per attempts folder in the user's cache folder: not in the attempts folder, which may
 * be a lab share written by several PCs, each with its own idea of what it has read.
 *
 * A summary is reused only while the file's name, size, modification time (seconds and
 * microseconds) and inode are what the listing saw when it was read; the enumeration
 * reports all four, so a reused file is not even opened. Unfinished attempts are always
 * read: they are few, and they are rewritten in place (a new file renamed over the old one)
 * after every answer, possibly within the same second and at the same size (an answer b
 * changed to c), and FAT keeps modification times to 2 s; nothing in the stat data could be
 * trusted to change. Files that do not parse are never in the cache, so they are set aside
 * and reported at every listing exactly as without it.
 *
 * The cache is derived data: a cache file that cannot be read, is truncated, garbage, of
 * another version or of another folder is ignored as a whole and overwritten. "Never
 * overwrite, never delete" is a rule for results files, not for this. */

typedef struct
{
  guint64 size;
  guint64 mtime;
  guint32 mtime_usec;
  guint64 inode;
} FileStamp;

typedef struct
{
  FileStamp              stamp;
  ImtehanAttemptSummary *summary;  /* finished */
  guint                  listing;  /* the last listing that found it */
} CacheEntry;

static void
cache_entry_free (CacheEntry *entry)
{
  g_clear_object (&entry->summary);
  g_free (entry);
}

static CacheEntry *
cache_entry_new (const FileStamp       *stamp,
                 ImtehanAttemptSummary *summary,
                 guint                  listing)
{
  CacheEntry *entry = g_new0 (CacheEntry, 1);

  entry->stamp = *stamp;
  entry->summary = g_object_ref (summary);
  entry->listing = listing;
  return entry;
}

static GHashTable *
cache_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                (GDestroyNotify)cache_entry_free);
}

static void
file_stamp_init (FileStamp         *stamp,
                 const struct stat *st)
{
  stamp->size = st->st_size;
  stamp->mtime = st->st_mtim.tv_sec;
  stamp->mtime_usec = st->st_mtim.tv_nsec / 1000;
  stamp->inode = st->st_ino;
}

static gboolean
file_stamp_equal (const FileStamp *a,
                  const FileStamp *b)
{
  return a->size == b->size && a->mtime == b->mtime && a->mtime_usec == b->mtime_usec &&
         a->inode == b->inode;
}

/* The cache file's entries, or NULL if there is none or it is not usable; then @rejected
 * says whether a file was there, to be replaced. Runs with cache_mutex held. */
static GHashTable *
cache_load (ImtehanStore *self,
            gboolean     *rejected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) cache = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(GVariant) strings_v = NULL, sizes_v = NULL, mtimes_v = NULL, usecs_v = NULL;
  g_autoptr(GVariant) inodes_v = NULL, scores_v = NULL, totals_v = NULL, answered_v = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_file_get_path (self->directory);
  const guint64 *sizes, *mtimes, *inodes;
  const guint32 *usecs, *scores, *totals, *answered;
  const char *cached_dir = NULL;
  const char *strings, *next, *end;
  gsize n, n_strings, lengths[7];
  guint32 version = 0;
  gsize length = 0;

  *rejected = FALSE;
  if (!g_file_get_contents (self->cache_path, &contents, &length, &error))
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        {
          g_debug ("Ignoring the summary cache: %s", error->message);
          *rejected = TRUE;
        }
      return NULL;
    }

  *rejected = TRUE;
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  variant = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (CACHE_TYPE), bytes,
                                                          FALSE));
  /* Not g_variant_is_normal_form(): it visits every byte of the strings, 25 ms for 10,000
   * entries, more than all the rest. GVariant reads untrusted data safely anyway (a damaged
   * part reads as zeros or empty arrays), and everything read is checked below: version,
   * folder, array lengths, every string's end and encoding, every number's range. */
  g_variant_get (variant, "(u^&ay@ay@at@at@au@at@au@au@au)", &version, &cached_dir,
                 &strings_v, &sizes_v, &mtimes_v, &usecs_v, &inodes_v, &scores_v, &totals_v,
                 &answered_v);
  if (version != CACHE_VERSION || g_strcmp0 (cached_dir, dir) != 0)
    {
      g_debug ("Ignoring the summary cache %s: version %u, of “%s”",
               self->cache_path, version, cached_dir);
      return NULL;
    }

  strings = g_variant_get_fixed_array (strings_v, &n_strings, 1);
  sizes = g_variant_get_fixed_array (sizes_v, &lengths[0], sizeof (guint64));
  mtimes = g_variant_get_fixed_array (mtimes_v, &lengths[1], sizeof (guint64));
  usecs = g_variant_get_fixed_array (usecs_v, &lengths[2], sizeof (guint32));
  inodes = g_variant_get_fixed_array (inodes_v, &lengths[3], sizeof (guint64));
  scores = g_variant_get_fixed_array (scores_v, &lengths[4], sizeof (guint32));
  totals = g_variant_get_fixed_array (totals_v, &lengths[5], sizeof (guint32));
  answered = g_variant_get_fixed_array (answered_v, &lengths[6], sizeof (guint32));
  n = lengths[0];
  for (guint i = 1; i < G_N_ELEMENTS (lengths); i++)
    if (lengths[i] != n)
      {
        g_debug ("Ignoring the summary cache %s: arrays of different lengths", self->cache_path);
        return NULL;
      }
  /* Every string, the last one included, ends within the array. */
  if (n_strings > 0 && strings[n_strings - 1] != '\0')
    {
      g_debug ("Ignoring the summary cache %s: an unfinished string", self->cache_path);
      return NULL;
    }

  cache = cache_new ();
  next = strings;
  end = strings + n_strings;
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(ImtehanAttemptSummary) summary = NULL;
      g_autoptr(GDateTime) started = NULL;
      const char *field[CACHE_N_STRINGS];
      FileStamp stamp = { sizes[i], mtimes[i], usecs[i], inodes[i] };
      gboolean valid = TRUE;

      for (guint f = 0; f < CACHE_N_STRINGS; f++)
        {
          if (next >= end)
            {
              g_debug ("Ignoring the summary cache %s: too few strings", self->cache_path);
              return NULL;
            }
          field[f] = next;
          next += strlen (next) + 1;
          /* The file name is in the file system's encoding; the rest is shown. */
          valid = valid && (f == 0 || g_utf8_validate (field[f], next - 1 - field[f], NULL));
        }

      /* What summary_new_from_bytes() would have refused is not from this program. */
      if (!valid || *field[0] == '\0' || strchr (field[0], G_DIR_SEPARATOR) != NULL ||
          *field[1] == '\0' || *field[2] == '\0' || totals[i] == 0 || scores[i] > totals[i] ||
          answered[i] > totals[i] || g_hash_table_contains (cache, field[0]) ||
          !(started = g_date_time_new_from_iso8601 (field[5], NULL)))
        {
          g_debug ("Ignoring the summary cache %s: a wrong entry", self->cache_path);
          return NULL;
        }

      summary = g_object_new (IMTEHAN_TYPE_ATTEMPT_SUMMARY, NULL);
      summary->directory = g_object_ref (self->directory);
      summary->name = g_strdup (field[0]);
      summary->id = g_strdup (field[1]);
      summary->quiz_id = g_strdup (field[2]);
      summary->language = g_strdup (field[3]);
      summary->learner = g_strdup (field[4]);
      summary->started = g_steal_pointer (&started);
      summary->finished = TRUE;
      summary->score = scores[i];
      summary->total = totals[i];
      summary->n_answered = answered[i];
      g_hash_table_insert (cache, g_strdup (field[0]), cache_entry_new (&stamp, summary, 0));
    }
  if (next != end)
    {
      g_debug ("Ignoring the summary cache %s: too many strings", self->cache_path);
      return NULL;
    }

  *rejected = FALSE;
  return g_steal_pointer (&cache);
}

/* Runs with cache_mutex held. */
static GBytes *
cache_serialize (ImtehanStore *self)
{
  guint n = g_hash_table_size (self->cache);
  g_autofree char *dir = g_file_get_path (self->directory);
  g_autoptr(GByteArray) strings = g_byte_array_sized_new (n * 128);
  g_autofree guint64 *sizes = g_new (guint64, n), *mtimes = g_new (guint64, n);
  g_autofree guint64 *inodes = g_new (guint64, n);
  g_autofree guint32 *usecs = g_new (guint32, n), *scores = g_new (guint32, n);
  g_autofree guint32 *totals = g_new (guint32, n), *answered = g_new (guint32, n);
  g_autoptr(GVariant) variant = NULL;
  GHashTableIter iter;
  gpointer key, value;
  guint i = 0;

  g_hash_table_iter_init (&iter, self->cache);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      CacheEntry *entry = value;
      ImtehanAttemptSummary *summary = entry->summary;
      g_autofree char *started = g_date_time_format_iso8601 (summary->started);
      const char *field[CACHE_N_STRINGS] = {
        key, summary->id, summary->quiz_id, summary->language, summary->learner, started
      };

      for (guint f = 0; f < CACHE_N_STRINGS; f++)
        g_byte_array_append (strings, (const guint8 *)field[f], strlen (field[f]) + 1);
      sizes[i] = entry->stamp.size;
      mtimes[i] = entry->stamp.mtime;
      usecs[i] = entry->stamp.mtime_usec;
      inodes[i] = entry->stamp.inode;
      scores[i] = summary->score;
      totals[i] = summary->total;
      answered[i] = summary->n_answered;
      i++;
    }

#define FIXED(type, array, n) g_variant_new_fixed_array ((type), (array), (n), sizeof *(array))
  variant = g_variant_new ("(u^ay@ay@at@at@au@at@au@au@au)", CACHE_VERSION, dir,
                           FIXED (G_VARIANT_TYPE_BYTE, strings->data, strings->len),
                           FIXED (G_VARIANT_TYPE_UINT64, sizes, n),
                           FIXED (G_VARIANT_TYPE_UINT64, mtimes, n),
                           FIXED (G_VARIANT_TYPE_UINT32, usecs, n),
                           FIXED (G_VARIANT_TYPE_UINT64, inodes, n),
                           FIXED (G_VARIANT_TYPE_UINT32, scores, n),
                           FIXED (G_VARIANT_TYPE_UINT32, totals, n),
                           FIXED (G_VARIANT_TYPE_UINT32, answered, n));
#undef FIXED
  g_variant_ref_sink (variant);
  return g_variant_get_data_as_bytes (variant);
}

/* Writes the cache file if the last listings changed what it says. Not DURABLE: a cache
 * lost in a power cut costs one slow listing. A failure only costs speed, so it is logged
 * for developers and nobody else, and tried again after the next listing. */
static void
cache_save (ImtehanStore *self)
{
  g_autofree char *cache_dir = NULL;
  g_autoptr(GBytes) data = NULL;
  g_autoptr(GError) error = NULL;

  if (self->cache_path == NULL)
    return;

  g_mutex_lock (&self->cache_mutex);
  if (self->cache != NULL && self->cache_dirty)
    {
      data = cache_serialize (self);
      self->cache_dirty = FALSE;
    }
  g_mutex_unlock (&self->cache_mutex);
  if (data == NULL)
    return;

  cache_dir = g_path_get_dirname (self->cache_path);
  if (g_mkdir_with_parents (cache_dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (&error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", cache_dir, g_strerror (saved_errno));
    }
  else
    g_file_set_contents_full (self->cache_path, g_bytes_get_data (data, NULL),
                              g_bytes_get_size (data), G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                              &error);
  if (error != NULL)
    {
      g_debug ("Could not write the summary cache: %s", error->message);
      g_mutex_lock (&self->cache_mutex);
      self->cache_dirty = TRUE;
      g_mutex_unlock (&self->cache_mutex);
    }
}

static gboolean
is_stale_entry (gpointer key,
                gpointer value,
                gpointer user_data)
{
  return ((CacheEntry *)value)->listing != GPOINTER_TO_UINT (user_data);
}

/* imtehan_store_list() without writing the cache (cache_save()).
 *
 * The folder is read with readdir() and fstatat(): the summary cache made the
 * GFileEnumerator the larger part of a listing (40 ms for 10,000 files, against 10 ms). */
static GPtrArray *
list_folder (ImtehanStore  *self,
             GPtrArray    **problems,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr(GPtrArray) summaries = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) errors = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
  g_autoptr(GMutexLocker) locker = NULL;
  g_autofree char *dir_path = g_file_get_path (self->directory);
  GHashTable *cache = NULL;
  guint listing = 0;
  struct dirent *dirent;
  DIR *dir;

  if (self->cache_path != NULL)
    {
      locker = g_mutex_locker_new (&self->cache_mutex);
      if (self->cache == NULL)
        {
          gboolean rejected = FALSE;

          if (!(self->cache = cache_load (self, &rejected)))
            self->cache = cache_new ();
          self->cache_dirty = rejected;
        }
      cache = self->cache;
      /* The cache is updated in place: every entry in it is right for the file it names
       * whenever the listing stops, cancelled or not. */
      listing = ++self->n_listings;
    }

  if (dir_path == NULL || (dir = opendir (dir_path)) == NULL)
    {
      int saved_errno = dir_path != NULL ? errno : ENOTSUP;
      g_autofree char *display = g_file_get_parse_name (self->directory);

      if (saved_errno == ENOENT)
        {
          if (problems)
            *problems = g_steal_pointer (&errors);
          return g_steal_pointer (&summaries);
        }
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", display, g_strerror (saved_errno));
      return NULL;
    }

  for (;;)
    {
      g_autoptr(GFile) file = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) file_error = NULL;
      g_autofree char *display = NULL;
      ImtehanAttemptSummary *summary;
      CacheEntry *entry;
      FileStamp stamp;
      struct stat st;
      const char *name;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          closedir (dir);
          return NULL;
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
          return NULL;
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
      if (g_str_has_suffix (name, LOCK_SUFFIX))
        {
          g_autofree char *path = g_build_filename (dir_path, name, NULL);
          remove_stale_lock (path);
          continue;
        }
      if (!g_str_has_suffix (name, SUFFIX) || !S_ISREG (st.st_mode))
        continue;

      file_stamp_init (&stamp, &st);
      if (cache != NULL && (entry = g_hash_table_lookup (cache, name)) != NULL &&
          file_stamp_equal (&entry->stamp, &stamp))
        {
          entry->listing = listing;
          g_ptr_array_add (summaries, g_object_ref (entry->summary));
          continue;
        }

      g_atomic_int_inc (&self->n_files_read);
      file = g_file_get_child (self->directory, name);
      display = g_file_get_parse_name (file);
      if ((bytes = imtehan_key_file_load_bytes (file, IMTEHAN_ATTEMPT_MAX_SIZE, cancellable,
                                                &file_error)) &&
          (summary = summary_new_from_bytes (file, bytes, display, &file_error)))
        {
          if (summary->finished && cache != NULL)
            {
              g_hash_table_replace (cache, g_strdup (name),
                                    cache_entry_new (&stamp, summary, listing));
              self->cache_dirty = TRUE;
            }
          else if (!summary->finished)
            summary->locked_elsewhere = imtehan_store_is_locked_elsewhere (self, summary->id);
          g_ptr_array_add (summaries, summary);
          continue;
        }

      if (g_error_matches (file_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          closedir (dir);
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
  closedir (dir);

  /* Not found this time: deleted, set aside, or no longer finished and readable. */
  if (cache != NULL &&
      g_hash_table_foreach_remove (cache, is_stale_entry, GUINT_TO_POINTER (listing)) > 0)
    self->cache_dirty = TRUE;

  g_ptr_array_sort (summaries, compare_newest_first);

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
  cache_save (self);
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
  cache_save (self);
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
  cache_save (self);
  g_task_return_boolean (task, TRUE);
}

/**
 * imtehan_store_prefetch_list:
 *
 * Lists the folder on the store's worker now, before anyone asks: the next
 * imtehan_store_list_async() gets that listing, unless the worker wrote, locked or claimed
 * an attempt in between (then it lists again). At start-up the listing of a long history
 * then runs while the toolkit initializes.
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
  return self->cache_path ? g_file_new_for_path (self->cache_path) : NULL;
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
  const char *attempt_id = data->summary->id;
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(GError) error = NULL;
  ClaimResult *claim;
  gboolean locked = FALSE;

  if (g_task_return_error_if_cancelled (task))
    return;

  if (!data->summary->finished)
    {
      g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->locks_mutex);

      if (!holds_lock (self, attempt_id))
        {
          if (!take_lock (self, attempt_id, &error))
            {
              g_task_return_error (task, g_steal_pointer (&error));
              return;
            }
          locked = TRUE;
        }
    }

  attempt = imtehan_store_load (self, data->summary, data->quiz, g_task_get_cancellable (task),
                                &error);
  /* A lock taken here is given back if the load fails; and a finished attempt is never
   * written again, so it needs none. */
  if (locked && (attempt == NULL || imtehan_attempt_get_finished (attempt)))
    {
      imtehan_store_unlock (self, attempt_id);
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
