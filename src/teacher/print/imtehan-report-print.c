/* imtehan-report-print.c: the class report on paper and in PDF
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One layout of the report, made of items stacked down the page (a title, a line of text, a
 * table row, a histogram), is measured and paginated once for a page size, then drawn page by
 * page by draw_page(): the print operation's draw-page and the PDF writer both call it, with a
 * Pango context made the same way (GtkPrintContext's recipe: the cairo font map, no metric
 * hinting, a resolution that makes points the unit), so paper and PDF break pages alike.
 *
 * The PDF is not written through GTK_PRINT_OPERATION_ACTION_EXPORT, although that runs
 * without gtk_init() and without a display (checked on GTK 4.8.3): cairo writes straight into
 * the target file, so an export that fails halfway (a full disk) leaves half a PDF where the
 * old one was, and its error ("error while writing to output stream") names nothing. Here the
 * PDF is made in memory, then written whole or not at all.
 */

#define G_LOG_DOMAIN "imtehan-report-print"

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "imtehan-i18n.h"
#include "imtehan-quiz.h"
#include "imtehan-report-format.h"
#include "imtehan-report-histogram.h"
#include "imtehan-report-print.h"
#include "imtehan-text.h"

/* ISO A4 in points, and the margins the print dialog starts with and the PDF keeps. */
#define A4_WIDTH   (210.0 * 72.0 / 25.4)
#define A4_HEIGHT  (297.0 * 72.0 / 25.4)
#define MARGIN_MM  15.0
#define MARGIN     (MARGIN_MM * 72.0 / 25.4)

#define CELL_PAD_X     3.0
#define CELL_PAD_Y     3.0
#define GAP            12.0  /* between blocks */
#define HEADING_SPACE  3.0   /* under a heading */
#define NOTE_GAP       4.0   /* above the notes under a table */
#define FOOTER_GAP     12.0
#define BAR_AREA       64.0  /* the histogram's bars, without their labels */
#define BAR_MAX_WIDTH  34.0
#define FOLDERS_SHOWN  3
#define PAGINATE_STEP  200   /* items measured between two of the main loop's events */

#define DASH IMTEHAN_REPORT_DASH
#define FSI  "\u2068"
#define PDI  "\u2069"

/* Noto Nastaliq Urdu, as the window's "urdu" style class (data/style.css), then Naskh: never
 * the silent Kufi fallback (DESIGN.md). It has digits but no Latin letters, which come from
 * the families after it. */
#define URDU_FAMILIES  "Noto Nastaliq Urdu, Noto Naskh Arabic"
#define LATIN_FAMILIES "Noto Sans, DejaVu Sans, Sans"

typedef enum
{
  STYLE_TITLE,
  STYLE_HEADING,
  STYLE_BODY,
  STYLE_HEADER,
  STYLE_CELL,
  STYLE_FOOTER,
  N_STYLES,
} Style;

/* Sizes in points. Nastaliq's letters are small for their size (data/style.css), so Urdu is
 * set a point larger. */
static const struct
{
  double   latin_size;
  double   urdu_size;
  gboolean bold;
} styles[N_STYLES] = {
  [STYLE_TITLE]   = { 16.0, 17.0, TRUE },
  [STYLE_HEADING] = { 12.0, 13.0, TRUE },
  [STYLE_BODY]    = {  9.0, 10.0, FALSE },
  [STYLE_HEADER]  = {  8.5,  9.5, TRUE },
  [STYLE_CELL]    = {  8.5,  9.5, FALSE },
  [STYLE_FOOTER]  = {  8.0,  9.0, FALSE },
};

typedef struct
{
  double             share;      /* of the content width */
  gboolean           center;     /* numbers; text starts at the reading side */
  int                max_lines;  /* then the text is shortened */
  PangoEllipsizeMode ellipsize;
} Column;

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

typedef struct
{
  const Column *columns;
  guint         n_columns;
  gboolean      ruled;
  GStrv         header;   /* repeated at the top of every page the table goes on to */
  double        header_height;
  double        header_baseline;
} Table;

typedef enum
{
  ITEM_TEXT,
  ITEM_ROW,
  ITEM_HISTOGRAM,
  ITEM_GAP,
} ItemKind;

