/* test-attempt.c: one learner's pass through a quiz: answers, moves, the score, the shuffle
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>
#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "attempt-fixture.h"

typedef struct
{
  guint   n_answered_notifies;
  guint   current_notifies;
  guint   finished_notifies;
  guint   score_notifies;
  GArray *changed; /* guint: the index of every answer-changed */
} Counts;

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Counts     *counts)
{
  if (g_str_equal (pspec->name, "n-answered"))
    counts->n_answered_notifies++;
  else if (g_str_equal (pspec->name, "current"))
    counts->current_notifies++;
  else if (g_str_equal (pspec->name, "finished"))
    counts->finished_notifies++;
  else if (g_str_equal (pspec->name, "score"))
    counts->score_notifies++;
}

static void
answer_changed_cb (ImtehanAttempt *attempt,
                   guint           index,
                   Counts         *counts)
{
  g_array_append_val (counts->changed, index);
}

static void
counts_watch (Counts         *counts,
              ImtehanAttempt *attempt)
{
  memset (counts, 0, sizeof *counts);
  counts->changed = g_array_new (FALSE, FALSE, sizeof (guint));
  g_signal_connect (attempt, "notify", G_CALLBACK (notify_cb), counts);
  g_signal_connect (attempt, "answer-changed", G_CALLBACK (answer_changed_cb), counts);
}

static void
counts_unwatch (Counts         *counts,
                ImtehanAttempt *attempt)
{
  g_signal_handlers_disconnect_by_data (attempt, counts);
  g_clear_pointer (&counts->changed, g_array_unref);
}

static void
test_new (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 42);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = NULL;

  g_assert_true (imtehan_attempt_get_quiz (attempt) == quiz);
  g_assert_cmpuint (imtehan_attempt_get_n_questions (attempt), ==, 8);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 0);
  g_assert_false (imtehan_attempt_get_finished (attempt));
  g_assert_null (imtehan_attempt_get_finished_at (attempt));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 0);
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, 0);
  g_assert_cmpuint (imtehan_attempt_get_seed (attempt), ==, 42);
  g_assert_cmpstr (imtehan_attempt_get_language (attempt), ==, "en");
  g_assert_cmpstr (imtehan_attempt_get_learner (attempt), ==, "");

  for (guint i = 0; i < 8; i++)
    {
      const char * const *order = imtehan_attempt_get_choice_order (attempt, i);

      g_assert_null (imtehan_attempt_get_answer (attempt, i));
      g_assert_false (imtehan_attempt_is_correct (attempt, i));
      g_assert_cmpuint (g_strv_length ((char **)order), ==, 4);
    }

  /* Started now, in UTC, to the second; the id starts with that time. */
  g_assert_nonnull (imtehan_attempt_get_started (attempt));
  g_assert_cmpint (g_date_time_get_utc_offset (imtehan_attempt_get_started (attempt)), ==, 0);
  g_assert_cmpint (g_date_time_get_microsecond (imtehan_attempt_get_started (attempt)), ==, 0);
  g_assert_cmpint (g_date_time_difference (now, imtehan_attempt_get_started (attempt)), >=, 0);
  g_assert_cmpint (g_date_time_difference (now, imtehan_attempt_get_started (attempt)), <,
                   5 * G_TIME_SPAN_SECOND);
  stamp = g_date_time_format (imtehan_attempt_get_started (attempt), "%Y%m%dT%H%M%SZ-");
  g_assert_true (g_str_has_prefix (imtehan_attempt_get_id (attempt), stamp));
  /* 16 hex digits: 64 random bits, unique across a lab's PCs. */
  g_assert_cmpuint (strlen (imtehan_attempt_get_id (attempt)), ==, strlen (stamp) + 16);
  for (const char *p = imtehan_attempt_get_id (attempt) + strlen (stamp); *p; p++)
    g_assert_true (g_ascii_isxdigit (*p));

  g_assert_finalize_object (attempt);
  g_assert_true (IMTEHAN_IS_QUIZ (quiz));
}

static void
test_random_seed (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 0);

  /* 0 asks for a random seed; 0 itself is never used, so it never means "unset" in a file. */
  g_assert_cmpuint (imtehan_attempt_get_seed (attempt), !=, 0);
  g_assert_finalize_object (attempt);
}

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

