/* test-intl.c: the app's own gettext, whatever the C library and the locale
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tests run under LC_ALL=C.UTF-8, where glibc 2.41 ignores LANGUAGE: every translation
 * below is one the C library's gettext would not have given.
 */

#include "config.h"

#include <libintl.h>
#include <locale.h>
#include <string.h>

#include <glib.h>
#include <glib/gi18n-lib.h>

#include "imtehan-catalog.h"
#include "imtehan-intl.h"

/* Where Debian keeps the catalogs of GTK and the other libraries. */
#define LOCALEDIR_SYSTEM "/usr/share/locale"

static GBytes *
read_catalog (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("IMTEHAN_LOCALEDIR"), "ur",
                                            "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  g_autoptr(GError) error = NULL;
  char *data = NULL;
  gsize size = 0;

  g_assert_true (g_file_get_contents (path, &data, &size, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (data, size);
}

/* The rules of gettext's Plural-Forms table, against the forms their languages use. */
static void
test_plural_rules (void)
{
  static const struct
  {
    const char *rule;
    gulong      n[8];
    gulong      index[8];
  } cases[] = {
    { "(n != 1);", { 0, 1, 2, 5, 100 }, { 1, 0, 1, 1, 1 } },
    { "n>1", { 0, 1, 2 }, { 0, 0, 1 } },
    { "0", { 0, 1, 7 }, { 0, 0, 0 } },
    /* Arabic */
    { "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;",
      { 0, 1, 2, 3, 10, 11, 99, 100 }, { 0, 1, 2, 3, 3, 4, 4, 5 } },
    /* Polish */
    { "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
      { 1, 2, 4, 5, 12, 22, 25, 0 }, { 0, 1, 1, 2, 2, 1, 2, 2 } },
    /* Slovenian: ! and unary grouping */
    { "(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3)",
      { 1, 2, 3, 4, 5, 101, 102, 0 }, { 0, 1, 2, 2, 3, 0, 1, 3 } },
    { "!(n <= 1)", { 0, 1, 2 }, { 0, 0, 1 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ImtehanPluralRule) rule = imtehan_plural_rule_new (cases[i].rule, NULL);

      g_assert_nonnull (rule);
      for (guint j = 0; j < G_N_ELEMENTS (cases[i].n); j++)
        {
          if (j > 0 && cases[i].n[j] == 0 && cases[i].index[j] == 0)
            break;
          g_assert_cmpuint (imtehan_plural_rule_eval (rule, cases[i].n[j]), ==,
                            cases[i].index[j]);
        }
    }
}

/* A rule that does not parse is refused, not guessed; division by zero gives 0, no trap. */
static void
test_plural_rules_refused (void)
{
  static const char * const bad[] = {
    "", "n +", "(n", "n ? 1", "n ? 1 :", "n == == 1", "m != 1", "n != 1 )", "1 +* 2",
  };
  g_autoptr(ImtehanPluralRule) by_zero = imtehan_plural_rule_new ("n / 0 + n % 0", NULL);
  GString *deep = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      ImtehanPluralRule *rule = imtehan_plural_rule_new (bad[i], NULL);

      if (rule != NULL)
        g_error ("the plural rule \"%s\" was taken", bad[i]);
    }

  g_assert_nonnull (by_zero);
  g_assert_cmpuint (imtehan_plural_rule_eval (by_zero, 5), ==, 0);

  /* A hostile catalog's rule must not exhaust the stack. */
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '(');
  g_string_append_c (deep, 'n');
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, ')');
  g_assert_null (imtehan_plural_rule_new (deep->str, NULL));
  g_string_free (deep, TRUE);
}

