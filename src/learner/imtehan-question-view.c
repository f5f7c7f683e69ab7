/* imtehan-question-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One question as shown: its topic, its picture, its text and its answers, in the order an
 * attempt shows them. Choosing a single-choice answer activates win.choose with its position;
 * the other kinds answer in an ImtehanAnswerArea, whose responses the view passes on with
 * ::respond.
 */

#define G_LOG_DOMAIN "imtehan-question-view"

#include "config.h"

#include "imtehan-picture-view.h"

#include <glib/gi18n.h>

#include "imtehan-answer-area.h"
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
  GtkWidget  *answer_feedback_box;
  GtkLabel   *answer_feedback_caption;
  GtkLabel   *answer_feedback_label;

  GPtrArray  *choices;   /* ImtehanChoiceRow, in the order shown (single) */
  ImtehanQuestionKind kind;
  GtkWidget  *area;      /* ImtehanAnswerArea of the other kinds, NULL for single */
  GtkWidget  *picture;   /* the question's picture, or NULL */
  ImtehanQuestion *question;
  char      **order;     /* the choices or items in the order shown (not single) */
  guint       index;     /* the question shown, in the quiz; G_MAXUINT for none */
  const char *lang;      /* interned: the language of its texts */
  gboolean    updating;
  gboolean    checked;   /* practice: the answer is checked, shown right or wrong, locked */
};

enum {
  RESPOND,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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
area_respond_cb (ImtehanQuestionView *self,
                 const char          *response)
{
  if (!self->updating && self->index != G_MAXUINT)
    g_signal_emit (self, signals[RESPOND], 0, self->index, response);
}

static void
imtehan_question_view_dispose (GObject *object)
{
  ImtehanQuestionView *self = IMTEHAN_QUESTION_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_QUESTION_VIEW);
  g_clear_pointer (&self->choices, g_ptr_array_unref);
  g_clear_object (&self->question);

  G_OBJECT_CLASS (imtehan_question_view_parent_class)->dispose (object);
}

static void
imtehan_question_view_finalize (GObject *object)
{
  ImtehanQuestionView *self = IMTEHAN_QUESTION_VIEW (object);

  g_strfreev (self->order);

  G_OBJECT_CLASS (imtehan_question_view_parent_class)->finalize (object);
}

