/* test-ui.h: the process and window set-up the in-process UI tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-application.h"
#include "imtehan-window.h"

G_BEGIN_DECLS

extern ImtehanApplication *imtehan_test_app;

void  imtehan_test_ui_init         (int            *argc,
                                    char         ***argv,
                                    const char     *tmp_template);
int   imtehan_test_ui_run          (void);
char *imtehan_test_attempts_dir    (void);
void  imtehan_test_remove_attempts (void);
void  imtehan_test_spin            (void);
void  imtehan_test_activate        (ImtehanWindow  *window,
                                    const char     *action,
                                    GVariant       *parameter);
void  imtehan_test_destroy_window  (ImtehanWindow **window);

G_END_DECLS
