/* imtehan-text.h: localized strings and the bidi preparation of text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One human string in several languages: "" is the untranslated (English) value. */
typedef struct _ImtehanLocalized ImtehanLocalized;

ImtehanLocalized *imtehan_localized_new         (void);
void              imtehan_localized_free        (ImtehanLocalized *self);
void              imtehan_localized_set         (ImtehanLocalized *self,
                                                 const char       *lang,
                                                 const char       *value);
const char       *imtehan_localized_get         (const ImtehanLocalized *self,
                                                 const char             *lang);
gboolean          imtehan_localized_has         (const ImtehanLocalized *self,
                                                 const char             *lang);
char            **imtehan_localized_dup_values  (const ImtehanLocalized *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImtehanLocalized, imtehan_localized_free)

gboolean imtehan_set_str             (char      **str,
                                      const char *value);

gboolean imtehan_language_is_rtl     (const char *lang);
char    *imtehan_language_normalize  (const char *locale);

char    *imtehan_text_prepare        (const char *text,
                                      const char *lang);
char    *imtehan_text_prepare_full   (const char *text,
                                      const char *lang,
                                      GArray    **code);

G_END_DECLS
