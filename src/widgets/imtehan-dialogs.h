/* imtehan-dialogs.h: the app's dialogs, the same calls on libadwaita 1.2 and 1.5+ (messages in
 * imtehan-dialogs.c, file choosers in -files.c, About, Preferences and toasts in -windows.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

typedef struct
{
  const char            *id;
  const char            *label;       /* with a mnemonic */
  AdwResponseAppearance  appearance;
} ImtehanDialogResponse;

typedef enum
{
  IMTEHAN_CHOOSE_FILE     = 0,
  IMTEHAN_CHOOSE_MULTIPLE = 1 << 0,
  IMTEHAN_CHOOSE_FOLDER   = 1 << 1,
} ImtehanChooseFlags;

void         imtehan_dialogs_ask_async         (GtkWindow                   *parent,
                                                const char                  *heading,
                                                const char                  *body,
                                                const ImtehanDialogResponse *responses,
                                                guint                        n_responses,
                                                const char                  *default_response,
                                                const char                  *close_response,
                                                GCancellable                *cancellable,
                                                GAsyncReadyCallback          callback,
                                                gpointer                     user_data);
const char  *imtehan_dialogs_ask_finish        (GAsyncResult                *result,
                                                GError                     **error);
void         imtehan_dialogs_show_message      (GtkWindow                   *parent,
                                                const char                  *heading,
                                                const char                  *body);

void         imtehan_dialogs_open_async        (GtkWindow                   *parent,
                                                const char                  *title,
                                                const char                  *accept_label,
                                                ImtehanChooseFlags           flags,
                                                GListModel                  *filters,
                                                GFile                       *initial_folder,
                                                GCancellable                *cancellable,
                                                GAsyncReadyCallback          callback,
                                                gpointer                     user_data);
GListModel  *imtehan_dialogs_open_finish       (GAsyncResult                *result,
                                                GError                     **error);
void         imtehan_dialogs_save_async        (GtkWindow                   *parent,
                                                const char                  *title,
                                                const char                  *accept_label,
                                                GListModel                  *filters,
                                                const char                  *initial_name,
                                                GFile                       *initial_folder,
                                                GCancellable                *cancellable,
                                                GAsyncReadyCallback          callback,
                                                gpointer                     user_data);
GFile       *imtehan_dialogs_save_finish       (GAsyncResult                *result,
                                                GError                     **error);

void         imtehan_dialogs_open_uri          (GtkWindow                   *parent,
                                                const char                  *uri);
void         imtehan_dialogs_show_about        (GtkWindow                   *parent,
                                                const char                  *first_property_name,
                                                ...) G_GNUC_NULL_TERMINATED;
GtkWidget   *imtehan_dialogs_show_preferences  (GtkWindow                   *parent,
                                                const char                  *title,
                                                AdwPreferencesPage          *page);
void         imtehan_dialogs_follow_language   (GtkWidget                   *dialog,
                                                GtkWindow                   *parent);
AdwToast    *imtehan_dialogs_toast_new         (const char                  *message);
void         imtehan_dialogs_add_toast         (GtkWidget                   *inside,
                                                AdwToast                    *toast);
void         imtehan_dialogs_close             (GtkWidget                   *dialog);
GtkWindow   *imtehan_dialogs_get_parent        (GtkWidget                   *dialog);

/* The message dialogs shown, for the tests: they find one and answer it as a user would. */
GtkWidget   *imtehan_dialogs_find_message      (GtkWindow                   *parent,
                                                guint                       *n_found);
const char  *imtehan_dialogs_message_get_heading          (GtkWidget *dialog);
const char  *imtehan_dialogs_message_get_body             (GtkWidget *dialog);
const char  *imtehan_dialogs_message_get_default_response (GtkWidget *dialog);
const char  *imtehan_dialogs_message_get_close_response   (GtkWidget *dialog);
const char  *imtehan_dialogs_message_get_response_label   (GtkWidget  *dialog,
                                                           const char *response);

G_END_DECLS
