/* imtehan-quiz.c: a quiz read from a .quiz key file, strictly, with the line of each error
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-quiz"

#include "config.h"

#include <string.h>

#include "imtehan-intl-private.h"

#include "imtehan-quiz-private.h"

#define QUIZ_GROUP "Quiz"
#define QUESTION_PREFIX "Question "
#define PICTURE_PREFIX "Picture "


struct _ImtehanQuiz
{
  GObject           parent_instance;

  char             *id;
  guint             version;
  char             *digest;     /* SHA-256 of the file's bytes, lowercase hex */
  GBytes           *bytes;      /* the file as loaded: kept by ImtehanQuizVersions */
  char             *difficulty;
  ImtehanLocalized *title;
  ImtehanLocalized *description;
  GHashTable       *topics;     /* language → GStrv */
  GPtrArray        *questions;  /* ImtehanQuestion */
  GHashTable       *pictures;   /* name → ImtehanPicture */
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ImtehanQuiz, imtehan_quiz, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
imtehan_quiz_get_item_type (GListModel *model)
{
  return IMTEHAN_TYPE_QUESTION;
}

static guint
imtehan_quiz_get_n_items (GListModel *model)
{
  return IMTEHAN_QUIZ (model)->questions->len;
}

static gpointer
imtehan_quiz_get_item (GListModel *model,
                       guint       position)
{
  ImtehanQuiz *self = IMTEHAN_QUIZ (model);

  if (position >= self->questions->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->questions, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = imtehan_quiz_get_item_type;
  iface->get_n_items = imtehan_quiz_get_n_items;
  iface->get_item = imtehan_quiz_get_item;
}

static void
imtehan_quiz_finalize (GObject *object)
{
  ImtehanQuiz *self = (ImtehanQuiz *)object;

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->digest, g_free);
  g_clear_pointer (&self->bytes, g_bytes_unref);
  g_clear_pointer (&self->difficulty, g_free);
  g_clear_pointer (&self->title, imtehan_localized_free);
  g_clear_pointer (&self->description, imtehan_localized_free);
  g_clear_pointer (&self->topics, g_hash_table_unref);
  g_clear_pointer (&self->questions, g_ptr_array_unref);
  g_clear_pointer (&self->pictures, g_hash_table_unref);

  G_OBJECT_CLASS (imtehan_quiz_parent_class)->finalize (object);
}

static void
imtehan_quiz_class_init (ImtehanQuizClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = imtehan_quiz_finalize;
}

static void
imtehan_quiz_init (ImtehanQuiz *self)
{
  self->questions = g_ptr_array_new_with_free_func (g_object_unref);
  self->pictures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          (GDestroyNotify)imtehan_picture_free);
  self->topics = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify)g_strfreev);
  self->title = imtehan_localized_new ();
  self->description = imtehan_localized_new ();
}

/* Reads Key (English) and every Key[xx] of @group into a new ImtehanLocalized. Either
 * language may be missing: an empty or missing translation falls back to English, and a
 * missing English text to the Urdu one, so that a caller asking for either language gets a
 * text. A required string missing in both is an error. */
ImtehanLocalized *
imtehan_quiz_read_localized (ImtehanKeyFileReader *reader,
                const char           *group,
                const char           *key,
                gboolean              required,
                GError              **error)
{
  g_autoptr(ImtehanLocalized) localized = imtehan_localized_new ();
  g_autofree char *base = NULL;
  g_autofree char *urdu = NULL;
  g_auto(GStrv) langs = NULL;

  if (!(base = imtehan_key_file_reader_get_string (reader, group, key, FALSE, error)))
    return NULL;

  langs = imtehan_key_file_reader_list_locales (reader, group, key);
  for (guint i = 0; langs[i] != NULL; i++)
    {
      /* Key[xx] itself, not g_key_file_get_locale_string(), which hides a bad translation
       * behind the English text. */
      g_autofree char *locale_key = g_strdup_printf ("%s[%s]", key, langs[i]);
      g_autofree char *value = NULL;
      g_autofree char *lang = NULL;

      if (!(value = imtehan_key_file_reader_get_string (reader, group, locale_key, FALSE, error)))
        return NULL;
      if (*g_strstrip (value) == '\0')
        continue;
      imtehan_localized_set (localized, langs[i], value);
      lang = imtehan_language_normalize (langs[i]);
      if (urdu == NULL && g_str_equal (lang, "ur"))
        urdu = g_steal_pointer (&value);
    }

  if (*g_strstrip (base) != '\0')
    imtehan_localized_set (localized, NULL, base);
  else if (urdu != NULL)
    imtehan_localized_set (localized, NULL, urdu);
  else if (required && g_key_file_has_key (reader->key_file, group, key, NULL))
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_MISSING, group, key,
                                     _("the text is empty"));
      return NULL;
    }
  else if (required)
    {
      g_autofree char *msg =
        g_strdup_printf (_("the key “%s” is missing: write it in English (%s=) or in Urdu "
                           "(%s[ur]=)"), key, key, key);
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_MISSING, group, NULL, msg);
      return NULL;
    }

  return g_steal_pointer (&localized);
}

