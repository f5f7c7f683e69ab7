/* imtehan-report.c: a class's attempt files, read from folders and recomputed (issue 17)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The report only reads: it never writes, renames or locks anything in the folders it is
 * given (the store sets damaged files aside and takes locks; a teacher's copy must stay as
 * it was). Everything is read on one worker thread with plain POSIX calls, so that a FIFO
 * named *.ini, a link loop or a file that vanishes is a listed problem, never a hang.
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "imtehan-intl-private.h"

#include "imtehan-attempt-private.h"
#include "imtehan-attempt-summary-private.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-library.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "imtehan-report.h"

#define SHA256_LENGTH 32

/* ImtehanReportAttempt ------------------------------------------------------------------ */

struct _ImtehanReportAttempt
{
  GObject              parent_instance;

  char                *path;
  GFile               *file;      /* of path, made when first asked for */
  GPtrArray           *copies;    /* GFile: other files with the same attempt, counted once */
  char                *id;
  char                *quiz_id;
  ImtehanQuiz         *quiz;      /* the quiz it was scored against; NULL unless counted */
  ImtehanReportStatus  status;
  ImtehanReportFlags   flags;
  char                *learner;
  char                *roll_number;
  char                *host;      /* NULL: not recorded (Version 1) */
  ImtehanMode          mode;
  GDateTime           *started;
  GDateTime           *finished_at;
  gboolean             finished;
  ImtehanFinishReason  finish_reason;
  guint                n_questions;
  const char         **choices;   /* owned by quiz; NULL: no answer */
  guint8              *marks;
  guint                score;
  guint                total;
  gint64               saved_score; /* -1: none saved, or not a number */
  gboolean             has_digest;
  guint8               digest[SHA256_LENGTH]; /* of the file's bytes; only if listed apart */
};

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

/* The choice id given to the quiz's question @index (quiz order), NULL if none. */
const char *
imtehan_report_attempt_get_choice (ImtehanReportAttempt *self,
                                   guint                 index)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), NULL);
  g_return_val_if_fail (index < self->n_questions, NULL);
  return self->choices[index];
}

guint
imtehan_report_attempt_get_mark (ImtehanReportAttempt *self,
                                 guint                 index)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_ATTEMPT (self), 0);
  g_return_val_if_fail (index < self->n_questions, 0);
  return self->marks[index];
}

/* Recomputed from the answers and the quiz's key; 0 for an attempt listed apart. */
guint
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

/* ImtehanReportProblem ------------------------------------------------------------------ */

struct _ImtehanReportProblem
{
  GObject                   parent_instance;

  ImtehanReportProblemKind  kind;
  GFile                    *file;
  guint                     line;    /* 0: not known */
  char                     *message; /* translated, names the file */
  ImtehanReportAttempt     *attempt; /* for an attempt listed apart */
};

G_DEFINE_FINAL_TYPE (ImtehanReportProblem, imtehan_report_problem, G_TYPE_OBJECT)

static void
imtehan_report_problem_dispose (GObject *object)
{
  ImtehanReportProblem *self = (ImtehanReportProblem *)object;

  g_clear_object (&self->file);
  g_clear_object (&self->attempt);

  G_OBJECT_CLASS (imtehan_report_problem_parent_class)->dispose (object);
}

static void
imtehan_report_problem_finalize (GObject *object)
{
  ImtehanReportProblem *self = (ImtehanReportProblem *)object;

  g_free (self->message);

  G_OBJECT_CLASS (imtehan_report_problem_parent_class)->finalize (object);
}

static void
imtehan_report_problem_class_init (ImtehanReportProblemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = imtehan_report_problem_dispose;
  object_class->finalize = imtehan_report_problem_finalize;
}

static void
imtehan_report_problem_init (ImtehanReportProblem *self)
{
}

ImtehanReportProblemKind
imtehan_report_problem_get_kind (ImtehanReportProblem *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_PROBLEM (self), 0);
  return self->kind;
}

GFile *
imtehan_report_problem_get_file (ImtehanReportProblem *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_PROBLEM (self), NULL);
  return self->file;
}

guint
imtehan_report_problem_get_line (ImtehanReportProblem *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_PROBLEM (self), 0);
  return self->line;
}

const char *
imtehan_report_problem_get_message (ImtehanReportProblem *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_PROBLEM (self), NULL);
  return self->message;
}

ImtehanReportAttempt *
imtehan_report_problem_get_attempt (ImtehanReportProblem *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_PROBLEM (self), NULL);
  return self->attempt;
}

/* ImtehanReportQuiz --------------------------------------------------------------------- */

struct _ImtehanReportQuiz
{
  GObject      parent_instance;

  ImtehanQuiz *quiz;
  GListStore  *attempts;
  /* Other groups of the report have the same quiz id (another version), the same Version
   * number too (a file changed without raising it). */
  gboolean     other_versions;
  gboolean     same_number;
};

G_DEFINE_FINAL_TYPE (ImtehanReportQuiz, imtehan_report_quiz, G_TYPE_OBJECT)

static void
imtehan_report_quiz_dispose (GObject *object)
{
  ImtehanReportQuiz *self = (ImtehanReportQuiz *)object;

  g_clear_object (&self->quiz);
  g_clear_object (&self->attempts);

  G_OBJECT_CLASS (imtehan_report_quiz_parent_class)->dispose (object);
}

static void
imtehan_report_quiz_class_init (ImtehanReportQuizClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = imtehan_report_quiz_dispose;
}

static void
imtehan_report_quiz_init (ImtehanReportQuiz *self)
{
  self->attempts = g_list_store_new (IMTEHAN_TYPE_REPORT_ATTEMPT);
}

