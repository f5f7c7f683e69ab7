/* test-quiz.c: loading quizzes, and the errors a teacher sees for a broken quiz file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "imtehan-quiz.h"

#define BUNDLED_QUIZ QUIZ_DIR "/zero-sharded-optimizers.quiz"

static const char * const bundled_ids[] = {
  "redundancy",
  "adam-state-memory",
  "stage-3-partition",
  "parameter-gathering",
  "pytorch-fsdp",
  "memory-trade-off",
  "stage-1-partition",
  "sharding-cost",
};

static const char * const bundled_answers[] = {
  "replicated-states",
  "per-parameter-state",
  "model-parameters",
  "all-gather-discard",
  "fsdp",
  "extra-communication",
  "optimizer-states",
  "extra-communication",
};

static ImtehanQuiz *
load_bundled (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (BUNDLED_QUIZ);
  g_autoptr(GError) error = NULL;
  ImtehanQuiz *quiz;

  quiz = imtehan_quiz_new_from_file (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (IMTEHAN_IS_QUIZ (quiz));
  return quiz;
}

static void
test_bundled_metadata (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_bundled ();

  g_assert_cmpstr (imtehan_quiz_get_id (quiz), ==, "zero-sharded-optimizers");
  g_assert_cmpuint (imtehan_quiz_get_version (quiz), ==, 2);
  g_assert_cmpstr (imtehan_quiz_get_difficulty (quiz), ==, "hard");
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==, 8);

  g_assert_cmpstr (imtehan_quiz_get_title (quiz, NULL), ==, "ZeRO and Sharded Optimizers");
  g_assert_cmpstr (imtehan_quiz_get_title (quiz, "ur"), ==, "ZeRO اور تقسیم شدہ آپٹیمائزرز");
  g_assert_true (g_str_has_prefix (imtehan_quiz_get_description (quiz, NULL),
                                  "Covers ZeRO stages"));
  g_assert_true (g_str_has_prefix (imtehan_quiz_get_description (quiz, "ur"), "اس کوئز میں ZeRO"));

  g_assert_true (imtehan_quiz_has_language (quiz, "ur"));
  g_assert_true (imtehan_quiz_has_language (quiz, "ur_PK"));
  g_assert_true (imtehan_quiz_has_language (quiz, NULL));
  g_assert_false (imtehan_quiz_has_language (quiz, "fr"));

  g_assert_finalize_object (g_steal_pointer (&quiz));
}

static void
test_bundled_questions (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_bundled ();
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==, G_N_ELEMENTS (bundled_ids));

  for (guint i = 0; i < imtehan_quiz_get_n_questions (quiz); i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);
      const char *id = imtehan_question_get_id (question);
      const char *answer = imtehan_question_get_answer (question);

      g_test_message ("question %u: %s", i, id);
      g_assert_cmpstr (id, ==, bundled_ids[i]);
      g_assert_cmpuint (imtehan_question_get_index (question), ==, i);
      g_assert_true (imtehan_quiz_find_question (quiz, id) == question);
      g_assert_false (g_hash_table_contains (ids, id));
      g_hash_table_add (ids, (gpointer)id);

      g_assert_cmpuint (imtehan_question_get_n_choices (question), ==, 4);
      g_assert_cmpstr (answer, ==, bundled_answers[i]);
      g_assert_true (imtehan_question_has_choice (question, answer));

      g_assert_cmpstr (imtehan_question_get_text (question, NULL), !=, "");
      g_assert_cmpstr (imtehan_question_get_text (question, "ur"), !=, "");
      g_assert_cmpstr (imtehan_question_get_text (question, "ur"), !=,
                       imtehan_question_get_text (question, NULL));
      g_assert_cmpstr (imtehan_question_get_topic (question, NULL), !=, "");
      g_assert_cmpstr (imtehan_question_get_topic (question, "ur"), !=, "");
      g_assert_cmpstr (imtehan_question_get_topic (question, "ur"), !=,
                       imtehan_question_get_topic (question, NULL));
      g_assert_cmpstr (imtehan_question_get_explanation (question, NULL), !=, "");
      g_assert_cmpstr (imtehan_question_get_explanation (question, "ur"), !=, "");
      g_assert_cmpstr (imtehan_question_get_explanation (question, "ur"), !=,
                       imtehan_question_get_explanation (question, NULL));

      for (guint j = 0; j < imtehan_question_get_n_choices (question); j++)
        {
          const char *choice = imtehan_question_get_choice_id (question, j);

          g_assert_nonnull (choice);
          g_assert_true (imtehan_question_has_choice (question, choice));
          g_assert_cmpstr (imtehan_question_get_choice_text (question, choice, NULL), !=, "");
          g_assert_cmpstr (imtehan_question_get_choice_text (question, choice, "ur"), !=, "");
          for (guint k = 0; k < j; k++)
            g_assert_cmpstr (imtehan_question_get_choice_id (question, k), !=, choice);
        }

      g_assert_false (imtehan_question_has_choice (question, "no-such-choice"));
      g_assert_false (imtehan_question_has_choice (question, NULL));
      g_assert_null (imtehan_question_get_choice_text (question, "no-such-choice", NULL));
    }

  g_assert_null (imtehan_quiz_find_question (quiz, "no-such-question"));
  g_assert_cmpuint (g_hash_table_size (ids), ==, 8);
}

static void
test_bundled_from_bytes (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_file_get_contents (BUNDLED_QUIZ, &contents, &length, &error);
  g_assert_no_error (error);
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);

  quiz = imtehan_quiz_new_from_bytes (bytes, "zero.quiz", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (imtehan_quiz_get_id (quiz), ==, "zero-sharded-optimizers");
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==, 8);
}

static void
test_bundled_list_model (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_bundled ();
  GListModel *model = G_LIST_MODEL (quiz);

  g_assert_true (G_IS_LIST_MODEL (quiz));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 8);
  g_assert_true (g_list_model_get_item_type (model) == IMTEHAN_TYPE_QUESTION);

  for (guint i = 0; i < 8; i++)
    {
      g_autoptr(ImtehanQuestion) question = g_list_model_get_item (model, i);

      g_assert_true (IMTEHAN_IS_QUESTION (question));
      g_assert_true (question == imtehan_quiz_get_question (quiz, i));
      g_assert_cmpstr (imtehan_question_get_id (question), ==, bundled_ids[i]);
    }

  g_assert_null (g_list_model_get_item (model, 8));
  g_assert_null (g_list_model_get_item (model, G_MAXUINT));
  g_assert_null (g_list_model_get_object (model, 8));
}

static void
test_bundled_localized (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_bundled ();
  ImtehanQuestion *question = imtehan_quiz_get_question (quiz, 4);
  const char *title_en = "ZeRO and Sharded Optimizers";
  const char *title_ur = "ZeRO اور تقسیم شدہ آپٹیمائزرز";
  const char *text_en = "Which PyTorch API partitions a model's parameters, gradients and optimizer "
                        "state across data-parallel workers, as ZeRO stage 3 does?";
  const char *text_ur = "PyTorch کی کون سی API ماڈل کے پیرامیٹرز، گریڈیئنٹس اور آپٹیمائزر اسٹیٹ کو "
                        "ZeRO کے مرحلہ 3 کی طرح ڈیٹا پیرالل ورکرز میں تقسیم کرتی ہے؟";

  g_assert_cmpstr (imtehan_quiz_get_title (quiz, "ur_PK"), ==, title_ur);
  g_assert_cmpstr (imtehan_quiz_get_title (quiz, "ur_PK.UTF-8"), ==, title_ur);
  g_assert_cmpstr (imtehan_quiz_get_title (quiz, "fr"), ==, title_en);
  g_assert_cmpstr (imtehan_quiz_get_title (quiz, "en"), ==, title_en);
  g_assert_cmpstr (imtehan_quiz_get_title (quiz, NULL), ==, title_en);

  g_assert_cmpstr (imtehan_question_get_id (question), ==, "pytorch-fsdp");
  g_assert_cmpstr (imtehan_question_get_text (question, "ur_PK"), ==, text_ur);
  g_assert_cmpstr (imtehan_question_get_text (question, "fr"), ==, text_en);
  g_assert_cmpstr (imtehan_question_get_text (question, NULL), ==, text_en);
  g_assert_cmpstr (imtehan_question_get_topic (question, "ur_PK"), ==, "PyTorch کا FSDP");
  g_assert_cmpstr (imtehan_question_get_topic (question, "fr"), ==, "PyTorch FSDP");
  g_assert_cmpstr (imtehan_question_get_choice_text (question, "fsdp", "ur_PK"), ==,
                   "FullyShardedDataParallel (FSDP)");
  g_assert_cmpstr (imtehan_question_get_choice_text (question, "fsdp", "fr"), ==,
                   "FullyShardedDataParallel (FSDP)");
  g_assert_cmpstr (imtehan_question_get_choice_text (question, "fsdp", NULL), ==,
                   "FullyShardedDataParallel (FSDP)");
  g_assert_true (g_str_has_prefix (imtehan_question_get_explanation (question, "ur_PK"),
                                   "FSDP (torch.distributed.fsdp.FullyShardedDataParallel) ماڈیول"));
  g_assert_true (g_str_has_prefix (imtehan_question_get_explanation (question, "fr"),
                                   "FSDP (torch.distributed.fsdp.FullyShardedDataParallel) shards"));
}

static void
test_bundled_topics (void)
{
  g_autoptr(ImtehanQuiz) quiz = load_bundled ();
  const char * const english[] = {
    "ZeRO stages", "Adam state memory", "Parameter gathering", "PyTorch FSDP",
    "Communication cost", NULL
  };
  const char * const urdu[] = {
    "ZeRO کے مراحل", "Adam اسٹیٹ کا میموری خرچ", "پیرامیٹرز کو اکٹھا کرنا", "PyTorch کا FSDP",
    "کمیونیکیشن کی لاگت", NULL
  };
  g_auto(GStrv) topics_null = imtehan_quiz_dup_topics (quiz, NULL);
  g_auto(GStrv) topics_en = imtehan_quiz_dup_topics (quiz, "en_US");
  g_auto(GStrv) topics_fr = imtehan_quiz_dup_topics (quiz, "fr");
  g_auto(GStrv) topics_ur = imtehan_quiz_dup_topics (quiz, "ur");
  g_auto(GStrv) topics_ur_pk = imtehan_quiz_dup_topics (quiz, "ur_PK");

  g_assert_cmpstrv (topics_null, english);
  g_assert_cmpstrv (topics_en, english);
  g_assert_cmpstrv (topics_fr, english);
  g_assert_cmpstrv (topics_ur, urdu);
  g_assert_cmpstrv (topics_ur_pk, urdu);

  /* Every question's topic is one of the quiz topics, in both languages. */
  for (guint i = 0; i < imtehan_quiz_get_n_questions (quiz); i++)
    {
      ImtehanQuestion *question = imtehan_quiz_get_question (quiz, i);

      g_assert_true (g_strv_contains (english, imtehan_question_get_topic (question, NULL)));
      g_assert_true (g_strv_contains (urdu, imtehan_question_get_topic (question, "ur")));
    }
}

