/* bk-herzla-solver-private.h: the fields of BkHerzlaSolver and the helpers its searches
 * share (bk-herzla-solver{,-contract,-normal,-paranoid}.c), for nobody else. Its helpers
 * are static, inline or not as they were in one file, so that each search compiles them as
 * before (those not inline are marked unused: not every search calls each).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include "bk-herzla-solver.h"

G_BEGIN_DECLS

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

/* The card of each internal number (bk-herzla-solver.c fills it once). */
extern BkCard bk_herzla_card_of[BK_N_SUITS * SUIT_BITS];

Trick bk_herzla_solver_load            (BkHerzlaSolver     *self,
                                        const BkHerzlaHand *state);
void  bk_herzla_solver_prepare_normal  (BkHerzlaSolver     *self,
                                        const BkHerzlaHand *state,
                                        gint                stock,
                                        guint               max_tricks);

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

/* A new search: the tables' old entries no longer count. */
static G_GNUC_UNUSED void
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
 * out, and who holds each of them from the lowest up. Not inlined, as it was not when
 * both searches called it from one file (inlined, the compiler no longer sees that the
 * contract search always makes the key it stores). */
static G_GNUC_UNUSED G_GNUC_NO_INLINE void
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
static G_GNUC_UNUSED void
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

/* A Beddl or Mord in play. */
static G_GNUC_UNUSED gboolean
is_contract_in_play (const BkHerzlaHand *state)
{
  return state->step == BK_HERZLA_STEP_PLAY &&
         (state->contract == BK_CONTRACT_BEDDL || state->contract == BK_CONTRACT_MORD) &&
         state->declarer < state->rules.n_players;
}

/* A normal game (or the simple form) in play. */
static G_GNUC_UNUSED gboolean
is_normal_in_play (const BkHerzlaHand *state)
{
  return state->step == BK_HERZLA_STEP_PLAY && state->contract == BK_CONTRACT_NORMAL;
}

/* What the tally is worth to each seat: its cents (H5, with @stock before the hand), or
 * minus its hearts in the simple form (H6.2). A hand not yet over is valued as if the
 * tricks left did not exist. */
static G_GNUC_UNUSED void
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

/* Who took every trick so far (H4.5), SOLE_NONE if nobody or nothing was played. */
static G_GNUC_UNUSED guint
sole_taker (BkHerzlaSolver *self)
{
  for (guint s = 0; s < self->n_players; s++)
    if (self->tricks_done > 0 && self->tricks[s] == self->tricks_done)
      return s;
  return SOLE_NONE;
}

static G_GNUC_UNUSED void
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

G_END_DECLS