/* The quiz's content the attempts were taken on: one group per quiz file (digest). */
ImtehanQuiz *
imtehan_report_quiz_get_quiz (ImtehanReportQuiz *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_QUIZ (self), NULL);
  return self->quiz;
}

/* The counted attempts, practice ones included, each once. */
GListModel *
imtehan_report_quiz_get_attempts (ImtehanReportQuiz *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_QUIZ (self), NULL);
  return G_LIST_MODEL (self->attempts);
}

/**
 * imtehan_report_quiz_dup_title:
 *
 * The quiz's title in @lang, and which version it is when the report holds several versions
 * of the quiz: what the window, the PDF and the CSV files name a group by.
 */
char *
imtehan_report_quiz_dup_title (ImtehanReportQuiz *self,
                               const char        *lang)
{
  const char *title;

  g_return_val_if_fail (IMTEHAN_IS_REPORT_QUIZ (self), NULL);

  title = imtehan_quiz_get_title (self->quiz, lang);
  if (self->same_number)
    /* Translators: a quiz's title, its version number and the start of its digest (a file
     * changed without its version raised), e.g. "ZeRO (version 2, 95b728c9)" */
    return g_strdup_printf (_("%s (version %u, %.8s)"), title,
                            imtehan_quiz_get_version (self->quiz),
                            imtehan_quiz_get_digest (self->quiz));
  if (self->other_versions)
    /* Translators: a quiz's title and its version number, e.g. "ZeRO (version 1)" */
    return g_strdup_printf (_("%s (version %u)"), title, imtehan_quiz_get_version (self->quiz));
  return g_strdup (title);
}

/* The load, on the worker ---------------------------------------------------------------- */

/* Shared with the main context's progress source, which may run after the load is over. */
typedef struct
{
  GWeakRef report;
  gint     read;
  gint     total;
  gint     pending;
} Progress;

typedef struct
{
  GPtrArray    *sources;       /* char *: paths */
  GHashTable   *library_files; /* quiz id → GFile, snapshotted on the calling thread */
  GPtrArray    *extra_quizzes; /* ImtehanQuiz */
  GPtrArray    *quiz_files;    /* char *: the *.quiz files found among the sources */
  ImtehanQuizVersions *versions; /* nullable; thread-safe */
  GHashTable   *candidates;    /* quiz id → GPtrArray of ImtehanQuiz, filled on demand */
  GPtrArray    *files;         /* FoundFile: the *.ini files found */
  GHashTable   *visited;       /* "dev:ino" of the folders read */
  GPtrArray    *attempts;      /* ImtehanReportAttempt, one per file read */
  GPtrArray    *problems;      /* ImtehanReportProblem */
  GPtrArray    *groups;        /* ImtehanReportQuiz, the result */
  Progress     *progress;
  GMainContext *context;
  GMutex        lock;          /* candidates, and problems while files are read */
  guint         max_readers;   /* 0: one per processor, up to 4 */
  gint          next_file;     /* the next of files to read, taken by the readers in turn */
  /* What each file gave, by its index in files: filled by whichever reader read it, then
   * joined in the files' order, so the result does not depend on how the readers ran. */
  ImtehanReportAttempt **file_attempts;
  ImtehanReportProblem **file_problems;
} LoadData;

/* One thread reading files: at most one attempt and one problem come of a file. */
typedef struct
{
  LoadData     *data;
  GCancellable *cancellable;
  guint         index;         /* of the file being read */
  char         *buffer;        /* the file being read; reused, see read_attempt_file() */
  gsize         buffer_size;
} Reader;

/* A file to read, with its type as the folder listed it (links followed). */
typedef struct
{
  gboolean regular;
  char     path[];
} FoundFile;

static void
add_found_file (LoadData   *data,
                const char *path,
                gboolean    regular)
{
  gsize size = strlen (path) + 1;
  FoundFile *file = g_malloc (sizeof (FoundFile) + size);

  file->regular = regular;
  memcpy (file->path, path, size);
  g_ptr_array_add (data->files, file);
}

static void
progress_clear (Progress *progress)
{
  g_weak_ref_clear (&progress->report);
}

static void
progress_release (gpointer data)
{
  g_atomic_rc_box_release_full (data, (GDestroyNotify)progress_clear);
}

static void
load_data_free (LoadData *data)
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
  g_clear_pointer (&data->progress, progress_release);
  g_clear_pointer (&data->context, g_main_context_unref);
  g_mutex_clear (&data->lock);
  g_free (data->file_attempts);
  g_free (data->file_problems);
  g_free (data);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LoadData, load_data_free)

static ImtehanReportProblem *
problem_new (ImtehanReportProblemKind  kind,
             const char               *path,
             guint                     line,
             ImtehanReportAttempt     *attempt,
             const char               *message)
{
  ImtehanReportProblem *problem = g_object_new (IMTEHAN_TYPE_REPORT_PROBLEM, NULL);

  problem->kind = kind;
  problem->file = path ? g_file_new_for_path (path) : NULL;
  problem->line = line;
  problem->message = g_strdup (message);
  problem->attempt = attempt ? g_object_ref (attempt) : NULL;
  return problem;
}

static void
add_problem (LoadData                 *data,
             ImtehanReportProblemKind  kind,
             const char               *path,
             guint                     line,
             ImtehanReportAttempt     *attempt,
             const char               *message)
{
  g_ptr_array_add (data->problems, problem_new (kind, path, line, attempt, message));
}

