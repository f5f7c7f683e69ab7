/* imtehan-answer-area.h: where the learner answers a question of a kind other than single
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-question.h"
#include "imtehan-quiz.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_ANSWER_AREA (imtehan_answer_area_get_type ())
G_DECLARE_INTERFACE (ImtehanAnswerArea, imtehan_answer_area, IMTEHAN, ANSWER_AREA, GtkWidget)

/* An area shows one question at a time and says what the learner answers with ::respond
 * (a response string of imtehan-question.h, or %NULL for none); it never changes the
 * attempt itself. */
struct _ImtehanAnswerAreaInterface
{
  GTypeInterface parent_iface;

  /* Shows @question (of the area's kind) with its choices or items in @order. */
  void        (*show_question)    (ImtehanAnswerArea  *self,
                                   ImtehanQuiz        *quiz,
                                   ImtehanQuestion    *question,
                                   const char * const *order,
                                   const char         *lang);
  /* Shows @response, the attempt's, without responding again. */
  void        (*set_response)     (ImtehanAnswerArea  *self,
                                   const char         *response);
  /* Practice: locks the area and marks @response, or unlocks it. */
  void        (*set_checked)      (ImtehanAnswerArea  *self,
                                   const char         *response,
                                   gboolean            checked);
  GtkWidget  *(*get_focus_target) (ImtehanAnswerArea  *self);
  /* The control of the choice or item shown at @position, or %NULL. */
  GtkWidget  *(*get_part)         (ImtehanAnswerArea  *self,
                                   guint               position);
  /* Responds at once with what waits to be said (typed text); optional. */
  void        (*flush)            (ImtehanAnswerArea  *self);
};

GtkWidget  *imtehan_answer_area_new              (ImtehanQuestionKind  kind);
void        imtehan_answer_area_show_question    (ImtehanAnswerArea   *self,
                                                  ImtehanQuiz         *quiz,
                                                  ImtehanQuestion     *question,
                                                  const char * const  *order,
                                                  const char          *lang);
void        imtehan_answer_area_set_response     (ImtehanAnswerArea   *self,
                                                  const char          *response);
void        imtehan_answer_area_set_checked      (ImtehanAnswerArea   *self,
                                                  const char          *response,
                                                  gboolean             checked);
GtkWidget  *imtehan_answer_area_get_focus_target (ImtehanAnswerArea   *self);
GtkWidget  *imtehan_answer_area_get_part         (ImtehanAnswerArea   *self,
                                                  guint                position);
void        imtehan_answer_area_flush            (ImtehanAnswerArea   *self);
void        imtehan_answer_area_respond          (ImtehanAnswerArea   *self,
                                                  const char          *response);

/* Shared by the areas, the question view and the window's actions. */
char       *imtehan_answer_toggle_choice         (const char * const  *order,
                                                  const char          *response,
                                                  const char          *choice_id);
void        imtehan_answer_set_picture           (GtkBox              *box,
                                                  GtkWidget          **slot,
                                                  GtkWidget           *sibling,
                                                  GtkWidget           *picture);
char       *imtehan_answer_describe_right        (ImtehanQuestion     *question,
                                                  const char * const  *order,
                                                  const char          *lang);
char       *imtehan_answer_describe_verdict      (ImtehanQuestion     *question,
                                                  const char          *response);
char       *imtehan_answer_dup_feedback          (ImtehanQuestion     *question,
                                                  const char          *response,
                                                  const char          *lang);

G_END_DECLS
