/* imtehan-question-read.c: what a question of each type holds, read from its group
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-quiz"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "imtehan-intl-private.h"

#include "imtehan-quiz-private.h"

typedef struct
{
  ImtehanQuestion      *question;
  ImtehanKeyFileReader *reader;
  const char           *group;
  GHashTable           *pictures;
  GError              **error;
} Reading;

static gboolean
fail (Reading    *r,
      ImtehanError code,
      const char *key,
      const char *problem)
{
  imtehan_key_file_reader_error (r->reader, r->error, code, r->group, key, problem);
  return FALSE;
}

/* Reads the id list @key: @min to @max ids, each valid and used once in the question. */
static char **
read_ids (Reading    *r,
          const char *key,
          guint       min,
          guint       max,
          gboolean    required)
{
  g_auto(GStrv) ids = NULL;
  gboolean choices = g_str_equal (key, "Choices");
  gsize n = 0;

  if (!required && !g_key_file_has_key (r->reader->key_file, r->group, key, NULL))
    return g_new0 (char *, 1);
  if (!(ids = imtehan_key_file_reader_get_string_list (r->reader, r->group, key, &n, r->error)))
    return NULL;
  if (n < min || n > max)
    {
      g_autofree char *msg = NULL;

      /* The messages of format 1, which teachers have seen. */
      if (choices && n < min)
        msg = g_strdup (_("a question needs at least two choices"));
      else if (choices)
        msg = g_strdup_printf (_("a question has at most %d choices; this one has %u"),
                               IMTEHAN_QUESTION_MAX_CHOICES, (guint)n);
      else if (n < min)
        msg = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "at least %u is needed",
                                            "at least %u are needed", min), min);
      else
        msg = g_strdup_printf (_("at most %u are allowed; there are %u"), max, (guint)n);
      fail (r, IMTEHAN_ERROR_INVALID, key, msg);
      return NULL;
    }
  for (gsize i = 0; i < n; i++)
    {
      g_strstrip (ids[i]);
      if (!imtehan_quiz_is_valid_id (ids[i]))
        {
          g_autofree char *msg = g_strdup_printf (choices ? _("“%s” is not a valid choice id")
                                                          : _("“%s” is not a valid id"), ids[i]);
          fail (r, IMTEHAN_ERROR_INVALID, key, msg);
          return NULL;
        }
      if (g_hash_table_contains (r->question->parts, ids[i]) ||
          g_hash_table_contains (r->question->choices, ids[i]) ||
          g_strv_contains ((const char * const *)ids + i + 1, ids[i]))
        {
          g_autofree char *msg =
            g_strdup_printf (choices ? _("the choice id “%s” appears twice")
                                     : _("the id “%s” is used twice in this question"), ids[i]);
          fail (r, IMTEHAN_ERROR_INVALID, key, msg);
          return NULL;
        }
    }
  return g_steal_pointer (&ids);
}

/* A number as the file writes it: ASCII, the whole value, finite. */
static gboolean
parse_double (const char *text,
              double     *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  char *end = NULL;

  if (*copy == '\0')
    return FALSE;
  *value = g_ascii_strtod (copy, &end);
  return end != NULL && *end == '\0' && isfinite (*value);
}

/* Weight.<id> in percent, as a fraction; @fallback when absent. */
static gboolean
read_weight (Reading    *r,
             const char *id,
             double      min,
             double      fallback,
             double     *fraction)
{
  g_autofree char *key = g_strconcat ("Weight.", id, NULL);
  g_autofree char *text = NULL;
  double percent;

  *fraction = fallback;
  if (!g_key_file_has_key (r->reader->key_file, r->group, key, NULL))
    return TRUE;
  if (!(text = imtehan_key_file_reader_get_string (r->reader, r->group, key, TRUE, r->error)))
    return FALSE;
  if (!parse_double (text, &percent) || percent < min || percent > 100)
    {
      g_autofree char *msg =
        g_strdup_printf (_("“%s” is not a weight: write a percentage from %g to 100"),
                         g_strstrip (text), min);
      return fail (r, IMTEHAN_ERROR_INVALID, key, msg);
    }
  *fraction = percent / 100;
  return TRUE;
}

