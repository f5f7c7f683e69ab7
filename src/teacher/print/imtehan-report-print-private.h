/* imtehan-report-print-private.h: what the printed report's three parts share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * imtehan-report-document.c says what is printed (items stacked down the page: a title, a
 * line of text, a table row, a histogram); imtehan-report-layout.c measures them with Pango,
 * places them on pages and draws a page; imtehan-report-print.c sends the pages to a printer
 * or to a PDF file.
 */

#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "imtehan-report-print.h"
#include "imtehan-stats.h"

G_BEGIN_DECLS

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
typedef struct
{
  double             share;      /* of the content width */
  gboolean           center;     /* numbers; text starts at the reading side */
  int                max_lines;  /* then the text is shortened */
  PangoEllipsizeMode ellipsize;
} Column;
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
void       report_doc_free             (ReportDoc            *doc);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ReportDoc, report_doc_free)

/* imtehan-report-document.c */
ReportDoc *report_doc_new              (ImtehanReport        *report,
                                        ImtehanReportInclude  include);
void       report_doc_build            (ReportDoc            *doc);

/* imtehan-report-layout.c */
void       report_doc_paginate_begin   (ReportDoc            *doc,
                                        PangoContext         *context,
                                        double                width,
                                        double                height);
gboolean   report_doc_paginate_measure (ReportDoc            *doc,
                                        PangoContext         *context,
                                        guint                 max_items);
void       report_doc_paginate_place   (ReportDoc            *doc);
void       report_doc_paginate         (ReportDoc            *doc,
                                        PangoContext         *context,
                                        double                width,
                                        double                height);
void       report_doc_draw_page        (ReportDoc            *doc,
                                        cairo_t              *cr,
                                        PangoContext         *context,
                                        guint                 page);

G_END_DECLS