/* A small valid quiz; each error case below breaks one thing of it. */
#define MINIMAL_QUIZ \
  "# A tiny quiz\n"               /*  1 */ \
  "[Quiz]\n"                      /*  2 */ \
  "FormatVersion=1\n"             /*  3 */ \
  "Id=tiny\n"                     /*  4 */ \
  "Title=Tiny\n"                  /*  5 */ \
  "Title[ur]=چھوٹا\n"             /*  6 */ \
  "\n"                            /*  7 */ \
  "[Question q1]\n"               /*  8 */ \
  "Text=Two plus two?\n"          /*  9 */ \
  "Text[ur]=\n"                   /* 10 */ \
  "Choices=four;five\n"           /* 11 */ \
  "Choice.four=Four\n"            /* 12 */ \
  "Choice.four[ur]=چار\n"         /* 13 */ \
  "Choice.five=Five\n"            /* 14 */ \
  "Answer=four\n"                 /* 15 */

static ImtehanQuiz *
load_text (const char  *text,
           gsize        length,
           GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, length);

  return imtehan_quiz_new_from_bytes (bytes, "bad.quiz", error);
}

static GError *
load_error (const char *text,
            gsize       length)
{
  g_autoptr(ImtehanQuiz) quiz = NULL;
  GError *error = NULL;

  quiz = load_text (text, length, &error);
  g_assert_null (quiz);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  return error;
}

