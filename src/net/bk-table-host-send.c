/* bk-table-host-send.c: what the host tells the room and each occupant
 * (docs/network.md 3): the <table/>, the record's public lines with their bodies in a
 * person's words, a seat's <state/>, and refusals.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-game-module.h"
#include "bk-game-rules.h"
#include "bk-table-host-private.h"

void
bk_table_host_send (BkTableHost       *self,
                    const char        *nick,
                    const char        *body,
                    const BkNetStanza *stanza)
{
  g_autoptr (BkXmppElement) payload = bk_net_stanza_build (stanza);

  /* Everything that goes to one occupant alone is kept off archives and carbons. */
  g_signal_emit (self, bk_table_host_signals[SIGNAL_SEND], 0, nick, body, payload, nick != NULL);
}

char *
bk_table_host_seat_name (BkTableHost *self,
                         BkSeat       now)
{
  const Seat *s = &self->seats[bk_net_seat_chair (self->game, now)];
  g_autofree char *name = bk_seat_dup_display_name (bk_game_get_rules (self->game), now);

  if (s->person && s->nick)
    return g_strdup (s->nick);
  /* Translators: a seat played by the host's computer, e.g. "West (computer)". */
  return g_strdup_printf (_("%s (computer)"), name);
}

/* The <table/> to the room; unless @again, only when it is not the one posted last. */
static void
post_table (BkTableHost *self,
            gboolean     again)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) payload = NULL;
  g_autofree char *body = NULL;
  g_autofree char *text = NULL;
  guint free_seats = 0;

  bk_net_stanza_init (&stanza, BK_NET_TABLE);
  stanza.host = g_strdup (self->nick);
  stanza.record = g_strdup (self->header);
  stanza.n_seats = self->n_seats;
  stanza.hints_off = self->no_hints;
  for (guint s = 0; s < self->n_seats; s++)
    {
      const Seat *seat = &self->seats[s];

      if (seat->person && seat->nick)
        stanza.seats[s].nick = g_strdup (seat->nick);
      /* a computer's chair a person takes at the hand's end (section 3.14) */
      if (!seat->person && seat->next_nick)
        stanza.seats[s].nick = g_strdup (seat->next_nick);
      if (!seat->person || seat->stand_in)
        stanza.seats[s].level = g_strdup (seat->person ? STAND_IN_LEVEL : seat->level);
      stanza.seats[s].away = seat->person && seat->jid && !seat->present;
      free_seats += seat->person && seat->jid == NULL;
    }
  body = free_seats == 0
         ? g_strdup (_("Every seat at the table is taken"))
         : g_strdup_printf (ngettext ("%u seat at the table is free",
                                      "%u seats at the table are free", free_seats),
                            free_seats);
  payload = bk_net_stanza_build (&stanza);
  text = bk_xmpp_element_to_string (payload);
  /* the same table again tells nobody anything, but whoever came in or asked */
  if (!again && g_strcmp0 (text, self->last_table) == 0)
    return;
  g_free (self->last_table);
  self->last_table = g_steal_pointer (&text);
  self->last_table_at = self->clock;
  bk_table_host_send (self, NULL, body, &stanza);
}

void
bk_table_host_send_table (BkTableHost *self)
{
  post_table (self, FALSE);
}

void
bk_table_host_send_table_again (BkTableHost *self,
                                const char  *nick,
                                const char  *real_jid,
                                gboolean     asked)
{
  Rate *rate = bk_table_host_rate_of (self, nick, real_jid);

  if (!asked)
    rate->came_at = self->clock;
  /* every <table/> says the whole table: one posted since it came in answers this too */
  else if (self->last_table != NULL && self->last_table_at >= rate->came_at &&
           self->clock - self->last_table_at < BK_TABLE_HOST_AGAIN_USEC)
    {
      g_debug ("%s asks for the table posted %" G_GINT64_FORMAT " ms ago: not again", nick,
               (self->clock - self->last_table_at) / 1000);
      return;
    }
  if (!bk_net_bucket_take (&rate->tables, self->clock))
    {
      g_debug ("%s has drawn the table too often: not again", nick);
      return;
    }
  post_table (self, TRUE);
}

/* What a public record line says in a person's words, for any XMPP client in the room. */
static char *
line_body (BkTableHost *self,
           const char  *line)
{
  const BkRules *rules = bk_game_get_rules (self->game);
  g_auto (GStrv) words = g_strsplit (line, " ", 3);
  BkSeat seat;
  BkCard card;

  if (strcmp (words[0], "seating") == 0)
    return bk_table_host_seating_body (self);
  if (g_strv_length (words) >= 2 && strcmp (words[0], "dealer") == 0 &&
      bk_seat_parse_for (rules, words[1], &seat, NULL))
    {
      g_autofree char *name = bk_table_host_seat_name (self, seat);

      return g_strdup_printf (_("Hand %u: %s deals"), bk_game_get_hand_number (self->game),
                              name);
    }
  if (g_strv_length (words) == 3 && bk_net_is_action_line (rules, line) &&
      bk_seat_parse_for (rules, words[1], &seat, NULL))
    {
      g_autofree char *name = bk_table_host_seat_name (self, seat);

      if (strcmp (words[0], "play") == 0 && bk_card_parse (words[2], &card, NULL))
        {
          g_autofree char *card_name = bk_card_display_name (card);

          /* Translators: "Hans plays the Ober of Eichel". */
          return g_strdup_printf (_("%s plays the %s"), name, card_name);
        }
      /* "Sepp: gut": the word as the table says it */
      return g_strdup_printf ("%s: %s", name, words[2]);
    }
  if (g_strv_length (words) == 2 && bk_net_is_action_line (rules, line) &&
      bk_seat_parse_for (rules, words[1], &seat, NULL))
    {
      g_autofree char *name = bk_table_host_seat_name (self, seat);

      return g_strdup_printf ("%s: %s", name, words[0]);
    }
  return NULL;
}