gboolean
imtehan_quiz_is_valid_id (const char *id)
{
  if (id == NULL || *id == '\0' || strlen (id) > 64)
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_')
      return FALSE;
  return TRUE;
}

static ImtehanQuestion *
read_question (ImtehanKeyFileReader *reader,
               const char           *group,
               guint                 index,
               gint64                format,
               GHashTable           *pictures,
               GError              **error)
{
  g_autoptr(ImtehanQuestion) question = g_object_new (IMTEHAN_TYPE_QUESTION, NULL);

  question->id = g_strdup (group + strlen (QUESTION_PREFIX));
  question->index = index;
  if (!imtehan_quiz_is_valid_id (question->id))
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, group, NULL,
                                     _("a question id may only contain letters, digits, “-” and “_”"));
      return NULL;
    }

  if (!(question->text = imtehan_quiz_read_localized (reader, group, "Text", TRUE, error)))
    return NULL;
  if (!(question->topic = imtehan_quiz_read_localized (reader, group, "Topic", FALSE, error)))
    return NULL;
  if (!(question->explanation = imtehan_quiz_read_localized (reader, group, "Explanation",
                                                             FALSE, error)))
    return NULL;
  if (!imtehan_question_read_kind (question, reader, group, format, pictures, error))
    return NULL;

  return g_steal_pointer (&question);
}

