/* imtehan-wrap-bin.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Holds one wrapping GtkLabel and answers for its width from character counts (as GtkLabel's
 * width-chars and max-width-chars), laying its text out only for a real width; or one
 * single-line label that ellipsizes, measured with one layout per text. imtehan_wrap_bin_
 * set_text() can show a hidden label that already has a former text laid out.
 * Why: Nastaliq shapes about 20 times slower than Naskh, and GTK asks a wrapping label for
 * many widths it never gets; docs/performance.md ("Why the text widgets") has the detail.
 *
 * Its answers keep GTK's measuring contract, on which GTK 4.18's boxes rely: the minimum is
 * never above the natural size; its height for no width is a lower bound of its height at
 * any width (at least its tallest line once its text has been laid out, which is what a
 * GtkLabel gives); and its width for a height is the least width at which its text fits that
 * height, found by laying it out, which nothing in the app asks (ImtehanRowLayout is why).
 */

#define G_LOG_DOMAIN "imtehan-wrap-bin"

#include "config.h"

#include <pango/pangocairo.h>

#include "imtehan-wrap-bin.h"

struct _ImtehanWrapBin
{
  GtkWidget  parent_instance;

  GtkWidget *child;
  /* An empty label styled as the child, never shown: what GTK puts around the child's text
   * (CSS margin, border and padding, and the widget's margins), from GTK's own measure. */
  GtkWidget *probe;
  int        min_chars;
  int        max_chars;
  /* Hidden labels with texts shown before, the least recently shown first; children too. */
  GPtrArray   *spares;
};

/* How many former texts a bin keeps laid out. */
#define MAX_SPARES 16

