/* imtehan-attempt.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-attempt"

#include "config.h"

#include "imtehan-intl-private.h"
#include <string.h>

#include "imtehan-attempt.h"
#include "imtehan-attempt-private.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-quiz.h"
#include "imtehan-text.h"

#define ATTEMPT_GROUP "Attempt"
#define QUESTION_PREFIX "Question "

typedef struct
{
  char **order;  /* choice ids in the order shown */
  char  *answer; /* chosen choice id, or NULL */
  gboolean checked; /* practice: checked, so the answer is locked */
} Slot;

struct _ImtehanAttempt
{
  GObject      parent_instance;

  ImtehanQuiz *quiz;
  char        *id;
  char        *quiz_digest;  /* of the quiz when the attempt began; NULL if not recorded */
  guint32      seed;
  GDateTime   *started;
  GDateTime   *finished_at;
  char        *language;
  char        *learner;
  char        *roll_number;
  char        *host;         /* the PC it was begun on; NULL if not recorded (Version 1) */
  ImtehanMode  mode;
  guint        time_limit;   /* seconds; 0: none */
  GDateTime   *deadline;     /* fixed when the time limit is set; NULL: none */
  ImtehanFinishReason finish_reason;
  Slot        *slots;
  guint        n_slots;
  guint        current;
  guint        n_answered;
};

G_DEFINE_FINAL_TYPE (ImtehanAttempt, imtehan_attempt, G_TYPE_OBJECT)

/* The nicks are what attempt files say (Mode=, FinishReason=): never change them. */
G_DEFINE_ENUM_TYPE (ImtehanMode, imtehan_mode,
                    G_DEFINE_ENUM_VALUE (IMTEHAN_MODE_EXAM, "exam"),
                    G_DEFINE_ENUM_VALUE (IMTEHAN_MODE_PRACTICE, "practice"))

G_DEFINE_ENUM_TYPE (ImtehanFinishReason, imtehan_finish_reason,
                    G_DEFINE_ENUM_VALUE (IMTEHAN_FINISH_REASON_NONE, "none"),
                    G_DEFINE_ENUM_VALUE (IMTEHAN_FINISH_REASON_SUBMITTED, "submitted"),
                    G_DEFINE_ENUM_VALUE (IMTEHAN_FINISH_REASON_TIME_UP, "time-up"))

enum {
  PROP_0,
  PROP_QUIZ,
  PROP_SEED,
  PROP_LANGUAGE,
  PROP_LEARNER,
  PROP_ROLL_NUMBER,
  PROP_HOST,
  PROP_MODE,
  PROP_TIME_LIMIT,
  PROP_DEADLINE,
  PROP_FINISH_REASON,
  PROP_CURRENT,
  PROP_N_ANSWERED,
  PROP_FINISHED,
  PROP_SCORE,
  N_PROPS
};

enum {
  ANSWER_CHANGED,
  ANSWER_CHECKED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
imtehan_attempt_dispose (GObject *object)
{
  ImtehanAttempt *self = (ImtehanAttempt *)object;

  g_clear_object (&self->quiz);

  G_OBJECT_CLASS (imtehan_attempt_parent_class)->dispose (object);
}

static void
imtehan_attempt_finalize (GObject *object)
{
  ImtehanAttempt *self = (ImtehanAttempt *)object;

  for (guint i = 0; i < self->n_slots; i++)
    {
      g_strfreev (self->slots[i].order);
      g_free (self->slots[i].answer);
    }
  g_clear_pointer (&self->slots, g_free);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->quiz_digest, g_free);
  g_clear_pointer (&self->started, g_date_time_unref);
  g_clear_pointer (&self->finished_at, g_date_time_unref);
  g_clear_pointer (&self->language, g_free);
  g_clear_pointer (&self->learner, g_free);
  g_clear_pointer (&self->roll_number, g_free);
  g_clear_pointer (&self->host, g_free);
  g_clear_pointer (&self->deadline, g_date_time_unref);

  G_OBJECT_CLASS (imtehan_attempt_parent_class)->finalize (object);
}

