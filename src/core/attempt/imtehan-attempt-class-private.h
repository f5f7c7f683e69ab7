/* imtehan-attempt-class-private.h: the ImtehanAttempt instance, shared by its files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * imtehan-attempt.c (the object, its rules and navigation), imtehan-attempt-answers.c
 * (answers, checking, finishing, the score) and imtehan-attempt-file.c (its file).
 */

#pragma once

#include "imtehan-attempt.h"

G_BEGIN_DECLS

typedef struct
{
  char     **order;   /* choice ids in the order shown */
  char      *answer;  /* chosen choice id, or NULL */
  gboolean   checked; /* practice: checked, so the answer is locked */
} ImtehanAttemptSlot;

struct _ImtehanAttempt
{
  GObject              parent_instance;

  ImtehanQuiz         *quiz;
  char                *id;
  char                *quiz_digest;  /* of the quiz when the attempt began; NULL if not recorded */
  guint32              seed;
  GDateTime           *started;
  GDateTime           *finished_at;
  char                *language;
  char                *learner;
  char                *roll_number;
  char                *host;         /* the PC it was begun on; NULL if not recorded */
  ImtehanMode          mode;
  guint                time_limit;   /* seconds; 0: none */
  GDateTime           *deadline;     /* fixed when the time limit is set; NULL: none */
  ImtehanFinishReason  finish_reason;
  ImtehanAttemptSlot  *slots;
  guint                n_slots;
  guint                current;
  guint                n_answered;
};

typedef enum
{
  IMTEHAN_ATTEMPT_PROP_0,
  IMTEHAN_ATTEMPT_PROP_QUIZ,
  IMTEHAN_ATTEMPT_PROP_SEED,
  IMTEHAN_ATTEMPT_PROP_LANGUAGE,
  IMTEHAN_ATTEMPT_PROP_LEARNER,
  IMTEHAN_ATTEMPT_PROP_ROLL_NUMBER,
  IMTEHAN_ATTEMPT_PROP_HOST,
  IMTEHAN_ATTEMPT_PROP_MODE,
  IMTEHAN_ATTEMPT_PROP_TIME_LIMIT,
  IMTEHAN_ATTEMPT_PROP_DEADLINE,
  IMTEHAN_ATTEMPT_PROP_FINISH_REASON,
  IMTEHAN_ATTEMPT_PROP_CURRENT,
  IMTEHAN_ATTEMPT_PROP_N_ANSWERED,
  IMTEHAN_ATTEMPT_PROP_FINISHED,
  IMTEHAN_ATTEMPT_PROP_SCORE,
  IMTEHAN_ATTEMPT_N_PROPS
} ImtehanAttemptProperty;

typedef enum
{
  IMTEHAN_ATTEMPT_SIGNAL_ANSWER_CHANGED,
  IMTEHAN_ATTEMPT_SIGNAL_ANSWER_CHECKED,
  IMTEHAN_ATTEMPT_N_SIGNALS
} ImtehanAttemptSignal;

G_GNUC_INTERNAL extern GParamSpec *imtehan_attempt_properties[IMTEHAN_ATTEMPT_N_PROPS];
G_GNUC_INTERNAL extern guint imtehan_attempt_signals[IMTEHAN_ATTEMPT_N_SIGNALS];

G_END_DECLS
