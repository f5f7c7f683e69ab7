/* imtehan-text.c: localized strings and the bidi preparation of text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-text"

#include "config.h"

#include <string.h>

#include "imtehan-text.h"

#define RLM "\xe2\x80\x8f" /* U+200F RIGHT-TO-LEFT MARK */
#define LRM "\xe2\x80\x8e" /* U+200E LEFT-TO-RIGHT MARK */
#define LRI "\xe2\x81\xa6" /* U+2066 LEFT-TO-RIGHT ISOLATE */
#define PDI "\xe2\x81\xa9" /* U+2069 POP DIRECTIONAL ISOLATE */
#define NBSP "\xc2\xa0"     /* U+00A0 NO-BREAK SPACE */
#define WJ "\xe2\x81\xa0"   /* U+2060 WORD JOINER */

struct _ImtehanLocalized
{
  GHashTable *values; /* language ("" for untranslated) → value */
};

ImtehanLocalized *
imtehan_localized_new (void)
{
  ImtehanLocalized *self = g_new0 (ImtehanLocalized, 1);

  self->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return self;
}

void
imtehan_localized_free (ImtehanLocalized *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->values, g_hash_table_unref);
  g_free (self);
}

void
imtehan_localized_set (ImtehanLocalized *self,
                       const char       *lang,
                       const char       *value)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (value != NULL);

  g_hash_table_insert (self->values, g_strdup (lang ? lang : ""), g_strdup (value));
}

static const char *
lookup (const ImtehanLocalized *self,
        const char             *lang)
{
  g_auto(GStrv) variants = NULL;

  if (lang == NULL || *lang == '\0')
    return NULL;

  /* The same fallback order as g_key_file_get_locale_string(): ur_PK → ur. */
  variants = g_get_locale_variants (lang);
  for (guint i = 0; variants[i] != NULL; i++)
    {
      const char *value = g_hash_table_lookup (self->values, variants[i]);

      if (value != NULL)
        return value;
    }

  return NULL;
}

const char *
imtehan_localized_get (const ImtehanLocalized *self,
                       const char             *lang)
{
  const char *value;

  g_return_val_if_fail (self != NULL, "");

  if ((value = lookup (self, lang)))
    return value;
  if ((value = g_hash_table_lookup (self->values, "")))
    return value;
  return "";
}

/* Every language's value, English first, without repeats: a typed answer may be accepted
 * in any of them. */
char **
imtehan_localized_dup_values (const ImtehanLocalized *self)
{
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GList) keys = NULL;
  const char *english;

  g_return_val_if_fail (self != NULL, NULL);

  if ((english = g_hash_table_lookup (self->values, "")))
    g_ptr_array_add (values, g_strdup (english));
  keys = g_list_sort (g_hash_table_get_keys (self->values), (GCompareFunc)g_strcmp0);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      const char *value = g_hash_table_lookup (self->values, l->data);

      if (!g_ptr_array_find_with_equal_func (values, value, g_str_equal, NULL))
        g_ptr_array_add (values, g_strdup (value));
    }
  g_ptr_array_add (values, NULL);
  return (char **)g_ptr_array_free (g_steal_pointer (&values), FALSE);
}

gboolean
imtehan_localized_has (const ImtehanLocalized *self,
                       const char             *lang)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (lang == NULL || *lang == '\0')
    return g_hash_table_contains (self->values, "");
  return lookup (self, lang) != NULL;
}

/* g_set_str() is GLib 2.76; we build against 2.74. */
gboolean
imtehan_set_str (char       **str,
                 const char  *value)
{
  char *copy;

  if (g_strcmp0 (*str, value) == 0)
    return FALSE;
  copy = g_strdup (value);
  g_free (*str);
  *str = copy;
  return TRUE;
}

