/* test-kill-timer.c: a time limit survives SIGKILL, and so does every answer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * timer-helper (timer-helper.c) answers the bundled quiz through an ImtehanSession with a
 * 3-second limit and prints each step once it is on disk. It is killed at a random moment,
 * then started again with --resume and a much longer limit, either at once (and killed again
 * around the deadline, where the session submits by itself) or after the deadline. Each time
 * the attempt must keep the deadline of its start, every answer printed, and end submitted
 * as time-up, no earlier than its deadline.
 */

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-store.h"
#include "test-util.h"

#define BUNDLED_QUIZ QUIZ_DIR "/zero-sharded-optimizers.quiz"
#define TIME_LIMIT "3"
#define ROUNDS 4

typedef struct
{
  GSubprocess      *process;
  GDataInputStream *output;
  GPtrArray        *lines;
  gboolean          eof;
  gboolean          exited;
  guint             kill_source;
} Run;

static void read_next (Run *run);

static void
line_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Run *run = user_data;
  char *line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (object), result,
                                                          NULL, NULL);

  if (line == NULL)
    {
      run->eof = TRUE;
      return;
    }
  g_ptr_array_add (run->lines, line);
  read_next (run);
}

static void
read_next (Run *run)
{
  g_data_input_stream_read_line_async (run->output, G_PRIORITY_DEFAULT, NULL, line_cb, run);
}

static void
exited_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Run *run = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (object), result, NULL);
  run->exited = TRUE;
}

static gboolean
kill_cb (gpointer user_data)
{
  Run *run = user_data;

  run->kill_source = 0;
  g_subprocess_send_signal (run->process, SIGKILL);
  return G_SOURCE_REMOVE;
}

/* Runs timer-helper with @options; kills it at @kill_at (real time, µs; 0: let it exit) and
 * returns the lines it printed whole. */
static GPtrArray *
run_helper (const char  *folder,
            gint64       kill_at,
            const char  *first_option,
            ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  Run run = { NULL, };
  va_list args;

  g_ptr_array_add (argv, (char *)g_getenv ("TIMER_HELPER"));
  g_ptr_array_add (argv, "--folder");
  g_ptr_array_add (argv, (char *)folder);
  va_start (args, first_option);
  for (const char *option = first_option; option != NULL; option = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *)option);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  run.process = g_subprocess_newv ((const char * const *)argv->pdata,
                                   G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  run.output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (run.process));
  run.lines = g_ptr_array_new_with_free_func (g_free);
  read_next (&run);
  g_subprocess_wait_async (run.process, NULL, exited_cb, &run);
  if (kill_at > 0)
    run.kill_source = g_timeout_add (MAX (0, (kill_at - g_get_real_time ()) / 1000), kill_cb,
                                     &run);
  IMTEHAN_TEST_WAIT_UNTIL (run.exited && run.eof, 20);
  g_assert_true (run.exited && run.eof);
  g_clear_handle_id (&run.kill_source, g_source_remove);
  /* A helper that was not killed exits with 0: anything else is its own failure. */
  if (kill_at == 0)
    g_assert_true (g_subprocess_get_successful (run.process));
  g_clear_object (&run.output);
  g_clear_object (&run.process);
  return run.lines;
}

typedef struct
{
  char    *id;
  gint64   deadline;       /* Unix seconds, as printed */
  char    *answers[32];    /* by question index, as printed */
  gboolean time_up;
  gboolean none;
} Seen;

/* Adds what @lines say to @seen; every deadline printed must be the first one. */
static void
apply (Seen      *seen,
       GPtrArray *lines)
{
  for (guint i = 0; i < lines->len; i++)
    {
      g_auto(GStrv) words = g_strsplit (g_ptr_array_index (lines, i), " ", 3);

      if (g_str_equal (words[0], "started") || g_str_equal (words[0], "resumed"))
        {
          gint64 deadline = g_ascii_strtoll (words[2], NULL, 10);

          g_assert_cmpint (deadline, >, 0);
          if (seen->id == NULL)
            {
              g_assert_true (g_str_equal (words[0], "started"));
              seen->id = g_strdup (words[1]);
              seen->deadline = deadline;
            }
          /* Resumed with a 60 s limit: the deadline of the start holds. */
          g_assert_cmpstr (words[1], ==, seen->id);
          g_assert_cmpint (deadline, ==, seen->deadline);
        }
      else if (g_str_equal (words[0], "answered"))
        {
          guint64 index = g_ascii_strtoull (words[1], NULL, 10);

          g_assert_cmpuint (index, <, G_N_ELEMENTS (seen->answers));
          g_assert_null (seen->answers[index]);
          seen->answers[index] = g_strdup (words[2]);
        }
      else if (g_str_equal (words[0], "time-up"))
        {
          g_assert_cmpstr (words[1], ==, seen->id);
          seen->time_up = TRUE;
        }
      else if (g_str_equal (words[0], "none"))
        seen->none = TRUE;
      else
        g_error ("Unexpected output from timer-helper: %s",
                 (char *)g_ptr_array_index (lines, i));
    }
}

