/* imtehan-lab-config.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lab's six settings (docs/lab-setup.md): what GSettings holds, where a lab
 * admin may have set and locked them with dconf, unless an option of the command line
 * overrides one for this run. An override is never written back: a launcher's options must
 * not change what the next plain launch does. GIO only, so the command line is checked
 * before any display is opened.
 */

#define G_LOG_DOMAIN "imtehan-lab-config"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-attempt.h"
#include "imtehan-lab-config.h"

/* In the order of the properties; each property is named as its key. */
typedef enum
{
  KEY_RESULTS_FOLDER,
  KEY_LEARNER_REQUIRED,
  KEY_START_QUIZ,
  KEY_MODE,
  KEY_TIME_LIMIT,
  KEY_ATTEMPTS_ALLOWED,
  N_KEYS
} Key;

static const char * const key_names[N_KEYS] = {
  "results-folder",
  "learner-required",
  "start-quiz",
  "mode",
  "time-limit",
  "attempts-allowed",
};

struct _ImtehanLabConfig
{
  GObject    parent_instance;

  GSettings *settings;
  GVariant  *values[N_KEYS];     /* what is in force: the override, else GSettings' value */
  gboolean   overridden[N_KEYS];
};

G_DEFINE_FINAL_TYPE (ImtehanLabConfig, imtehan_lab_config, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_RESULTS_FOLDER,
  PROP_LEARNER_REQUIRED,
  PROP_START_QUIZ,
  PROP_MODE,
  PROP_TIME_LIMIT,
  PROP_ATTEMPTS_ALLOWED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define PROP_OF_KEY(key) (PROP_RESULTS_FOLDER + (key))

static int
key_from_name (const char *name)
{
  for (int i = 0; i < N_KEYS; i++)
    if (g_strcmp0 (name, key_names[i]) == 0)
      return i;
  return -1;
}

static void
settings_changed_cb (ImtehanLabConfig *self,
                     const char       *name,
                     GSettings        *settings)
{
  int key = key_from_name (name);

  if (key < 0 || self->overridden[key])
    return;
  g_clear_pointer (&self->values[key], g_variant_unref);
  self->values[key] = g_settings_get_value (self->settings, name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OF_KEY (key)]);
}

static void
imtehan_lab_config_constructed (GObject *object)
{
  ImtehanLabConfig *self = (ImtehanLabConfig *)object;

  G_OBJECT_CLASS (imtehan_lab_config_parent_class)->constructed (object);

  g_assert (G_IS_SETTINGS (self->settings));
  /* GSettings signals a change only of a key read after the handler was connected. */
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (settings_changed_cb), self,
                           G_CONNECT_SWAPPED);
  for (int i = 0; i < N_KEYS; i++)
    self->values[i] = g_settings_get_value (self->settings, key_names[i]);
}

static void
imtehan_lab_config_dispose (GObject *object)
{
  ImtehanLabConfig *self = (ImtehanLabConfig *)object;

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (imtehan_lab_config_parent_class)->dispose (object);
}

static void
imtehan_lab_config_finalize (GObject *object)
{
  ImtehanLabConfig *self = (ImtehanLabConfig *)object;

  for (int i = 0; i < N_KEYS; i++)
    g_clear_pointer (&self->values[i], g_variant_unref);

  G_OBJECT_CLASS (imtehan_lab_config_parent_class)->finalize (object);
}

