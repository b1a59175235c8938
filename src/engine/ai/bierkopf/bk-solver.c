/* bk-solver.c: alpha-beta over a compact card numbering (spec B4, B5.1).
 *
 * Cards of the deck are renumbered so that each group (the three plain suits, then the
 * trumps) is a run of bits from low to high power, trumps on top: "beats" is then a
 * comparison, a hand a 32-bit mask. The search keeps a transposition table at trick
 * boundaries (the future only depends on the cards left and the leader), orders moves,
 * plays one card of each run of adjacent equal-valued cards in one hand, and searches the
 * last two tricks in place. Exact values come from principal variation search, yes-or-no
 * questions ("do SN reach 61?") from one null-window search.
 *
 * Above 1,000 lines on purpose: the search is one piece, its hot helpers static inline
 * functions on the solver's fields that the compiler inlines only within one file (the
 * bench's nodes per second depend on it). The check of a position to solve is apart
 * (bk-position.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <string.h>

#include "bk-solver.h"

#define MAX_CARDS 24
#define TT_BITS 14
#define TT_SIZE (1u << TT_BITS)
#define NO_CARD 0xff
#define INFINITE 1000

typedef struct {
  guint64 key;
  guint32 gen;
  guint8  lower;
  guint8  upper;
  guint8  best;
} TtEntry;

/* The trick in progress, a value each level of the search makes for the next. */
typedef struct {
  guint32 cards;        /* the cards on the table */
  guint8  n;
  guint8  leader;
  guint8  to_act;
  guint8  win_card;
  guint8  win_seat;
  guint8  led_group;
  guint8  points;
} Trick;

struct _BkSolver
{
  BkRules            rules;
  const BkGameRules *game;
  guint              n_cards;
  BkCard             card_of[MAX_CARDS];
  guint8             index_of[BK_N_CARDS];
  guint8             points[MAX_CARDS];
  guint8             group[MAX_CARDS];
  guint32            group_mask[BK_N_GROUPS];
  guint32            trump_mask;
  guint32            run_mask[2];  /* the Ober and the Unter runs: equal points, adjacent */

  TtEntry           *tt;
  guint32            gen;
  BkSolveGoal        goal;
  guint64            nodes;

  /* The position searched; the trick in progress goes down the recursion. */
  guint32            hands[BK_N_SEATS];
  guint32            remaining;
  guint              n_remaining;
  guint              remaining_points;
};

BkSolver *
bk_solver_new (const BkRules *rules)
{
  BkSolver *self;
  const BkGameRules *game;
  BkCard by_group[BK_N_GROUPS][BK_N_CARDS];
  guint n_by_group[BK_N_GROUPS] = { 0 };
  static const guint group_order[] = {
    BK_SUIT_EICHEL, BK_SUIT_GRAS, BK_SUIT_SCHELLEN, BK_SUIT_HERZ, BK_GROUP_TRUMP,
  };
  BkHand deck;

  g_return_val_if_fail (rules != NULL && rules->game == BK_GAME_BIERKOPF, NULL);

  game = bk_game_rules_get (rules->game);
  self = g_new0 (BkSolver, 1);
  self->rules = *rules;
  self->game = game;
  self->tt = g_new0 (TtEntry, TT_SIZE);
  memset (self->index_of, NO_CARD, sizeof self->index_of);

  /* Each group's cards from low to high power. */
  deck = game->deck (rules);
  for (BkHand rest = deck; rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);
      guint g = game->group[card];
      guint i = n_by_group[g]++;

      while (i > 0 && game->power[by_group[g][i - 1]] > game->power[card])
        {
          by_group[g][i] = by_group[g][i - 1];
          i--;
        }
      by_group[g][i] = card;
    }

  for (guint k = 0; k < G_N_ELEMENTS (group_order); k++)
    {
      guint g = group_order[k];

      for (guint i = 0; i < n_by_group[g]; i++)
        {
          guint index = self->n_cards++;
          BkCard card = by_group[g][i];

          g_assert (index < MAX_CARDS);
          self->card_of[index] = card;
          self->index_of[card] = (guint8) index;
          self->points[index] = game->points[card];
          self->group[index] = (guint8) g;
          self->group_mask[g] |= 1u << index;
        }
    }
  self->trump_mask = self->group_mask[BK_GROUP_TRUMP];
  for (guint s = 0; s < BK_N_SUITS; s++)
    {
      self->run_mask[0] |= 1u << self->index_of[BK_CARD (s, BK_RANK_OBER)];
      self->run_mask[1] |= 1u << self->index_of[BK_CARD (s, BK_RANK_UNTER)];
    }
  return self;
}

