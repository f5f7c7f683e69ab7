/* test-gift.c: importing Moodle GIFT files, checked by loading the quiz they become
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GIFT examples follow the Moodle documentation's ("GIFT format"), written out here.
 */

#include <string.h>

#include "imtehan-gift.h"
#include "imtehan-quiz.h"

/* Imports @gift and loads the result as the app would. */
static ImtehanQuiz *
import_full (const char  *gift,
             gsize        length,
             const char  *language,
             char      ***warnings,
             char       **output)
{
  g_autoptr(GBytes) bytes = g_bytes_new (gift, length);
  g_autoptr(GBytes) quiz_bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) local_warnings = NULL;
  ImtehanQuiz *quiz;
  char *data;
  gsize data_length = 0;

  data = imtehan_gift_import (bytes, "teacher.gift", "imported", "Imported", language,
                              &local_warnings, &data_length, &error);
  g_assert_no_error (error);
  g_assert_nonnull (data);
  g_assert_cmpuint (strlen (data), ==, data_length);
  g_test_message ("%s", data);
  for (guint i = 0; local_warnings[i] != NULL; i++)
    g_test_message ("warning: %s", local_warnings[i]);

  quiz_bytes = g_bytes_new (data, data_length);
  quiz = imtehan_quiz_new_from_bytes (quiz_bytes, "imported.quiz", &error);
  g_assert_no_error (error);
  g_assert_true (IMTEHAN_IS_QUIZ (quiz));

  if (warnings != NULL)
    *warnings = g_steal_pointer (&local_warnings);
  if (output != NULL)
    *output = data;
  else
    g_free (data);
  return quiz;
}

static ImtehanQuiz *
import_text (const char   *gift,
             char       ***warnings)
{
  return import_full (gift, strlen (gift), "en", warnings, NULL);
}

static GError *
import_error (const char *gift,
              gsize       length)
{
  g_autoptr(GBytes) bytes = g_bytes_new (gift, length);
  g_autofree char *data = NULL;
  GError *error = NULL;

  data = imtehan_gift_import (bytes, "teacher.gift", "imported", "Imported", "en", NULL, NULL,
                              &error);
  g_assert_null (data);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  return error;
}

#define assert_import_error(gift, code, expected) \
  G_STMT_START { \
    g_autoptr(GError) error_ = import_error ((gift), strlen (gift)); \
    g_assert_error (error_, IMTEHAN_ERROR, (code)); \
    g_assert_cmpstr (error_->message, ==, (expected)); \
  } G_STMT_END

/* Asserts a question's choices (ids and English texts) and its answer. */
static void
assert_question (ImtehanQuestion    *question,
                 const char         *lang,
                 const char         *text,
                 const char * const *choice_ids,
                 const char * const *choice_texts,
                 const char         *answer,
                 const char         *explanation)
{
  guint n = g_strv_length ((char **)choice_ids);

  g_assert_cmpstr (imtehan_question_get_text (question, lang), ==, text);
  g_assert_cmpuint (imtehan_question_get_n_choices (question), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpstr (imtehan_question_get_choice_id (question, i), ==, choice_ids[i]);
      g_assert_cmpstr (imtehan_question_get_choice_text (question, choice_ids[i], lang), ==,
                       choice_texts[i]);
    }
  g_assert_cmpstr (imtehan_question_get_answer (question), ==, answer);
  g_assert_cmpstr (imtehan_question_get_explanation (question, lang), ==, explanation);
}

#define IDS(...) ((const char * const[]) { __VA_ARGS__, NULL })

