/* imtehan-quiz-versions.h: every version of a quiz an attempt may refer to
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-types.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_QUIZ_VERSIONS (imtehan_quiz_versions_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanQuizVersions, imtehan_quiz_versions, IMTEHAN, QUIZ_VERSIONS, GObject)

ImtehanQuizVersions *imtehan_quiz_versions_new         (const char * const  *bundled_resources,
                                                        const char * const  *read_only_folders,
                                                        const char          *folder);
ImtehanQuizVersions *imtehan_quiz_versions_new_default (void);
const char          *imtehan_quiz_versions_get_folder  (ImtehanQuizVersions *self);
gboolean             imtehan_quiz_versions_keep        (ImtehanQuizVersions *self,
                                                        ImtehanQuiz         *quiz,
                                                        GError             **error);
void                 imtehan_quiz_versions_add         (ImtehanQuizVersions *self,
                                                        ImtehanQuiz         *quiz);
ImtehanQuiz         *imtehan_quiz_versions_lookup      (ImtehanQuizVersions *self,
                                                        const char          *quiz_id,
                                                        const char          *digest,
                                                        guint                version);

G_END_DECLS
