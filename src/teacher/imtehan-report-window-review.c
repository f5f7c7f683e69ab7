/* imtehan-report-window-review.c: one learner's attempt, in the pages the learner saw
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The attempt is read again from its file and shown as the learner's results page showed it,
 * or as the review of its answers when it is not finished. It is never given to a store or a
 * session, which would save it.
 */

#define G_LOG_DOMAIN "imtehan-report-window"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-report-format.h"
#include "imtehan-report-window-private.h"

typedef struct
{
  GWeakRef              window;
  ImtehanReportAttempt *attempt;
} ReviewData;

static void
review_data_free (ReviewData *data)
{
  g_weak_ref_clear (&data->window);
  g_clear_object (&data->attempt);
  g_free (data);
}

/* The results page's own buttons start a new attempt or go to the learner's start page, in a
 * quiz window: the report has none of that, and its back button in the header. */
void
_imtehan_report_window_hide_action_bars (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_ACTION_BAR (child))
        gtk_widget_set_visible (child, FALSE);
      else
        _imtehan_report_window_hide_action_bars (child);
    }
}

static void
review_loaded_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  ReviewData *data = user_data;
  g_autoptr(ImtehanReportWindow) self = g_weak_ref_get (&data->window);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ImtehanAttempt) attempt = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  gsize length;

  if (g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error))
    {
      g_autofree char *display = g_file_get_parse_name (G_FILE (source));

      bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
      attempt = imtehan_attempt_new_from_bytes (imtehan_report_attempt_get_quiz (data->attempt),
                                                bytes, display, &error);
    }
  if (self == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      review_data_free (data);
      return;
    }
  g_clear_object (&self->review_cancellable);
  if (attempt == NULL)
    {
      g_autofree char *message = NULL;

      g_message ("Could not open an attempt for review: %s", error->message);
      /* TRANSLATORS: a toast when a learner's attempt cannot be shown; %s says why */
      message = g_strdup_printf (_("This attempt could not be opened: %s"), error->message);
      _imtehan_report_window_toast (self, message);
      review_data_free (data);
      return;
    }

  g_set_object (&self->reviewed, data->attempt);
  title = g_strdup (imtehan_report_format_learner (data->attempt));
  subtitle = _imtehan_report_window_quiz_title (imtehan_attempt_get_quiz (attempt), self->language);
  if (imtehan_attempt_get_finished (attempt))
    {
      imtehan_results_page_set_attempt (self->review_page, attempt);
      gtk_stack_set_visible_child_name (self->review_stack, "results");
    }
  else
    {
      g_autofree char *quiz = g_steal_pointer (&subtitle);

      imtehan_review_page_set_attempt (self->answers_page, attempt);
      gtk_stack_set_visible_child_name (self->review_stack, "answers");
      /* TRANSLATORS: separates the parts of a line: "Amna Bibi · Roll number 42 · Practice" */
      subtitle = g_strjoin (_(" · "), _("Not finished"), quiz, NULL);
    }
  adw_window_title_set_title (self->review_title, title);
  adw_window_title_set_subtitle (self->review_title, subtitle);
  gtk_stack_set_visible_child_name (self->main_stack, "review");
  /* Enabled first: an insensitive button takes no focus. */
  _imtehan_report_window_update_actions (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->back_button));
  review_data_free (data);
}

void
_imtehan_report_window_open_review (ImtehanReportWindow  *self,
                                    ImtehanReportAttempt *attempt)
{
  ReviewData *data;

  if (imtehan_report_attempt_get_quiz (attempt) == NULL)
    return;
  if (self->review_cancellable != NULL)
    g_cancellable_cancel (self->review_cancellable);
  g_clear_object (&self->review_cancellable);
  self->review_cancellable = g_cancellable_new ();

  data = g_new0 (ReviewData, 1);
  g_weak_ref_init (&data->window, self);
  data->attempt = g_object_ref (attempt);
  /* Read again, as the learner's own results page reads it: the report kept only what its
   * figures need. */
  g_file_load_contents_async (imtehan_report_attempt_get_file (attempt), self->review_cancellable,
                              review_loaded_cb, data);
}

/* Back to the list, the focus on the row of the attempt reviewed. */
void
_imtehan_report_window_close_review (ImtehanReportWindow *self)
{
  gtk_stack_set_visible_child_name (self->main_stack, "report");
  imtehan_results_page_set_attempt (self->review_page, NULL);
  imtehan_review_page_set_attempt (self->answers_page, NULL);
  _imtehan_report_window_update_actions (self);
  imtehan_report_learners_focus_attempt (self->learners, self->reviewed);
  g_clear_object (&self->reviewed);
}
