/* imtehan-moodle-xml.h: Moodle's XML question format, imported as a .quiz key file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "imtehan-types.h"

G_BEGIN_DECLS

/* Larger files are refused before parsing. A Moodle export carries its pictures in base64, so
 * a bank that makes a quiz of 16 MiB with its pictures (the most a quiz may be) is about
 * 22 MiB of XML; 32 MiB leaves room for the pictures it leaves out. */
#define IMTEHAN_MOODLE_XML_MAX_SIZE (32 * 1024 * 1024)

char *imtehan_moodle_xml_import (GBytes       *bytes,
                                 const char   *display_name,
                                 const char   *quiz_id,
                                 const char   *title,
                                 const char   *language,
                                 char       ***warnings,
                                 gsize        *length,
                                 GError      **error);

G_END_DECLS
