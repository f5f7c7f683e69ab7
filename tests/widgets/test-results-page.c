/* test-results-page.c: the review and the results of every question type, partial credit
 * included, in English and Urdu
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/question-types.quiz answered by code, one answer of each kind: what the pages
 * say of each part must be what imtehan_question_grade() counted, worked out here by hand.
 */

#include <adwaita.h>
#include <string.h>

#include "imtehan-i18n.h"
#include "imtehan-quiz.h"
#include "imtehan-resources.h"
#include "imtehan-response-view.h"
#include "imtehan-results-page.h"
#include "imtehan-review-page.h"
#include "test-util.h"

#define TYPES_QUIZ TEST_DATA_DIR "/question-types.quiz"

/* The quiz's questions, in its order. */
enum { MULTIPLE, SHORT, NUMERICAL, MATCHING, ORDERING, SINGLE, N_QUESTIONS };

/* Each kind once, with feedback on a choice and on an accepted answer. */
static const char feedback_quiz[] =
  "[Quiz]\nFormatVersion=2\nId=feedback\nTitle=Feedback\n\n"
  "[Question pick]\nType=multiple\nText=Pick the stages\nChoices=s1;s2;dp\n"
  "Choice.s1=Stage 1\nChoice.s2=Stage 2\nChoice.dp=Data parallelism\nAnswer=s1;s2\n"
  "Feedback.dp=Plain data parallelism partitions nothing.\n"
  "Feedback.dp[ur]=سادہ ڈیٹا پیرالیلزم کچھ تقسیم نہیں کرتا۔\n\n"
  "[Question word]\nType=short\nText=Which state?\nAccept=full;half\n"
  "Accept.full=optimizer state\nAccept.half=*state*\nWeight.half=50\n"
  "Feedback.half=Which state? The optimizer's.\n\n"
  "[Question one]\nText=One right\nChoices=a;b\nChoice.a=A\nChoice.b=B\nAnswer=a\n"
  "Feedback.b=Not B.\n";

static ImtehanQuiz *
load_types (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (TYPES_QUIZ);
  g_autoptr(GError) error = NULL;
  ImtehanQuiz *quiz = imtehan_quiz_new_from_file (file, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (imtehan_question_get_id (imtehan_quiz_get_question (quiz, ORDERING)), ==,
                   "memory");
  return quiz;
}

/* Marks by hand: 2/3 (two of the three right stages, no wrong one) + 1 (the short answer,
 * in other case) + 0 (12, not 16) + 1/3 (one item of three) + 1/3 (of dp s1 s3 s2, only
 * "dp then s1" is a pair of the right order) + 1 = 10/3 of 6. */
static ImtehanAttempt *
answered (ImtehanQuiz *quiz,
          gboolean     finished)
{
  ImtehanAttempt *attempt = imtehan_attempt_new (quiz, 11);

  imtehan_attempt_set_language (attempt, "en");
  g_assert_true (imtehan_attempt_respond (attempt, MULTIPLE, "s2;s1"));
  g_assert_true (imtehan_attempt_respond (attempt, SHORT, "Optimizer State"));
  g_assert_true (imtehan_attempt_respond (attempt, NUMERICAL, "12"));
  g_assert_true (imtehan_attempt_respond (attempt, MATCHING, "one:one;two:three;three:two"));
  g_assert_true (imtehan_attempt_respond (attempt, ORDERING, "dp;s1;s3;s2"));
  g_assert_true (imtehan_attempt_respond (attempt, SINGLE, "three"));
  if (finished)
    g_assert_true (imtehan_attempt_finish (attempt));
  return attempt;
}

/* A label's text without the bidi marks the pages add around quiz text. */
static char *
plain (const char *text)
{
  GString *s = g_string_new (text);

  for (const char *mark = "\u200e\u200f\u2066\u2067\u2068\u2069"; *mark;
       mark = g_utf8_next_char (mark))
    {
      char buffer[8] = { 0, };

      g_unichar_to_utf8 (g_utf8_get_char (mark), buffer);
      g_string_replace (s, buffer, "", 0);
    }
  return g_string_free (s, FALSE);
}

static void
collect_labels (GtkWidget *widget,
                GPtrArray *found)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, found);
}

