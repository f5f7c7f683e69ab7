/* imtehan-report-load.c: one load of a report, on worker threads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The report only reads: it never writes, renames or locks anything in the folders it is
 * given (the store sets damaged files aside and takes locks; a teacher's copy must stay as
 * it was). Each file is scored against the quiz it was taken on, copies are counted once,
 * and the counted attempts are grouped by quiz.
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "imtehan-intl-private.h"

#include "imtehan-attempt-private.h"
#include "imtehan-attempt-summary-private.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-quiz.h"
#include "imtehan-report-load-private.h"

static void
progress_clear (ImtehanReportProgress *progress)
{
  g_weak_ref_clear (&progress->report);
}

void
imtehan_report_progress_release (gpointer data)
{
  g_atomic_rc_box_release_full (data, (GDestroyNotify)progress_clear);
}

void
imtehan_report_load_data_free (ImtehanReportLoadData *data)
{
  g_clear_pointer (&data->sources, g_ptr_array_unref);
  g_clear_pointer (&data->library_files, g_hash_table_unref);
  g_clear_pointer (&data->extra_quizzes, g_ptr_array_unref);
  g_clear_pointer (&data->quiz_files, g_ptr_array_unref);
  g_clear_object (&data->versions);
  g_clear_pointer (&data->candidates, g_hash_table_unref);
  g_clear_pointer (&data->files, g_ptr_array_unref);
  g_clear_pointer (&data->visited, g_hash_table_unref);
  g_clear_pointer (&data->attempts, g_ptr_array_unref);
  g_clear_pointer (&data->problems, g_ptr_array_unref);
  g_clear_pointer (&data->groups, g_ptr_array_unref);
  g_clear_pointer (&data->progress, imtehan_report_progress_release);
  g_clear_pointer (&data->context, g_main_context_unref);
  g_mutex_clear (&data->lock);
  g_free (data->file_attempts);
  g_free (data->file_problems);
  g_free (data);
}


void
imtehan_report_load_add_problem (ImtehanReportLoadData    *data,
                                 ImtehanReportProblemKind  kind,
                                 const char               *path,
                                 guint                     line,
                                 ImtehanReportAttempt     *attempt,
                                 const char               *message)
{
  g_ptr_array_add (data->problems, imtehan_report_problem_new (kind, path, line, attempt, message));
}

/* The problem of the file @reader is reading: at most one a file. */
static void
take_file_problem (ImtehanReportReader  *reader,
                   ImtehanReportProblem *problem)
{
  ImtehanReportProblem **slot = &reader->data->file_problems[reader->index];

  g_assert (*slot == NULL);
  *slot = problem;
}

void
imtehan_report_reader_problem (ImtehanReportReader      *reader,
                               ImtehanReportProblemKind  kind,
                               const char               *path,
                               guint                     line,
                               ImtehanReportAttempt     *attempt,
                               const char               *message)
{
  take_file_problem (reader, imtehan_report_problem_new (kind, path, line, attempt, message));
}

void
imtehan_report_load_add_errno_problem (ImtehanReportLoadData    *data,
                                       ImtehanReportProblemKind  kind,
                                       const char               *path,
                                       int                       saved_errno)
{
  g_ptr_array_add (data->problems, imtehan_report_problem_new_errno (kind, path, saved_errno));
}

void
imtehan_report_reader_errno_problem (ImtehanReportReader      *reader,
                                     ImtehanReportProblemKind  kind,
                                     const char               *path,
                                     int                       saved_errno)
{
  take_file_problem (reader, imtehan_report_problem_new_errno (kind, path, saved_errno));
}

/* The loaders' errors say "NAME:LINE: ..."; the line is kept apart for a view to show. */
guint
imtehan_report_line_of_error (const char *message,
                              const char *display)
{
  gsize n = strlen (display);
  guint64 line = 0;

  if (strncmp (message, display, n) != 0 || message[n] != ':' || !g_ascii_isdigit (message[n + 1]))
    return 0;
  line = g_ascii_strtoull (message + n + 1, NULL, 10);
  return line <= G_MAXUINT ? (guint)line : 0;
}

static void
report_progress (ImtehanReportLoadData *data)
{
  /* At most one update waits in the main context: it reads the latest counts. */
  if (g_atomic_int_compare_and_exchange (&data->progress->pending, 0, 1))
    g_main_context_invoke_full (data->context, G_PRIORITY_DEFAULT_IDLE, data->progress_cb,
                                g_atomic_rc_box_acquire (data->progress),
                                imtehan_report_progress_release);
}

