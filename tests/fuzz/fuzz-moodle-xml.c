/* fuzz-moodle-xml.c: the Moodle XML importer against any bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A Moodle XML file comes from a Moodle server or a teacher's editor: whatever the bytes, the
 * import must either fail with a message naming the file or give a quiz key file, with each
 * warning naming the file and a line, and a quiz that loads, whose every question group
 * names its line.
 */

#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "fuzz-common.h"
#include "imtehan-moodle-xml.h"
#include "imtehan-quiz.h"

static void
import_and_check (GBytes     *bytes,
                  const char *language)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GBytes) quiz_bytes = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_auto(GStrv) warnings = NULL;
  g_auto(GStrv) groups = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;
  guint n_questions = 0;

  data = imtehan_moodle_xml_import (bytes, "fuzz.xml", "fuzz", "Fuzz", language, &warnings,
                                    &length, &error);
  fuzz_check_error (data != NULL, error, "fuzz.xml");
  g_assert_nonnull (warnings);
  for (guint i = 0; warnings[i] != NULL; i++)
    {
      g_assert_true (g_str_has_prefix (warnings[i], "fuzz.xml:"));
      g_assert_true (g_utf8_validate (warnings[i], -1, NULL));
    }
  if (data == NULL)
    return;

  g_assert_cmpuint (strlen (data), ==, length);
  g_assert_true (g_key_file_load_from_data (key_file, data, length,
                                            G_KEY_FILE_KEEP_COMMENTS, &error));
  g_assert_no_error (error);
  groups = g_key_file_get_groups (key_file, NULL);
  for (guint i = 0; groups[i] != NULL; i++)
    if (g_str_has_prefix (groups[i], "Question "))
      {
        g_autofree char *comment = g_key_file_get_comment (key_file, groups[i], NULL, NULL);

        g_assert_nonnull (comment);
        g_assert_nonnull (strstr (comment, " From fuzz.xml:"));
        n_questions++;
      }
  g_assert_cmpuint (n_questions, >, 0);
  g_assert_cmpuint (n_questions, <=, IMTEHAN_QUIZ_MAX_QUESTIONS);

  quiz_bytes = g_bytes_new_take (g_steal_pointer (&data), length);
  quiz = imtehan_quiz_new_from_bytes (quiz_bytes, "fuzz.quiz", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==, n_questions);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = NULL;

  fuzz_set_up ();

  bytes = g_bytes_new_static (data, size);
  import_and_check (bytes, "en");
  import_and_check (bytes, "ur");
  import_and_check (bytes, NULL);

  return 0;
}
