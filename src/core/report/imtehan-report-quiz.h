/* imtehan-report-quiz.h: the counted attempts on one content of a quiz
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-types.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_REPORT_QUIZ (imtehan_report_quiz_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReportQuiz, imtehan_report_quiz, IMTEHAN, REPORT_QUIZ, GObject)

ImtehanQuiz *imtehan_report_quiz_get_quiz     (ImtehanReportQuiz *self);
GListModel  *imtehan_report_quiz_get_attempts (ImtehanReportQuiz *self);
char        *imtehan_report_quiz_dup_title    (ImtehanReportQuiz *self,
                                               const char        *lang);

G_END_DECLS
