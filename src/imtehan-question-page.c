/* imtehan-question-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-question-page"

#include "config.h"

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "imtehan-choice-row.h"
#include "imtehan-i18n.h"
#include "imtehan-progress.h"
#include "imtehan-question-page.h"
#include "imtehan-quiz.h"
#include "imtehan-scroll-bin.h"
#include "imtehan-wrap-bin.h"

struct _ImtehanQuestionPage
{
  GtkWidget          parent_instance;

  GtkScrolledWindow *scroller;
  ImtehanProgress   *progress;
  ImtehanWrapBin    *position_bin;
  GtkBox            *questions;
  GtkButton         *previous_button;
  GtkButton         *next_button;
  GtkLabel          *next_label;

  ImtehanAttempt    *attempt;
  GSignalGroup      *signals;
  GPtrArray         *views;     /* QuestionView per question of the attempt, NULL until shown
                                 * or prepared (prepare_neighbours_cb()) */
  GPtrArray         *spares;    /* QuestionView of a former attempt, hidden, to be shown again */
  GPtrArray         *choices;   /* the shown view's GtkCheckButtons, in the order shown */
  guint              shown;     /* the question shown */
  guint              prepare_tick;  /* waits for the frame that shows a move */
  guint              prepare_id;
  gboolean           preparing_late;  /* prepare_id is the wait before the question before */
  guint              updating : 1;
  guint              buttons_labelled : 1;  /* the accessible names of Previous and Next */
  guint              next_is_review : 1;
};

/* A question as shown: its topic, its text and its choices, a child of the questions box.
 * Views stay while the attempt lasts: going back to a question shows its widgets as they
 * were, already styled and laid out, instead of laying its Nastaliq text out again. Each is
 * built when its question is first shown, not before. The others are hidden, which also
 * hides them from assistive technologies. (Not a GtkStack: it asks its child for a width
 * for its height when allocating it, and a box of wrapping labels answers that with a
 * binary search over widths, laying the text out at each.) The views of a former attempt
 * are given the texts of the next one's questions rather than made again. */
typedef struct
{
  GtkWidget  *box;
  GtkWidget  *topic;     /* GtkLabel */
  GtkWidget  *question;  /* GtkLabel */
  GtkWidget  *choices_box;
  GPtrArray  *choices;   /* GtkCheckButton, in the order shown */
  guint       index;     /* the question it shows, in the quiz */
  const char *lang;      /* interned: the language of its texts */
} QuestionView;

static void
question_view_free (QuestionView *view)
{
  if (view == NULL)
    return;
  g_clear_pointer (&view->choices, g_ptr_array_unref);
  g_free (view);
}

G_DEFINE_FINAL_TYPE (ImtehanQuestionPage, imtehan_question_page, GTK_TYPE_WIDGET)

/* "Question 3 of 8, 2 answered", for @attempt's current question. */
static char *
position_text (ImtehanAttempt *attempt)
{
  guint answered = imtehan_attempt_get_n_answered (attempt);
  g_autofree char *position = NULL;

  /* TRANSLATORS: "Question 3 of 8" */
  position = g_strdup_printf (_("Question %u of %u"), imtehan_attempt_get_current (attempt) + 1,
                              imtehan_attempt_get_n_questions (attempt));
  /* TRANSLATORS: "Question 3 of 8, 2 answered"; what a screen reader says of the progress */
  return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s, %u answered", "%s, %u answered",
                                     answered),
                          position, answered);
}

static void
label_buttons (ImtehanQuestionPage *self,
               gboolean             last)
{
  /* Only when it changes: each update is sent to the accessibility bus, and this runs at
   * every move. */
  if (self->next_is_review != last || !self->buttons_labelled)
    {
      gtk_label_set_text_with_mnemonic (self->next_label, last ? _("_Review") : _("_Next"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->next_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      last ? _("Review") : _("Next question"), -1);
      self->next_is_review = last;
    }
  if (!self->buttons_labelled)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->previous_button),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, _("Previous question"), -1);
  self->buttons_labelled = TRUE;
}