/* "ur_PK.UTF-8@variant" → "ur"; "C" and "POSIX" → "en". */
char *
imtehan_language_normalize (const char *locale)
{
  gsize len;

  if (locale == NULL || *locale == '\0' || g_str_equal (locale, "C") ||
      g_str_equal (locale, "POSIX") || g_str_has_prefix (locale, "C."))
    return g_strdup ("en");

  len = strcspn (locale, "_.@-");
  if (len < 2 || len > 3)
    return g_strdup ("en");
  return g_ascii_strdown (locale, len);
}

gboolean
imtehan_language_is_rtl (const char *lang)
{
  static const char * const rtl[] = { "ur", "ar", "fa", "he", "ps", "sd", "ug", "yi", "ckb", NULL };
  g_autofree char *code = imtehan_language_normalize (lang);

  return g_strv_contains (rtl, code);
}

static gboolean
is_rtl_script (GUnicodeScript script)
{
  return script == G_UNICODE_SCRIPT_ARABIC || script == G_UNICODE_SCRIPT_HEBREW ||
         script == G_UNICODE_SCRIPT_SYRIAC || script == G_UNICODE_SCRIPT_THAANA ||
         script == G_UNICODE_SCRIPT_NKO;
}

static gboolean
is_strong_ltr (gunichar c)
{
  GUnicodeScript script;

  if (!g_unichar_isalpha (c))
    return FALSE;
  script = g_unichar_get_script (c);
  return !is_rtl_script (script) &&
         script != G_UNICODE_SCRIPT_COMMON &&
         script != G_UNICODE_SCRIPT_INHERITED;
}

/* What may continue a Latin run ("PyTorch FSDP", "ZeRO-3", "fp16", "C++") ... */
static gboolean
continues_run (gunichar c)
{
  /* c < 0x80: strchr() would truncate U+062D "ح" to '-', and find U+0600 as the NUL. */
  return is_strong_ltr (c) || g_unichar_isdigit (c) || c == 0x00A0 || c == 0x2060 ||
         (c != 0 && c < 0x80 && strchr (" -._/+#':%", (int)c) != NULL);
}

/* ... and what may end one, so that "ZeRO اور" isolates "ZeRO" and not "ZeRO ". */
static gboolean
ends_run (gunichar c)
{
  return is_strong_ltr (c) || g_unichar_isdigit (c) || c == '+' || c == '#' || c == '%';
}

/* "2Ψ", "1.5x", "3D", "1/Nd": a number glued to Latin letters belongs to the Latin term, or
 * the number and the letters trade places in a right-to-left paragraph ("1/Nd" shows as
 * "Nd/1"). A fraction of plain numbers ("3/4") is laid out left to right anyway. */
static gboolean
starts_latin_term (const char *p)
{
  if (!g_unichar_isdigit (g_utf8_get_char (p)))
    return FALSE;
  while (*p != '\0' && (g_unichar_isdigit (g_utf8_get_char (p)) || *p == '.' || *p == '/' ||
                        g_utf8_get_char (p) == 0x2060))
    p = g_utf8_next_char (p);
  return *p != '\0' && is_strong_ltr (g_utf8_get_char (p));
}

static gboolean
is_greek (gunichar c)
{
  return g_unichar_isalpha (c) && g_unichar_get_script (c) == G_UNICODE_SCRIPT_GREEK;
}

/* A term of a formula, such as "4Ψ", "12Ψ/Nd" or "1/Nd" (with "(", ")" and punctuation
 * around it): letters, digits, "." and "/", with a digit or a Greek letter among them, so that
 * plain words are not one. */
static gboolean
is_formula_term (const char *start,
                 const char *end)
{
  gboolean has_number = FALSE;

  while (start < end && *start == '(')
    start++;
  while (end > start)
    {
      const char *last = g_utf8_find_prev_char (start, end);
      gunichar c = g_utf8_get_char (last);

      if (c != ')' && c != ',' && c != ';' && c != ':' && c != '.' && c != 0x060C /* ، */ &&
          c != 0x06D4 /* ۔ */ && c != 0x061B /* ؛ */)
        break;
      end = last;
    }
  if (start == end)
    return FALSE;
  for (const char *p = start; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isdigit (c) || is_greek (c))
        has_number = TRUE;
      else if (!g_unichar_isalpha (c) && c != '.' && c != '/' && c != '_')
        return FALSE;
    }
  return has_number;
}

