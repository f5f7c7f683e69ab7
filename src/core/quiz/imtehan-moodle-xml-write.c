/* imtehan-moodle-xml-write.c: the questions read from a Moodle XML file, as a .quiz key file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pictures are checked here (the bytes of a PNG, a JPEG or an SVG, at most 2 MiB), and
 * each question group is written in the keys of docs/quiz-format.md, "Question types".
 */

#define G_LOG_DOMAIN "imtehan-moodle-xml"

#include "config.h"

#include <math.h>
#include <string.h>

#include "imtehan-intl-private.h"

#include "imtehan-gift.h"
#include "imtehan-moodle-xml-private.h"
#include "imtehan-quiz.h"

#define QUIZ_GROUP "Quiz"

void
imtehan_xml_warn (ImtehanXmlImport *import,
                  long              line,
                  const char       *format,
                  ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (import->warnings,
                   g_strdup_printf ("%s:%ld: %s", import->name, MAX (line, 1), message));
}

ImtehanXmlPart *
imtehan_xml_part_new (guint index)
{
  ImtehanXmlPart *part = g_new0 (ImtehanXmlPart, 1);

  g_assert (index < 26);
  part->id = g_strdup_printf ("%c", 'a' + index);
  return part;
}

void
imtehan_xml_part_free (gpointer data)
{
  ImtehanXmlPart *part = data;

  g_free (part->id);
  g_free (part->text);
  g_free (part->match);
  g_free (part->feedback);
  g_free (part->weight);
  g_free (part->tolerance);
  g_free (part->picture);
  g_free (part);
}

void
imtehan_xml_question_free (gpointer data)
{
  ImtehanXmlQuestion *question = data;

  g_free (question->id);
  g_free (question->text);
  g_free (question->topic);
  g_free (question->explanation);
  g_free (question->picture);
  g_free (question->answer);
  g_free (question->unit);
  g_clear_pointer (&question->parts, g_ptr_array_unref);
  g_free (question);
}

void
imtehan_xml_picture_free (gpointer data)
{
  ImtehanXmlPicture *picture = data;

  g_free (picture->name);
  g_free (picture->data);
  g_free (picture->alt);
  g_free (picture);
}

/* A weight as Moodle writes it ("33.33333", "-50", "100"): at most 5 decimals, no trailing
 * zeros, "." whatever the locale. */
char *
imtehan_xml_format_percent (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  char *text = g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.5f", value));
  char *dot = strchr (text, '.');

  if (dot != NULL)
    {
      char *end = text + strlen (text);

      while (end > dot + 1 && end[-1] == '0')
        *--end = '\0';
      if (end == dot + 1)
        *dot = '\0';
    }
  if (g_str_equal (text, "-0"))
    memmove (text, text + 1, 2);
  return text;
}

/* The loader tells the kinds by their bytes too; a name says nothing. */
static gboolean
is_picture (const guchar *data,
            gsize         length)
{
  static const guchar png[] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  const char *text = (const char *)data;
  gsize start = 0;

  if (length >= sizeof png && memcmp (data, png, sizeof png) == 0)
    return TRUE;
  if (length >= 3 && data[0] == 0xff && data[1] == 0xd8 && data[2] == 0xff)
    return TRUE;
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    start = 3;
  while (start < length && g_ascii_isspace (text[start]))
    start++;
  return length - start >= 5 && text[start] == '<' &&
         g_strstr_len (text + start, MIN (length - start, 4096), "<svg") != NULL;
}

static ImtehanXmlPicture *
find_picture (ImtehanXmlImport *import,
              const char       *name)
{
  for (guint i = 0; i < import->pictures->len; i++)
    {
      ImtehanXmlPicture *picture = g_ptr_array_index (import->pictures, i);

      if (g_str_equal (picture->name, name))
        return picture;
    }
  return NULL;
}

/* Checks a <file> and adds it as a [Picture <name>] group, or warns and returns NULL. The
 * same name with the same bytes and alt is one group (Moodle copies a file into each question
 * that shows it); another file or alt of that name gets "-2", so that a screen reader says
 * what each place means. */
