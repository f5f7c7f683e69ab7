/* timer-helper.c: a learner against the clock, for the kill tests of the time limit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Takes the bundled quiz through an ImtehanSession with a time limit, as the window does,
 * answering a question every 200 ms and never submitting: the session's deadline does. Each
 * step is printed only once a save made after it has returned (the store saves in order), so
 * everything printed is on disk:
 *
 *   started <id> <deadline, Unix seconds>
 *   resumed <id> <deadline, Unix seconds>
 *   answered <index> <choice id>
 *   time-up <id>            the session submitted the attempt at its deadline, saved
 *   none                    --resume found no unfinished attempt
 */

#include <stdio.h>
#include <stdlib.h>

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-session.h"
#include "imtehan-store.h"

static char *folder;
static char *quiz_path = QUIZ_DIR "/zero-sharded-optimizers.quiz";
static int time_limit;
static gboolean resume;

static const GOptionEntry entries[] = {
  { "folder", 0, 0, G_OPTION_ARG_FILENAME, &folder, "The attempts folder", "DIR" },
  { "time-limit", 0, 0, G_OPTION_ARG_INT, &time_limit, "Seconds for a new attempt", "S" },
  { "resume", 0, 0, G_OPTION_ARG_NONE, &resume, "Go on with the unfinished attempt", NULL },
  { NULL }
};

static ImtehanSession *session;
static ImtehanStore *store;
static GMainLoop *loop;

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
fail (const GError *error)
{
  g_printerr ("timer-helper: %s\n", error->message);
  exit (EXIT_FAILURE);
}

/* Saves @attempt once more and prints @line when that save has returned: the store writes
 * in order, so the session's own saves of the step, queued before, have returned too. */
static void
flushed_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autofree char *line = user_data;
  g_autoptr(GError) error = NULL;

  if (!imtehan_store_save_finish (IMTEHAN_STORE (object), result, &error))
    fail (error);
  say ("%s", line);
  if (g_str_has_prefix (line, "time-up "))
    g_main_loop_quit (loop);
}

static void
flush_then_say (ImtehanAttempt *attempt,
                char           *line)
{
  imtehan_store_save_async (store, attempt, NULL, flushed_cb, line);
}

static gint64
deadline_of (ImtehanAttempt *attempt)
{
  GDateTime *deadline = imtehan_attempt_get_deadline (attempt);

  return deadline ? g_date_time_to_unix (deadline) : -1;
}

static gboolean
answer_cb (gpointer user_data)
{
  ImtehanAttempt *attempt = imtehan_session_get_attempt (session);
  guint n;

  if (attempt == NULL || !imtehan_session_get_in_progress (session))
    return G_SOURCE_CONTINUE;
  n = imtehan_attempt_get_n_questions (attempt);
  for (guint i = 0; i < n; i++)
    if (imtehan_attempt_get_answer (attempt, i) == NULL)
      {
        const char * const *order = imtehan_attempt_get_choice_order (attempt, i);
        const char *choice = order[g_random_int_range (0, g_strv_length ((char **)order))];

        imtehan_attempt_set_current (attempt, i);
        imtehan_attempt_choose (attempt, i, choice);
        flush_then_say (attempt, g_strdup_printf ("answered %u %s", i, choice));
        break;
      }
  return G_SOURCE_CONTINUE;
}

static void
time_up_cb (ImtehanSession *self,
            ImtehanAttempt *attempt)
{
  flush_then_say (attempt, g_strdup_printf ("time-up %s", imtehan_attempt_get_id (attempt)));
}

static void
resumed_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanAttempt) attempt = imtehan_session_resume_finish (session, result, &error);

  if (attempt == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      say ("none");
      g_main_loop_quit (loop);
      return;
    }
  if (attempt == NULL)
    fail (error);
  /* Resumed after its deadline, it was submitted already (time-up said so). */
  if (imtehan_attempt_get_finished (attempt))
    return;
  flush_then_say (attempt, g_strdup_printf ("resumed %s %" G_GINT64_FORMAT,
                                            imtehan_attempt_get_id (attempt),
                                            deadline_of (attempt)));
  g_timeout_add (200, answer_cb, NULL);
}

static void
history_loaded_cb (ImtehanSession *self)
{
  g_signal_handlers_disconnect_by_func (self, history_loaded_cb, NULL);
  imtehan_session_resume_async (session, "en", resumed_cb, NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- answer against the clock");
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) quiz_file = NULL;
  g_autoptr(GFile) directory = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || folder == NULL)
    {
      g_printerr ("timer-helper: %s\n", error ? error->message : "--folder is required");
      return 2;
    }

  quiz_file = g_file_new_for_path (quiz_path);
  if (!(quiz = imtehan_quiz_new_from_file (quiz_file, NULL, &error)))
    fail (error);
  directory = g_file_new_for_path (folder);
  store = imtehan_store_new (directory);
  session = imtehan_session_new (quiz, store);
  imtehan_session_set_learner (session, "Amina", "7");
  /* A resumed attempt keeps its own deadline, whatever the session is given now. */
  imtehan_session_set_time_limit (session, time_limit);
  g_signal_connect (session, "time-up", G_CALLBACK (time_up_cb), NULL);
  loop = g_main_loop_new (NULL, FALSE);

  if (resume)
    {
      g_signal_connect (session, "history-loaded", G_CALLBACK (history_loaded_cb), NULL);
      imtehan_session_reload_history (session);
    }
  else
    {
      ImtehanAttempt *attempt = imtehan_session_start (session, "en");

      flush_then_say (attempt, g_strdup_printf ("started %s %" G_GINT64_FORMAT,
                                                imtehan_attempt_get_id (attempt),
                                                deadline_of (attempt)));
      g_timeout_add (200, answer_cb, NULL);
    }

  g_main_loop_run (loop);
  g_object_run_dispose (G_OBJECT (session));
  g_clear_object (&session);
  g_clear_object (&store);
  g_main_loop_unref (loop);
  return EXIT_SUCCESS;
}