void
bk_solver_free (BkSolver *self)
{
  if (self == NULL)
    return;
  g_free (self->tt);
  g_free (self);
}

const BkRules *
bk_solver_get_rules (BkSolver *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->rules;
}

guint64
bk_solver_get_nodes (BkSolver *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->nodes;
}

static guint32
compact (BkSolver *self,
         BkHand    hand)
{
  guint32 mask = 0;

  for (; hand; hand &= hand - 1)
    mask |= 1u << self->index_of[bk_hand_first (hand)];
  return mask;
}

static inline gboolean
beats (BkSolver *self,
       guint     card,
       guint     best)
{
  return card > best && (self->group[card] == self->group[best] ||
                         self->group[card] == BK_GROUP_TRUMP);
}

/* spec B4.2, B4.3 on compact masks. */
static inline guint32
legal_moves (BkSolver    *self,
             const Trick *t,
             guint32      hand)
{
  guint32 follow, trumps, beating;

  if (t->n == 0)
    return hand;
  follow = hand & self->group_mask[t->led_group];
  if (follow)
    return follow;
  trumps = hand & self->trump_mask;
  if (trumps == 0)
    return hand;
  switch (self->rules.bierkopf.void_rule)
    {
    case BK_VOID_TRUMPFZWANG:
      return trumps;
    case BK_VOID_UEBERSTECHEN:
      /* Trumps lie above every plain card, so "above the winner" is "beats it". */
      beating = trumps & ~((2u << t->win_card) - 1);
      return beating ? beating : trumps;
    case BK_VOID_FREI:
    default:
      return hand;
    }
}

/* Loads a position into the solver and @t; FALSE if it holds a card the deck does not. */
static gboolean
load (BkSolver      *self,
      const BkHand   hands[BK_N_SEATS],
      const BkTrick *trick,
      Trick         *t)
{
  BkHand deck = self->game->deck (&self->rules);

  self->remaining = 0;
  self->n_remaining = 0;
  self->remaining_points = 0;
  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      if (hands[s] & ~deck)
        return FALSE;
      self->hands[s] = compact (self, hands[s]);
      self->remaining |= self->hands[s];
    }
  for (guint32 rest = self->remaining; rest; rest &= rest - 1)
    {
      self->remaining_points += self->points[__builtin_ctz (rest)];
      self->n_remaining++;
    }

  *t = (Trick) { 0 };
  t->leader = trick->leader & 3;
  t->to_act = t->leader;
  for (guint i = 0; i < trick->n; i++)
    {
      guint card;

      if (!bk_hand_has (deck, trick->cards[i]))
        return FALSE;
      card = self->index_of[trick->cards[i]];
      if (i == 0)
        {
          t->led_group = self->group[card];
          t->win_card = (guint8) card;
          t->win_seat = t->leader;
        }
      else if (beats (self, card, t->win_card))
        {
          t->win_card = (guint8) card;
          t->win_seat = (guint8) ((t->leader + i) & 3);
        }
      t->points += self->points[card];
      t->cards |= 1u << card;
      t->n++;
      t->to_act = (guint8) ((t->leader + t->n) & 3);
    }
  return TRUE;
}

/* Cards that are their own move: of a run of adjacent cards (nothing left in between in
 * any hand or on the table) of one group, equal points and one hand, only the highest. */
