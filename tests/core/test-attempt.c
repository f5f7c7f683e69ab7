/* test-attempt.c: answering, navigating, scoring, shuffling and saving an attempt
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"

#define BUNDLED_QUIZ QUIZ_DIR "/zero-sharded-optimizers.quiz"

static ImtehanQuiz *
load_quiz (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (BUNDLED_QUIZ);
  g_autoptr(GError) error = NULL;
  ImtehanQuiz *quiz = imtehan_quiz_new_from_file (file, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (quiz);
  return quiz;
}

/* The first choice of question @index that is not its answer. */
static const char *
wrong_choice (ImtehanQuiz *quiz,
              guint        index)
{
  ImtehanQuestion *question = imtehan_quiz_get_question (quiz, index);

  for (guint i = 0; i < imtehan_question_get_n_choices (question); i++)
    {
      const char *choice = imtehan_question_get_choice_id (question, i);

      if (g_strcmp0 (choice, imtehan_question_get_answer (question)) != 0)
        return choice;
    }
  g_assert_not_reached ();
}

static const char *
right_choice (ImtehanQuiz *quiz,
              guint        index)
{
  return imtehan_question_get_answer (imtehan_quiz_get_question (quiz, index));
}

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

static gboolean
same_orders (ImtehanAttempt *a,
             ImtehanAttempt *b)
{
  for (guint i = 0; i < imtehan_attempt_get_n_questions (a); i++)
    if (!g_strv_equal ((const char * const *)imtehan_attempt_get_choice_order (a, i),
                       (const char * const *)imtehan_attempt_get_choice_order (b, i)))
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

static ImtehanAttempt *
load_data (ImtehanQuiz  *quiz,
           const char   *data,
           GError      **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, strlen (data));

  return imtehan_attempt_new_from_bytes (quiz, bytes, "attempt.ini", error);
}

static void
assert_same_attempt (ImtehanAttempt *a,
                     ImtehanAttempt *b)
{
  g_assert_cmpstr (imtehan_attempt_get_id (a), ==, imtehan_attempt_get_id (b));
  g_assert_cmpuint (imtehan_attempt_get_seed (a), ==, imtehan_attempt_get_seed (b));
  g_assert_cmpstr (imtehan_attempt_get_language (a), ==, imtehan_attempt_get_language (b));
  g_assert_cmpstr (imtehan_attempt_get_learner (a), ==, imtehan_attempt_get_learner (b));
  g_assert_cmpuint (imtehan_attempt_get_current (a), ==, imtehan_attempt_get_current (b));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (a), ==, imtehan_attempt_get_n_answered (b));
  g_assert_cmpint (imtehan_attempt_get_finished (a), ==, imtehan_attempt_get_finished (b));
  g_assert_cmpuint (imtehan_attempt_get_score (a), ==, imtehan_attempt_get_score (b));
  g_assert_true (g_date_time_equal (imtehan_attempt_get_started (a),
                                    imtehan_attempt_get_started (b)));
  if (imtehan_attempt_get_finished (a))
    g_assert_true (g_date_time_equal (imtehan_attempt_get_finished_at (a),
                                      imtehan_attempt_get_finished_at (b)));
  else
    g_assert_null (imtehan_attempt_get_finished_at (b));

  g_assert_cmpuint (imtehan_attempt_get_n_questions (a), ==, imtehan_attempt_get_n_questions (b));
  for (guint i = 0; i < imtehan_attempt_get_n_questions (a); i++)
    {
      g_assert_cmpstr (imtehan_attempt_get_answer (a, i), ==, imtehan_attempt_get_answer (b, i));
      g_assert_cmpstrv (imtehan_attempt_get_choice_order (a, i),
                        imtehan_attempt_get_choice_order (b, i));
    }
}

static void
test_round_trip_in_progress (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autoptr(GError) error = NULL;
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 123456);
  ImtehanAttempt *loaded = NULL;
  g_autofree char *data = NULL;
  g_autofree char *again = NULL;
  gsize length = 0;

  imtehan_attempt_set_language (attempt, "ur");
  imtehan_attempt_set_learner (attempt, "عائشہ صدیقی; Ayesha = \"A.S.\"");
  g_assert_true (imtehan_attempt_choose (attempt, 1, right_choice (quiz, 1)));
  g_assert_true (imtehan_attempt_choose (attempt, 4, wrong_choice (quiz, 4)));
  imtehan_attempt_set_current (attempt, 5);

  data = imtehan_attempt_to_data (attempt, &length);
  g_assert_cmpuint (length, ==, strlen (data));
  g_assert_true (g_str_has_prefix (data, "[Attempt]\n"));

  loaded = load_data (quiz, data, &error);
  g_assert_no_error (error);
  assert_same_attempt (attempt, loaded);
  g_assert_cmpstr (imtehan_attempt_get_language (loaded), ==, "ur");
  g_assert_cmpstr (imtehan_attempt_get_learner (loaded), ==, "عائشہ صدیقی; Ayesha = \"A.S.\"");
  g_assert_cmpuint (imtehan_attempt_get_current (loaded), ==, 5);
  g_assert_cmpuint (imtehan_attempt_get_seed (loaded), ==, 123456);
  g_assert_cmpuint (imtehan_attempt_get_n_answered (loaded), ==, 2);
  g_assert_false (imtehan_attempt_get_finished (loaded));

  /* A loaded attempt goes on: it can be answered and finished. */
  g_assert_true (imtehan_attempt_choose (loaded, 4, right_choice (quiz, 4)));
  g_assert_true (imtehan_attempt_finish (loaded));
  g_assert_cmpuint (imtehan_attempt_get_score (loaded), ==, 2);

  /* And saving the unchanged one again gives the same data. */
  again = imtehan_attempt_to_data (attempt, NULL);
  g_assert_cmpstr (again, ==, data);

  g_assert_finalize_object (loaded);
  g_assert_finalize_object (attempt);
}

