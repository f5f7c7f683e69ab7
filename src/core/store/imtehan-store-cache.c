/* imtehan-store-cache.c: the summaries of finished attempts, kept between listings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-store-cache"

#include "config.h"

#include <errno.h>
#include <math.h>
#include <glib/gstdio.h>
#include <string.h>

#include "imtehan-attempt-private.h"
#include "imtehan-attempt-summary-private.h"
#include "imtehan-store-private.h"

/* A finished attempt's file is never written again, so its summary is kept, in memory and in
 * one file per attempts folder in the user's cache folder: not in the attempts folder, which
 * may be a lab share written by several PCs, each with its own idea of what it has read.
 *
 * A summary is reused only while the file's name, size, modification time (seconds and
 * microseconds) and inode are what the listing saw when it was read; the listing stats every
 * file anyway, so a reused file is not even opened. Unfinished attempts are always read: they
 * are rewritten after every answer, possibly within the same second and at the same size, and
 * FAT keeps modification times to 2 s. Files that do not parse are never cached, so they are
 * set aside and reported at every listing exactly as without a cache.
 *
 * The cache is derived data: a file that cannot be read, is truncated, garbage, of another
 * version or of another folder is ignored as a whole and overwritten. "Never overwrite, never
 * delete" is a rule for results files, not for this. */

#define CACHE_SUFFIX ".summaries"
/* Bumped whenever CACHE_TYPE or the meaning of a field changes: an old cache is then
 * ignored and written again. The version comes first in the file, so a cache written on a
 * machine of the other byte order (a home folder shared over NFS) reads as a wrong version. */
#define CACHE_VERSION 5
/* Version, attempts folder; the strings of all entries, each ended by a NUL, CACHE_N_STRINGS
 * per entry: file name (not necessarily UTF-8 on a shared folder), id, quiz, language,
 * learner, started (ISO 8601), quiz digest ("" if not recorded; version 3), roll number, host
 * ("" if not recorded), mode, finish reason (as the attempt file spells them; version 4);
 * then one array per number, one element per entry: size, mtime, mtime usec, inode, score,
 * total, answered, quiz version, marks (partial credit included; version 5). Arrays of fixed
 * size are read in place, with no GVariant per field: that is what keeps loading a long
 * history cheap. */
#define CACHE_TYPE "(uayayatatauatauauauauad)"
#define CACHE_N_STRINGS 11

struct _ImtehanStoreCache
{
  GFile      *directory;   /* the attempts folder */
  char       *path;        /* the cache file */
  GMutex      mutex;       /* held from imtehan_store_cache_begin() to imtehan_store_cache_end() */
  GHashTable *entries;     /* file name → CacheEntry, as of the last listing; NULL before */
  gboolean    dirty;       /* the cache file is not what @entries says: write it */
  guint       n_listings;
};

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
entries_new (void)
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

/* As the attempt reader leaves it. */
static gboolean
is_digest_or_empty (const char *digest)
{
  gsize length = strlen (digest);

  return length == 0 || (length == 64 && strspn (digest, "0123456789abcdef") == 64);
}

/* The cache file's entries, or NULL if there is none or it is not usable; then @rejected
 * says whether a file was there, to be replaced. */