static void
seen_clear (Seen *seen)
{
  g_clear_pointer (&seen->id, g_free);
  for (guint i = 0; i < G_N_ELEMENTS (seen->answers); i++)
    g_clear_pointer (&seen->answers[i], g_free);
}

/* The attempt on disk: its deadline is the one printed at the start, every answer printed is
 * in it, and once finished it was by the clock, not before it. */
static ImtehanAttempt *
check_file (const char  *folder,
            ImtehanQuiz *quiz,
            Seen        *seen)
{
  g_autoptr(GFile) directory = g_file_new_for_path (folder);
  g_autoptr(ImtehanStore) store = imtehan_store_new (directory);
  g_autoptr(GPtrArray) summaries = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  ImtehanAttempt *attempt;

  summaries = imtehan_store_list (store, &problems, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (summaries->len, ==, 1);
  attempt = imtehan_store_load (store, g_ptr_array_index (summaries, 0), quiz, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (imtehan_attempt_get_id (attempt), ==, seen->id);
  g_assert_cmpstr (imtehan_attempt_get_learner (attempt), ==, "Amina");
  g_assert_cmpint (g_date_time_to_unix (imtehan_attempt_get_deadline (attempt)), ==,
                   seen->deadline);
  for (guint i = 0; i < G_N_ELEMENTS (seen->answers); i++)
    if (seen->answers[i] != NULL)
      g_assert_cmpstr (imtehan_attempt_get_answer (attempt, i), ==, seen->answers[i]);
  if (imtehan_attempt_get_finished (attempt))
    {
      g_assert_cmpint (imtehan_attempt_get_finish_reason (attempt), ==,
                       IMTEHAN_FINISH_REASON_TIME_UP);
      g_assert_cmpint (g_date_time_to_unix (imtehan_attempt_get_finished_at (attempt)), >=,
                       seen->deadline);
    }
  return attempt;
}

static void
test_kill_timer (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) quiz_file = g_file_new_for_path (BUNDLED_QUIZ);
  g_autoptr(ImtehanQuiz) quiz = imtehan_quiz_new_from_file (quiz_file, NULL, &error);
  g_autofree char *tmp = g_dir_make_tmp ("imtehan-test-kill-timer-XXXXXX", &error);
  guint rounds_checked = 0;

  g_assert_no_error (error);
  g_assert_nonnull (g_getenv ("TIMER_HELPER"));

  for (guint round = 0; round < ROUNDS; round++)
    {
      g_autofree char *name = g_strdup_printf ("round-%u", round);
      g_autofree char *folder = g_build_filename (tmp, name, NULL);
      g_autoptr(GPtrArray) lines = NULL;
      g_autoptr(ImtehanAttempt) attempt = NULL;
      Seen seen = { NULL, };
      gint64 start = g_get_real_time ();

      /* Killed while answering, well before the 3 s deadline. */
      lines = run_helper (folder, start + g_random_int_range (400, 2200) * 1000,
                          "--time-limit", TIME_LIMIT, NULL);
      apply (&seen, lines);
      g_clear_pointer (&lines, g_ptr_array_unref);
      if (seen.id == NULL)
        {
          g_test_message ("round %u: killed before the first save returned", round);
          seen_clear (&seen);
          continue;
        }
      attempt = check_file (folder, quiz, &seen);
      g_assert_false (imtehan_attempt_get_finished (attempt));
      g_clear_object (&attempt);

      if (round % 2 == 0)
        {
          /* Resumed at once, and killed again around the deadline, where the session submits
           * by itself; a third start finishes what is left. */
          gint64 kill_at = seen.deadline * G_USEC_PER_SEC + g_random_int_range (-300, 400) * 1000;

          lines = run_helper (folder, kill_at, "--resume", "--time-limit", "60", NULL);
          apply (&seen, lines);
          g_clear_pointer (&lines, g_ptr_array_unref);
          g_clear_object (&attempt);
          attempt = check_file (folder, quiz, &seen);
          g_clear_object (&attempt);
          lines = run_helper (folder, 0, "--resume", "--time-limit", "60", NULL);
          apply (&seen, lines);
          g_assert_true (seen.time_up || seen.none);
        }
      else
        {
          /* Started again only after the deadline: submitted at once with what was
           * answered, nothing resumed. A sleep, as the clock passing is what is tested. */
          while (g_get_real_time () < (seen.deadline + 1) * G_USEC_PER_SEC)
            g_usleep (100 * 1000);
          lines = run_helper (folder, 0, "--resume", "--time-limit", "60", NULL);
          apply (&seen, lines);
          g_assert_true (seen.time_up);
        }
      attempt = check_file (folder, quiz, &seen);
      g_assert_true (imtehan_attempt_get_finished (attempt));
      rounds_checked++;
      seen_clear (&seen);
    }

  g_test_message ("%u of %d rounds checked", rounds_checked, ROUNDS);
  g_assert_cmpuint (rounds_checked, >=, ROUNDS / 2);
  imtehan_test_remove_tree (tmp);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  g_test_add_func ("/crash/kill-timer", test_kill_timer);
  return g_test_run ();
}