static inline guint32
reduce (BkSolver    *self,
        const Trick *t,
        guint32      moves,
        guint32      hand)
{
  guint32 live = self->remaining | t->cards;
  guint32 kept = moves;

  for (guint32 rest = moves; rest; rest &= rest - 1)
    {
      guint card = __builtin_ctz (rest);
      guint32 above = live & self->group_mask[self->group[card]] & ~((2u << card) - 1);

      if (above)
        {
          guint next = __builtin_ctz (above);

          if (((hand >> next) & 1) && self->points[next] == self->points[card])
            kept &= ~(1u << card);
        }
    }
  return kept;
}

/* Cheap move ordering: the order a sensible player would try first. Higher first. */
static inline int
order_key (BkSolver    *self,
           const Trick *t,
           guint        card,
           guint        seat)
{
  int points = self->points[card];

  if (t->n == 0)
    {
      /* Lead the top card of a group (a sure trick) first, else something cheap. */
      guint32 above = self->remaining & self->group_mask[self->group[card]] &
                      ~((2u << card) - 1);
      if (above == 0)
        return 200 + points + (self->group[card] == BK_GROUP_TRUMP ? 20 : 0);
      return 100 - points - (int) card;
    }
  if ((t->win_seat & 1) == (seat & 1))
    {
      /* Partner wins so far: give points, without taking over with a trump. */
      return 100 + points - (beats (self, card, t->win_card) ? 30 : 0);
    }
  if (beats (self, card, t->win_card))
    {
      /* Last to play wins for sure: take with the most points; else the cheapest winner. */
      if (t->n == 3)
        return 200 + points;
      return 200 - (int) card;
    }
  return 100 - points;
}

/* Every hand holds its last card: play the trick out. */
static int
last_trick (BkSolver *self,
            guint     leader)
{
  guint win_card = __builtin_ctz (self->hands[leader]);
  guint win_seat = leader;

  self->nodes++;
  for (guint k = 1; k < BK_N_SEATS; k++)
    {
      guint seat = (leader + k) & 3;
      guint card = __builtin_ctz (self->hands[seat]);

      if (beats (self, card, win_card))
        {
          win_card = card;
          win_seat = seat;
        }
    }
  if ((win_seat & 1) != BK_TEAM_SN)
    return 0;
  return self->goal == BK_SOLVE_TRICKS ? 1 : (int) self->remaining_points;
}

/* The last trick once the fourth card of the one before is down: every hand's other card,
 * led by that trick's winner. */
static inline int
final_trick (BkSolver *self,
             guint32   rest[BK_N_SEATS],
             guint     leader)
{
  guint win_card = __builtin_ctz (rest[leader]);
  guint win_seat = leader;

  for (guint k = 1; k < BK_N_SEATS; k++)
    {
      guint seat = (leader + k) & 3;
      guint card = __builtin_ctz (rest[seat]);

      if (beats (self, card, win_card))
        {
          win_card = card;
          win_seat = seat;
        }
    }
  return (win_seat & 1) == BK_TEAM_SN;
}

/* A value found at a level of two_tricks(): TRUE when it closes the window. */
static inline gboolean
settle (gboolean  maximise,
        int       value,
        int      *best,
        int      *alpha,
        int      *beta)
{
  if (maximise ? value > *best : value < *best)
    *best = value;
  if (maximise)
    *alpha = MAX (*alpha, *best);
  else
    *beta = MIN (*beta, *best);
  return *alpha >= *beta;
}

/* Two cards in every hand: the last two tricks searched in place, with no table and no
 * recursion (half the nodes of a whole search lie here). Fail-soft like search(). */
