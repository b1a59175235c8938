/* bk-window.h: the main window: the table, the game's decorations, the talk and the
 * results.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-game.h"
#include "bk-history-recorder.h"
#include "bk-table.h"

G_BEGIN_DECLS

#define BK_TYPE_WINDOW (bk_window_get_type ())

G_DECLARE_FINAL_TYPE (BkWindow, bk_window, BK, WINDOW, AdwApplicationWindow)

BkWindow          *bk_window_new                  (AdwApplication *application);
BkGame            *bk_window_get_game             (BkWindow       *self);
BkTable           *bk_window_get_table            (BkWindow       *self);
BkSeat             bk_window_get_seat_of          (BkWindow       *self,
                                                   guint           person);
const char        *bk_window_get_game_id          (BkWindow       *self);
BkHistoryRecorder *bk_window_get_history_recorder (BkWindow       *self);
void               bk_window_switch_game          (BkWindow       *self,
                                                   const char     *game,
                                                   gboolean        resume);
void               bk_window_new_session          (BkWindow       *self);
void               bk_window_take_session         (BkWindow       *self,
                                                   BkGame         *game);
gboolean           bk_window_save                 (BkWindow       *self,
                                                   GError        **error);
/* A table with friends (src/ui/friends/): see bk-window-session.c. */
void               bk_window_take_table_session   (BkWindow         *self,
                                                   BkGame           *game,
                                                   GObject   *const *controllers,
                                                   const char *const *names);
gboolean           bk_window_is_at_table          (BkWindow       *self);
/* #24 (endkeys): the table has ended; the answer to its last result leaves it */
void               bk_window_set_table_ended      (BkWindow       *self);
void               bk_window_leave_table          (BkWindow       *self);
void               bk_window_set_table_next       (BkWindow       *self,
                                                   void          (*next) (gpointer data),
                                                   gpointer        data);
/* issue 24 (apart): the review at a table is of the revealed deal */
void               bk_window_set_table_review     (BkWindow       *self,
                                                   BkGame       *(*revealed) (gpointer data),
                                                   gpointer        data);
void               bk_window_set_table_names      (BkWindow          *self,
                                                   const char *const *names);
/* Free words at a table with friends (docs/network.md, 3.13; bk-window-words.c): in the
 * talk log as "@who: @text" among the hand's talk, and for a moment as the speech bubble
 * of @seat (of the window's game; BK_SEAT_NONE: nobody seated, the talk log only). */
void               bk_window_add_table_words      (BkWindow       *self,
                                                   BkSeat          seat,
                                                   const char     *who,
                                                   const char     *text);
/* The table's chat in the header's corner beside the talk log (NULL: none). */
void               bk_window_set_table_chat       (BkWindow       *self,
                                                   GtkWidget      *chat);
/* The table's host turned hints off (FALSE) for everyone (docs/network.md 3.15): the
 * Hint button is insensitive and Ctrl+H says why, until the window leaves the table. */
void               bk_window_set_table_hints      (BkWindow       *self,
                                                   gboolean        allowed);
/* The table checked @hand's deal and play (docs/network.md 6): its result says so. */
void               bk_window_set_table_verdict    (BkWindow       *self,
                                                   guint           hand,
                                                   gboolean        verified,
                                                   const char     *message);
void               bk_window_show_toast           (BkWindow       *self,
                                                   const char     *text);
void               bk_window_offer                (BkWindow       *self,
                                                   const char     *text,
                                                   const char     *button,
                                                   const char     *action);

void               bk_window_fit_inside_parent    (GtkWindow      *window);

/* Holds the person's game alone where it stands (kept as it is) while no window of ours
 * covers it, e.g. while a table with friends is joined (issue 34); calls nest. */
void               bk_window_hold                 (BkWindow       *self);
void               bk_window_release              (BkWindow       *self);

G_END_DECLS
