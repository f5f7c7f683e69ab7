/* imtehan-session.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One learner's work on one quiz: the attempt in progress and its saving, the history of the
 * quiz's attempts in the results folder, and resuming or opening one of them. The window and
 * its pages show this and change it; they hold none of it, so a rebuilt page loses nothing.
 */

#define G_LOG_DOMAIN "imtehan-session"

#include "config.h"

#include "imtehan-attempt.h"
#include "imtehan-attempt-summary.h"
#include "imtehan-context.h"
#include "imtehan-intl-private.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "imtehan-session.h"
#include "imtehan-store.h"
#include "imtehan-text.h"

/* While saving fails (a full disk, a read-only or unplugged share), every unsaved attempt is
 * saved again this often, as well as on every answer and on imtehan_session_retry_saves(). */
#define SAVE_RETRY_SECONDS 10

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

G_DEFINE_FINAL_TYPE (ImtehanSession, imtehan_session, G_TYPE_OBJECT)

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

static GParamSpec *properties[N_PROPS];

enum {
  HISTORY_LOADED,
  NOTICE,
  TIME_UP,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* An attempt of another version of the quiz cannot be shown or answered with this one: its
 * answers are to questions that have changed. 0 is a file that did not say. */
static gboolean
of_other_version (ImtehanSession        *self,
                  ImtehanAttemptSummary *summary)
{
  guint version = imtehan_attempt_summary_get_quiz_version (summary);

  return version != 0 && version != imtehan_quiz_get_version (self->quiz);
}

static ImtehanAttemptSummary *
find_resumable (ImtehanSession *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->history));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ImtehanAttemptSummary) summary = g_list_model_get_item (G_LIST_MODEL (self->history), i);

      /* One that another instance or PC had open when the folder was listed is theirs to
       * finish; the listing found that out on the store's worker, since a lab share can take
       * seconds to answer. */
      if (!imtehan_attempt_summary_get_finished (summary) &&
          !imtehan_attempt_summary_get_locked_elsewhere (summary) &&
          !of_other_version (self, summary))
        return g_steal_pointer (&summary);
    }
  return NULL;
}

static void update_deadline (ImtehanSession *self);

/* The derived properties, notified when they change. */
static void
update_state (ImtehanSession *self)
{
  gboolean in_progress = self->attempt != NULL && !imtehan_attempt_get_finished (self->attempt);
  g_autoptr(ImtehanAttemptSummary) resumable = in_progress ? NULL : find_resumable (self);
  gboolean can_resume = in_progress || resumable != NULL;

  if (in_progress != self->in_progress)
    {
      self->in_progress = in_progress;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_IN_PROGRESS]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEADLINE]);
    }
  if (can_resume != self->can_resume)
    {
      self->can_resume = can_resume;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_RESUME]);
    }
  update_deadline (self);
}

static void
set_busy (ImtehanSession *self,
          gboolean        busy)
{
  if (self->busy == busy)
    return;
  self->busy = busy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* --- Saving -------------------------------------------------------------------------------- */

typedef struct
{
  ImtehanSession *session;
  ImtehanAttempt *attempt;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_clear_object (&data->session);
  g_clear_object (&data->attempt);
  g_free (data);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SaveData, save_data_free)

static gboolean
retry_saves_cb (gpointer user_data)
{
  imtehan_session_retry_saves (user_data);
  return G_SOURCE_CONTINUE;
}

static void
set_save_error (ImtehanSession *self,
                GError         *error)
{
  g_clear_error (&self->save_error);
  self->save_error = error;
  if (error != NULL && self->retry_source == 0)
    self->retry_source = g_timeout_add_seconds (SAVE_RETRY_SECONDS, retry_saves_cb, self);
  else if (error == NULL)
    g_clear_handle_id (&self->retry_source, g_source_remove);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAVE_ERROR]);
}

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(SaveData) data = user_data;
  ImtehanSession *self = data->session;
  g_autoptr(GError) error = NULL;
  gboolean saved = imtehan_store_save_finish (IMTEHAN_STORE (object), result, &error);

  /* Disposed: nobody left to tell. */
  if (self->unsaved == NULL)
    return;

  if (saved)
    {
      g_ptr_array_remove (self->unsaved, data->attempt);
      if (self->save_error != NULL && self->unsaved->len == 0)
        {
          set_save_error (self, NULL);
          g_signal_emit (self, signals[NOTICE], 0, _("Your answers are saved again"));
        }
      return;
    }

  /* Logged once per failure, not on every retry; the attempt stays in memory. */
  if (self->save_error == NULL)
    g_warning ("Could not save the attempt: %s", error->message);
  else
    g_debug ("Still cannot save the attempt: %s", error->message);
  if (!g_ptr_array_find (self->unsaved, data->attempt, NULL))
    g_ptr_array_add (self->unsaved, g_object_ref (data->attempt));
  set_save_error (self, g_steal_pointer (&error));
}

static void
save (ImtehanSession *self,
      ImtehanAttempt *attempt)
{
  SaveData *data = g_new0 (SaveData, 1);

  data->session = g_object_ref (self);
  data->attempt = g_object_ref (attempt);
  imtehan_store_save_async (self->store, attempt, NULL, save_cb, data);
}

/* Saved after every answer, so that a crash or a power cut loses at most this one; and after
 * every move, so that a resumed attempt opens where the learner was. */
static void
attempt_changed_cb (ImtehanSession *self)
{
  if (self->attempt != NULL)
    save (self, self->attempt);
}

static void
lock_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autofree char *attempt_id = user_data;
  g_autoptr(GError) error = NULL;

  if (!imtehan_store_lock_finish (IMTEHAN_STORE (object), result, &error))
    g_debug ("Could not lock attempt %s: %s", attempt_id, error->message);
}

