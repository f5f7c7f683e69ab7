/* imtehan-report-window.c: the teacher's class report
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window only reads the attempt files (ImtehanReport, on a worker thread) and writes only
 * the files the teacher chooses to export. Its pages: no sources yet, reading, failed, the
 * report (the Learners, Questions, Summary and Problems views) and one attempt's review.
 * The actions are in -actions.c, the exports in -exports.c, the review in -review.c.
 */

#define G_LOG_DOMAIN "imtehan-report-window"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-a11y.h"
#include "imtehan-bench.h"
#include "imtehan-dialogs.h"
#include "imtehan-i18n.h"
#include "imtehan-report-format.h"
#include "imtehan-report-window-private.h"
#include "imtehan-text.h"

/* Below this width the header has no room for the view switcher: the views are switched from
 * a bar at the bottom, and the learners' search and switch are stacked. */
#define NARROW_WIDTH 640

/* The worker counts files read as it goes; the bar follows it at this pace, which is smooth
 * to the eye and costs nothing next to the reading (10,000 files take seconds on a USB stick). */
#define PROGRESS_INTERVAL_MS 100

G_DEFINE_FINAL_TYPE (ImtehanReportWindow, imtehan_report_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_CONTEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
_imtehan_report_window_toast (ImtehanReportWindow *self,
                              const char          *message)
{
  imtehan_dialogs_add_toast (GTK_WIDGET (self->main_stack), imtehan_dialogs_toast_new (message));
}

void
_imtehan_report_window_show_error (ImtehanReportWindow *self,
                                   const char          *heading,
                                   const char          *message)
{
  imtehan_dialogs_show_message (GTK_WINDOW (self), heading, message);
}

char *
_imtehan_report_window_quiz_title (ImtehanQuiz *quiz,
                                   const char  *lang)
{
  return imtehan_text_prepare (imtehan_quiz_get_title (quiz, lang), lang);
}

/* The drop-down's text of a quiz. */
static char *
report_quiz_title_cb (ImtehanReportQuiz *item,
                      gpointer           user_data)
{
  if (item == NULL)
    return NULL;
  return _imtehan_report_window_quiz_title (imtehan_report_quiz_get_quiz (item),
                                            imtehan_i18n_get_language ());
}

/* In the header the title is cut short, so that a narrow window keeps its buttons; in the
 * list it is whole. */
static void
quiz_item_setup_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  if (GPOINTER_TO_INT (user_data))
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
    }
  gtk_list_item_set_child (item, label);
}

static void
quiz_item_bind_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   gpointer                  user_data)
{
  g_autofree char *title = report_quiz_title_cb (gtk_list_item_get_item (item), NULL);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), title);
}

/* The statistics of the attempts listed: the Questions and Summary views. */
static void
update_statistics (ImtehanReportWindow *self)
{
  g_autoptr(ImtehanStats) stats = NULL;
  ImtehanQuiz *quiz = NULL;

  if (self->quiz != NULL)
    {
      ImtehanReportInclude include = imtehan_report_learners_get_include (self->learners);

      stats = imtehan_report_quiz_compute_stats (self->quiz, include);
      quiz = imtehan_report_quiz_get_quiz (self->quiz);
    }
  imtehan_report_questions_set_stats (self->questions_view, quiz, stats, self->language);
  imtehan_report_summary_set_stats (self->summary_view, quiz, stats, self->language);
}

/* The quiz shown ------------------------------------------------------------------------- */

static void
set_quiz (ImtehanReportWindow *self,
          ImtehanReportQuiz   *quiz)
{
  g_autofree char *title = NULL;

  g_set_object (&self->quiz, quiz);
  imtehan_report_learners_set_quiz (self->learners, quiz);
  if (quiz != NULL)
    title = _imtehan_report_window_quiz_title (imtehan_report_quiz_get_quiz (quiz), self->language);
  adw_window_title_set_subtitle (self->window_title, title);
  update_statistics (self);
}

static void
quiz_selected_cb (ImtehanReportWindow *self)
{
  g_autoptr(ImtehanReportQuiz) quiz = NULL;
  guint position = gtk_drop_down_get_selected (self->quiz_dropdown);

  if (position != GTK_INVALID_LIST_POSITION)
    quiz = g_list_model_get_item (imtehan_report_get_quizzes (self->report), position);
  if (quiz != self->quiz)
    set_quiz (self, quiz);
}

