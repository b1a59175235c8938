/* test-table.c: whole sessions at a table in one process (net-harness.h): a host and
 * computer players as guests play Bierkopf, Herzla for four and Herzla's simple form for
 * six; every guest verifies every hand, its verified record is the host's record, and a
 * spectator's room log names no card before it is played (issue 23, tests 1 and 3 without
 * the server).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "net-harness.h"

#include "bk-computer-turn.h"
#include "bk-fair-deal.h"
#include "bk-game-query.h"
#include "bk-record.h"

static void
rules_for (BkRules    *rules,
           const char *game,
           const char *variant,
           const char *players)
{
  bk_rules_init_default (rules);
  g_assert_true (bk_rules_set_option (rules, "game", game, NULL));
  if (variant)
    g_assert_true (bk_rules_set_option (rules, "variant", variant, NULL));
  if (players)
    g_assert_true (bk_rules_set_option (rules, "players", players, NULL));
}

/* No groupchat payload before a card's play names that card: only <action> lines of
 * cards played, the ceremony's face-up cards, and the reveal after the hand. */
static void
assert_no_card_shown (Harness *harness,
                      const BkRules *rules)
{
  for (guint i = 0; i < harness->room_log->len; i++)
    {
      const char *xml = g_ptr_array_index (harness->room_log, i);
      g_autoptr (BkXmppElement) element = bk_xmpp_element_parse (xml, -1, NULL);
      g_auto (BkNetStanza) stanza = { 0 };
      g_auto (GStrv) words = NULL;

      g_assert_true (bk_net_stanza_parse (element, BK_NET_MAX_PAYLOAD_BYTES, &stanza, NULL));
      g_assert_cmpint (stanza.kind, !=, BK_NET_HAND);
      g_assert_cmpint (stanza.kind, !=, BK_NET_STATE);
      if (stanza.kind != BK_NET_ACTION && stanza.kind != BK_NET_LINE)
        continue;
      words = g_strsplit (stanza.text, " ", -1);
      if (strcmp (words[0], "play") == 0 || strcmp (words[0], "seating") == 0)
        continue;
      for (guint w = 0; words[w]; w++)
        {
          BkCard card;

          g_assert_false (bk_card_parse (words[w], &card, NULL));
        }
    }
  (void) rules;
}

static void
count_flood_cb (BkTableHost *host,
                const char  *nick,
                const char  *code,
                const char  *message,
                guint       *floods)
{
  if (strcmp (code, "flood") == 0)
    (*floods)++;
}

/* How the table is put to the test. */
typedef enum {
  PACE_SLOW,    /* 0.1 s a message */
  PACE_FAST,    /* 1 ms a message, as over loopback: the guests must pace themselves */
  PACE_DRAINED, /* fast, and the first guest's rate is spent before its claim arrives */
  PACE_LOST,    /* fast, and the first claim is lost on the way */
  PACE_LOST_SECRET,   /* fast, and the first secret is lost */
  PACE_LOST_REQUEST,  /* fast, and the first request is lost */
  PACE_LOST_HAND,     /* fast, and the first seat's cards are lost */
} Pace;

/* Returns the host's record. */
static char *
play_rules_paced (const BkRules *rules_in,
                  guint          deals,
                  Pace           pace)
{
  BkRules rules = *rules_in;
  g_autoptr (BkGame) game = NULL;
  g_autofree char *record = NULL;
  g_autoptr (BkGame) replayed = NULL;
  g_autoptr (GError) error = NULL;
  Harness harness;
  guint n_seats, finished = 0, floods = 0;

  game = bk_game_new (&rules, 7);
  n_seats = bk_game_get_n_seats (game);
  harness_init (&harness, game);
  if (pace != PACE_SLOW)
    harness.step = 1000;
  g_signal_connect (harness.host, "refused", G_CALLBACK (count_flood_cb), &floods);
  bk_table_host_set_deals (harness.host, deals);
  /* the last seat the host's computer (Bierkopf's seating moves it, B2.1), the others
   * guests played by computer levels */
  g_assert_true (bk_table_host_seat_computer (harness.host, n_seats - 1, "heuristic", &error));
  g_assert_no_error (error);
  for (guint s = 0; s + 1 < n_seats; s++)
    {
      g_autofree char *nick = g_strdup_printf ("bot%u", s);
      g_autofree char *jid = g_strdup_printf ("bot%u@example.org/cli", s);

      bk_table_host_seat_person (harness.host, s, NULL);
      harness_add_guest (&harness, nick, jid, s, s % 2 ? "heuristic" : "random");
    }
  harness_add_guest (&harness, "spectator", "watcher@example.org/x", BK_SEAT_NONE, NULL);
  bk_table_host_start (harness.host);
  if (pace == PACE_DRAINED)
    {
      /* more stanzas under bot0's name than the cap lets through (the rate is the
       * nickname's): its claim, right after them, is refused as a flood */
      g_auto (BkNetStanza) stanza = { 0 };
      g_autoptr (BkXmppElement) resync = NULL;

      bk_net_stanza_init (&stanza, BK_NET_RESYNC);
      resync = bk_net_stanza_build (&stanza);
      for (guint i = 0; i < BK_NET_RATE_BURST; i++)
        harness_queue (&harness, "bot0", HARNESS_HOST, NULL, resync, TRUE);
    }
  if (pace == PACE_LOST)
    harness.lose = "claim";
  if (pace == PACE_LOST_SECRET)
    harness.lose = "secret";
  if (pace == PACE_LOST_REQUEST)
    harness.lose = "request";
  if (pace == PACE_LOST_HAND)
    harness.lose = "hand";
  harness_pump (&harness, HARNESS_MAX_MESSAGES);
  g_assert_null (harness.lose);

  /* a guest that paces itself never meets the cap; a refused one asks again */
  if (pace == PACE_DRAINED)
    g_assert_cmpuint (floods, >, 0);
  else
    g_assert_cmpuint (floods, ==, 0);
  g_assert_true (bk_table_host_is_finished (harness.host));
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, deals);
  record = bk_game_to_record (game);
  for (guint i = 0; i < harness.n_guests; i++)
    {
      GArray *verdicts = bk_table_guest_get_verdicts (harness.guests[i]);

      g_assert_true (bk_table_guest_is_finished (harness.guests[i]));
      g_assert_cmpuint (verdicts->len, ==, deals);
      for (guint h = 0; h < verdicts->len; h++)
        {
          const BkTableVerdict *verdict = &g_array_index (verdicts, BkTableVerdict, h);

          g_assert_cmpuint (verdict->hand, ==, h + 1);
          g_assert_cmpstr (verdict->message, ==, "deal and play verified");
          g_assert_true (verdict->verified);
          finished++;
        }
      /* what the guest checked is exactly what the host played */
      g_assert_cmpstr (bk_table_guest_get_record (harness.guests[i]), ==, record);
    }
  g_assert_cmpuint (finished, ==, deals * n_seats);
  replayed = bk_record_replay (record, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_no_card_shown (&harness, &rules);
  g_test_message ("game %u: %u hands, %u groupchat stanzas (%" G_GSIZE_FORMAT " bytes), "
                  "%u private (%" G_GSIZE_FORMAT " bytes)", (guint) rules.game, deals,
                  harness.groupchat, harness.groupchat_bytes, harness.private_messages,
                  harness.private_bytes);
  harness_clear (&harness);
  return g_steal_pointer (&record);
}

