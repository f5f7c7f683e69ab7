/* imtehan-library.c: where the quizzes come from
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules (which copy of a quiz is listed, the order, the copy on open) are written for
 * teachers in docs/quiz-format.md, "Where quizzes are found"; they must agree with
 * entry_wins() and compare_entries() here.
 */

#define G_LOG_DOMAIN "imtehan-library"

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "imtehan-intl-private.h"

#include "imtehan-gift.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-library-private.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"

#define SUFFIX ".quiz"
#define GIFT_SUFFIX ".gift"
#define RESOURCE_SCHEME "resource://"

G_DEFINE_ENUM_TYPE (ImtehanLibraryOrigin, imtehan_library_origin,
                    G_DEFINE_ENUM_VALUE (IMTEHAN_LIBRARY_ORIGIN_BUNDLED, "bundled"),
                    G_DEFINE_ENUM_VALUE (IMTEHAN_LIBRARY_ORIGIN_SYSTEM, "system"),
                    G_DEFINE_ENUM_VALUE (IMTEHAN_LIBRARY_ORIGIN_USER, "user"))

/* --- Entries -------------------------------------------------------------------------------- */

struct _ImtehanLibraryEntry
{
  GObject               parent_instance;

  GFile                *file;
  ImtehanLibraryOrigin  origin;
  ImtehanLibraryCard    card;     /* card.id is NULL when the file is broken */
  ImtehanQuiz          *quiz;     /* loaded at the first entry_load_quiz() (main thread only) */
  GError               *error;    /* why it is broken */
  char                 *digest;   /* of the bytes read; NULL if they could not be read */
  /* For the duplicate rule and the order: */
  guint                 rank;     /* of its folder: 0 the user's, then the system's, bundled */
  gint64                mtime;    /* microseconds; 0 for bundled quizzes */
  char                 *name;     /* the file's base name */
  char                 *sort_key; /* the English title, case-folded; the file for a broken one */
};

G_DEFINE_FINAL_TYPE (ImtehanLibraryEntry, imtehan_library_entry, G_TYPE_OBJECT)

enum {
  ENTRY_PROP_0,
  ENTRY_PROP_FILE,
  ENTRY_PROP_ORIGIN,
  ENTRY_PROP_ERROR,
  ENTRY_PROP_DIGEST,
  N_ENTRY_PROPS
};

static GParamSpec *entry_properties[N_ENTRY_PROPS];

static void
imtehan_library_entry_dispose (GObject *object)
{
  ImtehanLibraryEntry *self = (ImtehanLibraryEntry *)object;

  g_clear_object (&self->file);
  g_clear_object (&self->quiz);

  G_OBJECT_CLASS (imtehan_library_entry_parent_class)->dispose (object);
}

static void
imtehan_library_entry_finalize (GObject *object)
{
  ImtehanLibraryEntry *self = (ImtehanLibraryEntry *)object;

  imtehan_library_card_clear (&self->card);
  g_clear_error (&self->error);
  g_clear_pointer (&self->digest, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->sort_key, g_free);

  G_OBJECT_CLASS (imtehan_library_entry_parent_class)->finalize (object);
}

