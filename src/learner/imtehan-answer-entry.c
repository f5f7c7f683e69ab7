/* imtehan-answer-entry.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The answer of a short-answer or numerical question, typed: the response is the text as
 * typed (the question trims and compares it). Every save rewrites the attempt's file, so the
 * text is responded once typing pauses, at once when it leaves the entry or the page asks
 * (Enter, Next), and at once when the question becomes answered or unanswered, which the
 * progress and Check show.
 */

#define G_LOG_DOMAIN "imtehan-answer-entry"

#include "config.h"

#include <glib/gi18n.h>

#include "imtehan-answer-entry.h"
#include "imtehan-i18n.h"
#include "imtehan-text.h"

/* The pause in typing after which the text is saved. */
#define RESPOND_DELAY_MS 300

struct _ImtehanAnswerEntry
{
  GtkBox           parent_instance;

  GtkEntry        *entry;
  GtkLabel        *unit_label;

  ImtehanQuestion *question;
  const char      *lang;       /* interned */
  char            *responded;  /* what the attempt has, as far as the area knows */
  guint            respond_source;
  gboolean         updating;
  gboolean         checked;
};

static void imtehan_answer_entry_iface_init (ImtehanAnswerAreaInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ImtehanAnswerEntry, imtehan_answer_entry, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (IMTEHAN_TYPE_ANSWER_AREA,
                                                      imtehan_answer_entry_iface_init))

/* The text typed, or %NULL when it is blank: no answer. */
static char *
dup_response (ImtehanAnswerEntry *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  return *stripped != '\0' ? g_strdup (text) : NULL;
}

static void
respond_now (ImtehanAnswerEntry *self)
{
  g_autofree char *response = dup_response (self);

  g_clear_handle_id (&self->respond_source, g_source_remove);
  if (self->checked || g_strcmp0 (response, self->responded) == 0)
    return;
  imtehan_set_str (&self->responded, response);
  imtehan_answer_area_respond (IMTEHAN_ANSWER_AREA (self), response);
}

static gboolean
respond_cb (gpointer user_data)
{
  ImtehanAnswerEntry *self = user_data;

  self->respond_source = 0;
  respond_now (self);
  return G_SOURCE_REMOVE;
}

/* The direction of the first letter, or @neutral for text without one (digits, signs):
 * Urdu typed reads from the right, even in an English quiz. Pango's pango_find_base_dir()
 * did this and is deprecated since 1.44; letters are told by their script, as
 * imtehan_text_prepare() tells Latin terms in Urdu text. */
static GtkTextDirection
direction_of (const char       *text,
              GtkTextDirection  neutral)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeScript script;

      if (!g_unichar_isalpha (c))
        continue;
      script = g_unichar_get_script (c);
      if (script == G_UNICODE_SCRIPT_ARABIC || script == G_UNICODE_SCRIPT_HEBREW ||
          script == G_UNICODE_SCRIPT_SYRIAC || script == G_UNICODE_SCRIPT_THAANA ||
          script == G_UNICODE_SCRIPT_NKO)
        return GTK_TEXT_DIR_RTL;
      if (script != G_UNICODE_SCRIPT_COMMON && script != G_UNICODE_SCRIPT_INHERITED)
        return GTK_TEXT_DIR_LTR;
    }
  return neutral;
}

/* The entry and its text (a direction is not inherited) run as the text does; Urdu text
 * gets the Urdu font and shapes, as quiz text (imtehan_label_set_content()). */
static void
update_direction (ImtehanAnswerEntry *self)
{
  GtkTextDirection neutral = imtehan_language_is_rtl (self->lang) ? GTK_TEXT_DIR_RTL
                                                                  : GTK_TEXT_DIR_LTR;
  GtkTextDirection direction = direction_of (gtk_editable_get_text (GTK_EDITABLE (self->entry)),
                                             neutral);
  GtkWidget *text = GTK_WIDGET (gtk_editable_get_delegate (GTK_EDITABLE (self->entry)));
  PangoAttrList *attrs;

  if (gtk_widget_get_direction (GTK_WIDGET (self->entry)) == direction &&
      gtk_entry_get_attributes (self->entry) != NULL)
    return;
  gtk_widget_set_direction (GTK_WIDGET (self->entry), direction);
  gtk_widget_set_direction (text, direction);
  attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_language_new (pango_language_from_string (
    direction == GTK_TEXT_DIR_RTL ? "ur" : "en")));
  gtk_entry_set_attributes (self->entry, attrs);
  pango_attr_list_unref (attrs);
  if (direction == GTK_TEXT_DIR_RTL)
    gtk_widget_add_css_class (GTK_WIDGET (self->entry), "urdu");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "urdu");
}

static void
changed_cb (ImtehanAnswerEntry *self)
{
  g_autofree char *response = NULL;

  update_direction (self);
  if (self->updating)
    return;
  response = dup_response (self);
  if ((response == NULL) != (self->responded == NULL))
    {
      respond_now (self);
      return;
    }
  g_clear_handle_id (&self->respond_source, g_source_remove);
  self->respond_source = g_timeout_add (RESPOND_DELAY_MS, respond_cb, self);
}

static void
focus_left_cb (ImtehanAnswerEntry *self)
{
  if (self->respond_source != 0)
    respond_now (self);
}

static void
set_text (ImtehanAnswerEntry *self,
          const char         *text)
{
  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), text ? text : "");
  self->updating = FALSE;
  update_direction (self);
}

