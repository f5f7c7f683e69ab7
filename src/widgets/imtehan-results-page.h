/* imtehan-results-page.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-attempt.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_RESULTS_PAGE (imtehan_results_page_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanResultsPage, imtehan_results_page, IMTEHAN, RESULTS_PAGE, GtkWidget)

void  imtehan_results_page_set_attempt     (ImtehanResultsPage *self,
                                            ImtehanAttempt     *attempt);
void  imtehan_results_page_set_current_quiz (ImtehanResultsPage *self,
                                            ImtehanQuiz        *current);
char *imtehan_results_page_format_learner (ImtehanAttempt     *attempt);
gboolean imtehan_results_page_is_complete (ImtehanResultsPage *self);

G_END_DECLS
