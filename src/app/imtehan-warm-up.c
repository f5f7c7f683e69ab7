/* imtehan-warm-up.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Before the start page's first frame, Pango finds a font set for every font description and
 * language on it, opens Noto Nastaliq Urdu, and measures its glyphs: a worker thread does that
 * in a font map of its own while libadwaita starts, and activate() makes it the main thread's
 * (used by one thread at a time, as Pango requires). Pango caches a font by its description,
 * language, options and resolution, so the worker uses the window's exactly: probe labels give
 * them; tests check every font the start page shows came from here. Also reads the icon theme
 * once libadwaita has added its icons. docs/performance.md ("the font warm-up") has the detail.
 */

#define G_LOG_DOMAIN "imtehan-warm-up"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "imtehan-text.h"
#include "imtehan-attempt-row.h"
#include "imtehan-i18n.h"
#include "imtehan-start-page.h"
#include "imtehan-warm-up.h"

/* libadwaita's font rules for the start page's labels and buttons (its base.css), as the
 * libadwaita the app runs with has them: 1.6 made its sizes relative to the body's. */
static const char adwaita_font_rules_1_2[] =
  "label.button { font-weight: bold; }\n"   /* button, headerbar .title */
  "label.heading { font-weight: 700; font-size: 11pt; }\n"
  "label.caption { font-weight: 400; font-size: 9pt; }\n"
  "label.title-1 { font-weight: 800; font-size: 20pt; }\n"
  "label.subtitle { font-size: smaller; }\n";               /* row label.subtitle */
static const char adwaita_font_rules_1_6[] =
  "label.button { font-weight: bold; }\n"
  "label.heading { font-weight: 700; }\n"
  "label.caption { font-weight: 400; font-size: 82%; }\n"
  "label.title-1 { font-weight: 800; font-size: 181%; }\n"
  "label.subtitle { font-size: smaller; }\n";

typedef struct
{
  PangoFontDescription *font;
  PangoLanguage        *language;  /* of the quiz text; NULL for UI strings */
  char                 *text;
} Item;

typedef struct
{
  GPtrArray            *items;
  GPtrArray            *history_items;  /* laid out when @history_folder has files */
  char                 *history_folder;
  cairo_font_options_t *options;
  double                resolution;
  gboolean              round_positions;
  PangoDirection        direction;
  PangoFontMap         *font_map;
  GPtrArray            *fonts;
} WarmUp;

static GThread *worker;

static void
item_free (gpointer data)
{
  Item *item = data;

  pango_font_description_free (item->font);
  g_free (item->text);
  g_free (item);
}

static void
warm_up_free (WarmUp *warm_up)
{
  g_ptr_array_unref (warm_up->items);
  g_ptr_array_unref (warm_up->history_items);
  g_free (warm_up->history_folder);
  g_clear_pointer (&warm_up->options, cairo_font_options_destroy);
  g_clear_object (&warm_up->font_map);
  g_clear_pointer (&warm_up->fonts, g_ptr_array_unref);
  g_free (warm_up);
}

static void
add_to (GPtrArray                  *items,
        const PangoFontDescription *font,
        const char                 *text,
        const char                 *lang)
{
  Item *item = g_new0 (Item, 1);

  item->font = pango_font_description_copy (font);
  if (lang != NULL)
    {
      item->language = pango_language_from_string (lang);
      item->text = imtehan_text_prepare (text, lang);
    }
  else
    {
      /* Button labels: the mnemonic's underscore is not shown. */
      item->text = g_strdup (text);
      g_strdelimit (item->text, "_", ' ');
    }
  g_ptr_array_add (items, item);
}

static void
add (WarmUp                     *warm_up,
     const PangoFontDescription *font,
     const char                 *text,
     const char                 *lang)
{
  add_to (warm_up->items, font, text, lang);
}

/* The font the window gives a label with these style classes. */
static PangoFontDescription *
probe (WarmUp     *warm_up,
       const char *classes)
{
  g_auto(GStrv) names = g_strsplit (classes, " ", -1);
  GtkWidget *label = g_object_ref_sink (gtk_label_new (NULL));
  PangoContext *context;
  PangoFontDescription *font;

  gtk_widget_set_css_classes (label, (const char **)names);
  context = gtk_widget_get_pango_context (label);
  font = pango_font_description_copy (pango_context_get_font_description (context));
  if (warm_up->options == NULL)
    {
      const cairo_font_options_t *options = pango_cairo_context_get_font_options (context);

      warm_up->options = options ? cairo_font_options_copy (options) : cairo_font_options_create ();
      warm_up->resolution = pango_cairo_context_get_resolution (context);
      warm_up->round_positions = pango_context_get_round_glyph_positions (context);
    }
  g_object_unref (label);
  return font;
}

