/* test-net-protocol.c: the payload codec (docs/network.md, "Stanzas"): every stanza
 * round-trips through the wire form, and each malformed case is refused with the error
 * docs/network.md names for it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "bk-error.h"
#include "bk-net-bucket.h"
#include "bk-net-protocol.h"

static void
fill (guint8 *bytes,
      guint8  value)
{
  for (guint i = 0; i < BK_NET_SECRET_SIZE; i++)
    bytes[i] = (guint8) (value + i);
}

/* One example of each kind, every field set. */
static void
example (BkNetStanza *stanza,
         BkNetKind    kind)
{
  bk_net_stanza_init (stanza, kind);
  stanza->hand = 3;
  stanza->seq = 7;
  stanza->seat = 2;
  switch (kind)
    {
    case BK_NET_TABLE:
      stanza->host = g_strdup ("Wirt");
      stanza->record = g_strdup ("# Bierkopf game record\nformat 2\nseed 1\ngame bierkopf\n");
      stanza->n_seats = 4;
      stanza->seats[0].level = g_strdup ("heuristic");
      stanza->seats[1].nick = g_strdup ("Sepp");
      stanza->seats[2].nick = g_strdup ("Gretl");
      stanza->seats[2].away = TRUE;
      break;
    case BK_NET_COMMIT:
    case BK_NET_SECRET:
      fill (stanza->digest, 0x10);
      break;
    case BK_NET_HAND:
      stanza->text = g_strdup ("EO GO HO SO EU");
      break;
    case BK_NET_LINE:
      stanza->text = g_strdup ("dealer W");
      break;
    case BK_NET_REQUEST:
    case BK_NET_ACTION:
      stanza->text = g_strdup ("play S EO");
      break;
    case BK_NET_REFUSED:
      stanza->code = g_strdup ("not-your-turn");
      stanza->text = g_strdup ("It is West’s turn, not South’s");
      break;
    case BK_NET_REVEAL:
      fill (stanza->digest, 0x20);
      stanza->n_seats = 2;
      stanza->secret_seats[0] = 1;
      stanza->secret_seats[1] = 3;
      fill (stanza->secrets[0], 0x30);
      fill (stanza->secrets[1], 0x40);
      break;
    case BK_NET_STATE:
      stanza->record = g_strdup ("# Bierkopf game record\nformat 2\n");
      stanza->lines = g_strdup ("dealer W\ntalk N gut\n");
      stanza->text = g_strdup ("EO GO");
      stanza->has_digest = TRUE;
      fill (stanza->digest, 0x50);
      break;
    case BK_NET_WAIT:
      stanza->seconds = 120;
      break;
    case BK_NET_CLAIM:
      /* a claim with the seat's resume token (docs/network.md 3.16) */
      stanza->has_token = TRUE;
      memset (stanza->token, 0x6a, BK_NET_TOKEN_SIZE);
      break;
    case BK_NET_TOKEN:
      memset (stanza->token, 0x7b, BK_NET_TOKEN_SIZE);
      break;
    case BK_NET_DECLINE:
    case BK_NET_RESYNC:
    case BK_NET_END:
    case BK_NET_N_KINDS:
    default:
      break;
    }
}

static BkXmppElement *
through_wire (const BkXmppElement *element)
{
  g_autofree char *text = bk_xmpp_element_to_string (element);
  g_autoptr (GError) error = NULL;
  BkXmppElement *parsed = bk_xmpp_element_parse (text, -1, &error);

  g_assert_no_error (error);
  return parsed;
}

