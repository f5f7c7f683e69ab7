/* imtehan-report-window-actions.c: the report window's actions and keys
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every user intent is a `win.*` action; _imtehan_report_window_update_actions() sets their
 * enabled state from the window's state, in one place, after each change of it.
 */

#define G_LOG_DOMAIN "imtehan-report-window"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-dialogs.h"
#include "imtehan-report-window-private.h"
#include "imtehan-shortcuts.h"

static const char * const view_names[] = { "learners", "questions", "summary", "problems" };

/* The folder chooser ---------------------------------------------------------------------- */

static void
folder_chosen_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (source);
  gboolean add = GPOINTER_TO_INT (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) files = imtehan_dialogs_open_finish (result, &error);
  g_autoptr(GPtrArray) chosen = g_ptr_array_new_with_free_func (g_object_unref);

  if (files == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _imtehan_report_window_show_error (self, _("The Folder Could Not Be Opened"),
                                           error->message);
      return;
    }
  for (guint i = 0; i < g_list_model_get_n_items (files); i++)
    g_ptr_array_add (chosen, g_list_model_get_item (files, i));
  if (chosen->len > 0)
    {
      _imtehan_report_window_set_sources (self, (GFile * const *)chosen->pdata, chosen->len, add);
      _imtehan_report_window_start_load (self);
    }
}

/* A new chooser replaces the one open. */
GCancellable *
_imtehan_report_window_new_chooser (ImtehanReportWindow *self)
{
  g_cancellable_cancel (self->chooser_cancellable);
  g_clear_object (&self->chooser_cancellable);
  self->chooser_cancellable = g_cancellable_new ();
  return self->chooser_cancellable;
}

static void
choose_folders (ImtehanReportWindow *self,
                gboolean             add)
{
  /* Three USB copies of the lab's share are chosen at once. */
  imtehan_dialogs_open_async (GTK_WINDOW (self),
                              add ? _("Add a Results Folder") : _("Open the Results Folder"),
                              add ? _("_Add") : _("_Open"),
                              IMTEHAN_CHOOSE_FOLDER | IMTEHAN_CHOOSE_MULTIPLE, NULL, NULL,
                              _imtehan_report_window_new_chooser (self), folder_chosen_cb,
                              GINT_TO_POINTER (add));
}

/* Actions ----------------------------------------------------------------------------------- */

/* Every action's enabled state, from the window's state: called after each change of it. */
void
_imtehan_report_window_update_actions (ImtehanReportWindow *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->main_stack);
  gboolean loading = self->load_cancellable != NULL;
  gboolean loaded = self->loaded_sources != NULL && !loading;
  gboolean exporting = self->exports_running > 0;
  gboolean in_report = g_strcmp0 (page, "report") == 0;
  gboolean reviewing = g_strcmp0 (page, "review") == 0;
  GtkWidget *widget = GTK_WIDGET (self);

  gtk_widget_action_set_enabled (widget, "win.open-folder", !exporting);
  gtk_widget_action_set_enabled (widget, "win.add-folder", loaded && !exporting);
  gtk_widget_action_set_enabled (widget, "win.reload", loaded && !exporting);
  gtk_widget_action_set_enabled (widget, "win.cancel-load", loading);
  gtk_widget_action_set_enabled (widget, "win.export-attempts", loaded);
  gtk_widget_action_set_enabled (widget, "win.export-statistics", loaded);
  gtk_widget_action_set_enabled (widget, "win.export-pdf", loaded);
  gtk_widget_action_set_enabled (widget, "win.print", loaded && self->print_operation == NULL);
  gtk_widget_action_set_enabled (widget, "win.search", loaded && in_report);
  gtk_widget_action_set_enabled (widget, "win.show-view", loaded && in_report);
  gtk_widget_action_set_enabled (widget, "win.next-view", loaded && in_report);
  gtk_widget_action_set_enabled (widget, "win.back", reviewing);
}

static void
open_folder_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  choose_folders (IMTEHAN_REPORT_WINDOW (widget), FALSE);
}

static void
add_folder_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  choose_folders (IMTEHAN_REPORT_WINDOW (widget), TRUE);
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  _imtehan_report_window_start_load (IMTEHAN_REPORT_WINDOW (widget));
}

