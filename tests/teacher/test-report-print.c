/* test-report-print.c: the class report in PDF and through a print operation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `imtehan --report DIR --pdf FILE` runs on servers and in CI with no display, before GTK is
 * initialised: so does this test, which never calls gtk_init() and unsets DISPLAY and
 * WAYLAND_DISPLAY itself. The PDFs are read back with poppler's command-line tools
 * (poppler-utils, build-aux/packages.txt), as a reader sees them.
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "imtehan-i18n.h"
#include "imtehan-report-print.h"
#include "test-report-util.h"
#include "test-util.h"

typedef struct
{
  char          *root;     /* a temporary folder: the class's attempts and the PDFs */
  char          *class;
  ImtehanQuiz   *quiz;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->root = g_dir_make_tmp ("imtehan-report-print-XXXXXX", NULL);
  g_assert_nonnull (fixture->root);
  fixture->class = g_build_filename (fixture->root, "class", NULL);
  fixture->quiz = imtehan_test_load_bundled_quiz ();
  imtehan_i18n_set_language ("en");
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  imtehan_test_remove_tree (fixture->root);
  g_clear_object (&fixture->quiz);
  g_free (fixture->class);
  g_free (fixture->root);
  imtehan_i18n_set_language ("en");
}

/* Attempts of @n learners in a folder per PC; each @names[i] if given, else "Learner i". */
static void
write_class (Fixture            *fixture,
             guint               n,
             const char * const *names)
{
  static const char * const patterns[] = { "cccccccc", "cwc-cwcw", "wwwwwwww", "ccwcccwc",
                                           "cwcwcwcw", "cccccccw", "ccc-----" };

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *pc = g_strdup_printf ("pc%02u", i % 4 + 1);
      g_autofree char *folder = g_build_filename (fixture->class, pc, NULL);
      g_autofree char *learner = g_strdup_printf ("Learner %u", i + 1);
      g_autofree char *roll = g_strdup_printf ("R-%03u", i + 1);
      g_autoptr(ImtehanAttempt) attempt = NULL;
      g_autofree char *path = NULL;

      attempt = imtehan_test_make_attempt (fixture->quiz, IMTEHAN_MODE_EXAM,
                                           names && names[i] ? names[i] : learner,
                                           patterns[i % G_N_ELEMENTS (patterns)],
                                           i % 7 != 6);
      imtehan_attempt_set_roll_number (attempt, roll);
      path = imtehan_test_write_attempt (folder, attempt);
    }
}

static ImtehanReport *
load_class (Fixture *fixture)
{
  ImtehanReport *report = imtehan_report_new (NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (fixture->class);
  g_autoptr(GError) error = NULL;

  imtehan_report_add_quiz (report, fixture->quiz);
  g_assert_true (imtehan_report_load (report, &folder, 1, NULL, &error));
  g_assert_no_error (error);
  return report;
}

static GBytes *
read_pdf (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *data = NULL;
  gsize size = 0;

  g_assert_true (g_file_get_contents (path, &data, &size, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (size, >, 5);
  g_assert_cmpmem (data, 5, "%PDF-", 5);
  return g_bytes_new_take (data, size);
}

/* What poppler's @tool (pdfinfo, pdffonts, pdftotext) says of @pdf. The PDF is read by a
 * PDF reader, not searched as bytes: cairo 1.18 keeps page and font dictionaries in
 * compressed object streams. */
static char *
poppler (const char *tool,
         GBytes     *pdf,
         const char *option)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  gsize size;
  const char *data = g_bytes_get_data (pdf, &size);
  int fd = g_file_open_tmp ("imtehan-report-print-XXXXXX.pdf", &path, &error);
  int status = -1;
  /* pdftotext writes to its last argument; pdfinfo and pdffonts take the file last. */
  const char *argv[] = { tool, option, NULL, NULL, NULL };

  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, data, size, &error));
  g_assert_no_error (error);
  if (option)
    {
      argv[2] = path;
      argv[3] = "-";
    }
  else
    argv[1] = path;
  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err,
                &status, &error);
  g_assert_no_error (error);
  g_unlink (path);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed: %s", tool, err);
  return g_steal_pointer (&out);
}

