/* imtehan-report-format.c: how the class report shows a figure, in the window and on paper
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's learners list, its Questions and Summary views and the printed report show
 * the same figures in the same words: each is formatted here, once. Numbers keep ASCII
 * digits in both languages, as the rest of the app does; the words around them are
 * translated. The CSV is read by spreadsheets, not people: it keeps its own machine forms
 * (imtehan_report_format_clock() is the one for durations).
 */

#define G_LOG_DOMAIN "imtehan-report-format"

#include "config.h"

#include <math.h>
#include <string.h>

#include "imtehan-intl-private.h"
#include "imtehan-report-format.h"

/**
 * imtehan_report_percent_of:
 *
 * @score out of @total as a whole percentage, halves rounded up; 0 when @total is 0.
 */
guint
imtehan_report_percent_of (guint score,
                           guint total)
{
  return total ? (guint)(((guint64)score * 100 + total / 2) / total) : 0;
}

/**
 * imtehan_report_format_percent:
 *
 * A share from 0 to 1 as a percentage, "60%"; a dash when it is undefined (NAN).
 */
char *
imtehan_report_format_percent (double share)
{
  if (isnan (share))
    return g_strdup (IMTEHAN_REPORT_DASH);
  /* TRANSLATORS: a percentage: "60%" */
  return g_strdup_printf (_("%u%%"), (guint)round (CLAMP (share, 0, 1) * 100));
}

/**
 * imtehan_report_format_score:
 *
 * An attempt's marks, "6 of 8 · 75%".
 */
char *
imtehan_report_format_score (double score,
                             guint  total)
{
  g_autofree char *marks = imtehan_report_format_points (score);
  guint percent = total ? (guint)floor (score * 100 / total + 0.5) : 0;

  /* TRANSLATORS: the score on the results page: "6 of 8 · 75%"; with partial credit
   * "5.5 of 8 · 69%" */
  return g_strdup_printf (_("%s of %u · %u%%"), marks, total, percent);
}

/**
 * imtehan_report_format_points:
 *
 * Marks with partial credit: "6", "5.5", "5.33" (two decimals at most, none when whole).
 */
char *
imtehan_report_format_points (double marks)
{
  char *text = imtehan_report_format_number (round (marks * 100) / 100, 2);
  gsize length = strlen (text);

  /* Marks are not measurements: 5.5 marks, not 5.50. */
  if (strchr (text, '.') != NULL && g_ascii_isdigit (text[length - 1]))
    {
      while (text[length - 1] == '0')
        text[--length] = '\0';
    }
  return text;
}

/**
 * imtehan_report_format_question_marks:
 *
 * What a question of one mark earned, partial credit included: "1 of 1", "0.5 of 1",
 * "0.67 of 1"; the marks add up to the total of imtehan_report_format_score().
 */
char *
imtehan_report_format_question_marks (double fraction)
{
  g_autofree char *marks = imtehan_report_format_points (CLAMP (fraction, 0, 1));

  return g_strdup_printf (_("%1$s of %2$s"), marks, "1");
}

/**
 * imtehan_report_format_number:
 *
 * A figure in either language: ASCII digits and a point, @decimals decimals unless they are
 * all zero ("5 of 8", not "5.0 of 8"; but "0.40"); a negative number is isolated left to
 * right with a real minus sign (an Urdu line would put "-" after it); NAN is a dash.
 */
char *
imtehan_report_format_number (double value,
                              guint  decimals)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  char format[8];
  char *end;

  if (isnan (value))
    return g_strdup (IMTEHAN_REPORT_DASH);
  g_snprintf (format, sizeof format, "%%.%uf", MIN (decimals, 6));
  g_ascii_formatd (buffer, sizeof buffer, format, value);
  if ((end = strchr (buffer, '.')) != NULL && strspn (end + 1, "0") == strlen (end + 1))
    *end = '\0';
  if (g_str_equal (buffer, "-0"))
    return g_strdup ("0");
  if (buffer[0] == '-')
    return g_strdup_printf ("\u2066\u2212%s\u2069", buffer + 1);
  return g_strdup (buffer);
}

/**
 * imtehan_report_format_marks:
 *
 * A mean or median score out of the quiz's total, "5.3 of 8"; a dash when it is undefined.
 */
char *
imtehan_report_format_marks (double score,
                             double total)
{
  g_autofree char *value = NULL;
  g_autofree char *max = NULL;

  if (isnan (score))
    return g_strdup (IMTEHAN_REPORT_DASH);
  value = imtehan_report_format_number (score, 1);
  max = imtehan_report_format_number (total, 1);
  /* TRANSLATORS: a score out of the quiz's total in the class report: "5.3 of 8" */
  return g_strdup_printf (_("%1$s of %2$s"), value, max);
}

