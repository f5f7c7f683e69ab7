/* test-quiz-common.h: the quiz files and checks shared by the quiz loader's tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "imtehan-quiz.h"

/* A small valid quiz; each error case breaks one thing of it. */
#define MINIMAL_QUIZ \
  "# A tiny quiz\n"               /*  1 */ \
  "[Quiz]\n"                      /*  2 */ \
  "FormatVersion=1\n"             /*  3 */ \
  "Id=tiny\n"                     /*  4 */ \
  "Title=Tiny\n"                  /*  5 */ \
  "Title[ur]=چھوٹا\n"             /*  6 */ \
  "\n"                            /*  7 */ \
  "[Question q1]\n"               /*  8 */ \
  "Text=Two plus two?\n"          /*  9 */ \
  "Text[ur]=\n"                   /* 10 */ \
  "Choices=four;five\n"           /* 11 */ \
  "Choice.four=Four\n"            /* 12 */ \
  "Choice.four[ur]=چار\n"         /* 13 */ \
  "Choice.five=Five\n"            /* 14 */ \
  "Answer=four\n"                 /* 15 */

static inline ImtehanQuiz *
load_text (const char  *text,
           gsize        length,
           GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, length);

  return imtehan_quiz_new_from_bytes (bytes, "bad.quiz", error);
}

static inline GError *
load_error (const char *text,
            gsize       length)
{
  g_autoptr(ImtehanQuiz) quiz = NULL;
  GError *error = NULL;

  quiz = load_text (text, length, &error);
  g_assert_null (quiz);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  return error;
}

/* Macros, so that a failure names the line of the case. @prefix is the start of the
 * message ("file:line: [group] key:"), @detail a part of the rest. */
#define assert_message(error, prefix, detail) \
  G_STMT_START { \
    if (!g_str_has_prefix ((error)->message, (prefix))) \
      g_assert_cmpstr ((error)->message, ==, (prefix)); \
    g_assert_nonnull (strstr ((error)->message, (detail))); \
  } G_STMT_END

#define assert_quiz_error_len(text, length, code, prefix, detail) \
  G_STMT_START { \
    g_autoptr(GError) error_ = load_error ((text), (length)); \
    g_assert_error (error_, IMTEHAN_ERROR, (code)); \
    assert_message (error_, (prefix), (detail)); \
  } G_STMT_END

#define assert_quiz_error(text, code, prefix, detail) \
  assert_quiz_error_len ((text), strlen (text), (code), (prefix), (detail))
