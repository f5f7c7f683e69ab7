/* test-report-format.c: the figures of the class report as the window and the PDF show them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>
#include <libintl.h>

#include "imtehan-intl.h"
#include "imtehan-report-format.h"
#include "test-report-util.h"
#include "test-util.h"

#define DASH "\u2014"

static void
test_percent (void)
{
  static const struct { guint score, total, percent; } cases[] = {
    { 6, 8, 75 }, { 1, 8, 13 }, { 3, 8, 38 }, { 1, 3, 33 }, { 2, 3, 67 }, { 0, 8, 0 },
    { 8, 8, 100 }, { 0, 0, 0 }, { 4000000000u, 4000000000u, 100 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpuint (imtehan_report_percent_of (cases[i].score, cases[i].total), ==,
                      cases[i].percent);

  imtehan_intl_set_language ("en");
  {
    g_autofree char *sixty = imtehan_report_format_percent (0.6);
    g_autofree char *over = imtehan_report_format_percent (1.5);
    g_autofree char *under = imtehan_report_format_percent (-0.2);
    g_autofree char *undefined = imtehan_report_format_percent (NAN);
    g_autofree char *score = imtehan_report_format_score (6, 8);
    g_autofree char *half = imtehan_report_format_score (1, 8);

    g_assert_cmpstr (sixty, ==, "60%");
    g_assert_cmpstr (over, ==, "100%");
    g_assert_cmpstr (under, ==, "0%");
    g_assert_cmpstr (undefined, ==, DASH);
    g_assert_cmpstr (score, ==, "6 of 8 · 75%");
    g_assert_cmpstr (half, ==, "1 of 8 · 13%");
  }
  /* Partial credit: marks with two decimals at most, and no zero at their end. */
  {
    g_autofree char *partial = imtehan_report_format_score (5.5, 8);
    g_autofree char *third = imtehan_report_format_score (10.0 / 3, 6);
    g_autofree char *points = imtehan_report_format_points (5.499);
    g_autofree char *half = imtehan_report_format_question_marks (0.5);
    g_autofree char *two_thirds = imtehan_report_format_question_marks (2.0 / 3);
    g_autofree char *whole = imtehan_report_format_question_marks (1);
    g_autofree char *none = imtehan_report_format_question_marks (0);

    g_assert_cmpstr (partial, ==, "5.5 of 8 · 69%");
    g_assert_cmpstr (third, ==, "3.33 of 6 · 56%");
    g_assert_cmpstr (points, ==, "5.5");
    g_assert_cmpstr (half, ==, "0.5 of 1");
    g_assert_cmpstr (two_thirds, ==, "0.67 of 1");
    g_assert_cmpstr (whole, ==, "1 of 1");
    g_assert_cmpstr (none, ==, "0 of 1");
  }

  /* Urdu: the words translated, the digits ASCII, as the window shows them. */
  imtehan_intl_set_language ("ur");
  {
    g_autofree char *sixty = imtehan_report_format_percent (0.6);
    g_autofree char *score = imtehan_report_format_score (6, 8);

    g_assert_cmpstr (sixty, ==, "60 فیصد");
    g_assert_cmpstr (score, ==, "8 میں سے 6 · 75 فیصد");
  }
  {
    g_autofree char *partial = imtehan_report_format_score (5.5, 8);
    g_autofree char *half = imtehan_report_format_question_marks (0.5);

    g_assert_cmpstr (partial, ==, "8 میں سے 5.5 · 69 فیصد");
    g_assert_cmpstr (half, ==, "1 میں سے 0.5");
  }
  imtehan_intl_set_language ("en");
}

