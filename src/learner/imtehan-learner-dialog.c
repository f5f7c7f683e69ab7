/* imtehan-learner-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Asks for the learner's name (and an optional roll number) before an attempt, when the lab
 * requires a name. Not an AdwMessageDialog: it closes at every response, and an empty name
 * must be refused with the dialog still open and the focus still in the name.
 */

#define G_LOG_DOMAIN "imtehan-learner-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-a11y.h"
#include "imtehan-dialogs.h"
#include "imtehan-learner-dialog.h"

struct _ImtehanLearnerDialog
{
  AdwWindow  parent_instance;

  GtkButton *cancel_button;
  GtkButton *start_button;
  GtkLabel  *name_label;
  GtkEntry  *name_entry;
  GtkLabel  *roll_label;
  GtkEntry  *roll_entry;
  GtkLabel  *error_label;
};

G_DEFINE_FINAL_TYPE (ImtehanLearnerDialog, imtehan_learner_dialog, ADW_TYPE_WINDOW)

enum {
  SUBMITTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
start_clicked_cb (ImtehanLearnerDialog *self)
{
  imtehan_learner_dialog_submit (self);
}

/* Enter in either entry starts, as the dialog's one action. */
static void
entry_activate_cb (ImtehanLearnerDialog *self)
{
  imtehan_learner_dialog_submit (self);
}

/* A refusal is about the name that was refused: typing another one takes it away. */
static void
name_changed_cb (ImtehanLearnerDialog *self)
{
  imtehan_learner_dialog_set_error (self, NULL);
}

static void
imtehan_learner_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), IMTEHAN_TYPE_LEARNER_DIALOG);

  G_OBJECT_CLASS (imtehan_learner_dialog_parent_class)->dispose (object);
}

static void
imtehan_learner_dialog_class_init (ImtehanLearnerDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_learner_dialog_dispose;

  /**
   * ImtehanLearnerDialog::submitted:
   *
   * The learner chose Start with a valid name. The handler either takes it (and destroys
   * the dialog) or refuses it with imtehan_learner_dialog_set_error().
   */
  signals[SUBMITTED] = g_signal_new ("submitted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/imtehan-learner-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanLearnerDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanLearnerDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, ImtehanLearnerDialog, name_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanLearnerDialog, name_entry);
  gtk_widget_class_bind_template_child (widget_class, ImtehanLearnerDialog, roll_label);
  gtk_widget_class_bind_template_child (widget_class, ImtehanLearnerDialog, roll_entry);
  gtk_widget_class_bind_template_child (widget_class, ImtehanLearnerDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, entry_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, name_changed_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
imtehan_learner_dialog_init (ImtehanLearnerDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  imtehan_widget_clean_mnemonic_names (GTK_WIDGET (self));
  /* A screen reader reads the refusal with the name when it comes back to the entry. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->name_entry),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->error_label, NULL,
                                  -1);
}

/**
 * imtehan_learner_dialog_new:
 * @name: (nullable): the name remembered from an earlier attempt on this PC, to edit
 * @roll_number: (nullable): and its roll number
 *
 * A modal dialog over @parent, in its language.
 */
ImtehanLearnerDialog *
imtehan_learner_dialog_new (GtkWindow  *parent,
                            const char *name,
                            const char *roll_number)
{
  ImtehanLearnerDialog *self = g_object_new (IMTEHAN_TYPE_LEARNER_DIALOG,
                                             "transient-for", parent, NULL);

  /* The window's Urdu font class is not inherited by a toplevel of its own. */
  if (parent != NULL)
    imtehan_dialogs_follow_language (GTK_WIDGET (self), parent);
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), name ? name : "");
  gtk_editable_set_text (GTK_EDITABLE (self->roll_entry), roll_number ? roll_number : "");
  gtk_widget_grab_focus (GTK_WIDGET (self->name_entry));
  return self;
}

const char *
imtehan_learner_dialog_get_name (ImtehanLearnerDialog *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LEARNER_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->name_entry));
}

const char *
imtehan_learner_dialog_get_roll_number (ImtehanLearnerDialog *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LEARNER_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->roll_entry));
}

/* The refusal shown, or %NULL. */
const char *
imtehan_learner_dialog_get_error (ImtehanLearnerDialog *self)
{
  g_return_val_if_fail (IMTEHAN_IS_LEARNER_DIALOG (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->error_label))
         ? gtk_label_get_text (self->error_label) : NULL;
}

/**
 * imtehan_learner_dialog_set_error:
 * @message: (nullable): why the name was refused, or %NULL to take the refusal away
 *
 * Shows @message under the name, marks the name invalid for assistive technologies, and
 * keeps the focus in it, so that the learner can type another.
 */
void
imtehan_learner_dialog_set_error (ImtehanLearnerDialog *self,
                                  const char           *message)
{
  gboolean refused = message != NULL;

  g_return_if_fail (IMTEHAN_IS_LEARNER_DIALOG (self));

  if (!refused && !gtk_widget_get_visible (GTK_WIDGET (self->error_label)))
    return;
  gtk_label_set_text (self->error_label, refused ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), refused);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->name_entry), GTK_ACCESSIBLE_STATE_INVALID,
                               refused ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE,
                               -1);
  if (refused)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->name_entry), "error");
      gtk_widget_grab_focus (GTK_WIDGET (self->name_entry));
    }
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->name_entry), "error");
}

/* What Start and Enter do: an empty or white-space name is refused here; a name is handed to
 * the window (::submitted), which may still refuse it. */
void
imtehan_learner_dialog_submit (ImtehanLearnerDialog *self)
{
  g_return_if_fail (IMTEHAN_IS_LEARNER_DIALOG (self));

  if (!imtehan_session_learner_is_valid (imtehan_learner_dialog_get_name (self)))
    {
      imtehan_learner_dialog_set_error (self, _("Type your name to start the quiz."));
      return;
    }
  g_signal_emit (self, signals[SUBMITTED], 0);
}

/**
 * imtehan_learner_attempts_used_message:
 * @allowed: the lab's attempts allowed (imtehan_session_may_start() says whether they are used)
 *
 * Returns: why Start is refused, for the learner
 */
char *
imtehan_learner_attempts_used_message (guint allowed)
{
  /* TRANSLATORS: Start refused by the lab's limit; %u is the number of attempts allowed */
  return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "You have used your %u attempt at this quiz.",
                                     "You have used your %u attempts at this quiz.", allowed),
                          allowed);
}
