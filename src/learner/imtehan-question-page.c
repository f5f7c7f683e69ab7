/* imtehan-question-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-question-page"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-a11y.h"
#include "imtehan-i18n.h"
#include "imtehan-progress.h"
#include "imtehan-question-deck.h"
#include "imtehan-question-page.h"
#include "imtehan-quiz.h"
#include "imtehan-scroll-bin.h"
#include "imtehan-wrap-bin.h"

struct _ImtehanQuestionPage
{
  GtkWidget            parent_instance;

  GtkScrolledWindow   *scroller;
  ImtehanProgress     *progress;
  ImtehanWrapBin      *position_bin;
  ImtehanQuestionDeck *questions;
  GtkButton           *previous_button;
  GtkButton           *next_button;
  GtkLabel            *next_label;
  GtkButton           *check_button;
  GtkWidget           *countdown_box;
  GtkLabel            *countdown_label;
  GtkRevealer         *time_alert;
  GtkWidget           *time_alert_box;
  GtkLabel            *time_alert_label;

  ImtehanAttempt      *attempt;
  GSignalGroup        *signals;
  ImtehanQuestionView *view;  /* the question shown */
  guint                tick_source;   /* the countdown's next second, while mapped */
  guint                alert_source;  /* hides the time alert */
  guint                buttons_labelled : 1;  /* the accessible names of Previous and Next */
  guint                next_is_review : 1;
  guint                focus_on_next : 1;  /* moved there by a check */
};

G_DEFINE_FINAL_TYPE (ImtehanQuestionPage, imtehan_question_page, GTK_TYPE_WIDGET)

/* How long "5 minutes left" stays on screen: enough to be read, and said once. */
#define TIME_ALERT_SECONDS 10

/* When the countdown turns to a warning and tells a screen reader: 5 and 1 minute
 * before the deadline. */
#define WARN_SECONDS (5 * 60)
#define LAST_SECONDS 60

/* Which of the time alerts an attempt has had, kept on the attempt itself: a page rebuilt
 * for a language switch does not say it again. */
#define ANNOUNCED_KEY "imtehan-question-page-announced"

/* "Question 3 of 8, 2 answered", for @attempt's current question. */
static char *
position_text (ImtehanAttempt *attempt)
{
  guint answered = imtehan_attempt_get_n_answered (attempt);
  g_autofree char *position = NULL;

  /* TRANSLATORS: "Question 3 of 8" */
  position = g_strdup_printf (_("Question %u of %u"), imtehan_attempt_get_current (attempt) + 1,
                              imtehan_attempt_get_n_questions (attempt));
  /* TRANSLATORS: "Question 3 of 8, 2 answered"; what a screen reader says of the progress */
  return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s, %u answered", "%s, %u answered",
                                     answered),
                          position, answered);
}

static void
label_buttons (ImtehanQuestionPage *self,
               gboolean             last)
{
  /* Only when it changes: each update is sent to the accessibility bus, and this runs at
   * every move. */
  if (self->next_is_review != last || !self->buttons_labelled)
    {
      gtk_label_set_text_with_mnemonic (self->next_label, last ? _("_Review") : _("_Next"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->next_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      last ? _("Review") : _("Next question"), -1);
      self->next_is_review = last;
    }
  if (!self->buttons_labelled)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->previous_button),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, _("Previous question"), -1);
  self->buttons_labelled = TRUE;
}

