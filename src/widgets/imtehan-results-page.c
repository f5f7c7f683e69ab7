/* imtehan-results-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Right and wrong are said by an icon and a word, never by colour alone.
 *
 * Each question's card lays its Nastaliq out, about 13 ms a card on a 2-core machine: the
 * page is shown with its score first, and the cards are added after that frame, as many as
 * fit in a few milliseconds at each frame, so that the results appear within two frames of
 * Submit whatever the quiz's length (docs/performance.md).
 */

#define G_LOG_DOMAIN "imtehan-results-page"

#include "config.h"

#include "imtehan-picture-view.h"

#include <math.h>

#include <glib/gi18n.h>

#include "imtehan-a11y.h"
#include "imtehan-after-frame.h"
#include "imtehan-i18n.h"
#include "imtehan-quiz.h"
#include "imtehan-report-format.h"
#include "imtehan-response-view.h"
#include "imtehan-results-page.h"
#include "imtehan-row.h"
#include "imtehan-scroll-bin.h"
#include "imtehan-wrap-bin.h"

struct _ImtehanResultsPage
{
  GtkWidget          parent_instance;

  GtkScrolledWindow *scroller;
  GtkLabel          *score_label;
  GtkLevelBar       *score_bar;
  GtkLabel          *summary_label;
  GtkLabel          *learner_label;
  GtkLabel          *changed_label;
  GtkBox            *questions_box;
  GtkButton         *home_button;
  GtkButton         *try_again_button;

  ImtehanAttempt    *attempt;
  ImtehanQuiz       *current;   /* the quiz as it is now: an earlier version's attempt says so */
  ImtehanAfterFrame *more_cards;
  guint              n_cards;   /* built of the attempt's questions */
};

/* The cards built with the page: none, as even the first one doubled its first frame. */
#define FIRST_CARDS 0
/* Cards are added after a frame while they take less than this, so each frame stays short. */
#define CARDS_BUDGET_US 6000

G_DEFINE_FINAL_TYPE (ImtehanResultsPage, imtehan_results_page, GTK_TYPE_WIDGET)

/* A wrapping label in an ImtehanWrapBin: laid out once per width (imtehan-wrap-bin.c). The
 * page shows every question, its answers and its explanation. */
static GtkWidget *
wrapped_label (const char *text,
               const char *lang,
               const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  if (lang != NULL)
    imtehan_label_set_content (GTK_LABEL (label), text, lang);
  else
    gtk_label_set_text (GTK_LABEL (label), text);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return imtehan_wrap_bin_new (label, 15, 60);
}

/* "Your answer:" and the answer, the caption in the UI language, the answer as quiz text. */
static GtkWidget *
labelled_answer (const char *caption,
                 const char *text,
                 const char *lang)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  gtk_box_append (GTK_BOX (box), wrapped_label (caption, NULL, "caption-heading"));
  gtk_box_append (GTK_BOX (box), wrapped_label (text, lang, NULL));
  return box;
}

/* The question's text, with its picture where it has one. */
static void
append_question (GtkWidget       *card,
                 ImtehanAttempt  *attempt,
                 ImtehanQuestion *question,
                 const char      *lang)
{
  GtkWidget *picture = imtehan_picture_view_new_for_quiz (imtehan_attempt_get_quiz (attempt),
                                                     imtehan_question_get_picture (question),
                                                     lang);

  gtk_box_append (GTK_BOX (card),
                  wrapped_label (imtehan_question_get_text (question, lang), lang, "question"));
  if (picture != NULL)
    gtk_box_append (GTK_BOX (card), picture);
}

/* A question of one right choice: its answer, the right one when it was wrong, and the
 * feedback the quiz gives the choice made. */
static void
append_single (GtkWidget       *card,
               ImtehanAttempt  *attempt,
               guint            index,
               ImtehanQuestion *question,
               const char      *lang)
{
  const char *answer = imtehan_attempt_get_answer (attempt, index);
  const char *feedback = imtehan_question_get_feedback (question, answer, lang);

  gtk_box_append (GTK_BOX (card),
                  labelled_answer (_("Your answer"),
                                   answer ? imtehan_question_get_choice_text (question, answer, lang)
                                          : _("Not answered"),
                                   answer ? lang : NULL));
  if (feedback != NULL && *feedback != '\0')
    gtk_box_append (GTK_BOX (card), labelled_answer (_("Feedback"), feedback, lang));
  if (!imtehan_attempt_is_correct (attempt, index))
    gtk_box_append (GTK_BOX (card),
                    labelled_answer (_("Correct answer"),
                                     imtehan_question_get_choice_text (question,
                                                                       imtehan_question_get_answer (question),
                                                                       lang),
                                     lang));
}

