/* imtehan-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window shows an ImtehanSession (the attempt, its saving, the history) on its pages and
 * turns the user's actions into the session's calls; it holds only what is shown where, so a
 * language switch rebuilds the pages and loses nothing.
 */

#define G_LOG_DOMAIN "imtehan-window"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-attempts-page.h"
#include "imtehan-bench.h"
#include "imtehan-dialogs.h"
#include "imtehan-i18n.h"
#include "imtehan-library-page.h"
#include "imtehan-open.h"
#include "imtehan-question-page.h"
#include "imtehan-results-page.h"
#include "imtehan-review-page.h"
#include "imtehan-scroll-bin.h"
#include "imtehan-session.h"
#include "imtehan-shortcuts.h"
#include "imtehan-start-page.h"
#include "imtehan-text.h"
#include "imtehan-window-private.h"

G_DEFINE_FINAL_TYPE (ImtehanWindow, imtehan_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_CONTEXT,
  PROP_ATTEMPT,
  PROP_PAGE_NAME,
  PROP_LANGUAGE,
  PROP_QUIZ,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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

ImtehanAttempt *
_imtehan_window_get_current_attempt (ImtehanWindow *self)
{
  return imtehan_session_get_attempt (self->session);
}

gboolean
_imtehan_window_in_progress (ImtehanWindow *self)
{
  return imtehan_session_get_in_progress (self->session);
}

void
_imtehan_window_toast (ImtehanWindow *self,
       const char    *message)
{
  /* A toast's title is Pango markup: a folder "Ali & Sara" or an error quoting "<" would
   * otherwise show an empty toast. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  AdwToast *t = adw_toast_new (escaped);

  adw_toast_set_timeout (t, 8);
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}

/* The warning stays at the top of the window, with Retry, for as long as an attempt in memory
 * is not on disk: a toast would be gone while the answers still are not saved. */
static void
update_save_warning (ImtehanWindow *self)
{
  const GError *error = imtehan_session_get_save_error (self->session);

  if (error != NULL)
    {
      /* TRANSLATORS: %s says where and why, e.g. "Answers cannot be saved in “/home/amna/…”:
       * No space left on device" */
      g_autofree char *message = g_strdup_printf (_("%s. The quiz goes on; saving is retried."),
                                                  error->message);

      imtehan_label_set_content (self->save_warning_label, message, imtehan_i18n_get_language ());
      gtk_widget_set_visible (GTK_WIDGET (self->save_warning), TRUE);
    }
  gtk_revealer_set_reveal_child (self->save_warning, error != NULL);
  _imtehan_window_update_actions (self);
}

/* Hidden again once it has slid away (see the template). */
static void
save_warning_revealed_cb (GtkRevealer *revealer)
{
  if (!gtk_revealer_get_child_revealed (revealer) && !gtk_revealer_get_reveal_child (revealer))
    gtk_widget_set_visible (GTK_WIDGET (revealer), FALSE);
}

static void schedule_prepare_question (ImtehanWindow *self);

void
_imtehan_window_reload_history (ImtehanWindow *self)
{
  imtehan_session_reload_history (self->session);
}

static void
history_loaded_cb (ImtehanWindow *self)
{
  _imtehan_window_update_actions (self);
  imtehan_bench_mark_after_paint (GTK_WIDGET (self), "history-ready");
  schedule_prepare_question (self);
}

static void
notice_cb (ImtehanWindow *self,
           const char    *message)
{
  _imtehan_window_toast (self, message);
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

static char *
question_title (ImtehanAttempt *attempt)
{
  /* TRANSLATORS: the window title while answering, e.g. "Question 3 of 8" */
  return g_strdup_printf (_("Question %u of %u"), imtehan_attempt_get_current (attempt) + 1,
                          imtehan_attempt_get_n_questions (attempt));
}

/* Building the question page and laying its Nastaliq text out takes longer than a frame: once
 * the start page and its history are shown and the main loop is idle, the page is built and
 * the first question laid out at the window's width, so that Start only shows them. */
static gboolean
prepare_question_cb (gpointer user_data)
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
  title = question_title (attempt);
  imtehan_wrap_bin_prepare_text (self->page_title_bin, title, 0);
  return G_SOURCE_REMOVE;
}

/* libadwaita 1.2 turns every transition off at start ("* { transition: none; }") and back on
 * 250 ms later, which restyles every node: a page prepared before that is restyled whole at
 * the first open. 300 ms after the first frame is after it, long before Start is read. */
#define PREPARE_QUESTION_MS 300

static void
schedule_prepare_question (ImtehanWindow *self)
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

static void
update_title (ImtehanWindow *self)
{
  const char *lang = imtehan_i18n_get_language ();
  g_autofree char *title = NULL;
  g_autofree char *quiz_title = imtehan_text_prepare (imtehan_quiz_get_title (self->quiz, lang), lang);
  /* The start page shows the quiz's title itself, in large; the library has no quiz. */
  gboolean no_subtitle = g_strcmp0 (self->page_name, "start") == 0 ||
                         g_strcmp0 (self->page_name, "library") == 0;

  if (g_strcmp0 (self->page_name, "question") == 0 && _imtehan_window_get_current_attempt (self) != NULL)
    title = question_title (_imtehan_window_get_current_attempt (self));
  else if (g_strcmp0 (self->page_name, "review") == 0)
    title = g_strdup (_("Review"));
  else if (g_strcmp0 (self->page_name, "results") == 0)
    title = g_strdup (_("Results"));
  else if (g_strcmp0 (self->page_name, "attempts") == 0)
    title = g_strdup (_("All Attempts"));
  else if (g_strcmp0 (self->page_name, "library") == 0)
    title = g_strdup (_("Quizzes"));
  else
    title = g_strdup (_("Imtehan"));
  /* "Question 3 of 8" changes at every move: the bin keeps the labels of texts it showed. */
  imtehan_wrap_bin_set_text (self->page_title_bin, title);
  gtk_label_set_text (self->quiz_label, quiz_title);
  gtk_widget_set_visible (GTK_WIDGET (self->quiz_label), !no_subtitle);
  /* Set only when it changes: every title is sent to the X server, at each move. */
  if (g_strcmp0 (gtk_window_get_title (GTK_WINDOW (self)), _("Imtehan")) != 0)
    gtk_window_set_title (GTK_WINDOW (self), _("Imtehan"));
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
static void
update_home_button (ImtehanWindow *self)
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
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE_NAME]);
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
  update_home_button (self);
  /* The best and last scores: another window or PC may have added attempts. */
  if (index == PAGE_LIBRARY)
    _imtehan_window_reload_history (self);
  update_title (self);
  _imtehan_window_update_actions (self);

  /* Focus goes where the keyboard user continues (each page's grab_focus), not back to the
   * header bar; the question page keeps its question in view itself. */
  if (index == PAGE_QUESTION)
    gtk_widget_grab_focus (page);
  else
    grab_focus_in_view (self, page, index == PAGE_REVIEW || index == PAGE_RESULTS);
}

