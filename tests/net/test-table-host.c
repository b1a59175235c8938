/* test-table-host.c: the host's bad-input battery (issue 23, test 4; docs/network.md,
 * "Errors"): each stanza handed straight to bk_table_host_handle() is refused with its
 * reason, told to its sender alone, and changes nothing: the game's record, phase and turn
 * are what they were.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "net-harness.h"

#include "bk-computer-turn.h"
#include "bk-record.h"
#include "bk-error.h"
#include "bk-net-senders.h"
#include "bk-table-host-private.h"

typedef struct {
  Harness   harness;
  BkGame   *game;
  char     *last_to;
  char     *last_reason;
  gboolean  last_private;
  guint     refusals;
} Fixture;

static void
capture_cb (BkTableHost   *host,
            const char    *nick,
            const char    *body,
            BkXmppElement *payload,
            gboolean       private,
            gpointer       user_data)
{
  Fixture *fixture = user_data;

  if (strcmp (bk_xmpp_element_get_name (payload), "refused") != 0)
    return;
  fixture->refusals++;
  g_free (fixture->last_to);
  fixture->last_to = g_strdup (nick);
  g_free (fixture->last_reason);
  fixture->last_reason = g_strdup (bk_xmpp_element_get_attr (payload, "reason"));
  fixture->last_private = private;
}

/* Herzla's simple form for four (no steps before play): seat 0 the host's computer, seats
 * 1 to 3 people whose guests ask nobody (they wait for requests we make ourselves). */
static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  BkRules rules;

  bk_rules_init_default (&rules);
  g_assert_true (bk_rules_set_option (&rules, "game", "herzla", NULL));
  g_assert_true (bk_rules_set_option (&rules, "variant", "einfach", NULL));
  g_assert_true (bk_rules_set_option (&rules, "players", "4", NULL));
  fixture->game = bk_game_new (&rules, 11);
  harness_init (&fixture->harness, fixture->game);
  bk_table_host_set_deals (fixture->harness.host, 50);
  g_assert_true (bk_table_host_seat_computer (fixture->harness.host, 0, "random", NULL));
  for (guint s = 1; s < 4; s++)
    {
      g_autofree char *nick = g_strdup_printf ("bot%u", s);
      g_autofree char *jid = g_strdup_printf ("bot%u@example.org/cli", s);

      bk_table_host_seat_person (fixture->harness.host, s, NULL);
      harness_add_guest (&fixture->harness, nick, jid, s, NULL);
    }
  bk_table_host_start (fixture->harness.host);
  harness_pump (&fixture->harness, 1000);
  g_assert_cmpint (bk_game_get_phase (fixture->game), ==, BK_PHASE_PLAYING);
  g_assert_cmpuint (bk_game_get_to_act (fixture->game), !=, 0);
  g_signal_connect (fixture->harness.host, "send", G_CALLBACK (capture_cb), fixture);
  (void) data;
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  harness_clear (&fixture->harness);
  g_assert_finalize_object (fixture->game);
  g_free (fixture->last_to);
  g_free (fixture->last_reason);
  (void) data;
}

static char *
nick_of (BkSeat seat)
{
  return g_strdup_printf ("bot%u", seat);
}

static char *
jid_of (BkSeat seat)
{
  return g_strdup_printf ("bot%u@example.org/cli", seat);
}

/* The request of @text at the table's current line. */
static BkXmppElement *
request_now (Fixture    *fixture,
             const char *text)
{
  g_auto (BkNetStanza) stanza = { 0 };

  bk_net_stanza_init (&stanza, BK_NET_REQUEST);
  stanza.hand = bk_game_get_hand_number (fixture->game);
  stanza.seq = bk_table_host_get_seq (fixture->harness.host);
  stanza.text = g_strdup (text);
  return bk_net_stanza_build (&stanza);
}

/* Hands @payload from @nick (@jid) to the host: refused with @reason, nothing changed,
 * the sender alone told. */
