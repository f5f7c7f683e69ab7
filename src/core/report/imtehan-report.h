/* imtehan-report.h: a class's attempt files, read from folders and recomputed (issue 17)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-attempt.h"
#include "imtehan-types.h"

G_BEGIN_DECLS

/* Subfolders below a folder given to the report that are still read: a share holds a
 * folder per PC, a USB copy may hold that share's folder, a teacher may give their parent. */
#define IMTEHAN_REPORT_MAX_DEPTH 4

/* Why an attempt is or is not counted in its quiz's figures. */
typedef enum
{
  IMTEHAN_REPORT_STATUS_COUNTED,      /* scored against the quiz it was taken on */
  IMTEHAN_REPORT_STATUS_QUIZ_CHANGED, /* the quiz found is not the one it was taken on */
  IMTEHAN_REPORT_STATUS_QUIZ_MISSING, /* no quiz with its id was found */
  IMTEHAN_REPORT_STATUS_CONFLICT,     /* another file has its id and different answers */
} ImtehanReportStatus;

typedef enum /*< flags >*/
{
  IMTEHAN_REPORT_FLAG_NONE           = 0,
  IMTEHAN_REPORT_FLAG_SCORE_MISMATCH = 1 << 0, /* Score= is not the recomputed score */
  IMTEHAN_REPORT_FLAG_NO_DIGEST      = 1 << 1, /* no QuizDigest: matched by QuizVersion */
  IMTEHAN_REPORT_FLAG_COPIES         = 1 << 2, /* the same attempt in several files */
} ImtehanReportFlags;

typedef enum
{
  IMTEHAN_REPORT_PROBLEM_UNREADABLE,    /* an I/O error, a permission, a link loop */
  IMTEHAN_REPORT_PROBLEM_VANISHED,      /* listed, then gone before it was read */
  IMTEHAN_REPORT_PROBLEM_NOT_REGULAR,   /* a FIFO, a device, a socket named *.ini */
  IMTEHAN_REPORT_PROBLEM_TOO_LARGE,     /* above IMTEHAN_ATTEMPT_MAX_SIZE */
  IMTEHAN_REPORT_PROBLEM_DAMAGED,       /* does not parse, or a value is wrong */
  IMTEHAN_REPORT_PROBLEM_NEWER_VERSION, /* written by a newer Imtehan */
  IMTEHAN_REPORT_PROBLEM_QUIZ_CHANGED,  /* an attempt listed apart: see its status */
  IMTEHAN_REPORT_PROBLEM_QUIZ_MISSING,
  IMTEHAN_REPORT_PROBLEM_CONFLICT,
  IMTEHAN_REPORT_PROBLEM_FOLDER_SKIPPED, /* already read (a link loop), or too deep */
  IMTEHAN_REPORT_PROBLEM_QUIZ_UNREADABLE, /* a quiz given or in the library that did not load */
} ImtehanReportProblemKind;

#define IMTEHAN_TYPE_REPORT_ATTEMPT (imtehan_report_attempt_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReportAttempt, imtehan_report_attempt,
                      IMTEHAN, REPORT_ATTEMPT, GObject)

GFile              *imtehan_report_attempt_get_file          (ImtehanReportAttempt *self);
GPtrArray          *imtehan_report_attempt_get_copies        (ImtehanReportAttempt *self);
const char         *imtehan_report_attempt_get_id            (ImtehanReportAttempt *self);
const char         *imtehan_report_attempt_get_quiz_id       (ImtehanReportAttempt *self);
ImtehanQuiz        *imtehan_report_attempt_get_quiz          (ImtehanReportAttempt *self);
ImtehanReportStatus imtehan_report_attempt_get_status        (ImtehanReportAttempt *self);
ImtehanReportFlags  imtehan_report_attempt_get_flags         (ImtehanReportAttempt *self);
const char         *imtehan_report_attempt_get_learner       (ImtehanReportAttempt *self);
const char         *imtehan_report_attempt_get_roll_number   (ImtehanReportAttempt *self);
const char         *imtehan_report_attempt_get_host          (ImtehanReportAttempt *self);
ImtehanMode         imtehan_report_attempt_get_mode          (ImtehanReportAttempt *self);
GDateTime          *imtehan_report_attempt_get_started       (ImtehanReportAttempt *self);
gboolean            imtehan_report_attempt_get_finished      (ImtehanReportAttempt *self);
GDateTime          *imtehan_report_attempt_get_finished_at   (ImtehanReportAttempt *self);
ImtehanFinishReason imtehan_report_attempt_get_finish_reason (ImtehanReportAttempt *self);
GTimeSpan           imtehan_report_attempt_get_duration      (ImtehanReportAttempt *self);
guint               imtehan_report_attempt_get_n_questions   (ImtehanReportAttempt *self);
const char         *imtehan_report_attempt_get_choice        (ImtehanReportAttempt *self,
                                                              guint                 index);