static void
update_position (ImtehanQuestionPage *self)
{
  g_autofree char *text = position_text (self->attempt);

  /* Shown before when going back: the bin keeps its layout (imtehan_wrap_bin_set_text()). */
  imtehan_wrap_bin_set_text (self->position_bin, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  label_buttons (self, imtehan_attempt_get_current (self->attempt) + 1 >=
                       imtehan_attempt_get_n_questions (self->attempt));
}

static void
update_selection (ImtehanQuestionPage *self)
{
  const char *answer = imtehan_attempt_get_answer (self->attempt, self->shown);
  const char * const *order = imtehan_attempt_get_choice_order (self->attempt, self->shown);

  self->updating = TRUE;
  for (guint i = 0; self->choices != NULL && i < self->choices->len; i++)
    gtk_check_button_set_active (g_ptr_array_index (self->choices, i),
                                 g_strcmp0 (order[i], answer) == 0);
  self->updating = FALSE;
}

static void
choice_toggled_cb (GtkCheckButton      *button,
                   ImtehanQuestionPage *self)
{
  guint position;

  if (self->updating || !gtk_check_button_get_active (button) || self->choices == NULL)
    return;
  if (!g_ptr_array_find (self->choices, button, &position))
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.choose", "u", position);
}

static GtkWidget *
create_choice (ImtehanQuestionPage *self,
               guint                position,
               const char          *lang)
{
  g_autofree char *letter = imtehan_i18n_choice_letter (position, lang);
  GtkWidget *row = imtehan_choice_row_new ();

  imtehan_choice_row_set_letter (IMTEHAN_CHOICE_ROW (row), letter);
  g_signal_connect (row, "toggled", G_CALLBACK (choice_toggled_cb), self);
  return row;
}

static GtkWidget *
wrapped_label (const char *css_class,
               int         min_chars)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

static QuestionView *
create_view (ImtehanQuestionPage *self,
             guint                n_choices,
             const char          *lang)
{
  QuestionView *view = g_new0 (QuestionView, 1);
  GtkWidget *topic_bin;
  GtkCheckButton *group = NULL;

  view->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  view->choices = g_ptr_array_new ();

  view->topic = wrapped_label ("topic", 10);
  gtk_widget_add_css_class (view->topic, "dim-label");
  topic_bin = imtehan_wrap_bin_new (view->topic, 10, 60);
  gtk_widget_set_margin_top (topic_bin, 6);
  gtk_box_append (GTK_BOX (view->box), topic_bin);
  view->question = wrapped_label ("question", 20);
  gtk_box_append (GTK_BOX (view->box), imtehan_wrap_bin_new (view->question, 20, 60));

  /* Named by its question. The role is fixed at construction. */
  view->choices_box = g_object_new (GTK_TYPE_BOX,
                                    "orientation", GTK_ORIENTATION_VERTICAL,
                                    "spacing", 8,
                                    "margin-top", 6,
                                    "accessible-role", GTK_ACCESSIBLE_ROLE_RADIO_GROUP,
                                    NULL);
  for (guint i = 0; i < n_choices; i++)
    {
      GtkWidget *button = create_choice (self, i, lang);

      if (group == NULL)
        group = GTK_CHECK_BUTTON (button);
      else
        gtk_check_button_set_group (GTK_CHECK_BUTTON (button), group);
      gtk_box_append (GTK_BOX (view->choices_box), button);
      g_ptr_array_add (view->choices, button);
    }
  gtk_box_append (GTK_BOX (view->box), view->choices_box);

  /* Hidden until update_question() shows it: a view made ahead (prepare_view()) stays out of
   * sight, of assistive technologies and of the page's layout. */
  gtk_widget_set_visible (view->box, FALSE);
  gtk_box_append (self->questions, view->box);
  return view;
}

/* Puts the choices of @view, which already shows their question, in @order: the buttons
 * move, their texts stay laid out; only the letters follow the positions. */
static void
reorder_choices (QuestionView       *view,
                 const char * const *order,
                 const char         *lang)
{
  g_autoptr(GPtrArray) ordered = g_ptr_array_new ();
  GtkWidget *previous = NULL;

  for (guint i = 0; order[i] != NULL; i++)
    for (guint j = 0; j < view->choices->len; j++)
      {
        GtkWidget *button = g_ptr_array_index (view->choices, j);

        if (g_strcmp0 (imtehan_choice_row_get_choice_id (IMTEHAN_CHOICE_ROW (button)), order[i]) == 0)
          {
            g_ptr_array_add (ordered, button);
            break;
          }
      }
  g_return_if_fail (ordered->len == view->choices->len);

  for (guint i = 0; i < ordered->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (ordered, i);
      g_autofree char *letter = imtehan_i18n_choice_letter (i, lang);

      gtk_box_reorder_child_after (GTK_BOX (view->choices_box), button, previous);
      imtehan_choice_row_set_letter (IMTEHAN_CHOICE_ROW (button), letter);
      g_ptr_array_index (view->choices, i) = button;
      previous = button;
    }
}

/* A spare view to show question @index in: the one that showed it in a former attempt (its
 * Nastaliq text is laid out already), or one with as many choices, or none. */
static QuestionView *
take_spare (ImtehanQuestionPage *self,
            guint                index,
            guint                n_choices,
            const char          *lang)
{
  guint found = G_MAXUINT;

  for (guint i = 0; i < self->spares->len; i++)
    {
      QuestionView *spare = g_ptr_array_index (self->spares, i);

      if (spare->choices->len != n_choices)
        continue;
      if (spare->index == index && spare->lang == lang)
        {
          found = i;
          break;
        }
      if (found == G_MAXUINT)
        found = i;
    }
  return found == G_MAXUINT ? NULL : g_ptr_array_steal_index (self->spares, found);
}

/* A view for question @index: a spare one, or a new one. */
static QuestionView *
show_view (ImtehanQuestionPage *self,
           ImtehanAttempt      *attempt,
           guint                index)
{
  const char *lang = g_intern_string (imtehan_i18n_get_language ());
  ImtehanQuestion *question = imtehan_quiz_get_question (imtehan_attempt_get_quiz (attempt), index);
  const char * const *order = imtehan_attempt_get_choice_order (attempt, index);
  const char *topic = imtehan_question_get_topic (question, lang);
  const char *text = imtehan_question_get_text (question, lang);
  guint n_choices = g_strv_length ((char **)order);
  QuestionView *view = take_spare (self, index, n_choices, lang);

  if (view != NULL && view->index == index && view->lang == lang)
    {
      reorder_choices (view, order, lang);
      return view;
    }
  if (view == NULL)
    view = create_view (self, n_choices, lang);
  view->index = index;
  view->lang = lang;

  imtehan_label_set_content (GTK_LABEL (view->topic), topic, lang);
  gtk_widget_set_visible (view->topic, *topic != '\0');
  imtehan_label_set_content (GTK_LABEL (view->question), text, lang);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view->choices_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  for (guint i = 0; i < n_choices; i++)
    {
      GtkWidget *button = g_ptr_array_index (view->choices, i);
      const char *choice = imtehan_question_get_choice_text (question, order[i], lang);
      g_autofree char *letter = imtehan_i18n_choice_letter (i, lang);

      imtehan_choice_row_set_letter (IMTEHAN_CHOICE_ROW (button), letter);
      imtehan_choice_row_set_choice (IMTEHAN_CHOICE_ROW (button), order[i], choice, lang);
    }
  return view;
}

/* Another attempt: its questions show their choices in its own order. */
static void
clear_views (ImtehanQuestionPage *self)
{
  for (guint i = 0; i < self->views->len; i++)
    {
      QuestionView *view = g_ptr_array_index (self->views, i);

      if (view != NULL)
        {
          gtk_widget_set_visible (view->box, FALSE);
          g_ptr_array_add (self->spares, g_steal_pointer (&g_ptr_array_index (self->views, i)));
        }
    }
  g_ptr_array_set_size (self->views, 0);
  self->choices = NULL;
}

static gboolean prepare_neighbours_cb (gpointer user_data);

/* Runs before the layout and the paint of the frame; the idle callback it adds runs after
 * them, as the frame is painted in one dispatch of the main loop. */
static gboolean
prepare_tick_cb (GtkWidget     *widget,
                 GdkFrameClock *clock,
                 gpointer       user_data)
{
  ImtehanQuestionPage *self = IMTEHAN_QUESTION_PAGE (widget);

  self->prepare_tick = 0;
  if (self->prepare_id == 0)
    self->prepare_id = g_idle_add_full (G_PRIORITY_LOW, prepare_neighbours_cb, self, NULL);
  return G_SOURCE_REMOVE;
}

static void
update_question (ImtehanQuestionPage *self)
{
  QuestionView *view;

  self->shown = imtehan_attempt_get_current (self->attempt);
  if (self->views->len == 0)
    g_ptr_array_set_size (self->views, imtehan_attempt_get_n_questions (self->attempt));
  if (!(view = g_ptr_array_index (self->views, self->shown)))
    view = g_ptr_array_index (self->views, self->shown) = show_view (self, self->attempt, self->shown);

  for (guint i = 0; i < self->views->len; i++)
    {
      QuestionView *other = g_ptr_array_index (self->views, i);

      if (other != NULL)
        gtk_widget_set_visible (other->box, other == view);
    }
  self->choices = view->choices;

  update_selection (self);
  update_position (self);

  /* A new question starts at its top. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);

  /* The neighbours are prepared after the frame that shows this question has been painted.
   * Not from an idle callback added now: the frame clock waits for its next slot, up to a
   * frame, and an idle callback would run meanwhile and hold the frame up by as long as
   * preparing takes, most of a frame in Nastaliq. A move also cancels what was still to
   * prepare for the former question. */
  g_clear_handle_id (&self->prepare_id, g_source_remove);
  self->preparing_late = FALSE;
  if (self->prepare_tick == 0)
    self->prepare_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), prepare_tick_cb,
                                                       NULL, NULL);
}

