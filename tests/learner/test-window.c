/* test-window.c: what the window does whatever the page: languages, menus, shortcuts, the
 * narrow layout, the pages' visibility, saving failures and closing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "imtehan-dialogs.h"
#include "imtehan-open.h"
#include "imtehan-question-page.h"
#include "imtehan-quiz.h"
#include "imtehan-start-page.h"
#include "imtehan-wrap-bin.h"
#include "test-ui.h"
#include "test-util.h"
#include "test-util-gtk.h"

static GtkWidget *
template_child (ImtehanTestFixture *fixture,
                const char         *name)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (fixture->window),
                                                    IMTEHAN_TYPE_WINDOW, name));
}

static GtkWindow *
find_shortcuts_window (ImtehanTestFixture *fixture)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (GTK_IS_SHORTCUTS_WINDOW (l->data) &&
        gtk_window_get_transient_for (l->data) == GTK_WINDOW (fixture->window))
      return l->data;
  return NULL;
}

static void
test_language_switch (ImtehanTestFixture *fixture,
                      gconstpointer       data)
{
  ImtehanAttempt *attempt;
  ImtehanQuestionPage *page;
  GtkWidget *choice;

  imtehan_test_activate (fixture->window, "win.start", NULL);
  attempt = imtehan_window_get_attempt (fixture->window);
  imtehan_test_choose (fixture->window, 2);
  imtehan_test_activate (fixture->window, "win.next", NULL);
  imtehan_test_choose (fixture->window, 0);
  imtehan_test_activate (fixture->window, "win.next", NULL);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 2);

  imtehan_window_set_language (fixture->window, "ur");
  imtehan_test_spin ();
  g_assert_true (imtehan_window_get_attempt (fixture->window) == attempt);
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "question");
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 2);
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 2);
  g_assert_cmpstr (imtehan_attempt_get_language (attempt), ==, "ur");
  imtehan_test_assert_direction (GTK_WIDGET (fixture->window), GTK_TEXT_DIR_RTL);
  /* The rebuilt page shows the same question, with the answer still chosen. */
  imtehan_test_activate (fixture->window, "win.previous", NULL);
  page = IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (fixture->window));
  choice = imtehan_question_page_get_choice (page, 0);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (choice)));
  g_assert_cmpint (gtk_widget_get_direction (choice), ==, GTK_TEXT_DIR_RTL);
  imtehan_test_activate (fixture->window, "win.next", NULL);

  /* The language is an action too, as the header bar's toggle buttons use it. */
  imtehan_test_activate (fixture->window, "win.language", g_variant_new_string ("en"));
  g_assert_cmpstr (imtehan_window_get_language (fixture->window), ==, "en");
  imtehan_test_assert_direction (GTK_WIDGET (fixture->window), GTK_TEXT_DIR_LTR);
  g_assert_cmpuint (imtehan_attempt_get_current (attempt), ==, 2);
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 2);

  imtehan_test_activate (fixture->window, "win.previous", NULL);
  page = IMTEHAN_QUESTION_PAGE (imtehan_window_get_page (fixture->window));
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (imtehan_question_page_get_choice (page, 0))));
}

/* The main menu is built when it is opened, and again in the new language after a switch. */
static void
test_menu_built_when_opened (ImtehanTestFixture *fixture,
                             gconstpointer       data)
{
  GtkMenuButton *button = GTK_MENU_BUTTON (template_child (fixture, "menu_button"));
  GMenuModel *model;
  g_autofree char *label = NULL;

  g_assert_null (gtk_menu_button_get_menu_model (button));
  gtk_menu_button_popup (button);
  imtehan_test_spin ();
  model = gtk_menu_button_get_menu_model (button);
  g_assert_nonnull (model);
  g_assert_nonnull (gtk_menu_button_get_popover (button));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (button))));
  gtk_menu_button_popdown (button);

  imtehan_test_activate (fixture->window, "win.toggle-language", NULL);
  g_assert_null (gtk_menu_button_get_menu_model (button));
  gtk_menu_button_popup (button);
  imtehan_test_spin ();
  model = gtk_menu_button_get_menu_model (button);
  g_assert_nonnull (model);
  /* The first item, in Urdu now. */
  g_assert_true (g_menu_model_get_n_items (model) > 0);
  {
    g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, 0, G_MENU_LINK_SECTION);
    GMenuModel *items = section ? section : model;

    g_assert_true (g_menu_model_get_item_attribute (items, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  }
  g_assert_cmpstr (label, ==, dgettext (GETTEXT_PACKAGE, "_Open Quiz…"));
  g_assert_cmpstr (label, !=, "_Open Quiz…");
  gtk_menu_button_popdown (button);
}

