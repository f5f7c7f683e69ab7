/* fuzz-quiz.c: the quiz loader against any bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A quiz comes from a teacher, a USB stick or a download: whatever the bytes, loading must
 * either succeed or fail with a message naming the file, and a quiz that loads must be
 * usable by every reader of it (all languages, the bidi preparation, a full attempt that
 * saves and loads back).
 */

#include "config.h"

#include <gio/gio.h>

#include "fuzz-common.h"
#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-text.h"

static const char * const languages[] = { NULL, "en", "ur", "ur_PK", "ar", "de_DE.UTF-8@euro" };

static void
check_text (const char *text,
            const char *lang)
{
  g_autofree char *prepared = NULL;

  g_assert_nonnull (text);
  g_assert_true (g_utf8_validate (text, -1, NULL));
  prepared = imtehan_text_prepare (text, lang);
  g_assert_true (g_utf8_validate (prepared, -1, NULL));
}

static void
exercise_quiz (ImtehanQuiz *quiz)
{
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(ImtehanAttempt) loaded = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *again = NULL;
  guint n = imtehan_quiz_get_n_questions (quiz);
  gsize length = 0;

  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (quiz)), ==, n);
  g_assert_nonnull (imtehan_quiz_get_id (quiz));
  g_assert_nonnull (imtehan_quiz_get_difficulty (quiz));

  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    {
      const char *lang = languages[l];
      g_auto(GStrv) topics = imtehan_quiz_dup_topics (quiz, lang);

      check_text (imtehan_quiz_get_title (quiz, lang), lang);
      check_text (imtehan_quiz_get_description (quiz, lang), lang);
      for (guint t = 0; topics[t] != NULL; t++)
        check_text (topics[t], lang);
      (void)imtehan_quiz_has_language (quiz, lang);

      for (guint i = 0; i < n; i++)
        {
          ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);

          g_assert_true (imtehan_quiz_find_question (quiz, imtehan_question_get_id (question)) ==
                         question);
          check_text (imtehan_question_get_text (question, lang), lang);
          check_text (imtehan_question_get_topic (question, lang), lang);
          check_text (imtehan_question_get_explanation (question, lang), lang);
          g_assert_cmpuint (imtehan_question_get_n_choices (question), >=, 2);
          g_assert_true (imtehan_question_has_choice (question,
                                                      imtehan_question_get_answer (question)));
          for (guint c = 0; c < imtehan_question_get_n_choices (question); c++)
            {
              const char *choice = imtehan_question_get_choice_id (question, c);

              check_text (imtehan_question_get_choice_text (question, choice, lang), lang);
            }
        }
    }

  /* Whatever quiz loads, an attempt of it is saved and read back unchanged. */
  attempt = imtehan_attempt_new (quiz, 42);
  imtehan_attempt_set_learner (attempt, "fuzz");
  for (guint i = 0; i < n; i += 2)
    g_assert_true (imtehan_attempt_choose (attempt, i,
                                           imtehan_attempt_get_choice_order (attempt, i)[0]));
  imtehan_attempt_set_current (attempt, n - 1);
  g_assert_true (imtehan_attempt_finish (attempt));

  data = imtehan_attempt_to_data (attempt, &length);
  bytes = g_bytes_new_take (g_steal_pointer (&data), length);
  loaded = imtehan_attempt_new_from_bytes (quiz, bytes, "round-trip.ini", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  again = imtehan_attempt_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, g_bytes_get_data (bytes, NULL));
  g_assert_cmpuint (imtehan_attempt_get_score (loaded), ==, imtehan_attempt_get_score (attempt));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_autoptr(GError) error = NULL;

  fuzz_set_up ();

  bytes = g_bytes_new_static (data, size);
  quiz = imtehan_quiz_new_from_bytes (bytes, "fuzz.quiz", &error);
  fuzz_check_error (quiz != NULL, error, "fuzz.quiz");
  if (quiz != NULL)
    exercise_quiz (quiz);

  return 0;
}
