/* imtehan-report-match.c: which quiz an attempt file was taken on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file's [Attempt] group is scanned before it is parsed: the quiz to parse it against
 * is the library's, one given or found beside the attempts, or a version kept by this PC.
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include <string.h>

#include "imtehan-keyfile-private.h"
#include "imtehan-quiz.h"
#include "imtehan-report-load-private.h"

void
imtehan_report_header_clear (ImtehanReportHeader *header)
{
  g_free (header->quiz);
  g_free (header->quiz_digest);
  g_free (header->quiz_version);
  g_free (header->score);
}


void
imtehan_report_scan_header (GBytes              *bytes,
                            ImtehanReportHeader *header)
{
  gsize len;
  const char *p = g_bytes_get_data (bytes, &len);
  const char *end = p + len;
  gboolean in_attempt = FALSE;

  while (p < end)
    {
      const char *eol = memchr (p, '\n', end - p);
      const char *s = p, *e = eol ? eol : end;

      p = eol ? eol + 1 : end;
      while (s < e && g_ascii_isspace (*s))
        s++;
      while (e > s && g_ascii_isspace (e[-1]))
        e--;
      if (s == e || *s == '#')
        continue;
      if (*s == '[')
        {
          if (in_attempt)
            break;
          in_attempt = (e - s == 9 && memcmp (s, "[Attempt]", 9) == 0);
          continue;
        }
      if (!in_attempt)
        continue;
      {
        const char *eq = memchr (s, '=', e - s), *k = eq, *v;
        char **slot = NULL;
        gsize klen;

        if (eq == NULL)
          continue;
        while (k > s && g_ascii_isspace (k[-1]))
          k--;
        klen = k - s;
#define KEY_IS(name) (klen == strlen (name) && memcmp (s, name, klen) == 0)
        if (KEY_IS ("Quiz"))
          slot = &header->quiz;
        else if (KEY_IS ("QuizDigest"))
          slot = &header->quiz_digest;
        else if (KEY_IS ("QuizVersion"))
          slot = &header->quiz_version;
        else if (KEY_IS ("Score"))
          slot = &header->score;
#undef KEY_IS
        if (slot == NULL)
          continue;
        v = eq + 1;
        while (v < e && g_ascii_isspace (*v))
          v++;
        g_free (*slot);
        *slot = g_strndup (v, e - v);
      }
    }
  if (header->quiz_digest != NULL)
    {
      char *lower = g_ascii_strdown (header->quiz_digest, -1);

      g_free (header->quiz_digest);
      header->quiz_digest = lower;
    }
}

static void
add_candidate (GPtrArray   *candidates,
               ImtehanQuiz *quiz)
{
  for (guint i = 0; i < candidates->len; i++)
    if (g_str_equal (imtehan_quiz_get_digest (g_ptr_array_index (candidates, i)),
                     imtehan_quiz_get_digest (quiz)))
      return;
  g_ptr_array_add (candidates, g_object_ref (quiz));
}

/* The quizzes with @quiz_id: the library's, then the ones given (an older copy of a quiz
 * that has changed since). The library's file is read here, not through its entry, whose
 * cached quiz belongs to the main thread. */
GPtrArray *
imtehan_report_get_candidates (ImtehanReportLoadData *data,
                               const char            *quiz_id)
{
  GPtrArray *candidates = g_hash_table_lookup (data->candidates, quiz_id);
  GFile *file;

  if (candidates != NULL)
    return candidates;
  candidates = g_ptr_array_new_with_free_func (g_object_unref);
  g_hash_table_insert (data->candidates, g_strdup (quiz_id), candidates);

  if ((file = g_hash_table_lookup (data->library_files, quiz_id)))
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(ImtehanQuiz) quiz = NULL;
      g_autofree char *display = g_file_get_parse_name (file);

      if ((bytes = imtehan_key_file_load_bytes (file, IMTEHAN_QUIZ_MAX_SIZE, NULL, &error)))
        quiz = imtehan_quiz_new_from_bytes (bytes, display, &error);
      if (quiz != NULL && g_str_equal (imtehan_quiz_get_id (quiz), quiz_id))
        add_candidate (candidates, quiz);
      else if (quiz == NULL)
        imtehan_report_load_add_problem (data, IMTEHAN_REPORT_PROBLEM_QUIZ_UNREADABLE,
                                         g_file_peek_path (file),
                                         imtehan_report_line_of_error (error->message, display),
                                         NULL, error->message);
    }
  for (guint i = 0; i < data->extra_quizzes->len; i++)
    {
      ImtehanQuiz *quiz = g_ptr_array_index (data->extra_quizzes, i);

      if (g_str_equal (imtehan_quiz_get_id (quiz), quiz_id))
        add_candidate (candidates, quiz);
    }
  return candidates;
}

/* Which of @candidates the attempt was taken on. With a QuizDigest, the quiz with that
 * digest. Without one (Version 1 files, and Version 2 ones saved before digests were
 * recorded), the quiz whose Version= is the attempt's QuizVersion=: a teacher who edits a
 * quiz is asked to raise its version, and nothing better is recorded. */
ImtehanQuiz *
imtehan_report_match_quiz (GPtrArray           *candidates,
                           ImtehanReportHeader *header)
{
  guint64 version;

  for (guint i = 0; i < candidates->len; i++)
    {
      ImtehanQuiz *quiz = g_ptr_array_index (candidates, i);

      if (header->quiz_digest != NULL && *header->quiz_digest != '\0')
        {
          if (g_str_equal (header->quiz_digest, imtehan_quiz_get_digest (quiz)))
            return quiz;
        }
      else if (header->quiz_version != NULL &&
               g_ascii_string_to_unsigned (header->quiz_version, 10, 0, G_MAXUINT, &version,
                                           NULL) &&
               version == imtehan_quiz_get_version (quiz))
        return quiz;
    }
  return NULL;
}

/* Else the version kept by this PC or shipped by the program, which then stands among the
 * candidates for the attempts that follow. */
ImtehanQuiz *
imtehan_report_match_kept_version (ImtehanReportLoadData *data,
                                   GPtrArray             *candidates,
                                   ImtehanReportHeader   *header)
{
  g_autoptr(ImtehanQuiz) quiz = NULL;
  guint64 version = 0;

  if (data->versions == NULL)
    return NULL;
  if ((header->quiz_digest == NULL || *header->quiz_digest == '\0') &&
      (header->quiz_version == NULL ||
       !g_ascii_string_to_unsigned (header->quiz_version, 10, 1, G_MAXUINT, &version, NULL)))
    return NULL;
  if (!(quiz = imtehan_quiz_versions_lookup (data->versions, header->quiz, header->quiz_digest,
                                             (guint)version)))
    return NULL;
  add_candidate (candidates, quiz);
  return imtehan_report_match_quiz (candidates, header);
}
