/* imtehan-preferences-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lab's settings, for the admin of a PC (docs/lab-setup.md). Each row writes its GSettings
 * key; a key the administrator locked, or that the command line set for this run, is shown
 * but cannot be changed here, and its row says why.
 */

#define G_LOG_DOMAIN "imtehan-preferences-page"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-dialogs.h"
#include "imtehan-i18n.h"
#include "imtehan-preferences-page.h"

struct _ImtehanPreferencesPage
{
  AdwPreferencesPage    parent_instance;

  ImtehanLabConfig     *config;
  ImtehanLibrary       *library;
  GSettings            *settings;
  GPtrArray            *quiz_ids;      /* char *: the start-quiz value of each combo position */
  gboolean              syncing;       /* the combo is being set from the setting */
  GCancellable         *chooser_cancellable;

  AdwActionRow         *results_folder_row;
  GtkButton            *choose_folder_button;
  GtkButton            *reset_folder_button;
  AdwActionRow         *learner_required_row;
  GtkSwitch            *learner_required_switch;
  AdwComboRow          *start_quiz_row;
  AdwComboRow          *mode_row;
  AdwActionRow         *time_limit_row;
  GtkSpinButton        *time_limit_spin;
  AdwActionRow         *attempts_allowed_row;
  GtkSpinButton        *attempts_allowed_spin;
};

G_DEFINE_FINAL_TYPE (ImtehanPreferencesPage, imtehan_preferences_page,
                     ADW_TYPE_PREFERENCES_PAGE)

enum {
  PROP_0,
  PROP_CONFIG,
  PROP_LIBRARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A row the admin cannot change now is insensitive, and its subtitle says who set it. */
static void
update_row (ImtehanPreferencesPage *self,
            const char             *key,
            AdwActionRow           *row,
            const char             *detail)
{
  gboolean overridden = imtehan_lab_config_is_overridden (self->config, key);
  gboolean locked = imtehan_lab_config_is_locked (self->config, key);
  const char *note = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *markup = NULL;

  /* The command line's value is the one in force, locked or not. */
  if (overridden)
    note = _("Set on the command line for this run");
  else if (locked)
    note = _("Set by the administrator");

  if (note != NULL && detail != NULL)
    subtitle = g_strdup_printf ("%s\n%s", detail, note);
  else
    subtitle = g_strdup (note != NULL ? note : detail);
  /* libadwaita reads a subtitle as Pango markup: a folder may have a "&" in its name. */
  markup = g_markup_escape_text (subtitle != NULL ? subtitle : "", -1);
  adw_action_row_set_subtitle (row, markup);
  gtk_widget_set_sensitive (GTK_WIDGET (row), !overridden && !locked);
}

static void
update_rows (ImtehanPreferencesPage *self)
{
  const char *folder = imtehan_lab_config_get_results_folder (self->config);
  gboolean folder_editable = !imtehan_lab_config_is_overridden (self->config, "results-folder") &&
                             !imtehan_lab_config_is_locked (self->config, "results-folder");

  update_row (self, "results-folder", self->results_folder_row,
              *folder ? folder : _("Each user’s own folder"));
  gtk_widget_set_visible (GTK_WIDGET (self->reset_folder_button), folder_editable && *folder);
  update_row (self, "learner-required", self->learner_required_row,
              _("Before each attempt, with an optional roll number"));
  update_row (self, "start-quiz", ADW_ACTION_ROW (self->start_quiz_row),
              _("The library opens on its only quiz when it has one"));
  update_row (self, "mode", ADW_ACTION_ROW (self->mode_row),
              _("Exam: marked at the end. Practice: each answer checked at once"));
  update_row (self, "time-limit", self->time_limit_row, _("0 for no time limit"));
  update_row (self, "attempts-allowed", self->attempts_allowed_row,
              _("Per learner and quiz, 0 for no limit; counted in the results folder, "
                "so it is a soft check, not a secure one"));
}

static void
writable_changed_cb (ImtehanPreferencesPage *self)
{
  update_rows (self);
}

/* The combo of quizzes: "the library" first, then each quiz that loads, and the setting's
 * own id if the library does not have it (so that a value set with dconf is shown, not
 * silently replaced). */
static void
rebuild_start_quiz (ImtehanPreferencesPage *self)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  const char *current = imtehan_lab_config_get_start_quiz (self->config);
  GListModel *entries = G_LIST_MODEL (self->library);
  guint selected = GTK_INVALID_LIST_POSITION;

