/* imtehan-answer-matching.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The items of a matching question in file order, each with a drop-down of the answers in
 * the attempt's shuffled order and "Choose…" first, for none. The response pairs each item
 * set with its answer ("item:choice", joined by ";").
 */

#define G_LOG_DOMAIN "imtehan-answer-matching"

#include "config.h"

#include "imtehan-picture-view.h"

#include <glib/gi18n.h>
#include <string.h>

#include "imtehan-answer-matching.h"
#include "imtehan-i18n.h"
#include "imtehan-row.h"
#include "imtehan-wrap-bin.h"

/* A drop-down as wide as its longest answer within these (in characters): its width does
 * not change with the answer picked, and a long answer is shortened in it (the list shows
 * it whole). */
#define MIN_ANSWER_CHARS 8
#define MAX_ANSWER_CHARS 22

typedef struct
{
  const char  *item_id;  /* interned */
  GtkWidget   *row;
  GtkBox      *item_box;
  GtkLabel    *label;
  GtkDropDown *drop_down;
  GtkWidget   *picture;
  GtkWidget   *verdict_box;  /* made when first checked, NULL before */
  GtkImage    *verdict_icon;
  GtkLabel    *verdict_label;
} Item;

struct _ImtehanAnswerMatching
{
  GtkBox           parent_instance;

  GtkBox          *items_box;

  GPtrArray       *items;     /* Item, in file order */
  char           **order;     /* the answers' choice ids in the order shown */
  ImtehanQuestion *question;
  const char      *lang;      /* interned */
  int              answer_chars;
  gboolean         updating;
  gboolean         checked;
};

static void imtehan_answer_matching_iface_init (ImtehanAnswerAreaInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ImtehanAnswerMatching, imtehan_answer_matching, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (IMTEHAN_TYPE_ANSWER_AREA,
                                                      imtehan_answer_matching_iface_init))

/* The choice picked for @item, or %NULL. */
static const char *
picked (ImtehanAnswerMatching *self,
        Item                  *item)
{
  guint selected = gtk_drop_down_get_selected (item->drop_down);

  if (selected == 0 || selected == GTK_INVALID_LIST_POSITION ||
      selected > g_strv_length (self->order))
    return NULL;
  return self->order[selected - 1];
}

static char *
dup_response (ImtehanAnswerMatching *self)
{
  g_autoptr(GPtrArray) pairs = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = g_ptr_array_index (self->items, i);
      const char *choice = picked (self, item);

      if (gtk_widget_get_visible (item->row) && choice != NULL)
        g_ptr_array_add (pairs, g_strconcat (item->item_id, ":", choice, NULL));
    }
  if (pairs->len == 0)
    return NULL;
  return imtehan_response_join ((const char * const *)pairs->pdata, pairs->len);
}

/* The drop-down and its button, which has the keyboard focus, are labelled by their item;
 * the button's description says the answer chosen. Left alone, GTK 4.8 names the button by
 * its class ("GtkToggleButton") and GTK 4.18 both by the answer shown ("Choose…"), from a
 * labelled-by relation of its own, which comes before a label property (4.8 reads both). */
static void
describe_items (ImtehanAnswerMatching *self)
{
  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = g_ptr_array_index (self->items, i);
      guint selected = gtk_drop_down_get_selected (item->drop_down);
      const char *answer = _("Not answered");

      if (!gtk_widget_get_visible (item->row))
        continue;
      if (selected > 0 && self->order != NULL && selected <= g_strv_length (self->order))
        answer = imtehan_question_get_choice_text (self->question, self->order[selected - 1],
                                                   self->lang);
      for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (item->drop_down));
           child != NULL; child = gtk_widget_get_next_sibling (child))
        if (GTK_IS_TOGGLE_BUTTON (child))
          {
            gtk_accessible_update_relation (GTK_ACCESSIBLE (child),
                                            GTK_ACCESSIBLE_RELATION_LABELLED_BY, item->label,
                                            NULL, -1);
            gtk_accessible_update_property (GTK_ACCESSIBLE (child),
                                            GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, answer, -1);
          }
    }
}

static void
selected_cb (ImtehanAnswerMatching *self)
{
  g_autofree char *response = NULL;

  describe_items (self);
  if (self->updating)
    return;
  response = dup_response (self);
  imtehan_answer_area_respond (IMTEHAN_ANSWER_AREA (self), response);
}

/* --- The drop-downs' labels: the picked answer shortened, the list's answers whole ------ */

static void
setup_label_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                gpointer                  in_list)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (in_list)
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
    }
  else
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (list_item, label);
}

static void
bind_label_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               ImtehanAnswerMatching    *self)
{
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (list_item));
  GtkStringObject *text = gtk_list_item_get_item (list_item);

  /* "Choose…" is the interface's, the answers the quiz's. */
  if (gtk_list_item_get_position (list_item) == 0)
    {
      gtk_label_set_attributes (label, NULL);
      gtk_label_set_text (label, gtk_string_object_get_string (text));
      gtk_widget_remove_css_class (GTK_WIDGET (label), "urdu");
    }
  else
    imtehan_label_set_content (label, gtk_string_object_get_string (text), self->lang);
  if (gtk_label_get_ellipsize (label) != PANGO_ELLIPSIZE_NONE)
    {
      gtk_label_set_width_chars (label, self->answer_chars);
      gtk_label_set_max_width_chars (label, self->answer_chars);
    }
}