static void
test_multiple_choice (void)
{
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_auto(GStrv) warnings = NULL;

  quiz = import_text ("Who's buried in Grant's tomb?{~Grant ~Jefferson =no one}\n"
                      "\n"
                      "Grant is {~buried =entombed ~living} in Grant's tomb.\n"
                      "\n"
                      "Which colour is the sky on a clear day?\n"
                      "{\n"
                      "  ~red\n"
                      "  =blue\n"
                      "  ~green\n"
                      "  ~yellow\n"
                      "}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, IDS (NULL));
  g_assert_cmpstr (imtehan_quiz_get_id (quiz), ==, "imported");
  g_assert_cmpstr (imtehan_quiz_get_title (quiz, "en"), ==, "Imported");
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==, 3);
  assert_question (imtehan_quiz_get_question (quiz, 0), "en", "Who's buried in Grant's tomb?",
                   IDS ("a", "b", "c"), IDS ("Grant", "Jefferson", "no one"), "c", "");
  /* The missing-word form: a blank where the answers stood. */
  assert_question (imtehan_quiz_get_question (quiz, 1), "en", "Grant is _____ in Grant's tomb.",
                   IDS ("a", "b", "c"), IDS ("buried", "entombed", "living"), "b", "");
  assert_question (imtehan_quiz_get_question (quiz, 2), "en",
                   "Which colour is the sky on a clear day?", IDS ("a", "b", "c", "d"),
                   IDS ("red", "blue", "green", "yellow"), "b", "");
  g_assert_cmpstr (imtehan_question_get_id (imtehan_quiz_get_question (quiz, 0)), ==, "q1");
  g_assert_cmpstr (imtehan_question_get_id (imtehan_quiz_get_question (quiz, 2)), ==, "q3");
}

static void
test_true_false (void)
{
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_auto(GStrv) warnings = NULL;

  quiz = import_text ("Grant is buried in Grant's tomb.{F}\n"
                      "\n"
                      "The sun rises in the east.{T}\n"
                      "\n"
                      "Water boils at 100 °C at sea level.{TRUE}\n"
                      "\n"
                      "// the feedback for a wrong, then for a right answer\n"
                      "The Moon is a planet.{FALSE#No, it is a moon.#Right: it orbits the "
                      "Earth.}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, IDS (NULL));
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==, 4);
  assert_question (imtehan_quiz_get_question (quiz, 0), "en", "Grant is buried in Grant's tomb.",
                   IDS ("true", "false"), IDS ("True", "False"), "false", "");
  assert_question (imtehan_quiz_get_question (quiz, 1), "en", "The sun rises in the east.",
                   IDS ("true", "false"), IDS ("True", "False"), "true", "");
  assert_question (imtehan_quiz_get_question (quiz, 2), "en",
                   "Water boils at 100 °C at sea level.", IDS ("true", "false"),
                   IDS ("True", "False"), "true", "");
  assert_question (imtehan_quiz_get_question (quiz, 3), "en", "The Moon is a planet.",
                   IDS ("true", "false"), IDS ("True", "False"), "false",
                   "Right: it orbits the Earth.\n“True”: No, it is a moon.");
}

