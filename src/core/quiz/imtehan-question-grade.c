/* imtehan-question-grade.c: a question's responses, checked and scored as Moodle scores them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-quiz"

#include "config.h"

#include <math.h>
#include <string.h>

#include "imtehan-answer-text.h"
#include "imtehan-question-private.h"

/**
 * imtehan_response_split:
 * @response: (nullable): a response of several parts
 *
 * Returns: (transfer full): its parts; none for %NULL or ""
 */
char **
imtehan_response_split (const char *response)
{
  if (response == NULL || *response == '\0')
    return g_new0 (char *, 1);
  return g_strsplit (response, ";", -1);
}

char *
imtehan_response_join (const char * const *parts,
                       gssize              n_parts)
{
  GString *joined = g_string_new (NULL);

  for (gsize i = 0; n_parts < 0 ? parts[i] != NULL : i < (gsize)n_parts; i++)
    {
      if (i > 0)
        g_string_append_c (joined, ';');
      g_string_append (joined, parts[i]);
    }
  return g_string_free (joined, FALSE);
}

static gboolean
has_repeats (char **parts)
{
  for (guint i = 0; parts[i] != NULL; i++)
    for (guint j = 0; j < i; j++)
      if (g_str_equal (parts[i], parts[j]))
        return TRUE;
  return FALSE;
}

static gboolean
matching_is_valid (ImtehanQuestion *self,
                   char           **pairs)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();

  if (pairs[0] == NULL)
    return FALSE;
  for (guint i = 0; pairs[i] != NULL; i++)
    {
      char *colon = strchr (pairs[i], ':');
      ImtehanQuestionPart *item;

      if (colon == NULL)
        return FALSE;
      *colon = '\0';
      item = g_hash_table_lookup (self->parts, pairs[i]);
      if (item == NULL || item->match == NULL ||
          !g_hash_table_contains (self->choices, colon + 1) ||
          g_ptr_array_find (items, item, NULL))
        return FALSE;
      g_ptr_array_add (items, item);
    }
  return TRUE;
}

/**
 * imtehan_question_response_is_valid:
 *
 * Whether @response is an answer this question can be given: choices it has, each once; a
 * typed text of at most %IMTEHAN_RESPONSE_MAX_LENGTH bytes with something in it; every item
 * once (ordering). An attempt file with anything else is damaged.
 */
gboolean
imtehan_question_response_is_valid (ImtehanQuestion *self,
                                    const char      *response)
{
  g_auto(GStrv) parts = NULL;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), FALSE);

  if (response == NULL || *response == '\0')
    return FALSE;
  switch (self->kind)
    {
    case IMTEHAN_QUESTION_SINGLE:
      return imtehan_question_has_choice (self, response);
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
      {
        g_autofree char *stripped = NULL;

        if (strlen (response) > IMTEHAN_RESPONSE_MAX_LENGTH || !g_utf8_validate (response, -1, NULL))
          return FALSE;
        stripped = g_strstrip (g_strdup (response));
        return *stripped != '\0';
      }
    case IMTEHAN_QUESTION_MULTIPLE:
      parts = imtehan_response_split (response);
      for (guint i = 0; parts[i] != NULL; i++)
        if (!imtehan_question_has_choice (self, parts[i]))
          return FALSE;
      return parts[0] != NULL && !has_repeats (parts);
    case IMTEHAN_QUESTION_MATCHING:
      parts = imtehan_response_split (response);
      return matching_is_valid (self, parts);
    case IMTEHAN_QUESTION_ORDERING:
      parts = imtehan_response_split (response);
      if (g_strv_length (parts) != self->choice_ids->len || has_repeats (parts))
        return FALSE;
      for (guint i = 0; parts[i] != NULL; i++)
        if (!imtehan_question_has_choice (self, parts[i]))
          return FALSE;
      return TRUE;
    default:
      g_return_val_if_reached (FALSE);
    }
}

/**
 * imtehan_question_prepare:
 *
 * Normalises what typed answers are compared with, once: a class report compares thousands.
 */
