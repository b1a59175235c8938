/* bk-friends-table-private.h: BkFriendsTable's fields, shared by bk-friends-table.c (the
 * table in the window) and bk-friends-table-keep.c (the host keeping it).
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
  gboolean          resumed;       /* taken up again: its chairs are the table's own */
};

BkFriendsTable *_bk_friends_table_new          (const char     *room,
                                               const char     *nick,
                                               BkSeat          chair);
/* The host's signals and its clock (grace periods). */
void            _bk_friends_table_host_connect (BkFriendsTable *self);
/* BkTableHost::changed: the resume file, when the table is kept. */
void            _bk_friends_table_changed_cb   (BkTableHost    *host,
                                               BkFriendsTable *self);
/* @payload to the room with @body, delivered at once. */
void            _bk_friends_table_tell_room    (BkFriendsTable *self,
                                               const char     *body,
                                               BkXmppElement  *payload);

/* The seat of the window's game where @chair sits (BK_SEAT_NONE: no hand shown). */
BkSeat          _bk_friends_table_shown_seat   (BkFriendsTable *self,
                                               BkSeat          chair);

G_END_DECLS
