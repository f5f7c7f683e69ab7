/* test-question-page.c: answering the questions, as a user and a screen reader meet them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The choices are reached through imtehan_question_page_get_choice() and the widget tree,
 * never through how the page builds its views.
 */

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imtehan-i18n.h"
#include "imtehan-progress.h"
#include "imtehan-question-page.h"
#include "imtehan-quiz.h"
#include "imtehan-text.h"
#include "test-ui.h"
#include "test-util.h"
#include "test-util-gtk.h"

/* Finds the position at which @choice_id is shown for the current question. */
/* The widgets of @type on screen at or below @widget, in widget order. */
static void
collect_shown (GtkWidget *widget,
               GType      type,
               GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_shown (child, type, found);
}

/* The header's title: one label is shown, and this is its text. */
static const char *
header_title (ImtehanWindow *window)
{
  GtkWidget *bin = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                              IMTEHAN_TYPE_WINDOW,
                                                              "page_title_bin"));
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_shown (bin, GTK_TYPE_LABEL, labels);
  g_assert_cmpuint (labels->len, ==, 1);
  return gtk_label_get_text (g_ptr_array_index (labels, 0));
}

static void
assert_question_title (ImtehanWindow *window,
                       guint          index)
{
  g_autofree char *expected = g_strdup_printf (_("Question %u of %u"), index + 1, 8);

  g_assert_cmpstr (header_title (window), ==, expected);
}

/* The progress dot of question @index, as seen and as a screen reader is told. */
static void
assert_dot (GtkWidget *dot,
            guint      index,
            gboolean   current,
            gboolean   answered)
{
  g_autofree char *label = NULL;

  if (current && answered)
    label = g_strdup_printf (_("Question %u, current, answered"), index + 1);
  else if (current)
    label = g_strdup_printf (_("Question %u, current, not answered"), index + 1);
  else if (answered)
    label = g_strdup_printf (_("Question %u, answered"), index + 1);
  else
    label = g_strdup_printf (_("Question %u, not answered"), index + 1);
  g_assert_true (gtk_widget_has_css_class (dot, "current") == current);
  g_assert_true (gtk_widget_has_css_class (dot, "answered") == answered);
  gtk_test_accessible_assert_property (dot, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
  gtk_test_accessible_assert_state (dot, GTK_ACCESSIBLE_STATE_PRESSED,
                                    current ? GTK_ACCESSIBLE_TRISTATE_TRUE
                                            : GTK_ACCESSIBLE_TRISTATE_FALSE);
}

/* Answers right on even questions, wrong on odd ones, none on the last; reviews, submits and
 * checks what was saved, what the progress dots and the header say on the way, and that the
 * pages follow the language's direction. */
static void
test_flow (ImtehanTestFixture *fixture,
           gconstpointer       data)
{
  const char *lang = data;
  ImtehanWindow *window = fixture->window;
  GtkTextDirection dir = g_str_equal (lang, "ur") ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR;
  ImtehanAttempt *attempt;
  ImtehanQuiz *quiz;
  ImtehanQuestionPage *page;
  ImtehanProgress *progress;
  g_autoptr(GKeyFile) saved = NULL;
  guint expected_score = 0;

  imtehan_test_activate (window, "win.start", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "question");
  attempt = imtehan_window_get_attempt (window);
  g_assert_nonnull (attempt);
  quiz = imtehan_attempt_get_quiz (attempt);
  g_assert_cmpuint (imtehan_attempt_get_n_questions (attempt), ==, 8);
  g_assert_cmpstr (imtehan_attempt_get_language (attempt), ==, lang);

  page = IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (window));
  progress = IMTEHAN_PROGRESS (imtehan_question_page_get_progress (page));
  imtehan_test_assert_direction (GTK_WIDGET (window), dir);

  for (guint i = 0; i < 8; i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);
      const char *correct = imtehan_question_get_answer (question);
      GtkWidget *dot = imtehan_progress_get_button (progress, i);
      GtkWidget *chosen;

      g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, i);
      assert_question_title (window, i);
      assert_dot (dot, i, TRUE, FALSE);

      if (i < 7)
        {
          guint position = imtehan_test_position_of (attempt, correct);

          if (i % 2 == 1)
            position = (position + 1) % 4;
          else
            expected_score++;
          imtehan_test_choose (window, position);
          assert_dot (dot, i, TRUE, TRUE);
          chosen = imtehan_question_page_get_choice (page, position);
          g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (chosen)));
        }
      imtehan_test_activate (window, "win.next", NULL);
      /* Next on the last question opens the review and leaves it current. */
      assert_dot (dot, i, i == 7, i < 7);
    }

  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "review");
  g_assert_cmpstr (header_title (window), ==, _("Review"));
  imtehan_test_assert_direction (GTK_WIDGET (window), dir);
  saved = imtehan_test_wait_for_saved (attempt, FALSE);
  g_assert_cmpint (g_key_file_get_integer (saved, "Attempt", "Answered", NULL), ==, 7);

  /* Back to question 2 from the review, change nothing, come back. */
  imtehan_test_activate (window, "win.go-to", g_variant_new_uint32 (1));
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "question");
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 1);
  assert_question_title (window, 1);
  imtehan_test_activate (window, "win.review", NULL);

  imtehan_test_activate (window, "win.submit", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "results");
  g_assert_cmpstr (header_title (window), ==, _("Results"));
  g_assert_true (imtehan_attempt_get_finished (attempt));
  g_assert_cmpuint (imtehan_attempt_get_score (attempt), ==, expected_score);
  imtehan_test_assert_direction (GTK_WIDGET (window), dir);

  g_clear_pointer (&saved, g_key_file_unref);
  saved = imtehan_test_wait_for_saved (attempt, TRUE);
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
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.submit", NULL) &&
                  !imtehan_attempt_get_finished (attempt));

  imtehan_test_activate (window, "win.home", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "start");
  g_assert_cmpstr (header_title (window), ==, _("Imtehan"));

  /* Nor does it jump; the dots' action stays enabled meanwhile, so that the next attempt's
   * open does not restyle them (win.go-to in imtehan_window_class_init()). */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-to", "u", 3);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "start");
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 1);
  for (guint i = 0; i < 8; i++)
    g_assert_true (gtk_widget_get_sensitive (imtehan_progress_get_button (progress, i)));
}

