/* test-preferences-dialog.c: the lab's settings as an admin sees them in Preferences
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <adwaita.h>
#include <gio/gsettingsbackend.h>

#include "imtehan-dialogs.h"
#include "imtehan-preferences-page.h"
#include "test-ui.h"
#include "test-util.h"
#include "test-util-gtk.h"

#define SCHEMA_ID "io.github.imtehan.Imtehan"

static gpointer
child (ImtehanPreferencesPage *page,
       const char             *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (page),
                                                   IMTEHAN_TYPE_PREFERENCES_PAGE, name);

  g_assert_nonnull (object);
  return object;
}

/* @page in the Preferences dialog, over the fixture's window. */
static ImtehanPreferencesPage *
show_page (ImtehanTestFixture     *fixture,
           ImtehanPreferencesPage *page)
{
  imtehan_dialogs_show_preferences (GTK_WINDOW (fixture->window), "Preferences",
                                    ADW_PREFERENCES_PAGE (page));
  imtehan_test_spin ();
  return page;
}

/* Closes the dialog of @page; the page goes with it. */
static void
destroy_dialog (ImtehanPreferencesPage **page)
{
  g_object_add_weak_pointer (G_OBJECT (*page), (gpointer *)page);
  imtehan_test_close_dialog (imtehan_test_dialog_of (GTK_WIDGET (*page)));
  imtehan_test_spin ();
  g_assert_null (*page);
}

/* Ctrl+comma, the main menu's Preferences, opens it over the window, in the window's
 * direction: mirrored in Urdu. */