static void
imtehan_attempt_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ImtehanAttempt *self = IMTEHAN_ATTEMPT (object);

  switch (prop_id)
    {
    case PROP_QUIZ:
      g_value_set_object (value, self->quiz);
      break;
    case PROP_SEED:
      g_value_set_uint (value, self->seed);
      break;
    case PROP_LANGUAGE:
      g_value_set_string (value, self->language);
      break;
    case PROP_LEARNER:
      g_value_set_string (value, self->learner);
      break;
    case PROP_ROLL_NUMBER:
      g_value_set_string (value, self->roll_number);
      break;
    case PROP_HOST:
      g_value_set_string (value, self->host);
      break;
    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;
    case PROP_TIME_LIMIT:
      g_value_set_uint (value, self->time_limit);
      break;
    case PROP_DEADLINE:
      g_value_set_boxed (value, self->deadline);
      break;
    case PROP_FINISH_REASON:
      g_value_set_enum (value, self->finish_reason);
      break;
    case PROP_CURRENT:
      g_value_set_uint (value, self->current);
      break;
    case PROP_N_ANSWERED:
      g_value_set_uint (value, self->n_answered);
      break;
    case PROP_FINISHED:
      g_value_set_boolean (value, imtehan_attempt_get_finished (self));
      break;
    case PROP_SCORE:
      g_value_set_uint (value, imtehan_attempt_get_score (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_attempt_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  ImtehanAttempt *self = IMTEHAN_ATTEMPT (object);

  switch (prop_id)
    {
    case PROP_QUIZ:
      self->quiz = g_value_dup_object (value);
      break;
    case PROP_SEED:
      self->seed = g_value_get_uint (value);
      break;
    case PROP_LANGUAGE:
      imtehan_attempt_set_language (self, g_value_get_string (value));
      break;
    case PROP_LEARNER:
      imtehan_attempt_set_learner (self, g_value_get_string (value));
      break;
    case PROP_ROLL_NUMBER:
      imtehan_attempt_set_roll_number (self, g_value_get_string (value));
      break;
    case PROP_CURRENT:
      imtehan_attempt_set_current (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
 * 2014): one 64-bit state, well mixed even from neighbouring seeds. A GRand seeded with an
 * array builds a 624-word Mersenne Twister state for each question, for the three numbers a
 * shuffle of four choices takes. */
static guint64
splitmix64_next (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* A Fisher–Yates shuffle from a generator seeded with (seed, question index): the same seed
 * always gives the same order, and each question is shuffled independently. The order is
 * also written to the attempt file, so a resumed attempt never depends on the generator
 * staying the same across versions. (The remainder's bias is below n / 2^64.) */
static char **
shuffled_order (ImtehanQuestion *question,
                guint32          seed,
                guint            index)
{
  guint n = imtehan_question_get_n_choices (question);
  guint64 state = ((guint64) seed << 32) | index;
  char **order = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    order[i] = g_strdup (imtehan_question_get_choice_id (question, i));
  for (guint i = n - 1; i > 0; i--)
    {
      guint j = splitmix64_next (&state) % (i + 1);
      char *tmp = order[i];

      order[i] = order[j];
      order[j] = tmp;
    }
  return order;
}

static void
imtehan_attempt_constructed (GObject *object)
{
  ImtehanAttempt *self = (ImtehanAttempt *)object;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = NULL;

  G_OBJECT_CLASS (imtehan_attempt_parent_class)->constructed (object);

  g_assert (IMTEHAN_IS_QUIZ (self->quiz));

  if (self->seed == 0)
    self->seed = g_random_int_range (1, G_MAXINT32);

  /* Second precision: the file name and the saved times agree exactly. */
  self->started = g_date_time_new_utc (g_date_time_get_year (now),
                                       g_date_time_get_month (now),
                                       g_date_time_get_day_of_month (now),
                                       g_date_time_get_hour (now),
                                       g_date_time_get_minute (now),
                                       g_date_time_get_second (now));
  /* No colons: the folder may be on a FAT or SMB share in a lab. */
  stamp = g_date_time_format (self->started, "%Y%m%dT%H%M%SZ");
  /* 64 random bits: a lab's PCs write into one folder, often cloned from one image (same
   * host name), and an id names the file; 32 bits left a 1 in 10 million chance per second
   * for 30 PCs starting together. */
  self->id = g_strdup_printf ("%s-%08x%08x", stamp, g_random_int (), g_random_int ());
  self->quiz_digest = g_strdup (imtehan_quiz_get_digest (self->quiz));
  /* A lab's report says which PC an attempt was taken on (issue 16). */
  self->host = g_strdup (g_get_host_name ());

  self->n_slots = imtehan_quiz_get_n_questions (self->quiz);
  self->slots = g_new0 (Slot, self->n_slots);
  for (guint i = 0; i < self->n_slots; i++)
    self->slots[i].order = shuffled_order (imtehan_quiz_get_question (self->quiz, i),
                                           self->seed, i);
}

static void
imtehan_attempt_class_init (ImtehanAttemptClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = imtehan_attempt_constructed;
  object_class->dispose = imtehan_attempt_dispose;
  object_class->finalize = imtehan_attempt_finalize;
  object_class->get_property = imtehan_attempt_get_property;
  object_class->set_property = imtehan_attempt_set_property;

  properties[PROP_QUIZ] =
    g_param_spec_object ("quiz", NULL, NULL, IMTEHAN_TYPE_QUIZ,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SEED] =
    g_param_spec_uint ("seed", NULL, NULL, 0, G_MAXUINT32, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LANGUAGE] =
    g_param_spec_string ("language", NULL, NULL, "en",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LEARNER] =
    g_param_spec_string ("learner", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROLL_NUMBER] =
    g_param_spec_string ("roll-number", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HOST] =
    g_param_spec_string ("host", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL, IMTEHAN_TYPE_MODE, IMTEHAN_MODE_EXAM,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TIME_LIMIT] =
    g_param_spec_uint ("time-limit", NULL, NULL, 0, G_MAXINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DEADLINE] =
    g_param_spec_boxed ("deadline", NULL, NULL, G_TYPE_DATE_TIME,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FINISH_REASON] =
    g_param_spec_enum ("finish-reason", NULL, NULL, IMTEHAN_TYPE_FINISH_REASON,
                       IMTEHAN_FINISH_REASON_NONE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT] =
    g_param_spec_uint ("current", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_ANSWERED] =
    g_param_spec_uint ("n-answered", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FINISHED] =
    g_param_spec_boolean ("finished", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SCORE] =
    g_param_spec_uint ("score", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ImtehanAttempt::answer-changed:
   * @index: the question whose answer changed
   */
  signals[ANSWER_CHANGED] =
    g_signal_new ("answer-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * ImtehanAttempt::answer-checked:
   * @index: the question whose answer was checked, and is now locked (practice)
   */
  signals[ANSWER_CHECKED] =
    g_signal_new ("answer-checked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
imtehan_attempt_init (ImtehanAttempt *self)
{
  self->language = g_strdup ("en");
  self->learner = g_strdup ("");
  self->roll_number = g_strdup ("");
  self->mode = IMTEHAN_MODE_EXAM;
}

/**
 * imtehan_attempt_new:
 * @seed: the seed of the choice order, or 0 for a random one
 */
ImtehanAttempt *
imtehan_attempt_new (ImtehanQuiz *quiz,
                     guint32      seed)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (quiz), NULL);

  return g_object_new (IMTEHAN_TYPE_ATTEMPT, "quiz", quiz, "seed", seed, NULL);
}

ImtehanQuiz *
imtehan_attempt_get_quiz (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);
  return self->quiz;
}

const char *
imtehan_attempt_get_id (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);
  return self->id;
}

/**
 * imtehan_attempt_get_quiz_digest:
 *
 * The digest (imtehan_quiz_get_digest()) of the quiz as it was when the attempt began, kept
 * when it is resumed with another: a report compares it with the quiz it has to tell
 * whether the questions may have changed since. %NULL for an attempt saved before attempts
 * recorded it.
 */
const char *
imtehan_attempt_get_quiz_digest (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);
  return self->quiz_digest;
}

guint32
imtehan_attempt_get_seed (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), 0);
  return self->seed;
}

GDateTime *
imtehan_attempt_get_started (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);
  return self->started;
}

GDateTime *
imtehan_attempt_get_finished_at (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);
  return self->finished_at;
}

const char *
imtehan_attempt_get_language (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);
  return self->language;
}

