/* imtehan-question-deck.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The question page's speed-up, in one place. Laying a question's Nastaliq out takes most of
 * a frame, so:
 * - a question's view stays while the attempt lasts: going back shows it as it was, styled
 *   and laid out; the others are hidden, which also hides them from assistive technologies;
 * - while the learner reads, the next question's view is built and laid out (after the
 *   move's frame, ImtehanAfterFrame), and the one before once the learner stays a while;
 * - the views of a former attempt are kept to show the next attempt's questions.
 * Not a GtkStack: it asks its child for a width for its height when allocating it, and a box
 * of wrapping labels answers that with a search over widths, laying the text out at each.
 */

#define G_LOG_DOMAIN "imtehan-question-deck"

#include "config.h"

#include "imtehan-after-frame.h"
#include "imtehan-i18n.h"
#include "imtehan-question-deck.h"
#include "imtehan-wrap-bin.h"

/* How long the learner stays on a question before the one before it is prepared: it is
 * needed only after a resume or a jump, and a quick Next would wait for it. */
#define PREPARE_PREVIOUS_MS 500

struct _ImtehanQuestionDeck
{
  GtkWidget          parent_instance;

  ImtehanAttempt    *attempt;
  GPtrArray         *views;   /* ImtehanQuestionView per question of the attempt, or NULL */
  GPtrArray         *spares;  /* ImtehanQuestionView of a former attempt, hidden */
  guint              shown;
  gboolean           preparing_previous;
  ImtehanAfterFrame *after_frame;
};

G_DEFINE_FINAL_TYPE (ImtehanQuestionDeck, imtehan_question_deck, GTK_TYPE_WIDGET)

enum {
  RESPOND,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A spare view for question @index: the one that showed it (its text is laid out), or one
 * of its kind with as many choices, or none. */
static ImtehanQuestionView *
take_spare (ImtehanQuestionDeck *self,
            ImtehanQuestion     *question,
            guint                index,
            const char          *lang)
{
  guint found = G_MAXUINT;

  for (guint i = 0; i < self->spares->len; i++)
    {
      ImtehanQuestionView *spare = g_ptr_array_index (self->spares, i);

      if (!imtehan_question_view_fits (spare, question))
        continue;
      if (imtehan_question_view_shows (spare, index, lang))
        {
          found = i;
          break;
        }
      if (found == G_MAXUINT)
        found = i;
    }
  return found == G_MAXUINT ? NULL : g_ptr_array_steal_index (self->spares, found);
}

static void
view_respond_cb (ImtehanQuestionDeck *self,
                 guint                index,
                 const char          *response)
{
  g_signal_emit (self, signals[RESPOND], 0, index, response);
}

/* A hidden view of @attempt's question @index: a spare one, or a new one. */
static ImtehanQuestionView *
view_for (ImtehanQuestionDeck *self,
          ImtehanAttempt      *attempt,
          guint                index)
{
  const char *lang = g_intern_string (imtehan_i18n_get_language ());
  const char * const *order = imtehan_attempt_get_choice_order (attempt, index);
  ImtehanQuiz *quiz = imtehan_attempt_get_quiz (attempt);
  ImtehanQuestion *question = imtehan_quiz_get_question (quiz, index);
  ImtehanQuestionView *view = take_spare (self, question, index, lang);

  if (view == NULL)
    {
      view = IMTEHAN_QUESTION_VIEW (imtehan_question_view_new (imtehan_question_get_kind (question),
                                                               g_strv_length ((char **)order)));
      gtk_widget_set_visible (GTK_WIDGET (view), FALSE);
      gtk_widget_set_parent (GTK_WIDGET (view), GTK_WIDGET (self));
      g_signal_connect_object (view, "respond", G_CALLBACK (view_respond_cb), self,
                               G_CONNECT_SWAPPED);
    }
  imtehan_question_view_show_question (view, quiz, index, order, lang);
  return view;
}

/* The scrolled window's content, whose width the deck's views are laid out for. */
static GtkWidget *
scrolled_content (ImtehanQuestionDeck *self)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);

  return scroller ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)) : NULL;
}

/* A view of @attempt's question @index, hidden, its text laid out at the width it will have
 * and its glyphs drawn: showing it later lays nothing out. The width: @view_width, that of
 * the view shown, or else what the scrolled content gives at @width. */
static ImtehanQuestionView *
prepare_view (ImtehanQuestionDeck *self,
              ImtehanAttempt      *attempt,
              guint                index,
              int                  width,
              int                  view_width)
{
  ImtehanQuestionView *view = view_for (self, attempt, index);
  GtkWidget *content = scrolled_content (self);
  int minimum, natural;

  if (view_width > 0)
    {
      /* Each part measured as the view would measure it, with no change of visibility, so
       * no frame of its own. */
      for (GtkWidget *part = gtk_widget_get_first_child (GTK_WIDGET (view)); part != NULL;
           part = gtk_widget_get_next_sibling (part))
        if (gtk_widget_get_visible (part))
          gtk_widget_measure (part, GTK_ORIENTATION_VERTICAL, view_width, &minimum, &natural,
                              NULL, NULL);
    }
  else if (content != NULL)
    {
      /* The scrolled content (the scrollbars overlay it) gives the view its width; the
       * scrolled window itself would not ask it for a height. */
      gtk_widget_set_visible (GTK_WIDGET (view), TRUE);
      gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural,
                          NULL, NULL);
      gtk_widget_set_visible (GTK_WIDGET (view), FALSE);
    }
  imtehan_widget_draw_glyphs (GTK_WIDGET (view));
  return view;
}