static void
assert_refused (Fixture             *fixture,
                const char          *nick,
                const char          *jid,
                const BkXmppElement *payload,
                const char          *reason)
{
  g_autofree char *before = bk_game_to_record (fixture->game);
  g_autofree char *after = NULL;
  BkPhase phase = bk_game_get_phase (fixture->game);
  BkSeat to_act = bk_game_get_to_act (fixture->game);
  guint refusals = fixture->refusals;
  g_autoptr (GError) error = NULL;

  fixture->harness.now += 10 * G_USEC_PER_SEC;
  g_assert_false (bk_table_host_handle (fixture->harness.host, nick, jid, payload,
                                        fixture->harness.now, &error));
  g_assert_nonnull (error);
  g_test_message ("%s: %s", reason, error->message);
  g_assert_cmpstr (bk_net_error_code (error), ==, reason);
  g_assert_cmpuint (fixture->refusals, ==, refusals + 1);
  g_assert_cmpstr (fixture->last_to, ==, nick);
  g_assert_true (fixture->last_private);
  g_assert_cmpstr (fixture->last_reason, ==, reason);
  after = bk_game_to_record (fixture->game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpint (bk_game_get_phase (fixture->game), ==, phase);
  g_assert_cmpuint (bk_game_get_to_act (fixture->game), ==, to_act);
}

static char *
play_text (Fixture *fixture,
           BkSeat   seat,
           BkCard   card)
{
  return g_strdup_printf ("play %s %s", bk_seat_name (bk_game_get_rules (fixture->game), seat),
                          bk_card_to_string (card));
}

/* A request from a JID without a seat. */
static void
test_not_seated (Fixture       *fixture,
                 gconstpointer  data)
{
  BkSeat seat = bk_game_get_to_act (fixture->game);
  BkCard card = bk_hand_first (bk_game_get_legal (fixture->game));
  g_autofree char *text = play_text (fixture, seat, card);
  g_autoptr (BkXmppElement) payload = request_now (fixture, text);

  assert_refused (fixture, "stranger", "stranger@example.org/x", payload, "not-your-seat");
  (void) data;
}

/* A seated JID acting for the seat it does not hold. */
static void
test_other_seat (Fixture       *fixture,
                 gconstpointer  data)
{
  BkSeat seat = bk_game_get_to_act (fixture->game);
  BkSeat other = seat == 1 ? 2 : 1;
  BkCard card = bk_hand_first (bk_game_get_legal (fixture->game));
  g_autofree char *text = play_text (fixture, seat, card);
  g_autofree char *nick = nick_of (other);
  g_autofree char *jid = jid_of (other);
  g_autoptr (BkXmppElement) payload = request_now (fixture, text);

  assert_refused (fixture, nick, jid, payload, "not-your-seat");
  (void) data;
}

/* A person's own card out of turn. */
static void
test_out_of_turn (Fixture       *fixture,
                  gconstpointer  data)
{
  BkSeat seat = bk_game_get_to_act (fixture->game);
  BkSeat other = seat == 1 ? 2 : 1;
  BkCard card = bk_hand_first (bk_game_get_cards (fixture->game, other));
  g_autofree char *text = play_text (fixture, other, card);
  g_autofree char *nick = nick_of (other);
  g_autofree char *jid = jid_of (other);
  g_autoptr (BkXmppElement) payload = request_now (fixture, text);

  assert_refused (fixture, nick, jid, payload, "not-your-turn");
  (void) data;
}

/* A card the seat does not hold. */
static void
test_not_in_hand (Fixture       *fixture,
                  gconstpointer  data)
{
  BkSeat seat = bk_game_get_to_act (fixture->game);
  BkSeat other = seat == 1 ? 2 : 1;
  BkCard card = bk_hand_first (bk_game_get_cards (fixture->game, other));
  g_autofree char *text = play_text (fixture, seat, card);
  g_autofree char *nick = nick_of (seat);
  g_autofree char *jid = jid_of (seat);
  g_autoptr (BkXmppElement) payload = request_now (fixture, text);

  assert_refused (fixture, nick, jid, payload, "not-in-hand");
  (void) data;
}

/* A card held but not allowed (H3: follow suit): the people play their first legal card
 * until one of them holds a card it may not play, a few hands at most. */
static void
test_illegal_card (Fixture       *fixture,
                   gconstpointer  data)
{
  for (guint step = 0; step < 400; step++)
    {
      BkSeat seat = bk_game_get_to_act (fixture->game);
      BkHand held = bk_game_get_cards (fixture->game, seat);
      BkHand legal = bk_game_get_legal (fixture->game);
      g_autofree char *nick = nick_of (seat);
      g_autofree char *jid = jid_of (seat);
      g_autofree char *text = NULL;
      g_autoptr (BkXmppElement) payload = NULL;

      g_assert_cmpint (bk_game_get_phase (fixture->game), ==, BK_PHASE_PLAYING);
      if (held & ~legal)
        {
          text = play_text (fixture, seat, bk_hand_first (held & ~legal));
          payload = request_now (fixture, text);
          assert_refused (fixture, nick, jid, payload, "illegal");
          return;
        }
      text = play_text (fixture, seat, bk_hand_first (legal));
      payload = request_now (fixture, text);
      fixture->harness.now += 10 * G_USEC_PER_SEC;
      g_assert_true (bk_table_host_handle (fixture->harness.host, nick, jid, payload,
                                           fixture->harness.now, NULL));
      harness_pump (&fixture->harness, 1000);
    }
  g_assert_not_reached ();
  (void) data;
}

static void
test_malformed (Fixture       *fixture,
                gconstpointer  data)
{
  BkSeat seat = bk_game_get_to_act (fixture->game);
  g_autofree char *nick = nick_of (seat);
  g_autofree char *jid = jid_of (seat);
  g_autoptr (BkXmppElement) garbage = bk_xmpp_element_parse (
    "<request xmlns='urn:io.github.bierkopf:table:1' v='1' hand='1'>play</request>", -1, NULL);
  g_autoptr (BkXmppElement) words = request_now (fixture, "play S EO EO");

  assert_refused (fixture, nick, jid, garbage, "malformed");
  assert_refused (fixture, nick, jid, words, "malformed");
  (void) data;
}

static void
test_oversized (Fixture       *fixture,
                gconstpointer  data)
{
  BkSeat seat = bk_game_get_to_act (fixture->game);
  g_autofree char *nick = nick_of (seat);
  g_autofree char *jid = jid_of (seat);
  g_autofree char *long_text = g_strnfill (BK_NET_MAX_REQUEST_BYTES + 1, 'x');
  g_autoptr (BkXmppElement) payload = request_now (fixture, long_text);

  assert_refused (fixture, nick, jid, payload, "too-large");
  (void) data;
}

static void
test_version (Fixture       *fixture,
              gconstpointer  data)
{
  BkSeat seat = bk_game_get_to_act (fixture->game);
  g_autofree char *nick = nick_of (seat);
  g_autofree char *jid = jid_of (seat);
  g_autoptr (BkXmppElement) payload = request_now (fixture, "play S EO");

  bk_xmpp_element_set_attr (payload, "v", "2");
  assert_refused (fixture, nick, jid, payload, "version");
  (void) data;
}

/* More stanzas at once than the burst allows: the rest are refused until time passes. */
static void
test_flood (Fixture       *fixture,
            gconstpointer  data)
{
  BkSeat seat = bk_game_get_to_act (fixture->game);
  BkSeat other = seat == 1 ? 2 : 1;
  g_autofree char *nick = nick_of (other);
  g_autofree char *jid = jid_of (other);
  g_autofree char *before = bk_game_to_record (fixture->game);
  g_autofree char *after = NULL;
  g_autoptr (BkXmppElement) resync = NULL;
  g_auto (BkNetStanza) stanza = { 0 };
  gint64 now = fixture->harness.now + 100 * G_USEC_PER_SEC;
  guint accepted = 0;

  bk_net_stanza_init (&stanza, BK_NET_RESYNC);
  resync = bk_net_stanza_build (&stanza);
  for (guint i = 0; i < BK_NET_RATE_BURST + 5; i++)
    {
      g_autoptr (GError) error = NULL;

      if (bk_table_host_handle (fixture->harness.host, nick, jid, resync, now, &error))
        accepted++;
      else
        g_assert_error (error, BK_NET_ERROR, BK_NET_ERROR_FLOOD);
    }
  g_assert_cmpuint (accepted, ==, BK_NET_RATE_BURST);
  g_assert_cmpstr (fixture->last_reason, ==, "flood");
  g_assert_cmpstr (fixture->last_to, ==, nick);
  after = bk_game_to_record (fixture->game);
  g_assert_cmpstr (after, ==, before);
  /* a second later the occupant may speak again */
  g_assert_true (bk_table_host_handle (fixture->harness.host, nick, jid, resync,
                                       now + G_USEC_PER_SEC, NULL));
  fixture->harness.now = now + G_USEC_PER_SEC;
  (void) data;
}

/* An action accepted once and sent again: the old line is refused. */
static void
test_replayed (Fixture       *fixture,
               gconstpointer  data)
{
  BkSeat seat = bk_game_get_to_act (fixture->game);
  BkCard card = bk_hand_first (bk_game_get_legal (fixture->game));
  g_autofree char *text = play_text (fixture, seat, card);
  g_autofree char *nick = nick_of (seat);
  g_autofree char *jid = jid_of (seat);
  g_autoptr (BkXmppElement) payload = request_now (fixture, text);

  fixture->harness.now += 10 * G_USEC_PER_SEC;
  g_assert_true (bk_table_host_handle (fixture->harness.host, nick, jid, payload,
                                       fixture->harness.now, NULL));
  harness_pump (&fixture->harness, 1000);
  assert_refused (fixture, nick, jid, payload, "replayed");
  (void) data;
}

/* Another JID under a seated player's nickname. */
static void
test_nickname (Fixture       *fixture,
               gconstpointer  data)
{
  BkSeat seat = bk_game_get_to_act (fixture->game);
  BkCard card = bk_hand_first (bk_game_get_legal (fixture->game));
  g_autofree char *text = play_text (fixture, seat, card);
  g_autofree char *nick = nick_of (seat);
  g_autoptr (BkXmppElement) payload = request_now (fixture, text);

  assert_refused (fixture, nick, "impostor@example.org/x", payload, "nickname");
  (void) data;
}

/* A claim of a seat somebody else holds. */
static void
test_seat_taken (Fixture       *fixture,
                 gconstpointer  data)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) payload = NULL;

  bk_net_stanza_init (&stanza, BK_NET_CLAIM);
  stanza.seat = 2;
  payload = bk_net_stanza_build (&stanza);
  assert_refused (fixture, "latecomer", "late@example.org/x", payload, "seat-taken");
  (void) data;
}