typedef enum
{
  ITEM_NEW_PAGE       = 1 << 0, /* a quiz begins on a page of its own */
  ITEM_KEEP_WITH_NEXT = 1 << 1, /* a heading is never the last line of a page */
  ITEM_HEADER         = 1 << 2, /* a table's header row */
} ItemFlags;

typedef struct
{
  ItemKind      kind;
  ItemFlags     flags;
  Style         style;
  Table        *table;    /* rows */
  GStrv         cells;    /* a row's cells, a text item's one text */
  ImtehanStats *stats;    /* the histogram's */
  double        space;    /* a gap's */
  /* From the pagination: */
  double        height;
  double        baseline; /* of a row's first line */
  double        y;
  guint         page;
} Item;

typedef struct
{
  ImtehanReport        *report;
  ImtehanReportInclude  include;
  char                 *lang;
  gboolean              rtl;
  GArray               *items;   /* Item */
  GPtrArray            *tables;  /* Table */
  GArray               *pages;   /* guint: the first item of each page */
  double                width;   /* of the printable area, in points */
  double                height;
  double                footer_height;
  double                floor_above[N_STYLES];
  double                floor_below[N_STYLES];
  GHashTable           *cache;   /* while paginating: see measure_cell() */
  guint                 n_measured;
} ReportDoc;

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

static void
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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ReportDoc, report_doc_free)

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

static ReportDoc *
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
          /* The core's messages begin with the file's name (imtehan-report.c), which has a
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
      g_autofree char *score = g_strdup_printf ("%u/%u",
                                                imtehan_report_attempt_get_score (attempt),
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
                              i == question->right_choice ? "✓" : "",
                              question->choice_counts[i]);
    }
  if (question->n_not_answered > 0)
    /* TRANSLATORS: how many left a question unanswered, after the count of each choice */
    g_string_append_printf (text, " · %s (%u)", _("blank"), question->n_not_answered);
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

static void
build_doc (ReportDoc *doc)
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

/* Measuring and drawing. */

static PangoFontDescription *
style_font (ReportDoc *doc,
            Style      style)
{
  PangoFontDescription *desc;

  desc = pango_font_description_from_string (doc->rtl ? URDU_FAMILIES ", " LATIN_FAMILIES
                                                      : LATIN_FAMILIES);
  pango_font_description_set_size (desc, (doc->rtl ? styles[style].urdu_size
                                                   : styles[style].latin_size) * PANGO_SCALE);
  if (styles[style].bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  return desc;
}

/* Urdu in an English page (a learner's name, a quiz's Urdu title) is set in Nastaliq too:
 * left to fallback, Pango picks Noto Kufi or splits the words between fonts (DESIGN.md). */
static void
mark_urdu_runs (PangoAttrList *attrs,
                const char    *text)
{
  const char *p = text;
  const char *start = NULL;
  const char *end = NULL;

  while (TRUE)
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeScript script = c ? g_unichar_get_script (c) : G_UNICODE_SCRIPT_INVALID_CODE;

      if (script == G_UNICODE_SCRIPT_ARABIC)
        {
          if (start == NULL)
            start = p;
          end = g_utf8_next_char (p);
        }
      else if (start != NULL && (c == 0 || (script != G_UNICODE_SCRIPT_COMMON &&
                                            script != G_UNICODE_SCRIPT_INHERITED)))
        {
          PangoAttribute *family = pango_attr_family_new (URDU_FAMILIES);
          PangoAttribute *language = pango_attr_language_new (pango_language_from_string ("ur"));

          family->start_index = language->start_index = start - text;
          family->end_index = language->end_index = end - text;
          pango_attr_list_insert (attrs, family);
          pango_attr_list_insert (attrs, language);
          start = NULL;
        }
      if (c == 0)
        break;
      p = g_utf8_next_char (p);
    }
}

/* Every paragraph takes the page's direction (auto-dir off), so text starts at the right in
 * Urdu whatever its first letter; Urdu text also starts with RLM and isolates its Latin terms
 * (imtehan_text_prepare()), as in the window. */
