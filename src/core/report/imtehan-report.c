/* imtehan-report.c: a class's attempt files, read from folders and scored again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A load runs on a worker (imtehan-report-load.c); its result replaces the quizzes and
 * problems lists at once, in the main context it was started from.
 */

#define G_LOG_DOMAIN "imtehan-report"

#include "config.h"

#include "imtehan-intl-private.h"

#include "imtehan-library.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "imtehan-report-load-private.h"

struct _ImtehanReport
{
  GObject                parent_instance;

  ImtehanLibrary        *library;       /* nullable */
  ImtehanQuizVersions   *versions;      /* nullable */
  GPtrArray             *extra_quizzes; /* ImtehanQuiz */
  GListStore            *quizzes;       /* ImtehanReportQuiz */
  GListStore            *problems;      /* ImtehanReportProblem */
  ImtehanReportProgress *progress;      /* of the load running, if any */
  guint                  max_readers;
  guint                  files_read;
  guint                  files_total;
};

G_DEFINE_FINAL_TYPE (ImtehanReport, imtehan_report, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LIBRARY,
  PROP_VERSIONS,
  PROP_LOADING,
  PROP_FILES_READ,
  PROP_FILES_TOTAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
imtehan_report_dispose (GObject *object)
{
  ImtehanReport *self = (ImtehanReport *)object;

  g_clear_object (&self->library);
  g_clear_object (&self->versions);
  g_clear_pointer (&self->extra_quizzes, g_ptr_array_unref);
  g_clear_object (&self->quizzes);
  g_clear_object (&self->problems);
  g_clear_pointer (&self->progress, imtehan_report_progress_release);

  G_OBJECT_CLASS (imtehan_report_parent_class)->dispose (object);
}

static void
imtehan_report_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ImtehanReport *self = IMTEHAN_REPORT (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    case PROP_VERSIONS:
      g_value_set_object (value, self->versions);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->progress != NULL);
      break;
    case PROP_FILES_READ:
      g_value_set_uint (value, self->files_read);
      break;
    case PROP_FILES_TOTAL:
      g_value_set_uint (value, self->files_total);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_report_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ImtehanReport *self = IMTEHAN_REPORT (object);

  switch (prop_id)
    {
    case PROP_LIBRARY:
      self->library = g_value_dup_object (value);
      break;
    case PROP_VERSIONS:
      imtehan_report_set_versions (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_report_class_init (ImtehanReportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = imtehan_report_dispose;
  object_class->get_property = imtehan_report_get_property;
  object_class->set_property = imtehan_report_set_property;

  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, IMTEHAN_TYPE_LIBRARY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VERSIONS] =
    g_param_spec_object ("versions", NULL, NULL, IMTEHAN_TYPE_QUIZ_VERSIONS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Progress for a window: the *.ini files found, and those read so far. Updated in the
   * main context the load was started from, at most once per main loop iteration. */
  properties[PROP_FILES_READ] =
    g_param_spec_uint ("files-read", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILES_TOTAL] =
    g_param_spec_uint ("files-total", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imtehan_report_init (ImtehanReport *self)
{
  self->extra_quizzes = g_ptr_array_new_with_free_func (g_object_unref);
  self->quizzes = g_list_store_new (IMTEHAN_TYPE_REPORT_QUIZ);
  self->problems = g_list_store_new (IMTEHAN_TYPE_REPORT_PROBLEM);
}

static void
set_counts (ImtehanReport *self,
            guint          read,
            guint          total)
{
  if (self->files_total != total)
    {
      self->files_total = total;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILES_TOTAL]);
    }
  if (self->files_read != read)
    {
      self->files_read = read;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILES_READ]);
    }
}

static gboolean
progress_dispatch_cb (gpointer user_data)
{
  ImtehanReportProgress *progress = user_data;
  g_autoptr(ImtehanReport) self = g_weak_ref_get (&progress->report);

  g_atomic_int_set (&progress->pending, 0);
  /* A late update of a load that has finished, or been replaced, is dropped. */
  if (self == NULL || self->progress != progress)
    return G_SOURCE_REMOVE;
  set_counts (self, g_atomic_int_get (&progress->read), g_atomic_int_get (&progress->total));
  return G_SOURCE_REMOVE;
}

/**
 * imtehan_report_new:
 * @library: (nullable): where the attempts' quizzes are looked up by id
 */
ImtehanReport *
imtehan_report_new (ImtehanLibrary *library)
{
  g_return_val_if_fail (library == NULL || IMTEHAN_IS_LIBRARY (library), NULL);

  return g_object_new (IMTEHAN_TYPE_REPORT, "library", library, NULL);
}

/* Where the quiz versions are kept that attempts may have been taken on: this PC's and the
 * program's. Used by the next load. */
void
imtehan_report_set_versions (ImtehanReport       *self,
                             ImtehanQuizVersions *versions)
{
  g_return_if_fail (IMTEHAN_IS_REPORT (self));
  g_return_if_fail (versions == NULL || IMTEHAN_IS_QUIZ_VERSIONS (versions));

  if (g_set_object (&self->versions, versions))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VERSIONS]);
}

