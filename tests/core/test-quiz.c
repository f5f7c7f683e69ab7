/* test-quiz.c: loading quizzes, the bundled one and small valid ones
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "test-quiz-common.h"

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

  return g_test_run ();
}
