/* test-report-figures.c (issue 17)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib.h>

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  return g_test_run ();
}
