/* imtehan-moodle-xml.c: Moodle's XML question format read into questions of a quiz
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Moodle's importer (question/format/xml/format.php) is the reference: a <quiz> of
 * <question type="…"> elements, each text in a <text> child with the format of its parent's
 * "format" attribute (a question's format is the default of its answers and feedback), the
 * pictures of a text in <file> elements beside it, named by "@@PLUGINFILE@@/<name>" in an
 * <img>. The file is parsed by libxml2, never with a DTD: no entity is expanded, nothing is
 * loaded from the network or the disk, and libxml2's own limits (depth, text size) stay on.
 */

#define G_LOG_DOMAIN "imtehan-moodle-xml"

#include "config.h"

#include <math.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "imtehan-intl-private.h"

#include "imtehan-gift.h"
#include "imtehan-gift-private.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-moodle-xml.h"
#include "imtehan-moodle-xml-private.h"
#include "imtehan-quiz.h"

typedef struct
{
  ImtehanXmlImport *import;
  char             *topic;   /* of the last category */
} Reader;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlParserCtxt, xmlFreeParserCtxt)

/* An answer's grade, in percent: "fraction" is -100 to 100, as Moodle's editor allows. */
static gboolean
read_fraction (ImtehanXmlImport  *import,
               xmlNode           *answer,
               double            *value,
               GError           **error)
{
  g_autofree char *fraction = imtehan_xml_attribute (answer, "fraction");

  *value = 0;
  if (fraction == NULL)
    return TRUE;
  g_strstrip (fraction);
  if (!imtehan_xml_parse_number (fraction, value))
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_INVALID,
                   _("%s:%ld: the grade “%s” of an answer is not a number"), import->name,
                   imtehan_xml_line_of (answer), fraction);
      return FALSE;
    }
  if (*value > 100.0000001 || *value < -100.0000001)
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_INVALID,
                   _("%s:%ld: an answer's grade is %s %%; a grade is between -100 and 100 %%"),
                   import->name, imtehan_xml_line_of (answer), fraction);
      return FALSE;
    }
  return TRUE;
}

static char *
weight_of (double fraction)
{
  g_autofree char *weight = imtehan_xml_format_percent (fraction);

  return g_str_equal (weight, "100") ? NULL : g_steal_pointer (&weight);
}

/* Fills @question from a multichoice's answers. Returns FALSE with @error for a file that is
 * wrong; sets @skip for a question that a quiz cannot hold. */
static gboolean
read_multichoice (ImtehanXmlImport    *import,
                  xmlNode             *node,
                  const char          *format,
                  ImtehanXmlQuestion  *question,
                  const char         **skip,
                  GError             **error)
{
  g_autoptr(GPtrArray) answers = imtehan_xml_children (node, "answer");
  g_autofree char *single_text = imtehan_xml_content (imtehan_xml_child (node, "single"));
  gboolean single = imtehan_xml_child (node, "single") == NULL ||
                    !(g_str_equal (single_text, "false") || g_str_equal (single_text, "") ||
                      g_str_equal (single_text, "0"));
  double fractions[IMTEHAN_QUESTION_MAX_CHOICES];
  double positive = 0;
  guint n_full = 0, n_positive = 0;

  if (answers->len > IMTEHAN_QUESTION_MAX_CHOICES)
    return (*skip = _("skipped: a question has at most 10 answers")), TRUE;
  if (answers->len < IMTEHAN_QUESTION_MIN_CHOICES)
    return (*skip = _("skipped: a question needs at least 2 answers")), TRUE;

  for (guint i = 0; i < answers->len; i++)
    {
      xmlNode *answer = g_ptr_array_index (answers, i);
      ImtehanXmlPart *part = imtehan_xml_part_new (i);
      char *alt = NULL;
      gboolean html;

      g_ptr_array_add (question->parts, part);
      if (!read_fraction (import, answer, &fractions[i], error))
        return FALSE;
      html = imtehan_xml_format_is_html (answer, format);
      part->text = imtehan_xml_read_rich (import, answer, html, &part->picture, &alt);
      part->text = imtehan_xml_text_or_alt (part->text, alt);
      part->feedback = imtehan_xml_feedback_of (answer, format);
      if (*part->text == '\0')
        *skip = _("skipped: an answer is empty");
      n_full += fractions[i] >= 100 - 1e-4;
      n_positive += fractions[i] > 1e-4;
      positive += MAX (fractions[i], 0);
    }
  if (*skip != NULL)
    return TRUE;

  if (single && n_full == 1 && n_positive == 1)
    {
      gboolean penalties = FALSE;

      question->kind = IMTEHAN_XML_SINGLE;
      for (guint i = 0; i < answers->len; i++)
        {
          if (fractions[i] > 1e-4)
            question->answer = g_strdup (((ImtehanXmlPart *)question->parts->pdata[i])->id);
          penalties |= fractions[i] < -1e-4;
        }
      /* Kept, as a question of one right answer scores 1 or 0 here: the teacher is told. */
      if (penalties)
        imtehan_xml_warn (import, imtehan_xml_line_of (node), "%s",
                          _("imported without the penalties of its wrong answers: a question "
                            "with one right answer scores 1 or 0"));
      return TRUE;
    }
  if (n_positive == 0)
    return (*skip = _("skipped: no answer gives marks")), TRUE;
  /* Moodle's own export writes thirds as 33.33333. */
  if (fabs (positive - 100) > 0.01)
    return (*skip = _("skipped: the grades of the right answers do not add up to 100 %")), TRUE;

  question->kind = IMTEHAN_XML_MULTIPLE;
  for (guint i = 0; i < answers->len; i++)
    {
      ImtehanXmlPart *part = g_ptr_array_index (question->parts, i);

      if (fabs (fractions[i]) > 1e-7)
        part->weight = imtehan_xml_format_percent (fractions[i]);
    }
  return TRUE;
}