static GHashTable *
cache_load (ImtehanStoreCache *self,
            gboolean          *rejected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) entries = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(GVariant) strings_v = NULL, sizes_v = NULL, mtimes_v = NULL, usecs_v = NULL;
  g_autoptr(GVariant) inodes_v = NULL, scores_v = NULL, totals_v = NULL, answered_v = NULL;
  g_autoptr(GVariant) quiz_versions_v = NULL, marks_v = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_file_get_path (self->directory);
  const guint64 *sizes, *mtimes, *inodes;
  const guint32 *usecs, *scores, *totals, *answered, *quiz_versions;
  const double *marks;
  const char *cached_dir = NULL;
  const char *strings, *next, *end;
  gsize n, n_strings, lengths[9];
  guint32 version = 0;
  gsize length = 0;

  *rejected = FALSE;
  if (!g_file_get_contents (self->path, &contents, &length, &error))
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
  /* Not g_variant_is_normal_form(): it visits every byte of the strings, which costs more than
   * all the rest. GVariant reads untrusted data safely anyway (a damaged part reads as zeros
   * or empty arrays), and everything read is checked below: version, folder, array lengths,
   * every string's end and encoding, every number's range. */
  g_variant_get (variant, "(u^&ay@ay@at@at@au@at@au@au@au@au@ad)", &version, &cached_dir,
                 &strings_v, &sizes_v, &mtimes_v, &usecs_v, &inodes_v, &scores_v, &totals_v,
                 &answered_v, &quiz_versions_v, &marks_v);
  if (version != CACHE_VERSION || g_strcmp0 (cached_dir, dir) != 0)
    {
      g_debug ("Ignoring the summary cache %s: version %u, of “%s”",
               self->path, version, cached_dir);
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
  quiz_versions = g_variant_get_fixed_array (quiz_versions_v, &lengths[7], sizeof (guint32));
  marks = g_variant_get_fixed_array (marks_v, &lengths[8], sizeof (double));
  n = lengths[0];
  for (guint i = 1; i < G_N_ELEMENTS (lengths); i++)
    if (lengths[i] != n)
      {
        g_debug ("Ignoring the summary cache %s: arrays of different lengths", self->path);
        return NULL;
      }
  /* Every string, the last one included, ends within the array. */
  if (n_strings > 0 && strings[n_strings - 1] != '\0')
    {
      g_debug ("Ignoring the summary cache %s: an unfinished string", self->path);
      return NULL;
    }

  entries = entries_new ();
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
              g_debug ("Ignoring the summary cache %s: too few strings", self->path);
              return NULL;
            }
          field[f] = next;
          next += strlen (next) + 1;
          /* The file name is in the file system's encoding; the rest is shown. */
          valid = valid && (f == 0 || g_utf8_validate (field[f], next - 1 - field[f], NULL));
        }

      /* What imtehan_attempt_summary_new_from_bytes() would have refused is not from this
       * program. */
      if (!valid || *field[0] == '\0' || strchr (field[0], G_DIR_SEPARATOR) != NULL ||
          *field[1] == '\0' || *field[2] == '\0' || totals[i] == 0 || scores[i] > totals[i] ||
          answered[i] > totals[i] || !isfinite (marks[i]) || marks[i] < scores[i] ||
          marks[i] > totals[i] || g_hash_table_contains (entries, field[0]) ||
          !(started = g_date_time_new_from_iso8601 (field[5], NULL)) ||
          !is_digest_or_empty (field[6]))
        {
          g_debug ("Ignoring the summary cache %s: a wrong entry", self->path);
          return NULL;
        }

      summary = imtehan_attempt_summary_new_finished (self->directory, field[0], field[1],
                                                      field[2], field[3], field[4], started,
                                                      scores[i], marks[i], totals[i], answered[i],
                                                      quiz_versions[i], field[6]);
      if (!imtehan_attempt_summary_set_lab_fields (summary, field[7], field[8], field[9],
                                                   field[10]))
        {
          g_debug ("Ignoring the summary cache %s: a wrong entry", self->path);
          return NULL;
        }
      g_hash_table_insert (entries, g_strdup (field[0]), cache_entry_new (&stamp, summary, 0));
    }
  if (next != end)
    {
      g_debug ("Ignoring the summary cache %s: too many strings", self->path);
      return NULL;
    }

  *rejected = FALSE;
  return g_steal_pointer (&entries);
}

