/* imtehan-report-window.h: the teacher's class report
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "imtehan-context.h"
#include "imtehan-report.h"

G_BEGIN_DECLS

/* What the window's Export menu writes. */
typedef enum
{
  IMTEHAN_REPORT_EXPORT_ATTEMPTS_CSV,
  IMTEHAN_REPORT_EXPORT_STATISTICS_CSV,
  IMTEHAN_REPORT_EXPORT_PDF,
} ImtehanReportExport;

#define IMTEHAN_TYPE_REPORT_WINDOW (imtehan_report_window_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReportWindow, imtehan_report_window,
                      IMTEHAN, REPORT_WINDOW, AdwApplicationWindow)

/* A report window of @app reading @sources (folders, attempt files, quiz files); with no
 * sources it asks for the results folder. app.report and `imtehan --report DIR…` without an
 * output file both come here. */
ImtehanReportWindow *imtehan_report_window_present   (GtkApplication      *app,
                                                      ImtehanContext      *context,
                                                      GFile * const       *sources,
                                                      guint                n_sources);
ImtehanReport       *imtehan_report_window_get_report (ImtehanReportWindow *self);
/* What the Export menu does once a file is chosen: writes @file off the main loop, then says
 * so in a toast, or shows why it failed. */
void                 imtehan_report_window_export_to  (ImtehanReportWindow *self,
                                                       ImtehanReportExport  kind,
                                                       GFile               *file);

G_END_DECLS
