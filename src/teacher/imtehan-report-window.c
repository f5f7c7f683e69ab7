/* imtehan-report-window.c: the teacher's class report (issue 17)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window only reads the attempt files (ImtehanReport, on a worker thread) and writes only
 * the files the teacher chooses to export. A learner's attempt opens in the pages the learner
 * saw, built from its file; it is never given to a store or a session, which would save it.
 */

#define G_LOG_DOMAIN "imtehan-report-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imtehan-context.h"
#include "imtehan-bench.h"
#include "imtehan-dialogs.h"
#include "imtehan-i18n.h"
#include "imtehan-quiz.h"
#include "imtehan-report-figures.h"
#include "imtehan-report-format.h"
#include "imtehan-report-print.h"
#include "imtehan-report-views.h"
#include "imtehan-report-window.h"
#include "imtehan-results-page.h"
#include "imtehan-shortcuts.h"
#include "imtehan-review-page.h"
#include "imtehan-text.h"

/* Below this width the header has no room for the view switcher: the views are switched from
 * a bar at the bottom, and the learners' search and switch are stacked. */
#define NARROW_WIDTH 640

/* The worker counts files read as it goes; the bar follows it at this pace, which is smooth
 * to the eye and costs nothing next to the reading (10,000 files take seconds on a USB stick). */
#define PROGRESS_INTERVAL_MS 100

/* A row found again after the review: the list creates its rows at the next layout. */
#define FOCUS_ROW_FRAMES 5

typedef enum
{
  COLUMN_LEARNER,
  COLUMN_PC,
  COLUMN_STARTED,
  COLUMN_TIME,
  COLUMN_SCORE,
  COLUMN_FINISHED,
  N_COLUMNS
} Column;

static const char * const view_names[] = { "learners", "questions", "summary", "problems" };

struct _ImtehanReportWindow
{
  AdwApplicationWindow    parent_instance;

  GtkWindow              *shortcuts;       /* built when first asked for; weak */

  AdwToastOverlay        *toast_overlay;
  GtkStack               *main_stack;
  AdwStatusPage          *empty_page;
  GtkButton              *open_button;
  GtkProgressBar         *progress_bar;
  GtkButton              *cancel_button;
  AdwStatusPage          *failed_page;
  GtkButton              *failed_open_button;
  GtkDropDown            *quiz_dropdown;
  GtkStack               *title_stack;
  AdwWindowTitle         *window_title;
  AdwHeaderBar           *header_bar;
  AdwViewStack           *view_stack;
  AdwViewStackPage       *problems_page;
  GtkBox                 *learners_toolbar;
  GtkSearchEntry         *search_entry;
  GtkSwitch              *practice_switch;
  GtkStack               *learners_stack;
  GtkColumnView          *learners_view;
  GtkColumnViewColumn    *columns[N_COLUMNS]; /* owned by learners_view */
  AdwStatusPage          *no_learners_page;
  ImtehanReportQuestions *questions_view;
  ImtehanReportSummary   *summary_view;
  GtkListView            *problems_view;
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
  ImtehanReportInclude    include;
  char                   *search;           /* folded; NULL: no search */
  GtkCustomFilter        *learners_filter;
  GtkFilterListModel     *learners_filtered;
  GtkSortListModel       *learners_sorted;
  ImtehanReportAttempt   *reviewed;         /* its row gets the focus back */
  GCancellable           *review_cancellable;
  guint                   focus_row_tick;
  guint                   focus_row_frames;
  guint                   exports_running;
  GtkPrintOperation      *print_operation;
  GCancellable           *chooser_cancellable;  /* of the file chooser open */
  gboolean                narrow;
  guint                   narrow_source;
};

G_DEFINE_FINAL_TYPE (ImtehanReportWindow, imtehan_report_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_CONTEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void update_actions (ImtehanReportWindow *self);

static void
toast (ImtehanReportWindow *self,
       const char          *message)
{
  /* A toast's title is Pango markup: a file named "Ali & Sara.csv" would show nothing. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

static void
show_error (ImtehanReportWindow *self,
            const char          *heading,
            const char          *message)
{
  imtehan_dialogs_show_message (GTK_WINDOW (self), heading, message);
}

static const char *
page_name (ImtehanReportWindow *self)
{
  return gtk_stack_get_visible_child_name (self->main_stack);
}

static char *
quiz_title (ImtehanQuiz *quiz,
            const char  *lang)
{
  return imtehan_text_prepare (imtehan_quiz_get_title (quiz, lang), lang);
}

/* The drop-down's text of a quiz. */
static char *
report_quiz_title_cb (ImtehanReportQuiz *item,
                      gpointer           user_data)
{
  if (item == NULL)
    return NULL;
  return quiz_title (imtehan_report_quiz_get_quiz (item), imtehan_i18n_get_language ());
}

/* In the header the title is cut short, so that a narrow window keeps its buttons; in the
 * list it is whole. */
static void
quiz_item_setup_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  if (GPOINTER_TO_INT (user_data))
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
    }
  gtk_list_item_set_child (item, label);
}

static void
quiz_item_bind_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   gpointer                  user_data)
{
  g_autofree char *title = report_quiz_title_cb (gtk_list_item_get_item (item), NULL);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), title);
}

/* Learners: cells ------------------------------------------------------------------------ */

static void
set_cell_text (GtkLabel   *label,
               const char *text,
               const char *spoken_if_empty)
{
  /* An empty cell says so to a screen reader, and shows a dash. A recycled cell's label is
   * set again, not reset: GTK 4.8 then names the label by its type, "GtkLabel". */
  if (text != NULL && *text != '\0')
    {
      gtk_label_set_text (label, text);
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      text, -1);
    }
  else
    {
      gtk_label_set_text (label, "—");
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      spoken_if_empty, -1);
    }
}

static GtkWidget *
cell_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  return label;
}

static void
learner_cell_setup_cb (GtkSignalListItemFactory *factory,
                       GtkListItem              *item,
                       gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  GtkWidget *child;

  switch (column)
    {
    case COLUMN_LEARNER:
      {
        GtkWidget *roll = cell_label ();
        GtkWidget *flags = cell_label ();
        GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
        GtkWidget *flags_line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

        child = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
        gtk_box_append (GTK_BOX (child), cell_label ());
        gtk_widget_add_css_class (roll, "dim-label");
        gtk_widget_add_css_class (roll, "caption");
        gtk_box_append (GTK_BOX (child), roll);
        /* A flagged attempt says so under the name, where a narrow window still shows it. */
        gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        "", -1);
        gtk_widget_add_css_class (flags_line, "warning");
        gtk_widget_add_css_class (flags, "caption");
        gtk_box_append (GTK_BOX (flags_line), icon);
        gtk_box_append (GTK_BOX (flags_line), flags);
        gtk_box_append (GTK_BOX (child), flags_line);
      }
      break;
    case COLUMN_FINISHED:
      {
        GtkWidget *icon = gtk_image_new ();

        /* The word beside it says the same: the icon is not read twice. */
        gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        "", -1);
        gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
        child = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
        gtk_box_append (GTK_BOX (child), icon);
        gtk_box_append (GTK_BOX (child), cell_label ());
      }
      break;
    case COLUMN_TIME:
    case COLUMN_SCORE:
      child = cell_label ();
      gtk_widget_add_css_class (child, "numeric");
      break;
    case COLUMN_PC:
    case COLUMN_STARTED:
    case N_COLUMNS:
    default:
      child = cell_label ();
      break;
    }
  gtk_list_item_set_child (item, child);
}

