/* imtehan-store.h: the folder of attempt files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-attempt-summary.h"
#include "imtehan-types.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_STORE (imtehan_store_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanStore, imtehan_store, IMTEHAN, STORE, GObject)

ImtehanStore   *imtehan_store_new              (GFile           *directory);
ImtehanStore   *imtehan_store_new_default      (void);
ImtehanStore   *imtehan_store_new_for_results_folder (GFile     *folder,
                                                GFile           *pending_directory);
GFile          *imtehan_store_get_directory    (ImtehanStore    *self);
GFile          *imtehan_store_get_pending_directory (ImtehanStore *self);
GFile          *imtehan_store_get_file         (ImtehanStore    *self,
                                                ImtehanAttempt  *attempt);
gboolean        imtehan_store_save             (ImtehanStore    *self,
                                                ImtehanAttempt  *attempt,
                                                GCancellable    *cancellable,
                                                GError         **error);
void            imtehan_store_save_async       (ImtehanStore    *self,
                                                ImtehanAttempt  *attempt,
                                                GCancellable    *cancellable,
                                                GAsyncReadyCallback callback,
                                                gpointer         user_data);
gboolean        imtehan_store_save_finish      (ImtehanStore    *self,
                                                GAsyncResult    *result,
                                                GError         **error);
GPtrArray      *imtehan_store_list             (ImtehanStore    *self,
                                                GPtrArray      **problems,
                                                GCancellable    *cancellable,
                                                GError         **error);
void            imtehan_store_prefetch_list    (ImtehanStore    *self);
char           *imtehan_store_describe_problems (ImtehanStore   *self,
                                                GPtrArray       *problems);
void            imtehan_store_list_async       (ImtehanStore    *self,
                                                GCancellable    *cancellable,
                                                GAsyncReadyCallback callback,
                                                gpointer         user_data);
GPtrArray      *imtehan_store_list_finish      (ImtehanStore    *self,
                                                GAsyncResult    *result,
                                                GPtrArray      **problems,
                                                GError         **error);
gboolean        imtehan_store_lock             (ImtehanStore    *self,
                                                const char      *attempt_id,
                                                GError         **error);
void            imtehan_store_unlock           (ImtehanStore    *self,
                                                const char      *attempt_id);
void            imtehan_store_lock_async       (ImtehanStore    *self,
                                                const char      *attempt_id,
                                                GCancellable    *cancellable,
                                                GAsyncReadyCallback callback,
                                                gpointer         user_data);
gboolean        imtehan_store_lock_finish      (ImtehanStore    *self,
                                                GAsyncResult    *result,
                                                GError         **error);
gboolean        imtehan_store_is_locked_elsewhere (ImtehanStore *self,
                                                const char      *attempt_id);
ImtehanAttempt *imtehan_store_load             (ImtehanStore    *self,
                                                ImtehanAttemptSummary *summary,
                                                ImtehanQuiz     *quiz,
                                                GCancellable    *cancellable,
                                                GError         **error);
void            imtehan_store_claim_async      (ImtehanStore    *self,
                                                ImtehanAttemptSummary *summary,
                                                ImtehanQuiz     *quiz,
                                                GCancellable    *cancellable,
                                                GAsyncReadyCallback callback,
                                                gpointer         user_data);
ImtehanAttempt *imtehan_store_claim_finish     (ImtehanStore    *self,
                                                GAsyncResult    *result,
                                                GError         **error);

G_END_DECLS