  g_ptr_array_set_size (self->quiz_ids, 0);
  g_ptr_array_add (self->quiz_ids, g_strdup (""));
  gtk_string_list_append (list, _("The library"));
  for (guint i = 0; entries != NULL && i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(ImtehanLibraryEntry) entry = g_list_model_get_item (entries, i);

      if (!imtehan_library_entry_is_valid (entry))
        continue;
      g_ptr_array_add (self->quiz_ids, g_strdup (imtehan_library_entry_get_id (entry)));
      gtk_string_list_append (list, imtehan_library_entry_get_title (entry,
                                                                     imtehan_i18n_get_language ()));
    }
  for (guint i = 0; i < self->quiz_ids->len; i++)
    if (g_str_equal (g_ptr_array_index (self->quiz_ids, i), current))
      selected = i;
  if (selected == GTK_INVALID_LIST_POSITION)
    {
      g_autofree char *label = g_strdup_printf (_("“%s” (not in the library)"), current);

      selected = self->quiz_ids->len;
      g_ptr_array_add (self->quiz_ids, g_strdup (current));
      gtk_string_list_append (list, label);
    }

  self->syncing = TRUE;
  adw_combo_row_set_model (self->start_quiz_row, G_LIST_MODEL (list));
  adw_combo_row_set_selected (self->start_quiz_row, selected);
  self->syncing = FALSE;
}

static void
start_quiz_selected_cb (ImtehanPreferencesPage *self)
{
  guint position = adw_combo_row_get_selected (self->start_quiz_row);

  if (self->syncing || position >= self->quiz_ids->len)
    return;
  g_settings_set_string (self->settings, "start-quiz", g_ptr_array_index (self->quiz_ids, position));
}

static void
config_notify_cb (ImtehanPreferencesPage *self,
                  GParamSpec             *pspec)
{
  /* Not when the combo wrote it: its model must not be replaced while it selects. */
  if (g_str_equal (pspec->name, "start-quiz"))
    {
      guint position = adw_combo_row_get_selected (self->start_quiz_row);

      if (position >= self->quiz_ids->len ||
          !g_str_equal (g_ptr_array_index (self->quiz_ids, position),
                        imtehan_lab_config_get_start_quiz (self->config)))
        rebuild_start_quiz (self);
    }
  update_rows (self);
}

/* The combo's position is the ImtehanMode, and the key holds its nick. */
static gboolean
mode_get_mapping (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  g_value_set_uint (value, g_str_equal (g_variant_get_string (variant, NULL), "practice")
                             ? IMTEHAN_MODE_PRACTICE : IMTEHAN_MODE_EXAM);
  return TRUE;
}

static GVariant *
mode_set_mapping (const GValue       *value,
                  const GVariantType *expected_type,
                  gpointer            user_data)
{
  return g_variant_new_string (g_value_get_uint (value) == IMTEHAN_MODE_PRACTICE ? "practice"
                                                                                 : "exam");
}

/* A switch or a spin button shows the setting in force: GSettings' value, which it also
 * writes, or for this run the command line's. */
static void
bind_value (ImtehanPreferencesPage *self,
            const char             *key,
            gpointer                target,
            const char             *property)
{
  if (imtehan_lab_config_is_overridden (self->config, key))
    g_object_bind_property (self->config, key, target, property, G_BINDING_SYNC_CREATE);
  else
    g_settings_bind (self->settings, key, target, property,
                     G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY);
}

/* The spin button's bounds are the key's range in the schema, which the command line
 * checks too (imtehan-lab-config.c). */
static void
set_range (ImtehanPreferencesPage *self,
           const char             *key,
           GtkSpinButton          *spin)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) limits = NULL;
  guint32 lo, hi;

  g_object_get (self->settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  range = g_settings_schema_key_get_range (schema_key);
  g_variant_get (range, "(&sv)", NULL, &limits);
  g_variant_get (limits, "(uu)", &lo, &hi);
  gtk_spin_button_set_range (spin, lo, hi);
}

