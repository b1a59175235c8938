/* bk-game.c: the session of any game: the deals, the steps before play and play as the
 * game's module checks and applies them, the score the module keeps, the record. The
 * computer players' turns and the answers a seat owes outside the turn order (the
 * module's offers) are in bk-game-offer.c, the save in bk-game-save.c; the three share
 * the session's fields (bk-game-internal.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-deal-seed.h"
#include "bk-enums.h"
#include "bk-error.h"
#include "bk-game-history-private.h"
#include "bk-game-internal.h"
#include "bk-game-module.h"
#include "bk-game-private.h"
#include "bk-record.h"
#include "bk-rng.h"
static void
checkpoint_free (gpointer data)
{
  Checkpoint *checkpoint = data;

  g_free (checkpoint->line);
  g_free (checkpoint);
}

G_DEFINE_FINAL_TYPE (BkGame, bk_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RULES,
  PROP_SEED,
  PROP_PHASE,
  PROP_DEALER,
  PROP_TO_ACT,
  PROP_HAND_NUMBER,
  N_PROPS
};

/* Each game's module has this many property ids of its own, after the core's. */
#define MODULE_PROPS 64
G_STATIC_ASSERT (N_PROPS <= MODULE_PROPS);

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_HAND_DEALT,
  SIGNAL_CARD_PLAYED,
  SIGNAL_TRICK_COMPLETED,
  SIGNAL_HAND_SCORED,
  SIGNAL_PHASE_CHANGED,
  SIGNAL_ACTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_phase (BkGame  *self,
           BkPhase  phase)
{
  if (self->phase == phase)
    return;
  self->phase = phase;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
  g_signal_emit (self, signals[SIGNAL_PHASE_CHANGED], 0, phase);
}

/* Feeds what was added to the record since the last call to the digest of the save. */
static void
record_digest (BkGame *self)
{
  const char *from = self->record->str + self->digested;
  gsize n = self->record->len - self->digested;

  g_checksum_update (self->rest_checksum, (const guchar *) from, (gssize) n);
  for (gsize i = 0; i < n; i++)
    self->rest_lines += from[i] == '\n';
  self->digested = self->record->len;
}

static void
write_header (BkGame *self)
{
  g_string_append_printf (self->record, "# Bierkopf game record\nformat %d\n", BK_RECORD_FORMAT);
  self->rest_start = self->digested = self->record->len;
  g_string_append_printf (self->record, "seed %" G_GUINT64_FORMAT "\n", self->seed);
  if (self->session_id > 0)
    g_string_append_printf (self->record, "session %" G_GINT64_FORMAT "\n", self->session_id);
  bk_rules_append_header (&self->rules, self->record);
  record_digest (self);
  self->header_end = self->record->len;
  self->header_rules = self->rules;
}

static void
bk_game_constructed (GObject *object)
{
  BkGame *self = BK_GAME (object);

  G_OBJECT_CLASS (bk_game_parent_class)->constructed (object);

  self->module = bk_game_module_get (self->rules.game);

  g_assert (self->module->hand_size <= BK_HAND_MAX_SIZE);
  self->hand = g_malloc0 (self->module->hand_size);
  self->score = g_malloc0 (self->module->score_size);
  self->module->score_init (self->score, &self->rules);
  self->history = bk_game_history_new (self->module->result_size);
  write_header (self);
}

static void
bk_game_dispose (GObject *object)
{
  BkGame *self = BK_GAME (object);

  for (guint s = 0; s < BK_MAX_SEATS; s++)
    g_clear_object (&self->strategies[s]);

  G_OBJECT_CLASS (bk_game_parent_class)->dispose (object);
}

static void
bk_game_finalize (GObject *object)
{
  BkGame *self = BK_GAME (object);

  g_string_free (self->record, TRUE);
  g_string_free (self->header_extra, TRUE);
  g_ptr_array_unref (self->checkpoints);
  bk_game_history_free (self->history);
  g_checksum_free (self->rest_checksum);
  g_free (self->score);
  g_free (self->hand);

  G_OBJECT_CLASS (bk_game_parent_class)->finalize (object);
}