static void
test_language_learner (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 1);
  guint language_notifies = 0;
  guint learner_notifies = 0;

  g_signal_connect (attempt, "notify::language", G_CALLBACK (count_cb), &language_notifies);
  g_signal_connect (attempt, "notify::learner", G_CALLBACK (count_cb), &learner_notifies);

  imtehan_attempt_set_language (attempt, "ur");
  g_assert_cmpstr (imtehan_attempt_get_language (attempt), ==, "ur");
  g_assert_cmpuint (language_notifies, ==, 1);
  imtehan_attempt_set_language (attempt, "ur");
  g_assert_cmpuint (language_notifies, ==, 1);
  /* No language means English. */
  imtehan_attempt_set_language (attempt, NULL);
  g_assert_cmpstr (imtehan_attempt_get_language (attempt), ==, "en");
  g_assert_cmpuint (language_notifies, ==, 2);
  imtehan_attempt_set_language (attempt, "");
  g_assert_cmpstr (imtehan_attempt_get_language (attempt), ==, "en");
  g_assert_cmpuint (language_notifies, ==, 2);

  imtehan_attempt_set_learner (attempt, "Ayesha");
  g_assert_cmpstr (imtehan_attempt_get_learner (attempt), ==, "Ayesha");
  g_assert_cmpuint (learner_notifies, ==, 1);
  imtehan_attempt_set_learner (attempt, NULL);
  g_assert_cmpstr (imtehan_attempt_get_learner (attempt), ==, "");
  g_assert_cmpuint (learner_notifies, ==, 2);
  imtehan_attempt_set_learner (attempt, "");
  g_assert_cmpuint (learner_notifies, ==, 2);

  g_signal_handlers_disconnect_by_func (attempt, count_cb, &language_notifies);
  g_signal_handlers_disconnect_by_func (attempt, count_cb, &learner_notifies);
  g_assert_finalize_object (attempt);
}

static void
test_choose (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 7);
  const char *right = right_choice (quiz, 2);
  const char *wrong = wrong_choice (quiz, 2);
  Counts counts;

  counts_watch (&counts, attempt);

  /* Choose: the count changes. */
  g_assert_true (imtehan_attempt_choose (attempt, 2, wrong));
  g_assert_cmpstr (imtehan_attempt_get_answer (attempt, 2), ==, wrong);
  g_assert_false (imtehan_attempt_is_correct (attempt, 2));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 1);
  g_assert_cmpuint (counts.n_answered_notifies, ==, 1);
  g_assert_cmpuint (counts.changed->len, ==, 1);
  g_assert_cmpuint (g_array_index (counts.changed, guint, 0), ==, 2);

  /* Choosing the same again changes nothing. */
  g_assert_true (imtehan_attempt_choose (attempt, 2, wrong));
  g_assert_cmpuint (counts.n_answered_notifies, ==, 1);
  g_assert_cmpuint (counts.changed->len, ==, 1);

  /* Change: the answer changes, the count does not. */
  g_assert_true (imtehan_attempt_choose (attempt, 2, right));
  g_assert_cmpstr (imtehan_attempt_get_answer (attempt, 2), ==, right);
  g_assert_true (imtehan_attempt_is_correct (attempt, 2));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 1);
  g_assert_cmpuint (counts.n_answered_notifies, ==, 1);
  g_assert_cmpuint (counts.changed->len, ==, 2);
  g_assert_cmpuint (g_array_index (counts.changed, guint, 1), ==, 2);

  /* Another question. */
  g_assert_true (imtehan_attempt_choose (attempt, 7, right_choice (quiz, 7)));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 2);
  g_assert_cmpuint (counts.n_answered_notifies, ==, 2);
  g_assert_cmpuint (counts.changed->len, ==, 3);
  g_assert_cmpuint (g_array_index (counts.changed, guint, 2), ==, 7);

  /* Clear. */
  g_assert_true (imtehan_attempt_choose (attempt, 2, NULL));
  g_assert_null (imtehan_attempt_get_answer (attempt, 2));
  g_assert_false (imtehan_attempt_is_correct (attempt, 2));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 1);
  g_assert_cmpuint (counts.n_answered_notifies, ==, 3);
  g_assert_cmpuint (counts.changed->len, ==, 4);
  g_assert_cmpuint (g_array_index (counts.changed, guint, 3), ==, 2);

  /* Clearing an unanswered question changes nothing. */
  g_assert_true (imtehan_attempt_choose (attempt, 2, NULL));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 1);
  g_assert_cmpuint (counts.n_answered_notifies, ==, 3);
  g_assert_cmpuint (counts.changed->len, ==, 4);

  g_assert_cmpuint (counts.current_notifies, ==, 0);
  g_assert_cmpuint (counts.finished_notifies, ==, 0);

  counts_unwatch (&counts, attempt);
  g_assert_finalize_object (attempt);
}

