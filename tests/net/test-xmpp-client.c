/* test-xmpp-client.c: BkXmppClient against a real Prosody (bk-prosody-fixture): TLS and
 * its certificate, SASL, rooms (XEP-0045) with members and passwords, invitations
 * (XEP-0249), messages with payloads both ways, federation, a broken connection.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bk-prosody-fixture.h"
#include "bk-xmpp-client.h"
#include "bk-xmpp-private.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

/* Every wait in this file ends by this, however the server behaves. */
#define WAIT_US (15 * G_USEC_PER_SEC)

static BkProsody *server;

/* Not a BkXmppState: no signal came yet. */
#define NO_STATE_YET ((BkXmppState) 99)

/* What one client saw, in order. */
typedef struct {
  BkXmppClient *client;
  BkXmppState   state;
  GError       *state_error;
  guint         online_count;
  GPtrArray    *joined;     /* room JIDs */
  GPtrArray    *room_errors;   /* GError */
  GPtrArray    *occupants;  /* "room/nick=real" or "room/nick-" */
  GPtrArray    *messages;   /* Msg */
  GPtrArray    *invites;    /* "room password from" */
  char         *service;
  gboolean      service_done;
} Probe;

typedef struct {
  char          *type;
  char          *from;
  char          *real_jid;
  char          *body;
  BkXmppElement *payload;
  gboolean       payload_refused;
  gboolean       delayed;
} Msg;

static void
msg_free (Msg *msg)
{
  g_free (msg->type);
  g_free (msg->from);
  g_free (msg->real_jid);
  g_free (msg->body);
  g_clear_pointer (&msg->payload, bk_xmpp_element_unref);
  g_free (msg);
}

static void
state_cb (BkXmppClient *client,
          BkXmppState   state,
          const GError *error,
          Probe        *probe)
{
  probe->state = state;
  g_clear_error (&probe->state_error);
  if (error != NULL)
    probe->state_error = g_error_copy (error);
  if (state == BK_XMPP_STATE_ONLINE)
    probe->online_count++;
}

static void
joined_cb (BkXmppClient *client,
           const char   *room,
           const char   *nick,
           Probe        *probe)
{
  g_ptr_array_add (probe->joined, g_strdup (room));
}

static void
room_error_cb (BkXmppClient *client,
               const char   *room,
               const GError *error,
               Probe        *probe)
{
  g_ptr_array_add (probe->room_errors, g_error_copy (error));
}

static void
occupant_cb (BkXmppClient *client,
             const char   *room,
             const char   *nick,
             const char   *real_jid,
             gboolean      present,
             Probe        *probe)
{
  g_ptr_array_add (probe->occupants,
                   present
                     ? g_strdup_printf ("%s/%s=%s", room, nick, real_jid != NULL ? real_jid : "")
                           : g_strdup_printf ("%s/%s-", room, nick));
}

static void
message_cb (BkXmppClient        *client,
            const BkXmppMessage *message,
            Probe               *probe)
{
  Msg *msg = g_new0 (Msg, 1);

  msg->type = g_strdup (message->type);
  msg->from = g_strdup (message->from);
  msg->real_jid = g_strdup (message->real_jid);
  msg->body = g_strdup (message->body);
  if (message->payload != NULL)
    msg->payload = bk_xmpp_element_ref ((BkXmppElement *) message->payload);
  msg->payload_refused = message->payload_error != NULL;
  msg->delayed = message->delayed;
  g_ptr_array_add (probe->messages, msg);
}

static void
service_cb (BkXmppClient *client,
            const char   *service,
            Probe        *probe)
{
  g_free (probe->service);
  probe->service = g_strdup (service);
  probe->service_done = TRUE;
}

static void
invited_cb (BkXmppClient *client,
            const char   *room,
            const char   *password,
            const char   *from,
            Probe        *probe)
{
  g_ptr_array_add (probe->invites, g_strdup_printf ("%s %s %s", room, password, from));
}

static Probe *
probe_wrap (BkXmppClient *client)
{
  Probe *probe = g_new0 (Probe, 1);

  probe->client = client;
  probe->state = NO_STATE_YET;
  probe->joined = g_ptr_array_new_with_free_func (g_free);
  probe->room_errors = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  probe->occupants = g_ptr_array_new_with_free_func (g_free);
  probe->messages = g_ptr_array_new_with_free_func ((GDestroyNotify) msg_free);
  probe->invites = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (probe->client, "state-changed", G_CALLBACK (state_cb), probe);
  g_signal_connect (probe->client, "room-joined", G_CALLBACK (joined_cb), probe);
  g_signal_connect (probe->client, "room-error", G_CALLBACK (room_error_cb), probe);
  g_signal_connect (probe->client, "occupant", G_CALLBACK (occupant_cb), probe);
  g_signal_connect (probe->client, "message", G_CALLBACK (message_cb), probe);
  g_signal_connect (probe->client, "service-found", G_CALLBACK (service_cb), probe);
  g_signal_connect (probe->client, "invited", G_CALLBACK (invited_cb), probe);
  return probe;
}

static Probe *
probe_new (BkProsody  *at,
           const char *user,
           const char *password,
           gboolean    trust)
{
  g_autofree char *jid = g_strdup_printf ("%s@%s", user, bk_prosody_get_domain (at));

  return probe_wrap (bk_xmpp_client_new (jid, password, bk_prosody_get_server (at),
                                         trust ? bk_prosody_get_cafile (at) : NULL));
}

static void
probe_free (Probe *probe)
{
  g_assert_finalize_object (probe->client);
  g_clear_error (&probe->state_error);
  g_ptr_array_unref (probe->joined);
  g_ptr_array_unref (probe->room_errors);
  g_ptr_array_unref (probe->occupants);
  g_ptr_array_unref (probe->messages);
  g_ptr_array_unref (probe->invites);
  g_free (probe->service);
  g_free (probe);
}

typedef gboolean (*Until) (Probe *probe, gconstpointer data);

/* Runs the main context until `until` holds, and fails the test after WAIT_US. */
static void
wait_for (Probe        *probe,
          Until         until,
          gconstpointer data,
          const char   *what)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_US;

  while (!until (probe, data)) {
    if (g_get_monotonic_time () > deadline)
      g_error ("waited in vain for %s", what);
    g_main_context_iteration (NULL, FALSE);
    g_usleep (1000);
  }
}

static gboolean
is_state (Probe *probe, gconstpointer data)
{
  return probe->state == (BkXmppState) GPOINTER_TO_INT (data);
}