/* An attempt listed apart: what its [Attempt] group says, through the store's listing
 * reader (which checks that group as strictly as the loader). NULL, with @error, if even
 * that group is damaged. */
static ImtehanReportAttempt *
attempt_new_from_summary (const char  *path,
                          const char  *display,
                          GBytes      *bytes,
                          GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ImtehanAttemptSummary) summary = NULL;
  ImtehanReportAttempt *self;

  g_autoptr(GChecksum) checksum = NULL;
  gsize length = IMTEHAN_REPORT_SHA256_LENGTH;

  if (!(summary = imtehan_attempt_summary_new_from_bytes (file, bytes, display, error)))
    return NULL;
  self = imtehan_report_attempt_new (path);
  /* Two copies of an attempt listed apart are told apart by their bytes alone (see
   * merge_copies()); a scored attempt's copies are by their answers. */
  checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (checksum, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_checksum_get_digest (checksum, self->digest, &length);
  self->has_digest = TRUE;
  self->id = g_strdup (imtehan_attempt_summary_get_id (summary));
  self->quiz_id = g_strdup (imtehan_attempt_summary_get_quiz_id (summary));
  self->learner = g_strdup (imtehan_attempt_summary_get_learner (summary));
  self->roll_number = g_strdup (imtehan_attempt_summary_get_roll_number (summary));
  self->host = g_strdup (imtehan_attempt_summary_get_host (summary));
  self->mode = imtehan_attempt_summary_get_mode (summary);
  self->started = g_date_time_ref (imtehan_attempt_summary_get_started (summary));
  self->finished = imtehan_attempt_summary_get_finished (summary);
  self->finish_reason = imtehan_attempt_summary_get_finish_reason (summary);
  self->total = imtehan_attempt_summary_get_total (summary);
  if (self->finished)
    self->saved_score = imtehan_attempt_summary_get_score (summary);
  return self;
}

static ImtehanReportAttempt *
attempt_new_scored (const char           *path,
                    ImtehanQuiz          *quiz,
                    ImtehanAttemptRecord *record,
                    ImtehanReportHeader  *header)
{
  ImtehanReportAttempt *self = imtehan_report_attempt_new (path);
  gint64 saved;

  self->id = g_steal_pointer (&record->id);
  self->quiz_id = g_strdup (imtehan_quiz_get_id (quiz));
  self->quiz = g_object_ref (quiz);
  self->learner = g_steal_pointer (&record->learner);
  self->roll_number = g_steal_pointer (&record->roll_number);
  self->host = g_steal_pointer (&record->host);
  self->mode = record->mode;
  self->started = g_steal_pointer (&record->started);
  self->finished_at = g_steal_pointer (&record->finished_at);
  self->finished = self->finished_at != NULL;
  self->finish_reason = record->finish_reason;
  if (header->quiz_digest == NULL || *header->quiz_digest == '\0')
    self->flags |= IMTEHAN_REPORT_FLAG_NO_DIGEST;

  /* Marks from the key, not from the attempt's own scoring: the figures must equal those
   * computed by hand from the file and the quiz. */
  g_assert (record->n_answers == imtehan_quiz_get_n_questions (quiz));
  self->n_questions = self->total = record->n_answers;
  self->choices = g_steal_pointer (&record->answers);
  self->responses = g_steal_pointer (&record->responses);
  self->marks = g_new0 (double, self->n_questions);
  for (guint i = 0; i < self->n_questions; i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);

      /* A single choice's id is the quiz's own string: compared, not graded, for speed. */
      if (imtehan_question_get_kind (question) == IMTEHAN_QUESTION_SINGLE)
        self->marks[i] = self->choices[i] != NULL &&
                         g_str_equal (self->choices[i], imtehan_question_get_answer (question));
      else
        self->marks[i] = imtehan_question_grade (question, self->choices[i]);
      self->score += self->marks[i];
      self->n_right += self->marks[i] >= 1;
    }

  if (header->score != NULL &&
      g_ascii_string_to_signed (header->score, 10, 0, G_MAXINT, &saved, NULL))
    self->saved_score = saved;
  /* A finished attempt always saves its score: none, or another number, is flagged. */
  if ((self->finished || self->saved_score >= 0) && self->saved_score != (gint64)self->n_right)
    self->flags |= IMTEHAN_REPORT_FLAG_SCORE_MISMATCH;
  return self;
}