void
imtehan_question_prepare (ImtehanQuestion *self)
{
  for (guint i = 0; self->kind == IMTEHAN_QUESTION_SHORT && i < self->accepted->len; i++)
    {
      ImtehanQuestionPart *part = g_ptr_array_index (self->accepted, i);
      g_auto(GStrv) patterns = imtehan_localized_dup_values (part->text);

      part->patterns = g_ptr_array_new_with_free_func ((GDestroyNotify)imtehan_answer_pattern_free);
      for (guint p = 0; patterns[p] != NULL; p++)
        g_ptr_array_add (part->patterns, imtehan_answer_pattern_new (patterns[p], self->case_sensitive));
    }
  if (self->kind == IMTEHAN_QUESTION_NUMERICAL && self->unit != NULL)
    {
      self->units = imtehan_localized_dup_values (self->unit);
      for (guint i = 0; self->units[i] != NULL; i++)
        {
          char *unit = imtehan_answer_normalize (self->units[i], FALSE);

          g_free (self->units[i]);
          self->units[i] = unit;
        }
    }
}

static gboolean
unit_fits (ImtehanQuestion *self,
           const char      *rest)
{
  return *rest == '\0' ||
         (self->units != NULL && g_strv_contains ((const char * const *)self->units, rest));
}

/* Numbers read from decimal text are not exact in binary: 0.1 + 0.2 typed as 0.3 must fall
 * in a range ending at 0.3, so the ends give way by a few units of the last place. */
static gboolean
in_range (double value,
          double min,
          double max)
{
  double slack = 1e-12 * MAX (1.0, MAX (fabs (min), fabs (max)));

  return value >= min - slack && value <= max + slack;
}

static const char *
match_accepted (ImtehanQuestion *self,
                const char      *response)
{
  g_autofree char *rest = NULL;
  double value;

  if (self->kind == IMTEHAN_QUESTION_SHORT)
    {
      g_autofree char *typed = imtehan_answer_normalize (response, self->case_sensitive);

      for (guint i = 0; i < self->accepted->len; i++)
        {
          ImtehanQuestionPart *part = g_ptr_array_index (self->accepted, i);

          for (guint p = 0; p < part->patterns->len; p++)
            if (imtehan_answer_pattern_matches (g_ptr_array_index (part->patterns, p), typed))
              return part->id;
        }
      return NULL;
    }
  if (self->kind != IMTEHAN_QUESTION_NUMERICAL ||
      !imtehan_answer_parse_number (response, &value, &rest) || !unit_fits (self, rest))
    return NULL;
  for (guint i = 0; i < self->accepted->len; i++)
    {
      ImtehanQuestionPart *part = g_ptr_array_index (self->accepted, i);

      if (in_range (value, part->min, part->max))
        return part->id;
    }
  return NULL;
}

/**
 * imtehan_question_match_accepted:
 *
 * The accepted answer that a typed @response (short, numerical) scores: the first one in
 * file order that it matches, as Moodle takes it, or %NULL.
 */
const char *
imtehan_question_match_accepted (ImtehanQuestion *self,
                                 const char      *response)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);

  if (!imtehan_question_response_is_valid (self, response))
    return NULL;
  return match_accepted (self, response);
}

/* Moodle's default for its ordering question, "relative to the next item, excluding the
 * last": each item but the last counts when the item after it is the one that follows it
 * in the right order. */
static double
grade_ordering (ImtehanQuestion *self,
                char           **order)
{
  guint n = self->choice_ids->len, right = 0;

  for (guint i = 0; i + 1 < n; i++)
    {
      guint position;

      if (!g_ptr_array_find_with_equal_func (self->choice_ids, order[i], g_str_equal, &position))
        return 0;
      if (position + 1 < n && g_str_equal (order[i + 1], g_ptr_array_index (self->choice_ids,
                                                                            position + 1)))
        right++;
    }
  return n > 1 ? (double)right / (n - 1) : 0;
}

/**
 * imtehan_question_grade:
 *
 * The fraction of the question's mark that @response earns, from 0 to 1; 0 for no response
 * or one the question cannot be given.
 */
