/* imtehan-library-listing.c: listing the library's folders on a worker
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-library"

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "imtehan-library-private.h"

#define RESOURCE_SCHEME "resource://"

typedef struct
{
  GHashTable          *previous;   /* URI → ImtehanLibraryEntry listed before, to reuse */
  guint                generation;
  ImtehanLibraryCache *cache;      /* NULL when the library keeps none */
} ReloadJob;

static void
reload_job_free (ReloadJob *job)
{
  g_clear_pointer (&job->previous, g_hash_table_unref);
  g_clear_pointer (&job->cache, imtehan_library_cache_free);
  g_free (job);
}

gboolean
imtehan_library_is_quiz_name (const char *name)
{
  return name[0] != '.' && g_str_has_suffix (name, IMTEHAN_LIBRARY_QUIZ_SUFFIX) &&
         strlen (name) > strlen (IMTEHAN_LIBRARY_QUIZ_SUFFIX);
}

/* An entry for @file, the one listed before if the file is the same. */
static ImtehanLibraryEntry *
reload_entry (ReloadJob            *job,
              GFile                *file,
              ImtehanLibraryOrigin  origin,
              guint                 rank,
              gint64                mtime,
              GBytes               *bytes,
              GCancellable         *cancellable)
{
  g_autoptr(ImtehanLibraryEntry) entry = imtehan_library_entry_new_load (file, origin, rank,
                                                                         mtime, bytes, NULL,
                                                                         cancellable);
  g_autofree char *uri = g_file_get_uri (file);
  ImtehanLibraryEntry *previous = g_hash_table_lookup (job->previous, uri);

  if (previous != NULL && imtehan_library_entry_same (previous, entry))
    return g_object_ref (previous);
  return g_steal_pointer (&entry);
}

static ImtehanLibraryEntry *
reload_entry_from_card (ReloadJob                *job,
                        GFile                    *file,
                        ImtehanLibraryOrigin      origin,
                        guint                     rank,
                        gint64                    mtime,
                        const ImtehanLibraryCard *card)
{
  g_autoptr(ImtehanLibraryEntry) entry = imtehan_library_entry_new_from_card (file, origin, rank,
                                                                              mtime, card);
  g_autofree char *uri = g_file_get_uri (file);
  ImtehanLibraryEntry *previous = g_hash_table_lookup (job->previous, uri);

  if (previous != NULL && imtehan_library_entry_same (previous, entry))
    return g_object_ref (previous);
  return g_steal_pointer (&entry);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char **)a, *(const char **)b);
}

/* The *.quiz files of @folder, by name: hidden files and other names are skipped, symbolic
 * links followed, anything but a regular file (a folder named x.quiz) skipped. A missing
 * folder is an empty one. */
static void
list_folder (ReloadJob            *job,
             const char           *folder,
             ImtehanLibraryOrigin  origin,
             guint                 rank,
             GPtrArray            *found,
             GCancellable         *cancellable)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (folder, 0, &error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT) &&
          !g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR))
        g_message ("Could not list the quizzes of %s: %s", folder, error->message);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    if (imtehan_library_is_quiz_name (name))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  if (names->len > IMTEHAN_LIBRARY_MAX_FILES_PER_FOLDER)
    {
      g_warning ("%s holds %u quiz files; only the first %d by name are listed", folder,
                 names->len, IMTEHAN_LIBRARY_MAX_FILES_PER_FOLDER);
      g_ptr_array_set_size (names, IMTEHAN_LIBRARY_MAX_FILES_PER_FOLDER);
    }

  for (guint i = 0; i < names->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      g_autofree char *path = g_build_filename (folder, g_ptr_array_index (names, i), NULL);
      g_autoptr(GFile) file = NULL;
      GStatBuf st;
      const ImtehanLibraryCard *card;
      ImtehanLibraryEntry *entry;
      gint64 mtime;

      if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode))
        continue;
      file = g_file_new_for_path (path);
      mtime = imtehan_library_stat_mtime (&st);
      if (job->cache != NULL && (card = imtehan_library_cache_lookup (job->cache, path, &st)))
        entry = reload_entry_from_card (job, file, origin, rank, mtime, card);
      else
        entry = reload_entry (job, file, origin, rank, mtime, NULL, cancellable);
      if (job->cache != NULL && imtehan_library_entry_is_valid (entry))
        imtehan_library_cache_keep (job->cache, path, &st, imtehan_library_entry_get_card (entry));
      g_ptr_array_add (found, entry);
    }
}