static void
learner_cell_bind_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  ImtehanReportAttempt *attempt = gtk_list_item_get_item (item);
  GtkWidget *child = gtk_list_item_get_child (item);

  /* Which attempt a row shows, to give it the focus back after the review. */
  g_object_set_data (G_OBJECT (child), "imtehan-attempt", attempt);

  switch (column)
    {
    case COLUMN_LEARNER:
      {
        GtkLabel *name = GTK_LABEL (gtk_widget_get_first_child (child));
        GtkLabel *roll = GTK_LABEL (gtk_widget_get_next_sibling (GTK_WIDGET (name)));
        GtkWidget *flags_line = gtk_widget_get_last_child (child);
        const char *roll_number = imtehan_report_attempt_get_roll_number (attempt);
        g_autofree char *flags = imtehan_report_format_flags (attempt);

        set_cell_text (name, imtehan_report_attempt_get_learner (attempt), _("No name"));
        if (roll_number != NULL && *roll_number != '\0')
          {
            g_autofree char *isolated = g_strdup_printf ("\u2068%s\u2069", roll_number);
            /* TRANSLATORS: on the results, after the learner's name: "Roll number 42" */
            g_autofree char *text = g_strdup_printf (_("Roll number %s"), isolated);

            gtk_label_set_text (roll, text);
          }
        gtk_widget_set_visible (GTK_WIDGET (roll), roll_number != NULL && *roll_number != '\0');
        gtk_label_set_text (GTK_LABEL (gtk_widget_get_last_child (flags_line)), flags);
        gtk_widget_set_visible (flags_line, flags != NULL);
      }
      break;
    case COLUMN_PC:
      set_cell_text (GTK_LABEL (child), imtehan_report_attempt_get_host (attempt),
                     _("Not recorded"));
      break;
    case COLUMN_STARTED:
      {
        GDateTime *started = imtehan_report_attempt_get_started (attempt);
        g_autofree char *date = imtehan_i18n_format_date (started);

        set_cell_text (GTK_LABEL (child), date, _("Not recorded"));
      }
      break;
    case COLUMN_TIME:
      {
        g_autofree char *text = imtehan_report_format_duration (
          imtehan_report_attempt_get_duration (attempt));

        set_cell_text (GTK_LABEL (child), text, _("Not finished"));
      }
      break;
    case COLUMN_SCORE:
      {
        g_autofree char *text = imtehan_report_format_score (
          imtehan_report_attempt_get_score (attempt), imtehan_report_attempt_get_total (attempt));

        gtk_label_set_text (GTK_LABEL (child), text);
      }
      break;
    case COLUMN_FINISHED:
      {
        GtkWidget *icon = gtk_widget_get_first_child (child);
        GtkLabel *label = GTK_LABEL (gtk_widget_get_last_child (child));
        gboolean finished = imtehan_report_attempt_get_finished (attempt);

        gtk_image_set_from_icon_name (GTK_IMAGE (icon), finished ? "emblem-ok-symbolic"
                                                                 : "content-loading-symbolic");
        gtk_label_set_text (label, imtehan_report_format_finished (attempt));
        if (finished)
          gtk_widget_remove_css_class (child, "dim-label");
        else
          gtk_widget_add_css_class (child, "dim-label");
      }
      break;
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

/* Learners: sorting and filtering --------------------------------------------------------- */

static int
compare_text (const char *a,
              const char *b)
{
  /* Empty last, whichever the order: a missing name is not the first learner. */
  gboolean a_empty = a == NULL || *a == '\0';
  gboolean b_empty = b == NULL || *b == '\0';

  if (a_empty || b_empty)
    return a_empty - b_empty;
  return g_utf8_collate (a, b);
}

static int
compare_number (gint64 a,
                gint64 b)
{
  return (a > b) - (a < b);
}

static int
compare_learners_cb (gconstpointer a,
                     gconstpointer b,
                     gpointer      user_data)
{
  ImtehanReportAttempt *x = (ImtehanReportAttempt *)a;
  ImtehanReportAttempt *y = (ImtehanReportAttempt *)b;
  int result;

  switch ((Column)GPOINTER_TO_INT (user_data))
    {
    case COLUMN_LEARNER:
      return imtehan_report_compare_learners (x, y);
    case COLUMN_PC:
      return compare_text (imtehan_report_attempt_get_host (x),
                           imtehan_report_attempt_get_host (y));
    case COLUMN_STARTED:
      {
        GDateTime *s = imtehan_report_attempt_get_started (x);
        GDateTime *t = imtehan_report_attempt_get_started (y);

        if (s == NULL || t == NULL)
          return (s == NULL) - (t == NULL);
        return g_date_time_compare (s, t);
      }
    case COLUMN_TIME:
      /* Unfinished (-1) first: it took less than any finished one so far. */
      return compare_number (imtehan_report_attempt_get_duration (x),
                             imtehan_report_attempt_get_duration (y));
    case COLUMN_SCORE:
      /* As a fraction of its total, then by marks: 4 of 8 is below 5 of 8 and 3 of 4. */
      result = compare_number ((gint64)imtehan_report_attempt_get_score (x) *
                               imtehan_report_attempt_get_total (y),
                               (gint64)imtehan_report_attempt_get_score (y) *
                               imtehan_report_attempt_get_total (x));
      if (result == 0)
        result = compare_number (imtehan_report_attempt_get_score (x),
                                 imtehan_report_attempt_get_score (y));
      return result;
    case COLUMN_FINISHED:
      result = compare_number (imtehan_report_attempt_get_finished (x),
                               imtehan_report_attempt_get_finished (y));
      if (result == 0)
        result = compare_number (imtehan_report_attempt_get_finish_reason (x),
                                 imtehan_report_attempt_get_finish_reason (y));
      return result;
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

static char *
fold (const char *text)
{
  g_autofree char *normalized = NULL;

  if (text == NULL)
    return NULL;
  normalized = g_utf8_normalize (text, -1, G_NORMALIZE_ALL);
  return normalized ? g_utf8_casefold (normalized, -1) : NULL;
}

static gboolean
text_matches (const char *text,
              const char *folded_search)
{
  g_autofree char *folded = fold (text);

  return folded != NULL && strstr (folded, folded_search) != NULL;
}

static gboolean
learner_visible_cb (gpointer item,
                    gpointer user_data)
{
  ImtehanReportWindow *self = user_data;
  ImtehanReportAttempt *attempt = item;

  if (!imtehan_report_attempt_is_listed (attempt, self->include))
    return FALSE;
  if (self->search == NULL)
    return TRUE;
  return text_matches (imtehan_report_attempt_get_learner (attempt), self->search) ||
         text_matches (imtehan_report_attempt_get_roll_number (attempt), self->search) ||
         text_matches (imtehan_report_attempt_get_host (attempt), self->search);
}

/* The list, or a page saying why it is empty. */
static void
update_learners_state (ImtehanReportWindow *self)
{
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->learners_sorted));

  if (shown > 0)
    {
      gtk_stack_set_visible_child_name (self->learners_stack, "list");
      return;
    }
  if (self->search != NULL)
    {
      adw_status_page_set_icon_name (self->no_learners_page, "system-search-symbolic");
      adw_status_page_set_title (self->no_learners_page, _("No Learners Found"));
      adw_status_page_set_description (self->no_learners_page,
                                       _("No name, roll number or PC has this text."));
    }
  else
    {
      adw_status_page_set_icon_name (self->no_learners_page, "system-users-symbolic");
      adw_status_page_set_title (self->no_learners_page, _("No Attempts"));
      if (self->quiz == NULL)
        adw_status_page_set_description (self->no_learners_page,
                                         _("No attempt files were found in these folders."));
      else if (!(self->include & IMTEHAN_REPORT_INCLUDE_PRACTICE))
        adw_status_page_set_description (self->no_learners_page,
                                         _("Practice attempts are left out."));
      else
        adw_status_page_set_description (self->no_learners_page, NULL);
    }
  gtk_stack_set_visible_child_name (self->learners_stack, "none");
}

static void
learners_changed_cb (ImtehanReportWindow *self)
{
  update_learners_state (self);
}

/* The statistics of the attempts listed: the Questions and Summary views. */
static void
update_statistics (ImtehanReportWindow *self)
{
  g_autoptr(ImtehanStats) stats = NULL;
  ImtehanQuiz *quiz = NULL;

  if (self->quiz != NULL)
    {
      stats = imtehan_report_quiz_compute_stats (self->quiz, self->include);
      quiz = imtehan_report_quiz_get_quiz (self->quiz);
    }
  imtehan_report_questions_set_stats (self->questions_view, quiz, stats, self->language);
  imtehan_report_summary_set_stats (self->summary_view, quiz, stats, self->language);
}

static void
search_changed_cb (ImtehanReportWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  g_clear_pointer (&self->search, g_free);
  if (*stripped != '\0')
    self->search = fold (stripped);
  gtk_filter_changed (GTK_FILTER (self->learners_filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
stop_search_cb (ImtehanReportWindow *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  gtk_widget_grab_focus (GTK_WIDGET (self->learners_view));
}

static void
practice_toggled_cb (ImtehanReportWindow *self)
{
  ImtehanReportInclude include = gtk_switch_get_active (self->practice_switch)
                                 ? IMTEHAN_REPORT_INCLUDE_PRACTICE
                                 : IMTEHAN_REPORT_INCLUDE_EXAMS;

  if (include == self->include)
    return;
  self->include = include;
  gtk_filter_changed (GTK_FILTER (self->learners_filter),
                      include & IMTEHAN_REPORT_INCLUDE_PRACTICE ? GTK_FILTER_CHANGE_LESS_STRICT
                                                                : GTK_FILTER_CHANGE_MORE_STRICT);
  update_statistics (self);
}

/* The quiz shown ------------------------------------------------------------------------- */

static void
set_quiz (ImtehanReportWindow *self,
          ImtehanReportQuiz   *quiz)
{
  g_autofree char *title = NULL;

  g_set_object (&self->quiz, quiz);
  gtk_filter_list_model_set_model (self->learners_filtered,
                                   quiz ? imtehan_report_quiz_get_attempts (quiz) : NULL);
  if (quiz != NULL)
    title = quiz_title (imtehan_report_quiz_get_quiz (quiz), self->language);
  adw_window_title_set_subtitle (self->window_title, title);
  update_learners_state (self);
  update_statistics (self);
}

static void
quiz_selected_cb (ImtehanReportWindow *self)
{
  g_autoptr(ImtehanReportQuiz) quiz = NULL;
  guint position = gtk_drop_down_get_selected (self->quiz_dropdown);

  if (position != GTK_INVALID_LIST_POSITION)
    quiz = g_list_model_get_item (imtehan_report_get_quizzes (self->report), position);
  if (quiz != self->quiz)
    set_quiz (self, quiz);
}

/* Problems ---------------------------------------------------------------------------------- */

static const char *
problem_title (ImtehanReportProblemKind kind)
{
  switch (kind)
    {
    case IMTEHAN_REPORT_PROBLEM_UNREADABLE:
      return _("Could not be read");
    case IMTEHAN_REPORT_PROBLEM_VANISHED:
      return _("Removed while the report was read");
    case IMTEHAN_REPORT_PROBLEM_NOT_REGULAR:
      return _("Not a file");
    case IMTEHAN_REPORT_PROBLEM_TOO_LARGE:
      return _("Too large for an attempt");
    case IMTEHAN_REPORT_PROBLEM_DAMAGED:
      return _("Damaged");
    case IMTEHAN_REPORT_PROBLEM_NEWER_VERSION:
      return _("Written by a newer Imtehan");
    case IMTEHAN_REPORT_PROBLEM_QUIZ_CHANGED:
      return _("Taken on another version of the quiz");
    case IMTEHAN_REPORT_PROBLEM_QUIZ_MISSING:
      return _("Its quiz was not found");
    case IMTEHAN_REPORT_PROBLEM_CONFLICT:
      return _("Another file has this attempt with other answers");
    case IMTEHAN_REPORT_PROBLEM_FOLDER_SKIPPED:
      return _("Folder skipped");
    case IMTEHAN_REPORT_PROBLEM_QUIZ_UNREADABLE:
      return _("A quiz could not be read");
    default:
      return _("Not counted");
    }
}

static void
problem_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  gtk_widget_add_css_class (box, "report-problem");
  for (guint i = 0; i < 3; i++)
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_box_append (GTK_BOX (box), label);
      if (i == 0)
        gtk_widget_add_css_class (label, "heading");
      if (i == 2)
        {
          gtk_widget_add_css_class (label, "dim-label");
          gtk_widget_add_css_class (label, "caption");
        }
    }
  gtk_list_item_set_child (item, box);
}

static void
problem_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  ImtehanReportProblem *problem = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *title = gtk_widget_get_first_child (box);
  GtkWidget *message = gtk_widget_get_next_sibling (title);
  GtkWidget *path = gtk_widget_get_last_child (box);
  GFile *file = imtehan_report_problem_get_file (problem);
  guint line = imtehan_report_problem_get_line (problem);
  g_autofree char *location = NULL;
  g_autofree char *spoken = NULL;

  if (file != NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      /* Isolated left to right: a path reads so in an Urdu window too. */
      location = line > 0 ? g_strdup_printf ("\u2066%s:%u\u2069", name, line)
                          : g_strdup_printf ("\u2066%s\u2069", name);
    }
  gtk_label_set_text (GTK_LABEL (title), problem_title (imtehan_report_problem_get_kind (problem)));
  gtk_label_set_text (GTK_LABEL (message), imtehan_report_problem_get_message (problem));
  gtk_widget_set_visible (message, imtehan_report_problem_get_message (problem) != NULL);
  gtk_label_set_text (GTK_LABEL (path), location);
  /* The reader's messages mostly name the file already. */
  gtk_widget_set_visible (path, location != NULL &&
                                (imtehan_report_problem_get_message (problem) == NULL ||
                                 strstr (imtehan_report_problem_get_message (problem),
                                         g_file_peek_path (file)) == NULL));
  spoken = g_strjoin (". ", gtk_label_get_text (GTK_LABEL (title)),
                      imtehan_report_problem_get_message (problem) ?: "",
                      location ?: "", NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken,
                                  -1);
}

static void
update_problems (ImtehanReportWindow *self)
{
  guint n = g_list_model_get_n_items (imtehan_report_get_problems (self->report));

  adw_view_stack_page_set_visible (self->problems_page, n > 0);
  adw_view_stack_page_set_badge_number (self->problems_page, n);
}

/* Loading --------------------------------------------------------------------------------- */

static void
update_progress (ImtehanReportWindow *self)
{
  guint read = imtehan_report_get_files_read (self->report);
  guint total = imtehan_report_get_files_total (self->report);
  g_autofree char *text = NULL;

  if (total == 0)
    {
      gtk_progress_bar_pulse (self->progress_bar);
      text = g_strdup (_("Looking for attempt files…"));
    }
  else
    {
      g_autofree char *read_text = imtehan_report_format_count (read);
      g_autofree char *total_text = imtehan_report_format_count (total);

      gtk_progress_bar_set_fraction (self->progress_bar, (double)MIN (read, total) / total);
      /* TRANSLATORS: the progress of the report: "Reading 1,234 of 10,000 files" */
      text = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "Reading %1$s of %2$s file",
                                         "Reading %1$s of %2$s files", total),
                              read_text, total_text);
    }
  gtk_progress_bar_set_text (self->progress_bar, text);
}

