/* imtehan-library-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's home when the library holds more than one quiz: each quiz with its title in
 * the language shown, its number of questions, its difficulty and the learner's best and
 * last score; a quiz file that does not load is listed with its problem. Choosing a quiz
 * activates win.open-quiz.
 */

#define G_LOG_DOMAIN "imtehan-library-page"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imtehan-after-frame.h"
#include "imtehan-attempt-row.h"
#include "imtehan-i18n.h"
#include "imtehan-library-page.h"
#include "imtehan-open.h"
#include "imtehan-start-page.h"
#include "imtehan-wrap-bin.h"

struct _ImtehanLibraryPage
{
  GtkWidget       parent_instance;

  GtkListView    *list;

  ImtehanLibrary *library;
  GListModel     *attempts;     /* every attempt of the results folder, newest first */
  ImtehanAfterFrame *show_rows;  /* the list's model, once the page has its size */
  gboolean        rows_shown;
};

G_DEFINE_FINAL_TYPE (ImtehanLibraryPage, imtehan_library_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_LIBRARY,
  PROP_ATTEMPTS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A row: an icon for a file that does not load, the title, and a line below it. */
static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *subtitle = gtk_label_new (NULL);

  gtk_widget_add_css_class (row, "quiz-row");
  gtk_widget_set_margin_start (row, 12);
  gtk_widget_set_margin_end (row, 12);
  gtk_widget_set_margin_top (row, 8);
  gtk_widget_set_margin_bottom (row, 8);
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
  gtk_widget_add_css_class (icon, "warning");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_label_set_single_line_mode (GTK_LABEL (title), TRUE);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_ellipsize (GTK_LABEL (subtitle), PANGO_ELLIPSIZE_END);
  gtk_label_set_single_line_mode (GTK_LABEL (subtitle), TRUE);
  gtk_widget_add_css_class (subtitle, "dim-label");
  /* A bin measures an ellipsizing label from its text, once, not from the font's metrics at
   * every measure (imtehan-wrap-bin.c): GtkListView makes up to 200 rows at once. */
  gtk_box_append (GTK_BOX (texts), imtehan_wrap_bin_new (title, 5, 60));
  gtk_box_append (GTK_BOX (texts), imtehan_wrap_bin_new (subtitle, 5, 60));
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (row), icon);
  gtk_box_append (GTK_BOX (row), texts);
  gtk_list_item_set_child (item, row);
}

/* "8 questions · hard · Best: 7 of 8 (88%) · Last: 6 of 8 (75%)" */
static char *
quiz_line (ImtehanLibraryPage  *self,
           ImtehanLibraryEntry *entry)
{
  g_autofree char *meta =
    imtehan_start_page_format_counts (imtehan_library_entry_get_n_questions (entry),
                                      imtehan_library_entry_get_difficulty (entry));
  double best, last;
  guint best_total, last_total;

  if (self->attempts == NULL ||
      !imtehan_attempt_summaries_get_record (self->attempts,
                                             imtehan_library_entry_get_id (entry), &best, &best_total,
                                             &last, &last_total))
    return g_steal_pointer (&meta);

  {
    g_autofree char *best_text = imtehan_format_marks (best, best_total);
    g_autofree char *last_text = imtehan_format_marks (last, last_total);
    g_autofree char *record = g_strdup_printf (_("Best: %s · Last: %s"), best_text, last_text);

    /* TRANSLATORS: separates the parts of a quiz's line: "8 questions · hard · Best: …" */
    return g_strjoin (_(" · "), meta, record, NULL);
  }
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item,
         ImtehanLibraryPage       *self)
{
  ImtehanLibraryEntry *entry = gtk_list_item_get_item (item);
  gboolean valid = imtehan_library_entry_is_valid (entry);
  GtkWidget *row = gtk_list_item_get_child (item);
  GtkWidget *icon = gtk_widget_get_first_child (row);
  GtkWidget *title_bin = gtk_widget_get_first_child (gtk_widget_get_next_sibling (icon));
  GtkWidget *title = imtehan_wrap_bin_get_child (IMTEHAN_WRAP_BIN (title_bin));
  GtkWidget *subtitle = imtehan_wrap_bin_get_child (IMTEHAN_WRAP_BIN (gtk_widget_get_next_sibling (title_bin)));
  const char *lang = imtehan_i18n_get_language ();
  g_autofree char *line = NULL;
  g_autofree char *name = NULL;
  g_autofree char *accessible = NULL;

  gtk_widget_set_visible (icon, !valid);
  if (valid)
    {
      const char *text = imtehan_library_entry_get_title (entry, lang);

      imtehan_label_set_content (GTK_LABEL (title), text, lang);
      line = quiz_line (self, entry);
      /* TRANSLATORS: what a screen reader says for a quiz of the list: its title, then
       * "8 questions · hard · Best: …" */
      accessible = g_strdup_printf (_("%s, %s"), text, line);
    }
  else
    {
      name = g_file_get_basename (imtehan_library_entry_get_file (entry));
      imtehan_label_set_content (GTK_LABEL (title), name, "en");
      /* TRANSLATORS: a quiz file of the library that does not load */
      line = g_strdup (_("Cannot be opened: choose it to see why"));
      accessible = g_strdup_printf (_("%s, %s"), name, line);
    }
  gtk_label_set_text (GTK_LABEL (subtitle), line);
  gtk_widget_set_tooltip_text (subtitle, line);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                  -1);
