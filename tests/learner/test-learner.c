/* test-learner.c: learners in a lab: their name, the lab's settings reaching the session,
 * the attempts allowed, the quiz to start with, and the results saying who and how
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imtehan-learner-dialog.h"
#include "imtehan-results-page.h"
#include "imtehan-start-page.h"
#include "test-ui.h"
#include "test-util.h"

static GSettings *
settings (void)
{
  return imtehan_context_get_settings (imtehan_test_context ());
}

/* Every case begins with the default settings and no name remembered. */
static void
setup (ImtehanTestFixture *fixture,
       gconstpointer       data)
{
  const char *keys[] = { "learner-required", "mode", "time-limit", "attempts-allowed",
                         "start-quiz" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_reset (settings (), keys[i]);
  imtehan_context_set_learner (imtehan_test_context (), NULL, NULL);
  imtehan_test_fixture_setup (fixture, data);
}

static void
teardown (ImtehanTestFixture *fixture,
          gconstpointer       data)
{
  imtehan_test_fixture_teardown (fixture, data);
}

#define ADD(path, lang, func) \
  g_test_add ((path), ImtehanTestFixture, (lang), setup, (func), teardown)

/* A new window, after the settings of the case are set. */
static void
new_window (ImtehanTestFixture *fixture)
{
  imtehan_test_destroy_window (&fixture->window);
  fixture->window = imtehan_test_window_new ();
}

static gpointer
dialog_child (ImtehanLearnerDialog *dialog,
              const char           *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (dialog),
                                                   IMTEHAN_TYPE_LEARNER_DIALOG, name);

  g_assert_nonnull (object);
  return object;
}

/* Types @name and @roll_number and presses Enter in the name. */
static void
type_and_enter (ImtehanLearnerDialog *dialog,
                const char           *name,
                const char           *roll_number)
{
  gtk_editable_set_text (dialog_child (dialog, "name_entry"), name);
  if (roll_number != NULL)
    gtk_editable_set_text (dialog_child (dialog, "roll_entry"), roll_number);
  g_signal_emit_by_name (dialog_child (dialog, "name_entry"), "activate");
  imtehan_test_spin ();
}

static gboolean
focus_in (ImtehanLearnerDialog *dialog,
          GtkWidget            *widget)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (dialog));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

static void
destroy_dialog (ImtehanLearnerDialog *dialog)
{
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *)&dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  imtehan_test_spin ();
  g_assert_null (dialog);
}

/* Answers the first question, reviews and submits: the results page. */
static ImtehanAttempt *
answer_and_submit (ImtehanWindow *window)
{
  ImtehanAttempt *attempt = imtehan_window_get_attempt (window);

  imtehan_test_choose (window, 0);
  imtehan_test_activate (window, "win.review", NULL);
  imtehan_test_activate (window, "win.submit", NULL);
  imtehan_test_wait_for_page (window, "results");
  return attempt;
}

static GtkLabel *
results_learner_label (ImtehanWindow *window)
{
  GObject *label = gtk_widget_get_template_child (imtehan_window_get_page (window),
                                                  IMTEHAN_TYPE_RESULTS_PAGE, "learner_label");

  g_assert_nonnull (label);
  return GTK_LABEL (label);
}

/* With a name required, Start asks for it first, in the window's direction, with the focus
 * in the name and each entry named for a screen reader; nothing is started meanwhile. */
static void
test_name_asked_first (ImtehanTestFixture *fixture,
                       gconstpointer       data)
{
  gboolean urdu = g_str_equal (data, "ur");
  ImtehanLearnerDialog *dialog;
  GtkWidget *name_entry;

  g_settings_set_boolean (settings (), "learner-required", TRUE);
  g_assert_null (imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG));
  /* The start page's Start button. */
  g_assert_true (gtk_widget_activate (GTK_WIDGET (gtk_widget_get_template_child (imtehan_window_get_page (fixture->window),
                                                                                 IMTEHAN_TYPE_START_PAGE,
                                                                                 "start_button"))));
  /* A button activated by the keyboard clicks when its press animation ends. */
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG) != NULL, 5);
  dialog = imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (fixture->window));
  g_assert_null (imtehan_window_get_attempt (fixture->window));
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");

  name_entry = dialog_child (dialog, "name_entry");
  g_assert_true (focus_in (dialog, name_entry));
  g_assert_true (gtk_label_get_mnemonic_widget (dialog_child (dialog, "name_label")) == name_entry);
  g_assert_true (gtk_label_get_mnemonic_widget (dialog_child (dialog, "roll_label")) ==
                 dialog_child (dialog, "roll_entry"));
  imtehan_test_assert_direction (GTK_WIDGET (dialog), urdu ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (dialog), "urdu-ui") == urdu);

  /* Escape cancels: still no attempt. */
  imtehan_test_press_keys (GTK_WIDGET (dialog), GDK_KEY_Escape, 0);
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG) == NULL, 5);
  g_assert_null (imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG));
  g_assert_null (imtehan_window_get_attempt (fixture->window));
}

