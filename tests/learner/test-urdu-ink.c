/* test-urdu-ink.c: Urdu set from the font's own line height, with no ink outside its widget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Noto Nastaliq Urdu's own line height is about 2.5 times its size, and its tallest marks
 * still reach outside the first and last line. The real window, in Urdu, at 360 and 1280 px:
 * every label shown has its ink inside its allocation and any ancestor that clips it, and
 * its lines are not spaced out. IMTEHAN_INK_SHOTS=<dir> saves a picture of each page checked.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <pango/pangocairo.h>

#include "imtehan-application.h"
#include "imtehan-attempt-row.h"
#include "imtehan-i18n.h"
#include "imtehan-warm-up.h"
#include "imtehan-window.h"
#include "test-util.h"
#include "test-ui.h"
#include "test-util-gtk.h"

static ImtehanApplication *app;
static const char *shots_dir;

/* The tallest marks: the keshides of ک and گ, the small ط of ٹ and ڈ, stacked dots above and
 * below, and ک on top of a cascade of connected letters, which climbs highest: of the 800
 * Urdu words of the quiz, the app's and Debian's Urdu catalogs, کبھی, کیمیکل and مکمل reach
 * furthest above their line (0.45 em at 40 pt; 0.61 em at the UI's sizes, where pixels
 * round), and the final م of حجم and مومینٹم furthest below it. The paragraph's words all
 * begin or end with these marks, so that its lines do too, wherever they break. */
static const char * const tall_lines[] = {
  "ک گ ٹ ڈ",
  "ثبت، پژمردہ، ٹھیک",
  "کبھی کیمیکل مکمل کمیونیکیشن",
  "پیچیدگی نستعلیق سنجیدگیوں حجم مومینٹم",
  "کبھی ڈگڈگی کھٹک ٹھنڈک گدگدی ثبت پژمردہ ٹھیک مکمل",
};

/* For labels that neither wrap nor ellipsize, which show a word or two (a choice's letter,
 * a button): a long line would widen the page past the window. */
static const char * const tall_words[] = {
  "ک گ ٹ ڈ",
  "ثبت",
  "کبھی",
  "پژمردہ",
  "مکمل ٹھیک",
};

static const char tall_paragraph[] =
  "کبھی ٹھیک ثبت ٹکٹ ڈگڈگی کھٹک پژمردہ گدگدی کیمیکل ٹھنڈک ڈنک مکمل کٹک گونگ ثبت ٹھیک "
  "کمیونیکیشن پیچیدگی نستعلیق حجم ٹکٹ ڈگڈگی کبھی کھٹک گدگدی ٹھنڈک پژمردہ ثبت ٹھیک کڑک "
  "گڈی ڈک ٹک کبھی کٹک گنگ ٹھیک ثبت پژمردہ مومینٹم ڈگڈگی گدگدی کیمیکل کھٹک ٹک";

typedef struct
{
  ImtehanWindow *window;
  int            width;
  /* Per kind of label: a row of the summary table. */
  GHashTable    *kinds;
  gboolean       failed;
} Fixture;

typedef struct
{
  guint  n_labels;
  guint  n_paragraphs;
  double max_pitch;
  double max_ink;
  double max_gap_ratio;
  double min_top;       /* the least room between the allocation's top and the ink */
  double min_bottom;
  double max_side;      /* the most ink to the side of the allocation */
  double max_above_em;  /* the most ink above the text's first line box, in ems */
  double max_below_em;  /* the most ink below its last line box */
  gboolean clipped;
} KindSummary;

static void
activate (Fixture    *fixture,
          const char *action,
          GVariant   *parameter)
{
  imtehan_test_activate (fixture->window, action, parameter);
}

