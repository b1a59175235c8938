/* test-table-senders.c: who may send each payload, and where (bk-net-senders.h,
 * docs/network.md section 4), as a guest reads it: an occupant who is not the host, a
 * payload through the wrong channel, a refusal that answers nothing the guest asked. In
 * one process (net-harness.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "net-harness.h"

#include "bk-net-senders.h"

#define DEALS 3

/* Every payload the host sends, and whether it went to one occupant alone. */
typedef struct {
  GPtrArray *payloads;
  GArray    *private;
} Sent;

static void
record_sent_cb (BkTableHost   *host,
                const char    *nick,
                const char    *body,
                BkXmppElement *payload,
                gboolean       private,
                Sent          *sent)
{
  g_ptr_array_add (sent->payloads, bk_xmpp_element_ref (payload));
  g_array_append_val (sent->private, private);
}

/* A host, its computer at the last chair, three guests played by computers and a
 * spectator (the last guest). */
static BkGame *
table_new (Harness *harness)
{
  BkRules rules;
  BkGame *game;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 5);
  harness_init (harness, game);
  bk_table_host_set_deals (harness->host, DEALS);
  g_assert_true (bk_table_host_seat_computer (harness->host, 3, "heuristic", NULL));
  for (guint s = 0; s < 3; s++)
    {
      g_autofree char *nick = g_strdup_printf ("bot%u", s);
      g_autofree char *jid = g_strdup_printf ("bot%u@example.org/cli", s);

      bk_table_host_seat_person (harness->host, s, NULL);
      harness_add_guest (harness, nick, jid, s, "heuristic");
    }
  harness_add_guest (harness, "spectator", "watcher@example.org/x", BK_SEAT_NONE, NULL);
  return game;
}

/* Every guest (and the spectator) verified every hand, and the host finished. */
static void
assert_all_verified (Harness *harness)
{
  g_assert_true (bk_table_host_is_finished (harness->host));
  for (guint i = 0; i < harness->n_guests; i++)
    {
      GArray *verdicts = bk_table_guest_get_verdicts (harness->guests[i]);

      g_assert_true (bk_table_guest_is_finished (harness->guests[i]));
      g_assert_cmpuint (verdicts->len, ==, DEALS);
      for (guint h = 0; h < verdicts->len; h++)
        g_assert_cmpstr (g_array_index (verdicts, BkTableVerdict, h).message, ==,
                         "deal and play verified");
    }
}

/* The table of senders says what section 3's headings say. */
static void
test_rules (void)
{
  static const struct {
    BkNetKind kind;
    gboolean  host_room, host_private, guest_room, guest_private;
  } cases[] = {
    { BK_NET_TABLE, TRUE, FALSE, FALSE, FALSE },
    { BK_NET_CLAIM, FALSE, FALSE, FALSE, TRUE },
    { BK_NET_COMMIT, TRUE, FALSE, FALSE, FALSE },
    { BK_NET_SECRET, FALSE, FALSE, FALSE, TRUE },
    { BK_NET_HAND, FALSE, TRUE, FALSE, FALSE },
    { BK_NET_LINE, TRUE, FALSE, FALSE, FALSE },
    { BK_NET_REQUEST, FALSE, FALSE, FALSE, TRUE },
    { BK_NET_DECLINE, FALSE, FALSE, FALSE, TRUE },
    { BK_NET_ACTION, TRUE, FALSE, FALSE, FALSE },
    { BK_NET_REFUSED, FALSE, TRUE, FALSE, FALSE },
    { BK_NET_REVEAL, TRUE, FALSE, FALSE, FALSE },
    { BK_NET_RESYNC, FALSE, FALSE, TRUE, TRUE },
    { BK_NET_STATE, FALSE, TRUE, FALSE, FALSE },
    { BK_NET_WAIT, TRUE, FALSE, FALSE, FALSE },
    { BK_NET_END, TRUE, FALSE, FALSE, FALSE },
    { BK_NET_TOKEN, FALSE, TRUE, FALSE, FALSE },
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (cases) == BK_NET_N_KINDS);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_cmpint (cases[i].kind, ==, i);
      g_assert_cmpint (bk_net_sender_may (i, TRUE, FALSE, NULL), ==, cases[i].host_room);
      g_assert_cmpint (bk_net_sender_may (i, TRUE, TRUE, NULL), ==, cases[i].host_private);
      g_assert_cmpint (bk_net_sender_may (i, FALSE, FALSE, NULL), ==, cases[i].guest_room);
      g_assert_cmpint (bk_net_sender_may (i, FALSE, TRUE, &error), ==, cases[i].guest_private);
      if (!cases[i].guest_private)
        g_assert_error (error, BK_NET_ERROR, BK_NET_ERROR_UNEXPECTED);
    }
}

