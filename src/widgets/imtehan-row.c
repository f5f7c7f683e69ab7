/* imtehan-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where a horizontal GtkBox would hold an ImtehanWrapBin: its children side by side, each
 * asked only its height for the width it gets (imtehan-row-layout.c says why). Children are
 * added with imtehan_row_append() or as <child> in a .ui file.
 */

#define G_LOG_DOMAIN "imtehan-row"

#include "config.h"

#include "imtehan-row.h"
#include "imtehan-row-layout.h"

struct _ImtehanRow
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (ImtehanRow, imtehan_row, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SPACING,
  PROP_WRAPPING_VALIGN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static ImtehanRowLayout *
row_layout (ImtehanRow *self)
{
  return IMTEHAN_ROW_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self)));
}

static void
imtehan_row_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (imtehan_row_parent_class)->dispose (object);
}

static void
imtehan_row_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  ImtehanRow *self = IMTEHAN_ROW (object);

  switch (prop_id)
    {
    case PROP_SPACING:
      g_value_set_int (value, imtehan_row_layout_get_spacing (row_layout (self)));
      break;
    case PROP_WRAPPING_VALIGN:
      g_value_set_enum (value, imtehan_row_layout_get_wrapping_valign (row_layout (self)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_row_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  ImtehanRow *self = IMTEHAN_ROW (object);

  switch (prop_id)
    {
    case PROP_SPACING:
      if (imtehan_row_layout_get_spacing (row_layout (self)) != g_value_get_int (value))
        {
          imtehan_row_layout_set_spacing (row_layout (self), g_value_get_int (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_WRAPPING_VALIGN:
      if ((int)imtehan_row_layout_get_wrapping_valign (row_layout (self)) != g_value_get_enum (value))
        {
          imtehan_row_layout_set_wrapping_valign (row_layout (self), g_value_get_enum (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_row_class_init (ImtehanRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_row_dispose;
  object_class->get_property = imtehan_row_get_property;
  object_class->set_property = imtehan_row_set_property;

  properties[PROP_SPACING] =
    g_param_spec_int ("spacing", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * ImtehanRow:wrapping-valign:
   *
   * ImtehanRowLayout:wrapping-valign: where a wrapping child stands in a higher row. Give it
   * instead of the child's own valign, which costs a search over widths.
   */
  properties[PROP_WRAPPING_VALIGN] =
    g_param_spec_enum ("wrapping-valign", NULL, NULL, GTK_TYPE_ALIGN, GTK_ALIGN_FILL,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, IMTEHAN_TYPE_ROW_LAYOUT);
  /* As a GtkBox, which it stands for. */
  gtk_widget_class_set_css_name (widget_class, "box");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GENERIC);
}

static void
imtehan_row_init (ImtehanRow *self)
{
}

GtkWidget *
imtehan_row_new (int spacing)
{
  return g_object_new (IMTEHAN_TYPE_ROW, "spacing", spacing, NULL);
}

void
imtehan_row_append (ImtehanRow *self,
                    GtkWidget  *child)
{
  g_return_if_fail (IMTEHAN_IS_ROW (self));
  g_return_if_fail (GTK_IS_WIDGET (child));
  g_return_if_fail (gtk_widget_get_parent (child) == NULL);

  gtk_widget_insert_before (child, GTK_WIDGET (self), NULL);
}