static void
set_attempt (ImtehanSession *self,
             ImtehanAttempt *attempt)
{
  if (self->attempt == attempt)
    return;
  g_clear_handle_id (&self->deadline_source, g_source_remove);
  if (self->attempt != NULL)
    imtehan_store_unlock (self->store, imtehan_attempt_get_id (self->attempt));
  g_set_object (&self->attempt, attempt);
  /* Held while the attempt is ours: no other process resumes it and writes its file. Taken
   * on the store's worker, before the saves queued after this; a claimed attempt has it
   * already. */
  if (attempt != NULL)
    imtehan_store_lock_async (self->store, imtehan_attempt_get_id (attempt), NULL, lock_cb,
                              g_strdup (imtehan_attempt_get_id (attempt)));
  g_signal_group_set_target (self->attempt_signals, attempt);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ATTEMPT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEADLINE]);
  update_state (self);
}

/* --- The deadline -------------------------------------------------------------------------- */

static GDateTime *
get_deadline (ImtehanSession *self)
{
  if (!self->in_progress)
    return NULL;
  return imtehan_attempt_get_deadline (self->attempt);
}

/* Microseconds from now to the deadline, by the wall clock the deadline was fixed with; 0 or
 * less once it has passed. */
static gint64
usec_left (GDateTime *deadline)
{
  return g_date_time_to_unix (deadline) * G_USEC_PER_SEC - g_get_real_time ();
}

/* Finishes the attempt in progress because its time is up: what was answered is submitted,
 * saved like any submission, and the window is told why (::time-up). */
static void
time_up (ImtehanSession *self)
{
  g_autoptr(ImtehanAttempt) attempt = g_object_ref (self->attempt);

  g_clear_handle_id (&self->deadline_source, g_source_remove);
  imtehan_attempt_finish_with_reason (attempt, IMTEHAN_FINISH_REASON_TIME_UP);
  save (self, attempt);
  update_state (self);
  imtehan_session_reload_history (self);
  g_signal_emit (self, signals[TIME_UP], 0, attempt);
}

static gboolean
deadline_cb (gpointer user_data)
{
  ImtehanSession *self = user_data;
  GDateTime *deadline = get_deadline (self);

  self->deadline_source = 0;
  /* The wall clock may have been set back since the timeout was scheduled (the main loop's
   * is monotonic): then it is not time yet, and the wait starts again. */
  if (deadline != NULL && usec_left (deadline) > 0)
    update_deadline (self);
  else if (deadline != NULL)
    time_up (self);
  return G_SOURCE_REMOVE;
}

/* A timeout on the main loop for the deadline of the attempt in progress; none otherwise. */
static void
update_deadline (ImtehanSession *self)
{
  GDateTime *deadline = get_deadline (self);
  gint64 left;

  if (deadline == NULL)
    {
      g_clear_handle_id (&self->deadline_source, g_source_remove);
      return;
    }
  if (self->deadline_source != 0)
    return;
  left = MAX (usec_left (deadline), 0);
  /* Rounded up: woken a little early, it would only wait again. */
  self->deadline_source = g_timeout_add_full (G_PRIORITY_DEFAULT,
                                              (guint)MIN ((left + 999) / 1000, G_MAXUINT),
                                              deadline_cb, self, NULL);
}

/* --- History ------------------------------------------------------------------------------- */

static gboolean
same_summary (ImtehanAttemptSummary *a,
              ImtehanAttemptSummary *b)
{
  return g_str_equal (imtehan_attempt_summary_get_id (a), imtehan_attempt_summary_get_id (b)) &&
         imtehan_attempt_summary_get_finished (a) == imtehan_attempt_summary_get_finished (b) &&
         imtehan_attempt_summary_get_score (a) == imtehan_attempt_summary_get_score (b) &&
         imtehan_attempt_summary_get_total (a) == imtehan_attempt_summary_get_total (b) &&
         imtehan_attempt_summary_get_n_answered (a) == imtehan_attempt_summary_get_n_answered (b) &&
         imtehan_attempt_summary_get_quiz_version (a) == imtehan_attempt_summary_get_quiz_version (b) &&
         imtehan_attempt_summary_get_locked_elsewhere (a) ==
           imtehan_attempt_summary_get_locked_elsewhere (b) &&
         g_strcmp0 (imtehan_attempt_summary_get_language (a),
                    imtehan_attempt_summary_get_language (b)) == 0 &&
         g_strcmp0 (imtehan_attempt_summary_get_learner (a),
                    imtehan_attempt_summary_get_learner (b)) == 0;
}

/* Replaces only what changed, usually a new or a changed attempt at the top: the history is
 * listed again at every return to the start, and the lists showing it build a row for every
 * item replaced. */
static void
replace_summaries (GListStore             *store,
                   ImtehanAttemptSummary **items,
                   guint                   n_items)
{
  GListModel *model = G_LIST_MODEL (store);
  guint n_old = g_list_model_get_n_items (model);
  guint prefix = 0, suffix = 0;

  while (prefix < n_old && prefix < n_items)
    {
      g_autoptr(ImtehanAttemptSummary) old = g_list_model_get_item (model, prefix);

      if (!same_summary (old, items[prefix]))
        break;
      prefix++;
    }
  while (suffix < n_old - prefix && suffix < n_items - prefix)
    {
      g_autoptr(ImtehanAttemptSummary) old = g_list_model_get_item (model, n_old - 1 - suffix);

      if (!same_summary (old, items[n_items - 1 - suffix]))
        break;
      suffix++;
    }
  if (prefix == n_old && prefix == n_items)
    return;
  g_list_store_splice (store, prefix, n_old - prefix - suffix,
                       (gpointer *)items + prefix, n_items - prefix - suffix);
}