static void
wait_for_history (Fixture *fixture,
                  guint    n)
{
  GListModel *history = imtehan_window_get_history (fixture->window);

  IMTEHAN_TEST_WAIT_UNTIL (g_list_model_get_n_items (history) >= n, 10);
  g_assert_cmpuint (g_list_model_get_n_items (history), >=, n);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->width = GPOINTER_TO_INT (data);
  fixture->kinds = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  imtehan_test_remove_attempts ();
  imtehan_i18n_set_language ("ur");
  fixture->window = imtehan_window_new (GTK_APPLICATION (app), imtehan_application_get_context (app));
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), fixture->width,
                               fixture->width < 600 ? 760 : 800);
  gtk_window_present (GTK_WINDOW (fixture->window));
  imtehan_test_run_for (200);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (fixture->window), "urdu-ui"));
  /* As narrow as asked: nothing asks for more. */
  g_assert_cmpint (gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (fixture->window))),
                   ==, fixture->width);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  GHashTableIter iter;
  gpointer key, value;

  g_test_message ("| kind | width | labels | paragraphs | max pitch | max line ink | "
                  "max gap/ink | min room above ink | min room below ink | max ink to the side | "
                  "ink outside | ink above text (em) | ink below text (em) |");
  g_hash_table_iter_init (&iter, fixture->kinds);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      KindSummary *s = value;

      g_test_message ("| %s | %d | %u | %u | %.1f | %.1f | %.2f | %.0f | %.0f | %.0f | %s | "
                      "%.2f | %.2f |", (char *)key, fixture->width, s->n_labels,
                      s->n_paragraphs, s->max_pitch, s->max_ink, s->max_gap_ratio, s->min_top,
                      s->min_bottom, s->max_side, s->clipped ? "YES" : "no", s->max_above_em,
                      s->max_below_em);
    }
  g_hash_table_unref (fixture->kinds);

  imtehan_test_destroy_window (&fixture->window);
}

static gboolean
has_ancestor_with_class (GtkWidget  *widget,
                         const char *css_class)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    if (gtk_widget_has_css_class (widget, css_class))
      return TRUE;
  return FALSE;
}

/* The kinds of the issue: each is checked, and summed up in the table. */
static const char *
label_kind (GtkWidget *label)
{
  if (gtk_widget_get_ancestor (label, GTK_TYPE_POPOVER) != NULL)
    return "menu";
  if (gtk_widget_get_ancestor (label, ADW_TYPE_HEADER_BAR) != NULL)
    return "header bar";
  if (has_ancestor_with_class (label, "result-card"))
    return "result card";
  if (has_ancestor_with_class (label, "review-row"))
    return "review row";
  if (gtk_widget_get_ancestor (label, IMTEHAN_TYPE_ATTEMPT_ROW) != NULL ||
      gtk_widget_get_ancestor (label, GTK_TYPE_LIST_BOX_ROW) != NULL)
    return "list row";
  if (gtk_widget_has_css_class (label, "question"))
    return "question";
  if (gtk_widget_get_ancestor (label, GTK_TYPE_CHECK_BUTTON) != NULL)
    return "choice";
  if (gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON) != NULL)
    return "button";
  if (gtk_label_get_wrap (GTK_LABEL (label)))
    return "paragraph";
  return "single line";
}

static KindSummary *
summary_for (Fixture    *fixture,
             const char *kind)
{
  KindSummary *s = g_hash_table_lookup (fixture->kinds, kind);

  if (s == NULL)
    {
      s = g_new0 (KindSummary, 1);
      s->min_top = s->min_bottom = G_MAXDOUBLE;
      g_hash_table_insert (fixture->kinds, (gpointer)kind, s);
    }
  return s;
}

/* The label's font size in pixels, as GTK gives it to Pango (96 dpi unless set otherwise). */
static double
font_pixels (GtkWidget *label)
{
  PangoContext *context = gtk_widget_get_pango_context (label);
  const PangoFontDescription *font = pango_context_get_font_description (context);
  double size = pango_font_description_get_size (font) / (double)PANGO_SCALE;

  if (!pango_font_description_get_size_is_absolute (font))
    size *= pango_cairo_context_get_resolution (context) / 72.0;
  return size;
}

/* Whether @widget has anything at (@x, @y), its own coordinates: outside its padding box, a
 * widget that hides its overflow has nothing there (gtk_widget_pick()). */
static gboolean
picks (GtkWidget *widget,
       double     x,
       double     y)
{
  return gtk_widget_pick (widget, x, y, GTK_PICK_INSENSITIVE | GTK_PICK_NON_TARGETABLE) != NULL;
}

/* Where, from @outside towards @inside (a point @widget picks), it starts to pick: to a 64th
 * of a pixel, as a fraction of the way. */
