/* imtehan-report-window.c: the teacher's class report
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-report-window.h"

/* STUB: to be written (issue 17). */
struct _ImtehanReportWindow
{
  AdwApplicationWindow parent_instance;
};

G_DEFINE_FINAL_TYPE (ImtehanReportWindow, imtehan_report_window, ADW_TYPE_APPLICATION_WINDOW)

static void
imtehan_report_window_class_init (ImtehanReportWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-report-window.ui");
}

static void
imtehan_report_window_init (ImtehanReportWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

ImtehanReportWindow *
imtehan_report_window_present (GtkApplication *app,
                               GFile * const  *sources,
                               guint           n_sources)
{
  ImtehanReportWindow *self = g_object_new (IMTEHAN_TYPE_REPORT_WINDOW, "application", app, NULL);

  gtk_window_present (GTK_WINDOW (self));
  return self;
}
