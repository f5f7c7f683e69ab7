/* imtehan-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-application"

#include "config.h"

#include <unistd.h>

#include <glib/gi18n.h>
#include <stdlib.h>

#include "imtehan-application.h"
#include "imtehan-bench.h"
#include "imtehan-cli.h"
#include "imtehan-context.h"
#include "imtehan-dialogs.h"
#include "imtehan-i18n.h"
#include "imtehan-lab-config.h"
#include "imtehan-library.h"
#include "imtehan-open.h"
#include "imtehan-preferences-page.h"
#include "imtehan-report-window.h"
#include "imtehan-quiz.h"
#include "imtehan-quiz-versions.h"
#include "imtehan-resources.h"
#include "imtehan-text.h"
#include "imtehan-warm-up.h"
#include "imtehan-window.h"

struct _ImtehanApplication
{
  AdwApplication  parent_instance;

  ImtehanLabConfig *lab_config;       /* with this run's options, before the context */
  ImtehanContext *context;             /* made at startup */
  GPtrArray      *command_line_files;  /* GFile: opened at the first activation */
  GPtrArray      *report_sources;      /* GFile: --report without an output file */
};

G_DEFINE_FINAL_TYPE (ImtehanApplication, imtehan_application, ADW_TYPE_APPLICATION)

static void
imtehan_application_dispose (GObject *object)
{
  ImtehanApplication *self = (ImtehanApplication *)object;

  g_clear_object (&self->lab_config);
  g_clear_object (&self->context);
  g_clear_pointer (&self->command_line_files, g_ptr_array_unref);
  g_clear_pointer (&self->report_sources, g_ptr_array_unref);

  G_OBJECT_CLASS (imtehan_application_parent_class)->dispose (object);
}

/* Which family Pango really uses for Urdu (imtehan_font_check_run()): a silent fallback to
 * another Arabic-script font shows no tofu, but breaks Nastaliq's look and, with some fonts,
 * letter joining. Run once, when the main loop is idle after the first frame: it never delays
 * the start page, and the font is loaded by then, so the check costs a look-up. */
static gboolean
font_check_cb (gpointer user_data)
{
  ImtehanFontCheck check = { 0 };

  imtehan_font_check_run (&check);
  g_debug ("Urdu text is shown in %s (%s glyphs for Urdu letters), checked in %" G_GINT64_FORMAT " µs",
           check.family ? check.family : "no font", check.has_glyphs ? "with" : "without",
           check.elapsed_us);
  if (!check.is_nastaliq || !check.has_glyphs)
    g_message ("Urdu text is shown in “%s”, not in Noto Nastaliq Urdu: it may not read as Urdu "
               "should. Install the Noto Nastaliq Urdu font (fonts-noto-core on Debian and Ubuntu).",
               check.family ? check.family : "no font");
  imtehan_bench_mark ("font-check", check.elapsed_us);
  imtehan_font_check_clear (&check);
  return G_SOURCE_REMOVE;
}

static void
first_frame_cb (GdkFrameClock *clock,
                gpointer       user_data)
{
  g_signal_handlers_disconnect_by_func (clock, first_frame_cb, user_data);
  g_idle_add_full (G_PRIORITY_LOW, font_check_cb, NULL, NULL);
}

