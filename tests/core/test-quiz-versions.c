/* test-quiz-versions.c: every version of a quiz an attempt was taken on stays readable
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "test-util.h"

#define BUNDLED_ID "zero-sharded-optimizers"
/* The bundled quiz as every release shipped it: an attempt file may name any of these. A new
 * release that changes the quiz adds its former file to data/quizzes/versions/ and its
 * digest here. */
static const struct
{
  guint       version;
  const char *digest;
} released[] = {
  { 1, "e7ed941dff1e899f3ebc99762b301e1ab28a0856c39dff3d70d525d07dae5c96" },
  { 2, "95b728c9a5db7f83cef0e3c82b5b18195b7e3a9f12bf769a62577c909e6f931e" },
};

static const char * const bundled_folders[] = {
  RESOURCE_BASE "/quizzes", RESOURCE_BASE "/quiz-versions", NULL
};

typedef struct
{
  char *tmp;
  char *folder;     /* tmp/kept: made by the first keep */
  char *read_only;  /* tmp/lab */
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->tmp = g_dir_make_tmp ("imtehan-test-versions-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->folder = g_build_filename (fixture->tmp, "kept", NULL);
  fixture->read_only = g_build_filename (fixture->tmp, "lab", NULL);
  g_assert_cmpint (g_mkdir (fixture->read_only, 0755), ==, 0);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  imtehan_test_remove_tree (fixture->tmp);
  g_free (fixture->tmp);
  g_free (fixture->folder);
  g_free (fixture->read_only);
}

static ImtehanQuizVersions *
versions_new (Fixture *fixture)
{
  const char * const read_only[] = { fixture->read_only, NULL };

  return imtehan_quiz_versions_new (bundled_folders, read_only, fixture->folder);
}

static ImtehanQuiz *
quiz_from_text (const char *text)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr(GError) error = NULL;
  ImtehanQuiz *quiz = imtehan_quiz_new_from_bytes (bytes, "test.quiz", &error);

  g_assert_no_error (error);
  return quiz;
}

static char *
small_quiz_text (guint       version,
                 const char *answer)
{
  return g_strdup_printf ("[Quiz]\nFormatVersion=1\nId=small\nVersion=%u\nTitle=Small\n\n"
                          "[Question q]\nText=Which?\nChoices=a;b\nChoice.a=A\nChoice.b=B\n"
                          "Answer=%s\n", version, answer);
}

/* Every released version of the bundled quiz is found, by its digest and by its number, and
 * is that version's content: its questions and key as they were. */
static void
test_bundled (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(ImtehanQuizVersions) versions = versions_new (fixture);

  for (guint i = 0; i < G_N_ELEMENTS (released); i++)
    {
      g_autoptr(ImtehanQuiz) by_digest = imtehan_quiz_versions_lookup (versions, BUNDLED_ID,
                                                                       released[i].digest, 0);
      g_autoptr(ImtehanQuiz) by_version = imtehan_quiz_versions_lookup (versions, BUNDLED_ID,
                                                                        NULL,
                                                                        released[i].version);

      g_assert_nonnull (by_digest);
      g_assert_cmpstr (imtehan_quiz_get_digest (by_digest), ==, released[i].digest);
      g_assert_cmpuint (imtehan_quiz_get_version (by_digest), ==, released[i].version);
      g_assert_true (by_version == by_digest);
    }

  /* Version 1 asked stage 3's question with other choices than today's. */
  {
    g_autoptr(ImtehanQuiz) first = imtehan_quiz_versions_lookup (versions, BUNDLED_ID, NULL, 1);
    g_autoptr(ImtehanQuiz) second = imtehan_quiz_versions_lookup (versions, BUNDLED_ID, NULL, 2);

    g_assert_cmpuint (imtehan_quiz_get_n_questions (first), ==, 8);
    g_assert_cmpstr (imtehan_quiz_get_digest (first), !=, imtehan_quiz_get_digest (second));
  }

  /* Nothing else: another id, an unknown digest or number, a digest of another quiz. */
  g_assert_null (imtehan_quiz_versions_lookup (versions, "other", released[0].digest, 0));
  g_assert_null (imtehan_quiz_versions_lookup (versions, BUNDLED_ID, NULL, 99));
  g_assert_null (imtehan_quiz_versions_lookup (versions, BUNDLED_ID,
                                               "0000000000000000000000000000000000000000"
                                               "000000000000000000000000", 0));
  g_assert_null (imtehan_quiz_versions_lookup (versions, BUNDLED_ID, "../../etc/passwd", 0));
  /* Nothing was written for a lookup. */
  g_assert_false (g_file_test (fixture->folder, G_FILE_TEST_EXISTS));
}

