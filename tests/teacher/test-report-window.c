/* test-report-window.c: the teacher's class report window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A class of attempt files is written into a temporary folder by ImtehanAttempt itself; the
 * window reads it as the teacher's would, and the test looks at what it shows: the rows and
 * their cells, the order, the review of one attempt, the problems, the exports.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "imtehan-dialogs.h"
#include "imtehan-i18n.h"
#include "imtehan-report-views.h"
#include "imtehan-report-window.h"
#include "imtehan-results-page.h"
#include "test-report-util.h"
#include "test-ui.h"
#include "test-util.h"

typedef struct
{
  ImtehanQuiz         *quiz;
  char                *root;     /* the class: a folder per PC and a damaged file */
  char                *damaged;  /* its path */
  ImtehanReportWindow *window;
} Fixture;

/* Names sorted differ from scores sorted: Eman 0 < Chand 3 < Bilal 4 < Amna 8. */
static const struct
{
  const char  *pc;
  const char  *learner;
  const char  *roll;
  ImtehanMode  mode;
  const char  *pattern;
  gboolean     finish;
} class_attempts[] = {
  { "pc01", "Amna", "7", IMTEHAN_MODE_EXAM, "cccccccc", TRUE },
  { "pc01", "Bilal", "12", IMTEHAN_MODE_EXAM, "cwcwcwcw", TRUE },
  { "pc02", "Chand", "3", IMTEHAN_MODE_EXAM, "ccc-----", FALSE },
  { "pc02", "Dawood", "21", IMTEHAN_MODE_PRACTICE, "cccccccc", TRUE },
  { "pc03", "Eman", "5", IMTEHAN_MODE_EXAM, "wwwwwwww", TRUE },
};

#define N_EXAMS 4

static void
write_class (Fixture *fixture)
{
  fixture->root = g_dir_make_tmp ("imtehan-class-XXXXXX", NULL);
  g_assert_nonnull (fixture->root);
  for (guint i = 0; i < G_N_ELEMENTS (class_attempts); i++)
    {
      g_autofree char *folder = g_build_filename (fixture->root, class_attempts[i].pc, NULL);
      g_autoptr(ImtehanAttempt) attempt =
        imtehan_test_make_attempt (fixture->quiz, class_attempts[i].mode, class_attempts[i].learner,
                                   class_attempts[i].pattern, class_attempts[i].finish);
      g_autofree char *path = NULL;

      imtehan_attempt_set_roll_number (attempt, class_attempts[i].roll);
      path = imtehan_test_write_attempt (folder, attempt);
      /* Eman gave herself full marks in a text editor: the report recomputes 0. */
      if (g_str_equal (class_attempts[i].learner, "Eman"))
        {
          g_autofree char *text = NULL;
          g_auto(GStrv) parts = NULL;
          g_autofree char *edited = NULL;

          g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
          parts = g_strsplit (text, "\nScore=0\n", 2);
          g_assert_cmpuint (g_strv_length (parts), ==, 2);
          edited = g_strjoinv ("\nScore=8\n", parts);
          g_assert_true (g_file_set_contents (path, edited, -1, NULL));
        }
    }
  fixture->damaged = imtehan_test_write_text (fixture->root, "damaged.ini",
                                              "[Attempt\nthis is not a key file\n");
}

static void
setup (Fixture       *fixture,
       gconstpointer  data)
{
  ImtehanLibrary *library = imtehan_context_get_library (imtehan_test_context ());

  /* The window waits for the context's quizzes to be listed before it reads. */
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_library_get_listed (library), 10);
  g_assert_true (imtehan_library_get_listed (library));
  imtehan_i18n_set_language (data);
  fixture->quiz = imtehan_test_load_bundled_quiz ();
  write_class (fixture);
}

static void
destroy_window (Fixture *fixture)
{
  if (fixture->window == NULL)
    return;
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *)&fixture->window);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  IMTEHAN_TEST_WAIT_UNTIL (fixture->window == NULL, 10);
  g_assert_null (fixture->window);
}

static void
teardown (Fixture       *fixture,
          gconstpointer  data)
{
  GtkWidget *dialog;

  while ((dialog = imtehan_dialogs_find_message (NULL, NULL)) != NULL)
    imtehan_test_close_dialog (dialog);
  destroy_window (fixture);
  imtehan_test_remove_tree (fixture->root);
  g_free (fixture->root);
  g_free (fixture->damaged);
  g_clear_object (&fixture->quiz);
  imtehan_i18n_set_language ("en");
}

