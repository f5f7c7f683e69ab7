/* fuzz-driver.c: runs a fuzz target over a corpus, as an ordinary test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: fuzz-driver FILE-OR-FOLDER...
 * Every file goes through LLVMFuzzerTestOneInput() once, in name order, and gives one TAP
 * line, so the committed corpus (seeds and the crashes libFuzzer found) is a regression test
 * under gcc, valgrind and the sanitizers. A crash or a failed assertion ends the run: the
 * "# file" line printed before each input names the one that broke it.
 */

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "fuzz-common.h"

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *)a, *(const char * const *)b);
}

static void
add_path (GPtrArray  *files,
          const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_ptr_array_add (files, g_strdup (path));
      return;
    }

  if (!(dir = g_dir_open (path, 0, &error)))
    g_error ("%s", error->message);
  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)))
    if (name[0] != '.')
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    g_ptr_array_add (files, g_build_filename (path, g_ptr_array_index (names, i), NULL));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s FILE-OR-FOLDER...\n", argv[0]);
      return 2;
    }
  for (int i = 1; i < argc; i++)
    add_path (files, argv[i]);

  setvbuf (stdout, NULL, _IOLBF, 0);
  printf ("1..%u\n", files->len);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *base = g_path_get_basename (path);
      g_autoptr(GError) error = NULL;
      g_autofree char *contents = NULL;
      g_autofree guint8 *exact = NULL;
      gsize length = 0;

      printf ("# %s\n", path);
      if (!g_file_get_contents (path, &contents, &length, &error))
        {
          printf ("not ok %u - %s # %s\n", i + 1, base, error->message);
          continue;
        }
      /* An exact-size copy, as libFuzzer passes it: no NUL after the data hides an overread
       * from valgrind or AddressSanitizer. */
      exact = g_malloc (MAX (length, 1));
      memcpy (exact, contents, length);
      LLVMFuzzerTestOneInput (exact, length);
      printf ("ok %u - %s\n", i + 1, base);
    }

  return 0;
}
