/* bench-gift.c: importing a 2,000-question Moodle GIFT bank, against loading the quizzes it
 * becomes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib only, no display. A quiz holds at most 200 questions (IMTEHAN_QUIZ_MAX_QUESTIONS), so
 * a bank of 2,000 is imported as the importer tells the teacher to: split into ten files of
 * 200. Both sides work on the same 2,000 questions, from bytes in memory (reading the files
 * and writing the copies are left out: that is the disk's time, the same for both):
 *
 *   import: what Open… does to a GIFT file before storing it (src/core/library/imtehan-library-import.c,
 *           gift_to_quiz() and import_thread()): guess the language, convert to the quiz's
 *           text, then load that text, which checks it and computes its digest (once: the
 *           library's entry keeps that quiz);
 *   load:   loading the ten resulting .quiz texts, as the library does at every start.
 *
 * The target is import <= 3 x load. Printed too, not a target: the conversion
 * alone, and one 2,000-question file read whole until it is refused for its size, which
 * shows whether the parser's time grows faster than its input.
 *
 * Each round times every part once, in alternating order; medians (and the fastest round,
 * as this machine's noise only adds) are reported, in milliseconds, as "RESULT <name>
 * <value>" on stdout for run-bench.py and as readable lines on stderr. Wall-clock and thread CPU time are both given: on a loaded machine the wall
 * clock also counts the time other processes had the CPU.
 *
 *   bench-gift [ROUNDS]     default 15
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "imtehan-gift.h"
#include "imtehan-quiz.h"

#define N_QUESTIONS 2000
#define PER_FILE IMTEHAN_QUIZ_MAX_QUESTIONS
#define N_FILES (N_QUESTIONS / PER_FILE)

static const char * const words[] = {
  "gradient", "optimizer", "memory", "shard", "parameter", "batch", "the", "of", "which",
  "device", "state", "step", "model", "a", "is", "copy", "learning", "rate", "each", "GPU",
  "partition", "communication", "all-reduce", "precision", "layer", "weights", "stage",
  "pipeline", "activation", "checkpoint", "tensor", "in", "and", "for", "per", "cost",
};

static guint32 seed = 12345;

static guint
next_random (guint n)
{
  seed = seed * 1103515245 + 12345;
  return (seed >> 16) % n;
}

static void
append_words (GString *out,
              guint    n)
{
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s", i ? " " : "", words[next_random (G_N_ELEMENTS (words))]);
}

/* One question of the kinds teachers' banks hold: multiple choice (some as missing words,
 * some with Moodle's HTML, some with escapes and feedback) and true/false, with titles and a
 * category now and then. */
static void
append_question (GString *out,
                 guint    i)
{
  if (i % 50 == 0)
    g_string_append_printf (out, "$CATEGORY: $course$/top/Default for Course/Unit %u\n\n",
                            i / 50 + 1);
  if (i % 3 == 0)
    g_string_append_printf (out, "// question %u, exported from Moodle\n", i + 1);
  g_string_append_printf (out, "::Question %u::", i + 1);

  if (i % 5 == 4)
    {
      append_words (out, 14);
      g_string_append_printf (out, ".{%s#", i % 2 ? "T" : "FALSE");
      append_words (out, 6);
      g_string_append (out, "#");
      append_words (out, 5);
      g_string_append (out, "}\n\n");
      return;
    }

  if (i % 7 == 0)
    {
      g_string_append (out, "[html]<p>");
      append_words (out, 16);
      g_string_append (out, " &amp; ");
      append_words (out, 4);
      g_string_append (out, "?</p>");
    }
  else
    {
      append_words (out, 18);
      g_string_append (out, i % 4 == 1 ? " \\{x\\} \\= 2\\: " : " ");
      append_words (out, 3);
      g_string_append (out, "?");
    }
  g_string_append (out, " {\n");
  for (guint k = 0; k < 4; k++)
    {
      g_string_append (out, k == i % 4 ? "  =" : "  ~");
      append_words (out, 3 + next_random (4));
      if (k == i % 4 || next_random (3) == 0)
        {
          g_string_append (out, "#");
          append_words (out, 8);
        }
      g_string_append_c (out, '\n');
    }
  if (i % 2 == 0)
    {
      g_string_append (out, "  ####");
      append_words (out, 20);
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "}\n\n");
}