static void
include_changed_cb (ImtehanReportWindow *self)
{
  update_statistics (self);
}

static void
attempt_activated_cb (ImtehanReportWindow  *self,
                      ImtehanReportAttempt *attempt)
{
  _imtehan_report_window_open_review (self, attempt);
}

static void
update_problems (ImtehanReportWindow *self)
{
  guint n = g_list_model_get_n_items (imtehan_report_get_problems (self->report));

  adw_view_stack_page_set_visible (self->problems_page, n > 0);
  adw_view_stack_page_set_badge_number (self->problems_page, n);
}

/* Loading --------------------------------------------------------------------------------- */

static void
update_progress (ImtehanReportWindow *self)
{
  guint read = imtehan_report_get_files_read (self->report);
  guint total = imtehan_report_get_files_total (self->report);
  g_autofree char *text = NULL;

  if (total == 0)
    {
      gtk_progress_bar_pulse (self->progress_bar);
      text = g_strdup (_("Looking for attempt files…"));
    }
  else
    {
      g_autofree char *read_text = imtehan_report_format_count (read);
      g_autofree char *total_text = imtehan_report_format_count (total);

      gtk_progress_bar_set_fraction (self->progress_bar, (double)MIN (read, total) / total);
      /* TRANSLATORS: the progress of the report: "Reading 1,234 of 10,000 files" */
      text = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "Reading %1$s of %2$s file",
                                         "Reading %1$s of %2$s files", total),
                              read_text, total_text);
    }
  gtk_progress_bar_set_text (self->progress_bar, text);
}

static void
show_report (ImtehanReportWindow *self)
{
  GListModel *quizzes = imtehan_report_get_quizzes (self->report);
  guint n = g_list_model_get_n_items (quizzes);
  guint position = n > 0 ? 0 : GTK_INVALID_LIST_POSITION;

  /* The quiz shown before a reload stays shown. */
  if (self->quiz != NULL)
    {
      const char *id = imtehan_quiz_get_id (imtehan_report_quiz_get_quiz (self->quiz));

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(ImtehanReportQuiz) quiz = g_list_model_get_item (quizzes, i);

          if (g_strcmp0 (imtehan_quiz_get_id (imtehan_report_quiz_get_quiz (quiz)), id) == 0)
            position = i;
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->quiz_dropdown), n > 1);
  g_clear_object (&self->quiz);
  gtk_drop_down_set_selected (self->quiz_dropdown, position);
  /* Unchanged, the position notifies nothing; the quizzes are new objects all the same. */
  quiz_selected_cb (self);
  update_problems (self);
  gtk_stack_set_visible_child_name (self->main_stack, "report");
}

/* Work that may outlive the window holds it weakly: closing it while the files are read
 * finalizes it at once (the load is cancelled, its result dropped). */
typedef struct
{
  GWeakRef      window;
  GCancellable *cancellable;
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_weak_ref_clear (&data->window);
  g_clear_object (&data->cancellable);
  g_free (data);
}

/* The load is over: the report, back to what was shown, or why it failed. */
void
_imtehan_report_window_end_load (ImtehanReportWindow *self,
                                 gboolean             loaded,
                                 const GError        *error)
{
  g_clear_handle_id (&self->progress_source, g_source_remove);
  g_clear_object (&self->load_cancellable);
  self->load_deferred = FALSE;
  if (loaded)
    {
      g_clear_pointer (&self->loaded_sources, g_ptr_array_unref);
      self->loaded_sources = g_ptr_array_ref (self->sources);
      show_report (self);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* Back to what was shown before, which is still the report's. */
      if (self->loaded_sources != NULL)
        {
          g_ptr_array_unref (self->sources);
          self->sources = g_ptr_array_ref (self->loaded_sources);
        }
      gtk_stack_set_visible_child_name (self->main_stack,
                                        self->loaded_sources ? "report" : "empty");
      _imtehan_report_window_toast (self, _("Reading was cancelled"));
    }
  else
    {
      g_message ("The class report could not be read: %s", error->message);
      adw_status_page_set_description (self->failed_page, error->message);
      gtk_stack_set_visible_child_name (self->main_stack, "failed");
    }
  _imtehan_report_window_update_actions (self);
}

