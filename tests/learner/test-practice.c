/* test-practice.c: practice mode on the question page, as a learner and a screen reader meet it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A checked answer is locked and said right or wrong, with the right answer and the
 * explanation; an exam shows none of it.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imtehan-choice-row.h"
#include "imtehan-i18n.h"
#include "imtehan-question-page.h"
#include "imtehan-quiz.h"
#include "imtehan-session.h"
#include "imtehan-text.h"
#include "test-ui.h"
#include "test-util.h"
#include "test-util-gtk.h"

static ImtehanQuestion *
current_question (ImtehanAttempt *attempt)
{
  return imtehan_quiz_get_question (imtehan_attempt_get_quiz (attempt),
                                    imtehan_attempt_get_current (attempt));
}

static ImtehanQuestionPage *
start (ImtehanWindow *window,
       ImtehanMode    mode)
{
  imtehan_session_set_mode (imtehan_window_get_session (window), mode);
  imtehan_test_activate (window, "win.start", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "question");
  g_assert_cmpint (imtehan_attempt_get_mode (imtehan_window_get_attempt (window)), ==, mode);
  return IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (window));
}

/* The four answers: locked or not; the right one and the wrong @chosen marked once checked. */
static void
assert_choices (ImtehanQuestionPage *page,
                ImtehanAttempt      *attempt,
                gboolean             checked)
{
  const char *right = imtehan_question_get_answer (current_question (attempt));
  const char *chosen = imtehan_attempt_get_answer (attempt, imtehan_attempt_get_current (attempt));

  for (guint i = 0; i < 4; i++)
    {
      GtkWidget *row = imtehan_question_page_get_choice (page, i);
      const char *id = imtehan_choice_row_get_choice_id (IMTEHAN_CHOICE_ROW (row));
      gboolean is_right = checked && g_str_equal (id, right);
      gboolean is_wrong = checked && !is_right && g_strcmp0 (id, chosen) == 0;

      g_assert_true (gtk_widget_is_sensitive (row) == !checked);
      g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (row)) ==
                     (g_strcmp0 (id, chosen) == 0));
      g_assert_true (gtk_widget_has_css_class (row, "right") == is_right);
      g_assert_true (gtk_widget_has_css_class (row, "wrong") == is_wrong);
      /* Not by colour alone: a word on screen, and the same for a screen reader. */
      if (is_right)
        {
          g_assert_true (imtehan_test_shows_label (row, _("Right answer")));
          gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                               _("Right answer"));
        }
      else if (is_wrong)
        {
          g_assert_true (imtehan_test_shows_label (row, _("Your answer, wrong")));
          gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                               _("Your answer, wrong"));
        }
      else
        {
          g_assert_false (imtehan_test_shows_label (row, _("Right answer")));
          g_assert_false (imtehan_test_shows_label (row, _("Your answer, wrong")));
        }
    }
}

/* Whether the verdict card is on screen; an exam, or a question not checked yet, may have none
 * at all (it is built at the first check). */
static gboolean
feedback_shown (ImtehanQuestionPage *page)
{
  GtkWidget *feedback = imtehan_question_page_get_feedback (page);

  return feedback != NULL && gtk_widget_get_visible (feedback);
}

/* The verdict below the answers: an alert named by what it says, with the explanation. */
static void
assert_feedback (ImtehanQuestionPage *page,
                 ImtehanAttempt      *attempt,
                 const char          *lang)
{
  ImtehanQuestion *question = current_question (attempt);
  const char *right = imtehan_question_get_answer (question);
  gboolean correct = imtehan_attempt_is_correct (attempt, imtehan_attempt_get_current (attempt));
  GtkWidget *feedback = imtehan_question_page_get_feedback (page);
  g_autofree char *explanation = imtehan_text_prepare (imtehan_question_get_explanation (question,
                                                                                         lang),
                                                       lang);
  g_autofree char *label = NULL;

  g_assert_true (gtk_widget_get_mapped (feedback));
  gtk_test_accessible_assert_role (feedback, GTK_ACCESSIBLE_ROLE_ALERT);
  if (correct)
    label = g_strdup (_("Correct"));
  else
    label = g_strdup_printf (_("Wrong. The right answer is: %s"),
                             imtehan_question_get_choice_text (question, right, lang));
  gtk_test_accessible_assert_property (feedback, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
  g_assert_true (imtehan_test_shows_label (feedback, correct ? _("Correct") : _("Wrong")));
  g_assert_cmpstr (explanation, !=, "");
  g_assert_true (imtehan_test_shows_label (feedback, explanation));
}

/* The attempt's file as saved so far, or NULL. */
static GKeyFile *
load_saved (ImtehanAttempt *attempt)
{
  g_autofree char *dir = imtehan_test_attempts_dir ();
  g_autofree char *name = g_strconcat (imtehan_attempt_get_id (attempt), ".ini", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GKeyFile) key_file = g_key_file_new ();

  if (!g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, NULL))
    return NULL;
  return g_steal_pointer (&key_file);
}

