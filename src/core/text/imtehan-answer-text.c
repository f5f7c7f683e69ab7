/* imtehan-answer-text.c: comparing a typed answer with the accepted ones
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The same Urdu word comes out of different keyboards as different characters (Arabic or
 * Urdu yeh, kaf and heh, three sets of digits, ZWNJ and tatweel or not, short vowels or
 * not), so a short or numerical answer is compared after both sides are normalised here.
 */

#define G_LOG_DOMAIN "imtehan-answer-text"

#include "config.h"

#include <math.h>
#include <string.h>

#include "imtehan-answer-text.h"

/* Unicode's Stream-Safe Text Format (UAX #15) allows 30 combining marks in a row; no word
 * needs more, and GLib sorts a run of marks in quadratic time (40,000 alternating marks take
 * half a second), so a pasted megabyte of marks would freeze the app. */
#define MAX_NON_STARTERS 30

#define FARSI_YEH 0x06CC   /* ی: Urdu's choti ye */
#define HAMZA_ABOVE 0x0654
#define YEH_HAMZA 0x0626   /* ئ */

/* Whether @c keeps the run of combining marks that *run counts (in the compatibility
 * decomposition, which NFKC and NFC sort) within MAX_NON_STARTERS; if so, *run counts it. */
static gboolean
extend_mark_run (gunichar  c,
                 guint    *run)
{
  gunichar parts[G_UNICHAR_MAX_DECOMPOSITION_LENGTH];
  gsize n = g_unichar_fully_decompose (c, TRUE, parts, G_N_ELEMENTS (parts));
  guint after = *run;

  for (gsize i = 0; i < n; i++)
    {
      after = g_unichar_combining_class (parts[i]) == 0 ? 0 : after + 1;
      if (after > MAX_NON_STARTERS)
        return FALSE;
    }
  *run = after;
  return TRUE;
}

static char *
limit_mark_runs (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));
  guint run = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (extend_mark_run (g_utf8_get_char (p), &run))
      g_string_append_len (out, p, g_utf8_next_char (p) - p);

  return g_string_free (out, FALSE);
}

/* The optional short vowels (aerab), which most Urdu is typed without: tanween, zabar, pesh,
 * zer, tashdeed and jazm (U+064B..U+0652), khari zer, ulta pesh and the noon ghunna mark
 * (U+0656..U+0658), khari zabar (U+0670). Madda and hamza (U+0653..U+0655) stay: NFC makes
 * letters of them (آ ئ ۂ ؤ), and they change the word. */
static gboolean
is_optional_vowel (gunichar c)
{
  return (c >= 0x064B && c <= 0x0652) || (c >= 0x0656 && c <= 0x0658) || c == 0x0670;
}

/* What is not seen, and which keyboards, input methods and copying put in or leave out: every
 * format character (ZWNJ, ZWJ, LRM, RLM, ALM, the bidi embeddings and isolates, the word
 * joiner and marks the app adds to its own Urdu text, a byte order mark, a soft hyphen), the
 * tatweel, which only stretches a joining letter, the combining grapheme joiner and the
 * variation selectors that emoji pickers add or omit. */
static gboolean
is_invisible (gunichar c)
{
  return c == 0x0640 || c == 0x034F || (c >= 0xFE00 && c <= 0xFE0F) ||
         (c >= 0xE0100 && c <= 0xE01EF) || g_unichar_type (c) == G_UNICODE_FORMAT;
}

/* NFKC already makes U+00A0, U+2002..U+200A, U+202F, U+3000 and others a plain space. */
static gboolean
is_space (gunichar c)
{
  return g_unichar_isspace (c) || c == '\v' || c == 0x0085;
}

/* One letter or sign, as an Urdu keyboard types it. The Arabic comma and the Arabic thousands
 * separator become ',', so that "ZeRO، FSDP" is "ZeRO, FSDP" and "۱٬۵۰۰" is "1,500"; the
 * Urdu full stop (۔) stays, as it is a full stop and not a decimal point. */