static void
show_report (ImtehanReportWindow *self)
{
  GListModel *quizzes = imtehan_report_get_quizzes (self->report);
  guint n = g_list_model_get_n_items (quizzes);
  guint position = n > 0 ? 0 : GTK_INVALID_LIST_POSITION;

  /* The quiz shown before a reload stays shown. */
  if (self->quiz != NULL)
    {
      const char *id = imtehan_quiz_get_id (imtehan_report_quiz_get_quiz (self->quiz));

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(ImtehanReportQuiz) quiz = g_list_model_get_item (quizzes, i);

          if (g_strcmp0 (imtehan_quiz_get_id (imtehan_report_quiz_get_quiz (quiz)), id) == 0)
            position = i;
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->quiz_dropdown), n > 1);
  g_clear_object (&self->quiz);
  gtk_drop_down_set_selected (self->quiz_dropdown, position);
  /* Unchanged, the position notifies nothing; the quizzes are new objects all the same. */
  quiz_selected_cb (self);
  update_problems (self);
  gtk_stack_set_visible_child_name (self->main_stack, "report");
}

/* Work that may outlive the window holds it weakly: closing it while the files are read
 * finalizes it at once (the load is cancelled, its result dropped). */
typedef struct
{
  GWeakRef      window;
  GCancellable *cancellable;
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_weak_ref_clear (&data->window);
  g_clear_object (&data->cancellable);
  g_free (data);
}