/* Moodle matches the answers by their text "true" and "false"; an old file that wrote them in
 * its language has true first. The right one is decided as Moodle decides it: by the last
 * answer read. */
static gboolean
read_truefalse (ImtehanXmlImport    *import,
                xmlNode             *node,
                const char          *format,
                ImtehanXmlQuestion  *question,
                const char         **skip,
                GError             **error)
{
  g_autoptr(GPtrArray) answers = imtehan_xml_children (node, "answer");
  ImtehanXmlPart *parts[2];
  gboolean answer_true = TRUE;

  if (answers->len == 0)
    return (*skip = _("skipped: a question needs at least 2 answers")), TRUE;

  question->kind = IMTEHAN_XML_TRUE_FALSE;
  for (guint i = 0; i < 2; i++)
    {
      parts[i] = imtehan_xml_part_new (0);
      g_free (parts[i]->id);
      parts[i]->id = g_strdup (i == 0 ? "true" : "false");
      g_ptr_array_add (question->parts, parts[i]);
    }
  for (guint i = 0; i < answers->len && i < 2; i++)
    {
      xmlNode *answer = g_ptr_array_index (answers, i);
      g_autofree char *text = imtehan_xml_text_of (answer);
      gboolean is_true = g_str_equal (text, "true") ||
                         (!g_str_equal (text, "false") && i == 0);
      double fraction;

      if (!read_fraction (import, answer, &fraction, error))
        return FALSE;
      answer_true = is_true == (fabs (fraction - 100) < 1e-4);
      g_free (parts[is_true ? 0 : 1]->feedback);
      parts[is_true ? 0 : 1]->feedback = imtehan_xml_feedback_of (answer, format);
    }
  question->answer = g_strdup (answer_true ? "true" : "false");
  return TRUE;
}

static gboolean
read_number (ImtehanXmlImport  *import,
             xmlNode           *node,
             const char        *what,
             const char        *text,
             char             **value,
             GError           **error)
{
  double number;

  if (!imtehan_xml_parse_number (text, &number))
    {
      /* TRANSLATORS: the first %s is "answer" or "tolerance" as Moodle's file names them */
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_INVALID,
                   _("%s:%ld: the <%s> “%s” of a numerical question is not a number"),
                   import->name, imtehan_xml_line_of (node), what, text);
      return FALSE;
    }
  *value = g_strdup (text + (*text == '+'));
  return TRUE;
}