/* The problem of the file @reader is reading: at most one a file. */
static void
take_file_problem (Reader               *reader,
                   ImtehanReportProblem *problem)
{
  ImtehanReportProblem **slot = &reader->data->file_problems[reader->index];

  g_assert (*slot == NULL);
  *slot = problem;
}

static void
file_problem (Reader                   *reader,
              ImtehanReportProblemKind  kind,
              const char               *path,
              guint                     line,
              ImtehanReportAttempt     *attempt,
              const char               *message)
{
  take_file_problem (reader, problem_new (kind, path, line, attempt, message));
}

/* "NAME: strerror" for an errno, with the name as the user reads it. */
static ImtehanReportProblem *
errno_problem_new (ImtehanReportProblemKind  kind,
                   const char               *path,
                   int                       saved_errno)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *message = g_strdup_printf ("%s: %s", display, g_strerror (saved_errno));

  return problem_new (kind, path, 0, NULL, message);
}

static void
add_errno_problem (LoadData                 *data,
                   ImtehanReportProblemKind  kind,
                   const char               *path,
                   int                       saved_errno)
{
  g_ptr_array_add (data->problems, errno_problem_new (kind, path, saved_errno));
}

static void
file_errno_problem (Reader                   *reader,
                    ImtehanReportProblemKind  kind,
                    const char               *path,
                    int                       saved_errno)
{
  take_file_problem (reader, errno_problem_new (kind, path, saved_errno));
}

/* The loaders' errors say "NAME:LINE: ..."; the line is kept apart for a view to show. */
static guint
line_of_error (const char *message,
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
progress_dispatch_cb (gpointer user_data);

static gboolean
progress_idle_cb (gpointer user_data)
{
  progress_dispatch_cb (user_data);
  return G_SOURCE_REMOVE;
}

static void
report_progress (LoadData *data)
{
  /* At most one update waits in the main context: it reads the latest counts. */
  if (g_atomic_int_compare_and_exchange (&data->progress->pending, 0, 1))
    g_main_context_invoke_full (data->context, G_PRIORITY_DEFAULT_IDLE, progress_idle_cb,
                                g_atomic_rc_box_acquire (data->progress), progress_release);
}

static gboolean
has_suffix (const char *name,
            const char *suffix)
{
  return g_str_has_suffix (name, suffix) && strlen (name) > strlen (suffix);
}

static void walk_folder (LoadData     *data,
                         const char   *path,
                         guint         depth,
                         GCancellable *cancellable);

/* Only names are looked at: a folder of 100,000 unrelated files costs one readdir() each,
 * no stat(). Hidden names are left out: ".Trash-1000" on a USB stick holds deleted files. */
static void
walk_folder (LoadData     *data,
             const char   *path,
             guint         depth,
             GCancellable *cancellable)
{
  g_autoptr(GPtrArray) subfolders = g_ptr_array_new_with_free_func (g_free);
  struct stat st;
  struct dirent *entry;
  DIR *dir;
  int fd;
  char *key;

  if (g_cancellable_is_cancelled (cancellable))
    return;
  /* O_NONBLOCK: a FIFO swapped in for the folder must not block the open. */
  if ((fd = open (path, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)) < 0)
    {
      add_errno_problem (data, errno == ENOENT ? IMTEHAN_REPORT_PROBLEM_VANISHED
                                               : IMTEHAN_REPORT_PROBLEM_UNREADABLE,
                         path, errno);
      return;
    }
  if (fstat (fd, &st) < 0)
    {
      add_errno_problem (data, IMTEHAN_REPORT_PROBLEM_UNREADABLE, path, errno);
      close (fd);
      return;
    }
  key = g_strdup_printf ("%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT,
                         (guint64)st.st_dev, (guint64)st.st_ino);
  if (!g_hash_table_add (data->visited, key))
    {
      g_autofree char *display = g_filename_display_name (path);
      g_autofree char *message = g_strdup_printf (_("%s: this folder was already read "
                                                    "(a link leads back to it)"), display);

      add_problem (data, IMTEHAN_REPORT_PROBLEM_FOLDER_SKIPPED, path, 0, NULL, message);
      close (fd);
      return;
    }
  if (!(dir = fdopendir (fd)))
    {
      add_errno_problem (data, IMTEHAN_REPORT_PROBLEM_UNREADABLE, path, errno);
      close (fd);
      return;
    }

  while ((errno = 0, entry = readdir (dir)) != NULL)
    {
      const char *name = entry->d_name;
      gboolean is_ini;
      unsigned char type = entry->d_type;

      if (name[0] == '.')
        continue;
      is_ini = has_suffix (name, ".ini");
      if (type == DT_LNK || type == DT_UNKNOWN)
        {
          struct stat target;

          if (fstatat (dirfd (dir), name, &target, 0) < 0)
            {
              /* A dangling link is nothing of ours; a link loop is listed wherever it is. */
              int saved_errno = errno;

              if (is_ini || saved_errno == ELOOP)
                {
                  g_autofree char *child = g_build_filename (path, name, NULL);

                  add_errno_problem (data, IMTEHAN_REPORT_PROBLEM_UNREADABLE, child, saved_errno);
                }
              continue;
            }
          type = S_ISDIR (target.st_mode) ? DT_DIR : S_ISREG (target.st_mode) ? DT_REG : DT_FIFO;
        }
      if (type == DT_DIR)
        g_ptr_array_add (subfolders, g_build_filename (path, name, NULL));
      else if (is_ini)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          add_found_file (data, child, type == DT_REG);
        }
      /* A quiz file beside the attempts (a PC's kept versions, copied with its results) is a
       * version they may have been taken on. */
      else if (type == DT_REG && has_suffix (name, ".quiz"))
        g_ptr_array_add (data->quiz_files, g_build_filename (path, name, NULL));
    }
  if (errno != 0)
    add_errno_problem (data, IMTEHAN_REPORT_PROBLEM_UNREADABLE, path, errno);
  closedir (dir);

  for (guint i = 0; i < subfolders->len; i++)
    {
      const char *child = g_ptr_array_index (subfolders, i);

      if (depth + 1 > IMTEHAN_REPORT_MAX_DEPTH)
        {
          g_autofree char *display = g_filename_display_name (child);
          g_autofree char *message = g_strdup_printf (_("%s: this folder is too deep to be "
                                                        "read; give it to the report itself"),
                                                      display);

          add_problem (data, IMTEHAN_REPORT_PROBLEM_FOLDER_SKIPPED, child, 0, NULL, message);
          continue;
        }
      walk_folder (data, child, depth + 1, cancellable);
    }
}

