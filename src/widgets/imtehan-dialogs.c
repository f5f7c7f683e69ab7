/* imtehan-dialogs.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Message dialogs, and the Urdu class every dialog takes. Built against libadwaita 1.5+
 * (Debian 13, the Flatpak runtime) a message is an AdwAlertDialog, on libadwaita 1.2
 * (Debian 12) an AdwMessageDialog, which the newer stack deprecates. Its text is made when it
 * is shown, in the language of that moment.
 *
 * A dialog takes the Urdu font class of the window it stands on (style.css): an AdwDialog
 * is drawn inside that window, but a toplevel of its own does not inherit it.
 */

#define G_LOG_DOMAIN "imtehan-dialogs"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-dialogs.h"
#include "imtehan-dialogs-private.h"
#include "imtehan-i18n.h"

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

/* Message dialogs ------------------------------------------------------------------------- */

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
