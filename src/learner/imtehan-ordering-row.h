/* imtehan-ordering-row.h: an item of an ordering question, with the buttons that move it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define IMTEHAN_TYPE_ORDERING_ROW (imtehan_ordering_row_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanOrderingRow, imtehan_ordering_row, IMTEHAN, ORDERING_ROW, GtkListBoxRow)

GtkWidget  *imtehan_ordering_row_new         (void);
void        imtehan_ordering_row_set_item    (ImtehanOrderingRow *self,
                                              const char         *item_id,
                                              const char         *text,
                                              const char         *lang,
                                              GtkWidget          *picture);
const char *imtehan_ordering_row_get_item_id (ImtehanOrderingRow *self);
void        imtehan_ordering_row_set_place   (ImtehanOrderingRow *self,
                                              guint               place,
                                              guint               n_places,
                                              gboolean            locked);
GtkWidget  *imtehan_ordering_row_get_button  (ImtehanOrderingRow *self,
                                              int                 delta);

G_END_DECLS