static gboolean
read_quiz (ImtehanQuiz          *self,
           ImtehanKeyFileReader *reader,
           GError              **error)
{
  g_auto(GStrv) groups = NULL;
  g_auto(GStrv) topic_langs = NULL;
  g_auto(GStrv) topics = NULL;
  g_autofree char *id = NULL;
  gint64 format = 0;
  gint64 version = 1;

  if (!g_key_file_has_group (reader->key_file, QUIZ_GROUP))
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_MISSING, NULL, NULL,
                                     _("the [Quiz] group is missing"));
      return FALSE;
    }

  if (!imtehan_key_file_reader_get_int (reader, QUIZ_GROUP, "FormatVersion", TRUE,
                                        1, G_MAXINT, &format, error))
    return FALSE;
  if (format > IMTEHAN_QUIZ_FORMAT_VERSION)
    {
      g_autofree char *msg =
        g_strdup_printf (_("format version %lld is newer than this version of Imtehan reads "
                           "(%d); please update Imtehan"),
                         (long long)format, IMTEHAN_QUIZ_FORMAT_VERSION);
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_VERSION, QUIZ_GROUP,
                                     "FormatVersion", msg);
      return FALSE;
    }

  if (!(id = imtehan_key_file_reader_get_string (reader, QUIZ_GROUP, "Id", TRUE, error)))
    return FALSE;
  g_strstrip (id);
  if (!imtehan_quiz_is_valid_id (id))
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, QUIZ_GROUP, "Id",
                                     _("an id may only contain letters, digits, “-” and “_”"));
      return FALSE;
    }
  self->id = g_steal_pointer (&id);

  if (!imtehan_key_file_reader_get_int (reader, QUIZ_GROUP, "Version", FALSE,
                                        1, G_MAXINT, &version, error))
    return FALSE;
  self->version = version;

  g_clear_pointer (&self->title, imtehan_localized_free);
  g_clear_pointer (&self->description, imtehan_localized_free);
  if (!(self->title = imtehan_quiz_read_localized (reader, QUIZ_GROUP, "Title", TRUE, error)) ||
      !(self->description = imtehan_quiz_read_localized (reader, QUIZ_GROUP, "Description", FALSE, error)))
    return FALSE;

  self->difficulty = g_key_file_get_string (reader->key_file, QUIZ_GROUP, "Difficulty", NULL);
  if (self->difficulty == NULL)
    self->difficulty = g_strdup ("");
  g_strstrip (self->difficulty);

  if ((topics = g_key_file_get_string_list (reader->key_file, QUIZ_GROUP, "Topics", NULL, NULL)))
    g_hash_table_insert (self->topics, g_strdup (""), g_steal_pointer (&topics));
  topic_langs = imtehan_key_file_reader_list_locales (reader, QUIZ_GROUP, "Topics");
  for (guint i = 0; topic_langs[i] != NULL; i++)
    {
      char **list = g_key_file_get_locale_string_list (reader->key_file, QUIZ_GROUP, "Topics",
                                                       topic_langs[i], NULL, NULL);
      g_autofree char *lang = imtehan_language_normalize (topic_langs[i]);
      char **english;

      if (list == NULL)
        continue;
      /* As imtehan_quiz_read_localized(): an Urdu-only list stands in for the English one. */
      english = g_hash_table_lookup (self->topics, "");
      if (g_str_equal (lang, "ur") && (english == NULL || english[0] == NULL))
        g_hash_table_insert (self->topics, g_strdup (""), g_strdupv (list));
      g_hash_table_insert (self->topics, g_strdup (topic_langs[i]), list);
    }

  if (!imtehan_quiz_read_pictures (reader, format, self->pictures, error))
    return FALSE;

  groups = g_key_file_get_groups (reader->key_file, NULL);
  for (guint i = 0; groups[i] != NULL; i++)
    {
      ImtehanQuestion *question;

      if (g_str_equal (groups[i], QUIZ_GROUP) || g_str_has_prefix (groups[i], PICTURE_PREFIX))
        continue;
      if (!g_str_has_prefix (groups[i], QUESTION_PREFIX))
        {
          g_autofree char *msg =
            g_strdup_printf (_("unknown group; expected [Quiz], [Question <id>] or "
                               "[Picture <name>]"));
          imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, groups[i], NULL, msg);
          return FALSE;
        }
      if (self->questions->len == IMTEHAN_QUIZ_MAX_QUESTIONS)
        {
          g_autofree char *msg =
            g_strdup_printf (_("a quiz has at most %d questions; split it into two quizzes"),
                             IMTEHAN_QUIZ_MAX_QUESTIONS);
          imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_INVALID, groups[i], NULL,
                                         msg);
          return FALSE;
        }
      if (!(question = read_question (reader, groups[i], self->questions->len, format,
                                     self->pictures, error)))
        return FALSE;
      g_ptr_array_add (self->questions, question);
    }

  if (self->questions->len == 0)
    {
      imtehan_key_file_reader_error (reader, error, IMTEHAN_ERROR_MISSING, QUIZ_GROUP, NULL,
                                     _("the quiz has no questions; add a [Question <id>] group"));
      return FALSE;
    }

  return TRUE;
}

static gboolean
check_text_size (GBytes     *bytes,
                 const char *display_name,
                 GError    **error)
{
  g_autofree char *size = NULL;

  if (g_bytes_get_size (bytes) <= IMTEHAN_QUIZ_MAX_TEXT_SIZE)
    return TRUE;
  size = g_format_size (IMTEHAN_QUIZ_MAX_TEXT_SIZE);
  g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_TOO_LARGE,
               _("%s: the file is larger than %s"), display_name, size);
  return FALSE;
}

/**
 * imtehan_quiz_new_from_bytes:
 * @display_name: how errors name the file, usually its path
 *
 * Errors are in the IMTEHAN_ERROR domain, and their message names the file, the line, the
 * group and the key, like a compiler: "quiz.quiz:12: [Question q1] Answer: …".
 */
ImtehanQuiz *
imtehan_quiz_new_from_bytes (GBytes      *bytes,
                             const char  *display_name,
                             GError     **error)
{
  g_autoptr(ImtehanQuiz) self = NULL;
  g_autoptr(ImtehanKeyFileReader) reader = NULL;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Text alone has the limit of format 1; only pictures make a quiz larger. */
  if (g_bytes_get_size (bytes) > IMTEHAN_QUIZ_MAX_TEXT_SIZE &&
      !g_strstr_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                     "[" PICTURE_PREFIX) &&
      !check_text_size (bytes, display_name, error))
    return NULL;
  if (!(reader = imtehan_key_file_reader_new (bytes, display_name, IMTEHAN_QUIZ_MAX_SIZE, error)))
    return NULL;

  self = g_object_new (IMTEHAN_TYPE_QUIZ, NULL);
  if (!read_quiz (self, reader, error))
    return NULL;
  if (g_hash_table_size (self->pictures) == 0 && !check_text_size (bytes, display_name, error))
    return NULL;
  self->digest = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, bytes);
  self->bytes = g_bytes_ref (bytes);

  return g_steal_pointer (&self);
}

