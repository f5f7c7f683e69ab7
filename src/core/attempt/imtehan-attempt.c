/* imtehan-attempt.c: one learner's pass through a quiz
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The object, the rules fixed before the first answer (mode, time limit) and moving between
 * questions. Answers and the score: imtehan-attempt-answers.c; the file: imtehan-attempt-file.c.
 */

#define G_LOG_DOMAIN "imtehan-attempt"

#include "config.h"

#include <string.h>

#include "imtehan-attempt-class-private.h"
#include "imtehan-quiz.h"
#include "imtehan-text.h"

G_DEFINE_FINAL_TYPE (ImtehanAttempt, imtehan_attempt, G_TYPE_OBJECT)

GParamSpec *imtehan_attempt_properties[IMTEHAN_ATTEMPT_N_PROPS];
guint imtehan_attempt_signals[IMTEHAN_ATTEMPT_N_SIGNALS];

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
    case IMTEHAN_ATTEMPT_PROP_QUIZ:
      g_value_set_object (value, self->quiz);
      break;
    case IMTEHAN_ATTEMPT_PROP_SEED:
      g_value_set_uint (value, self->seed);
      break;
    case IMTEHAN_ATTEMPT_PROP_LANGUAGE:
      g_value_set_string (value, self->language);
      break;
    case IMTEHAN_ATTEMPT_PROP_LEARNER:
      g_value_set_string (value, self->learner);
      break;
    case IMTEHAN_ATTEMPT_PROP_ROLL_NUMBER:
      g_value_set_string (value, self->roll_number);
      break;
    case IMTEHAN_ATTEMPT_PROP_HOST:
      g_value_set_string (value, self->host);
      break;
    case IMTEHAN_ATTEMPT_PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;
    case IMTEHAN_ATTEMPT_PROP_TIME_LIMIT:
      g_value_set_uint (value, self->time_limit);
      break;
    case IMTEHAN_ATTEMPT_PROP_DEADLINE:
      g_value_set_boxed (value, self->deadline);
      break;
    case IMTEHAN_ATTEMPT_PROP_FINISH_REASON:
      g_value_set_enum (value, self->finish_reason);
      break;
    case IMTEHAN_ATTEMPT_PROP_CURRENT:
      g_value_set_uint (value, self->current);
      break;
    case IMTEHAN_ATTEMPT_PROP_N_ANSWERED:
      g_value_set_uint (value, self->n_answered);
      break;
    case IMTEHAN_ATTEMPT_PROP_FINISHED:
      g_value_set_boolean (value, imtehan_attempt_get_finished (self));
      break;
    case IMTEHAN_ATTEMPT_PROP_SCORE:
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
    case IMTEHAN_ATTEMPT_PROP_QUIZ:
      self->quiz = g_value_dup_object (value);
      break;
    case IMTEHAN_ATTEMPT_PROP_SEED:
      self->seed = g_value_get_uint (value);
      break;
    case IMTEHAN_ATTEMPT_PROP_LANGUAGE:
      imtehan_attempt_set_language (self, g_value_get_string (value));
      break;
    case IMTEHAN_ATTEMPT_PROP_LEARNER:
      imtehan_attempt_set_learner (self, g_value_get_string (value));
      break;
    case IMTEHAN_ATTEMPT_PROP_ROLL_NUMBER:
      imtehan_attempt_set_roll_number (self, g_value_get_string (value));
      break;
    case IMTEHAN_ATTEMPT_PROP_CURRENT:
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
  for (guint i = n; i-- > 1;)
    {
      guint j = splitmix64_next (&state) % (i + 1);
      char *tmp = order[i];

      order[i] = order[j];
      order[j] = tmp;
    }
  /* Items to put in order that come already in order would be answered by doing nothing. */
  if (imtehan_question_get_kind (question) == IMTEHAN_QUESTION_ORDERING && n > 1)
    {
      gboolean sorted = TRUE;

      for (guint i = 0; i < n && sorted; i++)
        sorted = g_str_equal (order[i], imtehan_question_get_choice_id (question, i));
      if (sorted)
        {
          char *first = order[0];

          memmove (order, order + 1, (n - 1) * sizeof (char *));
          order[n - 1] = first;
        }
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
  /* A lab's report says which PC an attempt was taken on. */
  self->host = g_strdup (g_get_host_name ());

  self->n_slots = imtehan_quiz_get_n_questions (self->quiz);
  self->slots = g_new0 (ImtehanAttemptSlot, self->n_slots);
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

  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_QUIZ] =
    g_param_spec_object ("quiz", NULL, NULL, IMTEHAN_TYPE_QUIZ,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_SEED] =
    g_param_spec_uint ("seed", NULL, NULL, 0, G_MAXUINT32, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_LANGUAGE] =
    g_param_spec_string ("language", NULL, NULL, "en",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_LEARNER] =
    g_param_spec_string ("learner", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_ROLL_NUMBER] =
    g_param_spec_string ("roll-number", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_HOST] =
    g_param_spec_string ("host", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL, IMTEHAN_TYPE_MODE, IMTEHAN_MODE_EXAM,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_TIME_LIMIT] =
    g_param_spec_uint ("time-limit", NULL, NULL, 0, G_MAXINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_DEADLINE] =
    g_param_spec_boxed ("deadline", NULL, NULL, G_TYPE_DATE_TIME,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_FINISH_REASON] =
    g_param_spec_enum ("finish-reason", NULL, NULL, IMTEHAN_TYPE_FINISH_REASON,
                       IMTEHAN_FINISH_REASON_NONE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_CURRENT] =
    g_param_spec_uint ("current", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_N_ANSWERED] =
    g_param_spec_uint ("n-answered", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_FINISHED] =
    g_param_spec_boolean ("finished", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_SCORE] =
    g_param_spec_uint ("score", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, IMTEHAN_ATTEMPT_N_PROPS, imtehan_attempt_properties);

  /**
   * ImtehanAttempt::answer-changed:
   * @index: the question whose answer changed
   */
  imtehan_attempt_signals[IMTEHAN_ATTEMPT_SIGNAL_ANSWER_CHANGED] =
    g_signal_new ("answer-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * ImtehanAttempt::answer-checked:
   * @index: the question whose answer was checked, and is now locked (practice)
   */
  imtehan_attempt_signals[IMTEHAN_ATTEMPT_SIGNAL_ANSWER_CHECKED] =
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
    g_object_notify_by_pspec (G_OBJECT (self), imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_LANGUAGE]);
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
    g_object_notify_by_pspec (G_OBJECT (self), imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_LEARNER]);
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
    g_object_notify_by_pspec (G_OBJECT (self), imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_ROLL_NUMBER]);
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
  g_object_notify_by_pspec (G_OBJECT (self), imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_MODE]);
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
  g_object_notify_by_pspec (G_OBJECT (self), imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_TIME_LIMIT]);
  g_object_notify_by_pspec (G_OBJECT (self), imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_DEADLINE]);
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
  g_object_notify_by_pspec (G_OBJECT (self), imtehan_attempt_properties[IMTEHAN_ATTEMPT_PROP_CURRENT]);
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

