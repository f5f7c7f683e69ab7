/* imtehan-report-csv.c: a report's attempts and statistics as CSV
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The columns, and why they are what they are, are documented for teachers in
 * docs/report.md: keep the two in step.
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include <math.h>
#include <string.h>

#include "imtehan-intl-private.h"

#include "imtehan-quiz.h"
#include "imtehan-report-figures.h"
#include "imtehan-report-format.h"
#include "imtehan-text.h"

/* Spreadsheets take a file with this mark for UTF-8; without it Excel reads Windows-1252 and
 * Urdu comes out as mojibake. */
#define UTF8_BOM "\xef\xbb\xbf"
/* The stream is written in pieces of about this size: a class of 10,000 attempts is a few
 * MiB, and a GMemoryOutputStream grows less often. */
#define FLUSH_SIZE (64 * 1024)

/* The language of the quiz titles in a CSV: the one its header row is translated into,
 * found as gettext finds it (LANGUAGE first, which the window's language switch sets). Only
 * the languages the app is translated into count, as in imtehan_i18n_system_language(). */
static const char *
csv_language (void)
{
  const char * const *names = g_get_language_names ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *lang = imtehan_language_normalize (names[i]);

      if (g_str_equal (lang, "ur"))
        return "ur";
      if (g_str_equal (lang, "en"))
        break;
    }
  return "en";
}

typedef struct
{
  GOutputStream *out;
  GCancellable  *cancellable;
  GString       *buffer;
  gboolean       first_cell;  /* of the line being written */
} CsvWriter;

static void
csv_writer_init (CsvWriter     *writer,
                 GOutputStream *out,
                 GCancellable  *cancellable)
{
  writer->out = out;
  writer->cancellable = cancellable;
  writer->buffer = g_string_sized_new (FLUSH_SIZE + 4096);
  writer->first_cell = TRUE;
  g_string_append (writer->buffer, UTF8_BOM);
}

static void
csv_writer_clear (CsvWriter *writer)
{
  g_string_free (writer->buffer, TRUE);
}

static gboolean
csv_writer_flush (CsvWriter  *writer,
                  GError    **error)
{
  gboolean success;

  success = g_output_stream_write_all (writer->out, writer->buffer->str, writer->buffer->len,
                                       NULL, writer->cancellable, error);
  g_string_truncate (writer->buffer, 0);
  return success;
}

static void
begin_cell (CsvWriter *writer)
{
  if (!writer->first_cell)
    g_string_append_c (writer->buffer, ',');
  writer->first_cell = FALSE;
}

/* A cell of our own making (a number, a date): nothing in it needs quoting or guarding. */
static void
add_plain (CsvWriter  *writer,
           const char *value)
{
  begin_cell (writer);
  g_string_append (writer->buffer, value);
}

static void
add_uint (CsvWriter *writer,
          guint      value)
{
  begin_cell (writer);
  g_string_append_printf (writer->buffer, "%u", value);
}

/* A number with two decimals and "." whatever the locale (a comma would split the cell);
 * empty for NAN, which is "undefined" (docs/statistics.md), never "nan". */
static void
add_double (CsvWriter *writer,
            double     value)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  begin_cell (writer);
  if (!isfinite (value))
    return;
  g_ascii_formatd (number, sizeof number, "%.2f", value);
  /* -0.004 rounds to "-0.00": a sign a teacher would read as a (tiny) negative figure. */
  g_string_append (writer->buffer, g_str_equal (number, "-0.00") ? "0.00" : number);
}

/* A cell whose text comes from the files (a name, a title, an id) or from a translation.
 * A cell that starts like a formula gets an apostrophe in front, as OWASP advises against
 * CSV injection: "=HYPERLINK(…)" as a learner's name must stay text, not run when the
 * teacher opens the file. The full-width forms are there because some spreadsheets turn
 * them into the ASCII ones while reading. RFC 4180: quoted when it holds a comma, a quote,
 * CR or LF, and quotes doubled. */
static void
add_text (CsvWriter  *writer,
          const char *text)
{
  static const char * const formula_starts[] = {
    "=", "+", "-", "@", "\t", "\r", "\xef\xbc\x9d", "\xef\xbc\x8b", "\xef\xbc\x8d",
    "\xef\xbc\xa0", NULL,
  };
  gboolean guard = FALSE;

  begin_cell (writer);
  if (text == NULL || *text == '\0')
    return;
  for (guint i = 0; formula_starts[i] != NULL && !guard; i++)
    guard = g_str_has_prefix (text, formula_starts[i]);

  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      if (guard)
        g_string_append_c (writer->buffer, '\'');
      g_string_append (writer->buffer, text);
      return;
    }
  g_string_append_c (writer->buffer, '"');
  if (guard)
    g_string_append_c (writer->buffer, '\'');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (writer->buffer, '"');
      g_string_append_c (writer->buffer, *p);
    }
  g_string_append_c (writer->buffer, '"');
}

