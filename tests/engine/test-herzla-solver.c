/* test-herzla-solver.c: the exact searches of Herzla (docs/rules-herzla.md H4, H5, H6.2;
 * docs/ai.md "Herzla") against an unpruned reference search written here from the hand's
 * own rule functions alone, on thousands of random end positions and on hand-made ones.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "bk-herzla-solver.h"
#include "bk-rng.h"
#include "test-helpers.h"

/* ---- The reference: plain recursion over BkHerzlaHand, no table, no cut-offs ---- */

static void
play (BkHerzlaHand *state,
      BkCard        card)
{
  BkAction action = bk_action_make (BK_ACTION_PLAY, (BkSeat) state->to_act, card);

  /* The history is not looked at by anything here: keep room in it. */
  state->n_history = 0;
  bk_herzla_hand_apply_unchecked (state, &action);
}

/* H4.3, H4.4: does the declarer make it, every card of every seat tried. */
static gboolean
ref_contract (const BkHerzlaHand *state)
{
  gboolean any = FALSE, all = TRUE;
  BkHand legal;

  if (bk_herzla_hand_is_over (state))
    return !state->broken;
  legal = bk_herzla_hand_legal (state);
  g_assert_cmpuint (legal, !=, 0);
  for (; legal; legal &= legal - 1)
    {
      BkHerzlaHand next = *state;
      gboolean made;

      play (&next, bk_hand_first (legal));
      made = ref_contract (&next);
      any |= made;
      all &= made;
    }
  return state->to_act == state->declarer ? any : all;
}

typedef struct {
  gint v[BK_MAX_SEATS];
} Values;

/* H5 (cents, with @stock before the hand) or H6.2 (minus the hearts) of the tally so far. */
static void
ref_tally_values (const BkHerzlaHand *state,
                  gint                stock,
                  Values             *out)
{
  BkHerzlaTally tally;
  BkHerzlaPayment payment;

  memset (out, 0, sizeof *out);
  bk_herzla_hand_tally (state, &tally);
  if (state->rules.variant == BK_HERZLA_EINFACH)
    {
      for (guint s = 0; s < tally.n_players; s++)
        out->v[s] = -(gint) tally.hearts[s];
      return;
    }
  bk_herzla_pay (&state->rules.pay, &tally, stock, &payment);
  for (guint s = 0; s < tally.n_players; s++)
    out->v[s] = payment.cents[s];
}

/* The order max^n picks by (docs/ai.md "Herzla"): more for himself, then less for the
 * others in all, then less for each in turn after him. */
static gboolean
ref_better (const Values *a,
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
    if (a->v[(seat + k) % n] != b->v[(seat + k) % n])
      return a->v[(seat + k) % n] < b->v[(seat + k) % n];
  return FALSE;
}

/* Plain max^n down to the end of the hand or to @horizon tricks done. */
static void
ref_normal (const BkHerzlaHand *state,
            gint                stock,
            guint               horizon,
            Values             *out)
{
  gboolean have = FALSE;
  BkHand legal;

  if (bk_herzla_hand_is_over (state) ||
      (state->trick.n == 0 && state->tricks_done >= horizon))
    {
      ref_tally_values (state, stock, out);
      return;
    }
  legal = bk_herzla_hand_legal (state);
  g_assert_cmpuint (legal, !=, 0);
  for (; legal; legal &= legal - 1)
    {
      BkHerzlaHand next = *state;
      Values child;

      play (&next, bk_hand_first (legal));
      ref_normal (&next, stock, horizon, &child);
      if (!have || ref_better (&child, out, state->to_act, state->rules.n_players))
        {
          *out = child;
          have = TRUE;
        }
    }
}

/* The paranoid reduction: @seat's value when the others all play against him. */
static gint
ref_paranoid (const BkHerzlaHand *state,
              gint                stock,
              guint               horizon,
              guint               seat)
{
  gint best = state->to_act == seat ? G_MININT : G_MAXINT;
  BkHand legal;

  if (bk_herzla_hand_is_over (state) ||
      (state->trick.n == 0 && state->tricks_done >= horizon))
    {
      Values out;

      ref_tally_values (state, stock, &out);
      return out.v[seat];
    }
  for (legal = bk_herzla_hand_legal (state); legal; legal &= legal - 1)
    {
      BkHerzlaHand next = *state;
      gint value;

      play (&next, bk_hand_first (legal));
      value = ref_paranoid (&next, stock, horizon, seat);
      best = state->to_act == seat ? MAX (best, value) : MIN (best, value);
    }
  return best;
}

