/* imtehan-report-learners.c: the report's Learners view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The attempts of the quiz shown, those listed (exams, and practice when the switch is on),
 * found by the search and sorted by the column clicked. Activating a row asks the window to
 * review that attempt ("attempt-activated"); back from the review, the focus returns to its
 * row.
 */

#define G_LOG_DOMAIN "imtehan-report-learners"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "imtehan-i18n.h"
#include "imtehan-report-format.h"
#include "imtehan-report-learners.h"

/* A row found again after the review: the list creates its rows at the next layout. */
#define FOCUS_ROW_FRAMES 5

typedef enum
{
  COLUMN_LEARNER,
  COLUMN_PC,
  COLUMN_STARTED,
  COLUMN_TIME,
  COLUMN_SCORE,
  COLUMN_FINISHED,
  N_COLUMNS
} Column;

struct _ImtehanReportLearners
{
  GtkBox                parent_instance;

  GtkBox               *learners_toolbar;
  GtkSearchEntry       *search_entry;
  GtkSwitch            *practice_switch;
  GtkStack             *learners_stack;
  GtkColumnView        *learners_view;
  AdwStatusPage        *no_learners_page;
  GtkColumnViewColumn  *columns[N_COLUMNS]; /* owned by learners_view */

  ImtehanReportQuiz    *quiz;
  ImtehanReportInclude  include;
  char                 *search;             /* folded; NULL: no search */
  GtkCustomFilter      *filter;
  GtkFilterListModel   *filtered;
  GtkSortListModel     *sorted;
  ImtehanReportAttempt *reviewed;           /* its row gets the focus back */
  guint                 focus_row_tick;
  guint                 focus_row_frames;
};

G_DEFINE_FINAL_TYPE (ImtehanReportLearners, imtehan_report_learners, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_QUIZ,
  PROP_INCLUDE_PRACTICE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  ATTEMPT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_cell_text (GtkLabel   *label,
               const char *text,
               const char *spoken_if_empty)
{
  /* An empty cell says so to a screen reader, and shows a dash. A recycled cell's label is
   * set again, not reset: GTK 4.8 then names the label by its type, "GtkLabel". */
  if (text != NULL && *text != '\0')
    {
      gtk_label_set_text (label, text);
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      text, -1);
    }
  else
    {
      gtk_label_set_text (label, "—");
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      spoken_if_empty, -1);
    }
}

static GtkWidget *
cell_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  return label;
}

static void
learner_cell_setup_cb (GtkSignalListItemFactory *factory,
                       GtkListItem              *item,
                       gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  GtkWidget *child;

  switch (column)
    {
    case COLUMN_LEARNER:
      {
        GtkWidget *roll = cell_label ();
        GtkWidget *flags = cell_label ();
        GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
        GtkWidget *flags_line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

        child = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
        gtk_box_append (GTK_BOX (child), cell_label ());
        gtk_widget_add_css_class (roll, "dim-label");
        gtk_widget_add_css_class (roll, "caption");
        gtk_box_append (GTK_BOX (child), roll);
        /* A flagged attempt says so under the name, where a narrow window still shows it. */
        gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        "", -1);
        gtk_widget_add_css_class (flags_line, "warning");
        gtk_widget_add_css_class (flags, "caption");
        gtk_box_append (GTK_BOX (flags_line), icon);
        gtk_box_append (GTK_BOX (flags_line), flags);
        gtk_box_append (GTK_BOX (child), flags_line);
      }
      break;
    case COLUMN_FINISHED:
      {
        GtkWidget *icon = gtk_image_new ();

        /* The word beside it says the same: the icon is not read twice. */
        gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        "", -1);
        gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
        child = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
        gtk_box_append (GTK_BOX (child), icon);
        gtk_box_append (GTK_BOX (child), cell_label ());
      }
      break;
    case COLUMN_TIME:
    case COLUMN_SCORE:
      child = cell_label ();
      gtk_widget_add_css_class (child, "numeric");
      break;
    case COLUMN_PC:
    case COLUMN_STARTED:
    case N_COLUMNS:
    default:
      child = cell_label ();
      break;
    }
  gtk_list_item_set_child (item, child);
}

