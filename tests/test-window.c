/* test-window.c: the whole quiz flow, driven through actions as a user would
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "imtehan-application.h"
#include "imtehan-warm-up.h"
#include "imtehan-i18n.h"
#include "imtehan-progress.h"
#include "imtehan-question-page.h"
#include "imtehan-quiz.h"
#include "imtehan-start-page.h"
#include "imtehan-store.h"
#include "imtehan-window.h"
#include "imtehan-text.h"
#include "imtehan-wrap-bin.h"
#include "test-util.h"
#include "test-ui.h"
#include "test-util-gtk.h"

static ImtehanApplication *app;

typedef struct
{
  ImtehanWindow *window;
} Fixture;

static void
spin (void)
{
  imtehan_test_spin ();
}

static char *
attempts_dir (void)
{
  return imtehan_test_attempts_dir ();
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  const char *lang = data;

  imtehan_test_remove_attempts ();
  imtehan_i18n_set_language (lang);
  fixture->window = imtehan_window_new (app);
  gtk_window_present (GTK_WINDOW (fixture->window));
  spin ();
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  imtehan_test_destroy_window (&fixture->window);
}

static void
activate (Fixture    *fixture,
          const char *action,
          GVariant   *parameter)
{
  imtehan_test_activate (fixture->window, action, parameter);
}

static void
choose (Fixture *fixture,
        guint    position)
{
  activate (fixture, "win.choose", g_variant_new_uint32 (position));
}

/* Finds the position at which @choice_id is shown for the current question. */
static guint
position_of (ImtehanAttempt *attempt,
             const char     *choice_id)
{
  const char * const *order = imtehan_attempt_get_choice_order (attempt, imtehan_attempt_get_current (attempt));

  for (guint i = 0; order[i]; i++)
    if (g_str_equal (order[i], choice_id))
      return i;
  g_assert_not_reached ();
}

static GKeyFile *
load_if_saved (const char     *path,
               ImtehanAttempt *attempt,
               gboolean        finished)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();

  if (g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, NULL) &&
      g_key_file_get_boolean (key_file, "Attempt", "Finished", NULL) == finished &&
      g_key_file_get_integer (key_file, "Attempt", "Answered", NULL) ==
        (int)imtehan_attempt_get_n_answered (attempt))
    return g_steal_pointer (&key_file);
  return NULL;
}

/* Saves run on the store's writer thread: waits for the one expected. */
static GKeyFile *
wait_for_saved (ImtehanAttempt *attempt,
                gboolean        finished)
{
  g_autofree char *dir = attempts_dir ();
  g_autofree char *name = g_strconcat (imtehan_attempt_get_id (attempt), ".ini", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  GKeyFile *saved = NULL;

  IMTEHAN_TEST_WAIT_UNTIL ((saved = load_if_saved (path, attempt, finished)) != NULL, 10);
  g_assert_nonnull (saved);
  return saved;
}

static void
test_start_page (Fixture       *fixture,
                 gconstpointer  data)
{
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  g_assert_null (imtehan_window_get_attempt (fixture->window));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (fixture->window)) == FALSE);
  g_assert_cmpstr (imtehan_window_get_language (fixture->window), ==, data);
}

static void
check_direction (GtkWidget        *widget,
                 GtkTextDirection  expected)
{
  g_assert_cmpint (gtk_widget_get_direction (widget), ==, expected);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    check_direction (child, expected);
}

static void
test_flow (Fixture       *fixture,
           gconstpointer  data)
{
  const char *lang = data;
  GtkTextDirection dir = g_str_equal (lang, "ur") ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR;
  ImtehanAttempt *attempt;
  ImtehanQuiz *quiz;
  ImtehanQuestionPage *page;
  ImtehanProgress *progress;
  g_autoptr(GKeyFile) saved = NULL;
  guint expected_score = 0;

  activate (fixture, "win.start", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "question");
  attempt = imtehan_window_get_attempt (fixture->window);
  g_assert_nonnull (attempt);
  quiz = imtehan_attempt_get_quiz (attempt);
  g_assert_cmpuint (imtehan_attempt_get_n_questions (attempt), ==, 8);
  g_assert_cmpstr (imtehan_attempt_get_language (attempt), ==, lang);

  page = IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (fixture->window));
  progress = IMTEHAN_PROGRESS (imtehan_question_page_get_progress (page));
  check_direction (GTK_WIDGET (fixture->window), dir);

  /* Answer: right on even questions, wrong on odd ones, none on the last. */
  for (guint i = 0; i < 8; i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);
      const char *correct = imtehan_question_get_answer (question);
      GtkWidget *dot = imtehan_progress_get_button (progress, i);

      g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, i);
      g_assert_true (gtk_widget_has_css_class (dot, "current"));
      g_assert_false (gtk_widget_has_css_class (dot, "answered"));

      if (i < 7)
        {
          guint position = position_of (attempt, correct);

          if (i % 2 == 1)
            position = (position + 1) % 4;
          else
            expected_score++;
          choose (fixture, position);
          g_assert_true (gtk_widget_has_css_class (dot, "answered"));
          g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (imtehan_question_page_get_choice (page, position))));
        }
      activate (fixture, "win.next", NULL);
      /* Next on the last question opens the review and leaves it current. */
      g_assert_true (gtk_widget_has_css_class (dot, "current") == (i == 7));
    }

  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "review");
  check_direction (GTK_WIDGET (fixture->window), dir);
  saved = wait_for_saved (attempt, FALSE);
  g_assert_cmpint (g_key_file_get_integer (saved, "Attempt", "Answered", NULL), ==, 7);

  /* Back to question 2 from the review, change nothing, come back. */
  activate (fixture, "win.go-to", g_variant_new_uint32 (1));
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "question");
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 1);
  activate (fixture, "win.review", NULL);

  activate (fixture, "win.submit", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "results");
  g_assert_true (imtehan_attempt_get_finished (attempt));
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, expected_score);
  check_direction (GTK_WIDGET (fixture->window), dir);

  g_clear_pointer (&saved, g_key_file_unref);
  saved = wait_for_saved (attempt, TRUE);
  g_assert_cmpint (g_key_file_get_integer (saved, "Attempt", "Score", NULL), ==, expected_score);
  g_assert_cmpint (g_key_file_get_integer (saved, "Attempt", "Total", NULL), ==, 8);
  for (guint i = 0; i < 8; i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);
      g_autofree char *group = g_strconcat ("Question ", imtehan_question_get_id (question), NULL);
      g_autofree char *answer = g_key_file_get_string (saved, group, "Answer", NULL);

      g_assert_cmpstr (answer, ==, imtehan_attempt_get_answer (attempt, i));
    }

  /* A finished attempt takes no more answers, and navigation is off. */
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.submit", NULL) &&
                  !imtehan_attempt_get_finished (attempt));

  activate (fixture, "win.home", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");

  /* Nor does it jump; the dots' action stays enabled meanwhile, so that the next attempt's
   * open does not restyle them (win.go-to in imtehan_window_class_init()). */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.go-to", "u", 3);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 1);
  for (guint i = 0; i < 8; i++)
    g_assert_true (gtk_widget_get_sensitive (imtehan_progress_get_button (progress, i)));
}

