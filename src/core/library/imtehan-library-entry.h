/* imtehan-library-entry.h: one quiz file of the library, as it was listed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-types.h"

G_BEGIN_DECLS

typedef enum
{
  IMTEHAN_LIBRARY_ORIGIN_BUNDLED, /* in the program's GResource */
  IMTEHAN_LIBRARY_ORIGIN_SYSTEM,  /* $XDG_DATA_DIRS/imtehan/quizzes: a package, a lab admin */
  IMTEHAN_LIBRARY_ORIGIN_USER,    /* $XDG_DATA_HOME/imtehan/quizzes: the user's, opened files */
} ImtehanLibraryOrigin;

#define IMTEHAN_TYPE_LIBRARY_ORIGIN (imtehan_library_origin_get_type ())
GType imtehan_library_origin_get_type (void) G_GNUC_CONST;

#define IMTEHAN_TYPE_LIBRARY_ENTRY (imtehan_library_entry_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanLibraryEntry, imtehan_library_entry,
                      IMTEHAN, LIBRARY_ENTRY, GObject)

GFile                *imtehan_library_entry_get_file   (ImtehanLibraryEntry *self);
ImtehanLibraryOrigin  imtehan_library_entry_get_origin (ImtehanLibraryEntry *self);
ImtehanQuiz          *imtehan_library_entry_load_quiz  (ImtehanLibraryEntry *self,
                                                        GError             **error);
gboolean              imtehan_library_entry_is_valid   (ImtehanLibraryEntry *self);
const char           *imtehan_library_entry_get_title  (ImtehanLibraryEntry *self,
                                                        const char          *lang);
guint                 imtehan_library_entry_get_n_questions (ImtehanLibraryEntry *self);
const char           *imtehan_library_entry_get_difficulty  (ImtehanLibraryEntry *self);
guint                 imtehan_library_entry_get_version     (ImtehanLibraryEntry *self);
const GError         *imtehan_library_entry_get_error  (ImtehanLibraryEntry *self);
const char           *imtehan_library_entry_get_id     (ImtehanLibraryEntry *self);
const char           *imtehan_library_entry_get_digest (ImtehanLibraryEntry *self);

G_END_DECLS