static GtkListItemFactory *
label_factory_new (ImtehanAnswerMatching *self,
                   gboolean               in_list)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_label_cb), GINT_TO_POINTER (in_list));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_label_cb), self);
  return factory;
}

/* --- The items ------------------------------------------------------------------------- */

static Item *
item_new (ImtehanAnswerMatching *self)
{
  Item *item = g_new0 (Item, 1);
  g_autoptr(GtkListItemFactory) factory = label_factory_new (self, FALSE);
  g_autoptr(GtkListItemFactory) list_factory = label_factory_new (self, TRUE);
  GtkWidget *bin;

  item->row = imtehan_row_new (12);
  gtk_widget_add_css_class (item->row, "matching-row");
  g_object_set (item->row, "wrapping-valign", GTK_ALIGN_CENTER, NULL);
  item->item_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4));
  gtk_widget_set_hexpand (GTK_WIDGET (item->item_box), TRUE);
  item->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (item->label, TRUE);
  gtk_label_set_wrap_mode (item->label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (item->label, 0);
  bin = imtehan_wrap_bin_new (GTK_WIDGET (item->label), 8, 40);
  gtk_box_append (item->item_box, bin);
  item->drop_down = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_drop_down_set_factory (item->drop_down, factory);
  gtk_drop_down_set_list_factory (item->drop_down, list_factory);
  gtk_widget_set_valign (GTK_WIDGET (item->drop_down), GTK_ALIGN_CENTER);
  g_signal_connect_swapped (item->drop_down, "notify::selected", G_CALLBACK (selected_cb), self);
  imtehan_row_append (IMTEHAN_ROW (item->row), GTK_WIDGET (item->item_box));
  imtehan_row_append (IMTEHAN_ROW (item->row), GTK_WIDGET (item->drop_down));
  gtk_box_append (self->items_box, item->row);
  return item;
}

static int
longest_answer (ImtehanQuestion    *question,
                const char * const *order,
                const char         *lang)
{
  glong longest = g_utf8_strlen (_("Choose…"), -1);

  for (guint i = 0; order[i] != NULL; i++)
    longest = MAX (longest, g_utf8_strlen (imtehan_question_get_choice_text (question, order[i],
                                                                             lang), -1));
  return CLAMP ((int)longest, MIN_ANSWER_CHARS, MAX_ANSWER_CHARS);
}

static void
show_question (ImtehanAnswerArea  *area,
               ImtehanQuiz        *quiz,
               ImtehanQuestion    *question,
               const char * const *order,
               const char         *lang)
{
  ImtehanAnswerMatching *self = IMTEHAN_ANSWER_MATCHING (area);
  guint n = imtehan_question_get_n_items (question);
  g_autoptr(GtkStringList) answers = gtk_string_list_new (NULL);

  g_set_object (&self->question, question);
  g_strfreev (self->order);
  self->order = g_strdupv ((char **)order);
  self->lang = g_intern_string (lang);
  self->answer_chars = longest_answer (question, order, lang);
  gtk_string_list_append (answers, _("Choose…"));
  for (guint i = 0; order[i] != NULL; i++)
    gtk_string_list_append (answers, imtehan_question_get_choice_text (question, order[i], lang));

  while (self->items->len < n)
    g_ptr_array_add (self->items, item_new (self));
  self->updating = TRUE;
  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = g_ptr_array_index (self->items, i);
      const char *text, *picture;

      gtk_widget_set_visible (item->row, i < n);
      if (i >= n)
        continue;
      item->item_id = g_intern_string (imtehan_question_get_item_id (question, i));
      text = imtehan_question_get_item_text (question, item->item_id, lang);
      imtehan_label_set_content (item->label, text, lang);
      picture = imtehan_question_get_choice_picture (question, item->item_id);
      imtehan_answer_set_picture (item->item_box, &item->picture,
                                  gtk_widget_get_first_child (GTK_WIDGET (item->item_box)),
                                  imtehan_picture_view_new_for_quiz (quiz, picture, lang));
      gtk_drop_down_set_model (item->drop_down, G_LIST_MODEL (answers));
      gtk_drop_down_set_selected (item->drop_down, 0);
      /* Each drop-down is named by its item. */
      gtk_accessible_update_relation (GTK_ACCESSIBLE (item->drop_down),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY, item->label, NULL, -1);
    }
  self->updating = FALSE;
  describe_items (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->items_box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  imtehan_question_get_text (question, lang), -1);
}

