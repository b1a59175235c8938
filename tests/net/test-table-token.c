/* test-table-token.c: a chair that survives a new address (issue 32, item 2;
 * docs/network.md 3.16): each person's chair has a resume token, sent to that seat alone;
 * a guest that drops and comes back under another JID claims the chair with it, and every
 * hand still verifies, also with a host started again. Every bad token (wrong, malformed,
 * 1 MB, another chair's, spent) is refused by its code and changes nothing at the table.
 * In one process (net-harness.h), every loop bounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "net-harness.h"

#include "bk-net-senders.h"

#define DEALS 3
#define NEW_JID "anon-5f1c2e@guest.example.org/a1b2"

typedef struct {
  Harness   harness;
  BkGame   *game;
  char     *tokens[HARNESS_MAX_GUESTS];  /* the last token each guest was sent */
  char     *kept;                        /* the host's resume file at its last ::changed */
  char     *last_to;
  char     *last_reason;
  gboolean  last_private;
  guint     refusals;
  guint     tokens_sent;
} Fixture;

static void
keep_cb (BkTableHost *host,
         Fixture     *fixture)
{
  g_autoptr (GKeyFile) file = bk_table_host_save_resume (host);

  g_free (fixture->kept);
  fixture->kept = g_key_file_to_data (file, NULL, NULL);
}

static void
capture_cb (BkTableHost   *host,
            const char    *nick,
            const char    *body,
            BkXmppElement *payload,
            gboolean       private,
            Fixture       *fixture)
{
  const char *name = bk_xmpp_element_get_name (payload);

  if (strcmp (name, "token") == 0)
    {
      /* to one seat alone, privately, never with a body that a client would show */
      g_assert_nonnull (nick);
      g_assert_true (private);
      g_assert_null (body);
      fixture->tokens_sent++;
    }
  if (strcmp (name, "refused") != 0)
    return;
  fixture->refusals++;
  g_free (fixture->last_to);
  fixture->last_to = g_strdup (nick);
  g_free (fixture->last_reason);
  fixture->last_reason = g_strdup (bk_xmpp_element_get_attr (payload, "reason"));
  fixture->last_private = private;
}

static void
token_cb (BkTableGuest *guest,
          const char   *token,
          Fixture      *fixture)
{
  for (guint i = 0; i < fixture->harness.n_guests; i++)
    if (fixture->harness.guests[i] == guest)
      {
        g_free (fixture->tokens[i]);
        fixture->tokens[i] = g_strdup (token);
      }
}

static void
watch_host (Fixture *fixture)
{
  g_signal_connect (fixture->harness.host, "send", G_CALLBACK (capture_cb), fixture);
  g_signal_connect (fixture->harness.host, "changed", G_CALLBACK (keep_cb), fixture);
}

/* Bierkopf, 3 hands: the host's computer at East, three people (bots) at S, W, N; into the
 * second hand, a few lines in. */
static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  BkRules rules;

  bk_rules_init_default (&rules);
  fixture->game = bk_game_new (&rules, 5);
  harness_init (&fixture->harness, fixture->game);
  watch_host (fixture);
  bk_table_host_set_deals (fixture->harness.host, DEALS);
  bk_table_host_set_grace (fixture->harness.host, 120);
  g_assert_true (bk_table_host_seat_computer (fixture->harness.host, 3, "heuristic", NULL));
  for (guint s = 0; s < 3; s++)
    {
      g_autofree char *nick = g_strdup_printf ("bot%u", s);
      g_autofree char *jid = g_strdup_printf ("bot%u@example.org/cli", s);
      BkTableGuest *guest;

      bk_table_host_seat_person (fixture->harness.host, s, NULL);
      guest = harness_add_guest (&fixture->harness, nick, jid, s, "heuristic");
      g_signal_connect (guest, "token", G_CALLBACK (token_cb), fixture);
    }
  bk_table_host_start (fixture->harness.host);
  for (guint n = 0; n < 2000 && bk_game_get_hand_number (fixture->game) < 2; n++)
    harness_pump (&fixture->harness, 1);
  harness_pump (&fixture->harness, 12);
  g_assert_cmpuint (bk_game_get_hand_number (fixture->game), ==, 2);
  g_assert_cmpint (bk_game_get_phase (fixture->game), !=, BK_PHASE_HAND_OVER);
  /* each person was sent a token of its own */
  for (guint i = 0; i < 3; i++)
    {
      g_assert_nonnull (fixture->tokens[i]);
      g_assert_cmpuint (strlen (fixture->tokens[i]), ==, 2 * BK_NET_TOKEN_SIZE);
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (fixture->tokens[i], !=, fixture->tokens[j]);
    }
  (void) data;
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  harness_clear (&fixture->harness);
  g_assert_finalize_object (fixture->game);
  for (guint i = 0; i < HARNESS_MAX_GUESTS; i++)
    g_free (fixture->tokens[i]);
  g_free (fixture->kept);
  g_free (fixture->last_to);
  g_free (fixture->last_reason);
  (void) data;
}

