/* test-syscalls.c: what a save asks of the kernel, in order, seen by strace
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A kill cannot tell a save that fsyncs from one that does not (the page cache survives a
 * killed process, not a power cut), so the order is checked where it happens: the temporary
 * file is written, fsynced and closed, renamed over the attempt file, and then the folder is
 * fsynced so that the rename itself survives a power cut.
 */

#include <glib/gstdio.h>
#include <string.h>

#define STRACE_CALLS "openat,write,fsync,fdatasync,close,rename,renameat,renameat2"

typedef struct
{
  char       *folder;
  GHashTable *fds;     /* fd → path, for the files of the folder */
  GHashTable *pending; /* pid → the first half of an "<unfinished ...>" call */
  GString    *events;  /* one word per step of a save, space-separated */
  GRegex     *temp;    /* <folder>/<id>.ini.XXXXXX */
  gsize       written; /* bytes written to the temporary file of the last save */
  char       *target;  /* the attempt file of the last rename */
} Trace;

static void
add_event (Trace      *trace,
           const char *event)
{
  /* A temporary file may be written in several calls: one step. */
  if (g_str_equal (event, "write") && g_str_has_suffix (trace->events->str, "write"))
    return;
  if (trace->events->len > 0)
    g_string_append_c (trace->events, ' ');
  g_string_append (trace->events, event);
}

/* The first quoted string after @start, unescaped, and where it ends. */
static char *
quoted (const char  *start,
        const char **end)
{
  const char *open = strchr (start, '"');
  const char *p;
  g_autofree char *raw = NULL;

  if (open == NULL)
    return NULL;
  for (p = open + 1; *p != '\0' && *p != '"'; p++)
    if (*p == '\\' && p[1] != '\0')
      p++;
  raw = g_strndup (open + 1, p - open - 1);
  if (end != NULL)
    *end = *p ? p + 1 : p;
  return g_strcompress (raw);
}

static gboolean
in_folder (Trace      *trace,
           const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  return g_str_equal (dir, trace->folder);
}

static void
parse_call (Trace      *trace,
            const char *call)
{
  const char *paren = strchr (call, '(');
  /* "fsync(3)                 = 0": strace pads short calls before the result. */
  const char *equals = g_strrstr (call, " = ");
  g_autofree char *name = NULL;
  gint64 ret;
  int fd;

  if (paren == NULL || equals == NULL)
    return;
  name = g_strndup (call, paren - call);
  ret = g_ascii_strtoll (equals + 3, NULL, 10);
  fd = (int)g_ascii_strtoll (paren + 1, NULL, 10);

  if (g_str_equal (name, "openat"))
    {
      g_autofree char *path = quoted (paren, NULL);

      if (path == NULL || ret < 0)
        return;
      if (g_str_equal (path, trace->folder))
        g_hash_table_insert (trace->fds, GINT_TO_POINTER ((int)ret), g_strdup (path));
      else if (in_folder (trace, path))
        {
          g_hash_table_insert (trace->fds, GINT_TO_POINTER ((int)ret), g_strdup (path));
          if (g_regex_match (trace->temp, path, 0, NULL) && strstr (call, "O_CREAT") &&
              strstr (call, "O_EXCL"))
            {
              add_event (trace, "create-temp");
              trace->written = 0;
            }
          else if (strstr (call, "O_WRONLY") || strstr (call, "O_RDWR"))
            add_event (trace, "open-attempt-for-writing");
        }
    }
  else if (g_str_equal (name, "write"))
    {
      const char *path = g_hash_table_lookup (trace->fds, GINT_TO_POINTER (fd));

      if (path == NULL)
        return;
      g_assert_cmpint (ret, >, 0);
      if (g_regex_match (trace->temp, path, 0, NULL))
        {
          add_event (trace, "write");
          trace->written += ret;
        }
      else
        add_event (trace, "write-attempt-in-place");
    }
  else if (g_str_equal (name, "fsync") || g_str_equal (name, "fdatasync"))
    {
      const char *path = g_hash_table_lookup (trace->fds, GINT_TO_POINTER (fd));

      if (path == NULL)
        return;
      g_assert_cmpint (ret, ==, 0);
      if (g_str_equal (path, trace->folder))
        add_event (trace, "fsync-folder");
      else if (g_regex_match (trace->temp, path, 0, NULL))
        add_event (trace, "fsync-temp");
      else
        add_event (trace, "fsync-other");
    }
  else if (g_str_equal (name, "close"))
    {
      const char *path = g_hash_table_lookup (trace->fds, GINT_TO_POINTER (fd));

      if (path != NULL && g_regex_match (trace->temp, path, 0, NULL))
        add_event (trace, "close-temp");
      g_hash_table_remove (trace->fds, GINT_TO_POINTER (fd));
    }
  else if (g_str_has_prefix (name, "rename"))
    {
      const char *after = NULL;
      g_autofree char *from = quoted (paren, &after);
      g_autofree char *to = from ? quoted (after, NULL) : NULL;

      if (to == NULL || !in_folder (trace, to))
        return;
      g_assert_cmpint (ret, ==, 0);
      /* "<id>.ini.XXXXXX" over "<id>.ini" */
      if (g_regex_match (trace->temp, from, 0, NULL) && g_str_has_prefix (from, to) &&
          from[strlen (to)] == '.')
        {
          add_event (trace, "rename-over-attempt");
          g_free (trace->target);
          trace->target = g_strdup (to);
        }
      else
        add_event (trace, "rename-other");
    }
}