/* Finding 1 of issue 31: an occupant Eve posted <table host='Eve'> with every seat free
 * during hand 1; every guest took it, failed hand 2's check ("The secrets revealed for
 * hand 2 are not those of the seated people") and the table stalled. Only the host's
 * table is taken: every hand is verified. */
static void
test_forged_table (void)
{
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkXmppElement) first = NULL;
  g_autoptr (BkXmppElement) forged = NULL;
  g_auto (BkNetStanza) stanza = { 0 };
  Harness harness;

  game = table_new (&harness);
  bk_table_host_start (harness.host);
  /* into hand 1: the table was posted, the deal sealed */
  harness_pump (&harness, 30);
  g_assert_cmpuint (harness.room_log->len, >, 0);
  first = bk_xmpp_element_parse (g_ptr_array_index (harness.room_log, 0), -1, NULL);
  g_assert_true (bk_net_stanza_parse (first, BK_NET_MAX_PAYLOAD_BYTES, &stanza, NULL));
  g_assert_cmpint (stanza.kind, ==, BK_NET_TABLE);
  g_free (stanza.host);
  stanza.host = g_strdup ("Eve");
  for (guint s = 0; s < stanza.n_seats; s++)
    {
      g_clear_pointer (&stanza.seats[s].nick, g_free);
      g_clear_pointer (&stanza.seats[s].level, g_free);
      stanza.seats[s].away = FALSE;
    }
  forged = bk_net_stanza_build (&stanza);
  harness_queue (&harness, "Eve", NULL, "4 seats at the table are free", forged, FALSE);
  harness_pump (&harness, HARNESS_MAX_MESSAGES);
  assert_all_verified (&harness);
  harness_clear (&harness);
}

/* Finding 1 of issue 31: every host payload, of every kind and at any time, is taken from
 * the host's occupant alone, a room payload through the room and a private one in private
 * (docs/network.md section 4). Each payload the host sent in a whole session comes to a
 * guest again from Eve, and from the host through the other channel: each is dropped,
 * and the guest's record stays as it was. */
static void
test_every_payload (void)
{
  g_autoptr (BkGame) game = NULL;
  Sent sent = { g_ptr_array_new_with_free_func ((GDestroyNotify) bk_xmpp_element_unref),
                g_array_new (FALSE, FALSE, sizeof (gboolean)) };
  g_autoptr (BkTableGuest) seated = bk_table_guest_new (HARNESS_ROOM, 1);
  g_autoptr (BkTableGuest) watcher = bk_table_guest_new (HARNESS_ROOM, BK_SEAT_NONE);
  BkTableGuest *guests[] = { seated, watcher };
  guint kinds = 0;
  Harness harness;

  game = table_new (&harness);
  g_signal_connect (harness.host, "send", G_CALLBACK (record_sent_cb), &sent);
  bk_table_host_start (harness.host);
  harness_pump (&harness, HARNESS_MAX_MESSAGES);
  assert_all_verified (&harness);
  g_assert_cmpuint (sent.payloads->len, >, 0);

  /* both know the host from its first table */
  for (guint g = 0; g < G_N_ELEMENTS (guests); g++)
    g_assert_true (bk_table_guest_handle (guests[g], HARNESS_HOST,
                                          g_ptr_array_index (sent.payloads, 0), FALSE, NULL));
  for (guint i = 0; i < sent.payloads->len; i++)
    {
      const BkXmppElement *payload = g_ptr_array_index (sent.payloads, i);
      gboolean private = g_array_index (sent.private, gboolean, i);
      g_auto (BkNetStanza) stanza = { 0 };

      g_assert_true (bk_net_stanza_parse (payload, BK_NET_MAX_PAYLOAD_BYTES, &stanza, NULL));
      kinds |= 1u << stanza.kind;
      g_assert_cmpint (bk_net_sender_rule (stanza.kind)->sender, ==, BK_NET_FROM_HOST);
      for (guint g = 0; g < G_N_ELEMENTS (guests); g++)
        {
          g_autofree char *record = g_strdup (bk_table_guest_get_record (guests[g]));
          g_autoptr (GError) forged = NULL;
          g_autoptr (GError) misrouted = NULL;

          g_assert_false (bk_table_guest_handle (guests[g], "Eve", payload, private, &forged));
          g_assert_error (forged, BK_NET_ERROR, BK_NET_ERROR_UNEXPECTED);
          g_assert_false (bk_table_guest_handle (guests[g], HARNESS_HOST, payload, !private,
                                                 &misrouted));
          g_assert_error (misrouted, BK_NET_ERROR, BK_NET_ERROR_UNEXPECTED);
          g_assert_cmpstr (bk_table_guest_get_record (guests[g]), ==, record);
          g_assert_null (bk_table_guest_get_game (guests[g]));
          g_assert_false (bk_table_guest_is_finished (guests[g]));
        }
    }
  /* the session had a payload of each kind the host sends but <refused/> and <wait/> */
  for (guint k = 0; k < BK_NET_N_KINDS; k++)
    if (bk_net_sender_rule (k)->sender == BK_NET_FROM_HOST && k != BK_NET_REFUSED &&
        k != BK_NET_WAIT)
      g_assert_true (kinds & (1u << k));
  g_ptr_array_unref (sent.payloads);
  g_array_unref (sent.private);
  harness_clear (&harness);
}

