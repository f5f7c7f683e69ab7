/* imtehan-attempt.h: one learner's pass through a quiz
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-types.h"

G_BEGIN_DECLS

/* The newest attempt file format this build writes and reads. Version 2 adds the lab's
 * keys, 3 the answers of every question type; an attempt of a quiz of single-choice
 * questions alone is still written as 2, which earlier releases read. Version 1 files are
 * read and resumed, and saved again as Version 2. */
#define IMTEHAN_ATTEMPT_FORMAT_VERSION 3
#define IMTEHAN_ATTEMPT_MAX_SIZE (1024 * 1024)

/* Why an attempt was finished. Written to attempt files as "submitted" / "time-up". */
typedef enum
{
  IMTEHAN_FINISH_REASON_NONE,       /* not finished */
  IMTEHAN_FINISH_REASON_SUBMITTED,  /* by the learner */
  IMTEHAN_FINISH_REASON_TIME_UP,    /* at its deadline */
} ImtehanFinishReason;

#define IMTEHAN_TYPE_MODE (imtehan_mode_get_type ())
GType imtehan_mode_get_type (void) G_GNUC_CONST;
#define IMTEHAN_TYPE_FINISH_REASON (imtehan_finish_reason_get_type ())
GType imtehan_finish_reason_get_type (void) G_GNUC_CONST;

#define IMTEHAN_TYPE_ATTEMPT (imtehan_attempt_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanAttempt, imtehan_attempt, IMTEHAN, ATTEMPT, GObject)

ImtehanAttempt     *imtehan_attempt_new                (ImtehanQuiz     *quiz,
                                                        guint32          seed);
ImtehanAttempt     *imtehan_attempt_new_from_bytes     (ImtehanQuiz     *quiz,
                                                        GBytes          *bytes,
                                                        const char      *display_name,
                                                        GError         **error);
char               *imtehan_attempt_to_data            (ImtehanAttempt  *self,
                                                        gsize           *length);
ImtehanQuiz        *imtehan_attempt_get_quiz           (ImtehanAttempt  *self);
const char         *imtehan_attempt_get_id             (ImtehanAttempt  *self);
const char         *imtehan_attempt_get_quiz_digest    (ImtehanAttempt  *self);
guint32             imtehan_attempt_get_seed           (ImtehanAttempt  *self);
GDateTime          *imtehan_attempt_get_started        (ImtehanAttempt  *self);
GDateTime          *imtehan_attempt_get_finished_at    (ImtehanAttempt  *self);
const char         *imtehan_attempt_get_language       (ImtehanAttempt  *self);
void                imtehan_attempt_set_language       (ImtehanAttempt  *self,
                                                        const char      *language);
const char         *imtehan_attempt_get_learner        (ImtehanAttempt  *self);
void                imtehan_attempt_set_learner        (ImtehanAttempt  *self,
                                                        const char      *learner);
const char         *imtehan_attempt_get_roll_number    (ImtehanAttempt  *self);
void                imtehan_attempt_set_roll_number    (ImtehanAttempt  *self,
                                                        const char      *roll_number);
const char         *imtehan_attempt_get_host           (ImtehanAttempt  *self);
ImtehanMode         imtehan_attempt_get_mode           (ImtehanAttempt  *self);
gboolean            imtehan_attempt_set_mode           (ImtehanAttempt  *self,
                                                        ImtehanMode      mode);
guint               imtehan_attempt_get_time_limit     (ImtehanAttempt  *self);
gboolean            imtehan_attempt_set_time_limit     (ImtehanAttempt  *self,
                                                        guint            seconds);
GDateTime          *imtehan_attempt_get_deadline       (ImtehanAttempt  *self);
guint               imtehan_attempt_get_n_questions    (ImtehanAttempt  *self);
guint               imtehan_attempt_get_current        (ImtehanAttempt  *self);
void                imtehan_attempt_set_current        (ImtehanAttempt  *self,
                                                        guint            index);
gboolean            imtehan_attempt_go_next            (ImtehanAttempt  *self);
gboolean            imtehan_attempt_go_previous        (ImtehanAttempt  *self);
const char * const *imtehan_attempt_get_choice_order   (ImtehanAttempt  *self,
                                                        guint            index);
gboolean            imtehan_attempt_choose             (ImtehanAttempt  *self,
                                                        guint            index,
                                                        const char      *choice_id);
gboolean            imtehan_attempt_respond            (ImtehanAttempt  *self,
                                                        guint            index,
                                                        const char      *response);
const char         *imtehan_attempt_get_answer         (ImtehanAttempt  *self,
                                                        guint            index);
double              imtehan_attempt_get_fraction       (ImtehanAttempt  *self,
                                                        guint            index);
gboolean            imtehan_attempt_check              (ImtehanAttempt  *self,
                                                        guint            index);
gboolean            imtehan_attempt_is_checked         (ImtehanAttempt  *self,
                                                        guint            index);
gboolean            imtehan_attempt_is_correct         (ImtehanAttempt  *self,
                                                        guint            index);
guint               imtehan_attempt_get_n_answered     (ImtehanAttempt  *self);
gboolean            imtehan_attempt_get_finished       (ImtehanAttempt  *self);
gboolean            imtehan_attempt_finish             (ImtehanAttempt  *self);
gboolean            imtehan_attempt_finish_with_reason (ImtehanAttempt  *self,
                                                        ImtehanFinishReason reason);
ImtehanFinishReason imtehan_attempt_get_finish_reason  (ImtehanAttempt  *self);
guint               imtehan_attempt_get_score          (ImtehanAttempt  *self);
double              imtehan_attempt_get_marks          (ImtehanAttempt  *self);

G_END_DECLS
