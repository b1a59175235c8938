/* bk-error.h: the error domain of the engine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BK_ERROR (bk_error_quark ())

typedef enum {
  BK_ERROR_PARSE,        /* text that is not a card, seat, word or record line */
  BK_ERROR_DUPLICATE,    /* a card listed twice */
  BK_ERROR_NOT_YOUR_TURN,
  BK_ERROR_WRONG_PHASE,  /* e.g. playing a card before the doubling is over */
  BK_ERROR_NOT_IN_HAND,
  BK_ERROR_ILLEGAL_CARD, /* against Farbzwang or the void rule */
  BK_ERROR_ILLEGAL_WORD, /* table talk that is not allowed now */
  BK_ERROR_ILLEGAL_STEP,  /* a step before play or an answer to an offer not allowed now */
  BK_ERROR_INVALID_DEAL,
  BK_ERROR_RECORD,       /* a game record or save file that cannot be read */
  BK_ERROR_TOO_LARGE,    /* a record or save file beyond any real session's size */
  BK_ERROR_NEWER_FORMAT, /* a save file written by a newer version of the game */
  BK_ERROR_NOT_PLAYABLE, /* a game whose module cannot run a session yet */
} BkError;

GQuark bk_error_quark (void);

G_END_DECLS
