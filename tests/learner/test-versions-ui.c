/* test-versions-ui.c: the history opens an attempt of an earlier quiz version as it was
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The attempts are the ones the release with Version 1 of the bundled quiz wrote
 * (tests/data/attempts-quiz-v1): no QuizDigest, QuizVersion=1.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "imtehan-i18n.h"
#include "imtehan-session.h"
#include "test-ui.h"
#include "test-util-gtk.h"

#define V1_ATTEMPT "20261202T214451Z-bfb47268"
/* Question 2 as Version 1 asked it; Version 2 words it otherwise. */
#define V1_QUESTION_2 "Why is the optimizer state often the biggest memory hog when training with Adam?"

static void
copy_v1_attempts (void)
{
  g_autofree char *source = g_build_filename (TEST_DATA_DIR, "attempts-quiz-v1", NULL);
  g_autofree char *dir = imtehan_test_attempts_dir ();
  g_autoptr(GDir) listing = g_dir_open (source, 0, NULL);
  const char *name;

  g_assert_nonnull (listing);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *from = g_build_filename (source, name, NULL);
      g_autofree char *to = g_build_filename (dir, name, NULL);
      g_autofree char *data = NULL;
      gsize size;

      g_assert_true (g_file_get_contents (from, &data, &size, NULL));
      g_assert_true (g_file_set_contents (to, data, size, NULL));
    }
}

static void
test_earlier_version (ImtehanTestFixture *fixture,
                      gconstpointer       data)
{
  const char *lang = data;
  g_autofree char *notice = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GListModel *history;

  imtehan_test_remove_attempts ();
  copy_v1_attempts ();
  dir = imtehan_test_attempts_dir ();
  path = g_build_filename (dir, V1_ATTEMPT ".ini", NULL);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));

  /* A new window lists the history as at start-up. */
  imtehan_test_destroy_window (&fixture->window);
  fixture->window = imtehan_test_window_new ();
  imtehan_window_set_language (fixture->window, lang);
  history = imtehan_session_get_history (imtehan_window_get_session (fixture->window));
  for (guint i = 0; i < 200 && g_list_model_get_n_items (history) < 6; i++)
    imtehan_test_run_for (50);
  g_assert_cmpuint (g_list_model_get_n_items (history), ==, 6);
  imtehan_test_activate (fixture->window, "win.open-attempt", g_variant_new_string (V1_ATTEMPT));
  imtehan_test_wait_for_page (fixture->window, "results");

  imtehan_i18n_set_language (lang);
  notice = g_strdup_printf (_("Taken on version %u of this quiz, which has changed since: "
                              "the questions are shown as they were then."), 1);
  imtehan_test_wait_for_label (fixture->window, notice);
  if (g_str_equal (lang, "en"))
    imtehan_test_wait_for_label (fixture->window, V1_QUESTION_2);

  /* Read, not resumed: the file is as it was. */
  imtehan_test_spin ();
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
  imtehan_test_remove_attempts ();
}

/* An attempt of the quiz as it is says nothing of versions. */
static void
test_current_version (ImtehanTestFixture *fixture,
                      gconstpointer       data)
{
  ImtehanWindow *window = fixture->window;
  g_autofree char *notice = NULL;

  imtehan_test_remove_attempts ();
  imtehan_test_activate (window, "win.start", NULL);
  imtehan_test_wait_for_page (window, "question");
  imtehan_test_choose (window, 0);
  imtehan_test_activate (window, "win.review", NULL);
  imtehan_test_wait_for_page (window, "review");
  imtehan_test_activate (window, "win.submit", NULL);
  imtehan_test_spin ();
  imtehan_test_wait_for_page (window, "results");
  notice = g_strdup_printf (_("Taken on version %u of this quiz, which has changed since: "
                              "the questions are shown as they were then."), 1);
  g_assert_false (imtehan_test_shows_label (GTK_WIDGET (window), notice));
  g_assert_false (imtehan_test_shows_label (GTK_WIDGET (window),
                                            _("Taken before this quiz was changed: the "
                                              "questions are shown as they were then.")));
  imtehan_test_remove_attempts ();
}

int
main (int   argc,
      char *argv[])
{
  imtehan_test_ui_init (&argc, &argv, "imtehan-test-versions-ui-XXXXXX");

  IMTEHAN_TEST_ADD ("/versions-ui/earlier/en", "en", test_earlier_version);
  IMTEHAN_TEST_ADD ("/versions-ui/earlier/ur", "ur", test_earlier_version);
  IMTEHAN_TEST_ADD ("/versions-ui/current", "en", test_current_version);
  return imtehan_test_ui_run ();
}
