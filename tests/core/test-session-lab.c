/* test-session-lab.c: the session in a lab: the learner, the mode, the time limit and the attempts allowed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "imtehan-attempt.h"
#include "imtehan-attempt-summary.h"
#include "imtehan-context.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "imtehan-session.h"
#include "imtehan-store.h"
#include "session-fixture.h"
#include "test-util.h"

static void
time_up_cb (ImtehanSession *session,
            ImtehanAttempt *attempt,
            GPtrArray      *attempts)
{
  g_assert_true (imtehan_attempt_get_finished (attempt));
  g_ptr_array_add (attempts, g_object_ref (attempt));
}

/* The learner, the mode and the time limit are the session's when an attempt starts, and are
 * saved with it; changing them later leaves that attempt alone. */
static void
test_lab_start (Fixture       *fixture,
                gconstpointer  data)
{
  ImtehanAttempt *attempt;
  g_autoptr(GDateTime) expected = NULL;
  g_autofree char *value = NULL;
  g_autofree char *group = g_strconcat ("Question ",
                                        imtehan_question_get_id (imtehan_quiz_get_question (fixture->quiz, 0)),
                                        NULL);
  const char *right = imtehan_question_get_answer (imtehan_quiz_get_question (fixture->quiz, 0));
  guint learner_notified = 0;
  gint64 left;

  g_signal_connect (fixture->session, "notify::learner", G_CALLBACK (count_notify_cb),
                    &learner_notified);
  imtehan_session_set_learner (fixture->session, "  Ayesha Khan\t", " 12-B ");
  g_assert_cmpstr (imtehan_session_get_learner (fixture->session), ==, "Ayesha Khan");
  g_assert_cmpstr (imtehan_session_get_roll_number (fixture->session), ==, "12-B");
  g_assert_cmpuint (learner_notified, ==, 1);
  g_object_set (fixture->session, "mode", IMTEHAN_MODE_PRACTICE, "time-limit", 600, NULL);
  g_assert_null (imtehan_session_get_deadline (fixture->session));
  g_assert_cmpint (imtehan_session_get_remaining_seconds (fixture->session), ==, -1);

  attempt = imtehan_session_start (fixture->session, "en");
  g_assert_cmpstr (imtehan_attempt_get_learner (attempt), ==, "Ayesha Khan");
  g_assert_cmpstr (imtehan_attempt_get_roll_number (attempt), ==, "12-B");
  g_assert_cmpint (imtehan_attempt_get_mode (attempt), ==, IMTEHAN_MODE_PRACTICE);
  expected = g_date_time_add_seconds (imtehan_attempt_get_started (attempt), 600);
  g_assert_true (g_date_time_equal (imtehan_session_get_deadline (fixture->session), expected));
  left = imtehan_session_get_remaining_seconds (fixture->session);
  g_assert_cmpint (left, >, 590);
  g_assert_cmpint (left, <=, 600);

  /* Checked only once answered; saved like an answer. */
  g_assert_false (imtehan_session_check (fixture->session, 0));
  g_assert_true (imtehan_attempt_choose (attempt, 0, right));
  g_assert_true (imtehan_session_check (fixture->session, 0));
  settle (fixture);
  value = read_attempt_key (fixture, attempt, group, "Checked");
  g_assert_cmpstr (value, ==, "true");
  g_clear_pointer (&value, g_free);
  value = read_attempt_key (fixture, attempt, "Attempt", "Mode");
  g_assert_cmpstr (value, ==, "practice");
  g_clear_pointer (&value, g_free);
  value = read_attempt_key (fixture, attempt, "Attempt", "RollNumber");
  g_assert_cmpstr (value, ==, "12-B");
  g_clear_pointer (&value, g_free);
  value = read_attempt_key (fixture, attempt, "Attempt", "TimeLimit");
  g_assert_cmpstr (value, ==, "600");

  /* The next attempt follows the new settings; this one keeps its own. */
  imtehan_session_set_mode (fixture->session, IMTEHAN_MODE_EXAM);
  imtehan_session_set_time_limit (fixture->session, 0);
  g_assert_cmpint (imtehan_attempt_get_mode (attempt), ==, IMTEHAN_MODE_PRACTICE);
  g_assert_nonnull (imtehan_session_get_deadline (fixture->session));

  imtehan_session_submit (fixture->session, "en");
  g_assert_cmpint (imtehan_attempt_get_finish_reason (attempt), ==,
                   IMTEHAN_FINISH_REASON_SUBMITTED);
  g_assert_null (imtehan_session_get_deadline (fixture->session));
  attempt = imtehan_session_start (fixture->session, "en");
  g_assert_cmpint (imtehan_attempt_get_mode (attempt), ==, IMTEHAN_MODE_EXAM);
  g_assert_null (imtehan_attempt_get_deadline (attempt));
  g_assert_true (imtehan_attempt_choose (attempt, 0, right));
  g_assert_false (imtehan_session_check (fixture->session, 0));
}

