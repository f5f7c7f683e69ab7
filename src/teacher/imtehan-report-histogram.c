/* imtehan-report-histogram.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The scores of a class as bars, one per bin of imtehan_stats_get_histogram(): counts on a
 * scale at the start side, the score ranges under the bars, the lowest scores at the start
 * (on the right in Urdu). A screen reader gets the same figures as text, bin by bin.
 */

#define G_LOG_DOMAIN "imtehan-report-histogram"

#include "config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imtehan-report-format.h"
#include "imtehan-report-histogram.h"

struct _ImtehanReportHistogram
{
  GtkWidget  parent_instance;

  GArray    *bins;    /* ImtehanStatsBin */
  GPtrArray *ranges;  /* the text under each bar */
};

G_DEFINE_FINAL_TYPE (ImtehanReportHistogram, imtehan_report_histogram, GTK_TYPE_WIDGET)

/* Room between the parts of the drawing, in pixels. */
#define GAP 6
#define HEIGHT 220
/* The thinnest bar still seen as one; below that the widget asks for more width. */
#define MIN_BIN_WIDTH 8

typedef struct
{
  double plot_x;       /* the plot area, LTR coordinates */
  double plot_y;
  double plot_width;
  double plot_height;
  double slot;         /* one bin's share of the width */
  double bar_width;
  guint  scale_max;    /* the count at the top of the scale */
  guint  scale_step;
  int    text_height;
} Geometry;

static gboolean
bins_are_whole (const ImtehanStatsBin *bins,
                guint                  n_bins)
{
  for (guint i = 0; i < n_bins; i++)
    if (bins[i].lower != floor (bins[i].lower) || bins[i].upper != floor (bins[i].upper))
      return FALSE;
  return TRUE;
}

/**
 * imtehan_report_histogram_format_range:
 *
 * The scores bin @bin holds, as they read under its bar: "3" for one score, "4–5" for
 * whole scores (a bin excludes its upper bound but the last), "0.8–1.6" otherwise.
 */
char *
imtehan_report_histogram_format_range (const ImtehanStatsBin *bins,
                                       guint                  n_bins,
                                       guint                  bin)
{
  g_autofree char *lower = NULL;
  g_autofree char *upper = NULL;
  gboolean last = bin + 1 == n_bins;

  g_return_val_if_fail (bin < n_bins, NULL);

  if (bins_are_whole (bins, n_bins))
    {
      double top = last ? bins[bin].upper : bins[bin].upper - 1;

      lower = imtehan_report_format_number (bins[bin].lower, 0);
      if (top <= bins[bin].lower)
        return g_steal_pointer (&lower);
      upper = imtehan_report_format_number (top, 0);
    }
  else
    {
      lower = imtehan_report_format_number (bins[bin].lower, 2);
      upper = imtehan_report_format_number (bins[bin].upper, 2);
    }
  /* TRANSLATORS: a range of scores under a bar of the histogram: "4–5" */
  return g_strdup_printf (_("%1$s–%2$s"), lower, upper);
}

/* "Score 0: 1 attempt; Scores 2–3: 4 attempts; …" */
static char *
describe (ImtehanReportHistogram *self)
{
  const ImtehanStatsBin *bins = (const ImtehanStatsBin *)self->bins->data;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  gboolean whole = bins_are_whole (bins, self->bins->len);

  for (guint i = 0; i < self->bins->len; i++)
    {
      const char *range = g_ptr_array_index (self->ranges, i);
      g_autofree char *count = g_strdup_printf (ngettext ("%u attempt", "%u attempts",
                                                          bins[i].count),
                                                bins[i].count);
      gboolean single = whole && (i + 1 == self->bins->len ? bins[i].upper == bins[i].lower
                                                             : bins[i].upper == bins[i].lower + 1);

      if (single)
        /* TRANSLATORS: one bar of the histogram, for a screen reader: "Score 3: 2 attempts" */
        g_ptr_array_add (parts, g_strdup_printf (_("Score %1$s: %2$s"), range, count));
      else
        /* TRANSLATORS: one bar of the histogram, for a screen reader: "Scores 4–5: 2 attempts" */
        g_ptr_array_add (parts, g_strdup_printf (_("Scores %1$s: %2$s"), range, count));
    }
  g_ptr_array_add (parts, NULL);
  /* TRANSLATORS: separates the bars of the histogram as a screen reader reads them */
  return g_strjoinv (_("; "), (char **)parts->pdata);
}

/* A scale of round steps: at most four lines above the base line. */
static void
choose_scale (guint  max_count,
              guint *scale_max,
              guint *step)
{
  static const guint steps[] = { 1, 2, 5 };
  guint s = 1;

  for (guint magnitude = 1; ; magnitude *= 10)
    {
      for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
        {
          s = steps[i] * magnitude;
          if (max_count <= 4 * s)
            goto done;
        }
      if (magnitude > G_MAXUINT / 100)
        break;
    }
done:
  *step = s;
  *scale_max = MAX (s * ((max_count + s - 1) / s), s);
}