G_DEFINE_FINAL_TYPE (ImtehanWrapBin, imtehan_wrap_bin, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CHILD,
  PROP_MIN_CHARS,
  PROP_MAX_CHARS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static ImtehanWrapBinStats stats;

/* The child's font size in pixels. */
static double
font_pixels (ImtehanWrapBin *self)
{
  PangoContext *context = gtk_widget_get_pango_context (self->child);
  const PangoFontDescription *font = pango_context_get_font_description (context);
  double size = font ? pango_font_description_get_size (font) / (double)PANGO_SCALE : 0;

  if (size <= 0)
    size = 10;
  /* Points to pixels, as GTK does (96 dpi unless the settings say otherwise). */
  if (font == NULL || !pango_font_description_get_size_is_absolute (font))
    size *= pango_cairo_context_get_resolution (context) > 0
            ? pango_cairo_context_get_resolution (context) / 72.0 : 96.0 / 72.0;
  return size;
}

/* The width of a character in the child's font, in Pango units, for min-chars and
 * max-chars. GtkLabel takes it from pango_context_get_metrics(), which shapes a sample text
 * to find it, with fallback fonts, every time it is called: at start-up, several
 * milliseconds for each font size on the page. Half the font size is the same estimate,
 * within a pixel or two at these sizes, for free. */
static int
char_width (ImtehanWrapBin *self)
{
  return MAX ((int)(font_pixels (self) * PANGO_SCALE / 2), 1);
}

static gboolean
is_single_line (GtkWidget *label)
{
  return !gtk_label_get_wrap (GTK_LABEL (label)) &&
         gtk_label_get_ellipsize (GTK_LABEL (label)) != PANGO_ELLIPSIZE_NONE;
}

/* What lies around a label's text, in pixels: across (left and right together) and down
 * (top and bottom). */
typedef struct
{
  int across;
  int down;
} TextBox;

/* GTK 4.10 deprecates GtkStyleContext, which gave a label's CSS box, and has nothing in its
 * place: GTK measures the box only around what a widget measures itself. So the probe, an
 * empty label with the child's style classes and margins, is measured by GTK and its empty
 * line taken off. It is cheap: no text, and GTK keeps its size until its style changes. */
static TextBox
text_box (ImtehanWrapBin *self)
{
  TextBox box;
  int width, height, line;

  gtk_widget_measure (self->probe, GTK_ORIENTATION_HORIZONTAL, -1, &width, NULL, NULL, NULL);
  gtk_widget_measure (self->probe, GTK_ORIENTATION_VERTICAL, -1, &height, NULL, NULL, NULL);
  pango_layout_get_size (gtk_label_get_layout (GTK_LABEL (self->probe)), NULL, &line);
  box.across = width;
  box.down = MAX (height - PANGO_PIXELS_CEIL (line), 0);
  return box;
}

/* A label's layout as this bin last laid it out, and its size. */
typedef struct
{
  PangoLayout *layout;  /* weak */
  int          width;   /* Pango units; -1: one line */
  int          text_width;
  int          text_height;
  int          tallest_line;
} LaidOut;

static void
laid_out_free (gpointer data)
{
  LaidOut *laid_out = data;

  g_clear_weak_pointer (&laid_out->layout);
  g_free (laid_out);
}

static LaidOut *
laid_out_get (GtkWidget *label)
{
  LaidOut *laid_out = g_object_get_data (G_OBJECT (label), "imtehan-wrap-bin-laid-out");

  if (laid_out == NULL)
    {
      laid_out = g_new0 (LaidOut, 1);
      g_object_set_data_full (G_OBJECT (label), "imtehan-wrap-bin-laid-out", laid_out,
                              laid_out_free);
    }
  return laid_out;
}

/* @label's text laid out at @width (Pango units, or -1 for one line), and its size, measured
 * once per text and width. In the label's own layout, the one it paints, with its width set
 * as gtk_label_size_allocate() sets it, when that changes nothing painted: the label is not
 * shown, or not allocated yet, or has that width; once it gets that width, it lays nothing
 * out again. Otherwise in a copy, as GtkLabel measures: a width asked but not allocated would
 * stay in the layout, and be painted, when the bin is not allocated again. A single line is
 * laid out once per text, whatever width the label sets for ellipsizing. */
static const LaidOut *
lay_out (GtkWidget *label,
         int        width)
{
  PangoLayout *own = gtk_label_get_layout (GTK_LABEL (label));
  LaidOut *laid_out = laid_out_get (label);
  g_autoptr(PangoLayout) copy = NULL;
  PangoLayout *layout = own;
  PangoLayoutIter *iter;
  PangoRectangle line;
  int text_width, text_height;

  if (own == laid_out->layout && (width == laid_out->width || width < 0))
    return laid_out;

  if (gtk_widget_get_mapped (label) && gtk_widget_get_width (label) > 1 &&
      (width < 0 || width != gtk_widget_get_width (label) * PANGO_SCALE))
    layout = copy = pango_layout_copy (own);
  pango_layout_set_width (layout, width);
  pango_layout_get_size (layout, &text_width, &text_height);
  stats.layouts++;

  laid_out->width = width;
  laid_out->text_width = PANGO_PIXELS_CEIL (text_width);
  laid_out->text_height = PANGO_PIXELS_CEIL (text_height);
  laid_out->tallest_line = 0;
  iter = pango_layout_get_iter (layout);
  do
    {
      pango_layout_iter_get_line_extents (iter, NULL, &line);
      laid_out->tallest_line = MAX (laid_out->tallest_line, PANGO_PIXELS_CEIL (line.height));
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
  g_set_weak_pointer (&laid_out->layout, own);
  return laid_out;
}

/* The height of @label's text laid out @width pixels wide. */
static int
text_height_at (GtkWidget *label,
                int        width)
{
  return lay_out (label, MAX (width, 1) * PANGO_SCALE)->text_height;
}

/* The least text width, at least @min_width, at which @label's text is no higher than
 * @height, as GtkLabel finds it: laid out at its least width, unwrapped, and in between. On a
 * copy of the layout: the label's own keeps the width it is painted at. */
static int
text_width_for_height (GtkWidget *label,
                       int        height,
                       int        min_width)
{
  g_autoptr(PangoLayout) layout = pango_layout_copy (gtk_label_get_layout (GTK_LABEL (label)));
  int low, high, widest, h;

  stats.width_for_height++;
  pango_layout_set_width (layout, MAX (min_width, 1) * PANGO_SCALE);
  pango_layout_get_pixel_size (layout, NULL, &h);
  stats.layouts++;
  if (h <= height)
    return min_width;

  pango_layout_set_width (layout, -1);
  pango_layout_get_pixel_size (layout, &widest, &h);
  stats.layouts++;
  if (h > height || widest <= min_width)
    return MAX (widest, min_width);

  /* Too high at @low, low enough at @high. */
  low = min_width;
  high = widest;
  while (high - low > 1)
    {
      int middle = low + (high - low) / 2;

      pango_layout_set_width (layout, middle * PANGO_SCALE);
      pango_layout_get_pixel_size (layout, NULL, &h);
      stats.layouts++;
      if (h <= height)
        high = middle;
      else
        low = middle;
    }
  return high;
}

static void
imtehan_wrap_bin_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  ImtehanWrapBin *self = IMTEHAN_WRAP_BIN (widget);
  TextBox box;

  if (self->child == NULL || !gtk_widget_get_visible (self->child))
    {
      *minimum = *natural = 0;
      return;
    }

  box = text_box (self);
  if (is_single_line (self->child))
    {
      /* One line at any width: laying it out at the widths asked (the header bar asks for
       * its minimum width too) would only shape it again. */
      const LaidOut *line = lay_out (self->child, -1);

      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        {
          *minimum = PANGO_PIXELS_CEIL (char_width (self) * self->min_chars) + box.across;
          *natural = MAX (*minimum, line->text_width + box.across);
        }
      else
        *minimum = *natural = line->text_height + box.down;
    }
  else if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int width = char_width (self);
      int min_text = PANGO_PIXELS_CEIL (width * self->min_chars);

      *minimum = min_text + box.across;
      *natural = PANGO_PIXELS_CEIL (width * MAX (self->min_chars, self->max_chars)) + box.across;
      if (for_size >= 0)
        *minimum = text_width_for_height (self->child, for_size - box.down, min_text) +
                   box.across;
      *natural = MAX (*minimum, *natural);
    }
  else if (for_size < 0)
    {
      /* No width given: its height at any width is at least its tallest line, once its text
       * has been laid out (before, nothing but the box is known without laying it out for a
       * width it may never get); its natural height, that at the width it was laid out at. */
      const LaidOut *laid_out = laid_out_get (self->child);

      *minimum = *natural = box.down;
      if (laid_out->layout != NULL &&
          laid_out->layout == gtk_label_get_layout (GTK_LABEL (self->child)))
        {
          *minimum += laid_out->tallest_line;
          *natural += MAX (laid_out->text_height, laid_out->tallest_line);
        }
    }
  else
    *minimum = *natural = text_height_at (self->child, for_size - box.across) + box.down;
}