static void
parse_trace (Trace      *trace,
             const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = lines[i];
      char *call;
      gint64 pid = g_ascii_strtoll (line, &call, 10);
      char *unfinished;

      while (*call == ' ')
        call++;
      if (*call == '\0' || g_str_has_prefix (call, "+++") || g_str_has_prefix (call, "---"))
        continue;
      /* strace -f splits a call when another thread runs in between. */
      if ((unfinished = strstr (call, " <unfinished ...>")) != NULL)
        {
          *unfinished = '\0';
          g_hash_table_insert (trace->pending, GINT_TO_POINTER ((int)pid), g_strdup (call));
          continue;
        }
      if (g_str_has_prefix (call, "<... "))
        {
          const char *first = g_hash_table_lookup (trace->pending, GINT_TO_POINTER ((int)pid));
          const char *rest = strstr (call, "resumed>");
          g_autofree char *whole = NULL;

          g_assert_nonnull (first);
          g_assert_nonnull (rest);
          whole = g_strconcat (first, rest + strlen ("resumed>"), NULL);
          parse_call (trace, whole);
          g_hash_table_remove (trace->pending, GINT_TO_POINTER ((int)pid));
          continue;
        }
      parse_call (trace, call);
    }
}

static void
test_save_order (void)
{
  g_autofree char *strace = g_find_program_in_path ("strace");
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *trace_path = NULL;
  g_autofree char *trace_text = NULL;
  g_autofree char *strace_err = NULL;
  g_autofree char *helper_out = NULL;
  g_autofree char *escaped = NULL;
  g_autofree char *pattern = NULL;
  g_autofree char *saved = NULL;
  gsize saved_length = 0;
  g_auto(GStrv) envp = g_get_environ ();
  const char *asan = g_environ_getenv (envp, "ASAN_OPTIONS");
  g_autofree char *no_leaks = g_strconcat (asan ? asan : "", asan ? ":" : "", "detect_leaks=0",
                                           NULL);
  int status = 0;
  Trace trace = { 0, };
  const char *argv[] = {
    NULL, "-f", "-qq", "-e", "trace=" STRACE_CALLS, "-o", NULL,
    g_getenv ("CRASH_HELPER"), "--folder", NULL, "--saves", "2", NULL
  };

  if (strace == NULL)
    {
      g_test_skip ("strace is not installed (build-aux/dev installs it)");
      return;
    }
  g_assert_nonnull (g_getenv ("CRASH_HELPER"));

  tmp = g_dir_make_tmp ("imtehan-test-syscalls-XXXXXX", &error);
  g_assert_no_error (error);
  trace.folder = g_build_filename (tmp, "attempts", NULL);
  trace_path = g_build_filename (tmp, "trace", NULL);
  argv[0] = strace;
  argv[6] = trace_path;
  argv[9] = trace.folder;

  /* Two saves: the first creates the attempt file, the second replaces it. LeakSanitizer
   * cannot run under ptrace: off for the traced helper of a sanitizer build. */
  envp = g_environ_setenv (envp, "ASAN_OPTIONS", no_leaks, TRUE);
  g_spawn_sync (NULL, (char **)argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &helper_out,
                &strace_err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    {
      if (strstr (strace_err, "ptrace") != NULL && strstr (strace_err, "Operation not permitted"))
        {
          g_autofree char *reason = NULL;

          g_strdelimit (g_strstrip (strace_err), "\r\n", ' ');
          reason = g_strdup_printf ("strace may not trace here: %s", strace_err);
          g_test_skip (reason);
          g_unlink (trace_path);
          g_rmdir (tmp);
          g_free (trace.folder);
          return;
        }
      g_error ("strace or the helper failed: %s", strace_err);
    }
  g_test_message ("helper: %s", helper_out);

  g_file_get_contents (trace_path, &trace_text, NULL, &error);
  g_assert_no_error (error);

  escaped = g_regex_escape_string (trace.folder, -1);
  pattern = g_strdup_printf ("^%s/[^/]+\\.ini\\.[A-Z0-9]{6}$", escaped);
  trace.temp = g_regex_new (pattern, 0, 0, &error);
  g_assert_no_error (error);
  trace.fds = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  trace.pending = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  trace.events = g_string_new (NULL);

  parse_trace (&trace, trace_text);
  g_test_message ("events: %s", trace.events->str);

  /* Each save, nothing else in the folder: write the temporary file, fsync it, close it,
   * rename it over the attempt file, fsync the folder. */
  g_assert_cmpstr (trace.events->str, ==,
                   "create-temp write fsync-temp close-temp rename-over-attempt fsync-folder "
                   "create-temp write fsync-temp close-temp rename-over-attempt fsync-folder");

  /* And what was written is the whole file. */
  g_assert_nonnull (trace.target);
  g_file_get_contents (trace.target, &saved, &saved_length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (trace.written, ==, saved_length);
  g_assert_nonnull (strstr (saved, "\nAnswered=1\n"));

  g_hash_table_unref (trace.fds);
  g_hash_table_unref (trace.pending);
  g_string_free (trace.events, TRUE);
  g_regex_unref (trace.temp);
  g_unlink (trace.target);
  g_free (trace.target);
  g_rmdir (trace.folder);
  g_unlink (trace_path);
  g_rmdir (tmp);
  g_free (trace.folder);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/crash/syscalls/save-order", test_save_order);

  return g_test_run ();
}
