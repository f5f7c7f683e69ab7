/* test-question-types-page.c: answering every question type, as a learner and a screen reader
 * meet it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/question-types.quiz has one question of each type. Each is answered through its
 * widgets (reached by imtehan_question_page_get_choice() and the widget tree); what the
 * attempt records is compared with the responses of imtehan-question.h, and its fractions
 * with those the quiz's answers give. Practice is test-question-types-practice.c.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "imtehan-answer-area.h"
#include "imtehan-ordering-row.h"
#include "imtehan-progress.h"
#include "imtehan-question-page.h"
#include "imtehan-question-view.h"
#include "imtehan-quiz.h"
#include "imtehan-text.h"
#include "question-types-util.h"
#include "test-ui.h"
#include "test-util.h"

/* --- Multiple choice ------------------------------------------------------------------- */

static char *
shown_response (const char * const *order,
                const char * const *ids)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  for (guint i = 0; order[i] != NULL; i++)
    if (g_strv_contains (ids, order[i]))
      g_ptr_array_add (parts, (gpointer)order[i]);
  return parts->len ? imtehan_response_join ((const char * const *)parts->pdata, parts->len) : NULL;
}

/* Check boxes under "Select all that apply"; each toggles its choice, by a click or its
 * number key, and the response lists those ticked in the order shown. */
static void
test_multiple (ImtehanTestFixture *fixture,
               gconstpointer       data)
{
  const char *lang = data;
  g_autoptr(ImtehanQuiz) quiz = qt_load_quiz ();
  ImtehanQuestionPage *page = qt_start (fixture, quiz, IMTEHAN_MODE_EXAM);
  ImtehanWindow *window = fixture->window;
  guint index = qt_go_to (window, "partitions");
  ImtehanQuestion *question = qt_question_of (window, index);
  const char * const *order = qt_order_of (window, index);
  GtkWidget *s1, *s3;
  g_autofree char *two = NULL, *three = NULL, *all = NULL;

  g_assert_cmpint (imtehan_question_get_kind (question), ==, IMTEHAN_QUESTION_MULTIPLE);
  imtehan_test_assert_direction (qt_shown_view (), qt_direction_of (lang));
  g_assert_true (imtehan_test_shows_label (qt_shown_view (), _("Select all that apply")));
  qt_assert_group (imtehan_question_page_get_choice (page, 0), question, lang,
                   _("Select all that apply"));
  for (guint i = 0; i < 4; i++)
    {
      GtkWidget *row = imtehan_question_page_get_choice (page, i);

      gtk_test_accessible_assert_role (row, GTK_ACCESSIBLE_ROLE_CHECKBOX);
      gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           imtehan_question_get_choice_text (question, order[i],
                                                                             lang));
    }
  g_assert_true (qt_number_keys_on (window));

  /* Two of the three right ones, by clicks (the row's "click", as assistive technologies
   * press it): each counts a third. */
  s1 = imtehan_question_page_get_choice (page, qt_position_of (order, "s1"));
  s3 = imtehan_question_page_get_choice (page, qt_position_of (order, "s3"));
  gtk_widget_activate_action (s3, "click", NULL);
  gtk_widget_activate_action (s1, "click", NULL);
  imtehan_test_spin ();
  two = shown_response (order, (const char *[]) { "s1", "s3", NULL });
  g_assert_cmpstr (qt_answer_of (window, index), ==, two);
  g_assert_cmpfloat_with_epsilon (qt_fraction_of (window, index), 2.0 / 3, 1e-9);

  /* The third by its number key; the wrong one takes a third off. */
  imtehan_test_press_keys (GTK_WIDGET (window), GDK_KEY_1 + qt_position_of (order, "s2"), 0);
  three = shown_response (order, (const char *[]) { "s1", "s2", "s3", NULL });
  g_assert_cmpstr (qt_answer_of (window, index), ==, three);
  g_assert_cmpfloat_with_epsilon (qt_fraction_of (window, index), 1, 1e-9);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (imtehan_question_page_get_choice (page, qt_position_of (order, "s2")))));
  imtehan_test_press_keys (GTK_WIDGET (window), GDK_KEY_1 + qt_position_of (order, "dp"), 0);
  all = shown_response (order, (const char *[]) { "s1", "s2", "s3", "dp", NULL });
  g_assert_cmpstr (qt_answer_of (window, index), ==, all);
  g_assert_cmpfloat_with_epsilon (qt_fraction_of (window, index), 2.0 / 3, 1e-9);

  /* Untoggled, every one: no answer. */
  for (guint i = 0; i < 4; i++)
    imtehan_test_press_keys (GTK_WIDGET (window), GDK_KEY_1 + i, 0);
  g_assert_null (qt_answer_of (window, index));
  for (guint i = 0; i < 4; i++)
    g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (imtehan_question_page_get_choice (page, i))));
}