static void
collect_menu_labels (GMenuModel *model,
                     GPtrArray  *labels,
                     GPtrArray  *actions)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      char *label = NULL;
      char *action = NULL;

      if (section != NULL)
        {
          collect_menu_labels (section, labels, actions);
          continue;
        }
      g_assert_true (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
      g_assert_true (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action));
      g_ptr_array_add (labels, label);
      g_ptr_array_add (actions, action);
    }
}

/* The main menu's items have distinct access keys, in either language, and one of them
 * switches the language (a narrow window's header has no language button). */
static void
test_menu_access_keys (ImtehanTestFixture *fixture,
                       gconstpointer       data)
{
  GtkMenuButton *button = GTK_MENU_BUTTON (template_child (fixture, "menu_button"));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) keys = g_hash_table_new (g_direct_hash, g_direct_equal);

  gtk_menu_button_popup (button);
  imtehan_test_spin ();
  collect_menu_labels (gtk_menu_button_get_menu_model (button), labels, actions);
  gtk_menu_button_popdown (button);
  g_assert_cmpuint (labels->len, >=, 5);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *label = g_ptr_array_index (labels, i);
      const char *underscore = strchr (label, '_');
      gunichar key;

      g_test_message ("%s", label);
      g_assert_nonnull (underscore);
      key = g_unichar_tolower (g_utf8_get_char (underscore + 1));
      g_assert_false (g_hash_table_contains (keys, GUINT_TO_POINTER (key)));
      g_hash_table_add (keys, GUINT_TO_POINTER (key));
    }
  g_assert_true (g_ptr_array_find_with_equal_func (actions, "win.toggle-language", g_str_equal, NULL));
}

/* The shortcuts window is built when asked for, and again in the new language after a
 * switch. */
static void
test_shortcuts_window (ImtehanTestFixture *fixture,
                       gconstpointer       data)
{
  GtkWindow *shortcuts;
  GtkWindow *again;

  g_assert_null (find_shortcuts_window (fixture));
  imtehan_test_activate (fixture->window, "win.show-help-overlay", NULL);
  shortcuts = find_shortcuts_window (fixture);
  g_assert_nonnull (shortcuts);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
  g_assert_true (gtk_window_get_modal (shortcuts));
  g_object_add_weak_pointer (G_OBJECT (shortcuts), (gpointer *)&shortcuts);

  gtk_window_close (shortcuts);
  imtehan_test_spin ();
  g_assert_nonnull (shortcuts);
  imtehan_test_activate (fixture->window, "win.show-help-overlay", NULL);
  g_assert_true (find_shortcuts_window (fixture) == shortcuts);

  imtehan_test_activate (fixture->window, "win.toggle-language", NULL);
  g_assert_null (shortcuts);
  imtehan_test_activate (fixture->window, "win.show-help-overlay", NULL);
  again = find_shortcuts_window (fixture);
  g_assert_nonnull (again);
  g_assert_cmpint (gtk_widget_get_direction (GTK_WIDGET (again)), ==, GTK_TEXT_DIR_RTL);
  gtk_window_destroy (again);
}

static void
collect_shortcuts (GtkWidget *widget,
                   GPtrArray *found)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_shortcuts (child, found);
}