static gunichar
keyboard_variant (gunichar c)
{
  if (c >= 0x0660 && c <= 0x0669)
    return '0' + (c - 0x0660);
  if (c >= 0x06F0 && c <= 0x06F9)
    return '0' + (c - 0x06F0);

  switch (c)
    {
    case 0x064A: /* ARABIC LETTER YEH */
    case 0x0649: /* ARABIC LETTER ALEF MAKSURA */
      return FARSI_YEH;
    case 0x0643: /* ARABIC LETTER KAF */
      return 0x06A9; /* ک KEHEH */
    case 0x0647: /* ARABIC LETTER HEH; ھ (U+06BE, do-chashmi) is another letter in Urdu */
      return 0x06C1; /* ہ HEH GOAL */
    case 0x066B: /* ARABIC DECIMAL SEPARATOR */
      return '.';
    case 0x066C: /* ARABIC THOUSANDS SEPARATOR */
    case 0x060C: /* ARABIC COMMA */
      return ',';
    case 0x066A: /* ARABIC PERCENT SIGN, so that a Unit of % is typed on either keyboard */
      return '%';
    case 0x2212: /* MINUS SIGN */
      return '-';
    default:
      return c;
    }
}

/* Maps, drops and collapses spaces in NFKC text. A text cut out of a longer one (the part of
 * a pattern between two stars) keeps one space at a side that is not trimmed, so that
 * "ZeRO *" does not accept "ZeROx". Marks are counted again, as dropping what is between two
 * runs of them joins the runs. */
static char *
fold_keyboard (const char *text,
               gboolean    case_sensitive,
               gboolean    trim_start,
               gboolean    trim_end)
{
  GString *out = g_string_sized_new (strlen (text));
  gboolean space = FALSE;
  gunichar last = 0;
  guint run = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (is_space (c))
        {
          space = TRUE;
          continue;
        }
      if (is_invisible (c) || is_optional_vowel (c))
        continue;

      /* g_utf8_casefold() folds Cherokee to its small letters and those back to capitals (as
       * CaseFolding.txt does), so folding twice would change the text again. */
      if (!case_sensitive)
        c = g_unichar_tolower (c);
      c = keyboard_variant (c);
      if (space && (out->len > 0 || !trim_start))
        {
          g_string_append_c (out, ' ');
          last = ' ';
          run = 0;
        }
      space = FALSE;
      if (!extend_mark_run (c, &run))
        continue;
      /* ي with hamza above is ئ (its canonical decomposition); after ي became ی, NFC no
       * longer knows ی with hamza above as ئ, so it is done here. */
      if (c == HAMZA_ABOVE && last == FARSI_YEH)
        {
          g_string_truncate (out, out->len - strlen ("ی"));
          c = YEH_HAMZA;
        }
      g_string_append_unichar (out, c);
      last = c;
    }
  if (space && !trim_end && (out->len > 0 || !trim_start))
    g_string_append_c (out, ' ');

  return g_string_free (out, FALSE);
}

static char *
normalize_part (const char *text,
                gboolean    case_sensitive,
                gboolean    trim_start,
                gboolean    trim_end)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  g_autofree char *limited = limit_mark_runs (valid);
  g_autofree char *nfkc = g_utf8_normalize (limited, -1, G_NORMALIZE_NFKC);
  g_autofree char *folded = NULL;

  g_assert (nfkc != NULL);
  /* Case folding can undo NFKC ("İ" folds to "i" and a combining dot), hence NFKC again. */
  if (!case_sensitive)
    {
      g_autofree char *lower = g_utf8_casefold (nfkc, -1);

      g_free (nfkc);
      nfkc = g_utf8_normalize (lower, -1, G_NORMALIZE_NFKC);
    }
  folded = fold_keyboard (nfkc, case_sensitive, trim_start, trim_end);
  /* Dropping marks and mapping letters can leave a letter and a hamza or madda that compose
   * (ه with hamza above, now ہ with hamza above, is ۂ). */
  return g_utf8_normalize (folded, -1, G_NORMALIZE_NFC);
}

