/* imtehan-answer-matching.h: each item of a matching question and the answer picked for it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-answer-area.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_ANSWER_MATCHING (imtehan_answer_matching_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanAnswerMatching, imtehan_answer_matching, IMTEHAN, ANSWER_MATCHING, GtkBox)

G_END_DECLS
