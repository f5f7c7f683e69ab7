/* imtehan-stats-responses.c: how a class answered questions of several right choices, typed
 * answers and items
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Moodle's response analysis counts each choice picked of a question with several right
 * answers (an attempt that picks two counts for both), and each distinct typed answer once
 * per attempt; Imtehan does the same (docs/statistics.md, "Question types"). The marks'
 * figures (facility, discrimination) are those of imtehan-stats.c whatever the kind.
 */

#define G_LOG_DOMAIN "imtehan-stats"

#include "config.h"

#include <math.h>

#include "imtehan-stats-private.h"

const char _imtehan_stats_answered[] = "";

static void
free_extra_at (ImtehanStatsInput *self,
               guint              i)
{
  StatsMode mode = self->questions[i % self->n_questions].mode;

  if (mode == STATS_MODE_PICKS || mode == STATS_MODE_ITEMS)
    g_free (self->extra->pdata[i]);
  self->extra->pdata[i] = NULL;
}

void
_imtehan_stats_input_free_extra (ImtehanStatsInput *self)
{
  if (self->extra == NULL)
    return;
  for (guint i = 0; i < self->extra->len; i++)
    free_extra_at (self, i);
  g_clear_pointer (&self->extra, g_ptr_array_unref);
}

/* Keeps the extra slots as many as the chosen ones, once there are any: a quiz of single
 * choices has none. */
void
_imtehan_stats_input_grow_extra (ImtehanStatsInput *self)
{
  if (self->extra == NULL)
    return;
  while (self->extra->len < self->chosen->len)
    g_ptr_array_add (self->extra, NULL);
}

/* The slot of (@attempt, @question), after checking the arguments as set_response() does;
 * G_MAXUINT if they are wrong. @mode is the question's from now on. */
static guint
slot_for (ImtehanStatsInput *self,
          guint              attempt,
          guint              question,
          StatsMode          mode,
          double             mark)
{
  InputQuestion *iq;
  guint i;

  g_return_val_if_fail (self != NULL, G_MAXUINT);
  g_return_val_if_fail (attempt < self->n_attempts, G_MAXUINT);
  g_return_val_if_fail (question < self->n_questions, G_MAXUINT);
  g_return_val_if_fail (isfinite (mark) && mark >= 0, G_MAXUINT);

  iq = &self->questions[question];
  /* A question's answers are of one kind; a typed one has no choices to count. */
  g_return_val_if_fail (iq->mode == mode ||
                        (iq->mode == STATS_MODE_CHOICE && mode == STATS_MODE_TYPED &&
                         iq->n_choices == 0), G_MAXUINT);
  iq->mode = mode;

  if (self->extra == NULL)
    self->extra = g_ptr_array_new ();
  _imtehan_stats_input_grow_extra (self);
  i = attempt * self->n_questions + question;
  free_extra_at (self, i);
  g_array_index (self->marks, double, i) = mark;
  return i;
}

/**
 * imtehan_stats_input_set_right_choices:
 * @right_ids: (array zero-terminated=1): the choices of positive weight
 *
 * Makes @question one of several right choices, after imtehan_stats_input_set_question()
 * (with no right choice); its responses are then given by imtehan_stats_input_set_picks().
 */
void
imtehan_stats_input_set_right_choices (ImtehanStatsInput  *self,
                                       guint               question,
                                       const char * const *right_ids)
{
  InputQuestion *iq;

  g_return_if_fail (self != NULL);
  g_return_if_fail (question < self->n_questions);

  iq = &self->questions[question];
  g_free (iq->choice_right);
  iq->choice_right = g_new0 (gboolean, MAX (iq->n_choices, 1));
  for (guint c = 0; c < iq->n_choices; c++)
    iq->choice_right[c] = right_ids != NULL &&
                          g_strv_contains (right_ids, iq->choice_ids[c]);
  iq->mode = STATS_MODE_PICKS;
}

