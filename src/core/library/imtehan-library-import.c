/* imtehan-library-import.c: a quiz file the user opened, copied into their folder
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-library"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "imtehan-intl-private.h"

#include "imtehan-gift.h"
#include "imtehan-moodle-xml.h"
#include "imtehan-keyfile-private.h"
#include "imtehan-library-private.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"

#define GIFT_SUFFIX ".gift"
#define XML_SUFFIX ".xml"

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

      if (!imtehan_library_is_quiz_name (name))
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
  g_autofree char *short_name = g_strdup_printf ("%s-%.8s" IMTEHAN_LIBRARY_QUIZ_SUFFIX, id, digest);
  g_autofree char *long_name = g_strdup_printf ("%s-%s" IMTEHAN_LIBRARY_QUIZ_SUFFIX, id, digest);
  g_autofree char *plain_name = g_strconcat (id, IMTEHAN_LIBRARY_QUIZ_SUFFIX, NULL);
  const char *names[] = { plain_name, short_name, long_name };
  g_autofree char *path = NULL;

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;
      g_autofree char *display = g_filename_display_name (folder);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not create the folder “%s”: %s"), display,
                   g_strerror (saved_errno));
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
has_suffix (const char *name,
            const char *suffix)
{
  g_autofree char *folded = g_ascii_strdown (name, -1);

  return g_str_has_suffix (folded, suffix) && strlen (folded) > strlen (suffix);
}

/* The quiz a GIFT or Moodle XML file becomes, as imtehan --import-gift or --import-xml makes
 * it (the id and title from the file's name), in the language its letters suggest. Messages and the quiz's comments name
 * the file by its base name: the copy's bytes must not depend on the folder it was opened
 * from, or opening it again from another would store it twice. The questions skipped go to
 * @warnings, also when the import fails; then the error lists them too, as they say why no
 * question was left. */
static GBytes *
bank_to_quiz (GFile         *file,
              gboolean       xml,
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

  if (!(gift = imtehan_key_file_load_bytes (file, xml ? IMTEHAN_MOODLE_XML_MAX_SIZE
                                                      : IMTEHAN_GIFT_MAX_SIZE,
                                            cancellable, error)))
    return NULL;
  /* The XML importer guesses the language from the questions, not from the tags. */
  data = xml ? imtehan_moodle_xml_import (gift, display, id, title, NULL, warnings, &length,
                                          &local_error)
             : imtehan_gift_import (gift, display, id, title, imtehan_gift_guess_language (gift),
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

  if (has_suffix (name, GIFT_SUFFIX) || has_suffix (name, XML_SUFFIX))
    bytes = bank_to_quiz (job->file, has_suffix (name, XML_SUFFIX), &warnings, cancellable,
                          &error);
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
  if (parent != NULL && g_file_equal (parent, folder) && imtehan_library_is_quiz_name (name))
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
  result->entry = imtehan_library_entry_new_load (copy, IMTEHAN_LIBRARY_ORIGIN_USER, 0,
                                                  mtime_of (path), bytes, quiz, NULL);
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
      else if (imtehan_library_entry_same (other, entry) ||
               !imtehan_library_entry_wins (entry, other))
        {
          g_ptr_array_add (entries, g_object_ref (other));
          wins = FALSE;
        }
    }
  if (!wins)
    return;

  g_ptr_array_add (entries, g_object_ref (entry));
  g_ptr_array_sort (entries, imtehan_library_entry_compare);
  self->generation++;
  imtehan_library_set_entries (self, entries);
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
 * does (see bank_to_quiz()); a Moodle XML file (*.xml) as imtehan --import-xml does, and the quiz it becomes is copied as above; the questions it
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
