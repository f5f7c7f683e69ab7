/* imtehan-answer-area.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The answer areas of the question kinds other than single choice, which keeps its own rows
 * in ImtehanQuestionView (its speed-ups are measured: docs/performance.md); and what the
 * areas and the practice feedback share: pictures, and the right answer and verdict in words.
 */

#define G_LOG_DOMAIN "imtehan-answer-area"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imtehan-answer-area.h"
#include "imtehan-answer-entry.h"
#include "imtehan-answer-matching.h"
#include "imtehan-answer-multiple.h"
#include "imtehan-answer-ordering.h"
#include "imtehan-picture-view.h"
#include "imtehan-report-format.h"

G_DEFINE_INTERFACE (ImtehanAnswerArea, imtehan_answer_area, GTK_TYPE_WIDGET)

enum {
  RESPOND,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
imtehan_answer_area_default_init (ImtehanAnswerAreaInterface *iface)
{
  /**
   * ImtehanAnswerArea::respond:
   * @response: (nullable): what the learner answers now, or %NULL for no answer
   */
  signals[RESPOND] =
    g_signal_new ("respond", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

/* Returns: (transfer floating): the area for questions of @kind, which is not single */
GtkWidget *
imtehan_answer_area_new (ImtehanQuestionKind kind)
{
  switch (kind)
    {
    case IMTEHAN_QUESTION_MULTIPLE:
      return g_object_new (IMTEHAN_TYPE_ANSWER_MULTIPLE, NULL);
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
      return g_object_new (IMTEHAN_TYPE_ANSWER_ENTRY, NULL);
    case IMTEHAN_QUESTION_MATCHING:
      return g_object_new (IMTEHAN_TYPE_ANSWER_MATCHING, NULL);
    case IMTEHAN_QUESTION_ORDERING:
      return g_object_new (IMTEHAN_TYPE_ANSWER_ORDERING, NULL);
    case IMTEHAN_QUESTION_SINGLE:
    default:
      g_return_val_if_reached (NULL);
    }
}

void
imtehan_answer_area_show_question (ImtehanAnswerArea  *self,
                                   ImtehanQuiz        *quiz,
                                   ImtehanQuestion    *question,
                                   const char * const *order,
                                   const char         *lang)
{
  g_return_if_fail (IMTEHAN_IS_ANSWER_AREA (self));
  IMTEHAN_ANSWER_AREA_GET_IFACE (self)->show_question (self, quiz, question, order, lang);
}

void
imtehan_answer_area_set_response (ImtehanAnswerArea *self,
                                  const char        *response)
{
  g_return_if_fail (IMTEHAN_IS_ANSWER_AREA (self));
  IMTEHAN_ANSWER_AREA_GET_IFACE (self)->set_response (self, response);
}

void
imtehan_answer_area_set_checked (ImtehanAnswerArea *self,
                                 const char        *response,
                                 gboolean           checked)
{
  g_return_if_fail (IMTEHAN_IS_ANSWER_AREA (self));
  IMTEHAN_ANSWER_AREA_GET_IFACE (self)->set_checked (self, response, checked);
}

/* Returns: (nullable) (transfer none): where the keyboard starts in the area */
GtkWidget *
imtehan_answer_area_get_focus_target (ImtehanAnswerArea *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ANSWER_AREA (self), NULL);
  return IMTEHAN_ANSWER_AREA_GET_IFACE (self)->get_focus_target (self);
}

/* Returns: (nullable) (transfer none): the check row, the drop-down or the row shown at
 * @position */
GtkWidget *
imtehan_answer_area_get_part (ImtehanAnswerArea *self,
                              guint              position)
{
  g_return_val_if_fail (IMTEHAN_IS_ANSWER_AREA (self), NULL);
  return IMTEHAN_ANSWER_AREA_GET_IFACE (self)->get_part (self, position);
}

void
imtehan_answer_area_flush (ImtehanAnswerArea *self)
{
  ImtehanAnswerAreaInterface *iface;

  g_return_if_fail (IMTEHAN_IS_ANSWER_AREA (self));
  iface = IMTEHAN_ANSWER_AREA_GET_IFACE (self);
  if (iface->flush != NULL)
    iface->flush (self);
}

/* For the areas themselves: tells the view what the learner answers. */
void
imtehan_answer_area_respond (ImtehanAnswerArea *self,
                             const char        *response)
{
  g_return_if_fail (IMTEHAN_IS_ANSWER_AREA (self));
  g_signal_emit (self, signals[RESPOND], 0, response);
}

/**
 * imtehan_answer_toggle_choice:
 * @order: a multiple-choice question's choices in the order shown
 * @response: (nullable): the choices picked
 * @choice_id: a choice to pick or unpick
 *
 * Returns: (transfer full) (nullable): the choices picked then, in the order shown, or
 *   %NULL for none
 */
char *
imtehan_answer_toggle_choice (const char * const *order,
                              const char         *response,
                              const char         *choice_id)
{
  g_auto(GStrv) picked = imtehan_response_split (response);
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  for (guint i = 0; order[i] != NULL; i++)
    {
      gboolean was = g_strv_contains ((const char * const *)picked, order[i]);

      if (was != g_str_equal (order[i], choice_id))
        g_ptr_array_add (parts, (gpointer)order[i]);
    }
  if (parts->len == 0)
    return NULL;
  return imtehan_response_join ((const char * const *)parts->pdata, parts->len);
}

/* Puts @picture (or nothing) in *@slot of @box, after @sibling (%NULL: first). */
void
imtehan_answer_set_picture (GtkBox     *box,
                            GtkWidget **slot,
                            GtkWidget  *sibling,
                            GtkWidget  *picture)
{
  if (*slot != NULL)
    gtk_box_remove (box, *slot);
  *slot = picture;
  if (picture != NULL)
    gtk_box_insert_child_after (box, picture, sibling);
}

/* The text of an accepted short answer as a learner would type it: its stars (any text)
 * left out, "\*" as a star. */
static char *
accepted_as_typed (const char *pattern)
{
  GString *text = g_string_new (NULL);

  for (const char *p = pattern; *p != '\0'; p++)
    {
      char c = *p;

      if (p[0] == '\\' && p[1] == '*')
        c = *++p;
      else if (c == '*')
        c = ' ';
      if (c == ' ' && (text->len == 0 || text->str[text->len - 1] == ' '))
        continue;
      g_string_append_c (text, c);
    }
  if (text->len > 0 && text->str[text->len - 1] == ' ')
    g_string_truncate (text, text->len - 1);
  return g_string_free (text, FALSE);
}

/* The first accepted answer of full weight, or else of the highest. */
static const char *
best_accepted (ImtehanQuestion *question)
{
  const char *best = NULL;
  double best_weight = -1;

  for (guint i = 0; i < imtehan_question_get_n_accepted (question); i++)
    {
      const char *id = imtehan_question_get_accepted_id (question, i);
      double weight = imtehan_question_get_accepted_weight (question, id);

      if (weight > best_weight + 1e-9)
        {
          best = id;
          best_weight = weight;
        }
      if (weight >= 1 - 1e-9)
        break;
    }
  return best;
}

static void
describe_typed (ImtehanQuestion *question,
                const char      *lang,
                GString         *out)
{
  const char *id = best_accepted (question);
  g_autofree char *number = NULL;
  const char *unit;

  if (id == NULL)
    return;
  if (imtehan_question_get_kind (question) == IMTEHAN_QUESTION_SHORT)
    {
      g_autofree char *typed = accepted_as_typed (imtehan_question_get_accepted_text (question,
                                                                                      id, lang));

      g_string_append (out, typed);
      return;
    }
  number = imtehan_question_dup_right_response (question);
  unit = imtehan_question_get_unit (question, lang);
  g_string_append (out, number ? number : imtehan_question_get_accepted_text (question, id, lang));
  if (unit != NULL && *unit != '\0')
    g_string_append_printf (out, " %s", unit);
}

/**
 * imtehan_answer_describe_right:
 * @order: the choices or items in the order the attempt shows them
 *
 * The right answer of @question in words, one line for each part: the right choices; the
 * text to type, or the number and its unit; each item and its answer; the items in order.
 */
char *
imtehan_answer_describe_right (ImtehanQuestion    *question,
                               const char * const *order,
                               const char         *lang)
{
  GString *out = g_string_new (NULL);
  g_autofree char *right = imtehan_question_dup_right_response (question);
  g_auto(GStrv) parts = imtehan_response_split (right);

  switch (imtehan_question_get_kind (question))
    {
    case IMTEHAN_QUESTION_SINGLE:
      g_string_append (out, imtehan_question_get_choice_text (question, right, lang));
      break;
    case IMTEHAN_QUESTION_MULTIPLE:
      for (guint i = 0; order[i] != NULL; i++)
        if (g_strv_contains ((const char * const *)parts, order[i]))
          g_string_append_printf (out, "%s%s", out->len ? "\n" : "",
                                  imtehan_question_get_choice_text (question, order[i], lang));
      break;
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
      describe_typed (question, lang, out);
      break;
    case IMTEHAN_QUESTION_MATCHING:
      for (guint i = 0; i < imtehan_question_get_n_items (question); i++)
        {
          const char *item = imtehan_question_get_item_id (question, i);
          const char *match = imtehan_question_get_item_match (question, item);

          if (out->len > 0)
            g_string_append_c (out, '\n');
          /* TRANSLATORS: an item of a matching question and the answer it matches, in the
           * right answer of a checked practice question; the arrow points from the item to
           * its answer, the way the text reads (← in a right-to-left language) */
          g_string_append_printf (out, _("%s → %s"),
                                  imtehan_question_get_item_text (question, item, lang),
                                  imtehan_question_get_choice_text (question, match, lang));
        }
      break;
    case IMTEHAN_QUESTION_ORDERING:
      for (guint i = 0; parts[i] != NULL; i++)
        {
          if (out->len > 0)
            g_string_append_c (out, '\n');
          /* TRANSLATORS: an item of an ordering question at its place in the right order:
           * "1. Data parallelism" */
          g_string_append_printf (out, _("%u. %s"), i + 1,
                                  imtehan_question_get_choice_text (question, parts[i], lang));
        }
      break;
    default:
      g_assert_not_reached ();
    }
  return g_string_free (out, FALSE);
}

/* The items of a matching @response matched right. */
static guint
count_matched (ImtehanQuestion *question,
               const char      *response)
{
  g_auto(GStrv) pairs = imtehan_response_split (response);
  guint right = 0;

  for (guint i = 0; pairs[i] != NULL; i++)
    {
      char *colon = strchr (pairs[i], ':');

      if (colon == NULL)
        continue;
      *colon = '\0';
      if (g_strcmp0 (imtehan_question_get_item_match (question, pairs[i]), colon + 1) == 0)
        right++;
    }
  return right;
}

/**
 * imtehan_answer_describe_verdict:
 *
 * "Correct", "Wrong", or how far @response is right: "Partly right: 2 of 3 matched" for
 * matching, "Partly right: 67%" for the others.
 */
char *
imtehan_answer_describe_verdict (ImtehanQuestion *question,
                                 const char      *response)
{
  double fraction = imtehan_question_grade (question, response);
  g_autofree char *share = NULL;

  if (fraction >= 1 - 1e-9)
    return g_strdup (_("Correct"));
  if (fraction <= 1e-9)
    return g_strdup (_("Wrong"));
  if (imtehan_question_get_kind (question) == IMTEHAN_QUESTION_MATCHING)
    {
      guint n = imtehan_question_get_n_items (question);

      /* TRANSLATORS: the verdict of a checked matching question: "Partly right: 2 of 3
       * matched" */
      return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "Partly right: %u of %u matched",
                                         "Partly right: %u of %u matched", n),
                              count_matched (question, response), n);
    }
  share = imtehan_report_format_percent (fraction);
  /* TRANSLATORS: the verdict of a checked practice question that earns part of its mark:
   * "Partly right: 67%" */
  return g_strdup_printf (_("Partly right: %s"), share);
}

