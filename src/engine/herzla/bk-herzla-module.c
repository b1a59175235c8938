/* bk-herzla-module.c: Herzla as a game module (docs/rules-herzla.md): the deal, the
 * bidding (H3), play with the trick number and the contract in view (H4), the early end
 * of a broken contract, and the payments in cents with the stock (H5), all on the pure
 * hand of bk-herzla-hand.c, for the four-player game and the simple form of 3 to 8 players
 * (BkRules.herzla). BkGame runs a Herzla session on it and its records read back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-error.h"
#include "bk-game-private.h"
#include "bk-herzla.h"
#include "bk-herzla-game.h"
#include "bk-herzla-module.h"

void
bk_herzla_rules_from (BkHerzlaRules *herzla,
                      const BkRules *rules)
{
  *herzla = rules->herzla;
}

static gboolean
herzla_rules_check (const BkRules  *rules,
                    GError        **error)
{
  return bk_herzla_rules_check (&rules->herzla, error);
}

static guint
herzla_n_seats (const BkRules *rules)
{
  BkHerzlaRules herzla;

  bk_herzla_rules_from (&herzla, rules);
  return herzla.n_players;
}

/* notation.md "Herzla": the four-player game's seats are S W N E, the simple form's 1..n. */
static const char *
herzla_seat_name (const BkRules *rules,
                  guint          seat)
{
  static const char * const numbers[BK_MAX_SEATS] = { "1", "2", "3", "4", "5", "6", "7", "8" };

  if (rules->herzla.variant == BK_HERZLA_VIER)
    return bk_seat_to_string ((BkSeat) seat);
  g_return_val_if_fail (seat < BK_MAX_SEATS, "?");
  return numbers[seat];
}

static gboolean
herzla_seat_parse (const BkRules  *rules,
                   const char     *text,
                   guint          *seat,
                   GError        **error)
{
  guint64 number;

  if (rules->herzla.variant == BK_HERZLA_VIER)
    return bk_seat_parse (text, seat, error);
  if (!g_ascii_string_to_unsigned (text, 10, 1, rules->herzla.n_players, &number, NULL))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                   /* Translators: a seat of the simple Herzla is a number, 1 to %u. */
                   _("“%s” is not a seat (write 1 to %u)"), text, rules->herzla.n_players);
      return FALSE;
    }
  *seat = (guint) number - 1;
  return TRUE;
}

static char *
herzla_seat_display_name (const BkRules *rules,
                          guint          seat)
{
  if (rules->herzla.variant == BK_HERZLA_VIER)
    return g_strdup (bk_seat_display_name ((BkSeat) seat));
  /* Translators: a seat of the simple Herzla for 3 to 8 players, "Player 3". */
  return g_strdup_printf (_("Player %u"), seat + 1);
}

/* H3: a contract's declarer plays against all the others; otherwise each plays alone. */
static guint
herzla_side_of (gconstpointer hand,
                guint         seat)
{
  const BkHerzlaHand *state = hand;

  if (state->declarer == BK_HERZLA_SEAT_NONE)
    return BK_SIDE_ALONE;
  return seat == state->declarer ? 0 : 1;
}

static void
herzla_deal (const BkRules *rules,
             const BkCard  *deck,
             guint          dealer,
             BkHand        *hands,
             BkHand        *aside)
{
  BkHerzlaRules herzla;
  BkHand laid = 0;

  bk_herzla_rules_from (&herzla, rules);
  bk_herzla_deal_from_deck (&herzla, deck, dealer, hands, &laid);
  if (aside)
    *aside = laid;
}

static gboolean
herzla_deal_check (const BkRules  *rules,
                   const BkHand   *hands,
                   BkHand          aside,
                   GError        **error)
{
  BkHerzlaRules herzla;

  bk_herzla_rules_from (&herzla, rules);
  return bk_herzla_deal_check (&herzla, hands, aside, error);
}

static void
herzla_hand_init (gpointer       hand,
                  const BkRules *rules,
                  gconstpointer  score,
                  guint          dealer,
                  const BkHand  *hands,
                  BkHand         aside)
{
  BkHerzlaRules herzla;

  (void) score;
  bk_herzla_rules_from (&herzla, rules);
  bk_herzla_hand_init (hand, &herzla, dealer, hands, aside);
}

