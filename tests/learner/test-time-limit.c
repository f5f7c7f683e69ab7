/* test-time-limit.c: the countdown on the question page, its alerts, and the time-up
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Limits of a few seconds, or just above a threshold, so that nothing waits for minutes.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imtehan-dialogs.h"
#include "imtehan-i18n.h"
#include "imtehan-question-page.h"
#include "imtehan-session.h"
#include "test-ui.h"
#include "test-util.h"
#include "test-util-gtk.h"

static ImtehanQuestionPage *
start (ImtehanWindow *window,
       guint          seconds)
{
  imtehan_session_set_time_limit (imtehan_window_get_session (window), seconds);
  imtehan_test_activate (window, "win.start", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "question");
  return IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (window));
}

/* The countdown's "mm:ss" (or "h:mm:ss") in seconds; -1 while none is shown. */
static int
time_left (ImtehanQuestionPage *page)
{
  const char *text = imtehan_question_page_get_time_left_text (page);
  g_auto(GStrv) parts = NULL;
  int seconds = 0;

  if (text == NULL)
    return -1;
  g_assert_true (gtk_widget_get_mapped (imtehan_question_page_get_countdown (page)));
  parts = g_strsplit (text, ":", -1);
  g_assert_cmpuint (g_strv_length (parts), >=, 2);
  g_assert_cmpuint (strlen (parts[g_strv_length (parts) - 1]), ==, 2);
  for (guint i = 0; parts[i]; i++)
    {
      g_assert_true (g_ascii_isdigit (parts[i][0]));
      seconds = seconds * 60 + atoi (parts[i]);
    }
  return seconds;
}

static gboolean
alert_says (ImtehanQuestionPage *page,
            const char          *text)
{
  GtkWidget *alert = imtehan_question_page_get_time_alert (page);
  GtkWidget *revealer = gtk_widget_get_parent (alert);

  return gtk_widget_get_visible (revealer) && gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)) &&
         gtk_widget_get_mapped (alert) &&
         g_strcmp0 (gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (alert))), text) == 0;
}

/* What a screen reader is given: an alert named by its text. */
static void
assert_alert (ImtehanQuestionPage *page,
              const char          *text)
{
  GtkWidget *alert = imtehan_question_page_get_time_alert (page);

  g_assert_true (alert_says (page, text));
  gtk_test_accessible_assert_role (alert, GTK_ACCESSIBLE_ROLE_ALERT);
  gtk_test_accessible_assert_property (alert, GTK_ACCESSIBLE_PROPERTY_LABEL, text);
}

static gboolean
alert_hidden (ImtehanQuestionPage *page)
{
  return !gtk_widget_get_mapped (imtehan_question_page_get_time_alert (page));
}

static char *
minutes_left (guint minutes)
{
  return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%u minute left", "%u minutes left",
                                     minutes),
                          minutes);
}

/* The "Time is up" dialog over @window, which is closed; fails if there is none. */
static void
close_time_up_dialog (ImtehanWindow *window)
{
  GtkWidget *dialog = imtehan_test_wait_for_message (GTK_WINDOW (window));

  g_assert_cmpstr (imtehan_dialogs_message_get_heading (dialog), ==, _("Time Is Up"));
  g_assert_cmpstr (imtehan_dialogs_message_get_body (dialog), ==,
                   _("Your answers were submitted when the time limit was reached."));
  imtehan_test_respond (dialog, "ok");
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_dialogs_find_message (NULL, NULL) == NULL, 5);
  g_assert_null (imtehan_dialogs_find_message (NULL, NULL));
}

/* The attempt was submitted at its deadline: the results are shown, the reason said, and
 * the file says so. */
static void
assert_timed_out (ImtehanWindow  *window,
                  ImtehanAttempt *attempt)
{
  g_autoptr(GKeyFile) saved = NULL;
  g_autofree char *reason = NULL;

  imtehan_test_wait_for_page (window, "results");
  g_assert_true (imtehan_attempt_get_finished (attempt));
  g_assert_cmpint (imtehan_attempt_get_finish_reason (attempt), ==, IMTEHAN_FINISH_REASON_TIME_UP);
  close_time_up_dialog (window);
  saved = imtehan_test_wait_for_saved (attempt, TRUE);
  reason = g_key_file_get_string (saved, "Attempt", "FinishReason", NULL);
  g_assert_cmpstr (reason, ==, "time-up");
}

/* A limit of 4 s: the countdown shows it, under a minute as a warning, with "1 minute left"
 * said; it goes down; at zero the results and the reason are shown. */
