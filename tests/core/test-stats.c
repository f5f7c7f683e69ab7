/* test-stats.c: question and quiz statistics against figures worked out by hand, and
 * against textbook formulas computed another way
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>
#include <string.h>

#include "imtehan-stats.h"

static const char * const abcd[] = { "a", "b", "c", "d", NULL };

#define assert_nan(x) g_assert_true (isnan (x))
#define assert_close(x, expected)                                                           \
  G_STMT_START {                                                                            \
    double x_ = (x), e_ = (expected);                                                       \
    if (!(fabs (x_ - e_) <= 1e-9 * MAX (1.0, fabs (e_))))                                  \
      g_error ("%s = %.17g, expected %.17g", #x, x_, e_);                                  \
  } G_STMT_END

/* Three questions (a/b/c/d; right: a, b, c), one string of answers per attempt, '-' for
 * not answered; marks are 1 for the right id, else 0. */
static ImtehanStatsInput *
input_from_answers (const char * const *answers)
{
  static const char *right[] = { "a", "b", "c" };
  static const char *ids[] = { "q1", "q2", "q3" };
  ImtehanStatsInput *input = imtehan_stats_input_new (3);

  for (guint q = 0; q < 3; q++)
    imtehan_stats_input_set_question (input, q, ids[q], 1, abcd, right[q]);

  for (guint i = 0; answers[i] != NULL; i++)
    {
      guint a = imtehan_stats_input_add_attempt (input);

      g_assert_cmpuint (a, ==, i);
      for (guint q = 0; q < 3; q++)
        {
          char id[2] = { answers[i][q], 0 };

          if (id[0] == '-')
            continue;
          imtehan_stats_input_set_response (input, a, q, id,
                                            g_str_equal (id, right[q]) ? 1 : 0);
        }
    }
  return input;
}

static void
assert_counts (const ImtehanQuestionStats *qs,
               guint a, guint b, guint c, guint d, guint not_answered)
{
  guint expected[] = { a, b, c, d };

  g_assert_cmpuint (qs->n_choices, ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpstr (qs->choice_ids[i], ==, abcd[i]);
      g_assert_cmpuint (qs->choice_counts[i], ==, expected[i]);
    }
  g_assert_cmpuint (qs->n_not_answered, ==, not_answered);
  g_assert_cmpuint (qs->n_unknown, ==, 0);
}

