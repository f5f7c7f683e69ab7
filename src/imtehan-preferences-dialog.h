/* imtehan-preferences-dialog.h: the lab's settings, for an admin
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "imtehan-application.h"
#include "imtehan-lab-config.h"
#include "imtehan-library.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_PREFERENCES_DIALOG (imtehan_preferences_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanPreferencesDialog, imtehan_preferences_dialog,
                      IMTEHAN, PREFERENCES_DIALOG, AdwPreferencesWindow)

ImtehanPreferencesDialog *imtehan_preferences_dialog_new     (ImtehanLabConfig   *config,
                                                              ImtehanLibrary     *library);
ImtehanPreferencesDialog *imtehan_preferences_dialog_present (ImtehanApplication *app,
                                                              GtkWindow          *parent);

G_END_DECLS