static void
show_question (ImtehanAnswerArea  *area,
               ImtehanQuiz        *quiz,
               ImtehanQuestion    *question,
               const char * const *order,
               const char         *lang)
{
  ImtehanAnswerEntry *self = IMTEHAN_ANSWER_ENTRY (area);
  gboolean numerical = imtehan_question_get_kind (question) == IMTEHAN_QUESTION_NUMERICAL;
  const char *unit = numerical ? imtehan_question_get_unit (question, lang) : NULL;
  gboolean has_unit = unit != NULL && *unit != '\0';

  g_clear_handle_id (&self->respond_source, g_source_remove);
  g_set_object (&self->question, question);
  self->lang = g_intern_string (lang);
  g_clear_pointer (&self->responded, g_free);
  set_text (self, NULL);

  /* A number is short; a phrase takes the width there is. */
  gtk_widget_set_hexpand (GTK_WIDGET (self->entry), !numerical);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->entry), numerical ? 12 : -1);
  gtk_entry_set_placeholder_text (self->entry,
                                  numerical ? _("Type a number") : _("Type your answer"));
  gtk_widget_set_visible (GTK_WIDGET (self->unit_label), has_unit);
  if (has_unit)
    imtehan_label_set_content (self->unit_label, unit, lang);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  imtehan_question_get_text (question, lang), -1);
  if (has_unit)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, unit, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self->entry),
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* The learner's own text while it waits to be responded stays as typed. */
static void
set_response (ImtehanAnswerArea *area,
              const char        *response)
{
  ImtehanAnswerEntry *self = IMTEHAN_ANSWER_ENTRY (area);
  g_autofree char *shown = NULL;

  if (self->respond_source != 0)
    return;
  imtehan_set_str (&self->responded, response);
  shown = dup_response (self);
  if (g_strcmp0 (shown, response) != 0)
    set_text (self, response);
}

static void
set_checked (ImtehanAnswerArea *area,
             const char        *response,
             gboolean           checked)
{
  ImtehanAnswerEntry *self = IMTEHAN_ANSWER_ENTRY (area);
  GtkWidget *entry = GTK_WIDGET (self->entry);
  double fraction = checked ? imtehan_question_grade (self->question, response) : 0;

  if (checked)
    respond_now (self);
  self->checked = checked;
  gtk_editable_set_editable (GTK_EDITABLE (self->entry), !checked);
  gtk_widget_remove_css_class (entry, "success");
  gtk_widget_remove_css_class (entry, "warning");
  gtk_widget_remove_css_class (entry, "error");
  if (checked)
    gtk_widget_add_css_class (entry, fraction >= 1 - 1e-9 ? "success"
                                     : fraction > 1e-9 ? "warning" : "error");
}

static GtkWidget *
get_focus_target (ImtehanAnswerArea *area)
{
  ImtehanAnswerEntry *self = IMTEHAN_ANSWER_ENTRY (area);

  return self->checked ? NULL : GTK_WIDGET (self->entry);
}

static GtkWidget *
get_part (ImtehanAnswerArea *area,
          guint              position)
{
  return position == 0 ? GTK_WIDGET (IMTEHAN_ANSWER_ENTRY (area)->entry) : NULL;
}

static void
flush (ImtehanAnswerArea *area)
{
  ImtehanAnswerEntry *self = IMTEHAN_ANSWER_ENTRY (area);

  if (self->respond_source != 0)
    respond_now (self);
}

static void
imtehan_answer_entry_iface_init (ImtehanAnswerAreaInterface *iface)
{
  iface->show_question = show_question;
  iface->set_response = set_response;
  iface->set_checked = set_checked;
  iface->get_focus_target = get_focus_target;
  iface->get_part = get_part;
  iface->flush = flush;
}

/* Hidden (another question, another page), it says what waits. */
static void
imtehan_answer_entry_unmap (GtkWidget *widget)
{
  flush (IMTEHAN_ANSWER_AREA (widget));
  GTK_WIDGET_CLASS (imtehan_answer_entry_parent_class)->unmap (widget);
}

static void
imtehan_answer_entry_dispose (GObject *object)
{
  ImtehanAnswerEntry *self = IMTEHAN_ANSWER_ENTRY (object);

  g_clear_handle_id (&self->respond_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), IMTEHAN_TYPE_ANSWER_ENTRY);
  g_clear_object (&self->question);

  G_OBJECT_CLASS (imtehan_answer_entry_parent_class)->dispose (object);
}

static void
imtehan_answer_entry_finalize (GObject *object)
{
  ImtehanAnswerEntry *self = IMTEHAN_ANSWER_ENTRY (object);

  g_free (self->responded);

  G_OBJECT_CLASS (imtehan_answer_entry_parent_class)->finalize (object);
}

static void
imtehan_answer_entry_class_init (ImtehanAnswerEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = imtehan_answer_entry_dispose;
  object_class->finalize = imtehan_answer_entry_finalize;
  widget_class->unmap = imtehan_answer_entry_unmap;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/imtehan-answer-entry.ui");
  gtk_widget_class_bind_template_child (widget_class, ImtehanAnswerEntry, entry);
  gtk_widget_class_bind_template_child (widget_class, ImtehanAnswerEntry, unit_label);
}

static void
imtehan_answer_entry_init (ImtehanAnswerEntry *self)
{
  GtkEventController *focus;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->lang = g_intern_static_string ("en");
  g_signal_connect_swapped (self->entry, "changed", G_CALLBACK (changed_cb), self);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_left_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->entry), focus);
}
