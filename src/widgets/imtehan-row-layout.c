/* imtehan-row-layout.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lays its widget's children out side by side, in reading order: each gets at least its
 * minimum width and up to its natural width, and what is left goes to those that expand. The
 * row is as high as its highest child at the width that child gets.
 *
 * Not a horizontal GtkBox: for its height at a width, GtkBoxLayout asks each wrapping child for
 * its width at its minimum height (GTK 4.8 always, 4.18 when two or more wrap), which an
 * ImtehanWrapBin of Nastaliq can answer only by laying its text out for widths it never gets;
 * and no minimum height serves as both GTK 4.18's floor and GTK 4.8's height at the minimum
 * width. This layout asks each child only its width for no height and its height for the
 * width it gets. (A GtkGrid's height for no width is its height at its minimum width, which
 * GTK 4.18's box takes as a floor.)
 *
 * A wrapping child lower than the row stands where wrapping-valign says, placed by the layout:
 * given a valign of its own, GTK would first ask it its width for the row's height (another
 * search over widths) before placing it.
 */

#define G_LOG_DOMAIN "imtehan-row-layout"

#include "config.h"

#include "imtehan-row-layout.h"

struct _ImtehanRowLayout
{
  GtkLayoutManager parent_instance;

  int      spacing;
  GtkAlign wrapping_valign;
};

G_DEFINE_FINAL_TYPE (ImtehanRowLayout, imtehan_row_layout, GTK_TYPE_LAYOUT_MANAGER)

enum {
  PROP_0,
  PROP_SPACING,
  PROP_WRAPPING_VALIGN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static guint
count_children (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_should_layout (child))
      n++;
  return n;
}

/* The width each child gets when the row is @width wide, into @sizes (one per child laid
 * out, in order): minimum widths first, then up to the natural ones, then the rest shared
 * by the children that expand. */
static void
distribute (ImtehanRowLayout *self,
            GtkWidget        *widget,
            int               width,
            GtkRequestedSize *sizes,
            guint             n)
{
  int extra = width - self->spacing * ((int)n - 1);
  guint n_expand = 0, i = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_should_layout (child))
        continue;
      sizes[i].data = child;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1,
                          &sizes[i].minimum_size, &sizes[i].natural_size, NULL, NULL);
      extra -= sizes[i].minimum_size;
      if (gtk_widget_compute_expand (child, GTK_ORIENTATION_HORIZONTAL))
        n_expand++;
      i++;
    }

  extra = gtk_distribute_natural_allocation (MAX (extra, 0), n, sizes);
  if (n_expand == 0)
    return;
  for (i = 0; i < n; i++)
    if (gtk_widget_compute_expand (sizes[i].data, GTK_ORIENTATION_HORIZONTAL))
      {
        int share = extra / (int)n_expand;

        sizes[i].minimum_size += share;
        extra -= share;
        n_expand--;
      }
}

static void
imtehan_row_layout_measure (GtkLayoutManager *manager,
                            GtkWidget        *widget,
                            GtkOrientation    orientation,
                            int               for_size,
                            int              *minimum,
                            int              *natural,
                            int              *minimum_baseline,
                            int              *natural_baseline)
{
  ImtehanRowLayout *self = IMTEHAN_ROW_LAYOUT (manager);
  guint n = count_children (widget);
  GtkRequestedSize *sizes;

  *minimum = *natural = 0;
  if (n == 0)
    return;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* Each child needs its own width for that height: nothing here asks this with a
       * height, and a wrapping child answers it only by laying its text out. */
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          int child_min, child_nat;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, orientation, for_size, &child_min, &child_nat, NULL, NULL);
          *minimum += child_min;
          *natural += child_nat;
        }
      *minimum += self->spacing * ((int)n - 1);
      *natural += self->spacing * ((int)n - 1);
      return;
    }

  if (for_size < 0)
    {
      /* As low as the highest child can be, whatever the width. */
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          int child_min, child_nat;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, orientation, -1, &child_min, &child_nat, NULL, NULL);
          *minimum = MAX (*minimum, child_min);
          *natural = MAX (*natural, child_nat);
        }
      return;
    }

  sizes = g_newa (GtkRequestedSize, n);
  distribute (self, widget, for_size, sizes, n);
  for (guint i = 0; i < n; i++)
    {
      int child_min, child_nat;

      gtk_widget_measure (sizes[i].data, orientation, sizes[i].minimum_size,
                          &child_min, &child_nat, NULL, NULL);
      *minimum = MAX (*minimum, child_min);
      *natural = MAX (*natural, child_nat);
    }
}

