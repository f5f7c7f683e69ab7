/* imtehan-types.h: forward declarations of the core's types, and its shared enums
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _ImtehanQuiz           ImtehanQuiz;
typedef struct _ImtehanQuestion       ImtehanQuestion;
typedef struct _ImtehanAttempt        ImtehanAttempt;
typedef struct _ImtehanStore          ImtehanStore;
typedef struct _ImtehanAttemptSummary ImtehanAttemptSummary;
typedef struct _ImtehanLibrary        ImtehanLibrary;
typedef struct _ImtehanLibraryEntry   ImtehanLibraryEntry;
typedef struct _ImtehanQuizVersions   ImtehanQuizVersions;

/* How an attempt gives feedback: exam defers it to the end (Moodle's "deferred
 * feedback"); practice shows right or wrong and the explanation once an answer is checked,
 * and locks it ("immediate feedback"). Written to attempt files as "exam" / "practice". */
typedef enum
{
  IMTEHAN_MODE_EXAM,
  IMTEHAN_MODE_PRACTICE,
} ImtehanMode;

#define IMTEHAN_ERROR (imtehan_error_quark ())

typedef enum
{
  IMTEHAN_ERROR_PARSE,        /* not a key file at all */
  IMTEHAN_ERROR_VERSION,      /* a newer format than this build reads */
  IMTEHAN_ERROR_MISSING,      /* a required group or key is missing or empty */
  IMTEHAN_ERROR_INVALID,      /* a value is present but wrong */
  IMTEHAN_ERROR_TOO_LARGE,    /* larger than anything we are willing to read */
} ImtehanError;

GQuark imtehan_error_quark (void);

G_END_DECLS
