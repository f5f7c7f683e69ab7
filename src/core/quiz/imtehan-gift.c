/* imtehan-gift.c: Moodle's GIFT questions made into a .quiz key file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Moodle's importer (question/format/gift/format.php) is the reference: questions are
 * separated by blank lines, each line is trimmed, "//" starts a comment line, escapes are
 * decoded before the structure is read, and the first "{" and the first "}" hold the answers.
 * Its question types are told apart in its order (essay, numerical, multiple choice,
 * matching, true/false, short answer), so a file gets the same type here as in Moodle; the
 * answers of each are read in imtehan-gift-types.c. Essays and descriptions, which a quiz
 * cannot mark, are skipped with a warning each. Unlike Moodle, a "$CATEGORY:" line may be
 * followed by a question without a blank line.
 */

#define G_LOG_DOMAIN "imtehan-gift"

#include "config.h"

#include <string.h>

#include "imtehan-intl-private.h"

#include "imtehan-gift.h"
#include "imtehan-gift-private.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-quiz.h"

#define QUIZ_GROUP "Quiz"
/* A quiz of one-answer questions only is written as format 1, which every release reads. */
#define FORMAT_VERSION_SINGLE 1
#define FORMAT_VERSION_TYPES 2

typedef ImtehanGiftAnswer Answer;

typedef struct
{
  const char *name;
  const char *language;
  GKeyFile   *key_file;
  GPtrArray  *warnings;
  GPtrArray  *topics;     /* distinct, in the order met */
  GHashTable *ids;
  char       *topic;      /* of the last $CATEGORY */
  guint       n_questions;
  guint       n_typed;    /* of another type than single */
} Import;

static void
warn (Import     *import,
      guint       line,
      const char *message)
{
  g_ptr_array_add (import->warnings, g_strdup_printf ("%s:%u: %s", import->name, line, message));
}

gboolean
imtehan_gift_is_raw (const ImtehanGiftBlock *block,
                     gsize                   i,
                     char                    c)
{
  return i < block->text->len && block->text->str[i] == c && !block->escaped->data[i];
}

static gboolean
is_raw_at (const ImtehanGiftBlock *block,
           gsize                   i,
           const char             *what)
{
  for (gsize k = 0; what[k] != '\0'; k++)
    if (!imtehan_gift_is_raw (block, i + k, what[k]))
      return FALSE;
  return TRUE;
}

/* The first (or, with @last, the last) unescaped @what in [from, to), or -1. */
gssize
imtehan_gift_find_raw (const ImtehanGiftBlock *block,
                       gsize                   from,
                       gsize                   to,
                       const char             *what,
                       gboolean                last)
{
  gsize n = strlen (what);
  gssize found = -1;

  for (gsize i = from; i + n <= to; i++)
    if (is_raw_at (block, i, what))
      {
        found = i;
        if (!last)
          break;
      }
  return found;
}

static guint
line_at (const ImtehanGiftBlock *block,
         gsize                   offset)
{
  guint line = block->line;

  for (gsize i = 0; i < offset && i < block->text->len; i++)
    if (imtehan_gift_is_raw (block, i, '\n'))
      line++;
  return line;
}

void
imtehan_gift_trim_range (const ImtehanGiftBlock *block,
                         gsize                  *from,
                         gsize                  *to)
{
  while (*from < *to && g_ascii_isspace (block->text->str[*from]))
    (*from)++;
  while (*to > *from && g_ascii_isspace (block->text->str[*to - 1]))
    (*to)--;
}

char *
imtehan_gift_slice (const ImtehanGiftBlock *block,
                    gsize                   from,
                    gsize                   to)
{
  return g_strstrip (g_strndup (block->text->str + from, to - from));
}

static void
append_decoded (ImtehanGiftBlock *block,
                const char       *s,
                const char       *e)
{
  static const guint8 escaped = 1, plain = 0;

  for (const char *p = s; p < e; p++)
    {
      if (*p == '\\' && p + 1 < e && p[1] != '\0' && strchr (":#={}~n\\", p[1]))
        {
          g_string_append_c (block->text, p[1] == 'n' ? '\n' : p[1]);
          g_byte_array_append (block->escaped, &escaped, 1);
          p++;
        }
      else
        {
          g_string_append_c (block->text, *p);
          g_byte_array_append (block->escaped, &plain, 1);
        }
    }
}


