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

/* A message with a context ("Finished": a time in one place, a state in another), looked up
 * as gettext stores it: the context, EOT, the message. */
static inline const char *
imtehan_pgettext (const char *context_and_id,
                  const char *id)
{
  const char *translated = dgettext (GETTEXT_PACKAGE, context_and_id);

  return translated == context_and_id ? id : translated;
}

#define C_(Context, String) imtehan_pgettext (Context "\004" String, String)
