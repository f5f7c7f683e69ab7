/* imtehan-report-problem.c: a file the report could not count, and why
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include "imtehan-report-private.h"

G_DEFINE_FINAL_TYPE (ImtehanReportProblem, imtehan_report_problem, G_TYPE_OBJECT)

static void
imtehan_report_problem_dispose (GObject *object)
{
  ImtehanReportProblem *self = (ImtehanReportProblem *)object;

  g_clear_object (&self->file);
  g_clear_object (&self->attempt);

  G_OBJECT_CLASS (imtehan_report_problem_parent_class)->dispose (object);
}

static void
imtehan_report_problem_finalize (GObject *object)
{
  ImtehanReportProblem *self = (ImtehanReportProblem *)object;

  g_free (self->message);

  G_OBJECT_CLASS (imtehan_report_problem_parent_class)->finalize (object);
}

static void
imtehan_report_problem_class_init (ImtehanReportProblemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = imtehan_report_problem_dispose;
  object_class->finalize = imtehan_report_problem_finalize;
}

static void
imtehan_report_problem_init (ImtehanReportProblem *self)
{
}

ImtehanReportProblemKind
imtehan_report_problem_get_kind (ImtehanReportProblem *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_PROBLEM (self), 0);
  return self->kind;
}

GFile *
imtehan_report_problem_get_file (ImtehanReportProblem *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_PROBLEM (self), NULL);
  return self->file;
}

guint
imtehan_report_problem_get_line (ImtehanReportProblem *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_PROBLEM (self), 0);
  return self->line;
}

const char *
imtehan_report_problem_get_message (ImtehanReportProblem *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_PROBLEM (self), NULL);
  return self->message;
}

ImtehanReportAttempt *
imtehan_report_problem_get_attempt (ImtehanReportProblem *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_PROBLEM (self), NULL);
  return self->attempt;
}

ImtehanReportProblem *
imtehan_report_problem_new (ImtehanReportProblemKind  kind,
                            const char               *path,
                            guint                     line,
                            ImtehanReportAttempt     *attempt,
                            const char               *message)
{
  ImtehanReportProblem *problem = g_object_new (IMTEHAN_TYPE_REPORT_PROBLEM, NULL);

  problem->kind = kind;
  problem->file = path ? g_file_new_for_path (path) : NULL;
  problem->line = line;
  problem->message = g_strdup (message);
  problem->attempt = attempt ? g_object_ref (attempt) : NULL;
  return problem;
}

/* "NAME: strerror" for an errno, with the name as the user reads it. */
ImtehanReportProblem *
imtehan_report_problem_new_errno (ImtehanReportProblemKind  kind,
                                  const char               *path,
                                  int                       saved_errno)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *message = g_strdup_printf ("%s: %s", display, g_strerror (saved_errno));

  return imtehan_report_problem_new (kind, path, 0, NULL, message);
}
