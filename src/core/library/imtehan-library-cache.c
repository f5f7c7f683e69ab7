/* imtehan-library-cache.c: what the library keeps of each quiz file between starts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Parsing 500 quizzes costs a core ~150 ms at every start, on a machine of two cores that the
 * first frame needs too (docs/performance.md). Each listed quiz's card is kept in one file of
 * the user's cache folder and reused while the file's size, modification time (to the
 * microsecond) and inode are what they were; a changed, new or broken file is parsed. The
 * quiz itself is loaded when it is opened.
 *
 * Derived data: a cache that cannot be read, is of another version or does not parse is
 * ignored as a whole and written again.
 */

#define G_LOG_DOMAIN "imtehan-library"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "imtehan-library-private.h"

/* Bumped whenever CACHE_TYPE or the meaning of a field changes. It comes first, so a cache of
 * the other byte order (a home folder on NFS) reads as another version. */
#define CACHE_VERSION 1
/* Version; per file: path, size, mtime (µs), inode; id, version, difficulty ("" for none),
 * questions, digest, English title, Urdu title, sort key. */
#define CACHE_TYPE "(ua(aytttsusussss))"
#define RECORD_TYPE "(aytttsusussss)"
/* The same, the path as a C string */
#define RECORD_FORMAT "(^aytttsusussss)"
/* More would be a folder of something else: the listing stops at 2000 per folder anyway. */
#define CACHE_MAX_SIZE (64 * 1024 * 1024)

typedef struct
{
  guint64            size;
  guint64            mtime;
  guint64            inode;
  ImtehanLibraryCard card;
} Record;

struct _ImtehanLibraryCache
{
  char       *path;
  GHashTable *old;     /* file path → Record, as read */
  GHashTable *kept;    /* file path → Record, of this listing */
  gboolean    changed; /* kept differs from old */
};

void
imtehan_library_card_clear (ImtehanLibraryCard *card)
{
  g_clear_pointer (&card->id, g_free);
  g_clear_pointer (&card->difficulty, g_free);
  g_clear_pointer (&card->digest, g_free);
  g_clear_pointer (&card->title_en, g_free);
  g_clear_pointer (&card->title_ur, g_free);
  g_clear_pointer (&card->sort_key, g_free);
}

void
imtehan_library_card_copy (ImtehanLibraryCard       *dest,
                           const ImtehanLibraryCard *src)
{
  dest->id = g_strdup (src->id);
  dest->version = src->version;
  dest->difficulty = g_strdup (src->difficulty);
  dest->n_questions = src->n_questions;
  dest->digest = g_strdup (src->digest);
  dest->title_en = g_strdup (src->title_en);
  dest->title_ur = g_strdup (src->title_ur);
  dest->sort_key = g_strdup (src->sort_key);
}

static void
record_free (Record *record)
{
  imtehan_library_card_clear (&record->card);
  g_free (record);
}

/* To the microsecond: an opened copy and the one before it are often written the same second. */
gint64
imtehan_library_stat_mtime (const GStatBuf *st)
{
  return (gint64)st->st_mtim.tv_sec * G_USEC_PER_SEC + st->st_mtim.tv_nsec / 1000;
}

static gboolean
record_matches (const Record   *record,
                const GStatBuf *st)
{
  return record->size == (guint64)st->st_size &&
         record->mtime == (guint64)imtehan_library_stat_mtime (st) &&
         record->inode == (guint64)st->st_ino;
}

static void
read_records (ImtehanLibraryCache *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(GVariant) records = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  guint32 version = 0;

  if (!g_file_get_contents (self->path, &contents, &length, &error))
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_debug ("Library cache %s not read: %s", self->path, error->message);
      return;
    }
  if (length > CACHE_MAX_SIZE)
    return;
  /* Not trusted: GVariant checks offsets and strings as they are read. */
  variant = g_variant_new_from_data (G_VARIANT_TYPE (CACHE_TYPE), contents, length, FALSE,
                                     NULL, NULL);
  g_variant_get_child (variant, 0, "u", &version);
  if (version != CACHE_VERSION)
    return;
  records = g_variant_get_child_value (variant, 1);
  for (gsize i = 0, n = g_variant_n_children (records); i < n; i++)
    {
      Record *record = g_new0 (Record, 1);
      g_autofree char *path = NULL;
      g_autofree char *difficulty = NULL;

      g_variant_get_child (records, i, RECORD_FORMAT, &path, &record->size, &record->mtime,
                           &record->inode, &record->card.id, &record->card.version,
                           &difficulty, &record->card.n_questions, &record->card.digest,
                           &record->card.title_en, &record->card.title_ur,
                           &record->card.sort_key);
      /* A garbled record reads as empty strings: never list a quiz without an id. */
      if (path == NULL || *path == '\0' || *record->card.id == '\0' ||
          strlen (record->card.digest) != 64)
        {
          record_free (record);
          continue;
        }
      record->card.difficulty = *difficulty != '\0' ? g_steal_pointer (&difficulty) : NULL;
      g_hash_table_replace (self->old, g_steal_pointer (&path), record);
    }
}

