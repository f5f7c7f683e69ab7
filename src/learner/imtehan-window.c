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

GParamSpec *_imtehan_window_properties[N_PROPS];

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
  AdwToast *t = imtehan_dialogs_toast_new (message);

  adw_toast_set_timeout (t, 8);
  imtehan_dialogs_add_toast (GTK_WIDGET (self->toast_overlay), t);
}

/* The warning stays at the top of the window, with Retry, for as long as an attempt in memory
 * is not on disk: a toast would be gone while the answers still are not saved. */
void
_imtehan_window_update_save_warning (ImtehanWindow *self)
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

void
_imtehan_window_update_title (ImtehanWindow *self)
{
  const char *lang = imtehan_i18n_get_language ();
  g_autofree char *title = NULL;
  g_autofree char *quiz_title = imtehan_text_prepare (imtehan_quiz_get_title (self->quiz, lang), lang);
  /* The start page shows the quiz's title itself, in large; the library has no quiz. */
  gboolean no_subtitle = g_strcmp0 (self->page_name, "start") == 0 ||
                         g_strcmp0 (self->page_name, "library") == 0;

  if (g_strcmp0 (self->page_name, "question") == 0 && _imtehan_window_get_current_attempt (self) != NULL)
    title = _imtehan_window_question_title (_imtehan_window_get_current_attempt (self));
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

static void
attempt_current_changed_cb (ImtehanWindow *self)
{
  _imtehan_window_update_title (self);
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
  _imtehan_window_update_title (self);
  _imtehan_window_update_save_warning (self);
}

static void
update_language_class (ImtehanWindow *self)
{
  if (g_strcmp0 (self->language, "ur") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "urdu-ui");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "urdu-ui");
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
  g_signal_connect_object (self->library, "items-changed", G_CALLBACK (_imtehan_window_library_changed_cb), self,
                           G_CONNECT_SWAPPED);
  _imtehan_window_start_session (self);

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
                           G_CALLBACK (_imtehan_window_apply_lab_config), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (config, "notify::time-limit",
                           G_CALLBACK (_imtehan_window_apply_lab_config), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (config, "notify::attempts-allowed",
                           G_CALLBACK (_imtehan_window_apply_lab_config), self, G_CONNECT_SWAPPED);
  if (!quiz_given)
    {
      gboolean opened;

      self->start_quiz_pending =
        !_imtehan_window_open_start_quiz (self, imtehan_library_get_listed (self->library), &opened);
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
  _imtehan_window_properties[PROP_CONTEXT] =
    g_param_spec_object ("context", NULL, NULL, IMTEHAN_TYPE_CONTEXT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  _imtehan_window_properties[PROP_ATTEMPT] =
    g_param_spec_object ("attempt", NULL, NULL, IMTEHAN_TYPE_ATTEMPT,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  _imtehan_window_properties[PROP_PAGE_NAME] =
    g_param_spec_string ("page-name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  _imtehan_window_properties[PROP_LANGUAGE] =
    g_param_spec_string ("language", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The quiz the window shows; the context's (the bundled one) when not given. */
  _imtehan_window_properties[PROP_QUIZ] =
    g_param_spec_object ("quiz", NULL, NULL, IMTEHAN_TYPE_QUIZ,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, _imtehan_window_properties);

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
  self->prepare_question = imtehan_after_frame_new (GTK_WIDGET (self->stack), _imtehan_window_prepare_question_cb,
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
  _imtehan_window_rebuild_pages (self);
  g_object_notify_by_pspec (G_OBJECT (self), _imtehan_window_properties[PROP_LANGUAGE]);
}


