/* imtehan-wrap-bin.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Holds one wrapping GtkLabel and answers for its width from character counts (as GtkLabel's
 * width-chars and max-width-chars), laying its text out only for a real width; or one
 * single-line label that ellipsizes, measured with one layout per text. imtehan_wrap_bin_
 * set_text() can show a hidden label that already has a former text laid out.
 * Why: Nastaliq shapes about 20 times slower than Naskh, and GTK 4.8 asks a wrapping label
 * for many widths it never gets; docs/performance.md ("Why the text widgets") has the detail.
 */

#define G_LOG_DOMAIN "imtehan-wrap-bin"

#include "config.h"

#include <pango/pangocairo.h>

#include "imtehan-wrap-bin.h"

struct _ImtehanWrapBin
{
  GtkWidget  parent_instance;

  GtkWidget *child;
  int        min_chars;
  int        max_chars;
  /* The last height measured for a real width: the answer when no width is given. */
  int        last_minimum;
  int        last_natural;
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
 * to find it, with fallback fonts, every time it is called: at start-up that was several
 * milliseconds for each font size on the page. Half the font size is the same estimate,
 * within a pixel or two at these sizes, for free. */
static int
char_width (ImtehanWrapBin *self)
{
  return MAX ((int)(font_pixels (self) * PANGO_SCALE / 2), 1);
}

static void
add_border (GtkBorder       *sum,
            const GtkBorder *border)
{
  sum->left += border->left;
  sum->right += border->right;
  sum->top += border->top;
  sum->bottom += border->bottom;
}

/* What lies around a label's text: its CSS margin, border and padding, and its margins. */
static GtkBorder
child_box (GtkWidget *label)
{
  GtkStyleContext *style = gtk_widget_get_style_context (label);
  GtkBorder box = { 0 }, part;

  gtk_style_context_get_margin (style, &part);
  add_border (&box, &part);
  gtk_style_context_get_border (style, &part);
  add_border (&box, &part);
  gtk_style_context_get_padding (style, &part);
  add_border (&box, &part);
  box.left += gtk_widget_get_margin_start (label);
  box.right += gtk_widget_get_margin_end (label);
  box.top += gtk_widget_get_margin_top (label);
  box.bottom += gtk_widget_get_margin_bottom (label);
  return box;
}

/* The label's height for a width, as gtk_widget_measure() would give it, from the layout the
 * label will paint. Asking the label itself would cost two more layouts per width: GTK
 * measures a widget's unconstrained width before any height-for-width (to clamp the width
 * to its minimum), and a wrapping GtkLabel answers that by laying its text out at width 0
 * and unwrapped. The layout's width is set as gtk_label_size_allocate() sets it; once the
 * label gets this width, it lays nothing out again. */
static int
label_height_for_width (GtkWidget *label,
                        int        width)
{
  GtkBorder box = child_box (label);
  PangoLayout *layout;
  int text_height;

  layout = gtk_label_get_layout (GTK_LABEL (label));
  pango_layout_set_width (layout, MAX (width - box.left - box.right, 1) * PANGO_SCALE);
  pango_layout_get_size (layout, NULL, &text_height);

  return PANGO_PIXELS_CEIL (text_height) + box.top + box.bottom;
}

static gboolean
is_single_line (GtkWidget *label)
{
  return !gtk_label_get_wrap (GTK_LABEL (label)) &&
         gtk_label_get_ellipsize (GTK_LABEL (label)) != PANGO_ELLIPSIZE_NONE;
}

typedef struct
{
  PangoLayout *layout;  /* weak */
  int          width;
  int          height;
} LineSize;

static void
line_size_free (gpointer data)
{
  LineSize *size = data;

  g_clear_weak_pointer (&size->layout);
  g_free (size);
}

/* The size of a single-line label's whole text, with its margins, borders and padding:
 * measured once per layout of the label (each label of the bin remembers its own). */
static const LineSize *
single_line_size (GtkWidget *label)
{
  PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (label));
  LineSize *size = g_object_get_data (G_OBJECT (label), "imtehan-wrap-bin-line-size");

