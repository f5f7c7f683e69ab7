/* imtehan-report-histogram.h: a drawn histogram of a class's scores
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-report-format.h"
#include "imtehan-stats.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_REPORT_HISTOGRAM (imtehan_report_histogram_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReportHistogram, imtehan_report_histogram,
                      IMTEHAN, REPORT_HISTOGRAM, GtkWidget)

GtkWidget *imtehan_report_histogram_new            (void);
void       imtehan_report_histogram_set_bins       (ImtehanReportHistogram *self,
                                                    const ImtehanStatsBin  *bins,
                                                    guint                   n_bins);
guint      imtehan_report_histogram_get_n_bins     (ImtehanReportHistogram *self);
gboolean   imtehan_report_histogram_get_bar_bounds (ImtehanReportHistogram *self,
                                                    guint                   bin,
                                                    graphene_rect_t        *bounds);
char      *imtehan_report_histogram_format_range   (const ImtehanStatsBin  *bins,
                                                    guint                   n_bins,
                                                    guint                   bin);

G_END_DECLS
