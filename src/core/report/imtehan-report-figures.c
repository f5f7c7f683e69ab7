/* imtehan-report-figures.c: a report's attempts turned into statistics and CSV files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The columns, and why they are what they are, are documented for teachers in
 * docs/report.md: keep the two in step.
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "imtehan-intl-private.h"

#include "imtehan-quiz.h"
#include "imtehan-report-figures.h"
#include "imtehan-text.h"

/* Spreadsheets take a file with this mark for UTF-8; without it Excel reads Windows-1252 and
 * Urdu comes out as mojibake. */
#define UTF8_BOM "\xef\xbb\xbf"
/* The stream is written in pieces of about this size: a class of 10,000 attempts is a few
 * MiB, and a GMemoryOutputStream grows less often. */
#define FLUSH_SIZE (64 * 1024)

gboolean
imtehan_report_attempt_is_listed (ImtehanReportAttempt *attempt,
                                  ImtehanReportInclude  include)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (attempt), FALSE);

  return imtehan_report_attempt_get_status (attempt) == IMTEHAN_REPORT_STATUS_COUNTED &&
         (imtehan_report_attempt_get_mode (attempt) == IMTEHAN_MODE_EXAM ||
          (include & IMTEHAN_REPORT_INCLUDE_PRACTICE) != 0);
}

gboolean
imtehan_report_attempt_in_statistics (ImtehanReportAttempt *attempt,
                                      ImtehanReportInclude  include)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (attempt), FALSE);

  return imtehan_report_attempt_is_listed (attempt, include) &&
         imtehan_report_attempt_get_finished (attempt);
}

/**
 * imtehan_report_quiz_compute_stats:
 *
 * Returns: (transfer full): the figures, with n_attempts 0 when no attempt is in the
 *   statistics (each figure then NAN, each count 0)
 */
ImtehanStats *
imtehan_report_quiz_compute_stats (ImtehanReportQuiz    *quiz,
                                   ImtehanReportInclude  include)
{
  g_autoptr(ImtehanStatsInput) input = NULL;
  ImtehanQuiz *content;
  GListModel *attempts;
  guint n_questions;

  g_return_val_if_fail (IMTEHAN_IS_REPORT_QUIZ (quiz), NULL);

  content = imtehan_report_quiz_get_quiz (quiz);
  attempts = imtehan_report_quiz_get_attempts (quiz);
  n_questions = imtehan_quiz_get_n_questions (content);
  input = imtehan_stats_input_new (n_questions);

  for (guint q = 0; q < n_questions; q++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (content, q);
      const char *choice_ids[IMTEHAN_QUESTION_MAX_CHOICES + 1] = { NULL, };
      guint n_choices = MIN (imtehan_question_get_n_choices (question),
                             IMTEHAN_QUESTION_MAX_CHOICES);

      for (guint c = 0; c < n_choices; c++)
        choice_ids[c] = imtehan_question_get_choice_id (question, c);
      /* Our questions are marked 0 or 1 (the report's marks). */
      imtehan_stats_input_set_question (input, q, imtehan_question_get_id (question), 1,
                                        choice_ids, imtehan_question_get_answer (question));
    }

  for (guint i = 0; i < g_list_model_get_n_items (attempts); i++)
    {
      g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (attempts, i);
      guint a;

      if (!imtehan_report_attempt_in_statistics (attempt, include))
        continue;
      /* A group's attempts are scored against its quiz: the same questions, in its order. */
      g_assert (imtehan_report_attempt_get_quiz (attempt) == content);
      g_assert (imtehan_report_attempt_get_n_questions (attempt) == n_questions);

      a = imtehan_stats_input_add_attempt (input);
      for (guint q = 0; q < n_questions; q++)
        imtehan_stats_input_set_response (input, a, q,
                                          imtehan_report_attempt_get_choice (attempt, q),
                                          imtehan_report_attempt_get_mark (attempt, q));
    }

  return imtehan_stats_compute (input);
}

