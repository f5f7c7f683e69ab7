/* test-quiz-errors.c: the errors a teacher sees for a quiz file's broken groups and keys
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "test-quiz-common.h"

static void
test_error_bad_line (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "  # an indented comment is fine\n"
                     "Id=tiny\n"
                     "Title Tiny\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:5: ", "not a [group], a key=value pair");
  assert_quiz_error ("[Quiz]\n"
                     "=value\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:2: ", "not a [group], a key=value pair");
}

static void
test_error_key_before_group (void)
{
  assert_quiz_error ("# Tiny\n"
                     "\n"
                     "Id=tiny\n"
                     "[Quiz]\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:3: ", "before the first [group]");
}

static void
test_error_bad_group_header (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "\n"
                     "[Question q1\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:4: ", "[Name]");
  assert_quiz_error ("[Quiz]\n"
                     "[]\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:2: ", "[Name]");
  assert_quiz_error ("[Qu]iz]\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:1: ", "[Name]");
}

static void
test_error_missing_quiz_group (void)
{
  assert_quiz_error ("[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz: ", "the [Quiz] group is missing");
}

static void
test_error_missing_format_version (void)
{
  assert_quiz_error ("# Tiny\n"
                     "[Quiz]\n"
                     "Id=tiny\n"
                     "Title=Tiny\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:2: [Quiz]:", "“FormatVersion” is missing");
}

static void
test_error_format_version_newer (void)
{
  /* One past this build's format, whichever it is. */
  g_autofree char *text = g_strdup_printf ("[Quiz]\n"
                                           "FormatVersion=%d\n"
                                           "Id=tiny\n"
                                           "Title=Tiny\n", IMTEHAN_QUIZ_FORMAT_VERSION + 1);

  assert_quiz_error (text, IMTEHAN_ERROR_VERSION, "bad.quiz:2: [Quiz] FormatVersion:", "newer");
}

static void
test_error_format_version_invalid (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "Id=tiny\n"
                     "FormatVersion=abc\n"
                     "Title=Tiny\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:3: [Quiz] FormatVersion:", "“abc”");
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=0\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:2: [Quiz] FormatVersion:", "“0”");
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1.5\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:2: [Quiz] FormatVersion:", "“1.5”");
}

static void
test_error_missing_id (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Title=Tiny\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:1: [Quiz]:", "“Id” is missing");
}

static void
test_error_invalid_id (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=my quiz!\n"
                     "Title=Tiny\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:3: [Quiz] Id:", "letters, digits");
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Title=Tiny\n"
                     "Id=../../etc\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:4: [Quiz] Id:", "letters, digits");
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:3: [Quiz] Id:", "letters, digits");
}

static void
test_error_missing_title (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title[ur]=\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:1: [Quiz]:",
                     "“Title” is missing: write it in English (Title=) or in Urdu (Title[ur]=)");
}

static void
test_error_empty_title (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=   \n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:4: [Quiz] Title:", "empty");
}

static void
test_error_no_questions (void)
{
  assert_quiz_error ("# No questions yet\n"
                     "[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:2: [Quiz]:", "no questions");
}

static void
test_error_unknown_group (void)
{
  assert_quiz_error (MINIMAL_QUIZ
                     "\n"                     /* 16 */
                     "[Questoin q2]\n"        /* 17 */
                     "Text=Three?\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:17: [Questoin q2]:", "unknown group");
}

static void
test_error_invalid_question_id (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question two plus two]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:6: [Question two plus two]:",
                     "question id");
}

/* GKeyFile would merge the two groups: a question copied and not renamed would silently
 * overwrite the first one. */
static void
test_error_duplicate_question (void)
{
  assert_quiz_error (MINIMAL_QUIZ
                     "\n"                     /* 16 */
                     "[Question q1]\n"        /* 17 */
                     "Text=Three plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=five\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:17: ", "line 8");
}

static void
test_error_question_missing_text (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text[fr]=Deux plus deux ?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:6: [Question q1]:", "“Text” is missing");
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text= \n"
                     "Text[ur]=\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:7: [Question q1] Text:", "empty");
}

static void
test_error_missing_choices (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:6: [Question q1]:", "“Choices” is missing");
}

static void
test_error_one_choice (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four\n"
                     "Choice.four=Four\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:8: [Question q1] Choices:",
                     "at least two choices");
}

static void
test_error_no_choice (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:8: [Question q1] Choices:",
                     "at least two choices");
}

static void
test_error_invalid_choice_id (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;fi ve\n"
                     "Choice.four=Four\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:8: [Question q1] Choices:",
                     "“fi ve” is not a valid choice id");
}

