/* test-answer-text.c: typed answers compared as Urdu and English keyboards type them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>
#include <string.h>

#include "imtehan-answer-text.h"
#include "imtehan-text.h"

#define ONE_MB (1024 * 1024)

typedef struct {
  const char *a;
  const char *b;
} Pair;

static void
assert_same (const char *a,
             const char *b,
             gboolean    case_sensitive)
{
  g_autofree char *na = imtehan_answer_normalize (a, case_sensitive);
  g_autofree char *nb = imtehan_answer_normalize (b, case_sensitive);

  g_assert_cmpstr (na, ==, nb);
  g_assert_true (imtehan_answer_matches (a, b, case_sensitive));
  g_assert_true (imtehan_answer_matches (b, a, case_sensitive));
}

static void
assert_distinct (const char *a,
                 const char *b,
                 gboolean    case_sensitive)
{
  g_autofree char *na = imtehan_answer_normalize (a, case_sensitive);
  g_autofree char *nb = imtehan_answer_normalize (b, case_sensitive);

  g_assert_cmpstr (na, !=, nb);
  g_assert_false (imtehan_answer_matches (a, b, case_sensitive));
  g_assert_false (imtehan_answer_matches (b, a, case_sensitive));
}

/* The same word from an Arabic, a Persian and an Urdu keyboard, each with the form an Urdu
 * keyboard types (the second). */