static void
learner_cell_bind_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  ImtehanReportAttempt *attempt = gtk_list_item_get_item (item);
  GtkWidget *child = gtk_list_item_get_child (item);

  /* Which attempt a row shows, to give it the focus back after the review. */
  g_object_set_data (G_OBJECT (child), "imtehan-attempt", attempt);

  switch (column)
    {
    case COLUMN_LEARNER:
      {
        GtkLabel *name = GTK_LABEL (gtk_widget_get_first_child (child));
        GtkLabel *roll = GTK_LABEL (gtk_widget_get_next_sibling (GTK_WIDGET (name)));
        GtkWidget *flags_line = gtk_widget_get_last_child (child);
        const char *roll_number = imtehan_report_attempt_get_roll_number (attempt);
        g_autofree char *flags = imtehan_report_format_flags (attempt);

        set_cell_text (name, imtehan_report_attempt_get_learner (attempt), _("No name"));
        if (roll_number != NULL && *roll_number != '\0')
          {
            g_autofree char *isolated = g_strdup_printf ("\u2068%s\u2069", roll_number);
            /* TRANSLATORS: on the results, after the learner's name: "Roll number 42" */
            g_autofree char *text = g_strdup_printf (_("Roll number %s"), isolated);

            gtk_label_set_text (roll, text);
          }
        gtk_widget_set_visible (GTK_WIDGET (roll), roll_number != NULL && *roll_number != '\0');
        gtk_label_set_text (GTK_LABEL (gtk_widget_get_last_child (flags_line)), flags);
        gtk_widget_set_visible (flags_line, flags != NULL);
      }
      break;
    case COLUMN_PC:
      set_cell_text (GTK_LABEL (child), imtehan_report_attempt_get_host (attempt),
                     _("Not recorded"));
      break;
    case COLUMN_STARTED:
      {
        GDateTime *started = imtehan_report_attempt_get_started (attempt);
        g_autofree char *date = imtehan_i18n_format_date (started);

        set_cell_text (GTK_LABEL (child), date, _("Not recorded"));
      }
      break;
    case COLUMN_TIME:
      {
        g_autofree char *text = imtehan_report_format_duration (
          imtehan_report_attempt_get_duration (attempt));

        set_cell_text (GTK_LABEL (child), text, _("Not finished"));
      }
      break;
    case COLUMN_SCORE:
      {
        g_autofree char *text = imtehan_report_format_score (
          imtehan_report_attempt_get_score (attempt), imtehan_report_attempt_get_total (attempt));

        gtk_label_set_text (GTK_LABEL (child), text);
      }
      break;
    case COLUMN_FINISHED:
      {
        GtkWidget *icon = gtk_widget_get_first_child (child);
        GtkLabel *label = GTK_LABEL (gtk_widget_get_last_child (child));
        gboolean finished = imtehan_report_attempt_get_finished (attempt);

        gtk_image_set_from_icon_name (GTK_IMAGE (icon), finished ? "emblem-ok-symbolic"
                                                                 : "content-loading-symbolic");
        gtk_label_set_text (label, imtehan_report_format_finished (attempt));
        if (finished)
          gtk_widget_remove_css_class (child, "dim-label");
        else
          gtk_widget_add_css_class (child, "dim-label");
      }
      break;
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

static int
compare_text (const char *a,
              const char *b)
{
  /* Empty last, whichever the order: a missing name is not the first learner. */
  gboolean a_empty = a == NULL || *a == '\0';
  gboolean b_empty = b == NULL || *b == '\0';

  if (a_empty || b_empty)
    return a_empty - b_empty;
  return g_utf8_collate (a, b);
}

static int
compare_number (gint64 a,
                gint64 b)
{
  return (a > b) - (a < b);
}

static int
compare_double (double a,
                double b)
{
  return (a > b) - (a < b);
}

static int
compare_learners_cb (gconstpointer a,
                     gconstpointer b,
                     gpointer      user_data)
{
  ImtehanReportAttempt *x = (ImtehanReportAttempt *)a;
  ImtehanReportAttempt *y = (ImtehanReportAttempt *)b;
  int result;

  switch ((Column)GPOINTER_TO_INT (user_data))
    {
    case COLUMN_LEARNER:
      return imtehan_report_compare_learners (x, y);
    case COLUMN_PC:
      return compare_text (imtehan_report_attempt_get_host (x),
                           imtehan_report_attempt_get_host (y));
    case COLUMN_STARTED:
      {
        GDateTime *s = imtehan_report_attempt_get_started (x);
        GDateTime *t = imtehan_report_attempt_get_started (y);

        if (s == NULL || t == NULL)
          return (s == NULL) - (t == NULL);
        return g_date_time_compare (s, t);
      }
    case COLUMN_TIME:
      /* Unfinished (-1) first: it took less than any finished one so far. */
      return compare_number (imtehan_report_attempt_get_duration (x),
                             imtehan_report_attempt_get_duration (y));
    case COLUMN_SCORE:
      /* As a fraction of its total, then by marks: 4 of 8 is below 5 of 8 and 3 of 4. */
      result = compare_double (imtehan_report_attempt_get_score (x) *
                               imtehan_report_attempt_get_total (y),
                               imtehan_report_attempt_get_score (y) *
                               imtehan_report_attempt_get_total (x));
      if (result == 0)
        result = compare_double (imtehan_report_attempt_get_score (x),
                                 imtehan_report_attempt_get_score (y));
      return result;
    case COLUMN_FINISHED:
      result = compare_number (imtehan_report_attempt_get_finished (x),
                               imtehan_report_attempt_get_finished (y));
      if (result == 0)
        result = compare_number (imtehan_report_attempt_get_finish_reason (x),
                                 imtehan_report_attempt_get_finish_reason (y));
      return result;
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

static char *
fold (const char *text)
{
  g_autofree char *normalized = NULL;

  if (text == NULL)
    return NULL;
  normalized = g_utf8_normalize (text, -1, G_NORMALIZE_ALL);
  return normalized ? g_utf8_casefold (normalized, -1) : NULL;
}

static gboolean
text_matches (const char *text,
              const char *folded_search)
{
  g_autofree char *folded = fold (text);

  return folded != NULL && strstr (folded, folded_search) != NULL;
}

static gboolean
learner_visible_cb (gpointer item,
                    gpointer user_data)
{
  ImtehanReportLearners *self = user_data;
  ImtehanReportAttempt *attempt = item;

  if (!imtehan_report_attempt_is_listed (attempt, self->include))
    return FALSE;
  if (self->search == NULL)
    return TRUE;
  return text_matches (imtehan_report_attempt_get_learner (attempt), self->search) ||
         text_matches (imtehan_report_attempt_get_roll_number (attempt), self->search) ||
         text_matches (imtehan_report_attempt_get_host (attempt), self->search);
}

/* The list, or a page saying why it is empty. */
static void
update_state (ImtehanReportLearners *self)
{
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->sorted));

  if (shown > 0)
    {
      gtk_stack_set_visible_child_name (self->learners_stack, "list");
      return;
    }
  if (self->search != NULL)
    {
      adw_status_page_set_icon_name (self->no_learners_page, "system-search-symbolic");
      adw_status_page_set_title (self->no_learners_page, _("No Learners Found"));
      adw_status_page_set_description (self->no_learners_page,
                                       _("No name, roll number or PC has this text."));
    }
  else
    {
      adw_status_page_set_icon_name (self->no_learners_page, "system-users-symbolic");
      adw_status_page_set_title (self->no_learners_page, _("No Attempts"));
      if (self->quiz == NULL)
        adw_status_page_set_description (self->no_learners_page,
                                         _("No attempt files were found in these folders."));
      else if (!(self->include & IMTEHAN_REPORT_INCLUDE_PRACTICE))
        adw_status_page_set_description (self->no_learners_page,
                                         _("Practice attempts are left out."));
      else
        adw_status_page_set_description (self->no_learners_page, NULL);
    }
  gtk_stack_set_visible_child_name (self->learners_stack, "none");
}

static void
search_changed_cb (ImtehanReportLearners *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  g_clear_pointer (&self->search, g_free);
  if (*stripped != '\0')
    self->search = fold (stripped);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
stop_search_cb (ImtehanReportLearners *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  gtk_widget_grab_focus (GTK_WIDGET (self->learners_view));
}

static void
practice_toggled_cb (ImtehanReportLearners *self)
{
  ImtehanReportInclude include = gtk_switch_get_active (self->practice_switch)
                                 ? IMTEHAN_REPORT_INCLUDE_PRACTICE
                                 : IMTEHAN_REPORT_INCLUDE_EXAMS;

  if (include == self->include)
    return;
  self->include = include;
  gtk_filter_changed (GTK_FILTER (self->filter),
                      include & IMTEHAN_REPORT_INCLUDE_PRACTICE ? GTK_FILTER_CHANGE_LESS_STRICT
                                                                : GTK_FILTER_CHANGE_MORE_STRICT);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INCLUDE_PRACTICE]);
}

