/* bk-bierkopf-talk.h: Bierkopf's two teams and the words of its table talk (spec B3.1,
 * B3.2, B3.4; notation.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-action.h"
#include "bk-bierkopf-seats.h"

G_BEGIN_DECLS

/* Bierkopf's own kinds of request besides a card (BkActionType): a word of the table talk
 * (arg: BkWord), a doubling, a pass. */
#define BK_ACTION_TALK   ((BkActionType) 0)
#define BK_ACTION_DOUBLE ((BkActionType) 1)
#define BK_ACTION_PASS   ((BkActionType) 2)

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

const char  *bk_team_to_string   (BkTeam       team);
const char  *bk_word_to_string   (BkWord       word);
const char  *bk_word_display     (BkWord       word);
gboolean     bk_word_parse       (const char  *text,
                                  BkWord      *word,
                                  GError     **error);

G_END_DECLS
