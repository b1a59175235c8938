/* bk-herzla-solver-contract.c: the contract search of the Herzla solver (H4.3, H4.4): a
 * yes-or-no search, the declarer against the three defenders together, that ends a line
 * at the first trick that breaks the contract; see bk-herzla-solver.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <string.h>

#include "bk-herzla-solver-private.h"

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
  t = bk_herzla_solver_load (self, state);
  value = contract_node (self, &t, &card);
  if (best)
    *best = card == NO_CARD ? BK_CARD_NONE : bk_herzla_card_of[card];
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
          Trick t = bk_herzla_solver_load (self, &next);

          made = contract_node (self, &t, NULL);
        }
      if (made == (seat == state->declarer))
        good |= BK_HAND_BIT (bk_hand_first (rest));
    }
  return good ? good : legal;
}
