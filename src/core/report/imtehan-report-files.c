/* imtehan-report-files.c: finding a report's attempt files in its folders, and reading them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain POSIX calls, so that a FIFO named *.ini, a link loop or a file that vanishes is a
 * listed problem, never a hang.
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "imtehan-intl-private.h"

#include "imtehan-report-load-private.h"

void
imtehan_report_add_found_file (ImtehanReportLoadData *data,
                               const char            *path,
                               gboolean               regular)
{
  gsize size = strlen (path) + 1;
  ImtehanReportFoundFile *file = g_malloc (sizeof (ImtehanReportFoundFile) + size);

  file->regular = regular;
  memcpy (file->path, path, size);
  g_ptr_array_add (data->files, file);
}

static gboolean
has_suffix (const char *name,
            const char *suffix)
{
  return g_str_has_suffix (name, suffix) && strlen (name) > strlen (suffix);
}

/* Only names are looked at: a folder of 100,000 unrelated files costs one readdir() each,
 * no stat(). Hidden names are left out: ".Trash-1000" on a USB stick holds deleted files. */
void
imtehan_report_walk_folder (ImtehanReportLoadData *data,
                            const char            *path,
                            guint                  depth,
                            GCancellable          *cancellable)
{
  g_autoptr(GPtrArray) subfolders = g_ptr_array_new_with_free_func (g_free);
  struct stat st;
  struct dirent *entry;
  DIR *dir;
  int fd;
  char *key;

  if (g_cancellable_is_cancelled (cancellable))
    return;
  /* O_NONBLOCK: a FIFO swapped in for the folder must not block the open. */
  if ((fd = open (path, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)) < 0)
    {
      imtehan_report_load_add_errno_problem (data,
                                             errno == ENOENT ? IMTEHAN_REPORT_PROBLEM_VANISHED
                                                             : IMTEHAN_REPORT_PROBLEM_UNREADABLE,
                                             path, errno);
      return;
    }
  if (fstat (fd, &st) < 0)
    {
      imtehan_report_load_add_errno_problem (data, IMTEHAN_REPORT_PROBLEM_UNREADABLE, path, errno);
      close (fd);
      return;
    }
  key = g_strdup_printf ("%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT,
                         (guint64)st.st_dev, (guint64)st.st_ino);
  if (!g_hash_table_add (data->visited, key))
    {
      g_autofree char *display = g_filename_display_name (path);
      g_autofree char *message = g_strdup_printf (_("%s: this folder was already read "
                                                    "(a link leads back to it)"), display);

      imtehan_report_load_add_problem (data, IMTEHAN_REPORT_PROBLEM_FOLDER_SKIPPED, path, 0, NULL,
                                       message);
      close (fd);
      return;
    }
  if (!(dir = fdopendir (fd)))
    {
      imtehan_report_load_add_errno_problem (data, IMTEHAN_REPORT_PROBLEM_UNREADABLE, path, errno);
      close (fd);
      return;
    }

  while ((errno = 0, entry = readdir (dir)) != NULL)
    {
      const char *name = entry->d_name;
      gboolean is_ini;
      unsigned char type = entry->d_type;

      if (name[0] == '.')
        continue;
      is_ini = has_suffix (name, ".ini");
      if (type == DT_LNK || type == DT_UNKNOWN)
        {
          struct stat target;

          if (fstatat (dirfd (dir), name, &target, 0) < 0)
            {
              /* A dangling link is nothing of ours; a link loop is listed wherever it is. */
              int saved_errno = errno;

              if (is_ini || saved_errno == ELOOP)
                {
                  g_autofree char *child = g_build_filename (path, name, NULL);

                  imtehan_report_load_add_errno_problem (data, IMTEHAN_REPORT_PROBLEM_UNREADABLE,
                                                         child, saved_errno);
                }
              continue;
            }
          type = S_ISDIR (target.st_mode) ? DT_DIR : S_ISREG (target.st_mode) ? DT_REG : DT_FIFO;
        }
      if (type == DT_DIR)
        g_ptr_array_add (subfolders, g_build_filename (path, name, NULL));
      else if (is_ini)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          imtehan_report_add_found_file (data, child, type == DT_REG);
        }
      /* A quiz file beside the attempts (a PC's kept versions, copied with its results) is a
       * version they may have been taken on. */
      else if (type == DT_REG && has_suffix (name, ".quiz"))
        g_ptr_array_add (data->quiz_files, g_build_filename (path, name, NULL));
    }
  if (errno != 0)
    imtehan_report_load_add_errno_problem (data, IMTEHAN_REPORT_PROBLEM_UNREADABLE, path, errno);
  closedir (dir);

  for (guint i = 0; i < subfolders->len; i++)
    {
      const char *child = g_ptr_array_index (subfolders, i);

      if (depth + 1 > IMTEHAN_REPORT_MAX_DEPTH)
        {
          g_autofree char *display = g_filename_display_name (child);
          g_autofree char *message = g_strdup_printf (_("%s: this folder is too deep to be "
                                                        "read; give it to the report itself"),
                                                      display);

          imtehan_report_load_add_problem (data, IMTEHAN_REPORT_PROBLEM_FOLDER_SKIPPED, child, 0,
                                           NULL, message);
          continue;
        }
      imtehan_report_walk_folder (data, child, depth + 1, cancellable);
    }
}

