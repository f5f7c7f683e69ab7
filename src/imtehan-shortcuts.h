/* imtehan-shortcuts.h: the keyboard shortcuts window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWindow *imtehan_shortcuts_window_new (GtkWindow *parent);

G_END_DECLS
