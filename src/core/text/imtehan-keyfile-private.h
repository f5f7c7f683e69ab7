/* imtehan-keyfile-private.h: strict, line-aware reading of key files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GKeyFile's own errors name neither the file nor the line. This reader indexes the lines
 * of groups and keys while checking the syntax, so that every problem in a quiz or attempt
 * file is reported as "file:line: [group] key: problem".
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-types.h"

G_BEGIN_DECLS

typedef struct
{
  GKeyFile   *key_file;
  char       *name;
  GHashTable *lines; /* "group" or "group\037key" → GUINT_TO_POINTER (line); made when a
                      * line is first asked for (imtehan_key_file_reader_get_line()) */
  GBytes     *bytes; /* the file, for that */
  gsize       start; /* past a byte order mark */
} ImtehanKeyFileReader;

GBytes               *imtehan_key_file_load_bytes           (GFile                *file,
                                                             gsize                 max_size,
                                                             GCancellable         *cancellable,
                                                             GError              **error);
gboolean              imtehan_text_file_check               (const char          **data,
                                                             gsize                *len,
                                                             const char           *name,
                                                             gsize                 max_size,
                                                             GError              **error);
ImtehanKeyFileReader *imtehan_key_file_reader_new           (GBytes               *bytes,
                                                             const char           *name,
                                                             gsize                 max_size,
                                                             GError              **error);
void                  imtehan_key_file_reader_free          (ImtehanKeyFileReader *reader);
guint                 imtehan_key_file_reader_get_line      (ImtehanKeyFileReader *reader,
                                                             const char           *group,
                                                             const char           *key);
void                  imtehan_key_file_reader_error         (ImtehanKeyFileReader *reader,
                                                             GError              **error,
                                                             ImtehanError          code,
                                                             const char           *group,
                                                             const char           *key,
                                                             const char           *problem);
char                 *imtehan_key_file_reader_get_string    (ImtehanKeyFileReader *reader,
                                                             const char           *group,
                                                             const char           *key,
                                                             gboolean              required,
                                                             GError              **error);
char                **imtehan_key_file_reader_get_string_list (ImtehanKeyFileReader *reader,
                                                             const char           *group,
                                                             const char           *key,
                                                             gsize                *length,
                                                             GError              **error);
gboolean              imtehan_key_file_reader_get_int       (ImtehanKeyFileReader *reader,
                                                             const char           *group,
                                                             const char           *key,
                                                             gboolean              required,
                                                             gint64                min,
                                                             gint64                max,
                                                             gint64               *value,
                                                             GError              **error);
gboolean              imtehan_key_file_reader_get_boolean   (ImtehanKeyFileReader *reader,
                                                             const char           *group,
                                                             const char           *key,
                                                             gboolean             *value,
                                                             GError              **error);
char                **imtehan_key_file_reader_list_locales  (ImtehanKeyFileReader *reader,
                                                             const char           *group,
                                                             const char           *key);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImtehanKeyFileReader, imtehan_key_file_reader_free)

G_END_DECLS
