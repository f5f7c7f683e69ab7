/* imtehan-answer-text.h: comparing a typed answer with the accepted ones
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char     *imtehan_answer_normalize    (const char *typed,
                                       gboolean    case_sensitive);
gboolean  imtehan_answer_matches      (const char *pattern,
                                       const char *typed,
                                       gboolean    case_sensitive);
gboolean  imtehan_answer_parse_number (const char *typed,
                                       double     *value,
                                       char      **rest);

G_END_DECLS
