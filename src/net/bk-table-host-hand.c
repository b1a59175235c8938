/* bk-table-host-hand.c: a hand's stages at the host (docs/network.md 6): the deal sealed,
 * the secrets in, the cards dealt, the computers' turns, the reveal, the next hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-computer-turn.h"
#include "bk-fair-deal.h"
#include "bk-game-rules.h"
#include "bk-table-host-private.h"

void
bk_table_host_finish_hand (BkTableHost *self)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autofree char *body = NULL;

  bk_net_stanza_init (&stanza, BK_NET_REVEAL);
  stanza.hand = self->hand;
  memcpy (stanza.digest, self->host_secret, BK_NET_SECRET_SIZE);
  for (guint s = 0; s < self->n_seats; s++)
    if (self->seats[s].contributes)
      {
        stanza.secret_seats[stanza.n_seats] = (guint8) s;
        memcpy (stanza.secrets[stanza.n_seats], self->seats[s].secret, BK_NET_SECRET_SIZE);
        stanza.n_seats++;
      }
  {
    g_autofree char *result = bk_table_host_result_body (self);
    g_autofree char *score = bk_table_host_score_body (self);
    g_autofree char *check = g_strdup_printf (_("Hand %u is over; its deal can now be checked"),
                                              self->hand);

    /* what the hand came to, for people, before its check */
    body = g_strdup_printf ("%s\n%s%s%s", result, score ? score : "", score ? "\n" : "",
                            check);
  }
  g_clear_pointer (&self->last_reveal, bk_xmpp_element_unref);
  self->last_reveal = bk_net_stanza_build (&stanza);
  g_free (self->last_lines);
  self->last_lines = g_strdup (self->hand_lines->str);
  bk_table_host_send (self, NULL, body, &stanza);
  self->hands_played++;
  g_signal_emit (self, bk_table_host_signals[SIGNAL_HAND_FINISHED], 0, self->hand);
  bk_table_host_begin_hand_with_claims (self);
}

/* The host's computer players act until a person is due or the hand is over. */
void
bk_table_host_run_computers (BkTableHost *self)
{
  while (self->stage == STAGE_PLAYING && bk_game_step (self->game))
    bk_table_host_publish (self);
  if (self->stage == STAGE_PLAYING && bk_game_get_phase (self->game) == BK_PHASE_HAND_OVER)
    bk_table_host_finish_hand (self);
}

/* "Your cards in hand 3: the Ober of Acorns, …", in the active deck's names. */
static char *
cards_body (guint  hand,
            BkHand cards)
{
  g_autoptr (GString) names = g_string_new (NULL);

  for (; cards; cards &= cards - 1)
    {
      g_autofree char *name = bk_card_display_name (bk_hand_first (cards));

      g_string_append_printf (names, "%s%s", names->len ? ", " : "", name);
    }
  return g_strdup_printf (_("Your cards in hand %u: %s"), hand, names->str);
}

static void
deal (BkTableHost *self)
{
  guint8 secrets[BK_MAX_SEATS][BK_NET_SECRET_SIZE], seed[BK_NET_SECRET_SIZE];
  g_autoptr (GError) error = NULL;
  guint n = 0;

  for (guint s = 0; s < self->n_seats; s++)
    {
      self->seats[s].contributes = self->seats[s].secret_in;
      if (self->seats[s].secret_in)
        memcpy (secrets[n++], self->seats[s].secret, BK_NET_SECRET_SIZE);
    }
  bk_fair_deal_seed (self->host_secret, (const guint8 (*)[BK_NET_SECRET_SIZE]) secrets, n,
                     self->room, self->hand, seed);
  if (!bk_game_next_hand_from_seed (self->game, seed, &error))
    {
      g_warning ("The table cannot deal: %s", error->message);
      return;
    }
  g_assert (bk_game_get_hand_number (self->game) == self->hand);
  bk_table_host_place_strategies (self);
  self->stage = STAGE_PLAYING;
  /* the cards dealt are kept (publish's ::changed) before any goes out */
  for (guint s = 0; s < self->n_seats; s++)
    self->seats[s].dealt = bk_game_get_cards (self->game, bk_net_seat_now (self->game, s));
  bk_table_host_publish (self);
  for (guint s = 0; s < self->n_seats; s++)
    {
      Seat *seat = &self->seats[s];
      const BkGameRules *trick_rules = bk_game_get_module (self->game)->trick_rules ();

      if (seat->person && seat->nick && seat->present)
        {
          g_auto (BkNetStanza) stanza = { 0 };
          g_autofree char *body = NULL;

          bk_net_stanza_init (&stanza, BK_NET_HAND);
          stanza.hand = self->hand;
          stanza.seat = s;
          stanza.text = bk_hand_to_string (trick_rules, seat->dealt);
          body = cards_body (self->hand, seat->dealt);
          bk_table_host_send (self, seat->nick, body, &stanza);
        }
    }
  bk_table_host_run_computers (self);
}

/* Whether every person seated and here has sent the secret of the hand. */
void
bk_table_host_deal_if_ready (BkTableHost *self)
{
  if (self->stage != STAGE_COMMITTED)
    return;
  for (guint s = 0; s < self->n_seats; s++)
    {
      const Seat *seat = &self->seats[s];

      if (seat->person && !seat->stand_in && !seat->secret_in)
        return;
    }
  deal (self);
}

void
bk_table_host_begin_hand (BkTableHost *self)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autofree char *body = NULL;
  g_autofree char *hex = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL;

  if (self->hands_played >= self->deals || bk_game_is_session_over (self->game))
    {
      bk_net_stanza_init (&stanza, BK_NET_END);
      stanza.hand = self->hands_played;
      self->stage = STAGE_FINISHED;
      bk_table_host_changed (self);
      body = g_strdup_printf (ngettext ("The table closes after %u hand",
                                        "The table closes after %u hands", self->hands_played),
                              self->hands_played);
      bk_table_host_send (self, NULL, body, &stanza);
      g_signal_emit (self, bk_table_host_signals[SIGNAL_FINISHED], 0);
      return;
    }
  if (!bk_fair_deal_new_secret (self->host_secret, &error))
    {
      g_warning ("%s", error->message);
      return;
    }
  bk_fair_deal_commitment (self->host_secret, self->commitment);
  self->hand = bk_game_get_hand_number (self->game) + 1;
  self->stage = STAGE_COMMITTED;
  self->seq = 0;
  g_string_truncate (self->hand_lines, 0);
  record = bk_game_to_record (self->game);
  self->hand_start = strlen (record);
  for (guint s = 0; s < self->n_seats; s++)
    {
      self->seats[s].secret_in = FALSE;
      self->seats[s].contributes = FALSE;
      self->seats[s].dealt = 0;
    }
  bk_table_host_changed (self);
  bk_net_stanza_init (&stanza, BK_NET_COMMIT);
  stanza.hand = self->hand;
  memcpy (stanza.digest, self->commitment, BK_NET_SECRET_SIZE);
  hex = bk_net_hex (self->commitment, BK_NET_SECRET_SIZE);
  body = g_strdup_printf (_("Hand %u: the deal is sealed (SHA-256 %.16s…)"), self->hand, hex);
  bk_table_host_send (self, NULL, body, &stanza);
  bk_table_host_deal_if_ready (self);
}

gboolean
bk_table_host_all_seated (BkTableHost *self)
{
  for (guint s = 0; s < self->n_seats; s++)
    if (self->seats[s].person && (self->seats[s].jid == NULL || self->seats[s].nick == NULL))
      return FALSE;
  return TRUE;
}
