/* test-question-types.c: the question types of format 2, loaded, checked and scored as
 * Moodle scores them, and their answers kept in attempt files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>

#include "imtehan-attempt.h"
#include "test-quiz-common.h"

#define HEADER \
  "[Quiz]\n"                     /* 1 */ \
  "FormatVersion=2\n"            /* 2 */ \
  "Id=types\n"                   /* 3 */ \
  "Title=Types\n"                /* 4 */ \
  "\n"                           /* 5 */

/* Every type once, in one quiz. */
static const char types_quiz[] =
  HEADER
  "[Question multi]\n"
  "Type=multiple\n"
  "Text=Which ZeRO stages partition the optimizer state?\n"
  "Choices=s1;s2;s3;dp\n"
  "Choice.s1=Stage 1\n"
  "Choice.s2=Stage 2\n"
  "Choice.s3=Stage 3\n"
  "Choice.dp=Plain data parallelism\n"
  "Weight.s1=33.333\n"
  "Weight.s2=33.333\n"
  "Weight.s3=33.334\n"
  "Weight.dp=-100\n"
  "\n"
  "[Question pick]\n"
  "Type=multiple\n"
  "Text=Pick the right ones\n"
  "Choices=a;b;c;d\n"
  "Choice.a=A\n"
  "Choice.b=B\n"
  "Choice.c=C\n"
  "Choice.d=D\n"
  "Answer=a;c\n"
  "\n"
  "[Question short]\n"
  "Type=short\n"
  "Text=Who is buried in Grant's tomb?\n"
  "Accept=a;b;c\n"
  "Accept.a=no one\n"
  "Accept.a[ur]=کوئی نہیں\n"
  "Accept.b=nobody\n"
  "Weight.b=50\n"
  "Accept.c=*ZeRO*\n"
  "Feedback.b=Almost: “no one” is the answer.\n"
  "\n"
  "[Question number]\n"
  "Type=numerical\n"
  "Text=When was Ulysses S. Grant born?\n"
  "Accept=exact;near\n"
  "Accept.exact=1822\n"
  "Accept.near=1822\n"
  "Tolerance.near=5\n"
  "Weight.near=50\n"
  "\n"
  "[Question bytes]\n"
  "Type=numerical\n"
  "Text=How many bytes per parameter does mixed-precision Adam keep?\n"
  "Accept=sixteen\n"
  "Accept.sixteen=15.5..16.5\n"
  "Unit=bytes\n"
  "Unit[ur]=بائٹ\n"
  "\n"
  "[Question match]\n"
  "Type=matching\n"
  "Text=Match each stage to what it partitions\n"
  "Items=one;two;three\n"
  "Item.one=Stage 1\n"
  "Match.one=optimizer state\n"
  "Item.two=Stage 2\n"
  "Match.two=gradients\n"
  "Item.three=Stage 3\n"
  "Match.three=parameters\n"
  "Distractors=act\n"
  "Match.act=activations\n"
  "\n"
  "[Question order]\n"
  "Type=ordering\n"
  "Text=Put the stages in order of memory saved, least first\n"
  "Items=s1;s2;s3;s4\n"
  "Item.s1=Stage 1\n"
  "Item.s2=Stage 2\n"
  "Item.s3=Stage 3\n"
  "Item.s4=Stage 3 with offload\n"
  "\n"
  "[Question plain]\n"
  "Text=Two plus two?\n"
  "Choices=four;five\n"
  "Choice.four=Four\n"
  "Choice.five=Five\n"
  "Answer=four\n";

static ImtehanQuiz *
types (void)
{
  g_autoptr(GError) error = NULL;
  ImtehanQuiz *quiz = load_text (types_quiz, strlen (types_quiz), &error);

  g_assert_no_error (error);
  g_assert_nonnull (quiz);
  return quiz;
}

static ImtehanQuestion *
question (ImtehanQuiz *quiz,
          const char  *id)
{
  ImtehanQuestion *q = imtehan_quiz_find_question (quiz, id);

  g_assert_nonnull (q);
  return q;
}

#define assert_grade(q, response, expected) \
  g_assert_cmpfloat_with_epsilon (imtehan_question_grade ((q), (response)), (expected), 1e-9)

