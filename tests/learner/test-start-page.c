/* test-start-page.c: what the start page offers (start, resume, the history) and its fonts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "imtehan-i18n.h"
#include "imtehan-start-page.h"
#include "imtehan-store.h"
#include "imtehan-warm-up.h"
#include "test-ui.h"
#include "test-util.h"

static void
wait_for_history (ImtehanWindow *window,
                  guint          n)
{
  GListModel *history = imtehan_window_get_history (window);

  IMTEHAN_TEST_WAIT_UNTIL (g_list_model_get_n_items (history) == n, 10);
  g_assert_cmpuint (g_list_model_get_n_items (history), ==, n);
}

/* Whether the start page offers to resume an attempt. */
static gboolean
resume_offered (ImtehanTestFixture *fixture)
{
  GtkWidget *page = imtehan_window_get_page (fixture->window);

  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  return gtk_widget_get_visible (GTK_WIDGET (gtk_widget_get_template_child (page,
                                                                            IMTEHAN_TYPE_START_PAGE,
                                                                            "resume_button")));
}

static void
test_shown_first (ImtehanTestFixture *fixture,
                  gconstpointer       data)
{
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  g_assert_null (imtehan_window_get_attempt (fixture->window));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (fixture->window)));
  g_assert_cmpstr (imtehan_window_get_language (fixture->window), ==, data);
}

static void
test_resume (ImtehanTestFixture *fixture,
             gconstpointer       data)
{
  ImtehanWindow *window = fixture->window;
  g_autofree char *id = NULL;

  imtehan_test_activate (window, "win.start", NULL);
  id = g_strdup (imtehan_attempt_get_id (imtehan_window_get_attempt (window)));
  imtehan_test_choose (window, 1);
  imtehan_test_activate (window, "win.next", NULL);
  imtehan_test_activate (window, "win.home", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "start");
  g_assert_true (resume_offered (fixture));

  imtehan_test_activate (window, "win.resume", NULL);
  imtehan_test_wait_for_page (window, "question");
  g_assert_cmpstr (imtehan_attempt_get_id (imtehan_window_get_attempt (window)), ==, id);
  g_assert_cmpuint (imtehan_attempt_get_current (imtehan_window_get_attempt (window)), ==, 1);
}

static void
test_history_and_try_again (ImtehanTestFixture *fixture,
                            gconstpointer       data)
{
  ImtehanWindow *window = fixture->window;
  g_autoptr(ImtehanAttempt) first = NULL;
  gboolean reshuffled = FALSE;
  g_autofree char *first_id = NULL;

  imtehan_test_activate (window, "win.start", NULL);
  first = g_object_ref (imtehan_window_get_attempt (window));
  first_id = g_strdup (imtehan_attempt_get_id (first));
  imtehan_test_choose (window, 0);
  imtehan_test_activate (window, "win.review", NULL);
  imtehan_test_activate (window, "win.submit", NULL);

  /* Try again: a new attempt with its own shuffle, the old one kept. */
  imtehan_test_activate (window, "win.try-again", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "question");
  g_assert_false (imtehan_window_get_attempt (window) == first);
  g_assert_cmpstr (imtehan_attempt_get_id (imtehan_window_get_attempt (window)), !=, first_id);
  for (guint i = 0; i < 8; i++)
    {
      const char * const *a = imtehan_attempt_get_choice_order (first, i);
      const char * const *b =
        imtehan_attempt_get_choice_order (imtehan_window_get_attempt (window), i);

      if (!g_strv_equal (a, b))
        reshuffled = TRUE;
    }
  g_assert_true (reshuffled);

  /* Back on the start page, the history lists both; the finished one opens its review. */
  imtehan_test_activate (window, "win.home", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "start");
  wait_for_history (window, 2);

  imtehan_test_activate (window, "win.open-attempt", g_variant_new_string (first_id));
  imtehan_test_wait_for_page (window, "results");
}

/* A new window, which lists the folder as at start-up: @n attempts. */
static void
reopen_window (ImtehanTestFixture *fixture,
               guint               n)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  imtehan_test_spin ();
  fixture->window = imtehan_test_window_new ();
  wait_for_history (fixture->window, n);
}

/* Another instance's store on the attempts folder, and an attempt it saved there (with an
 * answer if @answered). */
static ImtehanStore *
save_elsewhere (gboolean         answered,
                ImtehanAttempt **theirs)
{
  g_autofree char *dir = imtehan_test_attempts_dir ();
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  ImtehanStore *elsewhere = imtehan_store_new (folder);
  g_autoptr(GError) error = NULL;

  *theirs = imtehan_attempt_new (imtehan_context_get_quiz (imtehan_test_context ()), 0);
  if (answered)
    g_assert_true (imtehan_attempt_choose (*theirs, 0,
                                           imtehan_attempt_get_choice_order (*theirs, 0)[1]));
  g_assert_true (imtehan_store_save (elsewhere, *theirs, NULL, &error));
  g_assert_no_error (error);
  return elsewhere;
}