/**
 * imtehan_answer_normalize:
 * @typed: (nullable): the text a learner typed or a teacher accepted, in UTF-8; %NULL is ""
 * @case_sensitive: whether case is kept; otherwise the text is case folded (fully: "ß" is
 *   "ss")
 *
 * Gives the text as it is compared, so that the same answer typed on an Arabic, a Persian or
 * an Urdu keyboard, or copied from the question's own text, compares equal:
 *
 * - Unicode NFKC: presentation forms (U+FBxx, U+FExx) become their letters, ligatures and
 *   full-width forms are split, "²" is "2";
 * - Arabic yeh (ي) and alef maksura (ى) are Urdu's yeh (ی), Arabic kaf (ك) is keheh (ک),
 *   Arabic heh (ه) is heh goal (ہ); ی with hamza above is ئ. Do-chashmi heh (ھ), yeh barree
 *   (ے), hamza and madda are other letters in Urdu and stay apart;
 * - Arabic-Indic (٠..٩) and Eastern Arabic-Indic (۰..۹) digits are ASCII digits, the Arabic
 *   decimal separator (٫) is ".", the Arabic thousands separator (٬) and the Arabic comma (،)
 *   are ",", the Arabic percent sign (٪) is "%", the minus sign (−) is "-";
 * - the optional short vowels (zabar, zer, pesh, tanween, tashdeed, jazm, khari zabar, khari
 *   zer, ulta pesh, the noon ghunna mark) are dropped, as are tatweel, ZWNJ, ZWJ, the bidi
 *   marks, embeddings and isolates, and every other invisible format character;
 * - runs of white space of any kind are one ASCII space, and the text is trimmed;
 * - invalid UTF-8 is replaced by U+FFFD, and more than 30 combining marks in a row are cut
 *   to 30, so that any input takes time linear in its length.
 *
 * Normalising twice gives the same text as normalising once.
 *
 * Returns: (transfer full): the normalised text, in NFC, valid UTF-8
 */
char *
imtehan_answer_normalize (const char *typed,
                          gboolean    case_sensitive)
{
  return normalize_part (typed, case_sensitive, TRUE, TRUE);
}

/* The literal texts between the stars of a pattern, one more than the stars: a run of stars
 * is one star, as in Moodle; "\*" is a star in the text. '\\' and '*' are ASCII, so they
 * never sit inside a multi-byte character, even in invalid UTF-8. */
static GPtrArray *
split_pattern (const char *pattern,
               gboolean    case_sensitive)
{
  GPtrArray *raw = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *parts = g_ptr_array_new_with_free_func (g_free);
  GString *part = g_string_new (NULL);

  for (const char *p = pattern; *p != '\0'; p++)
    {
      if (p[0] == '\\' && p[1] == '*')
        g_string_append_c (part, *++p);
      else if (*p != '*')
        g_string_append_c (part, *p);
      else
        {
          g_ptr_array_add (raw, g_string_free (part, FALSE));
          part = g_string_new (NULL);
          while (p[1] == '*')
            p++;
        }
    }
  g_ptr_array_add (raw, g_string_free (part, FALSE));

  for (guint i = 0; i < raw->len; i++)
    g_ptr_array_add (parts, normalize_part (g_ptr_array_index (raw, i), case_sensitive,
                                            i == 0, i == raw->len - 1));
  g_ptr_array_unref (raw);
  return parts;
}

/* Where @needle first occurs in the @length bytes at @text: Knuth-Morris-Pratt, linear in
 * both lengths whatever the bytes. (glibc's strstr() is linear too, but valgrind replaces it
 * with a quadratic one, and a quadratic search takes minutes on a pasted megabyte.) */
static const char *
find_part (const char *text,
           gsize       length,
           const char *needle,
           gsize       needle_len)
{
  g_autofree gsize *border = NULL;
  gsize k = 0;

  if (needle_len == 0)
    return text;

  /* border[i]: the longest proper prefix of needle[0..i] that also ends it */
  border = g_new (gsize, needle_len);
  border[0] = 0;
  for (gsize i = 1; i < needle_len; i++)
    {
      while (k > 0 && needle[i] != needle[k])
        k = border[k - 1];
      if (needle[i] == needle[k])
        k++;
      border[i] = k;
    }

  k = 0;
  for (gsize i = 0; i < length; i++)
    {
      while (k > 0 && text[i] != needle[k])
        k = border[k - 1];
      if (text[i] == needle[k])
        k++;
      if (k == needle_len)
        return text + i + 1 - needle_len;
    }
  return NULL;
}

/* The first part must start the text and the last end it; each part between is taken where
 * it first occurs after the one before, and before the last part. Taking the leftmost
 * occurrence is always right for '*' (a later one only leaves less room for what follows),
 * so nothing is tried twice: the time is linear, where a backtracking matcher is exponential
 * and the classic two-pointer one (back to the last star on a mismatch) quadratic on
 * "*aaa…ab" against "aaa…a". Bytes compare as characters, as both sides are valid UTF-8. */
