/* imtehan-stats.c: a class's question and quiz statistics, as Moodle defines them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-stats"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "imtehan-stats-private.h"

/* Below this fraction of a column's largest possible value, a spread is rounding of
 * fractional marks (0.1 + 0.2 …), not a difference between learners. */
#define CONSTANT_TOLERANCE 1e-9

/* Equal-width bins when the total is not a whole number of marks. */
#define FRACTIONAL_BINS 10

struct _ImtehanStats
{
  guint                 n_attempts;
  guint                 n_questions;
  double                max_total;
  double                mean;
  double                median;
  double                sd;
  double                alpha;
  ImtehanStatsBin      *bins;
  guint                 n_bins;
  ImtehanQuestionStats *questions;
  guint                *worst_first;
};

G_DEFINE_BOXED_TYPE (ImtehanStats, imtehan_stats, imtehan_stats_ref, imtehan_stats_unref)

ImtehanStatsInput *
imtehan_stats_input_new (guint n_questions)
{
  ImtehanStatsInput *self = g_new0 (ImtehanStatsInput, 1);

  self->n_questions = n_questions;
  self->questions = g_new0 (InputQuestion, n_questions);
  for (guint q = 0; q < n_questions; q++)
    {
      self->questions[q].max_mark = 1.0;
      self->questions[q].right_choice = G_MAXUINT;
    }
  self->marks = g_array_new (FALSE, TRUE, sizeof (double));
  self->chosen = g_ptr_array_new ();
  return self;
}

void
imtehan_stats_input_free (ImtehanStatsInput *self)
{
  if (self == NULL)
    return;

  _imtehan_stats_input_free_extra (self);
  for (guint q = 0; q < self->n_questions; q++)
    {
      g_free (self->questions[q].choice_ids);
      g_free (self->questions[q].choice_right);
      g_free (self->questions[q].item_ids);
    }
  g_free (self->questions);
  g_array_unref (self->marks);
  g_ptr_array_unref (self->chosen);
  g_free (self);
}

guint
imtehan_stats_input_get_n_questions (const ImtehanStatsInput *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_questions;
}

guint
imtehan_stats_input_get_n_attempts (const ImtehanStatsInput *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_attempts;
}

/* @choice_ids is NULL-terminated, in the quiz's order (not any attempt's screen order);
 * @right_choice_id is one of them, or NULL. */
void
imtehan_stats_input_set_question (ImtehanStatsInput  *self,
                                  guint               question,
                                  const char         *id,
                                  double              max_mark,
                                  const char * const *choice_ids,
                                  const char         *right_choice_id)
{
  InputQuestion *iq;
  guint n_choices = 0;
  guint right = G_MAXUINT;

  g_return_if_fail (self != NULL);
  g_return_if_fail (question < self->n_questions);
  g_return_if_fail (isfinite (max_mark) && max_mark >= 0);

  for (; choice_ids != NULL && choice_ids[n_choices] != NULL; n_choices++)
    {
      for (guint c = 0; c < n_choices; c++)
        g_return_if_fail (!g_str_equal (choice_ids[c], choice_ids[n_choices]));
      if (right_choice_id != NULL && g_str_equal (choice_ids[n_choices], right_choice_id))
        right = n_choices;
    }
  g_return_if_fail (right_choice_id == NULL || right != G_MAXUINT);

  iq = &self->questions[question];
  g_free (iq->choice_ids);
  iq->id = g_intern_string (id);
  iq->max_mark = max_mark;
  iq->n_choices = n_choices;
  iq->choice_ids = g_new0 (const char *, n_choices + 1);
  for (guint c = 0; c < n_choices; c++)
    iq->choice_ids[c] = g_intern_string (choice_ids[c]);
  iq->right_choice = right;
}

/* A new attempt starts with every question unanswered and marked 0. */
guint
imtehan_stats_input_add_attempt (ImtehanStatsInput *self)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (self->n_attempts < G_MAXUINT / MAX (1, self->n_questions), 0);

  g_array_set_size (self->marks, self->marks->len + self->n_questions);
  for (guint q = 0; q < self->n_questions; q++)
    g_ptr_array_add (self->chosen, NULL);
  _imtehan_stats_input_grow_extra (self);
  return self->n_attempts++;
}

/* @mark is the one the report recomputed from the answer and the quiz's key; @choice_id
 * NULL means not answered (for a question of any kind). */