static GtkSizeRequestMode
imtehan_wrap_bin_get_request_mode (GtkWidget *widget)
{
  ImtehanWrapBin *self = IMTEHAN_WRAP_BIN (widget);

  if (self->child == NULL || is_single_line (self->child))
    return GTK_SIZE_REQUEST_CONSTANT_SIZE;
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* As AdwBin: the child's expand flags are the bin's (GtkWidget does not pass them on). */
static void
imtehan_wrap_bin_compute_expand (GtkWidget *widget,
                                gboolean  *hexpand,
                                gboolean  *vexpand)
{
  ImtehanWrapBin *self = IMTEHAN_WRAP_BIN (widget);

  *hexpand = self->child != NULL &&
             gtk_widget_compute_expand (self->child, GTK_ORIENTATION_HORIZONTAL);
  *vexpand = self->child != NULL &&
             gtk_widget_compute_expand (self->child, GTK_ORIENTATION_VERTICAL);
}

static void
imtehan_wrap_bin_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  ImtehanWrapBin *self = IMTEHAN_WRAP_BIN (widget);

  if (self->child != NULL && gtk_widget_get_visible (self->child))
    gtk_widget_allocate (self->child, width, height, baseline, NULL);
  /* Never mapped, so never drawn; allocated as GTK expects of a visible child. */
  if (self->probe != NULL)
    {
      int probe_width, probe_height;

      gtk_widget_measure (self->probe, GTK_ORIENTATION_HORIZONTAL, -1, &probe_width, NULL,
                          NULL, NULL);
      gtk_widget_measure (self->probe, GTK_ORIENTATION_VERTICAL, -1, &probe_height, NULL,
                          NULL, NULL);
      gtk_widget_allocate (self->probe, probe_width, probe_height, -1, NULL);
    }
}

/* A hidden label hides its bin too, so that a box leaves no spacing for it. */
static void
child_visible_cb (ImtehanWrapBin *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), gtk_widget_get_visible (self->child));
}

/* The probe is styled as the label shown: imtehan_label_set_content() sets a class for the
 * text's language, whose CSS pads Urdu. */
static void
child_classes_cb (ImtehanWrapBin *self)
{
  g_auto(GStrv) classes = gtk_widget_get_css_classes (self->child);

  gtk_widget_set_css_classes (self->probe, (const char **)classes);
}

