/* imtehan-cli.h: the commands that run without a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exit statuses of the commands: 0 when all went well. */
#define IMTEHAN_CLI_EXIT_PROBLEMS 1
#define IMTEHAN_CLI_EXIT_USAGE    2

/* The bank formats that turn into a quiz file. */
typedef enum
{
  IMTEHAN_CLI_BANK_GIFT,
  IMTEHAN_CLI_BANK_MOODLE_XML,
} ImtehanCliBank;

int imtehan_cli_run         (gboolean            check,
                             const char * const *files,
                             const char         *gift,
                             const char         *xml,
                             const char         *output,
                             const char         *language);
int imtehan_cli_report      (gboolean            report,
                             const char * const *sources,
                             const char         *csv,
                             const char         *stats_csv,
                             const char         *pdf,
                             gboolean            include_practice);
int imtehan_cli_check       (const char * const *paths);
int imtehan_cli_import      (ImtehanCliBank      bank,
                             const char         *input,
                             const char         *output,
                             const char         *language);

G_END_DECLS
