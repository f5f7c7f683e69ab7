/* imtehan-window-private.h: what the window's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "imtehan-after-frame.h"
#include "imtehan-library.h"
#include "imtehan-session.h"
#include "imtehan-window.h"
#include "imtehan-wrap-bin.h"

G_BEGIN_DECLS

struct _ImtehanWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwHeaderBar         *header_bar;
  GtkButton            *home_button;
  ImtehanWrapBin       *page_title_bin;
  GtkLabel             *quiz_label;
  GtkMenuButton        *menu_button;
  GtkButton            *language_button;
  GtkLabel             *language_label;
  GtkRevealer          *save_warning;
  GtkLabel             *save_warning_label;
  GtkButton            *retry_button;
  GtkStack             *stack;

  ImtehanContext       *context;
  GSettings            *settings;     /* the context's */
  ImtehanQuiz          *quiz;
  ImtehanSession       *session;
  ImtehanAttempt       *shown;        /* the attempt on the results page */
  GSignalGroup         *attempt_signals;
  char                 *page_name;
  char                 *language;
  GtkWidget            *pages[6];
  ImtehanLibrary       *library;      /* the context's */
  guint                 pages_shown;  /* 1 until the user goes anywhere */
  GtkWindow            *shortcuts;    /* built when first shown */
  ImtehanAfterFrame    *prepare_question;  /* the question page, while Start is read */
  GdkFrameClock        *show_focus_clock;  /* weak; the frame clock show_focus_cb() waits on */
  gulong                show_focus_id;
  guint                 actions_known;    /* bits of updated_actions[] set once */
  guint                 actions_enabled;  /* and their state */
  gboolean              close_confirmed;
  guint                 compact_source;
  gboolean              start_quiz_pending;  /* the lab's start quiz, until the library is listed */
};

enum {
  PROP_0,
  PROP_CONTEXT,
  PROP_ATTEMPT,
  PROP_PAGE_NAME,
  PROP_LANGUAGE,
  PROP_QUIZ,
  N_PROPS
};

extern GParamSpec *_imtehan_window_properties[N_PROPS];

enum { PAGE_START, PAGE_QUESTION, PAGE_REVIEW, PAGE_RESULTS, PAGE_ATTEMPTS, PAGE_LIBRARY };

/* imtehan-window.c: pages, header, language */
guint           _imtehan_window_page_index          (const char    *name);
void            _imtehan_window_show_page           (ImtehanWindow *self,
                                                     const char    *name);
void            _imtehan_window_toast               (ImtehanWindow *self,
                                                     const char    *message);
ImtehanAttempt *_imtehan_window_get_current_attempt (ImtehanWindow *self);
gboolean        _imtehan_window_in_progress         (ImtehanWindow *self);
void            _imtehan_window_reload_history      (ImtehanWindow *self);
const char     *_imtehan_window_home                (ImtehanWindow *self);
void            _imtehan_window_set_quiz            (ImtehanWindow *self,
                                                     ImtehanQuiz   *quiz);

/* imtehan-window-pages.c, imtehan-window-session.c, imtehan-window.c: the rest */
void _imtehan_window_update_save_warning (ImtehanWindow *self);
char *_imtehan_window_question_title (ImtehanAttempt *attempt);
gboolean _imtehan_window_prepare_question_cb (gpointer user_data);
void _imtehan_window_schedule_prepare_question (ImtehanWindow *self);
void _imtehan_window_update_title (ImtehanWindow *self);
void _imtehan_window_update_home_button (ImtehanWindow *self);
void _imtehan_window_rebuild_pages (ImtehanWindow *self);
void _imtehan_window_apply_lab_config (ImtehanWindow *self);
void _imtehan_window_start_session (ImtehanWindow *self);
gboolean _imtehan_window_open_start_quiz (ImtehanWindow *self,
                                          gboolean       listed,
                                          gboolean      *opened);
void _imtehan_window_library_changed_cb (ImtehanWindow *self);

/* imtehan-window-actions.c: what the user can do, and when */
void            _imtehan_window_class_install_actions (GtkWidgetClass *widget_class);
void            _imtehan_window_update_actions      (ImtehanWindow *self);

G_END_DECLS
