/* test-ui.c: the set-up, the moves and the waits the in-process UI tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "imtehan-dialogs.h"
#include "imtehan-i18n.h"
#include "imtehan-results-page.h"
#include "imtehan-review-page.h"
#include "imtehan-warm-up.h"
#include "test-ui.h"
#include "test-util.h"
#include "test-util-gtk.h"

ImtehanApplication *imtehan_test_app;

static void library_reloaded_cb (GObject      *source,
                                 GAsyncResult *result,
                                 gpointer      user_data);
static char *data_home;
static char *cache_home;

/* A results folder and a cache of the test's own, GTK and libadwaita, and the application,
 * registered but not activated: each test builds its windows itself. */
void
imtehan_test_ui_init (int          *argc,
                      char       ***argv,
                      const char   *tmp_template)
{
  imtehan_i18n_init ();

  data_home = g_dir_make_tmp (tmp_template, NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  /* The store's summary cache: not in the user's. */
  cache_home = g_build_filename (data_home, "cache", NULL);
  g_setenv ("XDG_CACHE_HOME", cache_home, TRUE);

  gtk_test_init (argc, argv, NULL);
  adw_init ();

  imtehan_test_app = imtehan_application_new ();
  g_application_set_flags (G_APPLICATION (imtehan_test_app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (imtehan_test_app), NULL, NULL));
  /* Startup began a font warm-up for the window activate() would build; nobody activates. */
  imtehan_warm_up_fonts_finish (NULL);
}

/* Runs the tests added, then removes what the process made. */
int
imtehan_test_ui_run (void)
{
  int ret = g_test_run ();

  g_clear_object (&imtehan_test_app);
  imtehan_test_remove_tree (data_home);
  g_clear_pointer (&cache_home, g_free);
  g_clear_pointer (&data_home, g_free);
  return ret;
}

char *
imtehan_test_attempts_dir (void)
{
  return g_build_filename (data_home, "imtehan", "attempts", NULL);
}

void
imtehan_test_remove_attempts (void)
{
  g_autofree char *dir = imtehan_test_attempts_dir ();
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
}

/* Runs what is pending in the main loop, without waiting. */
void
imtehan_test_spin (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A window of the test application, shown, in the language set last. */
ImtehanWindow *
imtehan_test_window_new (void)
{
  ImtehanWindow *window = imtehan_window_new (GTK_APPLICATION (imtehan_test_app), imtehan_test_context ());

  gtk_window_present (GTK_WINDOW (window));
  imtehan_test_spin ();
  return window;
}

/* A window of @context (the test's own, see imtehan_test_context_new()), shown. */
ImtehanWindow *
imtehan_test_window_new_for_context (ImtehanContext *context)
{
  ImtehanWindow *window = imtehan_window_new (GTK_APPLICATION (imtehan_test_app), context);

  gtk_window_present (GTK_WINDOW (window));
  imtehan_test_spin ();
  return window;
}

/**
 * imtehan_test_context_new:
 * @folder: a folder of the test's own, which the caller removes
 * @first_name: the file name of a quiz of the library, then its text, then more pairs
 *
 * A context with a results folder (@folder/attempts) and a library (the bundled quiz and
 * these quizzes, in @folder/quizzes) of the test's own, listed before it returns; the lab's
 * settings are the application's.
 */
ImtehanContext *
imtehan_test_context_new (const char *folder,
                          const char *first_name,
                          ...)
{
  g_autofree char *quizzes = g_build_filename (folder, "quizzes", NULL);
  g_autofree char *attempts = g_build_filename (folder, "attempts", NULL);
  g_autoptr(GFile) results = g_file_new_for_path (attempts);
  g_autoptr(ImtehanStore) store = imtehan_store_new (results);
  g_autoptr(ImtehanLibrary) library = NULL;
  ImtehanContext *context;
  gboolean done = FALSE;
  va_list args;

  g_assert_cmpint (g_mkdir_with_parents (quizzes, 0700), ==, 0);
  va_start (args, first_name);
  for (const char *name = first_name; name != NULL; name = va_arg (args, const char *))
    {
      const char *text = va_arg (args, const char *);
      g_autofree char *path = g_build_filename (quizzes, name, NULL);

      g_assert_true (g_file_set_contents (path, text, -1, NULL));
    }
  va_end (args);

  library = imtehan_library_new ((const char * const[]) {
                                   RESOURCE_BASE "/quizzes/zero-sharded-optimizers.quiz", NULL },
                                 (const char * const[]) { NULL }, quizzes);
  context = imtehan_context_new_full (imtehan_context_get_lab_config (imtehan_test_context ()),
                                      store, library, NULL, NULL);
  imtehan_library_reload_async (library, NULL, library_reloaded_cb, &done);
  IMTEHAN_TEST_WAIT_UNTIL (done, 10);
  g_assert_true (done);
  g_assert_true (imtehan_library_get_listed (library));
  return context;
}

/* Whether @action of @window (with @parameter, if it takes one) is enabled, as a button
 * naming it would show: GTK's gtk_widget_activate_action() says only that the action
 * exists, and does nothing when it is disabled. */
static gboolean
action_enabled (ImtehanWindow *window,
                const char    *action,
                GVariant      *parameter)
{
  GtkWidget *probe = gtk_button_new ();
  gboolean enabled;

  gtk_widget_set_visible (probe, FALSE);
  gtk_widget_set_parent (probe, GTK_WIDGET (window));
  if (parameter != NULL)
    gtk_actionable_set_action_target_value (GTK_ACTIONABLE (probe), parameter);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), action);
  enabled = gtk_widget_get_sensitive (probe);
  gtk_widget_unparent (probe);
  return enabled;
}

