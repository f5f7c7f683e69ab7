/* imtehan-i18n.h: the language of the interface, and text and fonts that read right in it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void        imtehan_i18n_init               (void);
const char *imtehan_i18n_get_language       (void);
void        imtehan_i18n_set_language       (const char *lang);
char       *imtehan_i18n_system_language    (void);
void        imtehan_label_set_content       (GtkLabel   *label,
                                             const char *text,
                                             const char *lang);
char       *imtehan_i18n_choice_letter      (guint       position,
                                             const char *lang);
char       *imtehan_i18n_format_date        (GDateTime  *time);

typedef struct
{
  char     *family;      /* the family Pango really chose for Urdu text */
  gboolean  is_nastaliq;
  gboolean  has_glyphs;  /* the font has glyphs for the Urdu letters we test */
  gint64    elapsed_us;
} ImtehanFontCheck;

void        imtehan_fonts_init              (void);
void        imtehan_font_check_run          (ImtehanFontCheck *check);
void        imtehan_font_check_clear        (ImtehanFontCheck *check);

G_END_DECLS