/**
 * imtehan_report_format_count:
 *
 * A count of files with the locale's digit grouping: "10,000" in an English locale.
 */
char *
imtehan_report_format_count (guint n)
{
  return g_strdup_printf ("%'u", n);
}

/**
 * imtehan_report_format_duration:
 *
 * The time an attempt took, in words: "45 s", "12 min 05 s", "1 h 05 min". The same words
 * in the window and on paper, where a teacher reads them without a legend. %NULL when it is
 * not known (an unfinished attempt): each caller says so in its own way.
 */
char *
imtehan_report_format_duration (GTimeSpan span)
{
  guint64 seconds;

  if (span < 0)
    return NULL;
  seconds = (guint64)(span / G_TIME_SPAN_SECOND);
  if (seconds >= 3600)
    /* TRANSLATORS: the time an attempt took, hours and minutes: "1 h 05 min" */
    return g_strdup_printf (_("%1$u h %2$02u min"), (guint)(seconds / 3600),
                            (guint)(seconds % 3600 / 60));
  if (seconds >= 60)
    /* TRANSLATORS: the time an attempt took, minutes and seconds: "12 min 05 s" */
    return g_strdup_printf (_("%1$u min %2$02u s"), (guint)(seconds / 60),
                            (guint)(seconds % 60));
  /* TRANSLATORS: the time an attempt took, under a minute: "45 s" */
  return g_strdup_printf (_("%u s"), (guint)seconds);
}

/**
 * imtehan_report_format_clock:
 *
 * A duration as h:mm:ss, which spreadsheets read as a duration (hours go past 24); %NULL
 * when it is not known.
 */
char *
imtehan_report_format_clock (GTimeSpan span)
{
  gint64 seconds;

  if (span < 0)
    return NULL;
  seconds = span / G_TIME_SPAN_SECOND;
  return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d", seconds / 3600,
                          (int)(seconds / 60 % 60), (int)(seconds % 60));
}

/**
 * imtehan_report_format_learner:
 *
 * The learner's name, or "No name".
 */
const char *
imtehan_report_format_learner (ImtehanReportAttempt *attempt)
{
  const char *learner = imtehan_report_attempt_get_learner (attempt);

  return learner != NULL && *learner != '\0' ? learner : _("No name");
}

/**
 * imtehan_report_format_finished:
 *
 * How the attempt ended: "Submitted", "Time was up" or "Not finished".
 */
const char *
imtehan_report_format_finished (ImtehanReportAttempt *attempt)
{
  if (!imtehan_report_attempt_get_finished (attempt))
    return _("Not finished");
  if (imtehan_report_attempt_get_finish_reason (attempt) == IMTEHAN_FINISH_REASON_TIME_UP)
    return _("Time was up");
  return _("Submitted");
}

/**
 * imtehan_report_format_flags:
 *
 * The flags of an attempt in words, for the line under the learner's name: "Saved score 8
 * disagrees · Also in 2 other files"; %NULL when it has none.
 */
char *
imtehan_report_format_flags (ImtehanReportAttempt *attempt)
{
  ImtehanReportFlags flags = imtehan_report_attempt_get_flags (attempt);
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  if (flags & IMTEHAN_REPORT_FLAG_SCORE_MISMATCH)
    {
      gint64 saved = imtehan_report_attempt_get_saved_score (attempt);

      if (saved >= 0)
        {
          g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, saved);

          /* TRANSLATORS: a flag in the learners' list: the file says the score was 8, the
           * answers give another */
          g_ptr_array_add (parts, g_strdup_printf (_("Saved score %s disagrees"), number));
        }
      else
        g_ptr_array_add (parts, g_strdup (_("Saved score disagrees")));
    }
  if (flags & IMTEHAN_REPORT_FLAG_COPIES)
    {
      GPtrArray *copies = imtehan_report_attempt_get_copies (attempt);
      guint n = copies != NULL ? copies->len : 0;

      /* g_dngettext(), which xgettext knows; it reads the app's catalogs as _() does. */
      g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "Also in %u other file",
                                                            "Also in %u other files", n), n));
    }
  if (flags & IMTEHAN_REPORT_FLAG_NO_DIGEST)
    g_ptr_array_add (parts, g_strdup (_("Matched by quiz version")));
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  /* TRANSLATORS: separates the parts of a line: "Amna Bibi · Roll number 42 · Practice" */
  return g_strjoinv (_(" · "), (char **)parts->pdata);
}

