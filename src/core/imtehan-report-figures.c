/* imtehan-report-figures.c: a report's attempts turned into statistics and CSV files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include "imtehan-intl-private.h"

#include "imtehan-report-figures.h"

/* STUB: to be written (issue 17). */
gboolean
imtehan_report_attempt_is_listed (ImtehanReportAttempt *attempt,
                                  ImtehanReportInclude  include)
{
  return FALSE;
}

gboolean
imtehan_report_attempt_in_statistics (ImtehanReportAttempt *attempt,
                                      ImtehanReportInclude  include)
{
  return FALSE;
}

ImtehanStats *
imtehan_report_quiz_compute_stats (ImtehanReportQuiz    *quiz,
                                   ImtehanReportInclude  include)
{
  return NULL;
}

gboolean
imtehan_report_write_attempts_csv (ImtehanReport        *report,
                                   ImtehanReportInclude  include,
                                   GOutputStream        *out,
                                   GCancellable         *cancellable,
                                   GError              **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not written yet");
  return FALSE;
}

gboolean
imtehan_report_write_stats_csv (ImtehanReport        *report,
                                ImtehanReportInclude  include,
                                GOutputStream        *out,
                                GCancellable         *cancellable,
                                GError              **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not written yet");
  return FALSE;
}

gboolean
imtehan_report_save_csv (ImtehanReport        *report,
                         ImtehanReportCsv      kind,
                         ImtehanReportInclude  include,
                         GFile                *file,
                         GCancellable         *cancellable,
                         GError              **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not written yet");
  return FALSE;
}
