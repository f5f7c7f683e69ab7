/* imtehan-open.h: opening quiz files: from the command line, Open… and drag and drop
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-context.h"

G_BEGIN_DECLS

void        imtehan_open_files           (GtkApplication     *app,
                                          ImtehanContext     *context,
                                          GFile             **files,
                                          guint               n_files,
                                          GtkWindow          *parent);
void        imtehan_open_choose          (GtkApplication     *app,
                                          ImtehanContext     *context,
                                          GtkWindow          *parent);
GListModel *imtehan_open_new_filters     (void);
void        imtehan_open_add_drop_target (GtkWindow          *window);
void        imtehan_open_show_error      (GtkWindow          *parent,
                                          const GError       *error);

G_END_DECLS
