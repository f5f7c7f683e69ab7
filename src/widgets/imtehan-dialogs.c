/* imtehan-dialogs.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every dialog of the app, through one set of calls. Built against libadwaita 1.5+ and
 * GTK 4.10+ (Debian 13, the Flatpak runtime) they are AdwAlertDialog, AdwAboutDialog,
 * AdwPreferencesDialog, GtkFileDialog and GtkUriLauncher; on Debian 12 (libadwaita 1.2,
 * GTK 4.8) AdwMessageDialog, AdwAboutWindow, AdwPreferencesWindow, GtkFileChooserNative and
 * gtk_show_uri(), which the newer stack deprecates. The file choosers are the portal's
 * under Flatpak on both, which grants the app the files chosen.
 *
 * A dialog takes the Urdu font class of the window it stands on (style.css): an AdwDialog
 * is drawn inside that window, but a toplevel of its own does not inherit it. Its text is
 * made when it is shown, in the language of that moment.
 */

#define G_LOG_DOMAIN "imtehan-dialogs"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-dialogs.h"
#include "imtehan-i18n.h"

#define USE_ADW_DIALOG ADW_CHECK_VERSION (1, 5, 0)
#define USE_GTK_FILE_DIALOG GTK_CHECK_VERSION (4, 10, 0)

/* The message dialogs shown and not yet answered, newest last (not referenced). */
static GPtrArray *shown_messages;

/**
 * imtehan_dialogs_follow_language:
 * @parent: (nullable): the window it belongs to
 *
 * Gives a new dialog or window the Urdu interface's class ("urdu-ui", data/style.css) when
 * @parent has it, or, with no parent, when the interface is in Urdu.
 */
void
imtehan_dialogs_follow_language (GtkWidget *dialog,
                                 GtkWindow *parent)
{
  gboolean urdu = parent != NULL ? gtk_widget_has_css_class (GTK_WIDGET (parent), "urdu-ui")
                                 : g_str_equal (imtehan_i18n_get_language (), "ur");

  if (urdu)
    gtk_widget_add_css_class (dialog, "urdu-ui");
}

/* Message dialogs --------------------------------------------------------------------------- */

typedef struct
{
  GtkWidget    *dialog;         /* holds the task (a weak reference); cleared when it goes */
  char         *close_response;
  GCancellable *cancellable;
  gulong        cancelled_id;
  gboolean      done;
} AskData;

static void
ask_data_free (AskData *data)
{
  g_free (data->close_response);
  g_free (data);
}

static void
unregister_message (GtkWidget *dialog)
{
  if (shown_messages != NULL)
    g_ptr_array_remove (shown_messages, dialog);
}

/* Returns @response (an interned string), or cancelled when there is none. */
static void
ask_return (GTask      *task,
            const char *response)
{
  AskData *data = g_task_get_task_data (task);

  if (data->done)
    return;
  data->done = TRUE;
  if (data->dialog != NULL)
    unregister_message (data->dialog);
  if (response != NULL)
    g_task_return_pointer (task, (gpointer)g_intern_string (response), NULL);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The dialog was closed");
}

static void
ask_response_cb (GtkWidget  *dialog,
                 const char *response,
                 GTask      *task)
{
  ask_return (task, response);
}

static void
ask_cancelled_cb (GCancellable *cancellable,
                  GTask        *task)
{
  AskData *data = g_task_get_task_data (task);
  GtkWidget *dialog = data->dialog;

  ask_return (task, NULL);
  if (dialog != NULL)
    imtehan_dialogs_close (dialog);
}

/* The dialog is disposed: answered, closed, or gone with its window (its close response). */
static void
ask_dialog_gone (gpointer  user_data,
                 GObject  *where_the_dialog_was)
{
  GTask *task = user_data;
  AskData *data = g_task_get_task_data (task);

  unregister_message (data->dialog);
  data->dialog = NULL;
  ask_return (task, data->close_response);
  if (data->cancelled_id != 0)
    g_signal_handler_disconnect (data->cancellable, data->cancelled_id);
  data->cancelled_id = 0;
  g_object_unref (task);
}