static void
update_position (ImtehanQuestionPage *self)
{
  g_autofree char *text = position_text (self->attempt);

  /* Shown before when going back: the bin keeps its layout (imtehan_wrap_bin_set_text()). */
  imtehan_wrap_bin_set_text (self->position_bin, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  label_buttons (self, imtehan_attempt_get_current (self->attempt) + 1 >=
                       imtehan_attempt_get_n_questions (self->attempt));
}

static void
update_selection (ImtehanQuestionPage *self)
{
  guint current = imtehan_attempt_get_current (self->attempt);
  const char *answer = imtehan_attempt_get_answer (self->attempt, current);

  imtehan_question_view_set_answer (self->view, answer);
}

/* Practice: a checked answer is locked and shown right or wrong, with the explanation. */
static void
update_checked (ImtehanQuestionPage *self)
{
  guint current = imtehan_attempt_get_current (self->attempt);
  ImtehanQuestion *question = imtehan_quiz_get_question (imtehan_attempt_get_quiz (self->attempt),
                                                         current);
  gboolean practice = imtehan_attempt_get_mode (self->attempt) == IMTEHAN_MODE_PRACTICE;

  imtehan_question_view_set_checked (self->view, question,
                                     imtehan_attempt_get_answer (self->attempt, current),
                                     imtehan_attempt_is_checked (self->attempt, current));
  gtk_widget_set_visible (GTK_WIDGET (self->check_button), practice);
}

static void
update_question (ImtehanQuestionPage *self)
{
  self->view = imtehan_question_deck_show (self->questions,
                                           imtehan_attempt_get_current (self->attempt));
  update_selection (self);
  update_checked (self);
  update_position (self);

  /* A new question starts at its top. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
}

static void
current_changed_cb (ImtehanQuestionPage *self)
{
  gboolean had_focus = self->view != NULL && imtehan_question_view_has_focus_in (self->view);

  /* Next, after a check: the keyboard goes on in the next question's answers, where Enter
   * checks again. */
  had_focus = had_focus || (self->focus_on_next && gtk_widget_has_focus (GTK_WIDGET (self->next_button)));
  self->focus_on_next = FALSE;
  update_question (self);

  /* Keyboard users keep their place: focus goes to the chosen (or first) answer, not
   * scrolled to (imtehan_question_page_grab_focus()). */
  if (had_focus || gtk_widget_get_focus_child (GTK_WIDGET (self)) == NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
answer_changed_cb (ImtehanQuestionPage *self,
                   guint                index)
{
  if (index == imtehan_attempt_get_current (self->attempt))
    update_selection (self);
  update_position (self);
}

/* A question of a kind other than single choice answered in its view. */
static void
respond_cb (ImtehanQuestionPage *self,
            guint                index,
            const char          *response)
{
  if (self->attempt != NULL && index < imtehan_attempt_get_n_questions (self->attempt))
    imtehan_attempt_respond (self->attempt, index, response);
}

/* After the frame that lays the verdict and explanation out (a tick callback runs before
 * that frame's layout, so at the second), they are scrolled into view. */
static gboolean
show_feedback_cb (GtkWidget     *widget,
                  GdkFrameClock *clock,
                  gpointer       user_data)
{
  ImtehanQuestionPage *self = IMTEHAN_QUESTION_PAGE (widget);
  gboolean *laid_out = user_data;
  GtkWidget *viewport = gtk_scrolled_window_get_child (self->scroller);
  GtkWidget *content = GTK_IS_VIEWPORT (viewport) ? gtk_viewport_get_child (GTK_VIEWPORT (viewport)) : NULL;
  GtkWidget *feedback = self->view ? imtehan_question_view_get_feedback (self->view) : NULL;
  graphene_rect_t bounds;

  if (!*laid_out)
    {
      *laid_out = TRUE;
      return G_SOURCE_CONTINUE;
    }
  if (content != NULL && feedback != NULL && gtk_widget_get_visible (feedback) &&
      gtk_widget_compute_bounds (feedback, content, &bounds))
    gtk_adjustment_clamp_page (gtk_scrolled_window_get_vadjustment (self->scroller),
                               bounds.origin.y, bounds.origin.y + bounds.size.height);
  return G_SOURCE_REMOVE;
}

static void
answer_checked_cb (ImtehanQuestionPage *self,
                   guint                index)
{
  gboolean had_focus;

  if (index != imtehan_attempt_get_current (self->attempt))
    return;
  had_focus = imtehan_question_view_has_focus_in (self->view) ||
              gtk_widget_has_focus (GTK_WIDGET (self->check_button));
  update_checked (self);
  gtk_widget_add_tick_callback (GTK_WIDGET (self), show_feedback_cb, g_new0 (gboolean, 1), g_free);
  /* The answers are locked now, insensitive: the keyboard goes on from Next. */
  if (had_focus || gtk_widget_get_focus_child (GTK_WIDGET (self)) == NULL)
    self->focus_on_next = gtk_widget_grab_focus (GTK_WIDGET (self->next_button));
}

/* --- The countdown ------------------------------------------------------------------------- */

/* Seconds left, rounded up (0 only once the deadline is reached), or -1 without a deadline
 * or once the attempt is finished. As imtehan_session_get_remaining_seconds(), from the
 * attempt the page shows. */
static gint64
remaining_usec (ImtehanQuestionPage *self)
{
  GDateTime *deadline;

  if (self->attempt == NULL || imtehan_attempt_get_finished (self->attempt) ||
      (deadline = imtehan_attempt_get_deadline (self->attempt)) == NULL)
    return -1;
  return MAX (g_date_time_to_unix (deadline) * G_USEC_PER_SEC - g_get_real_time (), 0);
}

/* "4:59" or "1:04:59": how the time left reads on a clock, in ASCII digits as every number
 * of the app (imtehan_format_score()). */
static char *
format_time_left (gint64 seconds)
{
  if (seconds >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int)(seconds / 3600), (int)(seconds / 60 % 60),
                            (int)(seconds % 60));
  return g_strdup_printf ("%02d:%02d", (int)(seconds / 60), (int)(seconds % 60));
}

static gboolean
hide_time_alert_cb (gpointer user_data)
{
  ImtehanQuestionPage *self = user_data;

  self->alert_source = 0;
  gtk_revealer_set_reveal_child (self->time_alert, FALSE);
  return G_SOURCE_REMOVE;
}

/* Hidden once it has slid away, so that it is gone for assistive technologies too. */
static void
time_alert_revealed_cb (GtkRevealer *revealer)
{
  if (!gtk_revealer_get_child_revealed (revealer) && !gtk_revealer_get_reveal_child (revealer))
    gtk_widget_set_visible (GTK_WIDGET (revealer), FALSE);
}

/* "5 minutes left", at 5 and at 1 minute: the alert becomes visible, which AT-SPI tells
 * screen readers (Orca speaks alerts). An attempt resumed below a threshold is told once. */
static void
announce_time_left (ImtehanQuestionPage *self,
                    gint64               seconds)
{
  guint level, announced;
  guint minutes;
  g_autofree char *text = NULL;

  if (seconds <= 0 || seconds > WARN_SECONDS)
    return;
  level = seconds <= LAST_SECONDS ? 2 : 1;
  announced = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self->attempt), ANNOUNCED_KEY));
  if (level <= announced)
    return;
  g_object_set_data (G_OBJECT (self->attempt), ANNOUNCED_KEY, GUINT_TO_POINTER (level));

  minutes = (level == 2 ? LAST_SECONDS : WARN_SECONDS) / 60;
  /* TRANSLATORS: said by a screen reader and shown at 5 and at 1 minute before the time limit */
  text = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%u minute left", "%u minutes left",
                                     minutes),
                          minutes);
  gtk_label_set_text (self->time_alert_label, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->time_alert_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_widget_set_visible (GTK_WIDGET (self->time_alert), TRUE);
  gtk_revealer_set_reveal_child (self->time_alert, TRUE);
  g_clear_handle_id (&self->alert_source, g_source_remove);
  self->alert_source = g_timeout_add_seconds (TIME_ALERT_SECONDS, hide_time_alert_cb, self);
}