static void
test_error_duplicate_choice (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five;four\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:8: [Question q1] Choices:",
                     "“four” appears twice");
}

static void
test_error_missing_choice_text (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.fiv[ur]=پانچ\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:6: [Question q1]:",
                     "“Choice.five” is missing");
}

static void
test_error_missing_answer (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:6: [Question q1]:", "“Answer” is missing");
}

static void
test_error_answer_not_a_choice (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=six\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:11: [Question q1] Answer:",
                     "“six” is not one of the choices (four, five)");
}

static void
test_error_invalid_escape (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two \\q two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:7: [Question q1] Text:", "Text");
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\\\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:11: [Question q1] Answer:", "Answer");
  /* A broken translation is an error too, not a silent fallback to English. */
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Text[ur]=دو جمع \\q دو؟\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:8: [Question q1] Text[ur]:", "Text[ur]");
}

/* GKeyFile keeps the last of two equal keys: the first answer would silently be lost. */
static void
test_error_duplicate_key (void)
{
  assert_quiz_error (MINIMAL_QUIZ
                     "Answer=five\n",                /* 16 */
                     IMTEHAN_ERROR_PARSE, "bad.quiz:16: [Question q1] Answer:",
                     "appears twice in this group; it is already on line 15");
  /* A repeated group, also far from the first (GKeyFile would merge them), and a repeated
   * translation. */
  assert_quiz_error (MINIMAL_QUIZ
                     "[Question q2]\nText=Again?\n"   /* 16, 17 */
                     "[Question q1]\n",                /* 18 */
                     IMTEHAN_ERROR_PARSE, "bad.quiz:18:",
                     "the group [Question q1] appears twice; it already began at line 8");
  assert_quiz_error (MINIMAL_QUIZ
                     "Choice.four[ur]=چار\n",           /* 16 */
                     IMTEHAN_ERROR_PARSE, "bad.quiz:16: [Question q1] Choice.four[ur]:",
                     "appears twice in this group; it is already on line 13");
  /* The same key in two groups is fine. */
  assert_quiz_error ("[Quiz]\nFormatVersion=1\nId=tiny\nTitle=Tiny\n[Question a]\nTitle=x\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:5: [Question a]:", "“Text” is missing");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/quiz/error/duplicate-key", test_error_duplicate_key);
  g_test_add_func ("/quiz/error/bad-line", test_error_bad_line);
  g_test_add_func ("/quiz/error/key-before-group", test_error_key_before_group);
  g_test_add_func ("/quiz/error/bad-group-header", test_error_bad_group_header);
  g_test_add_func ("/quiz/error/missing-quiz-group", test_error_missing_quiz_group);
  g_test_add_func ("/quiz/error/missing-format-version", test_error_missing_format_version);
  g_test_add_func ("/quiz/error/format-version-newer", test_error_format_version_newer);
  g_test_add_func ("/quiz/error/format-version-invalid", test_error_format_version_invalid);
  g_test_add_func ("/quiz/error/missing-id", test_error_missing_id);
  g_test_add_func ("/quiz/error/invalid-id", test_error_invalid_id);
  g_test_add_func ("/quiz/error/missing-title", test_error_missing_title);
  g_test_add_func ("/quiz/error/empty-title", test_error_empty_title);
  g_test_add_func ("/quiz/error/no-questions", test_error_no_questions);
  g_test_add_func ("/quiz/error/unknown-group", test_error_unknown_group);
  g_test_add_func ("/quiz/error/invalid-question-id", test_error_invalid_question_id);
  g_test_add_func ("/quiz/error/duplicate-question", test_error_duplicate_question);
  g_test_add_func ("/quiz/error/missing-text", test_error_question_missing_text);
  g_test_add_func ("/quiz/error/missing-choices", test_error_missing_choices);
  g_test_add_func ("/quiz/error/one-choice", test_error_one_choice);
  g_test_add_func ("/quiz/error/no-choice", test_error_no_choice);
  g_test_add_func ("/quiz/error/invalid-choice-id", test_error_invalid_choice_id);
  g_test_add_func ("/quiz/error/duplicate-choice", test_error_duplicate_choice);
  g_test_add_func ("/quiz/error/missing-choice-text", test_error_missing_choice_text);
  g_test_add_func ("/quiz/error/missing-answer", test_error_missing_answer);
  g_test_add_func ("/quiz/error/answer-not-a-choice", test_error_answer_not_a_choice);
  g_test_add_func ("/quiz/error/invalid-escape", test_error_invalid_escape);

  return g_test_run ();
}
