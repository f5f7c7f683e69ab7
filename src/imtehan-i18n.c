/* imtehan-i18n.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-i18n"

#include "config.h"

#include <glib/gi18n.h>
#include <hb.h>
#include <locale.h>
#include <pango/pangocairo.h>

#include "imtehan-i18n.h"
#include "imtehan-text.h"

/* glibc's gettext caches translations; bumping this counter invalidates the cache after
 * LANGUAGE changes (the same trick the GNU gettext manual gives for language switches). */
extern int _nl_msg_cat_cntr;

static char *current_language;

const char *
imtehan_i18n_get_language (void)
{
  return current_language ? current_language : "en";
}

/* The language the system asks for: LANGUAGE, then the LC_MESSAGES locale. Only languages
 * with a translation count; anything else gives English. */
char *
imtehan_i18n_system_language (void)
{
  const char * const *names = g_get_language_names ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *lang = imtehan_language_normalize (names[i]);

      if (g_str_equal (lang, "ur"))
        return g_steal_pointer (&lang);
      if (g_str_equal (lang, "en"))
        break;
    }
  return g_strdup ("en");
}

/* Switches gettext and the default text direction. Widgets built before keep their strings;
 * the window rebuilds its pages (see imtehan_window_set_language()). GTK's own direction
 * comes from its catalog, which a Flatpak locale extension may lack, so it is set here from
 * the language itself (DESIGN.md). */
void
imtehan_i18n_set_language (const char *lang)
{
  g_autofree char *code = imtehan_language_normalize (lang);

  g_free (current_language);
  current_language = g_steal_pointer (&code);

  g_setenv ("LANGUAGE", current_language, TRUE);
  ++_nl_msg_cat_cntr;

  gtk_widget_set_default_direction (imtehan_language_is_rtl (current_language)
                                    ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
}

/**
 * imtehan_label_set_content:
 * @lang: the language of @text, which may differ from the window's
 *
 * Shows quiz text in a label: bidi marks for RTL text, the Pango language (Urdu shapes and
 * fonts), and the "urdu" CSS class that picks Noto Nastaliq Urdu and the line height its
 * ink needs. The label's own direction follows the text.
 */
void
imtehan_label_set_content (GtkLabel   *label,
                           const char *text,
                           const char *lang)
{
  g_autofree char *prepared = NULL;
  g_autofree char *code = imtehan_language_normalize (lang);
  PangoAttrList *attrs;
  gboolean rtl = imtehan_language_is_rtl (code);

  g_return_if_fail (GTK_IS_LABEL (label));

  prepared = imtehan_text_prepare (text ? text : "", code);
  attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_language_new (pango_language_from_string (code)));
  gtk_label_set_attributes (label, attrs);
  pango_attr_list_unref (attrs);
  gtk_label_set_text (label, prepared);

  if (rtl)
    gtk_widget_add_css_class (GTK_WIDGET (label), "urdu");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (label), "urdu");
}

/* A, B, C, D in English; the Urdu abjad order الف، ب، ج، د as Urdu exams letter options. */
char *
imtehan_i18n_choice_letter (guint       position,
                            const char *lang)
{
  static const char * const urdu[] = { "الف", "ب", "ج", "د", "ہ", "و", "ز", "ح" };

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
 * no tofu, so only asking the font map catches it. One font load and two glyph look-ups:
 * well under the 5 ms budget of issue 5. */
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