/* Macros, so that a failure names the line of the case. @prefix is the start of the
 * message ("file:line: [group] key:"), @detail a part of the rest. */
#define assert_message(error, prefix, detail) \
  G_STMT_START { \
    if (!g_str_has_prefix ((error)->message, (prefix))) \
      g_assert_cmpstr ((error)->message, ==, (prefix)); \
    g_assert_nonnull (strstr ((error)->message, (detail))); \
  } G_STMT_END

#define assert_quiz_error_len(text, length, code, prefix, detail) \
  G_STMT_START { \
    g_autoptr(GError) error_ = load_error ((text), (length)); \
    g_assert_error (error_, IMTEHAN_ERROR, (code)); \
    assert_message (error_, (prefix), (detail)); \
  } G_STMT_END

#define assert_quiz_error(text, code, prefix, detail) \
  assert_quiz_error_len ((text), strlen (text), (code), (prefix), (detail))

static void
test_minimal (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanQuiz) quiz = load_text (MINIMAL_QUIZ, strlen (MINIMAL_QUIZ), &error);
  ImtehanQuestion *question;
  g_auto(GStrv) topics = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (imtehan_quiz_get_id (quiz), ==, "tiny");
  /* Optional keys have their defaults. */
  g_assert_cmpuint (imtehan_quiz_get_version (quiz), ==, 1);
  g_assert_cmpstr (imtehan_quiz_get_difficulty (quiz), ==, "");
  g_assert_cmpstr (imtehan_quiz_get_description (quiz, "ur"), ==, "");
  topics = imtehan_quiz_dup_topics (quiz, "ur");
  g_assert_nonnull (topics);
  g_assert_cmpuint (g_strv_length (topics), ==, 0);
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==, 1);

  question = imtehan_quiz_get_question (quiz, 0);
  g_assert_cmpstr (imtehan_question_get_id (question), ==, "q1");
  g_assert_cmpuint (imtehan_question_get_n_choices (question), ==, 2);
  g_assert_cmpstr (imtehan_question_get_choice_id (question, 0), ==, "four");
  g_assert_cmpstr (imtehan_question_get_choice_id (question, 1), ==, "five");
  g_assert_cmpstr (imtehan_question_get_answer (question), ==, "four");
  g_assert_cmpstr (imtehan_question_get_topic (question, NULL), ==, "");
  g_assert_cmpstr (imtehan_question_get_explanation (question, "ur"), ==, "");
  g_assert_cmpstr (imtehan_question_get_choice_text (question, "four", "ur"), ==, "چار");
  g_assert_cmpstr (imtehan_question_get_choice_text (question, "five", "ur"), ==, "Five");
}

