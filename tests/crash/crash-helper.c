/* crash-helper.c: a learner who never stops, for the crash tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Answers the bundled quiz one question at a time in a folder, saving after every answer with
 * imtehan_store_save() (the write the app's worker thread makes), and prints each step on
 * stdout only once its save has returned:
 *
 *   attempt <id>            a new attempt, saved with no answers yet
 *   resumed <id>            the newest unfinished attempt of the folder, loaded
 *   answered <index> <id>   question <index> answered with choice <id>, saved
 *   finished <id>           the attempt submitted, saved
 *   problem <message>       listing the folder found a file it could not read
 *
 * So everything printed is on disk: the tests kill it at random moments and check that.
 */

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-store.h"

static char *folder;
static char *quiz_path = QUIZ_DIR "/zero-sharded-optimizers.quiz";
static char *learner;
static gboolean resume;
static gboolean list_between;
static int max_attempts;
static int max_saves;
static int saves;

static const GOptionEntry entries[] = {
  { "folder", 0, 0, G_OPTION_ARG_FILENAME, &folder, "The attempts folder", "DIR" },
  { "quiz", 0, 0, G_OPTION_ARG_FILENAME, &quiz_path, "The quiz (default: the bundled one)", "FILE" },
  { "learner", 0, 0, G_OPTION_ARG_STRING, &learner, "The learner's name in each attempt", "NAME" },
  { "resume", 0, 0, G_OPTION_ARG_NONE, &resume, "Go on with the newest unfinished attempt", NULL },
  { "list", 0, 0, G_OPTION_ARG_NONE, &list_between, "List the folder after each attempt, as the window does", NULL },
  { "attempts", 0, 0, G_OPTION_ARG_INT, &max_attempts, "Exit after finishing N attempts (0: never)", "N" },
  { "saves", 0, 0, G_OPTION_ARG_INT, &max_saves, "Exit after N saves (0: never)", "N" },
  { NULL }
};

static void
say (const char *format,
     ...) G_GNUC_PRINTF (1, 2);

static void
say (const char *format,
     ...)
{
  va_list args;

  va_start (args, format);
  vfprintf (stdout, format, args);
  va_end (args);
  fputc ('\n', stdout);
  fflush (stdout);
}

static void
save (ImtehanStore   *store,
      ImtehanAttempt *attempt)
{
  g_autoptr(GError) error = NULL;

  if (!imtehan_store_save (store, attempt, NULL, &error))
    {
      g_printerr ("crash-helper: %s\n", error->message);
      exit (EXIT_FAILURE);
    }
  saves++;
}

static void
done_saving (void)
{
  if (max_saves > 0 && saves >= max_saves)
    exit (EXIT_SUCCESS);
}

/* Reports what the window would show as "could not be read"; returns the newest unfinished
 * attempt of @quiz when @unfinished is given. */
static void
list (ImtehanStore           *store,
      ImtehanQuiz            *quiz,
      ImtehanAttemptSummary **unfinished)
{
  g_autoptr(GPtrArray) summaries = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;

  if (!(summaries = imtehan_store_list (store, &problems, NULL, &error)))
    {
      g_printerr ("crash-helper: %s\n", error->message);
      exit (EXIT_FAILURE);
    }
  for (guint i = 0; i < problems->len; i++)
    say ("problem %s", ((GError *)g_ptr_array_index (problems, i))->message);
  for (guint i = 0; unfinished != NULL && *unfinished == NULL && i < summaries->len; i++)
    {
      ImtehanAttemptSummary *summary = g_ptr_array_index (summaries, i);

      if (!imtehan_attempt_summary_get_finished (summary) &&
          g_strcmp0 (imtehan_attempt_summary_get_quiz_id (summary), imtehan_quiz_get_id (quiz)) == 0)
        *unfinished = g_object_ref (summary);
    }
}

static guint
first_unanswered (ImtehanAttempt *attempt)
{
  guint n = imtehan_attempt_get_n_questions (attempt);

  for (guint i = 0; i < n; i++)
    if (imtehan_attempt_get_answer (attempt, i) == NULL)
      return i;
  return n;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- answer, save, repeat");
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) quiz_file = NULL;
  g_autoptr(GFile) directory = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_autoptr(ImtehanStore) store = NULL;
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(ImtehanAttemptSummary) unfinished = NULL;
  int finished = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || folder == NULL)
    {
      g_printerr ("crash-helper: %s\n", error ? error->message : "--folder is required");
      return 2;
    }

  quiz_file = g_file_new_for_path (quiz_path);
  if (!(quiz = imtehan_quiz_new_from_file (quiz_file, NULL, &error)))
    {
      g_printerr ("crash-helper: %s\n", error->message);
      return EXIT_FAILURE;
    }
  directory = g_file_new_for_path (folder);
  store = imtehan_store_new (directory);

  /* As the window starts: list the folder (which also tidies it), then resume. */
  list (store, quiz, resume ? &unfinished : NULL);
  if (unfinished != NULL)
    {
      if (!(attempt = imtehan_store_load (store, unfinished, quiz, NULL, &error)))
        {
          g_printerr ("crash-helper: %s\n", error->message);
          return EXIT_FAILURE;
        }
      say ("resumed %s", imtehan_attempt_get_id (attempt));
    }

  for (;;)
    {
      guint index;
      const char * const *order;
      const char *choice;

      if (attempt == NULL)
        {
          attempt = imtehan_attempt_new (quiz, 0);
          if (learner != NULL)
            imtehan_attempt_set_learner (attempt, learner);
          save (store, attempt);
          say ("attempt %s", imtehan_attempt_get_id (attempt));
          done_saving ();
        }

      index = first_unanswered (attempt);
      if (index == imtehan_attempt_get_n_questions (attempt))
        {
          imtehan_attempt_finish (attempt);
          save (store, attempt);
          say ("finished %s", imtehan_attempt_get_id (attempt));
          done_saving ();
          g_clear_object (&attempt);
          if (max_attempts > 0 && ++finished >= max_attempts)
            break;
          if (list_between)
            list (store, quiz, NULL);
          continue;
        }

      order = imtehan_attempt_get_choice_order (attempt, index);
      choice = order[g_random_int_range (0, g_strv_length ((char **)order))];
      imtehan_attempt_choose (attempt, index, choice);
      imtehan_attempt_set_current (attempt, index);
      save (store, attempt);
      say ("answered %u %s", index, choice);
      done_saving ();
    }

  return EXIT_SUCCESS;
}
