/* imtehan-intl-private.h: gettext for the core
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not <glib/gi18n-lib.h>: g_dgettext() decides once, at its first call, whether to
 * translate at all, and decides "never" in a C.UTF-8 session whose language was English
 * then. The window switches language at any moment, so plain dgettext() is used.
 */

#pragma once

#include <libintl.h>

#define _(String) dgettext (GETTEXT_PACKAGE, String)
#define N_(String) (String)