void
imtehan_attempt_set_language (ImtehanAttempt *self,
                              const char     *language)
{
  g_return_if_fail (IMTEHAN_IS_ATTEMPT (self));

  if (language == NULL || *language == '\0')
    language = "en";
  if (imtehan_set_str (&self->language, language))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LANGUAGE]);
}

const char *
imtehan_attempt_get_learner (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);
  return self->learner;
}

void
imtehan_attempt_set_learner (ImtehanAttempt *self,
                             const char     *learner)
{
  g_return_if_fail (IMTEHAN_IS_ATTEMPT (self));

  if (imtehan_set_str (&self->learner, learner ? learner : ""))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEARNER]);
}

const char *
imtehan_attempt_get_roll_number (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);
  return self->roll_number;
}

/* Free text (a school's roll numbers have letters, dashes, Urdu digits); "" when not given. */
void
imtehan_attempt_set_roll_number (ImtehanAttempt *self,
                                 const char     *roll_number)
{
  g_return_if_fail (IMTEHAN_IS_ATTEMPT (self));

  if (imtehan_set_str (&self->roll_number, roll_number ? roll_number : ""))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROLL_NUMBER]);
}

/**
 * imtehan_attempt_get_host:
 *
 * Returns: (nullable): the host name of the PC the attempt was begun on; %NULL for a file
 *   saved before attempts recorded it
 */
const char *
imtehan_attempt_get_host (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);
  return self->host;
}

ImtehanMode
imtehan_attempt_get_mode (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), IMTEHAN_MODE_EXAM);
  return self->mode;
}

/* Nothing answered yet and not finished: the rules of an attempt do not change under the
 * learner once they have begun. */
static gboolean
is_untouched (ImtehanAttempt *self)
{
  return self->finished_at == NULL && self->n_answered == 0;
}

/**
 * imtehan_attempt_set_mode:
 *
 * Returns: %FALSE, changing nothing, once a question is answered or the attempt finished
 */
gboolean
imtehan_attempt_set_mode (ImtehanAttempt *self,
                          ImtehanMode     mode)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  g_return_val_if_fail (mode == IMTEHAN_MODE_EXAM || mode == IMTEHAN_MODE_PRACTICE, FALSE);

  if (self->mode == mode)
    return TRUE;
  if (!is_untouched (self))
    return FALSE;
  self->mode = mode;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
  return TRUE;
}

guint
imtehan_attempt_get_time_limit (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), 0);
  return self->time_limit;
}

/**
 * imtehan_attempt_set_time_limit:
 * @seconds: the time allowed from the start, or 0 for none
 *
 * Fixes the deadline at the start time plus @seconds. It is saved with the attempt, so that a
 * crash or a power cut neither stops nor resets the clock.
 *
 * Returns: %FALSE, changing nothing, once a question is answered or the attempt finished
 */
gboolean
imtehan_attempt_set_time_limit (ImtehanAttempt *self,
                                guint           seconds)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  g_return_val_if_fail (seconds <= G_MAXINT, FALSE);

  if (self->time_limit == seconds)
    return TRUE;
  if (!is_untouched (self))
    return FALSE;
  self->time_limit = seconds;
  g_clear_pointer (&self->deadline, g_date_time_unref);
  if (seconds > 0)
    self->deadline = g_date_time_add_seconds (self->started, seconds);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_LIMIT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEADLINE]);
  return TRUE;
}

/**
 * imtehan_attempt_get_deadline:
 *
 * Returns: (nullable): when the time limit runs out, in UTC; %NULL without one
 */
GDateTime *
imtehan_attempt_get_deadline (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);
  return self->deadline;
}

guint
imtehan_attempt_get_n_questions (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), 0);
  return self->n_slots;
}

guint
imtehan_attempt_get_current (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), 0);
  return self->current;
}

void
imtehan_attempt_set_current (ImtehanAttempt *self,
                             guint           index)
{
  g_return_if_fail (IMTEHAN_IS_ATTEMPT (self));
  g_return_if_fail (index < self->n_slots);

  if (self->current == index)
    return;
  self->current = index;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
}

gboolean
imtehan_attempt_go_next (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);

  if (self->current + 1 >= self->n_slots)
    return FALSE;
  imtehan_attempt_set_current (self, self->current + 1);
  return TRUE;
}

gboolean
imtehan_attempt_go_previous (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);

  if (self->current == 0)
    return FALSE;
  imtehan_attempt_set_current (self, self->current - 1);
  return TRUE;
}

const char * const *
imtehan_attempt_get_choice_order (ImtehanAttempt *self,
                                  guint           index)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);
  g_return_val_if_fail (index < self->n_slots, NULL);
  return (const char * const *)self->slots[index].order;
}

/**
 * imtehan_attempt_choose:
 * @choice_id: (nullable): a choice of the question, or %NULL to clear the answer
 *
 * Returns: %FALSE if the attempt is finished, the question's answer has been checked
 *   (practice) and @choice_id is another, or @choice_id is not a choice of the question
 */
