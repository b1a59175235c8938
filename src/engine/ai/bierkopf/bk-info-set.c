/* bk-info-set.c: a seat's view of the hand from public information (spec B3-B4), and
 * uniform worlds consistent with it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <string.h>

#include "bk-info-set.h"

/* What a card played by @seat to @trick (before it) reveals about his hand, under the
 * void rule (spec B4.2, B4.3). */
static void
infer_from_play (BkInfoSet     *info,
                 const BkTrick *trick,
                 BkSeat         seat,
                 BkCard         card)
{
  const BkGameRules *game = info->game;
  guint led;
  BkHand trumps = game->group_cards[BK_GROUP_TRUMP] & info->deck;

  if (trick->n == 0)
    return;
  led = game->group[trick->cards[0]];
  if (game->group[card] == led)
    return;

  /* He did not follow: void in the led group. */
  info->excluded[seat] |= game->group_cards[led] & info->deck;
  if (led == BK_GROUP_TRUMP)
    return;

  switch (info->rules.bierkopf.void_rule)
    {
    case BK_VOID_TRUMPFZWANG:
      if (!bk_card_is_trump (game, card))
        info->excluded[seat] |= trumps;
      break;
    case BK_VOID_UEBERSTECHEN:
      if (!bk_card_is_trump (game, card))
        info->excluded[seat] |= trumps;
      else
        {
          /* A trump that does not beat the trick: he holds none that would. */
          BkCard best = trick->cards[bk_trick_winner (game, trick)];

          if (!bk_card_beats (game, card, best))
            for (BkHand rest = trumps; rest; rest &= rest - 1)
              if (bk_card_beats (game, bk_hand_first (rest), best))
                info->excluded[seat] |= BK_HAND_BIT (bk_hand_first (rest));
        }
      break;
    case BK_VOID_FREI:
    default:
      break;
    }
}

/* Built from @seat's own cards and the public record of the hand only; the other hands
 * in @state are never read. */
void
bk_info_set_init (BkInfoSet         *info,
                  const BkHandState *state,
                  BkSeat             seat)
{
  guint size;
  BkTrick trick = { 0 };

  g_return_if_fail (info != NULL && state != NULL && seat < BK_N_SEATS);

  *info = (BkInfoSet) { 0 };
  info->rules = state->rules;
  info->game = state->game;
  info->seat = seat;
  info->dealer = (BkSeat) state->dealer;
  info->n_tricks = state->n_tricks;
  info->step = state->step;
  info->deck = state->game->deck (&state->rules);
  info->own = state->hands[seat];
  info->own_dealt = state->dealt[seat];
  info->lines_left[BK_TEAM_SN] = state->lines_left[BK_TEAM_SN];
  info->lines_left[BK_TEAM_WE] = state->lines_left[BK_TEAM_WE];
  info->n_history = state->n_history;
  memcpy (info->history, state->history, sizeof info->history);

  trick.leader = bk_seat_after ((BkSeat) state->dealer, 1);
  for (guint i = 0; i < state->n_history; i++)
    {
      const BkAction *action = &state->history[i];
      BkSeat who = (BkSeat) action->seat;

      switch ((BkActionType) action->type)
        {
        case BK_ACTION_TALK:
          info->words[who] = (BkWord) action->arg;
          break;
        case BK_ACTION_DOUBLE:
          info->n_doubles++;
          break;
        case BK_ACTION_PASS:
          break;
        case BK_ACTION_PLAY:
          {
            BkCard card = (BkCard) action->arg;

            if (who != seat)
              infer_from_play (info, &trick, who, card);
            info->played[who] |= BK_HAND_BIT (card);
            trick.cards[trick.n++] = card;
            if (trick.n == BK_N_SEATS)
              {
                BkSeat winner = bk_seat_after ((BkSeat) trick.leader,
                                               bk_trick_winner (info->game, &trick));
                BkTeam team = bk_seat_team (winner);

                info->points[team] += (guint8) bk_trick_points (info->game, &trick);
                info->tricks_won[team]++;
                info->tricks_done++;
                trick.n = 0;
                trick.leader = winner;
              }
            break;
          }
        default:
          g_assert_not_reached ();
        }
    }
  info->trick = trick;

  size = bk_rules_hand_size (&state->rules);
  info->unseen = info->deck & ~info->own_dealt;
  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      info->unseen &= ~info->played[s];
      info->n_held[s] = (guint8) (size - bk_hand_count (info->played[s]));
    }
  info->excluded[seat] = info->deck & ~info->own;
}