/* Reads @found whole into reader->buffer, or lists why not. A FIFO or a device named *.ini is
 * never opened: the folder's listing (or the stat() of a file given) says what it is, so no
 * stat() here (it was one path lookup more per file than a bare GKeyFile load). O_NONBLOCK,
 * and fstat() after the open: another PC may have replaced the file since it was listed, and
 * such a file is listed, never waited on.
 *
 * The bytes are only valid until the next file is read. One buffer per reader for the whole load: a
 * fresh allocation of an attempt's size (above malloc's 1 KiB large-bin threshold) made
 * malloc consolidate its free lists on every file. */
static GBytes *
read_attempt_file (Reader    *reader,
                   FoundFile *found)
{
  const char *path = found->path;
  g_autofree char *display = NULL;
  g_autofree char *message = NULL;
  gsize size = 0, allocated;
  struct stat st;
  int fd;

  if (!found->regular)
    goto not_regular;
  if ((fd = open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) < 0)
    {
      file_errno_problem (reader, errno == ENOENT ? IMTEHAN_REPORT_PROBLEM_VANISHED
                                                  : IMTEHAN_REPORT_PROBLEM_UNREADABLE,
                          path, errno);
      return NULL;
    }
  if (fstat (fd, &st) < 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      goto not_regular;
    }
  if (st.st_size > IMTEHAN_ATTEMPT_MAX_SIZE)
    {
      close (fd);
      goto too_large;
    }

  /* One byte past the cap: a file that grew meanwhile is still refused unread. */
  allocated = MIN ((gsize)st.st_size, IMTEHAN_ATTEMPT_MAX_SIZE) + 1;
  if (reader->buffer_size < allocated)
    {
      reader->buffer_size = MAX (allocated, 4096);
      g_free (reader->buffer);
      reader->buffer = g_malloc (reader->buffer_size);
    }
  allocated = reader->buffer_size;
  for (;;)
    {
      gssize n;

      if (size == allocated)
        {
          if (allocated > IMTEHAN_ATTEMPT_MAX_SIZE)
            break;
          reader->buffer_size = allocated = MIN (allocated * 2, (gsize)IMTEHAN_ATTEMPT_MAX_SIZE + 1);
          reader->buffer = g_realloc (reader->buffer, allocated);
        }
      n = read (fd, reader->buffer + size, allocated - size);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          close (fd);
          file_errno_problem (reader, IMTEHAN_REPORT_PROBLEM_UNREADABLE, path, saved_errno);
          return NULL;
        }
      if (n == 0)
        break;
      size += n;
    }
  close (fd);
  if (size > IMTEHAN_ATTEMPT_MAX_SIZE)
    goto too_large;
  return g_bytes_new_static (reader->buffer, size);

not_regular:
  display = g_filename_display_name (path);
  message = g_strdup_printf (_("%s: not a regular file (a pipe or a device?); not read"),
                             display);
  file_problem (reader, IMTEHAN_REPORT_PROBLEM_NOT_REGULAR, path, 0, NULL, message);
  return NULL;

too_large:
  {
    g_autofree char *max = g_format_size (IMTEHAN_ATTEMPT_MAX_SIZE);

    display = g_filename_display_name (path);
    message = g_strdup_printf (_("%s: the file is larger than %s"), display, max);
    file_problem (reader, IMTEHAN_REPORT_PROBLEM_TOO_LARGE, path, 0, NULL, message);
    return NULL;
  }
}

/* What the [Attempt] group says before the file is parsed: which quiz to parse it against,
 * and the saved score, which the attempt loader does not keep. Raw values, trimmed; the
 * loader checks them all again. */
typedef struct
{
  char *quiz;
  char *quiz_digest;  /* lowercase */
  char *quiz_version;
  char *score;
} RawHeader;

static void
raw_header_clear (RawHeader *header)
{
  g_free (header->quiz);
  g_free (header->quiz_digest);
  g_free (header->quiz_version);
  g_free (header->score);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RawHeader, raw_header_clear)