static gpointer
child (Fixture    *fixture,
       const char *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (fixture->window),
                                                   IMTEHAN_TYPE_REPORT_WINDOW, name);

  g_assert_nonnull (object);
  return object;
}

static const char *
page_name (Fixture *fixture)
{
  return gtk_stack_get_visible_child_name (child (fixture, "main_stack"));
}

static void
open_window (Fixture  *fixture,
             gboolean  wait)
{
  g_autoptr(GFile) folder = g_file_new_for_path (fixture->root);

  fixture->window = imtehan_report_window_present (GTK_APPLICATION (imtehan_test_app),
                                                   imtehan_application_get_context (imtehan_test_app),
                                                   &folder, 1);
  g_assert_nonnull (fixture->window);
  if (!wait)
    return;
  IMTEHAN_TEST_WAIT_UNTIL (g_strcmp0 (page_name (fixture), "report") == 0, 20);
  g_assert_cmpstr (page_name (fixture), ==, "report");
  /* The rows are made at the next layout. */
  imtehan_test_run_for (100);
}

static GListModel *
rows (Fixture *fixture)
{
  return G_LIST_MODEL (gtk_column_view_get_model (child (fixture, "learners_view")));
}

/* The learners listed, in the order shown, as "Amna 8". */
static char *
rows_text (Fixture *fixture)
{
  GListModel *model = rows (fixture);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (model, i);

      g_string_append_printf (out, "%s%s %g", i ? ", " : "",
                              imtehan_report_attempt_get_learner (attempt),
                              imtehan_report_attempt_get_score (attempt));
    }
  return g_string_free (out, FALSE);
}

static guint
position_of (Fixture    *fixture,
             const char *learner)
{
  GListModel *model = rows (fixture);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (model, i);

      if (g_strcmp0 (imtehan_report_attempt_get_learner (attempt), learner) == 0)
        return i;
    }
  g_assert_not_reached ();
}

/* Whether an action of the window is enabled, as a button naming it would show it. */
static gboolean
action_enabled (Fixture    *fixture,
                const char *action)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  gboolean enabled;

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_popover_set_child (GTK_POPOVER (popover), button);
  gtk_widget_set_parent (popover, GTK_WIDGET (child (fixture, "back_button")));
  enabled = gtk_widget_get_sensitive (button);
  gtk_widget_unparent (popover);
  return enabled;
}

static const char * const export_actions[] = { "win.export-attempts", "win.export-statistics",
                                               "win.export-pdf", "win.print", "win.add-folder" };

/* No folder: the window asks for one, and nothing can be exported. */
static void
test_empty (Fixture       *fixture,
            gconstpointer  data)
{
  fixture->window = imtehan_report_window_present (GTK_APPLICATION (imtehan_test_app),
                                                   imtehan_application_get_context (imtehan_test_app),
                                                   NULL, 0);
  imtehan_test_spin ();
  g_assert_cmpstr (page_name (fixture), ==, "empty");
  g_assert_true (imtehan_test_shows_label (GTK_WIDGET (fixture->window),
                                           _("Open the Results Folder")));
  g_assert_true (action_enabled (fixture, "win.open-folder"));
  for (guint i = 0; i < G_N_ELEMENTS (export_actions); i++)
    g_assert_false (action_enabled (fixture, export_actions[i]));
  g_assert_false (action_enabled (fixture, "win.back"));
}

/* Each exam attempt once, with its learner, roll number and recomputed score; not the
 * practice; exports enabled only once read. */
