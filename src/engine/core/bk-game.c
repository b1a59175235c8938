/* bk-game.c: the session of any game: the deals, the steps before play and play as the
 * game's module checks and applies them, the score the module keeps, the record, the
 * computer players' turns, and the answers a seat owes outside the turn order (the
 * module's offers).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-computer-turn.h"
#include "bk-enums.h"
#include "bk-error.h"
#include "bk-game-history-private.h"
#include "bk-game-module.h"
#include "bk-game-private.h"
#include "bk-record.h"
#include "bk-rng.h"
/* The most tricks a hand of any game has: the whole pack among the fewest seats. */
#define MAX_TRICKS (BK_N_CARDS / 3)

struct _BkGame
{
  GObject       parent_instance;

  const BkGameModule *module;
  BkRules       rules;
  guint64       seed;
  gint64        session_id;    /* 0: none given (a record without a session line) */
  BkPhase       phase;
  gpointer      hand;          /* the module's hand, hand_size bytes */
  guint         hand_number;   /* hands dealt so far in the session */
  BkSeat        last_dealer;   /* of the hand dealt last; BK_SEAT_NONE before the first */
  guint         round_start;   /* hands dealt before the current round of the session */
  guint         n_actions;     /* requests applied in the current hand */
  guint         n_cards;       /* cards played in the current hand */
  guint         generation;    /* changes with every deal and every applied request */
  gpointer      score;         /* the module's score of the session */
  gboolean      round_ended;   /* the last hand ended a round of the session (e.g. a Bollen) */
  BkTrick       tricks[MAX_TRICKS];
  BkSeat        trick_winners[MAX_TRICKS];

  /* The module's offers to computer players: who was asked at which card. */
  guint         offer_position;
  guint         offer_asked;
  /* A seat driven from outside answers an offer once per level: the module's offer
   * level plus one at which it declined (0: not yet). */
  guint         offer_declined[BK_MAX_SEATS];

  BkStrategy   *strategies[BK_MAX_SEATS];
  GString      *record;
  /* What the state line of a save pins (format 2): the record after its format line,
   * digested as it grows, so that a save costs no more than a copy. Whatever appends to
   * the record calls record_digest() before it returns. */
  gsize         rest_start;
  gsize         digested;
  guint64       rest_lines;
  GChecksum    *rest_checksum;

  /* A save holds the session before its last hands in a checkpoint line (notation.md): the
   * record's header, the lines of no game recorded before the first deal (e.g. a
   * session's identity), and a checkpoint for each deal that a save may still start
   * from, oldest first. */
  gsize         header_end;
  BkRules       header_rules;
  GString      *header_extra;
  GPtrArray    *checkpoints;

  BkGameHistory *history;     /* the hands done and the words said (bk-game-history.c) */
};

/* The session before one deal, as a save may start from it. */
typedef struct {
  gsize    offset;  /* where the deal's lines begin in the record */
  guint    hands;   /* hands dealt before it */
  BkRules  rules;
  char    *line;    /* the checkpoint line, without the newline */
} Checkpoint;

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