static void
scan_header (GBytes    *bytes,
             RawHeader *header)
{
  gsize len;
  const char *p = g_bytes_get_data (bytes, &len);
  const char *end = p + len;
  gboolean in_attempt = FALSE;

  while (p < end)
    {
      const char *eol = memchr (p, '\n', end - p);
      const char *s = p, *e = eol ? eol : end;

      p = eol ? eol + 1 : end;
      while (s < e && g_ascii_isspace (*s))
        s++;
      while (e > s && g_ascii_isspace (e[-1]))
        e--;
      if (s == e || *s == '#')
        continue;
      if (*s == '[')
        {
          if (in_attempt)
            break;
          in_attempt = (e - s == 9 && memcmp (s, "[Attempt]", 9) == 0);
          continue;
        }
      if (!in_attempt)
        continue;
      {
        const char *eq = memchr (s, '=', e - s), *k = eq, *v;
        char **slot = NULL;
        gsize klen;

        if (eq == NULL)
          continue;
        while (k > s && g_ascii_isspace (k[-1]))
          k--;
        klen = k - s;
#define KEY_IS(name) (klen == strlen (name) && memcmp (s, name, klen) == 0)
        if (KEY_IS ("Quiz"))
          slot = &header->quiz;
        else if (KEY_IS ("QuizDigest"))
          slot = &header->quiz_digest;
        else if (KEY_IS ("QuizVersion"))
          slot = &header->quiz_version;
        else if (KEY_IS ("Score"))
          slot = &header->score;
#undef KEY_IS
        if (slot == NULL)
          continue;
        v = eq + 1;
        while (v < e && g_ascii_isspace (*v))
          v++;
        g_free (*slot);
        *slot = g_strndup (v, e - v);
      }
    }
  if (header->quiz_digest != NULL)
    {
      char *lower = g_ascii_strdown (header->quiz_digest, -1);

      g_free (header->quiz_digest);
      header->quiz_digest = lower;
    }
}

static void
add_candidate (GPtrArray   *candidates,
               ImtehanQuiz *quiz)
{
  for (guint i = 0; i < candidates->len; i++)
    if (g_str_equal (imtehan_quiz_get_digest (g_ptr_array_index (candidates, i)),
                     imtehan_quiz_get_digest (quiz)))
      return;
  g_ptr_array_add (candidates, g_object_ref (quiz));
}

/* The quizzes with @quiz_id: the library's, then the ones given (an older copy of a quiz
 * that has changed since). The library's file is read here, not through its entry, whose
 * cached quiz belongs to the main thread. */
static GPtrArray *
get_candidates (LoadData   *data,
                const char *quiz_id)
{
  GPtrArray *candidates = g_hash_table_lookup (data->candidates, quiz_id);
  GFile *file;

  if (candidates != NULL)
    return candidates;
  candidates = g_ptr_array_new_with_free_func (g_object_unref);
  g_hash_table_insert (data->candidates, g_strdup (quiz_id), candidates);

  if ((file = g_hash_table_lookup (data->library_files, quiz_id)))
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(ImtehanQuiz) quiz = NULL;
      g_autofree char *display = g_file_get_parse_name (file);

      if ((bytes = imtehan_key_file_load_bytes (file, IMTEHAN_QUIZ_MAX_SIZE, NULL, &error)))
        quiz = imtehan_quiz_new_from_bytes (bytes, display, &error);
      if (quiz != NULL && g_str_equal (imtehan_quiz_get_id (quiz), quiz_id))
        add_candidate (candidates, quiz);
      else if (quiz == NULL)
        add_problem (data, IMTEHAN_REPORT_PROBLEM_QUIZ_UNREADABLE, g_file_peek_path (file),
                     line_of_error (error->message, display), NULL, error->message);
    }
  for (guint i = 0; i < data->extra_quizzes->len; i++)
    {
      ImtehanQuiz *quiz = g_ptr_array_index (data->extra_quizzes, i);

      if (g_str_equal (imtehan_quiz_get_id (quiz), quiz_id))
        add_candidate (candidates, quiz);
    }
  return candidates;
}

/* Which of @candidates the attempt was taken on. With a QuizDigest, the quiz with that
 * digest. Without one (Version 1 files, and Version 2 ones saved before digests were
 * recorded), the quiz whose Version= is the attempt's QuizVersion=: a teacher who edits a
 * quiz is asked to raise its version, and nothing better is recorded. */
static ImtehanQuiz *
match_quiz (GPtrArray *candidates,
            RawHeader *header)
{
  guint64 version;

  for (guint i = 0; i < candidates->len; i++)
    {
      ImtehanQuiz *quiz = g_ptr_array_index (candidates, i);

      if (header->quiz_digest != NULL && *header->quiz_digest != '\0')
        {
          if (g_str_equal (header->quiz_digest, imtehan_quiz_get_digest (quiz)))
            return quiz;
        }
      else if (header->quiz_version != NULL &&
               g_ascii_string_to_unsigned (header->quiz_version, 10, 0, G_MAXUINT, &version,
                                           NULL) &&
               version == imtehan_quiz_get_version (quiz))
        return quiz;
    }
  return NULL;
}

/* Else the version kept by this PC or shipped by the program, which then stands among the
 * candidates for the attempts that follow. */
static ImtehanQuiz *
match_kept_version (LoadData  *data,
                    GPtrArray *candidates,
                    RawHeader *header)
{
  g_autoptr(ImtehanQuiz) quiz = NULL;
  guint64 version = 0;

  if (data->versions == NULL)
    return NULL;
  if ((header->quiz_digest == NULL || *header->quiz_digest == '\0') &&
      (header->quiz_version == NULL ||
       !g_ascii_string_to_unsigned (header->quiz_version, 10, 1, G_MAXUINT, &version, NULL)))
    return NULL;
  if (!(quiz = imtehan_quiz_versions_lookup (data->versions, header->quiz, header->quiz_digest,
                                             (guint)version)))
    return NULL;
  add_candidate (candidates, quiz);
  return match_quiz (candidates, header);
}