static void
imtehan_application_activate (GApplication *app)
{
  ImtehanApplication *self = IMTEHAN_APPLICATION (app);
  GtkWindow *window;

  /* A second launch in the same session presents the existing window. */
  if ((window = gtk_application_get_active_window (GTK_APPLICATION (app))))
    {
      gtk_window_present (window);
      return;
    }
  /* `imtehan --report DIR…` with no file to write: the report window alone. */
  if (self->report_sources != NULL)
    {
      g_autoptr(GPtrArray) sources = g_steal_pointer (&self->report_sources);

      imtehan_report_window_present (GTK_APPLICATION (app), self->context,
                                     (GFile * const *)sources->pdata, sources->len);
      return;
    }
  /* Launched with files: their windows, not the bundled quiz's. */
  if (self->command_line_files != NULL)
    {
      g_autoptr(GPtrArray) files = g_steal_pointer (&self->command_line_files);

      g_application_open (app, (GFile **)files->pdata, files->len, "");
      return;
    }

  imtehan_bench_mark ("activate", 0);
  imtehan_fonts_init ();
  window = GTK_WINDOW (imtehan_window_new (GTK_APPLICATION (self), self->context));
  imtehan_bench_mark ("window-built", 0);
  /* Building the window lays nothing out, so the warm-up may still run meanwhile; its font
   * map becomes the default before the window is measured (the test of the warm-up builds
   * its window in the same order). */
  imtehan_warm_up_fonts_finish (NULL);
  imtehan_bench_mark ("warm-up-finished", 0);
  gtk_window_present (window);
  imtehan_bench_mark ("window-presented", 0);
  imtehan_bench_mark_frame_phases (GTK_WIDGET (window), "first");

  imtehan_bench_mark_after_paint (GTK_WIDGET (window), "first-frame");
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (first_frame_cb), NULL);
}

static void
imtehan_application_open (GApplication  *app,
                          GFile        **files,
                          int            n_files,
                          const char    *hint)
{
  /* As activate(): the fonts are set up before a window is measured. */
  imtehan_fonts_init ();
  imtehan_warm_up_fonts_finish (NULL);
  imtehan_open_files (GTK_APPLICATION (app), IMTEHAN_APPLICATION (app)->context, files, n_files,
                      gtk_application_get_active_window (GTK_APPLICATION (app)));
}

static void
open_cb (GSimpleAction *action,
         GVariant      *parameter,
         gpointer       user_data)
{
  GtkApplication *app = user_data;

  imtehan_open_choose (app, IMTEHAN_APPLICATION (app)->context,
                       gtk_application_get_active_window (app));
}

static void
quit_cb (GSimpleAction *action,
         GVariant      *parameter,
         gpointer       user_data)
{
  GtkApplication *app = user_data;
  GList *windows = gtk_application_get_windows (app);

  /* Closing each window lets it save what it holds (its close-request handler). */
  for (GList *l = windows; l != NULL;)
    {
      GtkWindow *window = l->data;

      l = l->next;
      gtk_window_close (window);
    }
}

static void
about_cb (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  GtkApplication *app = user_data;
  GtkWindow *window = gtk_application_get_active_window (app);
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  static const char *developers[] = { "Imtehan developers", NULL };

  /* Installed, the icon theme has the application's icon; run from the build tree, the
   * resource has it. Adding the resource path makes GTK read the icon theme again, so only
   * here, not at startup (see imtehan_application_startup()). */
  if (!gtk_icon_theme_has_icon (theme, APP_ID))
    gtk_icon_theme_add_resource_path (theme, RESOURCE_BASE "/icons");

  imtehan_dialogs_show_about (window,
                              "application-name", _("Imtehan"),
                              "application-icon", APP_ID,
                              "version", PACKAGE_VERSION,
                              "developer-name", _("Imtehan developers"),
                              "developers", developers,
                              "comments", _("Offline quizzes in Urdu and English"),
                              "license-type", GTK_LICENSE_GPL_3_0,
                              "website", "https://github.com/imtehan/imtehan",
                              "issue-url", "https://github.com/imtehan/imtehan/issues",
                              /* TRANSLATORS: your name, shown in the About window */
                              "translator-credits", _("translator-credits"),
                              NULL);
}

static void
preferences_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkApplication *app = user_data;

  imtehan_preferences_page_present (IMTEHAN_APPLICATION (app)->context,
                                    gtk_application_get_active_window (app));
}

static void
report_cb (GSimpleAction *action,
           GVariant      *parameter,
           gpointer       user_data)
{
  imtehan_report_window_present (GTK_APPLICATION (user_data),
                                 IMTEHAN_APPLICATION (user_data)->context, NULL, 0);
}

