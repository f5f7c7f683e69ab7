/* imtehan-a11y.h: what screen readers are told, where GTK needs help
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void imtehan_widget_clean_mnemonic_names (GtkWidget  *widget);
void imtehan_button_set_mnemonic_label   (GtkButton  *button,
                                          const char *label);

G_END_DECLS