static void
test_learner_is_valid (void)
{
  const char * const invalid[] = { "", " ", "\t\n", "\u00a0", "\u200f", "\u200f \u3000", NULL };
  const char * const valid[] = { "Ali", " عائشہ ", "\u200fعلی", "x", NULL };

  for (guint i = 0; invalid[i] != NULL; i++)
    g_assert_false (imtehan_session_learner_is_valid (invalid[i]));
  for (guint i = 0; valid[i] != NULL; i++)
    g_assert_true (imtehan_session_learner_is_valid (valid[i]));
}

/* At the deadline the attempt is submitted with what was answered, saved, and the window is
 * told why. A one-second limit: the deadline is whole seconds after a start in whole seconds,
 * so it comes within one second. */
static void
test_time_up (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) fired = g_ptr_array_new_with_free_func (g_object_unref);
  ImtehanAttempt *attempt;
  g_autofree char *value = NULL;
  const char *right = imtehan_question_get_answer (imtehan_quiz_get_question (fixture->quiz, 1));

  g_signal_connect (fixture->session, "time-up", G_CALLBACK (time_up_cb), fired);
  imtehan_session_set_time_limit (fixture->session, 1);
  attempt = imtehan_session_start (fixture->session, "en");
  g_assert_true (imtehan_attempt_choose (attempt, 1, right));
  g_assert_true (imtehan_session_get_in_progress (fixture->session));

  IMTEHAN_TEST_WAIT_UNTIL (fired->len > 0, 5);
  g_assert_cmpuint (fired->len, ==, 1);
  g_assert_true (g_ptr_array_index (fired, 0) == attempt);
  g_assert_true (imtehan_attempt_get_finished (attempt));
  g_assert_cmpint (imtehan_attempt_get_finish_reason (attempt), ==, IMTEHAN_FINISH_REASON_TIME_UP);
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, 1);
  g_assert_false (imtehan_session_get_in_progress (fixture->session));
  g_assert_null (imtehan_session_get_deadline (fixture->session));
  g_assert_cmpint (imtehan_session_get_remaining_seconds (fixture->session), ==, -1);
  /* Not before the deadline. */
  {
    g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

    g_assert_cmpint (g_date_time_compare (now, imtehan_attempt_get_deadline (attempt)), >=, 0);
  }

  settle (fixture);
  value = read_attempt_key (fixture, attempt, "Attempt", "FinishReason");
  g_assert_cmpstr (value, ==, "time-up");
  g_clear_pointer (&value, g_free);
  value = read_attempt_key (fixture, attempt, "Attempt", "Finished");
  g_assert_cmpstr (value, ==, "true");
  g_assert_cmpuint (fired->len, ==, 1);
}

/* An unfinished timed attempt, begun @started_ago seconds ago with a limit of @limit seconds,
 * in the results folder with two answers; returns its id. */
static char *
write_timed_attempt (Fixture *fixture,
                     gint64   started_ago,
                     guint    limit)
{
  g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (fixture->quiz, 17);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr(GDateTime) started = g_date_time_add_seconds (now, -started_ago);
  g_autoptr(GDateTime) deadline = g_date_time_add_seconds (started, limit);
  g_autofree char *id = g_date_time_format (started, "%Y%m%dT%H%M%SZ-0000beef");
  g_autofree char *old_started = NULL, *new_started = NULL, *old_deadline = NULL;
  g_autofree char *new_deadline = NULL;

  g_assert_true (imtehan_attempt_set_time_limit (attempt, limit));
  for (guint q = 0; q < 2; q++)
    g_assert_true (imtehan_attempt_choose (attempt, q,
                                           imtehan_question_get_answer (imtehan_quiz_get_question (fixture->quiz, q))));
  old_started = g_date_time_format (imtehan_attempt_get_started (attempt),
                                    "\nStarted=%Y-%m-%dT%H:%M:%SZ\n");
  new_started = g_date_time_format (started, "\nStarted=%Y-%m-%dT%H:%M:%SZ\n");
  old_deadline = g_date_time_format (imtehan_attempt_get_deadline (attempt),
                                     "\nDeadline=%Y-%m-%dT%H:%M:%SZ\n");
  new_deadline = g_date_time_format (deadline, "\nDeadline=%Y-%m-%dT%H:%M:%SZ\n");
  write_attempt_as (fixture, attempt, id, old_started, new_started, old_deadline, new_deadline,
                    NULL);
  return g_steal_pointer (&id);
}