/* The answers of shortanswer and numerical: those that give marks are accepted, in file
 * order; the others score 0 anyway, as any other text does. */
static gboolean
read_accepted (ImtehanXmlImport    *import,
               xmlNode             *node,
               const char          *format,
               ImtehanXmlQuestion  *question,
               const char         **skip,
               GError             **error)
{
  g_autoptr(GPtrArray) answers = imtehan_xml_children (node, "answer");
  gboolean numerical = question->kind == IMTEHAN_XML_NUMERICAL;
  gboolean full = FALSE;

  for (guint i = 0; i < answers->len; i++)
    {
      xmlNode *answer = g_ptr_array_index (answers, i);
      g_autofree char *text = imtehan_xml_text_of (answer);
      g_autofree char *tolerance = imtehan_xml_content (imtehan_xml_child (answer, "tolerance"));
      g_autofree char *value = NULL;
      ImtehanXmlPart *part;
      double fraction, number = 0;

      if (!read_fraction (import, answer, &fraction, error))
        return FALSE;
      if (numerical && g_str_equal (text, "*"))
        {
          if (fraction > 1e-4)
            *skip = _("skipped: an answer “*” gives marks for any number");
          continue;
        }
      if (numerical && !read_number (import, answer, "answer", text, &value, error))
        return FALSE;
      if (numerical && *tolerance != '\0' && !imtehan_xml_parse_number (tolerance, &number))
        return read_number (import, answer, "tolerance", tolerance, &value, error);
      if (fraction <= 1e-4)
        continue;
      if (*text == '\0')
        *skip = _("skipped: an answer is empty");
      if (question->parts->len == IMTEHAN_QUESTION_MAX_ACCEPTED)
        return (*skip = _("skipped: a question has at most 10 accepted answers")), TRUE;

      part = imtehan_xml_part_new (question->parts->len);
      g_ptr_array_add (question->parts, part);
      part->text = numerical ? g_steal_pointer (&value) : g_steal_pointer (&text);
      part->weight = weight_of (fraction);
      full |= part->weight == NULL;
      part->feedback = imtehan_xml_feedback_of (answer, format);
      if (numerical && *tolerance != '\0' && number != 0)
        part->tolerance = g_strdup (tolerance + (*tolerance == '-' || *tolerance == '+'));
    }
  if (*skip == NULL && question->parts->len == 0)
    *skip = _("skipped: no answer gives marks");
  /* Moodle's editor asks for it too: full marks must be possible. */
  else if (*skip == NULL && !full)
    *skip = _("skipped: no answer gives full marks");
  return TRUE;
}

static void
read_short (xmlNode            *node,
            ImtehanXmlQuestion *question)
{
  g_autofree char *usecase = imtehan_xml_content (imtehan_xml_child (node, "usecase"));

  question->kind = IMTEHAN_XML_SHORT;
  question->case_sensitive = g_str_equal (usecase, "1") || g_str_equal (usecase, "true");
}

/* The unit a number is typed with: Moodle's first unit of multiplier 1 (the others convert,
 * which a quiz does not do). */
static void
read_unit (xmlNode            *node,
           ImtehanXmlQuestion *question)
{
  xmlNode *units = imtehan_xml_child (node, "units");

  question->kind = IMTEHAN_XML_NUMERICAL;
  for (xmlNode *unit = units ? units->children : NULL; unit != NULL; unit = unit->next)
    {
      g_autofree char *multiplier = imtehan_xml_content (imtehan_xml_child (unit, "multiplier"));
      g_autofree char *name = imtehan_xml_content (imtehan_xml_child (unit, "unit_name"));
      double value = 1;

      if (!imtehan_xml_is_element (unit, "unit") || *name == '\0' ||
          (*multiplier != '\0' && (!imtehan_xml_parse_number (multiplier, &value) || value != 1)))
        continue;
      question->unit = g_steal_pointer (&name);
      return;
    }
}

/* Items that all match the same text leave nothing to choose between. */
static gboolean
two_answers (ImtehanXmlQuestion *question)
{
  const char *first = NULL;

  for (guint i = 0; i < question->parts->len; i++)
    {
      ImtehanXmlPart *part = g_ptr_array_index (question->parts, i);

      if (first == NULL)
        first = part->match;
      else if (!g_str_equal (first, part->match))
        return TRUE;
    }
  return FALSE;
}