static void schedule_tick (ImtehanQuestionPage *self);

static void
update_countdown (ImtehanQuestionPage *self)
{
  gint64 usec = remaining_usec (self);
  gint64 seconds = (usec + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (self->countdown_box, usec >= 0);
  if (usec < 0)
    return;
  text = format_time_left (seconds);
  gtk_label_set_text (self->countdown_label, text);
  if (seconds <= WARN_SECONDS)
    gtk_widget_add_css_class (self->countdown_box, "warning");
  else
    gtk_widget_remove_css_class (self->countdown_box, "warning");
  announce_time_left (self, seconds);
}

static gboolean
tick_cb (gpointer user_data)
{
  ImtehanQuestionPage *self = user_data;

  self->tick_source = 0;
  update_countdown (self);
  schedule_tick (self);
  return G_SOURCE_REMOVE;
}

/* Wakes when the seconds shown change, only while the page is on screen: at zero the
 * session submits (::time-up) and the window leaves the page. */
static void
schedule_tick (ImtehanQuestionPage *self)
{
  gint64 usec = remaining_usec (self);

  g_clear_handle_id (&self->tick_source, g_source_remove);
  if (usec <= 0 || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  self->tick_source = g_timeout_add ((guint)(((usec - 1) % G_USEC_PER_SEC) / 1000 + 1),
                                     tick_cb, self);
}

static void
imtehan_question_page_map (GtkWidget *widget)
{
  ImtehanQuestionPage *self = IMTEHAN_QUESTION_PAGE (widget);

  GTK_WIDGET_CLASS (imtehan_question_page_parent_class)->map (widget);
  update_countdown (self);
  schedule_tick (self);
}

static void
imtehan_question_page_unmap (GtkWidget *widget)
{
  ImtehanQuestionPage *self = IMTEHAN_QUESTION_PAGE (widget);

  g_clear_handle_id (&self->tick_source, g_source_remove);
  GTK_WIDGET_CLASS (imtehan_question_page_parent_class)->unmap (widget);
}

static gboolean
arrow_cb (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  gboolean left = g_variant_get_boolean (args);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;

  /* Left goes back in English and forward in Urdu: questions run the way the text runs. */
  gtk_widget_activate_action (widget, left != rtl ? "win.previous" : "win.next", NULL);
  return TRUE;
}

static gboolean
enter_cb (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  ImtehanQuestionPage *self = IMTEHAN_QUESTION_PAGE (widget);
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (widget));
  guint current;

  /* On a button, Enter presses it, and in a drop-down's list it picks; anywhere else on the
   * page it goes on. */
  if (focus != NULL && (GTK_IS_BUTTON (focus) || gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER)))
    return FALSE;
  /* What was typed is the answer that Enter checks or leaves. */
  if (self->view != NULL)
    imtehan_question_view_flush (self->view);
  /* In practice, a chosen answer is checked first; the next Enter goes on. */
  if (self->attempt != NULL)
    {
      current = imtehan_attempt_get_current (self->attempt);
      if (imtehan_attempt_get_mode (self->attempt) == IMTEHAN_MODE_PRACTICE &&
          imtehan_attempt_get_answer (self->attempt, current) != NULL &&
          !imtehan_attempt_is_checked (self->attempt, current))
        {
          gtk_widget_activate_action (widget, "win.check", NULL);
          return TRUE;
        }
    }
  gtk_widget_activate_action (widget, "win.next", NULL);
  return TRUE;
}

