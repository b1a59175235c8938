/* test-table-chair.c: a friend takes a computer's chair between hands, and the host's
 * switch that turns hints off for the table (docs/network.md 3.14 and 3.15), in one
 * process (net-harness.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "net-harness.h"

#define FRIEND_JID "friend@example.org/app"

typedef struct {
  Harness  harness;
  BkGame  *game;
} Fixture;

/* Chair 0 a person's (bot0, a computer level of its own), chairs 1 to 3 the host's
 * computers; @deals hands; the table started and its first hand dealt. */
static void
fixture_init (Fixture    *fixture,
              const char *game,
              const char *variant,
              guint       deals)
{
  BkRules rules;

  bk_rules_init_default (&rules);
  g_assert_true (bk_rules_set_option (&rules, "game", game, NULL));
  if (variant)
    g_assert_true (bk_rules_set_option (&rules, "variant", variant, NULL));
  if (strcmp (game, "herzla") == 0)
    g_assert_true (bk_rules_set_option (&rules, "players", "4", NULL));
  fixture->game = bk_game_new (&rules, 5);
  harness_init (&fixture->harness, fixture->game);
  bk_table_host_set_deals (fixture->harness.host, deals);
  bk_table_host_seat_person (fixture->harness.host, 0, NULL);
  for (guint s = 1; s < 4; s++)
    g_assert_true (bk_table_host_seat_computer (fixture->harness.host, s, "random", NULL));
  harness_add_guest (&fixture->harness, "bot0", "bot0@example.org/cli", 0, "random");
  bk_table_host_start (fixture->harness.host);
  /* a few stanzas: the claim, the table, the commitment, the secret, the deal */
  for (guint i = 0; i < 200 && bk_game_get_phase (fixture->game) != BK_PHASE_PLAYING &&
                    bk_game_get_phase (fixture->game) != BK_PHASE_BIDDING; i++)
    harness_pump (&fixture->harness, 1);
  g_assert_cmpuint (bk_game_get_hand_number (fixture->game), ==, 1);
}

static void
fixture_clear (Fixture *fixture)
{
  harness_clear (&fixture->harness);
  g_assert_finalize_object (fixture->game);
}

static BkXmppElement *
claim (BkSeat chair)
{
  g_auto (BkNetStanza) stanza = { 0 };

  bk_net_stanza_init (&stanza, BK_NET_CLAIM);
  stanza.seat = chair;
  return bk_net_stanza_build (&stanza);
}

/* The last <table/> the room heard. */
static void
last_table (Fixture     *fixture,
            BkNetStanza *stanza)
{
  for (guint i = fixture->harness.room_log->len; i-- > 0;)
    {
      const char *text = g_ptr_array_index (fixture->harness.room_log, i);
      g_autoptr (BkXmppElement) payload = bk_xmpp_element_parse (text, -1, NULL);

      if (strcmp (bk_xmpp_element_get_name (payload), "table") == 0)
        {
          g_assert_true (bk_net_stanza_parse (payload, BK_NET_MAX_PAYLOAD_BYTES, stanza, NULL));
          return;
        }
    }
  g_assert_not_reached ();
}

static void
assert_all_verified (BkTableGuest *guest,
                     guint         first,
                     guint         last)
{
  GArray *verdicts = bk_table_guest_get_verdicts (guest);

  g_assert_cmpuint (verdicts->len, ==, last - first + 1);
  for (guint i = 0; i < verdicts->len; i++)
    {
      const BkTableVerdict *verdict = &g_array_index (verdicts, BkTableVerdict, i);

      g_assert_cmpuint (verdict->hand, ==, first + i);
      g_assert_cmpstr (verdict->message, ==, "deal and play verified");
      g_assert_true (verdict->verified);
    }
}

/* docs/network.md 3.14: a friend who comes during hand 1 and claims computer chair 2
 * waits for the hand's end (the room sees its name beside the computer's level), then
 * plays hands 2 and 3 at that chair; everyone verifies every hand they sat at. */