/**
 * imtehan_report_format_notes:
 * @mismatch: (inout): set when a mark needs its line under the table
 * @copies: (inout): set when a mark needs its line under the table
 *
 * The same flags as marks, for a narrow column of the printed report, explained under its
 * table: "≠" a saved score that disagrees, "×3" an attempt found in three files, and
 * "practice". Empty when there is none.
 */
char *
imtehan_report_format_notes (ImtehanReportAttempt *attempt,
                             gboolean             *mismatch,
                             gboolean             *copies)
{
  ImtehanReportFlags flags = imtehan_report_attempt_get_flags (attempt);
  GPtrArray *others = imtehan_report_attempt_get_copies (attempt);
  GString *notes = g_string_new (NULL);

  if (flags & IMTEHAN_REPORT_FLAG_SCORE_MISMATCH)
    {
      g_string_append (notes, "≠");
      *mismatch = TRUE;
    }
  if ((flags & IMTEHAN_REPORT_FLAG_COPIES) && others != NULL && others->len > 0)
    {
      g_string_append_printf (notes, "%s×%u", notes->len ? " " : "", others->len + 1);
      *copies = TRUE;
    }
  if (imtehan_report_attempt_get_mode (attempt) == IMTEHAN_MODE_PRACTICE)
    /* TRANSLATORS: a note on an attempt taken in practice mode, in a narrow column */
    g_string_append_printf (notes, "%s%s", notes->len ? " " : "", _("practice"));
  return g_string_free (notes, FALSE);
}

/* A text's key in natural order ("Learner 2" before "Learner 10", as a file manager sorts),
 * made once per attempt and kept on it: a class of 10,000 is sorted with some 140,000
 * comparisons. Set with g_object_replace_qdata(): the window sorts on the main thread while
 * a PDF is sorted on a worker, and the first key made is the one kept. */
static const char *
natural_key (ImtehanReportAttempt *attempt,
             GQuark                quark,
             const char           *text)
{
  char *key;

  if (text == NULL || *text == '\0')
    return NULL;
  if ((key = g_object_get_qdata (G_OBJECT (attempt), quark)) != NULL)
    return key;
  key = g_utf8_collate_key_for_filename (text, -1);
  if (!g_object_replace_qdata (G_OBJECT (attempt), quark, NULL, key, g_free, NULL))
    {
      g_free (key);
      key = g_object_get_qdata (G_OBJECT (attempt), quark);
    }
  return key;
}

static int
compare_keys (const char *a,
              const char *b)
{
  /* Empty last, whichever the text: a missing name is not the first learner. */
  if (a == NULL || b == NULL)
    return (a == NULL) - (b == NULL);
  return strcmp (a, b);
}

/**
 * imtehan_report_compare_learners:
 *
 * The order learners are listed in: by name in natural order, unnamed attempts last; then by
 * roll number, the same way; then by when they started.
 */
int
imtehan_report_compare_learners (ImtehanReportAttempt *a,
                                 ImtehanReportAttempt *b)
{
  static GQuark name_quark, roll_quark;
  GDateTime *start_a, *start_b;
  int order;

  if (G_UNLIKELY (name_quark == 0))
    {
      name_quark = g_quark_from_static_string ("imtehan-report-learner-key");
      roll_quark = g_quark_from_static_string ("imtehan-report-roll-number-key");
    }
  order = compare_keys (natural_key (a, name_quark, imtehan_report_attempt_get_learner (a)),
                        natural_key (b, name_quark, imtehan_report_attempt_get_learner (b)));
  if (order != 0)
    return order;
  order = compare_keys (natural_key (a, roll_quark, imtehan_report_attempt_get_roll_number (a)),
                        natural_key (b, roll_quark, imtehan_report_attempt_get_roll_number (b)));
  if (order != 0)
    return order;
  start_a = imtehan_report_attempt_get_started (a);
  start_b = imtehan_report_attempt_get_started (b);
  if (start_a == NULL || start_b == NULL)
    return (start_a == NULL) - (start_b == NULL);
  return g_date_time_compare (start_a, start_b);
}

static int
compare_learners_cb (gconstpointer a,
                     gconstpointer b)
{
  return imtehan_report_compare_learners (*(ImtehanReportAttempt * const *)a,
                                          *(ImtehanReportAttempt * const *)b);
}

/**
 * imtehan_report_sort_learners:
 * @attempts: (element-type ImtehanReportAttempt)
 *
 * Sorts @attempts in the order of imtehan_report_compare_learners().
 */
void
imtehan_report_sort_learners (GPtrArray *attempts)
{
  g_return_if_fail (attempts != NULL);

  g_ptr_array_sort (attempts, compare_learners_cb);
}
