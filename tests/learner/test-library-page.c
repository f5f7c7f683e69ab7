/* test-library-page.c: the list of quizzes, the window's home when there are several
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imtehan-attempt-row.h"
#include "imtehan-i18n.h"
#include "imtehan-library-page.h"
#include "imtehan-start-page.h"
#include "imtehan-text.h"
#include "test-ui.h"
#include "test-util.h"

static const char arithmetic[] =
  "[Quiz]\nFormatVersion=1\nId=arithmetic\nTitle=Arithmetic\nTitle[ur]=حساب\nDifficulty=easy\n"
  "[Question two]\nText=2 + 2?\nChoices=three;four\nChoice.three=3\nChoice.four=4\nAnswer=four\n"
  "[Question three]\nText=1 + 2?\nChoices=three;four\nChoice.three=3\nChoice.four=4\n"
  "Answer=three\n";
static const char spelling[] =
  "[Quiz]\nFormatVersion=1\nId=spelling\nTitle=Spelling\n"
  "[Question one]\nText=Which is right?\nChoices=a;b\nChoice.a=receive\nChoice.b=recieve\n"
  "Answer=a\n";
static const char broken[] =
  "[Quiz]\nFormatVersion=1\nId=broken\nTitle=Broken\n"
  "[Question one]\nText=?\nChoices=a;b\nChoice.a=A\nChoice.b=B\nAnswer=c\n";

static char *
library_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "imtehan", "quizzes", NULL);
}

/* The user's library: two quizzes and a broken file, besides the bundled quiz. */
static void
fill_library (void)
{
  g_autofree char *folder = library_folder ();
  const struct { const char *name, *text; } files[] = {
    { "arithmetic.quiz", arithmetic }, { "spelling.quiz", spelling }, { "broken.quiz", broken },
  };

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (folder, files[i].name, NULL);

      g_assert_true (g_file_set_contents (path, files[i].text, -1, NULL));
    }
  imtehan_test_reload_library ();
}

static void
empty_library (void)
{
  g_autofree char *folder = library_folder ();

  imtehan_test_remove_tree (folder);
  imtehan_test_reload_library ();
}

static void
collect_texts (GtkWidget *widget,
               GString   *texts)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    g_string_append_printf (texts, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_texts (child, texts);
}

/* What the page shows, once its rows carry @expected. */
static char *
wait_for_text (GtkWidget  *page,
               const char *expected)
{
  g_autoptr(GString) texts = g_string_new (NULL);

  IMTEHAN_TEST_WAIT_UNTIL ((g_string_truncate (texts, 0), collect_texts (page, texts),
                            strstr (texts->str, expected) != NULL), 10);
  g_test_message ("%s", texts->str);
  return g_strdup (texts->str);
}

static void
finish_attempt (ImtehanStore *store,
                ImtehanQuiz  *quiz,
                guint         right)
{
  g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (quiz, 7);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < imtehan_quiz_get_n_questions (quiz); i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);
      const char *answer = imtehan_question_get_answer (question);
      const char *wrong = g_str_equal (answer, "four") ? "three" : "four";

      g_assert_true (imtehan_attempt_choose (attempt, i, i < right ? answer : wrong));
    }
  g_assert_true (imtehan_attempt_finish (attempt));
  g_assert_true (imtehan_store_save (store, attempt, NULL, &error));
  g_assert_no_error (error);
}

/* With several quizzes, the window opens on their list: each with its title in the language
 * shown, its questions, difficulty and scores; a broken file listed with what to do. Choosing
 * a quiz shows its start page; Home goes back to the list. The window has a context of its
 * own: its results folder and library are the test's. */