/* The program's bundled quizzes carry no two contents under one id and Version: a quiz
 * edited without raising its Version would leave attempts without a digest ambiguous. */
static void
test_bundled_versions_distinct (void)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint f = 0; bundled_folders[f] != NULL; f++)
    {
      g_auto(GStrv) names = g_resources_enumerate_children (bundled_folders[f], 0, NULL);

      g_assert_nonnull (names);
      for (guint i = 0; names != NULL && names[i] != NULL; i++)
        {
          g_autofree char *path = g_build_path ("/", bundled_folders[f], names[i], NULL);
          g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
          g_autoptr(GError) error = NULL;
          g_autoptr(ImtehanQuiz) quiz = imtehan_quiz_new_from_bytes (bytes, path, &error);
          g_autofree char *key = NULL;
          const char *other;

          g_assert_no_error (error);
          key = g_strdup_printf ("%s/%u", imtehan_quiz_get_id (quiz),
                                 imtehan_quiz_get_version (quiz));
          other = g_hash_table_lookup (seen, key);
          if (other != NULL)
            g_error ("%s and %s are both version %u of “%s”: raise the Version of the newer",
                     other, path, imtehan_quiz_get_version (quiz), imtehan_quiz_get_id (quiz));
          g_hash_table_insert (seen, g_steal_pointer (&key), g_strdup (path));
        }
    }
  /* Every release's version of the bundled quiz, and no more than those. */
  g_assert_cmpuint (g_hash_table_size (seen), ==, G_N_ELEMENTS (released));
}

/* A kept version is written once, with the very bytes of its digest, and found by a later
 * run by digest and by number; a quiz that changes keeps both. */