gboolean
imtehan_test_action_enabled (ImtehanWindow *window,
                             const char    *action)
{
  return action_enabled (window, action, NULL);
}

/* Waits until @action is enabled (what the window learns on its own, such as a listing of
 * the folder); fails after 10 s. */
void
imtehan_test_wait_for_enabled (ImtehanWindow *window,
                               const char    *action)
{
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_test_action_enabled (window, action), 10);
  g_assert_true (imtehan_test_action_enabled (window, action));
}

/* @data is the language: no attempts saved, the quizzes of the library listed anew (a test
 * that opened one removes it), a new window in that language. */
void
imtehan_test_fixture_setup (ImtehanTestFixture *fixture,
                            gconstpointer       data)
{
  imtehan_test_remove_attempts ();
  imtehan_test_reload_library ();
  imtehan_i18n_set_language (data);
  fixture->window = imtehan_test_window_new ();
}

void
imtehan_test_fixture_teardown (ImtehanTestFixture *fixture,
                               gconstpointer       data)
{
  imtehan_test_destroy_window (&fixture->window);
}

void
imtehan_test_activate (ImtehanWindow *window,
                       const char    *action,
                       GVariant      *parameter)
{
  /* GTK 4.8 hands the parameter to a widget class action without sinking it: a floating
   * one would leak (valgrind). */
  g_autoptr(GVariant) sunk = parameter ? g_variant_ref_sink (parameter) : NULL;

  /* A disabled action would do nothing: the test would then wait for what never comes. */
  g_assert_true (action_enabled (window, action, sunk));
  if (parameter == NULL)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  else
    g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), action, sunk));
  imtehan_test_spin ();
}

/* A save in flight holds the window: waits for it, or the next test's clean-up deletes its
 * temporary file under it and the save fails. */
void
imtehan_test_destroy_window (ImtehanWindow **window)
{
  g_object_add_weak_pointer (G_OBJECT (*window), (gpointer *)window);
  gtk_window_destroy (GTK_WINDOW (*window));
  IMTEHAN_TEST_WAIT_UNTIL (*window == NULL, 10);
  g_assert_null (*window);
}

/* Chooses the answer shown at @position of the question shown. */
void
imtehan_test_choose (ImtehanWindow *window,
                     guint          position)
{
  imtehan_test_activate (window, "win.choose", g_variant_new_uint32 (position));
}

static gboolean
trigger_matches (GtkShortcutTrigger *trigger,
                 GtkShortcutTrigger *wanted)
{
  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    {
      GtkAlternativeTrigger *alternative = GTK_ALTERNATIVE_TRIGGER (trigger);

      return trigger_matches (gtk_alternative_trigger_get_first (alternative), wanted) ||
             trigger_matches (gtk_alternative_trigger_get_second (alternative), wanted);
    }
  return gtk_shortcut_trigger_equal (trigger, wanted);
}

/* Presses a key through the widget's own shortcut controllers (its bindings, and for a
 * window the application's accelerators), as GTK would on a key press. */
void
imtehan_test_press_keys (GtkWidget       *widget,
                         guint            keyval,
                         GdkModifierType  modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr(GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, modifiers);
  g_autoptr(GPtrArray) matching = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean handled = FALSE;

  /* Collected first: the action may destroy the widget and its controllers. */
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          GtkShortcut *shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (trigger_matches (gtk_shortcut_get_trigger (shortcut), wanted))
            g_ptr_array_add (matching, shortcut);
          else
            g_object_unref (shortcut);
        }
    }
  g_clear_object (&controllers);
  for (guint i = 0; !handled && i < matching->len; i++)
    {
      GtkShortcut *shortcut = g_ptr_array_index (matching, i);

      handled = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut),
                                              GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                                              gtk_shortcut_get_arguments (shortcut));
    }
  if (!handled)
    g_error ("No shortcut of %s handled the key", gdk_keyval_name (keyval));
  imtehan_test_spin ();
}