static void
test_feedback (void)
{
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_auto(GStrv) warnings = NULL;

  quiz = import_text ("What's the answer to this multiple-choice question? {\n"
                      "~wrong answer#feedback comment on the wrong answer\n"
                      "~another wrong answer#feedback comment on this wrong answer\n"
                      "=right answer#Very good!\n"
                      "}\n"
                      "\n"
                      "How many lenses does a monocle have? {\n"
                      "=one\n"
                      "~two\n"
                      "####A monocle is a single lens worn over one eye.\n"
                      "}\n"
                      "\n"
                      "Is a whale a fish?{F####Whales are mammals.}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, IDS (NULL));
  assert_question (imtehan_quiz_get_question (quiz, 0), "en",
                   "What's the answer to this multiple-choice question?",
                   IDS ("a", "b", "c"),
                   IDS ("wrong answer", "another wrong answer", "right answer"),
                   "c",
                   "Very good!\n"
                   "“wrong answer”: feedback comment on the wrong answer\n"
                   "“another wrong answer”: feedback comment on this wrong answer");
  assert_question (imtehan_quiz_get_question (quiz, 1), "en",
                   "How many lenses does a monocle have?", IDS ("a", "b"), IDS ("one", "two"),
                   "a", "A monocle is a single lens worn over one eye.");
  assert_question (imtehan_quiz_get_question (quiz, 2), "en", "Is a whale a fish?",
                   IDS ("true", "false"), IDS ("True", "False"), "false", "Whales are mammals.");
}

static void
test_titles_and_categories (void)
{
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_auto(GStrv) warnings = NULL;
  g_auto(GStrv) topics = NULL;

  quiz = import_text ("// question: 1  name: capitals\n"
                      "$CATEGORY: $course$/top/Geography\n"
                      "\n"
                      "::Capital of Pakistan::What is the capital of Pakistan?"
                      "{=Islamabad ~Karachi ~Lahore}\n"
                      "\n"
                      "::Capital of Pakistan::Which city was the capital before 1959?"
                      "{~Islamabad =Karachi}\n"
                      "\n"
                      "$CATEGORY: $course$/top/Science//Nature\n"
                      "::سورج::The sun is a star.{T}\n"
                      "\n"
                      "::Unclosed title The sky is blue.{T}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, IDS (NULL));
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==, 4);
  /* Ids come from the titles where they have Latin letters, else from the position. */
  g_assert_cmpstr (imtehan_question_get_id (imtehan_quiz_get_question (quiz, 0)), ==,
                   "capital-of-pakistan");
  g_assert_cmpstr (imtehan_question_get_id (imtehan_quiz_get_question (quiz, 1)), ==,
                   "capital-of-pakistan-2");
  g_assert_cmpstr (imtehan_question_get_id (imtehan_quiz_get_question (quiz, 2)), ==, "q3");
  g_assert_cmpstr (imtehan_question_get_id (imtehan_quiz_get_question (quiz, 3)), ==, "q4");
  /* The title is not part of the question's text, but an unclosed "::" is. */
  g_assert_cmpstr (imtehan_question_get_text (imtehan_quiz_get_question (quiz, 0), "en"), ==,
                   "What is the capital of Pakistan?");
  g_assert_cmpstr (imtehan_question_get_text (imtehan_quiz_get_question (quiz, 3), "en"), ==,
                   "Unclosed title The sky is blue.");

  /* $CATEGORY's last level is the topic, until the next $CATEGORY. */
  g_assert_cmpstr (imtehan_question_get_topic (imtehan_quiz_get_question (quiz, 0), "en"), ==,
                   "Geography");
  g_assert_cmpstr (imtehan_question_get_topic (imtehan_quiz_get_question (quiz, 1), "ur"), ==,
                   "Geography");
  g_assert_cmpstr (imtehan_question_get_topic (imtehan_quiz_get_question (quiz, 2), "en"), ==,
                   "Science/Nature");
  topics = imtehan_quiz_dup_topics (quiz, "en");
  g_assert_cmpstrv (topics, IDS ("Geography", "Science/Nature"));
}

static void
test_escapes (void)
{
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_auto(GStrv) warnings = NULL;

  quiz = import_text ("::Escapes\\: all of them::Which is written \\{ \\} in GIFT\\: a \\~, "
                      "a \\= or a \\#?\\nChoose one.{\n"
                      "=\\{braces\\}#right\\: braces are \\{ and \\}\n"
                      "~a back\\\\slash\n"
                      "~x \\= y \\~ z\n"
                      "~50\\% off\n"
                      "}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, IDS (NULL));
  assert_question (imtehan_quiz_get_question (quiz, 0), "en",
                   "Which is written { } in GIFT: a ~, a = or a #?\nChoose one.",
                   IDS ("a", "b", "c", "d"),
                   IDS ("{braces}", "a back\\slash", "x = y ~ z", "50\\% off"), "a",
                   "right: braces are { and }");
  g_assert_cmpstr (imtehan_question_get_id (imtehan_quiz_get_question (quiz, 0)), ==,
                   "escapes-all-of-them");
}

/* Moodle's own export writes its editor's text as [html]. */
static void
test_formats (void)
{
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_auto(GStrv) warnings = NULL;

  quiz = import_text ("[html]<p>Is 2 &lt; 3 &amp;&amp; 3 &gt; 2?</p><p>Think&#x2026;</p>{\n"
                      "=<b>Yes</b>#<i>Both</i> hold.\n"
                      "~[plain]<b>No</b>\n"
                      "}\n"
                      "\n"
                      "[markdown]Is *this* kept as written?{T}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, IDS (NULL));
  assert_question (imtehan_quiz_get_question (quiz, 0), "en", "Is 2 < 3 && 3 > 2?\nThink…",
                   IDS ("a", "b"), IDS ("Yes", "<b>No</b>"), "a", "Both hold.");
  g_assert_cmpstr (imtehan_question_get_text (imtehan_quiz_get_question (quiz, 1), "en"), ==,
                   "Is *this* kept as written?");
}

/* Text in <pre> keeps its spaces and line breaks, blank lines too, as a code block between
 * "```" fences: the case of Moodle's own test_import_pre_content (an essay there, so with
 * answers here), and tags and entities inside it as HTML has them. */
static void
test_pre (void)
{
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_auto(GStrv) warnings = NULL;

  quiz = import_text ("::Q001::[html]<p>What would running the test method print?</p>\n"
                      "<pre>\n"
                      "    public void test() \\{\n"
                      "        method1();\n"
                      "        method2();\n"
                      "        method3();\n"
                      "    \\}\n"
                      "</pre>\n"
                      "{=method1, method2, method3 ~nothing}\n"
                      "\n"
                      "[html]Which line fails?<pre>if (a &lt; b)\\n\\n  <b>return</b>;</pre>Pick one."
                      "{=the second ~the first}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, IDS (NULL));
  g_assert_cmpstr (imtehan_question_get_text (imtehan_quiz_get_question (quiz, 0), "en"), ==,
                   "What would running the test method print?\n"
                   "```\n"
                   "    public void test() {\n"
                   "        method1();\n"
                   "        method2();\n"
                   "        method3();\n"
                   "    }\n"
                   "```");
  g_assert_cmpstr (imtehan_question_get_text (imtehan_quiz_get_question (quiz, 1), "en"), ==,
                   "Which line fails?\n"
                   "```\n"
                   "if (a < b)\n"
                   "\n"
                   "  return;\n"
                   "```\n"
                   "Pick one.");
}

/* What a quiz cannot hold is skipped with one warning naming its line; the rest is imported
 * (test-gift-types.c imports the other types). */
static void
test_unsupported (void)
{
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_auto(GStrv) warnings = NULL;
  const char * const expected[] = {
    "teacher.gift:1: skipped: an essay question, which a quiz cannot mark",
    "teacher.gift:3: skipped: a description, which has no answers",
    "teacher.gift:5: skipped: more than one answer is marked right with “=”",
    "teacher.gift:7: skipped: no answer is marked right with “=”",
    "teacher.gift:9: skipped: a question has at most 10 answers",
    "teacher.gift:13: skipped: an answer is empty",
    "teacher.gift:15: skipped: the question has no text",
    NULL
  };

  quiz = import_text ("Write a short biography of Dag Hammarskjöld. {}\n"              /*  1 */
                      "\n"
                      "You can use your pencil and paper for these next questions.\n"    /*  3 */
                      "\n"
                      "Two right answers? {=a =b ~c}\n"                                   /*  5 */
                      "\n"
                      "No right answer? {~a ~b ~c}\n"                                     /*  7 */
                      "\n"
                      "Eleven answers? {=1 ~2 ~3 ~4 ~5 ~6\n"                              /*  9 */
                      "~7 ~8 ~9 ~10 ~11}\n"
                      "\n"
                      "// an empty answer\n"
                      "Empty? {=a ~ ~c}\n"                                                /* 13 */
                      "\n"
                      "::Only a title::{=a ~b}\n"                                         /* 15 */
                      "\n"
                      "The one question left? {=yes ~no}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, expected);
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==, 1);
  g_assert_cmpstr (imtehan_question_get_text (imtehan_quiz_get_question (quiz, 0), "en"), ==,
                   "The one question left?");
}

/* Line ends and a byte order mark change nothing, not even the line numbers. */
static void
test_line_ends (void)
{
  const char *lf = "// Urdu and English\n"
                   "What is 2 + 2?{=4 ~5}\n"
                   "\n"
                   "Is this a test?{T}\n"
                   "\n"
                   "An essay {}\n";
  g_autofree char *reference = NULL;
  g_auto(GStrv) reference_warnings = NULL;
  g_autoptr(ImtehanQuiz) quiz = import_full (lf, strlen (lf), "en", &reference_warnings,
                                             &reference);
  g_autoptr(GRegex) newline = g_regex_new ("\n", 0, 0, NULL);
  g_autofree char *crlf = g_regex_replace_literal (newline, lf, -1, 0, "\r\n", 0, NULL);
  g_autofree char *cr = g_regex_replace_literal (newline, lf, -1, 0, "\r", 0, NULL);
  g_autofree char *bom_crlf = g_strconcat ("\xef\xbb\xbf", crlf, NULL);
  const char *variants[] = { crlf, cr, bom_crlf };

  g_assert_cmpstrv (reference_warnings,
                    IDS ("teacher.gift:6: skipped: an essay question, which a quiz cannot mark"));
  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      g_autofree char *output = NULL;
      g_auto(GStrv) warnings = NULL;
      g_autoptr(ImtehanQuiz) variant = import_full (variants[i], strlen (variants[i]), "en",
                                                    &warnings, &output);

      g_assert_cmpstr (output, ==, reference);
      g_assert_cmpstrv (warnings, (const char * const *)reference_warnings);
    }
}

/* A teacher's Urdu bank, imported with --language ur: the Urdu keys, read back in either
 * language. */
static void
test_urdu (void)
{
  const char *gift =
    "$CATEGORY: $course$/top/ریاضی\n"
    "\n"
    "::جمع::دو جمع دو کتنے ہوتے ہیں؟{\n"
    "  =چار#شاباش!\n"
    "  ~پانچ#دوبارہ گنیں۔\n"
    "  ~تین\n"
    "  ####دو اور دو چار ہوتے ہیں۔\n"
    "}\n"
    "\n"
    "پاکستان کا دارالحکومت اسلام آباد ہے۔{T}\n";
  g_autofree char *output = NULL;
  g_auto(GStrv) warnings = NULL;
  g_autoptr(ImtehanQuiz) quiz = import_full (gift, strlen (gift), "ur", &warnings, &output);
  g_auto(GStrv) topics = imtehan_quiz_dup_topics (quiz, "ur");

  g_assert_cmpstrv (warnings, IDS (NULL));
  g_assert_nonnull (strstr (output, "\nText[ur]=دو جمع دو کتنے ہوتے ہیں؟\n"));
  g_assert_nonnull (strstr (output, "\nTitle[ur]=Imported\n"));
  g_assert_nonnull (strstr (output, "\nTopics[ur]=ریاضی;\n"));
  g_assert_null (strstr (output, "\nText="));
  g_assert_null (strstr (output, "\nChoice.a="));

  g_assert_cmpstrv (topics, IDS ("ریاضی"));
  for (guint i = 0; i < 2; i++)
    {
      const char *lang = i == 0 ? "ur" : "en";

      assert_question (imtehan_quiz_get_question (quiz, 0), lang, "دو جمع دو کتنے ہوتے ہیں؟",
                       IDS ("a", "b", "c"), IDS ("چار", "پانچ", "تین"), "a",
                       "شاباش!\n“پانچ”: دوبارہ گنیں۔\nدو اور دو چار ہوتے ہیں۔");
      assert_question (imtehan_quiz_get_question (quiz, 1), lang,
                       "پاکستان کا دارالحکومت اسلام آباد ہے۔", IDS ("true", "false"),
                       IDS ("درست", "غلط"), "true", "");
      g_assert_cmpstr (imtehan_question_get_topic (imtehan_quiz_get_question (quiz, 1), lang),
                       ==, "ریاضی");
    }
}

static void
test_errors (void)
{
  GString *many = g_string_new (NULL);

  assert_import_error ("First question?{=a ~b}\n"
                       "\n"
                       "Second question?{=a\n"
                       "~b\n"
                       "\n"
                       "~c}\n",
                       IMTEHAN_ERROR_PARSE, "teacher.gift:3: this “{” is never closed by a “}”");
  assert_import_error ("// comment\n"
                       "A } before?\n"
                       "{=a ~b}\n",
                       IMTEHAN_ERROR_PARSE, "teacher.gift:2: this “}” closes no “{”");
  assert_import_error ("Only an essay {}\n\n// and a comment\n",
                       IMTEHAN_ERROR_MISSING,
                       "teacher.gift: no question to import");
  assert_import_error ("// nothing but comments\n\n\n",
                       IMTEHAN_ERROR_MISSING,
                       "teacher.gift: no question to import");
  assert_import_error ("", IMTEHAN_ERROR_PARSE, "teacher.gift: the file is empty");
  assert_import_error ("Caf\xe9?{T}\n", IMTEHAN_ERROR_PARSE,
                       "teacher.gift:1: the text is not valid UTF-8; save the file as UTF-8");

  {
    static const char binary[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    g_autoptr(GError) error = import_error (binary, sizeof binary - 1);

    g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE);
    g_assert_cmpstr (error->message, ==,
                     "teacher.gift:3: the file contains a NUL byte; it is not a text file");
  }

  for (guint i = 0; i <= IMTEHAN_QUIZ_MAX_QUESTIONS; i++)
    g_string_append_printf (many, "Question %u?{T}\n\n", i);
  assert_import_error (many->str, IMTEHAN_ERROR_INVALID,
                       "teacher.gift: 201 questions; a quiz has at most 200: split the file into "
                       "smaller ones");
  g_string_free (many, TRUE);
}

/* A GIFT file cut short anywhere imports or fails with a message naming the file. */
static void
test_truncated (void)
{
  const char *gift = "::A::Who's buried in Grant's tomb?{~Grant ~Jefferson =no one#Right}\n"
                     "\n"
                     "Grant is buried in Grant's tomb.{F#No#Yes####General}\n";
  gsize length = strlen (gift);

  for (gsize cut = 0; cut <= length; cut++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new (gift, cut);
      g_autoptr(GError) error = NULL;
      g_autofree char *data = imtehan_gift_import (bytes, "teacher.gift", "imported", "Imported",
                                                   "en", NULL, NULL, &error);

      if (data == NULL)
        {
          g_assert_true (g_str_has_prefix (error->message, "teacher.gift:"));
        }
      else
        {
          g_autoptr(GBytes) quiz_bytes = g_bytes_new (data, strlen (data));
          g_autoptr(ImtehanQuiz) quiz = imtehan_quiz_new_from_bytes (quiz_bytes, "cut.quiz",
                                                                     &error);

          g_assert_no_error (error);
          g_assert_nonnull (quiz);
        }
    }
}

static void
test_make_id (void)
{
  static const struct { const char *name; const char *id; } cases[] = {
    { "My Quiz.gift", "my-quiz-gift" },
    { "  Physics -- Optics (2024) ", "physics-optics-2024" },
    { "ریاضی", "" },
    { "ریاضی 7", "7" },
    { "", "" },
  };
  g_autofree char *long_id = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *id = imtehan_gift_make_id (cases[i].name);

      g_assert_cmpstr (id, ==, cases[i].id);
    }
  long_id = imtehan_gift_make_id ("abcdefghijklmnopqrstuvwxyz abcdefghijklmnopqrstuvwxyz "
                                  "abcdefghijklmnop");
  g_assert_cmpuint (strlen (long_id), ==, 56);
}

/* The names the CLI and Open… give a bank's quiz: a name without Latin letters or digits
 * still gives a valid id, its own. */
static void
test_file_names (void)
{
  static const struct { const char *file; const char *id; const char *title; } cases[] = {
    { "bank.gift", "bank", "bank" },
    { "My Quiz.final.GIFT", "my-quiz-final", "My Quiz.final" },
    { "no extension", "no-extension", "no extension" },
    { ".gift", "gift", ".gift" },
  };
  g_autofree char *urdu_id = imtehan_gift_id_for_file_name ("ریاضی.gift");
  g_autofree char *other_urdu_id = imtehan_gift_id_for_file_name ("جغرافیہ.gift");
  g_autofree char *same_urdu_id = imtehan_gift_id_for_file_name ("ریاضی.quiz");
  g_autofree char *urdu_title = imtehan_gift_title_for_file_name ("ریاضی.gift");
  g_autofree char *digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, "ریاضی", -1);
  g_autofree char *expected = g_strdup_printf ("quiz-%.8s", digest);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *id = imtehan_gift_id_for_file_name (cases[i].file);
      g_autofree char *title = imtehan_gift_title_for_file_name (cases[i].file);

      g_assert_cmpstr (id, ==, cases[i].id);
      g_assert_cmpstr (title, ==, cases[i].title);
    }
  g_assert_cmpstr (urdu_id, ==, expected);
  g_assert_cmpstr (same_urdu_id, ==, urdu_id);
  g_assert_cmpstr (other_urdu_id, !=, urdu_id);
  g_assert_true (g_str_has_prefix (other_urdu_id, "quiz-"));
  g_assert_cmpstr (urdu_title, ==, "ریاضی");

  /* The quiz loader takes it. */
  {
    g_autofree char *data = NULL;
    g_autoptr(GBytes) bytes = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(ImtehanQuiz) quiz = NULL;
    const char *gift = "ایک سوال؟{T}\n";
    g_autoptr(GBytes) gift_bytes = g_bytes_new_static (gift, strlen (gift));

    data = imtehan_gift_import (gift_bytes, "ریاضی.gift", urdu_id, urdu_title, "ur", NULL, NULL,
                                &error);
    g_assert_no_error (error);
    bytes = g_bytes_new (data, strlen (data));
    quiz = imtehan_quiz_new_from_bytes (bytes, "ریاضی.quiz", &error);
    g_assert_no_error (error);
    g_assert_cmpstr (imtehan_quiz_get_id (quiz), ==, urdu_id);
  }
}

