/* imtehan-session-private.h: what the session's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-attempt.h"
#include "imtehan-attempt-summary.h"
#include "imtehan-session.h"

G_BEGIN_DECLS

struct _ImtehanSession
{
  GObject         parent_instance;

  ImtehanContext *context;        /* nullable: the run's learner, store and versions */
  ImtehanQuiz    *quiz;
  ImtehanStore   *store;
  ImtehanQuizVersions *versions;  /* nullable: where earlier versions of the quiz are kept */
  ImtehanAttempt *attempt;        /* in progress, or just submitted */
  GSignalGroup   *attempt_signals;
  GListStore     *history;        /* ImtehanAttemptSummary of this quiz, newest first */
  GListStore     *folder;         /* every ImtehanAttemptSummary of the folder, newest first */
  GPtrArray      *unsaved;        /* ImtehanAttempt whose last save failed */
  GError         *save_error;     /* the last failure, while any is unsaved */
  GCancellable   *cancellable;
  guint           retry_source;
  guint           deadline_source; /* the attempt in progress's time-up */
  ImtehanMode     mode;           /* of the next attempt started */
  guint           time_limit;     /* of the next attempt started; seconds, 0: none */
  guint           attempts_allowed; /* per learner; 0: no limit */
  char           *learner;        /* trimmed; without a context only */
  char           *roll_number;    /* trimmed; without a context only */
  gboolean        busy;           /* an attempt is being locked and loaded */
  gboolean        can_resume;
  gboolean        in_progress;
};

enum {
  PROP_0,
  PROP_CONTEXT,
  PROP_QUIZ,
  PROP_STORE,
  PROP_ATTEMPT,
  PROP_IN_PROGRESS,
  PROP_HISTORY,
  PROP_CAN_RESUME,
  PROP_BUSY,
  PROP_SAVE_ERROR,
  PROP_MODE,
  PROP_TIME_LIMIT,
  PROP_ATTEMPTS_ALLOWED,
  PROP_LEARNER,
  PROP_ROLL_NUMBER,
  PROP_DEADLINE,
  N_PROPS
};

enum {
  HISTORY_LOADED,
  NOTICE,
  TIME_UP,
  TIME_RUNNING_OUT,
  N_SIGNALS
};

extern GParamSpec *_imtehan_session_properties[N_PROPS];
extern guint _imtehan_session_signals[N_SIGNALS];

gboolean _imtehan_session_of_other_version (ImtehanSession        *self,
                                            ImtehanAttemptSummary *summary);
ImtehanAttemptSummary *_imtehan_session_find_resumable (ImtehanSession *self);
void _imtehan_session_update_state (ImtehanSession *self);
void _imtehan_session_save (ImtehanSession *self,
                            ImtehanAttempt *attempt);
void _imtehan_session_attempt_changed_cb (ImtehanSession *self);
void _imtehan_session_set_attempt (ImtehanSession *self,
                                   ImtehanAttempt *attempt);
GDateTime *_imtehan_session_get_deadline (ImtehanSession *self);
gint64 _imtehan_session_usec_left (GDateTime *deadline);
void _imtehan_session_time_up (ImtehanSession *self);
void _imtehan_session_update_deadline (ImtehanSession *self);

G_END_DECLS