/**
 * imtehan_stats_input_set_items:
 * @item_ids: (array zero-terminated=1): the items, in the quiz's order
 *
 * Makes @question one of items right or wrong; its responses are then given by
 * imtehan_stats_input_set_items_right().
 */
void
imtehan_stats_input_set_items (ImtehanStatsInput  *self,
                               guint               question,
                               const char * const *item_ids)
{
  InputQuestion *iq;

  g_return_if_fail (self != NULL);
  g_return_if_fail (question < self->n_questions);
  g_return_if_fail (item_ids != NULL);

  iq = &self->questions[question];
  g_free (iq->item_ids);
  iq->n_items = g_strv_length ((char **)item_ids);
  iq->item_ids = g_new0 (const char *, iq->n_items + 1);
  for (guint i = 0; i < iq->n_items; i++)
    iq->item_ids[i] = g_intern_string (item_ids[i]);
  iq->mode = STATS_MODE_ITEMS;
}

/* The choices an attempt picked; none (an empty array) is no answer. */
void
imtehan_stats_input_set_picks (ImtehanStatsInput  *self,
                               guint               attempt,
                               guint               question,
                               const char * const *choice_ids,
                               double              mark)
{
  guint i = slot_for (self, attempt, question, STATS_MODE_PICKS, mark);
  guint n = choice_ids ? g_strv_length ((char **)choice_ids) : 0;
  const char **picks;

  if (i == G_MAXUINT)
    return;
  if (n == 0)
    {
      self->chosen->pdata[i] = NULL;
      return;
    }
  picks = g_new0 (const char *, n + 1);
  for (guint p = 0; p < n; p++)
    picks[p] = g_intern_string (choice_ids[p]);
  self->chosen->pdata[i] = (gpointer) STATS_ANSWERED;
  self->extra->pdata[i] = picks;
}

/**
 * imtehan_stats_input_set_typed:
 * @key: the typed answer as it is compared (imtehan_answer_normalize()): answers with the
 *   same key are counted together
 * @accepted_id: (nullable): the accepted answer it matched
 */
void
imtehan_stats_input_set_typed (ImtehanStatsInput *self,
                               guint              attempt,
                               guint              question,
                               const char        *key,
                               const char        *accepted_id,
                               double             mark)
{
  guint i;

  g_return_if_fail (key != NULL);

  if ((i = slot_for (self, attempt, question, STATS_MODE_TYPED, mark)) == G_MAXUINT)
    return;
  self->chosen->pdata[i] = (gpointer) g_intern_string (key);
  self->extra->pdata[i] = (gpointer) g_intern_string (accepted_id);
}

/* @right: one for each item given to imtehan_stats_input_set_items(). */
void
imtehan_stats_input_set_items_right (ImtehanStatsInput *self,
                                     guint              attempt,
                                     guint              question,
                                     const gboolean    *right,
                                     double             mark)
{
  guint i;

  g_return_if_fail (right != NULL);

  if ((i = slot_for (self, attempt, question, STATS_MODE_ITEMS, mark)) == G_MAXUINT)
    return;
  self->chosen->pdata[i] = (gpointer) STATS_ANSWERED;
  self->extra->pdata[i] = g_memdup2 (right, MAX (self->questions[question].n_items, 1) *
                                            sizeof (gboolean));
}

static void
count_picks (ImtehanQuestionStats    *qs,
             const ImtehanStatsInput *input,
             guint                    q)
{
  for (guint a = 0; a < input->n_attempts; a++)
    {
      guint i = a * input->n_questions + q;
      const char **picks = input->chosen->pdata[i] ? input->extra->pdata[i] : NULL;

      for (guint p = 0; picks != NULL && picks[p] != NULL; p++)
        {
          guint c;

          /* Both sides are interned. */
          for (c = 0; c < qs->n_choices && qs->choice_ids[c] != picks[p]; c++)
            ;
          if (c < qs->n_choices)
            qs->choice_counts[c]++;
          else
            qs->n_unknown++;
        }
    }
  for (guint c = 0; c < qs->n_choices; c++)
    qs->choice_shares[c] = input->n_attempts > 0
                           ? (double) qs->choice_counts[c] / input->n_attempts : NAN;
}

