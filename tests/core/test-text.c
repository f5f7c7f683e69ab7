/* test-text.c: localized strings, language codes and the bidi preparation of Urdu text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "imtehan-text.h"

#define RLM "\xe2\x80\x8f" /* U+200F */
#define LRI "\xe2\x81\xa6" /* U+2066 */
#define PDI "\xe2\x81\xa9" /* U+2069 */
#define NBSP "\xc2\xa0"     /* U+00A0 */
#define WJ "\xe2\x81\xa0"   /* U+2060 */

static void
test_localized_fallback (void)
{
  g_autoptr(ImtehanLocalized) text = imtehan_localized_new ();

  imtehan_localized_set (text, NULL, "Question");
  imtehan_localized_set (text, "ur", "سوال");
  imtehan_localized_set (text, "ur_IN", "سوال (بھارت)");

  g_assert_cmpstr (imtehan_localized_get (text, "ur"), ==, "سوال");
  /* ur_PK → ur */
  g_assert_cmpstr (imtehan_localized_get (text, "ur_PK"), ==, "سوال");
  g_assert_cmpstr (imtehan_localized_get (text, "ur_PK.UTF-8"), ==, "سوال");
  /* The most specific variant wins. */
  g_assert_cmpstr (imtehan_localized_get (text, "ur_IN"), ==, "سوال (بھارت)");
  /* → untranslated */
  g_assert_cmpstr (imtehan_localized_get (text, "fr"), ==, "Question");
  g_assert_cmpstr (imtehan_localized_get (text, "fr_FR"), ==, "Question");
  g_assert_cmpstr (imtehan_localized_get (text, NULL), ==, "Question");
  g_assert_cmpstr (imtehan_localized_get (text, ""), ==, "Question");

  g_assert_true (imtehan_localized_has (text, "ur"));
  g_assert_true (imtehan_localized_has (text, "ur_PK"));
  g_assert_true (imtehan_localized_has (text, NULL));
  g_assert_false (imtehan_localized_has (text, "fr"));
  g_assert_false (imtehan_localized_has (text, "en"));
}

static void
test_localized_replace (void)
{
  g_autoptr(ImtehanLocalized) text = imtehan_localized_new ();

  imtehan_localized_set (text, "", "first");
  imtehan_localized_set (text, NULL, "second");
  g_assert_cmpstr (imtehan_localized_get (text, NULL), ==, "second");
  g_assert_cmpstr (imtehan_localized_get (text, ""), ==, "second");
}

static void
test_localized_empty (void)
{
  g_autoptr(ImtehanLocalized) text = imtehan_localized_new ();

  g_assert_cmpstr (imtehan_localized_get (text, NULL), ==, "");
  g_assert_cmpstr (imtehan_localized_get (text, "ur_PK"), ==, "");
  g_assert_false (imtehan_localized_has (text, NULL));
  g_assert_false (imtehan_localized_has (text, "ur"));

  /* Only a translation: other languages get "", not the translation. */
  imtehan_localized_set (text, "ur", "سوال");
  g_assert_cmpstr (imtehan_localized_get (text, "ur_PK"), ==, "سوال");
  g_assert_cmpstr (imtehan_localized_get (text, "en"), ==, "");
  g_assert_cmpstr (imtehan_localized_get (text, NULL), ==, "");
}