static void
cancel_load_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (widget);

  if (self->load_deferred)
    {
      g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                     "cancelled");

      _imtehan_report_window_end_load (self, FALSE, error);
    }
  else if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ImtehanReportExport kind;

  if (g_str_equal (action_name, "win.export-attempts"))
    kind = IMTEHAN_REPORT_EXPORT_ATTEMPTS_CSV;
  else if (g_str_equal (action_name, "win.export-statistics"))
    kind = IMTEHAN_REPORT_EXPORT_STATISTICS_CSV;
  else
    kind = IMTEHAN_REPORT_EXPORT_PDF;
  _imtehan_report_window_choose_export (IMTEHAN_REPORT_WINDOW (widget), kind);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  _imtehan_report_window_print (IMTEHAN_REPORT_WINDOW (widget));
}

static void
open_exported_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  imtehan_dialogs_open_uri (GTK_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (widget);

  adw_view_stack_set_visible_child_name (self->view_stack, "learners");
  imtehan_report_learners_focus_search (self->learners);
}

static void
show_view (ImtehanReportWindow *self,
           const char          *name)
{
  AdwViewStackPage *page;
  GtkWidget *child;

  if ((child = adw_view_stack_get_child_by_name (self->view_stack, name)) == NULL)
    return;
  page = adw_view_stack_get_page (self->view_stack, child);
  if (!adw_view_stack_page_get_visible (page))
    return;
  adw_view_stack_set_visible_child (self->view_stack, child);
}

static void
show_view_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  guint index = g_variant_get_uint32 (parameter);

  if (index < G_N_ELEMENTS (view_names))
    show_view (IMTEHAN_REPORT_WINDOW (widget), view_names[index]);
}

/* Ctrl+Page Down and Up: the next or the previous view shown, round. */
static void
next_view_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (widget);
  const char *current = adw_view_stack_get_visible_child_name (self->view_stack);
  int step = g_variant_get_int32 (parameter) < 0 ? -1 : 1;
  int n = G_N_ELEMENTS (view_names);
  int at = 0;

  for (int i = 0; i < n; i++)
    if (g_strcmp0 (current, view_names[i]) == 0)
      at = i;
  for (int i = 1; i < n; i++)
    {
      const char *name = view_names[((at + step * i) % n + n) % n];
      GtkWidget *child = adw_view_stack_get_child_by_name (self->view_stack, name);

      if (child != NULL &&
          adw_view_stack_page_get_visible (adw_view_stack_get_page (self->view_stack, child)))
        {
          adw_view_stack_set_visible_child (self->view_stack, child);
          return;
        }
    }
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  _imtehan_report_window_close_review (IMTEHAN_REPORT_WINDOW (widget));
}

/* Alt+Left goes back, and in a right-to-left window Alt+Right, as the back arrow points. */
static gboolean
back_key_cb (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  GtkTextDirection back_direction = g_variant_get_boolean (args) ? GTK_TEXT_DIR_RTL
                                                                 : GTK_TEXT_DIR_LTR;

  if (gtk_widget_get_direction (widget) != back_direction)
    return FALSE;
  return gtk_widget_activate_action (widget, "win.back", NULL);
}

/* The app's shortcuts window, opened on its "Class Report" section: this window's keys. */
static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (widget);

  imtehan_shortcuts_window_present (GTK_WINDOW (self), &self->shortcuts, "report");
}

void
_imtehan_report_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open-folder", NULL, open_folder_action);
  gtk_widget_class_install_action (widget_class, "win.add-folder", NULL, add_folder_action);
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-load", NULL, cancel_load_action);
  gtk_widget_class_install_action (widget_class, "win.export-attempts", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.export-statistics", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.export-pdf", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.open-exported", "s", open_exported_action);
  gtk_widget_class_install_action (widget_class, "win.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "win.show-view", "u", show_view_action);
  gtk_widget_class_install_action (widget_class, "win.next-view", "i", next_view_action);
  gtk_widget_class_install_action (widget_class, "win.back", NULL, back_action);
  /* Ctrl+? (the application's accelerator), as in the quiz window. */
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL,
                                   show_shortcuts_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK,
                                       "win.print", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK,
                                       "win.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK,
                                       "win.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.back", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Left, GDK_ALT_MASK, back_key_cb, "b", FALSE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Right, GDK_ALT_MASK, back_key_cb, "b", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (view_names); i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK,
                                         "win.show-view", "u", i);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, GDK_CONTROL_MASK,
                                       "win.next-view", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, GDK_CONTROL_MASK,
                                       "win.next-view", "i", -1);
}
