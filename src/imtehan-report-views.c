/* imtehan-report-views.c: the report's Questions and Summary views
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-report-views.h"

/* STUB: to be written (issue 17). */
struct _ImtehanReportQuestions
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (ImtehanReportQuestions, imtehan_report_questions, GTK_TYPE_WIDGET)

static void
imtehan_report_questions_class_init (ImtehanReportQuestionsClass *klass)
{
}

static void
imtehan_report_questions_init (ImtehanReportQuestions *self)
{
}

GtkWidget *
imtehan_report_questions_new (void)
{
  return g_object_new (IMTEHAN_TYPE_REPORT_QUESTIONS, NULL);
}

void
imtehan_report_questions_set_stats (ImtehanReportQuestions *self,
                                    ImtehanQuiz            *quiz,
                                    ImtehanStats           *stats,
                                    const char             *language)
{
}

struct _ImtehanReportSummary
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (ImtehanReportSummary, imtehan_report_summary, GTK_TYPE_WIDGET)

static void
imtehan_report_summary_class_init (ImtehanReportSummaryClass *klass)
{
}

static void
imtehan_report_summary_init (ImtehanReportSummary *self)
{
}

GtkWidget *
imtehan_report_summary_new (void)
{
  return g_object_new (IMTEHAN_TYPE_REPORT_SUMMARY, NULL);
}

void
imtehan_report_summary_set_stats (ImtehanReportSummary *self,
                                  ImtehanQuiz          *quiz,
                                  ImtehanStats         *stats,
                                  const char           *language)
{
}