static void
test_language_normalize (void)
{
  static const struct {
    const char *locale;
    const char *code;
  } cases[] = {
    { "ur_PK.UTF-8@x", "ur" },
    { "ur_PK.UTF-8", "ur" },
    { "ur_PK", "ur" },
    { "ur", "ur" },
    { "UR_pk", "ur" },
    { "C", "en" },
    { "C.UTF-8", "en" },
    { "POSIX", "en" },
    { "en_US", "en" },
    { "en_GB.UTF-8", "en" },
    { "fr@euro", "fr" },
    { "ckb_IQ", "ckb" },
    { "pt-BR", "pt" },
    { "", "en" },
    { NULL, "en" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *code = imtehan_language_normalize (cases[i].locale);

      g_test_message ("%s", cases[i].locale ? cases[i].locale : "(null)");
      g_assert_cmpstr (code, ==, cases[i].code);
    }
}

static void
test_language_is_rtl (void)
{
  g_assert_true (imtehan_language_is_rtl ("ur"));
  g_assert_true (imtehan_language_is_rtl ("ur_PK"));
  g_assert_true (imtehan_language_is_rtl ("ur_PK.UTF-8"));
  g_assert_true (imtehan_language_is_rtl ("ar"));
  g_assert_true (imtehan_language_is_rtl ("fa_IR"));
  g_assert_true (imtehan_language_is_rtl ("he"));

  g_assert_false (imtehan_language_is_rtl ("en"));
  g_assert_false (imtehan_language_is_rtl ("en_US"));
  g_assert_false (imtehan_language_is_rtl ("C"));
  g_assert_false (imtehan_language_is_rtl ("hi_IN"));
  g_assert_false (imtehan_language_is_rtl (""));
  g_assert_false (imtehan_language_is_rtl (NULL));
}

/* A macro, so that a failure names the line of the case. */
#define assert_prepared(text, lang, expected) \
  G_STMT_START { \
    g_autofree char *prepared_ = imtehan_text_prepare ((text), (lang)); \
    g_assert_cmpstr (prepared_, ==, (expected)); \
  } G_STMT_END

static void
test_prepare_urdu (void)
{
  /* The paragraph starts with RLM even when the first strong character is Latin. */
  assert_prepared ("FSDP (مکمل)", "ur", RLM LRI "FSDP" PDI " (مکمل)");
  assert_prepared ("FSDP (مکمل طور پر شارڈ شدہ ڈیٹا پیرالل)", "ur_PK",
                   RLM LRI "FSDP" PDI " (مکمل طور پر شارڈ شدہ ڈیٹا پیرالل)");
  /* "C++" stays whole inside the isolate, or it would show as "++C". */
  assert_prepared ("C++ کوڈ", "ur", RLM LRI "C++" PDI " کوڈ");
  assert_prepared ("کوڈ C++", "ur", RLM "کوڈ " LRI "C++" PDI);
  assert_prepared ("ZeRO-3 اور", "ur", RLM LRI "ZeRO-3" PDI " اور");
  /* The trailing space is not part of the run. */
  assert_prepared ("ZeRO کیا ہے؟", "ur", RLM LRI "ZeRO" PDI " کیا ہے؟");
  /* The Arabic comma ends a run: two isolates. */
  assert_prepared ("PyTorch، FSDP", "ur", RLM LRI "PyTorch" PDI "، " LRI "FSDP" PDI);
  assert_prepared ("2 بائٹ fp16 ویٹس", "ur", RLM "2 بائٹ " LRI "fp16" PDI " ویٹس");
  /* Latin words separated by spaces form one run. */
  assert_prepared ("یہ PyTorch FSDP ہے", "ur", RLM "یہ " LRI "PyTorch FSDP" PDI " ہے");
  assert_prepared ("(torch.distributed.fsdp)", "ur", RLM "(" LRI "torch.distributed.fsdp" PDI ")");
  /* Every paragraph gets its own RLM. */
  assert_prepared ("پہلا\nFSDP دوسرا", "ur",
                   RLM "پہلا\n" RLM LRI "FSDP" PDI " دوسرا");
  assert_prepared ("سوال", "ur", RLM "سوال");
  assert_prepared ("", "ur", RLM);
  /* A number glued to Latin letters is part of the term; a lone number is not. */
  assert_prepared ("(2Ψ کے بجائے 3Ψ)", "ur", RLM "(" LRI "2Ψ" PDI " کے بجائے " LRI "3Ψ" PDI ")");
  assert_prepared ("تقریباً 1.5x زیادہ", "ur", RLM "تقریباً " LRI "1.5x" PDI " زیادہ");
  assert_prepared ("مرحلہ 3 میں", "ur", RLM "مرحلہ 3 میں");
  /* A fraction with a Latin term too, or "1/Nd" shows as "Nd/1"; formulas stay whole. */
  assert_prepared ("صرف 1/Nd حصہ", "ur", RLM "صرف " LRI "1/" WJ "Nd" PDI " حصہ");
  assert_prepared ("کے 16Ψ/Nd بائٹ", "ur", RLM "کے " LRI "16Ψ/" WJ "Nd" PDI " بائٹ");
  assert_prepared ("اسے 4Ψ + 12Ψ/Nd بائٹ", "ur",
                   RLM "اسے " LRI "4Ψ" NBSP "+" NBSP "12Ψ/" WJ "Nd" PDI " بائٹ");
  assert_prepared ("مرحلہ 2 (P_os+g) اور", "ur", RLM "مرحلہ 2 (" LRI "P_os+g" PDI ") اور");
  assert_prepared ("7.5 ارب", "ur", RLM "7.5 ارب");
  assert_prepared ("3/4 حصہ", "ur", RLM "3/" WJ "4 حصہ");
  assert_prepared ("1/ حصہ", "ur", RLM "1/ حصہ");
}

/* An Urdu letter must never end up inside a Latin isolate, whatever its code point. */
static void
test_prepare_urdu_letters_not_isolated (void)
{
  for (gunichar c = 0x0600; c <= 0x06ff; c++)
    {
      g_autofree char *text = NULL;
      g_autofree char *expected = NULL;
      g_autofree char *prepared = NULL;
      char utf8[7] = { 0 };

      if (!g_unichar_isdefined (c) || g_unichar_isdigit (c))
        continue;
      g_unichar_to_utf8 (c, utf8);
      text = g_strconcat ("ZeRO ", utf8, " FSDP", NULL);
      expected = g_strconcat (RLM LRI "ZeRO" PDI " ", utf8, " " LRI "FSDP" PDI, NULL);
      prepared = imtehan_text_prepare (text, "ur");
      if (g_strcmp0 (prepared, expected) != 0)
        g_test_message ("U+%04X", c);
      g_assert_cmpstr (prepared, ==, expected);
    }

  /* "حد" (limit) is made of U+062D U+062F, whose low bytes are '-' and '/'. */
  assert_prepared ("ZeRO حد FSDP", "ur", RLM LRI "ZeRO" PDI " حد " LRI "FSDP" PDI);
}

static void
test_prepare_ltr_unchanged (void)
{
  assert_prepared ("FSDP (Fully Sharded Data Parallel)", "en",
                   "FSDP (Fully Sharded Data Parallel)");
  assert_prepared ("FSDP (مکمل)", "en", "FSDP (مکمل)");
  assert_prepared ("C++", "en_US", "C++");
  assert_prepared ("C++", NULL, "C++");
  assert_prepared ("C++", "C", "C++");
  assert_prepared ("", "en", "");
}

/* Formulas are kept whole on a line in both languages: a word joiner after a slash between
 * letters or digits, no-break spaces around an operator between two terms; words stay as
 * they are. */
static void
test_prepare_formulas (void)
{
  assert_prepared ("only 1/Nd of them", "en", "only 1/" WJ "Nd of them");
  assert_prepared ("16Ψ/Nd bytes", "en", "16Ψ/" WJ "Nd bytes");
  assert_prepared ("needs 4Ψ + 12Ψ/Nd bytes, a 4x", "en",
                   "needs 4Ψ" NBSP "+" NBSP "12Ψ/" WJ "Nd bytes, a 4x");
  assert_prepared ("(2Ψ + Ψ = 3Ψ)", "en", "(2Ψ" NBSP "+" NBSP "Ψ" NBSP "=" NBSP "3Ψ)");
  assert_prepared ("is 4Ψ + 12Ψ/Nd.", "en", "is 4Ψ" NBSP "+" NBSP "12Ψ/" WJ "Nd.");
  /* Words and plain text are left alone. */
  assert_prepared ("ZeRO + FSDP", "en", "ZeRO + FSDP");
  assert_prepared ("read/write", "en", "read/write");
  assert_prepared ("“/tmp/imtehan/attempts”", "en", "“/tmp/imtehan/attempts”");
  assert_prepared ("3/4", "en", "3/" WJ "4");
  assert_prepared ("a / b", "en", "a / b");
  assert_prepared ("1/ of", "en", "1/ of");
  assert_prepared ("4Ψ  + 12Ψ", "en", "4Ψ  + 12Ψ");
  assert_prepared ("4Ψ +\n12Ψ", "en", "4Ψ +\n12Ψ");
  assert_prepared ("x - y", "en", "x - y");
}

#define LRM "\xe2\x80\x8e" /* U+200E */

/* The lines between "```" fences are code: kept exactly, blank lines and indentation too,
 * left to right in both languages, and said to be code; the fences go. */
static void
assert_code (const char  *text,
             const char  *lang,
             const char  *expected,
             const char **expected_code)
{
  g_autoptr(GArray) code = NULL;
  g_autofree char *prepared = imtehan_text_prepare_full (text, lang, &code);
  guint n = 0;

  g_assert_cmpstr (prepared, ==, expected);
  while (expected_code[n] != NULL)
    n++;
  g_assert_cmpuint (code->len, ==, 2 * n);
  for (guint i = 0; i < n; i++)
    {
      gsize start = g_array_index (code, gsize, 2 * i);
      gsize end = g_array_index (code, gsize, 2 * i + 1);
      g_autofree char *range = g_strndup (prepared + start, end - start);

      g_assert_cmpstr (range, ==, expected_code[i]);
    }
}

static void
test_prepare_code (void)
{
  const char *none[] = { NULL };
  const char *java[] = { LRM "    public void test() {", LRM "        method1();", LRM "",
                         LRM "    }", NULL };

  assert_code ("What does it print?\n```\n    public void test() {\n        method1();\n\n    }\n"
               "```\nAnswer below.", "en",
               "What does it print?\n" LRM "    public void test() {\n" LRM "        method1();\n"
               LRM "\n" LRM "    }\nAnswer below.", java);
  /* In Urdu the prose is prepared as ever, the code is not touched. */
  assert_code ("یہ کیا چھاپے گا؟\n```\n    public void test() {\n        method1();\n\n    }\n```",
               "ur",
               RLM "یہ کیا چھاپے گا؟\n" LRM "    public void test() {\n" LRM "        method1();\n"
               LRM "\n" LRM "    }", java);
  /* Formulas in code are code. */
  {
    const char *formula[] = { LRM "x = 1/Nd", NULL };

    assert_code ("```\nx = 1/Nd\n```", "en", LRM "x = 1/Nd", formula);
  }
  /* No fence: no code; an unclosed fence runs to the end. */
  assert_code ("1/Nd", "en", "1/" WJ "Nd", none);
  {
    const char *rest[] = { LRM "  a", LRM "  b", NULL };

    assert_code ("Text\n```\n  a\n  b", "en", "Text\n" LRM "  a\n" LRM "  b", rest);
  }
}

static void
test_prepare_invalid_utf8 (void)
{
  const char *invalid = "FSDP \xff\xfe (مکمل)";

  assert_prepared (invalid, "ur", invalid);
  assert_prepared ("\xc3", "ur", "\xc3");
}

static void
test_set_str (void)
{
  g_autofree char *str = NULL;
  char *before;

  g_assert_true (imtehan_set_str (&str, "ur"));
  g_assert_cmpstr (str, ==, "ur");

  before = str;
  g_assert_false (imtehan_set_str (&str, "ur"));
  g_assert_true (str == before);

  /* Setting from its own value must not read freed memory. */
  g_assert_false (imtehan_set_str (&str, str));
  g_assert_cmpstr (str, ==, "ur");

  g_assert_true (imtehan_set_str (&str, "en"));
  g_assert_cmpstr (str, ==, "en");

  g_assert_true (imtehan_set_str (&str, NULL));
  g_assert_null (str);
  g_assert_false (imtehan_set_str (&str, NULL));
  g_assert_null (str);

  g_assert_true (imtehan_set_str (&str, ""));
  g_assert_cmpstr (str, ==, "");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/text/localized/fallback", test_localized_fallback);
  g_test_add_func ("/text/localized/replace", test_localized_replace);
  g_test_add_func ("/text/localized/empty", test_localized_empty);
  g_test_add_func ("/text/language/normalize", test_language_normalize);
  g_test_add_func ("/text/language/is-rtl", test_language_is_rtl);
  g_test_add_func ("/text/prepare/urdu", test_prepare_urdu);
  g_test_add_func ("/text/prepare/urdu-letters-not-isolated",
                   test_prepare_urdu_letters_not_isolated);
  g_test_add_func ("/text/prepare/ltr-unchanged", test_prepare_ltr_unchanged);
  g_test_add_func ("/text/prepare/formulas", test_prepare_formulas);
  g_test_add_func ("/text/prepare/code", test_prepare_code);
  g_test_add_func ("/text/prepare/invalid-utf8", test_prepare_invalid_utf8);
  g_test_add_func ("/text/set-str", test_set_str);

  return g_test_run ();
}