/* An empty or white-space name (a no-break space, a stray RLM) is refused with a message in
 * the dialog; the focus stays in the name and no attempt begins. Typing clears the message. */
static void
test_empty_name_refused (ImtehanTestFixture *fixture,
                         gconstpointer       data)
{
  g_autofree char *dir = imtehan_test_attempts_dir ();
  const char *names[] = { "", "   ", "\u00a0\t", "\u200f " };
  ImtehanLearnerDialog *dialog;

  g_settings_set_boolean (settings (), "learner-required", TRUE);
  imtehan_test_activate (fixture->window, "win.start", NULL);
  dialog = imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG);
  g_assert_nonnull (dialog);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      type_and_enter (dialog, names[i], "7");
      g_assert_true (imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG) == dialog);
      g_assert_cmpstr (imtehan_learner_dialog_get_error (dialog), ==,
                       _("Type your name to start the quiz."));
      g_assert_true (gtk_widget_get_mapped (dialog_child (dialog, "error_label")));
      g_assert_true (focus_in (dialog, dialog_child (dialog, "name_entry")));
      g_assert_null (imtehan_window_get_attempt (fixture->window));
    }
  /* Start refuses it the same way. */
  gtk_editable_set_text (dialog_child (dialog, "name_entry"), " ");
  g_assert_null (imtehan_learner_dialog_get_error (dialog));
  g_signal_emit_by_name (dialog_child (dialog, "start_button"), "clicked");
  imtehan_test_spin ();
  g_assert_nonnull (imtehan_learner_dialog_get_error (dialog));
  g_assert_null (imtehan_window_get_attempt (fixture->window));
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);

    g_assert_true (d == NULL || g_dir_read_name (d) == NULL);
  }

  gtk_editable_set_text (dialog_child (dialog, "name_entry"), "A");
  g_assert_null (imtehan_learner_dialog_get_error (dialog));
  destroy_dialog (dialog);
}

/* The name and roll number go into the attempt file, trimmed, and onto the results in the
 * UI's direction; the next Start offers them again, to edit. */
