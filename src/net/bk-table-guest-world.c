/* bk-table-guest-world.c: the guest's world of the hand, rebuilt from the public lines and
 * its own cards: the others' hands filled in with cards nobody has shown, so that every
 * line the room saw replays.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <string.h>

#include "bk-game-rules.h"
#include "bk-levels.h"
#include "bk-record.h"
#include "bk-table-guest-private.h"

/* The public lines before the hand's dealer line, and the dealer line itself. */
const char *
bk_guest_dealer_line (const char *lines)
{
  for (const char *p = lines; p && *p; p = strchr (p, '\n') ? strchr (p, '\n') + 1 : NULL)
    if (g_str_has_prefix (p, "dealer "))
      return p;
  return NULL;
}

/* One augmenting path of a matching of the unseen cards to the places left in the hands
 * (Kuhn's algorithm): @card takes a free place it may go to, or one whose card can move. */
typedef struct {
  guint         n_cards;
  BkCard        cards[BK_N_CARDS];
  guint         n_places;
  guint8        owner[BK_N_CARDS];   /* the seat of each place; n_seats: the cards aside */
  gint          taken[BK_N_CARDS];   /* the card index in each place, -1 free */
  guint         n_seats;
  const BkHand *excluded;
} Matching;

/* `visited` is a mask of places */
G_STATIC_ASSERT (BK_N_CARDS <= 64);

static gboolean
may_hold (const Matching *m,
          guint           place,
          BkCard          card)
{
  return m->owner[place] == m->n_seats || !bk_hand_has (m->excluded[m->owner[place]], card);
}

static gboolean
augment (Matching *m,
         guint     card,
         guint64  *visited)
{
  for (guint p = 0; p < m->n_places; p++)
    if (!(*visited & (G_GUINT64_CONSTANT (1) << p)) && may_hold (m, p, m->cards[card]))
      {
        *visited |= G_GUINT64_CONSTANT (1) << p;
        if (m->taken[p] < 0 || augment (m, (guint) m->taken[p], visited))
          {
            m->taken[p] = (gint) card;
            return TRUE;
          }
      }
  return FALSE;
}

/* Deals the cards nobody has shown to the other seats and the cards aside: each seat
 * keeps the cards it has played, takes no card it was shown not to hold, and as many as
 * the deal gives it. FALSE when no such deal exists. */
static gboolean
assign_world (guint         n_seats,
              BkSeat        own,
              BkHand        own_cards,
              BkHand        deck,
              const guint  *sizes,
              guint         aside_size,
              const BkHand *played,
              const BkHand *excluded,
              BkHand       *hands,
              BkHand       *aside)
{
  BkHand pool = deck & ~own_cards;
  Matching m = { .n_seats = n_seats, .excluded = excluded };

  *aside = 0;
  for (guint s = 0; s < n_seats; s++)
    {
      hands[s] = s == own ? own_cards : played[s];
      pool &= ~hands[s];
      if (bk_hand_count (hands[s]) > sizes[s])
        return FALSE;
      for (guint k = bk_hand_count (hands[s]); k < sizes[s]; k++)
        m.owner[m.n_places++] = (guint8) s;
    }
  for (guint k = 0; k < aside_size; k++)
    m.owner[m.n_places++] = (guint8) n_seats;
  for (; pool; pool &= pool - 1)
    m.cards[m.n_cards++] = bk_hand_first (pool);
  if (m.n_cards != m.n_places)
    return FALSE;
  for (guint p = 0; p < m.n_places; p++)
    m.taken[p] = -1;
  for (guint c = 0; c < m.n_cards; c++)
    {
      guint64 visited = 0;

      if (!augment (&m, c, &visited))
        return FALSE;
    }
  for (guint p = 0; p < m.n_places; p++)
    {
      BkHand bit = BK_HAND_BIT (m.cards[m.taken[p]]);

      if (m.owner[p] == n_seats)
        *aside |= bit;
      else
        hands[m.owner[p]] |= bit;
    }
  return TRUE;
}

/* The guest's world of the hand: the session as verified, the public lines, our cards
 * and the others' filled in so that every line the room saw replays. */