static void
load_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  LoadData *data = user_data;
  g_autoptr(ImtehanReportWindow) self = g_weak_ref_get (&data->window);
  g_autoptr(GError) error = NULL;
  gboolean loaded = imtehan_report_load_finish (IMTEHAN_REPORT (source), result, &error);
  gboolean current = self != NULL && self->load_cancellable == data->cancellable;

  load_data_free (data);
  /* A closed window, or a load replaced by a later one. */
  if (current)
    {
      _imtehan_report_window_end_load (self, loaded, error);
      imtehan_bench_mark_after_paint (GTK_WIDGET (self), "report-shown");
    }
}

/* The quizzes of the library are listed on a worker at start-up: `imtehan --report DIR`
 * opens this window before they are, and attempts of the teacher's own quizzes would be
 * listed apart as of a quiz not found. */
static gboolean
library_pending (ImtehanReportWindow *self)
{
  return self->context != NULL &&
         !imtehan_library_get_listed (imtehan_context_get_library (self->context));
}

static void begin_load (ImtehanReportWindow *self);

static void
library_listed_cb (ImtehanReportWindow *self)
{
  if (library_pending (self))
    return;
  g_clear_signal_handler (&self->listed_id, imtehan_context_get_library (self->context));
  if (self->load_deferred)
    begin_load (self);
}

static void
begin_load (ImtehanReportWindow *self)
{
  LoadData *data = g_new0 (LoadData, 1);

  self->load_deferred = FALSE;
  g_weak_ref_init (&data->window, self);
  data->cancellable = g_object_ref (self->load_cancellable);
  imtehan_report_load_async (self->report, (GFile * const *)self->sources->pdata,
                             self->sources->len, self->load_cancellable, load_cb, data);
}

static gboolean
progress_cb (gpointer user_data)
{
  ImtehanReportWindow *self = user_data;

  update_progress (self);
  return G_SOURCE_CONTINUE;
}

void
_imtehan_report_window_start_load (ImtehanReportWindow *self)
{
  g_assert (self->sources != NULL && self->sources->len > 0);

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();
  /* library_listed_cb() begins it once the library is listed. */
  if (library_pending (self))
    {
      self->load_deferred = TRUE;
      if (self->listed_id == 0)
        self->listed_id = g_signal_connect_object (imtehan_context_get_library (self->context),
                                                   "notify::listed",
                                                   G_CALLBACK (library_listed_cb), self,
                                                   G_CONNECT_SWAPPED);
    }
  else
    begin_load (self);

  gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
  update_progress (self);
  if (self->progress_source == 0)
    self->progress_source = g_timeout_add (PROGRESS_INTERVAL_MS, progress_cb, self);
  gtk_stack_set_visible_child_name (self->main_stack, "loading");
  _imtehan_report_window_update_actions (self);
}

void
_imtehan_report_window_set_sources (ImtehanReportWindow *self,
                                    GFile * const       *sources,
                                    guint                n_sources,
                                    gboolean             add)
{
  GPtrArray *array = g_ptr_array_new_with_free_func (g_object_unref);

  if (add && self->sources != NULL)
    for (guint i = 0; i < self->sources->len; i++)
      g_ptr_array_add (array, g_object_ref (g_ptr_array_index (self->sources, i)));
  for (guint i = 0; i < n_sources; i++)
    {
      gboolean known = FALSE;

      for (guint j = 0; j < array->len && !known; j++)
        known = g_file_equal (g_ptr_array_index (array, j), sources[i]);
      if (!known)
        g_ptr_array_add (array, g_object_ref (sources[i]));
    }
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  self->sources = array;
}

/* Narrow windows ----------------------------------------------------------------------------- */

static void
set_narrow (ImtehanReportWindow *self,
            gboolean             narrow)
{
  self->narrow = narrow;
  gtk_stack_set_visible_child_name (self->title_stack, narrow ? "title" : "switcher");
  adw_view_switcher_bar_set_reveal (self->switcher_bar, narrow);
  /* Strict centering keeps the switcher in the middle, and costs twice the wider side. */
  adw_header_bar_set_centering_policy (self->header_bar, narrow ? ADW_CENTERING_POLICY_LOOSE
                                                                : ADW_CENTERING_POLICY_STRICT);
  imtehan_report_learners_set_narrow (self->learners, narrow);
}

