/* bk-herzla-solver.c: exact searches of a Herzla hand with all cards open
 * (docs/rules-herzla.md H4, H5, H6.2; docs/ai.md "Herzla").
 *
 * Cards are renumbered suit by suit in their natural order (H1.2), lowest first, nine bits
 * a suit: "beats" is a comparison inside the suit, a hand a 64-bit mask. Both searches
 * play one card of each run of cards of one hand that are adjacent in their suit once the
 * cards already gone are removed: such cards win and lose the same tricks, and within a
 * suit every card counts the same (a heart is a heart, H1.3), so they are equivalent in
 * every game. For the same reason the transposition tables at trick boundaries key a
 * position by who holds the k-th lowest card still out of each suit, not by the cards
 * themselves.
 *
 * The contract search is a yes-or-no search, the declarer against the three defenders
 * together, and ends a line at the first trick that breaks the contract (H4.3, H4.4). The
 * normal game is a max^n search: each player picks the card that gives himself the most
 * cents (in the simple form: the fewest hearts), ties broken against the others.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <string.h>

#include "bk-herzla-solver.h"

#define SUIT_BITS 9
#define NO_CARD 0xff
#define CTT_BITS 16
#define NTT_BITS 15
#define MAX_MOVES 12
#define SOLE_NONE 0xf

typedef struct {
  guint64 key[2];
  guint32 gen;
  guint8  value;
  guint8  best;
} ContractEntry;

typedef struct {
  guint64 key[3];
  guint32 gen;
  guint8  best;
  gint16  values[BK_MAX_SEATS];
} NormalEntry;

typedef struct {
  gint v[BK_MAX_SEATS];
} Values;

/* The trick in progress, a value each level of the search makes for the next. */
typedef struct {
  guint64 cards;     /* the cards on the table */
  guint8  n;
  guint8  to_act;
  guint8  win_card;
  guint8  win_seat;
  guint8  led_suit;
  guint8  hearts;
  guint8  declarer_played;
} Trick;

struct _BkHerzlaSolver
{
  ContractEntry   *ctt;
  NormalEntry     *ntt;
  guint32          gen;
  guint64          nodes;

  /* The position searched; the trick in progress goes down the recursion. */
  BkHerzlaRules    rules;
  guint            n_players;
  guint            contract;
  guint            declarer;
  gint             stock;
  guint            tricks_in_hand;
  guint            tricks_done;
  guint            horizon;          /* the normal search stops after this many tricks */
  guint            me;               /* the paranoid search: the seat it is for */
  guint8           closed[3];        /* H4.2 by tricks done (0, 1, 2 or more) */
  guint64          hands[BK_MAX_SEATS];
  guint64          remaining;        /* every hand and the cards on the table */
  guint8           owner[BK_N_SUITS * SUIT_BITS];
  guint8           hearts[BK_MAX_SEATS];
  guint8           tricks[BK_MAX_SEATS];
};

/* H1.2: the natural order from the lowest up, as ranks of the notation. */
static const BkRank rank_of_natural[SUIT_BITS] = {
  BK_RANK_SECHS, BK_RANK_SIEBEN, BK_RANK_ACHT, BK_RANK_NEUN, BK_RANK_ZEHN,
  BK_RANK_UNTER, BK_RANK_OBER, BK_RANK_KOENIG, BK_RANK_SAU,
};

static guint8 internal_of[BK_N_CARDS];
static BkCard card_of[BK_N_SUITS * SUIT_BITS];

static gpointer
build_tables (gpointer data)
{
  for (guint s = 0; s < BK_N_SUITS; s++)
    for (guint i = 0; i < SUIT_BITS; i++)
      {
        BkCard card = BK_CARD (s, rank_of_natural[i]);

        internal_of[card] = (guint8) (s * SUIT_BITS + i);
        card_of[s * SUIT_BITS + i] = card;
      }
  return NULL;
}

static inline guint64
suit_mask (guint suit)
{
  return ((G_GUINT64_CONSTANT (1) << SUIT_BITS) - 1) << (suit * SUIT_BITS);
}

#define HEARTS_MASK (((G_GUINT64_CONSTANT (1) << SUIT_BITS) - 1) << (BK_SUIT_HERZ * SUIT_BITS))

static inline guint
card_suit (guint card)
{
  return card / SUIT_BITS;
}

static inline guint
card_natural (guint card)
{
  return card % SUIT_BITS;
}

static inline guint
lowest (guint64 mask)
{
  return (guint) __builtin_ctzll (mask);
}

static inline guint
highest (guint64 mask)
{
  return 63u - (guint) __builtin_clzll (mask);
}

static guint64
to_internal (BkHand hand)
{
  guint64 mask = 0;

  for (; hand; hand &= hand - 1)
    mask |= G_GUINT64_CONSTANT (1) << internal_of[bk_hand_first (hand)];
  return mask;
}