static void
bk_game_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  BkGame *self = BK_GAME (object);

  switch (prop_id)
    {
    case PROP_RULES: g_value_set_boxed (value, &self->rules); break;
    case PROP_SEED: g_value_set_uint64 (value, self->seed); break;
    case PROP_PHASE: g_value_set_enum (value, self->phase); break;
    case PROP_DEALER: g_value_set_uint (value, bk_game_get_dealer (self)); break;
    case PROP_TO_ACT: g_value_set_uint (value, bk_game_get_to_act (self)); break;
    case PROP_HAND_NUMBER: g_value_set_uint (value, self->hand_number); break;
    default:
      for (guint i = 0; bk_game_module_list ()[i]; i++)
        if (bk_game_module_list ()[i]->get_property &&
            bk_game_module_list ()[i]->get_property (self, prop_id, value))
          return;
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_game_set_property (GObject      *object,
                      guint         prop_id,
                      const GValue *value,
                      GParamSpec   *pspec)
{
  BkGame *self = BK_GAME (object);

  switch (prop_id)
    {
    case PROP_RULES:
      {
        const BkRules *rules = g_value_get_boxed (value);
        if (rules)
          self->rules = *rules;
        break;
      }
    case PROP_SEED:
      self->seed = g_value_get_uint64 (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
uint_property (const char *name,
               guint       maximum)
{
  return g_param_spec_uint (name, NULL, NULL, 0, maximum, 0,
                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
}

static void
bk_game_class_init (BkGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->constructed = bk_game_constructed;
  object_class->dispose = bk_game_dispose;
  object_class->finalize = bk_game_finalize;
  object_class->get_property = bk_game_get_property;
  object_class->set_property = bk_game_set_property;

  properties[PROP_RULES] =
    g_param_spec_boxed ("rules", NULL, NULL, BK_TYPE_RULES,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SEED] =
    g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PHASE] =
    g_param_spec_enum ("phase", NULL, NULL, BK_TYPE_PHASE, BK_PHASE_NEW,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Seats are BkSeat values; BK_SEAT_NONE (255) when nobody. */
  properties[PROP_DEALER] = uint_property ("dealer", BK_SEAT_NONE);
  properties[PROP_TO_ACT] = uint_property ("to-act", BK_SEAT_NONE);
  properties[PROP_HAND_NUMBER] = uint_property ("hand-number", G_MAXUINT);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* (dealer) */
  signals[SIGNAL_HAND_DEALT] =
    g_signal_new ("hand-dealt", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  /* (seat, card) */
  signals[SIGNAL_CARD_PLAYED] =
    g_signal_new ("card-played", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /* (winner seat, card points) */
  signals[SIGNAL_TRICK_COMPLETED] =
    g_signal_new ("trick-completed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /* (result): what the module made of the hand, e.g. Bierkopf's BkHandResult; valid
   * during the emission */
  signals[SIGNAL_HAND_SCORED] =
    g_signal_new ("hand-scored", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_PHASE_CHANGED] =
    g_signal_new ("phase-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, BK_TYPE_PHASE);
  /* (seat): a request of @seat was accepted (an action applied, an offer let pass), after
   * every signal and notification it caused; once per request, never for a refused one,
   * whatever the game. Who waits on the players (computer players) needs no game's own
   * signals. */
  signals[SIGNAL_ACTED] =
    g_signal_new ("acted", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /* Each game adds the signals of its own events. */
  for (guint i = 0; bk_game_module_list ()[i]; i++)
    if (bk_game_module_list ()[i]->class_init)
      bk_game_module_list ()[i]->class_init (object_class, MODULE_PROPS * (i + 1));
}

static void
bk_game_init (BkGame *self)
{
  bk_rules_init_default (&self->rules);
  self->record = g_string_new (NULL);
  self->header_extra = g_string_new (NULL);
  self->checkpoints = g_ptr_array_new_with_free_func (checkpoint_free);
  self->rest_checksum = g_checksum_new (G_CHECKSUM_SHA256);
  self->last_dealer = BK_SEAT_NONE;
}

BkGame *
bk_game_new (const BkRules *rules,
             guint64        seed)
{
  g_return_val_if_fail (rules == NULL || bk_game_module_playable (rules, NULL), NULL);

  return g_object_new (BK_TYPE_GAME, "rules", rules, "seed", seed, NULL);
}

const BkRules *
bk_game_get_rules (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  return &self->rules;
}

guint64
bk_game_get_seed (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), 0);
  return self->seed;
}

BkPhase
bk_game_get_phase (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), BK_PHASE_NEW);
  return self->phase;
}

BkSeat
bk_game_get_dealer (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), BK_SEAT_NONE);
  return self->hand_number == 0 ? BK_SEAT_NONE : self->last_dealer;
}

BkSeat
bk_game_get_to_act (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), BK_SEAT_NONE);
  if (self->phase != BK_PHASE_BIDDING && self->phase != BK_PHASE_PLAYING)
    return BK_SEAT_NONE;
  return (BkSeat) self->module->to_act (self->hand);
}

/* The session's identity (notation.md, the `session` line): with the number of a hand
 * (bk_game_get_hand_number()) it names the hand in the history of hands, whatever restarts
 * the session went through. 0 when the session has none (a record without the line). */
gint64
bk_game_get_session_id (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), 0);
  return self->session_id;
}