/**
 * imtehan_answer_dup_feedback:
 *
 * Returns: (nullable): the feedback the quiz gives for what @response picked or typed (the
 *   chosen choices, the accepted answer it matched), one line each, or %NULL for none
 */
char *
imtehan_answer_dup_feedback (ImtehanQuestion *question,
                             const char      *response,
                             const char      *lang)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new ();
  g_auto(GStrv) parts = NULL;
  const char *feedback;

  switch (imtehan_question_get_kind (question))
    {
    case IMTEHAN_QUESTION_SINGLE:
    case IMTEHAN_QUESTION_MULTIPLE:
      parts = imtehan_response_split (response);
      for (guint i = 0; parts[i] != NULL; i++)
        if ((feedback = imtehan_question_get_feedback (question, parts[i], lang)) &&
            *feedback != '\0')
          g_ptr_array_add (lines, (gpointer)feedback);
      break;
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
      feedback = imtehan_question_get_feedback (question,
                                                imtehan_question_match_accepted (question,
                                                                                 response),
                                                lang);
      if (feedback != NULL && *feedback != '\0')
        g_ptr_array_add (lines, (gpointer)feedback);
      break;
    case IMTEHAN_QUESTION_MATCHING:
    case IMTEHAN_QUESTION_ORDERING:
    default:
      break;
    }
  if (lines->len == 0)
    return NULL;
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **)lines->pdata);
}