/* An unfinished attempt that another instance (or lab PC) has open is not resumed here:
 * two processes never write one attempt file. */
static void
test_resume_skips_attempt_open_elsewhere (ImtehanTestFixture *fixture,
                                          gconstpointer       data)
{
  g_autoptr(ImtehanAttempt) theirs = NULL;
  g_autoptr(ImtehanStore) elsewhere = save_elsewhere (TRUE, &theirs);
  const char *id = imtehan_attempt_get_id (theirs);
  g_autoptr(GError) error = NULL;

  g_assert_true (imtehan_store_lock (elsewhere, id, &error));
  g_assert_no_error (error);

  /* A window opened now finds it in the folder. */
  reopen_window (fixture, 1);
  g_assert_false (resume_offered (fixture));
  g_assert_false (imtehan_test_action_enabled (fixture->window, "win.resume"));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.resume", NULL);
  imtehan_test_spin ();
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  g_assert_null (imtehan_window_get_attempt (fixture->window));

  /* Once the other side lets go, it can be resumed here, as soon as the learner comes
   * back to the window (which is what notify::is-active says). */
  imtehan_store_unlock (elsewhere, id);
  {
    /* The other side's store lets go on its worker thread: as seen from a third one. */
    g_autoptr(ImtehanStore) probe = imtehan_store_new (imtehan_store_get_directory (elsewhere));

    IMTEHAN_TEST_WAIT_UNTIL (!imtehan_store_is_locked_elsewhere (probe, id), 10);
    g_assert_false (imtehan_store_is_locked_elsewhere (probe, id));
  }
  g_object_notify (G_OBJECT (fixture->window), "is-active");
  imtehan_test_wait_for_enabled (fixture->window, "win.resume");
  g_assert_true (resume_offered (fixture));
  imtehan_test_activate (fixture->window, "win.resume", NULL);
  imtehan_test_wait_for_page (fixture->window, "question");
  g_assert_cmpstr (imtehan_attempt_get_id (imtehan_window_get_attempt (fixture->window)), ==, id);
  g_assert_true (imtehan_store_is_locked_elsewhere (elsewhere, id));
}

/* Free when the folder was listed, taken by another instance or PC since: resuming it is
 * refused with the reason, and the start page stops offering it. */
static void
test_resume_taken_since_listed (ImtehanTestFixture *fixture,
                                gconstpointer       data)
{
  g_autoptr(ImtehanAttempt) theirs = NULL;
  g_autoptr(ImtehanStore) elsewhere = save_elsewhere (FALSE, &theirs);
  const char *id = imtehan_attempt_get_id (theirs);
  g_autoptr(GError) error = NULL;

  reopen_window (fixture, 1);
  g_assert_true (resume_offered (fixture));

  g_assert_true (imtehan_store_lock (elsewhere, id, &error));
  g_assert_no_error (error);
  imtehan_test_activate (fixture->window, "win.resume", NULL);
  imtehan_test_wait_for_label (fixture->window, "The attempt could not be resumed: "
                                                "This attempt is open in another window");
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  g_assert_null (imtehan_window_get_attempt (fixture->window));

  IMTEHAN_TEST_WAIT_UNTIL (!resume_offered (fixture), 10);
  g_assert_false (resume_offered (fixture));
  imtehan_store_unlock (elsewhere, id);
}

/* Home shows the start page with the focus on Resume (or Start), which in a short window lies
 * below the fold: it is scrolled into view, whole. */
static void
test_focus_visible (ImtehanTestFixture *fixture,
                    gconstpointer       data)
{
  GtkWidget *focus, *viewport;
  graphene_rect_t bounds;

  imtehan_test_start_in_short_window (fixture->window, 420);
  imtehan_test_choose (fixture->window, 1);
  imtehan_test_activate (fixture->window, "win.next", NULL);
  imtehan_test_run_for (100);
  imtehan_test_activate (fixture->window, "win.home", NULL);
  /* Scrolling to the focus animates. */
  imtehan_test_run_for (600);

  focus = gtk_root_get_focus (GTK_ROOT (fixture->window));
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_true (gtk_widget_is_ancestor (focus, imtehan_window_get_page (fixture->window)));
  viewport = gtk_widget_get_ancestor (focus, GTK_TYPE_VIEWPORT);
  g_assert_nonnull (viewport);
  g_assert_true (gtk_widget_compute_bounds (focus, viewport, &bounds));
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (viewport));
}

static void
collect_fonts (GtkWidget  *widget,
               GHashTable *fonts)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    {
      PangoLayoutIter *iter = pango_layout_get_iter (gtk_label_get_layout (GTK_LABEL (widget)));

      do
        {
          PangoLayoutRun *run = pango_layout_iter_get_run_readonly (iter);

          if (run != NULL)
            g_hash_table_insert (fonts, run->item->analysis.font, widget);
        }
      while (pango_layout_iter_next_run (iter));
      pango_layout_iter_free (iter);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_fonts (child, fonts);
}

