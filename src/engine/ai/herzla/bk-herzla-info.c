/* bk-herzla-info.c: what one seat of a Herzla hand knows, and its worlds; see
 * bk-herzla-info.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <string.h>

#include "bk-herzla-info.h"

/* Slots of a world: the other seats by number, then the cards aside. */
#define ASIDE_SLOT BK_MAX_SEATS
#define N_SLOTS (BK_MAX_SEATS + 1)
#define ENUMERATE_NODES 200000

static BkHand
suit_cards (guint suit)
{
  BkHand cards = 0;

  for (guint r = 0; r < BK_N_RANKS; r++)
    cards |= BK_HAND_BIT (BK_CARD (suit, r));
  return cards;
}

/* H1.2: the natural order, 0 for the Sechs up to 8 for the Sau. */
guint
bk_herzla_natural (BkCard card)
{
  static const guint8 strength[BK_N_RANKS] = { 8, 4, 7, 6, 5, 3, 2, 1, 0 };

  return strength[bk_card_rank (card)];
}

/* Everything @seat may know: its own cards and the public record (H3 bids, H4 cards). The
 * others' cards are read only to count them, which everybody sees at the table. */
void
bk_herzla_info_init (BkHerzlaInfo       *info,
                     const BkHerzlaHand *state,
                     guint               seat)
{
  guint n = state->rules.n_players, in_trick = 0, leader = 0, tricks_done = 0;
  BkSuit led = BK_SUIT_EICHEL;
  BkHand deck = bk_herzla_deck (state->rules.variant);

  memset (info, 0, sizeof *info);
  memcpy (&info->public_hand, state, sizeof *state);
  info->seat = (guint8) seat;
  info->n_players = (guint8) n;
  info->n_aside = (guint8) bk_herzla_n_aside (state->rules.variant, n);
  info->own = state->hands[seat];
  memset (info->bid, BK_HERZLA_NO_BID, sizeof info->bid);

  for (guint s = 0; s < BK_MAX_SEATS; s++)
    if (s != seat)
      {
        info->public_hand.hands[s] = 0;
        info->public_hand.dealt[s] = 0;
      }
  info->public_hand.aside = 0;

  for (guint i = 0; i < state->n_history; i++)
    {
      const BkAction *action = &state->history[i];
      BkCard card = action->arg;

      if (action->type == BK_ACTION_BID)
        {
          info->bid[action->seat] = action->arg;
          continue;
        }
      info->played |= BK_HAND_BIT (card);
      info->played_by[action->seat] |= BK_HAND_BIT (card);
      if (in_trick == 0)
        {
          led = bk_card_suit (card);
          leader = action->seat;
          /* H4.2: a heart led while the lead is closed means nothing but hearts. */
          if (led == BK_SUIT_HERZ &&
              bk_herzla_heart_lead_closed (state->rules.heart_lead,
                                           (BkContract) state->contract, tricks_done))
            info->voids[leader] |= (guint8) (0xf & ~(1u << BK_SUIT_HERZ));
        }
      else if (bk_card_suit (card) != led)
        info->voids[action->seat] |= (guint8) (1u << led);
      if (++in_trick == n)
        {
          in_trick = 0;
          tricks_done++;
        }
    }

  for (guint s = 0; s < n; s++)
    info->n_held[s] = (guint8) (state->tricks_in_hand - bk_hand_count (info->played_by[s]));
  info->unseen = deck & ~info->played & ~info->own;
}