gboolean
imtehan_attempt_choose (ImtehanAttempt *self,
                        guint           index,
                        const char     *choice_id)
{
  Slot *slot;
  gboolean was_answered;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  g_return_val_if_fail (index < self->n_slots, FALSE);

  if (self->finished_at != NULL)
    return FALSE;
  if (choice_id != NULL &&
      !imtehan_question_has_choice (imtehan_quiz_get_question (self->quiz, index), choice_id))
    return FALSE;

  slot = &self->slots[index];
  if (g_strcmp0 (slot->answer, choice_id) == 0)
    return TRUE;
  /* Practice shows right or wrong once checked: changing the answer then would be a free
   * second try. */
  if (slot->checked)
    return FALSE;

  was_answered = slot->answer != NULL;
  imtehan_set_str (&slot->answer, choice_id);
  if (was_answered != (choice_id != NULL))
    {
      self->n_answered += choice_id ? 1 : -1;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ANSWERED]);
    }
  g_signal_emit (self, signals[ANSWER_CHANGED], 0, index);
  return TRUE;
}

const char *
imtehan_attempt_get_answer (ImtehanAttempt *self,
                            guint           index)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);
  g_return_val_if_fail (index < self->n_slots, NULL);
  return self->slots[index].answer;
}

/**
 * imtehan_attempt_check:
 *
 * Checks the answer of question @index in a practice attempt: from now on the learner is
 * shown whether it is right, with the explanation, and it can no longer be changed.
 *
 * Returns: %FALSE in an exam, for an unanswered question, or when the attempt is finished;
 *   %TRUE if it is (now) checked
 */
gboolean
imtehan_attempt_check (ImtehanAttempt *self,
                       guint           index)
{
  Slot *slot;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  g_return_val_if_fail (index < self->n_slots, FALSE);

  slot = &self->slots[index];
  if (slot->checked)
    return TRUE;
  if (self->mode != IMTEHAN_MODE_PRACTICE || self->finished_at != NULL || slot->answer == NULL)
    return FALSE;
  slot->checked = TRUE;
  g_signal_emit (self, signals[ANSWER_CHECKED], 0, index);
  return TRUE;
}

gboolean
imtehan_attempt_is_checked (ImtehanAttempt *self,
                            guint           index)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  g_return_val_if_fail (index < self->n_slots, FALSE);
  return self->slots[index].checked;
}

gboolean
imtehan_attempt_is_correct (ImtehanAttempt *self,
                            guint           index)
{
  ImtehanQuestion *question;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  g_return_val_if_fail (index < self->n_slots, FALSE);

  question = imtehan_quiz_get_question (self->quiz, index);
  return g_strcmp0 (self->slots[index].answer, imtehan_question_get_answer (question)) == 0;
}

guint
imtehan_attempt_get_n_answered (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), 0);
  return self->n_answered;
}

gboolean
imtehan_attempt_get_finished (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  return self->finished_at != NULL;
}

/* Returns: %FALSE if it was already finished */
gboolean
imtehan_attempt_finish (ImtehanAttempt *self)
{
  return imtehan_attempt_finish_with_reason (self, IMTEHAN_FINISH_REASON_SUBMITTED);
}

/**
 * imtehan_attempt_finish_with_reason:
 * @reason: %IMTEHAN_FINISH_REASON_SUBMITTED or %IMTEHAN_FINISH_REASON_TIME_UP
 *
 * Returns: %FALSE if it was already finished (its reason stays)
 */
gboolean
imtehan_attempt_finish_with_reason (ImtehanAttempt      *self,
                                    ImtehanFinishReason  reason)
{
  g_autoptr(GDateTime) now = NULL;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);
  g_return_val_if_fail (reason == IMTEHAN_FINISH_REASON_SUBMITTED ||
                        reason == IMTEHAN_FINISH_REASON_TIME_UP, FALSE);

  if (self->finished_at != NULL)
    return FALSE;

  now = g_date_time_new_now_utc ();
  self->finished_at = g_date_time_new_utc (g_date_time_get_year (now),
                                           g_date_time_get_month (now),
                                           g_date_time_get_day_of_month (now),
                                           g_date_time_get_hour (now),
                                           g_date_time_get_minute (now),
                                           g_date_time_get_second (now));
  self->finish_reason = reason;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINISH_REASON]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINISHED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCORE]);
  return TRUE;
}

/* %IMTEHAN_FINISH_REASON_NONE while it is in progress. */
ImtehanFinishReason
imtehan_attempt_get_finish_reason (ImtehanAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), IMTEHAN_FINISH_REASON_NONE);
  return self->finish_reason;
}

/* The score of a finished attempt; 0 while it is in progress, so that nobody shows a
 * partial score as if it were a result. */
guint
imtehan_attempt_get_score (ImtehanAttempt *self)
{
  guint score = 0;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), 0);

  if (self->finished_at == NULL)
    return 0;
  for (guint i = 0; i < self->n_slots; i++)
    if (imtehan_attempt_is_correct (self, i))
      score++;
  return score;
}

/* Not g_date_time_format(): its %Y does not pad, and "587-05-01T09:30:00Z" is no ISO 8601
 * time, so a resumed attempt with a year below 1000 would be saved unreadable (found by
 * fuzz-attempt). */
static char *
format_time (GDateTime *time)
{
  return g_strdup_printf ("%04d-%02d-%02dT%02d:%02d:%02dZ",
                          g_date_time_get_year (time), g_date_time_get_month (time),
                          g_date_time_get_day_of_month (time), g_date_time_get_hour (time),
                          g_date_time_get_minute (time), g_date_time_get_second (time));
}