/* The load is over: the report, back to what was shown, or why it failed. */
static void
end_load (ImtehanReportWindow *self,
          gboolean             loaded,
          const GError        *error)
{
  g_clear_handle_id (&self->progress_source, g_source_remove);
  g_clear_object (&self->load_cancellable);
  self->load_deferred = FALSE;
  if (loaded)
    {
      g_clear_pointer (&self->loaded_sources, g_ptr_array_unref);
      self->loaded_sources = g_ptr_array_ref (self->sources);
      show_report (self);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* Back to what was shown before, which is still the report's. */
      if (self->loaded_sources != NULL)
        {
          g_ptr_array_unref (self->sources);
          self->sources = g_ptr_array_ref (self->loaded_sources);
        }
      gtk_stack_set_visible_child_name (self->main_stack,
                                        self->loaded_sources ? "report" : "empty");
      toast (self, _("Reading was cancelled"));
    }
  else
    {
      g_message ("The class report could not be read: %s", error->message);
      adw_status_page_set_description (self->failed_page, error->message);
      gtk_stack_set_visible_child_name (self->main_stack, "failed");
    }
  update_actions (self);
}

static void
load_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  LoadData *data = user_data;
  g_autoptr(ImtehanReportWindow) self = g_weak_ref_get (&data->window);
  g_autoptr(GError) error = NULL;
  gboolean loaded = imtehan_report_load_finish (IMTEHAN_REPORT (source), result, &error);
  gboolean current = self != NULL && self->load_cancellable == data->cancellable;

  load_data_free (data);
  /* A closed window, or a load replaced by a later one. */
  if (current)
    {
      end_load (self, loaded, error);
      imtehan_bench_mark_after_paint (GTK_WIDGET (self), "report-shown");
    }
}

/* The quizzes of the library are listed on a worker at start-up: `imtehan --report DIR`
 * opens this window before they are, and attempts of the teacher's own quizzes would be
 * listed apart as of a quiz not found. */
static gboolean
library_pending (ImtehanReportWindow *self)
{
  return self->context != NULL &&
         !imtehan_library_get_listed (imtehan_context_get_library (self->context));
}

static void begin_load (ImtehanReportWindow *self);

static void
library_listed_cb (ImtehanReportWindow *self)
{
  if (library_pending (self))
    return;
  g_clear_signal_handler (&self->listed_id, imtehan_context_get_library (self->context));
  if (self->load_deferred)
    begin_load (self);
}

static void
begin_load (ImtehanReportWindow *self)
{
  LoadData *data = g_new0 (LoadData, 1);

  self->load_deferred = FALSE;
  g_weak_ref_init (&data->window, self);
  data->cancellable = g_object_ref (self->load_cancellable);
  imtehan_report_load_async (self->report, (GFile * const *)self->sources->pdata,
                             self->sources->len, self->load_cancellable, load_cb, data);
}

static gboolean
progress_cb (gpointer user_data)
{
  ImtehanReportWindow *self = user_data;

  update_progress (self);
  return G_SOURCE_CONTINUE;
}

static void
start_load (ImtehanReportWindow *self)
{
  g_assert (self->sources != NULL && self->sources->len > 0);

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();
  /* library_listed_cb() begins it once the library is listed. */
  if (library_pending (self))
    {
      self->load_deferred = TRUE;
      if (self->listed_id == 0)
        self->listed_id = g_signal_connect_object (imtehan_context_get_library (self->context),
                                                   "notify::listed",
                                                   G_CALLBACK (library_listed_cb), self,
                                                   G_CONNECT_SWAPPED);
    }
  else
    begin_load (self);

  gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
  update_progress (self);
  if (self->progress_source == 0)
    self->progress_source = g_timeout_add (PROGRESS_INTERVAL_MS, progress_cb, self);
  gtk_stack_set_visible_child_name (self->main_stack, "loading");
  update_actions (self);
}

static void
set_sources (ImtehanReportWindow *self,
             GFile * const       *sources,
             guint                n_sources,
             gboolean             add)
{
  GPtrArray *array = g_ptr_array_new_with_free_func (g_object_unref);

  if (add && self->sources != NULL)
    for (guint i = 0; i < self->sources->len; i++)
      g_ptr_array_add (array, g_object_ref (g_ptr_array_index (self->sources, i)));
  for (guint i = 0; i < n_sources; i++)
    {
      gboolean known = FALSE;

      for (guint j = 0; j < array->len && !known; j++)
        known = g_file_equal (g_ptr_array_index (array, j), sources[i]);
      if (!known)
        g_ptr_array_add (array, g_object_ref (sources[i]));
    }
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  self->sources = array;
}

/* The folder chooser ---------------------------------------------------------------------- */

static void
folder_chosen_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (source);
  gboolean add = GPOINTER_TO_INT (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) files = imtehan_dialogs_open_finish (result, &error);
  g_autoptr(GPtrArray) chosen = g_ptr_array_new_with_free_func (g_object_unref);

  if (files == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, _("The Folder Could Not Be Opened"), error->message);
      return;
    }
  for (guint i = 0; i < g_list_model_get_n_items (files); i++)
    g_ptr_array_add (chosen, g_list_model_get_item (files, i));
  if (chosen->len > 0)
    {
      set_sources (self, (GFile * const *)chosen->pdata, chosen->len, add);
      start_load (self);
    }
}

/* A new chooser replaces the one open. */
static GCancellable *
new_chooser_cancellable (ImtehanReportWindow *self)
{
  g_cancellable_cancel (self->chooser_cancellable);
  g_clear_object (&self->chooser_cancellable);
  self->chooser_cancellable = g_cancellable_new ();
  return self->chooser_cancellable;
}

static void
choose_folders (ImtehanReportWindow *self,
                gboolean             add)
{
  /* Three USB copies of the lab's share are chosen at once. */
  imtehan_dialogs_open_async (GTK_WINDOW (self),
                              add ? _("Add a Results Folder") : _("Open the Results Folder"),
                              add ? _("_Add") : _("_Open"),
                              IMTEHAN_CHOOSE_FOLDER | IMTEHAN_CHOOSE_MULTIPLE, NULL, NULL,
                              new_chooser_cancellable (self), folder_chosen_cb,
                              GINT_TO_POINTER (add));
}

/* Exports ---------------------------------------------------------------------------------- */

typedef struct
{
  ImtehanReport       *report;
  ImtehanReportExport  kind;
  ImtehanReportInclude include;
  GFile               *file;
  GWeakRef             window;
} ExportData;

static void
export_data_free (ExportData *data)
{
  g_clear_object (&data->report);
  g_clear_object (&data->file);
  g_weak_ref_clear (&data->window);
  g_free (data);
}