static void
current_changed_cb (ImtehanQuestionPage *self)
{
  gboolean had_focus = FALSE;

  for (guint i = 0; self->choices != NULL && i < self->choices->len; i++)
    if (gtk_widget_has_focus (g_ptr_array_index (self->choices, i)))
      had_focus = TRUE;

  update_question (self);

  /* Keyboard users keep their place: focus goes to the chosen (or first) answer, not
   * scrolled to (imtehan_question_page_grab_focus()). */
  if (had_focus || gtk_widget_get_focus_child (GTK_WIDGET (self)) == NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
answer_changed_cb (ImtehanQuestionPage *self,
                   guint                index)
{
  if (index == self->shown)
    update_selection (self);
  update_position (self);
}

static gboolean
arrow_cb (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  gboolean left = g_variant_get_boolean (args);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;

  /* Left goes back in English and forward in Urdu: questions run the way the text runs. */
  gtk_widget_activate_action (widget, left != rtl ? "win.previous" : "win.next", NULL);
  return TRUE;
}

static gboolean
enter_cb (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (widget));

  /* On a button, Enter presses it; anywhere else on the page it goes on. */
  if (focus != NULL && GTK_IS_BUTTON (focus))
    return FALSE;
  gtk_widget_activate_action (widget, "win.next", NULL);
  return TRUE;
}

static void
imtehan_question_page_dispose (GObject *object)
{
  ImtehanQuestionPage *self = (ImtehanQuestionPage *)object;
  GtkWidget *child;

  g_clear_handle_id (&self->prepare_id, g_source_remove);
  if (self->prepare_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->prepare_tick);
  self->prepare_tick = 0;
  if (self->signals)
    g_signal_group_set_target (self->signals, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_QUESTION_PAGE);
  /* GTK 4.8 unparents only the bound template children. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->signals);
  g_clear_object (&self->attempt);
  self->choices = NULL;
  g_clear_pointer (&self->views, g_ptr_array_unref);
  g_clear_pointer (&self->spares, g_ptr_array_unref);

  G_OBJECT_CLASS (imtehan_question_page_parent_class)->dispose (object);
}

/* The chosen answer, or the first: arrows and 1-4 work from there. */
static GtkWidget *
focus_target (ImtehanQuestionPage *self)
{
  for (guint i = 0; self->choices != NULL && i < self->choices->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->choices, i)))
      return g_ptr_array_index (self->choices, i);
  if (self->choices != NULL && self->choices->len > 0)
    return g_ptr_array_index (self->choices, 0);
  return NULL;
}

