/* imtehan-response-view.c: a learner's answer of any question type, beside the right one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The results page shows, under each question that is not of one right choice, what the
 * learner answered part by part, each part right or wrong, and the right answer. Right and
 * wrong are told by the shape of an icon and by words (the icon's name for a screen
 * reader), never by colour alone. Each part is right exactly when imtehan_question_grade()
 * gave it its share of the mark (imtehan-question-review.c).
 */

#define G_LOG_DOMAIN "imtehan-response-view"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-i18n.h"
#include "imtehan-picture-view.h"
#include "imtehan-quiz.h"
#include "imtehan-response-view.h"
#include "imtehan-row.h"
#include "imtehan-wrap-bin.h"

ImtehanVerdict
imtehan_attempt_get_verdict (ImtehanAttempt *attempt,
                             guint           index)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (attempt), IMTEHAN_VERDICT_UNANSWERED);

  return imtehan_verdict_from_fraction (imtehan_attempt_get_answer (attempt, index),
                                        imtehan_attempt_get_fraction (attempt, index));
}

const char *
imtehan_verdict_get_label (ImtehanVerdict verdict)
{
  switch (verdict)
    {
    case IMTEHAN_VERDICT_RIGHT:
      return _("Correct");
    case IMTEHAN_VERDICT_PARTLY:
      /* TRANSLATORS: a question's answer that earned part of its mark, between "Correct"
       * and "Wrong" */
      return _("Partly correct");
    case IMTEHAN_VERDICT_WRONG:
      return _("Wrong");
    case IMTEHAN_VERDICT_UNANSWERED:
    default:
      return _("Not answered");
    }
}

/* A shape for each: a tick, a half star, a cross, a question mark. */
const char *
imtehan_verdict_get_icon_name (ImtehanVerdict verdict)
{
  switch (verdict)
    {
    case IMTEHAN_VERDICT_RIGHT:
      return "emblem-ok-symbolic";
    case IMTEHAN_VERDICT_PARTLY:
      return "semi-starred-symbolic";
    case IMTEHAN_VERDICT_WRONG:
      return "window-close-symbolic";
    case IMTEHAN_VERDICT_UNANSWERED:
    default:
      return "dialog-question-symbolic";
    }
}

/* The result card's class (data/style.css colours its icon). */
const char *
imtehan_verdict_get_css_class (ImtehanVerdict verdict)
{
  switch (verdict)
    {
    case IMTEHAN_VERDICT_RIGHT:
      return "correct";
    case IMTEHAN_VERDICT_PARTLY:
      return "partly";
    case IMTEHAN_VERDICT_WRONG:
      return "wrong";
    case IMTEHAN_VERDICT_UNANSWERED:
    default:
      return "unanswered";
    }
}

/* A wrapping label laid out once per width (imtehan-wrap-bin.c); quiz text when @lang is
 * given, else text of the interface. */
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

typedef enum
{
  PART_NONE,     /* no verdict: a choice neither chosen nor right, the last place of an order */
  PART_RIGHT,
  PART_WRONG,
  PART_MISSED,   /* a right choice not chosen */
} PartState;

/* One part of an answer: an icon that names its state for a screen reader, beside the first
 * line of @texts (the icon centred on it: a Nastaliq line is taller than a Latin one), and
 * the rest of @texts under that line. */
static GtkWidget *
part_line (PartState  state,
           GtkWidget *texts)
{
  static const char * const icons[] = { NULL, "emblem-ok-symbolic", "window-close-symbolic",
                                        "emblem-important-symbolic" };
  static const char * const classes[] = { "part-none", "part-right", "part-wrong",
                                          "part-missed" };
  const char *names[] = { "", _("Right"), _("Wrong"), _("Missed") };
  GtkWidget *part = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *row = imtehan_row_new (8);
  GtkWidget *icon = icons[state] ? gtk_image_new_from_icon_name (icons[state]) : gtk_image_new ();
  GtkWidget *first = g_object_ref (gtk_widget_get_first_child (texts));

  /* An empty image of the same size keeps the texts of all parts in one column. */
  gtk_image_set_pixel_size (GTK_IMAGE (icon), 16);
  gtk_widget_set_size_request (icon, 16, 16);
  gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (icon, "part-icon");
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  names[state], -1);
  gtk_widget_add_css_class (part, "response-part");
  gtk_widget_add_css_class (part, classes[state]);

  gtk_box_remove (GTK_BOX (texts), first);
  gtk_widget_set_hexpand (first, TRUE);
  imtehan_row_append (IMTEHAN_ROW (row), icon);
  imtehan_row_append (IMTEHAN_ROW (row), first);
  g_object_unref (first);
  gtk_box_append (GTK_BOX (part), row);
  /* Under the first line's text, past the icon and the row's spacing. */
  gtk_widget_set_margin_start (texts, 16 + 8);
  if (gtk_widget_get_first_child (texts) != NULL)
    gtk_box_append (GTK_BOX (part), texts);
  else
    g_object_unref (g_object_ref_sink (texts));
  return part;
}

