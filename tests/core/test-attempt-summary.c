/* test-attempt-summary.c: what a listing knows of an attempt's marks, partial credit included
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A listing reads only the [Attempt] group: the marks of a quiz with partial credit come
 * from Marks= (Version 3), those of older files from Score=.
 */

#include <string.h>

#include "imtehan-attempt.h"
#include "imtehan-attempt-summary-private.h"
#include "imtehan-quiz.h"

#define TYPES_QUIZ TEST_DATA_DIR "/question-types.quiz"
#define BUNDLED_QUIZ QUIZ_DIR "/zero-sharded-optimizers.quiz"

static ImtehanQuiz *
load_quiz (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  ImtehanQuiz *quiz = imtehan_quiz_new_from_file (file, NULL, &error);

  g_assert_no_error (error);
  return quiz;
}

/* The question of @quiz with @id, by index: attempts keep the quiz's order. */
static guint
index_of (ImtehanQuiz *quiz,
          const char  *id)
{
  ImtehanQuestion *question = imtehan_quiz_find_question (quiz, id);

  g_assert_nonnull (question);
  return imtehan_question_get_index (question);
}

static ImtehanAttemptSummary *
summary_of_data (const char  *data,
                 GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/nowhere/a.ini");
  g_autoptr(GBytes) bytes = g_bytes_new (data, strlen (data));

  return imtehan_attempt_summary_new_from_bytes (file, bytes, "a.ini", error);
}

/* One answer of each kind, some partly right: the marks by hand are
 * 2/3 (two of three right stages) + 1 (the short answer) + 0 (12 bytes, not 16)
 * + 1/3 (one of three items matched) + 1/3 (one of three pairs in order) + 1 = 10/3;
 * two questions earned their full mark. */
static ImtehanAttempt *
answered_types (ImtehanQuiz *quiz)
{
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 7);

  g_assert_true (imtehan_attempt_respond (attempt, index_of (quiz, "partitions"), "s1;s2"));
  g_assert_true (imtehan_attempt_respond (attempt, index_of (quiz, "state"), "Optimizer State"));
  g_assert_true (imtehan_attempt_respond (attempt, index_of (quiz, "bytes"), "12"));
  g_assert_true (imtehan_attempt_respond (attempt, index_of (quiz, "stages"),
                                          "one:one;two:three;three:two"));
  g_assert_true (imtehan_attempt_respond (attempt, index_of (quiz, "memory"), "dp;s1;s3;s2"));
  g_assert_true (imtehan_attempt_respond (attempt, index_of (quiz, "traffic"), "three"));
  return attempt;
}

