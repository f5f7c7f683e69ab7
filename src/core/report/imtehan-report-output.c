/* imtehan-report-output.c: where a report's exports may go, and writing them whole
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "imtehan-intl-private.h"

#include "imtehan-report-figures.h"

typedef struct
{
  GFile       *target;
  const char  *path;      /* of target; NULL if not a local file */
  gboolean     exists;
  struct stat  st;
} Target;

static gboolean
target_is (Target *target,
           GFile  *file)
{
  const char *path;
  struct stat st;

  if (file == NULL)
    return FALSE;
  if (g_file_equal (target->target, file))
    return TRUE;
  /* Another name for the same file: a link, "a/../b", a bind mount. */
  path = g_file_peek_path (file);
  return target->exists && path != NULL && g_stat (path, &st) == 0 &&
         st.st_dev == target->st.st_dev && st.st_ino == target->st.st_ino;
}

static gboolean
attempt_is_target (Target               *target,
                   ImtehanReportAttempt *attempt)
{
  GPtrArray *copies;

  if (attempt == NULL)
    return FALSE;
  if (target_is (target, imtehan_report_attempt_get_file (attempt)))
    return TRUE;
  copies = imtehan_report_attempt_get_copies (attempt);
  for (guint i = 0; i < copies->len; i++)
    if (target_is (target, g_ptr_array_index (copies, i)))
      return TRUE;
  return FALSE;
}

/* Whether @file is one the report read: a counted attempt, a copy of one, or a file it
 * listed a problem with (a damaged attempt is still a learner's, and still evidence). */
static gboolean
is_report_file (ImtehanReport *report,
                GFile         *file)
{
  GListModel *groups = imtehan_report_get_quizzes (report);
  GListModel *problems = imtehan_report_get_problems (report);
  Target target = { file, g_file_peek_path (file), FALSE, };

  target.exists = target.path != NULL && g_stat (target.path, &target.st) == 0;

  for (guint g = 0; g < g_list_model_get_n_items (groups); g++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (groups, g);
      GListModel *attempts = imtehan_report_quiz_get_attempts (group);

      for (guint i = 0; i < g_list_model_get_n_items (attempts); i++)
        {
          g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (attempts, i);

          if (attempt_is_target (&target, attempt))
            return TRUE;
        }
    }
  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(ImtehanReportProblem) problem = g_list_model_get_item (problems, i);

      if (target_is (&target, imtehan_report_problem_get_file (problem)) ||
          attempt_is_target (&target, imtehan_report_problem_get_attempt (problem)))
        return TRUE;
    }
  return FALSE;
}

/**
 * imtehan_report_check_output:
 * @file: a file the report's CSV, PDF or any other export is about to be written to
 *
 * Refuses a name ending in ".ini" (the next report would read the export as a damaged
 * attempt) and any file the report read, under any of its names.
 *
 * Returns: %TRUE if @file may be written
 */
gboolean
imtehan_report_check_output (ImtehanReport  *report,
                             GFile          *file,
                             GError        **error)
{
  g_autofree char *basename = NULL;
  g_autofree char *folded = NULL;
  g_autofree char *display = NULL;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (report), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  display = g_file_get_parse_name (file);
  basename = g_file_get_basename (file);
  folded = basename ? g_ascii_strdown (basename, -1) : NULL;
  if (folded != NULL && g_str_has_suffix (folded, ".ini"))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   _("%s: a name ending in “.ini” is an attempt file’s, and the report would "
                     "read this file as a damaged attempt; choose another name"), display);
      return FALSE;
    }
  if (is_report_file (report, file))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("%s is one of the files this report reads; choose another name"), display);
      return FALSE;
    }
  return TRUE;
}

/* The temporary file is hidden (the report skips hidden names) and in @path's folder, so
 * that the rename is atomic; it is removed if anything fails. */
static gboolean
replace_local_file (const char  *path,
                    const char  *display,
                    GBytes      *bytes,
                    GError     **error)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *basename = g_path_get_basename (path);
  g_autofree char *temp = g_strdup_printf ("%s/.%s.XXXXXX", folder, basename);
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  int saved_errno;
  int fd;

  /* 0640: an export holds a whole class's names and scores, for the teachers' group of a
   * lab's folder (DESIGN.md), not for the learners. */
  if ((fd = g_mkstemp_full (temp, O_WRONLY | O_CLOEXEC, 0640)) < 0)
    {
      saved_errno = errno;
      goto failed;
    }
  while (size > 0)
    {
      gssize n = write (fd, data, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        break;
      data += n;
      size -= n;
    }
  /* fsync: a rename that reaches the disk before the data would leave an empty file after a
   * power cut, where the older export was. */
  if (size > 0 || fsync (fd) < 0)
    {
      saved_errno = errno;
      close (fd);
      g_unlink (temp);
      goto failed;
    }
  if (close (fd) < 0 || g_rename (temp, path) < 0)
    {
      saved_errno = errno;
      g_unlink (temp);
      goto failed;
    }
  return TRUE;

failed:
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s", display,
               g_strerror (saved_errno));
  return FALSE;
}

/**
 * imtehan_report_save_csv:
 *
 * Writes the whole CSV to a temporary file that is then renamed over @file (a link at @file
 * is replaced, not followed), so a full disk or a cancel leaves @file as it was. Refuses
 * what imtehan_report_check_output() refuses.
 */
gboolean
imtehan_report_save_csv (ImtehanReport         *report,
                         ImtehanReportCsv       kind,
                         ImtehanReportInclude   include,
                         GFile                 *file,
                         GCancellable          *cancellable,
                         GError               **error)
{
  g_autoptr(GOutputStream) memory = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (report), FALSE);
  g_return_val_if_fail (kind == IMTEHAN_REPORT_CSV_ATTEMPTS ||
                        kind == IMTEHAN_REPORT_CSV_STATISTICS, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!imtehan_report_check_output (report, file, error))
    return FALSE;

  /* The whole file in memory first: a cancel or a failure while writing the rows then
   * touches nothing on disk. */
  memory = g_memory_output_stream_new_resizable ();
  if (!(kind == IMTEHAN_REPORT_CSV_ATTEMPTS
          ? imtehan_report_write_attempts_csv (report, include, memory, cancellable, error)
          : imtehan_report_write_stats_csv (report, include, memory, cancellable, error)) ||
      !g_output_stream_close (memory, cancellable, error))
    return FALSE;
  bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (memory));
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  return imtehan_report_save_bytes (file, bytes, cancellable, error);
}

/**
 * imtehan_report_save_bytes:
 *
 * Writes an export (CSV or PDF) made whole in memory to @file, whole or not at all: a hidden
 * temporary file in the same folder renamed over it, with errors that name @file. Checking
 * @file with imtehan_report_check_output() is the caller's part.
 */
gboolean
imtehan_report_save_bytes (GFile         *file,
                           GBytes        *bytes,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_autofree char *display = NULL;
  const char *path;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  /* g_file_replace() would write a new local file in place, and leave half of it on a full
   * disk; g_file_set_contents_full()'s errors name its temporary file. */
  display = g_file_get_parse_name (file);
  if ((path = g_file_peek_path (file)) != NULL)
    return replace_local_file (path, display, bytes, error);
  return g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                  NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                                  cancellable, error);
}
