/* imtehan-keyfile.c: strict, line-aware reading of key files, and the program's errors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-keyfile"

#include "config.h"

#include "imtehan-intl-private.h"
#include <stdlib.h>
#include <string.h>

#include "imtehan-keyfile-private.h"

G_DEFINE_QUARK (imtehan-error-quark, imtehan_error)

static char *
line_key (const char *group,
          const char *key)
{
  return key ? g_strconcat (group, "\037", key, NULL) : g_strdup (group);
}

static guint
line_of_offset (const char *data,
                gsize       offset)
{
  guint line = 1;

  for (gsize i = 0; i < offset; i++)
    if (data[i] == '\n')
      line++;
  return line;
}

#define READ_CHUNK (64 * 1024)

/* The file's size and one byte more (a file that grew is read on in chunks), within the
 * limit; a chunk when the size is not known. */
static gsize
first_read_size (GFileInputStream *stream,
                 gsize             max_size)
{
  g_autoptr(GFileInfo) info = g_file_input_stream_query_info (stream,
                                                              G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                              NULL, NULL);
  goffset size;

  if (info == NULL || !g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE) ||
      (size = g_file_info_get_size (info)) <= 0)
    return MIN (max_size + 1, READ_CHUNK);
  return (gsize)MIN ((guint64)size + 1, (guint64)max_size + 1);
}

GBytes *
imtehan_key_file_load_bytes (GFile        *file,
                             gsize         max_size,
                             GCancellable *cancellable,
                             GError      **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (!(stream = g_file_read (file, cancellable, error)))
    return NULL;

  /* Read one byte past the limit: a larger file is refused without reading it all. A read
   * allocates all it asks for, so it asks for what the file holds: a limit of megabytes
   * must not cost megabytes for every small quiz of a folder. */
  if (!(bytes = g_input_stream_read_bytes (G_INPUT_STREAM (stream),
                                           first_read_size (stream, max_size),
                                           cancellable, error)))
    return NULL;

  /* read_bytes() may return short reads, so keep reading until EOF or the cap. */
  if (g_bytes_get_size (bytes) > 0 && g_bytes_get_size (bytes) <= max_size)
    {
      g_autoptr(GByteArray) all = g_bytes_unref_to_array (g_steal_pointer (&bytes));

      for (;;)
        {
          g_autoptr(GBytes) more = g_input_stream_read_bytes (G_INPUT_STREAM (stream),
                                                              MIN (max_size + 1 - all->len,
                                                                   READ_CHUNK),
                                                              cancellable, error);
          if (more == NULL)
            return NULL;
          if (g_bytes_get_size (more) == 0)
            break;
          g_byte_array_append (all, g_bytes_get_data (more, NULL), g_bytes_get_size (more));
          if (all->len > max_size)
            break;
        }
      bytes = g_byte_array_free_to_bytes (g_steal_pointer (&all));
    }

  if (g_bytes_get_size (bytes) > max_size)
    {
      g_autofree char *name = g_file_get_parse_name (file);
      g_autofree char *size = g_format_size (max_size);

      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_TOO_LARGE,
                   _("%s: the file is larger than %s"), name, size);
      return NULL;
    }

  return g_steal_pointer (&bytes);
}

void
imtehan_key_file_reader_free (ImtehanKeyFileReader *reader)
{
  if (reader == NULL)
    return;
  g_clear_pointer (&reader->key_file, g_key_file_unref);
  g_clear_pointer (&reader->lines, g_hash_table_unref);
  g_clear_pointer (&reader->bytes, g_bytes_unref);
  g_clear_pointer (&reader->name, g_free);
  g_free (reader);
}

/* Checks the syntax line by line as GKeyFile parses it (leading white space skipped, '#'
 * comments, [group] headers, key=value) and counts the groups and keys. With reader->lines,
 * it also remembers where each group and key stands and refuses a repeated one. Without, a
 * repeat is not seen, and a caller that gets FALSE reads the file again with the index, so
 * that the first problem by line is the one named (a lone "\" needs the index for its
 * line, and is only said then). */