static ImtehanReportAttempt *
attempt_new (const char *path)
{
  ImtehanReportAttempt *self = g_object_new (IMTEHAN_TYPE_REPORT_ATTEMPT, NULL);

  self->path = g_strdup (path);
  return self;
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
  gsize length = SHA256_LENGTH;

  if (!(summary = imtehan_attempt_summary_new_from_bytes (file, bytes, display, error)))
    return NULL;
  self = attempt_new (path);
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
                    RawHeader            *header)
{
  ImtehanReportAttempt *self = attempt_new (path);
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
  self->marks = g_new0 (guint8, self->n_questions);
  for (guint i = 0; i < self->n_questions; i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);

      self->marks[i] = self->choices[i] != NULL &&
                       g_str_equal (self->choices[i], imtehan_question_get_answer (question));
      self->score += self->marks[i];
    }

  if (header->score != NULL &&
      g_ascii_string_to_signed (header->score, 10, 0, G_MAXINT, &saved, NULL))
    self->saved_score = saved;
  /* A finished attempt always saves its score: none, or another number, is flagged. */
  if ((self->finished || self->saved_score >= 0) && self->saved_score != (gint64)self->score)
    self->flags |= IMTEHAN_REPORT_FLAG_SCORE_MISMATCH;
  return self;
}

static void
read_one (Reader    *reader,
          FoundFile *found)
{
  LoadData *data = reader->data;
  const char *path = found->path;
  g_auto(RawHeader) header = { 0, };
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

  if (!(bytes = read_attempt_file (reader, found)))
    return;
  display = g_filename_display_name (path);
  scan_header (bytes, &header);
  if (header.quiz != NULL && *header.quiz != '\0')
    {
      g_mutex_lock (&data->lock);
      candidates = get_candidates (data, header.quiz);
      quiz = match_quiz (candidates, &header);
      if (quiz == NULL)
        quiz = match_kept_version (data, candidates, &header);
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
  file_problem (reader, kind, path, 0, record, message);
  return;

damaged:
  file_problem (reader, g_error_matches (error, IMTEHAN_ERROR, IMTEHAN_ERROR_VERSION)
                       ? IMTEHAN_REPORT_PROBLEM_NEWER_VERSION : IMTEHAN_REPORT_PROBLEM_DAMAGED,
               path, line_of_error (error->message, display), NULL, error->message);
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
  return a->has_digest && b->has_digest && memcmp (a->digest, b->digest, SHA256_LENGTH) == 0;
}

static void
add_conflict (LoadData             *data,
              ImtehanReportAttempt *attempt,
              ImtehanReportAttempt *other)
{
  g_autofree char *display = g_file_get_parse_name (imtehan_report_attempt_get_file (attempt));
  g_autofree char *other_display = g_file_get_parse_name (imtehan_report_attempt_get_file (other));
  g_autofree char *message = g_strdup_printf (_("%s: the attempt “%s” is also in %s with "
                                                "other answers; neither is counted"),
                                              display, attempt->id, other_display);

  add_problem (data, IMTEHAN_REPORT_PROBLEM_CONFLICT, attempt->path, 0,
               attempt, message);
}

/* One attempt, one count: the same id in several files (USB copies of one folder) with the
 * same bytes, or the same answers, is counted once. The same id with other answers (a copy
 * made in the middle of the attempt, or two PCs whose ids collided) cannot be settled here:
 * both are listed apart. */
static void
merge_copies (LoadData *data)
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
make_groups (LoadData *data)
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
  return strcmp ((*(FoundFile * const *)a)->path, (*(FoundFile * const *)b)->path);
}

static gpointer
reader_run (gpointer user_data)
{
  Reader *reader = user_data;
  LoadData *data = reader->data;
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
read_files (LoadData     *data,
            GCancellable *cancellable)
{
  guint n_files = data->files->len;
  guint n_readers = data->max_readers ? data->max_readers
                                      : MIN ((guint)g_get_num_processors (), 1 + n_files / 256);
  g_autofree Reader *readers = NULL;
  g_autofree GThread **threads = NULL;

  n_readers = CLAMP (n_readers, 1, 4);
  readers = g_new0 (Reader, n_readers);
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
load_quiz_files (LoadData     *data,
                 GCancellable *cancellable)
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
        add_problem (data, IMTEHAN_REPORT_PROBLEM_QUIZ_UNREADABLE, path,
                     line_of_error (error->message, display), NULL, error->message);
    }
}

