/* bk-session-store.h: where the session is saved, reading it back off the main thread,
 * writing every change on a worker thread, and setting aside what cannot be loaded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "bk-game.h"
#include "bk-record.h"

G_BEGIN_DECLS

/* How many damaged saves are kept for a bug report. */
#define BK_SESSION_STORE_KEEP_DAMAGED 3

typedef enum {
  BK_SESSION_NEW,        /* no save yet: a new session starts */
  BK_SESSION_RESUMED,    /* the saved session goes on */
  BK_SESSION_SET_ASIDE,  /* damaged or too large: moved aside, a new session starts */
  BK_SESSION_NEWER,      /* written by a newer version: moved aside and kept */
  BK_SESSION_UNREADABLE, /* could not be read: left in place and never overwritten; the new
                          * session is saved under another name */
} BkSessionOutcome;

#define BK_TYPE_SESSION_STORE (bk_session_store_get_type ())

G_DECLARE_FINAL_TYPE (BkSessionStore, bk_session_store, BK, SESSION_STORE, GObject)

BkSessionStore *bk_session_store_new               (const char           *path);
BkSessionStore *bk_session_store_new_for_game      (const char           *game,
                                                    const char           *path);
char           *bk_session_store_dup_default_path  (void);
char           *bk_session_store_dup_path_for_game (const char           *game);
const char     *bk_session_store_get_game          (BkSessionStore       *self);
gboolean        bk_session_store_is_own_game       (BkSessionStore       *self,
                                                    BkGame               *game);
const char     *bk_session_store_get_path          (BkSessionStore       *self);
gboolean        bk_session_store_get_writable      (BkSessionStore       *self);
const char     *bk_session_store_get_unreadable_path (BkSessionStore     *self);
gboolean        bk_session_store_get_failing       (BkSessionStore       *self);
int             bk_session_store_lock              (const char           *dir,
                                                    GError              **error);
void            bk_session_store_load_async        (BkSessionStore       *self,
                                                    BkRecordReadyFunc     ready,
                                                    gpointer              ready_data,
                                                    GDestroyNotify        ready_destroy,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
BkGame         *bk_session_store_load_finish       (BkSessionStore       *self,
                                                    GAsyncResult         *result,
                                                    BkSessionOutcome     *outcome,
                                                    GError              **error);
void            bk_session_store_save              (BkSessionStore       *self,
                                                    char                 *text);
gboolean        bk_session_store_save_now          (BkSessionStore       *self,
                                                    char                 *text,
                                                    GError              **error);
void            bk_session_store_flush             (BkSessionStore       *self);

G_END_DECLS
