/* imtehan-report-attempt.c: one attempt file as the report read and scored it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include "imtehan-quiz.h"
#include "imtehan-report-private.h"

G_DEFINE_FINAL_TYPE (ImtehanReportAttempt, imtehan_report_attempt, G_TYPE_OBJECT)

static void
imtehan_report_attempt_dispose (GObject *object)
{
  ImtehanReportAttempt *self = (ImtehanReportAttempt *)object;

  g_clear_object (&self->file);
  g_clear_object (&self->quiz);
  g_clear_pointer (&self->copies, g_ptr_array_unref);

  G_OBJECT_CLASS (imtehan_report_attempt_parent_class)->dispose (object);
}

static void
imtehan_report_attempt_finalize (GObject *object)
{
  ImtehanReportAttempt *self = (ImtehanReportAttempt *)object;

  g_free (self->path);
  g_free (self->id);
  g_free (self->quiz_id);
  g_free (self->learner);
  g_free (self->roll_number);
  g_free (self->host);
  g_clear_pointer (&self->started, g_date_time_unref);
  g_clear_pointer (&self->finished_at, g_date_time_unref);
  g_free (self->choices);
  g_free (self->marks);
  if (self->responses != NULL)
    for (guint i = 0; i < self->n_questions; i++)
      g_free (self->responses[i]);
  g_free (self->responses);

  G_OBJECT_CLASS (imtehan_report_attempt_parent_class)->finalize (object);
}

static void
imtehan_report_attempt_class_init (ImtehanReportAttemptClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = imtehan_report_attempt_dispose;
  object_class->finalize = imtehan_report_attempt_finalize;
}

static void
imtehan_report_attempt_init (ImtehanReportAttempt *self)
{
  self->copies = g_ptr_array_new_with_free_func (g_object_unref);
  self->saved_score = -1;
}

/* Made when first asked for: a view shows few of a load's 10,000 files, and a GFile each was
 * 2% of the load. Atomic, as a getter may be called from any thread. */
GFile *
imtehan_report_attempt_get_file (ImtehanReportAttempt *self)
{
  GFile *file;

  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), NULL);

  if ((file = g_atomic_pointer_get (&self->file)) == NULL)
    {
      file = g_file_new_for_path (self->path);
      if (!g_atomic_pointer_compare_and_exchange (&self->file, NULL, file))
        {
          g_object_unref (file);
          file = g_atomic_pointer_get (&self->file);
        }
    }
  return file;
}

/**
 * imtehan_report_attempt_get_copies:
 *
 * Returns: (transfer none) (element-type GFile): the other files that hold this same
 * attempt (another USB copy of the folder), counted once.
 */
GPtrArray *
imtehan_report_attempt_get_copies (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), NULL);
  return self->copies;
}

const char *
imtehan_report_attempt_get_id (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), NULL);
  return self->id;
}

const char *
imtehan_report_attempt_get_quiz_id (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), NULL);
  return self->quiz_id;
}

ImtehanQuiz *
imtehan_report_attempt_get_quiz (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), NULL);
  return self->quiz;
}

ImtehanReportStatus
imtehan_report_attempt_get_status (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), 0);
  return self->status;
}

ImtehanReportFlags
imtehan_report_attempt_get_flags (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), 0);
  return self->flags;
}

const char *
imtehan_report_attempt_get_learner (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), NULL);
  return self->learner;
}

const char *
imtehan_report_attempt_get_roll_number (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), NULL);
  return self->roll_number;
}

const char *
imtehan_report_attempt_get_host (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), NULL);
  return self->host;
}

ImtehanMode
imtehan_report_attempt_get_mode (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), 0);
  return self->mode;
}

GDateTime *
imtehan_report_attempt_get_started (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), NULL);
  return self->started;
}

gboolean
imtehan_report_attempt_get_finished (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), FALSE);
  return self->finished;
}

/* NULL while unfinished, and for an attempt listed apart (its file is only summarised). */
GDateTime *
imtehan_report_attempt_get_finished_at (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), NULL);
  return self->finished_at;
}

ImtehanFinishReason
imtehan_report_attempt_get_finish_reason (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), 0);
  return self->finish_reason;
}

/* The time taken, in microseconds; -1 when it is not known (not finished). */
GTimeSpan
imtehan_report_attempt_get_duration (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), -1);
  if (self->finished_at == NULL || self->started == NULL)
    return -1;
  return MAX (0, g_date_time_difference (self->finished_at, self->started));
}

/* The questions scored: the quiz's, or 0 for an attempt listed apart. */
guint
imtehan_report_attempt_get_n_questions (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), 0);
  return self->n_questions;
}

/* The response given to the quiz's question @index (quiz order): for a single-choice
 * question its choice id; NULL if none. */
const char *
imtehan_report_attempt_get_choice (ImtehanReportAttempt *self,
                                   guint                 index)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), NULL);
  g_return_val_if_fail (index < self->n_questions, NULL);
  return self->choices[index];
}

/* The fraction of question @index's mark earned, 0 to 1 (partial credit). */
double
imtehan_report_attempt_get_mark (ImtehanReportAttempt *self,
                                 guint                 index)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), 0);
  g_return_val_if_fail (index < self->n_questions, 0);
  return self->marks[index];
}

/* Recomputed from the answers and the quiz's key, partial credit included; 0 for an attempt
 * listed apart. */
double
imtehan_report_attempt_get_score (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), 0);
  return self->score;
}

guint
imtehan_report_attempt_get_total (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), 0);
  return self->total;
}

/* What the file's Score= says, -1 if it says nothing readable. Shown, never trusted. */
gint64
imtehan_report_attempt_get_saved_score (ImtehanReportAttempt *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), -1);
  return self->saved_score;
}

ImtehanReportAttempt *
imtehan_report_attempt_new (const char *path)
{
  ImtehanReportAttempt *self = g_object_new (IMTEHAN_TYPE_REPORT_ATTEMPT, NULL);

  self->path = g_strdup (path);
  return self;
}