/* Each <subquestion> is an item and its <answer> the match; one without text is a distractor,
 * one without either is nothing. */
static gboolean
read_matching (ImtehanXmlImport    *import,
               xmlNode             *node,
               const char          *format,
               ImtehanXmlQuestion  *question,
               const char         **skip,
               GError             **error)
{
  g_autoptr(GPtrArray) subquestions = imtehan_xml_children (node, "subquestion");
  guint n_items = 0, n_distractors = 0;

  question->kind = IMTEHAN_XML_MATCHING;
  for (guint i = 0; i < subquestions->len; i++)
    {
      xmlNode *subquestion = g_ptr_array_index (subquestions, i);
      g_autofree char *match = imtehan_xml_text_of (imtehan_xml_child (subquestion, "answer"));
      g_autofree char *picture = NULL;
      char *alt = NULL;
      gboolean html = imtehan_xml_format_is_html (subquestion, format);
      g_autofree char *text = imtehan_xml_read_rich (import, subquestion, html, &picture, &alt);
      ImtehanXmlPart *part;

      text = imtehan_xml_text_or_alt (text, alt);
      if (*text == '\0' && *match == '\0')
        continue;
      if (*text != '\0' && *match == '\0')
        *skip = _("skipped: an item has no answer to match");
      n_items += *text != '\0';
      n_distractors += *text == '\0';
      if (n_items > IMTEHAN_QUESTION_MAX_CHOICES)
        return (*skip = _("skipped: a question has at most 10 items")), TRUE;
      if (n_distractors > IMTEHAN_QUESTION_MAX_DISTRACTORS)
        return (*skip = _("skipped: a matching question has at most 10 answers that match no "
                          "item")), TRUE;

      part = imtehan_xml_part_new (question->parts->len);
      g_ptr_array_add (question->parts, part);
      part->distractor = *text == '\0';
      part->text = part->distractor ? NULL : g_steal_pointer (&text);
      part->picture = g_steal_pointer (&picture);
      part->match = g_steal_pointer (&match);
    }
  if (n_items >= IMTEHAN_QUESTION_MIN_CHOICES && *skip == NULL && !two_answers (question))
    *skip = _("skipped: every item of a matching question has the same answer");
  if (n_items < IMTEHAN_QUESTION_MIN_CHOICES)
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_INVALID,
                   _("%s:%ld: a matching question needs at least 2 items to match; this one "
                     "has %u"), import->name, imtehan_xml_line_of (node), n_items);
      return FALSE;
    }
  return TRUE;
}

/* qtype_ordering writes the items in their order, each answer's "fraction" its place. */
static gboolean
read_ordering (ImtehanXmlImport    *import,
               xmlNode             *node,
               const char          *format,
               ImtehanXmlQuestion  *question,
               const char         **skip,
               GError             **error)
{
  g_autoptr(GPtrArray) answers = imtehan_xml_children (node, "answer");
  double places[IMTEHAN_QUESTION_MAX_CHOICES];

  question->kind = IMTEHAN_XML_ORDERING;
  if (answers->len > IMTEHAN_QUESTION_MAX_CHOICES)
    return (*skip = _("skipped: a question has at most 10 items")), TRUE;
  if (answers->len < IMTEHAN_QUESTION_MIN_CHOICES)
    return (*skip = _("skipped: a question needs at least 2 items")), TRUE;

  for (guint i = 0; i < answers->len; i++)
    {
      xmlNode *answer = g_ptr_array_index (answers, i);
      g_autofree char *place = imtehan_xml_attribute (answer, "fraction");
      ImtehanXmlPart *part = imtehan_xml_part_new (i);
      char *alt = NULL;
      guint k;

      if (place == NULL || !imtehan_xml_parse_number (g_strstrip (place), &places[i]))
        places[i] = i + 1;
      gboolean html = imtehan_xml_format_is_html (answer, format);

      part->text = imtehan_xml_read_rich (import, answer, html, &part->picture, &alt);
      part->text = imtehan_xml_text_or_alt (part->text, alt);
      if (*part->text == '\0')
        *skip = _("skipped: an answer is empty");
      /* In place, keeping the file's order of equal places. */
      g_ptr_array_add (question->parts, part);
      for (k = i; k > 0 && places[k - 1] > places[i]; k--)
        ;
      if (k < i)
        {
          double place_i = places[i];

          memmove (&places[k + 1], &places[k], (i - k) * sizeof (double));
          places[k] = place_i;
          memmove (&question->parts->pdata[k + 1], &question->parts->pdata[k],
                   (i - k) * sizeof (gpointer));
          question->parts->pdata[k] = part;
        }
    }
  /* The ids follow the right order, as the file reads best. */
  for (guint i = 0; i < question->parts->len; i++)
    {
      ImtehanXmlPart *part = g_ptr_array_index (question->parts, i);

      g_free (part->id);
      part->id = g_strdup_printf ("%c", 'a' + i);
    }
  return TRUE;
}