static void
play_session_paced (const char *game_id,
                    const char *variant,
                    const char *players,
                    guint       deals,
                    Pace        pace)
{
  BkRules rules;

  rules_for (&rules, game_id, variant, players);
  g_free (play_rules_paced (&rules, deals, pace));
}

static void
play_session (const char *game_id,
              const char *variant,
              const char *players,
              guint       deals)
{
  play_session_paced (game_id, variant, players, deals, PACE_SLOW);
}

/* Over a fast link the guests' stanzas came faster than the host's cap (10 a second),
 * were refused as floods and not sent again: the table stalled (issue 23's e2e test). */
static void
test_fast (void)
{
  play_session_paced ("bierkopf", NULL, NULL, 3, PACE_FAST);
  play_session_paced ("herzla", "einfach", "6", 2, PACE_FAST);
}

/* A claim refused as a flood is sent again a moment later, and the table plays on. */
static void
test_flood_refused_again (void)
{
  play_session_paced ("bierkopf", NULL, NULL, 2, PACE_DRAINED);
}

/* A seat kept for an address (`--seats W=bot0@…`): the guest at that address asks the
 * room for the table as it joins, before its claim; the host answers with the table (it
 * refused it as "under another nickname", the seat having none yet). */
static void
test_kept_seat_resync (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkXmppElement) resync = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (BkNetStanza) stanza = { 0 };
  Harness harness;
  guint floods = 0, tables = 0;

  rules_for (&rules, "bierkopf", NULL, NULL);
  game = bk_game_new (&rules, 3);
  harness_init (&harness, game);
  g_signal_connect (harness.host, "refused", G_CALLBACK (count_flood_cb), &floods);
  bk_table_host_set_deals (harness.host, 1);
  bk_table_host_seat_person (harness.host, 0, "bot0@example.org");
  for (guint s = 1; s < 4; s++)
    g_assert_true (bk_table_host_seat_computer (harness.host, s, "random", NULL));
  harness_add_guest (&harness, "bot0", "bot0@example.org/cli", 0, "random");
  bk_table_host_start (harness.host);
  g_queue_clear_full (&harness.queue, (GDestroyNotify) message_free);

  bk_net_stanza_init (&stanza, BK_NET_RESYNC);
  resync = bk_net_stanza_build (&stanza);
  g_assert_true (bk_table_host_handle (harness.host, "bot0", "bot0@example.org/cli", resync,
                                       harness.now, &error));
  g_assert_no_error (error);
  for (GList *l = harness.queue.head; l; l = l->next)
    if (strcmp (bk_xmpp_element_get_name (((Message *) l->data)->payload), "table") == 0)
      tables++;
  g_assert_cmpuint (tables, ==, 1);
  harness_pump (&harness, HARNESS_MAX_MESSAGES);
  g_assert_true (bk_table_host_is_finished (harness.host));
  g_assert_cmpuint (bk_table_guest_get_verdicts (harness.guests[0])->len, ==, 1);
  harness_clear (&harness);
}

/* A claim lost on the way (the first stanza after joining a room sometimes is): the
 * guest claims again when no <state/> comes, and the table plays (it never began). */
static void
test_claim_lost (void)
{
  play_session_paced ("herzla", "vier", "4", 1, PACE_LOST);
}

/* A secret or a request lost on the way (a server under load lost some) was never sent
 * again: nothing answered it, and the table stalled (bench-tables at 100 tables). The
 * guest asks for the table when the host has not answered it for 5 s. */