static gboolean
load_run (LoadData      *data,
          GCancellable  *cancellable,
          GError       **error)
{
  for (guint i = 0; i < data->sources->len; i++)
    {
      const char *path = g_ptr_array_index (data->sources, i);
      struct stat st;

      if (stat (path, &st) < 0)
        add_errno_problem (data, IMTEHAN_REPORT_PROBLEM_UNREADABLE, path, errno);
      else if (S_ISDIR (st.st_mode))
        walk_folder (data, path, 0, cancellable);
      else
        add_found_file (data, path, S_ISREG (st.st_mode));
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

/* ImtehanReport ------------------------------------------------------------------------- */

struct _ImtehanReport
{
  GObject         parent_instance;

  ImtehanLibrary *library;       /* nullable */
  ImtehanQuizVersions *versions; /* nullable */
  GPtrArray      *extra_quizzes; /* ImtehanQuiz */
  GListStore     *quizzes;       /* ImtehanReportQuiz */
  GListStore     *problems;      /* ImtehanReportProblem */
  Progress       *progress;      /* of the load running, if any */
  guint           max_readers;
  guint           files_read;
  guint           files_total;
};

G_DEFINE_FINAL_TYPE (ImtehanReport, imtehan_report, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LIBRARY,
  PROP_VERSIONS,
  PROP_LOADING,
  PROP_FILES_READ,
  PROP_FILES_TOTAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
imtehan_report_dispose (GObject *object)
{
  ImtehanReport *self = (ImtehanReport *)object;

  g_clear_object (&self->library);
  g_clear_object (&self->versions);
  g_clear_pointer (&self->extra_quizzes, g_ptr_array_unref);
  g_clear_object (&self->quizzes);
  g_clear_object (&self->problems);
  g_clear_pointer (&self->progress, progress_release);

  G_OBJECT_CLASS (imtehan_report_parent_class)->dispose (object);
}

static void
imtehan_report_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ImtehanReport *self = IMTEHAN_REPORT (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    case PROP_VERSIONS:
      g_value_set_object (value, self->versions);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->progress != NULL);
      break;
    case PROP_FILES_READ:
      g_value_set_uint (value, self->files_read);
      break;
    case PROP_FILES_TOTAL:
      g_value_set_uint (value, self->files_total);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_report_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ImtehanReport *self = IMTEHAN_REPORT (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      self->library = g_value_dup_object (value);
      break;
    case PROP_VERSIONS:
      imtehan_report_set_versions (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_report_class_init (ImtehanReportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = imtehan_report_dispose;
  object_class->get_property = imtehan_report_get_property;
  object_class->set_property = imtehan_report_set_property;

  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, IMTEHAN_TYPE_LIBRARY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VERSIONS] =
    g_param_spec_object ("versions", NULL, NULL, IMTEHAN_TYPE_QUIZ_VERSIONS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Progress for a window: the *.ini files found, and those read so far. Updated in the
   * main context the load was started from, at most once per main loop iteration. */
  properties[PROP_FILES_READ] =
    g_param_spec_uint ("files-read", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILES_TOTAL] =
    g_param_spec_uint ("files-total", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imtehan_report_init (ImtehanReport *self)
{
  self->extra_quizzes = g_ptr_array_new_with_free_func (g_object_unref);
  self->quizzes = g_list_store_new (IMTEHAN_TYPE_REPORT_QUIZ);
  self->problems = g_list_store_new (IMTEHAN_TYPE_REPORT_PROBLEM);
}

static void
set_counts (ImtehanReport *self,
            guint          read,
            guint          total)
{
  if (self->files_total != total)
    {
      self->files_total = total;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILES_TOTAL]);
    }
  if (self->files_read != read)
    {
      self->files_read = read;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILES_READ]);
    }
}

static void
progress_dispatch_cb (gpointer user_data)
{
  Progress *progress = user_data;
  g_autoptr(ImtehanReport) self = g_weak_ref_get (&progress->report);

  g_atomic_int_set (&progress->pending, 0);
  /* A late update of a load that has finished, or been replaced, is dropped. */
  if (self == NULL || self->progress != progress)
    return;
  set_counts (self, g_atomic_int_get (&progress->read), g_atomic_int_get (&progress->total));
}

/**
 * imtehan_report_new:
 * @library: (nullable): where the attempts' quizzes are looked up by id
 */
ImtehanReport *
imtehan_report_new (ImtehanLibrary *library)
{
  g_return_val_if_fail (library == NULL || IMTEHAN_IS_LIBRARY (library), NULL);

  return g_object_new (IMTEHAN_TYPE_REPORT, "library", library, NULL);
}

/* Where the quiz versions are kept that attempts may have been taken on: this PC's and the
 * program's. Used by the next load. */
void
imtehan_report_set_versions (ImtehanReport       *self,
                             ImtehanQuizVersions *versions)
{
  g_return_if_fail (IMTEHAN_IS_REPORT (self));
  g_return_if_fail (versions == NULL || IMTEHAN_IS_QUIZ_VERSIONS (versions));

  if (g_set_object (&self->versions, versions))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VERSIONS]);
}

/* Another quiz to score attempts against, besides the library's: an older copy of a quiz
 * that has changed since, or one the library does not have. Used by the next load. */
void
imtehan_report_add_quiz (ImtehanReport *self,
                         ImtehanQuiz   *quiz)
{
  g_return_if_fail (IMTEHAN_IS_REPORT (self));
  g_return_if_fail (IMTEHAN_IS_QUIZ (quiz));

  g_ptr_array_add (self->extra_quizzes, g_object_ref (quiz));
}

/* Everything the worker needs, copied on the calling thread: the library is a GListModel of
 * the main thread. */
static LoadData *
load_data_new (ImtehanReport *self,
               GFile * const *sources,
               guint          n_sources)
{
  LoadData *data = g_new0 (LoadData, 1);

  g_mutex_init (&data->lock);
  data->max_readers = self->max_readers;

  data->sources = g_ptr_array_new_with_free_func (g_free);
  data->library_files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  data->extra_quizzes = g_ptr_array_new_with_free_func (g_object_unref);
  data->quiz_files = g_ptr_array_new_with_free_func (g_free);
  data->versions = self->versions ? g_object_ref (self->versions) : NULL;
  data->candidates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify)g_ptr_array_unref);
  data->files = g_ptr_array_new_with_free_func (g_free);
  data->visited = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  data->attempts = g_ptr_array_new_with_free_func (g_object_unref);
  data->problems = g_ptr_array_new_with_free_func (g_object_unref);
  data->groups = g_ptr_array_new_with_free_func (g_object_unref);
  data->progress = g_atomic_rc_box_new0 (Progress);
  g_weak_ref_init (&data->progress->report, self);
  data->context = g_main_context_ref_thread_default ();

  for (guint i = 0; i < n_sources; i++)
    {
      char *path = g_file_get_path (sources[i]);

      if (path != NULL)
        g_ptr_array_add (data->sources, path);
      else
        {
          g_autofree char *display = g_file_get_parse_name (sources[i]);
          g_autofree char *message = g_strdup_printf (_("%s: not a folder or file on this "
                                                        "computer"), display);

          add_problem (data, IMTEHAN_REPORT_PROBLEM_UNREADABLE, NULL, 0, NULL, message);
        }
    }
  for (guint i = 0; i < self->extra_quizzes->len; i++)
    g_ptr_array_add (data->extra_quizzes, g_object_ref (g_ptr_array_index (self->extra_quizzes, i)));
  if (self->library != NULL)
    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->library)); i++)
      {
        g_autoptr(ImtehanLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (self->library),
                                                                      i);
        const char *id = imtehan_library_entry_get_id (entry);

        if (imtehan_library_entry_is_valid (entry) && id != NULL)
          g_hash_table_insert (data->library_files, g_strdup (id),
                               g_object_ref (imtehan_library_entry_get_file (entry)));
      }
  return data;
}

