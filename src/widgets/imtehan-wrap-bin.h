/* imtehan-wrap-bin.h: a wrapping label whose width does not depend on its text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define IMTEHAN_TYPE_WRAP_BIN (imtehan_wrap_bin_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanWrapBin, imtehan_wrap_bin, IMTEHAN, WRAP_BIN, GtkWidget)

GtkWidget *imtehan_wrap_bin_new       (GtkWidget      *child,
                                       int             min_chars,
                                       int             max_chars);
GtkWidget *imtehan_wrap_bin_get_child (ImtehanWrapBin *self);
void       imtehan_wrap_bin_set_text  (ImtehanWrapBin *self,
                                       const char     *text);
void       imtehan_wrap_bin_set_child (ImtehanWrapBin *self,
                                       GtkWidget      *child);
void       imtehan_wrap_bin_prepare_text (ImtehanWrapBin *self,
                                          const char     *text,
                                          int             width);

typedef struct
{
  guint layouts;           /* texts laid out, at a new width or anew */
  guint width_for_height;  /* widths asked for a height */
} ImtehanWrapBinStats;

void       imtehan_wrap_bin_get_stats (ImtehanWrapBinStats *out);

void       imtehan_label_draw_glyphs  (GtkLabel       *label);
void       imtehan_widget_draw_glyphs (GtkWidget      *widget);

G_END_DECLS
