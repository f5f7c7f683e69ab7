/* test-window-open.c: opening quiz and GIFT files into windows, and what a bad file says
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "imtehan-dialogs.h"
#include "imtehan-open.h"
#include "imtehan-question-page.h"
#include "imtehan-quiz.h"
#include "imtehan-start-page.h"
#include "imtehan-wrap-bin.h"
#include "test-ui.h"
#include "test-util.h"
#include "test-util-gtk.h"

/* The Imtehan window of the test application that shows the quiz @id, if any. */
static ImtehanWindow *
find_quiz_window (const char *id)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (imtehan_test_app)); l; l = l->next)
    if (IMTEHAN_IS_WINDOW (l->data) &&
        g_strcmp0 (imtehan_quiz_get_id (imtehan_window_get_quiz (l->data)), id) == 0)
      return l->data;
  return NULL;
}

/* The toplevels of @type, dialogs included (they are not the application's). */
static GtkWindow *
find_toplevel (GType  type,
               guint *n_found)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();
  GtkWindow *found = NULL;

  *n_found = 0;
  for (GList *l = toplevels; l; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type))
      {
        found = l->data;
        (*n_found)++;
      }
  return found;
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d && g_dir_read_name (d))
    n++;
  return n;
}

static GFile *
write_file (const char *dir,
            const char *name,
            const char *contents)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return g_file_new_for_path (path);
}

static const char small_quiz[] =
  "[Quiz]\nFormatVersion=1\nId=opened\nTitle=An Opened Quiz\nTitle[ur]=کھولا گیا کوئز\n"
  "[Question one]\nText=One?\nChoices=a;b\nChoice.a=A\nChoice.b=B\nAnswer=a\n";

/* A quiz file opened (from the command line, Open… or a drop) is copied into the user's
 * library and shown in a window of its own, once however often it is opened; a broken one
 * is named with its line in a dialog, and nothing is copied. */
static void
test_open_files (ImtehanTestFixture *fixture,
                 gconstpointer       data)
{
  g_autofree char *outside = g_dir_make_tmp ("imtehan-open-XXXXXX", NULL);
  g_autofree char *library = g_build_filename (g_get_user_data_dir (), "imtehan", "quizzes", NULL);
  g_autoptr(GFile) good = write_file (outside, "mine.quiz", small_quiz);
  g_autoptr(GFile) broken = write_file (outside, "broken.quiz",
                                        "[Quiz]\nFormatVersion=1\nId=broken\nTitle=Broken\n"
                                        "[Question one]\nText=One?\nChoices=a;b\nChoice.a=A\n"
                                        "Choice.b=B\nAnswer=c\n");
  g_autofree char *broken_bytes = NULL;
  g_autoptr(GSList) dropped = NULL;
  GtkDropTarget *target = NULL;
  g_autoptr(GListModel) controllers = NULL;
  GValue value = G_VALUE_INIT;
  ImtehanWindow *opened;
  gboolean handled = FALSE;
  GtkWidget *dialog = NULL;
  guint n_found;

  imtehan_test_remove_tree (library);
  imtehan_open_files (GTK_APPLICATION (imtehan_test_app), imtehan_test_context (), &good, 1, GTK_WINDOW (fixture->window));
  IMTEHAN_TEST_WAIT_UNTIL ((opened = find_quiz_window ("opened")) != NULL, 10);
  g_assert_nonnull (opened);
  g_assert_true (opened != fixture->window);
  g_assert_cmpstr (imtehan_window_get_page_name (opened), ==, "start");
  g_assert_cmpuint (count_files (library), ==, 1);

  /* Again, and by a drop on the first window: the same window, still one copy. */
  imtehan_open_files (GTK_APPLICATION (imtehan_test_app), imtehan_test_context (), &good, 1, GTK_WINDOW (fixture->window));
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (fixture->window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);
  dropped = g_slist_append (NULL, good);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_set_boxed (&value, dropped);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &handled);
  g_value_unset (&value);
  g_assert_true (handled);
  imtehan_test_run_for (300);
  g_assert_true (find_quiz_window ("opened") == opened);
  find_toplevel (IMTEHAN_TYPE_WINDOW, &n_found);
  g_assert_cmpuint (n_found, ==, 2);
  g_assert_cmpuint (count_files (library), ==, 1);

  /* A broken file: its name, line and problem, and nothing written or changed. */
  imtehan_open_files (GTK_APPLICATION (imtehan_test_app), imtehan_test_context (), &broken, 1, GTK_WINDOW (fixture->window));
  dialog = imtehan_test_wait_for_message (GTK_WINDOW (fixture->window));
  g_assert_nonnull (strstr (imtehan_dialogs_message_get_body (dialog),
                            "broken.quiz:10: [Question one] Answer:"));
  g_assert_cmpuint (count_files (library), ==, 1);
  g_assert_null (find_quiz_window ("broken"));
  g_assert_true (g_file_load_contents (broken, NULL, &broken_bytes, NULL, NULL, NULL));
  g_assert_nonnull (strstr (broken_bytes, "Answer=c"));

  imtehan_test_close_dialog (dialog);
  gtk_window_destroy (GTK_WINDOW (opened));
  imtehan_test_spin ();
  imtehan_test_remove_tree (outside);
  imtehan_test_remove_tree (library);
}