static void
collect_class (GtkWidget  *widget,
               const char *css_class,
               GPtrArray  *found)
{
  if (gtk_widget_has_css_class (widget, css_class))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    collect_class (child, css_class, found);
}

/* The texts of @widget's labels in order, joined by " | ". */
static char *
texts_of (GtkWidget *widget)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GString) joined = g_string_new (NULL);

  collect_labels (widget, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      g_autofree char *text = NULL;

      text = plain (gtk_label_get_text (g_ptr_array_index (labels, i)));
      if (*text == '\0')
        continue;
      if (joined->len > 0)
        g_string_append (joined, " | ");
      g_string_append (joined, text);
    }
  return g_string_free (g_steal_pointer (&joined), FALSE);
}

static void
assert_has_text (GtkWidget  *widget,
                 const char *expected)
{
  g_autofree char *texts = texts_of (widget);

  if (strstr (texts, expected) == NULL)
    g_error ("“%s” not shown in: %s", expected, texts);
}

static void
assert_lacks_text (GtkWidget  *widget,
                   const char *unexpected)
{
  g_autofree char *texts = texts_of (widget);

  if (strstr (texts, unexpected) != NULL)
    g_error ("“%s” shown in: %s", unexpected, texts);
}

/* The parts of a card, each as "<state>: <its texts>", state one of right, wrong, missed,
 * none. */
static GPtrArray *
parts_of (GtkWidget *card)
{
  static const char * const states[] = { "right", "wrong", "missed", "none" };
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GPtrArray *parts = g_ptr_array_new_with_free_func (g_free);

  collect_class (card, "response-part", rows);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);
      g_autofree char *texts = texts_of (row);
      const char *state = NULL;

      for (guint s = 0; s < G_N_ELEMENTS (states); s++)
        {
          g_autofree char *css = g_strconcat ("part-", states[s], NULL);

          if (gtk_widget_has_css_class (row, css))
            state = states[s];
        }
      g_assert_nonnull (state);
      g_ptr_array_add (parts, g_strdup_printf ("%s: %s", state, texts));
    }
  return parts;
}

static void
assert_parts (GtkWidget          *card,
              const char * const *expected)
{
  g_autoptr(GPtrArray) parts = parts_of (card);

  for (guint i = 0; i < parts->len || expected[i] != NULL; i++)
    {
      if (i >= parts->len || expected[i] == NULL)
        g_error ("part %u: expected “%s”, shown “%s”", i, expected[i] ? expected[i] : "(none)",
                 i < parts->len ? (char *)g_ptr_array_index (parts, i) : "(none)");
      g_assert_cmpstr (g_ptr_array_index (parts, i), ==, expected[i]);
    }
}

static const char *
heading_of (GtkWidget *card)
{
  g_autoptr(GPtrArray) headings = g_ptr_array_new ();

  collect_class (card, "heading", headings);
  g_assert_cmpuint (headings->len, >, 0);
  return gtk_label_get_text (g_ptr_array_index (headings, 0));
}

static GPtrArray *
results_cards (GtkWidget *page)
{
  GPtrArray *cards = g_ptr_array_new ();

  collect_class (page, "result-card", cards);
  return cards;
}

static GtkWidget *
new_results (ImtehanAttempt *attempt)
{
  GtkWidget *page = g_object_ref_sink (g_object_new (IMTEHAN_TYPE_RESULTS_PAGE, NULL));

  imtehan_results_page_set_attempt (IMTEHAN_RESULTS_PAGE (page), attempt);
  return page;
}

