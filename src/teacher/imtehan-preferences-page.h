/* imtehan-preferences-page.h: the lab's settings, for an admin, in Preferences
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "imtehan-context.h"
#include "imtehan-lab-config.h"
#include "imtehan-library.h"
#define IMTEHAN_TYPE_PREFERENCES_PAGE (imtehan_preferences_page_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanPreferencesPage, imtehan_preferences_page,
                      IMTEHAN, PREFERENCES_PAGE, AdwPreferencesPage)

ImtehanPreferencesPage *imtehan_preferences_page_new     (ImtehanLabConfig   *config,
                                                          ImtehanLibrary     *library);
GtkWidget              *imtehan_preferences_page_present (ImtehanContext     *context,
                                                          GtkWindow          *parent);

G_END_DECLS
