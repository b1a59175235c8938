/* bk-friends-guest.c: see bk-friends-guest.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-friends-guest.h"
#include "bk-friends-link.h"
#include "bk-game-view.h"
#include "bk-lobby.h"
#include "bk-record.h"

static char *guest_server;

/* One dialog's way to the table; the dialog's data, gone with it. */
typedef struct {
  BkWindow      *window;  /* weak */
  BkGuestJoin   *dialog;  /* owns this */
  char          *room;
  char          *password;
  char          *guests;
  BkXmppClient  *client;  /* from Join until the link is handed to the lobby */
  BkFriendsLink *link;
  guint          sit_id;  /* the chair taken once the link has told the table */
} Guest;

/* Lets go of the login and the room (a link dropped here leaves the room: no one else
 * holds it). */
static void
drop (Guest *guest)
{
  g_clear_handle_id (&guest->sit_id, g_source_remove);
  if (guest->link)
    g_signal_handlers_disconnect_by_data (guest->link, guest);
  if (guest->client)
    g_signal_handlers_disconnect_by_data (guest->client, guest);
  g_clear_object (&guest->link);
  if (guest->client && bk_xmpp_client_get_state (guest->client) != BK_XMPP_STATE_OFFLINE)
    bk_xmpp_client_disconnect (guest->client);
  g_clear_object (&guest->client);
}

static void
guest_free (Guest *guest)
{
  drop (guest);
  g_clear_weak_pointer (&guest->window);
  g_free (guest->room);
  g_free (guest->password);
  g_free (guest->guests);
  g_free (guest);
}

static void
say_problem (Guest      *guest,
             const char *message)
{
  drop (guest);
  bk_guest_join_set_problem (guest->dialog, message);
}

/* The login's end, in words that say what to do. A server that takes no guests at all
 * (BK_XMPP_ERROR_NO_GUESTS, helper `guest`'s code beside these: it offers no SASL ANONYMOUS)
 * is the common case; one that offers it and refuses is rarer (_AUTH). An unreachable
 * server and a certificate not trusted keep the client's own words. */
static void
state_changed_cb (BkXmppClient *client,
                  BkXmppState   state,
                  GError       *error,
                  Guest        *guest)
{
  g_autofree char *message = NULL;

  if (state == BK_XMPP_STATE_ONLINE)
    bk_guest_join_set_busy (guest->dialog, _("Waiting for the table"));
  if (state != BK_XMPP_STATE_OFFLINE || error == NULL)
    return;
  g_debug ("The guest login on %s failed: %s", guest->guests, error->message);
  if (error->domain != BK_XMPP_ERROR || error->code == BK_XMPP_ERROR_CONNECT ||
      error->code == BK_XMPP_ERROR_TLS || error->code == BK_XMPP_ERROR_CLOSED)
    message = g_strdup (error->message);
  else if (error->code == BK_XMPP_ERROR_NO_GUESTS)
    message = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_NO_GUESTS, NULL);
  else
    message = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_REFUSED, NULL);
  say_problem (guest, message);
}

static void
room_error_cb (BkXmppClient *client,
               const char   *room,
               GError       *error,
               Guest        *guest)
{
  if (g_strcmp0 (room, guest->room) == 0)
    say_problem (guest, error->message);
}

/* The chair a newcomer takes: a free one, else one kept for this name, else a computer's
 * (taken over at the end of the hand in play); BK_SEAT_NONE when every chair has a
 * person. */
static BkSeat
pick_chair (const BkNetStanza *seats,
            const char        *nick)
{
  for (guint c = 0; c < seats->n_seats; c++)
    if (seats->seats[c].nick == NULL && seats->seats[c].level == NULL)
      return c;
  for (guint c = 0; c < seats->n_seats; c++)
    if (g_strcmp0 (seats->seats[c].nick, nick) == 0)
      return c;
  for (guint c = 0; c < seats->n_seats; c++)
    if (seats->seats[c].nick == NULL)
      return c;
  return BK_SEAT_NONE;
}

/* The person sits down at once (no chair to pick: open the link, type a name, Join). */
static gboolean
sit_cb (gpointer data)
{
  Guest *guest = data;
  const BkNetStanza *seats = bk_friends_link_get_seats (guest->link);
  BkSeat chair;

  guest->sit_id = 0;
  if (seats == NULL || bk_friends_link_get_table (guest->link) != NULL)
    return G_SOURCE_REMOVE;
  chair = pick_chair (seats, bk_friends_link_get_nick (guest->link));
  if (chair == BK_SEAT_NONE)
    say_problem (guest, _("Every chair at this table has a player already."));
  else
    bk_friends_link_sit (guest->link, chair);
  return G_SOURCE_REMOVE;
}

