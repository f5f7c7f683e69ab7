/* test-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "test-util.h"

/* Removes @path and all below it, as the tests leave it (symbolic links are not followed). */
void
imtehan_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        imtehan_test_remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

gboolean
imtehan_test_wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static gboolean
set_done_cb (gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Lets the main loop run for @ms milliseconds: frames, animations, idles. */
void
imtehan_test_run_for (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, set_done_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}