const char *
imtehan_xml_add_picture (ImtehanXmlImport *import,
                         long              line,
                         const char       *file_name,
                         const char       *base64,
                         const char       *alt)
{
  g_autofree guchar *data = NULL;
  g_autofree char *encoded = NULL;
  g_autofree char *base = NULL;
  g_autofree char *name = NULL;
  ImtehanXmlPicture *picture;
  gsize length = 0;

  /* A base64 text is 4/3 of its bytes: a much larger one is not decoded at all. */
  if (strlen (base64) / 4 * 3 > IMTEHAN_PICTURE_MAX_SIZE + IMTEHAN_PICTURE_MAX_SIZE / 8)
    {
      imtehan_xml_warn (import, line,
                        _("the picture “%s” is larger than 2 MiB, and was left out"),
                        file_name);
      return NULL;
    }
  data = g_base64_decode (base64, &length);
  if (length > IMTEHAN_PICTURE_MAX_SIZE)
    {
      imtehan_xml_warn (import, line,
                        _("the picture “%s” is larger than 2 MiB, and was left out"),
                        file_name);
      return NULL;
    }
  if (!is_picture (data, length))
    {
      imtehan_xml_warn (import, line,
                        _("the file “%s” is not a PNG, JPEG or SVG picture, and was left out"),
                        file_name);
      return NULL;
    }

  encoded = g_base64_encode (data, length);
  if (alt == NULL || *alt == '\0')
    alt = file_name;
  base = imtehan_gift_make_id (file_name);
  if (*base == '\0')
    {
      g_free (base);
      base = g_strdup ("picture");
    }
  name = g_strdup (base);
  for (guint n = 2; (picture = find_picture (import, name)) != NULL; n++)
    {
      if (g_str_equal (picture->data, encoded) && g_str_equal (picture->alt, alt))
        return picture->name;
      g_free (name);
      name = g_strdup_printf ("%s-%u", base, n);
    }

  picture = g_new0 (ImtehanXmlPicture, 1);
  picture->name = g_steal_pointer (&name);
  picture->data = g_steal_pointer (&encoded);
  picture->alt = g_strdup (alt);
  g_ptr_array_add (import->pictures, picture);
  return picture->name;
}

static void
set_text (GKeyFile   *key_file,
          const char *language,
          const char *group,
          const char *key,
          const char *value)
{
  if (value == NULL || *value == '\0')
    return;
  if (g_str_equal (language, "en"))
    g_key_file_set_string (key_file, group, key, value);
  else
    g_key_file_set_locale_string (key_file, group, key, language, value);
}

static void
set_part_key (GKeyFile   *key_file,
              const char *group,
              const char *prefix,
              const char *id,
              const char *value)
{
  g_autofree char *key = g_strconcat (prefix, id, NULL);

  if (value != NULL)
    g_key_file_set_string (key_file, group, key, value);
}

static void
set_part_text (GKeyFile   *key_file,
               const char *language,
               const char *group,
               const char *prefix,
               const char *id,
               const char *value)
{
  g_autofree char *key = g_strconcat (prefix, id, NULL);

  set_text (key_file, language, group, key, value);
}

static void
set_id_list (GKeyFile   *key_file,
             const char *group,
             const char *key,
             GPtrArray  *parts,
             gboolean    distractors)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; i < parts->len; i++)
    {
      ImtehanXmlPart *part = g_ptr_array_index (parts, i);

      if (part->distractor == distractors)
        g_ptr_array_add (ids, part->id);
    }
  if (ids->len > 0)
    g_key_file_set_string_list (key_file, group, key, (const char * const *)ids->pdata,
                                ids->len);
}

/* The choices of true/false in the language of the quiz file, not of the interface (so not
 * through gettext), as the GIFT importer writes them. */
static const char *
true_false_text (const char *id,
                 const char *language)
{
  gboolean urdu = g_str_equal (language, "ur");

  if (g_str_equal (id, "true"))
    return urdu ? "درست" : "True";
  return urdu ? "غلط" : "False";
}

