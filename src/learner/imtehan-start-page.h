/* imtehan-start-page.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_START_PAGE (imtehan_start_page_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanStartPage, imtehan_start_page, IMTEHAN, START_PAGE, GtkWidget)

void  imtehan_start_page_set_can_resume (ImtehanStartPage *self,
                                         gboolean          can_resume);
void        imtehan_start_page_set_notice (ImtehanStartPage *self,
                                           const char       *message);
const char *imtehan_start_page_get_notice (ImtehanStartPage *self);
char       *imtehan_start_page_format_lab (ImtehanMode       mode,
                                           guint             time_limit);
char *imtehan_start_page_format_meta    (ImtehanQuiz      *quiz);
char *imtehan_start_page_format_counts  (guint             n,
                                         const char       *difficulty);

G_END_DECLS
