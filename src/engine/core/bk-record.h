/* bk-record.h: reading the game record of notation.md (and the save file built on it)
 * by replaying every line through the same checks as live play.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"

G_BEGIN_DECLS

/* The format of the records and save files we write; we read this one and every older
 * one. Format 2 pins the whole save: its state line counts and digests the lines after it. */
#define BK_RECORD_FORMAT 2

/* No record beyond this is read (BK_ERROR_TOO_LARGE): a real 3,000-hand session is
 * under 1 MB. */
#define BK_RECORD_MAX_SIZE (16 * 1024 * 1024)

/* A save keeps the session before its hands in a checkpoint line, and in full at least
 * this many finished hands and every hand of the current round of the session (e.g. a
 * Bollen) ... */
#define BK_RECORD_KEEP_HANDS 64
/* ... but never more than this many, so that a save stays far below BK_RECORD_MAX_SIZE
 * however long a session runs. */
#define BK_RECORD_KEEP_MAX_HANDS 512

/* Called once the game exists and before its first move, to connect to its signals. */
typedef void (*BkRecordReadyFunc) (BkGame   *game,
                                   gpointer  user_data);

BkGame      *bk_record_replay    (const char         *text,
                                  const BkRules      *defaults,
                                  BkRecordReadyFunc   ready,
                                  gpointer            user_data,
                                  GError            **error);
BkGame      *bk_record_replay_data (const char       *data,
                                    gsize             length,
                                    const BkRules    *defaults,
                                    BkRecordReadyFunc ready,
                                    gpointer          user_data,
                                    GError          **error);
GArray      *bk_record_replay_hands (const char    *data,
                                     gsize          length,
                                     const BkRules *defaults,
                                     BkGame       **game,
                                     GError       **error);
gboolean     bk_record_check_size (gsize             size,
                                   GError          **error);
gboolean     bk_record_read_fd   (int                 fd,
                                  char              **contents,
                                  gsize              *length,
                                  GError            **error);
gboolean     bk_record_read_file (const char         *path,
                                  char              **contents,
                                  gsize              *length,
                                  GError            **error);
BkGame      *bk_game_load        (const char         *path,
                                  GError            **error);
guint        bk_record_count_actions (const char     *text);

G_END_DECLS