/* CSV ----------------------------------------------------------------------------------- */

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
  gint64 seconds;

  begin_cell (writer);
  if (duration < 0)
    return;
  seconds = duration / G_TIME_SPAN_SECOND;
  g_string_append_printf (writer->buffer, "%" G_GINT64_FORMAT ":%02d:%02d",
                          seconds / 3600, (int)(seconds / 60 % 60), (int)(seconds % 60));
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
  g_autofree const char **cells = g_new0 (const char *, columns->headers->len);

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
  add_uint (writer, imtehan_report_attempt_get_score (attempt));
  add_uint (writer, imtehan_report_attempt_get_total (attempt));

  for (guint q = 0; q < imtehan_report_attempt_get_n_questions (attempt); q++)
    {
      const char *question_id = imtehan_question_get_id (imtehan_quiz_get_question (quiz, q));
      guint column = columns_lookup (columns, quiz_id, question_id);

      g_assert (column < columns->headers->len);
      /* Empty: not answered, which is not the same as answered wrong. */
      if (imtehan_report_attempt_get_choice (attempt, q) != NULL)
        cells[column] = imtehan_report_attempt_get_mark (attempt, q) ? "1" : "0";
    }
  for (guint c = 0; c < columns->headers->len; c++)
    add_plain (writer, cells[c] ? cells[c] : "");

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

/* Saving -------------------------------------------------------------------------------- */

typedef struct
{
  GFile       *target;
  const char  *path;      /* of target; NULL if not a local file */
  gboolean     exists;
  struct stat  st;
} Target;

static gboolean
target_is (Target *target,
           GFile  *file)
{
  const char *path;
  struct stat st;

  if (file == NULL)
    return FALSE;
  if (g_file_equal (target->target, file))
    return TRUE;
  /* Another name for the same file: a link, "a/../b", a bind mount. */
  path = g_file_peek_path (file);
  return target->exists && path != NULL && g_stat (path, &st) == 0 &&
         st.st_dev == target->st.st_dev && st.st_ino == target->st.st_ino;
}

static gboolean
attempt_is_target (Target               *target,
                   ImtehanReportAttempt *attempt)
{
  GPtrArray *copies;

  if (attempt == NULL)
    return FALSE;
  if (target_is (target, imtehan_report_attempt_get_file (attempt)))
    return TRUE;
  copies = imtehan_report_attempt_get_copies (attempt);
  for (guint i = 0; i < copies->len; i++)
    if (target_is (target, g_ptr_array_index (copies, i)))
      return TRUE;
  return FALSE;
}

/* Whether @file is one the report read: a counted attempt, a copy of one, or a file it
 * listed a problem with (a damaged attempt is still a learner's, and still evidence). */
static gboolean
is_report_file (ImtehanReport *report,
                GFile         *file)
{
  GListModel *groups = imtehan_report_get_quizzes (report);
  GListModel *problems = imtehan_report_get_problems (report);
  Target target = { file, g_file_peek_path (file), FALSE, };

  target.exists = target.path != NULL && g_stat (target.path, &target.st) == 0;

  for (guint g = 0; g < g_list_model_get_n_items (groups); g++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (groups, g);
      GListModel *attempts = imtehan_report_quiz_get_attempts (group);

      for (guint i = 0; i < g_list_model_get_n_items (attempts); i++)
        {
          g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (attempts, i);

          if (attempt_is_target (&target, attempt))
            return TRUE;
        }
    }
  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(ImtehanReportProblem) problem = g_list_model_get_item (problems, i);

      if (target_is (&target, imtehan_report_problem_get_file (problem)) ||
          attempt_is_target (&target, imtehan_report_problem_get_attempt (problem)))
        return TRUE;
    }
  return FALSE;
}

/**
 * imtehan_report_check_output:
 * @file: a file the report's CSV, PDF or any other export is about to be written to
 *
 * Refuses a name ending in ".ini" (the next report would read the export as a damaged
 * attempt) and any file the report read, under any of its names.
 *
 * Returns: %TRUE if @file may be written
 */