static double
pick_edge (GtkWidget              *widget,
           const graphene_point_t *outside,
           const graphene_point_t *inside)
{
  double low = 0, high = 1;

  if (picks (widget, outside->x, outside->y))
    return 0;
  for (guint i = 0; i < 20; i++)
    {
      double middle = (low + high) / 2;

      if (picks (widget, outside->x + (inside->x - outside->x) * middle,
                 outside->y + (inside->y - outside->y) * middle))
        high = middle;
      else
        low = middle;
    }
  return high;
}

/* The box a widget's drawing is clipped to when it hides its overflow: its padding box, which
 * is also where GTK picks in it. GTK 4.10 deprecates GtkStyleContext, which gave the padding,
 * and has nothing in its place; so the box is found by picking from the middle of each side of
 * the widget's border box towards its middle. */
static graphene_rect_t
padding_box (GtkWidget *widget)
{
  graphene_rect_t border;
  graphene_point_t middle, left, right, top, bottom;
  double x0, x1, y0, y1;

  g_assert_true (gtk_widget_compute_bounds (widget, widget, &border));
  graphene_rect_get_center (&border, &middle);
  /* A widget that is not shown, or whose middle is not its own: its border box. */
  if (!picks (widget, middle.x, middle.y))
    return border;
  left = GRAPHENE_POINT_INIT (border.origin.x, middle.y);
  right = GRAPHENE_POINT_INIT (border.origin.x + border.size.width, middle.y);
  top = GRAPHENE_POINT_INIT (middle.x, border.origin.y);
  bottom = GRAPHENE_POINT_INIT (middle.x, border.origin.y + border.size.height);
  x0 = left.x + (middle.x - left.x) * pick_edge (widget, &left, &middle);
  x1 = right.x + (middle.x - right.x) * pick_edge (widget, &right, &middle);
  y0 = top.y + (middle.y - top.y) * pick_edge (widget, &top, &middle);
  y1 = bottom.y + (middle.y - bottom.y) * pick_edge (widget, &bottom, &middle);
  return GRAPHENE_RECT_INIT (x0, y0, x1 - x0, y1 - y0);
}

/* How far @ink reaches out of @box, above or below it, and to either side. */
static void
outside (const graphene_rect_t *ink,
         const graphene_rect_t *box,
         double                *vertical,
         double                *horizontal)
{
  double top = ink->origin.y - box->origin.y;
  double bottom = box->origin.y + box->size.height - (ink->origin.y + ink->size.height);
  double left = ink->origin.x - box->origin.x;
  double right = box->origin.x + box->size.width - (ink->origin.x + ink->size.width);

  *vertical = MAX (0, -MIN (top, bottom));
  *horizontal = MAX (0, -MIN (left, right));
}

typedef struct
{
  guint  n_lines;
  double pitch;     /* mean distance between baselines, px */
  double ink;       /* a line's ink height, px: the tallest line's */
  double gap;       /* pitch - ink */
} Spacing;

/* A Nastaliq line's ink is as tall as its tallest word: a line of flat letters (ا، ر، و) or
 * of Latin (“FULL_SHARD”) has a fraction of it. The tallest line stands for a full line. */
static void
measure_spacing (PangoLayout *layout,
                 Spacing     *spacing)
{
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  int first_baseline = pango_layout_iter_get_baseline (iter), last_baseline, ink_height = 0;
  guint n = 0;

  do
    {
      PangoRectangle ink;

      pango_layout_iter_get_line_extents (iter, &ink, NULL);
      last_baseline = pango_layout_iter_get_baseline (iter);
      ink_height = MAX (ink_height, ink.height);
      n++;
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);

  spacing->n_lines = n;
  spacing->ink = (double)ink_height / PANGO_SCALE;
  spacing->pitch = n > 1 ? (double)(last_baseline - first_baseline) / (n - 1) / PANGO_SCALE : 0;
  spacing->gap = spacing->pitch - spacing->ink;
}

/* Checks one label shown, and returns its spacing:
 * - the ink above and below its text lies inside its allocation: the line height decides
 *   this, and so does the widget's own height. Nastaliq's ink also reaches a few pixels to
 *   the side of its text (a line's first letter, in front of its advance), which the line
 *   height cannot change: that is measured, and clipped nowhere (below);
 * - its ink lies inside every ancestor that clips it, but in the directions a scrolled window
 *   around it scrolls: the pages scroll down, and the progress dots sideways, so what is out
 *   of view there is hidden on purpose (by the viewport, and the window below the fold);
 * - its paragraphs are not spaced out (@check_spacing). */