static void
write_parts (GKeyFile           *key_file,
             const char         *language,
             const char         *group,
             ImtehanXmlQuestion *question)
{
  GPtrArray *parts = question->parts;
  const char *prefix;

  switch (question->kind)
    {
    case IMTEHAN_XML_SHORT:
    case IMTEHAN_XML_NUMERICAL:
      set_id_list (key_file, group, "Accept", parts, FALSE);
      prefix = "Accept.";
      break;
    case IMTEHAN_XML_MATCHING:
    case IMTEHAN_XML_ORDERING:
      set_id_list (key_file, group, "Items", parts, FALSE);
      set_id_list (key_file, group, "Distractors", parts, TRUE);
      prefix = "Item.";
      break;
    default:
      set_id_list (key_file, group, "Choices", parts, FALSE);
      prefix = "Choice.";
      break;
    }

  for (guint i = 0; i < parts->len; i++)
    {
      ImtehanXmlPart *part = g_ptr_array_index (parts, i);
      const char *text = part->text;

      if (question->kind == IMTEHAN_XML_TRUE_FALSE)
        text = true_false_text (part->id, language);
      /* A number reads the same in every language. */
      if (question->kind == IMTEHAN_XML_NUMERICAL)
        set_part_key (key_file, group, prefix, part->id, text);
      else if (!part->distractor)
        set_part_text (key_file, language, group, prefix, part->id, text);
      set_part_text (key_file, language, group, "Match.", part->id, part->match);
      set_part_key (key_file, group, "Picture.", part->id, part->picture);
      set_part_key (key_file, group, "Tolerance.", part->id, part->tolerance);
      set_part_key (key_file, group, "Weight.", part->id, part->weight);
      set_part_text (key_file, language, group, "Feedback.", part->id, part->feedback);
    }
}

static void
write_question (GKeyFile           *key_file,
                const char         *language,
                const char         *display_name,
                ImtehanXmlQuestion *question)
{
  static const char * const types[] = {
    [IMTEHAN_XML_SINGLE] = NULL, [IMTEHAN_XML_TRUE_FALSE] = NULL,
    [IMTEHAN_XML_MULTIPLE] = "multiple", [IMTEHAN_XML_SHORT] = "short",
    [IMTEHAN_XML_NUMERICAL] = "numerical", [IMTEHAN_XML_MATCHING] = "matching",
    [IMTEHAN_XML_ORDERING] = "ordering",
  };
  g_autofree char *group = g_strconcat ("Question ", question->id, NULL);
  g_autofree char *comment = g_strdup_printf (" From %s:%u", display_name, question->line);

  if (types[question->kind] != NULL)
    g_key_file_set_string (key_file, group, "Type", types[question->kind]);
  set_text (key_file, language, group, "Topic", question->topic);
  set_text (key_file, language, group, "Text", question->text);
  if (question->picture != NULL)
    g_key_file_set_string (key_file, group, "Picture", question->picture);
  write_parts (key_file, language, group, question);
  if (question->answer != NULL)
    g_key_file_set_string (key_file, group, "Answer", question->answer);
  if (question->case_sensitive)
    g_key_file_set_boolean (key_file, group, "CaseSensitive", TRUE);
  set_text (key_file, language, group, "Unit", question->unit);
  set_text (key_file, language, group, "Explanation", question->explanation);
  g_key_file_set_comment (key_file, group, NULL, comment, NULL);
}

/* Urdu when the questions' texts hold more letters of the Arabic script than Latin ones:
 * counted in the plain texts, as the file's tags, names and pictures are in Latin letters
 * whatever the language of the questions. */