static void
test_marks_version_3 (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz (TYPES_QUIZ);
  g_autoptr(ImtehanAttempt) attempt = answered_types (quiz);
  g_autoptr(ImtehanAttemptSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;

  g_assert_true (imtehan_attempt_finish (attempt));
  data = imtehan_attempt_to_data (attempt, NULL);
  g_assert_nonnull (strstr (data, "Version=3\n"));
  summary = summary_of_data (data, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (imtehan_attempt_summary_get_score (summary), ==, 2);
  g_assert_cmpuint (imtehan_attempt_summary_get_total (summary), ==, 6);
  /* Marks= keeps four decimals. */
  g_assert_cmpfloat_with_epsilon (imtehan_attempt_summary_get_marks (summary), 10.0 / 3, 1e-4);
}

/* A file without Marks= (single-choice questions, or written before partial credit): the
 * marks are its Score. */
static void
test_marks_from_score (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz (BUNDLED_QUIZ);
  g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (quiz, 3);
  g_autoptr(ImtehanAttemptSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;

  for (guint q = 0; q < 3; q++)
    g_assert_true (imtehan_attempt_choose (attempt, q,
                                           imtehan_question_get_answer (
                                             imtehan_quiz_get_question (quiz, q))));
  g_assert_true (imtehan_attempt_finish (attempt));
  data = imtehan_attempt_to_data (attempt, NULL);
  g_assert_null (strstr (data, "Marks="));
  summary = summary_of_data (data, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (imtehan_attempt_summary_get_score (summary), ==, 3);
  g_assert_cmpfloat (imtehan_attempt_summary_get_marks (summary), ==, 3);
}

/* Unfinished, an attempt has no marks yet, whatever it answered. */
static void
test_marks_unfinished (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz (TYPES_QUIZ);
  g_autoptr(ImtehanAttempt) attempt = answered_types (quiz);
  g_autoptr(ImtehanAttemptSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = imtehan_attempt_to_data (attempt, NULL);

  summary = summary_of_data (data, &error);
  g_assert_no_error (error);
  g_assert_false (imtehan_attempt_summary_get_finished (summary));
  g_assert_cmpuint (imtehan_attempt_summary_get_n_answered (summary), ==, 6);
  g_assert_cmpfloat (imtehan_attempt_summary_get_marks (summary), ==, 0);
}

/* Marks= below the Score, above the Total or not a number is a damaged file, named with its
 * key, as a wrong Score= is. */
static void
test_marks_damaged (void)
{
  static const char * const wrong[] = { "1.5", "6.5", "three", "nan", "3.3333x" };
  g_autoptr(ImtehanQuiz) quiz = load_quiz (TYPES_QUIZ);
  g_autoptr(ImtehanAttempt) attempt = answered_types (quiz);
  g_autofree char *data = NULL;
  g_autofree char *marks_line = NULL;
  const char *start, *end;

  g_assert_true (imtehan_attempt_finish (attempt));
  data = imtehan_attempt_to_data (attempt, NULL);
  start = strstr (data, "Marks=");
  g_assert_nonnull (start);
  end = strchr (start, '\n');
  marks_line = g_strndup (start, end - start);

  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      g_autoptr(GString) broken = g_string_new (data);
      g_autofree char *line = g_strconcat ("Marks=", wrong[i], NULL);
      g_autoptr(GError) error = NULL;
      ImtehanAttemptSummary *summary;

      g_assert_cmpuint (g_string_replace (broken, marks_line, line, 1), ==, 1);
      summary = summary_of_data (broken->str, &error);
      g_assert_null (summary);
      g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "Marks"));
    }
}

/* The best attempt has the most marks, not the most questions right: 10/3 marks with two
 * questions right beat 3 marks with three. */
static void
test_record_by_marks (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_quiz (TYPES_QUIZ);
  g_autoptr(ImtehanAttempt) partial = answered_types (quiz);
  g_autoptr(ImtehanAttempt) whole = imtehan_attempt_new (quiz, 8);
  g_autoptr(GListStore) store = g_list_store_new (IMTEHAN_TYPE_ATTEMPT_SUMMARY);
  ImtehanAttempt *attempts[] = { partial, whole };
  double best = 0, last = 0;
  guint best_total = 0, last_total = 0;

  g_assert_true (imtehan_attempt_respond (whole, index_of (quiz, "state"), "optimizer state"));
  g_assert_true (imtehan_attempt_respond (whole, index_of (quiz, "traffic"), "three"));
  g_assert_true (imtehan_attempt_respond (whole, index_of (quiz, "memory"), "dp;s1;s2;s3"));
  /* Newest first, as the store lists them: the whole one is the last taken. */
  for (guint i = 0; i < G_N_ELEMENTS (attempts); i++)
    {
      g_autofree char *data = NULL;
      g_autoptr(ImtehanAttemptSummary) summary = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (imtehan_attempt_finish (attempts[1 - i]));
      data = imtehan_attempt_to_data (attempts[1 - i], NULL);
      summary = summary_of_data (data, &error);
      g_assert_no_error (error);
      g_list_store_append (store, summary);
    }

  g_assert_true (imtehan_attempt_summaries_get_record (G_LIST_MODEL (store), "question-types",
                                                       &best, &best_total, &last, &last_total));
  g_assert_cmpfloat_with_epsilon (best, 10.0 / 3, 1e-4);
  g_assert_cmpuint (best_total, ==, 6);
  g_assert_cmpfloat (last, ==, 3);
  g_assert_cmpuint (last_total, ==, 6);
  g_assert_false (imtehan_attempt_summaries_get_record (G_LIST_MODEL (store), "another", &best,
                                                        NULL, NULL, NULL));
  g_assert_cmpfloat (best, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/attempt-summary/marks/version-3", test_marks_version_3);
  g_test_add_func ("/attempt-summary/marks/from-score", test_marks_from_score);
  g_test_add_func ("/attempt-summary/marks/unfinished", test_marks_unfinished);
  g_test_add_func ("/attempt-summary/marks/damaged", test_marks_damaged);
  g_test_add_func ("/attempt-summary/record-by-marks", test_record_by_marks);

  return g_test_run ();
}