static void
imtehan_library_entry_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ImtehanLibraryEntry *self = IMTEHAN_LIBRARY_ENTRY (object);

  switch (prop_id)
    {
    case ENTRY_PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case ENTRY_PROP_ORIGIN:
      g_value_set_enum (value, self->origin);
      break;
    case ENTRY_PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;
    case ENTRY_PROP_DIGEST:
      g_value_set_string (value, self->digest);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_library_entry_class_init (ImtehanLibraryEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = imtehan_library_entry_dispose;
  object_class->finalize = imtehan_library_entry_finalize;
  object_class->get_property = imtehan_library_entry_get_property;

  /* Read-only: an entry never changes; a reload makes a new one for a changed file. */
  entry_properties[ENTRY_PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  entry_properties[ENTRY_PROP_ORIGIN] =
    g_param_spec_enum ("origin", NULL, NULL, IMTEHAN_TYPE_LIBRARY_ORIGIN,
                       IMTEHAN_LIBRARY_ORIGIN_USER, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  entry_properties[ENTRY_PROP_ERROR] =
    g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  entry_properties[ENTRY_PROP_DIGEST] =
    g_param_spec_string ("digest", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_ENTRY_PROPS, entry_properties);
}

static void
imtehan_library_entry_init (ImtehanLibraryEntry *self)
{
}

/* Reads and loads @file (unless its bytes, or also its quiz loaded from them, are known); a
 * file that cannot be read or loaded gives an entry with its error. Runs on a worker thread:
 * nothing here touches the library. */
static ImtehanLibraryEntry *
entry_load (GFile                *file,
            ImtehanLibraryOrigin  origin,
            guint                 rank,
            gint64                mtime,
            GBytes               *known_bytes,
            ImtehanQuiz          *known_quiz,
            GCancellable         *cancellable)
{
  g_autoptr(ImtehanLibraryEntry) self = g_object_new (IMTEHAN_TYPE_LIBRARY_ENTRY, NULL);
  g_autoptr(GBytes) bytes = known_bytes ? g_bytes_ref (known_bytes) : NULL;
  g_autofree char *display = g_file_get_parse_name (file);

  self->file = g_object_ref (file);
  self->origin = origin;
  self->rank = rank;
  self->mtime = mtime;
  self->name = g_file_get_basename (file);

  g_assert (known_quiz == NULL || known_bytes != NULL);
  if (bytes == NULL)
    bytes = imtehan_key_file_load_bytes (file, IMTEHAN_QUIZ_MAX_SIZE, cancellable, &self->error);
  if (known_quiz != NULL)
    self->quiz = g_object_ref (known_quiz);
  else if (bytes != NULL)
    self->quiz = imtehan_quiz_new_from_bytes (bytes, display, &self->error);
  if (self->quiz != NULL)
    {
      ImtehanQuiz *quiz = self->quiz;

      self->card.id = g_strdup (imtehan_quiz_get_id (quiz));
      self->card.version = imtehan_quiz_get_version (quiz);
      self->card.difficulty = g_strdup (imtehan_quiz_get_difficulty (quiz));
      self->card.n_questions = imtehan_quiz_get_n_questions (quiz);
      self->card.digest = g_strdup (imtehan_quiz_get_digest (quiz));
      self->card.title_en = g_strdup (imtehan_quiz_get_title (quiz, "en"));
      self->card.title_ur = g_strdup (imtehan_quiz_get_title (quiz, "ur"));
      /* One order whatever the language shown, so that switching it reorders nothing. */
      self->card.sort_key = g_utf8_casefold (imtehan_quiz_get_title (quiz, NULL), -1);
      self->digest = g_strdup (self->card.digest);
      self->sort_key = g_strdup (self->card.sort_key);
    }
  else
    {
      if (bytes != NULL)
        self->digest = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, bytes);
      self->sort_key = g_utf8_casefold (display, -1);
    }

  g_assert ((self->quiz == NULL) != (self->error == NULL));
  return g_steal_pointer (&self);
}

/* An entry for a quiz file listed from its cached card: not read. */
static ImtehanLibraryEntry *
entry_new_from_card (GFile                    *file,
                     ImtehanLibraryOrigin      origin,
                     guint                     rank,
                     gint64                    mtime,
                     const ImtehanLibraryCard *card)
{
  ImtehanLibraryEntry *self = g_object_new (IMTEHAN_TYPE_LIBRARY_ENTRY, NULL);

  self->file = g_object_ref (file);
  self->origin = origin;
  self->rank = rank;
  self->mtime = mtime;
  self->name = g_file_get_basename (file);
  imtehan_library_card_copy (&self->card, card);
  self->digest = g_strdup (card->digest);
  self->sort_key = g_strdup (card->sort_key);
  return self;
}

GFile *
imtehan_library_entry_get_file (ImtehanLibraryEntry *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY_ENTRY (self), NULL);
  return self->file;
}

ImtehanLibraryOrigin
imtehan_library_entry_get_origin (ImtehanLibraryEntry *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY_ENTRY (self), IMTEHAN_LIBRARY_ORIGIN_USER);
  return self->origin;
}

/**
 * imtehan_library_entry_load_quiz:
 *
 * The quiz, loaded from the file the first time (on the main thread only: the listing lists
 * most quizzes from their cached card, without reading them). A quiz of 200 questions loads
 * in a few milliseconds.
 *
 * Returns: (transfer none) (nullable): the quiz; %NULL with @error when the file is broken,
 *   or no longer loads since it was listed
 */
