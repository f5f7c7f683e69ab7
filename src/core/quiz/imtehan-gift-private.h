/* imtehan-gift-private.h: a GIFT question's text, as the importer reads it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  IMTEHAN_GIFT_FORMAT_MOODLE,
  IMTEHAN_GIFT_FORMAT_HTML,
  IMTEHAN_GIFT_FORMAT_PLAIN,
  IMTEHAN_GIFT_FORMAT_MARKDOWN,
} ImtehanGiftFormat;

/* One question's lines, trimmed and joined by "\n", with the escapes decoded: escaped[i]
 * tells a "\{" (text) from a "{" (structure). */
typedef struct
{
  GString    *text;
  GByteArray *escaped;
  guint       line;     /* of text[0] */
} ImtehanGiftBlock;

char   *imtehan_gift_clean_text     (const char             *raw,
                                     ImtehanGiftFormat      *format);
char   *imtehan_gift_category_topic (const char             *category);

G_END_DECLS