static void
add_fonts_of (GPtrArray   *fonts,
              PangoLayout *layout)
{
  PangoLayoutIter *iter = pango_layout_get_iter (layout);

  do
    {
      PangoLayoutRun *run = pango_layout_iter_get_run_readonly (iter);

      if (run != NULL && !g_ptr_array_find (fonts, run->item->analysis.font, NULL))
        g_ptr_array_add (fonts, g_object_ref (run->item->analysis.font));
    }
  while (pango_layout_iter_next_run (iter));
  pango_layout_iter_free (iter);
}

static void
lay_out (WarmUp       *warm_up,
         PangoContext *context,
         GPtrArray    *items)
{
  for (guint i = 0; i < items->len; i++)
    {
      Item *item = g_ptr_array_index (items, i);
      PangoLayout *layout = pango_layout_new (context);
      PangoRectangle ink;

      pango_layout_set_font_description (layout, item->font);
      if (item->language != NULL)
        {
          PangoAttrList *attrs = pango_attr_list_new ();

          pango_attr_list_insert (attrs, pango_attr_language_new (item->language));
          pango_layout_set_attributes (layout, attrs);
          pango_attr_list_unref (attrs);
        }
      pango_layout_set_text (layout, item->text, -1);
      /* The ink extents measure every glyph, as drawing the label will. */
      pango_layout_get_extents (layout, &ink, NULL);
      add_fonts_of (warm_up->fonts, layout);
      g_object_unref (layout);
    }
}

/* Whether the results folder has anything in it: then the start page shows a history. */
static gboolean
has_files (const char *folder)
{
  g_autoptr(GDir) dir = folder ? g_dir_open (folder, 0, NULL) : NULL;

  return dir != NULL && g_dir_read_name (dir) != NULL;
}

static gpointer
warm_up_thread (gpointer data)
{
  WarmUp *warm_up = data;
  PangoContext *context;

  /* Before any font is made: the fontconfig rules for Nastaliq (imtehan-i18n.c) apply to
   * the fonts a font map makes from then on. Here, not on the main thread, because it waits
   * for fontconfig's own start. */
  imtehan_fonts_init ();
  warm_up->font_map = pango_cairo_font_map_new ();
  warm_up->fonts = g_ptr_array_new_with_free_func (g_object_unref);
  context = pango_font_map_create_context (warm_up->font_map);
  pango_cairo_context_set_font_options (context, warm_up->options);
  pango_cairo_context_set_resolution (context, warm_up->resolution);
  pango_context_set_round_glyph_positions (context, warm_up->round_positions);
  pango_context_set_base_dir (context, warm_up->direction);

  lay_out (warm_up, context, warm_up->items);
  if (has_files (warm_up->history_folder))
    lay_out (warm_up, context, warm_up->history_items);

  g_object_unref (context);
  return warm_up;
}

/**
 * imtehan_warm_up_fonts_start:
 * @quiz: the quiz the start page shows
 * @lang: the window's language
 * @history_folder: (nullable): the results folder: with files in it, the start page shows
 *   a history, whose fonts are loaded too
 *
 * Starts loading the fonts of @quiz's start page in @lang on a worker thread. Call it on
 * the main thread after gtk_init(), once the app's style.css is loaded, and before the
 * window is laid out; then call imtehan_warm_up_fonts_finish().
 */
