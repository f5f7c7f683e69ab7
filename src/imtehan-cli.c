/* imtehan-cli.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What `imtehan --check` and `imtehan --import-gift` do. GLib only: they run on a server or
 * in a script, where there is no display. Problems go to stderr, one a line, as a compiler
 * writes them (FILE:LINE: [group] key: message), so that editors and scripts can read them.
 */

#define G_LOG_DOMAIN "imtehan-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <gio/gio.h>
#include <string.h>

#include "imtehan-cli.h"
#include "imtehan-gift.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-quiz.h"

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

/**
 * imtehan_cli_import_gift:
 * @input: a GIFT file
 * @output: the quiz file to write
 * @language: (nullable): "en" or "ur"; %NULL guesses it from the text, as Open… in the app
 *   does (imtehan_gift_guess_language())
 *
 * Writes the quiz the GIFT file becomes, atomically, after loading it as the app would: a
 * file that is written always loads. The quiz's id comes from @output's name, its title from
 * @input's. Skipped questions are warned about on stderr; one line on stdout says how many
 * questions were written.
 *
 * Returns: 0 when the quiz was written, even with questions skipped
 */
int
imtehan_cli_import_gift (const char *input,
                         const char *output,
                         const char *language)
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
      g_printerr (_("Usage: imtehan --import-gift FILE.gift --output FILE.quiz "
                    "[--language en|ur]\n"));
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
      g_printerr (_("%s: the output would overwrite the GIFT file; choose another name\n"),
                  output);
      return IMTEHAN_CLI_EXIT_USAGE;
    }

  output_base = g_file_get_basename (output_file);
  id = imtehan_gift_id_for_file_name (output_base);
  input_base = g_filename_display_basename (input);
  title = imtehan_gift_title_for_file_name (input_base);

  if ((bytes = load_file (input, IMTEHAN_GIFT_MAX_SIZE, &error)))
    data = imtehan_gift_import (bytes, input, id, title,
                                language ? language : imtehan_gift_guess_language (bytes),
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
                 const char         *output,
                 const char         *language)
{
  gboolean has_files = files != NULL && files[0] != NULL;

  if (check && gift != NULL)
    {
      g_printerr (_("--check and --import-gift cannot be used together\n"));
      return IMTEHAN_CLI_EXIT_USAGE;
    }
  if (check)
    return imtehan_cli_check (files);
  if (gift != NULL && has_files)
    {
      g_printerr (_("--import-gift imports one file at a time\n"));
      return IMTEHAN_CLI_EXIT_USAGE;
    }
  if (gift != NULL)
    return imtehan_cli_import_gift (gift, output, language);
  if (output != NULL || language != NULL)
    {
      g_printerr (_("--output and --language go with --import-gift\n"));
      return IMTEHAN_CLI_EXIT_USAGE;
    }
  /* Files alone are opened in the app. */
  return -1;
}

/**
 * imtehan_cli_report:
 * @report: --report was given
 * @sources: (nullable): the folders and files after the options
 * @csv, @stats_csv, @pdf: (nullable): the files to write
 *
 * Writes the class report's files without a window or a display.
 *
 * Returns: the exit status, or -1 when there is nothing to write: the caller opens the
 *   report window (with --report) or goes on with the other commands
 */
int
imtehan_cli_report (gboolean            report,
                    const char * const *sources,
                    const char         *csv,
                    const char         *stats_csv,
                    const char         *pdf,
                    gboolean            include_practice)
{
  /* STUB: to be written (issue 17). */
  return -1;
}
