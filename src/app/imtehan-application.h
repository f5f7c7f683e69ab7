/* imtehan-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "imtehan-context.h"
#include "imtehan-lab-config.h"
#include "imtehan-library.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "imtehan-store.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_APPLICATION (imtehan_application_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanApplication, imtehan_application, IMTEHAN, APPLICATION, AdwApplication)

ImtehanApplication *imtehan_application_new          (void);
ImtehanContext     *imtehan_application_get_context  (ImtehanApplication *self);
ImtehanQuiz        *imtehan_application_get_quiz     (ImtehanApplication *self);
ImtehanStore       *imtehan_application_get_store    (ImtehanApplication *self);
ImtehanLibrary     *imtehan_application_get_library  (ImtehanApplication *self);
ImtehanQuizVersions *imtehan_application_get_versions (ImtehanApplication *self);
gboolean            imtehan_application_get_library_listed (ImtehanApplication *self);
GSettings          *imtehan_application_get_settings (ImtehanApplication *self);
ImtehanLabConfig   *imtehan_application_get_lab_config (ImtehanApplication *self);
const char         *imtehan_application_get_learner  (ImtehanApplication *self);
const char         *imtehan_application_get_roll_number (ImtehanApplication *self);
void                imtehan_application_set_learner  (ImtehanApplication *self,
                                                      const char         *name,
                                                      const char         *roll_number);

G_END_DECLS
