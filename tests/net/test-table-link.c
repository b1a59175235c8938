/* test-table-link.c: a table's room on the client (bk-table-link.h) without a server: the
 * client's signals emitted by hand; what the link lets through (another occupant's live
 * "chat" or "groupchat" in our room) and what it leaves out (our own echo, the room's
 * history, other rooms, other types); the real JIDs it learns from presences; a host
 * attached takes requests and a newcomer's <resync/> but no other post to the room, a
 * guest attached takes the host's <table/>, and what either sends goes through the link;
 * the invitation written and read as docs/network.md ("The command line") gives it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "bk-levels.h"
#include "bk-net-protocol.h"
#include "bk-table-link.h"

#define ROOM "bierkopf-0a1b2c3d4e5f@muc.example.org"

typedef struct {
  guint    messages;
  char    *nick;
  char    *real_jid;
  gboolean private;
  guint    occupants;
  guint    joined;
} Seen;

static void
message_cb (BkTableLink         *link,
            const char          *nick,
            const char          *real_jid,
            const BkXmppMessage *message,
            gboolean             private,
            Seen                *seen)
{
  seen->messages++;
  g_free (seen->nick);
  seen->nick = g_strdup (nick);
  g_free (seen->real_jid);
  seen->real_jid = g_strdup (real_jid);
  seen->private = private;
}

static void
occupant_cb (BkTableLink *link,
             const char  *nick,
             const char  *real_jid,
             gboolean     present,
             Seen        *seen)
{
  /* the real JID is known while the signal runs, also for one who leaves */
  g_assert_cmpstr (g_hash_table_lookup (bk_table_link_get_real_jids (link), nick), ==,
                   real_jid);
  seen->occupants++;
}

static void
joined_cb (BkTableLink *link,
           Seen        *seen)
{
  seen->joined++;
}

static void
say (BkXmppClient *client,
     const char   *type,
     const char   *from,
     gboolean      delayed)
{
  BkXmppMessage message = { .type = type, .from = from, .body = "servus",
                            .delayed = delayed };

  g_signal_emit_by_name (client, "message", &message);
}

static void
test_filter (void)
{
  g_autoptr (BkXmppClient) client = bk_xmpp_client_new ("sepp@example.org", "pw", NULL,
                                                        NULL);
  g_autoptr (BkTableLink) link = bk_table_link_new (client, NULL, "sepp");
  Seen seen = { 0 };

  g_signal_connect (link, "message", G_CALLBACK (message_cb), &seen);
  g_signal_connect (link, "occupant", G_CALLBACK (occupant_cb), &seen);
  g_signal_connect (link, "joined", G_CALLBACK (joined_cb), &seen);

  /* no room yet (a host before its room is made): nothing is ours */
  say (client, "groupchat", ROOM "/vroni", FALSE);
  g_signal_emit_by_name (client, "room-joined", ROOM, "sepp");
  g_assert_cmpuint (seen.messages + seen.joined, ==, 0);

  bk_table_link_set_room (link, ROOM);
  g_assert_cmpstr (bk_table_link_get_room (link), ==, ROOM);
  g_signal_emit_by_name (client, "room-joined", "other@muc.example.org", "sepp");
  g_signal_emit_by_name (client, "room-joined", ROOM, "sepp");
  g_assert_cmpuint (seen.joined, ==, 1);

  g_signal_emit_by_name (client, "occupant", "other@muc.example.org", "vroni",
                         "other@example.org", TRUE);
  g_signal_emit_by_name (client, "occupant", ROOM, "vroni", "vroni@example.org", TRUE);
  g_assert_cmpuint (seen.occupants, ==, 1);

  say (client, "groupchat", ROOM "/sepp", FALSE);            /* our own echo */
  say (client, "groupchat", ROOM "/vroni", TRUE);            /* the room's history */
  say (client, "groupchat", "other@muc.example.org/vroni", FALSE);
  say (client, "groupchat", ROOM, FALSE);                    /* the room itself */
  say (client, "normal", ROOM "/vroni", FALSE);
  say (client, "error", ROOM "/vroni", FALSE);
  g_assert_cmpuint (seen.messages, ==, 0);

  say (client, "groupchat", ROOM "/vroni", FALSE);
  g_assert_cmpuint (seen.messages, ==, 1);
  g_assert_cmpstr (seen.nick, ==, "vroni");
  g_assert_cmpstr (seen.real_jid, ==, "vroni@example.org");
  g_assert_false (seen.private);
  say (client, "chat", ROOM "/vroni", FALSE);
  g_assert_cmpuint (seen.messages, ==, 2);
  g_assert_true (seen.private);

  /* gone: forgotten once the signal has run */
  g_signal_emit_by_name (client, "occupant", ROOM, "vroni", "vroni@example.org", FALSE);
  g_assert_cmpuint (seen.occupants, ==, 2);
  g_assert_null (g_hash_table_lookup (bk_table_link_get_real_jids (link), "vroni"));
  say (client, "chat", ROOM "/vroni", FALSE);
  g_assert_cmpuint (seen.messages, ==, 3);
  g_assert_null (seen.real_jid);

  /* a host taken up again under its old nickname */
  bk_table_link_set_nick (link, "vroni");
  say (client, "chat", ROOM "/vroni", FALSE);
  g_assert_cmpuint (seen.messages, ==, 3);

  g_clear_object (&link);
  /* the client no longer reaches a link that is gone */
  say (client, "chat", ROOM "/sepp", FALSE);
  g_assert_cmpuint (seen.messages, ==, 3);
  g_free (seen.nick);
  g_free (seen.real_jid);
}