static void
test_round_trip (void)
{
  for (BkNetKind kind = 0; kind < BK_NET_N_KINDS; kind++)
    {
      g_auto (BkNetStanza) stanza = { 0 };
      g_auto (BkNetStanza) parsed = { 0 };
      g_autoptr (BkXmppElement) element = NULL;
      g_autoptr (BkXmppElement) wire = NULL;
      g_autoptr (BkXmppElement) again = NULL;
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;
      g_autoptr (GError) error = NULL;

      example (&stanza, kind);
      element = bk_net_stanza_build (&stanza);
      g_assert_cmpstr (bk_xmpp_element_get_ns (element), ==, BK_NET_NS);
      g_assert_cmpstr (bk_xmpp_element_get_name (element), ==, bk_net_kind_name (kind));
      g_assert_cmpstr (bk_xmpp_element_get_attr (element, "v"), ==, BK_NET_VERSION);
      wire = through_wire (element);
      g_assert_true (bk_net_stanza_parse (wire, BK_NET_MAX_PAYLOAD_BYTES, &parsed, &error));
      g_assert_no_error (error);
      g_assert_cmpint (parsed.kind, ==, kind);
      again = bk_net_stanza_build (&parsed);
      first = bk_xmpp_element_to_string (element);
      second = bk_xmpp_element_to_string (again);
      g_assert_cmpstr (first, ==, second);
      if (kind == BK_NET_REVEAL)
        {
          g_assert_cmpuint (parsed.n_seats, ==, 2);
          g_assert_cmpuint (parsed.secret_seats[1], ==, 3);
          g_assert_cmpmem (parsed.secrets[1], BK_NET_SECRET_SIZE, stanza.secrets[1],
                           BK_NET_SECRET_SIZE);
        }
      if (kind == BK_NET_TABLE)
        {
          g_assert_cmpstr (parsed.seats[1].nick, ==, "Sepp");
          g_assert_true (parsed.seats[2].away);
          g_assert_cmpstr (parsed.seats[0].level, ==, "heuristic");
          g_assert_cmpstr (parsed.record, ==, stanza.record);
        }
    }
}

/* Finding 4 of issue 31: a spectator that saw a gap gets the public table, a <state/>
 * without a seat and with no cards (docs/network.md 3.3); one that names cards without a
 * seat is refused. */
