/* imtehan-window-pages.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's pages: each built when first shown, given what it shows, and the focus put
 * where the keyboard user goes on.
 */

#define G_LOG_DOMAIN "imtehan-window"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-attempts-page.h"
#include "imtehan-i18n.h"
#include "imtehan-library-page.h"
#include "imtehan-question-page.h"
#include "imtehan-results-page.h"
#include "imtehan-review-page.h"
#include "imtehan-scroll-bin.h"
#include "imtehan-start-page.h"
#include "imtehan-text.h"
#include "imtehan-window-private.h"

static const char * const page_names[] = {
  "start", "question", "review", "results", "attempts", "library"
};

guint
_imtehan_window_page_index (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (page_names); i++)
    if (g_strcmp0 (page_names[i], name) == 0)
      return i;
  g_return_val_if_reached (PAGE_START);
}

static GtkWidget *
ensure_page (ImtehanWindow *self,
             guint          index)
{
  GtkWidget *page;

  if (self->pages[index] != NULL)
    return self->pages[index];

  switch (index)
    {
    case PAGE_START:
      page = g_object_new (IMTEHAN_TYPE_START_PAGE,
                           "quiz", self->quiz,
                           "session", self->session,
                           NULL);
      break;
    case PAGE_QUESTION:
      page = g_object_new (IMTEHAN_TYPE_QUESTION_PAGE, NULL);
      break;
    case PAGE_REVIEW:
      page = g_object_new (IMTEHAN_TYPE_REVIEW_PAGE, NULL);
      break;
    case PAGE_RESULTS:
      page = g_object_new (IMTEHAN_TYPE_RESULTS_PAGE, NULL);
      break;
    case PAGE_ATTEMPTS:
      page = g_object_new (IMTEHAN_TYPE_ATTEMPTS_PAGE,
                           "history", imtehan_session_get_history (self->session), NULL);
      break;
    case PAGE_LIBRARY:
      page = g_object_new (IMTEHAN_TYPE_LIBRARY_PAGE,
                           "library", self->library,
                           "attempts", imtehan_session_get_folder (self->session),
                           NULL);
      break;
    default:
      g_assert_not_reached ();
    }

  /* Hidden until shown: see show_page(). */
  gtk_widget_set_visible (page, FALSE);
  gtk_stack_add_named (self->stack, page, page_names[index]);
  self->pages[index] = page;
  return page;
}

char *
_imtehan_window_question_title (ImtehanAttempt *attempt)
{
  /* TRANSLATORS: the window title while answering, e.g. "Question 3 of 8" */
  return g_strdup_printf (_("Question %u of %u"), imtehan_attempt_get_current (attempt) + 1,
                          imtehan_attempt_get_n_questions (attempt));
}

/* Building the question page and laying its Nastaliq text out takes longer than a frame: once
 * the start page and its history are shown and the main loop is idle, the page is built and
 * the first question laid out at the window's width, so that Start only shows them. */
gboolean
_imtehan_window_prepare_question_cb (gpointer user_data)
{
  ImtehanWindow *self = user_data;
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autofree char *title = NULL;

  if (self->pages[PAGE_QUESTION] != NULL || g_strcmp0 (self->page_name, "start") != 0)
    return G_SOURCE_REMOVE;
  attempt = imtehan_attempt_new (self->quiz, 0);
  imtehan_question_page_prepare (IMTEHAN_QUESTION_PAGE (ensure_page (self, PAGE_QUESTION)),
                                 attempt, gtk_widget_get_width (GTK_WIDGET (self->stack)));
  /* And the header's "Question 1 of 8", new with the first question. */
  title = _imtehan_window_question_title (attempt);
  imtehan_wrap_bin_prepare_text (self->page_title_bin, title, 0);
  return G_SOURCE_REMOVE;
}

/* libadwaita 1.2 turns every transition off at start ("* { transition: none; }") and back on
 * 250 ms later, which restyles every node: a page prepared before that is restyled whole at
 * the first open. 300 ms after the first frame is after it, long before Start is read. */
#define PREPARE_QUESTION_MS 300

void
_imtehan_window_schedule_prepare_question (ImtehanWindow *self)
{
  if (self->pages[PAGE_QUESTION] == NULL && !imtehan_after_frame_is_pending (self->prepare_question))
    imtehan_after_frame_schedule (self->prepare_question, PREPARE_QUESTION_MS);
}

/* Gives the page about to be shown the attempt it shows. Hidden pages get it when they are
 * shown: the review and the results lay every question's text out, which in Nastaliq took
 * hundreds of milliseconds, for nobody to see, at every start of an attempt; and the start
 * page's Start and Resume, relabelled when an attempt starts or ends, sent that to the
 * accessibility bus in the middle of opening a question. */
static void
sync_pages (ImtehanWindow *self)
{
  guint shown = _imtehan_window_page_index (self->page_name);

  if (shown == PAGE_START && self->pages[PAGE_START])
    imtehan_start_page_set_can_resume (IMTEHAN_START_PAGE (self->pages[PAGE_START]),
                                       imtehan_session_get_can_resume (self->session));
  if (shown == PAGE_QUESTION && self->pages[PAGE_QUESTION])
    imtehan_question_page_set_attempt (IMTEHAN_QUESTION_PAGE (self->pages[PAGE_QUESTION]),
                                       _imtehan_window_get_current_attempt (self));
  if (shown == PAGE_REVIEW && self->pages[PAGE_REVIEW])
    imtehan_review_page_set_attempt (IMTEHAN_REVIEW_PAGE (self->pages[PAGE_REVIEW]),
                                     _imtehan_window_get_current_attempt (self));
  if (shown == PAGE_RESULTS && self->pages[PAGE_RESULTS])
    {
      imtehan_results_page_set_current_quiz (IMTEHAN_RESULTS_PAGE (self->pages[PAGE_RESULTS]),
                                             self->quiz);
      imtehan_results_page_set_attempt (IMTEHAN_RESULTS_PAGE (self->pages[PAGE_RESULTS]),
                                        self->shown);
    }
}

