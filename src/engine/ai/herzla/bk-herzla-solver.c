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
 * The searches are in bk-herzla-solver-contract.c and bk-herzla-solver-normal.c, the
 * paranoid one, for the bench's comparison, in bk-herzla-solver-paranoid.c; they share the
 * solver's fields and the hot helpers (static inline) in bk-herzla-solver-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <string.h>

#include "bk-herzla-solver-private.h"


/* H1.2: the natural order from the lowest up, as ranks of the notation. */
static const BkRank rank_of_natural[SUIT_BITS] = {
  BK_RANK_SECHS, BK_RANK_SIEBEN, BK_RANK_ACHT, BK_RANK_NEUN, BK_RANK_ZEHN,
  BK_RANK_UNTER, BK_RANK_OBER, BK_RANK_KOENIG, BK_RANK_SAU,
};

static guint8 internal_of[BK_N_CARDS];
BkCard bk_herzla_card_of[BK_N_SUITS * SUIT_BITS];

static gpointer
build_tables (gpointer data)
{
  for (guint s = 0; s < BK_N_SUITS; s++)
    for (guint i = 0; i < SUIT_BITS; i++)
      {
        BkCard card = BK_CARD (s, rank_of_natural[i]);

        internal_of[card] = (guint8) (s * SUIT_BITS + i);
        bk_herzla_card_of[s * SUIT_BITS + i] = card;
      }
  return NULL;
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

/* Takes the position of @state into the solver; returns the trick in progress. */
Trick
bk_herzla_solver_load (BkHerzlaSolver     *self,
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
