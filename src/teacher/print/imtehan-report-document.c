/* imtehan-report-document.c: what the printed class report says
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A page per quiz: its title, where the files were read from, the summary, the learners in
 * the order of imtehan_report_sort_learners(), the questions worst first, and the files
 * listed apart; then the files not counted. Built before any measuring, in the language of
 * the moment.
 */

#define G_LOG_DOMAIN "imtehan-report-print"

#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "imtehan-i18n.h"
#include "imtehan-quiz.h"
#include "imtehan-report-format.h"
#include "imtehan-report-print-private.h"
#include "imtehan-text.h"

static const Column summary_columns[] = {
  { 0.30, FALSE, 1, PANGO_ELLIPSIZE_END },
  { 0.30, FALSE, 1, PANGO_ELLIPSIZE_END },
};

enum { L_NAME, L_ROLL, L_HOST, L_STARTED, L_TIME, L_SCORE, L_FINISHED, L_NOTES, N_L };
static const Column learner_columns[N_L] = {
  [L_NAME]     = { 0.20, FALSE, 2, PANGO_ELLIPSIZE_END },
  [L_ROLL]     = { 0.09, FALSE, 1, PANGO_ELLIPSIZE_END },
  [L_HOST]     = { 0.11, FALSE, 1, PANGO_ELLIPSIZE_END },
  [L_STARTED]  = { 0.19, FALSE, 1, PANGO_ELLIPSIZE_END },
  [L_TIME]     = { 0.15, TRUE,  1, PANGO_ELLIPSIZE_END },
  [L_SCORE]    = { 0.07, TRUE,  1, PANGO_ELLIPSIZE_END },
  [L_FINISHED] = { 0.11, TRUE,  1, PANGO_ELLIPSIZE_END },
  [L_NOTES]    = { 0.08, TRUE,  1, PANGO_ELLIPSIZE_END },
};

enum { Q_NUMBER, Q_TEXT, Q_FACILITY, Q_DISCRIMINATION, Q_CHOICES, N_Q };
static const Column question_columns[N_Q] = {
  [Q_NUMBER]         = { 0.06, TRUE,  1, PANGO_ELLIPSIZE_END },
  [Q_TEXT]           = { 0.41, FALSE, 2, PANGO_ELLIPSIZE_END },
  [Q_FACILITY]       = { 0.10, TRUE,  1, PANGO_ELLIPSIZE_END },
  [Q_DISCRIMINATION] = { 0.16, TRUE,  1, PANGO_ELLIPSIZE_END },
  [Q_CHOICES]        = { 0.27, FALSE, 3, PANGO_ELLIPSIZE_END },
};

enum { P_FILE, P_REASON, N_P };
static const Column problem_columns[N_P] = {
  /* A path keeps its end: the file's own name. */
  [P_FILE]   = { 0.35, FALSE, 1, PANGO_ELLIPSIZE_START },
  [P_REASON] = { 0.65, FALSE, 4, PANGO_ELLIPSIZE_END },
};
static void
item_clear (gpointer data)
{
  Item *item = data;

  g_clear_pointer (&item->cells, g_strfreev);
  g_clear_pointer (&item->stats, imtehan_stats_unref);
}

static void
table_free (gpointer data)
{
  Table *table = data;

  g_strfreev (table->header);
  g_free (table);
}

void
report_doc_free (ReportDoc *doc)
{
  g_clear_object (&doc->report);
  g_free (doc->lang);
  g_clear_pointer (&doc->items, g_array_unref);
  g_clear_pointer (&doc->tables, g_ptr_array_unref);
  g_clear_pointer (&doc->pages, g_array_unref);
  g_clear_pointer (&doc->cache, g_hash_table_unref);
  g_free (doc);
}


/* The window's language once GTK runs (the window sets it). Before gtk_init(), as with
 * `imtehan --report --pdf`, imtehan_i18n_get_language() only answers its default, "en", so
 * the language is the one gettext translates the page's strings into: LANGUAGE, then the
 * locale (imtehan_i18n_set_language() sets LANGUAGE too, so both ways agree). */
static char *
report_language (void)
{
  if (gtk_is_initialized ())
    return g_strdup (imtehan_i18n_get_language ());
  return imtehan_i18n_system_language ();
}

