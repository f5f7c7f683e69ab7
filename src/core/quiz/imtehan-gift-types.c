/* imtehan-gift-types.c: the answers of a GIFT question, read and written as its type's keys
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Moodle's importer (question/format/gift/format.php) is the reference for how the answers
 * are split and weighed; its question types (question/type/<type>/question.php) for how
 * they score, which the keys written here must keep (docs/quiz-format.md, "Question types").
 * What a quiz cannot score as Moodle does is skipped with a warning, never imported with
 * another score.
 */

#define G_LOG_DOMAIN "imtehan-gift"

#include "config.h"

#include <math.h>
#include <string.h>

#include "imtehan-intl-private.h"

#include "imtehan-gift-private.h"
#include "imtehan-quiz.h"

/* Moodle rounds the sum of the right answers' weights to 0.01 before it compares it. */
#define WEIGHT_SLACK 0.01

void
imtehan_gift_answer_clear (gpointer data)
{
  ImtehanGiftAnswer *answer = data;

  g_clear_pointer (&answer->text, g_free);
  g_clear_pointer (&answer->match, g_free);
  g_clear_pointer (&answer->tolerance, g_free);
  g_clear_pointer (&answer->feedback, g_free);
}

static char *
format_number (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  /* No "-0", and 15 digits: what a double holds exactly, so "0.1" stays "0.1". */
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.15g", value == 0 ? 0 : value));
}

/* A number as PHP's is_numeric(), which Moodle checks, takes it: a sign, digits with an
 * optional ".", an exponent. Not a hexadecimal number, nor an infinite one. */
static gboolean
parse_number (const char *text,
              double     *value)
{
  const char *p = text;
  gboolean digits = FALSE;
  char *end;

  if (*p == '+' || *p == '-')
    p++;
  for (; g_ascii_isdigit (*p); p++)
    digits = TRUE;
  if (*p == '.')
    for (p++; g_ascii_isdigit (*p); p++)
      digits = TRUE;
  if (!digits)
    return FALSE;
  if (*p == 'e' || *p == 'E')
    {
      p++;
      if (*p == '+' || *p == '-')
        p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      while (g_ascii_isdigit (*p))
        p++;
    }
  if (*p != '\0')
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return end == p && isfinite (*value);
}

/* Moodle's weight before an answer, "%50%" or "%-33.333%" (its pattern: minus signs, one or
 * two digits, an optional "." and digits). Returns where the answer's text starts: @from
 * when there is no weight, and @weight left as it was. Moodle fails on "%--50%", as PHP
 * cannot divide "--50", so such a weight is returned in @bad. */
static gsize
read_weight (const ImtehanGiftBlock  *block,
             gsize                    from,
             gsize                    to,
             double                  *weight,
             char                   **bad)
{
  const char *s = block->text->str;
  gsize i = from + 1, n_minus = 0, n_digits = 0;
  g_autofree char *number = NULL;

  if (from >= to || s[from] != '%')
    return from;
  for (; i < to && s[i] == '-'; i++)
    n_minus++;
  for (; i < to && g_ascii_isdigit (s[i]); i++)
    n_digits++;
  if (n_digits == 0)
    return from;
  if (i < to && s[i] == '.')
    {
      if (n_digits > 2)
        return from;
      for (i++; i < to && g_ascii_isdigit (s[i]); i++)
        ;
    }
  if (i >= to || s[i] != '%')
    return from;

  number = g_strndup (s + from + 1, i - from - 1);
  if (n_minus > 1 || !parse_number (number, weight))
    *bad = g_strdup_printf (_("skipped: the weight “%s” is not a number"), number);
  return i + 1;
}

/* An answer's text and its "#feedback" (at the first "#", as Moodle splits them); the text
 * is made plain as the question's, or with @raw_text only trimmed. */