/* A question starts at its top, where its text is; the focus goes to its answer, which in
 * a short window lies below, without scrolling there (imtehan_grab_focus_unscrolled(): in
 * perf, a seventh of an opened question's action went to finding out where to scroll). */
static gboolean
imtehan_question_page_grab_focus (GtkWidget *widget)
{
  ImtehanQuestionPage *self = IMTEHAN_QUESTION_PAGE (widget);
  GtkWidget *target = focus_target (self);
  GtkWidget *viewport = gtk_scrolled_window_get_child (self->scroller);
  g_autoptr(GPtrArray) viewports = g_ptr_array_new ();

  if (target == NULL)
    return GTK_WIDGET_CLASS (imtehan_question_page_parent_class)->grab_focus (widget);
  if (GTK_IS_VIEWPORT (viewport))
    g_ptr_array_add (viewports, viewport);
  return imtehan_grab_focus_unscrolled (target, viewports);
}

static void
imtehan_question_page_class_init (ImtehanQuestionPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->grab_focus = imtehan_question_page_grab_focus;
  object_class->dispose = imtehan_question_page_dispose;

  g_type_ensure (IMTEHAN_TYPE_PROGRESS);
  g_type_ensure (IMTEHAN_TYPE_WRAP_BIN);
  g_type_ensure (IMTEHAN_TYPE_SCROLL_BIN);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/imtehan-question-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, progress);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, position_bin);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, questions);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, previous_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, next_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanQuestionPage, next_label);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Left, 0, arrow_cb, "b", TRUE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Left, 0, arrow_cb, "b", TRUE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Right, 0, arrow_cb, "b", FALSE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Right, 0, arrow_cb, "b", FALSE);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