/* A secret when no deal is sealed. */
static void
test_secret_in_play (Fixture       *fixture,
                     gconstpointer  data)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) payload = NULL;

  bk_net_stanza_init (&stanza, BK_NET_SECRET);
  stanza.hand = bk_game_get_hand_number (fixture->game);
  payload = bk_net_stanza_build (&stanza);
  assert_refused (fixture, "bot1", "bot1@example.org/cli", payload, "replayed");
  (void) data;
}

/* Issue 31, finding 7: a request for a hand ahead of the table (hand 999999) is
 * `malformed`, as a seq ahead of the table is (docs/network.md 4); it was `replayed`. */
static void
test_hand_ahead (Fixture       *fixture,
                 gconstpointer  data)
{
  BkSeat seat = bk_game_get_to_act (fixture->game);
  BkCard card = bk_hand_first (bk_game_get_legal (fixture->game));
  g_autofree char *text = play_text (fixture, seat, card);
  g_autofree char *nick = nick_of (seat);
  g_autofree char *jid = jid_of (seat);
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) payload = NULL;

  bk_net_stanza_init (&stanza, BK_NET_REQUEST);
  stanza.hand = 999999;
  stanza.seq = bk_table_host_get_seq (fixture->harness.host);
  stanza.text = g_strdup (text);
  payload = bk_net_stanza_build (&stanza);
  assert_refused (fixture, nick, jid, payload, "malformed");
  (void) data;
}

