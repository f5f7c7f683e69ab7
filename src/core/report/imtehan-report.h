/* imtehan-report.h: a class's attempt files, read from folders and scored again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-report-attempt.h"
#include "imtehan-report-problem.h"
#include "imtehan-report-quiz.h"
#include "imtehan-types.h"

G_BEGIN_DECLS

/* Subfolders below a folder given to the report that are still read: a share holds a
 * folder per PC, a USB copy may hold that share's folder, a teacher may give their parent. */
#define IMTEHAN_REPORT_MAX_DEPTH 4

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
