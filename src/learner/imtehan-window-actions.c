/* imtehan-window-actions.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's actions: what the user can do (buttons, keys, menus name these), turned into
 * the session's calls and page changes; and, in one place, when each is enabled.
 */

#define G_LOG_DOMAIN "imtehan-window"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-answer-area.h"
#include "imtehan-i18n.h"
#include "imtehan-learner-dialog.h"
#include "imtehan-open.h"
#include "imtehan-question-page.h"
#include "imtehan-shortcuts.h"
#include "imtehan-start-page.h"
#include "imtehan-window-private.h"

/* The actions whose enabled state _imtehan_window_update_actions() sets. */
static const char * const updated_actions[] = {
  "win.resume", "win.previous", "win.next", "win.choose", "win.review", "win.submit",
  "win.home", "win.show-attempts", "win.retry-save", "win.check",
};

/* GTK 4.8 passes an action's state on to every muxer and button watching it, changed or
 * not, at every move: only changes are passed on. */
static void
set_action_enabled (ImtehanWindow *self,
                    const char    *name,
                    gboolean       enabled)
{
  guint mask = 0;

  for (guint i = 0; i < G_N_ELEMENTS (updated_actions) && mask == 0; i++)
    if (g_str_equal (updated_actions[i], name))
      mask = 1u << i;
  g_return_if_fail (mask != 0);

  if ((self->actions_known & mask) && !(self->actions_enabled & mask) == !enabled)
    return;
  self->actions_known |= mask;
  if (enabled)
    self->actions_enabled |= mask;
  else
    self->actions_enabled &= ~mask;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), name, enabled);
}

static gboolean
has_numbered_choices (ImtehanAttempt *attempt,
                      guint           current)
{
  ImtehanQuestionKind kind;

  kind = imtehan_question_get_kind (imtehan_quiz_get_question (imtehan_attempt_get_quiz (attempt),
                                                               current));
  return kind == IMTEHAN_QUESTION_SINGLE || kind == IMTEHAN_QUESTION_MULTIPLE;
}

void
_imtehan_window_update_actions (ImtehanWindow *self)
{
  guint page = _imtehan_window_page_index (self->page_name);
  gboolean in_progress = _imtehan_window_in_progress (self);
  gboolean on_question = page == PAGE_QUESTION && in_progress;
  ImtehanAttempt *attempt = _imtehan_window_get_current_attempt (self);
  guint current = attempt ? imtehan_attempt_get_current (attempt) : 0;
  gboolean can_resume = imtehan_session_get_can_resume (self->session);

  set_action_enabled (self, "win.resume", can_resume);
  set_action_enabled (self, "win.previous",
                      (on_question && current > 0) ||
                      (page == PAGE_REVIEW && in_progress));
  set_action_enabled (self, "win.next", on_question);
  /* Only numbered answers take the number keys: a disabled action leaves a key to the
   * widget in focus, so digits reach a numerical question's entry. */
  set_action_enabled (self, "win.choose", on_question && has_numbered_choices (attempt, current));
  /* Practice: a chosen answer not yet checked. */
  set_action_enabled (self, "win.check",
                      on_question && imtehan_attempt_get_mode (attempt) == IMTEHAN_MODE_PRACTICE &&
                      imtehan_attempt_get_answer (attempt, current) != NULL &&
                      !imtehan_attempt_is_checked (attempt, current));
  set_action_enabled (self, "win.review", in_progress);
  set_action_enabled (self, "win.submit", page == PAGE_REVIEW && in_progress);
  set_action_enabled (self, "win.home",
                      page != _imtehan_window_page_index (_imtehan_window_home (self)));
  set_action_enabled (self, "win.show-attempts",
                      g_list_model_get_n_items (imtehan_session_get_history (self->session)) > 0);
  set_action_enabled (self, "win.retry-save", imtehan_session_get_save_error (self->session) != NULL);

  /* The start page shown follows the history (see sync_pages()). */
  if (page == PAGE_START && self->pages[PAGE_START])
    imtehan_start_page_set_can_resume (IMTEHAN_START_PAGE (self->pages[PAGE_START]), can_resume);
}

static void
begin_attempt (ImtehanWindow *self)
{
  imtehan_session_start (self->session, imtehan_i18n_get_language ());
  _imtehan_window_show_page (self, "question");
}

/* The name is taken unless its attempts are used; it is offered again at the next Start of
 * this run, in any window (the context keeps it, in memory only). */
static void
learner_submitted_cb (ImtehanLearnerDialog *dialog,
                      ImtehanWindow        *self)
{
  const char *name = imtehan_learner_dialog_get_name (dialog);
  const char *roll_number = imtehan_learner_dialog_get_roll_number (dialog);

  if (!imtehan_session_may_start (self->session, name))
    {
      g_autofree char *refusal =
        imtehan_learner_attempts_used_message (imtehan_session_get_attempts_allowed (self->session));

      imtehan_learner_dialog_set_error (dialog, refusal);
      return;
    }
  imtehan_context_set_learner (self->context, name, roll_number);
  gtk_window_destroy (GTK_WINDOW (dialog));
  begin_attempt (self);
}

