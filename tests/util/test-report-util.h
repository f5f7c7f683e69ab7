/* test-report-util.h: a class's attempt files made for the report's tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-report.h"

G_BEGIN_DECLS

ImtehanQuiz    *imtehan_test_load_bundled_quiz   (void);
const char     *imtehan_test_wrong_choice        (ImtehanQuestion *question);
/* An attempt answered by @pattern, one letter per question: 'c' right, 'w' wrong, '-' none. */
ImtehanAttempt *imtehan_test_make_attempt        (ImtehanQuiz     *quiz,
                                                  ImtehanMode      mode,
                                                  const char      *learner,
                                                  const char      *pattern,
                                                  gboolean         finish);
/* The same, with a seed of the caller's: the seed decides the order the choices were shown in. */
ImtehanAttempt *imtehan_test_make_seeded_attempt (ImtehanQuiz     *quiz,
                                                  guint32          seed,
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

/* imtehan_report_load() of the folder @path, which must succeed. */
void            imtehan_test_load_report_folder  (ImtehanReport   *report,
                                                  const char      *path);

G_END_DECLS
