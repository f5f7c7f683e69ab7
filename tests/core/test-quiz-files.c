/* test-quiz-files.c: the errors a teacher sees for a quiz file that is empty, not UTF-8
 * text, truncated, too large or not there
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "test-quiz-common.h"

static void
test_error_empty_file (void)
{
  assert_quiz_error ("", IMTEHAN_ERROR_PARSE, "bad.quiz: ", "empty");
}

static void
test_error_not_utf8 (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Caf\xe9\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:4: ", "UTF-8");
}

static void
test_error_nul_byte (void)
{
  static const char text[] = "[Quiz]\nFormatVersion=1\nId=ti\0ny\nTitle=Tiny\n";

  assert_quiz_error_len (text, sizeof text - 1, IMTEHAN_ERROR_PARSE, "bad.quiz:3: ", "NUL");
}

static void
test_error_utf16 (void)
{
  static const char text[] = "\xff\xfe[\0Q\0u\0i\0z\0]\0\n\0";
  static const char text_be[] = "\xfe\xff\0[\0Q\0u\0i\0z\0]\0\n";

  assert_quiz_error_len (text, sizeof text - 1, IMTEHAN_ERROR_PARSE, "bad.quiz:1: ",
                         "UTF-16; save it as UTF-8");
  assert_quiz_error_len (text_be, sizeof text_be - 1, IMTEHAN_ERROR_PARSE, "bad.quiz:1: ",
                         "UTF-16; save it as UTF-8");
}

/* A file cut short anywhere (a full disk, an interrupted copy) loads or names the file. */
static void
test_error_truncated (void)
{
  gsize length = strlen (MINIMAL_QUIZ);

  for (gsize cut = 0; cut < length; cut++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ImtehanQuiz) quiz = load_text (MINIMAL_QUIZ, cut, &error);

      if (quiz != NULL)
        {
          g_assert_no_error (error);
          continue;
        }
      g_assert_error (error, IMTEHAN_ERROR, error->code);
      g_assert_true (g_str_has_prefix (error->message, "bad.quiz:"));
    }
}

static char *
make_larger_than (gsize  limit,
                  gsize *length)
{
  GString *text = g_string_new ("[Quiz]\nFormatVersion=1\nId=big\nTitle=Big\n");

  while (text->len <= limit)
    g_string_append (text, "# padding padding padding padding padding padding padding\n");
  *length = text->len;
  return g_string_free (text, FALSE);
}

static void
test_error_too_large_bytes (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  gsize length = 0;
  char *text = make_larger_than (IMTEHAN_QUIZ_MAX_SIZE, &length);

  g_assert_cmpuint (length, >, IMTEHAN_QUIZ_MAX_SIZE);
  bytes = g_bytes_new_take (text, length);
  quiz = imtehan_quiz_new_from_bytes (bytes, "big.quiz", &error);
  g_assert_null (quiz);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_TOO_LARGE);
  assert_message (error, "big.quiz: ", "larger than");

  /* Without pictures, text alone has the smaller limit... */
  g_clear_error (&error);
  g_clear_pointer (&bytes, g_bytes_unref);
  text = make_larger_than (IMTEHAN_QUIZ_MAX_TEXT_SIZE, &length);
  bytes = g_bytes_new_take (text, length);
  quiz = imtehan_quiz_new_from_bytes (bytes, "big.quiz", &error);
  g_assert_null (quiz);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_TOO_LARGE);
  assert_message (error, "big.quiz: ", "larger than");

  /* ...and exactly that limit is still read. */
  g_clear_error (&error);
  g_clear_pointer (&bytes, g_bytes_unref);
  text = make_larger_than (IMTEHAN_QUIZ_MAX_TEXT_SIZE, &length);
  memcpy (text + IMTEHAN_QUIZ_MAX_TEXT_SIZE - 1, "\n", 1);
  bytes = g_bytes_new_take (text, IMTEHAN_QUIZ_MAX_TEXT_SIZE);
  quiz = imtehan_quiz_new_from_bytes (bytes, "big.quiz", &error);
  g_assert_null (quiz);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_MISSING);
}

static void
test_error_too_large_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *prefix = NULL;
  gsize length = 0;
  int fd;

  dir = g_dir_make_tmp ("imtehan-test-quiz-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "big.quiz", NULL);
  text = make_larger_than (IMTEHAN_QUIZ_MAX_SIZE, &length);
  g_file_set_contents (path, text, length, &error);
  g_assert_no_error (error);

  file = g_file_new_for_path (path);
  quiz = imtehan_quiz_new_from_file (file, NULL, &error);
  g_assert_null (quiz);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_TOO_LARGE);
  prefix = g_strconcat (path, ": ", NULL);
  assert_message (error, prefix, "larger than");

  /* 100 MB (sparse: it costs no disk) is refused after reading just past the limit. */
  g_clear_error (&error);
  g_clear_object (&file);
  fd = g_open (path, O_WRONLY | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 100 * 1024 * 1024), ==, 0);
  g_assert_true (g_close (fd, NULL));
  file = g_file_new_for_path (path);
  quiz = imtehan_quiz_new_from_file (file, NULL, &error);
  g_assert_null (quiz);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_TOO_LARGE);
  {
    g_autofree char *limit = g_format_size (IMTEHAN_QUIZ_MAX_SIZE);
    g_autofree char *expected = g_strconcat ("big.quiz: the file is larger than ", limit, NULL);

    g_assert_true (g_str_has_suffix (error->message, expected));
  }

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_error_file_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *prefix = NULL;

  dir = g_dir_make_tmp ("imtehan-test-quiz-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "teacher's quiz.quiz", NULL);
  g_file_set_contents (path, "[Quiz]\nFormatVersion=1\nId=tiny\nTitle=\n", -1, &error);
  g_assert_no_error (error);

  /* Errors of a file name its path. */
  file = g_file_new_for_path (path);
  quiz = imtehan_quiz_new_from_file (file, NULL, &error);
  g_assert_null (quiz);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_MISSING);
  prefix = g_strconcat (path, ":4: [Quiz] Title:", NULL);
  assert_message (error, prefix, "empty");

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_error_not_found (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (QUIZ_DIR "/no-such-quiz.quiz");
  g_autoptr(ImtehanQuiz) quiz = imtehan_quiz_new_from_file (file, NULL, &error);

  g_assert_null (quiz);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "no-such-quiz.quiz"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/quiz/error/empty-file", test_error_empty_file);
  g_test_add_func ("/quiz/error/utf16", test_error_utf16);
  g_test_add_func ("/quiz/error/truncated", test_error_truncated);
  g_test_add_func ("/quiz/error/not-utf8", test_error_not_utf8);
  g_test_add_func ("/quiz/error/nul-byte", test_error_nul_byte);
  g_test_add_func ("/quiz/error/too-large-bytes", test_error_too_large_bytes);
  g_test_add_func ("/quiz/error/too-large-file", test_error_too_large_file);
  g_test_add_func ("/quiz/error/file-names-path", test_error_file_errors);
  g_test_add_func ("/quiz/error/not-found", test_error_not_found);

  return g_test_run ();
}
