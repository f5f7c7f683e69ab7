/* imtehan-moodle-xml-text.c: the elements, texts and pictures of a Moodle XML file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A text of Moodle's is a <text> child with the format of its parent's "format" attribute,
 * and the pictures it shows are <file> elements beside it, each named in an <img> by
 * "@@PLUGINFILE@@/<name>". Texts become plain text here, as the GIFT importer makes them.
 */

#define G_LOG_DOMAIN "imtehan-moodle-xml"

#include "config.h"

#include <math.h>
#include <string.h>

#include "imtehan-intl-private.h"

#include "imtehan-gift-private.h"
#include "imtehan-moodle-xml-private.h"

#define PLUGINFILE "@@PLUGINFILE@@/"

gboolean
imtehan_xml_is_element (xmlNode    *node,
                        const char *name)
{
  return node != NULL && node->type == XML_ELEMENT_NODE &&
         g_str_equal ((const char *)node->name, name);
}

xmlNode *
imtehan_xml_child (xmlNode    *node,
                   const char *name)
{
  if (node == NULL)
    return NULL;
  for (xmlNode *c = node->children; c != NULL; c = c->next)
    if (imtehan_xml_is_element (c, name))
      return c;
  return NULL;
}

GPtrArray *
imtehan_xml_children (xmlNode    *node,
                      const char *name)
{
  GPtrArray *found = g_ptr_array_new ();

  for (xmlNode *c = node->children; c != NULL; c = c->next)
    if (imtehan_xml_is_element (c, name))
      g_ptr_array_add (found, c);
  return found;
}

/* The text of an element and of all that it holds, trimmed as Moodle trims it; "" for none. */
char *
imtehan_xml_content (xmlNode *node)
{
  xmlChar *value = node != NULL ? xmlNodeGetContent (node) : NULL;
  char *text = g_strstrip (g_strdup (value != NULL ? (const char *)value : ""));

  xmlFree (value);
  return text;
}

char *
imtehan_xml_text_of (xmlNode *node)
{
  return imtehan_xml_content (imtehan_xml_child (node, "text"));
}

char *
imtehan_xml_attribute (xmlNode    *node,
                       const char *name)
{
  xmlChar *value = xmlGetProp (node, (const xmlChar *)name);
  char *copy = value != NULL ? g_strdup ((const char *)value) : NULL;

  xmlFree (value);
  return copy;
}

long
imtehan_xml_line_of (xmlNode *node)
{
  return MAX (xmlGetLineNo (node), 1);
}

/* Moodle's formats: HTML and its own auto-format hold tags and entities; plain text,
 * Markdown and wiki-like text are shown as written. An unknown format is HTML, as in Moodle. */
gboolean
imtehan_xml_format_is_html (xmlNode    *node,
                            const char *fallback)
{
  static const char * const plain[] = { "plain_text", "markdown", "wiki_like", NULL };
  g_autofree char *format = node != NULL ? imtehan_xml_attribute (node, "format") : NULL;

  if (format == NULL)
    return fallback == NULL || !g_strv_contains (plain, fallback);
  return !g_strv_contains (plain, g_strstrip (format));
}

const char *
imtehan_xml_format_name (gboolean html)
{
  return html ? "html" : "plain_text";
}

/* Named entities that Moodle's editors may write beside those imtehan_gift_clean_text()
 * decodes (&amp; &lt; &gt; &quot; &apos; &nbsp; and the numbered ones): none is markup, so
 * they are decoded first. */