static char *
question_id (Import     *import,
             const char *title)
{
  g_autofree char *base = title ? imtehan_gift_make_id (title) : g_strdup ("");
  char *id;

  if (*base == '\0')
    {
      g_free (base);
      base = g_strdup_printf ("q%u", import->n_questions + 1);
    }
  id = g_strdup (base);
  for (guint n = 2; g_hash_table_contains (import->ids, id); n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%u", base, n);
    }
  g_hash_table_add (import->ids, g_strdup (id));
  return id;
}

static void
set_text (Import     *import,
          const char *group,
          const char *key,
          const char *value)
{
  imtehan_gift_set_text (import->key_file, import->language, group, key, value);
}

/* One explanation from Moodle's feedback. A one-answer question has no feedback of its own
 * for each choice: the right answer's, then each wrong answer's after its text. Other types
 * have, but for an answer not written (a numerical "*"), whose feedback comes after its
 * text. The general feedback is last. */
static char *
make_explanation (GArray          *answers,
                  ImtehanGiftType  type,
                  const char      *general)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < answers->len; i++)
      {
        Answer *answer = &g_array_index (answers, Answer, i);

        if (answer->feedback == NULL || *answer->feedback == '\0')
          continue;
        if (type == IMTEHAN_GIFT_SINGLE ? answer->right != (pass == 0)
                                        : !answer->dropped || pass == 0)
          continue;
        g_ptr_array_add (parts, answer->right ? g_strdup (answer->feedback)
                                              : g_strdup_printf ("“%s”: %s", answer->text,
                                                                 answer->feedback));
      }
  if (general != NULL && *general != '\0')
    g_ptr_array_add (parts, g_strdup (general));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv ("\n", (char **)parts->pdata);
}

static void
add_choices (Import     *import,
             const char *group,
             GArray     *answers,
             gboolean    true_false)
{
  static const char * const true_false_ids[] = { "true", "false" };
  g_auto(GStrv) choices = g_new0 (char *, answers->len + 1);

  for (guint i = 0; i < answers->len; i++)
    choices[i] = true_false ? g_strdup (true_false_ids[i]) : g_strdup_printf ("%c", 'a' + i);
  g_key_file_set_string_list (import->key_file, group, "Choices",
                              (const char * const *)choices, answers->len);
  for (guint i = 0; i < answers->len; i++)
    {
      Answer *answer = &g_array_index (answers, Answer, i);
      g_autofree char *key = g_strconcat ("Choice.", choices[i], NULL);

      set_text (import, group, key, answer->text);
    }
  for (guint i = 0; i < answers->len; i++)
    if (g_array_index (answers, Answer, i).right)
      g_key_file_set_string (import->key_file, group, "Answer", choices[i]);
}

static void
add_question (Import          *import,
              guint            line,
              const char      *title,
              const char      *text,
              ImtehanGiftType  type,
              GArray          *answers,
              const char      *general,
              gboolean         true_false)
{
  g_autofree char *id = question_id (import, title);
  g_autofree char *group = g_strconcat ("Question ", id, NULL);
  g_autofree char *explanation = make_explanation (answers, type, general);
  g_autofree char *comment = g_strdup_printf (" From %s:%u", import->name, line);

  set_text (import, group, "Text", text);
  if (import->topic != NULL)
    {
      set_text (import, group, "Topic", import->topic);
      if (!g_ptr_array_find_with_equal_func (import->topics, import->topic, g_str_equal, NULL))
        g_ptr_array_add (import->topics, g_strdup (import->topic));
    }
  if (type == IMTEHAN_GIFT_SINGLE)
    add_choices (import, group, answers, true_false);
  else
    {
      imtehan_gift_write_answers (import->key_file, import->language, group, type, answers);
      import->n_typed++;
    }
  set_text (import, group, "Explanation", explanation);
  g_key_file_set_comment (import->key_file, group, NULL, comment, NULL);
  import->n_questions++;
}

/* The two choices of a true/false question, in the language of the quiz file (not of the
 * user interface, so not through gettext). */
