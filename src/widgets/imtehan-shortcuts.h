/* imtehan-shortcuts.h: the keyboard shortcuts window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWindow *imtehan_shortcuts_window_new     (GtkWindow   *parent);
void       imtehan_shortcuts_window_present (GtkWindow   *parent,
                                             GtkWindow  **shortcuts,
                                             const char  *section);

G_END_DECLS
