/* imtehan-answer-ordering.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The items of an ordering question in the learner's order, at first the attempt's shuffled
 * one. An item moves with its buttons, Alt+Up and Alt+Down, or by drag and drop; every move
 * responds with the whole order. Keep This Order responds with the order as shown, for a
 * learner who would not move anything.
 */

#define G_LOG_DOMAIN "imtehan-answer-ordering"

#include "config.h"

#include "imtehan-picture-view.h"

#include <glib/gi18n.h>

#include "imtehan-a11y.h"
#include "imtehan-answer-ordering.h"
#include "imtehan-ordering-row.h"

struct _ImtehanAnswerOrdering
{
  GtkBox           parent_instance;

  GtkLabel        *hint_label;
  GtkListBox      *list;
  GtkButton       *keep_button;

  GPtrArray       *rows;      /* ImtehanOrderingRow, in the order shown */
  ImtehanQuestion *question;
  const char      *lang;      /* interned */
  char           **initial;   /* the attempt's order, shown until the learner answers */
  GtkWidget       *dragged;   /* the row being dragged, while it is */
  double           drag_x;
  double           drag_y;
  gboolean         answered;
  gboolean         checked;
};

static void imtehan_answer_ordering_iface_init (ImtehanAnswerAreaInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ImtehanAnswerOrdering, imtehan_answer_ordering, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (IMTEHAN_TYPE_ANSWER_AREA,
                                                      imtehan_answer_ordering_iface_init))

/* The list shows the rows in the order of self->rows. */
static int
compare_rows (GtkListBoxRow *a,
              GtkListBoxRow *b,
              gpointer       user_data)
{
  ImtehanAnswerOrdering *self = user_data;
  guint position_a = 0, position_b = 0;

  g_ptr_array_find (self->rows, a, &position_a);
  g_ptr_array_find (self->rows, b, &position_b);
  return (int)position_a - (int)position_b;
}

static void
update_places (ImtehanAnswerOrdering *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    imtehan_ordering_row_set_place (g_ptr_array_index (self->rows, i), i, self->rows->len,
                                    self->checked);
  gtk_widget_set_sensitive (GTK_WIDGET (self->keep_button), !self->checked && !self->answered);
}

/* Sorting moves the rows' widgets, not in and out of the list: a moved row keeps the
 * keyboard focus. */
static void
show_order (ImtehanAnswerOrdering *self)
{
  /* Sorting again measures and places every row anew: only when the list's order is not
   * the rows'. */
  for (guint i = 0; i < self->rows->len; i++)
    if (gtk_list_box_get_row_at_index (self->list, (int)i) != g_ptr_array_index (self->rows, i))
      {
        gtk_list_box_invalidate_sort (self->list);
        break;
      }
  update_places (self);
}

static void
respond_order (ImtehanAnswerOrdering *self)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autofree char *response = NULL;

  for (guint i = 0; i < self->rows->len; i++)
    {
      ImtehanOrderingRow *row = g_ptr_array_index (self->rows, i);

      g_ptr_array_add (ids, (gpointer)imtehan_ordering_row_get_item_id (row));
    }
  response = imtehan_response_join ((const char * const *)ids->pdata, ids->len);
  if (!self->answered && gtk_widget_has_focus (GTK_WIDGET (self->keep_button)))
    gtk_widget_grab_focus (g_ptr_array_index (self->rows, 0));
  self->answered = TRUE;
  update_places (self);
  imtehan_answer_area_respond (IMTEHAN_ANSWER_AREA (self), response);
}

/* Moves @row to @position (clamped), and responds. */
static void
move_to (ImtehanAnswerOrdering *self,
         ImtehanOrderingRow    *row,
         int                    position)
{
  guint from;

  if (self->checked || !g_ptr_array_find (self->rows, row, &from))
    return;
  position = CLAMP (position, 0, (int)self->rows->len - 1);
  if ((guint)position == from)
    return;
  g_ptr_array_steal_index (self->rows, from);
  g_ptr_array_insert (self->rows, position, row);
  show_order (self);
  respond_order (self);
}

static void
row_move_cb (ImtehanOrderingRow    *row,
             int                    delta,
             ImtehanAnswerOrdering *self)
{
  guint from;

  if (g_ptr_array_find (self->rows, row, &from))
    move_to (self, row, (int)from + delta);
}

static void
keep_clicked_cb (ImtehanAnswerOrdering *self)
{
  if (!self->checked)
    respond_order (self);
}

/* --- Drag and drop: a row onto another's place ---------------------------------------- */