char *
imtehan_attempt_to_data (ImtehanAttempt *self,
                         gsize          *length)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autofree char *started = NULL;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), NULL);

  started = format_time (self->started);
  g_key_file_set_integer (key_file, ATTEMPT_GROUP, "Version", IMTEHAN_ATTEMPT_FORMAT_VERSION);
  g_key_file_set_string (key_file, ATTEMPT_GROUP, "Id", self->id);
  g_key_file_set_string (key_file, ATTEMPT_GROUP, "Quiz", imtehan_quiz_get_id (self->quiz));
  g_key_file_set_integer (key_file, ATTEMPT_GROUP, "QuizVersion",
                          imtehan_quiz_get_version (self->quiz));
  if (self->quiz_digest != NULL)
    g_key_file_set_string (key_file, ATTEMPT_GROUP, "QuizDigest", self->quiz_digest);
  g_key_file_set_string (key_file, ATTEMPT_GROUP, "Language", self->language);
  g_key_file_set_string (key_file, ATTEMPT_GROUP, "Learner", self->learner);
  if (*self->roll_number != '\0')
    g_key_file_set_string (key_file, ATTEMPT_GROUP, "RollNumber", self->roll_number);
  if (self->host != NULL)
    g_key_file_set_string (key_file, ATTEMPT_GROUP, "Host", self->host);
  g_key_file_set_string (key_file, ATTEMPT_GROUP, "Mode", imtehan_mode_to_string (self->mode));
  if (self->deadline != NULL)
    {
      g_autofree char *deadline = format_time (self->deadline);

      g_key_file_set_integer (key_file, ATTEMPT_GROUP, "TimeLimit", self->time_limit);
      g_key_file_set_string (key_file, ATTEMPT_GROUP, "Deadline", deadline);
    }
  g_key_file_set_uint64 (key_file, ATTEMPT_GROUP, "Seed", self->seed);
  g_key_file_set_string (key_file, ATTEMPT_GROUP, "Started", started);
  if (self->finished_at != NULL)
    {
      g_autofree char *finished = format_time (self->finished_at);
      g_key_file_set_string (key_file, ATTEMPT_GROUP, "FinishedAt", finished);
    }
  g_key_file_set_boolean (key_file, ATTEMPT_GROUP, "Finished", self->finished_at != NULL);
  if (self->finished_at != NULL)
    g_key_file_set_string (key_file, ATTEMPT_GROUP, "FinishReason",
                           imtehan_finish_reason_to_string (self->finish_reason));
  g_key_file_set_integer (key_file, ATTEMPT_GROUP, "Current", self->current);
  g_key_file_set_integer (key_file, ATTEMPT_GROUP, "Answered", self->n_answered);
  if (self->finished_at != NULL)
    g_key_file_set_integer (key_file, ATTEMPT_GROUP, "Score", imtehan_attempt_get_score (self));
  g_key_file_set_integer (key_file, ATTEMPT_GROUP, "Total", self->n_slots);

  for (guint i = 0; i < self->n_slots; i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (self->quiz, i);
      g_autofree char *group = g_strconcat (QUESTION_PREFIX,
                                            imtehan_question_get_id (question), NULL);

      g_key_file_set_string_list (key_file, group, "Order",
                                  (const char * const *)self->slots[i].order,
                                  g_strv_length (self->slots[i].order));
      if (self->slots[i].answer != NULL)
        g_key_file_set_string (key_file, group, "Answer", self->slots[i].answer);
      if (self->slots[i].checked)
        g_key_file_set_boolean (key_file, group, "Checked", TRUE);
    }

  return g_key_file_to_data (key_file, length, NULL);
}

static GDateTime *
parse_time (ImtehanKeyFileReader *reader,
            const char           *key,
            GError              **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GDateTime) time = NULL;
  g_autoptr(GDateTime) utc = NULL;

  if (!(text = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, key, TRUE, error)))
    return NULL;
  if (*g_strstrip (text) == '\0')
    {
      g_autofree char *msg = g_strdup_printf (_("the key “%s” is missing"), key);

      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_MISSING, ATTEMPT_GROUP, NULL,
                                     msg);
      return NULL;
    }
  /* "0001-01-01T00:00:00+01:00" parses, but its UTC time falls outside years 1 to 9999 and
   * g_date_time_to_utc() returns NULL (found by fuzz-attempt). */
  if (!(time = g_date_time_new_from_iso8601 (g_strstrip (text), NULL)) ||
      !(utc = g_date_time_to_utc (time)))
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is not an ISO 8601 time"), text);
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP, key, msg);
      return NULL;
    }
  /* format_time() writes "Z": an offset read here would otherwise be lost on the next save. */
  return g_steal_pointer (&utc);
}

static gboolean
is_valid_id (const char *id)
{
  if (*id == '\0' || strlen (id) > 64)
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_')
      return FALSE;
  return TRUE;
}

static gboolean
is_permutation (ImtehanQuestion *question,
                char           **order,
                gsize            n)
{
  if (n != imtehan_question_get_n_choices (question))
    return FALSE;
  for (gsize i = 0; i < n; i++)
    {
      if (!imtehan_question_has_choice (question, order[i]))
        return FALSE;
      for (gsize j = 0; j < i; j++)
        if (g_str_equal (order[i], order[j]))
          return FALSE;
    }
  return TRUE;
}

/* The format check both the attempt loader and the store's listing start with. A newer
 * format gives IMTEHAN_ERROR_VERSION: the caller leaves such a file alone. */
gboolean
imtehan_attempt_check_version (ImtehanKeyFileReader  *reader,
                               GError               **error)
{
  gint64 version = 0;

  if (!imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Version", TRUE, 1, G_MAXINT,
                                        &version, error))
    return FALSE;
  if (version > IMTEHAN_ATTEMPT_FORMAT_VERSION)
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_VERSION, ATTEMPT_GROUP,
                                     "Version", _("saved by a newer version of Imtehan"));
      return FALSE;
    }
  return TRUE;
}

/* QuizDigest, optional: files saved before attempts recorded it are read as before, with
 * @digest NULL. A value that is not a SHA-256 in hex is damage, like a bad Seed. */