ReportDoc *
report_doc_new (ImtehanReport        *report,
                ImtehanReportInclude  include)
{
  ReportDoc *doc = g_new0 (ReportDoc, 1);

  doc->report = g_object_ref (report);
  doc->include = include;
  doc->lang = report_language ();
  doc->rtl = imtehan_language_is_rtl (doc->lang);
  doc->items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (doc->items, item_clear);
  doc->tables = g_ptr_array_new_with_free_func (table_free);
  doc->pages = g_array_new (FALSE, FALSE, sizeof (guint));
  return doc;
}

/* Building: what the pages say, before any measuring. */

static Item *
add_item (ReportDoc *doc,
          ItemKind   kind,
          Style      style,
          ItemFlags  flags)
{
  Item item = { .kind = kind, .style = style, .flags = flags };

  g_array_append_val (doc->items, item);
  return &g_array_index (doc->items, Item, doc->items->len - 1);
}

static void
add_text (ReportDoc  *doc,
          Style       style,
          ItemFlags   flags,
          const char *text)
{
  Item *item = add_item (doc, ITEM_TEXT, style, flags);

  item->cells = g_new0 (char *, 2);
  item->cells[0] = g_strdup (text);
}

static void
add_gap (ReportDoc *doc,
         double     space)
{
  add_item (doc, ITEM_GAP, STYLE_BODY, 0)->space = space;
}

static Table *
add_table (ReportDoc          *doc,
           const Column       *columns,
           guint               n_columns,
           gboolean            ruled,
           const char * const *header)
{
  Table *table = g_new0 (Table, 1);

  table->columns = columns;
  table->n_columns = n_columns;
  table->ruled = ruled;
  g_ptr_array_add (doc->tables, table);
  if (header != NULL)
    {
      Item *item;

      table->header = g_strdupv ((char **)header);
      item = add_item (doc, ITEM_ROW, STYLE_HEADER, ITEM_HEADER | ITEM_KEEP_WITH_NEXT);
      item->table = table;
      item->cells = g_strdupv ((char **)header);
    }
  return table;
}

/* Takes @cells, one per column. */
static void
add_row (ReportDoc *doc,
         Table     *table,
         GStrv      cells)
{
  Item *item = add_item (doc, ITEM_ROW, STYLE_CELL, 0);

  g_assert (g_strv_length (cells) == table->n_columns);
  item->table = table;
  item->cells = cells;
}

/* Copies its strings, one per column, up to a NULL. */
static void
add_cells (ReportDoc  *doc,
           Table      *table,
           const char *first,
           ...)
{
  GPtrArray *cells = g_ptr_array_new ();
  va_list args;

  va_start (args, first);
  for (const char *cell = first; cell != NULL; cell = va_arg (args, const char *))
    g_ptr_array_add (cells, g_strdup (cell));
  va_end (args);
  g_ptr_array_add (cells, NULL);
  add_row (doc, table, (GStrv)g_ptr_array_free (cells, FALSE));
}

/* Text of a user's or the system's (a name, a path) inside a translated sentence: isolated,
 * so that its own direction cannot reorder the sentence around it. */
static char *
isolate (const char *text)
{
  return g_strconcat (FSI, text, PDI, NULL);
}

static const char *
or_dash (const char *text)
{
  return text != NULL && *text != '\0' ? text : DASH;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *)a, *(const char * const *)b);
}

/* The folders a quiz's files were read from, the first few by name. */
static char *
describe_folders (ImtehanReportQuiz *rquiz)
{
  GListModel *attempts = imtehan_report_quiz_get_attempts (rquiz);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) folders = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) shown = g_string_new (NULL);
  guint n = g_list_model_get_n_items (attempts);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (attempts, i);
      GFile *file = imtehan_report_attempt_get_file (attempt);
      g_autoptr(GFile) parent = file ? g_file_get_parent (file) : NULL;
      char *name;

      if (parent == NULL)
        continue;
      name = g_file_get_parse_name (parent);
      if (g_hash_table_add (seen, name))
        g_ptr_array_add (folders, g_strdup (name));
    }
  if (folders->len == 0)
    return NULL;
  g_ptr_array_sort (folders, compare_strings);
  for (guint i = 0; i < folders->len && i < FOLDERS_SHOWN; i++)
    {
      g_autofree char *isolated = isolate (g_ptr_array_index (folders, i));

      if (i > 0)
        /* TRANSLATORS: between the folders of a list, "folder1, folder2" */
        g_string_append (shown, _(", "));
      g_string_append (shown, isolated);
    }
  if (folders->len > FOLDERS_SHOWN)
    {
      guint more = folders->len - FOLDERS_SHOWN;

      /* TRANSLATORS: %1$s is a list of folders, %2$u how many more were read */
      return g_strdup_printf (ngettext ("Read from %1$s and %2$u more folder",
                                        "Read from %1$s and %2$u more folders", more),
                              shown->str, more);
    }
  /* TRANSLATORS: %s is a list of folders */
  return g_strdup_printf (_("Read from %s"), shown->str);
}


