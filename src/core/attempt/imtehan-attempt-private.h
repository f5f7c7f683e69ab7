/* imtehan-attempt-private.h: what the store shares with the attempt loader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-attempt.h"
#include "imtehan-keyfile-private.h"

G_BEGIN_DECLS

gboolean imtehan_attempt_check_version    (ImtehanKeyFileReader  *reader,
                                           GError               **error);
gboolean imtehan_attempt_read_quiz_digest (ImtehanKeyFileReader  *reader,
                                           char                 **digest,
                                           GError               **error);

/* The keys issue 16 added (Version 2), read and checked alike by the attempt loader and the
 * store's listing. */
typedef struct
{
  gint64               version;
  ImtehanMode          mode;
  char                *roll_number;   /* "" when not given */
  char                *host;          /* NULL when not recorded (Version 1) */
  guint                time_limit;    /* seconds; 0: none */
  GDateTime           *deadline;      /* NULL: none */
  ImtehanFinishReason  finish_reason; /* NONE while unfinished */
} ImtehanAttemptLabKeys;

gboolean    imtehan_attempt_read_lab_keys  (ImtehanKeyFileReader   *reader,
                                            GDateTime              *started,
                                            gboolean                finished,
                                            ImtehanAttemptLabKeys  *keys,
                                            GError                **error);
void        imtehan_attempt_lab_keys_clear (ImtehanAttemptLabKeys  *keys);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ImtehanAttemptLabKeys, imtehan_attempt_lab_keys_clear)
const char *imtehan_mode_to_string          (ImtehanMode            mode);
gboolean    imtehan_mode_from_string        (const char            *text,
                                             ImtehanMode           *mode);
const char *imtehan_finish_reason_to_string (ImtehanFinishReason    reason);
gboolean    imtehan_finish_reason_from_string (const char          *text,
                                               ImtehanFinishReason *reason);

/* What the class report keeps of an attempt, read by imtehan_attempt_read_record() with every
 * check imtehan_attempt_new_from_bytes() makes, without building an ImtehanAttempt. */
typedef struct
{
  char                 *id;            /* stripped */
  char                 *learner;
  char                 *roll_number;   /* "" when not given */
  char                 *host;          /* NULL when not recorded (Version 1) */
  ImtehanMode           mode;
  GDateTime            *started;
  GDateTime            *finished_at;   /* NULL while unfinished */
  ImtehanFinishReason   finish_reason;
  guint                 n_answers;     /* the quiz's questions */
  const char          **answers;       /* in quiz order: the quiz's choice id, or NULL */
} ImtehanAttemptRecord;

gboolean    imtehan_attempt_read_record     (ImtehanQuiz            *quiz,
                                             ImtehanKeyFileReader   *reader,
                                             ImtehanAttemptRecord   *record,
                                             GError                **error);
void        imtehan_attempt_record_clear    (ImtehanAttemptRecord   *record);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ImtehanAttemptRecord, imtehan_attempt_record_clear)

G_END_DECLS
