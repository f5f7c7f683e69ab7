/* imtehan-report-views.c: the report's Questions and Summary views
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The figures are those of docs/statistics.md, read as Moodle's quiz statistics are. An
 * undefined figure (NAN) is a dash, never 0, with the reason in words. The right choice is
 * marked by an icon and a word, never by colour alone. Numbers use ASCII digits in both
 * languages, as the rest of the app does.
 */

#define G_LOG_DOMAIN "imtehan-report-views"

#include "config.h"

#include <math.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imtehan-i18n.h"
#include "imtehan-report-format.h"
#include "imtehan-report-histogram.h"
#include "imtehan-report-question-detail.h"
#include "imtehan-report-views.h"
#include "imtehan-row.h"
#include "imtehan-scroll-bin.h"
#include "imtehan-wrap-bin.h"

#define DASH IMTEHAN_REPORT_DASH

/* A few words on a facility, in the bands of Moodle's documentation of its statistics. */
static const char *
facility_hint (double facility)
{
  if (isnan (facility))
    return _("Not defined: the question has no marks");
  if (facility < 0.1)
    return _("Very hard: almost nobody got it right");
  if (facility < 0.3)
    return _("Hard: most learners got it wrong");
  if (facility <= 0.7)
    /* TRANSLATORS: how hard a question was, between "Hard" and "Easy" */
    return _("Moderate");
  if (facility <= 0.9)
    return _("Easy: most learners got it right");
  return _("Very easy: almost everybody got it right");
}

/* Moodle's bands for the discrimination index; and why it is undefined (docs/statistics.md). */
static const char *
discrimination_hint (const ImtehanQuestionStats *qs,
                     guint                       n_attempts)
{
  if (isnan (qs->discrimination))
    {
      if (n_attempts < 2)
        return _("Not defined: needs at least 2 attempts");
      if (qs->sd == 0)
        return _("Not defined: every learner got the same mark on it");
      return _("Not defined: every learner got the same mark on the rest of the quiz");
    }
  if (qs->discrimination < 0)
    return _("Stronger learners got it wrong more often than weaker ones: check the key");
  if (qs->discrimination < 20)
    return _("Very weak: hardly tells stronger from weaker learners");
  if (qs->discrimination < 30)
    return _("Weak: tells stronger from weaker learners a little");
  if (qs->discrimination < 50)
    return _("Adequate: tells stronger from weaker learners");
  return _("Very good: tells stronger from weaker learners well");
}

static GtkWidget *
plain_label (const char *text,
             const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* A label that wraps, laid out once per width (imtehan-wrap-bin.c); quiz text when @lang is
 * given. */
static GtkWidget *
wrapped (const char *text,
         const char *lang,
         const char *css_class,
         GtkLabel  **out_label)
{
  GtkWidget *label = plain_label (NULL, css_class);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (lang != NULL)
    imtehan_label_set_content (GTK_LABEL (label), text, lang);
  else
    gtk_label_set_text (GTK_LABEL (label), text);
  if (out_label != NULL)
    *out_label = GTK_LABEL (label);
  return imtehan_wrap_bin_new (label, 8, 60);
}

/* ImtehanReportQuestions */

struct _ImtehanReportQuestions
{
  GtkWidget          parent_instance;

  GtkStack          *stack;
  GtkScrolledWindow *scroller;
  GtkLabel          *intro_label;
  GtkListBox        *list;

  ImtehanQuiz       *quiz;
  ImtehanStats      *stats;
  char              *language;
};

G_DEFINE_FINAL_TYPE (ImtehanReportQuestions, imtehan_report_questions, GTK_TYPE_WIDGET)

/* What a row keeps to build its choices when it is first expanded: a quiz of 200 questions
 * would otherwise lay out some 1,000 choice texts, in Nastaliq, before the view appears. */
typedef struct
{
  guint      question;   /* index in the stats */
  GtkWidget *revealer;   /* owned by the row */
  GtkWidget *arrow;
  GtkLabel  *text;
} RowData;

static GtkWidget *
figure_column (const char *caption,
               const char *value,
               const char *hint,
               gboolean    warn)
{
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *value_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *hint_bin;
  GtkLabel *hint_label;

  GtkWidget *value_label = plain_label (value, "title-3");

  gtk_box_append (GTK_BOX (column), plain_label (caption, "caption-heading"));
  /* docs/statistics.md: a dash is "not defined" to a screen reader, with the reason. */
  if (g_str_equal (value, DASH))
    {
      gtk_widget_set_tooltip_text (value_label, hint);
      gtk_accessible_update_property (GTK_ACCESSIBLE (value_label),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("not defined"),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, hint,
                                      -1);
    }
  gtk_box_append (GTK_BOX (value_box), value_label);
  if (warn)
    {
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

      gtk_widget_add_css_class (icon, "warning");
      gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, "",
                                      -1);
      gtk_box_append (GTK_BOX (value_box), icon);
    }
  gtk_box_append (GTK_BOX (column), value_box);
  hint_bin = wrapped (hint, NULL, "caption", &hint_label);
  gtk_widget_add_css_class (GTK_WIDGET (hint_label), warn ? "warning" : "dim-label");
  gtk_box_append (GTK_BOX (column), hint_bin);
  gtk_widget_set_hexpand (column, TRUE);
  gtk_widget_set_valign (column, GTK_ALIGN_START);
  return column;
}