/* ---- Random end positions ---- */

/* A hand in play with @k tricks left for @n players: every seat holds k cards drawn at
 * random from the pack, the tricks before were taken at random (consistent with a
 * contract not yet broken), the rules of H4.2 and H5 drawn too, and 0 to n-1 random legal
 * cards already in the trick. With @short_hand the hand has only those k tricks, so the
 * first two of them fall under H4.2. */
static void
random_position (BkRng           *rng,
                 BkHerzlaVariant  variant,
                 guint            n,
                 guint            k,
                 BkContract       contract,
                 gboolean         short_hand,
                 BkHerzlaHand    *state,
                 gint            *stock)
{
  BkCard deck[BK_N_CARDS];
  guint n_deck = 0, next = 0, leader, in_trick;
  BkHand played = 0;
  guint hearts_played;

  memset (state, 0, sizeof *state);
  bk_herzla_rules_init_default (&state->rules, variant, n);
  state->rules.heart_lead = bk_rng_below (rng, 2) ? BK_HEART_LEAD_EVERY_GAME
                                                  : BK_HEART_LEAD_NORMAL_ONLY;
  state->rules.pay.nobody_free = bk_rng_below (rng, 2) ? BK_NOBODY_FREE_PAYS_STOCK
                                                       : BK_NOBODY_FREE_NOBODY_PAYS;
  state->rules.pay.stock = (BkStockRule) bk_rng_below (rng, 3);
  state->rules.pay.schleicher = bk_rng_below (rng, 2) ? BK_SCHLEICHER_EACH_PAYS
                                                      : BK_SCHLEICHER_IN_ALL;
  *stock = (gint) bk_rng_below (rng, 3) * 80;

  for (BkHand all = bk_herzla_deck (variant); all; all &= all - 1)
    deck[n_deck++] = bk_hand_first (all);
  bk_rng_shuffle (rng, deck, n_deck);
  for (guint s = 0; s < n; s++)
    for (guint i = 0; i < k; i++)
      state->dealt[s] = state->hands[s] |= BK_HAND_BIT (deck[next++]);

  state->step = BK_HERZLA_STEP_PLAY;
  state->contract = (guint8) contract;
  state->declarer = contract == BK_CONTRACT_NORMAL ? BK_HERZLA_SEAT_NONE
                                                   : (guint8) bk_rng_below (rng, n);
  state->last_winner = BK_HERZLA_SEAT_NONE;
  state->tricks_in_hand = (guint8) (short_hand ? k : bk_herzla_hand_size (variant, n));
  state->tricks_done = (guint8) (state->tricks_in_hand - k);

  /* The tricks done: some to one player only (H4.5), else at random; a contract's
   * declarer has none (Beddl) or all (Mord). The hearts among the cards gone go to
   * players with a trick. */
  if (state->tricks_done > 0)
    {
      guint sole = bk_rng_below (rng, 4) == 0 ? bk_rng_below (rng, n) : BK_HERZLA_SEAT_NONE;

      if (contract == BK_CONTRACT_MORD)
        sole = state->declarer;
      for (guint t = 0; t < state->tricks_done; t++)
        {
          guint seat = sole != BK_HERZLA_SEAT_NONE ? sole : bk_rng_below (rng, n);

          if (contract == BK_CONTRACT_BEDDL && seat == state->declarer)
            seat = (seat + 1) % n;
          state->tricks[seat]++;
        }
      /* Short hands have no cards gone; else the cards of the deal not in any hand. */
      for (guint i = next; i < MIN (n_deck, next + n * state->tricks_done); i++)
        played |= BK_HAND_BIT (deck[i]);
    }
  hearts_played = 0;
  for (BkHand p = played; p; p &= p - 1)
    hearts_played += bk_card_suit (bk_hand_first (p)) == BK_SUIT_HERZ;
  for (guint h = 0; h < hearts_played; h++)
    {
      guint seat;

      do
        seat = bk_rng_below (rng, n);
      while (state->tricks[seat] == 0);
      state->hearts[seat]++;
    }

  leader = bk_rng_below (rng, n);
  state->to_act = (guint8) leader;
  state->trick.leader = (guint8) leader;
  in_trick = bk_rng_below (rng, n);
  for (guint i = 0; i < in_trick; i++)
    {
      BkHand legal = bk_herzla_hand_legal (state);

      play (state, bk_hand_nth (legal, bk_rng_below (rng, bk_hand_count (legal))));
    }
}

/* ---- The contracts ---- */

static void bid (BkHerzlaHand *state, guint declarer, BkContract contract);