BkHerzlaSolver *
bk_herzla_solver_new (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, build_tables, NULL);
  return g_new0 (BkHerzlaSolver, 1);
}

void
bk_herzla_solver_free (BkHerzlaSolver *self)
{
  if (self == NULL)
    return;
  g_free (self->ctt);
  g_free (self->ntt);
  g_free (self);
}

guint64
bk_herzla_solver_get_nodes (BkHerzlaSolver *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->nodes;
}

/* A new search: the tables' old entries no longer count. */
static void
new_generation (BkHerzlaSolver *self)
{
  if (++self->gen == 0)
    {
      /* After 2^32 searches: start clean rather than trust stale entries. */
      if (self->ctt)
        memset (self->ctt, 0, sizeof (ContractEntry) << CTT_BITS);
      if (self->ntt)
        memset (self->ntt, 0, sizeof (NormalEntry) << NTT_BITS);
      self->gen = 1;
    }
}

/* Takes the position of @state into the solver; returns the trick in progress. */
static Trick
load (BkHerzlaSolver     *self,
      const BkHerzlaHand *state)
{
  guint n = state->rules.n_players;
  Trick t = { 0 };

  self->rules = state->rules;
  self->n_players = n;
  self->contract = state->contract;
  self->declarer = state->declarer;
  self->tricks_in_hand = state->tricks_in_hand;
  self->tricks_done = state->tricks_done;
  self->remaining = 0;
  memset (self->owner, NO_CARD, sizeof self->owner);
  for (guint k = 0; k < G_N_ELEMENTS (self->closed); k++)
    self->closed[k] = (guint8) bk_herzla_heart_lead_closed (state->rules.heart_lead,
                                                            (BkContract) state->contract, k);
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    {
      self->hands[s] = s < n ? to_internal (state->hands[s]) : 0;
      self->hearts[s] = s < n ? state->hearts[s] : 0;
      self->tricks[s] = s < n ? state->tricks[s] : 0;
      self->remaining |= self->hands[s];
      for (guint64 h = self->hands[s]; h; h &= h - 1)
        self->owner[lowest (h)] = (guint8) s;
    }

  t.to_act = state->trick.leader;
  for (guint i = 0; i < state->trick.n; i++)
    {
      guint card = internal_of[state->trick.cards[i]];
      guint seat = (state->trick.leader + i) % n;

      if (i == 0 || (card_suit (card) == t.led_suit && card > t.win_card))
        {
          t.win_card = (guint8) card;
          t.win_seat = (guint8) seat;
        }
      if (i == 0)
        t.led_suit = (guint8) card_suit (card);
      t.hearts += card_suit (card) == BK_SUIT_HERZ;
      t.declarer_played |= seat == state->declarer;
      t.cards |= G_GUINT64_CONSTANT (1) << card;
    }
  t.n = state->trick.n;
  t.to_act = (guint8) ((state->trick.leader + state->trick.n) % n);
  self->remaining |= t.cards;
  return t;
}

static inline guint64
legal_moves (BkHerzlaSolver *self,
             const Trick    *t,
             guint64         hand)
{
  guint64 follow;

  /* H4.1 */
  if (t->n > 0)
    {
      follow = hand & suit_mask (t->led_suit);
      return follow ? follow : hand;
    }
  /* H4.2 */
  if (self->closed[MIN (self->tricks_done, 2u)] && (hand & ~HEARTS_MASK))
    return hand & ~HEARTS_MASK;
  return hand;
}

/* One card of each run of @moves whose cards are adjacent in their suit among the cards
 * still out (in hands or on the table): the lowest of the run. */
static inline guint64
reduce_equivalent (BkHerzlaSolver *self,
                   guint64         moves)
{
  guint64 keep = 0;

  for (guint64 rest = moves; rest; rest &= rest - 1)
    {
      guint card = lowest (rest);
      guint64 below = self->remaining & suit_mask (card_suit (card)) &
                      ((G_GUINT64_CONSTANT (1) << card) - 1);

      if (below == 0 || !((moves >> highest (below)) & 1))
        keep |= G_GUINT64_CONSTANT (1) << card;
    }
  return keep;
}

static inline void
trick_play (BkHerzlaSolver *self,
            Trick          *t,
            guint           seat,
            guint           card)
{
  guint suit = card_suit (card);

  if (t->n == 0)
    {
      t->led_suit = (guint8) suit;
      t->win_card = (guint8) card;
      t->win_seat = (guint8) seat;
    }
  else if (suit == t->led_suit && card > t->win_card)
    {
      t->win_card = (guint8) card;
      t->win_seat = (guint8) seat;
    }
  t->cards |= G_GUINT64_CONSTANT (1) << card;
  t->hearts += suit == BK_SUIT_HERZ;
  t->declarer_played |= seat == self->declarer;
  t->n++;
  t->to_act = (guint8) ((seat + 1) % self->n_players);
}

