/* test-moodle-xml.c: importing Moodle XML question banks, checked key by key
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The cases follow Moodle's own (question/format/xml/tests/xmlformat_test.php and its
 * fixtures, question/type/ordering/tests/fixtures), written out here; the bank in
 * tests/data/moodle-xml/every-type.xml is laid out as Moodle exports one.
 */

#include <string.h>

#include "imtehan-moodle-xml.h"
#include "imtehan-quiz.h"

#define BANK "teacher.xml"
#define PNG_BASE64 "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg=="

static char *
wrap (const char *questions)
{
  return g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n%s</quiz>\n",
                          questions);
}

static guint
count_questions (GKeyFile *key_file)
{
  g_auto(GStrv) groups = g_key_file_get_groups (key_file, NULL);
  guint n = 0;

  for (guint i = 0; groups[i] != NULL; i++)
    n += g_str_has_prefix (groups[i], "Question ");
  return n;
}

/* Imports @xml; the key file it gives, which the app must load. */
static GKeyFile *
import_full (const char   *xml,
             gsize         length,
             const char   *language,
             char       ***warnings)
{
  g_autoptr(GBytes) bytes = g_bytes_new (xml, length);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) local_warnings = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GBytes) quiz_bytes = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  GKeyFile *key_file = g_key_file_new ();
  gsize data_length = 0;

  data = imtehan_moodle_xml_import (bytes, BANK, "imported", "Imported", language,
                                    &local_warnings, &data_length, &error);
  g_assert_no_error (error);
  g_assert_nonnull (data);
  g_assert_cmpuint (strlen (data), ==, data_length);
  /* Not a quiz with pictures: meson's TAP reader takes a line of megabytes for output of
   * its own. */
  if (data_length < 64 * 1024)
    g_test_message ("%s", data);
  for (guint i = 0; local_warnings[i] != NULL; i++)
    g_test_message ("warning: %s", local_warnings[i]);

  /* Every language's keys, not only the test's locale's. */
  g_assert_true (g_key_file_load_from_data (key_file, data, data_length,
                                            G_KEY_FILE_KEEP_TRANSLATIONS, &error));
  g_assert_no_error (error);

  /* And the app loads it. */
  quiz_bytes = g_bytes_new (data, data_length);
  quiz = imtehan_quiz_new_from_bytes (quiz_bytes, "imported.quiz", &error);
  g_assert_no_error (error);
  g_assert_true (IMTEHAN_IS_QUIZ (quiz));
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==,
                    count_questions (key_file));

  if (warnings != NULL)
    *warnings = g_steal_pointer (&local_warnings);
  return key_file;
}

/* The quiz the app loads from @xml. */
static ImtehanQuiz *
import_quiz (const char *xml,
             gsize       length)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (xml, length);
  g_autoptr(GBytes) quiz_bytes = NULL;
  g_autoptr(GError) error = NULL;
  char *data;
  gsize data_length = 0;
  ImtehanQuiz *quiz;

  data = imtehan_moodle_xml_import (bytes, BANK, "imported", "Imported", "en", NULL,
                                    &data_length, &error);
  g_assert_no_error (error);
  quiz_bytes = g_bytes_new_take (data, data_length);
  quiz = imtehan_quiz_new_from_bytes (quiz_bytes, "imported.quiz", &error);
  g_assert_no_error (error);
  return quiz;
}

static GKeyFile *
import_questions (const char   *questions,
                  char       ***warnings)
{
  g_autofree char *xml = wrap (questions);

  return import_full (xml, strlen (xml), "en", warnings);
}

static GError *
import_error (const char *xml,
              gsize       length,
              char     ***warnings)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (xml, length);
  g_autofree char *data = NULL;
  GError *error = NULL;

  data = imtehan_moodle_xml_import (bytes, BANK, "imported", "Imported", "en", warnings, NULL,
                                    &error);
  g_assert_null (data);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  return error;
}

static char *
read_fixture (const char *name,
              gsize      *length)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "moodle-xml", name, NULL);
  g_autoptr(GError) error = NULL;
  char *data = NULL;

  g_file_get_contents (path, &data, length, &error);
  g_assert_no_error (error);
  return data;
}

/* The line of @text where @needle first is, as an importer's message names it. */
static guint
line_of (const char *text,
         const char *needle)
{
  const char *at = strstr (text, needle);
  guint line = 1;

  g_assert_nonnull (at);
  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}

/* The value of @key as written ("Text[ur]" for Urdu, never a fallback), or NULL. */
static char *
get_key (GKeyFile   *key_file,
         const char *group,
         const char *key)
{
  return g_key_file_get_string (key_file, group, key, NULL);
}

#define assert_key(key_file, group, key, expected) \
  G_STMT_START { \
    g_autofree char *value_ = get_key ((key_file), (group), (key)); \
    if (value_ == NULL) \
      g_error ("[%s] has no key %s", (group), (key)); \
    g_assert_cmpstr (value_, ==, (expected)); \
  } G_STMT_END

#define assert_no_key(key_file, group, key) \
  G_STMT_START { \
    g_autofree char *value_ = get_key ((key_file), (group), (key)); \
    g_assert_null (value_); \
  } G_STMT_END

/* The error of @xml names the line where @needle is. */
#define assert_error_at(xml, code, needle, problem) \
  G_STMT_START { \
    g_autofree char *expected_ = g_strdup_printf (BANK ":%u: %s", line_of ((xml), (needle)), \
                                                  (problem)); \
    assert_error ((xml), (code), expected_); \
  } G_STMT_END

#define assert_error(xml, code, expected) \
  G_STMT_START { \
    g_autoptr(GError) error_ = import_error ((xml), strlen (xml), NULL); \
    g_assert_error (error_, IMTEHAN_ERROR, (code)); \
    g_assert_cmpstr (error_->message, ==, (expected)); \
  } G_STMT_END

/* Moodle's export of a bank with every type of question: what a quiz holds becomes a question
 * of its type, the rest a warning naming its line. */