static void
check_contract_position (BkHerzlaSolver     *solver,
                         const BkHerzlaHand *state)
{
  gboolean expected = ref_contract (state);
  gboolean declarer = state->to_act == state->declarer;
  BkHand legal = bk_herzla_hand_legal (state), good = 0, moves;
  BkCard best = BK_CARD_NONE;
  BkHerzlaHand next;

  g_assert_cmpint (bk_herzla_solver_contract (solver, state, &best), ==, expected);

  /* The best card is legal and reaches the answer. */
  g_assert_true (bk_hand_has (legal, best));
  next = *state;
  play (&next, best);
  g_assert_cmpint (ref_contract (&next), ==, expected);

  /* The cards that keep the side's best answer. */
  for (BkHand rest = legal; rest; rest &= rest - 1)
    {
      next = *state;
      play (&next, bk_hand_first (rest));
      if (ref_contract (&next) == declarer)
        good |= BK_HAND_BIT (bk_hand_first (rest));
    }
  moves = bk_herzla_solver_contract_moves (solver, state);
  g_assert_cmphex (moves, ==, good ? good : legal);
}

/* H4.3, H4.4: both contracts, 2 to 4 tricks left, and short hands under H4.2. */
static void
test_contract_random (void)
{
  g_autoptr (BkHerzlaSolver) solver = bk_herzla_solver_new ();
  guint n_positions = bk_test_scaled (3000);
  guint made[BK_N_CONTRACTS] = { 0 }, total[BK_N_CONTRACTS] = { 0 };
  BkRng rng;

  bk_rng_init (&rng, 15, 1);
  for (guint i = 0; i < n_positions; i++)
    {
      BkContract contract = i % 2 ? BK_CONTRACT_BEDDL : BK_CONTRACT_MORD;
      guint k = 2 + bk_rng_below (&rng, 3);
      gboolean short_hand = bk_rng_below (&rng, 4) == 0;
      BkHerzlaHand state;
      gint stock;

      random_position (&rng, BK_HERZLA_VIER, 4, k, contract, short_hand, &state, &stock);
      check_contract_position (solver, &state);
      total[contract]++;
      made[contract] += ref_contract (&state);
    }
  /* Both answers come up often enough for the comparison to mean something. */
  for (guint c = BK_CONTRACT_BEDDL; c <= BK_CONTRACT_MORD; c++)
    {
      g_assert_cmpuint (made[c], >, total[c] / 20);
      g_assert_cmpuint (made[c], <, total[c] - total[c] / 20);
    }
}

/* H4.3, H4.4: deeper positions, 5 tricks left, the answer only. */
static void
test_contract_deeper (void)
{
  g_autoptr (BkHerzlaSolver) solver = bk_herzla_solver_new ();
  guint n_positions = bk_test_scaled (100);
  BkRng rng;

  bk_rng_init (&rng, 15, 6);
  for (guint i = 0; i < n_positions; i++)
    {
      BkContract contract = i % 2 ? BK_CONTRACT_BEDDL : BK_CONTRACT_MORD;
      BkHerzlaHand state;
      gint stock;

      random_position (&rng, BK_HERZLA_VIER, 4, 5, contract, i % 5 == 0, &state,
                       &stock);
      g_assert_cmpint (bk_herzla_solver_contract (solver, &state, NULL), ==,
                       ref_contract (&state));
    }
}

/* H4.3, H4.4: whole deals, too deep for the reference: at every position of a hand the
 * answer is the OR (declarer) or AND (defenders) of the answers after each legal card,
 * each solved afresh, and the card named keeps the answer. */
