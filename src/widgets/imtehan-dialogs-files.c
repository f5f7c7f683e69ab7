/* imtehan-dialogs-files.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * File choosers and opening a URI. With GTK 4.10+ they are GtkFileDialog and GtkUriLauncher,
 * with GTK 4.8 GtkFileChooserNative and gtk_show_uri(), which the newer GTK deprecates. Under
 * Flatpak both stacks go through the portals, which grant the app the files chosen.
 */

#define G_LOG_DOMAIN "imtehan-dialogs"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-dialogs.h"
#include "imtehan-dialogs-private.h"

typedef enum
{
  CHOOSE_OPEN,
  CHOOSE_OPEN_MULTIPLE,
  CHOOSE_FOLDER,
  CHOOSE_FOLDERS,
  CHOOSE_SAVE,
} ChooseKind;

static ChooseKind
choose_kind (ImtehanChooseFlags flags)
{
  if (flags & IMTEHAN_CHOOSE_FOLDER)
    return (flags & IMTEHAN_CHOOSE_MULTIPLE) ? CHOOSE_FOLDERS : CHOOSE_FOLDER;
  return (flags & IMTEHAN_CHOOSE_MULTIPLE) ? CHOOSE_OPEN_MULTIPLE : CHOOSE_OPEN;
}

#if USE_GTK_FILE_DIALOG

static GListModel *
list_of_one (GFile *file)
{
  GListStore *store = g_list_store_new (G_TYPE_FILE);

  g_list_store_append (store, file);
  return G_LIST_MODEL (store);
}

static void
file_dialog_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GtkFileDialog *dialog = GTK_FILE_DIALOG (source);
  ChooseKind kind = GPOINTER_TO_UINT (g_task_get_task_data (task));
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  GListModel *files = NULL;

  switch (kind)
    {
    case CHOOSE_OPEN:
      if ((file = gtk_file_dialog_open_finish (dialog, result, &error)) != NULL)
        files = list_of_one (file);
      break;
    case CHOOSE_OPEN_MULTIPLE:
      files = gtk_file_dialog_open_multiple_finish (dialog, result, &error);
      break;
    case CHOOSE_FOLDER:
      if ((file = gtk_file_dialog_select_folder_finish (dialog, result, &error)) != NULL)
        files = list_of_one (file);
      break;
    case CHOOSE_FOLDERS:
      files = gtk_file_dialog_select_multiple_folders_finish (dialog, result, &error);
      break;
    case CHOOSE_SAVE:
      file = gtk_file_dialog_save_finish (dialog, result, &error);
      break;
    default:
      g_assert_not_reached ();
    }

  if (error != NULL)
    {
      /* The user closing the chooser is no error; both stacks say "cancelled". */
      if (g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED) ||
          g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_CANCELLED))
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", error->message);
      else
        g_task_return_error (task, g_steal_pointer (&error));
    }
  else if (kind == CHOOSE_SAVE)
    g_task_return_pointer (task, g_steal_pointer (&file), g_object_unref);
  else
    g_task_return_pointer (task, files, g_object_unref);
}

static void
choose (GtkWindow           *parent,
        const char          *title,
        const char          *accept_label,
        ChooseKind           kind,
        GListModel          *filters,
        const char          *initial_name,
        GFile               *initial_folder,
        GCancellable        *cancellable,
        GTask               *task)
{
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();

  g_task_set_task_data (task, GUINT_TO_POINTER (kind), NULL);
  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_accept_label (dialog, accept_label);
  gtk_file_dialog_set_modal (dialog, TRUE);
  if (filters != NULL && g_list_model_get_n_items (filters) > 0)
    {
      g_autoptr(GtkFileFilter) first = g_list_model_get_item (filters, 0);

      gtk_file_dialog_set_filters (dialog, filters);
      gtk_file_dialog_set_default_filter (dialog, first);
    }
  if (initial_folder != NULL)
    gtk_file_dialog_set_initial_folder (dialog, initial_folder);
  if (initial_name != NULL)
    gtk_file_dialog_set_initial_name (dialog, initial_name);

  switch (kind)
    {
    case CHOOSE_OPEN:
      gtk_file_dialog_open (dialog, parent, cancellable, file_dialog_done_cb, g_object_ref (task));
      break;
    case CHOOSE_OPEN_MULTIPLE:
      gtk_file_dialog_open_multiple (dialog, parent, cancellable, file_dialog_done_cb,
                                     g_object_ref (task));
      break;
    case CHOOSE_FOLDER:
      gtk_file_dialog_select_folder (dialog, parent, cancellable, file_dialog_done_cb,
                                     g_object_ref (task));
      break;
    case CHOOSE_FOLDERS:
      gtk_file_dialog_select_multiple_folders (dialog, parent, cancellable, file_dialog_done_cb,
                                               g_object_ref (task));
      break;
    case CHOOSE_SAVE:
      gtk_file_dialog_save (dialog, parent, cancellable, file_dialog_done_cb, g_object_ref (task));
      break;
    default:
      g_assert_not_reached ();
    }
}