static void
imtehan_row_layout_allocate (GtkLayoutManager *manager,
                             GtkWidget        *widget,
                             int               width,
                             int               height,
                             int               baseline)
{
  ImtehanRowLayout *self = IMTEHAN_ROW_LAYOUT (manager);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  guint n = count_children (widget);
  GtkRequestedSize *sizes;
  int x = 0;

  if (n == 0)
    return;
  sizes = g_newa (GtkRequestedSize, n);
  distribute (self, widget, width, sizes, n);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *child = sizes[i].data;
      int child_width = sizes[i].minimum_size;
      int y = 0, child_height = height;

      /* The whole height: gtk_widget_size_allocate() places the child by its valign; a
       * wrapping one of valign fill, by wrapping-valign, at its height for its width (the
       * one measured for the row's height). */
      if (self->wrapping_valign != GTK_ALIGN_FILL &&
          gtk_widget_get_valign (child) == GTK_ALIGN_FILL &&
          gtk_widget_get_request_mode (child) == GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH)
        {
          int minimum, natural;

          gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, child_width, &minimum, &natural,
                              NULL, NULL);
          child_height = CLAMP (natural, minimum, height);
          if (self->wrapping_valign == GTK_ALIGN_CENTER)
            y = (height - child_height) / 2;
          else if (self->wrapping_valign == GTK_ALIGN_END)
            y = height - child_height;
        }
      gtk_widget_size_allocate (child,
                                &(GtkAllocation) { rtl ? width - x - child_width : x, y,
                                                   child_width, child_height },
                                -1);
      x += child_width + self->spacing;
    }
}

static void
imtehan_row_layout_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  ImtehanRowLayout *self = IMTEHAN_ROW_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_SPACING:
      g_value_set_int (value, self->spacing);
      break;
    case PROP_WRAPPING_VALIGN:
      g_value_set_enum (value, self->wrapping_valign);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_row_layout_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  ImtehanRowLayout *self = IMTEHAN_ROW_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_SPACING:
      imtehan_row_layout_set_spacing (self, g_value_get_int (value));
      break;
    case PROP_WRAPPING_VALIGN:
      imtehan_row_layout_set_wrapping_valign (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_row_layout_class_init (ImtehanRowLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  object_class->get_property = imtehan_row_layout_get_property;
  object_class->set_property = imtehan_row_layout_set_property;
  layout_class->measure = imtehan_row_layout_measure;
  layout_class->allocate = imtehan_row_layout_allocate;

  properties[PROP_SPACING] =
    g_param_spec_int ("spacing", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * ImtehanRowLayout:wrapping-valign:
   *
   * Where a wrapping child (height for width) of valign fill stands when it is lower than
   * the row; fill, the default, gives it the row's height.
   */
  properties[PROP_WRAPPING_VALIGN] =
    g_param_spec_enum ("wrapping-valign", NULL, NULL, GTK_TYPE_ALIGN, GTK_ALIGN_FILL,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imtehan_row_layout_init (ImtehanRowLayout *self)
{
}

GtkLayoutManager *
imtehan_row_layout_new (int spacing)
{
  return g_object_new (IMTEHAN_TYPE_ROW_LAYOUT, "spacing", spacing, NULL);
}

int
imtehan_row_layout_get_spacing (ImtehanRowLayout *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ROW_LAYOUT (self), 0);
  return self->spacing;
}

void
imtehan_row_layout_set_spacing (ImtehanRowLayout *self,
                                int               spacing)
{
  g_return_if_fail (IMTEHAN_IS_ROW_LAYOUT (self));

  if (self->spacing == spacing)
    return;
  self->spacing = spacing;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPACING]);
}

GtkAlign
imtehan_row_layout_get_wrapping_valign (ImtehanRowLayout *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ROW_LAYOUT (self), GTK_ALIGN_FILL);
  return self->wrapping_valign;
}

void
imtehan_row_layout_set_wrapping_valign (ImtehanRowLayout *self,
                                        GtkAlign          align)
{
  g_return_if_fail (IMTEHAN_IS_ROW_LAYOUT (self));

  /* Baseline alignment has no meaning here: the children are placed by their boxes. */
  if (align == GTK_ALIGN_BASELINE)
    align = GTK_ALIGN_START;
  if (self->wrapping_valign == align)
    return;
  self->wrapping_valign = align;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WRAPPING_VALIGN]);
}
