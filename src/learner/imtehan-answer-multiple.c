/* imtehan-answer-multiple.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The choices of a multiple-choice question, as check boxes under "Select all that apply":
 * each toggles its choice in the response, which lists the choices picked in the order shown.
 */

#define G_LOG_DOMAIN "imtehan-answer-multiple"

#include "config.h"

#include "imtehan-picture-view.h"

#include "imtehan-answer-multiple.h"
#include "imtehan-choice-row.h"
#include "imtehan-i18n.h"

struct _ImtehanAnswerMultiple
{
  GtkBox           parent_instance;

  GtkLabel        *hint_label;
  GtkBox          *choices_box;

  GPtrArray       *rows;      /* ImtehanChoiceRow, in the order shown */
  ImtehanQuestion *question;
  const char      *lang;      /* interned */
  gboolean         updating;
  gboolean         checked;
};

static void imtehan_answer_multiple_iface_init (ImtehanAnswerAreaInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ImtehanAnswerMultiple, imtehan_answer_multiple, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (IMTEHAN_TYPE_ANSWER_AREA,
                                                      imtehan_answer_multiple_iface_init))

/* The choices ticked, in the order shown, or %NULL for none. */
static char *
dup_response (ImtehanAnswerMultiple *self)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; i < self->rows->len; i++)
    {
      ImtehanChoiceRow *row = g_ptr_array_index (self->rows, i);

      if (gtk_widget_get_visible (GTK_WIDGET (row)) &&
          gtk_check_button_get_active (GTK_CHECK_BUTTON (row)))
        g_ptr_array_add (ids, (gpointer)imtehan_choice_row_get_choice_id (row));
    }
  if (ids->len == 0)
    return NULL;
  return imtehan_response_join ((const char * const *)ids->pdata, ids->len);
}

static void
row_toggled_cb (ImtehanAnswerMultiple *self)
{
  g_autofree char *response = NULL;

  if (self->updating)
    return;
  response = dup_response (self);
  imtehan_answer_area_respond (IMTEHAN_ANSWER_AREA (self), response);
}

/* The rows of the question shown already, in @order (another attempt's): their texts stay
 * laid out, where setting each row another choice's text would lay them all out again. */
static gboolean
reorder_rows (ImtehanAnswerMultiple *self,
              const char * const    *order,
              const char            *lang)
{
  g_autoptr(GPtrArray) ordered = g_ptr_array_new ();
  guint n = g_strv_length ((char **)order);
  GtkWidget *previous = NULL;

  if (n > self->rows->len)
    return FALSE;
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      {
        ImtehanChoiceRow *row = g_ptr_array_index (self->rows, j);

        if (g_strcmp0 (imtehan_choice_row_get_choice_id (row), order[i]) == 0 &&
            !g_ptr_array_find (ordered, row, NULL))
          {
            g_ptr_array_add (ordered, row);
            break;
          }
      }
  if (ordered->len != n)
    return FALSE;
  self->updating = TRUE;
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = g_ptr_array_index (ordered, i);
      g_autofree char *letter = imtehan_i18n_choice_letter (i, lang);

      gtk_box_reorder_child_after (self->choices_box, row, previous);
      imtehan_choice_row_set_letter (IMTEHAN_CHOICE_ROW (row), letter);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (row), FALSE);
      g_ptr_array_index (self->rows, i) = row;
      previous = row;
    }
  self->updating = FALSE;
  return TRUE;
}

static void
show_question (ImtehanAnswerArea  *area,
               ImtehanQuiz        *quiz,
               ImtehanQuestion    *question,
               const char * const *order,
               const char         *lang)
{
  ImtehanAnswerMultiple *self = IMTEHAN_ANSWER_MULTIPLE (area);
  guint n = g_strv_length ((char **)order);

  lang = g_intern_string (lang);
  if (self->question == question && self->lang == lang && reorder_rows (self, order, lang))
    return;
  g_set_object (&self->question, question);
  self->lang = lang;
  while (self->rows->len < n)
    {
      GtkWidget *row = imtehan_choice_row_new_check ();

      g_signal_connect_swapped (row, "toggled", G_CALLBACK (row_toggled_cb), self);
      gtk_box_append (self->choices_box, row);
      g_ptr_array_add (self->rows, row);
    }
  self->updating = TRUE;
  for (guint i = 0; i < self->rows->len; i++)
    {
      ImtehanChoiceRow *row = g_ptr_array_index (self->rows, i);
      g_autofree char *letter = NULL;
      const char *picture;

      gtk_widget_set_visible (GTK_WIDGET (row), i < n);
      if (i >= n)
        continue;
      letter = imtehan_i18n_choice_letter (i, lang);
      imtehan_choice_row_set_letter (row, letter);
      imtehan_choice_row_set_choice (row, order[i],
                                     imtehan_question_get_choice_text (question, order[i], lang),
                                     lang);
      picture = imtehan_question_get_choice_picture (question, order[i]);
      imtehan_choice_row_set_picture (row, imtehan_picture_view_new_for_quiz (quiz, picture, lang));
      gtk_check_button_set_active (GTK_CHECK_BUTTON (row), FALSE);
    }
  self->updating = FALSE;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->choices_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  imtehan_question_get_text (question, lang),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  gtk_label_get_text (self->hint_label), -1);
}

