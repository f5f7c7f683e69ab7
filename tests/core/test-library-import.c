/* test-library-import.c: the copy of an opened quiz or GIFT file in the user's folder
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "test-library-common.h"

/* An opened quiz is copied into the user's folder once: opening it again, or opening the copy,
 * copies nothing more. */
static void
test_import_copies_once (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *text = quiz_text ("mine", 1, "Mine");
  g_autofree char *opened = write_file (fixture->elsewhere, "My quiz.quiz", text);
  g_autofree char *expected = g_build_filename (fixture->user, "mine.quiz", NULL);
  g_autoptr(ImtehanLibraryEntry) entry = NULL;
  g_autoptr(ImtehanLibraryEntry) again = NULL;
  g_autoptr(ImtehanLibraryEntry) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *copied = NULL;
  gsize length = 0;
  struct stat st, st_again;

  g_assert_false (g_file_test (fixture->user, G_FILE_TEST_EXISTS));
  entry = import (fixture, opened, &error);
  g_assert_no_error (error);
  assert_path (entry, expected);
  g_assert_cmpint (imtehan_library_entry_get_origin (entry), ==, IMTEHAN_LIBRARY_ORIGIN_USER);
  g_assert_cmpstr (imtehan_library_entry_get_id (entry), ==, "mine");
  g_assert_true (g_file_get_contents (expected, &copied, &length, NULL));
  g_assert_cmpstr (copied, ==, text);
  g_assert_cmpstr (imtehan_library_entry_get_digest (entry), ==,
                   imtehan_quiz_get_digest (imtehan_library_entry_load_quiz (entry, NULL)));
  g_assert_cmpint (stat (expected, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);
  g_assert_cmpint (stat (fixture->user, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0700);
  g_assert_cmpint (stat (expected, &st), ==, 0);
  /* No temporary file left behind. */
  g_assert_cmpuint (n_files (fixture->user), ==, 1);

  /* Listed at once, with one items-changed. */
  g_assert_cmpuint (fixture->changes->len, ==, 1);
  g_assert_true (imtehan_library_lookup (fixture->library, "mine") == entry);

  /* Opened again: the copy that is there, not written again. */
  again = import (fixture, opened, &error);
  g_assert_no_error (error);
  assert_path (again, expected);
  g_assert_cmpuint (n_files (fixture->user), ==, 1);
  g_assert_cmpint (stat (expected, &st_again), ==, 0);
  g_assert_cmpuint (st_again.st_ino, ==, st.st_ino);
  g_assert_cmpuint (fixture->changes->len, ==, 1);

  /* The copy itself opened: nothing to copy. */
  copy = import (fixture, expected, &error);
  g_assert_no_error (error);
  assert_path (copy, expected);
  g_assert_cmpuint (n_files (fixture->user), ==, 1);

  /* And a reload finds the same. */
  reload (fixture);
  g_assert_cmpuint (n_entries (fixture), ==, 2);
  assert_path (imtehan_library_lookup (fixture->library, "mine"), expected);
}

/* Another file of the same quiz id (edited, its Version not raised) is kept next to the first,
 * named by its digest, and listed instead of it: it was written last. */
static void
test_import_same_id_other_content (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autofree char *first_text = quiz_text ("mine", 1, "Mine");
  g_autofree char *second_text = quiz_text ("mine", 1, "Mine, edited");
  g_autofree char *first = write_file (fixture->elsewhere, "first.quiz", first_text);
  g_autofree char *second = write_file (fixture->elsewhere, "second.quiz", second_text);
  g_autofree char *plain = g_build_filename (fixture->user, "mine.quiz", NULL);
  g_autoptr(ImtehanLibraryEntry) a = NULL;
  g_autoptr(ImtehanLibraryEntry) b = NULL;
  g_autoptr(ImtehanLibraryEntry) b_again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *suffixed = NULL;
  g_autofree char *suffixed_name = NULL;
  g_autofree char *contents = NULL;

  a = import (fixture, first, &error);
  g_assert_no_error (error);
  age_file (plain, 60);

  b = import (fixture, second, &error);
  g_assert_no_error (error);
  suffixed_name = g_strdup_printf ("mine-%.8s.quiz", imtehan_library_entry_get_digest (b));
  suffixed = g_build_filename (fixture->user, suffixed_name, NULL);
  assert_path (b, suffixed);
  g_assert_cmpstr (imtehan_library_entry_get_digest (b), !=, imtehan_library_entry_get_digest (a));
  g_assert_true (g_file_get_contents (plain, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, first_text);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (suffixed, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, second_text);
  g_assert_cmpuint (n_files (fixture->user), ==, 2);

  /* The list shows the one opened last, once. */
  g_assert_true (imtehan_library_lookup (fixture->library, "mine") == b);
  g_assert_cmpuint (fixture->changes->len, ==, 2);
  reload (fixture);
  g_assert_cmpuint (n_entries (fixture), ==, 2);
  assert_path (imtehan_library_lookup (fixture->library, "mine"), suffixed);

  /* Opened again, either is found, not copied a third time. */
  b_again = import (fixture, second, &error);
  g_assert_no_error (error);
  assert_path (b_again, suffixed);
  g_clear_object (&b_again);
  b_again = import (fixture, first, &error);
  g_assert_no_error (error);
  assert_path (b_again, plain);
  g_assert_cmpuint (n_files (fixture->user), ==, 2);
}

/* Each version imported is kept by its digest as well: the copy in the user's folder may be
 * edited in place, and the attempts taken on it still find the questions they answered. */
static void
test_import_keeps_versions (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *kept = g_build_filename (fixture->tmp, "quiz-versions", NULL);
  g_autoptr(ImtehanQuizVersions) versions = imtehan_quiz_versions_new (NULL, NULL, kept);
  g_autofree char *first_text = quiz_text ("mine", 1, "Mine");
  g_autofree char *second_text = quiz_text ("mine", 2, "Mine, edited");
  g_autofree char *first = write_file (fixture->elsewhere, "first.quiz", first_text);
  g_autofree char *plain = g_build_filename (fixture->user, "mine.quiz", NULL);
  g_autoptr(ImtehanLibraryEntry) entry = NULL;
  g_autoptr(ImtehanQuizVersions) later = NULL;
  g_autoptr(ImtehanQuiz) found = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *digest = NULL;

  imtehan_library_set_versions (fixture->library, versions);
  entry = import (fixture, first, &error);
  g_assert_no_error (error);
  digest = g_strdup (imtehan_library_entry_get_digest (entry));
  /* The teacher edits the copy in place. */
  g_assert_true (g_file_set_contents (plain, second_text, -1, NULL));

  later = imtehan_quiz_versions_new (NULL, NULL, kept);
  found = imtehan_quiz_versions_lookup (later, "mine", digest, 0);
  g_assert_nonnull (found);
  g_assert_cmpstr (imtehan_quiz_get_title (found, "en"), ==, "Mine");
  g_clear_object (&found);
  found = imtehan_quiz_versions_lookup (later, "mine", NULL, 1);
  g_assert_nonnull (found);
  g_assert_cmpstr (imtehan_quiz_get_digest (found), ==, digest);
}

/* A file that does not load is not copied: the error names its line, and nothing is written,
 * not even the folder. */
static void
test_import_broken (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *broken = write_file (fixture->elsewhere, "broken.quiz",
                                        "[Quiz]\nFormatVersion=1\nId=x\nthis line is wrong\n");
  g_autofree char *missing = g_build_filename (fixture->elsewhere, "missing.quiz", NULL);
  g_autofree char *prefix = g_strdup_printf ("%s:4: ", broken);
  g_autoptr(ImtehanLibraryEntry) entry = NULL;
  g_autoptr(GError) error = NULL;

  entry = import (fixture, broken, &error);
  g_assert_null (entry);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_PARSE);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_false (g_file_test (fixture->user, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (fixture->changes->len, ==, 0);
  g_clear_error (&error);

  entry = import (fixture, missing, &error);
  g_assert_null (entry);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_false (g_file_test (fixture->user, G_FILE_TEST_EXISTS));
}

static const char physics_gift[] =
  "// From Moodle's documentation, \"GIFT format\"\n"
  "::Tomb::Who's buried in Grant's tomb?{~Grant ~Jefferson =no one}\n"
  "\n"
  "Grant is buried in Grant's tomb.{F}\n"
  "\n"
  "Write a short biography of Dag Hammarskjöld. {}\n";

/* Asserts that @path's text has @line as one of its lines. */
static void
assert_has_line (const char *path,
                 const char *line)
{
  g_autofree char *contents = NULL;
  g_autofree char *needle = g_strdup_printf ("\n%s\n", line);

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  if (strstr (contents, needle) == NULL)
    g_error ("%s has no line “%s”:\n%s", path, line, contents);
}

/* A GIFT file (named *.gift in any case) is imported as --import-gift would, named after the
 * file; the import says which questions it skipped; the copy is found again by its bytes, from
 * any folder. */
static void
test_import_gift (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *opened = write_file (fixture->elsewhere, "Physics Bank.GIFT", physics_gift);
  g_autofree char *other_folder = g_build_filename (fixture->elsewhere, "usb", NULL);
  g_autofree char *elsewhere = write_file (other_folder, "Physics Bank.GIFT", physics_gift);
  g_autofree char *expected = g_build_filename (fixture->user, "physics-bank.quiz", NULL);
  g_autoptr(ImtehanLibraryEntry) entry = NULL;
  g_autoptr(ImtehanLibraryEntry) again = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) warnings = NULL;
  const char * const skipped[] = {
    "Physics Bank.GIFT:6: skipped: an essay question, which a quiz cannot mark",
    NULL
  };
  ImtehanQuiz *quiz;
  struct stat st, st_again;

  entry = import_warned (fixture, opened, &warnings, &error);
  g_assert_no_error (error);
  assert_path (entry, expected);
  quiz = imtehan_library_entry_load_quiz (entry, NULL);
  g_assert_cmpstr (imtehan_quiz_get_id (quiz), ==, "physics-bank");
  g_assert_cmpstr (imtehan_quiz_get_title (quiz, "en"), ==, "Physics Bank");
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==, 2);
  g_assert_cmpstrv (warnings, skipped);
  assert_has_line (expected, "Text=Who's buried in Grant's tomb?");
  assert_has_line (expected, "# From Physics Bank.GIFT:2");
  g_assert_true (imtehan_library_lookup (fixture->library, "physics-bank") == entry);
  g_assert_cmpuint (fixture->changes->len, ==, 1);
  g_assert_cmpuint (n_files (fixture->user), ==, 1);
  g_assert_cmpint (stat (expected, &st), ==, 0);
  /* The GIFT file itself is left alone. */
  g_assert_cmpuint (n_files (fixture->elsewhere), ==, 2);

  /* Again, and the same file from another folder: the same copy, and the same warnings. */
  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&again);
      g_clear_pointer (&warnings, g_strfreev);
      again = import_warned (fixture, i == 0 ? opened : elsewhere, &warnings, &error);
      g_assert_no_error (error);
      assert_path (again, expected);
      g_assert_cmpstrv (warnings, skipped);
      g_assert_cmpuint (n_files (fixture->user), ==, 1);
      g_assert_cmpint (stat (expected, &st_again), ==, 0);
      g_assert_cmpuint (st_again.st_ino, ==, st.st_ino);
    }
  g_assert_cmpuint (fixture->changes->len, ==, 1);

  /* The copy is a plain quiz: opened again, it warns of nothing. */
  g_clear_object (&again);
  again = import (fixture, expected, &error);
  g_assert_no_error (error);
  assert_path (again, expected);
}