static void
test_contract_whole_deals (void)
{
  g_autoptr (BkHerzlaSolver) solver = bk_herzla_solver_new ();
  guint n_deals = bk_test_scaled (400);
  BkRng rng;

  bk_rng_init (&rng, 15, 7);
  for (guint i = 0; i < n_deals; i++)
    {
      BkContract contract = i % 2 ? BK_CONTRACT_BEDDL : BK_CONTRACT_MORD;
      BkHerzlaRules rules;
      BkCard deck[BK_N_CARDS];
      BkHand hands[BK_MAX_SEATS], aside;
      BkHerzlaHand state;
      guint n = 0;

      bk_herzla_rules_init_default (&rules, BK_HERZLA_VIER, 4);
      rules.heart_lead = i % 4 < 2 ? BK_HEART_LEAD_EVERY_GAME : BK_HEART_LEAD_NORMAL_ONLY;
      for (BkHand all = bk_herzla_deck (BK_HERZLA_VIER); all; all &= all - 1)
        deck[n++] = bk_hand_first (all);
      bk_rng_shuffle (&rng, deck, n);
      bk_herzla_deal_from_deck (&rules, deck, i % 4, hands, &aside);
      bk_herzla_hand_init (&state, &rules, i % 4, hands, aside);
      /* The seat whose cards' ranks suit the contract best bids it. */
      {
        guint declarer = 0, best_sum = 0;

        for (guint seat = 0; seat < 4; seat++)
          {
            guint sum = 0;

            for (BkHand h = state.hands[seat]; h; h &= h - 1)
              {
                guint power = bk_herzla_rules ()->power[bk_hand_first (h)];

                sum += contract == BK_CONTRACT_MORD ? power : 10 - power;
              }
            if (sum > best_sum)
              {
                best_sum = sum;
                declarer = seat;
              }
          }
        bid (&state, declarer, contract);
      }

      while (!bk_herzla_hand_is_over (&state))
        {
          BkCard best = BK_CARD_NONE;
          gboolean value = bk_herzla_solver_contract (solver, &state, &best);
          gboolean declarer = state.to_act == state.declarer;
          gboolean any = FALSE, all = TRUE;
          BkHand legal = bk_herzla_hand_legal (&state);

          for (BkHand rest = legal; rest; rest &= rest - 1)
            {
              BkHerzlaHand next = state;
              gboolean made;

              play (&next, bk_hand_first (rest));
              made = bk_herzla_hand_is_over (&next) ? !next.broken
                                                    : bk_herzla_solver_contract (solver, &next,
                                                                                 NULL);
              any |= made;
              all &= made;
              if (bk_hand_first (rest) == best)
                g_assert_cmpint (made, ==, value);
            }
          g_assert_cmpint (value, ==, declarer ? any : all);
          /* The declarer plays the card named, the defenders at random: a made contract
           * then lasts to the end. */
          play (&state, declarer ? best
                                 : bk_hand_nth (legal, bk_rng_below (&rng, bk_hand_count (legal))));
        }
    }
}

/* H4.3: S plays Beddl and cannot follow Herz. Only throwing the Eichel-Sau saves him: if
 * he keeps it, N takes the trick with the Herz-Sau and leads the Eichel-Acht, and S must
 * take it. */
static void
test_beddl_discard (void)
{
  g_autoptr (BkHerzlaSolver) solver = bk_herzla_solver_new ();
  BkHerzlaHand state;
  BkCard best = BK_CARD_NONE;

  memset (&state, 0, sizeof state);
  bk_herzla_rules_init_default (&state.rules, BK_HERZLA_VIER, 4);
  state.hands[0] = H ("EA G7");
  state.hands[1] = H ("H8 GK");
  state.hands[2] = H ("E8 HA");
  state.hands[3] = H ("H9 G8");
  state.step = BK_HERZLA_STEP_PLAY;
  state.contract = BK_CONTRACT_BEDDL;
  state.declarer = 0;
  state.tricks_in_hand = 8;
  state.tricks_done = 6;
  state.tricks[1] = 3;
  state.tricks[2] = 3;
  state.to_act = 3;
  state.trick.leader = 3;
  play (&state, C ("H9"));

  g_assert_cmpuint (state.to_act, ==, 0);
  g_assert_true (ref_contract (&state));
  g_assert_true (bk_herzla_solver_contract (solver, &state, &best));
  g_assert_cmpuint (best, ==, C ("EA"));
  g_assert_cmphex (bk_herzla_solver_contract_moves (solver, &state), ==, H ("EA"));
  check_contract_position (solver, &state);

  /* The wrong discard loses it, whatever follows. */
  play (&state, C ("G7"));
  g_assert_false (bk_herzla_solver_contract (solver, &state, NULL));
  g_assert_false (ref_contract (&state));
}

/* H4.2 with H4.3: a hand of three tricks (the first two closed to hearts) in which S
 * plays Beddl with the Herz-Sau. The defenders must lead Schellen to the first two tricks,
 * S is void there and throws the Sau on either of them: every card of his is safe. */