static void
test_normalize_keyboards (void)
{
  static const Pair pairs[] = {
    /* Arabic kaf U+0643 / keheh U+06A9 */
    { "\u0643\u062A\u0627\u0628", "کتاب" },
    { "\u0643\u0645\u067E\u06CC\u0648\u0679\u0631", "کمپیوٹر" },
    /* Arabic heh U+0647 / heh goal U+06C1 */
    { "\u0647\u06D2", "ہے" },
    { "\u06A9\u0648\u0626\u0679\u0647", "کوئٹہ" },
    /* Arabic yeh U+064A and alef maksura U+0649 / Farsi yeh U+06CC */
    { "\u067E\u064A", "پی" },
    { "\u067E\u0649", "پی" },
    { "\u062C\u064A \u0628\u064A", "جی بی" },
    /* ZWNJ, ZWJ and tatweel */
    { "\u0622\u067E\u200C\u0679\u06CC\u0645\u0627\u0626\u0632\u0631", "آپٹیمائزر" },
    { "\u0622\u067E\u0679\u0640\u0640\u06CC\u0645\u0627\u0626\u0632\u0631", "آپٹیمائزر" },
    { "\u0622\u067E\u200D\u0679\u06CC\u0645\u0627\u0626\u0632\u0631", "آپٹیمائزر" },
    /* zabar, zer, pesh, tashdeed, jazm, tanween, khari zabar, ulta pesh */
    { "\u0645\u064F\u062D\u064E\u0645\u0651\u064E\u062F", "محمد" },
    { "\u0627\u0650\u0645\u062A\u0650\u062D\u0627\u0646", "امتحان" },
    { "\u0645\u064E\u0631\u0652\u062D\u064E\u0644\u06C1", "مرحلہ" },
    { "\u0641\u0648\u0631\u0627\u064B", "فورا" },
    { "\u0639\u06CC\u0633\u06CC\u0670", "عیسی" },
    { "\u0639\u06CC\u0633\u0649\u0670", "عیسی" },
    { "\u0627\u064F\u0631\u062F\u0648", "\u0627\u0657\u0631\u062F\u0648" },
    /* Presentation forms (U+FBxx, U+FExx), as old fonts and some PDFs give them */
    { "\uFEDB\uFE98\uFe8E\uFE8F", "کتاب" },
    { "\uFB90\uFE98\uFE8E\uFE8F", "کتاب" },
    { "\uFEFB", "لا" },
    { "\uFBA6", "ہ" },
    { "\uFEEB\uFEEA", "ہہ" },
    { "\uFBFE\uFBFD", "یی" },
    { "\uFBAC\uFBAD", "ھھ" },
    /* Bidi marks and isolates, as the app's own text and copying give them */
    { "\u200F\u0632\u06CC\u0631\u0648\u200F", "زیرو" },
    { "\u2067ZeRO\u2069 \u0627\u0633\u0679\u06CC\u062C", "ZeRO اسٹیج" },
    { "\u202BZeRO\u202C\u061C", "ZeRO" },
    { "\u200E16\u200E", "16" },
    { "\uFEFFZeRO", "ZeRO" },
    /* Digits, the decimal separator and the comma, in text */
    { "\u06F1\u06F6 \u062C\u06CC \u0628\u06CC", "16 جی بی" },
    { "\u0661\u0666 \u062C\u06CC \u0628\u06CC", "16 جی بی" },
    { "\u06F3\u066B\u06F5", "3.5" },
    { "ZeRO\u060C FSDP", "ZeRO, FSDP" },
    { "\u06F5\u06F0\u066A", "50%" },
    /* Spaces of every kind, and trimming */
    { "  ZeRO \t\n  \u0627\u0633\u0679\u06CC\u062C  ", "ZeRO اسٹیج" },
    { "ZeRO\u00A0stage\u2003\u202F3", "ZeRO stage 3" },
    { "\u3000ZeRO\vstage\xc2\x85" " 3\r\n", "ZeRO stage 3" },
    /* Compatibility forms */
    { "\uFF3A\uFF45\uFF32\uFF2F", "ZeRO" },
    { "m\u00B2", "m2" },
    { "\uFB01le", "file" },
    /* Latin composed and decomposed, as Moodle's own test */
    { "de\u0301part", "d\u00E9part" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_test_message ("%s = %s", pairs[i].a, pairs[i].b);
      assert_same (pairs[i].a, pairs[i].b, FALSE);
      assert_same (pairs[i].a, pairs[i].b, TRUE);
    }
}

/* Letters that only look alike, or differ by a sign that changes the word, stay apart. */
static void
test_normalize_distinct (void)
{
  static const Pair pairs[] = {
    /* do-chashmi heh U+06BE (aspiration) / heh goal U+06C1 */
    { "\u06BE", "\u06C1" },
    { "\u0628\u06BE\u0627\u0631\u062A", "\u0628\u06C1\u0627\u0631\u062A" },
    { "\u06BE", "\u0647" },
    /* yeh barree U+06D2 / Farsi yeh U+06CC */
    { "\u06D2", "\u06CC" },
    { "\u06C1\u06D2", "\u06C1\u06CC" },
    /* hamza and madda are not optional */
    { "\u0626", "\u06CC" },
    { "\u0622", "\u0627" },
    { "\u06C2", "\u06C1" },
    { "\u0624", "\u0648" },
    /* noon ghunna and noon */
    { "\u0645\u06CC\u06BA", "\u0645\u06CC\u0646" },
    /* different words, numbers and spacing */
    { "\u06A9\u062A\u0627\u0628", "\u06A9\u062A\u0627\u0628\u06CC\u06BA" },
    { "ZeRO stage 3", "ZeRO stage 2" },
    { "16", "61" },
    { "\u06F1\u06F6", "\u06F1\u06F7" },
    { "ZeRO stage", "ZeROstage" },
    /* the Urdu full stop is not a decimal point */
    { "\u06F3\u06D4\u06F5", "3.5" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_test_message ("%s ≠ %s", pairs[i].a, pairs[i].b);
      assert_distinct (pairs[i].a, pairs[i].b, FALSE);
      assert_distinct (pairs[i].a, pairs[i].b, TRUE);
    }
}

/* A hamza typed after its letter is the letter with hamza, also after the letter was mapped. */
static void
test_normalize_hamza (void)
{
  g_autofree char *spaced = NULL;

  /* ی + hamza above = ئ, as ي + hamza above is */
  assert_same ("\u06A9\u0648\u06CC\u0654\u0679\u06C1", "\u06A9\u0648\u0626\u0679\u06C1", FALSE);
  assert_same ("\u06A9\u0648\u064A\u0654\u0679\u06C1", "\u06A9\u0648\u0626\u0679\u06C1", FALSE);
  /* ه + hamza above = ہ + hamza above = ۂ */
  assert_same ("\u0645\u062F\u0631\u0633\u0647\u0654", "\u0645\u062F\u0631\u0633\u06C2", FALSE);
  /* alef + madda = آ, also with a zabar between them */
  assert_same ("\u0627\u0653\u067E", "\u0622\u067E", FALSE);
  assert_same ("\u0627\u064E\u0653\u067E", "\u0622\u067E", FALSE);
  /* yeh barree + hamza above = ۓ */
  assert_same ("\u06D2\u0654", "\u06D3", FALSE);
  /* a hamza after a space is no ئ */
  spaced = imtehan_answer_normalize ("\u06CC \u0654", FALSE);
  g_assert_cmpstr (spaced, ==, "\u06CC \u0654");
  assert_distinct ("\u06CC \u0654", "\u0626", FALSE);
  /* but one after a dropped mark is */
  assert_same ("\u06CC\u200C\u0654", "\u0626", FALSE);
  assert_same ("\u06CC\u064E\u0654", "\u0626", FALSE);
}

static void
test_normalize_case (void)
{
  g_autofree char *folded = imtehan_answer_normalize ("  ZeRO  Stage ", FALSE);
  g_autofree char *kept = imtehan_answer_normalize ("  ZeRO  Stage ", TRUE);

  g_assert_cmpstr (folded, ==, "zero stage");
  g_assert_cmpstr (kept, ==, "ZeRO Stage");
  assert_same ("ZERO", "zero", FALSE);
  assert_distinct ("ZERO", "zero", TRUE);
  /* Full case folding, not only lowercase */
  assert_same ("STRASSE", "stra\u00DFe", FALSE);
  assert_same ("\u0130stanbul", "i\u0307stanbul", FALSE);
  assert_same ("\u03A3\u039F\u03A3", "\u03C3\u03BF\u03C2", FALSE);
}

static void
test_normalize_empty_and_invalid (void)
{
  static const char * const invalid[] = {
    "ab\xff\xfe" "cd",
    "\xc0\xaf",                /* overlong '/' */
    "\xd8",                    /* the first byte of an Arabic letter, alone */
    "\u06A9\xd8",              /* a letter and a cut one */
    "\xed\xa0\x80",            /* a surrogate */
    "\xf4\x90\x80\x80",        /* above U+10FFFF */
    "\\*\xe2*\x80\\",
  };
  g_autofree char *null = imtehan_answer_normalize (NULL, FALSE);
  g_autofree char *empty = imtehan_answer_normalize ("", FALSE);
  g_autofree char *spaces = imtehan_answer_normalize (" \t\u200C\u00A0\n", FALSE);
  g_autofree char *cut = imtehan_answer_normalize ("ab\xff" "cd", FALSE);

  g_assert_cmpstr (null, ==, "");
  g_assert_cmpstr (empty, ==, "");
  g_assert_cmpstr (spaces, ==, "");
  g_assert_cmpstr (cut, ==, "ab\uFFFD" "cd");

  for (gsize i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      g_autofree char *text = imtehan_answer_normalize (invalid[i], FALSE);

      g_assert_true (g_utf8_validate (text, -1, NULL));
      g_assert_nonnull (strstr (text, "\uFFFD"));
      g_assert_true (imtehan_answer_matches (invalid[i], invalid[i], FALSE) ||
                     strchr (invalid[i], '*') != NULL);
      g_assert_true (imtehan_answer_matches ("*", invalid[i], FALSE));
      g_assert_false (imtehan_answer_parse_number (invalid[i], NULL, NULL));
    }

  g_assert_true (imtehan_answer_matches (NULL, NULL, FALSE));
  g_assert_true (imtehan_answer_matches ("", " ", FALSE));
  g_assert_false (imtehan_answer_matches (NULL, "a", FALSE));
  g_assert_false (imtehan_answer_matches ("a", NULL, FALSE));
}

/* Normalising twice gives what normalising once gives, for every character in the planes
 * where text is, next to a Latin and an Urdu letter. */
static void
test_normalize_idempotent (void)
{
  /* In batches of 64 code points, each in its own "a…ی…" segment: a call per code point
   * took over a minute under the sanitizers' slow malloc. A batch that fails is checked one
   * code point at a time, to name it. */
  for (gunichar start = 1; start < 0x20000; start += 64)
    for (int case_sensitive = 0; case_sensitive < 2; case_sensitive++)
      {
        g_autoptr(GString) batch = g_string_new (NULL);
        g_autofree char *once = NULL;
        g_autofree char *twice = NULL;

        for (gunichar c = start; c < start + 64; c++)
          if (c < 0xD800 || c > 0xDFFF)
            {
              g_string_append_c (batch, 'a');
              g_string_append_unichar (batch, c);
              g_string_append (batch, "\u06CC");
              g_string_append_unichar (batch, c);
            }
        once = imtehan_answer_normalize (batch->str, case_sensitive);
        twice = imtehan_answer_normalize (once, case_sensitive);
        if (g_strcmp0 (once, twice) == 0)
          continue;
        for (gunichar c = start; c < start + 64; c++)
          {
            char utf8[8] = { 0 };
            g_autofree char *text = NULL;
            g_autofree char *one = NULL;
            g_autofree char *two = NULL;

            if (c >= 0xD800 && c <= 0xDFFF)
              continue;
            g_unichar_to_utf8 (c, utf8);
            text = g_strconcat ("a", utf8, "\u06CC", utf8, NULL);
            one = imtehan_answer_normalize (text, case_sensitive);
            two = imtehan_answer_normalize (one, case_sensitive);
            if (g_strcmp0 (one, two) != 0)
              g_error ("U+%04X: \"%s\" normalises to \"%s\"", c, one, two);
          }
        g_error ("U+%04X to U+%04X: \"%s\" normalises to \"%s\"", start, start + 63, once, twice);
      }
}

/* What a learner copies from the question as the app shows it (with its bidi isolates, marks
 * and word joiners) is what the teacher wrote. */
static void
test_normalize_prepared_text (void)
{
  static const char * const texts[] = {
    "ZeRO اسٹیج 3 میں آپٹیمائزر اسٹیٹ تقسیم ہوتی ہے",
    "PyTorch FSDP اور DeepSpeed ZeRO-3",
    "4Ψ + 12Ψ/Nd بائٹس",
    "1/Nd",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *shown = imtehan_text_prepare (texts[i], "ur");

      g_assert_cmpstr (shown, !=, texts[i]);
      assert_same (shown, texts[i], FALSE);
      assert_same (shown, texts[i], TRUE);
    }
}

/* A megabyte of any text takes linear time. GLib sorts a run of combining marks in quadratic
 * time, which for this text would take minutes, past the test's timeout. */
static void
test_normalize_long (void)
{
  g_autoptr(GString) marks = g_string_new ("a");
  g_autoptr(GString) urdu = g_string_new (NULL);
  g_autofree char *text = NULL;
  g_autofree char *short_run = NULL;
  g_autofree char *twice = NULL;

  while (marks->len < ONE_MB)
    g_string_append (marks, "\u0301\u0323");
  text = imtehan_answer_normalize (marks->str, TRUE);
  g_assert_true (g_utf8_validate (text, -1, NULL));
  g_assert_cmpuint (g_utf8_strlen (text, -1), <=, 31);
  g_assert_true (g_str_has_prefix (text, "\u1EA1\u0323"));
  twice = imtehan_answer_normalize (text, TRUE);
  g_assert_cmpstr (twice, ==, text);

  /* Real text keeps its marks. */
  short_run = imtehan_answer_normalize ("a\u0301\u0323b", TRUE);
  g_assert_cmpstr (short_run, ==, "\u1EA1\u0301b");

  /* Dropping the ZWNJs joins the runs of marks between them. */
  g_string_assign (marks, "a");
  while (marks->len < ONE_MB)
    g_string_append (marks, "\u0301\u200C\u0323\u200C");
  g_clear_pointer (&text, g_free);
  text = imtehan_answer_normalize (marks->str, TRUE);
  g_assert_cmpuint (g_utf8_strlen (text, -1), <=, 31);
  g_clear_pointer (&twice, g_free);
  twice = imtehan_answer_normalize (text, TRUE);
  g_assert_cmpstr (twice, ==, text);

  while (urdu->len < ONE_MB)
    g_string_append (urdu, "\u0643\u062A\u0627\u0628\u200C \u0640\u0647\u064E ");
  g_clear_pointer (&text, g_free);
  text = imtehan_answer_normalize (urdu->str, FALSE);
  g_assert_true (g_str_has_prefix (text, "کتاب ہ کتاب ہ "));
  g_assert_true (imtehan_answer_matches ("کتاب*کتاب ہ", urdu->str, FALSE));
}

typedef struct {
  const char *typed;
  const char *pattern;
  gboolean    case_sensitive;
  gboolean    matches;
} Match;

/* Both ways of matching: at once, and with the pattern prepared and the text normalised
 * beforehand, as a question does for a class report. */
static void
assert_matches (const Match *cases,
                gsize        n_cases)
{
  for (gsize i = 0; i < n_cases; i++)
    {
      g_autoptr(ImtehanAnswerPattern) prepared =
        imtehan_answer_pattern_new (cases[i].pattern, cases[i].case_sensitive);
      g_autofree char *typed = imtehan_answer_normalize (cases[i].typed,
                                                         cases[i].case_sensitive);

      g_test_message ("\"%s\" against \"%s\"", cases[i].typed, cases[i].pattern);
      g_assert_cmpint (imtehan_answer_matches (cases[i].pattern, cases[i].typed,
                                               cases[i].case_sensitive), ==, cases[i].matches);
      g_assert_cmpint (imtehan_answer_pattern_matches (prepared, typed), ==, cases[i].matches);
    }
}

/* Moodle's own cases for compare_string_with_wildcard() (qtype_shortanswer's question_test),
 * with its "ignore case" turned into our case_sensitive. */
static void
test_matches_moodle (void)
{
  static const Match cases[] = {
    { "Frog", "Frog", TRUE, TRUE },
    { "Frog", "frog", TRUE, FALSE },
    { "   Frog   ", "Frog", TRUE, TRUE },
    { "Frogs", "Frog", TRUE, FALSE },
    { "Frog", "frog", FALSE, TRUE },
    { "   FROG   ", "Frog", FALSE, TRUE },
    { "Frogs", "Frog", FALSE, FALSE },
    { "Frog", "F*og", TRUE, TRUE },
    { "Fog", "F*og", TRUE, TRUE },
    { "   Fat dog   ", "F*og", TRUE, TRUE },
    { "Frogs", "F*og", TRUE, FALSE },
    { "Fg", "F*og", TRUE, FALSE },
    { "frog", "F*og", TRUE, FALSE },
    { "   fat dog   ", "F*og", TRUE, FALSE },
    { "Frog", "F*og", FALSE, TRUE },
    { "Fog", "F*og", FALSE, TRUE },
    { "   Fat dog   ", "F*og", FALSE, TRUE },
    { "Frogs", "F*og", FALSE, FALSE },
    { "Fg", "F*og", FALSE, FALSE },
    { "frog", "F*og", FALSE, TRUE },
    { "   fat dog   ", "F*og", FALSE, TRUE },
    { "   *   ", "\\*", TRUE, TRUE },
    { "*", "\\*", TRUE, TRUE },
    { "Frog*toad", "Frog\\*toad", TRUE, TRUE },
    { "a", "[a-z]", TRUE, FALSE },
    { "[a-z]", "[a-z]", TRUE, TRUE },
    { "\\{}/", "\\{}/", FALSE, TRUE },
    { "IT\u00C1LIE", "It\u00E1lie", FALSE, TRUE },
    { "d\u00E9part", "D\u00C9PART", FALSE, TRUE },
    { "d\u00E9part", "D\u00C9PART", TRUE, FALSE },
    { "d\u00E9part", "de\u0301part", TRUE, TRUE },
    { "d\u00E9part", "DE\u0301PART", FALSE, TRUE },
    { "0", "0", TRUE, TRUE },
    { "0", "0*", TRUE, TRUE },
    { "0", "*0", TRUE, TRUE },
    { "0", "*0*", TRUE, TRUE },
    { "<em></em>", "***********************************<em>"
                   "***********************************</em>", TRUE, TRUE },
  };

  assert_matches (cases, G_N_ELEMENTS (cases));
}

static void
test_matches_wildcards (void)
{
  static const Match cases[] = {
    /* the spec's example */
    { "stage 3 of ZeRO", "*ZeRO*", FALSE, TRUE },
    { "ZeRO", "*ZeRO*", FALSE, TRUE },
    { "zero", "*ZeRO*", FALSE, TRUE },
    { "zero", "*ZeRO*", TRUE, FALSE },
    { "ZeRO-3", "*ZeRO*", TRUE, TRUE },
    { "FSDP", "*ZeRO*", FALSE, FALSE },
    { "stage 3", "stage*", FALSE, TRUE },
    { "stage", "stage*", FALSE, TRUE },
    { "the stage", "stage*", FALSE, FALSE },
    { "Stage 3", "stage*", TRUE, FALSE },
    /* only stars: anything, also nothing */
    { "", "*", FALSE, TRUE },
    { "anything at all", "*", TRUE, TRUE },
    { "anything at all", "***", TRUE, TRUE },
    { "", "", FALSE, TRUE },
    { "a", "", FALSE, FALSE },
    /* a star itself */
    { "*", "\\*", FALSE, TRUE },
    { "x", "\\*", FALSE, FALSE },
    { "a*b", "a\\*b", FALSE, TRUE },
    { "axb", "a\\*b", FALSE, FALSE },
    { "2*3", "*\\**", FALSE, TRUE },
    { "23", "*\\**", FALSE, FALSE },
    { "\\*", "\\\\*", FALSE, TRUE },
    { "a\\", "a\\", FALSE, TRUE },
    { "\\", "\\", FALSE, TRUE },
    { "*x", "\\**", FALSE, TRUE },
    /* a space at a star stays a word boundary */
    { "ZeRO stage", "ZeRO *", FALSE, TRUE },
    { "ZeROx", "ZeRO *", FALSE, FALSE },
    { "ZeRO", "ZeRO *", FALSE, FALSE },
    { "a b", "a * b", FALSE, FALSE },
    { "a x b", "a * b", FALSE, TRUE },
    { "a   x\tb", "  a  *  b  ", FALSE, TRUE },
    /* parts in order, not overlapping */
    { "aba", "a*a", FALSE, TRUE },
    { "a", "a*a", FALSE, FALSE },
    { "abcabc", "*b*b*", FALSE, TRUE },
    { "abc", "*b*b*", FALSE, FALSE },
    { "xyzab", "*ab*ab", FALSE, FALSE },
    { "abab", "*ab*ab", FALSE, TRUE },
    { "aaab", "*aab*", FALSE, TRUE },
    { "ababac", "*abac*", FALSE, TRUE },
    { "abaababc", "*abab*c", FALSE, TRUE },
    { "abaabac", "*abab*c", FALSE, FALSE },
    /* keyboards in patterns and answers */
    { "\u06CC\u06C1 \u0643\u062A\u0627\u0628 \u0647\u06D2", "*کتاب*", FALSE, TRUE },
    { "\u0622\u067E\u200C\u0679\u06CC\u0645\u0627\u0626\u0632\u0631 \u0627\u0633\u0679\u06CC\u0679",
      "آپٹیمائزر*", FALSE, TRUE },
    { "آپٹیمائزر اسٹیٹ", "\u0622\u067E\u0679\u0640\u06CC\u0645\u0627\u0626\u0632\u0631 *",
      FALSE, TRUE },
    { "\u06BE", "*\u06C1*", FALSE, FALSE },
    { "\uFF0A", "\\*", FALSE, TRUE },
  };

  assert_matches (cases, G_N_ELEMENTS (cases));
}

/* The plain definition, exponential but right, for short texts. */
static gboolean
reference_match (const char *pattern,
                 const char *text)
{
  if (*pattern == '\0')
    return *text == '\0';
  if (*pattern == '*')
    return reference_match (pattern + 1, text) ||
           (*text != '\0' && reference_match (pattern, text + 1));
  return *text == *pattern && reference_match (pattern + 1, text + 1);
}

static char *
random_text (const char *letters,
             int         max_length)
{
  int length = g_test_rand_int_range (0, max_length + 1);
  char *text = g_malloc (length + 1);

  for (int i = 0; i < length; i++)
    text[i] = letters[g_test_rand_int_range (0, strlen (letters))];
  text[length] = '\0';
  return text;
}

/* Random patterns of a, b and stars against random texts agree with the definition (a
 * failure prints the seed: --seed repeats it). */
static void
test_matches_definition (void)
{
  for (guint i = 0; i < 20000; i++)
    {
      g_autofree char *pattern = random_text ("ab**", 8);
      g_autofree char *text = random_text ("ab", 10);

      if (imtehan_answer_matches (pattern, text, TRUE) != reference_match (pattern, text))
        g_error ("\"%s\" against \"%s\": %d", text, pattern,
                 imtehan_answer_matches (pattern, text, TRUE));
    }
}

/* Patterns that make a backtracking matcher exponential, and a two-pointer one quadratic:
 * each would take far past the test's timeout on a megabyte. */
static void
test_matches_long (void)
{
  g_autofree char *as = g_strnfill (ONE_MB, 'a');
  g_autofree char *as_b = g_strconcat (as, "b", NULL);
  g_autofree char *long_part = g_strnfill (100000, 'a');
  g_autofree char *star_long_part_b = g_strconcat ("*", long_part, "b*", NULL);
  g_autoptr(GString) many_stars = g_string_new (NULL);

  for (guint i = 0; i < 10000; i++)
    g_string_append (many_stars, "a*");
  g_string_append (many_stars, "b");

  g_assert_false (imtehan_answer_matches (star_long_part_b, as, FALSE));
  g_assert_true (imtehan_answer_matches (star_long_part_b, as_b, FALSE));
  g_assert_false (imtehan_answer_matches (many_stars->str, as, FALSE));
  g_assert_true (imtehan_answer_matches (many_stars->str, as_b, FALSE));
  g_assert_true (imtehan_answer_matches ("*ab", as_b, FALSE));
  g_assert_false (imtehan_answer_matches ("*ba", as_b, FALSE));
  g_assert_true (imtehan_answer_matches (as_b, as_b, TRUE));
  g_assert_false (imtehan_answer_matches (as, as_b, TRUE));
}

typedef struct {
  const char *typed;
  double      value;
  const char *rest;
} Number;

static void
test_parse_number (void)
{
  static const Number numbers[] = {
    { "16", 16, "" },
    { "\u06F1\u06F6", 16, "" },
    { "\u0661\u0666", 16, "" },
    { "  16 \u200F", 16, "" },
    { "\u06F3\u066B\u06F5", 3.5, "" },
    { "\u0663\u066B\u0665", 3.5, "" },
    { "\u06F3.\u06F5", 3.5, "" },
    { "3.5", 3.5, "" },
    { "-\u06F2", -2, "" },
    { "\u2212\u06F2", -2, "" },
    { "+2", 2, "" },
    { ".5", 0.5, "" },
    { "-.5", -0.5, "" },
    { "5.", 5, "" },
    { "007", 7, "" },
    { "1.5e9", 1.5e9, "" },
    { "1.5E9", 1.5e9, "" },
    { "2e-3", 2e-3, "" },
    { "2E+3", 2e3, "" },
    { "1e-400", 0, "" },
    { "16 GB", 16, "gb" },
    { "16GB", 16, "gb" },
    { "16  Gi\u200CB ", 16, "gib" },
    { "\u06F1\u06F6 \u062C\u06CC \u0628\u06CC", 16, "\u062C\u06CC \u0628\u06CC" },
    { "\u06F1\u06F6 \u062C\u064A \u0628\u064A", 16, "\u062C\u06CC \u0628\u06CC" },
    { "50\u066A", 50, "%" },
    { "50 %", 50, "%" },
    { "5e", 5, "e" },
    { "5 eV", 5, "ev" },
    { "2e+", 2, "e+" },
    { "3 \u00D7 10", 3, "\u00D7 10" },
    { "16,", 16, "," },
    { "16, GB", 16, ", gb" },
    { "0x10", 0, "x10" },
    /* thousands separators: groups of three, or lakh and crore */
    { "1,500", 1500, "" },
    { "12,345,678.5", 12345678.5, "" },
    { "1,00,000", 100000, "" },
    { "1,23,45,678", 12345678, "" },
    { "\u06F1\u066C\u06F5\u06F0\u06F0", 1500, "" },
    { "\u06F1\u060C\u06F5\u06F0\u06F0", 1500, "" },
    { "-1,500 GB", -1500, "gb" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      g_autofree char *rest = NULL;
      double value = -1;

      g_test_message ("%s", numbers[i].typed);
      g_assert_true (imtehan_answer_parse_number (numbers[i].typed, &value, &rest));
      g_assert_cmpfloat (value, ==, numbers[i].value);
      g_assert_cmpstr (rest, ==, numbers[i].rest);
      /* Neither out argument is needed. */
      g_assert_true (imtehan_answer_parse_number (numbers[i].typed, NULL, NULL));
    }
}

static void
test_parse_number_refused (void)
{
  static const char * const refused[] = {
    "", " ", "\u200C", "GB", "\u062C\u06CC \u0628\u06CC", "-", "+", ".", "-.", "+-2", "--2",
    "- 2", "e5", ".e5", "\u06D4\u06F5",
    /* ambiguous commas */
    "1,5", "3,14", "1,5000", "1234,567", "1,00,00", "123,45,678", "1,000,00,000",
    "12,3456", "1.500,5", "1,500,5",
    /* more than one number */
    "1.2.3", "16 32", "\u06F1\u06F6 \u06F3\u06F2", "1e5.5",
    /* not finite */
    "1e999", "-1e999", "1e99999999999999999999", "nan", "inf", "-inf", "infinity", "NaN",
  };
  g_autofree char *ones = g_strnfill (ONE_MB, '1');
  g_autofree char *zeros = g_strnfill (ONE_MB, '0');
  g_autofree char *zeros_one = g_strconcat (zeros, "1 GB", NULL);
  g_autofree char *rest = NULL;
  double value = -1;

  for (gsize i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      static char not_set[] = "not set";
      char *rest_refused = not_set; /* an out argument: overwritten, not freed */
      double value_refused = -1;

      g_test_message ("%s", refused[i]);
      g_assert_false (imtehan_answer_parse_number (refused[i], &value_refused, &rest_refused));
      g_assert_cmpfloat (value_refused, ==, 0);
      g_assert_null (rest_refused);
    }
  g_assert_false (imtehan_answer_parse_number (NULL, &value, &rest));
  g_assert_null (rest);

  /* A megabyte of digits is too large for a double; one after a megabyte of zeros is 1. */
  g_assert_false (imtehan_answer_parse_number (ones, &value, &rest));
  g_assert_true (imtehan_answer_parse_number (zeros_one, &value, &rest));
  g_assert_cmpfloat (value, ==, 1);
  g_assert_cmpstr (rest, ==, "gb");
}

static char *
to_eastern_digits (const char *ascii)
{
  GString *out = g_string_new (NULL);

  for (const char *p = ascii; *p != '\0'; p++)
    {
      if (g_ascii_isdigit (*p))
        g_string_append_unichar (out, 0x06F0 + (*p - '0'));
      else if (*p == '.')
        g_string_append (out, "\u066B");
      else if (*p == '-')
        g_string_append (out, "\u2212");
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* Any double, written exactly in ASCII or in Urdu digits, reads back as itself (a failure
 * prints the seed: --seed repeats it). */
static void
test_parse_number_round_trip (void)
{
  for (guint i = 0; i < 2000; i++)
    {
      double number = (g_test_rand_double () - 0.5) * pow (10, g_test_rand_int_range (-30, 30));
      char ascii[G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *urdu = NULL;
      g_autofree char *with_unit = NULL;
      g_autofree char *rest = NULL;
      double value = 0;

      g_ascii_formatd (ascii, sizeof ascii, "%.17g", number);
      urdu = to_eastern_digits (ascii);
      with_unit = g_strconcat (urdu, " \u0645\u06CC\u0679\u0631", NULL);

      g_assert_true (imtehan_answer_parse_number (ascii, &value, NULL));
      g_assert_cmpfloat (value, ==, number);
      g_assert_true (imtehan_answer_parse_number (urdu, &value, NULL));
      g_assert_cmpfloat (value, ==, number);
      g_assert_true (imtehan_answer_parse_number (with_unit, &value, &rest));
      g_assert_cmpfloat (value, ==, number);
      g_assert_cmpstr (rest, ==, "\u0645\u06CC\u0679\u0631");
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/answer-text/normalize/keyboards", test_normalize_keyboards);
  g_test_add_func ("/answer-text/normalize/distinct", test_normalize_distinct);
  g_test_add_func ("/answer-text/normalize/hamza", test_normalize_hamza);
  g_test_add_func ("/answer-text/normalize/case", test_normalize_case);
  g_test_add_func ("/answer-text/normalize/empty-and-invalid", test_normalize_empty_and_invalid);
  g_test_add_func ("/answer-text/normalize/idempotent", test_normalize_idempotent);
  g_test_add_func ("/answer-text/normalize/prepared-text", test_normalize_prepared_text);
  g_test_add_func ("/answer-text/normalize/long", test_normalize_long);
  g_test_add_func ("/answer-text/matches/moodle", test_matches_moodle);
  g_test_add_func ("/answer-text/matches/wildcards", test_matches_wildcards);
  g_test_add_func ("/answer-text/matches/definition", test_matches_definition);
  g_test_add_func ("/answer-text/matches/long", test_matches_long);
  g_test_add_func ("/answer-text/parse-number/numbers", test_parse_number);
  g_test_add_func ("/answer-text/parse-number/refused", test_parse_number_refused);
  g_test_add_func ("/answer-text/parse-number/round-trip", test_parse_number_round_trip);

  return g_test_run ();
}