static PangoLayout *
make_layout (ReportDoc          *doc,
             PangoContext       *context,
             const char         *text,
             Style               style,
             double              width,
             int                 max_lines,
             PangoEllipsizeMode  ellipsize,
             gboolean            center)
{
  PangoLayout *layout = pango_layout_new (context);
  g_autoptr(PangoFontDescription) desc = style_font (doc, style);
  /* Names and reasons come from files other PCs wrote: Pango takes UTF-8 only. */
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  g_autofree char *prepared = imtehan_text_prepare (valid, doc->lang);
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_layout_set_auto_dir (layout, FALSE);
  pango_layout_set_font_description (layout, desc);
  if (width > 0)
    {
      pango_layout_set_width (layout, pango_units_from_double (width));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  if (width > 0 && max_lines > 0)
    {
      pango_layout_set_height (layout, -max_lines);
      pango_layout_set_ellipsize (layout, ellipsize);
    }
  pango_layout_set_alignment (layout, center ? PANGO_ALIGN_CENTER
                                      : doc->rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
  pango_layout_set_text (layout, prepared, -1);
  if (doc->rtl)
    pango_attr_list_insert (attrs, pango_attr_language_new (pango_language_from_string ("ur")));
  else
    mark_urdu_runs (attrs, prepared);
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

/* How far the text's ink reaches above and below its first baseline, in points. Ink, not the
 * font's lines: Noto Nastaliq Urdu's own line is about 2.5 em (DESIGN.md), mostly empty, and
 * its ink still goes beyond it at times (ک on a cascade, a final م; data/style.css). Rows are
 * as tall as their tallest ink, and no less than a line of the language's tallest letters
 * (measure_line()), so no rule crosses a letter and no space is wasted. */
static void
measure_layout (PangoLayout *layout,
                double      *above,
                double      *below)
{
  PangoRectangle ink, logical;
  int baseline = pango_layout_get_baseline (layout);

  pango_layout_get_extents (layout, &ink, &logical);
  if (ink.width <= 0 || ink.height <= 0)
    ink = logical;
  *above = (double)(baseline - ink.y) / PANGO_SCALE;
  *below = (double)(ink.y + ink.height - baseline) / PANGO_SCALE;
}

static double
column_width (ReportDoc    *doc,
              const Column *column)
{
  return column->share * doc->width;
}

/* A header's words wrap, however narrow its column of numbers. */
static PangoLayout *
make_cell (ReportDoc    *doc,
           PangoContext *context,
           const Column *column,
           const char   *text,
           Style         style)
{
  return make_layout (doc, context, text, style, column_width (doc, column) - 2 * CELL_PAD_X,
                      style == STYLE_HEADER ? MAX (column->max_lines, 3) : column->max_lines,
                      column->ellipsize, column->center);
}

/* The line every row and paragraph has at least: a line of the Latin font at the style's
 * size, so that rows of digits and Latin names are as tall in both languages. Urdu rows grow
 * from there to their own ink: Nastaliq's line, about 2.5 em, would double-space the page
 * (DESIGN.md), and its ink varies more than any floor could say (measured at 9.5 pt: زینب
 * reaches 13 pt above the baseline, the cascade of کبھی 22.5 pt). */
static void
measure_floors (ReportDoc    *doc,
                PangoContext *context)
{
  for (Style style = 0; style < N_STYLES; style++)
    {
      g_autoptr(PangoLayout) layout = pango_layout_new (context);
      g_autoptr(PangoFontDescription) desc = style_font (doc, style);
      PangoRectangle ink, logical;
      double baseline;

      pango_font_description_set_family (desc, LATIN_FAMILIES);
      pango_layout_set_font_description (layout, desc);
      pango_layout_set_text (layout, "Ágjy", -1);
      pango_layout_get_extents (layout, &ink, &logical);
      baseline = (double)pango_layout_get_baseline (layout) / PANGO_SCALE;
      doc->floor_above[style] = baseline - (double)MIN (ink.y, logical.y) / PANGO_SCALE;
      doc->floor_below[style] = (double)MAX (ink.y + ink.height,
                                             logical.y + logical.height) / PANGO_SCALE - baseline;
    }
}

/* Rows repeat their cells ("Yes", a score, the minute a lab started): each different cell is
 * shaped once while paginating, which matters for Nastaliq, about 20 times slower to shape
 * than Naskh (DESIGN.md). */
static void
measure_cell (ReportDoc    *doc,
              PangoContext *context,
              GHashTable   *cache,
              const Column *column,
              const char   *text,
              Style         style,
              double       *above,
              double       *below)
{
  g_autofree char *key = g_strdup_printf ("%p %d %s", (gpointer)column, style, text);
  double *extents = g_hash_table_lookup (cache, key);

  if (extents == NULL)
    {
      g_autoptr(PangoLayout) layout = make_cell (doc, context, column, text, style);

      extents = g_new (double, 2);
      measure_layout (layout, &extents[0], &extents[1]);
      g_hash_table_insert (cache, g_steal_pointer (&key), extents);
    }
  *above = extents[0];
  *below = extents[1];
}

static void
measure_row (ReportDoc    *doc,
             PangoContext *context,
             GHashTable   *cache,
             Item         *item)
{
  double above = doc->floor_above[item->style];
  double below = doc->floor_below[item->style];

  for (guint c = 0; c < item->table->n_columns; c++)
    {
      double cell_above, cell_below;

      measure_cell (doc, context, cache, &item->table->columns[c], item->cells[c], item->style,
                    &cell_above, &cell_below);
      above = MAX (above, cell_above);
      below = MAX (below, cell_below);
    }
  item->baseline = CELL_PAD_Y + above;
  item->height = above + below + 2 * CELL_PAD_Y;
}

static double
histogram_label_height (ReportDoc    *doc,
                        PangoContext *context)
{
  g_autoptr(PangoLayout) layout = make_layout (doc, context, "0123456789", STYLE_CELL, -1, 0,
                                               PANGO_ELLIPSIZE_NONE, TRUE);
  double above, below;

  measure_layout (layout, &above, &below);
  return above + below + 2 * CELL_PAD_Y;
}

static void
measure_item (ReportDoc    *doc,
              PangoContext *context,
              GHashTable   *cache,
              Item         *item)
{
  switch (item->kind)
    {
    case ITEM_TEXT:
      {
        g_autoptr(PangoLayout) layout = make_layout (doc, context, item->cells[0], item->style,
                                                     doc->width, 0, PANGO_ELLIPSIZE_NONE,
                                                     FALSE);
        double above, below;

        measure_layout (layout, &above, &below);
        above = MAX (above, doc->floor_above[item->style]);
        below = MAX (below, doc->floor_below[item->style]);
        item->baseline = CELL_PAD_Y + above;
        item->height = above + below + 2 * CELL_PAD_Y;
        if (item->style == STYLE_HEADING || item->style == STYLE_TITLE)
          item->height += HEADING_SPACE;
      }
      break;
    case ITEM_ROW:
      measure_row (doc, context, cache, item);
      if (item->flags & ITEM_HEADER)
        {
          item->table->header_height = item->height;
          item->table->header_baseline = item->baseline;
        }
      break;
    case ITEM_HISTOGRAM:
      item->height = 2 * histogram_label_height (doc, context) + BAR_AREA;
      break;
    case ITEM_GAP:
      item->height = item->space;
      break;
    default:
      g_assert_not_reached ();
    }
}

static char *
page_number_text (guint page,
                  guint n_pages)
{
  /* TRANSLATORS: at the foot of every printed page */
  return g_strdup_printf (_("Page %1$u of %2$u"), page + 1, n_pages);
}

static void
prepare_context (ReportDoc    *doc,
                 PangoContext *context)
{
  pango_context_set_base_dir (context, doc->rtl ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR);
  pango_context_set_language (context, pango_language_from_string (doc->lang));
}

static gboolean
continues_table (const Item *item)
{
  return item->kind == ITEM_ROW && !(item->flags & ITEM_HEADER) && item->table->header != NULL;
}

/* Pagination in three steps, so that the print operation measures a few rows at a time
 * between the main loop's events ("paginate"): a class of 10,000 attempts takes seconds. */
static void
paginate_begin (ReportDoc    *doc,
                PangoContext *context,
                double        width,
                double        height)
{
  g_autofree char *sample = page_number_text (99, 99);
  g_autoptr(PangoLayout) footer = NULL;
  double above, below;

  doc->width = width;
  doc->height = height;
  prepare_context (doc, context);
  footer = make_layout (doc, context, sample, STYLE_FOOTER, width, 1, PANGO_ELLIPSIZE_END, TRUE);
  measure_layout (footer, &above, &below);
  doc->footer_height = above + below + FOOTER_GAP;
  measure_floors (doc, context);
  g_clear_pointer (&doc->cache, g_hash_table_unref);
  doc->cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  doc->n_measured = 0;
}

/* Returns whether every item is measured. */
static gboolean
paginate_measure (ReportDoc    *doc,
                  PangoContext *context,
                  guint         max_items)
{
  guint end = doc->n_measured + MIN (max_items, doc->items->len - doc->n_measured);

  prepare_context (doc, context);
  for (; doc->n_measured < end; doc->n_measured++)
    measure_item (doc, context, doc->cache,
                  &g_array_index (doc->items, Item, doc->n_measured));
  return doc->n_measured == doc->items->len;
}

/* Places every item on a page: a quiz starts a page, a heading stays with what follows it,
 * and a table going on to the next page repeats its header. */
static void
paginate_place (ReportDoc *doc)
{
  double usable = doc->height - doc->footer_height;
  double y = 0;
  gboolean empty = TRUE;
  guint first = 0;

  g_assert (doc->n_measured == doc->items->len);
  g_clear_pointer (&doc->cache, g_hash_table_unref);

  g_array_set_size (doc->pages, 0);
  g_array_append_val (doc->pages, first);
  for (guint i = 0; i < doc->items->len; i++)
    {
      Item *item = &g_array_index (doc->items, Item, i);
      double need = item->height;

      for (guint j = i; j + 1 < doc->items->len; j++)
        {
          const Item *next = &g_array_index (doc->items, Item, j + 1);

          if (!(g_array_index (doc->items, Item, j).flags & ITEM_KEEP_WITH_NEXT) ||
              (next->flags & ITEM_NEW_PAGE))
            break;
          need += next->height;
        }
      if (!empty && ((item->flags & ITEM_NEW_PAGE) || y + need > usable))
        {
          g_array_append_val (doc->pages, i);
          y = 0;
          empty = TRUE;
        }
      if (empty && item->kind == ITEM_GAP)
        {
          item->page = doc->pages->len - 1;
          item->y = 0;
          item->height = 0;
          continue;
        }
      if (empty && continues_table (item))
        y = item->table->header_height;
      item->page = doc->pages->len - 1;
      item->y = y;
      y += item->height;
      empty = FALSE;
    }
}

/* All at once, on a page of @width × @height points. */
static void
paginate (ReportDoc    *doc,
          PangoContext *context,
          double        width,
          double        height)
{
  paginate_begin (doc, context, width, height);
  paginate_measure (doc, context, G_MAXUINT);
  paginate_place (doc);
}

static void
draw_layout (cairo_t     *cr,
             PangoLayout *layout,
             double       x,
             double       baseline_y)
{
  cairo_move_to (cr, x, baseline_y - (double)pango_layout_get_baseline (layout) / PANGO_SCALE);
  pango_cairo_show_layout (cr, layout);
}

static double
table_width (const Table *table)
{
  double share = 0;

  for (guint c = 0; c < table->n_columns; c++)
    share += table->columns[c].share;
  return share;
}

static void
draw_row (ReportDoc          *doc,
          cairo_t            *cr,
          PangoContext       *context,
          const Table        *table,
          const char * const *cells,
          Style               style,
          gboolean            header,
          double              y,
          double              height,
          double              baseline)
{
  double width = table_width (table) * doc->width;
  double x0 = doc->rtl ? doc->width - width : 0;
  double x = 0;

  if (header)
    {
      cairo_set_source_rgb (cr, 0.91, 0.91, 0.91);
      cairo_rectangle (cr, x0, y, width, height);
      cairo_fill (cr);
    }
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (guint c = 0; c < table->n_columns; c++)
    {
      const Column *column = &table->columns[c];
      double w = column_width (doc, column);
      g_autoptr(PangoLayout) layout = make_cell (doc, context, column, cells[c], style);

      /* Columns run from the reading side: right to left in Urdu. */
      draw_layout (cr, layout, (doc->rtl ? doc->width - x - w : x) + CELL_PAD_X, y + baseline);
      x += w;
    }
  if (table->ruled)
    {
      if (header)
        cairo_set_line_width (cr, 0.8);
      else
        {
          cairo_set_source_rgb (cr, 0.7, 0.7, 0.7);
          cairo_set_line_width (cr, 0.3);
        }
      cairo_move_to (cr, x0, y + height);
      cairo_rel_line_to (cr, width, 0);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0, 0, 0);
    }
}

/* Bars of the score histogram, the lowest scores at the reading side. */
static void
draw_histogram (ReportDoc    *doc,
                cairo_t      *cr,
                PangoContext *context,
                const Item   *item)
{
  const ImtehanStatsBin *bins;
  guint n_bins, highest = 1;
  double label = histogram_label_height (doc, context);
  double axis = item->y + label + BAR_AREA;
  double bar;

  bins = imtehan_stats_get_histogram (item->stats, &n_bins);
  if (n_bins == 0)
    return;
  for (guint i = 0; i < n_bins; i++)
    highest = MAX (highest, bins[i].count);
  bar = MIN (BAR_MAX_WIDTH, doc->width / n_bins);

  for (guint i = 0; i < n_bins; i++)
    {
      double x = doc->rtl ? doc->width - (i + 1) * bar : i * bar;
      double h = BAR_AREA * bins[i].count / highest;
      g_autofree char *count = g_strdup_printf ("%u", bins[i].count);
      g_autofree char *range = imtehan_report_histogram_format_range (bins, n_bins, i);
      /* Unwrapped, centred on the bar: a range ("10–15") may be wider than a bar of 21. */
      g_autoptr(PangoLayout) count_layout = make_layout (doc, context, count, STYLE_CELL, -1, 0,
                                                         PANGO_ELLIPSIZE_NONE, TRUE);
      g_autoptr(PangoLayout) range_layout = make_layout (doc, context, range, STYLE_CELL, -1, 0,
                                                         PANGO_ELLIPSIZE_NONE, TRUE);
      double above, below;
      int count_width, range_width;

      cairo_set_source_rgb (cr, 0.55, 0.55, 0.55);
      cairo_rectangle (cr, x + 2, axis - h, bar - 4, h);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0, 0, 0);
      pango_layout_get_size (count_layout, &count_width, NULL);
      pango_layout_get_size (range_layout, &range_width, NULL);
      measure_layout (count_layout, &above, &below);
      draw_layout (cr, count_layout, x + (bar - (double)count_width / PANGO_SCALE) / 2,
                   axis - h - below - CELL_PAD_Y);
      measure_layout (range_layout, &above, &below);
      draw_layout (cr, range_layout, x + (bar - (double)range_width / PANGO_SCALE) / 2,
                   axis + CELL_PAD_Y + above);
    }
  cairo_set_line_width (cr, 0.6);
  cairo_move_to (cr, doc->rtl ? doc->width - n_bins * bar : 0, axis);
  cairo_rel_line_to (cr, n_bins * bar, 0);
  cairo_stroke (cr);
}

/* Draws page @page (from 0) in points, its printable area's top left corner at 0, 0. */
static void
draw_page (ReportDoc    *doc,
           cairo_t      *cr,
           PangoContext *context,
           guint         page)
{
  guint first, end;
  const Item *top;
  g_autofree char *number = NULL;
  g_autoptr(PangoLayout) footer = NULL;
  double above, below;

  g_return_if_fail (page < doc->pages->len);

  prepare_context (doc, context);
  first = g_array_index (doc->pages, guint, page);
  end = page + 1 < doc->pages->len ? g_array_index (doc->pages, guint, page + 1)
                                   : doc->items->len;
  top = first < end ? &g_array_index (doc->items, Item, first) : NULL;
  cairo_set_source_rgb (cr, 0, 0, 0);
  if (top != NULL && continues_table (top))
    draw_row (doc, cr, context, top->table, (const char * const *)top->table->header,
              STYLE_HEADER, TRUE, 0, top->table->header_height, top->table->header_baseline);

  for (guint i = first; i < end; i++)
    {
      const Item *item = &g_array_index (doc->items, Item, i);

      switch (item->kind)
        {
        case ITEM_TEXT:
          {
            g_autoptr(PangoLayout) layout = make_layout (doc, context, item->cells[0],
                                                         item->style, doc->width, 0,
                                                         PANGO_ELLIPSIZE_NONE, FALSE);

            draw_layout (cr, layout, 0, item->y + item->baseline);
          }
          break;
        case ITEM_ROW:
          draw_row (doc, cr, context, item->table, (const char * const *)item->cells,
                    item->style, (item->flags & ITEM_HEADER) != 0, item->y, item->height,
                    item->baseline);
          break;
        case ITEM_HISTOGRAM:
          draw_histogram (doc, cr, context, item);
          break;
        case ITEM_GAP:
          break;
        default:
          g_assert_not_reached ();
        }
    }

  number = page_number_text (page, doc->pages->len);
  footer = make_layout (doc, context, number, STYLE_FOOTER, doc->width, 1, PANGO_ELLIPSIZE_END,
                        TRUE);
  measure_layout (footer, &above, &below);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  draw_layout (cr, footer, 0, doc->height - below);
}

/* The print operation. */

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                ReportDoc         *doc)
{
  /* GTK's recipe for a Pango context on this page (resolution, font options); every layout
   * of the page is made from it. */
  g_autoptr(PangoLayout) layout = gtk_print_context_create_pango_layout (context);

  build_doc (doc);
  paginate_begin (doc, pango_layout_get_context (layout), gtk_print_context_get_width (context),
                  gtk_print_context_get_height (context));
}