/* A Moodle XML export (named *.xml) is imported as --import-xml would: its types, its
 * pictures, and a line for each question it skipped; a file that is not XML is refused with
 * its line, and nothing is stored. */
static void
test_import_moodle_xml (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *xml = NULL;
  g_autofree char *opened = NULL;
  g_autofree char *broken = write_file (fixture->elsewhere, "broken.xml", "<quiz><question>\n");
  g_autofree char *expected = g_build_filename (fixture->user, "moodle-export.quiz", NULL);
  g_autoptr(ImtehanLibraryEntry) entry = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) warnings = NULL;
  gboolean has_picture = FALSE;
  ImtehanQuiz *quiz;

  g_assert_true (g_file_get_contents (TEST_DATA_DIR "/moodle-xml/every-type.xml", &xml, NULL, NULL));
  opened = write_file (fixture->elsewhere, "Moodle Export.XML", xml);
  entry = import_warned (fixture, opened, &warnings, &error);
  g_assert_no_error (error);
  assert_path (entry, expected);
  quiz = imtehan_library_entry_load_quiz (entry, NULL);
  g_assert_true (imtehan_quiz_has_kinds (quiz));
  for (guint i = 0; i < imtehan_quiz_get_n_questions (quiz); i++)
    has_picture |= imtehan_question_get_picture (imtehan_quiz_get_question (quiz, i)) != NULL;
  g_assert_true (has_picture);
  g_assert_nonnull (warnings);
  g_assert_true (g_str_has_prefix (warnings[0], "Moodle Export.XML:"));
  {
    gboolean description = FALSE;

    for (guint i = 0; warnings[i] != NULL; i++)
      description |= strstr (warnings[i], "“description”") != NULL;
    g_assert_true (description);
  }
  g_assert_cmpuint (n_files (fixture->user), ==, 1);

  g_clear_object (&entry);
  g_clear_pointer (&warnings, g_strfreev);
  entry = import_warned (fixture, broken, &warnings, &error);
  g_assert_null (entry);
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, "broken.xml:"));
  g_assert_cmpuint (n_files (fixture->user), ==, 1);
}