static gboolean
end_line (CsvWriter  *writer,
          GError    **error)
{
  g_string_append (writer->buffer, "\r\n");
  writer->first_cell = TRUE;
  if (writer->buffer->len >= FLUSH_SIZE)
    return csv_writer_flush (writer, error);
  return !g_cancellable_set_error_if_cancelled (writer->cancellable, error);
}

/* Local time as spreadsheets read a date and time: the teacher's clock, not UTC. */
static void
add_time (CsvWriter *writer,
          GDateTime *time)
{
  g_autoptr(GDateTime) local = NULL;
  g_autofree char *text = NULL;

  begin_cell (writer);
  if (time == NULL)
    return;
  local = g_date_time_to_local (time);
  text = g_date_time_format (local, "%Y-%m-%d %H:%M:%S");
  if (text != NULL)
    g_string_append (writer->buffer, text);
}

/* h:mm:ss, which spreadsheets read as a duration; hours go past 24. Empty when not known. */
static void
add_duration (CsvWriter *writer,
              GTimeSpan  duration)
{
  g_autofree char *clock = imtehan_report_format_clock (duration);

  begin_cell (writer);
  if (clock != NULL)
    g_string_append (writer->buffer, clock);
}

static void
add_version (CsvWriter   *writer,
             ImtehanQuiz *quiz)
{
  add_uint (writer, imtehan_quiz_get_version (quiz));
}

/* The attempts CSV's question columns: one per quiz id and question id, in the report's
 * order, so that a question keeps its column across the versions of its quiz. */
typedef struct
{
  GPtrArray  *headers;   /* char * */
  GHashTable *index;     /* "quiz id\nquestion id" → column + 1 */
} Columns;

static void
columns_clear (Columns *columns)
{
  g_clear_pointer (&columns->headers, g_ptr_array_unref);
  g_clear_pointer (&columns->index, g_hash_table_unref);
}

static guint
columns_lookup (Columns    *columns,
                const char *quiz_id,
                const char *question_id)
{
  g_autofree char *key = g_strconcat (quiz_id, "\n", question_id, NULL);

  return GPOINTER_TO_UINT (g_hash_table_lookup (columns->index, key)) - 1;
}

static void
columns_init (Columns    *columns,
              GListModel *groups)
{
  gboolean several_quizzes = FALSE;
  const char *first_id = NULL;

  columns->headers = g_ptr_array_new_with_free_func (g_free);
  columns->index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint g = 0; g < g_list_model_get_n_items (groups); g++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (groups, g);
      const char *id = imtehan_quiz_get_id (imtehan_report_quiz_get_quiz (group));

      if (first_id == NULL)
        first_id = g_intern_string (id);
      else if (!g_str_equal (first_id, id))
        several_quizzes = TRUE;
    }

  for (guint g = 0; g < g_list_model_get_n_items (groups); g++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (groups, g);
      ImtehanQuiz *quiz = imtehan_report_quiz_get_quiz (group);
      const char *quiz_id = imtehan_quiz_get_id (quiz);

      for (guint q = 0; q < imtehan_quiz_get_n_questions (quiz); q++)
        {
          const char *question_id = imtehan_question_get_id (imtehan_quiz_get_question (quiz, q));
          char *key = g_strconcat (quiz_id, "\n", question_id, NULL);

          if (g_hash_table_contains (columns->index, key))
            {
              g_free (key);
              continue;
            }
          g_hash_table_insert (columns->index, key,
                               GUINT_TO_POINTER (columns->headers->len + 1));
          /* One quiz: its question ids, as the statistics CSV names them. Several: the quiz
           * id in front, since two quizzes may both have a question "q1". */
          g_ptr_array_add (columns->headers,
                           several_quizzes ? g_strconcat (quiz_id, "/", question_id, NULL)
                                           : g_strdup (question_id));
        }
    }
}

static const char *
mode_name (ImtehanMode mode)
{
  return mode == IMTEHAN_MODE_PRACTICE ? _("Practice") : _("Exam");
}