static void
test_round_trip_finished (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autoptr(GError) error = NULL;
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, G_MAXUINT32);
  ImtehanAttempt *loaded = NULL;
  g_autofree char *data = NULL;
  g_autofree char *data2 = NULL;

  for (guint i = 0; i < 8; i++)
    g_assert_true (imtehan_attempt_choose (attempt, i, i % 2 ? right_choice (quiz, i)
                                                             : wrong_choice (quiz, i)));
  imtehan_attempt_set_current (attempt, 7);
  g_assert_true (imtehan_attempt_finish (attempt));
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, 4);

  data = imtehan_attempt_to_data (attempt, NULL);
  loaded = load_data (quiz, data, &error);
  g_assert_no_error (error);
  assert_same_attempt (attempt, loaded);
  g_assert_true (imtehan_attempt_get_finished (loaded));
  g_assert_cmpuint (imtehan_attempt_get_score (loaded), ==, 4);
  g_assert_cmpuint (imtehan_attempt_get_seed (loaded), ==, G_MAXUINT32);
  g_assert_false (imtehan_attempt_choose (loaded, 0, right_choice (quiz, 0)));

  data2 = imtehan_attempt_to_data (loaded, NULL);
  g_assert_cmpstr (data2, ==, data);

  g_assert_finalize_object (loaded);
  g_assert_finalize_object (attempt);
}

/* Replaces (or with @value NULL removes) the line "key=..." of [group] in @data; returns
 * the new text and, in @line, the 1-based number of that line. */
static char *
edit_line (const char *data,
           const char *group,
           const char *key,
           const char *value,
           guint      *line)
{
  g_auto(GStrv) lines = g_strsplit (data, "\n", -1);
  g_autofree char *header = g_strdup_printf ("[%s]", group);
  g_autofree char *prefix = g_strconcat (key, "=", NULL);
  g_autoptr(GString) out = g_string_new (NULL);
  gboolean in_group = FALSE;
  gboolean done = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '[')
        in_group = g_str_equal (lines[i], header);
      if (in_group && !done && g_str_has_prefix (lines[i], prefix))
        {
          *line = i + 1;
          done = TRUE;
          if (value == NULL)
            continue;
          g_string_append_printf (out, "%s=%s", key, value);
        }
      else
        g_string_append (out, lines[i]);
      if (lines[i + 1] != NULL)
        g_string_append_c (out, '\n');
    }

  g_assert_true (done);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
test_saved_order_wins (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autoptr(GError) error = NULL;
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 11);
  ImtehanAttempt *other = NULL;
  ImtehanAttempt *loaded = NULL;
  g_autofree char *data = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *seed = NULL;
  guint32 other_seed;
  guint line = 0;

  for (other_seed = 12; other_seed < 100; other_seed++)
    {
      other = imtehan_attempt_new (quiz, other_seed);
      if (!same_orders (attempt, other))
        break;
      g_assert_finalize_object (other);
      other = NULL;
    }
  g_assert_nonnull (other);

  data = imtehan_attempt_to_data (attempt, NULL);
  seed = g_strdup_printf ("%u", other_seed);
  edited = edit_line (data, "Attempt", "Seed", seed, &line);

  loaded = load_data (quiz, edited, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (imtehan_attempt_get_seed (loaded), ==, other_seed);
  g_assert_true (same_orders (loaded, attempt));
  g_assert_false (same_orders (loaded, other));

  g_assert_finalize_object (loaded);
  g_assert_finalize_object (other);
  g_assert_finalize_object (attempt);
}

/* An Order that no longer fits the quiz (edited since) falls back to the seed. */
static void
test_stale_order_uses_seed (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autoptr(GError) error = NULL;
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 11);
  ImtehanAttempt *loaded = NULL;
  g_autofree char *data = NULL;
  g_autofree char *edited = NULL;
  guint line = 0;

  data = imtehan_attempt_to_data (attempt, NULL);
  edited = edit_line (data, "Question redundancy", "Order",
                      "replicated-states;replicated-data;gone;redundant-all-reduce;", &line);
  loaded = load_data (quiz, edited, &error);
  g_assert_no_error (error);
  g_assert_true (same_orders (loaded, attempt));

  g_assert_finalize_object (loaded);
  g_assert_finalize_object (attempt);
}

