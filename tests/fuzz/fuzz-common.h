/* fuzz-common.h: what both fuzz targets share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <stdint.h>
#include <stdlib.h>

#include "imtehan-types.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

/* A critical or a warning from GLib is a bug the fuzzer must report, as G_DEBUG=fatal-warnings
 * does in the tests. It aborts here rather than through G_BREAKPOINT: libFuzzer catches
 * SIGABRT and saves the input, but not SIGTRAP. */
static inline GLogWriterOutput
fuzz_log_writer (GLogLevelFlags   log_level,
                 const GLogField *fields,
                 gsize            n_fields,
                 gpointer         user_data)
{
  GLogWriterOutput ret = g_log_writer_default (log_level, fields, n_fields, user_data);

  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
  return ret;
}

static inline void
fuzz_set_up (void)
{
  static gboolean done;

  if (done)
    return;
  done = TRUE;
  g_log_set_writer_func (fuzz_log_writer, NULL, NULL);
}

/* A loader that fails must say why: the store shows the message and renames the file. */
static inline void
fuzz_check_error (gboolean    loaded,
                  GError     *error,
                  const char *display_name)
{
  if (loaded)
    {
      g_assert_no_error (error);
      return;
    }
  g_assert_nonnull (error);
  g_assert_true (error->domain == IMTEHAN_ERROR);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_true (g_str_has_prefix (error->message, display_name));
}