static void
test_kinds (void)
{
  g_autoptr(ImtehanQuiz) quiz = types ();
  static const struct { const char *id; ImtehanQuestionKind kind; guint n_choices; } cases[] = {
    { "multi", IMTEHAN_QUESTION_MULTIPLE, 4 },
    { "pick", IMTEHAN_QUESTION_MULTIPLE, 4 },
    { "short", IMTEHAN_QUESTION_SHORT, 0 },
    { "number", IMTEHAN_QUESTION_NUMERICAL, 0 },
    { "match", IMTEHAN_QUESTION_MATCHING, 4 },
    { "order", IMTEHAN_QUESTION_ORDERING, 4 },
    { "plain", IMTEHAN_QUESTION_SINGLE, 2 },
  };

  g_assert_true (imtehan_quiz_has_kinds (quiz));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ImtehanQuestion *q = question (quiz, cases[i].id);

      g_assert_cmpint (imtehan_question_get_kind (q), ==, cases[i].kind);
      g_assert_cmpuint (imtehan_question_get_n_choices (q), ==, cases[i].n_choices);
    }
  g_assert_cmpuint (imtehan_question_get_n_items (question (quiz, "match")), ==, 3);
  g_assert_cmpstr (imtehan_question_get_item_match (question (quiz, "match"), "two"), ==, "two");
  g_assert_cmpstr (imtehan_question_get_choice_text (question (quiz, "match"), "act", "en"), ==,
                   "activations");
  g_assert_cmpstr (imtehan_question_get_feedback (question (quiz, "short"), "b", "en"), ==,
                   "Almost: “no one” is the answer.");
  g_assert_cmpstr (imtehan_question_get_unit (question (quiz, "bytes"), "ur"), ==, "بائٹ");
}

/* Moodle's multichoice with several answers: the sum of the fractions chosen, within 0..1. */
static void
test_grade_multiple (void)
{
  g_autoptr(ImtehanQuiz) quiz = types ();
  ImtehanQuestion *multi = question (quiz, "multi");
  ImtehanQuestion *pick = question (quiz, "pick");

  assert_grade (multi, "s1", 0.33333);
  assert_grade (multi, "s1;s2", 0.66666);
  assert_grade (multi, "s1;s2;s3", 1);
  assert_grade (multi, "s3;s2;s1", 1);
  assert_grade (multi, "s1;dp", 0);
  assert_grade (multi, "s1;s2;s3;dp", 0);
  assert_grade (multi, NULL, 0);
  /* Answer=a;c: each right choice is half the mark, each other one takes half away. */
  assert_grade (pick, "a", 0.5);
  assert_grade (pick, "a;c", 1);
  assert_grade (pick, "a;b", 0);
  assert_grade (pick, "a;c;d", 0.5);
  assert_grade (pick, "a;b;c;d", 0);
  g_assert_false (imtehan_question_response_is_valid (pick, "a;a"));
  g_assert_false (imtehan_question_response_is_valid (pick, "a;x"));
  g_assert_false (imtehan_question_response_is_valid (pick, ""));
  assert_grade (pick, "a;a", 0);
  {
    g_autofree char *right_ = imtehan_question_dup_right_response (pick);

    g_assert_cmpstr (right_, ==, "a;c");
  }
}

/* Moodle's short answer: the first accepted answer that matches gives its weight. */
static void
test_grade_short (void)
{
  g_autoptr(ImtehanQuiz) quiz = types ();
  ImtehanQuestion *q = question (quiz, "short");

  assert_grade (q, "no one", 1);
  assert_grade (q, "  No One ", 1);
  assert_grade (q, "NOBODY", 0.5);
  assert_grade (q, "کوئی نہیں", 1);
  /* Typed with an Arabic keyboard: Arabic yeh (U+064A) and heh (U+0647) for ی and ہ. */
  assert_grade (q, "كوئي نهيں", 1);
  assert_grade (q, "stage 3 of ZeRO", 1);
  assert_grade (q, "none", 0);
  assert_grade (q, "", 0);
  g_assert_cmpstr (imtehan_question_match_accepted (q, "Nobody"), ==, "b");
  g_assert_null (imtehan_question_match_accepted (q, "someone"));
  g_assert_true (imtehan_question_response_is_valid (q, "anything typed"));
  /* The right answer shown is one that scores: stars are left out. */
  {
    g_autofree char *right_ = imtehan_question_dup_right_response (q);

    g_assert_cmpstr (right_, ==, "no one");
  }
  g_assert_false (imtehan_question_response_is_valid (q, "   "));
}

