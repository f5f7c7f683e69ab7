/* imtehan-choice-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One answer of a question: its letter and its text in a check button that the question page
 * groups, so it is a radio button, as screen readers and keyboards expect of a choice. A
 * question whose answers all may apply keeps them ungrouped: check boxes.
 */

#define G_LOG_DOMAIN "imtehan-choice-row"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-choice-row.h"
#include "imtehan-i18n.h"
#include "imtehan-row-layout.h"
#include "imtehan-wrap-bin.h"

struct _ImtehanChoiceRow
{
  GtkCheckButton  parent_instance;

  GtkLabel       *letter_label;
  GtkLabel       *text_label;
  GtkWidget      *verdict_box;   /* practice: made when first marked, NULL before */
  GtkImage       *verdict_icon;
  GtkLabel       *verdict_label;
  GtkWidget      *picture_box;   /* a choice with a picture: its text above it; NULL before */
  GtkWidget      *picture;

  const char     *choice_id;  /* interned */
  ImtehanChoiceVerdict verdict;
};

G_DEFINE_FINAL_TYPE (ImtehanChoiceRow, imtehan_choice_row, GTK_TYPE_CHECK_BUTTON)

static void
click_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  GtkCheckButton *button = GTK_CHECK_BUTTON (widget);

  /* A radio button is chosen by a click, a check box toggled. */
  if (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) == GTK_ACCESSIBLE_ROLE_CHECKBOX)
    gtk_check_button_set_active (button, !gtk_check_button_get_active (button));
  else
    gtk_check_button_set_active (button, TRUE);
}

static void
imtehan_choice_row_dispose (GObject *object)
{
  ImtehanChoiceRow *self = IMTEHAN_CHOICE_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), IMTEHAN_TYPE_CHOICE_ROW);
  /* Children of the button beside its own child, which GtkCheckButton does not know. */
  if (self->letter_label != NULL)
    {
      gtk_widget_unparent (GTK_WIDGET (self->letter_label));
      self->letter_label = NULL;
    }
  g_clear_pointer (&self->verdict_box, gtk_widget_unparent);

  G_OBJECT_CLASS (imtehan_choice_row_parent_class)->dispose (object);
}

static void
imtehan_choice_row_class_init (ImtehanChoiceRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_choice_row_dispose;

  g_type_ensure (IMTEHAN_TYPE_WRAP_BIN);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-choice-row.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanChoiceRow, text_label);
  /* Instead of GtkCheckButton's GtkBoxLayout: see ui/learner/imtehan-choice-row.ui. */
  gtk_widget_class_set_layout_manager_type (widget_class, IMTEHAN_TYPE_ROW_LAYOUT);

  /* GTK 4.8 gives a GtkCheckButton no AT-SPI action (only a GtkButton gets "click"), so
   * switch access, voice control and screen-reader commands could not choose an answer.
   * Unprefixed, like a GtkButton's: it chooses the answer, as a click does. */
  gtk_widget_class_install_action (widget_class, "click", NULL, click_action);
}

static void
imtehan_choice_row_init (ImtehanChoiceRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Adwaita's checkbutton border-spacing, which GtkBoxLayout took from the theme. */
  imtehan_row_layout_set_spacing (IMTEHAN_ROW_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  4);
  self->letter_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_yalign (self->letter_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->letter_label), "choice-letter");
  gtk_widget_insert_before (GTK_WIDGET (self->letter_label), GTK_WIDGET (self),
                            gtk_check_button_get_child (GTK_CHECK_BUTTON (self)));
  /* The row is named by its text alone (see set_choice()): a screen reader does not read
   * the letter, which only says where the choice stands in this attempt. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->letter_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
}

GtkWidget *
imtehan_choice_row_new (void)
{
  /* The role is fixed at construction: a grouped check button is a radio button. */
  return g_object_new (IMTEHAN_TYPE_CHOICE_ROW, "accessible-role", GTK_ACCESSIBLE_ROLE_RADIO,
                       NULL);
}

/* A choice of several that apply: a check box, never grouped. */
GtkWidget *
imtehan_choice_row_new_check (void)
{
  return g_object_new (IMTEHAN_TYPE_CHOICE_ROW, "accessible-role", GTK_ACCESSIBLE_ROLE_CHECKBOX,
                       NULL);
}

void
imtehan_choice_row_set_letter (ImtehanChoiceRow *self,
                               const char       *letter)
{
  g_return_if_fail (IMTEHAN_IS_CHOICE_ROW (self));

  gtk_label_set_text (self->letter_label, letter);
}

