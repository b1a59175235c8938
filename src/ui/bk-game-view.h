/* bk-game-view.h: what a game tells the view, so that the shell (window, settings,
 * session store, preferences, statistics) and the shared table never name a game. It is
 * to the view what BkGameModule (bk-game-module.h) is to the engine: plain data, a table
 * of hooks, one per game, in ui/<game>/bk-<game>-view.c; the list of games is
 * bk_game_views() in bk-game-views.c, in the engine registry's order.
 *
 * Every hook says what NULL means. A hook gets the window it works for as BkWindow and
 * reaches the model through bk_window_get_game(); the game views are part of the window's
 * implementation and may use bk-window-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "bk-game.h"
#include "bk-game-history.h"
#include "bk-history.h"

G_BEGIN_DECLS

typedef struct _BkWindow BkWindow;
typedef struct _BkTable BkTable;
typedef struct _BkTableDecoration BkTableDecoration;
typedef struct _BkGameView BkGameView;
typedef struct _BkStatisticsRows BkStatisticsRows;
typedef struct _BkCardTheme BkCardTheme;

/* A row of the new-session chooser: one kind of session of the game (e.g. Herzla's
 * four-player form and its simple form). */
typedef struct {
  const char *id;        /* the session's id, as in the "last-game" setting */
  const char *title;     /* N_(), translated at use */
  const char *subtitle;  /* N_(), translated at use */
  gboolean    has_options; /* the view's chooser_options apply to this row */
} BkGameChoice;

/* prefs */
/* A section of a game's rules in short, in the rules window. */
typedef struct {
  const char *heading;  /* N_(), translated at use */
  const char *text;     /* N_(): the cards named as the Bavarian deck names them */
  const char *french;   /* N_(): named as the French decks name them; NULL: as in text */
  const char *chapter;  /* the chapter whose house rules in use follow (e.g. "B1"); NULL */
} BkRulesSection;
/* end prefs */

/* learn2: a strength of a game's computer players, in the order of its setting's enum
 * (strength_key). */
typedef struct {
  const char *nick;   /* the setting's nick ("anfaenger") */
  const char *level;  /* the engine's level it plays (bk_strategy_new_for_level(), e.g.
                       * "heuristic"), as the history stores it */
  const char *name;   /* what the person knows it by: the game's own, kept in German in
                       * every language as Ober and Sau are (not translated) */
} BkGameStrength;

struct _BkGameView {
  BkGameKind          kind;
  const char         *id;             /* the engine module's id ("bierkopf", "herzla") */
  const char         *title;          /* N_(): the window's title in a session of it */

  /* The chooser's row of the game's plain form: title and subtitle (N_(), translated at
   * use); `choices` has every row, NULL-id-terminated, the plain form first. */
  const char         *chooser_title;
  const char         *chooser_subtitle;
  const BkGameChoice *choices;
  /* What the chooser says when this game's running session would start afresh (N_()). */
  const char         *restart_body;
  /* The chooser's options of the rows with has_options (a widget under the rows, read
   * from @settings), and writing them back when a session starts. NULL: none. */
  GtkWidget   *(*chooser_options) (GSettings *settings);
  void         (*chooser_apply)   (GtkWidget *options,
                                   GSettings *settings);

  /* The heading of its balance chart in the statistics (N_()). */
  const char         *chart_title;
  /* Its house rules' GSettings keys: this prefix and the rule's name. */
  const char         *settings_prefix;
  /* The house rule the chooser's rows set (no preferences row); NULL: none. */
  const char         *chosen_rule;
  /* The chooser's row a session of the game is of. NULL: the first. */
  const char  *(*choice_of)       (BkGame *game);
  /* Sets in @rules what the chooser's row @choice stands for (the game, its form). NULL:
   * the engine's defaults are the game's. */
  void         (*choice_rules)    (GSettings *settings, const char *choice, BkRules *rules);

