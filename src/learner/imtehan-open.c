/* imtehan-open.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A quiz file the user opens is copied into the user's library first (ImtehanLibrary), so
 * its attempts can be reviewed later even when the original is gone; then a window shows
 * it. A file that does not load is named, with its line and problem, in a dialog; nothing
 * is written. A Moodle GIFT (*.gift) or XML (*.xml) file is imported into a quiz by the library; the
 * questions it skipped are listed in a dialog over the quiz's window.
 */

#define G_LOG_DOMAIN "imtehan-open"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-dialogs.h"
#include "imtehan-gift.h"
#include "imtehan-library.h"
#include "imtehan-open.h"
#include "imtehan-window.h"

typedef struct
{
  GtkApplication     *app;
  ImtehanContext     *context;
  GtkWindow          *parent;  /* weak */
} OpenData;

static void
open_data_free (OpenData *data)
{
  g_clear_weak_pointer (&data->parent);
  g_application_release (G_APPLICATION (data->app));
  g_object_unref (data->app);
  g_object_unref (data->context);
  g_free (data);
}

/* The window that shows @quiz, or a new one. */
static GtkWindow *
window_for_quiz (OpenData    *data,
                 ImtehanQuiz *quiz)
{
  for (GList *l = gtk_application_get_windows (data->app); l != NULL; l = l->next)
    {
      ImtehanQuiz *shown;

      if (!IMTEHAN_IS_WINDOW (l->data))
        continue;
      shown = imtehan_window_get_quiz (l->data);
      if (g_strcmp0 (imtehan_quiz_get_id (shown), imtehan_quiz_get_id (quiz)) == 0 &&
          g_strcmp0 (imtehan_quiz_get_digest (shown), imtehan_quiz_get_digest (quiz)) == 0)
        return l->data;
    }
  return GTK_WINDOW (imtehan_window_new_for_quiz (data->app, data->context, quiz));
}

/**
 * imtehan_open_show_error:
 * @parent: the window the dialog stands on
 * @error: (nullable): why the quiz file does not load, with its file and line
 *
 * Says why a quiz cannot be opened, in a dialog that closes itself on its response.
 */
void
imtehan_open_show_error (GtkWindow    *parent,
                         const GError *error)
{
  imtehan_dialogs_show_message (parent, _("The Quiz Could Not Be Opened"),
                                error ? error->message : NULL);
}

static void
show_error (OpenData     *data,
            const GError *error)
{
  GtkWindow *parent = data->parent;

  /* Launched with a broken file only: the dialog needs a window to stand on. */
  if (parent == NULL)
    parent = gtk_application_get_active_window (data->app);
  if (parent == NULL)
    {
      g_application_activate (G_APPLICATION (data->app));
      parent = gtk_application_get_active_window (data->app);
    }
  imtehan_open_show_error (parent, error);
}

/* What a GIFT import left out, over the window of the quiz it made. */
static void
show_skipped (GtkWindow          *window,
              const char * const *warnings)
{
  guint n = g_strv_length ((char **)warnings);
  g_autofree char *heading = NULL;
  g_autofree char *list = imtehan_gift_format_warnings (warnings, IMTEHAN_GIFT_WARNINGS_SHOWN);
  g_autofree char *body = NULL;

  heading = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%u Question Was Skipped",
                                        "%u Questions Were Skipped", n), n);
  body = g_strdup_printf ("%s\n\n%s", _("The quiz holds the other questions."), list);
  imtehan_dialogs_show_message (window, heading, body);
}

static void
imported_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  OpenData *data = user_data;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) warnings = NULL;
  ImtehanLibraryEntry *entry;

  entry = imtehan_library_import_finish (IMTEHAN_LIBRARY (source), result, &warnings, &error);
  /* The entry of an import holds the quiz it loaded: no second read. */
  if (entry == NULL || !imtehan_library_entry_load_quiz (entry, &error))
    show_error (data, error);
  else
    {
      GtkWindow *window = window_for_quiz (data, imtehan_library_entry_load_quiz (entry, NULL));

      gtk_window_present (window);
      if (warnings != NULL)
        show_skipped (window, (const char * const *)warnings);
    }
  g_clear_object (&entry);
  open_data_free (data);
}

/**
 * imtehan_open_files:
 * @context: the run's, whose library the files are copied into
 * @parent: (nullable): the window the user opened them from
 *
 * Copies each of @files into the library and shows it in a window, or says why it cannot.
 */