/* The power went out during a timed attempt and came back after its deadline: resuming it
 * submits what was answered, at once, as time up. */
static void
test_resume_after_deadline (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *id = write_timed_attempt (fixture, 3600, 600);
  g_autoptr(GPtrArray) fired = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *value = NULL;
  Result r = { 0 };

  g_signal_connect (fixture->session, "time-up", G_CALLBACK (time_up_cb), fired);
  settle (fixture);
  g_assert_true (imtehan_session_get_can_resume (fixture->session));
  imtehan_session_resume_async (fixture->session, "en", resume_cb, &r);
  run_until (result_done, &r);
  g_assert_no_error (r.error);
  g_assert_cmpstr (imtehan_attempt_get_id (r.attempt), ==, id);
  g_assert_cmpuint (fired->len, ==, 1);
  g_assert_true (g_ptr_array_index (fired, 0) == r.attempt);
  g_assert_true (imtehan_attempt_get_finished (r.attempt));
  g_assert_cmpint (imtehan_attempt_get_finish_reason (r.attempt), ==,
                   IMTEHAN_FINISH_REASON_TIME_UP);
  g_assert_cmpuint (imtehan_attempt_get_n_answered (r.attempt), ==, 2);
  g_assert_cmpuint (imtehan_attempt_get_score (r.attempt), ==, 2);
  g_assert_false (imtehan_session_get_in_progress (fixture->session));

  settle (fixture);
  value = read_attempt_key (fixture, r.attempt, "Attempt", "FinishReason");
  g_assert_cmpstr (value, ==, "time-up");
  g_assert_false (imtehan_session_get_can_resume (fixture->session));
  result_clear (&r);
}

/* Resumed before its deadline, an attempt keeps the saved one: the clock was neither stopped
 * nor reset by the crash. */
static void
test_resume_before_deadline (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *id = write_timed_attempt (fixture, 300, 3600);
  g_autoptr(GPtrArray) fired = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *saved_deadline = NULL;
  g_autofree char *value = NULL;
  g_autoptr(GDateTime) deadline = NULL;
  Result r = { 0 };
  gint64 left;

  g_signal_connect (fixture->session, "time-up", G_CALLBACK (time_up_cb), fired);
  imtehan_session_set_time_limit (fixture->session, 60);
  settle (fixture);
  imtehan_session_resume_async (fixture->session, "en", resume_cb, &r);
  run_until (result_done, &r);
  g_assert_no_error (r.error);
  g_assert_cmpstr (imtehan_attempt_get_id (r.attempt), ==, id);
  g_assert_false (imtehan_attempt_get_finished (r.attempt));
  g_assert_true (imtehan_session_get_in_progress (fixture->session));
  g_assert_cmpuint (fired->len, ==, 0);

  deadline = g_date_time_add_seconds (imtehan_attempt_get_started (r.attempt), 3600);
  g_assert_true (g_date_time_equal (imtehan_session_get_deadline (fixture->session), deadline));
  left = imtehan_session_get_remaining_seconds (fixture->session);
  g_assert_cmpint (left, >, 3600 - 300 - 10);
  g_assert_cmpint (left, <=, 3600 - 300);

  saved_deadline = g_date_time_format (deadline, "%Y-%m-%dT%H:%M:%SZ");
  g_assert_true (imtehan_attempt_choose (r.attempt, 2, imtehan_question_get_answer (imtehan_quiz_get_question (fixture->quiz, 2))));
  settle (fixture);
  value = read_attempt_key (fixture, r.attempt, "Attempt", "Deadline");
  g_assert_cmpstr (value, ==, saved_deadline);
  g_assert_cmpuint (fired->len, ==, 0);
  result_clear (&r);
}