gboolean
bk_herzla_info_equal (const BkHerzlaInfo *a,
                      const BkHerzlaInfo *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

static gboolean
allowed (const BkHerzlaInfo *info,
         BkCard              card,
         guint               slot)
{
  return slot == ASIDE_SLOT || !(info->voids[slot] & (1u << bk_card_suit (card)));
}

static void
capacities (const BkHerzlaInfo *info,
            guint               cap[N_SLOTS])
{
  memset (cap, 0, sizeof (guint) * N_SLOTS);
  for (guint s = 0; s < info->n_players; s++)
    if (s != info->seat)
      cap[s] = info->n_held[s];
  cap[ASIDE_SLOT] = info->n_aside;
}

/* TRUE if @world deals exactly the unseen cards and respects every void shown. */
gboolean
bk_herzla_info_consistent (const BkHerzlaInfo  *info,
                           const BkHerzlaWorld *world)
{
  BkHand all = world->aside;

  if (bk_hand_count (world->aside) != info->n_aside)
    return FALSE;
  for (guint s = 0; s < info->n_players; s++)
    {
      if (s == info->seat)
        continue;
      if (bk_hand_count (world->hands[s]) != info->n_held[s] || (all & world->hands[s]))
        return FALSE;
      for (guint suit = 0; suit < BK_N_SUITS; suit++)
        if ((info->voids[s] & (1u << suit)) && (world->hands[s] & suit_cards (suit)))
          return FALSE;
      all |= world->hands[s];
    }
  return all == info->unseen;
}

/* The full hand of @world as the seat of @info imagines it. */
void
bk_herzla_info_make_hand (const BkHerzlaInfo  *info,
                          const BkHerzlaWorld *world,
                          BkHerzlaHand        *state)
{
  memcpy (state, &info->public_hand, sizeof *state);
  for (guint s = 0; s < info->n_players; s++)
    if (s != info->seat)
      {
        state->hands[s] = world->hands[s];
        state->dealt[s] = world->hands[s] | info->played_by[s];
      }
  state->aside = world->aside;
}

/* Draws one world. Uniform over the consistent worlds when a shuffle of the unseen cards
 * fits the voids within 64 tries; otherwise the most constrained cards are placed first,
 * each in a slot it may go to with a chance by the room left (close to uniform). FALSE
 * if no consistent world was found. */
gboolean
bk_herzla_info_sample (const BkHerzlaInfo *info,
                       BkRng              *rng,
                       BkHerzlaWorld      *world)
{
  guint8 cards[BK_N_CARDS];
  guint n_cards = 0, cap[N_SLOTS];

  for (BkHand rest = info->unseen; rest; rest &= rest - 1)
    cards[n_cards++] = bk_hand_first (rest);

  for (guint attempt = 0; attempt < 64; attempt++)
    {
      guint i = 0;
      gboolean ok = TRUE;

      memset (world, 0, sizeof *world);
      capacities (info, cap);
      bk_rng_shuffle (rng, cards, n_cards);
      for (guint slot = 0; slot < N_SLOTS && ok; slot++)
        for (guint k = 0; k < cap[slot] && ok; k++, i++)
          {
            if (!allowed (info, cards[i], slot))
              ok = FALSE;
            else if (slot == ASIDE_SLOT)
              world->aside |= BK_HAND_BIT (cards[i]);
            else
              world->hands[slot] |= BK_HAND_BIT (cards[i]);
          }
      if (ok)
        return TRUE;
    }

  for (guint attempt = 0; attempt < 200; attempt++)
    {
      guint order[BK_N_CARDS], n_allowed[BK_N_CARDS];
      gboolean ok = TRUE;

      memset (world, 0, sizeof *world);
      capacities (info, cap);
      bk_rng_shuffle (rng, cards, n_cards);
      for (guint i = 0; i < n_cards; i++)
        {
          order[i] = i;
          n_allowed[i] = 0;
          for (guint slot = 0; slot < N_SLOTS; slot++)
            n_allowed[i] += cap[slot] > 0 && allowed (info, cards[i], slot);
        }
      /* Insertion sort: fewest slots first. */
      for (guint i = 1; i < n_cards; i++)
        for (guint j = i; j > 0 && n_allowed[order[j]] < n_allowed[order[j - 1]]; j--)
          {
            guint t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
          }
      for (guint i = 0; i < n_cards && ok; i++)
        {
          BkCard card = cards[order[i]];
          guint room = 0, pick;

          for (guint slot = 0; slot < N_SLOTS; slot++)
            if (allowed (info, card, slot))
              room += cap[slot];
          if (room == 0)
            {
              ok = FALSE;
              break;
            }
          pick = bk_rng_below (rng, room);
          for (guint slot = 0; slot < N_SLOTS; slot++)
            {
              if (!allowed (info, card, slot))
                continue;
              if (pick < cap[slot])
                {
                  cap[slot]--;
                  if (slot == ASIDE_SLOT)
                    world->aside |= BK_HAND_BIT (card);
                  else
                    world->hands[slot] |= BK_HAND_BIT (card);
                  break;
                }
              pick -= cap[slot];
            }
        }
      if (ok)
        return TRUE;
    }
  return FALSE;
}

typedef struct {
  const BkHerzlaInfo *info;
  guint8              cards[BK_N_CARDS];
  guint               n_cards;
  guint               cap[N_SLOTS];
  BkHerzlaWorld       current;
  BkHerzlaWorld      *worlds;
  guint               limit;
  guint               found;
  guint               nodes;
} Enumeration;

static gboolean
enumerate (Enumeration *e,
           guint        i)
{
  if (++e->nodes > ENUMERATE_NODES)
    return FALSE;
  if (i == e->n_cards)
    {
      if (e->found == e->limit)
        return FALSE;
      e->worlds[e->found++] = e->current;
      return TRUE;
    }
  for (guint slot = 0; slot < N_SLOTS; slot++)
    {
      BkHand bit = BK_HAND_BIT (e->cards[i]);
      BkHand *target;

      if (e->cap[slot] == 0 || !allowed (e->info, e->cards[i], slot))
        continue;
      target = slot == ASIDE_SLOT ? &e->current.aside : &e->current.hands[slot];
      e->cap[slot]--;
      *target |= bit;
      if (!enumerate (e, i + 1))
        return FALSE;
      *target &= ~bit;
      e->cap[slot]++;
    }
  return TRUE;
}

/* Every consistent world into @worlds (room for @limit), in a fixed order; returns how
 * many, or G_MAXUINT when there are more than @limit (or too many to tell cheaply). */
guint
bk_herzla_info_enumerate (const BkHerzlaInfo *info,
                          guint               limit,
                          BkHerzlaWorld      *worlds)
{
  g_autofree Enumeration *e = g_new0 (Enumeration, 1);

  e->info = info;
  e->worlds = worlds;
  e->limit = limit;
  for (BkHand rest = info->unseen; rest; rest &= rest - 1)
    e->cards[e->n_cards++] = bk_hand_first (rest);
  capacities (info, e->cap);
  if (!enumerate (e, 0))
    return G_MAXUINT;
  return e->found;
}

/* The lowest natural strength of @variant's pack: the Sieben, or the Sechs (H6.1). */
static guint
lowest_natural (BkHerzlaVariant variant)
{
  return variant == BK_HERZLA_EINFACH ? 0 : 1;
}

/* H4.3: how many cards of @hand are exposed in a Beddl: its j-th lowest card of a suit
 * (from 0) has more than j cards of the pack under it, so that the defenders may be able
 * to stay under it on the j-th round. 0: every card can always duck. */
guint
bk_herzla_beddl_danger (BkHand          hand,
                        BkHerzlaVariant variant)
{
  guint danger = 0, low = lowest_natural (variant);

  for (guint suit = 0; suit < BK_N_SUITS; suit++)
    {
      guint j = 0;

      for (guint strength = low; strength <= 8; strength++)
        for (BkHand rest = hand & suit_cards (suit); rest; rest &= rest - 1)
          if (bk_herzla_natural (bk_hand_first (rest)) == strength)
            {
              if (strength - low > 2 * j)
                danger++;
              j++;
            }
    }
  return danger;
}

/* H4.4: how many cards of @hand can lose a trick in a Mord: a card with a card of its
 * suit above it that the hand does not hold, plus two for each void suit unless the hand
 * leads the first trick (a defender leads that suit). 0: a sure Mord. */
guint
bk_herzla_mord_danger (BkHand          hand,
                       BkHerzlaVariant variant,
                       gboolean        leads)
{
  guint danger = 0, low = lowest_natural (variant);

  for (guint suit = 0; suit < BK_N_SUITS; suit++)
    {
      BkHand cards = hand & suit_cards (suit);
      guint j = 0;

      if (cards == 0 && !leads)
        danger += 2;
      for (guint strength = 9; strength-- > low;)
        for (BkHand rest = cards; rest; rest &= rest - 1)
          if (bk_herzla_natural (bk_hand_first (rest)) == strength)
            {
              if (8 - strength > j)
                danger++;
              j++;
            }
    }
  return danger;
}

/* A model of how often a player with @dealt bids @bid (H3), by the danger of his hand:
 * the evidence a bid or a pass gives about his cards. */
double
bk_herzla_bid_likelihood (BkHand          dealt,
                          BkHerzlaVariant variant,
                          gboolean        vorhand,
                          guint           bid)
{
  static const double beddl[] = { 0.9, 0.35, 0.08 };
  static const double mord[] = { 0.9, 0.2 };
  guint b = bk_herzla_beddl_danger (dealt, variant);
  guint m = bk_herzla_mord_danger (dealt, variant, vorhand);
  double p_beddl = b < G_N_ELEMENTS (beddl) ? beddl[b] : 0.01;
  double p_mord = m < G_N_ELEMENTS (mord) ? mord[m] : 0.005;

  if (bid == BK_CONTRACT_BEDDL)
    return p_beddl;
  if (bid == BK_CONTRACT_MORD)
    return p_mord;
  return MAX (0.02, 1.0 - p_beddl - p_mord);
}

/* How well @world explains the others' bids and passes (H3). */
double
bk_herzla_info_weight (const BkHerzlaInfo  *info,
                       const BkHerzlaWorld *world)
{
  const BkHerzlaHand *state = &info->public_hand;
  double weight = 1.0;

  if (state->rules.variant != BK_HERZLA_VIER)
    return 1.0;
  for (guint s = 0; s < info->n_players; s++)
    if (s != info->seat && info->bid[s] != BK_HERZLA_NO_BID)
      weight *= bk_herzla_bid_likelihood (world->hands[s] | info->played_by[s],
                                          state->rules.variant,
                                          s == bk_herzla_hand_vorhand (state), info->bid[s]);
  return weight;
}
