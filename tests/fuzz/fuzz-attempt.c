/* fuzz-attempt.c: the attempt file's parser against any bytes, at every depth
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Attempt files sit in a folder that a teacher merges from several PCs, and a power cut can
 * leave one half written. Whatever the bytes, loading an attempt of the bundled quiz must
 * either fail with a message naming the file (the store then moves it aside) or give an
 * attempt that can be used, saved, and read back to the same file.
 */

#include "config.h"

#include <gio/gio.h>

#include "fuzz-common.h"
#include "imtehan-attempt.h"
#include "imtehan-attempt-private.h"
#include "imtehan-attempt-summary-private.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-quiz.h"

#ifndef QUIZ_FILE
# error "QUIZ_FILE must name the bundled quiz"
#endif

/* Loaded once, like the app does; it stays reachable until exit. */
static ImtehanQuiz *
bundled_quiz (void)
{
  static ImtehanQuiz *quiz;

  if (quiz == NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = NULL;
      char *contents = NULL;
      gsize length = 0;

      if (!g_file_get_contents (QUIZ_FILE, &contents, &length, &error))
        g_error ("%s", error->message);
      bytes = g_bytes_new_take (contents, length);
      if (!(quiz = imtehan_quiz_new_from_bytes (bytes, QUIZ_FILE, &error)))
        g_error ("%s", error->message);
    }
  return quiz;
}

static void
exercise_attempt (ImtehanAttempt *attempt)
{
  ImtehanQuiz *quiz = bundled_quiz ();
  g_autoptr(ImtehanAttempt) loaded = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *again = NULL;
  guint n = imtehan_attempt_get_n_questions (attempt);
  guint n_answered = 0;
  gsize length = 0;

  g_assert_true (imtehan_attempt_get_quiz (attempt) == quiz);
  g_assert_cmpuint (n, ==, imtehan_quiz_get_n_questions (quiz));
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), <, n);
  g_assert_nonnull (imtehan_attempt_get_id (attempt));
  g_assert_nonnull (imtehan_attempt_get_language (attempt));
  g_assert_nonnull (imtehan_attempt_get_learner (attempt));
  g_assert_nonnull (imtehan_attempt_get_started (attempt));
  g_assert_true (imtehan_attempt_get_finished (attempt) ==
                 (imtehan_attempt_get_finished_at (attempt) != NULL));
  g_assert_true (imtehan_attempt_get_finished (attempt) ==
                 (imtehan_attempt_get_finish_reason (attempt) != IMTEHAN_FINISH_REASON_NONE));
  g_assert_true ((imtehan_attempt_get_time_limit (attempt) > 0) ==
                 (imtehan_attempt_get_deadline (attempt) != NULL));
  g_assert_nonnull (imtehan_attempt_get_roll_number (attempt));

  for (guint i = 0; i < n; i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);
      const char * const *order = imtehan_attempt_get_choice_order (attempt, i);
      const char *answer = imtehan_attempt_get_answer (attempt, i);

      g_assert_cmpuint (g_strv_length ((char **)order), ==,
                        imtehan_question_get_n_choices (question));
      for (guint c = 0; order[c] != NULL; c++)
        g_assert_true (imtehan_question_has_choice (question, order[c]));
      if (answer != NULL)
        {
          g_assert_true (imtehan_question_has_choice (question, answer));
          n_answered++;
        }
      /* Only a practice answer that is there can be checked (and so locked). */
      if (imtehan_attempt_is_checked (attempt, i))
        g_assert_true (answer != NULL &&
                       imtehan_attempt_get_mode (attempt) == IMTEHAN_MODE_PRACTICE);
      (void)imtehan_attempt_is_correct (attempt, i);
    }
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, n_answered);
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), <=, n_answered);

  /* What is read is what the next save writes, and that save reads back the same. */
  data = imtehan_attempt_to_data (attempt, &length);
  g_assert_nonnull (data);
  bytes = g_bytes_new_take (g_steal_pointer (&data), length);
  loaded = imtehan_attempt_new_from_bytes (quiz, bytes, "saved.ini", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  again = imtehan_attempt_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, g_bytes_get_data (bytes, NULL));

  /* The window goes on with a resumed attempt: move, answer, finish. */
  while (imtehan_attempt_go_previous (loaded))
    ;
  while (imtehan_attempt_go_next (loaded))
    ;
  g_assert_cmpuint (imtehan_attempt_get_current (loaded), ==, n - 1);
  if (!imtehan_attempt_get_finished (loaded))
    {
      const char *first = imtehan_attempt_get_choice_order (loaded, 0)[0];
      gboolean locked = imtehan_attempt_is_checked (loaded, 0) &&
                        g_strcmp0 (imtehan_attempt_get_answer (loaded, 0), first) != 0;

      g_assert_true (imtehan_attempt_choose (loaded, 0, first) == !locked);
      g_assert_true (imtehan_attempt_finish (loaded));
    }
  g_assert_false (imtehan_attempt_choose (loaded, 0, NULL));
}

