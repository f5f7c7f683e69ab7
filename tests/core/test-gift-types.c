/* test-gift-types.c: GIFT questions of the types of format 2, checked in the key file they
 * become
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The questions are Moodle's own test cases (question/format/gift/tests/giftformat_test.php)
 * and the examples of its documentation ("GIFT format"), written out here; what Moodle reads
 * from them is what these tests expect of the keys.
 */

#include <stdarg.h>
#include <string.h>

#include "imtehan-gift.h"
#include "imtehan-quiz.h"

#define LINES(...) ((const char * const[]) { __VA_ARGS__, NULL })
#define NONE ((const char * const[]) { NULL })

/* The quiz of the last import, as the app loads it. */
static ImtehanQuiz *loaded;

/* Asserts the score of each response, Moodle's fraction for it: pairs of a response (as an
 * attempt records it) and the score, ended by NULL. */
static void
assert_grades (const char *question_id,
               ...)
{
  ImtehanQuestion *question = imtehan_quiz_find_question (loaded, question_id);
  const char *response;
  va_list args;

  g_assert_nonnull (question);
  va_start (args, question_id);
  while ((response = va_arg (args, const char *)) != NULL)
    {
      double expected = va_arg (args, double);

      g_test_message ("%s: “%s”", question_id, response);
      g_assert_cmpfloat_with_epsilon (imtehan_question_grade (question, response), expected,
                                      1e-9);
    }
  va_end (args);
}

/* Imports @gift as the CLI would, into the key file it becomes; its text in @output. */
static GKeyFile *
convert_full (const char   *gift,
              const char   *language,
              char       ***warnings,
              char        **output)
{
  g_autoptr(GBytes) bytes = g_bytes_new (gift, strlen (gift));
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) local_warnings = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  data = imtehan_gift_import (bytes, "teacher.gift", "imported", "Imported", language,
                              &local_warnings, &length, &error);
  g_assert_no_error (error);
  g_assert_nonnull (data);
  g_test_message ("%s", data);
  for (guint i = 0; local_warnings[i] != NULL; i++)
    g_test_message ("warning: %s", local_warnings[i]);
  g_assert_true (g_key_file_load_from_data (key_file, data, length,
                                            G_KEY_FILE_KEEP_TRANSLATIONS, &error));
  g_assert_no_error (error);

  /* The app takes it. */
  {
    g_autoptr(GBytes) quiz_bytes = g_bytes_new (data, length);

    g_clear_object (&loaded);
    loaded = imtehan_quiz_new_from_bytes (quiz_bytes, "imported.quiz", &error);
    g_assert_no_error (error);
    g_assert_nonnull (loaded);
  }

  if (warnings != NULL)
    *warnings = g_steal_pointer (&local_warnings);
  if (output != NULL)
    *output = g_steal_pointer (&data);
  return g_steal_pointer (&key_file);
}

static GKeyFile *
convert (const char   *gift,
         char       ***warnings)
{
  return convert_full (gift, "en", warnings, NULL);
}

/* Asserts every key of @group, in the order written, with its value as in the file:
 * "Key=value" each. */
static void
assert_group (GKeyFile           *key_file,
              const char         *group,
              const char * const *lines)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) keys = g_key_file_get_keys (key_file, group, NULL, &error);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);

  g_assert_no_error (error);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autofree char *value = g_key_file_get_value (key_file, group, keys[i], NULL);

      g_ptr_array_add (found, g_strdup_printf ("%s=%s", keys[i], value));
    }
  g_ptr_array_add (found, NULL);
  g_assert_cmpstrv ((const char * const *)found->pdata, lines);
}

static void
assert_format_version (GKeyFile *key_file,
                       int       expected)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_key_file_get_integer (key_file, "Quiz", "FormatVersion", &error), ==,
                   expected);
  g_assert_no_error (error);
}

