/* test-lab-config.c: the lab's settings, from GSettings and from the command line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built with GLib only (no GTK): the options are checked before a display is opened.
 */

#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gio.h>
#include <gio/gsettingsbackend.h>
#include <glib/gstdio.h>

#include "imtehan-lab-config.h"
#include "test-util.h"

#define SCHEMA_ID "io.github.imtehan.Imtehan"

/* Each case has settings of its own, in memory (GSETTINGS_BACKEND=memory is only the
 * default backend, shared by the whole process). */
static GSettings *
new_settings (void)
{
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();

  return g_settings_new_with_backend (SCHEMA_ID, backend);
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
test_defaults (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(ImtehanLabConfig) config = imtehan_lab_config_new (settings);
  g_autoptr(GFile) folder = imtehan_lab_config_dup_results_folder (config);
  const char *keys[] = { "results-folder", "learner-required", "start-quiz", "mode",
                         "time-limit", "attempts-allowed" };

  g_assert_cmpstr (imtehan_lab_config_get_results_folder (config), ==, "");
  g_assert_null (folder);
  g_assert_false (imtehan_lab_config_get_learner_required (config));
  g_assert_cmpstr (imtehan_lab_config_get_start_quiz (config), ==, "");
  g_assert_cmpint (imtehan_lab_config_get_mode (config), ==, IMTEHAN_MODE_EXAM);
  g_assert_cmpuint (imtehan_lab_config_get_time_limit (config), ==, 0);
  g_assert_cmpuint (imtehan_lab_config_get_attempts_allowed (config), ==, 0);
  g_assert_false (imtehan_lab_config_has_overrides (config));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_assert_false (imtehan_lab_config_is_overridden (config, keys[i]));
      g_assert_false (imtehan_lab_config_is_locked (config, keys[i]));
    }

  g_object_unref (g_steal_pointer (&config));
  g_assert_finalize_object (g_steal_pointer (&settings));
}

/* What Preferences or dconf write is in force at once, and notified. */
static void
test_follows_settings (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(ImtehanLabConfig) config = imtehan_lab_config_new (settings);
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFile) expected = g_file_new_for_path ("/srv/imtehan-results");
  guint mode_notified = 0;
  guint limit_notified = 0;
  ImtehanMode mode;
  guint limit;

  g_signal_connect (config, "notify::mode", G_CALLBACK (count_notify_cb), &mode_notified);
  g_signal_connect (config, "notify::time-limit", G_CALLBACK (count_notify_cb), &limit_notified);

  g_settings_set_enum (settings, "mode", IMTEHAN_MODE_PRACTICE);
  g_settings_set_uint (settings, "time-limit", 30);
  g_settings_set_boolean (settings, "learner-required", TRUE);
  g_settings_set_string (settings, "start-quiz", "zero-sharded-optimizers");
  g_settings_set_uint (settings, "attempts-allowed", 2);
  g_settings_set_string (settings, "results-folder", "/srv/imtehan-results");

  g_assert_cmpint (imtehan_lab_config_get_mode (config), ==, IMTEHAN_MODE_PRACTICE);
  g_assert_cmpuint (mode_notified, ==, 1);
  g_assert_cmpuint (imtehan_lab_config_get_time_limit (config), ==, 30);
  g_assert_cmpuint (limit_notified, ==, 1);
  g_assert_true (imtehan_lab_config_get_learner_required (config));
  g_assert_cmpstr (imtehan_lab_config_get_start_quiz (config), ==, "zero-sharded-optimizers");
  g_assert_cmpuint (imtehan_lab_config_get_attempts_allowed (config), ==, 2);
  folder = imtehan_lab_config_dup_results_folder (config);
  g_assert_true (g_file_equal (folder, expected));

  /* The properties say the same as the getters (Preferences binds to them). */
  g_object_get (config, "mode", &mode, "time-limit", &limit, NULL);
  g_assert_cmpint (mode, ==, IMTEHAN_MODE_PRACTICE);
  g_assert_cmpuint (limit, ==, 30);

  /* A relative path in GSettings would depend on where the app starts: the default. */
  g_settings_set_string (settings, "results-folder", "results");
  g_clear_object (&folder);
  folder = imtehan_lab_config_dup_results_folder (config);
  g_assert_null (folder);
}

/* Builds the options as GApplication hands them to handle-local-options. */
static GVariantDict *
options_new (const char *first_name,
             ...)
{
  GVariantDict *options = g_variant_dict_new (NULL);
  const char *name;
  va_list args;

  va_start (args, first_name);
  for (name = first_name; name != NULL; name = va_arg (args, const char *))
    {
      const char *value = va_arg (args, const char *);

      if (g_str_equal (name, "learner-required"))
        g_variant_dict_insert (options, name, "b", TRUE);
      else if (g_str_equal (name, "results-folder"))
        g_variant_dict_insert_value (options, name, g_variant_new_bytestring (value));
      else
        g_variant_dict_insert (options, name, "s", value);
    }
  va_end (args);
  return options;
}