/* "Text[ur]=" is an untranslated string, not an empty question. */
/* The digest is of the bytes as loaded (sha256sum gives the same), so any change, even one
 * the quiz does not show, gives another digest: attempts record it. */
static void
test_digest (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanQuiz) quiz = load_text (MINIMAL_QUIZ, strlen (MINIMAL_QUIZ), &error);
  g_autoptr(ImtehanQuiz) again = load_text (MINIMAL_QUIZ, strlen (MINIMAL_QUIZ), &error);
  g_autoptr(ImtehanQuiz) commented = NULL;
  g_autoptr(ImtehanQuiz) bundled = load_bundled ();
  g_autofree char *with_comment = g_strconcat (MINIMAL_QUIZ, "# edited\n", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;
  gsize length = 0;

  g_assert_no_error (error);
  g_assert_cmpstr (imtehan_quiz_get_digest (quiz), ==,
                   "a5162f8f70f8628e2ad9a55de1969e67db1b3297832d4baa6df9ab795808c7d1");
  g_assert_cmpstr (imtehan_quiz_get_digest (again), ==, imtehan_quiz_get_digest (quiz));

  commented = load_text (with_comment, strlen (with_comment), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (imtehan_quiz_get_id (commented), ==, imtehan_quiz_get_id (quiz));
  g_assert_cmpstr (imtehan_quiz_get_digest (commented), !=, imtehan_quiz_get_digest (quiz));

  /* Loaded from a file: the digest of the file. */
  g_assert_true (g_file_get_contents (BUNDLED_QUIZ, &contents, &length, NULL));
  expected = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)contents, length);
  g_assert_cmpstr (imtehan_quiz_get_digest (bundled), ==, expected);
}

static void
test_empty_translation_falls_back (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanQuiz) quiz = load_text (MINIMAL_QUIZ, strlen (MINIMAL_QUIZ), &error);
  ImtehanQuestion *question;

  g_assert_no_error (error);
  question = imtehan_quiz_get_question (quiz, 0);
  g_assert_cmpstr (imtehan_question_get_text (question, "ur"), ==, "Two plus two?");
  g_assert_cmpstr (imtehan_question_get_text (question, "ur_PK"), ==, "Two plus two?");
  g_assert_cmpstr (imtehan_quiz_get_title (quiz, "ur"), ==, "چھوٹا");
}

static void
test_crlf (void)
{
  const char *text =
    "[Quiz]\r\n"
    "FormatVersion=1\r\n"
    "Id=tiny\r\n"
    "Title=Tiny\r\n"
    "\r\n"
    "[Question q1]\r\n"
    "Text=Two plus two?\r\n"
    "Choices=four;five\r\n"
    "Choice.four=Four\r\n"
    "Choice.five=Five\r\n"
    "Answer=four\r\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanQuiz) quiz = load_text (text, strlen (text), &error);
  ImtehanQuestion *question;

  g_assert_no_error (error);
  question = imtehan_quiz_get_question (quiz, 0);
  g_assert_cmpstr (imtehan_question_get_text (question, NULL), ==, "Two plus two?");
  g_assert_cmpstr (imtehan_question_get_choice_id (question, 1), ==, "five");
  g_assert_cmpstr (imtehan_question_get_answer (question), ==, "four");

  assert_quiz_error ("[Quiz]\r\n"
                     "FormatVersion=1\r\n"
                     "Id=tiny\r\n"
                     "Title=Tiny\r\n"
                     "\r\n"
                     "[Question q1]\r\n"
                     "Text=Two plus two?\r\n"
                     "Choices=four;five\r\n"
                     "Choice.four=Four\r\n"
                     "Choice.five=Five\r\n"
                     "Answer=six\r\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:11: [Question q1] Answer:", "“six”");
}

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
test_error_bad_line (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "  # an indented comment is fine\n"
                     "Id=tiny\n"
                     "Title Tiny\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:5: ", "not a [group], a key=value pair");
  assert_quiz_error ("[Quiz]\n"
                     "=value\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:2: ", "not a [group], a key=value pair");
}