static GtkWidget *
find_child_of_type (GtkWidget *widget,
                    GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_child_of_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
collect_label_texts (GtkWidget *widget,
                     GString   *texts)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (texts, "%s\n", gtk_label_get_label (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_label_texts (child, texts);
}

/* What Ctrl+? shows: every shortcut with its keys, the very keys the application has for its
 * action, in the window's language and direction. */
static void
test_shortcuts_show_keys (ImtehanTestFixture *fixture,
                          gconstpointer       data)
{
  gboolean urdu = g_str_equal (data, "ur");
  g_autoptr(GPtrArray) shortcuts = g_ptr_array_new ();
  g_autoptr(GString) texts = g_string_new (NULL);
  g_autoptr(GHashTable) actions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  const char *name;
  GtkWindow *window;
  GtkWidget *titlebar;
  guint with_action = 0;

  imtehan_test_activate (fixture->window, "win.show-help-overlay", NULL);
  window = find_shortcuts_window (fixture);
  g_assert_nonnull (window);
  collect_shortcuts (GTK_WIDGET (window), shortcuts);
  g_assert_cmpuint (shortcuts->len, >=, 10);

  for (guint i = 0; i < shortcuts->len; i++)
    {
      GtkWidget *shortcut = g_ptr_array_index (shortcuts, i);
      GtkWidget *label = find_child_of_type (shortcut, GTK_TYPE_SHORTCUT_LABEL);
      g_autofree char *action = NULL;
      g_autofree char *accel = NULL;
      g_autofree char *title = NULL;
      g_auto(GStrv) keys = NULL;

      g_object_get (shortcut, "action-name", &action, "accelerator", &accel, "title", &title,
                    NULL);
      g_test_message ("%s: %s (%s)", title, accel, action ? action : "page binding");
      /* The keys shown are those of the shortcut, and there are keys. */
      g_assert_nonnull (label);
      g_assert_cmpstr (gtk_shortcut_label_get_accelerator (GTK_SHORTCUT_LABEL (label)), ==, accel);
      g_assert_nonnull (gtk_widget_get_first_child (label));
      g_assert_nonnull (accel);
      keys = g_strsplit (accel, " ", -1);
      g_assert_nonnull (keys[0]);
      for (guint k = 0; keys[k]; k++)
        {
          /* "1...9" is GtkShortcutLabel's range: both ends are keys. */
          g_auto(GStrv) ends = g_strsplit (keys[k], "...", 2);

          for (guint e = 0; ends[e]; e++)
            {
              guint keyval = 0;

              g_assert_true (gtk_accelerator_parse (ends[e], &keyval, NULL));
              g_assert_cmpuint (keyval, !=, 0);
            }
        }
      if (action != NULL)
        {
          g_auto(GStrv) accels =
            gtk_application_get_accels_for_action (GTK_APPLICATION (imtehan_test_app), action);
          g_autofree char *joined = g_strjoinv (" ", accels);

          with_action++;
          g_assert_cmpstr (accel, ==, joined);
          g_hash_table_add (actions, g_steal_pointer (&action));
        }
      if (urdu)
        g_assert_cmpint (gtk_widget_get_direction (shortcut), ==, GTK_TEXT_DIR_RTL);
    }
  /* The General section, twice: as shown and in the search results. */
  g_assert_cmpuint (with_action, >=, 12);

  /* GTK's own title, which its Urdu catalog lacks, in the window's language. */
  titlebar = gtk_window_get_titlebar (window);
  g_assert_nonnull (titlebar);
  collect_label_texts (titlebar, texts);
  g_test_message ("title bar: %s", texts->str);
  g_assert_nonnull (strstr (texts->str, dgettext (GETTEXT_PACKAGE, "Keyboard Shortcuts")));
  if (urdu)
    {
      g_assert_null (strstr (texts->str, "Shortcuts"));
      g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "urdu-ui"));
    }
  gtk_window_destroy (window);

  /* And each action is one the window really has (a language switch rebuilds the shortcuts
   * window, so they are tried once it is gone). */
  g_hash_table_iter_init (&iter, actions);
  while (g_hash_table_iter_next (&iter, (gpointer *)&name, NULL))
    {
      if (g_str_has_prefix (name, "app."))
        g_assert_true (g_action_group_has_action (G_ACTION_GROUP (imtehan_test_app), name + 4));
      else if (!g_str_equal (name, "window.close"))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), name, NULL));
      imtehan_test_spin ();
    }
  g_assert_true (g_hash_table_contains (actions, "window.close"));
}