static void
test_learners (Fixture       *fixture,
               gconstpointer  data)
{
  GtkWidget *view;
  g_autofree char *text = NULL;

  open_window (fixture, FALSE);
  g_assert_cmpstr (page_name (fixture), ==, "loading");
  g_assert_true (action_enabled (fixture, "win.cancel-load"));
  for (guint i = 0; i < G_N_ELEMENTS (export_actions); i++)
    g_assert_false (action_enabled (fixture, export_actions[i]));

  IMTEHAN_TEST_WAIT_UNTIL (g_strcmp0 (page_name (fixture), "report") == 0, 20);
  g_assert_cmpstr (page_name (fixture), ==, "report");
  imtehan_test_run_for (100);
  for (guint i = 0; i < G_N_ELEMENTS (export_actions); i++)
    g_assert_true (action_enabled (fixture, export_actions[i]));
  g_assert_false (action_enabled (fixture, "win.cancel-load"));

  /* By name at first. */
  text = rows_text (fixture);
  g_assert_cmpstr (text, ==, "Amna 8, Bilal 4, Chand 3, Eman 0");

  /* What the cells say: the recomputed score, never Score=; the roll number; unfinished. */
  view = GTK_WIDGET (child (fixture, "learners_view"));
  g_assert_true (imtehan_test_shows_label (view, "Eman"));
  g_assert_true (imtehan_test_shows_label (view, "0 of 8 · 0%"));
  g_assert_true (imtehan_test_shows_label (view, "4 of 8 · 50%"));
  g_assert_true (imtehan_test_shows_label (view, "Roll number \u20687\u2069"));
  g_assert_true (imtehan_test_shows_label (view, "Not finished"));
  g_assert_true (imtehan_test_shows_label (view, "Saved score 8 disagrees"));
  g_assert_false (imtehan_test_shows_label (view, "Dawood"));
}

static GtkColumnViewColumn *
column (Fixture *fixture,
        guint    index)
{
  GListModel *columns = gtk_column_view_get_columns (child (fixture, "learners_view"));
  GtkColumnViewColumn *found = g_list_model_get_item (columns, index);

  g_object_unref (found);
  return found;
}

/* A click on Score sorts by the score, and again the other way. */
static void
test_sort (Fixture       *fixture,
           gconstpointer  data)
{
  GtkColumnView *view;
  g_autofree char *ascending = NULL;
  g_autofree char *descending = NULL;
  g_autofree char *by_name = NULL;

  open_window (fixture, TRUE);
  view = child (fixture, "learners_view");
  g_assert_cmpstr (gtk_column_view_column_get_title (column (fixture, 4)), ==, _("Score"));
  gtk_column_view_sort_by_column (view, column (fixture, 4), GTK_SORT_ASCENDING);
  imtehan_test_spin ();
  ascending = rows_text (fixture);
  g_assert_cmpstr (ascending, ==, "Eman 0, Chand 3, Bilal 4, Amna 8");
  gtk_column_view_sort_by_column (view, column (fixture, 4), GTK_SORT_DESCENDING);
  imtehan_test_spin ();
  descending = rows_text (fixture);
  g_assert_cmpstr (descending, ==, "Amna 8, Bilal 4, Chand 3, Eman 0");
  gtk_column_view_sort_by_column (view, column (fixture, 0), GTK_SORT_DESCENDING);
  imtehan_test_spin ();
  by_name = rows_text (fixture);
  g_assert_cmpstr (by_name, ==, "Eman 0, Chand 3, Bilal 4, Amna 8");
}

static GtkLabel *
questions_intro (Fixture *fixture)
{
  GObject *label = gtk_widget_get_template_child (child (fixture, "questions_view"),
                                                  IMTEHAN_TYPE_REPORT_QUESTIONS, "intro_label");

  g_assert_nonnull (label);
  return GTK_LABEL (label);
}

/* The search filters by name and by roll number; the practice switch adds Dawood's practice:
 * the row count and the statistics follow. */
static void
test_search_and_practice (Fixture       *fixture,
                          gconstpointer  data)
{
  GtkEditable *search;
  g_autofree char *found = NULL;

  open_window (fixture, TRUE);
  search = child (fixture, "search_entry");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.search", NULL));
  imtehan_test_spin ();
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (fixture->window)),
                                         GTK_WIDGET (search)));

  /* GtkSearchEntry waits a little before it says the text changed. */
  gtk_editable_set_text (search, "BIL");
  IMTEHAN_TEST_WAIT_UNTIL (g_list_model_get_n_items (rows (fixture)) == 1, 5);
  found = rows_text (fixture);
  g_assert_cmpstr (found, ==, "Bilal 4");

  gtk_editable_set_text (search, "21");
  IMTEHAN_TEST_WAIT_UNTIL (g_list_model_get_n_items (rows (fixture)) == 0, 5);
  g_assert_cmpuint (g_list_model_get_n_items (rows (fixture)), ==, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (fixture, "learners_stack")), ==,
                   "none");

  /* The statistics are of the finished exams: Amna, Bilal, Eman; then Dawood's practice. */
  g_assert_true (g_str_has_prefix (gtk_label_get_text (questions_intro (fixture)), "From 3 "));
  gtk_switch_set_active (child (fixture, "practice_switch"), TRUE);
  imtehan_test_spin ();
  g_assert_true (g_str_has_prefix (gtk_label_get_text (questions_intro (fixture)), "From 4 "));
  g_assert_cmpuint (g_list_model_get_n_items (rows (fixture)), ==, 1);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (fixture, "learners_stack")), ==,
                   "list");

  gtk_editable_set_text (search, "");
  IMTEHAN_TEST_WAIT_UNTIL (g_list_model_get_n_items (rows (fixture)) == N_EXAMS + 1, 5);
  g_assert_cmpuint (g_list_model_get_n_items (rows (fixture)), ==, N_EXAMS + 1);
  gtk_switch_set_active (child (fixture, "practice_switch"), FALSE);
  imtehan_test_spin ();
  g_assert_cmpuint (g_list_model_get_n_items (rows (fixture)), ==, N_EXAMS);
}

