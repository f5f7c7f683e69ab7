/* imtehan-question-review.c: a question's answer in parts, as a review shows it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the results page, the review and the class report say of each part of an answer
 * follows imtehan_question_grade() (imtehan-question-grade.c): a part shown right is one
 * that earned its share of the mark.
 */

#define G_LOG_DOMAIN "imtehan-quiz"

#include "config.h"

#include <math.h>
#include <string.h>

#include "imtehan-intl-private.h"
#include "imtehan-question-review.h"

/* Full marks as imtehan_attempt_is_correct() counts them; anything above 0 is partly right. */
ImtehanVerdict
imtehan_verdict_from_fraction (const char *response,
                               double      fraction)
{
  if (response == NULL)
    return IMTEHAN_VERDICT_UNANSWERED;
  if (fraction >= 1)
    return IMTEHAN_VERDICT_RIGHT;
  if (fraction > 0)
    return IMTEHAN_VERDICT_PARTLY;
  return IMTEHAN_VERDICT_WRONG;
}

/**
 * imtehan_response_dup_match:
 * @response: (nullable): a matching question's response, "item:choice" pairs
 *
 * Returns: (transfer full) (nullable): the choice the learner gave @item_id, or %NULL
 */
char *
imtehan_response_dup_match (const char *response,
                            const char *item_id)
{
  g_auto(GStrv) pairs = imtehan_response_split (response);
  gsize length = strlen (item_id);

  for (guint i = 0; pairs[i] != NULL; i++)
    if (strncmp (pairs[i], item_id, length) == 0 && pairs[i][length] == ':')
      return g_strdup (pairs[i] + length + 1);
  return NULL;
}

/* Ordering: whether @next_id comes right after @item_id in the right order. Moodle's
 * "relative to the next item, excluding the last" counts a place right when it does. */
gboolean
imtehan_question_follows (ImtehanQuestion *self,
                          const char      *item_id,
                          const char      *next_id)
{
  guint n;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), FALSE);

  n = imtehan_question_get_n_choices (self);
  for (guint i = 0; i + 1 < n; i++)
    if (g_strcmp0 (imtehan_question_get_choice_id (self, i), item_id) == 0)
      return g_strcmp0 (imtehan_question_get_choice_id (self, i + 1), next_id) == 0;
  return FALSE;
}

/**
 * imtehan_answer_get_language:
 * @lang: the language of the quiz as shown
 *
 * The language to show a typed answer in: @lang when it holds a letter of the Arabic script
 * (Urdu typed on an Urdu quiz), else English, so that "12 bytes" typed on an Urdu page reads
 * left to right as it was typed, not as "bytes 12".
 */
const char *
imtehan_answer_get_language (const char *typed,
                             const char *lang)
{
  for (const char *p = typed; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_get_script (g_utf8_get_char (p)) == G_UNICODE_SCRIPT_ARABIC)
      return lang;
  return "en";
}

/**
 * imtehan_answer_strip_wildcards:
 *
 * An accepted short answer as a learner would type it: its `*` (any text) dropped, `\*`
 * written as a star, spaces left at the ends or doubled by a dropped star taken out.
 * "*ZeRO*" is "ZeRO"; a pattern of stars alone stays as written.
 */
char *
imtehan_answer_strip_wildcards (const char *pattern)
{
  GString *text = g_string_new (NULL);
  g_auto(GStrv) words = NULL;
  g_autofree char *joined = NULL;

  for (const char *p = pattern; *p != '\0'; p++)
    {
      if (p[0] == '\\' && p[1] == '*')
        g_string_append_c (text, *++p);
      else if (*p != '*')
        g_string_append_c (text, *p);
    }
  words = g_strsplit_set (text->str, " ", -1);
  g_string_free (text, TRUE);
  for (guint i = 0, j = 0; ; i++)
    {
      if (words[i] != NULL && *words[i] == '\0')
        {
          g_free (words[i]);
          continue;
        }
      words[j++] = words[i];
      if (words[i] == NULL)
        break;
    }
  joined = g_strjoinv (" ", words);
  return *joined != '\0' ? g_steal_pointer (&joined) : g_strdup (pattern);
}

static char *
format_number (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.15g", value));
}

/**
 * imtehan_question_dup_accepted_display:
 *
 * An accepted answer of a short or numerical question as the review shows it, in @lang:
 * the text without its wildcards; the number, or the range its tolerance gives ("1817 to
 * 1827"), with the question's unit.
 *
 * Returns: (transfer full) (nullable): %NULL if @accepted_id is not one of its answers
 */
char *
imtehan_question_dup_accepted_display (ImtehanQuestion *self,
                                       const char      *accepted_id,
                                       const char      *lang)
{
  const char *unit;
  g_autofree char *number = NULL;
  double min, max;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);

  if (imtehan_question_get_kind (self) == IMTEHAN_QUESTION_SHORT)
    {
      const char *text = imtehan_question_get_accepted_text (self, accepted_id, lang);

      return text ? imtehan_answer_strip_wildcards (text) : NULL;
    }
  if (!imtehan_question_get_accepted_range (self, accepted_id, &min, &max))
    return NULL;
  if (min == max)
    number = format_number (min);
  else
    {
      g_autofree char *from = format_number (min);
      g_autofree char *to = format_number (max);

      /* TRANSLATORS: the numbers a numerical question accepts: "1817 to 1827" */
      number = g_strdup_printf (_("%1$s to %2$s"), from, to);
    }
  unit = imtehan_question_get_unit (self, lang);
  if (unit == NULL || *unit == '\0')
    return g_steal_pointer (&number);
  return g_strconcat (number, " ", unit, NULL);
}

/**
 * imtehan_question_dup_right_display:
 *
 * The right answer of a short or numerical question, as imtehan_question_dup_right_response()
 * chooses it (the first accepted answer of full weight), shown in @lang without wildcards.
 *
 * Returns: (transfer full) (nullable): %NULL for other kinds, or without an answer of full weight
 */
char *
imtehan_question_dup_right_display (ImtehanQuestion *self,
                                    const char      *lang)
{
  ImtehanQuestionKind kind;
  guint n;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);

  kind = imtehan_question_get_kind (self);
  if (kind != IMTEHAN_QUESTION_SHORT && kind != IMTEHAN_QUESTION_NUMERICAL)
    return NULL;
  n = imtehan_question_get_n_accepted (self);
  for (guint i = 0; i < n; i++)
    {
      const char *id = imtehan_question_get_accepted_id (self, i);

      if (imtehan_question_get_accepted_weight (self, id) >= 1)
        return imtehan_question_dup_accepted_display (self, id, lang);
    }
  return NULL;
}