/* Issue 31, finding 7: a <decline/> when nothing is offered is `unexpected` in every
 * stage, also between hands (the next deal sealed, its secrets not in yet), where the
 * stage's check answered `wrong-phase` before. */
static void
test_decline_between_hands (Fixture       *fixture,
                            gconstpointer  data)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) payload = NULL;

  /* the people play the first hand to its last card; the next deal is sealed at once */
  for (guint i = 0; i < 100 && bk_game_get_phase (fixture->game) == BK_PHASE_PLAYING; i++)
    {
      BkSeat seat = bk_game_get_to_act (fixture->game);
      g_autofree char *text = play_text (fixture, seat,
                                         bk_hand_first (bk_game_get_legal (fixture->game)));
      g_autofree char *nick = nick_of (seat);
      g_autofree char *jid = jid_of (seat);
      g_autoptr (BkXmppElement) request = request_now (fixture, text);

      fixture->harness.now += 10 * G_USEC_PER_SEC;
      g_assert_true (bk_table_host_handle (fixture->harness.host, nick, jid, request,
                                           fixture->harness.now, NULL));
      /* the guests hear nothing of the sealed deal: no secret comes in */
      if (bk_game_get_phase (fixture->game) == BK_PHASE_PLAYING)
        harness_pump (&fixture->harness, 1000);
    }
  g_assert_cmpint (bk_game_get_phase (fixture->game), ==, BK_PHASE_HAND_OVER);
  bk_net_stanza_init (&stanza, BK_NET_DECLINE);
  stanza.hand = bk_game_get_hand_number (fixture->game) + 1;
  stanza.seq = bk_table_host_get_seq (fixture->harness.host);
  payload = bk_net_stanza_build (&stanza);
  assert_refused (fixture, "bot1", "bot1@example.org/cli", payload, "unexpected");
  (void) data;
}

