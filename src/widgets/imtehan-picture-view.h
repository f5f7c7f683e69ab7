/* imtehan-picture-view.h: a quiz's picture, scaled to the width it is given
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-quiz.h"

G_BEGIN_DECLS

GtkWidget *imtehan_picture_view_new          (ImtehanPicture *picture,
                                              const char     *lang);
GtkWidget *imtehan_picture_view_new_for_quiz (ImtehanQuiz    *quiz,
                                              const char     *name,
                                              const char     *lang);

G_END_DECLS