static void
test_state_without_seat (void)
{
#define STATE_NS "xmlns='urn:io.github.bierkopf:table:1'"
  g_auto (BkNetStanza) stanza = { 0 };
  g_auto (BkNetStanza) parsed = { 0 };
  g_autoptr (BkXmppElement) element = NULL;
  g_autoptr (BkXmppElement) wire = NULL;
  g_autoptr (BkXmppElement) bad = NULL;
  g_autoptr (GError) error = NULL;

  bk_net_stanza_init (&stanza, BK_NET_STATE);
  stanza.hand = 2;
  stanza.seq = 4;
  stanza.seat = BK_SEAT_NONE;
  stanza.record = g_strdup ("# Bierkopf game record\nformat 2\n");
  stanza.lines = g_strdup ("dealer W\ntalk N gut\n");
  stanza.text = g_strdup ("");
  element = bk_net_stanza_build (&stanza);
  g_assert_null (bk_xmpp_element_get_attr (element, "seat"));
  wire = through_wire (element);
  g_assert_true (bk_net_stanza_parse (wire, BK_NET_MAX_PAYLOAD_BYTES, &parsed, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (parsed.seat, ==, BK_SEAT_NONE);
  g_assert_cmpstr (parsed.text, ==, "");
  g_assert_cmpstr (parsed.lines, ==, stanza.lines);
  g_assert_false (parsed.has_digest);
  bk_net_stanza_clear (&parsed);

  bad = bk_xmpp_element_parse ("<state " STATE_NS " v='1' hand='2' seq='0'><record>x</record>"
                               "<lines></lines><cards>EO GO</cards></state>", -1, NULL);
  g_assert_nonnull (bad);
  g_assert_false (bk_net_stanza_parse (bad, BK_NET_MAX_PAYLOAD_BYTES, &parsed, &error));
  g_assert_error (error, BK_NET_ERROR, BK_NET_ERROR_MALFORMED);
#undef STATE_NS
}

typedef struct {
  const char *xml;
  GQuark      domain;
  int         code;
} Bad;

/* docs/network.md, "Errors": each case, and what it is refused as. */
static void
test_malformed (void)
{
#define NS "xmlns='urn:io.github.bierkopf:table:1'"
  const Bad cases[] = {
    /* not ours */
    { "<request xmlns='urn:example:other' v='1' hand='1' seq='0'>play S EO</request>",
      BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
    { "<shuffle " NS " v='1'/>", BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
    /* the version */
    { "<request " NS " hand='1' seq='0'>play S EO</request>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<request " NS " v='2' hand='1' seq='0'>play S EO</request>", BK_NET_ERROR,
      BK_NET_ERROR_VERSION },
    { "<request " NS " v='1.0' hand='1' seq='0'>play S EO</request>", BK_NET_ERROR,
      BK_NET_ERROR_VERSION },
    /* required and unknown attributes */
    { "<request " NS " v='1' seq='0'>play S EO</request>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<request " NS " v='1' hand='1'>play S EO</request>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<request " NS " v='1' hand='1' seq='0' seat='2'>play S EO</request>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<claim " NS " v='1'/>", BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
    /* numbers */
    { "<request " NS " v='1' hand='01' seq='0'>play S EO</request>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<request " NS " v='1' hand='-1' seq='0'>play S EO</request>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<request " NS " v='1' hand='1x' seq='0'>play S EO</request>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<request " NS " v='1' hand='99999999999' seq='0'>play S EO</request>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<request " NS " v='1' hand=' 1' seq='0'>play S EO</request>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<claim " NS " v='1' seat='8'/>", BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
    /* resume tokens (3.16): 32 lowercase hexadecimal digits, no more, no fewer */
    { "<claim " NS " v='1' seat='1' token=''/>", BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
    { "<claim " NS " v='1' seat='1' token='000102030405060708090a0b0c0d0e0'/>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<claim " NS " v='1' seat='1' token='000102030405060708090a0b0c0d0e0f1'/>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<claim " NS " v='1' seat='1' token='000102030405060708090A0B0C0D0E0F'/>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<claim " NS " v='1' seat='1' token='000102030405060708090a0b0c0d0e0g'/>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<token " NS " v='1' seat='1'/>", BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
    { "<token " NS " v='1' seat='1' value='00'/>", BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
    /* digests */
    { "<secret " NS " v='1' hand='1' value='00'/>", BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
    { "<secret " NS " v='1' hand='1' value='"
      "000102030405060708090A0B0C0D0E0F101112131415161718191a1b1c1d1e1f'/>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<secret " NS " v='1' hand='1' value='"
      "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1g'/>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    /* text */
    { "<request " NS " v='1' hand='1' seq='0'></request>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    { "<request " NS " v='1' hand='1' seq='0'>play S EO&#10;play W GO</request>",
      BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
    { "<request " NS " v='1' hand='1' seq='0'>play S EO<x/></request>", BK_NET_ERROR,
      BK_NET_ERROR_MALFORMED },
    /* a table: its seats, each once */
    { "<table " NS " v='1' host='h' seats='4'><rules/><seat n='0'/><seat n='1'/>"
      "<seat n='2'/></table>", BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
    { "<table " NS " v='1' host='h' seats='3'><rules/><seat n='0'/><seat n='1'/>"
      "<seat n='1'/></table>", BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
    { "<table " NS " v='1' host='h' seats='3'><seat n='0'/><seat n='1'/><seat n='2'/></table>",
      BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
    { "<table " NS " v='1' host='h' seats='2'><rules/><seat n='0'/><seat n='1'/></table>",
      BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
    /* a reveal: the secrets in the order of the seats */
    { "<reveal " NS " v='1' hand='1' host='"
      "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'>"
      "<secret seat='2' value='000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'/>"
      "<secret seat='1' value='000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'/>"
      "</reveal>", BK_NET_ERROR, BK_NET_ERROR_MALFORMED },
  };
#undef NS

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (BkXmppElement) element = bk_xmpp_element_parse (cases[i].xml, -1, &error);
      g_auto (BkNetStanza) stanza = { 0 };

      g_test_message ("case %u: %s", i, cases[i].xml);
      g_assert_no_error (error);
      g_assert_false (bk_net_stanza_parse (element, BK_NET_MAX_REQUEST_BYTES, &stanza, &error));
      g_assert_error (error, cases[i].domain, cases[i].code);
      /* nothing is left in a refused stanza */
      g_assert_null (stanza.text);
      g_assert_null (stanza.record);
    }
}

/* A request above the cap is refused as too large, however well formed. */
static void
test_too_large (void)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_auto (BkNetStanza) parsed = { 0 };
  g_autoptr (BkXmppElement) element = NULL;
  g_autoptr (GError) error = NULL;

  bk_net_stanza_init (&stanza, BK_NET_TABLE);
  stanza.host = g_strdup ("h");
  stanza.n_seats = 3;
  stanza.record = g_strnfill (BK_NET_MAX_REQUEST_BYTES, 'x');
  element = bk_net_stanza_build (&stanza);
  g_assert_false (bk_net_stanza_parse (element, BK_NET_MAX_REQUEST_BYTES, &parsed, &error));
  g_assert_error (error, BK_NET_ERROR, BK_NET_ERROR_TOO_LARGE);
  g_clear_error (&error);
  /* from the host it is fine */
  g_assert_true (bk_net_stanza_parse (element, BK_NET_MAX_PAYLOAD_BYTES, &parsed, &error));
  g_assert_no_error (error);
}

/* Actions are read by the game module's own record reader. */
static void
test_actions (void)
{
  BkRules rules;
  BkAction action;
  g_autofree char *text = NULL;
  const char *bad[] = { "play S", "play S EO EO", "play X EO", "play S ZZ", "play  S EO",
                        " play S EO", "play S EO ", "dealer W", "hand S EO", "talk S super",
                        "play\tS EO", "" };

  bk_rules_init_default (&rules);
  g_assert_true (bk_net_action_parse (&rules, "play S EO", &action, NULL));
  g_assert_cmpuint (action.type, ==, BK_ACTION_PLAY);
  text = bk_net_action_to_string (&rules, &action);
  g_assert_cmpstr (text, ==, "play S EO");
  g_assert_true (bk_net_action_parse (&rules, "talk W gut", &action, NULL));
  g_assert_true (bk_net_is_action_line (&rules, "double N"));
  g_assert_false (bk_net_is_action_line (&rules, "dealer N"));
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      g_test_message ("action “%s”", bad[i]);
      g_assert_false (bk_net_action_parse (&rules, bad[i], &action, &error));
      g_assert_nonnull (error);
      g_assert_true (error->domain == BK_NET_ERROR || error->domain == BK_ERROR);
    }
}

static void
test_error_codes (void)
{
  g_autoptr (GError) turn = g_error_new_literal (BK_ERROR, BK_ERROR_NOT_YOUR_TURN, "x");
  g_autoptr (GError) card = g_error_new_literal (BK_ERROR, BK_ERROR_ILLEGAL_CARD, "x");
  g_autoptr (GError) flood = g_error_new_literal (BK_NET_ERROR, BK_NET_ERROR_FLOOD, "x");

  g_assert_cmpstr (bk_net_error_code (turn), ==, "not-your-turn");
  g_assert_cmpstr (bk_net_error_code (card), ==, "illegal");
  g_assert_cmpstr (bk_net_error_code (flood), ==, "flood");
}

/* docs/network.md, "Caps": a burst, then the rate; the time of the next token is when a
 * token is there again, never before. */
static void
test_bucket (void)
{
  const gint64 t0 = 5 * G_USEC_PER_SEC;
  BkNetBucket bucket;
  gint64 next;

  bk_net_bucket_init (&bucket, BK_NET_GUEST_BURST, BK_NET_RATE_PER_SECOND, t0);
  g_assert_cmpint (bk_net_bucket_next (&bucket, t0), ==, t0);
  for (guint i = 0; i < BK_NET_GUEST_BURST; i++)
    g_assert_true (bk_net_bucket_take (&bucket, t0));
  g_assert_false (bk_net_bucket_take (&bucket, t0));
  next = bk_net_bucket_next (&bucket, t0);
  g_assert_cmpint (next, >, t0);
  g_assert_cmpint (next, <=, t0 + G_USEC_PER_SEC / BK_NET_RATE_PER_SECOND + 1);
  g_assert_false (bk_net_bucket_take (&bucket, next - 2));
  g_assert_true (bk_net_bucket_take (&bucket, next));
  g_assert_false (bk_net_bucket_take (&bucket, next));
  /* a clock that goes back adds nothing; a long pause fills it up to the burst only */
  g_assert_false (bk_net_bucket_take (&bucket, t0));
  for (guint i = 0; i < BK_NET_GUEST_BURST; i++)
    g_assert_true (bk_net_bucket_take (&bucket, t0 + (gint64) 3600 * G_USEC_PER_SEC));
  g_assert_false (bk_net_bucket_take (&bucket, t0 + (gint64) 3600 * G_USEC_PER_SEC));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net-protocol/round-trip", test_round_trip);
  g_test_add_func ("/net-protocol/state-without-seat", test_state_without_seat);
  g_test_add_func ("/net-protocol/malformed", test_malformed);
  g_test_add_func ("/net-protocol/too-large", test_too_large);
  g_test_add_func ("/net-protocol/actions", test_actions);
  g_test_add_func ("/net-protocol/error-codes", test_error_codes);
  g_test_add_func ("/net-protocol/bucket", test_bucket);
  return g_test_run ();
}
