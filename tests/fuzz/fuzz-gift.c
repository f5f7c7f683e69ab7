/* fuzz-gift.c: the GIFT importer against any bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GIFT file comes from Moodle or a teacher's editor: whatever the bytes, the import must
 * either fail with a message naming the file or give a quiz that loads, in both languages,
 * with each warning naming the file and a line.
 */

#include "config.h"

#include <gio/gio.h>

#include "fuzz-common.h"
#include "imtehan-gift.h"
#include "imtehan-quiz.h"

static void
import_and_load (GBytes     *bytes,
                 const char *language)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) quiz_bytes = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_auto(GStrv) warnings = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  data = imtehan_gift_import (bytes, "fuzz.gift", "fuzz", "Fuzz", language, &warnings, &length,
                              &error);
  fuzz_check_error (data != NULL, error, "fuzz.gift");
  if (data == NULL)
    return;

  for (guint i = 0; warnings[i] != NULL; i++)
    {
      g_assert_true (g_str_has_prefix (warnings[i], "fuzz.gift:"));
      g_assert_true (g_utf8_validate (warnings[i], -1, NULL));
    }

  quiz_bytes = g_bytes_new_take (g_steal_pointer (&data), length);
  quiz = imtehan_quiz_new_from_bytes (quiz_bytes, "fuzz.quiz", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), >, 0);
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), <=, IMTEHAN_QUIZ_MAX_QUESTIONS);
  for (guint i = 0; i < imtehan_quiz_get_n_questions (quiz); i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);

      g_assert_cmpstr (imtehan_question_get_text (question, "en"), !=, "");
      g_assert_cmpstr (imtehan_question_get_text (question, "ur"), !=, "");
      switch (imtehan_question_get_kind (question))
        {
        case IMTEHAN_QUESTION_SHORT:
        case IMTEHAN_QUESTION_NUMERICAL:
          g_assert_cmpuint (imtehan_question_get_n_accepted (question), >=, 1);
          g_assert_cmpuint (imtehan_question_get_n_accepted (question), <=,
                            IMTEHAN_QUESTION_MAX_ACCEPTED);
          break;
        case IMTEHAN_QUESTION_MATCHING:
          g_assert_cmpuint (imtehan_question_get_n_items (question), >=, 2);
          g_assert_cmpuint (imtehan_question_get_n_items (question), <=,
                            IMTEHAN_QUESTION_MAX_CHOICES);
          break;
        default:
          g_assert_cmpuint (imtehan_question_get_n_choices (question), >=, 2);
          g_assert_cmpuint (imtehan_question_get_n_choices (question), <=,
                            IMTEHAN_QUESTION_MAX_CHOICES);
        }
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = NULL;

  fuzz_set_up ();

  bytes = g_bytes_new_static (data, size);
  import_and_load (bytes, "en");
  import_and_load (bytes, "ur");
  /* Open… reads the whole file for its language first, whatever its bytes. */
  g_assert_true (g_str_equal (imtehan_gift_guess_language (bytes), "en") ||
                 g_str_equal (imtehan_gift_guess_language (bytes), "ur"));

  return 0;
}