static guint64
decision_seed (BkGame *self)
{
  return bk_rng_mix (self->seed ^ bk_rng_mix (((guint64) self->hand_number << 16) |
                                              self->n_actions));
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

/* The core's words of a checkpoint line, then the module's. */
static void
write_checkpoint (BkGame  *self,
                  GString *line)
{
  g_string_append_printf (line, "checkpoint hands %u dealer %s round-ended %s ",
                          self->hand_number, bk_seat_name (&self->rules, self->last_dealer),
                          self->round_ended ? "yes" : "no");
  self->module->checkpoint_write (self, line);
}

/* The finished hands of the session. */
static guint
hands_finished (BkGame *self)
{
  gboolean in_play = self->phase == BK_PHASE_BIDDING || self->phase == BK_PHASE_PLAYING;

  return self->hand_number - (in_play ? 1 : 0);
}

/* The index of the newest checkpoint a save starts from, -1 for none: at least
 * BK_RECORD_KEEP_HANDS finished hands and the current round after it, but never more than
 * BK_RECORD_KEEP_MAX_HANDS. */
static int
chosen_checkpoint (BkGame *self)
{
  guint finished = hands_finished (self);
  guint target, floor;
  int chosen = -1;

  if (finished <= BK_RECORD_KEEP_HANDS)
    return -1;
  target = MIN (finished - BK_RECORD_KEEP_HANDS, self->round_start);
  floor = finished > BK_RECORD_KEEP_MAX_HANDS ? finished - BK_RECORD_KEEP_MAX_HANDS : 0;
  target = MAX (target, floor);
  for (guint i = 0; i < self->checkpoints->len; i++)
    {
      const Checkpoint *checkpoint = g_ptr_array_index (self->checkpoints, i);

      if (checkpoint->hands > target)
        break;
      chosen = (int) i;
    }
  return chosen;
}

static void
push_checkpoint (BkGame *self)
{
  g_autoptr (GString) line = NULL;
  Checkpoint *checkpoint;
  int chosen;

  if (self->module->checkpoint_write == NULL)
    return;
  line = g_string_new (NULL);
  write_checkpoint (self, line);
  checkpoint = g_new0 (Checkpoint, 1);
  checkpoint->offset = self->record->len;
  checkpoint->hands = self->hand_number;
  checkpoint->rules = self->rules;
  checkpoint->line = g_string_free (g_steal_pointer (&line), FALSE);
  g_ptr_array_add (self->checkpoints, checkpoint);
  /* The choice only moves on: those before it are never needed again. */
  chosen = chosen_checkpoint (self);
  if (chosen > 0)
    g_ptr_array_remove_range (self->checkpoints, 0, (guint) chosen);
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
  write_checkpoint (self, line);
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
    push_checkpoint (self);
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

gboolean
bk_game_next_hand (BkGame  *self,
                   GError **error)
{
  BkSeat dealer;

  g_return_val_if_fail (BK_IS_GAME (self), FALSE);

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
  /* The game's own start of a round (Bierkopf: the seating of B2.1 and B2.5). */
  if ((self->phase == BK_PHASE_NEW || self->round_ended) && self->module->new_round &&
      !self->module->new_round (self, self->phase == BK_PHASE_NEW, error))
    return FALSE;

  dealer = expected_dealer (self);
  /* Any seat may deal the first hand: the seed draws him (e.g. H2.1). */
  if (dealer == BK_SEAT_NONE)
    dealer = (BkSeat) (bk_rng_mix (self->seed ^ G_GUINT64_CONSTANT (0x6465616c6572)) %
                       bk_game_get_n_seats (self));
  deal_randomly (self, dealer);
  return TRUE;
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

static gboolean offer_owed (BkGame *self, BkSeat seat);
static void mark_declined (BkGame *self, BkSeat seat);

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
      offer_owed (self, (BkSeat) action->seat))
    mark_declined (self, (BkSeat) action->seat);

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
  return TRUE;
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

/* The seats asked about an offer at the current card: the record of who was asked is
 * only good for the card it was made at. */
static guint
offer_asked_now (BkGame *self)
{
  return self->offer_position == self->n_cards
         ? self->offer_asked : 0;
}

static gboolean
offer_may_answer (BkGame *self,
                  BkSeat  seat)
{
  return self->module->offer_may_answer &&
         self->module->offer_may_answer (self->hand, seat);
}

/* A computer player who may answer the module's offer now and was not asked at this card
 * yet, or BK_SEAT_NONE. */
static BkSeat
computer_offer_due (BkGame *self)
{
  guint asked = offer_asked_now (self);

  if (self->phase != BK_PHASE_PLAYING || !self->module->offer_open ||
      !self->module->offer_open (self->hand))
    return BK_SEAT_NONE;
  for (guint s = 0; s < bk_game_get_n_seats (self); s++)
    if (self->strategies[s] && !(asked & (1u << s)) && offer_may_answer (self, (BkSeat) s))
      return (BkSeat) s;
  return BK_SEAT_NONE;
}

/* @seat, driven from outside, may answer an offer now and has not answered it at this
 * level yet. */
static gboolean
offer_owed (BkGame *self,
            BkSeat  seat)
{
  return self->phase == BK_PHASE_PLAYING && self->strategies[seat] == NULL &&
         offer_may_answer (self, seat) &&
         self->offer_declined[seat] != self->module->offer_level (self->hand) + 1u;
}

/* Whether the session waits for @seat, a seat driven from outside (a person), to answer
 * the module's offer (e.g. B3.6): @seat may answer, the computer players who may answer
 * at this card have been asked, and @seat has neither taken nor declined the offer at
 * this level. While it waits, no computer player plays a card. A seat answers once per
 * level: after declining it may still take the offer while the module allows it, but
 * play no longer waits for it until a new level begins. */
gboolean
bk_game_is_waiting_for_offer (BkGame *self,
                              BkSeat  seat)
{
  g_return_val_if_fail (BK_IS_GAME (self) && seat < bk_game_get_n_seats (self), FALSE);
  return offer_owed (self, seat) && computer_offer_due (self) == BK_SEAT_NONE;
}

/* The seat whose answer to an offer the session waits for, or BK_SEAT_NONE. */
BkSeat
bk_game_get_waiting_for (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), BK_SEAT_NONE);

  for (guint s = 0; s < bk_game_get_n_seats (self); s++)
    if (bk_game_is_waiting_for_offer (self, (BkSeat) s))
      return (BkSeat) s;
  return BK_SEAT_NONE;
}

