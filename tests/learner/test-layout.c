/* test-layout.c: GTK's measuring contract on every page, and choice rows as tall as their text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real window, in English and Urdu, at 360 and 1280 px, through every page: each widget
 * gives a minimum no larger than its natural size, and Imtehan's own a minimum height for no
 * width no larger than for any width (GTK 4.18's GtkBoxLayout relies on it); each choice row
 * is as high as its text, its letter on the text's first baseline; wrapping texts are laid
 * out few times.
 */

#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "imtehan-choice-row.h"
#include "imtehan-i18n.h"
#include "imtehan-question-page.h"
#include "imtehan-report-histogram.h"
#include "imtehan-report-views.h"
#include "imtehan-row.h"
#include "imtehan-scroll-bin.h"
#include "imtehan-wrap-bin.h"
#include "test-report-util.h"
#include "test-ui.h"
#include "test-util.h"
#include "test-util-gtk.h"

typedef struct
{
  const char *lang;
  int         width;
  const char *quiz;   /* a file of tests/data, or NULL for the bundled quiz */
} Setting;

typedef struct
{
  const Setting *setting;
  ImtehanWindow *window;
  guint          n_widgets;
  guint          n_failures;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->setting = data;
  imtehan_test_remove_attempts ();
  imtehan_i18n_set_language (fixture->setting->lang);
  if (fixture->setting->quiz != NULL)
    {
      g_autofree char *path = g_build_filename (TEST_DATA_DIR, fixture->setting->quiz, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(ImtehanQuiz) quiz = imtehan_quiz_new_from_file (file, NULL, &error);

      g_assert_no_error (error);
      fixture->window = imtehan_window_new_for_quiz (GTK_APPLICATION (imtehan_test_app),
                                                     imtehan_test_context (), quiz);
    }
  else
    fixture->window = imtehan_window_new (GTK_APPLICATION (imtehan_test_app),
                                          imtehan_test_context ());
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), fixture->setting->width,
                               fixture->setting->width < 600 ? 760 : 800);
  gtk_window_present (GTK_WINDOW (fixture->window));
  imtehan_test_run_for (200);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  imtehan_test_destroy_window (&fixture->window);
  imtehan_test_remove_attempts ();
}

static void
activate (Fixture    *fixture,
          const char *action,
          GVariant   *parameter)
{
  imtehan_test_activate (fixture->window, action, parameter);
}

/* Imtehan's own widgets, whose measure() or layout this app wrote. */
static gboolean
is_own (GtkWidget *widget)
{
  return g_str_has_prefix (G_OBJECT_TYPE_NAME (widget), "Imtehan");
}

/* Those of them whose children are Imtehan's or plain labels and images: measured at any
 * width, they measure nothing of GTK's or libadwaita's at a width the app never gives it. */
static gboolean
is_own_leaf (GtkWidget *widget)
{
  return IMTEHAN_IS_WRAP_BIN (widget) || IMTEHAN_IS_ROW (widget) ||
         IMTEHAN_IS_CHOICE_ROW (widget) || IMTEHAN_IS_REPORT_HISTOGRAM (widget);
}

static void
fail (Fixture    *fixture,
      const char *where,
      GtkWidget  *widget,
      const char *what)
{
  g_test_message ("%s, %s %d px: %s %p: %s", where, fixture->setting->lang,
                  fixture->setting->width, G_OBJECT_TYPE_NAME (widget), widget, what);
  fixture->n_failures++;
}

/* Measures @widget in @orientation for @for_size, and checks that its minimum is not above
 * its natural size. Returns the minimum. */
static int
measure (Fixture        *fixture,
         const char     *where,
         GtkWidget      *widget,
         GtkOrientation  orientation,
         int             for_size)
{
  int minimum, natural;

  gtk_widget_measure (widget, orientation, for_size, &minimum, &natural, NULL, NULL);
  if (minimum > natural)
    {
      g_autofree char *what =
        g_strdup_printf ("minimum %s %d above its natural %d for %d",
                         orientation == GTK_ORIENTATION_HORIZONTAL ? "width" : "height",
                         minimum, natural, for_size);

      fail (fixture, where, widget, what);
    }
  return minimum;
}

