/* imtehan-report-question-detail.c: how a class answered one question, in the report's
 * Questions view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shown when a question's row is expanded, by kind (docs/statistics.md, "Question types"):
 * the choices chosen or picked, the most common typed answers with the accepted answer each
 * matched, or the share of the class that got each item right. The right answers are marked
 * by an icon and words, never by colour alone.
 */

#define G_LOG_DOMAIN "imtehan-report-views"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "imtehan-i18n.h"
#include "imtehan-question-review.h"
#include "imtehan-report-format.h"
#include "imtehan-report-question-detail.h"
#include "imtehan-row.h"
#include "imtehan-wrap-bin.h"

/* A typed answer's list stops here: a class of 40 may give 40 spellings. */
#define MAX_RESPONSES 10

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

/* One line of the expanded row: letter and text, the right answer's mark, a note under the
 * text, and a bar of the share with the count. */
static GtkWidget *
choice_line (const char *letter,
             const char *text,
             const char *lang,
             gboolean    right,
             const char *note,
             guint       count,
             double      share,
             const char *accessible_name)
{
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  /* Not a horizontal GtkBox beside a wrapping text (src/widgets/imtehan-row-layout.c). */
  GtkWidget *top = imtehan_row_new (8);
  GtkWidget *bottom = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text_bin = wrapped (text, lang, NULL, NULL);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *bar = gtk_level_bar_new_for_interval (0, 1);
  g_autofree char *percent = imtehan_report_format_percent (share);
  g_autofree char *figure = NULL;
  g_autofree char *value_text = NULL;
  GtkWidget *letter_label = plain_label (letter, "choice-letter");
  GtkWidget *count_label;

  gtk_widget_add_css_class (line, "report-choice");
  gtk_widget_set_valign (letter_label, GTK_ALIGN_START);
  if (lang != NULL)
    imtehan_label_set_content (GTK_LABEL (letter_label), letter, lang);
  imtehan_row_append (IMTEHAN_ROW (top), letter_label);
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (texts), text_bin);
  /* Under the text, not under its letter. */
  if (note != NULL)
    {
      GtkWidget *note_bin = wrapped (note, NULL, "caption", NULL);

      gtk_widget_add_css_class (gtk_widget_get_first_child (note_bin), "dim-label");
      gtk_box_append (GTK_BOX (texts), note_bin);
    }
  imtehan_row_append (IMTEHAN_ROW (top), texts);
  if (right)
    {
      GtkWidget *mark = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *icon = gtk_image_new_from_icon_name ("emblem-ok-symbolic");

      gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, "",
                                      -1);
      gtk_box_append (GTK_BOX (mark), icon);
      gtk_box_append (GTK_BOX (mark), plain_label (_("Right answer"), "heading"));
      gtk_widget_add_css_class (mark, "success");
      gtk_widget_set_valign (mark, GTK_ALIGN_START);
      imtehan_row_append (IMTEHAN_ROW (top), mark);
    }
  gtk_box_append (GTK_BOX (line), top);

  /* Share bars say nothing good or bad: no low/high colours. */
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_FULL);
  gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), isnan (share) ? 0 : CLAMP (share, 0, 1));
  gtk_widget_set_hexpand (bar, TRUE);
  gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
  /* TRANSLATORS: a choice's count and share in the class report: "3 · 60%" */
  figure = g_strdup_printf (_("%1$u · %2$s"), count, percent);
  /* TRANSLATORS: a choice's bar for a screen reader: "3 attempts, 60%" */
  value_text = g_strdup_printf (ngettext ("%1$u attempt, %2$s", "%1$u attempts, %2$s", count),
                                count, percent);
  gtk_accessible_update_property (GTK_ACCESSIBLE (bar),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible_name,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, value_text,
                                  -1);
  count_label = plain_label (figure, "numeric");
  /* Wide enough for "999 · 100%": the bars of a question end at one place. */
  gtk_label_set_width_chars (GTK_LABEL (count_label), 10);
  gtk_label_set_xalign (GTK_LABEL (count_label), 1.0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (count_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, value_text, -1);
  gtk_box_append (GTK_BOX (bottom), bar);
  gtk_box_append (GTK_BOX (bottom), count_label);
  gtk_box_append (GTK_BOX (line), bottom);
  return line;
}