static gint64
thread_cpu_time (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

enum { IMPORT, CONVERT, LOAD, REFUSED, N_PARTS };

typedef struct
{
  GArray *wall;
  GArray *cpu;
} Times;

static Times parts[N_PARTS];

static void
times_add (Times  *times,
           gint64  wall_start,
           gint64  cpu_start)
{
  double wall = (g_get_monotonic_time () - wall_start) / 1000.0;
  double cpu = (thread_cpu_time () - cpu_start) / 1000.0;

  g_array_append_val (times->wall, wall);
  g_array_append_val (times->cpu, cpu);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return x < y ? -1 : x > y;
}

/* Sorts @values. */
static double
median (GArray *values)
{
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

/* The import of one file, as the library does it; returns the quiz's text. */
static GBytes *
import_one (GBytes *gift,
            guint   index)
{
  g_autofree char *name = g_strdup_printf ("bank-%02u.gift", index + 1);
  g_autofree char *id = imtehan_gift_id_for_file_name (name);
  g_autofree char *title = imtehan_gift_title_for_file_name (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_auto(GStrv) warnings = NULL;
  gsize length = 0;
  char *data;

  data = imtehan_gift_import (gift, name, id, title, imtehan_gift_guess_language (gift),
                              &warnings, &length, &error);
  if (data == NULL)
    g_error ("%s", error->message);
  bytes = g_bytes_new_take (data, length);
  if (!(quiz = imtehan_quiz_new_from_bytes (bytes, name, &error)))
    g_error ("%s", error->message);
  g_assert (imtehan_quiz_get_n_questions (quiz) == PER_FILE);
  return g_steal_pointer (&bytes);
}

int
main (int   argc,
      char *argv[])
{
  guint rounds = argc > 1 ? (guint)atoi (argv[1]) : 15;
  GBytes *gift[N_FILES], *quiz[N_FILES];
  g_autoptr(GString) whole = g_string_new (NULL);
  g_autoptr(GBytes) whole_bytes = NULL;
  gsize gift_size = 0, quiz_size = 0;
  double wall[N_PARTS], cpu[N_PARTS], fastest[N_PARTS];

  for (guint k = 0; k < N_PARTS; k++)
    {
      parts[k].wall = g_array_new (FALSE, FALSE, sizeof (double));
      parts[k].cpu = g_array_new (FALSE, FALSE, sizeof (double));
    }

  for (guint f = 0; f < N_FILES; f++)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = 0; i < PER_FILE; i++)
        append_question (text, f * PER_FILE + i);
      g_string_append (whole, text->str);
      gift_size += text->len;
      gift[f] = g_string_free_to_bytes (g_steal_pointer (&text));
      /* Also a warm-up: every code path and page has run once before the timing. */
      quiz[f] = import_one (gift[f], f);
      quiz_size += g_bytes_get_size (quiz[f]);
    }
  whole_bytes = g_string_free_to_bytes (g_steal_pointer (&whole));

  for (guint r = 0; r < rounds; r++)
    for (guint k = 0; k < N_PARTS; k++)
      {
        /* Alternated, so that neither side always runs on a warmer cache. */
        guint part = r % 2 ? N_PARTS - 1 - k : k;
        gint64 wall_start = g_get_monotonic_time (), cpu_start = thread_cpu_time ();

        switch (part)
          {
          case IMPORT:
            for (guint f = 0; f < N_FILES; f++)
              g_bytes_unref (import_one (gift[f], f));
            break;
          case CONVERT:
            for (guint f = 0; f < N_FILES; f++)
              {
                g_autoptr(GError) error = NULL;
                g_autofree char *data =
                  imtehan_gift_import (gift[f], "bank.gift", "bank", "bank",
                                       imtehan_gift_guess_language (gift[f]), NULL, NULL, &error);

                g_assert (data != NULL);
              }
            break;
          case LOAD:
            for (guint f = 0; f < N_FILES; f++)
              {
                g_autoptr(GError) error = NULL;
                g_autoptr(ImtehanQuiz) loaded = imtehan_quiz_new_from_bytes (quiz[f], "bank.quiz",
                                                                             &error);

                g_assert (loaded != NULL);
              }
            break;
          case REFUSED:
            {
              g_autoptr(GError) error = NULL;
              g_autofree char *data = imtehan_gift_import (whole_bytes, "bank.gift", "bank",
                                                           "bank", "en", NULL, NULL, &error);

              g_assert (data == NULL && g_error_matches (error, IMTEHAN_ERROR,
                                                         IMTEHAN_ERROR_INVALID));
            }
            break;
          default:
            g_assert_not_reached ();
          }
        times_add (&parts[part], wall_start, cpu_start);
      }

  for (guint k = 0; k < N_PARTS; k++)
    {
      wall[k] = median (parts[k].wall);
      fastest[k] = g_array_index (parts[k].wall, double, 0);
      cpu[k] = median (parts[k].cpu);
      g_array_unref (parts[k].wall);
      g_array_unref (parts[k].cpu);
    }

  fprintf (stderr, "GIFT bank: %u questions in %u files of %u, %.0f KiB; the quizzes: %.0f KiB\n"
           "medians of %u rounds, wall clock (thread CPU):\n"
           "  import (guess, convert, load the result): %8.2f ms (%.2f)\n"
           "  convert only:                             %8.2f ms (%.2f)\n"
           "  load the resulting .quiz files:           %8.2f ms (%.2f)\n"
           "  one file of %u questions, refused:      %8.2f ms (%.2f)\n"
           "  import / load: %.2f (target <= 3); convert / load: %.2f\n"
           "  fastest rounds: import %.2f ms, convert %.2f, load %.2f: import / load %.2f\n",
           N_QUESTIONS, N_FILES, PER_FILE, gift_size / 1024.0, quiz_size / 1024.0, rounds,
           wall[IMPORT], cpu[IMPORT], wall[CONVERT], cpu[CONVERT], wall[LOAD], cpu[LOAD],
           N_QUESTIONS, wall[REFUSED], cpu[REFUSED], wall[IMPORT] / wall[LOAD],
           wall[CONVERT] / wall[LOAD], fastest[IMPORT], fastest[CONVERT], fastest[LOAD],
           fastest[IMPORT] / fastest[LOAD]);
  printf ("RESULT gift-import.import.median %.3f\n", wall[IMPORT]);
  printf ("RESULT gift-import.import.cpu.median %.3f\n", cpu[IMPORT]);
  printf ("RESULT gift-import.convert.median %.3f\n", wall[CONVERT]);
  printf ("RESULT gift-import.convert.cpu.median %.3f\n", cpu[CONVERT]);
  printf ("RESULT gift-import.load.median %.3f\n", wall[LOAD]);
  printf ("RESULT gift-import.load.cpu.median %.3f\n", cpu[LOAD]);
  printf ("RESULT gift-import.whole-file-refused.median %.3f\n", wall[REFUSED]);
  printf ("RESULT gift-import.ratio %.3f\n", wall[IMPORT] / wall[LOAD]);
  printf ("RESULT gift-import.cpu.ratio %.3f\n", cpu[IMPORT] / cpu[LOAD]);
  printf ("RESULT gift-import.convert.ratio %.3f\n", wall[CONVERT] / wall[LOAD]);
  printf ("RESULT gift-import.fastest.ratio %.3f\n", fastest[IMPORT] / fastest[LOAD]);

  for (guint f = 0; f < N_FILES; f++)
    {
      g_bytes_unref (gift[f]);
      g_bytes_unref (quiz[f]);
    }
  return 0;
}
