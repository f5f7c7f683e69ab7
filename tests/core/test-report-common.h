/* test-report-common.h: the attempt files, edits and lookups shared by the report's tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every fixture is written into a temporary folder by ImtehanAttempt itself (then edited by
 * hand where a case needs a damaged file), so the expected figures come from the answers the
 * test gave, not from numbers copied out of a file.
 */

#pragma once

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "imtehan-attempt.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "imtehan-report.h"
#include "test-report-util.h"
#include "test-util.h"

static inline ImtehanAttempt *
make_attempt (ImtehanQuiz *quiz,
              const char  *learner,
              const char  *pattern,
              gboolean     finish)
{
  return imtehan_test_make_attempt (quiz, IMTEHAN_MODE_EXAM, learner, pattern, finish);
}

static inline guint
count_right (const char *pattern)
{
  guint n = 0;

  for (; *pattern; pattern++)
    n += *pattern == 'c';
  return n;
}

/* @text with its first @from replaced by @to. */
static inline char *
replace_once (const char *text,
              const char *from,
              const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int)(at - text), text, to, at + strlen (from));
}

static inline int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *)a, *(const char * const *)b);
}

/* Names, sizes, modes, inodes and modification times of everything under @path, with no
 * link followed: what must be the same after a report. */
static inline void
snapshot_into (GString    *out,
               const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)))
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *child = g_build_filename (path, g_ptr_array_index (names, i), NULL);
      struct stat st;

      g_assert_no_errno (lstat (child, &st));
      g_string_append_printf (out, "%s %o %" G_GINT64_FORMAT " %" G_GUINT64_FORMAT
                              " %ld.%09ld\n", child, st.st_mode, (gint64)st.st_size,
                              (guint64)st.st_ino, (long)st.st_mtim.tv_sec,
                              (long)st.st_mtim.tv_nsec);
      if (S_ISDIR (st.st_mode))
        snapshot_into (out, child);
    }
}

static inline char *
snapshot (const char *path)
{
  GString *out = g_string_new (NULL);

  snapshot_into (out, path);
  return g_string_free (out, FALSE);
}

static inline ImtehanReportAttempt *
find_attempt (ImtehanReport *report,
              const char    *id,
              const char    *path)
{
  GListModel *groups = imtehan_report_get_quizzes (report);
  GListModel *problems = imtehan_report_get_problems (report);

  for (guint g = 0; g < g_list_model_get_n_items (groups); g++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (groups, g);
      GListModel *attempts = imtehan_report_quiz_get_attempts (group);

      for (guint i = 0; i < g_list_model_get_n_items (attempts); i++)
        {
          g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (attempts, i);

          if (g_str_equal (imtehan_report_attempt_get_id (attempt), id))
            return attempt;
        }
    }
  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(ImtehanReportProblem) problem = g_list_model_get_item (problems, i);
      ImtehanReportAttempt *attempt = imtehan_report_problem_get_attempt (problem);

      if (attempt != NULL && g_str_equal (imtehan_report_attempt_get_id (attempt), id) &&
          (path == NULL ||
           g_strcmp0 (g_file_peek_path (imtehan_report_attempt_get_file (attempt)), path) == 0))
        return attempt;
    }
  return NULL;
}

/* The problem about @path, of @kind, or NULL. */
static inline ImtehanReportProblem *
find_problem (ImtehanReport            *report,
              const char               *path,
              ImtehanReportProblemKind  kind)
{
  GListModel *problems = imtehan_report_get_problems (report);

  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(ImtehanReportProblem) problem = g_list_model_get_item (problems, i);
      GFile *file = imtehan_report_problem_get_file (problem);

      if (imtehan_report_problem_get_kind (problem) == kind && file != NULL &&
          g_str_equal (g_file_peek_path (file), path))
        return problem;
    }
  return NULL;
}

static inline guint
count_counted (ImtehanReport *report)
{
  GListModel *groups = imtehan_report_get_quizzes (report);
  guint n = 0;

  for (guint g = 0; g < g_list_model_get_n_items (groups); g++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (groups, g);

      n += g_list_model_get_n_items (imtehan_report_quiz_get_attempts (group));
    }
  return n;
}