static void
test_choose_unknown (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 7);
  const char *right = right_choice (quiz, 0);
  Counts counts;

  g_assert_true (imtehan_attempt_choose (attempt, 0, right));
  counts_watch (&counts, attempt);

  /* A choice of another question is not a choice of this one. */
  g_assert_false (imtehan_attempt_choose (attempt, 0, "no-such-choice"));
  g_assert_false (imtehan_attempt_choose (attempt, 0, right_choice (quiz, 1)));
  g_assert_false (imtehan_attempt_choose (attempt, 1, "no-such-choice"));
  g_assert_false (imtehan_attempt_choose (attempt, 0, ""));

  g_assert_cmpstr (imtehan_attempt_get_answer (attempt, 0), ==, right);
  g_assert_null (imtehan_attempt_get_answer (attempt, 1));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 1);
  g_assert_cmpuint (counts.n_answered_notifies, ==, 0);
  g_assert_cmpuint (counts.changed->len, ==, 0);

  counts_unwatch (&counts, attempt);
  g_assert_finalize_object (attempt);
}

static void
test_navigation (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 7);
  Counts counts;

  counts_watch (&counts, attempt);

  g_assert_false (imtehan_attempt_go_previous (attempt));
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 0);
  g_assert_cmpuint (counts.current_notifies, ==, 0);

  for (guint i = 1; i < 8; i++)
    {
      g_assert_true (imtehan_attempt_go_next (attempt));
      g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, i);
      g_assert_cmpuint (counts.current_notifies, ==, i);
    }
  g_assert_false (imtehan_attempt_go_next (attempt));
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 7);
  g_assert_cmpuint (counts.current_notifies, ==, 7);

  g_assert_true (imtehan_attempt_go_previous (attempt));
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 6);
  g_assert_cmpuint (counts.current_notifies, ==, 8);

  imtehan_attempt_set_current (attempt, 3);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 3);
  g_assert_cmpuint (counts.current_notifies, ==, 9);

  /* The same index again: no notification. */
  imtehan_attempt_set_current (attempt, 3);
  g_assert_cmpuint (counts.current_notifies, ==, 9);

  /* Through the property too. */
  g_object_set (attempt, "current", 0, NULL);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 0);
  g_assert_cmpuint (counts.current_notifies, ==, 10);

  /* Out of range is a programming error, and changes nothing. */
  g_test_expect_message ("imtehan-attempt", G_LOG_LEVEL_CRITICAL, "*index < self->n_slots*");
  imtehan_attempt_set_current (attempt, 8);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 0);
  g_assert_cmpuint (counts.current_notifies, ==, 10);

  g_assert_cmpuint (counts.changed->len, ==, 0);
  counts_unwatch (&counts, attempt);
  g_assert_finalize_object (attempt);
}