static void
imtehan_question_page_dispose (GObject *object)
{
  ImtehanQuestionPage *self = (ImtehanQuestionPage *)object;
  GtkWidget *child;

  /* A page rebuilt for another language keeps what was just typed. */
  if (self->view != NULL)
    imtehan_question_view_flush (self->view);
  if (self->signals)
    g_signal_group_set_target (self->signals, NULL);
  g_clear_handle_id (&self->tick_source, g_source_remove);
  g_clear_handle_id (&self->alert_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_QUESTION_PAGE);
  /* GTK 4.8 unparents only the bound template children. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->signals);
  g_clear_object (&self->attempt);
  self->view = NULL;

  G_OBJECT_CLASS (imtehan_question_page_parent_class)->dispose (object);
}

/* A question starts at its top, where its text is; the focus goes to its answer, which in
 * a short window lies below, without scrolling there (imtehan_grab_focus_unscrolled(): in
 * perf, a seventh of an opened question's action went to finding out where to scroll). */
static gboolean
imtehan_question_page_grab_focus (GtkWidget *widget)
{
  ImtehanQuestionPage *self = IMTEHAN_QUESTION_PAGE (widget);
  GtkWidget *target = self->view ? imtehan_question_view_get_focus_target (self->view) : NULL;
  GtkWidget *viewport = gtk_scrolled_window_get_child (self->scroller);
  g_autoptr(GPtrArray) viewports = g_ptr_array_new ();

  /* A checked practice answer is locked: the keyboard goes on from Next. */
  if (target == NULL && self->view != NULL && imtehan_question_view_get_checked (self->view))
    return gtk_widget_grab_focus (GTK_WIDGET (self->next_button));
  if (target == NULL)
    return GTK_WIDGET_CLASS (imtehan_question_page_parent_class)->grab_focus (widget);
  if (GTK_IS_VIEWPORT (viewport))
    g_ptr_array_add (viewports, viewport);
  return imtehan_grab_focus_unscrolled (target, viewports);
}

static void
imtehan_question_page_class_init (ImtehanQuestionPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->grab_focus = imtehan_question_page_grab_focus;
  widget_class->map = imtehan_question_page_map;
  widget_class->unmap = imtehan_question_page_unmap;
  object_class->dispose = imtehan_question_page_dispose;

  g_type_ensure (IMTEHAN_TYPE_PROGRESS);
  g_type_ensure (IMTEHAN_TYPE_WRAP_BIN);
  g_type_ensure (IMTEHAN_TYPE_SCROLL_BIN);
  g_type_ensure (IMTEHAN_TYPE_QUESTION_DECK);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/imtehan-question-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, progress);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, position_bin);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, questions);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, previous_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, next_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, next_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, check_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, countdown_box);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, countdown_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, time_alert);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, time_alert_box);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, time_alert_label);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Left, 0, arrow_cb, "b", TRUE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Left, 0, arrow_cb, "b", TRUE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Right, 0, arrow_cb, "b", FALSE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Right, 0, arrow_cb, "b", FALSE);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