/* docs/statistics.md, "A worked example": every expected figure is the hand arithmetic. */
static void
test_worked_example (void)
{
  static const char *answers[] = { "abc", "abd", "acc", "bba", "-cd", NULL };
  g_autoptr(ImtehanStatsInput) input = input_from_answers (answers);
  g_autoptr(ImtehanStats) stats = imtehan_stats_compute (input);
  const ImtehanQuestionStats *q1, *q2, *q3;
  const ImtehanStatsBin *bins;
  const guint *order;
  guint n_bins, n;

  g_assert_cmpuint (imtehan_stats_get_n_attempts (stats), ==, 5);
  assert_close (imtehan_stats_get_max_total (stats), 3);
  /* Totals 3, 2, 2, 1, 0. */
  assert_close (imtehan_stats_get_mean (stats), 8.0 / 5);
  assert_close (imtehan_stats_get_median (stats), 2);
  /* Deviations 1.4, 0.4, 0.4, -0.6, -1.6: squares sum to 5.2, over n-1 = 4. */
  assert_close (imtehan_stats_get_sd (stats), sqrt (5.2 / 4));

  q1 = imtehan_stats_get_question (stats, 0);
  q2 = imtehan_stats_get_question (stats, 1);
  q3 = imtehan_stats_get_question (stats, 2);
  g_assert_cmpstr (q1->id, ==, "q1");
  g_assert_cmpuint (q1->right_choice, ==, 0);
  g_assert_cmpuint (q3->right_choice, ==, 2);

  assert_close (q1->facility, 3.0 / 5);
  assert_close (q2->facility, 3.0 / 5);
  assert_close (q3->facility, 2.0 / 5);
  /* q1: x 1 1 1 0 0, rest 2 1 1 1 0: var x 1.2/4, var rest 2/4, cov 1.0/4. */
  assert_close (q1->discrimination, 100 * 0.25 / sqrt (0.3 * 0.5));
  assert_close (q1->sd, sqrt (0.3));
  /* q2: x 1 1 0 1 0, rest 2 1 2 0 0: the products .4 + 0 - .6 - .4 + .6 cancel. */
  g_assert_cmpfloat (fabs (q2->discrimination), <, 1e-9);
  /* q3: x 1 0 1 0 0, rest 2 2 1 1 0: var x 1.2/4, var rest 2.8/4, cov 0.6/4. */
  assert_close (q3->discrimination, 100 * 0.15 / sqrt (0.3 * 0.7));

  /* 3/2 × (1 − (0.3 + 0.3 + 0.3) / 1.3) */
  assert_close (imtehan_stats_get_alpha (stats), 1.5 * (1 - 0.9 / 1.3));

  assert_counts (q1, 3, 1, 0, 0, 1);
  assert_close (q1->choice_shares[0], 0.6);
  assert_close (q1->choice_shares[2], 0);
  assert_close (q1->not_answered_share, 0.2);
  assert_counts (q2, 0, 3, 2, 0, 0);
  assert_counts (q3, 1, 0, 2, 2, 0);
  assert_close (q3->choice_shares[3], 0.4);

  bins = imtehan_stats_get_histogram (stats, &n_bins);
  g_assert_cmpuint (n_bins, ==, 4);
  for (guint b = 0; b < 4; b++)
    {
      guint expected[] = { 1, 1, 2, 1 };

      assert_close (bins[b].lower, b);
      assert_close (bins[b].upper, MIN (b + 1, 3));
      g_assert_cmpuint (bins[b].count, ==, expected[b]);
    }

  order = imtehan_stats_get_worst_first (stats, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (order[0], ==, 1);
  g_assert_cmpuint (order[1], ==, 2);
  g_assert_cmpuint (order[2], ==, 0);
}

static void
test_no_attempts (void)
{
  static const char *answers[] = { NULL };
  g_autoptr(ImtehanStatsInput) input = input_from_answers (answers);
  g_autoptr(ImtehanStats) stats = imtehan_stats_compute (input);
  const ImtehanQuestionStats *q1 = imtehan_stats_get_question (stats, 0);
  const ImtehanStatsBin *bins;
  guint n_bins;

  g_assert_cmpuint (imtehan_stats_get_n_attempts (stats), ==, 0);
  assert_nan (imtehan_stats_get_mean (stats));
  assert_nan (imtehan_stats_get_median (stats));
  assert_nan (imtehan_stats_get_sd (stats));
  assert_nan (imtehan_stats_get_alpha (stats));
  assert_nan (q1->facility);
  assert_nan (q1->discrimination);
  assert_nan (q1->choice_shares[0]);
  assert_nan (q1->not_answered_share);
  assert_counts (q1, 0, 0, 0, 0, 0);

  bins = imtehan_stats_get_histogram (stats, &n_bins);
  g_assert_cmpuint (n_bins, ==, 4);
  for (guint b = 0; b < n_bins; b++)
    g_assert_cmpuint (bins[b].count, ==, 0);
}

static void
test_one_attempt (void)
{
  static const char *answers[] = { "abd", NULL };
  g_autoptr(ImtehanStatsInput) input = input_from_answers (answers);
  g_autoptr(ImtehanStats) stats = imtehan_stats_compute (input);
  const ImtehanStatsBin *bins;
  guint n_bins;

  assert_close (imtehan_stats_get_mean (stats), 2);
  assert_close (imtehan_stats_get_median (stats), 2);
  /* n - 1 = 0: no spread is defined. */
  assert_nan (imtehan_stats_get_sd (stats));
  assert_nan (imtehan_stats_get_alpha (stats));
  for (guint q = 0; q < 3; q++)
    {
      const ImtehanQuestionStats *qs = imtehan_stats_get_question (stats, q);

      assert_close (qs->facility, q < 2 ? 1 : 0);
      assert_nan (qs->discrimination);
      assert_nan (qs->sd);
    }
  assert_close (imtehan_stats_get_question (stats, 2)->choice_shares[3], 1);

  bins = imtehan_stats_get_histogram (stats, &n_bins);
  g_assert_cmpuint (bins[2].count, ==, 1);
}

static void
test_two_attempts (void)
{
  static const char *answers[] = { "abc", "bcd", NULL };
  g_autoptr(ImtehanStatsInput) input = input_from_answers (answers);
  g_autoptr(ImtehanStats) stats = imtehan_stats_compute (input);

  /* Totals 3 and 0: deviations ±1.5, squares 4.5 over n-1 = 1. */
  assert_close (imtehan_stats_get_sd (stats), sqrt (4.5));
  assert_close (imtehan_stats_get_median (stats), 1.5);
  /* x 1 0 against rest 2 0: a perfect correlation. */
  assert_close (imtehan_stats_get_question (stats, 0)->discrimination, 100);
  /* Moodle leaves alpha out below three attempts, even with a spread. */
  assert_nan (imtehan_stats_get_alpha (stats));
}

static void
test_all_right (void)
{
  static const char *answers[] = { "abc", "abc", "abc", "abc", NULL };
  g_autoptr(ImtehanStatsInput) input = input_from_answers (answers);
  g_autoptr(ImtehanStats) stats = imtehan_stats_compute (input);
  const ImtehanStatsBin *bins;
  guint n_bins;

  assert_close (imtehan_stats_get_mean (stats), 3);
  g_assert_cmpfloat (imtehan_stats_get_sd (stats), ==, 0);
  assert_nan (imtehan_stats_get_alpha (stats));
  for (guint q = 0; q < 3; q++)
    {
      assert_close (imtehan_stats_get_question (stats, q)->facility, 1);
      assert_nan (imtehan_stats_get_question (stats, q)->discrimination);
    }
  bins = imtehan_stats_get_histogram (stats, &n_bins);
  g_assert_cmpuint (bins[3].count, ==, 4);
  g_assert_cmpuint (bins[0].count + bins[1].count + bins[2].count, ==, 0);
}

static void
test_all_wrong (void)
{
  static const char *answers[] = { "bcd", "dab", "cda", NULL };
  g_autoptr(ImtehanStatsInput) input = input_from_answers (answers);
  g_autoptr(ImtehanStats) stats = imtehan_stats_compute (input);
  const ImtehanStatsBin *bins;
  guint n_bins;

  g_assert_cmpfloat (imtehan_stats_get_mean (stats), ==, 0);
  g_assert_cmpfloat (imtehan_stats_get_sd (stats), ==, 0);
  assert_nan (imtehan_stats_get_alpha (stats));
  for (guint q = 0; q < 3; q++)
    {
      g_assert_cmpfloat (imtehan_stats_get_question (stats, q)->facility, ==, 0);
      assert_nan (imtehan_stats_get_question (stats, q)->discrimination);
    }
  bins = imtehan_stats_get_histogram (stats, &n_bins);
  g_assert_cmpuint (bins[0].count, ==, 3);
}

static void
test_nobody_answered (void)
{
  static const char *answers[] = { "ab-", "ac-", "bb-", "cc-", NULL };
  g_autoptr(ImtehanStatsInput) input = input_from_answers (answers);
  g_autoptr(ImtehanStats) stats = imtehan_stats_compute (input);
  const ImtehanQuestionStats *q1 = imtehan_stats_get_question (stats, 0);
  const ImtehanQuestionStats *q3 = imtehan_stats_get_question (stats, 2);
  const guint *order;
  guint n;

  assert_counts (q3, 0, 0, 0, 0, 4);
  assert_close (q3->not_answered_share, 1);
  g_assert_cmpfloat (q3->facility, ==, 0);
  assert_nan (q3->discrimination);

  /* d: nobody chose it, but it is listed, with 0. */
  assert_counts (q1, 2, 1, 1, 0, 0);
  g_assert_cmpfloat (q1->choice_shares[3], ==, 0);
  /* q1: x 1 1 0 0, rest 1 0 1 0: the products .5·.5 − .5·.5 − .5·.5 + .5·.5 cancel. */
  g_assert_cmpfloat (fabs (q1->discrimination), <, 1e-9);

  /* Nothing is known of q3's discrimination: after the others. */
  order = imtehan_stats_get_worst_first (stats, &n);
  g_assert_cmpuint (order[2], ==, 2);
}

static void
test_identical_totals (void)
{
  /* Everyone scores 1, each on a different question. */
  static const char *answers[] = { "aaa", "bba", "bcc", NULL };
  g_autoptr(ImtehanStatsInput) input = input_from_answers (answers);
  g_autoptr(ImtehanStats) stats = imtehan_stats_compute (input);

  g_assert_cmpfloat (imtehan_stats_get_sd (stats), ==, 0);
  assert_close (imtehan_stats_get_median (stats), 1);
  assert_nan (imtehan_stats_get_alpha (stats));
  /* rest = 1 − x: exactly anti-correlated. */
  for (guint q = 0; q < 3; q++)
    {
      assert_close (imtehan_stats_get_question (stats, q)->facility, 1.0 / 3);
      assert_close (imtehan_stats_get_question (stats, q)->discrimination, -100);
    }
}

/* Q2 right for everyone: its x and q1's rest are constant, so both are undefined. */
static void
test_constant_rest (void)
{
  static const char *answers[] = { "ab-", "bb-", "ab-", NULL };
  g_autoptr(ImtehanStatsInput) input = input_from_answers (answers);
  g_autoptr(ImtehanStats) stats = imtehan_stats_compute (input);

  assert_nan (imtehan_stats_get_question (stats, 0)->discrimination);
  assert_nan (imtehan_stats_get_question (stats, 1)->discrimination);
  assert_close (imtehan_stats_get_question (stats, 0)->facility, 2.0 / 3);
}

/* All three discriminations are undefined (q2's rest is constant): the hardest comes first. */
static void
test_worst_first_by_facility (void)
{
  static const char *answers[] = { "aba", "aca", "abd", "aad", NULL };
  g_autoptr(ImtehanStatsInput) input = input_from_answers (answers);
  g_autoptr(ImtehanStats) stats = imtehan_stats_compute (input);
  const guint *order;
  guint n;

  for (guint q = 0; q < 3; q++)
    assert_nan (imtehan_stats_get_question (stats, q)->discrimination);
  /* Facilities 1, 0.5, 0. */
  order = imtehan_stats_get_worst_first (stats, &n);
  g_assert_cmpuint (order[0], ==, 2);
  g_assert_cmpuint (order[1], ==, 1);
  g_assert_cmpuint (order[2], ==, 0);
}

/* Seven marks of 0.1 have a mean that is not 0.1 in binary: the variance must still be 0,
 * not a residue that gives a discrimination from nothing. */
static void
test_fractional_constant (void)
{
  static const char * const ab[] = { "a", "b", NULL };
  g_autoptr(ImtehanStatsInput) input = imtehan_stats_input_new (2);
  g_autoptr(ImtehanStats) stats = NULL;
  double sum = 0;

  imtehan_stats_input_set_question (input, 0, "tenth", 0.1, ab, "a");
  imtehan_stats_input_set_question (input, 1, "one", 1, ab, "a");
  for (guint a = 0; a < 7; a++)
    {
      imtehan_stats_input_add_attempt (input);
      imtehan_stats_input_set_response (input, a, 0, "a", 0.1);
      imtehan_stats_input_set_response (input, a, 1, a % 2 ? "a" : "b", a % 2);
      sum += 0.1;
    }
  /* The test means something only if the residue exists. */
  g_assert_cmpfloat (sum / 7, !=, 0.1);

  stats = imtehan_stats_compute (input);
  assert_nan (imtehan_stats_get_question (stats, 0)->discrimination);
  g_assert_cmpfloat (imtehan_stats_get_question (stats, 0)->sd, ==, 0);
  assert_close (imtehan_stats_get_question (stats, 0)->facility, 1);
  /* 1.1 is not a whole number of marks: ten equal bins. */
  {
    const ImtehanStatsBin *bins;
    guint n_bins;

    bins = imtehan_stats_get_histogram (stats, &n_bins);
    g_assert_cmpuint (n_bins, ==, 10);
    assert_close (bins[9].upper, 1.1);
    /* Totals 0.1 (four) in [0, 0.11), and 1.1 (three) in the last bin, which is closed. */
    g_assert_cmpuint (bins[0].count, ==, 4);
    g_assert_cmpuint (bins[9].count, ==, 3);
  }
}

/* Each attempt shows the choices in its own order and the learner picks by screen position:
 * the input holds ids, so the tallies follow the ids whatever the order shown. */
static void
test_screen_order (void)
{
  static const guint shown[4][4] = { { 0, 1, 2, 3 }, { 3, 2, 1, 0 }, { 2, 0, 3, 1 }, { 1, 3, 0, 2 } };
  /* Screen positions picked for q1 in each attempt; all of them are choice "c" but one. */
  static const guint picked[4] = { 2, 1, 0, 0 };
  g_autoptr(ImtehanStatsInput) input = imtehan_stats_input_new (1);
  g_autoptr(ImtehanStatsInput) reversed = imtehan_stats_input_new (1);
  g_autoptr(ImtehanStats) stats = NULL;
  g_autoptr(ImtehanStats) stats_reversed = NULL;
  const ImtehanQuestionStats *qs, *qr;
  guint by_position[4] = { 0 };

  imtehan_stats_input_set_question (input, 0, "q1", 1, abcd, "c");
  imtehan_stats_input_set_question (reversed, 0, "q1", 1, abcd, "c");
  for (guint a = 0; a < 4; a++)
    {
      const char *id = abcd[shown[a][picked[a]]];
      const char *id_r = abcd[shown[3 - a][picked[3 - a]]];

      imtehan_stats_input_add_attempt (input);
      imtehan_stats_input_set_response (input, a, 0, id, g_str_equal (id, "c"));
      imtehan_stats_input_add_attempt (reversed);
      imtehan_stats_input_set_response (reversed, a, 0, id_r, g_str_equal (id_r, "c"));
      by_position[picked[a]]++;
    }

  stats = imtehan_stats_compute (input);
  stats_reversed = imtehan_stats_compute (reversed);
  qs = imtehan_stats_get_question (stats, 0);
  qr = imtehan_stats_get_question (stats_reversed, 0);

  /* Attempt 0 shows a b c d and picks 2: c; 1 shows d c b a, picks 1: c; 2 shows c a d b,
   * picks 0: c; 3 shows b d a c, picks 0: b. */
  assert_counts (qs, 0, 1, 3, 0, 0);
  assert_close (qs->facility, 0.75);
  /* Counting by position would have said 2, 1, 1, 0. */
  g_assert_cmpuint (by_position[0], ==, 2);
  g_assert_cmpuint (by_position[2], ==, 1);

  for (guint c = 0; c < 4; c++)
    g_assert_cmpuint (qs->choice_counts[c], ==, qr->choice_counts[c]);
  g_assert_cmpfloat (qs->facility, ==, qr->facility);
}

/* An id the question does not have (an attempt of an edited quiz) is not any choice. */
static void
test_unknown_choice (void)
{
  static const char *answers[] = { "abc", "zbc", NULL };
  g_autoptr(ImtehanStatsInput) input = input_from_answers (answers);
  g_autoptr(ImtehanStats) stats = imtehan_stats_compute (input);
  const ImtehanQuestionStats *q1 = imtehan_stats_get_question (stats, 0);

  g_assert_cmpuint (q1->n_unknown, ==, 1);
  g_assert_cmpuint (q1->choice_counts[0], ==, 1);
  g_assert_cmpuint (q1->n_not_answered, ==, 0);
}

/* The same input twice gives the same bits. */
static void
test_deterministic (void)
{
  static const char *answers[] = { "abc", "abd", "acc", "bba", "-cd", "bcd", "abc", NULL };
  g_autoptr(ImtehanStatsInput) input = input_from_answers (answers);
  g_autoptr(ImtehanStats) one = imtehan_stats_compute (input);
  g_autoptr(ImtehanStats) two = imtehan_stats_compute (input);
  double a1 = imtehan_stats_get_alpha (one), a2 = imtehan_stats_get_alpha (two);
  double d1 = imtehan_stats_get_question (one, 2)->discrimination;
  double d2 = imtehan_stats_get_question (two, 2)->discrimination;

  g_assert_true (memcmp (&a1, &a2, sizeof a1) == 0);
  g_assert_true (memcmp (&d1, &d2, sizeof d1) == 0);
}

/* Random classes checked against the textbook formulas, computed another way: one-pass sums
 * in long double, discrimination from the covariance with the total, alpha from the
 * covariance matrix, the median by insertion sort, tallies by string compare. */
static void
check_random_class (guint32        seed,
                    guint          n,
                    guint          p,
                    const double  *max_marks,
                    double         step)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(ImtehanStatsInput) input = imtehan_stats_input_new (p);
  g_autoptr(ImtehanStats) stats = NULL;
  g_autofree double *marks = g_new0 (double, n * p);
  g_autofree double *totals = g_new0 (double, n);
  g_autofree double *sorted = g_new0 (double, n);
  g_autofree const char **chosen = g_new0 (const char *, n * p);
  g_autofree long double *cov = g_new0 (long double, p * p);
  g_autofree long double *sum = g_new0 (long double, p);
  long double sum_t = 0, sum_tt = 0, total_cov = 0, off_diagonal = 0;
  double max_total = 0, median;
  const ImtehanStatsBin *bins;
  guint n_bins, counted = 0;

  for (guint q = 0; q < p; q++)
    {
      g_autofree char *id = g_strdup_printf ("q%u", q);

      imtehan_stats_input_set_question (input, q, id, max_marks[q], abcd, abcd[q % 4]);
      max_total += max_marks[q];
    }

  for (guint a = 0; a < n; a++)
    {
      /* An ability, so that the questions correlate as in a real class. */
      double ability = g_rand_double (rand);

      imtehan_stats_input_add_attempt (input);
      for (guint q = 0; q < p; q++)
        {
          guint steps = (guint) round (max_marks[q] / step);
          guint got = 0;

          for (guint s = 0; s < steps; s++)
            got += g_rand_double (rand) < 0.2 + 0.6 * ability;
          marks[a * p + q] = got * step;
          if (g_rand_int_range (rand, 0, 10) > 0)
            chosen[a * p + q] = got == steps ? abcd[q % 4] : abcd[g_rand_int_range (rand, 0, 4)];
          imtehan_stats_input_set_response (input, a, q, chosen[a * p + q], marks[a * p + q]);
          totals[a] += marks[a * p + q];
        }
    }

  stats = imtehan_stats_compute (input);

  for (guint a = 0; a < n; a++)
    {
      guint i = a;

      sum_t += totals[a];
      sum_tt += (long double) totals[a] * totals[a];
      for (; i > 0 && sorted[i - 1] > totals[a]; i--)
        sorted[i] = sorted[i - 1];
      sorted[i] = totals[a];
      for (guint q = 0; q < p; q++)
        sum[q] += marks[a * p + q];
    }
  median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;

  assert_close (imtehan_stats_get_mean (stats), (double) (sum_t / n));
  assert_close (imtehan_stats_get_median (stats), median);
  assert_close (imtehan_stats_get_sd (stats),
                (double) sqrtl ((sum_tt - sum_t * sum_t / n) / (n - 1)));

  for (guint i = 0; i < p; i++)
    for (guint j = 0; j < p; j++)
      {
        long double sxy = 0;

        for (guint a = 0; a < n; a++)
          sxy += (long double) marks[a * p + i] * marks[a * p + j];
        cov[i * p + j] = (sxy - sum[i] * sum[j] / n) / (n - 1);
        total_cov += cov[i * p + j];
        if (i != j)
          off_diagonal += cov[i * p + j];
      }
  assert_close (imtehan_stats_get_alpha (stats), (double) ((long double) p / (p - 1) * off_diagonal / total_cov));

  for (guint q = 0; q < p; q++)
    {
      const ImtehanQuestionStats *qs = imtehan_stats_get_question (stats, q);
      long double var_x = cov[q * p + q], cov_xt = 0;
      long double cov_xr, var_r;
      guint counts[4] = { 0 }, not_answered = 0;

      for (guint j = 0; j < p; j++)
        cov_xt += cov[q * p + j];
      cov_xr = cov_xt - var_x;
      var_r = total_cov - 2 * cov_xt + var_x;

      assert_close (qs->facility, (double) (sum[q] / n / max_marks[q]));
      assert_close (qs->discrimination, (double) (100 * cov_xr / sqrtl (var_x * var_r)));

      for (guint a = 0; a < n; a++)
        {
          const char *c = chosen[a * p + q];

          if (c == NULL)
            not_answered++;
          else
            for (guint k = 0; k < 4; k++)
              counts[k] += strcmp (c, abcd[k]) == 0;
        }
      for (guint k = 0; k < 4; k++)
        {
          g_assert_cmpuint (qs->choice_counts[k], ==, counts[k]);
          assert_close (qs->choice_shares[k], (double) counts[k] / n);
        }
      g_assert_cmpuint (qs->n_not_answered, ==, not_answered);
    }

  /* Every total lies within its bin, and the bins hold every attempt. */
  bins = imtehan_stats_get_histogram (stats, &n_bins);
  g_assert_cmpuint (n_bins, <=, IMTEHAN_STATS_HISTOGRAM_MAX_BINS);
  assert_close (bins[0].lower, 0);
  assert_close (bins[n_bins - 1].upper, max_total);
  for (guint b = 0; b < n_bins; b++)
    {
      guint inside = 0;

      for (guint a = 0; a < n; a++)
        if (totals[a] >= bins[b].lower - 1e-9 &&
            (b == n_bins - 1 ? totals[a] <= bins[b].upper + 1e-9
                             : totals[a] < bins[b].upper - 1e-9))
          inside++;
      g_assert_cmpuint (bins[b].count, ==, inside);
      counted += bins[b].count;
    }
  g_assert_cmpuint (counted, ==, n);
}