static void
history_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(ImtehanSession) self = user_data;
  g_autoptr(GPtrArray) summaries = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) mine = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;

  summaries = imtehan_store_list_finish (IMTEHAN_STORE (object), result, &problems, &error);
  if (summaries == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *message = g_strdup_printf (_("Past results could not be read: %s"),
                                                      error->message);
          g_signal_emit (self, signals[NOTICE], 0, message);
        }
      return;
    }

  if (problems != NULL && problems->len > 0)
    {
      g_autofree char *message = imtehan_store_describe_problems (self->store, problems);

      g_signal_emit (self, signals[NOTICE], 0, message);
    }

  for (guint i = 0; i < summaries->len; i++)
    {
      ImtehanAttemptSummary *summary = g_ptr_array_index (summaries, i);

      if (g_strcmp0 (imtehan_attempt_summary_get_quiz_id (summary),
                     imtehan_quiz_get_id (self->quiz)) == 0)
        g_ptr_array_add (mine, summary);
    }
  replace_summaries (self->folder, (ImtehanAttemptSummary **)summaries->pdata, summaries->len);
  replace_summaries (self->history, (ImtehanAttemptSummary **)mine->pdata, mine->len);
  update_state (self);
  g_signal_emit (self, signals[HISTORY_LOADED], 0);
}

/* --- Claiming: resume or open an attempt of the history ------------------------------------ */

typedef struct
{
  char     *language;  /* set on a resumed attempt */
  gboolean  resume;
} ClaimData;

static void
claim_data_free (ClaimData *data)
{
  g_free (data->language);
  g_free (data);
}

static void
claim_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ImtehanSession *self = g_task_get_source_object (task);
  ClaimData *data = g_task_get_task_data (task);
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(GError) error = NULL;

  attempt = imtehan_store_claim_finish (IMTEHAN_STORE (object), result, &error);
  if (self->history == NULL)
    {
      /* Disposed meanwhile (the store gave the lock back). */
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
      return;
    }
  set_busy (self, FALSE);
  if (attempt == NULL)
    {
      /* Taken by another process since the listing: listed again, it is not offered. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY))
        imtehan_session_reload_history (self);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* A finished attempt is only shown; an unfinished one is the learner's again. */
  if (!imtehan_attempt_get_finished (attempt))
    {
      GDateTime *deadline = imtehan_attempt_get_deadline (attempt);

      set_attempt (self, attempt);
      if (data->language != NULL)
        imtehan_attempt_set_language (attempt, data->language);
      /* Its clock ran on while the app was not (a crash, a power cut): past the deadline,
       * what was answered is submitted now, as it would have been at the deadline. Before
       * it, the saved deadline stands (update_state() scheduled it). */
      if (deadline != NULL && usec_left (deadline) <= 0)
        time_up (self);
    }
  g_task_return_pointer (task, g_steal_pointer (&attempt), g_object_unref);
}

/* An attempt taken on an earlier version of the quiz, read against that version as it was:
 * shown, never resumed, so nothing is locked or written. On a worker: the kept version and
 * the attempt are files. */
typedef struct
{
  ImtehanQuizVersions   *versions;
  ImtehanStore          *store;
  ImtehanAttemptSummary *summary;
  gboolean               other_version;  /* QuizVersion is not the quiz's */
} EarlierData;

static void
earlier_data_free (EarlierData *data)
{
  g_clear_object (&data->versions);
  g_clear_object (&data->store);
  g_clear_object (&data->summary);
  g_free (data);
}

static void
open_earlier_thread (GTask        *task,
                     gpointer      source_object,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  EarlierData *data = task_data;
  ImtehanAttemptSummary *summary = data->summary;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  GError *error = NULL;
  ImtehanAttempt *attempt;

  quiz = imtehan_quiz_versions_lookup (data->versions,
                                       imtehan_attempt_summary_get_quiz_id (summary),
                                       imtehan_attempt_summary_get_quiz_digest (summary),
                                       imtehan_attempt_summary_get_quiz_version (summary));
  if (quiz == NULL)
    {
      /* Same version number, other bytes, and not kept: read with the quiz as it is, as
       * before versions were kept. */
      g_task_return_pointer (task, NULL, NULL);
      return;
    }
  if (!(attempt = imtehan_store_load (data->store, summary, quiz, cancellable, &error)))
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, attempt, g_object_unref);
}

static void claim (ImtehanSession        *self,
                   ImtehanAttemptSummary *summary,
                   GTask                 *task);

static void
open_earlier_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ImtehanSession *self = IMTEHAN_SESSION (object);
  EarlierData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(ImtehanAttempt) attempt = NULL;
  GError *error = NULL;

  attempt = g_task_propagate_pointer (G_TASK (result), &error);
  if (self->history == NULL)
    {
      /* Disposed meanwhile. */
      g_clear_error (&error);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
      return;
    }
  set_busy (self, FALSE);
  if (error != NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (attempt != NULL)
    {
      g_task_return_pointer (task, g_steal_pointer (&attempt), g_object_unref);
      return;
    }
  if (data->other_version)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _("It was taken on version %u of this quiz, which this computer "
                                 "does not keep; its file is kept"),
                               imtehan_attempt_summary_get_quiz_version (data->summary));
      return;
    }
  g_task_set_task_data (task, g_new0 (ClaimData, 1), (GDestroyNotify)claim_data_free);
  claim (self, data->summary, g_steal_pointer (&task));
}

static void
open_earlier (ImtehanSession        *self,
              ImtehanAttemptSummary *summary,
              GTask                 *task)
{
  g_autoptr(GTask) lookup = g_task_new (self, self->cancellable, open_earlier_cb, task);
  EarlierData *data = g_new0 (EarlierData, 1);

  data->versions = g_object_ref (self->versions);
  data->store = g_object_ref (self->store);
  data->summary = g_object_ref (summary);
  data->other_version = of_other_version (self, summary);
  g_task_set_task_data (lookup, data, (GDestroyNotify)earlier_data_free);
  set_busy (self, TRUE);
  g_task_run_in_thread (lookup, open_earlier_thread);
}