static void
test_error_key_before_group (void)
{
  assert_quiz_error ("# Tiny\n"
                     "\n"
                     "Id=tiny\n"
                     "[Quiz]\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:3: ", "before the first [group]");
}

static void
test_error_bad_group_header (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "\n"
                     "[Question q1\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:4: ", "[Name]");
  assert_quiz_error ("[Quiz]\n"
                     "[]\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:2: ", "[Name]");
  assert_quiz_error ("[Qu]iz]\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:1: ", "[Name]");
}

static void
test_error_missing_quiz_group (void)
{
  assert_quiz_error ("[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz: ", "the [Quiz] group is missing");
}

static void
test_error_missing_format_version (void)
{
  assert_quiz_error ("# Tiny\n"
                     "[Quiz]\n"
                     "Id=tiny\n"
                     "Title=Tiny\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:2: [Quiz]:", "“FormatVersion” is missing");
}

static void
test_error_format_version_newer (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=2\n"
                     "Id=tiny\n"
                     "Title=Tiny\n",
                     IMTEHAN_ERROR_VERSION, "bad.quiz:2: [Quiz] FormatVersion:", "newer");
}

static void
test_error_format_version_invalid (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "Id=tiny\n"
                     "FormatVersion=abc\n"
                     "Title=Tiny\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:3: [Quiz] FormatVersion:", "“abc”");
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=0\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:2: [Quiz] FormatVersion:", "“0”");
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1.5\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:2: [Quiz] FormatVersion:", "“1.5”");
}

static void
test_error_missing_id (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Title=Tiny\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:1: [Quiz]:", "“Id” is missing");
}

static void
test_error_invalid_id (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=my quiz!\n"
                     "Title=Tiny\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:3: [Quiz] Id:", "letters, digits");
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Title=Tiny\n"
                     "Id=../../etc\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:4: [Quiz] Id:", "letters, digits");
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:3: [Quiz] Id:", "letters, digits");
}

static void
test_error_missing_title (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title[ur]=\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:1: [Quiz]:",
                     "“Title” is missing: write it in English (Title=) or in Urdu (Title[ur]=)");
}

static void
test_error_empty_title (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=   \n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:4: [Quiz] Title:", "empty");
}

static void
test_error_no_questions (void)
{
  assert_quiz_error ("# No questions yet\n"
                     "[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:2: [Quiz]:", "no questions");
}

static void
test_error_unknown_group (void)
{
  assert_quiz_error (MINIMAL_QUIZ
                     "\n"                     /* 16 */
                     "[Questoin q2]\n"        /* 17 */
                     "Text=Three?\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:17: [Questoin q2]:", "unknown group");
}

static void
test_error_invalid_question_id (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question two plus two]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:6: [Question two plus two]:",
                     "question id");
}

/* GKeyFile would merge the two groups: a question copied and not renamed would silently
 * overwrite the first one. */
static void
test_error_duplicate_question (void)
{
  assert_quiz_error (MINIMAL_QUIZ
                     "\n"                     /* 16 */
                     "[Question q1]\n"        /* 17 */
                     "Text=Three plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=five\n",
                     IMTEHAN_ERROR_PARSE, "bad.quiz:17: ", "line 8");
}

static void
test_error_question_missing_text (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text[fr]=Deux plus deux ?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:6: [Question q1]:", "“Text” is missing");
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text= \n"
                     "Text[ur]=\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:7: [Question q1] Text:", "empty");
}

static void
test_error_missing_choices (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:6: [Question q1]:", "“Choices” is missing");
}

static void
test_error_one_choice (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four\n"
                     "Choice.four=Four\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:8: [Question q1] Choices:",
                     "at least two choices");
}

static void
test_error_no_choice (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:8: [Question q1] Choices:",
                     "at least two choices");
}

static void
test_error_invalid_choice_id (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;fi ve\n"
                     "Choice.four=Four\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:8: [Question q1] Choices:",
                     "“fi ve” is not a valid choice id");
}

static void
test_error_duplicate_choice (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five;four\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:8: [Question q1] Choices:",
                     "“four” appears twice");
}

