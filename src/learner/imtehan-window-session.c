/* imtehan-window-session.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session the window shows and the quiz it is of: the lab's settings reach it, its
 * attempt and history reach the window; the lab's start quiz and the library's first
 * listing decide the home.
 */

#define G_LOG_DOMAIN "imtehan-window"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-bench.h"
#include "imtehan-dialogs.h"
#include "imtehan-i18n.h"
#include "imtehan-question-page.h"
#include "imtehan-text.h"
#include "imtehan-window-private.h"

void
_imtehan_window_reload_history (ImtehanWindow *self)
{
  imtehan_session_reload_history (self->session);
}

static void
history_loaded_cb (ImtehanWindow *self)
{
  _imtehan_window_update_actions (self);
  imtehan_bench_mark_after_paint (GTK_WIDGET (self), "history-ready");
  _imtehan_window_schedule_prepare_question (self);
}

static void
notice_cb (ImtehanWindow *self,
           const char    *message)
{
  _imtehan_window_toast (self, message);
}

/* The attempt shown follows the session's, for "Question 3 of 8" and the actions. */
static void
session_attempt_cb (ImtehanWindow *self)
{
  g_signal_group_set_target (self->attempt_signals, _imtehan_window_get_current_attempt (self));
  g_object_notify_by_pspec (G_OBJECT (self), _imtehan_window_properties[PROP_ATTEMPT]);
}

/* The lab's mode, time limit (minutes in the settings) and attempts allowed reach the
 * session, for the attempts begun from then on: an attempt begun keeps its own, and its
 * deadline. */
void
_imtehan_window_apply_lab_config (ImtehanWindow *self)
{
  ImtehanLabConfig *config = imtehan_context_get_lab_config (self->context);

  if (self->session == NULL)
    return;
  imtehan_session_set_mode (self->session, imtehan_lab_config_get_mode (config));
  imtehan_session_set_time_limit (self->session,
                                  MIN (imtehan_lab_config_get_time_limit (config), G_MAXUINT / 60) * 60);
  imtehan_session_set_attempts_allowed (self->session,
                                        imtehan_lab_config_get_attempts_allowed (config));
}

/* The time is up: an answer still being typed counts, as if the learner had paused. */
static void
time_running_out_cb (ImtehanWindow *self)
{
  if (self->pages[PAGE_QUESTION] != NULL)
    imtehan_question_page_flush (IMTEHAN_QUESTION_PAGE (self->pages[PAGE_QUESTION]));
}

/* The time limit ran out (or had, on resuming): the answers are submitted; the learner
 * sees the results and is told why, in a dialog they close. */
static void
time_up_cb (ImtehanWindow  *self,
            ImtehanAttempt *attempt)
{
  const ImtehanDialogResponse ok = { "ok", _("_OK"), ADW_RESPONSE_DEFAULT };

  g_set_object (&self->shown, attempt);
  _imtehan_window_show_page (self, "results");
  imtehan_dialogs_ask_async (GTK_WINDOW (self), _("Time Is Up"),
                             _("Your answers were submitted when the time limit was reached."),
                             &ok, 1, "ok", "ok", NULL, NULL, NULL);
}

/* The session of the window's quiz: the window follows its attempt and its history. */
void
_imtehan_window_start_session (ImtehanWindow *self)
{
  self->session = imtehan_session_new_for_context (self->context, self->quiz);
  g_signal_connect_object (self->session, "notify::attempt", G_CALLBACK (session_attempt_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::in-progress", G_CALLBACK (_imtehan_window_update_actions),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::can-resume", G_CALLBACK (_imtehan_window_update_actions),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::save-error", G_CALLBACK (_imtehan_window_update_save_warning),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "history-loaded", G_CALLBACK (history_loaded_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notice", G_CALLBACK (notice_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "time-running-out", G_CALLBACK (time_running_out_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "time-up", G_CALLBACK (time_up_cb), self,
                           G_CONNECT_SWAPPED);
  _imtehan_window_apply_lab_config (self);
}

/* The lab's quiz to start with, by its id in the library, in place of the home; @opened
 * says whether it was. Returns %FALSE while it may still come: the library is listed off the
 * main loop at start-up. */
gboolean
_imtehan_window_open_start_quiz (ImtehanWindow *self,
                 gboolean       listed,
                 gboolean      *opened)
{
  const char *id = imtehan_lab_config_get_start_quiz (imtehan_context_get_lab_config (self->context));
  g_autoptr(GError) error = NULL;
  ImtehanLibraryEntry *entry;
  ImtehanQuiz *quiz;

  *opened = FALSE;
  if (id == NULL || *id == '\0')
    return TRUE;
  if ((entry = imtehan_library_lookup (self->library, id)) == NULL)
    {
      if (!listed)
        return FALSE;
      g_message ("The quiz to start with, “%s”, is not in the library: the home page is shown", id);
      return TRUE;
    }
  if ((quiz = imtehan_library_entry_load_quiz (entry, &error)) == NULL)
    g_message ("The quiz to start with, “%s”, does not load: %s", id, error->message);
  else
    {
      _imtehan_window_set_quiz (self, quiz);
      *opened = TRUE;
    }
  return TRUE;
}

/* The window's home: the list of quizzes when the library has more than one, else the quiz's
 * start page. */
const char *
_imtehan_window_home (ImtehanWindow *self)
{
  return self->library != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->library)) > 1
         ? "library" : "start";
}

/* The library is listed at start-up, off the main loop: when it turns out to hold more than
 * one quiz and the learner has not gone anywhere yet, the window shows the list. Later
 * changes (a quiz opened) leave the page as it is. */
void
_imtehan_window_library_changed_cb (ImtehanWindow *self)
{
  /* The start-up listing is complete at its change: the lab's quiz is in it or not at all.
   * Not once the learner has moved. */
  if (self->start_quiz_pending)
    {
      gboolean opened = FALSE;

      self->start_quiz_pending = FALSE;
      if (self->pages_shown <= 1 && !_imtehan_window_in_progress (self) &&
          _imtehan_window_open_start_quiz (self, TRUE, &opened) && opened)
        {
          _imtehan_window_update_actions (self);
          return;
        }
    }
  /* Still the first listing: the library notifies ImtehanLibrary:listed after its change. */
  if (!imtehan_library_get_listed (self->library) &&
      self->pages_shown <= 1 && g_strcmp0 (self->page_name, "start") == 0 &&
      !_imtehan_window_in_progress (self) && g_str_equal (_imtehan_window_home (self), "library"))
    _imtehan_window_show_page (self, "library");
  else
    _imtehan_window_update_home_button (self);
  _imtehan_window_update_actions (self);
}

/**
 * _imtehan_window_set_quiz:
 *
 * Shows @quiz's start page, with a session of its own. An attempt in progress of the former
 * quiz is saved already (after every answer) and can be resumed from its start page.
 */
void
_imtehan_window_set_quiz (ImtehanWindow *self,
                          ImtehanQuiz   *quiz)
{
  if (quiz == self->quiz)
    {
      _imtehan_window_show_page (self, "start");
      return;
    }
  if (self->attempt_signals)
    g_signal_group_set_target (self->attempt_signals, NULL);
  /* Its lock is given back and its listing cancelled now (as in dispose()). */
  g_object_run_dispose (G_OBJECT (self->session));
  g_clear_object (&self->session);
  g_clear_object (&self->shown);
  g_set_object (&self->quiz, quiz);
  _imtehan_window_start_session (self);

  imtehan_set_str (&self->page_name, "start");
  _imtehan_window_rebuild_pages (self);
  _imtehan_window_reload_history (self);
}