static void
count_room_cb (BkTableHost   *host,
               const char    *nick,
               const char    *body,
               BkXmppElement *payload,
               gboolean       private,
               gpointer       user_data)
{
  guint *room = user_data;

  if (nick == NULL)
    room[strcmp (bk_xmpp_element_get_name (payload), "table") == 0 ? 1 : 0]++;
}

/* Issue 31, finding 2: the flood cap was counted per nickname, so 30 nicknames of one
 * account, each with 25 <resync/>, drew 632 <table/> posts to the room (690 here). Counted
 * per account (the real bare JID), one sender makes the host post the table again at most
 * once every 2 s, whether its nicknames stay in the room together or one follows another
 * (a nickname changed: one leaves, one comes, and claims a computer's chair on the way);
 * and the rates of accounts that left are forgotten once at rest. */
static void
test_flood_nicknames (Fixture       *fixture,
                      gconstpointer  data)
{
  BkTableHost *host = fixture->harness.host;
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) resync = NULL;
  g_autoptr (BkXmppElement) claim = NULL;
  gint64 start = fixture->harness.now + 100 * G_USEC_PER_SEC, now = start;
  guint room[2] = { 0, 0 }, accepted = 0, rates_before;
  gulong handler;
  double seconds;

  bk_net_stanza_init (&stanza, BK_NET_RESYNC);
  resync = bk_net_stanza_build (&stanza);
  bk_net_stanza_clear (&stanza);
  bk_net_stanza_init (&stanza, BK_NET_CLAIM);
  stanza.seat = 0;
  claim = bk_net_stanza_build (&stanza);
  rates_before = g_hash_table_size (host->rates);
  handler = g_signal_connect (host, "send", G_CALLBACK (count_room_cb), room);

  /* 30 nicknames in the room together */
  for (guint i = 0; i < 30; i++)
    {
      g_autofree char *nick = g_strdup_printf ("eve%u", i);
      g_autofree char *jid = g_strdup_printf ("eve@example.org/r%u", i);

      bk_table_host_occupant (host, nick, jid, TRUE, now);
      for (guint j = 0; j < 25; j++, now += G_USEC_PER_SEC / 100)
        accepted += bk_table_host_handle (host, nick, jid, resync, now, NULL);
    }
  seconds = (double) (now - start) / G_USEC_PER_SEC;
  g_test_message ("30 nicknames x 25 <resync/> in %.1f s: %u accepted, %u posts to the room "
                  "(%u <table/>)", seconds, accepted, room[0] + room[1], room[1]);
  /* one account's allowance: the burst and the rate over the time */
  g_assert_cmpuint (accepted, <=, BK_NET_RATE_BURST + BK_NET_RATE_PER_SECOND * seconds + 1);
  /* the table again: a burst, then at most once every 2 s; nothing else */
  g_assert_cmpuint (room[0], ==, 0);
  g_assert_cmpuint (room[1], <=, BK_TABLE_HOST_TABLES_BURST + seconds / 2 + 1);
  for (guint i = 0; i < 30; i++)
    {
      g_autofree char *nick = g_strdup_printf ("eve%u", i);
      g_autofree char *jid = g_strdup_printf ("eve@example.org/r%u", i);

      bk_table_host_occupant (host, nick, jid, FALSE, now);
    }

  /* 30 nicknames one after another, each claiming the computer's chair for the hand's
   * end (a change of the table) before it leaves (the claim lapses: another) */
  start = now;
  accepted = 0;
  room[0] = room[1] = 0;
  for (guint i = 0; i < 30; i++)
    {
      g_autofree char *nick = g_strdup_printf ("mallory%u", i);
      g_autofree char *jid = g_strdup_printf ("eve@example.org/m%u", i);

      bk_table_host_occupant (host, nick, jid, TRUE, now);
      accepted += bk_table_host_handle (host, nick, jid, claim, now, NULL);
      for (guint j = 0; j < 25; j++, now += G_USEC_PER_SEC / 100)
        accepted += bk_table_host_handle (host, nick, jid, resync, now, NULL);
      bk_table_host_occupant (host, nick, jid, FALSE, now);
    }
  seconds = (double) (now - start) / G_USEC_PER_SEC;
  g_test_message ("30 nickname changes x (a claim, 25 <resync/>) in %.1f s: %u accepted, "
                  "%u posts to the room (%u <table/>)", seconds, accepted,
                  room[0] + room[1], room[1]);
  g_assert_cmpuint (accepted, <=, BK_NET_RATE_PER_SECOND * seconds + 1);
  g_assert_cmpuint (room[0], ==, 0);
  /* the table again (its burst spent above: once every 2 s), and each 2 s a claim and
   * its lapse */
  g_assert_cmpuint (room[1], <=, 3 * (seconds / 2 + 1));
  g_signal_handler_disconnect (host, handler);

  /* the account is gone; its rate is forgotten once it would be a new one */
  now += 10 * G_USEC_PER_SEC;
  bk_table_host_tick (host, now);
  g_assert_cmpuint (g_hash_table_size (host->rates), ==, rates_before);
  fixture->harness.now = now;
  (void) data;
}

