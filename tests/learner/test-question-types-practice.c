/* test-question-types-practice.c: every question type checked in practice, as a learner and
 * a screen reader meet it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Checked, an answer is locked and said right, partly right (how far) or wrong, with the
 * right answer in words, what the quiz says of the answer, and the explanation.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imtehan-ordering-row.h"
#include "imtehan-question-page.h"
#include "imtehan-quiz.h"
#include "imtehan-report-format.h"
#include "imtehan-text.h"
#include "question-types-util.h"
#include "test-ui.h"
#include "test-util.h"

/* The verdict card: an alert saying @verdict, with the right answer @right (unless it is
 * right) and the explanation. */
static void
assert_feedback (ImtehanQuestionPage *page,
                 ImtehanQuestion     *question,
                 const char          *lang,
                 const char          *verdict,
                 const char          *right)
{
  GtkWidget *feedback = imtehan_question_page_get_feedback (page);
  g_autofree char *explanation = imtehan_text_prepare (imtehan_question_get_explanation (question, lang),
                                                       lang);
  g_autofree char *label = NULL;
  gboolean has_explanation;

  g_assert_nonnull (feedback);
  g_assert_true (gtk_widget_get_mapped (feedback));
  gtk_test_accessible_assert_role (feedback, GTK_ACCESSIBLE_ROLE_ALERT);
  g_assert_true (imtehan_test_shows_label (feedback, verdict));
  /* Not every question has one: no caption for none. */
  has_explanation = *imtehan_question_get_explanation (question, lang) != '\0';
  g_assert_true (imtehan_test_shows_label (feedback, has_explanation ? explanation : _("Explanation")) ==
                 has_explanation);
  if (right == NULL)
    {
      g_assert_false (imtehan_test_shows_label (feedback, _("Right answer")));
      gtk_test_accessible_assert_property (feedback, GTK_ACCESSIBLE_PROPERTY_LABEL, verdict);
      return;
    }
  {
    g_autofree char *shown = imtehan_text_prepare (right, lang);
    g_auto(GStrv) lines = g_strsplit (right, "\n", -1);
    g_autofree char *said = g_strjoinv ("; ", lines);

    g_assert_true (imtehan_test_shows_label (feedback, _("Right answer")));
    g_assert_true (imtehan_test_shows_label (feedback, shown));
    if (g_str_equal (verdict, _("Wrong")))
      label = g_strdup_printf (_("Wrong. The right answer is: %s"), said);
    else
      label = g_strdup_printf (_("%s. The right answer is: %s"), verdict, said);
    gtk_test_accessible_assert_property (feedback, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
  }
}

/* Multiple, one of the three right ones: a third; the right ones marked, all locked. */
static void
test_multiple (ImtehanTestFixture *fixture,
               gconstpointer       data)
{
  const char *lang = data;
  g_autoptr(ImtehanQuiz) quiz = qt_load_quiz ();
  ImtehanQuestionPage *page = qt_start (fixture, quiz, IMTEHAN_MODE_PRACTICE);
  ImtehanWindow *window = fixture->window;
  guint index = qt_go_to (window, "partitions");
  ImtehanQuestion *question = qt_question_of (window, index);
  const char * const *order = qt_order_of (window, index);
  g_autofree char *third = imtehan_report_format_percent (1.0 / 3);
  g_autofree char *partly = g_strdup_printf (_("Partly right: %s"), third);
  g_autoptr(GString) right = g_string_new (NULL);

  imtehan_test_choose (window, qt_position_of (order, "s2"));
  qt_check (window);
  for (guint i = 0; order[i] != NULL; i++)
    if (!g_str_equal (order[i], "dp"))
      g_string_append_printf (right, "%s%s", right->len ? "\n" : "",
                              imtehan_question_get_choice_text (question, order[i], lang));
  assert_feedback (page, question, lang, partly, right->str);
  for (guint i = 0; order[i] != NULL; i++)
    {
      GtkWidget *part = imtehan_question_page_get_choice (page, i);

      g_assert_false (gtk_widget_is_sensitive (part));
      g_assert_true (gtk_widget_has_css_class (part, "right") == !g_str_equal (order[i], "dp"));
    }
  /* Locked: its number keys change nothing. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.choose", "u", qt_position_of (order, "s1"));
  g_assert_cmpstr (qt_answer_of (window, index), ==, "s2");
}

/* Short, wrong, checked by Enter in the entry (what was just typed, too): the first accepted
 * text, in the language shown; the entry locked, the keyboard on Next. */
static void
test_short (ImtehanTestFixture *fixture,
            gconstpointer       data)
{
  const char *lang = data;
  g_autoptr(ImtehanQuiz) quiz = qt_load_quiz ();
  ImtehanQuestionPage *page = qt_start (fixture, quiz, IMTEHAN_MODE_PRACTICE);
  ImtehanWindow *window = fixture->window;
  guint index = qt_go_to (window, "state");
  ImtehanQuestion *question = qt_question_of (window, index);
  GtkWidget *part = imtehan_question_page_get_choice (page, 0);
  GtkWidget *focus;

  gtk_widget_grab_focus (part);
  qt_type_text (part, "gradients");
  qt_type_text (part, "gradients and more");
  imtehan_test_press_keys (GTK_WIDGET (page), GDK_KEY_Return, 0);
  g_assert_cmpstr (qt_answer_of (window, index), ==, "gradients and more");
  g_assert_true (imtehan_attempt_is_checked (imtehan_window_get_attempt (window), index));
  assert_feedback (page, question, lang, _("Wrong"),
                   imtehan_question_get_accepted_text (question, "state", lang));
  g_assert_false (gtk_editable_get_editable (GTK_EDITABLE (part)));
  g_assert_true (gtk_widget_has_css_class (part, "error"));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (GTK_IS_ACTIONABLE (focus));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), ==, "win.next");
}

