/* imtehan-library-page.h: every quiz of the library, to choose one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "imtehan-library.h"
#include "imtehan-store.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_LIBRARY_PAGE (imtehan_library_page_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanLibraryPage, imtehan_library_page, IMTEHAN, LIBRARY_PAGE, GtkWidget)

GtkListView *imtehan_library_page_get_list       (ImtehanLibraryPage *self);

G_END_DECLS