static void
export_done (ImtehanReportWindow *self,
             GFile               *file,
             const GError        *error)
{
  g_autofree char *name = g_file_get_basename (file);

  if (error != NULL)
    {
      g_autofree char *heading = NULL;

      g_message ("Could not export the report to %s: %s", g_file_peek_path (file),
                 error->message);
      /* TRANSLATORS: the heading of the dialog when an export fails; %s is a file name */
      heading = g_strdup_printf (_("“%s” Could Not Be Saved"), name);
      show_error (self, heading, error->message);
    }
  else
    {
      /* TRANSLATORS: a toast after an export; %s is a file name */
      g_autofree char *message = g_strdup_printf (_("Saved “%s”"), name);
      g_autofree char *escaped = g_markup_escape_text (message, -1);
      g_autofree char *uri = g_file_get_uri (file);
      AdwToast *t = adw_toast_new (escaped);

      adw_toast_set_button_label (t, _("_Open"));
      adw_toast_set_action_name (t, "win.open-exported");
      adw_toast_set_action_target_value (t, g_variant_new_string (uri));
      adw_toast_overlay_add_toast (self->toast_overlay, t);
    }
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportData *data = task_data;
  GError *error = NULL;
  ImtehanReportCsv kind = data->kind == IMTEHAN_REPORT_EXPORT_ATTEMPTS_CSV
                          ? IMTEHAN_REPORT_CSV_ATTEMPTS
                          : IMTEHAN_REPORT_CSV_STATISTICS;

  if (imtehan_report_save_csv (data->report, kind, data->include, data->file, cancellable,
                               &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
exported_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  ExportData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(ImtehanReportWindow) self = g_weak_ref_get (&data->window);
  g_autoptr(GError) error = NULL;

  g_task_propagate_boolean (G_TASK (result), &error);
  if (self == NULL)
    {
      if (error != NULL)
        g_message ("Could not export the report to %s: %s", g_file_peek_path (data->file),
                   error->message);
      return;
    }
  g_assert (self->exports_running > 0);
  self->exports_running--;
  export_done (self, data->file, error);
  update_actions (self);
}

static void
pdf_saved_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  ExportData *data = user_data;
  g_autoptr(ImtehanReportWindow) self = g_weak_ref_get (&data->window);
  g_autoptr(GError) error = NULL;

  imtehan_report_print_save_pdf_finish (IMTEHAN_REPORT (source), result, &error);
  if (self == NULL)
    {
      if (error != NULL)
        g_message ("Could not export the report to %s: %s", g_file_peek_path (data->file),
                   error->message);
    }
  else
    {
      g_assert (self->exports_running > 0);
      self->exports_running--;
      export_done (self, data->file, error);
      update_actions (self);
    }
  export_data_free (data);
}

void
imtehan_report_window_export_to (ImtehanReportWindow *self,
                                 ImtehanReportExport  kind,
                                 GFile               *file)
{
  ExportData *data;

  g_return_if_fail (IMTEHAN_IS_REPORT_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (self->loaded_sources != NULL && self->load_cancellable == NULL);

  data = g_new0 (ExportData, 1);
  data->report = g_object_ref (self->report);
  data->kind = kind;
  data->include = self->include;
  data->file = g_object_ref (file);
  g_weak_ref_init (&data->window, self);
  /* The worker walks the report's lists: nothing reloads them until it is done. */
  self->exports_running++;
  update_actions (self);
  if (kind == IMTEHAN_REPORT_EXPORT_PDF)
    {
      /* Thousands of attempts take seconds to lay out: on a worker too. */
      imtehan_report_print_save_pdf_async (self->report, self->include, file, NULL,
                                           pdf_saved_cb, data);
    }
  else
    {
      g_autoptr(GTask) task = g_task_new (NULL, NULL, exported_cb, NULL);

      g_task_set_source_tag (task, imtehan_report_window_export_to);
      g_task_set_task_data (task, data, (GDestroyNotify)export_data_free);
      g_task_run_in_thread (task, export_thread);
    }
}

static void
export_chosen_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (source);
  ImtehanReportExport kind = GPOINTER_TO_INT (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = imtehan_dialogs_save_finish (result, &error);

  if (file == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, _("The Report Could Not Be Exported"), error->message);
      return;
    }
  if (self->loaded_sources != NULL && self->load_cancellable == NULL)
    imtehan_report_window_export_to (self, kind, file);
}

static void
choose_export_file (ImtehanReportWindow *self,
                    ImtehanReportExport  kind)
{
  static const char * const suffixes[] = { "attempts.csv", "statistics.csv", "report.pdf" };
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  GListModel *quizzes = imtehan_report_get_quizzes (self->report);
  g_autofree char *name = NULL;
  const char *title;

  /* Named after the quiz when there is one; the files cover every quiz of the report. */
  if (g_list_model_get_n_items (quizzes) == 1 && self->quiz != NULL)
    name = g_strdup_printf ("%s-%s",
                            imtehan_quiz_get_id (imtehan_report_quiz_get_quiz (self->quiz)),
                            suffixes[kind]);
  else
    name = g_strdup_printf ("class-%s", suffixes[kind]);

  if (kind == IMTEHAN_REPORT_EXPORT_PDF)
    {
      title = _("Export as PDF");
      gtk_file_filter_set_name (filter, _("PDF documents"));
      gtk_file_filter_add_mime_type (filter, "application/pdf");
      gtk_file_filter_add_suffix (filter, "pdf");
    }
  else
    {
      title = kind == IMTEHAN_REPORT_EXPORT_ATTEMPTS_CSV ? _("Export Attempts as CSV")
                                                         : _("Export Question Statistics as CSV");
      gtk_file_filter_set_name (filter, _("CSV spreadsheets"));
      gtk_file_filter_add_mime_type (filter, "text/csv");
      gtk_file_filter_add_suffix (filter, "csv");
    }

  g_list_store_append (filters, filter);
  imtehan_dialogs_save_async (GTK_WINDOW (self), title, _("_Export"), G_LIST_MODEL (filters),
                              name, NULL, new_chooser_cancellable (self), export_chosen_cb,
                              GINT_TO_POINTER (kind));
}

/* The review of one attempt ------------------------------------------------------------------ */

/* The row of self->reviewed, once the list has made it: the focus goes back where it was. */
static GtkWidget *
find_row (GtkWidget            *widget,
          ImtehanReportAttempt *attempt)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_object_get_data (G_OBJECT (child), "imtehan-attempt") == attempt &&
          gtk_widget_get_mapped (child))
        return child;
      if ((found = find_row (child, attempt)) != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_list_view (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      return child;
  return NULL;
}

static gboolean
focus_row_tick_cb (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       user_data)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (widget);
  GtkWidget *list = find_list_view (GTK_WIDGET (self->learners_view));
  GtkWidget *cell = list && self->reviewed ? find_row (list, self->reviewed) : NULL;

  if (cell == NULL && ++self->focus_row_frames < FOCUS_ROW_FRAMES)
    return G_SOURCE_CONTINUE;
  self->focus_row_tick = 0;
  if (cell != NULL)
    {
      /* The row is the list's child that holds the cell. */
      GtkWidget *row = cell;

      while (gtk_widget_get_parent (row) != list)
        row = gtk_widget_get_parent (row);
      gtk_widget_grab_focus (row);
    }
  else
    gtk_widget_grab_focus (GTK_WIDGET (self->learners_view));
  g_clear_object (&self->reviewed);
  return G_SOURCE_REMOVE;
}

static void
focus_reviewed_row (ImtehanReportWindow *self)
{
  GListModel *model = G_LIST_MODEL (self->learners_sorted);
  GtkWidget *list = find_list_view (GTK_WIDGET (self->learners_view));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (model, i);

      if (attempt == self->reviewed && list != NULL)
        {
          gtk_widget_activate_action (list, "list.scroll-to-item", "u", i);
          break;
        }
    }
  self->focus_row_frames = 0;
  if (self->focus_row_tick == 0)
    self->focus_row_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), focus_row_tick_cb,
                                                         NULL, NULL);
}

typedef struct
{
  GWeakRef              window;
  ImtehanReportAttempt *attempt;
} ReviewData;

static void
review_data_free (ReviewData *data)
{
  g_weak_ref_clear (&data->window);
  g_clear_object (&data->attempt);
  g_free (data);
}

/* The results page's own buttons start a new attempt or go to the learner's start page, in a
 * quiz window: the report has none of that, and its back button in the header. */
static void
hide_action_bars (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_ACTION_BAR (child))
        gtk_widget_set_visible (child, FALSE);
      else
        hide_action_bars (child);
    }
}