/* Whether @summary was taken on other bytes of the quiz than the session's: with the versions
 * kept, it is shown against its own. */
static gboolean
of_other_content (ImtehanSession        *self,
                  ImtehanAttemptSummary *summary)
{
  const char *digest = imtehan_attempt_summary_get_quiz_digest (summary);

  if (of_other_version (self, summary))
    return TRUE;
  return digest != NULL && *digest != '\0' &&
         g_ascii_strcasecmp (digest, imtehan_quiz_get_digest (self->quiz)) != 0;
}

/* Locks (if it is unfinished) and loads the attempt of @summary on the store's worker, after
 * the saves queued before. */
static void
claim (ImtehanSession        *self,
       ImtehanAttemptSummary *summary,
       GTask                 *task)
{
  set_busy (self, TRUE);
  imtehan_store_claim_async (self->store, summary, self->quiz, self->cancellable, claim_cb, task);
}

/* --- GObject ------------------------------------------------------------------------------- */

static void
imtehan_session_dispose (GObject *object)
{
  ImtehanSession *self = (ImtehanSession *)object;

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->retry_source, g_source_remove);
  g_clear_handle_id (&self->deadline_source, g_source_remove);
  if (self->attempt_signals != NULL)
    g_signal_group_set_target (self->attempt_signals, NULL);
  g_clear_object (&self->attempt_signals);
  if (self->attempt != NULL && self->store != NULL)
    imtehan_store_unlock (self->store, imtehan_attempt_get_id (self->attempt));
  g_clear_object (&self->attempt);
  g_clear_object (&self->history);
  g_clear_object (&self->folder);
  g_clear_pointer (&self->unsaved, g_ptr_array_unref);
  g_clear_object (&self->store);
  g_clear_object (&self->versions);
  g_clear_object (&self->quiz);
  g_clear_object (&self->context);

  G_OBJECT_CLASS (imtehan_session_parent_class)->dispose (object);
}

static void
imtehan_session_finalize (GObject *object)
{
  ImtehanSession *self = (ImtehanSession *)object;

  g_clear_error (&self->save_error);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->learner, g_free);
  g_clear_pointer (&self->roll_number, g_free);

  G_OBJECT_CLASS (imtehan_session_parent_class)->finalize (object);
}

static void
imtehan_session_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ImtehanSession *self = IMTEHAN_SESSION (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, self->context);
      break;
    case PROP_QUIZ:
      g_value_set_object (value, self->quiz);
      break;
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;
    case PROP_ATTEMPT:
      g_value_set_object (value, self->attempt);
      break;
    case PROP_IN_PROGRESS:
      g_value_set_boolean (value, self->in_progress);
      break;
    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;
    case PROP_CAN_RESUME:
      g_value_set_boolean (value, self->can_resume);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    case PROP_SAVE_ERROR:
      g_value_set_boxed (value, self->save_error);
      break;
    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;
    case PROP_TIME_LIMIT:
      g_value_set_uint (value, self->time_limit);
      break;
    case PROP_ATTEMPTS_ALLOWED:
      g_value_set_uint (value, self->attempts_allowed);
      break;
    case PROP_LEARNER:
      g_value_set_string (value, imtehan_session_get_learner (self));
      break;
    case PROP_ROLL_NUMBER:
      g_value_set_string (value, imtehan_session_get_roll_number (self));
      break;
    case PROP_DEADLINE:
      g_value_set_boxed (value, get_deadline (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_session_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  ImtehanSession *self = IMTEHAN_SESSION (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      self->context = g_value_dup_object (value);
      break;
    case PROP_QUIZ:
      self->quiz = g_value_dup_object (value);
      break;
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;
    case PROP_MODE:
      imtehan_session_set_mode (self, g_value_get_enum (value));
      break;
    case PROP_TIME_LIMIT:
      imtehan_session_set_time_limit (self, g_value_get_uint (value));
      break;
    case PROP_ATTEMPTS_ALLOWED:
      imtehan_session_set_attempts_allowed (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
learner_changed_cb (ImtehanSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEARNER]);
}

static void
roll_number_changed_cb (ImtehanSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROLL_NUMBER]);
}

