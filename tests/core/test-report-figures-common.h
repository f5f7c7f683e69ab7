/* test-report-figures-common.h: a report's CSV files as text, for the figures' and CSV tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-report-figures.h"
#include "test-report-util.h"
#include "test-util.h"

#define BOM "\xef\xbb\xbf"
#define QUIZ_ID "zero-sharded-optimizers"
#define TITLE "ZeRO and Sharded Optimizers"

static inline char *
attempts_csv (ImtehanReport        *report,
              ImtehanReportInclude  include)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_assert_true (imtehan_report_write_attempts_csv (report, include, out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
}

static inline char *
stats_csv (ImtehanReport        *report,
           ImtehanReportInclude  include)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_assert_true (imtehan_report_write_stats_csv (report, include, out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
}
