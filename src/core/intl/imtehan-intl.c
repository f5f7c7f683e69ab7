/* imtehan-intl.c: the gettext family, answered from the app's own reading of the catalogs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The language switches at any moment (Ctrl+L, the اردو/English button) and must work where
 * the only locale is C.UTF-8, as in a Flatpak runtime, where glibc ignores LANGUAGE
 * (glibc 2.41, intl/dcigettext.c, guess_category_value()); setlocale() is process-wide and
 * unsafe while the store's threads run. So gettext, dgettext, dcgettext, ngettext, dngettext
 * and dcngettext are defined here, on imtehan-catalog.c: ELF look-up starts with the
 * executable, so the calls of GLib (and through it GtkBuilder), GTK, libadwaita and the app
 * all come here, in every binary that links the core; imtehan-intl.sym exports them to
 * libraries loaded later. No LD_PRELOAD: it holds in Flatpak, under valgrind and with the
 * sanitizers. Other categories, the C library's own messages (strerror()), bindtextdomain()
 * and textdomain() still go to the C library. Catalogs are kept for the process's life, so
 * a returned string stays valid; look-ups may come from any thread.
 */

#define _GNU_SOURCE

#define G_LOG_DOMAIN "imtehan-intl"

#include "config.h"

#include <dlfcn.h>
#include <libintl.h>
#include <locale.h>
#include <string.h>

#include "imtehan-catalog.h"
#include "imtehan-intl.h"
#include "imtehan-text.h"

typedef struct
{
  char           *language;
  char           *domain;
  char           *directory;
  ImtehanCatalog *catalog;   /* NULL: none there */
} Entry;

static GMutex entries_lock;
static GPtrArray *entries;
static const char *chosen_language;  /* interned; NULL: the system's */
/* Set while this thread looks a catalog up: GLib code below must not wait for the lock. */
static __thread gboolean translating;

/* The languages Imtehan is translated into (po/LINGUAS) and English, its source. */
static const char *
supported_language (const char *name)
{
  gsize len = strcspn (name, "_.@-");

  if (len == 2 && g_ascii_strncasecmp (name, "ur", 2) == 0)
    return "ur";
  if (len == 2 && g_ascii_strncasecmp (name, "en", 2) == 0)
    return "en";
  if (strcmp (name, "C") == 0 || strcmp (name, "POSIX") == 0 || g_str_has_prefix (name, "C."))
    return "en";
  return NULL;
}

/**
 * imtehan_intl_system_language:
 *
 * The language the system asks for, as GLib reads it: LANGUAGE, then LC_ALL, LC_MESSAGES and
 * LANG, whatever the C library makes of them in a C locale. Only a language with a
 * translation counts; anything else gives English.
 */
const char *
imtehan_intl_system_language (void)
{
  const char * const *names = g_get_language_names ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *language = supported_language (names[i]);

      if (language != NULL)
        return language;
    }
  return "en";
}

/**
 * imtehan_intl_set_language:
 * @language: (nullable): a language code ("ur", "en") or a locale name; %NULL to follow the
 *   system again
 *
 * Every translation asked for after this, by the app, GLib, GTK or libadwaita, from any
 * thread, is in @language.
 */
void
imtehan_intl_set_language (const char *language)
{
  g_autofree char *code = language ? imtehan_language_normalize (language) : NULL;

  g_atomic_pointer_set (&chosen_language, code ? g_intern_string (code) : NULL);
}

/* The language chosen, else the system's. */
const char *
imtehan_intl_get_language (void)
{
  const char *chosen = g_atomic_pointer_get (&chosen_language);

  return chosen ? chosen : imtehan_intl_system_language ();
}

