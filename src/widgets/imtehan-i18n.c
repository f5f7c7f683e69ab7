/* imtehan-i18n.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The process's locale, the language of the interface, quiz text in a label, and the Urdu
 * font. Translations do not go through the C library's gettext, whose reading of LANGUAGE
 * depends on its version and the locale: the core reads the catalogs itself for the whole
 * process, GTK and libadwaita included (src/core/intl/imtehan-intl.c says why and how).
 */

#define G_LOG_DOMAIN "imtehan-i18n"

#include "config.h"

#include <fontconfig/fontconfig.h>
#include <glib/gi18n.h>
#include <hb.h>
#include <locale.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

#include "imtehan-i18n.h"
#include "imtehan-intl.h"
#include "imtehan-quiz.h"
#include "imtehan-text.h"

const char *
imtehan_i18n_get_language (void)
{
  return imtehan_intl_get_language ();
}

/* Noto Nastaliq Urdu comes without hinting instructions, so with the desktop's usual
 * "slight" hinting FreeType runs its auto-hinter on every glyph it draws. Nastaliq has
 * hundreds of contextual glyphs and no Latin stems for the hinter to align: the strokes gain
 * nothing, and the first frame pays for hinting every one. So its glyphs are drawn unhinted,
 * as its designers drew them; other fonts keep the desktop's setting. */
static const char nastaliq_rendering[] =
  "<?xml version=\"1.0\"?>\n"
  "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n"
  "<fontconfig>\n"
  "  <match target=\"font\">\n"
  "    <test name=\"family\"><string>Noto Nastaliq Urdu</string></test>\n"
  "    <edit name=\"hinting\" mode=\"assign\"><bool>false</bool></edit>\n"
  "    <edit name=\"hintstyle\" mode=\"assign\"><const>hintnone</const></edit>\n"
  "  </match>\n"
  "</fontconfig>\n";

/* Adds the rules above to the fontconfig configuration of GTK's font map. Call it before
 * any Urdu text is laid out (Pango keeps the fonts it has loaded), and not while another
 * thread lays text out: fontconfig's configuration is changed in place. Only the first call
 * counts, so a start-up may call it from a warm-up thread and again on the main thread. */
void
imtehan_fonts_init (void)
{
  static gsize done;
  PangoFontMap *map;
  FcConfig *config;

  if (!g_once_init_enter (&done))
    return;
  map = pango_cairo_font_map_get_default ();
  if (PANGO_IS_FC_FONT_MAP (map))
    {
      /* This waits for Pango's fontconfig initialization (a thread since Pango 1.50); a
       * font map without a configuration of its own uses the current one. */
      config = pango_fc_font_map_get_config (PANGO_FC_FONT_MAP (map));
      if (config == NULL)
        config = FcConfigGetCurrent ();
      if (!FcConfigParseAndLoadFromMemory (config, (const FcChar8 *)nastaliq_rendering, FcFalse))
        g_warning ("Could not add the rendering rules for Noto Nastaliq Urdu to fontconfig");
    }
  g_once_init_leave (&done, 1);
}

/**
 * imtehan_i18n_init:
 *
 * Sets the process's locale and gettext up: call it first in main(), before GTK. The
 * catalogs come from IMTEHAN_LOCALEDIR when it is set (`meson devenv`, the tests), else the
 * installed ones. Until imtehan_i18n_set_language(), the language is the system's
 * (imtehan-intl.c reads the catalogs itself, whatever the locale).
 */