static void
test_secret_lost (void)
{
  play_session_paced ("bierkopf", NULL, NULL, 2, PACE_LOST_SECRET);
}

static void
test_request_lost (void)
{
  play_session_paced ("bierkopf", NULL, NULL, 2, PACE_LOST_REQUEST);
}

/* Every secret from a generator of fixed seed: the same deals each run. */
static void
seeded_secret (guint8   *secret,
               gpointer  user_data)
{
  for (guint i = 0; i < BK_NET_SECRET_SIZE; i++)
    secret[i] = (guint8) g_rand_int (user_data);
}

/* Issue 31: /table/request-lost failed once in a few hundred runs after finding 5's
 * merge (its secrets are random); these are the deals of that failure. A guest's decline
 * refused as late, sent again and refused again, made it ask to double at a line where
 * another seat was to play; that request waited for its token while the table moved on,
 * and another guest's request waited for a later token. The wait for the stale one sent
 * nothing, and the harness took that for the table's end: the table "stalled" at hand 2,
 * line 10, with the next request still on its way. No refusal was dropped. (The seed
 * gives these deals while the engine and the levels play as they do now.) */
static void
test_request_lost_seeded (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (207);

  bk_fair_deal_set_source (seeded_secret, rand);
  play_session_paced ("bierkopf", NULL, NULL, 2, PACE_LOST_REQUEST);
  bk_fair_deal_set_source (NULL, NULL);
}

/* Issue 31: /table/request-lost failed once in a few hundred runs after finding 5's
 * merge. A request that waited for its token while the table moved on is not sent, and
 * the guest must not say that it waits to send it either: the harness's wait for it sent
 * nothing, and it stopped the table there (/table/request-lost-seeded). A person asks
 * more often than the pace lets through; all but the first are lost on the way, the first
 * becomes the line, and the one left in the outbox is stale. */
static void
test_stale_request_waits_for_nothing (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkGame) copy = NULL;
  g_autoptr (BkStrategy) strategy = NULL;
  g_autofree char *record = NULL;
  g_autofree char *text = NULL;
  g_autofree char *after = NULL;
  BkComputerTurn turn;
  BkAction action;
  gboolean declines;
  BkTableGuest *guest;
  Harness harness;
  guint n;
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);

  /* a deal where the person's first move is an action, not an offer let pass */
  bk_fair_deal_set_source (seeded_secret, rand);
  rules_for (&rules, "bierkopf", NULL, NULL);
  game = bk_game_new (&rules, 3);
  harness_init (&harness, game);
  harness.step = 1000;
  bk_table_host_set_deals (harness.host, 1);
  bk_table_host_seat_person (harness.host, 0, NULL);
  for (guint s = 1; s < 4; s++)
    g_assert_true (bk_table_host_seat_computer (harness.host, s, "random", NULL));
  guest = harness_add_guest (&harness, "bot0", "bot0@example.org/cli", 0, NULL);
  bk_table_host_start (harness.host);
  harness_pump (&harness, HARNESS_MAX_MESSAGES);
  g_assert_nonnull (bk_table_guest_get_game (guest));

  /* the person's move, as a computer would make it on a copy of the host's game */
  record = bk_game_to_record (game);
  copy = bk_record_replay (record, NULL, NULL, NULL, NULL);
  g_assert_nonnull (copy);
  strategy = bk_strategy_new_for_level (rules.game, "random", NULL);
  for (guint s = 0; s < bk_game_get_n_seats (copy); s++)
    bk_game_set_strategy (copy, s, strategy);
  /* the others' answers to an offer are theirs (the host waits for none of them) */
  for (n = 0; n < BK_MAX_SEATS && bk_game_get_computer_turn (copy, &turn) && turn.offer &&
              turn.seat != bk_net_seat_now (game, 0); n++)
    bk_game_decline_offer (copy, turn.seat);
  g_assert_true (bk_game_get_computer_turn (copy, &turn));
  g_assert_cmpint (turn.seat, ==, bk_net_seat_now (game, 0));
  bk_computer_turn_decide (&turn, strategy, &action, &declines);
  g_assert_false (declines);
  text = bk_net_action_to_string (&rules, &action);

  harness.no_wait = TRUE;
  g_assert_true (g_queue_is_empty (&harness.queue));
  /* each request goes at once while the pace has tokens; then one waits in the outbox */
  for (n = 0; n < 2 * BK_NET_GUEST_BURST && g_queue_get_length (&harness.queue) == n; n++)
    g_assert_true (bk_table_guest_request (guest, text, NULL));
  g_assert_cmpuint (g_queue_get_length (&harness.queue), ==, n - 1);
  g_assert_cmpint (bk_table_guest_get_next_send (guest), >, harness.now);
  /* the first request alone reaches the host */
  while (g_queue_get_length (&harness.queue) > 1)
    message_free (g_queue_pop_tail (&harness.queue));
  harness_pump (&harness, HARNESS_MAX_MESSAGES);
  after = bk_game_to_record (game);
  g_assert_true (g_str_has_prefix (after, record));
  g_assert_nonnull (strstr (after + strlen (record), text));
  /* what is left in the outbox is stale: nothing waits */
  g_assert_cmpint (bk_table_guest_get_next_send (guest), ==, 0);
  harness_clear (&harness);
  bk_fair_deal_set_source (NULL, NULL);
}

/* A seat's cards lost on the way (bench-tables: a host's <hand/> still unwritten when its
 * link was cut): the guest had no world, nobody answered for it, and the table waited at
 * its first word for good. With the dealer line and no cards in 5 s, it asks for the
 * table. */
