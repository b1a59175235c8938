/* bk-table-host.c: the host of a table (docs/network.md).
 *
 * Why it is at 1,200 lines: every stanza's check and the table's stages read and change
 * the host's one state; what it keeps for a restart is in bk-table-host-resume.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-error.h"
#include "bk-computer-turn.h"
#include "bk-fair-deal.h"
#include "bk-game-rules.h"
#include "bk-levels.h"
#include "bk-net-bucket.h"
#include "bk-table-host-private.h"
#include "bk-table-host-public.h"

/* Seats in this file are chairs (bk_net_seat_chair()) unless called `now`. */

G_DEFINE_FINAL_TYPE (BkTableHost, bk_table_host, G_TYPE_OBJECT)

enum {
  SIGNAL_SEND,
  SIGNAL_REFUSED,
  SIGNAL_HAND_FINISHED,
  SIGNAL_FINISHED,
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
bk_table_host_dispose (GObject *object)
{
  BkTableHost *self = BK_TABLE_HOST (object);

  for (guint s = 0; s < BK_MAX_SEATS; s++)
    g_clear_object (&self->seats[s].strategy);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (bk_table_host_parent_class)->dispose (object);
}

static void
bk_table_host_finalize (GObject *object)
{
  BkTableHost *self = BK_TABLE_HOST (object);

  for (guint s = 0; s < BK_MAX_SEATS; s++)
    {
      g_free (self->seats[s].level);
      g_free (self->seats[s].jid);
      g_free (self->seats[s].nick);
      g_free (self->seats[s].next_jid);
      g_free (self->seats[s].next_nick);
    }
  g_free (self->room);
  g_free (self->nick);
  g_free (self->header);
  g_string_free (self->hand_lines, TRUE);
  g_clear_pointer (&self->last_reveal, bk_xmpp_element_unref);
  g_free (self->last_lines);
  g_hash_table_unref (self->rates);
  G_OBJECT_CLASS (bk_table_host_parent_class)->finalize (object);
}

static void
bk_table_host_class_init (BkTableHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = bk_table_host_dispose;
  object_class->finalize = bk_table_host_finalize;

  signals[SIGNAL_SEND] =
    g_signal_new ("send", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_POINTER, G_TYPE_BOOLEAN);
  signals[SIGNAL_REFUSED] =
    g_signal_new ("refused", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
  signals[SIGNAL_HAND_FINISHED] =
    g_signal_new ("hand-finished", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

void
bk_table_host_changed (BkTableHost *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
bk_table_host_init (BkTableHost *self)
{
  self->grace = BK_NET_GRACE_DEFAULT;
  self->deals = 1;
  self->hand_lines = g_string_new (NULL);
  self->rates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

BkTableHost *
bk_table_host_new (BkGame     *game,
                   const char *room_jid,
                   const char *nick)
{
  BkTableHost *self;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);
  g_return_val_if_fail (bk_game_get_phase (game) == BK_PHASE_NEW, NULL);
  g_return_val_if_fail (room_jid != NULL && nick != NULL, NULL);

  self = g_object_new (BK_TYPE_TABLE_HOST, NULL);
  self->game = g_object_ref (game);
  self->room = g_strdup (room_jid);
  self->nick = g_strdup (nick);
  /* The session's identity is in the header the guests get: set it before. */
  if (bk_game_get_session_id (game) == 0)
    bk_game_set_session_id (game, g_get_real_time (), NULL);
  self->header = bk_game_to_record (game);
  self->published = strlen (self->header);
  self->n_seats = bk_game_get_n_seats (game);
  for (guint s = 0; s < self->n_seats; s++)
    self->seats[s].person = TRUE;
  return self;
}

BkGame *
bk_table_host_get_game (BkTableHost *self)
{
  g_return_val_if_fail (BK_IS_TABLE_HOST (self), NULL);
  return self->game;
}

/* A JID's bare form as we compare them: without the resource, the domain in lowercase. */
static char *
bare_jid (const char *jid)
{
  g_autofree char *bare = g_strndup (jid, strcspn (jid, "/"));

  return g_utf8_strdown (bare, -1);
}

void
bk_table_host_seat_person (BkTableHost *self,
                           BkSeat       seat,
                           const char  *jid)
{
  g_return_if_fail (BK_IS_TABLE_HOST (self) && seat < self->n_seats);
  g_return_if_fail (self->stage == STAGE_SEATING);

  self->seats[seat].person = TRUE;
  g_clear_pointer (&self->seats[seat].level, g_free);
  g_clear_object (&self->seats[seat].strategy);
  g_free (self->seats[seat].jid);
  self->seats[seat].jid = jid ? bare_jid (jid) : NULL;
  bk_game_set_strategy (self->game, seat, NULL);
}

void
bk_table_host_place_strategies (BkTableHost *self)
{
  for (BkSeat now = 0; now < self->n_seats; now++)
    {
      const Seat *seat = &self->seats[bk_net_seat_chair (self->game, now)];

      bk_game_set_strategy (self->game, now,
                            !seat->person || seat->stand_in ? seat->strategy : NULL);
    }
}

gboolean
bk_table_host_seat_computer (BkTableHost *self,
                             BkSeat       seat,
                             const char  *level,
                             GError     **error)
{
  g_autoptr (BkStrategy) strategy = NULL;

  g_return_val_if_fail (BK_IS_TABLE_HOST (self) && seat < self->n_seats, FALSE);
  g_return_val_if_fail (level != NULL && self->stage == STAGE_SEATING, FALSE);

  strategy = bk_strategy_new_for_level (bk_game_get_rules (self->game)->game, level, error);
  if (strategy == NULL)
    return FALSE;
  bk_game_set_strategy (self->game, seat, strategy);
  g_set_object (&self->seats[seat].strategy, strategy);
  self->seats[seat].person = FALSE;
  g_free (self->seats[seat].level);
  self->seats[seat].level = g_strdup (level);
  g_clear_pointer (&self->seats[seat].jid, g_free);
  return TRUE;
}

void
bk_table_host_set_room (BkTableHost *self,
                        const char  *room_jid)
{
  g_return_if_fail (BK_IS_TABLE_HOST (self) && room_jid != NULL);
  g_return_if_fail (self->stage == STAGE_SEATING);

  g_free (self->room);
  self->room = g_strdup (room_jid);
}

void
bk_table_host_set_deals (BkTableHost *self,
                         guint        deals)
{
  g_return_if_fail (BK_IS_TABLE_HOST (self));
  self->deals = deals;
}

void
bk_table_host_set_grace (BkTableHost *self,
                         guint        seconds)
{
  g_return_if_fail (BK_IS_TABLE_HOST (self));
  self->grace = seconds;
}

static void send_table (BkTableHost *self);

void
bk_table_host_set_hints (BkTableHost *self,
                         gboolean     allowed)
{
  g_return_if_fail (BK_IS_TABLE_HOST (self));

  if (self->no_hints == !allowed)
    return;
  self->no_hints = !allowed;
  /* a table that is open already tells the room its new rule */
  if (self->started && self->stage != STAGE_FINISHED)
    {
      bk_table_host_changed (self);
      send_table (self);
    }
}

gboolean
bk_table_host_get_hints (BkTableHost *self)
{
  g_return_val_if_fail (BK_IS_TABLE_HOST (self), TRUE);
  return !self->no_hints;
}

gboolean
bk_table_host_is_finished (BkTableHost *self)
{
  g_return_val_if_fail (BK_IS_TABLE_HOST (self), FALSE);
  return self->stage == STAGE_FINISHED;
}

guint
bk_table_host_get_seq (BkTableHost *self)
{
  g_return_val_if_fail (BK_IS_TABLE_HOST (self), 0);
  return self->seq;
}

static void
send (BkTableHost       *self,
      const char        *nick,
      const char        *body,
      const BkNetStanza *stanza)
{
  g_autoptr (BkXmppElement) payload = bk_net_stanza_build (stanza);

  /* Everything that goes to one occupant alone is kept off archives and carbons. */
  g_signal_emit (self, signals[SIGNAL_SEND], 0, nick, body, payload, nick != NULL);
}

/* A seat's name for people: the person's nickname, or the computer's seat. */
static char *
seat_person_name (BkTableHost *self,
                  BkSeat       now)
{
  const Seat *s = &self->seats[bk_net_seat_chair (self->game, now)];
  g_autofree char *name = bk_seat_dup_display_name (bk_game_get_rules (self->game), now);

  if (s->person && s->nick)
    return g_strdup (s->nick);
  /* Translators: a seat played by the host's computer, e.g. "West (computer)". */
  return g_strdup_printf (_("%s (computer)"), name);
}

static void
send_table (BkTableHost *self)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autofree char *body = NULL;
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
  send (self, NULL, body, &stanza);
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

  if (g_strv_length (words) >= 2 && strcmp (words[0], "dealer") == 0 &&
      bk_seat_parse_for (rules, words[1], &seat, NULL))
    {
      g_autofree char *name = seat_person_name (self, seat);

      return g_strdup_printf (_("Hand %u: %s deals"), bk_game_get_hand_number (self->game),
                              name);
    }
  if (g_strv_length (words) == 3 && bk_net_is_action_line (rules, line) &&
      bk_seat_parse_for (rules, words[1], &seat, NULL))
    {
      g_autofree char *name = seat_person_name (self, seat);

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
      g_autofree char *name = seat_person_name (self, seat);

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
static void
publish (BkTableHost *self)
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
      send (self, NULL, body, &stanza);
    }
  self->published = strlen (record);
}

static void begin_hand (BkTableHost *self);
static void begin_hand_with_claims (BkTableHost *self);

static void
finish_hand (BkTableHost *self)
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
  body = g_strdup_printf (_("Hand %u is over; its deal can now be checked"), self->hand);
  g_clear_pointer (&self->last_reveal, bk_xmpp_element_unref);
  self->last_reveal = bk_net_stanza_build (&stanza);
  g_free (self->last_lines);
  self->last_lines = g_strdup (self->hand_lines->str);
  send (self, NULL, body, &stanza);
  self->hands_played++;
  g_signal_emit (self, signals[SIGNAL_HAND_FINISHED], 0, self->hand);
  begin_hand_with_claims (self);
}

/* The host's computer players act until a person is due or the hand is over. */
static void
run_computers (BkTableHost *self)
{
  while (self->stage == STAGE_PLAYING && bk_game_step (self->game))
    publish (self);
  if (self->stage == STAGE_PLAYING && bk_game_get_phase (self->game) == BK_PHASE_HAND_OVER)
    finish_hand (self);
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
  publish (self);
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
          send (self, seat->nick, body, &stanza);
        }
    }
  run_computers (self);
}

/* Whether every person seated and here has sent the secret of the hand. */
static void
deal_if_ready (BkTableHost *self)
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

static void
begin_hand (BkTableHost *self)
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
      send (self, NULL, body, &stanza);
      g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
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
  send (self, NULL, body, &stanza);
  deal_if_ready (self);
}

