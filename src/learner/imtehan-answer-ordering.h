/* imtehan-answer-ordering.h: the items of an ordering question, in the learner's order
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-answer-area.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_ANSWER_ORDERING (imtehan_answer_ordering_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanAnswerOrdering, imtehan_answer_ordering, IMTEHAN, ANSWER_ORDERING, GtkBox)

G_END_DECLS
