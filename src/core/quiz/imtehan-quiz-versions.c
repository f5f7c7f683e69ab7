/* imtehan-quiz-versions.c: every version of a quiz an attempt may refer to
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every version of a quiz that an attempt may have been taken on, so that its answers can be
 * read against the questions and the key of that version long after the quiz changed (as
 * Moodle keeps question versions). Versions are content-addressed: a file is kept as
 * <folder>/<digest>.quiz with the very bytes whose SHA-256 the attempt's QuizDigest names, so
 * a kept file proves itself and is never rewritten. The program ships its bundled quiz's
 * earlier versions as resources; $XDG_DATA_DIRS/imtehan/quiz-versions may hold a lab's.
 * An attempt without a digest (files of Version 1) is matched by quiz id and QuizVersion.
 * Thread-safe: the class report looks versions up from its readers.
 */

#define G_LOG_DOMAIN "imtehan-quiz-versions"

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>

#include "imtehan-keyfile-private.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"

#define SUFFIX ".quiz"
#define DIGEST_LENGTH 64

typedef enum
{
  SOURCE_ADDED,     /* given with imtehan_quiz_versions_add(): first, as the report's user chose */
  SOURCE_BUNDLED,
  SOURCE_FOLDER,
  SOURCE_READ_ONLY,
} Source;

typedef struct
{
  char        *digest;
  char        *quiz_id;
  guint        version;
  Source       source;
  gboolean     in_folder;  /* a file in the folder has it: keeping it again writes nothing */
  ImtehanQuiz *quiz;
} Version;

struct _ImtehanQuizVersions
{
  GObject     parent_instance;

  GStrv       bundled_resources;
  GStrv       read_only_folders;
  char       *folder;

  GMutex      lock;
  GHashTable *by_digest;  /* digest → Version, owned by versions */
  GHashTable *missing;    /* digests looked for in vain, not looked for again */
  GPtrArray  *versions;   /* Version, in the order lookups by version prefer them */
  gboolean    bundled_read;
  gboolean    folders_read;
};