/* Times are kept in UTC: a time written with an offset is the same instant, saved with Z. */
static void
test_started_with_offset (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) expected = g_date_time_new_utc (2024, 3, 1, 5, 0, 0);
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 11);
  ImtehanAttempt *loaded = NULL;
  g_autofree char *data = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *saved = NULL;
  guint line = 0;

  data = imtehan_attempt_to_data (attempt, NULL);
  edited = edit_line (data, "Attempt", "Started", "2024-03-01T10:00:00+05:00", &line);
  loaded = load_data (quiz, edited, &error);
  g_assert_no_error (error);
  g_assert_true (g_date_time_equal (imtehan_attempt_get_started (loaded), expected));

  saved = imtehan_attempt_to_data (loaded, NULL);
  g_assert_nonnull (strstr (saved, "\nStarted=2024-03-01T05:00:00Z\n"));

  g_assert_finalize_object (loaded);
  g_assert_finalize_object (attempt);
}

/* The bundled quiz with one more comment: the same id, Version and questions, another file. */
static ImtehanQuiz *
load_edited_quiz (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *edited = NULL;
  g_autoptr(GBytes) bytes = NULL;
  ImtehanQuiz *quiz;

  g_assert_true (g_file_get_contents (BUNDLED_QUIZ, &contents, NULL, NULL));
  edited = g_strconcat (contents, "\n# A teacher's note, added later.\n", NULL);
  bytes = g_bytes_new (edited, strlen (edited));
  quiz = imtehan_quiz_new_from_bytes (bytes, "edited.quiz", &error);
  g_assert_no_error (error);
  return quiz;
}

/* The attempt records the digest of its quiz, and keeps it when loaded with a quiz that has
 * changed since: the report tells from it, and resuming does not depend on it. */
static void
test_quiz_digest (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autoptr(ImtehanQuiz) edited = load_edited_quiz ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (quiz, 9);
  g_autoptr(ImtehanAttempt) loaded = NULL;
  g_autoptr(ImtehanAttempt) on_edited = NULL;
  g_autoptr(ImtehanAttempt) fresh = imtehan_attempt_new (edited, 9);
  g_autofree char *line = g_strconcat ("\nQuizDigest=", imtehan_quiz_get_digest (quiz), "\n",
                                       NULL);
  g_autofree char *data = NULL;
  g_autofree char *again = NULL;

  g_assert_cmpstr (imtehan_quiz_get_id (edited), ==, imtehan_quiz_get_id (quiz));
  g_assert_cmpuint (imtehan_quiz_get_version (edited), ==, imtehan_quiz_get_version (quiz));
  g_assert_cmpstr (imtehan_quiz_get_digest (edited), !=, imtehan_quiz_get_digest (quiz));

  g_assert_cmpstr (imtehan_attempt_get_quiz_digest (attempt), ==, imtehan_quiz_get_digest (quiz));
  g_assert_cmpstr (imtehan_attempt_get_quiz_digest (fresh), ==, imtehan_quiz_get_digest (edited));
  data = imtehan_attempt_to_data (attempt, NULL);
  g_assert_nonnull (strstr (data, line));

  loaded = load_data (quiz, data, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (imtehan_attempt_get_quiz_digest (loaded), ==, imtehan_quiz_get_digest (quiz));

  /* Loaded, answered and saved with the edited quiz, it still names the one it began on. */
  on_edited = load_data (edited, data, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (imtehan_attempt_get_quiz_digest (on_edited), ==, imtehan_quiz_get_digest (quiz));
  g_assert_true (imtehan_attempt_choose (on_edited, 0, right_choice (edited, 0)));
  again = imtehan_attempt_to_data (on_edited, NULL);
  g_assert_nonnull (strstr (again, line));
}

/* A file saved before attempts recorded QuizDigest: read, resumed and saved again without
 * one, since nobody knows which file its quiz was. */
static void
test_without_digest (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanAttempt) loaded = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *empty = NULL;
  guint line = 0;

  g_assert_true (g_file_get_contents (TEST_DATA_DIR "/attempt-without-digest.ini", &contents,
                                      NULL, NULL));
  g_assert_null (strstr (contents, "\nQuizDigest="));
  g_assert_nonnull (strstr (contents, "\nVersion=1\n"));
  loaded = load_data (quiz, contents, &error);
  g_assert_no_error (error);
  g_assert_null (imtehan_attempt_get_quiz_digest (loaded));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (loaded), ==, 3);
  g_assert_false (imtehan_attempt_get_finished (loaded));

  g_assert_true (imtehan_attempt_choose (loaded, 2, right_choice (quiz, 2)));
  saved = imtehan_attempt_to_data (loaded, NULL);
  g_assert_null (strstr (saved, "\nQuizDigest="));

  /* An empty value says the same. */
  g_clear_object (&loaded);
  empty = edit_line (contents, "Attempt", "QuizVersion", "2\nQuizDigest=", &line);
  loaded = load_data (quiz, empty, &error);
  g_assert_no_error (error);
  g_assert_null (imtehan_attempt_get_quiz_digest (loaded));
}