/* The viewports of @widget's scrolled windows, which are a few levels down in each page. */
static void
find_viewports (GtkWidget *widget,
                guint      depth,
                GPtrArray *found)
{
  if (GTK_IS_VIEWPORT (widget))
    {
      g_ptr_array_add (found, widget);
      return;
    }
  if (depth == 0)
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_viewports (child, depth - 1, found);
}

/* After the layout of the frame that shows a page, its real allocation: the focused widget,
 * if a viewport hides part of it, is scrolled into view, at once. */
static void
show_focus_cb (GdkFrameClock *clock,
               ImtehanWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *viewport = focus ? gtk_widget_get_ancestor (focus, GTK_TYPE_VIEWPORT) : NULL;
  GtkWidget *content = viewport ? gtk_viewport_get_child (GTK_VIEWPORT (viewport)) : NULL;
  graphene_rect_t bounds;

  g_clear_signal_handler (&self->show_focus_id, clock);
  g_clear_weak_pointer (&self->show_focus_clock);
  if (content != NULL && gtk_widget_compute_bounds (focus, content, &bounds))
    gtk_adjustment_clamp_page (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (viewport)),
                               bounds.origin.y, bounds.origin.y + bounds.size.height);
}

/* Focuses @page's first widget (its grab_focus) and, once the page is allocated, scrolls it
 * into view if it lies below the fold (the start page's buttons in a short window). Not
 * through the viewport's own scrolling to the focus (imtehan_grab_focus_unscrolled()): it
 * scrolled the start page to where Resume was before it was shown, and stopped with half
 * the button hidden. With @from_top, the page is shown from its top, even when the learner
 * had scrolled it the last time (the review and the results; their focus is in their action
 * bar). All Attempts is a list view, no viewport, and keeps its own place. */
static void
grab_focus_in_view (ImtehanWindow *self,
                    GtkWidget     *page,
                    gboolean       from_top)
{
  g_autoptr(GPtrArray) viewports = g_ptr_array_new ();
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  find_viewports (page, 4, viewports);
  for (guint i = 0; from_top && i < viewports->len; i++)
    gtk_adjustment_set_value (gtk_scrollable_get_vadjustment (g_ptr_array_index (viewports, i)),
                              0);
  imtehan_grab_focus_unscrolled (page, viewports);

  /* After GTK's own handler, which allocates the window; a layout this asks for is done in
   * the same frame. */
  if (clock != NULL && self->show_focus_clock == NULL)
    {
      self->show_focus_id = g_signal_connect_object (clock, "layout", G_CALLBACK (show_focus_cb),
                                                     self, G_CONNECT_AFTER);
      g_set_weak_pointer (&self->show_focus_clock, clock);
      gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
    }
}

/* Home is offered everywhere but on the home page. */
void
_imtehan_window_update_home_button (ImtehanWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->home_button),
                          g_strcmp0 (self->page_name, _imtehan_window_home (self)) != 0);
}

void
_imtehan_window_show_page (ImtehanWindow *self,
           const char    *name)
{
  guint index = _imtehan_window_page_index (name);
  GtkWidget *page = ensure_page (self, index);

  if (imtehan_set_str (&self->page_name, name))
    g_object_notify_by_pspec (G_OBJECT (self), _imtehan_window_properties[PROP_PAGE_NAME]);
  self->pages_shown++;

  sync_pages (self);
  /* Only the page shown is visible; a stack's other pages are only unmapped. GTK 4.8 would
   * present them all to assistive technologies (a screen reader found the start page's
   * buttons under the question), and restyle them all at every move of the focus. The
   * stack's homogeneous size counts the shown page only, as it should. */
  gtk_widget_set_visible (page, TRUE);
  /* The focus goes to the new page below. Left in the former page, the stack would first
   * give it to whatever had it in the new page the last time (a choice of another
   * attempt's question): one more focus change, with its events to assistive technologies. */
  gtk_root_set_focus (GTK_ROOT (self), NULL);
  gtk_stack_set_visible_child (self->stack, page);
  for (guint i = 0; i < G_N_ELEMENTS (self->pages); i++)
    if (self->pages[i] != NULL && self->pages[i] != page)
      gtk_widget_set_visible (self->pages[i], FALSE);
  _imtehan_window_update_home_button (self);
  /* The best and last scores: another window or PC may have added attempts. */
  if (index == PAGE_LIBRARY)
    _imtehan_window_reload_history (self);
  _imtehan_window_update_title (self);
  _imtehan_window_update_actions (self);

  /* Focus goes where the keyboard user continues (each page's grab_focus), not back to the
   * header bar; the question page keeps its question in view itself. */
  if (index == PAGE_QUESTION)
    gtk_widget_grab_focus (page);
  else
    grab_focus_in_view (self, page, index == PAGE_REVIEW || index == PAGE_RESULTS);
}

void
_imtehan_window_rebuild_pages (ImtehanWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->pages); i++)
    {
      if (self->pages[i] == NULL)
        continue;
      gtk_stack_remove (self->stack, self->pages[i]);
      self->pages[i] = NULL;
    }
  _imtehan_window_show_page (self, self->page_name);
}