static void
learner_activated_cb (ImtehanReportLearners *self,
                      guint                  position)
{
  g_autoptr(ImtehanReportAttempt) attempt =
    g_list_model_get_item (G_LIST_MODEL (self->sorted), position);

  if (attempt != NULL)
    g_signal_emit (self, signals[ATTEMPT_ACTIVATED], 0, attempt);
}

/* The row of the attempt reviewed, once the list has made it: the focus goes back there. */
static GtkWidget *
find_row (GtkWidget            *widget,
          ImtehanReportAttempt *attempt)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_object_get_data (G_OBJECT (child), "imtehan-attempt") == attempt &&
          gtk_widget_get_mapped (child))
        return child;
      if ((found = find_row (child, attempt)) != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_list_view (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      return child;
  return NULL;
}

static gboolean
focus_row_tick_cb (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       user_data)
{
  ImtehanReportLearners *self = IMTEHAN_REPORT_LEARNERS (widget);
  GtkWidget *list = find_list_view (GTK_WIDGET (self->learners_view));
  GtkWidget *cell = list && self->reviewed ? find_row (list, self->reviewed) : NULL;

  if (cell == NULL && ++self->focus_row_frames < FOCUS_ROW_FRAMES)
    return G_SOURCE_CONTINUE;
  self->focus_row_tick = 0;
  if (cell != NULL)
    {
      /* The row is the list's child that holds the cell. */
      GtkWidget *row = cell;

      while (gtk_widget_get_parent (row) != list)
        row = gtk_widget_get_parent (row);
      gtk_widget_grab_focus (row);
    }
  else
    gtk_widget_grab_focus (GTK_WIDGET (self->learners_view));
  g_clear_object (&self->reviewed);
  return G_SOURCE_REMOVE;
}

static void
imtehan_report_learners_dispose (GObject *object)
{
  ImtehanReportLearners *self = (ImtehanReportLearners *)object;

  /* The column view goes after this, with its columns: its sorter changes then. */
  if (self->sorted != NULL)
    g_signal_handlers_disconnect_by_data (self->sorted, self);
  if (self->focus_row_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->focus_row_tick);
  self->focus_row_tick = 0;

  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_REPORT_LEARNERS);
  memset (self->columns, 0, sizeof self->columns);

  g_clear_object (&self->sorted);
  g_clear_object (&self->filtered);
  g_clear_object (&self->filter);
  g_clear_object (&self->quiz);
  g_clear_object (&self->reviewed);

  G_OBJECT_CLASS (imtehan_report_learners_parent_class)->dispose (object);
}

