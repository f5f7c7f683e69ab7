/* imtehan-report-window-exports.c: the report's CSV and PDF exports, and printing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each export is written on a worker, whole or not at all, then said in a toast (with a button
 * that opens the file) or in a dialog that says why it failed. The worker walks the report's
 * lists: the window reloads nothing until it is done (exports_running).
 */

#define G_LOG_DOMAIN "imtehan-report-window"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-dialogs.h"
#include "imtehan-report-print.h"
#include "imtehan-report-window-private.h"

typedef struct
{
  ImtehanReport       *report;
  ImtehanReportExport  kind;
  ImtehanReportInclude include;
  GFile               *file;
  GWeakRef             window;
} ExportData;

static void
export_data_free (ExportData *data)
{
  g_clear_object (&data->report);
  g_clear_object (&data->file);
  g_weak_ref_clear (&data->window);
  g_free (data);
}

static void
export_done (ImtehanReportWindow *self,
             GFile               *file,
             const GError        *error)
{
  g_autofree char *name = g_file_get_basename (file);

  if (error != NULL)
    {
      g_autofree char *heading = NULL;

      g_message ("Could not export the report to %s: %s", g_file_peek_path (file),
                 error->message);
      /* TRANSLATORS: the heading of the dialog when an export fails; %s is a file name */
      heading = g_strdup_printf (_("“%s” Could Not Be Saved"), name);
      _imtehan_report_window_show_error (self, heading, error->message);
    }
  else
    {
      /* TRANSLATORS: a toast after an export; %s is a file name */
      g_autofree char *message = g_strdup_printf (_("Saved “%s”"), name);
      g_autofree char *uri = g_file_get_uri (file);
      AdwToast *t = imtehan_dialogs_toast_new (message);

      adw_toast_set_button_label (t, _("_Open"));
      adw_toast_set_action_name (t, "win.open-exported");
      adw_toast_set_action_target_value (t, g_variant_new_string (uri));
      imtehan_dialogs_add_toast (GTK_WIDGET (self->main_stack), t);
    }
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportData *data = task_data;
  GError *error = NULL;
  ImtehanReportCsv kind = data->kind == IMTEHAN_REPORT_EXPORT_ATTEMPTS_CSV
                          ? IMTEHAN_REPORT_CSV_ATTEMPTS
                          : IMTEHAN_REPORT_CSV_STATISTICS;

  if (imtehan_report_save_csv (data->report, kind, data->include, data->file, cancellable,
                               &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
exported_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  ExportData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(ImtehanReportWindow) self = g_weak_ref_get (&data->window);
  g_autoptr(GError) error = NULL;

  g_task_propagate_boolean (G_TASK (result), &error);
  if (self == NULL)
    {
      if (error != NULL)
        g_message ("Could not export the report to %s: %s", g_file_peek_path (data->file),
                   error->message);
      return;
    }
  g_assert (self->exports_running > 0);
  self->exports_running--;
  export_done (self, data->file, error);
  _imtehan_report_window_update_actions (self);
}

static void
pdf_saved_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  ExportData *data = user_data;
  g_autoptr(ImtehanReportWindow) self = g_weak_ref_get (&data->window);
  g_autoptr(GError) error = NULL;

  imtehan_report_print_save_pdf_finish (IMTEHAN_REPORT (source), result, &error);
  if (self == NULL)
    {
      if (error != NULL)
        g_message ("Could not export the report to %s: %s", g_file_peek_path (data->file),
                   error->message);
    }
  else
    {
      g_assert (self->exports_running > 0);
      self->exports_running--;
      export_done (self, data->file, error);
      _imtehan_report_window_update_actions (self);
    }
  export_data_free (data);
}

void
imtehan_report_window_export_to (ImtehanReportWindow *self,
                                 ImtehanReportExport  kind,
                                 GFile               *file)
{
  ExportData *data;

  g_return_if_fail (IMTEHAN_IS_REPORT_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (self->loaded_sources != NULL && self->load_cancellable == NULL);

  data = g_new0 (ExportData, 1);
  data->report = g_object_ref (self->report);
  data->kind = kind;
  data->include = imtehan_report_learners_get_include (self->learners);
  data->file = g_object_ref (file);
  g_weak_ref_init (&data->window, self);
  /* The worker walks the report's lists: nothing reloads them until it is done. */
  self->exports_running++;
  _imtehan_report_window_update_actions (self);
  if (kind == IMTEHAN_REPORT_EXPORT_PDF)
    {
      /* Thousands of attempts take seconds to lay out: on a worker too. */
      imtehan_report_print_save_pdf_async (self->report, data->include, file, NULL, pdf_saved_cb,
                                           data);
    }
  else
    {
      g_autoptr(GTask) task = g_task_new (NULL, NULL, exported_cb, NULL);

      g_task_set_source_tag (task, imtehan_report_window_export_to);
      g_task_set_task_data (task, data, (GDestroyNotify)export_data_free);
      g_task_run_in_thread (task, export_thread);
    }
}

static void
export_chosen_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (source);
  ImtehanReportExport kind = GPOINTER_TO_INT (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = imtehan_dialogs_save_finish (result, &error);

  if (file == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _imtehan_report_window_show_error (self, _("The Report Could Not Be Exported"),
                                           error->message);
      return;
    }
  if (self->loaded_sources != NULL && self->load_cancellable == NULL)
    imtehan_report_window_export_to (self, kind, file);
}

void
_imtehan_report_window_choose_export (ImtehanReportWindow *self,
                                      ImtehanReportExport  kind)
{
  static const char * const suffixes[] = { "attempts.csv", "statistics.csv", "report.pdf" };
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  GListModel *quizzes = imtehan_report_get_quizzes (self->report);
  g_autofree char *name = NULL;
  const char *title;

  /* Named after the quiz when there is one; the files cover every quiz of the report. */
  if (g_list_model_get_n_items (quizzes) == 1 && self->quiz != NULL)
    name = g_strdup_printf ("%s-%s",
                            imtehan_quiz_get_id (imtehan_report_quiz_get_quiz (self->quiz)),
                            suffixes[kind]);
  else
    name = g_strdup_printf ("class-%s", suffixes[kind]);

  if (kind == IMTEHAN_REPORT_EXPORT_PDF)
    {
      title = _("Export as PDF");
      gtk_file_filter_set_name (filter, _("PDF documents"));
      gtk_file_filter_add_mime_type (filter, "application/pdf");
      gtk_file_filter_add_suffix (filter, "pdf");
    }
  else
    {
      title = kind == IMTEHAN_REPORT_EXPORT_ATTEMPTS_CSV ? _("Export Attempts as CSV")
                                                         : _("Export Question Statistics as CSV");
      gtk_file_filter_set_name (filter, _("CSV spreadsheets"));
      gtk_file_filter_add_mime_type (filter, "text/csv");
      gtk_file_filter_add_suffix (filter, "csv");
    }

  g_list_store_append (filters, filter);
  imtehan_dialogs_save_async (GTK_WINDOW (self), title, _("_Export"), G_LIST_MODEL (filters),
                              name, NULL, _imtehan_report_window_new_chooser (self),
                              export_chosen_cb, GINT_TO_POINTER (kind));
}

static void
print_done_cb (GtkPrintOperation       *operation,
               GtkPrintOperationResult  result,
               ImtehanReportWindow     *self)
{
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autoptr(GError) error = NULL;

      gtk_print_operation_get_error (operation, &error);
      g_message ("Could not print the report: %s", error ? error->message : "no reason given");
      _imtehan_report_window_show_error (self, _("The Report Could Not Be Printed"),
                                         error ? error->message : NULL);
    }
  if (self->print_operation == operation)
    g_clear_object (&self->print_operation);
  _imtehan_report_window_update_actions (self);
}

void
_imtehan_report_window_print (ImtehanReportWindow *self)
{
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;

  g_clear_object (&self->print_operation);
  self->print_operation =
    imtehan_report_print_new (self->report, imtehan_report_learners_get_include (self->learners));
  if (self->print_operation == NULL)
    return;
  gtk_print_operation_set_allow_async (self->print_operation, TRUE);
  g_signal_connect_object (self->print_operation, "done", G_CALLBACK (print_done_cb), self, 0);
  _imtehan_report_window_update_actions (self);
  result = gtk_print_operation_run (self->print_operation,
                                    GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, GTK_WINDOW (self),
                                    &error);
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR && self->print_operation != NULL)
    {
      g_message ("Could not print the report: %s", error->message);
      _imtehan_report_window_show_error (self, _("The Report Could Not Be Printed"),
                                         error->message);
    }
  if (result != GTK_PRINT_OPERATION_RESULT_IN_PROGRESS)
    g_clear_object (&self->print_operation);
  _imtehan_report_window_update_actions (self);
}

