/* imtehan-start-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-start-page"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "imtehan-a11y.h"
#include "imtehan-attempt-row.h"
#include "imtehan-i18n.h"
#include "imtehan-quiz.h"
#include "imtehan-scroll-bin.h"
#include "imtehan-session.h"
#include "imtehan-start-page.h"
#include "imtehan-store.h"
#include "imtehan-wrap-bin.h"

/* The start page shows the newest attempts; Show All lists every one (imtehan-attempts-page.c),
 * lazily. A GtkListBox builds and lays out all of its rows at once, so it holds a few. */
#define HISTORY_ROWS 5

struct _ImtehanStartPage
{
  GtkWidget       parent_instance;

  GtkScrolledWindow *scroller;
  GtkLabel       *title_label;
  GtkLabel       *meta_label;
  GtkLabel       *lab_label;
  GtkLabel       *reveal_label;
  GtkLabel       *notice_label;
  GtkLabel       *description_label;
  GtkLabel       *topics_label;
  GtkButton      *resume_button;
  GtkButton      *start_button;
  GtkBox         *history_box;
  GtkButton      *all_button;
  GtkLabel       *best_label;
  GtkListBox     *history_list;

  ImtehanQuiz    *quiz;
  ImtehanSession *session;
  GListModel     *history;      /* the session's */
  GtkSliceListModel *recent;
  /* As the buttons show it: the window sets it after every change of its attempt. */
  gboolean        can_resume;
};

G_DEFINE_FINAL_TYPE (ImtehanStartPage, imtehan_start_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_QUIZ,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
create_history_row (gpointer item,
                    gpointer user_data)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *content = imtehan_attempt_row_new ();

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), content);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  imtehan_attempt_row_set_summary (IMTEHAN_ATTEMPT_ROW (content), item);
  return row;
}

static void
history_row_activated_cb (ImtehanStartPage *self,
                          GtkListBoxRow    *row)
{
  ImtehanAttemptSummary *summary =
    imtehan_attempt_row_get_summary (IMTEHAN_ATTEMPT_ROW (gtk_list_box_row_get_child (row)));

  if (summary != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.open-attempt", "s",
                                imtehan_attempt_summary_get_id (summary));
}

static void
update_history (ImtehanStartPage *self)
{
  guint n = self->history ? g_list_model_get_n_items (self->history) : 0;
  double best, last;
  guint best_total, last_total;
  gboolean finished = self->session != NULL &&
                      imtehan_session_get_record (self->session, &best, &best_total,
                                                  &last, &last_total);

  gtk_widget_set_visible (GTK_WIDGET (self->history_box), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->all_button), n > HISTORY_ROWS);
  if (finished)
    {
      g_autofree char *best_text = imtehan_format_marks (best, best_total);
      g_autofree char *last_text = imtehan_format_marks (last, last_total);
      /* TRANSLATORS: "Best: 7 of 8 (88%) · Last: 6 of 8 (75%)" */
      g_autofree char *text = g_strdup_printf (_("Best: %s · Last: %s"), best_text, last_text);

      gtk_label_set_text (self->best_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->best_label), finished);
}

static void
history_changed_cb (ImtehanStartPage *self)
{
  update_history (self);
}

/* "Practice · 20 minutes": how the attempt will go, under the meta line, so that a learner
 * knows before starting. Nothing with the default settings (an exam without a time limit). */
char *
imtehan_start_page_format_lab (ImtehanMode mode,
                               guint       time_limit)
{
  guint minutes = (time_limit + 59) / 60;
  g_autofree char *limit = NULL;

  if (mode != IMTEHAN_MODE_PRACTICE && time_limit == 0)
    return NULL;
  if (time_limit == 0)
    /* TRANSLATORS: the feedback mode, under the quiz's title: right or wrong is shown at once */
    return g_strdup (_("Practice"));
  /* TRANSLATORS: the time limit, under the quiz's title: "Exam · 20 minutes" */
  limit = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%u minute", "%u minutes", minutes), minutes);
  /* TRANSLATORS: the feedback mode and the time limit: "Practice · 20 minutes" */
  return g_strdup_printf (_("%s · %s"),
                          mode == IMTEHAN_MODE_PRACTICE ? _("Practice") : _("Exam"), limit);
}