static GtkWidget *
vbox (int spacing)
{
  return gtk_box_new (GTK_ORIENTATION_VERTICAL, spacing);
}

static void
append_caption (GtkWidget  *box,
                const char *caption)
{
  gtk_box_append (GTK_BOX (box), wrapped_label (caption, NULL, "caption-heading"));
}

/* The feedback a quiz gives a choice or an accepted answer, under it. */
static void
append_feedback (GtkWidget       *box,
                 ImtehanQuestion *question,
                 const char      *id,
                 const char      *lang)
{
  const char *feedback = imtehan_question_get_feedback (question, id, lang);

  if (feedback != NULL && *feedback != '\0')
    gtk_box_append (GTK_BOX (box), wrapped_label (feedback, lang, "response-feedback"));
}

static void
append_picture (GtkWidget   *box,
                ImtehanQuiz *quiz,
                const char  *name,
                const char  *lang)
{
  GtkWidget *picture = imtehan_picture_view_new_for_quiz (quiz, name, lang);

  if (picture != NULL)
    {
      gtk_widget_set_halign (picture, GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (box), picture);
    }
}

static gboolean
response_has (char      **parts,
              const char *id)
{
  return parts != NULL && g_strv_contains ((const char * const *)parts, id);
}

/* Multiple: every choice, in the order the learner saw them, chosen or not, right or not;
 * the feedback of those chosen. */
static GtkWidget *
multiple_view (ImtehanAttempt *attempt,
               guint           index,
               const char     *lang)
{
  ImtehanQuiz *quiz = imtehan_attempt_get_quiz (attempt);
  ImtehanQuestion *question = imtehan_quiz_get_question (quiz, index);
  const char * const *order = imtehan_attempt_get_choice_order (attempt, index);
  g_auto(GStrv) chosen = imtehan_response_split (imtehan_attempt_get_answer (attempt, index));
  GtkWidget *box = vbox (6);

  append_caption (box, _("Your answer"));
  for (guint i = 0; order != NULL && order[i] != NULL; i++)
    {
      const char *id = order[i];
      gboolean picked = response_has (chosen, id);
      gboolean right = imtehan_question_get_choice_weight (question, id) > 0;
      GtkWidget *texts = vbox (2);
      const char *state_text;
      PartState state;

      if (picked)
        {
          state = right ? PART_RIGHT : PART_WRONG;
          state_text = right ? _("You chose it: right") : _("You chose it: wrong");
        }
      else
        {
          state = right ? PART_MISSED : PART_NONE;
          state_text = right ? _("Right, but not chosen") : _("Not chosen");
        }
      gtk_box_append (GTK_BOX (texts),
                      wrapped_label (imtehan_question_get_choice_text (question, id, lang), lang,
                                     NULL));
      append_picture (texts, quiz, imtehan_question_get_choice_picture (question, id), lang);
      gtk_box_append (GTK_BOX (texts), wrapped_label (state_text, NULL, "part-state"));
      if (picked)
        append_feedback (texts, question, id, lang);
      gtk_box_append (GTK_BOX (box), part_line (state, texts));
    }
  return box;
}

/* Short and numerical: what was typed, the accepted answer it matched (and its feedback),
 * and the right answer unless it earned the whole mark. */
static GtkWidget *
typed_view (ImtehanAttempt *attempt,
            guint           index,
            const char     *lang)
{
  ImtehanQuestion *question = imtehan_quiz_get_question (imtehan_attempt_get_quiz (attempt), index);
  const char *typed = imtehan_attempt_get_answer (attempt, index);
  const char *accepted = imtehan_question_match_accepted (question, typed);
  double fraction = imtehan_attempt_get_fraction (attempt, index);
  GtkWidget *box = vbox (6);
  GtkWidget *texts = vbox (2);

  append_caption (box, _("Your answer"));
  gtk_box_append (GTK_BOX (texts),
                  wrapped_label (typed, imtehan_answer_get_language (typed, lang),
                                 "typed-answer"));
  gtk_box_append (GTK_BOX (box),
                  part_line (fraction >= 1 ? PART_RIGHT : accepted ? PART_MISSED : PART_WRONG,
                             texts));
  if (accepted != NULL)
    {
      g_autofree char *shown = imtehan_question_dup_accepted_display (question, accepted, lang);
      GtkWidget *matched = vbox (2);

      append_caption (matched, _("Accepted as"));
      gtk_box_append (GTK_BOX (matched), wrapped_label (shown, lang, NULL));
      append_feedback (matched, question, accepted, lang);
      gtk_box_append (GTK_BOX (box), matched);
    }
  if (fraction < 1)
    {
      g_autofree char *right = imtehan_question_dup_right_display (question, lang);

      if (right != NULL)
        {
          append_caption (box, _("Correct answer"));
          gtk_box_append (GTK_BOX (box), wrapped_label (right, lang, NULL));
        }
    }
  return box;
}