/* One neighbour of the question shown per call: the next, then the one before. */
static gboolean
prepare_neighbours_cb (gpointer user_data)
{
  ImtehanQuestionDeck *self = user_data;
  GtkWidget *content = scrolled_content (self);
  ImtehanQuestionView *shown;

  if (self->attempt == NULL || content == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return G_SOURCE_REMOVE;
  for (int step = 1; step >= -1; step -= 2)
    {
      int index = (int)self->shown + step;

      if (index < 0 || index >= (int)self->views->len ||
          g_ptr_array_index (self->views, index) != NULL)
        continue;
      if (step < 0 && !self->preparing_previous)
        {
          self->preparing_previous = TRUE;
          imtehan_after_frame_wait (self->after_frame, PREPARE_PREVIOUS_MS);
          return G_SOURCE_REMOVE;
        }
      shown = g_ptr_array_index (self->views, self->shown);
      g_ptr_array_index (self->views, index) =
        prepare_view (self, self->attempt, index, gtk_widget_get_width (content),
                      shown != NULL ? gtk_widget_get_width (GTK_WIDGET (shown)) : 0);
      return G_SOURCE_CONTINUE;
    }
  return G_SOURCE_REMOVE;
}

static void
imtehan_question_deck_dispose (GObject *object)
{
  ImtehanQuestionDeck *self = IMTEHAN_QUESTION_DECK (object);
  GtkWidget *child;

  g_clear_pointer (&self->after_frame, imtehan_after_frame_free);
  g_clear_pointer (&self->views, g_ptr_array_unref);
  g_clear_pointer (&self->spares, g_ptr_array_unref);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->attempt);

  G_OBJECT_CLASS (imtehan_question_deck_parent_class)->dispose (object);
}

static void
imtehan_question_deck_class_init (ImtehanQuestionDeckClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_question_deck_dispose;

  /**
   * ImtehanQuestionDeck::respond:
   * @index: the question answered
   * @response: (nullable): the response, or %NULL for none
   *
   * A view's ImtehanQuestionView::respond: the learner answers a question of a kind other
   * than single choice.
   */
  signals[RESPOND] =
    g_signal_new ("respond", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);

  /* One view is visible at a time; a bin lays out only the visible ones. */
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
imtehan_question_deck_init (ImtehanQuestionDeck *self)
{
  self->views = g_ptr_array_new ();
  self->spares = g_ptr_array_new ();
  self->after_frame = imtehan_after_frame_new (GTK_WIDGET (self), prepare_neighbours_cb, self);
}

/**
 * imtehan_question_deck_set_attempt:
 * @attempt: (nullable): the attempt whose questions to show
 *
 * Another attempt shows its choices in its own order: the views there are become spares.
 */
void
imtehan_question_deck_set_attempt (ImtehanQuestionDeck *self,
                                   ImtehanAttempt      *attempt)
{
  g_return_if_fail (IMTEHAN_IS_QUESTION_DECK (self));

  if (!g_set_object (&self->attempt, attempt))
    return;
  imtehan_after_frame_cancel (self->after_frame);
  for (guint i = 0; i < self->views->len; i++)
    {
      GtkWidget *view = g_ptr_array_index (self->views, i);

      if (view != NULL)
        {
          gtk_widget_set_visible (view, FALSE);
          g_ptr_array_add (self->spares, view);
        }
    }
  g_ptr_array_set_size (self->views, 0);
  if (attempt != NULL)
    g_ptr_array_set_size (self->views, imtehan_attempt_get_n_questions (attempt));
}

/**
 * imtehan_question_deck_show:
 * @index: a question of the attempt
 *
 * Shows question @index alone, and prepares its neighbours after the frame that shows it.
 *
 * Returns: (transfer none): its view
 */
ImtehanQuestionView *
imtehan_question_deck_show (ImtehanQuestionDeck *self,
                            guint                index)
{
  ImtehanQuestionView *view;

  g_return_val_if_fail (IMTEHAN_IS_QUESTION_DECK (self), NULL);
  g_return_val_if_fail (self->attempt != NULL && index < self->views->len, NULL);

  if (!(view = g_ptr_array_index (self->views, index)))
    view = g_ptr_array_index (self->views, index) = view_for (self, self->attempt, index);
  for (guint i = 0; i < self->views->len; i++)
    {
      GtkWidget *other = g_ptr_array_index (self->views, i);

      if (other != NULL)
        gtk_widget_set_visible (other, other == GTK_WIDGET (view));
    }
  self->shown = index;
  /* A move cancels what was still to prepare for the question before. */
  self->preparing_previous = FALSE;
  imtehan_after_frame_schedule (self->after_frame, 0);
  return view;
}

/**
 * imtehan_question_deck_prepare:
 * @attempt: an attempt like the one that will be shown (its choice order does not matter)
 * @width: the width the scrolled content will have
 *
 * Before an attempt is shown: lays out a view of @attempt's current question at @width,
 * which that attempt then shows without laying anything out.
 */
void
imtehan_question_deck_prepare (ImtehanQuestionDeck *self,
                               ImtehanAttempt      *attempt,
                               int                  width)
{
  g_return_if_fail (IMTEHAN_IS_QUESTION_DECK (self));
  g_return_if_fail (IMTEHAN_IS_ATTEMPT (attempt));

  g_ptr_array_add (self->spares,
                   prepare_view (self, attempt, imtehan_attempt_get_current (attempt), width, 0));
}
