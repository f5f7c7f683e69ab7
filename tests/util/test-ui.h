/* test-ui.h: the set-up, the moves and the waits the in-process UI tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-application.h"
#include "imtehan-window.h"

G_BEGIN_DECLS

extern ImtehanApplication *imtehan_test_app;

/* The test application's context: its store, library and lab settings. */
static inline ImtehanContext *
imtehan_test_context (void)
{
  return imtehan_application_get_context (imtehan_test_app);
}

/* A window of its own for each test case, in the language the case is added with. */
typedef struct
{
  ImtehanWindow *window;
} ImtehanTestFixture;

#define IMTEHAN_TEST_ADD(path, lang, func)                                                    \
  g_test_add ((path), ImtehanTestFixture, (lang), imtehan_test_fixture_setup, (func),        \
              imtehan_test_fixture_teardown)

void           imtehan_test_ui_init           (int                 *argc,
                                               char              ***argv,
                                               const char          *tmp_template);
int            imtehan_test_ui_run            (void);
char          *imtehan_test_attempts_dir      (void);
void           imtehan_test_remove_attempts   (void);
void           imtehan_test_spin              (void);
ImtehanWindow *imtehan_test_window_new        (void);
ImtehanContext *imtehan_test_context_new      (const char          *folder,
                                               const char          *first_name,
                                               ...) G_GNUC_NULL_TERMINATED;
ImtehanWindow *imtehan_test_window_new_for_context (ImtehanContext *context);
gboolean       imtehan_test_action_enabled    (ImtehanWindow       *window,
                                               const char          *action);
void           imtehan_test_wait_for_enabled  (ImtehanWindow       *window,
                                               const char          *action);
void           imtehan_test_fixture_setup     (ImtehanTestFixture  *fixture,
                                               gconstpointer        data);
void           imtehan_test_fixture_teardown  (ImtehanTestFixture  *fixture,
                                               gconstpointer        data);
void           imtehan_test_activate          (ImtehanWindow       *window,
                                               const char          *action,
                                               GVariant            *parameter);
void           imtehan_test_choose            (ImtehanWindow       *window,
                                               guint                position);
void           imtehan_test_press_keys        (GtkWidget           *widget,
                                               guint                keyval,
                                               GdkModifierType      modifiers);
void           imtehan_test_wait_for_page     (ImtehanWindow       *window,
                                               const char          *name);
GKeyFile      *imtehan_test_wait_for_saved    (ImtehanAttempt      *attempt,
                                               gboolean             finished);
void           imtehan_test_wait_for_label    (ImtehanWindow       *window,
                                               const char          *text);
void           imtehan_test_start_in_short_window (ImtehanWindow   *window,
                                                   int              height);
void           imtehan_test_assert_direction  (GtkWidget           *widget,
                                               GtkTextDirection     expected);
void           imtehan_test_destroy_window    (ImtehanWindow      **window);
void           imtehan_test_reload_library    (void);

gboolean       imtehan_test_shows_label    (GtkWidget       *widget,
                                           const char      *text);
guint          imtehan_test_position_of    (ImtehanAttempt  *attempt,
                                           const char      *choice_id);

gpointer       imtehan_test_find_toplevel  (GType            type);
gpointer       imtehan_test_find_widget    (GType            type);

GtkWidget     *imtehan_test_wait_for_message (GtkWindow      *parent);
void           imtehan_test_respond          (GtkWidget      *dialog,
                                              const char     *response);
void           imtehan_test_close_dialog     (GtkWidget      *dialog);
GtkWidget     *imtehan_test_dialog_of        (GtkWidget      *widget);
void           imtehan_test_assert_modal     (GtkWidget      *dialog,
                                              GtkWindow      *parent);

G_END_DECLS