/* Attempt files written by the first release (Version=1, before the lab's keys) stay readable
 * and resumable by every later one (issue 16). They were made by that release's own code, and
 * are read with the copy of the quiz they were taken on, so that an edit of the bundled quiz
 * does not turn this test into a different one. */
#define V1_DIR TEST_DATA_DIR "/attempts-v1"

typedef struct
{
  const char *name;
  const char *language;
  const char *learner;
  gboolean    finished;
  guint       n_answered;
  guint       current;
} V1Fixture;

static const V1Fixture v1_fixtures[] = {
  { "20261201T195016Z-ffe8e4ca.ini", "en", "Ayesha Khan", TRUE, 8, 0 },
  { "20261201T195016Z-cfe43cb3.ini", "ur", "عائشہ خان", FALSE, 2, 4 },
  { "20261201T195016Z-da7409eb.ini", "en", "", FALSE, 1, 1 },
  { "20261201T195016Z-11020c5e.ini", "ur", "", TRUE, 5, 0 },
};

static ImtehanQuiz *
load_v1_quiz (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (V1_DIR "/zero-sharded-optimizers.quiz");
  g_autoptr(GError) error = NULL;
  ImtehanQuiz *quiz = imtehan_quiz_new_from_file (file, NULL, &error);

  g_assert_no_error (error);
  return quiz;
}

static void
test_version_1_fixtures (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_v1_quiz ();

  for (guint f = 0; f < G_N_ELEMENTS (v1_fixtures); f++)
    {
      const V1Fixture *fixture = &v1_fixtures[f];
      g_autofree char *path = g_build_filename (V1_DIR, fixture->name, NULL);
      g_autofree char *contents = NULL;
      g_autofree char *saved = NULL;
      g_autoptr(GKeyFile) key_file = g_key_file_new ();
      g_autoptr(ImtehanAttempt) loaded = NULL;
      g_autoptr(ImtehanAttempt) again = NULL;
      g_autoptr(GError) error = NULL;
      guint score = 0;

      g_test_message ("%s", fixture->name);
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      g_assert_nonnull (strstr (contents, "\nVersion=1\n"));
      g_assert_true (g_key_file_load_from_data (key_file, contents, -1, G_KEY_FILE_NONE, NULL));

      loaded = load_data (quiz, contents, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (imtehan_attempt_get_language (loaded), ==, fixture->language);
      g_assert_cmpstr (imtehan_attempt_get_learner (loaded), ==, fixture->learner);
      g_assert_cmpint (imtehan_attempt_get_finished (loaded), ==, fixture->finished);
      g_assert_cmpuint (imtehan_attempt_get_n_answered (loaded), ==, fixture->n_answered);
      g_assert_cmpuint (imtehan_attempt_get_current (loaded), ==, fixture->current);
      for (guint i = 0; i < imtehan_attempt_get_n_questions (loaded); i++)
        if (imtehan_attempt_is_correct (loaded, i))
          score++;
      if (fixture->finished)
        g_assert_cmpint (imtehan_attempt_get_score (loaded), ==,
                         g_key_file_get_integer (key_file, "Attempt", "Score", NULL));
      else
        {
          /* Resumable: it takes answers, and is saved and read back with them. */
          guint next = fixture->n_answered == 0 ? 0 : imtehan_attempt_get_n_questions (loaded) - 1;

          g_assert_null (imtehan_attempt_get_answer (loaded, next));
          g_assert_true (imtehan_attempt_choose (loaded, next, right_choice (quiz, next)));
          g_assert_true (imtehan_attempt_finish (loaded));
          g_assert_cmpuint (imtehan_attempt_get_score (loaded), ==, score + 1);
        }

      saved = imtehan_attempt_to_data (loaded, NULL);
      again = load_data (quiz, saved, &error);
      g_assert_no_error (error);
      assert_same_attempt (loaded, again);
    }
}

static char *
attempt_data (ImtehanQuiz *quiz)
{
  g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (quiz, 5);

  g_assert_true (imtehan_attempt_choose (attempt, 0, right_choice (quiz, 0)));
  return imtehan_attempt_to_data (attempt, NULL);
}

/* @prefix is "attempt.ini:%u: [group] key:" with the line number; @detail a part of the rest */
#define assert_attempt_error(quiz, data, code, prefix, detail) \
  G_STMT_START { \
    g_autoptr(GError) error_ = NULL; \
    g_autoptr(ImtehanAttempt) attempt_ = load_data ((quiz), (data), &error_); \
    g_assert_null (attempt_); \
    g_assert_error (error_, IMTEHAN_ERROR, (code)); \
    g_test_message ("%s", error_->message); \
    if (!g_str_has_prefix (error_->message, (prefix))) \
      g_assert_cmpstr (error_->message, ==, (prefix)); \
    g_assert_nonnull (strstr (error_->message, (detail))); \
  } G_STMT_END

/* An attempt with every key issue 16 added: practice, a time limit, a roll number, a checked
 * answer, finished when the time ran out. */
static ImtehanAttempt *
lab_attempt_new (ImtehanQuiz *quiz)
{
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 21);

  imtehan_attempt_set_learner (attempt, "Ayesha Khan");
  imtehan_attempt_set_roll_number (attempt, "۱۲-B");
  g_assert_true (imtehan_attempt_set_mode (attempt, IMTEHAN_MODE_PRACTICE));
  g_assert_true (imtehan_attempt_set_time_limit (attempt, 600));
  g_assert_true (imtehan_attempt_choose (attempt, 0, right_choice (quiz, 0)));
  g_assert_true (imtehan_attempt_check (attempt, 0));
  g_assert_true (imtehan_attempt_choose (attempt, 1, wrong_choice (quiz, 1)));
  return attempt;
}