static void
set_expanded (ImtehanReportQuestions *self,
              GtkListBoxRow          *row,
              gboolean                expanded)
{
  RowData *data = g_object_get_data (G_OBJECT (row), "imtehan-row-data");

  g_return_if_fail (data != NULL);

  if (expanded && gtk_revealer_get_child (GTK_REVEALER (data->revealer)) == NULL)
    gtk_revealer_set_child (GTK_REVEALER (data->revealer),
                            imtehan_report_question_detail_new (
                              self->quiz, imtehan_stats_get_question (self->stats, data->question),
                              imtehan_stats_get_n_attempts (self->stats), self->language));
  gtk_revealer_set_reveal_child (GTK_REVEALER (data->revealer), expanded);
  /* Expanded, the row shows the whole question: a tooltip is no help to the keyboard. */
  gtk_label_set_lines (data->text, expanded ? -1 : 3);
  gtk_label_set_ellipsize (data->text, expanded ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END);
  gtk_image_set_from_icon_name (GTK_IMAGE (data->arrow),
                                expanded ? "pan-down-symbolic" : "pan-end-symbolic");
  gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
}

static void
row_activated_cb (ImtehanReportQuestions *self,
                  GtkListBoxRow          *row)
{
  RowData *data = g_object_get_data (G_OBJECT (row), "imtehan-row-data");

  set_expanded (self, row, !gtk_revealer_get_reveal_child (GTK_REVEALER (data->revealer)));
}