/* The number of pages, as a PDF reader counts them. */
static guint
count_pages (GBytes *pdf)
{
  g_autofree char *info = poppler ("pdfinfo", pdf, NULL);
  const char *pages = strstr (info, "\nPages:");

  g_assert_nonnull (pages);
  return (guint)g_ascii_strtoull (pages + strlen ("\nPages:"), NULL, 10);
}

/* Whether a font whose name contains @family is embedded ("ABCDEF+Family-…", emb "yes"). */
static gboolean
has_font (GBytes     *pdf,
          const char *family)
{
  g_autofree char *fonts = poppler ("pdffonts", pdf, NULL);
  g_auto(GStrv) lines = g_strsplit (fonts, "\n", -1);

  /* Two header lines: the column names and a rule. */
  for (guint i = 2; lines[0] && lines[1] && lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit_set (lines[i], " ", -1);
      const char *name = fields[0];

      if (name != NULL && strstr (name, family) != NULL && strstr (lines[i], " yes ") != NULL)
        return TRUE;
    }
  return FALSE;
}

/* Where the first page's top line of text begins, across (the leftmost edge of its words,
 * in points): the quiz's title. */
static double
first_text_x (GBytes *pdf)
{
  g_autofree char *html = poppler ("pdftotext", pdf, "-bbox");
  const char *p = html;
  double top = G_MAXDOUBLE, left = G_MAXDOUBLE;

  while ((p = strstr (p, "<word xMin=\"")) != NULL)
    {
      char *next;
      double x_min = g_ascii_strtod (p + strlen ("<word xMin=\""), &next);
      const char *y = strstr (next, "yMin=\"");
      double y_min;

      g_assert_nonnull (y);
      y_min = g_ascii_strtod (y + strlen ("yMin=\""), NULL);
      if (y_min < top - 1.0)
        {
          top = y_min;
          left = x_min;
        }
      else if (ABS (y_min - top) <= 1.0)
        left = MIN (left, x_min);
      p = y;
    }
  g_assert_cmpfloat (top, <, G_MAXDOUBLE);
  return left;
}

static GBytes *
save_pdf (ImtehanReport *report,
          const char    *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (imtehan_report_print_save_pdf (report, IMTEHAN_REPORT_INCLUDE_EXAMS, file,
                                                &error));
  g_assert_no_error (error);
  return read_pdf (path);
}

static void
assert_no_display (void)
{
  g_assert_null (g_getenv ("DISPLAY"));
  g_assert_null (g_getenv ("WAYLAND_DISPLAY"));
  g_assert_false (gtk_is_initialized ());
}

/* An Urdu teacher's report: Nastaliq embedded, with no display. */
static void
test_pdf_urdu (Fixture       *fixture,
               gconstpointer  data)
{
  static const char * const names[] = { "عائشہ خان", "Bilal Ahmed", "زینب", NULL };
  g_autoptr(ImtehanReport) report = NULL;
  g_autofree char *path = g_build_filename (fixture->root, "جماعت.pdf", NULL);
  g_autoptr(GBytes) pdf = NULL;

  imtehan_i18n_set_language ("ur");
  write_class (fixture, 3, names);
  report = load_class (fixture);
  pdf = save_pdf (report, path);
  assert_no_display ();

  g_assert_cmpuint (count_pages (pdf), >=, 1);
  g_assert_true (has_font (pdf, "NotoNastaliqUrdu"));
}

/* English pages have no Nastaliq, unless a learner's name is in Urdu: then the name is set
 * in it, not in a Kufi or DejaVu fallback. */