static void
assert_line (const char *data,
             const char *line)
{
  g_autofree char *needle = g_strconcat ("\n", line, "\n", NULL);

  if (strstr (data, needle) == NULL)
    g_assert_cmpstr (data, ==, line);
}

static void
test_lab_keys_round_trip (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autoptr(ImtehanAttempt) attempt = lab_attempt_new (quiz);
  g_autoptr(ImtehanAttempt) loaded = NULL;
  g_autoptr(ImtehanAttempt) finished = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) expected_deadline = NULL;
  g_autofree char *data = NULL;
  g_autofree char *again = NULL;
  g_autofree char *host = g_strconcat ("Host=", g_get_host_name (), NULL);
  g_autofree char *deadline = NULL;

  g_assert_cmpstr (imtehan_attempt_get_host (attempt), ==, g_get_host_name ());
  expected_deadline = g_date_time_add_seconds (imtehan_attempt_get_started (attempt), 600);
  g_assert_true (g_date_time_equal (imtehan_attempt_get_deadline (attempt), expected_deadline));
  g_assert_cmpint (imtehan_attempt_get_finish_reason (attempt), ==, IMTEHAN_FINISH_REASON_NONE);

  data = imtehan_attempt_to_data (attempt, NULL);
  g_test_message ("%s", data);
  assert_line (data, "Version=2");
  assert_line (data, "RollNumber=۱۲-B");
  assert_line (data, host);
  assert_line (data, "Mode=practice");
  assert_line (data, "TimeLimit=600");
  deadline = g_date_time_format (expected_deadline, "Deadline=%Y-%m-%dT%H:%M:%SZ");
  assert_line (data, deadline);
  g_assert_null (strstr (data, "FinishReason="));
  g_assert_nonnull (strstr (data, "Answer=" ));
  {
    g_autoptr(GKeyFile) key_file = g_key_file_new ();
    g_autofree char *group0 = g_strconcat ("Question ",
                                           imtehan_question_get_id (imtehan_quiz_get_question (quiz, 0)),
                                           NULL);
    g_autofree char *group1 = g_strconcat ("Question ",
                                           imtehan_question_get_id (imtehan_quiz_get_question (quiz, 1)),
                                           NULL);

    g_assert_true (g_key_file_load_from_data (key_file, data, -1, G_KEY_FILE_NONE, NULL));
    g_assert_true (g_key_file_get_boolean (key_file, group0, "Checked", NULL));
    g_assert_false (g_key_file_has_key (key_file, group1, "Checked", NULL));
  }

  loaded = load_data (quiz, data, &error);
  g_assert_no_error (error);
  assert_same_attempt (attempt, loaded);
  g_assert_cmpstr (imtehan_attempt_get_roll_number (loaded), ==, "۱۲-B");
  g_assert_cmpstr (imtehan_attempt_get_host (loaded), ==, g_get_host_name ());
  g_assert_cmpint (imtehan_attempt_get_mode (loaded), ==, IMTEHAN_MODE_PRACTICE);
  g_assert_cmpuint (imtehan_attempt_get_time_limit (loaded), ==, 600);
  g_assert_true (g_date_time_equal (imtehan_attempt_get_deadline (loaded), expected_deadline));
  g_assert_true (imtehan_attempt_is_checked (loaded, 0));
  g_assert_false (imtehan_attempt_is_checked (loaded, 1));
  /* Still locked after a reload, the other answer still open. */
  g_assert_false (imtehan_attempt_choose (loaded, 0, wrong_choice (quiz, 0)));
  g_assert_true (imtehan_attempt_choose (loaded, 1, right_choice (quiz, 1)));

  g_assert_true (imtehan_attempt_finish_with_reason (loaded, IMTEHAN_FINISH_REASON_TIME_UP));
  g_assert_false (imtehan_attempt_finish (loaded));
  g_assert_cmpint (imtehan_attempt_get_finish_reason (loaded), ==, IMTEHAN_FINISH_REASON_TIME_UP);
  again = imtehan_attempt_to_data (loaded, NULL);
  assert_line (again, "FinishReason=time-up");
  finished = load_data (quiz, again, &error);
  g_assert_no_error (error);
  assert_same_attempt (loaded, finished);
  g_assert_cmpint (imtehan_attempt_get_finish_reason (finished), ==,
                   IMTEHAN_FINISH_REASON_TIME_UP);
  g_assert_cmpuint (imtehan_attempt_get_score (finished), ==, 2);
}