static int
two_tricks (BkSolver *self,
            guint     leader,
            int       alpha,
            int       beta)
{
  guint seat[BK_N_SEATS];
  guint32 hand[BK_N_SEATS], rest[BK_N_SEATS];
  gboolean tricks = self->goal == BK_SOLVE_TRICKS;
  int total = tricks ? 2 : (int) self->remaining_points;
  /* Seats 0 and 2 of the trick maximise if SN leads, seats 1 and 3 minimise. */
  gboolean max0 = (leader & 1) == BK_TEAM_SN;
  int best0 = max0 ? -INFINITE : INFINITE;

  self->nodes++;
  for (guint k = 0; k < BK_N_SEATS; k++)
    {
      seat[k] = (leader + k) & 3;
      hand[k] = self->hands[seat[k]];
    }

  for (guint32 r0 = hand[0]; r0; r0 &= r0 - 1)
    {
      guint a = __builtin_ctz (r0);
      Trick t = { .n = 1, .led_group = self->group[a], .win_card = (guint8) a };
      int alpha1 = alpha, beta1 = beta, best1 = max0 ? INFINITE : -INFINITE;

      rest[seat[0]] = hand[0] & ~(1u << a);
      for (guint32 r1 = legal_moves (self, &t, hand[1]); r1; r1 &= r1 - 1)
        {
          guint b = __builtin_ctz (r1);
          guint w1 = beats (self, b, a) ? b : a;
          int alpha2 = alpha1, beta2 = beta1, best2 = max0 ? -INFINITE : INFINITE;

          rest[seat[1]] = hand[1] & ~(1u << b);
          t.win_card = (guint8) w1;
          for (guint32 r2 = legal_moves (self, &t, hand[2]); r2; r2 &= r2 - 1)
            {
              guint c = __builtin_ctz (r2);
              guint w2 = beats (self, c, w1) ? c : w1;
              int alpha3 = alpha2, beta3 = beta2, best3 = max0 ? INFINITE : -INFINITE;
              int cards_points;

              rest[seat[2]] = hand[2] & ~(1u << c);
              t.win_card = (guint8) w2;
              cards_points = self->points[a] + self->points[b] + self->points[c];
              for (guint32 r3 = legal_moves (self, &t, hand[3]); r3; r3 &= r3 - 1)
                {
                  guint d = __builtin_ctz (r3);
                  guint w = beats (self, d, w2) ? d : w2;
                  guint winner = w == a ? seat[0] : w == b ? seat[1] : w == c ? seat[2] : seat[3];
                  int first = tricks ? 1 : cards_points + self->points[d];
                  int value;

                  rest[seat[3]] = hand[3] & ~(1u << d);
                  value = ((winner & 1) == BK_TEAM_SN ? first : 0) +
                          (final_trick (self, rest, winner) ? total - first : 0);
                  if (settle (!max0, value, &best3, &alpha3, &beta3))
                    break;
                }
              if (settle (max0, best3, &best2, &alpha2, &beta2))
                break;
            }
          if (settle (!max0, best2, &best1, &alpha1, &beta1))
            break;
        }
      if (settle (max0, best1, &best0, &alpha, &beta))
        break;
    }
  return best0;
}