/* Gives a session that has not dealt yet its identity @session_id (> 0), e.g. the time it
 * began (g_get_real_time()); it is written in the record and the save. FALSE with @error
 * once the record holds more than its header. */
gboolean
bk_game_set_session_id (BkGame  *self,
                        gint64   session_id,
                        GError **error)
{
  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  g_return_val_if_fail (session_id > 0, FALSE);

  if (self->record->len != self->header_end || self->hand_number > 0)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("The session has already started: its identity cannot change"));
      return FALSE;
    }
  self->session_id = session_id;
  /* Nothing but the header is written yet: write it again, with the session line. */
  g_string_truncate (self->record, 0);
  g_checksum_reset (self->rest_checksum);
  self->rest_lines = 0;
  write_header (self);
  return TRUE;
}

guint
bk_game_get_hand_number (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), 0);
  return self->hand_number;
}

/* How many seats the session's game has (3 to BK_MAX_SEATS; Bierkopf: 4). */
guint
bk_game_get_n_seats (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), 0);
  return self->module->n_seats (&self->rules);
}

/* Who plays with whom in the hand: seats of equal sides together; BK_SIDE_ALONE for a
 * seat that plays alone. */
guint
bk_game_get_side (BkGame *self,
                  guint   seat)
{
  g_return_val_if_fail (BK_IS_GAME (self) && seat < bk_game_get_n_seats (self), BK_SIDE_ALONE);
  return self->module->side_of (self->hand, seat);
}

/* The hand in play as the game's module keeps it (see BkGameModule.hand_size). */
gconstpointer
bk_game_get_hand (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  return self->hand;
}

const BkGameModule *
bk_game_get_module (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  return self->module;
}

/* The session's score as the game's module keeps it (see BkGameModule.score_size). */
gconstpointer
bk_game_get_score (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  return self->score;
}

BkHand
bk_game_get_cards (BkGame *self,
                   BkSeat  seat)
{
  g_return_val_if_fail (BK_IS_GAME (self) && seat < bk_game_get_n_seats (self), 0);
  return self->hand_number == 0 ? 0 : self->module->cards (self->hand, seat);
}

BkHand
bk_game_get_legal (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), 0);
  return self->phase == BK_PHASE_PLAYING ? self->module->legal (self->hand) : 0;
}

/* The @index-th trick of the hand (0-based) and who took it; FALSE if not taken yet. */
gboolean
bk_game_get_trick (BkGame  *self,
                   guint    index,
                   BkTrick *trick,
                   BkSeat  *winner)
{
  g_return_val_if_fail (BK_IS_GAME (self), FALSE);

  if (self->hand_number == 0 || index >= self->module->tricks_done (self->hand))
    return FALSE;
  if (trick)
    *trick = self->tricks[index];
  if (winner)
    *winner = self->trick_winners[index];
  return TRUE;
}

/* Whether @viewer may look at a trick taken this hand: the last one always, an earlier
 * one as the game's module says (e.g. Bierkopf's B4.5). */
gboolean
bk_game_may_view_trick (BkGame *self,
                        BkSeat  viewer,
                        guint   trick_index)
{
  guint done;

  g_return_val_if_fail (BK_IS_GAME (self) && viewer < bk_game_get_n_seats (self), FALSE);

  done = self->hand_number == 0 ? 0 : self->module->tricks_done (self->hand);
  if (trick_index >= done)
    return FALSE;
  if (trick_index == done - 1)
    return TRUE;
  return self->module->may_view_trick &&
         self->module->may_view_trick (self, viewer, trick_index);
}