static gboolean
narrow_cb (gpointer user_data)
{
  ImtehanReportWindow *self = user_data;

  self->narrow_source = 0;
  set_narrow (self, gtk_widget_get_width (GTK_WIDGET (self)) < NARROW_WIDTH);
  return G_SOURCE_REMOVE;
}

/* GObject ----------------------------------------------------------------------------------- */

static void
imtehan_report_window_size_allocate (GtkWidget *widget,
                                     int        width,
                                     int        height,
                                     int        baseline)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (widget);

  GTK_WIDGET_CLASS (imtehan_report_window_parent_class)->size_allocate (widget, width, height,
                                                                         baseline);
  /* Not within this allocation: the header is laid out again at the next frame. */
  if ((width < NARROW_WIDTH) != self->narrow && self->narrow_source == 0)
    self->narrow_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, narrow_cb, self, NULL);
}

static void
imtehan_report_window_dispose (GObject *object)
{
  ImtehanReportWindow *self = (ImtehanReportWindow *)object;

  if (self->shortcuts != NULL)
    gtk_window_destroy (self->shortcuts);

  /* Closing the window stops the reading: nobody is left to see it. */
  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  if (self->review_cancellable != NULL)
    g_cancellable_cancel (self->review_cancellable);
  g_clear_object (&self->load_cancellable);
  g_clear_object (&self->review_cancellable);
  g_clear_handle_id (&self->progress_source, g_source_remove);
  g_clear_handle_id (&self->narrow_source, g_source_remove);
  if (self->context != NULL)
    g_clear_signal_handler (&self->listed_id, imtehan_context_get_library (self->context));
  g_cancellable_cancel (self->chooser_cancellable);
  g_clear_object (&self->chooser_cancellable);
  if (self->print_operation != NULL)
    g_signal_handlers_disconnect_by_data (self->print_operation, self);
  g_clear_object (&self->print_operation);

  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_REPORT_WINDOW);

  g_clear_object (&self->quiz);
  g_clear_object (&self->reviewed);
  g_clear_object (&self->report);
  g_clear_object (&self->context);
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  g_clear_pointer (&self->loaded_sources, g_ptr_array_unref);

  G_OBJECT_CLASS (imtehan_report_window_parent_class)->dispose (object);
}

static void
imtehan_report_window_finalize (GObject *object)
{
  ImtehanReportWindow *self = (ImtehanReportWindow *)object;

  g_free (self->language);

  G_OBJECT_CLASS (imtehan_report_window_parent_class)->finalize (object);
}

static void
imtehan_report_window_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, self->context);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_report_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  ImtehanReportWindow *self = IMTEHAN_REPORT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      self->context = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_report_window_class_init (ImtehanReportWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_report_window_dispose;
  object_class->finalize = imtehan_report_window_finalize;
  object_class->get_property = imtehan_report_window_get_property;
  object_class->set_property = imtehan_report_window_set_property;

  /* The library, the bundled quiz and the kept versions the attempts are scored against. */
  properties[PROP_CONTEXT] =
    g_param_spec_object ("context", NULL, NULL, IMTEHAN_TYPE_CONTEXT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  widget_class->size_allocate = imtehan_report_window_size_allocate;

  g_type_ensure (IMTEHAN_TYPE_REPORT_LEARNERS);
  g_type_ensure (IMTEHAN_TYPE_REPORT_PROBLEMS);
  g_type_ensure (IMTEHAN_TYPE_REPORT_QUESTIONS);
  g_type_ensure (IMTEHAN_TYPE_REPORT_SUMMARY);
  g_type_ensure (IMTEHAN_TYPE_RESULTS_PAGE);
  g_type_ensure (IMTEHAN_TYPE_REVIEW_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-report-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, failed_page);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, quiz_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, title_stack);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, problems_page);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, learners);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, questions_view);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, summary_view);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, problems);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, review_title);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, review_stack);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, review_page);
  gtk_widget_class_bind_template_child (widget_class, ImtehanReportWindow, answers_page);
  /* The Learners view's parts, by the names the window's template gives them: found by
   * gtk_widget_get_template_child() on the window, no field of its own. */
  gtk_widget_class_bind_template_child_full (widget_class, "learners_toolbar", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "search_entry", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "practice_switch", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "learners_stack", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "learners_view", FALSE, 0);
  gtk_widget_class_bind_template_callback (widget_class, include_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, attempt_activated_cb);

  _imtehan_report_window_class_actions_init (widget_class);
}

