/* test-dialogs.c: a dialog or window of its own takes the Urdu class of the one it stands on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A toplevel does not inherit its parent's CSS classes, and the Urdu fonts of style.css
 * apply only under "urdu-ui": imtehan_dialogs_follow_language() is the one place that gives
 * it, and the dialogs and the shortcuts window go through it.
 */

#include <adwaita.h>

#include "imtehan-dialogs.h"
#include "imtehan-i18n.h"
#include "imtehan-resources.h"
#include "imtehan-shortcuts.h"
#include "test-util.h"

static GtkWindow *
new_parent (gboolean urdu)
{
  GtkWindow *parent = GTK_WINDOW (adw_window_new ());

  if (urdu)
    gtk_widget_add_css_class (GTK_WIDGET (parent), "urdu-ui");
  gtk_window_present (parent);
  return parent;
}

/* With a parent, its class decides, whatever the interface's language. */
static void
test_follow_parent (void)
{
  imtehan_i18n_set_language ("ur");
  for (int urdu = 0; urdu <= 1; urdu++)
    {
      GtkWindow *parent = new_parent (urdu);
      GtkWidget *child = g_object_ref_sink (gtk_label_new (NULL));

      imtehan_dialogs_follow_language (child, parent);
      g_assert_cmpint (gtk_widget_has_css_class (child, "urdu-ui"), ==, urdu);

      g_object_unref (child);
      gtk_window_destroy (parent);
    }
  imtehan_i18n_set_language ("en");
}

/* Without one, the interface's language does. */
static void
test_follow_language (void)
{
  static const char * const languages[] = { "en", "ur" };

  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    {
      GtkWidget *child = g_object_ref_sink (gtk_label_new (NULL));

      imtehan_i18n_set_language (languages[i]);
      imtehan_dialogs_follow_language (child, NULL);
      g_assert_cmpint (gtk_widget_has_css_class (child, "urdu-ui"), ==,
                       g_str_equal (languages[i], "ur"));
      g_object_unref (child);
    }
  imtehan_i18n_set_language ("en");
}

/* A message dialog shows over its parent with its class, and is gone once closed. */
static void
test_message (void)
{
  for (int urdu = 0; urdu <= 1; urdu++)
    {
      GtkWindow *parent = new_parent (urdu);
      GtkWidget *dialog;
      guint n = 0;

      imtehan_dialogs_show_message (parent, "A heading", "A body");
      dialog = imtehan_dialogs_find_message (parent, &n);
      g_assert_nonnull (dialog);
      g_assert_cmpuint (n, ==, 1);
      g_assert_true (imtehan_dialogs_get_parent (dialog) == parent);
      g_assert_cmpstr (imtehan_dialogs_message_get_heading (dialog), ==, "A heading");
      g_assert_cmpstr (imtehan_dialogs_message_get_body (dialog), ==, "A body");
      g_assert_cmpstr (imtehan_dialogs_message_get_close_response (dialog), ==, "close");
      g_assert_cmpint (gtk_widget_has_css_class (dialog, "urdu-ui"), ==, urdu);

      imtehan_dialogs_close (dialog);
      IMTEHAN_TEST_WAIT_UNTIL (imtehan_dialogs_find_message (parent, NULL) == NULL, 5);
      g_assert_null (imtehan_dialogs_find_message (parent, NULL));
      gtk_window_destroy (parent);
    }
}

/* The shortcuts window is a toplevel of its own, over its parent and in its fonts. */
static void
test_shortcuts (void)
{
  for (int urdu = 0; urdu <= 1; urdu++)
    {
      GtkWindow *parent = new_parent (urdu);
      GtkWindow *shortcuts = NULL;

      imtehan_shortcuts_window_present (parent, &shortcuts, NULL);
      g_assert_nonnull (shortcuts);
      g_assert_true (gtk_window_get_transient_for (shortcuts) == parent);
      g_assert_cmpint (gtk_widget_has_css_class (GTK_WIDGET (shortcuts), "urdu-ui"), ==, urdu);

      /* It goes with its parent, and the caller's pointer with it. */
      gtk_window_destroy (parent);
      IMTEHAN_TEST_WAIT_UNTIL (shortcuts == NULL, 5);
      g_assert_null (shortcuts);
    }
}

int
main (int   argc,
      char *argv[])
{
  imtehan_i18n_init ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* Links the templates in: nothing else of this test refers to them. */
  (void)imtehan_get_resource ();

  g_test_add_func ("/dialogs/follow-language/parent", test_follow_parent);
  g_test_add_func ("/dialogs/follow-language/no-parent", test_follow_language);
  g_test_add_func ("/dialogs/message", test_message);
  g_test_add_func ("/shortcuts/urdu-class", test_shortcuts);

  return g_test_run ();
}