ImtehanQuiz *
imtehan_quiz_new_from_file (GFile        *file,
                            GCancellable *cancellable,
                            GError      **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  name = g_file_get_parse_name (file);
  if (!(bytes = imtehan_key_file_load_bytes (file, IMTEHAN_QUIZ_MAX_SIZE, cancellable, error)))
    return NULL;
  return imtehan_quiz_new_from_bytes (bytes, name, error);
}

const char *
imtehan_quiz_get_id (ImtehanQuiz *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), NULL);
  return self->id;
}

guint
imtehan_quiz_get_version (ImtehanQuiz *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), 0);
  return self->version;
}

/**
 * imtehan_quiz_get_digest:
 *
 * The SHA-256 of the file's bytes as loaded, in lowercase hex: attempts record it, so that a
 * report can tell whether the quiz changed since, even where its Version was not raised. Any
 * change counts, a comment or a line end included.
 */
const char *
imtehan_quiz_get_digest (ImtehanQuiz *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), NULL);
  return self->digest;
}

/**
 * imtehan_quiz_get_bytes:
 *
 * The file's bytes as loaded, whose digest imtehan_quiz_get_digest() is.
 */
GBytes *
imtehan_quiz_get_bytes (ImtehanQuiz *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), NULL);
  return self->bytes;
}

const char *
imtehan_quiz_get_difficulty (ImtehanQuiz *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), NULL);
  return self->difficulty;
}

const char *
imtehan_quiz_get_title (ImtehanQuiz *self,
                        const char  *lang)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), NULL);
  return imtehan_localized_get (self->title, lang);
}

const char *
imtehan_quiz_get_description (ImtehanQuiz *self,
                              const char  *lang)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), NULL);
  return imtehan_localized_get (self->description, lang);
}

char **
imtehan_quiz_dup_topics (ImtehanQuiz *self,
                         const char  *lang)
{
  g_auto(GStrv) variants = NULL;
  char **topics;

  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), NULL);

  variants = g_get_locale_variants (lang ? lang : "C");
  for (guint i = 0; variants[i] != NULL; i++)
    if ((topics = g_hash_table_lookup (self->topics, variants[i])))
      return g_strdupv (topics);
  if ((topics = g_hash_table_lookup (self->topics, "")))
    return g_strdupv (topics);
  return g_new0 (char *, 1);
}

gboolean
imtehan_quiz_has_language (ImtehanQuiz *self,
                           const char  *lang)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), FALSE);
  return imtehan_localized_has (self->title, lang);
}

guint
imtehan_quiz_get_n_questions (ImtehanQuiz *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), 0);
  return self->questions->len;
}

ImtehanQuestion *
imtehan_quiz_get_question (ImtehanQuiz *self,
                           guint        index)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), NULL);
  g_return_val_if_fail (index < self->questions->len, NULL);
  return g_ptr_array_index (self->questions, index);
}

ImtehanQuestion *
imtehan_quiz_find_question (ImtehanQuiz *self,
                            const char  *question_id)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), NULL);

  for (guint i = 0; i < self->questions->len; i++)
    {
      ImtehanQuestion *question = g_ptr_array_index (self->questions, i);

      if (g_strcmp0 (question->id, question_id) == 0)
        return question;
    }
  return NULL;
}

/* The picture @name of a question or a choice names, or %NULL. */
ImtehanPicture *
imtehan_quiz_get_picture (ImtehanQuiz *self,
                          const char  *name)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), NULL);
  return name ? g_hash_table_lookup (self->pictures, name) : NULL;
}

/* Whether a question is of another type than single: such a quiz's attempts need the
 * attempt format that records those answers. */
gboolean
imtehan_quiz_has_kinds (ImtehanQuiz *self)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (self), FALSE);

  for (guint i = 0; i < self->questions->len; i++)
    if (imtehan_question_get_kind (g_ptr_array_index (self->questions, i)) != IMTEHAN_QUESTION_SINGLE)
      return TRUE;
  return FALSE;
}