/* A bank in Urdu letters, with a name in them: the Urdu keys, and an id of its own. */
static void
test_import_gift_urdu (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *urdu_gift = NULL;
  g_autofree char *opened = NULL;
  g_autofree char *id = imtehan_gift_id_for_file_name ("ریاضی.gift");
  g_autofree char *name = g_strconcat (id, ".quiz", NULL);
  g_autofree char *expected = g_build_filename (fixture->user, name, NULL);
  g_autoptr(ImtehanLibraryEntry) entry = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) warnings = NULL;
  ImtehanQuestion *question;
  ImtehanQuiz *quiz;

  g_assert_true (g_file_get_contents (TEST_DATA_DIR "/urdu-bank.gift", &urdu_gift, NULL, NULL));
  opened = write_file (fixture->elsewhere, "ریاضی.gift", urdu_gift);
  entry = import_warned (fixture, opened, &warnings, &error);
  g_assert_no_error (error);
  assert_path (entry, expected);
  g_assert_cmpstrv (warnings, ((const char * const[]) {
    "ریاضی.gift:8: skipped: an essay question, which a quiz cannot mark", NULL }));
  quiz = imtehan_library_entry_load_quiz (entry, NULL);
  g_assert_true (g_str_has_prefix (imtehan_quiz_get_id (quiz), "quiz-"));
  g_assert_cmpstr (imtehan_quiz_get_title (quiz, "ur"), ==, "ریاضی");
  question = imtehan_quiz_get_question (quiz, 1);
  g_assert_cmpstr (imtehan_question_get_choice_text (question, "true", "ur"), ==, "درست");
  assert_has_line (expected, "Title[ur]=ریاضی");
  assert_has_line (expected, "Text[ur]=دو جمع دو کتنے ہوتے ہیں؟");
  assert_has_line (expected, "Topics[ur]=ریاضی;");
  {
    g_autofree char *contents = NULL;

    g_assert_true (g_file_get_contents (expected, &contents, NULL, NULL));
    g_assert_null (strstr (contents, "\nText="));
    g_assert_null (strstr (contents, "\nTitle="));
  }
}