/* The last trick, one card in every hand, led by @leader: who takes it. */
static inline guint
last_trick_winner (BkHerzlaSolver *self,
                   guint           leader)
{
  guint led = card_suit (lowest (self->hands[leader]));

  return self->owner[highest (self->remaining & suit_mask (led))];
}

/* The key of a trick boundary with @leader to lead: per suit how many cards are still
 * out, and who holds each of them from the lowest up. */
static void
make_key (BkHerzlaSolver *self,
          guint           leader,
          guint64         key[2])
{
  guint bits = self->n_players <= 4 ? 2 : 3;
  guint pos = 0;
  guint64 words[2] = { 0, 0 };
  guint64 counts = 0;

  for (guint s = 0; s < BK_N_SUITS; s++)
    {
      guint64 rest = self->remaining & suit_mask (s);

      counts |= (guint64) __builtin_popcountll (rest) << (4 * s);
      for (; rest; rest &= rest - 1)
        {
          guint64 owner = self->owner[lowest (rest)];

          words[pos / 64] |= owner << (pos % 64);
          if (pos % 64 + bits > 64)
            words[pos / 64 + 1] |= owner >> (64 - pos % 64);
          pos += bits;
        }
    }
  key[0] = words[0];
  key[1] = words[1] ^ (counts << 44) ^ ((guint64) leader << 60);
}

static inline guint
hash_key (const guint64 *key,
          guint          n_words,
          guint          bits)
{
  guint64 h = 0;

  for (guint i = 0; i < n_words; i++)
    h = (h ^ key[i]) * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  return (guint) (h >> (64 - bits));
}

/* Sorts @moves by @scores, highest first (insertion sort: a handful of cards). */
static void
sort_moves (guint8 *moves,
            gint   *scores,
            guint   n)
{
  for (guint i = 1; i < n; i++)
    {
      guint8 m = moves[i];
      gint s = scores[i];
      guint j = i;

      while (j > 0 && scores[j - 1] < s)
        {
          moves[j] = moves[j - 1];
          scores[j] = scores[j - 1];
          j--;
        }
      moves[j] = m;
      scores[j] = s;
    }
}

/* ---- The contracts (H4.3, H4.4) ---- */

/* H4.3: can the declarer play under every lead of one suit, whatever the defenders lead
 * and in whatever order? Against a lead he plays his highest card under it, which is
 * never worse than any other (a lower card ducks every lead a higher one ducks), so he
 * fails only against a set of leads that no assignment of his cards can duck: the
 * defenders' lowest cards. He is safe if his j-th lowest card is under their j-th lowest
 * for every j (cards they lose on other tricks only make it easier; his discards come
 * from the top of a suit, which keeps it true). */
static inline gboolean
ducks_every_lead (guint64 d,
                  guint64 o)
{
  for (; d && o; d &= d - 1, o &= o - 1)
    if (lowest (d) > lowest (o))
      return FALSE;
  return TRUE;
}

/* The move order: the cards most likely to decide the question for the side to act. */
static guint
contract_order (BkHerzlaSolver *self,
                const Trick    *t,
                guint           seat,
                guint64         moves,
                guint8         *out)
{
  gint scores[MAX_MOVES];
  gboolean beddl = self->contract == BK_CONTRACT_BEDDL;
  gboolean declarer = seat == self->declarer;
  gboolean declarer_wins = t->n > 0 && t->win_seat == self->declarer;
  guint n = 0;
  gint lead_bonus[BK_N_SUITS] = { 0 };

  /* Beddl: the defenders lead first the suits the declarer cannot always duck. */
  if (beddl && ((t->n == 0 && !declarer) ||
                (declarer && t->n > 0 && !(self->hands[seat] & suit_mask (t->led_suit)))))
    for (guint s = 0; s < BK_N_SUITS; s++)
      {
        guint64 d = self->hands[self->declarer] & suit_mask (s);
        guint64 o = self->remaining & ~self->hands[self->declarer] & suit_mask (s);

        lead_bonus[s] = d ? (ducks_every_lead (d, o) ? 10 : 20) : 0;
      }

  for (; moves; moves &= moves - 1)
    {
      guint card = lowest (moves);
      guint nat = card_natural (card);
      gboolean follows = t->n > 0 && card_suit (card) == t->led_suit;
      gboolean over = follows && card > t->win_card;
      gint score;

      if (t->n == 0)
        /* Beddl: leads from low; Mord: the declarer cashes from the top. */
        score = beddl ? (gint) (SUIT_BITS - nat) + lead_bonus[card_suit (card)] : (gint) nat;
      else if (!follows)
        score = (gint) nat + lead_bonus[card_suit (card)];   /* throw the highest card */
      else if (beddl)
        {
          if (declarer || declarer_wins)
            score = over ? (gint) (SUIT_BITS - nat) : 20 + (gint) nat;  /* the highest under */
          else
            score = (gint) (SUIT_BITS - nat);                          /* keep the trick low */
        }
      else
        {
          if (declarer || declarer_wins)
            score = over ? 20 + (gint) nat : (gint) (SUIT_BITS - nat); /* beat it, or stay low */
          else
            score = (gint) (SUIT_BITS - nat);
        }
      out[n] = (guint8) card;
      scores[n++] = score;
    }
  sort_moves (out, scores, n);
  return n;
}