static gboolean
paginate_cb (GtkPrintOperation *operation,
             GtkPrintContext   *context,
             ReportDoc         *doc)
{
  g_autoptr(PangoLayout) layout = gtk_print_context_create_pango_layout (context);

  if (!paginate_measure (doc, pango_layout_get_context (layout), PAGINATE_STEP))
    return FALSE;
  paginate_place (doc);
  gtk_print_operation_set_n_pages (operation, doc->pages->len);
  return TRUE;
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              ReportDoc         *doc)
{
  g_autoptr(PangoLayout) layout = gtk_print_context_create_pango_layout (context);

  draw_page (doc, gtk_print_context_get_cairo_context (context),
             pango_layout_get_context (layout), page);
}

static GtkPageSetup *
default_page_setup (void)
{
  GtkPageSetup *setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) a4 = gtk_paper_size_new (GTK_PAPER_NAME_A4);

  gtk_page_setup_set_paper_size (setup, a4);
  gtk_page_setup_set_top_margin (setup, MARGIN_MM, GTK_UNIT_MM);
  gtk_page_setup_set_bottom_margin (setup, MARGIN_MM, GTK_UNIT_MM);
  gtk_page_setup_set_left_margin (setup, MARGIN_MM, GTK_UNIT_MM);
  gtk_page_setup_set_right_margin (setup, MARGIN_MM, GTK_UNIT_MM);
  return setup;
}