static void
test_beddl_heart_lead (void)
{
  g_autoptr (BkHerzlaSolver) solver = bk_herzla_solver_new ();
  BkHerzlaHand state;

  memset (&state, 0, sizeof state);
  bk_herzla_rules_init_default (&state.rules, BK_HERZLA_VIER, 4);
  state.hands[0] = H ("HA E7 G7");
  state.hands[1] = H ("H7 S7 S8");
  state.hands[2] = H ("H8 S9 S10");
  state.hands[3] = H ("H9 SU SO");
  state.step = BK_HERZLA_STEP_PLAY;
  state.contract = BK_CONTRACT_BEDDL;
  state.declarer = 0;
  state.tricks_in_hand = 3;
  state.to_act = 1;
  state.trick.leader = 1;

  g_assert_true (bk_herzla_solver_contract (solver, &state, NULL));
  check_contract_position (solver, &state);
  play (&state, C ("S7"));
  play (&state, C ("S9"));
  play (&state, C ("SO"));
  g_assert_cmphex (bk_herzla_solver_contract_moves (solver, &state), ==, H ("HA E7 G7"));
  check_contract_position (solver, &state);

  /* Under the house rule hearts may be led at once: W leads one and S takes it. */
  state.rules.heart_lead = BK_HEART_LEAD_NORMAL_ONLY;
  g_assert_cmphex (bk_herzla_solver_contract_moves (solver, &state), ==, H ("HA"));
  check_contract_position (solver, &state);
}

static void
start_deal (BkHerzlaHand *state,
            guint         dealer,
            const char   *s,
            const char   *w,
            const char   *n,
            const char   *e)
{
  BkHerzlaRules rules;
  BkHand hands[BK_MAX_SEATS] = { H (s), H (w), H (n), H (e) };
  g_autoptr (GError) error = NULL;

  bk_herzla_rules_init_default (&rules, BK_HERZLA_VIER, 4);
  g_assert_true (bk_herzla_deal_check (&rules, hands, 0, &error));
  g_assert_no_error (error);
  bk_herzla_hand_init (state, &rules, dealer, hands, 0);
}

/* The bids until @declarer bids @contract (H3.1). */
static void
bid (BkHerzlaHand *state,
     guint         declarer,
     BkContract    contract)
{
  while (state->step == BK_HERZLA_STEP_BID)
    {
      BkAction action = bk_action_make (BK_ACTION_BID, (BkSeat) state->to_act,
                                        state->to_act == declarer ? contract
                                                                  : BK_CONTRACT_NORMAL);
      g_autoptr (GError) error = NULL;

      g_assert_true (bk_herzla_hand_apply (state, &action, &error));
      g_assert_no_error (error);
    }
}

/* H4.4: S holds the Sau of three suits with the cards under it, but the Gras-König alone:
 * W keeps the Gras-Sau until S has to lead his König. With the Gras-Sau instead the Mord
 * is made from either lead. */
static void
test_mord_singleton (void)
{
  g_autoptr (BkHerzlaSolver) solver = bk_herzla_solver_new ();
  BkHerzlaHand state;
  BkCard best = BK_CARD_NONE;

  for (guint dealer = 0; dealer < 4; dealer++)
    {
      start_deal (&state, dealer, "EA EK EO GK HA HK HO SA", "GA G10 G9 E10 E9 H10 H9 SK",
                  "GO GU G8 EU E8 HU H8 SO", "G7 E7 H7 SU S10 S9 S8 S7");
      bid (&state, 0, BK_CONTRACT_MORD);
      g_assert_false (bk_herzla_solver_contract (solver, &state, &best));
      g_assert_true (bk_hand_has (bk_herzla_hand_legal (&state), best));
      if (state.to_act != 0)
        {
          BkHand refuting = bk_herzla_solver_contract_moves (solver, &state);
          BkHand gras = state.hands[state.to_act] & H ("GA GK GO GU G10 G9 G8 G7");
          BkCard top = BK_CARD_NONE;

          /* A defender who leads his highest Gras refutes it at once: the Gras-Sau
           * takes the König. */
          for (BkCard c = 0; c < BK_N_CARDS; c++)
            if (bk_hand_has (gras, c) &&
                (top == BK_CARD_NONE || bk_herzla_rules ()->power[c] > bk_herzla_rules ()->power[top]))
              top = c;
          g_assert_true (bk_hand_has (refuting, top));
        }

      start_deal (&state, dealer, "EA EK EO GA HA HK HO SA", "GK G10 G9 E10 E9 H10 H9 SK",
                  "GO GU G8 EU E8 HU H8 SO", "G7 E7 H7 SU S10 S9 S8 S7");
      bid (&state, 0, BK_CONTRACT_MORD);
      g_assert_true (bk_herzla_solver_contract (solver, &state, &best));
      g_assert_true (bk_hand_has (bk_herzla_hand_legal (&state), best));
    }
}

/* H4.3: the seven lowest cards and one more can always duck; with the Eichel-Sau and the
 * Eichel-König he must take the second round of Eichel. */
