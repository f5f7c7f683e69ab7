/* imtehan-review-page.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-attempt.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_REVIEW_PAGE (imtehan_review_page_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReviewPage, imtehan_review_page, IMTEHAN, REVIEW_PAGE, GtkWidget)

void imtehan_review_page_set_attempt (ImtehanReviewPage *self,
                                      ImtehanAttempt    *attempt);
gboolean imtehan_review_page_is_complete (ImtehanReviewPage *self);

G_END_DECLS