  /* The setting (an enum of levels) of its computer players' strength. */
  const char         *strength_key;
  /* The title's subtitle while the person is asked before play (N_()). */
  const char         *asking_subtitle;
  /* Whether a session of the game comes to an end that the title tells. */
  gboolean            tells_session_end;
  /* Where the game keeps its score if it has no ledger (N_(), told for win.ledger). */
  const char         *no_ledger;

  /* The game's own actions of the window (win.*) and their keys, installed once on the
   * window's class; the view enables them for its sessions. NULL: none. */
  void         (*class_init)      (GtkWidgetClass *window_class);
  /* The game's widgets in the window (e.g. the coaster), made once with the window. NULL:
   * none. */
  void         (*init)            (BkWindow *window);
  /* A session of another game (or none) is in the window: the game's decorations hidden
   * and its actions disabled. NULL: nothing to hide. */
  void         (*leave)           (BkWindow *window);

  /* The per-window state of this game's view: made when a session of this game comes into
   * a window, freed when it goes. NULL: the view needs none (the hooks get NULL). */
  gpointer     (*attach)          (BkWindow *window, BkGame *game);
  void         (*detach)          (gpointer  state);

  /* The game's own signals of the model (talk, doubling, bids): connected once on the
   * window's group for this game; the group's target is the session's game while it is
   * one of this game. NULL: the game has no signals of its own. */
  void         (*connect)         (BkWindow *window, GSignalGroup *group);

  /* A session of the game comes into the window: the window's decorations (the coaster,
   * the multiplier) shown or hidden. NULL: none. */
  void         (*setup)           (BkWindow *window, gpointer state);

  /* The window's title and subtitle for the session (e.g. the Bollen, the stock). NULL:
   * the game's title, and the subtitle of update_controls or the shared one. Returns newly
   * allocated strings. */
  void         (*describe)        (BkWindow *window, gpointer state,
                                   char **title, char **subtitle);

  /* The header's controls of the game after a change (e.g. the multiplier and the Retour
   * offer); returns the title's subtitle if the game has one of its own now, else NULL.
   * NULL hook: the game has no controls, and the shared subtitle is shown. */
  const char  *(*update_controls) (BkWindow *window, gpointer state);

  /* The score at the side of the table after a change (e.g. the coaster). NULL: none. */
  void         (*refresh_score)   (BkWindow *window, gpointer state);

  /* What a word of the session's history (bk_game_get_words()) says in the talk log, a new
   * string, or NULL for a word the log leaves out. NULL hook: the game has no talk. */
  char        *(*word_text)       (const BkGameWord *word);

  /* The person (the seat's controller is this screen) must decide something before play
   * (talk, doubling, bids): show what asks for @seat. NULL: the game asks nothing. */
  void         (*ask_person)      (BkWindow *window, gpointer state, BkSeat seat);

  /* A hand is over: show its result (a dialog that continues the session). NULL: no
   * dialog, the next hand follows. */
  void         (*show_result)     (BkWindow *window, gpointer state);
  /* The session is over. NULL: the title says so (if tells_session_end), nothing more. */
  void         (*show_session_end)(BkWindow *window, gpointer state);

  /* Which of the window's session actions (win.ledger, win.settle-up) the game enables
   * now. NULL: none. */
  void         (*update_actions)  (BkWindow *window, gpointer state);
  /* The ledger of the session (win.ledger). NULL: the game keeps none (see no_ledger). */
  void         (*show_ledger)     (BkWindow *window, gpointer state);
  /* The session ends and is settled up (win.settle-up). NULL: nothing to settle. */
  void         (*settle_up)       (BkWindow *window, gpointer state);

  /* The game's marks on the table (team colours and the seating ceremony; hearts, badges
   * and the stock), a new BkTableDecoration for each session, which refreshes itself with
   * the table. NULL: the table shows only what every game shares. */
  BkTableDecoration *(*table_decoration) (void);