/* Paths inside a reason ("… is also in /media/usb/…") keep their own order in Urdu. */
static char *
isolate_paths (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      const char *end = p;
      const char *last;

      while (*end != '\0' && *end != ' ')
        end++;
      if (memchr (p, '/', end - p) != NULL)
        {
          /* Closing punctuation stays outside: "/a/b.ini,", "“/a/b”" */
          for (last = end; last > p;)
            {
              if (strchr (",.:;)", last[-1]) != NULL)
                last--;
              else if (last - p >= 3 && memcmp (last - 3, "”", 3) == 0)
                last -= 3;
              else
                break;
            }
          g_string_append (out, "\u2066");
          g_string_append_len (out, p, last - p);
          g_string_append (out, PDI);
          g_string_append_len (out, last, end - last);
        }
      else
        g_string_append_len (out, p, end - p);
      for (p = end; *p == ' '; p++)
        g_string_append_c (out, ' ');
    }
  return g_string_free (out, FALSE);
}

static void
add_problem_rows (ReportDoc *doc,
                  GPtrArray *problems)
{
  const char *header[N_P + 1] = { [P_FILE] = _("File"), [P_REASON] = _("Reason") };
  Table *table = add_table (doc, problem_columns, N_P, TRUE, header);

  for (guint i = 0; i < problems->len; i++)
    {
      ImtehanReportProblem *problem = g_ptr_array_index (problems, i);
      GFile *file = imtehan_report_problem_get_file (problem);
      const char *message = or_dash (imtehan_report_problem_get_message (problem));
      g_autofree char *path = NULL;
      g_autofree char *shown = NULL;
      g_autofree char *prefix = NULL;
      g_autofree char *reason = NULL;

      if (file != NULL)
        {
          /* The core's messages begin with the file's name (imtehan-report-files.c), which has a
           * column of its own here. */
          path = g_file_get_parse_name (file);
          if (imtehan_report_problem_get_line (problem) > 0)
            {
              char *with_line = g_strdup_printf ("%s:%u", path,
                                                 imtehan_report_problem_get_line (problem));
              g_free (path);
              path = with_line;
            }
          prefix = g_strconcat (path, ": ", NULL);
          if (g_str_has_prefix (message, prefix))
            message += strlen (prefix);
          shown = g_strconcat ("\u2066", path, PDI, NULL);
        }
      reason = isolate_paths (message);
      add_cells (doc, table, shown ? shown : DASH, reason, NULL);
    }
}