/* A GIFT file opened (a teacher's Urdu bank with an essay) is imported into the library as a
 * quiz and shown; the questions it skipped are listed, with their lines, over the quiz's
 * window. Urdu text gives an Urdu quiz. Opened again, it is the same quiz, stored once. */
static void
test_open_gift (ImtehanTestFixture *fixture,
                gconstpointer       data)
{
  g_autofree char *outside = g_dir_make_tmp ("imtehan-open-XXXXXX", NULL);
  g_autofree char *library = g_build_filename (g_get_user_data_dir (), "imtehan", "quizzes", NULL);
  g_autofree char *copy = g_build_filename (library, "urdu-bank.quiz", NULL);
  g_autofree char *urdu_gift = NULL;
  g_autoptr(GFile) gift = NULL;
  g_autofree char *copied = NULL;
  GtkWidget *dialog;
  ImtehanWindow *opened = NULL;
  ImtehanQuiz *quiz;

  g_assert_true (g_file_get_contents (TEST_DATA_DIR "/urdu-bank.gift", &urdu_gift, NULL, NULL));
  gift = write_file (outside, "urdu bank.gift", urdu_gift);
  imtehan_test_remove_tree (library);
  imtehan_open_files (GTK_APPLICATION (imtehan_test_app), imtehan_test_context (), &gift, 1, GTK_WINDOW (fixture->window));
  IMTEHAN_TEST_WAIT_UNTIL ((opened = find_quiz_window ("urdu-bank")) != NULL, 10);
  g_assert_nonnull (opened);
  quiz = imtehan_window_get_quiz (opened);
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==, 2);
  g_assert_cmpstr (imtehan_quiz_get_title (quiz, "ur"), ==, "urdu bank");
  g_assert_cmpstr (imtehan_question_get_text (imtehan_quiz_get_question (quiz, 0), "ur"), ==,
                   "دو جمع دو کتنے ہوتے ہیں؟");
  g_assert_true (g_file_get_contents (copy, &copied, NULL, NULL));
  g_assert_nonnull (strstr (copied, "\nText[ur]=دو جمع دو کتنے ہوتے ہیں؟\n"));
  g_assert_null (strstr (copied, "\nText="));
  g_assert_cmpuint (count_files (library), ==, 1);

  dialog = imtehan_test_wait_for_message (GTK_WINDOW (opened));
  g_assert_cmpstr (imtehan_dialogs_message_get_heading (dialog), ==, "1 Question Was Skipped");
  g_assert_cmpstr (imtehan_dialogs_message_get_body (dialog), ==,
                   "The quiz holds the other questions.\n\n"
                   "urdu bank.gift:8: skipped: an essay question, which a quiz cannot mark");
  imtehan_test_close_dialog (dialog);

  /* Again: the same window and copy, and the same list. */
  imtehan_open_files (GTK_APPLICATION (imtehan_test_app), imtehan_test_context (), &gift, 1, GTK_WINDOW (fixture->window));
  dialog = imtehan_test_wait_for_message (GTK_WINDOW (opened));
  g_assert_true (find_quiz_window ("urdu-bank") == opened);
  g_assert_cmpuint (count_files (library), ==, 1);
  imtehan_test_close_dialog (dialog);

  gtk_window_destroy (GTK_WINDOW (opened));
  imtehan_test_spin ();
  imtehan_test_remove_tree (outside);
  imtehan_test_remove_tree (library);
}

