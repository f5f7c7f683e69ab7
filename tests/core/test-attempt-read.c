/* test-attempt-read.c: attempt files the reader refuses, each named by file, line and key
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>
#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "attempt-fixture.h"

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
