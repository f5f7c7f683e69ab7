/* main.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "imtehan-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ImtehanApplication) app = NULL;

  setlocale (LC_ALL, "");
  /* gettext ignores LANGUAGE in the "C" locale, and the language switch relies on it. */
  if (g_strcmp0 (setlocale (LC_MESSAGES, NULL), "C") == 0)
    setlocale (LC_MESSAGES, "C.UTF-8");
  /* `meson devenv` and the tests point this at the catalogs in the build folder. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("IMTEHAN_LOCALEDIR") ? g_getenv ("IMTEHAN_LOCALEDIR")
                                                                  : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = imtehan_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