/* The dealer the rules expect now, or BK_SEAT_NONE when any seat may deal. */
static BkSeat
expected_dealer (BkGame *self)
{
  if (self->phase == BK_PHASE_NEW || self->round_ended)
    {
      guint dealer = self->module->round_dealer
                     ? self->module->round_dealer (self, self->phase == BK_PHASE_NEW)
                     : self->phase == BK_PHASE_NEW ? BK_SEAT_NONE : BK_DEALER_NEXT;

      if (dealer != BK_DEALER_NEXT)
        return (BkSeat) dealer;
    }
  /* spec B2.2: the deal passes clockwise */
  return (BkSeat) ((self->last_dealer + 1) % bk_game_get_n_seats (self));
}

/* The session as a checkpoint line of a record says it was before its next deal: @hands
 * dealt, the last by @dealer, @round_ended whether the last ended a round of the session,
 * and the module's @words. Only before the first deal; FALSE with BK_ERROR_RECORD and
 * nothing changed when the line cannot be taken. */
gboolean
bk_game_restore_checkpoint (BkGame             *self,
                            guint               hands,
                            BkSeat              dealer,
                            gboolean            round_ended,
                            const char * const *words,
                            GError            **error)
{
  g_autoptr (GString) line = NULL;

  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  g_return_val_if_fail (words != NULL, FALSE);

  if (self->phase != BK_PHASE_NEW || self->hand_number != 0)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("A checkpoint must come before the first hand"));
      return FALSE;
    }
  if (self->module->checkpoint_read == NULL || self->module->checkpoint_write == NULL)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("The records of this game have no checkpoint"));
      return FALSE;
    }
  if (hands == 0 || dealer >= bk_game_get_n_seats (self))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The checkpoint is damaged"));
      return FALSE;
    }
  if (!self->module->checkpoint_read (self, words, error))
    return FALSE;

  self->hand_number = hands;
  self->last_dealer = dealer;
  self->round_ended = round_ended;
  self->round_start = hands;
  /* Written as the game sees it, so that its own saves start from here. */
  line = g_string_new (NULL);
  bk_game_write_checkpoint (self, line);
  g_string_append_c (line, '\n');
  g_string_append_len (self->record, line->str, (gssize) line->len);
  record_digest (self);
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAND_NUMBER]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEALER]);
  set_phase (self, BK_PHASE_HAND_OVER);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/* A deal of the game: a hand for each of its seats (@hands holds bk_game_get_n_seats()
 * of them) and the cards put aside (0 when the game puts none aside). */
gboolean
bk_game_deal (BkGame        *self,
              BkSeat         dealer,
              const BkHand  *hands,
              BkHand         aside,
              GError       **error)
{
  BkSeat expected;
  guint n_seats;
  BkHand dealt[BK_MAX_SEATS] = { 0 };

  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  g_return_val_if_fail (hands != NULL, FALSE);

  if (self->phase == BK_PHASE_BIDDING || self->phase == BK_PHASE_PLAYING)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("The hand is not over yet: no new deal"));
      return FALSE;
    }
  n_seats = bk_game_get_n_seats (self);
  if (dealer >= n_seats)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("There is no such seat"));
      return FALSE;
    }
  expected = expected_dealer (self);
  if (expected != BK_SEAT_NONE && dealer != expected)
    {
      g_autofree char *expected_name = bk_seat_dup_display_name (&self->rules, expected);
      g_autofree char *dealer_name = bk_seat_dup_display_name (&self->rules, dealer);

      g_set_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN,
                   _("It is %s’s turn to deal, not %s’s"), expected_name, dealer_name);
      return FALSE;
    }
  memcpy (dealt, hands, n_seats * sizeof *hands);
  if (!self->module->deal_check (&self->rules, dealt, aside, error))
    return FALSE;

  /* A save may start from the session as it is before this deal. */
  if (self->hand_number > 0)
    bk_game_push_checkpoint (self);
  if (self->hand_number == 0 || self->round_ended)
    self->round_start = self->hand_number;

  g_object_freeze_notify (G_OBJECT (self));

  self->module->hand_init (self->hand, &self->rules, self->score, dealer, dealt, aside);
  self->hand_number++;
  self->last_dealer = dealer;
  self->generation++;
  self->n_actions = 0;
  self->n_cards = 0;
  self->round_ended = FALSE;
  self->offer_asked = 0;
  self->offer_position = 0;
  memset (self->offer_declined, 0, sizeof self->offer_declined);

  /* notation.md: the dealer, a hand line per seat from his left, the cards aside. */
  g_string_append_printf (self->record, "dealer %s\n", bk_seat_name (&self->rules, dealer));
  for (guint k = 1; k <= n_seats; k++)
    {
      BkSeat seat = (dealer + k) % n_seats;
      g_autofree char *cards = bk_hand_to_string (self->module->trick_rules (), dealt[seat]);
      g_string_append_printf (self->record, "hand %s %s\n", bk_seat_name (&self->rules, seat),
                              cards);
    }
  if (aside)
    {
      g_autofree char *cards = bk_hand_to_string (self->module->trick_rules (), aside);
      g_string_append_printf (self->record, "aside %s\n", cards);
    }
  record_digest (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAND_NUMBER]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEALER]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TO_ACT]);
  if (self->module->changed)
    self->module->changed (self, NULL);
  g_signal_emit (self, signals[SIGNAL_HAND_DEALT], 0, (guint) dealer);
  /* A game may have no steps before play (e.g. Herzla's simple form, H6.2). */
  set_phase (self, self->module->stage (self->hand) == BK_HAND_STAGE_BEFORE_PLAY
                   ? BK_PHASE_BIDDING : BK_PHASE_PLAYING);

  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/* Shuffle, cut by the player right of the dealer, and the module deals (e.g. B2.3, H2.1). */