static void
read_one (ImtehanReportReader    *reader,
          ImtehanReportFoundFile *found)
{
  ImtehanReportLoadData *data = reader->data;
  const char *path = found->path;
  g_auto(ImtehanReportHeader) header = { 0, };
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanKeyFileReader) keys = NULL;
  g_auto(ImtehanAttemptRecord) attempt = { 0, };
  g_autofree char *display = NULL;
  g_autofree char *message = NULL;
  ImtehanReportAttempt *record;
  ImtehanReportProblemKind kind;
  ImtehanQuiz *quiz = NULL;
  GPtrArray *candidates = NULL;

  if (!(bytes = imtehan_report_read_file (reader, found)))
    return;
  display = g_filename_display_name (path);
  imtehan_report_scan_header (bytes, &header);
  if (header.quiz != NULL && *header.quiz != '\0')
    {
      g_mutex_lock (&data->lock);
      candidates = imtehan_report_get_candidates (data, header.quiz);
      quiz = imtehan_report_match_quiz (candidates, &header);
      if (quiz == NULL)
        quiz = imtehan_report_match_kept_version (data, candidates, &header);
      g_mutex_unlock (&data->lock);
    }

  if (quiz != NULL)
    {
      /* What imtehan_attempt_new_from_bytes() would check, without building the attempt. */
      if (!(keys = imtehan_key_file_reader_new (bytes, display, IMTEHAN_ATTEMPT_MAX_SIZE,
                                                &error)) ||
          !imtehan_attempt_read_record (quiz, keys, &attempt, &error))
        goto damaged;
      data->file_attempts[reader->index] = attempt_new_scored (path, quiz, &attempt, &header);
      return;
    }

  /* Listed apart, if its [Attempt] group is sound. */
  if (!(record = attempt_new_from_summary (path, display, bytes, &error)))
    goto damaged;
  data->file_attempts[reader->index] = record;
  /* Named by id, version and digest: what a teacher looks for on the PC it was taken on. */
  if (candidates == NULL || candidates->len == 0)
    {
      record->status = IMTEHAN_REPORT_STATUS_QUIZ_MISSING;
      kind = IMTEHAN_REPORT_PROBLEM_QUIZ_MISSING;
      message = g_strdup_printf (_("%s: the quiz “%s” was not found; give its file to the "
                                   "report"), display, record->quiz_id);
    }
  else
    {
      record->status = IMTEHAN_REPORT_STATUS_QUIZ_CHANGED;
      kind = IMTEHAN_REPORT_PROBLEM_QUIZ_CHANGED;
      if (header.quiz_digest != NULL && *header.quiz_digest != '\0')
        message = g_strdup_printf (_("%s: taken on version %s of the quiz “%s” (digest %s), "
                                     "which was not found; give that version's file, or the "
                                     "folder of quiz versions of the PC it was taken on, to "
                                     "the report"), display,
                                   header.quiz_version ? header.quiz_version : "?",
                                   record->quiz_id, header.quiz_digest);
      else
        message = g_strdup_printf (_("%s: taken on version %s of the quiz “%s”, which was not "
                                     "found; give that version's file to the report"), display,
                                   header.quiz_version ? header.quiz_version : "?",
                                   record->quiz_id);
    }
  imtehan_report_reader_problem (reader, kind, path, 0, record, message);
  return;

damaged:
  imtehan_report_reader_problem (reader,
                                 g_error_matches (error, IMTEHAN_ERROR, IMTEHAN_ERROR_VERSION)
                                 ? IMTEHAN_REPORT_PROBLEM_NEWER_VERSION
                                 : IMTEHAN_REPORT_PROBLEM_DAMAGED,
                                 path, imtehan_report_line_of_error (error->message, display),
                                 NULL, error->message);
}

static gboolean
same_answers (ImtehanReportAttempt *a,
              ImtehanReportAttempt *b)
{
  if (a->quiz == NULL || a->quiz != b->quiz || a->finished != b->finished)
    return FALSE;
  for (guint i = 0; i < a->n_questions; i++)
    if (g_strcmp0 (a->choices[i], b->choices[i]) != 0)
      return FALSE;
  return TRUE;
}

/* Only attempts listed apart keep a digest of their bytes: reading is deterministic, so two
 * scored files with the same bytes have the same quiz and answers, and same_answers() says
 * so without hashing every file (SHA-256 was 15% of a load of 10,000 files). */
static gboolean
same_bytes (ImtehanReportAttempt *a,
            ImtehanReportAttempt *b)
{
  return a->has_digest && b->has_digest &&
         memcmp (a->digest, b->digest, IMTEHAN_REPORT_SHA256_LENGTH) == 0;
}

