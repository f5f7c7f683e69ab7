/* imtehan-attempt-file.c: an attempt to its file and back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file is read by imtehan-attempt-reader.c, the one parser of it.
 */

#define G_LOG_DOMAIN "imtehan-attempt"

#include "config.h"

#include "imtehan-attempt-class-private.h"
#include "imtehan-attempt-private.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-quiz.h"
#include "imtehan-text.h"

#define ATTEMPT_GROUP "Attempt"
#define QUESTION_PREFIX "Question "

/* Not g_date_time_format(): its %Y does not pad, and "587-05-01T09:30:00Z" is no ISO 8601
 * time, so a resumed attempt with a year below 1000 would be saved unreadable. */
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
  g_key_file_set_integer (key_file, ATTEMPT_GROUP, "Version",
                          imtehan_quiz_has_kinds (self->quiz) ? IMTEHAN_ATTEMPT_FORMAT_VERSION : 2);
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
  if (self->finished_at != NULL && imtehan_quiz_has_kinds (self->quiz))
    {
      char marks[G_ASCII_DTOSTR_BUF_SIZE];

      g_key_file_set_string (key_file, ATTEMPT_GROUP, "Marks",
                             g_ascii_formatd (marks, sizeof marks, "%.4f",
                                              imtehan_attempt_get_marks (self)));
    }
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
  g_auto(ImtehanAttemptRecord) record = { 0, };
  ImtehanAttempt *self;

  g_return_val_if_fail (IMTEHAN_IS_QUIZ (quiz), NULL);
  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  if (!(reader = imtehan_key_file_reader_new (bytes, display_name, IMTEHAN_ATTEMPT_MAX_SIZE,
                                              error)) ||
      !imtehan_attempt_record_read (reader, quiz, IMTEHAN_ATTEMPT_READ_ALL, &record, error))
    return NULL;

  self = imtehan_attempt_new (quiz, record.seed);
  imtehan_set_str (&self->id, record.id);
  /* What the file says, even if @quiz has changed since: resuming is decided by Version. */
  g_free (self->quiz_digest);
  self->quiz_digest = g_steal_pointer (&record.quiz_digest);
  g_date_time_unref (self->started);
  self->started = g_steal_pointer (&record.started);
  self->finished_at = g_steal_pointer (&record.finished_at);
  g_free (self->roll_number);
  self->roll_number = g_steal_pointer (&record.roll_number);
  g_free (self->host);
  self->host = g_steal_pointer (&record.host);
  self->mode = record.mode;
  self->time_limit = record.time_limit;
  self->deadline = g_steal_pointer (&record.deadline);
  self->finish_reason = record.finish_reason;
  imtehan_set_str (&self->language, *record.language != '\0' ? record.language : "en");
  g_free (self->learner);
  self->learner = g_steal_pointer (&record.learner);
  self->current = record.current;

  g_assert (record.n_answers == self->n_slots);
  for (guint i = 0; i < self->n_slots; i++)
    {
      ImtehanAttemptSlot *slot = &self->slots[i];

      if (record.orders[i] != NULL)
        {
          g_strfreev (slot->order);
          slot->order = g_steal_pointer (&record.orders[i]);
        }
      if (record.answers[i] == NULL)
        continue;
      slot->answer = g_strdup (record.answers[i]);
      slot->checked = record.checked[i];
      self->n_answered++;
    }

  return self;
}