static const char *
guess (const char *text,
       gsize       length)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, length);

  return imtehan_gift_guess_language (bytes);
}

#define assert_guess(text, expected) g_assert_cmpstr (guess ((text), strlen (text)), ==, (expected))

/* Open… writes the Urdu keys for a bank mostly in Urdu letters, whatever Moodle writes around
 * them in Latin ones. */
static void
test_guess_language (void)
{
  assert_guess ("Who's buried in Grant's tomb?{~Grant ~Jefferson =no one}\n", "en");
  assert_guess ("دو جمع دو کتنے ہوتے ہیں؟{=چار ~پانچ ~تین}\n", "ur");
  /* Technical terms in Latin letters, a comment and a category in English, HTML from
   * Moodle's export: still Urdu. */
  assert_guess ("// question: 1234  name: GPU memory, exported from Moodle 4.1\n"
                "$CATEGORY: $course$/top/Default for Computer Architecture and Memory\n"
                "\n"
                "::GPU::[html]<p dir\\=\"rtl\" style\\=\"text-align\\: right;\">اس GPU کی "
                "میموری کتنی ہوتی ہے؟</p>{=16 GB ~8 GB}\n", "ur");
  /* English with an Urdu word or two: English. */
  assert_guess ("What does the Urdu word “کتاب” mean?{=book ~pen ~table}\n", "en");
  assert_guess ("", "en");
  assert_guess ("\xef\xbb\xbf{T}", "en");
  /* Not UTF-8: counted as far as it goes, without reading past the end. */
  g_assert_cmpstr (guess ("\xd8", 1), ==, "en");
  assert_guess ("سوال\xff\xfe سوال؟{T}", "ur");
}