/* The computer player due now: first any who may answer the module's offer and was not
 * asked at this card yet, then the one whose turn it is. FALSE when a seat driven from
 * outside is due, or the session waits for its answer to an offer, or the hand is over.
 * Only reads the game: the answer is given with bk_game_decline_offer() or by applying
 * the move. */
gboolean
bk_game_get_computer_turn (BkGame         *self,
                           BkComputerTurn *turn)
{
  BkSeat offered;

  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  g_return_val_if_fail (turn != NULL, FALSE);

  if (self->phase != BK_PHASE_BIDDING && self->phase != BK_PHASE_PLAYING)
    return FALSE;

  turn->seed = decision_seed (self);
  turn->generation = self->generation;
  memcpy (turn->hand.bytes, self->hand, self->module->hand_size);
  turn->module = self->module;

  offered = computer_offer_due (self);
  if (offered != BK_SEAT_NONE)
    {
      turn->seat = offered;
      turn->offer = TRUE;
      return TRUE;
    }
  for (guint s = 0; s < bk_game_get_n_seats (self); s++)
    if (offer_owed (self, (BkSeat) s))
      return FALSE;

  turn->seat = (BkSeat) self->module->to_act (self->hand);
  turn->offer = FALSE;
  return self->strategies[turn->seat] != NULL;
}

static void
mark_declined (BkGame *self,
               BkSeat  seat)
{
  guint position = self->n_cards;

  if (position != self->offer_position)
    {
      self->offer_position = position;
      self->offer_asked = 0;
    }
  self->offer_asked |= 1u << seat;
  if (self->strategies[seat] == NULL)
    self->offer_declined[seat] = self->module->offer_level (self->hand) + 1u;
}

/* @seat lets the module's offer pass: a computer player at this card, a seat driven from
 * outside at this level (play no longer waits for it; see
 * bk_game_is_waiting_for_offer()). The module then tells of it (offer_declined). */
void
bk_game_decline_offer (BkGame *self,
                       BkSeat  seat)
{
  g_return_if_fail (BK_IS_GAME (self) && seat < bk_game_get_n_seats (self));

  if (self->phase != BK_PHASE_PLAYING || !offer_may_answer (self, seat))
    return;
  mark_declined (self, seat);
  if (self->module->offer_declined)
    self->module->offer_declined (self, seat);
}

