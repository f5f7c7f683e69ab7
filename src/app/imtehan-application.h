/* imtehan-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "imtehan-context.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_APPLICATION (imtehan_application_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanApplication, imtehan_application, IMTEHAN, APPLICATION, AdwApplication)

ImtehanApplication *imtehan_application_new         (void);
ImtehanContext     *imtehan_application_get_context (ImtehanApplication *self);

G_END_DECLS