static void
build_summary (ReportDoc    *doc,
               guint         n_listed,
               ImtehanStats *stats)
{
  Table *table;
  g_autofree char *listed = g_strdup_printf ("%u", n_listed);
  double max_total;
  g_autofree char *finished = NULL;
  g_autofree char *mean_of = NULL;
  g_autofree char *median_of = NULL;
  g_autofree char *sd = NULL;
  g_autofree char *alpha = NULL;

  add_text (doc, STYLE_HEADING, ITEM_KEEP_WITH_NEXT, _("Summary"));
  table = add_table (doc, summary_columns, G_N_ELEMENTS (summary_columns), FALSE, NULL);
  add_cells (doc, table, _("Attempts"), listed, NULL);
  if (stats == NULL)
    {
      add_text (doc, STYLE_BODY, 0, _("No finished attempt yet, so no statistics."));
      return;
    }

  max_total = imtehan_stats_get_max_total (stats);
  finished = g_strdup_printf ("%u", imtehan_stats_get_n_attempts (stats));
  mean_of = imtehan_report_format_marks (imtehan_stats_get_mean (stats), max_total);
  median_of = imtehan_report_format_marks (imtehan_stats_get_median (stats), max_total);
  sd = imtehan_report_format_number (imtehan_stats_get_sd (stats), 2);
  alpha = imtehan_report_format_number (imtehan_stats_get_alpha (stats), 2);

  add_cells (doc, table, _("Finished attempts"), finished, NULL);
  add_cells (doc, table, _("Mean"), mean_of, NULL);
  add_cells (doc, table, _("Median"), median_of, NULL);
  add_cells (doc, table, _("Standard deviation"), sd, NULL);
  /* TRANSLATORS: a measure of how consistently a test measures, from 0 to 1 */
  add_cells (doc, table, _("Cronbach’s alpha"), alpha, NULL);
  add_gap (doc, GAP);
  add_text (doc, STYLE_BODY, ITEM_KEEP_WITH_NEXT, _("Scores of the finished attempts"));
  add_item (doc, ITEM_HISTOGRAM, STYLE_CELL, 0)->stats = imtehan_stats_ref (stats);
}

static void
build_learners (ReportDoc *doc,
                GPtrArray *listed)
{
  const char *header[N_L + 1] = {
    [L_NAME] = _("Learner"),
    [L_ROLL] = _("Roll number"),
    /* TRANSLATORS: the lab computer an attempt was taken on */
    [L_HOST] = _("PC"),
    [L_STARTED] = _("Started"),
    [L_TIME] = _("Time Taken"),
    [L_SCORE] = _("Score"),
    [L_FINISHED] = _("Finished"),
    [L_NOTES] = _("Notes"),
  };
  gboolean mismatch = FALSE;
  gboolean copies = FALSE;
  Table *table;

  add_gap (doc, GAP);
  add_text (doc, STYLE_HEADING, ITEM_KEEP_WITH_NEXT, _("Learners"));
  if (listed->len == 0)
    {
      add_text (doc, STYLE_BODY, 0, _("No attempt to list."));
      return;
    }
  table = add_table (doc, learner_columns, N_L, TRUE, header);
  for (guint i = 0; i < listed->len; i++)
    {
      ImtehanReportAttempt *attempt = g_ptr_array_index (listed, i);
      g_autofree char *started = imtehan_i18n_format_date (
        imtehan_report_attempt_get_started (attempt));
      g_autofree char *time = imtehan_report_format_duration (
        imtehan_report_attempt_get_duration (attempt));
      g_autofree char *marks = imtehan_report_format_points (imtehan_report_attempt_get_score (attempt));
      g_autofree char *score = g_strdup_printf ("%s/%u", marks,
                                                imtehan_report_attempt_get_total (attempt));
      g_autofree char *notes = imtehan_report_format_notes (attempt, &mismatch, &copies);

      add_cells (doc, table, imtehan_report_format_learner (attempt),
                 or_dash (imtehan_report_attempt_get_roll_number (attempt)),
                 or_dash (imtehan_report_attempt_get_host (attempt)),
                 or_dash (started), or_dash (time), score,
                 imtehan_report_format_finished (attempt), notes, NULL);
    }
  if (mismatch || copies)
    add_gap (doc, NOTE_GAP);
  if (mismatch)
    add_text (doc, STYLE_BODY, 0,
              _("≠: the score saved in the file is not the score recomputed from its answers "
                "and the quiz’s key; the recomputed score is shown."));
  if (copies)
    add_text (doc, STYLE_BODY, 0,
              _("×2, ×3…: the same attempt was found in several files (copies of a folder); "
                "it is counted once."));
}

/* The typed answers given most often that fit a table's cell. */
#define PRINTED_RESPONSES 3