static void
test_random_whole_marks (void)
{
  static const double max_marks[] = { 1, 1, 2, 1, 3, 1, 1, 2, 1, 2 };

  /* 15 marks: one bin per possible score. */
  check_random_class (17, 301, G_N_ELEMENTS (max_marks), max_marks, 1);
}

static void
test_random_many_questions (void)
{
  double max_marks[30];

  for (guint q = 0; q < G_N_ELEMENTS (max_marks); q++)
    max_marks[q] = 1;
  /* 31 possible scores: bins of two scores each. */
  check_random_class (2024, 500, G_N_ELEMENTS (max_marks), max_marks, 1);
}

static void
test_random_fractional_marks (void)
{
  static const double max_marks[] = { 0.5, 1.5, 0.5, 1, 0.25, 0.5 };

  check_random_class (7, 250, G_N_ELEMENTS (max_marks), max_marks, 0.25);
}

/* Bin widths as docs/statistics.md gives them, by the total's maximum. */
static void
test_histogram_bins (void)
{
  static const struct { guint max; guint n_bins; guint width; } cases[] = {
    { 1, 2, 1 }, { 8, 9, 1 }, { 20, 21, 1 }, { 21, 11, 2 }, { 40, 21, 2 }, { 41, 21, 2 },
    { 42, 15, 3 }, { 100, 21, 5 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ImtehanStatsInput) input = imtehan_stats_input_new (1);
      g_autoptr(ImtehanStats) stats = NULL;
      const ImtehanStatsBin *bins;
      guint n_bins;

      imtehan_stats_input_set_question (input, 0, "q", cases[i].max, abcd, "a");
      imtehan_stats_input_add_attempt (input);
      imtehan_stats_input_set_response (input, 0, 0, "a", cases[i].max);
      stats = imtehan_stats_compute (input);
      bins = imtehan_stats_get_histogram (stats, &n_bins);
      g_assert_cmpuint (n_bins, ==, cases[i].n_bins);
      assert_close (bins[1].lower, cases[i].width);
      assert_close (bins[n_bins - 1].upper, cases[i].max);
      g_assert_cmpuint (bins[n_bins - 1].count, ==, 1);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stats/worked-example", test_worked_example);
  g_test_add_func ("/stats/no-attempts", test_no_attempts);
  g_test_add_func ("/stats/one-attempt", test_one_attempt);
  g_test_add_func ("/stats/two-attempts", test_two_attempts);
  g_test_add_func ("/stats/all-right", test_all_right);
  g_test_add_func ("/stats/all-wrong", test_all_wrong);
  g_test_add_func ("/stats/nobody-answered", test_nobody_answered);
  g_test_add_func ("/stats/identical-totals", test_identical_totals);
  g_test_add_func ("/stats/constant-rest", test_constant_rest);
  g_test_add_func ("/stats/worst-first-by-facility", test_worst_first_by_facility);
  g_test_add_func ("/stats/fractional-constant", test_fractional_constant);
  g_test_add_func ("/stats/screen-order", test_screen_order);
  g_test_add_func ("/stats/unknown-choice", test_unknown_choice);
  g_test_add_func ("/stats/deterministic", test_deterministic);
  g_test_add_func ("/stats/random-whole-marks", test_random_whole_marks);
  g_test_add_func ("/stats/random-many-questions", test_random_many_questions);
  g_test_add_func ("/stats/random-fractional-marks", test_random_fractional_marks);
  g_test_add_func ("/stats/histogram-bins", test_histogram_bins);

  return g_test_run ();
}