/* The table came: whose and which game; the chair is taken once the link is done with
 * the <table/> (it says "pick a free chair" after this signal, which would come after the
 * sitting's "waiting for the host"). */
static void
link_changed_cb (BkFriendsLink *link,
                 Guest         *guest)
{
  const BkNetStanza *seats = bk_friends_link_get_seats (link);
  g_autoptr (BkGame) header = NULL;

  if (seats == NULL || bk_friends_link_get_table (link) != NULL)
    return;
  header = bk_record_replay (seats->record, NULL, NULL, NULL, NULL);
  if (header && seats->host)
    bk_guest_join_set_table (guest->dialog, seats->host,
                             _(bk_game_view_get (bk_game_get_rules (header)->game)->title));
  if (guest->sit_id == 0)
    guest->sit_id = g_idle_add (sit_cb, guest);
}

/* Seated: the lobby waits with the person for the host's start, the table plays in the
 * window (the lobby and the window hold the link from now on). */
static void
seated_cb (BkFriendsLink *link,
           Guest         *guest)
{
  BkLobby *lobby;

  if (guest->window == NULL)
    return;
  lobby = bk_lobby_new (guest->window, link);
  g_clear_handle_id (&guest->sit_id, g_source_remove);
  g_signal_handlers_disconnect_by_data (guest->link, guest);
  g_signal_handlers_disconnect_by_data (guest->client, guest);
  g_clear_object (&guest->link);
  g_clear_object (&guest->client);
  gtk_window_present (GTK_WINDOW (lobby));
  gtk_window_destroy (GTK_WINDOW (guest->dialog));
}

/* The trust the person gave this server's certificate, as the account's (bk-account.c). */
char *
bk_friends_dup_trusted_fingerprint (const char *server)
{
  g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");
  g_autoptr (GVariant) map = g_settings_get_value (friends, "trusted-certificates");
  g_autofree char *key = g_ascii_strdown (server, -1);
  const char *fingerprint = NULL;

  if (g_variant_lookup (map, key, "&s", &fingerprint))
    return g_strdup (fingerprint);
  return NULL;
}

static void
join_cb (BkGuestJoin *dialog,
         const char  *name,
         Guest       *guest)
{
  g_autofree char *fingerprint = NULL;

  drop (guest);
  bk_guest_join_set_problem (dialog, NULL);
  /* a bare domain and no password: SASL ANONYMOUS (docs/network.md) */
  guest->client = bk_xmpp_client_new (guest->guests, NULL, guest_server, NULL);
  if (guest->client == NULL)
    {
      g_autofree char *message = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_REFUSED,
                                                               NULL);

      say_problem (guest, message);
      return;
    }
  fingerprint = bk_friends_dup_trusted_fingerprint (guest_server ? guest_server : guest->guests);
  bk_xmpp_client_set_trusted_fingerprint (guest->client, fingerprint);
  g_signal_connect (guest->client, "state-changed", G_CALLBACK (state_changed_cb), guest);
  g_signal_connect (guest->client, "room-error", G_CALLBACK (room_error_cb), guest);
  guest->link = bk_friends_link_new_named_guest (guest->client, guest->room, guest->password,
                                                 name);
  g_signal_connect (guest->link, "changed", G_CALLBACK (link_changed_cb), guest);
  g_signal_connect (guest->link, "seated", G_CALLBACK (seated_cb), guest);
  bk_guest_join_set_busy (dialog, _("Connecting…"));
  g_debug ("%s joins %s as a guest of %s", name, guest->room, guest->guests);
  bk_friends_link_connect (guest->link);
}

BkGuestJoin *
bk_friends_join_as_guest (BkWindow   *window,
                          const char *room,
                          const char *password,
                          const char *guests)
{
  BkGuestJoin *dialog;
  Guest *guest;

  g_return_val_if_fail (BK_IS_WINDOW (window) && room != NULL && guests != NULL, NULL);

  dialog = bk_guest_join_new (GTK_WINDOW (window));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  bk_window_fit_inside_parent (GTK_WINDOW (dialog));
  guest = g_new0 (Guest, 1);
  g_set_weak_pointer (&guest->window, window);
  guest->dialog = dialog;
  guest->room = g_strdup (room);
  guest->password = g_strdup (password);
  guest->guests = g_strdup (guests);
  g_object_set_data_full (G_OBJECT (dialog), "bk-guest", guest, (GDestroyNotify) guest_free);
  g_signal_connect (dialog, "join", G_CALLBACK (join_cb), guest);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

void
bk_friends_guest_set_server (const char *server)
{
  g_free (guest_server);
  guest_server = g_strdup (server);
}