static void
count_send_cb (GObject       *source,
               const char    *nick,
               const char    *body,
               BkXmppElement *payload,
               gboolean       private,
               GPtrArray     *sent)
{
  g_ptr_array_add (sent, bk_xmpp_element_ref (payload));
}

static void
post (BkXmppClient        *client,
      const char          *type,
      const char          *from,
      const BkXmppElement *payload)
{
  BkXmppMessage message = { .type = type, .from = from, .payload = payload };

  g_signal_emit_by_name (client, "message", &message);
}

static void
test_attach (void)
{
  g_autoptr (BkXmppClient) host_client = bk_xmpp_client_new ("wirt@example.org", "pw", NULL,
                                                             NULL);
  g_autoptr (BkXmppClient) guest_client = bk_xmpp_client_new ("vroni@example.org", "pw",
                                                              NULL, NULL);
  g_autoptr (BkTableLink) host_link = bk_table_link_new (host_client, ROOM, "wirt");
  g_autoptr (BkTableLink) guest_link = bk_table_link_new (guest_client, ROOM, "vroni");
  g_autoptr (GPtrArray) host_sent = g_ptr_array_new_with_free_func (
    (GDestroyNotify) bk_xmpp_element_unref);
  g_autoptr (GPtrArray) guest_sent = g_ptr_array_new_with_free_func (
    (GDestroyNotify) bk_xmpp_element_unref);
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkTableHost) host = NULL;
  g_autoptr (BkTableGuest) guest = bk_table_guest_new (ROOM, 1);
  g_auto (BkNetStanza) resync = { 0 };
  g_autoptr (BkXmppElement) resync_payload = NULL;
  g_autoptr (BkXmppElement) table = NULL;
  BkRules rules;
  guint sent;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 11);
  host = bk_table_host_new (game, ROOM, "wirt");
  g_assert_true (bk_table_host_seat_computer (host, 0, "random", NULL));
  for (BkSeat s = 1; s < bk_game_get_n_seats (game); s++)
    bk_table_host_seat_person (host, s, NULL);
  bk_table_link_attach_host (host_link, host);
  bk_table_link_attach_guest (guest_link, guest);
  g_signal_connect (host, "send", G_CALLBACK (count_send_cb), host_sent);
  g_signal_connect (guest, "send", G_CALLBACK (count_send_cb), guest_sent);

  /* the host posts its table to the room */
  bk_table_host_start (host);
  g_assert_cmpuint (host_sent->len, ==, 1);
  table = bk_xmpp_element_ref (g_ptr_array_index (host_sent, 0));
  g_assert_cmpstr (bk_xmpp_element_get_name (table), ==, "table");

  /* whoever comes in gets the table; a post to the room is no request; a newcomer's
   * <resync/> is answered with the table, by the one it drew coming in when that was
   * within 2 s (docs/network.md 5, issue 31 finding 2) */
  sent = host_sent->len;
  g_signal_emit_by_name (host_client, "occupant", ROOM, "vroni", "vroni@example.org", TRUE);
  g_assert_cmpuint (host_sent->len, ==, sent + 1);
  g_assert_cmpstr (bk_xmpp_element_get_name (g_ptr_array_index (host_sent, host_sent->len - 1)),
                   ==, "table");
  sent = host_sent->len;
  post (host_client, "groupchat", ROOM "/vroni", table);
  g_assert_cmpuint (host_sent->len, ==, sent);
  bk_net_stanza_init (&resync, BK_NET_RESYNC);
  resync_payload = bk_net_stanza_build (&resync);
  post (host_client, "groupchat", ROOM "/vroni", resync_payload);
  /* … no second <table/> within 2 s of the first, but the public table to it alone, the
   * <state/> without a seat (3.11) */
  g_assert_cmpuint (host_sent->len, ==, sent + 1);
  g_assert_cmpstr (bk_xmpp_element_get_name (g_ptr_array_index (host_sent, sent)), ==, "state");
  sent = host_sent->len;

  /* the guest learns the host from its table and claims its chair (to the host alone) */
  g_assert_null (bk_table_guest_get_host (guest));
  post (guest_client, "groupchat", ROOM "/wirt", table);
  g_assert_cmpstr (bk_table_guest_get_host (guest), ==, "wirt");
  g_assert_cmpuint (guest_sent->len, >=, 1);

  /* gone with the link: nothing more reaches the host (a <resync/> from one the room has
   * not shown would be refused, the refusal sent) */
  g_clear_object (&host_link);
  post (host_client, "groupchat", ROOM "/sepp", resync_payload);
  g_assert_cmpuint (host_sent->len, ==, sent);
}