/* Lets a computer player act if one is due, on this thread. FALSE when the game waits for
 * a seat driven from outside, or the hand is over. */
gboolean
bk_game_step (BkGame *self)
{
  BkComputerTurn turn;
  BkAction action;
  gboolean declines;
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (BK_IS_GAME (self), FALSE);

  if (!bk_game_get_computer_turn (self, &turn))
    return FALSE;

  bk_computer_turn_decide (&turn, self->strategies[turn.seat], &action, &declines);
  if (!bk_computer_turn_apply (self, &action, declines, &error))
    {
      g_critical ("A computer player broke the rules: %s", error->message);
      return FALSE;
    }
  return TRUE;
}

void
bk_game_run (BkGame *self)
{
  while (bk_game_step (self))
    ;
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

/* The save file: the record, with the session state written down so that loading can
 * check its replay against it. The state line goes right after the format line and pins
 * everything after it (format 2): how many lines follow, and their SHA-256, so that a save
 * cut short at a line boundary or changed is refused instead of read as a shorter one. */
char *
bk_game_to_save_text (BkGame *self)
{
  GString *text;
  const char *rest;
  g_autoptr (GString) state = NULL;
  g_autoptr (GChecksum) checksum = NULL;

  g_autoptr (GString) kept = NULL;
  guint64 lines;
  int chosen;

  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  g_assert (self->digested == self->record->len);

  chosen = chosen_checkpoint (self);
  if (chosen < 0)
    {
      /* A short session: the whole record, digested as it grew. */
      rest = self->record->str + self->rest_start;
      checksum = g_checksum_copy (self->rest_checksum);
      lines = self->rest_lines;
    }
  else
    {
      /* A long one: the header, the session before the hands kept, and those hands, so
       * that the save stays small however long the session runs. */
      const Checkpoint *checkpoint = g_ptr_array_index (self->checkpoints, chosen);

      kept = g_string_new (NULL);
      g_string_append_len (kept, self->record->str + self->rest_start,
                           (gssize) (self->header_end - self->rest_start));
      g_string_append_len (kept, self->header_extra->str, (gssize) self->header_extra->len);
      bk_rules_append_changes (&self->header_rules, &checkpoint->rules, kept);
      g_string_append (kept, checkpoint->line);
      g_string_append_c (kept, '\n');
      g_string_append_len (kept, self->record->str + checkpoint->offset,
                           (gssize) (self->record->len - checkpoint->offset));
      rest = kept->str;
      checksum = g_checksum_new (G_CHECKSUM_SHA256);
      g_checksum_update (checksum, (const guchar *) kept->str, (gssize) kept->len);
      lines = 0;
      for (gsize i = 0; i < kept->len; i++)
        lines += kept->str[i] == '\n';
    }
  state = g_string_new ("state ");
  self->module->score_write (self->score, state);
  g_string_append_printf (state, " hands %u phase %d rest %" G_GUINT64_FORMAT " sha256 %s\n",
                          self->hand_number, self->phase, lines,
                          g_checksum_get_string (checksum));
  text = g_string_sized_new (self->rest_start + state->len + strlen (rest));
  g_string_append_len (text, self->record->str, (gssize) self->rest_start);
  g_string_append_len (text, state->str, (gssize) state->len);
  g_string_append (text, rest);
  return g_string_free (text, FALSE);
}

gboolean
bk_game_save (BkGame      *self,
              const char  *path,
              GError     **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  text = bk_game_to_save_text (self);
  /* Never a file the reader refuses. */
  if (strlen (text) > BK_RECORD_MAX_SIZE)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_TOO_LARGE,
                   _("The session has grown too large to be saved (more than %u MiB)"),
                   (guint) (BK_RECORD_MAX_SIZE / (1024 * 1024)));
      return FALSE;
    }
  return g_file_set_contents (path, text, -1, error);
}