/* Ctrl+W closes the window the way its close button does: what was answered is saved. */
static void
test_ctrl_w_closes (ImtehanTestFixture *fixture,
                    gconstpointer       data)
{
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autoptr(GKeyFile) saved = NULL;
  GtkWidget *window = GTK_WIDGET (fixture->window);

  imtehan_test_activate (fixture->window, "win.start", NULL);
  attempt = g_object_ref (imtehan_window_get_attempt (fixture->window));
  imtehan_test_choose (fixture->window, 2);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *)&window);
  imtehan_test_press_keys (window, GDK_KEY_w, GDK_CONTROL_MASK);
  g_assert_true (window == NULL || !gtk_widget_get_visible (window));
  saved = imtehan_test_wait_for_saved (attempt, FALSE);
  /* A save in flight holds the window until it is done. */
  IMTEHAN_TEST_WAIT_UNTIL (window == NULL, 10);
  g_assert_null (window);
  g_assert_cmpint (g_key_file_get_integer (saved, "Attempt", "Answered", NULL), ==, 1);

  /* The fixture's teardown expects a window: a fresh one. */
  fixture->window = imtehan_test_window_new ();
}

static gboolean
widget_inside (GtkWidget *widget,
               GtkWidget *area)
{
  graphene_rect_t bounds;

  return gtk_widget_compute_bounds (widget, area, &bounds) &&
         bounds.origin.x >= 0 && bounds.origin.y >= 0 &&
         bounds.origin.x + bounds.size.width <= gtk_widget_get_width (area) &&
         bounds.origin.y + bounds.size.height <= gtk_widget_get_height (area);
}

/* At 360 × 600, smaller than a phone-sized or tiled window usually is, Start is on screen
 * without scrolling, whatever the length of the quiz's description, and the header says
 * where one is, uncut. */
static void
test_narrow_window (ImtehanTestFixture *fixture,
                    gconstpointer       data)
{
  GtkWidget *page;
  GtkScrolledWindow *scroller;
  GtkWidget *start;
  ImtehanWrapBin *title_bin = IMTEHAN_WRAP_BIN (template_child (fixture, "page_title_bin"));
  GtkWidget *title;

  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 360, 600);
  IMTEHAN_TEST_WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (fixture->window)) <= 360 &&
                           !gtk_widget_get_visible (template_child (fixture, "language_button")),
                           10);
  imtehan_test_run_for (300);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), <=, 360);
  page = imtehan_window_get_page (fixture->window);
  scroller = imtehan_test_find_scrolled_window (page);
  start = GTK_WIDGET (gtk_widget_get_template_child (page, IMTEHAN_TYPE_START_PAGE, "start_button"));
  g_assert_cmpfloat (gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (scroller)), ==, 0);
  g_assert_true (gtk_widget_get_mapped (start));
  g_assert_true (widget_inside (start, GTK_WIDGET (scroller)));
  /* The language is switched from the menu. */
  g_assert_false (gtk_widget_get_visible (template_child (fixture, "language_button")));

  for (guint step = 0; step < 3; step++)
    {
      PangoLayout *layout;

      if (step == 0)
        imtehan_test_activate (fixture->window, "win.start", NULL);
      else if (step == 1)
        {
          for (guint i = 0; i < 7; i++)
            imtehan_test_activate (fixture->window, "win.next", NULL);
          imtehan_test_activate (fixture->window, "win.next", NULL);   /* the review */
        }
      else
        imtehan_test_activate (fixture->window, "win.submit", NULL);
      imtehan_test_run_for (100);
      title = imtehan_wrap_bin_get_child (title_bin);
      layout = gtk_label_get_layout (GTK_LABEL (title));
      g_test_message ("%s: “%s”", imtehan_window_get_page_name (fixture->window),
                      gtk_label_get_text (GTK_LABEL (title)));
      g_assert_true (gtk_widget_get_mapped (title));
      g_assert_false (pango_layout_is_ellipsized (layout));
    }
  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "results");

  /* Wide again, the language button is back. */
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 800, 600);
  IMTEHAN_TEST_WAIT_UNTIL (gtk_widget_get_visible (template_child (fixture, "language_button")), 10);
  g_assert_true (gtk_widget_get_visible (template_child (fixture, "language_button")));
}