static void
review_loaded_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  ReviewData *data = user_data;
  g_autoptr(ImtehanReportWindow) self = g_weak_ref_get (&data->window);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  gsize length;

  if (g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error))
    {
      g_autofree char *display = g_file_get_parse_name (G_FILE (source));

      bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
      attempt = imtehan_attempt_new_from_bytes (imtehan_report_attempt_get_quiz (data->attempt),
                                                bytes, display, &error);
    }
  if (self == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      review_data_free (data);
      return;
    }
  g_clear_object (&self->review_cancellable);
  if (attempt == NULL)
    {
      g_autofree char *message = NULL;

      g_message ("Could not open an attempt for review: %s", error->message);
      /* TRANSLATORS: a toast when a learner's attempt cannot be shown; %s says why */
      message = g_strdup_printf (_("This attempt could not be opened: %s"), error->message);
      toast (self, message);
      review_data_free (data);
      return;
    }

  g_set_object (&self->reviewed, data->attempt);
  title = g_strdup (imtehan_report_format_learner (data->attempt));
  subtitle = quiz_title (imtehan_attempt_get_quiz (attempt), self->language);
  if (imtehan_attempt_get_finished (attempt))
    {
      imtehan_results_page_set_attempt (self->review_page, attempt);
      gtk_stack_set_visible_child_name (self->review_stack, "results");
    }
  else
    {
      g_autofree char *quiz = g_steal_pointer (&subtitle);

      imtehan_review_page_set_attempt (self->answers_page, attempt);
      gtk_stack_set_visible_child_name (self->review_stack, "answers");
      /* TRANSLATORS: separates the parts of a line: "Amna Bibi · Roll number 42 · Practice" */
      subtitle = g_strjoin (_(" · "), _("Not finished"), quiz, NULL);
    }
  adw_window_title_set_title (self->review_title, title);
  adw_window_title_set_subtitle (self->review_title, subtitle);
  gtk_stack_set_visible_child_name (self->main_stack, "review");
  /* Enabled first: an insensitive button takes no focus. */
  update_actions (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->back_button));
  review_data_free (data);
}

static void
open_review (ImtehanReportWindow  *self,
             ImtehanReportAttempt *attempt)
{
  ReviewData *data;

  if (imtehan_report_attempt_get_quiz (attempt) == NULL)
    return;
  if (self->review_cancellable != NULL)
    g_cancellable_cancel (self->review_cancellable);
  g_clear_object (&self->review_cancellable);
  self->review_cancellable = g_cancellable_new ();

  data = g_new0 (ReviewData, 1);
  g_weak_ref_init (&data->window, self);
  data->attempt = g_object_ref (attempt);
  /* Read again, as the learner's own results page reads it: the report kept only what its
   * figures need. */
  g_file_load_contents_async (imtehan_report_attempt_get_file (attempt), self->review_cancellable,
                              review_loaded_cb, data);
}

static void
learner_activated_cb (ImtehanReportWindow *self,
                      guint                position)
{
  g_autoptr(ImtehanReportAttempt) attempt =
    g_list_model_get_item (G_LIST_MODEL (self->learners_sorted), position);

  if (attempt != NULL)
    open_review (self, attempt);
}

/* Narrow windows ----------------------------------------------------------------------------- */

static void
set_narrow (ImtehanReportWindow *self,
            gboolean             narrow)
{
  self->narrow = narrow;
  gtk_stack_set_visible_child_name (self->title_stack, narrow ? "title" : "switcher");
  adw_view_switcher_bar_set_reveal (self->switcher_bar, narrow);
  /* Strict centering keeps the switcher in the middle, and costs twice the wider side. */
  adw_header_bar_set_centering_policy (self->header_bar, narrow ? ADW_CENTERING_POLICY_LOOSE
                                                                : ADW_CENTERING_POLICY_STRICT);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->learners_toolbar),
                                  narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (self->learners_toolbar, narrow ? 6 : 12);
  /* At 360 px, in Nastaliq too, the name (with its flags), score and state fit; where and
   * when are in the review. */
  for (guint i = 0; i < N_COLUMNS; i++)
    if (self->columns[i] != NULL)
      gtk_column_view_column_set_visible (self->columns[i],
                                          !narrow || (i != COLUMN_PC && i != COLUMN_STARTED &&
                                                      i != COLUMN_TIME));
}

static gboolean
narrow_cb (gpointer user_data)
{
  ImtehanReportWindow *self = user_data;

  self->narrow_source = 0;
  set_narrow (self, gtk_widget_get_width (GTK_WIDGET (self)) < NARROW_WIDTH);
  return G_SOURCE_REMOVE;
}

/* Actions ----------------------------------------------------------------------------------- */

/* Every action's enabled state, from the window's state: called after each change of it. */
static void
update_actions (ImtehanReportWindow *self)
{
  const char *page = page_name (self);
  gboolean loading = self->load_cancellable != NULL;
  gboolean loaded = self->loaded_sources != NULL && !loading;
  gboolean exporting = self->exports_running > 0;
  gboolean in_report = g_strcmp0 (page, "report") == 0;
  gboolean reviewing = g_strcmp0 (page, "review") == 0;
  GtkWidget *widget = GTK_WIDGET (self);

  gtk_widget_action_set_enabled (widget, "win.open-folder", !exporting);
  gtk_widget_action_set_enabled (widget, "win.add-folder", loaded && !exporting);
  gtk_widget_action_set_enabled (widget, "win.reload", loaded && !exporting);
  gtk_widget_action_set_enabled (widget, "win.cancel-load", loading);
  gtk_widget_action_set_enabled (widget, "win.export-attempts", loaded);
  gtk_widget_action_set_enabled (widget, "win.export-statistics", loaded);
  gtk_widget_action_set_enabled (widget, "win.export-pdf", loaded);
  gtk_widget_action_set_enabled (widget, "win.print", loaded && self->print_operation == NULL);
  gtk_widget_action_set_enabled (widget, "win.search", loaded && in_report);
  gtk_widget_action_set_enabled (widget, "win.show-view", loaded && in_report);
  gtk_widget_action_set_enabled (widget, "win.next-view", loaded && in_report);
  gtk_widget_action_set_enabled (widget, "win.back", reviewing);
}

static void
open_folder_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  choose_folders (IMTEHAN_REPORT_WINDOW (widget), FALSE);
}

static void
add_folder_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  choose_folders (IMTEHAN_REPORT_WINDOW (widget), TRUE);
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  start_load (IMTEHAN_REPORT_WINDOW (widget));
}

static void
cancel_load_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (widget);

  if (self->load_deferred)
    {
      g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                     "cancelled");

      end_load (self, FALSE, error);
    }
  else if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ImtehanReportExport kind;

  if (g_str_equal (action_name, "win.export-attempts"))
    kind = IMTEHAN_REPORT_EXPORT_ATTEMPTS_CSV;
  else if (g_str_equal (action_name, "win.export-statistics"))
    kind = IMTEHAN_REPORT_EXPORT_STATISTICS_CSV;
  else
    kind = IMTEHAN_REPORT_EXPORT_PDF;
  choose_export_file (IMTEHAN_REPORT_WINDOW (widget), kind);
}

static void
print_done_cb (GtkPrintOperation       *operation,
               GtkPrintOperationResult  result,
               ImtehanReportWindow     *self)
{
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autoptr(GError) error = NULL;

      gtk_print_operation_get_error (operation, &error);
      g_message ("Could not print the report: %s", error ? error->message : "no reason given");
      show_error (self, _("The Report Could Not Be Printed"), error ? error->message : NULL);
    }
  if (self->print_operation == operation)
    g_clear_object (&self->print_operation);
  update_actions (self);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;

  g_clear_object (&self->print_operation);
  self->print_operation = imtehan_report_print_new (self->report, self->include);
  if (self->print_operation == NULL)
    return;
  gtk_print_operation_set_allow_async (self->print_operation, TRUE);
  g_signal_connect_object (self->print_operation, "done", G_CALLBACK (print_done_cb), self, 0);
  update_actions (self);
  result = gtk_print_operation_run (self->print_operation,
                                    GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, GTK_WINDOW (self),
                                    &error);
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR && self->print_operation != NULL)
    {
      g_message ("Could not print the report: %s", error->message);
      show_error (self, _("The Report Could Not Be Printed"), error->message);
    }
  if (result != GTK_PRINT_OPERATION_RESULT_IN_PROGRESS)
    g_clear_object (&self->print_operation);
  update_actions (self);
}

