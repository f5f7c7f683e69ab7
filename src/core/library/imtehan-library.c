/* imtehan-library.c: where the quizzes come from
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A list of ImtehanLibraryEntry, one per quiz id by the duplicate rule, and every broken
 * file. Listing the folders: imtehan-library-listing.c; opening a file into the user's
 * folder: imtehan-library-import.c.
 */

#define G_LOG_DOMAIN "imtehan-library"

#include "config.h"

#include "imtehan-library-private.h"
#include "imtehan-quiz-versions.h"

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ImtehanLibrary, imtehan_library, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

enum {
  PROP_0,
  PROP_BUNDLED_RESOURCES,
  PROP_SYSTEM_FOLDERS,
  PROP_USER_FOLDER,
  PROP_CACHE_FILE,
  PROP_LISTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GType
imtehan_library_get_item_type (GListModel *model)
{
  return IMTEHAN_TYPE_LIBRARY_ENTRY;
}

static guint
imtehan_library_get_n_items (GListModel *model)
{
  return IMTEHAN_LIBRARY (model)->entries->len;
}

static gpointer
imtehan_library_get_item (GListModel *model,
                          guint       position)
{
  ImtehanLibrary *self = IMTEHAN_LIBRARY (model);

  if (position >= self->entries->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->entries, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = imtehan_library_get_item_type;
  iface->get_n_items = imtehan_library_get_n_items;
  iface->get_item = imtehan_library_get_item;
}

static void
imtehan_library_dispose (GObject *object)
{
  ImtehanLibrary *self = (ImtehanLibrary *)object;

  if (self->entries != NULL)
    g_ptr_array_set_size (self->entries, 0);
  g_clear_object (&self->versions);

  G_OBJECT_CLASS (imtehan_library_parent_class)->dispose (object);
}

static void
imtehan_library_finalize (GObject *object)
{
  ImtehanLibrary *self = (ImtehanLibrary *)object;

  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->bundled, g_strfreev);
  g_clear_pointer (&self->system_folders, g_strfreev);
  g_clear_pointer (&self->user_folder, g_free);
  g_clear_pointer (&self->cache_file, g_free);

  G_OBJECT_CLASS (imtehan_library_parent_class)->finalize (object);
}

static void
imtehan_library_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ImtehanLibrary *self = IMTEHAN_LIBRARY (object);