static char *
choices_text (ReportDoc                  *doc,
              const ImtehanQuestionStats *question)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < question->n_choices; i++)
    {
      g_autofree char *letter = imtehan_i18n_choice_letter (i, doc->lang);

      /* The count in brackets keeps to its letter in both directions: Nastaliq's spaces
       * are narrow, and "ج 7 · د 0" read as "7 · د". */
      g_string_append_printf (text, "%s%s%s (%u)", i > 0 ? " · " : "", letter,
                              question->choice_right[i] ? "✓" : "",
                              question->choice_counts[i]);
    }
  /* Typed answers, isolated: an English answer on an Urdu line keeps its own order. */
  for (guint r = 0; r < MIN (question->n_responses, PRINTED_RESPONSES); r++)
    g_string_append_printf (text, "%s“\u2068%s\u2069”%s (%u)", r > 0 ? " · " : "",
                            question->responses[r].key,
                            question->responses[r].mark >= 1 ? "✓" : "",
                            question->responses[r].count);
  if (question->n_responses > PRINTED_RESPONSES)
    g_string_append (text, " · …");
  /* Items by their number in the quiz: how many got each right. */
  for (guint k = 0; k < question->n_items; k++)
    g_string_append_printf (text, "%s%u (%u)", k > 0 ? " · " : "", k + 1,
                            question->item_right_counts[k]);
  if (question->n_not_answered > 0)
    /* TRANSLATORS: how many left a question unanswered, after the count of each choice */
    g_string_append_printf (text, "%s%s (%u)", text->len > 0 ? " · " : "", _("blank"),
                            question->n_not_answered);
  return g_string_free (text, FALSE);
}

static void
build_questions (ReportDoc    *doc,
                 ImtehanQuiz  *quiz,
                 ImtehanStats *stats)
{
  const char *header[N_Q + 1] = {
    /* TRANSLATORS: the column of question numbers, narrow */
    [Q_NUMBER] = _("No."),
    [Q_TEXT] = _("Question"),
    [Q_FACILITY] = _("Facility"),
    [Q_DISCRIMINATION] = _("Discrimination"),
    [Q_CHOICES] = _("Choices chosen"),
  };
  const guint *order;
  guint n;
  Table *table;

  add_gap (doc, GAP);
  add_text (doc, STYLE_HEADING, ITEM_KEEP_WITH_NEXT, _("Questions, worst first"));
  table = add_table (doc, question_columns, N_Q, TRUE, header);
  order = imtehan_stats_get_worst_first (stats, &n);
  for (guint i = 0; i < n; i++)
    {
      const ImtehanQuestionStats *figures = imtehan_stats_get_question (stats, order[i]);
      ImtehanQuestion *question = imtehan_quiz_find_question (quiz, figures->id);
      g_autofree char *number = NULL;
      g_autofree char *facility = NULL;
      g_autofree char *discrimination = imtehan_report_format_number (figures->discrimination, 1);
      g_autofree char *choices = choices_text (doc, figures);

      number = question ? g_strdup_printf ("%u", imtehan_question_get_index (question) + 1)
                        : g_strdup (DASH);
      facility = imtehan_report_format_percent (figures->facility);
      add_cells (doc, table, number,
                 question ? or_dash (imtehan_question_get_text (question, doc->lang))
                          : or_dash (figures->id),
                 facility, discrimination, choices, NULL);
    }
  add_gap (doc, NOTE_GAP);
  add_text (doc, STYLE_BODY, 0,
            _("Facility: the share of the marks the class won on the question. Discrimination: "
              "how well the question separates the stronger learners from the weaker, from "
              "−100 to 100; a dash when it cannot be computed. ✓ marks the right choice."));
  if (imtehan_quiz_has_kinds (quiz))
    add_text (doc, STYLE_BODY, 0,
              _("Several right choices: each choice counts the attempts that picked it. Typed "
                "answers: the most common ones, ✓ for full marks. Matching and ordering: how "
                "many got each item right, by its number in the quiz (for ordering, the item "
                "right before the one that follows it)."));
}

static gboolean
problem_belongs_to (ImtehanReportProblem *problem,
                    const char           *quiz_id)
{
  ImtehanReportAttempt *attempt = imtehan_report_problem_get_attempt (problem);

  return attempt != NULL &&
         g_strcmp0 (imtehan_report_attempt_get_quiz_id (attempt), quiz_id) == 0;
}