ImtehanQuiz *
imtehan_library_entry_load_quiz (ImtehanLibraryEntry  *self,
                                 GError              **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *display = NULL;

  g_return_val_if_fail (IMTEHAN_IS_LIBRARY_ENTRY (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self->quiz != NULL)
    return self->quiz;
  if (self->error != NULL)
    {
      g_propagate_error (error, g_error_copy (self->error));
      return NULL;
    }
  display = g_file_get_parse_name (self->file);
  if (!(bytes = imtehan_key_file_load_bytes (self->file, IMTEHAN_QUIZ_MAX_SIZE, NULL, error)))
    return NULL;
  self->quiz = imtehan_quiz_new_from_bytes (bytes, display, error);
  return self->quiz;
}

/* Returns: whether the file loaded when it was listed (else see _get_error()) */
gboolean
imtehan_library_entry_is_valid (ImtehanLibraryEntry *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY_ENTRY (self), FALSE);
  return self->card.id != NULL;
}

/* Returns: the quiz's title in @lang ("en" or "ur", with the quiz's fallback to the other);
 *   "" for a broken file */
const char *
imtehan_library_entry_get_title (ImtehanLibraryEntry *self,
                                 const char          *lang)
{
  const char *title;

  g_return_val_if_fail (IMTEHAN_IS_LIBRARY_ENTRY (self), "");
  title = g_str_has_prefix (lang ? lang : "", "ur") ? self->card.title_ur : self->card.title_en;
  return title ? title : "";
}

guint
imtehan_library_entry_get_n_questions (ImtehanLibraryEntry *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY_ENTRY (self), 0);
  return self->card.n_questions;
}

/* Returns: (nullable): as imtehan_quiz_get_difficulty() */
const char *
imtehan_library_entry_get_difficulty (ImtehanLibraryEntry *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY_ENTRY (self), NULL);
  return self->card.difficulty;
}

guint
imtehan_library_entry_get_version (ImtehanLibraryEntry *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY_ENTRY (self), 0);
  return self->card.version;
}

/* Returns: (nullable): why the file could not be loaded, as "FILE:LINE: [group] key: problem"
 * where the loader knows the line */
const GError *
imtehan_library_entry_get_error (ImtehanLibraryEntry *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY_ENTRY (self), NULL);
  return self->error;
}

/* Returns: (nullable): the quiz's id, or %NULL when the file is broken */
const char *
imtehan_library_entry_get_id (ImtehanLibraryEntry *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY_ENTRY (self), NULL);
  return self->card.id;
}

/* Returns: (nullable): the SHA-256 of the file's bytes (as imtehan_quiz_get_digest()), also of a
 * broken file; %NULL when it could not be read */
const char *
imtehan_library_entry_get_digest (ImtehanLibraryEntry *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY_ENTRY (self), NULL);
  return self->digest;
}

/* The duplicate rule: of two files with the same quiz id, the higher Version; on a tie, the
 * folder first in the order user, system (in $XDG_DATA_DIRS order), bundled, so that a
 * teacher's copy replaces an installed or bundled one; in one folder, the file written last
 * (an opened quiz of the same id and Version as one already there); then the name. */
static gboolean
entry_wins (ImtehanLibraryEntry *a,
            ImtehanLibraryEntry *b)
{
  guint va = a->card.version;
  guint vb = b->card.version;

  if (va != vb)
    return va > vb;
  if (a->rank != b->rank)
    return a->rank < b->rank;
  if (a->mtime != b->mtime)
    return a->mtime > b->mtime;
  return g_strcmp0 (a->name, b->name) < 0;
}

/* The order of the list: quizzes by English title, case-folded, compared by code point (the
 * same on every machine and in every locale), then by id; broken files after them, by path. */
static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  ImtehanLibraryEntry *ea = *(ImtehanLibraryEntry **)a;
  ImtehanLibraryEntry *eb = *(ImtehanLibraryEntry **)b;
  int cmp;

  if ((ea->card.id == NULL) != (eb->card.id == NULL))
    return ea->card.id == NULL ? 1 : -1;
  if ((cmp = strcmp (ea->sort_key, eb->sort_key)) != 0)
    return cmp;
  if (ea->card.id != NULL && (cmp = strcmp (ea->card.id, eb->card.id)) != 0)
    return cmp;
  return ea->rank != eb->rank ? (ea->rank < eb->rank ? -1 : 1) : g_strcmp0 (ea->name, eb->name);
}

/* The same file with the same bytes and the same outcome: a reload keeps the old object, so a
 * list showing it rebuilds no row. */