static void
test_beddl_deals (void)
{
  g_autoptr (BkHerzlaSolver) solver = bk_herzla_solver_new ();
  BkHerzlaHand state;

  start_deal (&state, 3, "E7 E8 G7 G8 H7 H8 S7 S8", "EA EK EO EU E10 E9 GA GK",
              "GO GU G10 G9 HA HK HO HU", "H10 H9 SA SK SO SU S10 S9");
  bid (&state, 2, BK_CONTRACT_BEDDL);
  g_assert_false (bk_herzla_solver_contract (solver, &state, NULL));
  start_deal (&state, 3, "E7 E8 G7 G8 H7 H8 S7 S8", "EA EK EO EU E10 E9 GA GK",
              "GO GU G10 G9 HA HK HO HU", "H10 H9 SA SK SO SU S10 S9");
  bid (&state, 0, BK_CONTRACT_BEDDL);
  g_assert_true (bk_herzla_solver_contract (solver, &state, NULL));

  start_deal (&state, 3, "EA EK G7 G8 H7 H8 S7 S8", "E7 E8 EO EU E10 E9 GA GK",
              "GO GU G10 G9 HA HK HO HU", "H10 H9 SA SK SO SU S10 S9");
  bid (&state, 0, BK_CONTRACT_BEDDL);
  g_assert_false (bk_herzla_solver_contract (solver, &state, NULL));
}

/* ---- The normal game ---- */

static void
check_normal_position (BkHerzlaSolver     *solver,
                       const BkHerzlaHand *state,
                       gint                stock,
                       guint               max_tricks)
{
  guint horizon = max_tricks == BK_HERZLA_SOLVE_ALL ? state->tricks_in_hand
                                                    : state->tricks_done + max_tricks;
  guint n = state->rules.n_players;
  gint values[BK_MAX_SEATS], move_values[BK_N_CARDS];
  BkCard best = BK_CARD_NONE, cards[BK_N_CARDS];
  Values expected, child;
  BkHerzlaHand next;
  guint n_moves;

  ref_normal (state, stock, horizon, &expected);
  bk_herzla_solver_normal (solver, state, stock, max_tricks, values, &best);
  for (guint s = 0; s < n; s++)
    g_assert_cmpint (values[s], ==, expected.v[s]);

  g_assert_true (bk_hand_has (bk_herzla_hand_legal (state), best));
  next = *state;
  play (&next, best);
  ref_normal (&next, stock, horizon, &child);
  g_assert_cmpmem (child.v, sizeof child.v, expected.v, sizeof expected.v);

  /* The paranoid reduction for the seat to act and for the one after him. */
  for (guint k = 0; k < 2; k++)
    {
      guint seat = (state->to_act + k) % n;
      gint value = ref_paranoid (state, stock, horizon, seat);

      g_assert_cmpint (bk_herzla_solver_paranoid (solver, state, stock, max_tricks, seat, &best),
                       ==, value);
      g_assert_true (bk_hand_has (bk_herzla_hand_legal (state), best));
      next = *state;
      play (&next, best);
      g_assert_cmpint (ref_paranoid (&next, stock, horizon, seat), ==, value);
      /* He can make sure of no more than max^n gives him. */
      if (k == 0)
        g_assert_cmpint (value, <=, expected.v[seat]);
    }

  n_moves = bk_herzla_solver_normal_moves (solver, state, stock, max_tricks, cards,
                                           move_values);
  g_assert_cmpuint (n_moves, ==, bk_hand_count (bk_herzla_hand_legal (state)));
  for (guint i = 0; i < n_moves; i++)
    {
      next = *state;
      play (&next, cards[i]);
      ref_normal (&next, stock, horizon, &child);
      g_assert_cmpint (move_values[i], ==, child.v[state->to_act]);
      g_assert_cmpint (move_values[i], <=, expected.v[state->to_act]);
    }
}

/* H5: the four-player normal game, 2 to 4 tricks left, exact and cut at a horizon. */
static void
test_normal_random (void)
{
  g_autoptr (BkHerzlaSolver) solver = bk_herzla_solver_new ();
  guint n_positions = bk_test_scaled (2000);
  BkRng rng;

  bk_rng_init (&rng, 15, 2);
  for (guint i = 0; i < n_positions; i++)
    {
      guint k = 2 + bk_rng_below (&rng, i % 4 == 0 ? 3 : 2);
      gboolean short_hand = bk_rng_below (&rng, 4) == 0;
      guint max_tricks = i % 3 == 0 ? 1 + bk_rng_below (&rng, 2) : BK_HERZLA_SOLVE_ALL;
      BkHerzlaHand state;
      gint stock;

      random_position (&rng, BK_HERZLA_VIER, 4, k, BK_CONTRACT_NORMAL, short_hand, &state,
                       &stock);
      check_normal_position (solver, &state, stock, max_tricks);
    }
}