static void
check_label (Fixture    *fixture,
             const char *page,
             GtkLabel   *label,
             gboolean    check_spacing,
             Spacing    *spacing_out)
{
  GtkWidget *widget = GTK_WIDGET (label);
  GtkWidget *top = GTK_WIDGET (gtk_widget_get_native (widget));
  const char *kind = label_kind (widget);
  KindSummary *s = summary_for (fixture, kind);
  PangoLayout *layout = gtk_label_get_layout (label);
  gboolean scrolled_down = FALSE, scrolled_across = FALSE, clipped = FALSE;
  PangoRectangle ink_rect, logical_rect;
  graphene_rect_t ink, box;
  Spacing spacing;
  double vertical, horizontal;
  int x, y;

  gtk_label_get_layout_offsets (label, &x, &y);
  pango_layout_get_pixel_extents (layout, &ink_rect, &logical_rect);
  ink = GRAPHENE_RECT_INIT (x + ink_rect.x, y + ink_rect.y, ink_rect.width, ink_rect.height);
  g_assert_true (gtk_widget_compute_bounds (widget, widget, &box));
  outside (&ink, &box, &vertical, &horizontal);

  /* Up to its surface's widget: a popover menu is drawn on a surface of its own. */
  for (GtkWidget *ancestor = gtk_widget_get_parent (widget); ancestor != NULL;
       ancestor = ancestor == top ? NULL : gtk_widget_get_parent (ancestor))
    {
      graphene_rect_t clip, ink_there;
      double up_down, across;

      if (GTK_IS_SCROLLABLE (ancestor))
        {
          GtkWidget *scroller = gtk_widget_get_ancestor (ancestor, GTK_TYPE_SCROLLED_WINDOW);
          GtkPolicyType h = GTK_POLICY_AUTOMATIC, v = GTK_POLICY_AUTOMATIC;

          if (scroller != NULL)
            gtk_scrolled_window_get_policy (GTK_SCROLLED_WINDOW (scroller), &h, &v);
          scrolled_across = scrolled_across || h != GTK_POLICY_NEVER;
          scrolled_down = scrolled_down || v != GTK_POLICY_NEVER;
        }
      if (gtk_widget_get_overflow (ancestor) != GTK_OVERFLOW_HIDDEN)
        continue;
      clip = padding_box (ancestor);
      g_assert_true (gtk_widget_compute_point (widget, ancestor, &ink.origin, &ink_there.origin));
      ink_there.size = ink.size;
      outside (&ink_there, &clip, &up_down, &across);
      up_down = scrolled_down ? 0 : up_down;
      across = scrolled_across ? 0 : across;
      if (across > 0 || up_down > 0)
        {
          g_test_message ("%s, %d px: %s label “%s”: ink %.0f px above or below and %.0f px "
                          "to the side of %s, which clips it",
                          page, fixture->width, kind, gtk_label_get_text (label),
                          up_down, across, G_OBJECT_TYPE_NAME (ancestor));
          clipped = TRUE;
        }
    }

  measure_spacing (layout, &spacing);
  s->n_labels++;
  s->min_top = MIN (s->min_top, ink.origin.y - box.origin.y);
  s->min_bottom = MIN (s->min_bottom,
                       box.origin.y + box.size.height - ink.origin.y - ink.size.height);
  s->max_side = MAX (s->max_side, horizontal);
  s->max_above_em = MAX (s->max_above_em, (logical_rect.y - ink_rect.y) / font_pixels (widget));
  s->max_below_em = MAX (s->max_below_em, (ink_rect.y + ink_rect.height -
                                           logical_rect.y - logical_rect.height) /
                                          font_pixels (widget));
  s->clipped = s->clipped || clipped || vertical > 0;
  if (spacing.n_lines > 1)
    {
      s->n_paragraphs++;
      s->max_pitch = MAX (s->max_pitch, spacing.pitch);
      s->max_ink = MAX (s->max_ink, spacing.ink);
      s->max_gap_ratio = MAX (s->max_gap_ratio, spacing.gap / spacing.ink);
      if (g_test_verbose ())
        g_test_message ("%s, %d px: %s, %u lines: pitch %.1f px, line ink %.1f px, gap %.1f px "
                        "(%.2f of the ink); ink %.0f px below the top, %.0f px above the bottom",
                        page, fixture->width, kind, spacing.n_lines, spacing.pitch, spacing.ink,
                        spacing.gap, spacing.gap / spacing.ink, ink.origin.y - box.origin.y,
                        box.origin.y + box.size.height - ink.origin.y - ink.size.height);
    }

  if (vertical > 0)
    g_test_message ("%s, %d px: %s label “%s”: ink (%.0f,%.0f %.0f×%.0f) reaches %.0f px "
                    "above or below its allocation (%.0f,%.0f %.0f×%.0f)",
                    page, fixture->width, kind, gtk_label_get_text (label),
                    ink.origin.x, ink.origin.y, ink.size.width, ink.size.height, vertical,
                    box.origin.x, box.origin.y, box.size.width, box.size.height);
  if (vertical > 0 || clipped)
    fixture->failed = TRUE;
  if (check_spacing && spacing.n_lines > 1 && spacing.gap > spacing.ink / 2)
    {
      g_test_message ("%s, %d px: %s label “%s” is spaced out: %.1f px between its lines' "
                      "ink, more than half a line's ink (%.1f px)",
                      page, fixture->width, kind, gtk_label_get_text (label), spacing.gap,
                      spacing.ink);
      fixture->failed = TRUE;
    }
  if (spacing_out != NULL)
    *spacing_out = spacing;
}