/* Every font the start page shows was loaded by the warm-up (imtehan-warm-up.c):
 * Pango gives the same font object for the same description, language and options, so a
 * font the warm-up did not load means its probes no longer match the stylesheets: the main
 * thread would load it at start-up, silently slower. */
static void
test_fonts_warmed_up (gconstpointer data)
{
  const char *lang = (const char *)data + 1;
  gboolean with_history = *(const char *)data == '+';
  ImtehanApplication *app = imtehan_test_app;
  ImtehanQuiz *quiz = imtehan_context_get_quiz (imtehan_application_get_context (app));
  g_autoptr(GPtrArray) warmed = NULL;
  g_autoptr(GHashTable) shown = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer font, label;
  ImtehanWindow *window;

  imtehan_test_remove_attempts ();
  if (with_history)
    {
      /* A returning learner: the start page lists the attempt and the scores. */
      g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (quiz, 0);
      g_autoptr(GError) error = NULL;

      for (guint i = 0; i < imtehan_attempt_get_n_questions (attempt); i++)
        g_assert_true (imtehan_attempt_choose (attempt, i,
                                               imtehan_attempt_get_choice_order (attempt, i)[0]));
      g_assert_true (imtehan_attempt_finish (attempt));
      g_assert_true (imtehan_store_save (imtehan_context_get_store (imtehan_application_get_context (app)), attempt, NULL,
                                         &error));
      g_assert_no_error (error);
    }
  imtehan_i18n_set_language (lang);
  /* In the order of imtehan_application_activate(). */
  imtehan_warm_up_fonts_start (quiz, lang,
                               imtehan_store_get_directory (imtehan_context_get_store (imtehan_application_get_context (app))));
  window = imtehan_window_new (GTK_APPLICATION (app), imtehan_application_get_context (app));
  imtehan_warm_up_fonts_finish (&warmed);
  g_assert_nonnull (warmed);
  g_assert_cmpuint (warmed->len, >, 0);
  gtk_window_present (GTK_WINDOW (window));
  imtehan_test_spin ();
  if (with_history)
    {
      wait_for_history (window, 1);
      imtehan_test_spin ();
    }
  collect_fonts (GTK_WIDGET (window), shown);
  g_assert_cmpuint (g_hash_table_size (shown), >, 1);

  g_hash_table_iter_init (&iter, shown);
  while (g_hash_table_iter_next (&iter, &font, &label))
    {
      guint index;

      if (!g_ptr_array_find (warmed, font, &index))
        {
          g_autoptr(PangoFontDescription) desc = pango_font_describe_with_absolute_size (font);
          g_autofree char *name = pango_font_description_to_string (desc);

          g_test_message ("“%s” is shown in %s, which the warm-up did not load",
                          gtk_label_get_text (label), name);
          for (guint j = 0; j < warmed->len; j++)
            {
              PangoFont *warm = g_ptr_array_index (warmed, j);
              g_autoptr(PangoFontDescription) warm_desc = pango_font_describe_with_absolute_size (warm);
              g_autofree char *warm_name = pango_font_description_to_string (warm_desc);

              g_test_message ("  warmed: %s", warm_name);
            }
          g_test_fail ();
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
  imtehan_test_spin ();
}

int
main (int   argc,
      char *argv[])
{
  /* "&": toasts show this path, and toast titles are markup. */
  imtehan_test_ui_init (&argc, &argv, "imtehan test & co-XXXXXX");

  g_test_add_data_func ("/start-page/fonts-warmed-up/en", "-en", test_fonts_warmed_up);
  g_test_add_data_func ("/start-page/fonts-warmed-up/ur", "-ur", test_fonts_warmed_up);
  g_test_add_data_func ("/start-page/fonts-warmed-up/en-history", "+en", test_fonts_warmed_up);
  g_test_add_data_func ("/start-page/fonts-warmed-up/ur-history", "+ur", test_fonts_warmed_up);
  IMTEHAN_TEST_ADD ("/start-page/shown-first/en", "en", test_shown_first);
  IMTEHAN_TEST_ADD ("/start-page/shown-first/ur", "ur", test_shown_first);
  IMTEHAN_TEST_ADD ("/start-page/resume", "en", test_resume);
  IMTEHAN_TEST_ADD ("/start-page/history-and-try-again", "en", test_history_and_try_again);
  IMTEHAN_TEST_ADD ("/start-page/resume-skips-open-elsewhere", "en",
                    test_resume_skips_attempt_open_elsewhere);
  IMTEHAN_TEST_ADD ("/start-page/resume-taken-since-listed", "en", test_resume_taken_since_listed);
  IMTEHAN_TEST_ADD ("/start-page/focus-visible", "ur", test_focus_visible);

  return imtehan_test_ui_run ();
}
