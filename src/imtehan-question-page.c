/* imtehan-question-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-question-page"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-progress.h"
#include "imtehan-question-deck.h"
#include "imtehan-question-page.h"
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

  ImtehanAttempt      *attempt;
  GSignalGroup        *signals;
  ImtehanQuestionView *view;  /* the question shown */
  guint                buttons_labelled : 1;  /* the accessible names of Previous and Next */
  guint                next_is_review : 1;
};

G_DEFINE_FINAL_TYPE (ImtehanQuestionPage, imtehan_question_page, GTK_TYPE_WIDGET)

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

static void
update_question (ImtehanQuestionPage *self)
{
  self->view = imtehan_question_deck_show (self->questions,
                                           imtehan_attempt_get_current (self->attempt));
  update_selection (self);
  update_position (self);

  /* A new question starts at its top. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
}

static void
current_changed_cb (ImtehanQuestionPage *self)
{
  gboolean had_focus = self->view != NULL && imtehan_question_view_has_focus_in (self->view);

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
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (widget));

  /* On a button, Enter presses it; anywhere else on the page it goes on. */
  if (focus != NULL && GTK_IS_BUTTON (focus))
    return FALSE;
  gtk_widget_activate_action (widget, "win.next", NULL);
  return TRUE;
}

static void
imtehan_question_page_dispose (GObject *object)
{
  ImtehanQuestionPage *self = (ImtehanQuestionPage *)object;
  GtkWidget *child;

  if (self->signals)
    g_signal_group_set_target (self->signals, NULL);
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

  self->signals = g_signal_group_new (IMTEHAN_TYPE_ATTEMPT);
  g_signal_group_connect_object (self->signals, "notify::current",
                                 G_CALLBACK (current_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->signals, "answer-changed",
                                 G_CALLBACK (answer_changed_cb), self, G_CONNECT_SWAPPED);

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

  if (!g_set_object (&self->attempt, attempt))
    return;
  g_signal_group_set_target (self->signals, attempt);
  imtehan_progress_set_attempt (self->progress, attempt);
  imtehan_question_deck_set_attempt (self->questions, attempt);
  self->view = NULL;
  if (attempt != NULL)
    update_question (self);
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
