/* test-util-gtk.c: widget helpers shared by the UI tests and the benchmarks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In a file of its own: the crash tests use test-util.c without GTK.
 */

#include "config.h"

#include "test-util-gtk.h"

/* The first GtkScrolledWindow at or below @widget, depth first. */
GtkScrolledWindow *
imtehan_test_find_scrolled_window (GtkWidget *widget)
{
  if (GTK_IS_SCROLLED_WINDOW (widget))
    return GTK_SCROLLED_WINDOW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkScrolledWindow *found = imtehan_test_find_scrolled_window (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}