static void
test_language_switch (Fixture       *fixture,
                      gconstpointer  data)
{
  ImtehanAttempt *attempt;
  ImtehanQuestionPage *page;
  GtkWidget *choice;

  activate (fixture, "win.start", NULL);
  attempt = imtehan_window_get_attempt (fixture->window);
  choose (fixture, 2);
  activate (fixture, "win.next", NULL);
  choose (fixture, 0);
  activate (fixture, "win.next", NULL);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 2);

  imtehan_window_set_language (fixture->window, "ur");
  spin ();
  g_assert_true (imtehan_window_get_attempt (fixture->window) == attempt);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "question");
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 2);
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 2);
  g_assert_cmpstr (imtehan_attempt_get_language (attempt), ==, "ur");
  check_direction (GTK_WIDGET (fixture->window), GTK_TEXT_DIR_RTL);
  /* The rebuilt page shows the same question, with the answer still chosen. */
  activate (fixture, "win.previous", NULL);
  page = IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (fixture->window));
  choice = imtehan_question_page_get_choice (page, 0);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (choice)));
  g_assert_cmpint (gtk_widget_get_direction (choice), ==, GTK_TEXT_DIR_RTL);
  activate (fixture, "win.next", NULL);

  /* The language is an action too, as the header bar's toggle buttons use it. */
  activate (fixture, "win.language", g_variant_new_string ("en"));
  g_assert_cmpstr (imtehan_window_get_language (fixture->window), ==, "en");
  check_direction (GTK_WIDGET (fixture->window), GTK_TEXT_DIR_LTR);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 2);
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 2);

  activate (fixture, "win.previous", NULL);
  page = IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (fixture->window));
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (imtehan_question_page_get_choice (page, 0))));
}

static void
test_choices_accessible (Fixture       *fixture,
                         gconstpointer  data)
{
  const char *lang = data;
  ImtehanAttempt *attempt;
  ImtehanQuestionPage *page;
  ImtehanQuestion *question;
  const char * const *order;

  activate (fixture, "win.start", NULL);
  attempt = imtehan_window_get_attempt (fixture->window);
  page = IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (fixture->window));
  question = imtehan_quiz_get_question (imtehan_attempt_get_quiz (attempt), 0);
  order = imtehan_attempt_get_choice_order (attempt, 0);

  for (guint i = 0; i < 4; i++)
    {
      GtkWidget *choice = imtehan_question_page_get_choice (page, i);

      g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (choice)), ==,
                       GTK_ACCESSIBLE_ROLE_RADIO);
      gtk_test_accessible_assert_property (choice, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           imtehan_question_get_choice_text (question, order[i], lang));
    }
}

static GtkWidget *
choice_text_label (GtkWidget *choice)
{
  GtkWidget *box = gtk_check_button_get_child (GTK_CHECK_BUTTON (choice));

  return imtehan_wrap_bin_get_child (IMTEHAN_WRAP_BIN (gtk_widget_get_last_child (box)));
}

static const char *
choice_letter (GtkWidget *choice)
{
  GtkWidget *box = gtk_check_button_get_child (GTK_CHECK_BUTTON (choice));

  return gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (box)));
}

/* A later attempt shows a question in the widgets that showed it before (its Nastaliq is laid
 * out already): the choices move to the new attempt's order, each with its own text, and the
 * letters stay in place. */
static void
test_choices_reused (Fixture       *fixture,
                     gconstpointer  data)
{
  const char *lang = data;
  g_autoptr(GHashTable) labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) first_order = NULL;
  ImtehanQuestionPage *page;
  ImtehanQuestion *question;
  ImtehanAttempt *attempt;
  const char * const *order;
  guint tries = 0;

  activate (fixture, "win.start", NULL);
  attempt = imtehan_window_get_attempt (fixture->window);
  page = IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (fixture->window));
  question = imtehan_quiz_get_question (imtehan_attempt_get_quiz (attempt), 0);
  /* Copied: the attempt goes when the next one starts. */
  first_order = g_strdupv ((char **)imtehan_attempt_get_choice_order (attempt, 0));
  for (guint i = 0; i < 4; i++)
    g_hash_table_insert (labels, g_strdup (first_order[i]),
                         choice_text_label (imtehan_question_page_get_choice (page, i)));

  /* Until an attempt shows the choices in another order (1 in 24 keeps it). */
  do
    {
      activate (fixture, "win.home", NULL);
      activate (fixture, "win.start", NULL);
      order = imtehan_attempt_get_choice_order (imtehan_window_get_attempt (fixture->window), 0);
    }
  while (g_strv_equal ((const char **)order, (const char **)first_order) && ++tries < 20);
  g_assert_false (g_strv_equal ((const char **)order, (const char **)first_order));

  for (guint i = 0; i < 4; i++)
    {
      GtkWidget *choice = imtehan_question_page_get_choice (page, i);
      const char *text = imtehan_question_get_choice_text (question, order[i], lang);
      g_autofree char *prepared = imtehan_text_prepare (text, lang);
      g_autofree char *letter = imtehan_i18n_choice_letter (i, lang);

      g_assert_true (choice_text_label (choice) == g_hash_table_lookup (labels, order[i]));
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (choice_text_label (choice))), ==, prepared);
      g_assert_cmpstr (choice_letter (choice), ==, letter);
      gtk_test_accessible_assert_property (choice, GTK_ACCESSIBLE_PROPERTY_LABEL, text);
    }
  /* The widget order is the order shown: keyboard focus moves through them in it. */
  for (guint i = 1; i < 4; i++)
    g_assert_true (gtk_widget_get_prev_sibling (imtehan_question_page_get_choice (page, i)) ==
                   imtehan_question_page_get_choice (page, i - 1));

  /* And choosing by position picks the choice shown there. */
  choose (fixture, 2);
  g_assert_cmpstr (imtehan_attempt_get_answer (imtehan_window_get_attempt (fixture->window), 0),
                   ==, order[2]);
}

/* The main menu is built when it is opened, and again in the new language after a switch. */
static void
test_menu_built_when_opened (Fixture       *fixture,
                             gconstpointer  data)
{
  GtkMenuButton *button = GTK_MENU_BUTTON (gtk_widget_get_template_child (GTK_WIDGET (fixture->window),
                                                                          IMTEHAN_TYPE_WINDOW,
                                                                          "menu_button"));
  GMenuModel *model;
  g_autofree char *label = NULL;

  g_assert_null (gtk_menu_button_get_menu_model (button));
  gtk_menu_button_popup (button);
  spin ();
  model = gtk_menu_button_get_menu_model (button);
  g_assert_nonnull (model);
  g_assert_nonnull (gtk_menu_button_get_popover (button));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (button))));
  gtk_menu_button_popdown (button);

  activate (fixture, "win.toggle-language", NULL);
  g_assert_null (gtk_menu_button_get_menu_model (button));
  gtk_menu_button_popup (button);
  spin ();
  model = gtk_menu_button_get_menu_model (button);
  g_assert_nonnull (model);
  /* The first item, in Urdu now. */
  g_assert_true (g_menu_model_get_n_items (model) > 0);
  {
    g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, 0, G_MENU_LINK_SECTION);
    GMenuModel *items = section ? section : model;

    g_assert_true (g_menu_model_get_item_attribute (items, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  }
  g_assert_cmpstr (label, ==, dgettext (GETTEXT_PACKAGE, "_New Attempt"));
  g_assert_cmpstr (label, !=, "_New Attempt");
  gtk_menu_button_popdown (button);
}

static GtkWindow *
find_shortcuts_window (Fixture *fixture)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (GTK_IS_SHORTCUTS_WINDOW (l->data) &&
        gtk_window_get_transient_for (l->data) == GTK_WINDOW (fixture->window))
      return l->data;
  return NULL;
}

/* The shortcuts window is built when asked for, and again in the new language after a
 * switch. */
