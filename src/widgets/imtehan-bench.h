/* imtehan-bench.h: timestamps for the benchmarks in tests/bench
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

gboolean imtehan_bench_enabled          (void);
void     imtehan_bench_mark             (const char *mark,
                                         gint64      value);
void     imtehan_bench_mark_after_paint (GtkWidget  *widget,
                                         const char *mark);

void     imtehan_bench_mark_frame_phases (GtkWidget  *widget,
                                          const char *prefix);

G_END_DECLS