/* Counts the stray refusals queue_refusal() sends; a refusal the guest earned (a decline
 * that came late, `replayed`: the deals are random) is not one of them. */
static void
count_refused_cb (BkTableGuest *guest,
                  const char   *reason,
                  const char   *message,
                  guint        *refused)
{
  if (strcmp (reason, "seat-taken") == 0 || strcmp (reason, "not-your-seat") == 0)
    (*refused)++;
}

/* A refusal from the host to @nick, as the host would send it at this moment. */
static void
queue_refusal (Harness    *harness,
               const char *nick,
               const char *code,
               const char *text)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) payload = NULL;

  bk_net_stanza_init (&stanza, BK_NET_REFUSED);
  stanza.hand = 1;
  stanza.seq = 3;
  stanza.code = g_strdup (code);
  stanza.text = g_strdup (text);
  payload = bk_net_stanza_build (&stanza);
  harness_queue (harness, HARNESS_HOST, nick, text, payload, TRUE);
}

/* Finding 5 of issue 31: a second client of a seated account, under the same nickname,
 * claimed a taken chair; the host's `seat-taken` went to the nickname, both sessions got
 * it, and the seated `table join` printed "You already sit at North" and quit. A refusal
 * that answers nothing the guest asked changes nothing: no ::refused (the command line's
 * way out), and the table plays on to its end. */
static void
test_stray_refusal (void)
{
  g_autoptr (BkGame) game = NULL;
  guint seated_refused = 0, spectator_refused = 0;
  Harness harness;

  game = table_new (&harness);
  bk_table_host_start (harness.host);
  /* into hand 1: every chair claimed and answered */
  harness_pump (&harness, 40);
  g_signal_connect (harness.guests[1], "refused", G_CALLBACK (count_refused_cb),
                    &seated_refused);
  g_signal_connect (harness.guests[3], "refused", G_CALLBACK (count_refused_cb),
                    &spectator_refused);
  queue_refusal (&harness, "bot1", "seat-taken", "You already sit at East");
  queue_refusal (&harness, "spectator", "not-your-seat", "You have no seat at this table");
  harness_pump (&harness, HARNESS_MAX_MESSAGES);
  g_assert_cmpuint (seated_refused, ==, 0);
  g_assert_cmpuint (spectator_refused, ==, 0);
  assert_all_verified (&harness);
  harness_clear (&harness);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/senders/rules", test_rules);
  g_test_add_func ("/senders/forged-table", test_forged_table);
  g_test_add_func ("/senders/every-payload", test_every_payload);
  g_test_add_func ("/senders/stray-refusal", test_stray_refusal);
  return g_test_run ();
}
