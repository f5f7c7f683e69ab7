/* fuzz-answer-text.c: the comparison of typed answers against any bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The learner types anything, and a teacher's accepted answer comes from a file. The input
 * is an accepted answer, a NUL byte and a typed answer (without a NUL, both are the whole
 * input). Whatever the bytes, the normalised text must be valid UTF-8 without the
 * characters normalising removes or maps, normalise to itself, and be accepted by itself
 * written as a pattern; a number read must be finite and its unit normalised.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "fuzz-common.h"
#include "imtehan-answer-text.h"

/* What imtehan_answer_normalize() never leaves in its output. */
static void
check_normalized (const char *text,
                  gboolean    case_sensitive)
{
  g_autofree char *again = imtehan_answer_normalize (text, case_sensitive);
  gunichar previous = 0;

  g_assert_true (g_utf8_validate (text, -1, NULL));
  g_assert_cmpstr (again, ==, text);
  g_assert_false (text[0] == ' ');
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_assert_false (c == 0x0643 || c == 0x0647 || c == 0x0649 || c == 0x064A);
      g_assert_false ((c >= 0x0660 && c <= 0x066C) || (c >= 0x06F0 && c <= 0x06F9));
      g_assert_false (c == 0x060C || c == 0x0640 || c == 0x0670 || c == 0x2212);
      g_assert_false (c >= 0x064B && c <= 0x0652);
      g_assert_false (g_unichar_type (c) == G_UNICODE_FORMAT);
      g_assert_false (c != ' ' && (g_unichar_isspace (c) || c == '\v' || c == 0x0085));
      g_assert_false (c == ' ' && (previous == ' ' || p[1] == '\0'));
      previous = c;
    }
}

/* @text as a pattern that accepts only @text: each star written "\*". */
static char *
escape_stars (const char *text)
{
  GString *pattern = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '*')
        g_string_append_c (pattern, '\\');
      g_string_append_c (pattern, *p);
    }
  return g_string_free (pattern, FALSE);
}

static void
check_typed (const char *pattern,
             const char *typed,
             gboolean    case_sensitive)
{
  g_autofree char *normalized = imtehan_answer_normalize (typed, case_sensitive);
  g_autofree char *escaped = escape_stars (typed);
  g_autofree char *escaped_normalized = escape_stars (normalized);
  g_autofree char *inside = g_strconcat ("*", escaped_normalized, "*", NULL);
  g_autoptr(ImtehanAnswerPattern) prepared = NULL;

  check_normalized (normalized, case_sensitive);
  g_assert_true (imtehan_answer_matches (escaped, typed, case_sensitive));
  g_assert_true (imtehan_answer_matches (escaped_normalized, typed, case_sensitive));
  /* A backslash before a star always escapes it, so no wildcard can follow a text that ends
   * in a backslash. */
  if (!g_str_has_suffix (normalized, "\\"))
    g_assert_true (imtehan_answer_matches (inside, typed, case_sensitive));
  g_assert_true (imtehan_answer_matches ("*", typed, case_sensitive));
  /* A pattern prepared once for many answers accepts what it accepts at once. */
  prepared = imtehan_answer_pattern_new (pattern, case_sensitive);
  g_assert_true (imtehan_answer_pattern_matches (prepared, normalized) ==
                 imtehan_answer_matches (pattern, typed, case_sensitive));
}

static void
check_number (const char *typed)
{
  g_autofree char *rest = NULL;
  double value = -1;

  if (!imtehan_answer_parse_number (typed, &value, &rest))
    {
      g_assert_cmpfloat (value, ==, 0);
      g_assert_null (rest);
      return;
    }
  g_assert_true (isfinite (value));
  g_assert_nonnull (rest);
  if (rest[0] != '\0')
    check_normalized (rest, FALSE);
  g_assert_false (g_ascii_isdigit (rest[0]));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const uint8_t *nul = memchr (data, '\0', size);
  g_autofree char *pattern = NULL;
  g_autofree char *typed = NULL;

  fuzz_set_up ();

  pattern = g_strndup ((const char *)data, nul != NULL ? (gsize)(nul - data) : size);
  typed = nul != NULL ? g_strndup ((const char *)nul + 1, size - (nul - data) - 1)
                      : g_strdup (pattern);

  for (int case_sensitive = 0; case_sensitive < 2; case_sensitive++)
    {
      check_typed (pattern, typed, case_sensitive);
      check_typed (typed, pattern, case_sensitive);
    }
  check_number (typed);
  check_number (pattern);

  return 0;
}
