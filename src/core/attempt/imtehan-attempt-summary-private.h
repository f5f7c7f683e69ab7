/* imtehan-attempt-summary-private.h: how the store makes summaries
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-attempt-summary.h"

G_BEGIN_DECLS

ImtehanAttemptSummary *imtehan_attempt_summary_new_from_bytes  (GFile                 *file,
                                                                GBytes                *bytes,
                                                                const char            *name,
                                                                GError               **error);
ImtehanAttemptSummary *imtehan_attempt_summary_new_finished    (GFile                 *directory,
                                                                const char            *name,
                                                                const char            *id,
                                                                const char            *quiz_id,
                                                                const char            *language,
                                                                const char            *learner,
                                                                GDateTime             *started,
                                                                guint                  score,
                                                                double                 marks,
                                                                guint                  total,
                                                                guint                  n_answered,
                                                                guint                  quiz_version,
                                                                const char            *quiz_digest);
gboolean               imtehan_attempt_summary_set_lab_fields  (ImtehanAttemptSummary *self,
                                                                const char            *roll_number,
                                                                const char            *host,
                                                                const char            *mode,
                                                                const char            *finish_reason);
void                   imtehan_attempt_summary_set_locked_elsewhere
                                                               (ImtehanAttemptSummary *self,
                                                                gboolean               locked);
int                    imtehan_attempt_summary_compare_newest_first
                                                               (gconstpointer          a,
                                                                gconstpointer          b);

G_END_DECLS