imtehan_question_page_init (ImtehanQuestionPage *self)
{
  GtkEventController *controller;
  GtkShortcut *shortcut;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->views = g_ptr_array_new_with_free_func ((GDestroyNotify)question_view_free);
  self->spares = g_ptr_array_new_with_free_func ((GDestroyNotify)question_view_free);
  self->signals = g_signal_group_new (IMTEHAN_TYPE_ATTEMPT);
  g_signal_group_connect_object (self->signals, "notify::current",
                                 G_CALLBACK (current_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->signals, "answer-changed",
                                 G_CALLBACK (answer_changed_cb), self, G_CONNECT_SWAPPED);

  /* A check button would take Enter to toggle itself; the page sees it first, so Enter on
   * a chosen answer goes on to the next question. */
  controller = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  shortcut = gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Return, 0),
                                                            gtk_keyval_trigger_new (GDK_KEY_KP_Enter, 0)),
                               gtk_callback_action_new (enter_cb, NULL, NULL));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

void
imtehan_question_page_set_attempt (ImtehanQuestionPage *self,
                                   ImtehanAttempt      *attempt)
{
  g_return_if_fail (IMTEHAN_IS_QUESTION_PAGE (self));

  if (!g_set_object (&self->attempt, attempt))
    return;
  g_signal_group_set_target (self->signals, attempt);
  imtehan_progress_set_attempt (self->progress, attempt);
  /* Another attempt shows its choices in its own order. */
  clear_views (self);
  if (attempt != NULL)
    update_question (self);
}