static gboolean
all_seated (BkTableHost *self)
{
  for (guint s = 0; s < self->n_seats; s++)
    if (self->seats[s].person && (self->seats[s].jid == NULL || self->seats[s].nick == NULL))
      return FALSE;
  return TRUE;
}

static void send_state (BkTableHost *self, BkSeat seat);

/* A host taken up again goes on where it was kept: every person here gets the table
 * (they wait for us), and whatever was due when the host went is done now. */
static void
resume_start (BkTableHost *self)
{
  /* the last reveal may have been lost with the host: before anything of the next hand
   * (a guest that has it ignores it) */
  if (self->last_reveal && self->stage != STAGE_PLAYING)
    {
      g_auto (GStrv) lines = g_strsplit (self->last_lines ? self->last_lines : "", "\n", -1);
      g_autofree char *body = g_strdup_printf (_("Hand %u is over; its deal can now be checked"),
                                               self->hands_played);

      /* the hand's lines first: a guest that missed its end takes them in order, one that
       * has them drops them */
      for (guint i = 0; lines[i] && lines[i][0]; i++)
        {
          g_auto (BkNetStanza) line = { 0 };

          bk_net_stanza_init (&line, bk_net_is_action_line (bk_game_get_rules (self->game),
                                                            lines[i]) ? BK_NET_ACTION
                                                                      : BK_NET_LINE);
          line.hand = self->hands_played;
          line.seq = i;
          line.text = g_strdup (lines[i]);
          send (self, NULL, NULL, &line);
        }
      g_signal_emit (self, signals[SIGNAL_SEND], 0, NULL, body, self->last_reveal, FALSE);
    }
  send_table (self);
  for (guint s = 0; s < self->n_seats; s++)
    if (self->seats[s].person && self->seats[s].present)
      send_state (self, s);
  switch (self->stage)
    {
    case STAGE_SEATING:
      if (all_seated (self))
        begin_hand (self);
      break;
    case STAGE_COMMITTED:
      deal_if_ready (self);
      break;
    case STAGE_PLAYING:
      /* the last line may have been the hand's; a reveal seen twice is ignored */
      if (bk_game_get_phase (self->game) == BK_PHASE_HAND_OVER)
        finish_hand (self);
      else
        run_computers (self);
      break;
    case STAGE_FINISHED:
      break;
    }
}