static ImtehanCatalog *
load_catalog (const char *directory,
              const char *language,
              const char *domain)
{
  g_auto(GStrv) variants = g_get_locale_variants (language);
  g_autofree char *file = g_strconcat (domain, ".mo", NULL);

  for (guint i = 0; variants[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (directory, variants[i], "LC_MESSAGES", file,
                                                NULL);
      ImtehanCatalog *catalog = imtehan_catalog_new_for_path (path);

      if (catalog != NULL)
        return catalog;
    }
  return NULL;
}

/* The catalog of @domain in @language, from the folder the domain is bound to, as the C
 * library would pick it. */
static const ImtehanCatalog *
find_catalog (const char *language,
              const char *domain)
{
  const char *directory = bindtextdomain (domain, NULL);
  const ImtehanCatalog *catalog;
  Entry *entry = NULL;

  if (directory == NULL)
    return NULL;

  g_mutex_lock (&entries_lock);
  if (entries == NULL)
    entries = g_ptr_array_new ();
  for (guint i = 0; i < entries->len && entry == NULL; i++)
    {
      Entry *e = g_ptr_array_index (entries, i);

      if (strcmp (e->language, language) == 0 && strcmp (e->domain, domain) == 0 &&
          strcmp (e->directory, directory) == 0)
        entry = e;
    }
  if (entry == NULL)
    {
      entry = g_new0 (Entry, 1);
      entry->language = g_strdup (language);
      entry->domain = g_strdup (domain);
      entry->directory = g_strdup (directory);
      entry->catalog = load_catalog (directory, language, domain);
      g_ptr_array_add (entries, entry);
    }
  catalog = entry->catalog;
  g_mutex_unlock (&entries_lock);

  return catalog;
}

/* What gettext returns: the translation, else the English string (for @n by English's rule
 * when there is a plural). */
static const char *
translate (const char *domain,
           const char *msgid,
           const char *msgid_plural,
           gulong      n)
{
  const char *language;
  const char *found = NULL;

  if (msgid == NULL)
    return NULL;

  language = imtehan_intl_get_language ();
  if (strcmp (language, "en") != 0 && !translating)
    {
      const ImtehanCatalog *catalog;

      translating = TRUE;
      if (domain == NULL)
        domain = textdomain (NULL);
      catalog = domain ? find_catalog (language, domain) : NULL;
      if (catalog != NULL)
        found = msgid_plural ? imtehan_catalog_lookup_plural (catalog, msgid, n)
                             : imtehan_catalog_lookup (catalog, msgid);
      translating = FALSE;
    }

  if (found != NULL)
    return found;
  if (msgid_plural != NULL)
    return n == 1 ? msgid : msgid_plural;
  return msgid;
}

const char *
imtehan_intl_dgettext (const char *domain,
                       const char *msgid)
{
  return translate (domain, msgid, NULL, 0);
}

const char *
imtehan_intl_dngettext (const char *domain,
                        const char *msgid,
                        const char *msgid_plural,
                        gulong      n)
{
  return translate (domain, msgid, msgid_plural, n);
}

/* @context_and_id: the context, EOT, @msgid, as msgfmt stores it. */
const char *
imtehan_intl_dpgettext (const char *domain,
                        const char *context_and_id,
                        const char *msgid)
{
  const char *found = translate (domain, context_and_id, NULL, 0);

  return found == context_and_id ? msgid : found;
}

/* The C library's own, for the categories other than LC_MESSAGES. */
static char *
c_library_dcgettext (const char *domain,
                     const char *msgid,
                     int         category)
{
  static char *(*real) (const char *, const char *, int);
  static gsize looked_up;

  if (g_once_init_enter (&looked_up))
    {
      *(void **)&real = dlsym (RTLD_NEXT, "dcgettext");
      g_once_init_leave (&looked_up, 1);
    }
  return real ? real (domain, msgid, category) : (char *)msgid;
}

static char *
c_library_dcngettext (const char    *domain,
                      const char    *msgid,
                      const char    *msgid_plural,
                      unsigned long  n,
                      int            category)
{
  static char *(*real) (const char *, const char *, const char *, unsigned long, int);
  static gsize looked_up;

  if (g_once_init_enter (&looked_up))
    {
      *(void **)&real = dlsym (RTLD_NEXT, "dcngettext");
      g_once_init_leave (&looked_up, 1);
    }
  if (real != NULL)
    return real (domain, msgid, msgid_plural, n, category);
  return (char *)(n == 1 ? msgid : msgid_plural);
}

/* The gettext family, in place of the C library's (see the top of this file). <libintl.h>
 * makes some of them macros when optimizing. */
#undef gettext
#undef dgettext
#undef dcgettext
#undef ngettext
#undef dngettext
#undef dcngettext

char *
gettext (const char *msgid)
{
  return (char *)translate (NULL, msgid, NULL, 0);
}

char *
dgettext (const char *domain,
          const char *msgid)
{
  return (char *)translate (domain, msgid, NULL, 0);
}

char *
dcgettext (const char *domain,
           const char *msgid,
           int         category)
{
  if (category != LC_MESSAGES)
    return c_library_dcgettext (domain, msgid, category);
  return (char *)translate (domain, msgid, NULL, 0);
}

char *
ngettext (const char    *msgid,
          const char    *msgid_plural,
          unsigned long  n)
{
  return (char *)translate (NULL, msgid, msgid_plural, n);
}

char *
dngettext (const char    *domain,
           const char    *msgid,
           const char    *msgid_plural,
           unsigned long  n)
{
  return (char *)translate (domain, msgid, msgid_plural, n);
}

char *
dcngettext (const char    *domain,
            const char    *msgid,
            const char    *msgid_plural,
            unsigned long  n,
            int            category)
{
  if (category != LC_MESSAGES)
    return c_library_dcngettext (domain, msgid, msgid_plural, n, category);
  return (char *)translate (domain, msgid, msgid_plural, n);
}
