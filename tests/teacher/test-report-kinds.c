/* test-report-kinds.c: the report's Questions view for a quiz of every question type
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Three attempts of tests/data/question-types.quiz, written as files and read by the report:
 *
 *            partitions   state                  bytes  stages        memory        traffic
 *   partial  s2 s1        "Optimizer State"      12     one right     dp s1 s3 s2   —
 *   right    s1 s2 s3     "optimizer state"      16     all right     dp s1 s2 s3   three
 *   typed    —            "OPTIMIZER   state"    —      —             —             —
 *
 * Each expanded row must show what docs/statistics.md ("Question types") counts of it.
 */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "imtehan-i18n.h"
#include "imtehan-report-figures.h"
#include "imtehan-report-views.h"
#include "test-report-util.h"
#include "test-ui.h"
#include "test-util-gtk.h"

#define TYPES_QUIZ TEST_DATA_DIR "/question-types.quiz"

typedef struct
{
  ImtehanQuiz   *quiz;
  ImtehanReport *report;
  ImtehanStats  *stats;
  char          *root;
} Class;

static guint
question_of (ImtehanQuiz *quiz,
             const char  *id)
{
  return imtehan_question_get_index (imtehan_quiz_find_question (quiz, id));
}

static void
class_setup (Class         *class,
             gconstpointer  data)
{
  g_autoptr(GFile) file = g_file_new_for_path (TYPES_QUIZ);
  g_autoptr(ImtehanAttempt) partial = NULL;
  g_autoptr(ImtehanAttempt) right = NULL;
  g_autoptr(ImtehanAttempt) typed = NULL;
  ImtehanQuiz *quiz;
  ImtehanAttempt *all[3];

  class->quiz = quiz = imtehan_quiz_new_from_file (file, NULL, NULL);
  g_assert_nonnull (quiz);
  class->report = imtehan_report_new (NULL);
  class->root = g_dir_make_tmp ("imtehan-report-kinds-XXXXXX", NULL);

  partial = imtehan_attempt_new (quiz, 1);
  right = imtehan_attempt_new (quiz, 2);
  typed = imtehan_attempt_new (quiz, 3);
  g_assert_true (imtehan_attempt_respond (partial, question_of (quiz, "partitions"), "s2;s1"));
  g_assert_true (imtehan_attempt_respond (partial, question_of (quiz, "state"), "Optimizer State"));
  g_assert_true (imtehan_attempt_respond (partial, question_of (quiz, "bytes"), "12"));
  g_assert_true (imtehan_attempt_respond (partial, question_of (quiz, "stages"),
                                          "one:one;two:three;three:two"));
  g_assert_true (imtehan_attempt_respond (partial, question_of (quiz, "memory"), "dp;s1;s3;s2"));
  for (guint q = 0; q < imtehan_quiz_get_n_questions (quiz); q++)
    {
      g_autofree char *response =
        imtehan_question_dup_right_response (imtehan_quiz_get_question (quiz, q));

      g_assert_true (imtehan_attempt_respond (right, q, response));
    }
  g_assert_true (imtehan_attempt_respond (typed, question_of (quiz, "state"), "OPTIMIZER   state"));
  all[0] = partial, all[1] = right, all[2] = typed;
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      g_autofree char *path = NULL;

      g_assert_true (imtehan_attempt_finish (all[i]));
      path = imtehan_test_write_attempt (class->root, all[i]);
    }
  imtehan_report_add_quiz (class->report, quiz);
  imtehan_test_load_report_folder (class->report, class->root);
  class->stats = imtehan_report_quiz_compute_stats (imtehan_report_find_quiz (class->report,
                                                                               "question-types"),
                                                    IMTEHAN_REPORT_INCLUDE_EXAMS);
  g_assert_cmpuint (imtehan_stats_get_n_attempts (class->stats), ==, 3);
}