/* Does the Open… filter @filter show a file named @name? */
static gboolean
filter_shows (GtkFileFilter *filter,
              const char    *name)
{
  g_autoptr(GFileInfo) info = g_file_info_new ();

  g_file_info_set_display_name (info, name);
  g_file_info_set_content_type (info, "text/plain");
  return gtk_filter_match (GTK_FILTER (filter), info);
}

/* Open… shows GIFT and Moodle XML files with the quizzes, and has a filter of its own for
 * each. (Checked on
 * the filters, not on a dialog: GTK's own file chooser, used without a portal, starts
 * libcloudproviders, whose D-Bus set-up LeakSanitizer reports.) */
static void
test_open_chooser_filters (ImtehanTestFixture *fixture,
                           gconstpointer       data)
{
  g_autoptr(GListModel) filters = imtehan_open_new_filters ();
  g_autoptr(GtkFileFilter) quizzes = NULL;
  g_autoptr(GtkFileFilter) gift = NULL;
  g_autoptr(GtkFileFilter) xml = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (filters), ==, 3);
  quizzes = g_list_model_get_item (filters, 0);
  gift = g_list_model_get_item (filters, 1);
  xml = g_list_model_get_item (filters, 2);

  g_assert_cmpstr (gtk_file_filter_get_name (quizzes), ==, "Quizzes");
  g_assert_true (filter_shows (quizzes, "mine.quiz"));
  g_assert_true (filter_shows (quizzes, "bank.gift"));
  g_assert_true (filter_shows (quizzes, "BANK.GIFT"));
  g_assert_false (filter_shows (quizzes, "notes.txt"));
  g_assert_cmpstr (gtk_file_filter_get_name (gift), ==, "Moodle GIFT Files");
  g_assert_true (filter_shows (gift, "bank.gift"));
  g_assert_false (filter_shows (gift, "mine.quiz"));
  g_assert_true (filter_shows (quizzes, "questions-20261203.xml"));
  g_assert_cmpstr (gtk_file_filter_get_name (xml), ==, "Moodle XML Files");
  g_assert_true (filter_shows (xml, "questions.XML"));
  g_assert_false (filter_shows (xml, "bank.gift"));
}

/* Files that are not quizzes, opened: each is named in the error dialog, with its line where
 * there is one; nothing is written into the library, the file is left as it was, and the app
 * goes on (it opens a good file after them). */
