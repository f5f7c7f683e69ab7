/* imtehan-context.h: what every window and command of one run shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-lab-config.h"
#include "imtehan-library.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "imtehan-store.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_CONTEXT (imtehan_context_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanContext, imtehan_context, IMTEHAN, CONTEXT, GObject)

ImtehanContext      *imtehan_context_new                 (ImtehanLabConfig     *lab_config);
ImtehanContext      *imtehan_context_new_full            (ImtehanLabConfig     *lab_config,
                                                          ImtehanStore         *store,
                                                          ImtehanLibrary       *library,
                                                          ImtehanQuizVersions  *versions,
                                                          ImtehanQuiz          *quiz);
ImtehanLabConfig    *imtehan_context_get_lab_config      (ImtehanContext       *self);
GSettings           *imtehan_context_get_settings        (ImtehanContext       *self);
ImtehanStore        *imtehan_context_get_store           (ImtehanContext       *self);
ImtehanLibrary      *imtehan_context_get_library         (ImtehanContext       *self);
ImtehanQuizVersions *imtehan_context_get_versions        (ImtehanContext       *self);
ImtehanQuiz         *imtehan_context_get_quiz            (ImtehanContext       *self);
void                 imtehan_context_list_library_async  (ImtehanContext       *self,
                                                          GCancellable         *cancellable,
                                                          GAsyncReadyCallback   callback,
                                                          gpointer              user_data);
gboolean             imtehan_context_list_library_finish (ImtehanContext       *self,
                                                          GAsyncResult         *result,
                                                          GError              **error);
const char          *imtehan_context_get_learner         (ImtehanContext       *self);
const char          *imtehan_context_get_roll_number     (ImtehanContext       *self);
void                 imtehan_context_set_learner         (ImtehanContext       *self,
                                                          const char           *name,
                                                          const char           *roll_number);

G_END_DECLS