static void
test_error_missing_choice_text (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.fiv[ur]=پانچ\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:6: [Question q1]:",
                     "“Choice.five” is missing");
}

static void
test_error_missing_answer (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:6: [Question q1]:", "“Answer” is missing");
}

static void
test_error_answer_not_a_choice (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=six\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:11: [Question q1] Answer:",
                     "“six” is not one of the choices (four, five)");
}

static void
test_error_invalid_escape (void)
{
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two \\q two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:7: [Question q1] Text:", "Text");
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\\\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:11: [Question q1] Answer:", "Answer");
  /* A broken translation is an error too, not a silent fallback to English. */
  assert_quiz_error ("[Quiz]\n"
                     "FormatVersion=1\n"
                     "Id=tiny\n"
                     "Title=Tiny\n"
                     "\n"
                     "[Question q1]\n"
                     "Text=Two plus two?\n"
                     "Text[ur]=دو جمع \\q دو؟\n"
                     "Choices=four;five\n"
                     "Choice.four=Four\n"
                     "Choice.five=Five\n"
                     "Answer=four\n",
                     IMTEHAN_ERROR_INVALID, "bad.quiz:8: [Question q1] Text[ur]:", "Text[ur]");
}

/* Urdu is optional for every string, and so is English: a caller asking for either
 * language gets the one the file has. */
static void
test_one_language (void)
{
  const char *urdu_only =
    "[Quiz]\n"
    "FormatVersion=1\n"
    "Id=urdu\n"
    "Title[ur]=اردو کوئز\n"
    "Topics[ur]=ریاضی;حساب\n"
    "\n"
    "[Question q1]\n"
    "Text=\n"
    "Text[ur]=دو جمع دو؟\n"
    "Topic[ur]=ریاضی\n"
    "Choices=four;five\n"
    "Choice.four[ur]=چار\n"
    "Choice.five[ur_PK]=پانچ\n"
    "Answer=four\n"
    "Explanation[ur]=دو اور دو چار ہوتے ہیں۔\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanQuiz) quiz = load_text (urdu_only, strlen (urdu_only), &error);
  const char * const topics_ur[] = { "ریاضی", "حساب", NULL };
  g_auto(GStrv) topics_en = NULL;
  g_auto(GStrv) topics_null = NULL;
  ImtehanQuestion *question;

  g_assert_no_error (error);
  for (guint i = 0; i < 3; i++)
    {
      const char *lang = (const char *[]) { NULL, "en", "ur" }[i];

      question = imtehan_quiz_get_question (quiz, 0);
      g_assert_cmpstr (imtehan_quiz_get_title (quiz, lang), ==, "اردو کوئز");
      g_assert_cmpstr (imtehan_quiz_get_description (quiz, lang), ==, "");
      g_assert_cmpstr (imtehan_question_get_text (question, lang), ==, "دو جمع دو؟");
      g_assert_cmpstr (imtehan_question_get_topic (question, lang), ==, "ریاضی");
      g_assert_cmpstr (imtehan_question_get_choice_text (question, "four", lang), ==, "چار");
      g_assert_cmpstr (imtehan_question_get_choice_text (question, "five", lang), ==, "پانچ");
      g_assert_cmpstr (imtehan_question_get_explanation (question, lang), ==,
                       "دو اور دو چار ہوتے ہیں۔");
    }
  topics_en = imtehan_quiz_dup_topics (quiz, "en");
  topics_null = imtehan_quiz_dup_topics (quiz, NULL);
  g_assert_cmpstrv (topics_en, topics_ur);
  g_assert_cmpstrv (topics_null, topics_ur);

  /* English only: Urdu readers get the English text. The explanation is optional. */
  g_clear_object (&quiz);
  quiz = load_text (MINIMAL_QUIZ, strlen (MINIMAL_QUIZ), &error);
  g_assert_no_error (error);
  question = imtehan_quiz_get_question (quiz, 0);
  g_assert_cmpstr (imtehan_question_get_choice_text (question, "five", "ur"), ==, "Five");
  g_assert_cmpstr (imtehan_question_get_explanation (question, "ur"), ==, "");
  g_assert_cmpstr (imtehan_question_get_explanation (question, "en"), ==, "");
}

static char *
make_quiz (guint n_questions,
           guint n_choices)
{
  GString *text = g_string_new ("[Quiz]\nFormatVersion=1\nId=big\nTitle=Big\n");

  for (guint q = 0; q < n_questions; q++)
    {
      g_string_append_printf (text, "\n[Question q%u]\nText=Question %u?\nChoices=", q, q);
      for (guint c = 0; c < n_choices; c++)
        g_string_append_printf (text, "c%u;", c);
      g_string_append (text, "\n");
      for (guint c = 0; c < n_choices; c++)
        g_string_append_printf (text, "Choice.c%u=Choice %u\n", c, c);
      g_string_append_printf (text, "Answer=c%u\n", q % n_choices);
    }
  return g_string_free (text, FALSE);
}

