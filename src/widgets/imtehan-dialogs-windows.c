/* imtehan-dialogs-windows.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The About and Preferences dialogs, and toasts shown in them. With libadwaita 1.5+ they are
 * AdwAboutDialog and AdwPreferencesDialog, with libadwaita 1.2 AdwAboutWindow and
 * AdwPreferencesWindow, which the newer stack deprecates.
 */

#define G_LOG_DOMAIN "imtehan-dialogs"

#include "config.h"

#include "imtehan-dialogs.h"
#include "imtehan-dialogs-private.h"

/**
 * imtehan_dialogs_show_about:
 * @first_property_name: the first of the properties of AdwAboutWindow and AdwAboutDialog,
 *   which have the same names, and their values
 *
 * The About dialog over @parent.
 */
void
imtehan_dialogs_show_about (GtkWindow  *parent,
                            const char *first_property_name,
                            ...)
{
  GtkWidget *about;
  va_list args;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  va_start (args, first_property_name);
#if USE_ADW_DIALOG
  about = GTK_WIDGET (g_object_new_valist (ADW_TYPE_ABOUT_DIALOG, first_property_name, args));
#else
  about = GTK_WIDGET (g_object_new_valist (ADW_TYPE_ABOUT_WINDOW, first_property_name, args));
#endif
  va_end (args);
  imtehan_dialogs_follow_language (about, parent);
#if USE_ADW_DIALOG
  adw_dialog_present (ADW_DIALOG (about), GTK_WIDGET (parent));
#else
  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_set_modal (GTK_WINDOW (about), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (about), TRUE);
  gtk_window_present (GTK_WINDOW (about));
#endif
}

/**
 * imtehan_dialogs_show_preferences:
 * @page: (transfer floating): the settings
 *
 * Returns: (transfer none): the Preferences dialog over @parent, with @page in it
 */
GtkWidget *
imtehan_dialogs_show_preferences (GtkWindow          *parent,
                                  const char         *title,
                                  AdwPreferencesPage *page)
{
  GtkWidget *dialog;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ADW_IS_PREFERENCES_PAGE (page), NULL);

  /* 600 × 640 shows every row of the lab's settings without scrolling, in Urdu too. */
#if USE_ADW_DIALOG
  dialog = GTK_WIDGET (adw_preferences_dialog_new ());
  adw_dialog_set_title (ADW_DIALOG (dialog), title);
  adw_dialog_set_content_width (ADW_DIALOG (dialog), 600);
  adw_dialog_set_content_height (ADW_DIALOG (dialog), 640);
  adw_preferences_dialog_set_search_enabled (ADW_PREFERENCES_DIALOG (dialog), FALSE);
  adw_preferences_dialog_add (ADW_PREFERENCES_DIALOG (dialog), page);
  imtehan_dialogs_follow_language (dialog, parent);
  adw_dialog_present (ADW_DIALOG (dialog), GTK_WIDGET (parent));
#else
  dialog = adw_preferences_window_new ();
  gtk_window_set_title (GTK_WINDOW (dialog), title);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 600, 640);
  adw_preferences_window_set_search_enabled (ADW_PREFERENCES_WINDOW (dialog), FALSE);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (dialog), page);
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (dialog), parent);
      gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
    }
  imtehan_dialogs_follow_language (dialog, parent);
  gtk_window_present (GTK_WINDOW (dialog));
#endif
  return dialog;
}

/**
 * imtehan_dialogs_toast_new:
 * @message: plain text
 *
 * A toast saying @message. Its title is Pango markup, so the text is escaped: a file named
 * "Ali & Sara.csv" or an error quoting "<" would otherwise show an empty toast.
 *
 * Returns: (transfer full): the toast, for imtehan_dialogs_add_toast()
 */
AdwToast *
imtehan_dialogs_toast_new (const char *message)
{
  g_autofree char *escaped = NULL;

  g_return_val_if_fail (message != NULL, NULL);

  escaped = g_markup_escape_text (message, -1);
  return adw_toast_new (escaped);
}

/**
 * imtehan_dialogs_add_toast:
 * @inside: a widget in a Preferences dialog
 * @toast: (transfer full): what to say
 *
 * Shows @toast at the foot of the Preferences dialog @inside is in.
 */
void
imtehan_dialogs_add_toast (GtkWidget *inside,
                           AdwToast  *toast)
{
  GtkWidget *ancestor;

  g_return_if_fail (GTK_IS_WIDGET (inside));
  g_return_if_fail (ADW_IS_TOAST (toast));

#if USE_ADW_DIALOG
  if ((ancestor = gtk_widget_get_ancestor (inside, ADW_TYPE_PREFERENCES_DIALOG)) != NULL)
    {
      adw_preferences_dialog_add_toast (ADW_PREFERENCES_DIALOG (ancestor), toast);
      return;
    }
#else
  if ((ancestor = gtk_widget_get_ancestor (inside, ADW_TYPE_PREFERENCES_WINDOW)) != NULL)
    {
      adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (ancestor), toast);
      return;
    }
#endif
  if ((ancestor = gtk_widget_get_ancestor (inside, ADW_TYPE_TOAST_OVERLAY)) != NULL)
    {
      adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (ancestor), toast);
      return;
    }
  g_message ("No place for the toast “%s”", adw_toast_get_title (toast));
  g_object_unref (toast);
}