/**
 * imtehan_dialogs_ask_async:
 * @parent: the window the dialog stands on
 * @body: (nullable): the text under the heading
 * @responses: (array length=n_responses): its buttons, in order
 * @default_response: (nullable): the one Enter gives
 * @close_response: (nullable): the one Escape, or the dialog going with its window, gives
 *
 * Asks the user with a message dialog; imtehan_dialogs_ask_finish() gives the response.
 */
void
imtehan_dialogs_ask_async (GtkWindow                   *parent,
                           const char                  *heading,
                           const char                  *body,
                           const ImtehanDialogResponse *responses,
                           guint                        n_responses,
                           const char                  *default_response,
                           const char                  *close_response,
                           GCancellable                *cancellable,
                           GAsyncReadyCallback          callback,
                           gpointer                     user_data)
{
  g_autoptr(GTask) task = NULL;
  GtkWidget *dialog;
  AskData *data;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (heading != NULL);
  g_return_if_fail (responses != NULL || n_responses == 0);

  task = g_task_new (parent, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_dialogs_ask_async);
  if (g_task_return_error_if_cancelled (task))
    return;

#if USE_ADW_DIALOG
  dialog = GTK_WIDGET (adw_alert_dialog_new (heading, body));
  for (guint i = 0; i < n_responses; i++)
    {
      adw_alert_dialog_add_response (ADW_ALERT_DIALOG (dialog), responses[i].id,
                                     responses[i].label);
      adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), responses[i].id,
                                                responses[i].appearance);
    }
  if (default_response != NULL)
    adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), default_response);
  if (close_response != NULL)
    adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), close_response);
#else
  dialog = adw_message_dialog_new (parent, heading, body);
  for (guint i = 0; i < n_responses; i++)
    {
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), responses[i].id,
                                       responses[i].label);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), responses[i].id,
                                                  responses[i].appearance);
    }
  if (default_response != NULL)
    adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), default_response);
  if (close_response != NULL)
    adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), close_response);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
#endif
  imtehan_dialogs_follow_language (dialog, parent);

  data = g_new0 (AskData, 1);
  data->dialog = dialog;
  data->close_response = g_strdup (close_response);
  g_task_set_task_data (task, data, (GDestroyNotify)ask_data_free);
  /* The dialog holds the task until it is disposed, whatever ends it. */
  g_object_weak_ref (G_OBJECT (dialog), ask_dialog_gone, g_object_ref (task));
  g_signal_connect (dialog, "response", G_CALLBACK (ask_response_cb), task);
  if (cancellable != NULL)
    {
      data->cancellable = cancellable;  /* the task holds it */
      data->cancelled_id = g_signal_connect (cancellable, "cancelled",
                                             G_CALLBACK (ask_cancelled_cb), task);
    }

  if (shown_messages == NULL)
    shown_messages = g_ptr_array_new ();
  g_ptr_array_add (shown_messages, dialog);
#if USE_ADW_DIALOG
  adw_dialog_present (ADW_DIALOG (dialog), GTK_WIDGET (parent));
#else
  gtk_window_present (GTK_WINDOW (dialog));
#endif
}

/**
 * imtehan_dialogs_ask_finish:
 *
 * Returns: the id of the response chosen; %NULL with %G_IO_ERROR_CANCELLED if the dialog
 *   was cancelled, or closed without its close response
 */