/* Who may send what is one table (bk-net-senders.c), read by the host too (issue 31, "who
 * may send this" answered in one place): a host's payload from a seated guest is
 * `unexpected`, from a stranger `not-your-seat` (section 4's order: the seat first); in the
 * room the host reads a newcomer's <resync/> alone and answers nothing else there. */
static void
test_host_payloads (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *nick = nick_of (1);
  g_autofree char *jid = jid_of (1);
  g_autofree char *before = bk_game_to_record (fixture->game);
  g_autofree char *after = NULL;
  g_autoptr (GError) error = NULL;
  guint refusals;

  for (BkNetKind kind = 0; kind < BK_NET_N_KINDS; kind++)
    {
      g_auto (BkNetStanza) stanza = { 0 };
      g_autoptr (BkXmppElement) payload = NULL;

      if (bk_net_sender_rule (kind)->sender != BK_NET_FROM_HOST)
        continue;
      bk_net_stanza_init (&stanza, kind);
      stanza.hand = bk_game_get_hand_number (fixture->game);
      stanza.seat = 1;
      stanza.host = g_strdup ("bot1");
      stanza.code = g_strdup ("flood");
      stanza.text = g_strdup (kind == BK_NET_HAND ? "" : "x");
      stanza.record = bk_game_to_record (fixture->game);
      stanza.lines = g_strdup ("");
      stanza.seconds = 10;
      if (kind == BK_NET_TABLE)
        stanza.n_seats = 4;
      payload = bk_net_stanza_build (&stanza);
      g_test_message ("<%s/>", bk_net_kind_name (kind));
      assert_refused (fixture, nick, jid, payload, "unexpected");
      assert_refused (fixture, "stranger", "stranger@example.org/x", payload, "not-your-seat");
    }

  /* in the room: a claim or a forged table is read by nobody, refused to nobody */
  refusals = fixture->refusals;
  for (BkNetKind kind = 0; kind < BK_NET_N_KINDS; kind++)
    {
      g_auto (BkNetStanza) stanza = { 0 };
      g_autoptr (BkXmppElement) payload = NULL;

      if (kind == BK_NET_RESYNC)
        continue;
      bk_net_stanza_init (&stanza, kind);
      stanza.seat = 1;
      stanza.text = g_strdup ("x");
      payload = bk_net_stanza_build (&stanza);
      g_clear_error (&error);
      g_assert_false (bk_table_host_handle_room (fixture->harness.host, nick, jid, payload,
                                                 fixture->harness.now, &error));
      g_assert_nonnull (error);
    }
  g_assert_cmpuint (fixture->refusals, ==, refusals);
  after = bk_game_to_record (fixture->game);
  g_assert_cmpstr (after, ==, before);
  (void) data;
}