/* --- Typed answers ----------------------------------------------------------------------- */

/* The answer to the question of @group in @attempt's file as saved so far, or NULL. */
static char *
saved_answer_of (ImtehanAttempt *attempt,
                 const char     *group)
{
  g_autofree char *dir = imtehan_test_attempts_dir ();
  g_autofree char *name = g_strconcat (imtehan_attempt_get_id (attempt), ".ini", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GKeyFile) key_file = g_key_file_new ();

  if (!g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, NULL))
    return NULL;
  return g_key_file_get_string (key_file, group, "Answer", NULL);
}

/* As typed: what follows the text there is added after it (one change, as a key press
 * makes); other text replaces it. */
static GtkTextDirection
entry_direction (GtkWidget *entry)
{
  GtkWidget *text = GTK_WIDGET (gtk_editable_get_delegate (GTK_EDITABLE (entry)));

  /* The text inside runs the same way: a direction is not inherited. */
  g_assert_cmpint (gtk_widget_get_direction (text), ==, gtk_widget_get_direction (entry));
  return gtk_widget_get_direction (entry);
}

/* An entry named by the question: the response is the text typed, saved once typing pauses
 * (at once when it leaves the question); the entry runs the way its text reads. */
static void
test_short (ImtehanTestFixture *fixture,
            gconstpointer       data)
{
  const char *lang = data;
  g_autoptr(ImtehanQuiz) quiz = qt_load_quiz ();
  ImtehanQuestionPage *page = qt_start (fixture, quiz, IMTEHAN_MODE_EXAM);
  ImtehanWindow *window = fixture->window;
  guint index = qt_go_to (window, "state");
  ImtehanQuestion *question = qt_question_of (window, index);
  GtkWidget *entry = imtehan_question_page_get_choice (page, 0);
  g_autofree char *group = g_strconcat ("Question ", imtehan_question_get_id (question), NULL);
  g_autofree char *saved_answer = NULL;

  g_assert_true (GTK_IS_ENTRY (entry));
  imtehan_test_assert_direction (qt_shown_view (), qt_direction_of (lang));
  gtk_test_accessible_assert_role (entry, GTK_ACCESSIBLE_ROLE_TEXT_BOX);
  gtk_test_accessible_assert_property (entry, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       imtehan_question_get_text (question, lang));
  g_assert_false (qt_number_keys_on (window));

  /* The first letters answer at once (the question counts as answered); more wait for a
   * pause, so that the attempt's file is not written at each key. */
  qt_type_text (entry, "o");
  g_assert_cmpstr (qt_answer_of (window, index), ==, "o");
  qt_type_text (entry, "optimizer");
  qt_type_text (entry, "optimizer state");
  g_assert_cmpstr (qt_answer_of (window, index), ==, "o");
  IMTEHAN_TEST_WAIT_UNTIL (g_strcmp0 (qt_answer_of (window, index), "optimizer state") == 0, 2);
  g_assert_cmpstr (qt_answer_of (window, index), ==, "optimizer state");
  g_assert_cmpfloat (qt_fraction_of (window, index), ==, 1);
  g_assert_cmpint (entry_direction (entry), ==, GTK_TEXT_DIR_LTR);

  /* Urdu typed reads from the right, in either quiz language; and is accepted as well. */
  qt_type_text (entry, "آپٹیمائزر اسٹیٹ");
  g_assert_cmpint (entry_direction (entry), ==, GTK_TEXT_DIR_RTL);
  g_assert_true (gtk_widget_has_css_class (entry, "urdu"));
  /* Text without letters keeps the quiz language's direction. */
  qt_type_text (entry, "16");
  g_assert_cmpint (entry_direction (entry), ==, qt_direction_of (lang));

  /* The keyboard leaving the entry says what waits at once. */
  gtk_widget_grab_focus (entry);
  qt_type_text (entry, "16 and more");
  g_assert_cmpstr (qt_answer_of (window, index), !=, "16 and more");
  g_assert_true (gtk_widget_grab_focus (imtehan_progress_get_button (IMTEHAN_PROGRESS (imtehan_question_page_get_progress (page)), 0)));
  g_assert_cmpstr (qt_answer_of (window, index), ==, "16 and more");
  qt_type_text (entry, "آپٹیمائزر اسٹیٹ");

  /* Leaving the question says it at once. */
  imtehan_test_activate (window, "win.next", NULL);
  g_assert_cmpstr (qt_answer_of (window, index), ==, "آپٹیمائزر اسٹیٹ");
  g_assert_cmpfloat (qt_fraction_of (window, index), ==, 1);
  /* Saved on the store's worker, after the saves before it. */
  IMTEHAN_TEST_WAIT_UNTIL ((g_free (saved_answer),
                            saved_answer = saved_answer_of (imtehan_window_get_attempt (window), group),
                            g_strcmp0 (saved_answer, "آپٹیمائزر اسٹیٹ") == 0), 10);
  g_assert_cmpstr (saved_answer, ==, "آپٹیمائزر اسٹیٹ");

  /* Back, it shows what was typed; emptied, the question is unanswered at once. */
  imtehan_test_activate (window, "win.previous", NULL);
  g_assert_true (imtehan_question_page_get_choice (page, 0) == entry);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "آپٹیمائزر اسٹیٹ");
  qt_type_text (entry, "  ");
  g_assert_null (qt_answer_of (window, index));
  g_assert_cmpfloat (qt_fraction_of (window, index), ==, 0);
}