  if (size == NULL)
    {
      size = g_new0 (LineSize, 1);
      g_object_set_data_full (G_OBJECT (label), "imtehan-wrap-bin-line-size", size,
                              line_size_free);
    }
  if (layout != size->layout)
    {
      GtkBorder box = child_box (label);
      int text_width, text_height;

      pango_layout_set_width (layout, -1);
      pango_layout_get_size (layout, &text_width, &text_height);
      size->width = PANGO_PIXELS_CEIL (text_width) + box.left + box.right;
      size->height = PANGO_PIXELS_CEIL (text_height) + box.top + box.bottom;
      g_set_weak_pointer (&size->layout, layout);
    }
  return size;
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

  if (self->child == NULL || !gtk_widget_get_visible (self->child))
    {
      *minimum = *natural = 0;
      return;
    }

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int width = char_width (self);

      *minimum = PANGO_PIXELS_CEIL (width * self->min_chars);
      if (is_single_line (self->child))
        *natural = MAX (*minimum, single_line_size (self->child)->width);
      else
        *natural = PANGO_PIXELS_CEIL (width * MAX (self->min_chars, self->max_chars));
    }
  else if (is_single_line (self->child))
    {
      /* One line at any width: laying it out at the widths asked (the header bar asks for
       * its minimum width too) would only shape it again. */
      *minimum = *natural = single_line_size (self->child)->height;
    }
  else if (for_size < 0)
    {
      /* Asked only to find a width for a given height (see above), which nothing here
       * uses; a label would lay its text out twice more to answer. The last height
       * measured does; before any, more than a line's height (a Nastaliq line is up to four
       * times as high as the font size): GtkBoxLayout checks that this is no less than the
       * height at an unbounded width, one line. */
      if (self->last_minimum == 0)
        self->last_minimum = self->last_natural = (int)(8 * font_pixels (self));
      *minimum = self->last_minimum;
      *natural = self->last_natural;
    }
  else
    {
      *minimum = *natural = label_height_for_width (self->child, for_size);
      self->last_minimum = *minimum;
      self->last_natural = *natural;
    }
}

static GtkSizeRequestMode
imtehan_wrap_bin_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* As AdwBin: the child's expand flags are the bin's (GtkWidget does not pass them on). */
static void
imtehan_wrap_bin_compute_expand (GtkWidget *widget,
                                gboolean  *hexpand,
                                gboolean  *vexpand)
{
  ImtehanWrapBin *self = IMTEHAN_WRAP_BIN (widget);

  *hexpand = self->child != NULL && gtk_widget_compute_expand (self->child, GTK_ORIENTATION_HORIZONTAL);
  *vexpand = self->child != NULL && gtk_widget_compute_expand (self->child, GTK_ORIENTATION_VERTICAL);
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
}

/* A hidden label hides its bin too, so that a box leaves no spacing for it. */
static void
child_visible_cb (ImtehanWrapBin *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), gtk_widget_get_visible (self->child));
}

static void
imtehan_wrap_bin_dispose (GObject *object)
{
  ImtehanWrapBin *self = (ImtehanWrapBin *)object;

  if (self->child != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->child, child_visible_cb, self);
    }
  g_clear_pointer (&self->child, gtk_widget_unparent);
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
    {
      g_signal_handlers_disconnect_by_func (self->child, child_visible_cb, self);
    }
  g_clear_pointer (&self->child, gtk_widget_unparent);
  if (child != NULL)
    {
      self->child = child;
      gtk_widget_set_parent (child, GTK_WIDGET (self));
      g_signal_connect_swapped (child, "notify::visible", G_CALLBACK (child_visible_cb), self);
      child_visible_cb (self);
    }
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

  g_signal_handlers_disconnect_by_func (former, child_visible_cb, self);
  gtk_widget_set_visible (former, FALSE);
  g_ptr_array_add (self->spares, former);

  self->child = label;
  gtk_widget_set_visible (label, TRUE);
  g_signal_connect_swapped (label, "notify::visible", G_CALLBACK (child_visible_cb), self);
  child_visible_cb (self);
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
    single_line_size (label);
  else if (width > 0)
    label_height_for_width (label, width);
  imtehan_label_draw_glyphs (GTK_LABEL (label));
}