/* GTK's contract for @widget: for no size, its minimum and natural sizes; its height for
 * the width it has and for twice its natural width. Imtehan's text widgets and rows are also
 * asked for their height at their minimum and natural widths and between, and for their
 * width for heights from their minimum up. GTK's and libadwaita's widgets, and pages holding
 * them, are asked only what the app asks them: GTK 4.8's GtkLabel, wrapping a word it cannot
 * break, needs more than its natural width at any height, which GTK 4.8's GtkBoxLayout
 * reports as "Expect overlapping widgets" when asked at a width or height the app never
 * gives (an AdwActionRow of the report's summary). A size below the minimum is never asked:
 * GTK warns then. */
static void
check_widget (Fixture    *fixture,
              const char *where,
              GtkWidget  *widget)
{
  gboolean own = is_own (widget), leaf = is_own_leaf (widget);
  int min_width, nat_width, min_height, nat_height;
  int widths[5], heights[4];
  guint n_widths = 0, n_heights = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, &nat_width, NULL, NULL);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, -1, &min_height, &nat_height, NULL, NULL);
  fixture->n_widgets++;
  if (min_width > nat_width)
    fail (fixture, where, widget, "minimum width above its natural width");
  if (min_height > nat_height)
    fail (fixture, where, widget, "minimum height above its natural height");

  widths[n_widths++] = MAX (gtk_widget_get_width (widget), min_width);
  widths[n_widths++] = 2 * nat_width + 10;
  if (leaf)
    {
      widths[n_widths++] = min_width;
      widths[n_widths++] = (min_width + nat_width) / 2;
      widths[n_widths++] = nat_width;
    }
  for (guint i = 0; i < n_widths; i++)
    {
      int height = measure (fixture, where, widget, GTK_ORIENTATION_VERTICAL, widths[i]);

      if (own && min_height > height)
        {
          g_autofree char *what =
            g_strdup_printf ("minimum height for no width %d above its minimum height %d for a "
                             "width of %d", min_height, height, widths[i]);

          fail (fixture, where, widget, what);
        }
    }

  /* Nothing in the app asks GTK's widgets for their width for a height (ImtehanScrollBin
   * answers the viewport's): their own boxes ask it of their wrapping labels, and GTK 4.8's
   * then finds the labels above (at a height as large as 2^20). */
  if (leaf || IMTEHAN_IS_SCROLL_BIN (widget))
    {
      heights[n_heights++] = MAX (gtk_widget_get_height (widget), min_height);
      heights[n_heights++] = 2 * nat_height + 10;
      heights[n_heights++] = min_height;
      heights[n_heights++] = nat_height;
    }
  for (guint i = 0; i < n_heights; i++)
    measure (fixture, where, widget, GTK_ORIENTATION_HORIZONTAL, heights[i]);
}

/* Every widget laid out at or below @widget, popovers (other surfaces) aside. */
static void
check_tree (Fixture    *fixture,
            const char *where,
            GtkWidget  *widget)
{
  if (!gtk_widget_should_layout (widget) && !GTK_IS_NATIVE (widget))
    return;
  check_widget (fixture, where, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (!GTK_IS_NATIVE (child))
      check_tree (fixture, where, child);
}

static void
check_page (Fixture    *fixture,
            const char *page)
{
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, page);
  imtehan_test_run_for (100);
  check_tree (fixture, page, GTK_WIDGET (fixture->window));
}

static void
wait_for_history (Fixture *fixture,
                  guint    n)
{
  GListModel *history = imtehan_window_get_history (fixture->window);

  IMTEHAN_TEST_WAIT_UNTIL (g_list_model_get_n_items (history) >= n, 10);
  g_assert_cmpuint (g_list_model_get_n_items (history), >=, n);
}

/* The user's library with a second quiz: the window's home is then the list of quizzes. */
static char *
library_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "imtehan", "quizzes", NULL);
}

static const char second_quiz[] =
  "[Quiz]\nFormatVersion=1\nId=arithmetic\nTitle=Arithmetic\nTitle[ur]=حساب\nDifficulty=easy\n"
  "[Question two]\nText=2 + 2?\nText[ur]=دو جمع دو؟\nChoices=three;four\nChoice.three=3\n"
  "Choice.four=4\nAnswer=four\n";