/* Start (and Try Again): in a lab that requires a name, the name first; a learner whose
 * attempts allowed are used is told so and not started (Resume stays offered). */
static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);
  ImtehanLabConfig *config = imtehan_context_get_lab_config (self->context);

  if (imtehan_lab_config_get_learner_required (config))
    {
      ImtehanLearnerDialog *dialog =
        imtehan_learner_dialog_new (GTK_WINDOW (self), imtehan_context_get_learner (self->context),
                                    imtehan_context_get_roll_number (self->context));

      g_signal_connect_object (dialog, "submitted", G_CALLBACK (learner_submitted_cb), self, 0);
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  if (!imtehan_session_may_start (self->session, NULL))
    {
      g_autofree char *refusal =
        imtehan_learner_attempts_used_message (imtehan_session_get_attempts_allowed (self->session));

      if (_imtehan_window_page_index (self->page_name) != PAGE_START)
        _imtehan_window_show_page (self, "start");
      imtehan_start_page_set_notice (IMTEHAN_START_PAGE (self->pages[PAGE_START]), refusal);
      return;
    }
  begin_attempt (self);
}

/* Why an attempt could not be resumed or opened, unless the request was simply dropped (one
 * was being opened already, or the window is gone). */
static void
report_claim_error (ImtehanWindow *self,
                    const GError  *error,
                    gboolean       resume)
{
  g_autofree char *message = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PENDING) ||
      (resume && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND)))
    return;
  if (resume || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY))
    message = g_strdup_printf (_("The attempt could not be resumed: %s"), error->message);
  else
    message = g_strdup_printf (_("This attempt could not be opened: %s"), error->message);
  _imtehan_window_toast (self, message);
}

static void
resume_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(ImtehanWindow) self = user_data;
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(GError) error = NULL;

  attempt = imtehan_session_resume_finish (IMTEHAN_SESSION (object), result, &error);
  if (attempt == NULL)
    report_claim_error (self, error, TRUE);
  /* Resumed after its deadline, it was submitted: ::time-up showed the results. */
  else if (self->session != NULL && !imtehan_attempt_get_finished (attempt))
    _imtehan_window_show_page (self, "question");
}

static void
resume_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);

  imtehan_session_resume_async (self->session, imtehan_i18n_get_language (), resume_cb,
                                g_object_ref (self));
}

static void
previous_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);

  if (!_imtehan_window_in_progress (self))
    return;
  if (_imtehan_window_page_index (self->page_name) == PAGE_REVIEW)
    _imtehan_window_show_page (self, "question");
  else
    imtehan_attempt_go_previous (_imtehan_window_get_current_attempt (self));
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);

  if (!_imtehan_window_in_progress (self))
    return;
  if (!imtehan_attempt_go_next (_imtehan_window_get_current_attempt (self)))
    _imtehan_window_show_page (self, "review");
}

static void
go_to_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);
  guint index = g_variant_get_uint32 (parameter);

  if (!_imtehan_window_in_progress (self) || index >= imtehan_attempt_get_n_questions (_imtehan_window_get_current_attempt (self)))
    return;
  imtehan_attempt_set_current (_imtehan_window_get_current_attempt (self), index);
  if (_imtehan_window_page_index (self->page_name) != PAGE_QUESTION)
    _imtehan_window_show_page (self, "question");
}

/* A number key: chooses the answer at @position of a single-choice question, picks or
 * unpicks it in a multiple-choice one; the other kinds have no numbered answers. */
static void
choose_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);
  guint position = g_variant_get_uint32 (parameter);
  ImtehanAttempt *attempt;
  ImtehanQuestion *question;
  guint current;
  const char * const *order;
  g_autofree char *toggled = NULL;

  if (!_imtehan_window_in_progress (self))
    return;
  attempt = _imtehan_window_get_current_attempt (self);
  current = imtehan_attempt_get_current (attempt);
  question = imtehan_quiz_get_question (imtehan_attempt_get_quiz (attempt), current);
  order = imtehan_attempt_get_choice_order (attempt, current);
  if (position >= g_strv_length ((char **)order))
    return;
  switch (imtehan_question_get_kind (question))
    {
    case IMTEHAN_QUESTION_SINGLE:
      imtehan_attempt_choose (attempt, current, order[position]);
      break;
    case IMTEHAN_QUESTION_MULTIPLE:
      toggled = imtehan_answer_toggle_choice (order, imtehan_attempt_get_answer (attempt, current),
                                              order[position]);
      imtehan_attempt_respond (attempt, current, toggled);
      break;
    default:
      break;
    }
}

