/* imtehan-after-frame.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Preparing what comes next (a question's Nastaliq laid out, a page built) takes most of a
 * frame. Started from an idle callback at once, it runs while the frame clock waits for its
 * next slot, and holds the frame being shown up; so it waits for that frame to be painted,
 * and for the widget to have its size, which is what it prepares for.
 */

#define G_LOG_DOMAIN "imtehan-after-frame"

#include "config.h"

#include "imtehan-after-frame.h"

struct _ImtehanAfterFrame
{
  GtkWidget   *widget;  /* not owned: its owner frees this in its dispose() */
  GSourceFunc  func;
  gpointer     user_data;
  guint        tick_id;
  guint        source_id;
  guint        delay_ms;
};

static gboolean
run_cb (gpointer user_data)
{
  ImtehanAfterFrame *self = user_data;
  guint source_id = self->source_id;

  if (self->func (self->user_data) == G_SOURCE_CONTINUE && self->source_id == source_id)
    return G_SOURCE_CONTINUE;
  /* func() may have asked to wait (imtehan_after_frame_wait()): that is another source. */
  if (self->source_id == source_id)
    self->source_id = 0;
  return G_SOURCE_REMOVE;
}

/* Runs before the frame's layout and paint; the source it adds runs after them, as GTK paints
 * a frame in one dispatch of the main loop. */
static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  ImtehanAfterFrame *self = user_data;

  if (gtk_widget_get_width (widget) <= 0)
    return G_SOURCE_CONTINUE;
  self->tick_id = 0;
  imtehan_after_frame_wait (self, self->delay_ms);
  return G_SOURCE_REMOVE;
}

/**
 * imtehan_after_frame_new:
 * @widget: the widget whose frame to wait for; it must outlive the result
 * @func: the work, run at low priority until it returns %G_SOURCE_REMOVE, one piece per
 *   dispatch of the main loop
 *
 * Returns: (transfer full): a scheduler for @func, idle until imtehan_after_frame_schedule()
 */
ImtehanAfterFrame *
imtehan_after_frame_new (GtkWidget   *widget,
                         GSourceFunc  func,
                         gpointer     user_data)
{
  ImtehanAfterFrame *self = g_new0 (ImtehanAfterFrame, 1);

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (func != NULL, NULL);

  self->widget = widget;
  self->func = func;
  self->user_data = user_data;
  return self;
}

void
imtehan_after_frame_free (ImtehanAfterFrame *self)
{
  if (self == NULL)
    return;
  imtehan_after_frame_cancel (self);
  g_free (self);
}

/**
 * imtehan_after_frame_schedule:
 * @delay_ms: how long to wait after that frame; 0 runs in the first idle moment
 *
 * Runs the work after the widget's next frame in which it has a width, then @delay_ms
 * later. What was pending before is cancelled.
 */
void
imtehan_after_frame_schedule (ImtehanAfterFrame *self,
                              guint              delay_ms)
{
  g_return_if_fail (self != NULL);

  g_clear_handle_id (&self->source_id, g_source_remove);
  self->delay_ms = delay_ms;
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (self->widget, tick_cb, self, NULL);
}

/**
 * imtehan_after_frame_wait:
 * @delay_ms: how long to wait; 0 runs in the first idle moment
 *
 * Runs the work @delay_ms from now, without waiting for a frame: from the work itself, for
 * a part that is worth doing only if the user stays a while.
 */
void
imtehan_after_frame_wait (ImtehanAfterFrame *self,
                          guint              delay_ms)
{
  g_return_if_fail (self != NULL);

  g_clear_handle_id (&self->source_id, g_source_remove);
  if (delay_ms == 0)
    self->source_id = g_idle_add_full (G_PRIORITY_LOW, run_cb, self, NULL);
  else
    self->source_id = g_timeout_add_full (G_PRIORITY_LOW, delay_ms, run_cb, self, NULL);
}

void
imtehan_after_frame_cancel (ImtehanAfterFrame *self)
{
  g_return_if_fail (self != NULL);

  g_clear_handle_id (&self->source_id, g_source_remove);
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (self->widget, self->tick_id);
  self->tick_id = 0;
}

gboolean
imtehan_after_frame_is_pending (ImtehanAfterFrame *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->tick_id != 0 || self->source_id != 0;
}
