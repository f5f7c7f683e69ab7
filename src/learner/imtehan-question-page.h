/* imtehan-question-page.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-attempt.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_QUESTION_PAGE (imtehan_question_page_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanQuestionPage, imtehan_question_page, IMTEHAN, QUESTION_PAGE, GtkWidget)

void       imtehan_question_page_set_attempt    (ImtehanQuestionPage *self,
                                                 ImtehanAttempt      *attempt);
void       imtehan_question_page_prepare        (ImtehanQuestionPage *self,
                                                 ImtehanAttempt      *attempt,
                                                 int                  width);
void       imtehan_question_page_flush          (ImtehanQuestionPage *self);
GtkWidget *imtehan_question_page_get_choice     (ImtehanQuestionPage *self,
                                                 guint                position);
GtkWidget *imtehan_question_page_get_progress   (ImtehanQuestionPage *self);
GtkWidget *imtehan_question_page_get_check_button (ImtehanQuestionPage *self);
GtkWidget *imtehan_question_page_get_feedback   (ImtehanQuestionPage *self);
GtkWidget *imtehan_question_page_get_countdown  (ImtehanQuestionPage *self);
const char *imtehan_question_page_get_time_left_text (ImtehanQuestionPage *self);
GtkWidget *imtehan_question_page_get_time_alert (ImtehanQuestionPage *self);

G_END_DECLS