static void
collect_labels (GtkWidget *widget,
                GPtrArray *labels)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  /* Not laid out by GtkLabel: not measured here. None is used; one added needs a check. */
  if (GTK_IS_INSCRIPTION (widget))
    {
      g_test_message ("a GtkInscription is shown, which this test does not measure");
      g_test_fail ();
    }
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    g_ptr_array_add (labels, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, labels);
}

static GPtrArray *
shown_labels (Fixture *fixture)
{
  GPtrArray *labels = g_ptr_array_new ();

  collect_labels (GTK_WIDGET (fixture->window), labels);
  return labels;
}

static void
save_png (GtkWidget  *widget,
          const char *name)
{
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_build_filename (shots_dir, name, NULL);

  /* The page's own background, as the window paints it behind the page. */
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.98, 0.98, 0.98, 1 },
                             &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
save_shots (Fixture    *fixture,
            const char *page)
{
  g_autofree char *window_name = NULL, *content_name = NULL;
  GtkScrolledWindow *scroller;

  if (shots_dir == NULL)
    return;
  window_name = g_strdup_printf ("%s-%d.png", page, fixture->width);
  save_png (GTK_WIDGET (fixture->window), window_name);
  /* All of the page, also what lies below the fold. */
  scroller = imtehan_test_find_scrolled_window (imtehan_window_get_page (fixture->window));
  if (scroller != NULL)
    {
      GtkWidget *content = gtk_scrolled_window_get_child (scroller);

      if (GTK_IS_VIEWPORT (content))
        content = gtk_viewport_get_child (GTK_VIEWPORT (content));
      content_name = g_strdup_printf ("%s-%d-whole.png", page, fixture->width);
      save_png (content, content_name);
    }
}

/* Checks every label shown, with the page's own text. */
static void
check_page (Fixture    *fixture,
            const char *page)
{
  g_autoptr(GPtrArray) labels = NULL;

  imtehan_test_run_for (100);
  labels = shown_labels (fixture);
  g_assert_cmpuint (labels->len, >, 3);
  for (guint i = 0; i < labels->len; i++)
    check_label (fixture, page, labels->pdata[i], TRUE, NULL);
  save_shots (fixture, page);
}

typedef struct
{
  GtkLabel      *label;
  char          *text;
  gboolean       use_markup;
  PangoAttrList *attrs;
} SavedLabel;

static void
saved_label_free (gpointer data)
{
  SavedLabel *saved = data;

  gtk_label_set_use_markup (saved->label, saved->use_markup);
  gtk_label_set_label (saved->label, saved->text);
  gtk_label_set_attributes (saved->label, saved->attrs);
  g_clear_pointer (&saved->attrs, pango_attr_list_unref);
  g_object_unref (saved->label);
  g_free (saved->text);
  g_free (saved);
}

