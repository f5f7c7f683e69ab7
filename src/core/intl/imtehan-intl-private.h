/* imtehan-intl-private.h: gettext for the core
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not <glib/gi18n-lib.h>, nor the C library's dgettext(): the language is the one the app
 * chose, read from the catalogs by imtehan-intl.c, on any C library and in any locale.
 */

#pragma once

#include <libintl.h>

#include "imtehan-intl.h"

#define _(String) imtehan_intl_dgettext (GETTEXT_PACKAGE, String)
#define N_(String) (String)

/* A message with a context ("Finished": a time in one place, a state in another), looked up
 * as gettext stores it: the context, EOT, the message. */
#define C_(Context, String) imtehan_intl_dpgettext (GETTEXT_PACKAGE, Context "\004" String, String)