/* Every kind says each part right or wrong, the right answer, and its mark of 1. */
static void
test_results_english (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_types ();
  g_autoptr(ImtehanAttempt) attempt = answered (quiz, TRUE);
  g_autoptr(GtkWidget) page = new_results (attempt);
  g_autoptr(GPtrArray) cards = results_cards (page);
  g_autoptr(GPtrArray) scores = g_ptr_array_new ();
  gboolean score_found = FALSE;
  const char * const multiple[] = {
    "right: Stage 1 | You chose it: right", "right: Stage 2 | You chose it: right",
    "missed: Stage 3 | Right, but not chosen", "none: Plain data parallelism | Not chosen",
    NULL };
  const char * const matching[] = {
    "right: Stage 1 | the optimizer state",
    "wrong: Stage 2 | the parameters | Correct answer: the gradients",
    "wrong: Stage 3 | the gradients | Correct answer: the parameters", NULL };
  const char * const ordering[] = {
    "right: 1. Data parallelism: 120 GB", "wrong: 2. Stage 1: 31.4 GB",
    "wrong: 3. Stage 3: 1.9 GB", "none: 4. Stage 2: 16.6 GB",
    /* The correct order, without verdicts. */
    "none: 1. Data parallelism: 120 GB", "none: 2. Stage 1: 31.4 GB",
    "none: 3. Stage 2: 16.6 GB", "none: 4. Stage 3: 1.9 GB", NULL };
  const char * const no_parts[] = { NULL };

  imtehan_i18n_set_language ("en");
  g_assert_cmpuint (cards->len, ==, N_QUESTIONS);

  g_assert_cmpstr (heading_of (cards->pdata[MULTIPLE]), ==,
                   "Question 1 · Partly correct · 0.67 of 1");
  g_assert_true (gtk_widget_has_css_class (cards->pdata[MULTIPLE], "partly"));
  /* In the order the learner saw them. */
  {
    g_autoptr(GPtrArray) parts = parts_of (cards->pdata[MULTIPLE]);
    const char * const *order = imtehan_attempt_get_choice_order (attempt, MULTIPLE);
    ImtehanQuestion *question = imtehan_quiz_get_question (quiz, MULTIPLE);

    for (guint i = 0; i < parts->len; i++)
      g_assert_nonnull (strstr (parts->pdata[i],
                                imtehan_question_get_choice_text (question, order[i], "en")));
    for (guint i = 0; multiple[i] != NULL; i++)
      g_assert_true (g_ptr_array_find_with_equal_func (parts, multiple[i], g_str_equal, NULL));
    g_assert_cmpuint (parts->len, ==, 4);
  }

  g_assert_cmpstr (heading_of (cards->pdata[SHORT]), ==, "Question 2 · Correct · 1 of 1");
  g_assert_true (gtk_widget_has_css_class (cards->pdata[SHORT], "correct"));
  assert_has_text (cards->pdata[SHORT], "Your answer | Optimizer State | Accepted as | optimizer state");
  assert_lacks_text (cards->pdata[SHORT], "Correct answer");

  g_assert_cmpstr (heading_of (cards->pdata[NUMERICAL]), ==, "Question 3 · Wrong · 0 of 1");
  g_assert_true (gtk_widget_has_css_class (cards->pdata[NUMERICAL], "wrong"));
  assert_has_text (cards->pdata[NUMERICAL], "Your answer | 12 | Correct answer | 16 bytes");
  assert_lacks_text (cards->pdata[NUMERICAL], "Accepted as");
  /* The picture of the question, named for a screen reader. */
  {
    g_autoptr(GPtrArray) pictures = g_ptr_array_new ();

    collect_class (cards->pdata[NUMERICAL], "quiz-picture", pictures);
    g_assert_cmpuint (pictures->len, ==, 1);
    g_assert_true (g_str_has_prefix (gtk_picture_get_alternative_text (pictures->pdata[0]),
                                     "Bars of memory per GPU"));
  }

  g_assert_cmpstr (heading_of (cards->pdata[MATCHING]), ==,
                   "Question 4 · Partly correct · 0.33 of 1");
  assert_parts (cards->pdata[MATCHING], matching);

  g_assert_cmpstr (heading_of (cards->pdata[ORDERING]), ==,
                   "Question 5 · Partly correct · 0.33 of 1");
  assert_parts (cards->pdata[ORDERING], ordering);
  assert_has_text (cards->pdata[ORDERING], "Your order");
  assert_has_text (cards->pdata[ORDERING], "Correct order");

  /* One right choice: as before, no mark and no parts. */
  g_assert_cmpstr (heading_of (cards->pdata[SINGLE]), ==, "Question 6 · Correct");
  assert_has_text (cards->pdata[SINGLE], "Your answer | 3Ψ");
  assert_lacks_text (cards->pdata[SINGLE], "of 1");
  assert_parts (cards->pdata[SINGLE], no_parts);

  collect_class (page, "score", scores);
  for (guint i = 0; i < scores->len; i++)
    if (GTK_IS_LABEL (scores->pdata[i]) &&
        g_str_equal (gtk_label_get_text (scores->pdata[i]), "3.33 of 6 · 56%"))
      score_found = TRUE;
  g_assert_true (score_found);
}