/* Puts the tallest marks into every label shown, each kind of string in turn (a wrapping
 * label gets a paragraph of them, so that its lines begin and end with them), and checks
 * each; then gives the labels their text back. */
static void
check_page_with_tall_marks (Fixture    *fixture,
                            const char *page)
{
  g_autoptr(GPtrArray) labels = NULL;
  g_autoptr(GPtrArray) saved = g_ptr_array_new_with_free_func (saved_label_free);
  int width;

  imtehan_test_run_for (100);
  width = gtk_widget_get_width (GTK_WIDGET (fixture->window));
  labels = shown_labels (fixture);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = labels->pdata[i];
      SavedLabel *s = g_new0 (SavedLabel, 1);

      s->label = g_object_ref (label);
      s->text = g_strdup (gtk_label_get_label (label));
      s->use_markup = gtk_label_get_use_markup (label);
      if (gtk_label_get_attributes (label) != NULL)
        s->attrs = pango_attr_list_ref (gtk_label_get_attributes (label));
      g_ptr_array_add (saved, s);
    }

  for (guint round = 0; round <= G_N_ELEMENTS (tall_lines); round++)
    {
      g_autofree char *name = g_strdup_printf ("%s-tall-%u", page, round);

      for (guint i = 0; i < labels->len; i++)
        {
          GtkLabel *label = labels->pdata[i];
          const char *text;

          /* The progress dots only ever show a question's number. */
          if (has_ancestor_with_class (GTK_WIDGET (label), "question-dot"))
            continue;
          /* The last round: the paragraph where it wraps, the longest line where not. */
          if (!gtk_label_get_wrap (label) &&
              gtk_label_get_ellipsize (label) == PANGO_ELLIPSIZE_NONE)
            text = tall_words[(round + i) % G_N_ELEMENTS (tall_words)];
          else if (round == G_N_ELEMENTS (tall_lines))
            text = gtk_label_get_wrap (label) ? tall_paragraph : tall_lines[4];
          else
            text = tall_lines[(round + i) % G_N_ELEMENTS (tall_lines)];
          gtk_label_set_use_markup (label, FALSE);
          /* Quiz text as the app shows it (bidi marks, the language); UI text as it is. */
          if (gtk_widget_has_css_class (GTK_WIDGET (label), "urdu"))
            imtehan_label_set_content (label, text, "ur");
          else
            gtk_label_set_text (label, text);
        }
      imtehan_test_run_for (80);
      /* Still the width measured. */
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), ==, width);
      for (guint i = 0; i < labels->len; i++)
        check_label (fixture, name, labels->pdata[i], FALSE, NULL);
      if (round == G_N_ELEMENTS (tall_lines))
        save_shots (fixture, name);
    }
  g_clear_pointer (&saved, g_ptr_array_unref);
  imtehan_test_run_for (50);
}

typedef void (*PageCheck) (Fixture *fixture, const char *page);

/* The learner's way through the app: the start page, every question, the review, the
 * results, the start page with its history, All Attempts, and the start page offering to
 * resume. */
static void
walk_pages (Fixture   *fixture,
            PageCheck  check,
            gboolean   every_question)
{
  GtkMenuButton *menu_button;
  ImtehanAttempt *attempt;
  guint n;

  g_assert_cmpstr (imtehan_window_get_page_name (fixture->window), ==, "start");
  check (fixture, "start");

  /* The main menu, built when opened. */
  menu_button = GTK_MENU_BUTTON (gtk_widget_get_template_child (GTK_WIDGET (fixture->window),
                                                                IMTEHAN_TYPE_WINDOW,
                                                                "menu_button"));
  gtk_menu_button_popup (menu_button);
  imtehan_test_run_for (100);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (gtk_menu_button_get_popover (menu_button))));
  check (fixture, "menu");
  if (shots_dir != NULL)
    {
      g_autofree char *name = g_strdup_printf ("menu-%d.png", fixture->width);

      save_png (GTK_WIDGET (gtk_menu_button_get_popover (menu_button)), name);
    }
  gtk_menu_button_popdown (menu_button);

  activate (fixture, "win.start", NULL);
  imtehan_test_wait_for_page (fixture->window, "question");
  attempt = imtehan_window_get_attempt (fixture->window);
  n = imtehan_attempt_get_n_questions (attempt);
  for (guint i = 0; i < n; i++)
    {
      if (i == 0 || every_question)
        {
          g_autofree char *name = g_strdup_printf ("question-%u", i + 1);

          check (fixture, name);
        }
      /* Answered but the last, so that the results show every kind of card. */
      if (i + 1 < n)
        activate (fixture, "win.choose", g_variant_new_uint32 (i % 4));
      activate (fixture, "win.next", NULL);
    }
  imtehan_test_wait_for_page (fixture->window, "review");
  check (fixture, "review");

  activate (fixture, "win.submit", NULL);
  imtehan_test_wait_for_page (fixture->window, "results");
  check (fixture, "results");

  activate (fixture, "win.home", NULL);
  imtehan_test_wait_for_page (fixture->window, "start");
  wait_for_history (fixture, 1);
  check (fixture, "start-history");

  activate (fixture, "win.show-attempts", NULL);
  imtehan_test_wait_for_page (fixture->window, "attempts");
  check (fixture, "attempts");

  activate (fixture, "win.home", NULL);
  activate (fixture, "win.start", NULL);
  imtehan_test_wait_for_page (fixture->window, "question");
  activate (fixture, "win.choose", g_variant_new_uint32 (0));
  activate (fixture, "win.home", NULL);
  imtehan_test_wait_for_page (fixture->window, "start");
  wait_for_history (fixture, 2);
  check (fixture, "start-resume");
}