/* Moodle's numerical: the first answer whose range holds the number. */
static void
test_grade_numerical (void)
{
  g_autoptr(ImtehanQuiz) quiz = types ();
  ImtehanQuestion *q = question (quiz, "number");
  ImtehanQuestion *bytes = question (quiz, "bytes");
  double min, max;

  assert_grade (q, "1822", 1);
  assert_grade (q, "1822.0", 1);
  assert_grade (q, "1817", 0.5);
  assert_grade (q, "1827", 0.5);
  assert_grade (q, "1827.5", 0);
  assert_grade (q, "۱۸۲۲", 1);
  assert_grade (q, "١٨٢٢", 1);
  assert_grade (q, "eighteen", 0);
  g_assert_true (imtehan_question_get_accepted_range (q, "near", &min, &max));
  g_assert_cmpfloat (min, ==, 1817);
  g_assert_cmpfloat (max, ==, 1827);
  assert_grade (bytes, "16", 1);
  assert_grade (bytes, "16 bytes", 1);
  assert_grade (bytes, "۱۶ بائٹ", 1);
  assert_grade (bytes, "۱۵٫۵", 1);
  assert_grade (bytes, "16 GB", 0);
  assert_grade (bytes, "17", 0);
  {
    g_autofree char *right_ = imtehan_question_dup_right_response (bytes);

    g_assert_cmpstr (right_, ==, "16");
  }
}

/* Moodle's matching: the items matched right, of all the items. */
static void
test_grade_matching (void)
{
  g_autoptr(ImtehanQuiz) quiz = types ();
  ImtehanQuestion *q = question (quiz, "match");

  assert_grade (q, "one:one;two:two;three:three", 1);
  assert_grade (q, "three:three;one:one;two:two", 1);
  assert_grade (q, "one:one;two:three;three:two", 1.0 / 3);
  assert_grade (q, "one:one;two:two", 2.0 / 3);
  assert_grade (q, "one:act;two:act;three:act", 0);
  g_assert_false (imtehan_question_response_is_valid (q, "one:one;one:two"));
  g_assert_false (imtehan_question_response_is_valid (q, "act:one"));
  g_assert_false (imtehan_question_response_is_valid (q, "one:nowhere"));
  g_assert_false (imtehan_question_response_is_valid (q, "one"));
  {
    g_autofree char *right_ = imtehan_question_dup_right_response (q);

    g_assert_cmpstr (right_, ==, "one:one;two:two;three:three");
  }
}

/* Moodle's ordering, "relative to the next item, excluding the last". */
static void
test_grade_ordering (void)
{
  g_autoptr(ImtehanQuiz) quiz = types ();
  ImtehanQuestion *q = question (quiz, "order");

  assert_grade (q, "s1;s2;s3;s4", 1);
  assert_grade (q, "s2;s3;s4;s1", 2.0 / 3);
  assert_grade (q, "s4;s3;s2;s1", 0);
  assert_grade (q, "s1;s3;s2;s4", 0);
  assert_grade (q, "s3;s4;s1;s2", 2.0 / 3);
  g_assert_false (imtehan_question_response_is_valid (q, "s1;s2;s3"));
  g_assert_false (imtehan_question_response_is_valid (q, "s1;s2;s3;s3"));
}

/* An attempt of a quiz with these types is written as Version 3, read back as it was, and
 * scored with partial credit; a quiz of single questions still gives Version 2. */