static gboolean
focus_shows (Fixture    *fixture,
             const char *text)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (fixture->window));

  return focus != NULL && imtehan_test_shows_label (focus, text);
}

/* Enter on a row shows that learner's attempt in the review; back (the button's action,
 * Escape, and Alt with the arrow that points back) returns to the list with the focus on
 * the same row. */
static void
test_review (Fixture       *fixture,
             gconstpointer  data)
{
  gboolean urdu = g_str_equal (data, "ur");
  GtkWidget *results;
  GObject *score;
  GObject *learner;
  const guint back_keys[] = { 0, GDK_KEY_Escape, urdu ? GDK_KEY_Right : GDK_KEY_Left };

  open_window (fixture, TRUE);
  imtehan_test_assert_direction (GTK_WIDGET (fixture->window),
                                 urdu ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (fixture->window), "urdu-ui") == urdu);
  results = GTK_WIDGET (child (fixture, "review_page"));
  score = gtk_widget_get_template_child (results, IMTEHAN_TYPE_RESULTS_PAGE, "score_label");
  learner = gtk_widget_get_template_child (results, IMTEHAN_TYPE_RESULTS_PAGE, "learner_label");

  for (guint k = 0; k < G_N_ELEMENTS (back_keys); k++)
    {
      const char *name = k == 1 ? "Chand" : "Bilal";
      /* The score as the results page says it. */
      g_autofree char *expected = g_strdup_printf (_("%s of %u · %u%%"), "4", 8, 50);

      g_signal_emit_by_name (child (fixture, "learners_view"), "activate",
                             position_of (fixture, name));
      IMTEHAN_TEST_WAIT_UNTIL (g_strcmp0 (page_name (fixture), "review") == 0, 10);
      g_assert_cmpstr (page_name (fixture), ==, "review");
      g_assert_true (action_enabled (fixture, "win.back"));
      g_assert_false (action_enabled (fixture, "win.search"));
      if (k == 1)
        {
          /* Unfinished: its answers, unmarked, as its learner last saw them. */
          g_assert_cmpstr (gtk_stack_get_visible_child_name (child (fixture, "review_stack")),
                           ==, "answers");
          g_assert_true (imtehan_test_shows_label (GTK_WIDGET (child (fixture, "answers_page")),
                                                   _("Not answered")));
        }
      else
        {
          g_assert_cmpstr (gtk_stack_get_visible_child_name (child (fixture, "review_stack")),
                           ==, "results");
          g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (score)), ==, expected);
          g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (learner)), name));
        }
      g_assert_cmpstr (adw_window_title_get_title (child (fixture, "review_title")), ==, name);
      g_assert_true (gtk_window_get_focus (GTK_WINDOW (fixture->window)) ==
                     GTK_WIDGET (child (fixture, "back_button")));

      if (back_keys[k] == 0)
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.back", NULL));
      else
        imtehan_test_press_keys (GTK_WIDGET (fixture->window), back_keys[k],
                                 back_keys[k] == GDK_KEY_Escape ? 0 : GDK_ALT_MASK);
      g_assert_cmpstr (page_name (fixture), ==, "report");
      IMTEHAN_TEST_WAIT_UNTIL (focus_shows (fixture, name), 5);
      g_assert_true (focus_shows (fixture, name));
    }
  /* Nothing of the review was written back. */
  {
    g_autofree char *folder = g_build_filename (fixture->root, "pc01", NULL);
    g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
    guint n = 0;

    while (g_dir_read_name (dir) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 2);
  }
}

