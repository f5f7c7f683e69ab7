/* imtehan-report-format.h: how the class report shows a figure, in the window and on paper
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "imtehan-report.h"

G_BEGIN_DECLS

/* U+2014: what an undefined or missing figure shows. */
#define IMTEHAN_REPORT_DASH "\u2014"

guint       imtehan_report_percent_of        (guint                 score,
                                              guint                 total);
char       *imtehan_report_format_percent    (double                share);
char       *imtehan_report_format_score      (double                score,
                                              guint                 total);
char       *imtehan_report_format_points     (double                marks);
char       *imtehan_report_format_question_marks (double            fraction);
char       *imtehan_report_format_number     (double                value,
                                              guint                 decimals);
char       *imtehan_report_format_marks      (double                score,
                                              double                total);
char       *imtehan_report_format_count      (guint                 n);
char       *imtehan_report_format_duration   (GTimeSpan             span);
char       *imtehan_report_format_clock      (GTimeSpan             span);

const char *imtehan_report_format_learner    (ImtehanReportAttempt *attempt);
const char *imtehan_report_format_finished   (ImtehanReportAttempt *attempt);
char       *imtehan_report_format_flags      (ImtehanReportAttempt *attempt);
char       *imtehan_report_format_notes      (ImtehanReportAttempt *attempt,
                                              gboolean             *mismatch,
                                              gboolean             *copies);

int         imtehan_report_compare_learners  (ImtehanReportAttempt *a,
                                              ImtehanReportAttempt *b);
void        imtehan_report_sort_learners     (GPtrArray            *attempts);

G_END_DECLS