static void
class_teardown (Class         *class,
                gconstpointer  data)
{
  imtehan_i18n_set_language ("en");
  imtehan_test_remove_tree (class->root);
  g_free (class->root);
  g_clear_pointer (&class->stats, imtehan_stats_unref);
  g_assert_finalize_object (class->report);
  g_assert_finalize_object (class->quiz);
}

static GtkWidget *
find_list_box (GtkWidget *widget)
{
  if (GTK_IS_LIST_BOX (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_list_box (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
collect_labels (GtkWidget *widget,
                GPtrArray *found)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, found);
}

/* The texts of @widget's labels in order, joined by " | ", without the bidi marks that
 * prepared quiz text carries. */
static char *
texts_of (GtkWidget *widget)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GString *joined = g_string_new (NULL);

  collect_labels (widget, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = gtk_label_get_text (labels->pdata[i]);

      if (*text == '\0')
        continue;
      if (joined->len > 0)
        g_string_append (joined, " | ");
      g_string_append (joined, text);
    }
  for (const char *mark = "\u200e\u200f\u2066\u2067\u2068\u2069"; *mark;
       mark = g_utf8_next_char (mark))
    {
      char buffer[8] = { 0, };

      g_unichar_to_utf8 (g_utf8_get_char (mark), buffer);
      g_string_replace (joined, buffer, "", 0);
    }
  return g_string_free (joined, FALSE);
}

static guint
count_of (const char *texts,
          const char *text)
{
  guint n = 0;

  for (const char *p = texts; (p = strstr (p, text)) != NULL; p += strlen (text))
    n++;
  return n;
}

/* The row of the question @id, expanded: its texts. */
static char *
expanded_texts (GtkWidget   *view,
                ImtehanQuiz *quiz,
                const char  *id,
                const char  *lang)
{
  ImtehanQuestion *question = imtehan_quiz_find_question (quiz, id);
  g_autofree char *wanted = NULL;
  GtkListBoxRow *row;

  {
    GtkWidget *probe = gtk_label_new (NULL);

    g_object_ref_sink (probe);
    imtehan_label_set_content (GTK_LABEL (probe), imtehan_question_get_text (question, lang),
                               lang);
    wanted = texts_of (probe);
    g_object_unref (probe);
  }
  for (guint i = 0; (row = gtk_list_box_get_row_at_index (
                       GTK_LIST_BOX (find_list_box (view)), i)) != NULL; i++)
    {
      g_autofree char *texts = texts_of (GTK_WIDGET (row));

      if (strstr (texts, wanted) == NULL)
        continue;
      gtk_widget_activate (GTK_WIDGET (row));
      imtehan_test_run_for (20);
      return texts_of (GTK_WIDGET (row));
    }
  g_error ("no row shows “%s”", wanted);
}

static void
assert_shows (const char *texts,
              const char *expected)
{
  if (strstr (texts, expected) == NULL)
    g_error ("“%s” not shown in: %s", expected, texts);
}

static GtkWidget *
new_view (Class      *class,
          const char *lang,
          int         width,
          GtkWindow **window)
{
  GtkWidget *view = imtehan_report_questions_new ();

  *window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (*window, width, 700);
  gtk_window_set_child (*window, view);
  gtk_window_present (*window);
  imtehan_report_questions_set_stats (IMTEHAN_REPORT_QUESTIONS (view), class->quiz,
                                      class->stats, lang);
  imtehan_test_run_for (50);
  return view;
}

static void
test_kinds_english (Class         *class,
                    gconstpointer  data)
{
  GtkWindow *window;
  GtkWidget *view;
  g_autofree char *partitions = NULL, *state = NULL, *bytes = NULL, *stages = NULL;
  g_autofree char *memory = NULL, *traffic = NULL;

  imtehan_i18n_set_language ("en");
  view = new_view (class, "en", 800, &window);

  /* Several right choices: each picked counts, the three right ones marked, none unknown. */
  partitions = expanded_texts (view, class->quiz, "partitions", "en");
  assert_shows (partitions, "An attempt may pick several choices");
  assert_shows (partitions, "Stage 1 | Right answer | 2 · 67%");
  assert_shows (partitions, "Stage 3 | Right answer | 1 · 33%");
  assert_shows (partitions, "Plain data parallelism | 0 · 0%");
  assert_shows (partitions, "Not answered | 1 · 33%");
  g_assert_cmpuint (count_of (partitions, "Right answer"), ==, 3);
  g_assert_null (strstr (partitions, "does not have"));

  /* Three spellings, one answer as the quiz compares it. */
  state = expanded_texts (view, class->quiz, "state", "en");
  assert_shows (state, "optimizer state | Accepted: optimizer state · 1 of 1 | Right answer | 3 · 100%");
  g_assert_null (strstr (state, "does not have"));

  bytes = expanded_texts (view, class->quiz, "bytes", "en");
  assert_shows (bytes, "12 | Matches no accepted answer | 1 · 33%");
  assert_shows (bytes, "16 | Accepted: 16 bytes · 1 of 1 | Right answer | 1 · 33%");
  assert_shows (bytes, "Not answered | 1 · 33%");

  stages = expanded_texts (view, class->quiz, "stages", "en");
  assert_shows (stages, "How many matched each item right.");
  assert_shows (stages, "Stage 1: the optimizer state | 2 · 67%");
  assert_shows (stages, "Stage 2: the gradients | 1 · 33%");

  memory = expanded_texts (view, class->quiz, "memory", "en");
  assert_shows (memory, "Data parallelism: 120 GB, then Stage 1: 31.4 GB | 2 · 67%");
  assert_shows (memory, "Stage 1: 31.4 GB, then Stage 2: 16.6 GB | 1 · 33%");
  /* The last item follows nothing. */
  g_assert_null (strstr (memory, "Stage 3: 1.9 GB, then"));

  /* One right choice, as before. */
  traffic = expanded_texts (view, class->quiz, "traffic", "en");
  assert_shows (traffic, "3Ψ | Right answer | 1 · 33%");
  g_assert_cmpuint (count_of (traffic, "Right answer"), ==, 1);

  gtk_window_destroy (window);
}

/* In Urdu the words and the quiz's texts are Urdu, and the rows read right to left. */
static void
test_kinds_urdu (Class         *class,
                 gconstpointer  data)
{
  GtkWindow *window;
  GtkWidget *view;
  g_autofree char *stages = NULL, *bytes = NULL, *memory = NULL;

  imtehan_i18n_set_language ("ur");
  view = new_view (class, "ur", 360, &window);

  stages = expanded_texts (view, class->quiz, "stages", "ur");
  assert_shows (stages, "کتنوں نے ہر چیز کو درست ملایا۔");
  assert_shows (stages, "مرحلہ 1: آپٹیمائزر اسٹیٹ");
  bytes = expanded_texts (view, class->quiz, "bytes", "ur");
  assert_shows (bytes, "قبول شدہ: 16 بائٹ · 1 میں سے 1");
  assert_shows (bytes, "کسی قبول شدہ جواب سے میل نہیں کھاتا");
  memory = expanded_texts (view, class->quiz, "memory", "ur");
  assert_shows (memory, "ڈیٹا پیرالیلزم: 120 GB، پھر مرحلہ 1: 31.4 GB");
  imtehan_test_assert_direction (view, GTK_TEXT_DIR_RTL);
  g_assert_cmpint (gtk_widget_get_width (view), <=, 360);

  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  imtehan_test_ui_init (&argc, &argv, "imtehan-report-kinds-XXXXXX");

  g_test_add ("/report-kinds/english", Class, NULL, class_setup, test_kinds_english,
              class_teardown);
  g_test_add ("/report-kinds/urdu", Class, NULL, class_setup, test_kinds_urdu, class_teardown);

  return imtehan_test_ui_run ();
}