/* `imtehan --report DIR…` while Imtehan runs: the running instance opens the report. */
static void
report_sources_cb (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  g_autoptr(GPtrArray) sources = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree const char **uris = g_variant_get_strv (parameter, NULL);

  for (guint i = 0; uris[i] != NULL; i++)
    g_ptr_array_add (sources, g_file_new_for_uri (uris[i]));
  imtehan_report_window_present (GTK_APPLICATION (user_data),
                                 IMTEHAN_APPLICATION (user_data)->context,
                                 (GFile * const *)sources->pdata, sources->len);
}

static const GActionEntry app_actions[] = {
  { .name = "open", .activate = open_cb },
  { .name = "report", .activate = report_cb },
  { .name = "report-sources", .activate = report_sources_cb, .parameter_type = "as" },
  { .name = "preferences", .activate = preferences_cb },
  { .name = "quit", .activate = quit_cb },
  { .name = "about", .activate = about_cb },
};

static void
library_listed_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(ImtehanApplication) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!imtehan_context_list_library_finish (IMTEHAN_CONTEXT (source), result, &error))
    g_warning ("The quizzes could not be listed: %s", error->message);
  imtehan_bench_mark ("library-listed", g_list_model_get_n_items (
                        G_LIST_MODEL (imtehan_context_get_library (self->context))));
}

/* Made by handle-local-options when the options are read (the UI tests register the
 * application without them), else at startup. */
static void
ensure_lab_config (ImtehanApplication *self)
{
  g_autoptr(GSettings) settings = NULL;

  if (self->lab_config != NULL)
    return;
  settings = g_settings_new ("io.github.imtehan.Imtehan");
  self->lab_config = imtehan_lab_config_new (settings);
}