static gboolean
write_attempt_row (CsvWriter             *writer,
                   Columns               *columns,
                   ImtehanReportAttempt  *attempt,
                   const char            *lang,
                   GError               **error)
{
  ImtehanQuiz *quiz = imtehan_report_attempt_get_quiz (attempt);
  const char *quiz_id = imtehan_quiz_get_id (quiz);
  g_autofree char **cells = g_new0 (char *, columns->headers->len);

  add_text (writer, imtehan_report_attempt_get_learner (attempt));
  add_text (writer, imtehan_report_attempt_get_roll_number (attempt));
  add_text (writer, quiz_id);
  add_version (writer, quiz);
  add_text (writer, imtehan_quiz_get_title (quiz, lang));
  add_text (writer, imtehan_report_attempt_get_host (attempt));
  add_text (writer, mode_name (imtehan_report_attempt_get_mode (attempt)));
  add_time (writer, imtehan_report_attempt_get_started (attempt));
  add_time (writer, imtehan_report_attempt_get_finished_at (attempt));
  add_duration (writer, imtehan_report_attempt_get_duration (attempt));
  {
    g_autofree char *score = imtehan_report_format_points (imtehan_report_attempt_get_score (attempt));

    add_plain (writer, score);
  }
  add_uint (writer, imtehan_report_attempt_get_total (attempt));

  for (guint q = 0; q < imtehan_report_attempt_get_n_questions (attempt); q++)
    {
      const char *question_id = imtehan_question_get_id (imtehan_quiz_get_question (quiz, q));
      guint column = columns_lookup (columns, quiz_id, question_id);

      g_assert (column < columns->headers->len);
      /* Empty: not answered, which is not the same as answered wrong. */
      if (imtehan_report_attempt_get_choice (attempt, q) != NULL)
        cells[column] = imtehan_report_format_points (imtehan_report_attempt_get_mark (attempt, q));
    }
  for (guint c = 0; c < columns->headers->len; c++)
    {
      add_plain (writer, cells[c] ? cells[c] : "");
      g_free (cells[c]);
    }

  return end_line (writer, error);
}

/**
 * imtehan_report_write_attempts_csv:
 *
 * One row per listed attempt (imtehan_report_attempt_is_listed()), quiz by quiz, each in the
 * report's order (by file name, so by PC and start time). See docs/report.md.
 */
gboolean
imtehan_report_write_attempts_csv (ImtehanReport         *report,
                                   ImtehanReportInclude   include,
                                   GOutputStream         *out,
                                   GCancellable          *cancellable,
                                   GError               **error)
{
  GListModel *groups;
  const char *lang = csv_language ();
  Columns columns = { NULL, };
  CsvWriter writer;
  gboolean success = FALSE;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (report), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  groups = imtehan_report_get_quizzes (report);
  columns_init (&columns, groups);
  csv_writer_init (&writer, out, cancellable);

  /* Translators: the header row of the CSV file of a class's attempts, cell by cell. */
  add_text (&writer, _("Learner"));
  add_text (&writer, _("Roll number"));
  add_text (&writer, _("Quiz"));
  /* Translators: the quiz's version number (a column of the CSV files) */
  add_text (&writer, _("Version"));
  /* Translators: the quiz's title (a column of the CSV files) */
  add_text (&writer, _("Title"));
  /* Translators: the computer an attempt was taken on (a column of the CSV file) */
  add_text (&writer, _("PC"));
  /* Translators: exam or practice (a column of the CSV file) */
  add_text (&writer, _("Mode"));
  /* Translators: the date and time an attempt was started (a column of the CSV file) */
  add_text (&writer, _("Started"));
  /* Translators: the date and time an attempt was finished (a column of the CSV file) */
  add_text (&writer, C_("time", "Finished"));
  add_text (&writer, _("Time taken"));
  add_text (&writer, _("Score"));
  /* Translators: the highest possible score (a column of the CSV file) */
  add_text (&writer, _("Out of"));
  for (guint c = 0; c < columns.headers->len; c++)
    add_text (&writer, g_ptr_array_index (columns.headers, c));
  if (!end_line (&writer, error))
    goto out;

  for (guint g = 0; g < g_list_model_get_n_items (groups); g++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (groups, g);
      GListModel *attempts = imtehan_report_quiz_get_attempts (group);

      for (guint i = 0; i < g_list_model_get_n_items (attempts); i++)
        {
          g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (attempts, i);

          if (imtehan_report_attempt_is_listed (attempt, include) &&
              !write_attempt_row (&writer, &columns, attempt, lang, error))
            goto out;
        }
    }
  success = csv_writer_flush (&writer, error);

out:
  csv_writer_clear (&writer);
  columns_clear (&columns);
  return success;
}

/* Questions have 2 to IMTEHAN_QUESTION_MAX_CHOICES choices: the CSV has as many pairs of
 * choice columns as the question with the most. */