static GdkContentProvider *
drag_prepare_cb (GtkDragSource         *source,
                 double                 x,
                 double                 y,
                 ImtehanAnswerOrdering *self)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_y (self->list, (int)y);
  graphene_point_t point = GRAPHENE_POINT_INIT ((float)x, (float)y), in_row;

  if (self->checked || row == NULL ||
      !gtk_widget_compute_point (GTK_WIDGET (self->list), GTK_WIDGET (row), &point, &in_row))
    return NULL;
  self->dragged = GTK_WIDGET (row);
  self->drag_x = in_row.x;
  self->drag_y = in_row.y;
  return gdk_content_provider_new_typed (IMTEHAN_TYPE_ORDERING_ROW, row);
}

static void
drag_begin_cb (GtkDragSource         *source,
               GdkDrag               *drag,
               ImtehanAnswerOrdering *self)
{
  g_autoptr(GdkPaintable) icon = NULL;

  if (self->dragged == NULL)
    return;
  icon = gtk_widget_paintable_new (self->dragged);
  gtk_drag_source_set_icon (source, icon, (int)self->drag_x, (int)self->drag_y);
}

static void
drag_end_cb (ImtehanAnswerOrdering *self)
{
  self->dragged = NULL;
}

static GdkDragAction
drop_motion_cb (GtkDropTarget         *target,
                double                 x,
                double                 y,
                ImtehanAnswerOrdering *self)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_y (self->list, (int)y);

  if (row != NULL)
    gtk_list_box_drag_highlight_row (self->list, row);
  else
    gtk_list_box_drag_unhighlight_row (self->list);
  return GDK_ACTION_MOVE;
}

static void
drop_leave_cb (ImtehanAnswerOrdering *self)
{
  gtk_list_box_drag_unhighlight_row (self->list);
}

/* The dropped row takes the place of the one it is dropped on; below the last, the end. */
static gboolean
drop_cb (GtkDropTarget         *target,
         const GValue          *value,
         double                 x,
         double                 y,
         ImtehanAnswerOrdering *self)
{
  ImtehanOrderingRow *row = g_value_get_object (value);
  GtkListBoxRow *onto = gtk_list_box_get_row_at_y (self->list, (int)y);
  guint position = self->rows->len - 1;

  gtk_list_box_drag_unhighlight_row (self->list);
  if (row == NULL || !g_ptr_array_find (self->rows, row, NULL) || self->checked)
    return FALSE;
  if (onto != NULL)
    g_ptr_array_find (self->rows, onto, &position);
  move_to (self, row, (int)position);
  return TRUE;
}

/* --- ImtehanAnswerArea ------------------------------------------------------------------ */

static void
set_rows (ImtehanAnswerOrdering *self,
          guint                  n)
{
  self->dragged = NULL;
  while (self->rows->len > n)
    {
      gtk_list_box_remove (self->list, g_ptr_array_index (self->rows, self->rows->len - 1));
      g_ptr_array_set_size (self->rows, self->rows->len - 1);
    }
  while (self->rows->len < n)
    {
      GtkWidget *row = imtehan_ordering_row_new ();

      g_signal_connect (row, "move", G_CALLBACK (row_move_cb), self);
      g_ptr_array_add (self->rows, row);
      gtk_list_box_append (self->list, row);
    }
}

static gboolean arrange (ImtehanAnswerOrdering *self,
                         const char * const    *order);

static void
show_question (ImtehanAnswerArea  *area,
               ImtehanQuiz        *quiz,
               ImtehanQuestion    *question,
               const char * const *order,
               const char         *lang)
{
  ImtehanAnswerOrdering *self = IMTEHAN_ANSWER_ORDERING (area);

  lang = g_intern_string (lang);
  g_strfreev (self->initial);
  self->initial = g_strdupv ((char **)order);
  /* The rows of the question shown already only move: their texts stay laid out. */
  if (self->question != question || self->lang != lang || !arrange (self, order))
    {
      g_set_object (&self->question, question);
      self->lang = lang;
      set_rows (self, g_strv_length ((char **)order));
      for (guint i = 0; i < self->rows->len; i++)
        {
          const char *picture = imtehan_question_get_choice_picture (question, order[i]);

          imtehan_ordering_row_set_item (g_ptr_array_index (self->rows, i), order[i],
                                         imtehan_question_get_choice_text (question, order[i],
                                                                           lang),
                                         lang,
                                         imtehan_picture_view_new_for_quiz (quiz, picture, lang));
        }
    }
  self->answered = FALSE;
  show_order (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  imtehan_question_get_text (question, lang),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  gtk_label_get_text (self->hint_label), -1);
}

