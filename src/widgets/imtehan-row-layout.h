/* imtehan-row-layout.h: children side by side, each asked its height for the width it gets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define IMTEHAN_TYPE_ROW_LAYOUT (imtehan_row_layout_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanRowLayout, imtehan_row_layout, IMTEHAN, ROW_LAYOUT, GtkLayoutManager)

GtkLayoutManager *imtehan_row_layout_new         (int               spacing);
int               imtehan_row_layout_get_spacing (ImtehanRowLayout *self);
void              imtehan_row_layout_set_spacing (ImtehanRowLayout *self,
                                                  int               spacing);
GtkAlign          imtehan_row_layout_get_wrapping_valign (ImtehanRowLayout *self);
void              imtehan_row_layout_set_wrapping_valign (ImtehanRowLayout *self,
                                                          GtkAlign          align);

G_END_DECLS