/* Guest @i starts again, a new process that knows nothing but the token it kept
 * (@token, NULL: none), and joins the room under @jid and @nick (NULL: its own). */
static void
rejoin_as (Fixture    *fixture,
           guint       i,
           const char *jid,
           const char *nick,
           const char *token)
{
  Harness *harness = &fixture->harness;
  BkTableGuest *old = harness->guests[i];
  BkTableGuest *guest = bk_table_guest_new (HARNESS_ROOM, harness->seats[i]);
  g_autoptr (BkStrategy) strategy =
    bk_strategy_new_for_level (bk_game_get_rules (fixture->game)->game, harness->levels[i],
                               NULL);

  bk_table_guest_set_strategy (guest, strategy);
  if (token)
    g_assert_true (bk_table_guest_set_token (guest, token));
  g_signal_connect (guest, "send", G_CALLBACK (guest_send_cb), harness);
  g_signal_connect (guest, "token", G_CALLBACK (token_cb), fixture);
  bk_table_guest_set_clock (guest, harness_clock, harness);
  harness->guests[i] = guest;
  harness->away[i] = FALSE;
  g_free (harness->jids[i]);
  harness->jids[i] = g_strdup (jid);
  if (nick)
    {
      g_free (harness->nicks[i]);
      harness->nicks[i] = g_strdup (nick);
    }
  g_assert_finalize_object (old);
  bk_table_host_occupant (harness->host, harness->nicks[i], harness->jids[i], TRUE,
                          harness->now);
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

/* The address the host binds chair @chair to, as it keeps it. */
static char *
bound_jid (BkTableHost *host,
           BkSeat       chair)
{
  g_autoptr (GKeyFile) file = bk_table_host_save_resume (host);
  g_autofree char *group = g_strdup_printf ("seat %u", chair);

  return g_key_file_get_string (file, group, "jid", NULL);
}

/* No token, nor any part of a message that carries one, went to the room. */
static void
assert_no_token_in_room (Fixture     *fixture,
                         const char  *token)
{
  for (guint i = 0; i < fixture->harness.room_log->len; i++)
    {
      const char *text = g_ptr_array_index (fixture->harness.room_log, i);

      g_assert_null (strstr (text, "<token"));
      g_assert_null (strstr (text, "token="));
      g_assert_null (strstr (text, token));
    }
}

/* Every guest verified every hand it was at: @back_at the hands the guest that came back
 * verified. */
static void
assert_all_verified (Fixture *fixture,
                     guint    i_back,
                     guint    back_at)
{
  g_assert_true (bk_table_host_is_finished (fixture->harness.host));
  for (guint i = 0; i < fixture->harness.n_guests; i++)
    g_assert_cmpuint (verified_hands (&fixture->harness, i), ==, i == i_back ? back_at : DEALS);
}

/* The heart of it: bot1 drops mid-hand and comes back under another JID (an anonymous
 * guest's next login) with the token it kept: the chair is its again, the hand goes on
 * and verifies. Before tokens the host refused it (`seat-taken`) and waited for ever. */
static void
test_new_address (Fixture       *fixture,
                  gconstpointer  data)
{
  Harness *harness = &fixture->harness;
  g_autofree char *token = g_strdup (fixture->tokens[1]);
  g_autofree char *jid = NULL;
  g_autofree char *record = NULL;

  harness_drop (harness, 1);
  harness_pump (harness, 2000);
  harness->now += 60 * G_USEC_PER_SEC;
  bk_table_host_tick (harness->host, harness->now);
  record = bk_game_to_record (fixture->game);
  rejoin_as (fixture, 1, NEW_JID, NULL, token);
  harness_pump (harness, HARNESS_MAX_MESSAGES);

  jid = bound_jid (harness->host, 1);
  g_assert_cmpstr (jid, ==, "anon-5f1c2e@guest.example.org");
  /* the hand it came back to, and the next: each verified */
  assert_all_verified (fixture, 1, 2);
  /* it was given a new token with its <state/>; the spent one is never the new one */
  g_assert_nonnull (fixture->tokens[1]);
  g_assert_cmpstr (fixture->tokens[1], !=, token);
  assert_no_token_in_room (fixture, token);
  assert_no_token_in_room (fixture, fixture->tokens[1]);
  for (guint i = 0; i < 3; i++)
    assert_no_token_in_room (fixture, fixture->tokens[i]);
  (void) data;
}

/* The same return without the token: refused, the chair stays the old address's (the
 * test above fails without the code it tests, this one shows why). */
static void
test_new_address_without_token (Fixture       *fixture,
                                gconstpointer  data)
{
  Harness *harness = &fixture->harness;
  g_autofree char *jid = NULL;
  guint refusals = fixture->refusals;

  harness_drop (harness, 1);
  harness_pump (harness, 2000);
  rejoin_as (fixture, 1, NEW_JID, NULL, NULL);
  harness_pump (harness, 200);
  g_assert_cmpuint (fixture->refusals, >, refusals);
  g_assert_false (bk_table_host_is_finished (harness->host));
  jid = bound_jid (harness->host, 1);
  g_assert_cmpstr (jid, ==, "bot1@example.org");
  (void) data;
}

static BkXmppElement *
claim_with (BkSeat      seat,
            const char *token)
{
  g_autoptr (BkXmppElement) claim = NULL;
  g_auto (BkNetStanza) stanza = { 0 };

  bk_net_stanza_init (&stanza, BK_NET_CLAIM);
  stanza.seat = seat;
  claim = bk_net_stanza_build (&stanza);
  bk_xmpp_element_set_attr (claim, "token", token);
  return g_steal_pointer (&claim);
}

/* @payload from @nick (@jid) to the host: refused with @reason to the sender alone, and
 * nothing changed: what the host keeps (its resume file: every chair's address, nickname
 * and token) and the game are what they were. */
static void
assert_refused (Fixture             *fixture,
                const char          *nick,
                const char          *jid,
                const BkXmppElement *payload,
                const char          *reason)
{
  BkTableHost *host = fixture->harness.host;
  g_autoptr (GKeyFile) before_file = bk_table_host_save_resume (host);
  g_autoptr (GKeyFile) after_file = NULL;
  g_autofree char *before = g_key_file_to_data (before_file, NULL, NULL);
  g_autofree char *after = NULL;
  guint refusals = fixture->refusals, tokens = fixture->tokens_sent;
  g_autoptr (GError) error = NULL;

  fixture->harness.now += 10 * G_USEC_PER_SEC;
  g_assert_false (bk_table_host_handle (host, nick, jid, payload, fixture->harness.now,
                                        &error));
  g_assert_nonnull (error);
  g_test_message ("%s: %s", reason, error->message);
  g_assert_cmpstr (bk_net_error_code (error), ==, reason);
  g_assert_cmpuint (fixture->refusals, ==, refusals + 1);
  g_assert_cmpstr (fixture->last_to, ==, nick);
  g_assert_true (fixture->last_private);
  g_assert_cmpstr (fixture->last_reason, ==, reason);
  g_assert_cmpuint (fixture->tokens_sent, ==, tokens);
  after_file = bk_table_host_save_resume (host);
  after = g_key_file_to_data (after_file, NULL, NULL);
  g_assert_cmpstr (after, ==, before);
}

/* Issue 32's bad input: a wrong, malformed, 1 MB, another chair's and a spent token, and
 * the right token from somebody who may not take the chair with it. */
static void
test_bad_tokens (Fixture       *fixture,
                 gconstpointer  data)
{
  Harness *harness = &fixture->harness;
  const char *eve = "eve@example.org/x";
  g_autofree char *spent = g_strdup (fixture->tokens[1]);
  g_autofree char *huge = NULL;
  g_autofree char *jid = NULL;
  g_autofree char *upper = g_ascii_strup (fixture->tokens[1], -1);
  g_autofree char *longer = g_strconcat (fixture->tokens[1], "0", NULL);
  g_autofree char *shorter = g_strndup (fixture->tokens[1], 2 * BK_NET_TOKEN_SIZE - 1);
  g_autoptr (BkXmppElement) payload = NULL;

#define REFUSED(nick, jid, seat, token, reason) G_STMT_START {           \
    g_autoptr (BkXmppElement) claim_ = claim_with ((seat), (token));     \
    assert_refused (fixture, (nick), (jid), claim_, (reason));           \
  } G_STMT_END

  /* the old JID's occupant is still in the room when its person comes back under a new
   * one (a server keeps a killed client's session a while): each case runs with bot1
   * seated and with its chair waiting */
  for (guint round = 0; round < 2; round++)
    {
      g_autofree char *other = g_strdup (fixture->tokens[2]);

      if (round == 1)
        {
          harness_drop (harness, 1);
          harness_pump (harness, 2000);
        }
      /* a wrong token: the right size, nobody's */
      REFUSED ("eve", eve, 1, "00112233445566778899aabbccddeeff", "not-your-seat");
      /* another chair's token */
      REFUSED ("eve", eve, 1, other, "not-your-seat");
      /* the chair's own token from one who sits at another chair, or under the nickname of
       * another seated person */
      REFUSED ("bot2", "bot2@example.org/cli", 1, spent, "seat-taken");
      REFUSED ("bot2", eve, 1, spent, "nickname");
      /* a computer's chair has no token */
      REFUSED ("eve", eve, 3, spent, "not-your-seat");
      /* malformed: upper case, a digit too many or too few, not hexadecimal, empty */
      REFUSED ("eve", eve, 1, upper, "malformed");
      REFUSED ("eve", eve, 1, longer, "malformed");
      REFUSED ("eve", eve, 1, shorter, "malformed");
      REFUSED ("eve", eve, 1, "zz112233445566778899aabbccddeeff", "malformed");
      REFUSED ("eve", eve, 1, "", "malformed");
      /* 1 MB */
      huge = g_strnfill (1024 * 1024, 'a');
      REFUSED ("eve", eve, 1, huge, "too-large");
      g_clear_pointer (&huge, g_free);
    }
  /* the claim without a token: the chair is bot1's address's */
  g_clear_pointer (&payload, bk_xmpp_element_unref);
  {
    g_auto (BkNetStanza) stanza = { 0 };

    bk_net_stanza_init (&stanza, BK_NET_CLAIM);
    stanza.seat = 1;
    payload = bk_net_stanza_build (&stanza);
  }
  assert_refused (fixture, "eve", eve, payload, "seat-taken");

  /* bot1 comes back under a new address with its token: the token is spent */
  rejoin_as (fixture, 1, NEW_JID, NULL, spent);
  harness_pump (harness, 200);
  jid = bound_jid (harness->host, 1);
  g_assert_cmpstr (jid, ==, "anon-5f1c2e@guest.example.org");
  g_assert_cmpstr (fixture->tokens[1], !=, spent);
  /* replayed after its chair moved on: by a thief, and by the address it left */
  REFUSED ("eve", eve, 1, spent, "replayed");
  REFUSED ("bot1", "bot1@example.org/cli", 1, spent, "replayed");
  /* and the address that gave the chair up has no seat any more */
  g_clear_pointer (&payload, bk_xmpp_element_unref);
  {
    g_auto (BkNetStanza) stanza = { 0 };

    bk_net_stanza_init (&stanza, BK_NET_RESYNC);
    payload = bk_net_stanza_build (&stanza);
  }
  g_assert_true (bk_table_host_handle (harness->host, "bot1-old", "bot1@example.org/cli",
                                       payload, harness->now, NULL));
#undef REFUSED

  /* none of it stopped the table */
  harness_pump (harness, HARNESS_MAX_MESSAGES);
  assert_all_verified (fixture, 1, 2);
  (void) data;
}

