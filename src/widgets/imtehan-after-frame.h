/* imtehan-after-frame.h: work done ahead, after a widget's next frame, off its critical path
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct _ImtehanAfterFrame ImtehanAfterFrame;

ImtehanAfterFrame *imtehan_after_frame_new        (GtkWidget         *widget,
                                                   GSourceFunc        func,
                                                   gpointer           user_data);
void               imtehan_after_frame_free       (ImtehanAfterFrame *self);
void               imtehan_after_frame_schedule   (ImtehanAfterFrame *self,
                                                   guint              delay_ms);
void               imtehan_after_frame_wait       (ImtehanAfterFrame *self,
                                                   guint              delay_ms);
void               imtehan_after_frame_cancel     (ImtehanAfterFrame *self);
gboolean           imtehan_after_frame_is_pending (ImtehanAfterFrame *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImtehanAfterFrame, imtehan_after_frame_free)

G_END_DECLS
