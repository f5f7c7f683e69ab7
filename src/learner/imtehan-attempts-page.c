/* imtehan-attempts-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * All Attempts: the window's history (ImtehanAttemptSummary, newest first) in a GtkListView,
 * which creates rows for what is shown and recycles them while scrolling; the start page
 * shows the newest few in a GtkListBox. A lab PC may hold thousands of attempt files.
 */

#define G_LOG_DOMAIN "imtehan-attempts-page"

#include "config.h"

#include <adwaita.h>

#include "imtehan-attempt-row.h"
#include "imtehan-attempts-page.h"
#include "imtehan-store.h"

struct _ImtehanAttemptsPage
{
  GtkWidget    parent_instance;

  GtkListView *list;

  GListModel  *history;
};

G_DEFINE_FINAL_TYPE (ImtehanAttemptsPage, imtehan_attempts_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_HISTORY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item)
{
  gtk_list_item_set_child (item, imtehan_attempt_row_new ());
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item)
{
  imtehan_attempt_row_set_summary (IMTEHAN_ATTEMPT_ROW (gtk_list_item_get_child (item)),
                                   gtk_list_item_get_item (item));
}

static void
activate_cb (ImtehanAttemptsPage *self,
             guint                position)
{
  g_autoptr(ImtehanAttemptSummary) summary = g_list_model_get_item (self->history, position);

  if (summary != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.open-attempt", "s",
                                imtehan_attempt_summary_get_id (summary));
}

static void
imtehan_attempts_page_dispose (GObject *object)
{
  ImtehanAttemptsPage *self = (ImtehanAttemptsPage *)object;
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_ATTEMPTS_PAGE);
  /* GTK 4.8 unparents only the bound template children. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->history);

  G_OBJECT_CLASS (imtehan_attempts_page_parent_class)->dispose (object);
}

static void
imtehan_attempts_page_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ImtehanAttemptsPage *self = IMTEHAN_ATTEMPTS_PAGE (object);

  switch (prop_id)
    {
    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_attempts_page_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  ImtehanAttemptsPage *self = IMTEHAN_ATTEMPTS_PAGE (object);

  switch (prop_id)
    {
    case PROP_HISTORY:
      self->history = g_value_dup_object (value);
      if (self->history != NULL)
        {
          GtkNoSelection *selection = gtk_no_selection_new (g_object_ref (self->history));

          gtk_list_view_set_model (self->list, GTK_SELECTION_MODEL (selection));
          g_object_unref (selection);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
imtehan_attempts_page_grab_focus (GtkWidget *widget)
{
  ImtehanAttemptsPage *self = IMTEHAN_ATTEMPTS_PAGE (widget);

  return gtk_widget_grab_focus (GTK_WIDGET (self->list));
}

static void
imtehan_attempts_page_class_init (ImtehanAttemptsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_attempts_page_dispose;
  object_class->get_property = imtehan_attempts_page_get_property;
  object_class->set_property = imtehan_attempts_page_set_property;
  widget_class->grab_focus = imtehan_attempts_page_grab_focus;

  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/imtehan-attempts-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanAttemptsPage, list);
  gtk_widget_class_bind_template_callback (widget_class, activate_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
imtehan_attempts_page_init (ImtehanAttemptsPage *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), NULL);
  gtk_list_view_set_factory (self->list, factory);
  g_object_unref (factory);
}

GtkListView *
imtehan_attempts_page_get_list (ImtehanAttemptsPage *self)
{
  g_return_val_if_fail (IMTEHAN_IS_ATTEMPTS_PAGE (self), NULL);
  return self->list;
}
