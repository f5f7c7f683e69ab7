/* imtehan-attempt-enums.c: an attempt's mode and finish reason, as its file spells them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "imtehan-attempt"

#include "config.h"

#include "imtehan-attempt-private.h"

/* The nicks are what attempt files say (Mode=, FinishReason=): never change them. */
G_DEFINE_ENUM_TYPE (ImtehanMode, imtehan_mode,
                    G_DEFINE_ENUM_VALUE (IMTEHAN_MODE_EXAM, "exam"),
                    G_DEFINE_ENUM_VALUE (IMTEHAN_MODE_PRACTICE, "practice"))

G_DEFINE_ENUM_TYPE (ImtehanFinishReason, imtehan_finish_reason,
                    G_DEFINE_ENUM_VALUE (IMTEHAN_FINISH_REASON_NONE, "none"),
                    G_DEFINE_ENUM_VALUE (IMTEHAN_FINISH_REASON_SUBMITTED, "submitted"),
                    G_DEFINE_ENUM_VALUE (IMTEHAN_FINISH_REASON_TIME_UP, "time-up"))

const char *
imtehan_mode_to_string (ImtehanMode mode)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (IMTEHAN_TYPE_MODE);
  GEnumValue *value = g_enum_get_value (klass, mode);

  g_return_val_if_fail (value != NULL, "exam");
  return value->value_nick;
}

gboolean
imtehan_mode_from_string (const char  *text,
                          ImtehanMode *mode)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (IMTEHAN_TYPE_MODE);
  GEnumValue *value = g_enum_get_value_by_nick (klass, text);

  if (value == NULL)
    return FALSE;
  *mode = value->value;
  return TRUE;
}

const char *
imtehan_finish_reason_to_string (ImtehanFinishReason reason)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (IMTEHAN_TYPE_FINISH_REASON);
  GEnumValue *value = g_enum_get_value (klass, reason);

  g_return_val_if_fail (value != NULL, "none");
  return value->value_nick;
}

/* Only the reasons a finished attempt can have: "none" is no reason. */
gboolean
imtehan_finish_reason_from_string (const char          *text,
                                   ImtehanFinishReason *reason)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (IMTEHAN_TYPE_FINISH_REASON);
  GEnumValue *value = g_enum_get_value_by_nick (klass, text);

  if (value == NULL || value->value == IMTEHAN_FINISH_REASON_NONE)
    return FALSE;
  *reason = value->value;
  return TRUE;
}
