/* test-attempt-file.c: an attempt written to its file and read back, of every version
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>
#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "attempt-fixture.h"

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
 * and resumable by every later one. They were made by that release's own code, and
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

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

  return g_test_run ();
}