static void
test_keep (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *text1 = small_quiz_text (1, "a");
  g_autofree char *text2 = small_quiz_text (1, "b");  /* edited without raising Version */
  g_autoptr(ImtehanQuiz) quiz1 = quiz_from_text (text1);
  g_autoptr(ImtehanQuiz) quiz2 = quiz_from_text (text2);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strconcat (imtehan_quiz_get_digest (quiz1), ".quiz", NULL);
  g_autofree char *path = g_build_filename (fixture->folder, name, NULL);
  g_autofree char *contents = NULL;
  GStatBuf before, after;

  {
    g_autoptr(ImtehanQuizVersions) versions = versions_new (fixture);

    g_assert_true (imtehan_quiz_versions_keep (versions, quiz1, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
    g_assert_cmpstr (contents, ==, text1);
    g_assert_cmpint (g_stat (path, &before), ==, 0);
    /* Again: nothing is written. */
    g_assert_true (imtehan_quiz_versions_keep (versions, quiz1, &error));
    g_assert_true (imtehan_quiz_versions_keep (versions, quiz2, &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(ImtehanQuizVersions) versions = versions_new (fixture);
    g_autoptr(ImtehanQuiz) found1 = imtehan_quiz_versions_lookup (versions, "small",
                                                                  imtehan_quiz_get_digest (quiz1), 0);
    g_autoptr(ImtehanQuiz) found2 = imtehan_quiz_versions_lookup (versions, "small",
                                                                  imtehan_quiz_get_digest (quiz2), 0);

    g_assert_nonnull (found1);
    g_assert_nonnull (found2);
    g_assert_cmpstr (imtehan_question_get_answer (imtehan_quiz_get_question (found1, 0)), ==, "a");
    g_assert_cmpstr (imtehan_question_get_answer (imtehan_quiz_get_question (found2, 0)), ==, "b");
    g_assert_true (imtehan_quiz_versions_keep (versions, found1, &error));
    g_assert_no_error (error);
  }
  {
    /* A later run keeping what is there writes nothing either. */
    g_autoptr(ImtehanQuizVersions) versions = versions_new (fixture);

    g_assert_true (imtehan_quiz_versions_keep (versions, quiz1, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpint (g_stat (path, &after), ==, 0);
  g_assert_cmpint (before.st_mtime, ==, after.st_mtime);
  g_assert_cmpint (before.st_ino, ==, after.st_ino);
}

/* A file whose name is a digest its bytes do not have is not that version, and stays. */
static void
test_name_lies (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *text1 = small_quiz_text (1, "a");
  g_autofree char *text2 = small_quiz_text (1, "b");
  g_autoptr(ImtehanQuiz) quiz1 = quiz_from_text (text1);
  g_autofree char *name = g_strconcat (imtehan_quiz_get_digest (quiz1), ".quiz", NULL);
  g_autofree char *path = g_build_filename (fixture->read_only, name, NULL);
  g_autoptr(ImtehanQuizVersions) versions = versions_new (fixture);
  g_autofree char *contents = NULL;

  g_assert_true (g_file_set_contents (path, text2, -1, NULL));
  g_test_expect_message ("imtehan-quiz-versions", G_LOG_LEVEL_WARNING,
                         "*is not the quiz version its name says*");
  g_assert_null (imtehan_quiz_versions_lookup (versions, "small",
                                               imtehan_quiz_get_digest (quiz1), 0));
  g_test_assert_expected_messages ();
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, text2);
}

/* A lab's folder is read, never written; what a report is given comes first when only a
 * version number says which. */
static void
test_read_only_and_added (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *text1 = small_quiz_text (3, "a");
  g_autofree char *text2 = small_quiz_text (3, "b");
  g_autoptr(ImtehanQuiz) quiz1 = quiz_from_text (text1);
  g_autoptr(ImtehanQuiz) quiz2 = quiz_from_text (text2);
  g_autofree char *name = g_strconcat (imtehan_quiz_get_digest (quiz1), ".quiz", NULL);
  g_autofree char *path = g_build_filename (fixture->read_only, name, NULL);
  g_autoptr(ImtehanQuizVersions) versions = versions_new (fixture);
  g_autoptr(ImtehanQuiz) lab = NULL;
  g_autoptr(ImtehanQuiz) given = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text1, -1, NULL));
  lab = imtehan_quiz_versions_lookup (versions, "small", NULL, 3);
  g_assert_nonnull (lab);
  g_assert_cmpstr (imtehan_quiz_get_digest (lab), ==, imtehan_quiz_get_digest (quiz1));

  /* Kept by the user too: written to the user's folder, not the lab's. */
  g_assert_true (imtehan_quiz_versions_keep (versions, lab, &error));
  g_assert_no_error (error);
  {
    g_autofree char *kept = g_build_filename (fixture->folder, name, NULL);

    g_assert_true (g_file_test (kept, G_FILE_TEST_IS_REGULAR));
  }

  imtehan_quiz_versions_add (versions, quiz2);
  given = imtehan_quiz_versions_lookup (versions, "small", NULL, 3);
  g_assert_true (given == quiz2);
  /* By digest, each is still itself. */
  g_clear_object (&lab);
  lab = imtehan_quiz_versions_lookup (versions, "small", imtehan_quiz_get_digest (quiz1), 0);
  g_assert_cmpstr (imtehan_quiz_get_digest (lab), ==, imtehan_quiz_get_digest (quiz1));
}

/* A folder that cannot be made is an error, with its name, and nothing else is lost. */
static void
test_keep_fails (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *text = small_quiz_text (1, "a");
  g_autoptr(ImtehanQuiz) quiz = quiz_from_text (text);
  g_autofree char *blocker = g_build_filename (fixture->tmp, "file", NULL);
  g_autofree char *folder = g_build_filename (blocker, "kept", NULL);
  g_autoptr(ImtehanQuizVersions) versions = imtehan_quiz_versions_new (NULL, NULL, folder);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (blocker, "", 0, NULL));
  g_assert_false (imtehan_quiz_versions_keep (versions, quiz, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "kept"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/quiz-versions/bundled", Fixture, NULL, fixture_set_up, test_bundled,
              fixture_tear_down);
  g_test_add_func ("/quiz-versions/bundled-distinct", test_bundled_versions_distinct);
  g_test_add ("/quiz-versions/keep", Fixture, NULL, fixture_set_up, test_keep,
              fixture_tear_down);
  g_test_add ("/quiz-versions/name-lies", Fixture, NULL, fixture_set_up, test_name_lies,
              fixture_tear_down);
  g_test_add ("/quiz-versions/read-only-and-added", Fixture, NULL, fixture_set_up,
              test_read_only_and_added, fixture_tear_down);
  g_test_add ("/quiz-versions/keep-fails", Fixture, NULL, fixture_set_up, test_keep_fails,
              fixture_tear_down);

  return g_test_run ();
}