G_DEFINE_FINAL_TYPE (ImtehanQuizVersions, imtehan_quiz_versions, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_BUNDLED_RESOURCES,
  PROP_READ_ONLY_FOLDERS,
  PROP_FOLDER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
version_free (gpointer data)
{
  Version *version = data;

  g_free (version->digest);
  g_free (version->quiz_id);
  g_clear_object (&version->quiz);
  g_free (version);
}

static void
imtehan_quiz_versions_finalize (GObject *object)
{
  ImtehanQuizVersions *self = (ImtehanQuizVersions *)object;

  g_clear_pointer (&self->bundled_resources, g_strfreev);
  g_clear_pointer (&self->read_only_folders, g_strfreev);
  g_clear_pointer (&self->folder, g_free);
  g_clear_pointer (&self->by_digest, g_hash_table_unref);
  g_clear_pointer (&self->missing, g_hash_table_unref);
  g_clear_pointer (&self->versions, g_ptr_array_unref);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (imtehan_quiz_versions_parent_class)->finalize (object);
}

static void
imtehan_quiz_versions_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ImtehanQuizVersions *self = IMTEHAN_QUIZ_VERSIONS (object);

  switch (prop_id)
    {
    case PROP_BUNDLED_RESOURCES:
      g_value_set_boxed (value, self->bundled_resources);
      break;
    case PROP_READ_ONLY_FOLDERS:
      g_value_set_boxed (value, self->read_only_folders);
      break;
    case PROP_FOLDER:
      g_value_set_string (value, self->folder);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_quiz_versions_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  ImtehanQuizVersions *self = IMTEHAN_QUIZ_VERSIONS (object);

  switch (prop_id)
    {
    case PROP_BUNDLED_RESOURCES:
      self->bundled_resources = g_value_dup_boxed (value);
      break;
    case PROP_READ_ONLY_FOLDERS:
      self->read_only_folders = g_value_dup_boxed (value);
      break;
    case PROP_FOLDER:
      self->folder = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_quiz_versions_class_init (ImtehanQuizVersionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = imtehan_quiz_versions_finalize;
  object_class->get_property = imtehan_quiz_versions_get_property;
  object_class->set_property = imtehan_quiz_versions_set_property;

  properties[PROP_BUNDLED_RESOURCES] =
    g_param_spec_boxed ("bundled-resources", NULL, NULL, G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_READ_ONLY_FOLDERS] =
    g_param_spec_boxed ("read-only-folders", NULL, NULL, G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FOLDER] =
    g_param_spec_string ("folder", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imtehan_quiz_versions_init (ImtehanQuizVersions *self)
{
  g_mutex_init (&self->lock);
  self->by_digest = g_hash_table_new (g_str_hash, g_str_equal);
  self->missing = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->versions = g_ptr_array_new_with_free_func (version_free);
}

/**
 * imtehan_quiz_versions_new:
 * @bundled_resources: (nullable): resource folders whose .quiz files are the program's versions
 * @read_only_folders: (nullable): folders of <digest>.quiz files that are only read
 * @folder: (nullable): the folder where imtehan_quiz_versions_keep() writes; %NULL keeps none
 */
ImtehanQuizVersions *
imtehan_quiz_versions_new (const char * const *bundled_resources,
                           const char * const *read_only_folders,
                           const char         *folder)
{
  return g_object_new (IMTEHAN_TYPE_QUIZ_VERSIONS,
                       "bundled-resources", bundled_resources,
                       "read-only-folders", read_only_folders,
                       "folder", folder,
                       NULL);
}

/* The program's bundled quizzes and their earlier versions (data/quizzes/versions/);
 * $XDG_DATA_HOME/imtehan/quiz-versions, where the user's are kept (inside Flatpak, the app's
 * data folder); and $XDG_DATA_DIRS/imtehan/quiz-versions, where a lab's may be installed. */
ImtehanQuizVersions *
imtehan_quiz_versions_new_default (void)
{
  static const char * const bundled_resources[] = {
    RESOURCE_BASE "/quizzes", RESOURCE_BASE "/quiz-versions", NULL
  };
  const char * const *dirs = g_get_system_data_dirs ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) read_only = NULL;
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "imtehan", "quiz-versions",
                                              NULL);

  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autofree char *dir = g_build_filename (dirs[i], "imtehan", "quiz-versions", NULL);

      g_strv_builder_add (builder, dir);
    }
  read_only = g_strv_builder_end (builder);
  return imtehan_quiz_versions_new (bundled_resources, (const char * const *)read_only, folder);
}

const char *
imtehan_quiz_versions_get_folder (ImtehanQuizVersions *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ_VERSIONS (self), NULL);
  return self->folder;
}

/* Records @quiz, unless a version with its digest is known. Called with the lock held. */
static Version *
index_quiz (ImtehanQuizVersions *self,
            ImtehanQuiz         *quiz,
            Source               source)
{
  const char *digest = imtehan_quiz_get_digest (quiz);
  Version *version = g_hash_table_lookup (self->by_digest, digest);

  if (version != NULL)
    {
      if (version->quiz == NULL)
        version->quiz = g_object_ref (quiz);
      return version;
    }
  version = g_new0 (Version, 1);
  version->digest = g_strdup (digest);
  version->quiz_id = g_strdup (imtehan_quiz_get_id (quiz));
  version->version = imtehan_quiz_get_version (quiz);
  version->source = source;
  version->quiz = g_object_ref (quiz);
  g_hash_table_insert (self->by_digest, version->digest, version);
  /* Sources in their order, so that a lookup by version number prefers what was given,
   * then what the program ships, then the user's, then a lab's. */
  for (guint i = 0; i < self->versions->len; i++)
    if (((Version *)g_ptr_array_index (self->versions, i))->source > source)
      {
        g_ptr_array_insert (self->versions, i, version);
        return version;
      }
  g_ptr_array_add (self->versions, version);
  return version;
}

static void
read_bundled (ImtehanQuizVersions *self)
{
  if (self->bundled_read)
    return;
  self->bundled_read = TRUE;
  for (guint i = 0; self->bundled_resources != NULL && self->bundled_resources[i] != NULL; i++)
    {
      const char *folder = self->bundled_resources[i];
      g_auto(GStrv) names = g_resources_enumerate_children (folder, G_RESOURCE_LOOKUP_FLAGS_NONE,
                                                            NULL);

      for (guint j = 0; names != NULL && names[j] != NULL; j++)
        {
          g_autofree char *path = g_build_path ("/", folder, names[j], NULL);
          g_autoptr(GError) error = NULL;
          g_autoptr(GBytes) bytes = NULL;
          g_autoptr(ImtehanQuiz) quiz = NULL;

          if (!g_str_has_suffix (names[j], SUFFIX))
            continue;
          /* A broken resource is the program's bug: say so and go on. */
          if (!(bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error)) ||
              !(quiz = imtehan_quiz_new_from_bytes (bytes, path, &error)))
            {
              g_critical ("The bundled quiz version %s does not load: %s", path, error->message);
              continue;
            }
          index_quiz (self, quiz, SOURCE_BUNDLED);
        }
    }
}

