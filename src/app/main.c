/* main.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "imtehan-application.h"
#include "imtehan-i18n.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ImtehanApplication) app = NULL;

  imtehan_i18n_init ();

  app = imtehan_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