static char *
question_id (ImtehanXmlImport *import,
             xmlNode          *node)
{
  g_autofree char *name = imtehan_xml_text_of (imtehan_xml_child (node, "name"));
  g_autofree char *base = imtehan_gift_make_id (name);
  char *id;

  if (*base == '\0')
    {
      g_free (base);
      base = g_strdup_printf ("q%u", import->questions->len + 1);
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

/* Moodle before 2.0 wrote a question's picture as <image> and <image_base64>. */
static void
read_old_image (ImtehanXmlImport   *import,
                xmlNode            *node,
                ImtehanXmlQuestion *question)
{
  g_autofree char *name = imtehan_xml_content (imtehan_xml_child (node, "image"));
  g_autofree char *data = imtehan_xml_content (imtehan_xml_child (node, "image_base64"));
  g_autofree char *base = NULL;
  const char *added;

  if (*name == '\0' || *data == '\0')
    return;
  if (question->picture != NULL)
    {
      imtehan_xml_warn (import, imtehan_xml_line_of (imtehan_xml_child (node, "image")),
                        _("a question or an answer shows one picture; “%s” was left out"),
                        name);
      return;
    }
  base = g_path_get_basename (name);
  added = imtehan_xml_add_picture (import, imtehan_xml_line_of (imtehan_xml_child (node, "image")),
                                   base, data, NULL);
  question->picture = g_strdup (added);
}

static char *
type_for_message (const char *type)
{
  g_autofree char *shown = g_utf8_substring (type, 0, MIN (g_utf8_strlen (type, -1), 40));

  return g_strcanon (g_steal_pointer (&shown),
                     "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", '?');
}

static gboolean
read_question_of_type (Reader      *reader,
                       xmlNode     *node,
                       const char  *type,
                       GError     **error)
{
  ImtehanXmlImport *import = reader->import;
  g_autoptr(GPtrArray) skip_warnings = NULL;
  g_autofree char *raw_general = NULL;
  xmlNode *text_node = imtehan_xml_child (node, "questiontext");
  xmlNode *general = imtehan_xml_child (node, "generalfeedback");
  gboolean html = imtehan_xml_format_is_html (text_node, "html");
  const char *format = imtehan_xml_format_name (html);
  const char *skip = NULL;
  guint n_pictures = import->pictures->len;
  ImtehanXmlQuestion *question = g_new0 (ImtehanXmlQuestion, 1);
  gboolean ok = TRUE;

  question->line = imtehan_xml_line_of (node);
  question->parts = g_ptr_array_new_with_free_func (imtehan_xml_part_free);
  question->text = text_node == NULL ? g_strdup ("")
                    : imtehan_xml_read_rich (import, text_node, html, &question->picture, NULL);
  read_old_image (import, node, question);
  raw_general = imtehan_xml_text_of (general);
  question->explanation = imtehan_xml_clean (raw_general,
                                             imtehan_xml_format_is_html (general, format));

  if (g_str_equal (type, "multichoice"))
    ok = read_multichoice (import, node, format, question, &skip, error);
  else if (g_str_equal (type, "truefalse"))
    ok = read_truefalse (import, node, format, question, &skip, error);
  else if (g_str_equal (type, "shortanswer"))
    {
      read_short (node, question);
      ok = read_accepted (import, node, format, question, &skip, error);
    }
  else if (g_str_equal (type, "numerical"))
    {
      read_unit (node, question);
      ok = read_accepted (import, node, format, question, &skip, error);
    }
  else if (g_str_equal (type, "matching") || g_str_equal (type, "match"))
    ok = read_matching (import, node, format, question, &skip, error);
  else
    ok = read_ordering (import, node, format, question, &skip, error);

  if (ok && skip == NULL && *question->text == '\0')
    skip = _("skipped: the question has no text");
  if (!ok || skip != NULL)
    {
      if (ok)
        imtehan_xml_warn (import, question->line, "%s", skip);
      /* Pictures are only ever appended: those of a question left out go with it. */
      g_ptr_array_set_size (import->pictures, n_pictures);
      imtehan_xml_question_free (question);
      return ok;
    }

  question->id = question_id (import, node);
  question->topic = g_strdup (reader->topic);
  g_ptr_array_add (import->questions, question);
  return TRUE;
}

static gboolean
read_question (Reader   *reader,
               xmlNode  *node,
               GError  **error)
{
  static const char * const types[] = { "multichoice", "truefalse", "shortanswer", "numerical",
                                        "matching", "match", "ordering", NULL };
  g_autofree char *type = imtehan_xml_attribute (node, "type");
  g_autofree char *shown = NULL;

  if (type == NULL)
    {
      imtehan_xml_warn (reader->import, imtehan_xml_line_of (node),
                        _("skipped: a question without a type"));
      return TRUE;
    }
  if (g_str_equal (type, "category"))
    {
      xmlNode *category = imtehan_xml_child (node, "category");
      /* Moodle before 3.5 wrote the path without <text>. */
      g_autofree char *path = imtehan_xml_child (category, "text") != NULL
                              ? imtehan_xml_text_of (category) : imtehan_xml_content (category);

      g_clear_pointer (&reader->topic, g_free);
      reader->topic = imtehan_gift_category_topic (path);
      return TRUE;
    }
  if (g_strv_contains (types, type))
    return read_question_of_type (reader, node, type, error);

  shown = type_for_message (type);
  if (g_str_equal (type, "description"))
    imtehan_xml_warn (reader->import, imtehan_xml_line_of (node),
                      _("skipped: a question of type “%s”, which has no answers"), shown);
  else if (g_str_equal (type, "essay"))
    imtehan_xml_warn (reader->import, imtehan_xml_line_of (node),
                      _("skipped: a question of type “%s”, which a quiz cannot mark"), shown);
  else
    imtehan_xml_warn (reader->import, imtehan_xml_line_of (node),
                      _("skipped: a question of type “%s”, which Imtehan does not import"),
                      shown);
  return TRUE;
}

/* The line of the <!DOCTYPE>, which a tree does not keep. */
static guint
doctype_line (const char *data,
              gsize       length)
{
  const char *doctype = g_strstr_len (data, length, "<!DOCTYPE");
  guint line = 1;

  for (const char *p = data; doctype != NULL && p < doctype; p++)
    line += *p == '\n';
  return line;
}

static xmlDoc *
parse (const char  *name,
       const char  *data,
       gsize        length,
       GError     **error)
{
  g_autoptr(xmlParserCtxt) context = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  xmlNode *root;

  /* No XML_PARSE_NOENT (entities stay references), XML_PARSE_DTDLOAD or XML_PARSE_HUGE: no
   * entity expansion, no external file, libxml2's limits on depth and text size. */
  xmlInitParser ();
  context = xmlNewParserCtxt ();
  if (context == NULL)
    g_error ("libxml2 could not make a parser");
  doc = xmlCtxtReadMemory (context, data, length, NULL, "UTF-8",
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                           XML_PARSE_BIG_LINES);
  if (doc == NULL)
    {
      const xmlError *problem = xmlCtxtGetLastError (context);
      g_autofree char *message = g_strstrip (g_strdup (problem && problem->message
                                                       ? problem->message : ""));

      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE,
                   _("%s:%d: this is not a well-formed XML file: %s"), name,
                   problem != NULL ? MAX (problem->line, 1) : 1, message);
      return NULL;
    }
  if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_INVALID,
                   _("%s:%u: the file declares a document type (<!DOCTYPE>); a Moodle XML "
                     "file has none, and Imtehan does not read one"), name,
                   doctype_line (data, length));
      return NULL;
    }
  root = xmlDocGetRootElement (doc);
  if (root == NULL || !imtehan_xml_is_element (root, "quiz"))
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_INVALID,
                   _("%s:%ld: the file holds <%s>, not Moodle's <quiz>: it is not a Moodle XML "
                     "question bank"), name, root ? imtehan_xml_line_of (root) : 1,
                   root ? (const char *)root->name : "");
      return NULL;
    }
  return g_steal_pointer (&doc);
}

