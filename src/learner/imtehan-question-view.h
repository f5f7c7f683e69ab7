/* imtehan-question-view.h: one question as shown: its topic, picture, text and answers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-quiz.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_QUESTION_VIEW (imtehan_question_view_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanQuestionView, imtehan_question_view, IMTEHAN, QUESTION_VIEW, GtkBox)

GtkWidget  *imtehan_question_view_new           (ImtehanQuestionKind  kind,
                                                 guint                n_choices);
void        imtehan_question_view_show_question (ImtehanQuestionView *self,
                                                 ImtehanQuiz         *quiz,
                                                 guint                index,
                                                 const char * const  *order,
                                                 const char          *lang);
gboolean    imtehan_question_view_fits          (ImtehanQuestionView *self,
                                                 ImtehanQuestion     *question);
gboolean    imtehan_question_view_shows         (ImtehanQuestionView *self,
                                                 guint                index,
                                                 const char          *lang);
ImtehanQuestionKind
            imtehan_question_view_get_kind      (ImtehanQuestionView *self);
GtkWidget  *imtehan_question_view_get_choice    (ImtehanQuestionView *self,
                                                 guint                position);
void        imtehan_question_view_set_answer    (ImtehanQuestionView *self,
                                                 const char          *response);
void        imtehan_question_view_flush         (ImtehanQuestionView *self);
GtkWidget  *imtehan_question_view_get_focus_target (ImtehanQuestionView *self);
gboolean    imtehan_question_view_has_focus_in  (ImtehanQuestionView *self);
void        imtehan_question_view_set_checked   (ImtehanQuestionView *self,
                                                 ImtehanQuestion     *question,
                                                 const char          *answer,
                                                 gboolean             checked);
gboolean    imtehan_question_view_get_checked   (ImtehanQuestionView *self);
GtkWidget  *imtehan_question_view_get_feedback  (ImtehanQuestionView *self);

G_END_DECLS
