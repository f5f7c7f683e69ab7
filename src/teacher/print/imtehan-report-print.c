/* imtehan-report-print.c: the class report on paper and in PDF
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The PDF is not written through GTK_PRINT_OPERATION_ACTION_EXPORT, although that runs
 * without gtk_init() and without a display (checked on GTK 4.8.3): cairo writes straight into
 * the target file, so an export that fails halfway (a full disk) leaves half a PDF where the
 * old one was, and its error ("error while writing to output stream") names nothing. Here the
 * PDF is made in memory, then written whole or not at all.
 */

#define G_LOG_DOMAIN "imtehan-report-print"

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "imtehan-report-print-private.h"

/* The print operation. */

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                ReportDoc         *doc)
{
  /* GTK's recipe for a Pango context on this page (resolution, font options); every layout
   * of the page is made from it. */
  g_autoptr(PangoLayout) layout = gtk_print_context_create_pango_layout (context);

  report_doc_build (doc);
  report_doc_paginate_begin (doc, pango_layout_get_context (layout),
                             gtk_print_context_get_width (context),
                             gtk_print_context_get_height (context));
}

static gboolean
paginate_cb (GtkPrintOperation *operation,
             GtkPrintContext   *context,
             ReportDoc         *doc)
{
  g_autoptr(PangoLayout) layout = gtk_print_context_create_pango_layout (context);

  if (!report_doc_paginate_measure (doc, pango_layout_get_context (layout), PAGINATE_STEP))
    return FALSE;
  report_doc_paginate_place (doc);
  gtk_print_operation_set_n_pages (operation, doc->pages->len);
  return TRUE;
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              ReportDoc         *doc)
{
  g_autoptr(PangoLayout) layout = gtk_print_context_create_pango_layout (context);

  report_doc_draw_page (doc, gtk_print_context_get_cairo_context (context),
             pango_layout_get_context (layout), page);
}

static GtkPageSetup *
default_page_setup (void)
{
  GtkPageSetup *setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) a4 = gtk_paper_size_new (GTK_PAPER_NAME_A4);

  gtk_page_setup_set_paper_size (setup, a4);
  gtk_page_setup_set_top_margin (setup, MARGIN_MM, GTK_UNIT_MM);
  gtk_page_setup_set_bottom_margin (setup, MARGIN_MM, GTK_UNIT_MM);
  gtk_page_setup_set_left_margin (setup, MARGIN_MM, GTK_UNIT_MM);
  gtk_page_setup_set_right_margin (setup, MARGIN_MM, GTK_UNIT_MM);
  return setup;
}

/**
 * imtehan_report_print_new:
 *
 * The report is laid out when printing begins, on the page size chosen then, in the language
 * of this moment.
 *
 * Returns: (transfer full): a print operation of the report
 */
GtkPrintOperation *
imtehan_report_print_new (ImtehanReport        *report,
                          ImtehanReportInclude  include)
{
  GtkPrintOperation *operation;
  g_autoptr(GtkPageSetup) setup = NULL;
  ReportDoc *doc;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (report), NULL);

  operation = gtk_print_operation_new ();
  doc = report_doc_new (report, include);
  setup = default_page_setup ();
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  /* Letter paper or landscape, chosen in the dialog: the columns take shares of the width. */
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  /* TRANSLATORS: the name of the print job, in the printer's queue */
  gtk_print_operation_set_job_name (operation, _("Imtehan class report"));
  g_signal_connect_data (operation, "begin-print", G_CALLBACK (begin_print_cb), doc,
                         (GClosureNotify)(void (*) (void))report_doc_free, 0);
  g_signal_connect (operation, "paginate", G_CALLBACK (paginate_cb), doc);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), doc);
  return operation;
}

/* The PDF. */

static cairo_status_t
append_bytes_cb (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* A context as gtk_print_context_create_pango_context() makes one, at 72 dpi: one point of
 * type is one unit of the PDF's page. */
static PangoContext *
create_pdf_context (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);
  pango_cairo_context_set_resolution (context, 72.0);
  return context;
}