/* A part's text (@prefix<id>, required), Feedback.<id> and Picture.<id>. */
static ImtehanQuestionPart *
read_part (Reading    *r,
           const char *prefix,
           const char *id)
{
  ImtehanQuestionPart *part = imtehan_question_part_new (id);
  g_autofree char *key = g_strconcat (prefix, id, NULL);
  g_autofree char *feedback_key = g_strconcat ("Feedback.", id, NULL);
  g_autofree char *picture_key = g_strconcat ("Picture.", id, NULL);

  g_hash_table_insert (r->question->parts, part->id, part);
  if (prefix != NULL && !(part->text = imtehan_quiz_read_localized (r->reader, r->group, key,
                                                                   TRUE, r->error)))
    return NULL;
  if (!(part->feedback = imtehan_quiz_read_localized (r->reader, r->group, feedback_key,
                                                      FALSE, r->error)))
    return NULL;
  if (g_key_file_has_key (r->reader->key_file, r->group, picture_key, NULL))
    {
      if (!(part->picture = imtehan_key_file_reader_get_string (r->reader, r->group,
                                                               picture_key, TRUE, r->error)))
        return NULL;
      g_strstrip (part->picture);
      if (!g_hash_table_contains (r->pictures, part->picture))
        {
          g_autofree char *msg =
            g_strdup_printf (_("there is no group [Picture %s]"), part->picture);
          fail (r, IMTEHAN_ERROR_INVALID, picture_key, msg);
          return NULL;
        }
    }
  return part;
}

static gboolean
add_choices (Reading    *r,
             const char *list_key,
             const char *prefix)
{
  g_auto(GStrv) ids = NULL;

  if (!(ids = read_ids (r, list_key, IMTEHAN_QUESTION_MIN_CHOICES, IMTEHAN_QUESTION_MAX_CHOICES,
                        TRUE)))
    return FALSE;
  for (guint i = 0; ids[i] != NULL; i++)
    {
      ImtehanQuestionPart *part;

      if (!(part = read_part (r, prefix, ids[i])))
        return FALSE;
      g_ptr_array_add (r->question->choice_ids, g_strdup (ids[i]));
      g_hash_table_insert (r->question->choices, part->id, part);
    }
  return TRUE;
}

static gboolean
read_single (Reading *r)
{
  ImtehanQuestion *question = r->question;
  g_autofree char *answer = NULL;

  if (!add_choices (r, "Choices", "Choice."))
    return FALSE;
  if (!(answer = imtehan_key_file_reader_get_string (r->reader, r->group, "Answer", TRUE,
                                                     r->error)))
    return FALSE;
  g_strstrip (answer);
  if (!imtehan_question_has_choice (question, answer))
    {
      g_auto(GStrv) list = g_new0 (char *, question->choice_ids->len + 1);
      g_autofree char *joined = NULL;
      g_autofree char *msg = NULL;

      for (guint i = 0; i < question->choice_ids->len; i++)
        list[i] = g_strdup (g_ptr_array_index (question->choice_ids, i));
      joined = g_strjoinv (", ", list);
      msg = g_strdup_printf (_("“%s” is not one of the choices (%s)"), answer, joined);
      return fail (r, IMTEHAN_ERROR_INVALID, "Answer", msg);
    }
  ((ImtehanQuestionPart *)g_hash_table_lookup (question->choices, answer))->weight = 1;
  question->answer = g_steal_pointer (&answer);
  return TRUE;
}

static gboolean
has_weights (Reading *r)
{
  for (guint i = 0; i < r->question->choice_ids->len; i++)
    {
      g_autofree char *key = g_strconcat ("Weight.", (char *)g_ptr_array_index (r->question->choice_ids, i), NULL);

      if (g_key_file_has_key (r->reader->key_file, r->group, key, NULL))
        return TRUE;
    }
  return FALSE;
}

/* Right choices in Answer share the mark, and each other choice takes as much away; or each
 * choice has its Weight, the positive ones adding up to 100 %. */
