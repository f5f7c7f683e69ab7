/* imtehan-question.c: one question of a quiz, its choices and its answer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-quiz"

#include "config.h"

#include "imtehan-question-private.h"

G_DEFINE_FINAL_TYPE (ImtehanQuestion, imtehan_question, G_TYPE_OBJECT)

static const char * const kind_names[] = {
  [IMTEHAN_QUESTION_SINGLE] = "single",
  [IMTEHAN_QUESTION_MULTIPLE] = "multiple",
  [IMTEHAN_QUESTION_SHORT] = "short",
  [IMTEHAN_QUESTION_NUMERICAL] = "numerical",
  [IMTEHAN_QUESTION_MATCHING] = "matching",
  [IMTEHAN_QUESTION_ORDERING] = "ordering",
};

const char *
imtehan_question_kind_to_string (ImtehanQuestionKind kind)
{
  g_return_val_if_fail (kind <= IMTEHAN_QUESTION_ORDERING, NULL);
  return kind_names[kind];
}

gboolean
imtehan_question_kind_from_string (const char          *text,
                                   ImtehanQuestionKind *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (kind_names); i++)
    if (g_strcmp0 (text, kind_names[i]) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

ImtehanQuestionPart *
imtehan_question_part_new (const char *id)
{
  ImtehanQuestionPart *part = g_new0 (ImtehanQuestionPart, 1);

  part->id = g_strdup (id);
  return part;
}

void
imtehan_question_part_free (ImtehanQuestionPart *part)
{
  if (part == NULL)
    return;
  g_free (part->id);
  g_clear_pointer (&part->text, imtehan_localized_free);
  g_clear_pointer (&part->feedback, imtehan_localized_free);
  g_free (part->picture);
  g_free (part->match);
  g_clear_pointer (&part->patterns, g_ptr_array_unref);
  g_free (part);
}

static void
imtehan_question_finalize (GObject *object)
{
  ImtehanQuestion *self = (ImtehanQuestion *)object;

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->text, imtehan_localized_free);
  g_clear_pointer (&self->topic, imtehan_localized_free);
  g_clear_pointer (&self->explanation, imtehan_localized_free);
  g_clear_pointer (&self->picture, g_free);
  g_clear_pointer (&self->choice_ids, g_ptr_array_unref);
  g_clear_pointer (&self->choices, g_hash_table_unref);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->accepted, g_ptr_array_unref);
  g_clear_pointer (&self->pool, g_ptr_array_unref);
  g_clear_pointer (&self->parts, g_hash_table_unref);
  g_clear_pointer (&self->unit, imtehan_localized_free);
  g_clear_pointer (&self->units, g_strfreev);
  g_clear_pointer (&self->answer, g_free);

  G_OBJECT_CLASS (imtehan_question_parent_class)->finalize (object);
}

static void
imtehan_question_class_init (ImtehanQuestionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = imtehan_question_finalize;
}

static void
imtehan_question_init (ImtehanQuestion *self)
{
  self->choice_ids = g_ptr_array_new_with_free_func (g_free);
  self->choices = g_hash_table_new (g_str_hash, g_str_equal);
  self->parts = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                       (GDestroyNotify)imtehan_question_part_free);
  self->items = g_ptr_array_new ();
  self->accepted = g_ptr_array_new ();
  self->pool = g_ptr_array_new_with_free_func ((GDestroyNotify)imtehan_question_part_free);
}

const char *
imtehan_question_get_id (ImtehanQuestion *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  return self->id;
}

guint
imtehan_question_get_index (ImtehanQuestion *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), 0);
  return self->index;
}

ImtehanQuestionKind
imtehan_question_get_kind (ImtehanQuestion *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), IMTEHAN_QUESTION_SINGLE);
  return self->kind;
}

const char *
imtehan_question_get_text (ImtehanQuestion *self,
                           const char      *lang)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  return imtehan_localized_get (self->text, lang);
}

const char *
imtehan_question_get_topic (ImtehanQuestion *self,
                            const char      *lang)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  return imtehan_localized_get (self->topic, lang);
}

const char *
imtehan_question_get_explanation (ImtehanQuestion *self,
                                  const char      *lang)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  return imtehan_localized_get (self->explanation, lang);
}

/* The name of the question's picture (imtehan_quiz_get_picture()), or %NULL. */
const char *
imtehan_question_get_picture (ImtehanQuestion *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  return self->picture;
}

guint
imtehan_question_get_n_choices (ImtehanQuestion *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), 0);
  return self->choice_ids->len;
}

const char *
imtehan_question_get_choice_id (ImtehanQuestion *self,
                                guint            position)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  g_return_val_if_fail (position < self->choice_ids->len, NULL);
  return g_ptr_array_index (self->choice_ids, position);
}

gboolean
imtehan_question_has_choice (ImtehanQuestion *self,
                             const char      *choice_id)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), FALSE);
  return choice_id != NULL && g_hash_table_contains (self->choices, choice_id);
}