static void
build_quiz (ReportDoc         *doc,
            ImtehanReportQuiz *rquiz,
            const char        *printed,
            GHashTable        *problems_shown)
{
  ImtehanQuiz *quiz = imtehan_report_quiz_get_quiz (rquiz);
  GListModel *attempts = imtehan_report_quiz_get_attempts (rquiz);
  GListModel *problems = imtehan_report_get_problems (doc->report);
  g_autoptr(GPtrArray) listed = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) apart = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(ImtehanStats) stats = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *folders = describe_folders (rquiz);
  const char *plain = imtehan_quiz_get_title (quiz, doc->lang);
  /* With several versions of the quiz in the report, each group says which it is. */
  g_autofree char *title = plain && *plain ? imtehan_report_quiz_dup_title (rquiz, doc->lang)
                                           : g_strdup (imtehan_quiz_get_id (quiz));

  add_text (doc, STYLE_TITLE, ITEM_NEW_PAGE | ITEM_KEEP_WITH_NEXT, title);
  /* TRANSLATORS: under the quiz's title; %s is the date and time of printing */
  subtitle = g_strdup_printf (_("Class report, printed %s"), printed);
  add_text (doc, STYLE_BODY, 0, subtitle);
  if (folders != NULL)
    add_text (doc, STYLE_BODY, 0, folders);
  if (doc->include & IMTEHAN_REPORT_INCLUDE_PRACTICE)
    add_text (doc, STYLE_BODY, 0, _("Practice attempts are included."));

  for (guint i = 0; i < g_list_model_get_n_items (attempts); i++)
    {
      ImtehanReportAttempt *attempt = g_list_model_get_item (attempts, i);

      if (imtehan_report_attempt_is_listed (attempt, doc->include))
        g_ptr_array_add (listed, attempt);
      else
        g_object_unref (attempt);
    }
  imtehan_report_sort_learners (listed);
  stats = imtehan_report_quiz_compute_stats (rquiz, doc->include);
  /* No finished attempt: no figures to print, not a page of dashes. */
  if (stats != NULL && imtehan_stats_get_n_attempts (stats) == 0)
    g_clear_pointer (&stats, imtehan_stats_unref);

  add_gap (doc, GAP);
  build_summary (doc, listed->len, stats);
  build_learners (doc, listed);
  if (stats != NULL)
    build_questions (doc, quiz, stats);

  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      ImtehanReportProblem *problem = g_list_model_get_item (problems, i);

      if (problem_belongs_to (problem, imtehan_quiz_get_id (quiz)))
        {
          g_hash_table_add (problems_shown, problem);
          g_ptr_array_add (apart, problem);
        }
      else
        g_object_unref (problem);
    }
  if (apart->len > 0)
    {
      add_gap (doc, GAP);
      add_text (doc, STYLE_HEADING, ITEM_KEEP_WITH_NEXT, _("Attempts listed apart"));
      add_problem_rows (doc, apart);
    }
}

void
report_doc_build (ReportDoc *doc)
{
  GListModel *quizzes = imtehan_report_get_quizzes (doc->report);
  GListModel *problems = imtehan_report_get_problems (doc->report);
  g_autoptr(GHashTable) shown = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) others = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *printed = imtehan_i18n_format_date (now);

  g_array_set_size (doc->items, 0);
  g_ptr_array_set_size (doc->tables, 0);

  for (guint i = 0; i < g_list_model_get_n_items (quizzes); i++)
    {
      g_autoptr(ImtehanReportQuiz) rquiz = g_list_model_get_item (quizzes, i);

      build_quiz (doc, rquiz, printed, shown);
    }

  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      ImtehanReportProblem *problem = g_list_model_get_item (problems, i);

      if (!g_hash_table_contains (shown, problem))
        g_ptr_array_add (others, problem);
      else
        g_object_unref (problem);
    }
  if (doc->items->len == 0)
    {
      g_autofree char *subtitle = g_strdup_printf (_("Class report, printed %s"), printed);

      add_text (doc, STYLE_TITLE, ITEM_KEEP_WITH_NEXT, _("Class report"));
      add_text (doc, STYLE_BODY, 0, subtitle);
      add_gap (doc, GAP);
      add_text (doc, STYLE_BODY, 0, _("No attempt of a known quiz was found."));
    }
  if (others->len > 0)
    {
      add_gap (doc, GAP);
      add_text (doc, STYLE_HEADING, ITEM_KEEP_WITH_NEXT, _("Files that were not counted"));
      add_problem_rows (doc, others);
    }
}