/* The class report reads attempts with imtehan_attempt_read_record(), which must accept and
 * refuse exactly what the loader does, with the same message, and read the same answers. */
static void
check_record_agrees (GBytes         *bytes,
                     ImtehanAttempt *attempt,
                     const GError   *loader_error)
{
  g_autoptr(ImtehanKeyFileReader) reader = NULL;
  g_auto(ImtehanAttemptRecord) record = { 0, };
  g_autoptr(GError) error = NULL;
  gboolean read;

  reader = imtehan_key_file_reader_new (bytes, "fuzz.ini", IMTEHAN_ATTEMPT_MAX_SIZE, &error);
  read = reader != NULL && imtehan_attempt_read_record (bundled_quiz (), reader, &record, &error);
  g_assert_true (read == (attempt != NULL));
  if (!read)
    {
      g_assert_nonnull (loader_error);
      g_assert_cmpstr (error->message, ==, loader_error->message);
      g_assert_cmpint (error->code, ==, loader_error->code);
      return;
    }
  g_assert_cmpstr (record.id, ==, imtehan_attempt_get_id (attempt));
  g_assert_cmpstr (record.learner, ==, imtehan_attempt_get_learner (attempt));
  g_assert_cmpint (record.mode, ==, imtehan_attempt_get_mode (attempt));
  g_assert_cmpint (record.finish_reason, ==, imtehan_attempt_get_finish_reason (attempt));
  g_assert_cmpuint (record.n_answers, ==, imtehan_attempt_get_n_questions (attempt));
  for (guint i = 0; i < record.n_answers; i++)
    g_assert_cmpstr (record.answers[i], ==, imtehan_attempt_get_answer (attempt, i));
}

/* The store's listing reads the [Attempt] group alone, through the same parser: any bytes give
 * a summary or an error naming the file, and what both read of a loaded attempt agrees. */
static void
check_summary_agrees (GBytes         *bytes,
                      ImtehanAttempt *attempt)
{
  g_autoptr(GFile) file = g_file_new_for_path ("fuzz.ini");
  g_autoptr(ImtehanAttemptSummary) summary = NULL;
  g_autoptr(GError) error = NULL;

  summary = imtehan_attempt_summary_new_from_bytes (file, bytes, "fuzz.ini", &error);
  fuzz_check_error (summary != NULL, error, "fuzz.ini");
  if (summary == NULL || attempt == NULL)
    return;
  g_assert_cmpstr (imtehan_attempt_summary_get_id (summary), ==, imtehan_attempt_get_id (attempt));
  g_assert_cmpstr (imtehan_attempt_summary_get_quiz_id (summary), ==,
                   imtehan_quiz_get_id (imtehan_attempt_get_quiz (attempt)));
  g_assert_cmpstr (imtehan_attempt_summary_get_learner (summary), ==,
                   imtehan_attempt_get_learner (attempt));
  g_assert_cmpstr (imtehan_attempt_summary_get_roll_number (summary), ==,
                   imtehan_attempt_get_roll_number (attempt));
  g_assert_cmpstr (imtehan_attempt_summary_get_host (summary), ==,
                   imtehan_attempt_get_host (attempt));
  g_assert_cmpstr (imtehan_attempt_summary_get_quiz_digest (summary), ==,
                   imtehan_attempt_get_quiz_digest (attempt));
  g_assert_cmpint (imtehan_attempt_summary_get_mode (summary), ==,
                   imtehan_attempt_get_mode (attempt));
  g_assert_cmpuint (imtehan_attempt_summary_get_time_limit (summary), ==,
                    imtehan_attempt_get_time_limit (attempt));
  g_assert_true (imtehan_attempt_summary_get_finished (summary) ==
                 imtehan_attempt_get_finished (attempt));
  g_assert_cmpint (imtehan_attempt_summary_get_finish_reason (summary), ==,
                   imtehan_attempt_get_finish_reason (attempt));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(GError) error = NULL;

  fuzz_set_up ();

  bytes = g_bytes_new_static (data, size);
  attempt = imtehan_attempt_new_from_bytes (bundled_quiz (), bytes, "fuzz.ini", &error);
  fuzz_check_error (attempt != NULL, error, "fuzz.ini");
  if (attempt != NULL)
    exercise_attempt (attempt);
  check_record_agrees (bytes, attempt, error);
  check_summary_agrees (bytes, attempt);

  return 0;
}
