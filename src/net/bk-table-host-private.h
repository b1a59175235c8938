/* bk-table-host-private.h: the host's state, shared by bk-table-host.c (the table) and
 * bk-table-host-resume.c (its state kept in a file, to take the table up again after the
 * host was killed).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-fair-deal.h"
#include "bk-strategy.h"
#include "bk-table-host.h"

G_BEGIN_DECLS

/* The computer player that keeps a dropped person's seat after the grace period. */
#define STAND_IN_LEVEL "heuristic"

typedef enum {
  STAGE_SEATING,    /* waiting for every person's seat to be taken */
  STAGE_COMMITTED,  /* the commitment posted, the seats' secrets coming in */
  STAGE_PLAYING,
  STAGE_FINISHED,
} Stage;

typedef struct {
  gboolean  person;
  char     *level;         /* a computer's level */
  BkStrategy *strategy;    /* the computer's, or the stand-in's */
  char     *jid;           /* a person's bare JID once bound */
  char     *nick;          /* the person's nickname in the room */
  gboolean  present;
  gint64    away_since;
  gboolean  stand_in;      /* a computer player keeps the seat for the person */
  gboolean  secret_in;
  gboolean  contributes;   /* counted among the secrets of this hand */
  guint8    secret[BK_NET_SECRET_SIZE];
  BkHand    dealt;
  char     *next_jid;      /* a computer's chair: the person who takes it at the hand's end */
  char     *next_nick;
} Seat;

struct _BkTableHost
{
  GObject      parent_instance;

  BkGame      *game;
  char        *room;
  char        *nick;
  char        *header;         /* the record before the first hand */
  guint        n_seats;
  Seat         seats[BK_MAX_SEATS];
  guint        deals;
  guint        hands_played;
  guint        grace;
  Stage        stage;
  guint        hand;           /* the hand committed to or in play */
  guint8       host_secret[BK_NET_SECRET_SIZE];
  guint8       commitment[BK_NET_SECRET_SIZE];
  gsize        published;      /* the record up to here went to the room */
  gsize        hand_start;     /* where the current hand's lines begin in the record */
  guint        seq;            /* public lines of the current hand so far */
  GString     *hand_lines;     /* … and the lines themselves */
  GHashTable  *rates;          /* nick → BkNetBucket */
  BkXmppElement *last_reveal;  /* the last hand's <reveal/>, sent again when resumed */
  char        *last_lines;     /* … and its public lines, before it */
  gboolean     resumed;        /* taken up again from a resume file */
  gboolean     started;
  gboolean     no_hints;       /* the host turned hints off for the whole table */
};

/* bk-table-host.c: whether a line of the record goes to the room (all but the cards
 * dealt, blank lines and comments). */
gboolean bk_table_host_line_is_public     (const char  *line);
/* Each computer player where its chair is now (a ceremony may have moved it). */
void     bk_table_host_place_strategies   (BkTableHost *self);
/* Emits ::changed: what the host keeps has changed, before any of it goes out. */
void     bk_table_host_changed            (BkTableHost *self);

G_END_DECLS