static gboolean
entry_same (ImtehanLibraryEntry *a,
            ImtehanLibraryEntry *b)
{
  return a == b ||
         (a->origin == b->origin && a->rank == b->rank && a->mtime == b->mtime &&
          g_file_equal (a->file, b->file) && g_strcmp0 (a->digest, b->digest) == 0 &&
          (a->card.id == NULL) == (b->card.id == NULL));
}

/* --- The library ----------------------------------------------------------------------------- */

struct _ImtehanLibrary
{
  GObject     parent_instance;

  /* Set at construction and never changed: the workers read them. */
  GStrv       bundled;        /* resource paths */
  GStrv       system_folders;
  char       *user_folder;
  char       *cache_file;     /* NULL: every file is parsed at every listing */

  ImtehanQuizVersions *versions; /* nullable: where imported quizzes are kept */
  GPtrArray  *entries;        /* ImtehanLibraryEntry, in compare_entries() order */
  guint       generation;     /* counts reloads begun and imports applied */
  guint       last_reload;    /* the generation of the last reload begun */
  gboolean    listed;         /* a listing has finished, whether or not it failed */
};

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
static void
set_entries (ImtehanLibrary *self,
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

/* --- Reloading ------------------------------------------------------------------------------- */

typedef struct
{
  GHashTable          *previous;   /* URI → ImtehanLibraryEntry listed before, to reuse */
  guint                generation;
  ImtehanLibraryCache *cache;      /* NULL when the library keeps none */
} ReloadJob;

static void
reload_job_free (ReloadJob *job)
{
  g_clear_pointer (&job->previous, g_hash_table_unref);
  g_clear_pointer (&job->cache, imtehan_library_cache_free);
  g_free (job);
}

static gboolean
is_quiz_name (const char *name)
{
  return name[0] != '.' && g_str_has_suffix (name, SUFFIX) && strlen (name) > strlen (SUFFIX);
}

/* An entry for @file, the one listed before if the file is the same. */
static ImtehanLibraryEntry *
reload_entry (ReloadJob            *job,
              GFile                *file,
              ImtehanLibraryOrigin  origin,
              guint                 rank,
              gint64                mtime,
              GBytes               *bytes,
              GCancellable         *cancellable)
{
  g_autoptr(ImtehanLibraryEntry) entry = entry_load (file, origin, rank, mtime, bytes, NULL,
                                                     cancellable);
  g_autofree char *uri = g_file_get_uri (file);
  ImtehanLibraryEntry *previous = g_hash_table_lookup (job->previous, uri);

  if (previous != NULL && entry_same (previous, entry))
    return g_object_ref (previous);
  return g_steal_pointer (&entry);
}

static ImtehanLibraryEntry *
reload_entry_from_card (ReloadJob                *job,
                        GFile                    *file,
                        ImtehanLibraryOrigin      origin,
                        guint                     rank,
                        gint64                    mtime,
                        const ImtehanLibraryCard *card)
{
  g_autoptr(ImtehanLibraryEntry) entry = entry_new_from_card (file, origin, rank, mtime, card);
  g_autofree char *uri = g_file_get_uri (file);
  ImtehanLibraryEntry *previous = g_hash_table_lookup (job->previous, uri);

  if (previous != NULL && entry_same (previous, entry))
    return g_object_ref (previous);
  return g_steal_pointer (&entry);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char **)a, *(const char **)b);
}

/* The *.quiz files of @folder, by name: hidden files and other names are skipped, symbolic
 * links followed, anything but a regular file (a folder named x.quiz) skipped. A missing
 * folder is an empty one. */
static void
list_folder (ReloadJob            *job,
             const char           *folder,
             ImtehanLibraryOrigin  origin,
             guint                 rank,
             GPtrArray            *found,
             GCancellable         *cancellable)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (folder, 0, &error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT) &&
          !g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR))
        g_message ("Could not list the quizzes of %s: %s", folder, error->message);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    if (is_quiz_name (name))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  if (names->len > IMTEHAN_LIBRARY_MAX_FILES_PER_FOLDER)
    {
      g_warning ("%s holds %u quiz files; only the first %d by name are listed", folder,
                 names->len, IMTEHAN_LIBRARY_MAX_FILES_PER_FOLDER);
      g_ptr_array_set_size (names, IMTEHAN_LIBRARY_MAX_FILES_PER_FOLDER);
    }

  for (guint i = 0; i < names->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      g_autofree char *path = g_build_filename (folder, g_ptr_array_index (names, i), NULL);
      g_autoptr(GFile) file = NULL;
      GStatBuf st;
      const ImtehanLibraryCard *card;
      ImtehanLibraryEntry *entry;
      gint64 mtime;

      if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode))
        continue;
      file = g_file_new_for_path (path);
      mtime = imtehan_library_stat_mtime (&st);
      if (job->cache != NULL && (card = imtehan_library_cache_lookup (job->cache, path, &st)))
        entry = reload_entry_from_card (job, file, origin, rank, mtime, card);
      else
        entry = reload_entry (job, file, origin, rank, mtime, NULL, cancellable);
      if (job->cache != NULL && entry->card.id != NULL)
        imtehan_library_cache_keep (job->cache, path, &st, &entry->card);
      g_ptr_array_add (found, entry);
    }
}