void
bk_table_host_start (BkTableHost *self)
{
  g_return_if_fail (BK_IS_TABLE_HOST (self));

  self->started = TRUE;
  if (self->resumed)
    {
      resume_start (self);
      return;
    }
  g_return_if_fail (self->stage == STAGE_SEATING);
  send_table (self);
  if (all_seated (self))
    begin_hand (self);
}

/* The seat bound to @jid, or BK_SEAT_NONE. */
static BkSeat
seat_of_jid (BkTableHost *self,
             const char  *jid)
{
  for (guint s = 0; s < self->n_seats; s++)
    if (self->seats[s].person && g_strcmp0 (self->seats[s].jid, jid) == 0)
      return s;
  return BK_SEAT_NONE;
}

static void
send_state (BkTableHost *self,
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
  send (self, self->seats[seat].nick, NULL, &stanza);
}

static gboolean
refuse (BkTableHost  *self,
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
  send (self, nick, reason->message, &stanza);
  g_signal_emit (self, signals[SIGNAL_REFUSED], 0, nick, code, reason->message);
  g_propagate_error (error, reason);
  return FALSE;
}

static GError *
net_error (BkNetError  code,
           const char *format,
           ...) G_GNUC_PRINTF (2, 3);

static GError *
net_error (BkNetError  code,
           const char *format,
           ...)
{
  va_list args;
  GError *error;

  va_start (args, format);
  error = g_error_new_valist (BK_NET_ERROR, code, format, args);
  va_end (args);
  return error;
}