static void
test_lists_quizzes (ImtehanTestFixture *fixture,
                    gconstpointer       data)
{
  const char *lang = data;
  g_autofree char *folder = g_dir_make_tmp ("imtehan-library-page-XXXXXX", NULL);
  g_autoptr(ImtehanContext) context =
    imtehan_test_context_new (folder, "arithmetic.quiz", arithmetic, "spelling.quiz", spelling,
                              "broken.quiz", broken, NULL);
  ImtehanLibrary *library = imtehan_context_get_library (context);
  ImtehanStore *store = imtehan_context_get_store (context);
  ImtehanWindow *window;
  GtkWidget *page;
  g_autofree char *shown = NULL;
  g_autofree char *scores = NULL;
  g_autofree char *expected_title = NULL;
  g_autofree char *score = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (library)), ==, 4);
  finish_attempt (store,
                  imtehan_library_entry_load_quiz (imtehan_library_lookup (library, "arithmetic"), NULL),
                  1);

  imtehan_test_destroy_window (&fixture->window);
  window = fixture->window = imtehan_test_window_new_for_context (context);
  g_assert_true (imtehan_window_get_context (window) == context);
  /* The application's library has the bundled quiz alone. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (imtehan_context_get_library (imtehan_test_context ()))),
                    ==, 1);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "library");
  page = imtehan_window_get_page (window);
  g_assert_true (IMTEHAN_IS_LIBRARY_PAGE (page));

  expected_title = imtehan_text_prepare (g_str_equal (lang, "ur") ? "حساب" : "Arithmetic", lang);
  score = imtehan_format_score (1, 2);
  shown = wait_for_text (page, score);
  g_assert_nonnull (strstr (shown, expected_title));
  g_assert_nonnull (strstr (shown, "Spelling"));
  g_assert_nonnull (strstr (shown, "broken.quiz"));
  g_assert_nonnull (strstr (shown, _("Cannot be opened: choose it to see why")));
  g_free (shown);
  /* The header says where one is. */
  shown = wait_for_text (GTK_WIDGET (window), dgettext (GETTEXT_PACKAGE, "Quizzes"));
  imtehan_test_assert_direction (GTK_WIDGET (window),
                                 g_str_equal (lang, "ur") ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);

  imtehan_test_activate (window, "win.open-quiz", g_variant_new_string ("arithmetic"));
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "start");
  g_assert_cmpstr (imtehan_quiz_get_id (imtehan_window_get_quiz (window)), ==, "arithmetic");
  g_free (shown);
  shown = wait_for_text (imtehan_window_get_page (window), expected_title);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.home", NULL));
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "library");
  /* Its attempts: its start page offers the history. */
  imtehan_test_activate (window, "win.open-quiz", g_variant_new_string ("arithmetic"));
  imtehan_test_wait_for_enabled (window, "win.show-attempts");
  imtehan_test_activate (window, "win.show-attempts", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "attempts");
  imtehan_test_activate (window, "win.home", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "library");

  /* An attempt of the new quiz, started from its page. */
  imtehan_test_activate (window, "win.open-quiz", g_variant_new_string ("spelling"));
  imtehan_test_activate (window, "win.start", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "question");
  g_assert_cmpuint (imtehan_attempt_get_n_questions (imtehan_window_get_attempt (window)), ==, 1);
  g_assert_cmpstr (imtehan_quiz_get_id (imtehan_attempt_get_quiz (imtehan_window_get_attempt (window))),
                   ==, "spelling");

  /* Its first save is on the store's worker: removing the folder under it would fail it. */
  {
    g_autofree char *name = g_strconcat (imtehan_attempt_get_id (imtehan_window_get_attempt (window)),
                                         ".ini", NULL);
    g_autofree char *path = g_build_filename (folder, "attempts", name, NULL);

    g_autofree char *attempts = imtehan_test_attempts_dir ();
    g_autofree char *elsewhere = g_build_filename (attempts, name, NULL);

    IMTEHAN_TEST_WAIT_UNTIL (g_file_test (path, G_FILE_TEST_EXISTS), 10);
    g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
    g_assert_false (g_file_test (elsewhere, G_FILE_TEST_EXISTS));
  }
  /* The next window is the application's again, for the fixture's teardown. */
  imtehan_test_destroy_window (&fixture->window);
  fixture->window = imtehan_test_window_new ();
  g_clear_object (&context);
  imtehan_test_remove_tree (folder);
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A mapped label, at or below @widget, whose text has @fragment. */
static GtkWidget *
find_label_with (GtkWidget  *widget,
                 const char *fragment)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), fragment) != NULL)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_with (child, fragment);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The message shown about a quiz, and the dialog or window it is in: found by what it says,
 * not by its type, since libadwaita 1.6 deprecates AdwMessageDialog for AdwAlertDialog, which
 * is shown inside the window. */