/* 1 to 200 questions, 2 to 10 choices (docs/quiz-format.md). */
static void
test_limits (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanQuiz) quiz = NULL;
  g_autofree char *largest = make_quiz (IMTEHAN_QUIZ_MAX_QUESTIONS, IMTEHAN_QUESTION_MAX_CHOICES);
  g_autofree char *too_many_questions = make_quiz (IMTEHAN_QUIZ_MAX_QUESTIONS + 1, 2);
  g_autofree char *too_many_choices = make_quiz (1, IMTEHAN_QUESTION_MAX_CHOICES + 1);
  ImtehanQuestion *last;

  quiz = load_text (largest, strlen (largest), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (imtehan_quiz_get_n_questions (quiz), ==, 200);
  last = imtehan_quiz_get_question (quiz, 199);
  g_assert_cmpstr (imtehan_question_get_id (last), ==, "q199");
  g_assert_cmpuint (imtehan_question_get_n_choices (last), ==, 10);
  g_assert_cmpstr (imtehan_question_get_choice_text (last, "c9", "ur"), ==, "Choice 9");
  g_assert_cmpstr (imtehan_question_get_answer (last), ==, "c9");

  /* 5 lines of [Quiz] and a blank, then 7 lines for each question of two choices. */
  assert_quiz_error (too_many_questions, IMTEHAN_ERROR_INVALID,
                     "bad.quiz:1406: [Question q200]:", "at most 200 questions");
  assert_quiz_error (too_many_choices, IMTEHAN_ERROR_INVALID,
                     "bad.quiz:8: [Question q0] Choices:", "at most 10 choices; this one has 11");
}