static gboolean
match_parts (const char *text,
             GPtrArray  *parts)
{
  const char *first = g_ptr_array_index (parts, 0);
  const char *last = g_ptr_array_index (parts, parts->len - 1);
  gsize text_len = strlen (text);
  gsize first_len = strlen (first);
  gsize last_len = strlen (last);
  const char *p;
  const char *end;

  if (parts->len == 1)
    return strcmp (text, first) == 0;
  if (first_len + last_len > text_len || strncmp (text, first, first_len) != 0 ||
      strcmp (text + text_len - last_len, last) != 0)
    return FALSE;

  p = text + first_len;
  end = text + text_len - last_len;
  for (guint i = 1; i + 1 < parts->len; i++)
    {
      const char *part = g_ptr_array_index (parts, i);
      gsize part_len = strlen (part);
      const char *found = find_part (p, end - p, part, part_len);

      if (found == NULL)
        return FALSE;
      p = found + part_len;
    }

  return TRUE;
}

/**
 * imtehan_answer_matches:
 * @pattern: (nullable): an accepted answer of a short-answer question; %NULL is ""
 * @typed: (nullable): what the learner typed; %NULL is ""
 * @case_sensitive: the question's CaseSensitive
 *
 * Moodle's short-answer rule: @pattern matches the whole of @typed, where each "*" of
 * @pattern stands for any text, also none ("*ZeRO*" accepts "stage 3 of ZeRO"), and "\*"
 * for a star itself. Both are first normalised as imtehan_answer_normalize() does, the
 * pattern part by part between its stars, so that a star is never made or unmade by it.
 *
 * Where Moodle differs: it trims only the typed text, where here the pattern's ends are
 * trimmed too (a space at a star is kept); it normalises to NFC only, without the keyboard
 * forms; it ignores case with PCRE's simple case folding, where here case is fully folded;
 * and its star does not match a line break, where here line breaks are spaces. As in
 * Moodle, a backslash before anything but a star is a backslash, and one before a star
 * always escapes it (there is no escape for a backslash, so no wildcard can follow a text
 * that ends in one); and "*" accepts an empty text, so an empty answer must be treated as
 * unanswered before it gets here.
 *
 * The time is linear in the lengths of both texts, whatever the stars.
 *
 * Returns: whether @typed is accepted by @pattern
 */
gboolean
imtehan_answer_matches (const char *pattern,
                        const char *typed,
                        gboolean    case_sensitive)
{
  g_autofree char *text = imtehan_answer_normalize (typed, case_sensitive);
  g_autoptr(GPtrArray) parts = split_pattern (pattern != NULL ? pattern : "", case_sensitive);

  return match_parts (text, parts);
}

/* A pattern split and normalised once, for the many typed answers of a class report. */
struct _ImtehanAnswerPattern
{
  GPtrArray *parts;
};

/**
 * imtehan_answer_pattern_new:
 * @pattern: (nullable): an accepted answer, as imtehan_answer_matches() takes it
 *
 * Returns: (transfer full): @pattern ready for imtehan_answer_pattern_matches()
 */
ImtehanAnswerPattern *
imtehan_answer_pattern_new (const char *pattern,
                            gboolean    case_sensitive)
{
  ImtehanAnswerPattern *self = g_new0 (ImtehanAnswerPattern, 1);

  self->parts = split_pattern (pattern != NULL ? pattern : "", case_sensitive);
  return self;
}

void
imtehan_answer_pattern_free (ImtehanAnswerPattern *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->parts);
  g_free (self);
}

/**
 * imtehan_answer_pattern_matches:
 * @normalized: a typed text as imtehan_answer_normalize() gives it, with the pattern's
 *   @case_sensitive
 *
 * imtehan_answer_matches(), with both texts normalised already.
 */
gboolean
imtehan_answer_pattern_matches (const ImtehanAnswerPattern *self,
                                const char                 *normalized)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return match_parts (normalized != NULL ? normalized : "", self->parts);
}

static gsize
skip_digits (const char *p)
{
  gsize n = 0;

  while (g_ascii_isdigit (p[n]))
    n++;
  return n;
}

/* Digits before the point, with ',' between groups only as English and Urdu write them:
 * "1,500" and "12,345,678" (groups of three), "1,00,000" and "1,23,45,678" (lakh and crore:
 * groups of two, then three). Any other use ("1,5", "1,5000") is refused rather than read
 * as 15 or 1.5: a decimal comma is not ours to guess. */