/* Runs with the mutex held. */
static GBytes *
cache_serialize (ImtehanStoreCache *self)
{
  guint n = g_hash_table_size (self->entries);
  g_autofree char *dir = g_file_get_path (self->directory);
  g_autoptr(GByteArray) strings = g_byte_array_sized_new (n * 128);
  g_autofree guint64 *sizes = g_new (guint64, n), *mtimes = g_new (guint64, n);
  g_autofree guint64 *inodes = g_new (guint64, n);
  g_autofree guint32 *usecs = g_new (guint32, n), *scores = g_new (guint32, n);
  g_autofree guint32 *totals = g_new (guint32, n), *answered = g_new (guint32, n);
  g_autofree guint32 *quiz_versions = g_new (guint32, n);
  g_autofree double *marks = g_new (double, n);
  g_autoptr(GVariant) variant = NULL;
  GHashTableIter iter;
  gpointer key, value;
  guint i = 0;

  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      CacheEntry *entry = value;
      ImtehanAttemptSummary *summary = entry->summary;
      g_autofree char *started =
        g_date_time_format_iso8601 (imtehan_attempt_summary_get_started (summary));
      const char *digest = imtehan_attempt_summary_get_quiz_digest (summary);
      const char *host = imtehan_attempt_summary_get_host (summary);
      const char *field[CACHE_N_STRINGS] = {
        key,
        imtehan_attempt_summary_get_id (summary),
        imtehan_attempt_summary_get_quiz_id (summary),
        imtehan_attempt_summary_get_language (summary),
        imtehan_attempt_summary_get_learner (summary),
        started,
        digest ? digest : "",
        imtehan_attempt_summary_get_roll_number (summary),
        host ? host : "",
        imtehan_mode_to_string (imtehan_attempt_summary_get_mode (summary)),
        imtehan_finish_reason_to_string (imtehan_attempt_summary_get_finish_reason (summary)),
      };

      for (guint f = 0; f < CACHE_N_STRINGS; f++)
        g_byte_array_append (strings, (const guint8 *)field[f], strlen (field[f]) + 1);
      sizes[i] = entry->stamp.size;
      mtimes[i] = entry->stamp.mtime;
      usecs[i] = entry->stamp.mtime_usec;
      inodes[i] = entry->stamp.inode;
      scores[i] = imtehan_attempt_summary_get_score (summary);
      totals[i] = imtehan_attempt_summary_get_total (summary);
      answered[i] = imtehan_attempt_summary_get_n_answered (summary);
      quiz_versions[i] = imtehan_attempt_summary_get_quiz_version (summary);
      marks[i] = imtehan_attempt_summary_get_marks (summary);
      i++;
    }

#define FIXED(type, array, n) g_variant_new_fixed_array ((type), (array), (n), sizeof *(array))
  variant = g_variant_new ("(u^ay@ay@at@at@au@at@au@au@au@au@ad)", CACHE_VERSION, dir,
                           FIXED (G_VARIANT_TYPE_BYTE, strings->data, strings->len),
                           FIXED (G_VARIANT_TYPE_UINT64, sizes, n),
                           FIXED (G_VARIANT_TYPE_UINT64, mtimes, n),
                           FIXED (G_VARIANT_TYPE_UINT32, usecs, n),
                           FIXED (G_VARIANT_TYPE_UINT64, inodes, n),
                           FIXED (G_VARIANT_TYPE_UINT32, scores, n),
                           FIXED (G_VARIANT_TYPE_UINT32, totals, n),
                           FIXED (G_VARIANT_TYPE_UINT32, answered, n),
                           FIXED (G_VARIANT_TYPE_UINT32, quiz_versions, n),
                           FIXED (G_VARIANT_TYPE_DOUBLE, marks, n));
#undef FIXED
  g_variant_ref_sink (variant);
  return g_variant_get_data_as_bytes (variant);
}

/* One cache file per attempts folder, named by a hash of its path: the app's folder, a
 * teacher's other folder and the tests' temporary folders never share one. NULL when either
 * folder has no local path. */
ImtehanStoreCache *
imtehan_store_cache_new (GFile *directory,
                         GFile *cache_directory)
{
  g_autofree char *dir = g_file_get_path (directory);
  g_autofree char *cache_dir = g_file_get_path (cache_directory);
  g_autofree char *hash = NULL;
  g_autofree char *name = NULL;
  ImtehanStoreCache *self;

  if (dir == NULL || cache_dir == NULL)
    return NULL;

  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, dir, -1);
  name = g_strconcat (hash, CACHE_SUFFIX, NULL);
  self = g_new0 (ImtehanStoreCache, 1);
  self->directory = g_object_ref (directory);
  self->path = g_build_filename (cache_dir, name, NULL);
  g_mutex_init (&self->mutex);
  return self;
}