/* The number, the unit after the entry in the quiz's language, the picture above the text;
 * digits typed reach the entry (the number keys choose nothing here). */
static void
test_numerical (ImtehanTestFixture *fixture,
                gconstpointer       data)
{
  const char *lang = data;
  g_autoptr(ImtehanQuiz) quiz = qt_load_quiz ();
  ImtehanQuestionPage *page = qt_start (fixture, quiz, IMTEHAN_MODE_EXAM);
  ImtehanWindow *window = fixture->window;
  guint index = qt_go_to (window, "bytes");
  ImtehanQuestion *question = qt_question_of (window, index);
  GtkWidget *entry = imtehan_question_page_get_choice (page, 0);
  const char *unit = imtehan_question_get_unit (question, lang);
  g_autofree char *unit_shown = imtehan_text_prepare (unit, lang);
  ImtehanPicture *picture = imtehan_quiz_get_picture (quiz, imtehan_question_get_picture (question));
  GtkWidget *picture_view;

  g_assert_true (GTK_IS_ENTRY (entry));
  imtehan_test_assert_direction (qt_shown_view (), qt_direction_of (lang));
  g_assert_true (imtehan_test_shows_label (qt_shown_view (), unit_shown));
  gtk_test_accessible_assert_property (entry, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, unit);

  /* The picture, named by its alt text in the quiz's language, above the question. */
  picture_view = qt_find_one (qt_shown_view (), GTK_TYPE_PICTURE);
  gtk_test_accessible_assert_property (picture_view, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       imtehan_picture_get_alt (picture, lang));
  {
    graphene_rect_t picture_bounds, question_bounds;
    GtkWidget *text = gtk_widget_get_ancestor (entry, IMTEHAN_TYPE_QUESTION_VIEW);

    IMTEHAN_TEST_WAIT_UNTIL (gtk_widget_get_height (picture_view) > 0, 5);

    g_assert_true (gtk_widget_compute_bounds (picture_view, text, &picture_bounds));
    g_assert_true (gtk_widget_compute_bounds (entry, text, &question_bounds));
    g_assert_cmpfloat (picture_bounds.origin.y + picture_bounds.size.height, <,
                       question_bounds.origin.y);
    /* Never drawn larger than it is: no room taken for a height it would not fill. */
    g_assert_cmpfloat (picture_bounds.size.height, <=,
                       gdk_paintable_get_intrinsic_height (gtk_picture_get_paintable (GTK_PICTURE (picture_view))));
  }

  /* The number keys are off, so that a key press of a digit goes to the entry. */
  g_assert_false (qt_number_keys_on (window));
  qt_type_text (entry, "16");
  g_assert_cmpstr (qt_answer_of (window, index), ==, "16");
  g_assert_cmpfloat (qt_fraction_of (window, index), ==, 1);
  qt_type_text (entry, "15");
  imtehan_question_page_flush (page);
  g_assert_cmpstr (qt_answer_of (window, index), ==, "15");
  g_assert_cmpfloat (qt_fraction_of (window, index), ==, 0);
  /* With its unit, in the language shown. */
  {
    g_autofree char *with_unit = g_strdup_printf ("16 %s", unit);

    qt_type_text (entry, with_unit);
    imtehan_question_page_flush (page);
    g_assert_cmpstr (qt_answer_of (window, index), ==, with_unit);
    g_assert_cmpfloat (qt_fraction_of (window, index), ==, 1);
  }
}