static void
test_countdown_and_time_up (ImtehanTestFixture *fixture,
                            gconstpointer       data)
{
  ImtehanWindow *window = fixture->window;
  ImtehanQuestionPage *page = start (window, 4);
  ImtehanAttempt *attempt = imtehan_window_get_attempt (window);
  g_autofree char *one = minutes_left (1);
  int first = time_left (page);
  g_autofree char *first_text = g_strdup_printf ("00:%02d", first);

  /* Less the second the deadline is truncated to, and a sanitizer build's slowness. */
  g_assert_cmpint (first, >=, 1);
  g_assert_cmpint (first, <=, 4);
  g_assert_cmpstr (imtehan_question_page_get_time_left_text (page), ==, first_text);
  g_assert_true (gtk_widget_has_css_class (imtehan_question_page_get_countdown (page), "warning"));
  assert_alert (page, one);

  imtehan_test_choose (window, 0);
  IMTEHAN_TEST_WAIT_UNTIL (time_left (page) < first, 2);
  g_assert_cmpint (time_left (page), <, first);

  assert_timed_out (window, attempt);
  g_assert_nonnull (imtehan_attempt_get_answer (attempt, 0));
}

/* Just above 5 minutes: no warning yet; crossing it, the warning style and "5 minutes left". */
static void
test_five_minutes (ImtehanTestFixture *fixture,
                   gconstpointer       data)
{
  ImtehanWindow *window = fixture->window;
  /* 3 s above: the deadline is fixed to the second, and a sanitizer build may take a second
   * or two to show the page. */
  ImtehanQuestionPage *page = start (window, 5 * 60 + 3);
  GtkWidget *countdown = imtehan_question_page_get_countdown (page);
  g_autofree char *five = minutes_left (5);
  int left = time_left (page);
  g_autofree char *text = g_strdup_printf ("05:%02d", left - 5 * 60);

  g_assert_cmpint (left, >, 5 * 60);
  g_assert_cmpint (left, <=, 5 * 60 + 3);
  g_assert_cmpstr (imtehan_question_page_get_time_left_text (page), ==, text);
  g_assert_false (gtk_widget_has_css_class (countdown, "warning"));
  g_assert_true (alert_hidden (page));

  IMTEHAN_TEST_WAIT_UNTIL (alert_says (page, five), 6);
  assert_alert (page, five);
  g_assert_cmpint (time_left (page), <=, 5 * 60);
  g_assert_true (gtk_widget_has_css_class (countdown, "warning"));
}

/* At 1 minute, "1 minute left" follows "5 minutes left" (said at once: the attempt started
 * under 5 minutes), and the alert goes away again after a while. */
static void
test_one_minute (ImtehanTestFixture *fixture,
                 gconstpointer       data)
{
  ImtehanWindow *window = fixture->window;
  ImtehanQuestionPage *page = start (window, 63);
  g_autofree char *five = minutes_left (5);
  g_autofree char *one = minutes_left (1);

  assert_alert (page, five);
  IMTEHAN_TEST_WAIT_UNTIL (alert_says (page, one), 6);
  assert_alert (page, one);

  IMTEHAN_TEST_WAIT_UNTIL (alert_hidden (page), 13);
  g_assert_true (alert_hidden (page));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (imtehan_question_page_get_time_alert (page))));
}

/* The clock ticks only while the question page is shown, and is right again when it is. */
static void
test_ticks_only_when_shown (ImtehanTestFixture *fixture,
                            gconstpointer       data)
{
  ImtehanWindow *window = fixture->window;
  ImtehanQuestionPage *page = start (window, 600);
  GtkWidget *countdown = imtehan_question_page_get_countdown (page);
  GtkLabel *label = GTK_LABEL (gtk_widget_get_last_child (countdown));
  g_autofree char *shown = NULL;
  int before = time_left (page);
  g_autofree char *text = g_strdup_printf ("%02d:%02d", before / 60, before % 60);

  /* 600 s, less the second the deadline is truncated to and the seconds a sanitizer build
   * may take to show the page. */
  g_assert_cmpint (before, <=, 600);
  g_assert_cmpint (before, >=, 595);
  g_assert_cmpstr (gtk_label_get_text (label), ==, text);
  g_assert_false (gtk_widget_has_css_class (countdown, "warning"));
  g_assert_true (alert_hidden (page));

  imtehan_test_activate (window, "win.review", NULL);
  shown = g_strdup (gtk_label_get_text (label));
  imtehan_test_run_for (1500);
  g_assert_cmpstr (gtk_label_get_text (label), ==, shown);

  imtehan_test_activate (window, "win.previous", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "question");
  g_assert_cmpint (time_left (page), <, before);
}

/* Without a limit there is no countdown. */
static void
test_no_limit (ImtehanTestFixture *fixture,
               gconstpointer       data)
{
  ImtehanQuestionPage *page = start (fixture->window, 0);

  g_assert_null (imtehan_question_page_get_time_left_text (page));
  g_assert_false (gtk_widget_get_visible (imtehan_question_page_get_countdown (page)));
  g_assert_true (alert_hidden (page));
}

