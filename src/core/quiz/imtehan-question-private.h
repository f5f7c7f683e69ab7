/* imtehan-question-private.h: a question's fields, filled by the quiz loader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-question.h"
#include "imtehan-text.h"

G_BEGIN_DECLS

/* A choice, an item or an accepted answer: whatever of these its kind uses. */
typedef struct
{
  char             *id;
  ImtehanLocalized *text;
  ImtehanLocalized *feedback; /* may be NULL */
  char             *picture;  /* a picture's name, or NULL */
  double            weight;   /* fraction of the mark, -1..1 */
  double            min;      /* numerical: the accepted range */
  double            max;
  char             *match;    /* matching items: the id of their choice */
  GPtrArray        *patterns; /* short: ImtehanAnswerPattern of each language's text */
} ImtehanQuestionPart;

struct _ImtehanQuestion
{
  GObject              parent_instance;

  char                *id;
  guint                index;
  ImtehanQuestionKind  kind;
  ImtehanLocalized    *text;
  ImtehanLocalized    *topic;
  ImtehanLocalized    *explanation;
  char                *picture;
  GPtrArray           *choice_ids;   /* char*, in file order */
  GHashTable          *choices;      /* id → ImtehanQuestionPart, owned by parts or pool */
  GHashTable          *parts;        /* id → ImtehanQuestionPart: choices, items, accepted */
  GPtrArray           *pool;         /* matching: its choices, ImtehanQuestionPart (owned) */
  GPtrArray           *items;        /* matching: ImtehanQuestionPart*, owned by parts */
  GPtrArray           *accepted;     /* short, numerical: ImtehanQuestionPart*, ditto */
  ImtehanLocalized    *unit;         /* numerical; may be NULL */
  char               **units;        /* numerical: each language's unit, normalised */
  gboolean             case_sensitive;
  char                *answer;       /* single: the right choice's id */
};

ImtehanQuestionPart *imtehan_question_part_new  (const char          *id);
void                 imtehan_question_prepare   (ImtehanQuestion     *self);
void                 imtehan_question_part_free (ImtehanQuestionPart *part);

G_END_DECLS
