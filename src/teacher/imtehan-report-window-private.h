/* imtehan-report-window-private.h: what the report window's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "imtehan-context.h"
#include "imtehan-quiz.h"
#include "imtehan-report-learners.h"
#include "imtehan-report-problems.h"
#include "imtehan-report-views.h"
#include "imtehan-report-window.h"
#include "imtehan-results-page.h"
#include "imtehan-review-page.h"

G_BEGIN_DECLS

struct _ImtehanReportWindow
{
  AdwApplicationWindow    parent_instance;

  GtkWindow              *shortcuts;       /* built when first asked for; weak */

  AdwToastOverlay        *toast_overlay;
  GtkStack               *main_stack;
  GtkProgressBar         *progress_bar;
  AdwStatusPage          *failed_page;
  GtkDropDown            *quiz_dropdown;
  GtkStack               *title_stack;
  AdwWindowTitle         *window_title;
  AdwHeaderBar           *header_bar;
  AdwViewStack           *view_stack;
  AdwViewStackPage       *problems_page;
  ImtehanReportLearners  *learners;
  ImtehanReportQuestions *questions_view;
  ImtehanReportSummary   *summary_view;
  ImtehanReportProblems  *problems;
  AdwViewSwitcherBar     *switcher_bar;
  GtkButton              *back_button;
  AdwWindowTitle         *review_title;
  GtkStack               *review_stack;
  ImtehanResultsPage     *review_page;
  ImtehanReviewPage      *answers_page;

  char                   *language;         /* the window's, fixed when it is built */
  ImtehanContext         *context;          /* nullable: a test's window has none */
  gulong                  listed_id;        /* while a load waits for the library */
  ImtehanReport          *report;
  GPtrArray              *sources;          /* GFile: being read, or read */
  GPtrArray              *loaded_sources;   /* GFile: of the report shown; NULL: none yet */
  GCancellable           *load_cancellable; /* NULL: not loading */
  gboolean                load_deferred;    /* until the library is listed */
  guint                   progress_source;
  ImtehanReportQuiz      *quiz;             /* shown */
  ImtehanReportAttempt   *reviewed;         /* its row gets the focus back */
  GCancellable           *review_cancellable;
  guint                   exports_running;
  GtkPrintOperation      *print_operation;
  GCancellable           *chooser_cancellable;  /* of the file chooser open */
  gboolean                narrow;
  guint                   narrow_source;
};

/* imtehan-report-window.c */
void          _imtehan_report_window_toast          (ImtehanReportWindow  *self,
                                                     const char           *message);
void          _imtehan_report_window_show_error     (ImtehanReportWindow  *self,
                                                     const char           *heading,
                                                     const char           *message);
char         *_imtehan_report_window_quiz_title     (ImtehanQuiz          *quiz,
                                                     const char           *lang);
void          _imtehan_report_window_set_sources    (ImtehanReportWindow  *self,
                                                     GFile * const        *sources,
                                                     guint                 n_sources,
                                                     gboolean              add);
void          _imtehan_report_window_start_load     (ImtehanReportWindow  *self);
void          _imtehan_report_window_end_load       (ImtehanReportWindow  *self,
                                                     gboolean              loaded,
                                                     const GError         *error);

/* imtehan-report-window-actions.c */
void          _imtehan_report_window_class_actions_init (GtkWidgetClass   *widget_class);
void          _imtehan_report_window_update_actions (ImtehanReportWindow  *self);
GCancellable *_imtehan_report_window_new_chooser    (ImtehanReportWindow  *self);

/* imtehan-report-window-exports.c */
void          _imtehan_report_window_choose_export  (ImtehanReportWindow  *self,
                                                     ImtehanReportExport   kind);
void          _imtehan_report_window_print          (ImtehanReportWindow  *self);

/* imtehan-report-window-review.c */
void          _imtehan_report_window_open_review    (ImtehanReportWindow  *self,
                                                     ImtehanReportAttempt *attempt);
void          _imtehan_report_window_close_review   (ImtehanReportWindow  *self);
void          _imtehan_report_window_hide_action_bars (GtkWidget          *widget);

G_END_DECLS
