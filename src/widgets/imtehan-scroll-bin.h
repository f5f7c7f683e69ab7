/* imtehan-scroll-bin.h: a page's scrolled content, measured for the width it gets only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define IMTEHAN_TYPE_SCROLL_BIN (imtehan_scroll_bin_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanScrollBin, imtehan_scroll_bin, IMTEHAN, SCROLL_BIN, GtkWidget)

GtkWidget *imtehan_scroll_bin_get_child (ImtehanScrollBin *self);
void       imtehan_scroll_bin_set_child (ImtehanScrollBin *self,
                                         GtkWidget        *child);

gboolean   imtehan_grab_focus_unscrolled (GtkWidget *widget,
                                          GPtrArray *viewports);

G_END_DECLS