static gboolean
check_count (ImtehanXmlImport  *import,
             GError           **error)
{
  if (import->questions->len == 0)
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_MISSING,
                   _("%s: no question that a quiz can hold"), import->name);
      return FALSE;
    }
  if (import->questions->len > IMTEHAN_QUIZ_MAX_QUESTIONS)
    {
      g_set_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_INVALID,
                   _("%s: %u questions; a quiz has at most %d: split the file into smaller ones"),
                   import->name, import->questions->len, IMTEHAN_QUIZ_MAX_QUESTIONS);
      return FALSE;
    }
  return TRUE;
}

/**
 * imtehan_moodle_xml_import:
 * @bytes: a Moodle XML file ("Moodle XML format" in Moodle's question bank export)
 * @display_name: how messages, and the result's comments, name the file
 * @quiz_id: the quiz's Id (see imtehan_gift_id_for_file_name())
 * @title: the quiz's Title
 * @language: (nullable): "en" writes Key=, "ur" (or another code) Key[ur]=; %NULL guesses it
 *   from the questions' texts, as imtehan_gift_guess_language() does
 * @warnings: (out) (optional): "FILE:LINE: message" for each question or picture left out,
 *   also when the import fails
 * @length: (out) (optional): the length of the result
 *
 * Converts the questions of a Moodle XML file into a quiz key file that
 * imtehan_quiz_new_from_bytes() reads: of format 1 when every question has one right answer
 * and no picture, else of format 2. Each question group carries a comment with its line.
 *
 * Returns: (transfer full): the key file's text, or %NULL with @error set (an IMTEHAN_ERROR
 *   naming the file, and the line where there is one)
 */