/* A page shown again starts at its top, even when the learner had scrolled it. */
static void
test_page_shown_from_top (ImtehanTestFixture *fixture,
                          gconstpointer       data)
{
  GtkAdjustment *adjustment;

  imtehan_test_start_in_short_window (fixture->window, 320);
  imtehan_test_activate (fixture->window, "win.review", NULL);
  imtehan_test_run_for (100);
  adjustment = gtk_scrolled_window_get_vadjustment (
    imtehan_test_find_scrolled_window (imtehan_window_get_page (fixture->window)));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >,
                     gtk_adjustment_get_page_size (adjustment));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  imtehan_test_run_for (100);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);

  imtehan_test_activate (fixture->window, "win.previous", NULL);
  imtehan_test_run_for (100);
  imtehan_test_activate (fixture->window, "win.review", NULL);
  imtehan_test_run_for (300);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
}

/* Only the page shown is visible, not merely unmapped: GTK 4.8 restyles every visible
 * widget of the window at each move of the focus, and presents them all to assistive
 * technologies. The focus is in the page shown, where the keyboard user continues. */
static void
test_only_shown_page_visible (ImtehanTestFixture *fixture,
                              gconstpointer       data)
{
  const char *actions[] = { "win.start", "win.review", "win.submit", "win.home", "win.start" };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *shown;
      GtkWidget *stack;
      GtkWidget *focus;
      guint n_visible = 0;

      imtehan_test_activate (fixture->window, actions[i], NULL);
      shown = imtehan_window_get_page (fixture->window);
      stack = gtk_widget_get_parent (shown);
      g_assert_true (GTK_IS_STACK (stack));
      g_assert_true (gtk_stack_get_visible_child (GTK_STACK (stack)) == shown);
      for (GtkWidget *page = gtk_widget_get_first_child (stack); page != NULL;
           page = gtk_widget_get_next_sibling (page))
        {
          n_visible += gtk_widget_get_visible (page);
          g_assert_true (gtk_widget_get_visible (page) == (page == shown));
        }
      g_assert_cmpuint (n_visible, ==, 1);
      focus = gtk_root_get_focus (GTK_ROOT (fixture->window));
      g_assert_nonnull (focus);
      g_assert_true (gtk_widget_is_ancestor (focus, shown));
    }
}

static void
wait_for_warning (ImtehanTestFixture *fixture,
                  gboolean            shown,
                  guint               seconds)
{
  GtkRevealer *warning = GTK_REVEALER (template_child (fixture, "save_warning"));

  IMTEHAN_TEST_WAIT_UNTIL (gtk_revealer_get_reveal_child (warning) == shown, seconds);
  g_assert_true (gtk_revealer_get_reveal_child (warning) == shown);
}

static void
history_loaded_cb (ImtehanSession *session,
                   gboolean       *loaded)
{
  *loaded = TRUE;
}

/* Root writes through permission bits (CI runs as root): a file where the folder should be
 * stops the saves for anyone. The window's listing of the folder is done first: failing, it
 * would show a toast of its own in front of the one a test waits for. */
static void
block_saving (ImtehanTestFixture *fixture)
{
  g_autofree char *dir = imtehan_test_attempts_dir ();
  g_autofree char *parent = g_path_get_dirname (dir);
  ImtehanSession *session = imtehan_window_get_session (fixture->window);
  gboolean loaded = FALSE;
  gulong id = g_signal_connect (session, "history-loaded", G_CALLBACK (history_loaded_cb),
                                &loaded);

  /* The store's worker lists in order: this listing ends after any begun before. */
  imtehan_session_reload_history (session);
  IMTEHAN_TEST_WAIT_UNTIL (loaded, 10);
  g_assert_true (loaded);
  g_signal_handler_disconnect (session, id);
  imtehan_test_remove_attempts ();
  g_rmdir (dir);
  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_assert_true (g_file_set_contents (dir, "not a folder", -1, NULL));
}

static void
unblock_saving (void)
{
  g_autofree char *dir = imtehan_test_attempts_dir ();

  g_assert_cmpint (g_unlink (dir), ==, 0);
}