static const char *
guess_language (ImtehanXmlImport *import)
{
  g_autoptr(GString) texts = g_string_new (NULL);
  g_autoptr(GBytes) bytes = NULL;

  for (guint i = 0; i < import->questions->len; i++)
    {
      ImtehanXmlQuestion *question = g_ptr_array_index (import->questions, i);

      g_string_append_printf (texts, "%s\n", question->text);
      for (guint k = 0; k < question->parts->len; k++)
        {
          ImtehanXmlPart *part = g_ptr_array_index (question->parts, k);

          if (part->text != NULL)
            g_string_append_printf (texts, "%s\n", part->text);
        }
    }
  bytes = g_string_free_to_bytes (g_steal_pointer (&texts));
  return imtehan_gift_guess_language (bytes);
}

static void
write_topics (ImtehanXmlImport *import,
              GKeyFile         *key_file,
              const char       *language)
{
  g_autoptr(GPtrArray) topics = g_ptr_array_new ();

  for (guint i = 0; i < import->questions->len; i++)
    {
      ImtehanXmlQuestion *question = g_ptr_array_index (import->questions, i);

      if (question->topic != NULL &&
          !g_ptr_array_find_with_equal_func (topics, question->topic, g_str_equal, NULL))
        g_ptr_array_add (topics, question->topic);
    }
  if (topics->len == 0)
    return;
  if (g_str_equal (language, "en"))
    g_key_file_set_string_list (key_file, QUIZ_GROUP, "Topics",
                                (const char * const *)topics->pdata, topics->len);
  else
    g_key_file_set_locale_string_list (key_file, QUIZ_GROUP, "Topics", language,
                                       (const char * const *)topics->pdata, topics->len);
}

/* Format 1 where it is enough, so that a release that reads only format 1 still opens a bank
 * of plain single-answer questions; a picture needs format 2, or it would be lost there
 * without a word. */
static int
format_version (ImtehanXmlImport *import)
{
  if (import->pictures->len > 0)
    return 2;
  for (guint i = 0; i < import->questions->len; i++)
    {
      ImtehanXmlQuestion *question = g_ptr_array_index (import->questions, i);

      if (question->kind != IMTEHAN_XML_SINGLE && question->kind != IMTEHAN_XML_TRUE_FALSE)
        return 2;
    }
  return 1;
}

char *
imtehan_xml_write (ImtehanXmlImport  *import,
                   const char        *quiz_id,
                   const char        *title,
                   const char        *language,
                   gsize             *length,
                   GError           **error)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autofree char *comment = NULL;
  g_autofree char *data = NULL;
  gsize data_length = 0;

  if (language == NULL)
    language = guess_language (import);

  g_key_file_set_integer (key_file, QUIZ_GROUP, "FormatVersion", format_version (import));
  g_key_file_set_string (key_file, QUIZ_GROUP, "Id", quiz_id);
  set_text (key_file, language, QUIZ_GROUP, "Title", title);
  write_topics (import, key_file, language);

  for (guint i = 0; i < import->questions->len; i++)
    write_question (key_file, language, import->name, g_ptr_array_index (import->questions, i));

  for (guint i = 0; i < import->pictures->len; i++)
    {
      ImtehanXmlPicture *picture = g_ptr_array_index (import->pictures, i);
      g_autofree char *group = g_strconcat ("Picture ", picture->name, NULL);

      g_key_file_set_string (key_file, group, "Data", picture->data);
      set_text (key_file, language, group, "Alt", picture->alt);
    }

  /* Not translated: the same file must give the same bytes in any interface language, or
   * the library would keep a second copy of it after a language switch. */
  comment = g_strdup_printf (" Imported from %s (Moodle XML format) by Imtehan", import->name);
  g_key_file_set_comment (key_file, NULL, NULL, comment, NULL);

  data = g_key_file_to_data (key_file, &data_length, NULL);
  if (data_length > IMTEHAN_QUIZ_MAX_SIZE)
    {
      g_autofree char *size = g_format_size (IMTEHAN_QUIZ_MAX_SIZE);

      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_TOO_LARGE,
                   _("%s: the quiz would be larger than %s with its pictures: split the file "
                     "into smaller ones"), import->name, size);
      return NULL;
    }
  if (length != NULL)
    *length = data_length;
  return g_steal_pointer (&data);
}
