/* imtehan-context.c: what every window and command of one run shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The application and the command line build it alike, so that both score attempts against
 * the same quizzes and save into the same folder. Windows get it as a property.
 */

#define G_LOG_DOMAIN "imtehan-context"

#include "config.h"

#include "imtehan-context.h"
#include "imtehan-text.h"

/* The quiz that ships with the app, in its GResource. */
#define BUNDLED_QUIZ RESOURCE_BASE "/quizzes/zero-sharded-optimizers.quiz"

struct _ImtehanContext
{
  GObject              parent_instance;

  ImtehanLabConfig    *lab_config;
  ImtehanStore        *store;
  ImtehanLibrary      *library;
  ImtehanQuizVersions *versions;
  ImtehanQuiz         *quiz;         /* loaded at the first use */
  /* The last learner's name and roll number on this PC, for the rest of this run only: a
   * lab PC is shared, so nothing of it is written to disk. */
  char                *learner;
  char                *roll_number;
};

G_DEFINE_FINAL_TYPE (ImtehanContext, imtehan_context, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LAB_CONFIG,
  PROP_STORE,
  PROP_LIBRARY,
  PROP_VERSIONS,
  PROP_QUIZ,
  PROP_LEARNER,
  PROP_ROLL_NUMBER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
imtehan_context_dispose (GObject *object)
{
  ImtehanContext *self = IMTEHAN_CONTEXT (object);

  g_clear_object (&self->lab_config);
  g_clear_object (&self->store);
  g_clear_object (&self->library);
  g_clear_object (&self->versions);
  g_clear_object (&self->quiz);

  G_OBJECT_CLASS (imtehan_context_parent_class)->dispose (object);
}

static void
imtehan_context_finalize (GObject *object)
{
  ImtehanContext *self = IMTEHAN_CONTEXT (object);

  g_free (self->learner);
  g_free (self->roll_number);

  G_OBJECT_CLASS (imtehan_context_parent_class)->finalize (object);
}

static void
imtehan_context_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ImtehanContext *self = IMTEHAN_CONTEXT (object);

  switch (prop_id)
    {
    case PROP_LAB_CONFIG:
      g_value_set_object (value, self->lab_config);
      break;
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;
    case PROP_LIBRARY:
      g_value_set_object (value, self->library);
      break;
    case PROP_VERSIONS:
      g_value_set_object (value, self->versions);
      break;
    case PROP_QUIZ:
      g_value_set_object (value, imtehan_context_get_quiz (self));
      break;
    case PROP_LEARNER:
      g_value_set_string (value, self->learner);
      break;
    case PROP_ROLL_NUMBER:
      g_value_set_string (value, self->roll_number);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
imtehan_context_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  ImtehanContext *self = IMTEHAN_CONTEXT (object);

  switch (prop_id)
    {
    case PROP_LAB_CONFIG:
      self->lab_config = g_value_dup_object (value);
      break;
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;
    case PROP_LIBRARY:
      self->library = g_value_dup_object (value);
      break;
    case PROP_VERSIONS:
      self->versions = g_value_dup_object (value);
      break;
    case PROP_QUIZ:
      self->quiz = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* What is not given is made as the installed app makes it: the results folder the lab set
 * (its saves wait in a local folder while a share is away) or the user's own, the bundled
 * quiz with the installed ones, and every version kept. */
static void
imtehan_context_constructed (GObject *object)
{
  ImtehanContext *self = IMTEHAN_CONTEXT (object);

  G_OBJECT_CLASS (imtehan_context_parent_class)->constructed (object);

  if (self->lab_config == NULL)
    {
      g_autoptr(GSettings) settings = g_settings_new ("io.github.imtehan.Imtehan");

      self->lab_config = imtehan_lab_config_new (settings);
    }
  if (self->store == NULL)
    {
      g_autoptr(GFile) results_folder = imtehan_lab_config_dup_results_folder (self->lab_config);

      self->store = results_folder ? imtehan_store_new_for_results_folder (results_folder, NULL)
                                   : imtehan_store_new_default ();
    }
  if (self->versions == NULL)
    self->versions = imtehan_quiz_versions_new_default ();
  if (self->library == NULL)
    {
      self->library = imtehan_library_new_default ((const char * const[]) { BUNDLED_QUIZ, NULL });
      imtehan_library_set_versions (self->library, self->versions);
    }
}

static void
imtehan_context_class_init (ImtehanContextClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags construct = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = imtehan_context_constructed;
  object_class->dispose = imtehan_context_dispose;
  object_class->finalize = imtehan_context_finalize;
  object_class->get_property = imtehan_context_get_property;
  object_class->set_property = imtehan_context_set_property;

  properties[PROP_LAB_CONFIG] =
    g_param_spec_object ("lab-config", NULL, NULL, IMTEHAN_TYPE_LAB_CONFIG, construct);
  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, IMTEHAN_TYPE_STORE, construct);
  properties[PROP_LIBRARY] =
    g_param_spec_object ("library", NULL, NULL, IMTEHAN_TYPE_LIBRARY, construct);
  properties[PROP_VERSIONS] =
    g_param_spec_object ("versions", NULL, NULL, IMTEHAN_TYPE_QUIZ_VERSIONS, construct);
  /* The quiz a window shows when it is given none: the bundled one unless a test says. */
  properties[PROP_QUIZ] =
    g_param_spec_object ("quiz", NULL, NULL, IMTEHAN_TYPE_QUIZ, construct);
  properties[PROP_LEARNER] =
    g_param_spec_string ("learner", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROLL_NUMBER] =
    g_param_spec_string ("roll-number", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
imtehan_context_init (ImtehanContext *self)
{
}

/**
 * imtehan_context_new:
 * @lab_config: (nullable): the lab's settings with this run's options; %NULL reads the
 *   settings alone
 *
 * The store, library and versions of this user, as the installed app uses them. Nothing is
 * listed yet: imtehan_context_list_library_async() does that off the main thread.
 */
ImtehanContext *
imtehan_context_new (ImtehanLabConfig *lab_config)
{
  return g_object_new (IMTEHAN_TYPE_CONTEXT, "lab-config", lab_config, NULL);
}

/**
 * imtehan_context_new_full:
 *
 * A context with services of the caller's own (a test's folders); any %NULL one is made
 * as imtehan_context_new() makes it.
 */
ImtehanContext *
imtehan_context_new_full (ImtehanLabConfig    *lab_config,
                          ImtehanStore        *store,
                          ImtehanLibrary      *library,
                          ImtehanQuizVersions *versions,
                          ImtehanQuiz         *quiz)
{
  return g_object_new (IMTEHAN_TYPE_CONTEXT,
                       "lab-config", lab_config,
                       "store", store,
                       "library", library,
                       "versions", versions,
                       "quiz", quiz,
                       NULL);
}

ImtehanLabConfig *
imtehan_context_get_lab_config (ImtehanContext *self)
{
  g_return_val_if_fail (IMTEHAN_IS_CONTEXT (self), NULL);

  return self->lab_config;
}

GSettings *
imtehan_context_get_settings (ImtehanContext *self)
{
  g_return_val_if_fail (IMTEHAN_IS_CONTEXT (self), NULL);

  return imtehan_lab_config_get_settings (self->lab_config);
}

ImtehanStore *
imtehan_context_get_store (ImtehanContext *self)
{
  g_return_val_if_fail (IMTEHAN_IS_CONTEXT (self), NULL);

  return self->store;
}

ImtehanLibrary *
imtehan_context_get_library (ImtehanContext *self)
{
  g_return_val_if_fail (IMTEHAN_IS_CONTEXT (self), NULL);

  return self->library;
}

ImtehanQuizVersions *
imtehan_context_get_versions (ImtehanContext *self)
{
  g_return_val_if_fail (IMTEHAN_IS_CONTEXT (self), NULL);

  return self->versions;
}

/**
 * imtehan_context_get_quiz:
 *
 * The bundled quiz, read from the resource at the first call: the app asks for it once the
 * language is set, after start-up has begun the listings.
 */
ImtehanQuiz *
imtehan_context_get_quiz (ImtehanContext *self)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (IMTEHAN_IS_CONTEXT (self), NULL);

  if (self->quiz != NULL)
    return self->quiz;
  bytes = g_resources_lookup_data (BUNDLED_QUIZ, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes != NULL)
    self->quiz = imtehan_quiz_new_from_bytes (bytes, "zero-sharded-optimizers.quiz", &error);
  /* The bundled quiz is tested at build time (tests/core/test-quiz.c): failing here is a bug. */
  if (self->quiz == NULL)
    g_error ("The bundled quiz does not load: %s", error->message);
  return self->quiz;
}

static void
listed_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!imtehan_library_reload_finish (IMTEHAN_LIBRARY (source), result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * imtehan_context_list_library_async:
 *
 * Lists the library on its worker; #ImtehanLibrary:listed turns %TRUE when it is done,
 * whether or not it failed (a failure lists no installed quiz, and says why here).
 */
void
imtehan_context_list_library_async (ImtehanContext      *self,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (IMTEHAN_IS_CONTEXT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, imtehan_context_list_library_async);
  imtehan_library_reload_async (self->library, cancellable, listed_cb, task);
}

gboolean
imtehan_context_list_library_finish (ImtehanContext  *self,
                                     GAsyncResult    *result,
                                     GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The learner who last started an attempt in this run, offered again at the next Start. */
const char *
imtehan_context_get_learner (ImtehanContext *self)
{
  g_return_val_if_fail (IMTEHAN_IS_CONTEXT (self), NULL);

  return self->learner;
}

const char *
imtehan_context_get_roll_number (ImtehanContext *self)
{
  g_return_val_if_fail (IMTEHAN_IS_CONTEXT (self), NULL);

  return self->roll_number;
}

void
imtehan_context_set_learner (ImtehanContext *self,
                             const char     *name,
                             const char     *roll_number)
{
  g_return_if_fail (IMTEHAN_IS_CONTEXT (self));

  g_object_freeze_notify (G_OBJECT (self));
  if (g_strcmp0 (self->learner, name) != 0)
    {
      imtehan_set_str (&self->learner, name);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEARNER]);
    }
  if (g_strcmp0 (self->roll_number, roll_number) != 0)
    {
      imtehan_set_str (&self->roll_number, roll_number);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROLL_NUMBER]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}