static inline guint
tt_index (guint64 key)
{
  return (guint) ((key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> (64 - TT_BITS));
}

/* The key of a trick boundary. Which Obers (or Unters) are left does not matter, only
 * who holds the ones left in their order: so they are packed to the top of their run,
 * with the holders written beside, and transposed positions share one entry. */
static inline guint64
tt_key (BkSolver *self,
        guint     leader)
{
  guint64 key = self->remaining & ~(self->run_mask[0] | self->run_mask[1]);
  guint shift = MAX_CARDS;

  for (guint r = 0; r < 2; r++)
    {
      guint32 run = self->remaining & self->run_mask[r];
      guint32 packed = 0, top = self->run_mask[r];
      guint64 owners = 0;

      for (; run; run &= run - 1)
        {
          guint card = __builtin_ctz (run);
          guint owner = ((self->hands[1] >> card) & 1) | (((self->hands[2] >> card) & 1) * 2) |
                        (((self->hands[3] >> card) & 1) * 3);

          owners = owners << 2 | owner;
          packed |= 1u << (31 - __builtin_clz (top));
          top &= ~packed;
        }
      key |= packed | owners << shift;
      shift += 8;
    }
  return key | (guint64) leader << shift | (guint64) self->goal << (shift + 2);
}

/* Plays @card for the seat to act in @t, writing the trick after it to @next field by
 * field (a wide copy of freshly written bytes would stall the store buffer). Returns what
 * the SN team scores if the trick ends. */
static inline int
play (BkSolver    *self,
      const Trick *t,
      Trick       *next,
      guint        card)
{
  guint seat = t->to_act;
  guint32 bit = 1u << card;
  guint points = t->points + self->points[card];
  guint win_card = t->win_card, win_seat = t->win_seat;

  self->hands[seat] ^= bit;
  self->remaining ^= bit;
  self->n_remaining--;
  self->remaining_points -= self->points[card];

  if (t->n == 0)
    {
      next->led_group = self->group[card];
      win_card = card;
      win_seat = seat;
    }
  else
    {
      next->led_group = t->led_group;
      if (beats (self, card, win_card))
        {
          win_card = card;
          win_seat = seat;
        }
    }

  if (t->n == BK_N_SEATS - 1)
    {
      next->leader = next->to_act = (guint8) win_seat;
      next->n = 0;
      next->cards = 0;
      next->points = 0;
      next->win_card = 0;
      next->win_seat = 0;
      if ((win_seat & 1) != BK_TEAM_SN)
        return 0;
      return self->goal == BK_SOLVE_TRICKS ? 1 : (int) points;
    }
  next->leader = t->leader;
  next->to_act = (guint8) ((seat + 1) & 3);
  next->n = t->n + 1;
  next->cards = t->cards | bit;
  next->points = (guint8) points;
  next->win_card = (guint8) win_card;
  next->win_seat = (guint8) win_seat;
  return 0;
}

static inline void
unplay (BkSolver *self,
        guint     card,
        guint     seat)
{
  guint32 bit = 1u << card;

  self->hands[seat] ^= bit;
  self->remaining ^= bit;
  self->n_remaining++;
  self->remaining_points += self->points[card];
}

/* The most SN can still take from a trick boundary. */
static inline int
upper_bound (BkSolver *self)
{
  if (self->goal == BK_SOLVE_TRICKS)
    return (int) self->n_remaining / BK_N_SEATS;
  return (int) self->remaining_points;
}

/* @moves in the order to search them: the table's card first, then by order_key(). */
static inline guint
order_moves (BkSolver    *self,
             const Trick *t,
             guint32      moves,
             guint        tt_move,
             guint8      *order)
{
  int keys[12];
  guint n = 0;

  for (guint32 rest = moves; rest; rest &= rest - 1)
    {
      guint card = __builtin_ctz (rest);
      int k = card == tt_move ? 1000 : order_key (self, t, card, t->to_act);
      guint i = n++;

      while (i > 0 && keys[i - 1] < k)
        {
          keys[i] = keys[i - 1];
          order[i] = order[i - 1];
          i--;
        }
      keys[i] = k;
      order[i] = (guint8) card;
    }
  return n;
}

static int search (BkSolver *self, const Trick *t, int alpha, int beta);

/* What SN takes with @card played by the seat to act and best play after it. The first
 * card of a node is searched with the node's window; the others first with a null window
 * that only asks whether they are better, and again only if they are (principal variation
 * search: most are not, and a null window is searched fastest). */
static inline int
move_value (BkSolver    *self,
            const Trick *t,
            guint        card,
            gboolean     first,
            gboolean     maximise,
            int          alpha,
            int          beta)
{
  Trick next;
  int add = play (self, t, &next, card);
  int value;

  if (first || beta - alpha <= 1)
    value = add + search (self, &next, alpha - add, beta - add);
  else if (maximise)
    {
      value = add + search (self, &next, alpha - add, alpha + 1 - add);
      if (value > alpha && value < beta)
        value = add + search (self, &next, value - 1 - add, beta - add);
    }
  else
    {
      value = add + search (self, &next, beta - 1 - add, beta - add);
      if (value < beta && value > alpha)
        value = add + search (self, &next, alpha - add, value + 1 - add);
    }
  unplay (self, card, t->to_act);
  return value;
}

/* Fail-soft alpha-beta: what the SN team takes from here on (the trick on the table
 * included), SN maximising. */
static int
search (BkSolver    *self,
        const Trick *t,
        int          alpha,
        int          beta)
{
  guint seat = t->to_act;
  guint32 hand = self->hands[seat];
  guint32 moves;
  guint8 order[12];
  guint n;
  gboolean maximise = (seat & 1) == BK_TEAM_SN;
  TtEntry *entry = NULL;
  guint64 key = 0;
  guint8 tt_move = NO_CARD, best_move = NO_CARD;
  int best, window_alpha, window_beta;

  if (t->n == 0)
    {
      int top;

      if (self->n_remaining == BK_N_SEATS)
        return last_trick (self, seat);
      if (self->n_remaining == 2 * BK_N_SEATS)
        return two_tricks (self, seat, alpha, beta);
      if (self->n_remaining == 0)
        return 0;
      top = upper_bound (self);
      if (top <= alpha)
        return top;
      if (beta <= 0)
        return 0;
      key = tt_key (self, seat);
      entry = &self->tt[tt_index (key)];
      if (entry->gen == self->gen && entry->key == key)
        {
          if (entry->lower >= beta)
            return entry->lower;
          if (entry->upper <= alpha)
            return entry->upper;
          if (entry->lower == entry->upper)
            return entry->lower;
          alpha = MAX (alpha, entry->lower);
          beta = MIN (beta, entry->upper);
          tt_move = entry->best;
        }
      else
        {
          entry->gen = self->gen;
          entry->key = key;
          entry->lower = 0;
          entry->upper = (guint8) top;
          entry->best = NO_CARD;
        }
    }
  self->nodes++;

  moves = legal_moves (self, t, hand);
  if ((moves & (moves - 1)) == 0 && entry == NULL)
    {
      /* A forced card: nothing to order or remember. */
      guint card = __builtin_ctz (moves);
      Trick next;
      int add = play (self, t, &next, card);

      best = add + search (self, &next, alpha - add, beta - add);
      unplay (self, card, seat);
      return best;
    }
  /* Only the Ober and the Unter runs hold equal cards of one group. */
  if (((hand & self->run_mask[0]) & ((hand & self->run_mask[0]) - 1)) ||
      ((hand & self->run_mask[1]) & ((hand & self->run_mask[1]) - 1)))
    moves = reduce (self, t, moves, hand);
  n = order_moves (self, t, moves, tt_move, order);

  window_alpha = alpha;
  window_beta = beta;
  best = maximise ? -INFINITE : INFINITE;
  for (guint i = 0; i < n; i++)
    {
      guint card = order[i];
      int value = move_value (self, t, card, i == 0, maximise, alpha, beta);

      if (maximise)
        {
          if (value > best)
            {
              best = value;
              best_move = (guint8) card;
              if (best > alpha)
                alpha = best;
            }
        }
      else if (value < best)
        {
          best = value;
          best_move = (guint8) card;
          if (best < beta)
            beta = best;
        }
      if (alpha >= beta)
        break;
    }

  if (entry)
    {
      /* The subtree may have taken the slot: claim it again. */
      if (entry->gen != self->gen || entry->key != key)
        {
          entry->gen = self->gen;
          entry->key = key;
          entry->lower = 0;
          entry->upper = (guint8) upper_bound (self);
        }
      if (best <= window_alpha)
        entry->upper = (guint8) MIN (entry->upper, best);
      else if (best >= window_beta)
        entry->lower = (guint8) MAX (entry->lower, best);
      else
        entry->lower = entry->upper = (guint8) best;
      entry->best = best_move;
    }
  return best;
}

/* Plain alpha-beta for comparison: no table, no ordering, no reduction. */
static int
search_plain (BkSolver    *self,
              const Trick *t,
              int          alpha,
              int          beta)
{
  guint seat = t->to_act;
  gboolean maximise = (seat & 1) == BK_TEAM_SN;
  guint32 moves;
  int best;

  if (t->n == 0 && self->n_remaining == BK_N_SEATS)
    return last_trick (self, seat);
  if (self->n_remaining == 0)
    return 0;
  self->nodes++;

  moves = legal_moves (self, t, self->hands[seat]);
  best = maximise ? -INFINITE : INFINITE;
  for (guint32 rest = moves; rest; rest &= rest - 1)
    {
      guint card = __builtin_ctz (rest);
      Trick next;
      int add = play (self, t, &next, card);
      int value = add + search_plain (self, &next, alpha - add, beta - add);

      unplay (self, card, seat);
      if (maximise ? value > best : value < best)
        best = value;
      if (maximise && best > alpha)
        alpha = best;
      if (!maximise && best < beta)
        beta = best;
      if (alpha >= beta)
        break;
    }
  return best;
}

/* The root: like search(), but reports the best card. */
static int
root (BkSolver    *self,
      const Trick *t,
      int          alpha,
      int          beta,
      guint       *best_card)
{
  guint seat = t->to_act;
  guint32 hand = self->hands[seat];
  gboolean maximise = (seat & 1) == BK_TEAM_SN;
  guint32 moves;
  guint8 order[12];
  guint n;
  int best = maximise ? -INFINITE : INFINITE;

  *best_card = NO_CARD;
  if (hand == 0)
    return 0;

  moves = reduce (self, t, legal_moves (self, t, hand), hand);
  n = order_moves (self, t, moves, NO_CARD, order);
  for (guint i = 0; i < n; i++)
    {
      guint card = order[i];
      int value = move_value (self, t, card, i == 0, maximise, alpha, beta);

      if (maximise ? value > best : value < best)
        {
          best = value;
          *best_card = card;
        }
      if (maximise && best > alpha)
        alpha = best;
      if (!maximise && best < beta)
        beta = best;
      if (alpha >= beta)
        break;
    }
  return best;
}

/* All a position is worth under the goal: card points or tricks. */
static inline int
position_total (BkSolver    *self,
                const Trick *t)
{
  if (self->goal == BK_SOLVE_TRICKS)
    return ((int) self->n_remaining + t->n) / BK_N_SEATS;
  return (int) (self->remaining_points + t->points);
}

/* The exact value and a best card: one search with the whole window, its moves after the
 * first tried with null windows (move_value()); the table keeps the bounds. */
static int
solve_exact (BkSolver    *self,
             const Trick *t,
             guint       *best_card)
{
  return root (self, t, -1, position_total (self, t) + 1, best_card);
}

static void
begin (BkSolver    *self,
       BkSolveGoal  goal)
{
  self->goal = goal;
  /* A new generation empties the table without touching it. */
  if (++self->gen == 0)
    {
      memset (self->tt, 0, TT_SIZE * sizeof (TtEntry));
      self->gen = 1;
    }
}

static gboolean
load_checked (BkSolver      *self,
              const BkHand   hands[BK_N_SEATS],
              const BkTrick *trick,
              Trick         *t)
{
  if (!load (self, hands, trick, t))
    {
      g_critical ("bk-solver: a card of the position is not in the deck");
      return FALSE;
    }
  return TRUE;
}

/* Card points the SN team takes from the position on, the trick on the table included;
 * @best (may be NULL) gets a best card of the player to act, or BK_CARD_NONE. */
guint
bk_solver_solve (BkSolver      *self,
                 const BkHand   hands[BK_N_SEATS],
                 const BkTrick *trick,
                 BkCard        *best)
{
  Trick t;
  guint card;
  int value;

  g_return_val_if_fail (self != NULL && hands != NULL && trick != NULL, 0);

  if (best)
    *best = BK_CARD_NONE;
  if (!load_checked (self, hands, trick, &t))
    return 0;
  begin (self, BK_SOLVE_POINTS);
  value = solve_exact (self, &t, &card);
  if (best && card != NO_CARD)
    *best = self->card_of[card];
  return (guint) value;
}

/* What the SN team takes under @goal: card points or tricks. */
guint
bk_solver_solve_goal (BkSolver      *self,
                      const BkHand   hands[BK_N_SEATS],
                      const BkTrick *trick,
                      BkSolveGoal    goal)
{
  Trick t;
  guint card;

  g_return_val_if_fail (self != NULL && hands != NULL && trick != NULL, 0);

  if (!load_checked (self, hands, trick, &t))
    return 0;
  begin (self, goal);
  return (guint) solve_exact (self, &t, &card);
}

/* The null-window question: does @team take at least @target under @goal from here?
 * E.g. 61 points to win, 91 for Schneider, every trick left for Schwarz. */
gboolean
bk_solver_reaches (BkSolver      *self,
                   const BkHand   hands[BK_N_SEATS],
                   const BkTrick *trick,
                   BkTeam         team,
                   BkSolveGoal    goal,
                   guint          target)
{
  Trick t;
  int total, threshold;
  guint card;

  g_return_val_if_fail (self != NULL && hands != NULL && trick != NULL, FALSE);
  g_return_val_if_fail (team < BK_N_TEAMS, FALSE);

  if (!load_checked (self, hands, trick, &t))
    return FALSE;
  begin (self, goal);
  total = position_total (self, &t);
  if (team == BK_TEAM_SN)
    threshold = (int) target;
  else
    threshold = total - (int) target + 1; /* WE reach it unless SN get this much */

  if (threshold <= 0)
    return team == BK_TEAM_SN;
  if (threshold > total)
    return team != BK_TEAM_SN;
  return (root (self, &t, threshold - 1, threshold, &card) >= threshold) ==
         (team == BK_TEAM_SN);
}

/* For every legal card of the player to act (in card-number order into @cards), the card
 * points his team takes after playing it, with best play by all. Returns how many. */
guint
bk_solver_move_values (BkSolver      *self,
                       const BkHand   hands[BK_N_SEATS],
                       const BkTrick *trick,
                       BkCard        *cards,
                       guint         *values)
{
  Trick t;
  guint seat, n = 0;
  guint32 hand, legal, kept, live;
  int found[MAX_CARDS];
  int total;

  g_return_val_if_fail (self != NULL && hands != NULL && trick != NULL, 0);
  g_return_val_if_fail (cards != NULL && values != NULL, 0);

  if (!load_checked (self, hands, trick, &t))
    return 0;
  begin (self, BK_SOLVE_POINTS);
  seat = t.to_act;
  hand = self->hands[seat];
  legal = legal_moves (self, &t, hand);
  kept = reduce (self, &t, legal, hand);
  live = self->remaining | t.cards;
  total = position_total (self, &t);

  for (guint32 rest = kept; rest; rest &= rest - 1)
    {
      guint card = __builtin_ctz (rest);
      Trick next;
      int add = play (self, &t, &next, card);
      int lower = add, upper = add + position_total (self, &next);

      /* Every card's exact value: a whole window each. */
      lower = add + search (self, &next, lower - 1 - add, upper + 1 - add);
      found[card] = lower;
      unplay (self, card, seat);
    }

  for (guint32 rest = legal; rest; rest &= rest - 1)
    {
      guint card = __builtin_ctz (rest);
      guint rep = card;
      int sn;

      /* An equivalent card has the value of the top of its run. */
      while (!((kept >> rep) & 1))
        rep = __builtin_ctz (live & self->group_mask[self->group[rep]] & ~((2u << rep) - 1));
      sn = found[rep];
      cards[n] = self->card_of[card];
      values[n] = (guint) ((seat & 1) == BK_TEAM_SN ? sn : total - sn);
      n++;
    }

  /* Card-number order of the caller's cards, not of our compact numbering. */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && cards[j - 1] > cards[j]; j--)
      {
        BkCard c = cards[j];
        guint v = values[j];

        cards[j] = cards[j - 1];
        values[j] = values[j - 1];
        cards[j - 1] = c;
        values[j - 1] = v;
      }
  return n;
}

/* The same value as bk_solver_solve(), by plain alpha-beta (for measurements). */
guint
bk_solver_solve_plain (BkSolver      *self,
                       const BkHand   hands[BK_N_SEATS],
                       const BkTrick *trick)
{
  Trick t;

  g_return_val_if_fail (self != NULL && hands != NULL && trick != NULL, 0);

  if (!load_checked (self, hands, trick, &t))
    return 0;
  self->goal = BK_SOLVE_POINTS;
  if (self->hands[t.to_act] == 0)
    return 0;
  return (guint) search_plain (self, &t, -INFINITE, INFINITE);
}
