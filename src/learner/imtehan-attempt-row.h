/* imtehan-attempt-row.h: one past attempt, in the start page's list and in All Attempts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-store.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_ATTEMPT_ROW (imtehan_attempt_row_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanAttemptRow, imtehan_attempt_row, IMTEHAN, ATTEMPT_ROW, GtkWidget)

GtkWidget             *imtehan_attempt_row_new         (void);
ImtehanAttemptSummary *imtehan_attempt_row_get_summary (ImtehanAttemptRow     *self);
void                   imtehan_attempt_row_set_summary (ImtehanAttemptRow     *self,
                                                        ImtehanAttemptSummary *summary);
char                  *imtehan_format_score            (guint                  score,
                                                        guint                  total);
char                  *imtehan_format_marks            (double                 marks,
                                                        guint                  total);

G_END_DECLS
