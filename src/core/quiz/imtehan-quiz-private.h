/* imtehan-quiz-private.h: what the quiz loader's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-keyfile-private.h"
#include "imtehan-question-private.h"
#include "imtehan-quiz.h"
#include "imtehan-text.h"

G_BEGIN_DECLS

ImtehanLocalized *imtehan_quiz_read_localized   (ImtehanKeyFileReader *reader,
                                                 const char           *group,
                                                 const char           *key,
                                                 gboolean              required,
                                                 GError              **error);
gboolean          imtehan_quiz_is_valid_id      (const char           *id);

/* Reads a question's Type and what it holds, after its texts. @pictures: the names of the
 * quiz's [Picture <name>] groups. */
gboolean          imtehan_question_read_kind    (ImtehanQuestion      *question,
                                                 ImtehanKeyFileReader *reader,
                                                 const char           *group,
                                                 gint64                format,
                                                 GHashTable           *pictures,
                                                 GError              **error);

/* Reads every [Picture <name>] group into @pictures (name → ImtehanPicture). */
gboolean          imtehan_quiz_read_pictures    (ImtehanKeyFileReader *reader,
                                                 gint64                format,
                                                 GHashTable           *pictures,
                                                 GError              **error);
void              imtehan_picture_free          (ImtehanPicture       *picture);

G_END_DECLS