static void
play_between_hands (const char *game,
                    const char *variant)
{
  Fixture fixture;
  BkTableGuest *friend;
  gboolean waited = FALSE;
  guint hand_seated = 0;

  fixture_init (&fixture, game, variant, 3);
  friend = harness_add_guest (&fixture.harness, "friend", FRIEND_JID, 2, "random");
  bk_table_host_occupant (fixture.harness.host, "friend", FRIEND_JID, TRUE, fixture.harness.now);
  for (guint i = 0; i < HARNESS_MAX_MESSAGES && !bk_table_host_is_finished (fixture.harness.host);
       i++)
    {
      if (harness_pump (&fixture.harness, 1) == 0 && !harness_wait (&fixture.harness))
        break;
      if (bk_table_guest_is_claim_waiting (friend))
        {
          g_auto (BkNetStanza) table = { 0 };

          /* the computer still plays the chair; the room knows who takes it */
          g_assert_cmpuint (bk_game_get_hand_number (fixture.game), ==, 1);
          last_table (&fixture, &table);
          g_assert_cmpstr (table.seats[2].nick, ==, "friend");
          g_assert_cmpstr (table.seats[2].level, ==, "random");
          g_assert_false (table.seats[2].away);
          waited = TRUE;
        }
      if (hand_seated == 0 && bk_table_guest_get_game (friend) != NULL)
        hand_seated = bk_game_get_hand_number (bk_table_guest_get_game (friend));
    }
  harness_pump (&fixture.harness, HARNESS_MAX_MESSAGES);
  g_assert_true (waited);
  g_assert_cmpuint (hand_seated, ==, 2);
  g_assert_true (bk_table_host_is_finished (fixture.harness.host));
  {
    g_auto (BkNetStanza) table = { 0 };

    last_table (&fixture, &table);
    g_assert_cmpstr (table.seats[2].nick, ==, "friend");
    g_assert_null (table.seats[2].level);
  }
  assert_all_verified (fixture.harness.guests[0], 1, 3);
  assert_all_verified (friend, 2, 3);
  fixture_clear (&fixture);
}

static void
test_between_hands_herzla (void)
{
  play_between_hands ("herzla", "einfach");
}

/* Bierkopf's seating ceremony moves the players: the chair is still the friend's. */
static void
test_between_hands_bierkopf (void)
{
  play_between_hands ("bierkopf", NULL);
}

/* Hands @payload from @nick (@jid): refused with @reason, and the record unchanged. */
static void
assert_claim_refused (Fixture    *fixture,
                      const char *nick,
                      const char *jid,
                      BkSeat      chair,
                      const char *reason,
                      const char *words)
{
  g_autoptr (BkXmppElement) payload = claim (chair);
  g_autofree char *before = bk_game_to_record (fixture->game);
  g_autofree char *after = NULL;
  g_autoptr (GError) error = NULL;

  fixture->harness.now += 10 * G_USEC_PER_SEC;
  g_assert_false (bk_table_host_handle (fixture->harness.host, nick, jid, payload,
                                        fixture->harness.now, &error));
  g_test_message ("%s: %s", reason, error->message);
  g_assert_cmpstr (bk_net_error_code (error), ==, reason);
  g_assert_nonnull (strstr (error->message, words));
  after = bk_game_to_record (fixture->game);
  g_assert_cmpstr (after, ==, before);
}

/* docs/network.md 3.14, the refusals; a claim that lapses when its friend leaves. */
static void
test_refusals (void)
{
  Fixture fixture;
  g_autoptr (BkXmppElement) payload = claim (2);
  g_autoptr (GError) error = NULL;
  g_auto (BkNetStanza) table = { 0 };

  fixture_init (&fixture, "herzla", "einfach", 2);
  /* kept for the hand's end: no refusal */
  g_assert_true (bk_table_host_handle (fixture.harness.host, "friend", FRIEND_JID, payload,
                                       fixture.harness.now, &error));
  g_assert_no_error (error);
  /* asked again (its guest heard nothing yet): the same, no news */
  g_assert_true (bk_table_host_handle (fixture.harness.host, "friend", FRIEND_JID, payload,
                                       fixture.harness.now, &error));
  assert_claim_refused (&fixture, "other", "other@example.org/x", 2, "seat-taken",
                        "friend takes");
  assert_claim_refused (&fixture, "other", "other@example.org/x", 0, "seat-taken",
                        "is taken");
  assert_claim_refused (&fixture, "bot0", "bot0@example.org/cli", 3, "seat-taken",
                        "You already sit at");
  /* the friend leaves before the hand's end: the claim lapses, the room is told */
  bk_table_host_occupant (fixture.harness.host, "friend", FRIEND_JID, FALSE,
                          fixture.harness.now);
  harness_pump (&fixture.harness, HARNESS_MAX_MESSAGES);
  last_table (&fixture, &table);
  g_assert_null (table.seats[2].nick);
  g_assert_cmpstr (table.seats[2].level, ==, "random");
  g_assert_true (bk_table_host_is_finished (fixture.harness.host));
  /* no hand is to come */
  assert_claim_refused (&fixture, "late", "late@example.org/x", 1, "unexpected",
                        "No hand is to come");
  fixture_clear (&fixture);
}

/* In the last hand a claim has nothing to wait for. */
static void
test_last_hand (void)
{
  Fixture fixture;

  fixture_init (&fixture, "herzla", "einfach", 1);
  assert_claim_refused (&fixture, "late", "late@example.org/x", 1, "unexpected",
                        "No hand is to come");
  fixture_clear (&fixture);
}