static void
test_shortcuts_window (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkWindow *shortcuts;
  GtkWindow *again;

  g_assert_null (find_shortcuts_window (fixture));
  activate (fixture, "win.show-help-overlay", NULL);
  shortcuts = find_shortcuts_window (fixture);
  g_assert_nonnull (shortcuts);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
  g_assert_true (gtk_window_get_modal (shortcuts));
  g_object_add_weak_pointer (G_OBJECT (shortcuts), (gpointer *)&shortcuts);

  gtk_window_close (shortcuts);
  spin ();
  g_assert_nonnull (shortcuts);
  activate (fixture, "win.show-help-overlay", NULL);
  g_assert_true (find_shortcuts_window (fixture) == shortcuts);

  activate (fixture, "win.toggle-language", NULL);
  g_assert_null (shortcuts);
  activate (fixture, "win.show-help-overlay", NULL);
  again = find_shortcuts_window (fixture);
  g_assert_nonnull (again);
  g_assert_cmpint (gtk_widget_get_direction (GTK_WIDGET (again)), ==, GTK_TEXT_DIR_RTL);
  gtk_window_destroy (again);
}

/* Resuming or opening a saved attempt locks and loads it on the store's worker, after the
 * saves queued before: the page changes once that is done. */
static void
wait_for_page (Fixture    *fixture,
               const char *name)
{
  IMTEHAN_TEST_WAIT_UNTIL (g_strcmp0 (imtehan_window_get_page_name (fixture->window), name) == 0,
                           10);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, name);
}

/* Whether the start page offers to resume an attempt. */
static gboolean
resume_offered (Fixture *fixture)
{
  GtkWidget *page = imtehan_window_get_page (fixture->window);

  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  return gtk_widget_get_visible (GTK_WIDGET (gtk_widget_get_template_child (page,
                                                                            IMTEHAN_TYPE_START_PAGE,
                                                                            "resume_button")));
}

static void
test_resume (Fixture       *fixture,
             gconstpointer  data)
{
  ImtehanAttempt *attempt;
  g_autofree char *id = NULL;

  activate (fixture, "win.start", NULL);
  attempt = imtehan_window_get_attempt (fixture->window);
  id = g_strdup (imtehan_attempt_get_id (attempt));
  choose (fixture, 1);
  activate (fixture, "win.next", NULL);
  activate (fixture, "win.home", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  g_assert_true (resume_offered (fixture));

  activate (fixture, "win.resume", NULL);
  wait_for_page (fixture, "question");
  g_assert_cmpstr (imtehan_attempt_get_id (imtehan_window_get_attempt (fixture->window)), ==, id);
  g_assert_cmpuint (imtehan_attempt_get_current (imtehan_window_get_attempt (fixture->window)), ==, 1);
}

static gboolean
trigger_matches (GtkShortcutTrigger *trigger,
                 GtkShortcutTrigger *wanted)
{
  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    return trigger_matches (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)), wanted) ||
           trigger_matches (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)), wanted);
  return gtk_shortcut_trigger_equal (trigger, wanted);
}

/* Presses a key through the widget's own shortcut controllers (its bindings, and for a
 * window the application's accelerators), as GTK would on a key press. */
static void
press_keys (GtkWidget       *widget,
            guint            keyval,
            GdkModifierType  modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr(GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, modifiers);
  g_autoptr(GPtrArray) matching = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean handled = FALSE;

  /* Collected first: the action may destroy the widget and its controllers. */
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          GtkShortcut *shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (trigger_matches (gtk_shortcut_get_trigger (shortcut), wanted))
            g_ptr_array_add (matching, shortcut);
          else
            g_object_unref (shortcut);
        }
    }
  g_clear_object (&controllers);
  for (guint i = 0; !handled && i < matching->len; i++)
    {
      GtkShortcut *shortcut = g_ptr_array_index (matching, i);

      handled = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut),
                                              GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                                              gtk_shortcut_get_arguments (shortcut));
    }
  if (!handled)
    g_error ("No shortcut of %s handled the key", gdk_keyval_name (keyval));
  spin ();
}

static void
press_key (GtkWidget *widget,
           guint      keyval)
{
  press_keys (widget, keyval, 0);
}

static void
test_arrows_mirrored (Fixture       *fixture,
                      gconstpointer  data)
{
  gboolean rtl = g_str_equal (data, "ur");
  ImtehanAttempt *attempt;
  GtkWidget *page;

  activate (fixture, "win.start", NULL);
  attempt = imtehan_window_get_attempt (fixture->window);
  page = imtehan_window_get_page (fixture->window);

  /* In Urdu the questions run right to left, and so does the Left key: it goes on. */
  press_key (page, GDK_KEY_Left);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, rtl ? 1 : 0);
  press_key (page, GDK_KEY_Right);
  press_key (page, GDK_KEY_Right);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, rtl ? 0 : 2);

  /* Enter on a chosen answer goes on to the next question. */
  choose (fixture, 3);
  press_key (page, GDK_KEY_Return);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, rtl ? 1 : 3);
}

static void
test_history_and_try_again (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(ImtehanAttempt) first = NULL;
  GListModel *history = imtehan_window_get_history (fixture->window);
  gboolean reshuffled = FALSE;
  g_autofree char *first_id = NULL;

  activate (fixture, "win.start", NULL);
  first = g_object_ref (imtehan_window_get_attempt (fixture->window));
  first_id = g_strdup (imtehan_attempt_get_id (first));
  choose (fixture, 0);
  activate (fixture, "win.review", NULL);
  activate (fixture, "win.submit", NULL);

  /* Try again: a new attempt with its own shuffle, the old one kept. */
  activate (fixture, "win.try-again", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "question");
  g_assert_false (imtehan_window_get_attempt (fixture->window) == first);
  g_assert_cmpstr (imtehan_attempt_get_id (imtehan_window_get_attempt (fixture->window)), !=, first_id);
  for (guint i = 0; i < 8; i++)
    {
      const char * const *a = imtehan_attempt_get_choice_order (first, i);
      const char * const *b = imtehan_attempt_get_choice_order (imtehan_window_get_attempt (fixture->window), i);

      if (!g_strv_equal (a, b))
        reshuffled = TRUE;
    }
  g_assert_true (reshuffled);

  /* Back on the start page, the history lists both; the finished one opens its review. */
  activate (fixture, "win.home", NULL);
  for (guint i = 0; i < 100 && g_list_model_get_n_items (history) < 2; i++)
    {
      IMTEHAN_TEST_WAIT_UNTIL (g_list_model_get_n_items (history) >= 2, 0.1);
      if (g_list_model_get_n_items (history) < 2)
        activate (fixture, "win.home", NULL);
    }
  g_assert_cmpuint (g_list_model_get_n_items (history), ==, 2);

  activate (fixture, "win.open-attempt", g_variant_new_string (first_id));
  wait_for_page (fixture, "results");
}

static void
wait_for_history_of (ImtehanWindow *window,
                     guint          n)
{
  GListModel *history = imtehan_window_get_history (window);

  IMTEHAN_TEST_WAIT_UNTIL (g_list_model_get_n_items (history) == n, 10);
  g_assert_cmpuint (g_list_model_get_n_items (history), ==, n);
}

static void
wait_for_history (Fixture *fixture,
                  guint    n)
{
  wait_for_history_of (fixture->window, n);
}

/* An unfinished attempt that another instance (or lab PC) has open is not resumed here:
 * two processes never write one attempt file. */