double
imtehan_question_grade (ImtehanQuestion *self,
                        const char      *response)
{
  g_auto(GStrv) parts = NULL;
  const char *accepted;
  double sum = 0;
  guint right = 0;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), 0);

  if (!imtehan_question_response_is_valid (self, response))
    return 0;
  switch (self->kind)
    {
    case IMTEHAN_QUESTION_SINGLE:
      return g_str_equal (response, self->answer) ? 1 : 0;
    case IMTEHAN_QUESTION_MULTIPLE:
      parts = imtehan_response_split (response);
      for (guint i = 0; parts[i] != NULL; i++)
        sum += imtehan_question_get_choice_weight (self, parts[i]);
      /* Moodle clamps the sum; a rounding error above 1 is full marks. */
      return CLAMP (sum, 0.0, 1.0) > 1 - 1e-9 ? 1 : CLAMP (sum, 0.0, 1.0);
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
      accepted = match_accepted (self, response);
      return accepted ? imtehan_question_get_accepted_weight (self, accepted) : 0;
    case IMTEHAN_QUESTION_MATCHING:
      parts = imtehan_response_split (response);
      for (guint i = 0; parts[i] != NULL; i++)
        {
          char *colon = strchr (parts[i], ':');

          *colon = '\0';
          if (g_str_equal (imtehan_question_get_item_match (self, parts[i]), colon + 1))
            right++;
        }
      return (double)right / self->items->len;
    case IMTEHAN_QUESTION_ORDERING:
      parts = imtehan_response_split (response);
      return grade_ordering (self, parts);
    default:
      g_return_val_if_reached (0);
    }
}

/* An accepted text as a learner would type it: its stars (any text) left out, and "\*" a
 * star; it matches the pattern. */
static char *
text_of_pattern (const char *pattern)
{
  GString *text = g_string_new (NULL);

  for (const char *p = pattern; *p != '\0'; p++)
    {
      if (p[0] == '\\' && p[1] == '*')
        g_string_append_c (text, *++p);
      else if (*p != '*')
        g_string_append_c (text, *p);
    }
  return g_string_free (text, FALSE);
}

static char *
format_number (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.15g", value));
}

/**
 * imtehan_question_dup_right_response:
 *
 * A response that earns the full mark, to show as the right answer: the right choices; the
 * first accepted text or number of weight 100 %; every item matched; the items in order.
 */
char *
imtehan_question_dup_right_response (ImtehanQuestion *self)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);

  switch (self->kind)
    {
    case IMTEHAN_QUESTION_SINGLE:
      return g_strdup (self->answer);
    case IMTEHAN_QUESTION_MULTIPLE:
    case IMTEHAN_QUESTION_ORDERING:
      for (guint i = 0; i < self->choice_ids->len; i++)
        {
          const char *id = g_ptr_array_index (self->choice_ids, i);

          if (self->kind == IMTEHAN_QUESTION_ORDERING ||
              imtehan_question_get_choice_weight (self, id) > 0)
            g_ptr_array_add (parts, g_strdup (id));
        }
      break;
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
      for (guint i = 0; i < self->accepted->len; i++)
        {
          ImtehanQuestionPart *part = g_ptr_array_index (self->accepted, i);

          if (part->weight < 1)
            continue;
          if (self->kind == IMTEHAN_QUESTION_NUMERICAL)
            return format_number (part->min == part->max ? part->min
                                                         : part->min + (part->max - part->min) / 2);
          return text_of_pattern (imtehan_localized_get (part->text, NULL));
        }
      return NULL;
    case IMTEHAN_QUESTION_MATCHING:
      for (guint i = 0; i < self->items->len; i++)
        {
          ImtehanQuestionPart *item = g_ptr_array_index (self->items, i);

          g_ptr_array_add (parts, g_strconcat (item->id, ":", item->match, NULL));
        }
      break;
    default:
      g_return_val_if_reached (NULL);
    }
  g_ptr_array_add (parts, NULL);
  return imtehan_response_join ((const char * const *)parts->pdata, -1);
}