static void
set_response (ImtehanAnswerArea *area,
              const char        *response)
{
  ImtehanAnswerMatching *self = IMTEHAN_ANSWER_MATCHING (area);
  g_auto(GStrv) pairs = imtehan_response_split (response);

  self->updating = TRUE;
  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = g_ptr_array_index (self->items, i);
      guint selected = 0;

      for (guint p = 0; pairs[p] != NULL && selected == 0; p++)
        {
          const char *colon = strchr (pairs[p], ':');

          if (colon == NULL || (gsize)(colon - pairs[p]) != strlen (item->item_id) ||
              strncmp (pairs[p], item->item_id, colon - pairs[p]) != 0)
            continue;
          for (guint c = 0; self->order[c] != NULL; c++)
            if (g_str_equal (self->order[c], colon + 1))
              selected = c + 1;
        }
      gtk_drop_down_set_selected (item->drop_down, selected);
    }
  self->updating = FALSE;
}

/* Practice marks: by an icon and a word below the item, not by colour alone. */
static void
mark_item (Item     *item,
           gboolean  checked,
           gboolean  answered,
           gboolean  right)
{
  const char *text = right ? _("Right answer") : answered ? _("Your answer, wrong")
                                                          : _("Not answered");

  gtk_widget_remove_css_class (item->row, "right");
  gtk_widget_remove_css_class (item->row, "wrong");
  if (!checked)
    {
      if (item->verdict_box != NULL)
        gtk_widget_set_visible (item->verdict_box, FALSE);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (item->drop_down),
                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      return;
    }
  if (item->verdict_box == NULL)
    {
      item->verdict_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      gtk_widget_add_css_class (item->verdict_box, "choice-verdict");
      item->verdict_icon = g_object_new (GTK_TYPE_IMAGE,
                                         "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);
      item->verdict_label = GTK_LABEL (gtk_label_new (NULL));
      gtk_label_set_xalign (item->verdict_label, 0);
      /* Beside a drop-down in a 360 px window: it wraps rather than widen the page. */
      gtk_label_set_wrap (item->verdict_label, TRUE);
      gtk_widget_add_css_class (GTK_WIDGET (item->verdict_label), "caption-heading");
      gtk_box_append (GTK_BOX (item->verdict_box), GTK_WIDGET (item->verdict_icon));
      gtk_box_append (GTK_BOX (item->verdict_box), GTK_WIDGET (item->verdict_label));
      gtk_box_append (item->item_box, item->verdict_box);
    }
  gtk_image_set_from_icon_name (item->verdict_icon,
                                right ? "emblem-ok-symbolic" : "window-close-symbolic");
  gtk_label_set_text (item->verdict_label, text);
  gtk_widget_add_css_class (item->row, right ? "right" : "wrong");
  gtk_widget_set_visible (item->verdict_box, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (item->drop_down),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

static void
set_checked (ImtehanAnswerArea *area,
             const char        *response,
             gboolean           checked)
{
  ImtehanAnswerMatching *self = IMTEHAN_ANSWER_MATCHING (area);

  self->checked = checked;
  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = g_ptr_array_index (self->items, i);
      const char *choice = picked (self, item);

      gtk_widget_set_sensitive (GTK_WIDGET (item->drop_down), !checked);
      mark_item (item, checked, choice != NULL,
                 g_strcmp0 (choice, imtehan_question_get_item_match (self->question,
                                                                     item->item_id)) == 0);
    }
}

static GtkWidget *
get_part (ImtehanAnswerArea *area,
          guint              position)
{
  ImtehanAnswerMatching *self = IMTEHAN_ANSWER_MATCHING (area);
  Item *item;

  if (position >= self->items->len)
    return NULL;
  item = g_ptr_array_index (self->items, position);
  return gtk_widget_get_visible (item->row) ? GTK_WIDGET (item->drop_down) : NULL;
}

static GtkWidget *
get_focus_target (ImtehanAnswerArea *area)
{
  ImtehanAnswerMatching *self = IMTEHAN_ANSWER_MATCHING (area);

  return self->checked ? NULL : get_part (area, 0);
}

static void
imtehan_answer_matching_iface_init (ImtehanAnswerAreaInterface *iface)
{
  iface->show_question = show_question;
  iface->set_response = set_response;
  iface->set_checked = set_checked;
  iface->get_focus_target = get_focus_target;
  iface->get_part = get_part;
}

static void
imtehan_answer_matching_dispose (GObject *object)
{
  ImtehanAnswerMatching *self = IMTEHAN_ANSWER_MATCHING (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_ANSWER_MATCHING);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_object (&self->question);

  G_OBJECT_CLASS (imtehan_answer_matching_parent_class)->dispose (object);
}

static void
imtehan_answer_matching_finalize (GObject *object)
{
  ImtehanAnswerMatching *self = IMTEHAN_ANSWER_MATCHING (object);

  g_strfreev (self->order);

  G_OBJECT_CLASS (imtehan_answer_matching_parent_class)->finalize (object);
}

static void
imtehan_answer_matching_class_init (ImtehanAnswerMatchingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_answer_matching_dispose;
  object_class->finalize = imtehan_answer_matching_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-answer-matching.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanAnswerMatching, items_box);
}

static void
imtehan_answer_matching_init (ImtehanAnswerMatching *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->items = g_ptr_array_new_with_free_func (g_free);
  self->lang = g_intern_static_string ("en");
}