static void
test_every_type (void)
{
  gsize length;
  g_autofree char *xml = read_fixture ("every-type.xml", &length);
  g_auto(GStrv) warnings = NULL;
  g_autoptr(GKeyFile) quiz = import_full (xml, length, "en", &warnings);
  g_auto(GStrv) groups = g_key_file_get_groups (quiz, NULL);
  g_autofree char *expected = NULL;
  const char * const expected_groups[] = {
    "Quiz", "Question lens-picture", "Question primes", "Question moodle-acronym-false",
    "Question laws-of-motion", "Question rod-length", "Question matching-question",
    "Question moodle", "Question mirror", "Picture red-lens-png", "Picture logo-png", NULL,
  };
  struct { const char *needle, *message; } skipped[] = {
    { "<question type=\"description\">",
      "skipped: a question of type “description”, which has no answers" },
    { "<question type=\"essay\">", "skipped: a question of type “essay”, which a quiz cannot mark" },
    { "<question type=\"cloze\">",
      "skipped: a question of type “cloze”, which Imtehan does not import" },
    { "<question type=\"calculated\">",
      "skipped: a question of type “calculated”, which Imtehan does not import" },
    { "<question type=\"ddwtos\">",
      "skipped: a question of type “ddwtos”, which Imtehan does not import" },
  };

  g_assert_cmpstrv (groups, expected_groups);
  assert_key (quiz, "Quiz", "FormatVersion", "2");
  assert_key (quiz, "Quiz", "Id", "imported");
  assert_key (quiz, "Quiz", "Title", "Imported");
  assert_key (quiz, "Quiz", "Topics", "Optics;Mechanics;");

  /* One right answer: single, whatever the others' penalties; the picture of its text. */
  assert_no_key (quiz, "Question lens-picture", "Type");
  assert_key (quiz, "Question lens-picture", "Topic", "Optics");
  assert_key (quiz, "Question lens-picture", "Text", "Which lens is shown?");
  assert_key (quiz, "Question lens-picture", "Picture", "red-lens-png");
  assert_key (quiz, "Question lens-picture", "Choices", "a;b;c;");
  assert_key (quiz, "Question lens-picture", "Choice.a", "Convex");
  assert_key (quiz, "Question lens-picture", "Choice.b", "Concave");
  assert_key (quiz, "Question lens-picture", "Choice.c", "Flat");
  assert_key (quiz, "Question lens-picture", "Answer", "a");
  assert_key (quiz, "Question lens-picture", "Feedback.a", "Yes: it bulges.");
  assert_no_key (quiz, "Question lens-picture", "Feedback.b");
  assert_no_key (quiz, "Question lens-picture", "Weight.c");
  assert_key (quiz, "Question lens-picture", "Explanation", "A convex lens & its focus.");

  /* <single>false</single>: the grades as weights; a choice of grade 0 has none. */
  assert_key (quiz, "Question primes", "Type", "multiple");
  assert_key (quiz, "Question primes", "Choices", "a;b;c;d;");
  assert_key (quiz, "Question primes", "Weight.a", "50");
  assert_key (quiz, "Question primes", "Weight.b", "50");
  assert_key (quiz, "Question primes", "Weight.c", "-100");
  assert_no_key (quiz, "Question primes", "Weight.d");
  assert_no_key (quiz, "Question primes", "Answer");
  assert_key (quiz, "Question primes", "Feedback.a", "The only even prime.");
  assert_key (quiz, "Question primes", "Feedback.c", "4 = 2 × 2");
  assert_no_key (quiz, "Question primes", "Explanation");

  /* True/false, the right answer "false"; the picture of a feedback is left out with its
   * text. */
  assert_no_key (quiz, "Question moodle-acronym-false", "Type");
  assert_key (quiz, "Question moodle-acronym-false", "Text",
              "Moodle is an acronym for Modular Object-Oriented Dynamic Learning Education.");
  assert_key (quiz, "Question moodle-acronym-false", "Picture", "logo-png");
  assert_key (quiz, "Question moodle-acronym-false", "Choices", "true;false;");
  assert_key (quiz, "Question moodle-acronym-false", "Choice.true", "True");
  assert_key (quiz, "Question moodle-acronym-false", "Choice.false", "False");
  assert_key (quiz, "Question moodle-acronym-false", "Answer", "false");
  assert_key (quiz, "Question moodle-acronym-false", "Feedback.true", "Your answer is incorrect.");
  assert_key (quiz, "Question moodle-acronym-false", "Feedback.false",
              "Your answer is correct: Education is Environment.");
  assert_key (quiz, "Question moodle-acronym-false", "Explanation",
              "For further information, see the documentation about Moodle.");

  /* The answers that give marks are accepted; "*" at 0 % scores 0 as any other text. */
  assert_key (quiz, "Question laws-of-motion", "Type", "short");
  assert_key (quiz, "Question laws-of-motion", "Topic", "Mechanics");
  assert_key (quiz, "Question laws-of-motion", "Accept", "a;b;");
  assert_key (quiz, "Question laws-of-motion", "Accept.a", "Newton");
  assert_key (quiz, "Question laws-of-motion", "Accept.b", "*Newton*");
  assert_no_key (quiz, "Question laws-of-motion", "Weight.a");
  assert_key (quiz, "Question laws-of-motion", "Weight.b", "50");
  assert_key (quiz, "Question laws-of-motion", "Feedback.a", "Right.");
  assert_key (quiz, "Question laws-of-motion", "CaseSensitive", "true");
  assert_key (quiz, "Question laws-of-motion", "Explanation", "Isaac Newton, in 1687.");

  assert_key (quiz, "Question rod-length", "Type", "numerical");
  assert_key (quiz, "Question rod-length", "Accept", "a;b;");
  assert_key (quiz, "Question rod-length", "Accept.a", "1.5");
  assert_key (quiz, "Question rod-length", "Tolerance.a", "0.1");
  assert_key (quiz, "Question rod-length", "Accept.b", "1.0e0");
  assert_no_key (quiz, "Question rod-length", "Tolerance.b");
  assert_key (quiz, "Question rod-length", "Weight.b", "50");
  assert_key (quiz, "Question rod-length", "Unit", "m");
  assert_key (quiz, "Question rod-length", "Feedback.a", "Well measured.");
  assert_no_key (quiz, "Question rod-length", "Accept.c");

  /* A subquestion without text is an answer that matches no item. */
  assert_key (quiz, "Question matching-question", "Type", "matching");
  assert_key (quiz, "Question matching-question", "Items", "a;b;c;");
  assert_key (quiz, "Question matching-question", "Distractors", "d;");
  assert_key (quiz, "Question matching-question", "Item.a", "A");
  assert_key (quiz, "Question matching-question", "Match.a", "a");
  assert_key (quiz, "Question matching-question", "Item.c", "C");
  assert_key (quiz, "Question matching-question", "Match.c", "c");
  assert_no_key (quiz, "Question matching-question", "Item.d");
  assert_key (quiz, "Question matching-question", "Match.d", "d");
  assert_key (quiz, "Question matching-question", "Explanation",
              "The answer is A -> a, B -> b and C -> c.");

  /* qtype_ordering's places ("fraction") give the order, whatever the order written. */
  assert_key (quiz, "Question moodle", "Type", "ordering");
  assert_key (quiz, "Question moodle", "Items", "a;b;c;d;e;f;");
  assert_key (quiz, "Question moodle", "Item.a", "Modular");
  assert_key (quiz, "Question moodle", "Item.b", "Object");
  assert_key (quiz, "Question moodle", "Item.c", "Oriented");
  assert_key (quiz, "Question moodle", "Item.f", "Environment");

  /* A GIF is no picture a quiz shows, nor one on another server; a choice that is only a
   * picture reads as its alt; the same file with the same alt is the same group. */
  assert_no_key (quiz, "Question mirror", "Picture");
  assert_key (quiz, "Question mirror", "Choice.b", "A red & round lens");
  assert_key (quiz, "Question mirror", "Picture.b", "red-lens-png");
  assert_no_key (quiz, "Question mirror", "Picture.a");

  /* Base64 on one line, whatever the export's line breaks; the alt of the first <img>. */
  assert_key (quiz, "Picture red-lens-png", "Data", PNG_BASE64);
  assert_key (quiz, "Picture red-lens-png", "Alt", "A red & round lens");
  assert_key (quiz, "Picture logo-png", "Data", PNG_BASE64);
  assert_key (quiz, "Picture logo-png", "Alt", "Moodle logo");
  g_assert_false (g_key_file_has_group (quiz, "Picture thumbdown-png"));

  /* What the app makes of it. */
  {
    g_autoptr(ImtehanQuiz) loaded = import_quiz (xml, length);
    const ImtehanQuestionKind kinds[] = {
      IMTEHAN_QUESTION_SINGLE, IMTEHAN_QUESTION_MULTIPLE, IMTEHAN_QUESTION_SINGLE,
      IMTEHAN_QUESTION_SHORT, IMTEHAN_QUESTION_NUMERICAL, IMTEHAN_QUESTION_MATCHING,
      IMTEHAN_QUESTION_ORDERING, IMTEHAN_QUESTION_SINGLE,
    };
    ImtehanQuestion *lens = imtehan_quiz_find_question (loaded, "lens-picture");

    g_assert_cmpuint (imtehan_quiz_get_n_questions (loaded), ==, G_N_ELEMENTS (kinds));
    for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
      g_assert_cmpint (imtehan_question_get_kind (imtehan_quiz_get_question (loaded, i)), ==,
                       kinds[i]);
    g_assert_cmpstr (imtehan_question_get_picture (lens), ==, "red-lens-png");
    g_assert_cmpstr (imtehan_question_get_feedback (lens, "a", "en"), ==, "Yes: it bulges.");
    g_assert_cmpstr (imtehan_question_get_choice_picture (
                       imtehan_quiz_find_question (loaded, "mirror"), "b"), ==, "red-lens-png");
  }

  /* The first question's wrong answers have penalties, which a single choice cannot keep. */
  g_assert_cmpuint (g_strv_length (warnings), ==, G_N_ELEMENTS (skipped) + 3);
  g_assert_true (g_str_has_prefix (warnings[0], BANK ":"));
  g_assert_nonnull (strstr (warnings[0], ": imported without the penalties of its wrong answers"));
  for (guint i = 0; i < G_N_ELEMENTS (skipped); i++)
    {
      g_autofree char *warning = g_strdup_printf (BANK ":%u: %s", line_of (xml, skipped[i].needle),
                                                  skipped[i].message);
      g_assert_cmpstr (warnings[i + 1], ==, warning);
    }
  expected = g_strdup_printf (BANK ":%u: the file “mirror.gif” is not a PNG, JPEG or SVG picture, "
                              "and was left out", line_of (xml, "<file name=\"mirror.gif\""));
  g_assert_cmpstr (warnings[G_N_ELEMENTS (skipped) + 1], ==, expected);
  g_free (expected);
  expected = g_strdup_printf (BANK ":%u: the picture “https://example.org/far.png” is not in the "
                              "file, and was left out",
                              line_of (xml, "What does a plane mirror make?") - 1);
  g_assert_cmpstr (warnings[G_N_ELEMENTS (skipped) + 2], ==, expected);
}