gboolean
bk_info_set_is_void (const BkInfoSet *info,
                     BkSeat           seat,
                     guint            group)
{
  BkHand cards = info->game->group_cards[group] & info->deck;

  if (seat == info->seat)
    return (info->own & cards) == 0;
  return ((info->unseen & ~info->excluded[seat]) & cards) == 0;
}

/* The full hand state of a world: the dealt hands are the cards now plus those played,
 * and the public record is replayed on them. */
void
bk_info_set_world_state (const BkInfoSet *info,
                         const BkWorld   *world,
                         BkHandState     *state)
{
  BkHand dealt[BK_N_SEATS];

  for (guint s = 0; s < BK_N_SEATS; s++)
    dealt[s] = world->hands[s] | info->played[s];
  bk_hand_state_init (state, &info->rules, info->dealer, dealt,
                      info->lines_left[BK_TEAM_SN], info->lines_left[BK_TEAM_WE]);
  for (guint i = 0; i < info->n_history; i++)
    bk_hand_state_apply_unchecked (state, &info->history[i]);
}

void
bk_world_sampler_init (BkWorldSampler  *sampler,
                       const BkInfoSet *info)
{
  guint k = 0;

  g_return_if_fail (sampler != NULL && info != NULL);

  sampler->info = info;
  for (guint d = 1; d < BK_N_SEATS; d++)
    {
      BkSeat other = bk_seat_after (info->seat, d);

      sampler->others[k] = other;
      sampler->quota[k] = info->n_held[other];
      k++;
    }

  sampler->n_cards = 0;
  for (BkHand rest = info->unseen; rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);
      guint n = sampler->n_cards++;

      g_assert (n < BK_MAX_UNSEEN);
      sampler->cards[n] = card;
      sampler->allowed[n] = 0;
      for (guint j = 0; j < 3; j++)
        if (!bk_hand_has (info->excluded[sampler->others[j]], card))
          sampler->allowed[n] |= 1u << j;
    }

  /* ways[i][a][b]: deals of cards i.. with a to the first other seat, b to the second and
   * the rest to the third. */
  memset (sampler->ways, 0, sizeof sampler->ways);
  for (int i = sampler->n_cards; i >= 0; i--)
    for (guint a = 0; a <= sampler->quota[0]; a++)
      for (guint b = 0; b <= sampler->quota[1]; b++)
        {
          int c = (int) sampler->n_cards - i - (int) a - (int) b;
          double w = 0;

          if (c < 0 || c > sampler->quota[2])
            continue;
          if ((guint) i == sampler->n_cards)
            {
              sampler->ways[i][a][b] = (a == 0 && b == 0 && c == 0) ? 1 : 0;
              continue;
            }
          if ((sampler->allowed[i] & 1) && a > 0)
            w += sampler->ways[i + 1][a - 1][b];
          if ((sampler->allowed[i] & 2) && b > 0)
            w += sampler->ways[i + 1][a][b - 1];
          if ((sampler->allowed[i] & 4) && c > 0)
            w += sampler->ways[i + 1][a][b];
          sampler->ways[i][a][b] = w;
        }
}