static void
imtehan_lab_config_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  ImtehanLabConfig *self = IMTEHAN_LAB_CONFIG (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_RESULTS_FOLDER:
      g_value_set_string (value, imtehan_lab_config_get_results_folder (self));
      break;
    case PROP_LEARNER_REQUIRED:
      g_value_set_boolean (value, imtehan_lab_config_get_learner_required (self));
      break;
    case PROP_START_QUIZ:
      g_value_set_string (value, imtehan_lab_config_get_start_quiz (self));
      break;
    case PROP_MODE:
      g_value_set_enum (value, imtehan_lab_config_get_mode (self));
      break;
    case PROP_TIME_LIMIT:
      g_value_set_uint (value, imtehan_lab_config_get_time_limit (self));
      break;
    case PROP_ATTEMPTS_ALLOWED:
      g_value_set_uint (value, imtehan_lab_config_get_attempts_allowed (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_lab_config_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  ImtehanLabConfig *self = IMTEHAN_LAB_CONFIG (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_lab_config_class_init (ImtehanLabConfigClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = imtehan_lab_config_constructed;
  object_class->dispose = imtehan_lab_config_dispose;
  object_class->finalize = imtehan_lab_config_finalize;
  object_class->get_property = imtehan_lab_config_get_property;
  object_class->set_property = imtehan_lab_config_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The settings in force, read-only: they are changed through GSettings (Preferences,
   * dconf) or for one run by imtehan_lab_config_apply_options(). */
  properties[PROP_RESULTS_FOLDER] =
    g_param_spec_string ("results-folder", NULL, NULL, "", flags);
  properties[PROP_LEARNER_REQUIRED] =
    g_param_spec_boolean ("learner-required", NULL, NULL, FALSE, flags);
  properties[PROP_START_QUIZ] =
    g_param_spec_string ("start-quiz", NULL, NULL, "", flags);
  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL, IMTEHAN_TYPE_MODE, IMTEHAN_MODE_EXAM, flags);
  properties[PROP_TIME_LIMIT] =
    g_param_spec_uint ("time-limit", NULL, NULL, 0, G_MAXUINT32, 0, flags);
  properties[PROP_ATTEMPTS_ALLOWED] =
    g_param_spec_uint ("attempts-allowed", NULL, NULL, 0, G_MAXUINT32, 0, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imtehan_lab_config_init (ImtehanLabConfig *self)
{
}

/**
 * imtehan_lab_config_new:
 * @settings: a #GSettings of the schema io.github.imtehan.Imtehan
 *
 * Returns: (transfer full): the settings in force, following @settings as it changes
 */
ImtehanLabConfig *
imtehan_lab_config_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (IMTEHAN_TYPE_LAB_CONFIG, "settings", settings, NULL);
}

GSettings *
imtehan_lab_config_get_settings (ImtehanLabConfig *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LAB_CONFIG (self), NULL);
  return self->settings;
}

/* The schema's range of a "u" key: the one place the limits are written (the .gschema.xml). */
static void
get_range (ImtehanLabConfig *self,
           const char       *name,
           guint64          *min,
           guint64          *max)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) key = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) limits = NULL;
  const char *type;
  guint32 lo, hi;

  g_object_get (self->settings, "settings-schema", &schema, NULL);
  key = g_settings_schema_get_key (schema, name);
  range = g_settings_schema_key_get_range (key);
  g_variant_get (range, "(&sv)", &type, &limits);
  g_assert (g_str_equal (type, "range"));
  g_variant_get (limits, "(uu)", &lo, &hi);
  *min = lo;
  *max = hi;
}

/* A whole number within the key's range, else an error naming the option and the range. */
static GVariant *
parse_count (ImtehanLabConfig  *self,
             const char        *option,
             const char        *key,
             const char        *text,
             GError           **error)
{
  guint64 min, max, number;

  get_range (self, key, &min, &max);
  /* g_ascii_string_to_unsigned() refuses a sign, spaces and trailing text. */
  if (!g_ascii_string_to_unsigned (text, 10, min, max, &number, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: --time-limit: “abc” is not a whole number from 0 to 1440 */
                   _("%s: “%s” is not a whole number from %u to %u"),
                   option, text, (guint)min, (guint)max);
      return NULL;
    }
  return g_variant_ref_sink (g_variant_new_uint32 ((guint32)number));
}

/* Checks every option given; fills @parsed with the values. */
static gboolean
parse_options (ImtehanLabConfig  *self,
               GVariantDict      *options,
               GVariant          *parsed[N_KEYS],
               GError           **error)
{
  const char *folder = NULL;
  const char *mode = NULL;
  const char *text = NULL;
  gboolean learner_required = FALSE;

  if (g_variant_dict_lookup (options, "results-folder", "^&ay", &folder))
    {
      g_autoptr(GFile) file = NULL;
      g_autofree char *path = NULL;

      if (*folder == '\0')
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--results-folder: the folder’s name is empty"));
          return FALSE;
        }
      /* Relative to where the launcher runs, as any file argument is. */
      file = g_file_new_for_commandline_arg (folder);
      path = g_file_get_path (file);
      if (path == NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--results-folder: “%s” is not a local folder"), folder);
          return FALSE;
        }
      parsed[KEY_RESULTS_FOLDER] = g_variant_ref_sink (g_variant_new_string (path));
    }

  if (g_variant_dict_lookup (options, "learner-required", "b", &learner_required)
      && learner_required)
    parsed[KEY_LEARNER_REQUIRED] = g_variant_ref_sink (g_variant_new_boolean (TRUE));

  if (g_variant_dict_lookup (options, "mode", "&s", &mode))
    {
      if (!g_str_equal (mode, "exam") && !g_str_equal (mode, "practice"))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: "exam" and "practice" are typed as they are */
                       _("--mode: “%s” is neither exam nor practice"), mode);
          return FALSE;
        }
      parsed[KEY_MODE] = g_variant_ref_sink (g_variant_new_string (mode));
    }

  if (g_variant_dict_lookup (options, "time-limit", "&s", &text)
      && !(parsed[KEY_TIME_LIMIT] = parse_count (self, "--time-limit", "time-limit", text, error)))
    return FALSE;

  if (g_variant_dict_lookup (options, "attempts", "&s", &text)
      && !(parsed[KEY_ATTEMPTS_ALLOWED] = parse_count (self, "--attempts", "attempts-allowed",
                                                       text, error)))
    return FALSE;

  return TRUE;
}

