/* imtehan-stats.h: a class's question and quiz statistics, as Moodle defines them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* What the statistics are computed from: marks and chosen choice ids, with no knowledge of
 * attempt files, so the report can feed it from whatever it read (docs/statistics.md). */
typedef struct _ImtehanStatsInput ImtehanStatsInput;

ImtehanStatsInput *imtehan_stats_input_new          (guint               n_questions);
void               imtehan_stats_input_free         (ImtehanStatsInput  *self);
guint              imtehan_stats_input_get_n_questions (const ImtehanStatsInput *self);
guint              imtehan_stats_input_get_n_attempts  (const ImtehanStatsInput *self);
void               imtehan_stats_input_set_question (ImtehanStatsInput  *self,
                                                     guint               question,
                                                     const char         *id,
                                                     double              max_mark,
                                                     const char * const *choice_ids,
                                                     const char         *right_choice_id);
guint              imtehan_stats_input_add_attempt  (ImtehanStatsInput  *self);
void               imtehan_stats_input_set_response (ImtehanStatsInput  *self,
                                                     guint               attempt,
                                                     guint               question,
                                                     const char         *choice_id,
                                                     double              mark);

/* Questions of other kinds (docs/statistics.md, "Question types"): several right choices,
 * each counted when picked; typed answers, counted by their normalised text; items right or
 * wrong. Unanswered, any question takes imtehan_stats_input_set_response() with NULL. */
void               imtehan_stats_input_set_right_choices (ImtehanStatsInput  *self,
                                                          guint               question,
                                                          const char * const *right_ids);
void               imtehan_stats_input_set_items    (ImtehanStatsInput  *self,
                                                     guint               question,
                                                     const char * const *item_ids);
void               imtehan_stats_input_set_picks    (ImtehanStatsInput  *self,
                                                     guint               attempt,
                                                     guint               question,
                                                     const char * const *choice_ids,
                                                     double              mark);
void               imtehan_stats_input_set_typed    (ImtehanStatsInput  *self,
                                                     guint               attempt,
                                                     guint               question,
                                                     const char         *key,
                                                     const char         *accepted_id,
                                                     double              mark);
void               imtehan_stats_input_set_items_right (ImtehanStatsInput *self,
                                                        guint              attempt,
                                                        guint              question,
                                                        const gboolean    *right,
                                                        double             mark);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImtehanStatsInput, imtehan_stats_input_free)

/* A typed answer as a class gave it: its normalised text, how many gave it, the accepted
 * answer it matched (NULL: none) and the mark it earned. */
typedef struct
{
  const char *key;
  const char *accepted_id;
  double      mark;
  guint       count;
  double      share;           /* count ÷ n */
} ImtehanStatsResponse;

/* One question's figures. Strings are interned; arrays have n_choices entries in the quiz's
 * order. NAN means "undefined", never 0: the UI shows it as a dash, not a number. */
typedef struct
{
  const char   *id;
  double        max_mark;
  double        mean_mark;
  double        facility;        /* mean mark ÷ max mark, 0..1; NAN if n = 0 or max = 0 */
  double        sd;              /* sample (n-1) standard deviation of the mark; NAN if n < 2 */
  double        discrimination;  /* -100..100; NAN if n < 2 or either variance is 0 */
  guint         n_choices;
  const char  **choice_ids;
  guint        *choice_counts;
  double       *choice_shares;   /* count ÷ n; NAN if n = 0 */
  guint         right_choice;    /* index into choice_ids, G_MAXUINT if none */
  guint         n_not_answered;
  double        not_answered_share;
  guint         n_unknown;       /* chosen ids the question does not have (a changed quiz) */
  gboolean     *choice_right;    /* n_choices: the right one, or those of positive weight */
  /* Typed answers, the most common first (equal counts by text). */
  guint         n_responses;
  ImtehanStatsResponse *responses;
  /* Items (matching; ordering: each item but the last, right when followed by the next). */
  guint         n_items;
  const char  **item_ids;
  guint        *item_right_counts;
  double       *item_right_shares; /* count ÷ n; NAN if n = 0 */
} ImtehanQuestionStats;

/* Scores from lower to upper; every bin but the last excludes its upper bound. */
typedef struct
{
  double lower;
  double upper;
  guint  count;
} ImtehanStatsBin;

/* A quiz of up to 20 marks gets one bin per possible score. */
#define IMTEHAN_STATS_HISTOGRAM_MAX_BINS 21

#define IMTEHAN_TYPE_STATS (imtehan_stats_get_type ())

typedef struct _ImtehanStats ImtehanStats;

GType         imtehan_stats_get_type         (void) G_GNUC_CONST;
ImtehanStats *imtehan_stats_compute          (const ImtehanStatsInput *input);
ImtehanStats *imtehan_stats_ref              (ImtehanStats *self);
void          imtehan_stats_unref            (ImtehanStats *self);

guint         imtehan_stats_get_n_attempts   (const ImtehanStats *self);
guint         imtehan_stats_get_n_questions  (const ImtehanStats *self);
double        imtehan_stats_get_max_total    (const ImtehanStats *self);
double        imtehan_stats_get_mean         (const ImtehanStats *self);
double        imtehan_stats_get_median       (const ImtehanStats *self);
double        imtehan_stats_get_sd           (const ImtehanStats *self);
double        imtehan_stats_get_alpha        (const ImtehanStats *self);
const ImtehanStatsBin *
              imtehan_stats_get_histogram    (const ImtehanStats *self,
                                              guint              *n_bins);
const ImtehanQuestionStats *
              imtehan_stats_get_question     (const ImtehanStats *self,
                                              guint               question);
const guint  *imtehan_stats_get_worst_first  (const ImtehanStats *self,
                                              guint              *n_questions);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImtehanStats, imtehan_stats_unref)

G_END_DECLS
