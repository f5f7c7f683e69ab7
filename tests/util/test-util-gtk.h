/* test-util-gtk.h: widget helpers shared by the UI tests and the benchmarks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "test-util.h"

G_BEGIN_DECLS

GtkScrolledWindow *imtehan_test_find_scrolled_window (GtkWidget *widget);

G_END_DECLS
