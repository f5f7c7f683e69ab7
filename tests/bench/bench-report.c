/* bench-report.c: the class report over 10,000 attempt files, against loading them with
 * GKeyFile
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib only, no display. A lab of 40 PCs x 250 attempts, a subfolder per PC, written once
 * into a temporary folder by ImtehanAttempt itself, then read in alternating order by:
 *
 *   report: imtehan_report_load() over the folder: walking it, reading each file read-only,
 *           checking it against the quiz, recomputing its score, merging copies, grouping;
 *   bare:   g_key_file_load_from_file() on each of the same files, from a list made once
 *           (the bare side is not charged for listing the folders).
 *
 * The target is report <= 2 x bare. The report's growth of the resident set while its result
 * is held is printed too: only the report's own memory can be measured here, not the
 * window's (report-window in run-bench.py measures that).
 *
 *   bench-report [ROUNDS [QUIZ]]     default 7 rounds, the bundled quiz
 *
 * With a quiz of every question type (tests/data/question-types.quiz), each question gets
 * a right, a wrong or no answer of its own type, and the report scores partial credit.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-report.h"

#define N_PCS 40
#define PER_PC 250

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return x < y ? -1 : x > y;
}

static double
median (GArray *values)
{
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

/* VmRSS in KiB, from /proc. */
static gint64
resident_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      !(line = strstr (status, "VmRSS:")))
    return -1;
  return g_ascii_strtoll (line + 6, NULL, 10);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* A response of @question's type: @pick 0 is the right one, 1 a wrong (or partly right) one,
 * 2 none. */
static char *
response_for (ImtehanQuestion *question,
              const char * const *order,
              guint            pick)
{
  if (pick == 0)
    return imtehan_question_dup_right_response (question);
  if (pick == 2)
    return NULL;
  switch (imtehan_question_get_kind (question))
    {
    case IMTEHAN_QUESTION_SHORT:
      return g_strdup ("not this answer");
    case IMTEHAN_QUESTION_NUMERICAL:
      return g_strdup ("٣");
    case IMTEHAN_QUESTION_MATCHING:
      return g_strconcat (imtehan_question_get_item_id (question, 0), ":", order[0], NULL);
    case IMTEHAN_QUESTION_ORDERING:
      return g_strjoinv (";", (char **)order);
    default:
      return g_strdup (order[0]);
    }
}

static guint
run_report (ImtehanQuiz *quiz,
            GFile       *root,
            guint        max_readers)
{
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanReportQuiz) group = NULL;

  imtehan_report_set_max_readers (report, max_readers);
  imtehan_report_add_quiz (report, quiz);
  if (!imtehan_report_load (report, &root, 1, NULL, &error))
    g_error ("%s", error->message);
  group = g_list_model_get_item (imtehan_report_get_quizzes (report), 0);
  return g_list_model_get_n_items (imtehan_report_quiz_get_attempts (group));
}