static void
read_text (const ImtehanGiftBlock *block,
           gsize                   from,
           gsize                   to,
           ImtehanGiftFormat       format,
           gboolean                raw_text,
           ImtehanGiftAnswer      *answer)
{
  gssize hash = imtehan_gift_find_raw (block, from, to, "#", FALSE);
  g_autofree char *text = imtehan_gift_slice (block, from, hash < 0 ? to : (gsize)hash);
  ImtehanGiftFormat text_format = format;

  if (raw_text)
    answer->text = g_strstrip (g_strdup (imtehan_gift_skip_format (text, &text_format)));
  else
    answer->text = imtehan_gift_clean_text (text, &text_format);
  if (hash >= 0)
    {
      g_autofree char *feedback = imtehan_gift_slice (block, hash + 1, to);
      ImtehanGiftFormat feedback_format = format;

      answer->feedback = imtehan_gift_clean_text (feedback, &feedback_format);
    }
}

/* The answers split at each unescaped @marker, as Moodle's explode(): pairs of trimmed
 * offsets; the text before the first marker is an answer only when it is not blank. */
static GArray *
split_at (const ImtehanGiftBlock *block,
          gsize                   from,
          gsize                   to,
          char                    marker)
{
  GArray *ranges = g_array_new (FALSE, FALSE, sizeof (gsize));
  gsize start = from;

  for (gsize i = from; i <= to; i++)
    {
      gsize a = start, b = i;

      if (i < to && !imtehan_gift_is_raw (block, i, marker))
        continue;
      imtehan_gift_trim_range (block, &a, &b);
      if (start != from || a < b)
        {
          g_array_append_val (ranges, a);
          g_array_append_val (ranges, b);
        }
      start = i + 1;
    }
  return ranges;
}

/* Moodle's multiple choice: one right answer with "=" is its one-answer question (where a
 * learner picks one, and scores that answer's weight), no "=" its several-answer question
 * (the weights picked add up, clamped to 0..1). A one-answer question that gives marks for
 * another answer has no equal here: a quiz's one-answer question scores 1 or 0, and as
 * Type=multiple the learner could pick several, its weights would not add up to 100. One
 * whose other answers only take marks away is kept, without its penalties, as the Moodle
 * XML import keeps it (the caller says so): here a wrong answer scores 0 either way. */
static char *
choose_choice_type (GArray          *answers,
                    guint            n_equals,
                    ImtehanGiftType *type)
{
  ImtehanGiftAnswer *full = NULL;
  guint n_weighted = 0, n_partial = 0;
  double positive = 0;
  gboolean in_range = TRUE;

  for (guint i = 0; i < answers->len; i++)
    {
      ImtehanGiftAnswer *answer = &g_array_index (answers, ImtehanGiftAnswer, i);

      n_weighted += !answer->right && answer->weight != 0;
      n_partial += !answer->right && answer->weight > 0;
      if (answer->weight > 0)
        positive += answer->weight;
      if (answer->weight == 100)
        full = answer;
      in_range &= answer->weight >= -100 && answer->weight <= 100;
    }

  *type = IMTEHAN_GIFT_SINGLE;
  if (n_equals > 1)
    return g_strdup (_("skipped: more than one answer is marked right with “=”"));
  if (n_equals == 1 && n_partial > 0)
    return g_strdup (_("skipped: an answer besides the one marked right with “=” has a "
                       "weight; a question with one right answer scores 1 or 0"));
  if (n_equals == 1 && !in_range)
    return g_strdup (_("skipped: a weight is more than 100 or less than −100 percent"));
  if (n_equals == 0 && positive <= 0)
    return g_strdup (_("skipped: no answer is marked right with “=”"));
  if (answers->len > IMTEHAN_QUESTION_MAX_CHOICES)
    return g_strdup (_("skipped: a question has at most 10 answers"));
  if (answers->len < IMTEHAN_QUESTION_MIN_CHOICES)
    return g_strdup (_("skipped: a question needs at least 2 answers"));
  if (n_equals == 1)
    return NULL;

  /* "~%100%" and no other weight: one right answer, as "=" would mark it. */
  if (n_weighted == 1 && full != NULL)
    {
      full->right = TRUE;
      return NULL;
    }
  if (!in_range)
    return g_strdup (_("skipped: a weight is more than 100 or less than −100 percent"));
  if (fabs (positive - 100) > WEIGHT_SLACK)
    {
      g_autofree char *sum = format_number (positive);

      return g_strdup_printf (_("skipped: the weights of the right answers add up to %s%%, "
                                "not 100%%"), sum);
    }
  *type = IMTEHAN_GIFT_MULTIPLE;
  return NULL;
}