static PangoLayout *
number_layout (GtkWidget  *widget,
               const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);

  /* Digits of one width, so the scale's numbers line up. */
  if (text != NULL)
    {
      PangoAttrList *attrs = pango_attr_list_new ();

      pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum"));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  return layout;
}

static int
text_width (GtkWidget  *widget,
            const char *text)
{
  g_autoptr(PangoLayout) layout = number_layout (widget, text);
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

static void
compute_geometry (ImtehanReportHistogram *self,
                  int                     width,
                  int                     height,
                  Geometry               *g)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const ImtehanStatsBin *bins = (const ImtehanStatsBin *)self->bins->data;
  g_autoptr(PangoLayout) probe = number_layout (widget, "0123456789");
  g_autofree char *top = NULL;
  guint max_count = 0;
  int scale_width;

  for (guint i = 0; i < self->bins->len; i++)
    max_count = MAX (max_count, bins[i].count);
  choose_scale (max_count, &g->scale_max, &g->scale_step);
  top = g_strdup_printf ("%u", g->scale_max);
  scale_width = text_width (widget, top);
  pango_layout_get_pixel_size (probe, NULL, &g->text_height);

  g->plot_x = scale_width + GAP;
  /* Room above the highest bar for its count. */
  g->plot_y = g->text_height + GAP / 2;
  g->plot_width = MAX (width - g->plot_x, 1);
  g->plot_height = MAX (height - g->plot_y - g->text_height - GAP, 1);
  g->slot = self->bins->len ? g->plot_width / self->bins->len : g->plot_width;
  g->bar_width = MAX (g->slot * 0.75, 1);
}

/* @x, @width in LTR coordinates, turned for the widget's direction. */
static double
mirror_x (GtkWidget *widget,
          double     x,
          double     width)
{
  if (gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL)
    return gtk_widget_get_width (widget) - x - width;
  return x;
}

static void
bar_rect (ImtehanReportHistogram *self,
          const Geometry         *g,
          guint                   bin,
          graphene_rect_t        *rect)
{
  const ImtehanStatsBin *bins = (const ImtehanStatsBin *)self->bins->data;
  double x = g->plot_x + bin * g->slot + (g->slot - g->bar_width) / 2;
  double h = g->scale_max ? g->plot_height * bins[bin].count / g->scale_max : 0;

  graphene_rect_init (rect, mirror_x (GTK_WIDGET (self), x, g->bar_width),
                      g->plot_y + g->plot_height - h, g->bar_width, h);
}

/**
 * imtehan_report_histogram_get_bar_bounds:
 *
 * Where the bar of @bin is drawn at the widget's current size, in its coordinates.
 */
gboolean
imtehan_report_histogram_get_bar_bounds (ImtehanReportHistogram *self,
                                         guint                   bin,
                                         graphene_rect_t        *bounds)
{
  Geometry g;

  g_return_val_if_fail (IMTEHAN_IS_REPORT_HISTOGRAM (self), FALSE);

  if (bin >= self->bins->len || gtk_widget_get_width (GTK_WIDGET (self)) <= 0)
    return FALSE;
  compute_geometry (self, gtk_widget_get_width (GTK_WIDGET (self)),
                    gtk_widget_get_height (GTK_WIDGET (self)), &g);
  bar_rect (self, &g, bin, bounds);
  return TRUE;
}

static void
append_text (GtkSnapshot *snapshot,
             PangoLayout *layout,
             double       x,
             double       y,
             GdkRGBA     *color)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

/* The text colour, and the theme's accent colour for the bars, as libadwaita defines it. GTK
 * 4.10 deprecates GtkStyleContext; libadwaita 1.6 has an API for the accent colour. */
static void
theme_colors (GtkWidget *widget,
              GdkRGBA   *fg,
              GdkRGBA   *accent)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, fg);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), fg);
#endif
#if ADW_CHECK_VERSION (1, 6, 0)
  {
    AdwStyleManager *manager = adw_style_manager_get_for_display (gtk_widget_get_display (widget));
    GdkRGBA *rgba = adw_style_manager_get_accent_color_rgba (manager);

    *accent = *rgba;
    gdk_rgba_free (rgba);
  }
#else
  /* Blue, libadwaita's own, if a theme has none. */
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "accent_bg_color",
                                       accent))
    gdk_rgba_parse (accent, "#3584e4");
#endif
}