void
imtehan_store_cache_free (ImtehanStoreCache *self)
{
  g_clear_pointer (&self->entries, g_hash_table_unref);
  g_mutex_clear (&self->mutex);
  g_clear_pointer (&self->path, g_free);
  g_clear_object (&self->directory);
  g_free (self);
}

const char *
imtehan_store_cache_get_path (ImtehanStoreCache *self)
{
  return self->path;
}

/* Starts a listing: takes the mutex until imtehan_store_cache_end(), reads the cache file the
 * first time, and returns the listing's number for the calls in between. */
guint
imtehan_store_cache_begin (ImtehanStoreCache *self)
{
  g_mutex_lock (&self->mutex);
  if (self->entries == NULL)
    {
      gboolean rejected = FALSE;

      if (!(self->entries = cache_load (self, &rejected)))
        self->entries = entries_new ();
      self->dirty = rejected;
    }
  return ++self->n_listings;
}

/* The cached summary of @name, if the file is still the one it was made from; the listing
 * then counts it as found. */
ImtehanAttemptSummary *
imtehan_store_cache_lookup (ImtehanStoreCache *self,
                            guint              listing,
                            const char        *name,
                            const struct stat *st)
{
  CacheEntry *entry = g_hash_table_lookup (self->entries, name);
  FileStamp stamp;

  file_stamp_init (&stamp, st);
  if (entry == NULL || !file_stamp_equal (&entry->stamp, &stamp))
    return NULL;
  entry->listing = listing;
  return entry->summary;
}

/* Remembers the summary of a finished attempt read from @name, as @st describes it. The cache
 * is updated in place: every entry is right for the file it names whenever the listing stops,
 * cancelled or not. */
void
imtehan_store_cache_add (ImtehanStoreCache     *self,
                         guint                  listing,
                         const char            *name,
                         const struct stat     *st,
                         ImtehanAttemptSummary *summary)
{
  FileStamp stamp;

  g_assert (imtehan_attempt_summary_get_finished (summary));

  file_stamp_init (&stamp, st);
  g_hash_table_replace (self->entries, g_strdup (name),
                        cache_entry_new (&stamp, summary, listing));
  self->dirty = TRUE;
}

static gboolean
is_stale_entry (gpointer key,
                gpointer value,
                gpointer user_data)
{
  return ((CacheEntry *)value)->listing != GPOINTER_TO_UINT (user_data);
}

/* Ends a listing and lets go of the mutex. After a complete one, files it did not find are
 * forgotten: deleted, set aside, or no longer finished and readable. */
void
imtehan_store_cache_end (ImtehanStoreCache *self,
                         guint              listing,
                         gboolean           complete)
{
  if (complete &&
      g_hash_table_foreach_remove (self->entries, is_stale_entry, GUINT_TO_POINTER (listing)) > 0)
    self->dirty = TRUE;
  g_mutex_unlock (&self->mutex);
}

/* Writes the cache file if the last listings changed what it says. Not DURABLE: a cache
 * lost in a power cut costs one slow listing. A failure only costs speed, so it is logged
 * for developers and nobody else, and tried again after the next listing. */
void
imtehan_store_cache_save (ImtehanStoreCache *self)
{
  g_autofree char *cache_dir = NULL;
  g_autoptr(GBytes) data = NULL;
  g_autoptr(GError) error = NULL;

  g_mutex_lock (&self->mutex);
  if (self->entries != NULL && self->dirty)
    {
      data = cache_serialize (self);
      self->dirty = FALSE;
    }
  g_mutex_unlock (&self->mutex);
  if (data == NULL)
    return;

  cache_dir = g_path_get_dirname (self->path);
  if (g_mkdir_with_parents (cache_dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (&error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", cache_dir, g_strerror (saved_errno));
    }
  else
    g_file_set_contents_full (self->path, g_bytes_get_data (data, NULL),
                              g_bytes_get_size (data), G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                              &error);
  if (error != NULL)
    {
      g_debug ("Could not write the summary cache: %s", error->message);
      g_mutex_lock (&self->mutex);
      self->dirty = TRUE;
      g_mutex_unlock (&self->mutex);
    }
}
