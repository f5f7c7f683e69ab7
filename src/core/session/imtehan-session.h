/* imtehan-session.h: one learner's work on one quiz, as the window shows it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-context.h"
#include "imtehan-types.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_SESSION (imtehan_session_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanSession, imtehan_session, IMTEHAN, SESSION, GObject)

ImtehanSession *imtehan_session_new                (ImtehanQuiz          *quiz,
                                                    ImtehanStore         *store);
ImtehanSession *imtehan_session_new_for_context    (ImtehanContext       *context,
                                                    ImtehanQuiz          *quiz);
ImtehanQuiz    *imtehan_session_get_quiz           (ImtehanSession       *self);
ImtehanStore   *imtehan_session_get_store          (ImtehanSession       *self);
void            imtehan_session_set_versions       (ImtehanSession       *self,
                                                    ImtehanQuizVersions  *versions);

ImtehanAttempt *imtehan_session_get_attempt        (ImtehanSession       *self);
gboolean        imtehan_session_get_in_progress    (ImtehanSession       *self);
ImtehanAttempt *imtehan_session_start              (ImtehanSession       *self,
                                                    const char           *language);
void            imtehan_session_set_language       (ImtehanSession       *self,
                                                    const char           *language);
void            imtehan_session_submit             (ImtehanSession       *self,
                                                    const char           *language);

GListModel     *imtehan_session_get_history        (ImtehanSession       *self);
GListModel     *imtehan_session_get_folder         (ImtehanSession       *self);
void            imtehan_session_reload_history     (ImtehanSession       *self);
gboolean        imtehan_session_get_can_resume     (ImtehanSession       *self);
gboolean        imtehan_session_get_record         (ImtehanSession       *self,
                                                    double               *best,
                                                    guint                *best_total,
                                                    double               *last,
                                                    guint                *last_total);

gboolean        imtehan_session_get_busy           (ImtehanSession       *self);
void            imtehan_session_resume_async       (ImtehanSession       *self,
                                                    const char           *language,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
ImtehanAttempt *imtehan_session_resume_finish      (ImtehanSession       *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);
void            imtehan_session_open_async         (ImtehanSession       *self,
                                                    const char           *attempt_id,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
ImtehanAttempt *imtehan_session_open_finish        (ImtehanSession       *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);

ImtehanMode     imtehan_session_get_mode           (ImtehanSession       *self);
void            imtehan_session_set_mode           (ImtehanSession       *self,
                                                    ImtehanMode           mode);
guint           imtehan_session_get_time_limit     (ImtehanSession       *self);
void            imtehan_session_set_time_limit     (ImtehanSession       *self,
                                                    guint                 seconds);
const char     *imtehan_session_get_learner        (ImtehanSession       *self);
const char     *imtehan_session_get_roll_number    (ImtehanSession       *self);
void            imtehan_session_set_learner        (ImtehanSession       *self,
                                                    const char           *name,
                                                    const char           *roll_number);
gboolean        imtehan_session_learner_is_valid   (const char           *name);
gboolean        imtehan_session_check              (ImtehanSession       *self,
                                                    guint                 index);
GDateTime      *imtehan_session_get_deadline       (ImtehanSession       *self);
gint64          imtehan_session_get_remaining_seconds (ImtehanSession    *self);
guint           imtehan_session_count_attempts     (ImtehanSession       *self,
                                                    const char           *learner);
guint           imtehan_session_get_attempts_allowed (ImtehanSession     *self);
void            imtehan_session_set_attempts_allowed (ImtehanSession     *self,
                                                    guint                 allowed);
guint           imtehan_session_get_attempts_left  (ImtehanSession       *self,
                                                    const char           *learner);
gboolean        imtehan_session_may_start          (ImtehanSession       *self,
                                                    const char           *learner);

const GError   *imtehan_session_get_save_error     (ImtehanSession       *self);
guint           imtehan_session_get_n_unsaved      (ImtehanSession       *self);
void            imtehan_session_retry_saves        (ImtehanSession       *self);

G_END_DECLS