/* Draws the glyphs of every label under @widget off screen (imtehan_label_draw_glyphs()). */
static void
draw_labels (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    imtehan_label_draw_glyphs (GTK_LABEL (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    draw_labels (child);
}

/* Builds the view of @attempt's question @index, hidden, and lays its text out at the width
 * it will have, and draws its glyphs off screen: showing it later lays nothing out. The
 * width: @view_width, that of the view shown now, or else the page's, @width. */
static QuestionView *
prepare_view (ImtehanQuestionPage *self,
              ImtehanAttempt      *attempt,
              guint                index,
              int                  width,
              int                  view_width)
{
  QuestionView *view = show_view (self, attempt, index);
  int minimum, natural;

  if (view_width > 0)
    {
      /* Each part of the hidden view measured at the shown view's width, as the box would
       * give it: no change of visibility, so no frame of its own. */
      for (GtkWidget *part = gtk_widget_get_first_child (view->box); part != NULL;
           part = gtk_widget_get_next_sibling (part))
        if (gtk_widget_get_visible (part))
          gtk_widget_measure (part, GTK_ORIENTATION_VERTICAL, view_width, &minimum, &natural,
                              NULL, NULL);
    }
  else
    {
      /* Measuring the scrolled content at the page's width (the scrollbars overlay it) lays
       * the view's labels out at the widths they will be given, and ImtehanWrapBin keeps that
       * layout; then the view waits, hidden, with the others. (The page itself would not do:
       * a scrolled window does not ask its content for a height.) */
      gtk_widget_set_visible (view->box, TRUE);
      gtk_widget_measure (gtk_scrolled_window_get_child (self->scroller),
                          GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, NULL, NULL);
      gtk_widget_set_visible (view->box, FALSE);
    }
  draw_labels (view->box);
  return view;
}

/* While the learner reads a question, the next one and then the one before are prepared,
 * one per call, right after the move's frame: moving to a question seen for the first time
 * then costs what moving back does. */
static gboolean
prepare_neighbours_cb (gpointer user_data)
{
  ImtehanQuestionPage *self = user_data;
  QuestionView *shown;
  int width;

  if (self->attempt == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->prepare_id = 0;
      return G_SOURCE_REMOVE;
    }
  /* Not allocated yet (a page just shown): after its first frame. */
  width = gtk_widget_get_width (gtk_scrolled_window_get_child (self->scroller));
  if (width <= 0)
    {
      self->prepare_id = g_timeout_add_full (G_PRIORITY_LOW, 20, prepare_neighbours_cb, self,
                                             NULL);
      return G_SOURCE_REMOVE;
    }
  for (int step = 1; step >= -1; step -= 2)
    {
      int index = (int)self->shown + step;

      if (index < 0 || index >= (int)self->views->len ||
          g_ptr_array_index (self->views, index) != NULL)
        continue;
      /* The one before only once the learner has stayed a while: it is needed only after
       * a resume or a jump, and preparing it holds the main loop for most of a frame, which
       * a quick Next would wait for. */
      if (step < 0 && !self->preparing_late)
        {
          self->preparing_late = TRUE;
          self->prepare_id = g_timeout_add_full (G_PRIORITY_LOW, 500, prepare_neighbours_cb,
                                                 self, NULL);
          return G_SOURCE_REMOVE;
        }
      shown = g_ptr_array_index (self->views, self->shown);
      g_ptr_array_index (self->views, index) =
        prepare_view (self, self->attempt, index, width,
                      shown != NULL ? gtk_widget_get_width (shown->box) : 0);
      return G_SOURCE_CONTINUE;
    }
  self->prepare_id = 0;
  return G_SOURCE_REMOVE;
}

/**
 * imtehan_question_page_prepare:
 * @attempt: an attempt like the one that will be shown (its choice order does not matter)
 * @width: the width the page will have
 *
 * Builds the view of @attempt's current question and lays its text out at @width, while
 * the page is not shown: the next attempt on this page then shows that question without
 * laying anything out. Does nothing while the page shows an attempt.
 */
void
imtehan_question_page_prepare (ImtehanQuestionPage *self,
                               ImtehanAttempt      *attempt,
                               int                  width)
{
  g_return_if_fail (IMTEHAN_IS_QUESTION_PAGE (self));
  g_return_if_fail (IMTEHAN_IS_ATTEMPT (attempt));

  g_autofree char *position = NULL;

  if (self->attempt != NULL || width <= 0)
    return;
  /* The rest of the page as that attempt will show it, laid out with the question below: the
   * dots, the position and the buttons' labels, whose glyphs were the first open's other
   * cost. The dots stay for any attempt of the quiz. */
  position = position_text (attempt);
  imtehan_wrap_bin_set_text (self->position_bin, position);
  imtehan_progress_set_attempt (self->progress, attempt);
  label_buttons (self, imtehan_attempt_get_current (attempt) + 1 >=
                       imtehan_attempt_get_n_questions (attempt));
  g_ptr_array_add (self->spares,
                   prepare_view (self, attempt, imtehan_attempt_get_current (attempt), width, 0));
  draw_labels (GTK_WIDGET (self->progress));
  draw_labels (GTK_WIDGET (self->position_bin));
  draw_labels (GTK_WIDGET (self->previous_button));
  draw_labels (GTK_WIDGET (self->next_button));
}

GtkWidget *
imtehan_question_page_get_choice (ImtehanQuestionPage *self,
                                  guint                position)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_PAGE (self), NULL);
  g_return_val_if_fail (self->choices != NULL && position < self->choices->len, NULL);
  return g_ptr_array_index (self->choices, position);
}

GtkWidget *
imtehan_question_page_get_progress (ImtehanQuestionPage *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUESTION_PAGE (self), NULL);
  return GTK_WIDGET (self->progress);
}