/* The attempt shown follows the session's, for "Question 3 of 8" and the actions. */
static void
session_attempt_cb (ImtehanWindow *self)
{
  g_signal_group_set_target (self->attempt_signals, _imtehan_window_get_current_attempt (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ATTEMPT]);
}

static void
attempt_current_changed_cb (ImtehanWindow *self)
{
  update_title (self);
  _imtehan_window_update_actions (self);
}

/* The main menu is built when it is first opened: a GtkMenuButton builds its popover and
 * every item's widgets as soon as it is given a model, at every start, for a menu most
 * starts never open. */
static void
create_menu_cb (GtkMenuButton *button,
                gpointer       user_data)
{
  g_autoptr(GtkBuilder) menus = NULL;

  if (gtk_menu_button_get_menu_model (button) != NULL)
    return;
  /* The file names its translation domain: GTK 4.8 frees the builder's own one too early when
   * both are set (AddressSanitizer). */
  menus = gtk_builder_new_from_resource (RESOURCE_BASE "/imtehan-menus.ui");
  /* The language button names the other language; a narrow window has no room for it in the
   * header (see compact_header_cb()), so the menu always offers the switch too. */
  {
    GMenu *menu = G_MENU (gtk_builder_get_object (menus, "primary_menu"));
    GMenuModel *languages = G_MENU_MODEL (gtk_builder_get_object (menus, "language_section"));
    gboolean urdu = g_strcmp0 (imtehan_i18n_get_language (), "ur") == 0;

    g_menu_append (G_MENU (languages),
                   urdu ? _("Show the Quiz in _English") : _("Show the Quiz in _Urdu"),
                   "win.toggle-language");
    gtk_menu_button_set_menu_model (button, G_MENU_MODEL (menu));
  }
}