gboolean
imtehan_report_check_output (ImtehanReport  *report,
                             GFile          *file,
                             GError        **error)
{
  g_autofree char *basename = NULL;
  g_autofree char *folded = NULL;
  g_autofree char *display = NULL;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (report), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  display = g_file_get_parse_name (file);
  basename = g_file_get_basename (file);
  folded = basename ? g_ascii_strdown (basename, -1) : NULL;
  if (folded != NULL && g_str_has_suffix (folded, ".ini"))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   _("%s: a name ending in “.ini” is an attempt file’s, and the report would "
                     "read this file as a damaged attempt; choose another name"), display);
      return FALSE;
    }
  if (is_report_file (report, file))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("%s is one of the files this report reads; choose another name"), display);
      return FALSE;
    }
  return TRUE;
}

/* The temporary file is hidden (the report skips hidden names) and in @path's folder, so
 * that the rename is atomic; it is removed if anything fails. */
static gboolean
replace_local_file (const char  *path,
                    const char  *display,
                    GBytes      *bytes,
                    GError     **error)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *basename = g_path_get_basename (path);
  g_autofree char *temp = g_strdup_printf ("%s/.%s.XXXXXX", folder, basename);
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  int saved_errno;
  int fd;

  /* 0640: an export holds a whole class's names and scores, for the teachers' group of a
   * lab's folder (DESIGN.md), not for the learners. */
  if ((fd = g_mkstemp_full (temp, O_WRONLY | O_CLOEXEC, 0640)) < 0)
    {
      saved_errno = errno;
      goto failed;
    }
  while (size > 0)
    {
      gssize n = write (fd, data, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        break;
      data += n;
      size -= n;
    }
  /* fsync: a rename that reaches the disk before the data would leave an empty file after a
   * power cut, where the older export was. */
  if (size > 0 || fsync (fd) < 0)
    {
      saved_errno = errno;
      close (fd);
      g_unlink (temp);
      goto failed;
    }
  if (close (fd) < 0 || g_rename (temp, path) < 0)
    {
      saved_errno = errno;
      g_unlink (temp);
      goto failed;
    }
  return TRUE;

failed:
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s", display,
               g_strerror (saved_errno));
  return FALSE;
}

/**
 * imtehan_report_save_csv:
 *
 * Writes the whole CSV to a temporary file that is then renamed over @file (a link at @file
 * is replaced, not followed), so a full disk or a cancel leaves @file as it was. Refuses
 * what imtehan_report_check_output() refuses.
 */
gboolean
imtehan_report_save_csv (ImtehanReport         *report,
                         ImtehanReportCsv       kind,
                         ImtehanReportInclude   include,
                         GFile                 *file,
                         GCancellable          *cancellable,
                         GError               **error)
{
  g_autoptr(GOutputStream) memory = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (report), FALSE);
  g_return_val_if_fail (kind == IMTEHAN_REPORT_CSV_ATTEMPTS ||
                        kind == IMTEHAN_REPORT_CSV_STATISTICS, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!imtehan_report_check_output (report, file, error))
    return FALSE;

  /* The whole file in memory first: a cancel or a failure while writing the rows then
   * touches nothing on disk. */
  memory = g_memory_output_stream_new_resizable ();
  if (!(kind == IMTEHAN_REPORT_CSV_ATTEMPTS
          ? imtehan_report_write_attempts_csv (report, include, memory, cancellable, error)
          : imtehan_report_write_stats_csv (report, include, memory, cancellable, error)) ||
      !g_output_stream_close (memory, cancellable, error))
    return FALSE;
  bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (memory));
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  return imtehan_report_save_bytes (file, bytes, cancellable, error);
}

/**
 * imtehan_report_save_bytes:
 *
 * Writes an export (CSV or PDF) made whole in memory to @file, whole or not at all: a hidden
 * temporary file in the same folder renamed over it, with errors that name @file. Checking
 * @file with imtehan_report_check_output() is the caller's part.
 */
gboolean
imtehan_report_save_bytes (GFile         *file,
                           GBytes        *bytes,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_autofree char *display = NULL;
  const char *path;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  /* g_file_replace() would write a new local file in place, and leave half of it on a full
   * disk; g_file_set_contents_full()'s errors name its temporary file. */
  display = g_file_get_parse_name (file);
  if ((path = g_file_peek_path (file)) != NULL)
    return replace_local_file (path, display, bytes, error);
  return g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                  NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                                  cancellable, error);
}
