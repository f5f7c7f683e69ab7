/* session-fixture.c: the results folder, quiz and session the session's tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "session-fixture.h"
#include "test-util.h"

static void
history_loaded_cb (ImtehanSession *session,
                   Fixture        *fixture)
{
  fixture->n_loaded++;
}

static void
notice_cb (ImtehanSession *session,
           const char     *message,
           Fixture        *fixture)
{
  g_ptr_array_add (fixture->notices, g_strdup (message));
}

ImtehanSession *
session_new (Fixture      *fixture,
             ImtehanStore *store)
{
  ImtehanSession *session = imtehan_session_new (fixture->quiz, store);

  g_signal_connect (session, "history-loaded", G_CALLBACK (history_loaded_cb), fixture);
  g_signal_connect (session, "notice", G_CALLBACK (notice_cb), fixture);
  return session;
}

void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) quiz_file = g_file_new_for_path (BUNDLED_QUIZ);

  fixture->tmp = g_dir_make_tmp ("imtehan-test-session-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->tmp, "attempts", NULL);
  fixture->directory = g_file_new_for_path (fixture->path);
  fixture->quiz = imtehan_quiz_new_from_file (quiz_file, NULL, &error);
  g_assert_no_error (error);
  fixture->store = imtehan_store_new (fixture->directory);
  fixture->notices = g_ptr_array_new_with_free_func (g_free);
  fixture->session = session_new (fixture, fixture->store);
}

/* Runs the main loop until @done says so; fails after 10 s. */
void
run_until (gboolean (*done) (gpointer),
           gpointer   data)
{
  IMTEHAN_TEST_WAIT_UNTIL (done (data), 10);
  g_assert_true (done (data));
}

gboolean
is_null (gpointer data)
{
  return *(gpointer *)data == NULL;
}

static gboolean
counter_changed (gpointer data)
{
  Counter *c = data;

  return *c->counter != c->was;
}

gboolean
nothing_pending (gpointer data)
{
  return !g_main_context_pending (NULL);
}

void
wait_for_listing (Fixture *fixture,
                  guint    loaded)
{
  Counter c = { &fixture->n_loaded, loaded };

  run_until (counter_changed, &c);
}

/* The store's worker has done what was queued (saves, listings, locks) and its callbacks ran:
 * one more listing is queued behind them and waited for. */
void
settle (Fixture *fixture)
{
  guint loaded = fixture->n_loaded;

  imtehan_session_reload_history (fixture->session);
  wait_for_listing (fixture, loaded);
  run_until (nothing_pending, NULL);
}

void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->session);
  /* Saves in flight hold the store: they finish first. */
  g_object_add_weak_pointer (G_OBJECT (fixture->store), (gpointer *)&fixture->store);
  g_object_unref (fixture->store);
  run_until (is_null, &fixture->store);
  g_assert_finalize_object (fixture->quiz);
  g_clear_object (&fixture->directory);
  g_clear_pointer (&fixture->notices, g_ptr_array_unref);
  imtehan_test_remove_tree (fixture->tmp);
  g_clear_pointer (&fixture->path, g_free);
  g_clear_pointer (&fixture->tmp, g_free);
}

GKeyFile *
read_attempt_file (Fixture        *fixture,
                   ImtehanAttempt *attempt)
{
  g_autofree char *name = g_strconcat (imtehan_attempt_get_id (attempt), ".ini", NULL);
  g_autofree char *path = g_build_filename (fixture->path, name, NULL);
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;

  g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&key_file);
}

/* Writes an attempt file as another run of the app would have, started at @started (the
 * history is ordered by it), with the first @n_right questions answered right. */