static gboolean
index_lines (ImtehanKeyFileReader *reader,
             const char           *data,
             gsize                 len,
             guint                *n_groups,
             guint                *n_keys,
             GError              **error)
{
  g_autofree char *group = NULL;
  const char *p = data;
  const char *end = data + len;
  gboolean indexing = reader->lines != NULL;
  gboolean in_group = FALSE;
  guint line = 0;

  *n_groups = *n_keys = 0;

  while (p < end)
    {
      const char *eol = memchr (p, '\n', end - p);
      const char *s = p;
      const char *e = eol ? eol : end;

      line++;
      while (s < e && g_ascii_isspace (*s))
        s++;
      while (e > s && g_ascii_isspace (e[-1]))
        e--;

      if (s == e || *s == '#')
        ;
      else if (*s == '[')
        {
          const char *close = e - 1;

          if (e - s < 3 || *close != ']' || memchr (s + 1, '[', close - s - 1) ||
              memchr (s + 1, ']', close - s - 1))
            {
              g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE,
                           _("%s:%u: a group header must look like [Name]"), reader->name, line);
              return FALSE;
            }
          in_group = TRUE;
          (*n_groups)++;
          if (indexing)
            {
              g_free (group);
              group = g_strndup (s + 1, close - s - 1);
              /* GKeyFile merges a repeated group into the first: a question copied and not
               * renamed would silently replace the original. */
              if (g_hash_table_contains (reader->lines, group))
                {
                  g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE,
                               _("%s:%u: the group [%s] appears twice; it already began at line %u"),
                               reader->name, line, group,
                               GPOINTER_TO_UINT (g_hash_table_lookup (reader->lines, group)));
                  return FALSE;
                }
              g_hash_table_insert (reader->lines, g_strdup (group), GUINT_TO_POINTER (line));
            }
        }
      else
        {
          const char *eq = memchr (s, '=', e - s);
          const char *k_end;

          if (eq == NULL || eq == s)
            {
              g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE,
                           _("%s:%u: this line is not a [group], a key=value pair or a # comment"),
                           reader->name, line);
              return FALSE;
            }
          if (!in_group)
            {
              g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE,
                           _("%s:%u: a key comes before the first [group]"), reader->name, line);
              return FALSE;
            }
          (*n_keys)++;
          k_end = eq;
          while (k_end > s && g_ascii_isspace (k_end[-1]))
            k_end--;
          {
            g_autofree char *key = indexing ? g_strndup (s, k_end - s) : NULL;
            const char *v_end = eol ? eol : end;
            const char *backslashes;

            if (indexing)
              {
                g_autofree char *where = line_key (group, key);
                gpointer first;

                /* GKeyFile keeps the last of two equal keys: a line copied and not renamed
                 * would silently replace the first. */
                if ((first = g_hash_table_lookup (reader->lines, where)))
                  {
                    g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE,
                                 _("%s:%u: [%s] %s: the key appears twice in this group; it "
                                   "is already on line %u"),
                                 reader->name, line, group, key, GPOINTER_TO_UINT (first));
                    return FALSE;
                  }
                g_hash_table_insert (reader->lines, g_steal_pointer (&where),
                                     GUINT_TO_POINTER (line));
              }

            /* GLib 2.74 sets a GError twice, with a warning, on a value with a bad escape
             * that also ends in a lone "\" (found by fuzz-attempt): refuse it before GKeyFile
             * reads it. GKeyFile drops the "\r" of a CRLF line end, and no other white space. */
            while (v_end > eq + 1 && v_end[-1] == '\r')
              v_end--;
            backslashes = v_end;
            while (backslashes > eq + 1 && backslashes[-1] == '\\')
              backslashes--;
            if ((v_end - backslashes) % 2 == 1)
              {
                if (!indexing)
                  return FALSE;
                imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group, key,
                                               _("the value ends with a lone “\\”; "
                                                 "write “\\\\” for a backslash"));
                return FALSE;
              }
          }
        }

      p = eol ? eol + 1 : end;
    }

  return TRUE;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *)a, *(const char * const *)b);
}

/* Whether no group or key is repeated: GKeyFile merges a repeated group into the first (so
 * it holds fewer than the file's headers) and keeps both lines of a repeated key in its
 * group's list (so the sorted list has two equal neighbours). */
static gboolean
no_repeats (GKeyFile *key_file,
            guint     n_groups,
            guint     n_keys)
{
  gsize groups_len = 0;
  g_auto(GStrv) groups = g_key_file_get_groups (key_file, &groups_len);
  gsize keys = 0;

  if (groups_len != n_groups)
    return FALSE;
  for (gsize i = 0; i < groups_len; i++)
    {
      gsize n = 0;
      g_auto(GStrv) group_keys = g_key_file_get_keys (key_file, groups[i], &n, NULL);

      qsort (group_keys, n, sizeof (char *), compare_strings);
      for (gsize k = 1; k < n; k++)
        if (strcmp (group_keys[k - 1], group_keys[k]) == 0)
          return FALSE;
      keys += n;
    }
  return keys == n_keys;
}

static void
ensure_lines (ImtehanKeyFileReader *reader)
{
  const char *data;
  gsize len;
  guint n_groups, n_keys;

  if (reader->lines != NULL)
    return;
  reader->lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  data = g_bytes_get_data (reader->bytes, &len);
  /* The file passed these checks when it was read: only the index is wanted. */
  index_lines (reader, data + reader->start, len - reader->start, &n_groups, &n_keys, NULL);
}

