/* bk-seating.c: the seating ceremony (spec B2.1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-deal-seed.h"
#include "bk-error.h"
#include "bk-seating.h"

/* Told apart from the deal's use of the same seed ("bierkopf-deal"). */
static const char seating_label[] = "bierkopf-seating";

static void
swap_seats (BkSeating *seating,
            BkSeat     a,
            BkSeat     b)
{
  seating->moved[a] = (guint8) b;
  seating->moved[b] = (guint8) a;
}

/* The partners must sit opposite; the human at South stays where he is. */
static void
seat_partners (BkSeating *seating)
{
  BkSeat a = (BkSeat) seating->first, b = (BkSeat) seating->second;

  for (guint s = 0; s < BK_N_SEATS; s++)
    seating->moved[s] = (guint8) s;

  if (bk_seat_after (a, 2) == b)
    return;
  if (a == BK_SEAT_S || b == BK_SEAT_S)
    swap_seats (seating, a == BK_SEAT_S ? b : a, BK_SEAT_N);
  else
    {
      /* Two of West, North and East that are not opposite: one of them is North. */
      BkSeat other = a == BK_SEAT_N ? b : a;
      swap_seats (seating, BK_SEAT_N, bk_seat_after (other, 2));
    }
}

/* Deals @cards face up from @start clockwise until a Sau, then to the other three until
 * the second Sau. Every card must be used: the list ends with the second Sau. */
gboolean
bk_seating_run (BkSeating     *seating,
                const BkCard  *cards,
                guint          n_cards,
                BkSeat         start,
                GError       **error)
{
  BkSeat seat = start;
  guint saeue = 0;
  BkHand seen = 0;

  *seating = (BkSeating) { 0 };
  seating->first = seating->second = BK_SEAT_NONE;

  for (guint i = 0; i < n_cards && saeue < 2; i++)
    {
      BkCard card = cards[i];

      if (card >= BK_N_CARDS || bk_hand_has (seen, card))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_DUPLICATE,
                       _("The seating cards repeat %s"),
                       card < BK_N_CARDS ? bk_card_to_string (card) : "?");
          return FALSE;
        }
      seen |= BK_HAND_BIT (card);

      if (saeue == 1 && seat == seating->first)
        seat = bk_seat_after (seat, 1);
      seating->cards[seating->n] = card;
      seating->to[seating->n] = (guint8) seat;
      seating->n++;

      if (bk_card_rank (card) == BK_RANK_SAU)
        {
          if (saeue++ == 0)
            seating->first = (guint8) seat;
          else
            seating->second = (guint8) seat;
        }
      seat = bk_seat_after (seat, 1);
    }

  if (saeue < 2 || seating->n != n_cards)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL,
                   _("The seating cards must end with the second Sau"));
      return FALSE;
    }

  seat_partners (seating);
  return TRUE;
}

/* The random ceremony from @seed (docs/network.md, "The seating"): @deck in the order of
 * the card numbers, shuffled by Fisher-Yates from the stream of @seed under its own label,
 * then the seat that is dealt first; the face-up cards are the shuffled pack up to the
 * second Sau. @cards has BK_N_CARDS places. Returns the first seat dealt. */
BkSeat
bk_seating_draw_from_seed (BkHand        deck,
                           const guint8 *seed,
                           BkCard       *cards,
                           guint        *n_cards)
{
  BkSeedStream stream;
  guint n = 0, used = 0, saeue = 0;
  BkSeat start;

  g_return_val_if_fail (seed != NULL && cards != NULL && n_cards != NULL, BK_SEAT_NONE);

  for (; deck; deck &= deck - 1)
    cards[n++] = bk_hand_first (deck);
  bk_seed_stream_init_labelled (&stream, seed, seating_label);
  bk_seed_stream_shuffle (&stream, cards, n);
  start = (BkSeat) bk_seed_stream_below (&stream, BK_N_SEATS);

  while (used < n && saeue < 2)
    if (bk_card_rank (cards[used++]) == BK_RANK_SAU)
      saeue++;
  *n_cards = used;
  return start;
}