/* The app closed before the deadline and started again after it: resuming submits what was
 * answered, and says why. */
static void
test_resume_after_deadline (ImtehanTestFixture *fixture,
                            gconstpointer       data)
{
  ImtehanWindow *window = fixture->window;
  ImtehanAttempt *attempt;
  g_autofree char *id = NULL;
  g_autofree char *answer = NULL;
  g_autoptr(GKeyFile) saved = NULL;

  start (window, 2);
  attempt = imtehan_window_get_attempt (window);
  id = g_strdup (imtehan_attempt_get_id (attempt));
  imtehan_test_choose (window, 1);
  answer = g_strdup (imtehan_attempt_get_answer (attempt, 0));
  saved = imtehan_test_wait_for_saved (attempt, FALSE);
  imtehan_test_destroy_window (&fixture->window);
  imtehan_test_run_for (2500);

  fixture->window = window = imtehan_test_window_new ();
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_session_get_can_resume (imtehan_window_get_session (window)), 10);
  imtehan_test_activate (window, "win.resume", NULL);
  imtehan_test_wait_for_page (window, "results");
  attempt = imtehan_window_get_attempt (window);
  g_assert_cmpstr (imtehan_attempt_get_id (attempt), ==, id);
  g_assert_cmpstr (imtehan_attempt_get_answer (attempt, 0), ==, answer);
  assert_timed_out (window, attempt);
  /* Not sent back to the question once the resume is done. */
  imtehan_test_run_for (200);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "results");
}

/* An answer being typed when the time runs out counts, up to the last key. */
static void
test_typing_at_time_up (ImtehanTestFixture *fixture,
                        gconstpointer       data)
{
  g_autoptr(GFile) file = g_file_new_for_path (TEST_DATA_DIR "/question-types.quiz");
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanQuiz) quiz = imtehan_quiz_new_from_file (file, NULL, &error);
  ImtehanQuestionPage *page;
  ImtehanAttempt *attempt;
  ImtehanWindow *window;
  g_autofree char *typed = NULL;
  GtkWidget *entry;
  guint index;

  g_assert_no_error (error);
  imtehan_test_destroy_window (&fixture->window);
  fixture->window = window = imtehan_window_new_for_quiz (GTK_APPLICATION (imtehan_test_app),
                                                          imtehan_test_context (), quiz);
  gtk_window_present (GTK_WINDOW (window));
  imtehan_test_spin ();
  page = start (window, 3);
  attempt = imtehan_window_get_attempt (window);
  index = imtehan_question_get_index (imtehan_quiz_find_question (quiz, "state"));
  imtehan_test_activate (window, "win.go-to", g_variant_new_uint32 (index));
  entry = imtehan_question_page_get_choice (page, 0);
  g_assert_true (GTK_IS_EDITABLE (entry));

  /* Typing without a pause, a key every 50 ms, until the time is up: the entry never waits
   * long enough to answer by itself. */
  for (guint keys = 1; !imtehan_attempt_get_finished (attempt) && keys < 400; keys++)
    {
      int position = -1;

      /* A key typed at the end, as the keyboard does (setting the whole text would empty
       * the entry first, which answers at once). */
      gtk_editable_insert_text (GTK_EDITABLE (entry), "x", 1, &position);
      g_free (typed);
      typed = g_strnfill (keys, 'x');
      imtehan_test_run_for (50);
    }
  assert_timed_out (window, attempt);
  g_assert_cmpstr (imtehan_attempt_get_answer (attempt, index), ==, typed);
}

int
main (int   argc,
      char *argv[])
{
  imtehan_test_ui_init (&argc, &argv, "imtehan-time-limit-XXXXXX");

  IMTEHAN_TEST_ADD ("/time-limit/countdown-and-time-up/en", "en", test_countdown_and_time_up);
  IMTEHAN_TEST_ADD ("/time-limit/countdown-and-time-up/ur", "ur", test_countdown_and_time_up);
  IMTEHAN_TEST_ADD ("/time-limit/five-minutes/en", "en", test_five_minutes);
  IMTEHAN_TEST_ADD ("/time-limit/one-minute/ur", "ur", test_one_minute);
  IMTEHAN_TEST_ADD ("/time-limit/ticks-only-when-shown/en", "en", test_ticks_only_when_shown);
  IMTEHAN_TEST_ADD ("/time-limit/no-limit/en", "en", test_no_limit);
  IMTEHAN_TEST_ADD ("/time-limit/resume-after-deadline/en", "en", test_resume_after_deadline);
  IMTEHAN_TEST_ADD ("/time-limit/typing-at-time-up/ur", "ur", test_typing_at_time_up);

  return imtehan_test_ui_run ();
}