/* Matching: each item, in the quiz's order, with the learner's answer, right or wrong, and
 * the right one under a wrong one. */
static GtkWidget *
matching_view (ImtehanAttempt *attempt,
               guint           index,
               const char     *lang)
{
  ImtehanQuiz *quiz = imtehan_attempt_get_quiz (attempt);
  ImtehanQuestion *question = imtehan_quiz_get_question (quiz, index);
  const char *response = imtehan_attempt_get_answer (attempt, index);
  guint n = imtehan_question_get_n_items (question);
  GtkWidget *box = vbox (8);

  append_caption (box, _("Your answer"));
  for (guint i = 0; i < n; i++)
    {
      const char *item = imtehan_question_get_item_id (question, i);
      const char *match = imtehan_question_get_item_match (question, item);
      g_autofree char *given = imtehan_response_dup_match (response, item);
      gboolean right = g_strcmp0 (given, match) == 0;
      GtkWidget *texts = vbox (2);

      gtk_box_append (GTK_BOX (texts),
                      wrapped_label (imtehan_question_get_item_text (question, item, lang), lang,
                                     "heading"));
      append_picture (texts, quiz, imtehan_question_get_choice_picture (question, item), lang);
      if (given != NULL)
        gtk_box_append (GTK_BOX (texts),
                        wrapped_label (imtehan_question_get_choice_text (question, given, lang),
                                       lang, NULL));
      else
        gtk_box_append (GTK_BOX (texts), wrapped_label (_("Not answered"), NULL, "part-state"));
      if (!right)
        {
          g_autofree char *text =
            /* TRANSLATORS: under a wrong match on the results: "Correct answer: the gradients" */
            g_strdup_printf (_("Correct answer: %s"),
                             imtehan_question_get_choice_text (question, match, lang));

          gtk_box_append (GTK_BOX (texts), wrapped_label (text, lang, "part-state"));
        }
      else
        append_feedback (texts, question, item, lang);
      gtk_box_append (GTK_BOX (box), part_line (right ? PART_RIGHT : PART_WRONG, texts));
    }
  return box;
}

/* A numbered list of @ids (an order of ordering items), each with its state when @states
 * is given. */
static void
append_order (GtkWidget        *box,
              ImtehanQuiz      *quiz,
              ImtehanQuestion  *question,
              char            **ids,
              const PartState  *states,
              const char       *lang)
{
  for (guint i = 0; ids[i] != NULL; i++)
    {
      /* TRANSLATORS: a place in an order, before the item's text: "2." */
      g_autofree char *place = g_strdup_printf (_("%u."), i + 1);
      g_autofree char *text = g_strdup_printf ("%s %s", place,
                                               imtehan_question_get_choice_text (question, ids[i],
                                                                                 lang));
      GtkWidget *texts = vbox (2);

      gtk_box_append (GTK_BOX (texts), wrapped_label (text, lang, NULL));
      append_picture (texts, quiz, imtehan_question_get_choice_picture (question, ids[i]), lang);
      gtk_box_append (GTK_BOX (box), part_line (states ? states[i] : PART_NONE, texts));
    }
}

/* Ordering: the learner's order, each place right when the item after it is the one that
 * follows it (Moodle's default, which the mark counts; the last place is not counted), and
 * the right order unless it was given. */
static GtkWidget *
ordering_view (ImtehanAttempt *attempt,
               guint           index,
               const char     *lang)
{
  ImtehanQuiz *quiz = imtehan_attempt_get_quiz (attempt);
  ImtehanQuestion *question = imtehan_quiz_get_question (quiz, index);
  g_auto(GStrv) order = imtehan_response_split (imtehan_attempt_get_answer (attempt, index));
  g_autofree char *right = imtehan_question_dup_right_response (question);
  g_auto(GStrv) right_order = imtehan_response_split (right);
  guint n = g_strv_length (order);
  g_autofree PartState *states = g_new0 (PartState, MAX (n, 1));
  GtkWidget *box = vbox (6);

  for (guint i = 0; i + 1 < n; i++)
    states[i] = imtehan_question_follows (question, order[i], order[i + 1]) ? PART_RIGHT
                                                                            : PART_WRONG;
  append_caption (box, _("Your order"));
  gtk_box_append (GTK_BOX (box),
                  wrapped_label (_("A place is right when the next item is the one that "
                                   "follows it in the correct order. The last place is not "
                                   "counted."), NULL, "part-state"));
  append_order (box, quiz, question, order, states, lang);
  if (imtehan_attempt_get_fraction (attempt, index) < 1)
    {
      append_caption (box, _("Correct order"));
      append_order (box, quiz, question, right_order, NULL, lang);
    }
  return box;
}