/* A token bucket per occupant: BK_NET_RATE_BURST at once, BK_NET_RATE_PER_SECOND after. */
static gboolean
rate_ok (BkTableHost *self,
         const char  *nick,
         gint64       now)
{
  BkNetBucket *rate = g_hash_table_lookup (self->rates, nick);

  if (rate == NULL)
    {
      rate = g_new0 (BkNetBucket, 1);
      bk_net_bucket_init (rate, BK_NET_RATE_BURST, BK_NET_RATE_PER_SECOND, now);
      g_hash_table_insert (self->rates, g_strdup (nick), rate);
    }
  return bk_net_bucket_take (rate, now);
}

/* A chair as people name it: the seat where its player sits now, e.g. "West". */
static char *
chair_name (BkTableHost *self,
            BkSeat       chair)
{
  return bk_seat_dup_display_name (bk_game_get_rules (self->game),
                                   bk_net_seat_now (self->game, chair));
}

/* --- a computer's chair taken by a person (docs/network.md 3.14) --- */

/* Whether another hand follows the one that ended. */
static gboolean
more_hands (BkTableHost *self)
{
  return self->hands_played < self->deals && !bk_game_is_session_over (self->game);
}

/* The person @jid (@nick) takes the computer's @chair from now on. */
static void
take_computer_chair (BkTableHost *self,
                     BkSeat       chair,
                     const char  *jid,
                     const char  *nick)
{
  Seat *s = &self->seats[chair];

  g_message ("%s (%s) takes the computer's seat %u", nick, jid, chair);
  s->person = TRUE;
  s->present = TRUE;
  s->stand_in = FALSE;
  g_clear_pointer (&s->level, g_free);
  g_clear_object (&s->strategy);
  g_free (s->jid);
  s->jid = g_strdup (jid);
  g_free (s->nick);
  s->nick = g_strdup (nick);
  bk_table_host_place_strategies (self);
}