/* With a context, the store and the versions are the context's unless given. */
static void
imtehan_session_constructed (GObject *object)
{
  ImtehanSession *self = (ImtehanSession *)object;

  G_OBJECT_CLASS (imtehan_session_parent_class)->constructed (object);

  if (self->context == NULL)
    return;
  if (self->store == NULL)
    self->store = g_object_ref (imtehan_context_get_store (self->context));
  imtehan_session_set_versions (self, imtehan_context_get_versions (self->context));
  g_signal_connect_object (self->context, "notify::learner", G_CALLBACK (learner_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->context, "notify::roll-number",
                           G_CALLBACK (roll_number_changed_cb), self, G_CONNECT_SWAPPED);
}

static void
imtehan_session_class_init (ImtehanSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = imtehan_session_constructed;
  object_class->dispose = imtehan_session_dispose;
  object_class->finalize = imtehan_session_finalize;
  object_class->get_property = imtehan_session_get_property;
  object_class->set_property = imtehan_session_set_property;

  /* This run's: its learner takes the attempts, its store keeps them. */
  properties[PROP_CONTEXT] =
    g_param_spec_object ("context", NULL, NULL, IMTEHAN_TYPE_CONTEXT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_QUIZ] =
    g_param_spec_object ("quiz", NULL, NULL, IMTEHAN_TYPE_QUIZ,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, IMTEHAN_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ATTEMPT] =
    g_param_spec_object ("attempt", NULL, NULL, IMTEHAN_TYPE_ATTEMPT,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_IN_PROGRESS] =
    g_param_spec_boolean ("in-progress", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_RESUME] =
    g_param_spec_boolean ("can-resume", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SAVE_ERROR] =
    g_param_spec_boxed ("save-error", NULL, NULL, G_TYPE_ERROR,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Read when an attempt starts: changing them leaves the attempt in progress as it is. */
  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL, IMTEHAN_TYPE_MODE, IMTEHAN_MODE_EXAM,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TIME_LIMIT] =
    g_param_spec_uint ("time-limit", NULL, NULL, 0, G_MAXINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ATTEMPTS_ALLOWED] =
    g_param_spec_uint ("attempts-allowed", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LEARNER] =
    g_param_spec_string ("learner", NULL, NULL, "",
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROLL_NUMBER] =
    g_param_spec_string ("roll-number", NULL, NULL, "",
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Of the attempt in progress; NULL without a time limit or an attempt in progress. */
  properties[PROP_DEADLINE] =
    g_param_spec_boxed ("deadline", NULL, NULL, G_TYPE_DATE_TIME,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ImtehanSession::time-up:
   * @attempt: the attempt, now finished with %IMTEHAN_FINISH_REASON_TIME_UP and saved
   *
   * The time limit of the attempt in progress ran out, or had run out when it was resumed:
   * what was answered has been submitted. The window shows the results and says why.
   */
  signals[TIME_UP] =
    g_signal_new ("time-up", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, IMTEHAN_TYPE_ATTEMPT);

  /**
   * ImtehanSession::history-loaded:
   *
   * A listing of the results folder has been read into the history (changed or not).
   */
  signals[HISTORY_LOADED] =
    g_signal_new ("history-loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * ImtehanSession::notice:
   * @message: a sentence for the learner
   *
   * Something the learner should be told that no request of theirs asked about: results
   * files set aside, a folder that cannot be read, answers saved again after a failure.
   */
  signals[NOTICE] =
    g_signal_new ("notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
imtehan_session_init (ImtehanSession *self)
{
  self->cancellable = g_cancellable_new ();
  self->unsaved = g_ptr_array_new_with_free_func (g_object_unref);
  self->history = g_list_store_new (IMTEHAN_TYPE_ATTEMPT_SUMMARY);
  self->folder = g_list_store_new (IMTEHAN_TYPE_ATTEMPT_SUMMARY);
  self->attempt_signals = g_signal_group_new (IMTEHAN_TYPE_ATTEMPT);
  g_signal_group_connect_object (self->attempt_signals, "notify::current",
                                 G_CALLBACK (attempt_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->attempt_signals, "answer-changed",
                                 G_CALLBACK (attempt_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->attempt_signals, "answer-checked",
                                 G_CALLBACK (attempt_changed_cb), self, G_CONNECT_SWAPPED);
  self->learner = g_strdup ("");
  self->roll_number = g_strdup ("");
}

/* --- Public API ---------------------------------------------------------------------------- */

ImtehanSession *
imtehan_session_new (ImtehanQuiz  *quiz,
                     ImtehanStore *store)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (quiz), NULL);
  g_return_val_if_fail (IMTEHAN_IS_STORE (store), NULL);

  return g_object_new (IMTEHAN_TYPE_SESSION, "quiz", quiz, "store", store, NULL);
}

/**
 * imtehan_session_new_for_context:
 *
 * A session of @context's run: its attempts are saved in the context's store, taken by the
 * context's learner, and read against the context's kept versions of @quiz.
 */
ImtehanSession *
imtehan_session_new_for_context (ImtehanContext *context,
                                 ImtehanQuiz    *quiz)
{
  g_return_val_if_fail (IMTEHAN_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (quiz), NULL);

  return g_object_new (IMTEHAN_TYPE_SESSION, "context", context, "quiz", quiz, NULL);
}

typedef struct
{
  ImtehanQuizVersions *versions;
  ImtehanQuiz         *quiz;  /* its own reference: the session may be disposed meanwhile */
} KeepData;

static void
keep_data_free (KeepData *data)
{
  g_object_unref (data->versions);
  g_object_unref (data->quiz);
  g_free (data);
}

static void
keep_version_thread (GTask        *task,
                     gpointer      source_object,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  KeepData *data = task_data;
  ImtehanQuizVersions *versions = data->versions;
  ImtehanQuiz *quiz = data->quiz;
  g_autoptr(GError) error = NULL;

  /* The attempts are saved whatever happens here; only reading them after the quiz changed
   * would need the copy. */
  if (!imtehan_quiz_versions_keep (versions, quiz, &error))
    g_message ("Could not keep version %u of the quiz “%s”: %s",
               imtehan_quiz_get_version (quiz), imtehan_quiz_get_id (quiz), error->message);
  g_task_return_boolean (task, TRUE);
}

/**
 * imtehan_session_set_versions:
 * @versions: (nullable): where the quiz's versions are kept
 *
 * Keeps the session's quiz among @versions (on a worker, before any attempt can be saved),
 * and opens the history's attempts of earlier versions against their own.
 */
void
imtehan_session_set_versions (ImtehanSession      *self,
                              ImtehanQuizVersions *versions)
{
  g_autoptr(GTask) task = NULL;
  KeepData *data;

  g_return_if_fail (IMTEHAN_IS_SESSION (self));
  g_return_if_fail (versions == NULL || IMTEHAN_IS_QUIZ_VERSIONS (versions));

  if (!g_set_object (&self->versions, versions) || versions == NULL)
    return;
  task = g_task_new (self, NULL, NULL, NULL);
  g_task_set_source_tag (task, imtehan_session_set_versions);
  data = g_new0 (KeepData, 1);
  data->versions = g_object_ref (versions);
  data->quiz = g_object_ref (self->quiz);
  g_task_set_task_data (task, data, (GDestroyNotify)keep_data_free);
  g_task_run_in_thread (task, keep_version_thread);
}

ImtehanQuiz *
imtehan_session_get_quiz (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  return self->quiz;
}

ImtehanStore *
imtehan_session_get_store (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  return self->store;
}

/**
 * imtehan_session_get_attempt:
 *
 * Returns: (nullable) (transfer none): the attempt in progress, or the one just submitted
 */
ImtehanAttempt *
imtehan_session_get_attempt (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  return self->attempt;
}

gboolean
imtehan_session_get_in_progress (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), FALSE);
  return self->in_progress;
}

/**
 * imtehan_session_start:
 * @language: the language the quiz is shown in
 *
 * Begins a new attempt and saves it, with the session's learner, roll number, mode and time
 * limit (its deadline is fixed now). An unfinished one before it stays in its file and in the
 * history, and can still be resumed.
 *
 * Returns: (transfer none): the new attempt
 */
ImtehanAttempt *
imtehan_session_start (ImtehanSession *self,
                       const char     *language)
{
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autofree char *learner = NULL;
  g_autofree char *roll_number = NULL;

  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);

  learner = g_strstrip (g_strdup (imtehan_session_get_learner (self)));
  roll_number = g_strstrip (g_strdup (imtehan_session_get_roll_number (self)));
  attempt = imtehan_attempt_new (self->quiz, 0);
  imtehan_attempt_set_language (attempt, language);
  imtehan_attempt_set_learner (attempt, learner);
  imtehan_attempt_set_roll_number (attempt, roll_number);
  imtehan_attempt_set_mode (attempt, self->mode);
  imtehan_attempt_set_time_limit (attempt, self->time_limit);
  set_attempt (self, attempt);
  save (self, attempt);
  return self->attempt;
}

/* The language is saved with the attempt in progress: a resumed attempt and a teacher's
 * report know which one the learner read. */
void
imtehan_session_set_language (ImtehanSession *self,
                              const char     *language)
{
  g_return_if_fail (IMTEHAN_IS_SESSION (self));

  if (!self->in_progress)
    return;
  imtehan_attempt_set_language (self->attempt, language);
  save (self, self->attempt);
}

/* Finishes the attempt in progress, saves it, and lists the history again after that save
 * (the store writes in order). */
void
imtehan_session_submit (ImtehanSession *self,
                        const char     *language)
{
  g_return_if_fail (IMTEHAN_IS_SESSION (self));

  if (!self->in_progress)
    return;
  imtehan_attempt_set_language (self->attempt, language);
  imtehan_attempt_finish_with_reason (self->attempt, IMTEHAN_FINISH_REASON_SUBMITTED);
  save (self, self->attempt);
  update_state (self);
  imtehan_session_reload_history (self);
}

/**
 * imtehan_session_get_history:
 *
 * Returns: (transfer none): the quiz's attempts in the results folder, as
 *   #ImtehanAttemptSummary, newest first, as of the last listing
 */
GListModel *
imtehan_session_get_history (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  return G_LIST_MODEL (self->history);
}

/**
 * imtehan_session_get_folder:
 *
 * Every attempt of the results folder as last listed, of any quiz, newest first: the
 * library's best and last scores. The session's listing fills it with the history.
 *
 * Returns: (transfer none): a #GListModel of #ImtehanAttemptSummary
 */
GListModel *
imtehan_session_get_folder (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  return G_LIST_MODEL (self->folder);
}

/* Lists the results folder on the store's worker; the history follows when it is read. */
void
imtehan_session_reload_history (ImtehanSession *self)
{
  g_return_if_fail (IMTEHAN_IS_SESSION (self));

  imtehan_store_list_async (self->store, self->cancellable, history_cb, g_object_ref (self));
}

/* Whether an attempt can be resumed: the one in progress, or an unfinished one of the history
 * that no other instance or PC has open. */
gboolean
imtehan_session_get_can_resume (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), FALSE);
  return self->can_resume;
}

/**
 * imtehan_session_get_record:
 * @best: (out) (optional): the best score of a finished attempt
 * @best_total: (out) (optional): its number of questions
 * @last: (out) (optional): the score of the newest finished attempt
 * @last_total: (out) (optional): its number of questions
 *
 * The best is the highest share of right answers, the first (newest) of equals.
 *
 * Returns: whether the history has a finished attempt; the scores are 0 otherwise
 */
gboolean
imtehan_session_get_record (ImtehanSession *self,
                            guint          *best,
                            guint          *best_total,
                            guint          *last,
                            guint          *last_total)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), FALSE);

  return imtehan_attempt_summaries_get_record (G_LIST_MODEL (self->history), NULL, best,
                                               best_total, last, last_total);
}