gboolean
imtehan_attempt_read_quiz_digest (ImtehanKeyFileReader  *reader,
                                  char                 **digest,
                                  GError               **error)
{
  g_autofree char *value = NULL;
  gsize length;

  *digest = NULL;
  if (!(value = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "QuizDigest", FALSE,
                                                    error)))
    return FALSE;
  g_strstrip (value);
  if (*value == '\0')
    return TRUE;

  length = strlen (value);
  for (gsize i = 0; i < length; i++)
    value[i] = g_ascii_tolower (value[i]);
  if (length != 64 || strspn (value, "0123456789abcdef") != length)
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP,
                                     "QuizDigest",
                                     _("not a SHA-256 digest (64 hexadecimal digits)"));
      return FALSE;
    }
  *digest = g_steal_pointer (&value);
  return TRUE;
}

const char *
imtehan_mode_to_string (ImtehanMode mode)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (IMTEHAN_TYPE_MODE);
  GEnumValue *value = g_enum_get_value (klass, mode);

  g_return_val_if_fail (value != NULL, "exam");
  return value->value_nick;
}

gboolean
imtehan_mode_from_string (const char  *text,
                          ImtehanMode *mode)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (IMTEHAN_TYPE_MODE);
  GEnumValue *value = g_enum_get_value_by_nick (klass, text);

  if (value == NULL)
    return FALSE;
  *mode = value->value;
  return TRUE;
}

const char *
imtehan_finish_reason_to_string (ImtehanFinishReason reason)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (IMTEHAN_TYPE_FINISH_REASON);
  GEnumValue *value = g_enum_get_value (klass, reason);

  g_return_val_if_fail (value != NULL, "none");
  return value->value_nick;
}

/* Only the reasons a finished attempt can have: "none" is no reason. */
gboolean
imtehan_finish_reason_from_string (const char          *text,
                                   ImtehanFinishReason *reason)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (IMTEHAN_TYPE_FINISH_REASON);
  GEnumValue *value = g_enum_get_value_by_nick (klass, text);

  if (value == NULL || value->value == IMTEHAN_FINISH_REASON_NONE)
    return FALSE;
  *reason = value->value;
  return TRUE;
}

void
imtehan_attempt_lab_keys_clear (ImtehanAttemptLabKeys *keys)
{
  g_clear_pointer (&keys->roll_number, g_free);
  g_clear_pointer (&keys->host, g_free);
  g_clear_pointer (&keys->deadline, g_date_time_unref);
}

/* The keys Version 2 added. A Version 1 file has none of them and reads as an exam with no time
 * limit, taken on an unknown PC, submitted by the learner if finished. In Version 2, Mode and
 * (when finished) FinishReason are required; a deadline goes with a time limit, and neither
 * can be half there. Any other value is damage, reported with the key's line. */
gboolean
imtehan_attempt_read_lab_keys (ImtehanKeyFileReader   *reader,
                               GDateTime              *started,
                               gboolean                finished,
                               ImtehanAttemptLabKeys  *keys,
                               GError                **error)
{
  g_autofree char *mode = NULL;
  g_autofree char *reason = NULL;
  gint64 time_limit = 0;

  memset (keys, 0, sizeof *keys);
  keys->mode = IMTEHAN_MODE_EXAM;
  if (!imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Version", TRUE, 1, G_MAXINT,
                                        &keys->version, error))
    return FALSE;

  if (!(keys->roll_number = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP,
                                                                "RollNumber", FALSE, error)) ||
      !(keys->host = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Host", FALSE,
                                                         error)))
    return FALSE;
  g_strstrip (keys->roll_number);
  if (*g_strstrip (keys->host) == '\0')
    g_clear_pointer (&keys->host, g_free);

  if (!(mode = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Mode",
                                                   keys->version >= 2, error)))
    return FALSE;
  g_strstrip (mode);
  if (*mode != '\0' && !imtehan_mode_from_string (mode, &keys->mode))
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is neither exam nor practice"), mode);

      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP, "Mode",
                                     msg);
      return FALSE;
    }
  else if (*mode == '\0' && keys->version >= 2)
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_MISSING, ATTEMPT_GROUP, NULL,
                                     _("the key “Mode” is missing"));
      return FALSE;
    }

  if (!imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "TimeLimit", FALSE, 0, G_MAXINT,
                                        &time_limit, error))
    return FALSE;
  keys->time_limit = time_limit;
  if (time_limit > 0 && !(keys->deadline = parse_time (reader, "Deadline", error)))
    return FALSE;
  if (time_limit == 0 && g_key_file_has_key (reader->key_file, ATTEMPT_GROUP, "Deadline", NULL))
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP,
                                     "Deadline", _("a deadline needs a time limit (TimeLimit)"));
      return FALSE;
    }
  if (keys->deadline != NULL && g_date_time_compare (keys->deadline, started) < 0)
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP,
                                     "Deadline", _("the deadline is before the start"));
      return FALSE;
    }

  /* Like FinishedAt, only read when the attempt is finished. */
  if (!finished)
    return TRUE;
  keys->finish_reason = IMTEHAN_FINISH_REASON_SUBMITTED;
  if (!(reason = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "FinishReason",
                                                     keys->version >= 2, error)))
    return FALSE;
  g_strstrip (reason);
  if ((*reason != '\0' || keys->version >= 2) &&
      !imtehan_finish_reason_from_string (reason, &keys->finish_reason))
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is neither submitted nor time-up"), reason);

      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP,
                                     "FinishReason", msg);
      return FALSE;
    }
  return TRUE;
}

/**
 * imtehan_attempt_new_from_bytes:
 *
 * Reads an attempt of @quiz saved by imtehan_attempt_to_data(). A file of a newer format
 * gives %IMTEHAN_ERROR_VERSION (leave it alone); any other error means the file is damaged.
 */