/* A person's decline that the table passed on its way (a card played meanwhile by the
 * host's computer) still answers the offer it was sent for: the window asks him no more,
 * and the table waited for his answer for ever (ui /friends/own-moves-in-a-row stopped so
 * under load: "This request was for hand 17 at line 9; the table is at hand 17, line 10").
 * A decline sent before the offer began stays late. Bierkopf's doubling offered during
 * play (B3.6); the deals until such an offer comes to the person, at most 60 hands. */
/* His decline of the offer open now, at the table's line: FALSE (for the caller's ||). */
static gboolean
decline_now (BkTableHost *host,
             BkGame      *game,
             Harness     *harness)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) payload = NULL;

  bk_net_stanza_init (&stanza, BK_NET_DECLINE);
  stanza.hand = bk_game_get_hand_number (game);
  stanza.seq = host->seq;
  payload = bk_net_stanza_build (&stanza);
  harness->now += G_USEC_PER_SEC;
  g_assert_true (bk_table_host_handle (host, "sepp", "sepp@example.org/x", payload,
                                       harness->now, NULL));
  harness_pump (harness, 1000);
  return FALSE;
}

/* One table: TRUE once the late decline was tried (and held); FALSE when the deals went
 * otherwise (no offer to him with a line after it, or the hand waits for what this
 * test does not play, e.g. his Retour). */
