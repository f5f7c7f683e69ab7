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
  Slot        *slots;
  guint        n_slots;
  guint        current;
  guint        n_answered;
};

G_DEFINE_FINAL_TYPE (ImtehanAttempt, imtehan_attempt, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_QUIZ,
  PROP_SEED,
  PROP_LANGUAGE,
  PROP_LEARNER,
  PROP_CURRENT,
  PROP_N_ANSWERED,
  PROP_FINISHED,
  PROP_SCORE,
  N_PROPS
};

enum {
  ANSWER_CHANGED,
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
  self->id = g_strdup_printf ("%s-%08x", stamp, g_random_int ());
  self->quiz_digest = g_strdup (imtehan_quiz_get_digest (self->quiz));

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
}

static void
imtehan_attempt_init (ImtehanAttempt *self)
{
  self->language = g_strdup ("en");
  self->learner = g_strdup ("");
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
 * Returns: %FALSE if the attempt is finished or @choice_id is not a choice of the question
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
  g_autoptr(GDateTime) now = NULL;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT (self), FALSE);

  if (self->finished_at != NULL)
    return FALSE;

  now = g_date_time_new_now_utc ();
  self->finished_at = g_date_time_new_utc (g_date_time_get_year (now),
                                           g_date_time_get_month (now),
                                           g_date_time_get_day_of_month (now),
                                           g_date_time_get_hour (now),
                                           g_date_time_get_minute (now),
                                           g_date_time_get_second (now));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINISHED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCORE]);
  return TRUE;
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
  g_key_file_set_uint64 (key_file, ATTEMPT_GROUP, "Seed", self->seed);
  g_key_file_set_string (key_file, ATTEMPT_GROUP, "Started", started);
  if (self->finished_at != NULL)
    {
      g_autofree char *finished = format_time (self->finished_at);
      g_key_file_set_string (key_file, ATTEMPT_GROUP, "FinishedAt", finished);
    }
  g_key_file_set_boolean (key_file, ATTEMPT_GROUP, "Finished", self->finished_at != NULL);
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
        continue;
      if (!imtehan_question_has_choice (question, answer))
        {
          g_autofree char *msg = g_strdup_printf (_("“%s” is not a choice of this question"),
                                                  answer);
          imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group, "Answer", msg);
          return NULL;
        }
      self->slots[i].answer = g_steal_pointer (&answer);
      self->n_answered++;
    }

  return g_steal_pointer (&self);
}