static guint
count_choices (GtkWidget *widget)
{
  guint n = GTK_IS_CHECK_BUTTON (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_choices (child);
  return n;
}

/* The choices on screen are the four of the question shown, in the order shown: the widget
 * order is the order keyboard focus moves in. */
static void
assert_choices_shown (ImtehanQuestionPage *page)
{
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();

  collect_shown (GTK_WIDGET (page), GTK_TYPE_CHECK_BUTTON, shown);
  g_assert_cmpuint (shown->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_true (g_ptr_array_index (shown, i) == imtehan_question_page_get_choice (page, i));
}

/* Each choice is a radio button named by its text; only the question shown is on screen,
 * and so given to assistive technologies, also once the page has built the next one ahead. */
static void
test_choices_accessible (ImtehanTestFixture *fixture,
                         gconstpointer       data)
{
  const char *lang = data;
  ImtehanAttempt *attempt;
  ImtehanQuestionPage *page;
  ImtehanQuestion *question;
  const char * const *order;

  imtehan_test_activate (fixture->window, "win.start", NULL);
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

  /* A question built ahead, if the page builds one, is off screen: waited for (or not, after
   * a while) so that it is among the choices counted. */
  IMTEHAN_TEST_WAIT_UNTIL (count_choices (GTK_WIDGET (page)) > 4, 3);
  assert_choices_shown (page);
  imtehan_test_activate (fixture->window, "win.next", NULL);
  assert_choices_shown (page);
}

/* A later attempt shows question 1's choices in its own order: each position has its own
 * text, and its letter, accessible name, focus order and win.choose follow. */
static void
test_later_attempt_order (ImtehanTestFixture *fixture,
                          gconstpointer       data)
{
  const char *lang = data;
  ImtehanWindow *window = fixture->window;
  g_auto(GStrv) first_order = NULL;
  ImtehanQuestionPage *page;
  ImtehanQuestion *question;
  ImtehanAttempt *attempt;
  const char * const *order;
  GtkWidget *choice;
  guint tries = 0;

  imtehan_test_activate (window, "win.start", NULL);
  attempt = imtehan_window_get_attempt (window);
  question = imtehan_quiz_get_question (imtehan_attempt_get_quiz (attempt), 0);
  /* Copied: the attempt goes when the next one starts. */
  first_order = g_strdupv ((char **)imtehan_attempt_get_choice_order (attempt, 0));

  /* Until an attempt shows the choices in another order (1 in 24 keeps it). */
  do
    {
      imtehan_test_activate (window, "win.home", NULL);
      imtehan_test_activate (window, "win.start", NULL);
      attempt = imtehan_window_get_attempt (window);
      order = imtehan_attempt_get_choice_order (attempt, 0);
    }
  while (g_strv_equal ((const char **)order, (const char **)first_order) && ++tries < 20);
  g_assert_false (g_strv_equal ((const char **)order, (const char **)first_order));
  page = IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (window));

  for (guint i = 0; i < 4; i++)
    {
      const char *text = imtehan_question_get_choice_text (question, order[i], lang);
      g_autofree char *prepared = imtehan_text_prepare (text, lang);
      g_autofree char *letter = imtehan_i18n_choice_letter (i, lang);
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();

      /* Its letter, then its text. */
      choice = imtehan_question_page_get_choice (page, i);
      collect_shown (choice, GTK_TYPE_LABEL, labels);
      g_assert_cmpuint (labels->len, ==, 2);
      g_assert_cmpstr (gtk_label_get_text (g_ptr_array_index (labels, 0)), ==, letter);
      g_assert_cmpstr (gtk_label_get_text (g_ptr_array_index (labels, 1)), ==, prepared);
      gtk_test_accessible_assert_property (choice, GTK_ACCESSIBLE_PROPERTY_LABEL, text);
    }
  assert_choices_shown (page);

  /* And choosing by position picks the choice shown there. */
  imtehan_test_choose (window, 2);
  g_assert_cmpstr (imtehan_attempt_get_answer (attempt, 0), ==, order[2]);
  choice = imtehan_question_page_get_choice (page, 2);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (choice)));
}