#else /* GtkFileChooserNative */

typedef struct
{
  ChooseKind            kind;
  GtkFileChooserNative *chooser;
  gulong                response_id;
  GCancellable         *cancellable;  /* the task holds it */
  gulong                cancelled_id;
} ChooserData;

static void
chooser_data_free (ChooserData *data)
{
  if (data->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (data->chooser));
  g_clear_object (&data->chooser);
  g_free (data);
}

/* Ends the choice once, whichever comes first: the chooser's response or a cancellation. */
static void
chooser_done (GTask *task,
              int    response)
{
  ChooserData *data = g_task_get_task_data (task);
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (data->chooser);

  g_clear_signal_handler (&data->response_id, data->chooser);
  if (data->cancelled_id != 0)
    g_signal_handler_disconnect (data->cancellable, data->cancelled_id);
  data->cancelled_id = 0;

  if (response != GTK_RESPONSE_ACCEPT)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "No file was chosen");
  else if (data->kind == CHOOSE_SAVE)
    {
      GFile *file = gtk_file_chooser_get_file (chooser);

      if (file != NULL)
        g_task_return_pointer (task, file, g_object_unref);
      else
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "No file was chosen");
    }
  else
    g_task_return_pointer (task, gtk_file_chooser_get_files (chooser), g_object_unref);
  gtk_native_dialog_hide (GTK_NATIVE_DIALOG (data->chooser));
  g_object_unref (task);
}

static void
chooser_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     GTask           *task)
{
  chooser_done (task, response);
}

static void
chooser_cancelled_cb (GCancellable *cancellable,
                      GTask        *task)
{
  chooser_done (task, GTK_RESPONSE_CANCEL);
}

static void
choose (GtkWindow           *parent,
        const char          *title,
        const char          *accept_label,
        ChooseKind           kind,
        GListModel          *filters,
        const char          *initial_name,
        GFile               *initial_folder,
        GCancellable        *cancellable,
        GTask               *task)
{
  static const GtkFileChooserAction actions[] = {
    [CHOOSE_OPEN] = GTK_FILE_CHOOSER_ACTION_OPEN,
    [CHOOSE_OPEN_MULTIPLE] = GTK_FILE_CHOOSER_ACTION_OPEN,
    [CHOOSE_FOLDER] = GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
    [CHOOSE_FOLDERS] = GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
    [CHOOSE_SAVE] = GTK_FILE_CHOOSER_ACTION_SAVE,
  };
  ChooserData *data = g_new0 (ChooserData, 1);
  GtkFileChooser *chooser;

  data->kind = kind;
  data->chooser = gtk_file_chooser_native_new (title, parent, actions[kind], accept_label,
                                               _("_Cancel"));
  g_task_set_task_data (task, data, (GDestroyNotify)chooser_data_free);
  chooser = GTK_FILE_CHOOSER (data->chooser);
  for (guint i = 0; filters != NULL && i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      gtk_file_chooser_add_filter (chooser, filter);
    }
  gtk_file_chooser_set_select_multiple (chooser, kind == CHOOSE_OPEN_MULTIPLE ||
                                                 kind == CHOOSE_FOLDERS);
  if (initial_folder != NULL)
    gtk_file_chooser_set_current_folder (chooser, initial_folder, NULL);
  if (initial_name != NULL)
    gtk_file_chooser_set_current_name (chooser, initial_name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (data->chooser), TRUE);

  /* The task is held until chooser_done(). */
  g_object_ref (task);
  data->response_id = g_signal_connect (data->chooser, "response",
                                        G_CALLBACK (chooser_response_cb), task);
  if (cancellable != NULL)
    {
      data->cancellable = cancellable;
      data->cancelled_id = g_signal_connect (cancellable, "cancelled",
                                             G_CALLBACK (chooser_cancelled_cb), task);
    }
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (data->chooser));
}