/* The options win for this run, and are never written back to GSettings. */
static void
test_options_override (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(ImtehanLabConfig) config = imtehan_lab_config_new (settings);
  g_autoptr(GVariantDict) options = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFile) expected = g_file_new_for_path ("/mnt/lab results");
  g_autofree char *folder_setting = NULL;
  guint mode_notified = 0;

  g_settings_set_uint (settings, "time-limit", 20);
  g_signal_connect (config, "notify::mode", G_CALLBACK (count_notify_cb), &mode_notified);

  options = options_new ("results-folder", "/mnt/lab results", "learner-required", NULL,
                         "mode", "practice", "time-limit", "45", "attempts", "3", NULL);
  g_assert_true (imtehan_lab_config_apply_options (config, options, &error));
  g_assert_no_error (error);

  folder = imtehan_lab_config_dup_results_folder (config);
  g_assert_true (g_file_equal (folder, expected));
  g_assert_true (imtehan_lab_config_get_learner_required (config));
  g_assert_cmpint (imtehan_lab_config_get_mode (config), ==, IMTEHAN_MODE_PRACTICE);
  g_assert_cmpuint (mode_notified, ==, 1);
  g_assert_cmpuint (imtehan_lab_config_get_time_limit (config), ==, 45);
  g_assert_cmpuint (imtehan_lab_config_get_attempts_allowed (config), ==, 3);
  g_assert_true (imtehan_lab_config_has_overrides (config));
  g_assert_true (imtehan_lab_config_is_overridden (config, "time-limit"));
  g_assert_true (imtehan_lab_config_is_overridden (config, "attempts-allowed"));
  g_assert_false (imtehan_lab_config_is_overridden (config, "start-quiz"));

  /* Not written back. */
  folder_setting = g_settings_get_string (settings, "results-folder");
  g_assert_cmpstr (folder_setting, ==, "");
  g_assert_false (g_settings_get_boolean (settings, "learner-required"));
  g_assert_cmpint (g_settings_get_enum (settings, "mode"), ==, IMTEHAN_MODE_EXAM);
  g_assert_cmpuint (g_settings_get_uint (settings, "time-limit"), ==, 20);
  g_assert_cmpuint (g_settings_get_uint (settings, "attempts-allowed"), ==, 0);

  /* A later change in GSettings does not undo the option; another key still follows. */
  g_settings_set_enum (settings, "mode", IMTEHAN_MODE_EXAM);
  g_settings_set_uint (settings, "time-limit", 90);
  g_settings_set_string (settings, "start-quiz", "other");
  g_assert_cmpint (imtehan_lab_config_get_mode (config), ==, IMTEHAN_MODE_PRACTICE);
  g_assert_cmpuint (mode_notified, ==, 1);
  g_assert_cmpuint (imtehan_lab_config_get_time_limit (config), ==, 45);
  g_assert_cmpstr (imtehan_lab_config_get_start_quiz (config), ==, "other");
}