static void
imtehan_report_window_init (ImtehanReportWindow *self)
{
  g_autoptr(GtkExpression) title = NULL;
  g_autoptr(GtkListItemFactory) button_factory = NULL;
  g_autoptr(GtkListItemFactory) list_factory = NULL;
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->language = g_strdup (imtehan_i18n_get_language ());
  imtehan_dialogs_follow_language (GTK_WIDGET (self), NULL);
  if (g_strcmp0 (PROFILE, "Devel") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
  imtehan_widget_clean_mnemonic_names (GTK_WIDGET (self));

  /* The quiz drop-down: every quiz of the report, by its title in the window's language. */
  title = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL,
                                       G_CALLBACK (report_quiz_title_cb), NULL, NULL);
  gtk_drop_down_set_expression (self->quiz_dropdown, title);
  button_factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (button_factory, "setup", G_CALLBACK (quiz_item_setup_cb),
                    GINT_TO_POINTER (TRUE));
  g_signal_connect (button_factory, "bind", G_CALLBACK (quiz_item_bind_cb), NULL);
  gtk_drop_down_set_factory (self->quiz_dropdown, button_factory);
  list_factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (list_factory, "setup", G_CALLBACK (quiz_item_setup_cb),
                    GINT_TO_POINTER (FALSE));
  g_signal_connect (list_factory, "bind", G_CALLBACK (quiz_item_bind_cb), NULL);
  gtk_drop_down_set_list_factory (self->quiz_dropdown, list_factory);
  g_signal_connect_object (self->quiz_dropdown, "notify::selected",
                           G_CALLBACK (quiz_selected_cb), self, G_CONNECT_SWAPPED);

  /* Ctrl+O is the application's Open Quiz…, whose accelerators run in the capture phase of
   * every window: this controller, added first, runs before them. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_o,
                                                                                  GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("win.open-"
                                                                                "folder")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  _imtehan_report_window_hide_action_bars (GTK_WIDGET (self->review_page));
  _imtehan_report_window_hide_action_bars (GTK_WIDGET (self->answers_page));
  set_narrow (self, FALSE);
  _imtehan_report_window_update_actions (self);
}

/* The report is made with the context's library and bundled quiz: attempts of either are
 * scored. Without a context (a test's window), with neither. */
static void
create_report (ImtehanReportWindow *self)
{
  ImtehanLibrary *library = NULL;
  ImtehanQuiz *bundled = NULL;
  ImtehanQuizVersions *versions = NULL;

  if (self->context != NULL)
    {
      library = imtehan_context_get_library (self->context);
      bundled = imtehan_context_get_quiz (self->context);
      versions = imtehan_context_get_versions (self->context);
    }
  self->report = imtehan_report_new (library);
  /* Attempts taken on earlier versions of a quiz are matched to the version they were on. */
  if (versions != NULL)
    imtehan_report_set_versions (self->report, versions);
  if (bundled != NULL)
    imtehan_report_add_quiz (self->report, bundled);
  gtk_drop_down_set_model (self->quiz_dropdown, imtehan_report_get_quizzes (self->report));
  imtehan_report_problems_set_model (self->problems, imtehan_report_get_problems (self->report));
}

/* Public API -------------------------------------------------------------------------------- */

ImtehanReportWindow *
imtehan_report_window_present (GtkApplication *app,
                               ImtehanContext *context,
                               GFile * const  *sources,
                               guint           n_sources)
{
  ImtehanReportWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (app), NULL);
  g_return_val_if_fail (context == NULL || IMTEHAN_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (sources != NULL || n_sources == 0, NULL);

  self = g_object_new (IMTEHAN_TYPE_REPORT_WINDOW, "application", app, "context", context, NULL);
  create_report (self);
  gtk_window_present (GTK_WINDOW (self));
  if (n_sources > 0)
    {
      _imtehan_report_window_set_sources (self, sources, n_sources, FALSE);
      _imtehan_report_window_start_load (self);
    }
  else
    gtk_stack_set_visible_child_name (self->main_stack, "empty");
  _imtehan_report_window_update_actions (self);
  return self;
}

ImtehanReport *
imtehan_report_window_get_report (ImtehanReportWindow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT_WINDOW (self), NULL);

  return self->report;
}