/* The app's own catalog, as msgfmt wrote it in the build. */
static void
test_catalog_lookup (void)
{
  g_autoptr(GBytes) bytes = read_catalog ();
  g_autoptr(ImtehanCatalog) catalog = imtehan_catalog_new_from_bytes (bytes);
  g_autofree char *one = NULL;
  g_autofree char *three = NULL;

  g_assert_nonnull (catalog);
  g_assert_cmpuint (imtehan_catalog_get_n_strings (catalog), >, 100);
  g_assert_cmpstr (imtehan_catalog_lookup (catalog, "Imtehan"), ==, "امتحان");
  g_assert_null (imtehan_catalog_lookup (catalog, "No such message, anywhere"));
  /* As gettext: "" is the header entry. */
  g_assert_nonnull (strstr (imtehan_catalog_lookup (catalog, ""), "Plural-Forms:"));

  /* Urdu has two forms, as English. */
  g_assert_cmpuint (imtehan_catalog_get_n_plurals (catalog), ==, 2);
  g_assert_cmpuint (imtehan_catalog_get_plural_index (catalog, 1), ==, 0);
  g_assert_cmpuint (imtehan_catalog_get_plural_index (catalog, 3), ==, 1);
  one = g_strdup (imtehan_catalog_lookup_plural (catalog, "%u question", 1));
  three = g_strdup (imtehan_catalog_lookup_plural (catalog, "%u question", 3));
  g_assert_nonnull (one);
  g_assert_nonnull (three);
  g_assert_true (strstr (three, "%u") != NULL);
  g_assert_true (g_utf8_validate (three, -1, NULL));
}

/* Every cut of a real catalog and every byte changed in its header and tables loads or is
 * refused, and what loads looks up without reading outside the file (ASan checks it). */
static void
test_catalog_damaged (void)
{
  g_autoptr(GBytes) bytes = read_catalog ();
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  static const char * const probes[] = { "Imtehan", "%u question", "", "Start" };
  g_autoptr(GBytes) empty = g_bytes_new_static ("", 0);
  guint loaded = 0;

  g_assert_null (imtehan_catalog_new_from_bytes (empty));

  for (gsize cut = 0; cut < size; cut += (cut < 64 ? 1 : 997))
    {
      g_autoptr(GBytes) part = g_bytes_new_from_bytes (bytes, 0, cut);
      g_autoptr(ImtehanCatalog) catalog = imtehan_catalog_new_from_bytes (part);

      if (catalog == NULL)
        continue;
      loaded++;
      for (guint i = 0; i < G_N_ELEMENTS (probes); i++)
        {
          (void)imtehan_catalog_lookup (catalog, probes[i]);
          (void)imtehan_catalog_lookup_plural (catalog, probes[i], 3);
        }
    }
  /* A catalog cut short of its strings is refused. */
  g_assert_cmpuint (loaded, ==, 0);

  for (gsize at = 0; at < MIN (size, 4096); at++)
    {
      guint8 *copy = g_memdup2 (data, size);
      g_autoptr(GBytes) changed = NULL;
      g_autoptr(ImtehanCatalog) catalog = NULL;

      copy[at] ^= (at % 7 == 0) ? 0xff : 0x80;
      changed = g_bytes_new_take (copy, size);
      catalog = imtehan_catalog_new_from_bytes (changed);
      if (catalog == NULL)
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (probes); i++)
        {
          const char *found = imtehan_catalog_lookup (catalog, probes[i]);

          g_assert_true (found == NULL || g_utf8_validate (found, -1, NULL));
          (void)imtehan_catalog_lookup_plural (catalog, probes[i], 3);
        }
    }
}

/* The C library's gettext family and GLib's, called as GTK and GtkBuilder call them, give
 * the language the app chose, in a C.UTF-8 locale. */