static void
list_bundled (ReloadJob          *job,
              const char * const *resources,
              guint               rank,
              GPtrArray          *found,
              GCancellable       *cancellable)
{
  for (guint i = 0; resources[i] != NULL; i++)
    {
      g_autofree char *uri = g_strconcat (RESOURCE_SCHEME, resources[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_uri (uri);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = g_resources_lookup_data (resources[i],
                                                         G_RESOURCE_LOOKUP_FLAGS_NONE, &error);

      /* A missing resource is the program's bug, not the user's file: say so and go on. */
      if (bytes == NULL)
        {
          g_critical ("The bundled quiz %s is missing: %s", resources[i], error->message);
          continue;
        }
      g_ptr_array_add (found, reload_entry (job, file, IMTEHAN_LIBRARY_ORIGIN_BUNDLED, rank, 0,
                                            bytes, cancellable));
    }
}

/* Keeps one entry per quiz id (imtehan_library_entry_wins()) and every broken file, sorted. */
static GPtrArray *
resolve (GPtrArray *found)
{
  g_autoptr(GHashTable) best = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *entries = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < found->len; i++)
    {
      ImtehanLibraryEntry *entry = g_ptr_array_index (found, i);
      const char *id = imtehan_library_entry_get_id (entry);
      ImtehanLibraryEntry *other;

      if (id == NULL)
        g_ptr_array_add (entries, g_object_ref (entry));
      else if (!(other = g_hash_table_lookup (best, id)) ||
               imtehan_library_entry_wins (entry, other))
        g_hash_table_insert (best, (gpointer)id, entry);
    }
  for (guint i = 0; i < found->len; i++)
    {
      ImtehanLibraryEntry *entry = g_ptr_array_index (found, i);
      const char *id = imtehan_library_entry_get_id (entry);

      if (id != NULL && g_hash_table_lookup (best, id) == entry)
        g_ptr_array_add (entries, g_object_ref (entry));
    }
  g_ptr_array_sort (entries, imtehan_library_entry_compare);
  return entries;
}

/* Loading quizzes here is safe: the loader keeps no state between calls, an ImtehanQuiz never
 * changes once made, and gettext locks its own. Error messages are in the language of the
 * moment of the reload. */
static void
reload_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImtehanLibrary *self = source_object;
  ReloadJob *job = task_data;
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_object_unref);
  guint rank = 0;

  if (self->cache_file != NULL)
    job->cache = imtehan_library_cache_load (self->cache_file);
  list_folder (job, self->user_folder, IMTEHAN_LIBRARY_ORIGIN_USER, rank++, found, cancellable);
  for (guint i = 0; self->system_folders[i] != NULL; i++)
    list_folder (job, self->system_folders[i], IMTEHAN_LIBRARY_ORIGIN_SYSTEM, rank++, found,
                 cancellable);
  list_bundled (job, (const char * const *)self->bundled, rank, found, cancellable);

  if (g_task_return_error_if_cancelled (task))
    return;
  if (job->cache != NULL)
    imtehan_library_cache_save (job->cache);
  g_task_return_pointer (task, resolve (found), (GDestroyNotify)g_ptr_array_unref);
}


static void
reload_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  ImtehanLibrary *self = IMTEHAN_LIBRARY (object);
  g_autoptr(GTask) task = user_data;
  ReloadJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GPtrArray) entries = NULL;
  GError *error = NULL;

  if (!(entries = g_task_propagate_pointer (G_TASK (result), &error)))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        imtehan_library_set_listed (self);
      g_task_return_error (task, error);
      return;
    }

  if (job->generation == self->generation)
    imtehan_library_set_entries (self, entries);
  else if (job->generation == self->last_reload)
    {
      /* An import was applied meanwhile, after this listing had begun: it may lack the copy.
       * List again rather than lose either. */
      imtehan_library_reload_async (self, g_task_get_cancellable (task), NULL, NULL);
    }
  /* Otherwise a later reload is on its way and will set the list. */
  imtehan_library_set_listed (self);
  g_task_return_boolean (task, TRUE);
}

/**
 * imtehan_library_reload_async:
 *
 * Lists and loads the quizzes of every source on a worker thread, then updates the list on
 * this thread with one items-changed (none if nothing changed). A missing folder is an empty
 * one; a file that does not load is listed with its error and left as it is.
 */
void
imtehan_library_reload_async (ImtehanLibrary      *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) worker = NULL;
  ReloadJob *job;

  g_return_if_fail (IMTEHAN_IS_LIBRARY (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_library_reload_async);

  job = g_new0 (ReloadJob, 1);
  job->generation = self->last_reload = ++self->generation;
  job->previous = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  for (guint i = 0; i < self->entries->len; i++)
    {
      ImtehanLibraryEntry *entry = g_ptr_array_index (self->entries, i);

      g_hash_table_insert (job->previous, g_file_get_uri (imtehan_library_entry_get_file (entry)),
                           g_object_ref (entry));
    }

  worker = g_task_new (self, cancellable, reload_done_cb, g_steal_pointer (&task));
  g_task_set_source_tag (worker, imtehan_library_reload_async);
  g_task_set_task_data (worker, job, (GDestroyNotify)reload_job_free);
  g_task_run_in_thread (worker, reload_thread);
}

gboolean
imtehan_library_reload_finish (ImtehanLibrary  *self,
                               GAsyncResult    *result,
                               GError         **error)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imtehan_library_reload_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
