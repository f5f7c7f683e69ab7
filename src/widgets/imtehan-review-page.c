/* imtehan-review-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each question's row lays its Nastaliq out: the page is shown with the rows a window holds,
 * and the others are added after that frame, a few at a frame (as the results page does).
 */

#define G_LOG_DOMAIN "imtehan-review-page"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-a11y.h"
#include "imtehan-after-frame.h"
#include "imtehan-i18n.h"
#include "imtehan-quiz.h"
#include "imtehan-response-view.h"
#include "imtehan-review-page.h"
#include "imtehan-row.h"
#include "imtehan-scroll-bin.h"
#include "imtehan-wrap-bin.h"

struct _ImtehanReviewPage
{
  GtkWidget       parent_instance;

  GtkWidget      *warning_box;
  GtkLabel       *warning_label;
  GtkListBox     *list;
  GtkButton      *back_button;
  GtkButton      *submit_button;

  ImtehanAttempt    *attempt;
  GSignalGroup      *signals;
  ImtehanAfterFrame *more_rows;
  guint              n_rows;    /* built of the attempt's questions */
};

/* The rows built with the page: what a 1280x800 window shows. */
#define FIRST_ROWS 4
/* Rows are added after a frame while they take less than this, so each frame stays short. */
#define ROWS_BUDGET_US 6000

G_DEFINE_FINAL_TYPE (ImtehanReviewPage, imtehan_review_page, GTK_TYPE_WIDGET)

static GtkWidget *
create_row (ImtehanAttempt *attempt,
            guint           index,
            const char     *lang)
{
  ImtehanQuestion *question = imtehan_quiz_get_question (imtehan_attempt_get_quiz (attempt), index);
  const char *answer = imtehan_attempt_get_answer (attempt, index);
  g_autofree char *number = g_strdup_printf ("%u", index + 1);
  g_autofree char *accessible = NULL;
  GtkWidget *row = gtk_list_box_row_new ();
  /* Not a horizontal GtkBox around wrapping texts (src/widgets/imtehan-row-layout.c). */
  GtkWidget *box = imtehan_row_new (12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *number_label = gtk_label_new (number);
  GtkWidget *question_label = gtk_label_new (NULL);
  GtkWidget *answer_label = gtk_label_new (NULL);
  GtkWidget *icon;

  gtk_widget_add_css_class (box, "review-row");
  gtk_widget_add_css_class (number_label, "question-number");
  gtk_widget_set_valign (number_label, GTK_ALIGN_START);

  gtk_label_set_wrap (GTK_LABEL (question_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (question_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (question_label), 0.0);
  imtehan_label_set_content (GTK_LABEL (question_label),
                             imtehan_question_get_text (question, lang), lang);

  gtk_label_set_wrap (GTK_LABEL (answer_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (answer_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (answer_label), 0.0);
  if (answer != NULL)
    {
      /* Before submitting, only what was answered: the right answers would give them away. */
      g_autofree char *text = imtehan_response_dup_text (question, answer, lang);
      g_autofree char *spoken = NULL;
      g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

      ImtehanQuestionKind kind = imtehan_question_get_kind (question);

      /* A typed answer reads in the direction it was typed. */
      imtehan_label_set_content (GTK_LABEL (answer_label), text,
                                 kind == IMTEHAN_QUESTION_SHORT || kind == IMTEHAN_QUESTION_NUMERICAL
                                 ? imtehan_answer_get_language (text, lang) : lang);
      gtk_widget_add_css_class (answer_label, "accent");
      icon = gtk_image_new_from_icon_name ("object-select-symbolic");
      /* TRANSLATORS: separates the parts of an answer read by a screen reader: the choices
       * chosen, the items matched ("Stage 1: the gradients; Stage 2: ...") */
      spoken = g_strjoinv (_("; "), lines);
      /* TRANSLATORS: a row of the review page for a screen reader: "3. <question>: <answer>" */
      accessible = g_strdup_printf (_("Question %u: %s. Your answer: %s"), index + 1,
                                    imtehan_question_get_text (question, lang), spoken);
    }
  else
    {
      gtk_label_set_text (GTK_LABEL (answer_label), _("Not answered"));
      gtk_widget_add_css_class (answer_label, "warning");
      icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
      gtk_widget_add_css_class (icon, "warning");
      accessible = g_strdup_printf (_("Question %u: %s. Not answered"), index + 1,
                                    imtehan_question_get_text (question, lang));
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
  gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);

  /* Laid out once per width (imtehan-wrap-bin.c): the page shows every question. */
  gtk_box_append (GTK_BOX (texts), imtehan_wrap_bin_new (question_label, 15, 60));
  gtk_box_append (GTK_BOX (texts), imtehan_wrap_bin_new (answer_label, 15, 60));
  gtk_widget_set_hexpand (texts, TRUE);
  imtehan_row_append (IMTEHAN_ROW (box), number_label);
  imtehan_row_append (IMTEHAN_ROW (box), texts);
  imtehan_row_append (IMTEHAN_ROW (box), icon);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  return row;
}

/* Adds up to @max rows, or those that fit in @budget_us when it is not 0. */
static void
add_rows (ImtehanReviewPage *self,
          guint              max,
          gint64             budget_us)
{
  const char *lang = imtehan_i18n_get_language ();
  guint n = imtehan_attempt_get_n_questions (self->attempt);
  gint64 start = g_get_monotonic_time ();

  for (guint added = 0; self->n_rows < n && added < max; added++)
    {
      gtk_list_box_append (self->list, create_row (self->attempt, self->n_rows++, lang));
      if (budget_us > 0 && g_get_monotonic_time () - start >= budget_us)
        break;
    }
}

static gboolean
more_rows_cb (gpointer user_data)
{
  ImtehanReviewPage *self = user_data;

  if (self->attempt == NULL)
    return G_SOURCE_REMOVE;
  add_rows (self, G_MAXUINT, ROWS_BUDGET_US);
  if (self->n_rows < imtehan_attempt_get_n_questions (self->attempt))
    imtehan_after_frame_schedule (self->more_rows, 0);
  return G_SOURCE_REMOVE;
}

static void
update (ImtehanReviewPage *self)
{
  guint n, unanswered;
  GtkWidget *child;

  imtehan_after_frame_cancel (self->more_rows);
  self->n_rows = 0;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))))
    gtk_list_box_remove (self->list, child);
  if (self->attempt == NULL)
    return;

  n = imtehan_attempt_get_n_questions (self->attempt);
  /* Outside a window (a test's page) there is no frame to wait for: all at once. */
  add_rows (self, gtk_widget_get_root (GTK_WIDGET (self)) ? FIRST_ROWS : n, 0);
  /* Hidden, it waits to be shown (map()), as the results page does. */
  if (self->n_rows < n && gtk_widget_get_mapped (GTK_WIDGET (self)))
    imtehan_after_frame_schedule (self->more_rows, 0);

  unanswered = n - imtehan_attempt_get_n_answered (self->attempt);
  gtk_widget_set_visible (GTK_WIDGET (self->warning_box), unanswered > 0);
  if (unanswered > 0)
    {
      g_autofree char *text =
        g_strdup_printf (dngettext (GETTEXT_PACKAGE,
                                    "%u question is not answered. It counts as wrong if you submit now.",
                                    "%u questions are not answered. They count as wrong if you submit now.",
                                    unanswered),
                         unanswered);
      gtk_label_set_text (self->warning_label, text);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->back_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Back to Questions"), -1);
}

/* Hidden, the page waits: it is rebuilt when it is shown again
 * (imtehan_review_page_set_attempt()). Rebuilding it at every answer given on the question
 * page laid out every question's text for nothing. */
static void
answer_changed_cb (ImtehanReviewPage *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    update (self);
}

static void
row_activated_cb (ImtehanReviewPage *self,
                  GtkListBoxRow     *row)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.go-to", "u",
                              (guint32)gtk_list_box_row_get_index (row));
}

