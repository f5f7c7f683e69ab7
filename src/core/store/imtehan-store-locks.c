/* imtehan-store-locks.c: which attempts this process has open, marked for the others
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-store-locks"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/file.h>
#include <unistd.h>

#include "imtehan-intl-private.h"

#include "imtehan-store-private.h"

#define LOCK_SUFFIX ".lock"

/* An attempt is locked with an flock() on "<id>.lock" in the attempts folder, through a file
 * descriptor kept open while the lock is held. The file I/O happens on the store's worker,
 * except in imtehan_store_lock() and imtehan_store_is_locked_elsewhere(), which say they
 * block, and for the locks still held when the store is finalized. */

typedef enum
{
  LOCK_PENDING,    /* asked for by imtehan_store_lock_async(), not taken yet */
  LOCK_HELD,
  LOCK_RELEASING,  /* let go by imtehan_store_unlock(); the worker closes it in turn */
} LockState;

typedef struct
{
  LockState state;
  int       fd;  /* holds the flock() while HELD or RELEASING */
} Lock;

static Lock *
lock_new (LockState state)
{
  Lock *lock = g_new0 (Lock, 1);

  lock->state = state;
  lock->fd = -1;
  return lock;
}

static char *
lock_path (ImtehanStore *self,
           const char   *attempt_id)
{
  g_autofree char *dir = g_file_get_path (self->directory);
  g_autofree char *name = g_strconcat (attempt_id, LOCK_SUFFIX, NULL);

  return g_build_filename (dir, name, NULL);
}

/* Creates and locks "<id>.lock": the file descriptor holding it, or -1. lock_io_mutex held. */
static int
open_lock (ImtehanStore  *self,
           const char    *attempt_id,
           GError       **error)
{
  g_autofree char *dir = g_file_get_path (self->directory);
  g_autofree char *path = NULL;
  int fd;

  /* A lab's folder is never made here: a missing one is a share or a stick that is away. */
  if (!self->lab_folder && g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create the folder “%s”: %s"), dir, g_strerror (saved_errno));
      return -1;
    }

  path = lock_path (self, attempt_id);
  if ((fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", path, g_strerror (saved_errno));
      return -1;
    }
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int saved_errno = errno;

      close (fd);
      if (saved_errno == EWOULDBLOCK)
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                             _("This attempt is open in another window"));
      else
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                     "%s: %s", path, g_strerror (saved_errno));
      return -1;
    }
  return fd;
}

/* Unlinked while still locked, so nobody can take a lock on a file about to vanish.
 * lock_io_mutex held. */
static void
close_lock (ImtehanStore *self,
            const char   *attempt_id,
            int           fd)
{
  g_autofree char *path = lock_path (self, attempt_id);

  g_unlink (path);
  close (fd);
}

typedef enum
{
  TAKE_PENDING,  /* only a lock asked for and not taken yet, nor let go since */
  TAKE_ANY,      /* also a lock nobody asked for, or one let go and not closed yet */
} TakeMode;

/* Takes the lock of @attempt_id unless this store holds it. @taken says whether this call
 * took it; a pending request is dropped if that fails. Under lock_io_mutex, so that this
 * store's own flock()s never meet and a lock is never taken while its release is under way;
 * not under locks_mutex, so that imtehan_store_unlock() and imtehan_store_lock_async() never
 * wait for the I/O. */
static gboolean
take_lock (ImtehanStore  *self,
           const char    *attempt_id,
           TakeMode       mode,
           gboolean      *taken,
           GError       **error)
{
  g_autoptr(GMutexLocker) io_locker = g_mutex_locker_new (&self->lock_io_mutex);
  g_autoptr(GError) local_error = NULL;
  gboolean wanted;
  Lock *lock;
  int fd;

  *taken = FALSE;
  g_mutex_lock (&self->locks_mutex);
  lock = g_hash_table_lookup (self->locks, attempt_id);
  if (lock == NULL && mode == TAKE_ANY)
    g_hash_table_insert (self->locks, g_strdup (attempt_id), (lock = lock_new (LOCK_PENDING)));
  /* Let go and taken again before the worker closed it: kept as it is. */
  if (lock != NULL && lock->state == LOCK_RELEASING && mode == TAKE_ANY)
    {
      lock->state = LOCK_HELD;
      *taken = TRUE;
    }
  if (lock == NULL || lock->state != LOCK_PENDING)
    {
      g_mutex_unlock (&self->locks_mutex);
      return TRUE;
    }
  g_mutex_unlock (&self->locks_mutex);

  fd = open_lock (self, attempt_id, &local_error);

  g_mutex_lock (&self->locks_mutex);
  lock = g_hash_table_lookup (self->locks, attempt_id);
  wanted = lock != NULL;
  if (wanted)
    {
      /* Only a take changes a pending lock, and takes run one at a time. */
      g_assert (lock->state == LOCK_PENDING);
      if (fd < 0)
        g_hash_table_remove (self->locks, attempt_id);
      else
        {
          lock->state = LOCK_HELD;
          lock->fd = fd;
          *taken = TRUE;
        }
    }
  g_mutex_unlock (&self->locks_mutex);

  /* Let go while it was being taken: nobody wants it any more. */
  if (!wanted)
    {
      if (fd >= 0)
        close_lock (self, attempt_id, fd);
      return TRUE;
    }
  if (fd < 0)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

void
imtehan_store_locks_init (ImtehanStore *self)
{
  g_mutex_init (&self->locks_mutex);
  g_mutex_init (&self->lock_io_mutex);
  self->locks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/* The locks still held go with the store, here and now: nothing is queued any more (every
 * queued job holds the store), so none is pending or being released. */
void
imtehan_store_locks_finalize (ImtehanStore *self)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->locks);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Lock *lock = value;

      g_assert (lock->state == LOCK_HELD);
      close_lock (self, key, lock->fd);
    }
  g_clear_pointer (&self->locks, g_hash_table_unref);
  g_mutex_clear (&self->lock_io_mutex);
  g_mutex_clear (&self->locks_mutex);
}