int
main (int   argc,
      char *argv[])
{
  guint rounds = argc > 1 ? (guint)atoi (argv[1]) : 7;
  g_autoptr(GFile) quiz_file = g_file_new_for_path (argc > 2 ? argv[2]
                                                             : QUIZ_DIR "/zero-sharded-optimizers.quiz");
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *root_path = g_dir_make_tmp ("imtehan-bench-report-XXXXXX", &error);
  g_autoptr(GFile) root = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) report_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) bare_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) one_ms = g_array_new (FALSE, FALSE, sizeof (double));
  guint n_questions;
  gint64 bytes = 0, rss_before, rss_after;
  double report, bare, one;

  if (!(quiz = imtehan_quiz_new_from_file (quiz_file, NULL, &error)) || root_path == NULL)
    g_error ("%s", error->message);
  root = g_file_new_for_path (root_path);
  n_questions = imtehan_quiz_get_n_questions (quiz);

  for (guint pc = 0; pc < N_PCS; pc++)
    {
      g_autofree char *folder = g_strdup_printf ("%s/lab-pc-%02u", root_path, pc + 1);

      g_mkdir (folder, 0700);
      for (guint i = 0; i < PER_PC; i++)
        {
          g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (quiz, pc * PER_PC + i + 1);
          g_autofree char *learner = g_strdup_printf ("Learner %u-%u", pc + 1, i + 1);
          g_autofree char *data = NULL;
          g_autofree char *path = NULL;
          gsize length;

          imtehan_attempt_set_learner (attempt, learner);
          /* Answers of every kind: right, wrong, none; most attempts finished. */
          for (guint q = 0; q < n_questions; q++)
            {
              ImtehanQuestion *question = imtehan_quiz_get_question (quiz, q);
              guint pick = (pc * 7 + i * 3 + q * 5) % (imtehan_question_get_n_choices (question) + 1);

              if (imtehan_question_get_kind (question) != IMTEHAN_QUESTION_SINGLE)
                {
                  g_autofree char *response =
                    response_for (question, imtehan_attempt_get_choice_order (attempt, q), pick % 3);

                  if (response != NULL && !imtehan_attempt_respond (attempt, q, response))
                    g_error ("question %u: “%s” is not a response it takes", q, response);
                }
              else if (pick < imtehan_question_get_n_choices (question))
                imtehan_attempt_choose (attempt, q, imtehan_question_get_choice_id (question, pick));
            }
          if (i % 10 != 0)
            imtehan_attempt_finish (attempt);
          data = imtehan_attempt_to_data (attempt, &length);
          path = g_strdup_printf ("%s/%s.ini", folder, imtehan_attempt_get_id (attempt));
          if (!g_file_set_contents (path, data, length, &error))
            g_error ("%s", error->message);
          bytes += length;
          g_ptr_array_add (paths, g_steal_pointer (&path));
        }
    }

  /* What a held report costs (its attempts, marks and groups), measured first, before the
   * timed rounds leave freed memory for malloc to reuse. Also the warm-up. */
  {
    g_autoptr(ImtehanReport) held = imtehan_report_new (NULL);

    rss_before = resident_kib ();
    imtehan_report_add_quiz (held, quiz);
    if (!imtehan_report_load (held, &root, 1, NULL, &error))
      g_error ("%s", error->message);
    rss_after = resident_kib ();
  }

  g_assert (run_report (quiz, root, 0) == paths->len);

  /* The report as the app runs it (a reader per processor), the report on one thread, and
   * the bare loop (one thread), in turn. */
  for (guint r = 0; r < rounds; r++)
    for (guint k = 0; k < 3; k++)
      {
        guint which = (r + k) % 3;
        gint64 start = g_get_monotonic_time ();
        double ms;

        if (which < 2)
          g_assert (run_report (quiz, root, which == 0 ? 0 : 1) == paths->len);
        else
          for (guint i = 0; i < paths->len; i++)
            {
              g_autoptr(GKeyFile) key_file = g_key_file_new ();

              if (!g_key_file_load_from_file (key_file, g_ptr_array_index (paths, i),
                                              G_KEY_FILE_NONE, &error))
                g_error ("%s", error->message);
            }
        ms = (g_get_monotonic_time () - start) / 1000.0;
        g_array_append_val (which == 0 ? report_ms : which == 1 ? one_ms : bare_ms, ms);
      }
  report = median (report_ms);
  bare = median (bare_ms);
  one = median (one_ms);

  fprintf (stderr, "%u attempt files (%u PCs x %u, a folder each), %.1f MiB\n"
           "medians of %u rounds, wall clock:\n"
           "  report (walk, read, check, rescore, group): %8.2f ms (%u processors)\n"
           "  the same on one thread:                     %8.2f ms\n"
           "  bare GKeyFile load of the same files:       %8.2f ms\n"
           "  report / bare: %.2f (target <= 2); on one thread: %.2f\n"
           "  resident set growth while the report is held: %.1f MiB (the report's own; "
           "the issue's target is 60 MiB above the start page)\n",
           paths->len, N_PCS, PER_PC, bytes / 1048576.0, rounds, report,
           g_get_num_processors (), one, bare, report / bare, one / bare,
           (rss_after - rss_before) / 1024.0);
  printf ("RESULT report.report.median %.3f\n", report);
  printf ("RESULT report.bare.median %.3f\n", bare);
  printf ("RESULT report.ratio %.3f\n", report / bare);
  printf ("RESULT report.one-thread.median %.3f\n", one);
  printf ("RESULT report.one-thread.ratio %.3f\n", one / bare);
  printf ("RESULT report.rss-growth-mib %.1f\n", (rss_after - rss_before) / 1024.0);

  remove_tree (root_path);
  return 0;
}