imtehan_question_page_init (ImtehanQuestionPage *self)
{
  GtkEventController *controller;
  GtkShortcut *shortcut;

  gtk_widget_init_template (GTK_WIDGET (self));
  imtehan_widget_clean_mnemonic_names (GTK_WIDGET (self));
  g_signal_connect (self->time_alert, "notify::child-revealed",
                    G_CALLBACK (time_alert_revealed_cb), NULL);
  gtk_widget_set_tooltip_text (self->countdown_box, _("Time left"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->countdown_label),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("Time left"), -1);

  g_signal_connect_object (self->questions, "respond", G_CALLBACK (respond_cb), self,
                           G_CONNECT_SWAPPED);
  self->signals = g_signal_group_new (IMTEHAN_TYPE_ATTEMPT);
  g_signal_group_connect_object (self->signals, "notify::current",
                                 G_CALLBACK (current_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->signals, "answer-changed",
                                 G_CALLBACK (answer_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->signals, "answer-checked",
                                 G_CALLBACK (answer_checked_cb), self, G_CONNECT_SWAPPED);

  /* A check button would take Enter to toggle itself; the page sees it first, so Enter on
   * a chosen answer goes on to the next question. */
  controller = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  shortcut = gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Return, 0),
                                                            gtk_keyval_trigger_new (GDK_KEY_KP_Enter, 0)),
                               gtk_callback_action_new (enter_cb, NULL, NULL));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

void
imtehan_question_page_set_attempt (ImtehanQuestionPage *self,
                                   ImtehanAttempt      *attempt)
{
  g_return_if_fail (IMTEHAN_IS_QUESTION_PAGE (self));

  if (self->attempt == attempt)
    return;
  if (self->view != NULL)
    imtehan_question_view_flush (self->view);
  g_set_object (&self->attempt, attempt);
  g_signal_group_set_target (self->signals, attempt);
  imtehan_progress_set_attempt (self->progress, attempt);
  imtehan_question_deck_set_attempt (self->questions, attempt);
  self->view = NULL;
  if (attempt != NULL)
    update_question (self);
  update_countdown (self);
  schedule_tick (self);
}

