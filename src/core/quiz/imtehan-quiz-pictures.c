/* imtehan-quiz-pictures.c: the pictures a quiz file holds, in base64, checked by their bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-quiz"

#include "config.h"

#include <string.h>

#include "imtehan-intl-private.h"

#include "imtehan-quiz-private.h"

#define PICTURE_PREFIX "Picture "

struct _ImtehanPicture
{
  GBytes           *bytes;
  const char       *mime_type;
  ImtehanLocalized *alt;
};

void
imtehan_picture_free (ImtehanPicture *picture)
{
  if (picture == NULL)
    return;
  g_clear_pointer (&picture->bytes, g_bytes_unref);
  g_clear_pointer (&picture->alt, imtehan_localized_free);
  g_free (picture);
}

GBytes *
imtehan_picture_get_bytes (ImtehanPicture *picture)
{
  g_return_val_if_fail (picture != NULL, NULL);
  return picture->bytes;
}

/* "image/png", "image/jpeg" or "image/svg+xml". */
const char *
imtehan_picture_get_mime_type (ImtehanPicture *picture)
{
  g_return_val_if_fail (picture != NULL, NULL);
  return picture->mime_type;
}

const char *
imtehan_picture_get_alt (ImtehanPicture *picture,
                         const char     *lang)
{
  g_return_val_if_fail (picture != NULL, NULL);
  return imtehan_localized_get (picture->alt, lang);
}

/* Told by the bytes, not a name: a renamed file is what it is. An SVG is XML text whose
 * first element is <svg>, possibly after an XML declaration, comments and a doctype. */
static const char *
sniff (const guchar *data,
       gsize         len)
{
  g_autofree char *head = NULL;
  const char *p;

  if (len >= 8 && memcmp (data, "\x89PNG\r\n\x1a\n", 8) == 0)
    return "image/png";
  if (len >= 3 && memcmp (data, "\xff\xd8\xff", 3) == 0)
    return "image/jpeg";
  head = g_strndup ((const char *)data, MIN (len, 4096));
  p = head;
  if (g_str_has_prefix (p, "\xef\xbb\xbf"))
    p += 3;
  while (*p != '\0')
    {
      while (g_ascii_isspace (*p))
        p++;
      if (g_str_has_prefix (p, "<svg") && (g_ascii_isspace (p[4]) || p[4] == '>'))
        return "image/svg+xml";
      if (g_str_has_prefix (p, "<?") || g_str_has_prefix (p, "<!"))
        {
          const char *end = strchr (p, '>');

          if (end == NULL)
            return NULL;
          p = end + 1;
          continue;
        }
      return NULL;
    }
  return NULL;
}

static gboolean
is_base64 (const char *text)
{
  gsize n = 0;

  for (const char *p = text; *p; p++, n++)
    if (!g_ascii_isalnum (*p) && *p != '+' && *p != '/' && !(*p == '=' && (p[1] == '\0' || (p[1] == '=' && p[2] == '\0'))))
      return FALSE;
  return n > 0 && n % 4 == 0;
}

static ImtehanPicture *
read_picture (ImtehanKeyFileReader *reader,
              const char           *group,
              GError              **error)
{
  g_autoptr(ImtehanLocalized) alt = NULL;
  g_autofree char *data = NULL;
  g_autofree guchar *decoded = NULL;
  ImtehanPicture *picture;
  const char *mime_type;
  gsize len = 0;

  if (!(data = imtehan_key_file_reader_get_string (reader, group, "Data", TRUE, error)))
    return NULL;
  g_strstrip (data);
  if (!is_base64 (data))
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group, "Data",
                                     _("the picture is not in base64 (letters, digits, “+”, "
                                       "“/”, and “=” at the end, in one line)"));
      return NULL;
    }
  /* Three bytes to four letters: the size is known before decoding. */
  if (strlen (data) / 4 * 3 > IMTEHAN_PICTURE_MAX_SIZE + 2)
    {
      g_autofree char *limit = g_format_size (IMTEHAN_PICTURE_MAX_SIZE);
      g_autofree char *msg = g_strdup_printf (_("the picture is larger than %s"), limit);
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_TOO_LARGE, group, "Data", msg);
      return NULL;
    }
  decoded = g_base64_decode (data, &len);
  if (len > IMTEHAN_PICTURE_MAX_SIZE || !(mime_type = sniff (decoded, len)))
    {
      g_autofree char *limit = g_format_size (IMTEHAN_PICTURE_MAX_SIZE);
      g_autofree char *msg = len > IMTEHAN_PICTURE_MAX_SIZE
        ? g_strdup_printf (_("the picture is larger than %s"), limit)
        : g_strdup (_("the picture is not a PNG, JPEG or SVG file"));
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group, "Data", msg);
      return NULL;
    }
  if (!(alt = imtehan_quiz_read_localized (reader, group, "Alt", TRUE, error)))
    return NULL;

  picture = g_new0 (ImtehanPicture, 1);
  picture->bytes = g_bytes_new_take (g_steal_pointer (&decoded), len);
  picture->mime_type = mime_type;
  picture->alt = g_steal_pointer (&alt);
  return picture;
}

gboolean
imtehan_quiz_read_pictures (ImtehanKeyFileReader *reader,
                            gint64                format,
                            GHashTable           *pictures,
                            GError              **error)
{
  g_auto(GStrv) groups = g_key_file_get_groups (reader->key_file, NULL);

  for (guint i = 0; groups[i] != NULL; i++)
    {
      const char *name = groups[i] + strlen (PICTURE_PREFIX);
      ImtehanPicture *picture;

      if (!g_str_has_prefix (groups[i], PICTURE_PREFIX))
        continue;
      if (format < 2)
        {
          imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, groups[i], NULL,
                                         _("pictures need FormatVersion=2 in [Quiz]"));
          return FALSE;
        }
      if (!imtehan_quiz_is_valid_id (name))
        {
          imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, groups[i], NULL,
                                         _("a picture's name may only contain letters, digits, "
                                           "“-” and “_”"));
          return FALSE;
        }
      if (!(picture = read_picture (reader, groups[i], error)))
        return FALSE;
      g_hash_table_insert (pictures, g_strdup (name), picture);
    }
  return TRUE;
}