/* Practice: checks the answer of the question shown, which locks it. */
static void
check_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);

  if (!_imtehan_window_in_progress (self))
    return;
  /* Alt+C checks what is typed, not what was typed before the last pause. */
  if (self->pages[PAGE_QUESTION] != NULL)
    imtehan_question_page_flush (IMTEHAN_QUESTION_PAGE (self->pages[PAGE_QUESTION]));
  imtehan_session_check (self->session,
                         imtehan_attempt_get_current (_imtehan_window_get_current_attempt (self)));
}

static void
review_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);

  if (_imtehan_window_in_progress (self))
    _imtehan_window_show_page (self, "review");
}

static void
submit_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);

  if (!_imtehan_window_in_progress (self))
    return;
  imtehan_session_submit (self->session, imtehan_i18n_get_language ());
  g_set_object (&self->shown, _imtehan_window_get_current_attempt (self));
  _imtehan_window_show_page (self, "results");
}

static void
retry_save_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  imtehan_session_retry_saves (IMTEHAN_WINDOW (widget)->session);
}

static void
try_again_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  start_action (widget, action_name, parameter);
}

static void
home_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);
  const char *home = _imtehan_window_home (self);

  /* The library page lists the folder itself when shown. */
  _imtehan_window_show_page (self, home);
  if (!g_str_equal (home, "library"))
    _imtehan_window_reload_history (self);
}

/* A quiz of the library, by its id: its start page. */
static void
open_quiz_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);
  ImtehanLibraryEntry *entry = imtehan_library_lookup (self->library,
                                                       g_variant_get_string (parameter, NULL));
  g_autoptr(GError) error = NULL;
  ImtehanQuiz *quiz;

  if (entry == NULL)
    return;
  /* Listed from its cached card; a file changed or broken since says why, as on open. */
  if (!(quiz = imtehan_library_entry_load_quiz (entry, &error)))
    {
      imtehan_open_show_error (GTK_WINDOW (self), error);
      return;
    }
  _imtehan_window_set_quiz (self, quiz);
}

static void
show_attempts_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  _imtehan_window_show_page (IMTEHAN_WINDOW (widget), "attempts");
}

static void
open_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(ImtehanWindow) self = user_data;
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(GError) error = NULL;

  attempt = imtehan_session_open_finish (IMTEHAN_SESSION (object), result, &error);
  if (attempt == NULL)
    report_claim_error (self, error, FALSE);
  else if (self->session == NULL)
    return;
  else if (!imtehan_attempt_get_finished (attempt))
    _imtehan_window_show_page (self, "question");
  else
    {
      g_set_object (&self->shown, attempt);
      _imtehan_window_show_page (self, "results");
    }
}

static void
open_attempt_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);

  imtehan_session_open_async (self->session, g_variant_get_string (parameter, NULL), open_cb,
                              g_object_ref (self));
}

static void
toggle_language_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);

  imtehan_window_set_language (self, g_str_equal (self->language, "ur") ? "en" : "ur");
}

static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);

  imtehan_shortcuts_window_present (GTK_WINDOW (self), &self->shortcuts, NULL);
}

void
_imtehan_window_class_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "win.resume", NULL, resume_action);
  gtk_widget_class_install_action (widget_class, "win.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "win.next", NULL, next_action);
  /* Never disabled: go_to_action() checks that an attempt is in progress, and disabling it
   * made GTK restyle every hidden progress dot at each open of a question. */
  gtk_widget_class_install_action (widget_class, "win.go-to", "u", go_to_action);
  gtk_widget_class_install_action (widget_class, "win.choose", "u", choose_action);
  gtk_widget_class_install_action (widget_class, "win.check", NULL, check_action);
  gtk_widget_class_install_action (widget_class, "win.review", NULL, review_action);
  gtk_widget_class_install_action (widget_class, "win.submit", NULL, submit_action);
  gtk_widget_class_install_action (widget_class, "win.try-again", NULL, try_again_action);
  gtk_widget_class_install_action (widget_class, "win.retry-save", NULL, retry_save_action);
  gtk_widget_class_install_action (widget_class, "win.home", NULL, home_action);
  gtk_widget_class_install_action (widget_class, "win.show-attempts", NULL, show_attempts_action);
  gtk_widget_class_install_action (widget_class, "win.open-attempt", "s", open_attempt_action);
  gtk_widget_class_install_action (widget_class, "win.open-quiz", "s", open_quiz_action);
  gtk_widget_class_install_property_action (widget_class, "win.language", "language");
  gtk_widget_class_install_action (widget_class, "win.toggle-language", NULL,
                                   toggle_language_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL,
                                   show_shortcuts_action);
}
