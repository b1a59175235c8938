/* bk-history.h: the history of finished hands (both games) in an SQLite database, and the
 * statistics read from it (issue 17).
 *
 * A hand is stored with its game record, its result as JSON, the date, the levels at the
 * table, the person's seat, whether hints or take-backs were used, and the figures the
 * statistics need as columns. A damaged or unreadable file is moved aside and a new one
 * started; bk_history_get_set_aside() then names where it went, for a toast.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "bk-bierkopf-game.h"
#include "bk-game.h"

G_BEGIN_DECLS

#define BK_HISTORY_ERROR (bk_history_error_quark ())

typedef enum {
  BK_HISTORY_ERROR_OPEN,         /* the file cannot be opened or created */
  BK_HISTORY_ERROR_DAMAGED,      /* not a database, or a damaged one */
  BK_HISTORY_ERROR_NEWER_SCHEMA, /* written by a newer version of the game */
  BK_HISTORY_ERROR_WRITE,        /* a hand or a reset could not be written */
  BK_HISTORY_ERROR_READ,         /* the statistics or hands could not be read */
  BK_HISTORY_ERROR_INVALID,      /* a hand whose fields make no sense */
  BK_HISTORY_ERROR_BUSY,         /* in use by another program now: try again later */
  BK_HISTORY_ERROR_READ_ONLY,    /* the file or its folder cannot be written */
} BkHistoryError;

GQuark bk_history_error_quark (void);

/* The schema this version writes; a file with an older one is migrated on opening. */
#define BK_HISTORY_SCHEMA_VERSION 4

/* Herzla's contract of the hand, as far as the person is concerned. */
typedef enum {
  BK_HISTORY_CONTRACT_NONE,
  BK_HISTORY_CONTRACT_BEDDL,
  BK_HISTORY_CONTRACT_MORD,
} BkHistoryContract;

/* One finished hand. Strings are borrowed by bk_history_add_hand(); the hands that
 * bk_history_get_hands() returns own theirs (bk_history_hand_free()). */
typedef struct {
  gint64    id;            /* set when read back; ignored when adding */
  char     *game;          /* "bierkopf" or "herzla" */
  gint64    date;          /* seconds since 1970 (UTC); 0 when adding: now */
  gint64    session;       /* the session the hand belongs to (bk_game_get_session_id()) */
  guint     number;        /* the hand's number in its session; 0: none (never the same) */
  char     *record;        /* the hand's game record (notation.md) */
  char     *result;        /* the result as JSON text */
  char     *levels;        /* the levels at the table, e.g. "W=meister N=meister E=meister" */
  char     *strength;      /* the computer strength the statistics group by, e.g. "meister" */
  guint     seat;          /* the person's seat (BkSeat) */
  gboolean  hints_used;
  gboolean  takeback_used;
  gboolean  with_friends;  /* played at a table with friends (issue 24): counted apart */

  /* Bierkopf, for the person's team */
  gint      outcome;       /* 1 won, 0 nobody (60:60), -1 lost */
  guint     card_points;
  gboolean  schneider_given;
  gboolean  schneider_taken;
  gboolean  schwarz_given;
  gboolean  schwarz_taken;
  gint      lines;         /* struck by the person's team (+) or by the others (-) */
  gint      bollen;        /* a Bollen ended with this hand: 1 won, -1 lost, else 0 */
  gboolean  spritze_made;  /* the person's team said Spritze */
  gboolean  spritze_paid;  /* … and won the hand */
  gboolean  retour_made;   /* the person's team said Retour */
  gboolean  retour_paid;

  /* Herzla, for the person */
  gint      cents;         /* won (+) or paid (-) */
  gboolean  heart_free;
  BkHistoryContract contract;      /* the contract the person bid */
  gboolean  contract_made;
} BkHistoryHand;

void           bk_history_hand_free          (BkHistoryHand  *hand);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkHistoryHand, bk_history_hand_free)

void           bk_history_hand_from_bierkopf (BkHistoryHand  *hand,
                                              BkGame         *game,
                                              BkSeat          person,
                                              BkTeam          bollen_winner);