static void
imtehan_report_histogram_snapshot (GtkWidget   *widget,
                                   GtkSnapshot *snapshot)
{
  ImtehanReportHistogram *self = IMTEHAN_REPORT_HISTOGRAM (widget);
  const ImtehanStatsBin *bins = (const ImtehanStatsBin *)self->bins->data;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GdkRGBA fg, bar, line;
  Geometry g;
  int label_width = 0;
  guint every = 1;

  if (self->bins->len == 0)
    return;

  theme_colors (widget, &fg, &bar);
  line = fg;
  line.alpha *= 0.15;

  compute_geometry (self, width, height, &g);

  /* The scale: a line and a count at every step, from the base line up. */
  for (guint value = 0; value <= g.scale_max; value += g.scale_step)
    {
      g_autofree char *text = g_strdup_printf ("%u", value);
      g_autoptr(PangoLayout) layout = number_layout (widget, text);
      double y = g.plot_y + g.plot_height - g.plot_height * value / g.scale_max;
      int w, h;

      gtk_snapshot_append_color (snapshot, &line,
                                 &GRAPHENE_RECT_INIT (mirror_x (widget, g.plot_x, g.plot_width),
                                                      y, g.plot_width, 1));
      pango_layout_get_pixel_size (layout, &w, &h);
      append_text (snapshot, layout, mirror_x (widget, g.plot_x - GAP - w, w), y - h / 2.0, &fg);
    }

  /* Ranges under the bars: as many as fit side by side, the first always. */
  for (guint i = 0; i < self->bins->len; i++)
    label_width = MAX (label_width, text_width (widget, g_ptr_array_index (self->ranges, i)));
  every = MAX ((guint)ceil ((label_width + GAP) / g.slot), 1);

  for (guint i = 0; i < self->bins->len; i++)
    {
      graphene_rect_t rect;

      bar_rect (self, &g, i, &rect);
      if (rect.size.height > 0)
        gtk_snapshot_append_color (snapshot, &bar, &rect);

      /* The count above its bar, when it fits in the bar's slot. */
      if (bins[i].count > 0)
        {
          g_autofree char *text = g_strdup_printf ("%u", bins[i].count);
          g_autoptr(PangoLayout) layout = number_layout (widget, text);
          int w, h;

          pango_layout_get_pixel_size (layout, &w, &h);
          if (w <= g.slot)
            append_text (snapshot, layout, rect.origin.x + (rect.size.width - w) / 2.0,
                         rect.origin.y - h - 1, &fg);
        }

      if (i % every == 0)
        {
          const char *range = g_ptr_array_index (self->ranges, i);
          g_autoptr(PangoLayout) layout = number_layout (widget, range);
          int w, h;

          pango_layout_get_pixel_size (layout, &w, &h);
          /* Under its bar, but inside the widget: the last range is often wider than it. */
          append_text (snapshot, layout,
                       CLAMP (rect.origin.x + (rect.size.width - w) / 2.0, 0, MAX (width - w, 0)),
                       g.plot_y + g.plot_height + GAP / 2.0, &fg);
        }
    }
}

static void
imtehan_report_histogram_measure (GtkWidget      *widget,
                                  GtkOrientation  orientation,
                                  int             for_size,
                                  int            *minimum,
                                  int            *natural,
                                  int            *minimum_baseline,
                                  int            *natural_baseline)
{
  ImtehanReportHistogram *self = IMTEHAN_REPORT_HISTOGRAM (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* The scale's numbers and a thin bar per bin; 48 px per bin when there is room. */
      int scale = text_width (widget, "0000") + GAP;

      *minimum = scale + MIN_BIN_WIDTH * MAX (self->bins->len, 1);
      *natural = scale + 48 * MAX (self->bins->len, 1);
    }
  else
    *minimum = *natural = HEIGHT;
}

static void
imtehan_report_histogram_finalize (GObject *object)
{
  ImtehanReportHistogram *self = (ImtehanReportHistogram *)object;

  g_clear_pointer (&self->bins, g_array_unref);
  g_clear_pointer (&self->ranges, g_ptr_array_unref);

  G_OBJECT_CLASS (imtehan_report_histogram_parent_class)->finalize (object);
}

static void
imtehan_report_histogram_class_init (ImtehanReportHistogramClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = imtehan_report_histogram_finalize;
  widget_class->snapshot = imtehan_report_histogram_snapshot;
  widget_class->measure = imtehan_report_histogram_measure;
  gtk_widget_class_set_css_name (widget_class, "histogram");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
imtehan_report_histogram_init (ImtehanReportHistogram *self)
{
  self->bins = g_array_new (FALSE, FALSE, sizeof (ImtehanStatsBin));
  self->ranges = g_ptr_array_new_with_free_func (g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Histogram of scores"),
                                  -1);
}

GtkWidget *
imtehan_report_histogram_new (void)
{
  return g_object_new (IMTEHAN_TYPE_REPORT_HISTOGRAM, NULL);
}

void
imtehan_report_histogram_set_bins (ImtehanReportHistogram *self,
                                   const ImtehanStatsBin  *bins,
                                   guint                   n_bins)
{
  g_autofree char *description = NULL;

  g_return_if_fail (IMTEHAN_IS_REPORT_HISTOGRAM (self));
  g_return_if_fail (bins != NULL || n_bins == 0);

  g_array_set_size (self->bins, 0);
  g_ptr_array_set_size (self->ranges, 0);
  if (n_bins > 0)
    g_array_append_vals (self->bins, bins, n_bins);
  for (guint i = 0; i < n_bins; i++)
    g_ptr_array_add (self->ranges, imtehan_report_histogram_format_range (bins, n_bins, i));

  description = describe (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

guint
imtehan_report_histogram_get_n_bins (ImtehanReportHistogram *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_HISTOGRAM (self), 0);

  return self->bins->len;
}