/**
 * imtehan_text_file_check:
 * @data_inout: the file's bytes; moved past a UTF-8 byte order mark
 * @len_inout: their length
 *
 * What every text file read from outside must be before it is parsed: not too large, not
 * empty, UTF-8 without NUL bytes. The errors name the file, and the line where they can.
 */
gboolean
imtehan_text_file_check (const char **data_inout,
                         gsize       *len_inout,
                         const char  *name,
                         gsize        max_size,
                         GError     **error)
{
  const char *data = *data_inout;
  const char *invalid = NULL;
  gsize len = *len_inout;

  if (len > max_size)
    {
      g_autofree char *size = g_format_size (max_size);
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_TOO_LARGE,
                   _("%s: the file is larger than %s"), name, size);
      return FALSE;
    }
  /* Windows Notepad starts UTF-8 with a byte order mark; GKeyFile would read it as part of
   * the first line. */
  if (len >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      data += 3;
      len -= 3;
    }
  if (len == 0)
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE, _("%s: the file is empty"), name);
      return FALSE;
    }
  /* "Unicode" in Windows Notepad is UTF-16: name it rather than its NUL bytes. */
  if (len >= 2 && (memcmp (data, "\xff\xfe", 2) == 0 || memcmp (data, "\xfe\xff", 2) == 0))
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE,
                   _("%s:1: the file is in UTF-16; save it as UTF-8"), name);
      return FALSE;
    }
  if (memchr (data, '\0', len))
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE,
                   _("%s:%u: the file contains a NUL byte; it is not a text file"),
                   name, line_of_offset (data, (const char *)memchr (data, '\0', len) - data));
      return FALSE;
    }
  if (!g_utf8_validate_len (data, len, &invalid))
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE,
                   _("%s:%u: the text is not valid UTF-8; save the file as UTF-8"), name,
                   line_of_offset (data, invalid - data));
      return FALSE;
    }

  *data_inout = data;
  *len_inout = len;
  return TRUE;
}

ImtehanKeyFileReader *
imtehan_key_file_reader_new (GBytes      *bytes,
                             const char  *name,
                             gsize        max_size,
                             GError     **error)
{
  g_autoptr(ImtehanKeyFileReader) reader = g_new0 (ImtehanKeyFileReader, 1);
  g_autoptr(GError) local_error = NULL;
  const char *data;
  gsize len;

  guint n_groups = 0, n_keys = 0;
  gboolean scanned;

  data = g_bytes_get_data (bytes, &len);
  reader->name = g_strdup (name);
  reader->bytes = g_bytes_ref (bytes);
  reader->key_file = g_key_file_new ();

  if (!imtehan_text_file_check (&data, &len, name, max_size, error))
    return NULL;
  reader->start = data - (const char *)g_bytes_get_data (bytes, NULL);

  /* The index of lines costs a hash entry per line (a third of reading a class's 10,000
   * attempts, docs/performance.md): it is made at once only for a file with a problem,
   * whose message names the line, else when a line is first asked for. */
  scanned = index_lines (reader, data, len, &n_groups, &n_keys, NULL);
  if (!scanned)
    {
      reader->lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      if (!index_lines (reader, data, len, &n_groups, &n_keys, error))
        return NULL;
    }

  if (!g_key_file_load_from_data (reader->key_file, data, len, G_KEY_FILE_KEEP_TRANSLATIONS,
                                  &local_error))
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE, "%s: %s", name, local_error->message);
      return NULL;
    }

  /* A repeated group or key: the index names both lines. */
  if (scanned && !no_repeats (reader->key_file, n_groups, n_keys))
    {
      reader->lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      if (!index_lines (reader, data, len, &n_groups, &n_keys, error))
        return NULL;
    }

  return g_steal_pointer (&reader);
}

guint
imtehan_key_file_reader_get_line (ImtehanKeyFileReader *reader,
                                  const char           *group,
                                  const char           *key)
{
  g_autofree char *k = NULL;
  gpointer line;

  if (group == NULL)
    return 0;
  ensure_lines (reader);
  k = line_key (group, key);
  if ((line = g_hash_table_lookup (reader->lines, k)))
    return GPOINTER_TO_UINT (line);
  if (key != NULL)
    return imtehan_key_file_reader_get_line (reader, group, NULL);
  return 0;
}