static void
test_resume_skips_attempt_open_elsewhere (Fixture       *fixture,
                                          gconstpointer  data)
{
  g_autofree char *dir = attempts_dir ();
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(ImtehanStore) elsewhere = imtehan_store_new (folder);
  g_autoptr(ImtehanAttempt) theirs = imtehan_attempt_new (imtehan_application_get_quiz (app), 0);
  g_autoptr(GError) error = NULL;

  g_assert_true (imtehan_attempt_choose (theirs, 0, imtehan_attempt_get_choice_order (theirs, 0)[1]));
  g_assert_true (imtehan_store_save (elsewhere, theirs, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (imtehan_store_lock (elsewhere, imtehan_attempt_get_id (theirs), &error));
  g_assert_no_error (error);

  /* A window opened now finds it in the folder. */
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  spin ();
  fixture->window = imtehan_window_new (app);
  gtk_window_present (GTK_WINDOW (fixture->window));
  spin ();
  wait_for_history (fixture, 1);
  g_assert_false (resume_offered (fixture));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.resume", NULL);
  spin ();
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  g_assert_null (imtehan_window_get_attempt (fixture->window));

  /* Once the other side lets go, it can be resumed here, as soon as the learner comes
   * back to the window (which is what notify::is-active says). */
  imtehan_store_unlock (elsewhere, imtehan_attempt_get_id (theirs));
  {
    /* The other side's store lets go on its worker thread: as seen from a third one. */
    g_autoptr(ImtehanStore) probe = imtehan_store_new (folder);

    IMTEHAN_TEST_WAIT_UNTIL (!imtehan_store_is_locked_elsewhere (probe, imtehan_attempt_get_id (theirs)), 10);
    g_assert_false (imtehan_store_is_locked_elsewhere (probe, imtehan_attempt_get_id (theirs)));
  }
  g_object_notify (G_OBJECT (fixture->window), "is-active");
  for (guint i = 0; i < 500 && g_strcmp0 (imtehan_window_get_page_name (fixture->window), "question") != 0; i++)
    {
      IMTEHAN_TEST_WAIT_UNTIL (g_strcmp0 (imtehan_window_get_page_name (fixture->window), "question") == 0,
                               0.02);
      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.resume", NULL);
    }
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "question");
  g_assert_cmpstr (imtehan_attempt_get_id (imtehan_window_get_attempt (fixture->window)), ==,
                   imtehan_attempt_get_id (theirs));
  g_assert_true (imtehan_store_is_locked_elsewhere (elsewhere, imtehan_attempt_get_id (theirs)));
}

static void
collect_shortcuts (GtkWidget *widget,
                   GPtrArray *found)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_shortcuts (child, found);
}

static GtkWidget *
find_child_of_type (GtkWidget *widget,
                    GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_child_of_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
collect_label_texts (GtkWidget *widget,
                     GString   *texts)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (texts, "%s\n", gtk_label_get_label (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_label_texts (child, texts);
}

/* What Ctrl+? shows: every shortcut with its keys, the very keys the application has for its
 * action, in the window's language and direction. */
static void
test_shortcuts_show_keys (Fixture       *fixture,
                          gconstpointer  data)
{
  gboolean urdu = g_str_equal (data, "ur");
  g_autoptr(GPtrArray) shortcuts = g_ptr_array_new ();
  g_autoptr(GString) texts = g_string_new (NULL);
  g_autoptr(GHashTable) actions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  const char *name;
  GtkWindow *window;
  GtkWidget *titlebar;
  guint with_action = 0;

  activate (fixture, "win.show-help-overlay", NULL);
  window = find_shortcuts_window (fixture);
  g_assert_nonnull (window);
  collect_shortcuts (GTK_WIDGET (window), shortcuts);
  g_assert_cmpuint (shortcuts->len, >=, 10);

  for (guint i = 0; i < shortcuts->len; i++)
    {
      GtkWidget *shortcut = g_ptr_array_index (shortcuts, i);
      GtkWidget *label = find_child_of_type (shortcut, GTK_TYPE_SHORTCUT_LABEL);
      g_autofree char *action = NULL;
      g_autofree char *accel = NULL;
      g_autofree char *title = NULL;
      g_auto(GStrv) keys = NULL;

      g_object_get (shortcut, "action-name", &action, "accelerator", &accel, "title", &title,
                    NULL);
      g_test_message ("%s: %s (%s)", title, accel, action ? action : "page binding");
      /* The keys shown are those of the shortcut, and there are keys. */
      g_assert_nonnull (label);
      g_assert_cmpstr (gtk_shortcut_label_get_accelerator (GTK_SHORTCUT_LABEL (label)), ==, accel);
      g_assert_nonnull (gtk_widget_get_first_child (label));
      g_assert_nonnull (accel);
      keys = g_strsplit (accel, " ", -1);
      g_assert_nonnull (keys[0]);
      for (guint k = 0; keys[k]; k++)
        {
          guint keyval = 0;

          g_assert_true (gtk_accelerator_parse (keys[k], &keyval, NULL));
          g_assert_cmpuint (keyval, !=, 0);
        }
      if (action != NULL)
        {
          g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                        action);
          g_autofree char *joined = g_strjoinv (" ", accels);

          with_action++;
          g_assert_cmpstr (accel, ==, joined);
          g_hash_table_add (actions, g_steal_pointer (&action));
        }
      if (urdu)
        g_assert_cmpint (gtk_widget_get_direction (shortcut), ==, GTK_TEXT_DIR_RTL);
    }
  /* The General section, twice: as shown and in the search results. */
  g_assert_cmpuint (with_action, >=, 12);

  /* GTK's own title, which its Urdu catalog lacks, in the window's language. */
  titlebar = gtk_window_get_titlebar (window);
  g_assert_nonnull (titlebar);
  collect_label_texts (titlebar, texts);
  g_test_message ("title bar: %s", texts->str);
  g_assert_nonnull (strstr (texts->str, dgettext (GETTEXT_PACKAGE, "Keyboard Shortcuts")));
  if (urdu)
    {
      g_assert_null (strstr (texts->str, "Shortcuts"));
      g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "urdu-ui"));
    }
  gtk_window_destroy (window);

  /* And each action is one the window really has (a language switch rebuilds the shortcuts
   * window, so they are tried once it is gone). */
  g_hash_table_iter_init (&iter, actions);
  while (g_hash_table_iter_next (&iter, (gpointer *)&name, NULL))
    {
      if (g_str_has_prefix (name, "app."))
        g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), name + 4));
      else if (!g_str_equal (name, "window.close"))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), name, NULL));
      spin ();
    }
  g_assert_true (g_hash_table_contains (actions, "window.close"));
}

/* Ctrl+W closes the window the way its close button does: what was answered is saved. */
static void
test_ctrl_w_closes (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(GKeyFile) saved = NULL;
  GtkWidget *window = GTK_WIDGET (fixture->window);

  activate (fixture, "win.start", NULL);
  attempt = g_object_ref (imtehan_window_get_attempt (fixture->window));
  choose (fixture, 2);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *)&window);
  press_keys (window, GDK_KEY_w, GDK_CONTROL_MASK);
  g_assert_true (window == NULL || !gtk_widget_get_visible (window));
  saved = wait_for_saved (attempt, FALSE);
  /* A save in flight holds the window until it is done. */
  IMTEHAN_TEST_WAIT_UNTIL (window == NULL, 10);
  g_assert_null (window);
  g_assert_cmpint (g_key_file_get_integer (saved, "Attempt", "Answered", NULL), ==, 1);

  /* The fixture's teardown expects a window: a fresh one. */
  fixture->window = imtehan_window_new (app);
  gtk_window_present (GTK_WINDOW (fixture->window));
  spin ();
}

