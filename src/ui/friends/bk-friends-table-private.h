/* bk-friends-table-private.h: BkFriendsTable's fields and the functions its files share
 * (bk-friends-table.c says which file does what).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-friends-table.h"
#include "bk-remote-feed.h"
#include "bk-seat-controller.h"
#include "bk-table-host.h"
#include "bk-table-guest.h"

G_BEGIN_DECLS

enum {
  SIGNAL_SEND,
  SIGNAL_SEATS_CHANGED,
  SIGNAL_VERIFIED,
  SIGNAL_SHOWN,
  SIGNAL_FINISHED,
  N_SIGNALS
};

extern guint _bk_friends_table_signals[N_SIGNALS];

typedef struct {
  gboolean       to_host;
  BkXmppElement *payload;
  gboolean       private;
} Local;

struct _BkFriendsTable
{
  GObject           parent_instance;

  BkTableHost      *host;          /* the host's app only */
  BkTableGuest     *guest;         /* the person's chair */
  char             *room;
  char             *nick;
  char             *jid;
  BkSeat            chair;
  BkNetStanza       seats;         /* the last <table/> */
  gboolean          has_seats;
  guint             wait[BK_MAX_SEATS];  /* by chair: how long the table waits, 0: here */
  GWeakRef          window;

  BkGame           *shown;
  guint             shown_hand;
  guint             turn;          /* the person's seat now: the shown game is turned by it */
  gsize             known;         /* the shown game's record so far, in bytes */
  gboolean          offer_open;    /* the shown game waits for the person's answer */
  gboolean          applying;      /* a line of the table goes into the shown game */
  gboolean          out_of_step;   /* take the world again */
  GQueue            sent;          /* the person's lines the table has not played yet */
  gboolean          asking;        /* the first of them went to the host: its line awaited */
  GPtrArray        *pending;       /* the table's lines since the last look */
  BkRemoteFeed     *feed;
  BkSeatController *controllers[BK_MAX_SEATS];
  guint             moves_id;
  guint             hold_id;
  gboolean          result_answered; /* the finished hand's result dialog was answered */
  guint             hold_polls;
  guint             tick_id;

  GQueue            local;         /* the host and its own person's guest, in order */
  gboolean          delivering;

  /* hostquit: where the host keeps its table to take it up again (docs/network.md §7) */
  char             *resume_path;
  char             *password;
  char             *guests;        /* the link's guest domain (issue 32), kept with the table */
  gboolean          resumed;       /* taken up again: its chairs are the table's own */
};

/* bk-friends-table.c */
BkFriendsTable *_bk_friends_table_new          (const char     *room,
                                               const char     *nick,
                                               BkSeat          chair);

/* bk-friends-table-seats.c: the name of the player at @chair, as the window shows it */
char           *_bk_friends_table_chair_name   (BkFriendsTable *self,
                                               BkSeat          chair);
/* The chair of the player at seat @now of the shown game. */
BkSeat          _bk_friends_table_shown_chair  (BkFriendsTable *self,
                                               BkSeat          now);
/* The seat of the window's game where @chair sits (BK_SEAT_NONE: no hand shown). */
BkSeat          _bk_friends_table_shown_seat   (BkFriendsTable *self,
                                               BkSeat          chair);
/* Each chair's presence: here, thinking (its turn), away. */
void            _bk_friends_table_update_presence (BkFriendsTable *self);
void            _bk_friends_table_apply_house_rules (BkFriendsTable *self);
/* A <table/>: who sits where. */
void            _bk_friends_table_take_seats   (BkFriendsTable      *self,
                                               const BkXmppElement *payload);

/* bk-friends-table-shown.c */
void            _bk_friends_table_drop_shown   (BkFriendsTable *self);
/* Brings the shown game to where the guest's world is. */
void            _bk_friends_table_sync_shown   (BkFriendsTable *self);

/* bk-friends-table-moves.c */
/* The moves of the last hand in the first @len bytes of @record. */
guint           _bk_friends_table_count_moves  (const BkRules  *rules,
                                               const char     *record,
                                               gsize           len);
/* The person's next move to the host, once the table has played the one before. */
void            _bk_friends_table_ask_next     (BkFriendsTable *self);
/* The remote feed's: a line of the table into the shown game. */
gboolean        _bk_friends_table_apply_line   (const char     *line,
                                               gpointer        data);
void            _bk_friends_table_feed_refused_cb (BkFriendsTable *self,
                                                  const char     *line);
void            _bk_friends_table_moves_changed_cb (BkFriendsTable *self);
void            _bk_friends_table_guest_line_cb (BkTableGuest   *guest,
                                                const char     *line,
                                                BkFriendsTable *self);

/* bk-friends-table-local.c */
void            _bk_friends_table_local_free   (Local          *local);
/* Delivers what the host and its own person's guest said to each other. */
void            _bk_friends_table_flush        (BkFriendsTable *self);
void            _bk_friends_table_took_state   (BkFriendsTable      *self,
                                               const BkXmppElement *payload);
void            _bk_friends_table_guest_send_cb (BkTableGuest   *guest,
                                                const char     *nick,
                                                const char     *body,
                                                BkXmppElement  *payload,
                                                gboolean        private,
                                                BkFriendsTable *self);
/* The host's signals and its clock (grace periods). */
void            _bk_friends_table_host_connect (BkFriendsTable *self);
/* @payload to the room with @body, delivered at once. */
void            _bk_friends_table_tell_room    (BkFriendsTable *self,
                                               const char     *body,
                                               BkXmppElement  *payload);

/* bk-friends-table-window.c */
BkWindow       *_bk_friends_table_get_window   (BkFriendsTable *self);
/* The window no longer asks us for the next hand. */
void            _bk_friends_table_forget_window (BkFriendsTable *self);
/* The remote feed's: how long the window's table shows what came before. */
gint64          _bk_friends_table_window_busy  (gpointer        data);
void            _bk_friends_table_guest_refused_cb (BkTableGuest   *guest,
                                                   const char     *reason,
                                                   const char     *message,
                                                   BkFriendsTable *self);
void            _bk_friends_table_guest_waiting_cb (BkTableGuest   *guest,
                                                   guint           chair,
                                                   guint           seconds,
                                                   BkFriendsTable *self);
void            _bk_friends_table_guest_verified_cb (BkTableGuest   *guest,
                                                    guint           hand,
                                                    gboolean        verified,
                                                    const char     *message,
                                                    BkFriendsTable *self);
void            _bk_friends_table_guest_host_away_cb (BkTableGuest   *guest,
                                                     gboolean        away,
                                                     BkFriendsTable *self);
void            _bk_friends_table_guest_finished_cb (BkTableGuest   *guest,
                                                    BkFriendsTable *self);

/* bk-friends-table-keep.c: BkTableHost::changed: the resume file, when the table is kept. */
void            _bk_friends_table_changed_cb   (BkTableHost    *host,
                                               BkFriendsTable *self);

G_END_DECLS
