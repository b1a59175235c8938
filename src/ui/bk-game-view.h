/* bk-game-view.h: what a game tells the view, so that the shell (window, settings,
 * session store, preferences, statistics) and the shared table never name a game. It is
 * to the view what BkGameModule (bk-game-module.h) is to the engine: plain data, a table
 * of hooks, one per game, in ui/<game>/bk-<game>-view.c; the list of games is
 * bk_game_views() in bk-game-views.c, in the engine registry's order.
 *
 * Every hook says what NULL means. A hook gets the window it works for as BkWindow and
 * reaches the model through bk_window_get_game(); it never keeps state of its own across
 * sessions (what it needs lives in the per-game state it makes with `attach`).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * (Skeleton written by the lead at the start of the redesign; the helpers fill in and may
 * add hooks — each with a comment that says what NULL means.)
 */
#pragma once

#include <gtk/gtk.h>

#include "bk-game.h"

G_BEGIN_DECLS

typedef struct _BkWindow BkWindow;
typedef struct _BkTable BkTable;
typedef struct _BkGameView BkGameView;

/* A row of the game chooser (bk-new-session-dialog.c): a form of the game a session can
 * start with, e.g. Herzla for four or its simple form. */
typedef struct {
  const char  *id;            /* GSettings' "last-game" and the session store's name */
  const char  *title;         /* N_() */
  const char  *subtitle;      /* N_() */
  gboolean     has_options;   /* the game's chooser_options apply to this form */
} BkGameChoice;

struct _BkGameView {
  BkGameKind   kind;
  const char  *id;            /* the engine module's id ("bierkopf", "herzla") */

  /* The chooser's rows, n_choices >= 1 of them, in the chooser's order. */
  const BkGameChoice *choices;
  guint        n_choices;
  /* What the chooser says when this game's running session would start afresh (N_()). */
  const char  *restart_body;
  /* The chooser's options of the forms with has_options (a widget under the rows, read
   * from @settings), and writing them back when a session starts. NULL: none. */
  GtkWidget *(*chooser_options) (GSettings *settings);
  void       (*chooser_apply)   (GtkWidget *options,
                                 GSettings *settings);

  /* The per-window state of this game's view: made when a session of this game starts in
   * a window, freed when it ends. NULL: the view needs none. */
  gpointer   (*attach)          (BkWindow *window, BkGame *game);
  void       (*detach)          (gpointer  state);

  /* The window's title and subtitle for the session (e.g. the Bollen, the stock). NULL:
   * the game's name and no subtitle. Returns newly allocated strings. */
  void       (*describe)        (BkWindow *window, gpointer state,
                                 char **title, char **subtitle);

  /* The person (the seat's controller is this screen) must decide something before play
   * (talk, doubling, bids): show what asks. NULL: the game asks nothing before play. */
  void       (*ask_person)      (BkWindow *window, gpointer state, BkSeat seat);

  /* A hand is over: show its result; `next` continues the session. NULL: no dialog, the
   * next hand follows. */
  void       (*show_result)     (BkWindow *window, gpointer state);
  /* The session is over. NULL: the shell's generic "Session Over" page. */
  void       (*show_session_end)(BkWindow *window, gpointer state);

  /* The table's decorations (coaster; hearts, badges and stock): build them onto the
   * table once per session, and refresh them after a change. NULL: none. */
  void       (*decorate_table)  (BkTable  *table, gpointer state);
  void       (*refresh_table)   (BkTable  *table, gpointer state);

  /* The review window of a finished hand `number` of the session, or of a stored hand's
   * record. NULL: this game has no review. */
  GtkWindow *(*review_hand)     (BkWindow *window, BkGame *game, guint number);
  GtkWindow *(*review_record)   (GtkWindow *parent, const char *record);

  /* Preferences: the house-rules page for this game (AdwPreferencesPage). NULL: none. */
  GtkWidget *(*rules_page)      (GSettings *settings);
  /* The rules window's page (docs of the game). NULL: none. */
  GtkWidget *(*rules_help_page) (void);
  /* Statistics: the rows this game adds (AdwPreferencesGroup). NULL: only the shared
   * rows. */
  GtkWidget *(*statistics_rows) (gpointer history);
};

/* Every game's view, NULL-terminated, in the engine registry's order. */
const BkGameView * const *bk_game_views        (void);
const BkGameView         *bk_game_view_find_choice (const char          *id,
                                                    const BkGameChoice **choice);
const BkGameView         *bk_game_view_lookup  (const char *id);
const BkGameView         *bk_game_view_get     (BkGameKind  kind);

G_END_DECLS
