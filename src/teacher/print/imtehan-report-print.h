/* imtehan-report-print.h: the class report on paper and in PDF
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-report-figures.h"

G_BEGIN_DECLS

/* A print operation that lays out every quiz of @report (summary, learners, questions) in
 * the window's language, Urdu right to left in Nastaliq. The window runs it with
 * GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG. */
GtkPrintOperation *imtehan_report_print_new             (ImtehanReport        *report,
                                                         ImtehanReportInclude  include);

/* The same pages written to @file as PDF; works without a display (the --report command). */
gboolean           imtehan_report_print_save_pdf        (ImtehanReport        *report,
                                                         ImtehanReportInclude  include,
                                                         GFile                *file,
                                                         GError              **error);

/* The same on a worker thread, for the window: nothing may reload @report until @callback. */
void               imtehan_report_print_save_pdf_async  (ImtehanReport        *report,
                                                         ImtehanReportInclude  include,
                                                         GFile                *file,
                                                         GCancellable         *cancellable,
                                                         GAsyncReadyCallback   callback,
                                                         gpointer              user_data);
gboolean           imtehan_report_print_save_pdf_finish (ImtehanReport        *report,
                                                         GAsyncResult         *result,
                                                         GError              **error);

G_END_DECLS