/* Strings of the window itself, set again after every language switch. */
static void
retranslate (ImtehanWindow *self)
{
  /* The menu is built again, in the new language, when it is next opened. */
  gtk_menu_button_set_menu_model (self->menu_button, NULL);
  /* The shortcuts window is built again, in the new language, when it is next asked for. */
  if (self->shortcuts != NULL)
    gtk_window_destroy (self->shortcuts);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->home_button), _("Back to Start"));
  /* TRANSLATORS: the button of the warning shown while answers cannot be saved */
  gtk_button_set_label (self->retry_button, _("_Retry"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->menu_button), _("Main Menu"));
  if (g_strcmp0 (self->language, "ur") == 0)
    {
      gtk_label_set_text (self->language_label, "English");
      gtk_widget_remove_css_class (GTK_WIDGET (self->language_label), "urdu-ui");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->language_button), _("Show the quiz in English"));
    }
  else
    {
      gtk_label_set_text (self->language_label, "اردو");
      gtk_widget_add_css_class (GTK_WIDGET (self->language_label), "urdu-ui");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->language_button), _("Show the quiz in Urdu"));
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->home_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Back to Start"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->menu_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Main Menu"), -1);
  /* The button's name is the language it switches to, in that language, as screen readers
   * announce language switchers; the description says what it does. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->language_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  gtk_label_get_text (self->language_label),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  gtk_widget_get_tooltip_text (GTK_WIDGET (self->language_button)),
                                  -1);
  update_title (self);
  update_save_warning (self);
}

static void
update_language_class (ImtehanWindow *self)
{
  if (g_strcmp0 (self->language, "ur") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "urdu-ui");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "urdu-ui");
}

static void
rebuild_pages (ImtehanWindow *self)
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

/* Coming back to the window refreshes the start page: another instance or lab PC may have
 * finished, released or added attempts in the folder meanwhile. */
static void
is_active_changed_cb (ImtehanWindow *self)
{
  if (gtk_window_is_active (GTK_WINDOW (self)) && g_strcmp0 (self->page_name, "start") == 0)
    _imtehan_window_reload_history (self);
}

static gboolean
close_confirmed_cb (gpointer user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
  return G_SOURCE_REMOVE;
}

static void
close_response_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (source);
  const char *response = imtehan_dialogs_ask_finish (result, NULL);

  if (g_strcmp0 (response, "close") != 0)
    return;
  self->close_confirmed = TRUE;
  /* Not from inside the dialog's own response: closing the window destroys the dialog. */
  g_idle_add_full (G_PRIORITY_DEFAULT, close_confirmed_cb, g_object_ref (self), g_object_unref);
}

/* Closing while saves fail would drop answers that exist only in memory: ask first. */
static gboolean
confirm_unsaved_close (ImtehanWindow *self)
{
  const ImtehanDialogResponse responses[] = {
    { "cancel", _("_Keep Open"), ADW_RESPONSE_DEFAULT },
    { "close", _("_Close Anyway"), ADW_RESPONSE_DESTRUCTIVE },
  };
  g_autofree char *folder = NULL;
  g_autofree char *body = NULL;

  if (self->close_confirmed || self->session == NULL ||
      imtehan_session_get_n_unsaved (self->session) == 0)
    return FALSE;

  folder = g_file_get_path (imtehan_store_get_directory (imtehan_session_get_store (self->session)));
  body = g_strdup_printf (_("Your latest answers could not be saved in %s. If you close the "
                            "window now, they are lost."),
                          folder);
  imtehan_dialogs_ask_async (GTK_WINDOW (self), _("Close Without Saving?"), body,
                             responses, G_N_ELEMENTS (responses), "cancel", "cancel", NULL,
                             close_response_cb, NULL);
  return TRUE;
}

static gboolean
imtehan_window_close_request (GtkWindow *window)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (window);
  int width, height;

  if (confirm_unsaved_close (self))
    return TRUE;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_delay (self->settings);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  g_settings_apply (self->settings);

  return GTK_WINDOW_CLASS (imtehan_window_parent_class)->close_request (window);
}

