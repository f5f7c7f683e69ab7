/* imtehan-warm-up.h: the start page's fonts and icons loaded on worker threads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-quiz.h"

G_BEGIN_DECLS

void imtehan_warm_up_fonts_start  (ImtehanQuiz *quiz,
                                   const char  *lang,
                                   GFile       *history_folder);
void imtehan_warm_up_fonts_finish (GPtrArray  **fonts);
void imtehan_warm_up_icon_theme   (void);

G_END_DECLS