static GtkWidget *
find_type (GtkWidget *widget,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The report's views, in a window of the fixture's width, over five attempts of the bundled
 * quiz: every choice of every question expanded. */
static void
check_report_views (Fixture *fixture)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  guint n = imtehan_quiz_get_n_questions (quiz);
  g_autoptr(ImtehanStatsInput) input = imtehan_stats_input_new (n);
  g_autoptr(ImtehanStats) stats = NULL;
  GtkWidget *views[2];

  for (guint q = 0; q < n; q++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, q);
      guint n_choices = imtehan_question_get_n_choices (question);
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();

      for (guint c = 0; c < n_choices; c++)
        g_ptr_array_add (ids, (gpointer)imtehan_question_get_choice_id (question, c));
      g_ptr_array_add (ids, NULL);
      imtehan_stats_input_set_question (input, q, imtehan_question_get_id (question), 1,
                                        (const char * const *)ids->pdata,
                                        imtehan_question_get_answer (question));
    }
  for (guint a = 0; a < 5; a++)
    {
      guint attempt = imtehan_stats_input_add_attempt (input);

      for (guint q = 0; q < n; q++)
        {
          ImtehanQuestion *question = imtehan_quiz_get_question (quiz, q);
          const char *choice = imtehan_question_get_choice_id (question,
                                                               (a + q) % imtehan_question_get_n_choices (question));

          imtehan_stats_input_set_response (input, attempt, q, choice,
                                            g_str_equal (choice, imtehan_question_get_answer (question))
                                            ? 1.0 : 0.0);
        }
    }
  stats = imtehan_stats_compute (input);

  views[0] = imtehan_report_questions_new ();
  views[1] = imtehan_report_summary_new ();
  imtehan_report_questions_set_stats (IMTEHAN_REPORT_QUESTIONS (views[0]), quiz, stats,
                                      fixture->setting->lang);
  imtehan_report_summary_set_stats (IMTEHAN_REPORT_SUMMARY (views[1]), quiz, stats,
                                    fixture->setting->lang);
  for (guint v = 0; v < G_N_ELEMENTS (views); v++)
    {
      GtkWindow *window = GTK_WINDOW (gtk_window_new ());

      gtk_window_set_default_size (window, fixture->setting->width, 700);
      gtk_window_set_child (window, views[v]);
      gtk_window_present (window);
      imtehan_test_run_for (100);
      if (v == 0)
        {
          GtkListBox *list = GTK_LIST_BOX (find_type (views[0], GTK_TYPE_LIST_BOX));

          g_assert_nonnull (list);
          for (guint q = 0; q < n; q++)
            gtk_widget_activate (GTK_WIDGET (gtk_list_box_get_row_at_index (list, q)));
          imtehan_test_run_for (300);
        }
      check_tree (fixture, v == 0 ? "report questions" : "report summary", GTK_WIDGET (window));
      gtk_window_destroy (window);
    }
}

/* Every page a learner goes through, and the class report's views. */
static void
test_contract (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *folder = library_folder ();
  g_autofree char *path = g_build_filename (folder, "arithmetic.quiz", NULL);
  ImtehanWrapBinStats before, after;

  imtehan_wrap_bin_get_stats (&before);
  check_page (fixture, "start");
  activate (fixture, "win.start", NULL);
  imtehan_test_wait_for_page (fixture->window, "question");
  check_page (fixture, "question");
  activate (fixture, "win.choose", g_variant_new_uint32 (1));
  activate (fixture, "win.next", NULL);
  check_page (fixture, "question");
  activate (fixture, "win.review", NULL);
  imtehan_test_wait_for_page (fixture->window, "review");
  check_page (fixture, "review");
  activate (fixture, "win.submit", NULL);
  imtehan_test_wait_for_page (fixture->window, "results");
  check_page (fixture, "results");
  activate (fixture, "win.home", NULL);
  imtehan_test_wait_for_page (fixture->window, "start");
  wait_for_history (fixture, 1);
  check_page (fixture, "start");
  activate (fixture, "win.show-attempts", NULL);
  imtehan_test_wait_for_page (fixture->window, "attempts");
  check_page (fixture, "attempts");

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, second_quiz, -1, NULL));
  imtehan_test_reload_library ();
  imtehan_test_destroy_window (&fixture->window);
  fixture->window = imtehan_window_new (GTK_APPLICATION (imtehan_test_app), imtehan_test_context ());
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), fixture->setting->width, 760);
  gtk_window_present (GTK_WINDOW (fixture->window));
  imtehan_test_run_for (200);
  check_page (fixture, "library");
  imtehan_test_remove_tree (folder);
  imtehan_test_reload_library ();

  check_report_views (fixture);
  imtehan_wrap_bin_get_stats (&after);
  g_test_message ("%u widgets measured, %u texts laid out by the wrap bins, %u of them for "
                  "the widths for a height the test asked", fixture->n_widgets,
                  after.layouts - before.layouts, after.width_for_height - before.width_for_height);
  g_assert_cmpuint (fixture->n_widgets, >, 500);
  g_assert_cmpuint (fixture->n_failures, ==, 0);
}

