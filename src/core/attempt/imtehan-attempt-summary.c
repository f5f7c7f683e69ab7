/* imtehan-attempt-summary.c: what a listing knows of one attempt file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-attempt-summary"

#include "config.h"

#include "imtehan-attempt.h"
#include "imtehan-attempt-private.h"
#include "imtehan-attempt-summary-private.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-text.h"

/* Trimmed, NFKC-normalized and case-folded: the form in which two learners' names are the same
 * name. */
char *
imtehan_learner_key (const char *name)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (name ? name : ""));
  g_autofree char *normal = g_utf8_normalize (trimmed, -1, G_NORMALIZE_ALL_COMPOSE);

  return g_utf8_casefold (normal ? normal : trimmed, -1);
}

struct _ImtehanAttemptSummary
{
  GObject    parent_instance;

  GFile     *file;       /* atomic; made on demand from directory and name */
  GFile     *directory;
  char      *name;
  char      *id;
  char      *quiz_id;
  char      *quiz_digest;    /* NULL: not recorded */
  char      *language;
  char      *learner;
  char      *roll_number;
  char      *host;           /* NULL: not recorded */
  GDateTime *started;
  ImtehanMode mode;
  ImtehanFinishReason finish_reason;
  guint      time_limit;
  guint      score;
  double     marks;          /* Marks=, else the score */
  guint      total;
  guint      n_answered;
  guint      quiz_version;   /* 0: not recorded */
  guint      finished : 1;
  guint      locked_elsewhere : 1;
};

G_DEFINE_FINAL_TYPE (ImtehanAttemptSummary, imtehan_attempt_summary, G_TYPE_OBJECT)

static void
imtehan_attempt_summary_finalize (GObject *object)
{
  ImtehanAttemptSummary *self = (ImtehanAttemptSummary *)object;

  g_clear_object (&self->file);
  g_clear_object (&self->directory);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->quiz_id, g_free);
  g_clear_pointer (&self->quiz_digest, g_free);
  g_clear_pointer (&self->language, g_free);
  g_clear_pointer (&self->learner, g_free);
  g_clear_pointer (&self->roll_number, g_free);
  g_clear_pointer (&self->host, g_free);
  g_clear_pointer (&self->started, g_date_time_unref);

  G_OBJECT_CLASS (imtehan_attempt_summary_parent_class)->finalize (object);
}

static void
imtehan_attempt_summary_class_init (ImtehanAttemptSummaryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = imtehan_attempt_summary_finalize;
}

static void
imtehan_attempt_summary_init (ImtehanAttemptSummary *self)
{
  self->roll_number = g_strdup ("");
}

/* Only the [Attempt] group (IMTEHAN_ATTEMPT_READ_HEADER): listing thousands of attempts must
 * not load every quiz. */
ImtehanAttemptSummary *
imtehan_attempt_summary_new_from_bytes (GFile       *file,
                                        GBytes      *bytes,
                                        const char  *name,
                                        GError     **error)
{
  g_autoptr(ImtehanKeyFileReader) reader = NULL;
  g_auto(ImtehanAttemptRecord) record = { 0, };
  ImtehanAttemptSummary *self;

  if (!(reader = imtehan_key_file_reader_new (bytes, name, IMTEHAN_ATTEMPT_MAX_SIZE, error)) ||
      !imtehan_attempt_record_read (reader, NULL, IMTEHAN_ATTEMPT_READ_HEADER, &record, error))
    return NULL;

  self = g_object_new (IMTEHAN_TYPE_ATTEMPT_SUMMARY, NULL);
  self->file = g_object_ref (file);
  self->id = g_steal_pointer (&record.id);
  self->quiz_id = g_steal_pointer (&record.quiz_id);
  self->quiz_digest = g_steal_pointer (&record.quiz_digest);
  self->language = g_steal_pointer (&record.language);
  self->learner = g_steal_pointer (&record.learner);
  g_free (self->roll_number);
  self->roll_number = g_steal_pointer (&record.roll_number);
  self->host = g_steal_pointer (&record.host);
  self->started = g_steal_pointer (&record.started);
  self->mode = record.mode;
  self->finish_reason = record.finish_reason;
  self->time_limit = record.time_limit;
  self->finished = record.finished;
  self->score = record.score;
  self->marks = record.marks;
  self->total = record.total;
  self->n_answered = record.n_answered;
  self->quiz_version = record.quiz_version;
  return self;
}