/**
 * imtehan_gift_read_choices:
 *
 * Splits a multiple-choice answer section at each "~" and "=" as Moodle does, with each
 * "~" answer's weight ("~%50%"; an "=" answer weighs 100, and a "%" after it is text).
 *
 * Returns: (transfer full) (nullable): why the question is skipped, or %NULL with @type set
 */
char *
imtehan_gift_read_choices (const ImtehanGiftBlock *block,
                           gsize                   from,
                           gsize                   to,
                           ImtehanGiftFormat       format,
                           GArray                 *answers,
                           ImtehanGiftType        *type)
{
  guint n_equals = 0;
  gsize start = from;
  char kind = 0;

  for (gsize i = from; i <= to; i++)
    {
      gsize a = start, b = i;
      ImtehanGiftAnswer answer = { 0 };
      char *bad = NULL;

      if (i < to && !imtehan_gift_is_raw (block, i, '~') && !imtehan_gift_is_raw (block, i, '='))
        continue;

      imtehan_gift_trim_range (block, &a, &b);
      /* Text before the first "~" or "=" is a wrong answer in Moodle. */
      if (kind != 0 || a < b)
        {
          answer.right = kind == '=';
          if (answer.right)
            answer.weight = 100;
          else
            a = read_weight (block, a, b, &answer.weight, &bad);
          if (bad != NULL)
            return bad;
          n_equals += answer.right;
          read_text (block, a, b, format, FALSE, &answer);
          g_array_append_val (answers, answer);
          if (*answer.text == '\0')
            return g_strdup (_("skipped: an answer is empty"));
        }

      if (i < to)
        kind = block->text->str[i];
      start = i + 1;
    }

  return choose_choice_type (answers, n_equals, type);
}

/* Moodle scores a typed answer by the first answer that accepts it, in file order, as the
 * quiz does: answers weighing 0 are kept, with their feedback (Moodle's "=%0%*#feedback"
 * for any other answer). But a numerical answer cannot be "*", any number: Moodle's
 * "~#feedback" last scores as no answer would, so it is dropped and its feedback kept. */
static char *
check_accepted (GArray *answers)
{
  gboolean full = FALSE;
  guint n_kept = 0;

  for (guint i = 0; i < answers->len; i++)
    {
      ImtehanGiftAnswer *answer = &g_array_index (answers, ImtehanGiftAnswer, i);

      if (answer->weight < 0 || answer->weight > 100)
        {
          g_autofree char *weight = format_number (answer->weight);

          return g_strdup_printf (_("skipped: an answer weighs %s%%; an accepted answer "
                                    "weighs 0%% to 100%%"), weight);
        }
      if (isinf (answer->low) && (answer->weight > 0 || i + 1 < answers->len))
        return g_strdup (_("skipped: an answer for any number (“*”) may only come last, "
                           "and score 0"));
      answer->dropped = isinf (answer->low);
      n_kept += !answer->dropped;
      full |= answer->weight == 100;
    }

  if (!full)
    return g_strdup (_("skipped: no answer weighs 100%, so full marks cannot be earned"));
  if (n_kept > IMTEHAN_QUESTION_MAX_ACCEPTED)
    return g_strdup (_("skipped: a question has at most 10 accepted answers"));
  return NULL;
}

/* Each answer's weight ("=%50%Cat", 100 without one), text and feedback. */
static char *
read_typed (const ImtehanGiftBlock *block,
            GArray                 *ranges,
            guint                   i,
            ImtehanGiftFormat       format,
            ImtehanGiftAnswer      *answer)
{
  gsize a = g_array_index (ranges, gsize, 2 * i), b = g_array_index (ranges, gsize, 2 * i + 1);
  char *bad = NULL;

  answer->weight = 100;
  a = read_weight (block, a, b, &answer->weight, &bad);
  if (bad == NULL)
    read_text (block, a, b, format, TRUE, answer);
  return bad;
}