static void
open_exported_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  imtehan_dialogs_open_uri (GTK_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (widget);

  adw_view_stack_set_visible_child_name (self->view_stack, "learners");
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
show_view (ImtehanReportWindow *self,
           const char          *name)
{
  AdwViewStackPage *page;
  GtkWidget *child;

  if ((child = adw_view_stack_get_child_by_name (self->view_stack, name)) == NULL)
    return;
  page = adw_view_stack_get_page (self->view_stack, child);
  if (!adw_view_stack_page_get_visible (page))
    return;
  adw_view_stack_set_visible_child (self->view_stack, child);
}

static void
show_view_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  guint index = g_variant_get_uint32 (parameter);

  if (index < G_N_ELEMENTS (view_names))
    show_view (IMTEHAN_REPORT_WINDOW (widget), view_names[index]);
}

/* Ctrl+Page Down and Up: the next or the previous view shown, round. */
static void
next_view_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (widget);
  const char *current = adw_view_stack_get_visible_child_name (self->view_stack);
  int step = g_variant_get_int32 (parameter) < 0 ? -1 : 1;
  int n = G_N_ELEMENTS (view_names);
  int at = 0;

  for (int i = 0; i < n; i++)
    if (g_strcmp0 (current, view_names[i]) == 0)
      at = i;
  for (int i = 1; i < n; i++)
    {
      const char *name = view_names[((at + step * i) % n + n) % n];
      GtkWidget *child = adw_view_stack_get_child_by_name (self->view_stack, name);

      if (child != NULL &&
          adw_view_stack_page_get_visible (adw_view_stack_get_page (self->view_stack, child)))
        {
          adw_view_stack_set_visible_child (self->view_stack, child);
          return;
        }
    }
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (widget);

  gtk_stack_set_visible_child_name (self->main_stack, "report");
  imtehan_results_page_set_attempt (self->review_page, NULL);
  imtehan_review_page_set_attempt (self->answers_page, NULL);
  update_actions (self);
  focus_reviewed_row (self);
}

/* Alt+Left goes back, and in a right-to-left window Alt+Right, as the back arrow points. */
static gboolean
back_key_cb (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  GtkTextDirection back_direction = g_variant_get_boolean (args) ? GTK_TEXT_DIR_RTL
                                                                 : GTK_TEXT_DIR_LTR;

  if (gtk_widget_get_direction (widget) != back_direction)
    return FALSE;
  return gtk_widget_activate_action (widget, "win.back", NULL);
}

/* GObject ----------------------------------------------------------------------------------- */

static void
imtehan_report_window_size_allocate (GtkWidget *widget,
                                     int        width,
                                     int        height,
                                     int        baseline)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (widget);

  GTK_WIDGET_CLASS (imtehan_report_window_parent_class)->size_allocate (widget, width, height,
                                                                         baseline);
  /* Not within this allocation: the header is laid out again at the next frame. */
  if ((width < NARROW_WIDTH) != self->narrow && self->narrow_source == 0)
    self->narrow_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, narrow_cb, self, NULL);
}

/* The app's shortcuts window, opened on its "Class Report" section: this window's keys. */
static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (widget);

  imtehan_shortcuts_window_present (GTK_WINDOW (self), &self->shortcuts, "report");
}

static void
imtehan_report_window_dispose (GObject *object)
{
  ImtehanReportWindow *self = (ImtehanReportWindow *)object;

  if (self->shortcuts != NULL)
    gtk_window_destroy (self->shortcuts);

  /* The column view goes after this, with its columns: its sorter changes then. */
  if (self->learners_sorted != NULL)
    g_signal_handlers_disconnect_by_data (self->learners_sorted, self);
  /* Closing the window stops the reading: nobody is left to see it. */
  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  if (self->review_cancellable != NULL)
    g_cancellable_cancel (self->review_cancellable);
  g_clear_object (&self->load_cancellable);
  g_clear_object (&self->review_cancellable);
  g_clear_handle_id (&self->progress_source, g_source_remove);
  g_clear_handle_id (&self->narrow_source, g_source_remove);
  if (self->context != NULL)
    g_clear_signal_handler (&self->listed_id, imtehan_context_get_library (self->context));
  if (self->focus_row_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->focus_row_tick);
  self->focus_row_tick = 0;
  g_cancellable_cancel (self->chooser_cancellable);
  g_clear_object (&self->chooser_cancellable);
  if (self->print_operation != NULL)
    g_signal_handlers_disconnect_by_data (self->print_operation, self);
  g_clear_object (&self->print_operation);

  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_REPORT_WINDOW);
  memset (self->columns, 0, sizeof self->columns);

  g_clear_object (&self->learners_sorted);
  g_clear_object (&self->learners_filtered);
  g_clear_object (&self->learners_filter);
  g_clear_object (&self->quiz);
  g_clear_object (&self->reviewed);
  g_clear_object (&self->report);
  g_clear_object (&self->context);
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  g_clear_pointer (&self->loaded_sources, g_ptr_array_unref);

  G_OBJECT_CLASS (imtehan_report_window_parent_class)->dispose (object);
}

static void
imtehan_report_window_finalize (GObject *object)
{
  ImtehanReportWindow *self = (ImtehanReportWindow *)object;

  g_free (self->language);
  g_free (self->search);

  G_OBJECT_CLASS (imtehan_report_window_parent_class)->finalize (object);
}

static void
imtehan_report_window_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, self->context);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_report_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      self->context = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_report_window_class_init (ImtehanReportWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_report_window_dispose;
  object_class->finalize = imtehan_report_window_finalize;
  object_class->get_property = imtehan_report_window_get_property;
  object_class->set_property = imtehan_report_window_set_property;

  /* The library, the bundled quiz and the kept versions the attempts are scored against. */
  properties[PROP_CONTEXT] =
    g_param_spec_object ("context", NULL, NULL, IMTEHAN_TYPE_CONTEXT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  widget_class->size_allocate = imtehan_report_window_size_allocate;

  g_type_ensure (IMTEHAN_TYPE_REPORT_QUESTIONS);
  g_type_ensure (IMTEHAN_TYPE_REPORT_SUMMARY);
  g_type_ensure (IMTEHAN_TYPE_RESULTS_PAGE);
  g_type_ensure (IMTEHAN_TYPE_REVIEW_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-report-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, failed_page);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, failed_open_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, quiz_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, title_stack);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, problems_page);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, learners_toolbar);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, practice_switch);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, learners_stack);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, learners_view);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, no_learners_page);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, questions_view);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, summary_view);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, problems_view);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, review_title);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, review_stack);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, review_page);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, answers_page);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, practice_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, learner_activated_cb);

  gtk_widget_class_install_action (widget_class, "win.open-folder", NULL, open_folder_action);
  gtk_widget_class_install_action (widget_class, "win.add-folder", NULL, add_folder_action);
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-load", NULL, cancel_load_action);
  gtk_widget_class_install_action (widget_class, "win.export-attempts", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.export-statistics", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.export-pdf", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.open-exported", "s", open_exported_action);
  gtk_widget_class_install_action (widget_class, "win.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "win.show-view", "u", show_view_action);
  gtk_widget_class_install_action (widget_class, "win.next-view", "i", next_view_action);
  gtk_widget_class_install_action (widget_class, "win.back", NULL, back_action);
  /* Ctrl+? (the application's accelerator), as in the quiz window. */
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL,
                                   show_shortcuts_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK,
                                       "win.print", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK,
                                       "win.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK,
                                       "win.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.back", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Left, GDK_ALT_MASK, back_key_cb, "b", FALSE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Right, GDK_ALT_MASK, back_key_cb, "b", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (view_names); i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK,
                                         "win.show-view", "u", i);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, GDK_CONTROL_MASK,
                                       "win.next-view", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, GDK_CONTROL_MASK,
                                       "win.next-view", "i", -1);
}