/* --- Matching ---------------------------------------------------------------------------- */

/* A drop-down per item in file order, named by it, of "Choose…" and the answers in the
 * attempt's order; the response pairs the items set with their answers. */
/* The label under @widget that shows @text, or NULL. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_matching (ImtehanTestFixture *fixture,
               gconstpointer       data)
{
  const char *lang = data;
  g_autoptr(ImtehanQuiz) quiz = qt_load_quiz ();
  ImtehanQuestionPage *page = qt_start (fixture, quiz, IMTEHAN_MODE_EXAM);
  ImtehanWindow *window = fixture->window;
  guint index = qt_go_to (window, "stages");
  ImtehanQuestion *question = qt_question_of (window, index);
  const char * const *order = qt_order_of (window, index);
  guint n = imtehan_question_get_n_items (question);
  GtkDropDown *drop_downs[3];
  g_autofree char *expected = NULL;

  g_assert_cmpuint (n, ==, 3);
  imtehan_test_assert_direction (qt_shown_view (), qt_direction_of (lang));
  qt_assert_group (gtk_widget_get_parent (imtehan_question_page_get_choice (page, 0)), question, lang,
                   NULL);
  g_assert_false (qt_number_keys_on (window));
  for (guint i = 0; i < n; i++)
    {
      const char *item = imtehan_question_get_item_id (question, i);
      GListModel *model;

      drop_downs[i] = GTK_DROP_DOWN (imtehan_question_page_get_choice (page, i));
      g_assert_true (GTK_IS_DROP_DOWN (drop_downs[i]));
      {
        g_autofree char *shown = imtehan_text_prepare (imtehan_question_get_item_text (question, item, lang),
                                                       lang);
        GtkWidget *row = gtk_widget_get_parent (GTK_WIDGET (drop_downs[i]));
        GtkWidget *label = NULL;

        g_assert_true (imtehan_test_shows_label (qt_shown_view (), shown));
        /* The drop-down is labelled by its item's text, the one beside it. */
        for (GtkWidget *w = gtk_widget_get_first_child (row); w != NULL && label == NULL;
             w = gtk_widget_get_next_sibling (w))
          label = find_label (w, shown);
        g_assert_nonnull (label);
        gtk_test_accessible_assert_relation (drop_downs[i], GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                             label, NULL);
      }
      model = gtk_drop_down_get_model (drop_downs[i]);
      g_assert_cmpuint (g_list_model_get_n_items (model), ==, g_strv_length ((char **)order) + 1);
      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), 0), ==, _("Choose…"));
      for (guint c = 0; order[c] != NULL; c++)
        g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), c + 1), ==,
                         imtehan_question_get_choice_text (question, order[c], lang));
      g_assert_cmpuint (gtk_drop_down_get_selected (drop_downs[i]), ==, 0);
    }

  /* Stage 3 first, wrongly: one item of three, none right. */
  gtk_drop_down_set_selected (drop_downs[2], qt_position_of (order, "activations") + 1);
  g_assert_cmpstr (qt_answer_of (window, index), ==, "three:activations");
  g_assert_cmpfloat (qt_fraction_of (window, index), ==, 0);
  gtk_drop_down_set_selected (drop_downs[0], qt_position_of (order, "one") + 1);
  gtk_drop_down_set_selected (drop_downs[1], qt_position_of (order, "two") + 1);
  g_assert_cmpstr (qt_answer_of (window, index), ==, "one:one;two:two;three:activations");
  g_assert_cmpfloat_with_epsilon (qt_fraction_of (window, index), 2.0 / 3, 1e-9);
  gtk_drop_down_set_selected (drop_downs[2], qt_position_of (order, "three") + 1);
  g_assert_cmpfloat (qt_fraction_of (window, index), ==, 1);

  /* "Choose…" again unsets an item; all unset, no answer. */
  gtk_drop_down_set_selected (drop_downs[1], 0);
  g_assert_cmpstr (qt_answer_of (window, index), ==, "one:one;three:three");
  gtk_drop_down_set_selected (drop_downs[0], 0);
  gtk_drop_down_set_selected (drop_downs[2], 0);
  g_assert_null (qt_answer_of (window, index));

  /* Shown again, the drop-downs show the attempt's answer. */
  gtk_drop_down_set_selected (drop_downs[1], qt_position_of (order, "one") + 1);
  imtehan_test_activate (window, "win.next", NULL);
  imtehan_test_activate (window, "win.previous", NULL);
  expected = g_strdup ("two:one");
  g_assert_cmpstr (qt_answer_of (window, index), ==, expected);
  g_assert_cmpuint (gtk_drop_down_get_selected (drop_downs[1]), ==, qt_position_of (order, "one") + 1);
  g_assert_cmpuint (gtk_drop_down_get_selected (drop_downs[0]), ==, 0);
}

