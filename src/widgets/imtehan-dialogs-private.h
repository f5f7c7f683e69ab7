/* imtehan-dialogs-private.h: which widgets the dialogs are built from, shared by their units
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

/* The newer widgets where the stack has them (libadwaita 1.5, GTK 4.10), else their older
 * equivalents: both paths are built and tested, one per stack. */
#define USE_ADW_DIALOG ADW_CHECK_VERSION (1, 5, 0)
#define USE_GTK_FILE_DIALOG GTK_CHECK_VERSION (4, 10, 0)