static void
test_arrows_mirrored (ImtehanTestFixture *fixture,
                      gconstpointer       data)
{
  gboolean rtl = g_str_equal (data, "ur");
  ImtehanAttempt *attempt;
  GtkWidget *page;

  imtehan_test_activate (fixture->window, "win.start", NULL);
  attempt = imtehan_window_get_attempt (fixture->window);
  page = imtehan_window_get_page (fixture->window);

  /* In Urdu the questions run right to left, and so does the Left key: it goes on. */
  imtehan_test_press_keys (page, GDK_KEY_Left, 0);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, rtl ? 1 : 0);
  imtehan_test_press_keys (page, GDK_KEY_Right, 0);
  imtehan_test_press_keys (page, GDK_KEY_Right, 0);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, rtl ? 0 : 2);

  /* Enter on a chosen answer goes on to the next question. */
  imtehan_test_choose (fixture->window, 3);
  imtehan_test_press_keys (page, GDK_KEY_Return, 0);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, rtl ? 1 : 3);
}

/* Moving to a question, also one shown before, shows it from its top, although the focus
 * goes to its first answer, which in a short window lies below (GtkViewport scrolls to the
 * focus, with the place the answer had when the question was last shown). */
static void
test_starts_at_top (ImtehanTestFixture *fixture,
                    gconstpointer       data)
{
  GtkScrolledWindow *scroller;
  GtkAdjustment *adjustment;

  imtehan_test_start_in_short_window (fixture->window, 320);
  scroller = imtehan_test_find_scrolled_window (imtehan_window_get_page (fixture->window));
  g_assert_nonnull (scroller);
  adjustment = gtk_scrolled_window_get_vadjustment (scroller);

  for (guint i = 0; i < 3; i++)
    {
      imtehan_test_activate (fixture->window, "win.next", NULL);
      /* Long enough for a scroll to the focus to animate away from the top. */
      imtehan_test_run_for (300);
      g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
      g_assert_true (gtk_widget_has_focus (imtehan_question_page_get_choice (
        IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (fixture->window)), 0)));
      imtehan_test_activate (fixture->window, "win.previous", NULL);
      imtehan_test_run_for (300);
      g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
    }
}