/* A relative folder is relative to where the launcher runs, as a file argument is. */
static void
test_options_relative_folder (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(ImtehanLabConfig) config = imtehan_lab_config_new (settings);
  g_autoptr(GVariantDict) options = options_new ("results-folder", "results", NULL);
  g_autofree char *cwd = g_get_current_dir ();
  g_autofree char *expected = g_build_filename (cwd, "results", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (imtehan_lab_config_apply_options (config, options, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (imtehan_lab_config_get_results_folder (config), ==, expected);
  /* No option given: nothing overridden. */
  g_assert_false (imtehan_lab_config_is_overridden (config, "mode"));
}

/* A bad value is an error naming the option and the value, and changes nothing, not even
 * the good options given with it. */
static void
test_options_bad_values (void)
{
  static const struct {
    const char *name;
    const char *value;
    const char *option;
  } cases[] = {
    { "mode", "xyz", "--mode" },
    { "mode", "Exam", "--mode" },
    { "mode", "", "--mode" },
    { "time-limit", "-5", "--time-limit" },
    { "time-limit", "1441", "--time-limit" },
    { "time-limit", "99999999999999999999", "--time-limit" },
    { "time-limit", "ten", "--time-limit" },
    { "time-limit", "10 ", "--time-limit" },
    { "time-limit", "1.5", "--time-limit" },
    { "time-limit", "", "--time-limit" },
    { "attempts", "-1", "--attempts" },
    { "attempts", "1001", "--attempts" },
    { "attempts", "3x", "--attempts" },
    { "results-folder", "", "--results-folder" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GSettings) settings = new_settings ();
      g_autoptr(ImtehanLabConfig) config = imtehan_lab_config_new (settings);
      g_autoptr(GVariantDict) options = NULL;
      g_autoptr(GError) error = NULL;

      g_test_message ("%s=“%s”", cases[i].option, cases[i].value);
      /* With a good option before and after it. */
      options = options_new ("learner-required", NULL, cases[i].name, cases[i].value,
                             g_str_equal (cases[i].name, "mode") ? "attempts" : "mode",
                             g_str_equal (cases[i].name, "mode") ? "2" : "practice", NULL);
      g_assert_false (imtehan_lab_config_apply_options (config, options, &error));
      g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
      g_assert_true (g_str_has_prefix (error->message, cases[i].option));
      if (*cases[i].value)
        g_assert_nonnull (strstr (error->message, cases[i].value));

      g_assert_false (imtehan_lab_config_has_overrides (config));
      g_assert_false (imtehan_lab_config_get_learner_required (config));
      g_assert_cmpint (imtehan_lab_config_get_mode (config), ==, IMTEHAN_MODE_EXAM);
      g_assert_cmpuint (imtehan_lab_config_get_attempts_allowed (config), ==, 0);
    }
}

/* The limits are the schema's: the largest value it allows is accepted. */
static void
test_options_limits (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(ImtehanLabConfig) config = imtehan_lab_config_new (settings);
  g_autoptr(GVariantDict) options = options_new ("time-limit", "1440", "attempts", "0", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) key = NULL;
  g_autoptr(GVariant) too_long = NULL;

  g_assert_true (imtehan_lab_config_apply_options (config, options, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (imtehan_lab_config_get_time_limit (config), ==, 1440);
  g_assert_cmpuint (imtehan_lab_config_get_attempts_allowed (config), ==, 0);
  g_assert_true (imtehan_lab_config_is_overridden (config, "attempts-allowed"));
  /* The schema refuses what the option refused. */
  g_object_get (settings, "settings-schema", &schema, NULL);
  key = g_settings_schema_get_key (schema, "time-limit");
  too_long = g_variant_ref_sink (g_variant_new_uint32 (1441));
  g_assert_false (g_settings_schema_key_range_check (key, too_long));
}

/* A key locked by the administrator. dconf's locks cannot be made without a system database;
 * the keyfile backend has the same notion (a "locks" file in its defaults folder, one key
 * path a line), and g_settings_is_writable() asks the backend alike. */
static void
test_locked (void)
{
  g_autofree char *dir = g_dir_make_tmp ("imtehan-test-lab-config-XXXXXX", NULL);
  g_autofree char *keyfile = g_build_filename (dir, "settings", NULL);
  g_autofree char *locks = g_build_filename (dir, "locks", NULL);
  g_autofree char *defaults = g_build_filename (dir, "defaults", NULL);
  g_autoptr(GSettingsBackend) probe = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(ImtehanLabConfig) config = NULL;

  g_assert_true (g_file_set_contents (locks, "/io/github/imtehan/Imtehan/time-limit\n", -1, NULL));
  g_assert_true (g_file_set_contents (defaults, "[io/github/imtehan/Imtehan]\ntime-limit=uint32 40\n",
                                      -1, NULL));
  /* The type is private; its "defaults-dir" property is not reached by the constructor. */
  probe = g_keyfile_settings_backend_new (keyfile, "/", NULL);
  backend = g_object_new (G_OBJECT_TYPE (probe), "filename", keyfile, "root-path", "/",
                          "defaults-dir", dir, NULL);
  settings = g_settings_new_with_backend (SCHEMA_ID, backend);
  config = imtehan_lab_config_new (settings);

  g_assert_true (imtehan_lab_config_is_locked (config, "time-limit"));
  g_assert_cmpuint (imtehan_lab_config_get_time_limit (config), ==, 40);
  g_assert_false (imtehan_lab_config_is_locked (config, "mode"));

  g_clear_object (&config);
  g_clear_object (&settings);
  g_clear_object (&backend);
  g_clear_object (&probe);
  imtehan_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/lab-config/defaults", test_defaults);
  g_test_add_func ("/lab-config/follows-settings", test_follows_settings);
  g_test_add_func ("/lab-config/options/override", test_options_override);
  g_test_add_func ("/lab-config/options/relative-folder", test_options_relative_folder);
  g_test_add_func ("/lab-config/options/bad-values", test_options_bad_values);
  g_test_add_func ("/lab-config/options/limits", test_options_limits);
  g_test_add_func ("/lab-config/locked", test_locked);

  return g_test_run ();
}