static void
update_lab (ImtehanStartPage *self)
{
  ImtehanMode mode = self->session ? imtehan_session_get_mode (self->session) : IMTEHAN_MODE_EXAM;
  g_autofree char *text = NULL;

  if (self->session == NULL)
    return;
  text = imtehan_start_page_format_lab (mode, imtehan_session_get_time_limit (self->session));
  gtk_label_set_text (self->lab_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->lab_label), text != NULL);
  /* In practice the answers are checked one by one, not shown at the end. */
  gtk_label_set_text (self->reveal_label,
                      mode == IMTEHAN_MODE_PRACTICE
                      ? _("Check each answer to see at once whether it is right, with its explanation.")
                      : _("Answers and explanations are shown once you submit the quiz."));
}

static void
update_quiz (ImtehanStartPage *self)
{
  const char *lang = imtehan_i18n_get_language ();
  g_auto(GStrv) topics = NULL;
  g_autofree char *topic_text = NULL;
  g_autofree char *meta = NULL;

  if (self->quiz == NULL)
    return;

  imtehan_label_set_content (self->title_label, imtehan_quiz_get_title (self->quiz, lang), lang);
  imtehan_label_set_content (self->description_label,
                             imtehan_quiz_get_description (self->quiz, lang), lang);
  topics = imtehan_quiz_dup_topics (self->quiz, lang);
  /* TRANSLATORS: separates the topics of a quiz: "ZeRO stages · Adam state memory" */
  topic_text = g_strjoinv (_(" · "), topics);
  imtehan_label_set_content (self->topics_label, topic_text, lang);
  gtk_widget_set_visible (GTK_WIDGET (self->topics_label), topics[0] != NULL);

  meta = imtehan_start_page_format_meta (self->quiz);
  gtk_label_set_text (self->meta_label, meta);
}

static void
imtehan_start_page_dispose (GObject *object)
{
  ImtehanStartPage *self = (ImtehanStartPage *)object;
  GtkWidget *child;

  if (self->history)
    g_signal_handlers_disconnect_by_func (self->history, history_changed_cb, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_START_PAGE);
  /* GTK 4.8 unparents only the bound template children. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->recent);
  g_clear_object (&self->history);
  g_clear_object (&self->session);
  g_clear_object (&self->quiz);

  G_OBJECT_CLASS (imtehan_start_page_parent_class)->dispose (object);
}

static void
imtehan_start_page_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  ImtehanStartPage *self = IMTEHAN_START_PAGE (object);

  switch (prop_id)
    {
    case PROP_QUIZ:
      g_value_set_object (value, self->quiz);
      break;
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_start_page_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  ImtehanStartPage *self = IMTEHAN_START_PAGE (object);

  switch (prop_id)
    {
    case PROP_QUIZ:
      self->quiz = g_value_dup_object (value);
      update_quiz (self);
      break;
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      if (self->session != NULL)
        {
          self->history = g_object_ref (imtehan_session_get_history (self->session));
          self->recent = gtk_slice_list_model_new (g_object_ref (self->history), 0, HISTORY_ROWS);
          gtk_list_box_bind_model (self->history_list, G_LIST_MODEL (self->recent),
                                   create_history_row, NULL, NULL);
          g_signal_connect_swapped (self->history, "items-changed",
                                    G_CALLBACK (history_changed_cb), self);
          g_signal_connect_object (self->session, "notify::mode", G_CALLBACK (update_lab), self,
                                   G_CONNECT_SWAPPED);
          g_signal_connect_object (self->session, "notify::time-limit", G_CALLBACK (update_lab),
                                   self, G_CONNECT_SWAPPED);
          update_history (self);
          update_lab (self);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
imtehan_start_page_grab_focus (GtkWidget *widget)
{
  ImtehanStartPage *self = IMTEHAN_START_PAGE (widget);

  /* Enter resumes or starts: the page's main action has the focus. */
  if (gtk_widget_get_visible (GTK_WIDGET (self->resume_button)))
    return gtk_widget_grab_focus (GTK_WIDGET (self->resume_button));
  return gtk_widget_grab_focus (GTK_WIDGET (self->start_button));
}