static gboolean
has_joined (Probe *probe, gconstpointer data)
{
  return probe->joined->len >= GPOINTER_TO_UINT (data);
}

static gboolean
has_room_errors (Probe *probe, gconstpointer data)
{
  return probe->room_errors->len >= GPOINTER_TO_UINT (data);
}

static gboolean
has_messages (Probe *probe, gconstpointer data)
{
  return probe->messages->len >= GPOINTER_TO_UINT (data);
}

static Msg *
find_chat (Probe *probe)
{
  for (guint i = 0; i < probe->messages->len; i++)
    if (strcmp (((Msg *) g_ptr_array_index (probe->messages, i))->type, "chat") == 0)
      return g_ptr_array_index (probe->messages, i);
  return NULL;
}

static gboolean
has_chat (Probe *probe, gconstpointer data)
{
  return find_chat (probe) != NULL;
}

static gboolean
has_occupant (Probe *probe, gconstpointer data)
{
  for (guint i = 0; i < probe->occupants->len; i++)
    if (strcmp (g_ptr_array_index (probe->occupants, i), data) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
has_invites (Probe *probe, gconstpointer data)
{
  return probe->invites->len >= GPOINTER_TO_UINT (data);
}

static gboolean
service_done (Probe *probe, gconstpointer data)
{
  return probe->service_done;
}

static void
go_online (Probe *probe)
{
  bk_xmpp_client_connect (probe->client);
  wait_for (probe, is_state, GINT_TO_POINTER (BK_XMPP_STATE_ONLINE), "online");
  g_assert_no_error (probe->state_error);
}

static GError *
room_error (Probe *probe,
            guint  i)
{
  return g_ptr_array_index (probe->room_errors, i);
}

static Msg *
last_message (Probe *probe)
{
  return g_ptr_array_index (probe->messages, probe->messages->len - 1);
}

static BkXmppElement *
payload_new (const char *action,
             const char *text)
{
  BkXmppElement *payload = bk_xmpp_element_new ("action", BK_NET_NS);
  BkXmppElement *child = bk_xmpp_element_new ("say", NULL);

  bk_xmpp_element_set_attr (payload, "v", action);
  bk_xmpp_element_set_text (child, text);
  bk_xmpp_element_add_child (payload, child);
  bk_xmpp_element_unref (child);
  return payload;
}

/* ---- the element ------------------------------------------------------------------- */

static void
test_element_round_trip (void)
{
  g_autoptr (BkXmppElement) payload = payload_new ("B1 \"play\" <&>", "Sepp: gut ’s");
  g_autofree char *text = bk_xmpp_element_to_string (payload);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppElement) back = bk_xmpp_element_parse (text, -1, &error);
  const BkXmppElement *say;

  g_assert_no_error (error);
  g_assert_cmpstr (bk_xmpp_element_get_name (back), ==, "action");
  g_assert_cmpstr (bk_xmpp_element_get_ns (back), ==, BK_NET_NS);
  g_assert_cmpstr (bk_xmpp_element_get_attr (back, "v"), ==, "B1 \"play\" <&>");
  say = bk_xmpp_element_get_child (back, "say");
  g_assert_nonnull (say);
  g_assert_cmpstr (bk_xmpp_element_get_ns (say), ==, BK_NET_NS);   /* inherited */
  g_assert_cmpstr (bk_xmpp_element_get_text (say), ==, "Sepp: gut ’s");
  g_assert_cmpstrv (bk_xmpp_element_get_attr_names (back), ((const char *[]) { "v", NULL }));
}

/* Whatever comes in, the parser answers in bounded time without crashing, and what it
 * accepts prints to text that parses to the same text again. */
static void
test_element_garbage (void)
{
  static const char *const seeds[] = {
    "<action xmlns='" BK_NET_NS "' v='A1'><say>Sepp: gut</say></action>",
    "<a b='&amp;&lt;&#x41;' c=\"'\">x<![CDATA[<y>]]>z<b/></a>",
    "<a><b><c><d/></c></b></a>",
  };
  static const char alphabet[] = "<>/='\"&;#xa b\n\t\x01\xc3\xa9\xff:!-[]";
  g_autoptr (GRand) rand = g_rand_new_with_seed (23);
  const char *scale = g_getenv ("BK_TEST_SCALE");   /* as the engine's random tests */
  guint rounds = MAX (1, (guint) (20000 * (scale != NULL ? g_ascii_strtod (scale, NULL) : 1)));

  for (guint round = 0; round < rounds; round++) {
    const char *seed = seeds[round % G_N_ELEMENTS (seeds)];
    g_autoptr (GString) text = g_string_new (seed);
    g_autoptr (GError) error = NULL;
    g_autoptr (BkXmppElement) element = NULL;
    guint edits = g_rand_int_range (rand, 1, 6);

    for (guint e = 0; e < edits; e++) {
      gsize at = g_rand_int_range (rand, 0, (gint32) text->len + 1);
      char c = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      switch (g_rand_int_range (rand, 0, 3)) {
      case 0: g_string_insert_c (text, (gssize) at, c); break;
      case 1: if (at < text->len) g_string_erase (text, (gssize) at, 1); break;
      default: if (at < text->len) text->str[at] = c; break;
      }
    }
    element = bk_xmpp_element_parse (text->str, (gssize) text->len, &error);
    g_assert_true ((element == NULL) != (error == NULL));
    if (element != NULL) {
      g_autofree char *printed = bk_xmpp_element_to_string (element);
      g_autoptr (BkXmppElement) again = bk_xmpp_element_parse (printed, -1, &error);
      g_autofree char *reprinted = NULL;
      g_assert_no_error (error);
      reprinted = bk_xmpp_element_to_string (again);
      g_assert_cmpstr (printed, ==, reprinted);
    }
  }
}

static void
test_element_bounds (void)
{
  g_autoptr (GString) big = g_string_new ("<a xmlns='" BK_NET_NS "'>");
  g_autoptr (GString) deep = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppElement) element = NULL;
  g_autofree char *text = NULL;

  while (big->len <= BK_XMPP_ELEMENT_MAX_BYTES)
    g_string_append (big, "xxxxxxxxxxxxxxxx");
  g_string_append (big, "</a>");
  g_assert_null (bk_xmpp_element_parse (big->str, -1, &error));
  g_assert_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT);
  g_clear_error (&error);

  for (int i = 0; i <= BK_XMPP_ELEMENT_MAX_DEPTH; i++)
    g_string_append (deep, "<a>");
  for (int i = 0; i <= BK_XMPP_ELEMENT_MAX_DEPTH; i++)
    g_string_append (deep, "</a>");
  g_assert_null (bk_xmpp_element_parse (deep->str, -1, &error));
  g_assert_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT);
  g_clear_error (&error);

  g_assert_null (bk_xmpp_element_parse ("<x:a xmlns:x='urn:other'/>", -1, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (bk_xmpp_element_parse ("<a/><b/>", -1, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (bk_xmpp_element_parse ("<a>", -1, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* What XML cannot carry goes out replaced, so that the server keeps the stream. */
  element = bk_xmpp_element_new ("a", NULL);
  bk_xmpp_element_set_text (element, "bell\a");
  text = bk_xmpp_element_to_string (element);
  g_assert_cmpstr (text, ==, "<a>bell\xef\xbf\xbd</a>");
}

/* ---- the connection ---------------------------------------------------------------- */

static void
count_cb (guint *counter)
{
  (*counter)++;
}

static void
test_connect_tls (void)
{
  Probe *trusted = probe_new (server, "alice", "alice-pw", TRUE);
  Probe *untrusted = probe_new (server, "alice", "alice-pw", FALSE);
  guint notified = 0;

  g_signal_connect_swapped (trusted->client, "notify::state", G_CALLBACK (count_cb), &notified);
  go_online (trusted);
  g_assert_cmpint (bk_xmpp_client_get_state (trusted->client), ==, BK_XMPP_STATE_ONLINE);
  g_assert_cmpuint (notified, ==, 2);   /* connecting, online */
  g_assert_true (g_str_has_prefix (bk_xmpp_client_get_jid (trusted->client), "alice@localhost/"));

  bk_xmpp_client_connect (untrusted->client);
  wait_for (untrusted, is_state, GINT_TO_POINTER (BK_XMPP_STATE_OFFLINE), "refused");
  g_assert_error (untrusted->state_error, BK_XMPP_ERROR, BK_XMPP_ERROR_TLS);
  g_assert_cmpuint (untrusted->online_count, ==, 0);
  g_assert_null (bk_xmpp_client_dup_refused_certificate (trusted->client));

  /* The refused certificate, once trusted, lets a new client in. */
  {
    g_autofree char *pem = bk_xmpp_client_dup_refused_certificate (untrusted->client);
    g_autofree char *cafile = NULL;
    g_autoptr (GError) error = NULL;
    Probe *again;
    int fd;

    g_assert_nonnull (pem);
    g_assert_true (g_str_has_prefix (pem, "-----BEGIN CERTIFICATE-----"));
    fd = g_file_open_tmp ("bk-trusted-XXXXXX.pem", &cafile, &error);
    g_assert_no_error (error);
    close (fd);
    g_assert_true (g_file_set_contents (cafile, pem, -1, &error));
    again = probe_wrap (bk_xmpp_client_new ("alice@localhost", "alice-pw",
                                            bk_prosody_get_server (server), cafile));
    go_online (again);
    probe_free (again);
    g_remove (cafile);
  }

  bk_xmpp_client_disconnect (trusted->client);
  wait_for (trusted, is_state, GINT_TO_POINTER (BK_XMPP_STATE_OFFLINE), "offline");
  g_assert_no_error (trusted->state_error);
  probe_free (trusted);
  probe_free (untrusted);
}

static void
test_wrong_password (void)
{
  Probe *probe = probe_new (server, "alice", "not-alice-pw", TRUE);

  bk_xmpp_client_connect (probe->client);
  wait_for (probe, is_state, GINT_TO_POINTER (BK_XMPP_STATE_OFFLINE), "refused");
  g_assert_error (probe->state_error, BK_XMPP_ERROR, BK_XMPP_ERROR_AUTH);
  g_assert_cmpuint (probe->online_count, ==, 0);
  probe_free (probe);
}

static void
test_unreachable (void)
{
  g_autofree char *jid = g_strdup ("alice@localhost");
  /* the s2s port speaks XMPP but not to clients; a closed port is simpler: port 1 */
  Probe *probe = probe_wrap (bk_xmpp_client_new (jid, "x", "127.0.0.1:1",
                                                 bk_prosody_get_cafile (server)));

  bk_xmpp_client_connect (probe->client);
  wait_for (probe, is_state, GINT_TO_POINTER (BK_XMPP_STATE_OFFLINE), "refused");
  g_assert_error (probe->state_error, BK_XMPP_ERROR, BK_XMPP_ERROR_CONNECT);
  probe_free (probe);
}

/* ---- rooms and messages ------------------------------------------------------------ */

static void
test_room (void)
{
  Probe *owner = probe_new (server, "alice", "alice-pw", TRUE);
  Probe *guest = probe_new (server, "bob", "bob-pw", TRUE);
  Probe *stranger = probe_new (server, "carol", "carol-pw", TRUE);
  g_autofree char *room = NULL;
  g_autofree char *owner_nick_jid = NULL;
  g_autoptr (BkXmppElement) payload = payload_new ("A1", "Hans plays the Eichel-Ober");
  g_autoptr (BkXmppElement) secret = payload_new ("hand", "EO GO HA");
  g_autoptr (BkXmppElement) big = bk_xmpp_element_new ("action", BK_NET_NS);
  g_autofree char *filler = g_strnfill (BK_XMPP_ELEMENT_MAX_BYTES, 'x');
  Msg *msg;

  go_online (owner);
  go_online (guest);
  go_online (stranger);

  bk_xmpp_client_find_muc_service (owner->client);
  wait_for (owner, service_done, NULL, "the MUC service");
  g_assert_cmpstr (owner->service, ==, bk_prosody_get_muc_service (server));

  room = g_strdup_printf ("table-1@%s", owner->service);
  bk_xmpp_client_create_room (owner->client, room, "Sepp", "geheim");
  wait_for (owner, has_joined, GUINT_TO_POINTER (1), "the room");
  g_assert_cmpstr (g_ptr_array_index (owner->joined, 0), ==, room);
  g_assert_cmpuint (owner->room_errors->len, ==, 0);

  /* Not invited, a wrong password: refused, and told why. */
  bk_xmpp_client_join_room (stranger->client, room, "Gretl", "falsch");
  wait_for (stranger, has_room_errors, GUINT_TO_POINTER (1), "a refusal");
  g_assert_error (room_error (stranger, 0), BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM);
  g_assert_cmpstr (room_error (stranger, 0)->message, ==,
                   "The table’s password is wrong or missing");
  g_assert_cmpuint (stranger->joined->len, ==, 0);

  /* Invited, a member: refused without the password, let in with it. */
  bk_xmpp_client_invite (owner->client, room, "geheim", "bob@localhost");
  wait_for (guest, has_invites, GUINT_TO_POINTER (1), "the invitation");
  {
    g_autofree char *expected = g_strdup_printf ("%s geheim alice@localhost", room);
    g_assert_cmpstr (g_ptr_array_index (guest->invites, 0), ==, expected);
  }
  bk_xmpp_client_join_room (guest->client, room, "Hans", NULL);
  wait_for (guest, has_room_errors, GUINT_TO_POINTER (1), "a refusal");
  g_assert_error (room_error (guest, 0), BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM);
  bk_xmpp_client_join_room (guest->client, room, "Hans", "geheim");
  wait_for (guest, has_joined, GUINT_TO_POINTER (1), "the room");

  /* The owner sees the guest's real JID; the guest sees the owner, not its address
   * (issue 31, finding 3; /xmpp/client/room-hides-real-jids). */
  {
    g_autofree char *hans = g_strdup_printf ("%s/Hans=bob@localhost", room);
    g_autofree char *sepp = g_strdup_printf ("%s/Sepp=", room);
    wait_for (owner, has_occupant, hans, "Hans");
    g_assert_true (has_occupant (guest, sepp));
  }

  /* A member taking a seated player's name is refused by the room; a member asking to
   * create the room gets in as a guest and leaves: the table is not hers. */
  bk_xmpp_client_invite (owner->client, room, "geheim", "carol@localhost");
  wait_for (stranger, has_invites, GUINT_TO_POINTER (1), "the invitation");
  bk_xmpp_client_join_room (stranger->client, room, "Hans", "geheim");
  wait_for (stranger, has_room_errors, GUINT_TO_POINTER (2), "a refusal");
  /* a code of its own: a guest back while its old session lingers takes another name */
  g_assert_error (room_error (stranger, 1), BK_XMPP_ERROR, BK_XMPP_ERROR_NICK_TAKEN);
  g_assert_cmpstr (room_error (stranger, 1)->message, ==,
                   "Someone at the table already has this name");
  bk_xmpp_client_create_room (stranger->client, room, "Gretl", "geheim");
  wait_for (stranger, has_room_errors, GUINT_TO_POINTER (3), "a refusal");
  g_assert_cmpstr (room_error (stranger, 2)->message, ==,
                   "The table belongs to someone else");
  g_assert_cmpuint (stranger->joined->len, ==, 0);

  /* Not invited, nor a member, with the password of the link: let in (docs/network.md,
   * "The room": the password is the key). */
  {
    Probe *linked = probe_new (server, "erin", "erin-pw", TRUE);
    g_autofree char *vroni = g_strdup_printf ("%s/Vroni=erin@localhost", room);

    go_online (linked);
    bk_xmpp_client_join_room (linked->client, room, "Vroni", "geheim");
    wait_for (linked, has_joined, GUINT_TO_POINTER (1), "the room by its link");
    wait_for (owner, has_occupant, vroni, "Vroni");
    bk_xmpp_client_leave_room (linked->client, room);
    probe_free (linked);
  }

  /* Groupchat with a payload, both ways. */
  bk_xmpp_client_send_groupchat (guest->client, room, "Hans: gut", payload);
  wait_for (owner, has_messages, GUINT_TO_POINTER (1), "the groupchat");
  msg = last_message (owner);
  g_assert_cmpstr (msg->type, ==, "groupchat");
  g_assert_cmpstr (msg->body, ==, "Hans: gut");
  g_assert_cmpstr (msg->real_jid, ==, "bob@localhost");
  g_assert_nonnull (msg->payload);
  g_assert_cmpstr (bk_xmpp_element_get_attr (msg->payload, "v"), ==, "A1");
  g_assert_cmpstr (bk_xmpp_element_get_text (bk_xmpp_element_get_child (msg->payload, "say")), ==,
                   "Hans plays the Eichel-Ober");

  /* A hand to the guest's full JID alone. */
  bk_xmpp_client_send_chat (owner->client, bk_xmpp_client_get_jid (guest->client), NULL, secret,
                            TRUE);
  /* (the guest also has its own groupchat, reflected by the room) */
  wait_for (guest, has_chat, NULL, "the private message");
  msg = find_chat (guest);
  g_assert_cmpstr (msg->type, ==, "chat");
  g_assert_cmpstr (msg->real_jid, ==, "alice@localhost");
  g_assert_null (msg->body);
  g_assert_cmpstr (bk_xmpp_element_get_text (bk_xmpp_element_get_child (msg->payload, "say")), ==,
                   "EO GO HA");

  /* A MUC private message to the owner's nick. */
  owner_nick_jid = g_strdup_printf ("%s/Sepp", room);
  g_ptr_array_set_size (owner->messages, 0);
  bk_xmpp_client_send_chat (guest->client, owner_nick_jid, "psst", NULL, TRUE);
  wait_for (owner, has_messages, GUINT_TO_POINTER (1), "the MUC private message");
  msg = last_message (owner);
  g_assert_cmpstr (msg->type, ==, "chat");
  g_assert_cmpstr (msg->body, ==, "psst");
  g_assert_true (g_str_has_suffix (msg->from, "/Hans"));
  g_assert_cmpstr (msg->real_jid, ==, "bob@localhost");

  /* A payload over the cap travels but is refused by the receiver's parser. */
  bk_xmpp_element_set_text (big, filler);
  g_ptr_array_set_size (owner->messages, 0);
  bk_xmpp_client_send_groupchat (guest->client, room, "big", big);
  wait_for (owner, has_messages, GUINT_TO_POINTER (1), "the big message");
  msg = last_message (owner);
  g_assert_cmpstr (msg->body, ==, "big");
  g_assert_null (msg->payload);
  g_assert_true (msg->payload_refused);

  /* An invitation to nobody comes back as an error, not as an invitation to us. */
  g_ptr_array_set_size (owner->messages, 0);
  bk_xmpp_client_invite (owner->client, room, "geheim", "nobody@localhost");
  wait_for (owner, has_messages, GUINT_TO_POINTER (1), "the bounce");
  g_assert_cmpstr (last_message (owner)->type, ==, "error");
  g_assert_cmpuint (owner->invites->len, ==, 0);

  /* The guest leaves and joins again at once (a lobby closed, the link opened again): the
   * join waits until the room has let the leaving occupant go, and the guest is back in
   * it, with no "already at the table" (which it got before) and no occupant taken out by
   * the old goodbye. */
  {
    guint joined = guest->joined->len, errors = guest->room_errors->len;

    bk_xmpp_client_leave_room (guest->client, room);
    bk_xmpp_client_join_room (guest->client, room, "Hans", "geheim");
    wait_for (guest, has_joined, GUINT_TO_POINTER (joined + 1), "the room again");
    g_assert_cmpuint (guest->room_errors->len, ==, errors);
    g_assert_cmpstr (g_ptr_array_index (guest->joined, joined), ==, room);
    g_ptr_array_set_size (owner->messages, 0);
    bk_xmpp_client_send_groupchat (guest->client, room, "back", NULL);
    wait_for (owner, has_messages, GUINT_TO_POINTER (1), "a word from the guest back");
    g_assert_cmpstr (last_message (owner)->body, ==, "back");
  }

  /* The guest leaves: the owner sees it go. */
  bk_xmpp_client_leave_room (guest->client, room);
  {
    g_autofree char *gone = g_strdup_printf ("%s/Hans-", room);
    wait_for (owner, has_occupant, gone, "Hans leaving");
  }

  probe_free (stranger);
  probe_free (guest);
  probe_free (owner);
}

static void
test_join_missing_room (void)
{
  Probe *guest = probe_new (server, "bob", "bob-pw", TRUE);
  g_autofree char *room = g_strdup_printf ("nobody-here@%s", bk_prosody_get_muc_service (server));

  /* asked before connect(): joined once online */
  bk_xmpp_client_join_room (guest->client, room, "Hans", "x");
  go_online (guest);
  wait_for (guest, has_room_errors, GUINT_TO_POINTER (1), "a refusal");
  g_assert_error (room_error (guest, 0), BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM);
  g_assert_cmpuint (guest->joined->len, ==, 0);
  probe_free (guest);
}

static void
test_reconnect (void)
{
  Probe *owner = probe_new (server, "dave", "dave-pw", TRUE);
  Probe *guest = probe_new (server, "erin", "erin-pw", TRUE);
  g_autofree char *room = g_strdup_printf ("table-2@%s", bk_prosody_get_muc_service (server));
  g_autoptr (BkXmppElement) payload = payload_new ("A2", "after the drop");

  go_online (owner);
  go_online (guest);
  bk_xmpp_client_create_room (owner->client, room, "Sepp", "pw2");
  wait_for (owner, has_joined, GUINT_TO_POINTER (1), "the room");
  bk_xmpp_client_send_groupchat (owner->client, room, "before you came", NULL);
  wait_for (owner, has_messages, GUINT_TO_POINTER (1), "the groupchat");
  g_assert_false (last_message (owner)->delayed);
  bk_xmpp_client_invite (owner->client, room, "pw2", "erin@localhost");
  wait_for (guest, has_invites, GUINT_TO_POINTER (1), "the invitation");
  bk_xmpp_client_join_room (guest->client, room, "Hans", "pw2");
  wait_for (guest, has_joined, GUINT_TO_POINTER (1), "the room");
  /* the room's history on the first join: marked as such (XEP-0203) */
  wait_for (guest, has_messages, GUINT_TO_POINTER (1), "the room's history");
  g_assert_cmpstr (last_message (guest)->body, ==, "before you came");
  g_assert_true (last_message (guest)->delayed);

  /* The network goes: the client says so, comes back by itself and stays in the room. */
  bk_xmpp_client_break_connection_for_testing (guest->client);
  wait_for (guest, is_state, GINT_TO_POINTER (BK_XMPP_STATE_CONNECTING), "the drop");
  g_assert_error (guest->state_error, BK_XMPP_ERROR, BK_XMPP_ERROR_CLOSED);
  wait_for (guest, is_state, GINT_TO_POINTER (BK_XMPP_STATE_ONLINE), "back online");
  g_assert_cmpuint (guest->online_count, ==, 2);

  g_ptr_array_set_size (owner->messages, 0);
  bk_xmpp_client_send_groupchat (guest->client, room, "still here", payload);
  wait_for (owner, has_messages, GUINT_TO_POINTER (1), "the groupchat");
  g_assert_cmpstr (last_message (owner)->body, ==, "still here");
  /* the stream was resumed (XEP-0198): the room never saw us go, no second join */
  g_assert_cmpuint (guest->joined->len, ==, 1);

  /* Sent while the connection is down: delivered after it comes back. */
  g_ptr_array_set_size (owner->messages, 0);
  bk_xmpp_client_break_connection_for_testing (guest->client);
  wait_for (guest, is_state, GINT_TO_POINTER (BK_XMPP_STATE_CONNECTING), "the drop");
  bk_xmpp_client_send_groupchat (guest->client, room, "queued", NULL);
  wait_for (owner, has_messages, GUINT_TO_POINTER (1), "the queued groupchat");
  g_assert_cmpstr (last_message (owner)->body, ==, "queued");

  /* disconnect() and connect() again: a new session, back in the room. */
  bk_xmpp_client_disconnect (guest->client);
  wait_for (guest, is_state, GINT_TO_POINTER (BK_XMPP_STATE_OFFLINE), "offline");
  {
    g_autofree char *gone = g_strdup_printf ("%s/Hans-", room);
    wait_for (owner, has_occupant, gone, "Hans leaving");
  }
  g_ptr_array_set_size (guest->joined, 0);
  bk_xmpp_client_connect (guest->client);
  wait_for (guest, has_joined, GUINT_TO_POINTER (1), "the room again");
  g_ptr_array_set_size (owner->messages, 0);
  bk_xmpp_client_send_groupchat (guest->client, room, "new session", NULL);
  wait_for (owner, has_messages, GUINT_TO_POINTER (1), "the groupchat");
  g_assert_cmpstr (last_message (owner)->body, ==, "new session");

  probe_free (guest);
  probe_free (owner);
}

/* A stanza our server sends again after the stream was resumed (XEP-0198) carries the
 * server's <delay/> from our own address (Prosody's mod_smacks) or from our server's domain
 * with the text "Resent" (ejabberd's mod_stream_mgmt; this failed on ejabberd until
 * bk-xmpp-client.c knew it): it is live, not the room's history. The hosts of
 * bench-tables dropped the bots' secrets sent again so, after their streams had been cut
 * under load, and their tables stalled. */
static void
test_resent_after_resume (void)
{
  Probe *owner = probe_new (server, "dave", "dave-pw", TRUE);
  Probe *guest = probe_new (server, "erin", "erin-pw", TRUE);
  g_autofree char *room = g_strdup_printf ("table-5@%s", bk_prosody_get_muc_service (server));
  g_autofree char *to_guest = g_strdup_printf ("%s/Hans", room);
  const Msg *msg;

  go_online (owner);
  go_online (guest);
  bk_xmpp_client_create_room (owner->client, room, "Sepp", "pw5");
  wait_for (owner, has_joined, GUINT_TO_POINTER (1), "the room");
  bk_xmpp_client_join_room (guest->client, room, "Hans", "pw5");
  wait_for (guest, has_joined, GUINT_TO_POINTER (1), "the room");
  g_ptr_array_set_size (guest->messages, 0);

  /* the server keeps what comes meanwhile and sends it again once the stream resumes */
  bk_xmpp_client_break_connection_for_testing (guest->client);
  wait_for (guest, is_state, GINT_TO_POINTER (BK_XMPP_STATE_CONNECTING), "the drop");
  bk_xmpp_client_send_chat (owner->client, to_guest, "while you were away", NULL, TRUE);
  wait_for (guest, is_state, GINT_TO_POINTER (BK_XMPP_STATE_ONLINE), "back online");
  wait_for (guest, has_messages, GUINT_TO_POINTER (1), "the message sent again");
  msg = last_message (guest);
  g_assert_cmpstr (msg->body, ==, "while you were away");
  g_assert_false (msg->delayed);
  /* resumed: the same session, still in the room */
  g_assert_cmpuint (guest->joined->len, ==, 1);

  probe_free (guest);
  probe_free (owner);
}

/* Stanzas libstrophe had not yet written when the link went were freed at the next
 * connect, and a resumed stream sends again only what was written: lost without a word
 * (bench-tables: a host's cards for its guests, sent just before its link was cut, never
 * came, and the table stalled). The client takes them back and sends them on the next link. */
static void
test_unsent_at_drop (void)
{
  Probe *owner = probe_new (server, "dave", "dave-pw", TRUE);
  Probe *guest = probe_new (server, "erin", "erin-pw", TRUE);
  g_autofree char *room = g_strdup_printf ("table-6@%s", bk_prosody_get_muc_service (server));
  const guint n = 40;

  go_online (owner);
  go_online (guest);
  bk_xmpp_client_create_room (owner->client, room, "Sepp", "pw6");
  wait_for (owner, has_joined, GUINT_TO_POINTER (1), "the room");
  bk_xmpp_client_join_room (guest->client, room, "Hans", "pw6");
  wait_for (guest, has_joined, GUINT_TO_POINTER (1), "the room");
  g_ptr_array_set_size (owner->messages, 0);

  /* handed to the worker at once, the link cut right after them */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *body = g_strdup_printf ("line %u", i);

      bk_xmpp_client_send_groupchat (guest->client, room, body, NULL);
    }
  bk_xmpp_client_break_connection_for_testing (guest->client);
  /* each wait bounded on its own: a login on a busy machine takes a while */
  wait_for (guest, is_state, GINT_TO_POINTER (BK_XMPP_STATE_CONNECTING), "the drop");
  wait_for (guest, is_state, GINT_TO_POINTER (BK_XMPP_STATE_ONLINE), "back online");
  wait_for (owner, has_messages, GUINT_TO_POINTER (n), "every line");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *body = g_strdup_printf ("line %u", i);
      const Msg *msg = g_ptr_array_index (owner->messages, i);

      g_assert_cmpstr (msg->body, ==, body);
    }

  probe_free (guest);
  probe_free (owner);
}

static void
drop_cb (BkXmppClient *client,
         const char   *room,
         const char   *nick,
         const char   *real_jid,
         gboolean      present,
         Probe        *probe)
{
  g_clear_object (&probe->client);   /* the only reference */
}

static gboolean
owner_sees (Probe *probe, gconstpointer data)
{
  return has_occupant (probe, data);
}

/* True once an occupant `data` ("room/nick") was reported present, whatever its real JID. */
static gboolean
has_nick (Probe *probe, gconstpointer data)
{
  g_autofree char *prefix = g_strdup_printf ("%s=", (const char *) data);

  for (guint i = 0; i < probe->occupants->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (probe->occupants, i), prefix))
      return TRUE;
  return FALSE;
}

/* Issue 31, finding 3: a table's room shows real JIDs to its moderators only (whois
 * "moderators"; the owner, the host, is one). A plain occupant learns no real JID but its
 * own, neither from the presences (the client's ::occupant reports the <item jid=…/>
 * the room sent) nor from a message; the host learns every occupant's. With whois
 * "anyone" the guest saw "Sepp=alice@localhost" and "Gretl=carol@localhost". */
static void
test_room_hides_real_jids (void)
{
  Probe *owner = probe_new (server, "alice", "alice-pw", TRUE);
  Probe *guest = probe_new (server, "bob", "bob-pw", TRUE);
  Probe *third = probe_new (server, "carol", "carol-pw", TRUE);
  g_autofree char *room = g_strdup_printf ("table-w@%s", bk_prosody_get_muc_service (server));
  g_autofree char *gretl = g_strdup_printf ("%s/Gretl", room);
  g_autofree char *own = g_strdup_printf ("%s/Hans=bob@localhost", room);
  const Msg *msg;

  go_online (owner);
  go_online (guest);
  go_online (third);
  bk_xmpp_client_create_room (owner->client, room, "Sepp", "pw-w");
  wait_for (owner, has_joined, GUINT_TO_POINTER (1), "the room");
  bk_xmpp_client_join_room (guest->client, room, "Hans", "pw-w");
  wait_for (guest, has_joined, GUINT_TO_POINTER (1), "the room");
  bk_xmpp_client_join_room (third->client, room, "Gretl", "pw-w");
  wait_for (third, has_joined, GUINT_TO_POINTER (1), "the room");

  /* the host sees both */
  {
    g_autofree char *hans = g_strdup_printf ("%s/Hans=bob@localhost", room);
    g_autofree char *gretl_jid = g_strdup_printf ("%s/Gretl=carol@localhost", room);
    wait_for (owner, has_occupant, hans, "Hans's real JID");
    wait_for (owner, has_occupant, gretl_jid, "Gretl's real JID");
  }

  /* a message from Gretl: the host knows who sent it, Hans does not */
  bk_xmpp_client_send_groupchat (third->client, room, "servus", NULL);
  wait_for (guest, has_messages, GUINT_TO_POINTER (1), "Gretl's line");
  wait_for (owner, has_messages, GUINT_TO_POINTER (1), "Gretl's line");
  msg = last_message (guest);
  g_assert_cmpstr (msg->body, ==, "servus");
  g_assert_null (msg->real_jid);
  g_assert_cmpstr (last_message (owner)->real_jid, ==, "carol@localhost");

  /* by now Hans had every presence the room sent him: Sepp's, Gretl's, his own */
  g_assert_true (has_nick (guest, gretl));
  for (guint i = 0; i < guest->occupants->len; i++) {
    const char *seen = g_ptr_array_index (guest->occupants, i);
    if (!g_str_has_suffix (seen, "=") && !g_str_has_suffix (seen, "-"))
      g_assert_cmpstr (seen, ==, own);
  }
  for (guint i = 0; i < third->occupants->len; i++) {
    const char *seen = g_ptr_array_index (third->occupants, i);
    g_assert_true (g_str_has_suffix (seen, "=") || g_str_has_suffix (seen, "-") ||
                   g_str_has_suffix (seen, "/Gretl=carol@localhost"));
  }

  probe_free (third);
  probe_free (guest);
  probe_free (owner);
}

/* A handler that drops the client (its last reference) hears nothing more, even of the
 * events that came in one batch with the one it is handling: the occupants and the
 * room's ::room-joined arrive together. */
static void
test_drop_in_handler (void)
{
  Probe *owner = probe_new (server, "dave", "dave-pw", TRUE);
  Probe *guest = probe_new (server, "erin", "erin-pw", TRUE);
  g_autofree char *room = g_strdup_printf ("table-3@%s", bk_prosody_get_muc_service (server));
  g_autofree char *hans = g_strdup_printf ("%s/Hans=erin@localhost", room);
  GWeakRef weak;

  go_online (owner);
  go_online (guest);
  bk_xmpp_client_create_room (owner->client, room, "Sepp", "pw3");
  wait_for (owner, has_joined, GUINT_TO_POINTER (1), "the room");
  bk_xmpp_client_invite (owner->client, room, "pw3", "erin@localhost");
  wait_for (guest, has_invites, GUINT_TO_POINTER (1), "the invitation");

  g_weak_ref_init (&weak, guest->client);
  g_signal_connect (guest->client, "occupant", G_CALLBACK (drop_cb), guest);
  bk_xmpp_client_join_room (guest->client, room, "Hans", "pw3");
  wait_for (owner, owner_sees, hans, "Hans");
  /* the owner saw the join, so the guest's events are on their way: let them come */
  for (int i = 0; i < 200; i++) {
    g_main_context_iteration (NULL, FALSE);
    g_usleep (1000);
  }
  g_assert_null (guest->client);
  g_assert_null (g_weak_ref_get (&weak));
  g_weak_ref_clear (&weak);
  g_assert_cmpuint (guest->joined->len, ==, 0);
  g_assert_cmpuint (guest->occupants->len, ==, 1);   /* the one drop_cb came with */

  guest->client = g_object_new (G_TYPE_OBJECT, NULL);   /* for probe_free */
  probe_free (guest);
  probe_free (owner);
}

static void
test_dead_server (void)
{
  Probe *probe = probe_new (server, "carol", "carol-pw", TRUE);

  /* A server that holds the connection but answers nothing: the client's pings find
   * out, it says so, and it is back once the server is. */
  bk_xmpp_client_set_ping_interval_for_testing (probe->client, 300);
  go_online (probe);
  bk_prosody_pause (server, TRUE);
  wait_for (probe, is_state, GINT_TO_POINTER (BK_XMPP_STATE_CONNECTING), "the drop");
  bk_prosody_pause (server, FALSE);
  g_assert_error (probe->state_error, BK_XMPP_ERROR, BK_XMPP_ERROR_CLOSED);
  wait_for (probe, is_state, GINT_TO_POINTER (BK_XMPP_STATE_ONLINE), "back online");
  g_assert_cmpuint (probe->online_count, ==, 2);
  probe_free (probe);
}

/* A server that stopped reading one stream (Prosody 0.12 at 100 tables) resumed the same
 * stuck session when the client's pings gave the link up, three times over, and the table
 * never moved: given up so, the client comes back in a new session, back in the room,
 * and what it sent meanwhile gets through. */
static void
test_ping_timeout_new_session (void)
{
  Probe *owner = probe_new (server, "dave", "dave-pw", TRUE);
  Probe *guest = probe_new (server, "erin", "erin-pw", TRUE);
  g_autofree char *room = g_strdup_printf ("table-7@%s", bk_prosody_get_muc_service (server));
  g_autofree char *before = NULL;
  g_autofree char *hans = NULL;

  bk_xmpp_client_set_ping_interval_for_testing (guest->client, 300);
  go_online (owner);
  go_online (guest);
  before = g_strdup (bk_xmpp_client_get_jid (guest->client));
  bk_xmpp_client_create_room (owner->client, room, "Sepp", "pw7");
  wait_for (owner, has_joined, GUINT_TO_POINTER (1), "the room");
  bk_xmpp_client_join_room (guest->client, room, "Hans", "pw7");
  wait_for (guest, has_joined, GUINT_TO_POINTER (1), "the room");
  hans = g_strdup_printf ("%s/Hans=erin@localhost", room);
  wait_for (owner, has_occupant, hans, "Hans");
  g_ptr_array_set_size (owner->occupants, 0);

  bk_xmpp_client_ignore_pings_for_testing (guest->client);
  wait_for (guest, is_state, GINT_TO_POINTER (BK_XMPP_STATE_CONNECTING), "the drop");
  g_assert_error (guest->state_error, BK_XMPP_ERROR, BK_XMPP_ERROR_CLOSED);
  bk_xmpp_client_send_groupchat (guest->client, room, "while away", NULL);
  wait_for (guest, is_state, GINT_TO_POINTER (BK_XMPP_STATE_ONLINE), "back online");
  g_assert_cmpuint (guest->online_count, ==, 2);
  /* a new session (a new resource), joined to the room again */
  g_assert_cmpstr (bk_xmpp_client_get_jid (guest->client), !=, before);
  wait_for (guest, has_joined, GUINT_TO_POINTER (2), "the room again");

  bk_xmpp_client_send_groupchat (guest->client, room, "new session", NULL);
  wait_for (owner, has_messages, GUINT_TO_POINTER (2), "the groupchats");
  g_assert_cmpstr (((Msg *) g_ptr_array_index (owner->messages, 0))->body, ==, "while away");
  g_assert_cmpstr (last_message (owner)->body, ==, "new session");
  /* the room kept him throughout: his two sessions share the nick */
  g_free (hans);
  hans = g_strdup_printf ("%s/Hans-", room);
  g_assert_false (has_occupant (owner, hans));

  probe_free (guest);
  probe_free (owner);
}

/* A link that does not answer the check after a network change is the network's fault:
 * that stream is resumed, the same session, never out of the room. */
static void
test_check_timeout_resumes (void)
{
  Probe *owner = probe_new (server, "dave", "dave-pw", TRUE);
  Probe *guest = probe_new (server, "erin", "erin-pw", TRUE);
  g_autofree char *room = g_strdup_printf ("table-8@%s", bk_prosody_get_muc_service (server));
  g_autofree char *before = NULL;

  go_online (owner);
  go_online (guest);
  before = g_strdup (bk_xmpp_client_get_jid (guest->client));
  bk_xmpp_client_create_room (owner->client, room, "Sepp", "pw8");
  wait_for (owner, has_joined, GUINT_TO_POINTER (1), "the room");
  bk_xmpp_client_join_room (guest->client, room, "Hans", "pw8");
  wait_for (guest, has_joined, GUINT_TO_POINTER (1), "the room");

  bk_xmpp_client_ignore_pings_for_testing (guest->client);
  bk_xmpp_client_check_connection (guest->client);
  wait_for (guest, is_state, GINT_TO_POINTER (BK_XMPP_STATE_CONNECTING), "the drop");
  wait_for (guest, is_state, GINT_TO_POINTER (BK_XMPP_STATE_ONLINE), "back online");
  g_assert_cmpstr (bk_xmpp_client_get_jid (guest->client), ==, before);
  bk_xmpp_client_send_groupchat (guest->client, room, "same session", NULL);
  wait_for (owner, has_messages, GUINT_TO_POINTER (1), "the groupchat");
  g_assert_cmpstr (last_message (owner)->body, ==, "same session");
  g_assert_cmpuint (guest->joined->len, ==, 1);

  probe_free (guest);
  probe_free (owner);
}

/* The table host asks for the MUC service before the login (`table host` without
 * --room): the search waits for it (it answered "none" at once, offline). */
static void
test_find_service_before_login (void)
{
  Probe *probe = probe_new (server, "carol", "carol-pw", TRUE);

  bk_xmpp_client_find_muc_service (probe->client);
  bk_xmpp_client_connect (probe->client);
  wait_for (probe, service_done, NULL, "the MUC service");
  g_assert_cmpstr (probe->service, ==, bk_prosody_get_muc_service (server));
  probe_free (probe);
}

/* ---- federation -------------------------------------------------------------------- */

static void
test_federation (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) a = NULL;
  g_autoptr (BkProsody) b = NULL;
  const char *users_a[] = { "host:host-pw", NULL };
  const char *users_b[] = { "guest:guest-pw", NULL };
  Probe *host, *guest;
  g_autofree char *room = NULL;
  g_autoptr (BkXmppElement) payload = payload_new ("A1", "across");

  g_assert_true (bk_prosody_start_pair (users_a, users_b, &a, &b, &error));
  g_assert_no_error (error);
  host = probe_new (a, "host", "host-pw", TRUE);
  guest = probe_new (b, "guest", "guest-pw", TRUE);
  go_online (host);
  go_online (guest);

  room = g_strdup_printf ("table-f@%s", bk_prosody_get_muc_service (a));
  bk_xmpp_client_create_room (host->client, room, "Sepp", "fed");
  wait_for (host, has_joined, GUINT_TO_POINTER (1), "the room");
  bk_xmpp_client_invite (host->client, room, "fed", "guest@b.localhost");
  wait_for (guest, has_invites, GUINT_TO_POINTER (1), "the invitation over s2s");
  bk_xmpp_client_join_room (guest->client, room, "Hans", "fed");
  wait_for (guest, has_joined, GUINT_TO_POINTER (1), "the room on the other server");
  {
    g_autofree char *hans = g_strdup_printf ("%s/Hans=guest@b.localhost", room);
    wait_for (host, has_occupant, hans, "Hans from b.localhost");
  }
  bk_xmpp_client_send_groupchat (guest->client, room, "servus", payload);
  wait_for (host, has_messages, GUINT_TO_POINTER (1), "the groupchat");
  g_assert_cmpstr (last_message (host)->body, ==, "servus");
  g_assert_cmpstr (last_message (host)->real_jid, ==, "guest@b.localhost");
  g_assert_nonnull (last_message (host)->payload);

  probe_free (guest);
  probe_free (host);
}

int
main (int    argc,
      char **argv)
{
  const char *users[] = {
    "alice:alice-pw", "bob:bob-pw", "carol:carol-pw", "dave:dave-pw", "erin:erin-pw", NULL,
  };
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xmpp/element/round-trip", test_element_round_trip);
  g_test_add_func ("/xmpp/element/bounds", test_element_bounds);
  g_test_add_func ("/xmpp/element/garbage", test_element_garbage);
  g_test_add_func ("/xmpp/client/connect-tls", test_connect_tls);
  g_test_add_func ("/xmpp/client/wrong-password", test_wrong_password);
  g_test_add_func ("/xmpp/client/unreachable", test_unreachable);
  g_test_add_func ("/xmpp/client/room", test_room);
  g_test_add_func ("/xmpp/client/room-hides-real-jids", test_room_hides_real_jids);
  g_test_add_func ("/xmpp/client/join-missing-room", test_join_missing_room);
  g_test_add_func ("/xmpp/client/reconnect", test_reconnect);
  g_test_add_func ("/xmpp/client/resent-after-resume", test_resent_after_resume);
  g_test_add_func ("/xmpp/client/unsent-at-drop", test_unsent_at_drop);
  g_test_add_func ("/xmpp/client/drop-in-handler", test_drop_in_handler);
  g_test_add_func ("/xmpp/client/dead-server", test_dead_server);
  g_test_add_func ("/xmpp/client/ping-timeout-new-session", test_ping_timeout_new_session);
  g_test_add_func ("/xmpp/client/check-timeout-resumes", test_check_timeout_resumes);
  g_test_add_func ("/xmpp/client/find-service-before-login",
                   test_find_service_before_login);
  /* On ejabberd the federation is tests/net/federated-table.sh's (two Prosody servers in a
   * namespace of their own); here the pair's routes are a Prosody module. */
  bk_test_add_func_prosody_only ("/xmpp/client/federation", test_federation,
                                 "two servers federated by mod_bk_test_routes.lua, a Prosody "
                                 "module");

  /* The reconnection test resumes its stream: leave it time for that on a slow machine. */
  g_setenv ("BK_PROSODY_HIBERNATION", "120", TRUE);
  /* One server for the whole program; missing Prosody fails here, loudly. */
  server = bk_prosody_start ("localhost", users, &error);
  g_assert_no_error (error);
  status = g_test_run ();
  bk_prosody_stop (server);
  return status;
}