static gboolean
is_operator (const char *start,
             const char *end)
{
  gunichar c = g_utf8_get_char (start);

  return g_utf8_next_char (start) == end && c != 0 &&
         (c == '+' || c == '-' || c == '=' || c == 0x2212 /* − */ || c == 0x00D7 /* × */ ||
          c == 0x00B7 /* · */ || c == 0x2248 /* ≈ */);
}

/* Line breaking may break after a slash and at any space: "1/" at the end of a line and "Nd"
 * at the start of the next, or "4Ψ +" and "12Ψ/Nd", is no formula a learner can read. So in
 * a formula's term a word joiner follows a slash between letters or digits, and the spaces of
 * "term op term" become no-break spaces; paths and words keep their breaks. In both languages: Latin formulas break alike in Urdu. */
static char *
join_formulas (const char *text)
{
  GString *out = g_string_sized_new (strlen (text) + 8);
  /* The words of the text between single spaces, as [start, end) pairs. */
  g_autoptr(GArray) words = g_array_new (FALSE, FALSE, sizeof (const char *));
  const char *p = text;

  while (*p != '\0')
    {
      const char *start = p;

      while (*p != '\0' && *p != ' ' && *p != '\n')
        p++;
      g_array_append_val (words, start);
      g_array_append_val (words, p);
      while (*p == ' ' || *p == '\n')
        p++;
    }

  for (guint w = 0; w < words->len / 2; w++)
    {
      const char *start = g_array_index (words, const char *, 2 * w);
      const char *end = g_array_index (words, const char *, 2 * w + 1);
      const char *next = w + 1 < words->len / 2 ? g_array_index (words, const char *, 2 * w + 2)
                                                : end + strlen (end);
      gboolean join = FALSE;

      gboolean term = is_formula_term (start, end);

      for (const char *q = start; q < end; q = g_utf8_next_char (q))
        {
          g_string_append_unichar (out, g_utf8_get_char (q));
          if (term && *q == '/' && q > start && q + 1 < end &&
              g_unichar_isalnum (g_utf8_get_char (g_utf8_find_prev_char (start, q))) &&
              g_unichar_isalnum (g_utf8_get_char (q + 1)))
            g_string_append (out, WJ);
        }

      /* Joined to the next word when one space stands between "term op" or "op term". */
      if (next - end == 1 && *end == ' ' && w + 1 < words->len / 2)
        {
          const char *next_end = g_array_index (words, const char *, 2 * w + 3);

          if (is_formula_term (start, end) && is_operator (next, next_end) &&
              w + 2 < words->len / 2)
            {
              const char *after = g_array_index (words, const char *, 2 * w + 4);
              const char *after_end = g_array_index (words, const char *, 2 * w + 5);

              join = next_end + 1 == after && *next_end == ' ' &&
                     is_formula_term (after, after_end);
            }
          else if (is_operator (start, end) && w > 0 && is_formula_term (next, next_end))
            {
              const char *before_end = g_array_index (words, const char *, 2 * w - 1);
              const char *before = g_array_index (words, const char *, 2 * w - 2);

              join = before_end + 1 == start && *before_end == ' ' &&
                     is_formula_term (before, before_end);
            }
        }
      if (join)
        g_string_append (out, NBSP);
      else
        g_string_append_len (out, end, next - end);
    }
  return g_string_free (out, FALSE);
}

/* Pango takes a paragraph's direction from its first strong character and does not skip
 * isolates, so Urdu that begins with "FSDP" or "ZeRO" would be laid out left to right and
 * "C++" would show as "++C". Urdu text therefore starts with RLM and every Latin run is
 * wrapped in LRI…PDI; LTR text only keeps its formulas whole (join_formulas()). See
 * DESIGN.md, "Right-to-left Urdu". */