static void
test_hand_lost (void)
{
  play_session_paced ("bierkopf", NULL, NULL, 2, PACE_LOST_HAND);
  play_session_paced ("herzla", "vier", "4", 1, PACE_LOST_HAND);
}

static void
test_bierkopf (void)
{
  play_session ("bierkopf", NULL, NULL, 3);
}

static void
test_herzla_four (void)
{
  play_session ("herzla", "vier", "4", 3);
}

static void
test_herzla_simple_six (void)
{
  play_session ("herzla", "einfach", "6", 2);
}

/* The number of verdicts of guest @i, each "deal and play verified". */
static guint
verified_hands (Harness *harness,
                guint    i)
{
  GArray *verdicts = bk_table_guest_get_verdicts (harness->guests[i]);

  for (guint h = 0; h < verdicts->len; h++)
    g_assert_cmpstr (g_array_index (verdicts, BkTableVerdict, h).message, ==,
                     "deal and play verified");
  return verdicts->len;
}

typedef enum {
  DROP_REJOIN,        /* back within the grace period */
  DROP_STAND_IN,      /* away for good: a computer keeps the seat */
  DROP_STAND_IN_BACK, /* away past the grace period, then back */
} Drop;

/* A guest dropped mid-hand (issue 23, test 2, in one process; docs/network.md section 7). */
static void
play_with_drop (Drop drop)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autofree char *record = NULL;
  Harness harness;
  guint logged;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 5);
  harness_init (&harness, game);
  bk_table_host_set_deals (harness.host, 3);
  bk_table_host_set_grace (harness.host, 120);
  g_assert_true (bk_table_host_seat_computer (harness.host, 3, "heuristic", NULL));
  for (guint s = 0; s < 3; s++)
    {
      g_autofree char *nick = g_strdup_printf ("bot%u", s);
      g_autofree char *jid = g_strdup_printf ("bot%u@example.org/cli", s);

      bk_table_host_seat_person (harness.host, s, NULL);
      harness_add_guest (&harness, nick, jid, s, "heuristic");
    }
  bk_table_host_start (harness.host);
  /* into the second hand */
  for (guint n = 0; n < 2000 && bk_game_get_hand_number (game) < 2; n++)
    harness_pump (&harness, 1);
  harness_pump (&harness, 12);
  g_assert_cmpint (bk_game_get_phase (game), !=, BK_PHASE_HAND_OVER);

  logged = harness.room_log->len;
  harness_drop (&harness, 1);
  harness_pump (&harness, 2000);
  g_assert_false (bk_table_host_is_finished (harness.host));
  /* the table waits for it, and says so */
  while (logged < harness.room_log->len &&
         !strstr (g_ptr_array_index (harness.room_log, logged), "<wait"))
    logged++;
  g_assert_cmpuint (harness.room_log->len, >, logged + 1);
  g_assert_cmpstr (g_ptr_array_index (harness.room_bodies, logged), ==,
                   "The table waits for bot1 (120 s)");
  g_assert_nonnull (strstr (g_ptr_array_index (harness.room_log, logged + 1), "away='true'"));
  record = bk_game_to_record (game);
  if (drop == DROP_REJOIN)
    {
      harness.now += 60 * G_USEC_PER_SEC;
      bk_table_host_tick (harness.host, harness.now);
      g_assert_cmpstr (bk_game_to_record (game), ==, record);
      harness_rejoin (&harness, 1);
    }
  else
    {
      harness.now += 121 * G_USEC_PER_SEC;
      bk_table_host_tick (harness.host, harness.now);
      if (drop == DROP_STAND_IN_BACK)
        {
          harness_pump (&harness, 10);
          harness_rejoin (&harness, 1);
        }
    }
  harness_pump (&harness, HARNESS_MAX_MESSAGES);
  g_assert_true (bk_table_host_is_finished (harness.host));
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 3);
  g_assert_cmpuint (verified_hands (&harness, 0), ==, 3);
  g_assert_cmpuint (verified_hands (&harness, 2), ==, 3);
  if (drop != DROP_STAND_IN)
    /* the guest that came back verifies the hand it came back to and the next */
    g_assert_cmpuint (verified_hands (&harness, 1), ==, 2);
  harness_clear (&harness);
}

static void
test_rejoin (void)
{
  play_with_drop (DROP_REJOIN);
}

static void
test_stand_in (void)
{
  play_with_drop (DROP_STAND_IN);
}

static void
test_stand_in_and_back (void)
{
  play_with_drop (DROP_STAND_IN_BACK);
}