static void
test_name_saved_shown_remembered (ImtehanTestFixture *fixture,
                                  gconstpointer       data)
{
  gboolean urdu = g_str_equal (data, "ur");
  const char *name = urdu ? "آمنہ بی بی" : "Amna Bibi";
  g_autoptr(GKeyFile) saved = NULL;
  g_autofree char *learner = NULL;
  g_autofree char *roll = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *isolated_roll = NULL;
  ImtehanLearnerDialog *dialog;
  ImtehanAttempt *attempt;
  const char *shown;

  g_settings_set_boolean (settings (), "learner-required", TRUE);
  imtehan_test_activate (fixture->window, "win.start", NULL);
  dialog = imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (imtehan_learner_dialog_get_name (dialog), ==, "");
  /* Enter in the roll number starts too. */
  gtk_editable_set_text (dialog_child (dialog, "name_entry"), name);
  gtk_editable_set_text (dialog_child (dialog, "roll_entry"), " 42 ");
  g_signal_emit_by_name (dialog_child (dialog, "roll_entry"), "activate");
  imtehan_test_spin ();
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG) == NULL, 5);
  g_assert_null (imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG));
  imtehan_test_wait_for_page (fixture->window, "question");

  attempt = answer_and_submit (fixture->window);
  saved = imtehan_test_wait_for_saved (attempt, TRUE);
  learner = g_key_file_get_string (saved, "Attempt", "Learner", NULL);
  roll = g_key_file_get_string (saved, "Attempt", "RollNumber", NULL);
  g_assert_cmpstr (learner, ==, name);
  g_assert_cmpstr (roll, ==, "42");

  /* Who, in the UI's direction whatever the name's script. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (results_learner_label (fixture->window))));
  shown = gtk_label_get_text (results_learner_label (fixture->window));
  isolated_roll = g_strdup_printf ("\u2068%s\u2069", "42");
  expected = g_strdup_printf ("%s\u2068%s\u2069%s", urdu ? "\u200f" : "\u200e", name, _(" · "));
  g_assert_true (g_str_has_prefix (shown, expected));
  {
    g_autofree char *roll_text = g_strdup_printf (_("Roll number %s"), isolated_roll);

    g_assert_nonnull (strstr (shown, roll_text));
  }
  g_assert_null (strstr (shown, _("Practice")));
  imtehan_test_assert_direction (imtehan_window_get_page (fixture->window),
                                 urdu ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);

  /* Try Again asks again, with the name and roll number of this run. */
  imtehan_test_activate (fixture->window, "win.try-again", NULL);
  dialog = imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (imtehan_learner_dialog_get_name (dialog), ==, name);
  g_assert_cmpstr (imtehan_learner_dialog_get_roll_number (dialog), ==, " 42 ");
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "results");
  destroy_dialog (dialog);

  /* Another window of the same run offers it too. */
  new_window (fixture);
  imtehan_test_activate (fixture->window, "win.start", NULL);
  dialog = imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (imtehan_learner_dialog_get_name (dialog), ==, name);
  destroy_dialog (dialog);
}

/* Without the setting: no dialog, the attempt starts as it always did, with no name; the
 * results say nothing of a learner. */
static void
test_not_required (ImtehanTestFixture *fixture,
                   gconstpointer       data)
{
  g_autoptr(GKeyFile) saved = NULL;
  g_autofree char *learner = NULL;
  ImtehanAttempt *attempt;

  imtehan_test_activate (fixture->window, "win.start", NULL);
  g_assert_null (imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG));
  imtehan_test_wait_for_page (fixture->window, "question");
  attempt = answer_and_submit (fixture->window);
  saved = imtehan_test_wait_for_saved (attempt, TRUE);
  learner = g_key_file_get_string (saved, "Attempt", "Learner", NULL);
  g_assert_true (learner == NULL || *learner == '\0');
  g_assert_false (g_key_file_has_key (saved, "Attempt", "RollNumber", NULL));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (results_learner_label (fixture->window))));
}

static char *
used_message (guint allowed)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "You have used your %u attempt at this quiz.",
                                       "You have used your %u attempts at this quiz.", allowed),
                          allowed);
}

/* With one attempt allowed and it begun, Start says so on the start page and starts
 * nothing; Resume still resumes it. */
static void
test_attempts_used (ImtehanTestFixture *fixture,
                    gconstpointer       data)
{
  ImtehanSession *session = imtehan_window_get_session (fixture->window);
  g_autofree char *first_id = NULL;
  g_autofree char *expected = used_message (1);
  ImtehanStartPage *page;

  g_settings_set_uint (settings (), "attempts-allowed", 1);
  imtehan_test_activate (fixture->window, "win.start", NULL);
  imtehan_test_wait_for_page (fixture->window, "question");
  first_id = g_strdup (imtehan_attempt_get_id (imtehan_window_get_attempt (fixture->window)));
  imtehan_test_choose (fixture->window, 0);
  g_key_file_unref (imtehan_test_wait_for_saved (imtehan_window_get_attempt (fixture->window), FALSE));
  imtehan_test_activate (fixture->window, "win.home", NULL);
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_session_get_can_resume (session), 10);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");

  page = IMTEHAN_START_PAGE (imtehan_window_get_page (fixture->window));
  g_assert_null (imtehan_start_page_get_notice (page));
  imtehan_test_activate (fixture->window, "win.start", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  g_assert_cmpstr (imtehan_start_page_get_notice (page), ==, expected);
  imtehan_test_wait_for_label (fixture->window, expected);
  g_assert_cmpstr (imtehan_attempt_get_id (imtehan_window_get_attempt (fixture->window)), ==,
                   first_id);

  imtehan_test_activate (fixture->window, "win.resume", NULL);
  imtehan_test_wait_for_page (fixture->window, "question");
  g_assert_cmpstr (imtehan_attempt_get_id (imtehan_window_get_attempt (fixture->window)), ==,
                   first_id);
}