/* At a hand's end, whoever claimed a computer's chair takes it before the next hand is
 * sealed (the people seated at the commitment send the secrets of its seed, section 6),
 * and then gets the table. */
static void
begin_hand_with_claims (BkTableHost *self)
{
  guint32 taken = 0;

  for (guint c = 0; c < self->n_seats && more_hands (self); c++)
    {
      Seat *s = &self->seats[c];
      g_autofree char *jid = g_steal_pointer (&s->next_jid);
      g_autofree char *nick = g_steal_pointer (&s->next_nick);

      if (!s->person && jid)
        {
          take_computer_chair (self, c, jid, nick);
          taken |= 1u << c;
        }
    }
  if (taken)
    {
      bk_table_host_changed (self);
      send_table (self);
    }
  begin_hand (self);
  for (guint c = 0; c < self->n_seats; c++)
    if (taken & (1u << c))
      send_state (self, c);
}

/* A claim of the computer's @chair by @jid, who sits at @bound (BK_SEAT_NONE: nowhere):
 * taken at once before the first hand, kept for the hand's end while one is sealed or
 * in play (a pub's friend waits for the hand to end); one such claim per chair, and per
 * person (a claim of another chair replaces it). */
static GError *
claim_computer_chair (BkTableHost *self,
                      const char  *nick,
                      const char  *jid,
                      BkSeat       chair,
                      BkSeat       bound)
{
  Seat *s = &self->seats[chair];
  g_autofree char *name = chair_name (self, chair);

  if (bound != BK_SEAT_NONE)
    {
      g_autofree char *bound_name = chair_name (self, bound);

      return net_error (BK_NET_ERROR_SEAT_TAKEN, _("You already sit at %s"), bound_name);
    }
  /* the hand sealed or in play is the last one */
  if (self->stage == STAGE_FINISHED ||
      (self->stage != STAGE_SEATING && self->hands_played + 1 >= self->deals))
    return net_error (BK_NET_ERROR_UNEXPECTED, _("No hand is to come at this table"));
  if (s->next_jid && strcmp (s->next_jid, jid) != 0)
    /* Translators: "Sepp takes West at the end of the hand" */
    return net_error (BK_NET_ERROR_SEAT_TAKEN, _("%s takes %s at the end of the hand"),
                      s->next_nick, name);
  for (guint c = 0; c < self->n_seats; c++)
    if (g_strcmp0 (self->seats[c].next_jid, jid) == 0)
      {
        g_clear_pointer (&self->seats[c].next_jid, g_free);
        g_clear_pointer (&self->seats[c].next_nick, g_free);
      }
  if (self->stage == STAGE_SEATING)
    {
      take_computer_chair (self, chair, jid, nick);
      return NULL;
    }
  g_message ("%s (%s) takes seat %u at the end of hand %u", nick, jid, chair, self->hand);
  s->next_jid = g_strdup (jid);
  s->next_nick = g_strdup (nick);
  send_table (self);
  return NULL;
}

/* The claims of @nick, who left the room, lapse: TRUE when there were any. */
static gboolean
drop_claims (BkTableHost *self,
             const char  *nick)
{
  gboolean dropped = FALSE;

  for (guint c = 0; c < self->n_seats; c++)
    if (g_strcmp0 (self->seats[c].next_nick, nick) == 0)
      {
        g_message ("%s left: the claim of seat %u lapses", nick, c);
        g_clear_pointer (&self->seats[c].next_jid, g_free);
        g_clear_pointer (&self->seats[c].next_nick, g_free);
        dropped = TRUE;
      }
  return dropped;
}