static int
compare_responses (gconstpointer a,
                   gconstpointer b)
{
  const ImtehanStatsResponse *x = a, *y = b;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return g_strcmp0 (x->key, y->key);
}

static void
count_typed (ImtehanQuestionStats    *qs,
             const ImtehanStatsInput *input,
             guint                    q)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) responses = g_array_new (FALSE, TRUE, sizeof (ImtehanStatsResponse));
  guint n = input->n_attempts;

  for (guint a = 0; a < n; a++)
    {
      guint i = a * input->n_questions + q;
      const char *key = input->chosen->pdata[i];
      gpointer found;

      if (key == NULL)
        continue;
      if (g_hash_table_lookup_extended (seen, key, NULL, &found))
        g_array_index (responses, ImtehanStatsResponse, GPOINTER_TO_UINT (found)).count++;
      else
        {
          ImtehanStatsResponse response = {
            key, input->extra->pdata[i], g_array_index (input->marks, double, i), 1, 0
          };

          g_hash_table_insert (seen, (gpointer) key, GUINT_TO_POINTER (responses->len));
          g_array_append_val (responses, response);
        }
    }
  g_array_sort (responses, compare_responses);
  for (guint r = 0; r < responses->len; r++)
    g_array_index (responses, ImtehanStatsResponse, r).share =
      (double) g_array_index (responses, ImtehanStatsResponse, r).count / n;
  qs->n_responses = responses->len;
  qs->responses = (ImtehanStatsResponse *) g_array_free (g_steal_pointer (&responses), FALSE);
}

static void
count_items (ImtehanQuestionStats    *qs,
             const ImtehanStatsInput *input,
             const InputQuestion     *iq,
             guint                    q)
{
  guint n = input->n_attempts;

  qs->n_items = iq->n_items;
  qs->item_ids = g_memdup2 (iq->item_ids, (iq->n_items + 1) * sizeof (char *));
  qs->item_right_counts = g_new0 (guint, MAX (iq->n_items, 1));
  qs->item_right_shares = g_new0 (double, MAX (iq->n_items, 1));
  for (guint a = 0; a < n; a++)
    {
      guint i = a * input->n_questions + q;
      const gboolean *right = input->chosen->pdata[i] ? input->extra->pdata[i] : NULL;

      for (guint k = 0; right != NULL && k < iq->n_items; k++)
        qs->item_right_counts[k] += right[k] ? 1 : 0;
    }
  for (guint k = 0; k < iq->n_items; k++)
    qs->item_right_shares[k] = n > 0 ? (double) qs->item_right_counts[k] / n : NAN;
}

/* What imtehan_stats_compute() adds to a question's figures beyond single choices. */
void
_imtehan_stats_count_kinds (ImtehanQuestionStats    *qs,
                            const ImtehanStatsInput *input,
                            guint                    q)
{
  const InputQuestion *iq = &input->questions[q];

  qs->choice_right = g_new0 (gboolean, MAX (qs->n_choices, 1));
  for (guint c = 0; c < qs->n_choices; c++)
    qs->choice_right[c] = iq->choice_right ? iq->choice_right[c] : c == qs->right_choice;

  switch (iq->mode)
    {
    case STATS_MODE_PICKS:
      count_picks (qs, input, q);
      break;
    case STATS_MODE_TYPED:
      count_typed (qs, input, q);
      break;
    case STATS_MODE_ITEMS:
      count_items (qs, input, iq, q);
      break;
    case STATS_MODE_CHOICE:
    default:
      break;
    }
}

void
_imtehan_stats_question_clear (ImtehanQuestionStats *qs)
{
  g_free (qs->choice_ids);
  g_free (qs->choice_counts);
  g_free (qs->choice_shares);
  g_free (qs->choice_right);
  g_free (qs->responses);
  g_free (qs->item_ids);
  g_free (qs->item_right_counts);
  g_free (qs->item_right_shares);
}