static void
add_conflict (ImtehanReportLoadData *data,
              ImtehanReportAttempt  *attempt,
              ImtehanReportAttempt  *other)
{
  g_autofree char *display = g_file_get_parse_name (imtehan_report_attempt_get_file (attempt));
  g_autofree char *other_display = g_file_get_parse_name (imtehan_report_attempt_get_file (other));
  g_autofree char *message = g_strdup_printf (_("%s: the attempt “%s” is also in %s with "
                                                "other answers; neither is counted"),
                                              display, attempt->id, other_display);

  imtehan_report_load_add_problem (data, IMTEHAN_REPORT_PROBLEM_CONFLICT, attempt->path, 0,
                                   attempt, message);
}

/* One attempt, one count: the same id in several files (USB copies of one folder) with the
 * same bytes, or the same answers, is counted once. The same id with other answers (a copy
 * made in the middle of the attempt, or two PCs whose ids collided) cannot be settled here:
 * both are listed apart. */
static void
merge_copies (ImtehanReportLoadData *data)
{
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < data->attempts->len; i++)
    {
      ImtehanReportAttempt *attempt = g_ptr_array_index (data->attempts, i);
      ImtehanReportAttempt *first = g_hash_table_lookup (by_id, attempt->id);

      if (first == NULL)
        {
          g_hash_table_insert (by_id, attempt->id, attempt);
          g_ptr_array_add (kept, g_object_ref (attempt));
        }
      else if (same_bytes (first, attempt) || same_answers (first, attempt))
        {
          g_ptr_array_add (first->copies, g_object_ref (imtehan_report_attempt_get_file (attempt)));
          first->flags |= IMTEHAN_REPORT_FLAG_COPIES;
        }
      else
        {
          if (first->status != IMTEHAN_REPORT_STATUS_CONFLICT)
            {
              first->status = IMTEHAN_REPORT_STATUS_CONFLICT;
              add_conflict (data, first, attempt);
            }
          attempt->status = IMTEHAN_REPORT_STATUS_CONFLICT;
          add_conflict (data, attempt, first);
          g_ptr_array_add (kept, g_object_ref (attempt));
        }
    }
  g_ptr_array_unref (data->attempts);
  data->attempts = g_steal_pointer (&kept);
}

static int
compare_groups (gconstpointer a,
                gconstpointer b)
{
  ImtehanQuiz *x = (*(ImtehanReportQuiz * const *)a)->quiz;
  ImtehanQuiz *y = (*(ImtehanReportQuiz * const *)b)->quiz;
  int cmp = strcmp (imtehan_quiz_get_id (x), imtehan_quiz_get_id (y));

  /* The newest version of a quiz first. */
  if (cmp == 0)
    cmp = (imtehan_quiz_get_version (y) > imtehan_quiz_get_version (x)) -
          (imtehan_quiz_get_version (y) < imtehan_quiz_get_version (x));
  return cmp != 0 ? cmp : strcmp (imtehan_quiz_get_digest (x), imtehan_quiz_get_digest (y));
}

static void
make_groups (ImtehanReportLoadData *data)
{
  g_autoptr(GHashTable) by_quiz = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < data->attempts->len; i++)
    {
      ImtehanReportAttempt *attempt = g_ptr_array_index (data->attempts, i);
      ImtehanReportQuiz *group;

      if (attempt->status != IMTEHAN_REPORT_STATUS_COUNTED)
        continue;
      if (!(group = g_hash_table_lookup (by_quiz, attempt->quiz)))
        {
          group = g_object_new (IMTEHAN_TYPE_REPORT_QUIZ, NULL);
          group->quiz = g_object_ref (attempt->quiz);
          g_hash_table_insert (by_quiz, attempt->quiz, group);
          g_ptr_array_add (data->groups, group);
        }
      g_list_store_append (group->attempts, attempt);
    }
  g_ptr_array_sort (data->groups, compare_groups);

  for (guint i = 0; i < data->groups->len; i++)
    for (guint j = 0; j < data->groups->len; j++)
      {
        ImtehanReportQuiz *a = g_ptr_array_index (data->groups, i);
        ImtehanReportQuiz *b = g_ptr_array_index (data->groups, j);

        if (i == j || !g_str_equal (imtehan_quiz_get_id (a->quiz), imtehan_quiz_get_id (b->quiz)))
          continue;
        a->other_versions = TRUE;
        if (imtehan_quiz_get_version (a->quiz) == imtehan_quiz_get_version (b->quiz))
          a->same_number = TRUE;
      }
}

static int
compare_found_files (gconstpointer a,
                     gconstpointer b)
{
  return strcmp ((*(ImtehanReportFoundFile * const *)a)->path,
                 (*(ImtehanReportFoundFile * const *)b)->path);
}

