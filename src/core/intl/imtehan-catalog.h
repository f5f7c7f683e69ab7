/* imtehan-catalog.h: GNU gettext message catalogs (.mo files), read with GLib only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _ImtehanCatalog ImtehanCatalog;
typedef struct _ImtehanPluralRule ImtehanPluralRule;

/* No GError: the reader runs inside gettext, where a translated message would ask gettext
 * again, and a catalog that does not load only means the untranslated strings. */
ImtehanCatalog    *imtehan_catalog_new_from_bytes     (GBytes               *bytes);
ImtehanCatalog    *imtehan_catalog_new_for_path       (const char           *path);
void               imtehan_catalog_free               (ImtehanCatalog       *self);
const char        *imtehan_catalog_lookup             (const ImtehanCatalog *self,
                                                       const char           *msgid);
const char        *imtehan_catalog_lookup_plural      (const ImtehanCatalog *self,
                                                       const char           *msgid,
                                                       gulong                n);
guint              imtehan_catalog_get_n_strings      (const ImtehanCatalog *self);
guint              imtehan_catalog_get_n_plurals      (const ImtehanCatalog *self);
gulong             imtehan_catalog_get_plural_index   (const ImtehanCatalog *self,
                                                       gulong                n);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImtehanCatalog, imtehan_catalog_free)

ImtehanPluralRule *imtehan_plural_rule_new            (const char           *expression,
                                                       const char          **end);
gulong             imtehan_plural_rule_eval           (const ImtehanPluralRule *self,
                                                       gulong                   n);
void               imtehan_plural_rule_free           (ImtehanPluralRule    *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImtehanPluralRule, imtehan_plural_rule_free)

G_END_DECLS