/**
 * imtehan_lab_config_apply_options:
 * @options: the application's options (see imtehan-application.c: results-folder as a
 *   filename, learner-required as a boolean, mode, time-limit and attempts as strings)
 * @error: the first bad value, as a message for the user
 *
 * Overrides the settings the options give, for this process only. Every value is checked
 * before any is applied: on error nothing changes.
 *
 * Returns: %FALSE when a value is wrong
 */
gboolean
imtehan_lab_config_apply_options (ImtehanLabConfig  *self,
                                  GVariantDict      *options,
                                  GError           **error)
{
  GVariant *parsed[N_KEYS] = { NULL, };

  g_return_val_if_fail (IMTEHAN_IS_LAB_CONFIG (self), FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  if (!parse_options (self, options, parsed, error))
    {
      for (int i = 0; i < N_KEYS; i++)
        g_clear_pointer (&parsed[i], g_variant_unref);
      return FALSE;
    }

  for (int i = 0; i < N_KEYS; i++)
    if (parsed[i] != NULL)
      {
        g_clear_pointer (&self->values[i], g_variant_unref);
        self->values[i] = parsed[i];
        self->overridden[i] = TRUE;
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OF_KEY (i)]);
      }
  return TRUE;
}

/* Whether any setting comes from the command line in this run. */
gboolean
imtehan_lab_config_has_overrides (ImtehanLabConfig *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LAB_CONFIG (self), FALSE);

  for (int i = 0; i < N_KEYS; i++)
    if (self->overridden[i])
      return TRUE;
  return FALSE;
}

/* Whether @key's value in force comes from the command line (so Preferences cannot change it
 * for this run). */
gboolean
imtehan_lab_config_is_overridden (ImtehanLabConfig *self,
                                  const char       *key)
{
  int i;

  g_return_val_if_fail (IMTEHAN_IS_LAB_CONFIG (self), FALSE);
  i = key_from_name (key);
  g_return_val_if_fail (i >= 0, FALSE);

  return self->overridden[i];
}

/* Whether an administrator locked @key (a dconf lock, or a read-only backend). */
gboolean
imtehan_lab_config_is_locked (ImtehanLabConfig *self,
                              const char       *key)
{
  g_return_val_if_fail (IMTEHAN_IS_LAB_CONFIG (self), FALSE);
  g_return_val_if_fail (key_from_name (key) >= 0, FALSE);

  return !g_settings_is_writable (self->settings, key);
}

/* The folder's path as set, "" for the default per-user folder. */
const char *
imtehan_lab_config_get_results_folder (ImtehanLabConfig *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LAB_CONFIG (self), NULL);
  return g_variant_get_string (self->values[KEY_RESULTS_FOLDER], NULL);
}

/**
 * imtehan_lab_config_dup_results_folder:
 *
 * Returns: (transfer full) (nullable): the results folder the lab set, or %NULL for the
 *   default per-user folder (also for a relative path in GSettings, which would depend on
 *   where the app was started)
 */
GFile *
imtehan_lab_config_dup_results_folder (ImtehanLabConfig *self)
{
  const char *path;

  g_return_val_if_fail (IMTEHAN_IS_LAB_CONFIG (self), NULL);

  path = imtehan_lab_config_get_results_folder (self);
  if (path == NULL || *path == '\0')
    return NULL;
  if (!g_path_is_absolute (path))
    {
      g_message ("The results-folder setting “%s” is not an absolute path: "
                 "using the default folder", path);
      return NULL;
    }
  return g_file_new_for_path (path);
}

gboolean
imtehan_lab_config_get_learner_required (ImtehanLabConfig *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LAB_CONFIG (self), FALSE);
  return g_variant_get_boolean (self->values[KEY_LEARNER_REQUIRED]);
}

/* A quiz id, or "" for the library (or the only quiz). */
const char *
imtehan_lab_config_get_start_quiz (ImtehanLabConfig *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LAB_CONFIG (self), NULL);
  return g_variant_get_string (self->values[KEY_START_QUIZ], NULL);
}

ImtehanMode
imtehan_lab_config_get_mode (ImtehanLabConfig *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LAB_CONFIG (self), IMTEHAN_MODE_EXAM);
  return g_str_equal (g_variant_get_string (self->values[KEY_MODE], NULL), "practice")
           ? IMTEHAN_MODE_PRACTICE : IMTEHAN_MODE_EXAM;
}

/* Minutes; 0 for no time limit. */
guint
imtehan_lab_config_get_time_limit (ImtehanLabConfig *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LAB_CONFIG (self), 0);
  return g_variant_get_uint32 (self->values[KEY_TIME_LIMIT]);
}

/* Per learner and quiz; 0 for no limit. */
guint
imtehan_lab_config_get_attempts_allowed (ImtehanLabConfig *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LAB_CONFIG (self), 0);
  return g_variant_get_uint32 (self->values[KEY_ATTEMPTS_ALLOWED]);
}
