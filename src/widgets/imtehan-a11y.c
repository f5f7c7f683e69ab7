/* imtehan-a11y.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8's gtk_button_set_label() gives the button the raw label as its accessible name, and
 * with use-underline on, the label child names it too: a screen reader hears "_Start Start".
 * GTK 4.18 names it by the label child alone. Resetting the raw name leaves the label's text,
 * which is what every GTK version then says; so it is done on every stack.
 */

#define G_LOG_DOMAIN "imtehan-a11y"

#include "config.h"

#include "imtehan-a11y.h"

static void
clean_button (GtkButton *button)
{
  if (gtk_button_get_use_underline (button) && gtk_button_get_label (button) != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

/**
 * imtehan_widget_clean_mnemonic_names:
 *
 * Cleans the accessible name of every button with a mnemonic label in @widget and below it:
 * call it once a template is built.
 */
void
imtehan_widget_clean_mnemonic_names (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (GTK_IS_BUTTON (widget))
    clean_button (GTK_BUTTON (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    imtehan_widget_clean_mnemonic_names (child);
}

/* gtk_button_set_label() for a mnemonic label, keeping the name clean. */
void
imtehan_button_set_mnemonic_label (GtkButton  *button,
                                   const char *label)
{
  g_return_if_fail (GTK_IS_BUTTON (button));

  gtk_button_set_use_underline (button, TRUE);
  gtk_button_set_label (button, label);
  clean_button (button);
}