void
bk_guest_rebuild_world (BkTableGuest *self)
{
  const char *dealer_at = bk_guest_dealer_line (self->lines->str);
  g_autofree char *prefix = NULL;
  g_autofree char *head = NULL;
  g_auto (GStrv) lines = NULL;
  BkHand played[BK_MAX_SEATS] = { 0 }, excluded[BK_MAX_SEATS] = { 0 };
  guint sizes[BK_MAX_SEATS] = { 0 }, aside_size = 0, first_action;
  BkSeat dealer, own = BK_SEAT_NONE;

  g_clear_object (&self->world);
  if (dealer_at == NULL || self->record == NULL || self->broken ||
      (self->seat != BK_SEAT_NONE && self->dealt == 0))
    return;

  head = g_strndup (self->lines->str, (gsize) (dealer_at - self->lines->str));
  prefix = g_strconcat (self->record, head, NULL);
  lines = g_strsplit (dealer_at, "\n", -1);
  {
    g_autoptr (BkGame) base = bk_record_replay (prefix, NULL, NULL, NULL, NULL);
    const BkRules *rules;
    const BkGameModule *module;
    BkHand deck, tmp[BK_MAX_SEATS] = { 0 }, tmp_aside = 0;
    BkCard cards[BK_N_CARDS];
    guint n = 0;

    if (base == NULL || !bk_seat_parse_for (bk_game_get_rules (base), lines[0] + 7, &dealer,
                                            NULL))
      return;
    rules = bk_game_get_rules (base);
    module = bk_game_get_module (base);
    if (self->seat != BK_SEAT_NONE)
      own = bk_net_seat_now (base, self->seat);
    deck = module->trick_rules ()->deck (rules);
    for (BkHand rest = deck; rest; rest &= rest - 1)
      cards[n++] = bk_hand_first (rest);
    module->deal (rules, cards, dealer, tmp, &tmp_aside);
    for (guint s = 0; s < bk_game_get_n_seats (base); s++)
      sizes[s] = bk_hand_count (tmp[s]);
    aside_size = bk_hand_count (tmp_aside);
    for (first_action = 1; lines[first_action] && lines[first_action][0]; first_action++)
      {
        BkAction action;

        if (bk_net_action_parse (rules, lines[first_action], &action, NULL) &&
            action.type == BK_ACTION_PLAY && action.seat < BK_MAX_SEATS)
          played[action.seat] |= BK_HAND_BIT (action.arg);
      }
  }

  for (guint attempt = 0; attempt < MAX_WORLD_TRIES; attempt++)
    {
      g_autoptr (BkGame) game = bk_record_replay (prefix, NULL, NULL, NULL, NULL);
      BkHand hands[BK_MAX_SEATS] = { 0 }, aside = 0;
      g_autoptr (GError) error = NULL;
      const BkRules *rules = bk_game_get_rules (game);
      const BkGameModule *module = bk_game_get_module (game);
      guint n_seats = bk_game_get_n_seats (game);
      gboolean again = FALSE;

      if (!assign_world (n_seats, own, self->dealt, module->trick_rules ()->deck (rules),
                         sizes, aside_size, played, excluded, hands, &aside))
        {
          g_debug ("No world of hand %u at line %u: the cards do not fit", self->hand,
                   self->seq);
          return;
        }
      if (!bk_game_deal (game, dealer, hands, aside, &error))
        {
          g_debug ("No world of hand %u at line %u: %s", self->hand, self->seq,
                   error->message);
          return;
        }
      /* The others are the game's computers here, so that it never waits for them. */
      for (guint s = 0; s < n_seats; s++)
        {
          g_autoptr (BkStrategy) strategy = NULL;

          if (s == own && self->strategy)
            bk_game_set_strategy (game, s, self->strategy);
          else if (s != own)
            {
              strategy = bk_strategy_new_for_level (rules->game, "random", NULL);
              bk_game_set_strategy (game, s, strategy);
            }
        }
      for (guint i = 1; lines[i] && lines[i][0] && !again; i++)
        {
          BkAction action;
          BkHand legal;

          if (!bk_net_is_action_line (rules, lines[i]))
            continue;
          if (!bk_net_action_parse (rules, lines[i], &action, NULL))
            return;
          legal = bk_game_get_legal (game);
          if (bk_game_apply (game, &action, NULL))
            continue;
          /* A card another seat could not have played if it held a card we gave it:
           * it did not hold those. */
          if (action.type != BK_ACTION_PLAY || action.seat == own ||
              !(legal & bk_game_get_cards (game, action.seat) & ~played[action.seat]))
            {
              g_debug ("No world of hand %u at line %u: “%s” does not replay", self->hand,
                       self->seq, lines[i]);
              return;
            }
          excluded[action.seat] |= legal & bk_game_get_cards (game, action.seat) &
                                   ~played[action.seat];
          again = TRUE;
        }
      if (again && attempt + 1 == MAX_WORLD_TRIES)
        g_debug ("No world of hand %u at line %u after %u tries", self->hand, self->seq,
                 MAX_WORLD_TRIES);
      if (!again)
        {
          self->world = g_steal_pointer (&game);
          self->seat_now = own;
          if (self->declined_level && module->offer_level &&
              module->offer_level (bk_game_get_hand (self->world)) + 1 == self->declined_level)
            bk_game_decline_offer (self->world, own);
          return;
        }
    }
}
