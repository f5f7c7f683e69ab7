/* attempt-fixture.h: what the attempt's tests share: the bundled quiz, attempts saved and edited
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>
#include "imtehan-attempt.h"
#include "imtehan-quiz.h"

#define BUNDLED_QUIZ QUIZ_DIR "/zero-sharded-optimizers.quiz"

ImtehanQuiz *
load_quiz (void);

const char *
wrong_choice (ImtehanQuiz *quiz,
              guint        index);

const char *
right_choice (ImtehanQuiz *quiz,
              guint        index);

gboolean
same_orders (ImtehanAttempt *a,
             ImtehanAttempt *b);

ImtehanAttempt *
load_data (ImtehanQuiz  *quiz,
           const char   *data,
           GError      **error);

char *
edit_line (const char *data,
           const char *group,
           const char *key,
           const char *value,
           guint      *line);

ImtehanAttempt *
lab_attempt_new (ImtehanQuiz *quiz);
