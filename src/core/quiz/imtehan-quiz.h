/* imtehan-quiz.h: a quiz, read from a .quiz key file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-question.h"
#include "imtehan-types.h"

G_BEGIN_DECLS

/* The newest quiz format this build reads: 2 added the question types and pictures. */
#define IMTEHAN_QUIZ_FORMAT_VERSION 2
/* Larger quiz files are refused before parsing, and a 100 MB file is not even read: 200
 * questions of 10 choices in two languages take well under 1 MB; pictures, in base64 in
 * the file so that a quiz stays one file to share, may take it to 16 MiB. */
#define IMTEHAN_QUIZ_MAX_SIZE (16 * 1024 * 1024)
#define IMTEHAN_QUIZ_MAX_TEXT_SIZE (4 * 1024 * 1024)
#define IMTEHAN_PICTURE_MAX_SIZE (2 * 1024 * 1024)
/* The limits of a quiz (docs/quiz-format.md); the pages are laid out for them. */
#define IMTEHAN_QUIZ_MAX_QUESTIONS 200
#define IMTEHAN_QUESTION_MIN_CHOICES 2
#define IMTEHAN_QUESTION_MAX_CHOICES 10
#define IMTEHAN_QUESTION_MAX_ACCEPTED 10
#define IMTEHAN_QUESTION_MAX_DISTRACTORS 10

/* A picture of a quiz: its file's bytes (PNG, JPEG or SVG) and what a screen reader says. */
typedef struct _ImtehanPicture ImtehanPicture;

GBytes           *imtehan_picture_get_bytes      (ImtehanPicture *picture);
const char       *imtehan_picture_get_mime_type  (ImtehanPicture *picture);
const char       *imtehan_picture_get_alt        (ImtehanPicture *picture,
                                                  const char     *lang);

#define IMTEHAN_TYPE_QUIZ (imtehan_quiz_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanQuiz, imtehan_quiz, IMTEHAN, QUIZ, GObject)

ImtehanQuiz      *imtehan_quiz_new_from_bytes    (GBytes      *bytes,
                                                  const char  *display_name,
                                                  GError     **error);
ImtehanQuiz      *imtehan_quiz_new_from_file     (GFile       *file,
                                                  GCancellable *cancellable,
                                                  GError     **error);
const char       *imtehan_quiz_get_id            (ImtehanQuiz *self);
guint             imtehan_quiz_get_version       (ImtehanQuiz *self);
const char       *imtehan_quiz_get_digest        (ImtehanQuiz *self);
GBytes           *imtehan_quiz_get_bytes         (ImtehanQuiz *self);
const char       *imtehan_quiz_get_difficulty    (ImtehanQuiz *self);
const char       *imtehan_quiz_get_title         (ImtehanQuiz *self,
                                                  const char  *lang);
const char       *imtehan_quiz_get_description   (ImtehanQuiz *self,
                                                  const char  *lang);
char            **imtehan_quiz_dup_topics        (ImtehanQuiz *self,
                                                  const char  *lang);
gboolean          imtehan_quiz_has_language      (ImtehanQuiz *self,
                                                  const char  *lang);
guint             imtehan_quiz_get_n_questions   (ImtehanQuiz *self);
ImtehanQuestion  *imtehan_quiz_get_question      (ImtehanQuiz *self,
                                                  guint        index);
ImtehanQuestion  *imtehan_quiz_find_question     (ImtehanQuiz *self,
                                                  const char  *question_id);
ImtehanPicture   *imtehan_quiz_get_picture       (ImtehanQuiz *self,
                                                  const char  *name);
gboolean          imtehan_quiz_has_kinds         (ImtehanQuiz *self);

G_END_DECLS