/* A guest whose kept token is stale (killed before it kept the new one) claims without it
 * after the refusal: under its own address the chair is still its. */
static void
test_stale_token (Fixture       *fixture,
                  gconstpointer  data)
{
  Harness *harness = &fixture->harness;

  harness_drop (harness, 2);
  harness_pump (harness, 2000);
  /* under another nickname: the host does not take it for its own new session (7) */
  rejoin_as (fixture, 2, "bot2@example.org/cli", "bot2-again", "00112233445566778899aabbccddeeff");
  harness_pump (harness, HARNESS_MAX_MESSAGES);
  assert_all_verified (fixture, 2, 2);
  (void) data;
}

/* docs/network.md 7: a host killed and started again from its resume file honours the
 * tokens it gave: bot1, gone meanwhile, comes back under a new address. */
static void
test_host_restarted (Fixture       *fixture,
                     gconstpointer  data)
{
  Harness *harness = &fixture->harness;
  g_autofree char *token = g_strdup (fixture->tokens[1]);
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *jid = NULL;
  BkTableHost *again;

  g_assert_nonnull (fixture->kept);
  g_assert_nonnull (strstr (fixture->kept, token));
  harness_drop (harness, 1);
  g_queue_clear_full (&harness->queue, (GDestroyNotify) message_free);
  g_clear_object (&harness->host);
  g_assert_true (g_key_file_load_from_data (file, fixture->kept, -1, G_KEY_FILE_NONE, &error));
  g_assert_no_error (error);
  again = bk_table_host_new_from_resume (file, harness->now, &error);
  g_assert_no_error (error);
  harness->host = again;
  g_signal_connect (again, "send", G_CALLBACK (host_send_cb), harness);
  watch_host (fixture);
  for (guint i = 0; i < harness->n_guests; i++)
    if (i != 1)
      bk_table_host_occupant (again, harness->nicks[i], harness->jids[i], TRUE, harness->now);
  bk_table_host_start (again);
  harness_pump (harness, 2000);
  rejoin_as (fixture, 1, NEW_JID, NULL, token);
  harness_pump (harness, HARNESS_MAX_MESSAGES);
  jid = bound_jid (again, 1);
  g_assert_cmpstr (jid, ==, "anon-5f1c2e@guest.example.org");
  g_object_unref (fixture->game);
  fixture->game = g_object_ref (bk_table_host_get_game (again));
  assert_all_verified (fixture, 1, 2);
  (void) data;
}