/**
 * imtehan_report_print_new:
 *
 * The report is laid out when printing begins, on the page size chosen then, in the language
 * of this moment.
 *
 * Returns: (transfer full): a print operation of the report
 */
GtkPrintOperation *
imtehan_report_print_new (ImtehanReport        *report,
                          ImtehanReportInclude  include)
{
  GtkPrintOperation *operation;
  g_autoptr(GtkPageSetup) setup = NULL;
  ReportDoc *doc;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (report), NULL);

  operation = gtk_print_operation_new ();
  doc = report_doc_new (report, include);
  setup = default_page_setup ();
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  /* Letter paper or landscape, chosen in the dialog: the columns take shares of the width. */
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  /* TRANSLATORS: the name of the print job, in the printer's queue */
  gtk_print_operation_set_job_name (operation, _("Imtehan class report"));
  g_signal_connect_data (operation, "begin-print", G_CALLBACK (begin_print_cb), doc,
                         (GClosureNotify)(void (*) (void))report_doc_free, 0);
  g_signal_connect (operation, "paginate", G_CALLBACK (paginate_cb), doc);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), doc);
  return operation;
}

/* The PDF. */

static cairo_status_t
append_bytes_cb (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* A context as gtk_print_context_create_pango_context() makes one, at 72 dpi: one point of
 * type is one unit of the PDF's page. */
static PangoContext *
create_pdf_context (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);
  pango_cairo_context_set_resolution (context, 72.0);
  return context;
}

