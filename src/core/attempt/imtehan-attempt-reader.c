/* imtehan-attempt-reader.c: the one parser of an attempt file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every problem is reported as the key file reader names it, "file:line: [group] key:
 * problem". The checks run in one order at every depth, so that a file gives the same error
 * to the loader and to the class report.
 */

#define G_LOG_DOMAIN "imtehan-attempt-reader"

#include "config.h"

#include <math.h>
#include <string.h>

#include "imtehan-intl-private.h"

#include "imtehan-attempt-private.h"
#include "imtehan-quiz.h"

#define ATTEMPT_GROUP "Attempt"
#define QUESTION_PREFIX "Question "

void
imtehan_attempt_record_clear (ImtehanAttemptRecord *record)
{
  g_clear_pointer (&record->id, g_free);
  g_clear_pointer (&record->quiz_id, g_free);
  g_clear_pointer (&record->quiz_digest, g_free);
  g_clear_pointer (&record->language, g_free);
  g_clear_pointer (&record->learner, g_free);
  g_clear_pointer (&record->roll_number, g_free);
  g_clear_pointer (&record->host, g_free);
  g_clear_pointer (&record->deadline, g_date_time_unref);
  g_clear_pointer (&record->started, g_date_time_unref);
  g_clear_pointer (&record->finished_at, g_date_time_unref);
  g_clear_pointer (&record->answers, g_free);
  if (record->responses != NULL)
    for (guint i = 0; i < record->n_answers; i++)
      g_free (record->responses[i]);
  g_clear_pointer (&record->responses, g_free);
  g_clear_pointer (&record->checked, g_free);
  if (record->orders != NULL)
    {
      for (guint i = 0; i < record->n_answers; i++)
        g_strfreev (record->orders[i]);
      g_clear_pointer (&record->orders, g_free);
    }
}

/* A time in UTC: the writer always writes "Z", so an offset read here would be lost on the
 * next save. */
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
  /* "0001-01-01T00:00:00+01:00" parses, but its UTC time falls outside years 1 to 9999:
   * g_date_time_to_utc() returns NULL. */
  if (!(time = g_date_time_new_from_iso8601 (text, NULL)) ||
      !(utc = g_date_time_to_utc (time)))
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is not an ISO 8601 time"), text);

      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP, key,
                                     msg);
      return NULL;
    }
  return g_steal_pointer (&utc);
}

/* A listing takes Started as written: it shows and sorts attempts, and never saves them. */
static GDateTime *
parse_listed_time (ImtehanKeyFileReader *reader,
                   const char           *key,
                   GError              **error)
{
  g_autofree char *text = NULL;
  GDateTime *time;

  if (!(text = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, key, TRUE, error)))
    return NULL;
  if (!(time = g_date_time_new_from_iso8601 (g_strstrip (text), NULL)))
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is not an ISO 8601 time"), text);

      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP, key,
                                     msg);
      return NULL;
    }
  return time;
}

/* The id names the file the attempt is saved to (imtehan_store_get_file()): a crafted "../"
 * id in a shared folder must not make a save write outside of it. */
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

/* A newer format gives IMTEHAN_ERROR_VERSION: the caller leaves such a file alone. */
static gboolean
read_version (ImtehanKeyFileReader  *reader,
              gint64                *version,
              GError               **error)
{
  if (!imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Version", TRUE, 1, G_MAXINT,
                                        version, error))
    return FALSE;
  if (*version > IMTEHAN_ATTEMPT_FORMAT_VERSION)
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_VERSION, ATTEMPT_GROUP,
                                     "Version", _("saved by a newer version of Imtehan"));
      return FALSE;
    }
  return TRUE;
}

/* Optional: without it, @digest stays NULL. A value that is not a SHA-256 in hex is damage,
 * like a bad Seed. */
