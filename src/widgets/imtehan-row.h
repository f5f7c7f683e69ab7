/* imtehan-row.h: a row of widgets, laid out by ImtehanRowLayout
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define IMTEHAN_TYPE_ROW (imtehan_row_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanRow, imtehan_row, IMTEHAN, ROW, GtkWidget)

GtkWidget *imtehan_row_new    (int         spacing);
void       imtehan_row_append (ImtehanRow *self,
                               GtkWidget  *child);

G_END_DECLS
