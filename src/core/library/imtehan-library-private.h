/* imtehan-library-private.h: the library's fields, and what it keeps of each quiz file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib/gstdio.h>

#include "imtehan-library.h"

G_BEGIN_DECLS

/* What the list shows of a quiz that loads, and what the duplicate rule needs: enough to list
 * it without parsing the file. */
typedef struct
{
  char  *id;
  guint  version;
  char  *difficulty;   /* NULL when the quiz gives none */
  guint  n_questions;
  char  *digest;
  char  *title_en;     /* imtehan_quiz_get_title (quiz, "en"), with its fallback */
  char  *title_ur;
  char  *sort_key;     /* the title of no language, case-folded */
} ImtehanLibraryCard;

void                imtehan_library_card_clear      (ImtehanLibraryCard       *card);
void                imtehan_library_card_copy       (ImtehanLibraryCard       *dest,
                                                     const ImtehanLibraryCard *src);

gint64              imtehan_library_stat_mtime     (const GStatBuf           *st);

typedef struct _ImtehanLibraryCache ImtehanLibraryCache;

ImtehanLibraryCache *imtehan_library_cache_load     (const char               *path);
void                 imtehan_library_cache_free     (ImtehanLibraryCache      *cache);
const ImtehanLibraryCard *
                     imtehan_library_cache_lookup   (ImtehanLibraryCache      *cache,
                                                     const char               *file_path,
                                                     const GStatBuf           *st);
void                 imtehan_library_cache_keep     (ImtehanLibraryCache      *cache,
                                                     const char               *file_path,
                                                     const GStatBuf           *st,
                                                     const ImtehanLibraryCard *card);
void                 imtehan_library_cache_save     (ImtehanLibraryCache      *cache);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImtehanLibraryCache, imtehan_library_cache_free)

#define IMTEHAN_LIBRARY_QUIZ_SUFFIX ".quiz"

/* The library's fields, shared by imtehan-library.c, -listing.c and -import.c. */
struct _ImtehanLibrary
{
  GObject              parent_instance;

  /* Set at construction and never changed: the workers read them. */
  GStrv                bundled;        /* resource paths */
  GStrv                system_folders;
  char                *user_folder;
  char                *cache_file;     /* NULL: every file is parsed at every listing */

  ImtehanQuizVersions *versions;       /* nullable: where imported quizzes are kept */
  GPtrArray           *entries;        /* ImtehanLibraryEntry, sorted by
                                        * imtehan_library_entry_compare() */
  guint                generation;     /* counts reloads begun and imports applied */
  guint                last_reload;    /* the generation of the last reload begun */
  gboolean             listed;         /* a listing has finished, whether or not it failed */
};

/* The list becomes @entries (sorted), with one items-changed over the part that differs. */
void      imtehan_library_set_entries  (ImtehanLibrary *self,
                                        GPtrArray      *entries);
/* Notifies #ImtehanLibrary:listed the first time, after that listing's items-changed. */
void      imtehan_library_set_listed   (ImtehanLibrary *self);
gboolean  imtehan_library_is_quiz_name (const char     *name);

ImtehanLibraryEntry *imtehan_library_entry_new_load      (GFile                    *file,
                                                          ImtehanLibraryOrigin      origin,
                                                          guint                     rank,
                                                          gint64                    mtime,
                                                          GBytes                   *known_bytes,
                                                          ImtehanQuiz              *known_quiz,
                                                          GCancellable             *cancellable);
ImtehanLibraryEntry *imtehan_library_entry_new_from_card (GFile                    *file,
                                                          ImtehanLibraryOrigin      origin,
                                                          guint                     rank,
                                                          gint64                    mtime,
                                                          const ImtehanLibraryCard *card);
const ImtehanLibraryCard *
                     imtehan_library_entry_get_card      (ImtehanLibraryEntry      *self);
gboolean             imtehan_library_entry_wins          (ImtehanLibraryEntry      *a,
                                                          ImtehanLibraryEntry      *b);
int                  imtehan_library_entry_compare       (gconstpointer             a,
                                                          gconstpointer             b);
gboolean             imtehan_library_entry_same          (ImtehanLibraryEntry      *a,
                                                          ImtehanLibraryEntry      *b);

G_END_DECLS