/* Shows the choice @choice_id with its @text in @lang. */
void
imtehan_choice_row_set_choice (ImtehanChoiceRow *self,
                               const char       *choice_id,
                               const char       *text,
                               const char       *lang)
{
  g_return_if_fail (IMTEHAN_IS_CHOICE_ROW (self));

  self->choice_id = g_intern_string (choice_id);
  imtehan_label_set_content (self->text_label, text, lang);
  /* GTK 4.8 names a check button with a custom child "GtkCheckButton" unless it is
   * labelled: a screen reader hears the choice's own text. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

/**
 * imtehan_choice_row_set_picture:
 * @picture: (nullable) (transfer floating): the choice's picture, or %NULL for none
 *
 * Shows @picture below the choice's text. Only a choice with a picture gets the box that
 * stacks them: the rows of a quiz without pictures stay as they are.
 */
void
imtehan_choice_row_set_picture (ImtehanChoiceRow *self,
                                GtkWidget        *picture)
{
  g_return_if_fail (IMTEHAN_IS_CHOICE_ROW (self));

  if (picture == NULL && self->picture == NULL)
    return;
  if (self->picture_box == NULL)
    {
      GtkWidget *child = gtk_check_button_get_child (GTK_CHECK_BUTTON (self));
      g_autoptr(GtkWidget) text = g_object_ref (child);

      self->picture_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      gtk_check_button_set_child (GTK_CHECK_BUTTON (self), self->picture_box);
      gtk_box_append (GTK_BOX (self->picture_box), text);
    }
  if (self->picture != NULL)
    gtk_box_remove (GTK_BOX (self->picture_box), self->picture);
  self->picture = picture;
  if (picture != NULL)
    {
      gtk_widget_set_halign (picture, GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (self->picture_box), picture);
    }
}

const char *
imtehan_choice_row_get_choice_id (ImtehanChoiceRow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_CHOICE_ROW (self), NULL);
  return self->choice_id;
}

/* Practice marks only: made when first needed, not with every row of an exam. The icon and the
 * word say it, not colour alone. */
static void
ensure_verdict_box (ImtehanChoiceRow *self)
{
  if (self->verdict_box != NULL)
    return;
  self->verdict_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_set_valign (self->verdict_box, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_start (self->verdict_box, 6);
  gtk_widget_add_css_class (self->verdict_box, "choice-verdict");
  self->verdict_icon = g_object_new (GTK_TYPE_IMAGE,
                                     "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);
  self->verdict_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->verdict_label), "caption-heading");
  gtk_box_append (GTK_BOX (self->verdict_box), GTK_WIDGET (self->verdict_icon));
  gtk_box_append (GTK_BOX (self->verdict_box), GTK_WIDGET (self->verdict_label));
  gtk_widget_insert_after (self->verdict_box, GTK_WIDGET (self),
                           gtk_check_button_get_child (GTK_CHECK_BUTTON (self)));
}

/**
 * imtehan_choice_row_set_verdict:
 *
 * Marks the choice as the right answer or as the learner's wrong one, by colour, an icon and
 * a word, and tells a screen reader the same in the row's description; or unmarks it.
 */
void
imtehan_choice_row_set_verdict (ImtehanChoiceRow     *self,
                                ImtehanChoiceVerdict  verdict)
{
  const char *text;

  g_return_if_fail (IMTEHAN_IS_CHOICE_ROW (self));

  if (self->verdict == verdict)
    return;
  self->verdict = verdict;
  gtk_widget_remove_css_class (GTK_WIDGET (self), "right");
  gtk_widget_remove_css_class (GTK_WIDGET (self), "wrong");
  if (verdict == IMTEHAN_CHOICE_VERDICT_NONE)
    {
      if (self->verdict_box != NULL)
        gtk_widget_set_visible (self->verdict_box, FALSE);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      return;
    }

  ensure_verdict_box (self);
  if (verdict == IMTEHAN_CHOICE_VERDICT_RIGHT)
    {
      /* TRANSLATORS: beside the right answer of a checked practice question */
      text = _("Right answer");
      gtk_image_set_from_icon_name (self->verdict_icon, "emblem-ok-symbolic");
      gtk_widget_add_css_class (GTK_WIDGET (self), "right");
    }
  else
    {
      /* TRANSLATORS: beside the learner's wrong answer of a checked practice question */
      text = _("Your answer, wrong");
      gtk_image_set_from_icon_name (self->verdict_icon, "window-close-symbolic");
      gtk_widget_add_css_class (GTK_WIDGET (self), "wrong");
    }
  gtk_label_set_text (self->verdict_label, text);
  gtk_widget_set_visible (self->verdict_box, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text, -1);
}

ImtehanChoiceVerdict
imtehan_choice_row_get_verdict (ImtehanChoiceRow *self)
{
  g_return_val_if_fail (IMTEHAN_IS_CHOICE_ROW (self), IMTEHAN_CHOICE_VERDICT_NONE);
  return self->verdict;
}