static void
watch_child (ImtehanWrapBin *self)
{
  g_signal_connect_swapped (self->child, "notify::visible", G_CALLBACK (child_visible_cb), self);
  g_signal_connect_swapped (self->child, "notify::css-classes", G_CALLBACK (child_classes_cb),
                            self);
  child_visible_cb (self);
  child_classes_cb (self);
}

static void
unwatch_child (ImtehanWrapBin *self)
{
  g_signal_handlers_disconnect_by_func (self->child, child_visible_cb, self);
  g_signal_handlers_disconnect_by_func (self->child, child_classes_cb, self);
}

static void
imtehan_wrap_bin_dispose (GObject *object)
{
  ImtehanWrapBin *self = (ImtehanWrapBin *)object;

  if (self->child != NULL)
    unwatch_child (self);
  g_clear_pointer (&self->child, gtk_widget_unparent);
  g_clear_pointer (&self->probe, gtk_widget_unparent);
  if (self->spares != NULL)
    g_ptr_array_set_size (self->spares, 0);

  G_OBJECT_CLASS (imtehan_wrap_bin_parent_class)->dispose (object);
}

static void
imtehan_wrap_bin_finalize (GObject *object)
{
  ImtehanWrapBin *self = (ImtehanWrapBin *)object;

  g_ptr_array_unref (self->spares);

  G_OBJECT_CLASS (imtehan_wrap_bin_parent_class)->finalize (object);
}