static void
imtehan_start_page_class_init (ImtehanStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->grab_focus = imtehan_start_page_grab_focus;
  object_class->dispose = imtehan_start_page_dispose;
  object_class->get_property = imtehan_start_page_get_property;
  object_class->set_property = imtehan_start_page_set_property;

  properties[PROP_QUIZ] =
    g_param_spec_object ("quiz", NULL, NULL, IMTEHAN_TYPE_QUIZ,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, IMTEHAN_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (IMTEHAN_TYPE_SCROLL_BIN);
  g_type_ensure (IMTEHAN_TYPE_WRAP_BIN);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/imtehan-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, meta_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, lab_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, reveal_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, notice_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, description_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, topics_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, resume_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, start_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, history_box);
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, all_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, best_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanStartPage, history_list);
  gtk_widget_class_bind_template_callback (widget_class, history_row_activated_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
imtehan_start_page_init (ImtehanStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  imtehan_widget_clean_mnemonic_names (GTK_WIDGET (self));
}

void
imtehan_start_page_set_can_resume (ImtehanStartPage *self,
                                   gboolean          can_resume)
{
  g_return_if_fail (IMTEHAN_IS_START_PAGE (self));

  /* Called at every answer and move: relabelling a button is sent to the accessibility
   * bus even when its text stays. */
  if (!can_resume == !self->can_resume)
    return;
  self->can_resume = can_resume;
  gtk_widget_set_visible (GTK_WIDGET (self->resume_button), can_resume);
  /* One suggested action at a time: with Resume offered, Start is the quieter choice. */
  if (can_resume)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->start_button), "suggested-action");
      imtehan_button_set_mnemonic_label (self->start_button, _("_New Attempt"));
    }
  else
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "suggested-action");
      imtehan_button_set_mnemonic_label (self->start_button, _("_Start"));
    }
}

/**
 * imtehan_start_page_set_notice:
 * @message: (nullable): why Start did not start (the lab's attempts are used), or %NULL
 *
 * Shown under the buttons until the page is built again.
 */
void
imtehan_start_page_set_notice (ImtehanStartPage *self,
                               const char       *message)
{
  g_return_if_fail (IMTEHAN_IS_START_PAGE (self));

  gtk_label_set_text (self->notice_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->notice_label), message != NULL);
}

/* The notice shown, or %NULL. */
const char *
imtehan_start_page_get_notice (ImtehanStartPage *self)
{
  g_return_val_if_fail (IMTEHAN_IS_START_PAGE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->notice_label))
         ? gtk_label_get_text (self->notice_label) : NULL;
}

/* "8 questions · hard": the line under the quiz's title. */
char *
imtehan_start_page_format_meta (ImtehanQuiz *quiz)
{
  g_return_val_if_fail (IMTEHAN_IS_QUIZ (quiz), NULL);

  return imtehan_start_page_format_counts (imtehan_quiz_get_n_questions (quiz),
                                           imtehan_quiz_get_difficulty (quiz));
}

/* The same line, for a quiz of the library that is not loaded. */
char *
imtehan_start_page_format_counts (guint       n,
                                  const char *difficulty)
{
  if (g_strcmp0 (difficulty, "hard") == 0)
    /* TRANSLATORS: "8 questions · hard" */
    return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%u question · hard",
                                       "%u questions · hard", n), n);
  else if (g_strcmp0 (difficulty, "medium") == 0)
    return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%u question · medium",
                                       "%u questions · medium", n), n);
  else if (g_strcmp0 (difficulty, "easy") == 0)
    return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%u question · easy",
                                       "%u questions · easy", n), n);
  return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%u question", "%u questions", n), n);
}