static void
read_true_false (Import                 *import,
                 const ImtehanGiftBlock *block,
                 gsize                   from,
                 gsize                   to,
                 ImtehanGiftFormat       format,
                 GArray                 *answers)
{
  gboolean is_urdu = g_str_equal (import->language, "ur");
  char *parts[3] = { NULL, NULL, NULL };
  gboolean answer_true;
  Answer choices[2] = {
    { .text = g_strdup (is_urdu ? "درست" : "True") },
    { .text = g_strdup (is_urdu ? "غلط" : "False") },
  };

  /* "{T#wrong#right}": the feedback for a wrong and for a right answer. */
  for (guint k = 0; k < 3; k++)
    {
      gssize hash = k < 2 ? imtehan_gift_find_raw (block, from, to, "#", FALSE) : -1;
      gsize end = hash < 0 ? to : (gsize)hash;
      g_autofree char *raw = imtehan_gift_slice (block, from, end);
      ImtehanGiftFormat part_format = format;

      parts[k] = k == 0 ? g_steal_pointer (&raw) : imtehan_gift_clean_text (raw, &part_format);
      if (hash < 0)
        break;
      from = hash + 1;
    }

  answer_true = g_str_equal (parts[0], "T") || g_str_equal (parts[0], "TRUE");
  choices[0].right = answer_true;
  choices[1].right = !answer_true;
  choices[answer_true ? 0 : 1].feedback = g_steal_pointer (&parts[2]);
  choices[answer_true ? 1 : 0].feedback = g_steal_pointer (&parts[1]);
  g_array_append_vals (answers, choices, 2);
  for (guint k = 0; k < 3; k++)
    g_free (parts[k]);
}

static gboolean
is_true_false (const ImtehanGiftBlock *block,
               gsize                   from,
               gsize                   to)
{
  static const char * const values[] = { "T", "TRUE", "F", "FALSE", NULL };
  gssize hash = imtehan_gift_find_raw (block, from, to, "#", FALSE);
  g_autofree char *value = imtehan_gift_slice (block, from, hash < 0 ? to : (gsize)hash);

  return g_strv_contains (values, value);
}

/* The answers, of the type Moodle decides from them in its order. */
static char *
read_answers (Import                 *import,
              const ImtehanGiftBlock *block,
              gsize                   from,
              gsize                   to,
              ImtehanGiftFormat       format,
              GArray                 *answers,
              ImtehanGiftType        *type,
              gboolean               *true_false)
{
  *type = IMTEHAN_GIFT_SINGLE;
  if (from == to)
    return g_strdup (_("skipped: an essay question, which a quiz cannot mark"));
  if (imtehan_gift_is_raw (block, from, '#'))
    {
      *type = IMTEHAN_GIFT_NUMERICAL;
      return imtehan_gift_read_numerical (block, from + 1, to, format, answers);
    }
  if (imtehan_gift_find_raw (block, from, to, "~", FALSE) >= 0)
    return imtehan_gift_read_choices (block, from, to, format, answers, type);
  if (imtehan_gift_find_raw (block, from, to, "=", FALSE) >= 0 &&
      imtehan_gift_find_raw (block, from, to, "->", FALSE) >= 0)
    {
      *type = IMTEHAN_GIFT_MATCHING;
      return imtehan_gift_read_matching (block, from, to, format, answers);
    }
  if ((*true_false = is_true_false (block, from, to)))
    {
      read_true_false (import, block, from, to, format, answers);
      return NULL;
    }
  *type = IMTEHAN_GIFT_SHORT;
  return imtehan_gift_read_short (block, from, to, format, answers);
}