static void
imtehan_wrap_bin_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ImtehanWrapBin *self = IMTEHAN_WRAP_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      g_value_set_object (value, self->child);
      break;
    case PROP_MIN_CHARS:
      g_value_set_int (value, self->min_chars);
      break;
    case PROP_MAX_CHARS:
      g_value_set_int (value, self->max_chars);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_wrap_bin_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ImtehanWrapBin *self = IMTEHAN_WRAP_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      imtehan_wrap_bin_set_child (self, g_value_get_object (value));
      break;
    case PROP_MIN_CHARS:
      self->min_chars = g_value_get_int (value);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      break;
    case PROP_MAX_CHARS:
      self->max_chars = g_value_get_int (value);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_wrap_bin_class_init (ImtehanWrapBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_wrap_bin_dispose;
  object_class->finalize = imtehan_wrap_bin_finalize;
  object_class->get_property = imtehan_wrap_bin_get_property;
  object_class->set_property = imtehan_wrap_bin_set_property;
  widget_class->measure = imtehan_wrap_bin_measure;
  widget_class->size_allocate = imtehan_wrap_bin_size_allocate;
  widget_class->get_request_mode = imtehan_wrap_bin_get_request_mode;
  widget_class->compute_expand = imtehan_wrap_bin_compute_expand;

  properties[PROP_CHILD] =
    g_param_spec_object ("child", NULL, NULL, GTK_TYPE_LABEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* As GtkLabel:width-chars and GtkLabel:max-width-chars. */
  properties[PROP_MIN_CHARS] =
    g_param_spec_int ("min-chars", NULL, NULL, 0, G_MAXINT, 10,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAX_CHARS] =
    g_param_spec_int ("max-chars", NULL, NULL, 0, G_MAXINT, 60,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GENERIC);
}

static void
imtehan_wrap_bin_init (ImtehanWrapBin *self)
{
  self->min_chars = 10;
  self->max_chars = 60;
  self->spares = g_ptr_array_new_with_free_func ((GDestroyNotify)gtk_widget_unparent);
}

/**
 * imtehan_wrap_bin_new:
 * @child: (transfer floating): a GtkLabel with wrapping on
 * @min_chars: the width it asks for at least, in characters
 * @max_chars: the width it asks for at most, in characters
 */
GtkWidget *
imtehan_wrap_bin_new (GtkWidget *child,
                      int        min_chars,
                      int        max_chars)
{
  return g_object_new (IMTEHAN_TYPE_WRAP_BIN,
                       "child", child,
                       "min-chars", min_chars,
                       "max-chars", max_chars,
                       NULL);
}

/* An empty label styled as @label, for text_box(): visible, so that GTK styles and measures
 * it, but never mapped, and hidden from screen readers. Its own layout is a single line. */
static GtkWidget *
new_probe (GtkLabel *label)
{
  GtkWidget *widget = GTK_WIDGET (label);
  GtkWidget *probe = g_object_new (GTK_TYPE_LABEL,
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                   NULL);

  gtk_widget_set_child_visible (probe, FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (probe), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_widget_set_margin_start (probe, gtk_widget_get_margin_start (widget));
  gtk_widget_set_margin_end (probe, gtk_widget_get_margin_end (widget));
  gtk_widget_set_margin_top (probe, gtk_widget_get_margin_top (widget));
  gtk_widget_set_margin_bottom (probe, gtk_widget_get_margin_bottom (widget));
  return probe;
}

GtkWidget *
imtehan_wrap_bin_get_child (ImtehanWrapBin *self)
{
  g_return_val_if_fail (IMTEHAN_IS_WRAP_BIN (self), NULL);
  return self->child;
}

void
imtehan_wrap_bin_set_child (ImtehanWrapBin *self,
                            GtkWidget      *child)
{
  g_return_if_fail (IMTEHAN_IS_WRAP_BIN (self));
  g_return_if_fail (child == NULL || GTK_IS_LABEL (child));

  if (self->child == child)
    return;
  g_ptr_array_set_size (self->spares, 0);
  if (self->child != NULL)
    unwatch_child (self);
  g_clear_pointer (&self->child, gtk_widget_unparent);
  g_clear_pointer (&self->probe, gtk_widget_unparent);
  if (child != NULL)
    {
      self->child = child;
      gtk_widget_set_parent (child, GTK_WIDGET (self));
      self->probe = new_probe (GTK_LABEL (child));
      gtk_widget_set_parent (self->probe, GTK_WIDGET (self));
      watch_child (self);
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD]);
}

/* A label like @label, for another text. */
static GtkWidget *
clone_label (GtkLabel *label)
{
  GtkWidget *widget = GTK_WIDGET (label);
  GtkWidget *copy = gtk_label_new (NULL);
  g_auto(GStrv) classes = gtk_widget_get_css_classes (widget);

  gtk_label_set_wrap (GTK_LABEL (copy), gtk_label_get_wrap (label));
  gtk_label_set_wrap_mode (GTK_LABEL (copy), gtk_label_get_wrap_mode (label));
  gtk_label_set_natural_wrap_mode (GTK_LABEL (copy), gtk_label_get_natural_wrap_mode (label));
  gtk_label_set_justify (GTK_LABEL (copy), gtk_label_get_justify (label));
  gtk_label_set_ellipsize (GTK_LABEL (copy), gtk_label_get_ellipsize (label));
  gtk_label_set_single_line_mode (GTK_LABEL (copy), gtk_label_get_single_line_mode (label));
  gtk_label_set_xalign (GTK_LABEL (copy), gtk_label_get_xalign (label));
  gtk_label_set_yalign (GTK_LABEL (copy), gtk_label_get_yalign (label));
  gtk_label_set_attributes (GTK_LABEL (copy), gtk_label_get_attributes (label));
  gtk_widget_set_css_classes (copy, (const char **)classes);
  gtk_widget_set_halign (copy, gtk_widget_get_halign (widget));
  gtk_widget_set_valign (copy, gtk_widget_get_valign (widget));
  gtk_widget_set_hexpand (copy, gtk_widget_get_hexpand (widget));
  gtk_widget_set_margin_start (copy, gtk_widget_get_margin_start (widget));
  gtk_widget_set_margin_end (copy, gtk_widget_get_margin_end (widget));
  gtk_widget_set_margin_top (copy, gtk_widget_get_margin_top (widget));
  gtk_widget_set_margin_bottom (copy, gtk_widget_get_margin_bottom (widget));
  return copy;
}

/* Shows @label, a child of the bin, instead of the current one, which is kept hidden. */
static void
show_label (ImtehanWrapBin *self,
            GtkWidget      *label)
{
  GtkWidget *former = self->child;

  unwatch_child (self);
  gtk_widget_set_visible (former, FALSE);
  g_ptr_array_add (self->spares, former);

  self->child = label;
  gtk_widget_set_visible (label, TRUE);
  watch_child (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD]);
}

/* The label of the bin that has @text, the child or a hidden one, or %NULL. */
static GtkWidget *
find_label (ImtehanWrapBin *self,
            const char     *text)
{
  if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (self->child)), text) == 0)
    return self->child;
  for (guint i = 0; i < self->spares->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (self->spares, i);

      if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) == 0)
        return label;
    }
  return NULL;
}