static void
test_opened_by_ctrl_comma (ImtehanTestFixture *fixture,
                           gconstpointer       data)
{
  ImtehanPreferencesPage *page;
  GtkWidget *dialog;
  gboolean urdu = g_str_equal (data, "ur");

  g_assert_null (imtehan_test_find_widget (IMTEHAN_TYPE_PREFERENCES_PAGE));
  imtehan_test_press_keys (GTK_WIDGET (fixture->window), GDK_KEY_comma, GDK_CONTROL_MASK);
  IMTEHAN_TEST_WAIT_UNTIL ((page = imtehan_test_find_widget (IMTEHAN_TYPE_PREFERENCES_PAGE)) != NULL, 5);
  g_assert_nonnull (page);
  dialog = imtehan_test_dialog_of (GTK_WIDGET (page));
  g_assert_true (gtk_widget_get_visible (dialog));
  imtehan_test_assert_modal (dialog, GTK_WINDOW (fixture->window));
  imtehan_test_assert_direction (dialog, urdu ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
  g_assert_true (gtk_widget_has_css_class (dialog, "urdu-ui") == urdu);
  destroy_dialog (&page);
}

/* Each row writes its key, and follows it when dconf or another window changes it. */
static void
test_rows_write_settings (ImtehanTestFixture *fixture,
                          gconstpointer       data)
{
  ImtehanLabConfig *config = imtehan_context_get_lab_config (imtehan_test_context ());
  GSettings *settings = imtehan_lab_config_get_settings (config);
  ImtehanPreferencesPage *page;
  GListModel *quizzes;
  g_autofree char *start_quiz = NULL;
  g_autofree char *folder = NULL;
  guint position = GTK_INVALID_LIST_POSITION;

  page = show_page (fixture, imtehan_preferences_page_new (config,
                                                          imtehan_context_get_library (imtehan_test_context ())));

  g_assert_false (g_settings_get_boolean (settings, "learner-required"));
  /* As a click on the row: the switch flips at the end of its animation. */
  adw_action_row_activate (child (page, "learner_required_row"));
  IMTEHAN_TEST_WAIT_UNTIL (g_settings_get_boolean (settings, "learner-required"), 5);
  g_assert_true (g_settings_get_boolean (settings, "learner-required"));

  gtk_spin_button_set_value (child (page, "time_limit_spin"), 25);
  g_assert_cmpuint (g_settings_get_uint (settings, "time-limit"), ==, 25);
  gtk_spin_button_set_value (child (page, "attempts_allowed_spin"), 3);
  g_assert_cmpuint (g_settings_get_uint (settings, "attempts-allowed"), ==, 3);
  /* The key's range bounds the spin button. */
  gtk_spin_button_set_value (child (page, "time_limit_spin"), 100000);
  g_assert_cmpuint (g_settings_get_uint (settings, "time-limit"), ==, 1440);

  adw_combo_row_set_selected (child (page, "mode_row"), IMTEHAN_MODE_PRACTICE);
  g_assert_cmpint (g_settings_get_enum (settings, "mode"), ==, IMTEHAN_MODE_PRACTICE);
  g_settings_set_enum (settings, "mode", IMTEHAN_MODE_EXAM);
  g_assert_cmpuint (adw_combo_row_get_selected (child (page, "mode_row")), ==, IMTEHAN_MODE_EXAM);

  /* The bundled quiz is in the combo, after "The library". */
  quizzes = adw_combo_row_get_model (child (page, "start_quiz_row"));
  g_assert_cmpuint (g_list_model_get_n_items (quizzes), >=, 2);
  g_assert_cmpuint (adw_combo_row_get_selected (child (page, "start_quiz_row")), ==, 0);
  for (guint i = 0; i < g_list_model_get_n_items (quizzes); i++)
    {
      const char *title = gtk_string_list_get_string (GTK_STRING_LIST (quizzes), i);

      if (strstr (title, "ZeRO") != NULL)
        position = i;
    }
  g_assert_cmpuint (position, !=, GTK_INVALID_LIST_POSITION);
  adw_combo_row_set_selected (child (page, "start_quiz_row"), position);
  start_quiz = g_settings_get_string (settings, "start-quiz");
  g_assert_cmpstr (start_quiz, ==, "zero-sharded-optimizers");
  /* An id the library does not have (set with dconf) is shown, not replaced. */
  g_settings_set_string (settings, "start-quiz", "a-quiz-not-installed");
  quizzes = adw_combo_row_get_model (child (page, "start_quiz_row"));
  position = adw_combo_row_get_selected (child (page, "start_quiz_row"));
  g_assert_nonnull (strstr (gtk_string_list_get_string (GTK_STRING_LIST (quizzes), position),
                            "a-quiz-not-installed"));
  g_clear_pointer (&start_quiz, g_free);
  start_quiz = g_settings_get_string (settings, "start-quiz");
  g_assert_cmpstr (start_quiz, ==, "a-quiz-not-installed");

  /* The folder is shown; the reset button goes back to each user's own folder. */
  g_assert_false (gtk_widget_get_visible (child (page, "reset_folder_button")));
  g_settings_set_string (settings, "results-folder", "/srv/lab & results");
  /* The subtitle is markup: a bare "&" would not parse (a warning, and no text). */
  g_assert_cmpstr (adw_action_row_get_subtitle (child (page, "results_folder_row")), ==,
                   "/srv/lab & results");
  g_assert_true (gtk_widget_get_visible (child (page, "reset_folder_button")));
  g_signal_emit_by_name (child (page, "reset_folder_button"), "clicked");
  folder = g_settings_get_string (settings, "results-folder");
  g_assert_cmpstr (folder, ==, "");
  g_assert_false (gtk_widget_get_visible (child (page, "reset_folder_button")));

  destroy_dialog (&page);
  g_settings_reset (settings, "learner-required");
  g_settings_reset (settings, "time-limit");
  g_settings_reset (settings, "attempts-allowed");
  g_settings_reset (settings, "start-quiz");
}

/* A key the administrator locked cannot be changed, and the row says why. The memory
 * backend locks nothing: a keyfile backend's "locks" file stands in for dconf's locks. */
static void
test_locked_key (ImtehanTestFixture *fixture,
                 gconstpointer       data)
{
  g_autofree char *dir = g_dir_make_tmp ("imtehan-test-preferences-XXXXXX", NULL);
  g_autofree char *keyfile = g_build_filename (dir, "settings", NULL);
  g_autofree char *locks = g_build_filename (dir, "locks", NULL);
  g_autoptr(GSettingsBackend) probe = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(ImtehanLabConfig) config = NULL;
  ImtehanPreferencesPage *page;

  g_assert_true (g_file_set_contents (locks, "/io/github/imtehan/Imtehan/time-limit\n"
                                             "/io/github/imtehan/Imtehan/results-folder\n",
                                      -1, NULL));
  probe = g_keyfile_settings_backend_new (keyfile, "/", NULL);
  backend = g_object_new (G_OBJECT_TYPE (probe), "filename", keyfile, "root-path", "/",
                          "defaults-dir", dir, NULL);
  settings = g_settings_new_with_backend (SCHEMA_ID, backend);
  config = imtehan_lab_config_new (settings);
  page = show_page (fixture, imtehan_preferences_page_new (config, NULL));

  g_assert_false (gtk_widget_get_sensitive (child (page, "time_limit_row")));
  g_assert_false (gtk_widget_is_sensitive (child (page, "time_limit_spin")));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (child (page, "time_limit_row")),
                            "Set by the administrator"));
  g_assert_false (gtk_widget_get_sensitive (child (page, "results_folder_row")));
  g_assert_false (gtk_widget_get_visible (child (page, "reset_folder_button")));
  g_assert_true (gtk_widget_get_sensitive (child (page, "mode_row")));
  g_assert_null (strstr (adw_action_row_get_subtitle (child (page, "mode_row")),
                         "administrator"));

  destroy_dialog (&page);
  g_clear_object (&config);
  g_clear_object (&settings);
  imtehan_test_remove_tree (dir);
}