/**
 * imtehan_question_page_prepare:
 * @attempt: an attempt like the one that will be shown (its choice order does not matter)
 * @width: the width the page will have
 *
 * Builds the view of @attempt's current question and lays its text out at @width, while
 * the page is not shown: the next attempt on this page then shows that question without
 * laying anything out. Does nothing while the page shows an attempt.
 */
void
imtehan_question_page_prepare (ImtehanQuestionPage *self,
                               ImtehanAttempt      *attempt,
                               int                  width)
{
  g_return_if_fail (IMTEHAN_IS_QUESTION_PAGE (self));
  g_return_if_fail (IMTEHAN_IS_ATTEMPT (attempt));

  g_autofree char *position = NULL;

  if (self->attempt != NULL || width <= 0)
    return;
  /* The rest of the page as that attempt will show it, laid out with the question below: the
   * dots, the position and the buttons' labels, whose glyphs were the first open's other
   * cost. The dots stay for any attempt of the quiz. */
  position = position_text (attempt);
  imtehan_wrap_bin_set_text (self->position_bin, position);
  imtehan_progress_set_attempt (self->progress, attempt);
  label_buttons (self, imtehan_attempt_get_current (attempt) + 1 >=
                       imtehan_attempt_get_n_questions (attempt));
  imtehan_question_deck_prepare (self->questions, attempt, width);
  imtehan_widget_draw_glyphs (GTK_WIDGET (self->progress));
  imtehan_widget_draw_glyphs (GTK_WIDGET (self->position_bin));
  imtehan_widget_draw_glyphs (GTK_WIDGET (self->previous_button));
  imtehan_widget_draw_glyphs (GTK_WIDGET (self->next_button));
}

/* Answers at once with what the learner typed in the question shown, which otherwise waits
 * for a pause in typing (imtehan-answer-entry.c): before it is checked, say. */
void
imtehan_question_page_flush (ImtehanQuestionPage *self)
{
  g_return_if_fail (IMTEHAN_IS_QUESTION_PAGE (self));

  if (self->view != NULL)
    imtehan_question_view_flush (self->view);
}

GtkWidget *
imtehan_question_page_get_choice (ImtehanQuestionPage *self,
                                  guint                position)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_PAGE (self), NULL);
  g_return_val_if_fail (self->view != NULL, NULL);
  return imtehan_question_view_get_choice (self->view, position);
}

GtkWidget *
imtehan_question_page_get_progress (ImtehanQuestionPage *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_PAGE (self), NULL);
  return GTK_WIDGET (self->progress);
}

/* The countdown's text ("04:59"), or NULL while none is shown. */
const char *
imtehan_question_page_get_time_left_text (ImtehanQuestionPage *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_PAGE (self), NULL);
  if (!gtk_widget_get_visible (self->countdown_box))
    return NULL;
  return gtk_label_get_text (self->countdown_label);
}

/* The alert that says "5 minutes left" (role alert), shown only while it says it. */
GtkWidget *
imtehan_question_page_get_time_alert (ImtehanQuestionPage *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_PAGE (self), NULL);
  return self->time_alert_box;
}

GtkWidget *
imtehan_question_page_get_countdown (ImtehanQuestionPage *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_PAGE (self), NULL);
  return self->countdown_box;
}

GtkWidget *
imtehan_question_page_get_feedback (ImtehanQuestionPage *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_PAGE (self), NULL);
  g_return_val_if_fail (self->view != NULL, NULL);
  return imtehan_question_view_get_feedback (self->view);
}

GtkWidget *
imtehan_question_page_get_check_button (ImtehanQuestionPage *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_PAGE (self), NULL);
  return GTK_WIDGET (self->check_button);
}