/* Below this width the header has no room for both the language button and a title that
 * says where one is ("Question 3 of 8", "Results"): at 360 px the title was cut to "Ze…". */
#define COMPACT_HEADER_WIDTH 500

static void
set_compact_header (ImtehanWindow *self,
                    gboolean       compact)
{
  gtk_widget_set_visible (GTK_WIDGET (self->language_button), !compact);
}

static gboolean
compact_header_cb (gpointer user_data)
{
  ImtehanWindow *self = user_data;

  self->compact_source = 0;
  set_compact_header (self, gtk_widget_get_width (GTK_WIDGET (self)) < COMPACT_HEADER_WIDTH);
  return G_SOURCE_REMOVE;
}

static void
imtehan_window_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (widget);
  gboolean compact = width < COMPACT_HEADER_WIDTH;

  GTK_WIDGET_CLASS (imtehan_window_parent_class)->size_allocate (widget, width, height, baseline);
  /* Not while the window is being allocated: that would lay the header out again within
   * this allocation. The next frame has it. */
  if (compact == gtk_widget_get_visible (GTK_WIDGET (self->language_button)) &&
      self->compact_source == 0)
    self->compact_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, compact_header_cb, self, NULL);
}

/* The lab's mode, time limit (minutes in the settings) and attempts allowed reach the
 * session, for the attempts begun from then on: an attempt begun keeps its own, and its
 * deadline. */
static void
apply_lab_config (ImtehanWindow *self)
{
  ImtehanLabConfig *config = imtehan_context_get_lab_config (self->context);

  if (self->session == NULL)
    return;
  imtehan_session_set_mode (self->session, imtehan_lab_config_get_mode (config));
  imtehan_session_set_time_limit (self->session,
                                  MIN (imtehan_lab_config_get_time_limit (config), G_MAXUINT / 60) * 60);
  imtehan_session_set_attempts_allowed (self->session,
                                        imtehan_lab_config_get_attempts_allowed (config));
}

/* The time limit ran out (or had, on resuming): the answers are submitted; the learner
 * sees the results and is told why, in a dialog they close. */
static void
time_up_cb (ImtehanWindow  *self,
            ImtehanAttempt *attempt)
{
  const ImtehanDialogResponse ok = { "ok", _("_OK"), ADW_RESPONSE_DEFAULT };

  g_set_object (&self->shown, attempt);
  _imtehan_window_show_page (self, "results");
  imtehan_dialogs_ask_async (GTK_WINDOW (self), _("Time Is Up"),
                             _("Your answers were submitted when the time limit was reached."),
                             &ok, 1, "ok", "ok", NULL, NULL, NULL);
}

/* The session of the window's quiz: the window follows its attempt and its history. */
static void
start_session (ImtehanWindow *self)
{
  self->session = imtehan_session_new_for_context (self->context, self->quiz);
  g_signal_connect_object (self->session, "notify::attempt", G_CALLBACK (session_attempt_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::in-progress", G_CALLBACK (_imtehan_window_update_actions),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::can-resume", G_CALLBACK (_imtehan_window_update_actions),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::save-error", G_CALLBACK (update_save_warning),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "history-loaded", G_CALLBACK (history_loaded_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notice", G_CALLBACK (notice_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "time-up", G_CALLBACK (time_up_cb), self,
                           G_CONNECT_SWAPPED);
  apply_lab_config (self);
}

/* The lab's quiz to start with, by its id in the library, in place of the home; @opened
 * says whether it was. Returns %FALSE while it may still come: the library is listed off the
 * main loop at start-up. */
static gboolean
open_start_quiz (ImtehanWindow *self,
                 gboolean       listed,
                 gboolean      *opened)
{
  const char *id = imtehan_lab_config_get_start_quiz (imtehan_context_get_lab_config (self->context));
  g_autoptr(GError) error = NULL;
  ImtehanLibraryEntry *entry;
  ImtehanQuiz *quiz;

  *opened = FALSE;
  if (id == NULL || *id == '\0')
    return TRUE;
  if ((entry = imtehan_library_lookup (self->library, id)) == NULL)
    {
      if (!listed)
        return FALSE;
      g_message ("The quiz to start with, “%s”, is not in the library: the home page is shown", id);
      return TRUE;
    }
  if ((quiz = imtehan_library_entry_load_quiz (entry, &error)) == NULL)
    g_message ("The quiz to start with, “%s”, does not load: %s", id, error->message);
  else
    {
      _imtehan_window_set_quiz (self, quiz);
      *opened = TRUE;
    }
  return TRUE;
}

/* The window's home: the list of quizzes when the library has more than one, else the quiz's
 * start page. */
const char *
_imtehan_window_home (ImtehanWindow *self)
{
  return self->library != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->library)) > 1
         ? "library" : "start";
}

