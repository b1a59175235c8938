/* bk-window-private.h: what the window's files share. bk-window.c holds its life and its
 * widgets, bk-window-play.c what the game says and asks, bk-window-actions.c what the
 * person does, bk-window-session.c setting up, saving, loading and switching games.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-banner.h"
#include "bk-card-view.h"
#include "bk-game-history.h"
#include "bk-seat-controller.h"
#include "bk-game-query.h"
#include "bk-game-seat.h"
#include "bk-game-take-back.h"
#include "bk-hint.h"
#include "bk-history-recorder.h"
#include "bk-levels.h"
#include "bk-new-session-dialog.h"
#include "bk-record.h"
#include "bk-review-frame.h"
#include "bk-rules-window.h"
#include "bk-session-store.h"
#include "bk-settings.h"
#include "bk-sound.h"
#include "bk-statistics-window.h"
#include "bk-tricks-dialog.h"
#include "bk-table-layout.h"
#include "bk-game-view.h"
#include "bk-window.h"

G_BEGIN_DECLS

#define HUMAN BK_SEAT_S

struct _BkWindow
{
  AdwApplicationWindow  parent_instance;

  AdwWindowTitle       *title;
  AdwToastOverlay      *toasts;
  BkBanner             *notice_banner;  /* a message too long for a toast, until dismissed */
  BkBanner             *failure_banner; /* while saving fails */
  BkBanner             *history_banner; /* while hands cannot be recorded */
  BkTable              *table;
  GtkWidget            *corner_box;   /* the table's left corner, for a game's score */
  GtkWidget            *header_slot;  /* the header's corner: the talk log, a game's controls */
  GtkWidget            *menu_button;
  GtkWidget            *hint_button;
  gboolean              table_no_hints; /* the table's host turned hints off */
  GtkWidget            *talk_button;
  GtkPopover           *talk_popover;
  GtkLabel             *talk_log_label;

  GSettings            *settings;
  BkGame               *game;
  GSignalGroup         *game_signals;     /* the model's signals, of every game */
  GPtrArray            *view_signals;     /* GSignalGroup of each game's own, as bk_game_views() */
  gpointer              view_state;       /* the session's game view's (BkGameView.attach) */
  BkSeatController     *controllers[BK_MAX_SEATS]; /* who plays each seat */
  guint                 person_seats; /* a bit per seat the person here plays next session */
  gboolean              at_table;     /* a table with friends: it deals, nothing is saved */
  void                (*table_next) (gpointer data); /* … asked for its next hand */
  gpointer              table_next_data;
  gboolean              table_ended;  /* … and the table has ended: the answer leaves it */
  BkGame             *(*table_revealed) (gpointer data); /* … its hand as revealed, or NULL */
  gpointer              table_revealed_data;
  BkCardTheme          *theme;
  BkSessionStore       *store;
  BkHistoryRecorder    *recorder;     /* the finished hands go into the history */
  BkHint               *hint;         /* the Meister's advice (Ctrl+H) */
  BkSound              *sound;        /* the sounds of the table (issue 34) */
  GCancellable         *loading;      /* while the save is read; NULL after */
  guint                 save_id;
  gboolean              close_pending; /* closed while loading: close once loaded */

  /* The session's history (who sits where, the hands, the words said) is the game's
   * (bk-game-history.h): the window keeps no copy of it. */
  char                 *people[BK_MAX_SEATS]; /* 0 is the person; by the seat at the start */
  char                 *game_id;             /* a row of the chooser (BkGameChoice) */
  char                 *broken_text;         /* H4.3, H4.4: why this hand stopped early */

  AdwMessageDialog     *dialog;
  gboolean              paused;     /* the computer players wait for a window of ours */
  guint                 holds;      /* bk_window_hold() calls not yet released */
  GString              *talk_log;   /* this hand's words as the game keeps them, a line each */
  AdwToast             *last_toast; /* not owned; cleared when dismissed */
  AdwToast             *wait_toast; /* "Wait for your turn", until it is the person's turn */
  AdwToast             *shown_toast; /* not owned; the one in the overlay, until dismissed */
  GQueue                toast_queue; /* owned toasts waiting until the overlay shows none */
  guint                 toast_pump_id;
  guint                 prompt_id;
  guint                 announce_id;
  /* toasts lifted above the person's hand (bk-window-toasts.c) */
  GtkCssProvider       *toast_css;
  char                 *toast_class;
  int                   toast_lift;
  guint                 toast_lift_id;
  /* What the header showed at its last update (update_controls), so that a change the
   * model tells twice (an action's turn and phase) updates it once. */
  guint                 shown_generation;
  BkPhase               shown_phase;
  BkSeat                shown_to_act;
  guint                 n_control_updates; /* for the tests */

  /* free words at a table with friends (bk-window-words.c) */
  GPtrArray            *table_words;  /* TableWords, oldest first */
  GtkWidget            *table_chat;   /* in the header's corner, or NULL */

  /* the table's word on a hand's deal and play (bk-window-verdict.c) */
  guint                 table_verdict_hand;
  gboolean              table_verified;
  char                 *table_verdict;  /* what failed; NULL: no word yet */
};

/* bk-window.c */
guint    _bk_window_n_seats (BkWindow *self);
guint    _bk_window_player_at (BkWindow *self,
                               BkSeat    seat);
const char *_bk_window_name_at (BkWindow *self,
                                BkSeat    seat);