static GBytes *
render_pdf (ReportDoc     *doc,
            GCancellable  *cancellable,
            GError       **error)
{
  GByteArray *data = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  PangoContext *context = create_pdf_context ();

  surface = cairo_pdf_surface_create_for_stream (append_bytes_cb, data, A4_WIDTH, A4_HEIGHT);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, _("Imtehan class report"));
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Imtehan");
  cr = cairo_create (surface);

  build_doc (doc);
  paginate (doc, context, A4_WIDTH - 2 * MARGIN, A4_HEIGHT - 2 * MARGIN);
  for (guint page = 0; page < doc->pages->len; page++)
    {
      if (g_cancellable_is_cancelled (cancellable))
        break;
      cairo_save (cr);
      cairo_translate (cr, MARGIN, MARGIN);
      pango_cairo_update_context (cr, context);
      draw_page (doc, cr, context, page);
      cairo_restore (cr);
      cairo_show_page (cr);
    }
  g_object_unref (context);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      g_byte_array_unref (data);
      return NULL;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_byte_array_unref (data);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not make the PDF: %s"),
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (data);
}

static gboolean
save_doc (ReportDoc     *doc,
          GFile         *file,
          GCancellable  *cancellable,
          GError       **error)
{
  g_autoptr(GBytes) pdf = NULL;

  if ((pdf = render_pdf (doc, cancellable, error)) == NULL)
    return FALSE;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  return imtehan_report_save_bytes (file, pdf, cancellable, error);
}

