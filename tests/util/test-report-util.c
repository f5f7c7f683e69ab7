/* test-report-util.c: a class's attempt files made for the report's tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "test-report-util.h"

ImtehanQuiz *
imtehan_test_load_bundled_quiz (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (QUIZ_DIR "/zero-sharded-optimizers.quiz");
  g_autoptr(GError) error = NULL;
  ImtehanQuiz *quiz = imtehan_quiz_new_from_file (file, NULL, &error);

  g_assert_no_error (error);
  return quiz;
}

const char *
imtehan_test_wrong_choice (ImtehanQuestion *question)
{
  for (guint i = 0; i < imtehan_question_get_n_choices (question); i++)
    if (g_strcmp0 (imtehan_question_get_choice_id (question, i),
                   imtehan_question_get_answer (question)) != 0)
      return imtehan_question_get_choice_id (question, i);
  g_assert_not_reached ();
}

ImtehanAttempt *
imtehan_test_make_seeded_attempt (ImtehanQuiz *quiz,
                                  guint32      seed,
                                  ImtehanMode  mode,
                                  const char  *learner,
                                  const char  *pattern,
                                  gboolean     finish)
{
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, seed);

  g_assert_true (imtehan_attempt_set_mode (attempt, mode));
  imtehan_attempt_set_learner (attempt, learner);
  for (guint i = 0; pattern[i] && i < imtehan_quiz_get_n_questions (quiz); i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);

      if (pattern[i] == 'c')
        g_assert_true (imtehan_attempt_choose (attempt, i, imtehan_question_get_answer (question)));
      else if (pattern[i] == 'w')
        g_assert_true (imtehan_attempt_choose (attempt, i, imtehan_test_wrong_choice (question)));
    }
  if (finish)
    g_assert_true (imtehan_attempt_finish (attempt));
  return attempt;
}

ImtehanAttempt *
imtehan_test_make_attempt (ImtehanQuiz *quiz,
                           ImtehanMode  mode,
                           const char  *learner,
                           const char  *pattern,
                           gboolean     finish)
{
  return imtehan_test_make_seeded_attempt (quiz, g_random_int_range (1, G_MAXINT32), mode,
                                           learner, pattern, finish);
}

char *
imtehan_test_write_text (const char *folder,
                         const char *name,
                         const char *text)
{
  g_autoptr(GError) error = NULL;
  char *path;

  g_assert_no_errno (g_mkdir_with_parents (folder, 0700));
  path = g_build_filename (folder, name, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  return path;
}

char *
imtehan_test_write_attempt (const char     *folder,
                            ImtehanAttempt *attempt)
{
  g_autofree char *data = imtehan_attempt_to_data (attempt, NULL);
  g_autofree char *name = g_strconcat (imtehan_attempt_get_id (attempt), ".ini", NULL);

  return imtehan_test_write_text (folder, name, data);
}

void
imtehan_test_load_report_folder (ImtehanReport *report,
                                 const char    *path)
{
  g_autoptr(GFile) folder = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (imtehan_report_load (report, &folder, 1, NULL, &error));
  g_assert_no_error (error);
}
