/* test-kill.c: answers survive SIGKILL, and writers sharing a folder keep every attempt
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * crash-helper prints each step once its save has returned (see crash-helper.c). Here it is
 * killed at random moments, over and over in one folder, and after every kill the folder
 * must hold every step it printed, whole files only, and at most the one step it was writing.
 */

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-store.h"
#include "test-util.h"

#define BUNDLED_QUIZ QUIZ_DIR "/zero-sharded-optimizers.quiz"
#define KILL_ITERATIONS 200
#define KILL_BUDGET_SECONDS 25
#define KEEP_FINISHED 10
#define N_WRITERS 4
#define WRITER_ATTEMPTS 20

/* What the helpers said is saved: id → Expected. */
typedef struct
{
  char     **answers; /* one per question, NULL when not answered */
  char      *learner;
  gboolean   finished;
} Expected;

typedef struct
{
  char         *tmp;
  char         *folder;
  ImtehanQuiz  *quiz;
  ImtehanStore *store;
  GHashTable   *expected;
  GRegex       *temp_name;
  guint         n_questions;
  guint         n_attempts;  /* attempts seen in all, pruned or not */
} Fixture;

static void
expected_free (gpointer data)
{
  Expected *expected = data;

  g_strfreev (expected->answers);
  g_free (expected->learner);
  g_free (expected);
}

static Expected *
expected_new (guint n_questions)
{
  Expected *expected = g_new0 (Expected, 1);

  expected->answers = g_new0 (char *, n_questions + 1);
  return expected;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) quiz_file = g_file_new_for_path (BUNDLED_QUIZ);
  g_autoptr(GFile) directory = NULL;

  g_assert_nonnull (g_getenv ("CRASH_HELPER"));
  fixture->tmp = g_dir_make_tmp ("imtehan-test-kill-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->folder = g_build_filename (fixture->tmp, "attempts", NULL);
  directory = g_file_new_for_path (fixture->folder);
  fixture->store = imtehan_store_new (directory);
  fixture->quiz = imtehan_quiz_new_from_file (quiz_file, NULL, &error);
  g_assert_no_error (error);
  fixture->n_questions = imtehan_quiz_get_n_questions (fixture->quiz);
  fixture->expected = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, expected_free);
  /* What g_file_set_contents_full() leaves behind when killed between creating its
   * temporary file and renaming it (GLib 2.74: upper case and digits). */
  fixture->temp_name = g_regex_new ("^.+\\.ini\\.[A-Z0-9]{6}$", 0, 0, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_pointer (&fixture->temp_name, g_regex_unref);
  g_clear_pointer (&fixture->expected, g_hash_table_unref);
  g_clear_object (&fixture->store);
  g_clear_object (&fixture->quiz);
  imtehan_test_remove_tree (fixture->tmp);
  g_clear_pointer (&fixture->folder, g_free);
  g_clear_pointer (&fixture->tmp, g_free);
}

static GSubprocess *
spawn_helper (Fixture    *fixture,
              const char *first_option,
              ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  GSubprocess *helper;
  va_list args;

  g_ptr_array_add (argv, (char *)g_getenv ("CRASH_HELPER"));
  g_ptr_array_add (argv, "--folder");
  g_ptr_array_add (argv, fixture->folder);
  va_start (args, first_option);
  for (const char *option = first_option; option != NULL; option = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *)option);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  helper = g_subprocess_newv ((const char * const *)argv->pdata,
                              G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                              &error);
  g_assert_no_error (error);
  return helper;
}

static char *
read_all (GInputStream *stream)
{
  GString *text = g_string_new (NULL);
  char buffer[4096];
  gssize n;

  while ((n = g_input_stream_read (stream, buffer, sizeof buffer, NULL, NULL)) > 0)
    g_string_append_len (text, buffer, n);
  return g_string_free (text, FALSE);
}

/* Records what the helper printed; a line cut short by the kill was not printed. Returns the
 * number of answers reported. */