/* What is not a Moodle XML bank, or is wrong in it, stops the import with the line. */
static void
test_errors (void)
{
  static const char * const not_numbers[] = { "forty", "0x10", "inf", "nan", "", "1,5", NULL };
  g_autoptr(GString) nested = g_string_new ("<quiz>");
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) warnings = NULL;
  g_autofree guchar *huge = NULL;

  error = import_error ("Who wrote the laws of motion?", 29, NULL);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, BANK ":1: this is not a well-formed XML file: "));
  g_clear_error (&error);

  error = import_error ("<quiz>\n<question type=\"truefalse\">", 33, NULL);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, BANK ":2: this is not a well-formed XML file: "));
  g_clear_error (&error);

  assert_error ("<?xml version=\"1.0\"?>\n<html><body/></html>", IMTEHAN_ERROR_INVALID,
                BANK ":2: the file holds <html>, not Moodle's <quiz>: it is not a Moodle XML "
                "question bank");
  assert_error ("", IMTEHAN_ERROR_PARSE, BANK ": the file is empty");
  assert_error ("<quiz>\n</quiz>\n", IMTEHAN_ERROR_MISSING,
                BANK ": no question that a quiz can hold");
  assert_error ("<quiz>\xff</quiz>", IMTEHAN_ERROR_PARSE,
                BANK ":1: the text is not valid UTF-8; save the file as UTF-8");

  /* A file no quiz could come from is refused by its size, before a byte is parsed. */
  huge = g_malloc0 (100 * 1000 * 1000);
  memcpy (huge, "<quiz>", 6);
  error = import_error ((const char *)huge, 100 * 1000 * 1000, NULL);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, BANK ": the file is larger than "));
  g_clear_error (&error);

  /* libxml2's depth limit stays on. */
  for (guint i = 0; i < 5000; i++)
    g_string_append (nested, "<a>");
  error = import_error (nested->str, nested->len, NULL);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE);
  g_clear_error (&error);

  for (guint i = 0; not_numbers[i] != NULL; i++)
    {
      g_autofree char *question = g_strdup_printf (
        "<question type=\"numerical\">\n<questiontext><text>How many?</text></questiontext>\n"
        "<answer fraction=\"100\">\n<text>%s</text>\n</answer>\n</question>\n", not_numbers[i]);
      g_autofree char *xml = wrap (question);
      g_autofree char *expected = g_strdup_printf (
        "the <answer> “%s” of a numerical question is not a number", not_numbers[i]);

      assert_error_at (xml, IMTEHAN_ERROR_INVALID, "<answer", expected);
    }
  {
    g_autofree char *xml = wrap ("<question type=\"numerical\">\n"
                                 "<questiontext><text>How many?</text></questiontext>\n"
                                 "<answer fraction=\"100\"><text>4</text>\n"
                                 "<tolerance>a little</tolerance></answer>\n</question>\n");

    assert_error_at (xml, IMTEHAN_ERROR_INVALID, "<answer",
                     "the <tolerance> “a little” of a numerical question is not a number");
  }
  {
    g_autofree char *xml = wrap ("<question type=\"matching\">\n"
                                 "<questiontext><text>Match</text></questiontext>\n"
                                 "<subquestion><text>A</text><answer><text>a</text></answer>"
                                 "</subquestion>\n"
                                 "<subquestion><text></text><answer><text>b</text></answer>"
                                 "</subquestion>\n</question>\n");

    assert_error_at (xml, IMTEHAN_ERROR_INVALID, "<question",
                     "a matching question needs at least 2 items to match; this one has 1");
  }
  {
    g_autofree char *xml = wrap ("<question type=\"multichoice\">\n"
                                 "<questiontext><text>Pick</text></questiontext>\n"
                                 "<answer fraction=\"100\"><text>a</text></answer>\n"
                                 "<answer fraction=\"150\"><text>b</text></answer>\n"
                                 "</question>\n");

    assert_error_at (xml, IMTEHAN_ERROR_INVALID, "<answer fraction=\"150\"",
                     "an answer's grade is 150 %; a grade is between -100 and 100 %");
  }
  {
    g_autofree char *xml = wrap ("<question type=\"shortanswer\">\n"
                                 "<questiontext><text>Name it</text></questiontext>\n"
                                 "<answer fraction=\"full\"><text>a</text></answer>\n"
                                 "</question>\n");

    assert_error_at (xml, IMTEHAN_ERROR_INVALID, "<answer",
                     "the grade “full” of an answer is not a number");
  }

  /* The warnings tell why nothing was left. */
  {
    g_autofree char *xml = wrap ("<question type=\"essay\">\n"
                                 "<questiontext><text>Write</text></questiontext>\n"
                                 "</question>\n");

    error = import_error (xml, strlen (xml), &warnings);
    g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_MISSING);
    g_assert_cmpuint (g_strv_length (warnings), ==, 1);
    g_assert_cmpuint (line_of (xml, "<question"), ==, 3);
    g_assert_cmpstr (warnings[0], ==,
                     BANK ":3: skipped: a question of type “essay”, which a quiz cannot mark");
    g_clear_error (&error);
  }

  {
    g_autoptr(GString) many = g_string_new (NULL);
    g_autofree char *xml = NULL;

    for (guint i = 0; i <= IMTEHAN_QUIZ_MAX_QUESTIONS; i++)
      g_string_append (many, "<question type=\"truefalse\"><questiontext><text>Yes?</text>"
                             "</questiontext><answer fraction=\"100\"><text>true</text>"
                             "</answer><answer fraction=\"0\"><text>false</text></answer>"
                             "</question>\n");
    xml = wrap (many->str);
    assert_error (xml, IMTEHAN_ERROR_INVALID,
                  BANK ": 201 questions; a quiz has at most 200: split the file into smaller ones");
  }
}