static void
imtehan_application_startup (GApplication *app)
{
  ImtehanApplication *self = IMTEHAN_APPLICATION (app);
  g_autoptr(GtkCssProvider) style = NULL;
  g_autofree char *setting = NULL;
  g_autofree char *language = NULL;
  g_autoptr(GFile) results_folder = NULL;

  imtehan_bench_mark ("startup", 0);
  ensure_lab_config (self);
  /* The history is listed on the store's worker while the toolkit initializes, and the
   * quizzes on the library's; the window shows them when there are several. */
  self->context = imtehan_context_new (self->lab_config);
  imtehan_store_prefetch_list (imtehan_context_get_store (self->context));
  imtehan_context_list_library_async (self->context, NULL, library_listed_cb, g_object_ref (self));
  /* GtkApplication's startup calls gtk_init() too, but then libadwaita initializes, a time
   * the font warm-up can use on the other core. Without a display GTK 4.8 goes on with none
   * (a failed gtk_init_check() counts as done) and crashes later: say so and stop, as
   * gtk_init() would. */
  if (!gtk_init_check ())
    {
      g_printerr (_("Imtehan needs a graphical display; checking quiz files does not: "
                    "imtehan --check FILE…\n"));
      /* Not exit(): its destructors unregister the GResource while the library's worker,
       * started above, may still read the bundled quiz from it. */
      _exit (1);
    }
  /* What AdwApplication does with a resource base path, which would also make
   * GtkApplication add RESOURCE_BASE/icons to the icon theme, and so make GTK read the
   * theme once more (see imtehan_warm_up_icon_theme()). */
  style = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (style, RESOURCE_BASE "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (style),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  setting = g_settings_get_string (imtehan_context_get_settings (self->context), "language");
  language = *setting ? g_strdup (setting) : imtehan_i18n_system_language ();
  imtehan_i18n_set_language (language);
  imtehan_warm_up_fonts_start (imtehan_context_get_quiz (self->context),
                               imtehan_i18n_get_language (),
                               imtehan_store_get_directory (imtehan_context_get_store (self->context)));
  imtehan_bench_mark ("warm-up-started", 0);
  G_APPLICATION_CLASS (imtehan_application_parent_class)->startup (app);
  imtehan_bench_mark ("toolkit-ready", 0);
  imtehan_warm_up_icon_theme ();

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit",
                                         (const char *[]) { "<Control>q", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.open",
                                         (const char *[]) { "<Control>o", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences",
                                         (const char *[]) { "<Control>comma", NULL });
  /* GtkWindow's own action: the same path as the header bar's close button, so closing saves
   * and asks about unsaved answers alike. */
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "window.close",
                                         (const char *[]) { "<Control>w", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.home",
                                         (const char *[]) { "<Alt>Home", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.toggle-language",
                                         (const char *[]) { "<Control>l", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay",
                                         (const char *[]) { "<Control>question", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.about",
                                         (const char *[]) { "F1", NULL });
  /* A question has up to 10 answers (IMTEHAN_QUESTION_MAX_CHOICES): 1 to 9, and 0 for the
   * tenth, as on the keyboard's number row. */
  for (guint i = 0; i < IMTEHAN_QUESTION_MAX_CHOICES; i++)
    {
      g_autofree char *detailed = g_strdup_printf ("win.choose(uint32 %u)", i);
      g_autofree char *key = g_strdup_printf ("%u", (i + 1) % 10);
      g_autofree char *kp = g_strdup_printf ("KP_%u", (i + 1) % 10);

      gtk_application_set_accels_for_action (GTK_APPLICATION (app), detailed,
                                             (const char *[]) { key, kp, NULL });
    }
}

/* The commands run here, before the application registers on the bus or opens a display:
 * a script or a teacher's terminal needs neither. */
static int
imtehan_application_handle_local_options (GApplication *app,
                                          GVariantDict *options)
{
  g_autofree const char **files = NULL;
  const char *gift = NULL;
  const char *xml = NULL;
  const char *output = NULL;
  const char *language = NULL;
  const char *csv = NULL;
  const char *stats_csv = NULL;
  const char *pdf = NULL;
  gboolean check = FALSE;
  gboolean report = FALSE;
  gboolean include_practice = FALSE;
  g_autoptr(GError) error = NULL;
  int status;

  g_variant_dict_lookup (options, "check", "b", &check);
  g_variant_dict_lookup (options, "import-gift", "^&ay", &gift);
  g_variant_dict_lookup (options, "import-xml", "^&ay", &xml);
  g_variant_dict_lookup (options, "output", "^&ay", &output);
  g_variant_dict_lookup (options, "language", "&s", &language);
  g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &files);

  g_variant_dict_lookup (options, "report", "b", &report);
  g_variant_dict_lookup (options, "csv", "^&ay", &csv);
  g_variant_dict_lookup (options, "stats-csv", "^&ay", &stats_csv);
  g_variant_dict_lookup (options, "pdf", "^&ay", &pdf);
  g_variant_dict_lookup (options, "include-practice", "b", &include_practice);

  if ((status = imtehan_cli_report (report, files, csv, stats_csv, pdf,
                                    include_practice)) >= 0)
    return status;
  if (report)
    {
      ImtehanApplication *self = IMTEHAN_APPLICATION (app);

      self->report_sources = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; files != NULL && files[i] != NULL; i++)
        g_ptr_array_add (self->report_sources, g_file_new_for_commandline_arg (files[i]));
      if (!g_application_register (app, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      if (g_application_get_is_remote (app))
        {
          g_autoptr(GStrvBuilder) uris = g_strv_builder_new ();
          g_auto(GStrv) strv = NULL;

          for (guint i = 0; i < self->report_sources->len; i++)
            {
              g_autofree char *uri = g_file_get_uri (g_ptr_array_index (self->report_sources, i));

              g_strv_builder_add (uris, uri);
            }
          strv = g_strv_builder_end (uris);
          g_action_group_activate_action (G_ACTION_GROUP (app), "report-sources",
                                          g_variant_new_strv ((const char * const *)strv, -1));
          return 0;
        }
      return G_APPLICATION_CLASS (imtehan_application_parent_class)->handle_local_options (
        app, options);
    }
  if ((status = imtehan_cli_run (check, files, gift, xml, output, language)) >= 0)
    return status;

  /* The lab's options: a bad value stops here, before a window, with the usage status of
   * the other commands. */
  ensure_lab_config (IMTEHAN_APPLICATION (app));
  if (!imtehan_lab_config_apply_options (IMTEHAN_APPLICATION (app)->lab_config, options,
                                         &error))
    {
      g_printerr ("%s\n", error->message);
      return IMTEHAN_CLI_EXIT_USAGE;
    }
  /* Without G_APPLICATION_HANDLES_COMMAND_LINE a running instance is only activated (or
   * given the files): its settings were fixed when it started, so say that these were not
   * applied rather than drop them silently. */
  if (imtehan_lab_config_has_overrides (IMTEHAN_APPLICATION (app)->lab_config))
    {
      if (!g_application_register (app, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      if (g_application_get_is_remote (app))
        g_printerr (_("Imtehan is already running: its window is shown with the settings it "
                      "started with. To use these options, quit Imtehan and launch it again.\n"));
    }

  /* Files to open: a running instance opens them; else the first activation does. */
  if (files != NULL && files[0] != NULL)
    {
      ImtehanApplication *self = IMTEHAN_APPLICATION (app);

      self->command_line_files = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; files[i] != NULL; i++)
        g_ptr_array_add (self->command_line_files, g_file_new_for_commandline_arg (files[i]));
      if (!g_application_register (app, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      if (g_application_get_is_remote (app))
        {
          g_application_open (app, (GFile **)self->command_line_files->pdata,
                              self->command_line_files->len, "");
          return 0;
        }
    }

  return G_APPLICATION_CLASS (imtehan_application_parent_class)->handle_local_options (app,
                                                                                      options);
}

static void
imtehan_application_class_init (ImtehanApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = imtehan_application_dispose;
  app_class->activate = imtehan_application_activate;
  app_class->open = imtehan_application_open;
  app_class->startup = imtehan_application_startup;
  app_class->handle_local_options = imtehan_application_handle_local_options;

  /* The resources live in a static library: referencing them keeps the linker from
   * dropping the object whose constructor registers them. */
  (void)imtehan_get_resource ();
}

static const GOptionEntry option_entries[] = {
  { "check", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("Check quiz files: print each problem with its line, open no window"), NULL },
  { "import-gift", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("Turn a Moodle GIFT file into a quiz file (with --output)"), N_("FILE.gift") },
  { "import-xml", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("Turn a Moodle XML file into a quiz file (with --output)"), N_("FILE.xml") },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, NULL,
    N_("The quiz file that --import-gift or --import-xml writes"), N_("FILE.quiz") },
  { "language", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("The language of the bank’s text: en or ur (guessed from the text without it)"), "en|ur" },
  { "report", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("Show the class report of the attempts in these folders or files"), NULL },
  { "csv", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("With --report: write the attempts as CSV to this file, open no window"), N_("FILE") },
  { "stats-csv", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("With --report: write the question statistics as CSV to this file, open no window"),
    N_("FILE") },
  { "pdf", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("With --report: write the report as PDF to this file, open no window"), N_("FILE") },
  { "include-practice", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("With --report: count practice attempts too"), NULL },
  /* The lab's settings for this run (imtehan-lab-config.c checks the values: numbers are
   * strings here so that "-5" or "ten" gets a message of our own, and exit status 2). */
  { "results-folder", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("Save attempts in this folder, such as a lab’s shared folder"), N_("DIR") },
  { "learner-required", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("Ask for the learner’s name before an attempt"), NULL },
  { "mode", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("exam: answers are marked at the end; practice: each answer is checked at once"),
    "exam|practice" },
  { "time-limit", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Minutes for an attempt, 0 for no limit"), N_("MINUTES") },
  { "attempts", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Attempts allowed per learner and quiz, 0 for no limit"), "N" },
  { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, NULL, NULL, N_("[FILE…]") },
  { NULL }
};

static void
imtehan_application_init (ImtehanApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
}

ImtehanApplication *
imtehan_application_new (void)
{
  return g_object_new (IMTEHAN_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       /* No "resource-base-path": imtehan_application_startup() loads
                        * style.css itself, and About adds the icons when needed. */
                       "resource-base-path", NULL,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       NULL);
}

/* What every window of this run shares (the store, the library, the lab's settings). */
ImtehanContext *
imtehan_application_get_context (ImtehanApplication *self)
{
  g_return_val_if_fail (IMTEHAN_IS_APPLICATION (self), NULL);

  return self->context;
}