#endif

/**
 * imtehan_dialogs_open_async:
 * @title: the chooser's title
 * @accept_label: its button, with a mnemonic
 * @flags: several files, or folders
 * @filters: (nullable): #GtkFileFilter items, the one it starts with first
 * @initial_folder: (nullable): where it starts
 *
 * Asks for files or folders to open; imtehan_dialogs_open_finish() gives them.
 */
void
imtehan_dialogs_open_async (GtkWindow           *parent,
                            const char          *title,
                            const char          *accept_label,
                            ImtehanChooseFlags   flags,
                            GListModel          *filters,
                            GFile               *initial_folder,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  task = g_task_new (parent, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_dialogs_open_async);
  if (g_task_return_error_if_cancelled (task))
    return;
  choose (parent, title, accept_label, choose_kind (flags), filters, NULL, initial_folder,
          cancellable, task);
}

/**
 * imtehan_dialogs_open_finish:
 *
 * Returns: (transfer full): the #GFile items chosen; %NULL with %G_IO_ERROR_CANCELLED when
 *   the user chose none
 */
GListModel *
imtehan_dialogs_open_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imtehan_dialogs_open_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * imtehan_dialogs_save_async:
 * @initial_name: (nullable): the name it suggests
 *
 * Asks where to save a file; imtehan_dialogs_save_finish() gives it. The chooser asks before
 * replacing a file.
 */
void
imtehan_dialogs_save_async (GtkWindow           *parent,
                            const char          *title,
                            const char          *accept_label,
                            GListModel          *filters,
                            const char          *initial_name,
                            GFile               *initial_folder,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  task = g_task_new (parent, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_dialogs_save_async);
  if (g_task_return_error_if_cancelled (task))
    return;
  choose (parent, title, accept_label, CHOOSE_SAVE, filters, initial_name, initial_folder,
          cancellable, task);
}

/**
 * imtehan_dialogs_save_finish:
 *
 * Returns: (transfer full): the file to write; %NULL with %G_IO_ERROR_CANCELLED when the
 *   user chose none
 */
GFile *
imtehan_dialogs_save_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imtehan_dialogs_save_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

#if USE_GTK_FILE_DIALOG
static void
uri_launched_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GtkWindow) parent = user_data;
  g_autoptr(GError) error = NULL;

  if (gtk_uri_launcher_launch_finish (GTK_URI_LAUNCHER (source), result, &error) ||
      g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED) ||
      g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_CANCELLED))
    return;
  g_message ("Could not open %s: %s", gtk_uri_launcher_get_uri (GTK_URI_LAUNCHER (source)),
             error->message);
  if (parent != NULL && gtk_widget_get_realized (GTK_WIDGET (parent)))
    imtehan_dialogs_show_message (parent, _("The File Could Not Be Opened"), error->message);
}
#endif

/**
 * imtehan_dialogs_open_uri:
 *
 * Opens @uri in the app the desktop has for it: through the OpenURI portal under Flatpak,
 * which has no file system access.
 */
void
imtehan_dialogs_open_uri (GtkWindow  *parent,
                          const char *uri)
{
  g_return_if_fail (uri != NULL);

#if USE_GTK_FILE_DIALOG
  {
    g_autoptr(GtkUriLauncher) launcher = gtk_uri_launcher_new (uri);

    gtk_uri_launcher_launch (launcher, parent, NULL, uri_launched_cb,
                             parent != NULL ? g_object_ref (parent) : NULL);
  }
#else
  gtk_show_uri (parent, uri, GDK_CURRENT_TIME);
#endif
}
