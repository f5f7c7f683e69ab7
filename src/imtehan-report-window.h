/* imtehan-report-window.h: the teacher's class report (issue 17)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define IMTEHAN_TYPE_REPORT_WINDOW (imtehan_report_window_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReportWindow, imtehan_report_window,
                      IMTEHAN, REPORT_WINDOW, AdwApplicationWindow)

/* A report window of @app reading @sources (folders, attempt files, quiz files); with no
 * sources it asks for the results folder. app.report and `imtehan --report DIR…` without an
 * output file both come here. */
ImtehanReportWindow *imtehan_report_window_present (GtkApplication *app,
                                                    GFile * const  *sources,
                                                    guint           n_sources);

G_END_DECLS