/* "Question 3 · Correct"; with a mark that may be partial, "Question 2 · Partly correct ·
 * 0.67 of 1". A question of one right choice earns all or nothing and shows no mark. */
static char *
card_heading (ImtehanAttempt  *attempt,
              guint            index,
              ImtehanQuestion *question,
              ImtehanVerdict   verdict)
{
  g_autofree char *marks = NULL;

  if (imtehan_question_get_kind (question) == IMTEHAN_QUESTION_SINGLE)
    /* TRANSLATORS: the heading of a question on the results page: "Question 3 · Correct" */
    return g_strdup_printf (_("Question %u · %s"), index + 1, imtehan_verdict_get_label (verdict));
  marks = imtehan_report_format_question_marks (imtehan_attempt_get_fraction (attempt, index));
  /* TRANSLATORS: the heading of a question on the results page, with its marks:
   * "Question 2 · Partly correct · 0.67 of 1" */
  return g_strdup_printf (_("Question %1$u · %2$s · %3$s"), index + 1,
                          imtehan_verdict_get_label (verdict), marks);
}

static GtkWidget *
create_card (ImtehanAttempt *attempt,
             guint           index,
             const char     *lang)
{
  ImtehanQuestion *question = imtehan_quiz_get_question (imtehan_attempt_get_quiz (attempt), index);
  ImtehanVerdict verdict = imtehan_attempt_get_verdict (attempt, index);
  const char *explanation = imtehan_question_get_explanation (question, lang);
  g_autofree char *heading = card_heading (attempt, index, question, verdict);
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  /* Not a horizontal GtkBox beside a wrapping text (src/widgets/imtehan-row-layout.c). */
  GtkWidget *header = imtehan_row_new (8);
  GtkWidget *icon = gtk_image_new_from_icon_name (imtehan_verdict_get_icon_name (verdict));

  gtk_widget_add_css_class (card, "card");
  gtk_widget_add_css_class (card, "result-card");
  gtk_widget_add_css_class (card, imtehan_verdict_get_css_class (verdict));
  gtk_widget_add_css_class (icon, "verdict-icon");
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);

  imtehan_row_append (IMTEHAN_ROW (header), icon);
  imtehan_row_append (IMTEHAN_ROW (header), wrapped_label (heading, NULL, "heading"));
  gtk_box_append (GTK_BOX (card), header);

  append_question (card, attempt, question, lang);
  if (imtehan_question_get_kind (question) == IMTEHAN_QUESTION_SINGLE)
    append_single (card, attempt, index, question, lang);
  else
    gtk_box_append (GTK_BOX (card), imtehan_response_view_new (attempt, index, lang));
  if (*explanation != '\0')
    gtk_box_append (GTK_BOX (card), labelled_answer (_("Explanation"), explanation, lang));

  gtk_accessible_update_property (GTK_ACCESSIBLE (card),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, heading, -1);
  return card;
}

/**
 * imtehan_results_page_format_learner:
 *
 * "Amna Bibi · Roll number 42 · Practice": who took @attempt and how, or %NULL for an exam
 * without a name. The name, in either script, is isolated (FSI…PDI) and the line starts
 * with the mark of the UI's direction: Pango takes a paragraph's direction from its first
 * strong character, so a Latin name would turn an Urdu line left to right, and the reverse.
 */
char *
imtehan_results_page_format_learner (ImtehanAttempt *attempt)
{
  const char *learner = imtehan_attempt_get_learner (attempt);
  const char *roll = imtehan_attempt_get_roll_number (attempt);
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  gboolean rtl = gtk_widget_get_default_direction () == GTK_TEXT_DIR_RTL;
  g_autofree char *joined = NULL;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (attempt), NULL);

  if (learner != NULL && *learner != '\0')
    g_ptr_array_add (parts, g_strdup_printf ("\u2068%s\u2069", learner));
  if (roll != NULL && *roll != '\0')
    {
      g_autofree char *isolated = g_strdup_printf ("\u2068%s\u2069", roll);

      /* TRANSLATORS: on the results, after the learner's name: "Roll number 42" */
      g_ptr_array_add (parts, g_strdup_printf (_("Roll number %s"), isolated));
    }
  if (imtehan_attempt_get_mode (attempt) == IMTEHAN_MODE_PRACTICE)
    g_ptr_array_add (parts, g_strdup (_("Practice")));
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  /* TRANSLATORS: separates the parts of a line: "Amna Bibi · Roll number 42 · Practice" */
  joined = g_strjoinv (_(" · "), (char **)parts->pdata);
  return g_strconcat (rtl ? "\u200f" : "\u200e", joined, NULL);
}