static void
folder_chosen_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) files = imtehan_dialogs_open_finish (result, &error);
  g_autoptr(GFile) folder = NULL;
  g_autofree char *path = NULL;
  ImtehanPreferencesPage *self;

  /* Cancelled when the page goes: only then is @user_data gone. */
  if (files == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_message ("The folder chooser failed: %s", error->message);
      return;
    }
  self = IMTEHAN_PREFERENCES_PAGE (user_data);
  if (g_list_model_get_n_items (files) == 0)
    return;
  folder = g_list_model_get_item (files, 0);

  /* The store writes through POSIX calls: a folder must have a path (under Flatpak, the
   * document portal gives one). */
  if ((path = g_file_get_path (folder)) == NULL)
    {
      imtehan_dialogs_add_toast (GTK_WIDGET (self),
                                 imtehan_dialogs_toast_new (_("Choose a folder on this PC or "
                                                              "on a mounted share")));
      return;
    }
  g_settings_set_string (self->settings, "results-folder", path);
}

static void
choose_folder_cb (ImtehanPreferencesPage *self)
{
  g_autoptr(GFile) current = imtehan_lab_config_dup_results_folder (self->config);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  g_cancellable_cancel (self->chooser_cancellable);
  g_clear_object (&self->chooser_cancellable);
  self->chooser_cancellable = g_cancellable_new ();
  /* Under Flatpak the portal's chooser grants the app the folder chosen. */
  imtehan_dialogs_open_async (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                              _("Results Folder"), _("_Select"), IMTEHAN_CHOOSE_FOLDER, NULL,
                              current, self->chooser_cancellable, folder_chosen_cb, self);
}

static void
reset_folder_cb (ImtehanPreferencesPage *self)
{
  g_settings_reset (self->settings, "results-folder");
}

