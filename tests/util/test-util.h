/* test-util.h: GLib-only helpers shared by the tests and the benchmarks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void     imtehan_test_remove_tree (const char *path);
gboolean imtehan_test_wake_cb     (gpointer    data);
void     imtehan_test_run_for     (guint       ms);

/* Runs the main loop until @condition holds or @seconds have passed, without sleeping: a
 * short timeout source wakes the loop, since the store's worker thread may make the
 * condition true without waking it. The caller asserts the condition afterwards. */
#define IMTEHAN_TEST_WAIT_UNTIL(condition, seconds)                                           \
  G_STMT_START {                                                                          \
    gint64 imtehan_wait_deadline_ = g_get_monotonic_time () + (gint64)((seconds) * G_USEC_PER_SEC); \
    guint imtehan_wait_wake_ = g_timeout_add (5, imtehan_test_wake_cb, NULL);              \
    while (!(condition) && g_get_monotonic_time () < imtehan_wait_deadline_)               \
      g_main_context_iteration (NULL, TRUE);                                              \
    g_source_remove (imtehan_wait_wake_);                                                  \
  } G_STMT_END

G_END_DECLS
