/* question-types-util.h: what the tests of the question types' pages share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/question-types.quiz, one question of each type, in a window of its own; its
 * questions' answers reached through imtehan_question_page_get_choice() and the widget tree.
 */

#pragma once

#include "imtehan-ordering-row.h"
#include "imtehan-question-page.h"
#include "imtehan-quiz.h"
#include "test-ui.h"

G_BEGIN_DECLS

ImtehanQuiz         *qt_load_quiz          (void);
ImtehanQuestionPage *qt_start              (ImtehanTestFixture  *fixture,
                                            ImtehanQuiz         *quiz,
                                            ImtehanMode          mode);
guint                qt_go_to              (ImtehanWindow       *window,
                                            const char          *id);
ImtehanQuestion     *qt_question_of        (ImtehanWindow       *window,
                                            guint                index);
const char          *qt_answer_of          (ImtehanWindow       *window,
                                            guint                index);
double               qt_fraction_of        (ImtehanWindow       *window,
                                            guint                index);
const char * const  *qt_order_of           (ImtehanWindow       *window,
                                            guint                index);
guint                qt_position_of        (const char * const  *order,
                                            const char          *id);
GtkWidget           *qt_shown_view         (void);
void                 qt_collect_shown      (GtkWidget           *widget,
                                            GType                type,
                                            GPtrArray           *found);
GtkWidget           *qt_find_one           (GtkWidget           *widget,
                                            GType                type);
GtkWidget           *qt_find_button        (GtkWidget           *widget,
                                            const char          *label);
void                 qt_click              (GtkWidget           *button);
gboolean             qt_is_ancestor_or_self (GtkWidget          *widget,
                                             GtkWidget          *ancestor);
gboolean             qt_number_keys_on     (ImtehanWindow       *window);
GtkTextDirection     qt_direction_of       (const char          *lang);
void                 qt_assert_group       (GtkWidget           *part,
                                            ImtehanQuestion     *question,
                                            const char          *lang,
                                            const char          *description);
void                 qt_type_text          (GtkWidget           *entry,
                                            const char          *text);
ImtehanOrderingRow  *qt_row_at             (ImtehanQuestionPage *page,
                                            guint                position);
void                 qt_check              (ImtehanWindow       *window);

G_END_DECLS