/* In Urdu the words are Urdu, the numbers and the marks the same. */
static void
test_results_urdu (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_types ();
  g_autoptr(ImtehanAttempt) attempt = answered (quiz, TRUE);
  g_autoptr(GtkWidget) page = NULL;
  g_autoptr(GPtrArray) cards = NULL;
  g_autofree char *heading = NULL;

  imtehan_i18n_set_language ("ur");
  page = new_results (attempt);
  cards = results_cards (page);
  g_assert_cmpuint (cards->len, ==, N_QUESTIONS);

  heading = plain (heading_of (cards->pdata[MULTIPLE]));
  g_assert_cmpstr (heading, ==, "سوال 1 · جزوی طور پر درست · 1 میں سے 0.67");
  assert_has_text (cards->pdata[MULTIPLE], "مرحلہ 3 | درست، مگر منتخب نہیں کیا");
  assert_has_text (cards->pdata[MATCHING], "درست جواب: گریڈیئنٹس");
  assert_has_text (cards->pdata[ORDERING], "1۔ ڈیٹا پیرالیلزم: 120 GB");
  assert_has_text (cards->pdata[NUMERICAL], "درست جواب | 16 بائٹ");
  {
    g_autofree char *single = plain (heading_of (cards->pdata[SINGLE]));

    g_assert_cmpstr (single, ==, "سوال 6 · درست");
  }
  imtehan_i18n_set_language ("en");
}

/* The feedback of the choices chosen and of the accepted answer matched, under them; a
 * choice not chosen shows none. */
static void
test_results_feedback (void)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (feedback_quiz, sizeof feedback_quiz - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanQuiz) quiz = imtehan_quiz_new_from_bytes (bytes, "feedback.quiz", &error);
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(GtkWidget) page = NULL;
  g_autoptr(GPtrArray) cards = NULL;

  g_assert_no_error (error);
  imtehan_i18n_set_language ("en");
  attempt = imtehan_attempt_new (quiz, 3);
  g_assert_true (imtehan_attempt_respond (attempt, 0, "s1;dp"));
  g_assert_true (imtehan_attempt_respond (attempt, 1, "the state"));
  g_assert_true (imtehan_attempt_respond (attempt, 2, "b"));
  g_assert_true (imtehan_attempt_finish (attempt));
  page = new_results (attempt);
  cards = results_cards (page);

  /* s1 +1/2, dp −1/2: nothing. */
  g_assert_cmpstr (heading_of (cards->pdata[0]), ==, "Question 1 · Wrong · 0 of 1");
  assert_has_text (cards->pdata[0], "Data parallelism | You chose it: wrong | "
                                    "Plain data parallelism partitions nothing.");
  g_assert_cmpstr (heading_of (cards->pdata[1]), ==, "Question 2 · Partly correct · 0.5 of 1");
  assert_has_text (cards->pdata[1], "Accepted as | state | Which state? The optimizer's. | "
                                    "Correct answer | optimizer state");
  assert_has_text (cards->pdata[2], "Your answer | B | Feedback | Not B. | Correct answer | A");
}

/* Before submitting, the review lists each answer in words and says nothing of right and
 * wrong. */