static gboolean
is_digest_name (const char *name)
{
  if (strlen (name) != DIGEST_LENGTH + strlen (SUFFIX) || !g_str_has_suffix (name, SUFFIX))
    return FALSE;
  for (guint i = 0; i < DIGEST_LENGTH; i++)
    if (!g_ascii_isxdigit (name[i]) || g_ascii_isupper (name[i]))
      return FALSE;
  return TRUE;
}

/* The quiz in @folder/@name, if it is one and its bytes have the digest its name says: a
 * file whose name lies is not that version, and is left alone. */
static ImtehanQuiz *
load_kept (const char *folder,
           const char *name)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return NULL;
  if (!(quiz = imtehan_quiz_new_from_file (file, NULL, &error)))
    {
      g_warning ("A kept quiz version does not load: %s", error->message);
      return NULL;
    }
  if (strncmp (imtehan_quiz_get_digest (quiz), name, DIGEST_LENGTH) != 0)
    {
      g_warning ("%s is not the quiz version its name says; left alone", path);
      return NULL;
    }
  return g_steal_pointer (&quiz);
}

static void
read_folder (ImtehanQuizVersions *self,
             const char          *folder,
             Source               source)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autoptr(ImtehanQuiz) quiz = NULL;

      g_autofree char *digest = NULL;

      if (!is_digest_name (name))
        continue;
      digest = g_strndup (name, DIGEST_LENGTH);
      if (!g_hash_table_contains (self->by_digest, digest) && (quiz = load_kept (folder, name)))
        index_quiz (self, quiz, source)->in_folder = source == SOURCE_FOLDER;
    }
}

/* Lookups by version number need every version: the folders are listed once. */
static void
read_folders (ImtehanQuizVersions *self)
{
  if (self->folders_read)
    return;
  self->folders_read = TRUE;
  if (self->folder != NULL)
    read_folder (self, self->folder, SOURCE_FOLDER);
  for (guint i = 0; self->read_only_folders != NULL && self->read_only_folders[i] != NULL; i++)
    read_folder (self, self->read_only_folders[i], SOURCE_READ_ONLY);
}

/* A lookup by digest reads only the one file it names. */
static Version *
find_digest (ImtehanQuizVersions *self,
             const char          *digest)
{
  g_autofree char *name = g_strconcat (digest, SUFFIX, NULL);
  Version *version = g_hash_table_lookup (self->by_digest, digest);

  if (version != NULL || g_hash_table_contains (self->missing, digest) ||
      !is_digest_name (name))
    return version;
  if (self->folder != NULL)
    {
      g_autoptr(ImtehanQuiz) quiz = load_kept (self->folder, name);

      if (quiz != NULL)
        {
          version = index_quiz (self, quiz, SOURCE_FOLDER);
          version->in_folder = TRUE;
          return version;
        }
    }
  for (guint i = 0; self->read_only_folders != NULL && self->read_only_folders[i] != NULL; i++)
    {
      g_autoptr(ImtehanQuiz) quiz = load_kept (self->read_only_folders[i], name);

      if (quiz != NULL)
        return index_quiz (self, quiz, SOURCE_READ_ONLY);
    }
  g_hash_table_add (self->missing, g_strdup (digest));
  return NULL;
}

