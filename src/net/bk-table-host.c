/* bk-table-host.c: the host of a table (docs/network.md): the object, its seats and
 * settings, the start, and the room's comings and goings. The rest is split by the
 * protocol's seams (bk-table-host-private.h): what goes out (-send) and its bodies in
 * words (-bodies), a hand's stages (-hand), claims of seats (-claims), the checks of what
 * comes in (-requests), and what is kept for a restart (-resume).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-game-rules.h"
#include "bk-levels.h"
#include "bk-table-host-private.h"

G_DEFINE_FINAL_TYPE (BkTableHost, bk_table_host, G_TYPE_OBJECT)

guint bk_table_host_signals[N_SIGNALS];

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
  g_free (self->last_table);
  g_hash_table_unref (self->rates);
  g_hash_table_unref (self->occupants);
  G_OBJECT_CLASS (bk_table_host_parent_class)->finalize (object);
}

static void
bk_table_host_class_init (BkTableHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = bk_table_host_dispose;
  object_class->finalize = bk_table_host_finalize;

  bk_table_host_signals[SIGNAL_SEND] =
    g_signal_new ("send", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_POINTER, G_TYPE_BOOLEAN);
  bk_table_host_signals[SIGNAL_REFUSED] =
    g_signal_new ("refused", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
  bk_table_host_signals[SIGNAL_HAND_FINISHED] =
    g_signal_new ("hand-finished", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  bk_table_host_signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  bk_table_host_signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

void
bk_table_host_set_clock (BkTableHost *self,
                         gint64       now)
{
  self->clock = MAX (self->clock, now);
}

void
bk_table_host_changed (BkTableHost *self)
{
  g_signal_emit (self, bk_table_host_signals[SIGNAL_CHANGED], 0);
}

static void
bk_table_host_init (BkTableHost *self)
{
  self->grace = BK_NET_GRACE_DEFAULT;
  self->deals = 1;
  self->hand_lines = g_string_new (NULL);
  self->rates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->occupants = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
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
char *
bk_table_host_bare_jid (const char *jid)
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
  self->seats[seat].jid = jid ? bk_table_host_bare_jid (jid) : NULL;
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
      bk_table_host_send_table (self);
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
          bk_table_host_send (self, NULL, NULL, &line);
        }
      g_signal_emit (self, bk_table_host_signals[SIGNAL_SEND], 0, NULL, body, self->last_reveal,
                     FALSE);
    }
  bk_table_host_send_table (self);
  for (guint s = 0; s < self->n_seats; s++)
    if (self->seats[s].person && self->seats[s].present)
      bk_table_host_send_state (self, s);
  switch (self->stage)
    {
    case STAGE_SEATING:
      if (bk_table_host_all_seated (self))
        bk_table_host_begin_hand (self);
      break;
    case STAGE_COMMITTED:
      bk_table_host_deal_if_ready (self);
      break;
    case STAGE_PLAYING:
      /* the last line may have been the hand's; a reveal seen twice is ignored */
      if (bk_game_get_phase (self->game) == BK_PHASE_HAND_OVER)
        bk_table_host_finish_hand (self);
      else
        bk_table_host_run_computers (self);
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
  bk_table_host_send_table (self);
  if (bk_table_host_all_seated (self))
    bk_table_host_begin_hand (self);
}

/* The seat bound to @jid, or BK_SEAT_NONE. */
BkSeat
bk_table_host_seat_of_jid (BkTableHost *self,
                           const char  *jid)
{
  for (guint s = 0; s < self->n_seats; s++)
    if (self->seats[s].person && g_strcmp0 (self->seats[s].jid, jid) == 0)
      return s;
  return BK_SEAT_NONE;
}
/* A chair as people name it: the seat where its player sits now, e.g. "West". */
char *
bk_table_host_chair_name (BkTableHost *self,
                          BkSeat       chair)
{
  return bk_seat_dup_display_name (bk_game_get_rules (self->game),
                                   bk_net_seat_now (self->game, chair));
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

  bk_table_host_set_clock (self, now);
  if (g_strcmp0 (nick, self->nick) == 0)
    return;
  if (present)
    bk_table_host_note_occupant (self, nick, real_jid);
  else
    bk_table_host_forget_rate (self, nick);
  if (self->stage == STAGE_FINISHED)
    return;
  /* Whoever comes in learns what the table is (the room's history may be off); a claim
   * that lapses changes it. */
  if (!present && bk_table_host_drop_claims (self, nick))
    bk_table_host_send_table (self);
  else if (present)
    bk_table_host_send_table_again (self, nick, real_jid, FALSE);
  if (real_jid == NULL)
    return;
  jid = bk_table_host_bare_jid (real_jid);
  seat = bk_table_host_seat_of_jid (self, jid);
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
        bk_table_host_send_state (self, seat);
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
      bk_table_host_send_table (self);
      bk_table_host_send_state (self, seat);
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
      bk_table_host_send (self, NULL, body, &stanza);
      bk_table_host_send_table (self);
    }
  /* A return is a claim of the seat again (handle_claim), which sends the state. */
}

void
bk_table_host_tick (BkTableHost *self,
                    gint64       now)
{
  g_return_if_fail (BK_IS_TABLE_HOST (self));

  bk_table_host_set_clock (self, now);
  bk_table_host_sweep_rates (self);
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
      bk_table_host_send_table (self);
      bk_table_host_deal_if_ready (self);
      bk_table_host_run_computers (self);
    }
}