/* A teacher's quiz: 60 questions of 2 to 10 answers, some only in English, some only in Urdu. */
static ImtehanQuiz *
long_quiz (void)
{
  g_autoptr(GString) text = g_string_new ("[Quiz]\nFormatVersion=1\nId=long\nTitle=Long\n");
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  ImtehanQuiz *quiz;

  for (guint i = 0; i < 60; i++)
    {
      guint n_choices = 2 + i % 9;

      g_string_append_printf (text, "[Question q%u]\n", i);
      if (i % 2 == 0)
        g_string_append_printf (text, "Text[ur]=سوال %u\n", i);
      else
        g_string_append_printf (text, "Text=Question %u\n", i);
      g_string_append (text, "Choices=");
      for (guint c = 0; c < n_choices; c++)
        g_string_append_printf (text, "%sc%u", c ? ";" : "", c);
      g_string_append (text, "\n");
      for (guint c = 0; c < n_choices; c++)
        g_string_append_printf (text, "Choice.c%u=Answer %u of question %u\n", c, c, i);
      g_string_append (text, "Answer=c0\n");
    }
  bytes = g_bytes_new (text->str, text->len);
  quiz = imtehan_quiz_new_from_bytes (bytes, "long.quiz", &error);
  g_assert_no_error (error);
  return quiz;
}

/* Whether @dot lies wholly inside the progress indicator's visible part. */
static gboolean
dot_in_view (ImtehanProgress *progress,
             GtkWidget       *dot)
{
  graphene_rect_t bounds;

  if (!gtk_widget_compute_bounds (dot, GTK_WIDGET (progress), &bounds))
    return FALSE;
  return bounds.origin.x >= 0 &&
         bounds.origin.x + bounds.size.width <= gtk_widget_get_width (GTK_WIDGET (progress));
}

/* A long quiz in a phone-wide window: the dots scroll to keep the current question in view, the
 * number keys reach the tenth answer, Urdu letters run far enough, a text missing in the
 * language shown falls back to the other, and the results count every question. */
static void
test_long_quiz (ImtehanTestFixture *fixture,
                gconstpointer       data)
{
  const char *lang = data;
  g_autoptr(ImtehanQuiz) quiz = long_quiz ();
  ImtehanWindow *window;
  ImtehanAttempt *attempt;
  ImtehanQuestionPage *page;
  ImtehanProgress *progress;
  static const guint jumps[] = { 0, 59, 8, 30, 1 };
  g_autoptr(GKeyFile) saved = NULL;

  imtehan_test_destroy_window (&fixture->window);
  window = fixture->window = imtehan_window_new_for_quiz (GTK_APPLICATION (imtehan_test_app), imtehan_test_context (), quiz);
  gtk_window_present (GTK_WINDOW (window));
  imtehan_test_spin ();
  imtehan_test_start_in_short_window (window, 640);
  attempt = imtehan_window_get_attempt (window);
  g_assert_true (imtehan_attempt_get_quiz (attempt) == quiz);
  page = IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (window));
  progress = IMTEHAN_PROGRESS (imtehan_question_page_get_progress (page));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 400);

  for (guint j = 0; j < G_N_ELEMENTS (jumps); j++)
    {
      guint i = jumps[j];
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);
      guint n_choices = imtehan_question_get_n_choices (question);
      const char *order_last = imtehan_attempt_get_choice_order (attempt, i)[n_choices - 1];
      g_autofree char *expected_text = NULL;
      g_autofree char *last_letter = imtehan_i18n_choice_letter (n_choices - 1, lang);
      GtkWidget *last, *dot;

      imtehan_test_activate (window, "win.go-to", g_variant_new_uint32 (i));
      g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, i);
      dot = imtehan_progress_get_button (progress, i);
      IMTEHAN_TEST_WAIT_UNTIL (dot_in_view (progress, dot), 5);
      g_assert_true (dot_in_view (progress, dot));

      /* The text in the language shown, or else in the other. */
      expected_text = i % 2 == 0 ? g_strdup_printf ("سوال %u", i)
                                 : g_strdup_printf ("Question %u", i);
      g_assert_cmpstr (imtehan_question_get_text (question, lang), ==, expected_text);

      /* The last answer: its letter, and its key (0 is the tenth). */
      last = imtehan_question_page_get_choice (page, n_choices - 1);
      g_assert_cmpstr (last_letter, !=, "");
      gtk_test_accessible_assert_property (last, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           imtehan_question_get_choice_text (question, order_last,
                                                                             lang));
      imtehan_test_choose (window, n_choices - 1);
      g_assert_cmpstr (imtehan_attempt_get_answer (attempt, i), ==, order_last);
      g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (last)));
    }
  if (g_str_equal (lang, "ur"))
    {
      g_autofree char *tenth = imtehan_i18n_choice_letter (9, lang);

      g_assert_cmpstr (tenth, ==, "ی");
    }

  imtehan_test_activate (window, "win.review", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "review");
  imtehan_test_activate (window, "win.submit", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "results");
  saved = imtehan_test_wait_for_saved (attempt, TRUE);
  g_assert_cmpint (g_key_file_get_integer (saved, "Attempt", "Total", NULL), ==, 60);
  g_assert_cmpint (g_key_file_get_integer (saved, "Attempt", "Answered", NULL), ==,
                   G_N_ELEMENTS (jumps));
}