static void
list_bundled (ReloadJob          *job,
              const char * const *resources,
              guint               rank,
              GPtrArray          *found,
              GCancellable       *cancellable)
{
  for (guint i = 0; resources[i] != NULL; i++)
    {
      g_autofree char *uri = g_strconcat (RESOURCE_SCHEME, resources[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_uri (uri);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = g_resources_lookup_data (resources[i],
                                                         G_RESOURCE_LOOKUP_FLAGS_NONE, &error);

      /* A missing resource is the program's bug, not the user's file: say so and go on. */
      if (bytes == NULL)
        {
          g_critical ("The bundled quiz %s is missing: %s", resources[i], error->message);
          continue;
        }
      g_ptr_array_add (found, reload_entry (job, file, IMTEHAN_LIBRARY_ORIGIN_BUNDLED, rank, 0,
                                            bytes, cancellable));
    }
}

/* Keeps one entry per quiz id (entry_wins()) and every broken file, sorted. */
static GPtrArray *
resolve (GPtrArray *found)
{
  g_autoptr(GHashTable) best = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *entries = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < found->len; i++)
    {
      ImtehanLibraryEntry *entry = g_ptr_array_index (found, i);
      const char *id = imtehan_library_entry_get_id (entry);
      ImtehanLibraryEntry *other;

      if (id == NULL)
        g_ptr_array_add (entries, g_object_ref (entry));
      else if (!(other = g_hash_table_lookup (best, id)) || entry_wins (entry, other))
        g_hash_table_insert (best, (gpointer)id, entry);
    }
  for (guint i = 0; i < found->len; i++)
    {
      ImtehanLibraryEntry *entry = g_ptr_array_index (found, i);
      const char *id = imtehan_library_entry_get_id (entry);

      if (id != NULL && g_hash_table_lookup (best, id) == entry)
        g_ptr_array_add (entries, g_object_ref (entry));
    }
  g_ptr_array_sort (entries, compare_entries);
  return entries;
}

/* Loading quizzes here is safe: the loader keeps no state between calls, an ImtehanQuiz never
 * changes once made, and gettext locks its own. Error messages are in the language of the
 * moment of the reload. */
static void
reload_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImtehanLibrary *self = source_object;
  ReloadJob *job = task_data;
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_object_unref);
  guint rank = 0;

  if (self->cache_file != NULL)
    job->cache = imtehan_library_cache_load (self->cache_file);
  list_folder (job, self->user_folder, IMTEHAN_LIBRARY_ORIGIN_USER, rank++, found, cancellable);
  for (guint i = 0; self->system_folders[i] != NULL; i++)
    list_folder (job, self->system_folders[i], IMTEHAN_LIBRARY_ORIGIN_SYSTEM, rank++, found,
                 cancellable);
  list_bundled (job, (const char * const *)self->bundled, rank, found, cancellable);

  if (g_task_return_error_if_cancelled (task))
    return;
  if (job->cache != NULL)
    imtehan_library_cache_save (job->cache);
  g_task_return_pointer (task, resolve (found), (GDestroyNotify)g_ptr_array_unref);
}

static void
set_listed (ImtehanLibrary *self)
{
  if (self->listed)
    return;
  self->listed = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LISTED]);
}

static void
reload_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  ImtehanLibrary *self = IMTEHAN_LIBRARY (object);
  g_autoptr(GTask) task = user_data;
  ReloadJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GPtrArray) entries = NULL;
  GError *error = NULL;

  if (!(entries = g_task_propagate_pointer (G_TASK (result), &error)))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        set_listed (self);
      g_task_return_error (task, error);
      return;
    }

  if (job->generation == self->generation)
    set_entries (self, entries);
  else if (job->generation == self->last_reload)
    {
      /* An import was applied meanwhile, after this listing had begun: it may lack the copy.
       * List again rather than lose either. */
      imtehan_library_reload_async (self, g_task_get_cancellable (task), NULL, NULL);
    }
  /* Otherwise a later reload is on its way and will set the list. */
  set_listed (self);
  g_task_return_boolean (task, TRUE);
}

