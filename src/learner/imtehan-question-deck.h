/* imtehan-question-deck.h: the question views of an attempt, one shown, the next ones ready
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-attempt.h"
#include "imtehan-question-view.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_QUESTION_DECK (imtehan_question_deck_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanQuestionDeck, imtehan_question_deck, IMTEHAN, QUESTION_DECK, GtkWidget)

void                 imtehan_question_deck_set_attempt (ImtehanQuestionDeck *self,
                                                        ImtehanAttempt      *attempt);
ImtehanQuestionView *imtehan_question_deck_show        (ImtehanQuestionDeck *self,
                                                        guint                index);
void                 imtehan_question_deck_prepare     (ImtehanQuestionDeck *self,
                                                        ImtehanAttempt      *attempt,
                                                        int                  width);

G_END_DECLS