/* Every page with its own text: no ink outside, paragraphs not spaced out. */
static void
test_pages (Fixture       *fixture,
            gconstpointer  data)
{
  walk_pages (fixture, check_page, TRUE);
  if (fixture->failed)
    g_test_fail ();
}

/* Every page with the tallest marks in every label. */
static void
test_tallest_marks (Fixture       *fixture,
                    gconstpointer  data)
{
  walk_pages (fixture, check_page_with_tall_marks, FALSE);
  if (fixture->failed)
    g_test_fail ();
}

static GtkLabel *
find_question_label (GtkWidget *widget)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "question"))
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_question_label (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The "done when": question 1 at 360 px, as a reader sees it, is set as Urdu prose
 * is, with less empty space between its lines than half a line's ink; and it still wraps
 * (else there is nothing to measure). */
static void
test_question_spacing (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkLabel *question;
  Spacing spacing;

  activate (fixture, "win.start", NULL);
  imtehan_test_wait_for_page (fixture->window, "question");
  imtehan_test_run_for (100);
  question = find_question_label (imtehan_window_get_page (fixture->window));
  g_assert_nonnull (question);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (question), "urdu"));
  check_label (fixture, "question-1", question, TRUE, &spacing);
  g_test_message ("question 1 at 360 px: %u lines, pitch %.1f px, a line's ink %.1f px, "
                  "%.1f px between the lines (%.2f of a line's ink)", spacing.n_lines,
                  spacing.pitch, spacing.ink, spacing.gap, spacing.gap / spacing.ink);
  g_assert_cmpuint (spacing.n_lines, >=, 2);
  /* check_label() fails the test if the gap is over half the ink, or ink is outside. */
  if (fixture->failed)
    g_test_fail ();
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  shots_dir = g_getenv ("IMTEHAN_INK_SHOTS");
  if (shots_dir != NULL)
    g_mkdir_with_parents (shots_dir, 0755);

  imtehan_test_ui_init (&argc, &argv, "imtehan-ink-XXXXXX");
  app = imtehan_test_app;

  g_test_add ("/urdu-ink/question-spacing/360", Fixture, GINT_TO_POINTER (360),
              fixture_setup, test_question_spacing, fixture_teardown);
  g_test_add ("/urdu-ink/pages/360", Fixture, GINT_TO_POINTER (360),
              fixture_setup, test_pages, fixture_teardown);
  g_test_add ("/urdu-ink/pages/1280", Fixture, GINT_TO_POINTER (1280),
              fixture_setup, test_pages, fixture_teardown);
  g_test_add ("/urdu-ink/tallest-marks/360", Fixture, GINT_TO_POINTER (360),
              fixture_setup, test_tallest_marks, fixture_teardown);
  g_test_add ("/urdu-ink/tallest-marks/1280", Fixture, GINT_TO_POINTER (1280),
              fixture_setup, test_tallest_marks, fixture_teardown);

  ret = imtehan_test_ui_run ();
  return ret;
}