/**
 * imtehan_library_reload_async:
 *
 * Lists and loads the quizzes of every source on a worker thread, then updates the list on
 * this thread with one items-changed (none if nothing changed). A missing folder is an empty
 * one; a file that does not load is listed with its error and left as it is.
 */
void
imtehan_library_reload_async (ImtehanLibrary      *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) worker = NULL;
  ReloadJob *job;

  g_return_if_fail (IMTEHAN_IS_LIBRARY (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_library_reload_async);

  job = g_new0 (ReloadJob, 1);
  job->generation = self->last_reload = ++self->generation;
  job->previous = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  for (guint i = 0; i < self->entries->len; i++)
    {
      ImtehanLibraryEntry *entry = g_ptr_array_index (self->entries, i);

      g_hash_table_insert (job->previous, g_file_get_uri (entry->file), g_object_ref (entry));
    }

  worker = g_task_new (self, cancellable, reload_done_cb, g_steal_pointer (&task));
  g_task_set_source_tag (worker, imtehan_library_reload_async);
  g_task_set_task_data (worker, job, (GDestroyNotify)reload_job_free);
  g_task_run_in_thread (worker, reload_thread);
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

gboolean
imtehan_library_reload_finish (ImtehanLibrary  *self,
                               GAsyncResult    *result,
                               GError         **error)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imtehan_library_reload_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* --- Importing ------------------------------------------------------------------------------- */

typedef struct
{
  GFile               *file;
  ImtehanQuizVersions *versions;  /* nullable */
} ImportJob;

static void
import_job_free (ImportJob *job)
{
  g_clear_object (&job->file);
  g_clear_object (&job->versions);
  g_free (job);
}

/* What an import gives: the warnings belong to this import, not to the entry, which the list
 * may keep for as long as the file is unchanged. */
typedef struct
{
  ImtehanLibraryEntry *entry;
  GStrv                warnings;
} ImportResult;

static void
import_result_free (ImportResult *result)
{
  g_clear_object (&result->entry);
  g_clear_pointer (&result->warnings, g_strfreev);
  g_free (result);
}

static gint64
mtime_of (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 ? imtehan_library_stat_mtime (&st) : 0;
}

/* A file of the user's folder whose bytes are @bytes, or NULL. Only files of the same size
 * are read. */
static char *
find_same_file (const char *folder,
                GBytes     *bytes)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *contents = NULL;
      gsize length = 0;
      GStatBuf st;

      if (!is_quiz_name (name))
        continue;
      path = g_build_filename (folder, name, NULL);
      if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode) ||
          (guint64)st.st_size != g_bytes_get_size (bytes))
        continue;
      if (g_file_get_contents (path, &contents, &length, NULL) &&
          length == g_bytes_get_size (bytes) &&
          memcmp (contents, g_bytes_get_data (bytes, NULL), length) == 0)
        return g_steal_pointer (&path);
    }
  return NULL;
}

/* Writes @bytes as <id>.quiz in the user's folder, or <id>-<first 8 of the digest>.quiz when
 * that name holds another file. Atomic and durable: a power cut leaves the whole copy or
 * none. (The name is chosen, then written: two instances importing two versions of one quiz
 * in the same instant could both pick it; GApplication keeps one instance per session.) */
static char *
write_copy (const char   *folder,
            ImtehanQuiz  *quiz,
            GBytes       *bytes,
            GError      **error)
{
  const char *id = imtehan_quiz_get_id (quiz);
  const char *digest = imtehan_quiz_get_digest (quiz);
  g_autofree char *short_name = g_strdup_printf ("%s-%.8s" SUFFIX, id, digest);
  g_autofree char *long_name = g_strdup_printf ("%s-%s" SUFFIX, id, digest);
  g_autofree char *plain_name = g_strconcat (id, SUFFIX, NULL);
  const char *names[] = { plain_name, short_name, long_name };
  g_autofree char *path = NULL;

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;
      g_autofree char *display = g_filename_display_name (folder);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not create the folder “%s”: %s"), display, g_strerror (saved_errno));
      return NULL;
    }

  for (guint i = 0; i < G_N_ELEMENTS (names) && path == NULL; i++)
    {
      g_autofree char *candidate = g_build_filename (folder, names[i], NULL);

      if (!g_file_test (candidate, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK))
        path = g_steal_pointer (&candidate);
    }
  if (path == NULL)
    {
      g_autofree char *display = g_filename_display_name (folder);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("Could not copy the quiz into “%s”: the names %s and %s are taken"),
                   display, plain_name, short_name);
      return NULL;
    }

  /* 0644 like any document: the folder (0700, shared with the attempts) keeps it private. */
  if (!g_file_set_contents_full (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0644, error))
    return NULL;
  return g_steal_pointer (&path);
}

