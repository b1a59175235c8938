/* bk-action.h: seats, teams, the words of the table talk, and one request to the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "bk-card.h"

G_BEGIN_DECLS

/* Clockwise as play goes, the human at the bottom (notation.md). */
typedef enum {
  BK_SEAT_S,
  BK_SEAT_W,
  BK_SEAT_N,
  BK_SEAT_E,
  BK_N_SEATS,
  BK_SEAT_NONE = 0xff
} BkSeat;

typedef enum {
  BK_TEAM_SN,
  BK_TEAM_WE,
  BK_N_TEAMS,
  BK_TEAM_NONE = 0xff
} BkTeam;

static inline BkTeam
bk_seat_team (BkSeat seat)
{
  return (BkTeam) (seat & 1);
}

static inline BkSeat
bk_seat_after (BkSeat seat,
               guint  steps)
{
  return (BkSeat) ((seat + steps) & 3);
}

/* spec B3.1, B3.2, B3.4 */
typedef enum {
  BK_WORD_NONE,
  BK_WORD_GUT,
  BK_WORD_MITTEL,
  BK_WORD_SCHLECHT,
  BK_WORD_HELFEN,
  BK_WORD_NICHT_HELFEN,
  BK_WORD_HONOUR, /* "weil mer hinter hocken": said by the game for the dealer */
  BK_N_WORDS
} BkWord;

typedef enum {
  BK_ACTION_TALK,
  BK_ACTION_DOUBLE,
  BK_ACTION_PASS,
  BK_ACTION_PLAY,
  BK_ACTION_BID,    /* Herzla (H3): arg is the BkContract bid, normal for "weiter" */
} BkActionType;

typedef struct {
  guint8 type; /* BkActionType */
  guint8 seat; /* BkSeat */
  guint8 arg;  /* BkCard for PLAY, BkWord for TALK (BK_WORD_NONE: stays silent), a contract
                for BID */
} BkAction;

static inline BkAction
bk_action_make (BkActionType type,
                BkSeat       seat,
                guint        arg)
{
  BkAction action = { (guint8) type, (guint8) seat, (guint8) arg };
  return action;
}

const char  *bk_seat_to_string   (BkSeat       seat);
const char  *bk_seat_display_name (BkSeat      seat);
gboolean     bk_seat_parse       (const char  *text,
                                  BkSeat      *seat,
                                  GError     **error);
const char  *bk_team_to_string   (BkTeam       team);
const char  *bk_word_to_string   (BkWord       word);
const char  *bk_word_display     (BkWord       word);
gboolean     bk_word_parse       (const char  *text,
                                  BkWord      *word,
                                  GError     **error);

G_END_DECLS