static void
deal_randomly (BkGame *self,
               BkSeat  dealer)
{
  BkHand deck = self->module->trick_rules ()->deck (&self->rules);
  BkCard cards[BK_N_CARDS], cut[BK_N_CARDS];
  BkHand hands[BK_MAX_SEATS] = { 0 }, aside = 0;
  guint n = 0, at;
  BkRng rng;

  for (; deck; deck &= deck - 1)
    cards[n++] = bk_hand_first (deck);
  bk_rng_init (&rng, self->seed, self->hand_number);
  bk_rng_shuffle (&rng, cards, n);
  at = 1 + bk_rng_below (&rng, n - 1);
  for (guint i = 0; i < n; i++)
    cut[i] = cards[(i + at) % n];

  self->module->deal (&self->rules, cut, dealer, hands, &aside);
  if (!bk_game_deal (self, dealer, hands, aside, NULL))
    g_assert_not_reached ();
}

gboolean
bk_game_start (BkGame  *self,
               GError **error)
{
  g_return_val_if_fail (BK_IS_GAME (self), FALSE);

  if (self->phase != BK_PHASE_NEW)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE, _("The session has already started"));
      return FALSE;
    }
  /* A session begins here: it is named by the time it began, unless it has a name. */
  if (self->session_id == 0 && self->record->len == self->header_end)
    bk_game_set_session_id (self, g_get_real_time (), NULL);
  return bk_game_next_hand (self, error);
}

/* Whether the session has ended by its game's rules (e.g. Herzla's rounds or penalty
 * limit): no further hand is dealt. */
gboolean
bk_game_is_session_over (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  return self->module->session_over != NULL && self->module->session_over (self->score);
}

/* The next deal: from the session's seed, or from @seed (BK_DEAL_SEED_SIZE bytes). */
static gboolean
next_hand (BkGame        *self,
           const guint8  *seed,
           GError       **error)
{
  BkSeat dealer;

  if (self->phase == BK_PHASE_BIDDING || self->phase == BK_PHASE_PLAYING)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("The hand is not over yet: no new deal"));
      return FALSE;
    }
  if (bk_game_is_session_over (self))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("The session is over: start a new one"));
      return FALSE;
    }
  /* The game's own start of a round (Bierkopf: the seating of B2.1 and B2.5), from the
   * hand's seed when it has one. */
  if ((self->phase == BK_PHASE_NEW || self->round_ended) && self->module->new_round &&
      !self->module->new_round (self, self->phase == BK_PHASE_NEW, seed, error))
    return FALSE;

  dealer = expected_dealer (self);
  if (seed)
    {
      BkHand hands[BK_MAX_SEATS], aside = 0;

      /* The seed draws the dealer too when any seat may deal. */
      dealer = bk_deal_from_seed (&self->rules, seed, dealer, hands, &aside);
      if (!bk_game_deal (self, dealer, hands, aside, NULL))
        g_assert_not_reached ();
      return TRUE;
    }
  /* Any seat may deal the first hand: the seed draws him (e.g. H2.1). */
  if (dealer == BK_SEAT_NONE)
    dealer = (BkSeat) (bk_rng_mix (self->seed ^ G_GUINT64_CONSTANT (0x6465616c6572)) %
                       bk_game_get_n_seats (self));
  deal_randomly (self, dealer);
  return TRUE;
}

