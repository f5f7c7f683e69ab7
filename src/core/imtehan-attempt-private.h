/* imtehan-attempt-private.h: what the store shares with the attempt loader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-keyfile-private.h"

G_BEGIN_DECLS

gboolean imtehan_attempt_check_version    (ImtehanKeyFileReader  *reader,
                                           GError               **error);
gboolean imtehan_attempt_read_quiz_digest (ImtehanKeyFileReader  *reader,
                                           char                 **digest,
                                           GError               **error);

G_END_DECLS