  /* prefs */
  /* Preferences, bound to @settings: the game's group on the shared Game page, after the
   * cards (e.g. its computer players; AdwPreferencesGroup), and its page of its own (e.g.
   * its house rules; AdwPreferencesPage). NULL: none. */
  GtkWidget *(*preferences_group) (GSettings *settings);
  GtkWidget *(*preferences_page)  (GSettings *settings);
  /* Where preferences_page goes among the pages after the Game page: lower first. */
  guint       preferences_order;
  /* The rules window: its title (N_()) and the rules in short, NULL-heading-terminated.
   * NULL: no rules to show. */
  const char           *rules_title;
  const BkRulesSection *rules_sections;
  /* end prefs */

  /* learn: the statistics and the review windows (src/ui/learn/). */
  /* The rows of the game's own figures in a group of the statistics, under the shared ones
   * (hands, won, lost): each by bk_statistics_rows_take(). NULL: only the shared rows. */
  void       (*statistics_rows)    (BkStatisticsRows *rows, const BkHistoryGroup *group);
  /* The sessions its balance chart shows, of @stats. NULL: the game has no chart. */
  GArray    *(*statistics_balance) (const BkHistoryStats *stats);
  /* Its last hands in the statistics, each with a Review button: the group's widget name,
   * its title and description (N_()), and a hand's row title (what the hand came to for
   * the person, a new string). Shown when `review` is set. */
  const char         *recent_name;
  const char         *recent_title;
  const char         *recent_description;
  char      *(*recent_hand_title)  (const BkHistoryHand *hand);
  /* A new review window (a BkReviewFrame) over @parent: of @game's hand, just finished, or,
   * with @game NULL, of the last hand of @record (a hand stored in the history). NULL: the
   * game has no review. */
  GtkWindow *(*review)             (GtkWindow *parent, BkGame *game, const char *record);

  /* window (#22): what the person is told when a card he reaches for lets the offer open
   * to him pass (bk_game_reach_for_card(), N_()). NULL: nothing. */
  const char         *offer_passed;

  /* How long the table needs to read a computer seat's @action of the game, in normal
   * pauses after a card (e.g. a doubling: longer, so that a chain of raises comes one at a
   * time). NULL: every action the normal pause. */
  double     (*computer_pause)     (const BkAction *action);

  /* learn2: the hint (src/ui/learn/bk-hint.c), in the game's terms. hint_new: on this
   * thread, a job for the Meister's advice to @seat at @game's position, holding only what
   * the seat may know (@seed: the position's, the same advice when asked again);
   * hint_run: on a worker thread, the advice; hint_text: once run, the advice in words (a
   * card's tooltip, lines apart), and in @card the card to raise on the table for it, or
   * BK_CARD_NONE (a word, a doubling, a bid: told in a message); hint_free frees a job.
   * NULL hint_new: the game gives no hint. */
  gpointer   (*hint_new)           (BkGame *game, BkSeat seat, guint64 seed);
  gboolean   (*hint_run)           (gpointer job, GError **error);
  char      *(*hint_text)          (gpointer job, BkCardTheme *theme, BkCard *card);
  void       (*hint_free)          (gpointer job);
  /* learn2: its computer players' strengths, NULL-nick-terminated, in the order of the
   * strength_key's enum: the statistics' names of them. NULL: none has a name. */
  const BkGameStrength *strengths;
  /* learn2: what the statistics' page before the first hand says they count (N_()); the
   * first game's that has one is shown. NULL: the game's view says nothing there. */
  const char         *statistics_empty;
};

/* Every game's view, NULL-terminated, in the engine registry's order. */
const BkGameView * const *bk_game_views              (void);
const BkGameView         *bk_game_view_lookup        (const char *id);
const BkGameView         *bk_game_view_get           (BkGameKind  kind);
const BkGameView         *bk_game_view_for_choice    (const char *choice);
const BkGameChoice       *bk_game_view_find_choice   (const char *choice);

G_END_DECLS
