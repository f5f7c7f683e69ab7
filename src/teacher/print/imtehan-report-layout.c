/* imtehan-report-layout.c: the printed class report measured, paginated and drawn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The items are measured and paginated once for a page size, then drawn page by page by
 * report_doc_draw_page(): the print operation and the PDF writer both call it, with a Pango
 * context made the same way (GtkPrintContext's recipe: the cairo font map, no metric hinting,
 * a resolution that makes points the unit), so paper and PDF break pages alike.
 */

#define G_LOG_DOMAIN "imtehan-report-print"

#include "config.h"

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "imtehan-i18n.h"
#include "imtehan-report-histogram.h"
#include "imtehan-report-print-private.h"
#include "imtehan-text.h"

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
void
report_doc_paginate_begin (ReportDoc    *doc,
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
gboolean
report_doc_paginate_measure (ReportDoc    *doc,
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
void
report_doc_paginate_place (ReportDoc *doc)
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
void
report_doc_paginate (ReportDoc    *doc,
                     PangoContext *context,
                     double        width,
                     double        height)
{
  report_doc_paginate_begin (doc, context, width, height);
  report_doc_paginate_measure (doc, context, G_MAXUINT);
  report_doc_paginate_place (doc);
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
void
report_doc_draw_page (ReportDoc    *doc,
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