/* A guest takes its own chair's token from the host in private only (bk-net-senders.c): a
 * token in the room, from another occupant, or for another chair changes nothing. */
static void
test_guest_takes_own_only (Fixture       *fixture,
                           gconstpointer  data)
{
  BkTableGuest *guest = fixture->harness.guests[1];
  g_autofree char *before = bk_table_guest_dup_token (guest);
  g_autofree char *after = NULL;
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) mine = NULL;
  g_autoptr (BkXmppElement) other = NULL;

  g_assert_cmpstr (before, ==, fixture->tokens[1]);
  bk_net_stanza_init (&stanza, BK_NET_TOKEN);
  stanza.seat = 1;
  memset (stanza.token, 0x5a, BK_NET_TOKEN_SIZE);
  mine = bk_net_stanza_build (&stanza);
  stanza.seat = 2;
  other = bk_net_stanza_build (&stanza);
  g_assert_false (bk_table_guest_handle (guest, HARNESS_HOST, mine, FALSE, NULL));
  g_assert_false (bk_table_guest_handle (guest, "bot2", mine, TRUE, NULL));
  g_assert_false (bk_table_guest_handle (guest, HARNESS_HOST, other, TRUE, NULL));
  after = bk_table_guest_dup_token (guest);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (fixture->tokens[1], ==, before);
  /* the host's own, in private, is taken */
  g_assert_true (bk_table_guest_handle (guest, HARNESS_HOST, mine, TRUE, NULL));
  g_clear_pointer (&after, g_free);
  after = bk_table_guest_dup_token (guest);
  g_assert_cmpstr (after, ==, "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a");
  g_assert_cmpstr (fixture->tokens[1], ==, after);
  (void) data;
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/table-token/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("new-address", test_new_address);
  ADD ("new-address-without-token", test_new_address_without_token);
  ADD ("bad-tokens", test_bad_tokens);
  ADD ("stale-token", test_stale_token);
  ADD ("host-restarted", test_host_restarted);
  ADD ("guest-takes-own-only", test_guest_takes_own_only);
#undef ADD
  return g_test_run ();
}
