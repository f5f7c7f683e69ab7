/* imtehan-progress.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shows the state of every question and jumps to any of them (win.go-to). State is shown by
 * shape and text as well as colour: an answered question is filled and says "answered" to
 * screen readers, the current one is outlined and says "current".
 */

#define G_LOG_DOMAIN "imtehan-progress"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-progress.h"

/* One button per question, with what it shows. */
typedef struct
{
  GtkWidget *button;
  guint      state;    /* DOT_* flags; 0 until first shown */
  char      *tooltip;  /* what its accessible name says */
} Dot;

enum {
  DOT_SHOWN    = 1 << 0,
  DOT_ANSWERED = 1 << 1,
  DOT_CURRENT  = 1 << 2,
};

struct _ImtehanProgress
{
  GtkWidget       parent_instance;

  GtkScrolledWindow *scroller;
  GtkBox         *box;

  ImtehanAttempt *attempt;
  GSignalGroup   *signals;
  GArray         *dots;
  gboolean        scroll_pending;
  int             last_width;
};

G_DEFINE_FINAL_TYPE (ImtehanProgress, imtehan_progress, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ATTEMPT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
dot_clear (gpointer data)
{
  Dot *dot = data;

  g_clear_pointer (&dot->tooltip, g_free);
}

static void
update_button (ImtehanProgress *self,
               guint            index)
{
  Dot *dot = &g_array_index (self->dots, Dot, index);
  GtkWidget *button = dot->button;
  gboolean answered = imtehan_attempt_get_answer (self->attempt, index) != NULL;
  gboolean current = imtehan_attempt_get_current (self->attempt) == index;
  guint state = DOT_SHOWN | (answered ? DOT_ANSWERED : 0) | (current ? DOT_CURRENT : 0);
  g_autofree char *label = NULL;

  /* Moving on changes two buttons of many: the others are left as they are. */
  if (dot->state == state)
    return;
  dot->state = state;

  if (answered)
    gtk_widget_add_css_class (button, "answered");
  else
    gtk_widget_remove_css_class (button, "answered");
  if (current)
    gtk_widget_add_css_class (button, "current");
  else
    gtk_widget_remove_css_class (button, "current");

  if (current && answered)
    /* TRANSLATORS: what a screen reader says for a button of the progress indicator */
    label = g_strdup_printf (_("Question %u, current, answered"), index + 1);
  else if (current)
    label = g_strdup_printf (_("Question %u, current, not answered"), index + 1);
  else if (answered)
    label = g_strdup_printf (_("Question %u, answered"), index + 1);
  else
    label = g_strdup_printf (_("Question %u, not answered"), index + 1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_free (dot->tooltip);
  dot->tooltip = g_steal_pointer (&label);
  gtk_accessible_update_state (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_STATE_PRESSED,
                               current ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE,
                               -1);
}

/* The tooltip says what the accessible name says. It is given when asked for:
 * gtk_widget_set_tooltip_text() at every move cost a round trip to the X server each (GTK
 * asks where the pointer is), for a tooltip nobody may look at. */
static gboolean
query_tooltip_cb (GtkWidget       *button,
                  int              x,
                  int              y,
                  gboolean         keyboard_mode,
                  GtkTooltip      *tooltip,
                  ImtehanProgress *self)
{
  for (guint i = 0; i < self->dots->len; i++)
    {
      Dot *dot = &g_array_index (self->dots, Dot, i);

      if (dot->button == button && dot->tooltip != NULL)
        {
          gtk_tooltip_set_text (tooltip, dot->tooltip);
          return TRUE;
        }
    }
  return FALSE;
}

static void
update_all (ImtehanProgress *self)
{
  if (self->attempt == NULL)
    return;
  for (guint i = 0; i < self->dots->len; i++)
    update_button (self, i);
}

static void
rebuild (ImtehanProgress *self)
{
  guint n = self->attempt ? imtehan_attempt_get_n_questions (self->attempt) : 0;

  /* Another attempt of the same quiz has as many questions: the buttons stay, only their
   * state is shown anew. New buttons are styled anew, which shows when opening a question. */
  if (n != self->dots->len)
    {
      GtkWidget *child;

      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->box))))
        gtk_box_remove (self->box, child);
      g_array_set_size (self->dots, 0);

      for (guint i = 0; i < n; i++)
        {
          g_autofree char *number = g_strdup_printf ("%u", i + 1);
          GtkWidget *button = gtk_button_new_with_label (number);
          Dot dot = { button, 0, NULL };

          gtk_widget_add_css_class (button, "question-dot");
          gtk_widget_add_css_class (button, "circular");
          gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.go-to");
          gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", i);
          gtk_widget_set_has_tooltip (button, TRUE);
          g_signal_connect (button, "query-tooltip", G_CALLBACK (query_tooltip_cb), self);
          gtk_box_append (self->box, button);
          g_array_append_val (self->dots, dot);
        }
    }

  for (guint i = 0; i < self->dots->len; i++)
    g_array_index (self->dots, Dot, i).state = 0;
  update_all (self);
}

static void
answer_changed_cb (ImtehanProgress *self,
                   guint            index)
{
  if (index < self->dots->len)
    update_button (self, index);
}

/* Keeps the current question in view, its ring included, when the buttons do not all fit
 * (long quizzes), from where the buttons are now: called once they have been allocated.
 * Returns whether the buttons moved. */
