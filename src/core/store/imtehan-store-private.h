/* imtehan-store-private.h: what the store's files share, and what the tests see
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <sys/stat.h>

#include "imtehan-store.h"

G_BEGIN_DECLS

#define IMTEHAN_STORE_SUFFIX ".ini"

typedef struct _ImtehanStoreCache ImtehanStoreCache;

/* A listing's result; the worker keeps a prefetched one (imtehan_store_prefetch_list()). */
typedef struct
{
  GPtrArray *summaries;
  GPtrArray *problems;
  gint64     folder_mtime;  /* of a prefetched listing; G_MININT64 once the worker wrote */
} ImtehanStoreListResult;

struct _ImtehanStore
{
  GObject            parent_instance;

  GFile             *directory;
  GFile             *cache_directory;  /* NULL: no summary cache */
  /* A results folder set by the lab (imtehan_store_new_for_results_folder()): its files are
   * created 0640 and the folder itself is never created, since a missing one is a share or a
   * stick that is not there, and a folder made in its place would hide it. */
  gboolean           lab_folder;
  /* Where a save that the results folder refused is kept, on this PC, until it can be copied
   * there (imtehan-store-pending.c). NULL: none (the default, local store). */
  GFile             *pending_directory;
  gboolean           maybe_pending;    /* the pending folder may hold files; set by the I/O
                                        * thread, the worker or a synchronous call */
  int                fault_errno;      /* atomic; for the tests: results-folder writes fail */
  ImtehanStoreCache *cache;            /* NULL: none */
  /* One worker thread: writes, listings, locks, releases and claims, in the order asked. */
  GThreadPool       *writer;

  /* imtehan-store-locks.c. locks_mutex guards @locks and is never held during file I/O;
   * lock_io_mutex keeps this store's flock()s on lock files one at a time. */
  GMutex             locks_mutex;
  GMutex             lock_io_mutex;
  GHashTable        *locks;            /* attempt id → Lock */

  guint              n_files_read;     /* atomic; attempt files read and parsed by listings */
  /* The worker's only: a listing made before anyone asked (imtehan_store_prefetch_list()),
   * which answers the next imtehan_store_list_async() unless the worker wrote since. */
  ImtehanStoreListResult *prefetched;
};

/* The worker's jobs, run one at a time in the order asked. */
void                   imtehan_store_write_thread      (GTask                 *task_owned);
void                   imtehan_store_list_thread       (GTask                 *task_owned);
void                   imtehan_store_prefetch_thread   (GTask                 *task_owned);
void                   imtehan_store_claim_thread      (GTask                 *task_owned);

/* imtehan-store-save.c */
gboolean               imtehan_store_set_contents      (const char            *path,
                                                        const char            *data,
                                                        gsize                  length,
                                                        int                    mode,
                                                        GError               **error);
gboolean               imtehan_store_write_file        (ImtehanStore          *self,
                                                        GFile                 *file,
                                                        const char            *data,
                                                        gsize                  length,
                                                        GError               **error);

/* imtehan-store-pending.c */
char                  *imtehan_store_pending_path      (ImtehanStore          *self,
                                                        const char            *name);
void                   imtehan_store_sync_folder       (const char            *dir);
gboolean               imtehan_store_write_pending     (ImtehanStore          *self,
                                                        const char            *name,
                                                        const char            *data,
                                                        gsize                  length,
                                                        GError               **error);
gboolean               imtehan_store_flush_one         (ImtehanStore          *self,
                                                        const char            *name,
                                                        GError               **error);
void                   imtehan_store_flush_pending     (ImtehanStore          *self);
void                   imtehan_store_read_pending      (ImtehanStore          *self,
                                                        GPtrArray             *summaries,
                                                        GPtrArray             *errors);

/* imtehan-store-list.c */
void                   imtehan_store_list_result_free  (ImtehanStoreListResult *result);
gboolean               imtehan_store_is_stale_temp     (const char            *name,
                                                        const struct stat     *st);

/* imtehan-store-locks.c */
void                   imtehan_store_locks_init        (ImtehanStore          *self);
void                   imtehan_store_locks_finalize    (ImtehanStore          *self);
void                   imtehan_store_lock_thread       (GTask                 *task_owned);
void                   imtehan_store_release_thread    (GTask                 *task_owned);
void                   imtehan_store_release_lock      (ImtehanStore          *self,
                                                        const char            *attempt_id);
gboolean               imtehan_store_take_lock         (ImtehanStore          *self,
                                                        const char            *attempt_id,
                                                        gboolean              *taken,
                                                        GError               **error);
gboolean               imtehan_store_is_lock_name      (const char            *name);
void                   imtehan_store_remove_stale_lock (ImtehanStore          *self,
                                                        const char            *name);

/* imtehan-store-cache.c; a listing calls begin, lookup and add, then end, then save. */
ImtehanStoreCache     *imtehan_store_cache_new         (GFile                 *directory,
                                                        GFile                 *cache_directory);
void                   imtehan_store_cache_free        (ImtehanStoreCache     *cache);
const char            *imtehan_store_cache_get_path    (ImtehanStoreCache     *cache);
guint                  imtehan_store_cache_begin       (ImtehanStoreCache     *cache);
ImtehanAttemptSummary *imtehan_store_cache_lookup      (ImtehanStoreCache     *cache,
                                                        guint                  listing,
                                                        const char            *name,
                                                        const struct stat     *st);
void                   imtehan_store_cache_add         (ImtehanStoreCache     *cache,
                                                        guint                  listing,
                                                        const char            *name,
                                                        const struct stat     *st,
                                                        ImtehanAttemptSummary *summary);
void                   imtehan_store_cache_end         (ImtehanStoreCache     *cache,
                                                        guint                  listing,
                                                        gboolean               complete);
void                   imtehan_store_cache_save        (ImtehanStoreCache     *cache);

/* For the tests */
void                   imtehan_store_set_fault         (ImtehanStore          *self,
                                                        int                    errnum);
GFile                 *imtehan_store_get_cache_file    (ImtehanStore          *self);
guint                  imtehan_store_get_n_files_read  (ImtehanStore          *self);

G_END_DECLS