static GError *
handle_claim (BkTableHost       *self,
              const char        *nick,
              const char        *jid,
              const BkNetStanza *stanza)
{
  BkSeat seat = stanza->seat, bound = seat_of_jid (self, jid);
  g_autofree char *name = NULL;
  Seat *s;

  if (seat >= self->n_seats)
    return net_error (BK_NET_ERROR_MALFORMED, _("The table has no seat %u"), seat);
  name = chair_name (self, seat);
  if (!self->seats[seat].person)
    {
      GError *kept = claim_computer_chair (self, nick, jid, seat, bound);

      /* refused, or kept for the hand's end; else taken, and it goes on as any claim */
      if (kept != NULL || !self->seats[seat].person)
        return kept;
    }
  s = &self->seats[seat];
  if (bound != BK_SEAT_NONE && bound != seat)
    {
      g_autofree char *bound_name = chair_name (self, bound);

      return net_error (BK_NET_ERROR_SEAT_TAKEN, _("You already sit at %s"), bound_name);
    }
  if (s->jid && strcmp (s->jid, jid) != 0)
    return net_error (BK_NET_ERROR_SEAT_TAKEN, _("%s is taken"), name);
  if (s->jid == NULL)
    s->jid = g_strdup (jid);
  g_free (s->nick);
  s->nick = g_strdup (nick);
  s->present = TRUE;
  if (s->stand_in)
    {
      /* back from a drop: the person plays again */
      s->stand_in = FALSE;
      g_clear_object (&s->strategy);
      bk_table_host_place_strategies (self);
    }
  g_message ("%s (%s) sits at seat %u", nick, jid, seat);
  bk_table_host_changed (self);
  send_table (self);
  send_state (self, seat);
  if (self->stage == STAGE_SEATING && all_seated (self))
    begin_hand (self);
  else
    deal_if_ready (self);
  return NULL;
}

static GError *
handle_seated (BkTableHost       *self,
               BkSeat             seat,
               const BkNetStanza *stanza)
{
  Seat *s = &self->seats[seat];
  const BkRules *rules = bk_game_get_rules (self->game);
  BkSeat now = bk_net_seat_now (self->game, seat);
  BkAction action;
  GError *error = NULL;

  switch (stanza->kind)
    {
    case BK_NET_RESYNC:
      /* a guest started again knows nothing yet, not even the table */
      send_table (self);
      send_state (self, seat);
      return NULL;
    case BK_NET_SECRET:
      /* the same secret again (a friend who took a computer's chair sends it at the
       * commitment and at its <state/>, section 3.14) is no news while its hand is dealt */
      if (stanza->hand == self->hand && self->stage == STAGE_PLAYING && s->secret_in &&
          memcmp (s->secret, stanza->digest, BK_NET_SECRET_SIZE) == 0)
        return NULL;
      if (stanza->hand < self->hand || (stanza->hand == self->hand &&
                                        self->stage == STAGE_PLAYING))
        return net_error (BK_NET_ERROR_REPLAYED, _("Hand %u has been dealt already"),
                          stanza->hand);
      if (self->stage != STAGE_COMMITTED || stanza->hand != self->hand)
        return net_error (BK_NET_ERROR_UNEXPECTED, _("No deal of hand %u is sealed"),
                          stanza->hand);
      /* the same secret again (its guest got the table again, e.g. from a host started
       * again) is no news */
      if (s->secret_in && memcmp (s->secret, stanza->digest, BK_NET_SECRET_SIZE) == 0)
        return NULL;
      if (s->secret_in)
        return net_error (BK_NET_ERROR_UNEXPECTED, _("Your secret of hand %u is in already"),
                          stanza->hand);
      memcpy (s->secret, stanza->digest, BK_NET_SECRET_SIZE);
      s->secret_in = TRUE;
      bk_table_host_changed (self);
      deal_if_ready (self);
      return NULL;
    case BK_NET_REQUEST:
    case BK_NET_DECLINE:
      if (stanza->hand != self->hand || stanza->seq < self->seq)
        return net_error (BK_NET_ERROR_REPLAYED,
                          _("This request was for hand %u at line %u; the table is at hand %u, "
                            "line %u"), stanza->hand, stanza->seq, self->hand, self->seq);
      if (self->stage != STAGE_PLAYING)
        return g_error_new (BK_ERROR, BK_ERROR_WRONG_PHASE, _("The hand is not in play"));
      if (stanza->seq != self->seq)
        return net_error (BK_NET_ERROR_MALFORMED, _("Line %u of the hand has not been played"),
                          stanza->seq);
      if (stanza->kind == BK_NET_DECLINE)
        {
          if (!bk_game_is_waiting_for_offer (self->game, now))
            return net_error (BK_NET_ERROR_UNEXPECTED, _("Nothing is offered to you now"));
          bk_game_decline_offer (self->game, now);
          run_computers (self);
          return NULL;
        }
      if (!bk_net_action_parse (rules, stanza->text, &action, &error))
        return error;
      if (action.seat != now)
        {
          g_autofree char *name = bk_seat_dup_display_name (rules, now);

          return net_error (BK_NET_ERROR_NOT_SEATED, _("You sit at %s: you cannot act for "
                                                       "another seat"), name);
        }
      if (!bk_game_apply (self->game, &action, &error))
        return error;
      publish (self);
      if (bk_game_get_phase (self->game) == BK_PHASE_HAND_OVER)
        finish_hand (self);
      else
        run_computers (self);
      return NULL;
    default:
      return net_error (BK_NET_ERROR_UNEXPECTED, _("A guest does not send <%s/>"),
                        bk_net_kind_name (stanza->kind));
    }
}