static GtkWidget *
find_message (const char  *fragment,
              GtkWidget  **container)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    {
      GtkWidget *label = find_label_with (l->data, fragment);

      if (label != NULL)
        {
          GtkWidget *dialog = label;

          while (dialog != NULL && !GTK_IS_NATIVE (dialog) &&
                 !g_str_has_suffix (G_OBJECT_TYPE_NAME (dialog), "Dialog"))
            dialog = gtk_widget_get_parent (dialog);
          if (container != NULL)
            *container = dialog != NULL ? dialog : l->data;
          return label;
        }
    }
  return NULL;
}

/* A file of the library that does not load says why, with its line, when chosen. */
static void
test_broken_quiz (ImtehanTestFixture *fixture,
                  gconstpointer       data)
{
  static const char problem[] = "broken.quiz:10: [Question one] Answer:";
  ImtehanWindow *window;
  GtkListView *list;
  GtkWidget *dialog = NULL;
  GtkWidget *close;
  guint broken_position = G_MAXUINT;
  GListModel *model = G_LIST_MODEL (imtehan_context_get_library (imtehan_test_context ()));

  fill_library ();
  imtehan_test_destroy_window (&fixture->window);
  window = fixture->window = imtehan_test_window_new ();
  list = imtehan_library_page_get_list (IMTEHAN_LIBRARY_PAGE (imtehan_window_get_page (window)));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(ImtehanLibraryEntry) entry = g_list_model_get_item (model, i);

      if (!imtehan_library_entry_is_valid (entry))
        broken_position = i;
    }
  g_assert_cmpuint (broken_position, !=, G_MAXUINT);
  g_signal_emit_by_name (list, "activate", broken_position);
  IMTEHAN_TEST_WAIT_UNTIL (find_message (problem, &dialog) != NULL, 10);
  g_assert_nonnull (find_message (problem, &dialog));
  g_assert_true (dialog != GTK_WIDGET (window));
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, "library");
  /* Its Close button closes it. */
  close = find_button (dialog, _("_Close"));
  g_assert_nonnull (close);
  gtk_widget_activate (close);
  IMTEHAN_TEST_WAIT_UNTIL (find_message (problem, NULL) == NULL, 10);
  g_assert_null (find_message (problem, NULL));
  empty_library ();
}

static void
test_one_quiz (ImtehanTestFixture *fixture,
               gconstpointer       data)
{
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (imtehan_context_get_library (imtehan_test_context ()))),
                    ==, 1);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.home", NULL) &&
                  !g_str_equal (imtehan_window_get_page_name (fixture->window), "start"));
}

int
main (int   argc,
      char *argv[])
{
  imtehan_test_ui_init (&argc, &argv, "imtehan-library-XXXXXX");

  IMTEHAN_TEST_ADD ("/library-page/one-quiz", "en", test_one_quiz);
  IMTEHAN_TEST_ADD ("/library-page/lists-quizzes/en", "en", test_lists_quizzes);
  IMTEHAN_TEST_ADD ("/library-page/lists-quizzes/ur", "ur", test_lists_quizzes);
  IMTEHAN_TEST_ADD ("/library-page/broken-quiz", "en", test_broken_quiz);

  return imtehan_test_ui_run ();
}