static void
imtehan_preferences_page_constructed (GObject *object)
{
  ImtehanPreferencesPage *self = (ImtehanPreferencesPage *)object;

  G_OBJECT_CLASS (imtehan_preferences_page_parent_class)->constructed (object);

  g_assert (IMTEHAN_IS_LAB_CONFIG (self->config));
  self->settings = g_object_ref (imtehan_lab_config_get_settings (self->config));

  set_range (self, "time-limit", self->time_limit_spin);
  set_range (self, "attempts-allowed", self->attempts_allowed_spin);
  bind_value (self, "learner-required", self->learner_required_switch, "active");
  bind_value (self, "time-limit", gtk_spin_button_get_adjustment (self->time_limit_spin), "value");
  bind_value (self, "attempts-allowed", gtk_spin_button_get_adjustment (self->attempts_allowed_spin),
              "value");
  if (imtehan_lab_config_is_overridden (self->config, "mode"))
    adw_combo_row_set_selected (self->mode_row, imtehan_lab_config_get_mode (self->config));
  else
    g_settings_bind_with_mapping (self->settings, "mode", self->mode_row, "selected",
                                  G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY,
                                  mode_get_mapping, mode_set_mapping, NULL, NULL);

  rebuild_start_quiz (self);
  g_signal_connect_object (self->start_quiz_row, "notify::selected",
                           G_CALLBACK (start_quiz_selected_cb), self, G_CONNECT_SWAPPED);
  if (self->library != NULL)
    g_signal_connect_object (self->library, "items-changed", G_CALLBACK (rebuild_start_quiz),
                             self, G_CONNECT_SWAPPED);

  g_signal_connect_object (self->config, "notify", G_CALLBACK (config_notify_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "writable-changed", G_CALLBACK (writable_changed_cb),
                           self, G_CONNECT_SWAPPED);
  update_rows (self);
}

static void
imtehan_preferences_page_dispose (GObject *object)
{
  ImtehanPreferencesPage *self = (ImtehanPreferencesPage *)object;

  g_cancellable_cancel (self->chooser_cancellable);
  g_clear_object (&self->chooser_cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_PREFERENCES_PAGE);
  g_clear_object (&self->settings);
  g_clear_object (&self->config);
  g_clear_object (&self->library);

  G_OBJECT_CLASS (imtehan_preferences_page_parent_class)->dispose (object);
}

static void
imtehan_preferences_page_finalize (GObject *object)
{
  ImtehanPreferencesPage *self = (ImtehanPreferencesPage *)object;

  g_clear_pointer (&self->quiz_ids, g_ptr_array_unref);

  G_OBJECT_CLASS (imtehan_preferences_page_parent_class)->finalize (object);
}

static void
imtehan_preferences_page_get_property (GObject    *object,
                                         guint       prop_id,
                                         GValue     *value,
                                         GParamSpec *pspec)
{
  ImtehanPreferencesPage *self = IMTEHAN_PREFERENCES_PAGE (object);

  switch (prop_id)
    {
    case PROP_CONFIG:
      g_value_set_object (value, self->config);
      break;
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_preferences_page_set_property (GObject      *object,
                                         guint         prop_id,
                                         const GValue *value,
                                         GParamSpec   *pspec)
{
  ImtehanPreferencesPage *self = IMTEHAN_PREFERENCES_PAGE (object);

  switch (prop_id)
    {
    case PROP_CONFIG:
      self->config = g_value_dup_object (value);
      break;
    case PROP_LIBRARY:
      self->library = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_preferences_page_class_init (ImtehanPreferencesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = imtehan_preferences_page_constructed;
  object_class->dispose = imtehan_preferences_page_dispose;
  object_class->finalize = imtehan_preferences_page_finalize;
  object_class->get_property = imtehan_preferences_page_get_property;
  object_class->set_property = imtehan_preferences_page_set_property;

  properties[PROP_CONFIG] =
    g_param_spec_object ("config", NULL, NULL, IMTEHAN_TYPE_LAB_CONFIG,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, IMTEHAN_TYPE_LIBRARY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-preferences-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanPreferencesPage, results_folder_row);
  gtk_widget_class_bind_template_child (widget_class, ImtehanPreferencesPage, choose_folder_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanPreferencesPage, reset_folder_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanPreferencesPage, learner_required_row);
  gtk_widget_class_bind_template_child (widget_class, ImtehanPreferencesPage, learner_required_switch);
  gtk_widget_class_bind_template_child (widget_class, ImtehanPreferencesPage, start_quiz_row);
  gtk_widget_class_bind_template_child (widget_class, ImtehanPreferencesPage, mode_row);
  gtk_widget_class_bind_template_child (widget_class, ImtehanPreferencesPage, time_limit_row);
  gtk_widget_class_bind_template_child (widget_class, ImtehanPreferencesPage, time_limit_spin);
  gtk_widget_class_bind_template_child (widget_class, ImtehanPreferencesPage, attempts_allowed_row);
  gtk_widget_class_bind_template_child (widget_class, ImtehanPreferencesPage, attempts_allowed_spin);
  gtk_widget_class_bind_template_callback (widget_class, choose_folder_cb);
  gtk_widget_class_bind_template_callback (widget_class, reset_folder_cb);
}

static void
imtehan_preferences_page_init (ImtehanPreferencesPage *self)
{
  self->quiz_ids = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));
}

ImtehanPreferencesPage *
imtehan_preferences_page_new (ImtehanLabConfig *config,
                              ImtehanLibrary   *library)
{
  g_return_val_if_fail (IMTEHAN_IS_LAB_CONFIG (config), NULL);
  g_return_val_if_fail (library == NULL || IMTEHAN_IS_LIBRARY (library), NULL);

  return g_object_new (IMTEHAN_TYPE_PREFERENCES_PAGE,
                       "config", config,
                       "library", library,
                       NULL);
}

/**
 * imtehan_preferences_page_present:
 *
 * Opened from the main menu (app.preferences, Ctrl+comma) over @parent.
 *
 * Returns: (transfer none): the Preferences dialog, with the page in it
 */
GtkWidget *
imtehan_preferences_page_present (ImtehanContext *context,
                                  GtkWindow      *parent)
{
  ImtehanPreferencesPage *page;

  g_return_val_if_fail (IMTEHAN_IS_CONTEXT (context), NULL);

  page = imtehan_preferences_page_new (imtehan_context_get_lab_config (context),
                                       imtehan_context_get_library (context));
  return imtehan_dialogs_show_preferences (parent, _("Preferences"), ADW_PREFERENCES_PAGE (page));
}
