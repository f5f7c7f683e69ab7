/* imtehan-report-private.h: the fields of the report's objects, filled by its loader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The loader builds thousands of attempts on its worker threads and sets their fields
 * directly; once a load is handed to the main thread they are only read.
 */

#pragma once

#include "imtehan-report.h"

G_BEGIN_DECLS

#define IMTEHAN_REPORT_SHA256_LENGTH 32

struct _ImtehanReportAttempt
{
  GObject              parent_instance;

  char                *path;
  GFile               *file;      /* of path, made when first asked for */
  GPtrArray           *copies;    /* GFile: other files with the same attempt, counted once */
  char                *id;
  char                *quiz_id;
  ImtehanQuiz         *quiz;      /* the quiz it was scored against; NULL unless counted */
  ImtehanReportStatus  status;
  ImtehanReportFlags   flags;
  char                *learner;
  char                *roll_number;
  char                *host;      /* NULL: not recorded (Version 1) */
  ImtehanMode          mode;
  GDateTime           *started;
  GDateTime           *finished_at;
  gboolean             finished;
  ImtehanFinishReason  finish_reason;
  guint                n_questions;
  const char         **choices;   /* responses: a single choice's id owned by quiz, the others
                                   * by responses; NULL: no answer */
  char               **responses; /* owned; NULL when every question is single-choice */
  double              *marks;     /* the fraction of each question's mark earned, 0..1 */
  double               score;     /* their sum */
  guint                n_right;   /* questions of full marks, which Score= counts */
  guint                total;
  gint64               saved_score; /* -1: none saved, or not a number */
  gboolean             has_digest;
  /* Of the file's bytes; only for an attempt listed apart. */
  guint8               digest[IMTEHAN_REPORT_SHA256_LENGTH];
};

struct _ImtehanReportProblem
{
  GObject                   parent_instance;

  ImtehanReportProblemKind  kind;
  GFile                    *file;
  guint                     line;    /* 0: not known */
  char                     *message; /* translated, names the file */
  ImtehanReportAttempt     *attempt; /* for an attempt listed apart */
};

struct _ImtehanReportQuiz
{
  GObject      parent_instance;

  ImtehanQuiz *quiz;
  GListStore  *attempts;
  /* Other groups of the report have the same quiz id (another version), the same Version
   * number too (a file changed without raising it). */
  gboolean     other_versions;
  gboolean     same_number;
};

ImtehanReportAttempt *imtehan_report_attempt_new       (const char               *path);
ImtehanReportProblem *imtehan_report_problem_new       (ImtehanReportProblemKind  kind,
                                                        const char               *path,
                                                        guint                     line,
                                                        ImtehanReportAttempt     *attempt,
                                                        const char               *message);
ImtehanReportProblem *imtehan_report_problem_new_errno (ImtehanReportProblemKind  kind,
                                                        const char               *path,
                                                        int                       saved_errno);

G_END_DECLS