/* A hidden label with @text, among the spares: the oldest spare when there are enough. */
static GtkWidget *
new_label (ImtehanWrapBin *self,
           const char     *text)
{
  GtkWidget *label;

  if (self->spares->len >= MAX_SPARES)
    label = g_ptr_array_steal_index (self->spares, 0);
  else
    {
      label = clone_label (GTK_LABEL (self->child));
      gtk_widget_set_visible (label, FALSE);
      gtk_widget_set_parent (label, GTK_WIDGET (self));
    }
  g_ptr_array_add (self->spares, label);
  gtk_label_set_text (GTK_LABEL (label), text);
  return label;
}

/**
 * imtehan_wrap_bin_set_text:
 * @text: (nullable): the text to show, or %NULL to hide the bin
 *
 * Shows @text in the bin's label, in a label that showed it before if there is one (or was
 * prepared with imtehan_wrap_bin_prepare_text()): its layout is kept, so the text is not
 * laid out again. The label shown is then the bin's child (imtehan_wrap_bin_get_child()).
 */
void
imtehan_wrap_bin_set_text (ImtehanWrapBin *self,
                           const char     *text)
{
  GtkWidget *label;

  g_return_if_fail (IMTEHAN_IS_WRAP_BIN (self));
  g_return_if_fail (GTK_IS_LABEL (self->child));

  if (text == NULL)
    {
      gtk_widget_set_visible (self->child, FALSE);
      return;
    }
  label = find_label (self, text);
  /* A label with no text has nothing laid out worth keeping. */
  if (label == NULL && *gtk_label_get_text (GTK_LABEL (self->child)) == '\0')
    {
      gtk_label_set_text (GTK_LABEL (self->child), text);
      label = self->child;
    }
  if (label == NULL)
    label = new_label (self, text);
  if (label == self->child)
    gtk_widget_set_visible (self->child, TRUE);
  else
    {
      guint index = 0;

      /* Stolen from the spares: removing it would unparent it. */
      g_ptr_array_find (self->spares, label, &index);
      g_ptr_array_steal_index (self->spares, index);
      show_label (self, label);
    }
}

/**
 * imtehan_label_draw_glyphs:
 * @label: a label
 *
 * Draws @label's layout once, off screen, so that cairo has its glyphs: drawing a page of
 * Nastaliq the first time rasterizes hundreds of them. The glyphs are cached with the font,
 * which the window's renderer then uses.
 */
void
imtehan_label_draw_glyphs (GtkLabel *label)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  cairo_surface_t *surface;
  cairo_t *cr;
  int width, height;

  pango_layout_get_pixel_size (layout, &width, &height);
  surface = cairo_image_surface_create (CAIRO_FORMAT_A8, CLAMP (width, 1, 2048),
                                        CLAMP (height, 1, 2048));
  cr = cairo_create (surface);
  pango_cairo_show_layout (cr, layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/**
 * imtehan_widget_draw_glyphs:
 * @widget: a widget
 *
 * imtehan_label_draw_glyphs() for every label under @widget that has a text.
 */
void
imtehan_widget_draw_glyphs (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    imtehan_label_draw_glyphs (GTK_LABEL (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    imtehan_widget_draw_glyphs (child);
}

/**
 * imtehan_wrap_bin_prepare_text:
 * @text: a text the bin will show
 * @width: the width the bin will have, for a wrapping label
 *
 * Lays @text out in a hidden label of the bin, as it will be shown, and draws its glyphs
 * off screen, before it is needed: imtehan_wrap_bin_set_text() then shows that label and
 * lays nothing out. Does nothing when the bin shows @text.
 */
void
imtehan_wrap_bin_prepare_text (ImtehanWrapBin *self,
                               const char     *text,
                               int             width)
{
  GtkWidget *label;

  g_return_if_fail (IMTEHAN_IS_WRAP_BIN (self));
  g_return_if_fail (GTK_IS_LABEL (self->child));
  g_return_if_fail (text != NULL);

  label = find_label (self, text);
  if (label == self->child)
    return;
  if (label == NULL)
    label = new_label (self, text);
  if (is_single_line (label))
    lay_out (label, -1);
  else if (width > 0)
    text_height_at (label, width - text_box (self).across);
  imtehan_label_draw_glyphs (GTK_LABEL (label));
}

/**
 * imtehan_wrap_bin_get_stats:
 * @out: (out): what all wrap bins have done since the process started
 *
 * For the tests and benchmarks: how many times the bins laid a text out, and how often they
 * were asked for their width for a height.
 */
void
imtehan_wrap_bin_get_stats (ImtehanWrapBinStats *out)
{
  g_return_if_fail (out != NULL);
  *out = stats;
}