/* Whether an attempt is being locked and loaded to be resumed or opened. */
gboolean
imtehan_session_get_busy (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), FALSE);
  return self->busy;
}

/**
 * imtehan_session_resume_async:
 * @language: the language the quiz is shown in now
 *
 * Goes on with the attempt in progress, or locks and loads the newest unfinished one of the
 * history that no one else has open. Fails with %G_IO_ERROR_PENDING while another is being
 * loaded, %G_IO_ERROR_NOT_FOUND when there is none, %G_IO_ERROR_BUSY when another process
 * took it since the listing, or with why its file cannot be read.
 */
void
imtehan_session_resume_async (ImtehanSession      *self,
                              const char          *language,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(ImtehanAttemptSummary) summary = NULL;
  ClaimData *data;

  g_return_if_fail (IMTEHAN_IS_SESSION (self));

  task = g_task_new (self, self->cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_session_resume_async);
  if (self->busy)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                               "Another attempt is being opened");
      return;
    }
  if (self->in_progress)
    {
      if (language != NULL)
        imtehan_attempt_set_language (self->attempt, language);
      g_task_return_pointer (task, g_object_ref (self->attempt), g_object_unref);
      return;
    }
  summary = find_resumable (self);
  if (summary == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _("There is no unfinished attempt"));
      return;
    }
  data = g_new0 (ClaimData, 1);
  data->language = g_strdup (language);
  data->resume = TRUE;
  g_task_set_task_data (task, data, (GDestroyNotify)claim_data_free);
  claim (self, summary, g_steal_pointer (&task));
}