/* What is said when the attempt was taken on other content than the quiz of today. */
static char *
changed_notice (ImtehanResultsPage *self)
{
  ImtehanQuiz *taken = imtehan_attempt_get_quiz (self->attempt);
  guint version = imtehan_quiz_get_version (taken);

  if (self->current == NULL || taken == self->current ||
      g_strcmp0 (imtehan_quiz_get_digest (taken), imtehan_quiz_get_digest (self->current)) == 0)
    return NULL;
  if (version != imtehan_quiz_get_version (self->current))
    /* TRANSLATORS: on the results of an attempt taken before the quiz was changed */
    return g_strdup_printf (_("Taken on version %u of this quiz, which has changed since: "
                              "the questions are shown as they were then."), version);
  return g_strdup (_("Taken before this quiz was changed: the questions are shown as they "
                     "were then."));
}

/* Adds up to @max cards, or those that fit in @budget_us when it is not 0. */
static void
add_cards (ImtehanResultsPage *self,
           guint               max,
           gint64              budget_us)
{
  const char *lang = imtehan_i18n_get_language ();
  guint n = imtehan_attempt_get_n_questions (self->attempt);
  gint64 start = g_get_monotonic_time ();

  for (guint added = 0; self->n_cards < n && added < max; added++)
    {
      gtk_box_append (self->questions_box, create_card (self->attempt, self->n_cards++, lang));
      if (budget_us > 0 && g_get_monotonic_time () - start >= budget_us)
        break;
    }
}

static gboolean
more_cards_cb (gpointer user_data)
{
  ImtehanResultsPage *self = user_data;

  if (self->attempt == NULL)
    return G_SOURCE_REMOVE;
  add_cards (self, G_MAXUINT, CARDS_BUDGET_US);
  if (self->n_cards < imtehan_attempt_get_n_questions (self->attempt))
    imtehan_after_frame_schedule (self->more_cards, 0);
  return G_SOURCE_REMOVE;
}

static void
update (ImtehanResultsPage *self)
{
  g_autofree char *learner = NULL;
  g_autofree char *score_text = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *date = NULL;
  g_autofree char *changed = NULL;
  GtkWidget *child;
  guint n, percent;
  double score;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->questions_box))))
    gtk_box_remove (self->questions_box, child);
  if (self->attempt == NULL)
    return;

  n = imtehan_attempt_get_n_questions (self->attempt);
  score = imtehan_attempt_get_marks (self->attempt);
  percent = n ? (guint)floor (score * 100 / n + 0.5) : 0;
  score_text = imtehan_report_format_score (score, n);
  gtk_label_set_text (self->score_label, score_text);
  gtk_level_bar_set_max_value (self->score_bar, MAX (n, 1));
  gtk_level_bar_set_value (self->score_bar, score);

  learner = imtehan_results_page_format_learner (self->attempt);
  gtk_label_set_text (self->learner_label, learner ? learner : "");
  gtk_widget_set_visible (GTK_WIDGET (self->learner_label), learner != NULL);

  changed = changed_notice (self);
  gtk_label_set_text (self->changed_label, changed ? changed : "");
  gtk_widget_set_visible (GTK_WIDGET (self->changed_label), changed != NULL);

  date = imtehan_i18n_format_date (imtehan_attempt_get_finished_at (self->attempt));
  if (imtehan_attempt_get_finish_reason (self->attempt) == IMTEHAN_FINISH_REASON_TIME_UP)
    /* TRANSLATORS: under the score, when the time limit ended the attempt; %s is the date */
    summary = g_strdup_printf (_("Time was up: your answers were submitted %s."), date);
  else if (percent >= 75)
    /* TRANSLATORS: under the score; %s is the date the quiz was submitted */
    summary = g_strdup_printf (_("Well done. Submitted %s."), date);
  else
    summary = g_strdup_printf (_("Read the explanations below, then try again. Submitted %s."), date);
  gtk_label_set_text (self->summary_label, summary);

  /* Outside a window (a test's page) there is no frame to wait for: all at once. */
  self->n_cards = 0;
  imtehan_after_frame_cancel (self->more_cards);
  add_cards (self, gtk_widget_get_root (GTK_WIDGET (self)) ? FIRST_CARDS : n, 0);
  /* Hidden, it waits to be shown (map()): a frame callback would keep the window's frame
   * clock running meanwhile. */
  if (self->n_cards < n && gtk_widget_get_mapped (GTK_WIDGET (self)))
    imtehan_after_frame_schedule (self->more_cards, 0);

  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
}

