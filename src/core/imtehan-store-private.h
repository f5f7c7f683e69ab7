/* imtehan-store-private.h: what the tests see of the store's summary cache
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-store.h"

G_BEGIN_DECLS

GFile *imtehan_store_get_cache_file   (ImtehanStore *self);
guint  imtehan_store_get_n_files_read (ImtehanStore *self);

G_END_DECLS
