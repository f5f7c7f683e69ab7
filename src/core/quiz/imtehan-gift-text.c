/* imtehan-gift-text.c: a GIFT question's text, answers and feedback made plain text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The format a text names ("[html]" and the others), HTML tags and entities, and the topic
 * of a "$CATEGORY:" line.
 */

#define G_LOG_DOMAIN "imtehan-gift"

#include "config.h"

#include <string.h>

#include "imtehan-gift-private.h"

static gboolean
decode_entity (const char *name,
               GString    *out)
{
  static const struct { const char *name; const char *text; } entities[] = {
    { "amp", "&" }, { "lt", "<" }, { "gt", ">" }, { "quot", "\"" }, { "apos", "'" },
    { "nbsp", " " },
  };
  gunichar c;
  char *end;

  for (guint i = 0; i < G_N_ELEMENTS (entities); i++)
    if (g_str_equal (name, entities[i].name))
      {
        g_string_append (out, entities[i].text);
        return TRUE;
      }
  if (name[0] != '#')
    return FALSE;
  if (name[1] == 'x' || name[1] == 'X')
    c = g_ascii_strtoull (name + 2, &end, 16);
  else
    c = g_ascii_strtoull (name + 1, &end, 10);
  if (*end != '\0' || end == name + 1 || c == 0 || !g_unichar_validate (c))
    return FALSE;
  g_string_append_unichar (out, c);
  return TRUE;
}

/* Moodle's own export writes "[html]" and paragraph tags for text made in its editor: the
 * quiz shows plain text, so tags go (a line break for those that break a line) and entities
 * are decoded. Text in <pre> keeps its spaces and line breaks, as a code block between "```"
 * fences (docs/quiz-format.md); as in HTML, a line break just after <pre> is not part of it. */
static char *
html_to_text (const char *html)
{
  static const char * const breaking[] = { "br", "p", "div", "li", "tr", "h1", "h2", "h3",
                                           "h4", "h5", "h6", NULL };
  GString *out = g_string_new (NULL);
  gboolean in_pre = FALSE;

  for (const char *p = html; *p != '\0';)
    {
      const char *end;

      if (*p == '<' && (end = strchr (p, '>')))
        {
          gboolean closing = p[1] == '/';
          const char *name = p + 1 + closing;
          gsize n = strspn (name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
          g_autofree char *tag = g_ascii_strdown (name, n);

          p = end + 1;
          if (g_str_equal (tag, "pre") && closing == in_pre)
            {
              in_pre = !closing;
              if (in_pre)
                {
                  g_string_append (out, "\n```\n");
                  if (*p == '\n')
                    p++;
                }
              else
                {
                  if (out->len > 0 && out->str[out->len - 1] == '\n')
                    g_string_truncate (out, out->len - 1);
                  g_string_append (out, "\n```\n");
                }
            }
          else if (g_strv_contains (breaking, tag) && (!in_pre || g_str_equal (tag, "br")))
            g_string_append_c (out, '\n');
        }
      else if (*p == '&' && (end = strchr (p, ';')) && end - p <= 10)
        {
          g_autofree char *entity = g_strndup (p + 1, end - p - 1);

          if (decode_entity (entity, out))
            p = end + 1;
          else
            g_string_append_c (out, *p++);
        }
      else
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

/* An optional "[html]"-style format before a text (the question's format is the default of
 * its answers and feedback, as in Moodle): sets @format and returns the text after it. */
const char *
imtehan_gift_skip_format (const char        *raw,
                          ImtehanGiftFormat *format)
{
  static const char * const names[] = { "moodle", "html", "plain", "markdown", NULL };
  const char *close;

  if (raw[0] == '[' && (close = strchr (raw, ']')))
    {
      g_autofree char *name = g_strndup (raw + 1, close - raw - 1);

      for (guint i = 0; names[i] != NULL; i++)
        if (g_str_equal (name, names[i]))
          {
            *format = i;
            return close + 1;
          }
    }
  return raw;
}

/* A text of the quiz: its format first (imtehan_gift_skip_format()), each line trimmed, no
 * blank lines; but the lines of a code block (from <pre>) exactly as they are. */
char *
imtehan_gift_clean_text (const char        *raw,
                         ImtehanGiftFormat *format)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GStrvBuilder) kept = g_strv_builder_new ();
  g_auto(GStrv) kept_lines = NULL;
  gboolean in_code = FALSE;

  raw = imtehan_gift_skip_format (raw, format);
  text = *format == IMTEHAN_GIFT_FORMAT_HTML ? html_to_text (raw) : g_strdup (raw);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_equal (lines[i], "```"))
        in_code = !in_code;
      if (in_code && !g_str_equal (lines[i], "```"))
        g_strv_builder_add (kept, lines[i]);
      else if (*g_strstrip (lines[i]) != '\0')
        g_strv_builder_add (kept, lines[i]);
    }
  kept_lines = g_strv_builder_end (kept);
  return g_strjoinv ("\n", kept_lines);
}

/* "$course$/top/Default for Physics/Optics" names the topic "Optics"; "//" is a "/" inside
 * a name. */
char *
imtehan_gift_category_topic (const char *category)
{
  const char *last = category;
  g_auto(GStrv) parts = NULL;
  g_autofree char *name = NULL;

  for (const char *p = category; *p != '\0'; p++)
    {
      if (p[0] == '/' && p[1] == '/')
        p++;
      else if (*p == '/')
        last = p + 1;
    }
  parts = g_strsplit (last, "//", -1);
  name = g_strstrip (g_strjoinv ("/", parts));
  if (*name == '\0' || g_str_equal (name, "top") ||
      (name[0] == '$' && g_str_has_suffix (name + 1, "$")))
    return NULL;
  return g_steal_pointer (&name);
}