/* Reads @found whole into reader->buffer, or lists why not. A FIFO or a device named *.ini is
 * never opened: the folder's listing (or the stat() of a file given) says what it is, so no
 * stat() here (one path lookup more per file than a bare GKeyFile load). O_NONBLOCK, and
 * fstat() after the open: another PC may have replaced the file since it was listed, and
 * such a file is listed, never waited on.
 *
 * The bytes are only valid until the next file is read. One buffer per reader for the whole
 * load: a fresh allocation of an attempt's size (above malloc's 1 KiB large-bin threshold)
 * makes malloc consolidate its free lists on every file. */
GBytes *
imtehan_report_read_file (ImtehanReportReader    *reader,
                          ImtehanReportFoundFile *found)
{
  const char *path = found->path;
  g_autofree char *display = NULL;
  g_autofree char *message = NULL;
  gsize size = 0, allocated;
  struct stat st;
  int fd;

  if (!found->regular)
    goto not_regular;
  if ((fd = open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) < 0)
    {
      imtehan_report_reader_errno_problem (reader,
                                           errno == ENOENT ? IMTEHAN_REPORT_PROBLEM_VANISHED
                                                           : IMTEHAN_REPORT_PROBLEM_UNREADABLE,
                                           path, errno);
      return NULL;
    }
  if (fstat (fd, &st) < 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      goto not_regular;
    }
  if (st.st_size > IMTEHAN_ATTEMPT_MAX_SIZE)
    {
      close (fd);
      goto too_large;
    }

  /* One byte past the cap: a file that grew meanwhile is still refused unread. */
  allocated = MIN ((gsize)st.st_size, IMTEHAN_ATTEMPT_MAX_SIZE) + 1;
  if (reader->buffer_size < allocated)
    {
      reader->buffer_size = MAX (allocated, 4096);
      g_free (reader->buffer);
      reader->buffer = g_malloc (reader->buffer_size);
    }
  allocated = reader->buffer_size;
  for (;;)
    {
      gssize n;

      if (size == allocated)
        {
          if (allocated > IMTEHAN_ATTEMPT_MAX_SIZE)
            break;
          reader->buffer_size = allocated = MIN (allocated * 2, (gsize)IMTEHAN_ATTEMPT_MAX_SIZE + 1);
          reader->buffer = g_realloc (reader->buffer, allocated);
        }
      n = read (fd, reader->buffer + size, allocated - size);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          close (fd);
          imtehan_report_reader_errno_problem (reader, IMTEHAN_REPORT_PROBLEM_UNREADABLE, path,
                                               saved_errno);
          return NULL;
        }
      if (n == 0)
        break;
      size += n;
    }
  close (fd);
  if (size > IMTEHAN_ATTEMPT_MAX_SIZE)
    goto too_large;
  return g_bytes_new_static (reader->buffer, size);

not_regular:
  display = g_filename_display_name (path);
  message = g_strdup_printf (_("%s: not a regular file (a pipe or a device?); not read"),
                             display);
  imtehan_report_reader_problem (reader, IMTEHAN_REPORT_PROBLEM_NOT_REGULAR, path, 0, NULL,
                                 message);
  return NULL;

too_large:
  {
    g_autofree char *max = g_format_size (IMTEHAN_ATTEMPT_MAX_SIZE);

    display = g_filename_display_name (path);
    message = g_strdup_printf (_("%s: the file is larger than %s"), display, max);
    imtehan_report_reader_problem (reader, IMTEHAN_REPORT_PROBLEM_TOO_LARGE, path, 0, NULL,
                                   message);
    return NULL;
  }
}