/* The library is listed at start-up, off the main loop: when it turns out to hold more than
 * one quiz and the learner has not gone anywhere yet, the window shows the list. Later
 * changes (a quiz opened) leave the page as it is. */
static void
library_changed_cb (ImtehanWindow *self)
{
  /* The start-up listing is complete at its change: the lab's quiz is in it or not at all.
   * Not once the learner has moved. */
  if (self->start_quiz_pending)
    {
      gboolean opened = FALSE;

      self->start_quiz_pending = FALSE;
      if (self->pages_shown <= 1 && !_imtehan_window_in_progress (self) &&
          open_start_quiz (self, TRUE, &opened) && opened)
        {
          _imtehan_window_update_actions (self);
          return;
        }
    }
  /* Still the first listing: the library notifies ImtehanLibrary:listed after its change. */
  if (!imtehan_library_get_listed (self->library) &&
      self->pages_shown <= 1 && g_strcmp0 (self->page_name, "start") == 0 &&
      !_imtehan_window_in_progress (self) && g_str_equal (_imtehan_window_home (self), "library"))
    _imtehan_window_show_page (self, "library");
  else
    update_home_button (self);
  _imtehan_window_update_actions (self);
}

/**
 * _imtehan_window_set_quiz:
 *
 * Shows @quiz's start page, with a session of its own. An attempt in progress of the former
 * quiz is saved already (after every answer) and can be resumed from its start page.
 */
void
_imtehan_window_set_quiz (ImtehanWindow *self,
                          ImtehanQuiz   *quiz)
{
  if (quiz == self->quiz)
    {
      _imtehan_window_show_page (self, "start");
      return;
    }
  if (self->attempt_signals)
    g_signal_group_set_target (self->attempt_signals, NULL);
  /* Its lock is given back and its listing cancelled now (as in dispose()). */
  g_object_run_dispose (G_OBJECT (self->session));
  g_clear_object (&self->session);
  g_clear_object (&self->shown);
  g_set_object (&self->quiz, quiz);
  start_session (self);

  imtehan_set_str (&self->page_name, "start");
  rebuild_pages (self);
  _imtehan_window_reload_history (self);
}