static void
test_finish (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 7);
  g_autoptr(GDateTime) before = NULL;
  GDateTime *finished_at;
  Counts counts;

  g_assert_true (imtehan_attempt_choose (attempt, 0, right_choice (quiz, 0)));
  g_assert_true (imtehan_attempt_choose (attempt, 1, wrong_choice (quiz, 1)));
  /* No partial score while in progress. */
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, 0);

  counts_watch (&counts, attempt);
  before = g_date_time_new_now_utc ();
  g_assert_true (imtehan_attempt_finish (attempt));
  g_assert_true (imtehan_attempt_get_finished (attempt));
  g_assert_cmpuint (counts.finished_notifies, ==, 1);
  g_assert_cmpuint (counts.score_notifies, ==, 1);
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, 1);

  finished_at = imtehan_attempt_get_finished_at (attempt);
  g_assert_nonnull (finished_at);
  g_assert_cmpint (g_date_time_get_utc_offset (finished_at), ==, 0);
  g_assert_cmpint (g_date_time_compare (finished_at, imtehan_attempt_get_started (attempt)), >=, 0);
  g_assert_cmpint (g_date_time_difference (before, finished_at), <, G_TIME_SPAN_SECOND);

  /* Finished: answers are final. */
  g_assert_false (imtehan_attempt_choose (attempt, 1, right_choice (quiz, 1)));
  g_assert_false (imtehan_attempt_choose (attempt, 2, right_choice (quiz, 2)));
  g_assert_false (imtehan_attempt_choose (attempt, 0, NULL));
  g_assert_cmpstr (imtehan_attempt_get_answer (attempt, 0), ==, right_choice (quiz, 0));
  g_assert_cmpstr (imtehan_attempt_get_answer (attempt, 1), ==, wrong_choice (quiz, 1));
  g_assert_null (imtehan_attempt_get_answer (attempt, 2));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 2);
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, 1);
  g_assert_cmpuint (counts.changed->len, ==, 0);
  g_assert_cmpuint (counts.n_answered_notifies, ==, 0);

  /* Twice: no. */
  g_assert_false (imtehan_attempt_finish (attempt));
  g_assert_true (imtehan_attempt_get_finished_at (attempt) == finished_at);
  g_assert_cmpuint (counts.finished_notifies, ==, 1);

  counts_unwatch (&counts, attempt);
  g_assert_finalize_object (attempt);
}

static void
test_score_all_correct (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 99);
  guint score = 0;

  for (guint i = 0; i < 8; i++)
    g_assert_true (imtehan_attempt_choose (attempt, i, right_choice (quiz, i)));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 8);
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, 0);
  g_assert_true (imtehan_attempt_finish (attempt));
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, 8);
  g_object_get (attempt, "score", &score, NULL);
  g_assert_cmpuint (score, ==, 8);

  g_assert_finalize_object (attempt);
}

static void
test_score_all_wrong (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 99);

  for (guint i = 0; i < 8; i++)
    g_assert_true (imtehan_attempt_choose (attempt, i, wrong_choice (quiz, i)));
  g_assert_true (imtehan_attempt_finish (attempt));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 8);
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, 0);

  g_assert_finalize_object (attempt);
}

static void
test_score_none_answered (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 99);

  g_assert_true (imtehan_attempt_finish (attempt));
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, 0);

  g_assert_finalize_object (attempt);
}

static void
test_score_mixed (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();

  /* Each of the 3^8 patterns would be slow to no purpose: a few distinct ones. */
  for (guint pattern = 0; pattern < 40; pattern++)
    {
      ImtehanAttempt *attempt = imtehan_attempt_new (quiz, pattern + 1);
      GRand *rand = g_rand_new_with_seed (pattern);
      guint expected = 0;

      for (guint i = 0; i < 8; i++)
        {
          ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);
          guint n = imtehan_question_get_n_choices (question);
          gint pick = g_rand_int_range (rand, -1, n);
          const char *choice;

          if (pick < 0)
            continue;
          choice = imtehan_question_get_choice_id (question, pick);
          g_assert_true (imtehan_attempt_choose (attempt, i, choice));
          if (g_str_equal (choice, imtehan_question_get_answer (question)))
            expected++;
        }

      g_assert_true (imtehan_attempt_finish (attempt));
      g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, expected);
      g_rand_free (rand);
      g_assert_finalize_object (attempt);
    }

  /* And one by hand: questions 0, 3 and 5 right, 1 and 6 wrong, the rest unanswered. */
  {
    ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 5);

    g_assert_true (imtehan_attempt_choose (attempt, 0, right_choice (quiz, 0)));
    g_assert_true (imtehan_attempt_choose (attempt, 1, wrong_choice (quiz, 1)));
    g_assert_true (imtehan_attempt_choose (attempt, 3, right_choice (quiz, 3)));
    g_assert_true (imtehan_attempt_choose (attempt, 5, right_choice (quiz, 5)));
    g_assert_true (imtehan_attempt_choose (attempt, 6, wrong_choice (quiz, 6)));
    g_assert_true (imtehan_attempt_finish (attempt));
    g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 5);
    g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, 3);
    g_assert_finalize_object (attempt);
  }
}

static gboolean
is_permutation_of_choices (ImtehanQuestion    *question,
                           const char * const *order)
{
  guint n = imtehan_question_get_n_choices (question);

  if (g_strv_length ((char **)order) != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!g_strv_contains (order, imtehan_question_get_choice_id (question, i)))
      return FALSE;
  return TRUE;
}

