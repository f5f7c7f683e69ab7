/* imtehan-gift-names.c: the id, title and language of the quiz a GIFT file becomes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-gift"

#include "config.h"

#include <string.h>

#include "imtehan-gift.h"

/**
 * imtehan_gift_make_id:
 * @name: a title or a file name
 *
 * Returns: (transfer full): @name's ASCII letters and digits in lowercase, other runs as
 *   one "-", at most 56 characters (room for a "-2" suffix); "" when @name has none
 */
char *
imtehan_gift_make_id (const char *name)
{
  GString *id = g_string_new (NULL);
  gboolean dash = FALSE;

  g_return_val_if_fail (name != NULL, NULL);

  for (const char *p = name; *p != '\0' && id->len < 56; p++)
    {
      if (!g_ascii_isalnum (*p))
        {
          dash = TRUE;
          continue;
        }
      if (dash && id->len > 0)
        g_string_append_c (id, '-');
      dash = FALSE;
      g_string_append_c (id, g_ascii_tolower (*p));
    }
  return g_string_free (id, FALSE);
}

/**
 * imtehan_gift_title_for_file_name:
 * @file_name: a file's base name
 *
 * Returns: (transfer full): @file_name without its extension ("bank.gift" gives "bank"): the
 *   Title of the quiz a GIFT file becomes
 */
char *
imtehan_gift_title_for_file_name (const char *file_name)
{
  const char *dot;

  g_return_val_if_fail (file_name != NULL, NULL);

  dot = strrchr (file_name, '.');
  return dot != NULL && dot != file_name ? g_strndup (file_name, dot - file_name)
                                         : g_strdup (file_name);
}

/**
 * imtehan_gift_id_for_file_name:
 * @file_name: a file's base name
 *
 * The Id of the quiz named after a file: imtehan_gift_make_id() of the name without its
 * extension. A name with no Latin letter or digit ("ریاضی.gift") gives "quiz-" and the first
 * 8 hex digits of the name's SHA-256: two such banks must not share one id (the library would
 * list only one of them), and a bank imported again under the same name, edited, must keep
 * its id, so that the new copy replaces the old one in the list.
 *
 * Returns: (transfer full): an id that imtehan_quiz_new_from_bytes() accepts
 */
char *
imtehan_gift_id_for_file_name (const char *file_name)
{
  g_autofree char *stem = NULL;
  g_autofree char *digest = NULL;
  char *id;

  g_return_val_if_fail (file_name != NULL, NULL);

  stem = imtehan_gift_title_for_file_name (file_name);
  id = imtehan_gift_make_id (stem);
  if (*id != '\0')
    return id;
  g_free (id);
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, stem, -1);
  return g_strdup_printf ("quiz-%.8s", digest);
}

/**
 * imtehan_gift_guess_language:
 * @bytes: a GIFT file
 *
 * The language of a GIFT file's text, for an import that is not told it (Open… in the app):
 * Urdu when its questions hold more letters of the Arabic script than Latin ones. Comment
 * lines, "$CATEGORY:" lines and HTML tags are not counted: Moodle writes them in Latin
 * letters whatever the language of the questions. A file that is not valid UTF-8 is counted
 * as far as it is; the import then says where it is not.
 *
 * Returns: "ur" or "en"
 */
const char *
imtehan_gift_guess_language (GBytes *bytes)
{
  const char *p, *end, *next;
  gsize length;
  guint arabic = 0, latin = 0;
  gboolean line_start = TRUE, skip_line = FALSE, in_tag = FALSE;

  g_return_val_if_fail (bytes != NULL, "en");

  p = g_bytes_get_data (bytes, &length);
  end = p + length;
  for (; p < end; p = next)
    {
      gunichar c = (guchar)*p;

      next = p + 1;
      /* ASCII (all of the markup, digits and spaces of any bank) needs no decoding: this
       * runs before every import (tests/bench/bench-gift.c). */
      if (c >= 0x80)
        {
          c = g_utf8_get_char_validated (p, end - p);
          if (c == (gunichar)-1 || c == (gunichar)-2)
            continue;
          next = g_utf8_next_char (p);
        }

      if (c == '\n' || c == '\r')
        {
          line_start = TRUE;
          skip_line = in_tag = FALSE;
        }
      else if (line_start && !g_unichar_isspace (c) && c != 0xFEFF)
        {
          line_start = FALSE;
          skip_line = c == '$' || (c == '/' && next < end && *next == '/');
        }
      if (skip_line || line_start)
        continue;
      if (c == '<')
        in_tag = TRUE;
      else if (c == '>')
        in_tag = FALSE;
      else if (in_tag)
        continue;
      else if (c < 0x80)
        latin += g_ascii_isalpha (c);
      else if (g_unichar_isalpha (c))
        {
          GUnicodeScript script = g_unichar_get_script (c);

          arabic += script == G_UNICODE_SCRIPT_ARABIC;
          latin += script == G_UNICODE_SCRIPT_LATIN;
        }
    }
  return arabic > latin ? "ur" : "en";
}