static void
test_review (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_types ();
  g_autoptr(ImtehanAttempt) attempt = answered (quiz, FALSE);
  GtkWidget *page = g_object_ref_sink (g_object_new (IMTEHAN_TYPE_REVIEW_PAGE, NULL));
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  imtehan_i18n_set_language ("en");
  imtehan_review_page_set_attempt (IMTEHAN_REVIEW_PAGE (page), attempt);
  collect_class (page, "review-row", rows);
  g_assert_cmpuint (rows->len, ==, N_QUESTIONS);

  /* Ticked as s2 then s1: listed in the quiz's order. */
  assert_has_text (rows->pdata[MULTIPLE], "Stage 1\nStage 2");
  assert_lacks_text (rows->pdata[MULTIPLE], "Stage 3");
  assert_has_text (rows->pdata[SHORT], "Optimizer State");
  assert_has_text (rows->pdata[MATCHING], "Stage 1: the optimizer state\n"
                                          "Stage 2: the parameters\nStage 3: the gradients");
  assert_has_text (rows->pdata[ORDERING], "1. Data parallelism: 120 GB\n2. Stage 1: 31.4 GB\n"
                                          "3. Stage 3: 1.9 GB\n4. Stage 2: 16.6 GB");
  assert_has_text (rows->pdata[SINGLE], "3Ψ");
  for (guint i = 0; i < rows->len; i++)
    {
      assert_lacks_text (rows->pdata[i], "Correct");
      assert_lacks_text (rows->pdata[i], "Wrong");
    }

  /* A screen reader hears the parts one after another. */
  {
    GtkWidget *row = gtk_widget_get_parent (rows->pdata[MULTIPLE]);
    g_autofree char *expected =
      g_strdup_printf ("Question 1: %s. Your answer: Stage 1; Stage 2",
                       imtehan_question_get_text (imtehan_quiz_get_question (quiz, MULTIPLE),
                                                  "en"));

    g_assert_true (GTK_IS_LIST_BOX_ROW (row));
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                         expected);
  }
  g_object_unref (page);
}

/* The three words and their icons differ for each verdict; full marks only are right. */
static void
test_verdicts (void)
{
  static const struct { const char *response; double fraction; ImtehanVerdict verdict; } cases[] = {
    { NULL, 0, IMTEHAN_VERDICT_UNANSWERED },
    { "x", 0, IMTEHAN_VERDICT_WRONG },
    { "x", 0.01, IMTEHAN_VERDICT_PARTLY },
    { "x", 0.999, IMTEHAN_VERDICT_PARTLY },
    { "x", 1, IMTEHAN_VERDICT_RIGHT },
  };
  g_autoptr(GHashTable) icons = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) labels = g_hash_table_new (g_str_hash, g_str_equal);

  imtehan_i18n_set_language ("en");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (imtehan_verdict_from_fraction (cases[i].response, cases[i].fraction), ==,
                     cases[i].verdict);
  for (ImtehanVerdict v = IMTEHAN_VERDICT_UNANSWERED; v <= IMTEHAN_VERDICT_RIGHT; v++)
    {
      g_hash_table_add (icons, (gpointer)imtehan_verdict_get_icon_name (v));
      g_hash_table_add (labels, (gpointer)imtehan_verdict_get_label (v));
    }
  g_assert_cmpuint (g_hash_table_size (icons), ==, 4);
  g_assert_cmpuint (g_hash_table_size (labels), ==, 4);
}

