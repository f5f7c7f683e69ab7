/* imtehan-cli.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What `imtehan --check`, `--import-gift` and `--report … --csv/--stats-csv/--pdf` do. They
 * run on a server or in a script, where there is no display: nothing here initialises GTK
 * (the report's PDF is drawn with Pango and cairo alone). Problems go to stderr, one a line,
 * as a compiler writes them (FILE:LINE: [group] key: message), so that scripts can read them.
 */

#define G_LOG_DOMAIN "imtehan-cli"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <string.h>
#include <unistd.h>

#include "imtehan-cli.h"
#include "imtehan-gift.h"
#include "imtehan-moodle-xml.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-context.h"
#include "imtehan-library.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "imtehan-report-figures.h"
#include "imtehan-report-print.h"

/* The file as the user typed it names it in messages, not an absolute path. */
static GBytes *
load_file (const char  *path,
           gsize        max_size,
           GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) local_error = NULL;
  GBytes *bytes;

  if (!(bytes = imtehan_key_file_load_bytes (file, max_size, NULL, &local_error)))
    {
      if (g_error_matches (local_error, IMTEHAN_ERROR, IMTEHAN_ERROR_TOO_LARGE))
        {
          g_autofree char *size = g_format_size (max_size);
          g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_TOO_LARGE,
                       _("%s: the file is larger than %s"), path, size);
        }
      else
        g_set_error (error, local_error->domain, local_error->code, "%s: %s", path,
                     local_error->message);
    }
  return bytes;
}

/**
 * imtehan_cli_check:
 * @paths: the quiz files
 *
 * Loads each file as the app would, and prints the problem of each file that does not load.
 * Nothing is printed for a good file, like other checkers (desktop-file-validate): the exit
 * status says it all.
 *
 * Returns: 0 when every file loads, %IMTEHAN_CLI_EXIT_PROBLEMS otherwise
 */
int
imtehan_cli_check (const char * const *paths)
{
  int status = 0;

  if (paths == NULL || paths[0] == NULL)
    {
      g_printerr (_("Usage: imtehan --check FILE…\n"));
      return IMTEHAN_CLI_EXIT_USAGE;
    }

  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(ImtehanQuiz) quiz = NULL;

      if ((bytes = load_file (paths[i], IMTEHAN_QUIZ_MAX_SIZE, &error)))
        quiz = imtehan_quiz_new_from_bytes (bytes, paths[i], &error);
      if (quiz == NULL)
        {
          g_printerr ("%s\n", error->message);
          status = IMTEHAN_CLI_EXIT_PROBLEMS;
        }
    }

  return status;
}

