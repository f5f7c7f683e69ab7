/* imtehan-picture-view.c: a quiz's picture, scaled to the width it is given
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A picture shrinks to fit a 360 px window and is never drawn larger than its own size, so
 * that a small figure is not blurred. Screen readers hear its alt text in the quiz's
 * language. GdkPixbuf decodes it, as it reads SVG too (librsvg's loader, in Debian and in
 * the GNOME runtime); a picture it cannot decode shows its alt text instead.
 */

#define G_LOG_DOMAIN "imtehan-picture"

#include "config.h"

#include <gdk-pixbuf/gdk-pixbuf.h>

#include "imtehan-picture-view.h"

static GdkTexture *
decode (ImtehanPicture *picture,
        GError        **error)
{
  g_autoptr(GdkPixbufLoader) loader = gdk_pixbuf_loader_new_with_mime_type (
    imtehan_picture_get_mime_type (picture), error);
  GBytes *bytes = imtehan_picture_get_bytes (picture);
  GdkPixbuf *pixbuf;

  if (loader == NULL)
    return NULL;
  if (!gdk_pixbuf_loader_write_bytes (loader, bytes, error) ||
      !gdk_pixbuf_loader_close (loader, error))
    return NULL;
  if (!(pixbuf = gdk_pixbuf_loader_get_pixbuf (loader)))
    {
      g_set_error_literal (error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, "no image");
      return NULL;
    }
  return gdk_texture_new_for_pixbuf (pixbuf);
}

static GdkTexture *
texture_for (ImtehanPicture *picture)
{
  GBytes *bytes = imtehan_picture_get_bytes (picture);
  /* Decoded once a session: a question's view is kept, and the review shows it again. */
  static GHashTable *textures;
  GdkTexture *texture;
  g_autoptr(GError) error = NULL;

  /* Keyed by the bytes, which the quiz keeps while its pictures are shown. */
  if (textures == NULL)
    textures = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                      (GDestroyNotify)g_bytes_unref, g_object_unref);
  if ((texture = g_hash_table_lookup (textures, bytes)))
    return g_object_ref (texture);
  if (!(texture = decode (picture, &error)))
    {
      g_warning ("A picture could not be decoded: %s", error ? error->message : "");
      return NULL;
    }
  g_hash_table_insert (textures, g_bytes_ref (bytes), g_object_ref (texture));
  return texture;
}

/**
 * imtehan_picture_view_new:
 * @lang: the language of the quiz as shown, for the alt text
 *
 * Returns: (transfer floating): a GtkPicture, or a label with the alt text if the picture
 *   cannot be decoded
 */
GtkWidget *
imtehan_picture_view_new (ImtehanPicture *picture,
                          const char     *lang)
{
  g_autoptr(GdkTexture) texture = NULL;
  const char *alt;
  GtkWidget *view;

  g_return_val_if_fail (picture != NULL, NULL);

  alt = imtehan_picture_get_alt (picture, lang);
  if (!(texture = texture_for (picture)))
    {
      view = gtk_label_new (alt);
      gtk_label_set_wrap (GTK_LABEL (view), TRUE);
      gtk_widget_add_css_class (view, "dim-label");
      return view;
    }
  view = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
  gtk_picture_set_can_shrink (GTK_PICTURE (view), TRUE);
  gtk_picture_set_content_fit (GTK_PICTURE (view), GTK_CONTENT_FIT_SCALE_DOWN);
  gtk_picture_set_alternative_text (GTK_PICTURE (view), alt);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, alt, -1);
  gtk_widget_set_halign (view, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (view, "quiz-picture");
  return view;
}

static GtkSizeRequestMode
picture_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* A page's scrolled window gives its content the minimum height (GtkViewport's
 * GTK_SCROLL_MINIMUM), and a picture that can shrink asks for none: at a width, its
 * minimum height is the height it needs there (checked, with the verdict below, a figure
 * was drawn at half its height). A GtkPicture asks for the height that fills the width,
 * while it draws no larger than its own size: it is asked at most that, or empty bands
 * are left around it. */
static void
picture_measure (GtkWidget      *widget,
                 GtkOrientation  orientation,
                 int             for_size,
                 int            *minimum,
                 int            *natural,
                 int            *minimum_baseline,
                 int            *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);
  int own_width = 0;

  if (orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0)
    {
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &own_width, NULL, NULL);
      gtk_widget_measure (child, orientation, MIN (for_size, own_width), NULL, natural, NULL,
                          NULL);
      *minimum = *natural;
    }
  else
    gtk_widget_measure (child, orientation, for_size, minimum, natural, NULL, NULL);
}

static void
picture_allocate (GtkWidget *widget,
                  int        width,
                  int        height,
                  int        baseline)
{
  gtk_widget_allocate (gtk_widget_get_first_child (widget), width, height, baseline, NULL);
}

/**
 * imtehan_picture_view_new_for_quiz:
 * @quiz: (nullable): the quiz of the question shown
 * @name: (nullable): the name of one of @quiz's pictures
 *
 * The picture in a bin that asks for the height it needs at its width, for a page in a
 * scrolled window (a question, the results).
 *
 * Returns: (transfer floating) (nullable): its view, or %NULL without one
 */
GtkWidget *
imtehan_picture_view_new_for_quiz (ImtehanQuiz *quiz,
                                   const char  *name,
                                   const char  *lang)
{
  ImtehanPicture *picture;
  GtkWidget *bin;

  if (quiz == NULL || name == NULL || !(picture = imtehan_quiz_get_picture (quiz, name)))
    return NULL;
  bin = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_layout_manager (bin, gtk_custom_layout_new (picture_request_mode,
                                                             picture_measure,
                                                             picture_allocate));
  gtk_box_append (GTK_BOX (bin), imtehan_picture_view_new (picture, lang));
  return bin;
}