static void
imtehan_review_page_dispose (GObject *object)
{
  ImtehanReviewPage *self = (ImtehanReviewPage *)object;
  GtkWidget *child;

  if (self->signals)
    g_signal_group_set_target (self->signals, NULL);
  g_clear_pointer (&self->more_rows, imtehan_after_frame_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_REVIEW_PAGE);
  /* GTK 4.8 unparents only the bound template children. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->signals);
  g_clear_object (&self->attempt);

  G_OBJECT_CLASS (imtehan_review_page_parent_class)->dispose (object);
}

static void
imtehan_review_page_map (GtkWidget *widget)
{
  ImtehanReviewPage *self = IMTEHAN_REVIEW_PAGE (widget);

  GTK_WIDGET_CLASS (imtehan_review_page_parent_class)->map (widget);
  if (!imtehan_review_page_is_complete (self) && !imtehan_after_frame_is_pending (self->more_rows))
    imtehan_after_frame_schedule (self->more_rows, 0);
}

static void
imtehan_review_page_unmap (GtkWidget *widget)
{
  imtehan_after_frame_cancel (IMTEHAN_REVIEW_PAGE (widget)->more_rows);
  GTK_WIDGET_CLASS (imtehan_review_page_parent_class)->unmap (widget);
}

static gboolean
imtehan_review_page_grab_focus (GtkWidget *widget)
{
  ImtehanReviewPage *self = IMTEHAN_REVIEW_PAGE (widget);

  return gtk_widget_grab_focus (GTK_WIDGET (self->submit_button));
}

static void
imtehan_review_page_class_init (ImtehanReviewPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->grab_focus = imtehan_review_page_grab_focus;
  widget_class->map = imtehan_review_page_map;
  widget_class->unmap = imtehan_review_page_unmap;
  object_class->dispose = imtehan_review_page_dispose;

  g_type_ensure (IMTEHAN_TYPE_ROW);
  g_type_ensure (IMTEHAN_TYPE_SCROLL_BIN);
  g_type_ensure (IMTEHAN_TYPE_WRAP_BIN);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/imtehan-review-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanReviewPage, warning_box);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReviewPage, warning_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReviewPage, list);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReviewPage, back_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReviewPage, submit_button);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
imtehan_review_page_init (ImtehanReviewPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  imtehan_widget_clean_mnemonic_names (GTK_WIDGET (self));

  self->more_rows = imtehan_after_frame_new (GTK_WIDGET (self), more_rows_cb, self);
  self->signals = g_signal_group_new (IMTEHAN_TYPE_ATTEMPT);
  g_signal_group_connect_object (self->signals, "answer-changed",
                                 G_CALLBACK (answer_changed_cb), self, G_CONNECT_SWAPPED);
}

/* Whether every question's row has been added (they follow the first frame). */
gboolean
imtehan_review_page_is_complete (ImtehanReviewPage *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REVIEW_PAGE (self), FALSE);
  return self->attempt == NULL || self->n_rows == imtehan_attempt_get_n_questions (self->attempt);
}

void
imtehan_review_page_set_attempt (ImtehanReviewPage *self,
                                 ImtehanAttempt    *attempt)
{
  g_return_if_fail (IMTEHAN_IS_REVIEW_PAGE (self));

  g_set_object (&self->attempt, attempt);
  g_signal_group_set_target (self->signals, attempt);
  /* Rebuilt each time the page is shown: answers may have changed meanwhile. */
  update (self);
}