const char *
imtehan_dialogs_ask_finish (GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == imtehan_dialogs_ask_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * imtehan_dialogs_show_message:
 *
 * Tells the user something, with a Close button: an error they cannot do anything about here.
 */
void
imtehan_dialogs_show_message (GtkWindow  *parent,
                              const char *heading,
                              const char *body)
{
  const ImtehanDialogResponse close = { "close", _("_Close"), ADW_RESPONSE_DEFAULT };

  imtehan_dialogs_ask_async (parent, heading, body, &close, 1, "close", "close", NULL, NULL, NULL);
}

/* File choosers ----------------------------------------------------------------------------- */

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

/* Other dialogs ----------------------------------------------------------------------------- */

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

/**
 * imtehan_dialogs_show_about:
 * @first_property_name: the first of the properties of AdwAboutWindow and AdwAboutDialog,
 *   which have the same names, and their values
 *
 * The About dialog over @parent.
 */
void
imtehan_dialogs_show_about (GtkWindow  *parent,
                            const char *first_property_name,
                            ...)
{
  GtkWidget *about;
  va_list args;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  va_start (args, first_property_name);
#if USE_ADW_DIALOG
  about = GTK_WIDGET (g_object_new_valist (ADW_TYPE_ABOUT_DIALOG, first_property_name, args));
#else
  about = GTK_WIDGET (g_object_new_valist (ADW_TYPE_ABOUT_WINDOW, first_property_name, args));
#endif
  va_end (args);
  imtehan_dialogs_follow_language (about, parent);
#if USE_ADW_DIALOG
  adw_dialog_present (ADW_DIALOG (about), GTK_WIDGET (parent));
#else
  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_set_modal (GTK_WINDOW (about), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (about), TRUE);
  gtk_window_present (GTK_WINDOW (about));
#endif
}

/**
 * imtehan_dialogs_show_preferences:
 * @page: (transfer floating): the settings
 *
 * Returns: (transfer none): the Preferences dialog over @parent, with @page in it
 */
GtkWidget *
imtehan_dialogs_show_preferences (GtkWindow          *parent,
                                  const char         *title,
                                  AdwPreferencesPage *page)
{
  GtkWidget *dialog;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ADW_IS_PREFERENCES_PAGE (page), NULL);

  /* 600 × 640 shows every row of the lab's settings without scrolling, in Urdu too. */
#if USE_ADW_DIALOG
  dialog = GTK_WIDGET (adw_preferences_dialog_new ());
  adw_dialog_set_title (ADW_DIALOG (dialog), title);
  adw_dialog_set_content_width (ADW_DIALOG (dialog), 600);
  adw_dialog_set_content_height (ADW_DIALOG (dialog), 640);
  adw_preferences_dialog_set_search_enabled (ADW_PREFERENCES_DIALOG (dialog), FALSE);
  adw_preferences_dialog_add (ADW_PREFERENCES_DIALOG (dialog), page);
  imtehan_dialogs_follow_language (dialog, parent);
  adw_dialog_present (ADW_DIALOG (dialog), GTK_WIDGET (parent));
#else
  dialog = adw_preferences_window_new ();
  gtk_window_set_title (GTK_WINDOW (dialog), title);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 600, 640);
  adw_preferences_window_set_search_enabled (ADW_PREFERENCES_WINDOW (dialog), FALSE);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (dialog), page);
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (dialog), parent);
      gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
    }
  imtehan_dialogs_follow_language (dialog, parent);
  gtk_window_present (GTK_WINDOW (dialog));
#endif
  return dialog;
}

/**
 * imtehan_dialogs_add_toast:
 * @inside: a widget in a Preferences dialog
 * @toast: (transfer full): what to say
 *
 * Shows @toast at the foot of the Preferences dialog @inside is in.
 */
void
imtehan_dialogs_add_toast (GtkWidget *inside,
                           AdwToast  *toast)
{
  GtkWidget *ancestor;

  g_return_if_fail (GTK_IS_WIDGET (inside));
  g_return_if_fail (ADW_IS_TOAST (toast));

#if USE_ADW_DIALOG
  if ((ancestor = gtk_widget_get_ancestor (inside, ADW_TYPE_PREFERENCES_DIALOG)) != NULL)
    {
      adw_preferences_dialog_add_toast (ADW_PREFERENCES_DIALOG (ancestor), toast);
      return;
    }
#else
  if ((ancestor = gtk_widget_get_ancestor (inside, ADW_TYPE_PREFERENCES_WINDOW)) != NULL)
    {
      adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (ancestor), toast);
      return;
    }