static gboolean
scroll_to_current (ImtehanProgress *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_hadjustment (self->scroller);
  guint current = imtehan_attempt_get_current (self->attempt);
  double room = gtk_widget_get_margin_start (GTK_WIDGET (self->box));
  double page, value, start, end;
  graphene_rect_t bounds;

  if (current >= self->dots->len ||
      !gtk_widget_compute_bounds (g_array_index (self->dots, Dot, current).button,
                                  gtk_scrolled_window_get_child (self->scroller), &bounds))
    return FALSE;

  page = gtk_adjustment_get_page_size (adjustment);
  value = gtk_adjustment_get_value (adjustment);
  start = bounds.origin.x - room;
  end = bounds.origin.x + bounds.size.width + room;
  if (start < 0)
    gtk_adjustment_set_value (adjustment, value + start);
  else if (end > page)
    gtk_adjustment_set_value (adjustment, value + end - page);
  return gtk_adjustment_get_value (adjustment) != value;
}

static void
current_changed_cb (ImtehanProgress *self)
{
  update_all (self);
  /* Scrolled at the next allocation, not now: the buttons may not have their places yet
   * (new ones, a page just shown, a window whose size is changing), and the viewport sets
   * its adjustment anew when it is allocated. */
  self->scroll_pending = TRUE;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
imtehan_progress_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  ImtehanProgress *self = IMTEHAN_PROGRESS (widget);

  gtk_widget_measure (GTK_WIDGET (self->scroller), orientation, for_size, minimum, natural,
                      minimum_baseline, natural_baseline);
}

static void
imtehan_progress_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  ImtehanProgress *self = IMTEHAN_PROGRESS (widget);

  gtk_widget_allocate (GTK_WIDGET (self->scroller), width, height, baseline, NULL);
  /* Its viewport has its size and the buttons their places now. A new width may also have
   * moved the current one out of view. */
  if (self->attempt != NULL && (self->scroll_pending || width != self->last_width))
    {
      /* The viewport moves its content when allocated again: at once, not in another
       * frame (GTK 4.8 would paint it unallocated in between); not at all when the
       * current button is in view already (every button of a long quiz is placed anew). */
      if (scroll_to_current (self))
        gtk_widget_allocate (GTK_WIDGET (self->scroller), width, height, baseline, NULL);
    }
  self->scroll_pending = FALSE;
  self->last_width = width;
}

static void
imtehan_progress_dispose (GObject *object)
{
  ImtehanProgress *self = (ImtehanProgress *)object;
  GtkWidget *child;

  if (self->signals)
    g_signal_group_set_target (self->signals, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_PROGRESS);
  /* GTK 4.8 unparents only the bound template children. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->signals);
  g_clear_object (&self->attempt);
  g_clear_pointer (&self->dots, g_array_unref);

  G_OBJECT_CLASS (imtehan_progress_parent_class)->dispose (object);
}

static void
imtehan_progress_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ImtehanProgress *self = IMTEHAN_PROGRESS (object);

  switch (prop_id)
    {
    case PROP_ATTEMPT:
      g_value_set_object (value, self->attempt);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_progress_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ImtehanProgress *self = IMTEHAN_PROGRESS (object);

  switch (prop_id)
    {
    case PROP_ATTEMPT:
      imtehan_progress_set_attempt (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_progress_class_init (ImtehanProgressClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_progress_dispose;
  object_class->get_property = imtehan_progress_get_property;
  object_class->set_property = imtehan_progress_set_property;

  properties[PROP_ATTEMPT] =
    g_param_spec_object ("attempt", NULL, NULL, IMTEHAN_TYPE_ATTEMPT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/imtehan-progress.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanProgress, scroller);
  gtk_widget_class_bind_template_child (widget_class, ImtehanProgress, box);
  widget_class->measure = imtehan_progress_measure;
  widget_class->size_allocate = imtehan_progress_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "progress-dots");
}

static void
imtehan_progress_init (ImtehanProgress *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->dots = g_array_new (FALSE, FALSE, sizeof (Dot));
  g_array_set_clear_func (self->dots, dot_clear);
  self->signals = g_signal_group_new (IMTEHAN_TYPE_ATTEMPT);
  g_signal_group_connect_object (self->signals, "answer-changed",
                                 G_CALLBACK (answer_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->signals, "notify::current",
                                 G_CALLBACK (current_changed_cb), self, G_CONNECT_SWAPPED);
}

void
imtehan_progress_set_attempt (ImtehanProgress *self,
                              ImtehanAttempt  *attempt)
{
  g_return_if_fail (IMTEHAN_IS_PROGRESS (self));
  g_return_if_fail (attempt == NULL || IMTEHAN_IS_ATTEMPT (attempt));

  if (!g_set_object (&self->attempt, attempt))
    return;
  g_signal_group_set_target (self->signals, attempt);
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ATTEMPT]);
}

ImtehanAttempt *
imtehan_progress_get_attempt (ImtehanProgress *self)
{
  g_return_val_if_fail (IMTEHAN_IS_PROGRESS (self), NULL);
  return self->attempt;
}

GtkWidget *
imtehan_progress_get_button (ImtehanProgress *self,
                             guint            index)
{
  g_return_val_if_fail (IMTEHAN_IS_PROGRESS (self), NULL);
  g_return_val_if_fail (index < self->dots->len, NULL);
  return g_array_index (self->dots, Dot, index).button;
}