static void
imtehan_window_constructed (GObject *object)
{
  ImtehanWindow *self = (ImtehanWindow *)object;
  gboolean quiz_given = self->quiz != NULL;
  ImtehanLabConfig *config;

  G_OBJECT_CLASS (imtehan_window_parent_class)->constructed (object);

  g_assert (IMTEHAN_IS_CONTEXT (self->context));
  config = imtehan_context_get_lab_config (self->context);
  self->settings = g_object_ref (imtehan_context_get_settings (self->context));
  if (self->quiz == NULL)
    self->quiz = g_object_ref (imtehan_context_get_quiz (self->context));
  self->library = g_object_ref (imtehan_context_get_library (self->context));
  g_signal_connect_object (self->library, "items-changed", G_CALLBACK (library_changed_cb), self,
                           G_CONNECT_SWAPPED);
  start_session (self);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  else
    set_compact_header (self, g_settings_get_int (self->settings, "window-width") < COMPACT_HEADER_WIDTH);

  if (g_strcmp0 (PROFILE, "Devel") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");

  imtehan_set_str (&self->language, imtehan_i18n_get_language ());
  update_language_class (self);
  retranslate (self);
  /* A window for a quiz given (an opened file) shows that quiz; else the home. */
  _imtehan_window_show_page (self, quiz_given ? "start" : _imtehan_window_home (self));
  _imtehan_window_reload_history (self);
  /* Its mode and time limit follow the lab's settings, changed in Preferences or by dconf. */
  g_signal_connect_object (config, "notify::mode",
                           G_CALLBACK (apply_lab_config), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (config, "notify::time-limit",
                           G_CALLBACK (apply_lab_config), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (config, "notify::attempts-allowed",
                           G_CALLBACK (apply_lab_config), self, G_CONNECT_SWAPPED);
  if (!quiz_given)
    {
      gboolean opened;

      self->start_quiz_pending =
        !open_start_quiz (self, imtehan_library_get_listed (self->library), &opened);
    }
}

static void
imtehan_window_dispose (GObject *object)
{
  ImtehanWindow *self = (ImtehanWindow *)object;

  g_clear_pointer (&self->prepare_question, imtehan_after_frame_free);
  g_clear_handle_id (&self->compact_source, g_source_remove);
  if (self->show_focus_clock != NULL)
    g_clear_signal_handler (&self->show_focus_id, self->show_focus_clock);
  g_clear_weak_pointer (&self->show_focus_clock);
  if (self->attempt_signals)
    g_signal_group_set_target (self->attempt_signals, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_WINDOW);
  if (self->shortcuts != NULL)
    gtk_window_destroy (self->shortcuts);

  g_clear_object (&self->attempt_signals);
  /* Now, not when its last save is done: the attempt's lock is given back and a listing in
   * flight is cancelled. */
  if (self->session != NULL)
    g_object_run_dispose (G_OBJECT (self->session));
  g_clear_object (&self->session);
  g_clear_object (&self->shown);
  g_clear_object (&self->quiz);
  g_clear_object (&self->library);
  g_clear_object (&self->settings);
  g_clear_object (&self->context);

  G_OBJECT_CLASS (imtehan_window_parent_class)->dispose (object);
}

static void
imtehan_window_finalize (GObject *object)
{
  ImtehanWindow *self = (ImtehanWindow *)object;

  g_clear_pointer (&self->page_name, g_free);
  g_clear_pointer (&self->language, g_free);

  G_OBJECT_CLASS (imtehan_window_parent_class)->finalize (object);
}

static void
imtehan_window_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, self->context);
      break;
    case PROP_ATTEMPT:
      g_value_set_object (value, _imtehan_window_get_current_attempt (self));
      break;
    case PROP_PAGE_NAME:
      g_value_set_string (value, self->page_name);
      break;
    case PROP_LANGUAGE:
      g_value_set_string (value, self->language);
      break;
    case PROP_QUIZ:
      g_value_set_object (value, self->quiz);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_window_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ImtehanWindow *self = IMTEHAN_WINDOW (object);

  switch (prop_id)
    {
    case PROP_LANGUAGE:
      imtehan_window_set_language (self, g_value_get_string (value));
      break;
    case PROP_CONTEXT:
      self->context = g_value_dup_object (value);
      break;
    case PROP_QUIZ:
      self->quiz = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_window_class_init (ImtehanWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = imtehan_window_constructed;
  object_class->dispose = imtehan_window_dispose;
  object_class->finalize = imtehan_window_finalize;
  object_class->get_property = imtehan_window_get_property;
  object_class->set_property = imtehan_window_set_property;
  widget_class->size_allocate = imtehan_window_size_allocate;
  window_class->close_request = imtehan_window_close_request;

  /* The run's store, library, lab settings and learner: the window's pages get theirs. */
  properties[PROP_CONTEXT] =
    g_param_spec_object ("context", NULL, NULL, IMTEHAN_TYPE_CONTEXT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ATTEMPT] =
    g_param_spec_object ("attempt", NULL, NULL, IMTEHAN_TYPE_ATTEMPT,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PAGE_NAME] =
    g_param_spec_string ("page-name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LANGUAGE] =
    g_param_spec_string ("language", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The quiz the window shows; the context's (the bundled one) when not given. */
  properties[PROP_QUIZ] =
    g_param_spec_object ("quiz", NULL, NULL, IMTEHAN_TYPE_QUIZ,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (IMTEHAN_TYPE_WRAP_BIN);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/imtehan-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ImtehanWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ImtehanWindow, home_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanWindow, page_title_bin);
  gtk_widget_class_bind_template_child (widget_class, ImtehanWindow, quiz_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanWindow, language_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanWindow, language_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanWindow, save_warning);
  gtk_widget_class_bind_template_child (widget_class, ImtehanWindow, save_warning_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanWindow, retry_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanWindow, stack);

  _imtehan_window_class_install_actions (widget_class);
}

static void
imtehan_window_init (ImtehanWindow *self)
{
  /* The state of the win.language property action, which the template's buttons read: it
   * must never be NULL. */
  self->language = g_strdup ("en");
  self->page_name = g_strdup ("start");

  gtk_widget_init_template (GTK_WIDGET (self));
  self->prepare_question = imtehan_after_frame_new (GTK_WIDGET (self->stack), prepare_question_cb,
                                                    self);

  g_signal_connect (self, "notify::is-active", G_CALLBACK (is_active_changed_cb), NULL);
  imtehan_open_add_drop_target (GTK_WINDOW (self));
  gtk_menu_button_set_create_popup_func (self->menu_button, create_menu_cb, NULL, NULL);
  g_signal_connect (self->save_warning, "notify::child-revealed",
                    G_CALLBACK (save_warning_revealed_cb), NULL);
  self->attempt_signals = g_signal_group_new (IMTEHAN_TYPE_ATTEMPT);
  g_signal_group_connect_object (self->attempt_signals, "notify::current",
                                 G_CALLBACK (attempt_current_changed_cb), self,
                                 G_CONNECT_SWAPPED);
  /* win.check follows the answer and whether it is checked. */
  g_signal_group_connect_object (self->attempt_signals, "answer-changed",
                                 G_CALLBACK (_imtehan_window_update_actions), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->attempt_signals, "answer-checked",
                                 G_CALLBACK (_imtehan_window_update_actions), self,
                                 G_CONNECT_SWAPPED);
}

ImtehanWindow *
imtehan_window_new (GtkApplication *application,
                    ImtehanContext *context)
{
  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (IMTEHAN_IS_CONTEXT (context), NULL);
  return g_object_new (IMTEHAN_TYPE_WINDOW, "application", application, "context", context,
                       NULL);
}

/* A window for @quiz, which need not be the context's. */
ImtehanWindow *
imtehan_window_new_for_quiz (GtkApplication *application,
                             ImtehanContext *context,
                             ImtehanQuiz    *quiz)
{
  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (IMTEHAN_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (quiz), NULL);
  return g_object_new (IMTEHAN_TYPE_WINDOW, "application", application, "context", context,
                       "quiz", quiz, NULL);
}

ImtehanContext *
imtehan_window_get_context (ImtehanWindow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_WINDOW (self), NULL);
  return self->context;
}

ImtehanQuiz *
imtehan_window_get_quiz (ImtehanWindow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_WINDOW (self), NULL);
  return self->quiz;
}

ImtehanAttempt *
imtehan_window_get_attempt (ImtehanWindow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_WINDOW (self), NULL);
  return _imtehan_window_get_current_attempt (self);
}

const char *
imtehan_window_get_page_name (ImtehanWindow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_WINDOW (self), NULL);
  return self->page_name;
}

GtkWidget *
imtehan_window_get_page (ImtehanWindow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_WINDOW (self), NULL);
  return self->pages[_imtehan_window_page_index (self->page_name)];
}