static gboolean
read_quiz_digest (ImtehanKeyFileReader  *reader,
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

/* The lab's keys (Version 2). A Version 1 file has none of them and reads as an exam with no
 * time limit, taken on an unknown PC, submitted by the learner if finished. In Version 2, Mode
 * and (when finished) FinishReason are required; a deadline goes with a time limit, and
 * neither can be half there. */
static gboolean
read_lab_keys (ImtehanKeyFileReader  *reader,
               ImtehanAttemptRecord  *record,
               GError               **error)
{
  g_autofree char *mode = NULL;
  g_autofree char *reason = NULL;
  gint64 time_limit = 0;

  if (!(record->roll_number = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP,
                                                                  "RollNumber", FALSE, error)) ||
      !(record->host = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Host", FALSE,
                                                           error)))
    return FALSE;
  g_strstrip (record->roll_number);
  if (*g_strstrip (record->host) == '\0')
    g_clear_pointer (&record->host, g_free);

  if (!(mode = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Mode",
                                                   record->version >= 2, error)))
    return FALSE;
  g_strstrip (mode);
  if (*mode != '\0' && !imtehan_mode_from_string (mode, &record->mode))
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is neither exam nor practice"), mode);

      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP, "Mode",
                                     msg);
      return FALSE;
    }
  else if (*mode == '\0' && record->version >= 2)
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_MISSING, ATTEMPT_GROUP, NULL,
                                     _("the key “Mode” is missing"));
      return FALSE;
    }

  if (!imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "TimeLimit", FALSE, 0, G_MAXINT,
                                        &time_limit, error))
    return FALSE;
  record->time_limit = time_limit;
  if (time_limit > 0 && !(record->deadline = parse_time (reader, "Deadline", error)))
    return FALSE;
  if (time_limit == 0 && g_key_file_has_key (reader->key_file, ATTEMPT_GROUP, "Deadline", NULL))
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP,
                                     "Deadline", _("a deadline needs a time limit (TimeLimit)"));
      return FALSE;
    }
  if (record->deadline != NULL && g_date_time_compare (record->deadline, record->started) < 0)
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP,
                                     "Deadline", _("the deadline is before the start"));
      return FALSE;
    }

  /* Like FinishedAt, only read when the attempt is finished. */
  if (!record->finished)
    return TRUE;
  record->finish_reason = IMTEHAN_FINISH_REASON_SUBMITTED;
  if (!(reason = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "FinishReason",
                                                     record->version >= 2, error)))
    return FALSE;
  g_strstrip (reason);
  if ((*reason != '\0' || record->version >= 2) &&
      !imtehan_finish_reason_from_string (reason, &record->finish_reason))
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is neither submitted nor time-up"), reason);

      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP,
                                     "FinishReason", msg);
      return FALSE;
    }
  return TRUE;
}

/* Marks= (Version 3, a quiz with partial credit): the sum of the questions' fractions, at
 * least the Score (its questions each earned 1) and at most the Total. Without it the
 * marks are the Score. */
static gboolean
read_saved_marks (ImtehanKeyFileReader  *reader,
                  ImtehanAttemptRecord  *record,
                  GError               **error)
{
  g_autofree char *text = NULL;
  double marks;
  char *end;

  record->marks = record->score;
  if (!(text = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Marks", FALSE, error)))
    return FALSE;
  g_strstrip (text);
  if (*text == '\0')
    return TRUE;
  marks = g_ascii_strtod (text, &end);
  if (*end != '\0' || end == text || !isfinite (marks) || marks < record->score ||
      marks > record->total)
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is not a number from %u to %u"), text,
                                              record->score, record->total);

      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP,
                                     "Marks", msg);
      return FALSE;
    }
  record->marks = marks;
  return TRUE;
}

/* What only a listing reads: the saved score, checked against the saved total. */
static gboolean
read_saved_score (ImtehanKeyFileReader  *reader,
                  ImtehanAttemptRecord  *record,
                  GError               **error)
{
  gint64 score = 0, total = 0, answered = 0, quiz_version = 0;

  if (!imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Total", TRUE, 1, G_MAXINT,
                                        &total, error) ||
      !imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Score", record->finished, 0,
                                        total, &score, error) ||
      !imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Answered", FALSE, 0, total,
                                        &answered, error) ||
      !imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "QuizVersion", FALSE, 0,
                                        G_MAXINT, &quiz_version, error))
    return FALSE;
  record->score = score;
  record->total = total;
  record->n_answered = answered;
  record->quiz_version = quiz_version;
  return read_saved_marks (reader, record, error);
}

