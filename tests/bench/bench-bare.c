/* bench-bare.c: the baseline of the benchmarks, a bare libadwaita window with one label
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What "instant" is measured against: the least a libadwaita app can show. It speaks the
 * protocol of src/widgets/imtehan-bench.c (IMTEHAN_BENCH=first-frame prints the monotonic time of
 * the first painted frame and quits), has Imtehan's default window size, and runs with
 * the same environment and renderer. It links neither libimtehan nor its resources.
 */

#include <adwaita.h>
#include <stdio.h>

static void
after_paint_cb (GdkFrameClock *clock,
                GApplication  *app)
{
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, app);
  printf ("IMTEHAN_BENCH first-frame %" G_GINT64_FORMAT " 0\n", g_get_monotonic_time ());
  fflush (stdout);
  if (g_getenv ("IMTEHAN_BENCH") != NULL)
    g_application_quit (app);
}

/* The same phase marks as the app's (src/widgets/imtehan-bench.c), for a side-by-side breakdown. */
static void
mark (const char *name)
{
  printf ("IMTEHAN_BENCH %s %" G_GINT64_FORMAT " 0\n", name, g_get_monotonic_time ());
}

static void
phase_cb (GdkFrameClock *clock,
          const char    *name)
{
  g_signal_handlers_disconnect_by_func (clock, phase_cb, (gpointer)name);
  mark (name);
}

static void
startup_cb (GApplication *app)
{
  mark ("toolkit-ready");
}

static void
activate_cb (GApplication *app)
{
  GtkWidget *window;

  mark ("activate");
  window = adw_application_window_new (GTK_APPLICATION (app));

  gtk_window_set_title (GTK_WINDOW (window), "Bare");
  gtk_window_set_default_size (GTK_WINDOW (window), 720, 680);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window),
                                      gtk_label_new ("Imtehan"));
  mark ("window-built");
  gtk_window_present (GTK_WINDOW (window));
  mark ("window-presented");
  g_signal_connect_after (gtk_widget_get_frame_clock (window), "layout",
                          G_CALLBACK (phase_cb), (gpointer)"first-layout");
  g_signal_connect_after (gtk_widget_get_frame_clock (window), "paint",
                          G_CALLBACK (phase_cb), (gpointer)"first-paint");
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (after_paint_cb), app);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = adw_application_new ("io.github.imtehan.Imtehan.BenchBare",
                                                       G_APPLICATION_DEFAULT_FLAGS);

  g_signal_connect (app, "startup", G_CALLBACK (startup_cb), NULL);
  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
