/* imtehan-question-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One question as shown: its topic, its text and its answers, in the order an attempt shows
 * them. Choosing an answer activates win.choose with its position.
 */

#define G_LOG_DOMAIN "imtehan-question-view"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-choice-row.h"
#include "imtehan-i18n.h"
#include "imtehan-question-view.h"
#include "imtehan-wrap-bin.h"

struct _ImtehanQuestionView
{
  GtkBox      parent_instance;

  GtkLabel   *topic_label;
  GtkLabel   *question_label;
  GtkBox     *choices_box;
  GtkWidget  *feedback_box;   /* practice: built at the first check, NULL before */
  GtkImage   *feedback_icon;
  GtkLabel   *verdict_label;
  GtkWidget  *right_answer_box;
  GtkLabel   *right_answer_caption;
  GtkLabel   *right_answer_label;
  GtkWidget  *explanation_box;
  GtkLabel   *explanation_caption;
  GtkLabel   *explanation_label;

  GPtrArray  *choices;   /* ImtehanChoiceRow, in the order shown */
  guint       index;     /* the question shown, in the quiz; G_MAXUINT for none */
  const char *lang;      /* interned: the language of its texts */
  gboolean    updating;
  gboolean    checked;   /* practice: the answer is checked, shown right or wrong, locked */
};

G_DEFINE_FINAL_TYPE (ImtehanQuestionView, imtehan_question_view, GTK_TYPE_BOX)

static void
choice_toggled_cb (GtkCheckButton      *button,
                   ImtehanQuestionView *self)
{
  guint position;

  if (self->updating || !gtk_check_button_get_active (button))
    return;
  if (g_ptr_array_find (self->choices, button, &position))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.choose", "u", position);
}

static void
imtehan_question_view_dispose (GObject *object)
{
  ImtehanQuestionView *self = IMTEHAN_QUESTION_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_QUESTION_VIEW);
  g_clear_pointer (&self->choices, g_ptr_array_unref);

  G_OBJECT_CLASS (imtehan_question_view_parent_class)->dispose (object);
}

static void
imtehan_question_view_class_init (ImtehanQuestionViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_question_view_dispose;

  g_type_ensure (IMTEHAN_TYPE_WRAP_BIN);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-question-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionView, topic_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionView, question_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionView, choices_box);
}

static void
imtehan_question_view_init (ImtehanQuestionView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->choices = g_ptr_array_new ();
  self->index = G_MAXUINT;
}

/**
 * imtehan_question_view_new:
 * @n_choices: how many answers the questions it shows have
 */
GtkWidget *
imtehan_question_view_new (guint n_choices)
{
  ImtehanQuestionView *self = g_object_new (IMTEHAN_TYPE_QUESTION_VIEW, NULL);
  GtkCheckButton *group = NULL;

  for (guint i = 0; i < n_choices; i++)
    {
      GtkWidget *row = imtehan_choice_row_new ();

      if (group == NULL)
        group = GTK_CHECK_BUTTON (row);
      else
        gtk_check_button_set_group (GTK_CHECK_BUTTON (row), group);
      g_signal_connect (row, "toggled", G_CALLBACK (choice_toggled_cb), self);
      gtk_box_append (self->choices_box, row);
      g_ptr_array_add (self->choices, row);
    }
  return GTK_WIDGET (self);
}

/* Puts the answers, which show their question already, in @order: the rows move with their
 * texts laid out; only the letters follow the positions. */
static void
reorder_choices (ImtehanQuestionView *self,
                 const char * const  *order)
{
  g_autoptr(GPtrArray) ordered = g_ptr_array_new ();
  GtkWidget *previous = NULL;

  for (guint i = 0; order[i] != NULL; i++)
    for (guint j = 0; j < self->choices->len; j++)
      {
        ImtehanChoiceRow *row = g_ptr_array_index (self->choices, j);

        if (g_strcmp0 (imtehan_choice_row_get_choice_id (row), order[i]) == 0)
          {
            g_ptr_array_add (ordered, row);
            break;
          }
      }
  g_return_if_fail (ordered->len == self->choices->len);

  for (guint i = 0; i < ordered->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (ordered, i);
      g_autofree char *letter = imtehan_i18n_choice_letter (i, self->lang);

      gtk_box_reorder_child_after (self->choices_box, row, previous);
      imtehan_choice_row_set_letter (IMTEHAN_CHOICE_ROW (row), letter);
      g_ptr_array_index (self->choices, i) = row;
      previous = row;
    }
}

