/* imtehan-stats-private.h: what the statistics are computed from, shared by their two files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * imtehan-stats.c computes the marks' figures and counts single choices;
 * imtehan-stats-responses.c counts the answers of the other question kinds.
 */

#pragma once

#include "imtehan-stats.h"

G_BEGIN_DECLS

/* What a question's responses are counted as. */
typedef enum
{
  STATS_MODE_CHOICE,  /* one choice id (single) */
  STATS_MODE_PICKS,   /* several choice ids (multiple) */
  STATS_MODE_TYPED,   /* a normalised text and the accepted answer it matched */
  STATS_MODE_ITEMS,   /* each item right or wrong (matching, ordering) */
} StatsMode;

typedef struct
{
  const char  *id;
  double       max_mark;
  const char **choice_ids;
  guint        n_choices;
  guint        right_choice;
  StatsMode    mode;
  gboolean    *choice_right;  /* PICKS: n_choices; NULL otherwise */
  const char **item_ids;      /* ITEMS: interned, NULL-terminated; NULL otherwise */
  guint        n_items;
} InputQuestion;

struct _ImtehanStatsInput
{
  guint          n_questions;
  guint          n_attempts;
  InputQuestion *questions;
  GArray        *marks;  /* double, attempt-major: [attempt * n_questions + question] */
  GPtrArray     *chosen; /* interned choice id, typed key, STATS_ANSWERED or NULL, same layout */
  GPtrArray     *extra;  /* same layout, NULL until a question of another kind is answered:
                          * PICKS an interned NULL-terminated array (owned), TYPED the interned
                          * accepted id, ITEMS a gboolean per item (owned) */
};

/* The chosen slot of an answer that is no choice id (picks, items). */
extern const char _imtehan_stats_answered[];
#define STATS_ANSWERED _imtehan_stats_answered

void _imtehan_stats_input_free_extra    (ImtehanStatsInput          *self);
void _imtehan_stats_input_grow_extra    (ImtehanStatsInput          *self);
void _imtehan_stats_count_kinds         (ImtehanQuestionStats       *qs,
                                         const ImtehanStatsInput    *input,
                                         guint                       question);
void _imtehan_stats_question_clear      (ImtehanQuestionStats       *qs);

G_END_DECLS