/* The [Question <id>] groups of @quiz. An empty answer may not be checked; a checked one
 * only in practice. */
static gboolean
read_answers (ImtehanKeyFileReader     *reader,
              ImtehanQuiz              *quiz,
              ImtehanAttemptReadDepth   depth,
              ImtehanAttemptRecord     *record,
              GError                  **error)
{
  record->n_answers = imtehan_quiz_get_n_questions (quiz);
  record->answers = g_new0 (const char *, record->n_answers);
  if (depth == IMTEHAN_ATTEMPT_READ_ALL)
    {
      record->checked = g_new0 (gboolean, record->n_answers);
      record->orders = g_new0 (char **, record->n_answers);
    }

  for (guint i = 0; i < record->n_answers; i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);
      g_autofree char *group = g_strconcat (QUESTION_PREFIX,
                                            imtehan_question_get_id (question), NULL);
      g_autofree char *answer = NULL;
      gboolean checked = FALSE;

      /* Never refused: an order that does not fit the quiz (edited since) is left out, and
       * the attempt shuffles by its seed instead. */
      if (depth == IMTEHAN_ATTEMPT_READ_ALL)
        {
          g_auto(GStrv) order = NULL;
          gsize n = 0;

          order = g_key_file_get_string_list (reader->key_file, group, "Order", &n, NULL);
          if (order != NULL && is_permutation (question, order, n))
            record->orders[i] = g_steal_pointer (&order);
        }

      if (!(answer = imtehan_key_file_reader_get_string (reader, group, "Answer", FALSE, error)))
        return FALSE;
      /* A typed answer is kept as typed; ids are trimmed. */
      if (imtehan_question_get_kind (question) != IMTEHAN_QUESTION_SHORT &&
          imtehan_question_get_kind (question) != IMTEHAN_QUESTION_NUMERICAL)
        g_strstrip (answer);
      if (*answer == '\0')
        {
          /* A locked answer that is not there: the file was cut or edited. */
          if (g_key_file_has_key (reader->key_file, group, "Checked", NULL) &&
              (!imtehan_key_file_reader_get_boolean (reader, group, "Checked", &checked, error) ||
               checked))
            {
              if (checked)
                imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group,
                                               "Checked", _("a question without an answer "
                                                            "cannot be checked"));
              return FALSE;
            }
          continue;
        }
      if (!imtehan_question_response_is_valid (question, answer))
        {
          g_autofree char *msg =
            imtehan_question_get_kind (question) == IMTEHAN_QUESTION_SINGLE
              ? g_strdup_printf (_("“%s” is not a choice of this question"), answer)
              : g_strdup_printf (_("“%s” is not an answer this question can be given"), answer);

          imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group, "Answer",
                                         msg);
          return FALSE;
        }
      if (imtehan_question_get_kind (question) == IMTEHAN_QUESTION_SINGLE)
        record->answers[i] = find_choice (question, answer);
      else
        {
          if (record->responses == NULL)
            record->responses = g_new0 (char *, record->n_answers);
          record->answers[i] = record->responses[i] = g_steal_pointer (&answer);
        }
      g_assert (record->answers[i] != NULL);

      if (g_key_file_has_key (reader->key_file, group, "Checked", NULL))
        {
          if (!imtehan_key_file_reader_get_boolean (reader, group, "Checked", &checked, error))
            return FALSE;
          if (checked && record->mode != IMTEHAN_MODE_PRACTICE)
            {
              imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group,
                                             "Checked",
                                             _("only a practice attempt checks answers"));
              return FALSE;
            }
          if (record->checked != NULL)
            record->checked[i] = checked;
        }
    }
  return TRUE;
}