static void
set_response (ImtehanAnswerArea *area,
              const char        *response)
{
  ImtehanAnswerMultiple *self = IMTEHAN_ANSWER_MULTIPLE (area);
  g_auto(GStrv) picked = imtehan_response_split (response);

  self->updating = TRUE;
  for (guint i = 0; i < self->rows->len; i++)
    {
      ImtehanChoiceRow *row = g_ptr_array_index (self->rows, i);

      gtk_check_button_set_active (GTK_CHECK_BUTTON (row),
                                   g_strv_contains ((const char * const *)picked,
                                                    imtehan_choice_row_get_choice_id (row)));
    }
  self->updating = FALSE;
}

/* The choices that count are marked right, picked or not; the others picked, wrong. */
static void
set_checked (ImtehanAnswerArea *area,
             const char        *response,
             gboolean           checked)
{
  ImtehanAnswerMultiple *self = IMTEHAN_ANSWER_MULTIPLE (area);
  g_auto(GStrv) picked = imtehan_response_split (response);

  for (guint i = 0; i < self->rows->len; i++)
    {
      ImtehanChoiceRow *row = g_ptr_array_index (self->rows, i);
      const char *id = imtehan_choice_row_get_choice_id (row);
      ImtehanChoiceVerdict verdict = IMTEHAN_CHOICE_VERDICT_NONE;

      if (checked && imtehan_question_get_choice_weight (self->question, id) > 0)
        verdict = IMTEHAN_CHOICE_VERDICT_RIGHT;
      else if (checked && g_strv_contains ((const char * const *)picked, id))
        verdict = IMTEHAN_CHOICE_VERDICT_WRONG;
      imtehan_choice_row_set_verdict (row, verdict);
      gtk_widget_set_sensitive (GTK_WIDGET (row), !checked);
    }
  self->checked = checked;
}

static GtkWidget *
get_part (ImtehanAnswerArea *area,
          guint              position)
{
  ImtehanAnswerMultiple *self = IMTEHAN_ANSWER_MULTIPLE (area);

  GtkWidget *row;

  if (position >= self->rows->len)
    return NULL;
  row = g_ptr_array_index (self->rows, position);
  return gtk_widget_get_visible (row) ? row : NULL;
}

/* The first choice: Tab goes through the others, as through any check boxes. */
static GtkWidget *
get_focus_target (ImtehanAnswerArea *area)
{
  ImtehanAnswerMultiple *self = IMTEHAN_ANSWER_MULTIPLE (area);

  return self->checked ? NULL : get_part (area, 0);
}

static void
imtehan_answer_multiple_iface_init (ImtehanAnswerAreaInterface *iface)
{
  iface->show_question = show_question;
  iface->set_response = set_response;
  iface->set_checked = set_checked;
  iface->get_focus_target = get_focus_target;
  iface->get_part = get_part;
}

static void
imtehan_answer_multiple_dispose (GObject *object)
{
  ImtehanAnswerMultiple *self = IMTEHAN_ANSWER_MULTIPLE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_ANSWER_MULTIPLE);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_object (&self->question);

  G_OBJECT_CLASS (imtehan_answer_multiple_parent_class)->dispose (object);
}

static void
imtehan_answer_multiple_class_init (ImtehanAnswerMultipleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_answer_multiple_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-answer-multiple.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanAnswerMultiple, hint_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanAnswerMultiple, choices_box);
}

static void
imtehan_answer_multiple_init (ImtehanAnswerMultiple *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
}