static gboolean
is_file_order (ImtehanQuestion    *question,
               const char * const *order)
{
  for (guint i = 0; i < imtehan_question_get_n_choices (question); i++)
    if (g_strcmp0 (order[i], imtehan_question_get_choice_id (question, i)) != 0)
      return FALSE;
  return TRUE;
}

static void
test_shuffle_reproducible (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();

  for (guint32 seed = 1; seed < 50; seed++)
    {
      ImtehanAttempt *a = imtehan_attempt_new (quiz, seed);
      ImtehanAttempt *b = imtehan_attempt_new (quiz, seed);

      g_assert_true (same_orders (a, b));
      for (guint i = 0; i < 8; i++)
        g_assert_true (is_permutation_of_choices (imtehan_quiz_get_question (quiz, i),
                                                  imtehan_attempt_get_choice_order (a, i)));

      g_assert_finalize_object (a);
      g_assert_finalize_object (b);
    }
}

static void
test_shuffle_seeds_differ (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  ImtehanAttempt *first = imtehan_attempt_new (quiz, 1);
  guint n_different = 0;
  guint n_file_order[8] = { 0 };
  guint n_questions_shuffled = 0;

  for (guint32 seed = 2; seed < 202; seed++)
    {
      ImtehanAttempt *attempt = imtehan_attempt_new (quiz, seed);

      if (!same_orders (first, attempt))
        n_different++;
      for (guint i = 0; i < 8; i++)
        if (is_file_order (imtehan_quiz_get_question (quiz, i),
                           imtehan_attempt_get_choice_order (attempt, i)))
          n_file_order[i]++;

      g_assert_finalize_object (attempt);
    }

  /* Different seeds give different orders... */
  g_assert_cmpuint (n_different, >, 190);
  /* ...and for every question the file order is one order among 24, not the rule: over
   * 200 seeds it would be about 8 times, with the answer always in the same place. */
  for (guint i = 0; i < 8; i++)
    {
      g_test_message ("question %u: file order %u times in 200", i, n_file_order[i]);
      g_assert_cmpuint (n_file_order[i], <, 40);
      if (n_file_order[i] < 200)
        n_questions_shuffled++;
    }
  g_assert_cmpuint (n_questions_shuffled, ==, 8);

  g_assert_finalize_object (first);
}

/* Every position of the answer occurs: the shuffle does not favour one place. */
static void
test_shuffle_answer_positions (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  guint positions[4] = { 0 };

  for (guint32 seed = 1; seed <= 400; seed++)
    {
      ImtehanAttempt *attempt = imtehan_attempt_new (quiz, seed);
      const char * const *order = imtehan_attempt_get_choice_order (attempt, 0);

      for (guint p = 0; p < 4; p++)
        if (g_str_equal (order[p], right_choice (quiz, 0)))
          positions[p]++;
      g_assert_finalize_object (attempt);
    }

  for (guint p = 0; p < 4; p++)
    {
      g_test_message ("answer at %u: %u times in 400", p, positions[p]);
      g_assert_cmpuint (positions[p], >, 50);
    }
}

/* Answers are kept by choice id, so the order shown does not change what is correct. */
static void
test_answers_by_id (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  ImtehanAttempt *a = imtehan_attempt_new (quiz, 3);
  ImtehanAttempt *b = NULL;
  guint32 seed;

  for (seed = 4; seed < 100; seed++)
    {
      b = imtehan_attempt_new (quiz, seed);
      if (!same_orders (a, b))
        break;
      g_assert_finalize_object (b);
      b = NULL;
    }
  g_assert_nonnull (b);

  for (guint i = 0; i < 8; i++)
    {
      g_assert_true (imtehan_attempt_choose (a, i, right_choice (quiz, i)));
      g_assert_true (imtehan_attempt_choose (b, i, right_choice (quiz, i)));
      g_assert_true (imtehan_attempt_is_correct (a, i));
      g_assert_true (imtehan_attempt_is_correct (b, i));
    }
  g_assert_true (imtehan_attempt_finish (a));
  g_assert_true (imtehan_attempt_finish (b));
  g_assert_cmpuint (imtehan_attempt_get_score (a), ==, 8);
  g_assert_cmpuint (imtehan_attempt_get_score (b), ==, 8);

  g_assert_finalize_object (a);
  g_assert_finalize_object (b);
}