static void
test_pdf_english (Fixture       *fixture,
                  gconstpointer  data)
{
  static const char * const names[] = { "Aisha Khan", "Bilal Ahmed", "Zainab", "عائشہ خان",
                                         NULL };
  g_autofree char *latin_path = g_build_filename (fixture->root, "latin.pdf", NULL);
  g_autofree char *urdu_path = g_build_filename (fixture->root, "urdu-name.pdf", NULL);
  g_autoptr(ImtehanReport) latin = NULL;
  g_autoptr(ImtehanReport) with_urdu = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autoptr(GBytes) urdu_pdf = NULL;

  write_class (fixture, 3, names);
  latin = load_class (fixture);
  pdf = save_pdf (latin, latin_path);
  g_assert_cmpuint (count_pages (pdf), >=, 1);
  g_assert_false (has_font (pdf, "Nastaliq"));
  g_assert_false (has_font (pdf, "Kufi"));

  write_class (fixture, 4, names);
  with_urdu = load_class (fixture);
  urdu_pdf = save_pdf (with_urdu, urdu_path);
  g_assert_true (has_font (urdu_pdf, "NotoNastaliqUrdu"));
  g_assert_false (has_font (urdu_pdf, "Kufi"));
}

/* The whole page reads from the right in Urdu: the title starts at the left margin in
 * English, and ends at the right one in Urdu, so that its start lies beyond the middle (the
 * bundled quiz's Urdu title takes about 240 of A4's 595 points). */
static void
test_pdf_mirrored (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *en_path = g_build_filename (fixture->root, "en.pdf", NULL);
  g_autofree char *ur_path = g_build_filename (fixture->root, "ur.pdf", NULL);
  g_autoptr(ImtehanReport) report = NULL;
  g_autoptr(GBytes) en = NULL;
  g_autoptr(GBytes) ur = NULL;
  double margin = 15.0 * 72.0 / 25.4;

  write_class (fixture, 3, NULL);
  report = load_class (fixture);
  en = save_pdf (report, en_path);
  imtehan_i18n_set_language ("ur");
  ur = save_pdf (report, ur_path);

  g_assert_cmpfloat_with_epsilon (first_text_x (en), margin, 1.0);
  g_assert_cmpfloat (first_text_x (ur), >, 595.0 / 2);
}

/* A bigger class takes more pages: the learners table goes on, page after page. */
static void
test_pdf_pages (Fixture       *fixture,
                gconstpointer  data)
{
  const char *languages[] = { "en", "ur" };

  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    {
      g_autofree char *small_path = g_build_filename (fixture->root, "small.pdf", NULL);
      g_autofree char *big_path = g_build_filename (fixture->root, "big.pdf", NULL);
      g_autoptr(ImtehanReport) small = NULL;
      g_autoptr(ImtehanReport) big = NULL;
      g_autoptr(GBytes) small_pdf = NULL;
      g_autoptr(GBytes) big_pdf = NULL;
      guint small_pages, big_pages;

      imtehan_test_remove_tree (fixture->class);
      imtehan_i18n_set_language (languages[l]);
      write_class (fixture, 4, NULL);
      small = load_class (fixture);
      small_pdf = save_pdf (small, small_path);
      small_pages = count_pages (small_pdf);

      write_class (fixture, 110, NULL);
      big = load_class (fixture);
      big_pdf = save_pdf (big, big_path);
      big_pages = count_pages (big_pdf);

      /* 110 rows of at least 14.5 pt (8.5 pt type, 6 pt of padding), in at most 770 pt of A4
       * a page, take two pages more at the least; a row is never more than three lines. */
      g_test_message ("%s: 4 learners %u pages, 110 learners %u pages", languages[l],
                      small_pages, big_pages);
      g_assert_cmpuint (big_pages, >=, small_pages + 2);
      g_assert_cmpuint (big_pages, <=, 110 / 8);
    }
}

typedef struct
{
  gboolean  done;
  gboolean  saved;
  GError   *error;
} Saving;

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Saving *saving = user_data;

  saving->saved = imtehan_report_print_save_pdf_finish (IMTEHAN_REPORT (source), result,
                                                        &saving->error);
  saving->done = TRUE;
}

/* On a worker thread (a font map of its own), the same pages in the caller's language; a
 * cancelled export writes nothing. */