/* The same file under two names (a link, "./a" and "a") counts as the same. */
static gboolean
is_same_file (GFile *a,
              GFile *b)
{
  g_autoptr(GFileInfo) info_a = NULL;
  g_autoptr(GFileInfo) info_b = NULL;

  if (g_file_equal (a, b))
    return TRUE;
  info_a = g_file_query_info (a, G_FILE_ATTRIBUTE_ID_FILE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  info_b = g_file_query_info (b, G_FILE_ATTRIBUTE_ID_FILE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  return info_a != NULL && info_b != NULL &&
         g_strcmp0 (g_file_info_get_attribute_string (info_a, G_FILE_ATTRIBUTE_ID_FILE),
                    g_file_info_get_attribute_string (info_b, G_FILE_ATTRIBUTE_ID_FILE)) == 0;
}

/* What each bank format is called and read with. */
static const struct
{
  const char *option;
  const char *usage;
  gsize       max_size;
  char     *(*import) (GBytes *, const char *, const char *, const char *, const char *,
                       char ***, gsize *, GError **);
} banks[] = {
  [IMTEHAN_CLI_BANK_GIFT] = { "--import-gift", N_("Usage: imtehan --import-gift FILE.gift --output FILE.quiz "
                                                 "[--language en|ur]\n"),
                              IMTEHAN_GIFT_MAX_SIZE, imtehan_gift_import },
  [IMTEHAN_CLI_BANK_MOODLE_XML] = { "--import-xml", N_("Usage: imtehan --import-xml FILE.xml --output FILE.quiz "
                                                      "[--language en|ur]\n"),
                                    IMTEHAN_MOODLE_XML_MAX_SIZE, imtehan_moodle_xml_import },
};

/**
 * imtehan_cli_import:
 * @bank: the format of @input
 * @input: a GIFT or Moodle XML file
 * @output: the quiz file to write
 * @language: (nullable): "en" or "ur"; %NULL guesses it from the text, as Open… in the app
 *   does (imtehan_gift_guess_language())
 *
 * Writes the quiz the bank becomes, atomically, after loading it as the app would: a file
 * that is written always loads. The quiz's id comes from @output's name, its title from
 * @input's. Skipped questions are warned about on stderr; one line on stdout says how many
 * questions were written.
 *
 * Returns: 0 when the quiz was written, even with questions skipped
 */
int
imtehan_cli_import (ImtehanCliBank  bank,
                    const char     *input,
                    const char     *output,
                    const char     *language)
{
  g_autoptr(GFile) input_file = g_file_new_for_commandline_arg (input);
  g_autoptr(GFile) output_file = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) quiz_bytes = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) warnings = NULL;
  g_autofree char *output_base = NULL;
  g_autofree char *input_base = NULL;
  g_autofree char *title = NULL;
  g_autofree char *id = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;
  guint n;

  if (output == NULL)
    {
      g_printerr ("%s", _(banks[bank].usage));
      return IMTEHAN_CLI_EXIT_USAGE;
    }
  if (language != NULL && !g_str_equal (language, "en") && !g_str_equal (language, "ur"))
    {
      g_printerr (_("--language must be en or ur, not “%s”\n"), language);
      return IMTEHAN_CLI_EXIT_USAGE;
    }
  output_file = g_file_new_for_commandline_arg (output);
  if (g_file_peek_path (output_file) == NULL)
    {
      g_printerr (_("%s: the output must be a local file\n"), output);
      return IMTEHAN_CLI_EXIT_USAGE;
    }
  if (is_same_file (input_file, output_file))
    {
      g_printerr (bank == IMTEHAN_CLI_BANK_GIFT
                    ? _("%s: the output would overwrite the GIFT file; choose another name\n")
                    : _("%s: the output would overwrite the Moodle XML file; choose another name\n"),
                  output);
      return IMTEHAN_CLI_EXIT_USAGE;
    }

  output_base = g_file_get_basename (output_file);
  id = imtehan_gift_id_for_file_name (output_base);
  input_base = g_filename_display_basename (input);
  title = imtehan_gift_title_for_file_name (input_base);

  /* The XML importer guesses from the questions' text, not from the tags around it. */
  if ((bytes = load_file (input, banks[bank].max_size, &error)))
    data = banks[bank].import (bytes, input, id, title,
                               language ? language
                                        : bank == IMTEHAN_CLI_BANK_GIFT ? imtehan_gift_guess_language (bytes)
                                                                        : NULL,
                               &warnings, &length, &error);
  for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
    g_printerr ("%s\n", warnings[i]);
  if (data == NULL)
    {
      g_printerr ("%s\n", error->message);
      return IMTEHAN_CLI_EXIT_PROBLEMS;
    }

  quiz_bytes = g_bytes_new_static (data, length);
  if (!(quiz = imtehan_quiz_new_from_bytes (quiz_bytes, output, &error)) ||
      !g_file_set_contents (g_file_peek_path (output_file), data, length, &error))
    {
      g_printerr ("%s\n", error->message);
      return IMTEHAN_CLI_EXIT_PROBLEMS;
    }

  n = imtehan_quiz_get_n_questions (quiz);
  g_print (ngettext ("%s: %u question written\n", "%s: %u questions written\n", n), output, n);
  return 0;
}

/**
 * imtehan_cli_run:
 * @check: --check was given
 * @files: (nullable): the files after the options
 * @gift: (nullable): --import-gift's file
 * @xml: (nullable): --import-xml's file
 * @output: (nullable): --output's file
 * @language: (nullable): --language's value
 *
 * Runs the command the options ask for.
 *
 * Returns: the exit status, or -1 when there is no command: start the app
 */
