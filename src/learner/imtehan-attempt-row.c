/* imtehan-attempt-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The date of an attempt, its language and score, in labels that do not wrap (a wrapping
 * label is laid out for many widths, slow in Nastaliq). Made in code, not from a template
 * (GTK 4.8 parses a template for every instance); recycled in All Attempts' list view, where
 * set_summary() is all that changes.
 */

#define G_LOG_DOMAIN "imtehan-attempt-row"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "imtehan-attempt-row.h"
#include "imtehan-i18n.h"
#include "imtehan-report-format.h"

struct _ImtehanAttemptRow
{
  GtkWidget              parent_instance;

  GtkLabel              *title_label;
  GtkLabel              *subtitle_label;

  ImtehanAttemptSummary *summary;
};

G_DEFINE_FINAL_TYPE (ImtehanAttemptRow, imtehan_attempt_row, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SUMMARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *
language_name (const char *lang)
{
  /* Each language is named in itself, as in every language switcher. */
  if (g_strcmp0 (lang, "ur") == 0)
    return "اردو";
  return "English";
}

/* "6 of 8 (75%)"; with partial credit "5.5 of 8 (69%)", as the results page writes marks. */
char *
imtehan_format_marks (double marks,
                      guint  total)
{
  g_autofree char *points = imtehan_report_format_points (marks);

  /* TRANSLATORS: a score, e.g. "6 of 8 (75%)", with partial credit "5.5 of 8 (69%)" */
  return g_strdup_printf (_("%s of %u (%u%%)"), points, total,
                          total ? (guint)floor (marks * 100 / total + 0.5) : 0);
}

char *
imtehan_format_score (guint score,
                      guint total)
{
  return imtehan_format_marks (score, total);
}

static void
update (ImtehanAttemptRow *self)
{
  ImtehanAttemptSummary *summary = self->summary;
  g_autofree char *date = NULL;
  g_autofree char *status = NULL;
  g_autofree char *subtitle = NULL;

  if (summary == NULL)
    {
      gtk_label_set_text (self->title_label, "");
      gtk_label_set_text (self->subtitle_label, "");
      return;
    }

  date = imtehan_i18n_format_date (imtehan_attempt_summary_get_started (summary));
  if (imtehan_attempt_summary_get_finished (summary))
    status = imtehan_format_marks (imtehan_attempt_summary_get_marks (summary),
                                   imtehan_attempt_summary_get_total (summary));
  else
    /* TRANSLATORS: an unfinished attempt in the history, e.g. "In progress, 3 of 8 answered" */
    status = g_strdup_printf (_("In progress, %u of %u answered"),
                              imtehan_attempt_summary_get_n_answered (summary),
                              imtehan_attempt_summary_get_total (summary));
  /* The language is named in itself, so "اردو" can start an English subtitle: isolate it
   * (FSI…PDI) and start the paragraph with the window's direction mark, or Pango lays the
   * whole line out right to left. */
  subtitle = g_strdup_printf ("%s\u2068%s\u2069 · %s",
                              gtk_widget_get_default_direction () == GTK_TEXT_DIR_RTL
                                ? "\u200f" : "\u200e",
                              language_name (imtehan_attempt_summary_get_language (summary)),
                              status);

  gtk_label_set_text (self->title_label, date);
  gtk_label_set_text (self->subtitle_label, subtitle);
  /* As an AdwActionRow: the title names the row, the subtitle describes it; in a GtkListBox
   * the row is what keyboard and screen reader users land on. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, date,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, subtitle,
                                  -1);
  if (GTK_IS_LIST_BOX_ROW (gtk_widget_get_parent (GTK_WIDGET (self))))
    gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (GTK_WIDGET (self))),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, date,
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, subtitle,
                                    -1);
}

static void
imtehan_attempt_row_dispose (GObject *object)
{
  ImtehanAttemptRow *self = (ImtehanAttemptRow *)object;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->summary);

  G_OBJECT_CLASS (imtehan_attempt_row_parent_class)->dispose (object);
}

static void
imtehan_attempt_row_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  ImtehanAttemptRow *self = IMTEHAN_ATTEMPT_ROW (object);

  switch (prop_id)
    {
    case PROP_SUMMARY:
      g_value_set_object (value, self->summary);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_attempt_row_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  ImtehanAttemptRow *self = IMTEHAN_ATTEMPT_ROW (object);

  switch (prop_id)
    {
    case PROP_SUMMARY:
      imtehan_attempt_row_set_summary (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_attempt_row_class_init (ImtehanAttemptRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_attempt_row_dispose;
  object_class->get_property = imtehan_attempt_row_get_property;
  object_class->set_property = imtehan_attempt_row_set_property;

  properties[PROP_SUMMARY] =
    g_param_spec_object ("summary", NULL, NULL, IMTEHAN_TYPE_ATTEMPT_SUMMARY,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* "box.header", as AdwActionRow's, with its spacing from the theme. */
  gtk_widget_class_set_css_name (widget_class, "box");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

/* The nodes and style classes of an AdwActionRow's content (row > box.header > box.title >
 * label.title, label.subtitle), so that libadwaita styles it alike. */
static void
imtehan_attempt_row_init (ImtehanAttemptRow *self)
{
  GtkWidget *titles = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *arrow = g_object_new (GTK_TYPE_IMAGE,
                                   "icon-name", "go-next-symbolic",
                                   "valign", GTK_ALIGN_CENTER,
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                   NULL);

  gtk_widget_add_css_class (GTK_WIDGET (self), "header");
  gtk_widget_add_css_class (titles, "title");
  gtk_widget_set_valign (titles, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (titles, TRUE);
  self->title_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->title_label, 0.0);
  gtk_widget_add_css_class (GTK_WIDGET (self->title_label), "title");
  self->subtitle_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->subtitle_label, 0.0);
  gtk_widget_add_css_class (GTK_WIDGET (self->subtitle_label), "subtitle");
  gtk_box_append (GTK_BOX (titles), GTK_WIDGET (self->title_label));
  gtk_box_append (GTK_BOX (titles), GTK_WIDGET (self->subtitle_label));
  gtk_widget_set_parent (titles, GTK_WIDGET (self));
  gtk_widget_set_parent (arrow, GTK_WIDGET (self));
}

GtkWidget *
imtehan_attempt_row_new (void)
{
  return g_object_new (IMTEHAN_TYPE_ATTEMPT_ROW, NULL);
}

ImtehanAttemptSummary *
imtehan_attempt_row_get_summary (ImtehanAttemptRow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPT_ROW (self), NULL);
  return self->summary;
}

void
imtehan_attempt_row_set_summary (ImtehanAttemptRow     *self,
                                 ImtehanAttemptSummary *summary)
{
  g_return_if_fail (IMTEHAN_IS_ATTEMPT_ROW (self));
  g_return_if_fail (summary == NULL || IMTEHAN_IS_ATTEMPT_SUMMARY (summary));

  if (!g_set_object (&self->summary, summary))
    return;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUMMARY]);
}
