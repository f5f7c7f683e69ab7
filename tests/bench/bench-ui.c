/* bench-ui.c: in-process benchmarks of the window, driven through its actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Times what a user waits for, from an action to the after-paint of the frame that shows it,
 * and prints "RESULT <name> <value>" (ms unless named otherwise) for run-bench.py, with the
 * main thread's CPU time. Scenarios: navigate, language, save, font-check, history,
 * bare-frame [ROUNDS], make-history DIR N. BENCH_VERBOSE=1 breaks each action down.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <time.h>

#include "imtehan-application.h"
#include "imtehan-attempts-page.h"
#include "imtehan-i18n.h"
#include "imtehan-store.h"
#include "imtehan-window.h"
#include "imtehan-wrap-bin.h"
#include "test-util.h"
#include "test-util-gtk.h"

#define FRAME_BUDGET_MS 16.7

static ImtehanApplication *app;

/* Main-thread CPU time, in microseconds. */
static gint64
thread_cpu_time (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* The phases of the last frame of the watched window. Our "layout" and "paint" handlers run
 * after GTK's, which were connected when the window was realized, before ours. */
typedef struct
{
  gint64 before_paint;
  gint64 before_paint_cpu;
  gint64 layout_done;
  gint64 paint_done;
  gint64 after_paint;
  gint64 after_paint_cpu;
  guint  n_frames;
  /* The longest frame (before-paint to after-paint) since reset_worst(). */
  gint64 worst_frame;
  guint  n_long_frames;
} FrameTimes;

static FrameTimes frames;

static void
before_paint_cb (GdkFrameClock *clock)
{
  frames.before_paint = g_get_monotonic_time ();
  frames.before_paint_cpu = thread_cpu_time ();
}

static void
layout_cb (GdkFrameClock *clock)
{
  frames.layout_done = g_get_monotonic_time ();
}

static void
paint_cb (GdkFrameClock *clock)
{
  frames.paint_done = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock)
{
  gint64 length;

  frames.after_paint = g_get_monotonic_time ();
  frames.after_paint_cpu = thread_cpu_time ();
  frames.n_frames++;
  length = frames.after_paint - frames.before_paint;
  frames.worst_frame = MAX (frames.worst_frame, length);
  if (length > FRAME_BUDGET_MS * 1000)
    frames.n_long_frames++;
}

static void
watch_frames (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  g_assert_nonnull (clock);
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), NULL);
  g_signal_connect (clock, "layout", G_CALLBACK (layout_cb), NULL);
  g_signal_connect (clock, "paint", G_CALLBACK (paint_cb), NULL);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), NULL);
}

static void
reset_worst (void)
{
  frames.worst_frame = 0;
  frames.n_long_frames = 0;
}