static void
test_invitation (void)
{
  g_autofree char *invitation = bk_table_link_dup_invitation (ROOM, "2f9a");
  g_autofree char *name = bk_table_link_new_room_name ("muc.example.org");
  char *room = NULL, *password = NULL;

  g_assert_cmpstr (invitation, ==, "xmpp:" ROOM "?join;password=2f9a");
  g_assert_true (bk_table_link_parse_invitation (invitation, &room, &password));
  g_assert_cmpstr (room, ==, ROOM);
  g_assert_cmpstr (password, ==, "2f9a");
  g_clear_pointer (&room, g_free);
  g_clear_pointer (&password, g_free);

  /* escaped, with a space after it (pasted) */
  g_assert_true (bk_table_link_parse_invitation ("xmpp:" ROOM "?join;password=a%20b ",
                                                 &room, &password));
  g_assert_cmpstr (room, ==, ROOM);
  g_assert_cmpstr (password, ==, "a b");
  g_clear_pointer (&room, g_free);
  g_clear_pointer (&password, g_free);

  /* a bare room has no password */
  g_assert_true (bk_table_link_parse_invitation (ROOM, &room, &password));
  g_assert_cmpstr (room, ==, ROOM);
  g_assert_null (password);
  g_clear_pointer (&room, g_free);

  for (guint i = 0; i < 5; i++)
    {
      static const char *const refused[] = {
        "xmpp:" ROOM "?message;password=x", "muc.example.org", "@muc.example.org",
        ROOM "/sepp", "xmpp:" ROOM "/sepp?join;password=x",
      };

      g_assert_false (bk_table_link_parse_invitation (refused[i], &room, &password));
      g_assert_null (room);
      g_assert_null (password);
    }

  g_assert_true (g_str_has_prefix (name, "bierkopf-"));
  g_assert_true (g_str_has_suffix (name, "@muc.example.org"));
  g_assert_cmpuint (strlen (name), ==, strlen ("bierkopf-@muc.example.org") + 12);
  g_assert_cmpuint (strspn (name + 9, "0123456789abcdef"), ==, 12);
}

/* docs/network.md, "Guests without an account": the guests parameter and the clickable
 * form, written and read; malformed and huge links refused, nothing set. */