/* How many worlds agree with everything the seat knows. */
double
bk_world_sampler_count (const BkWorldSampler *sampler)
{
  g_return_val_if_fail (sampler != NULL, 0);

  if (sampler->quota[0] + sampler->quota[1] + sampler->quota[2] != sampler->n_cards)
    return 0;
  return sampler->ways[0][sampler->quota[0]][sampler->quota[1]];
}

static void
world_base (const BkWorldSampler *sampler,
            BkWorld              *world)
{
  for (guint s = 0; s < BK_N_SEATS; s++)
    world->hands[s] = 0;
  world->hands[sampler->info->seat] = sampler->info->own;
}

/* One world, each consistent world equally likely. FALSE when there is none. */
gboolean
bk_world_sampler_draw (const BkWorldSampler *sampler,
                       BkRng                *rng,
                       BkWorld              *world)
{
  guint a, b;

  g_return_val_if_fail (sampler != NULL && rng != NULL && world != NULL, FALSE);

  if (bk_world_sampler_count (sampler) <= 0)
    return FALSE;
  world_base (sampler, world);
  a = sampler->quota[0];
  b = sampler->quota[1];
  for (guint i = 0; i < sampler->n_cards; i++)
    {
      double total = sampler->ways[i][a][b];
      double w[3] = { 0, 0, 0 };
      double roll = (bk_rng_next (rng) >> 11) * (1.0 / 9007199254740992.0) * total;
      guint c = sampler->n_cards - i - a - b;
      guint pick;

      if ((sampler->allowed[i] & 1) && a > 0)
        w[0] = sampler->ways[i + 1][a - 1][b];
      if ((sampler->allowed[i] & 2) && b > 0)
        w[1] = sampler->ways[i + 1][a][b - 1];
      if ((sampler->allowed[i] & 4) && c > 0)
        w[2] = sampler->ways[i + 1][a][b];

      if (roll < w[0])
        pick = 0;
      else if (roll < w[0] + w[1] || w[2] == 0)
        pick = w[1] > 0 ? 1 : 0;
      else
        pick = 2;

      world->hands[sampler->others[pick]] |= BK_HAND_BIT (sampler->cards[i]);
      if (pick == 0)
        a--;
      else if (pick == 1)
        b--;
    }
  return TRUE;
}

static void
enumerate (const BkWorldSampler *sampler,
           guint                 i,
           guint                 a,
           guint                 b,
           BkWorld              *current,
           BkWorld              *worlds,
           guint                 max_worlds,
           guint                *n)
{
  guint c;

  if (*n >= max_worlds || sampler->ways[i][a][b] <= 0)
    return;
  if (i == sampler->n_cards)
    {
      worlds[(*n)++] = *current;
      return;
    }
  c = sampler->n_cards - i - a - b;
  for (guint pick = 0; pick < 3; pick++)
    {
      BkHand bit = BK_HAND_BIT (sampler->cards[i]);
      BkSeat seat = sampler->others[pick];

      if (!(sampler->allowed[i] & (1u << pick)) || (pick == 0 && a == 0) ||
          (pick == 1 && b == 0) || (pick == 2 && c == 0))
        continue;
      current->hands[seat] |= bit;
      enumerate (sampler, i + 1, pick == 0 ? a - 1 : a, pick == 1 ? b - 1 : b, current,
                 worlds, max_worlds, n);
      current->hands[seat] &= ~bit;
    }
}

/* Every consistent world, up to @max_worlds of them, in a fixed order. */
guint
bk_world_sampler_enumerate (const BkWorldSampler *sampler,
                            BkWorld              *worlds,
                            guint                 max_worlds)
{
  BkWorld current;
  guint n = 0;

  g_return_val_if_fail (sampler != NULL && worlds != NULL, 0);

  if (bk_world_sampler_count (sampler) <= 0)
    return 0;
  world_base (sampler, &current);
  enumerate (sampler, 0, sampler->quota[0], sampler->quota[1], &current, worlds, max_worlds, &n);
  return n;
}