  switch (prop_id)
    {
    case PROP_BUNDLED_RESOURCES:
      g_value_set_boxed (value, self->bundled);
      break;
    case PROP_SYSTEM_FOLDERS:
      g_value_set_boxed (value, self->system_folders);
      break;
    case PROP_USER_FOLDER:
      g_value_set_string (value, self->user_folder);
      break;
    case PROP_CACHE_FILE:
      g_value_set_string (value, self->cache_file);
      break;
    case PROP_LISTED:
      g_value_set_boolean (value, self->listed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_library_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  ImtehanLibrary *self = IMTEHAN_LIBRARY (object);

  switch (prop_id)
    {
    case PROP_BUNDLED_RESOURCES:
      self->bundled = g_value_dup_boxed (value);
      break;
    case PROP_SYSTEM_FOLDERS:
      self->system_folders = g_value_dup_boxed (value);
      break;
    case PROP_USER_FOLDER:
      self->user_folder = g_value_dup_string (value);
      break;
    case PROP_CACHE_FILE:
      self->cache_file = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_library_constructed (GObject *object)
{
  ImtehanLibrary *self = (ImtehanLibrary *)object;

  G_OBJECT_CLASS (imtehan_library_parent_class)->constructed (object);

  if (self->bundled == NULL)
    self->bundled = g_new0 (char *, 1);
  if (self->system_folders == NULL)
    self->system_folders = g_new0 (char *, 1);
  g_assert (self->user_folder != NULL);
}

static void
imtehan_library_class_init (ImtehanLibraryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = imtehan_library_constructed;
  object_class->dispose = imtehan_library_dispose;
  object_class->finalize = imtehan_library_finalize;
  object_class->get_property = imtehan_library_get_property;
  object_class->set_property = imtehan_library_set_property;

  /* Paths in the GResource ("/io/github/imtehan/Imtehan/quizzes/x.quiz"). */
  properties[PROP_BUNDLED_RESOURCES] =
    g_param_spec_boxed ("bundled-resources", NULL, NULL, G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The folders themselves (".../imtehan/quizzes"), the most important first. */
  properties[PROP_SYSTEM_FOLDERS] =
    g_param_spec_boxed ("system-folders", NULL, NULL, G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* Where opened quizzes are copied; made at the first import. */
  properties[PROP_USER_FOLDER] =
    g_param_spec_string ("user-folder", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* Where the cards of the quizzes listed are kept between starts (imtehan-library-cache.c). */
  properties[PROP_CACHE_FILE] =
    g_param_spec_string ("cache-file", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* Whether a listing has finished: until then a quiz not found may still come. Set after
   * the list's items-changed, so that a handler of it still sees the listing under way. */
  properties[PROP_LISTED] =
    g_param_spec_boolean ("listed", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imtehan_library_init (ImtehanLibrary *self)
{
  self->entries = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * imtehan_library_new:
 * @bundled_resources: (nullable): GResource paths of the bundled quizzes
 * @system_folders: (nullable): folders of quizzes installed for everyone, the most important
 *   first, as $XDG_DATA_DIRS orders them
 * @user_folder: the user's folder of quizzes, where opened files are copied
 *
 * The library is empty until imtehan_library_reload_async() has listed the folders.
 */
ImtehanLibrary *
imtehan_library_new (const char * const *bundled_resources,
                     const char * const *system_folders,
                     const char         *user_folder)
{
  g_return_val_if_fail (user_folder != NULL, NULL);

  return g_object_new (IMTEHAN_TYPE_LIBRARY,
                       "bundled-resources", bundled_resources,
                       "system-folders", system_folders,
                       "user-folder", user_folder,
                       NULL);
}

/* The folders of DESIGN.md: $XDG_DATA_DIRS/imtehan/quizzes and $XDG_DATA_HOME/imtehan/quizzes
 * (inside Flatpak, the app's own data folder and /app/share among the system's). */
ImtehanLibrary *
imtehan_library_new_default (const char * const *bundled_resources)
{
  const char * const *dirs = g_get_system_data_dirs ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) system_folders = NULL;
  g_autofree char *user_folder = g_build_filename (g_get_user_data_dir (), "imtehan", "quizzes",
                                                   NULL);
  g_autofree char *cache_file = g_build_filename (g_get_user_cache_dir (), "imtehan",
                                                  "library.cache", NULL);

  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autofree char *folder = g_build_filename (dirs[i], "imtehan", "quizzes", NULL);

      g_strv_builder_add (builder, folder);
    }
  system_folders = g_strv_builder_end (builder);

  return g_object_new (IMTEHAN_TYPE_LIBRARY,
                       "bundled-resources", bundled_resources,
                       "system-folders", system_folders,
                       "user-folder", user_folder,
                       "cache-file", cache_file,
                       NULL);
}

/* Where the imports are kept by their digest, besides the copy in the user's folder. */
void
imtehan_library_set_versions (ImtehanLibrary      *self,
                              ImtehanQuizVersions *versions)
{
  g_return_if_fail (IMTEHAN_IS_LIBRARY (self));
  g_return_if_fail (versions == NULL || IMTEHAN_IS_QUIZ_VERSIONS (versions));

  g_set_object (&self->versions, versions);
}

GFile *
imtehan_library_get_user_folder (ImtehanLibrary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY (self), NULL);
  return g_file_new_for_path (self->user_folder);
}

/**
 * imtehan_library_lookup:
 *
 * Returns: (transfer none) (nullable): the listed entry of the quiz @quiz_id, the copy the
 *   duplicate rule chose
 */
ImtehanLibraryEntry *
imtehan_library_lookup (ImtehanLibrary *self,
                        const char     *quiz_id)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (quiz_id != NULL, NULL);

  for (guint i = 0; i < self->entries->len; i++)
    {
      ImtehanLibraryEntry *entry = g_ptr_array_index (self->entries, i);

      if (g_strcmp0 (imtehan_library_entry_get_id (entry), quiz_id) == 0)
        return entry;
    }
  return NULL;
}

/* Replaces the list by @entries (sorted) with one items-changed over the part that differs,
 * none if nothing does. */
void
imtehan_library_set_entries (ImtehanLibrary *self,
                             GPtrArray      *entries)
{
  guint old_n = self->entries->len;
  guint new_n = entries->len;
  guint prefix = 0, suffix = 0;
  g_autoptr(GPtrArray) old = NULL;

  while (prefix < old_n && prefix < new_n &&
         g_ptr_array_index (self->entries, prefix) == g_ptr_array_index (entries, prefix))
    prefix++;
  while (suffix < old_n - prefix && suffix < new_n - prefix &&
         g_ptr_array_index (self->entries, old_n - 1 - suffix) ==
           g_ptr_array_index (entries, new_n - 1 - suffix))
    suffix++;
  if (prefix == old_n && prefix == new_n)
    return;

  old = g_steal_pointer (&self->entries);
  self->entries = g_ptr_array_ref (entries);
  g_list_model_items_changed (G_LIST_MODEL (self), prefix, old_n - prefix - suffix,
                              new_n - prefix - suffix);
}

void
imtehan_library_set_listed (ImtehanLibrary *self)
{
  if (self->listed)
    return;
  self->listed = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LISTED]);
}

/**
 * imtehan_library_get_listed:
 *
 * Whether a listing has finished (#ImtehanLibrary:listed): a quiz not in the list then is
 * not in any folder, rather than not listed yet.
 */
gboolean
imtehan_library_get_listed (ImtehanLibrary *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY (self), FALSE);

  return self->listed;
}
