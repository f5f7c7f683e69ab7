/* imtehan-question-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-question-page"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-i18n.h"
#include "imtehan-progress.h"
#include "imtehan-question-page.h"
#include "imtehan-quiz.h"

struct _ImtehanQuestionPage
{
  GtkWidget          parent_instance;

  GtkScrolledWindow *scroller;
  ImtehanProgress   *progress;
  GtkLabel          *position_label;
  GtkLabel          *topic_label;
  GtkLabel          *question_label;
  GtkBox            *choices_box;
  GtkButton         *previous_button;
  GtkButton         *next_button;
  GtkLabel          *next_label;

  ImtehanAttempt    *attempt;
  GSignalGroup      *signals;
  GPtrArray         *choices;   /* GtkCheckButton, in the order shown */
  guint              shown;     /* the question the choices were built for */
  guint              updating : 1;
};

G_DEFINE_FINAL_TYPE (ImtehanQuestionPage, imtehan_question_page, GTK_TYPE_WIDGET)

/* A choice is a check button that assistive technologies can press. GTK 4.8 gives a
 * GtkCheckButton no AT-SPI action (only a GtkButton gets "click"), so switch access, voice
 * control and screen-reader commands that activate the object under review could not
 * choose an answer. Its "click" action chooses it, as a click does. */
#define IMTEHAN_TYPE_CHOICE_BUTTON (imtehan_choice_button_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanChoiceButton, imtehan_choice_button, IMTEHAN, CHOICE_BUTTON, GtkCheckButton)

struct _ImtehanChoiceButton
{
  GtkCheckButton parent_instance;
};

G_DEFINE_FINAL_TYPE (ImtehanChoiceButton, imtehan_choice_button, GTK_TYPE_CHECK_BUTTON)

static void
choice_click_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  gtk_check_button_set_active (GTK_CHECK_BUTTON (widget), TRUE);
}

static void
imtehan_choice_button_class_init (ImtehanChoiceButtonClass *klass)
{
  /* Unprefixed, like the action of a GtkButton: what screen readers and test tools look for. */
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "click", NULL, choice_click_action);
}

static void
imtehan_choice_button_init (ImtehanChoiceButton *self)
{
}