static guint
apply_output (Fixture    *fixture,
              const char *output,
              const char *learner)
{
  g_auto(GStrv) lines = g_strsplit (output, "\n", -1);
  Expected *current = NULL;
  guint n_answers = 0;

  /* The last piece follows the last newline: empty, or a line the kill cut short. */
  for (guint i = 0; lines[i] != NULL && lines[i + 1] != NULL; i++)
    {
      g_auto(GStrv) words = g_strsplit (lines[i], " ", 3);

      if (g_str_equal (words[0], "attempt"))
        {
          g_assert_false (g_hash_table_contains (fixture->expected, words[1]));
          current = expected_new (fixture->n_questions);
          current->learner = g_strdup (learner ? learner : "");
          g_hash_table_insert (fixture->expected, g_strdup (words[1]), current);
          fixture->n_attempts++;
        }
      else if (g_str_equal (words[0], "resumed"))
        {
          current = g_hash_table_lookup (fixture->expected, words[1]);
          g_assert_nonnull (current);
          g_assert_false (current->finished);
        }
      else if (g_str_equal (words[0], "answered"))
        {
          guint64 index = g_ascii_strtoull (words[1], NULL, 10);

          g_assert_nonnull (current);
          g_assert_cmpuint (index, <, fixture->n_questions);
          /* The helper answers each question once. */
          g_assert_null (current->answers[index]);
          current->answers[index] = g_strdup (words[2]);
          n_answers++;
        }
      else if (g_str_equal (words[0], "finished"))
        {
          g_assert_nonnull (current);
          current->finished = TRUE;
          current = NULL;
        }
      else if (g_str_equal (words[0], "problem"))
        g_error ("The helper could not read a file: %s", lines[i] + strlen ("problem "));
      else
        g_error ("Unexpected output from the helper: %s", lines[i]);
    }
  return n_answers;
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return strcmp (*(const char **)a, *(const char **)b);
}

static void
set_age (const char *path,
         gint64      seconds)
{
  struct timeval times[2];

  times[0].tv_sec = g_get_real_time () / G_USEC_PER_SEC - seconds;
  times[0].tv_usec = 0;
  times[1] = times[0];
  g_assert_cmpint (utimes (path, times), ==, 0);
}

typedef struct
{
  guint n_files;
  guint n_temps;    /* temporary files left by a kill */
  guint n_verified; /* reported answers found in the files */
  guint n_extra;    /* steps saved but not reported: killed before the line was printed */
} Check;

/* Every file in the folder loads, as a summary and in full; every reported step is in it;
 * anything else is at most one step ahead. Then the expected state catches up with the files
 * (the unreported step is now known), and stale temporary files are tidied by listing. */
static Check
check_folder (Fixture *fixture)
{
  g_autoptr(GHashTable) loaded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        g_object_unref);
  g_autoptr(GPtrArray) temps = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) summaries = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  GHashTableIter iter;
  gpointer key, value;
  const char *name;
  Check check = { 0, };

  dir = g_dir_open (fixture->folder, 0, &error);
  if (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      /* Killed before the first save made the folder. */
      g_assert_cmpuint (g_hash_table_size (fixture->expected), ==, 0);
      return check;
    }
  g_assert_no_error (error);

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->folder, name, NULL);

      if (g_str_has_suffix (name, ".ini"))
        check.n_files++;
      else if (g_regex_match (fixture->temp_name, name, 0, NULL))
        g_ptr_array_add (temps, g_steal_pointer (&path));
      else
        g_error ("Unexpected file in the folder: %s", name);
    }
  check.n_temps = temps->len;

  /* Every file loads as a summary and in full: nothing to set aside as damaged. */
  summaries = imtehan_store_list (fixture->store, &problems, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("A damaged file after a kill: %s",
                    ((GError *)g_ptr_array_index (problems, i))->message);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (summaries->len, ==, check.n_files);
  for (guint i = 0; i < summaries->len; i++)
    {
      ImtehanAttemptSummary *summary = g_ptr_array_index (summaries, i);
      ImtehanAttempt *attempt = imtehan_store_load (fixture->store, summary, fixture->quiz,
                                                    NULL, &error);
      g_autofree char *basename = g_file_get_basename (imtehan_attempt_summary_get_file (summary));
      g_autofree char *file_name = NULL;

      g_assert_no_error (error);
      file_name = g_strconcat (imtehan_attempt_get_id (attempt), ".ini", NULL);
      g_assert_cmpstr (basename, ==, file_name);
      g_hash_table_insert (loaded, g_strdup (imtehan_attempt_get_id (attempt)), attempt);
    }

  /* Nothing reported is lost. */
  g_hash_table_iter_init (&iter, fixture->expected);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Expected *expected = value;
      ImtehanAttempt *attempt = g_hash_table_lookup (loaded, key);

      if (attempt == NULL)
        g_error ("The attempt %s was reported saved and is gone", (char *)key);
      g_assert_cmpstr (imtehan_attempt_get_learner (attempt), ==, expected->learner);
      for (guint i = 0; i < fixture->n_questions; i++)
        {
          const char *answer = imtehan_attempt_get_answer (attempt, i);

          if (expected->answers[i] != NULL)
            {
              g_assert_cmpstr (answer, ==, expected->answers[i]);
              check.n_verified++;
            }
          else if (answer != NULL)
            {
              check.n_extra++;
              expected->answers[i] = g_strdup (answer);
            }
        }
      if (expected->finished)
        g_assert_true (imtehan_attempt_get_finished (attempt));
      else if (imtehan_attempt_get_finished (attempt))
        {
          check.n_extra++;
          expected->finished = TRUE;
        }
    }

  /* A new attempt saved but not yet reported: it has no answers, as the next step would
   * have printed its id first. */
  g_hash_table_iter_init (&iter, loaded);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      ImtehanAttempt *attempt = value;
      Expected *expected;

      if (g_hash_table_contains (fixture->expected, key))
        continue;
      g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 0);
      g_assert_false (imtehan_attempt_get_finished (attempt));
      check.n_extra++;
      expected = expected_new (fixture->n_questions);
      expected->learner = g_strdup (imtehan_attempt_get_learner (attempt));
      g_hash_table_insert (fixture->expected, g_strdup (key), expected);
      fixture->n_attempts++;
    }

  /* A temporary file from the kill is left for ten minutes (another instance may be writing
   * it); once that old, the next listing removes it and nothing else. */
  if (temps->len > 0)
    {
      g_autoptr(GPtrArray) again = NULL;

      for (guint i = 0; i < temps->len; i++)
        set_age (g_ptr_array_index (temps, i), 11 * 60);
      g_clear_pointer (&problems, g_ptr_array_unref);
      again = imtehan_store_list (fixture->store, &problems, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (problems->len, ==, 0);
      g_assert_cmpuint (again->len, ==, check.n_files);
      for (guint i = 0; i < temps->len; i++)
        g_assert_false (g_file_test (g_ptr_array_index (temps, i), G_FILE_TEST_EXISTS));
    }

  return check;
}

