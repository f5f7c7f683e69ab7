/* session-fixture.h: the results folder, quiz and session the session's tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-attempt.h"
#include "imtehan-attempt-summary.h"
#include "imtehan-quiz.h"
#include "imtehan-session.h"
#include "imtehan-store.h"

G_BEGIN_DECLS

#define BUNDLED_QUIZ QUIZ_DIR "/zero-sharded-optimizers.quiz"

typedef struct
{
  char           *tmp;
  char           *path;        /* the results folder */
  GFile          *directory;
  ImtehanQuiz    *quiz;
  ImtehanStore   *store;
  ImtehanSession *session;
  guint           n_loaded;    /* ::history-loaded */
  GPtrArray      *notices;     /* ::notice */
} Fixture;


typedef struct
{
  const guint *counter;
  guint        was;
} Counter;


typedef struct
{
  ImtehanAttempt *attempt;
  GError         *error;
  gboolean        done;
} Result;

ImtehanSession *session_new (Fixture      *fixture,
                              ImtehanStore *store);
void fixture_set_up (Fixture       *fixture,
                     gconstpointer  data);
void run_until (gboolean (*done) (gpointer),
                gpointer   data);
gboolean is_null (gpointer data);
gboolean nothing_pending (gpointer data);
void wait_for_listing (Fixture *fixture,
                       guint    loaded);
void settle (Fixture *fixture);
void fixture_tear_down (Fixture       *fixture,
                        gconstpointer  data);
GKeyFile *read_attempt_file (Fixture        *fixture,
                              ImtehanAttempt *attempt);
char *write_attempt (Fixture    *fixture,
                      const char *started,
                      guint       n_right,
                      gboolean    finished);
guint n_history (Fixture *fixture);
const char * history_id (Fixture *fixture,
                         guint    position);
void count_notify_cb (GObject    *object,
                      GParamSpec *pspec,
                      guint      *count);
void count_items_changed_cb (GListModel *model,
                             guint       position,
                             guint       removed,
                             guint       added,
                             guint      *count);
void resume_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data);
void open_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data);
gboolean result_done (gpointer data);
void result_clear (Result *r);
void edit_attempt (Fixture    *fixture,
                   const char *id,
                   const char *key,
                   const char *value);
void write_attempt_as (Fixture        *fixture,
                       ImtehanAttempt *attempt,
                       const char     *id,
                       ...);
char *read_attempt_key (Fixture        *fixture,
                         ImtehanAttempt *attempt,
                         const char     *group,
                         const char     *key);

G_END_DECLS
