/* imtehan-bench.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With IMTEHAN_BENCH set, the app prints one line per mark on stdout,
 *   IMTEHAN_BENCH <mark> <g_get_monotonic_time()> <value>
 * and quits once it has printed the mark that IMTEHAN_BENCH names ("1" is "first-frame").
 * g_get_monotonic_time() is CLOCK_MONOTONIC, the clock tests/bench/run-bench.py reads
 * before it starts the process, so the difference is the time from exec to the mark.
 * Without IMTEHAN_BENCH every function here returns at once.
 */

#define G_LOG_DOMAIN "imtehan-bench"

#include "config.h"

#include <stdio.h>

#include "imtehan-bench.h"

static const char *
exit_mark (void)
{
  static const char *mark;
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      const char *value = g_getenv ("IMTEHAN_BENCH");

      if (value != NULL && *value != '\0')
        mark = g_str_equal (value, "1") ? "first-frame" : g_intern_string (value);
      g_once_init_leave (&initialized, 1);
    }
  return mark;
}

gboolean
imtehan_bench_enabled (void)
{
  return exit_mark () != NULL;
}

void
imtehan_bench_mark (const char *mark,
                    gint64      value)
{
  GApplication *app;

  if (!imtehan_bench_enabled ())
    return;

  printf ("IMTEHAN_BENCH %s %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n",
          mark, g_get_monotonic_time (), value);
  fflush (stdout);

  if (g_str_equal (mark, exit_mark ()) && (app = g_application_get_default ()) != NULL)
    g_application_quit (app);
}

typedef struct
{
  char      *mark;
  GtkWidget *widget;
  gulong     handler;
} PaintMark;

static void
paint_mark_free (PaintMark *pm)
{
  g_free (pm->mark);
  g_object_unref (pm->widget);
  g_free (pm);
}

static void
after_paint_cb (GdkFrameClock *clock,
                PaintMark     *pm)
{
  g_signal_handler_disconnect (clock, pm->handler);
  imtehan_bench_mark (pm->mark, 0);
  paint_mark_free (pm);
}

static void
hook_frame_clock (GtkWidget *widget,
                  PaintMark *pm)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  g_signal_handlers_disconnect_by_func (widget, hook_frame_clock, pm);
  pm->handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), pm);
  /* Nothing may have changed on screen (an empty history, say): a frame is painted anyway,
   * so that the mark is the moment the window shows the new state. */
  gtk_widget_queue_draw (widget);
}

/* Prints @mark when the frame that follows has been painted: the moment a user sees it. */
void
imtehan_bench_mark_after_paint (GtkWidget  *widget,
                                const char *mark)
{
  PaintMark *pm;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (!imtehan_bench_enabled ())
    return;

  pm = g_new0 (PaintMark, 1);
  pm->mark = g_strdup (mark);
  pm->widget = g_object_ref (widget);
  if (gtk_widget_get_frame_clock (widget) != NULL)
    hook_frame_clock (widget, pm);
  else
    g_signal_connect (widget, "realize", G_CALLBACK (hook_frame_clock), pm);
}

static void
phase_cb (GdkFrameClock *clock,
          const char    *mark)
{
  g_signal_handlers_disconnect_by_func (clock, phase_cb, (gpointer)mark);
  imtehan_bench_mark (mark, 0);
}

/* Marks the end of the layout ("<prefix>-layout") and of the painting ("<prefix>-paint") of
 * the next frame of @widget, which must be realized: where the time of a frame goes. */
void
imtehan_bench_mark_frame_phases (GtkWidget  *widget,
                                 const char *prefix)
{
  GdkFrameClock *clock;
  g_autofree char *layout = NULL;
  g_autofree char *paint = NULL;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (!imtehan_bench_enabled () || !(clock = gtk_widget_get_frame_clock (widget)))
    return;

  layout = g_strconcat (prefix, "-layout", NULL);
  paint = g_strconcat (prefix, "-paint", NULL);
  /* After GTK's own handlers: its layout and its painting run in these signals. */
  g_signal_connect_after (clock, "layout", G_CALLBACK (phase_cb), (gpointer)g_intern_string (layout));
  g_signal_connect_after (clock, "paint", G_CALLBACK (phase_cb), (gpointer)g_intern_string (paint));
}
