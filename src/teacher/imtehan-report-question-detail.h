/* imtehan-report-question-detail.h: how a class answered one question, in the report's
 * Questions view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-quiz.h"
#include "imtehan-stats.h"

G_BEGIN_DECLS

GtkWidget *imtehan_report_question_detail_new (ImtehanQuiz                *quiz,
                                               const ImtehanQuestionStats *qs,
                                               guint                       n_attempts,
                                               const char                 *lang);

G_END_DECLS
