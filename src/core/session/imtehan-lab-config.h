/* imtehan-lab-config.h: the lab's settings, from GSettings and the command line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "imtehan-types.h"

G_BEGIN_DECLS

#define IMTEHAN_TYPE_LAB_CONFIG (imtehan_lab_config_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanLabConfig, imtehan_lab_config, IMTEHAN, LAB_CONFIG, GObject)

ImtehanLabConfig *imtehan_lab_config_new                  (GSettings         *settings);
GSettings        *imtehan_lab_config_get_settings         (ImtehanLabConfig  *self);
gboolean          imtehan_lab_config_apply_options        (ImtehanLabConfig  *self,
                                                           GVariantDict      *options,
                                                           GError           **error);
gboolean          imtehan_lab_config_has_overrides       (ImtehanLabConfig  *self);
gboolean          imtehan_lab_config_is_overridden        (ImtehanLabConfig  *self,
                                                           const char        *key);
gboolean          imtehan_lab_config_is_locked            (ImtehanLabConfig  *self,
                                                           const char        *key);

const char       *imtehan_lab_config_get_results_folder   (ImtehanLabConfig  *self);
GFile            *imtehan_lab_config_dup_results_folder   (ImtehanLabConfig  *self);
gboolean          imtehan_lab_config_get_learner_required (ImtehanLabConfig  *self);
const char       *imtehan_lab_config_get_start_quiz       (ImtehanLabConfig  *self);
ImtehanMode       imtehan_lab_config_get_mode             (ImtehanLabConfig  *self);
guint             imtehan_lab_config_get_time_limit       (ImtehanLabConfig  *self);
guint             imtehan_lab_config_get_attempts_allowed (ImtehanLabConfig  *self);

G_END_DECLS