/**
 * imtehan_report_print_save_pdf:
 *
 * Lays the report out on A4 and writes it to @file, whole or not at all: an existing file is
 * replaced only once the new one is complete. Refuses what imtehan_report_check_output()
 * refuses: an attempt file is never overwritten. Needs no display and no gtk_init().
 */
gboolean
imtehan_report_print_save_pdf (ImtehanReport        *report,
                               ImtehanReportInclude  include,
                               GFile                *file,
                               GError              **error)
{
  g_autoptr(ReportDoc) doc = NULL;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (report), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!imtehan_report_check_output (report, file, error))
    return FALSE;
  doc = report_doc_new (report, include);
  return save_doc (doc, file, NULL, error);
}

typedef struct
{
  ReportDoc *doc;
  GFile     *file;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_clear_pointer (&data->doc, report_doc_free);
  g_clear_object (&data->file);
  g_free (data);
}

static void
save_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  SaveData *data = task_data;
  GError *error = NULL;

  if (save_doc (data->doc, data->file, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * imtehan_report_print_save_pdf_async:
 *
 * imtehan_report_print_save_pdf() on a worker thread, which lays the pages out with a Pango
 * font map of its own (pango_cairo_font_map_get_default() is per thread): a class of
 * thousands of attempts takes seconds. The language is the caller's of this moment. Nothing
 * may reload @report before @callback runs.
 */
void
imtehan_report_print_save_pdf_async (ImtehanReport        *report,
                                     ImtehanReportInclude  include,
                                     GFile                *file,
                                     GCancellable         *cancellable,
                                     GAsyncReadyCallback   callback,
                                     gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  SaveData *data;

  g_return_if_fail (IMTEHAN_IS_REPORT (report));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (report, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_report_print_save_pdf_async);
  if (!imtehan_report_check_output (report, file, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  data = g_new0 (SaveData, 1);
  data->doc = report_doc_new (report, include);
  data->file = g_object_ref (file);
  g_task_set_task_data (task, data, (GDestroyNotify)save_data_free);
  g_task_run_in_thread (task, save_thread);
}

gboolean
imtehan_report_print_save_pdf_finish (ImtehanReport  *report,
                                      GAsyncResult   *result,
                                      GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, report), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        imtehan_report_print_save_pdf_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