static void
test_guest_link (void)
{
  g_autofree char *link = bk_table_link_dup_guest_invitation (ROOM, "2f9a", "guest.example.org");
  g_autofree char *plain = bk_table_link_dup_guest_invitation (ROOM, "2f9a", NULL);
  g_autofree char *clickable = g_strconcat (BK_TABLE_LINK_SCHEME, link, NULL);
  g_autoptr (GString) huge = g_string_new (BK_TABLE_LINK_SCHEME "xmpp:" ROOM "?join;password=");
  char *room = NULL, *password = NULL, *guests = NULL;

  g_assert_cmpstr (link, ==, "xmpp:" ROOM "?join;password=2f9a;guests=guest.example.org");
  g_assert_cmpstr (plain, ==, "xmpp:" ROOM "?join;password=2f9a");
  for (guint i = 0; i < 3; i++)
    {
      const char *forms[] = { link, clickable, " bierkopf:xmpp:" ROOM
                              "?join;guests=guest.example.org;password=2f9a\n" };

      g_assert_true (bk_table_link_parse_link (forms[i], &room, &password, &guests));
      g_assert_cmpstr (room, ==, ROOM);
      g_assert_cmpstr (password, ==, "2f9a");
      g_assert_cmpstr (guests, ==, "guest.example.org");
      g_clear_pointer (&room, g_free);
      g_clear_pointer (&password, g_free);
      g_clear_pointer (&guests, g_free);
    }
  /* without guests, and the older reader takes the new link */
  g_assert_true (bk_table_link_parse_link (plain, &room, &password, &guests));
  g_assert_cmpstr (room, ==, ROOM);
  g_assert_null (guests);
  g_clear_pointer (&room, g_free);
  g_clear_pointer (&password, g_free);
  g_assert_true (bk_table_link_parse_invitation (clickable, &room, &password));
  g_assert_cmpstr (room, ==, ROOM);
  g_assert_cmpstr (password, ==, "2f9a");
  g_clear_pointer (&room, g_free);
  g_clear_pointer (&password, g_free);
  /* schemes in any case (RFC 3986 3.1) */
  g_assert_true (bk_table_link_parse_link ("BIERKOPF:XMPP:" ROOM "?join;password=2f9a", &room,
                                           &password, &guests));
  g_assert_cmpstr (room, ==, ROOM);
  g_clear_pointer (&room, g_free);
  g_clear_pointer (&password, g_free);
  /* an internationalized guest domain is a domain */
  g_assert_true (bk_table_link_is_guest_domain ("gäste.example.org"));

  while (huge->len <= BK_TABLE_LINK_MAX_BYTES)
    g_string_append (huge, "0123456789abcdef");
  for (guint i = 0; i < 14; i++)
    {
      static const char *const refused[] = {
        "xmpp:" ROOM "?join;password=x;guests=",
        "xmpp:" ROOM "?join;password=x;guests=a@guest.example.org",
        "xmpp:" ROOM "?join;password=x;guests=guest.example.org/res",
        "xmpp:" ROOM "?join;password=x;guests=guest..example.org",
        "xmpp:" ROOM "?join;password=x;guests=.example.org",
        "xmpp:" ROOM "?join;password=x;guests=guest%20example.org",
        "xmpp:" ROOM "?join;password=x;guests=a.org;guests=b.org",
        "bierkopf:" ROOM "?join;password=x",
        "bierkopf:http://example.org/",
        "xmpp:" ROOM "?join;password=a%0Ab",
        "xmpp:" ROOM "?join;password=%FF",
        /* a scheme not ours, in another case: never a room with a colon in its name */
        "mailto:" ROOM,
        "http:" ROOM "?join;password=x",
        NULL,
      };
      const char *uri = refused[i] ? refused[i] : huge->str;

      g_assert_false (bk_table_link_parse_link (uri, &room, &password, &guests));
      g_assert_null (room);
      g_assert_null (password);
      g_assert_null (guests);
    }
  g_assert_true (bk_table_link_parse_link (" " ROOM, &room, &password, &guests));
  g_clear_pointer (&room, g_free);
}

/* docs/network.md, "An invitation that makes an account" and "Whose table": the host's
 * name, the game and the account invitation written, percent-encoded, and read back; a
 * malformed, half, doubled or huge invitation refused whole with words that say so. */