static void
imtehan_question_view_class_init (ImtehanQuestionViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_question_view_dispose;
  object_class->finalize = imtehan_question_view_finalize;

  /**
   * ImtehanQuestionView::respond:
   * @index: the question answered, in the quiz
   * @response: (nullable): the learner's response (imtehan-question.h), or %NULL for none
   *
   * The learner answers a question of a kind other than single choice.
   */
  signals[RESPOND] =
    g_signal_new ("respond", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);

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
 * @kind: the kind of the questions it shows
 * @n_choices: how many answers the questions it shows have
 */
GtkWidget *
imtehan_question_view_new (ImtehanQuestionKind kind,
                           guint               n_choices)
{
  ImtehanQuestionView *self = g_object_new (IMTEHAN_TYPE_QUESTION_VIEW, NULL);
  GtkCheckButton *group = NULL;

  self->kind = kind;
  if (kind != IMTEHAN_QUESTION_SINGLE)
    {
      /* The radio group stays hidden: its role is fixed at construction. */
      gtk_widget_set_visible (GTK_WIDGET (self->choices_box), FALSE);
      self->area = imtehan_answer_area_new (kind);
      g_signal_connect_swapped (self->area, "respond", G_CALLBACK (area_respond_cb), self);
      gtk_box_insert_child_after (GTK_BOX (self), self->area, GTK_WIDGET (self->choices_box));
      return GTK_WIDGET (self);
    }

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
 * @quiz: the quiz, whose question @index fits the view (imtehan_question_view_fits())
 * @index: the question's index in the quiz
 * @order: its choice ids (or items) in the order shown
 * @lang: the language to show it in
 *
 * Shows question @index. When the view shows it already, in @lang, only the answers move.
 */
void
imtehan_question_view_show_question (ImtehanQuestionView *self,
                                     ImtehanQuiz         *quiz,
                                     guint                index,
                                     const char * const  *order,
                                     const char          *lang)
{
  ImtehanQuestion *question;
  const char *topic, *text;

  g_return_if_fail (IMTEHAN_IS_QUESTION_VIEW (self));
  question = imtehan_quiz_get_question (quiz, index);
  g_return_if_fail (imtehan_question_view_fits (self, question));

  lang = g_intern_string (lang);
  if (self->kind == IMTEHAN_QUESTION_SINGLE && self->question == question &&
      imtehan_question_view_shows (self, index, lang))
    {
      reorder_choices (self, order);
      return;
    }
  self->index = index;
  self->lang = lang;
  g_set_object (&self->question, question);

  topic = imtehan_question_get_topic (question, lang);
  text = imtehan_question_get_text (question, lang);
  imtehan_label_set_content (self->topic_label, topic, lang);
  gtk_widget_set_visible (GTK_WIDGET (self->topic_label), *topic != '\0');
  /* Above the question's text, below its topic. */
  imtehan_answer_set_picture (GTK_BOX (self), &self->picture,
                              gtk_widget_get_first_child (GTK_WIDGET (self)),
                              imtehan_picture_view_new_for_quiz (quiz,
                                                          imtehan_question_get_picture (question),
                                                          lang));
  imtehan_label_set_content (self->question_label, text, lang);
  if (self->area != NULL)
    {
      g_strfreev (self->order);
      self->order = g_strdupv ((char **)order);
      self->updating = TRUE;
      imtehan_answer_area_show_question (IMTEHAN_ANSWER_AREA (self->area), quiz, question, order,
                                         lang);
      self->updating = FALSE;
      return;
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->choices_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  for (guint i = 0; i < self->choices->len; i++)
    {
      ImtehanChoiceRow *row = g_ptr_array_index (self->choices, i);
      g_autofree char *letter = imtehan_i18n_choice_letter (i, lang);
      const char *picture = imtehan_question_get_choice_picture (question, order[i]);

      imtehan_choice_row_set_letter (row, letter);
      imtehan_choice_row_set_choice (row, order[i],
                                     imtehan_question_get_choice_text (question, order[i], lang),
                                     lang);
      imtehan_choice_row_set_picture (row, imtehan_picture_view_new_for_quiz (quiz, picture, lang));
    }
}

/**
 * imtehan_question_view_fits:
 *
 * Whether the view can show @question: one of its kind with as many choices (and items),
 * so that its rows are there already.
 */
gboolean
imtehan_question_view_fits (ImtehanQuestionView *self,
                            ImtehanQuestion     *question)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_VIEW (self), FALSE);
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (question), FALSE);

  if (imtehan_question_get_kind (question) != self->kind)
    return FALSE;
  switch (self->kind)
    {
    case IMTEHAN_QUESTION_SINGLE:
      return imtehan_question_get_n_choices (question) == self->choices->len;
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
      return TRUE;
    case IMTEHAN_QUESTION_MULTIPLE:
    case IMTEHAN_QUESTION_MATCHING:
    case IMTEHAN_QUESTION_ORDERING:
    default:
      {
        ImtehanQuestion *shown = self->question;

        return shown == NULL ||
               (imtehan_question_get_n_choices (question) == imtehan_question_get_n_choices (shown) &&
                imtehan_question_get_n_items (question) == imtehan_question_get_n_items (shown));
      }
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

ImtehanQuestionKind
imtehan_question_view_get_kind (ImtehanQuestionView *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_VIEW (self), IMTEHAN_QUESTION_SINGLE);
  return self->kind;
}

/* The answer shown at @position: a choice's row, or the drop-down, row or entry of the
 * other kinds. */
GtkWidget *
imtehan_question_view_get_choice (ImtehanQuestionView *self,
                                  guint                position)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_VIEW (self), NULL);

  if (self->area != NULL)
    return imtehan_answer_area_get_part (IMTEHAN_ANSWER_AREA (self->area), position);
  g_return_val_if_fail (position < self->choices->len, NULL);
  return g_ptr_array_index (self->choices, position);
}

/* Shows @response (a choice id for single), or nothing for %NULL, without answering again. */
void
imtehan_question_view_set_answer (ImtehanQuestionView *self,
                                  const char          *response)
{
  g_return_if_fail (IMTEHAN_IS_QUESTION_VIEW (self));

  self->updating = TRUE;
  if (self->area != NULL)
    imtehan_answer_area_set_response (IMTEHAN_ANSWER_AREA (self->area), response);
  for (guint i = 0; i < self->choices->len; i++)
    {
      ImtehanChoiceRow *row = g_ptr_array_index (self->choices, i);
      const char *id = imtehan_choice_row_get_choice_id (row);

      gtk_check_button_set_active (GTK_CHECK_BUTTON (row), g_strcmp0 (id, response) == 0);
    }
  self->updating = FALSE;
}

/* The chosen answer, or the first: the arrows and number keys work from there; the first
 * control of the other kinds' areas. None once checked: the answers are locked. */
GtkWidget *
imtehan_question_view_get_focus_target (ImtehanQuestionView *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_VIEW (self), NULL);

  if (self->checked)
    return NULL;
  if (self->area != NULL)
    return imtehan_answer_area_get_focus_target (IMTEHAN_ANSWER_AREA (self->area));
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

  if (self->area != NULL)
    {
      GtkRoot *root = gtk_widget_get_root (self->area);
      GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

      return focus != NULL && gtk_widget_is_ancestor (focus, self->area);
    }
  for (guint i = 0; i < self->choices->len; i++)
    if (gtk_widget_has_focus (g_ptr_array_index (self->choices, i)))
      return TRUE;
  return FALSE;
}

/* Responds at once with what the learner typed, which otherwise waits for a pause. */
void
imtehan_question_view_flush (ImtehanQuestionView *self)
{
  g_return_if_fail (IMTEHAN_IS_QUESTION_VIEW (self));

  if (self->area != NULL)
    imtehan_answer_area_flush (IMTEHAN_ANSWER_AREA (self->area));
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
  self->answer_feedback_box = GTK_WIDGET (GET (answer_feedback_box));
  self->answer_feedback_caption = GTK_LABEL (GET (answer_feedback_caption));
  self->answer_feedback_label = GTK_LABEL (GET (answer_feedback_label));
#undef GET
  gtk_box_append (GTK_BOX (self), self->feedback_box);
}