/* --- Ordering ---------------------------------------------------------------------------- */

static char *
shown_order (ImtehanQuestionPage *page,
             guint                n)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (ids, (gpointer)imtehan_ordering_row_get_item_id (qt_row_at (page, i)));
  return imtehan_response_join ((const char * const *)ids->pdata, ids->len);
}

/* Each row: its item's text and its place for a screen reader, the buttons it can use. */
static void
assert_rows (ImtehanQuestionPage *page,
             ImtehanQuestion     *question,
             const char          *lang,
             guint                n)
{
  GtkWidget *list = gtk_widget_get_parent (GTK_WIDGET (qt_row_at (page, 0)));
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();

  /* The widget order is the order read and tabbed through. */
  qt_collect_shown (list, IMTEHAN_TYPE_ORDERING_ROW, shown);
  g_assert_cmpuint (shown->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      ImtehanOrderingRow *row = qt_row_at (page, i);
      const char *id = imtehan_ordering_row_get_item_id (row);
      g_autofree char *place = g_strdup_printf (_("%u of %u"), i + 1, n);

      g_assert_true (g_ptr_array_index (shown, i) == (gpointer)row);
      gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           imtehan_question_get_choice_text (question, id, lang));
      gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, place);
      gtk_test_accessible_assert_property (imtehan_ordering_row_get_button (row, -1),
                                           GTK_ACCESSIBLE_PROPERTY_LABEL, _("Move up"));
      gtk_test_accessible_assert_property (imtehan_ordering_row_get_button (row, 1),
                                           GTK_ACCESSIBLE_PROPERTY_LABEL, _("Move down"));
      g_assert_true (gtk_widget_get_sensitive (imtehan_ordering_row_get_button (row, -1)) == (i > 0));
      g_assert_true (gtk_widget_get_sensitive (imtehan_ordering_row_get_button (row, 1)) == (i + 1 < n));
    }
}

static gpointer
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;
    }
  g_error ("No %s", g_type_name (type));
}

/* Drags @row onto @onto as GTK does, minus the pointer: the list's drag source is asked
 * for what it drags at the row's middle, and its drop target given that at @onto's. */
static void
drag_onto (GtkWidget *row,
           GtkWidget *onto)
{
  GtkWidget *list = gtk_widget_get_parent (row);
  GtkDragSource *source = find_controller (list, GTK_TYPE_DRAG_SOURCE);
  GtkDropTarget *target = find_controller (list, GTK_TYPE_DROP_TARGET);
  g_autoptr(GdkContentProvider) content = NULL;
  g_auto(GValue) value = G_VALUE_INIT;
  graphene_rect_t from, to;
  gboolean dropped = FALSE;

  /* Laid out in the order they now have: the list finds rows by where they were put. */
  IMTEHAN_TEST_WAIT_UNTIL (gtk_widget_compute_bounds (row, list, &from) &&
                           gtk_list_box_get_row_at_y (GTK_LIST_BOX (list),
                                                      (int)(from.origin.y + from.size.height / 2)) ==
                           GTK_LIST_BOX_ROW (row), 5);
  g_assert_true (gtk_widget_compute_bounds (row, list, &from));
  g_assert_true (gtk_widget_compute_bounds (onto, list, &to));
  g_signal_emit_by_name (source, "prepare", (double)from.origin.x + 10,
                         (double)(from.origin.y + from.size.height / 2), &content);
  g_assert_nonnull (content);
  g_value_init (&value, IMTEHAN_TYPE_ORDERING_ROW);
  g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
  g_assert_true (g_value_get_object (&value) == (gpointer)row);
  g_signal_emit_by_name (target, "drop", &value, (double)to.origin.x + 10,
                         (double)(to.origin.y + to.size.height / 2), &dropped);
  g_assert_true (dropped);
  imtehan_test_spin ();
}

/* The rows in the attempt's shuffled order, not yet an answer; Keep This Order answers with
 * it; every move by a button, Alt+Up / Alt+Down or a drop answers with the new order, and the
 * moved row keeps the keyboard. */