/* A finished attempt as the summary cache remembers it; its GFile is made when asked for. */
ImtehanAttemptSummary *
imtehan_attempt_summary_new_finished (GFile      *directory,
                                      const char *name,
                                      const char *id,
                                      const char *quiz_id,
                                      const char *language,
                                      const char *learner,
                                      GDateTime  *started,
                                      guint       score,
                                      double      marks,
                                      guint       total,
                                      guint       n_answered,
                                      guint       quiz_version,
                                      const char *quiz_digest)
{
  ImtehanAttemptSummary *self = g_object_new (IMTEHAN_TYPE_ATTEMPT_SUMMARY, NULL);

  self->directory = g_object_ref (directory);
  self->name = g_strdup (name);
  self->id = g_strdup (id);
  self->quiz_id = g_strdup (quiz_id);
  self->language = g_strdup (language);
  self->learner = g_strdup (learner);
  self->started = g_date_time_ref (started);
  self->finished = TRUE;
  self->score = score;
  self->marks = marks;
  self->total = total;
  self->n_answered = n_answered;
  self->quiz_version = quiz_version;
  self->quiz_digest = quiz_digest && *quiz_digest ? g_strdup (quiz_digest) : NULL;
  return self;
}

/* What the summary cache keeps of the lab's keys, as the attempt file spells them (Host ""
 * for none). Returns: %FALSE if @mode or @finish_reason is not a value of the file
 * format: the cache was not written by this program. */
gboolean
imtehan_attempt_summary_set_lab_fields (ImtehanAttemptSummary *self,
                                        const char            *roll_number,
                                        const char            *host,
                                        const char            *mode,
                                        const char            *finish_reason)
{
  if (!imtehan_mode_from_string (mode, &self->mode) ||
      !imtehan_finish_reason_from_string (finish_reason, &self->finish_reason))
    return FALSE;
  imtehan_set_str (&self->roll_number, roll_number);
  imtehan_set_str (&self->host, *host != '\0' ? host : NULL);
  return TRUE;
}

void
imtehan_attempt_summary_set_locked_elsewhere (ImtehanAttemptSummary *self,
                                              gboolean               locked_elsewhere)
{
  self->locked_elsewhere = !!locked_elsewhere;
}

/* For g_ptr_array_sort(): ids start with the UTC start time, so they sort by time. */
int
imtehan_attempt_summary_compare_newest_first (gconstpointer a,
                                              gconstpointer b)
{
  ImtehanAttemptSummary *sa = *(ImtehanAttemptSummary **)a;
  ImtehanAttemptSummary *sb = *(ImtehanAttemptSummary **)b;

  return g_strcmp0 (sb->id, sa->id);
}

/* Made when first asked for: the history asks for few of a long listing's files. The store's
 * worker and the caller's thread may both ask. */
GFile *
imtehan_attempt_summary_get_file (ImtehanAttemptSummary *self)
{
  GFile *file;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);

  if ((file = g_atomic_pointer_get (&self->file)) != NULL)
    return file;
  file = g_file_get_child (self->directory, self->name);
  if (!g_atomic_pointer_compare_and_exchange (&self->file, NULL, file))
    g_object_unref (file);
  return g_atomic_pointer_get (&self->file);
}

const char *
imtehan_attempt_summary_get_id (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->id;
}

const char *
imtehan_attempt_summary_get_quiz_id (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->quiz_id;
}

const char *
imtehan_attempt_summary_get_language (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->language;
}

const char *
imtehan_attempt_summary_get_learner (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->learner;
}

/* Free text; "" when not given. */
const char *
imtehan_attempt_summary_get_roll_number (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->roll_number;
}

/* The PC the attempt was begun on, or %NULL if not recorded (Version 1 files). */
const char *
imtehan_attempt_summary_get_host (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->host;
}

/* A report leaves practice attempts out. */
ImtehanMode
imtehan_attempt_summary_get_mode (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), IMTEHAN_MODE_EXAM);
  return self->mode;
}

/* %IMTEHAN_FINISH_REASON_NONE while unfinished. */
ImtehanFinishReason
imtehan_attempt_summary_get_finish_reason (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), IMTEHAN_FINISH_REASON_NONE);
  return self->finish_reason;
}

/* Seconds; 0 for none. Only known while the attempt is unfinished or read from its file: the
 * summary cache keeps finished attempts without it. */
guint
imtehan_attempt_summary_get_time_limit (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), 0);
  return self->time_limit;
}

