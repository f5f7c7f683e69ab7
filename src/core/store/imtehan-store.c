/* imtehan-store.c: the folder of attempt files, and the worker that does its I/O
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One GKeyFile per attempt, never rewritten by anyone but the attempt that owns it: two
 * instances, two users or two lab PCs sharing the folder cannot lose each other's results.
 * Saving: imtehan-store-save.c and imtehan-store-pending.c; listing: imtehan-store-list.c;
 * resuming: imtehan-store-claim.c; locks: imtehan-store-locks.c.
 */

#define G_LOG_DOMAIN "imtehan-store"

#include "config.h"

#include "imtehan-intl-private.h"

#include "imtehan-attempt.h"
#include "imtehan-store.h"
#include "imtehan-store-private.h"

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

/* Set while a writer thread runs a job, including when it frees the task. */
static GPrivate in_writer = G_PRIVATE_INIT (NULL);

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
    imtehan_store_list_thread (task);
  else if (tag == imtehan_store_prefetch_list)
    imtehan_store_prefetch_thread (task);
  else if (tag == imtehan_store_lock_async)
    imtehan_store_lock_thread (task);
  else if (tag == imtehan_store_unlock)
    imtehan_store_release_thread (task);
  else if (tag == imtehan_store_claim_async)
    imtehan_store_claim_thread (task);
  else
    imtehan_store_write_thread (task);
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

  g_clear_pointer (&self->prefetched, imtehan_store_list_result_free);
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

  name = g_strconcat (imtehan_attempt_get_id (attempt), IMTEHAN_STORE_SUFFIX, NULL);
  return g_file_get_child (self->directory, name);
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