static void
begin_load (ImtehanReport *self,
            LoadData      *data)
{
  gboolean was_loading = self->progress != NULL;

  g_clear_pointer (&self->progress, progress_release);
  self->progress = g_atomic_rc_box_acquire (data->progress);
  set_counts (self, 0, 0);
  if (!was_loading)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

/* Puts a finished load's result in place, in one change of each list. */
static void
end_load (ImtehanReport *self,
          LoadData      *data,
          gboolean       success)
{
  if (self->progress != data->progress)
    return; /* replaced by a later load */
  if (success)
    {
      g_list_store_splice (self->quizzes, 0, g_list_model_get_n_items (G_LIST_MODEL (self->quizzes)),
                           data->groups->pdata, data->groups->len);
      g_list_store_splice (self->problems,
                           0, g_list_model_get_n_items (G_LIST_MODEL (self->problems)),
                           data->problems->pdata, data->problems->len);
      set_counts (self, data->files->len, data->files->len);
    }
  g_clear_pointer (&self->progress, progress_release);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;

  if (load_run (task_data, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * imtehan_report_load_async:
 * @sources: (array length=n_sources): folders of attempt files (read with their subfolders,
 *   IMTEHAN_REPORT_MAX_DEPTH deep), or attempt files
 *
 * Reads every *.ini attempt file on a worker thread, and scores each against the quiz it was
 * taken on. When it finishes, the quizzes and problems lists are replaced at once.
 */
void
imtehan_report_load_async (ImtehanReport       *self,
                           GFile * const       *sources,
                           guint                n_sources,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  LoadData *data;

  g_return_if_fail (IMTEHAN_IS_REPORT (self));
  g_return_if_fail (sources != NULL || n_sources == 0);

  data = load_data_new (self, sources, n_sources);
  begin_load (self, data);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_report_load_async);
  g_task_set_task_data (task, data, (GDestroyNotify)load_data_free);
  g_task_run_in_thread (task, load_thread);
}

gboolean
imtehan_report_load_finish (ImtehanReport  *self,
                            GAsyncResult   *result,
                            GError        **error)
{
  gboolean success;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  success = g_task_propagate_boolean (G_TASK (result), error);
  end_load (self, g_task_get_task_data (G_TASK (result)), success);
  return success;
}

/* The same load, on the calling thread: for the command line and tests. */
gboolean
imtehan_report_load (ImtehanReport *self,
                     GFile * const *sources,
                     guint          n_sources,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autoptr(LoadData) data = NULL;
  gboolean success;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), FALSE);
  g_return_val_if_fail (sources != NULL || n_sources == 0, FALSE);

  data = load_data_new (self, sources, n_sources);
  begin_load (self, data);
  success = load_run (data, cancellable, error);
  end_load (self, data, success);
  return success;
}

/**
 * imtehan_report_set_max_readers:
 * @n: threads reading files in the next loads; 0 (the default) for one per processor
 *
 * Up to 4. The result is the same whatever the number: the tests compare them.
 */
void
imtehan_report_set_max_readers (ImtehanReport *self,
                                guint          n)
{
  g_return_if_fail (IMTEHAN_IS_REPORT (self));

  self->max_readers = MIN (n, 4);
}

gboolean
imtehan_report_get_loading (ImtehanReport *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), FALSE);
  return self->progress != NULL;
}

guint
imtehan_report_get_files_read (ImtehanReport *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), 0);
  return self->files_read;
}

guint
imtehan_report_get_files_total (ImtehanReport *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), 0);
  return self->files_total;
}

/* ImtehanReportQuiz, one per quiz content, sorted by quiz id, newest version first. */
GListModel *
imtehan_report_get_quizzes (ImtehanReport *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), NULL);
  return G_LIST_MODEL (self->quizzes);
}

/* ImtehanReportProblem: the files not read, and the attempts listed apart. */
GListModel *
imtehan_report_get_problems (ImtehanReport *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), NULL);
  return G_LIST_MODEL (self->problems);
}

/* The newest content of @quiz_id that has counted attempts, or NULL. */
ImtehanReportQuiz *
imtehan_report_find_quiz (ImtehanReport *self,
                          const char    *quiz_id)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), NULL);
  g_return_val_if_fail (quiz_id != NULL, NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->quizzes)); i++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (G_LIST_MODEL (self->quizzes), i);

      if (g_str_equal (imtehan_quiz_get_id (group->quiz), quiz_id))
        return group;
    }
  return NULL;
}