static gboolean
read_multiple (Reading *r)
{
  ImtehanQuestion *question = r->question;
  gboolean weighted;
  double positive = 0;

  if (!add_choices (r, "Choices", "Choice."))
    return FALSE;
  weighted = has_weights (r);
  if (weighted && g_key_file_has_key (r->reader->key_file, r->group, "Answer", NULL))
    return fail (r, IMTEHAN_ERROR_INVALID, "Answer",
                 _("write the right choices in Answer or a Weight.<id> for each choice, not both"));
  if (!weighted)
    {
      g_auto(GStrv) right = NULL;
      gsize n = 0;

      if (!g_key_file_has_key (r->reader->key_file, r->group, "Answer", NULL))
        return fail (r, IMTEHAN_ERROR_MISSING, NULL,
                     _("write the right choices in Answer=, or a Weight.<id>= for each choice "
                       "that counts"));
      if (!(right = imtehan_key_file_reader_get_string_list (r->reader, r->group, "Answer", &n,
                                                             r->error)))
        return FALSE;
      if (n == 0)
        return fail (r, IMTEHAN_ERROR_INVALID, "Answer", _("name at least one right choice"));
      for (guint i = 0; i < question->choice_ids->len; i++)
        ((ImtehanQuestionPart *)g_hash_table_lookup (question->choices,
                                                     g_ptr_array_index (question->choice_ids, i)))->weight = -1.0 / n;
      for (gsize i = 0; i < n; i++)
        {
          ImtehanQuestionPart *part = g_hash_table_lookup (question->choices, g_strstrip (right[i]));

          if (part == NULL || part->weight > 0)
            {
              g_autofree char *msg =
                g_strdup_printf (part ? _("“%s” is named twice") : _("“%s” is not one of the choices"),
                                 right[i]);
              return fail (r, IMTEHAN_ERROR_INVALID, "Answer", msg);
            }
          part->weight = 1.0 / n;
        }
      return TRUE;
    }
  for (guint i = 0; i < question->choice_ids->len; i++)
    {
      ImtehanQuestionPart *part = g_hash_table_lookup (question->choices,
                                                       g_ptr_array_index (question->choice_ids, i));

      if (!read_weight (r, part->id, -100, 0, &part->weight))
        return FALSE;
      if (part->weight > 0)
        positive += part->weight;
    }
  if (fabs (positive - 1) > 0.0001)
    {
      g_autofree char *msg =
        g_strdup_printf (_("the positive weights add up to %g %%; they must add up to 100 %%"),
                         round (positive * 100000) / 1000);
      return fail (r, IMTEHAN_ERROR_INVALID, NULL, msg);
    }
  return TRUE;
}

static gboolean
check_full_mark (Reading *r)
{
  for (guint i = 0; i < r->question->accepted->len; i++)
    if (((ImtehanQuestionPart *)g_ptr_array_index (r->question->accepted, i))->weight >= 1)
      return TRUE;
  return fail (r, IMTEHAN_ERROR_INVALID, "Accept",
               _("give one accepted answer the weight 100, so that full marks can be earned"));
}

/* "1822" or "1820..1825", and Tolerance.<id> around a single value. */
static gboolean
read_number (Reading             *r,
             ImtehanQuestionPart *part)
{
  g_autofree char *key = g_strconcat ("Accept.", part->id, NULL);
  g_autofree char *tolerance_key = g_strconcat ("Tolerance.", part->id, NULL);
  const char *text = imtehan_localized_get (part->text, NULL);
  const char *dots = strstr (text, "..");
  g_autofree char *low = dots ? g_strndup (text, dots - text) : g_strdup (text);
  double tolerance = 0;

  if (!parse_double (low, &part->min) ||
      !parse_double (dots ? dots + 2 : low, &part->max) || part->max < part->min)
    {
      g_autofree char *msg =
        g_strdup_printf (_("“%s” is not a number or a range such as 1820..1825 (ASCII digits, "
                           "“.” for the decimal point)"), text);
      return fail (r, IMTEHAN_ERROR_INVALID, key, msg);
    }
  if (g_key_file_has_key (r->reader->key_file, r->group, tolerance_key, NULL))
    {
      g_autofree char *value = NULL;

      if (!(value = imtehan_key_file_reader_get_string (r->reader, r->group, tolerance_key,
                                                        TRUE, r->error)))
        return FALSE;
      if (dots != NULL)
        return fail (r, IMTEHAN_ERROR_INVALID, tolerance_key,
                     _("a range has no tolerance; widen the range instead"));
      if (!parse_double (value, &tolerance) || tolerance < 0)
        {
          g_autofree char *msg = g_strdup_printf (_("“%s” is not a tolerance: write a number of 0 "
                                                    "or more"), g_strstrip (value));
          return fail (r, IMTEHAN_ERROR_INVALID, tolerance_key, msg);
        }
    }
  part->min -= tolerance;
  part->max += tolerance;
  return TRUE;
}

static gboolean
read_typed (Reading *r)
{
  ImtehanQuestion *question = r->question;
  gboolean numerical = question->kind == IMTEHAN_QUESTION_NUMERICAL;
  g_auto(GStrv) ids = NULL;

  if (!(ids = read_ids (r, "Accept", 1, IMTEHAN_QUESTION_MAX_ACCEPTED, TRUE)))
    return FALSE;
  for (guint i = 0; ids[i] != NULL; i++)
    {
      ImtehanQuestionPart *part;

      if (!(part = read_part (r, "Accept.", ids[i])) ||
          !read_weight (r, ids[i], 0, 1, &part->weight) ||
          (numerical && !read_number (r, part)))
        return FALSE;
      g_ptr_array_add (question->accepted, part);
    }
  if (!check_full_mark (r))
    return FALSE;
  if (numerical &&
      !(question->unit = imtehan_quiz_read_localized (r->reader, r->group, "Unit", FALSE,
                                                      r->error)))
    return FALSE;
  if (!numerical && g_key_file_has_key (r->reader->key_file, r->group, "CaseSensitive", NULL) &&
      !imtehan_key_file_reader_get_boolean (r->reader, r->group, "CaseSensitive",
                                            &question->case_sensitive, r->error))
    return FALSE;
  imtehan_question_prepare (question);
  return TRUE;
}