/**
 * imtehan_question_view_show_question:
 * @question: the question, which has as many choices as the view
 * @index: its index in the quiz
 * @order: its choice ids in the order shown
 * @lang: the language to show it in
 *
 * Shows @question. When the view shows it already, in @lang, only the answers move.
 */
void
imtehan_question_view_show_question (ImtehanQuestionView *self,
                                     ImtehanQuestion     *question,
                                     guint                index,
                                     const char * const  *order,
                                     const char          *lang)
{
  const char *topic, *text;

  g_return_if_fail (IMTEHAN_IS_QUESTION_VIEW (self));
  g_return_if_fail (g_strv_length ((char **)order) == self->choices->len);

  lang = g_intern_string (lang);
  if (imtehan_question_view_shows (self, index, lang))
    {
      reorder_choices (self, order);
      return;
    }
  self->index = index;
  self->lang = lang;

  topic = imtehan_question_get_topic (question, lang);
  text = imtehan_question_get_text (question, lang);
  imtehan_label_set_content (self->topic_label, topic, lang);
  gtk_widget_set_visible (GTK_WIDGET (self->topic_label), *topic != '\0');
  imtehan_label_set_content (self->question_label, text, lang);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->choices_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  for (guint i = 0; i < self->choices->len; i++)
    {
      ImtehanChoiceRow *row = g_ptr_array_index (self->choices, i);
      g_autofree char *letter = imtehan_i18n_choice_letter (i, lang);

      imtehan_choice_row_set_letter (row, letter);
      imtehan_choice_row_set_choice (row, order[i],
                                     imtehan_question_get_choice_text (question, order[i], lang),
                                     lang);
    }
}

/* Whether the view shows question @index in @lang (interned). */
gboolean
imtehan_question_view_shows (ImtehanQuestionView *self,
                             guint                index,
                             const char          *lang)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_VIEW (self), FALSE);
  return self->index == index && self->lang == lang;
}

guint
imtehan_question_view_get_n_choices (ImtehanQuestionView *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_VIEW (self), 0);
  return self->choices->len;
}

/* The answer shown at @position. */
GtkWidget *
imtehan_question_view_get_choice (ImtehanQuestionView *self,
                                  guint                position)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_VIEW (self), NULL);
  g_return_val_if_fail (position < self->choices->len, NULL);
  return g_ptr_array_index (self->choices, position);
}

/* Shows @choice_id (or nothing, for %NULL) as chosen, without choosing it again. */
void
imtehan_question_view_set_answer (ImtehanQuestionView *self,
                                  const char          *choice_id)
{
  g_return_if_fail (IMTEHAN_IS_QUESTION_VIEW (self));

  self->updating = TRUE;
  for (guint i = 0; i < self->choices->len; i++)
    {
      ImtehanChoiceRow *row = g_ptr_array_index (self->choices, i);
      const char *id = imtehan_choice_row_get_choice_id (row);

      gtk_check_button_set_active (GTK_CHECK_BUTTON (row), g_strcmp0 (id, choice_id) == 0);
    }
  self->updating = FALSE;
}

/* The chosen answer, or the first: the arrows and number keys work from there. None once
 * checked: the answers are locked, insensitive. */
GtkWidget *
imtehan_question_view_get_focus_target (ImtehanQuestionView *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_VIEW (self), NULL);

  if (self->checked)
    return NULL;
  for (guint i = 0; i < self->choices->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->choices, i)))
      return g_ptr_array_index (self->choices, i);
  return self->choices->len > 0 ? g_ptr_array_index (self->choices, 0) : NULL;
}

/* Whether one of the answers has the keyboard focus. */
gboolean
imtehan_question_view_has_focus_in (ImtehanQuestionView *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_VIEW (self), FALSE);

  for (guint i = 0; i < self->choices->len; i++)
    if (gtk_widget_has_focus (g_ptr_array_index (self->choices, i)))
      return TRUE;
  return FALSE;
}

/* The verdict card, built at the first check: in the template it cost every view of an exam
 * its 13 widgets (docs/performance.md). */
