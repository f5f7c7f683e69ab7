/* imtehan-report-quiz.c: the counted attempts on one content of a quiz
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include "imtehan-intl-private.h"

#include "imtehan-quiz.h"
#include "imtehan-report-private.h"

G_DEFINE_FINAL_TYPE (ImtehanReportQuiz, imtehan_report_quiz, G_TYPE_OBJECT)

static void
imtehan_report_quiz_dispose (GObject *object)
{
  ImtehanReportQuiz *self = (ImtehanReportQuiz *)object;

  g_clear_object (&self->quiz);
  g_clear_object (&self->attempts);

  G_OBJECT_CLASS (imtehan_report_quiz_parent_class)->dispose (object);
}

static void
imtehan_report_quiz_class_init (ImtehanReportQuizClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = imtehan_report_quiz_dispose;
}

static void
imtehan_report_quiz_init (ImtehanReportQuiz *self)
{
  self->attempts = g_list_store_new (IMTEHAN_TYPE_REPORT_ATTEMPT);
}

/* The quiz's content the attempts were taken on: one group per quiz file (digest). */
ImtehanQuiz *
imtehan_report_quiz_get_quiz (ImtehanReportQuiz *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_QUIZ (self), NULL);
  return self->quiz;
}

/* The counted attempts, practice ones included, each once. */
GListModel *
imtehan_report_quiz_get_attempts (ImtehanReportQuiz *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_QUIZ (self), NULL);
  return G_LIST_MODEL (self->attempts);
}

/**
 * imtehan_report_quiz_dup_title:
 *
 * The quiz's title in @lang, and which version it is when the report holds several versions
 * of the quiz: what the window, the PDF and the CSV files name a group by.
 */
char *
imtehan_report_quiz_dup_title (ImtehanReportQuiz *self,
                               const char        *lang)
{
  const char *title;

  g_return_val_if_fail (IMTEHAN_IS_REPORT_QUIZ (self), NULL);

  title = imtehan_quiz_get_title (self->quiz, lang);
  if (self->same_number)
    /* Translators: a quiz's title, its version number and the start of its digest (a file
     * changed without its version raised), e.g. "ZeRO (version 2, 95b728c9)" */
    return g_strdup_printf (_("%s (version %u, %.8s)"), title,
                            imtehan_quiz_get_version (self->quiz),
                            imtehan_quiz_get_digest (self->quiz));
  if (self->other_versions)
    /* Translators: a quiz's title and its version number, e.g. "ZeRO (version 1)" */
    return g_strdup_printf (_("%s (version %u)"), title, imtehan_quiz_get_version (self->quiz));
  return g_strdup (title);
}