/* Whether a guest's <@name/> to the host is on the way. */
static gboolean
to_host_queued (Harness    *harness,
                const char *name)
{
  for (GList *l = harness->queue.head; l; l = l->next)
    {
      const Message *message = l->data;

      if (g_strcmp0 (message->to, HARNESS_HOST) == 0 &&
          strcmp (bk_xmpp_element_get_name (message->payload), name) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The host's own stream lost while a guest's <@lost/> is on the way to it, and a new
 * session in the room again (bench-tables at 100 tables: a host whose server had not read
 * its stream for 45 s gave the link up after its unanswered ping). What was on the way to
 * the old session is lost; the host's client says that every occupant left, and, once in
 * the room again, that each is there. The people never left and claim nothing again: the
 * host waited for their claims for good, with the hand sealed or a bot to speak. */
static void
play_host_new_session (const char *lost)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  Harness harness;
  guint n;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 7);
  harness_init (&harness, game);
  bk_table_host_set_deals (harness.host, 2);
  g_assert_true (bk_table_host_seat_computer (harness.host, 3, "heuristic", NULL));
  for (guint s = 0; s < 3; s++)
    {
      g_autofree char *nick = g_strdup_printf ("bot%u", s);
      g_autofree char *jid = g_strdup_printf ("bot%u@example.org/cli", s);

      bk_table_host_seat_person (harness.host, s, NULL);
      harness_add_guest (&harness, nick, jid, s, "heuristic");
    }
  bk_table_host_start (harness.host);
  for (n = 0; n < 2000 && !to_host_queued (&harness, lost); n++)
    harness_pump (&harness, 1);
  g_assert_true (to_host_queued (&harness, lost));

  for (GList *l = harness.queue.head, *next; l; l = next)
    {
      next = l->next;
      if (g_strcmp0 (((Message *) l->data)->to, HARNESS_HOST) == 0)
        {
          message_free (l->data);
          g_queue_delete_link (&harness.queue, l);
        }
    }
  for (guint i = 0; i < harness.n_guests; i++)
    bk_table_host_occupant (harness.host, harness.nicks[i], harness.jids[i], FALSE, harness.now);
  for (guint i = 0; i < harness.n_guests; i++)
    bk_table_host_occupant (harness.host, harness.nicks[i], harness.jids[i], TRUE, harness.now);

  harness_pump (&harness, HARNESS_MAX_MESSAGES);
  g_assert_true (bk_table_host_is_finished (harness.host));
  for (guint i = 0; i < harness.n_guests; i++)
    g_assert_cmpuint (verified_hands (&harness, i), ==, 2);
  harness_clear (&harness);
}

static void
test_host_new_session_sealed (void)
{
  play_host_new_session ("secret");
}

static void
test_host_new_session_in_play (void)
{
  play_host_new_session ("request");
}

static void
keep_cb (BkTableHost *host,
         char       **kept)
{
  g_autoptr (GKeyFile) file = bk_table_host_save_resume (host);

  g_free (*kept);
  *kept = g_key_file_to_data (file, NULL, NULL);
}

/* The host killed after @messages messages (what was on the way is lost with it) and
 * started again from what it kept last; the session ends, every guest verifies every
 * hand, and their records are the host's. */
/* Returns how many seatings the host's record holds. */
static guint
play_host_restarted_with (const BkRules *rules_in,
                          guint          messages,
                          gboolean       spectator)
{
  BkRules rules = *rules_in;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *record = NULL;
  BkTableHost *again;
  Harness harness;
  guint seatings = 0;

  game = bk_game_new (&rules, 11);
  harness_init (&harness, game);
  g_signal_connect (harness.host, "changed", G_CALLBACK (keep_cb), &kept);
  bk_table_host_set_deals (harness.host, 3);
  g_assert_true (bk_table_host_seat_computer (harness.host, 0, "heuristic", NULL));
  for (guint s = 1; s < 4; s++)
    {
      g_autofree char *nick = g_strdup_printf ("bot%u", s);
      g_autofree char *jid = g_strdup_printf ("bot%u@example.org/cli", s);

      bk_table_host_seat_person (harness.host, s, NULL);
      harness_add_guest (&harness, nick, jid, s, "heuristic");
    }
  if (spectator)
    harness_add_guest (&harness, "spectator", "watcher@example.org/x", BK_SEAT_NONE, NULL);
  bk_table_host_start (harness.host);
  harness_pump (&harness, messages);
  g_assert_false (bk_table_host_is_finished (harness.host));
  g_assert_nonnull (kept);

  /* killed: what it had not sent yet, and what was on the way, are gone */
  g_queue_clear_full (&harness.queue, (GDestroyNotify) message_free);
  g_clear_object (&harness.host);
  g_assert_true (g_key_file_load_from_data (file, kept, -1, G_KEY_FILE_NONE, &error));
  g_assert_no_error (error);
  again = bk_table_host_new_from_resume (file, harness.now, &error);
  g_assert_no_error (error);
  harness.host = again;
  g_signal_connect (again, "send", G_CALLBACK (host_send_cb), &harness);
  /* the room shows it who is there, then it starts */
  for (guint i = 0; i < harness.n_guests; i++)
    bk_table_host_occupant (again, harness.nicks[i], harness.jids[i], TRUE, harness.now);
  bk_table_host_start (again);
  harness_pump (&harness, HARNESS_MAX_MESSAGES);

  g_assert_true (bk_table_host_is_finished (again));
  record = bk_game_to_record (bk_table_host_get_game (again));
  for (guint i = 0; i < harness.n_guests; i++)
    {
      g_assert_cmpuint (verified_hands (&harness, i), ==, 3);
      g_assert_cmpstr (bk_table_guest_get_record (harness.guests[i]), ==, record);
    }
  harness_clear (&harness);
  for (const char *at = record; (at = strstr (at, "\nseating ")) != NULL; at++)
    seatings++;
  return seatings;
}

static void
play_host_restarted (guint messages)
{
  BkRules rules;

  bk_rules_init_default (&rules);
  g_assert_cmpuint (play_host_restarted_with (&rules, messages, FALSE), ==, 1);
}

/* docs/network.md 6.7 and "A host started again", spec B2.5: with new seats after each
 * Bollen (of one line), killed at moments of the first two hands, each seating drawn from
 * its hand's seed before and after the restart; every guest verifies every hand. */
static void
test_host_restarted_new_seats (void)
{
  BkRules rules;
  guint runs = 0, seatings = 0;

  bk_rules_init_default (&rules);
  g_assert_true (bk_rules_set_option (&rules, "new-seats", "on", NULL));
  g_assert_true (bk_rules_set_option (&rules, "lines", "1", NULL));
  for (guint messages = 4; messages < 140; messages += 5, runs++)
    {
      g_test_message ("killed after %u messages", messages);
      seatings += play_host_restarted_with (&rules, messages, FALSE);
    }
  /* seats were drawn again after the first hand, nearly always after the second too (a
   * 60:60 hand ends no Bollen) */
  g_assert_cmpuint (seatings, >=, 2 * runs);
}

/* docs/network.md, "A host started again": killed at every moment of the first two hands
 * (seating, sealed, mid-hand, the last card played, the reveal). */
static void
test_host_restarted (void)
{
  for (guint messages = 4; messages < 140; messages += 3)
    {
      g_test_message ("killed after %u messages", messages);
      play_host_restarted (messages);
    }
}

/* Finding 4 of issue 31: a host killed (what it wrote just before, still on the way, is
 * lost with it) and started again left a spectator a line short for good: "Hand 2 was not
 * played to its end", and every later hand failed. A spectator that sees a gap asks for
 * the public table (docs/network.md 3.11) and gets it; killed at every moment of the first
 * two hands, every spectator verifies every hand. */
static void
test_host_restarted_spectator (void)
{
  BkRules rules;

  bk_rules_init_default (&rules);
  for (guint messages = 4; messages < 160; messages += 2)
    {
      g_test_message ("killed after %u messages", messages);
      g_assert_cmpuint (play_host_restarted_with (&rules, messages, TRUE), ==, 1);
    }
}

/* What the host keeps is refused when it is not a table's, and nothing is made. */
static void
test_resume_refused (void)
{
  const char *const files[] = {
    "",
    "[table]\nversion=2\n",
    "[table]\nversion=1\nroom=r@m\nnick=n\nheader=x\nrecord=not a record\nstage=0\n"
    "hand=0\nhand-start=0\ndeals=1\nhands-played=0\ngrace=1\nhost-secret=00\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr (GKeyFile) file = g_key_file_new ();
      g_autoptr (GError) error = NULL;

      g_assert_true (g_key_file_load_from_data (file, files[i], -1, G_KEY_FILE_NONE, NULL));
      g_assert_null (bk_table_host_new_from_resume (file, 0, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
    }
}

/* spec B2.5 at a table: new seats after every Bollen (of one line), each drawn from the
 * seed of the hand that follows; every guest verifies every hand. */
static void
test_new_seats (void)
{
  BkRules rules;
  g_autofree char *record = NULL;
  guint seatings = 0;

  rules_for (&rules, "bierkopf", NULL, NULL);
  g_assert_true (bk_rules_set_option (&rules, "new-seats", "on", NULL));
  g_assert_true (bk_rules_set_option (&rules, "lines", "1", NULL));
  record = play_rules_paced (&rules, 6, PACE_SLOW);
  /* seats were drawn again at the table */
  for (const char *at = record; (at = strstr (at, "\nseating ")) != NULL; at++)
    seatings++;
  g_assert_cmpuint (seatings, >=, 2);
}

/* A seating line the same as @line in its partners and moves (spec B2.1), but with a
 * face-up card that the ceremony @line did not show. */
static char *
other_seating (const char *line)
{
  g_auto (GStrv) words = g_strsplit (line, " ", -1);
  BkRules rules;
  BkHand shown = 0, deck;
  BkCard card, extra = BK_CARD_NONE;
  BkSeat start;

  bk_rules_init_default (&rules);
  g_assert_true (bk_seat_parse_for (&rules, words[1], &start, NULL));
  for (guint w = 2; words[w]; w++)
    {
      g_assert_true (bk_card_parse (words[w], &card, NULL));
      shown |= BK_HAND_BIT (card);
    }
  for (deck = bk_game_module_get (rules.game)->trick_rules ()->deck (&rules) & ~shown;
       deck && extra == BK_CARD_NONE; deck &= deck - 1)
    if (bk_card_rank (bk_hand_first (deck)) != BK_RANK_SAU)
      extra = bk_hand_first (deck);
  if (extra == BK_CARD_NONE)
    {
      /* every card but the Sauen was shown (the second Sau came last, a few deals in a
       * thousand): two cards of no Sau change places, to seats next to each other */
      for (guint w = 2; words[w] && words[w + 1]; w++)
        {
          BkCard next;

          g_assert_true (bk_card_parse (words[w], &card, NULL));
          g_assert_true (bk_card_parse (words[w + 1], &next, NULL));
          if (bk_card_rank (card) != BK_RANK_SAU && bk_card_rank (next) != BK_RANK_SAU)
            {
              char *swap = words[w];

              words[w] = words[w + 1];
              words[w + 1] = swap;
              return g_strjoinv (" ", words);
            }
        }
      g_assert_not_reached ();
    }
  g_assert_true (bk_card_parse (words[2], &card, NULL));
  if (bk_card_rank (card) != BK_RANK_SAU)
    {
      /* the first card, no Sau, another */
      g_free (words[2]);
      words[2] = g_strdup (bk_card_to_string (extra));
      return g_strjoinv (" ", words);
    }
  /* the first card a Sau: one more card before it, to the seat before */
  {
    g_autofree char *rest = g_strjoinv (" ", words + 2);

    return g_strdup_printf ("seating %s %s %s", bk_seat_name (&rules, (start + 3) % 4),
                            bk_card_to_string (extra), rest);
  }
}

/* The cheat when the ceremony showed every card but the Sauen (no card is left to slip
 * in): it still differs from the true ceremony, with the same cards. */
static void
test_other_seating_all_shown (void)
{
  const char *line = "seating S E10 EK EO EU G10 GK GO GU H10 HK HO HU S10 SK SO SU EA GA";
  g_autofree char *other = other_seating (line);
  g_auto (GStrv) a = g_strsplit (line, " ", -1);
  g_auto (GStrv) b = g_strsplit (other, " ", -1);

  g_assert_cmpstr (other, !=, line);
  g_assert_cmpuint (g_strv_length (a), ==, g_strv_length (b));
  for (guint i = 0; a[i]; i++)
    g_assert_true (g_strv_contains ((const char * const *) b, a[i]));
  /* the Sauen, who decide the partners, where they were */
  g_assert_cmpstr (b[g_strv_length (b) - 2], ==, "EA");
  g_assert_cmpstr (b[g_strv_length (b) - 1], ==, "GA");
}

/* A host that cheats: the seating it posts is not the seed's (its partners the same, so
 * that the table plays on). */
static void
cheating_send_cb (BkTableHost   *host,
                  const char    *nick,
                  const char    *body,
                  BkXmppElement *payload,
                  gboolean       private,
                  gpointer       user_data)
{
  Harness *harness = user_data;
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) changed = NULL;

  if (bk_net_stanza_parse (payload, BK_NET_MAX_PAYLOAD_BYTES, &stanza, NULL) &&
      stanza.kind == BK_NET_LINE && g_str_has_prefix (stanza.text, "seating "))
    {
      char *other = other_seating (stanza.text);

      g_test_message ("the host posts “%s” for “%s”", other, stanza.text);
      g_free (stanza.text);
      stanza.text = other;
      changed = bk_net_stanza_build (&stanza);
      payload = changed;
    }
  harness_queue (harness, HARNESS_HOST, nick, body, payload, private);
}

/* docs/network.md 6.5: every guest, and the spectator, finds at the first hand's reveal
 * that the seating does not follow from the seed. (A guest plays no hand after a failed
 * one: its record can no longer follow the table.) */
static void
test_seating_cheated (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  Harness harness;

  rules_for (&rules, "bierkopf", NULL, NULL);
  game = bk_game_new (&rules, 7);
  harness_init (&harness, game);
  g_signal_handlers_disconnect_by_func (harness.host, host_send_cb, &harness);
  g_signal_connect (harness.host, "send", G_CALLBACK (cheating_send_cb), &harness);
  bk_table_host_set_deals (harness.host, 1);
  g_assert_true (bk_table_host_seat_computer (harness.host, 3, "heuristic", &error));
  g_assert_no_error (error);
  for (guint s = 0; s < 3; s++)
    {
      g_autofree char *nick = g_strdup_printf ("bot%u", s);
      g_autofree char *jid = g_strdup_printf ("bot%u@example.org/cli", s);

      bk_table_host_seat_person (harness.host, s, NULL);
      harness_add_guest (&harness, nick, jid, s, "heuristic");
    }
  harness_add_guest (&harness, "spectator", "watcher@example.org/x", BK_SEAT_NONE, NULL);
  bk_table_host_start (harness.host);
  harness_pump (&harness, HARNESS_MAX_MESSAGES);

  g_assert_true (bk_table_host_is_finished (harness.host));
  for (guint i = 0; i < harness.n_guests; i++)
    {
      GArray *verdicts = bk_table_guest_get_verdicts (harness.guests[i]);
      const BkTableVerdict *first;

      g_assert_true (bk_table_guest_is_finished (harness.guests[i]));
      g_assert_cmpuint (verdicts->len, ==, 1);
      first = &g_array_index (verdicts, BkTableVerdict, 0);
      g_assert_cmpuint (first->hand, ==, 1);
      g_assert_false (first->verified);
      g_assert_cmpstr (first->message, ==, "The seating of hand 1 does not follow from the seed");
    }
  harness_clear (&harness);
}

/* The index in the room's log of the first payload that contains @text, from @from. */
static guint
room_find (Harness    *harness,
           guint       from,
           const char *text)
{
  for (guint i = from; i < harness->room_log->len; i++)
    if (strstr (g_ptr_array_index (harness->room_log, i), text))
      return i;
  return G_MAXUINT;
}

/* Issue 31, finding 6: a chat client follows everything. The <table/> is posted when it
 * changes and when someone comes in, no more (7 posts before the start of a table of four
 * with two people were seen); the seating, every trick taken, the hand's result and the
 * session's score each have a body in a person's words. */
static void
test_room_bodies (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  Harness harness;
  guint tables = 0, tricks = 0, at;
  const char *body;

  rules_for (&rules, "bierkopf", NULL, NULL);
  game = bk_game_new (&rules, 5);
  harness_init (&harness, game);
  bk_table_host_set_deals (harness.host, 1);
  g_assert_true (bk_table_host_seat_computer (harness.host, 0, "heuristic", NULL));
  g_assert_true (bk_table_host_seat_computer (harness.host, 2, "heuristic", NULL));
  bk_table_host_seat_person (harness.host, 1, NULL);
  bk_table_host_seat_person (harness.host, 3, NULL);
  harness_add_guest (&harness, "Sepp", "sepp@example.org/app", 1, "heuristic");
  harness_add_guest (&harness, "Gretl", "gretl@example.org/app", 3, "heuristic");
  bk_table_host_start (harness.host);
  /* the two come in, and their games ask as a game that has just joined does: the room's
   * <resync/> at once, and a claim every 2 s until its <state/> comes (so one more may
   * cross the state on the way) */
  for (guint i = 0; i < 2; i++)
    {
      g_auto (BkNetStanza) stanza = { 0 };
      g_autoptr (BkXmppElement) resync = NULL;
      g_autoptr (BkXmppElement) claim = NULL;

      bk_net_stanza_init (&stanza, BK_NET_RESYNC);
      resync = bk_net_stanza_build (&stanza);
      bk_net_stanza_clear (&stanza);
      bk_net_stanza_init (&stanza, BK_NET_CLAIM);
      stanza.seat = harness.seats[i];
      claim = bk_net_stanza_build (&stanza);
      bk_table_host_occupant (harness.host, harness.nicks[i], harness.jids[i], TRUE,
                              harness.now);
      bk_table_host_handle (harness.host, harness.nicks[i], harness.jids[i], resync,
                            harness.now, NULL);
      for (guint claims = 0; claims < 2 && bk_game_get_hand_number (game) == 0; claims++)
        {
          bk_table_host_handle (harness.host, harness.nicks[i], harness.jids[i], claim,
                                harness.now, NULL);
          harness.now += 2 * G_USEC_PER_SEC;
        }
    }
  for (guint n = 0; n < 1000 && !bk_table_host_is_finished (harness.host); n++)
    if (harness_pump (&harness, 1) == 0)
      break;
  g_assert_true (bk_table_host_is_finished (harness.host));
  harness_pump (&harness, HARNESS_MAX_MESSAGES);

  at = room_find (&harness, 0, "<commit");
  g_assert_cmpuint (at, !=, G_MAXUINT);
  for (guint i = 0; i < at; i++)
    if (g_str_has_prefix (g_ptr_array_index (harness.room_log, i), "<table"))
      {
        tables++;
        g_assert_cmpstr (g_ptr_array_index (harness.room_bodies, i), !=, "");
      }
  g_test_message ("%u <table/> before the start", tables);
  /* the start, each coming in and each claim */
  g_assert_cmpuint (tables, <=, 5);

  at = room_find (&harness, 0, ">seating ");
  g_assert_cmpuint (at, !=, G_MAXUINT);
  body = g_ptr_array_index (harness.room_bodies, at);
  g_test_message ("%s", body);
  g_assert_nonnull (strstr (body, "play together against"));
  g_assert_nonnull (strstr (body, "deals first"));

  for (guint i = 0; i < harness.room_log->len; i++)
    if (strstr (g_ptr_array_index (harness.room_bodies, i), "takes the trick ("))
      tricks++;
  g_assert_cmpuint (tricks, ==, bk_game_get_tricks_done (game));
  g_assert_cmpuint (tricks, >, 0);

  at = room_find (&harness, 0, "<reveal");
  g_assert_cmpuint (at, !=, G_MAXUINT);
  body = g_ptr_array_index (harness.room_bodies, at);
  g_test_message ("%s", body);
  g_assert_nonnull (strstr (body, "Hand 1 is over: "));
  g_assert_nonnull (strstr (body, "Score: "));
  g_assert_nonnull (strstr (body, "its deal can now be checked"));
  harness_clear (&harness);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/table/host-restarted", test_host_restarted);
  g_test_add_func ("/table/host-restarted-spectator", test_host_restarted_spectator);
  g_test_add_func ("/table/B2.5/host-restarted-new-seats", test_host_restarted_new_seats);
  g_test_add_func ("/table/resume-refused", test_resume_refused);

  g_test_add_func ("/table/bierkopf", test_bierkopf);
  g_test_add_func ("/table/B2.5/new-seats", test_new_seats);
  g_test_add_func ("/table/B2.1/seating-cheated", test_seating_cheated);
  g_test_add_func ("/table/B2.1/seating-cheated-all-shown", test_other_seating_all_shown);
  g_test_add_func ("/table/herzla-four", test_herzla_four);
  g_test_add_func ("/table/herzla-simple-six", test_herzla_simple_six);
  g_test_add_func ("/table/fast", test_fast);
  g_test_add_func ("/table/flood-refused-again", test_flood_refused_again);
  g_test_add_func ("/table/kept-seat-resync", test_kept_seat_resync);
  g_test_add_func ("/table/claim-lost", test_claim_lost);
  g_test_add_func ("/table/secret-lost", test_secret_lost);
  g_test_add_func ("/table/request-lost", test_request_lost);
  g_test_add_func ("/table/request-lost-seeded", test_request_lost_seeded);
  g_test_add_func ("/table/stale-request-waits-for-nothing",
                   test_stale_request_waits_for_nothing);
  g_test_add_func ("/table/hand-lost", test_hand_lost);
  g_test_add_func ("/table/rejoin", test_rejoin);
  g_test_add_func ("/table/stand-in", test_stand_in);
  g_test_add_func ("/table/stand-in-and-back", test_stand_in_and_back);
  g_test_add_func ("/table/host-new-session-sealed", test_host_new_session_sealed);
  g_test_add_func ("/table/host-new-session-in-play", test_host_new_session_in_play);
  g_test_add_func ("/table/room-bodies", test_room_bodies);
  return g_test_run ();
}