static void
test_bom (void)
{
  g_autofree char *text = g_strconcat ("\xef\xbb\xbf", MINIMAL_QUIZ, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanQuiz) quiz = load_text (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_cmpstr (imtehan_quiz_get_id (quiz), ==, "tiny");

  /* Line numbers count from the first line as before. */
  assert_quiz_error ("\xef\xbb\xbf[Quiz]\nFormatVersion=1\nId=tiny\nTitle=Tiny\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:1: [Quiz]:", "no questions");
  assert_quiz_error ("\xef\xbb\xbf", IMTEHAN_ERROR_PARSE, "bad.quiz: ", "empty");
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

/* GKeyFile keeps the last of two equal keys: the first answer would silently be lost. */
static void
test_error_duplicate_key (void)
{
  assert_quiz_error (MINIMAL_QUIZ
                     "Answer=five\n",                /* 16 */
                     IMTEHAN_ERROR_PARSE, "bad.quiz:16: [Question q1] Answer:",
                     "appears twice in this group; it is already on line 15");
  /* A repeated group, also far from the first (GKeyFile would merge them), and a repeated
   * translation. */
  assert_quiz_error (MINIMAL_QUIZ
                     "[Question q2]\nText=Again?\n"   /* 16, 17 */
                     "[Question q1]\n",                /* 18 */
                     IMTEHAN_ERROR_PARSE, "bad.quiz:18:",
                     "the group [Question q1] appears twice; it already began at line 8");
  assert_quiz_error (MINIMAL_QUIZ
                     "Choice.four[ur]=چار\n",           /* 16 */
                     IMTEHAN_ERROR_PARSE, "bad.quiz:16: [Question q1] Choice.four[ur]:",
                     "appears twice in this group; it is already on line 13");
  /* The same key in two groups is fine. */
  assert_quiz_error ("[Quiz]\nFormatVersion=1\nId=tiny\nTitle=Tiny\n[Question a]\nTitle=x\n",
                     IMTEHAN_ERROR_MISSING, "bad.quiz:5: [Question a]:", "“Text” is missing");
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
make_too_large (gsize *length)
{
  GString *text = g_string_new ("[Quiz]\nFormatVersion=1\nId=big\nTitle=Big\n");

  while (text->len <= IMTEHAN_QUIZ_MAX_SIZE)
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
  char *text = make_too_large (&length);

  g_assert_cmpuint (length, >, IMTEHAN_QUIZ_MAX_SIZE);
  bytes = g_bytes_new_take (text, length);
  quiz = imtehan_quiz_new_from_bytes (bytes, "big.quiz", &error);
  g_assert_null (quiz);
  g_assert_error (error, IMTEHAN_ERROR, IMTEHAN_ERROR_TOO_LARGE);
  assert_message (error, "big.quiz: ", "larger than");

  /* Exactly the limit is still read. */
  g_clear_error (&error);
  g_clear_pointer (&bytes, g_bytes_unref);
  text = make_too_large (&length);
  memcpy (text + IMTEHAN_QUIZ_MAX_SIZE - 1, "\n", 1);
  bytes = g_bytes_new_take (text, IMTEHAN_QUIZ_MAX_SIZE);
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
  text = make_too_large (&length);
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
  g_assert_true (g_str_has_suffix (error->message,
                                   "big.quiz: the file is larger than 4.2\302\240MB"));

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

  g_test_add_func ("/quiz/bundled/metadata", test_bundled_metadata);
  g_test_add_func ("/quiz/bundled/questions", test_bundled_questions);
  g_test_add_func ("/quiz/bundled/from-bytes", test_bundled_from_bytes);
  g_test_add_func ("/quiz/bundled/list-model", test_bundled_list_model);
  g_test_add_func ("/quiz/bundled/localized", test_bundled_localized);
  g_test_add_func ("/quiz/bundled/topics", test_bundled_topics);
  g_test_add_func ("/quiz/minimal", test_minimal);
  g_test_add_func ("/quiz/digest", test_digest);
  g_test_add_func ("/quiz/empty-translation-falls-back", test_empty_translation_falls_back);
  g_test_add_func ("/quiz/crlf", test_crlf);
  g_test_add_func ("/quiz/one-language", test_one_language);
  g_test_add_func ("/quiz/limits", test_limits);
  g_test_add_func ("/quiz/bom", test_bom);
  g_test_add_func ("/quiz/error/empty-file", test_error_empty_file);
  g_test_add_func ("/quiz/error/utf16", test_error_utf16);
  g_test_add_func ("/quiz/error/duplicate-key", test_error_duplicate_key);
  g_test_add_func ("/quiz/error/truncated", test_error_truncated);
  g_test_add_func ("/quiz/error/not-utf8", test_error_not_utf8);
  g_test_add_func ("/quiz/error/nul-byte", test_error_nul_byte);
  g_test_add_func ("/quiz/error/bad-line", test_error_bad_line);
  g_test_add_func ("/quiz/error/key-before-group", test_error_key_before_group);
  g_test_add_func ("/quiz/error/bad-group-header", test_error_bad_group_header);
  g_test_add_func ("/quiz/error/missing-quiz-group", test_error_missing_quiz_group);
  g_test_add_func ("/quiz/error/missing-format-version", test_error_missing_format_version);
  g_test_add_func ("/quiz/error/format-version-newer", test_error_format_version_newer);
  g_test_add_func ("/quiz/error/format-version-invalid", test_error_format_version_invalid);
  g_test_add_func ("/quiz/error/missing-id", test_error_missing_id);
  g_test_add_func ("/quiz/error/invalid-id", test_error_invalid_id);
  g_test_add_func ("/quiz/error/missing-title", test_error_missing_title);
  g_test_add_func ("/quiz/error/empty-title", test_error_empty_title);
  g_test_add_func ("/quiz/error/no-questions", test_error_no_questions);
  g_test_add_func ("/quiz/error/unknown-group", test_error_unknown_group);
  g_test_add_func ("/quiz/error/invalid-question-id", test_error_invalid_question_id);
  g_test_add_func ("/quiz/error/duplicate-question", test_error_duplicate_question);
  g_test_add_func ("/quiz/error/missing-text", test_error_question_missing_text);
  g_test_add_func ("/quiz/error/missing-choices", test_error_missing_choices);
  g_test_add_func ("/quiz/error/one-choice", test_error_one_choice);
  g_test_add_func ("/quiz/error/no-choice", test_error_no_choice);
  g_test_add_func ("/quiz/error/invalid-choice-id", test_error_invalid_choice_id);
  g_test_add_func ("/quiz/error/duplicate-choice", test_error_duplicate_choice);
  g_test_add_func ("/quiz/error/missing-choice-text", test_error_missing_choice_text);
  g_test_add_func ("/quiz/error/missing-answer", test_error_missing_answer);
  g_test_add_func ("/quiz/error/answer-not-a-choice", test_error_answer_not_a_choice);
  g_test_add_func ("/quiz/error/invalid-escape", test_error_invalid_escape);
  g_test_add_func ("/quiz/error/too-large-bytes", test_error_too_large_bytes);
  g_test_add_func ("/quiz/error/too-large-file", test_error_too_large_file);
  g_test_add_func ("/quiz/error/file-names-path", test_error_file_errors);
  g_test_add_func ("/quiz/error/not-found", test_error_not_found);

  return g_test_run ();
}