char *
write_attempt (Fixture    *fixture,
               const char *started,
               guint       n_right,
               gboolean    finished)
{
  g_autoptr(ImtehanAttempt) attempt = imtehan_attempt_new (fixture->quiz, 7);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *id = g_strconcat (started, "-0000abcd", NULL);
  g_autofree char *name = g_strconcat (id, ".ini", NULL);
  g_autofree char *path = g_build_filename (fixture->path, name, NULL);
  g_auto(GStrv) lines = NULL;

  for (guint q = 0; q < n_right; q++)
    g_assert_true (imtehan_attempt_choose (attempt, q,
                                           imtehan_question_get_answer (imtehan_quiz_get_question (fixture->quiz, q))));
  if (finished)
    g_assert_true (imtehan_attempt_finish (attempt));
  data = imtehan_attempt_to_data (attempt, NULL);
  lines = g_strsplit (data, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "Id="))
      {
        g_free (lines[i]);
        lines[i] = g_strconcat ("Id=", id, NULL);
      }
  g_clear_pointer (&data, g_free);
  data = g_strjoinv ("\n", lines);
  g_assert_cmpint (g_mkdir_with_parents (fixture->path, 0700), ==, 0);
  g_file_set_contents (path, data, -1, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&id);
}

guint
n_history (Fixture *fixture)
{
  return g_list_model_get_n_items (imtehan_session_get_history (fixture->session));
}

const char *
history_id (Fixture *fixture,
            guint    position)
{
  g_autoptr(ImtehanAttemptSummary) summary =
    g_list_model_get_item (imtehan_session_get_history (fixture->session), position);

  /* The history holds the summary; its id lives as long. */
  return imtehan_attempt_summary_get_id (summary);
}

void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

void
count_items_changed_cb (GListModel *model,
                        guint       position,
                        guint       removed,
                        guint       added,
                        guint      *count)
{
  (*count)++;
}

void
resume_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Result *r = user_data;

  r->attempt = imtehan_session_resume_finish (IMTEHAN_SESSION (object), result, &r->error);
  r->done = TRUE;
}

void
open_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Result *r = user_data;

  r->attempt = imtehan_session_open_finish (IMTEHAN_SESSION (object), result, &r->error);
  r->done = TRUE;
}

gboolean
result_done (gpointer data)
{
  return ((Result *)data)->done;
}

void
result_clear (Result *r)
{
  g_clear_object (&r->attempt);
  g_clear_error (&r->error);
  r->done = FALSE;
}

/* Sets a key of an attempt file written by write_attempt(). */
void
edit_attempt (Fixture    *fixture,
              const char *id,
              const char *key,
              const char *value)
{
  g_autofree char *name = g_strconcat (id, ".ini", NULL);
  g_autofree char *path = g_build_filename (fixture->path, name, NULL);
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;

  g_key_file_load_from_file (key_file, path, G_KEY_FILE_KEEP_COMMENTS, &error);
  g_assert_no_error (error);
  g_key_file_set_value (key_file, "Attempt", key, value);
  g_key_file_save_to_file (key_file, path, &error);
  g_assert_no_error (error);
}

/* Writes @attempt as its file in the results folder, under the id @id, with each of @edits
 * ("old line", "new line", ..., NULL) applied: as another run or another PC would have. */
void
write_attempt_as (Fixture        *fixture,
                  ImtehanAttempt *attempt,
                  const char     *id,
                  ...)
{
  g_autofree char *data = imtehan_attempt_to_data (attempt, NULL);
  g_autoptr(GString) text = g_string_new (data);
  g_autofree char *old_id = g_strconcat ("\nId=", imtehan_attempt_get_id (attempt), "\n", NULL);
  g_autofree char *new_id = g_strconcat ("\nId=", id, "\n", NULL);
  g_autofree char *name = g_strconcat (id, ".ini", NULL);
  g_autofree char *path = g_build_filename (fixture->path, name, NULL);
  g_autoptr(GError) error = NULL;
  const char *from;
  va_list args;

  g_assert_cmpuint (g_string_replace (text, old_id, new_id, 1), ==, 1);
  va_start (args, id);
  while ((from = va_arg (args, const char *)) != NULL)
    {
      const char *to = va_arg (args, const char *);

      g_assert_cmpuint (g_string_replace (text, from, to, 1), ==, 1);
    }
  va_end (args);
  g_assert_cmpint (g_mkdir_with_parents (fixture->path, 0700), ==, 0);
  g_file_set_contents (path, text->str, -1, &error);
  g_assert_no_error (error);
}

char *
read_attempt_key (Fixture        *fixture,
                  ImtehanAttempt *attempt,
                  const char     *group,
                  const char     *key)
{
  g_autoptr(GKeyFile) saved = read_attempt_file (fixture, attempt);

  return g_key_file_get_string (saved, group, key, NULL);
}
