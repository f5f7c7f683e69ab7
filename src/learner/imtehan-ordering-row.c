/* imtehan-ordering-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An item of an ordering question in a list: its place, its text and picture, and Move up
 * and Move down, which Alt+Up and Alt+Down on the row do too. The row asks to be moved with
 * ::move; ImtehanAnswerOrdering moves it. A screen reader hears the item's text and its place
 * ("2 of 4").
 */

#define G_LOG_DOMAIN "imtehan-ordering-row"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-i18n.h"
#include "imtehan-ordering-row.h"
#include "imtehan-row.h"
#include "imtehan-wrap-bin.h"

struct _ImtehanOrderingRow
{
  GtkListBoxRow  parent_instance;

  GtkLabel      *place_label;
  GtkBox        *text_box;
  GtkLabel      *text_label;
  GtkButton     *up_button;
  GtkButton     *down_button;
  GtkWidget     *picture;

  const char    *item_id;   /* interned */
};

G_DEFINE_FINAL_TYPE (ImtehanOrderingRow, imtehan_ordering_row, GTK_TYPE_LIST_BOX_ROW)

enum {
  MOVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
up_clicked_cb (ImtehanOrderingRow *self)
{
  g_signal_emit (self, signals[MOVE], 0, -1);
}

static void
down_clicked_cb (ImtehanOrderingRow *self)
{
  g_signal_emit (self, signals[MOVE], 0, 1);
}

static void
imtehan_ordering_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), IMTEHAN_TYPE_ORDERING_ROW);

  G_OBJECT_CLASS (imtehan_ordering_row_parent_class)->dispose (object);
}

static void
imtehan_ordering_row_class_init (ImtehanOrderingRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_ordering_row_dispose;

  /**
   * ImtehanOrderingRow::move:
   * @delta: -1 to move the item up (earlier), 1 down (later)
   */
  signals[MOVE] =
    g_signal_new ("move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  g_type_ensure (IMTEHAN_TYPE_ROW);
  g_type_ensure (IMTEHAN_TYPE_WRAP_BIN);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-ordering-row.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanOrderingRow, place_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanOrderingRow, text_box);
  gtk_widget_class_bind_template_child (widget_class, ImtehanOrderingRow, text_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanOrderingRow, up_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanOrderingRow, down_button);
  gtk_widget_class_bind_template_callback (widget_class, up_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, down_clicked_cb);

  for (guint i = 0; i < 4; i++)
    {
      static const guint keys[] = { GDK_KEY_Up, GDK_KEY_KP_Up, GDK_KEY_Down, GDK_KEY_KP_Down };

      gtk_widget_class_add_binding_signal (widget_class, keys[i], GDK_ALT_MASK, "move", "(i)",
                                           i < 2 ? -1 : 1);
    }
}

static void
imtehan_ordering_row_init (ImtehanOrderingRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Icon buttons: a screen reader hears what they do. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->up_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Move up"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->down_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Move down"), -1);
}

GtkWidget *
imtehan_ordering_row_new (void)
{
  return g_object_new (IMTEHAN_TYPE_ORDERING_ROW, NULL);
}

/**
 * imtehan_ordering_row_set_item:
 * @picture: (nullable) (transfer floating): the item's picture
 *
 * Shows the item @item_id, its @text in @lang and its picture below the text.
 */
void
imtehan_ordering_row_set_item (ImtehanOrderingRow *self,
                               const char         *item_id,
                               const char         *text,
                               const char         *lang,
                               GtkWidget          *picture)
{
  g_return_if_fail (IMTEHAN_IS_ORDERING_ROW (self));

  self->item_id = g_intern_string (item_id);
  imtehan_label_set_content (self->text_label, text, lang);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  if (self->picture != NULL)
    gtk_box_remove (self->text_box, self->picture);
  self->picture = picture;
  if (picture != NULL)
    {
      gtk_widget_set_halign (picture, GTK_ALIGN_START);
      gtk_box_append (self->text_box, picture);
    }
}

const char *
imtehan_ordering_row_get_item_id (ImtehanOrderingRow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ORDERING_ROW (self), NULL);
  return self->item_id;
}

/* A button that can no longer move the item gives the keyboard to the other, or the row:
 * an insensitive widget loses the focus, and the learner their place. */
static void
disable_button (ImtehanOrderingRow *self,
                GtkButton          *button,
                GtkButton          *other)
{
  if (gtk_widget_has_focus (GTK_WIDGET (button)))
    {
      if (gtk_widget_get_sensitive (GTK_WIDGET (other)))
        gtk_widget_grab_focus (GTK_WIDGET (other));
      else
        gtk_widget_grab_focus (GTK_WIDGET (self));
    }
  gtk_widget_set_sensitive (GTK_WIDGET (button), FALSE);
}

/**
 * imtehan_ordering_row_set_place:
 * @place: where the item stands, from 0
 * @n_places: how many items there are
 * @locked: whether the order may no longer change (a checked practice answer)
 */
void
imtehan_ordering_row_set_place (ImtehanOrderingRow *self,
                                guint               place,
                                guint               n_places,
                                gboolean            locked)
{
  g_autofree char *number = NULL;
  g_autofree char *description = NULL;
  gboolean up, down;

  g_return_if_fail (IMTEHAN_IS_ORDERING_ROW (self));

  /* ASCII digits, as every number the app shows (imtehan_format_score()). */
  number = g_strdup_printf ("%u", place + 1);
  gtk_label_set_text (self->place_label, number);
  /* TRANSLATORS: what a screen reader says of an item of an ordering question after its
   * text: its place in the learner's order, "2 of 4" */
  description = g_strdup_printf (_("%u of %u"), place + 1, n_places);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description, -1);
  up = !locked && place > 0;
  down = !locked && place + 1 < n_places;
  if (up)
    gtk_widget_set_sensitive (GTK_WIDGET (self->up_button), TRUE);
  if (down)
    gtk_widget_set_sensitive (GTK_WIDGET (self->down_button), TRUE);
  if (!up)
    disable_button (self, self->up_button, self->down_button);
  if (!down)
    disable_button (self, self->down_button, self->up_button);
}

/* Returns: (transfer none): Move up for @delta -1, Move down for 1 */
GtkWidget *
imtehan_ordering_row_get_button (ImtehanOrderingRow *self,
                                 int                 delta)
{
  g_return_val_if_fail (IMTEHAN_IS_ORDERING_ROW (self), NULL);
  return GTK_WIDGET (delta < 0 ? self->up_button : self->down_button);
}