/* An exam without a time limit writes no time keys, and says it was submitted. */
static void
test_exam_keys (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (quiz, 3);
  g_autoptr(ImtehanAttempt) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;

  g_assert_cmpint (imtehan_attempt_get_mode (attempt), ==, IMTEHAN_MODE_EXAM);
  g_assert_null (imtehan_attempt_get_deadline (attempt));
  g_assert_true (imtehan_attempt_finish (attempt));
  g_assert_cmpint (imtehan_attempt_get_finish_reason (attempt), ==,
                   IMTEHAN_FINISH_REASON_SUBMITTED);
  data = imtehan_attempt_to_data (attempt, NULL);
  assert_line (data, "Mode=exam");
  assert_line (data, "FinishReason=submitted");
  g_assert_null (strstr (data, "\nTimeLimit="));
  g_assert_null (strstr (data, "\nDeadline="));
  g_assert_null (strstr (data, "\nRollNumber="));
  g_assert_null (strstr (data, "\nChecked="));

  loaded = load_data (quiz, data, &error);
  g_assert_no_error (error);
  g_assert_cmpint (imtehan_attempt_get_mode (loaded), ==, IMTEHAN_MODE_EXAM);
  g_assert_cmpuint (imtehan_attempt_get_time_limit (loaded), ==, 0);
  g_assert_null (imtehan_attempt_get_deadline (loaded));
  g_assert_cmpstr (imtehan_attempt_get_roll_number (loaded), ==, "");
  g_assert_cmpint (imtehan_attempt_get_finish_reason (loaded), ==,
                   IMTEHAN_FINISH_REASON_SUBMITTED);
}

/* A Version 1 file knows none of the lab's keys: an exam with no time limit on an unknown PC,
 * submitted if finished; saved again, it is Version 2 and keeps its answers. */
static void
test_version_1_defaults (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_v1_quiz ();
  g_autofree char *contents = NULL;
  g_autofree char *saved = NULL;
  g_autoptr(ImtehanAttempt) loaded = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (V1_DIR "/20261201T195016Z-ffe8e4ca.ini", &contents, NULL,
                                      NULL));
  loaded = load_data (quiz, contents, &error);
  g_assert_no_error (error);
  g_assert_cmpint (imtehan_attempt_get_mode (loaded), ==, IMTEHAN_MODE_EXAM);
  g_assert_null (imtehan_attempt_get_host (loaded));
  g_assert_cmpstr (imtehan_attempt_get_roll_number (loaded), ==, "");
  g_assert_cmpuint (imtehan_attempt_get_time_limit (loaded), ==, 0);
  g_assert_null (imtehan_attempt_get_deadline (loaded));
  g_assert_cmpint (imtehan_attempt_get_finish_reason (loaded), ==,
                   IMTEHAN_FINISH_REASON_SUBMITTED);

  saved = imtehan_attempt_to_data (loaded, NULL);
  assert_line (saved, "Version=2");
  assert_line (saved, "Mode=exam");
  assert_line (saved, "FinishReason=submitted");
  /* Which PC it was taken on is not known: this one is not it. */
  g_assert_null (strstr (saved, "\nHost="));
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

/* Each of @values for [@group] @key in @data is refused with @code, the message naming the
 * line and the key (or, for a missing key, the group). */
static void
assert_refused (ImtehanQuiz        *quiz,
                const char         *data,
                const char         *group,
                const char         *key,
                const char * const *values,
                int                 code,
                const char         *detail)
{
  for (guint i = 0; values[i] != NULL; i++)
    {
      g_autofree char *edited = NULL;
      g_autofree char *prefix = NULL;
      guint line = 0;

      edited = edit_line (data, group, key, values[i], &line);
      if (code == IMTEHAN_ERROR_MISSING)
        prefix = g_strdup_printf ("attempt.ini:%u: [%s]:", 1u, group);
      else
        prefix = g_strdup_printf ("attempt.ini:%u: [%s] %s:", line, group, key);
      assert_attempt_error (quiz, edited, code, prefix, detail);
    }
}

static void
assert_missing (ImtehanQuiz *quiz,
                const char  *data,
                const char  *key)
{
  g_autofree char *edited = NULL;
  g_autofree char *detail = g_strdup_printf ("“%s” is missing", key);
  guint line = 0;

  edited = edit_line (data, "Attempt", key, NULL, &line);
  assert_attempt_error (quiz, edited, IMTEHAN_ERROR_MISSING, "attempt.ini:1: [Attempt]:", detail);
}