static gpointer
reader_run (gpointer user_data)
{
  ImtehanReportReader *reader = user_data;
  ImtehanReportLoadData *data = reader->data;
  gint index;

  while ((index = g_atomic_int_add (&data->next_file, 1)) < (gint)data->files->len &&
         !g_cancellable_is_cancelled (reader->cancellable))
    {
      reader->index = index;
      read_one (reader, g_ptr_array_index (data->files, index));
      g_atomic_int_inc (&data->progress->read);
      report_progress (data);
    }
  g_clear_pointer (&reader->buffer, g_free);
  return NULL;
}

/* Reading and checking the files is most of a report's time and each file is read alone,
 * so a lab's folder is read on several cores (docs/performance.md); a handful of files is
 * not worth a thread. What the files gave is then joined in their order. */
static void
read_files (ImtehanReportLoadData *data,
            GCancellable          *cancellable)
{
  guint n_files = data->files->len;
  guint n_readers = data->max_readers ? data->max_readers
                                      : MIN ((guint)g_get_num_processors (), 1 + n_files / 256);
  g_autofree ImtehanReportReader *readers = NULL;
  g_autofree GThread **threads = NULL;

  n_readers = CLAMP (n_readers, 1, 4);
  readers = g_new0 (ImtehanReportReader, n_readers);
  threads = g_new0 (GThread *, n_readers);

  data->file_attempts = g_new0 (ImtehanReportAttempt *, n_files);
  data->file_problems = g_new0 (ImtehanReportProblem *, n_files);
  for (guint i = 0; i < n_readers; i++)
    {
      readers[i].data = data;
      readers[i].cancellable = cancellable;
      /* Without a thread, the others read its share. */
      if (i > 0)
        threads[i] = g_thread_try_new ("imtehan-report", reader_run, &readers[i], NULL);
    }
  reader_run (&readers[0]);
  for (guint i = 1; i < n_readers; i++)
    if (threads[i] != NULL)
      g_thread_join (threads[i]);

  for (guint i = 0; i < n_files; i++)
    {
      if (data->file_attempts[i] != NULL)
        g_ptr_array_add (data->attempts, data->file_attempts[i]);
      if (data->file_problems[i] != NULL)
        g_ptr_array_add (data->problems, data->file_problems[i]);
    }
  g_clear_pointer (&data->file_attempts, g_free);
  g_clear_pointer (&data->file_problems, g_free);
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *)a, *(const char * const *)b);
}

/* The quiz files found among the sources, before any attempt is read: each is a candidate
 * for its id, after the library's file and those given. One that does not load is listed. */
static void
load_quiz_files (ImtehanReportLoadData *data,
                 GCancellable          *cancellable)
{
  g_ptr_array_sort (data->quiz_files, compare_paths);
  for (guint i = 0; i < data->quiz_files->len; i++)
    {
      const char *path = g_ptr_array_index (data->quiz_files, i);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *display = g_filename_display_name (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(ImtehanQuiz) quiz = NULL;

      if ((bytes = imtehan_key_file_load_bytes (file, IMTEHAN_QUIZ_MAX_SIZE, cancellable, &error)))
        quiz = imtehan_quiz_new_from_bytes (bytes, display, &error);
      if (quiz != NULL)
        g_ptr_array_add (data->extra_quizzes, g_steal_pointer (&quiz));
      else
        imtehan_report_load_add_problem (data, IMTEHAN_REPORT_PROBLEM_QUIZ_UNREADABLE, path,
                                         imtehan_report_line_of_error (error->message, display),
                                         NULL, error->message);
    }
}

gboolean
imtehan_report_load_run (ImtehanReportLoadData  *data,
                         GCancellable           *cancellable,
                         GError                **error)
{
  for (guint i = 0; i < data->sources->len; i++)
    {
      const char *path = g_ptr_array_index (data->sources, i);
      struct stat st;

      if (stat (path, &st) < 0)
        imtehan_report_load_add_errno_problem (data, IMTEHAN_REPORT_PROBLEM_UNREADABLE, path,
                                               errno);
      else if (S_ISDIR (st.st_mode))
        imtehan_report_walk_folder (data, path, 0, cancellable);
      else
        imtehan_report_add_found_file (data, path, S_ISREG (st.st_mode));
    }
  load_quiz_files (data, cancellable);
  /* The same order whatever the file system's: the first of two copies is the one shown. */
  g_ptr_array_sort (data->files, compare_found_files);
  g_atomic_int_set (&data->progress->total, data->files->len);
  report_progress (data);

  read_files (data, cancellable);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  merge_copies (data);
  make_groups (data);
  return TRUE;
}