/* Resuming or opening a saved attempt locks and loads it on the store's worker, after the
 * saves queued before: the page changes once that is done. */
static GtkWidget *find_widget (GtkWidget *widget,
                               GType      type);

void
imtehan_test_wait_for_page (ImtehanWindow *window,
                            const char    *name)
{
  GtkWidget *page = NULL;

  IMTEHAN_TEST_WAIT_UNTIL (g_strcmp0 (imtehan_window_get_page_name (window), name) == 0, 10);
  g_assert_cmpstr (imtehan_window_get_page_name (window), ==, name);
  /* Their questions follow the first frames: a test reads them all. */
  if (g_str_equal (name, "results"))
    {
      page = find_widget (GTK_WIDGET (window), IMTEHAN_TYPE_RESULTS_PAGE);
      IMTEHAN_TEST_WAIT_UNTIL (imtehan_results_page_is_complete (IMTEHAN_RESULTS_PAGE (page)), 10);
    }
  else if (g_str_equal (name, "review"))
    {
      page = find_widget (GTK_WIDGET (window), IMTEHAN_TYPE_REVIEW_PAGE);
      IMTEHAN_TEST_WAIT_UNTIL (imtehan_review_page_is_complete (IMTEHAN_REVIEW_PAGE (page)), 10);
    }
}

static GKeyFile *
load_if_saved (const char     *path,
               ImtehanAttempt *attempt,
               gboolean        finished)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();

  if (g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, NULL) &&
      g_key_file_get_boolean (key_file, "Attempt", "Finished", NULL) == finished &&
      g_key_file_get_integer (key_file, "Attempt", "Answered", NULL) ==
        (int)imtehan_attempt_get_n_answered (attempt))
    return g_steal_pointer (&key_file);
  return NULL;
}

/* Saves run on the store's writer thread: waits for the one expected, and returns the file
 * as saved. */
GKeyFile *
imtehan_test_wait_for_saved (ImtehanAttempt *attempt,
                             gboolean        finished)
{
  g_autofree char *dir = imtehan_test_attempts_dir ();
  g_autofree char *name = g_strconcat (imtehan_attempt_get_id (attempt), ".ini", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  GKeyFile *saved = NULL;

  IMTEHAN_TEST_WAIT_UNTIL ((saved = load_if_saved (path, attempt, finished)) != NULL, 10);
  g_assert_nonnull (saved);
  return saved;
}

/* Whether a label the user sees at or below @widget (a toast, the warning, a verdict) says
 * exactly @text. */
gboolean
imtehan_test_shows_label (GtkWidget  *widget,
                          const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (imtehan_test_shows_label (child, text))
      return TRUE;
  return FALSE;
}

void
imtehan_test_wait_for_label (ImtehanWindow *window,
                             const char    *text)
{
  /* A toast waits for the one shown before it to time out (8 s): allow two. */
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_test_shows_label (GTK_WIDGET (window), text), 20);
  if (!imtehan_test_shows_label (GTK_WIDGET (window), text))
    g_error ("No label shows “%s”", text);
}

/* Starts an attempt in a narrow window @height pixels high, where the pages scroll. */
void
imtehan_test_start_in_short_window (ImtehanWindow *window,
                                    int            height)
{
  gtk_window_set_default_size (GTK_WINDOW (window), 360, height);
  imtehan_test_run_for (100);
  imtehan_test_activate (window, "win.start", NULL);
}

/* @widget and all below it are laid out in the direction @expected. */
void
imtehan_test_assert_direction (GtkWidget        *widget,
                               GtkTextDirection  expected)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  /* A number reads left to right in Urdu too: newer GTK keeps the text of a spin button LTR
   * whatever the default direction (measured: 4.18 does, 4.8 does not); its buttons follow
   * the UI. */
  if (GTK_IS_TEXT (widget) && GTK_IS_SPIN_BUTTON (parent) && gtk_check_version (4, 10, 0) == NULL)
    expected = GTK_TEXT_DIR_LTR;
  if (gtk_widget_get_direction (widget) != expected)
    g_error ("%s (%s, in %s) is laid out %s", G_OBJECT_TYPE_NAME (widget),
             gtk_widget_get_css_name (widget),
             parent != NULL ? G_OBJECT_TYPE_NAME (parent) : "none",
             gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL ? "right to left" : "left to right");
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    imtehan_test_assert_direction (child, expected);
}

static void
library_reloaded_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  gboolean *done = user_data;

  g_assert_true (imtehan_library_reload_finish (IMTEHAN_LIBRARY (source), result, NULL));
  *done = TRUE;
}

/* Lists the application's quizzes again, and waits until they are. */
void
imtehan_test_reload_library (void)
{
  ImtehanLibrary *library = imtehan_context_get_library (imtehan_test_context ());
  gboolean done = FALSE;

  imtehan_library_reload_async (library, NULL, library_reloaded_cb, &done);
  IMTEHAN_TEST_WAIT_UNTIL (done, 10);
  g_assert_true (done);
}