/* A label shown with @text in it: a path, with the line where the file went wrong. */
static gboolean
shows_label_with (GtkWidget  *widget,
                  const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (shows_label_with (c, text))
      return TRUE;
  return FALSE;
}

/* The damaged file is listed apart, with why and where; the view is there only then. */
static void
test_problems (Fixture       *fixture,
               gconstpointer  data)
{
  AdwViewStackPage *page;

  open_window (fixture, TRUE);
  page = child (fixture, "problems_page");
  g_assert_true (adw_view_stack_page_get_visible (page));
  g_assert_cmpuint (adw_view_stack_page_get_badge_number (page), ==, 1);
  g_assert_false (shows_label_with (GTK_WIDGET (fixture->window), fixture->damaged));

  /* Alt+4, as the switcher's fourth view. */
  imtehan_test_press_keys (GTK_WIDGET (fixture->window), GDK_KEY_4, GDK_ALT_MASK);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (child (fixture, "view_stack")), ==,
                   "problems");
  imtehan_test_run_for (100);
  g_assert_true (imtehan_test_shows_label (GTK_WIDGET (fixture->window), _("Damaged")));
  g_assert_true (shows_label_with (GTK_WIDGET (fixture->window), fixture->damaged));

  /* Without problems, no view for them. */
  g_assert_no_errno (g_unlink (fixture->damaged));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reload", NULL));
  IMTEHAN_TEST_WAIT_UNTIL (g_strcmp0 (page_name (fixture), "report") == 0, 20);
  g_assert_false (adw_view_stack_page_get_visible (page));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (child (fixture, "view_stack")), !=,
                   "problems");
}

/* The export action writes the CSV or PDF chosen, says so in a toast; a file that cannot be
 * written says why in a dialog. */
static void
test_export (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->root, "out", "attempts.csv", NULL);
  g_autofree char *out = g_build_filename (fixture->root, "out", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  g_autofree char *toast = g_strdup_printf (_("Saved “%s”"), "attempts.csv");
  GtkWidget *dialog;

  open_window (fixture, TRUE);

  /* Into a folder that does not exist: a dialog with the reason. */
  imtehan_report_window_export_to (fixture->window, IMTEHAN_REPORT_EXPORT_ATTEMPTS_CSV, file);
  g_assert_false (action_enabled (fixture, "win.reload"));
  dialog = imtehan_test_wait_for_message (GTK_WINDOW (fixture->window));
  g_assert_true (action_enabled (fixture, "win.reload"));
  imtehan_test_respond (dialog, "close");
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  g_assert_no_errno (g_mkdir (out, 0700));
  imtehan_report_window_export_to (fixture->window, IMTEHAN_REPORT_EXPORT_ATTEMPTS_CSV, file);
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_test_shows_label (GTK_WIDGET (fixture->window), toast) ||
                           imtehan_dialogs_find_message (NULL, NULL) != NULL, 10);
  g_assert_null (imtehan_dialogs_find_message (NULL, NULL));
  g_assert_true (imtehan_test_shows_label (GTK_WIDGET (fixture->window), toast));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "\xef\xbb\xbf"));
  g_assert_nonnull (strstr (contents, "Bilal"));
  g_assert_null (strstr (contents, "Dawood"));

  /* The PDF, laid out on a worker. */
  {
    g_autofree char *pdf_path = g_build_filename (out, "report.pdf", NULL);
    g_autoptr(GFile) pdf = g_file_new_for_path (pdf_path);
    g_autofree char *pdf_toast = g_strdup_printf (_("Saved “%s”"), "report.pdf");
    g_autofree char *pdf_contents = NULL;

    imtehan_report_window_export_to (fixture->window, IMTEHAN_REPORT_EXPORT_PDF, pdf);
    g_assert_false (action_enabled (fixture, "win.reload"));
    IMTEHAN_TEST_WAIT_UNTIL (imtehan_test_shows_label (GTK_WIDGET (fixture->window), pdf_toast) ||
                             imtehan_dialogs_find_message (NULL, NULL) != NULL, 30);
    g_assert_null (imtehan_dialogs_find_message (NULL, NULL));
    g_assert_true (imtehan_test_shows_label (GTK_WIDGET (fixture->window), pdf_toast));
    g_assert_true (action_enabled (fixture, "win.reload"));
    g_assert_true (g_file_get_contents (pdf_path, &pdf_contents, NULL, NULL));
    g_assert_true (g_str_has_prefix (pdf_contents, "%PDF-"));
  }
}