/* Each choice in the quiz's order, found by its id in the figures: the figures may list
 * them in another order, or hold ids the quiz no longer has (shown last, by id). */
static void
build_choices (GtkWidget                  *box,
               ImtehanQuestion            *question,
               const ImtehanQuestionStats *qs,
               const char                 *lang)
{
  g_autofree gboolean *shown = g_new0 (gboolean, qs->n_choices + 1);
  guint n = question ? imtehan_question_get_n_choices (question) : 0;
  guint position = 0;

  for (guint i = 0; i <= n; i++)
    {
      const char *id = NULL;
      guint k;

      if (i < n)
        id = imtehan_question_get_choice_id (question, i);
      for (k = 0; k < qs->n_choices; k++)
        if (i < n ? g_strcmp0 (qs->choice_ids[k], id) == 0 : !shown[k])
          break;
      if (i == n && k < qs->n_choices)
        {
          /* An id the quiz does not have: again at this position until none is left. */
          id = qs->choice_ids[k];
          i--;
        }
      if (id == NULL)
        continue;

      {
        g_autofree char *letter = imtehan_i18n_choice_letter (position++, lang);
        const char *text = question && imtehan_question_has_choice (question, id)
                           ? imtehan_question_get_choice_text (question, id, lang) : id;
        gboolean found = k < qs->n_choices;
        gboolean right = found && qs->choice_right[k];
        g_autofree char *name = NULL;

        if (found)
          shown[k] = TRUE;
        if (right)
          /* TRANSLATORS: a choice's bar for a screen reader: "Choice B, the right answer" */
          name = g_strdup_printf (_("Choice %s, the right answer"), letter);
        else
          /* TRANSLATORS: a choice's bar for a screen reader: "Choice B" */
          name = g_strdup_printf (_("Choice %s"), letter);
        gtk_box_append (GTK_BOX (box),
                        choice_line (letter, text, question ? lang : NULL, right, NULL,
                                     found ? qs->choice_counts[k] : 0,
                                     found ? qs->choice_shares[k] : 0, name));
      }
    }
}

/* What each typed answer matched: "Accepted: optimizer state · 0.5 of 1". */
static char *
typed_note (ImtehanQuestion            *question,
            const ImtehanStatsResponse *response,
            const char                 *lang)
{
  g_autofree char *accepted = NULL;
  g_autofree char *marks = NULL;

  if (response->accepted_id == NULL || question == NULL ||
      !(accepted = imtehan_question_dup_accepted_display (question, response->accepted_id,
                                                          lang)))
    return g_strdup (_("Matches no accepted answer"));
  marks = imtehan_report_format_question_marks (response->mark);
  /* TRANSLATORS: under a typed answer in the class report: the accepted answer it matched
   * and the marks it earned, "Accepted: optimizer state · 0.5 of 1" */
  return g_strdup_printf (_("Accepted: %1$s · %2$s"), accepted, marks);
}

/* Short and numerical: the most common answers as they were compared, each with the
 * accepted answer it matched; the rest in one line. */
static void
build_typed (GtkWidget                  *box,
             ImtehanQuestion            *question,
             const ImtehanQuestionStats *qs,
             guint                       n_attempts,
             const char                 *lang)
{
  guint others = 0, n_others = 0;

  gtk_box_append (GTK_BOX (box),
                  wrapped (_("The answers given most often, compared as the quiz compares "
                             "them (case, spaces and Urdu letter forms aside)."),
                           NULL, "dim-label", NULL));
  for (guint r = 0; r < qs->n_responses; r++)
    {
      const ImtehanStatsResponse *response = &qs->responses[r];
      g_autofree char *note = NULL;
      g_autofree char *name = NULL;

      if (r >= MAX_RESPONSES)
        {
          others += response->count;
          n_others++;
          continue;
        }
      note = typed_note (question, response, lang);
      /* TRANSLATORS: a typed answer's bar for a screen reader: "Answer “optimizer state”" */
      name = g_strdup_printf (_("Answer “%s”"), response->key);
      gtk_box_append (GTK_BOX (box),
                      choice_line ("", response->key,
                                   imtehan_answer_get_language (response->key, lang),
                                   response->mark >= 1, note,
                                   response->count, response->share, name));
    }
  if (n_others > 0)
    {
      g_autofree char *text =
        g_strdup_printf (ngettext ("%u other answer", "%u other answers", n_others), n_others);

      gtk_box_append (GTK_BOX (box),
                      choice_line ("", text, NULL, FALSE, NULL, others,
                                   n_attempts ? (double)others / n_attempts : NAN, text));
    }
}