static void
test_number (void)
{
  static const struct { double value; guint decimals; const char *text; } cases[] = {
    { 5.0, 1, "5" }, { 5.25, 1, "5.2" }, { 0.4, 2, "0.40" }, { 0.0, 2, "0" },
    { -0.001, 2, "0" }, { -12.5, 1, "\u2066\u221212.5\u2069" }, { 46.153, 2, "46.15" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = imtehan_report_format_number (cases[i].value, cases[i].decimals);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
  {
    g_autofree char *text = imtehan_report_format_number (NAN, 1);

    g_assert_cmpstr (text, ==, DASH);
  }
  {
    g_autofree char *mean = imtehan_report_format_marks (5.25, 8);
    g_autofree char *none = imtehan_report_format_marks (NAN, 8);

    g_assert_cmpstr (mean, ==, "5.2 of 8");
    g_assert_cmpstr (none, ==, DASH);
  }
  /* In any locale, a point: a comma would read as two numbers. */
  imtehan_intl_set_language ("ur");
  {
    g_autofree char *text = imtehan_report_format_number (5.25, 2);
    g_autofree char *mean = imtehan_report_format_marks (5.25, 8);

    g_assert_cmpstr (text, ==, "5.25");
    g_assert_cmpstr (mean, !=, "5.2 of 8");
    g_assert_nonnull (strstr (mean, "5.2"));
  }
  imtehan_intl_set_language ("en");
}

static void
test_duration (void)
{
  static const struct { gint64 seconds; const char *en, *ur, *clock; } cases[] = {
    { 0, "0 s", "0 سیکنڈ", "0:00:00" },
    { 45, "45 s", "45 سیکنڈ", "0:00:45" },
    { 725, "12 min 05 s", "12 منٹ 05 سیکنڈ", "0:12:05" },
    { 3599, "59 min 59 s", "59 منٹ 59 سیکنڈ", "0:59:59" },
    { 3900, "1 h 05 min", "1 گھنٹے 05 منٹ", "1:05:00" },
    { 90061, "25 h 01 min", "25 گھنٹے 01 منٹ", "25:01:01" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GTimeSpan span = cases[i].seconds * G_TIME_SPAN_SECOND + G_TIME_SPAN_MILLISECOND * 999;
      g_autofree char *en = NULL;
      g_autofree char *ur = NULL;
      g_autofree char *clock = imtehan_report_format_clock (span);

      imtehan_intl_set_language ("en");
      en = imtehan_report_format_duration (span);
      imtehan_intl_set_language ("ur");
      ur = imtehan_report_format_duration (span);
      imtehan_intl_set_language ("en");
      g_assert_cmpstr (en, ==, cases[i].en);
      g_assert_cmpstr (ur, ==, cases[i].ur);
      g_assert_cmpstr (clock, ==, cases[i].clock);
    }
  /* Not known (an attempt not finished): each caller says so in its own way. */
  g_assert_null (imtehan_report_format_duration (-1));
  g_assert_null (imtehan_report_format_clock (-1));
}

static void
test_count (void)
{
  g_autofree char *small = imtehan_report_format_count (7);
  g_autofree char *large = imtehan_report_format_count (10000);

  g_assert_cmpstr (small, ==, "7");
  /* The locale's grouping: none in C.UTF-8, where the tests run. */
  g_assert_true (g_str_equal (large, "10000") || g_str_equal (large, "10,000"));
}

static char *
replace_once (const char *text,
              const char *from,
              const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int)(at - text), text, to, at + strlen (from));
}

static ImtehanReportAttempt *
find_learner (ImtehanReport *report,
              const char    *learner)
{
  GListModel *quizzes = imtehan_report_get_quizzes (report);

  for (guint q = 0; q < g_list_model_get_n_items (quizzes); q++)
    {
      g_autoptr(ImtehanReportQuiz) quiz = g_list_model_get_item (quizzes, q);
      GListModel *attempts = imtehan_report_quiz_get_attempts (quiz);

      for (guint i = 0; i < g_list_model_get_n_items (attempts); i++)
        {
          g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (attempts, i);

          if (g_strcmp0 (imtehan_report_attempt_get_learner (attempt), learner) == 0)
            return attempt;  /* the report holds it */
        }
    }
  g_assert_not_reached ();
}

typedef struct
{
  ImtehanQuiz   *quiz;
  ImtehanReport *report;
  char          *root;
} Class;

static void
class_clear (Class *class)
{
  imtehan_test_remove_tree (class->root);
  g_free (class->root);
  g_clear_object (&class->report);
  g_clear_object (&class->quiz);
}

static char *
write_edited (const char     *folder,
              ImtehanAttempt *attempt,
              const char     *from,
              const char     *to)
{
  g_autofree char *data = imtehan_attempt_to_data (attempt, NULL);
  g_autofree char *name = g_strconcat (imtehan_attempt_get_id (attempt), ".ini", NULL);
  g_autofree char *edited = replace_once (data, from, to);

  return imtehan_test_write_text (folder, name, edited);
}

/* A class whose attempts carry each flag: a saved score edited by hand, a copy of a folder,
 * a file with no quiz digest, a practice attempt, an unfinished one. */
static void
class_init (Class *class)
{
  static const struct { const char *learner, *roll, *pattern; gboolean practice, finish; }
  learners[] = {
    { "Learner 10", "R-1", "cccccccc", FALSE, TRUE },
    { "Learner 2", "R-10", "cccwwwww", FALSE, TRUE },
    { "Learner 2", "R-9", "ccwwwwww", FALSE, TRUE },
    { "", "R-3", "cccccccc", FALSE, TRUE },
    { "Edited", NULL, "cwcwcwcw", FALSE, TRUE },
    { "Copied", NULL, "ccccwwww", FALSE, TRUE },
    { "Old", NULL, "cccccccc", FALSE, TRUE },
    { "Practice", NULL, "cccccccc", TRUE, TRUE },
    { "Unfinished", NULL, "ccc", FALSE, FALSE },
  };

  class->quiz = imtehan_test_load_bundled_quiz ();
  class->report = imtehan_report_new (NULL);
  class->root = g_dir_make_tmp ("imtehan-report-format-XXXXXX", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (learners); i++)
    {
      g_autofree char *folder = g_build_filename (class->root, "pc01", NULL);
      g_autoptr(ImtehanAttempt) attempt =
        imtehan_test_make_attempt (class->quiz,
                                   learners[i].practice ? IMTEHAN_MODE_PRACTICE
                                                        : IMTEHAN_MODE_EXAM,
                                   learners[i].learner, learners[i].pattern, learners[i].finish);

      if (learners[i].roll != NULL)
        imtehan_attempt_set_roll_number (attempt, learners[i].roll);
      if (g_str_equal (learners[i].learner, "Edited"))
        g_free (write_edited (folder, attempt, "\nScore=4\n", "\nScore=8\n"));
      else if (g_str_equal (learners[i].learner, "Old"))
        {
          g_autofree char *data = imtehan_attempt_to_data (attempt, NULL);
          const char *line = strstr (data, "\nQuizDigest=");
          g_autofree char *digest = NULL;

          g_assert_nonnull (line);
          digest = g_strndup (line, strchr (line + 1, '\n') - line);
          g_free (write_edited (folder, attempt, digest, ""));
        }
      else if (g_str_equal (learners[i].learner, "Copied"))
        for (guint usb = 1; usb <= 3; usb++)
          {
            g_autofree char *name = g_strdup_printf ("usb%u", usb);
            g_autofree char *copy = g_build_filename (class->root, name, NULL);

            g_free (imtehan_test_write_attempt (copy, attempt));
          }
      else
        g_free (imtehan_test_write_attempt (folder, attempt));
    }
  imtehan_report_add_quiz (class->report, class->quiz);
  imtehan_test_load_report_folder (class->report, class->root);
}

static void
test_flags (void)
{
  Class class = { 0 };
  ImtehanReportAttempt *edited, *copied, *old, *practice, *unfinished, *plain, *unnamed;
  gboolean mismatch = FALSE, copies = FALSE;

  class_init (&class);
  edited = find_learner (class.report, "Edited");
  copied = find_learner (class.report, "Copied");
  old = find_learner (class.report, "Old");
  practice = find_learner (class.report, "Practice");
  unfinished = find_learner (class.report, "Unfinished");
  plain = find_learner (class.report, "Learner 10");
  unnamed = find_learner (class.report, "");

  imtehan_intl_set_language ("en");
  {
    g_autofree char *e = imtehan_report_format_flags (edited);
    g_autofree char *c = imtehan_report_format_flags (copied);
    g_autofree char *o = imtehan_report_format_flags (old);
    g_autofree char *p = imtehan_report_format_flags (plain);

    g_assert_cmpstr (e, ==, "Saved score 8 disagrees");
    g_assert_cmpstr (c, ==, "Also in 2 other files");
    g_assert_cmpstr (o, ==, "Matched by quiz version");
    g_assert_null (p);
    g_assert_cmpstr (imtehan_report_format_learner (unnamed), ==, "No name");
    g_assert_cmpstr (imtehan_report_format_learner (plain), ==, "Learner 10");
    g_assert_cmpstr (imtehan_report_format_finished (plain), ==, "Submitted");
    g_assert_cmpstr (imtehan_report_format_finished (unfinished), ==, "Not finished");
  }
  imtehan_intl_set_language ("ur");
  {
    g_autofree char *e = imtehan_report_format_flags (edited);
    g_autofree char *c = imtehan_report_format_flags (copied);
    g_autofree char *o = imtehan_report_format_flags (old);

    g_assert_cmpstr (e, ==, "محفوظ اسکور 8 مختلف ہے");
    /* The plural form of the Urdu catalog, through g_dngettext(). */
    g_assert_cmpstr (c, ==, "2 اور فائلوں میں بھی");
    g_assert_cmpstr (o, ==, "کوئز کے ورژن سے ملایا گیا");
    g_assert_cmpstr (imtehan_report_format_learner (plain), ==, "Learner 10");
    g_assert_cmpstr (imtehan_report_format_learner (unnamed), !=, "No name");
    g_assert_cmpstr (imtehan_report_format_finished (unfinished), !=, "Not finished");
  }
  imtehan_intl_set_language ("en");

  /* The printed report's narrow column: marks, explained under the table. */
  {
    g_autofree char *p = imtehan_report_format_notes (plain, &mismatch, &copies);

    g_assert_cmpstr (p, ==, "");
    g_assert_false (mismatch || copies);
  }
  {
    g_autofree char *e = imtehan_report_format_notes (edited, &mismatch, &copies);

    g_assert_cmpstr (e, ==, "≠");
    g_assert_true (mismatch);
    g_assert_false (copies);
  }
  {
    g_autofree char *c = imtehan_report_format_notes (copied, &mismatch, &copies);
    g_autofree char *p = imtehan_report_format_notes (practice, &mismatch, &copies);

    g_assert_cmpstr (c, ==, "×3");
    g_assert_true (copies);
    g_assert_cmpstr (p, ==, "practice");
  }
  class_clear (&class);
}

static void
test_order (void)
{
  Class class = { 0 };
  g_autoptr(GPtrArray) attempts = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GString) order = g_string_new (NULL);
  GListModel *quizzes;
  g_autoptr(ImtehanReportQuiz) quiz = NULL;
  GListModel *listed;

  class_init (&class);
  quizzes = imtehan_report_get_quizzes (class.report);
  quiz = g_list_model_get_item (quizzes, 0);
  listed = imtehan_report_quiz_get_attempts (quiz);
  /* Backwards, so that the order found is the sort's and not the files'. */
  for (guint i = g_list_model_get_n_items (listed); i > 0; i--)
    g_ptr_array_add (attempts, g_list_model_get_item (listed, i - 1));
  imtehan_report_sort_learners (attempts);
  for (guint i = 0; i < attempts->len; i++)
    {
      ImtehanReportAttempt *attempt = g_ptr_array_index (attempts, i);
      const char *roll = imtehan_report_attempt_get_roll_number (attempt);
      gboolean has_roll = roll != NULL && *roll != '\0';

      g_string_append_printf (order, "%s%s%s%s", i ? ", " : "",
                              imtehan_report_format_learner (attempt), has_roll ? " " : "",
                              has_roll ? roll : "");
    }
  /* Natural order of names ("Learner 2" before "Learner 10"), then of roll numbers; an
   * unnamed attempt last. */
  g_assert_cmpstr (order->str, ==, "Copied, Edited, Learner 2 R-9, Learner 2 R-10, "
                                   "Learner 10 R-1, Old, Practice, Unfinished, No name R-3");

  for (guint i = 0; i < attempts->len; i++)
    g_assert_cmpint (imtehan_report_compare_learners (g_ptr_array_index (attempts, i),
                                                      g_ptr_array_index (attempts, i)), ==, 0);
  class_clear (&class);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("IMTEHAN_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/report-format/percent", test_percent);
  g_test_add_func ("/report-format/number", test_number);
  g_test_add_func ("/report-format/duration", test_duration);
  g_test_add_func ("/report-format/count", test_count);
  g_test_add_func ("/report-format/flags", test_flags);
  g_test_add_func ("/report-format/order", test_order);

  return g_test_run ();
}
