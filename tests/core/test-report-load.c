/* test-report-load.c: how a report's load runs: on a worker, while files change, among
 * unrelated files, and with any number of readers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "test-report-common.h"

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GError **error = user_data;

  if (!imtehan_report_load_finish (IMTEHAN_REPORT (object), result, error))
    g_assert_nonnull (*error);
  else
    *error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_EXISTS, "done");
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 gpointer    user_data)
{
  ImtehanReport *report = IMTEHAN_REPORT (object);

  /* Progress never goes past the total, and arrives on this thread. */
  g_assert_cmpuint (imtehan_report_get_files_read (report), <=,
                    imtehan_report_get_files_total (report));
  (*(guint *)user_data)++;
}

/* On a worker: the main loop runs meanwhile and sees the progress; the lists change once,
 * at the end. */
static void
test_report_async (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autofree char *root = g_dir_make_tmp ("imtehan-report-XXXXXX", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (root);
  g_autoptr(GError) done = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  guint notifications = 0, n = 200;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *pc = g_strdup_printf ("%s/pc%02u", root, i % 10);
      g_autoptr(ImtehanAttempt) attempt = make_attempt (quiz, "L", i % 2 ? "cwcw" : "wcwc", TRUE);

      g_free (imtehan_test_write_attempt (pc, attempt));
    }
  imtehan_report_add_quiz (report, quiz);
  g_signal_connect (report, "notify::files-read", G_CALLBACK (count_notify_cb), &notifications);

  imtehan_report_load_async (report, &folder, 1, NULL, load_cb, &done);
  g_assert_true (imtehan_report_get_loading (report));
  IMTEHAN_TEST_WAIT_UNTIL (done != NULL, 30);
  g_assert_error (done, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_assert_false (imtehan_report_get_loading (report));
  g_assert_cmpuint (notifications, >=, 1);
  g_assert_cmpuint (imtehan_report_get_files_read (report), ==, n);
  g_assert_cmpuint (imtehan_report_get_files_total (report), ==, n);
  g_assert_cmpuint (count_counted (report), ==, n);

  /* Cancelled: an error, and the last result stays. */
  g_clear_error (&done);
  g_cancellable_cancel (cancellable);
  imtehan_report_load_async (report, &folder, 1, cancellable, load_cb, &done);
  IMTEHAN_TEST_WAIT_UNTIL (done != NULL, 30);
  g_assert_error (done, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (imtehan_report_get_loading (report));
  g_assert_cmpuint (count_counted (report), ==, n);

  imtehan_test_remove_tree (root);
}

typedef struct
{
  GPtrArray *paths;
  gint       stop;
} Churn;

/* Another PC at work on the share: files deleted, renamed, cut short and replaced. */
static gpointer
churn_thread (gpointer user_data)
{
  Churn *churn = user_data;

  for (guint round = 0; !g_atomic_int_get (&churn->stop); round++)
    for (guint i = 0; i < churn->paths->len && !g_atomic_int_get (&churn->stop); i++)
      {
        const char *path = g_ptr_array_index (churn->paths, i);
        g_autofree char *moved = g_strconcat (path, ".moved", NULL);
        g_autofree char *text = NULL;
        gsize length = 0;

        switch ((i + round) % 4)
          {
          case 0:
            g_unlink (path);
            break;
          case 1:
            g_rename (path, moved);
            g_rename (moved, path);
            break;
          case 2:
            if (g_file_get_contents (path, &text, &length, NULL))
              {
                FILE *out = fopen (path, "w"); /* not atomic: a half-written file */

                if (out != NULL)
                  {
                    fwrite (text, 1, length / 2, out);
                    fflush (out);
                    fwrite (text + length / 2, 1, length - length / 2, out);
                    fclose (out);
                  }
              }
            break;
          default:
            if (g_file_get_contents (path, &text, &length, NULL))
              g_file_set_contents (path, text, length / 3, NULL);
            break;
          }
      }
  return NULL;
}

static void
test_report_changing (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autofree char *root = g_dir_make_tmp ("imtehan-report-XXXXXX", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (root);
  Churn churn = { g_ptr_array_new_with_free_func (g_free), 0 };
  GThread *thread;
  guint n = 400;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *pc = g_strdup_printf ("%s/pc%02u", root, i % 8);
      g_autoptr(ImtehanAttempt) attempt = make_attempt (quiz, "L", "cwc-cwc", TRUE);

      g_ptr_array_add (churn.paths, imtehan_test_write_attempt (pc, attempt));
    }

  thread = g_thread_new ("churn", churn_thread, &churn);
  for (guint run = 0; run < 5; run++)
    {
      g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
      g_autoptr(GError) done = NULL;
      GListModel *problems;
      guint counted;

      imtehan_report_add_quiz (report, quiz);
      imtehan_report_load_async (report, &folder, 1, NULL, load_cb, &done);
      IMTEHAN_TEST_WAIT_UNTIL (done != NULL, 60);
      g_assert_error (done, G_IO_ERROR, G_IO_ERROR_EXISTS);

      problems = imtehan_report_get_problems (report);
      counted = count_counted (report);
      g_assert_cmpuint (counted + g_list_model_get_n_items (problems), >=,
                        imtehan_report_get_files_total (report));
      g_assert_cmpuint (counted, <=, imtehan_report_get_files_total (report));
      for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
        {
          g_autoptr(ImtehanReportProblem) problem = g_list_model_get_item (problems, i);
          ImtehanReportProblemKind kind = imtehan_report_problem_get_kind (problem);

          g_assert_true (kind == IMTEHAN_REPORT_PROBLEM_VANISHED ||
                         kind == IMTEHAN_REPORT_PROBLEM_DAMAGED ||
                         kind == IMTEHAN_REPORT_PROBLEM_UNREADABLE);
          g_assert_nonnull (imtehan_report_problem_get_message (problem));
        }
      g_test_message ("run %u: %u files, %u counted, %u problems", run,
                      imtehan_report_get_files_total (report), counted,
                      g_list_model_get_n_items (problems));
    }
  g_atomic_int_set (&churn.stop, 1);
  g_thread_join (thread);

  g_ptr_array_unref (churn.paths);
  imtehan_test_remove_tree (root);
}

/* A folder of 100,000 files that are not attempts: none of them is opened. */
static void
test_report_unrelated (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);
  g_autofree char *root = g_dir_make_tmp ("imtehan-report-XXXXXX", NULL);
  g_autoptr(ImtehanAttempt) attempt = make_attempt (quiz, "L", "cc", TRUE);
  gint64 start;

  for (guint i = 0; i < 100000; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/photo-%06u.jpg", root, i);
      int fd = g_open (path, O_WRONLY | O_CREAT, 0600);

      g_assert_cmpint (fd, >=, 0);
      close (fd);
    }
  g_free (imtehan_test_write_attempt (root, attempt));
  imtehan_report_add_quiz (report, quiz);

  start = g_get_monotonic_time ();
  imtehan_test_load_report_folder (report, root);
  g_test_message ("100,000 unrelated files: %.1f ms",
                  (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpuint (imtehan_report_get_files_total (report), ==, 1);
  g_assert_cmpuint (count_counted (report), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (imtehan_report_get_problems (report)), ==, 0);

  imtehan_test_remove_tree (root);
}

/* What a load gave, as text: every group's attempts and every problem, in order. */
static char *
describe_report (ImtehanReport *report)
{
  GListModel *quizzes = imtehan_report_get_quizzes (report);
  GListModel *problems = imtehan_report_get_problems (report);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (quizzes); i++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (quizzes, i);
      GListModel *attempts = imtehan_report_quiz_get_attempts (group);

      g_string_append_printf (out, "quiz %s\n",
                              imtehan_quiz_get_digest (imtehan_report_quiz_get_quiz (group)));
      for (guint j = 0; j < g_list_model_get_n_items (attempts); j++)
        {
          g_autoptr(ImtehanReportAttempt) attempt = g_list_model_get_item (attempts, j);

          g_string_append_printf (out, "  %s %s %d %d %g/%u copies %u\n",
                                  imtehan_report_attempt_get_id (attempt),
                                  g_file_peek_path (imtehan_report_attempt_get_file (attempt)),
                                  imtehan_report_attempt_get_status (attempt),
                                  imtehan_report_attempt_get_flags (attempt),
                                  imtehan_report_attempt_get_score (attempt),
                                  imtehan_report_attempt_get_total (attempt),
                                  imtehan_report_attempt_get_copies (attempt)->len);
        }
    }
  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(ImtehanReportProblem) problem = g_list_model_get_item (problems, i);
      GFile *file = imtehan_report_problem_get_file (problem);

      g_string_append_printf (out, "problem %d %s:%u %s\n",
                              imtehan_report_problem_get_kind (problem),
                              file ? g_file_peek_path (file) : "-",
                              imtehan_report_problem_get_line (problem),
                              imtehan_report_problem_get_message (problem));
    }
  return g_string_free (out, FALSE);
}

/* A lab's folder read by one thread and by four gives the same report, in the same order:
 * attempts, copies merged, conflicts and damaged files. */
static void
test_report_readers (void)
{
  g_autoptr(ImtehanQuiz) quiz = imtehan_test_load_bundled_quiz ();
  g_autofree char *root = g_dir_make_tmp ("imtehan-report-XXXXXX", NULL);
  g_autofree char *one = NULL;
  g_autofree char *four = NULL;
  guint n_damaged = 0, n_conflicts = 0;

  for (guint i = 0; i < 600; i++)
    {
      g_autofree char *pc = g_strdup_printf ("pc%02u", i % 7);
      g_autofree char *folder = g_build_filename (root, pc, NULL);
      g_autoptr(ImtehanAttempt) attempt = make_attempt (quiz, "L", i % 3 ? "cwcwcc" : "wwc",
                                                        i % 5 != 0);

      if (i % 41 == 0)
        {
          g_autofree char *name = g_strdup_printf ("damaged-%u.ini", i);

          g_free (imtehan_test_write_text (folder, name, "[Attempt]\nVersion=2\nId=\n"));
          n_damaged++;
          continue;
        }
      g_free (imtehan_test_write_attempt (folder, attempt));
      /* A USB copy of some, and a later save of others with another answer: a conflict. */
      if (i % 13 == 0)
        {
          g_autofree char *copy = g_build_filename (root, "usb", pc, NULL);

          if (i % 5 == 0)
            {
              ImtehanQuestion *last = imtehan_quiz_get_question (quiz, 7);

              g_assert_true (imtehan_attempt_choose (attempt, 7,
                                                     imtehan_test_wrong_choice (last)));
              n_conflicts++;
            }
          g_free (imtehan_test_write_attempt (copy, attempt));
        }
    }

  for (guint n = 1; n <= 4; n += 3)
    {
      g_autoptr(ImtehanReport) report = imtehan_report_new (NULL);

      imtehan_report_add_quiz (report, quiz);
      imtehan_report_set_max_readers (report, n);
      imtehan_test_load_report_folder (report, root);
      g_assert_cmpuint (count_counted (report), ==, 600 - n_damaged - n_conflicts);
      *(n == 1 ? &one : &four) = describe_report (report);
    }
  g_assert_cmpstr (four, ==, one);
  g_assert_cmpuint (n_conflicts, >, 0);
  g_assert_nonnull (strstr (one, "damaged-41.ini"));

  imtehan_test_remove_tree (root);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/report/async", test_report_async);
  g_test_add_func ("/report/changing", test_report_changing);
  g_test_add_func ("/report/unrelated", test_report_unrelated);
  g_test_add_func ("/report/readers", test_report_readers);

  return g_test_run ();
}
