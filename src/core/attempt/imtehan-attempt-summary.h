/* imtehan-attempt-summary.h: what a listing knows of one attempt file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-attempt.h"
#include "imtehan-types.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_ATTEMPT_SUMMARY (imtehan_attempt_summary_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanAttemptSummary, imtehan_attempt_summary,
                      IMTEHAN, ATTEMPT_SUMMARY, GObject)

GFile      *imtehan_attempt_summary_get_file        (ImtehanAttemptSummary *self);
const char *imtehan_attempt_summary_get_id          (ImtehanAttemptSummary *self);
const char *imtehan_attempt_summary_get_quiz_id     (ImtehanAttemptSummary *self);
const char *imtehan_attempt_summary_get_language    (ImtehanAttemptSummary *self);
const char *imtehan_attempt_summary_get_learner     (ImtehanAttemptSummary *self);
const char *imtehan_attempt_summary_get_roll_number (ImtehanAttemptSummary *self);
const char *imtehan_attempt_summary_get_host        (ImtehanAttemptSummary *self);
ImtehanMode imtehan_attempt_summary_get_mode        (ImtehanAttemptSummary *self);
ImtehanFinishReason
            imtehan_attempt_summary_get_finish_reason (ImtehanAttemptSummary *self);
guint       imtehan_attempt_summary_get_time_limit  (ImtehanAttemptSummary *self);
gboolean    imtehan_attempt_summary_is_by_learner   (ImtehanAttemptSummary *self,
                                                     const char            *learner);
GDateTime  *imtehan_attempt_summary_get_started     (ImtehanAttemptSummary *self);
gboolean    imtehan_attempt_summary_get_finished    (ImtehanAttemptSummary *self);
guint       imtehan_attempt_summary_get_score       (ImtehanAttemptSummary *self);
double      imtehan_attempt_summary_get_marks       (ImtehanAttemptSummary *self);
guint       imtehan_attempt_summary_get_total       (ImtehanAttemptSummary *self);
guint       imtehan_attempt_summary_get_n_answered  (ImtehanAttemptSummary *self);
guint       imtehan_attempt_summary_get_quiz_version (ImtehanAttemptSummary *self);
const char *imtehan_attempt_summary_get_quiz_digest (ImtehanAttemptSummary *self);
gboolean    imtehan_attempt_summary_get_locked_elsewhere (ImtehanAttemptSummary *self);

char       *imtehan_learner_key                     (const char            *name);

gboolean    imtehan_attempt_summaries_get_record   (GListModel            *summaries,
                                                    const char            *quiz_id,
                                                    double                *best,
                                                    guint                 *best_total,
                                                    double                *last,
                                                    guint                 *last_total);

G_END_DECLS