/* A GIFT file that gives no quiz is not copied: the error names the file and the line, and
 * lists what was skipped; nothing is written, not even the folder. */
static void
test_import_gift_broken (Fixture       *fixture,
                         gconstpointer  data)
{
  static const struct { const char *name; const char *text; int code; const char *message; }
  cases[] = {
    { "unclosed.gift", "First?{=a ~b}\n\nSecond?{=a\n~b\n\n~c}\n", IMTEHAN_ERROR_PARSE,
      "unclosed.gift:3: this “{” is never closed by a “}”" },
    { "essays.gift", "Write an essay.{}\n\n// and\nAnother.{}\n", IMTEHAN_ERROR_MISSING,
      "essays.gift: no question to import\n"
      "essays.gift:1: skipped: an essay question, which a quiz cannot mark\n"
      "essays.gift:4: skipped: an essay question, which a quiz cannot mark" },
    { "empty.gift", "", IMTEHAN_ERROR_PARSE, "empty.gift: the file is empty" },
    { "latin1.gift", "Caf\xe9?{T}\n", IMTEHAN_ERROR_PARSE,
      "latin1.gift:1: the text is not valid UTF-8; save the file as UTF-8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = write_file (fixture->elsewhere, cases[i].name, cases[i].text);
      g_autoptr(ImtehanLibraryEntry) entry = NULL;
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) warnings = NULL;

      entry = import_warned (fixture, path, &warnings, &error);
      g_assert_null (entry);
      g_assert_null (warnings);
      g_assert_error (error, IMTEHAN_ERROR, cases[i].code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      g_assert_false (g_file_test (fixture->user, G_FILE_TEST_EXISTS));
      g_assert_cmpuint (fixture->changes->len, ==, 0);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/library/import/copies-once", test_import_copies_once);
  ADD ("/library/import/same-id-other-content", test_import_same_id_other_content);
  ADD ("/library/import/keeps-versions", test_import_keeps_versions);
  ADD ("/library/import/broken", test_import_broken);
  ADD ("/library/import/gift", test_import_gift);
  ADD ("/library/import/gift-urdu", test_import_gift_urdu);
  ADD ("/library/import/gift-broken", test_import_gift_broken);
  ADD ("/library/import/moodle-xml", test_import_moodle_xml);
#undef ADD

  return g_test_run ();
}