static void
test_ordering (ImtehanTestFixture *fixture,
               gconstpointer       data)
{
  const char *lang = data;
  g_autoptr(ImtehanQuiz) quiz = qt_load_quiz ();
  ImtehanQuestionPage *page = qt_start (fixture, quiz, IMTEHAN_MODE_EXAM);
  ImtehanWindow *window = fixture->window;
  guint index = qt_go_to (window, "memory");
  ImtehanQuestion *question = qt_question_of (window, index);
  guint n = imtehan_question_get_n_choices (question);
  g_autofree char *initial = imtehan_response_join (qt_order_of (window, index), -1);
  g_autofree char *right = imtehan_question_dup_right_response (question);
  g_auto(GStrv) right_ids = imtehan_response_split (right);
  GtkWidget *keep = qt_find_button (qt_shown_view (), _("_Keep This Order"));
  ImtehanOrderingRow *row;

  imtehan_test_assert_direction (qt_shown_view (), qt_direction_of (lang));
  qt_assert_group (GTK_WIDGET (qt_row_at (page, 0)), question, lang, NULL);
  g_assert_false (qt_number_keys_on (window));
  g_assert_null (qt_answer_of (window, index));
  {
    g_autofree char *shown = shown_order (page, n);

    g_assert_cmpstr (shown, ==, initial);
  }
  assert_rows (page, question, lang, n);

  qt_click (keep);
  g_assert_cmpstr (qt_answer_of (window, index), ==, initial);
  g_assert_false (gtk_widget_get_sensitive (keep));

  /* The first down by its button. */
  row = qt_row_at (page, 0);
  qt_click (imtehan_ordering_row_get_button (row, 1));
  g_assert_true (qt_row_at (page, 1) == row);
  {
    g_autofree char *shown = shown_order (page, n);

    g_assert_cmpstr (qt_answer_of (window, index), ==, shown);
    g_assert_cmpstr (shown, !=, initial);
  }
  assert_rows (page, question, lang, n);

  /* The right order by Alt+Up alone: each item up from where it is to its place. */
  for (guint place = 0; place < n; place++)
    {
      guint at = place;

      while (g_strcmp0 (imtehan_ordering_row_get_item_id (qt_row_at (page, at)), right_ids[place]) != 0)
        at++;
      row = qt_row_at (page, at);
      gtk_widget_grab_focus (GTK_WIDGET (row));
      while (at-- > place)
        {
          imtehan_test_press_keys (GTK_WIDGET (row), GDK_KEY_Up, GDK_ALT_MASK);
          g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (row));
        }
      g_assert_true (qt_row_at (page, place) == row);
    }
  g_assert_cmpstr (qt_answer_of (window, index), ==, right);
  g_assert_cmpfloat (qt_fraction_of (window, index), ==, 1);
  assert_rows (page, question, lang, n);

  /* Alt+Down on the first: the two first swap, one pair of three out of order. */
  row = qt_row_at (page, 0);
  gtk_widget_grab_focus (GTK_WIDGET (row));
  imtehan_test_press_keys (GTK_WIDGET (row), GDK_KEY_Down, GDK_ALT_MASK);
  g_assert_true (qt_row_at (page, 1) == row);
  g_assert_cmpfloat_with_epsilon (qt_fraction_of (window, index), 1.0 / 3, 1e-9);

  /* Dragged (what the list's drag source and drop target are told): the first onto the
   * last's place. */
  row = qt_row_at (page, 0);
  drag_onto (GTK_WIDGET (row), GTK_WIDGET (qt_row_at (page, n - 1)));
  g_assert_true (qt_row_at (page, n - 1) == row);
  {
    g_autofree char *shown = shown_order (page, n);

    g_assert_cmpstr (qt_answer_of (window, index), ==, shown);
  }
  assert_rows (page, question, lang, n);

  /* Shown again, the learner's order. */
  imtehan_test_activate (window, "win.next", NULL);
  imtehan_test_activate (window, "win.previous", NULL);
  {
    g_autofree char *shown = shown_order (page, n);

    g_assert_cmpstr (shown, ==, qt_answer_of (window, index));
  }
}

/* --- Views and the keyboard ----------------------------------------------------------------- */

/* The first control of the area a question shows, for each kind: what the keyboard lands on. */
static GType
part_type (ImtehanQuestionKind kind)
{
  switch (kind)
    {
    case IMTEHAN_QUESTION_SINGLE:
    case IMTEHAN_QUESTION_MULTIPLE:
      return GTK_TYPE_CHECK_BUTTON;
    case IMTEHAN_QUESTION_SHORT:
    case IMTEHAN_QUESTION_NUMERICAL:
      return GTK_TYPE_ENTRY;
    case IMTEHAN_QUESTION_MATCHING:
      return GTK_TYPE_DROP_DOWN;
    case IMTEHAN_QUESTION_ORDERING:
    default:
      return IMTEHAN_TYPE_ORDERING_ROW;
    }
}