static GtkWidget *
template_child (Fixture    *fixture,
                const char *name)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (fixture->window),
                                                    IMTEHAN_TYPE_WINDOW, name));
}

static void
collect_choices (GtkWidget  *widget,
                 GHashTable *found)
{
  if (GTK_IS_CHECK_BUTTON (widget))
    g_hash_table_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_choices (child, found);
}

static gboolean
not_in_table_cb (gpointer    key,
                 gpointer    value,
                 GHashTable *table)
{
  return !g_hash_table_contains (table, key);
}

static void
collect_dots (GtkWidget  *widget,
              GHashTable *found)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_has_css_class (widget, "question-dot"))
    g_hash_table_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_dots (child, found);
}

static gboolean
insensitive_cb (gpointer key,
                gpointer value,
                gpointer user_data)
{
  return !gtk_widget_get_sensitive (key);
}

/* Waits until @page has @n answers' buttons (the question shown and those prepared), which
 * @found then holds. */
static void
wait_for_choices (GtkWidget  *page,
                  guint       n,
                  GHashTable *found)
{
  IMTEHAN_TEST_WAIT_UNTIL ((g_hash_table_remove_all (found), collect_choices (page, found),
                            g_hash_table_size (found) >= n), 10);
  g_assert_cmpuint (g_hash_table_size (found), ==, n);
}

/* While the start page waits, the question page is built and the first question laid out,
 * with its dots, and the header's "Question 1 of 8"; Start then shows those widgets. */
static void
test_first_question_prepared (Fixture       *fixture,
                              gconstpointer  data)
{
  GtkStack *stack = GTK_STACK (template_child (fixture, "stack"));
  ImtehanWrapBin *subtitle_bin = IMTEHAN_WRAP_BIN (template_child (fixture, "page_title_bin"));
  g_autoptr(GHashTable) prepared = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) dots = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) subtitles = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GHashTable) dots_after = g_hash_table_new (NULL, NULL);
  GtkWidget *page;
  GtkWidget *subtitle;

  IMTEHAN_TEST_WAIT_UNTIL ((page = gtk_stack_get_child_by_name (stack, "question")) != NULL, 10);
  g_assert_nonnull (page);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  collect_choices (page, prepared);
  g_assert_cmpuint (g_hash_table_size (prepared), ==, 4);
  collect_dots (page, dots);
  g_assert_cmpuint (g_hash_table_size (dots), ==, 8);
  /* Sensitive already: Start does not restyle them (win.go-to is never disabled). */
  g_assert_null (g_hash_table_find (dots, (GHRFunc)insensitive_cb, NULL));
  for (GtkWidget *label = gtk_widget_get_first_child (GTK_WIDGET (subtitle_bin)); label != NULL;
       label = gtk_widget_get_next_sibling (label))
    g_hash_table_insert (subtitles, label, g_strdup (gtk_label_get_text (GTK_LABEL (label))));

  activate (fixture, "win.start", NULL);
  g_assert_true (imtehan_window_get_page (fixture->window) == page);
  for (guint i = 0; i < 4; i++)
    g_assert_true (g_hash_table_contains (prepared,
                                          imtehan_question_page_get_choice (IMTEHAN_QUESTION_PAGE (page), i)));
  collect_dots (page, dots_after);
  g_assert_true (g_hash_table_size (dots_after) == 8 &&
                 g_hash_table_find (dots_after, (GHRFunc)not_in_table_cb, dots) == NULL);
  /* The title shown is a label that had its text before Start. */
  subtitle = imtehan_wrap_bin_get_child (subtitle_bin);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (subtitle)), !=, "");
  g_assert_cmpstr (g_hash_table_lookup (subtitles, subtitle), ==,
                   gtk_label_get_text (GTK_LABEL (subtitle)));
}

/* While a question is shown, the next one is built and laid out: Next then shows widgets
 * that existed already. */
static void
test_next_question_prepared (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(GHashTable) before = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer choice;
  guint n_mapped = 0;
  GtkWidget *page;

  activate (fixture, "win.start", NULL);
  page = imtehan_window_get_page (fixture->window);
  /* The shown question's four answers, and the next question's once it is prepared. */
  wait_for_choices (page, 8, before);
  /* The prepared question is not on screen (nor given to assistive technologies). */
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &choice, NULL))
    n_mapped += gtk_widget_get_mapped (choice);
  g_assert_cmpuint (n_mapped, ==, 4);

  activate (fixture, "win.next", NULL);
  for (guint i = 0; i < 4; i++)
    g_assert_true (g_hash_table_contains (before,
                                          imtehan_question_page_get_choice (IMTEHAN_QUESTION_PAGE (page), i)));
}

static void
count_painted_cb (GdkFrameClock *clock,
                  guint         *n_painted)
{
  (*n_painted)++;
}

static void
wait_for_paint (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint n_painted = 0;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_painted_cb), &n_painted);

  gtk_widget_queue_draw (widget);
  while (n_painted == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
  g_assert_cmpuint (n_painted, >, 0);
}

typedef struct
{
  GtkWidget *page;
  guint      n_at_paint;  /* answers the page had when the frame was painted */
} PaintCheck;

static void
count_choices_at_paint_cb (GdkFrameClock *clock,
                           PaintCheck    *check)
{
  g_autoptr(GHashTable) found = g_hash_table_new (NULL, NULL);

  if (check->n_at_paint != 0)
    return;
  collect_choices (check->page, found);
  check->n_at_paint = g_hash_table_size (found);
}

/* Preparing the next question (10 to 15 ms of Nastaliq) waits until the move's frame has
 * been painted: started at once, it ran while the frame clock waited for its next slot,
 * and the move's frame waited for it. */
static void
test_next_question_prepared_after_paint (Fixture       *fixture,
                                         gconstpointer  data)
{
  g_autoptr(GHashTable) found = g_hash_table_new (NULL, NULL);
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  PaintCheck check = { NULL, 0 };
  GdkFrameClock *clock;
  gulong id;

  activate (fixture, "win.start", NULL);
  check.page = imtehan_window_get_page (fixture->window);
  /* The first question's answers and the second's, prepared. */
  wait_for_choices (check.page, 8, found);

  /* Right after a frame, the next one is most of a frame away. */
  wait_for_paint (GTK_WIDGET (fixture->window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (fixture->window));
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_choices_at_paint_cb), &check);
  activate (fixture, "win.next", NULL);
  while (check.n_at_paint == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
  g_assert_cmpuint (check.n_at_paint, ==, 8);

  /* Then the third question is prepared. */
  wait_for_choices (check.page, 12, found);
}

/* Only the page shown is visible, not merely unmapped: GTK 4.8 restyles every visible
 * widget of the window at each move of the focus, and presents them all to assistive
 * technologies. The focus is in the page shown, where the keyboard user continues. */
static void
test_only_shown_page_visible (Fixture       *fixture,
                              gconstpointer  data)
{
  const char *actions[] = { "win.start", "win.review", "win.submit", "win.home", "win.start" };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *shown;
      GtkWidget *stack;
      GtkWidget *focus;
      guint n_visible = 0;

      activate (fixture, actions[i], NULL);
      shown = imtehan_window_get_page (fixture->window);
      stack = gtk_widget_get_parent (shown);
      g_assert_true (GTK_IS_STACK (stack));
      g_assert_true (gtk_stack_get_visible_child (GTK_STACK (stack)) == shown);
      for (GtkWidget *page = gtk_widget_get_first_child (stack); page != NULL;
           page = gtk_widget_get_next_sibling (page))
        {
          n_visible += gtk_widget_get_visible (page);
          g_assert_true (gtk_widget_get_visible (page) == (page == shown));
        }
      g_assert_cmpuint (n_visible, ==, 1);
      focus = gtk_root_get_focus (GTK_ROOT (fixture->window));
      g_assert_nonnull (focus);
      g_assert_true (gtk_widget_is_ancestor (focus, shown));
    }
}

