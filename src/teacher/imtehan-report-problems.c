/* imtehan-report-problems.c: the report's Problems view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The files the report did not count, each with why and where. Nothing in them is changed.
 */

#define G_LOG_DOMAIN "imtehan-report-problems"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imtehan-report.h"
#include "imtehan-report-problems.h"

struct _ImtehanReportProblems
{
  GtkBox       parent_instance;

  GtkListView *problems_view;
};

G_DEFINE_FINAL_TYPE (ImtehanReportProblems, imtehan_report_problems, GTK_TYPE_BOX)

static const char *
problem_title (ImtehanReportProblemKind kind)
{
  switch (kind)
    {
    case IMTEHAN_REPORT_PROBLEM_UNREADABLE:
      return _("Could not be read");
    case IMTEHAN_REPORT_PROBLEM_VANISHED:
      return _("Removed while the report was read");
    case IMTEHAN_REPORT_PROBLEM_NOT_REGULAR:
      return _("Not a file");
    case IMTEHAN_REPORT_PROBLEM_TOO_LARGE:
      return _("Too large for an attempt");
    case IMTEHAN_REPORT_PROBLEM_DAMAGED:
      return _("Damaged");
    case IMTEHAN_REPORT_PROBLEM_NEWER_VERSION:
      return _("Written by a newer Imtehan");
    case IMTEHAN_REPORT_PROBLEM_QUIZ_CHANGED:
      return _("Taken on another version of the quiz");
    case IMTEHAN_REPORT_PROBLEM_QUIZ_MISSING:
      return _("Its quiz was not found");
    case IMTEHAN_REPORT_PROBLEM_CONFLICT:
      return _("Another file has this attempt with other answers");
    case IMTEHAN_REPORT_PROBLEM_FOLDER_SKIPPED:
      return _("Folder skipped");
    case IMTEHAN_REPORT_PROBLEM_QUIZ_UNREADABLE:
      return _("A quiz could not be read");
    default:
      return _("Not counted");
    }
}

static void
problem_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  gtk_widget_add_css_class (box, "report-problem");
  for (guint i = 0; i < 3; i++)
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_box_append (GTK_BOX (box), label);
      if (i == 0)
        gtk_widget_add_css_class (label, "heading");
      if (i == 2)
        {
          gtk_widget_add_css_class (label, "dim-label");
          gtk_widget_add_css_class (label, "caption");
        }
    }
  gtk_list_item_set_child (item, box);
}

static void
problem_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  ImtehanReportProblem *problem = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *title = gtk_widget_get_first_child (box);
  GtkWidget *message = gtk_widget_get_next_sibling (title);
  GtkWidget *path = gtk_widget_get_last_child (box);
  GFile *file = imtehan_report_problem_get_file (problem);
  guint line = imtehan_report_problem_get_line (problem);
  g_autofree char *location = NULL;
  g_autofree char *spoken = NULL;

  if (file != NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      /* Isolated left to right: a path reads so in an Urdu window too. */
      location = line > 0 ? g_strdup_printf ("\u2066%s:%u\u2069", name, line)
                          : g_strdup_printf ("\u2066%s\u2069", name);
    }
  gtk_label_set_text (GTK_LABEL (title), problem_title (imtehan_report_problem_get_kind (problem)));
  gtk_label_set_text (GTK_LABEL (message), imtehan_report_problem_get_message (problem));
  gtk_widget_set_visible (message, imtehan_report_problem_get_message (problem) != NULL);
  gtk_label_set_text (GTK_LABEL (path), location);
  /* The reader's messages mostly name the file already. */
  gtk_widget_set_visible (path, location != NULL &&
                                (imtehan_report_problem_get_message (problem) == NULL ||
                                 strstr (imtehan_report_problem_get_message (problem),
                                         g_file_peek_path (file)) == NULL));
  spoken = g_strjoin (". ", gtk_label_get_text (GTK_LABEL (title)),
                      imtehan_report_problem_get_message (problem) ?: "",
                      location ?: "", NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken,
                                  -1);
}

static void
imtehan_report_problems_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), IMTEHAN_TYPE_REPORT_PROBLEMS);

  G_OBJECT_CLASS (imtehan_report_problems_parent_class)->dispose (object);
}

static void
imtehan_report_problems_class_init (ImtehanReportProblemsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_report_problems_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-report-problems.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportProblems, problems_view);
}

static void
imtehan_report_problems_init (ImtehanReportProblems *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect (factory, "setup", G_CALLBACK (problem_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (problem_bind_cb), NULL);
  gtk_list_view_set_factory (self->problems_view, factory);
}

/* @problems: (nullable): the report's ImtehanReportProblem list */
void
imtehan_report_problems_set_model (ImtehanReportProblems *self,
                                   GListModel            *problems)
{
  g_autoptr(GtkSelectionModel) selection = NULL;

  g_return_if_fail (IMTEHAN_IS_REPORT_PROBLEMS (self));
  g_return_if_fail (problems == NULL || G_IS_LIST_MODEL (problems));

  if (problems != NULL)
    selection = GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (problems)));
  gtk_list_view_set_model (self->problems_view, selection);
}