static void
update_position (ImtehanQuestionPage *self)
{
  guint n = imtehan_attempt_get_n_questions (self->attempt);
  guint current = imtehan_attempt_get_current (self->attempt);
  guint answered = imtehan_attempt_get_n_answered (self->attempt);
  gboolean last = current + 1 >= n;
  g_autofree char *position = NULL;
  g_autofree char *text = NULL;

  /* TRANSLATORS: "Question 3 of 8" */
  position = g_strdup_printf (_("Question %u of %u"), current + 1, n);
  /* TRANSLATORS: "Question 3 of 8, 2 answered"; what a screen reader says of the progress */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u answered", "%s, %u answered",
                                       answered),
                          position, answered);
  gtk_label_set_text (self->position_label, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);

  gtk_label_set_text_with_mnemonic (self->next_label, last ? _("_Review") : _("_Next"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->next_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  last ? _("Review") : _("Next question"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->previous_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Previous question"), -1);
}

static void
update_selection (ImtehanQuestionPage *self)
{
  const char *answer = imtehan_attempt_get_answer (self->attempt, self->shown);
  const char * const *order = imtehan_attempt_get_choice_order (self->attempt, self->shown);

  self->updating = TRUE;
  for (guint i = 0; i < self->choices->len; i++)
    gtk_check_button_set_active (g_ptr_array_index (self->choices, i),
                                 g_strcmp0 (order[i], answer) == 0);
  self->updating = FALSE;
}

static void
choice_toggled_cb (GtkCheckButton      *button,
                   ImtehanQuestionPage *self)
{
  guint position;

  if (self->updating || !gtk_check_button_get_active (button))
    return;
  if (!g_ptr_array_find (self->choices, button, &position))
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.choose", "u", position);
}

static GtkWidget *
create_choice (ImtehanQuestionPage *self,
               ImtehanQuestion     *question,
               const char          *choice_id,
               guint                position,
               const char          *lang)
{
  const char *text = imtehan_question_get_choice_text (question, choice_id, lang);
  g_autofree char *letter = imtehan_i18n_choice_letter (position, lang);
  GtkWidget *button;
  GtkWidget *box;
  GtkWidget *letter_label;
  GtkWidget *text_label;

  /* The role is fixed at construction: a grouped check button is a radio button. */
  button = g_object_new (IMTEHAN_TYPE_CHOICE_BUTTON,
                         "accessible-role", GTK_ACCESSIBLE_ROLE_RADIO,
                         NULL);
  gtk_widget_add_css_class (button, "choice");

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  letter_label = gtk_label_new (letter);
  gtk_widget_add_css_class (letter_label, "choice-letter");
  gtk_label_set_yalign (GTK_LABEL (letter_label), 0.0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (letter_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
  text_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (text_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (text_label), 0.0);
  gtk_label_set_width_chars (GTK_LABEL (text_label), 15);
  gtk_label_set_max_width_chars (GTK_LABEL (text_label), 60);
  gtk_widget_set_hexpand (text_label, TRUE);
  imtehan_label_set_content (GTK_LABEL (text_label), text, lang);
  gtk_box_append (GTK_BOX (box), letter_label);
  gtk_box_append (GTK_BOX (box), text_label);
  gtk_check_button_set_child (GTK_CHECK_BUTTON (button), box);

  /* GTK 4.8 names a check button with a custom child "GtkCheckButton" unless it is labelled:
   * a screen reader hears the choice's own text. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);

  g_signal_connect (button, "toggled", G_CALLBACK (choice_toggled_cb), self);
  return button;
}

static void
update_question (ImtehanQuestionPage *self)
{
  const char *lang = imtehan_i18n_get_language ();
  ImtehanQuestion *question;
  const char * const *order;
  GtkWidget *child;
  GtkCheckButton *group = NULL;

  self->shown = imtehan_attempt_get_current (self->attempt);
  question = imtehan_quiz_get_question (imtehan_attempt_get_quiz (self->attempt), self->shown);

  imtehan_label_set_content (self->topic_label, imtehan_question_get_topic (question, lang), lang);
  gtk_widget_set_visible (GTK_WIDGET (self->topic_label),
                          *imtehan_question_get_topic (question, lang) != '\0');
  imtehan_label_set_content (self->question_label, imtehan_question_get_text (question, lang), lang);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->choices_box))))
    gtk_box_remove (self->choices_box, child);
  g_ptr_array_set_size (self->choices, 0);

  order = imtehan_attempt_get_choice_order (self->attempt, self->shown);
  for (guint i = 0; order[i] != NULL; i++)
    {
      GtkWidget *button = create_choice (self, question, order[i], i, lang);

      if (group == NULL)
        group = GTK_CHECK_BUTTON (button);
      else
        gtk_check_button_set_group (GTK_CHECK_BUTTON (button), group);
      gtk_box_append (self->choices_box, button);
      g_ptr_array_add (self->choices, button);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->choices_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  imtehan_question_get_text (question, lang), -1);

  update_selection (self);
  update_position (self);

  /* A new question starts at its top. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
}

static void
current_changed_cb (ImtehanQuestionPage *self)
{
  gboolean had_focus = FALSE;

  for (guint i = 0; i < self->choices->len; i++)
    if (gtk_widget_has_focus (g_ptr_array_index (self->choices, i)))
      had_focus = TRUE;

  update_question (self);

  /* Keyboard users keep their place: focus goes to the chosen (or first) answer. */
  if (had_focus || gtk_widget_get_focus_child (GTK_WIDGET (self)) == NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
answer_changed_cb (ImtehanQuestionPage *self,
                   guint                index)
{
  if (index == self->shown)
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
  g_clear_pointer (&self->choices, g_ptr_array_unref);

  G_OBJECT_CLASS (imtehan_question_page_parent_class)->dispose (object);
}

static gboolean
imtehan_question_page_grab_focus (GtkWidget *widget)
{
  ImtehanQuestionPage *self = IMTEHAN_QUESTION_PAGE (widget);

  /* The chosen answer, or the first: arrows and 1-4 work from there. */
  for (guint i = 0; i < self->choices->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->choices, i)))
      return gtk_widget_grab_focus (g_ptr_array_index (self->choices, i));
  if (self->choices->len > 0)
    return gtk_widget_grab_focus (g_ptr_array_index (self->choices, 0));
  return GTK_WIDGET_CLASS (imtehan_question_page_parent_class)->grab_focus (widget);
}

static void
imtehan_question_page_class_init (ImtehanQuestionPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->grab_focus = imtehan_question_page_grab_focus;
  object_class->dispose = imtehan_question_page_dispose;

  g_type_ensure (IMTEHAN_TYPE_PROGRESS);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/imtehan-question-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, progress);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, position_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, topic_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, question_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, choices_box);
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

  self->choices = g_ptr_array_new ();
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
  if (attempt != NULL)
    update_question (self);
}

GtkWidget *
imtehan_question_page_get_choice (ImtehanQuestionPage *self,
                                  guint                position)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_PAGE (self), NULL);
  g_return_val_if_fail (position < self->choices->len, NULL);
  return g_ptr_array_index (self->choices, position);
}

GtkWidget *
imtehan_question_page_get_progress (ImtehanQuestionPage *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_PAGE (self), NULL);
  return GTK_WIDGET (self->progress);
}
