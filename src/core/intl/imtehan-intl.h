/* imtehan-intl.h: the language Imtehan shows, whatever the C library and the locale
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void        imtehan_intl_set_language      (const char *language);
const char *imtehan_intl_get_language      (void);
const char *imtehan_intl_system_language   (void);

const char *imtehan_intl_dgettext          (const char *domain,
                                            const char *msgid) G_GNUC_FORMAT (2);
const char *imtehan_intl_dngettext         (const char *domain,
                                            const char *msgid,
                                            const char *msgid_plural,
                                            gulong      n) G_GNUC_FORMAT (2) G_GNUC_FORMAT (3);
const char *imtehan_intl_dpgettext         (const char *domain,
                                            const char *context_and_id,
                                            const char *msgid) G_GNUC_FORMAT (3);

G_END_DECLS