static GtkWidget *
create_row (ImtehanReportQuestions *self,
            guint                   index)
{
  const ImtehanQuestionStats *qs = imtehan_stats_get_question (self->stats, index);
  guint n_attempts = imtehan_stats_get_n_attempts (self->stats);
  ImtehanQuestion *question = self->quiz ? imtehan_quiz_find_question (self->quiz, qs->id) : NULL;
  guint number = question ? imtehan_question_get_index (question) + 1 : index + 1;
  const char *text = question ? imtehan_question_get_text (question, self->language) : qs->id;
  g_autofree char *number_text = g_strdup_printf ("%u", number);
  g_autofree char *facility = imtehan_report_format_percent (qs->facility);
  g_autofree char *discrimination = imtehan_report_format_number (qs->discrimination, 1);
  g_autofree char *accessible = NULL;
  g_autofree char *description = NULL;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  GtkWidget *top = imtehan_row_new (12);
  GtkWidget *figures = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *number_label = plain_label (number_text, "question-number");
  GtkLabel *text_label;
  GtkWidget *text_bin = wrapped (text, question ? self->language : NULL, "heading", &text_label);
  RowData *data = g_new0 (RowData, 1);

  gtk_widget_add_css_class (row, "report-question");
  gtk_widget_set_margin_start (header, 12);
  gtk_widget_set_margin_end (header, 12);
  gtk_widget_set_margin_top (header, 12);
  gtk_widget_set_margin_bottom (header, 12);

  gtk_widget_set_valign (number_label, GTK_ALIGN_START);
  imtehan_row_append (IMTEHAN_ROW (top), number_label);
  /* A few lines of the question; all of it in the tooltip and for a screen reader. */
  data->text = text_label;
  gtk_label_set_lines (text_label, 3);
  gtk_label_set_ellipsize (text_label, PANGO_ELLIPSIZE_END);
  gtk_widget_set_tooltip_text (GTK_WIDGET (text_label), gtk_label_get_text (text_label));
  gtk_widget_set_hexpand (text_bin, TRUE);
  imtehan_row_append (IMTEHAN_ROW (top), text_bin);
  data->arrow = gtk_image_new_from_icon_name ("pan-end-symbolic");
  gtk_widget_set_valign (data->arrow, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (data->arrow), GTK_ACCESSIBLE_PROPERTY_LABEL, "",
                                  -1);
  imtehan_row_append (IMTEHAN_ROW (top), data->arrow);
  gtk_box_append (GTK_BOX (header), top);

  gtk_box_set_homogeneous (GTK_BOX (figures), TRUE);
  gtk_box_append (GTK_BOX (figures),
                  /* TRANSLATORS: Moodle's "facility index": the share of the marks the
                   * class got on a question */
                  figure_column (_("Facility"), facility, facility_hint (qs->facility), FALSE));
  gtk_box_append (GTK_BOX (figures),
                  /* TRANSLATORS: Moodle's "discrimination index": how well a question
                   * tells stronger learners from weaker ones */
                  figure_column (_("Discrimination"), discrimination,
                                 discrimination_hint (qs, n_attempts),
                                 !isnan (qs->discrimination) && qs->discrimination < 0));
  gtk_box_append (GTK_BOX (header), figures);
  gtk_box_append (GTK_BOX (box), header);

  data->question = index;
  data->revealer = gtk_revealer_new ();
  gtk_revealer_set_transition_type (GTK_REVEALER (data->revealer),
                                    GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_box_append (GTK_BOX (box), data->revealer);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "imtehan-row-data", data, g_free);

  /* TRANSLATORS: a question of the class report for a screen reader:
   * "Question 3: facility 60%, discrimination 64.5" */
  accessible = g_strdup_printf (_("Question %1$u: facility %2$s, discrimination %3$s"), number,
                                isnan (qs->facility) ? _("not defined") : facility,
                                isnan (qs->discrimination) ? _("not defined") : discrimination);
  /* The isolates that keep "−12" whole on an Urdu line mean nothing read aloud. */
  {
    GString *plain = g_string_new (accessible);

    g_free (accessible);
    g_string_replace (plain, "\u2066", "", 0);
    g_string_replace (plain, "\u2069", "", 0);
    accessible = g_string_free (plain, FALSE);
  }
  /* TRANSLATORS: a question's row described for a screen reader: the question's text, then
   * what its facility and discrimination say */
  description = g_strdup_printf (_("%1$s. %2$s. %3$s."), gtk_label_get_text (text_label),
                                 facility_hint (qs->facility),
                                 discrimination_hint (qs, n_attempts));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_EXPANDED, FALSE, -1);
  return row;
}

static void
questions_update (ImtehanReportQuestions *self)
{
  const guint *order;
  guint n = 0;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))))
    gtk_list_box_remove (self->list, child);

  if (self->stats == NULL || imtehan_stats_get_n_attempts (self->stats) == 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  {
    guint n_attempts = imtehan_stats_get_n_attempts (self->stats);
    g_autofree char *intro =
      g_strdup_printf (ngettext ("From %u finished attempt. The questions that tell stronger "
                                 "from weaker learners least come first. Select a question "
                                 "to see how the class answered it.",
                                 "From %u finished attempts. The questions that tell stronger "
                                 "from weaker learners least come first. Select a question "
                                 "to see how the class answered it.",
                                 n_attempts),
                       n_attempts);

    gtk_label_set_text (self->intro_label, intro);
  }

  order = imtehan_stats_get_worst_first (self->stats, &n);
  for (guint i = 0; i < n; i++)
    gtk_list_box_append (self->list, create_row (self, order[i]));
  gtk_stack_set_visible_child_name (self->stack, "questions");
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
}

