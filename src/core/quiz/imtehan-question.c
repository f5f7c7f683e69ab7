/* imtehan-question.c: one question of a quiz, its choices and its answer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-quiz"

#include "config.h"

#include "imtehan-question-private.h"

G_DEFINE_FINAL_TYPE (ImtehanQuestion, imtehan_question, G_TYPE_OBJECT)

static void
imtehan_question_finalize (GObject *object)
{
  ImtehanQuestion *self = (ImtehanQuestion *)object;

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->text, imtehan_localized_free);
  g_clear_pointer (&self->topic, imtehan_localized_free);
  g_clear_pointer (&self->explanation, imtehan_localized_free);
  g_clear_pointer (&self->choice_ids, g_ptr_array_unref);
  g_clear_pointer (&self->choices, g_hash_table_unref);
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
  self->choices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify)imtehan_localized_free);
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
  ImtehanLocalized *text;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  g_return_val_if_fail (choice_id != NULL, NULL);

  if (!(text = g_hash_table_lookup (self->choices, choice_id)))
    return NULL;
  return imtehan_localized_get (text, lang);
}

const char *
imtehan_question_get_answer (ImtehanQuestion *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION (self), NULL);
  return self->answer;
}
