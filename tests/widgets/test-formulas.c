/* test-formulas.c: no formula of the bundled quiz is broken across lines
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lays every text of the bundled quiz (questions, choices, explanations; English and Urdu)
 * out with Pango as the pages prepare it (imtehan_text_prepare()), at every width from a
 * phone's to a desktop's, and checks that no line ends inside a formula. The formulas are
 * listed here, not found by the code under test, and each must occur in the quiz.
 */

#include "config.h"

#include <pango/pangocairo.h>
#include <string.h>

#include "imtehan-quiz.h"
#include "imtehan-text.h"

/* What the quiz writes as one formula each (its explanations and choices). */
static const char * const formulas[] = { "1/Nd", "16Ψ/Nd", "12Ψ/Nd", "4Ψ + 12Ψ/Nd" };

/* The marks the preparation adds, which the raw text does not have. */
static gboolean
is_added_mark (gunichar c)
{
  return c == 0x200F || c == 0x2066 || c == 0x2069 || c == 0x2060;
}

/* The offsets (in characters of @raw) where @layout breaks its lines, @layout holding
 * @prepared. */
static GArray *
break_offsets (PangoLayout *layout,
               const char  *prepared)
{
  GArray *breaks = g_array_new (FALSE, FALSE, sizeof (glong));
  GSList *lines = pango_layout_get_lines_readonly (layout);

  for (GSList *l = lines; l != NULL && l->next != NULL; l = l->next)
    {
      PangoLayoutLine *line = l->data;
      const char *end = prepared + line->start_index + line->length;
      glong offset = 0;

      for (const char *p = prepared; p < end; p = g_utf8_next_char (p))
        if (!is_added_mark (g_utf8_get_char (p)))
          offset++;
      g_array_append_val (breaks, offset);
    }
  return breaks;
}

static guint
check_text (PangoContext *context,
            const char   *font,
            const char   *text,
            const char   *lang,
            guint        *n_found)
{
  g_autofree char *prepared = NULL;
  PangoLayout *layout;
  PangoFontDescription *desc;
  guint n_broken = 0;
  gboolean has_formula = FALSE;

  for (guint f = 0; f < G_N_ELEMENTS (formulas); f++)
    for (const char *hit = strstr (text, formulas[f]); hit != NULL;
         hit = strstr (hit + 1, formulas[f]))
      {
        n_found[f]++;
        has_formula = TRUE;
      }
  /* Nastaliq lays out slowly: only the texts with a formula. */
  if (!has_formula)
    return 0;

  prepared = imtehan_text_prepare (text, lang);
  layout = pango_layout_new (context);
  desc = pango_font_description_from_string (font);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_text (layout, prepared, -1);

  /* 150 to 900 px of text: a 360 px window gives its labels about 290. */
  for (int width = 150; width <= 900; width += 3)
    {
      g_autoptr(GArray) breaks = NULL;

      pango_layout_set_width (layout, width * PANGO_SCALE);
      breaks = break_offsets (layout, prepared);
      for (guint f = 0; f < G_N_ELEMENTS (formulas); f++)
        for (const char *hit = strstr (text, formulas[f]); hit != NULL;
             hit = strstr (hit + 1, formulas[f]))
          {
            glong start = g_utf8_pointer_to_offset (text, hit);
            glong end = start + g_utf8_strlen (formulas[f], -1);

            for (guint b = 0; b < breaks->len; b++)
              {
                glong at = g_array_index (breaks, glong, b);

                if (at > start && at < end)
                  {
                    g_test_message ("“%s” broken at %d px (%s): %s", formulas[f], width, lang,
                                    text);
                    n_broken++;
                  }
              }
          }
    }
  g_object_unref (layout);
  return n_broken;
}

static void
test_bundled_quiz (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (QUIZ_DIR "/zero-sharded-optimizers.quiz");
  g_autoptr(GError) error = NULL;
  g_autoptr(ImtehanQuiz) quiz = imtehan_quiz_new_from_file (file, NULL, &error);
  PangoFontMap *map = pango_cairo_font_map_get_default ();
  static const struct { const char *lang, *font; } languages[] = {
    { "en", "Sans 11" }, { "ur", "Noto Nastaliq Urdu 11" },
  };
  guint n_found[G_N_ELEMENTS (formulas)] = { 0 };
  guint n_broken = 0;

  g_assert_no_error (error);
  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    {
      PangoContext *context = pango_font_map_create_context (map);
      const char *lang = languages[l].lang;

      pango_context_set_language (context, pango_language_from_string (lang));
      for (guint q = 0; q < imtehan_quiz_get_n_questions (quiz); q++)
        {
          ImtehanQuestion *question = imtehan_quiz_get_question (quiz, q);

          n_broken += check_text (context, languages[l].font,
                                  imtehan_question_get_text (question, lang), lang, n_found);
          n_broken += check_text (context, languages[l].font,
                                  imtehan_question_get_explanation (question, lang), lang,
                                  n_found);
          for (guint c = 0; c < imtehan_question_get_n_choices (question); c++)
            {
              const char *id = imtehan_question_get_choice_id (question, c);

              n_broken += check_text (context, languages[l].font,
                                      imtehan_question_get_choice_text (question, id, lang),
                                      lang, n_found);
            }
        }
      g_object_unref (context);
    }
  /* Each formula listed is in the quiz, or the list is stale. */
  for (guint f = 0; f < G_N_ELEMENTS (formulas); f++)
    {
      if (n_found[f] == 0)
        g_test_message ("“%s” is not in the quiz", formulas[f]);
      g_assert_cmpuint (n_found[f], >, 0);
    }
  g_assert_cmpuint (n_broken, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/formulas/bundled-quiz", test_bundled_quiz);

  return g_test_run ();
}