static void
imtehan_report_questions_dispose (GObject *object)
{
  ImtehanReportQuestions *self = (ImtehanReportQuestions *)object;
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_REPORT_QUESTIONS);
  /* GTK 4.8 unparents only the bound template children. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->quiz);
  g_clear_pointer (&self->stats, imtehan_stats_unref);

  G_OBJECT_CLASS (imtehan_report_questions_parent_class)->dispose (object);
}

static void
imtehan_report_questions_finalize (GObject *object)
{
  ImtehanReportQuestions *self = (ImtehanReportQuestions *)object;

  g_clear_pointer (&self->language, g_free);

  G_OBJECT_CLASS (imtehan_report_questions_parent_class)->finalize (object);
}

static void
imtehan_report_questions_class_init (ImtehanReportQuestionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_report_questions_dispose;
  object_class->finalize = imtehan_report_questions_finalize;

  g_type_ensure (IMTEHAN_TYPE_SCROLL_BIN);
  g_type_ensure (IMTEHAN_TYPE_WRAP_BIN);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-report-questions.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportQuestions, stack);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportQuestions, scroller);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportQuestions, intro_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportQuestions, list);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
imtehan_report_questions_init (ImtehanReportQuestions *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->language = g_strdup ("en");
}

GtkWidget *
imtehan_report_questions_new (void)
{
  return g_object_new (IMTEHAN_TYPE_REPORT_QUESTIONS, NULL);
}

void
imtehan_report_questions_set_stats (ImtehanReportQuestions *self,
                                    ImtehanQuiz            *quiz,
                                    ImtehanStats           *stats,
                                    const char             *language)
{
  g_return_if_fail (IMTEHAN_IS_REPORT_QUESTIONS (self));
  g_return_if_fail (quiz == NULL || IMTEHAN_IS_QUIZ (quiz));

  g_set_object (&self->quiz, quiz);
  if (stats != NULL)
    imtehan_stats_ref (stats);
  g_clear_pointer (&self->stats, imtehan_stats_unref);
  self->stats = stats;
  g_free (self->language);
  self->language = g_strdup (language ? language : "en");
  questions_update (self);
}

/* ImtehanReportSummary */

struct _ImtehanReportSummary
{
  GtkWidget               parent_instance;

  GtkStack               *stack;
  GtkScrolledWindow      *scroller;
  AdwActionRow           *attempts_row;
  GtkLabel               *attempts_value;
  AdwActionRow           *mean_row;
  GtkLabel               *mean_value;
  AdwActionRow           *median_row;
  GtkLabel               *median_value;
  AdwActionRow           *sd_row;
  GtkLabel               *sd_value;
  AdwActionRow           *alpha_row;
  GtkLabel               *alpha_value;
  ImtehanReportHistogram *histogram;
};

G_DEFINE_FINAL_TYPE (ImtehanReportSummary, imtehan_report_summary, GTK_TYPE_WIDGET)

/* A figure's row: its value at the end, and read after the title by a screen reader, which
 * is told "not defined" for a dash. */