/* Puts the rows in @order, when it holds each of their items once. */
static gboolean
arrange (ImtehanAnswerOrdering *self,
         const char * const    *order)
{
  g_autoptr(GPtrArray) arranged = g_ptr_array_new ();

  if (g_strv_length ((char **)order) != self->rows->len)
    return FALSE;
  for (guint i = 0; order[i] != NULL; i++)
    for (guint j = 0; j < self->rows->len; j++)
      {
        ImtehanOrderingRow *row = g_ptr_array_index (self->rows, j);

        if (g_strcmp0 (imtehan_ordering_row_get_item_id (row), order[i]) == 0 &&
            !g_ptr_array_find (arranged, row, NULL))
          {
            g_ptr_array_add (arranged, row);
            break;
          }
      }
  if (arranged->len != self->rows->len)
    return FALSE;
  for (guint i = 0; i < arranged->len; i++)
    g_ptr_array_index (self->rows, i) = g_ptr_array_index (arranged, i);
  return TRUE;
}

/* Unanswered, the attempt's order; answered, the learner's. */
static void
set_response (ImtehanAnswerArea *area,
              const char        *response)
{
  ImtehanAnswerOrdering *self = IMTEHAN_ANSWER_ORDERING (area);
  g_auto(GStrv) order = imtehan_response_split (response);

  self->answered = response != NULL;
  arrange (self, response != NULL ? (const char * const *)order
                                  : (const char * const *)self->initial);
  show_order (self);
}

static void
set_checked (ImtehanAnswerArea *area,
             const char        *response,
             gboolean           checked)
{
  ImtehanAnswerOrdering *self = IMTEHAN_ANSWER_ORDERING (area);

  self->checked = checked;
  update_places (self);
}

static GtkWidget *
get_part (ImtehanAnswerArea *area,
          guint              position)
{
  ImtehanAnswerOrdering *self = IMTEHAN_ANSWER_ORDERING (area);

  return position < self->rows->len ? g_ptr_array_index (self->rows, position) : NULL;
}

static GtkWidget *
get_focus_target (ImtehanAnswerArea *area)
{
  ImtehanAnswerOrdering *self = IMTEHAN_ANSWER_ORDERING (area);

  return self->checked ? NULL : get_part (area, 0);
}

static void
imtehan_answer_ordering_iface_init (ImtehanAnswerAreaInterface *iface)
{
  iface->show_question = show_question;
  iface->set_response = set_response;
  iface->set_checked = set_checked;
  iface->get_focus_target = get_focus_target;
  iface->get_part = get_part;
}

static void
imtehan_answer_ordering_dispose (GObject *object)
{
  ImtehanAnswerOrdering *self = IMTEHAN_ANSWER_ORDERING (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_ANSWER_ORDERING);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_object (&self->question);

  G_OBJECT_CLASS (imtehan_answer_ordering_parent_class)->dispose (object);
}

static void
imtehan_answer_ordering_finalize (GObject *object)
{
  ImtehanAnswerOrdering *self = IMTEHAN_ANSWER_ORDERING (object);

  g_strfreev (self->initial);

  G_OBJECT_CLASS (imtehan_answer_ordering_parent_class)->finalize (object);
}

static void
imtehan_answer_ordering_class_init (ImtehanAnswerOrderingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_answer_ordering_dispose;
  object_class->finalize = imtehan_answer_ordering_finalize;

  g_type_ensure (IMTEHAN_TYPE_ORDERING_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-answer-ordering.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanAnswerOrdering, hint_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanAnswerOrdering, list);
  gtk_widget_class_bind_template_child (widget_class, ImtehanAnswerOrdering, keep_button);
  gtk_widget_class_bind_template_callback (widget_class, keep_clicked_cb);
}

static void
imtehan_answer_ordering_init (ImtehanAnswerOrdering *self)
{
  GtkDragSource *source;
  GtkDropTarget *target;

  gtk_widget_init_template (GTK_WIDGET (self));
  imtehan_widget_clean_mnemonic_names (GTK_WIDGET (self->keep_button));
  self->rows = g_ptr_array_new ();
  gtk_list_box_set_sort_func (self->list, compare_rows, self, NULL);

  source = gtk_drag_source_new ();
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare_cb), self);
  g_signal_connect (source, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (source, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list), GTK_EVENT_CONTROLLER (source));

  target = gtk_drop_target_new (IMTEHAN_TYPE_ORDERING_ROW, GDK_ACTION_MOVE);
  g_signal_connect (target, "motion", G_CALLBACK (drop_motion_cb), self);
  g_signal_connect_swapped (target, "leave", G_CALLBACK (drop_leave_cb), self);
  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list), GTK_EVENT_CONTROLLER (target));
}