/* Matching: each item with its answer; ordering: each pair of the right order. The bar is
 * the share of the class that got it right. */
static void
build_items (GtkWidget                  *box,
             ImtehanQuestion            *question,
             const ImtehanQuestionStats *qs,
             const char                 *lang)
{
  gboolean ordering = imtehan_question_get_kind (question) == IMTEHAN_QUESTION_ORDERING;

  gtk_box_append (GTK_BOX (box),
                  wrapped (ordering
                           ? _("How many put each item right before the one that follows it, "
                               "as the mark counts them.")
                           : _("How many matched each item right."),
                           NULL, "dim-label", NULL));
  for (guint k = 0; k < qs->n_items; k++)
    {
      const char *id = qs->item_ids[k];
      g_autofree char *text = NULL;
      g_autofree char *name = NULL;

      if (ordering)
        {
          guint n = imtehan_question_get_n_choices (question);
          const char *next = NULL;

          for (guint c = 0; c + 1 < n; c++)
            if (g_str_equal (imtehan_question_get_choice_id (question, c), id))
              next = imtehan_question_get_choice_id (question, c + 1);
          /* TRANSLATORS: a pair of an ordering question in the class report:
           * "Stage 1: 31.4 GB, then Stage 2: 16.6 GB" */
          text = g_strdup_printf (_("%1$s, then %2$s"),
                                  imtehan_question_get_choice_text (question, id, lang),
                                  next ? imtehan_question_get_choice_text (question, next, lang)
                                       : "");
        }
      else
        text = g_strdup_printf (_("%1$s: %2$s"), imtehan_question_get_item_text (question, id, lang),
                                imtehan_question_get_choice_text (
                                  question, imtehan_question_get_item_match (question, id), lang));
      /* TRANSLATORS: an item's bar for a screen reader: "Item 2, answered right" */
      name = g_strdup_printf (_("Item %u, answered right"), k + 1);
      gtk_box_append (GTK_BOX (box),
                      choice_line ("", text, lang, FALSE, NULL, qs->item_right_counts[k],
                                   qs->item_right_shares[k], name));
    }
}

/**
 * imtehan_report_question_detail_new:
 * @quiz: (nullable): the quiz the figures are of, for its texts
 *
 * Returns: (transfer floating): the figures of @qs's answers, by its question's kind
 */
GtkWidget *
imtehan_report_question_detail_new (ImtehanQuiz                *quiz,
                                    const ImtehanQuestionStats *qs,
                                    guint                       n_attempts,
                                    const char                 *lang)
{
  ImtehanQuestion *question = quiz ? imtehan_quiz_find_question (quiz, qs->id) : NULL;
  ImtehanQuestionKind kind = question ? imtehan_question_get_kind (question)
                                      : IMTEHAN_QUESTION_SINGLE;
  GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  gtk_box_append (GTK_BOX (outer), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (outer), box);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);

  switch (kind)
    {
    case IMTEHAN_QUESTION_MULTIPLE:
      gtk_box_append (GTK_BOX (box),
                      wrapped (_("An attempt may pick several choices: each counts the "
                                 "attempts that picked it."), NULL, "dim-label", NULL));
      build_choices (box, question, qs, lang);
      break;
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
      build_typed (box, question, qs, n_attempts, lang);
      break;
    case IMTEHAN_QUESTION_MATCHING:
    case IMTEHAN_QUESTION_ORDERING:
      build_items (box, question, qs, lang);
      break;
    case IMTEHAN_QUESTION_SINGLE:
    default:
      build_choices (box, question, qs, lang);
      break;
    }

  gtk_box_append (GTK_BOX (box),
                  choice_line ("", _("Not answered"), NULL, FALSE, NULL, qs->n_not_answered,
                               qs->not_answered_share, _("Not answered")));
  if (qs->n_unknown > 0)
    gtk_box_append (GTK_BOX (box),
                    choice_line ("", _("A choice this version of the quiz does not have"),
                                 NULL, FALSE, NULL, qs->n_unknown,
                                 n_attempts ? (double)qs->n_unknown / n_attempts : NAN,
                                 _("A choice this version of the quiz does not have")));
  return outer;
}