void           bk_history_hand_from_herzla   (BkHistoryHand  *hand,
                                              BkGame         *game,
                                              BkSeat          person,
                                              char          **result_json);
BkHistoryHand *bk_history_hand_new_from_game  (BkGame         *game,
                                              BkSeat          person,
                                              BkTeam          bollen_winner,
                                              const char * const levels[BK_N_SEATS]);
BkHistoryHand *bk_history_hand_new_from_scored (BkGame        *game,
                                                BkSeat         person,
                                                const char * const levels[BK_N_SEATS]);
GPtrArray     *bk_history_hands_from_record  (const char     *record,
                                              gsize           length,
                                              BkSeat          person,
                                              const char * const levels[BK_N_SEATS],
                                              GError        **error);
char          *bk_history_hand_record        (const char     *session_record);
char          *bk_history_levels             (const char * const levels[BK_N_SEATS],
                                              BkSeat          person,
                                              char          **strength);

/* The statistics of one game at one computer strength, hands with hints or take-backs
 * (assisted) apart from the others, and hands at a table with friends apart from those
 * played alone. */
typedef struct {
  char     *game;
  char     *strength;
  gboolean  assisted;
  gboolean  with_friends;
  guint     hands;
  guint     won;
  guint     lost;
  /* Bierkopf */
  guint     schneider_given;
  guint     schneider_taken;
  guint     schwarz_given;
  guint     schwarz_taken;
  guint     bollen_won;
  guint     bollen_lost;
  guint     spritze_made;
  guint     spritze_paid;
  guint     retour_made;
  guint     retour_paid;
  gint      lines;
  double    average_card_points;
  /* Herzla */
  gint      cents;
  guint     heart_free;
  guint     beddl_bid;
  guint     beddl_made;
  guint     mord_bid;
  guint     mord_made;
} BkHistoryGroup;

/* One session on the chart: its own balance and the running one after it. */
typedef struct {
  gint64    session;
  gint64    date;      /* of its first hand */
  guint     hands;
  gint      balance;   /* lines (Bierkopf) or cents (Herzla) of this session */
  gint      running;   /* the sum over this and every earlier session */
} BkHistoryPoint;

typedef struct {
  guint      hands;            /* all stored hands */
  GPtrArray *groups;           /* of BkHistoryGroup, by game, friends, strength, assisted */
  GArray    *bierkopf_balance; /* of BkHistoryPoint, oldest first; hands alone only */
  GArray    *herzla_balance;
} BkHistoryStats;

void           bk_history_stats_free         (BkHistoryStats *stats);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkHistoryStats, bk_history_stats_free)
JsonNode      *bk_history_stats_to_json      (const BkHistoryStats *stats);

#define BK_TYPE_HISTORY (bk_history_get_type ())

G_DECLARE_FINAL_TYPE (BkHistory, bk_history, BK, HISTORY, GObject)

char           *bk_history_default_path      (void);
BkHistory      *bk_history_new               (const char     *path,
                                              GError        **error);
const char     *bk_history_get_path          (BkHistory      *self);
const char     *bk_history_get_set_aside     (BkHistory      *self);
guint           bk_history_get_schema_version (BkHistory     *self);
gboolean        bk_history_is_read_only      (BkHistory      *self);
gboolean        bk_history_add_hand          (BkHistory      *self,
                                              const BkHistoryHand *hand,
                                              GError        **error);
gboolean        bk_history_add_hands         (BkHistory      *self,
                                              const BkHistoryHand *hands,
                                              guint           n_hands,
                                              GError        **error);
gboolean        bk_history_offer_hands       (BkHistory      *self,
                                              const BkHistoryHand *hands,
                                              guint           n_hands,
                                              GError        **error);
GPtrArray      *bk_history_get_hands         (BkHistory      *self,
                                              gint64          after_id,
                                              guint           limit,
                                              GError        **error);
GPtrArray      *bk_history_get_recent_hands  (BkHistory      *self,
                                              const char     *game,
                                              guint           limit,
                                              GError        **error);
BkHistoryStats *bk_history_get_stats         (BkHistory      *self,
                                              guint           n_sessions,
                                              GError        **error);
gboolean        bk_history_reset             (BkHistory      *self,
                                              GError        **error);

G_END_DECLS