static GBytes *
render_pdf (ReportDoc     *doc,
            GCancellable  *cancellable,
            GError       **error)
{
  GByteArray *data = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  PangoContext *context = create_pdf_context ();

  surface = cairo_pdf_surface_create_for_stream (append_bytes_cb, data, A4_WIDTH, A4_HEIGHT);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, _("Imtehan class report"));
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Imtehan");
  cr = cairo_create (surface);

  report_doc_build (doc);
  report_doc_paginate (doc, context, A4_WIDTH - 2 * MARGIN, A4_HEIGHT - 2 * MARGIN);
  for (guint page = 0; page < doc->pages->len; page++)
    {
      if (g_cancellable_is_cancelled (cancellable))
        break;
      cairo_save (cr);
      cairo_translate (cr, MARGIN, MARGIN);
      pango_cairo_update_context (cr, context);
      report_doc_draw_page (doc, cr, context, page);
      cairo_restore (cr);
      cairo_show_page (cr);
    }
  g_object_unref (context);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      g_byte_array_unref (data);
      return NULL;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_byte_array_unref (data);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not make the PDF: %s"),
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (data);
}

static gboolean
save_doc (ReportDoc     *doc,
          GFile         *file,
          GCancellable  *cancellable,
          GError       **error)
{
  g_autoptr(GBytes) pdf = NULL;

  if ((pdf = render_pdf (doc, cancellable, error)) == NULL)
    return FALSE;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  return imtehan_report_save_bytes (file, pdf, cancellable, error);
}

/**
 * imtehan_report_print_save_pdf:
 *
 * Lays the report out on A4 and writes it to @file, whole or not at all: an existing file is
 * replaced only once the new one is complete. Refuses what imtehan_report_check_output()
 * refuses: an attempt file is never overwritten. Needs no display and no gtk_init().
 */
gboolean
imtehan_report_print_save_pdf (ImtehanReport        *report,
                               ImtehanReportInclude  include,
                               GFile                *file,
                               GError              **error)
{
  g_autoptr(ReportDoc) doc = NULL;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (report), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!imtehan_report_check_output (report, file, error))
    return FALSE;
  doc = report_doc_new (report, include);
  return save_doc (doc, file, NULL, error);
}

typedef struct
{
  ReportDoc *doc;
  GFile     *file;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_clear_pointer (&data->doc, report_doc_free);
  g_clear_object (&data->file);
  g_free (data);
}

static void
save_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  SaveData *data = task_data;
  GError *error = NULL;

  if (save_doc (data->doc, data->file, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * imtehan_report_print_save_pdf_async:
 *
 * imtehan_report_print_save_pdf() on a worker thread, which lays the pages out with a Pango
 * font map of its own (pango_cairo_font_map_get_default() is per thread): a class of
 * thousands of attempts takes seconds. The language is the caller's of this moment. Nothing
 * may reload @report before @callback runs.
 */
void
imtehan_report_print_save_pdf_async (ImtehanReport        *report,
                                     ImtehanReportInclude  include,
                                     GFile                *file,
                                     GCancellable         *cancellable,
                                     GAsyncReadyCallback   callback,
                                     gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  SaveData *data;

  g_return_if_fail (IMTEHAN_IS_REPORT (report));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (report, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_report_print_save_pdf_async);
  if (!imtehan_report_check_output (report, file, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  data = g_new0 (SaveData, 1);
  data->doc = report_doc_new (report, include);
  data->file = g_object_ref (file);
  g_task_set_task_data (task, data, (GDestroyNotify)save_data_free);
  g_task_run_in_thread (task, save_thread);
}

gboolean
imtehan_report_print_save_pdf_finish (ImtehanReport  *report,
                                      GAsyncResult   *result,
                                      GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, report), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        imtehan_report_print_save_pdf_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