/* Enter goes on through the quiz from its first answer, and the keyboard lands in each next
 * question's first control, of its own kind; another attempt's questions, shown in views the
 * first one left, are each in a view of their kind. */
static void
test_keyboard_and_views (ImtehanTestFixture *fixture,
                         gconstpointer       data)
{
  g_autoptr(ImtehanQuiz) quiz = qt_load_quiz ();
  ImtehanQuestionPage *page = qt_start (fixture, quiz, IMTEHAN_MODE_EXAM);
  ImtehanWindow *window = fixture->window;
  guint n = imtehan_quiz_get_n_questions (quiz);

  for (guint attempt = 0; attempt < 2; attempt++)
    {
      gtk_widget_grab_focus (GTK_WIDGET (page));
      for (guint i = 0; i < n; i++)
        {
          ImtehanQuestionKind kind = imtehan_question_get_kind (qt_question_of (window, i));
          GtkWidget *first = imtehan_question_page_get_choice (page, 0);
          GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

          g_assert_cmpuint (imtehan_attempt_get_current (imtehan_window_get_attempt (window)), ==, i);
          g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (first, part_type (kind)));
          g_assert_true (imtehan_question_view_get_kind (IMTEHAN_QUESTION_VIEW (qt_shown_view ())) == kind);
          g_assert_true (qt_is_ancestor_or_self (focus, first));
          if (i + 1 < n)
            {
              /* On a drop-down's button, Enter opens it: Next is the way on there. */
              if (kind == IMTEHAN_QUESTION_MATCHING)
                imtehan_test_activate (window, "win.next", NULL);
              else
                imtehan_test_press_keys (GTK_WIDGET (page), GDK_KEY_Return, 0);
            }
        }
      /* Another attempt, in the views this one leaves. */
      imtehan_test_activate (window, "win.home", NULL);
      imtehan_test_activate (window, "win.start", NULL);
      imtehan_test_wait_for_page (window, "question");
    }
}

/* Checked in a 360 px window, every kind keeps to its width (its marks wrap), and a picture
 * to its shape. */
static void
test_narrow (ImtehanTestFixture *fixture,
             gconstpointer       data)
{
  g_autoptr(ImtehanQuiz) quiz = qt_load_quiz ();
  ImtehanQuestionPage *page = qt_start (fixture, quiz, IMTEHAN_MODE_PRACTICE);
  ImtehanWindow *window = fixture->window;
  guint n = imtehan_quiz_get_n_questions (quiz);

  /* Short too: the verdict below a question makes its page scroll. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 480);
  for (guint i = 0; i < n; i++)
    {
      ImtehanQuestionKind kind = imtehan_question_get_kind (qt_question_of (window, i));
      GtkWidget *first = imtehan_question_page_get_choice (page, 0);

      if (kind == IMTEHAN_QUESTION_SHORT || kind == IMTEHAN_QUESTION_NUMERICAL)
        qt_type_text (first, "a wrong answer");
      else if (kind == IMTEHAN_QUESTION_MATCHING)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (first), 1);
      else if (kind == IMTEHAN_QUESTION_ORDERING)
        qt_click (qt_find_button (qt_shown_view (), _("_Keep This Order")));
      else
        imtehan_test_choose (window, 0);
      qt_check (window);
      imtehan_test_run_for (200);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (page)), <=, 360);
      /* A picture keeps its shape on a page that scrolls: the page's viewport gives its
       * content no more than its minimum height. */
      if (imtehan_question_get_picture (qt_question_of (window, i)) != NULL)
        {
          GtkWidget *picture = qt_find_one (qt_shown_view (), GTK_TYPE_PICTURE);
          GdkPaintable *paintable = gtk_picture_get_paintable (GTK_PICTURE (picture));
          double ratio = gdk_paintable_get_intrinsic_aspect_ratio (paintable);
          int width = MIN (gtk_widget_get_width (picture),
                           gdk_paintable_get_intrinsic_width (paintable));

          g_assert_cmpint (gtk_widget_get_height (picture), >=, (int)(width / ratio) - 1);
        }
      if (i + 1 < n)
        imtehan_test_activate (window, "win.next", NULL);
    }
}