/* Once checked, old finished attempts go, so that every run lists and checks about as many
 * files as the last (and valgrind runs still get through their iterations). */
static void
prune_finished (Fixture *fixture)
{
  g_autoptr(GPtrArray) finished = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, fixture->expected);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (((Expected *)value)->finished)
      g_ptr_array_add (finished, key);
  if (finished->len <= KEEP_FINISHED)
    return;
  /* Ids start with the start time. */
  g_ptr_array_sort (finished, (GCompareFunc)compare_ids);
  for (guint i = 0; i < finished->len - KEEP_FINISHED; i++)
    {
      g_autofree char *name = g_strconcat (g_ptr_array_index (finished, i), ".ini", NULL);
      g_autofree char *path = g_build_filename (fixture->folder, name, NULL);

      g_assert_cmpint (g_unlink (path), ==, 0);
      g_hash_table_remove (fixture->expected, g_ptr_array_index (finished, i));
    }
}

/* Kills at random moments that still let the helper get somewhere: after reading 0 to 8
 * lines (0: during start-up, listing and resuming), then after a random part of the time a
 * step takes here, measured as it goes (about 2 ms on ext4, two fsyncs per save, but much
 * more when other tests fsync too). */
static void
test_kill (Fixture       *fixture,
           gconstpointer  data)
{
  gint64 start = g_get_monotonic_time ();
  gint64 deadline = start + KILL_BUDGET_SECONDS * G_USEC_PER_SEC;
  guint iterations = 0, kills = 0, reported = 0, verified = 0, extra = 0, temps = 0;
  guint early = 0;
  gint64 startup_us = 5000, step_us = 2000;

  for (; iterations < KILL_ITERATIONS && g_get_monotonic_time () < deadline; iterations++)
    {
      g_autoptr(GSubprocess) helper = spawn_helper (fixture, "--resume", NULL);
      g_autoptr(GDataInputStream) out = NULL;
      g_autoptr(GString) output = g_string_new (NULL);
      g_autofree char *rest = NULL;
      g_autofree char *errors = NULL;
      guint lines = g_random_int_range (0, 9);
      gint64 spawned = g_get_monotonic_time (), first = 0;
      guint answers;
      Check check;

      out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (helper));
      for (guint i = 0; i < lines; i++)
        {
          g_autofree char *line = g_data_input_stream_read_line (out, NULL, NULL, NULL);

          if (line == NULL)
            break;
          g_string_append_printf (output, "%s\n", line);
          if (i == 0)
            {
              first = g_get_monotonic_time ();
              startup_us = (3 * startup_us + (first - spawned)) / 4;
            }
          else if (i == lines - 1)
            step_us = (3 * step_us + (g_get_monotonic_time () - first) / i) / 4;
        }
      /* The sleep is the test: the kill lands at a random moment of the helper's step. */
      g_usleep (g_random_int_range (0, 2 * (lines == 0 ? startup_us : step_us) + 1));
      g_subprocess_send_signal (helper, SIGKILL);
      g_subprocess_wait (helper, NULL, NULL);
      rest = read_all (G_INPUT_STREAM (out));
      g_string_append (output, rest);
      errors = read_all (g_subprocess_get_stderr_pipe (helper));
      if (!g_subprocess_get_if_signaled (helper))
        g_error ("The helper exited by itself (%d): %s", g_subprocess_get_status (helper), errors);
      g_assert_cmpint (g_subprocess_get_term_sig (helper), ==, SIGKILL);
      kills++;

      answers = apply_output (fixture, output->str, NULL);
      reported += answers;
      if (output->len == 0)
        early++;
      check = check_folder (fixture);
      /* "At most the answer being written is lost": one step ahead of the output at most. */
      g_assert_cmpuint (check.n_extra, <=, 1);
      verified += check.n_verified;
      extra += check.n_extra;
      temps += check.n_temps;
      prune_finished (fixture);
    }

  g_test_message ("%u iterations in %.1f s, %u kills (%u before the first save was reported), "
                  "%u attempts, %u answers reported, %u answer checks passed, %u unreported "
                  "steps found saved, %u temporary files left by kills and removed once stale",
                  iterations, (g_get_monotonic_time () - start) / (double)G_USEC_PER_SEC, kills,
                  early, fixture->n_attempts, reported, verified, extra, temps);
  /* Not vacuous: the helper got far enough, often enough, to have answers to lose. */
  g_assert_cmpuint (iterations, >=, 20);
  g_assert_cmpuint (reported, >=, iterations);
  g_assert_cmpuint (fixture->n_attempts, >=, 2);
}