static void
test_attempt_round_trip (void)
{
  g_autoptr(ImtehanQuiz) quiz = types ();
  g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (quiz, 42);
  g_autoptr(ImtehanAttempt) again = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  static const char * const responses[] = {
    "s1;s2", "a;c", "Nobody; or so", "١٨٢٥", "16 bytes", "one:one;two:three", NULL, "four",
  };
  guint order_question = 6;
  const char * const *order;
  g_autofree char *order_response = NULL;
  char *data;
  gsize length;

  for (guint i = 0; i < G_N_ELEMENTS (responses); i++)
    if (responses[i] != NULL)
      g_assert_true (imtehan_attempt_respond (attempt, i, responses[i]));
  g_assert_false (imtehan_attempt_respond (attempt, 0, "s1;nowhere"));
  g_assert_false (imtehan_attempt_respond (attempt, 6, "s1;s2"));
  /* Ordering items are never shown already in order. */
  order = imtehan_attempt_get_choice_order (attempt, order_question);
  g_assert_cmpuint (g_strv_length ((char **)order), ==, 4);
  g_assert_false (g_str_equal (order[0], "s1") && g_str_equal (order[1], "s2") &&
                  g_str_equal (order[2], "s3"));
  order_response = g_strjoinv (";", (char **)order);
  g_assert_true (imtehan_attempt_respond (attempt, order_question, order_response));
  g_assert_true (imtehan_attempt_finish (attempt));

  data = imtehan_attempt_to_data (attempt, &length);
  g_assert_nonnull (strstr (data, "Version=3\n"));
  g_assert_nonnull (strstr (data, "Marks="));
  bytes = g_bytes_new_take (data, length);
  again = imtehan_attempt_new_from_bytes (quiz, bytes, "a.ini", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < imtehan_quiz_get_n_questions (quiz); i++)
    {
      g_assert_cmpstr (imtehan_attempt_get_answer (again, i), ==,
                       imtehan_attempt_get_answer (attempt, i));
      g_assert_cmpfloat (imtehan_attempt_get_fraction (again, i), ==,
                         imtehan_attempt_get_fraction (attempt, i));
    }
  g_assert_cmpfloat_with_epsilon (imtehan_attempt_get_fraction (again, 0), 0.66666, 1e-9);
  g_assert_cmpfloat_with_epsilon (imtehan_attempt_get_fraction (again, 3), 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (imtehan_attempt_get_fraction (again, 5), 1.0 / 3, 1e-9);
  /* Right: pick, bytes, plain; "Nobody; or so" is no accepted answer. */
  g_assert_cmpuint (imtehan_attempt_get_score (again), ==, 3);
  g_assert_cmpfloat_with_epsilon (imtehan_attempt_get_marks (again),
                                  0.66666 + 1 + 0 + 0.5 + 1 + 1.0 / 3 +
                                  imtehan_attempt_get_fraction (attempt, order_question) + 1,
                                  1e-9);
}

static void
test_attempt_single_stays_version_2 (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_text (MINIMAL_QUIZ, strlen (MINIMAL_QUIZ), NULL);
  g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (quiz, 7);
  g_autofree char *data = NULL;

  g_assert_false (imtehan_quiz_has_kinds (quiz));
  g_assert_true (imtehan_attempt_choose (attempt, 0, "four"));
  g_assert_true (imtehan_attempt_finish (attempt));
  data = imtehan_attempt_to_data (attempt, NULL);
  g_assert_nonnull (strstr (data, "Version=2\n"));
  g_assert_null (strstr (data, "Marks="));
}

/* A damaged answer of a new type is named with its line, as a bad choice id is. */
static void
test_attempt_bad_response (void)
{
  g_autoptr(ImtehanQuiz) quiz = types ();
  g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (quiz, 42);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GString) broken = NULL;
  ImtehanAttempt *none;

  g_assert_true (imtehan_attempt_respond (attempt, 6, "s2;s1;s3;s4"));
  data = imtehan_attempt_to_data (attempt, NULL);
  broken = g_string_new (data);
  g_assert_cmpuint (g_string_replace (broken, "Answer=s2;s1;s3;s4", "Answer=s2;s1;s3", 1), ==, 1);
  bytes = g_bytes_new (broken->str, broken->len);
  none = imtehan_attempt_new_from_bytes (quiz, bytes, "a.ini", &error);
  g_assert_null (none);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "[Question order] Answer:"));
  g_assert_true (g_str_has_prefix (error->message, "a.ini:"));
}

