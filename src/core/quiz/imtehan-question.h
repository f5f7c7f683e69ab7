/* imtehan-question.h: one question of a quiz, its choices and its answer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "imtehan-types.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_QUESTION (imtehan_question_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanQuestion, imtehan_question, IMTEHAN, QUESTION, GObject)

const char  *imtehan_question_get_id          (ImtehanQuestion *self);
guint        imtehan_question_get_index       (ImtehanQuestion *self);
const char  *imtehan_question_get_text        (ImtehanQuestion *self,
                                               const char      *lang);
const char  *imtehan_question_get_topic       (ImtehanQuestion *self,
                                               const char      *lang);
const char  *imtehan_question_get_explanation (ImtehanQuestion *self,
                                               const char      *lang);
guint        imtehan_question_get_n_choices   (ImtehanQuestion *self);
const char  *imtehan_question_get_choice_id   (ImtehanQuestion *self,
                                               guint            position);
const char  *imtehan_question_get_choice_text (ImtehanQuestion *self,
                                               const char      *choice_id,
                                               const char      *lang);
gboolean     imtehan_question_has_choice      (ImtehanQuestion *self,
                                               const char      *choice_id);
const char  *imtehan_question_get_answer      (ImtehanQuestion *self);

G_END_DECLS