static gboolean
read_block (Import            *import,
            ImtehanGiftBlock  *block,
            GError           **error)
{
  g_autofree char *title = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  g_autofree char *raw_general = NULL;
  g_autofree char *general = NULL;
  g_autoptr(GArray) answers = NULL;
  g_autofree char *skip = NULL;
  ImtehanGiftType type = IMTEHAN_GIFT_SINGLE;
  ImtehanGiftFormat format = IMTEHAN_GIFT_FORMAT_MOODLE;
  ImtehanGiftFormat general_format;
  gboolean true_false = FALSE;
  gsize pos = 0, end = block->text->len;
  gsize from, to;
  gssize open, close, separator;
  guint line;

  if (g_str_has_prefix (block->text->str, "$CATEGORY") && imtehan_gift_is_raw (block, 9, ':'))
    {
      gssize eol = imtehan_gift_find_raw (block, 0, end, "\n", FALSE);
      g_autofree char *category = imtehan_gift_slice (block, 10, eol < 0 ? end : (gsize)eol);

      g_clear_pointer (&import->topic, g_free);
      import->topic = imtehan_gift_category_topic (category);
      if (eol < 0)
        return TRUE;
      pos = eol + 1;
    }
  imtehan_gift_trim_range (block, &pos, &end);
  if (pos == end)
    return TRUE;
  line = line_at (block, pos);

  if (is_raw_at (block, pos, "::"))
    {
      gssize name_end = imtehan_gift_find_raw (block, pos + 2, end, "::", FALSE);

      if (name_end >= 0)
        {
          title = imtehan_gift_slice (block, pos + 2, name_end);
          pos = name_end + 2;
        }
      else
        pos += 2;
      imtehan_gift_trim_range (block, &pos, &end);
    }

  open = imtehan_gift_find_raw (block, pos, end, "{", FALSE);
  close = imtehan_gift_find_raw (block, pos, end, "}", FALSE);
  if (open < 0 && close < 0)
    {
      warn (import, line, _("skipped: a description, which has no answers"));
      return TRUE;
    }
  if (close < 0)
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE,
                   _("%s:%u: this “{” is never closed by a “}”"), import->name,
                   line_at (block, open));
      return FALSE;
    }
  if (open < 0 || close < open)
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE,
                   _("%s:%u: this “}” closes no “{”"), import->name,
                   line_at (block, close));
      return FALSE;
    }

  /* The question's text, with "_____" where the answers stood inside a sentence. */
  before = g_strndup (block->text->str + pos, open - pos);
  after = imtehan_gift_slice (block, close + 1, end);
  {
    g_autofree char *whole = *after != '\0' ? g_strconcat (before, "_____",
                                                           block->text->str + close + 1, NULL)
                                            : g_strdup (before);
    text = imtehan_gift_clean_text (g_strstrip (whole), &format);
  }

  from = open + 1;
  to = close;
  if ((separator = imtehan_gift_find_raw (block, from, to, "####", TRUE)) >= 0)
    {
      raw_general = imtehan_gift_slice (block, separator + 4, to);
      to = separator;
    }
  imtehan_gift_trim_range (block, &from, &to);
  general_format = format;
  general = raw_general ? imtehan_gift_clean_text (raw_general, &general_format) : NULL;

  answers = g_array_new (FALSE, TRUE, sizeof (Answer));
  g_array_set_clear_func (answers, imtehan_gift_answer_clear);
  skip = read_answers (import, block, from, to, format, answers, &type, &true_false);
  if (skip == NULL && *text == '\0')
    skip = g_strdup (_("skipped: the question has no text"));
  if (skip != NULL)
    {
      warn (import, line, skip);
      return TRUE;
    }
  if (type == IMTEHAN_GIFT_SINGLE)
    {
      gboolean penalties = FALSE;

      for (guint i = 0; i < answers->len; i++)
        {
          Answer *answer = &g_array_index (answers, Answer, i);

          penalties |= !answer->right && answer->weight < 0;
          if (!answer->right)
            answer->weight = 0;
        }
      if (penalties)
        warn (import, line, _("imported without the penalties of its wrong answers: a question "
                              "with one right answer scores 1 or 0"));
    }

  add_question (import, line, title, text, type, answers, general, true_false);
  return TRUE;
}

static void
block_reset (ImtehanGiftBlock *block)
{
  g_string_truncate (block->text, 0);
  g_byte_array_set_size (block->escaped, 0);
  block->line = 0;
}

/**
 * imtehan_gift_format_warnings:
 * @warnings: the warnings of imtehan_gift_import()
 * @max_lines: how many to list
 *
 * For a message box, where a bank of hundreds of essays must not make a list taller than
 * the screen.
 *
 * Returns: (transfer full): the first @max_lines warnings, one a line, and a last line that
 *   counts the others if there are more
 */
char *
imtehan_gift_format_warnings (const char * const *warnings,
                              guint               max_lines)
{
  GString *text = g_string_new (NULL);
  guint n;

  g_return_val_if_fail (warnings != NULL, NULL);

  n = g_strv_length ((char **)warnings);
  for (guint i = 0; i < n && i < max_lines; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? "\n" : "", warnings[i]);
  if (n > max_lines)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text,
                              dngettext (GETTEXT_PACKAGE, "…and %u more question skipped",
                                         "…and %u more questions skipped", n - max_lines),
                              n - max_lines);
    }
  return g_string_free (text, FALSE);
}

/**
 * imtehan_gift_import:
 * @bytes: a GIFT file: UTF-8, with or without a byte order mark, any line ends
 * @display_name: how messages, and the result's comments, name the file
 * @quiz_id: the quiz's Id (see imtehan_gift_make_id())
 * @title: the quiz's Title
 * @language: "en" writes Key=, "ur" (or another code) Key[ur]=
 * @warnings: (out) (optional): "FILE:LINE: message" for each question skipped, also when
 *   the import fails
 * @length: (out) (optional): the length of the result
 *
 * Converts the questions of a GIFT file that a quiz can mark (all but essays and
 * descriptions) into a quiz key file, which imtehan_quiz_new_from_bytes() reads: format 1
 * when every question has one right answer, else format 2. Each question group carries a
 * comment with the line it came from.
 *
 * Returns: (transfer full): the key file's text, or %NULL with @error set (an IMTEHAN_ERROR
 *   naming the file, and the line where there is one)
 */
