/* imtehan-scroll-bin.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The content of a page's GtkScrolledWindow, which scrolls vertically only: it gives its
 * height for the width it is given, and answers GTK's other questions (its width for a height,
 * its height for no width) without laying any text out.
 * Why: those questions would reach every wrapping label of the page and lay its Nastaliq out
 * for widths it never gets; docs/performance.md ("Why the text widgets") has the detail.
 *
 * The answers keep GTK's contract for the content of a scroller that never scrolls sideways:
 * its height for no width is at least 0 (a true lower bound; the natural one is the height it
 * last had), and its width is the same for any height, since its height is not bounded by
 * the height it is shown in: GTK 4.8's GtkViewport asks for its width for the viewport's
 * height, and a width that fitted the content into that height would scroll sideways.
 */

#define G_LOG_DOMAIN "imtehan-scroll-bin"

#include "config.h"

#include "imtehan-scroll-bin.h"

struct _ImtehanScrollBin
{
  GtkWidget  parent_instance;

  GtkWidget *child;
  int        last_natural;
};

G_DEFINE_FINAL_TYPE (ImtehanScrollBin, imtehan_scroll_bin, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CHILD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
imtehan_scroll_bin_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  ImtehanScrollBin *self = IMTEHAN_SCROLL_BIN (widget);

  if (self->child == NULL || !gtk_widget_get_visible (self->child))
    {
      *minimum = *natural = 0;
    }
  else if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (self->child, orientation, -1, minimum, natural, NULL, NULL);
    }
  else if (for_size < 0)
    {
      *minimum = 0;
      *natural = self->last_natural;
    }
  else
    {
      gtk_widget_measure (self->child, orientation, for_size, minimum, natural, NULL, NULL);
      self->last_natural = *natural;
    }
}

static GtkSizeRequestMode
imtehan_scroll_bin_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* As AdwBin: the child's expand flags are the bin's (GtkWidget does not pass them on). */
static void
imtehan_scroll_bin_compute_expand (GtkWidget *widget,
                                   gboolean  *hexpand,
                                   gboolean  *vexpand)
{
  ImtehanScrollBin *self = IMTEHAN_SCROLL_BIN (widget);

  *hexpand = self->child != NULL &&
             gtk_widget_compute_expand (self->child, GTK_ORIENTATION_HORIZONTAL);
  *vexpand = self->child != NULL &&
             gtk_widget_compute_expand (self->child, GTK_ORIENTATION_VERTICAL);
}

static void
imtehan_scroll_bin_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  ImtehanScrollBin *self = IMTEHAN_SCROLL_BIN (widget);

  if (self->child != NULL && gtk_widget_get_visible (self->child))
    gtk_widget_allocate (self->child, width, height, baseline, NULL);
}

static void
imtehan_scroll_bin_dispose (GObject *object)
{
  ImtehanScrollBin *self = (ImtehanScrollBin *)object;

  g_clear_pointer (&self->child, gtk_widget_unparent);

  G_OBJECT_CLASS (imtehan_scroll_bin_parent_class)->dispose (object);
}

static void
imtehan_scroll_bin_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  ImtehanScrollBin *self = IMTEHAN_SCROLL_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      g_value_set_object (value, self->child);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_scroll_bin_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  ImtehanScrollBin *self = IMTEHAN_SCROLL_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      imtehan_scroll_bin_set_child (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_scroll_bin_class_init (ImtehanScrollBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_scroll_bin_dispose;
  object_class->get_property = imtehan_scroll_bin_get_property;
  object_class->set_property = imtehan_scroll_bin_set_property;
  widget_class->measure = imtehan_scroll_bin_measure;
  widget_class->size_allocate = imtehan_scroll_bin_size_allocate;
  widget_class->get_request_mode = imtehan_scroll_bin_get_request_mode;
  widget_class->compute_expand = imtehan_scroll_bin_compute_expand;

  properties[PROP_CHILD] =
    g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GENERIC);
}

static void
imtehan_scroll_bin_init (ImtehanScrollBin *self)
{
}

GtkWidget *
imtehan_scroll_bin_get_child (ImtehanScrollBin *self)
{
  g_return_val_if_fail (IMTEHAN_IS_SCROLL_BIN (self), NULL);
  return self->child;
}

/**
 * imtehan_scroll_bin_set_child:
 * @child: (nullable): the page's content
 *
 * The bin itself goes into a GtkScrolledWindow that never scrolls sideways
 * (hscrollbar-policy "never").
 */
void
imtehan_scroll_bin_set_child (ImtehanScrollBin *self,
                              GtkWidget        *child)
{
  g_return_if_fail (IMTEHAN_IS_SCROLL_BIN (self));
  g_return_if_fail (child == NULL || GTK_IS_WIDGET (child));

  if (self->child == child)
    return;
  g_clear_pointer (&self->child, gtk_widget_unparent);
  self->last_natural = 0;
  if (child != NULL)
    {
      self->child = child;
      gtk_widget_set_parent (child, GTK_WIDGET (self));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD]);
}

/**
 * imtehan_grab_focus_unscrolled:
 * @widget: what to focus (its grab_focus)
 * @viewports: (element-type GtkViewport): the viewports that must not scroll to it
 *
 * Focuses @widget while @viewports do not scroll to the focus. When a page or a question is
 * just shown it is not allocated yet, and GtkViewport would scroll to where the focused
 * widget was the last time it was shown, and animate that; finding that out measures the
 * page again too.
 *
 * Returns: what gtk_widget_grab_focus() returned
 */
gboolean
imtehan_grab_focus_unscrolled (GtkWidget *widget,
                               GPtrArray *viewports)
{
  g_autoptr(GPtrArray) scrolling = g_ptr_array_new ();
  gboolean grabbed;

  for (guint i = 0; i < viewports->len; i++)
    if (gtk_viewport_get_scroll_to_focus (g_ptr_array_index (viewports, i)))
      g_ptr_array_add (scrolling, g_ptr_array_index (viewports, i));
  for (guint i = 0; i < scrolling->len; i++)
    gtk_viewport_set_scroll_to_focus (g_ptr_array_index (scrolling, i), FALSE);
  grabbed = gtk_widget_grab_focus (widget);
  for (guint i = 0; i < scrolling->len; i++)
    gtk_viewport_set_scroll_to_focus (g_ptr_array_index (scrolling, i), TRUE);
  return grabbed;
}