static void
test_open_bad_files (ImtehanTestFixture *fixture,
                     gconstpointer       data)
{
  static const char png[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
  static const char utf16[] = "\xff\xfe[\0Q\0u\0i\0z\0]\0\n\0";
  /* Cut in the middle of a key, as a copy that did not finish. */
  g_autofree char *truncated = g_strndup (small_quiz,
                                          strstr (small_quiz, "Choice.b") + 3 - small_quiz);
  const struct { const char *name; const char *contents; gsize length; const char *message; }
  cases[] = {
    { "empty.quiz", "", 0, "empty.quiz: the file is empty" },
    { "picture.quiz", png, sizeof png - 1,
      "picture.quiz:3: the file contains a NUL byte; it is not a text file" },
    { "truncated.quiz", truncated, strlen (truncated),
      "truncated.quiz:10: this line is not a [group], a key=value pair or a # comment" },
    { "notepad.quiz", utf16, sizeof utf16 - 1,
      "notepad.quiz:1: the file is in UTF-16; save it as UTF-8" },
    { "latin1.quiz", "[Quiz]\nFormatVersion=1\nId=cafe\nTitle=Caf\xe9\n", 0,
      "latin1.quiz:4: the text is not valid UTF-8; save the file as UTF-8" },
    { "picture.gift", png, sizeof png - 1,
      "picture.gift:3: the file contains a NUL byte; it is not a text file" },
    { "unclosed.gift", "First?{=a ~b}\n\nSecond?{=a\n~b\n\n~c}\n", 0,
      "unclosed.gift:3: this “{” is never closed by a “}”" },
  };
  g_autofree char *outside = g_dir_make_tmp ("imtehan-open-XXXXXX", NULL);
  g_autofree char *library = g_build_filename (g_get_user_data_dir (), "imtehan", "quizzes", NULL);
  g_autoptr(GFile) good = write_file (outside, "mine.quiz", small_quiz);
  ImtehanWindow *opened = NULL;
  guint n_found;

  imtehan_test_remove_tree (library);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (outside, cases[i].name, NULL);
      gsize length = cases[i].length ? cases[i].length : strlen (cases[i].contents);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *after = NULL;
      gsize after_length = 0;
      GtkWidget *dialog;
      const char *body;

      g_test_message ("%s", cases[i].name);
      g_assert_true (g_file_set_contents (path, cases[i].contents, length, NULL));
      imtehan_open_files (GTK_APPLICATION (imtehan_test_app), imtehan_test_context (), &file, 1, GTK_WINDOW (fixture->window));
      dialog = imtehan_test_wait_for_message (GTK_WINDOW (fixture->window));
      body = imtehan_dialogs_message_get_body (dialog);
      g_test_message ("%s", body);
      g_assert_cmpstr (imtehan_dialogs_message_get_heading (dialog), ==,
                       "The Quiz Could Not Be Opened");
      g_assert_nonnull (strstr (body, cases[i].message));
      g_assert_false (g_file_test (library, G_FILE_TEST_EXISTS));
      g_assert_true (g_file_get_contents (path, &after, &after_length, NULL));
      g_assert_cmpmem (after, after_length, cases[i].contents, length);
      find_toplevel (IMTEHAN_TYPE_WINDOW, &n_found);
      g_assert_cmpuint (n_found, ==, 1);
      imtehan_test_close_dialog (dialog);
    }

  imtehan_open_files (GTK_APPLICATION (imtehan_test_app), imtehan_test_context (), &good, 1, GTK_WINDOW (fixture->window));
  IMTEHAN_TEST_WAIT_UNTIL ((opened = find_quiz_window ("opened")) != NULL, 10);
  g_assert_nonnull (opened);
  g_assert_cmpuint (count_files (library), ==, 1);

  gtk_window_destroy (GTK_WINDOW (opened));
  imtehan_test_spin ();
  imtehan_test_remove_tree (outside);
  imtehan_test_remove_tree (library);
}

int
main (int   argc,
      char *argv[])
{
  /* "&": toasts and the save warning show this path, and toast titles are markup. */
  imtehan_test_ui_init (&argc, &argv, "imtehan test & co-XXXXXX");

  IMTEHAN_TEST_ADD ("/window/open-files", "en", test_open_files);
  IMTEHAN_TEST_ADD ("/window/open-gift", "en", test_open_gift);
  IMTEHAN_TEST_ADD ("/window/open-bad-files", "en", test_open_bad_files);
  IMTEHAN_TEST_ADD ("/window/open-chooser-filters", "en", test_open_chooser_filters);

  return imtehan_test_ui_run ();
}