/* Sure answers at a trick boundary without search; -1 when there is none. */
static gint
contract_quick (BkHerzlaSolver *self,
                guint           leader)
{
  guint64 mine = self->hands[self->declarer];
  guint64 theirs = self->remaining & ~mine;
  Trick lead = { 0 };
  guint64 legal_lead;
  gboolean sure = TRUE;

  if ((self->contract == BK_CONTRACT_MORD) != (leader == self->declarer))
    return -1;
  legal_lead = legal_moves (self, &lead, self->hands[leader]);

  for (guint s = 0; s < BK_N_SUITS; s++)
    {
      guint64 d = mine & suit_mask (s), o = theirs & suit_mask (s);

      if (d == 0)
        continue;
      if (self->contract == BK_CONTRACT_MORD)
        {
          /* He leads every card he has left: one of his suits topped by a defender loses
           * a trick, the defender keeps that card until the suit comes. */
          if (o && highest (o) > highest (d))
            return FALSE;
          if (o && lowest (d) < highest (o))
            sure = FALSE;
        }
      else
        {
          guint64 led = legal_lead & suit_mask (s);

          /* The leader leads his lowest card of a suit (if H4.2 lets him) in which the
           * declarer has nothing under it and the other defenders have something under
           * the declarer's lowest or nothing at all: the declarer takes it. */
          if (led && lowest (led) < lowest (d))
            {
              gboolean forced = TRUE;

              for (guint p = 0; p < self->n_players && forced; p++)
                {
                  guint64 other = self->hands[p] & suit_mask (s);

                  if (p != leader && p != self->declarer && other && lowest (other) > lowest (d))
                    forced = FALSE;
                }
              if (forced)
                return FALSE;
            }
          if (!ducks_every_lead (d, o))
            sure = FALSE;
        }
    }
  return sure ? TRUE : -1;
}

static gboolean
contract_node (BkHerzlaSolver *self,
               const Trick    *t,
               guint8         *best_out)
{
  guint seat = t->to_act;
  guint64 bit, moves;
  gboolean declarer = seat == self->declarer;
  gboolean value = !declarer, found = FALSE;
  ContractEntry *entry = NULL;
  guint64 key[2];
  guint8 order[MAX_MOVES], best = NO_CARD;
  guint n_moves;

  self->nodes++;
  if (t->n == 0)
    {
      gint quick;

      if (self->tricks_done == self->tricks_in_hand)
        return TRUE;
      if (self->tricks_done + 1 == self->tricks_in_hand && !best_out)
        return !bk_herzla_contract_broken ((BkContract) self->contract, self->declarer,
                                           last_trick_winner (self, seat));
      /* Not at the root, which must name a card. */
      quick = best_out ? -1 : contract_quick (self, seat);
      if (quick >= 0)
        return quick;
      make_key (self, seat, key);
      entry = &self->ctt[hash_key (key, 2, CTT_BITS)];
      if (entry->gen == self->gen && entry->key[0] == key[0] && entry->key[1] == key[1])
        {
          if (best_out)
            *best_out = entry->best;
          return entry->value;
        }
    }
  else if (best_out)
    ;  /* the root must name a card: no shortcut */
  else if (declarer && self->contract == BK_CONTRACT_MORD)
    {
      /* H4.4: he must take this trick; without a card of the suit over the best he cannot. */
      guint64 follow = self->hands[seat] & suit_mask (t->led_suit);

      if (follow == 0 || highest (follow) < t->win_card)
        return FALSE;
    }
  else if (self->contract == BK_CONTRACT_MORD && t->declarer_played &&
           t->win_seat != self->declarer)
    return FALSE;  /* a defender has this trick already */

  moves = reduce_equivalent (self, legal_moves (self, t, self->hands[seat]));
  n_moves = contract_order (self, t, seat, moves, order);

  for (guint i = 0; i < n_moves && !found; i++)
    {
      guint card = order[i];
      Trick next = *t;
      gboolean result;

      bit = G_GUINT64_CONSTANT (1) << card;
      trick_play (self, &next, seat, card);
      self->hands[seat] &= ~bit;
      if (next.n < self->n_players)
        result = contract_node (self, &next, NULL);
      else if (bk_herzla_contract_broken ((BkContract) self->contract, self->declarer,
                                          next.win_seat))
        result = FALSE;
      else
        {
          Trick fresh = { 0 };

          fresh.to_act = next.win_seat;
          self->remaining &= ~next.cards;
          self->tricks_done++;
          result = contract_node (self, &fresh, NULL);
          self->tricks_done--;
          self->remaining |= next.cards;
        }
      self->hands[seat] |= bit;

      if (result == declarer)
        {
          value = result;
          best = (guint8) card;
          found = TRUE;
        }
    }
  if (!found && n_moves > 0)
    best = order[0];

  if (t->n == 0)
    {
      entry->key[0] = key[0];
      entry->key[1] = key[1];
      entry->gen = self->gen;
      entry->value = (guint8) value;
      entry->best = best;
    }
  if (best_out)
    *best_out = best;
  return value;
}