static void
test_shared_folder (Fixture       *fixture,
                    gconstpointer  data)
{
  GSubprocess *writers[N_WRITERS];
  char *learners[N_WRITERS];
  g_autofree char *n_attempts = g_strdup_printf ("%d", WRITER_ATTEMPTS);
  guint reported = 0;
  Check check;

  /* Two lab PCs on one share, or two instances without a session bus: each runs its own
   * attempts and lists the folder between them (reading the others' files mid-rewrite). */
  for (guint i = 0; i < N_WRITERS; i++)
    {
      learners[i] = g_strdup_printf ("pc%u", i + 1);
      writers[i] = spawn_helper (fixture, "--learner", learners[i], "--attempts", n_attempts,
                                 "--list", NULL);
    }

  for (guint i = 0; i < N_WRITERS; i++)
    {
      g_autofree char *output = read_all (g_subprocess_get_stdout_pipe (writers[i]));
      g_autofree char *errors = read_all (g_subprocess_get_stderr_pipe (writers[i]));
      guint before = g_hash_table_size (fixture->expected);

      g_subprocess_wait (writers[i], NULL, NULL);
      if (!g_subprocess_get_successful (writers[i]))
        g_error ("Writer %u failed (wait status %d): %s", i + 1,
                 g_subprocess_get_status (writers[i]), errors);
      reported += apply_output (fixture, output, learners[i]);
      g_assert_cmpuint (g_hash_table_size (fixture->expected) - before, ==, WRITER_ATTEMPTS);
      g_clear_object (&writers[i]);
      g_free (learners[i]);
    }

  /* Every file is one of theirs, whole, finished, with every answer: no step is missing
   * since no writer was killed. */
  check = check_folder (fixture);
  g_assert_cmpuint (check.n_files, ==, N_WRITERS * WRITER_ATTEMPTS);
  g_assert_cmpuint (check.n_extra, ==, 0);
  g_assert_cmpuint (check.n_temps, ==, 0);
  g_assert_cmpuint (check.n_verified, ==, reported);
  g_assert_cmpuint (reported, ==, N_WRITERS * WRITER_ATTEMPTS * fixture->n_questions);
  {
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init (&iter, fixture->expected);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      g_assert_true (((Expected *)value)->finished);
  }
  g_test_message ("%d writers, %u attempts, %u answers, all saved",
                  N_WRITERS, check.n_files, reported);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/crash/kill", Fixture, NULL, fixture_set_up, test_kill, fixture_tear_down);
  g_test_add ("/crash/shared-folder", Fixture, NULL, fixture_set_up, test_shared_folder,
              fixture_tear_down);

  return g_test_run ();
}
