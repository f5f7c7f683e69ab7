/* imtehan-question-private.h: a question's fields, filled by the quiz loader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "imtehan-question.h"
#include "imtehan-text.h"

G_BEGIN_DECLS

struct _ImtehanQuestion
{
  GObject           parent_instance;

  char             *id;
  guint             index;
  ImtehanLocalized *text;
  ImtehanLocalized *topic;
  ImtehanLocalized *explanation;
  GPtrArray        *choice_ids;   /* char*, in file order */
  GHashTable       *choices;      /* id → ImtehanLocalized */
  char             *answer;
};

G_END_DECLS