static gboolean
late_decline_at_a_table (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkStrategy) strategy = NULL;
  Harness harness;
  BkTableHost *host;
  gboolean tried = FALSE;
  guint last_seq = G_MAXUINT, last_hand = 0, still = 0;
  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 5);
  strategy = bk_strategy_new_for_level (rules.game, "random", NULL);
  harness_init (&harness, game);
  host = harness.host;
  bk_table_host_set_deals (host, 60);
  for (BkSeat c = 1; c < 4; c++)
    g_assert_true (bk_table_host_seat_computer (host, c, "heuristic", NULL));
  bk_table_host_seat_person (host, 0, NULL);
  harness_add_guest (&harness, "sepp", "sepp@example.org/x", 0, NULL);
  bk_table_host_start (host);
  harness_pump (&harness, 1000);

  for (guint step = 0; step < 20000 && !tried && !bk_table_host_is_finished (host) &&
                     still < 50; step++)
    {
      BkSeat now = bk_net_seat_now (game, 0);
      BkComputerTurn turn;
      g_autoptr (BkGame) copy = NULL;
      g_autofree char *record = NULL;
      g_auto (BkNetStanza) stanza = { 0 };
      g_autoptr (BkXmppElement) payload = NULL;
      g_autoptr (GError) error = NULL;

      if (bk_game_get_phase (game) == BK_PHASE_PLAYING &&
          bk_game_is_waiting_for_offer (game, now) && host->offer_hand == host->hand &&
          host->offer_seq > 0 && host->offer_seq < host->seq)
        {
          /* the offer came with line offer_seq - 1 and lines followed: his decline of it,
           * sent at offer_seq, answers it; one sent before it began is late */
          guint offer_seq = host->offer_seq;

          bk_net_stanza_init (&stanza, BK_NET_DECLINE);
          stanza.hand = bk_game_get_hand_number (game);
          stanza.seq = offer_seq - 1;
          payload = bk_net_stanza_build (&stanza);
          harness.now += G_USEC_PER_SEC;
          g_assert_false (bk_table_host_handle (host, "sepp", "sepp@example.org/x", payload,
                                                harness.now, &error));
          g_assert_cmpstr (bk_net_error_code (error), ==, "replayed");
          g_assert_true (bk_game_is_waiting_for_offer (game, now));
          g_clear_pointer (&payload, bk_xmpp_element_unref);
          g_clear_error (&error);
          stanza.seq = offer_seq;
          payload = bk_net_stanza_build (&stanza);
          g_test_message ("hand %u: a decline at line %u, the table at line %u",
                          stanza.hand, offer_seq, host->seq);
          g_assert_true (bk_table_host_handle (host, "sepp", "sepp@example.org/x", payload,
                                               harness.now, &error));
          g_assert_no_error (error);
          g_assert_false (bk_game_is_waiting_for_offer (game, now));
          tried = TRUE;
        }
      else if ((copy = bk_record_replay (record = bk_game_to_record (game), NULL, NULL, NULL,
                                         NULL)) != NULL &&
               (bk_game_set_strategy (copy, now, strategy), TRUE) &&
               /* an offer to him with no line after it yet: his card first, as the window
                * sends it, and his decline after it; else his decline now */
               (!bk_game_is_waiting_for_offer (copy, now) ||
                (bk_game_get_to_act (copy) == now && (bk_game_decline_offer (copy, now), TRUE)) ||
                !decline_now (host, game, &harness)) &&
               bk_game_get_computer_turn (copy, &turn) && turn.seat == now && !turn.offer)
        {
          /* his word or card, as a computer would (in a copy of the game: the host's plays
           * the computers' seats); an offer to him waits outside the turn */
          BkAction action;
          gboolean declines = FALSE;

          bk_computer_turn_decide (&turn, strategy, &action, &declines);
          bk_net_stanza_init (&stanza, BK_NET_REQUEST);
          stanza.hand = bk_game_get_hand_number (game);
          stanza.seq = host->seq;
          stanza.text = bk_net_action_to_string (&rules, &action);
          payload = bk_net_stanza_build (&stanza);
          harness.now += G_USEC_PER_SEC;
          g_assert_true (bk_table_host_handle (host, "sepp", "sepp@example.org/x", payload,
                                               harness.now, &error));
          g_assert_no_error (error);
          harness_pump (&harness, 1000);
        }
      else
        {
          /* the computers' turn, or the deal (his secret) */
          harness.now += G_USEC_PER_SEC;
          harness_pump (&harness, 1000);
        }
      /* no progress: this table waits for what the test does not play */
      still = host->seq == last_seq && host->hand == last_hand ? still + 1 : 0;
      last_seq = host->seq;
      last_hand = host->hand;
    }
  harness_clear (&harness);
  return tried;
}

static void
test_late_decline (void)
{
  guint tables = 0;

  while (tables < 100 && !late_decline_at_a_table ())
    tables++;
  g_test_message ("%u tables before the one with the late decline", tables);
  g_assert_cmpuint (tables, <, 100);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/table-host/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("not-seated", test_not_seated);
  ADD ("other-seat", test_other_seat);
  ADD ("out-of-turn", test_out_of_turn);
  ADD ("not-in-hand", test_not_in_hand);
  ADD ("illegal-card", test_illegal_card);
  ADD ("malformed", test_malformed);
  ADD ("oversized", test_oversized);
  ADD ("version", test_version);
  ADD ("flood", test_flood);
  ADD ("replayed", test_replayed);
  ADD ("nickname", test_nickname);
  ADD ("seat-taken", test_seat_taken);
  ADD ("secret-in-play", test_secret_in_play);
  ADD ("hand-ahead", test_hand_ahead);
  ADD ("flood-nicknames", test_flood_nicknames);
  ADD ("decline-between-hands", test_decline_between_hands);
  ADD ("host-payloads", test_host_payloads);
#undef ADD
  g_test_add_func ("/table-host/late-decline", test_late_decline);
  return g_test_run ();
}