static guint
max_choices (GListModel *groups)
{
  guint n = 0;

  for (guint g = 0; g < g_list_model_get_n_items (groups); g++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (groups, g);
      ImtehanQuiz *quiz = imtehan_report_quiz_get_quiz (group);

      for (guint q = 0; q < imtehan_quiz_get_n_questions (quiz); q++)
        n = MAX (n, imtehan_question_get_n_choices (imtehan_quiz_get_question (quiz, q)));
    }
  return MIN (n, IMTEHAN_QUESTION_MAX_CHOICES);
}

static gboolean
write_question_row (CsvWriter                   *writer,
                    ImtehanQuiz                 *quiz,
                    const char                  *lang,
                    const ImtehanStats          *stats,
                    const ImtehanQuestionStats  *question,
                    guint                        n_choice_columns,
                    GError                     **error)
{
  guint n = imtehan_stats_get_n_attempts (stats);

  add_text (writer, imtehan_quiz_get_id (quiz));
  add_version (writer, quiz);
  add_text (writer, imtehan_quiz_get_title (quiz, lang));
  add_text (writer, question->id);
  add_uint (writer, n);
  /* A percentage, as the window and Moodle show it. */
  add_double (writer, question->facility * 100);
  add_double (writer, question->discrimination);
  add_uint (writer, n - question->n_not_answered);
  add_uint (writer, question->n_not_answered);
  add_text (writer, question->right_choice < question->n_choices
                    ? question->choice_ids[question->right_choice] : NULL);
  for (guint c = 0; c < n_choice_columns; c++)
    {
      if (c < question->n_choices)
        {
          add_text (writer, question->choice_ids[c]);
          add_uint (writer, question->choice_counts[c]);
        }
      else
        {
          add_plain (writer, "");
          add_plain (writer, "");
        }
    }
  return end_line (writer, error);
}

/**
 * imtehan_report_write_stats_csv:
 *
 * One row per question of each quiz, in the quiz's order (a spreadsheet sorts them as the
 * teacher wants), from the attempts in the statistics. See docs/report.md.
 */
gboolean
imtehan_report_write_stats_csv (ImtehanReport         *report,
                                ImtehanReportInclude   include,
                                GOutputStream         *out,
                                GCancellable          *cancellable,
                                GError               **error)
{
  GListModel *groups;
  const char *lang = csv_language ();
  guint n_choice_columns;
  CsvWriter writer;
  gboolean success = FALSE;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (report), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  groups = imtehan_report_get_quizzes (report);
  n_choice_columns = max_choices (groups);
  csv_writer_init (&writer, out, cancellable);

  /* Translators: the header row of the CSV file of question statistics, cell by cell. */
  add_text (&writer, _("Quiz"));
  add_text (&writer, _("Version"));
  add_text (&writer, _("Title"));
  /* Translators: a question's id (a column of the CSV file) */
  add_text (&writer, _("Question"));
  /* Translators: the number of attempts the statistics count (a column of the CSV file) */
  add_text (&writer, _("Attempts"));
  add_text (&writer, _("Facility index (%)"));
  add_text (&writer, _("Discrimination index (%)"));
  /* Translators: how many attempts answered the question (a column of the CSV file) */
  add_text (&writer, _("Answered"));
  add_text (&writer, _("Not answered"));
  /* Translators: the id of the question's right choice (a column of the CSV file) */
  add_text (&writer, _("Right choice"));
  for (guint c = 0; c < n_choice_columns; c++)
    {
      g_autofree char *choice = NULL;
      g_autofree char *count = NULL;

      /* Translators: the id of a question's Nth choice, in the quiz's order (a column of
       * the CSV file); %u is N */
      choice = g_strdup_printf (_("Choice %u"), c + 1);
      /* Translators: how many attempts chose the Nth choice (a column of the CSV file) */
      count = g_strdup_printf (_("Count %u"), c + 1);
      add_text (&writer, choice);
      add_text (&writer, count);
    }
  if (!end_line (&writer, error))
    goto out;

  for (guint g = 0; g < g_list_model_get_n_items (groups); g++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (groups, g);
      g_autoptr(ImtehanStats) stats = imtehan_report_quiz_compute_stats (group, include);
      ImtehanQuiz *quiz = imtehan_report_quiz_get_quiz (group);

      for (guint q = 0; q < imtehan_stats_get_n_questions (stats); q++)
        if (!write_question_row (&writer, quiz, lang, stats, imtehan_stats_get_question (stats, q),
                                 n_choice_columns, error))
          goto out;
    }
  success = csv_writer_flush (&writer, error);

out:
  csv_writer_clear (&writer);
  return success;
}