/**
 * imtehan_response_dup_text:
 * @response: (nullable): a response of @question
 *
 * @response in words, one line per part: the choices chosen (in the quiz's order), the
 * text typed, each item with the answer it was given ("Stage 1: the gradients"), the items
 * in the learner's order
 * ("1. Stage 3"). The review lists answers so, before they are marked.
 *
 * Returns: (transfer full): the text; "" for %NULL
 */
char *
imtehan_response_dup_text (ImtehanQuestion *question,
                           const char      *response,
                           const char      *lang)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (question), NULL);

  if (response == NULL)
    return g_strdup ("");
  switch (imtehan_question_get_kind (question))
    {
    case IMTEHAN_QUESTION_SINGLE:
      return g_strdup (imtehan_question_get_choice_text (question, response, lang));
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
      return g_strdup (response);
    case IMTEHAN_QUESTION_MULTIPLE:
      /* In the quiz's order, whatever order they were ticked in. */
      parts = imtehan_response_split (response);
      for (guint i = 0; i < imtehan_question_get_n_choices (question); i++)
        {
          const char *id = imtehan_question_get_choice_id (question, i);

          if (g_strv_contains ((const char * const *)parts, id))
            g_ptr_array_add (lines, g_strdup (imtehan_question_get_choice_text (question, id,
                                                                                lang)));
        }
      break;
    case IMTEHAN_QUESTION_MATCHING:
      for (guint i = 0; i < imtehan_question_get_n_items (question); i++)
        {
          const char *item = imtehan_question_get_item_id (question, i);
          g_autofree char *given = imtehan_response_dup_match (response, item);

          if (given != NULL)
            /* TRANSLATORS: an item of a matching question and the answer given it:
             * "Stage 1: the gradients" */
            g_ptr_array_add (lines, g_strdup_printf (_("%1$s: %2$s"),
                                                     imtehan_question_get_item_text (question,
                                                                                     item, lang),
                                                     imtehan_question_get_choice_text (question,
                                                                                       given,
                                                                                       lang)));
        }
      break;
    case IMTEHAN_QUESTION_ORDERING:
      parts = imtehan_response_split (response);
      for (guint i = 0; parts[i] != NULL; i++)
        {
          g_autofree char *place = g_strdup_printf (_("%u."), i + 1);

          g_ptr_array_add (lines, g_strdup_printf ("%s %s", place,
                                                   imtehan_question_get_choice_text (question,
                                                                                     parts[i],
                                                                                     lang)));
        }
      break;
    default:
      g_return_val_if_reached (NULL);
    }
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **)lines->pdata);
}

/**
 * imtehan_response_view_new:
 *
 * What question @index of @attempt was answered, part by part, and the right answer, for
 * every kind but single (whose card stays as it was: imtehan-results-page.c).
 *
 * Returns: (transfer floating): the view; an unanswered question shows only the right answer
 */
GtkWidget *
imtehan_response_view_new (ImtehanAttempt *attempt,
                           guint           index,
                           const char     *lang)
{
  ImtehanQuestion *question;
  g_autofree char *right = NULL;
  GtkWidget *box;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (attempt), NULL);

  question = imtehan_quiz_get_question (imtehan_attempt_get_quiz (attempt), index);
  if (imtehan_attempt_get_answer (attempt, index) != NULL)
    switch (imtehan_question_get_kind (question))
      {
      case IMTEHAN_QUESTION_MULTIPLE:
        return multiple_view (attempt, index, lang);
      case IMTEHAN_QUESTION_SHORT:
      case IMTEHAN_QUESTION_NUMERICAL:
        return typed_view (attempt, index, lang);
      case IMTEHAN_QUESTION_MATCHING:
        return matching_view (attempt, index, lang);
      case IMTEHAN_QUESTION_ORDERING:
        return ordering_view (attempt, index, lang);
      case IMTEHAN_QUESTION_SINGLE:
      default:
        break;
      }

  box = vbox (6);
  append_caption (box, _("Your answer"));
  gtk_box_append (GTK_BOX (box), wrapped_label (_("Not answered"), NULL, NULL));
  if (!(right = imtehan_question_dup_right_display (question, lang)))
    {
      g_autofree char *response = imtehan_question_dup_right_response (question);

      right = imtehan_response_dup_text (question, response, lang);
    }
  append_caption (box, imtehan_question_get_kind (question) == IMTEHAN_QUESTION_ORDERING
                       ? _("Correct order") : _("Correct answer"));
  gtk_box_append (GTK_BOX (box), wrapped_label (right, lang, NULL));
  return box;
}