static void
test_error_lab_keys (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autoptr(ImtehanAttempt) attempt = lab_attempt_new (quiz);
  g_autoptr(ImtehanAttempt) exam = imtehan_attempt_new (quiz, 8);
  g_autofree char *data = imtehan_attempt_to_data (attempt, NULL);
  g_autofree char *finished = NULL;
  g_autofree char *exam_data = NULL;
  g_autofree char *group0 = g_strconcat ("Question ",
                                         imtehan_question_get_id (imtehan_quiz_get_question (quiz, 0)),
                                         NULL);
  g_autofree char *group1 = g_strconcat ("Question ",
                                         imtehan_question_get_id (imtehan_quiz_get_question (quiz, 1)),
                                         NULL);
  const char * const bad_modes[] = { "quiz", "Exam", "1", NULL };
  const char * const bad_limits[] = { "-5", "ten", "99999999999", NULL };
  const char * const bad_deadlines[] = { "tomorrow", "2026-13-01T00:00:00Z", NULL };
  const char * const early[] = { "2000-01-01T00:00:00Z", NULL };
  const char * const bad_reasons[] = { "crashed", "none", "", NULL };
  const char * const bad_checked[] = { "maybe", NULL };
  const char * const no_limit[] = { "0", NULL };
  const char * const nothing[] = { "", NULL };
  g_autofree char *no_answer = NULL;
  guint line = 0;

  assert_refused (quiz, data, "Attempt", "Mode", bad_modes, IMTEHAN_ERROR_INVALID, "exam");
  assert_refused (quiz, data, "Attempt", "TimeLimit", bad_limits, IMTEHAN_ERROR_INVALID,
                  "whole number");
  assert_refused (quiz, data, "Attempt", "Deadline", bad_deadlines, IMTEHAN_ERROR_INVALID,
                  "ISO 8601");
  assert_refused (quiz, data, "Attempt", "Deadline", early, IMTEHAN_ERROR_INVALID, "before");
  {
    g_autofree char *edited = edit_line (data, "Attempt", "TimeLimit", no_limit[0], &line);
    g_autofree char *prefix = g_strdup_printf ("attempt.ini:%u: [Attempt] Deadline:", line + 1);

    assert_attempt_error (quiz, edited, IMTEHAN_ERROR_INVALID, prefix, "time limit");
  }
  assert_refused (quiz, data, group0, "Checked", bad_checked, IMTEHAN_ERROR_INVALID, "“maybe”");
  /* Required in Version 2; a time limit without its deadline would be no limit at all. */
  assert_missing (quiz, data, "Mode");
  assert_refused (quiz, data, "Attempt", "Mode", nothing, IMTEHAN_ERROR_MISSING, "“Mode”");
  assert_missing (quiz, data, "Deadline");

  g_assert_true (imtehan_attempt_finish (attempt));
  finished = imtehan_attempt_to_data (attempt, NULL);
  assert_refused (quiz, finished, "Attempt", "FinishReason", bad_reasons, IMTEHAN_ERROR_INVALID,
                  "time-up");
  assert_missing (quiz, finished, "FinishReason");

  /* Checked only in practice, and only an answer that is there. */
  g_assert_true (imtehan_attempt_choose (exam, 0, right_choice (quiz, 0)));
  exam_data = imtehan_attempt_to_data (exam, NULL);
  {
    g_autofree char *answer = g_strdup_printf ("%s\nChecked=true", right_choice (quiz, 0));
    g_autofree char *edited = edit_line (exam_data, group0, "Answer", answer, &line);
    g_autofree char *prefix = g_strdup_printf ("attempt.ini:%u: [%s] Checked:", line + 1, group0);

    assert_attempt_error (quiz, edited, IMTEHAN_ERROR_INVALID, prefix, "practice");
  }
  no_answer = edit_line (data, group1, "Answer", "\nChecked=true", &line);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(ImtehanAttempt) loaded = load_data (quiz, no_answer, &error);

    g_assert_null (loaded);
    g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "Checked:"));
    g_assert_nonnull (strstr (error->message, "without an answer"));
  }
}

static void
test_error_wrong_quiz (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autofree char *data = attempt_data (quiz);
  g_autofree char *edited = NULL;
  g_autofree char *prefix = NULL;
  guint line = 0;

  edited = edit_line (data, "Attempt", "Quiz", "another-quiz", &line);
  prefix = g_strdup_printf ("attempt.ini:%u: [Attempt] Quiz:", line);
  assert_attempt_error (quiz, edited, IMTEHAN_ERROR_INVALID, prefix, "“another-quiz”");
}

static void
test_error_newer_version (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autofree char *data = attempt_data (quiz);
  g_autofree char *edited = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *newer = g_strdup_printf ("%d", IMTEHAN_ATTEMPT_FORMAT_VERSION + 1);
  guint line = 0;

  edited = edit_line (data, "Attempt", "Version", newer, &line);
  g_assert_cmpuint (line, ==, 2);
  prefix = g_strdup_printf ("attempt.ini:%u: [Attempt] Version:", line);
  assert_attempt_error (quiz, edited, IMTEHAN_ERROR_VERSION, prefix, "newer");
}

static void
test_error_answer_not_a_choice (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autofree char *data = attempt_data (quiz);
  g_autofree char *edited = NULL;
  g_autofree char *prefix = NULL;
  guint line = 0;

  edited = edit_line (data, "Question redundancy", "Answer", "replicated-data-typo", &line);
  prefix = g_strdup_printf ("attempt.ini:%u: [Question redundancy] Answer:", line);
  assert_attempt_error (quiz, edited, IMTEHAN_ERROR_INVALID, prefix, "“replicated-data-typo”");
}

static void
test_error_missing_seed (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autofree char *data = attempt_data (quiz);
  g_autofree char *edited = NULL;
  guint line = 0;

  edited = edit_line (data, "Attempt", "Seed", NULL, &line);
  assert_attempt_error (quiz, edited, IMTEHAN_ERROR_MISSING, "attempt.ini:1: [Attempt]:",
                        "“Seed” is missing");
}