static void
test_pdf_async (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(ImtehanReport) report = NULL;
  g_autofree char *sync_path = g_build_filename (fixture->root, "sync.pdf", NULL);
  g_autofree char *async_path = g_build_filename (fixture->root, "async.pdf", NULL);
  g_autofree char *cancelled_path = g_build_filename (fixture->root, "cancelled.pdf", NULL);
  g_autoptr(GFile) async_file = g_file_new_for_path (async_path);
  g_autoptr(GFile) cancelled_file = g_file_new_for_path (cancelled_path);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GBytes) sync_pdf = NULL;
  g_autoptr(GBytes) async_pdf = NULL;
  Saving saving = { FALSE, };

  imtehan_i18n_set_language ("ur");
  write_class (fixture, 30, NULL);
  report = load_class (fixture);
  sync_pdf = save_pdf (report, sync_path);

  imtehan_report_print_save_pdf_async (report, IMTEHAN_REPORT_INCLUDE_EXAMS, async_file, NULL,
                                       saved_cb, &saving);
  IMTEHAN_TEST_WAIT_UNTIL (saving.done, 60);
  g_assert_no_error (saving.error);
  g_assert_true (saving.saved);
  async_pdf = read_pdf (async_path);
  g_assert_cmpuint (count_pages (async_pdf), ==, count_pages (sync_pdf));
  g_assert_true (has_font (async_pdf, "NotoNastaliqUrdu"));
  g_assert_cmpfloat (first_text_x (async_pdf), >, 595.0 / 2);

  saving.done = FALSE;
  g_cancellable_cancel (cancellable);
  imtehan_report_print_save_pdf_async (report, IMTEHAN_REPORT_INCLUDE_EXAMS, cancelled_file,
                                       cancellable, saved_cb, &saving);
  IMTEHAN_TEST_WAIT_UNTIL (saving.done, 60);
  g_assert_error (saving.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (saving.saved);
  g_clear_error (&saving.error);
  g_assert_false (g_file_test (cancelled_path, G_FILE_TEST_EXISTS));
}