/* A Beddl or Mord in play. */
static gboolean
is_contract_in_play (const BkHerzlaHand *state)
{
  return state->step == BK_HERZLA_STEP_PLAY &&
         (state->contract == BK_CONTRACT_BEDDL || state->contract == BK_CONTRACT_MORD) &&
         state->declarer < state->rules.n_players;
}

/* A normal game (or the simple form) in play. */
static gboolean
is_normal_in_play (const BkHerzlaHand *state)
{
  return state->step == BK_HERZLA_STEP_PLAY && state->contract == BK_CONTRACT_NORMAL;
}

static void
prepare_contract (BkHerzlaSolver *self)
{
  if (self->ctt == NULL)
    {
      /* Touch every page now, not during the first searches. */
      self->ctt = g_new (ContractEntry, 1u << CTT_BITS);
      memset (self->ctt, 0, sizeof (ContractEntry) << CTT_BITS);
    }
  new_generation (self);
}

/* H4.3, H4.4: TRUE if the declarer makes his contract against the three defenders playing
 * together, all cards open, from the position of @state (a Beddl or Mord in play). @best
 * gets a card for the seat to act that reaches that answer. */
gboolean
bk_herzla_solver_contract (BkHerzlaSolver     *self,
                           const BkHerzlaHand *state,
                           BkCard             *best)
{
  Trick t;
  guint8 card = NO_CARD;
  gboolean value;

  g_return_val_if_fail (self != NULL && state != NULL, FALSE);
  g_return_val_if_fail (is_contract_in_play (state), FALSE);

  prepare_contract (self);
  t = load (self, state);
  value = contract_node (self, &t, &card);
  if (best)
    *best = card == NO_CARD ? BK_CARD_NONE : card_of[card];
  return value;
}

/* The legal cards of the seat to act that keep the best answer for his side: for the
 * declarer the cards that make the contract (all legal cards if none does), for a
 * defender the cards that beat it (all if none does). */
BkHand
bk_herzla_solver_contract_moves (BkHerzlaSolver     *self,
                                 const BkHerzlaHand *state)
{
  BkHand good = 0, legal;
  guint seat;

  g_return_val_if_fail (self != NULL && state != NULL, 0);
  g_return_val_if_fail (is_contract_in_play (state), 0);

  legal = bk_herzla_hand_legal (state);
  seat = state->to_act;
  prepare_contract (self);
  for (BkHand rest = legal; rest; rest &= rest - 1)
    {
      BkHerzlaHand next = *state;
      BkAction action = bk_action_make (BK_ACTION_PLAY, (BkSeat) seat, bk_hand_first (rest));
      gboolean made;

      /* The history is not searched: keep room in it for any position. */
      next.n_history = 0;
      bk_herzla_hand_apply_unchecked (&next, &action);
      if (bk_herzla_hand_is_over (&next))
        made = !next.broken;
      else
        {
          Trick t = load (self, &next);

          made = contract_node (self, &t, NULL);
        }
      if (made == (seat == state->declarer))
        good |= BK_HAND_BIT (bk_hand_first (rest));
    }
  return good ? good : legal;
}

/* ---- The normal game (H5, H6.2) ---- */

/* What the tally is worth to each seat: its cents (H5, with @stock before the hand), or
 * minus its hearts in the simple form (H6.2). A hand not yet over is valued as if the
 * tricks left did not exist. */
static void
tally_values (const BkHerzlaRules *rules,
              guint                contract,
              guint                declarer,
              guint                tricks_done,
              guint                tricks_in_hand,
              const guint8        *tricks,
              const guint8        *hearts,
              gint                 stock,
              Values              *out)
{
  BkHerzlaTally tally = { 0 };
  BkHerzlaPayment payment;
  guint n = rules->n_players;

  memset (out, 0, sizeof *out);
  if (rules->variant == BK_HERZLA_EINFACH)
    {
      for (guint s = 0; s < n; s++)
        out->v[s] = -(gint) hearts[s];
      return;
    }
  tally.n_players = (guint8) n;
  tally.contract = (guint8) contract;
  tally.declarer = (guint8) declarer;
  tally.tricks_played = (guint8) tricks_done;
  tally.tricks_in_hand = (guint8) tricks_in_hand;
  memcpy (tally.tricks, tricks, n);
  memcpy (tally.hearts, hearts, n);
  bk_herzla_pay (&rules->pay, &tally, stock, &payment);
  for (guint s = 0; s < n; s++)
    out->v[s] = payment.cents[s];
}