static BkHandStage
herzla_stage (gconstpointer hand)
{
  switch (((const BkHerzlaHand *) hand)->step)
    {
    case BK_HERZLA_STEP_BID: return BK_HAND_STAGE_BEFORE_PLAY;
    case BK_HERZLA_STEP_PLAY: return BK_HAND_STAGE_PLAY;
    default: return BK_HAND_STAGE_OVER;
    }
}

static guint
herzla_to_act (gconstpointer hand)
{
  return ((const BkHerzlaHand *) hand)->to_act;
}

static guint
herzla_dealer (gconstpointer hand)
{
  return ((const BkHerzlaHand *) hand)->dealer;
}

static BkHand
herzla_cards (gconstpointer hand,
              guint         seat)
{
  g_return_val_if_fail (seat < BK_MAX_SEATS, 0);
  return ((const BkHerzlaHand *) hand)->hands[seat];
}

static BkHand
herzla_legal (gconstpointer hand)
{
  return bk_herzla_hand_legal (hand);
}

static guint
herzla_tricks_done (gconstpointer hand)
{
  return ((const BkHerzlaHand *) hand)->tricks_done;
}

static void
herzla_last_trick (gconstpointer  hand,
               BkTrick       *trick,
               guint         *winner)
{
  const BkHerzlaHand *state = hand;

  *trick = state->last_trick;
  *winner = state->last_winner;
}

static void
herzla_trick_on_table (gconstpointer  hand,
                       BkTrick       *trick)
{
  *trick = ((const BkHerzlaHand *) hand)->trick;
}

/* H4: Farbzwang and the heart lead, for the seat to play. */
static const char *
herzla_reason (gconstpointer hand,
               guint         seat,
               BkCard        card)
{
  const BkHerzlaHand *state = hand;

  if (state->step != BK_HERZLA_STEP_PLAY || seat != state->to_act)
    return NULL;
  return bk_herzla_hand_reason (state, card);
}

static BkHand
herzla_dealt (gconstpointer hand,
              guint         seat)
{
  g_return_val_if_fail (seat < BK_MAX_SEATS, 0);
  return ((const BkHerzlaHand *) hand)->dealt[seat];
}

/* H6.1: the cards out of play in the simple form. */
static BkHand
herzla_aside (gconstpointer hand)
{
  return ((const BkHerzlaHand *) hand)->aside;
}

/* H2.1: packets of four or of two. */
static guint
herzla_packet_of (gconstpointer hand,
                  guint         index)
{
  const BkHerzlaHand *state = hand;

  return index / (state->rules.packets == BK_HERZLA_PACKETS_2_2_2_2 ? 2 : 4);
}

static gboolean
herzla_check (gconstpointer    hand,
              const BkAction  *action,
              GError         **error)
{
  return bk_herzla_hand_check (hand, action, error);
}

static void
herzla_apply (gpointer        hand,
              const BkAction *action)
{
  bk_herzla_hand_apply_unchecked (hand, action);
}

static void
herzla_score_init (gpointer       score,
                   const BkRules *rules)
{
  BkHerzlaRules herzla;

  bk_herzla_rules_from (&herzla, rules);
  bk_herzla_score_init (score, &herzla);
}

/* H5: the hand's payments are added to the balances, the stock carried on; H6.2: the
 * penalty points to the totals. Returns TRUE when the hand ended the session (H6.3), with
 * the house rules the hand was dealt with. */
static gboolean
herzla_score_hand (gpointer       score,
                   const BkRules *rules,
                   gconstpointer  hand)
{
  (void) rules;
  return bk_herzla_score_add (score, hand);
}

/* A const BkHerzlaResult *. */
static gconstpointer
herzla_last_result (gconstpointer score)
{
  return &((const BkHerzlaScore *) score)->last;
}

/* The four-player game: what each seat received and paid in the session (its balance is
 * the difference; a save's state line holds whole numbers only) and the stock; the simple
 * form: the penalty totals. */