void
imtehan_i18n_init (void)
{
  const char *localedir = g_getenv ("IMTEHAN_LOCALEDIR");
  const char *ctype;

  /* GLib decides at its first g_dgettext() whether to translate at all for the rest of the
   * process: not when the default domain has no catalog for the language of that moment and
   * the locale is neither "C" nor "en_*" (C.UTF-8 and de_DE are neither), which would leave
   * the strings GtkBuilder translates in English after a switch. Every process starts in
   * the "C" locale, where it answers "translate" for good: so ask now. */
  (void)g_dgettext (GETTEXT_PACKAGE, "");

  /* A locale the system lacks fails as a whole: its categories that exist still count. */
  if (setlocale (LC_ALL, "") == NULL)
    {
      static const int categories[] = { LC_CTYPE, LC_NUMERIC, LC_TIME, LC_COLLATE, LC_MONETARY,
                                        LC_MESSAGES };

      for (guint i = 0; i < G_N_ELEMENTS (categories); i++)
        setlocale (categories[i], "");
    }
  /* g_print() converts to the locale's character set, ASCII in "C" or a missing locale,
   * which turns Urdu output (`imtehan --help`) into question marks. glibc has C.UTF-8 built
   * in since 2.35. */
  ctype = setlocale (LC_CTYPE, NULL);
  if (ctype == NULL || g_str_equal (ctype, "C") || g_str_equal (ctype, "POSIX"))
    setlocale (LC_CTYPE, "C.UTF-8");
  /* gtk_init() would set the locale from the environment again, undoing the above, and warn
   * of a missing one. */
  gtk_disable_setlocale ();

  bindtextdomain (GETTEXT_PACKAGE, localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

/* The language the system asks for: LANGUAGE, then the LC_MESSAGES locale. Only languages
 * with a translation count; anything else gives English. */
char *
imtehan_i18n_system_language (void)
{
  return g_strdup (imtehan_intl_system_language ());
}

/* Switches every translation of the process (the app's, GtkBuilder's, GTK's and libadwaita's)
 * and the default text direction. Widgets built before keep their strings, so a window
 * rebuilds its pages after this. GTK takes its own direction from its catalog, which a
 * Flatpak locale extension may lack: so it is set here from the language (DESIGN.md).
 * LANGUAGE follows too, for the programs the app starts. */
void
imtehan_i18n_set_language (const char *lang)
{
  const char *code;

  imtehan_intl_set_language (lang);
  code = imtehan_intl_get_language ();
  g_setenv ("LANGUAGE", code, TRUE);

  gtk_widget_set_default_direction (imtehan_language_is_rtl (code)
                                    ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
}

/**
 * imtehan_label_set_content:
 * @lang: the language of @text, which may differ from the window's
 *
 * Shows quiz text in a label: bidi marks for RTL text, the Pango language (Urdu shapes and
 * fonts), and the "urdu" CSS class that picks Noto Nastaliq Urdu and keeps room in the label
 * for its ink (data/style.css). The label's own direction follows the text.
 */
void
imtehan_label_set_content (GtkLabel   *label,
                           const char *text,
                           const char *lang)
{
  g_autofree char *prepared = NULL;
  g_autofree char *code = imtehan_language_normalize (lang);
  g_autoptr(GArray) code_ranges = NULL;
  PangoAttrList *attrs;
  gboolean rtl = imtehan_language_is_rtl (code);

  g_return_if_fail (GTK_IS_LABEL (label));

  prepared = imtehan_text_prepare_full (text ? text : "", code, &code_ranges);
  attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_language_new (pango_language_from_string (code)));
  /* A code block's lines keep their indentation only in a monospace font; they are code,
   * not Urdu, so no Nastaliq there either. */
  for (guint i = 0; i + 1 < code_ranges->len; i += 2)
    {
      PangoAttribute *mono = pango_attr_family_new ("Monospace");
      PangoAttribute *latin = pango_attr_language_new (pango_language_from_string ("en"));

      mono->start_index = latin->start_index = g_array_index (code_ranges, gsize, i);
      mono->end_index = latin->end_index = g_array_index (code_ranges, gsize, i + 1);
      pango_attr_list_insert (attrs, mono);
      pango_attr_list_insert (attrs, latin);
    }
  /* New attributes, even equal ones, make GtkLabel lay its text out again: a Nastaliq
   * paragraph costs milliseconds to shape, and pages set the same text again often. */
  if (gtk_label_get_attributes (label) == NULL ||
      !pango_attr_list_equal (gtk_label_get_attributes (label), attrs))
    gtk_label_set_attributes (label, attrs);
  pango_attr_list_unref (attrs);
  gtk_label_set_text (label, prepared);

  if (rtl)
    gtk_widget_add_css_class (GTK_WIDGET (label), "urdu");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (label), "urdu");
}

/* A, B, C, D in English; in Urdu the abjad order الف، ب، ج، د, as Urdu exams letter options,
 * far enough for the most answers a question may have (IMTEHAN_QUESTION_MAX_CHOICES). */
char *
imtehan_i18n_choice_letter (guint       position,
                            const char *lang)
{
  static const char * const urdu[] = { "الف", "ب", "ج", "د", "ہ", "و", "ز", "ح", "ط", "ی" };

  G_STATIC_ASSERT (G_N_ELEMENTS (urdu) >= IMTEHAN_QUESTION_MAX_CHOICES);

  if (imtehan_language_is_rtl (lang) && position < G_N_ELEMENTS (urdu))
    return g_strdup (urdu[position]);
  if (position < 26)
    return g_strdup_printf ("%c", 'A' + position);
  return g_strdup_printf ("%u", position + 1);
}

char *
imtehan_i18n_format_date (GDateTime *time)
{
  g_autoptr(GDateTime) local = NULL;

  if (time == NULL)
    return g_strdup ("");
  local = g_date_time_to_local (time);
  /* TRANSLATORS: a date and time in the attempt history, see strftime(3). Month names
   * come from the system locale (LC_TIME), not from this catalog: a language whose
   * locale may be missing is safer with a numeric date. */
  return g_date_time_format (local, _("%-d %b %Y, %H:%M"));
}

/* Which family does Pango really use for Urdu? A silent fallback (Noto Kufi, DejaVu) shows
 * no tofu, so only asking the font map catches it: one font load and two glyph look-ups. */
void
imtehan_font_check_run (ImtehanFontCheck *check)
{
  static const gunichar probes[] = { 0x06A9 /* ک */, 0x06D2 /* ے */, 0x06C1 /* ہ */ };
  PangoFontMap *font_map = pango_cairo_font_map_get_default ();
  PangoContext *context = pango_font_map_create_context (font_map);
  g_autoptr(PangoFont) font = NULL;
  g_autoptr(PangoFontDescription) loaded = NULL;
  PangoFontDescription *desc;
  gint64 start = g_get_monotonic_time ();
  hb_font_t *hb_font;

  g_return_if_fail (check != NULL);

  pango_context_set_language (context, pango_language_from_string ("ur"));
  desc = pango_font_description_from_string ("Noto Nastaliq Urdu, Noto Naskh Arabic, sans 12");
  font = pango_font_map_load_font (font_map, context, desc);
  pango_font_description_free (desc);

  check->family = NULL;
  check->is_nastaliq = FALSE;
  check->has_glyphs = FALSE;

  if (font != NULL)
    {
      loaded = pango_font_describe (font);
      check->family = g_strdup (pango_font_description_get_family (loaded));
      check->is_nastaliq = check->family != NULL &&
                           g_str_equal (check->family, "Noto Nastaliq Urdu");
      hb_font = pango_font_get_hb_font (font);
      check->has_glyphs = hb_font != NULL;
      for (guint i = 0; hb_font != NULL && i < G_N_ELEMENTS (probes); i++)
        {
          hb_codepoint_t glyph = 0;

          if (!hb_font_get_nominal_glyph (hb_font, probes[i], &glyph) || glyph == 0)
            check->has_glyphs = FALSE;
        }
    }

  g_object_unref (context);
  check->elapsed_us = g_get_monotonic_time () - start;
}

void
imtehan_font_check_clear (ImtehanFontCheck *check)
{
  g_clear_pointer (&check->family, g_free);
}