static void
imtehan_report_learners_finalize (GObject *object)
{
  ImtehanReportLearners *self = (ImtehanReportLearners *)object;

  g_free (self->search);

  G_OBJECT_CLASS (imtehan_report_learners_parent_class)->finalize (object);
}

static void
imtehan_report_learners_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  ImtehanReportLearners *self = IMTEHAN_REPORT_LEARNERS (object);

  switch (prop_id)
    {
    case PROP_QUIZ:
      g_value_set_object (value, self->quiz);
      break;
    case PROP_INCLUDE_PRACTICE:
      g_value_set_boolean (value, (self->include & IMTEHAN_REPORT_INCLUDE_PRACTICE) != 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_report_learners_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  ImtehanReportLearners *self = IMTEHAN_REPORT_LEARNERS (object);

  switch (prop_id)
    {
    case PROP_QUIZ:
      imtehan_report_learners_set_quiz (self, g_value_get_object (value));
      break;
    case PROP_INCLUDE_PRACTICE:
      gtk_switch_set_active (self->practice_switch, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_report_learners_class_init (ImtehanReportLearnersClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_report_learners_dispose;
  object_class->finalize = imtehan_report_learners_finalize;
  object_class->get_property = imtehan_report_learners_get_property;
  object_class->set_property = imtehan_report_learners_set_property;

  properties[PROP_QUIZ] =
    g_param_spec_object ("quiz", NULL, NULL, IMTEHAN_TYPE_REPORT_QUIZ,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The switch: practice attempts are listed and counted too. */
  properties[PROP_INCLUDE_PRACTICE] =
    g_param_spec_boolean ("include-practice", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[ATTEMPT_ACTIVATED] =
    g_signal_new ("attempt-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 1, IMTEHAN_TYPE_REPORT_ATTEMPT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-report-learners.ui");
  /* Internal: the window's template names them, and the window's tests find them there. */
  gtk_widget_class_bind_template_child_internal (widget_class, ImtehanReportLearners,
                                                 learners_toolbar);
  gtk_widget_class_bind_template_child_internal (widget_class, ImtehanReportLearners,
                                                 search_entry);
  gtk_widget_class_bind_template_child_internal (widget_class, ImtehanReportLearners,
                                                 practice_switch);
  gtk_widget_class_bind_template_child_internal (widget_class, ImtehanReportLearners,
                                                 learners_stack);
  gtk_widget_class_bind_template_child_internal (widget_class, ImtehanReportLearners,
                                                 learners_view);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportLearners, no_learners_page);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, practice_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, learner_activated_cb);
}

static void
imtehan_report_learners_init (ImtehanReportLearners *self)
{
  g_autoptr(GtkSelectionModel) selection = NULL;
  static const struct { const char *title; gboolean expand; } columns[N_COLUMNS] = {
    [COLUMN_LEARNER]  = { N_("Learner"), TRUE },
    [COLUMN_PC]       = { N_("PC"), FALSE },
    [COLUMN_STARTED]  = { N_("Started"), FALSE },
    [COLUMN_TIME]     = { N_("Time Taken"), FALSE },
    [COLUMN_SCORE]    = { N_("Score"), FALSE },
    [COLUMN_FINISHED] = { N_("Finished"), FALSE },
  };

  gtk_widget_init_template (GTK_WIDGET (self));

  /* The quiz's attempts, those listed, in the order of the column clicked. */
  self->filter = gtk_custom_filter_new (learner_visible_cb, self, NULL);
  self->filtered = gtk_filter_list_model_new (NULL, g_object_ref (GTK_FILTER (self->filter)));
  self->sorted =
    gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->filtered)),
                             g_object_ref (gtk_column_view_get_sorter (self->learners_view)));
  g_signal_connect_object (self->sorted, "items-changed",
                           G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  selection =
    GTK_SELECTION_MODEL (gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->sorted))));
  gtk_single_selection_set_autoselect (GTK_SINGLE_SELECTION (selection), FALSE);
  gtk_single_selection_set_can_unselect (GTK_SINGLE_SELECTION (selection), TRUE);
  gtk_column_view_set_model (self->learners_view, selection);

  for (guint i = 0; i < N_COLUMNS; i++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      g_autoptr(GtkSorter) sorter = GTK_SORTER (gtk_custom_sorter_new (compare_learners_cb,
                                                                       GINT_TO_POINTER (i), NULL));
      g_autoptr(GtkColumnViewColumn) column = NULL;

      g_signal_connect (factory, "setup", G_CALLBACK (learner_cell_setup_cb), GINT_TO_POINTER (i));
      g_signal_connect (factory, "bind", G_CALLBACK (learner_cell_bind_cb), GINT_TO_POINTER (i));
      column = gtk_column_view_column_new (_(columns[i].title), factory);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_expand (column, columns[i].expand);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_append_column (self->learners_view, column);
      self->columns[i] = column;
    }
  gtk_column_view_sort_by_column (self->learners_view, self->columns[COLUMN_LEARNER],
                                  GTK_SORT_ASCENDING);
  /* Typing in the list searches it. */
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self->learners_view));
}