static gboolean
same_text (ImtehanLocalized *a,
           ImtehanLocalized *b)
{
  g_auto(GStrv) av = imtehan_localized_dup_values (a);
  g_auto(GStrv) bv = imtehan_localized_dup_values (b);

  return g_strv_equal ((const char * const *)av, (const char * const *)bv);
}

/* The choice of @id's Match text: a new one, or the one of an earlier item with that text. */
static const char *
add_match (Reading    *r,
           const char *id)
{
  g_autofree char *key = g_strconcat ("Match.", id, NULL);
  g_autoptr(ImtehanLocalized) text = NULL;
  ImtehanQuestionPart *part;

  if (!(text = imtehan_quiz_read_localized (r->reader, r->group, key, TRUE, r->error)))
    return NULL;
  for (guint i = 0; i < r->question->pool->len; i++)
    {
      part = g_ptr_array_index (r->question->pool, i);
      if (same_text (part->text, text))
        return part->id;
    }
  part = imtehan_question_part_new (id);
  part->text = g_steal_pointer (&text);
  g_ptr_array_add (r->question->pool, part);
  g_ptr_array_add (r->question->choice_ids, g_strdup (id));
  g_hash_table_insert (r->question->choices, part->id, part);
  return part->id;
}

static gboolean
read_matching (Reading *r)
{
  g_auto(GStrv) items = NULL;
  g_auto(GStrv) distractors = NULL;

  if (!(items = read_ids (r, "Items", IMTEHAN_QUESTION_MIN_CHOICES, IMTEHAN_QUESTION_MAX_CHOICES,
                          TRUE)))
    return FALSE;
  for (guint i = 0; items[i] != NULL; i++)
    {
      ImtehanQuestionPart *part;
      const char *match;

      if (!(part = read_part (r, "Item.", items[i])) || !(match = add_match (r, items[i])))
        return FALSE;
      part->match = g_strdup (match);
      g_ptr_array_add (r->question->items, part);
    }
  if (!(distractors = read_ids (r, "Distractors", 0, IMTEHAN_QUESTION_MAX_DISTRACTORS, FALSE)))
    return FALSE;
  for (guint i = 0; distractors[i] != NULL; i++)
    if (!add_match (r, distractors[i]))
      return FALSE;
  if (r->question->pool->len < 2)
    return fail (r, IMTEHAN_ERROR_INVALID, "Items",
                 _("every item has the same Match; give at least two different answers"));
  return TRUE;
}

gboolean
imtehan_question_read_kind (ImtehanQuestion      *question,
                            ImtehanKeyFileReader *reader,
                            const char           *group,
                            gint64                format,
                            GHashTable           *pictures,
                            GError              **error)
{
  Reading r = { question, reader, group, pictures, error };
  g_autofree char *type = NULL;

  if ((type = g_key_file_get_string (reader->key_file, group, "Type", NULL)) &&
      !imtehan_question_kind_from_string (g_strstrip (type), &question->kind))
    {
      g_autofree char *msg =
        g_strdup_printf (_("“%s” is not a question type (single, multiple, short, numerical, "
                           "matching, ordering)"), type);
      return fail (&r, IMTEHAN_ERROR_INVALID, "Type", msg);
    }
  if (question->kind != IMTEHAN_QUESTION_SINGLE && format < 2)
    return fail (&r, IMTEHAN_ERROR_INVALID, "Type",
                 _("this question type needs FormatVersion=2 in [Quiz]"));
  if (g_key_file_has_key (reader->key_file, group, "Picture", NULL))
    {
      if (!(question->picture = imtehan_key_file_reader_get_string (reader, group, "Picture",
                                                                   TRUE, error)))
        return FALSE;
      g_strstrip (question->picture);
      if (!g_hash_table_contains (pictures, question->picture))
        {
          g_autofree char *msg = g_strdup_printf (_("there is no group [Picture %s]"),
                                                  question->picture);
          return fail (&r, IMTEHAN_ERROR_INVALID, "Picture", msg);
        }
    }

  switch (question->kind)
    {
    case IMTEHAN_QUESTION_SINGLE:
      return read_single (&r);
    case IMTEHAN_QUESTION_MULTIPLE:
      return read_multiple (&r);
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
      return read_typed (&r);
    case IMTEHAN_QUESTION_MATCHING:
      return read_matching (&r);
    case IMTEHAN_QUESTION_ORDERING:
      return add_choices (&r, "Items", "Item.");
    default:
      g_return_val_if_reached (FALSE);
    }
}
