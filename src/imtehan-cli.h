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

int imtehan_cli_check (const char * const *paths);

G_END_DECLS