gint64   _bk_window_table_busy_cb (gpointer user_data);
double   _bk_window_animation_speed (BkWindow *self);
void     _bk_window_drop_wait_toast (BkWindow *self);
void     _bk_window_dismiss_toast_shown_at_once (BkWindow *self,
                                                 AdwToast *toast);
void     _bk_window_notice (BkWindow *self,
                            const char *text);
void     _bk_window_toast_for (BkWindow *self,
                               const char *text,
                               guint timeout);
void     _bk_window_toast (BkWindow *self,
                           const char *text);
const BkGameView *_bk_window_get_view (BkWindow *self);
void     _bk_window_refresh_score (BkWindow *self);
void     _bk_window_mark_table_end (BkWindow *self);
void     _bk_window_setup_view (BkWindow *self);
void     _bk_window_sync_pause (BkWindow *self);
void     _bk_window_update_title (BkWindow *self);
void     _bk_window_set_dialog (BkWindow         *self,
                                AdwMessageDialog *dialog);
void     _bk_window_forget_dialog (BkWindow         *self,
                                   AdwMessageDialog *dialog);
void     _bk_window_destroy_dialog (BkWindow *self);

/* bk-window-sounds.c: the sounds of the cards (dealt, played, taken) follow the model's
 * signals on @game, the window's group of every game. */
void     _bk_window_sounds_init (BkWindow     *self,
                                 GSignalGroup *game);

/* bk-window-words.c: the free words of this hand said before the game's word @index
 * (G_MAXUINT: all that are left), appended to the talk log; *@cursor (0 at the start of
 * the log) counts those appended. */
void     _bk_window_talk_log_words (BkWindow *self,
                                    guint    *cursor,
                                    guint     index);
/* The free words' lines of the talk log in italics, told apart from the game's by eye. */
PangoAttrList *_bk_window_talk_log_attributes (BkWindow *self);
/* The key C: the table's chat opens (its action "chat.open"); FALSE without one. */
gboolean _bk_window_open_chat_cb (GtkWidget *widget,
                                  GVariant  *args,
                                  gpointer   user_data);
/* bk-window.c: no tooltip over the popover @button opened */
void     _bk_window_quiet_tooltip (GtkMenuButton *button);
/* bk-window-toasts.c */
void     _bk_window_lift_toasts (BkWindow *self);
void     _bk_window_queue_lift_toasts (BkWindow *self);
void     _bk_window_drop_toast_lift (BkWindow *self);
void     _bk_window_drop_toasts (BkWindow *self);
void     _bk_window_drop_session_toasts (BkWindow *self);

/* A session alone: no chat, no free words. */
void     _bk_window_leave_table_words (BkWindow *self);
/* A word of the game said at @seat: its bubble, the talk log; the person's own is held. */
void     _bk_window_say (BkWindow   *self,
                         BkSeat      seat,
                         const char *text);

/* bk-window-verdict.c: the result shown at a table says its hand's verdict. */
void     _bk_window_show_table_verdict (BkWindow *self);
void     _bk_window_forget_table_verdict (BkWindow *self);

/* bk-window-play.c */
void     _bk_window_add_dialog_shortcuts (BkWindow *self,
                                          GtkWidget *dialog);
void     _bk_window_game_changed_cb (BkWindow *self);
void     _bk_window_prompt_now (BkWindow *self);
void     _bk_window_update_talk_log (BkWindow *self);
void     _bk_window_place_talk (BkWindow  *self,
                                GtkWidget *controls,
                                GtkWidget *after);
void     _bk_window_partners_found_cb (BkWindow *self);
void     _bk_window_hand_dealt_cb (BkWindow *self);
void     _bk_window_table_dismissed_cb (BkWindow *self);

void     _bk_window_next_hand_cb (AdwMessageDialog *dialog,
                                  const char       *response,
                                  BkWindow         *self);
void     _bk_window_play_init (BkWindow *self);
void     _bk_window_play_set_game (BkWindow *self,
                                   BkGame   *game);

/* bk-window-actions.c */
void     _bk_window_update_session_actions (BkWindow *self);
void     _bk_window_new_session_action (GtkWidget *widget,
                                        const char *action_name,
                                        GVariant *parameter);
void     _bk_window_class_actions_init (GtkWidgetClass *widget_class);

/* bk-window-seats.c */
gboolean _bk_window_is_person_here (BkWindow *self,
                                    BkSeat    seat);
BkSeat   _bk_window_person_seat (BkWindow *self);
gboolean _bk_window_is_persons_turn (BkWindow *self);
void     _bk_window_seat_names (BkWindow   *self,
                                const char *names[BK_MAX_SEATS]);
void     _bk_window_update_names (BkWindow *self);
void     _bk_window_load_people (BkWindow *self);
void     _bk_window_install_players (BkWindow *self);
void     _bk_window_make_controllers (BkWindow *self,
                                      BkGame   *game);
void     _bk_window_drop_controllers (BkWindow *self);
gboolean _bk_window_has_controllers (BkWindow *self);
void     _bk_window_each_controller (BkWindow *self,
                                     void    (*fn) (BkSeatController *controller));
void     _bk_window_controllers_set_speed (BkWindow *self,
                                           double    speed);
gboolean _bk_window_controllers_idle (BkWindow *self);

/* bk-window-session.c */
gboolean _bk_window_save_cb (gpointer user_data);
void     _bk_window_schedule_save (BkWindow *self);
void     _bk_window_set_store (BkWindow *self,
                               BkSessionStore *store);
void     _bk_window_setup_game (BkWindow *self,
                                BkGame *game);
void     _bk_window_load_session (BkWindow *self);

G_END_DECLS