ImtehanAttempt *
imtehan_attempt_new_from_bytes (ImtehanQuiz *quiz,
                                GBytes      *bytes,
                                const char  *display_name,
                                GError     **error)
{
  g_autoptr(ImtehanKeyFileReader) reader = NULL;
  g_autoptr(ImtehanAttempt) self = NULL;
  g_autofree char *quiz_id = NULL;
  g_autofree char *quiz_digest = NULL;
  g_autofree char *id = NULL;
  g_auto(ImtehanAttemptLabKeys) keys = { 0, };
  gint64 seed = 0, current = 0;
  gboolean finished = FALSE;

  g_return_val_if_fail (IMTEHAN_IS_QUIZ (quiz), NULL);
  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  if (!(reader = imtehan_key_file_reader_new (bytes, display_name, IMTEHAN_ATTEMPT_MAX_SIZE,
                                              error)))
    return NULL;

  if (!imtehan_attempt_check_version (reader, error))
    return NULL;

  if (!(quiz_id = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Quiz", TRUE, error)))
    return NULL;
  if (!g_str_equal (g_strstrip (quiz_id), imtehan_quiz_get_id (quiz)))
    {
      g_autofree char *msg = g_strdup_printf (_("this attempt is of the quiz “%s”, not “%s”"),
                                              quiz_id, imtehan_quiz_get_id (quiz));
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP, "Quiz", msg);
      return NULL;
    }
  if (!(id = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Id", TRUE, error)) ||
      !imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Seed", TRUE, 1, G_MAXUINT32,
                                        &seed, error) ||
      !imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Current", FALSE, 0,
                                        imtehan_quiz_get_n_questions (quiz) - 1, &current, error) ||
      !imtehan_key_file_reader_get_boolean (reader, ATTEMPT_GROUP, "Finished", &finished, error) ||
      !imtehan_attempt_read_quiz_digest (reader, &quiz_digest, error))
    return NULL;

  /* The id names the file the attempt is saved to (see imtehan_store_get_file()): a
   * crafted "../" id in a shared folder must not make a save write outside of it. */
  g_strstrip (id);
  if (!is_valid_id (id))
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP, "Id",
                                     _("an id may only contain letters, digits, “-” and “_”"));
      return NULL;
    }

  self = imtehan_attempt_new (quiz, seed);
  imtehan_set_str (&self->id, id);
  /* What the file says, even if @quiz has changed since: resuming is decided by Version. */
  g_free (self->quiz_digest);
  self->quiz_digest = g_steal_pointer (&quiz_digest);

  g_clear_pointer (&self->started, g_date_time_unref);
  if (!(self->started = parse_time (reader, "Started", error)))
    return NULL;
  if (finished && !(self->finished_at = parse_time (reader, "FinishedAt", error)))
    return NULL;
  if (!imtehan_attempt_read_lab_keys (reader, self->started, finished, &keys, error))
    return NULL;
  g_free (self->roll_number);
  self->roll_number = g_steal_pointer (&keys.roll_number);
  g_free (self->host);
  self->host = g_steal_pointer (&keys.host);
  self->mode = keys.mode;
  self->time_limit = keys.time_limit;
  self->deadline = g_steal_pointer (&keys.deadline);
  self->finish_reason = keys.finish_reason;

  /* A bad escape ("Learner=a\q") gives NULL: the file is damaged, like a bad Answer. */
  g_free (self->language);
  if (!(self->language = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Language",
                                                             FALSE, error)))
    return NULL;
  if (*g_strstrip (self->language) == '\0')
    imtehan_set_str (&self->language, "en");
  g_free (self->learner);
  if (!(self->learner = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Learner",
                                                            FALSE, error)))
    return NULL;
  self->current = current;

  for (guint i = 0; i < self->n_slots; i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);
      g_autofree char *group = g_strconcat (QUESTION_PREFIX,
                                            imtehan_question_get_id (question), NULL);
      g_autofree char *answer = NULL;
      g_auto(GStrv) order = NULL;
      gsize n = 0;

      /* An order that does not fit the quiz (it was edited since) falls back to the seed. */
      order = g_key_file_get_string_list (reader->key_file, group, "Order", &n, NULL);
      if (order != NULL && is_permutation (question, order, n))
        {
          g_strfreev (self->slots[i].order);
          self->slots[i].order = g_steal_pointer (&order);
        }

      if (!(answer = imtehan_key_file_reader_get_string (reader, group, "Answer", FALSE, error)))
        return NULL;
      g_strstrip (answer);
      if (*answer == '\0')
        {
          gboolean checked = FALSE;

          /* A locked answer that is not there: the file was cut or edited. */
          if (g_key_file_has_key (reader->key_file, group, "Checked", NULL) &&
              (!imtehan_key_file_reader_get_boolean (reader, group, "Checked", &checked, error) ||
               checked))
            {
              if (checked)
                imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group,
                                               "Checked", _("a question without an answer "
                                                            "cannot be checked"));
              return NULL;
            }
          continue;
        }
      if (!imtehan_question_has_choice (question, answer))
        {
          g_autofree char *msg = g_strdup_printf (_("“%s” is not a choice of this question"),
                                                  answer);
          imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group, "Answer", msg);
          return NULL;
        }
      self->slots[i].answer = g_steal_pointer (&answer);
      self->n_answered++;

      if (g_key_file_has_key (reader->key_file, group, "Checked", NULL))
        {
          gboolean checked = FALSE;

          if (!imtehan_key_file_reader_get_boolean (reader, group, "Checked", &checked, error))
            return NULL;
          if (checked && self->mode != IMTEHAN_MODE_PRACTICE)
            {
              imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group,
                                             "Checked",
                                             _("only a practice attempt checks answers"));
              return NULL;
            }
          self->slots[i].checked = checked;
        }
    }

  return g_steal_pointer (&self);
}

