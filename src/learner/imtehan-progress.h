/* imtehan-progress.h: one button per question, showing current, answered and unanswered
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-attempt.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_PROGRESS (imtehan_progress_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanProgress, imtehan_progress, IMTEHAN, PROGRESS, GtkWidget)

void            imtehan_progress_set_attempt (ImtehanProgress *self,
                                              ImtehanAttempt  *attempt);
ImtehanAttempt *imtehan_progress_get_attempt (ImtehanProgress *self);
GtkWidget      *imtehan_progress_get_button  (ImtehanProgress *self,
                                              guint            index);

G_END_DECLS
