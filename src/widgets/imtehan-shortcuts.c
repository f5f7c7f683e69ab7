/* imtehan-shortcuts.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The keyboard shortcuts window, built from ui/widgets/imtehan-shortcuts.ui when it is asked
 * for, with the accelerators the application has at that moment.
 */

#define G_LOG_DOMAIN "imtehan-shortcuts"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-dialogs.h"
#include "imtehan-shortcuts.h"

/* GTK fills in the keys of a shortcut that names an action only for the help overlay of a
 * GtkApplicationWindow (gtk_application_window_set_help_overlay(), which builds it with every
 * window). This one is built on demand, so it asks the application itself; the search results
 * hold copies of the shortcuts and are filled in alike. */
static void
fill_in_accels (GtkWidget      *widget,
                GtkApplication *app)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *action = NULL;

      g_object_get (widget, "action-name", &action, NULL);
      if (action != NULL)
        {
          g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, action);
          g_autofree char *joined = g_strjoinv (" ", accels);

          if (accels[0] == NULL)
            g_warning ("The shortcut of “%s” has no accelerator", action);
          g_object_set (widget, "accelerator", joined, NULL);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    fill_in_accels (child, app);
}

/* Strings of GtkShortcutsWindow itself, which Debian 12's Urdu catalog of GTK lacks: each is
 * replaced by the app's own translation where GTK shows its untranslated English. */
static const struct {
  const char *gtk;
  const char *own;
} gtk_strings[] = {
  { "Shortcuts", N_("Keyboard Shortcuts") },
  { "Search Results", N_("Search Results") },
  { "Search Shortcuts", N_("Search Shortcuts") },
  { "No Results Found", N_("No Results Found") },
  { "Try a different search", N_("Try a different search") },
};

static const char *
own_translation (const char *shown)
{
  for (guint i = 0; i < G_N_ELEMENTS (gtk_strings); i++)
    if (g_strcmp0 (shown, g_dgettext ("gtk40", gtk_strings[i].gtk)) == 0)
      return _(gtk_strings[i].own);
  return NULL;
}

static void
translate_gtk_strings (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    {
      const char *translation = own_translation (gtk_label_get_label (GTK_LABEL (widget)));

      if (translation != NULL)
        gtk_label_set_label (GTK_LABEL (widget), translation);
    }
  else if (GTK_IS_SEARCH_ENTRY (widget))
    {
      g_autofree char *placeholder = NULL;
      const char *translation;

      g_object_get (widget, "placeholder-text", &placeholder, NULL);
      translation = own_translation (placeholder);
      if (translation != NULL)
        {
          g_object_set (widget, "placeholder-text", translation, NULL);
          gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          translation, -1);
        }
    }
  /* The search button has no text, only GTK's name for screen readers. */
  else if (GTK_IS_TOGGLE_BUTTON (widget) &&
           g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "edit-find-symbolic") == 0)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Search Shortcuts"), -1);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    translate_gtk_strings (child);
}

GtkWindow *
imtehan_shortcuts_window_new (GtkWindow *parent)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWindow *window;
  GtkApplication *app;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);

  builder = gtk_builder_new_from_resource (RESOURCE_BASE "/imtehan-shortcuts.ui");
  window = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
  gtk_window_set_transient_for (window, parent);
  gtk_window_set_modal (window, TRUE);
  gtk_window_set_hide_on_close (window, TRUE);
  gtk_window_set_destroy_with_parent (window, TRUE);

  /* Its own toplevel: without the parent's class, fontconfig's fallback sets its titles in a
   * Naskh face. */
  imtehan_dialogs_follow_language (GTK_WIDGET (window), parent);

  app = gtk_window_get_application (parent);
  if (app != NULL)
    fill_in_accels (GTK_WIDGET (window), app);
  translate_gtk_strings (GTK_WIDGET (window));

  return window;
}

/**
 * imtehan_shortcuts_window_present:
 * @shortcuts: where @parent keeps its shortcuts window: built here when it is first asked
 *   for (not with every window, as GtkApplication builds gtk/help-overlay.ui: its 30 widgets
 *   would be built at every start), then a weak pointer
 * @section: (nullable): the section to show, "report" for the class report's keys
 */
void
imtehan_shortcuts_window_present (GtkWindow   *parent,
                                  GtkWindow  **shortcuts,
                                  const char  *section)
{
  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (shortcuts != NULL);

  if (*shortcuts == NULL)
    {
      *shortcuts = imtehan_shortcuts_window_new (parent);
      g_object_add_weak_pointer (G_OBJECT (*shortcuts), (gpointer *)shortcuts);
      if (section != NULL)
        g_object_set (*shortcuts, "section-name", section, NULL);
    }
  gtk_window_present (*shortcuts);
}