#if GTK_CHECK_VERSION (4, 12, 0)
  /* GTK 4.12+ names the list item from its own label, not from its child's. */
  gtk_list_item_set_accessible_label (item, accessible);
#endif
}

static void
activate_cb (ImtehanLibraryPage *self,
             guint               position)
{
  g_autoptr(ImtehanLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (self->library),
                                                                position);
  if (entry == NULL)
    return;
  if (imtehan_library_entry_is_valid (entry))
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "win.open-quiz", "s",
                                  imtehan_library_entry_get_id (entry));
      return;
    }
  /* The file's problem, with its line, as when it is opened. */
  imtehan_open_show_error (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                           imtehan_library_entry_get_error (entry));
}

/* The rows are bound anew, with the scores now known. */
static void
rebind (ImtehanLibraryPage *self)
{
  g_autoptr(GtkNoSelection) selection = NULL;

  if (!self->rows_shown)
    return;
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->library)));
  gtk_list_view_set_model (self->list, GTK_SELECTION_MODEL (selection));
}

/* Given a model before it has a height, GTK 4.8's list view binds 200 rows, Nastaliq
 * included; once allocated, only the rows on screen. */
static gboolean
show_rows_cb (gpointer user_data)
{
  ImtehanLibraryPage *self = user_data;

  self->rows_shown = TRUE;
  rebind (self);
  return G_SOURCE_REMOVE;
}

GtkListView *
imtehan_library_page_get_list (ImtehanLibraryPage *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LIBRARY_PAGE (self), NULL);
  return self->list;
}

static void
imtehan_library_page_dispose (GObject *object)
{
  ImtehanLibraryPage *self = IMTEHAN_LIBRARY_PAGE (object);
  GtkWidget *child;

  g_clear_pointer (&self->show_rows, imtehan_after_frame_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_LIBRARY_PAGE);
  /* GTK 4.8 unparents only the bound template children. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  self->list = NULL;
  g_clear_object (&self->attempts);
  g_clear_object (&self->library);

  G_OBJECT_CLASS (imtehan_library_page_parent_class)->dispose (object);
}

static void
imtehan_library_page_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  ImtehanLibraryPage *self = IMTEHAN_LIBRARY_PAGE (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      self->library = g_value_dup_object (value);
      if (self->library != NULL)
        imtehan_after_frame_schedule (self->show_rows, 0);
      break;
    case PROP_ATTEMPTS:
      self->attempts = g_value_dup_object (value);
      /* The scores of a new listing: the window's session lists the folder. */
      if (self->attempts != NULL)
        g_signal_connect_object (self->attempts, "items-changed", G_CALLBACK (rebind), self,
                                 G_CONNECT_SWAPPED);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
imtehan_library_page_grab_focus (GtkWidget *widget)
{
  ImtehanLibraryPage *self = IMTEHAN_LIBRARY_PAGE (widget);

  /* Into the first row, where Enter opens the quiz and the arrows move. */
  return gtk_widget_child_focus (GTK_WIDGET (self->list), GTK_DIR_TAB_FORWARD) ||
         gtk_widget_grab_focus (GTK_WIDGET (self->list));
}

static void
imtehan_library_page_class_init (ImtehanLibraryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_library_page_dispose;
  object_class->set_property = imtehan_library_page_set_property;
  widget_class->grab_focus = imtehan_library_page_grab_focus;

  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, IMTEHAN_TYPE_LIBRARY,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* ImtehanAttemptSummary of the results folder, for each quiz's best and last score. */
  properties[PROP_ATTEMPTS] =
    g_param_spec_object ("attempts", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/imtehan-library-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanLibraryPage, list);
  gtk_widget_class_bind_template_callback (widget_class, activate_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
imtehan_library_page_init (ImtehanLibraryPage *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->show_rows = imtehan_after_frame_new (GTK_WIDGET (self->list), show_rows_cb, self);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), self);
  gtk_list_view_set_factory (self->list, factory);
  g_object_unref (factory);
}