/* The values the normal search gives a position at its horizon (or at the end of the
 * hand): the tally of @state so far, see tally_values(). */
void
bk_herzla_solver_horizon_values (const BkHerzlaHand *state,
                                 gint                stock,
                                 gint                values[BK_MAX_SEATS])
{
  Values out;

  g_return_if_fail (state != NULL && values != NULL);

  tally_values (&state->rules, state->contract, state->declarer, state->tricks_done,
                state->tricks_in_hand, state->tricks, state->hearts, stock, &out);
  memcpy (values, out.v, sizeof out.v);
}

/* max^n with a total order: @a is better than @b for @seat if it gives him more; on a tie,
 * if it gives the others less in all, then less to each in turn after him. So a node's
 * value does not depend on the order its cards are searched in. */
static inline gboolean
better_for (const Values *a,
            const Values *b,
            guint         seat,
            guint         n)
{
  gint sum_a = 0, sum_b = 0;

  if (a->v[seat] != b->v[seat])
    return a->v[seat] > b->v[seat];
  for (guint s = 0; s < n; s++)
    if (s != seat)
      {
        sum_a += a->v[s];
        sum_b += b->v[s];
      }
  if (sum_a != sum_b)
    return sum_a < sum_b;
  for (guint k = 1; k < n; k++)
    {
      guint s = (seat + k) % n;

      if (a->v[s] != b->v[s])
        return a->v[s] < b->v[s];
    }
  return FALSE;
}

/* Who took every trick so far (H4.5), SOLE_NONE if nobody or nothing was played. */
static guint
sole_taker (BkHerzlaSolver *self)
{
  for (guint s = 0; s < self->n_players; s++)
    if (self->tricks_done > 0 && self->tricks[s] == self->tricks_done)
      return s;
  return SOLE_NONE;
}

static void
normal_key (BkHerzlaSolver *self,
            guint           leader,
            guint64         key[3])
{
  guint64 tally = sole_taker (self);

  make_key (self, leader, key);
  for (guint s = 0; s < self->n_players; s++)
    tally |= (guint64) self->hearts[s] << (4 + 4 * s);
  key[2] = tally;
}

static void
normal_node (BkHerzlaSolver *self,
             const Trick    *t,
             Values         *out,
             guint8         *best_out)
{
  guint seat = t->to_act, n = self->n_players;
  guint64 moves;
  NormalEntry *entry = NULL;
  guint64 key[3];
  guint8 best = NO_CARD;
  gboolean have = FALSE;

  self->nodes++;
  if (t->n == 0)
    {
      if (self->tricks_done == self->tricks_in_hand || self->tricks_done == self->horizon)
        {
          tally_values (&self->rules, self->contract, self->declarer, self->tricks_done,
                        self->tricks_in_hand, self->tricks, self->hearts, self->stock, out);
          return;
        }
      if (self->tricks_done + 1 == self->tricks_in_hand && !best_out)
        {
          guint winner = last_trick_winner (self, seat);
          guint hearts = (guint) __builtin_popcountll (self->remaining & HEARTS_MASK);

          self->tricks[winner]++;
          self->hearts[winner] += hearts;
          tally_values (&self->rules, self->contract, self->declarer, self->tricks_done + 1,
                        self->tricks_in_hand, self->tricks, self->hearts, self->stock, out);
          self->hearts[winner] -= hearts;
          self->tricks[winner]--;
          return;
        }
      normal_key (self, seat, key);
      entry = &self->ntt[hash_key (key, 3, NTT_BITS)];
      if (entry->gen == self->gen && memcmp (entry->key, key, sizeof key) == 0)
        {
          for (guint s = 0; s < n; s++)
            out->v[s] = entry->values[s];
          if (best_out)
            *best_out = entry->best;
          return;
        }
    }

  /* No cut-offs in max^n here, so the order of the cards does not matter. */
  moves = reduce_equivalent (self, legal_moves (self, t, self->hands[seat]));
  for (; moves; moves &= moves - 1)
    {
      guint card = lowest (moves);
      guint64 bit = G_GUINT64_CONSTANT (1) << card;
      Trick next = *t;
      Values child;

      trick_play (self, &next, seat, card);
      self->hands[seat] &= ~bit;
      if (next.n < n)
        normal_node (self, &next, &child, NULL);
      else
        {
          Trick fresh = { 0 };
          guint winner = next.win_seat;

          fresh.to_act = (guint8) winner;
          self->remaining &= ~next.cards;
          self->tricks_done++;
          self->tricks[winner]++;
          self->hearts[winner] += next.hearts;
          normal_node (self, &fresh, &child, NULL);
          self->hearts[winner] -= next.hearts;
          self->tricks[winner]--;
          self->tricks_done--;
          self->remaining |= next.cards;
        }
      self->hands[seat] |= bit;

      if (!have || better_for (&child, out, seat, n))
        {
          *out = child;
          best = (guint8) card;
          have = TRUE;
        }
    }

  if (entry)
    {
      memcpy (entry->key, key, sizeof key);
      entry->gen = self->gen;
      entry->best = best;
      for (guint s = 0; s < BK_MAX_SEATS; s++)
        entry->values[s] = (gint16) (s < n ? out->v[s] : 0);
    }
  if (best_out)
    *best_out = best;
}