/* An option of the command line is in force for this run: shown, not editable, not written. */
static void
test_overridden_key (ImtehanTestFixture *fixture,
                     gconstpointer       data)
{
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr(GSettings) settings = g_settings_new_with_backend (SCHEMA_ID, backend);
  g_autoptr(ImtehanLabConfig) config = imtehan_lab_config_new (settings);
  g_autoptr(GVariantDict) options = g_variant_dict_new (NULL);
  g_autoptr(GError) error = NULL;
  ImtehanPreferencesPage *page;

  g_variant_dict_insert (options, "time-limit", "s", "30");
  g_variant_dict_insert (options, "mode", "s", "practice");
  g_assert_true (imtehan_lab_config_apply_options (config, options, &error));
  g_assert_no_error (error);
  page = show_page (fixture, imtehan_preferences_page_new (config, NULL));

  g_assert_cmpfloat (gtk_spin_button_get_value (child (page, "time_limit_spin")), ==, 30);
  g_assert_false (gtk_widget_get_sensitive (child (page, "time_limit_row")));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (child (page, "time_limit_row")),
                            "command line"));
  g_assert_cmpuint (adw_combo_row_get_selected (child (page, "mode_row")), ==,
                    IMTEHAN_MODE_PRACTICE);
  g_assert_false (gtk_widget_get_sensitive (child (page, "mode_row")));
  g_assert_cmpuint (g_settings_get_uint (settings, "time-limit"), ==, 0);
  g_assert_cmpint (g_settings_get_enum (settings, "mode"), ==, IMTEHAN_MODE_EXAM);
  g_assert_true (gtk_widget_get_sensitive (child (page, "attempts_allowed_row")));

  destroy_dialog (&page);
}

int
main (int   argc,
      char *argv[])
{
  imtehan_test_ui_init (&argc, &argv, "imtehan-test-preferences-XXXXXX");

  IMTEHAN_TEST_ADD ("/preferences/ctrl-comma/en", "en", test_opened_by_ctrl_comma);
  IMTEHAN_TEST_ADD ("/preferences/ctrl-comma/ur", "ur", test_opened_by_ctrl_comma);
  IMTEHAN_TEST_ADD ("/preferences/rows-write-settings", "en", test_rows_write_settings);
  IMTEHAN_TEST_ADD ("/preferences/locked-key", "en", test_locked_key);
  IMTEHAN_TEST_ADD ("/preferences/overridden-key", "en", test_overridden_key);

  return imtehan_test_ui_run ();
}