/* With names required, the limit is per name: the dialog refuses a name whose attempts are
 * used, and takes another. */
static void
test_attempts_used_by_name (ImtehanTestFixture *fixture,
                            gconstpointer       data)
{
  g_autofree char *expected = used_message (1);
  ImtehanLearnerDialog *dialog;

  g_settings_set_boolean (settings (), "learner-required", TRUE);
  g_settings_set_uint (settings (), "attempts-allowed", 1);
  imtehan_test_activate (fixture->window, "win.start", NULL);
  type_and_enter (imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG), "Sara", NULL);
  imtehan_test_wait_for_page (fixture->window, "question");
  answer_and_submit (fixture->window);

  imtehan_test_activate (fixture->window, "win.try-again", NULL);
  dialog = imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG);
  /* The same name, however typed. */
  type_and_enter (dialog, "  sara ", NULL);
  g_assert_true (imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG) == dialog);
  g_assert_cmpstr (imtehan_learner_dialog_get_error (dialog), ==, expected);
  g_assert_true (focus_in (dialog, dialog_child (dialog, "name_entry")));
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "results");

  type_and_enter (dialog, "Bilal", NULL);
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_test_find_toplevel (IMTEHAN_TYPE_LEARNER_DIALOG) == NULL, 5);
  imtehan_test_wait_for_page (fixture->window, "question");
  g_assert_cmpstr (imtehan_attempt_get_learner (imtehan_window_get_attempt (fixture->window)), ==,
                   "Bilal");
}

static GtkLabel *
start_lab_label (ImtehanWindow *window)
{
  GObject *label = gtk_widget_get_template_child (imtehan_window_get_page (window),
                                                  IMTEHAN_TYPE_START_PAGE, "lab_label");

  g_assert_nonnull (label);
  return GTK_LABEL (label);
}

/* The lab's mode and time limit (minutes) reach a new window's session and its start page,
 * and follow the settings when they change; the attempt begun gets them and its results
 * say "Practice". With the default settings the start page shows no such line. */
static void
test_mode_and_time_limit (ImtehanTestFixture *fixture,
                          gconstpointer       data)
{
  ImtehanSession *session = imtehan_window_get_session (fixture->window);
  g_autofree char *practice_20 = imtehan_start_page_format_lab (IMTEHAN_MODE_PRACTICE, 1200);
  g_autofree char *exam_5 = imtehan_start_page_format_lab (IMTEHAN_MODE_EXAM, 300);
  ImtehanAttempt *attempt;

  g_assert_cmpint (imtehan_session_get_mode (session), ==, IMTEHAN_MODE_EXAM);
  g_assert_cmpuint (imtehan_session_get_time_limit (session), ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (start_lab_label (fixture->window))));
  g_assert_null (imtehan_start_page_format_lab (IMTEHAN_MODE_EXAM, 0));

  g_settings_set_enum (settings (), "mode", IMTEHAN_MODE_PRACTICE);
  g_settings_set_uint (settings (), "time-limit", 20);
  new_window (fixture);
  session = imtehan_window_get_session (fixture->window);
  g_assert_cmpint (imtehan_session_get_mode (session), ==, IMTEHAN_MODE_PRACTICE);
  g_assert_cmpuint (imtehan_session_get_time_limit (session), ==, 20 * 60);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (start_lab_label (fixture->window))));
  g_assert_cmpstr (gtk_label_get_text (start_lab_label (fixture->window)), ==, practice_20);
  if (g_str_equal (data, "en"))
    g_assert_cmpstr (practice_20, ==, "Practice · 20 minutes");

  /* Changed while the window is open. */
  g_settings_set_enum (settings (), "mode", IMTEHAN_MODE_EXAM);
  g_settings_set_uint (settings (), "time-limit", 5);
  g_assert_cmpint (imtehan_session_get_mode (session), ==, IMTEHAN_MODE_EXAM);
  g_assert_cmpuint (imtehan_session_get_time_limit (session), ==, 5 * 60);
  g_assert_cmpstr (gtk_label_get_text (start_lab_label (fixture->window)), ==, exam_5);

  g_settings_set_enum (settings (), "mode", IMTEHAN_MODE_PRACTICE);
  g_settings_set_uint (settings (), "time-limit", 0);
  imtehan_test_activate (fixture->window, "win.start", NULL);
  imtehan_test_wait_for_page (fixture->window, "question");
  attempt = imtehan_window_get_attempt (fixture->window);
  g_assert_cmpint (imtehan_attempt_get_mode (attempt), ==, IMTEHAN_MODE_PRACTICE);
  g_assert_cmpuint (imtehan_attempt_get_time_limit (attempt), ==, 0);
  answer_and_submit (fixture->window);
  g_assert_cmpstr (gtk_label_get_text (results_learner_label (fixture->window)) + strlen ("\u200e"),
                   ==, _("Practice"));

  g_settings_reset (settings (), "mode");
  g_assert_cmpint (imtehan_session_get_mode (session), ==, IMTEHAN_MODE_EXAM);
}