static gboolean
is_gift_name (const char *name)
{
  g_autofree char *folded = g_ascii_strdown (name, -1);

  return g_str_has_suffix (folded, GIFT_SUFFIX) && strlen (folded) > strlen (GIFT_SUFFIX);
}

/* The quiz a GIFT file becomes, as imtehan --import-gift makes it (the id and title from the
 * file's name), in the language its letters suggest. Messages and the quiz's comments name
 * the file by its base name: the copy's bytes must not depend on the folder it was opened
 * from, or opening it again from another would store it twice. The questions skipped go to
 * @warnings, also when the import fails; then the error lists them too, as they say why no
 * question was left. */
static GBytes *
gift_to_quiz (GFile         *file,
              GStrv         *warnings,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr(GBytes) gift = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *display = g_filename_display_name (name);
  g_autofree char *id = imtehan_gift_id_for_file_name (name);
  g_autofree char *title = imtehan_gift_title_for_file_name (display);
  GError *local_error = NULL;
  char *data;
  gsize length = 0;

  if (!(gift = imtehan_key_file_load_bytes (file, IMTEHAN_GIFT_MAX_SIZE, cancellable, error)))
    return NULL;
  data = imtehan_gift_import (gift, display, id, title, imtehan_gift_guess_language (gift),
                              warnings, &length, &local_error);
  /* NULL when none was skipped, as for a file that is not text at all (it fails before any
   * question is read). */
  if (*warnings != NULL && **warnings == NULL)
    g_clear_pointer (warnings, g_strfreev);
  if (data == NULL && *warnings != NULL)
    {
      g_autofree char *skipped = imtehan_gift_format_warnings ((const char * const *)*warnings,
                                                               IMTEHAN_GIFT_WARNINGS_SHOWN);

      g_set_error (error, local_error->domain, local_error->code, "%s\n%s",
                   local_error->message, skipped);
      g_clear_error (&local_error);
      return NULL;
    }
  if (data == NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  return g_bytes_new_take (data, length);
}

static void
import_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImtehanLibrary *self = source_object;
  ImportJob *job = task_data;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_autoptr(GFile) parent = g_file_get_parent (job->file);
  g_autoptr(GFile) folder = g_file_new_for_path (self->user_folder);
  g_autoptr(GFile) copy = NULL;
  g_autofree char *display = g_file_get_parse_name (job->file);
  g_autofree char *name = g_file_get_basename (job->file);
  g_autofree char *path = NULL;
  g_auto(GStrv) warnings = NULL;
  ImportResult *result;
  GError *error = NULL;

  if (is_gift_name (name))
    bytes = gift_to_quiz (job->file, &warnings, cancellable, &error);
  else
    bytes = imtehan_key_file_load_bytes (job->file, IMTEHAN_QUIZ_MAX_SIZE, cancellable, &error);
  if (bytes == NULL || !(quiz = imtehan_quiz_new_from_bytes (bytes, display, &error)))
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;

  /* Already in the folder, under a name the listing sees: nothing to copy. */
  if (parent != NULL && g_file_equal (parent, folder) && is_quiz_name (name))
    path = g_file_get_path (job->file);
  else if (!(path = find_same_file (self->user_folder, bytes)) &&
           !(path = write_copy (self->user_folder, quiz, bytes, &error)))
    {
      g_task_return_error (task, error);
      return;
    }

  /* Kept by its digest too: the copy may be replaced or edited, and attempts name this one. */
  if (job->versions != NULL && !imtehan_quiz_versions_keep (job->versions, quiz, &error))
    {
      g_message ("Could not keep version %u of the quiz “%s”: %s",
                 imtehan_quiz_get_version (quiz), imtehan_quiz_get_id (quiz), error->message);
      g_clear_error (&error);
    }

  copy = g_file_new_for_path (path);
  result = g_new0 (ImportResult, 1);
  /* The quiz loaded above is the copy's: the same bytes. */
  result->entry = entry_load (copy, IMTEHAN_LIBRARY_ORIGIN_USER, 0, mtime_of (path), bytes, quiz,
                              NULL);
  result->warnings = g_steal_pointer (&warnings);
  g_task_return_pointer (task, result, (GDestroyNotify)import_result_free);
}