static gboolean
read_record (ImtehanKeyFileReader     *reader,
             ImtehanQuiz              *quiz,
             ImtehanAttemptReadDepth   depth,
             ImtehanAttemptRecord     *record,
             GError                  **error)
{
  gboolean header = depth == IMTEHAN_ATTEMPT_READ_HEADER;
  gint64 seed = 0, current = 0;

  if (!read_version (reader, &record->version, error))
    return FALSE;

  if (!(record->quiz_id = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Quiz",
                                                              TRUE, error)))
    return FALSE;
  g_strstrip (record->quiz_id);
  if (!header && !g_str_equal (record->quiz_id, imtehan_quiz_get_id (quiz)))
    {
      g_autofree char *msg = g_strdup_printf (_("this attempt is of the quiz “%s”, not “%s”"),
                                              record->quiz_id, imtehan_quiz_get_id (quiz));

      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP, "Quiz",
                                     msg);
      return FALSE;
    }

  if (!(record->id = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Id", TRUE,
                                                         error)))
    return FALSE;
  if (!header &&
      (!imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Seed", TRUE, 1, G_MAXUINT32,
                                         &seed, error) ||
       !imtehan_key_file_reader_get_int (reader, ATTEMPT_GROUP, "Current", FALSE, 0,
                                         imtehan_quiz_get_n_questions (quiz) - 1, &current,
                                         error)))
    return FALSE;
  record->seed = seed;
  record->current = current;
  if (!imtehan_key_file_reader_get_boolean (reader, ATTEMPT_GROUP, "Finished",
                                            &record->finished, error))
    return FALSE;
  if (header && !read_saved_score (reader, record, error))
    return FALSE;
  if (!read_quiz_digest (reader, &record->quiz_digest, error))
    return FALSE;

  g_strstrip (record->id);
  if (!header && !is_valid_id (record->id))
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, ATTEMPT_GROUP, "Id",
                                     _("an id may only contain letters, digits, “-” and “_”"));
      return FALSE;
    }

  if (header)
    record->started = parse_listed_time (reader, "Started", error);
  else
    record->started = parse_time (reader, "Started", error);
  if (record->started == NULL)
    return FALSE;
  if (!header && record->finished &&
      !(record->finished_at = parse_time (reader, "FinishedAt", error)))
    return FALSE;
  if (!read_lab_keys (reader, record, error))
    return FALSE;

  /* A bad escape ("Learner=a\q") gives NULL: the file is damaged, like a bad Answer. */
  if (!(record->language = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP,
                                                               "Language", FALSE, error)) ||
      !(record->learner = imtehan_key_file_reader_get_string (reader, ATTEMPT_GROUP, "Learner",
                                                              FALSE, error)))
    return FALSE;
  g_strstrip (record->language);

  return header || read_answers (reader, quiz, depth, record, error);
}

/**
 * imtehan_attempt_record_read:
 * @reader: the attempt file, read with IMTEHAN_ATTEMPT_MAX_SIZE
 * @quiz: (nullable): the quiz of the attempt; only %NULL at %IMTEHAN_ATTEMPT_READ_HEADER
 *
 * Reads an attempt file into @record, to @depth. A file of a newer format gives
 * %IMTEHAN_ERROR_VERSION (leave it alone); any other error means the file is damaged, and
 * @record is left cleared.
 */
gboolean
imtehan_attempt_record_read (ImtehanKeyFileReader     *reader,
                             ImtehanQuiz              *quiz,
                             ImtehanAttemptReadDepth   depth,
                             ImtehanAttemptRecord     *record,
                             GError                  **error)
{
  g_return_val_if_fail (reader != NULL, FALSE);
  g_return_val_if_fail (depth == IMTEHAN_ATTEMPT_READ_HEADER || IMTEHAN_IS_QUIZ (quiz), FALSE);
  g_return_val_if_fail (record != NULL, FALSE);

  memset (record, 0, sizeof *record);
  record->mode = IMTEHAN_MODE_EXAM;
  if (!read_record (reader, quiz, depth, record, error))
    {
      imtehan_attempt_record_clear (record);
      return FALSE;
    }
  return TRUE;
}

/**
 * imtehan_attempt_read_record:
 *
 * The class report's reader: what imtehan_attempt_new_from_bytes() checks, and the answers,
 * without building an attempt (no seeded shuffle per question, no GObject), since a report
 * reads thousands.
 */
gboolean
imtehan_attempt_read_record (ImtehanQuiz           *quiz,
                             ImtehanKeyFileReader  *reader,
                             ImtehanAttemptRecord  *record,
                             GError               **error)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (quiz), FALSE);

  return imtehan_attempt_record_read (reader, quiz, IMTEHAN_ATTEMPT_READ_ANSWERS, record, error);
}