static void
append_prose (GString    *out,
              const char *text,
              gboolean    rtl)
{
  g_autofree char *joined = join_formulas (text);
  const char *p;

  if (!rtl)
    {
      g_string_append (out, joined);
      return;
    }
  g_string_append (out, RLM);

  p = joined;
  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char (p);

      if (is_strong_ltr (c) || starts_latin_term (p))
        {
          const char *start = p;
          const char *end = p;
          const char *q = p;

          while (*q != '\0')
            {
              gunichar d = g_utf8_get_char (q);

              if (!continues_run (d))
                break;
              q = g_utf8_next_char (q);
              if (ends_run (d))
                end = q;
            }

          g_string_append (out, LRI);
          g_string_append_len (out, start, end - start);
          g_string_append (out, PDI);
          p = end;
          continue;
        }

      g_string_append_unichar (out, c);
      if (c == '\n')
        g_string_append (out, RLM);
      p = g_utf8_next_char (p);
    }
}

static gboolean
is_fence (const char *line)
{
  while (*line == ' ')
    line++;
  if (!g_str_has_prefix (line, "```"))
    return FALSE;
  for (line += 3; *line == ' '; line++)
    ;
  return *line == '\0';
}

/**
 * imtehan_text_prepare_full:
 * @code: (out) (optional): the [start, end) byte ranges of the result that are code
 *
 * As imtehan_text_prepare(), and says where the code blocks are: lines between two lines of
 * "```" (docs/quiz-format.md) are kept exactly, spaces and blank lines too, each starting
 * with LRM, so that code reads left to right in an Urdu paragraph as well, and are to be
 * shown in a monospace font. The fence lines themselves are left out.
 */
char *
imtehan_text_prepare_full (const char  *text,
                           const char  *lang,
                           GArray     **code)
{
  gboolean rtl = imtehan_language_is_rtl (lang);
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) prose = NULL;
  GString *out;
  gboolean in_code = FALSE, first = TRUE;

  g_return_val_if_fail (text != NULL, NULL);

  if (code != NULL)
    *code = g_array_new (FALSE, FALSE, sizeof (gsize));
  if (!g_utf8_validate (text, -1, NULL))
    return g_strdup (text);
  out = g_string_sized_new (strlen (text) + 16);
  if (strstr (text, "```") == NULL)
    {
      append_prose (out, text, rtl);
      return g_string_free (out, FALSE);
    }

  prose = g_ptr_array_new ();
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0;; i++)
    {
      gboolean fence = lines[i] != NULL && is_fence (lines[i]);

      /* The prose so far ends at a fence or at the end. */
      if (prose->len > 0 && (lines[i] == NULL || fence))
        {
          g_autofree char *paragraphs = NULL;

          g_ptr_array_add (prose, NULL);
          paragraphs = g_strjoinv ("\n", (char **)prose->pdata);
          g_ptr_array_set_size (prose, 0);
          if (!first)
            g_string_append_c (out, '\n');
          append_prose (out, paragraphs, rtl);
          first = FALSE;
        }
      if (lines[i] == NULL)
        break;
      if (fence)
        in_code = !in_code;
      else if (!in_code)
        g_ptr_array_add (prose, lines[i]);
      else
        {
          gsize start, end;

          if (!first)
            g_string_append_c (out, '\n');
          first = FALSE;
          start = out->len;
          g_string_append (out, LRM);
          g_string_append (out, lines[i]);
          end = out->len;
          if (code != NULL)
            {
              g_array_append_val (*code, start);
              g_array_append_val (*code, end);
            }
        }
    }
  return g_string_free (out, FALSE);
}

char *
imtehan_text_prepare (const char *text,
                      const char *lang)
{
  return imtehan_text_prepare_full (text, lang, NULL);
}