/* Single choice: the right answer is marked, and the learner's if it is wrong; locked, so
 * that neither a click nor the arrow keys of the radio group change it. */
static void
mark_choices (ImtehanQuestionView *self,
              ImtehanQuestion     *question,
              const char          *answer,
              gboolean             checked)
{
  const char *right = imtehan_question_get_answer (question);

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
      gtk_widget_set_sensitive (GTK_WIDGET (row), !checked);
    }
}

/* What a screen reader says of the card: the verdict, and the right answer unless it is. */
static char *
describe_feedback (const char *verdict,
                   const char *right,
                   gboolean    wrong)
{
  g_auto(GStrv) lines = NULL;
  g_autofree char *said = NULL;

  if (right == NULL)
    return g_strdup (verdict);
  lines = g_strsplit (right, "\n", -1);
  said = g_strjoinv ("; ", lines);
  if (wrong)
    /* TRANSLATORS: what a screen reader says when a wrong practice answer is checked,
     * e.g. "Wrong. The right answer is: Full copies of the optimizer state" */
    return g_strdup_printf (_("Wrong. The right answer is: %s"), said);
  /* TRANSLATORS: what a screen reader says when a partly right practice answer is checked:
   * the verdict ("Partly right: 2 of 3 matched"), then the right answer */
  return g_strdup_printf (_("%s. The right answer is: %s"), verdict, said);
}

/* The card below the answers: right, partly right or wrong, the right answer, what the quiz
 * says of the learner's answer, and the explanation. */
static void
show_feedback (ImtehanQuestionView *self,
               ImtehanQuestion     *question,
               const char          *answer)
{
  static const char * const states[] = { "correct", "partly", "wrong" };
  double fraction = imtehan_question_grade (question, answer);
  guint state = fraction >= 1 - 1e-9 ? 0 : fraction > 1e-9 ? 1 : 2;
  g_autofree char *verdict = imtehan_answer_describe_verdict (question, answer);
  g_autofree char *right = NULL;
  g_autofree char *feedback = imtehan_answer_dup_feedback (question, answer, self->lang);
  g_autofree char *accessible = NULL;
  const char *explanation = imtehan_question_get_explanation (question, self->lang);

  ensure_feedback (self);
  gtk_label_set_text (self->verdict_label, verdict);
  gtk_image_set_from_icon_name (self->feedback_icon,
                                state == 0 ? "emblem-ok-symbolic"
                                : state == 1 ? "dialog-warning-symbolic" : "window-close-symbolic");
  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    if (i != state)
      gtk_widget_remove_css_class (self->feedback_box, states[i]);
  gtk_widget_add_css_class (self->feedback_box, states[state]);
  if (state != 0)
    {
      right = imtehan_answer_describe_right (question, (const char * const *)self->order,
                                             self->lang);
      gtk_label_set_text (self->right_answer_caption, _("Right answer"));
      imtehan_label_set_content (self->right_answer_label, right, self->lang);
    }
  gtk_widget_set_visible (self->right_answer_box, state != 0);
  gtk_widget_set_visible (self->answer_feedback_box, feedback != NULL);
  if (feedback != NULL)
    {
      /* TRANSLATORS: above what the quiz says of the answer the learner gave */
      gtk_label_set_text (self->answer_feedback_caption, _("About your answer"));
      imtehan_label_set_content (self->answer_feedback_label, feedback, self->lang);
    }
  gtk_widget_set_visible (self->explanation_box, *explanation != '\0');
  gtk_label_set_text (self->explanation_caption, _("Explanation"));
  imtehan_label_set_content (self->explanation_label, explanation, self->lang);
  accessible = describe_feedback (verdict, right, state == 2);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->feedback_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
}

/**
 * imtehan_question_view_set_checked:
 * @question: the question shown
 * @answer: (nullable): the learner's answer
 * @checked: whether the answer is checked (practice)
 *
 * Once checked, the answers are locked and marked (the right one, and the learner's if it is
 * wrong), and right, partly right or wrong, the right answer and the explanation are shown
 * below them. Unchecked, the view is as in an exam.
 */
void
imtehan_question_view_set_checked (ImtehanQuestionView *self,
                                   ImtehanQuestion     *question,
                                   const char          *answer,
                                   gboolean             checked)
{
  g_return_if_fail (IMTEHAN_IS_QUESTION_VIEW (self));
  g_return_if_fail (question != NULL);

  checked = checked && answer != NULL;
  if (self->area != NULL)
    imtehan_answer_area_set_checked (IMTEHAN_ANSWER_AREA (self->area), answer, checked);
  else
    mark_choices (self, question, answer, checked);
  self->checked = checked;
  if (!checked)
    {
      if (self->feedback_box != NULL)
        gtk_widget_set_visible (self->feedback_box, FALSE);
      return;
    }
  show_feedback (self, question, answer);
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