static void
ensure_feedback (ImtehanQuestionView *self)
{
  g_autoptr(GtkBuilder) builder = NULL;

  if (self->feedback_box != NULL)
    return;
  builder = gtk_builder_new_from_resource (RESOURCE_BASE "/imtehan-feedback-card.ui");
#define GET(name) gtk_builder_get_object (builder, #name)
  self->feedback_box = GTK_WIDGET (GET (feedback_box));
  self->feedback_icon = GTK_IMAGE (GET (feedback_icon));
  self->verdict_label = GTK_LABEL (GET (verdict_label));
  self->right_answer_box = GTK_WIDGET (GET (right_answer_box));
  self->right_answer_caption = GTK_LABEL (GET (right_answer_caption));
  self->right_answer_label = GTK_LABEL (GET (right_answer_label));
  self->explanation_box = GTK_WIDGET (GET (explanation_box));
  self->explanation_caption = GTK_LABEL (GET (explanation_caption));
  self->explanation_label = GTK_LABEL (GET (explanation_label));
#undef GET
  gtk_box_append (GTK_BOX (self), self->feedback_box);
}

/**
 * imtehan_question_view_set_checked:
 * @question: the question shown
 * @answer: (nullable): the learner's answer
 * @checked: whether the answer is checked (practice)
 *
 * Once checked, the answers are locked and marked (the right one, and the learner's if it is
 * wrong), and right or wrong, the right answer and the explanation are shown below them.
 * Unchecked, the view is as in an exam.
 */
void
imtehan_question_view_set_checked (ImtehanQuestionView *self,
                                   ImtehanQuestion     *question,
                                   const char          *answer,
                                   gboolean             checked)
{
  const char *right;
  gboolean correct;
  const char *explanation;
  g_autofree char *accessible = NULL;

  g_return_if_fail (IMTEHAN_IS_QUESTION_VIEW (self));
  g_return_if_fail (question != NULL);

  checked = checked && answer != NULL;
  right = imtehan_question_get_answer (question);
  correct = g_strcmp0 (answer, right) == 0;
  for (guint i = 0; i < self->choices->len; i++)
    {
      ImtehanChoiceRow *row = g_ptr_array_index (self->choices, i);
      const char *id = imtehan_choice_row_get_choice_id (row);
      ImtehanChoiceVerdict verdict = IMTEHAN_CHOICE_VERDICT_NONE;

      if (checked && g_strcmp0 (id, right) == 0)
        verdict = IMTEHAN_CHOICE_VERDICT_RIGHT;
      else if (checked && g_strcmp0 (id, answer) == 0)
        verdict = IMTEHAN_CHOICE_VERDICT_WRONG;
      imtehan_choice_row_set_verdict (row, verdict);
      /* Locked: neither a click nor the arrow keys of the radio group change it. */
      gtk_widget_set_sensitive (GTK_WIDGET (row), !checked);
    }

  if (!checked)
    {
      self->checked = FALSE;
      if (self->feedback_box != NULL)
        gtk_widget_set_visible (self->feedback_box, FALSE);
      return;
    }

  ensure_feedback (self);

  explanation = imtehan_question_get_explanation (question, self->lang);
  gtk_label_set_text (self->verdict_label, correct ? _("Correct") : _("Wrong"));
  gtk_image_set_from_icon_name (self->feedback_icon,
                                correct ? "emblem-ok-symbolic" : "window-close-symbolic");
  gtk_widget_remove_css_class (self->feedback_box, correct ? "wrong" : "correct");
  gtk_widget_add_css_class (self->feedback_box, correct ? "correct" : "wrong");
  gtk_widget_set_visible (self->right_answer_box, !correct);
  if (!correct)
    {
      const char *text = imtehan_question_get_choice_text (question, right, self->lang);

      gtk_label_set_text (self->right_answer_caption, _("Right answer"));
      imtehan_label_set_content (self->right_answer_label, text, self->lang);
      /* TRANSLATORS: what a screen reader says when a wrong practice answer is checked,
       * e.g. "Wrong. The right answer is: Full copies of the optimizer state" */
      accessible = g_strdup_printf (_("Wrong. The right answer is: %s"), text);
    }
  gtk_widget_set_visible (self->explanation_box, *explanation != '\0');
  gtk_label_set_text (self->explanation_caption, _("Explanation"));
  imtehan_label_set_content (self->explanation_label, explanation, self->lang);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->feedback_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  correct ? _("Correct") : accessible, -1);
  self->checked = TRUE;
  gtk_widget_set_visible (self->feedback_box, TRUE);
}

gboolean
imtehan_question_view_get_checked (ImtehanQuestionView *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_VIEW (self), FALSE);
  return self->checked;
}

/* Returns: (nullable): the box that says right or wrong once an answer was checked, %NULL
 * before (for tests) */
GtkWidget *
imtehan_question_view_get_feedback (ImtehanQuestionView *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_VIEW (self), NULL);
  return self->feedback_box;
}