static void
herzla_score_write (gconstpointer  score,
                    GString       *line)
{
  const BkHerzlaScore *session = score;
  guint n = session->n_players;

  if (session->variant == BK_HERZLA_EINFACH)
    {
      g_string_append (line, "penalty");
      for (guint s = 0; s < n; s++)
        g_string_append_printf (line, " %u", session->penalty[s]);
      return;
    }
  g_string_append (line, "received");
  for (guint s = 0; s < n; s++)
    g_string_append_printf (line, " %u", session->received[s]);
  g_string_append (line, " paid");
  for (guint s = 0; s < n; s++)
    g_string_append_printf (line, " %u", session->paid[s]);
  g_string_append_printf (line, " stock %d", session->stock);
}

/* notation.md, checkpoint: the session's score in full: hands H over yes|no, then the
 * four-player game's received, paid and stock, or the simple form's penalty totals. */
static void
herzla_checkpoint_write (BkGame  *game,
                         GString *line)
{
  const BkHerzlaScore *session = bk_game_get_score (game);

  g_string_append_printf (line, "hands %u over %s ", session->hands,
                          session->over ? "yes" : "no");
  herzla_score_write (session, line);
}

/* @n figures from @words[@at] on, each at most @maximum. */
static gboolean
read_figures (const char * const *words,
              guint               at,
              guint               n,
              guint64             maximum,
              guint              *figures)
{
  for (guint i = 0; i < n; i++)
    {
      guint64 value;

      if (!g_ascii_string_to_unsigned (words[at + i], 10, 0, maximum, &value, NULL))
        return FALSE;
      figures[i] = (guint) value;
    }
  return TRUE;
}

static gboolean
herzla_checkpoint_read (BkGame              *game,
                        const char * const  *words,
                        GError             **error)
{
  BkHerzlaScore session = *(const BkHerzlaScore *) bk_game_get_score (game);
  guint n_words = g_strv_length ((char **) words), n = session.n_players, hands;
  gboolean fits;

  fits = n_words >= 5 && g_str_equal (words[0], "hands") &&
         read_figures (words, 1, 1, G_MAXUINT, &hands) && g_str_equal (words[2], "over") &&
         (g_str_equal (words[3], "yes") || g_str_equal (words[3], "no"));
  if (fits && session.variant == BK_HERZLA_EINFACH)
    fits = n_words == 5 + n && g_str_equal (words[4], "penalty") &&
           read_figures (words, 5, n, G_MAXINT, session.penalty);
  else if (fits)
    {
      gint64 stock;

      /* received N… paid N… stock S: the balances are their difference (H5.6). */
      fits = n_words == 8 + 2 * n && g_str_equal (words[4], "received") &&
             read_figures (words, 5, n, G_MAXINT / 2, session.received) &&
             g_str_equal (words[5 + n], "paid") &&
             read_figures (words, 6 + n, n, G_MAXINT / 2, session.paid) &&
             g_str_equal (words[6 + 2 * n], "stock") &&
             g_ascii_string_to_signed (words[7 + 2 * n], 10, 0, G_MAXINT / 2, &stock, NULL);
      if (fits)
        {
          gint sum = (gint) stock;

          session.stock = (gint) stock;
          for (guint s = 0; s < n; s++)
            {
              session.cents[s] = (gint) session.received[s] - (gint) session.paid[s];
              sum += session.cents[s];
            }
          fits = sum == 0;
        }
    }
  if (!fits)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The checkpoint is damaged"));
      return FALSE;
    }
  session.hands = hands;
  session.over = g_str_equal (words[3], "yes");
  *(BkHerzlaScore *) bk_game_peek_score (game) = session;
  return TRUE;
}

/* notation.md, Herzla: bid SEAT beddl|mord|weiter, play SEAT CARD. */
static void
herzla_action_write (const BkRules  *rules,
                     const BkAction *action,
                     GString        *line)
{
  const char *seat = herzla_seat_name (rules, action->seat);

  if (action->type == BK_ACTION_BID)
    g_string_append_printf (line, "bid %s %s", seat,
                            action->arg == BK_CONTRACT_NORMAL
                            ? "weiter" : bk_contract_to_string ((BkContract) action->arg));
  else
    g_string_append_printf (line, "play %s %s", seat, bk_card_to_string ((BkCard) action->arg));
}

