/* test-report-util.h: a class's attempt files made for the report's tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"

G_BEGIN_DECLS

ImtehanQuiz    *imtehan_test_load_bundled_quiz   (void);
const char     *imtehan_test_wrong_choice        (ImtehanQuestion *question);
/* An attempt answered by @pattern, one letter per question: 'c' right, 'w' wrong, '-' none. */
ImtehanAttempt *imtehan_test_make_attempt        (ImtehanQuiz     *quiz,
                                                  ImtehanMode      mode,
                                                  const char      *learner,
                                                  const char      *pattern,
                                                  gboolean         finish);
char           *imtehan_test_write_text          (const char      *folder,
                                                  const char      *name,
                                                  const char      *text);
/* Writes @attempt as <id>.ini in @folder (made if missing); returns the path. */
char           *imtehan_test_write_attempt       (const char      *folder,
                                                  ImtehanAttempt  *attempt);

G_END_DECLS
