/* test-ui.c: the process and window set-up the in-process UI tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "imtehan-i18n.h"
#include "imtehan-warm-up.h"
#include "test-ui.h"
#include "test-util.h"
#include "test-util-gtk.h"

ImtehanApplication *imtehan_test_app;
static char *data_home;
static char *cache_home;

/* A results folder and a cache of the test's own, GTK and libadwaita, and the application,
 * registered but not activated: each test builds its windows itself. */
void
imtehan_test_ui_init (int          *argc,
                      char       ***argv,
                      const char   *tmp_template)
{
  imtehan_i18n_init ();

  data_home = g_dir_make_tmp (tmp_template, NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  /* The store's summary cache: not in the user's. */
  cache_home = g_build_filename (data_home, "cache", NULL);
  g_setenv ("XDG_CACHE_HOME", cache_home, TRUE);

  gtk_test_init (argc, argv, NULL);
  adw_init ();

  imtehan_test_app = imtehan_application_new ();
  g_application_set_flags (G_APPLICATION (imtehan_test_app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (imtehan_test_app), NULL, NULL));
  /* Startup began a font warm-up for the window activate() would build; nobody activates. */
  imtehan_warm_up_fonts_finish (NULL);
}

/* Runs the tests added, then removes what the process made. */
int
imtehan_test_ui_run (void)
{
  int ret = g_test_run ();

  g_clear_object (&imtehan_test_app);
  imtehan_test_remove_tree (data_home);
  g_clear_pointer (&cache_home, g_free);
  g_clear_pointer (&data_home, g_free);
  return ret;
}

char *
imtehan_test_attempts_dir (void)
{
  return g_build_filename (data_home, "imtehan", "attempts", NULL);
}

void
imtehan_test_remove_attempts (void)
{
  g_autofree char *dir = imtehan_test_attempts_dir ();
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
}

/* Runs what is pending in the main loop, without waiting. */
void
imtehan_test_spin (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

void
imtehan_test_activate (ImtehanWindow *window,
                       const char    *action,
                       GVariant      *parameter)
{
  /* GTK 4.8 hands the parameter to a widget class action without sinking it: a floating
   * one would leak (valgrind). */
  g_autoptr(GVariant) sunk = parameter ? g_variant_ref_sink (parameter) : NULL;

  if (parameter == NULL)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  else
    g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), action, sunk));
  imtehan_test_spin ();
}

/* A save in flight holds the window: waits for it, or the next test's clean-up deletes its
 * temporary file under it and the save fails. */
void
imtehan_test_destroy_window (ImtehanWindow **window)
{
  g_object_add_weak_pointer (G_OBJECT (*window), (gpointer *)window);
  gtk_window_destroy (GTK_WINDOW (*window));
  IMTEHAN_TEST_WAIT_UNTIL (*window == NULL, 10);
  g_assert_null (*window);
}
