/* imtehan-gift-private.h: a GIFT question's text and answers, as the importer reads them
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

/* The Type= a question becomes; SINGLE (multiple choice with one right answer, true/false)
 * writes no Type, as format 1 has none. */
typedef enum
{
  IMTEHAN_GIFT_SINGLE,
  IMTEHAN_GIFT_MULTIPLE,
  IMTEHAN_GIFT_SHORT,
  IMTEHAN_GIFT_NUMERICAL,
  IMTEHAN_GIFT_MATCHING,
} ImtehanGiftType;

typedef struct
{
  char     *text;       /* a choice, an accepted text or number, an item ("" for a distractor) */
  char     *match;      /* matching: the answer of the item */
  char     *tolerance;  /* numerical, or NULL */
  char     *feedback;
  double    weight;     /* in percent, as Moodle writes it */
  double    low, high;  /* numerical: the numbers accepted, infinite for "*" */
  gboolean  right;      /* single: the answer */
  gboolean  dropped;    /* numerical "*", any number: not written; its feedback is kept */
} ImtehanGiftAnswer;

gboolean imtehan_gift_is_raw       (const ImtehanGiftBlock *block,
                                    gsize                   i,
                                    char                    c);
gssize   imtehan_gift_find_raw     (const ImtehanGiftBlock *block,
                                    gsize                   from,
                                    gsize                   to,
                                    const char             *what,
                                    gboolean                last);
void     imtehan_gift_trim_range   (const ImtehanGiftBlock *block,
                                    gsize                  *from,
                                    gsize                  *to);
char    *imtehan_gift_slice        (const ImtehanGiftBlock *block,
                                    gsize                   from,
                                    gsize                   to);

const char *imtehan_gift_skip_format (const char             *raw,
                                      ImtehanGiftFormat      *format);
char   *imtehan_gift_clean_text     (const char             *raw,
                                     ImtehanGiftFormat      *format);
char   *imtehan_gift_category_topic (const char             *category);

void    imtehan_gift_answer_clear     (gpointer                data);
char   *imtehan_gift_read_choices     (const ImtehanGiftBlock *block,
                                       gsize                   from,
                                       gsize                   to,
                                       ImtehanGiftFormat       format,
                                       GArray                 *answers,
                                       ImtehanGiftType        *type);
char   *imtehan_gift_read_short       (const ImtehanGiftBlock *block,
                                       gsize                   from,
                                       gsize                   to,
                                       ImtehanGiftFormat       format,
                                       GArray                 *answers);
char   *imtehan_gift_read_numerical   (const ImtehanGiftBlock *block,
                                       gsize                   from,
                                       gsize                   to,
                                       ImtehanGiftFormat       format,
                                       GArray                 *answers);
char   *imtehan_gift_read_matching    (const ImtehanGiftBlock *block,
                                       gsize                   from,
                                       gsize                   to,
                                       ImtehanGiftFormat       format,
                                       GArray                 *answers);
void    imtehan_gift_set_text         (GKeyFile               *key_file,
                                       const char             *language,
                                       const char             *group,
                                       const char             *key,
                                       const char             *value);
void    imtehan_gift_write_answers    (GKeyFile               *key_file,
                                       const char             *language,
                                       const char             *group,
                                       ImtehanGiftType         type,
                                       GArray                 *answers);

G_END_DECLS