/* Numerical, right, by Check: "Correct", no right answer shown. */
static void
test_numerical (ImtehanTestFixture *fixture,
                gconstpointer       data)
{
  const char *lang = data;
  g_autoptr(ImtehanQuiz) quiz = qt_load_quiz ();
  ImtehanQuestionPage *page = qt_start (fixture, quiz, IMTEHAN_MODE_PRACTICE);
  ImtehanWindow *window = fixture->window;
  guint index = qt_go_to (window, "bytes");
  ImtehanQuestion *question = qt_question_of (window, index);
  GtkWidget *part = imtehan_question_page_get_choice (page, 0);

  qt_type_text (part, "16");
  qt_check (window);
  assert_feedback (page, question, lang, _("Correct"), NULL);
  g_assert_true (gtk_widget_has_css_class (part, "success"));
  g_assert_false (gtk_editable_get_editable (GTK_EDITABLE (part)));
}

/* Matching, one of three right, one wrong and one not set: how many matched, each item →
 * its answer, and each drop-down locked and said right, wrong or not answered. */
static void
test_matching (ImtehanTestFixture *fixture,
               gconstpointer       data)
{
  const char *lang = data;
  g_autoptr(ImtehanQuiz) quiz = qt_load_quiz ();
  ImtehanQuestionPage *page = qt_start (fixture, quiz, IMTEHAN_MODE_PRACTICE);
  ImtehanWindow *window = fixture->window;
  guint index = qt_go_to (window, "stages");
  ImtehanQuestion *question = qt_question_of (window, index);
  const char * const *order = qt_order_of (window, index);
  g_autofree char *matched = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "Partly right: %u of %u matched",
                                                         "Partly right: %u of %u matched", 3), 1, 3);
  g_autoptr(GString) right = g_string_new (NULL);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (imtehan_question_page_get_choice (page, 0)),
                              qt_position_of (order, "one") + 1);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (imtehan_question_page_get_choice (page, 1)),
                              qt_position_of (order, "three") + 1);
  qt_check (window);
  for (guint i = 0; i < 3; i++)
    {
      const char *item = imtehan_question_get_item_id (question, i);
      GtkWidget *part = imtehan_question_page_get_choice (page, i);

      g_string_append_printf (right, "%s", right->len ? "\n" : "");
      g_string_append_printf (right, _("%s → %s"), imtehan_question_get_item_text (question, item, lang),
                              imtehan_question_get_choice_text (question,
                                                                imtehan_question_get_item_match (question, item),
                                                                lang));
      g_assert_false (gtk_widget_is_sensitive (part));
      gtk_test_accessible_assert_property (part, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                           i == 0 ? _("Right answer")
                                           : i == 1 ? _("Your answer, wrong") : _("Not answered"));
    }
  assert_feedback (page, question, lang, matched, right->str);
}