static void
test_save_failure (ImtehanTestFixture *fixture,
                   gconstpointer       data)
{
  g_autofree char *dir = imtehan_test_attempts_dir ();
  g_autofree char *expected = g_strdup_printf ("Could not create the folder “%s”: Not a directory. "
                                               "The quiz goes on; saving is retried.", dir);
  GtkWidget *label = template_child (fixture, "save_warning_label");
  GtkWidget *retry = template_child (fixture, "retry_button");
  ImtehanAttempt *attempt;

  /* Nothing to warn about yet. */
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (template_child (fixture, "save_warning"))));
  g_assert_false (gtk_widget_get_sensitive (retry));

  block_saving (fixture);
  g_test_expect_message ("imtehan-session", G_LOG_LEVEL_WARNING, "Could not save the attempt: *");
  imtehan_test_activate (fixture->window, "win.start", NULL);
  attempt = imtehan_window_get_attempt (fixture->window);
  wait_for_warning (fixture, TRUE, 10);
  g_test_assert_expected_messages ();

  /* It says where and why, and stays while saving fails; the quiz goes on. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, expected);
  g_assert_true (gtk_widget_get_sensitive (retry));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (retry)), ==, "_Retry");
  imtehan_test_choose (fixture->window, 1);
  imtehan_test_activate (fixture->window, "win.next", NULL);
  imtehan_test_choose (fixture->window, 2);
  imtehan_test_spin ();
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 2);
  wait_for_warning (fixture, TRUE, 1);

  /* Retry saves everything kept in memory; the warning goes, a toast says so. */
  unblock_saving ();
  imtehan_test_activate (fixture->window, "win.retry-save", NULL);
  wait_for_warning (fixture, FALSE, 10);
  g_assert_false (gtk_widget_get_sensitive (retry));
  g_key_file_unref (imtehan_test_wait_for_saved (attempt, FALSE));
  imtehan_test_wait_for_label (fixture->window, "Your answers are saved again");

  /* Failing again, then the folder comes back: saved without a click, within the retry
   * interval (10 s). */
  block_saving (fixture);
  g_test_expect_message ("imtehan-session", G_LOG_LEVEL_WARNING, "Could not save the attempt: *");
  imtehan_test_activate (fixture->window, "win.next", NULL);
  imtehan_test_choose (fixture->window, 0);
  wait_for_warning (fixture, TRUE, 10);
  g_test_assert_expected_messages ();
  unblock_saving ();
  wait_for_warning (fixture, FALSE, 15);
  g_key_file_unref (imtehan_test_wait_for_saved (attempt, FALSE));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (attempt), ==, 3);
}

/* Closing while answers exist only in memory asks first; keeping it open keeps them. */
static void
test_close_with_unsaved_answers (ImtehanTestFixture *fixture,
                                 gconstpointer       data)
{
  g_autoptr(GtkWindow) window = NULL;
  GtkWidget *dialog;

  block_saving (fixture);
  g_test_expect_message ("imtehan-session", G_LOG_LEVEL_WARNING, "Could not save the attempt: *");
  imtehan_test_activate (fixture->window, "win.start", NULL);
  imtehan_test_choose (fixture->window, 1);
  wait_for_warning (fixture, TRUE, 10);
  g_test_assert_expected_messages ();

  window = g_object_ref (GTK_WINDOW (fixture->window));
  gtk_window_close (window);
  imtehan_test_spin ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  dialog = imtehan_test_wait_for_message (window);
  g_assert_cmpstr (imtehan_dialogs_message_get_default_response (dialog), ==, "cancel");
  g_assert_cmpstr (imtehan_dialogs_message_get_close_response (dialog), ==, "cancel");

  imtehan_test_respond (dialog, "cancel");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpuint (imtehan_attempt_get_n_answered (imtehan_window_get_attempt (fixture->window)), ==, 1);

  gtk_window_close (window);
  imtehan_test_spin ();
  dialog = imtehan_test_wait_for_message (window);
  imtehan_test_respond (dialog, "close");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  unblock_saving ();

  /* The fixture's teardown expects a window: a fresh one. */
  fixture->window = imtehan_test_window_new ();
}