/* A code block of quiz text: its lines keep their spaces and are set in a monospace font,
 * left to right, in an Urdu label as in an English one. */
static void
test_code_block (ImtehanTestFixture *fixture,
                 gconstpointer       data)
{
  const char *lang = data;
  GtkWidget *label = g_object_ref_sink (gtk_label_new (NULL));
  const char *line = "    return x / 2";
  g_autofree char *text = g_strdup_printf ("Read:\n```\ndef half(x):\n%s\n```", line);
  const char *shown;
  const char *at;
  PangoAttrIterator *iter;
  gboolean mono = FALSE;

  imtehan_label_set_content (GTK_LABEL (label), text, lang);
  shown = gtk_label_get_text (GTK_LABEL (label));
  at = strstr (shown, line);
  g_assert_nonnull (at);
  /* Each code line starts with LRM, so it reads left to right in an Urdu paragraph too. */
  g_assert_true (at - shown >= 3 && memcmp (at - 3, "\u200e", 3) == 0);
  g_assert_null (strstr (shown, "```"));

  iter = pango_attr_list_get_iterator (gtk_label_get_attributes (GTK_LABEL (label)));
  do
    {
      int start, end;
      PangoAttrString *family = (PangoAttrString *)pango_attr_iterator_get (iter,
                                                                            PANGO_ATTR_FAMILY);

      pango_attr_iterator_range (iter, &start, &end);
      if (family != NULL && g_str_equal (family->value, "Monospace"))
        {
          g_assert_cmpint (start, <=, at - shown);
          mono = mono || end >= (int)(at - shown + strlen (line));
        }
      if (start <= 0 && end > 0)
        g_assert_true (family == NULL);  /* the prose is not */
    }
  while (pango_attr_iterator_next (iter));
  pango_attr_iterator_destroy (iter);
  g_assert_true (mono);
  g_object_unref (label);
}

int
main (int   argc,
      char *argv[])
{
  imtehan_test_ui_init (&argc, &argv, "imtehan-question-XXXXXX");

  IMTEHAN_TEST_ADD ("/question-page/flow/en", "en", test_flow);
  IMTEHAN_TEST_ADD ("/question-page/code-block/en", "en", test_code_block);
  IMTEHAN_TEST_ADD ("/question-page/code-block/ur", "ur", test_code_block);
  IMTEHAN_TEST_ADD ("/question-page/flow/ur", "ur", test_flow);
  IMTEHAN_TEST_ADD ("/question-page/choices-accessible/en", "en", test_choices_accessible);
  IMTEHAN_TEST_ADD ("/question-page/choices-accessible/ur", "ur", test_choices_accessible);
  IMTEHAN_TEST_ADD ("/question-page/later-attempt-order/en", "en", test_later_attempt_order);
  IMTEHAN_TEST_ADD ("/question-page/later-attempt-order/ur", "ur", test_later_attempt_order);
  IMTEHAN_TEST_ADD ("/question-page/arrows/en", "en", test_arrows_mirrored);
  IMTEHAN_TEST_ADD ("/question-page/arrows/ur", "ur", test_arrows_mirrored);
  IMTEHAN_TEST_ADD ("/question-page/starts-at-top", "ur", test_starts_at_top);
  IMTEHAN_TEST_ADD ("/question-page/long-quiz/en", "en", test_long_quiz);
  IMTEHAN_TEST_ADD ("/question-page/long-quiz/ur", "ur", test_long_quiz);

  return imtehan_test_ui_run ();
}