/* No entity is expanded and nothing is loaded: a file with a DTD is refused. */
static void
test_entities (void)
{
  static const char * const documents[] = {
    /* XXE: an entity that would read a file of this machine. */
    "<?xml version=\"1.0\"?>\n<!DOCTYPE quiz [\n<!ENTITY secret SYSTEM \"file:///etc/passwd\">\n]>\n"
    "<quiz><question type=\"shortanswer\"><questiontext><text>&secret;</text></questiontext>"
    "<answer fraction=\"100\"><text>x</text></answer></question></quiz>\n",
    /* A DTD from the network. */
    "<?xml version=\"1.0\"?>\n<!DOCTYPE quiz SYSTEM \"http://127.0.0.1:9/quiz.dtd\">\n<quiz/>\n",
    /* "Billion laughs": entities that expand to gigabytes. */
    "<?xml version=\"1.0\"?>\n<!DOCTYPE quiz [\n<!ENTITY a \"aaaaaaaaaa\">\n"
    "<!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">\n<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">\n"
    "<!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">\n<!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\">\n"
    "<!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\">\n<!ENTITY g \"&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;\">\n"
    "<!ENTITY h \"&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;\">\n<!ENTITY i \"&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;\">\n"
    "]>\n<quiz><question type=\"shortanswer\"><questiontext><text>&i;</text></questiontext>"
    "<answer fraction=\"100\"><text>x</text></answer></question></quiz>\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (documents); i++)
    {
      g_autoptr(GError) error = import_error (documents[i], strlen (documents[i]), NULL);

      g_assert_true (error->domain == IMTEHAN_ERROR);
      g_assert_true (g_str_has_prefix (error->message, BANK ":"));
      g_assert_null (strstr (error->message, "root:"));
      if (i < 2)
        g_assert_cmpstr (error->message, ==,
                         BANK ":2: the file declares a document type (<!DOCTYPE>); a Moodle XML "
                         "file has none, and Imtehan does not read one");
    }
}

/* A question of @type whose text shows the picture @file_name made of @data. */
static char *
picture_question (const char *name,
                  const char *file_name,
                  const char *alt,
                  GBytes     *data)
{
  g_autofree char *base64 = g_base64_encode (g_bytes_get_data (data, NULL), g_bytes_get_size (data));
  g_autofree char *alt_attribute = alt ? g_strdup_printf (" alt=\"%s\"", alt) : g_strdup ("");

  return g_strdup_printf (
    "<question type=\"multichoice\">\n<name><text>%s</text></name>\n"
    "<questiontext format=\"html\">\n"
    "<text><![CDATA[<p>What is shown? <img src=\"@@PLUGINFILE@@/%s\"%s></p>]]></text>\n"
    "<file name=\"%s\" path=\"/\" encoding=\"base64\">%s</file>\n</questiontext>\n"
    "<answer fraction=\"100\"><text>This</text></answer>\n"
    "<answer fraction=\"0\"><text>That</text></answer>\n</question>\n",
    name, file_name, alt_attribute, file_name, base64);
}

static GBytes *
make_picture (const char *magic,
              gsize       magic_length,
              gsize       size)
{
  guchar *data = g_malloc0 (size);

  memcpy (data, magic, magic_length);
  return g_bytes_new_take (data, size);
}

/* PNG, JPEG and SVG told by their bytes, at most 2 MiB; the others are left out with a
 * warning, and the question stays. */
static void
test_pictures (void)
{
  static const char png[] = "\x89PNG\r\n\x1a\n";
  static const char svg[] = "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>";
  g_autoptr(GBytes) small = make_picture (png, 8, 100);
  g_autoptr(GBytes) largest = make_picture (png, 8, 2 * 1024 * 1024);
  g_autoptr(GBytes) too_large = make_picture (png, 8, 3 * 1024 * 1024);
  g_autoptr(GBytes) jpeg = make_picture ("\xff\xd8\xff\xe0", 4, 50);
  g_autoptr(GBytes) vector = g_bytes_new_static (svg, strlen (svg));
  g_autoptr(GBytes) other = make_picture (png, 8, 101);
  g_autoptr(GBytes) text = g_bytes_new_static ("just text", 9);
  g_autofree char *q1 = picture_question ("One", "a.png", "An &quot;a&quot;", small);
  g_autofree char *q2 = picture_question ("Two", "b.png", NULL, largest);
  g_autofree char *q3 = picture_question ("Three", "c.png", "C", too_large);
  g_autofree char *q4 = picture_question ("Four", "d.jpg", "D", jpeg);
  g_autofree char *q5 = picture_question ("Five", "e.svg", "E", vector);
  g_autofree char *q6 = picture_question ("Six", "a.png", "Another a", other);
  g_autofree char *q7 = picture_question ("Seven", "a.png", "An &quot;a&quot;", small);
  g_autofree char *q8 = picture_question ("Eight", "notes.png", "N", text);
  g_autofree char *questions = g_strconcat (q1, q2, q3, q4, q5, q6, q7, q8, NULL);
  g_autofree char *xml = wrap (questions);
  g_autofree char *large_base64 = g_base64_encode (g_bytes_get_data (largest, NULL),
                                                   g_bytes_get_size (largest));
  g_autofree char *expected = NULL;
  g_auto(GStrv) warnings = NULL;
  g_autoptr(GKeyFile) quiz = import_full (xml, strlen (xml), "ur", &warnings);

  /* Pictures need format 2, though every question has one right answer. */
  assert_key (quiz, "Quiz", "FormatVersion", "2");
  assert_key (quiz, "Question one", "Picture", "a-png");
  assert_key (quiz, "Picture a-png", "Alt[ur]", "An \"a\"");
  assert_no_key (quiz, "Picture a-png", "Alt");
  /* Without an alt, a screen reader says the file's name. */
  assert_key (quiz, "Question two", "Picture", "b-png");
  assert_key (quiz, "Picture b-png", "Alt[ur]", "b.png");
  assert_key (quiz, "Picture b-png", "Data", large_base64);
  assert_no_key (quiz, "Question three", "Picture");
  g_assert_false (g_key_file_has_group (quiz, "Picture c-png"));
  assert_key (quiz, "Question four", "Picture", "d-jpg");
  assert_key (quiz, "Question five", "Picture", "e-svg");
  /* The same name for other bytes, or another alt, is another picture. */
  assert_key (quiz, "Question six", "Picture", "a-png-2");
  assert_key (quiz, "Question seven", "Picture", "a-png");
  g_assert_false (g_key_file_has_group (quiz, "Picture a-png-3"));
  assert_no_key (quiz, "Question eight", "Picture");

  g_assert_cmpuint (g_strv_length (warnings), ==, 2);
  expected = g_strdup_printf (BANK ":%u: the picture “c.png” is larger than 2 MiB, and was left "
                              "out", line_of (xml, "<file name=\"c.png\""));
  g_assert_cmpstr (warnings[0], ==, expected);
  g_free (expected);
  expected = g_strdup_printf (BANK ":%u: the file “notes.png” is not a PNG, JPEG or SVG picture, "
                              "and was left out", line_of (xml, "<file name=\"notes.png\""));
  g_assert_cmpstr (warnings[1], ==, expected);
}

/* Where a picture may be, and what a quiz shows of it: one a question or an answer. */
static void
test_picture_places (void)
{
  g_autofree char *xml = wrap (
    "<question type=\"matching\">\n<name><text>Shapes</text></name>\n"
    "<questiontext><text><![CDATA[Match <img src=\"@@PLUGINFILE@@/one.png\" alt=\"one\">"
    "<img src=\"@@PLUGINFILE@@/two.png\" alt=\"two\"> <img alt=\"none\">]]></text>\n"
    "<file name=\"one.png\" encoding=\"base64\">" PNG_BASE64 "</file>\n"
    "<file name=\"two.png\" encoding=\"base64\">" PNG_BASE64 "</file>\n</questiontext>\n"
    "<subquestion format=\"html\"><text><![CDATA[<img src='@@PLUGINFILE@@/sub/red.png' "
    "alt='Red'>]]></text>\n<file name=\"red.png\" path=\"/sub/\" encoding=\"base64\">"
    PNG_BASE64 "</file>\n<answer><text>red</text></answer></subquestion>\n"
    "<subquestion format=\"html\"><text>Blue</text><answer><text>blue</text></answer>"
    "</subquestion>\n</question>\n"
    "<question type=\"multichoice\">\n<name><text>Old</text></name>\n"
    "<questiontext><text>Which picture?</text></questiontext>\n"
    "<image>images/old.png</image>\n<image_base64>" PNG_BASE64 "</image_base64>\n"
    "<answer fraction=\"100\" format=\"plain_text\"><text><![CDATA[<img src=\"@@PLUGINFILE@@/x.png\">]]>"
    "</text><file name=\"x.png\" encoding=\"base64\">" PNG_BASE64 "</file></answer>\n"
    "<answer fraction=\"0\"><text>Not this</text>\n<file name=\"y.png\" encoding=\"hex\">00</file>"
    "</answer>\n</question>\n");
  g_auto(GStrv) warnings = NULL;
  g_autoptr(GKeyFile) quiz = import_full (xml, strlen (xml), "en", &warnings);
  g_autofree char *expected = NULL;

  assert_key (quiz, "Question shapes", "Text", "Match");
  assert_key (quiz, "Question shapes", "Picture", "one-png");
  assert_key (quiz, "Question shapes", "Item.a", "Red");
  assert_key (quiz, "Question shapes", "Picture.a", "red-png");
  assert_key (quiz, "Picture red-png", "Alt", "Red");
  assert_no_key (quiz, "Question shapes", "Picture.b");
  g_assert_false (g_key_file_has_group (quiz, "Picture two-png"));
  /* Moodle 1.9's <image>; a plain-text answer shows its tags as text, and no picture. */
  assert_key (quiz, "Question old", "Picture", "old-png");
  assert_key (quiz, "Picture old-png", "Alt", "old.png");
  assert_key (quiz, "Question old", "Choice.a", "<img src=\"@@PLUGINFILE@@/x.png\">");
  assert_no_key (quiz, "Question old", "Picture.a");

  g_assert_cmpuint (g_strv_length (warnings), ==, 1);
  expected = g_strdup_printf (BANK ":%u: a question or an answer shows one picture; “two.png” was "
                              "left out", line_of (xml, "<file name=\"two.png\""));
  g_assert_cmpstr (warnings[0], ==, expected);
}

static char *
multichoice (const char *single,
             const char *fraction_list)
{
  g_auto(GStrv) fractions = g_strsplit (fraction_list, " ", -1);
  GString *xml = g_string_new ("<question type=\"multichoice\">\n"
                               "<questiontext><text>Pick</text></questiontext>\n");

  if (single != NULL)
    g_string_append_printf (xml, "<single>%s</single>\n", single);
  for (guint i = 0; fractions[i] != NULL; i++)
    g_string_append_printf (xml, "<answer fraction=\"%s\"><text>Answer %u</text></answer>\n",
                            fractions[i], i + 1);
  g_string_append (xml, "</question>\n");
  return g_string_free (xml, FALSE);
}

/* Moodle's grades decide the type: one answer at 100 % and none else above 0 is a question
 * with one right answer; other grades are weights, which must add up to 100 %. */
static void
test_grades (void)
{
  static const struct {
    const char *single, *fractions, *type, *answer, *weights, *skip;
  } cases[] = {
    { "true", "100 0 0", NULL, "a", NULL, NULL },
    { NULL, "0 100 -50", NULL, "b", NULL, NULL },
    { "1", "0 0 100", NULL, "c", NULL, NULL },
    { "false", "100 0", "multiple", NULL, "100 -", NULL },
    { "0", "50 50 -100", "multiple", NULL, "50 50 -100", NULL },
    { "false", "33.33333 33.33333 33.33333 -100", "multiple", NULL,
      "33.33333 33.33333 33.33333 -100", NULL },
    { "true", "50 50 0", "multiple", NULL, "50 50 -", NULL },
    { "false", "83.33333 16.66667 0.0000000", "multiple", NULL, "83.33333 16.66667 -", NULL },
    /* Moodle's own error_invalid_grades.xml. */
    { "false", "-50 33 33.33333 -50 33.33333", NULL, NULL, NULL,
      "skipped: the grades of the right answers do not add up to 100 %" },
    { "true", "100 50 0", NULL, NULL, NULL,
      "skipped: the grades of the right answers do not add up to 100 %" },
    { "true", "0 0 -10", NULL, NULL, NULL, "skipped: no answer gives marks" },
    { "true", "100", NULL, NULL, NULL, "skipped: a question needs at least 2 answers" },
    { "true", "100 0 0 0 0 0 0 0 0 0 0", NULL, NULL, NULL,
      "skipped: a question has at most 10 answers" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *question = multichoice (cases[i].single, cases[i].fractions);
      g_autofree char *padding = multichoice ("true", "100 0");
      g_autofree char *questions = g_strconcat (question, padding, NULL);
      g_auto(GStrv) warnings = NULL;
      g_autoptr(GKeyFile) quiz = import_questions (questions, &warnings);

      g_test_message ("case %u: %s", i, cases[i].fractions);
      if (cases[i].skip != NULL)
        {
          g_autofree char *expected = g_strdup_printf (BANK ":3: %s", cases[i].skip);

          g_assert_cmpuint (g_strv_length (warnings), ==, 1);
          g_assert_cmpstr (warnings[0], ==, expected);
          g_assert_false (g_key_file_has_group (quiz, "Question q2"));
          continue;
        }
      /* A single choice keeps no penalty, and says so. */
      if (cases[i].type == NULL && strchr (cases[i].fractions, '-') != NULL)
        {
          g_assert_cmpuint (g_strv_length (warnings), ==, 1);
          g_assert_nonnull (strstr (warnings[0], "without the penalties"));
        }
      else
        g_assert_cmpuint (g_strv_length (warnings), ==, 0);
      assert_key (quiz, "Quiz", "FormatVersion", cases[i].type == NULL ? "1" : "2");
      if (cases[i].type == NULL)
        assert_no_key (quiz, "Question q1", "Type");
      else
        assert_key (quiz, "Question q1", "Type", cases[i].type);
      if (cases[i].answer != NULL)
        assert_key (quiz, "Question q1", "Answer", cases[i].answer);
      else
        assert_no_key (quiz, "Question q1", "Answer");
      if (cases[i].weights != NULL)
        {
          g_auto(GStrv) weights = g_strsplit (cases[i].weights, " ", -1);

          for (guint k = 0; weights[k] != NULL; k++)
            {
              g_autofree char *key = g_strdup_printf ("Weight.%c", 'a' + k);

              if (g_str_equal (weights[k], "-"))
                assert_no_key (quiz, "Question q1", key);
              else
                assert_key (quiz, "Question q1", key, weights[k]);
            }
        }
      else
        assert_no_key (quiz, "Question q1", "Weight.a");
    }
}

/* Typed answers: those that give marks are accepted, up to 10; numbers as written. */
static void
test_typed_answers (void)
{
  g_autofree char *many = NULL;
  g_autoptr(GString) eleven = g_string_new ("<question type=\"shortanswer\">\n"
                                            "<questiontext><text>Any</text></questiontext>\n");
  g_autofree char *xml = NULL;
  g_auto(GStrv) warnings = NULL;
  g_autoptr(GKeyFile) quiz = NULL;

  for (guint i = 0; i < 11; i++)
    g_string_append_printf (eleven, "<answer fraction=\"100\"><text>w%u</text></answer>\n", i);
  g_string_append (eleven, "</question>\n");
  many = g_strconcat (
    "<question type=\"shortanswer\">\n<name><text>Lower</text></name>\n"
    "<questiontext><text>Say it</text></questiontext>\n<usecase>0</usecase>\n"
    "<answer fraction=\"100\"><text>  &lt;b&gt;it&lt;/b&gt;  </text></answer>\n</question>\n",
    eleven->str,
    "<question type=\"shortanswer\">\n<questiontext><text>None</text></questiontext>\n"
    "<answer fraction=\"0\"><text>no</text></answer>\n</question>\n"
    "<question type=\"numerical\">\n<name><text>Signs</text></name>\n"
    "<questiontext><text>How cold?</text></questiontext>\n"
    "<answer fraction=\"100\"><text>+5</text><tolerance>-0.5</tolerance></answer>\n"
    "<answer fraction=\"25\"><text>-3e2</text><tolerance>0.0</tolerance></answer>\n"
    "<units><unit><unit_name>K</unit_name></unit></units>\n</question>\n"
    "<question type=\"numerical\">\n<name><text>Any number</text></name>\n"
    "<questiontext><text>Any?</text></questiontext>\n"
    "<answer fraction=\"100\"><text>*</text></answer>\n</question>\n"
    "<question type=\"shortanswer\">\n<name><text>Half</text></name>\n"
    "<questiontext><text>Half?</text></questiontext>\n"
    "<answer fraction=\"50\"><text>half</text></answer>\n</question>\n"
    "<question type=\"numerical\">\n<name><text>No unit</text></name>\n"
    "<questiontext><text>How far?</text></questiontext>\n"
    "<answer fraction=\"100\"><text>12</text></answer>\n"
    "<units><unit><multiplier>1000</multiplier><unit_name>mm</unit_name></unit></units>\n"
    "</question>\n", NULL);
  xml = wrap (many);
  quiz = import_full (xml, strlen (xml), "en", &warnings);

  /* Short answers are plain text in Moodle: tags stay. */
  assert_key (quiz, "Question lower", "Accept.a", "<b>it</b>");
  assert_no_key (quiz, "Question lower", "CaseSensitive");
  assert_key (quiz, "Question signs", "Accept.a", "5");
  assert_key (quiz, "Question signs", "Tolerance.a", "0.5");
  assert_key (quiz, "Question signs", "Accept.b", "-3e2");
  assert_key (quiz, "Question signs", "Weight.b", "25");
  assert_no_key (quiz, "Question signs", "Tolerance.b");
  assert_key (quiz, "Question signs", "Unit", "K");
  assert_key (quiz, "Question no-unit", "Accept.a", "12");
  assert_no_key (quiz, "Question no-unit", "Unit");
  g_assert_false (g_key_file_has_group (quiz, "Question any-number"));

  g_assert_cmpuint (g_strv_length (warnings), ==, 4);
  {
    const char *messages[] = {
      "skipped: a question has at most 10 accepted answers",
      "skipped: no answer gives marks",
      "skipped: an answer “*” gives marks for any number",
      "skipped: no answer gives full marks",
    };
    const char *needles[] = { "<question type=\"shortanswer\">\n<questiontext><text>Any",
                              "<question type=\"shortanswer\">\n<questiontext><text>None",
                              "<question type=\"numerical\">\n<name><text>Any number",
                              "<question type=\"shortanswer\">\n<name><text>Half" };

    for (guint i = 0; i < G_N_ELEMENTS (messages); i++)
      {
        g_autofree char *expected = g_strdup_printf (BANK ":%u: %s", line_of (xml, needles[i]),
                                                     messages[i]);
        g_assert_cmpstr (warnings[i], ==, expected);
      }
  }
}

/* Matching and ordering within the limits of a quiz: 2 to 10 items, 0 to 10 distractors. */
static void
test_items (void)
{
  g_autoptr(GString) questions = g_string_new (NULL);
  g_autofree char *xml = NULL;
  g_auto(GStrv) warnings = NULL;
  g_autoptr(GKeyFile) quiz = NULL;

  g_string_append (questions, "<question type=\"matching\">\n<name><text>Eleven</text></name>\n"
                              "<questiontext><text>Match</text></questiontext>\n");
  for (guint i = 0; i < 11; i++)
    g_string_append_printf (questions, "<subquestion><text>%u</text><answer><text>%u</text>"
                                       "</answer></subquestion>\n", i, i);
  g_string_append (questions, "</question>\n<question type=\"matching\">\n"
                              "<name><text>Distractors</text></name>\n"
                              "<questiontext><text>Match</text></questiontext>\n"
                              "<subquestion><text>A</text><answer><text>a</text></answer>"
                              "</subquestion>\n<subquestion><text>B</text><answer><text>b"
                              "</text></answer></subquestion>\n");
  for (guint i = 0; i < 11; i++)
    g_string_append_printf (questions, "<subquestion><text></text><answer><text>x%u</text>"
                                       "</answer></subquestion>\n", i);
  g_string_append (questions, "</question>\n<question type=\"matching\">\n"
                              "<name><text>Unmatched</text></name>\n"
                              "<questiontext><text>Match</text></questiontext>\n"
                              "<subquestion><text>A</text><answer><text>a</text></answer>"
                              "</subquestion>\n<subquestion><text>B</text><answer><text>"
                              "</text></answer></subquestion>\n</question>\n"
                              "<question type=\"matching\">\n<name><text>Blank</text></name>\n"
                              "<questiontext><text>Match</text></questiontext>\n"
                              "<subquestion><text>A</text><answer><text>a</text></answer>"
                              "</subquestion>\n<subquestion><text></text><answer><text></text>"
                              "</answer></subquestion>\n<subquestion><text>B</text><answer><text>"
                              "a</text></answer></subquestion>\n<subquestion><text></text><answer>"
                              "<text>c</text></answer></subquestion>\n</question>\n"
                              "<question type=\"matching\">\n<name><text>Same</text></name>\n"
                              "<questiontext><text>Match</text></questiontext>\n"
                              "<subquestion><text>A</text><answer><text>a</text></answer>"
                              "</subquestion>\n<subquestion><text>B</text><answer><text>a</text>"
                              "</answer></subquestion>\n</question>\n"
                              "<question type=\"ordering\">\n<name><text>One</text></name>\n"
                              "<questiontext><text>Order</text></questiontext>\n"
                              "<answer><text>only</text></answer>\n</question>\n"
                              "<question type=\"ordering\">\n<name><text>Unnumbered</text></name>\n"
                              "<questiontext><text>Order</text></questiontext>\n"
                              "<answer><text>first</text></answer>\n"
                              "<answer fraction=\"x\"><text>second</text></answer>\n</question>\n");
  xml = wrap (questions->str);
  quiz = import_full (xml, strlen (xml), "en", &warnings);

  /* A subquestion with neither text nor answer is nothing; two items may share an answer,
   * but not every item. */
  assert_key (quiz, "Question blank", "Items", "a;b;");
  assert_key (quiz, "Question blank", "Match.b", "a");
  assert_key (quiz, "Question blank", "Distractors", "c;");
  g_assert_false (g_key_file_has_group (quiz, "Question same"));
  assert_key (quiz, "Question unnumbered", "Item.a", "first");
  assert_key (quiz, "Question unnumbered", "Item.b", "second");

  g_assert_cmpuint (g_strv_length (warnings), ==, 5);
  {
    const char *messages[] = {
      "skipped: a question has at most 10 items",
      "skipped: a matching question has at most 10 answers that match no item",
      "skipped: an item has no answer to match",
      "skipped: every item of a matching question has the same answer",
      "skipped: a question needs at least 2 items",
    };
    const char *needles[] = { "<name><text>Eleven", "<name><text>Distractors",
                              "<name><text>Unmatched", "<name><text>Same", "<name><text>One" };

    for (guint i = 0; i < G_N_ELEMENTS (messages); i++)
      {
        g_autofree char *expected = g_strdup_printf (BANK ":%u: %s",
                                                     line_of (xml, needles[i]) - 1, messages[i]);
        g_assert_cmpstr (warnings[i], ==, expected);
      }
  }
}

/* Moodle reads true/false by the answers' texts; a file that wrote them in its language has
 * true first. */
static void
test_true_false (void)
{
  g_autoptr(GKeyFile) quiz = import_questions (
    "<question type=\"truefalse\">\n<name><text>Reversed</text></name>\n"
    "<questiontext><text>Is it?</text></questiontext>\n"
    "<answer fraction=\"100\"><text>false</text><feedback><text>Right, it is not.</text>"
    "</feedback></answer>\n<answer fraction=\"0\"><text>true</text></answer>\n</question>\n"
    "<question type=\"truefalse\">\n<name><text>Old</text></name>\n"
    "<questiontext><text>Is it?</text></questiontext>\n"
    "<answer fraction=\"0\"><text>Wahr</text></answer>\n"
    "<answer fraction=\"100\"><text>Falsch</text></answer>\n</question>\n", NULL);

  assert_key (quiz, "Question reversed", "Choices", "true;false;");
  assert_key (quiz, "Question reversed", "Answer", "false");
  assert_key (quiz, "Question reversed", "Feedback.false", "Right, it is not.");
  assert_no_key (quiz, "Question reversed", "Feedback.true");
  assert_key (quiz, "Question old", "Answer", "false");
  assert_key (quiz, "Quiz", "FormatVersion", "1");
}

/* Question names give ids as GIFT titles do; categories give topics, the last level of the
 * path (Moodle's nested_categories_with_questions.xml, shortened). */
static void
test_names_and_categories (void)
{
  g_autoptr(GKeyFile) quiz = import_questions (
    "<question type=\"category\"><category><text>$course$/Iota</text></category></question>\n"
    "<question type=\"truefalse\"><name><text>Iota Question</text></name><questiontext>"
    "<text>Iota?</text></questiontext><answer fraction=\"100\"><text>true</text></answer>"
    "</question>\n"
    "<question type=\"category\"><category><text>$course$/Iota/Kappa</text></category>"
    "</question>\n"
    "<question type=\"truefalse\"><name><text>Iota Question</text></name><questiontext>"
    "<text>Kappa?</text></questiontext><answer fraction=\"100\"><text>true</text></answer>"
    "</question>\n"
    "<question type=\"category\"><category>$course$/Iota/Mu//Nu</category></question>\n"
    "<question type=\"truefalse\"><name><text>سوال</text></name><questiontext>"
    "<text>Mu?</text></questiontext><answer fraction=\"100\"><text>true</text></answer>"
    "</question>\n"
    "<question type=\"category\"><category><text>$course$/top</text></category></question>\n"
    "<question type=\"truefalse\"><questiontext><text>None?</text></questiontext>"
    "<answer fraction=\"100\"><text>true</text></answer></question>\n", NULL);
  g_auto(GStrv) groups = g_key_file_get_groups (quiz, NULL);
  const char * const expected[] = { "Quiz", "Question iota-question", "Question iota-question-2",
                                    "Question q3", "Question q4", NULL };

  g_assert_cmpstrv (groups, expected);
  assert_key (quiz, "Quiz", "Topics", "Iota;Kappa;Mu/Nu;");
  assert_key (quiz, "Question iota-question", "Topic", "Iota");
  assert_key (quiz, "Question iota-question-2", "Topic", "Kappa");
  assert_key (quiz, "Question q3", "Topic", "Mu/Nu");
  assert_no_key (quiz, "Question q4", "Topic");
}

/* Moodle's text formats: HTML and its auto-format lose their tags, the others are shown as
 * written. */
static void
test_formats (void)
{
  g_autoptr(GKeyFile) quiz = import_questions (
    "<question type=\"truefalse\"><name><text>Html</text></name>\n"
    "<questiontext format=\"html\"><text><![CDATA[<p>First\n   line,\tstill   first.</p>"
    "<p>Second &amp; last&nbsp;&hellip; &Psi;/N<sub>d</sub></p>"
    "<pre>for i in x:\n    print(i)</pre>]]></text></questiontext>\n"
    "<generalfeedback format=\"plain_text\"><text><![CDATA[Keep <b>this</b> &amp; that]]>"
    "</text></generalfeedback>\n"
    "<answer fraction=\"100\"><text>true</text></answer></question>\n"
    "<question type=\"truefalse\"><name><text>Auto</text></name>\n"
    "<questiontext format=\"moodle_auto_format\"><text><![CDATA[[html] is <i>kept</i>]]></text>"
    "</questiontext>\n"
    "<answer fraction=\"100\"><text>true</text><feedback format=\"markdown\"><text>**bold**"
    "</text></feedback></answer></question>\n", NULL);

  assert_key (quiz, "Question html", "Text",
              "First line, still first.\nSecond & last … Ψ/Nd\n```\nfor i in x:\n    print(i)\n```");
  assert_key (quiz, "Question html", "Explanation", "Keep <b>this</b> &amp; that");
  assert_key (quiz, "Question auto", "Text", "[html] is kept");
  assert_key (quiz, "Question auto", "Feedback.true", "**bold**");
}

/* The language of the keys, told or guessed from the questions' texts. */
static void
test_languages (void)
{
  gsize length;
  g_autofree char *xml = read_fixture ("urdu.xml", &length);
  g_autoptr(GKeyFile) guessed = import_full (xml, length, NULL, NULL);
  g_autoptr(GKeyFile) told = import_full (xml, length, "en", NULL);
  g_autoptr(GKeyFile) english = import_questions (
    "<question type=\"truefalse\"><name><text>Q</text></name><questiontext><text>Is it?"
    "</text></questiontext><answer fraction=\"100\"><text>true</text></answer></question>\n",
    NULL);

  assert_key (guessed, "Quiz", "Title[ur]", "Imported");
  assert_no_key (guessed, "Quiz", "Title");
  assert_key (guessed, "Quiz", "Topics[ur]", "ریاضی;");
  assert_key (guessed, "Question sum", "Text[ur]", "دو جمع دو کتنے ہوتے ہیں؟");
  assert_key (guessed, "Question sum", "Choice.a[ur]", "چار");
  assert_key (guessed, "Question sum", "Explanation[ur]", "دو اور دو چار ہوتے ہیں۔");
  assert_key (guessed, "Question even", "Choice.true[ur]", "درست");
  assert_key (guessed, "Question even", "Choice.false[ur]", "غلط");
  assert_key (guessed, "Question length", "Accept.a", "12");
  assert_key (guessed, "Question length", "Unit[ur]", "میٹر");
  assert_key (guessed, "Question capital", "Accept.a[ur]", "اسلام آباد");

  assert_key (told, "Question sum", "Text", "دو جمع دو کتنے ہوتے ہیں؟");
  assert_key (told, "Question even", "Choice.true", "True");
  assert_key (english, "Question q", "Text", "Is it?");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/moodle-xml/every-type", test_every_type);
  g_test_add_func ("/moodle-xml/pictures", test_pictures);
  g_test_add_func ("/moodle-xml/picture-places", test_picture_places);
  g_test_add_func ("/moodle-xml/grades", test_grades);
  g_test_add_func ("/moodle-xml/typed-answers", test_typed_answers);
  g_test_add_func ("/moodle-xml/items", test_items);
  g_test_add_func ("/moodle-xml/true-false", test_true_false);
  g_test_add_func ("/moodle-xml/names-and-categories", test_names_and_categories);
  g_test_add_func ("/moodle-xml/formats", test_formats);
  g_test_add_func ("/moodle-xml/languages", test_languages);
  g_test_add_func ("/moodle-xml/errors", test_errors);
  g_test_add_func ("/moodle-xml/entities", test_entities);

  return g_test_run ();
}