/* Puts @entry in the list if the duplicate rule prefers it to the copy listed. */
static void
merge_entry (ImtehanLibrary      *self,
             ImtehanLibraryEntry *entry)
{
  const char *id = imtehan_library_entry_get_id (entry);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean wins = TRUE;

  for (guint i = 0; i < self->entries->len; i++)
    {
      ImtehanLibraryEntry *other = g_ptr_array_index (self->entries, i);

      if (g_strcmp0 (imtehan_library_entry_get_id (other), id) != 0)
        g_ptr_array_add (entries, g_object_ref (other));
      else if (entry_same (other, entry) || !entry_wins (entry, other))
        {
          g_ptr_array_add (entries, g_object_ref (other));
          wins = FALSE;
        }
    }
  if (!wins)
    return;

  g_ptr_array_add (entries, g_object_ref (entry));
  g_ptr_array_sort (entries, compare_entries);
  self->generation++;
  set_entries (self, entries);
}

static void
import_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  ImtehanLibrary *self = IMTEHAN_LIBRARY (object);
  g_autoptr(GTask) task = user_data;
  ImportResult *imported;
  GError *error = NULL;

  if (!(imported = g_task_propagate_pointer (G_TASK (result), &error)))
    {
      g_task_return_error (task, error);
      return;
    }
  merge_entry (self, imported->entry);
  g_task_return_pointer (task, imported, (GDestroyNotify)import_result_free);
}

/**
 * imtehan_library_import_async:
 * @file: a quiz file the user opened
 *
 * Copies @file into the user's folder, so that its attempts can be reviewed later even if the
 * original goes away, and lists it by the duplicate rule. A file that does not load is not
 * copied: the error names its line. A file already in the folder, or whose bytes a file of
 * the folder already holds, is not copied again: that file's entry is returned.
 *
 * A Moodle GIFT file (named *.gift, in any case) is imported first, as imtehan --import-gift
 * does (see gift_to_quiz()), and the quiz it becomes is copied as above; the questions it
 * skipped are given by imtehan_library_import_finish(). Importing the same GIFT file again
 * gives the same bytes, so it is not copied again.
 */
void
imtehan_library_import_async (ImtehanLibrary      *self,
                              GFile               *file,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) worker = NULL;
  ImportJob *job;

  g_return_if_fail (IMTEHAN_IS_LIBRARY (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_library_import_async);

  job = g_new0 (ImportJob, 1);
  job->file = g_object_ref (file);
  job->versions = self->versions ? g_object_ref (self->versions) : NULL;
  worker = g_task_new (self, cancellable, import_done_cb, g_steal_pointer (&task));
  g_task_set_source_tag (worker, imtehan_library_import_async);
  /* A copy written before a cancellation is listed all the same. */
  g_task_set_check_cancellable (worker, FALSE);
  g_task_set_task_data (worker, job, (GDestroyNotify)import_job_free);
  g_task_run_in_thread (worker, import_thread);
}

/**
 * imtehan_library_import_finish:
 * @warnings: (out) (optional) (transfer full) (nullable): for a GIFT file, the questions it
 *   skipped, one "FILE:LINE: message" each; %NULL when none was (and on failure: the error
 *   lists them)
 *
 * Returns: (transfer full): the entry of the copy in the user's folder; it is the one listed
 *   unless the duplicate rule prefers another copy of the quiz (of a higher Version)
 */
ImtehanLibraryEntry *
imtehan_library_import_finish (ImtehanLibrary   *self,
                               GAsyncResult     *result,
                               char           ***warnings,
                               GError          **error)
{
  ImportResult *imported;
  ImtehanLibraryEntry *entry;

  g_return_val_if_fail (IMTEHAN_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imtehan_library_import_async,
                        NULL);

  if (warnings != NULL)
    *warnings = NULL;
  if (!(imported = g_task_propagate_pointer (G_TASK (result), error)))
    return NULL;
  entry = g_steal_pointer (&imported->entry);
  if (warnings != NULL)
    *warnings = g_steal_pointer (&imported->warnings);
  import_result_free (imported);
  return entry;
}