/* Another quiz to score attempts against, besides the library's: an older copy of a quiz
 * that has changed since, or one the library does not have. Used by the next load. */
void
imtehan_report_add_quiz (ImtehanReport *self,
                         ImtehanQuiz   *quiz)
{
  g_return_if_fail (IMTEHAN_IS_REPORT (self));
  g_return_if_fail (IMTEHAN_IS_QUIZ (quiz));

  g_ptr_array_add (self->extra_quizzes, g_object_ref (quiz));
}

/* Everything the worker needs, copied on the calling thread: the library is a GListModel of
 * the main thread. */
static ImtehanReportLoadData *
load_data_new (ImtehanReport *self,
               GFile * const *sources,
               guint          n_sources)
{
  ImtehanReportLoadData *data = g_new0 (ImtehanReportLoadData, 1);

  g_mutex_init (&data->lock);
  data->max_readers = self->max_readers;

  data->sources = g_ptr_array_new_with_free_func (g_free);
  data->library_files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  data->extra_quizzes = g_ptr_array_new_with_free_func (g_object_unref);
  data->quiz_files = g_ptr_array_new_with_free_func (g_free);
  data->versions = self->versions ? g_object_ref (self->versions) : NULL;
  data->candidates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify)g_ptr_array_unref);
  data->files = g_ptr_array_new_with_free_func (g_free);
  data->visited = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  data->attempts = g_ptr_array_new_with_free_func (g_object_unref);
  data->problems = g_ptr_array_new_with_free_func (g_object_unref);
  data->groups = g_ptr_array_new_with_free_func (g_object_unref);
  data->progress = g_atomic_rc_box_new0 (ImtehanReportProgress);
  g_weak_ref_init (&data->progress->report, self);
  data->progress_cb = progress_dispatch_cb;
  data->context = g_main_context_ref_thread_default ();

  for (guint i = 0; i < n_sources; i++)
    {
      char *path = g_file_get_path (sources[i]);

      if (path != NULL)
        g_ptr_array_add (data->sources, path);
      else
        {
          g_autofree char *display = g_file_get_parse_name (sources[i]);
          g_autofree char *message = g_strdup_printf (_("%s: not a folder or file on this "
                                                        "computer"), display);

          imtehan_report_load_add_problem (data, IMTEHAN_REPORT_PROBLEM_UNREADABLE, NULL, 0, NULL,
                                           message);
        }
    }
  for (guint i = 0; i < self->extra_quizzes->len; i++)
    g_ptr_array_add (data->extra_quizzes, g_object_ref (g_ptr_array_index (self->extra_quizzes, i)));
  if (self->library != NULL)
    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->library)); i++)
      {
        g_autoptr(ImtehanLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (self->library),
                                                                      i);
        const char *id = imtehan_library_entry_get_id (entry);

        if (imtehan_library_entry_is_valid (entry) && id != NULL)
          g_hash_table_insert (data->library_files, g_strdup (id),
                               g_object_ref (imtehan_library_entry_get_file (entry)));
      }
  return data;
}