const char *
imtehan_window_get_language (ImtehanWindow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_WINDOW (self), NULL);
  return self->language;
}

GListModel *
imtehan_window_get_history (ImtehanWindow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_WINDOW (self), NULL);
  return imtehan_session_get_history (self->session);
}

ImtehanSession *
imtehan_window_get_session (ImtehanWindow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_WINDOW (self), NULL);
  return self->session;
}

/**
 * imtehan_window_set_language:
 * @language: "ur" or "en"
 *
 * Switches the whole window at any moment: gettext, the text direction, the quiz text. The
 * attempt and the page stay as they are; the pages are rebuilt from them.
 */
void
imtehan_window_set_language (ImtehanWindow *self,
                             const char    *language)
{
  g_autofree char *code = NULL;

  g_return_if_fail (IMTEHAN_IS_WINDOW (self));

  code = imtehan_language_normalize (language);
  if (!g_str_equal (code, "ur"))
    imtehan_set_str (&code, "en");
  if (g_strcmp0 (self->language, code) == 0 && g_str_equal (imtehan_i18n_get_language (), code))
    return;

  imtehan_set_str (&self->language, code);
  imtehan_i18n_set_language (code);
  if (self->settings != NULL)
    g_settings_set_string (self->settings, "language", code);
  imtehan_session_set_language (self->session, code);

  update_language_class (self);
  retranslate (self);
  rebuild_pages (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LANGUAGE]);
}
