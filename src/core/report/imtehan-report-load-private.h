/* imtehan-report-load-private.h: one load of a report, shared by the files that run it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * imtehan-report-files.c finds and reads the files, imtehan-report-match.c finds the quiz
 * each attempt was taken on, imtehan-report-load.c scores them and joins the result.
 */

#pragma once

#include "imtehan-quiz-versions.h"
#include "imtehan-report-private.h"

G_BEGIN_DECLS

/* Shared with the main context's progress source, which may run after the load is over. */
typedef struct
{
  GWeakRef report;
  gint     read;
  gint     total;
  gint     pending;
} ImtehanReportProgress;

typedef struct
{
  GPtrArray    *sources;       /* char *: paths */
  GHashTable   *library_files; /* quiz id → GFile, snapshotted on the calling thread */
  GPtrArray    *extra_quizzes; /* ImtehanQuiz */
  GPtrArray    *quiz_files;    /* char *: the *.quiz files found among the sources */
  ImtehanQuizVersions *versions; /* nullable; thread-safe */
  GHashTable   *candidates;    /* quiz id → GPtrArray of ImtehanQuiz, filled on demand */
  GPtrArray    *files;         /* ImtehanReportFoundFile: the *.ini files found */
  GHashTable   *visited;       /* "dev:ino" of the folders read */
  GPtrArray    *attempts;      /* ImtehanReportAttempt, one per file read */
  GPtrArray    *problems;      /* ImtehanReportProblem */
  GPtrArray    *groups;        /* ImtehanReportQuiz, the result */
  ImtehanReportProgress *progress;
  GSourceFunc   progress_cb;   /* run in context with a reference to progress */
  GMainContext *context;
  GMutex        lock;          /* candidates, and problems while files are read */
  guint         max_readers;   /* 0: one per processor, up to 4 */
  gint          next_file;     /* the next of files to read, taken by the readers in turn */
  /* What each file gave, by its index in files: filled by whichever reader read it, then
   * joined in the files' order, so the result does not depend on how the readers ran. */
  ImtehanReportAttempt **file_attempts;
  ImtehanReportProblem **file_problems;
} ImtehanReportLoadData;

/* One thread reading files: at most one attempt and one problem come of a file. */
typedef struct
{
  ImtehanReportLoadData *data;
  GCancellable *cancellable;
  guint         index;         /* of the file being read */
  char         *buffer;        /* the file being read; reused, see imtehan_report_read_file() */
  gsize         buffer_size;
} ImtehanReportReader;

/* A file to read, with its type as the folder listed it (links followed). */
typedef struct
{
  gboolean regular;
  char     path[];
} ImtehanReportFoundFile;

/* What the [Attempt] group says before the file is parsed: which quiz to parse it against,
 * and the saved score, which the attempt loader does not keep. Raw values, trimmed; the
 * loader checks them all again. */
typedef struct
{
  char *quiz;
  char *quiz_digest;  /* lowercase */
  char *quiz_version;
  char *score;
} ImtehanReportHeader;

void imtehan_report_header_clear (ImtehanReportHeader *header);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ImtehanReportHeader, imtehan_report_header_clear)

void     imtehan_report_progress_release       (gpointer                  data);
void     imtehan_report_load_data_free         (ImtehanReportLoadData    *data);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImtehanReportLoadData, imtehan_report_load_data_free)
gboolean imtehan_report_load_run               (ImtehanReportLoadData    *data,
                                                GCancellable             *cancellable,
                                                GError                  **error);

void     imtehan_report_load_add_problem       (ImtehanReportLoadData    *data,
                                                ImtehanReportProblemKind  kind,
                                                const char               *path,
                                                guint                     line,
                                                ImtehanReportAttempt     *attempt,
                                                const char               *message);
void     imtehan_report_load_add_errno_problem (ImtehanReportLoadData    *data,
                                                ImtehanReportProblemKind  kind,
                                                const char               *path,
                                                int                       saved_errno);
void     imtehan_report_reader_problem         (ImtehanReportReader      *reader,
                                                ImtehanReportProblemKind  kind,
                                                const char               *path,
                                                guint                     line,
                                                ImtehanReportAttempt     *attempt,
                                                const char               *message);
void     imtehan_report_reader_errno_problem   (ImtehanReportReader      *reader,
                                                ImtehanReportProblemKind  kind,
                                                const char               *path,
                                                int                       saved_errno);
guint    imtehan_report_line_of_error          (const char               *message,
                                                const char               *display);

/* imtehan-report-files.c */
void     imtehan_report_add_found_file         (ImtehanReportLoadData    *data,
                                                const char               *path,
                                                gboolean                  regular);
void     imtehan_report_walk_folder            (ImtehanReportLoadData    *data,
                                                const char               *path,
                                                guint                     depth,
                                                GCancellable             *cancellable);
GBytes  *imtehan_report_read_file              (ImtehanReportReader      *reader,
                                                ImtehanReportFoundFile   *found);

/* imtehan-report-match.c */
void         imtehan_report_scan_header        (GBytes                *bytes,
                                                ImtehanReportHeader   *header);
GPtrArray   *imtehan_report_get_candidates     (ImtehanReportLoadData *data,
                                                const char            *quiz_id);
ImtehanQuiz *imtehan_report_match_quiz         (GPtrArray             *candidates,
                                                ImtehanReportHeader   *header);
ImtehanQuiz *imtehan_report_match_kept_version (ImtehanReportLoadData *data,
                                                GPtrArray             *candidates,
                                                ImtehanReportHeader   *header);

G_END_DECLS