static void
checked_cb (ImtehanAttempt *attempt,
            guint           index,
            GArray         *indices)
{
  g_array_append_val (indices, index);
}

static void
test_check (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autoptr(ImtehanAttempt) exam = imtehan_attempt_new (quiz, 4);
  g_autoptr(ImtehanAttempt) practice = imtehan_attempt_new (quiz, 4);
  g_autoptr(GArray) indices = g_array_new (FALSE, FALSE, sizeof (guint));

  /* An exam defers all feedback: nothing is checked or locked. */
  g_assert_true (imtehan_attempt_choose (exam, 0, right_choice (quiz, 0)));
  g_assert_false (imtehan_attempt_check (exam, 0));
  g_assert_false (imtehan_attempt_is_checked (exam, 0));
  g_assert_true (imtehan_attempt_choose (exam, 0, wrong_choice (quiz, 0)));
  /* Its rules are fixed once a question is answered. */
  g_assert_false (imtehan_attempt_set_mode (exam, IMTEHAN_MODE_PRACTICE));
  g_assert_false (imtehan_attempt_set_time_limit (exam, 60));
  g_assert_cmpint (imtehan_attempt_get_mode (exam), ==, IMTEHAN_MODE_EXAM);
  g_assert_null (imtehan_attempt_get_deadline (exam));

  g_signal_connect (practice, "answer-checked", G_CALLBACK (checked_cb), indices);
  g_assert_true (imtehan_attempt_set_mode (practice, IMTEHAN_MODE_PRACTICE));
  g_assert_false (imtehan_attempt_check (practice, 2));
  g_assert_false (imtehan_attempt_is_checked (practice, 2));
  g_assert_true (imtehan_attempt_choose (practice, 2, wrong_choice (quiz, 2)));
  g_assert_true (imtehan_attempt_choose (practice, 2, right_choice (quiz, 2)));
  g_assert_true (imtehan_attempt_check (practice, 2));
  g_assert_true (imtehan_attempt_is_checked (practice, 2));
  g_assert_true (imtehan_attempt_check (practice, 2));
  g_assert_cmpuint (indices->len, ==, 1);
  g_assert_cmpuint (g_array_index (indices, guint, 0), ==, 2);

  /* Locked: neither another choice nor clearing it; the same choice changes nothing. */
  g_assert_false (imtehan_attempt_choose (practice, 2, wrong_choice (quiz, 2)));
  g_assert_false (imtehan_attempt_choose (practice, 2, NULL));
  g_assert_true (imtehan_attempt_choose (practice, 2, right_choice (quiz, 2)));
  g_assert_cmpstr (imtehan_attempt_get_answer (practice, 2), ==, right_choice (quiz, 2));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (practice), ==, 1);

  g_assert_true (imtehan_attempt_choose (practice, 3, right_choice (quiz, 3)));
  g_assert_true (imtehan_attempt_finish (practice));
  g_assert_false (imtehan_attempt_check (practice, 3));
  g_assert_cmpuint (indices->len, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/attempt/new", test_new);
  g_test_add_func ("/attempt/random-seed", test_random_seed);
  g_test_add_func ("/attempt/language-learner", test_language_learner);
  g_test_add_func ("/attempt/choose", test_choose);
  g_test_add_func ("/attempt/choose-unknown", test_choose_unknown);
  g_test_add_func ("/attempt/navigation", test_navigation);
  g_test_add_func ("/attempt/finish", test_finish);
  g_test_add_func ("/attempt/score/all-correct", test_score_all_correct);
  g_test_add_func ("/attempt/score/all-wrong", test_score_all_wrong);
  g_test_add_func ("/attempt/score/none-answered", test_score_none_answered);
  g_test_add_func ("/attempt/score/mixed", test_score_mixed);
  g_test_add_func ("/attempt/shuffle/reproducible", test_shuffle_reproducible);
  g_test_add_func ("/attempt/shuffle/seeds-differ", test_shuffle_seeds_differ);
  g_test_add_func ("/attempt/shuffle/answer-positions", test_shuffle_answer_positions);
  g_test_add_func ("/attempt/shuffle/answers-by-id", test_answers_by_id);
  g_test_add_func ("/attempt/check", test_check);

  return g_test_run ();
}