/* The right answer of a short question is shown without its wildcards. */
static void
test_strip_wildcards (void)
{
  static const char * const cases[][2] = {
    { "*ZeRO*", "ZeRO" },
    { "stage * of ZeRO", "stage of ZeRO" },
    { "2\\*3", "2*3" },
    { "optimizer state", "optimizer state" },
    { "*", "*" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = imtehan_answer_strip_wildcards (cases[i][0]);

      g_assert_cmpstr (shown, ==, cases[i][1]);
    }
}

/* A typed answer reads as it was typed: "12 bytes" left to right on an Urdu page, Urdu right
 * to left in the Urdu font. */
static void
test_typed_direction (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_types ();
  g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (quiz, 5);
  g_autoptr(GtkWidget) page = NULL;
  g_autoptr(GPtrArray) cards = NULL;
  g_autoptr(GPtrArray) typed = g_ptr_array_new ();

  g_assert_cmpstr (imtehan_answer_get_language ("12 bytes", "ur"), ==, "en");
  g_assert_cmpstr (imtehan_answer_get_language ("آپٹیمائزر اسٹیٹ", "ur"), ==, "ur");
  g_assert_cmpstr (imtehan_answer_get_language ("١٦", "ur"), ==, "ur");

  imtehan_i18n_set_language ("ur");
  g_assert_true (imtehan_attempt_respond (attempt, NUMERICAL, "12 bytes"));
  g_assert_true (imtehan_attempt_respond (attempt, SHORT, "آپٹیمائزر اسٹیٹ"));
  g_assert_true (imtehan_attempt_finish (attempt));
  page = new_results (attempt);
  cards = results_cards (page);
  collect_class (cards->pdata[NUMERICAL], "typed-answer", typed);
  collect_class (cards->pdata[SHORT], "typed-answer", typed);
  /* Each wrapping label has a probe of its classes for measuring (imtehan-wrap-bin.c). */
  for (guint i = typed->len; i-- > 0;)
    if (*gtk_label_get_text (typed->pdata[i]) == '\0')
      g_ptr_array_remove_index (typed, i);
  g_assert_cmpuint (typed->len, ==, 2);
  g_assert_false (gtk_widget_has_css_class (typed->pdata[0], "urdu"));
  g_assert_true (gtk_widget_has_css_class (typed->pdata[1], "urdu"));
  imtehan_i18n_set_language ("en");
}

/* The question's picture gets its room on the page, at the narrowest window and a wide one,
 * never wider than the page. */
static void
test_results_picture (void)
{
  static const int widths[] = { 360, 1280 };
  g_autoptr(ImtehanQuiz) quiz = load_types ();
  g_autoptr(ImtehanAttempt) attempt = answered (quiz, TRUE);

  imtehan_i18n_set_language ("en");
  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      GtkWidget *window = gtk_window_new ();
      GtkWidget *page = g_object_new (IMTEHAN_TYPE_RESULTS_PAGE, NULL);
      g_autoptr(GPtrArray) pictures = g_ptr_array_new ();
      GtkWidget *picture;

      gtk_window_set_default_size (GTK_WINDOW (window), widths[i], 700);
      gtk_window_set_child (GTK_WINDOW (window), page);
      imtehan_results_page_set_attempt (IMTEHAN_RESULTS_PAGE (page), attempt);
      gtk_window_present (GTK_WINDOW (window));
      collect_class (page, "quiz-picture", pictures);
      g_assert_cmpuint (pictures->len, ==, 1);
      picture = pictures->pdata[0];
      IMTEHAN_TEST_WAIT_UNTIL (gtk_widget_get_height (picture) > 0, 5);
      /* The figure is 480 × 240: drawn whole where there is room, else scaled down. */
      g_assert_cmpint (gtk_widget_get_height (picture), >=, 100);
      g_assert_cmpint (gtk_widget_get_height (gtk_widget_get_parent (picture)), <=, 240);
      g_assert_cmpint (gtk_widget_get_width (picture), <=, widths[i]);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

int
main (int   argc,
      char *argv[])
{
  imtehan_i18n_init ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* Links the templates in: nothing else of this test refers to them. */
  (void)imtehan_get_resource ();

  g_test_add_func ("/results/kinds/english", test_results_english);
  g_test_add_func ("/results/kinds/urdu", test_results_urdu);
  g_test_add_func ("/results/feedback", test_results_feedback);
  g_test_add_func ("/results/picture", test_results_picture);
  g_test_add_func ("/results/verdicts", test_verdicts);
  g_test_add_func ("/results/strip-wildcards", test_strip_wildcards);
  g_test_add_func ("/results/typed-direction", test_typed_direction);
  g_test_add_func ("/review/kinds", test_review);

  return g_test_run ();
}