/* test_import_multichoice_multi: no answer marked "=", the weights of those picked add up. */
static void
test_multichoice_multi (void)
{
  g_auto(GStrv) warnings = NULL;
  g_autoptr(GKeyFile) key_file = NULL;

  key_file = convert ("// multiple choice, multiple response with specified feedback for right "
                      "and wrong answers\n"
                      "::colours:: What's between orange and green in the spectrum?\n"
                      "{\n"
                      "    ~%50%yellow # right; good!\n"
                      "    ~%-100%red # [html]wrong\n"
                      "    ~%50%off-beige # right; good!\n"
                      "    ~%-100%[plain]blue # wrong\n"
                      "}\n"
                      "\n"
                      "// test_import_multichoice_multi_tricky: one answer weighs 100, but "
                      "the others take marks away\n"
                      "::colours:: What's between orange and green in the spectrum?\n"
                      "{\n"
                      "    ~%100%yellow # right; good!\n"
                      "    ~%-50%red # wrong\n"
                      "    ~%-50%blue # wrong\n"
                      "}\n"
                      "\n"
                      "// Moodle's documentation, with a general feedback\n"
                      "What two people are entombed in Grant's tomb? {\n"
                      "   ~%-100%No one\n"
                      "   ~%50%Grant\n"
                      "   ~%50%Grant's wife\n"
                      "   ~%-100%Grant's father\n"
                      "   ~%0%Grant's horse#[html]<i>Cincinnati</i> was his horse.\n"
                      "   ####Grant and his wife, Julia.\n"
                      "}\n"
                      "\n"
                      "// weights of thirds, as Moodle writes them\n"
                      "Which are primes? {~%33.33333%2 ~%33.33333%3 ~%33.33333%5 ~%-100%9}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, NONE);
  assert_format_version (key_file, 2);
  assert_group (key_file, "Question colours",
                LINES ("Text=What's between orange and green in the spectrum?",
                       "Type=multiple",
                       "Choices=a;b;c;d;",
                       "Choice.a=yellow", "Choice.b=red", "Choice.c=off-beige", "Choice.d=blue",
                       "Weight.a=50", "Weight.b=-100", "Weight.c=50", "Weight.d=-100",
                       "Feedback.a=right; good!", "Feedback.b=wrong",
                       "Feedback.c=right; good!", "Feedback.d=wrong"));
  assert_group (key_file, "Question colours-2",
                LINES ("Text=What's between orange and green in the spectrum?",
                       "Type=multiple",
                       "Choices=a;b;c;",
                       "Choice.a=yellow", "Choice.b=red", "Choice.c=blue",
                       "Weight.a=100", "Weight.b=-50", "Weight.c=-50",
                       "Feedback.a=right; good!", "Feedback.b=wrong", "Feedback.c=wrong"));
  /* A choice that weighs 0 has no Weight key; the general feedback is the explanation. */
  assert_group (key_file, "Question q3",
                LINES ("Text=What two people are entombed in Grant's tomb?",
                       "Type=multiple",
                       "Choices=a;b;c;d;e;",
                       "Choice.a=No one", "Choice.b=Grant", "Choice.c=Grant's wife",
                       "Choice.d=Grant's father", "Choice.e=Grant's horse",
                       "Weight.a=-100", "Weight.b=50", "Weight.c=50", "Weight.d=-100",
                       "Feedback.e=Cincinnati was his horse.",
                       "Explanation=Grant and his wife, Julia."));
  assert_group (key_file, "Question q4",
                LINES ("Text=Which are primes?",
                       "Type=multiple",
                       "Choices=a;b;c;d;",
                       "Choice.a=2", "Choice.b=3", "Choice.c=5", "Choice.d=9",
                       "Weight.a=33.33333", "Weight.b=33.33333", "Weight.c=33.33333",
                       "Weight.d=-100"));

  /* The weights of the choices picked add up, clamped to 0..1. */
  assert_grades ("colours", "a;c", 1.0, "a", 0.5, "c;a", 1.0, "a;b", 0.0, "a;b;c;d", 0.0,
                 "b;d", 0.0, NULL);
  assert_grades ("colours-2", "a", 1.0, "a;b", 0.5, "a;b;c", 0.0, "c", 0.0, NULL);
  assert_grades ("q3", "b;c", 1.0, "b", 0.5, "b;e", 0.5, "b;c;d", 0.0, "e", 0.0, NULL);
  assert_grades ("q4", "a;b;c", 0.9999999, "a;b", 0.6666666, "a;b;c;d", 0.0, NULL);
}

/* test_import_multichoice, and weights that make one answer right and the others wrong:
 * questions with one right answer, written as format 1 reads them. */
static void
test_multichoice_single (void)
{
  g_auto(GStrv) warnings = NULL;
  g_autoptr(GKeyFile) key_file = NULL;

  key_file = convert ("// multiple choice with specified feedback for right and wrong answers\n"
                      "::Q2:: What's between orange and green in the spectrum?\n"
                      "{\n"
                      "    =yellow # right; good!\n"
                      "    ~red # [html]wrong, it's yellow\n"
                      "    ~[plain]blue # wrong, it's yellow\n"
                      "}\n"
                      "\n"
                      "::Q3:: What's between orange and green in the spectrum?\n"
                      "{~%100%yellow ~red ~%0%blue#no}\n"
                      "\n"
                      "// a weight of 0 is no weight\n"
                      "::Q4:: Which is green?{=green ~%0%red}\n"
                      "\n"
                      "// true/false: test_import_truefalse\n"
                      "::Q1:: 42 is the Absolute Answer to everything.{\n"
                      "FALSE#42 is the Ultimate Answer.#You gave the right answer.}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, NONE);
  assert_format_version (key_file, 1);
  assert_group (key_file, "Question q2",
                LINES ("Text=What's between orange and green in the spectrum?",
                       "Choices=a;b;c;",
                       "Choice.a=yellow", "Choice.b=red", "Choice.c=blue",
                       "Answer=a",
                       "Explanation=right; good!\\n“red”: wrong, it's yellow\\n"
                       "“blue”: wrong, it's yellow"));
  assert_group (key_file, "Question q3",
                LINES ("Text=What's between orange and green in the spectrum?",
                       "Choices=a;b;c;",
                       "Choice.a=yellow", "Choice.b=red", "Choice.c=blue",
                       "Answer=a",
                       "Explanation=“blue”: no"));
  assert_group (key_file, "Question q4",
                LINES ("Text=Which is green?", "Choices=a;b;", "Choice.a=green", "Choice.b=red",
                       "Answer=a"));
  assert_group (key_file, "Question q1",
                LINES ("Text=42 is the Absolute Answer to everything.",
                       "Choices=true;false;", "Choice.true=True", "Choice.false=False",
                       "Answer=false",
                       "Explanation=You gave the right answer.\\n“True”: 42 is the Ultimate "
                       "Answer."));
  assert_grades ("q3", "a", 1.0, "b", 0.0, "c", 0.0, NULL);
}

/* test_import_shortanswer and test_import_shortanswer_with_general_feedback: "=%0%*" last
 * is Moodle's feedback for any other answer, an accepted answer that scores 0. */
static void
test_short_answer (void)
{
  g_auto(GStrv) warnings = NULL;
  g_autoptr(GKeyFile) key_file = NULL;

  key_file = convert ("// question: 666  name: Shortanswer\n"
                      "::Shortanswer::Which is the best animal?{\n"
                      "    =Frog#Good!\n"
                      "    =%50%Cat#What is it with Moodlers and cats?\n"
                      "    =%0%*#Completely wrong\n"
                      "}\n"
                      "\n"
                      "// question: 666  name: Shortanswer\n"
                      "::Shortanswer::Which is the best animal?{\n"
                      "    =Frog#Good!\n"
                      "    =%50%Cat#What is it with Moodlers and cats?\n"
                      "    =%0%*#Completely wrong\n"
                      "    ####[html]Here is some general feedback!\n"
                      "}\n"
                      "\n"
                      "// Moodle's documentation\n"
                      "Who's buried in Grant's tomb?{=no one =nobody}\n"
                      "\n"
                      "Two plus two equals {=four =4}.\n"
                      "\n"
                      "// text before the first \"=\" is an answer; \"[plain]\" is its format\n"
                      "Capital of France? {Paris =[plain]paris#lower case =%25%*ar*}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, NONE);
  assert_format_version (key_file, 2);
  assert_group (key_file, "Question shortanswer",
                LINES ("Text=Which is the best animal?",
                       "Type=short",
                       "Accept=a;b;c;",
                       "Accept.a=Frog", "Accept.b=Cat", "Accept.c=*",
                       "Weight.b=50", "Weight.c=0",
                       "Feedback.a=Good!", "Feedback.b=What is it with Moodlers and cats?",
                       "Feedback.c=Completely wrong"));
  assert_group (key_file, "Question shortanswer-2",
                LINES ("Text=Which is the best animal?",
                       "Type=short",
                       "Accept=a;b;c;",
                       "Accept.a=Frog", "Accept.b=Cat", "Accept.c=*",
                       "Weight.b=50", "Weight.c=0",
                       "Feedback.a=Good!", "Feedback.b=What is it with Moodlers and cats?",
                       "Feedback.c=Completely wrong",
                       "Explanation=Here is some general feedback!"));
  assert_group (key_file, "Question q3",
                LINES ("Text=Who's buried in Grant's tomb?", "Type=short", "Accept=a;b;",
                       "Accept.a=no one", "Accept.b=nobody"));
  assert_group (key_file, "Question q4",
                LINES ("Text=Two plus two equals _____.", "Type=short", "Accept=a;b;",
                       "Accept.a=four", "Accept.b=4"));
  assert_group (key_file, "Question q5",
                LINES ("Text=Capital of France?", "Type=short", "Accept=a;b;c;",
                       "Accept.a=Paris", "Accept.b=paris", "Accept.c=*ar*", "Weight.c=25",
                       "Feedback.b=lower case"));

  /* The first answer that accepts the text scores, case ignored (Moodle's default). */
  assert_grades ("shortanswer", "Frog", 1.0, "frog", 1.0, "  FROG ", 1.0, "Cat", 0.5,
                 "Dog", 0.0, "Frogs", 0.0, NULL);
  g_assert_cmpstr (imtehan_question_match_accepted (imtehan_quiz_find_question (loaded,
                                                                              "shortanswer"),
                                                    "Dog"), ==, "c");
  assert_grades ("q3", "no one", 1.0, "Nobody", 1.0, "no-one", 0.0, NULL);
  assert_grades ("q5", "paris", 1.0, "Karachi", 0.25, "Lahore", 0.0, NULL);
}

/* test_import_numerical and the documentation's examples: a margin of error, a range, and
 * partial credit. */
static void
test_numerical (void)
{
  g_auto(GStrv) warnings = NULL;
  g_autoptr(GKeyFile) key_file = NULL;

  key_file = convert ("// math range question\n"
                      "::Q5:: What is a number from 1 to 5? {#3:2~#Completely wrong}\n"
                      "\n"
                      "When was Ulysses S. Grant born?{#1822:5}\n"
                      "\n"
                      "What is the value of pi (to 3 decimal places)? {#3.1415:0.0005}.\n"
                      "\n"
                      "What is the value of pi (to 3 decimal places)? {#3.141..3.142}.\n"
                      "\n"
                      "When was Ulysses S. Grant born? {#\n"
                      "    =1822:0      # Correct! Full credit.\n"
                      "    =%50%1822:2  # He was born in 1822. Half credit for being close.\n"
                      "}\n"
                      "\n"
                      "// a range in the wrong order, a negative margin (Moodle takes its size), "
                      "a sign and exponents\n"
                      "Some numbers? {#=25..15 =%50%+1.5e1:-2 =%20%-2E-3 =%10%.5}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, NONE);
  assert_format_version (key_file, 2);
  assert_group (key_file, "Question q5",
                LINES ("Text=What is a number from 1 to 5?", "Type=numerical", "Accept=a;",
                       "Accept.a=3", "Tolerance.a=2", "Explanation=“*”: Completely wrong"));
  assert_group (key_file, "Question q2",
                LINES ("Text=When was Ulysses S. Grant born?", "Type=numerical", "Accept=a;",
                       "Accept.a=1822", "Tolerance.a=5"));
  assert_group (key_file, "Question q3",
                LINES ("Text=What is the value of pi (to 3 decimal places)? _____.",
                       "Type=numerical", "Accept=a;", "Accept.a=3.1415",
                       "Tolerance.a=0.0005"));
  assert_group (key_file, "Question q4",
                LINES ("Text=What is the value of pi (to 3 decimal places)? _____.",
                       "Type=numerical", "Accept=a;", "Accept.a=3.141..3.142"));
  assert_group (key_file, "Question q5-2",
                LINES ("Text=When was Ulysses S. Grant born?", "Type=numerical", "Accept=a;b;",
                       "Accept.a=1822", "Accept.b=1822", "Tolerance.b=2", "Weight.b=50",
                       "Feedback.a=Correct! Full credit.",
                       "Feedback.b=He was born in 1822. Half credit for being close."));
  assert_group (key_file, "Question q6",
                LINES ("Text=Some numbers?", "Type=numerical", "Accept=a;b;c;d;",
                       "Accept.a=15..25", "Accept.b=15", "Accept.c=-0.002", "Accept.d=0.5",
                       "Tolerance.b=2", "Weight.b=50", "Weight.c=20", "Weight.d=10"));

  /* The first answer whose range holds the number scores; "~" is no answer. */
  assert_grades ("q5", "3", 1.0, "1", 1.0, "5", 1.0, "5.5", 0.0, "0", 0.0, NULL);
  g_assert_null (imtehan_question_match_accepted (imtehan_quiz_find_question (loaded, "q5"),
                                                  "0"));
  assert_grades ("q2", "1822", 1.0, "1817", 1.0, "1828", 0.0, NULL);
  assert_grades ("q3", "3.1415", 1.0, "3.1418", 1.0, "3.143", 0.0, NULL);
  assert_grades ("q4", "3.141", 1.0, "3.1415", 1.0, "3.14", 0.0, NULL);
  assert_grades ("q5-2", "1822", 1.0, "1823", 0.5, "1820", 0.5, "1825", 0.0, NULL);
  assert_grades ("q6", "20", 1.0, "13", 0.5, "-0.002", 0.2, "0.5", 0.1, "1", 0.0, NULL);
}

/* test_import_match: an answer with nothing before "->" matches no item; each item's text
 * has its format, the answers are taken as written. */
static void
test_matching (void)
{
  g_auto(GStrv) warnings = NULL;
  g_autoptr(GKeyFile) key_file = NULL;

  key_file = convert ("// question: 2  name: Moodle activities\n"
                      "::Moodle activities::[html]Match the <b>activity</b> to the "
                      "description.{\n"
                      "    =[html]An activity supporting asynchronous discussions. -> Forum\n"
                      "    =[moodle]A teacher asks a question and specifies a choice of multiple "
                      "responses. -> Choice\n"
                      "    =[plain]A bank of record entries which participants can add to. -> "
                      "Database\n"
                      "    =[markdown]A collection of web pages that anyone can add to or edit. "
                      "-> Wiki\n"
                      "    = -> Chat\n"
                      "}\n"
                      "\n"
                      "// Moodle's documentation; an answer given twice is one answer\n"
                      "Match the following countries with their corresponding capitals. {\n"
                      "    =Canada -> Ottawa\n"
                      "    =Italy  -> Rome\n"
                      "    =Japan  -> Tokyo\n"
                      "    =India  -> New Delhi\n"
                      "    =Dominion of Canada -> Ottawa\n"
                      "    = -> Ottawa\n"
                      "    ####It's geography.\n"
                      "}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, NONE);
  assert_format_version (key_file, 2);
  assert_group (key_file, "Question moodle-activities",
                LINES ("Text=Match the activity to the description.",
                       "Type=matching",
                       "Items=a;b;c;d;",
                       "Item.a=An activity supporting asynchronous discussions.",
                       "Match.a=Forum",
                       "Item.b=A teacher asks a question and specifies a choice of multiple "
                       "responses.",
                       "Match.b=Choice",
                       "Item.c=A bank of record entries which participants can add to.",
                       "Match.c=Database",
                       "Item.d=A collection of web pages that anyone can add to or edit.",
                       "Match.d=Wiki",
                       "Distractors=e;",
                       "Match.e=Chat"));
  assert_group (key_file, "Question q2",
                LINES ("Text=Match the following countries with their corresponding capitals.",
                       "Type=matching",
                       "Items=a;b;c;d;e;",
                       "Item.a=Canada", "Match.a=Ottawa", "Item.b=Italy", "Match.b=Rome",
                       "Item.c=Japan", "Match.c=Tokyo", "Item.d=India", "Match.d=New Delhi",
                       "Item.e=Dominion of Canada", "Match.e=Ottawa",
                       "Explanation=It's geography."));

  /* The items matched right, divided by the number of items; an answer given twice is the
   * choice of its first item. */
  assert_grades ("moodle-activities", "a:a;b:b;c:c;d:d", 1.0, "a:a;b:b;c:c;d:e", 0.75,
                 "a:b;b:a;c:e;d:d", 0.25, NULL);
  assert_grades ("q2", "a:a;b:b;c:c;d:d;e:a", 1.0, "a:a;b:b;c:c;d:d;e:b", 0.8,
                 "a:b;b:c;c:d;d:a;e:b", 0.0, NULL);
  g_assert_false (imtehan_question_has_choice (imtehan_quiz_find_question (loaded, "q2"), "e"));
}

/* What a quiz cannot score as Moodle does is skipped, with one warning naming the line. */
static void
test_skipped (void)
{
  g_autofree char *text = NULL, *answer = NULL, *choices = NULL;
  g_auto(GStrv) warnings = NULL;
  g_autoptr(GKeyFile) key_file = NULL;
  g_auto(GStrv) groups = NULL;
  const char * const expected[] = {
    "teacher.gift:2: skipped: an answer besides the one marked right with “=” has a weight; "
      "a question with one right answer scores 1 or 0",
    "teacher.gift:4: imported without the penalties of its wrong answers: a question with "
      "one right answer scores 1 or 0",
    "teacher.gift:6: skipped: the weights of the right answers add up to 80%, not 100%",
    "teacher.gift:8: skipped: a weight is more than 100 or less than −100 percent",
    "teacher.gift:10: skipped: the weight “--50” is not a number",
    "teacher.gift:12: skipped: no answer is marked right with “=”",
    "teacher.gift:14: skipped: a question needs at least 2 answers",
    "teacher.gift:16: skipped: an answer weighs 150%; an accepted answer weighs 0% to 100%",
    "teacher.gift:18: skipped: an answer weighs -50%; an accepted answer weighs 0% to 100%",
    "teacher.gift:20: skipped: no answer weighs 100%, so full marks cannot be earned",
    "teacher.gift:22: skipped: no answer weighs 100%, so full marks cannot be earned",
    "teacher.gift:24: skipped: an answer is empty",
    "teacher.gift:26: skipped: a question has at most 10 accepted answers",
    "teacher.gift:28: skipped: an answer for any number (“*”) may only come last, and score 0",
    "teacher.gift:30: skipped: “abc” is not a number, a number and its margin of error "
      "(“1822:5”) or a range (“1820..1825”)",
    "teacher.gift:32: skipped: “5:x” is not a number, a number and its margin of error "
      "(“1822:5”) or a range (“1820..1825”)",
    "teacher.gift:34: skipped: “1..” is not a number, a number and its margin of error "
      "(“1822:5”) or a range (“1820..1825”)",
    "teacher.gift:36: skipped: a numerical question without an answer",
    "teacher.gift:38: skipped: an answer of a matching question has no “->”",
    "teacher.gift:40: skipped: a matching question needs at least 2 items (a text before “->”)",
    "teacher.gift:42: skipped: an answer is empty",
    "teacher.gift:44: skipped: a matching question has at most 10 items",
    "teacher.gift:47: skipped: every item of a matching question has the same answer",
    "teacher.gift:49: skipped: an answer for any number (“*”) may only come last, and score 0",
    "teacher.gift:51: skipped: an essay question, which a quiz cannot mark",
    NULL
  };

  key_file = convert ("// Moodle's one-answer question, which scores the answer picked\n"
                      "Partial? {=A ~%50%B ~C}\n"                                          /*  2 */
                      "\n"
                      "Negative? {=A ~%-50%B ~C}\n"                                        /*  4 */
                      "\n"
                      "Short of 100? {~%50%A ~%30%B ~C}\n"                                 /*  6 */
                      "\n"
                      "Too much? {~%150%A ~%-50%B}\n"                                      /*  8 */
                      "\n"
                      "Two minus signs? {~%--50%A ~%100%B}\n"                              /* 10 */
                      "\n"
                      "Only penalties? {~%-50%A ~B}\n"                                     /* 12 */
                      "\n"
                      "One answer? {~%100%A}\n"                                            /* 14 */
                      "\n"
                      "Short, too much? {=%150%A}\n"                                       /* 16 */
                      "\n"
                      "Short, negative? {=A =%-50%B}\n"                                    /* 18 */
                      "\n"
                      "Half marks at most? {=%50%Paris =%0%*}\n"                           /* 20 */
                      "\n"
                      "Numbers, half marks at most? {#=%50%5 =%0%6}\n"                     /* 22 */
                      "\n"
                      "Short, empty? {=A = =B}\n"                                          /* 24 */
                      "\n"
                      "Eleven? {=1 =2 =3 =4 =5 =6 =7 =8 =9 =10 =11}\n"                     /* 26 */
                      "\n"
                      "Any number first? {#=%0%* =4..6}\n"                                 /* 28 */
                      "\n"
                      "Not a number? {#abc}\n"                                             /* 30 */
                      "\n"
                      "Margin? {#5:x}\n"                                                   /* 32 */
                      "\n"
                      "Range? {#1..}\n"                                                    /* 34 */
                      "\n"
                      "No number? {#}\n"                                                   /* 36 */
                      "\n"
                      "No arrow? {=Canada -> Ottawa =Italy Rome}\n"                        /* 38 */
                      "\n"
                      "One item? {=Canada -> Ottawa = -> Rome}\n"                          /* 40 */
                      "\n"
                      "Empty match? {=Canada -> Ottawa =Italy ->}\n"                       /* 42 */
                      "\n"
                      "Eleven items? {=a -> 1 =b -> 2 =c -> 3 =d -> 4 =e -> 5 =f -> 6\n"   /* 44 */
                      "=g -> 7 =h -> 8 =i -> 9 =j -> 10 =k -> 11}\n"
                      "\n"
                      "One answer for all? {=Canada -> North America =USA -> North America}\n"
                      "\n"
                      "Any number scores? {#*}\n"                                          /* 49 */
                      "\n"
                      "An essay {}\n"                                                      /* 51 */
                      "\n"
                      "The one question left? {=yes ~no}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, expected);
  groups = g_key_file_get_groups (key_file, NULL);
  g_assert_cmpstrv (groups, LINES ("Quiz", "Question q1", "Question q2"));
  /* Only penalties besides the one right answer: kept as one right answer, as the Moodle
   * XML import keeps it, a wrong answer scoring 0. */
  text = g_key_file_get_string (key_file, "Question q1", "Text", NULL);
  answer = g_key_file_get_string (key_file, "Question q1", "Answer", NULL);
  choices = g_key_file_get_string (key_file, "Question q1", "Choices", NULL);
  g_assert_cmpstr (text, ==, "Negative?");
  g_assert_nonnull (answer);
  g_assert_nonnull (choices);
  g_test_message ("Choices=%s Answer=%s", choices, answer);
  g_assert_true (g_str_has_prefix (choices, answer));
  g_assert_false (g_key_file_has_key (key_file, "Question q1", "Type", NULL));
  g_assert_false (g_key_file_has_key (key_file, "Question q1", "Weight.b", NULL));
  assert_format_version (key_file, 1);
}

/* With --language ur, the texts are written as Urdu; numbers and weights are in no
 * language. */
static void
test_urdu (void)
{
  g_auto(GStrv) warnings = NULL;
  g_autoptr(GKeyFile) key_file = NULL;
  g_autofree char *output = NULL;

  key_file = convert_full ("::دارالحکومت::پاکستان کا دارالحکومت کون سا شہر ہے؟"
                           "{=اسلام آباد#شاباش! =%50%اسلام‌آباد}\n"
                           "\n"
                           "پاکستان کب بنا؟{#1947#درست}\n"
                           "\n"
                           "ملاپ کریں۔{=پاکستان -> اسلام آباد =بھارت -> دہلی = -> ڈھاکہ}\n"
                           "\n"
                           "کون سے مفرد اعداد ہیں؟{~%50%2 ~%50%3 ~%-100%4#چار جفت ہے}\n",
                           "ur", &warnings, &output);

  g_assert_cmpstrv (warnings, NONE);
  g_assert_null (strstr (output, "\nText="));
  assert_group (key_file, "Question q1",
                LINES ("Text[ur]=پاکستان کا دارالحکومت کون سا شہر ہے؟", "Type=short",
                       "Accept=a;b;", "Accept.a[ur]=اسلام آباد", "Accept.b[ur]=اسلام‌آباد",
                       "Weight.b=50", "Feedback.a[ur]=شاباش!"));
  assert_group (key_file, "Question q2",
                LINES ("Text[ur]=پاکستان کب بنا؟", "Type=numerical", "Accept=a;",
                       "Accept.a=1947", "Feedback.a[ur]=درست"));
  assert_group (key_file, "Question q3",
                LINES ("Text[ur]=ملاپ کریں۔", "Type=matching", "Items=a;b;",
                       "Item.a[ur]=پاکستان", "Match.a[ur]=اسلام آباد",
                       "Item.b[ur]=بھارت", "Match.b[ur]=دہلی",
                       "Distractors=c;", "Match.c[ur]=ڈھاکہ"));
  assert_group (key_file, "Question q4",
                LINES ("Text[ur]=کون سے مفرد اعداد ہیں؟", "Type=multiple", "Choices=a;b;c;",
                       "Choice.a[ur]=2", "Choice.b[ur]=3", "Choice.c[ur]=4",
                       "Weight.a=50", "Weight.b=50", "Weight.c=-100",
                       "Feedback.c[ur]=چار جفت ہے"));
}

/* The escapes are text in every type: "\=" in an answer, "\#" in a feedback, "\:" in a
 * number (Moodle decodes it before it looks for the margin), "\~" in a short answer. */
static void
test_escapes (void)
{
  g_auto(GStrv) warnings = NULL;
  g_autoptr(GKeyFile) key_file = NULL;

  key_file = convert ("How is 1 + 1 \\= 2 written? {=1 + 1 \\= 2#right\\: \\#1 =1+1\\=2}\n"
                      "\n"
                      "A margin? {#1822\\:5}\n"
                      "\n"
                      "A tilde? {=\\~ =tilde}\n"
                      "\n"
                      "Arrows? {=a \\= b -> c =d -> e \\{f\\}}\n",
                      &warnings);

  g_assert_cmpstrv (warnings, NONE);
  assert_group (key_file, "Question q1",
                LINES ("Text=How is 1 + 1 = 2 written?", "Type=short", "Accept=a;b;",
                       "Accept.a=1 + 1 = 2", "Accept.b=1+1=2", "Feedback.a=right: #1"));
  assert_group (key_file, "Question q2",
                LINES ("Text=A margin?", "Type=numerical", "Accept=a;", "Accept.a=1822",
                       "Tolerance.a=5"));
  assert_group (key_file, "Question q3",
                LINES ("Text=A tilde?", "Type=short", "Accept=a;b;", "Accept.a=~",
                       "Accept.b=tilde"));
  assert_group (key_file, "Question q4",
                LINES ("Text=Arrows?", "Type=matching", "Items=a;b;", "Item.a=a = b",
                       "Match.a=c", "Item.b=d", "Match.b=e {f}"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/gift-types/multichoice-multi", test_multichoice_multi);
  g_test_add_func ("/gift-types/multichoice-single", test_multichoice_single);
  g_test_add_func ("/gift-types/short-answer", test_short_answer);
  g_test_add_func ("/gift-types/numerical", test_numerical);
  g_test_add_func ("/gift-types/matching", test_matching);
  g_test_add_func ("/gift-types/skipped", test_skipped);
  g_test_add_func ("/gift-types/urdu", test_urdu);
  g_test_add_func ("/gift-types/escapes", test_escapes);

  status = g_test_run ();
  g_clear_object (&loaded);
  return status;
}