static void
test_account_link (void)
{
  g_auto (BkTableInvitation) written = { 0 };
  g_auto (BkTableInvitation) read = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) huge = g_string_new ("bierkopf:xmpp:" ROOM "?join;password=2f9a;"
                                           "register=example.org;preauth=");
  g_autofree char *uri = NULL;
  g_autofree char *clickable = NULL;
  g_autofree char *account = NULL;
  g_autofree char *long_token = g_strnfill (257, 'a');
  g_autofree char *long_host = g_strnfill (BK_TABLE_INVITATION_MAX_HOST + 1, 'a');
  g_autofree char *refused_token = NULL;
  g_autofree char *refused_host = NULL;

  written.room = g_strdup (ROOM);
  written.password = g_strdup ("2f9a");
  written.guests = g_strdup ("guest.example.org");
  written.host = g_strdup ("Anna; Müller=1");
  written.game = g_strdup ("bierkopf");
  written.account = g_strdup ("example.org");
  written.token = g_strdup ("Xq3-9_zT.k~p");
  uri = bk_table_invitation_dup_uri (&written);
  g_test_message ("%s", uri);
  /* the password first: what a chat client and the older readers look for */
  g_assert_cmpstr (uri, ==, "xmpp:" ROOM "?join;password=2f9a;guests=guest.example.org;"
                            "host=Anna%3B%20M%C3%BCller%3D1;game=bierkopf;register=example.org;"
                            "preauth=Xq3-9_zT.k~p");
  clickable = g_strconcat (BK_TABLE_LINK_SCHEME, uri, NULL);
  g_assert_true (bk_table_invitation_parse (clickable, &read, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (read.room, ==, ROOM);
  g_assert_cmpstr (read.password, ==, "2f9a");
  g_assert_cmpstr (read.guests, ==, "guest.example.org");
  g_assert_cmpstr (read.host, ==, "Anna; Müller=1");
  g_assert_cmpstr (read.game, ==, "bierkopf");
  g_assert_cmpstr (read.account, ==, "example.org");
  g_assert_cmpstr (read.token, ==, "Xq3-9_zT.k~p");
  account = bk_table_invitation_dup_account_uri (&read);
  g_assert_cmpstr (account, ==, "xmpp:example.org?register;preauth=Xq3-9_zT.k~p");
  /* a host's name too long to paste is left out, not cut */
  g_free (written.host);
  written.host = g_strdup (long_host);
  g_free (uri);
  uri = bk_table_invitation_dup_uri (&written);
  g_assert_null (strstr (uri, "host="));
  /* the older reader takes the link, its new parameters ignored */
  {
    g_autofree char *room = NULL, *password = NULL, *guests = NULL;

    g_assert_true (bk_table_link_parse_link (clickable, &room, &password, &guests));
    g_assert_cmpstr (room, ==, ROOM);
    g_assert_cmpstr (password, ==, "2f9a");
    g_assert_cmpstr (guests, ==, "guest.example.org");
  }
  /* a link without them has none */
  g_assert_true (bk_table_invitation_parse ("xmpp:" ROOM "?join;password=2f9a", &read, NULL));
  g_assert_null (read.host);
  g_assert_null (read.token);
  g_assert_null (bk_table_invitation_dup_account_uri (&read));

  /* 1 MB of token: too long to be a link, said so */
  while (huge->len <= 1024 * 1024)
    g_string_append (huge, "0123456789abcdef");
  g_assert_false (bk_table_invitation_parse (huge->str, &read, &error));
  g_assert_error (error, BK_TABLE_INVITATION_ERROR, BK_TABLE_INVITATION_ERROR_NO_LINK);
  g_assert_nonnull (strstr (error->message, "too long"));
  g_assert_null (read.room);
  g_clear_error (&error);

  refused_token = g_strdup_printf ("xmpp:" ROOM "?join;register=example.org;preauth=%s",
                                   long_token);
  refused_host = g_strdup_printf ("xmpp:" ROOM "?join;host=%s", long_host);
  for (guint i = 0; i < 12; i++)
    {
      static const char *const account_refused[] = {
        "xmpp:" ROOM "?join;register=example.org;preauth=short",
        "xmpp:" ROOM "?join;register=example.org;preauth=abc%3Cdef%3Eghi",
        "xmpp:" ROOM "?join;register=example.org;preauth=abcdefgh%0A",
        "xmpp:" ROOM "?join;preauth=abcdefghij",
        "xmpp:" ROOM "?join;register=example.org",
        "xmpp:" ROOM "?join;register=a@example.org;preauth=abcdefghij",
        "xmpp:" ROOM "?join;register=example.org;preauth=abcdefghij;preauth=abcdefghij",
        "xmpp:" ROOM "?join;register=example.org;register=b.org;preauth=abcdefghij",
        NULL,
      };
      static const char *const malformed[] = {
        "xmpp:" ROOM "?join;host=",
        "xmpp:" ROOM "?join;host=Anna;host=Sepp",
        "xmpp:" ROOM "?join;game=Bier%20kopf",
        NULL,
      };
      gboolean is_account = i < G_N_ELEMENTS (account_refused);
      const char *link = is_account ? account_refused[i]
                                    : malformed[i - G_N_ELEMENTS (account_refused)];
      gint code = is_account ? BK_TABLE_INVITATION_ERROR_ACCOUNT
                             : BK_TABLE_INVITATION_ERROR_MALFORMED;

      if (link == NULL)
        link = is_account ? refused_token : refused_host;
      g_test_message ("refused: %.80s", link);
      g_assert_false (bk_table_invitation_parse (link, &read, &error));
      g_assert_error (error, BK_TABLE_INVITATION_ERROR, code);
      g_assert_null (read.room);
      g_clear_error (&error);
    }
  /* what is no link at all says so */
  g_assert_false (bk_table_invitation_parse ("https://example.org/", &read, &error));
  g_assert_error (error, BK_TABLE_INVITATION_ERROR, BK_TABLE_INVITATION_ERROR_NO_LINK);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table-link/filter", test_filter);
  g_test_add_func ("/table-link/attach", test_attach);
  g_test_add_func ("/table-link/invitation", test_invitation);
  g_test_add_func ("/table-link/guest-link", test_guest_link);
  g_test_add_func ("/table-link/account-link", test_account_link);
  return g_test_run ();
}