gboolean
bk_game_next_hand (BkGame  *self,
                   GError **error)
{
  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  return next_hand (self, NULL, error);
}

/* As bk_game_next_hand(), but the hand is dealt from @seed, BK_DEAL_SEED_SIZE bytes,
 * by bk_deal_from_seed() (a table's fair deal, docs/network.md), not from the session's
 * seed; a ceremony at the start of a round (Bierkopf's seating) is drawn from @seed too.
 * The first hand of a session may be dealt so too (instead of bk_game_start()). */
gboolean
bk_game_next_hand_from_seed (BkGame        *self,
                             const guint8  *seed,
                             GError       **error)
{
  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  g_return_val_if_fail (seed != NULL, FALSE);

  if (self->phase == BK_PHASE_NEW && self->session_id == 0 &&
      self->record->len == self->header_end)
    bk_game_set_session_id (self, g_get_real_time (), NULL);
  return next_hand (self, seed, error);
}

/* The seat the rules say deals the next hand once the round's ceremony is done (e.g.
 * the seating's first dealer), or BK_SEAT_NONE when any seat may (a seed draws him);
 * BK_SEAT_NONE too while a hand is in play. */
BkSeat
bk_game_get_next_dealer (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), BK_SEAT_NONE);

  if (self->phase == BK_PHASE_BIDDING || self->phase == BK_PHASE_PLAYING)
    return BK_SEAT_NONE;
  return expected_dealer (self);
}

/* The module folds the finished hand into the session's score and tells of it. */
static void
score_hand (BkGame *self)
{
  BkHand dealt[BK_MAX_SEATS] = { 0 };

  self->round_ended = self->module->score_hand (self->score, &self->rules, self->hand);
  for (guint s = 0; s < bk_game_get_n_seats (self); s++)
    dealt[s] = self->module->dealt ? self->module->dealt (self->hand, s) : 0;
  bk_game_history_add_hand (self->history, self->hand_number, self->last_dealer,
                            self->round_ended, dealt, bk_game_get_n_seats (self),
                            self->module->last_result (self->score));
  g_signal_emit (self, signals[SIGNAL_HAND_SCORED], 0, self->module->last_result (self->score));
  if (self->module->scored)
    self->module->scored (self, self->round_ended);
}

/* The module writes its own action lines (the record reader reads them with it). */
static void
record_action (BkGame         *self,
               const BkAction *action)
{
  self->module->action_write (&self->rules, action, self->record);
  g_string_append_c (self->record, '\n');
  record_digest (self);
}

gboolean
bk_game_apply (BkGame          *self,
               const BkAction  *action,
               GError         **error)
{
  gpointer state = self->hand;
  BkAction normalized;
  gboolean was_bidding;
  guint tricks_before;

  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (self->phase != BK_PHASE_BIDDING && self->phase != BK_PHASE_PLAYING)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   self->phase == BK_PHASE_NEW ? _("The session has not started yet")
                                               : _("The hand is over"));
      return FALSE;
    }
  if (!self->module->check (state, action, error))
    return FALSE;

  /* A person who plays a card while an offer is open to him lets it pass (B3.6). */
  if (action->type == BK_ACTION_PLAY && action->seat < bk_game_get_n_seats (self) &&
      bk_game_offer_owed (self, (BkSeat) action->seat))
    bk_game_offer_mark_declined (self, (BkSeat) action->seat);

  was_bidding = self->module->stage (state) == BK_HAND_STAGE_BEFORE_PLAY;
  tricks_before = self->module->tricks_done (state);

  /* What the game ignores in a request it clears (e.g. the argument of Bierkopf's
   * doubling), so that the history (and so a reloaded game) has one form of it. */
  if (self->module->action_normalize)
    {
      normalized = *action;
      self->module->action_normalize (&normalized);
      action = &normalized;
    }
  self->module->apply (state, action);
  self->n_actions++;
  self->n_cards += action->type == BK_ACTION_PLAY;
  self->generation++;
  record_action (self, action);

  g_object_freeze_notify (G_OBJECT (self));
  if (self->module->changed)
    self->module->changed (self, action);

  /* The module told of its own actions (e.g. Bierkopf's talk and doublings); a card is
   * every game's. */
  if (action->type == BK_ACTION_PLAY)
    {
      g_signal_emit (self, signals[SIGNAL_CARD_PLAYED], 0, (guint) action->seat,
                     (guint) action->arg);
      if (self->module->tricks_done (state) > tricks_before)
        {
          guint index = self->module->tricks_done (state) - 1;
          guint winner;

          self->module->last_trick (state, &self->tricks[index], &winner);
          self->trick_winners[index] = (BkSeat) winner;
          g_signal_emit (self, signals[SIGNAL_TRICK_COMPLETED], 0, winner,
                         bk_trick_points (self->module->trick_rules (), &self->tricks[index]));
        }
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TO_ACT]);

  if (was_bidding && self->module->stage (state) != BK_HAND_STAGE_BEFORE_PLAY)
    set_phase (self, BK_PHASE_PLAYING);
  if (self->module->stage (state) == BK_HAND_STAGE_OVER)
    {
      score_hand (self);
      set_phase (self, BK_PHASE_HAND_OVER);
    }

  g_object_thaw_notify (G_OBJECT (self));
  bk_game_emit_acted (self, (BkSeat) action->seat);
  return TRUE;
}

