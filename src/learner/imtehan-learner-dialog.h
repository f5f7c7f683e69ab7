/* imtehan-learner-dialog.h: who takes the quiz, asked before an attempt in a lab
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "imtehan-session.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_LEARNER_DIALOG (imtehan_learner_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanLearnerDialog, imtehan_learner_dialog, IMTEHAN, LEARNER_DIALOG, AdwWindow)

ImtehanLearnerDialog *imtehan_learner_dialog_new             (GtkWindow            *parent,
                                                              const char           *name,
                                                              const char           *roll_number);
const char           *imtehan_learner_dialog_get_name        (ImtehanLearnerDialog *self);
const char           *imtehan_learner_dialog_get_roll_number (ImtehanLearnerDialog *self);
const char           *imtehan_learner_dialog_get_error       (ImtehanLearnerDialog *self);
void                  imtehan_learner_dialog_set_error       (ImtehanLearnerDialog *self,
                                                              const char           *message);
void                  imtehan_learner_dialog_submit          (ImtehanLearnerDialog *self);

char                 *imtehan_learner_attempts_used_message  (guint                 allowed);

G_END_DECLS