/* Where @choice_id is shown in @attempt's current question: its number key is this + 1. */
guint
imtehan_test_position_of (ImtehanAttempt *attempt,
                          const char     *choice_id)
{
  guint current = imtehan_attempt_get_current (attempt);
  const char * const *order = imtehan_attempt_get_choice_order (attempt, current);

  for (guint i = 0; order[i]; i++)
    if (g_str_equal (order[i], choice_id))
      return i;
  g_assert_not_reached ();
}

/* Returns: (nullable) (transfer none): a visible toplevel of @type (a dialog is not the
 * application's window, so gtk_application_get_windows() would not list it) */
gpointer
imtehan_test_find_toplevel (GType type)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

/* The dialogs of src/widgets/imtehan-dialogs.c: an AdwMessageDialog, a toplevel of its own, on
 * libadwaita 1.2; an AdwAlertDialog or AdwDialog inside the window on 1.5+. */

/* Returns: (transfer none): the one message dialog shown, once it is there, over @parent */
GtkWidget *
imtehan_test_wait_for_message (GtkWindow *parent)
{
  GtkWidget *dialog = NULL;
  guint n_found = 0;

  IMTEHAN_TEST_WAIT_UNTIL ((dialog = imtehan_dialogs_find_message (NULL, &n_found)) != NULL &&
                           gtk_widget_get_mapped (dialog), 10);
  g_assert_nonnull (dialog);
  g_assert_cmpuint (n_found, ==, 1);
  g_assert_true (imtehan_dialogs_get_parent (dialog) == parent);
  g_assert_true (gtk_widget_get_mapped (dialog));
  return dialog;
}

/* The button the user can click. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0 &&
      gtk_widget_get_mapped (widget) && gtk_widget_is_sensitive (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Answers @dialog with @response as a user does: by clicking its button. */
void
imtehan_test_respond (GtkWidget  *dialog,
                      const char *response)
{
  const char *label = imtehan_dialogs_message_get_response_label (dialog, response);
  GtkWidget *button;

  g_assert_nonnull (label);
  /* libadwaita 1.5+ shows the dialog as it comes up, after a frame or two. */
  IMTEHAN_TEST_WAIT_UNTIL ((button = find_button (dialog, label)) != NULL, 5);
  if (button == NULL)
    g_error ("No button “%s” to click", label);
  /* As a key press does: GTK shows the button pressed for a moment, then clicks it. */
  gtk_widget_activate (button);
  IMTEHAN_TEST_WAIT_UNTIL (imtehan_dialogs_find_message (NULL, NULL) != dialog, 5);
  g_assert_true (imtehan_dialogs_find_message (NULL, NULL) != dialog);
  /* What the response does. */
  imtehan_test_spin ();
}

/* Closes @dialog without a response, and waits until it is gone. */
void
imtehan_test_close_dialog (GtkWidget *dialog)
{
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *)&dialog);
  imtehan_dialogs_close (dialog);
  IMTEHAN_TEST_WAIT_UNTIL (dialog == NULL, 5);
  g_assert_null (dialog);
}

static GtkWidget *
find_widget (GtkWidget *widget,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Returns: (nullable) (transfer none): a widget of @type shown in any toplevel, such as the
 * page of a dialog */
gpointer
imtehan_test_find_widget (GType type)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l; l = l->next)
    {
      GtkWidget *found = find_widget (l->data, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Returns: (transfer none): the dialog @widget is shown in: its toplevel on libadwaita 1.2,
 * the AdwDialog inside the window on 1.5+ */
GtkWidget *
imtehan_test_dialog_of (GtkWidget *widget)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  GtkWidget *dialog = gtk_widget_get_ancestor (widget, ADW_TYPE_DIALOG);
#else
  GtkWidget *dialog = GTK_WIDGET (gtk_widget_get_root (widget));
#endif

  g_assert_nonnull (dialog);
  return dialog;
}

/* @dialog stands on @parent, which takes no input while it is shown. */
void
imtehan_test_assert_modal (GtkWidget *dialog,
                           GtkWindow *parent)
{
  g_assert_true (imtehan_dialogs_get_parent (dialog) == parent);
#if ADW_CHECK_VERSION (1, 5, 0)
  g_assert_true (ADW_IS_APPLICATION_WINDOW (parent) || ADW_IS_WINDOW (parent));
  if (ADW_IS_APPLICATION_WINDOW (parent))
    g_assert_true (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (parent)) ==
                   ADW_DIALOG (dialog));
  else
    g_assert_true (adw_window_get_visible_dialog (ADW_WINDOW (parent)) == ADW_DIALOG (dialog));
#else
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
#endif
}