static gboolean
timeout_cb (gpointer data)
{
  g_error ("No frame was painted within 10 s");
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until the next frame has been painted. */
static void
wait_for_paint (void)
{
  guint n = frames.n_frames;
  guint timeout = g_timeout_add_seconds (10, timeout_cb, NULL);

  while (frames.n_frames == n)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (timeout);
}

static gboolean
done_cb (gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Lets everything settle between two measurements: saves return, the frame clock goes idle,
 * so that the next action starts a frame at once. */
static void
settle (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, done_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* Lets the window become still: no frame painted for @quiet_ms (at most 3 s). Animations
 * that follow a page change (a focus ring fading in, the start page scrolling its button
 * into view, an overlay scrollbar shown when a page grows) paint a frame every 16.7 ms, and
 * an action during them waits for their next frame slot. */
static void
settle_until_still (guint quiet_ms)
{
  gint64 end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      guint n = frames.n_frames;

      settle (quiet_ms);
      if (frames.n_frames == n)
        break;
    }
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

typedef struct
{
  GArray *values;
} Series;

static Series *
series_new (void)
{
  Series *s = g_new0 (Series, 1);

  s->values = g_array_new (FALSE, FALSE, sizeof (double));
  return s;
}

static void
series_free (Series *s)
{
  g_array_unref (s->values);
  g_free (s);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Series, series_free)

static void
series_add (Series *s,
            double  value)
{
  g_array_append_val (s->values, value);
}

static double
series_quantile (Series *s,
                 double  q)
{
  g_autoptr(GArray) sorted = g_array_copy (s->values);
  double pos;
  guint lo;

  g_assert (sorted->len > 0);
  g_array_sort (sorted, compare_doubles);
  pos = q * (sorted->len - 1);
  lo = (guint)pos;
  if (lo + 1 >= sorted->len)
    return g_array_index (sorted, double, sorted->len - 1);
  return g_array_index (sorted, double, lo) +
         (pos - lo) * (g_array_index (sorted, double, lo + 1) - g_array_index (sorted, double, lo));
}

static void
series_report (Series     *s,
               const char *name)
{
  printf ("RESULT %s.median %.3f\n", name, series_quantile (s, 0.5));
  printf ("RESULT %s.p90 %.3f\n", name, series_quantile (s, 0.9));
  printf ("RESULT %s.max %.3f\n", name, series_quantile (s, 1.0));
  printf ("RESULT %s.n %u\n", name, s->values->len);
  fprintf (stderr, "%-40s median %8.3f  p90 %8.3f  max %8.3f  (n=%u)\n", name,
           series_quantile (s, 0.5), series_quantile (s, 0.9), series_quantile (s, 1.0),
           s->values->len);
  fflush (stdout);
}

/* A wall-clock series and the main thread's CPU time for the same events. */
typedef struct
{
  Series *wall;
  Series *cpu;
} Timing;

static Timing *
timing_new (void)
{
  Timing *t = g_new0 (Timing, 1);

  t->wall = series_new ();
  t->cpu = series_new ();
  return t;
}

static void
timing_free (Timing *t)
{
  series_free (t->wall);
  series_free (t->cpu);
  g_free (t);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Timing, timing_free)

static void
timing_report (Timing     *t,
               const char *name)
{
  g_autofree char *cpu_name = g_strconcat (name, ".cpu", NULL);

  series_report (t->wall, name);
  series_report (t->cpu, cpu_name);
}

/* From the action to the after-paint of the frame that shows its result. The action's own
 * work (building widgets, saving) counts: the user waits for it as well. */
static void
time_action (Timing     *timing,
             GtkWidget  *window,
             const char *action,
             GVariant   *parameter)
{
  gint64 start, cpu_start, returned, returned_cpu;
  ImtehanWrapBinStats before, after;

  imtehan_wrap_bin_get_stats (&before);
  cpu_start = thread_cpu_time ();
  start = g_get_monotonic_time ();
  if (!gtk_widget_activate_action_variant (window, action, parameter))
    g_error ("The action %s is not enabled", action);
  returned = g_get_monotonic_time ();
  returned_cpu = thread_cpu_time ();
  wait_for_paint ();
  imtehan_wrap_bin_get_stats (&after);

  if (timing != NULL)
    {
      series_add (timing->wall, (frames.after_paint - start) / 1000.0);
      series_add (timing->cpu, (frames.after_paint_cpu - cpu_start) / 1000.0);
    }
  if (g_getenv ("BENCH_VERBOSE"))
    fprintf (stderr, "%-18s action %6.2f  to frame %6.2f (cpu %5.2f)  layout %6.2f  paint %6.2f  "
             "after %5.2f  total %6.2f  (cpu %6.2f) ms, %u texts laid out, %u widths for a height\n", action,
             (returned - start) / 1000.0, (frames.before_paint - returned) / 1000.0,
             (frames.before_paint_cpu - returned_cpu) / 1000.0,
             (frames.layout_done - frames.before_paint) / 1000.0,
             (frames.paint_done - frames.layout_done) / 1000.0,
             (frames.after_paint - frames.paint_done) / 1000.0,
             (frames.after_paint - start) / 1000.0,
             (frames.after_paint_cpu - cpu_start) / 1000.0, after.layouts - before.layouts,
             after.width_for_height - before.width_for_height);
}

/* The window of @quiz, or of the bundled quiz when it is %NULL. */
static ImtehanWindow *
open_window_for (const char  *language,
                 ImtehanQuiz *quiz)
{
  ImtehanWindow *window;

  imtehan_i18n_set_language (language);
  window = quiz ? imtehan_window_new_for_quiz (GTK_APPLICATION (app),
                                               imtehan_application_get_context (app), quiz)
                : imtehan_window_new (GTK_APPLICATION (app), imtehan_application_get_context (app));
  gtk_window_present (GTK_WINDOW (window));
  watch_frames (GTK_WIDGET (window));
  wait_for_paint ();
  /* As after Home (bench_navigate()); the question page is also built meanwhile. */
  settle (400);
  settle_until_still (100);
  return window;
}

static ImtehanWindow *
open_window (const char *language)
{
  return open_window_for (language, NULL);
}

static void
close_window (ImtehanWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  settle (100);
}

/* Opening a question from the start page (the first time builds the question page) and
 * moving between questions: next, previous, and jumps from the progress dots; of @quiz (a
 * quiz of every question type, say), or of the bundled quiz when it is %NULL. */
static int
bench_navigate (guint        rounds,
                ImtehanQuiz *quiz)
{
  ImtehanWindow *window = open_window_for ("ur", quiz);
  GtkWidget *w = GTK_WIDGET (window);
  guint n_moves = imtehan_quiz_get_n_questions (imtehan_window_get_quiz (window)) - 1;
  g_autoptr(Timing) first_open = timing_new ();
  g_autoptr(Timing) open = timing_new ();
  g_autoptr(Timing) move = timing_new ();
  g_autoptr(Timing) review = timing_new ();
  g_autoptr(Timing) results = timing_new ();
  g_autoptr(Series) later_frames = series_new ();

  for (guint r = 0; r < rounds; r++)
    {
      time_action (r == 0 ? first_open : open, w, "win.start", NULL);
      /* Frames that follow (a transition, if any) must not be long either. */
      reset_worst ();
      settle (250);
      series_add (later_frames, frames.worst_frame / 1000.0);

      for (guint i = 0; i < n_moves; i++)
        {
          time_action (move, w, "win.next", NULL);
          settle (40);
        }
      for (guint i = 0; i < n_moves; i++)
        {
          time_action (move, w, "win.previous", NULL);
          settle (40);
        }
      time_action (move, w, "win.go-to", g_variant_new_uint32 (MIN (5, n_moves)));
      settle (40);
      time_action (move, w, "win.go-to", g_variant_new_uint32 (0));
      settle (40);

      /* The review and the results: every question's text at once. */
      time_action (review, w, "win.review", NULL);
      settle (100);
      time_action (results, w, "win.submit", NULL);
      settle (100);

      time_action (NULL, w, "win.home", NULL);
      /* The start page's focus ring fades in over 200 ms (Adwaita's transition), and the
       * first time its history has grown, GTK scrolls the focused button into view and
       * flashes the overlay scrollbar, for over half a second: Start pressed meanwhile
       * waited for the animation's next frame slot (the first open again took 16 ms
       * instead of 7 that way). A learner reads the page first; Start is measured once the
       * page is still. */
      settle_until_still (100);
    }

  timing_report (first_open, "open-question.first");
  timing_report (open, "open-question");
  series_report (later_frames, "open-question.later-frames-worst");
  timing_report (move, "move-question");
  timing_report (review, "open-review");
  timing_report (results, "open-results");
  close_window (window);
  return 0;
}

static int
bench_language (guint rounds)
{
  ImtehanWindow *window = open_window ("ur");
  GtkWidget *w = GTK_WIDGET (window);
  g_autoptr(Timing) to_en = timing_new ();
  g_autoptr(Timing) to_ur = timing_new ();
  g_autoptr(Series) later_frames = series_new ();

  time_action (NULL, w, "win.start", NULL);
  settle (250);
  time_action (NULL, w, "win.choose", g_variant_new_uint32 (1));
  time_action (NULL, w, "win.next", NULL);
  time_action (NULL, w, "win.next", NULL);
  settle (100);

  for (guint r = 0; r < rounds; r++)
    {
      time_action (to_en, w, "win.toggle-language", NULL);
      reset_worst ();
      settle (300);
      series_add (later_frames, frames.worst_frame / 1000.0);
      time_action (to_ur, w, "win.toggle-language", NULL);
      reset_worst ();
      settle (300);
      series_add (later_frames, frames.worst_frame / 1000.0);
    }
  g_assert_cmpstr (imtehan_window_get_language (window), ==, "ur");
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "question");
  g_assert_cmpuint (imtehan_attempt_get_current (imtehan_window_get_attempt (window)), ==, 2);

  timing_report (to_ur, "language-switch.to-urdu");
  timing_report (to_en, "language-switch.to-english");
  series_report (later_frames, "language-switch.later-frames-worst");
  close_window (window);
  return 0;
}

/* The main-thread part of saving an answer: the whole win.choose action (the answer, the
 * widgets that show it, serializing the attempt and queueing the write), and the save call
 * on its own. The writes themselves (fsync included) run on the store's writer thread. */
static int
bench_save (guint n)
{
  ImtehanWindow *window = open_window ("ur");
  GtkWidget *w = GTK_WIDGET (window);
  ImtehanStore *store = imtehan_context_get_store (imtehan_application_get_context (app));
  g_autoptr(Timing) choose = timing_new ();
  g_autoptr(Timing) save = timing_new ();
  ImtehanAttempt *attempt;

  time_action (NULL, w, "win.start", NULL);
  settle (250);
  attempt = imtehan_window_get_attempt (window);

  for (guint i = 0; i < n; i++)
    {
      gint64 start = g_get_monotonic_time (), cpu_start = thread_cpu_time ();

      gtk_widget_activate_action (w, "win.choose", "u", i % 4);
      series_add (choose->wall, (g_get_monotonic_time () - start) / 1000.0);
      series_add (choose->cpu, (thread_cpu_time () - cpu_start) / 1000.0);

      start = g_get_monotonic_time ();
      cpu_start = thread_cpu_time ();
      imtehan_store_save_async (store, attempt, NULL, NULL, NULL);
      series_add (save->wall, (g_get_monotonic_time () - start) / 1000.0);
      series_add (save->cpu, (thread_cpu_time () - cpu_start) / 1000.0);

      /* A human answers a few times a second at most: the writer keeps up. */
      settle (i % 8 == 7 ? 60 : 5);
    }

  timing_report (choose, "save.choose-action");
  timing_report (save, "save.save-async-call");
  close_window (window);
  return 0;
}

/* Before the application starts and any text was laid out: this one also pays for
 * fontconfig's own start, which the first label would pay otherwise. */
static void
font_check_before_any_text (void)
{
  ImtehanFontCheck check = { 0 };

  imtehan_font_check_run (&check);
  printf ("RESULT font-check.before-any-text %.3f\n", check.elapsed_us / 1000.0);
  fprintf (stderr, "font check before any text: %.3f ms, family %s\n",
           check.elapsed_us / 1000.0, check.family);
  imtehan_font_check_clear (&check);
}

static int
bench_font_check (void)
{
  ImtehanWindow *window = open_window ("ur");
  g_autoptr(Series) after = series_new ();

  for (guint i = 0; i < 20; i++)
    {
      ImtehanFontCheck check = { 0 };

      imtehan_font_check_run (&check);
      series_add (after, check.elapsed_us / 1000.0);
      imtehan_font_check_clear (&check);
    }
  series_report (after, "font-check.after-first-frame");
  close_window (window);
  return 0;
}

static void
history_changed_cb (GListModel *model,
                    guint       position,
                    guint       removed,
                    guint       added,
                    gboolean   *changed)
{
  *changed = TRUE;
}


/* Moves the list by @step pixels a frame, as a touchpad fling does, @n_frames times. Each
 * frame counts from its before-paint to its after-paint: the rows made and bound for it,
 * layout and paint. (From the scroll to the after-paint would also count the wait for the
 * frame clock's next frame, which paces frames to the display.) */
static void
scroll_frames (GtkAdjustment *adjustment,
               double         step,
               guint          n_frames,
               Timing        *timing)
{
  for (guint i = 0; i < n_frames; i++)
    {
      double value = gtk_adjustment_get_value (adjustment) + step;
      gint64 cpu_start;

      if (value > gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment))
        value = 0;
      cpu_start = thread_cpu_time ();
      gtk_adjustment_set_value (adjustment, value);
      wait_for_paint ();
      series_add (timing->wall, (frames.after_paint - frames.before_paint) / 1000.0);
      series_add (timing->cpu, (frames.after_paint_cpu - cpu_start) / 1000.0);
      /* The next frame no sooner than a display would ask for it. */
      settle (16);
    }
}

static int
bench_history (void)
{
  ImtehanWindow *window;
  GListModel *history;
  gboolean changed = FALSE;
  g_autoptr(Timing) open = timing_new ();
  g_autoptr(Timing) slow = timing_new ();
  g_autoptr(Timing) fast = timing_new ();
  g_autoptr(Series) ready = series_new ();
  GtkScrolledWindow *scroller;
  GtkAdjustment *adjustment;
  gint64 start = g_get_monotonic_time ();
  guint n, n_frames;

  imtehan_i18n_set_language ("ur");
  window = imtehan_window_new (GTK_APPLICATION (app), imtehan_application_get_context (app));
  history = imtehan_window_get_history (window);
  g_signal_connect (history, "items-changed", G_CALLBACK (history_changed_cb), &changed);
  gtk_window_present (GTK_WINDOW (window));
  watch_frames (GTK_WIDGET (window));
  reset_worst ();

  /* The store lists the folder on a worker thread; the frames meanwhile, and the one that
   * shows the list, are what the user sees of it. */
  while (!changed)
    g_main_context_iteration (NULL, TRUE);
  /* The frame that shows the history: the list model changes by thousands of items at once,
   * the start page shows the newest few. */
  reset_worst ();
  wait_for_paint ();
  series_add (ready, (frames.after_paint - start) / 1000.0);
  printf ("RESULT history.shown-frame %.3f\n", frames.worst_frame / 1000.0);
  settle (500);
  n = g_list_model_get_n_items (history);
  printf ("RESULT history.attempts %u\n", n);
  fprintf (stderr, "%u attempts listed; start page shows them after %.1f ms, in a frame of %.1f ms\n",
           n, series_quantile (ready, 0.5), frames.worst_frame / 1000.0);
  if (n == 0)
    g_error ("No attempts: set IMTEHAN_BENCH_DATA_HOME to a folder made by make-history");

  for (guint r = 0; r < 5; r++)
    {
      time_action (open, GTK_WIDGET (window), "win.show-attempts", NULL);
      settle (200);
      if (r + 1 < 5)
        {
          time_action (NULL, GTK_WIDGET (window), "win.home", NULL);
          settle (200);
        }
    }

  scroller = imtehan_test_find_scrolled_window (imtehan_window_get_page (window));
  adjustment = gtk_scrolled_window_get_vadjustment (scroller);
  settle (200);

  reset_worst ();
  n_frames = frames.n_frames;
  scroll_frames (adjustment, 40, 120, slow);
  scroll_frames (adjustment, gtk_adjustment_get_page_size (adjustment), 120, fast);
  printf ("RESULT history.scroll-frames %u\n", frames.n_frames - n_frames);
  printf ("RESULT history.scroll-long-frames %u\n", frames.n_long_frames);

  timing_report (open, "history.open-all-attempts");
  timing_report (slow, "history.scroll-40px-frame");
  timing_report (fast, "history.scroll-page-frame");
  close_window (window);
  return 0;
}

static int
bench_bare_frame (guint rounds)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  GtkWidget *label = gtk_label_new ("Imtehan");
  g_autoptr(Timing) relabel = timing_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 720, 680);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), label);
  gtk_window_present (GTK_WINDOW (window));
  watch_frames (window);
  wait_for_paint ();
  settle (300);

  for (guint r = 0; r < rounds; r++)
    {
      gint64 start = g_get_monotonic_time (), cpu_start = thread_cpu_time ();

      gtk_label_set_text (GTK_LABEL (label), r % 2 ? "Imtehan" : "Imtehan!");
      wait_for_paint ();
      series_add (relabel->wall, (frames.after_paint - start) / 1000.0);
      series_add (relabel->cpu, (frames.after_paint_cpu - cpu_start) / 1000.0);
      settle (40);
    }
  timing_report (relabel, "bare.relabel");
  gtk_window_destroy (GTK_WINDOW (window));
  settle (100);
  return 0;
}