gboolean
bk_table_host_handle (BkTableHost         *self,
                      const char          *nick,
                      const char          *real_jid,
                      const BkXmppElement *payload,
                      gint64               now,
                      GError             **error)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autofree char *jid = NULL;
  GError *reason = NULL;
  BkSeat seat, by_nick = BK_SEAT_NONE;

  g_return_val_if_fail (BK_IS_TABLE_HOST (self), FALSE);
  g_return_val_if_fail (nick != NULL && payload != NULL, FALSE);

  memset (&stanza, 0, sizeof stanza);
  if (!rate_ok (self, nick, now))
    return refuse (self, nick, error,
                   net_error (BK_NET_ERROR_FLOOD, _("Too many stanzas: at most %u a second"),
                              BK_NET_RATE_PER_SECOND));
  if (!bk_net_stanza_parse (payload, BK_NET_MAX_REQUEST_BYTES, &stanza, &reason))
    return refuse (self, nick, error, reason);
  if (real_jid == NULL)
    return refuse (self, nick, error,
                   net_error (BK_NET_ERROR_NOT_SEATED,
                              _("The room does not show the host your address")));
  jid = bare_jid (real_jid);

  /* A seated person's nickname is theirs: nobody else speaks under it. */
  for (guint s = 0; s < self->n_seats; s++)
    if (self->seats[s].person && g_strcmp0 (self->seats[s].nick, nick) == 0)
      by_nick = s;
  if (by_nick != BK_SEAT_NONE && g_strcmp0 (self->seats[by_nick].jid, jid) != 0)
    {
      g_autofree char *name = chair_name (self, by_nick);

      return refuse (self, nick, error,
                     net_error (BK_NET_ERROR_NICKNAME,
                                _("The nickname %s belongs to the player at %s"), nick, name));
    }

  if (stanza.kind == BK_NET_CLAIM)
    reason = handle_claim (self, nick, jid, &stanza);
  else if (stanza.kind == BK_NET_RESYNC &&
           ((seat = seat_of_jid (self, jid)) == BK_SEAT_NONE || self->seats[seat].nick == NULL))
    /* a newcomer without a seat (a spectator, or before its claim, even when the seat is
     * kept for its address) learns the table */
    {
      send_table (self);
      bk_table_host_send_public_state (self, nick);
    }
  else if ((seat = seat_of_jid (self, jid)) == BK_SEAT_NONE)
    reason = net_error (BK_NET_ERROR_NOT_SEATED, _("You have no seat at this table"));
  else if (self->seats[seat].nick == NULL)
    reason = net_error (BK_NET_ERROR_NOT_SEATED, _("Claim your seat first"));
  else if (g_strcmp0 (self->seats[seat].nick, nick) != 0)
    {
      g_autofree char *name = chair_name (self, seat);

      reason = net_error (BK_NET_ERROR_NICKNAME, _("You sit at %s under another nickname"),
                          name);
    }
  else
    reason = handle_seated (self, seat, &stanza);
  if (reason)
    return refuse (self, nick, error, reason);
  return TRUE;
}