char *
imtehan_moodle_xml_import (GBytes       *bytes,
                           const char   *display_name,
                           const char   *quiz_id,
                           const char   *title,
                           const char   *language,
                           char       ***warnings,
                           gsize        *length,
                           GError      **error)
{
  g_autoptr(GPtrArray) warning_list = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) questions = g_ptr_array_new_with_free_func (imtehan_xml_question_free);
  g_autoptr(GPtrArray) pictures = g_ptr_array_new_with_free_func (imtehan_xml_picture_free);
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(xmlDoc) doc = NULL;
  ImtehanXmlImport import = {
    .name = display_name, .warnings = warning_list, .questions = questions,
    .pictures = pictures, .ids = ids,
  };
  Reader reader = { &import, NULL };
  gboolean ok = TRUE;
  const char *data;
  gsize len;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);
  g_return_val_if_fail (quiz_id != NULL && title != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = g_bytes_get_data (bytes, &len);
  if (warnings != NULL)
    *warnings = g_new0 (char *, 1);
  if (!imtehan_text_file_check (&data, &len, display_name, IMTEHAN_MOODLE_XML_MAX_SIZE, error) ||
      (doc = parse (display_name, data, len, error)) == NULL)
    return NULL;

  for (xmlNode *node = xmlDocGetRootElement (doc)->children; ok && node != NULL; node = node->next)
    if (imtehan_xml_is_element (node, "question"))
      ok = read_question (&reader, node, error);
  g_free (reader.topic);

  /* The warnings explain a failure too: why no question was left. */
  if (warnings != NULL)
    {
      g_strfreev (*warnings);
      g_ptr_array_add (warning_list, NULL);
      *warnings = g_strdupv ((char **)warning_list->pdata);
    }
  if (!ok || !check_count (&import, error))
    return NULL;
  return imtehan_xml_write (&import, quiz_id, title, language, length, error);
}