void
imtehan_stats_input_set_response (ImtehanStatsInput *self,
                                  guint              attempt,
                                  guint              question,
                                  const char        *choice_id,
                                  double             mark)
{
  guint i;

  g_return_if_fail (self != NULL);
  g_return_if_fail (attempt < self->n_attempts);
  g_return_if_fail (question < self->n_questions);
  g_return_if_fail (isfinite (mark) && mark >= 0);

  g_return_if_fail (choice_id == NULL || self->questions[question].mode == STATS_MODE_CHOICE);

  i = attempt * self->n_questions + question;
  g_array_index (self->marks, double, i) = mark;
  self->chosen->pdata[i] = (gpointer) g_intern_string (choice_id);
}

static double
mark_at (const ImtehanStatsInput *input,
         guint                    attempt,
         guint                    question)
{
  return g_array_index (input->marks, double, attempt * input->n_questions + question);
}

static gboolean
is_constant (const double *v,
             guint         n,
             double        scale)
{
  double tolerance = CONSTANT_TOLERANCE * MAX (1.0, scale);

  for (guint i = 1; i < n; i++)
    if (fabs (v[i] - v[0]) > tolerance)
      return FALSE;
  return TRUE;
}

static double
mean_of (const double *v,
         guint         n)
{
  double sum = 0;

  if (n == 0)
    return NAN;
  for (guint i = 0; i < n; i++)
    sum += v[i];
  return sum / n;
}

/* Sample (n-1) variance by two passes about the mean: one-pass sums of squares lose every
 * digit when the values are large and close. A constant column has variance 0 exactly, so
 * "undefined" never hangs on a rounding residue. */
static double
sample_variance (const double *v,
                 guint         n,
                 double        scale)
{
  double m, sum = 0;

  if (n < 2)
    return NAN;
  if (is_constant (v, n, scale))
    return 0;

  m = mean_of (v, n);
  for (guint i = 0; i < n; i++)
    sum += (v[i] - m) * (v[i] - m);
  return sum / (n - 1);
}

