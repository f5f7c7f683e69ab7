/* imtehan-library.h: where the quizzes come from
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-library-entry.h"
#include "imtehan-types.h"

G_BEGIN_DECLS

/* More .quiz files than this in one folder are not listed (with a warning). */
#define IMTEHAN_LIBRARY_MAX_FILES_PER_FOLDER 2000

#define IMTEHAN_TYPE_LIBRARY (imtehan_library_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanLibrary, imtehan_library, IMTEHAN, LIBRARY, GObject)

ImtehanLibrary      *imtehan_library_new             (const char * const  *bundled_resources,
                                                      const char * const  *system_folders,
                                                      const char          *user_folder);
ImtehanLibrary      *imtehan_library_new_default     (const char * const  *bundled_resources);
GFile               *imtehan_library_get_user_folder (ImtehanLibrary      *self);
gboolean             imtehan_library_get_listed      (ImtehanLibrary      *self);
void                 imtehan_library_set_versions    (ImtehanLibrary      *self,
                                                      ImtehanQuizVersions *versions);
ImtehanLibraryEntry *imtehan_library_lookup          (ImtehanLibrary      *self,
                                                      const char          *quiz_id);
void                 imtehan_library_reload_async    (ImtehanLibrary      *self,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);
gboolean             imtehan_library_reload_finish   (ImtehanLibrary      *self,
                                                      GAsyncResult        *result,
                                                      GError             **error);
void                 imtehan_library_import_async    (ImtehanLibrary      *self,
                                                      GFile               *file,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);
ImtehanLibraryEntry *imtehan_library_import_finish   (ImtehanLibrary      *self,
                                                      GAsyncResult        *result,
                                                      char              ***warnings,
                                                      GError             **error);

G_END_DECLS