/* Whether the saved file says question @group is checked; @saved is its contents. */
static gboolean
saved_checked (ImtehanAttempt  *attempt,
               const char      *group,
               GKeyFile       **saved)
{
  g_clear_pointer (saved, g_key_file_unref);
  *saved = load_saved (attempt);
  return *saved != NULL && g_key_file_get_boolean (*saved, group, "Checked", NULL);
}

/* A wrong answer, checked: locked, marked, explained and saved as checked; neither a choice
 * nor a number key changes it, and Check is off. */
static void
test_check_locks (ImtehanTestFixture *fixture,
                  gconstpointer       data)
{
  const char *lang = data;
  ImtehanWindow *window = fixture->window;
  ImtehanQuestionPage *page = start (window, IMTEHAN_MODE_PRACTICE);
  ImtehanAttempt *attempt = imtehan_window_get_attempt (window);
  GtkWidget *check = imtehan_question_page_get_check_button (page);
  ImtehanQuestion *question = current_question (attempt);
  guint wrong = (imtehan_test_position_of (attempt, imtehan_question_get_answer (question)) + 1) % 4;
  const char *wrong_id;
  g_autofree char *group = g_strconcat ("Question ", imtehan_question_get_id (question), NULL);
  g_autofree char *mode = NULL;
  g_autoptr(GKeyFile) saved = NULL;

  /* Nothing chosen: Check is shown, and off. */
  g_assert_true (gtk_widget_get_mapped (check));
  g_assert_false (gtk_widget_is_sensitive (check));
  g_assert_false (feedback_shown (page));

  imtehan_test_choose (window, wrong);
  wrong_id = imtehan_attempt_get_answer (attempt, 0);
  g_assert_nonnull (wrong_id);
  g_assert_true (gtk_widget_is_sensitive (check));
  assert_choices (page, attempt, FALSE);

  imtehan_test_activate (window, "win.check", NULL);
  g_assert_true (imtehan_attempt_is_checked (attempt, 0));
  g_assert_false (gtk_widget_is_sensitive (check));
  assert_choices (page, attempt, TRUE);
  assert_feedback (page, attempt, lang);

  /* Locked: choosing another, or its number key, changes nothing. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.choose", "u", (wrong + 1) % 4);
  imtehan_test_spin ();
  imtehan_test_press_keys (GTK_WIDGET (window), GDK_KEY_1 + (wrong + 2) % 4, 0);
  g_assert_cmpstr (imtehan_attempt_get_answer (attempt, 0), ==, wrong_id);
  assert_choices (page, attempt, TRUE);

  /* Saved on the store's worker, after the answer's own save. */
  IMTEHAN_TEST_WAIT_UNTIL (saved_checked (attempt, group, &saved), 10);
  g_assert_nonnull (saved);
  g_assert_true (g_key_file_get_boolean (saved, group, "Checked", NULL));
  mode = g_key_file_get_string (saved, "Attempt", "Mode", NULL);
  g_assert_cmpstr (mode, ==, "practice");
}

/* Enter on a chosen answer checks it (a right one: "Correct"); the keyboard is then on Next,
 * where the next Enter goes on. */
static void
test_enter_checks_then_goes_on (ImtehanTestFixture *fixture,
                                gconstpointer       data)
{
  const char *lang = data;
  ImtehanWindow *window = fixture->window;
  ImtehanQuestionPage *page = start (window, IMTEHAN_MODE_PRACTICE);
  ImtehanAttempt *attempt = imtehan_window_get_attempt (window);
  GtkWidget *focus;

  imtehan_test_choose (window,
                       imtehan_test_position_of (attempt,
                                    imtehan_question_get_answer (current_question (attempt))));
  gtk_widget_grab_focus (imtehan_question_page_get_choice (page, 0));
  imtehan_test_press_keys (GTK_WIDGET (page), GDK_KEY_Return, 0);
  g_assert_true (imtehan_attempt_is_checked (attempt, 0));
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 0);
  assert_choices (page, attempt, TRUE);
  assert_feedback (page, attempt, lang);

  /* Enter on a button presses it, as GTK does. */
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), ==, "win.next");
  gtk_widget_activate (focus);
  /* A button activated by a key is released after a moment, and then clicked. */
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_attempt_get_current (attempt) == 1, 2);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 1);

  /* The next question is open again, with the keyboard in its answers; Enter with nothing
   * chosen goes on. */
  assert_choices (page, attempt, FALSE);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == imtehan_question_page_get_choice (page, 0));
  g_assert_false (feedback_shown (page));
  imtehan_test_press_keys (GTK_WIDGET (page), GDK_KEY_Return, 0);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 2);
  g_assert_false (imtehan_attempt_is_checked (attempt, 1));
}