static void
prepare_normal (BkHerzlaSolver     *self,
                const BkHerzlaHand *state,
                gint                stock,
                guint               max_tricks)
{
  if (self->ntt == NULL)
    {
      self->ntt = g_new (NormalEntry, 1u << NTT_BITS);
      memset (self->ntt, 0, sizeof (NormalEntry) << NTT_BITS);
    }
  new_generation (self);
  self->stock = stock;
  /* The trick in progress is the first of the @max_tricks searched. */
  self->horizon = max_tricks == BK_HERZLA_SOLVE_ALL
                  ? state->tricks_in_hand
                  : MIN ((guint) state->tricks_in_hand, state->tricks_done + max_tricks);
}

/* H5, H6.2: the max^n values of the normal game from the position of @state: @values gets
 * each seat's cents (with @stock in the stock before the hand; the simple form: minus his
 * hearts) when every player plays for himself, all cards open; @best the card of the seat
 * to act. @max_tricks limits the search to that many tricks, the one in progress counted
 * (BK_HERZLA_SOLVE_ALL: to the end); a line cut there is valued by its tally so far
 * (bk_herzla_solver_horizon_values()). */
void
bk_herzla_solver_normal (BkHerzlaSolver     *self,
                         const BkHerzlaHand *state,
                         gint                stock,
                         guint               max_tricks,
                         gint                values[BK_MAX_SEATS],
                         BkCard             *best)
{
  Values out;
  Trick t;
  guint8 card = NO_CARD;

  g_return_if_fail (self != NULL && state != NULL);
  g_return_if_fail (is_normal_in_play (state));

  prepare_normal (self, state, stock, max_tricks);
  t = load (self, state);
  normal_node (self, &t, &out, &card);
  if (values)
    {
      memset (values, 0, sizeof (gint) * BK_MAX_SEATS);
      memcpy (values, out.v, sizeof (gint) * self->n_players);
    }
  if (best)
    *best = card == NO_CARD ? BK_CARD_NONE : card_of[card];
}

/* Every legal card of the seat to act with the value it gives him under the max^n search
 * of bk_herzla_solver_normal() (the others play on as that search has them). Returns how
 * many; @cards and @values need room for a whole hand. */
guint
bk_herzla_solver_normal_moves (BkHerzlaSolver     *self,
                               const BkHerzlaHand *state,
                               gint                stock,
                               guint               max_tricks,
                               BkCard             *cards,
                               gint               *values)
{
  BkHand legal;
  guint seat, n = 0;

  g_return_val_if_fail (self != NULL && state != NULL && cards != NULL && values != NULL, 0);
  g_return_val_if_fail (is_normal_in_play (state), 0);

  legal = bk_herzla_hand_legal (state);
  seat = state->to_act;
  prepare_normal (self, state, stock, max_tricks);
  for (BkHand rest = legal; rest; rest &= rest - 1)
    {
      BkHerzlaHand next = *state;
      BkAction action = bk_action_make (BK_ACTION_PLAY, (BkSeat) seat, bk_hand_first (rest));
      Values out;

      next.n_history = 0;
      bk_herzla_hand_apply_unchecked (&next, &action);
      if (bk_herzla_hand_is_over (&next) ||
          (next.trick.n == 0 && next.tricks_done >= self->horizon))
        tally_values (&next.rules, next.contract, next.declarer, next.tricks_done,
                      next.tricks_in_hand, next.tricks, next.hearts, stock, &out);
      else
        {
          Trick t = load (self, &next);

          normal_node (self, &t, &out, NULL);
        }
      cards[n] = bk_hand_first (rest);
      values[n++] = out.v[seat];
    }
  return n;
}

/* ---- The paranoid reduction of the normal game, for comparison (docs/ai.md) ---- */

#define PARANOID_INF 10000

/* The value of the tally so far to the seat searched for. */
static gint
paranoid_leaf (BkHerzlaSolver *self,
               guint           tricks_done)
{
  Values out;

  tally_values (&self->rules, self->contract, self->declarer, tricks_done,
                self->tricks_in_hand, self->tricks, self->hearts, self->stock, &out);
  return out.v[self->me];
}

/* Fail-soft alpha-beta: self->me maximises his own value, the others together minimise
 * it. The table at trick boundaries keeps bounds. */
