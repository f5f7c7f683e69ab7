/* imtehan-report-attempt.h: one attempt file as the report read and scored it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-attempt.h"
#include "imtehan-types.h"

G_BEGIN_DECLS

/* Why an attempt is or is not counted in its quiz's figures. */
typedef enum
{
  IMTEHAN_REPORT_STATUS_COUNTED,      /* scored against the quiz it was taken on */
  IMTEHAN_REPORT_STATUS_QUIZ_CHANGED, /* the quiz found is not the one it was taken on */
  IMTEHAN_REPORT_STATUS_QUIZ_MISSING, /* no quiz with its id was found */
  IMTEHAN_REPORT_STATUS_CONFLICT,     /* another file has its id and different answers */
} ImtehanReportStatus;

typedef enum /*< flags >*/
{
  IMTEHAN_REPORT_FLAG_NONE           = 0,
  IMTEHAN_REPORT_FLAG_SCORE_MISMATCH = 1 << 0, /* Score= is not the recomputed score */
  IMTEHAN_REPORT_FLAG_NO_DIGEST      = 1 << 1, /* no QuizDigest: matched by QuizVersion */
  IMTEHAN_REPORT_FLAG_COPIES         = 1 << 2, /* the same attempt in several files */
} ImtehanReportFlags;

#define IMTEHAN_TYPE_REPORT_ATTEMPT (imtehan_report_attempt_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReportAttempt, imtehan_report_attempt,
                      IMTEHAN, REPORT_ATTEMPT, GObject)

GFile              *imtehan_report_attempt_get_file          (ImtehanReportAttempt *self);
GPtrArray          *imtehan_report_attempt_get_copies        (ImtehanReportAttempt *self);
const char         *imtehan_report_attempt_get_id            (ImtehanReportAttempt *self);
const char         *imtehan_report_attempt_get_quiz_id       (ImtehanReportAttempt *self);
ImtehanQuiz        *imtehan_report_attempt_get_quiz          (ImtehanReportAttempt *self);
ImtehanReportStatus imtehan_report_attempt_get_status        (ImtehanReportAttempt *self);
ImtehanReportFlags  imtehan_report_attempt_get_flags         (ImtehanReportAttempt *self);
const char         *imtehan_report_attempt_get_learner       (ImtehanReportAttempt *self);
const char         *imtehan_report_attempt_get_roll_number   (ImtehanReportAttempt *self);
const char         *imtehan_report_attempt_get_host          (ImtehanReportAttempt *self);
ImtehanMode         imtehan_report_attempt_get_mode          (ImtehanReportAttempt *self);
GDateTime          *imtehan_report_attempt_get_started       (ImtehanReportAttempt *self);
gboolean            imtehan_report_attempt_get_finished      (ImtehanReportAttempt *self);
GDateTime          *imtehan_report_attempt_get_finished_at   (ImtehanReportAttempt *self);
ImtehanFinishReason imtehan_report_attempt_get_finish_reason (ImtehanReportAttempt *self);
GTimeSpan           imtehan_report_attempt_get_duration      (ImtehanReportAttempt *self);
guint               imtehan_report_attempt_get_n_questions   (ImtehanReportAttempt *self);
const char         *imtehan_report_attempt_get_choice        (ImtehanReportAttempt *self,
                                                              guint                 index);
double               imtehan_report_attempt_get_mark          (ImtehanReportAttempt *self,
                                                              guint                 index);
double               imtehan_report_attempt_get_score         (ImtehanReportAttempt *self);
guint               imtehan_report_attempt_get_total         (ImtehanReportAttempt *self);
gint64              imtehan_report_attempt_get_saved_score   (ImtehanReportAttempt *self);

G_END_DECLS
