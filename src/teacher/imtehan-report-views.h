/* imtehan-report-views.h: the report's Questions and Summary views
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-quiz.h"
#include "imtehan-stats.h"

G_BEGIN_DECLS

/* One row per question, worst first: text, facility and discrimination, then each choice's
 * count and share as a bar, by choice id. Both views show the quiz in @language ("ur",
 * "en") and read right to left in Urdu; a NULL @stats empties them. */
#define IMTEHAN_TYPE_REPORT_QUESTIONS (imtehan_report_questions_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReportQuestions, imtehan_report_questions,
                      IMTEHAN, REPORT_QUESTIONS, GtkWidget)

GtkWidget *imtehan_report_questions_new       (void);
void       imtehan_report_questions_set_stats (ImtehanReportQuestions *self,
                                               ImtehanQuiz            *quiz,
                                               ImtehanStats           *stats,
                                               const char             *language);

/* Attempts, mean, median, standard deviation, Cronbach's alpha when defined, and a drawn
 * histogram of the scores that a screen reader reads as a list of bins. */
#define IMTEHAN_TYPE_REPORT_SUMMARY (imtehan_report_summary_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReportSummary, imtehan_report_summary,
                      IMTEHAN, REPORT_SUMMARY, GtkWidget)

GtkWidget *imtehan_report_summary_new       (void);
void       imtehan_report_summary_set_stats (ImtehanReportSummary *self,
                                             ImtehanQuiz          *quiz,
                                             ImtehanStats         *stats,
                                             const char           *language);

G_END_DECLS