/* Before the first hand a computer's chair is the friend's at once. */
static void
test_before_first_hand (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkXmppElement) payload = claim (1);
  g_autoptr (GError) error = NULL;
  Harness harness;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 5);
  harness_init (&harness, game);
  bk_table_host_seat_person (harness.host, 0, "bot0@example.org");
  for (guint s = 1; s < 4; s++)
    g_assert_true (bk_table_host_seat_computer (harness.host, s, "random", NULL));
  bk_table_host_start (harness.host);
  g_assert_true (bk_table_host_handle (harness.host, "friend", FRIEND_JID, payload,
                                       harness.now, &error));
  g_assert_no_error (error);
  /* the table again, with the friend at chair 1, the friend's state and its chair's
   * resume token (docs/network.md 3.16) */
  {
    Message *token = g_queue_peek_tail (&harness.queue);
    Message *state = g_queue_peek_nth (&harness.queue, harness.queue.length - 2);
    Message *table = g_queue_peek_nth (&harness.queue, harness.queue.length - 3);
    g_auto (BkNetStanza) seats = { 0 };

    g_assert_cmpstr (bk_xmpp_element_get_name (token->payload), ==, "token");
    g_assert_cmpstr (token->to, ==, "friend");

    g_assert_cmpstr (bk_xmpp_element_get_name (state->payload), ==, "state");
    g_assert_cmpstr (state->to, ==, "friend");
    g_assert_true (bk_net_stanza_parse (table->payload, BK_NET_MAX_PAYLOAD_BYTES, &seats, NULL));
    g_assert_cmpint (seats.kind, ==, BK_NET_TABLE);
    g_assert_cmpstr (seats.seats[1].nick, ==, "friend");
    g_assert_null (seats.seats[1].level);
  }
  /* the table waits for bot0 still */
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_NEW);
  harness_clear (&harness);
}

/* docs/network.md 3.15: hints='off' travels, is read, and is the only value; a table
 * with hints is the stanza as before. */
static void
test_hints_attribute (void)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_auto (BkNetStanza) parsed = { 0 };
  g_autoptr (BkXmppElement) element = NULL;
  g_autoptr (BkXmppElement) wrong = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *record = NULL;
  g_autoptr (BkGame) game = NULL;
  BkRules rules;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 5);
  record = bk_game_to_record (game);
  bk_net_stanza_init (&stanza, BK_NET_TABLE);
  stanza.host = g_strdup ("wirt");
  stanza.record = g_strdup (record);
  stanza.n_seats = 4;
  element = bk_net_stanza_build (&stanza);
  g_assert_null (bk_xmpp_element_get_attr (element, "hints"));
  g_clear_pointer (&element, bk_xmpp_element_unref);

  stanza.hints_off = TRUE;
  element = bk_net_stanza_build (&stanza);
  text = bk_xmpp_element_to_string (element);
  g_assert_nonnull (strstr (text, "hints=\"off\"") ? text : strstr (text, "hints='off'"));
  g_assert_true (bk_net_stanza_parse (element, BK_NET_MAX_PAYLOAD_BYTES, &parsed, &error));
  g_assert_no_error (error);
  g_assert_true (parsed.hints_off);

  wrong = bk_xmpp_element_ref (element);
  bk_xmpp_element_set_attr (wrong, "hints", "on");
  bk_net_stanza_clear (&parsed);
  g_assert_false (bk_net_stanza_parse (wrong, BK_NET_MAX_PAYLOAD_BYTES, &parsed, &error));
  g_assert_error (error, BK_NET_ERROR, BK_NET_ERROR_MALFORMED);
}

/* The host's switch goes to the room at once, and is kept across a restart. */
static void
test_hints_host (void)
{
  Fixture fixture;
  g_auto (BkNetStanza) table = { 0 };
  g_autoptr (GKeyFile) file = NULL;
  g_autoptr (BkTableHost) again = NULL;
  g_autoptr (GError) error = NULL;

  fixture_init (&fixture, "herzla", "einfach", 2);
  g_assert_true (bk_table_host_get_hints (fixture.harness.host));
  last_table (&fixture, &table);
  g_assert_false (table.hints_off);
  bk_table_host_set_hints (fixture.harness.host, FALSE);
  harness_pump (&fixture.harness, HARNESS_MAX_MESSAGES);
  bk_net_stanza_clear (&table);
  last_table (&fixture, &table);
  g_assert_true (table.hints_off);
  file = bk_table_host_save_resume (fixture.harness.host);
  again = bk_table_host_new_from_resume (file, fixture.harness.now, &error);
  g_assert_no_error (error);
  g_assert_false (bk_table_host_get_hints (again));
  fixture_clear (&fixture);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table/chair/between-hands-herzla", test_between_hands_herzla);
  g_test_add_func ("/table/chair/between-hands-bierkopf", test_between_hands_bierkopf);
  g_test_add_func ("/table/chair/refusals", test_refusals);
  g_test_add_func ("/table/chair/last-hand", test_last_hand);
  g_test_add_func ("/table/chair/before-first-hand", test_before_first_hand);
  g_test_add_func ("/table/hints/attribute", test_hints_attribute);
  g_test_add_func ("/table/hints/host", test_hints_host);
  return g_test_run ();
}