/**
 * imtehan_store_lock:
 *
 * Marks the attempt as open in this process, with an flock() on "<id>.lock" in the folder.
 * Another instance (there is one per D-Bus session, but none is unique without a session
 * bus) or another PC on a shared folder then sees it as busy and does not resume it, so no
 * attempt file is ever written by two processes at once. The lock goes when the process
 * does, even after SIGKILL. On network file systems flock() may only be local.
 *
 * This does file I/O: from the main loop, use imtehan_store_lock_async().
 *
 * Returns: %FALSE with %G_IO_ERROR_BUSY if another process holds it
 */
gboolean
imtehan_store_lock (ImtehanStore  *self,
                    const char    *attempt_id,
                    GError       **error)
{
  gboolean taken;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), FALSE);
  g_return_val_if_fail (attempt_id != NULL, FALSE);

  return take_lock (self, attempt_id, TAKE_ANY, &taken, error);
}

/* The worker's part of imtehan_store_lock_async(). */
void
imtehan_store_lock_thread (GTask *task_owned)
{
  g_autoptr(GTask) task = task_owned;
  ImtehanStore *self = g_task_get_source_object (task);
  const char *attempt_id = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  gboolean taken;

  /* Let go before its turn came, or taken meanwhile by a claim: nothing to do. */
  if (take_lock (self, attempt_id, TAKE_PENDING, &taken, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

/**
 * imtehan_store_lock_async:
 *
 * imtehan_store_lock() on the store's worker, after the saves already queued and before
 * those queued later: lock a new attempt, then save it. Until the worker has taken it, the
 * lock counts as this store's (imtehan_store_is_locked_elsewhere() says %FALSE), and
 * imtehan_store_unlock() cancels it.
 */
void
imtehan_store_lock_async (ImtehanStore        *self,
                          const char          *attempt_id,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Lock *lock;

  g_return_if_fail (IMTEHAN_IS_STORE (self));
  g_return_if_fail (attempt_id != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_store_lock_async);
  g_task_set_task_data (task, g_strdup (attempt_id), g_free);

  g_mutex_lock (&self->locks_mutex);
  if ((lock = g_hash_table_lookup (self->locks, attempt_id)) == NULL)
    g_hash_table_insert (self->locks, g_strdup (attempt_id), lock_new (LOCK_PENDING));
  else if (lock->state == LOCK_RELEASING)
    lock->state = LOCK_HELD;
  g_mutex_unlock (&self->locks_mutex);

  g_thread_pool_push (self->writer, g_steal_pointer (&task), NULL);
}

gboolean
imtehan_store_lock_finish (ImtehanStore  *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (IMTEHAN_IS_STORE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Closes the lock of @attempt_id now, if this store holds it (with @only_let_go, if it was
 * let go and not taken back since). */
static void
close_held_lock (ImtehanStore *self,
                 const char   *attempt_id,
                 gboolean      only_let_go)
{
  g_autoptr(GMutexLocker) io_locker = g_mutex_locker_new (&self->lock_io_mutex);
  Lock *lock;
  int fd = -1;

  g_mutex_lock (&self->locks_mutex);
  if ((lock = g_hash_table_lookup (self->locks, attempt_id)) != NULL &&
      (lock->state == LOCK_RELEASING || (lock->state == LOCK_HELD && !only_let_go)))
    {
      fd = lock->fd;
      g_hash_table_remove (self->locks, attempt_id);
    }
  g_mutex_unlock (&self->locks_mutex);
  if (fd >= 0)
    close_lock (self, attempt_id, fd);
}

/* Gives back a lock now, from the worker (a claim that failed) or where I/O may block. */
void
imtehan_store_release_lock (ImtehanStore *self,
                            const char   *attempt_id)
{
  close_held_lock (self, attempt_id, FALSE);
}

/* The worker's part of imtehan_store_unlock(). */
void
imtehan_store_release_thread (GTask *task_owned)
{
  g_autoptr(GTask) task = task_owned;

  close_held_lock (g_task_get_source_object (task), g_task_get_task_data (task), TRUE);
  g_task_return_boolean (task, TRUE);
}

/**
 * imtehan_store_unlock:
 *
 * Lets go of the lock of @attempt_id, or cancels a imtehan_store_lock_async() not done yet.
 * The file is closed and deleted on the store's worker, after the saves queued before: no
 * file I/O happens on the calling thread, and a save never races its own unlock. Until then
 * other processes still see the attempt as busy; this store does not, and takes the lock
 * back at once if asked to lock it again.
 */
void
imtehan_store_unlock (ImtehanStore *self,
                      const char   *attempt_id)
{
  g_autoptr(GTask) task = NULL;
  Lock *lock;

  g_return_if_fail (IMTEHAN_IS_STORE (self));
  g_return_if_fail (attempt_id != NULL);

  g_mutex_lock (&self->locks_mutex);
  if ((lock = g_hash_table_lookup (self->locks, attempt_id)) != NULL)
    {
      if (lock->state == LOCK_PENDING)
        g_hash_table_remove (self->locks, attempt_id);
      else if (lock->state == LOCK_HELD)
        {
          lock->state = LOCK_RELEASING;
          task = g_task_new (self, NULL, NULL, NULL);
        }
    }
  g_mutex_unlock (&self->locks_mutex);

  if (task != NULL)
    {
      g_task_set_source_tag (task, imtehan_store_unlock);
      g_task_set_task_data (task, g_strdup (attempt_id), g_free);
      g_thread_pool_push (self->writer, g_steal_pointer (&task), NULL);
    }
}

/* For imtehan_store_claim_async(): takes the lock of @attempt_id unless this store holds it
 * already, as imtehan_store_lock() does; @taken says whether this call took it, to give it
 * back if the claim fails. */
gboolean
imtehan_store_take_lock (ImtehanStore  *self,
                         const char    *attempt_id,
                         gboolean      *taken,
                         GError       **error)
{
  return take_lock (self, attempt_id, TAKE_ANY, taken, error);
}

/**
 * imtehan_store_is_locked_elsewhere:
 *
 * Whether another process holds the lock of @attempt_id; never one this store holds, asked
 * for or let go of. This does file I/O.
 */
gboolean
imtehan_store_is_locked_elsewhere (ImtehanStore *self,
                                   const char   *attempt_id)
{
  g_autofree char *path = NULL;
  gboolean ours, busy;
  int fd;

  g_return_val_if_fail (IMTEHAN_IS_STORE (self), FALSE);
  g_return_val_if_fail (attempt_id != NULL, FALSE);

  g_mutex_lock (&self->locks_mutex);
  ours = g_hash_table_contains (self->locks, attempt_id);
  g_mutex_unlock (&self->locks_mutex);
  if (ours)
    return FALSE;

  /* lock_io_mutex held while testing: the test's own flock() would make a take_lock() of
   * this store, running at that moment, fail as if another process held it. */
  path = lock_path (self, attempt_id);
  g_mutex_lock (&self->lock_io_mutex);
  if ((fd = g_open (path, O_RDWR | O_CLOEXEC, 0)) >= 0)
    {
      busy = flock (fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
      close (fd);
    }
  else
    /* Another user's lock in a lab's folder (sticky, 3770): theirs, whether held or not. */
    busy = errno == EACCES || errno == EPERM;
  g_mutex_unlock (&self->lock_io_mutex);
  return busy;
}

gboolean
imtehan_store_is_lock_name (const char *name)
{
  return g_str_has_suffix (name, LOCK_SUFFIX);
}

/* A lock file whose lock nobody holds was left by a process that died: flock() locks go
 * with the process, the file stays. This store's own locks are held through another open
 * file description, so they count as held here too. */
void
imtehan_store_remove_stale_lock (ImtehanStore *self,
                                 const char   *name)
{
  g_autofree char *dir = g_file_get_path (self->directory);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  int fd;

  g_mutex_lock (&self->lock_io_mutex);
  if ((fd = g_open (path, O_RDWR | O_CLOEXEC, 0)) >= 0)
    {
      if (flock (fd, LOCK_EX | LOCK_NB) == 0)
        g_unlink (path);
      close (fd);
    }
  g_mutex_unlock (&self->lock_io_mutex);
}