/* Returns: (transfer full): the cache kept in @path (nothing yet if it cannot be read) */
ImtehanLibraryCache *
imtehan_library_cache_load (const char *path)
{
  ImtehanLibraryCache *self = g_new0 (ImtehanLibraryCache, 1);

  self->path = g_strdup (path);
  self->old = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                     (GDestroyNotify)record_free);
  self->kept = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                      (GDestroyNotify)record_free);
  read_records (self);
  return self;
}

void
imtehan_library_cache_free (ImtehanLibraryCache *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->old, g_hash_table_unref);
  g_clear_pointer (&self->kept, g_hash_table_unref);
  g_clear_pointer (&self->path, g_free);
  g_free (self);
}

/* Returns: (nullable): the card of @file_path if it was cached with the size, modification
 * time and inode of @st */
const ImtehanLibraryCard *
imtehan_library_cache_lookup (ImtehanLibraryCache *self,
                              const char          *file_path,
                              const GStatBuf      *st)
{
  Record *record = g_hash_table_lookup (self->old, file_path);

  return record != NULL && record_matches (record, st) ? &record->card : NULL;
}

/* Keeps @card for the next start: every quiz that loaded in this listing is kept, whether
 * its card came from the cache or not; files not kept are forgotten. */
void
imtehan_library_cache_keep (ImtehanLibraryCache      *self,
                            const char               *file_path,
                            const GStatBuf           *st,
                            const ImtehanLibraryCard *card)
{
  Record *old = g_hash_table_lookup (self->old, file_path);
  Record *record = g_new0 (Record, 1);

  record->size = st->st_size;
  record->mtime = imtehan_library_stat_mtime (st);
  record->inode = st->st_ino;
  imtehan_library_card_copy (&record->card, card);
  if (old == NULL || !record_matches (old, st) || g_strcmp0 (old->card.digest, card->digest) != 0)
    self->changed = TRUE;
  g_hash_table_replace (self->kept, g_strdup (file_path), record);
}

/* Writes the cards kept if they differ from those read. Failing to is not the user's
 * problem: the next start parses the files again. */
void
imtehan_library_cache_save (ImtehanLibraryCache *self)
{
  g_autoptr(GVariantBuilder) builder = NULL;
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  GHashTableIter iter;
  gpointer key, value;

  if (!self->changed && g_hash_table_size (self->kept) == g_hash_table_size (self->old))
    return;

  builder = g_variant_builder_new (G_VARIANT_TYPE ("a" RECORD_TYPE));
  g_hash_table_iter_init (&iter, self->kept);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Record *record = value;

      g_variant_builder_add (builder, RECORD_FORMAT, key, record->size, record->mtime,
                             record->inode, record->card.id, record->card.version,
                             record->card.difficulty ? record->card.difficulty : "",
                             record->card.n_questions, record->card.digest,
                             record->card.title_en, record->card.title_ur,
                             record->card.sort_key);
    }
  variant = g_variant_ref_sink (g_variant_new ("(u@a" RECORD_TYPE ")", CACHE_VERSION,
                                               g_variant_builder_end (builder)));

  folder = g_path_get_dirname (self->path);
  if (g_mkdir_with_parents (folder, 0700) != 0 ||
      !g_file_set_contents (self->path, g_variant_get_data (variant),
                            g_variant_get_size (variant), &error))
    g_debug ("Library cache %s not written: %s", self->path,
             error ? error->message : g_strerror (errno));
}