static gboolean
read_integer (const char **p,
              GString     *number,
              gsize       *n_digits)
{
  const char *q = *p;
  gsize first = skip_digits (q);
  gsize middle = 0;
  gsize last = 0;
  gboolean grouped = FALSE;

  g_string_append_len (number, q, first);
  q += first;
  *n_digits = first;
  while (first > 0 && *q == ',' && g_ascii_isdigit (q[1]))
    {
      if (grouped)
        {
          /* The group before is a middle one: all of them two digits or all three. */
          if ((last != 2 && last != 3) || (middle != 0 && last != middle))
            return FALSE;
          middle = last;
        }
      grouped = TRUE;
      last = skip_digits (++q);
      g_string_append_len (number, q, last);
      q += last;
      *n_digits += last;
    }
  *p = q;

  if (!grouped)
    return TRUE;
  return last == 3 && first <= (middle == 2 ? 2 : 3);
}

/* The digits of a number ("16", "-3.5", ".5", "5.", "1.5e9") from *p, into @number for
 * g_ascii_strtod(). */
static gboolean
read_number (const char **p,
             GString     *number)
{
  const char *q = *p;
  gsize n_digits = 0;

  if (*q == '-' || *q == '+')
    g_string_append_c (number, *q++);
  if (!read_integer (&q, number, &n_digits))
    return FALSE;
  if (*q == '.' && (n_digits > 0 || g_ascii_isdigit (q[1])))
    {
      gsize n = skip_digits (++q);

      g_string_append_c (number, '.');
      g_string_append_len (number, q, n);
      q += n;
      n_digits += n;
    }
  if (n_digits == 0)
    return FALSE;

  /* Case is folded already. "5e" is 5 of the unit "e". */
  if (*q == 'e')
    {
      gsize sign = (q[1] == '-' || q[1] == '+') ? 1 : 0;
      gsize n = skip_digits (q + 1 + sign);

      if (n > 0)
        {
          g_string_append_len (number, q, 1 + sign + n);
          q += 1 + sign + n;
        }
    }

  *p = q;
  return TRUE;
}

/**
 * imtehan_answer_parse_number:
 * @typed: (nullable): what the learner typed
 * @value: (out) (optional): the number; 0 when there is none
 * @rest: (out) (optional) (transfer full): the normalised text after the number (its unit,
 *   case folded), "" when there is none; %NULL when there is no number
 *
 * Reads a number as a learner types it, after imtehan_answer_normalize() (with case
 * folded), so in ASCII, Arabic-Indic or Eastern Arabic-Indic digits, with leading and
 * trailing spaces: an optional sign ("-", "+" or "−"), digits, one decimal point ("." or
 * "٫"; ".5" and "5." are read too), an optional exponent ("1.5e9", "2E-3"). A comma (",",
 * "،" or "٬") is only a thousands separator, and only where its groups are unambiguous
 * (see read_integer()): English and Urdu use "." for the decimal point, and reading "1,5" as
 * 1.5 or as 15 would be a guess either way, so it is no number.
 *
 * A number too large for a double, NaN or infinity ("inf" and "nan" are not read), a second
 * number after the first ("16 32", "1.2.3", "1.500,5") or no digit at all give %FALSE. A
 * number too small for a double is 0.
 *
 * Returns: whether @typed is a number, with or without a unit after it
 */
gboolean
imtehan_answer_parse_number (const char  *typed,
                             double      *value,
                             char       **rest)
{
  g_autofree char *text = NULL;
  g_autoptr(GString) number = NULL;
  const char *p;
  double parsed;

  if (value != NULL)
    *value = 0;
  if (rest != NULL)
    *rest = NULL;
  if (typed == NULL)
    return FALSE;

  text = imtehan_answer_normalize (typed, FALSE);
  number = g_string_new (NULL);
  p = text;
  if (!read_number (&p, number))
    return FALSE;
  if ((*p == '.' || *p == ',') && g_ascii_isdigit (p[1]))
    return FALSE;
  if (*p == ' ')
    p++;
  if (g_ascii_isdigit (*p))
    return FALSE;

  parsed = g_ascii_strtod (number->str, NULL);
  if (!isfinite (parsed))
    return FALSE;

  if (value != NULL)
    *value = parsed;
  if (rest != NULL)
    *rest = g_strdup (p);
  return TRUE;
}