/* Ordering as shown (never the right order): the right order, numbered; nothing moves. */
static void
test_ordering (ImtehanTestFixture *fixture,
               gconstpointer       data)
{
  const char *lang = data;
  g_autoptr(ImtehanQuiz) quiz = qt_load_quiz ();
  ImtehanQuestionPage *page = qt_start (fixture, quiz, IMTEHAN_MODE_PRACTICE);
  ImtehanWindow *window = fixture->window;
  guint index = qt_go_to (window, "memory");
  ImtehanQuestion *question = qt_question_of (window, index);
  g_autofree char *response = imtehan_question_dup_right_response (question);
  g_auto(GStrv) ids = imtehan_response_split (response);
  g_autoptr(GString) right = g_string_new (NULL);
  g_autofree char *share = NULL, *verdict = NULL;
  double fraction;

  qt_click (qt_find_button (qt_shown_view (), _("_Keep This Order")));
  qt_check (window);
  fraction = qt_fraction_of (window, index);
  share = imtehan_report_format_percent (fraction);
  verdict = fraction > 0 ? g_strdup_printf (_("Partly right: %s"), share) : g_strdup (_("Wrong"));
  g_assert_cmpfloat (fraction, <, 1);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_string_append_printf (right, "%s", right->len ? "\n" : "");
      g_string_append_printf (right, _("%u. %s"), i + 1,
                              imtehan_question_get_choice_text (question, ids[i], lang));
    }
  assert_feedback (page, question, lang, verdict, right->str);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_assert_false (gtk_widget_get_sensitive (imtehan_ordering_row_get_button (qt_row_at (page, i), -1)));
      g_assert_false (gtk_widget_get_sensitive (imtehan_ordering_row_get_button (qt_row_at (page, i), 1)));
    }
  g_assert_false (gtk_widget_get_sensitive (qt_find_button (qt_shown_view (), _("_Keep This Order"))));
}

/* What the quiz says of the choices picked and of the accepted answer typed. */
static const char feedback_quiz[] =
  "[Quiz]\nFormatVersion=2\nId=feedback\nTitle=Feedback\n"
  "[Question pick]\nType=multiple\nText=Which are even?\nChoices=two;three;four\n"
  "Choice.two=2\nChoice.three=3\nChoice.four=4\nAnswer=two;four\n"
  "Feedback.three=3 is odd.\nFeedback.three[ur]=3 طاق ہے۔\n"
  "[Question word]\nType=short\nText=The opposite of odd?\nAccept=even;equal\n"
  "Accept.even=even\nAccept.equal=*equal*\nWeight.equal=50\n"
  "Feedback.equal=Equal is not the word.\nFeedback.equal[ur]=برابر درست لفظ نہیں۔\n"
  "[Question year]\nType=numerical\nText=When was Pasteur born?\nAccept=born\n"
  "Accept.born=1820..1824\nUnit=AD\nUnit[ur]=عیسوی\n";