const char *
imtehan_question_get_choice_text (ImtehanQuestion *self,
                                  const char      *choice_id,
                                  const char      *lang)
{
  ImtehanQuestionPart *part;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  g_return_val_if_fail (choice_id != NULL, NULL);

  if (!(part = g_hash_table_lookup (self->choices, choice_id)))
    return NULL;
  return imtehan_localized_get (part->text, lang);
}

const char *
imtehan_question_get_choice_picture (ImtehanQuestion *self,
                                     const char      *choice_id)
{
  ImtehanQuestionPart *part;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  if (choice_id == NULL || !(part = g_hash_table_lookup (self->choices, choice_id)))
    return NULL;
  return part->picture;
}

/* The fraction of the mark that choosing @choice_id gives (single, multiple): -1 to 1. */
double
imtehan_question_get_choice_weight (ImtehanQuestion *self,
                                    const char      *choice_id)
{
  ImtehanQuestionPart *part;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), 0);
  if (choice_id == NULL || !(part = g_hash_table_lookup (self->choices, choice_id)))
    return 0;
  return part->weight;
}

/* The feedback of a choice, an item or an accepted answer, or %NULL. */
const char *
imtehan_question_get_feedback (ImtehanQuestion *self,
                               const char      *id,
                               const char      *lang)
{
  ImtehanQuestionPart *part;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  if (id == NULL)
    return NULL;
  if (!(part = g_hash_table_lookup (self->parts, id)) &&
      !(part = g_hash_table_lookup (self->choices, id)))
    return NULL;
  return part->feedback ? imtehan_localized_get (part->feedback, lang) : NULL;
}

/* The right choice of a single question; %NULL for the other kinds. */
const char *
imtehan_question_get_answer (ImtehanQuestion *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  return self->answer;
}

guint
imtehan_question_get_n_items (ImtehanQuestion *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), 0);
  return self->items->len;
}

const char *
imtehan_question_get_item_id (ImtehanQuestion *self,
                              guint            position)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  g_return_val_if_fail (position < self->items->len, NULL);
  return ((ImtehanQuestionPart *)g_ptr_array_index (self->items, position))->id;
}

static ImtehanQuestionPart *
find_item (ImtehanQuestion *self,
           const char      *item_id)
{
  ImtehanQuestionPart *part;

  if (item_id == NULL || !(part = g_hash_table_lookup (self->parts, item_id)) ||
      part->match == NULL)
    return NULL;
  return part;
}

const char *
imtehan_question_get_item_text (ImtehanQuestion *self,
                                const char      *item_id,
                                const char      *lang)
{
  ImtehanQuestionPart *part;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  if (!(part = find_item (self, item_id)))
    return NULL;
  return imtehan_localized_get (part->text, lang);
}

/* The id of the choice that matches @item_id (matching). */
const char *
imtehan_question_get_item_match (ImtehanQuestion *self,
                                 const char      *item_id)
{
  ImtehanQuestionPart *part;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  if (!(part = find_item (self, item_id)))
    return NULL;
  return part->match;
}

guint
imtehan_question_get_n_accepted (ImtehanQuestion *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), 0);
  return self->accepted->len;
}

const char *
imtehan_question_get_accepted_id (ImtehanQuestion *self,
                                  guint            position)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  g_return_val_if_fail (position < self->accepted->len, NULL);
  return ((ImtehanQuestionPart *)g_ptr_array_index (self->accepted, position))->id;
}

static ImtehanQuestionPart *
find_accepted (ImtehanQuestion *self,
               const char      *accepted_id)
{
  for (guint i = 0; accepted_id != NULL && i < self->accepted->len; i++)
    {
      ImtehanQuestionPart *part = g_ptr_array_index (self->accepted, i);

      if (g_str_equal (part->id, accepted_id))
        return part;
    }
  return NULL;
}

/* The accepted text as written (short), or the number or range as written (numerical). */
const char *
imtehan_question_get_accepted_text (ImtehanQuestion *self,
                                    const char      *accepted_id,
                                    const char      *lang)
{
  ImtehanQuestionPart *part;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  if (!(part = find_accepted (self, accepted_id)))
    return NULL;
  return imtehan_localized_get (part->text, lang);
}

double
imtehan_question_get_accepted_weight (ImtehanQuestion *self,
                                      const char      *accepted_id)
{
  ImtehanQuestionPart *part;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), 0);
  if (!(part = find_accepted (self, accepted_id)))
    return 0;
  return part->weight;
}

/* Numerical: the range of numbers @accepted_id accepts, its tolerance included. */
gboolean
imtehan_question_get_accepted_range (ImtehanQuestion *self,
                                     const char      *accepted_id,
                                     double          *min,
                                     double          *max)
{
  ImtehanQuestionPart *part;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), FALSE);
  if (self->kind != IMTEHAN_QUESTION_NUMERICAL || !(part = find_accepted (self, accepted_id)))
    return FALSE;
  *min = part->min;
  *max = part->max;
  return TRUE;
}

gboolean
imtehan_question_is_case_sensitive (ImtehanQuestion *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), FALSE);
  return self->case_sensitive;
}

/* Numerical: the unit, or %NULL. */
const char *
imtehan_question_get_unit (ImtehanQuestion *self,
                           const char      *lang)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  return self->unit ? imtehan_localized_get (self->unit, lang) : NULL;
}