/* A label the user sees (a toast, the warning) with exactly @text. */
static gboolean
shows_label (GtkWidget  *widget,
             const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (shows_label (child, text))
      return TRUE;
  return FALSE;
}

static void
wait_for_label (Fixture    *fixture,
                const char *text)
{
  IMTEHAN_TEST_WAIT_UNTIL (shows_label (GTK_WIDGET (fixture->window), text), 10);
  if (!shows_label (GTK_WIDGET (fixture->window), text))
    g_error ("No label shows “%s”", text);
}

static void
wait_for_warning (Fixture *fixture,
                  gboolean shown,
                  guint    seconds)
{
  GtkRevealer *warning = GTK_REVEALER (template_child (fixture, "save_warning"));
  IMTEHAN_TEST_WAIT_UNTIL (gtk_revealer_get_reveal_child (warning) == shown, seconds);
  g_assert_true (gtk_revealer_get_reveal_child (warning) == shown);
}

/* Root writes through permission bits (CI runs as root): a file where the folder should be
 * stops the saves for anyone. */
static void
block_saving (void)
{
  g_autofree char *dir = attempts_dir ();
  g_autofree char *parent = g_path_get_dirname (dir);

  imtehan_test_remove_attempts ();
  g_rmdir (dir);
  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_assert_true (g_file_set_contents (dir, "not a folder", -1, NULL));
}

static void
unblock_saving (void)
{
  g_autofree char *dir = attempts_dir ();

  g_assert_cmpint (g_unlink (dir), ==, 0);
}

static void
test_save_failure (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *dir = attempts_dir ();
  g_autofree char *expected = g_strdup_printf ("Could not create the folder “%s”: Not a directory. "
                                               "The quiz goes on; saving is retried.", dir);
  GtkWidget *label = template_child (fixture, "save_warning_label");
  GtkWidget *retry = template_child (fixture, "retry_button");
  ImtehanAttempt *attempt;

  /* Nothing to warn about yet. */
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (template_child (fixture, "save_warning"))));
  g_assert_false (gtk_widget_get_sensitive (retry));

  block_saving ();
  g_test_expect_message ("imtehan-session", G_LOG_LEVEL_WARNING, "Could not save the attempt: *");
  activate (fixture, "win.start", NULL);
  attempt = imtehan_window_get_attempt (fixture->window);
  wait_for_warning (fixture, TRUE, 10);
  g_test_assert_expected_messages ();

  /* It says where and why, and stays while saving fails; the quiz goes on. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, expected);
  g_assert_true (gtk_widget_get_sensitive (retry));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (retry)), ==, "_Retry");
  choose (fixture, 1);
  activate (fixture, "win.next", NULL);
  choose (fixture, 2);
  spin ();
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 2);
  wait_for_warning (fixture, TRUE, 1);

  /* Retry saves everything kept in memory; the warning goes, a toast says so. */
  unblock_saving ();
  activate (fixture, "win.retry-save", NULL);
  wait_for_warning (fixture, FALSE, 10);
  g_assert_false (gtk_widget_get_sensitive (retry));
  g_key_file_unref (wait_for_saved (attempt, FALSE));
  wait_for_label (fixture, "Your answers are saved again");

  /* Failing again, then the folder comes back: saved without a click, within the retry
   * interval (10 s). */
  block_saving ();
  g_test_expect_message ("imtehan-session", G_LOG_LEVEL_WARNING, "Could not save the attempt: *");
  activate (fixture, "win.next", NULL);
  choose (fixture, 0);
  wait_for_warning (fixture, TRUE, 10);
  g_test_assert_expected_messages ();
  unblock_saving ();
  wait_for_warning (fixture, FALSE, 15);
  g_key_file_unref (wait_for_saved (attempt, FALSE));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 3);
}

static AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

/* Closing while answers exist only in memory asks first; keeping it open keeps them. */
static void
test_close_with_unsaved_answers (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autoptr(GtkWindow) window = NULL;
  AdwMessageDialog *dialog;

  block_saving ();
  g_test_expect_message ("imtehan-session", G_LOG_LEVEL_WARNING, "Could not save the attempt: *");
  activate (fixture, "win.start", NULL);
  choose (fixture, 1);
  wait_for_warning (fixture, TRUE, 10);
  g_test_assert_expected_messages ();

  window = g_object_ref (GTK_WINDOW (fixture->window));
  gtk_window_close (window);
  spin ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");

  adw_message_dialog_response (dialog, "cancel");
  spin ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (imtehan_window_get_attempt (fixture->window)), ==, 1);

  gtk_window_close (window);
  spin ();
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "close");
  spin ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  unblock_saving ();

  /* The fixture's teardown expects a window: a fresh one. */
  fixture->window = imtehan_window_new (app);
  gtk_window_present (GTK_WINDOW (fixture->window));
  spin ();
}

/* Files that cannot be read are reported with the folder they were set aside in. */
static void
test_unreadable_results (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *dir = attempts_dir ();
  g_autofree char *broken = g_build_filename (dir, "broken.ini", NULL);
  g_autofree char *corrupt = g_strconcat (broken, ".corrupt", NULL);
  g_autofree char *expected = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (broken, "[Attempt]\nVersion=1\n", -1, NULL));
  expected = g_strdup_printf ("1 results file could not be read; it was kept and set aside in %s.",
                              dir);

  /* A new window lists the folder as at start-up. */
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  g_test_expect_message ("imtehan-store", G_LOG_LEVEL_WARNING, "*broken.ini*");
  fixture->window = imtehan_window_new (app);
  gtk_window_present (GTK_WINDOW (fixture->window));
  wait_for_label (fixture, expected);
  g_test_assert_expected_messages ();
  g_assert_true (g_file_test (corrupt, G_FILE_TEST_EXISTS));
}

/* Free when the folder was listed, taken by another instance or PC since: resuming it is
 * refused with the reason, and the start page stops offering it. */
