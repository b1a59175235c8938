/* bk-cli-table-private.h: what `table host` (bk-cli-table-host.c) and `table join`
 * (bk-cli-table-join.c) share (bk-cli-table.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-cli.h"
#include "bk-table-guest.h"
#include "bk-table-host.h"
#include "bk-table-link.h"
#include "bk-xmpp-client.h"

G_BEGIN_DECLS


enum {
  EXIT_REFUSED = 3,   /* the server or the room refused us */
};

typedef struct {
  GMainLoop    *loop;
  BkXmppClient *client;
  BkTableLink  *link;          /* the room: what comes in, what goes out */
  char         *room;
  char         *room_password;
  char         *nick;
  int           code;
  /* host */
  BkTableHost  *host;
  BkGame       *game;
  char         *record_path;
  char         *resume_path;   /* beside the record: what a host started again needs */
  char         *guests;        /* the link's guest domain (docs/network.md 2), or NULL */
  gboolean      resumed;       /* the host taken up again from resume_path */
  gboolean      started;
  /* guest */
  BkTableGuest *guest;
  char         *seat_text;
  char         *level;
  gboolean      from_stdin;
  GIOChannel   *input;
  guint         deadline_id;
  GPtrArray    *invite;        /* addresses to invite once the room is there */
  gboolean      said_waiting;  /* a claim kept for the hand's end, said once */
  gboolean      said_no_hints; /* the host turned hints off, said once */
  char         *keep_path;     /* --keep: the chair's resume token is kept there … */
  char         *kept_token;    /* … and this one was, by a run before */
} Table;


void     bk_cli_table_clear         (Table        *table);
void     bk_cli_table_finish        (Table        *table,
                                     int           code);
gboolean bk_cli_table_quit_cb       (gpointer      data);
char    *bk_cli_table_read_password (const char   *path,
                                     GError      **error);
char    *bk_cli_table_jid_local     (const char   *jid);
/* Connects with the password of @password_file (NULL: @jid is a guest domain, a login
 * without an account); FALSE (and the exit code in @code) when it cannot be read. */
gboolean bk_cli_table_client_start  (Table        *table,
                                     const char   *jid,
                                     const char   *password_file,
                                     const char   *server,
                                     const char   *cafile,
                                     int          *code);
/* Runs until the table ends, at most @timeout seconds. */
void     bk_cli_table_run_loop      (Table        *table,
                                     guint         timeout);
/* bk-cli-table-keep.c: `join --keep` (docs/network.md 3.16). Reads the token kept in
 * @path for this table's room and seat (none: the file is made at the first token); FALSE
 * when @path is not such a file. attach() gives the guest the token and keeps each new one. */
gboolean bk_cli_table_keep_read     (Table        *table,
                                     const char   *path,
                                     GError      **error);
void     bk_cli_table_keep_attach   (Table        *table);
int      bk_cli_table_host          (BkCliOptions *options,
                                     int           argc,
                                     char        **argv);
int      bk_cli_table_join          (BkCliOptions *options,
                                     int           argc,
                                     char        **argv);

G_END_DECLS