static void
append_entity (GString    *out,
               const char *name,
               gsize       length)
{
  static const struct { const char *name; const char *text; } entities[] = {
    { "times", "×" }, { "divide", "÷" }, { "minus", "−" }, { "plusmn", "±" }, { "deg", "°" },
    { "micro", "µ" }, { "middot", "·" }, { "hellip", "…" }, { "ndash", "–" },
    { "mdash", "—" }, { "lsquo", "‘" }, { "rsquo", "’" }, { "ldquo", "“" }, { "rdquo", "”" },
    { "laquo", "«" },
    { "raquo", "»" }, { "copy", "©" }, { "reg", "®" }, { "trade", "™" }, { "euro", "€" },
    { "pound", "£" }, { "le", "≤" }, { "ge", "≥" }, { "ne", "≠" }, { "asymp", "≈" },
    { "infin", "∞" }, { "radic", "√" }, { "sup2", "²" }, { "sup3", "³" }, { "frac12", "½" },
    { "frac14", "¼" }, { "frac34", "¾" }, { "rarr", "→" }, { "larr", "←" }, { "harr", "↔" },
    { "rArr", "⇒" }, { "hArr", "⇔" }, { "bull", "•" }, { "alpha", "α" }, { "beta", "β" },
    { "gamma", "γ" }, { "delta", "δ" }, { "Delta", "Δ" }, { "theta", "θ" }, { "lambda", "λ" },
    { "mu", "μ" }, { "pi", "π" }, { "sigma", "σ" }, { "Sigma", "Σ" }, { "phi", "φ" },
    { "psi", "ψ" }, { "Psi", "Ψ" }, { "omega", "ω" }, { "Omega", "Ω" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (entities); i++)
    if (strlen (entities[i].name) == length && strncmp (entities[i].name, name, length) == 0)
      {
        g_string_append (out, entities[i].text);
        return;
      }
  g_string_append_c (out, '&');
  g_string_append_len (out, name, length);
  g_string_append_c (out, ';');
}

static gboolean
is_name (const char *from,
         const char *to)
{
  for (const char *p = from; p < to; p++)
    if (!g_ascii_isalnum (*p))
      return FALSE;
  return TRUE;
}

/* HTML as a browser reads it: a run of spaces and line breaks in the source is one space,
 * except in <pre>; the entities above as characters. */
static char *
prepare_html (const char *html)
{
  GString *out = g_string_new (NULL);
  gboolean in_pre = FALSE;

  for (const char *p = html; *p != '\0';)
    {
      const char *semicolon;

      if (*p == '<' && (g_ascii_strncasecmp (p + 1, "pre", 3) == 0 ||
                        g_ascii_strncasecmp (p + 1, "/pre", 4) == 0))
        in_pre = p[1] != '/';
      if (!in_pre && g_ascii_isspace (*p))
        {
          while (g_ascii_isspace (*p))
            p++;
          g_string_append_c (out, ' ');
          continue;
        }
      if (*p == '&' && g_ascii_isalpha (p[1]) && (semicolon = strchr (p, ';')) != NULL &&
          semicolon - p <= 8 && is_name (p + 1, semicolon))
        {
          append_entity (out, p + 1, semicolon - p - 1);
          p = semicolon + 1;
          continue;
        }
      g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

/* What was around a tag that is gone ("a <img …> b") leaves two spaces: one, but in a code
 * block. */
static char *
collapse_spaces (char *text)
{
  gboolean in_code = FALSE;
  char *out = text;

  for (char *p = text; *p != '\0'; p++)
    {
      if ((p == text || p[-1] == '\n') && g_str_has_prefix (p, "```"))
        in_code = !in_code;
      if (!in_code && *p == ' ' && out > text && out[-1] == ' ')
        continue;
      *out++ = *p;
    }
  *out = '\0';
  return text;
}

/* The leading "[html]" or "[plain]" makes imtehan_gift_clean_text() read no format of its own
 * from the text, which may start with "[" in a Moodle file. */
char *
imtehan_xml_clean (const char *raw,
                   gboolean    html)
{
  g_autofree char *prepared = html ? prepare_html (raw) : NULL;
  g_autofree char *marked = g_strconcat (html ? "[html]" : "[plain]", html ? prepared : raw,
                                         NULL);
  ImtehanGiftFormat format = IMTEHAN_GIFT_FORMAT_MOODLE;
  char *text = imtehan_gift_clean_text (marked, &format);

  return html ? collapse_spaces (text) : text;
}

char *
imtehan_xml_feedback_of (xmlNode    *node,
                         const char *question_format)
{
  xmlNode *feedback = imtehan_xml_child (node, "feedback");
  g_autofree char *raw = imtehan_xml_text_of (feedback);

  return imtehan_xml_clean (raw, imtehan_xml_format_is_html (feedback, question_format));
}

/* The next <img …> of @html from *@p: its src and alt, with entities decoded. */
static gboolean
next_image (const char **p,
            char       **src,
            char       **alt)
{
  const char *tag;

  while ((tag = strchr (*p, '<')) != NULL)
    {
      const char *a = tag + 4, *end;

      *p = tag + 1;
      if (g_ascii_strncasecmp (tag + 1, "img", 3) != 0 || !(g_ascii_isspace (*a) || *a == '/'))
        continue;
      if ((end = strchr (a, '>')) == NULL)
        return FALSE;
      *p = end + 1;
      while (a < end)
        {
          const char *name, *value, *value_end;
          gsize name_length;

          while (a < end && (g_ascii_isspace (*a) || *a == '/'))
            a++;
          for (name = a; a < end && !g_ascii_isspace (*a) && *a != '=' && *a != '/'; a++)
            ;
          name_length = a - name;
          while (a < end && g_ascii_isspace (*a))
            a++;
          if (a >= end || *a != '=')
            continue;
          for (a++; a < end && g_ascii_isspace (*a); a++)
            ;
          if (a < end && (*a == '"' || *a == '\''))
            {
              value = a + 1;
              value_end = memchr (value, *a, end - value);
              if (value_end == NULL)
                value_end = end;
              a = MIN (value_end + 1, end);
            }
          else
            {
              for (value = a; a < end && !g_ascii_isspace (*a); a++)
                ;
              value_end = a;
            }
          if (name_length == 3 && g_ascii_strncasecmp (name, "src", 3) == 0 && *src == NULL)
            {
              g_autofree char *raw = g_strndup (value, value_end - value);
              *src = imtehan_xml_clean (raw, TRUE);
            }
          else if (name_length == 3 && g_ascii_strncasecmp (name, "alt", 3) == 0 && *alt == NULL)
            {
              g_autofree char *raw = g_strndup (value, value_end - value);
              *alt = imtehan_xml_clean (raw, TRUE);
            }
        }
      return TRUE;
    }
  return FALSE;
}

/* The <file> beside a text that "@@PLUGINFILE@@/<path>" names: Moodle writes a file's folder
 * in its "path" attribute ("/" for most), and escapes the src as a URL. */
static xmlNode *
find_file (xmlNode    *holder,
           const char *src)
{
  g_autofree char *path = g_uri_unescape_string (src + strlen (PLUGINFILE), NULL);
  g_autofree char *wanted = g_strconcat ("/", path != NULL ? path : src + strlen (PLUGINFILE),
                                         NULL);

  for (xmlNode *c = holder->children; c != NULL; c = c->next)
    {
      g_autofree char *name = NULL;
      g_autofree char *folder = NULL;
      g_autofree char *full = NULL;

      if (!imtehan_xml_is_element (c, "file") || (name = imtehan_xml_attribute (c, "name")) == NULL)
        continue;
      folder = imtehan_xml_attribute (c, "path");
      full = g_strconcat (folder != NULL ? folder : "/",
                          folder != NULL && g_str_has_suffix (folder, "/") ? "" : "/", name,
                          NULL);
      if (g_str_equal (full, wanted) || (folder == NULL && g_str_equal (name, wanted + 1)))
        return c;
    }
  return NULL;
}

static void
add_file_picture (ImtehanXmlImport  *import,
                  xmlNode           *file,
                  char             **alt,
                  char             **picture,
                  char             **picture_alt)
{
  g_autofree char *name = imtehan_xml_attribute (file, "name");
  g_autofree char *encoding = imtehan_xml_attribute (file, "encoding");
  g_autofree char *data = NULL;
  const char *added;

  if (encoding == NULL || g_ascii_strcasecmp (g_strstrip (encoding), "base64") != 0)
    {
      imtehan_xml_warn (import, imtehan_xml_line_of (file),
                        _("the picture “%s” is not in base64, and was left out"), name);
      return;
    }
  if (*picture != NULL)
    {
      imtehan_xml_warn (import, imtehan_xml_line_of (file),
                        _("a question or an answer shows one picture; “%s” was left out"),
                        name);
      return;
    }
  data = imtehan_xml_content (file);
  added = imtehan_xml_add_picture (import, imtehan_xml_line_of (file), name, data, *alt);
  if (added == NULL)
    return;
  *picture = g_strdup (added);
  if (picture_alt != NULL)
    *picture_alt = *alt != NULL && **alt != '\0' ? g_steal_pointer (alt) : g_strdup (name);
}

/* A text of a question, an answer or an item, as plain text, and the first picture that it
 * shows and that the file holds, with its alt. */
char *
imtehan_xml_read_rich (ImtehanXmlImport  *import,
                       xmlNode           *holder,
                       gboolean           html,
                       char             **picture,
                       char             **picture_alt)
{
  g_autofree char *raw = imtehan_xml_text_of (holder);
  const char *p = raw;
  char *src = NULL, *alt = NULL;

  while (html && next_image (&p, &src, &alt))
    {
      xmlNode *file = NULL;

      if (src == NULL)
        ;
      else if (!g_str_has_prefix (src, PLUGINFILE) || (file = find_file (holder, src)) == NULL)
        imtehan_xml_warn (import, imtehan_xml_line_of (holder),
                          _("the picture “%s” is not in the file, and was left out"), src);
      else
        add_file_picture (import, file, &alt, picture, picture_alt);
      g_clear_pointer (&src, g_free);
      g_clear_pointer (&alt, g_free);
    }
  return imtehan_xml_clean (raw, html);
}

/* A picture alone is an answer or an item too: its alt is then the text. */
char *
imtehan_xml_text_or_alt (char *text,
                         char *alt)
{
  if (*text != '\0' || alt == NULL)
    {
      g_free (alt);
      return text;
    }
  g_free (text);
  return alt;
}

gboolean
imtehan_xml_parse_number (const char *text,
                          double     *value)
{
  char *end = NULL;
  gboolean digit = FALSE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (!strchr ("0123456789+-.eE", *p))
        return FALSE;
      digit |= g_ascii_isdigit (*p);
    }
  if (!digit)
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return end != NULL && *end == '\0' && isfinite (*value);
}