void
imtehan_warm_up_fonts_start (ImtehanQuiz *quiz,
                             const char  *lang,
                             GFile       *history_folder)
{
  GdkDisplay *display = gdk_display_get_default ();
  g_autoptr(GtkCssProvider) adwaita_rules = NULL;
  const char *rules;
  g_autofree char *meta = NULL;
  g_autofree char *topics = NULL;
  g_auto(GStrv) topic_list = NULL;
  gboolean rtl = imtehan_language_is_rtl (lang);
  PangoFontDescription *ui, *ui_bold, *heading, *caption, *subtitle, *text, *title;
  PangoFontDescription *other_language;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = imtehan_i18n_format_date (now);
  g_autofree char *score = imtehan_format_score (7, 8);
  g_autofree char *scores = NULL;
  g_autofree char *row = NULL;
  WarmUp *warm_up;

  g_return_if_fail (IMTEHAN_IS_QUIZ (quiz));
  g_return_if_fail (display != NULL);
  g_return_if_fail (worker == NULL);

  adwaita_rules = gtk_css_provider_new ();
  /* The version running, not the one built against: a Flatpak runtime may be newer. */
  rules = adw_get_major_version () > 1 || adw_get_minor_version () >= 6
          ? adwaita_font_rules_1_6 : adwaita_font_rules_1_2;
#if GTK_CHECK_VERSION (4, 12, 0)
  gtk_css_provider_load_from_string (adwaita_rules, rules);
#else
  gtk_css_provider_load_from_data (adwaita_rules, rules, -1);
#endif
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (adwaita_rules),
                                              GTK_STYLE_PROVIDER_PRIORITY_THEME);

  warm_up = g_new0 (WarmUp, 1);
  warm_up->items = g_ptr_array_new_with_free_func (item_free);
  warm_up->history_items = g_ptr_array_new_with_free_func (item_free);
  warm_up->history_folder = history_folder ? g_file_get_path (history_folder) : NULL;
  warm_up->direction = rtl ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR;
  /* The window has the "urdu-ui" class in Urdu; quiz text in Urdu has "urdu". */
  ui = probe (warm_up, rtl ? "urdu-ui" : "");
  ui_bold = probe (warm_up, rtl ? "urdu-ui button" : "button");
  heading = probe (warm_up, rtl ? "urdu-ui heading" : "heading");
  /* In Urdu, style.css makes captions the body size. */
  caption = probe (warm_up, rtl ? "urdu-ui" : "caption");
  subtitle = probe (warm_up, rtl ? "urdu-ui subtitle" : "subtitle");
  /* The language button names Urdu in Urdu's fonts (imtehan-window.c). */
  other_language = probe (warm_up, rtl ? "urdu-ui button" : "button urdu-ui");
  text = probe (warm_up, rtl ? "urdu" : "");
  title = probe (warm_up, rtl ? "urdu title-1" : "title-1");

  gtk_style_context_remove_provider_for_display (display, GTK_STYLE_PROVIDER (adwaita_rules));

  /* The header bar: the start page's title, and the language button naming the other
   * language. */
  add (warm_up, ui_bold, _("Imtehan"), NULL);
  add (warm_up, other_language, rtl ? "English" : "اردو", NULL);
  /* The start page, top to bottom. */
  add (warm_up, title, imtehan_quiz_get_title (quiz, lang), lang);
  meta = imtehan_start_page_format_meta (quiz);
  add (warm_up, ui, meta, NULL);
  add (warm_up, text, imtehan_quiz_get_description (quiz, lang), lang);
  topic_list = imtehan_quiz_dup_topics (quiz, lang);
  topics = g_strjoinv (_(" · "), topic_list);
  add (warm_up, text, topics, lang);
  /* The strings of imtehan-start-page.ui. */
  add (warm_up, caption, _("Answers and explanations are shown once you submit the quiz."), NULL);
  add (warm_up, ui_bold, _("_Start"), NULL);
  add (warm_up, ui_bold, _("_Resume"), NULL);
  add (warm_up, heading, _("Past Attempts"), NULL);
  add (warm_up, ui_bold, _("Show _All"), NULL);
  /* The history, for a returning learner: the best and last scores, and a row per attempt
   * (imtehan-attempt-row.c) with its date, language and score. */
  scores = g_strdup_printf (_("Best: %s · Last: %s"), score, score);
  add_to (warm_up->history_items, ui, scores, NULL);
  add_to (warm_up->history_items, ui, date, NULL);
  row = g_strdup_printf ("\u2068English\u2069 · \u2068اردو\u2069 · %s", score);
  add_to (warm_up->history_items, subtitle, row, NULL);

  pango_font_description_free (ui);
  pango_font_description_free (ui_bold);
  pango_font_description_free (heading);
  pango_font_description_free (caption);
  pango_font_description_free (subtitle);
  pango_font_description_free (other_language);
  pango_font_description_free (text);
  pango_font_description_free (title);

  worker = g_thread_new ("imtehan-fonts", warm_up_thread, warm_up);

}

/**
 * imtehan_warm_up_fonts_finish:
 * @fonts: (out) (optional) (transfer full): the fonts the warm-up loaded
 *
 * Waits for the warm-up started by imtehan_warm_up_fonts_start(), if any, and makes its font
 * map the default of the calling (main) thread: every widget created from now on finds the
 * start page's fonts loaded.
 */
void
imtehan_warm_up_fonts_finish (GPtrArray **fonts)
{
  WarmUp *warm_up;

  if (fonts != NULL)
    *fonts = NULL;
  if (worker == NULL)
    return;

  warm_up = g_thread_join (g_steal_pointer (&worker));
  pango_cairo_font_map_set_default (PANGO_CAIRO_FONT_MAP (warm_up->font_map));
  if (fonts != NULL)
    *fonts = g_steal_pointer (&warm_up->fonts);
  warm_up_free (warm_up);
}

static gpointer
icon_theme_thread (gpointer data)
{
  g_autoptr(GtkIconTheme) theme = data;

  /* GtkIconTheme is locked for lookups from any thread; this one reads the theme. */
  gtk_icon_theme_has_icon (theme, "open-menu-symbolic");
  return NULL;
}

/**
 * imtehan_warm_up_icon_theme:
 *
 * Reads the display's icon theme on a worker thread. Call it on the main thread once
 * libadwaita is initialized: the window's first icon then waits, if at all, only for the
 * rest of the reading.
 */
void
imtehan_warm_up_icon_theme (void)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());

  g_thread_unref (g_thread_new ("imtehan-icons", icon_theme_thread, g_object_ref (theme)));
}
