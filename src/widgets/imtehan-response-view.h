/* imtehan-response-view.h: a learner's answer of any question type, beside the right one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-attempt.h"
#include "imtehan-question-review.h"

G_BEGIN_DECLS

ImtehanVerdict imtehan_attempt_get_verdict       (ImtehanAttempt *attempt,
                                                  guint           index);
const char    *imtehan_verdict_get_label         (ImtehanVerdict  verdict);
const char    *imtehan_verdict_get_icon_name     (ImtehanVerdict  verdict);
const char    *imtehan_verdict_get_css_class     (ImtehanVerdict  verdict);

char          *imtehan_response_dup_text         (ImtehanQuestion *question,
                                                  const char      *response,
                                                  const char      *lang);
GtkWidget     *imtehan_response_view_new         (ImtehanAttempt  *attempt,
                                                  guint            index,
                                                  const char      *lang);

G_END_DECLS
