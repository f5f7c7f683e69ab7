/* imtehan-report-figures.h: a report's attempts turned into statistics and CSV files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Which attempts count and their statistics: imtehan-report-figures.c; the CSV rows:
 * imtehan-report-csv.c; where an export may go and writing it whole: imtehan-report-output.c.
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-report.h"
#include "imtehan-stats.h"

G_BEGIN_DECLS

/* Which of a quiz's counted attempts the views, statistics and exports take: the window's
 * "practice attempts" switch and the command's --include-practice give the same set. */
typedef enum /*< flags >*/
{
  IMTEHAN_REPORT_INCLUDE_EXAMS    = 0,
  IMTEHAN_REPORT_INCLUDE_PRACTICE = 1 << 0,
} ImtehanReportInclude;

/* Listed (learners view, CSV of attempts): counted, and not practice unless included. */
gboolean      imtehan_report_attempt_is_listed     (ImtehanReportAttempt *attempt,
                                                    ImtehanReportInclude  include);
/* In the statistics: listed and finished (an unfinished attempt's blanks are not answers). */
gboolean      imtehan_report_attempt_in_statistics (ImtehanReportAttempt *attempt,
                                                    ImtehanReportInclude  include);

/* The quiz's figures from its attempts in the statistics, by choice id (docs/statistics.md). */
ImtehanStats *imtehan_report_quiz_compute_stats    (ImtehanReportQuiz    *quiz,
                                                    ImtehanReportInclude  include);

/* UTF-8 with a byte order mark, RFC 4180 quoting, CRLF line ends (what spreadsheets expect).
 * Both cover every quiz of the report, in the order of imtehan_report_get_quizzes(). */
gboolean      imtehan_report_write_attempts_csv    (ImtehanReport        *report,
                                                    ImtehanReportInclude  include,
                                                    GOutputStream        *out,
                                                    GCancellable         *cancellable,
                                                    GError              **error);
gboolean      imtehan_report_write_stats_csv       (ImtehanReport        *report,
                                                    ImtehanReportInclude  include,
                                                    GOutputStream        *out,
                                                    GCancellable         *cancellable,
                                                    GError              **error);

typedef enum
{
  IMTEHAN_REPORT_CSV_ATTEMPTS,
  IMTEHAN_REPORT_CSV_STATISTICS,
} ImtehanReportCsv;

/* Whether an export may be written to @file: never one of the files the report read, nor a
 * name ending in ".ini" (the next report would read it). The window and the command check
 * the PDF's file with it too. */
gboolean      imtehan_report_check_output          (ImtehanReport        *report,
                                                    GFile                *file,
                                                    GError              **error);

/* Writes @file whole or not at all (a temporary file renamed over it), after
 * imtehan_report_check_output(). */
gboolean      imtehan_report_save_csv              (ImtehanReport        *report,
                                                    ImtehanReportCsv      kind,
                                                    ImtehanReportInclude  include,
                                                    GFile                *file,
                                                    GCancellable         *cancellable,
                                                    GError              **error);

gboolean      imtehan_report_save_bytes            (GFile                *file,
                                                    GBytes               *bytes,
                                                    GCancellable         *cancellable,
                                                    GError              **error);

G_END_DECLS