void
imtehan_key_file_reader_error (ImtehanKeyFileReader *reader,
                               GError              **error,
                               ImtehanError          code,
                               const char           *group,
                               const char           *key,
                               const char           *problem)
{
  guint line = imtehan_key_file_reader_get_line (reader, group, key);
  g_autoptr(GString) where = g_string_new (reader->name);

  if (line > 0)
    g_string_append_printf (where, ":%u", line);
  g_string_append (where, ":");
  if (group != NULL)
    g_string_append_printf (where, " [%s]", group);
  if (key != NULL)
    g_string_append_printf (where, " %s:", key);
  else if (group != NULL)
    g_string_append (where, ":");

  g_set_error (error, IMTEHAN_ERROR, code, "%s %s", where->str, problem);
}

char *
imtehan_key_file_reader_get_string (ImtehanKeyFileReader *reader,
                                    const char           *group,
                                    const char           *key,
                                    gboolean              required,
                                    GError              **error)
{
  g_autoptr(GError) local_error = NULL;
  char *value;

  /* On an invalid escape GKeyFile returns the value *and* sets the error. */
  value = g_key_file_get_string (reader->key_file, group, key, &local_error);
  if (local_error == NULL)
    return value;
  g_clear_pointer (&value, g_free);

  if (g_error_matches (local_error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND) ||
      g_error_matches (local_error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_GROUP_NOT_FOUND))
    {
      if (!required)
        return g_strdup ("");
      {
        g_autofree char *msg = g_strdup_printf (_("the key “%s” is missing"), key);
        imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_MISSING, group, NULL, msg);
      }
      return NULL;
    }

  imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group, key,
                                 local_error->message);
  return NULL;
}

char **
imtehan_key_file_reader_get_string_list (ImtehanKeyFileReader *reader,
                                         const char           *group,
                                         const char           *key,
                                         gsize                *length,
                                         GError              **error)
{
  g_autoptr(GError) local_error = NULL;
  char **value;

  if (!g_key_file_has_key (reader->key_file, group, key, NULL))
    {
      g_autofree char *msg = g_strdup_printf (_("the key “%s” is missing"), key);
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_MISSING, group, NULL, msg);
      return NULL;
    }

  value = g_key_file_get_string_list (reader->key_file, group, key, length, &local_error);
  if (value == NULL && g_error_matches (local_error, G_KEY_FILE_ERROR,
                                        G_KEY_FILE_ERROR_INVALID_VALUE))
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group, key,
                                     local_error->message);
      return NULL;
    }
  if (value == NULL)
    {
      /* "Key=" is an empty list, not an error of the file. */
      if (length)
        *length = 0;
      return g_new0 (char *, 1);
    }
  return value;
}

gboolean
imtehan_key_file_reader_get_int (ImtehanKeyFileReader *reader,
                                 const char           *group,
                                 const char           *key,
                                 gboolean              required,
                                 gint64                min,
                                 gint64                max,
                                 gint64               *value,
                                 GError              **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  gint64 parsed;

  if (!(text = imtehan_key_file_reader_get_string (reader, group, key, required, error)))
    return FALSE;
  g_strstrip (text);
  if (*text == '\0' && !required)
    return TRUE;

  if (!g_ascii_string_to_signed (text, 10, min, max, &parsed, &local_error))
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is not a whole number from %lld to %lld"),
                                              text, (long long)min, (long long)max);
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group, key, msg);
      return FALSE;
    }
  *value = parsed;
  return TRUE;
}

gboolean
imtehan_key_file_reader_get_boolean (ImtehanKeyFileReader *reader,
                                     const char           *group,
                                     const char           *key,
                                     gboolean             *value,
                                     GError              **error)
{
  g_autofree char *text = NULL;

  if (!(text = imtehan_key_file_reader_get_string (reader, group, key, TRUE, error)))
    return FALSE;
  g_strstrip (text);
  if (g_str_equal (text, "true"))
    *value = TRUE;
  else if (g_str_equal (text, "false"))
    *value = FALSE;
  else
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is neither true nor false"), text);
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group, key, msg);
      return FALSE;
    }
  return TRUE;
}

char **
imtehan_key_file_reader_list_locales (ImtehanKeyFileReader *reader,
                                      const char           *group,
                                      const char           *key)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) keys = g_key_file_get_keys (reader->key_file, group, NULL, NULL);
  gsize key_len = strlen (key);

  for (guint i = 0; keys && keys[i]; i++)
    {
      const char *k = keys[i];
      gsize len = strlen (k);

      if (len > key_len + 2 && strncmp (k, key, key_len) == 0 && k[key_len] == '[' &&
          k[len - 1] == ']')
        {
          g_autofree char *lang = g_strndup (k + key_len + 1, len - key_len - 2);
          g_strv_builder_add (builder, lang);
        }
    }

  return g_strv_builder_end (builder);
}
