/* imtehan-question.h: one question of a quiz, its choices and its answer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "imtehan-types.h"

G_BEGIN_DECLS

/* What the learner does (docs/quiz-format.md, "Question types"). Written to quiz files as
 * single, multiple, short, numerical, matching, ordering. */
typedef enum
{
  IMTEHAN_QUESTION_SINGLE,
  IMTEHAN_QUESTION_MULTIPLE,
  IMTEHAN_QUESTION_SHORT,
  IMTEHAN_QUESTION_NUMERICAL,
  IMTEHAN_QUESTION_MATCHING,
  IMTEHAN_QUESTION_ORDERING,
} ImtehanQuestionKind;

/* A response longer than this (typed text, in bytes) is not a learner's answer. */
#define IMTEHAN_RESPONSE_MAX_LENGTH 4096

#define IMTEHAN_TYPE_QUESTION (imtehan_question_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanQuestion, imtehan_question, IMTEHAN, QUESTION, GObject)

const char          *imtehan_question_kind_to_string   (ImtehanQuestionKind kind);
gboolean             imtehan_question_kind_from_string (const char          *text,
                                                        ImtehanQuestionKind *kind);

const char  *imtehan_question_get_id          (ImtehanQuestion *self);
guint        imtehan_question_get_index       (ImtehanQuestion *self);
ImtehanQuestionKind imtehan_question_get_kind (ImtehanQuestion *self);
const char  *imtehan_question_get_text        (ImtehanQuestion *self,
                                               const char      *lang);
const char  *imtehan_question_get_topic       (ImtehanQuestion *self,
                                               const char      *lang);
const char  *imtehan_question_get_explanation (ImtehanQuestion *self,
                                               const char      *lang);
const char  *imtehan_question_get_picture     (ImtehanQuestion *self);

/* The choices of single and multiple; the answers to match of matching; the items of
 * ordering, in the right order. Short and numerical questions have none. The attempt
 * shuffles them. */
guint        imtehan_question_get_n_choices   (ImtehanQuestion *self);
const char  *imtehan_question_get_choice_id   (ImtehanQuestion *self,
                                               guint            position);
const char  *imtehan_question_get_choice_text (ImtehanQuestion *self,
                                               const char      *choice_id,
                                               const char      *lang);
const char  *imtehan_question_get_choice_picture (ImtehanQuestion *self,
                                                  const char      *choice_id);
gboolean     imtehan_question_has_choice      (ImtehanQuestion *self,
                                               const char      *choice_id);
double       imtehan_question_get_choice_weight (ImtehanQuestion *self,
                                                 const char      *choice_id);
const char  *imtehan_question_get_feedback    (ImtehanQuestion *self,
                                               const char      *id,
                                               const char      *lang);
const char  *imtehan_question_get_answer      (ImtehanQuestion *self);

/* Matching: the items, in the order shown, each matched to one of the choices. */
guint        imtehan_question_get_n_items     (ImtehanQuestion *self);
const char  *imtehan_question_get_item_id     (ImtehanQuestion *self,
                                               guint            position);
const char  *imtehan_question_get_item_text   (ImtehanQuestion *self,
                                               const char      *item_id,
                                               const char      *lang);
const char  *imtehan_question_get_item_match  (ImtehanQuestion *self,
                                               const char      *item_id);

/* Short and numerical: the accepted answers, in file order. */
guint        imtehan_question_get_n_accepted  (ImtehanQuestion *self);
const char  *imtehan_question_get_accepted_id (ImtehanQuestion *self,
                                               guint            position);
const char  *imtehan_question_get_accepted_text (ImtehanQuestion *self,
                                                 const char      *accepted_id,
                                                 const char      *lang);
double       imtehan_question_get_accepted_weight (ImtehanQuestion *self,
                                                   const char      *accepted_id);
gboolean     imtehan_question_get_accepted_range (ImtehanQuestion *self,
                                                  const char      *accepted_id,
                                                  double          *min,
                                                  double          *max);
gboolean     imtehan_question_is_case_sensitive (ImtehanQuestion *self);
const char  *imtehan_question_get_unit        (ImtehanQuestion *self,
                                               const char      *lang);

/* Responses: what an attempt records of a learner's answer, as a string (docs/internals/
 * attempt-files.md): a choice id (single); choice ids joined by ";" (multiple); the typed
 * text (short, numerical); "item:choice" pairs joined by ";" (matching); every choice id
 * in the learner's order, joined by ";" (ordering). */
gboolean     imtehan_question_response_is_valid    (ImtehanQuestion *self,
                                                    const char      *response);
double       imtehan_question_grade                (ImtehanQuestion *self,
                                                    const char      *response);
const char  *imtehan_question_match_accepted       (ImtehanQuestion *self,
                                                    const char      *response);
char        *imtehan_question_dup_right_response   (ImtehanQuestion *self);
char       **imtehan_response_split                (const char      *response);
char        *imtehan_response_join                 (const char * const *parts,
                                                    gssize              n_parts);

G_END_DECLS