/* A practice attempt resumed (another window, as after a restart) shows its checked answer
 * checked and locked, and the others open. */
static void
test_resumed_checked (ImtehanTestFixture *fixture,
                      gconstpointer       data)
{
  const char *lang = data;
  ImtehanWindow *window = fixture->window;
  ImtehanQuestionPage *page = start (window, IMTEHAN_MODE_PRACTICE);
  ImtehanAttempt *attempt = imtehan_window_get_attempt (window);
  g_autofree char *id = g_strdup (imtehan_attempt_get_id (attempt));
  g_autoptr(GKeyFile) saved = NULL;

  imtehan_test_choose (window, 2);
  imtehan_test_activate (window, "win.check", NULL);
  imtehan_test_activate (window, "win.next", NULL);
  imtehan_test_choose (window, 1);
  saved = imtehan_test_wait_for_saved (attempt, FALSE);
  imtehan_test_destroy_window (&fixture->window);

  fixture->window = window = imtehan_test_window_new ();
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_session_get_can_resume (imtehan_window_get_session (window)), 10);
  imtehan_test_activate (window, "win.resume", NULL);
  imtehan_test_wait_for_page (window, "question");
  attempt = imtehan_window_get_attempt (window);
  g_assert_cmpstr (imtehan_attempt_get_id (attempt), ==, id);
  page = IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (window));
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 1);
  assert_choices (page, attempt, FALSE);
  g_assert_true (gtk_widget_is_sensitive (imtehan_question_page_get_check_button (page)));

  imtehan_test_activate (window, "win.go-to", g_variant_new_uint32 (0));
  g_assert_true (imtehan_attempt_is_checked (attempt, 0));
  assert_choices (page, attempt, TRUE);
  assert_feedback (page, attempt, lang);
  g_assert_false (gtk_widget_is_sensitive (imtehan_question_page_get_check_button (page)));
}

/* An exam is as it always was: no Check, Enter on a chosen answer goes on, nothing is
 * marked or locked, and win.check does nothing. */
static void
test_exam_unchanged (ImtehanTestFixture *fixture,
                     gconstpointer       data)
{
  ImtehanWindow *window = fixture->window;
  ImtehanQuestionPage *page = start (window, IMTEHAN_MODE_EXAM);
  ImtehanAttempt *attempt = imtehan_window_get_attempt (window);

  g_assert_false (gtk_widget_get_visible (imtehan_question_page_get_check_button (page)));
  imtehan_test_choose (window, 1);
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.check", NULL) &&
                  imtehan_attempt_is_checked (attempt, 0));
  gtk_widget_grab_focus (imtehan_question_page_get_choice (page, 1));
  imtehan_test_press_keys (GTK_WIDGET (page), GDK_KEY_Return, 0);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 1);
  g_assert_false (imtehan_attempt_is_checked (attempt, 0));

  imtehan_test_activate (window, "win.previous", NULL);
  assert_choices (page, attempt, FALSE);
  g_assert_false (feedback_shown (page));
  imtehan_test_choose (window, 3);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (imtehan_question_page_get_choice (page, 3))));
}

int
main (int   argc,
      char *argv[])
{
  imtehan_test_ui_init (&argc, &argv, "imtehan-practice-XXXXXX");

  IMTEHAN_TEST_ADD ("/practice/check-locks/en", "en", test_check_locks);
  IMTEHAN_TEST_ADD ("/practice/check-locks/ur", "ur", test_check_locks);
  IMTEHAN_TEST_ADD ("/practice/enter/en", "en", test_enter_checks_then_goes_on);
  IMTEHAN_TEST_ADD ("/practice/enter/ur", "ur", test_enter_checks_then_goes_on);
  IMTEHAN_TEST_ADD ("/practice/resumed-checked/en", "en", test_resumed_checked);
  IMTEHAN_TEST_ADD ("/practice/exam-unchanged/en", "en", test_exam_unchanged);

  return imtehan_test_ui_run ();
}