static void
begin_load (ImtehanReport         *self,
            ImtehanReportLoadData *data)
{
  gboolean was_loading = self->progress != NULL;

  g_clear_pointer (&self->progress, imtehan_report_progress_release);
  self->progress = g_atomic_rc_box_acquire (data->progress);
  set_counts (self, 0, 0);
  if (!was_loading)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

/* Puts a finished load's result in place, in one change of each list. */
static void
end_load (ImtehanReport         *self,
          ImtehanReportLoadData *data,
          gboolean               success)
{
  if (self->progress != data->progress)
    return; /* replaced by a later load */
  if (success)
    {
      g_list_store_splice (self->quizzes, 0, g_list_model_get_n_items (G_LIST_MODEL (self->quizzes)),
                           data->groups->pdata, data->groups->len);
      g_list_store_splice (self->problems,
                           0, g_list_model_get_n_items (G_LIST_MODEL (self->problems)),
                           data->problems->pdata, data->problems->len);
      set_counts (self, data->files->len, data->files->len);
    }
  g_clear_pointer (&self->progress, imtehan_report_progress_release);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;

  if (imtehan_report_load_run (task_data, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * imtehan_report_load_async:
 * @sources: (array length=n_sources): folders of attempt files (read with their subfolders,
 *   IMTEHAN_REPORT_MAX_DEPTH deep), or attempt files
 *
 * Reads every *.ini attempt file on a worker thread, and scores each against the quiz it was
 * taken on. When it finishes, the quizzes and problems lists are replaced at once.
 */
void
imtehan_report_load_async (ImtehanReport       *self,
                           GFile * const       *sources,
                           guint                n_sources,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ImtehanReportLoadData *data;

  g_return_if_fail (IMTEHAN_IS_REPORT (self));
  g_return_if_fail (sources != NULL || n_sources == 0);

  data = load_data_new (self, sources, n_sources);
  begin_load (self, data);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_report_load_async);
  g_task_set_task_data (task, data, (GDestroyNotify)imtehan_report_load_data_free);
  g_task_run_in_thread (task, load_thread);
}

gboolean
imtehan_report_load_finish (ImtehanReport  *self,
                            GAsyncResult   *result,
                            GError        **error)
{
  gboolean success;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  success = g_task_propagate_boolean (G_TASK (result), error);
  end_load (self, g_task_get_task_data (G_TASK (result)), success);
  return success;
}

/* The same load, on the calling thread: for the command line and tests. */
gboolean
imtehan_report_load (ImtehanReport  *self,
                     GFile * const  *sources,
                     guint           n_sources,
                     GCancellable   *cancellable,
                     GError        **error)
{
  g_autoptr(ImtehanReportLoadData) data = NULL;
  gboolean success;

  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), FALSE);
  g_return_val_if_fail (sources != NULL || n_sources == 0, FALSE);

  data = load_data_new (self, sources, n_sources);
  begin_load (self, data);
  success = imtehan_report_load_run (data, cancellable, error);
  end_load (self, data, success);
  return success;
}

/**
 * imtehan_report_set_max_readers:
 * @n: threads reading files in the next loads; 0 (the default) for one per processor
 *
 * Up to 4. The result is the same whatever the number: the tests compare them.
 */
void
imtehan_report_set_max_readers (ImtehanReport *self,
                                guint          n)
{
  g_return_if_fail (IMTEHAN_IS_REPORT (self));

  self->max_readers = MIN (n, 4);
}

gboolean
imtehan_report_get_loading (ImtehanReport *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), FALSE);
  return self->progress != NULL;
}

guint
imtehan_report_get_files_read (ImtehanReport *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), 0);
  return self->files_read;
}

guint
imtehan_report_get_files_total (ImtehanReport *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), 0);
  return self->files_total;
}

/* ImtehanReportQuiz, one per quiz content, sorted by quiz id, newest version first. */
GListModel *
imtehan_report_get_quizzes (ImtehanReport *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), NULL);
  return G_LIST_MODEL (self->quizzes);
}

/* ImtehanReportProblem: the files not read, and the attempts listed apart. */
GListModel *
imtehan_report_get_problems (ImtehanReport *self)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), NULL);
  return G_LIST_MODEL (self->problems);
}

/* The newest content of @quiz_id that has counted attempts, or NULL. */
ImtehanReportQuiz *
imtehan_report_find_quiz (ImtehanReport *self,
                          const char    *quiz_id)
{
  g_return_val_if_fail (IMTEHAN_IS_REPORT (self), NULL);
  g_return_val_if_fail (quiz_id != NULL, NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->quizzes)); i++)
    {
      g_autoptr(ImtehanReportQuiz) group = g_list_model_get_item (G_LIST_MODEL (self->quizzes), i);

      if (g_str_equal (imtehan_quiz_get_id (group->quiz), quiz_id))
        return group;
    }
  return NULL;
}
