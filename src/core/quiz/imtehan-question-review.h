/* imtehan-question-review.h: a question's answer in parts, as a review shows it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-question.h"

G_BEGIN_DECLS

/* How a question's answer did: the results page, the review and the class report say it in
 * the same three words (and "not answered"). */
typedef enum
{
  IMTEHAN_VERDICT_UNANSWERED,
  IMTEHAN_VERDICT_WRONG,
  IMTEHAN_VERDICT_PARTLY,
  IMTEHAN_VERDICT_RIGHT,
} ImtehanVerdict;

ImtehanVerdict imtehan_verdict_from_fraction         (const char      *response,
                                                      double           fraction);

char          *imtehan_response_dup_match            (const char      *response,
                                                      const char      *item_id);
gboolean       imtehan_question_follows              (ImtehanQuestion *self,
                                                      const char      *item_id,
                                                      const char      *next_id);
char          *imtehan_question_dup_accepted_display (ImtehanQuestion *self,
                                                      const char      *accepted_id,
                                                      const char      *lang);
char          *imtehan_question_dup_right_display    (ImtehanQuestion *self,
                                                      const char      *lang);
char          *imtehan_answer_strip_wildcards        (const char      *pattern);
const char    *imtehan_answer_get_language           (const char      *typed,
                                                      const char      *lang);

G_END_DECLS
