/* imtehan-font-warm-up.h: the start page's fonts loaded on a worker thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "core/imtehan-quiz.h"

G_BEGIN_DECLS

void imtehan_font_warm_up_start  (ImtehanQuiz *quiz,
                                  const char  *lang);
void imtehan_font_warm_up_finish (GPtrArray  **fonts);

G_END_DECLS
