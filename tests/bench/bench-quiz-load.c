/* bench-quiz-load.c: loading a 200-question quiz of mixed types, against a 200-question
 * quiz of single-choice questions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib only, no display. Both quizzes are made here, in English and Urdu, with texts of the
 * same length: the single one has 4 choices a question; the mixed one cycles through the six
 * types (4 choices, 3 accepted answers, 3 items to match with a distractor, 4 to order).
 * Each round parses both from memory with imtehan_quiz_new_from_bytes(), in turn; the
 * target is mixed <= 1.5 x single.
 *
 *   bench-quiz-load [ROUNDS]     default 31
 *   bench-quiz-load --write FILE  writes the mixed quiz to FILE (the navigate-long benchmark)
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "imtehan-quiz.h"

#define N_QUESTIONS 200

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

static void
add_text (GString    *quiz,
          const char *key,
          guint       q,
          const char *what)
{
  g_string_append_printf (quiz, "%s=%s %u of the question about ZeRO stage %u\n", key, what, q, q % 3 + 1);
  g_string_append_printf (quiz, "%s[ur]=سوال %u کا %s، ZeRO کے مرحلہ %u کے بارے میں\n", key, q, what,
                          q % 3 + 1);
}

static void
add_choices (GString    *quiz,
             guint       q,
             const char *answer_line)
{
  g_string_append (quiz, "Choices=a;b;c;d\n");
  for (char c = 'a'; c <= 'd'; c++)
    {
      char key[] = "Choice.x";

      key[7] = c;
      add_text (quiz, key, q, "choice");
    }
  g_string_append (quiz, answer_line);
}

static GBytes *
make_quiz (gboolean mixed)
{
  GString *quiz = g_string_new ("[Quiz]\nFormatVersion=2\nId=bench\nTitle=Bench\nTitle[ur]=بینچ\n");

  for (guint q = 0; q < N_QUESTIONS; q++)
    {
      guint kind = mixed ? q % 6 : 0;

      g_string_append_printf (quiz, "\n[Question q%u]\n", q);
      add_text (quiz, "Text", q, "text");
      add_text (quiz, "Explanation", q, "explanation");
      switch (kind)
        {
        case 0:
          add_choices (quiz, q, "Answer=b\n");
          break;
        case 1:
          g_string_append (quiz, "Type=multiple\n");
          add_choices (quiz, q, "Answer=a;c\n");
          break;
        case 2:
          g_string_append (quiz, "Type=short\nAccept=x;y;z\n");
          add_text (quiz, "Accept.x", q, "answer");
          add_text (quiz, "Accept.y", q, "*other answer*");
          add_text (quiz, "Accept.z", q, "half answer");
          g_string_append (quiz, "Weight.z=50\n");
          break;
        case 3:
          g_string_append (quiz, "Type=numerical\nAccept=x;y\nAccept.x=16\nAccept.y=10..20\n"
                                 "Weight.y=50\nTolerance.x=0.5\nUnit=bytes\nUnit[ur]=بائٹ\n");
          break;
        case 4:
          g_string_append (quiz, "Type=matching\nItems=i;j;k\nDistractors=d\n");
          add_text (quiz, "Item.i", q, "item");
          add_text (quiz, "Match.i", q, "match");
          add_text (quiz, "Item.j", q, "second item");
          add_text (quiz, "Match.j", q, "second match");
          add_text (quiz, "Item.k", q, "third item");
          add_text (quiz, "Match.k", q, "third match");
          add_text (quiz, "Match.d", q, "distractor");
          break;
        default:
          g_string_append (quiz, "Type=ordering\nItems=a;b;c;d\n");
          for (char c = 'a'; c <= 'd'; c++)
            {
              char key[] = "Item.x";

              key[5] = c;
              add_text (quiz, key, q, "item");
            }
          break;
        }
    }
  return g_string_free_to_bytes (quiz);
}

int
main (int   argc,
      char *argv[])
{
  guint rounds;
  g_autoptr(GBytes) single = NULL;
  g_autoptr(GBytes) mixed = make_quiz (TRUE);
  g_autoptr(GArray) single_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) mixed_ms = g_array_new (FALSE, FALSE, sizeof (double));
  double a, b;

  if (argc > 2 && g_str_equal (argv[1], "--write"))
    {
      g_autoptr(GError) error = NULL;

      if (!g_file_set_contents (argv[2], g_bytes_get_data (mixed, NULL), g_bytes_get_size (mixed),
                                &error))
        g_error ("%s", error->message);
      return 0;
    }
  rounds = argc > 1 ? (guint)atoi (argv[1]) : 31;
  single = make_quiz (FALSE);

  for (guint r = 0; r < rounds + 1; r++)
    for (guint k = 0; k < 2; k++)
      {
        gboolean is_mixed = (r + k) % 2;
        g_autoptr(GError) error = NULL;
        g_autoptr(ImtehanQuiz) quiz = NULL;
        gint64 start = g_get_monotonic_time ();
        double ms;

        if (!(quiz = imtehan_quiz_new_from_bytes (is_mixed ? mixed : single, "bench.quiz", &error)))
          g_error ("%s", error->message);
        ms = (g_get_monotonic_time () - start) / 1000.0;
        g_assert (imtehan_quiz_get_n_questions (quiz) == N_QUESTIONS);
        /* The first round warms the caches and is not counted. */
        if (r > 0)
          g_array_append_val (is_mixed ? mixed_ms : single_ms, ms);
      }
  a = median (single_ms);
  b = median (mixed_ms);
  fprintf (stderr, "%u questions, in English and Urdu; medians of %u rounds, wall clock:\n"
           "  single choice (%.0f KiB): %7.2f ms\n"
           "  six types     (%.0f KiB): %7.2f ms\n"
           "  mixed / single: %.2f (target <= 1.5)\n",
           N_QUESTIONS, rounds, g_bytes_get_size (single) / 1024.0, a,
           g_bytes_get_size (mixed) / 1024.0, b, b / a);
  printf ("RESULT quiz-load.single.median %.3f\n", a);
  printf ("RESULT quiz-load.mixed.median %.3f\n", b);
  printf ("RESULT quiz-load.ratio %.3f\n", b / a);
  return 0;
}
