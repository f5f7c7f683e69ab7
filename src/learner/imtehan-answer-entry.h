/* imtehan-answer-entry.h: a typed answer: a word, a phrase or a number
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-answer-area.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_ANSWER_ENTRY (imtehan_answer_entry_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanAnswerEntry, imtehan_answer_entry, IMTEHAN, ANSWER_ENTRY, GtkBox)

G_END_DECLS