static void
set_figure (AdwActionRow *row,
            GtkLabel     *value_label,
            const char   *value,
            const char   *subtitle)
{
  gboolean undefined = g_str_equal (value, DASH);

  gtk_label_set_text (value_label, value);
  adw_action_row_set_subtitle (row, subtitle ? subtitle : "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (value_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  undefined ? _("not defined") : value, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  undefined ? _("not defined") : value, -1);
}

static void
summary_update (ImtehanReportSummary *self,
                ImtehanStats         *stats)
{
  const ImtehanStatsBin *bins;
  double max_total, alpha;
  guint n_attempts, n_bins = 0;
  g_autofree char *attempts = NULL;
  g_autofree char *mean = NULL;
  g_autofree char *median = NULL;
  g_autofree char *sd = NULL;
  g_autofree char *alpha_text = NULL;
  g_autofree char *alpha_subtitle = NULL;

  if (stats == NULL || imtehan_stats_get_n_attempts (stats) == 0)
    {
      imtehan_report_histogram_set_bins (self->histogram, NULL, 0);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  n_attempts = imtehan_stats_get_n_attempts (stats);
  max_total = imtehan_stats_get_max_total (stats);
  attempts = g_strdup_printf ("%u", n_attempts);
  set_figure (self->attempts_row, self->attempts_value, attempts, NULL);
  mean = imtehan_report_format_marks (imtehan_stats_get_mean (stats), max_total);
  set_figure (self->mean_row, self->mean_value, mean, NULL);
  median = imtehan_report_format_marks (imtehan_stats_get_median (stats), max_total);
  set_figure (self->median_row, self->median_value, median, NULL);
  sd = imtehan_report_format_number (imtehan_stats_get_sd (stats), 2);
  if (isnan (imtehan_stats_get_sd (stats)))
    set_figure (self->sd_row, self->sd_value, sd, _("Not defined: needs at least 2 attempts"));
  else
    set_figure (self->sd_row, self->sd_value, sd, _("How far scores lie from the mean, in marks"));

  alpha = imtehan_stats_get_alpha (stats);
  alpha_text = imtehan_report_format_number (alpha, 2);
  if (isnan (alpha))
    alpha_subtitle = g_strdup (_("Not defined: needs at least 3 attempts, 2 questions and "
                                 "scores that differ"));
  else
    {
      g_autofree char *moodle = imtehan_report_format_number (alpha * 100, 2);

      /* TRANSLATORS: under Cronbach's alpha in the class report; %s is alpha as Moodle
       * shows it, a percentage: "46.15" */
      alpha_subtitle = g_strdup_printf (_("How consistently the questions measure the same "
                                          "thing, up to 1. Moodle shows it as %s%%."),
                                        moodle);
    }
  set_figure (self->alpha_row, self->alpha_value, alpha_text, alpha_subtitle);

  bins = imtehan_stats_get_histogram (stats, &n_bins);
  imtehan_report_histogram_set_bins (self->histogram, bins, n_bins);
  gtk_stack_set_visible_child_name (self->stack, "summary");
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
}

static void
imtehan_report_summary_dispose (GObject *object)
{
  ImtehanReportSummary *self = (ImtehanReportSummary *)object;
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_REPORT_SUMMARY);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (imtehan_report_summary_parent_class)->dispose (object);
}

static void
imtehan_report_summary_class_init (ImtehanReportSummaryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_report_summary_dispose;

  g_type_ensure (IMTEHAN_TYPE_SCROLL_BIN);
  g_type_ensure (IMTEHAN_TYPE_REPORT_HISTOGRAM);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-report-summary.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportSummary, stack);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportSummary, scroller);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportSummary, attempts_row);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportSummary, attempts_value);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportSummary, mean_row);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportSummary, mean_value);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportSummary, median_row);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportSummary, median_value);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportSummary, sd_row);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportSummary, sd_value);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportSummary, alpha_row);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportSummary, alpha_value);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportSummary, histogram);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
imtehan_report_summary_init (ImtehanReportSummary *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
imtehan_report_summary_new (void)
{
  return g_object_new (IMTEHAN_TYPE_REPORT_SUMMARY, NULL);
}

/* @quiz and @language are unused: the summary shows no quiz text. They keep the two views'
 * calls alike for the report window. */
void
imtehan_report_summary_set_stats (ImtehanReportSummary *self,
                                  ImtehanQuiz          *quiz,
                                  ImtehanStats         *stats,
                                  const char           *language)
{
  g_return_if_fail (IMTEHAN_IS_REPORT_SUMMARY (self));

  summary_update (self, stats);
}
