/* imtehan-report-print.c: the class report on paper and in PDF
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-report-print.h"

/* STUB: to be written (issue 17). */
GtkPrintOperation *
imtehan_report_print_new (ImtehanReport        *report,
                          ImtehanReportInclude  include)
{
  return gtk_print_operation_new ();
}

gboolean
imtehan_report_print_save_pdf (ImtehanReport        *report,
                               ImtehanReportInclude  include,
                               GFile                *file,
                               GError              **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not written yet");
  return FALSE;
}
