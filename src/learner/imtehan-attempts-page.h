/* imtehan-attempts-page.h: every past attempt of the quiz, newest first
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define IMTEHAN_TYPE_ATTEMPTS_PAGE (imtehan_attempts_page_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanAttemptsPage, imtehan_attempts_page, IMTEHAN, ATTEMPTS_PAGE, GtkWidget)

GtkListView *imtehan_attempts_page_get_list (ImtehanAttemptsPage *self);

G_END_DECLS