int
imtehan_cli_run (gboolean            check,
                 const char * const *files,
                 const char         *gift,
                 const char         *xml,
                 const char         *output,
                 const char         *language)
{
  gboolean has_files = files != NULL && files[0] != NULL;
  ImtehanCliBank bank = gift != NULL ? IMTEHAN_CLI_BANK_GIFT : IMTEHAN_CLI_BANK_MOODLE_XML;
  const char *input = gift != NULL ? gift : xml;

  if (gift != NULL && xml != NULL)
    {
      g_printerr (_("--import-gift and --import-xml cannot be used together\n"));
      return IMTEHAN_CLI_EXIT_USAGE;
    }
  if (check && input != NULL)
    {
      g_printerr (_("--check and %s cannot be used together\n"), banks[bank].option);
      return IMTEHAN_CLI_EXIT_USAGE;
    }
  if (check)
    return imtehan_cli_check (files);
  if (input != NULL && has_files)
    {
      g_printerr (_("%s imports one file at a time\n"), banks[bank].option);
      return IMTEHAN_CLI_EXIT_USAGE;
    }
  if (input != NULL)
    return imtehan_cli_import (bank, input, output, language);
  if (output != NULL || language != NULL)
    {
      g_printerr (_("--output and --language go with --import-gift or --import-xml\n"));
      return IMTEHAN_CLI_EXIT_USAGE;
    }
  /* Files alone are opened in the app. */
  return -1;
}

/* The report's command --------------------------------------------------------------- */

static void
library_listed_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  /* Not a failure of the command: its attempts are then listed apart, each with a reason. */
  if (!imtehan_context_list_library_finish (IMTEHAN_CONTEXT (source), result, &error))
    g_printerr (_("The installed quizzes could not be listed: %s\n"), error->message);
  *done = TRUE;
}

/* The context the application builds, with the quizzes the window's report scores against.
 * Its library is listed on its worker while this thread waits in a main context of its own,
 * as nothing else runs before the options are handled. */
static ImtehanContext *
list_context (void)
{
  g_autoptr(GMainContext) main_context = g_main_context_new ();
  ImtehanContext *context;
  gboolean done = FALSE;

  g_main_context_push_thread_default (main_context);
  context = imtehan_context_new (NULL);
  imtehan_context_list_library_async (context, NULL, library_listed_cb, &done);
  while (!done)
    g_main_context_iteration (main_context, TRUE);
  g_main_context_pop_thread_default (main_context);
  return context;
}

static gboolean
is_quiz_file (const char *path)
{
  g_autofree char *folded = g_ascii_strdown (path, -1);

  return g_str_has_suffix (folded, ".quiz");
}

/* A source that cannot be read at all is a failure of the command, unlike a damaged file in
 * it: a CSV without one PC's folder would look complete. */