/* The attempts allowed are counted by name, the same name however it is typed. */
static void
test_count_attempts (Fixture       *fixture,
                     gconstpointer  data)
{
  const char * const learners[] = { "Ayesha Khan", "  ayesha khan ", "AYESHA KHAN", "Bilal",
                                    "عائشہ" };
  ImtehanAttempt *attempt;

  for (guint i = 0; i < G_N_ELEMENTS (learners); i++)
    {
      g_autoptr(ImtehanAttempt) a = imtehan_attempt_new (fixture->quiz, 5);
      g_autofree char *id = g_strdup_printf ("2026010%uT080000Z-0000abcd", i + 1);

      imtehan_attempt_set_learner (a, learners[i]);
      if (i != 1)
        g_assert_true (imtehan_attempt_finish (a));
      write_attempt_as (fixture, a, id, NULL);
    }
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Ayesha Khan"), ==, 0);
  settle (fixture);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Ayesha Khan"), ==, 3);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "ayesha KHAN "), ==, 3);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Bilal"), ==, 1);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, " عائشہ"), ==, 1);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Ayesha"), ==, 0);

  /* The attempt just started counts before the folder is listed again, and only once after. */
  imtehan_session_set_learner (fixture->session, "Ayesha khan", NULL);
  attempt = imtehan_session_start (fixture->session, "en");
  g_assert_nonnull (attempt);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Ayesha Khan"), ==, 4);
  settle (fixture);
  g_assert_cmpuint (n_history (fixture), ==, 6);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Ayesha Khan"), ==, 4);
  g_assert_cmpuint (imtehan_session_count_attempts (fixture->session, "Bilal"), ==, 1);
}

/* The lab's attempts allowed: how many a learner has left, and whether another may start. */
static void
test_attempts_left (Fixture       *fixture,
                    gconstpointer  data)
{
  guint allowed_notified = 0;

  g_signal_connect (fixture->session, "notify::attempts-allowed", G_CALLBACK (count_notify_cb),
                    &allowed_notified);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(ImtehanAttempt) a = imtehan_attempt_new (fixture->quiz, 5);
      g_autofree char *id = g_strdup_printf ("2026010%uT080000Z-0000abcd", i + 1);

      imtehan_attempt_set_learner (a, "Ayesha Khan");
      g_assert_true (imtehan_attempt_finish (a));
      write_attempt_as (fixture, a, id, NULL);
    }
  settle (fixture);

  /* No limit: every learner may start, however many they took. */
  g_assert_cmpuint (imtehan_session_get_attempts_allowed (fixture->session), ==, 0);
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, "Ayesha Khan"), ==, G_MAXUINT);
  g_assert_true (imtehan_session_may_start (fixture->session, "Ayesha Khan"));

  imtehan_session_set_attempts_allowed (fixture->session, 3);
  imtehan_session_set_attempts_allowed (fixture->session, 3);
  g_assert_cmpuint (allowed_notified, ==, 1);
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, "ayesha khan "), ==, 1);
  g_assert_true (imtehan_session_may_start (fixture->session, "Ayesha Khan"));
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, "Bilal"), ==, 3);
  /* NULL is the session's learner, none so far. */
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, NULL), ==, 3);

  /* The third one, just started, counts at once. */
  imtehan_session_set_learner (fixture->session, "Ayesha Khan", NULL);
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, NULL), ==, 1);
  g_assert_nonnull (imtehan_session_start (fixture->session, "en"));
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, NULL), ==, 0);
  g_assert_false (imtehan_session_may_start (fixture->session, NULL));
  g_assert_false (imtehan_session_may_start (fixture->session, "AYESHA KHAN"));
  g_assert_true (imtehan_session_may_start (fixture->session, "Bilal"));
  settle (fixture);
  g_assert_false (imtehan_session_may_start (fixture->session, "Ayesha Khan"));

  /* Fewer allowed than taken: none left, not a wrapped count. */
  imtehan_session_set_attempts_allowed (fixture->session, 1);
  g_assert_cmpuint (imtehan_session_get_attempts_left (fixture->session, "Ayesha Khan"), ==, 0);
  imtehan_session_set_attempts_allowed (fixture->session, 0);
  g_assert_true (imtehan_session_may_start (fixture->session, "Ayesha Khan"));
  g_assert_cmpuint (allowed_notified, ==, 3);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/session/lab/start", Fixture, NULL, fixture_set_up, test_lab_start, fixture_tear_down);
  g_test_add_func ("/session/lab/learner-is-valid", test_learner_is_valid);
  g_test_add ("/session/lab/time-up", Fixture, NULL, fixture_set_up, test_time_up, fixture_tear_down);
  g_test_add ("/session/lab/resume-after-deadline", Fixture, NULL, fixture_set_up, test_resume_after_deadline, fixture_tear_down);
  g_test_add ("/session/lab/resume-before-deadline", Fixture, NULL, fixture_set_up, test_resume_before_deadline, fixture_tear_down);
  g_test_add ("/session/lab/count-attempts", Fixture, NULL, fixture_set_up, test_count_attempts, fixture_tear_down);
  g_test_add ("/session/lab/attempts-left", Fixture, NULL, fixture_set_up, test_attempts_left, fixture_tear_down);

  return g_test_run ();
}