gboolean
bk_table_host_line_is_public (const char *line)
{
  return !g_str_has_prefix (line, "hand ") && !g_str_has_prefix (line, "aside ") &&
         line[0] != '\0' && line[0] != '#';
}

/* Sends the room what the record gained since the last call, but the cards dealt. It is
 * kept (::changed) before it goes out: a host killed in between sends it again. */
/* Where the offer open now began (an offer is answered outside the turn order, B3.6):
 * a person's decline sent since answers it, though the others' lines came after it on
 * its way (handle_seated). Several lines published at once count from the last. */
static void
note_offer (BkTableHost *self)
{
  const BkGameModule *module = bk_game_get_module (self->game);
  guint level;

  if (module->offer_level == NULL)
    return;
  level = module->offer_level (bk_game_get_hand (self->game));
  if (self->offer_hand == self->hand && self->offer_level == level)
    return;
  self->offer_hand = self->hand;
  self->offer_level = level;
  self->offer_seq = self->seq;
}

void
bk_table_host_publish (BkTableHost *self)
{
  g_autofree char *record = bk_game_to_record (self->game);
  const BkRules *rules = bk_game_get_rules (self->game);
  const char *p = record + self->published;

  if (*p)
    bk_table_host_changed (self);
  while (*p)
    {
      const char *end = strchr (p, '\n');
      g_autofree char *line = end ? g_strndup (p, (gsize) (end - p)) : g_strdup (p);
      g_auto (BkNetStanza) stanza = { 0 };
      g_autofree char *body = NULL;

      p = end ? end + 1 : p + strlen (p);
      if (!bk_table_host_line_is_public (line))
        continue;
      bk_net_stanza_init (&stanza, bk_net_is_action_line (rules, line) ? BK_NET_ACTION
                                                                       : BK_NET_LINE);
      stanza.hand = self->hand;
      stanza.seq = self->seq++;
      stanza.text = g_strdup (line);
      g_string_append_printf (self->hand_lines, "%s\n", line);
      body = line_body (self, line);
      /* the card that completed a trick: the last one played in what is published now */
      if (g_str_has_prefix (line, "play ") && !g_str_has_prefix (p, "play ") &&
          strstr (p, "\nplay ") == NULL)
        {
          g_autofree char *trick = bk_table_host_trick_body (self);

          if (trick)
            {
              char *both = g_strdup_printf ("%s\n%s", body ? body : "", trick);

              g_free (body);
              body = both;
            }
        }
      bk_table_host_send (self, NULL, body, &stanza);
    }
  self->published = strlen (record);
  note_offer (self);
}


void
bk_table_host_send_state (BkTableHost *self,
                          BkSeat       seat)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autofree char *record = bk_game_to_record (self->game);
  const BkGameRules *trick_rules = bk_game_get_module (self->game)->trick_rules ();

  bk_net_stanza_init (&stanza, BK_NET_STATE);
  stanza.hand = self->hand;
  stanza.seq = self->seq;
  stanza.seat = seat;
  /* Every finished hand is public once revealed: the whole record before this hand. */
  stanza.record = g_strndup (record, self->stage == STAGE_SEATING ? strlen (self->header)
                                                                 : self->hand_start);
  stanza.lines = g_strdup (self->hand_lines->str);
  stanza.text = self->seats[seat].dealt ? bk_hand_to_string (trick_rules,
                                                             self->seats[seat].dealt)
                                        : g_strdup ("");
  if (self->stage == STAGE_COMMITTED || self->stage == STAGE_PLAYING)
    {
      stanza.has_digest = TRUE;
      memcpy (stanza.digest, self->commitment, BK_NET_SECRET_SIZE);
    }
  bk_table_host_send (self, self->seats[seat].nick, NULL, &stanza);
  /* and the chair's resume token, to its person alone (docs/network.md 3.16) */
  bk_table_host_send_token (self, seat);
}

gboolean
bk_table_host_refuse (BkTableHost  *self,
                      const char   *nick,
                      GError      **error,
                      GError       *reason)
{
  g_auto (BkNetStanza) stanza = { 0 };
  const char *code = bk_net_error_code (reason);

  g_message ("Refused from %s (%s): %s", nick, code, reason->message);
  bk_net_stanza_init (&stanza, BK_NET_REFUSED);
  stanza.hand = self->hand;
  stanza.seq = self->seq;
  stanza.code = g_strdup (code);
  stanza.text = g_strdup (reason->message);
  bk_table_host_send (self, nick, reason->message, &stanza);
  g_signal_emit (self, bk_table_host_signals[SIGNAL_REFUSED], 0, nick, code, reason->message);
  g_propagate_error (error, reason);
  return FALSE;
}