/**
 * imtehan_session_resume_finish:
 *
 * Returns: (transfer full): the attempt, now in progress
 */
ImtehanAttempt *
imtehan_session_resume_finish (ImtehanSession  *self,
                               GAsyncResult    *result,
                               GError         **error)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * imtehan_session_open_async:
 * @attempt_id: the id of an attempt of the history
 *
 * Opens an attempt of the history: an unfinished one becomes the attempt in progress (locked
 * first, so that no one else writes it), a finished one is only loaded, to be shown. The
 * attempt in memory is the one opened when it has that id: its file may be behind it. Fails
 * as imtehan_session_resume_async() does.
 */
void
imtehan_session_open_async (ImtehanSession      *self,
                            const char          *attempt_id,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  guint n;

  g_return_if_fail (IMTEHAN_IS_SESSION (self));
  g_return_if_fail (attempt_id != NULL);

  task = g_task_new (self, self->cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_session_open_async);
  if (self->busy)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                               "Another attempt is being opened");
      return;
    }
  if (self->attempt != NULL && g_str_equal (imtehan_attempt_get_id (self->attempt), attempt_id))
    {
      g_task_return_pointer (task, g_object_ref (self->attempt), g_object_unref);
      return;
    }

  n = g_list_model_get_n_items (G_LIST_MODEL (self->history));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ImtehanAttemptSummary) summary = g_list_model_get_item (G_LIST_MODEL (self->history), i);

      if (!g_str_equal (imtehan_attempt_summary_get_id (summary), attempt_id))
        continue;
      /* Only a finished attempt is shown against its own version: one left unfinished on
       * other questions can no longer be finished. */
      if (of_other_version (self, summary) && !imtehan_attempt_summary_get_finished (summary))
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                 _("It was begun on version %u of this quiz, whose questions "
                                   "have changed since, and can no longer be finished; its "
                                   "file is kept"),
                                 imtehan_attempt_summary_get_quiz_version (summary));
      else if (self->versions != NULL && imtehan_attempt_summary_get_finished (summary) &&
               of_other_content (self, summary))
        open_earlier (self, summary, g_steal_pointer (&task));
      else if (of_other_version (self, summary))
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                 _("It was taken on version %u of this quiz, whose questions "
                                   "have changed since; its file is kept"),
                                 imtehan_attempt_summary_get_quiz_version (summary));
      else
        {
          g_task_set_task_data (task, g_new0 (ClaimData, 1), (GDestroyNotify)claim_data_free);
          claim (self, summary, g_steal_pointer (&task));
        }
      return;
    }
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("It is no longer in the results folder"));
}

/**
 * imtehan_session_open_finish:
 *
 * Returns: (transfer full): the attempt; in progress if it is unfinished
 */
ImtehanAttempt *
imtehan_session_open_finish (ImtehanSession  *self,
                             GAsyncResult    *result,
                             GError         **error)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * imtehan_session_get_save_error:
 *
 * Returns: (nullable): why the last save failed, while an attempt is not on disk
 */
const GError *
imtehan_session_get_save_error (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  return self->save_error;
}

/* The attempts whose answers exist only in memory: closing now would lose them. */
guint
imtehan_session_get_n_unsaved (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), 0);
  return self->unsaved != NULL ? self->unsaved->len : 0;
}

void
imtehan_session_retry_saves (ImtehanSession *self)
{
  g_return_if_fail (IMTEHAN_IS_SESSION (self));

  for (guint i = 0; i < self->unsaved->len; i++)
    save (self, g_ptr_array_index (self->unsaved, i));
}

ImtehanMode
imtehan_session_get_mode (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), IMTEHAN_MODE_EXAM);
  return self->mode;
}

/* The mode of attempts started from now on; the one in progress keeps its own. */
void
imtehan_session_set_mode (ImtehanSession *self,
                          ImtehanMode     mode)
{
  g_return_if_fail (IMTEHAN_IS_SESSION (self));
  g_return_if_fail (mode == IMTEHAN_MODE_EXAM || mode == IMTEHAN_MODE_PRACTICE);

  if (self->mode == mode)
    return;
  self->mode = mode;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
}

guint
imtehan_session_get_time_limit (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), 0);
  return self->time_limit;
}

/**
 * imtehan_session_set_time_limit:
 * @seconds: the time allowed for attempts started from now on, or 0 for none
 */
void
imtehan_session_set_time_limit (ImtehanSession *self,
                                guint           seconds)
{
  g_return_if_fail (IMTEHAN_IS_SESSION (self));
  g_return_if_fail (seconds <= G_MAXINT);

  if (self->time_limit == seconds)
    return;
  self->time_limit = seconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_LIMIT]);
}

/* Who takes the attempts started from now on: the context's learner (as typed), else the
 * one set on the session (trimmed). Never %NULL. */
const char *
imtehan_session_get_learner (ImtehanSession *self)
{
  const char *learner;

  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  if (self->context == NULL)
    return self->learner;
  learner = imtehan_context_get_learner (self->context);
  return learner ? learner : "";
}

const char *
imtehan_session_get_roll_number (ImtehanSession *self)
{
  const char *roll_number;

  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  if (self->context == NULL)
    return self->roll_number;
  roll_number = imtehan_context_get_roll_number (self->context);
  return roll_number ? roll_number : "";
}

/**
 * imtehan_session_set_learner:
 * @name: (nullable): the learner's name
 * @roll_number: (nullable): their roll number, or %NULL for none
 *
 * Who takes the attempts started from now on, for a session without a context (a session
 * of a context has the context's learner: imtehan_context_set_learner()). Both are trimmed.
 * An empty name is allowed here: whether a name is required is the lab's setting, which the
 * window checks with imtehan_session_learner_is_valid().
 */