void
bk_table_host_refuse_unread (BkTableHost  *self,
                             const char   *nick,
                             const GError *reason)
{
  g_return_if_fail (BK_IS_TABLE_HOST (self) && nick != NULL && reason != NULL);

  refuse (self, nick, NULL,
          g_error_new (BK_NET_ERROR,
                       /* the element tree's one refusal for size */
                       strstr (reason->message, "larger than") ? BK_NET_ERROR_TOO_LARGE
                                                               : BK_NET_ERROR_MALFORMED,
                       "%s", reason->message));
}

void
bk_table_host_occupant (BkTableHost *self,
                        const char  *nick,
                        const char  *real_jid,
                        gboolean     present,
                        gint64       now)
{
  g_autofree char *jid = NULL;
  BkSeat seat;
  Seat *s;

  g_return_if_fail (BK_IS_TABLE_HOST (self) && nick != NULL);

  if (self->stage == STAGE_FINISHED || g_strcmp0 (nick, self->nick) == 0)
    return;
  /* Whoever comes in learns what the table is (the room's history may be off). */
  if (present || drop_claims (self, nick))
    send_table (self);
  if (real_jid == NULL)
    return;
  jid = bare_jid (real_jid);
  seat = seat_of_jid (self, jid);
  if (seat == BK_SEAT_NONE || self->seats[seat].nick == NULL)
    return;
  s = &self->seats[seat];
  /* a host started again finds its people in the room: each gets the table so far */
  if (present && !s->present && self->resumed && g_strcmp0 (s->nick, nick) == 0)
    {
      s->present = TRUE;
      g_message ("%s is still at seat %u", nick, seat);
      /* before the start, the start sends it */
      if (self->started)
        send_state (self, seat);
      return;
    }
  /* Our own stream was lost and a new session joined the room again: every occupant
   * left and came back as the room showed them to us, though the people never left and
   * do not claim again. One is back as after a claim (what they sent the old session
   * was lost: the state asks them again). A stand-in keeps the seat until the claim. */
  if (present && !s->present && !s->stand_in && g_strcmp0 (s->nick, nick) == 0)
    {
      s->present = TRUE;
      g_message ("%s is at seat %u again", nick, seat);
      bk_table_host_changed (self);
      send_table (self);
      send_state (self, seat);
      return;
    }
  if (!present && s->present && g_strcmp0 (s->nick, nick) == 0)
    {
      g_auto (BkNetStanza) stanza = { 0 };
      g_autofree char *body = NULL;

      s->present = FALSE;
      s->away_since = now;
      g_message ("%s left seat %u; the table waits %u s", nick, seat, self->grace);
      bk_net_stanza_init (&stanza, BK_NET_WAIT);
      stanza.seat = seat;
      stanza.seconds = self->grace;
      body = g_strdup_printf (_("The table waits for %s (%u s)"), nick, self->grace);
      send (self, NULL, body, &stanza);
      send_table (self);
    }
  /* A return is a claim of the seat again (handle_claim), which sends the state. */
}

void
bk_table_host_tick (BkTableHost *self,
                    gint64       now)
{
  g_return_if_fail (BK_IS_TABLE_HOST (self));

  for (guint s = 0; s < self->n_seats; s++)
    {
      Seat *seat = &self->seats[s];
      g_autoptr (BkStrategy) strategy = NULL;

      if (!seat->person || seat->present || seat->stand_in || seat->nick == NULL ||
          now - seat->away_since < (gint64) self->grace * G_USEC_PER_SEC)
        continue;
      strategy = bk_strategy_new_for_level (bk_game_get_rules (self->game)->game,
                                            STAND_IN_LEVEL, NULL);
      g_message ("Seat %u goes to a computer player until %s returns", s, seat->nick);
      seat->stand_in = TRUE;
      g_set_object (&seat->strategy, strategy);
      bk_table_host_place_strategies (self);
      bk_table_host_changed (self);
      send_table (self);
      deal_if_ready (self);
      run_computers (self);
    }
}