/* Cancel while reading: back to the empty window, and a toast saying so. */
static void
test_cancel (Fixture       *fixture,
             gconstpointer  data)
{
  open_window (fixture, FALSE);
  g_assert_cmpstr (page_name (fixture), ==, "loading");
  /* Before the main loop runs again: the worker's result, whatever it is, comes too late. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.cancel-load",
                                             NULL));
  IMTEHAN_TEST_WAIT_UNTIL (g_strcmp0 (page_name (fixture), "empty") == 0, 10);
  g_assert_cmpstr (page_name (fixture), ==, "empty");
  g_assert_true (imtehan_test_shows_label (GTK_WIDGET (fixture->window),
                                           _("Reading was cancelled")));
  g_assert_false (action_enabled (fixture, "win.export-attempts"));
  g_assert_false (imtehan_report_get_loading (imtehan_report_window_get_report (fixture->window)));
}

/* Closed while reading: the window goes at once, the reading stops, nothing crashes. */
static void
test_close_while_loading (Fixture       *fixture,
                          gconstpointer  data)
{
  ImtehanReportWindow *window;
  g_autoptr(ImtehanReport) report = NULL;

  open_window (fixture, FALSE);
  window = g_object_ref (fixture->window);
  report = g_object_ref (imtehan_report_window_get_report (window));
  g_assert_true (imtehan_report_get_loading (report));
  fixture->window = NULL;
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
  IMTEHAN_TEST_WAIT_UNTIL (!imtehan_report_get_loading (report), 10);
  g_assert_false (imtehan_report_get_loading (report));
  /* Cancelled, not read to the end for nobody. */
  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_quizzes (report)), ==, 0);
}

/* At 360 px the views are switched from a bar at the bottom; at 1280 from the header. The
 * window is shown again at each size: without a window manager, X keeps a mapped window's
 * size when its default size changes. */
static void
show_at_width (Fixture *fixture,
               int      width)
{
  gtk_widget_set_visible (GTK_WIDGET (fixture->window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), width, 640);
  gtk_window_present (GTK_WINDOW (fixture->window));
  IMTEHAN_TEST_WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (fixture->window)) <=
                           MAX (width, 400) &&
                           gtk_widget_get_width (GTK_WIDGET (fixture->window)) >= width - 40, 10);
  imtehan_test_run_for (200);
}

static void
test_narrow (Fixture       *fixture,
             gconstpointer  data)
{
  int min;

  open_window (fixture, TRUE);
  show_at_width (fixture, 1280);
  g_assert_false (adw_view_switcher_bar_get_reveal (child (fixture, "switcher_bar")));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (fixture, "title_stack")), ==,
                   "switcher");
  show_at_width (fixture, 360);
  IMTEHAN_TEST_WAIT_UNTIL (adw_view_switcher_bar_get_reveal (child (fixture, "switcher_bar")), 10);
  g_assert_true (adw_view_switcher_bar_get_reveal (child (fixture, "switcher_bar")));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (fixture, "title_stack")), ==, "title");
  g_assert_false (gtk_column_view_column_get_visible (column (fixture, 2)));
  /* Nothing in the window asks for more than 360 px. */
  gtk_widget_measure (GTK_WIDGET (fixture->window), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL,
                      NULL, NULL);
  g_assert_cmpint (min, <=, 360);
}

#define ADD(path, lang, func) \
  g_test_add ((path), Fixture, (lang), setup, (func), teardown)

int
main (int   argc,
      char *argv[])
{
  imtehan_test_ui_init (&argc, &argv, "imtehan-test-report-window-XXXXXX");

  ADD ("/report-window/empty", "en", test_empty);
  ADD ("/report-window/learners", "en", test_learners);
  ADD ("/report-window/sort", "en", test_sort);
  ADD ("/report-window/search-and-practice", "en", test_search_and_practice);
  ADD ("/report-window/review", "en", test_review);
  ADD ("/report-window/review/urdu", "ur", test_review);
  ADD ("/report-window/problems", "en", test_problems);
  ADD ("/report-window/export", "en", test_export);
  ADD ("/report-window/cancel", "en", test_cancel);
  ADD ("/report-window/close-while-loading", "en", test_close_while_loading);
  ADD ("/report-window/narrow", "en", test_narrow);

  return imtehan_test_ui_run ();
}
