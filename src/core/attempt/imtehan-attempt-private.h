/* imtehan-attempt-private.h: the one parser of an attempt file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The loader, the class report's reader and the store's listing all read an attempt file
 * through imtehan_attempt_record_read(), each to the depth it needs.
 */

#pragma once

#include "imtehan-attempt.h"
#include "imtehan-keyfile-private.h"

G_BEGIN_DECLS

typedef enum
{
  /* The [Attempt] group as a listing shows it, without the quiz. */
  IMTEHAN_ATTEMPT_READ_HEADER,
  /* Everything the loader checks, and the answers, against the quiz; not the choice orders. */
  IMTEHAN_ATTEMPT_READ_ANSWERS,
  /* That and the choice orders and checked answers: what resuming the attempt needs. */
  IMTEHAN_ATTEMPT_READ_ALL,
} ImtehanAttemptReadDepth;

/* What an attempt file says. */
typedef struct
{
  gint64                version;
  char                 *id;            /* stripped */
  char                 *quiz_id;       /* stripped */
  char                 *quiz_digest;   /* lower case; NULL when not recorded */
  char                 *language;      /* stripped; may be "" */
  char                 *learner;
  char                 *roll_number;   /* stripped; "" when not given */
  char                 *host;          /* NULL when not recorded (Version 1) */
  ImtehanMode           mode;
  guint                 time_limit;    /* seconds; 0: none */
  GDateTime            *deadline;      /* NULL: none */
  GDateTime            *started;       /* in UTC, except at HEADER depth: as written */
  gboolean              finished;
  ImtehanFinishReason   finish_reason; /* NONE while unfinished */

  /* HEADER depth only: what was saved, for a listing that has no quiz to score with. */
  guint                 score;
  double                marks;         /* Marks=, else the score */
  guint                 total;
  guint                 n_answered;
  guint                 quiz_version;  /* 0: not recorded */

  /* ANSWERS and ALL depths. */
  guint32               seed;
  guint                 current;
  GDateTime            *finished_at;   /* NULL while unfinished */
  guint                 n_answers;     /* the quiz's questions */
  const char          **answers;       /* in quiz order: the response (for a single-choice
                                        * question the quiz's choice id), or NULL */
  char                **responses;     /* owned: the answers of the other question types */

  /* ALL depth only, n_answers each. */
  gboolean             *checked;
  char               ***orders;        /* the saved order if it fits the quiz, else NULL */
} ImtehanAttemptRecord;

gboolean    imtehan_attempt_record_read      (ImtehanKeyFileReader     *reader,
                                              ImtehanQuiz              *quiz,
                                              ImtehanAttemptReadDepth   depth,
                                              ImtehanAttemptRecord     *record,
                                              GError                  **error);
void        imtehan_attempt_record_clear     (ImtehanAttemptRecord     *record);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ImtehanAttemptRecord, imtehan_attempt_record_clear)

gboolean    imtehan_attempt_read_record      (ImtehanQuiz              *quiz,
                                              ImtehanKeyFileReader     *reader,
                                              ImtehanAttemptRecord     *record,
                                              GError                  **error);

const char *imtehan_mode_to_string            (ImtehanMode              mode);
gboolean    imtehan_mode_from_string          (const char              *text,
                                               ImtehanMode             *mode);
const char *imtehan_finish_reason_to_string   (ImtehanFinishReason      reason);
gboolean    imtehan_finish_reason_from_string (const char              *text,
                                               ImtehanFinishReason     *reason);

G_END_DECLS