/* Files that cannot be read are reported with the folder they were set aside in. */
static void
test_unreadable_results (ImtehanTestFixture *fixture,
                         gconstpointer       data)
{
  g_autofree char *dir = imtehan_test_attempts_dir ();
  g_autofree char *broken = g_build_filename (dir, "broken.ini", NULL);
  g_autofree char *corrupt = g_strconcat (broken, ".corrupt", NULL);
  g_autofree char *expected = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (broken, "[Attempt]\nVersion=1\n", -1, NULL));
  expected = g_strdup_printf ("1 results file could not be read; it was kept and set aside in %s.",
                              dir);

  /* A new window lists the folder as at start-up. */
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  g_test_expect_message ("imtehan-store", G_LOG_LEVEL_WARNING, "*broken.ini*");
  fixture->window = imtehan_window_new (GTK_APPLICATION (imtehan_test_app), imtehan_test_context ());
  gtk_window_present (GTK_WINDOW (fixture->window));
  imtehan_test_wait_for_label (fixture->window, expected);
  g_test_assert_expected_messages ();
  g_assert_true (g_file_test (corrupt, G_FILE_TEST_EXISTS));
}

/* Every answer a question may have has its key: 1 to 9, then 0 for the tenth, on the number
 * row and the keypad. */
static void
test_number_keys (ImtehanTestFixture *fixture,
                  gconstpointer       data)
{
  for (guint i = 0; i < IMTEHAN_QUESTION_MAX_CHOICES; i++)
    {
      g_autofree char *action = g_strdup_printf ("win.choose(uint32 %u)", i);
      g_autofree char *key = g_strdup_printf ("%u", (i + 1) % 10);
      g_autofree char *kp = g_strdup_printf ("KP_%u", (i + 1) % 10);
      g_auto(GStrv) accels =
        gtk_application_get_accels_for_action (GTK_APPLICATION (imtehan_test_app), action);

      g_assert_true (g_strv_contains ((const char * const *)accels, key));
      g_assert_true (g_strv_contains ((const char * const *)accels, kp));
    }
}

int
main (int   argc,
      char *argv[])
{
  /* "&": toasts and the save warning show this path, and toast titles are markup. */
  imtehan_test_ui_init (&argc, &argv, "imtehan test & co-XXXXXX");

  IMTEHAN_TEST_ADD ("/window/language-switch", "en", test_language_switch);
  IMTEHAN_TEST_ADD ("/window/menu-built-when-opened", "en", test_menu_built_when_opened);
  IMTEHAN_TEST_ADD ("/window/menu-access-keys/en", "en", test_menu_access_keys);
  IMTEHAN_TEST_ADD ("/window/menu-access-keys/ur", "ur", test_menu_access_keys);
  IMTEHAN_TEST_ADD ("/window/shortcuts-window", "en", test_shortcuts_window);
  IMTEHAN_TEST_ADD ("/window/shortcuts-show-keys/en", "en", test_shortcuts_show_keys);
  IMTEHAN_TEST_ADD ("/window/shortcuts-show-keys/ur", "ur", test_shortcuts_show_keys);
  IMTEHAN_TEST_ADD ("/window/number-keys", "en", test_number_keys);
  IMTEHAN_TEST_ADD ("/window/ctrl-w-closes", "en", test_ctrl_w_closes);
  IMTEHAN_TEST_ADD ("/window/narrow/en", "en", test_narrow_window);
  IMTEHAN_TEST_ADD ("/window/narrow/ur", "ur", test_narrow_window);
  IMTEHAN_TEST_ADD ("/window/page-shown-from-top", "ur", test_page_shown_from_top);
  IMTEHAN_TEST_ADD ("/window/only-shown-page-visible", "en", test_only_shown_page_visible);
  IMTEHAN_TEST_ADD ("/window/save-failure", "en", test_save_failure);
  IMTEHAN_TEST_ADD ("/window/close-with-unsaved-answers", "en", test_close_with_unsaved_answers);
  IMTEHAN_TEST_ADD ("/window/unreadable-results", "en", test_unreadable_results);

  return imtehan_test_ui_run ();
}