static char *
replace (const char *text,
         const char *from,
         const char *to)
{
  g_autoptr(GString) s = g_string_new (text);

  g_assert_cmpuint (g_string_replace (s, from, to, 1), ==, 1);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

#define assert_types_error(from, to, code, prefix, detail) \
  G_STMT_START { \
    g_autofree char *text_ = replace (types_quiz, (from), (to)); \
    assert_quiz_error (text_, (code), (prefix), (detail)); \
  } G_STMT_END

static void
test_errors (void)
{
  /* Lines: [Question multi] is line 6, its Weight.s1 line 14. */
  assert_types_error ("FormatVersion=2", "FormatVersion=1", IMTEHAN_ERROR_INVALID,
                      "bad.quiz:7: [Question multi] Type:", "FormatVersion=2");
  assert_types_error ("Type=multiple\nText=Which", "Type=essay\nText=Which", IMTEHAN_ERROR_INVALID,
                      "bad.quiz:7: [Question multi] Type:", "“essay” is not a question type");
  assert_types_error ("Weight.s3=33.334", "Weight.s3=23.334", IMTEHAN_ERROR_INVALID,
                      "bad.quiz:6: [Question multi]:", "add up to 90");
  assert_types_error ("Weight.s1=33.333", "Weight.s1=150", IMTEHAN_ERROR_INVALID,
                      "bad.quiz:14: [Question multi] Weight.s1:", "“150” is not a weight");
  assert_types_error ("Answer=a;c", "Answer=a;x", IMTEHAN_ERROR_INVALID,
                      "bad.quiz:27: [Question pick] Answer:", "“x” is not one of the choices");
  assert_types_error ("Accept.exact=1822", "Accept.exact=about 1822", IMTEHAN_ERROR_INVALID,
                      "bad.quiz:", "“about 1822” is not a number");
  assert_types_error ("Accept.sixteen=15.5..16.5", "Accept.sixteen=16.5..15.5",
                      IMTEHAN_ERROR_INVALID, "bad.quiz:", "is not a number or a range");
  assert_types_error ("Tolerance.near=5", "Tolerance.near=-5", IMTEHAN_ERROR_INVALID,
                      "bad.quiz:", "“-5” is not a tolerance");
  assert_types_error ("Weight.near=50\n", "Weight.near=50\nWeight.exact=50\n",
                      IMTEHAN_ERROR_INVALID, "bad.quiz:", "the weight 100");
  assert_types_error ("Items=one;two;three", "Items=one", IMTEHAN_ERROR_INVALID,
                      "bad.quiz:", "at least 2 are needed");
  assert_types_error ("Match.act=activations\n", "", IMTEHAN_ERROR_MISSING,
                      "bad.quiz:", "Match.act");
  assert_types_error ("Items=s1;s2;s3;s4", "Items=s1;s2;s3;s1", IMTEHAN_ERROR_INVALID,
                      "bad.quiz:", "“s1” is used twice");
  assert_types_error ("Accept=a;b;c", "Accept=", IMTEHAN_ERROR_INVALID,
                      "bad.quiz:", "at least 1 is needed");
}

/* A tiny PNG (1×1, transparent): the smallest file that is one. */
static const char png_base64[] =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

static char *
picture_quiz (const char *data,
              const char *alt)
{
  return g_strconcat (HEADER,
                      "[Picture fig1]\n"
                      "Data=", data, "\n",
                      alt,
                      "\n"
                      "[Question q]\n"
                      "Picture=fig1\n"
                      "Text=What does the figure show?\n"
                      "Choices=a;b\n"
                      "Choice.a=Memory per GPU\n"
                      "Picture.a=fig1\n"
                      "Choice.b=Time\n"
                      "Answer=a\n", NULL);
}

static void
test_pictures (void)
{
  g_autofree char *good = picture_quiz (png_base64, "Alt=A bar chart\nAlt[ur]=ایک چارٹ\n");
  g_autofree char *no_alt = picture_quiz (png_base64, "");
  g_autofree char *not_image = picture_quiz ("aGVsbG8gd29ybGQh", "Alt=x\n");
  g_autofree char *not_base64 = picture_quiz ("not base64!", "Alt=x\n");
  g_autofree char *svg_b64 = g_base64_encode ((const guchar *)"<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>", 63);
  g_autofree char *svg = picture_quiz (svg_b64, "Alt=x\n");
  g_autofree guchar *big = g_malloc0 (3 * 1024 * 1024);
  g_autofree char *big_b64 = NULL;
  g_autofree char *too_big = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_autoptr(GError) error = NULL;
  ImtehanPicture *picture;
  ImtehanQuestion *q;

  quiz = load_text (good, strlen (good), &error);
  g_assert_no_error (error);
  q = imtehan_quiz_get_question (quiz, 0);
  g_assert_cmpstr (imtehan_question_get_picture (q), ==, "fig1");
  g_assert_cmpstr (imtehan_question_get_choice_picture (q, "a"), ==, "fig1");
  g_assert_null (imtehan_question_get_choice_picture (q, "b"));
  picture = imtehan_quiz_get_picture (quiz, "fig1");
  g_assert_nonnull (picture);
  g_assert_cmpstr (imtehan_picture_get_mime_type (picture), ==, "image/png");
  g_assert_cmpstr (imtehan_picture_get_alt (picture, "ur"), ==, "ایک چارٹ");
  g_assert_cmpuint (g_bytes_get_size (imtehan_picture_get_bytes (picture)), ==, 70);
  g_clear_object (&quiz);

  quiz = load_text (svg, strlen (svg), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (imtehan_picture_get_mime_type (imtehan_quiz_get_picture (quiz, "fig1")), ==,
                   "image/svg+xml");

  assert_quiz_error (no_alt, IMTEHAN_ERROR_MISSING, "bad.quiz:6: [Picture fig1]:", "Alt");
  assert_quiz_error (not_image, IMTEHAN_ERROR_INVALID, "bad.quiz:7: [Picture fig1] Data:",
                     "not a PNG, JPEG or SVG");
  assert_quiz_error (not_base64, IMTEHAN_ERROR_INVALID, "bad.quiz:7: [Picture fig1] Data:",
                     "base64");
  memcpy (big, "\x89PNG\r\n\x1a\n", 8);
  big_b64 = g_base64_encode (big, 3 * 1024 * 1024);
  too_big = picture_quiz (big_b64, "Alt=x\n");
  assert_quiz_error (too_big, IMTEHAN_ERROR_TOO_LARGE, "bad.quiz:7: [Picture fig1] Data:",
                     "larger than");
}

static void
test_picture_errors (void)
{
  g_autofree char *good = picture_quiz (png_base64, "Alt=x\n");
  g_autofree char *format1 = replace (good, "FormatVersion=2", "FormatVersion=1");
  g_autofree char *missing = replace (good, "Picture=fig1", "Picture=fig2");

  assert_quiz_error (format1, IMTEHAN_ERROR_INVALID, "bad.quiz:6: [Picture fig1]:",
                     "FormatVersion=2");
  assert_quiz_error (missing, IMTEHAN_ERROR_INVALID, "bad.quiz:11: [Question q] Picture:",
                     "no group [Picture fig2]");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/question-types/kinds", test_kinds);
  g_test_add_func ("/question-types/grade/multiple", test_grade_multiple);
  g_test_add_func ("/question-types/grade/short", test_grade_short);
  g_test_add_func ("/question-types/grade/numerical", test_grade_numerical);
  g_test_add_func ("/question-types/grade/matching", test_grade_matching);
  g_test_add_func ("/question-types/grade/ordering", test_grade_ordering);
  g_test_add_func ("/question-types/attempt/round-trip", test_attempt_round_trip);
  g_test_add_func ("/question-types/attempt/single-stays-version-2",
                   test_attempt_single_stays_version_2);
  g_test_add_func ("/question-types/attempt/bad-response", test_attempt_bad_response);
  g_test_add_func ("/question-types/errors", test_errors);
  g_test_add_func ("/question-types/pictures", test_pictures);
  g_test_add_func ("/question-types/picture-errors", test_picture_errors);

  return g_test_run ();
}