void
imtehan_report_learners_set_quiz (ImtehanReportLearners *self,
                                  ImtehanReportQuiz     *quiz)
{
  g_return_if_fail (IMTEHAN_IS_REPORT_LEARNERS (self));
  g_return_if_fail (quiz == NULL || IMTEHAN_IS_REPORT_QUIZ (quiz));

  /* A reload gives new quizzes: the list is set again even for the same object. */
  g_set_object (&self->quiz, quiz);
  gtk_filter_list_model_set_model (self->filtered,
                                   quiz ? imtehan_report_quiz_get_attempts (quiz) : NULL);
  update_state (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_QUIZ]);
}

ImtehanReportInclude
imtehan_report_learners_get_include (ImtehanReportLearners *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_LEARNERS (self), IMTEHAN_REPORT_INCLUDE_EXAMS);

  return self->include;
}

/* At 360 px, in Nastaliq too, the name (with its flags), score and state fit; where and when
 * are in the review. The search and the switch are stacked. */
void
imtehan_report_learners_set_narrow (ImtehanReportLearners *self,
                                    gboolean               narrow)
{
  g_return_if_fail (IMTEHAN_IS_REPORT_LEARNERS (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->learners_toolbar),
                                  narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (self->learners_toolbar, narrow ? 6 : 12);
  for (guint i = 0; i < N_COLUMNS; i++)
    if (self->columns[i] != NULL)
      gtk_column_view_column_set_visible (self->columns[i],
                                          !narrow || (i != COLUMN_PC && i != COLUMN_STARTED &&
                                                      i != COLUMN_TIME));
}

void
imtehan_report_learners_focus_search (ImtehanReportLearners *self)
{
  g_return_if_fail (IMTEHAN_IS_REPORT_LEARNERS (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

/* Scrolls to @attempt's row and gives it the focus once the list has made it; the list
 * itself when @attempt is no longer listed. */
void
imtehan_report_learners_focus_attempt (ImtehanReportLearners *self,
                                       ImtehanReportAttempt  *attempt)
{
  GListModel *model;
  GtkWidget *list;

  g_return_if_fail (IMTEHAN_IS_REPORT_LEARNERS (self));
  g_return_if_fail (attempt == NULL || IMTEHAN_IS_REPORT_ATTEMPT (attempt));

  g_set_object (&self->reviewed, attempt);
  model = G_LIST_MODEL (self->sorted);
  list = find_list_view (GTK_WIDGET (self->learners_view));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(ImtehanReportAttempt) item = g_list_model_get_item (model, i);

      if (item == self->reviewed && list != NULL)
        {
          gtk_widget_activate_action (list, "list.scroll-to-item", "u", i);
          break;
        }
    }
  self->focus_row_frames = 0;
  if (self->focus_row_tick == 0)
    self->focus_row_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), focus_row_tick_cb,
                                                         NULL, NULL);
}