void
imtehan_attempt_record_clear (ImtehanAttemptRecord *record)
{
  g_clear_pointer (&record->id, g_free);
  g_clear_pointer (&record->learner, g_free);
  g_clear_pointer (&record->roll_number, g_free);
  g_clear_pointer (&record->host, g_free);
  g_clear_pointer (&record->started, g_date_time_unref);
  g_clear_pointer (&record->finished_at, g_date_time_unref);
  g_clear_pointer (&record->answers, g_free);
}

/* The choice id of @question equal to @answer, as the quiz holds it; NULL if none. */
static const char *
find_choice (ImtehanQuestion *question,
             const char      *answer)
{
  for (guint c = 0; c < imtehan_question_get_n_choices (question); c++)
    if (g_str_equal (answer, imtehan_question_get_choice_id (question, c)))
      return imtehan_question_get_choice_id (question, c);
  return NULL;
}

/**
 * imtehan_attempt_read_record:
 * @reader: the attempt file, read with IMTEHAN_ATTEMPT_MAX_SIZE
 *
 * The class report's reader (issue 17): the same checks as imtehan_attempt_new_from_bytes(),
 * in the same order, so that a file gives the same error, with the same line, from both. It
 * only skips building what an attempt being taken needs (choice orders, a seeded shuffle of
 * each question, a GObject): 10,000 of them were a third of a class report's load. Keep the
 * two in step: a check added to one belongs in the other.
 *
 * The Order= lists are not read: the loader never refuses a file for them (an order that
 * does not fit the quiz falls back to the seed).
 */
gboolean
imtehan_attempt_read_record (ImtehanQuiz           *quiz,
                             ImtehanKeyFileReader  *reader,
                             ImtehanAttemptRecord  *record,
                             GError               **error)
{
  g_autofree char *quiz_id = NULL;
  g_autofree char *quiz_digest = NULL;
  g_autofree char *language = NULL;
  g_auto(ImtehanAttemptLabKeys) keys = { 0, };
  gint64 seed = 0, current = 0;
  gboolean finished = FALSE;
  guint n_questions;

  g_return_val_if_fail (IMTEHAN_IS_QUIZ (quiz), FALSE);
  g_return_val_if_fail (reader != NULL, FALSE);
  g_return_val_if_fail (record != NULL, FALSE);

  memset (record, 0, sizeof *record);
  n_questions = imtehan_quiz_get_n_questions (quiz);

  if (!imtehan_attempt_check_version (reader, error))
    return FALSE;

  if (!(quiz_id = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Quiz", TRUE, error)))
    return FALSE;
  if (!g_str_equal (g_strstrip (quiz_id), imtehan_quiz_get_id (quiz)))
    {
      g_autofree char *msg = g_strdup_printf (_("this attempt is of the quiz “%s”, not “%s”"),
                                              quiz_id, imtehan_quiz_get_id (quiz));
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP, "Quiz",
                                     msg);
      return FALSE;
    }
  if (!(record->id = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Id", TRUE,
                                                         error)) ||
      !imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Seed", TRUE, 1, G_MAXUINT32,
                                        &seed, error) ||
      !imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Current", FALSE, 0,
                                        n_questions - 1, &current, error) ||
      !imtehan_key_file_reader_get_boolean (reader, ATTEMPT_GROUP, "Finished", &finished, error) ||
      !imtehan_attempt_read_quiz_digest (reader, &quiz_digest, error))
    goto fail;

  g_strstrip (record->id);
  if (!is_valid_id (record->id))
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP, "Id",
                                     _("an id may only contain letters, digits, “-” and “_”"));
      goto fail;
    }

  if (!(record->started = parse_time (reader, "Started", error)))
    goto fail;
  if (finished && !(record->finished_at = parse_time (reader, "FinishedAt", error)))
    goto fail;
  if (!imtehan_attempt_read_lab_keys (reader, record->started, finished, &keys, error))
    goto fail;
  record->roll_number = g_steal_pointer (&keys.roll_number);
  record->host = g_steal_pointer (&keys.host);
  record->mode = keys.mode;
  record->finish_reason = keys.finish_reason;

  /* Read, unused: a bad escape in either is damage, as for the loader. */
  if (!(language = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Language", FALSE,
                                                       error)) ||
      !(record->learner = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Learner",
                                                              FALSE, error)))
    goto fail;

  record->n_answers = n_questions;
  record->answers = g_new0 (const char *, n_questions);
  for (guint i = 0; i < n_questions; i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);
      g_autofree char *group = g_strconcat (QUESTION_PREFIX,
                                            imtehan_question_get_id (question), NULL);
      g_autofree char *answer = NULL;
      gboolean checked = FALSE;

      if (!(answer = imtehan_key_file_reader_get_string (reader, group, "Answer", FALSE, error)))
        goto fail;
      g_strstrip (answer);
      if (*answer == '\0')
        {
          if (g_key_file_has_key (reader->key_file, group, "Checked", NULL) &&
              (!imtehan_key_file_reader_get_boolean (reader, group, "Checked", &checked, error) ||
               checked))
            {
              if (checked)
                imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group,
                                               "Checked", _("a question without an answer "
                                                            "cannot be checked"));
              goto fail;
            }
          continue;
        }
      if (!imtehan_question_has_choice (question, answer))
        {
          g_autofree char *msg = g_strdup_printf (_("“%s” is not a choice of this question"),
                                                  answer);
          imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group, "Answer",
                                         msg);
          goto fail;
        }
      record->answers[i] = find_choice (question, answer);
      g_assert (record->answers[i] != NULL);

      if (g_key_file_has_key (reader->key_file, group, "Checked", NULL))
        {
          if (!imtehan_key_file_reader_get_boolean (reader, group, "Checked", &checked, error))
            goto fail;
          if (checked && record->mode != IMTEHAN_MODE_PRACTICE)
            {
              imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group,
                                             "Checked",
                                             _("only a practice attempt checks answers"));
              goto fail;
            }
        }
    }
  return TRUE;

fail:
  imtehan_attempt_record_clear (record);
  return FALSE;
}