static double
sample_covariance (const double *x,
                   const double *y,
                   guint         n)
{
  double mx = mean_of (x, n), my = mean_of (y, n), sum = 0;

  g_assert (n >= 2);

  for (guint i = 0; i < n; i++)
    sum += (x[i] - mx) * (y[i] - my);
  return sum / (n - 1);
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median_of (const double *v,
           guint         n)
{
  g_autofree double *sorted = NULL;

  if (n == 0)
    return NAN;

  sorted = g_memdup2 (v, n * sizeof (double));
  qsort (sorted, n, sizeof (double), compare_doubles);
  if (n % 2 == 1)
    return sorted[n / 2];
  return (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/* A whole-number total M gets bins of w whole scores, w the smallest that keeps at most
 * IMTEHAN_STATS_HISTOGRAM_MAX_BINS bins: up to 20 marks, one bin per possible score, so no
 * bin holds more possible scores than another (except a shorter last one). */
static void
build_histogram (ImtehanStats *self,
                 const double *totals)
{
  double m = self->max_total;
  double rounded = round (m);

  /* The bound keeps the bin arithmetic in integers. */
  if (m <= 1e6 && fabs (m - rounded) <= CONSTANT_TOLERANCE * MAX (1.0, m))
    {
      guint64 mi = (guint64) rounded;
      guint64 w = (mi + IMTEHAN_STATS_HISTOGRAM_MAX_BINS) / IMTEHAN_STATS_HISTOGRAM_MAX_BINS;

      self->n_bins = (guint) ((mi + w) / w);
      self->bins = g_new0 (ImtehanStatsBin, self->n_bins);
      for (guint b = 0; b < self->n_bins; b++)
        {
          self->bins[b].lower = (double) (b * w);
          self->bins[b].upper = (double) MIN ((b + 1) * w, mi);
        }
      for (guint a = 0; a < self->n_attempts; a++)
        {
          double s = floor (totals[a] + CONSTANT_TOLERANCE * MAX (1.0, m));
          guint64 b = s <= 0 ? 0 : (guint64) s / w;

          self->bins[MIN (b, self->n_bins - 1)].count++;
        }
    }
  else
    {
      self->n_bins = FRACTIONAL_BINS;
      self->bins = g_new0 (ImtehanStatsBin, self->n_bins);
      for (guint b = 0; b < self->n_bins; b++)
        {
          self->bins[b].lower = m * b / FRACTIONAL_BINS;
          self->bins[b].upper = m * (b + 1) / FRACTIONAL_BINS;
        }
      for (guint a = 0; a < self->n_attempts; a++)
        {
          double s = floor (totals[a] * FRACTIONAL_BINS / m + CONSTANT_TOLERANCE);
          guint b = s <= 0 ? 0 : (guint) MIN (s, FRACTIONAL_BINS - 1);

          self->bins[b].count++;
        }
    }
}

/* Worst first: the lowest discrimination (a negative one means the stronger learners chose
 * wrong more often); questions whose discrimination is undefined follow, as nothing is known
 * of them; facility (hardest first), then the quiz's order, break ties. */
static int
compare_worst_first (gconstpointer a,
                     gconstpointer b,
                     gpointer      user_data)
{
  const ImtehanQuestionStats *questions = user_data;
  guint i = *(const guint *) a, j = *(const guint *) b;
  double di = questions[i].discrimination, dj = questions[j].discrimination;
  double fi = questions[i].facility, fj = questions[j].facility;

  if (isnan (di) != isnan (dj))
    return isnan (di) ? 1 : -1;
  if (!isnan (di) && di != dj)
    return di < dj ? -1 : 1;
  if (isnan (fi) != isnan (fj))
    return isnan (fi) ? 1 : -1;
  if (!isnan (fi) && fi != fj)
    return fi < fj ? -1 : 1;
  return (i > j) - (i < j);
}

static void
count_choices (ImtehanQuestionStats    *qs,
               const ImtehanStatsInput *input,
               guint                    q)
{
  guint n = input->n_attempts;

  for (guint a = 0; a < n; a++)
    {
      const char *chosen = input->chosen->pdata[a * input->n_questions + q];
      guint c;

      if (chosen == NULL)
        {
          qs->n_not_answered++;
          continue;
        }
      /* Counted by _imtehan_stats_count_kinds(). */
      if (input->questions[q].mode != STATS_MODE_CHOICE)
        continue;
      /* Both sides are interned. */
      for (c = 0; c < qs->n_choices && qs->choice_ids[c] != chosen; c++)
        ;
      if (c < qs->n_choices)
        qs->choice_counts[c]++;
      else
        qs->n_unknown++;
    }

  for (guint c = 0; c < qs->n_choices; c++)
    qs->choice_shares[c] = n > 0 ? (double) qs->choice_counts[c] / n : NAN;
  qs->not_answered_share = n > 0 ? (double) qs->n_not_answered / n : NAN;
}

ImtehanStats *
imtehan_stats_compute (const ImtehanStatsInput *input)
{
  ImtehanStats *self;
  guint n, p;
  g_autofree double *totals = NULL;
  g_autofree double *x = NULL;
  g_autofree double *rest = NULL;
  double var_total, sum_var_x = 0;

  g_return_val_if_fail (input != NULL, NULL);

  n = input->n_attempts;
  p = input->n_questions;

  self = g_atomic_rc_box_new0 (ImtehanStats);
  self->n_attempts = n;
  self->n_questions = p;
  self->questions = g_new0 (ImtehanQuestionStats, p);

  for (guint q = 0; q < p; q++)
    self->max_total += input->questions[q].max_mark;

  totals = g_new0 (double, MAX (n, 1));
  for (guint a = 0; a < n; a++)
    for (guint q = 0; q < p; q++)
      totals[a] += mark_at (input, a, q);

  self->mean = mean_of (totals, n);
  self->median = median_of (totals, n);
  var_total = sample_variance (totals, n, self->max_total);
  self->sd = n >= 2 ? sqrt (var_total) : NAN;

  x = g_new0 (double, MAX (n, 1));
  rest = g_new0 (double, MAX (n, 1));
  for (guint q = 0; q < p; q++)
    {
      const InputQuestion *iq = &input->questions[q];
      ImtehanQuestionStats *qs = &self->questions[q];
      double var_x, var_rest;

      qs->id = iq->id;
      qs->max_mark = iq->max_mark;
      qs->n_choices = iq->n_choices;
      qs->choice_ids = g_memdup2 (iq->choice_ids, (iq->n_choices + 1) * sizeof (char *));
      qs->choice_counts = g_new0 (guint, MAX (iq->n_choices, 1));
      qs->choice_shares = g_new0 (double, MAX (iq->n_choices, 1));
      qs->right_choice = iq->right_choice;

      for (guint a = 0; a < n; a++)
        {
          x[a] = mark_at (input, a, q);
          rest[a] = totals[a] - x[a];
        }

      qs->mean_mark = mean_of (x, n);
      qs->facility = n > 0 && iq->max_mark > 0 ? qs->mean_mark / iq->max_mark : NAN;

      var_x = sample_variance (x, n, iq->max_mark);
      var_rest = sample_variance (rest, n, self->max_total - iq->max_mark);
      qs->sd = sqrt (var_x);
      if (n >= 2 && var_x > 0 && var_rest > 0)
        /* Rounding can carry a perfect correlation a hair past ±100. */
        qs->discrimination = CLAMP (100 * sample_covariance (x, rest, n) / sqrt (var_x * var_rest),
                                    -100.0, 100.0);
      else
        qs->discrimination = NAN;
      sum_var_x += var_x;

      count_choices (qs, input, q);
      _imtehan_stats_count_kinds (qs, input, q);
    }

  /* Moodle's coefficient of internal consistency (mod/quiz/report/statistics/classes/
   * calculator.php) is 100 × alpha, and is left out below three attempts, for fewer than
   * two questions, and when every total is the same. */
  if (n > 2 && p > 1 && var_total > 0)
    self->alpha = (double) p / (p - 1) * (1 - sum_var_x / var_total);
  else
    self->alpha = NAN;

  build_histogram (self, totals);

  self->worst_first = g_new0 (guint, MAX (p, 1));
  for (guint q = 0; q < p; q++)
    self->worst_first[q] = q;
  /* GLib 2.82 deprecates g_qsort_with_data() for g_sort_array(). */
#if GLIB_CHECK_VERSION (2, 82, 0)
  g_sort_array (self->worst_first, p, sizeof (guint), compare_worst_first, self->questions);
#else
  g_qsort_with_data (self->worst_first, p, sizeof (guint), compare_worst_first, self->questions);
#endif

  return self;
}

ImtehanStats *
imtehan_stats_ref (ImtehanStats *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_atomic_rc_box_acquire (self);
}

static void
imtehan_stats_clear (gpointer data)
{
  ImtehanStats *self = data;

  for (guint q = 0; q < self->n_questions; q++)
    _imtehan_stats_question_clear (&self->questions[q]);
  g_free (self->questions);
  g_free (self->bins);
  g_free (self->worst_first);
}

void
imtehan_stats_unref (ImtehanStats *self)
{
  g_return_if_fail (self != NULL);

  g_atomic_rc_box_release_full (self, imtehan_stats_clear);
}

guint
imtehan_stats_get_n_attempts (const ImtehanStats *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_attempts;
}

guint
imtehan_stats_get_n_questions (const ImtehanStats *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_questions;
}

double
imtehan_stats_get_max_total (const ImtehanStats *self)
{
  g_return_val_if_fail (self != NULL, NAN);

  return self->max_total;
}

/* NAN with no attempts. */
double
imtehan_stats_get_mean (const ImtehanStats *self)
{
  g_return_val_if_fail (self != NULL, NAN);

  return self->mean;
}

/* The middle total, or the mean of the two middle ones; NAN with no attempts. */
double
imtehan_stats_get_median (const ImtehanStats *self)
{
  g_return_val_if_fail (self != NULL, NAN);

  return self->median;
}

/* Sample standard deviation (n-1) of the totals, as Moodle's; NAN below two attempts. */
double
imtehan_stats_get_sd (const ImtehanStats *self)
{
  g_return_val_if_fail (self != NULL, NAN);

  return self->sd;
}

/* Cronbach's alpha as a fraction (at most 1, may be negative); NAN when Moodle leaves
 * its coefficient of internal consistency out. */
double
imtehan_stats_get_alpha (const ImtehanStats *self)
{
  g_return_val_if_fail (self != NULL, NAN);

  return self->alpha;
}

const ImtehanStatsBin *
imtehan_stats_get_histogram (const ImtehanStats *self,
                             guint              *n_bins)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_bins != NULL, NULL);

  *n_bins = self->n_bins;
  return self->bins;
}

const ImtehanQuestionStats *
imtehan_stats_get_question (const ImtehanStats *self,
                            guint               question)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (question < self->n_questions, NULL);

  return &self->questions[question];
}

/* Question indices, worst first (see compare_worst_first). */
const guint *
imtehan_stats_get_worst_first (const ImtehanStats *self,
                               guint              *n_questions)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_questions != NULL, NULL);

  *n_questions = self->n_questions;
  return self->worst_first;
}