static const char arithmetic[] =
  "[Quiz]\nFormatVersion=1\nId=arithmetic\nTitle=Arithmetic\nTitle[ur]=حساب\nDifficulty=easy\n"
  "[Question two]\nText=2 + 2?\nChoices=three;four\nChoice.three=3\nChoice.four=4\nAnswer=four\n";

/* The lab's quiz to start with opens on its start page, not the library; an id the library
 * does not have shows the library, and the log says why. */
static void
test_start_quiz (ImtehanTestFixture *fixture,
                 gconstpointer       data)
{
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "imtehan", "quizzes", NULL);
  g_autofree char *path = g_build_filename (folder, "arithmetic.quiz", NULL);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, arithmetic, -1, NULL));
  imtehan_test_reload_library ();

  new_window (fixture);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "library");

  g_settings_set_string (settings (), "start-quiz", "arithmetic");
  new_window (fixture);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  g_assert_cmpstr (imtehan_quiz_get_id (imtehan_window_get_quiz (fixture->window)), ==, "arithmetic");
  imtehan_test_activate (fixture->window, "win.start", NULL);
  imtehan_test_wait_for_page (fixture->window, "question");
  g_assert_cmpstr (imtehan_quiz_get_id (imtehan_attempt_get_quiz (imtehan_window_get_attempt (fixture->window))),
                   ==, "arithmetic");

  g_settings_set_string (settings (), "start-quiz", "not-installed");
  g_test_expect_message ("imtehan-window", G_LOG_LEVEL_MESSAGE, "*not-installed*not in the library*");
  new_window (fixture);
  g_test_assert_expected_messages ();
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "library");

  imtehan_test_destroy_window (&fixture->window);
  imtehan_test_remove_tree (folder);
  imtehan_test_reload_library ();
  fixture->window = imtehan_test_window_new ();
}

int
main (int   argc,
      char *argv[])
{
  imtehan_test_ui_init (&argc, &argv, "imtehan-test-learner-XXXXXX");

  ADD ("/learner/name-asked-first/en", "en", test_name_asked_first);
  ADD ("/learner/name-asked-first/ur", "ur", test_name_asked_first);
  ADD ("/learner/empty-name-refused", "en", test_empty_name_refused);
  ADD ("/learner/name-saved-shown-remembered/en", "en", test_name_saved_shown_remembered);
  ADD ("/learner/name-saved-shown-remembered/ur", "ur", test_name_saved_shown_remembered);
  ADD ("/learner/not-required", "en", test_not_required);
  ADD ("/learner/attempts-used", "en", test_attempts_used);
  ADD ("/learner/attempts-used-by-name", "ur", test_attempts_used_by_name);
  ADD ("/learner/mode-and-time-limit/en", "en", test_mode_and_time_limit);
  ADD ("/learner/mode-and-time-limit/ur", "ur", test_mode_and_time_limit);
  ADD ("/learner/start-quiz", "en", test_start_quiz);

  return imtehan_test_ui_run ();
}
