/* imtehan-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "imtehan-attempt.h"
#include "imtehan-context.h"
#include "imtehan-session.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_WINDOW (imtehan_window_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanWindow, imtehan_window, IMTEHAN, WINDOW, AdwApplicationWindow)

ImtehanWindow  *imtehan_window_new            (GtkApplication     *application,
                                               ImtehanContext     *context);
ImtehanWindow  *imtehan_window_new_for_quiz   (GtkApplication     *application,
                                               ImtehanContext     *context,
                                               ImtehanQuiz        *quiz);
ImtehanContext *imtehan_window_get_context    (ImtehanWindow      *self);
ImtehanQuiz    *imtehan_window_get_quiz       (ImtehanWindow      *self);
ImtehanAttempt *imtehan_window_get_attempt    (ImtehanWindow      *self);
const char     *imtehan_window_get_page_name  (ImtehanWindow      *self);
GtkWidget      *imtehan_window_get_page       (ImtehanWindow      *self);
const char     *imtehan_window_get_language   (ImtehanWindow      *self);
void            imtehan_window_set_language   (ImtehanWindow      *self,
                                               const char         *language);
ImtehanSession *imtehan_window_get_session    (ImtehanWindow      *self);
GListModel     *imtehan_window_get_history    (ImtehanWindow      *self);

G_END_DECLS
