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

#include "imtehan-cli.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-quiz.h"

/* The file as the user typed it names it in messages, not an absolute path. */
static GBytes *
load_file (const char  *path,
           GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) local_error = NULL;
  GBytes *bytes;

  if (!(bytes = imtehan_key_file_load_bytes (file, IMTEHAN_QUIZ_MAX_SIZE, NULL, &local_error)))
    {
      if (g_error_matches (local_error, IMTEHAN_ERROR, IMTEHAN_ERROR_TOO_LARGE))
        {
          g_autofree char *size = g_format_size (IMTEHAN_QUIZ_MAX_SIZE);
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

      if ((bytes = load_file (paths[i], &error)))
        quiz = imtehan_quiz_new_from_bytes (bytes, paths[i], &error);
      if (quiz == NULL)
        {
          g_printerr ("%s\n", error->message);
          status = IMTEHAN_CLI_EXIT_PROBLEMS;
        }
    }

  return status;
}