/**
 * imtehan_attempt_summary_is_by_learner:
 * @learner: a learner's name as typed
 *
 * Whether the attempt was taken under @learner: names are compared after trimming, Unicode
 * normalization and case folding, so "  ayesha KHAN" is "Ayesha Khan".
 */
gboolean
imtehan_attempt_summary_is_by_learner (ImtehanAttemptSummary *self,
                                       const char            *learner)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), FALSE);
  g_return_val_if_fail (learner != NULL, FALSE);

  a = imtehan_learner_key (self->learner);
  b = imtehan_learner_key (learner);
  return g_str_equal (a, b);
}

GDateTime *
imtehan_attempt_summary_get_started (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->started;
}

gboolean
imtehan_attempt_summary_get_finished (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), FALSE);
  return self->finished;
}

guint
imtehan_attempt_summary_get_score (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), 0);
  return self->score;
}

/**
 * imtehan_attempt_summary_get_marks:
 *
 * The marks of a finished attempt, partial credit included: its Marks= (Version 3 files of
 * quizzes with other question types than single choice), else its Score=, the questions
 * that earned their full mark. 0 while unfinished.
 */
double
imtehan_attempt_summary_get_marks (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), 0);
  return self->finished ? self->marks : 0;
}

guint
imtehan_attempt_summary_get_total (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), 0);
  return self->total;
}

guint
imtehan_attempt_summary_get_n_answered (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), 0);
  return self->n_answered;
}

/* The version of the quiz the attempt was taken on (its QuizVersion), or 0 if not recorded. */
guint
imtehan_attempt_summary_get_quiz_version (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), 0);
  return self->quiz_version;
}

/* The digest of the quiz the attempt was begun on (its QuizDigest), or %NULL if not recorded:
 * see imtehan_attempt_get_quiz_digest(). */
const char *
imtehan_attempt_summary_get_quiz_digest (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), NULL);
  return self->quiz_digest;
}

/**
 * imtehan_attempt_summary_get_locked_elsewhere:
 *
 * Whether another process (another instance, another lab PC) held the lock of this
 * unfinished attempt when the folder was listed. It is a snapshot: list again to see it
 * change; imtehan_store_claim_async() checks again, for real.
 */
gboolean
imtehan_attempt_summary_get_locked_elsewhere (ImtehanAttemptSummary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_SUMMARY (self), FALSE);
  return self->locked_elsewhere;
}

/**
 * imtehan_attempt_summaries_get_record:
 * @summaries: #ImtehanAttemptSummary items, newest first (as the store lists them)
 * @quiz_id: (nullable): only the attempts of this quiz; %NULL for all
 * @best: (out) (optional): the best marks of a finished attempt, partial credit included
 * @best_total: (out) (optional): its number of questions
 * @last: (out) (optional): the marks of the newest finished attempt
 * @last_total: (out) (optional): its number of questions
 *
 * The best is the highest share of the marks (imtehan_attempt_summary_get_marks()), the
 * first (newest) of equals.
 *
 * Returns: whether there is a finished attempt; the scores are 0 otherwise
 */
gboolean
imtehan_attempt_summaries_get_record (GListModel *summaries,
                                      const char *quiz_id,
                                      double     *best,
                                      guint      *best_total,
                                      double     *last,
                                      guint      *last_total)
{
  double best_score = 0, last_score = 0;
  guint n, best_of = 0, last_of = 0;
  gboolean found = FALSE;

  g_return_val_if_fail (G_IS_LIST_MODEL (summaries), FALSE);

  n = g_list_model_get_n_items (summaries);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ImtehanAttemptSummary) summary = g_list_model_get_item (summaries, i);
      double score;
      guint total;

      if (!imtehan_attempt_summary_get_finished (summary) ||
          (quiz_id != NULL && g_strcmp0 (summary->quiz_id, quiz_id) != 0))
        continue;
      score = imtehan_attempt_summary_get_marks (summary);
      total = imtehan_attempt_summary_get_total (summary);
      if (!found)
        {
          last_score = score;
          last_of = total;
        }
      if (!found || score * best_of > best_score * total)
        {
          best_score = score;
          best_of = total;
        }
      found = TRUE;
    }

  if (best != NULL)
    *best = best_score;
  if (best_total != NULL)
    *best_total = best_of;
  if (last != NULL)
    *last = last_score;
  if (last_total != NULL)
    *last_total = last_of;
  return found;
}