/* A message lists the first skipped questions and counts the rest. */
static void
test_format_warnings (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 1; i <= 12; i++)
    g_ptr_array_add (warnings, g_strdup_printf ("bank.gift:%u: skipped", i));
  g_ptr_array_add (warnings, NULL);

  for (guint n = 0; n <= 12; n++)
    {
      const char **list = (const char **)warnings->pdata;
      const char *kept = list[n];
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;

      list[n] = NULL;
      text = imtehan_gift_format_warnings (list, 10);
      list[n] = kept;
      lines = g_strsplit (text, "\n", -1);
      if (n == 0)
        g_assert_cmpstr (text, ==, "");
      else if (n <= 10)
        {
          g_assert_cmpuint (g_strv_length (lines), ==, n);
          g_assert_cmpstr (lines[n - 1], ==, list[n - 1]);
        }
      else
        {
          g_autofree char *more = g_strdup_printf ("…and %u more question%s skipped", n - 10,
                                                   n == 11 ? "" : "s");

          g_assert_cmpuint (g_strv_length (lines), ==, 11);
          g_assert_cmpstr (lines[9], ==, "bank.gift:10: skipped");
          g_assert_cmpstr (lines[10], ==, more);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/gift/multiple-choice", test_multiple_choice);
  g_test_add_func ("/gift/true-false", test_true_false);
  g_test_add_func ("/gift/feedback", test_feedback);
  g_test_add_func ("/gift/titles-and-categories", test_titles_and_categories);
  g_test_add_func ("/gift/escapes", test_escapes);
  g_test_add_func ("/gift/formats", test_formats);
  g_test_add_func ("/gift/pre", test_pre);
  g_test_add_func ("/gift/unsupported", test_unsupported);
  g_test_add_func ("/gift/line-ends", test_line_ends);
  g_test_add_func ("/gift/urdu", test_urdu);
  g_test_add_func ("/gift/errors", test_errors);
  g_test_add_func ("/gift/truncated", test_truncated);
  g_test_add_func ("/gift/make-id", test_make_id);
  g_test_add_func ("/gift/file-names", test_file_names);
  g_test_add_func ("/gift/guess-language", test_guess_language);
  g_test_add_func ("/gift/format-warnings", test_format_warnings);

  return g_test_run ();
}
