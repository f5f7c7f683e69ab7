/* imtehan-choice-row.h: one answer of a question, a radio button (or a check box) one can
 * click anywhere on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What a checked practice answer shows of a choice. */
typedef enum
{
  IMTEHAN_CHOICE_VERDICT_NONE,   /* not checked, or neither chosen nor right */
  IMTEHAN_CHOICE_VERDICT_RIGHT,  /* the right answer, chosen or not */
  IMTEHAN_CHOICE_VERDICT_WRONG,  /* the learner's answer, which is wrong */
} ImtehanChoiceVerdict;

#define IMTEHAN_TYPE_CHOICE_ROW (imtehan_choice_row_get_type ())
G_DECLARE_FINAL_TYPE (ImtehanChoiceRow, imtehan_choice_row, IMTEHAN, CHOICE_ROW, GtkCheckButton)

GtkWidget  *imtehan_choice_row_new           (void);
GtkWidget  *imtehan_choice_row_new_check     (void);
void        imtehan_choice_row_set_letter    (ImtehanChoiceRow *self,
                                              const char       *letter);
void        imtehan_choice_row_set_choice    (ImtehanChoiceRow *self,
                                              const char       *choice_id,
                                              const char       *text,
                                              const char       *lang);
void        imtehan_choice_row_set_picture   (ImtehanChoiceRow *self,
                                              GtkWidget        *picture);
const char *imtehan_choice_row_get_choice_id (ImtehanChoiceRow *self);
void        imtehan_choice_row_set_verdict   (ImtehanChoiceRow     *self,
                                              ImtehanChoiceVerdict  verdict);
ImtehanChoiceVerdict
            imtehan_choice_row_get_verdict   (ImtehanChoiceRow *self);

G_END_DECLS
