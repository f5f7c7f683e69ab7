/* test-moodle-xml-ui.c: a Moodle XML export, imported, taken in the window in both languages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/moodle-xml/every-type.xml (a question of each type Moodle exports, pictures in
 * its <file>s) and urdu.xml (a bank in Urdu) go through the importer to a .quiz file, which
 * the app reads as it reads any; each is then taken in English and in Urdu: every question
 * shown with its pictures and answered right through its own widgets, and the results give
 * the full mark.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "imtehan-attempt.h"
#include "imtehan-i18n.h"
#include "imtehan-question-view.h"
#include "imtehan-report-format.h"
#include "imtehan-text.h"
#include "imtehan-moodle-xml.h"
#include "imtehan-ordering-row.h"
#include "imtehan-question-page.h"
#include "imtehan-quiz.h"
#include "imtehan-session.h"
#include "question-types-util.h"
#include "test-ui.h"
#include "test-util.h"

typedef struct
{
  const char *bank;       /* a file of tests/data/moodle-xml */
  const char *language;   /* of the bank's text */
  const char *ui;         /* the language the app is shown in */
} Case;

/* The bank imported and written out as a .quiz file, read back as the app reads one. */
static ImtehanQuiz *
import_bank (const Case *c)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "moodle-xml", c->bank, NULL);
  g_autofree char *out_dir = g_dir_make_tmp ("imtehan-xml-ui-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (out_dir, "imported.quiz", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) warnings = NULL;
  ImtehanQuiz *quiz;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  data = imtehan_moodle_xml_import (bytes, c->bank, "imported", "Imported", c->language,
                                    &warnings, &length, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (out, data, length, NULL));
  file = g_file_new_for_path (out);
  quiz = imtehan_quiz_new_from_file (file, NULL, &error);
  g_assert_no_error (error);
  imtehan_test_remove_tree (out_dir);
  return quiz;
}