/**
 * imtehan_quiz_versions_lookup:
 * @quiz_id: the quiz's id, as the attempt names it
 * @digest: (nullable): the attempt's QuizDigest, lowercase; %NULL or "" if it has none
 * @version: the attempt's QuizVersion, used only without a digest
 *
 * The version of the quiz an attempt was taken on: the one whose bytes have @digest, or
 * without a digest the one with @quiz_id and @version (what was added first, then the
 * program's, the user's and a lab's).
 *
 * Returns: (transfer full) (nullable): the quiz, or %NULL if no such version is known
 */
ImtehanQuiz *
imtehan_quiz_versions_lookup (ImtehanQuizVersions *self,
                              const char          *quiz_id,
                              const char          *digest,
                              guint                version)
{
  g_autoptr(GMutexLocker) locker = NULL;
  Version *found = NULL;

  g_return_val_if_fail (IMTEHAN_IS_QUIZ_VERSIONS (self), NULL);
  g_return_val_if_fail (quiz_id != NULL, NULL);

  locker = g_mutex_locker_new (&self->lock);
  read_bundled (self);
  if (digest != NULL && *digest != '\0')
    found = find_digest (self, digest);
  else
    {
      read_folders (self);
      for (guint i = 0; found == NULL && i < self->versions->len; i++)
        {
          Version *candidate = g_ptr_array_index (self->versions, i);

          if (candidate->version == version && g_str_equal (candidate->quiz_id, quiz_id))
            found = candidate;
        }
    }
  if (found == NULL || !g_str_equal (found->quiz_id, quiz_id))
    return NULL;
  return g_object_ref (found->quiz);
}

/**
 * imtehan_quiz_versions_add:
 *
 * Makes @quiz known for lookups, without keeping it on disk: a quiz file given to a report.
 */
void
imtehan_quiz_versions_add (ImtehanQuizVersions *self,
                           ImtehanQuiz         *quiz)
{
  g_autoptr(GMutexLocker) locker = NULL;

  g_return_if_fail (IMTEHAN_IS_QUIZ_VERSIONS (self));
  g_return_if_fail (IMTEHAN_IS_QUIZ (quiz));

  locker = g_mutex_locker_new (&self->lock);
  index_quiz (self, quiz, SOURCE_ADDED);
}

/**
 * imtehan_quiz_versions_keep:
 *
 * Keeps @quiz's bytes in the folder, durably, unless that version is there already: call it
 * before an attempt on @quiz is first saved, so that the attempt can always be read against
 * it. The program's own versions are kept too: a later release might ship the quiz without
 * them. Blocks on the disk the first time for each version.
 *
 * Returns: %FALSE with @error if the version could not be written
 */
gboolean
imtehan_quiz_versions_keep (ImtehanQuizVersions  *self,
                            ImtehanQuiz          *quiz,
                            GError              **error)
{
  g_autoptr(GMutexLocker) locker = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  GBytes *bytes;
  Version *version;

  g_return_val_if_fail (IMTEHAN_IS_QUIZ_VERSIONS (self), FALSE);
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (quiz), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  locker = g_mutex_locker_new (&self->lock);
  read_bundled (self);
  version = find_digest (self, imtehan_quiz_get_digest (quiz));
  if (self->folder == NULL || (version != NULL && version->in_folder))
    return TRUE;

  name = g_strconcat (imtehan_quiz_get_digest (quiz), SUFFIX, NULL);
  path = g_build_filename (self->folder, name, NULL);
  bytes = imtehan_quiz_get_bytes (quiz);
  /* Another instance or an earlier run kept it: its name is its content. */
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      if (version == NULL)
        version = index_quiz (self, quiz, SOURCE_FOLDER);
      version->in_folder = TRUE;
      return TRUE;
    }
  if (g_mkdir_with_parents (self->folder, 0700) != 0)
    {
      int saved_errno = errno;
      g_autofree char *display = g_filename_display_name (self->folder);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", display, g_strerror (saved_errno));
      return FALSE;
    }
  /* Durable: the attempt that names this digest is saved durably too. */
  if (!g_file_set_contents_full (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0644, error))
    return FALSE;
  g_hash_table_remove (self->missing, imtehan_quiz_get_digest (quiz));
  if (version == NULL)
    version = index_quiz (self, quiz, SOURCE_FOLDER);
  version->in_folder = TRUE;
  return TRUE;
}