void
imtehan_open_files (GtkApplication     *app,
                    ImtehanContext     *context,
                    GFile             **files,
                    guint               n_files,
                    GtkWindow          *parent)
{
  g_return_if_fail (GTK_IS_APPLICATION (app));
  g_return_if_fail (IMTEHAN_IS_CONTEXT (context));

  for (guint i = 0; i < n_files; i++)
    {
      OpenData *data = g_new0 (OpenData, 1);

      /* Until the window is shown, the application must not quit for want of one. */
      g_application_hold (G_APPLICATION (app));
      data->app = g_object_ref (app);
      data->context = g_object_ref (context);
      g_set_weak_pointer (&data->parent, parent);
      imtehan_library_import_async (imtehan_context_get_library (context), files[i], NULL,
                                    imported_cb, data);
    }
}

typedef struct
{
  GtkApplication     *app;
  ImtehanContext     *context;
  GtkWindow          *parent;  /* weak */
} ChooseData;

static void
chosen_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  ChooseData *data = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) files = imtehan_dialogs_open_finish (result, &error);

  if (files != NULL)
    {
      g_autoptr(GPtrArray) array = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        g_ptr_array_add (array, g_list_model_get_item (files, i));
      imtehan_open_files (data->app, data->context, (GFile **)array->pdata, array->len,
                          data->parent);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_message ("The Open dialog failed: %s", error->message);
      if (data->parent != NULL)
        imtehan_open_show_error (data->parent, error);
    }
  g_clear_weak_pointer (&data->parent);
  g_object_unref (data->app);
  g_object_unref (data->context);
  g_free (data);
}

/**
 * imtehan_open_new_filters:
 *
 * Returns: (transfer full): the Open… dialog's file filters, the one it starts with first
 */
GListModel *
imtehan_open_new_filters (void)
{
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) quizzes = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) gift = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) xml = gtk_file_filter_new ();

  gtk_file_filter_set_name (quizzes, _("Quizzes"));
  gtk_file_filter_add_mime_type (quizzes, "application/x-imtehan-quiz");
  gtk_file_filter_add_suffix (quizzes, "quiz");
  /* Moodle question banks, imported when opened: with the quizzes, and on their own. Not
   * "*.txt", although Moodle names its exports so: any text file would look like a bank. */
  gtk_file_filter_add_suffix (quizzes, "gift");
  gtk_file_filter_add_suffix (quizzes, "xml");
  g_list_store_append (filters, quizzes);
  gtk_file_filter_set_name (gift, _("Moodle GIFT Files"));
  gtk_file_filter_add_suffix (gift, "gift");
  g_list_store_append (filters, gift);
  gtk_file_filter_set_name (xml, _("Moodle XML Files"));
  gtk_file_filter_add_suffix (xml, "xml");
  g_list_store_append (filters, xml);
  return G_LIST_MODEL (filters);
}

/* The Open… dialog: the portal's under Flatpak. */
void
imtehan_open_choose (GtkApplication *app,
                     ImtehanContext *context,
                     GtkWindow      *parent)
{
  g_autoptr(GListModel) filters = imtehan_open_new_filters ();
  ChooseData *data;

  g_return_if_fail (GTK_IS_APPLICATION (app));
  g_return_if_fail (IMTEHAN_IS_CONTEXT (context));

  data = g_new0 (ChooseData, 1);
  data->app = g_object_ref (app);
  data->context = g_object_ref (context);
  g_set_weak_pointer (&data->parent, parent);
  imtehan_dialogs_open_async (parent, _("Open a Quiz"), _("_Open"), IMTEHAN_CHOOSE_MULTIPLE,
                              filters, NULL, NULL, chosen_cb, data);
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         GtkWindow     *window)
{
  GSList *list = g_value_get_boxed (value);
  g_autoptr(GPtrArray) files = g_ptr_array_new ();

  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);
  if (files->len == 0 || gtk_window_get_application (window) == NULL)
    return FALSE;
  /* Into the library of the window they are dropped on. */
  imtehan_open_files (gtk_window_get_application (window),
                      imtehan_window_get_context (IMTEHAN_WINDOW (window)),
                      (GFile **)files->pdata, files->len, window);
  return TRUE;
}

/* Quiz files dropped on @window (an #ImtehanWindow) open as if chosen in Open…. */
void
imtehan_open_add_drop_target (GtkWindow *window)
{
  g_return_if_fail (IMTEHAN_IS_WINDOW (window));

  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), window);
  gtk_widget_add_controller (GTK_WIDGET (window), GTK_EVENT_CONTROLLER (target));
}