/* Tab reaches every control of matching and ordering, in reading order. */
static void
test_tab (ImtehanTestFixture *fixture,
          gconstpointer       data)
{
  g_autoptr(ImtehanQuiz) quiz = qt_load_quiz ();
  ImtehanQuestionPage *page = qt_start (fixture, quiz, IMTEHAN_MODE_EXAM);
  ImtehanWindow *window = fixture->window;
  const char *ids[] = { "stages", "memory" };

  for (guint q = 0; q < G_N_ELEMENTS (ids); q++)
    {
      guint index = qt_go_to (window, ids[q]);
      ImtehanQuestion *question = qt_question_of (window, index);
      gboolean matching = imtehan_question_get_kind (question) == IMTEHAN_QUESTION_MATCHING;
      guint n = matching ? imtehan_question_get_n_items (question) : imtehan_question_get_n_choices (question);
      g_autoptr(GPtrArray) wanted = g_ptr_array_new ();
      g_autoptr(GPtrArray) reached = g_ptr_array_new ();

      for (guint i = 0; i < n; i++)
        {
          GtkWidget *part = imtehan_question_page_get_choice (page, i);

          g_ptr_array_add (wanted, part);
          if (!matching)
            {
              if (gtk_widget_get_sensitive (imtehan_ordering_row_get_button (IMTEHAN_ORDERING_ROW (part), -1)))
                g_ptr_array_add (wanted, imtehan_ordering_row_get_button (IMTEHAN_ORDERING_ROW (part), -1));
              if (gtk_widget_get_sensitive (imtehan_ordering_row_get_button (IMTEHAN_ORDERING_ROW (part), 1)))
                g_ptr_array_add (wanted, imtehan_ordering_row_get_button (IMTEHAN_ORDERING_ROW (part), 1));
            }
        }
      if (!matching)
        g_ptr_array_add (wanted, qt_find_button (qt_shown_view (), _("_Keep This Order")));

      gtk_widget_grab_focus (GTK_WIDGET (page));
      for (guint step = 0; step < 40; step++)
        {
          GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
          gpointer control = NULL;

          /* The innermost: a row's button rather than its row. */
          for (guint w = 0; w < wanted->len; w++)
            if (qt_is_ancestor_or_self (focus, g_ptr_array_index (wanted, w)))
              control = g_ptr_array_index (wanted, w);
          if (control != NULL &&
              (reached->len == 0 || g_ptr_array_index (reached, reached->len - 1) != control))
            g_ptr_array_add (reached, control);
          gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD);
        }
      /* Each once at least, the first ones in order. */
      for (guint w = 0; w < wanted->len; w++)
        g_assert_true (g_ptr_array_find (reached, g_ptr_array_index (wanted, w), NULL));
      for (guint w = 0; w < wanted->len; w++)
        g_assert_true (g_ptr_array_index (reached, w) == g_ptr_array_index (wanted, w));
    }
}

int
main (int   argc,
      char *argv[])
{
  imtehan_test_ui_init (&argc, &argv, "imtehan-question-types-XXXXXX");

  IMTEHAN_TEST_ADD ("/question-types/multiple/en", "en", test_multiple);
  IMTEHAN_TEST_ADD ("/question-types/multiple/ur", "ur", test_multiple);
  IMTEHAN_TEST_ADD ("/question-types/short/en", "en", test_short);
  IMTEHAN_TEST_ADD ("/question-types/short/ur", "ur", test_short);
  IMTEHAN_TEST_ADD ("/question-types/numerical/en", "en", test_numerical);
  IMTEHAN_TEST_ADD ("/question-types/numerical/ur", "ur", test_numerical);
  IMTEHAN_TEST_ADD ("/question-types/matching/en", "en", test_matching);
  IMTEHAN_TEST_ADD ("/question-types/matching/ur", "ur", test_matching);
  IMTEHAN_TEST_ADD ("/question-types/ordering/en", "en", test_ordering);
  IMTEHAN_TEST_ADD ("/question-types/ordering/ur", "ur", test_ordering);
  IMTEHAN_TEST_ADD ("/question-types/keyboard-and-views/en", "en", test_keyboard_and_views);
  IMTEHAN_TEST_ADD ("/question-types/keyboard-and-views/ur", "ur", test_keyboard_and_views);
  IMTEHAN_TEST_ADD ("/question-types/narrow/en", "en", test_narrow);
  IMTEHAN_TEST_ADD ("/question-types/narrow/ur", "ur", test_narrow);
  IMTEHAN_TEST_ADD ("/question-types/tab/en", "en", test_tab);
  IMTEHAN_TEST_ADD ("/question-types/tab/ur", "ur", test_tab);

  return imtehan_test_ui_run ();
}