static void
test_error_bad_seed (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autofree char *data = attempt_data (quiz);
  g_autofree char *edited = NULL;
  g_autofree char *prefix = NULL;
  guint line = 0;

  edited = edit_line (data, "Attempt", "Seed", "0", &line);
  prefix = g_strdup_printf ("attempt.ini:%u: [Attempt] Seed:", line);
  assert_attempt_error (quiz, edited, IMTEHAN_ERROR_INVALID, prefix, "“0”");
}

static void
test_error_bad_started (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autofree char *data = attempt_data (quiz);
  g_autofree char *edited = NULL;
  g_autofree char *prefix = NULL;
  guint line = 0;

  edited = edit_line (data, "Attempt", "Started", "yesterday", &line);
  prefix = g_strdup_printf ("attempt.ini:%u: [Attempt] Started:", line);
  assert_attempt_error (quiz, edited, IMTEHAN_ERROR_INVALID, prefix, "“yesterday”");
}

static void
test_error_bad_current (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autofree char *data = attempt_data (quiz);
  g_autofree char *edited = NULL;
  g_autofree char *prefix = NULL;
  guint line = 0;

  edited = edit_line (data, "Attempt", "Current", "8", &line);
  prefix = g_strdup_printf ("attempt.ini:%u: [Attempt] Current:", line);
  assert_attempt_error (quiz, edited, IMTEHAN_ERROR_INVALID, prefix, "“8”");
}

/* Each of @values for [Attempt] @key is refused, the message naming the line and the key. */
static void
assert_invalid_values (const char         *key,
                       const char * const *values,
                       const char         *detail)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();
  g_autofree char *data = attempt_data (quiz);

  for (guint i = 0; values[i] != NULL; i++)
    {
      g_autofree char *edited = NULL;
      g_autofree char *prefix = NULL;
      guint line = 0;

      edited = edit_line (data, "Attempt", key, values[i], &line);
      prefix = g_strdup_printf ("attempt.ini:%u: [Attempt] %s:", line, key);
      assert_attempt_error (quiz, edited, IMTEHAN_ERROR_INVALID, prefix, detail);
    }
}

/* The id names the file the attempt is saved to: it must not lead out of the folder. */
static void
test_error_invalid_id (void)
{
  const char * const bad_ids[] = { "../../.config/evil", "a/b", "", "with space", NULL };

  assert_invalid_values ("Id", bad_ids, "Id");
}

/* A digest is 64 hexadecimal digits; anything else means the file was damaged. */
static void
test_error_bad_digest (void)
{
  const char * const bad[] = { "sha256", "0123", "../x", G_STRINGIFY (G_MAXINT64), NULL };

  assert_invalid_values ("QuizDigest", bad, "SHA-256");
}

static void
test_error_not_a_key_file (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz ();

  assert_attempt_error (quiz, "[Attempt]\nVersion=1\nthe power went out", IMTEHAN_ERROR_PARSE,
                        "attempt.ini:3: ", "not a [group]");
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
  g_test_add_func ("/attempt/data/round-trip-in-progress", test_round_trip_in_progress);
  g_test_add_func ("/attempt/data/round-trip-finished", test_round_trip_finished);
  g_test_add_func ("/attempt/data/saved-order-wins", test_saved_order_wins);
  g_test_add_func ("/attempt/data/stale-order-uses-seed", test_stale_order_uses_seed);
  g_test_add_func ("/attempt/data/started-with-offset", test_started_with_offset);
  g_test_add_func ("/attempt/data/quiz-digest", test_quiz_digest);
  g_test_add_func ("/attempt/data/without-digest", test_without_digest);
  g_test_add_func ("/attempt/data/version-1-fixtures", test_version_1_fixtures);
  g_test_add_func ("/attempt/data/lab-keys-round-trip", test_lab_keys_round_trip);
  g_test_add_func ("/attempt/data/exam-keys", test_exam_keys);
  g_test_add_func ("/attempt/data/version-1-defaults", test_version_1_defaults);
  g_test_add_func ("/attempt/check", test_check);
  g_test_add_func ("/attempt/error/lab-keys", test_error_lab_keys);
  g_test_add_func ("/attempt/error/wrong-quiz", test_error_wrong_quiz);
  g_test_add_func ("/attempt/error/newer-version", test_error_newer_version);
  g_test_add_func ("/attempt/error/answer-not-a-choice", test_error_answer_not_a_choice);
  g_test_add_func ("/attempt/error/missing-seed", test_error_missing_seed);
  g_test_add_func ("/attempt/error/bad-seed", test_error_bad_seed);
  g_test_add_func ("/attempt/error/bad-started", test_error_bad_started);
  g_test_add_func ("/attempt/error/bad-current", test_error_bad_current);
  g_test_add_func ("/attempt/error/invalid-id", test_error_invalid_id);
  g_test_add_func ("/attempt/error/bad-digest", test_error_bad_digest);
  g_test_add_func ("/attempt/error/not-a-key-file", test_error_not_a_key_file);

  return g_test_run ();
}
