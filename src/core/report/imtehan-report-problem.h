/* imtehan-report-problem.h: a file the report could not count, and why
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-report-attempt.h"

G_BEGIN_DECLS

typedef enum
{
  IMTEHAN_REPORT_PROBLEM_UNREADABLE,    /* an I/O error, a permission, a link loop */
  IMTEHAN_REPORT_PROBLEM_VANISHED,      /* listed, then gone before it was read */
  IMTEHAN_REPORT_PROBLEM_NOT_REGULAR,   /* a FIFO, a device, a socket named *.ini */
  IMTEHAN_REPORT_PROBLEM_TOO_LARGE,     /* above IMTEHAN_ATTEMPT_MAX_SIZE */
  IMTEHAN_REPORT_PROBLEM_DAMAGED,       /* does not parse, or a value is wrong */
  IMTEHAN_REPORT_PROBLEM_NEWER_VERSION, /* written by a newer Imtehan */
  IMTEHAN_REPORT_PROBLEM_QUIZ_CHANGED,  /* an attempt listed apart: see its status */
  IMTEHAN_REPORT_PROBLEM_QUIZ_MISSING,
  IMTEHAN_REPORT_PROBLEM_CONFLICT,
  IMTEHAN_REPORT_PROBLEM_FOLDER_SKIPPED, /* already read (a link loop), or too deep */
  IMTEHAN_REPORT_PROBLEM_QUIZ_UNREADABLE, /* a quiz given or in the library that did not load */
} ImtehanReportProblemKind;

#define IMTEHAN_TYPE_REPORT_PROBLEM (imtehan_report_problem_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReportProblem, imtehan_report_problem,
                      IMTEHAN, REPORT_PROBLEM, GObject)

ImtehanReportProblemKind imtehan_report_problem_get_kind    (ImtehanReportProblem *self);
GFile                   *imtehan_report_problem_get_file    (ImtehanReportProblem *self);
guint                    imtehan_report_problem_get_line    (ImtehanReportProblem *self);
const char              *imtehan_report_problem_get_message (ImtehanReportProblem *self);
ImtehanReportAttempt    *imtehan_report_problem_get_attempt (ImtehanReportProblem *self);

G_END_DECLS