static void
test_switch (void)
{
  const char *ctype = setlocale (LC_MESSAGES, NULL);

  g_assert_true (ctype != NULL && g_str_has_prefix (ctype, "C"));

  imtehan_intl_set_language ("ur");
  g_assert_cmpstr (imtehan_intl_get_language (), ==, "ur");
  g_assert_cmpstr (dgettext (GETTEXT_PACKAGE, "Imtehan"), ==, "امتحان");
  g_assert_cmpstr (dcgettext (GETTEXT_PACKAGE, "Imtehan", LC_MESSAGES), ==, "امتحان");
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Imtehan"), ==, "امتحان");
  g_assert_cmpstr (imtehan_intl_dgettext (GETTEXT_PACKAGE, "Imtehan"), ==, "امتحان");
  g_assert_cmpstr (dngettext (GETTEXT_PACKAGE, "%u question", "%u questions", 3), ==,
                   imtehan_intl_dngettext (GETTEXT_PACKAGE, "%u question", "%u questions", 3));
  g_assert_cmpstr (dngettext (GETTEXT_PACKAGE, "%u question", "%u questions", 3), !=,
                   "%u questions");
  /* What is not in the catalog stays as it is, by English's plural rule. */
  g_assert_cmpstr (dgettext (GETTEXT_PACKAGE, "Not translated"), ==, "Not translated");
  g_assert_cmpstr (dngettext (GETTEXT_PACKAGE, "a", "as", 1), ==, "a");
  g_assert_cmpstr (dngettext (GETTEXT_PACKAGE, "a", "as", 2), ==, "as");
  g_assert_cmpstr (dgettext ("no-such-domain", "Imtehan"), ==, "Imtehan");

  imtehan_intl_set_language ("en");
  g_assert_cmpstr (dgettext (GETTEXT_PACKAGE, "Imtehan"), ==, "Imtehan");
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Imtehan"), ==, "Imtehan");

  /* A locale name is taken for its language. */
  imtehan_intl_set_language ("ur_PK.UTF-8");
  g_assert_cmpstr (imtehan_intl_get_language (), ==, "ur");
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Imtehan"), ==, "امتحان");
  imtehan_intl_set_language ("en");
}

/* GTK's own catalog, where the system has one: its strings follow the app's language too. */
static void
test_other_domain (void)
{
  const char *gtk = "gtk40";
  const char *msgid = "General";
  g_autofree char *path = g_build_filename (LOCALEDIR_SYSTEM, "ur", "LC_MESSAGES",
                                            "gtk40.mo", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ImtehanCatalog) catalog = NULL;
  char *data = NULL;
  gsize size = 0;

  if (!g_file_get_contents (path, &data, &size, NULL))
    {
      g_test_skip ("this system has no Urdu catalog of GTK");
      return;
    }
  bytes = g_bytes_new_take (data, size);
  catalog = imtehan_catalog_new_from_bytes (bytes);
  g_assert_nonnull (catalog);
  if (imtehan_catalog_lookup (catalog, msgid) == NULL)
    {
      g_test_skip ("GTK's Urdu catalog does not translate \"General\"");
      return;
    }

  bindtextdomain (gtk, LOCALEDIR_SYSTEM);
  imtehan_intl_set_language ("ur");
  g_assert_cmpstr (g_dgettext (gtk, msgid), ==, imtehan_catalog_lookup (catalog, msgid));
  imtehan_intl_set_language ("en");
  g_assert_cmpstr (g_dgettext (gtk, msgid), ==, msgid);
}

typedef struct
{
  gint stop;
  gint wrong;
} Race;

static gpointer
look_up (gpointer data)
{
  Race *race = data;

  while (!g_atomic_int_get (&race->stop))
    {
      const char *found = dgettext (GETTEXT_PACKAGE, "Imtehan");

      if (strcmp (found, "Imtehan") != 0 && strcmp (found, "امتحان") != 0)
        g_atomic_int_inc (&race->wrong);
    }
  return NULL;
}

/* Look-ups from other threads while the language switches: always one of the two. */
static void
test_threads (void)
{
  Race race = { 0, 0 };
  GThread *threads[4];

  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("look-up", look_up, &race);
  for (guint i = 0; i < 2000; i++)
    imtehan_intl_set_language (i % 2 ? "en" : "ur");
  g_atomic_int_set (&race.stop, 1);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_thread_join (threads[i]);
  g_assert_cmpint (race.wrong, ==, 0);
  imtehan_intl_set_language ("en");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("IMTEHAN_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/intl/plural-rules", test_plural_rules);
  g_test_add_func ("/intl/plural-rules/refused", test_plural_rules_refused);
  g_test_add_func ("/intl/catalog/lookup", test_catalog_lookup);
  g_test_add_func ("/intl/catalog/damaged", test_catalog_damaged);
  g_test_add_func ("/intl/switch", test_switch);
  g_test_add_func ("/intl/other-domain", test_other_domain);
  g_test_add_func ("/intl/threads", test_threads);
  return g_test_run ();
}