/* N attempts of the bundled quiz, one file each as the store writes them, started a minute
 * apart; every tenth is unfinished. Written without fsync: this is test data. */
static int
make_history (const char *data_home,
              guint       n)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_autoptr(GDateTime) base = g_date_time_new_utc (2024, 1, 1, 8, 0, 0);
  g_autofree char *dir = g_build_filename (data_home, "imtehan", "attempts", NULL);
  g_autoptr(GError) error = NULL;
  GRand *rand = g_rand_new_with_seed (42);

  bytes = g_resources_lookup_data (RESOURCE_BASE "/quizzes/zero-sharded-optimizers.quiz",
                                   G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  g_assert_no_error (error);
  quiz = imtehan_quiz_new_from_bytes (bytes, "zero-sharded-optimizers.quiz", &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (quiz, g_rand_int (rand) | 1);
      g_autoptr(GKeyFile) key_file = g_key_file_new ();
      g_autoptr(GDateTime) started = g_date_time_add_minutes (base, i);
      g_autofree char *stamp = g_date_time_format (started, "%Y%m%dT%H%M%SZ");
      g_autofree char *iso = g_date_time_format (started, "%Y-%m-%dT%H:%M:%SZ");
      g_autofree char *id = g_strdup_printf ("%s-%08x", stamp, g_rand_int (rand));
      g_autofree char *name = g_strconcat (id, ".ini", NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *data = NULL;
      gsize length;

      imtehan_attempt_set_language (attempt, i % 3 ? "ur" : "en");
      for (guint q = 0; q < imtehan_attempt_get_n_questions (attempt); q++)
        {
          const char * const *order = imtehan_attempt_get_choice_order (attempt, q);

          imtehan_attempt_choose (attempt, q, order[g_rand_int_range (rand, 0, 4)]);
        }
      if (i % 10 != 9)
        imtehan_attempt_finish (attempt);

      data = imtehan_attempt_to_data (attempt, &length);
      g_assert_true (g_key_file_load_from_data (key_file, data, length, G_KEY_FILE_NONE, NULL));
      g_key_file_set_string (key_file, "Attempt", "Id", id);
      g_key_file_set_string (key_file, "Attempt", "Started", iso);
      if (g_key_file_has_key (key_file, "Attempt", "FinishedAt", NULL))
        g_key_file_set_string (key_file, "Attempt", "FinishedAt", iso);
      g_clear_pointer (&data, g_free);
      data = g_key_file_to_data (key_file, &length, NULL);
      if (!g_file_set_contents (path, data, length, &error))
        g_error ("%s", error->message);
    }
  g_rand_free (rand);
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  const char *scenario = argc > 1 ? argv[1] : "navigate";
  guint count = argc > 2 ? (guint)g_ascii_strtoull (argv[2], NULL, 10) : 0;
  g_autofree char *data_home = NULL;
  int ret;

  if (g_str_equal (scenario, "make-history"))
    {
      if (argc < 4)
        g_error ("usage: bench-ui make-history DIR N");
      return make_history (argv[2], (guint)g_ascii_strtoull (argv[3], NULL, 10));
    }

  imtehan_i18n_init ();

  /* The attempts go to a folder of their own, unless the scenario brings one (history). */
  if (g_getenv ("IMTEHAN_BENCH_DATA_HOME") == NULL)
    {
      data_home = g_dir_make_tmp ("imtehan-bench-XXXXXX", NULL);
      g_setenv ("XDG_DATA_HOME", data_home, TRUE);
    }
  else
    g_setenv ("XDG_DATA_HOME", g_getenv ("IMTEHAN_BENCH_DATA_HOME"), TRUE);

  gtk_init ();
  adw_init ();
  if (g_str_equal (scenario, "font-check"))
    font_check_before_any_text ();

  app = imtehan_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, NULL))
    g_error ("Could not register the application");

  if (g_str_equal (scenario, "navigate"))
    ret = bench_navigate (count ? count : 10, NULL);
  else if (g_str_equal (scenario, "navigate-quiz"))
    {
      g_autoptr(GFile) file = NULL;
      g_autoptr(ImtehanQuiz) quiz = NULL;
      g_autoptr(GError) error = NULL;

      if (argc < 4)
        g_error ("usage: bench-ui navigate-quiz ROUNDS QUIZ");
      file = g_file_new_for_path (argv[3]);
      if (!(quiz = imtehan_quiz_new_from_file (file, NULL, &error)))
        g_error ("%s", error->message);
      ret = bench_navigate (count ? count : 10, quiz);
    }
  else if (g_str_equal (scenario, "language"))
    ret = bench_language (count ? count : 10);
  else if (g_str_equal (scenario, "save"))
    ret = bench_save (count ? count : 400);
  else if (g_str_equal (scenario, "font-check"))
    ret = bench_font_check ();
  else if (g_str_equal (scenario, "history"))
    ret = bench_history ();
  else if (g_str_equal (scenario, "bare-frame"))
    ret = bench_bare_frame (count ? count : 50);
  else
    g_error ("Unknown scenario %s", scenario);

  g_clear_object (&app);
  if (data_home != NULL)
    imtehan_test_remove_tree (data_home);
  return ret;
}
