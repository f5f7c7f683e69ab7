/* imtehan-report-problems.h: the report's Problems view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define IMTEHAN_TYPE_REPORT_PROBLEMS (imtehan_report_problems_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReportProblems, imtehan_report_problems,
                      IMTEHAN, REPORT_PROBLEMS, GtkBox)

void imtehan_report_problems_set_model (ImtehanReportProblems *self,
                                        GListModel            *problems);

G_END_DECLS
