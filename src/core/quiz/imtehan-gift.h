/* imtehan-gift.h: Moodle's GIFT question format, imported as a .quiz key file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "imtehan-types.h"

G_BEGIN_DECLS

/* A GIFT file larger than a quiz may be is refused before parsing. */
#define IMTEHAN_GIFT_MAX_SIZE (4 * 1024 * 1024)

/* Skipped questions listed one a line in a message; the others are counted. */
#define IMTEHAN_GIFT_WARNINGS_SHOWN 10

char *imtehan_gift_import (GBytes       *bytes,
                           const char   *display_name,
                           const char   *quiz_id,
                           const char   *title,
                           const char   *language,
                           char       ***warnings,
                           gsize        *length,
                           GError      **error);

char       *imtehan_gift_make_id             (const char         *name);
char       *imtehan_gift_id_for_file_name    (const char         *file_name);
char       *imtehan_gift_title_for_file_name (const char         *file_name);
const char *imtehan_gift_guess_language      (GBytes             *bytes);
char       *imtehan_gift_format_warnings     (const char * const *warnings,
                                              guint               max_lines);

G_END_DECLS