/* H5: the paranoid reduction deeper, 5 tricks left, where its table is met through
 * windows of every kind. */
static void
test_paranoid_deeper (void)
{
  g_autoptr (BkHerzlaSolver) solver = bk_herzla_solver_new ();
  guint n_positions = bk_test_scaled (40);
  BkRng rng;

  bk_rng_init (&rng, 15, 5);
  for (guint i = 0; i < n_positions; i++)
    {
      BkHerzlaVariant variant = i % 2 ? BK_HERZLA_VIER : BK_HERZLA_EINFACH;
      guint n = variant == BK_HERZLA_VIER ? 4 : 3;
      BkHerzlaHand state;
      gint stock;

      random_position (&rng, variant, n, 5, BK_CONTRACT_NORMAL, FALSE, &state, &stock);
      for (guint seat = 0; seat < n; seat++)
        g_assert_cmpint (bk_herzla_solver_paranoid (solver, &state, stock, BK_HERZLA_SOLVE_ALL,
                                                    seat, NULL),
                         ==, ref_paranoid (&state, stock, state.tricks_in_hand, seat));
    }
}

/* H6.2: the simple form with 3 to 8 players, penalty points. */
static void
test_simple_random (void)
{
  g_autoptr (BkHerzlaSolver) solver = bk_herzla_solver_new ();
  guint n_positions = bk_test_scaled (2000);
  BkRng rng;

  bk_rng_init (&rng, 15, 3);
  for (guint i = 0; i < n_positions; i++)
    {
      guint n = BK_HERZLA_MIN_PLAYERS + i % (BK_HERZLA_MAX_PLAYERS - BK_HERZLA_MIN_PLAYERS + 1);
      guint k = 2 + (n <= 4 ? bk_rng_below (&rng, 2) : 0);
      gboolean short_hand = bk_rng_below (&rng, 4) == 0;
      guint max_tricks = i % 3 == 0 ? 1 : BK_HERZLA_SOLVE_ALL;
      BkHerzlaHand state;
      gint stock;

      random_position (&rng, BK_HERZLA_EINFACH, n, k, BK_CONTRACT_NORMAL, short_hand, &state,
                       &stock);
      check_normal_position (solver, &state, 0, max_tricks);
    }
}

/* The horizon's values are the tally's: cents (H5) or penalty points (H6.2). */
static void
test_horizon_values (void)
{
  BkRng rng;

  bk_rng_init (&rng, 15, 4);
  for (guint i = 0; i < 200; i++)
    {
      BkHerzlaVariant variant = i % 2 ? BK_HERZLA_VIER : BK_HERZLA_EINFACH;
      guint n = variant == BK_HERZLA_VIER ? 4 : 3 + i % 6;
      gint values[BK_MAX_SEATS];
      BkHerzlaHand state;
      Values expected;
      gint stock;

      random_position (&rng, variant, n, 2, BK_CONTRACT_NORMAL, FALSE, &state, &stock);
      state.trick.n = 0;
      ref_tally_values (&state, stock, &expected);
      bk_herzla_solver_horizon_values (&state, stock, values);
      for (guint s = 0; s < n; s++)
        g_assert_cmpint (values[s], ==, expected.v[s]);
    }
}

/* H5.2: with two tricks left S leads, holds the two last hearts and has taken the other
 * six; nobody else can follow Herz, so S takes all eight and pays 80 cents into the stock
 * whatever he does, and the heart-free players get nothing from him. */
static void
test_normal_hand_made (void)
{
  g_autoptr (BkHerzlaSolver) solver = bk_herzla_solver_new ();
  BkHerzlaHand state;
  gint values[BK_MAX_SEATS];
  BkCard best = BK_CARD_NONE;

  memset (&state, 0, sizeof state);
  bk_herzla_rules_init_default (&state.rules, BK_HERZLA_VIER, 4);
  state.hands[0] = H ("HA H7");
  state.hands[1] = H ("EA G7");
  state.hands[2] = H ("E7 G8");
  state.hands[3] = H ("S7 S8");
  state.step = BK_HERZLA_STEP_PLAY;
  state.contract = BK_CONTRACT_NORMAL;
  state.declarer = BK_HERZLA_SEAT_NONE;
  state.tricks_in_hand = 8;
  state.tricks_done = 6;
  state.tricks[0] = 3;
  state.tricks[1] = 3;
  state.hearts[0] = 6;
  state.to_act = 0;
  state.last_winner = 0;

  bk_herzla_solver_normal (solver, &state, 0, BK_HERZLA_SOLVE_ALL, values, &best);
  g_assert_cmpint (values[0], ==, -80);
  g_assert_cmpint (values[1], ==, 0);
  check_normal_position (solver, &state, 0, BK_HERZLA_SOLVE_ALL);
}

