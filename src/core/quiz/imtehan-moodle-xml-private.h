/* imtehan-moodle-xml-private.h: the questions of a Moodle XML file, read and not yet written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * imtehan-moodle-xml.c reads the document into these, with the elements and texts of
 * imtehan-moodle-xml-text.c; imtehan-moodle-xml-write.c checks the pictures and writes the key
 * file. The texts are plain text already; the language of their keys is decided when they are
 * written, as it may be guessed from all of them.
 */

#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

typedef enum
{
  IMTEHAN_XML_SINGLE,
  IMTEHAN_XML_TRUE_FALSE,   /* single, with the choices "true" and "false" */
  IMTEHAN_XML_MULTIPLE,
  IMTEHAN_XML_SHORT,
  IMTEHAN_XML_NUMERICAL,
  IMTEHAN_XML_MATCHING,
  IMTEHAN_XML_ORDERING,
} ImtehanXmlKind;

/* A choice, an accepted answer, an item or a distractor of matching. */
typedef struct
{
  char     *id;
  char     *text;        /* Choice, Accept or Item */
  char     *match;       /* matching: Match.<id> */
  char     *feedback;
  char     *weight;      /* percent, as written in the key file; NULL for none */
  char     *tolerance;   /* numerical; NULL for none */
  char     *picture;     /* the [Picture <name>] it shows, or NULL */
  gboolean  distractor;
} ImtehanXmlPart;

typedef struct
{
  ImtehanXmlKind  kind;
  guint           line;
  char           *id;
  char           *text;
  char           *topic;
  char           *explanation;
  char           *picture;
  char           *answer;          /* single: the right choice's id */
  char           *unit;            /* numerical */
  gboolean        case_sensitive;  /* short */
  GPtrArray      *parts;           /* ImtehanXmlPart, in file order */
} ImtehanXmlQuestion;

typedef struct
{
  char *name;
  char *data;   /* base64, one line */
  char *alt;
} ImtehanXmlPicture;

/* What one import collects. */
typedef struct
{
  const char *name;       /* the file's display name */
  GPtrArray  *warnings;   /* "FILE:LINE: message" */
  GPtrArray  *questions;  /* ImtehanXmlQuestion */
  GPtrArray  *pictures;   /* ImtehanXmlPicture, each name once */
  GHashTable *ids;        /* question ids taken */
} ImtehanXmlImport;

void            imtehan_xml_warn            (ImtehanXmlImport   *import,
                                             long                line,
                                             const char         *format,
                                             ...) G_GNUC_PRINTF (3, 4);
ImtehanXmlPart *imtehan_xml_part_new        (guint               index);
void            imtehan_xml_part_free       (gpointer            data);
void            imtehan_xml_question_free   (gpointer            data);
void            imtehan_xml_picture_free    (gpointer            data);
char           *imtehan_xml_format_percent  (double              value);
const char     *imtehan_xml_add_picture     (ImtehanXmlImport   *import,
                                             long                line,
                                             const char         *file_name,
                                             const char         *base64,
                                             const char         *alt);
char           *imtehan_xml_write           (ImtehanXmlImport   *import,
                                             const char         *quiz_id,
                                             const char         *title,
                                             const char         *language,
                                             gsize              *length,
                                             GError            **error);

/* imtehan-moodle-xml-text.c */
gboolean        imtehan_xml_is_element      (xmlNode            *node,
                                             const char         *name);
xmlNode        *imtehan_xml_child           (xmlNode            *node,
                                             const char         *name);
GPtrArray      *imtehan_xml_children        (xmlNode            *node,
                                             const char         *name);
char           *imtehan_xml_content         (xmlNode            *node);
char           *imtehan_xml_text_of         (xmlNode            *node);
char           *imtehan_xml_attribute       (xmlNode            *node,
                                             const char         *name);
long            imtehan_xml_line_of         (xmlNode            *node);
gboolean        imtehan_xml_format_is_html  (xmlNode            *node,
                                             const char         *fallback);
const char     *imtehan_xml_format_name     (gboolean            html);
char           *imtehan_xml_clean           (const char         *raw,
                                             gboolean            html);
char           *imtehan_xml_feedback_of     (xmlNode            *node,
                                             const char         *question_format);
char           *imtehan_xml_read_rich       (ImtehanXmlImport   *import,
                                             xmlNode            *holder,
                                             gboolean            html,
                                             char              **picture,
                                             char              **picture_alt);
char           *imtehan_xml_text_or_alt     (char               *text,
                                             char               *alt);
gboolean        imtehan_xml_parse_number    (const char         *text,
                                             double             *value);

G_END_DECLS
