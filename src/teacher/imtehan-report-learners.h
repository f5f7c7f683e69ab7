/* imtehan-report-learners.h: the report's Learners view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-report-figures.h"
#include "imtehan-report.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_REPORT_LEARNERS (imtehan_report_learners_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReportLearners, imtehan_report_learners,
                      IMTEHAN, REPORT_LEARNERS, GtkBox)

void                  imtehan_report_learners_set_quiz    (ImtehanReportLearners *self,
                                                           ImtehanReportQuiz     *quiz);
ImtehanReportInclude  imtehan_report_learners_get_include (ImtehanReportLearners *self);
void                  imtehan_report_learners_set_narrow  (ImtehanReportLearners *self,
                                                           gboolean               narrow);
void                  imtehan_report_learners_focus_search (ImtehanReportLearners *self);
void                  imtehan_report_learners_focus_attempt (ImtehanReportLearners *self,
                                                             ImtehanReportAttempt  *attempt);

G_END_DECLS
