/* imtehan-library-entry.c: one quiz file of the library, as it was listed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The duplicate rule and the order are written for teachers in docs/quiz-format.md, "Where
 * quizzes are found"; they must agree with imtehan_library_entry_wins() and
 * imtehan_library_entry_compare() here.
 */

#define G_LOG_DOMAIN "imtehan-library"

#include "config.h"

#include <string.h>

#include "imtehan-keyfile-private.h"
#include "imtehan-library-private.h"
#include "imtehan-quiz.h"

G_DEFINE_ENUM_TYPE (ImtehanLibraryOrigin, imtehan_library_origin,
                    G_DEFINE_ENUM_VALUE (IMTEHAN_LIBRARY_ORIGIN_BUNDLED, "bundled"),
                    G_DEFINE_ENUM_VALUE (IMTEHAN_LIBRARY_ORIGIN_SYSTEM, "system"),
                    G_DEFINE_ENUM_VALUE (IMTEHAN_LIBRARY_ORIGIN_USER, "user"))

struct _ImtehanLibraryEntry
{
  GObject               parent_instance;

  GFile                *file;
  ImtehanLibraryOrigin  origin;
  ImtehanLibraryCard    card;     /* card.id is NULL when the file is broken */
  ImtehanQuiz          *quiz;     /* loaded when first asked for (main thread only) */
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
ImtehanLibraryEntry *
imtehan_library_entry_new_load (GFile                *file,
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
ImtehanLibraryEntry *
imtehan_library_entry_new_from_card (GFile                    *file,
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
gboolean
imtehan_library_entry_wins (ImtehanLibraryEntry *a,
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
int
imtehan_library_entry_compare (gconstpointer a,
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
gboolean
imtehan_library_entry_same (ImtehanLibraryEntry *a,
                            ImtehanLibraryEntry *b)
{
  return a == b ||
         (a->origin == b->origin && a->rank == b->rank && a->mtime == b->mtime &&
          g_file_equal (a->file, b->file) && g_strcmp0 (a->digest, b->digest) == 0 &&
          (a->card.id == NULL) == (b->card.id == NULL));
}

const ImtehanLibraryCard *
imtehan_library_entry_get_card (ImtehanLibraryEntry *self)
{
  g_assert (IMTEHAN_IS_LIBRARY_ENTRY (self));
  return &self->card;
}