/**
 * imtehan_gift_read_short:
 *
 * Moodle's short answer, "{=no one =%50%nobody#feedback}": the accepted texts as written
 * (a "*" matches any text), case ignored.
 *
 * Returns: (transfer full) (nullable): why the question is skipped, or %NULL
 */
char *
imtehan_gift_read_short (const ImtehanGiftBlock *block,
                         gsize                   from,
                         gsize                   to,
                         ImtehanGiftFormat       format,
                         GArray                 *answers)
{
  g_autoptr(GArray) ranges = split_at (block, from, to, '=');

  for (guint i = 0; i < ranges->len / 2; i++)
    {
      ImtehanGiftAnswer answer = { 0 };
      char *bad = read_typed (block, ranges, i, format, &answer);

      g_array_append_val (answers, answer);
      if (bad != NULL)
        return bad;
      if (*answer.text == '\0')
        return g_strdup (_("skipped: an answer is empty"));
    }
  return check_accepted (answers);
}

/* "1822", "1822:5" (a margin of error, which Moodle takes as its size) or "1820..1825" (in
 * either order, as the margin of its middle would be). */
static char *
read_number (ImtehanGiftAnswer *answer)
{
  g_autofree char *written = g_strdup (answer->text);
  g_autofree char *text = g_steal_pointer (&answer->text);
  char *dots = strstr (text, "..");
  char *colon = strchr (text, ':');
  double value, margin = 0;

  if (g_str_equal (text, "*"))
    {
      answer->text = g_steal_pointer (&text);
      answer->low = -INFINITY;
      answer->high = INFINITY;
      return NULL;
    }
  if (dots != NULL && dots > text)
    {
      *dots = '\0';
      g_strstrip (text);
      g_strstrip (dots + 2);
      if (parse_number (text, &answer->low) && parse_number (dots + 2, &answer->high))
        {
          g_autofree char *low = NULL;
          g_autofree char *high = NULL;

          if (answer->low > answer->high)
            {
              double swap = answer->low;

              answer->low = answer->high;
              answer->high = swap;
            }
          low = format_number (answer->low);
          high = format_number (answer->high);
          answer->text = g_strconcat (low, "..", high, NULL);
          return NULL;
        }
    }
  else
    {
      if (colon != NULL && colon > text)
        {
          *colon = '\0';
          g_strstrip (text);
          g_strstrip (colon + 1);
        }
      if (parse_number (text, &value) &&
          (colon == NULL || colon == text || parse_number (colon + 1, &margin)))
        {
          margin = fabs (margin);
          answer->low = value - margin;
          answer->high = value + margin;
          answer->text = format_number (value);
          answer->tolerance = margin != 0 ? format_number (margin) : NULL;
          return NULL;
        }
    }
  answer->text = g_strdup ("");
  return g_strdup_printf (_("skipped: “%s” is not a number, a number and its margin of error "
                            "(“1822:5”) or a range (“1820..1825”)"), written);
}

/**
 * imtehan_gift_read_numerical:
 * @from: just after the "#" that starts the answers
 *
 * Moodle's numerical question, "{#1822:5}", "{#1820..1825}", "{#=1822:0 =%50%1822:2}", and
 * "~#feedback" last for any other number.
 *
 * Returns: (transfer full) (nullable): why the question is skipped, or %NULL
 */
char *
imtehan_gift_read_numerical (const ImtehanGiftBlock *block,
                             gsize                   from,
                             gsize                   to,
                             ImtehanGiftFormat       format,
                             GArray                 *answers)
{
  gssize tilde = imtehan_gift_find_raw (block, from, to, "~", FALSE);
  g_autoptr(GArray) ranges = split_at (block, from, tilde < 0 ? to : (gsize)tilde, '=');

  if (ranges->len == 0)
    return g_strdup (_("skipped: a numerical question without an answer"));
  for (guint i = 0; i < ranges->len / 2; i++)
    {
      ImtehanGiftAnswer answer = { 0 };
      char *bad = read_typed (block, ranges, i, format, &answer);

      if (bad == NULL)
        bad = read_number (&answer);
      g_array_append_val (answers, answer);
      if (bad != NULL)
        return bad;
    }
  if (tilde >= 0)
    {
      ImtehanGiftAnswer other = { .low = -INFINITY, .high = INFINITY };

      /* Moodle keeps only the feedback of "~text#feedback", as the answer "*". */
      read_text (block, tilde + 1, to, format, TRUE, &other);
      g_free (other.text);
      other.text = g_strdup ("*");
      g_array_append_val (answers, other);
    }
  return check_accepted (answers);
}