static void
test_resume_taken_since_listed (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autofree char *dir = attempts_dir ();
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(ImtehanStore) elsewhere = imtehan_store_new (folder);
  g_autoptr(ImtehanAttempt) theirs = imtehan_attempt_new (imtehan_application_get_quiz (app), 0);
  g_autoptr(GError) error = NULL;

  g_assert_true (imtehan_store_save (elsewhere, theirs, NULL, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  spin ();
  fixture->window = imtehan_window_new (app);
  gtk_window_present (GTK_WINDOW (fixture->window));
  wait_for_history (fixture, 1);
  g_assert_true (resume_offered (fixture));

  g_assert_true (imtehan_store_lock (elsewhere, imtehan_attempt_get_id (theirs), &error));
  g_assert_no_error (error);
  activate (fixture, "win.resume", NULL);
  wait_for_label (fixture, "The attempt could not be resumed: This attempt is open in another window");
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  g_assert_null (imtehan_window_get_attempt (fixture->window));

  IMTEHAN_TEST_WAIT_UNTIL (!resume_offered (fixture), 10);
  g_assert_false (resume_offered (fixture));
  imtehan_store_unlock (elsewhere, imtehan_attempt_get_id (theirs));
}

/* Going back to a question shows the header's title in the label that showed it before,
 * with its text laid out already (imtehan_wrap_bin_set_text()); the other is hidden. */
static void
test_subtitle_reused (Fixture       *fixture,
                      gconstpointer  data)
{
  ImtehanWrapBin *bin = IMTEHAN_WRAP_BIN (template_child (fixture, "page_title_bin"));
  GtkWidget *first, *second;
  g_autofree char *first_text = NULL;

  activate (fixture, "win.start", NULL);
  first = imtehan_wrap_bin_get_child (bin);
  first_text = g_strdup (gtk_label_get_text (GTK_LABEL (first)));
  g_assert_true (gtk_widget_get_mapped (first));

  activate (fixture, "win.next", NULL);
  second = imtehan_wrap_bin_get_child (bin);
  g_assert_true (second != first);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (second)), !=, first_text);
  g_assert_true (gtk_widget_get_mapped (second));
  g_assert_false (gtk_widget_get_visible (first));

  activate (fixture, "win.previous", NULL);
  g_assert_true (imtehan_wrap_bin_get_child (bin) == first);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (first)), ==, first_text);
  g_assert_true (gtk_widget_get_mapped (first));
  g_assert_false (gtk_widget_get_visible (second));

  activate (fixture, "win.home", NULL);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (imtehan_wrap_bin_get_child (bin))), ==,
                   _("Imtehan"));
}


/* Lets a few frames pass: scrolling animates. */
static void
wait_frames (guint ms)
{
  imtehan_test_run_for (ms);
}

/* Starts an attempt in a narrow window @height pixels high, where the pages scroll. */
static void
start_in_short_window (Fixture *fixture,
                       int      height)
{
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 360, height);
  wait_frames (100);
  activate (fixture, "win.start", NULL);
}

static void
collect_menu_labels (GMenuModel *model,
                     GPtrArray  *labels,
                     GPtrArray  *actions)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      char *label = NULL;
      char *action = NULL;

      if (section != NULL)
        {
          collect_menu_labels (section, labels, actions);
          continue;
        }
      g_assert_true (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
      g_assert_true (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action));
      g_ptr_array_add (labels, label);
      g_ptr_array_add (actions, action);
    }
}

/* The main menu's items have distinct access keys, in either language, and one of them
 * switches the language (a narrow window's header has no language button). */
static void
test_menu_access_keys (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkMenuButton *button = GTK_MENU_BUTTON (template_child (fixture, "menu_button"));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) keys = g_hash_table_new (g_direct_hash, g_direct_equal);

  gtk_menu_button_popup (button);
  spin ();
  collect_menu_labels (gtk_menu_button_get_menu_model (button), labels, actions);
  gtk_menu_button_popdown (button);
  g_assert_cmpuint (labels->len, >=, 5);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *label = g_ptr_array_index (labels, i);
      const char *underscore = strchr (label, '_');
      gunichar key;

      g_test_message ("%s", label);
      g_assert_nonnull (underscore);
      key = g_unichar_tolower (g_utf8_get_char (underscore + 1));
      g_assert_false (g_hash_table_contains (keys, GUINT_TO_POINTER (key)));
      g_hash_table_add (keys, GUINT_TO_POINTER (key));
    }
  g_assert_true (g_ptr_array_find_with_equal_func (actions, "win.toggle-language", g_str_equal, NULL));
}

static gboolean
widget_inside (GtkWidget *widget,
               GtkWidget *area)
{
  graphene_rect_t bounds;

  return gtk_widget_compute_bounds (widget, area, &bounds) &&
         bounds.origin.x >= 0 && bounds.origin.y >= 0 &&
         bounds.origin.x + bounds.size.width <= gtk_widget_get_width (area) &&
         bounds.origin.y + bounds.size.height <= gtk_widget_get_height (area);
}

/* At 360 × 600, smaller than a phone-sized or tiled window usually is, Start is on screen
 * without scrolling, whatever the length of the quiz's description, and the header says
 * where one is, uncut. */
static void
test_narrow_window (Fixture       *fixture,
                    gconstpointer  data)
{
  GtkWidget *page;
  GtkScrolledWindow *scroller;
  GtkWidget *start;
  ImtehanWrapBin *title_bin = IMTEHAN_WRAP_BIN (template_child (fixture, "page_title_bin"));
  GtkWidget *title;

  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 360, 600);
  IMTEHAN_TEST_WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (fixture->window)) <= 360 &&
                           !gtk_widget_get_visible (template_child (fixture, "language_button")),
                           10);
  wait_frames (300);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), <=, 360);
  page = imtehan_window_get_page (fixture->window);
  scroller = imtehan_test_find_scrolled_window (page);
  start = GTK_WIDGET (gtk_widget_get_template_child (page, IMTEHAN_TYPE_START_PAGE, "start_button"));
  g_assert_cmpfloat (gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (scroller)), ==, 0);
  g_assert_true (gtk_widget_get_mapped (start));
  g_assert_true (widget_inside (start, GTK_WIDGET (scroller)));
  /* The language is switched from the menu. */
  g_assert_false (gtk_widget_get_visible (template_child (fixture, "language_button")));

  for (guint step = 0; step < 3; step++)
    {
      PangoLayout *layout;

      if (step == 0)
        activate (fixture, "win.start", NULL);
      else if (step == 1)
        {
          for (guint i = 0; i < 7; i++)
            activate (fixture, "win.next", NULL);
          activate (fixture, "win.next", NULL);   /* the review */
        }
      else
        activate (fixture, "win.submit", NULL);
      wait_frames (100);
      title = imtehan_wrap_bin_get_child (title_bin);
      layout = gtk_label_get_layout (GTK_LABEL (title));
      g_test_message ("%s: “%s”", imtehan_window_get_page_name (fixture->window),
                      gtk_label_get_text (GTK_LABEL (title)));
      g_assert_true (gtk_widget_get_mapped (title));
      g_assert_false (pango_layout_is_ellipsized (layout));
    }
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "results");

  /* Wide again, the language button is back. */
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 800, 600);
  IMTEHAN_TEST_WAIT_UNTIL (gtk_widget_get_visible (template_child (fixture, "language_button")), 10);
  g_assert_true (gtk_widget_get_visible (template_child (fixture, "language_button")));
}

/* Moving to a question, also one shown before, shows it from its top, although the focus
 * goes to its first answer, which in a short window lies below (GtkViewport scrolls to the
 * focus, with the place the answer had when the question was last shown). */
static void
test_question_starts_at_top (Fixture       *fixture,
                             gconstpointer  data)
{
  GtkScrolledWindow *scroller;
  GtkAdjustment *adjustment;

  start_in_short_window (fixture, 320);
  scroller = imtehan_test_find_scrolled_window (imtehan_window_get_page (fixture->window));
  g_assert_nonnull (scroller);
  adjustment = gtk_scrolled_window_get_vadjustment (scroller);

  for (guint i = 0; i < 3; i++)
    {
      activate (fixture, "win.next", NULL);
      wait_frames (300);
      g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
      g_assert_true (gtk_widget_has_focus (imtehan_question_page_get_choice (
        IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (fixture->window)), 0)));
      activate (fixture, "win.previous", NULL);
      wait_frames (300);
      g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
    }
}