static GtkWidget *
find_with_class (GtkWidget  *widget,
                 GType       type,
                 const char *css_class)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && gtk_widget_has_css_class (widget, css_class))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_with_class (child, type, css_class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* How high @label is, with what GTK puts around its text, at @width, as GtkLabel itself
 * measures it (not as an ImtehanWrapBin does). */
static int
label_height (GtkLabel *label,
              int       width)
{
  int height;

  gtk_widget_measure (GTK_WIDGET (label), GTK_ORIENTATION_VERTICAL, width, &height, NULL, NULL,
                      NULL);
  return height;
}

/* Where @label's first baseline is in @row. */
static double
first_baseline (GtkLabel  *label,
                GtkWidget *row)
{
  graphene_point_t point;
  int x, y;

  gtk_label_get_layout_offsets (label, &x, &y);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (label), row,
                                           &GRAPHENE_POINT_INIT (x, y + pango_layout_get_baseline (gtk_label_get_layout (label)) / (double)PANGO_SCALE),
                                           &point));
  return point.y;
}

static void
check_choice_rows (Fixture *fixture)
{
  ImtehanQuestionPage *page = IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (fixture->window));
  ImtehanAttempt *attempt = imtehan_window_get_attempt (fixture->window);
  guint current = imtehan_attempt_get_current (attempt);
  ImtehanQuestion *question = imtehan_quiz_get_question (imtehan_attempt_get_quiz (attempt), current);

  for (guint i = 0; i < imtehan_question_get_n_choices (question); i++)
    {
      GtkWidget *row = imtehan_question_page_get_choice (page, i);
      GtkWidget *bin = find_type (row, IMTEHAN_TYPE_WRAP_BIN);
      GtkLabel *text = GTK_LABEL (imtehan_wrap_bin_get_child (IMTEHAN_WRAP_BIN (bin)));
      GtkLabel *letter = GTK_LABEL (find_with_class (row, GTK_TYPE_LABEL, "choice-letter"));
      GtkWidget *indicator = gtk_widget_get_first_child (row);
      graphene_rect_t text_bounds, letter_bounds;
      int text_box, letter_box, indicator_height, expected;

      g_assert_nonnull (letter);
      g_assert_true (gtk_widget_get_mapped (row));
      /* The text's label is as wide as its bin. */
      text_box = label_height (text, gtk_widget_get_width (bin));
      letter_box = label_height (letter, -1);
      gtk_widget_measure (indicator, GTK_ORIENTATION_VERTICAL, -1, &indicator_height, NULL,
                          NULL, NULL);
      expected = MAX (MAX (text_box, letter_box), indicator_height);
      g_test_message ("%s %d px, question %u, choice %u: row %d px high, its text %d, its "
                      "letter %d (with their padding)", fixture->setting->lang,
                      fixture->setting->width, current + 1, i, gtk_widget_get_height (row),
                      text_box, letter_box);
      /* As high as its text (or its letter, or the radio indicator) and no higher. */
      g_assert_cmpint (gtk_widget_get_height (row), ==, expected);

      /* The letter beside the text, not above it: apart across, their first lines on one
       * baseline. */
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (text), row, &text_bounds));
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (letter), row, &letter_bounds));
      if (g_str_equal (fixture->setting->lang, "ur"))
        g_assert_cmpfloat (letter_bounds.origin.x, >=, text_bounds.origin.x + text_bounds.size.width);
      else
        g_assert_cmpfloat (letter_bounds.origin.x + letter_bounds.size.width, <=, text_bounds.origin.x);
      g_assert_cmpfloat (fabs (first_baseline (letter, row) - first_baseline (text, row)), <=, 1);
    }
}

/* Each question's choice rows, as the learner moves through them. */
static void
test_choice_rows (Fixture       *fixture,
                  gconstpointer  data)
{
  guint n;

  activate (fixture, "win.start", NULL);
  imtehan_test_wait_for_page (fixture->window, "question");
  n = imtehan_attempt_get_n_questions (imtehan_window_get_attempt (fixture->window));
  for (guint i = 0; i < n; i++)
    {
      imtehan_test_run_for (100);
      check_choice_rows (fixture);
      activate (fixture, "win.next", NULL);
    }
}