/* A failed export leaves nothing behind: no PDF, no temporary file. */
static void
test_pdf_unwritable (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(ImtehanReport) report = NULL;
  g_autofree char *missing = g_build_filename (fixture->root, "no-such-folder", "r.pdf", NULL);
  g_autofree char *out = g_build_filename (fixture->root, "out", NULL);
  g_autofree char *folder_target = g_build_filename (out, "report.pdf", NULL);
  g_autoptr(GFile) missing_file = g_file_new_for_path (missing);
  g_autoptr(GFile) folder_file = g_file_new_for_path (folder_target);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  guint n = 0;

  write_class (fixture, 2, NULL);
  report = load_class (fixture);

  g_assert_false (imtehan_report_print_save_pdf (report, IMTEHAN_REPORT_INCLUDE_EXAMS,
                                                 missing_file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  /* The PDF is complete when the rename onto the target fails (root may write anywhere,
   * but not rename a file over a folder): its temporary file goes too. */
  g_assert_no_errno (g_mkdir_with_parents (folder_target, 0700));
  g_assert_false (imtehan_report_print_save_pdf (report, IMTEHAN_REPORT_INCLUDE_EXAMS,
                                                 folder_file, &error));
  g_assert_nonnull (error);
  /* The teacher's name for the file, not the temporary one's. */
  g_assert_true (g_str_has_prefix (error->message, folder_target));
  g_assert_null (strstr (error->message, ".report.pdf."));
  g_assert_true (g_file_test (folder_target, G_FILE_TEST_IS_DIR));
  dir = g_dir_open (out, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_assert_cmpstr (name, ==, "report.pdf");
      n++;
    }
  g_assert_cmpuint (n, ==, 1);
}

/* An attempt file is never overwritten, nor a name the next report would read as one. */
static void
test_pdf_refuses_attempts (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(ImtehanReport) report = NULL;
  g_autofree char *ini = g_build_filename (fixture->root, "report.ini", NULL);
  g_autoptr(GFile) ini_file = g_file_new_for_path (ini);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanReportQuiz) group = NULL;
  g_autoptr(ImtehanReportAttempt) attempt = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GFile *attempt_file;

  write_class (fixture, 2, NULL);
  report = load_class (fixture);
  g_assert_false (imtehan_report_print_save_pdf (report, IMTEHAN_REPORT_INCLUDE_EXAMS, ini_file,
                                                 &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME);
  g_assert_false (g_file_test (ini, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  group = g_list_model_get_item (imtehan_report_get_quizzes (report), 0);
  attempt = g_list_model_get_item (imtehan_report_quiz_get_attempts (group), 0);
  attempt_file = imtehan_report_attempt_get_file (attempt);
  g_assert_true (g_file_get_contents (g_file_peek_path (attempt_file), &before, NULL, NULL));
  g_assert_false (imtehan_report_print_save_pdf (report, IMTEHAN_REPORT_INCLUDE_EXAMS,
                                                 attempt_file, &error));
  g_assert_nonnull (error);
  g_assert_true (g_file_get_contents (g_file_peek_path (attempt_file), &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
}

/* An existing file is replaced whole, by a rename: a reader holding the old file keeps it. */
static void
test_pdf_replaces (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(ImtehanReport) report = NULL;
  g_autofree char *path = g_build_filename (fixture->root, "report.pdf", NULL);
  g_autofree char *old = g_strnfill (200000, 'x');
  g_autoptr(GBytes) pdf = NULL;
  struct stat before, after;
  gsize size;
  const char *data_pdf;

  write_class (fixture, 2, NULL);
  report = load_class (fixture);
  g_assert_true (g_file_set_contents (path, old, -1, NULL));
  g_assert_no_errno (g_stat (path, &before));

  pdf = save_pdf (report, path);
  data_pdf = g_bytes_get_data (pdf, &size);
  g_assert_no_errno (g_stat (path, &after));
  g_assert_cmpuint (after.st_ino, !=, before.st_ino);
  g_assert_cmpuint (after.st_size, ==, size);
  g_assert_nonnull (g_strrstr_len (data_pdf + size - 8, 8, "%%EOF"));
  g_assert_cmpuint (count_pages (pdf), >=, 1);
}

/* A lesson still going on: attempts, none finished. Learners are listed, with no figures. */
static void
test_pdf_unfinished (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(ImtehanReport) report = NULL;
  g_autofree char *path = g_build_filename (fixture->root, "unfinished.pdf", NULL);
  g_autoptr(GBytes) pdf = NULL;

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(ImtehanAttempt) attempt = imtehan_test_make_attempt (fixture->quiz,
                                                                     IMTEHAN_MODE_EXAM,
                                                                     "زینب", "cw-c", FALSE);
      g_autofree char *file = imtehan_test_write_attempt (fixture->class, attempt);
    }
  report = load_class (fixture);
  pdf = save_pdf (report, path);
  g_assert_cmpuint (count_pages (pdf), ==, 1);
  g_assert_true (has_font (pdf, "NotoNastaliqUrdu"));
}

/* No attempts at all: still a page, saying so. */
static void
test_pdf_empty (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(ImtehanReport) report = NULL;
  g_autofree char *path = g_build_filename (fixture->root, "empty.pdf", NULL);
  g_autoptr(GBytes) pdf = NULL;

  g_assert_no_errno (g_mkdir_with_parents (fixture->class, 0700));
  report = load_class (fixture);
  pdf = save_pdf (report, path);
  g_assert_cmpuint (count_pages (pdf), ==, 1);
}

/* A quiz of every question type: the questions' table counts each kind as the window does
 * (typed answers by their compared text, items right), and its note says how to read them. */
static void
test_pdf_kinds (Fixture       *fixture,
                gconstpointer  data)
{
  static const char * const typed[] = { "Optimizer State", "OPTIMIZER   state", "12 bytes" };
  g_autoptr(GFile) file = g_file_new_for_path (TEST_DATA_DIR "/question-types.quiz");
  g_autofree char *path = g_build_filename (fixture->root, "kinds.pdf", NULL);
  g_autoptr(ImtehanReport) report = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autofree char *text = NULL;
  g_autofree char *flat = NULL;
  g_auto(GStrv) lines = NULL;

  g_clear_object (&fixture->quiz);
  fixture->quiz = imtehan_quiz_new_from_file (file, NULL, NULL);
  g_assert_nonnull (fixture->quiz);
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (fixture->quiz, 10 + i);
      g_autofree char *written = NULL;

      imtehan_attempt_set_learner (attempt, "Learner");
      g_assert_true (imtehan_attempt_respond (attempt, 1, typed[i]));
      g_assert_true (imtehan_attempt_respond (attempt, 3, "one:one;two:two;three:two"));
      g_assert_true (imtehan_attempt_finish (attempt));
      written = imtehan_test_write_attempt (fixture->class, attempt);
    }
  report = load_class (fixture);
  pdf = save_pdf (report, path);
  text = poppler ("pdftotext", pdf, "-raw");
  /* Cells wrap: the words are compared with the lines joined. */
  lines = g_strsplit (text, "\n", -1);
  flat = g_strjoinv (" ", lines);
  g_assert_nonnull (strstr (flat, "“optimizer state”✓ (2)"));
  g_assert_nonnull (strstr (flat, "“12 bytes” (1)"));
  /* Item 1 matched right three times, 2 three times, 3 never. */
  g_assert_nonnull (strstr (flat, "1 (3) · 2 (3) · 3 (0)"));
  g_assert_nonnull (strstr (flat, "Several right choices: each choice counts"));
}

/* The print operation paginates as the PDF does, and exports without a display or gtk_init()
 * (GTK 4.8: GTK_PRINT_OPERATION_ACTION_EXPORT opens no display). 210 learners take more than
 * one "paginate" step (200 rows). */
static void
test_print_operation (Fixture       *fixture,
                      gconstpointer  data)
{
  const char *languages[] = { "en", "ur" };

  write_class (fixture, 210, NULL);
  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    {
      g_autoptr(ImtehanReport) report = NULL;
      g_autoptr(GtkPrintOperation) operation = NULL;
      g_autofree char *pdf_path = g_build_filename (fixture->root, "saved.pdf", NULL);
      g_autofree char *export_path = g_build_filename (fixture->root, "exported.pdf", NULL);
      g_autoptr(GBytes) saved = NULL;
      g_autoptr(GBytes) exported = NULL;
      g_autoptr(GError) error = NULL;
      GtkPrintOperationResult result;
      int n_pages = -1;

      imtehan_i18n_set_language (languages[l]);
      report = load_class (fixture);
      saved = save_pdf (report, pdf_path);

      operation = imtehan_report_print_new (report, IMTEHAN_REPORT_INCLUDE_EXAMS);
      g_assert_true (GTK_IS_PRINT_OPERATION (operation));
      gtk_print_operation_set_export_filename (operation, export_path);
      result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL,
                                        &error);
      g_assert_no_error (error);
      g_assert_cmpint (result, ==, GTK_PRINT_OPERATION_RESULT_APPLY);
      assert_no_display ();

      g_object_get (operation, "n-pages", &n_pages, NULL);
      exported = read_pdf (export_path);
      g_assert_cmpint (n_pages, ==, count_pages (saved));
      g_assert_cmpint (n_pages, ==, count_pages (exported));
      g_assert_cmpint (n_pages, >=, 2);
      g_assert_cmpuint (has_font (exported, "NotoNastaliqUrdu"), ==, l == 1);
    }
}

int
main (int   argc,
      char *argv[])
{
  /* What a server or CI has: no display of any kind. */
  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  imtehan_i18n_init ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/report-print/pdf/urdu", test_pdf_urdu);
  ADD ("/report-print/pdf/english", test_pdf_english);
  ADD ("/report-print/pdf/mirrored", test_pdf_mirrored);
  ADD ("/report-print/pdf/pages", test_pdf_pages);
  ADD ("/report-print/pdf/async", test_pdf_async);
  ADD ("/report-print/pdf/unwritable", test_pdf_unwritable);
  ADD ("/report-print/pdf/refuses-attempts", test_pdf_refuses_attempts);
  ADD ("/report-print/pdf/replaces", test_pdf_replaces);
  ADD ("/report-print/pdf/unfinished", test_pdf_unfinished);
  ADD ("/report-print/pdf/empty", test_pdf_empty);
  ADD ("/report-print/pdf/kinds", test_pdf_kinds);
  ADD ("/report-print/operation", test_print_operation);
#undef ADD
  return g_test_run ();
}