void
imtehan_session_set_learner (ImtehanSession *self,
                             const char     *name,
                             const char     *roll_number)
{
  g_autofree char *trimmed_name = NULL;
  g_autofree char *trimmed_roll = NULL;

  g_return_if_fail (IMTEHAN_IS_SESSION (self));
  g_return_if_fail (self->context == NULL);

  trimmed_name = g_strstrip (g_strdup (name ? name : ""));
  trimmed_roll = g_strstrip (g_strdup (roll_number ? roll_number : ""));
  if (imtehan_set_str (&self->learner, trimmed_name))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEARNER]);
  if (imtehan_set_str (&self->roll_number, trimmed_roll))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROLL_NUMBER]);
}

/* Whether @name is a name at all: something is left after trimming white space (Unicode's,
 * not only ASCII's: a no-break space or an Urdu text's stray RLM is no name). */
gboolean
imtehan_session_learner_is_valid (const char *name)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!g_unichar_isspace (c) && g_unichar_type (c) != G_UNICODE_FORMAT &&
          g_unichar_type (c) != G_UNICODE_SPACE_SEPARATOR && g_unichar_type (c) != G_UNICODE_CONTROL)
        return TRUE;
    }
  return FALSE;
}

/**
 * imtehan_session_check:
 * @index: a question of the attempt in progress
 *
 * In a practice attempt, checks the answer of question @index and locks it (see
 * imtehan_attempt_check()); the attempt is saved, as after every answer.
 *
 * Returns: whether the answer is now checked
 */
gboolean
imtehan_session_check (ImtehanSession *self,
                       guint           index)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), FALSE);

  if (!self->in_progress)
    return FALSE;
  g_return_val_if_fail (index < imtehan_attempt_get_n_questions (self->attempt), FALSE);
  return imtehan_attempt_check (self->attempt, index);
}

/**
 * imtehan_session_get_deadline:
 *
 * Returns: (nullable) (transfer none): when the attempt in progress will be submitted by
 *   itself; %NULL without a time limit or an attempt in progress
 */
GDateTime *
imtehan_session_get_deadline (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), NULL);
  return get_deadline (self);
}

/**
 * imtehan_session_get_remaining_seconds:
 *
 * For the countdown: whole seconds left until the deadline, rounded up (so 0 only once it is
 * reached), or -1 when there is no deadline.
 */
gint64
imtehan_session_get_remaining_seconds (ImtehanSession *self)
{
  GDateTime *deadline;
  gint64 left;

  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), -1);

  if ((deadline = get_deadline (self)) == NULL)
    return -1;
  left = usec_left (deadline);
  return left <= 0 ? 0 : (left + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC;
}

/**
 * imtehan_session_count_attempts:
 * @learner: a learner's name, as typed
 *
 * The attempts of this quiz under @learner in the results folder as last listed (finished or
 * not, exam or practice), plus the one in progress if the listing does not have it yet; names
 * are the same after trimming and case folding (imtehan_attempt_summary_is_by_learner()). For
 * the lab's "attempts allowed", which is a soft check: anyone can type another name.
 */
guint
imtehan_session_count_attempts (ImtehanSession *self,
                                const char     *learner)
{
  g_autofree char *key = NULL;
  GListModel *history;
  gboolean has_current = FALSE;
  guint n, count = 0;

  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), 0);
  g_return_val_if_fail (learner != NULL, 0);

  history = G_LIST_MODEL (self->history);
  n = g_list_model_get_n_items (history);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ImtehanAttemptSummary) summary = g_list_model_get_item (history, i);

      if (imtehan_attempt_summary_is_by_learner (summary, learner))
        count++;
      if (self->attempt != NULL &&
          g_str_equal (imtehan_attempt_summary_get_id (summary),
                       imtehan_attempt_get_id (self->attempt)))
        has_current = TRUE;
    }

  key = imtehan_learner_key (learner);
  if (self->attempt != NULL && !has_current)
    {
      g_autofree char *current = imtehan_learner_key (imtehan_attempt_get_learner (self->attempt));

      if (g_str_equal (current, key))
        count++;
    }
  return count;
}

guint
imtehan_session_get_attempts_allowed (ImtehanSession *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), 0);
  return self->attempts_allowed;
}

/* The lab's attempts allowed per learner and quiz, 0 for no limit: read at every Start. */
void
imtehan_session_set_attempts_allowed (ImtehanSession *self,
                                      guint           allowed)
{
  g_return_if_fail (IMTEHAN_IS_SESSION (self));

  if (self->attempts_allowed == allowed)
    return;
  self->attempts_allowed = allowed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ATTEMPTS_ALLOWED]);
}

/**
 * imtehan_session_get_attempts_left:
 * @learner: (nullable): a learner's name, as typed; %NULL for the session's learner
 *
 * How many more attempts @learner may start under #ImtehanSession:attempts-allowed, counted
 * by imtehan_session_count_attempts(): a soft rule, as anyone can type another name.
 *
 * Returns: the attempts left, or %G_MAXUINT when there is no limit
 */
guint
imtehan_session_get_attempts_left (ImtehanSession *self,
                                   const char     *learner)
{
  guint used;

  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), 0);

  if (self->attempts_allowed == 0)
    return G_MAXUINT;
  used = imtehan_session_count_attempts (self, learner ? learner : imtehan_session_get_learner (self));
  return used < self->attempts_allowed ? self->attempts_allowed - used : 0;
}

/* Whether @learner (%NULL: the session's) may start another attempt now. */
gboolean
imtehan_session_may_start (ImtehanSession *self,
                           const char     *learner)
{
  g_return_val_if_fail (IMTEHAN_IS_SESSION (self), FALSE);
  return imtehan_session_get_attempts_left (self, learner) > 0;
}