/* Moving through the questions and to the review and results: no text is asked for its
 * width for a height (a wrapping text answers that by laying itself out again and again),
 * and a move lays out about the texts of a question: the one shown, prepared before, is
 * shown as it was laid out; the next one is prepared. */
static void
test_laid_out_once (Fixture       *fixture,
                    gconstpointer  data)
{
  ImtehanWrapBinStats start, before, after;
  guint n, most = 0, total = 0;

  activate (fixture, "win.start", NULL);
  imtehan_test_wait_for_page (fixture->window, "question");
  imtehan_test_run_for (700);
  imtehan_wrap_bin_get_stats (&start);
  n = imtehan_attempt_get_n_questions (imtehan_window_get_attempt (fixture->window));
  for (guint i = 0; i + 1 < 2 * n - 1; i++)
    {
      imtehan_wrap_bin_get_stats (&before);
      activate (fixture, i + 1 < n ? "win.next" : "win.previous", NULL);
      /* The move's frame, and the neighbours prepared after it, the one before half a second
       * later (imtehan-question-deck.c). */
      imtehan_test_run_for (600);
      imtehan_wrap_bin_get_stats (&after);
      most = MAX (most, after.layouts - before.layouts);
      total += after.layouts - before.layouts;
    }
  activate (fixture, "win.review", NULL);
  imtehan_test_wait_for_page (fixture->window, "review");
  imtehan_test_run_for (200);
  activate (fixture, "win.submit", NULL);
  imtehan_test_wait_for_page (fixture->window, "results");
  imtehan_test_run_for (200);
  imtehan_wrap_bin_get_stats (&after);
  g_test_message ("%s %d px: %u moves laid out %u texts, %u at most in one; review and "
                  "results %u more", fixture->setting->lang, fixture->setting->width,
                  2 * n - 2, total, most, after.layouts - start.layouts - total);
  g_assert_cmpuint (after.width_for_height, ==, start.width_for_height);
  /* What a question view lays out (its topic, its question, four choices) for the question
   * prepared, and as much again. */
  g_assert_cmpuint (most, <=, 12);
}

static const Setting settings[] = {
  { "en", 360, NULL }, { "en", 1280, NULL }, { "ur", 360, NULL }, { "ur", 1280, NULL },
};

/* A question of every type: their answers (check boxes, an entry, drop-downs, rows to
 * order) are laid out as the single choices are. */
static const Setting type_settings[] = {
  { "en", 360, "question-types.quiz" }, { "ur", 360, "question-types.quiz" },
  { "ur", 1280, "question-types.quiz" },
};

int
main (int   argc,
      char *argv[])
{
  imtehan_test_ui_init (&argc, &argv, "imtehan-layout-XXXXXX");

  for (guint i = 0; i < G_N_ELEMENTS (settings); i++)
    {
      g_autofree char *contract = g_strdup_printf ("/layout/contract/%s/%d", settings[i].lang,
                                                   settings[i].width);
      g_autofree char *rows = g_strdup_printf ("/layout/choice-rows/%s/%d", settings[i].lang,
                                               settings[i].width);
      g_autofree char *once = g_strdup_printf ("/layout/laid-out-once/%s/%d", settings[i].lang,
                                               settings[i].width);

      g_test_add (contract, Fixture, &settings[i], fixture_setup, test_contract,
                  fixture_teardown);
      g_test_add (rows, Fixture, &settings[i], fixture_setup, test_choice_rows,
                  fixture_teardown);
      /* Widths do not change what a move lays out: one width per language. */
      if (settings[i].width < 600)
        g_test_add (once, Fixture, &settings[i], fixture_setup, test_laid_out_once,
                    fixture_teardown);
    }

  for (guint i = 0; i < G_N_ELEMENTS (type_settings); i++)
    {
      g_autofree char *once = g_strdup_printf ("/layout/laid-out-once/types/%s/%d",
                                               type_settings[i].lang, type_settings[i].width);

      g_test_add (once, Fixture, &type_settings[i], fixture_setup, test_laid_out_once,
                  fixture_teardown);
    }

  return imtehan_test_ui_run ();
}