static gboolean
herzla_action_read (const BkRules      *rules,
                    const char * const *words,
                    BkAction           *action,
                    GError            **error)
{
  gboolean is_bid = g_str_equal (words[0], "bid");
  BkSeat seat;

  if (!is_bid && !g_str_equal (words[0], "play"))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("Unknown keyword “%s”"), words[0]);
      return FALSE;
    }
  if (g_strv_length ((char **) words) != 3)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("“%s” takes %u to %u words, not %u"), words[0], 2u, 2u,
                   g_strv_length ((char **) words) - 1);
      return FALSE;
    }
  if (!herzla_seat_parse (rules, words[1], &seat, error))
    return FALSE;
  if (is_bid)
    {
      BkContract contract = BK_CONTRACT_NORMAL;

      if (!g_str_equal (words[2], "weiter") && !bk_contract_parse (words[2], &contract, error))
        return FALSE;
      *action = bk_action_make (BK_ACTION_BID, seat, contract);
    }
  else
    {
      BkCard card;

      if (!bk_card_parse (words[2], &card, error))
        return FALSE;
      *action = bk_action_make (BK_ACTION_PLAY, seat, card);
    }
  return TRUE;
}

static gboolean
herzla_action_implied (gconstpointer   hand,
                       const BkAction *next,
                       BkAction       *implied)
{
  (void) hand, (void) next, (void) implied;
  return FALSE; /* a Herzla record writes every bid */
}

static const char * const action_keywords[] = { "bid", "play", NULL };

G_STATIC_ASSERT (sizeof (BkHerzlaHand) <= BK_HAND_MAX_SIZE);

static gboolean
herzla_session_over (gconstpointer score)
{
  return ((const BkHerzlaScore *) score)->over;
}

/* The table is laid for one form and one number of players: those stay for the session;
 * the other house rules may change between hands. */
static gboolean
herzla_rules_change_check (const BkRules  *old,
                           const BkRules  *rules,
                           GError        **error)
{
  if (old->herzla.variant != rules->herzla.variant ||
      old->herzla.n_players != rules->herzla.n_players)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("The form of Herzla and the number of players cannot change within a "
                     "session"));
      return FALSE;
    }
  return TRUE;
}

const BkGameModule bk_herzla_module = {
  .kind = BK_GAME_HERZLA,
  .id = "herzla",
  .name = N_("Herzla"),
  .trick_rules = bk_herzla_rules,
  .playable = TRUE,
  .hand_size = sizeof (BkHerzlaHand),
  .score_size = sizeof (BkHerzlaScore),
  .rules_check = herzla_rules_check,
  .rules_change_check = herzla_rules_change_check,
  .session_over = herzla_session_over,
  .checkpoint_write = herzla_checkpoint_write,
  .checkpoint_read = herzla_checkpoint_read,
  .n_seats = herzla_n_seats,
  .seat_name = herzla_seat_name,
  .seat_parse = herzla_seat_parse,
  .seat_display_name = herzla_seat_display_name,
  .side_of = herzla_side_of,
  .deal = herzla_deal,
  .deal_check = herzla_deal_check,
  .hand_init = herzla_hand_init,
  .stage = herzla_stage,
  .to_act = herzla_to_act,
  .dealer = herzla_dealer,
  .cards = herzla_cards,
  .legal = herzla_legal,
  .tricks_done = herzla_tricks_done,
  .last_trick = herzla_last_trick,
  .trick_on_table = herzla_trick_on_table,
  .reason = herzla_reason,
  .dealt = herzla_dealt,
  .packet_of = herzla_packet_of,
  .aside = herzla_aside,
  .check = herzla_check,
  .apply = herzla_apply,
  .score_init = herzla_score_init,
  .score_hand = herzla_score_hand,
  .last_result = herzla_last_result,
  .result_size = sizeof (BkHerzlaResult),
  .score_write = herzla_score_write,
  .class_init = bk_herzla_game_class_init,
  .get_property = bk_herzla_game_get_property,
  .changed = bk_herzla_game_changed,
  .scored = bk_herzla_game_scored,
  .action_keywords = action_keywords,
  .action_write = herzla_action_write,
  .action_read = herzla_action_read,
  .action_implied = herzla_action_implied,
};