static void
imtehan_results_page_dispose (GObject *object)
{
  ImtehanResultsPage *self = (ImtehanResultsPage *)object;
  GtkWidget *child;

  g_clear_pointer (&self->more_cards, imtehan_after_frame_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_RESULTS_PAGE);
  /* GTK 4.8 unparents only the bound template children. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->attempt);
  g_clear_object (&self->current);

  G_OBJECT_CLASS (imtehan_results_page_parent_class)->dispose (object);
}

static void
imtehan_results_page_map (GtkWidget *widget)
{
  ImtehanResultsPage *self = IMTEHAN_RESULTS_PAGE (widget);

  GTK_WIDGET_CLASS (imtehan_results_page_parent_class)->map (widget);
  if (!imtehan_results_page_is_complete (self) && !imtehan_after_frame_is_pending (self->more_cards))
    imtehan_after_frame_schedule (self->more_cards, 0);
}

static void
imtehan_results_page_unmap (GtkWidget *widget)
{
  imtehan_after_frame_cancel (IMTEHAN_RESULTS_PAGE (widget)->more_cards);
  GTK_WIDGET_CLASS (imtehan_results_page_parent_class)->unmap (widget);
}

static gboolean
imtehan_results_page_grab_focus (GtkWidget *widget)
{
  ImtehanResultsPage *self = IMTEHAN_RESULTS_PAGE (widget);

  return gtk_widget_grab_focus (GTK_WIDGET (self->try_again_button));
}

static void
imtehan_results_page_class_init (ImtehanResultsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->grab_focus = imtehan_results_page_grab_focus;
  widget_class->map = imtehan_results_page_map;
  widget_class->unmap = imtehan_results_page_unmap;
  object_class->dispose = imtehan_results_page_dispose;

  g_type_ensure (IMTEHAN_TYPE_SCROLL_BIN);
  g_type_ensure (IMTEHAN_TYPE_WRAP_BIN);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/imtehan-results-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanResultsPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, ImtehanResultsPage, score_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanResultsPage, score_bar);
  gtk_widget_class_bind_template_child (widget_class, ImtehanResultsPage, summary_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanResultsPage, learner_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanResultsPage, changed_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanResultsPage, questions_box);
  gtk_widget_class_bind_template_child (widget_class, ImtehanResultsPage, home_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanResultsPage, try_again_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
imtehan_results_page_init (ImtehanResultsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  imtehan_widget_clean_mnemonic_names (GTK_WIDGET (self));
  self->more_cards = imtehan_after_frame_new (GTK_WIDGET (self), more_cards_cb, self);
}

/**
 * imtehan_results_page_set_current_quiz:
 * @current: (nullable): the quiz as it is now
 *
 * An attempt taken on other content than @current says so above its score.
 */
void
imtehan_results_page_set_current_quiz (ImtehanResultsPage *self,
                                       ImtehanQuiz        *current)
{
  g_return_if_fail (IMTEHAN_IS_RESULTS_PAGE (self));

  if (g_set_object (&self->current, current))
    update (self);
}

/* Whether every question's card has been added (they follow the first frames). */
gboolean
imtehan_results_page_is_complete (ImtehanResultsPage *self)
{
  g_return_val_if_fail (IMTEHAN_IS_RESULTS_PAGE (self), FALSE);
  return self->attempt == NULL || self->n_cards == imtehan_attempt_get_n_questions (self->attempt);
}

void
imtehan_results_page_set_attempt (ImtehanResultsPage *self,
                                  ImtehanAttempt     *attempt)
{
  g_return_if_fail (IMTEHAN_IS_RESULTS_PAGE (self));

  if (g_set_object (&self->attempt, attempt))
    update (self);
}
