/* imtehan-library-private.h: what the library keeps of each quiz file between starts
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

G_END_DECLS