char *
imtehan_gift_import (GBytes       *bytes,
                     const char   *display_name,
                     const char   *quiz_id,
                     const char   *title,
                     const char   *language,
                     char       ***warnings,
                     gsize        *length,
                     GError      **error)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GPtrArray) warning_list = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) topics = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GByteArray) escaped = g_byte_array_new ();
  g_autofree char *comment = NULL;
  Import import = {
    .name = display_name, .language = language, .key_file = key_file,
    .warnings = warning_list, .topics = topics, .ids = ids,
  };
  ImtehanGiftBlock block = { text, escaped, 0 };
  gboolean ok = TRUE;
  const char *data, *end, *p;
  gsize len;
  guint line = 0;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);
  g_return_val_if_fail (quiz_id != NULL && title != NULL && language != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = g_bytes_get_data (bytes, &len);
  if (!imtehan_text_file_check (&data, &len, display_name, IMTEHAN_GIFT_MAX_SIZE, error))
    return NULL;

  g_key_file_set_integer (key_file, QUIZ_GROUP, "FormatVersion", FORMAT_VERSION_SINGLE);
  g_key_file_set_string (key_file, QUIZ_GROUP, "Id", quiz_id);
  set_text (&import, QUIZ_GROUP, "Title", title);

  /* Lines end in "\n", "\r\n" or, from old Macs, "\r". */
  for (p = data, end = data + len; ok && p < end;)
    {
      const char *eol = p, *s = p, *e;

      while (eol < end && *eol != '\n' && *eol != '\r')
        eol++;
      e = eol;
      line++;
      while (s < e && g_ascii_isspace (*s))
        s++;
      while (e > s && g_ascii_isspace (e[-1]))
        e--;

      if (s == e)
        {
          if (block.line > 0)
            ok = read_block (&import, &block, error);
          block_reset (&block);
        }
      else if (e - s >= 2 && s[0] == '/' && s[1] == '/')
        {
          /* A comment keeps its line, so that the lines after it are counted right. */
          if (block.line > 0)
            append_decoded (&block, "\n", (const char *)"\n" + 1);
        }
      else
        {
          /* A line's indentation is kept for the text of a <pre> (imtehan_gift_clean_text()
           * trims the others), but not the first line's: the block is trimmed where it is
           * parsed. */
          if (block.line == 0)
            block.line = line;
          else
            {
              append_decoded (&block, "\n", (const char *)"\n" + 1);
              s = p;
            }
          append_decoded (&block, s, e);
        }

      p = eol < end && *eol == '\r' && eol + 1 < end && eol[1] == '\n' ? eol + 2 : eol + 1;
    }
  if (ok && block.line > 0)
    ok = read_block (&import, &block, error);
  g_clear_pointer (&import.topic, g_free);

  /* The warnings explain a failure too: why no question was left. */
  if (warnings != NULL)
    {
      g_ptr_array_add (warning_list, NULL);
      *warnings = g_strdupv ((char **)warning_list->pdata);
    }
  if (!ok)
    return NULL;

  if (import.n_questions == 0)
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_MISSING,
                   _("%s: no question to import"), display_name);
      return NULL;
    }
  if (import.n_questions > IMTEHAN_QUIZ_MAX_QUESTIONS)
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_INVALID,
                   _("%s: %u questions; a quiz has at most %d: split the file into smaller ones"),
                   display_name, import.n_questions, IMTEHAN_QUIZ_MAX_QUESTIONS);
      return NULL;
    }

  if (import.n_typed > 0)
    g_key_file_set_integer (key_file, QUIZ_GROUP, "FormatVersion", FORMAT_VERSION_TYPES);
  if (topics->len > 0)
    {
      if (g_str_equal (language, "en"))
        g_key_file_set_string_list (key_file, QUIZ_GROUP, "Topics",
                                    (const char * const *)topics->pdata, topics->len);
      else
        g_key_file_set_locale_string_list (key_file, QUIZ_GROUP, "Topics", language,
                                           (const char * const *)topics->pdata, topics->len);
    }
  /* Not translated: the same GIFT file must give the same bytes in any interface language,
   * or the library would keep a second copy of it after a language switch (it finds an
   * imported file again by its bytes). */
  comment = g_strdup_printf (" Imported from %s (Moodle GIFT format) by Imtehan", display_name);
  g_key_file_set_comment (key_file, NULL, NULL, comment, NULL);

  return g_key_file_to_data (key_file, length, NULL);
}