/**
 * imtehan_gift_read_matching:
 *
 * Moodle's matching question, "{=Canada -> Ottawa =Italy -> Rome = -> Paris}": an answer
 * with nothing before "->" matches no item. As in Moodle, answers with the same text are
 * one answer.
 *
 * Returns: (transfer full) (nullable): why the question is skipped, or %NULL
 */
char *
imtehan_gift_read_matching (const ImtehanGiftBlock *block,
                            gsize                   from,
                            gsize                   to,
                            ImtehanGiftFormat       format,
                            GArray                 *answers)
{
  g_autoptr(GArray) ranges = split_at (block, from, to, '=');
  guint n_items = 0, n_distractors = 0, n_answers = 0;

  for (guint i = 0; i < ranges->len / 2; i++)
    {
      gsize a = g_array_index (ranges, gsize, 2 * i), b = g_array_index (ranges, gsize, 2 * i + 1);
      gssize arrow = imtehan_gift_find_raw (block, a, b, "->", FALSE);
      g_autofree char *item = NULL;
      ImtehanGiftAnswer answer = { 0 };
      ImtehanGiftFormat item_format = format;
      gboolean known = FALSE;

      if (arrow < 0)
        return g_strdup (_("skipped: an answer of a matching question has no “->”"));
      item = imtehan_gift_slice (block, a, arrow);
      answer.text = imtehan_gift_clean_text (item, &item_format);
      answer.match = imtehan_gift_slice (block, arrow + 2, b);
      if (*answer.match == '\0')
        {
          imtehan_gift_answer_clear (&answer);
          return g_strdup (_("skipped: an answer is empty"));
        }
      for (guint k = 0; k < answers->len && !known; k++)
        known = g_str_equal (g_array_index (answers, ImtehanGiftAnswer, k).match, answer.match);
      if (*answer.text == '\0' && known)
        {
          imtehan_gift_answer_clear (&answer);
          continue;
        }
      if (*answer.text != '\0')
        n_items++;
      else
        n_distractors++;
      n_answers += !known;
      g_array_append_val (answers, answer);
    }

  if (n_items < 2)
    return g_strdup (_("skipped: a matching question needs at least 2 items (a text before "
                       "“->”)"));
  if (n_items > IMTEHAN_QUESTION_MAX_CHOICES)
    return g_strdup (_("skipped: a matching question has at most 10 items"));
  if (n_answers < 2)
    return g_strdup (_("skipped: every item of a matching question has the same answer"));
  if (n_distractors > IMTEHAN_QUESTION_MAX_DISTRACTORS)
    return g_strdup (_("skipped: a matching question has at most 10 answers that match no "
                       "item"));
  return NULL;
}

void
imtehan_gift_set_text (GKeyFile   *key_file,
                       const char *language,
                       const char *group,
                       const char *key,
                       const char *value)
{
  if (value == NULL || *value == '\0')
    return;
  if (g_str_equal (language, "en"))
    g_key_file_set_string (key_file, group, key, value);
  else
    g_key_file_set_locale_string (key_file, group, key, language, value);
}

static void
set_keyed (GKeyFile   *key_file,
           const char *language,
           const char *group,
           const char *prefix,
           const char *id,
           const char *value)
{
  g_autofree char *key = g_strconcat (prefix, ".", id, NULL);

  if (language != NULL)
    imtehan_gift_set_text (key_file, language, group, key, value);
  else if (value != NULL)
    g_key_file_set_string (key_file, group, key, value);
}

static void
set_list (GKeyFile   *key_file,
          const char *group,
          const char *key,
          GPtrArray  *ids)
{
  if (ids->len > 0)
    g_key_file_set_string_list (key_file, group, key, (const char * const *)ids->pdata,
                                ids->len);
}