static void
imtehan_report_window_init (ImtehanReportWindow *self)
{
  g_autoptr(GtkExpression) title = NULL;
  g_autoptr(GtkSelectionModel) selection = NULL;
  g_autoptr(GtkListItemFactory) problem_factory = NULL;
  g_autoptr(GtkListItemFactory) button_factory = NULL;
  g_autoptr(GtkListItemFactory) list_factory = NULL;
  GtkEventController *shortcuts;
  GListModel *sorted;
  static const struct { const char *title; gboolean expand; } columns[N_COLUMNS] = {
    [COLUMN_LEARNER]  = { N_("Learner"), TRUE },
    [COLUMN_PC]       = { N_("PC"), FALSE },
    [COLUMN_STARTED]  = { N_("Started"), FALSE },
    [COLUMN_TIME]     = { N_("Time Taken"), FALSE },
    [COLUMN_SCORE]    = { N_("Score"), FALSE },
    [COLUMN_FINISHED] = { N_("Finished"), FALSE },
  };

  gtk_widget_init_template (GTK_WIDGET (self));

  self->language = g_strdup (imtehan_i18n_get_language ());
  if (g_str_equal (self->language, "ur"))
    gtk_widget_add_css_class (GTK_WIDGET (self), "urdu-ui");
  if (g_strcmp0 (PROFILE, "Devel") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
  /* GTK 4.8 names a button with a mnemonic label by its raw label and then by its label
   * child: screen readers would say "_Open Folder… Open Folder…". */
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->open_button),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->failed_open_button),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->cancel_button),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL);

  /* Learners: the quiz's attempts, those listed, in the order of the column clicked. */
  self->learners_filter = gtk_custom_filter_new (learner_visible_cb, self, NULL);
  self->learners_filtered =
    gtk_filter_list_model_new (NULL, g_object_ref (GTK_FILTER (self->learners_filter)));
  self->learners_sorted =
    gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->learners_filtered)),
                             g_object_ref (gtk_column_view_get_sorter (self->learners_view)));
  g_signal_connect_object (self->learners_sorted, "items-changed",
                           G_CALLBACK (learners_changed_cb), self, G_CONNECT_SWAPPED);
  sorted = G_LIST_MODEL (self->learners_sorted);
  selection = GTK_SELECTION_MODEL (gtk_single_selection_new (g_object_ref (sorted)));
  gtk_single_selection_set_autoselect (GTK_SINGLE_SELECTION (selection), FALSE);
  gtk_single_selection_set_can_unselect (GTK_SINGLE_SELECTION (selection), TRUE);
  gtk_column_view_set_model (self->learners_view, selection);

  for (guint i = 0; i < N_COLUMNS; i++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      g_autoptr(GtkSorter) sorter = GTK_SORTER (gtk_custom_sorter_new (compare_learners_cb,
                                                                       GINT_TO_POINTER (i), NULL));
      g_autoptr(GtkColumnViewColumn) column = NULL;

      g_signal_connect (factory, "setup", G_CALLBACK (learner_cell_setup_cb), GINT_TO_POINTER (i));
      g_signal_connect (factory, "bind", G_CALLBACK (learner_cell_bind_cb), GINT_TO_POINTER (i));
      column = gtk_column_view_column_new (_(columns[i].title), factory);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_expand (column, columns[i].expand);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_append_column (self->learners_view, column);
      self->columns[i] = column;
    }
  gtk_column_view_sort_by_column (self->learners_view, self->columns[COLUMN_LEARNER],
                                  GTK_SORT_ASCENDING);
  /* Typing in the list searches it. */
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self->learners_view));

  /* The quiz drop-down: every quiz of the report, by its title in the window's language. */
  title = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL,
                                       G_CALLBACK (report_quiz_title_cb), NULL, NULL);
  gtk_drop_down_set_expression (self->quiz_dropdown, title);
  button_factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (button_factory, "setup", G_CALLBACK (quiz_item_setup_cb),
                    GINT_TO_POINTER (TRUE));
  g_signal_connect (button_factory, "bind", G_CALLBACK (quiz_item_bind_cb), NULL);
  gtk_drop_down_set_factory (self->quiz_dropdown, button_factory);
  list_factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (list_factory, "setup", G_CALLBACK (quiz_item_setup_cb),
                    GINT_TO_POINTER (FALSE));
  g_signal_connect (list_factory, "bind", G_CALLBACK (quiz_item_bind_cb), NULL);
  gtk_drop_down_set_list_factory (self->quiz_dropdown, list_factory);
  g_signal_connect_object (self->quiz_dropdown, "notify::selected",
                           G_CALLBACK (quiz_selected_cb), self, G_CONNECT_SWAPPED);

  /* Problems: the files listed apart, each with why and where. */
  problem_factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (problem_factory, "setup", G_CALLBACK (problem_setup_cb), NULL);
  g_signal_connect (problem_factory, "bind", G_CALLBACK (problem_bind_cb), NULL);
  gtk_list_view_set_factory (self->problems_view, problem_factory);

  /* Ctrl+O is the application's Open Quiz… (imtehan-application.c), whose accelerators run
   * in the capture phase of every window: this controller, added first, runs before them. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_o,
                                                                                  GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("win.open-"
                                                                                "folder")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  hide_action_bars (GTK_WIDGET (self->review_page));
  hide_action_bars (GTK_WIDGET (self->answers_page));
  set_narrow (self, FALSE);
  update_actions (self);
}

/* The report is made with the context's library and bundled quiz: attempts of either are
 * scored. Without a context (a test's window), with neither. */
static void
create_report (ImtehanReportWindow *self)
{
  ImtehanLibrary *library = NULL;
  ImtehanQuiz *bundled = NULL;
  ImtehanQuizVersions *versions = NULL;
  g_autoptr(GtkSelectionModel) problems = NULL;

  if (self->context != NULL)
    {
      library = imtehan_context_get_library (self->context);
      bundled = imtehan_context_get_quiz (self->context);
      versions = imtehan_context_get_versions (self->context);
    }
  self->report = imtehan_report_new (library);
  /* Attempts taken on earlier versions of a quiz are matched to the version they were on. */
  if (versions != NULL)
    imtehan_report_set_versions (self->report, versions);
  if (bundled != NULL)
    imtehan_report_add_quiz (self->report, bundled);
  gtk_drop_down_set_model (self->quiz_dropdown, imtehan_report_get_quizzes (self->report));
  problems = GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (imtehan_report_get_problems
                                                                        (self->report))));
  gtk_list_view_set_model (self->problems_view, problems);
}

/* Public API -------------------------------------------------------------------------------- */

ImtehanReportWindow *
imtehan_report_window_present (GtkApplication *app,
                               ImtehanContext *context,
                               GFile * const  *sources,
                               guint           n_sources)
{
  ImtehanReportWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (app), NULL);
  g_return_val_if_fail (context == NULL || IMTEHAN_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (sources != NULL || n_sources == 0, NULL);

  self = g_object_new (IMTEHAN_TYPE_REPORT_WINDOW, "application", app, "context", context, NULL);
  create_report (self);
  gtk_window_present (GTK_WINDOW (self));
  if (n_sources > 0)
    {
      set_sources (self, sources, n_sources, FALSE);
      start_load (self);
    }
  else
    gtk_stack_set_visible_child_name (self->main_stack, "empty");
  update_actions (self);
  return self;
}

ImtehanReport *
imtehan_report_window_get_report (ImtehanReportWindow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_WINDOW (self), NULL);

  return self->report;
}