void
bk_game_emit_acted (BkGame *self,
                    BkSeat  seat)
{
  g_signal_emit (self, signals[SIGNAL_ACTED], 0, (guint) seat);
}

gboolean
bk_game_play (BkGame  *self,
              BkSeat   seat,
              BkCard   card,
              GError **error)
{
  BkAction action = bk_action_make (BK_ACTION_PLAY, seat, card);
  return bk_game_apply (self, &action, error);
}

void
bk_game_set_strategy (BkGame     *self,
                      BkSeat      seat,
                      BkStrategy *strategy)
{
  g_return_if_fail (BK_IS_GAME (self));
  g_return_if_fail (seat < bk_game_get_n_seats (self));
  g_return_if_fail (strategy == NULL || BK_IS_STRATEGY (strategy));

  g_set_object (&self->strategies[seat], strategy);
}

BkStrategy *
bk_game_get_strategy (BkGame *self,
                      BkSeat  seat)
{
  g_return_val_if_fail (BK_IS_GAME (self) && seat < bk_game_get_n_seats (self), NULL);
  return self->strategies[seat];
}

guint
bk_game_get_generation (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), 0);
  return self->generation;
}

/* Between hands a record may change the rules of the hands that follow (notation.md). */
BkGameHistory *
bk_game_peek_history (BkGame *self)
{
  return self->history;
}

gpointer
bk_game_peek_score (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  return self->score;
}

/* Appends @line and a newline to the record. A line of no game's module before the first
 * deal (e.g. a session's identity) belongs to the header: a save keeps it even when it
 * starts from a checkpoint. */
void
bk_game_record_line (BkGame     *self,
                     const char *line)
{
  g_return_if_fail (BK_IS_GAME (self));
  g_string_append (self->record, line);
  g_string_append_c (self->record, '\n');
  record_digest (self);
  if (self->hand_number == 0 && self->phase == BK_PHASE_NEW)
    {
      g_autofree char *keyword = g_strndup (line, strcspn (line, " \t"));

      if (!self->module->line_keywords ||
          !g_strv_contains (self->module->line_keywords, keyword))
        {
          g_string_append (self->header_extra, line);
          g_string_append_c (self->header_extra, '\n');
        }
    }
}

gboolean
bk_game_round_ended (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  return self->round_ended;
}

gboolean
bk_game_change_rules (BkGame         *self,
                      const BkRules  *rules,
                      GError        **error)
{
  g_return_val_if_fail (BK_IS_GAME (self), FALSE);

  if (self->phase == BK_PHASE_BIDDING || self->phase == BK_PHASE_PLAYING)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("The rules can only change between hands"));
      return FALSE;
    }
  if (rules->game != self->rules.game)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("The game cannot change within a session"));
      return FALSE;
    }
  if (self->module->rules_change_check &&
      !self->module->rules_change_check (&self->rules, rules, error))
    return FALSE;

  bk_rules_append_changes (&self->rules, rules, self->record);
  record_digest (self);
  self->rules = *rules;
  return TRUE;
}

char *
bk_game_to_record (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  return g_strdup (self->record->str);
}
