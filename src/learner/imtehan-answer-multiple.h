/* imtehan-answer-multiple.h: the choices of a question whose answers all may apply, as check boxes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-answer-area.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_ANSWER_MULTIPLE (imtehan_answer_multiple_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanAnswerMultiple, imtehan_answer_multiple, IMTEHAN, ANSWER_MULTIPLE, GtkBox)

G_END_DECLS
