/* question-types-util.c: what the tests of the question types' pages share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>

#include "imtehan-question-view.h"
#include "imtehan-session.h"
#include "question-types-util.h"
#include "test-ui.h"
#include "test-util.h"

ImtehanQuiz *
qt_load_quiz (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (TEST_DATA_DIR "/question-types.quiz");
  g_autoptr(GError) error = NULL;
  ImtehanQuiz *quiz = imtehan_quiz_new_from_file (file, NULL, &error);

  g_assert_no_error (error);
  return quiz;
}

/* The fixture's window replaced by one of @quiz, started in @mode. */
ImtehanQuestionPage *
qt_start (ImtehanTestFixture *fixture,
          ImtehanQuiz        *quiz,
          ImtehanMode         mode)
{
  imtehan_test_destroy_window (&fixture->window);
  fixture->window = imtehan_window_new_for_quiz (GTK_APPLICATION (imtehan_test_app),
                                                 imtehan_test_context (), quiz);
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 800, 700);
  gtk_window_present (GTK_WINDOW (fixture->window));
  imtehan_test_spin ();
  imtehan_session_set_mode (imtehan_window_get_session (fixture->window), mode);
  imtehan_test_activate (fixture->window, "win.start", NULL);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "question");
  return IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (fixture->window));
}

/* Shows the question @id; returns its index. */
guint
qt_go_to (ImtehanWindow *window,
          const char    *id)
{
  ImtehanAttempt *attempt = imtehan_window_get_attempt (window);
  ImtehanQuestion *question = imtehan_quiz_find_question (imtehan_attempt_get_quiz (attempt), id);
  guint index;

  g_assert_nonnull (question);
  index = imtehan_question_get_index (question);
  imtehan_test_activate (window, "win.go-to", g_variant_new_uint32 (index));
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, index);
  return index;
}

ImtehanQuestion *
qt_question_of (ImtehanWindow *window,
                guint          index)
{
  return imtehan_quiz_get_question (imtehan_attempt_get_quiz (imtehan_window_get_attempt (window)),
                                    index);
}

const char *
qt_answer_of (ImtehanWindow *window,
              guint          index)
{
  return imtehan_attempt_get_answer (imtehan_window_get_attempt (window), index);
}

double
qt_fraction_of (ImtehanWindow *window,
                guint          index)
{
  return imtehan_attempt_get_fraction (imtehan_window_get_attempt (window), index);
}

const char * const *
qt_order_of (ImtehanWindow *window,
             guint          index)
{
  return imtehan_attempt_get_choice_order (imtehan_window_get_attempt (window), index);
}

/* The view on screen: the deck keeps the others hidden. */
GtkWidget *
qt_shown_view (void)
{
  GtkWidget *view = imtehan_test_find_widget (IMTEHAN_TYPE_QUESTION_VIEW);

  g_assert_nonnull (view);
  return view;
}

void
qt_collect_shown (GtkWidget *widget,
                  GType      type,
                  GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    qt_collect_shown (child, type, found);
}

/* The one mapped widget of @type below @widget. */
GtkWidget *
qt_find_one (GtkWidget *widget,
             GType      type)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  qt_collect_shown (widget, type, found);
  g_assert_cmpuint (found->len, ==, 1);
  return g_ptr_array_index (found, 0);
}

/* The mapped button below @widget whose label is @label. */
GtkWidget *
qt_find_button (GtkWidget  *widget,
                const char *label)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  qt_collect_shown (widget, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (buttons, i)), label) == 0)
      return g_ptr_array_index (buttons, i);
  g_error ("No button “%s”", label);
}

void
qt_click (GtkWidget *button)
{
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  imtehan_test_spin ();
}

gboolean
qt_is_ancestor_or_self (GtkWidget *widget,
                        GtkWidget *ancestor)
{
  return widget != NULL && (widget == ancestor || gtk_widget_is_ancestor (widget, ancestor));
}

/* Whether the number keys' action (win.choose, which takes a position) is on. */
gboolean
qt_number_keys_on (ImtehanWindow *window)
{
  GtkWidget *probe = gtk_button_new ();
  gboolean enabled;

  gtk_widget_set_visible (probe, FALSE);
  gtk_widget_set_parent (probe, GTK_WIDGET (window));
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (probe), g_variant_new_uint32 (0));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), "win.choose");
  enabled = gtk_widget_get_sensitive (probe);
  gtk_widget_unparent (probe);
  return enabled;
}

GtkTextDirection
qt_direction_of (const char *lang)
{
  return g_str_equal (lang, "ur") ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR;
}

/* What the group of the answers is told: its question, and how to answer. */
void
qt_assert_group (GtkWidget       *part,
                 ImtehanQuestion *question,
                 const char      *lang,
                 const char      *description)
{
  GtkWidget *group = gtk_widget_get_parent (part);

  if (GTK_IS_LIST_BOX_ROW (part))
    gtk_test_accessible_assert_role (group, GTK_ACCESSIBLE_ROLE_LIST);
  else
    gtk_test_accessible_assert_role (group, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_test_accessible_assert_property (group, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       imtehan_question_get_text (question, lang));
  if (description != NULL)
    gtk_test_accessible_assert_property (group, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);
}

guint
qt_position_of (const char * const *order,
                const char         *id)
{
  for (guint i = 0; order[i] != NULL; i++)
    if (g_str_equal (order[i], id))
      return i;
  g_assert_not_reached ();
}

/* @ids (of @order), in the order shown, joined: the response they make. */
void
qt_type_text (GtkWidget  *entry,
              const char *text)
{
  const char *shown = gtk_editable_get_text (GTK_EDITABLE (entry));
  int position = (int)g_utf8_strlen (shown, -1);

  if (*shown != '\0' && g_str_has_prefix (text, shown))
    gtk_editable_insert_text (GTK_EDITABLE (entry), text + strlen (shown), -1, &position);
  else
    gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

ImtehanOrderingRow *
qt_row_at (ImtehanQuestionPage *page,
           guint                position)
{
  GtkWidget *row = imtehan_question_page_get_choice (page, position);

  g_assert_true (IMTEHAN_IS_ORDERING_ROW (row));
  return IMTEHAN_ORDERING_ROW (row);
}

/* The items' ids in the order shown, joined. */
void
qt_check (ImtehanWindow *window)
{
  imtehan_test_activate (window, "win.check", NULL);
  g_assert_true (imtehan_attempt_is_checked (imtehan_window_get_attempt (window),
                                             imtehan_attempt_get_current (imtehan_window_get_attempt (window))));
}

/* The verdict card: an alert saying @verdict, with the right answer @right (unless it is
 * right) and the explanation. */