#endif
  if ((ancestor = gtk_widget_get_ancestor (inside, ADW_TYPE_TOAST_OVERLAY)) != NULL)
    {
      adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (ancestor), toast);
      return;
    }
  g_message ("No place for the toast “%s”", adw_toast_get_title (toast));
  g_object_unref (toast);
}

/* Closes @dialog, made by this module, at once, without a response. */
void
imtehan_dialogs_close (GtkWidget *dialog)
{
  g_return_if_fail (GTK_IS_WIDGET (dialog));

#if USE_ADW_DIALOG
  if (ADW_IS_DIALOG (dialog))
    {
      adw_dialog_force_close (ADW_DIALOG (dialog));
      return;
    }
#endif
  if (GTK_IS_WINDOW (dialog))
    gtk_window_destroy (GTK_WINDOW (dialog));
}

/**
 * imtehan_dialogs_get_parent:
 *
 * Returns: (transfer none) (nullable): the window @dialog, made by this module, stands on
 */
GtkWindow *
imtehan_dialogs_get_parent (GtkWidget *dialog)
{
  g_return_val_if_fail (GTK_IS_WIDGET (dialog), NULL);

#if USE_ADW_DIALOG
  if (ADW_IS_DIALOG (dialog))
    {
      GtkRoot *root = gtk_widget_get_root (dialog);

      return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
    }
#endif
  return GTK_IS_WINDOW (dialog) ? gtk_window_get_transient_for (GTK_WINDOW (dialog)) : NULL;
}

/**
 * imtehan_dialogs_find_message:
 * @parent: (nullable): the window it stands on, or any
 * @n_found: (out) (optional): how many there are
 *
 * Returns: (transfer none) (nullable): the newest message dialog shown and not yet answered
 */
GtkWidget *
imtehan_dialogs_find_message (GtkWindow *parent,
                              guint     *n_found)
{
  GtkWidget *found = NULL;
  guint n = 0;

  for (guint i = 0; shown_messages != NULL && i < shown_messages->len; i++)
    {
      GtkWidget *dialog = g_ptr_array_index (shown_messages, i);

      if (parent == NULL || imtehan_dialogs_get_parent (dialog) == parent)
        {
          found = dialog;
          n++;
        }
    }
  if (n_found != NULL)
    *n_found = n;
  return found;
}

#if USE_ADW_DIALOG
#define MESSAGE_GET(dialog, what) adw_alert_dialog_get_##what (ADW_ALERT_DIALOG (dialog))
#else
#define MESSAGE_GET(dialog, what) adw_message_dialog_get_##what (ADW_MESSAGE_DIALOG (dialog))
#endif

const char *
imtehan_dialogs_message_get_heading (GtkWidget *dialog)
{
  return MESSAGE_GET (dialog, heading);
}

const char *
imtehan_dialogs_message_get_body (GtkWidget *dialog)
{
  return MESSAGE_GET (dialog, body);
}

const char *
imtehan_dialogs_message_get_default_response (GtkWidget *dialog)
{
  return MESSAGE_GET (dialog, default_response);
}

const char *
imtehan_dialogs_message_get_close_response (GtkWidget *dialog)
{
  return MESSAGE_GET (dialog, close_response);
}

const char *
imtehan_dialogs_message_get_response_label (GtkWidget  *dialog,
                                            const char *response)
{
#if USE_ADW_DIALOG
  return adw_alert_dialog_get_response_label (ADW_ALERT_DIALOG (dialog), response);
#else
  return adw_message_dialog_get_response_label (ADW_MESSAGE_DIALOG (dialog), response);
#endif
}