/* H5.1: W, still heart-free, cannot follow the Eichel-König of S. Throwing the Herz-König
 * on it keeps him heart-free (he and E share the 80 cents); keeping it, he must follow S's
 * Herz-Sieben with it in the last trick and pays for two hearts. */
static void
test_normal_dump_heart (void)
{
  g_autoptr (BkHerzlaSolver) solver = bk_herzla_solver_new ();
  BkHerzlaHand state;
  gint values[BK_MAX_SEATS], move_values[BK_N_CARDS];
  BkCard best = BK_CARD_NONE, cards[BK_N_CARDS];
  guint n_moves;

  memset (&state, 0, sizeof state);
  bk_herzla_rules_init_default (&state.rules, BK_HERZLA_VIER, 4);
  state.hands[0] = H ("EK H7");
  state.hands[1] = H ("HK G7");
  state.hands[2] = H ("E7 GA");
  state.hands[3] = H ("E8 G9");
  state.step = BK_HERZLA_STEP_PLAY;
  state.contract = BK_CONTRACT_NORMAL;
  state.declarer = BK_HERZLA_SEAT_NONE;
  state.tricks_in_hand = 8;
  state.tricks_done = 6;
  state.tricks[0] = 3;
  state.tricks[2] = 3;
  state.hearts[0] = 3;
  state.hearts[2] = 3;
  state.to_act = 0;
  state.trick.leader = 0;
  play (&state, C ("EK"));

  bk_herzla_solver_normal (solver, &state, 0, BK_HERZLA_SOLVE_ALL, values, &best);
  g_assert_cmpuint (best, ==, C ("HK"));
  g_assert_cmpint (values[1], ==, 40);
  g_assert_cmpint (values[3], ==, 40);
  n_moves = bk_herzla_solver_normal_moves (solver, &state, 0, BK_HERZLA_SOLVE_ALL, cards,
                                           move_values);
  g_assert_cmpuint (n_moves, ==, 2);
  for (guint i = 0; i < n_moves; i++)
    g_assert_cmpint (move_values[i], ==, cards[i] == C ("HK") ? 40 : -20);
  check_normal_position (solver, &state, 0, BK_HERZLA_SOLVE_ALL);

  /* H6.2: the same cards in the simple form, minus a penalty point per heart. */
  state.rules.variant = BK_HERZLA_EINFACH;
  bk_herzla_solver_normal (solver, &state, 0, BK_HERZLA_SOLVE_ALL, values, &best);
  g_assert_cmpuint (best, ==, C ("HK"));
  g_assert_cmpint (values[1], ==, 0);
  g_assert_cmpint (values[0], ==, -5);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/herzla-solver/H4.3,H4.4/contract-random", test_contract_random);
  g_test_add_func ("/herzla-solver/H4.3,H4.4/contract-deeper", test_contract_deeper);
  g_test_add_func ("/herzla-solver/H4.3,H4.4/whole-deals", test_contract_whole_deals);
  g_test_add_func ("/herzla-solver/H4.3/beddl-discard", test_beddl_discard);
  g_test_add_func ("/herzla-solver/H4.3/beddl-deals", test_beddl_deals);
  g_test_add_func ("/herzla-solver/H4.2,H4.3/beddl-heart-lead", test_beddl_heart_lead);
  g_test_add_func ("/herzla-solver/H4.4/mord-singleton", test_mord_singleton);
  g_test_add_func ("/herzla-solver/H5/normal-random", test_normal_random);
  g_test_add_func ("/herzla-solver/H5.2/normal-hand-made", test_normal_hand_made);
  g_test_add_func ("/herzla-solver/H5.1,H6.2/dump-heart", test_normal_dump_heart);
  g_test_add_func ("/herzla-solver/H5/paranoid-deeper", test_paranoid_deeper);
  g_test_add_func ("/herzla-solver/H6.2/simple-random", test_simple_random);
  g_test_add_func ("/herzla-solver/H5,H6.2/horizon-values", test_horizon_values);
  return g_test_run ();
}