static gboolean
check_source (const char *name,
              GFile      *file)
{
  const char *path = g_file_peek_path (file);
  GStatBuf st;

  if (path == NULL)
    {
      g_printerr (_("%s: not a folder or file on this computer"), name);
      g_printerr ("\n");
      return FALSE;
    }
  if (g_stat (path, &st) < 0 ||
      g_access (path, S_ISDIR (st.st_mode) ? R_OK | X_OK : R_OK) < 0)
    {
      int saved_errno = errno;

      g_printerr ("%s: %s\n", name, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

static guint
count_listed (ImtehanReport        *report,
              ImtehanReportInclude  include)
{
  GListModel *groups = imtehan_report_get_quizzes (report);
  guint n = 0;

  for (guint g = 0; g < g_list_model_get_n_items (groups); g++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (groups, g);
      GListModel *attempts = imtehan_report_quiz_get_attempts (group);

      for (guint i = 0; i < g_list_model_get_n_items (attempts); i++)
        {
          g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (attempts, i);

          n += imtehan_report_attempt_is_listed (attempt, include);
        }
    }
  return n;
}

typedef enum
{
  OUTPUT_ATTEMPTS_CSV,
  OUTPUT_STATS_CSV,
  OUTPUT_PDF,
} Output;

/* Writes one of the files asked for; says why not on stderr. */
static gboolean
write_output (ImtehanReport        *report,
              ImtehanReportInclude  include,
              const char           *name,
              Output                kind,
              GString              *written)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (name);
  g_autoptr(GError) error = NULL;
  gboolean success;

  if (kind == OUTPUT_PDF)
    success = imtehan_report_check_output (report, file, &error) &&
              imtehan_report_print_save_pdf (report, include, file, &error);
  else
    success = imtehan_report_save_csv (report, kind == OUTPUT_ATTEMPTS_CSV
                                                 ? IMTEHAN_REPORT_CSV_ATTEMPTS
                                                 : IMTEHAN_REPORT_CSV_STATISTICS,
                                       include, file, NULL, &error);
  if (!success)
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  if (written->len > 0)
    /* Translators: between the names of the files written, in the command's last line */
    g_string_append (written, _(", "));
  g_string_append (written, name);
  return TRUE;
}

/* Checked before anything is read: two exports to one file, or an export onto a file given
 * to the report, are mistakes in the command itself. */
static gboolean
check_outputs (const char * const *outputs,
               guint               n_outputs,
               const char * const *sources)
{
  for (guint i = 0; i < n_outputs; i++)
    {
      g_autoptr(GFile) output = NULL;

      if (outputs[i] == NULL)
        continue;
      output = g_file_new_for_commandline_arg (outputs[i]);
      for (guint j = i + 1; j < n_outputs; j++)
        {
          g_autoptr(GFile) other = outputs[j] ? g_file_new_for_commandline_arg (outputs[j]) : NULL;

          if (other != NULL && is_same_file (output, other))
            {
              g_printerr (_("%s: two of --csv, --stats-csv and --pdf name this file; give each "
                            "its own\n"), outputs[j]);
              return FALSE;
            }
        }
      for (guint j = 0; sources[j] != NULL; j++)
        {
          g_autoptr(GFile) source = g_file_new_for_commandline_arg (sources[j]);

          if (is_same_file (output, source))
            {
              g_printerr (_("%s: the output would overwrite a file the report reads; choose "
                            "another name\n"), outputs[i]);
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* Folders to read go into @folders; quiz files given are added to @report, loaded as
 * --check loads them, with their messages. Returns whether every source could be read. */
static gboolean
add_sources (ImtehanReport      *report,
             const char * const *sources,
             GPtrArray          *folders)
{
  gboolean readable = TRUE;

  for (guint i = 0; sources[i] != NULL; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (sources[i]);

      if (!check_source (sources[i], file))
        readable = FALSE;
      /* A quiz file given: an older version of a quiz, or one not installed, that attempts
       * are scored against. */
      else if (is_quiz_file (sources[i]))
        {
          g_autoptr(GBytes) bytes = NULL;
          g_autoptr(ImtehanQuiz) quiz = NULL;
          g_autoptr(GError) quiz_error = NULL;

          if ((bytes = load_file (sources[i], IMTEHAN_QUIZ_MAX_SIZE, &quiz_error)))
            quiz = imtehan_quiz_new_from_bytes (bytes, sources[i], &quiz_error);
          if (quiz == NULL)
            {
              g_printerr ("%s\n", quiz_error->message);
              readable = FALSE;
            }
          else
            imtehan_report_add_quiz (report, quiz);
        }
      else
        g_ptr_array_add (folders, g_steal_pointer (&file));
    }
  return readable;
}

/* Each problem with the files read, on stderr, one a line, as the window lists them. */
static void
print_problems (ImtehanReport *report)
{
  GListModel *problems = imtehan_report_get_problems (report);
  guint n_problems = g_list_model_get_n_items (problems);

  for (guint i = 0; i < n_problems; i++)
    {
      g_autoptr(ImtehanReportProblem) problem = g_list_model_get_item (problems, i);

      /* The message names the file, and its line when known ("FILE:LINE: …"). */
      g_printerr ("%s\n", imtehan_report_problem_get_message (problem));
    }
  if (n_problems > 0)
    g_printerr (ngettext ("%u file or attempt is left out of the figures (above)\n",
                          "%u files or attempts are left out of the figures (above)\n",
                          n_problems), n_problems);
}

/**
 * imtehan_cli_report:
 * @report: --report was given
 * @sources: (nullable): the folders and files after the options
 * @csv, @stats_csv, @pdf: (nullable): the files to write
 *
 * Writes the class report's files without a window or a display. Each problem with the
 * files read goes to stderr, one a line, as the window lists it; they do not fail the
 * command, since the figures leave those files out and say so. One line on stdout says how
 * many attempts were listed and what was written. See docs/report.md.
 *
 * Returns: the exit status (0 when every file asked for was written), or -1 when there is
 *   nothing to write: the caller opens the report window (with --report) or goes on with
 *   the other commands
 */
int
imtehan_cli_report (gboolean            report,
                    const char * const *sources,
                    const char         *csv,
                    const char         *stats_csv,
                    const char         *pdf,
                    gboolean            include_practice)
{
  const char *outputs[] = { csv, stats_csv, pdf };
  ImtehanReportInclude include = include_practice ? IMTEHAN_REPORT_INCLUDE_PRACTICE
                                                  : IMTEHAN_REPORT_INCLUDE_EXAMS;
  g_autoptr(ImtehanContext) context = NULL;
  g_autoptr(ImtehanReport) the_report = NULL;
  g_autoptr(GPtrArray) folders = NULL;
  g_autoptr(GString) written = NULL;
  g_autoptr(GError) error = NULL;
  gboolean readable;
  int status = 0;
  guint n_listed;

  if (!report)
    {
      if (csv != NULL || stats_csv != NULL || pdf != NULL || include_practice)
        {
          g_printerr (_("--csv, --stats-csv, --pdf and --include-practice go with --report\n"));
          return IMTEHAN_CLI_EXIT_USAGE;
        }
      return -1;
    }
  if (sources == NULL || sources[0] == NULL)
    {
      g_printerr (_("Usage: imtehan --report FOLDER… [--csv FILE] [--stats-csv FILE] "
                    "[--pdf FILE] [--include-practice]\n"));
      return IMTEHAN_CLI_EXIT_USAGE;
    }
  if (csv == NULL && stats_csv == NULL && pdf == NULL)
    return -1;

  if (!check_outputs (outputs, G_N_ELEMENTS (outputs), sources))
    return IMTEHAN_CLI_EXIT_USAGE;

  context = list_context ();
  the_report = imtehan_report_new (imtehan_context_get_library (context));
  imtehan_report_set_versions (the_report, imtehan_context_get_versions (context));
  folders = g_ptr_array_new_with_free_func (g_object_unref);
  readable = add_sources (the_report, sources, folders);
  if (!readable)
    {
      g_printerr (_("Nothing was written: every folder and file given must be readable\n"));
      return IMTEHAN_CLI_EXIT_PROBLEMS;
    }

  if (!imtehan_report_load (the_report, (GFile * const *)folders->pdata, folders->len, NULL,
                            &error))
    {
      g_printerr ("%s\n", error->message);
      return IMTEHAN_CLI_EXIT_PROBLEMS;
    }
  print_problems (the_report);

  written = g_string_new (NULL);
  if (csv != NULL && !write_output (the_report, include, csv, OUTPUT_ATTEMPTS_CSV, written))
    status = IMTEHAN_CLI_EXIT_PROBLEMS;
  if (stats_csv != NULL && !write_output (the_report, include, stats_csv, OUTPUT_STATS_CSV,
                                          written))
    status = IMTEHAN_CLI_EXIT_PROBLEMS;
  if (pdf != NULL && !write_output (the_report, include, pdf, OUTPUT_PDF, written))
    status = IMTEHAN_CLI_EXIT_PROBLEMS;

  n_listed = count_listed (the_report, include);
  if (written->len > 0)
    g_print (ngettext ("%1$u attempt listed; written: %2$s\n",
                       "%1$u attempts listed; written: %2$s\n", n_listed), n_listed, written->str);
  return status;
}