static gint
paranoid_node (BkHerzlaSolver *self,
               const Trick    *t,
               gint            alpha,
               gint            beta,
               guint8         *best_out)
{
  guint seat = t->to_act, n = self->n_players;
  gboolean maximise = seat == self->me;
  gint alpha0 = alpha, beta0 = beta, best_value = maximise ? -PARANOID_INF : PARANOID_INF;
  NormalEntry *entry = NULL;
  guint64 key[3], moves;
  guint8 best = NO_CARD, first = NO_CARD;

  self->nodes++;
  if (t->n == 0)
    {
      if (self->tricks_done == self->tricks_in_hand || self->tricks_done == self->horizon)
        return paranoid_leaf (self, self->tricks_done);
      if (self->tricks_done + 1 == self->tricks_in_hand && !best_out)
        {
          guint winner = last_trick_winner (self, seat);
          guint hearts = (guint) __builtin_popcountll (self->remaining & HEARTS_MASK);
          gint value;

          self->tricks[winner]++;
          self->hearts[winner] += hearts;
          value = paranoid_leaf (self, self->tricks_done + 1);
          self->hearts[winner] -= hearts;
          self->tricks[winner]--;
          return value;
        }
      normal_key (self, seat, key);
      key[2] |= G_GUINT64_CONSTANT (1) << 63;
      entry = &self->ntt[hash_key (key, 3, NTT_BITS)];
      if (entry->gen == self->gen && memcmp (entry->key, key, sizeof key) == 0)
        {
          gint lower = entry->values[0], upper = entry->values[1];

          if (!best_out && (lower >= beta || upper <= alpha || lower == upper))
            return lower >= beta ? lower : upper;
          alpha = MAX (alpha, lower);
          beta = MIN (beta, upper);
          first = entry->best;
        }
    }

  moves = reduce_equivalent (self, legal_moves (self, t, self->hands[seat]));
  if (first != NO_CARD && ((moves >> first) & 1))
    moves &= ~(G_GUINT64_CONSTANT (1) << first);
  else
    first = NO_CARD;

  for (gint i = first == NO_CARD ? 0 : -1; moves || i < 0; i++)
    {
      guint card = i < 0 ? first : lowest (moves);
      guint64 bit = G_GUINT64_CONSTANT (1) << card;
      Trick next = *t;
      gint value;

      if (i >= 0)
        moves &= moves - 1;
      trick_play (self, &next, seat, card);
      self->hands[seat] &= ~bit;
      if (next.n < n)
        value = paranoid_node (self, &next, alpha, beta, NULL);
      else
        {
          Trick fresh = { 0 };
          guint winner = next.win_seat;

          fresh.to_act = (guint8) winner;
          self->remaining &= ~next.cards;
          self->tricks_done++;
          self->tricks[winner]++;
          self->hearts[winner] += next.hearts;
          value = paranoid_node (self, &fresh, alpha, beta, NULL);
          self->hearts[winner] -= next.hearts;
          self->tricks[winner]--;
          self->tricks_done--;
          self->remaining |= next.cards;
        }
      self->hands[seat] |= bit;

      if (maximise ? value > best_value : value < best_value)
        {
          best_value = value;
          best = (guint8) card;
        }
      if (maximise)
        alpha = MAX (alpha, best_value);
      else
        beta = MIN (beta, best_value);
      if (alpha >= beta)
        break;
    }

  if (entry)
    {
      gboolean same = entry->gen == self->gen && memcmp (entry->key, key, sizeof key) == 0;
      gint lower = same ? entry->values[0] : -PARANOID_INF;
      gint upper = same ? entry->values[1] : PARANOID_INF;

      if (best_value <= alpha0)
        upper = best_value;
      else if (best_value >= beta0)
        lower = best_value;
      else
        lower = upper = best_value;
      memcpy (entry->key, key, sizeof key);
      entry->gen = self->gen;
      entry->best = best;
      entry->values[0] = (gint16) lower;
      entry->values[1] = (gint16) upper;
    }
  if (best_out)
    *best_out = best;
  return best_value;
}

/* The paranoid reduction of the normal game for @seat: the value he can make sure of
 * (his cents, or minus his hearts in the simple form) if the other players all play
 * against him, all cards open, over @max_tricks tricks as in bk_herzla_solver_normal().
 * @best gets a card for the seat to act. Measured against max^n in docs/ai.md. */
gint
bk_herzla_solver_paranoid (BkHerzlaSolver     *self,
                           const BkHerzlaHand *state,
                           gint                stock,
                           guint               max_tricks,
                           guint               seat,
                           BkCard             *best)
{
  Trick t;
  guint8 card = NO_CARD;
  gint value;

  g_return_val_if_fail (self != NULL && state != NULL, 0);
  g_return_val_if_fail (seat < state->rules.n_players && is_normal_in_play (state), 0);

  prepare_normal (self, state, stock, max_tricks);
  self->me = seat;
  t = load (self, state);
  value = paranoid_node (self, &t, -PARANOID_INF, PARANOID_INF, &card);
  if (best)
    *best = card == NO_CARD ? BK_CARD_NONE : card_of[card];
  return value;
}