/* A page shown again starts at its top, even when the learner had scrolled it. */
static void
test_page_shown_from_top (Fixture       *fixture,
                          gconstpointer  data)
{
  GtkAdjustment *adjustment;

  start_in_short_window (fixture, 320);
  activate (fixture, "win.review", NULL);
  wait_frames (100);
  adjustment = gtk_scrolled_window_get_vadjustment (
    imtehan_test_find_scrolled_window (imtehan_window_get_page (fixture->window)));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >,
                     gtk_adjustment_get_page_size (adjustment));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  wait_frames (100);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);

  activate (fixture, "win.previous", NULL);
  wait_frames (100);
  activate (fixture, "win.review", NULL);
  wait_frames (300);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
}

/* Home shows the start page with the focus on Resume (or Start), which in a short window lies
 * below the fold: it is scrolled into view, whole. */
static void
test_start_focus_visible (Fixture       *fixture,
                          gconstpointer  data)
{
  GtkWidget *focus, *viewport;
  graphene_rect_t bounds;

  start_in_short_window (fixture, 420);
  choose (fixture, 1);
  activate (fixture, "win.next", NULL);
  wait_frames (100);
  activate (fixture, "win.home", NULL);
  wait_frames (600);

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
 * font the warm-up did not load means its probes no longer match the stylesheets. */
static void
test_fonts_warmed_up (gconstpointer data)
{
  const char *lang = (const char *)data + 1;
  gboolean with_history = *(const char *)data == '+';
  ImtehanQuiz *quiz = imtehan_application_get_quiz (app);
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
      g_assert_true (imtehan_store_save (imtehan_application_get_store (app), attempt, NULL,
                                         &error));
      g_assert_no_error (error);
    }
  imtehan_i18n_set_language (lang);
  /* In the order of imtehan_application_activate(). */
  imtehan_warm_up_fonts_start (quiz, lang,
                               imtehan_store_get_directory (imtehan_application_get_store (app)));
  window = imtehan_window_new (app);
  imtehan_warm_up_fonts_finish (&warmed);
  g_assert_nonnull (warmed);
  g_assert_cmpuint (warmed->len, >, 0);
  gtk_window_present (GTK_WINDOW (window));
  spin ();
  if (with_history)
    {
      wait_for_history_of (window, 1);
      spin ();
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
  spin ();
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  /* "&": toasts and the save warning show this path, and toast titles are markup. */
  imtehan_test_ui_init (&argc, &argv, "imtehan test & co-XXXXXX");
  app = imtehan_test_app;

  g_test_add_data_func ("/window/fonts-warmed-up/en", "-en", test_fonts_warmed_up);
  g_test_add_data_func ("/window/fonts-warmed-up/ur", "-ur", test_fonts_warmed_up);
  g_test_add_data_func ("/window/fonts-warmed-up/en-history", "+en", test_fonts_warmed_up);
  g_test_add_data_func ("/window/fonts-warmed-up/ur-history", "+ur", test_fonts_warmed_up);
  g_test_add ("/window/subtitle-reused", Fixture, "ur", fixture_setup, test_subtitle_reused, fixture_teardown);
  g_test_add ("/window/question-starts-at-top", Fixture, "ur", fixture_setup, test_question_starts_at_top, fixture_teardown);
  g_test_add ("/window/start-page/en", Fixture, "en", fixture_setup, test_start_page, fixture_teardown);
  g_test_add ("/window/start-page/ur", Fixture, "ur", fixture_setup, test_start_page, fixture_teardown);
  g_test_add ("/window/flow/en", Fixture, "en", fixture_setup, test_flow, fixture_teardown);
  g_test_add ("/window/flow/ur", Fixture, "ur", fixture_setup, test_flow, fixture_teardown);
  g_test_add ("/window/language-switch", Fixture, "en", fixture_setup, test_language_switch, fixture_teardown);
  g_test_add ("/window/choices-accessible/en", Fixture, "en", fixture_setup, test_choices_accessible, fixture_teardown);
  g_test_add ("/window/choices-accessible/ur", Fixture, "ur", fixture_setup, test_choices_accessible, fixture_teardown);
  g_test_add ("/window/resume", Fixture, "en", fixture_setup, test_resume, fixture_teardown);
  g_test_add ("/window/arrows/en", Fixture, "en", fixture_setup, test_arrows_mirrored, fixture_teardown);
  g_test_add ("/window/arrows/ur", Fixture, "ur", fixture_setup, test_arrows_mirrored, fixture_teardown);
  g_test_add ("/window/history-and-try-again", Fixture, "en", fixture_setup, test_history_and_try_again, fixture_teardown);
  g_test_add ("/window/resume-skips-open-elsewhere", Fixture, "en", fixture_setup,
              test_resume_skips_attempt_open_elsewhere, fixture_teardown);
  g_test_add ("/window/resume-taken-since-listed", Fixture, "en", fixture_setup,
              test_resume_taken_since_listed, fixture_teardown);
  g_test_add ("/window/close-with-unsaved-answers", Fixture, "en", fixture_setup,
              test_close_with_unsaved_answers, fixture_teardown);
  g_test_add ("/window/shortcuts-show-keys/en", Fixture, "en", fixture_setup, test_shortcuts_show_keys, fixture_teardown);
  g_test_add ("/window/shortcuts-show-keys/ur", Fixture, "ur", fixture_setup, test_shortcuts_show_keys, fixture_teardown);
  g_test_add ("/window/ctrl-w-closes", Fixture, "en", fixture_setup, test_ctrl_w_closes, fixture_teardown);
  g_test_add ("/window/menu-access-keys/en", Fixture, "en", fixture_setup, test_menu_access_keys, fixture_teardown);
  g_test_add ("/window/menu-access-keys/ur", Fixture, "ur", fixture_setup, test_menu_access_keys, fixture_teardown);
  g_test_add ("/window/narrow/en", Fixture, "en", fixture_setup, test_narrow_window, fixture_teardown);
  g_test_add ("/window/narrow/ur", Fixture, "ur", fixture_setup, test_narrow_window, fixture_teardown);
  g_test_add ("/window/shortcuts-window", Fixture, "en", fixture_setup, test_shortcuts_window, fixture_teardown);
  g_test_add ("/window/menu-built-when-opened", Fixture, "en", fixture_setup, test_menu_built_when_opened, fixture_teardown);
  g_test_add ("/window/next-question-prepared", Fixture, "ur", fixture_setup, test_next_question_prepared, fixture_teardown);
  g_test_add ("/window/next-question-prepared-after-paint", Fixture, "ur", fixture_setup, test_next_question_prepared_after_paint, fixture_teardown);
  g_test_add ("/window/start-focus-visible", Fixture, "ur", fixture_setup, test_start_focus_visible, fixture_teardown);
  g_test_add ("/window/page-shown-from-top", Fixture, "ur", fixture_setup, test_page_shown_from_top, fixture_teardown);
  g_test_add ("/window/only-shown-page-visible", Fixture, "en", fixture_setup, test_only_shown_page_visible, fixture_teardown);
  g_test_add ("/window/first-question-prepared", Fixture, "ur", fixture_setup, test_first_question_prepared, fixture_teardown);
  g_test_add ("/window/choices-reused/en", Fixture, "en", fixture_setup, test_choices_reused, fixture_teardown);
  g_test_add ("/window/choices-reused/ur", Fixture, "ur", fixture_setup, test_choices_reused, fixture_teardown);
  g_test_add ("/window/save-failure", Fixture, "en", fixture_setup, test_save_failure, fixture_teardown);
  g_test_add ("/window/unreadable-results", Fixture, "en", fixture_setup, test_unreadable_results, fixture_teardown);

  ret = imtehan_test_ui_run ();
  return ret;
}