static void
write_matching (GKeyFile   *key_file,
                const char *language,
                const char *group,
                GArray     *answers)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) distractors = g_ptr_array_new_with_free_func (g_free);

  /* The items first, so that their ids run a, b, c... as they are shown. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < answers->len; i++)
      {
        ImtehanGiftAnswer *answer = &g_array_index (answers, ImtehanGiftAnswer, i);
        GPtrArray *ids = pass == 0 ? items : distractors;

        if ((*answer->text != '\0') == (pass == 0))
          g_ptr_array_add (ids, g_strdup_printf ("%c", 'a' + items->len + distractors->len));
      }
  set_list (key_file, group, "Items", items);
  for (guint i = 0, n = 0; i < answers->len; i++)
    {
      ImtehanGiftAnswer *answer = &g_array_index (answers, ImtehanGiftAnswer, i);

      if (*answer->text == '\0')
        continue;
      set_keyed (key_file, language, group, "Item", items->pdata[n], answer->text);
      set_keyed (key_file, language, group, "Match", items->pdata[n++], answer->match);
    }
  set_list (key_file, group, "Distractors", distractors);
  for (guint i = 0, n = 0; i < answers->len; i++)
    {
      ImtehanGiftAnswer *answer = &g_array_index (answers, ImtehanGiftAnswer, i);

      if (*answer->text == '\0')
        set_keyed (key_file, language, group, "Match", distractors->pdata[n++], answer->match);
    }
}

/**
 * imtehan_gift_write_answers:
 *
 * Writes Type= and the keys of a question of another type than %IMTEHAN_GIFT_SINGLE. Ids
 * run a, b, c... in file order; a weight is written where it is not the default (0 for a
 * choice, 100 for an accepted answer).
 */
void
imtehan_gift_write_answers (GKeyFile        *key_file,
                            const char      *language,
                            const char      *group,
                            ImtehanGiftType  type,
                            GArray          *answers)
{
  static const char * const names[] = { NULL, "multiple", "short", "numerical", "matching" };
  const char *list = type == IMTEHAN_GIFT_MULTIPLE ? "Choices" : "Accept";
  double default_weight = type == IMTEHAN_GIFT_MULTIPLE ? 0 : 100;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();

  g_return_if_fail (type != IMTEHAN_GIFT_SINGLE);

  g_key_file_set_string (key_file, group, "Type", names[type]);
  if (type == IMTEHAN_GIFT_MATCHING)
    {
      write_matching (key_file, language, group, answers);
      return;
    }

  for (guint i = 0; i < answers->len; i++)
    if (!g_array_index (answers, ImtehanGiftAnswer, i).dropped)
      {
        g_ptr_array_add (kept, &g_array_index (answers, ImtehanGiftAnswer, i));
        g_ptr_array_add (ids, g_strdup_printf ("%c", 'a' + ids->len));
      }
  set_list (key_file, group, list, ids);
  for (guint i = 0; i < kept->len; i++)
    {
      ImtehanGiftAnswer *answer = kept->pdata[i];

      set_keyed (key_file, type == IMTEHAN_GIFT_NUMERICAL ? NULL : language, group,
                 type == IMTEHAN_GIFT_MULTIPLE ? "Choice" : "Accept", ids->pdata[i],
                 answer->text);
    }
  for (guint i = 0; i < kept->len; i++)
    set_keyed (key_file, NULL, group, "Tolerance", ids->pdata[i],
               ((ImtehanGiftAnswer *)kept->pdata[i])->tolerance);
  for (guint i = 0; i < kept->len; i++)
    {
      ImtehanGiftAnswer *answer = kept->pdata[i];
      g_autofree char *weight = format_number (answer->weight);

      if (answer->weight != default_weight)
        set_keyed (key_file, NULL, group, "Weight", ids->pdata[i], weight);
    }
  for (guint i = 0; i < kept->len; i++)
    set_keyed (key_file, language, group, "Feedback", ids->pdata[i],
               ((ImtehanGiftAnswer *)kept->pdata[i])->feedback);
}
