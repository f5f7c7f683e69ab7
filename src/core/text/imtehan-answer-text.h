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

typedef struct _ImtehanAnswerPattern ImtehanAnswerPattern;

ImtehanAnswerPattern *imtehan_answer_pattern_new     (const char                 *pattern,
                                                      gboolean                    case_sensitive);
void                  imtehan_answer_pattern_free    (ImtehanAnswerPattern       *self);
gboolean              imtehan_answer_pattern_matches (const ImtehanAnswerPattern *self,
                                                      const char                 *normalized);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImtehanAnswerPattern, imtehan_answer_pattern_free)

G_END_DECLS
