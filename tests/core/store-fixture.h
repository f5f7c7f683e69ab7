/* store-fixture.h: what the store's tests share: a fresh folder, a store, the bundled quiz
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/wait.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>
#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-store.h"
#include "test-util.h"
#include "imtehan-store-private.h"

#define BUNDLED_QUIZ QUIZ_DIR "/zero-sharded-optimizers.quiz"

typedef struct
{
  char         *tmp;       /* a fresh folder for this test */
  char         *path;      /* tmp/attempts: does not exist until the first save */
  GFile        *directory;
  char         *cache_path; /* tmp/cache: the summary cache, never the user's */
  GFile        *cache_directory;
  char         *pending_path; /* tmp/pending: a "lab" store's copies kept on this PC */
  ImtehanStore *store;     /* with a cache in cache_path when the test's data is "cached" */
  ImtehanQuiz  *quiz;
} Fixture;

void
assert_finalize_soon (gpointer object);

void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data);

void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data);

char *
path_in (Fixture    *fixture,
         const char *name);

char *
read_file (const char *path);

void
write_file (const char *path,
            const char *contents);

ImtehanAttempt *
new_attempt (Fixture *fixture,
             guint32  seed);

GPtrArray *
list (Fixture    *fixture,
      GPtrArray **problems);

typedef struct
{
  guint     pending;
  gboolean  ok;
  GError   *error;
} SaveState;

void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data);

void
wait_for (SaveState *state);

gboolean
file_is (const char *path,
         const char *expected);

typedef struct
{
  GAsyncResult *result;
} AsyncState;

void
async_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data);

GAsyncResult *
wait_for_result (AsyncState *state);

void
wait_for_worker (ImtehanStore *store);

ImtehanStore *
cached_store_new (Fixture *fixture);

GPtrArray *
list_with (ImtehanStore *store,
           GPtrArray   **problems);

ImtehanAttemptSummary *
find_summary_by_id (GPtrArray  *summaries,
                    const char *id);

ImtehanAttemptSummary *
find_summary (GPtrArray      *summaries,
              ImtehanAttempt *attempt);

char *
attempt_path (Fixture        *fixture,
              ImtehanAttempt *attempt);

ImtehanAttempt *
save_attempt (Fixture    *fixture,
              guint32     seed,
              const char *learner,
              guint       n_answers,
              gboolean    finished);

ImtehanAttempt *
claim (Fixture                *fixture,
       ImtehanAttemptSummary  *summary,
       GCancellable           *cancellable,
       GError                **error);

void
add_test (const char *path,
          void      (*func) (Fixture *, gconstpointer));
