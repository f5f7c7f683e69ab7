/* imtehan-session.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One learner's work on one quiz: the attempt in progress, its start and its submission. The
 * window and its pages show this and change it; they hold none of it, so a rebuilt page
 * loses nothing. Saving, the deadline, the history, claiming an attempt and the lab's rules
 * are in imtehan-session-*.c.
 */

#define G_LOG_DOMAIN "imtehan-session"

#include "config.h"

#include "imtehan-context.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "imtehan-session-private.h"
#include "imtehan-store.h"
#include "imtehan-text.h"

G_DEFINE_FINAL_TYPE (ImtehanSession, imtehan_session, G_TYPE_OBJECT)

GParamSpec *_imtehan_session_properties[N_PROPS];

guint _imtehan_session_signals[N_SIGNALS];

/* The derived properties, notified when they change. */
void
_imtehan_session_update_state (ImtehanSession *self)
{
  gboolean in_progress = self->attempt != NULL && !imtehan_attempt_get_finished (self->attempt);
  g_autoptr(ImtehanAttemptSummary) resumable = in_progress ? NULL : _imtehan_session_find_resumable (self);
  gboolean can_resume = in_progress || resumable != NULL;

  if (in_progress != self->in_progress)
    {
      self->in_progress = in_progress;
      g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_IN_PROGRESS]);
      g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_DEADLINE]);
    }
  if (can_resume != self->can_resume)
    {
      self->can_resume = can_resume;
      g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_CAN_RESUME]);
    }
  _imtehan_session_update_deadline (self);
}

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
      g_value_set_boxed (value, _imtehan_session_get_deadline (self));
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
  g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_LEARNER]);
}

static void
roll_number_changed_cb (ImtehanSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_ROLL_NUMBER]);
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
  _imtehan_session_properties[PROP_CONTEXT] =
    g_param_spec_object ("context", NULL, NULL, IMTEHAN_TYPE_CONTEXT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  _imtehan_session_properties[PROP_QUIZ] =
    g_param_spec_object ("quiz", NULL, NULL, IMTEHAN_TYPE_QUIZ,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  _imtehan_session_properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, IMTEHAN_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  _imtehan_session_properties[PROP_ATTEMPT] =
    g_param_spec_object ("attempt", NULL, NULL, IMTEHAN_TYPE_ATTEMPT,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _imtehan_session_properties[PROP_IN_PROGRESS] =
    g_param_spec_boolean ("in-progress", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _imtehan_session_properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  _imtehan_session_properties[PROP_CAN_RESUME] =
    g_param_spec_boolean ("can-resume", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _imtehan_session_properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _imtehan_session_properties[PROP_SAVE_ERROR] =
    g_param_spec_boxed ("save-error", NULL, NULL, G_TYPE_ERROR,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Read when an attempt starts: changing them leaves the attempt in progress as it is. */
  _imtehan_session_properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL, IMTEHAN_TYPE_MODE, IMTEHAN_MODE_EXAM,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _imtehan_session_properties[PROP_TIME_LIMIT] =
    g_param_spec_uint ("time-limit", NULL, NULL, 0, G_MAXINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _imtehan_session_properties[PROP_ATTEMPTS_ALLOWED] =
    g_param_spec_uint ("attempts-allowed", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _imtehan_session_properties[PROP_LEARNER] =
    g_param_spec_string ("learner", NULL, NULL, "",
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _imtehan_session_properties[PROP_ROLL_NUMBER] =
    g_param_spec_string ("roll-number", NULL, NULL, "",
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Of the attempt in progress; NULL without a time limit or an attempt in progress. */
  _imtehan_session_properties[PROP_DEADLINE] =
    g_param_spec_boxed ("deadline", NULL, NULL, G_TYPE_DATE_TIME,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, _imtehan_session_properties);

  /**
   * ImtehanSession::time-up:
   * @attempt: the attempt, now finished with %IMTEHAN_FINISH_REASON_TIME_UP and saved
   *
   * The time limit of the attempt in progress ran out, or had run out when it was resumed:
   * what was answered has been submitted. The window shows the results and says why.
   */
  _imtehan_session_signals[TIME_UP] =
    g_signal_new ("time-up", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, IMTEHAN_TYPE_ATTEMPT);

  /**
   * ImtehanSession::time-running-out:
   *
   * The time limit of the attempt in progress has run out, and what was answered is about
   * to be submitted (::time-up follows): an answer still being typed is given now.
   */
  _imtehan_session_signals[TIME_RUNNING_OUT] =
    g_signal_new ("time-running-out", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * ImtehanSession::history-loaded:
   *
   * A listing of the results folder has been read into the history (changed or not).
   */
  _imtehan_session_signals[HISTORY_LOADED] =
    g_signal_new ("history-loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * ImtehanSession::notice:
   * @message: a sentence for the learner
   *
   * Something the learner should be told that no request of theirs asked about: results
   * files set aside, a folder that cannot be read, answers saved again after a failure.
   */
  _imtehan_session_signals[NOTICE] =
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
                                 G_CALLBACK (_imtehan_session_attempt_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->attempt_signals, "answer-changed",
                                 G_CALLBACK (_imtehan_session_attempt_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->attempt_signals, "answer-checked",
                                 G_CALLBACK (_imtehan_session_attempt_changed_cb), self, G_CONNECT_SWAPPED);
  self->learner = g_strdup ("");
  self->roll_number = g_strdup ("");
}

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
  _imtehan_session_set_attempt (self, attempt);
  _imtehan_session_save (self, attempt);
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
  _imtehan_session_save (self, self->attempt);
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
  _imtehan_session_save (self, self->attempt);
  _imtehan_session_update_state (self);
  imtehan_session_reload_history (self);
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
  g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_MODE]);
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
    g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_LEARNER]);
  if (imtehan_set_str (&self->roll_number, trimmed_roll))
    g_object_notify_by_pspec (G_OBJECT (self), _imtehan_session_properties[PROP_ROLL_NUMBER]);
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