static void
test_answer_feedback (ImtehanTestFixture *fixture,
                      gconstpointer       data)
{
  const char *lang = data;
  g_autoptr(GBytes) bytes = g_bytes_new_static (feedback_quiz, sizeof feedback_quiz - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanQuiz) quiz = imtehan_quiz_new_from_bytes (bytes, "feedback.quiz", &error);
  ImtehanQuestionPage *page;
  ImtehanWindow *window;
  ImtehanQuestion *question;
  const char * const *order;
  g_autofree char *odd = NULL, *equal = NULL, *half = imtehan_report_format_percent (0.5);
  g_autofree char *partly = g_strdup_printf (_("Partly right: %s"), half);

  g_assert_no_error (error);
  page = qt_start (fixture, quiz, IMTEHAN_MODE_PRACTICE);
  window = fixture->window;
  question = qt_question_of (window, 0);
  order = qt_order_of (window, 0);
  odd = imtehan_text_prepare (imtehan_question_get_feedback (question, "three", lang), lang);
  imtehan_test_choose (window, qt_position_of (order, "three"));
  imtehan_test_choose (window, qt_position_of (order, "two"));
  qt_check (window);
  g_assert_true (imtehan_test_shows_label (imtehan_question_page_get_feedback (page),
                                           _("About your answer")));
  g_assert_true (imtehan_test_shows_label (imtehan_question_page_get_feedback (page), odd));

  imtehan_test_activate (window, "win.next", NULL);
  question = qt_question_of (window, 1);
  equal = imtehan_text_prepare (imtehan_question_get_feedback (question, "equal", lang), lang);
  qt_type_text (imtehan_question_page_get_choice (page, 0), "unequal");
  qt_check (window);
  g_assert_cmpfloat (qt_fraction_of (window, 1), ==, 0.5);
  /* The right answer shown is the one of full weight. */
  assert_feedback (page, question, lang, partly, "even");
  g_assert_true (imtehan_test_shows_label (imtehan_question_page_get_feedback (page), equal));

  /* A wrong number: the middle of the range accepted, and the unit in the language shown. */
  imtehan_test_activate (window, "win.next", NULL);
  question = qt_question_of (window, 2);
  qt_type_text (imtehan_question_page_get_choice (page, 0), "1900");
  qt_check (window);
  {
    g_autofree char *year = g_strdup_printf ("1822 %s", imtehan_question_get_unit (question, lang));

    assert_feedback (page, question, lang, _("Wrong"), year);
  }
  g_assert_false (imtehan_test_shows_label (imtehan_question_page_get_feedback (page),
                                            _("About your answer")));
}

int
main (int   argc,
      char *argv[])
{
  imtehan_test_ui_init (&argc, &argv, "imtehan-question-types-practice-XXXXXX");

  IMTEHAN_TEST_ADD ("/question-types-practice/multiple/en", "en", test_multiple);
  IMTEHAN_TEST_ADD ("/question-types-practice/multiple/ur", "ur", test_multiple);
  IMTEHAN_TEST_ADD ("/question-types-practice/short/en", "en", test_short);
  IMTEHAN_TEST_ADD ("/question-types-practice/short/ur", "ur", test_short);
  IMTEHAN_TEST_ADD ("/question-types-practice/numerical/en", "en", test_numerical);
  IMTEHAN_TEST_ADD ("/question-types-practice/numerical/ur", "ur", test_numerical);
  IMTEHAN_TEST_ADD ("/question-types-practice/matching/en", "en", test_matching);
  IMTEHAN_TEST_ADD ("/question-types-practice/matching/ur", "ur", test_matching);
  IMTEHAN_TEST_ADD ("/question-types-practice/ordering/en", "en", test_ordering);
  IMTEHAN_TEST_ADD ("/question-types-practice/ordering/ur", "ur", test_ordering);
  IMTEHAN_TEST_ADD ("/question-types-practice/answer-feedback/en", "en", test_answer_feedback);
  IMTEHAN_TEST_ADD ("/question-types-practice/answer-feedback/ur", "ur", test_answer_feedback);

  return imtehan_test_ui_run ();
}
