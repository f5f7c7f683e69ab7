/* attempt-fixture.c: what the attempt's tests share: the bundled quiz, attempts saved and edited
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>
#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "attempt-fixture.h"

ImtehanQuiz *
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
const char *
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

const char *
right_choice (ImtehanQuiz *quiz,
              guint        index)
{
  return imtehan_question_get_answer (imtehan_quiz_get_question (quiz, index));
}

gboolean
same_orders (ImtehanAttempt *a,
             ImtehanAttempt *b)
{
  for (guint i = 0; i < imtehan_attempt_get_n_questions (a); i++)
    if (!g_strv_equal ((const char * const *)imtehan_attempt_get_choice_order (a, i),
                       (const char * const *)imtehan_attempt_get_choice_order (b, i)))
      return FALSE;
  return TRUE;
}

ImtehanAttempt *
load_data (ImtehanQuiz  *quiz,
           const char   *data,
           GError      **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, strlen (data));

  return imtehan_attempt_new_from_bytes (quiz, bytes, "attempt.ini", error);
}

/* Replaces (or with @value NULL removes) the line "key=..." of [group] in @data; returns
 * the new text and, in @line, the 1-based number of that line. */
char *
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

/* An attempt with every one of the lab's keys: practice, a time limit, a roll number, a checked
 * answer, finished when the time ran out. */
ImtehanAttempt *
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