static GtkWidget *
find_picture (GtkWidget  *widget,
              const char *alt)
{
  if (GTK_IS_PICTURE (widget) && gtk_widget_get_mapped (widget) &&
      g_strcmp0 (gtk_picture_get_alternative_text (GTK_PICTURE (widget)), alt) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_picture (child, alt);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Answers the question shown right, through its widgets, as a learner would. */
static void
answer_right (ImtehanWindow       *window,
              ImtehanQuestionPage *page,
              guint                index)
{
  ImtehanQuestion *question = qt_question_of (window, index);
  const char * const *order = qt_order_of (window, index);
  g_autofree char *right = imtehan_question_dup_right_response (question);
  g_auto(GStrv) ids = imtehan_response_split (right);

  switch (imtehan_question_get_kind (question))
    {
    case IMTEHAN_QUESTION_SINGLE:
      imtehan_test_choose (window, qt_position_of (order, right));
      break;
    case IMTEHAN_QUESTION_MULTIPLE:
      for (guint i = 0; ids[i] != NULL; i++)
        gtk_widget_activate (imtehan_question_page_get_choice (page, qt_position_of (order, ids[i])));
      break;
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
      {
        GtkWidget *entry = imtehan_question_page_get_choice (page, 0);
        g_autoptr(GString) typed = g_string_new (right);

        /* A wildcard matches anything: here, nothing. */
        g_string_replace (typed, "*", "", 0);
        gtk_widget_grab_focus (entry);
        qt_type_text (entry, typed->str);
        imtehan_question_view_flush (IMTEHAN_QUESTION_VIEW (qt_shown_view ()));
      }
      break;
    case IMTEHAN_QUESTION_MATCHING:
      for (guint i = 0; ids[i] != NULL; i++)
        {
          const char *colon = strchr (ids[i], ':');
          g_autofree char *item = g_strndup (ids[i], colon - ids[i]);
          guint position = 0;

          for (guint k = 0; k < imtehan_question_get_n_items (question); k++)
            if (g_str_equal (imtehan_question_get_item_id (question, k), item))
              position = k;
          gtk_drop_down_set_selected (GTK_DROP_DOWN (imtehan_question_page_get_choice (page, position)),
                                      qt_position_of (order, colon + 1) + 1);
        }
      break;
    case IMTEHAN_QUESTION_ORDERING:
      /* Each item in its place by its Move Up button, from the first place on. */
      for (guint place = 0; ids[place] != NULL; place++)
        for (guint guard = 0; guard < 20; guard++)
          {
            guint at = place;

            for (guint k = place; ids[k] != NULL; k++)
              if (g_str_equal (imtehan_ordering_row_get_item_id (qt_row_at (page, k)), ids[place]))
                at = k;
            if (at == place)
              break;
            qt_click (imtehan_ordering_row_get_button (qt_row_at (page, at), -1));
          }
      break;
    default:
      g_assert_not_reached ();
    }
  imtehan_test_spin ();
}

static void
test_take (ImtehanTestFixture *fixture,
           gconstpointer       data)
{
  const Case *c = data;
  g_autoptr(ImtehanQuiz) quiz = import_bank (c);
  guint n = imtehan_quiz_get_n_questions (quiz), pictures = 0;
  ImtehanQuestionPage *page;
  ImtehanWindow *window;
  ImtehanAttempt *attempt;
  g_autofree char *score = NULL;

  g_assert_cmpuint (n, >=, 3);
  page = qt_start (fixture, quiz, IMTEHAN_MODE_EXAM);
  window = fixture->window;
  attempt = imtehan_window_get_attempt (window);
  for (guint i = 0; i < n; i++)
    {
      ImtehanQuestion *question = qt_question_of (window, i);
      const char *picture_name = imtehan_question_get_picture (question);
      g_autofree char *shown = imtehan_text_prepare (imtehan_question_get_text (question, c->ui),
                                                     c->ui);

      imtehan_test_activate (window, "win.go-to", g_variant_new_uint32 (i));
      imtehan_test_spin ();
      g_assert_true (imtehan_test_shows_label (qt_shown_view (), shown));
      if (picture_name != NULL)
        {
          ImtehanPicture *picture = imtehan_quiz_get_picture (quiz, picture_name);

          g_assert_nonnull (find_picture (qt_shown_view (), imtehan_picture_get_alt (picture, c->ui)));
          pictures++;
        }
      answer_right (window, page, i);
      if (imtehan_attempt_get_fraction (attempt, i) != 1)
        g_error ("%s in %s: question %u (%s, %s) answered %s scores %g", c->bank, c->ui, i,
                 imtehan_question_get_id (question),
                 imtehan_question_kind_to_string (imtehan_question_get_kind (question)),
                 imtehan_attempt_get_answer (attempt, i), imtehan_attempt_get_fraction (attempt, i));
    }
  g_test_message ("%s in %s: %u questions answered right, %u with a picture", c->bank, c->ui,
                  n, pictures);
  if (g_str_equal (c->bank, "every-type.xml"))
    g_assert_cmpuint (pictures, >=, 1);

  imtehan_test_activate (window, "win.review", NULL);
  imtehan_test_wait_for_page (window, "review");
  imtehan_test_activate (window, "win.submit", NULL);
  imtehan_test_wait_for_page (window, "results");
  score = imtehan_report_format_score (n, n);
  imtehan_test_wait_for_label (window, score);
  g_assert_cmpfloat (imtehan_attempt_get_marks (attempt), ==, n);
}

static void
case_setup (ImtehanTestFixture *fixture,
            gconstpointer       data)
{
  imtehan_test_fixture_setup (fixture, ((const Case *)data)->ui);
}

static const Case cases[] = {
  { "every-type.xml", "en", "en" },
  { "every-type.xml", "en", "ur" },
  { "urdu.xml", "ur", "ur" },
  { "urdu.xml", "ur", "en" },
};

int
main (int   argc,
      char *argv[])
{
  imtehan_test_ui_init (&argc, &argv, "imtehan-moodle-xml-ui-XXXXXX");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/moodle-xml-ui/%s/%s", cases[i].bank, cases[i].ui);

      g_test_add (path, ImtehanTestFixture, &cases[i], case_setup, test_take,
                  imtehan_test_fixture_teardown);
    }
  return imtehan_test_ui_run ();
}
