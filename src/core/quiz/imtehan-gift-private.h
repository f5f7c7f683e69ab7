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

/* Inline: the importer tests every character of a block with these. */
static inline gboolean
gift_is_raw (const ImtehanGiftBlock *block,
        gsize        i,
        char         c)
{
  return i < block->text->len && block->text->str[i] == c && !block->escaped->data[i];
}

static inline gboolean
gift_is_raw_at (const ImtehanGiftBlock *block,
           gsize        i,
           const char  *what)
{
  for (gsize k = 0; what[k] != '\0'; k++)
    if (!gift_is_raw (block, i + k, what[k]))
      return FALSE;
  return TRUE;
}

gssize  imtehan_gift_find_raw       (const ImtehanGiftBlock *block,
                                     gsize                   from,
                                     gsize                   to,
                                     const char             *what,
                                     gboolean                last);
guint   imtehan_gift_line_at        (const ImtehanGiftBlock *block,
                                     gsize                   offset);
void    imtehan_gift_trim_range     (const ImtehanGiftBlock *block,
                                     gsize                  *from,
                                     gsize                  *to);
char   *imtehan_gift_slice          (const ImtehanGiftBlock *block,
                                     gsize                   from,
                                     gsize                   to);
void    imtehan_gift_append_decoded (ImtehanGiftBlock       *block,
                                     const char             *s,
                                     const char             *e);
char   *imtehan_gift_clean_text     (const char             *raw,
                                     ImtehanGiftFormat      *format);
char   *imtehan_gift_category_topic (const char             *category);

G_END_DECLS