guint               imtehan_report_attempt_get_mark          (ImtehanReportAttempt *self,
                                                              guint                 index);
guint               imtehan_report_attempt_get_score         (ImtehanReportAttempt *self);
guint               imtehan_report_attempt_get_total         (ImtehanReportAttempt *self);
gint64              imtehan_report_attempt_get_saved_score   (ImtehanReportAttempt *self);

#define IMTEHAN_TYPE_REPORT_PROBLEM (imtehan_report_problem_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReportProblem, imtehan_report_problem,
                      IMTEHAN, REPORT_PROBLEM, GObject)

ImtehanReportProblemKind imtehan_report_problem_get_kind    (ImtehanReportProblem *self);
GFile                   *imtehan_report_problem_get_file    (ImtehanReportProblem *self);
guint                    imtehan_report_problem_get_line    (ImtehanReportProblem *self);
const char              *imtehan_report_problem_get_message (ImtehanReportProblem *self);
ImtehanReportAttempt    *imtehan_report_problem_get_attempt (ImtehanReportProblem *self);

#define IMTEHAN_TYPE_REPORT_QUIZ (imtehan_report_quiz_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReportQuiz, imtehan_report_quiz, IMTEHAN, REPORT_QUIZ, GObject)

ImtehanQuiz *imtehan_report_quiz_get_quiz     (ImtehanReportQuiz *self);
GListModel  *imtehan_report_quiz_get_attempts (ImtehanReportQuiz *self);
char        *imtehan_report_quiz_dup_title    (ImtehanReportQuiz *self,
                                               const char        *lang);

#define IMTEHAN_TYPE_REPORT (imtehan_report_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanReport, imtehan_report, IMTEHAN, REPORT, GObject)

ImtehanReport *imtehan_report_new             (ImtehanLibrary       *library);
void           imtehan_report_set_versions    (ImtehanReport        *self,
                                               ImtehanQuizVersions  *versions);
void           imtehan_report_add_quiz        (ImtehanReport        *self,
                                               ImtehanQuiz          *quiz);
void           imtehan_report_load_async      (ImtehanReport        *self,
                                               GFile * const        *sources,
                                               guint                 n_sources,
                                               GCancellable         *cancellable,
                                               GAsyncReadyCallback   callback,
                                               gpointer              user_data);
gboolean       imtehan_report_load_finish     (ImtehanReport        *self,
                                               GAsyncResult         *result,
                                               GError              **error);
gboolean       imtehan_report_load            (ImtehanReport        *self,
                                               GFile * const        *sources,
                                               guint                 n_sources,
                                               GCancellable         *cancellable,
                                               GError              **error);
void           imtehan_report_set_max_readers (ImtehanReport        *self,
                                               guint                 n);
gboolean       imtehan_report_get_loading     (ImtehanReport        *self);
guint          imtehan_report_get_files_read  (ImtehanReport        *self);
guint          imtehan_report_get_files_total (ImtehanReport        *self);
GListModel    *imtehan_report_get_quizzes     (ImtehanReport        *self);
GListModel    *imtehan_report_get_problems    (ImtehanReport        *self);
ImtehanReportQuiz *imtehan_report_find_quiz   (ImtehanReport        *self,
                                               const char           *quiz_id);

G_END_DECLS
