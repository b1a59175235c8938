/* bk-friends-guest.c: see bk-friends-guest.h. The guest keeps its chair's resume token in
 * the app's data folder and claims with it when it comes back (docs/network.md 3.16).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>

#include "bk-account.h"
#include "bk-friends-guest.h"
#include "bk-friends-link.h"
#include "bk-friends-table.h"
#include "bk-game-view.h"
#include "bk-lobby.h"
#include "bk-record.h"

#define KEEP_GROUP "chair"
#define MAX_NICK_TRIES 9

static char *guest_server;

/* One dialog's way to the table; the dialog's data, gone with it. */
typedef struct {
  BkWindow      *window;  /* weak */
  BkGuestJoin   *dialog;  /* owns this */
  char          *room;
  char          *password;
  char          *guests;
  char          *host;    /* the link's host's name, or NULL */
  char          *account_uri; /* the link's invitation that makes an account, or NULL */
  BkAccount     *account;  /* while the invitation makes the account and it signs in */
  BkXmppClient  *client;  /* from Join until the link is handed to the lobby; the account's
                           * (never disconnected here) when account_uri is set */
  BkFriendsLink *link;
  guint          sit_id;  /* the chair taken once the link has told the table */
  char          *name;    /* the name the person typed (the room's nick may have a suffix) */
  guint          tries;   /* names tried in the room: 1 is the typed one */
  BkSeat         kept_seat;   /* the chair this room's kept token opens, or BK_SEAT_NONE */
  char          *kept_token;
} Guest;

/* The chair's resume token (docs/network.md 3.16), kept with the table in the app's data,
 * its owner's alone and never in the keyring or GSettings: a guest's app killed and started
 * again, under a new anonymous address, takes its chair back with it. One chair is kept:
 * a new table's token replaces the last. */
static char *
dup_keep_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "bierkopf", "guest-chair.keep", NULL);
}

/* The kept chair of @room into @guest (nothing when the file keeps another room's, none, or
 * a broken one). */
static void
read_kept (Guest *guest)
{
  g_autofree char *path = dup_keep_path ();
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *room = NULL;
  g_autofree char *token = NULL;
  gint seat;

  guest->kept_seat = BK_SEAT_NONE;
  g_clear_pointer (&guest->kept_token, g_free);
  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &error))
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_message ("The kept chair cannot be read: %s", error->message);
      return;
    }
  room = g_key_file_get_string (file, KEEP_GROUP, "room", NULL);
  token = g_key_file_get_string (file, KEEP_GROUP, "token", NULL);
  seat = g_key_file_get_integer (file, KEEP_GROUP, "seat", &error);
  if (room == NULL || token == NULL || error || seat < 0 || seat >= BK_MAX_SEATS ||
      strlen (token) != 2 * BK_NET_TOKEN_SIZE)
    {
      g_message ("%s keeps no chair", path);
      return;
    }
  if (strcmp (room, guest->room) != 0)
    return;
  guest->kept_seat = (BkSeat) seat;
  guest->kept_token = g_steal_pointer (&token);
}

/* A new token from the host: written whole or not at all (a new file renamed over the old,
 * so that a kill while writing leaves the old one), mode 0600. */
static void
guest_token_cb (BkTableGuest *table_guest,
                const char   *token,
                const char   *room)
{
  g_autofree char *path = dup_keep_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_key_file_set_string (file, KEEP_GROUP, "room", room);
  g_key_file_set_integer (file, KEEP_GROUP, "seat", (gint) bk_table_guest_get_seat (table_guest));
  g_key_file_set_string (file, KEEP_GROUP, "token", token);
  contents = g_key_file_to_data (file, &length, NULL);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    g_warning ("%s: %s", dir, g_strerror (errno));
  else if (!g_file_set_contents_full (path, contents, (gssize) length,
                                      G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    g_warning ("The chair's token cannot be kept: %s", error->message);
  else
    g_debug ("Kept the token of chair %u of %s", bk_table_guest_get_seat (table_guest), room);
}

/* The person sits: the kept token goes to the table's guest before its claim, and each new
 * one the host sends is kept. */
static void
attach_token (Guest *guest)
{
  BkFriendsTable *table = bk_friends_link_get_table (guest->link);
  BkTableGuest *table_guest = table ? bk_friends_table_get_guest (table) : NULL;

  if (table_guest == NULL)
    return;
  if (guest->kept_token && bk_table_guest_get_seat (table_guest) == guest->kept_seat &&
      !bk_table_guest_set_token (table_guest, guest->kept_token))
    g_message ("The kept chair's token is not one; it is not used");
  g_signal_connect_data (table_guest, "token", G_CALLBACK (guest_token_cb),
                         g_strdup (guest->room), (GClosureNotify) (void (*) (void)) g_free, 0);
}

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
  if (guest->account)
    g_signal_handlers_disconnect_by_data (guest->account, guest);
  g_clear_object (&guest->account);
  g_clear_object (&guest->link);
  /* an anonymous login is ours; the account's connection is the app's */
  if (guest->client && guest->account_uri == NULL &&
      bk_xmpp_client_get_state (guest->client) != BK_XMPP_STATE_OFFLINE)
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
  g_free (guest->host);
  g_free (guest->account_uri);
  g_free (guest->name);
  g_free (guest->kept_token);
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

static void link_changed_cb (BkFriendsLink *link,
                             Guest         *guest);
static void seated_cb       (BkFriendsLink *link,
                             Guest         *guest);

/* The link into the room under @nick, on the login there is. */
static void
open_link (Guest      *guest,
           const char *nick)
{
  guest->link = bk_friends_link_new_named_guest (guest->client, guest->room, guest->password,
                                                 nick);
  g_signal_connect (guest->link, "changed", G_CALLBACK (link_changed_cb), guest);
  g_signal_connect (guest->link, "seated", G_CALLBACK (seated_cb), guest);
}

/* A name someone in the room has (often our own, killed a moment ago: the server keeps a
 * session it did not see end for a while): the person comes in as "Anna (2)" rather than
 * not at all; the chair is the kept token's, whatever the name. */
static void
room_error_cb (BkXmppClient *client,
               const char   *room,
               GError       *error,
               Guest        *guest)
{
  g_autofree char *nick = NULL;

  if (g_strcmp0 (room, guest->room) != 0)
    return;
  if (!g_error_matches (error, BK_XMPP_ERROR, BK_XMPP_ERROR_NICK_TAKEN) ||
      guest->link == NULL || guest->tries >= MAX_NICK_TRIES)
    {
      say_problem (guest, error->message);
      return;
    }
  guest->tries++;
  nick = g_strdup_printf ("%s (%u)", guest->name, guest->tries);
  g_debug ("%s is taken in %s: we join as %s", guest->name, guest->room, nick);
  g_clear_handle_id (&guest->sit_id, g_source_remove);
  g_signal_handlers_disconnect_by_data (guest->link, guest);
  g_clear_object (&guest->link);
  open_link (guest, nick);
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

/* The person sits down at once (no chair to pick: open the link, type a name, Join); at
 * the chair the kept token opens when there is one. */
static gboolean
sit_cb (gpointer data)
{
  Guest *guest = data;
  const BkNetStanza *seats = bk_friends_link_get_seats (guest->link);
  BkSeat chair;

  guest->sit_id = 0;
  if (seats == NULL || bk_friends_link_get_table (guest->link) != NULL)
    return G_SOURCE_REMOVE;
  if (guest->kept_token && guest->kept_seat < seats->n_seats &&
      seats->seats[guest->kept_seat].level == NULL)
    chair = guest->kept_seat;
  else
    chair = pick_chair (seats, guest->name);
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
  attach_token (guest);
  lobby = bk_lobby_new (guest->window, link);
  g_clear_handle_id (&guest->sit_id, g_source_remove);
  g_signal_handlers_disconnect_by_data (guest->link, guest);
  g_signal_handlers_disconnect_by_data (guest->client, guest);
  g_clear_object (&guest->link);
  g_clear_object (&guest->client);
  g_clear_object (&guest->account);
  bk_lobby_present (lobby);
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

/* Why the invitation made no account, in words that say what to do. The name taken says
 * so in the registration's own words ("choose another one"); a server's refusal otherwise
 * gets our sentence after its own. */
static char *
dup_account_problem (Guest        *guest,
                     const GError *error)
{
  g_autofree char *ours = NULL;

  if (g_error_matches (error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_TOKEN))
    return bk_guest_problem_dup_message (BK_GUEST_PROBLEM_TOKEN_SPENT, guest->host);
  if (!g_error_matches (error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_REFUSED) ||
      g_str_has_prefix (error->message,
                        _("This name is taken on this server: choose another one")))
    return g_strdup (error->message);
  ours = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_ACCOUNT_REFUSED, guest->host);
  return g_strdup_printf ("%s %s", error->message, ours);
}

/* The account the invitation makes: registered, kept (the keyring, the settings) and signed
 * in by BkAccount; then into the room under the name typed, as a guest does. */
static void
account_state_cb (BkAccount  *account,
                  GParamSpec *pspec,
                  Guest      *guest)
{
  g_autofree char *message = NULL;

  switch (bk_account_get_state (account))
    {
    case BK_ACCOUNT_STATE_REGISTERING:
      bk_guest_join_set_busy (guest->dialog, _("Making your account…"));
      break;
    case BK_ACCOUNT_STATE_CONNECTING:
      bk_guest_join_set_busy (guest->dialog, _("Signing in…"));
      break;
    case BK_ACCOUNT_STATE_CONNECTED:
      g_signal_handlers_disconnect_by_data (account, guest);
      g_clear_object (&guest->account);
      guest->client = g_object_ref (bk_account_get_client (account));
      g_signal_connect (guest->client, "room-error", G_CALLBACK (room_error_cb), guest);
      open_link (guest, guest->name);
      bk_guest_join_set_busy (guest->dialog, _("Waiting for the table"));
      g_debug ("%s joins %s with a new account", guest->name, guest->room);
      bk_friends_link_connect (guest->link);
      break;
    case BK_ACCOUNT_STATE_FORM:
      /* a CAPTCHA besides the invitation: the account's page shows such forms */
      bk_account_cancel_form (account);
      say_problem (guest, _("The server asks more before it makes an account: make it on "
                            "the Friends page of Preferences, then open the link again."));
      break;
    case BK_ACCOUNT_STATE_ERROR:
      message = dup_account_problem (guest, bk_account_get_error (account));
      say_problem (guest, message);
      break;
    case BK_ACCOUNT_STATE_NONE:
    case BK_ACCOUNT_STATE_OFFLINE:
    default:
      break;
    }
}

static void
join_with_account (Guest      *guest,
                   const char *name)
{
  BkAccount *account = bk_account_get_default ();
  g_autoptr (GError) error = NULL;

  guest->account = g_object_ref (account);
  g_signal_connect (account, "notify::state", G_CALLBACK (account_state_cb), guest);
  /* made at an earlier Join of this dialog (the room failed then): the token is spent on
   * it, the account is the person's now */
  if (bk_account_get_address (account) != NULL)
    {
      if (bk_account_get_state (account) == BK_ACCOUNT_STATE_CONNECTED)
        account_state_cb (account, NULL, guest);
      else
        bk_account_retry (account);
      return;
    }
  bk_guest_join_set_busy (guest->dialog, _("Making your account…"));
  if (!bk_account_create_from_invitation (account, guest->account_uri, name, guest_server,
                                          &error))
    say_problem (guest, error->message);
}

/* The server the guest logs in to, where the guest domain's DNS does not say: set by the
 * in-process tests, or $BIERKOPF_GUEST_SERVER (HOST:PORT) for the tests that start the app
 * itself (tests/e2e/guest-kill.sh: the fixture's loopback port). NULL: the domain's own. */
static const char *
guest_server_or_env (void)
{
  const char *env = g_getenv ("BIERKOPF_GUEST_SERVER");

  if (guest_server)
    return guest_server;
  return env && env[0] != '\0' ? env : NULL;
}

static void
join_cb (BkGuestJoin *dialog,
         const char  *name,
         Guest       *guest)
{
  g_autofree char *fingerprint = NULL;
  const char *server = guest_server_or_env ();

  drop (guest);
  bk_guest_join_set_problem (dialog, NULL);
  g_free (guest->name);
  guest->name = g_strdup (name);
  guest->tries = 1;
  if (guest->account_uri)
    {
      join_with_account (guest, name);
      return;
    }
  read_kept (guest);
  /* a bare domain and no password: SASL ANONYMOUS (docs/network.md) */
  guest->client = bk_xmpp_client_new (guest->guests, NULL, server, NULL);
  if (guest->client == NULL)
    {
      g_autofree char *message = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_REFUSED,
                                                               NULL);

      say_problem (guest, message);
      return;
    }
  fingerprint = bk_friends_dup_trusted_fingerprint (server ? server : guest->guests);
  bk_xmpp_client_set_trusted_fingerprint (guest->client, fingerprint);
  g_signal_connect (guest->client, "state-changed", G_CALLBACK (state_changed_cb), guest);
  g_signal_connect (guest->client, "room-error", G_CALLBACK (room_error_cb), guest);
  open_link (guest, name);
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
  BkTableInvitation link = { .room = (char *) room, .password = (char *) password,
                             .guests = (char *) guests };

  g_return_val_if_fail (BK_IS_WINDOW (window) && room != NULL && guests != NULL, NULL);
  return bk_friends_join_from_link (window, &link);
}

BkGuestJoin *
bk_friends_join_from_link (BkWindow                *window,
                           const BkTableInvitation *link)
{
  const BkGameView *view = link->game ? bk_game_view_lookup (link->game) : NULL;
  BkGuestJoin *dialog;
  Guest *guest;

  g_return_val_if_fail (BK_IS_WINDOW (window) && link != NULL && link->room != NULL, NULL);
  g_return_val_if_fail (link->guests != NULL || link->token != NULL, NULL);

  dialog = bk_guest_join_new (GTK_WINDOW (window));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  bk_window_fit_inside_parent (GTK_WINDOW (dialog));
  /* whose table and which game, as the link says: for the eye only (the room's <table/>
   * says it again, and what it plays is what the table plays) */
  bk_guest_join_set_table (dialog, link->host, view ? _(view->title) : NULL);
  guest = g_new0 (Guest, 1);
  g_set_weak_pointer (&guest->window, window);
  guest->dialog = dialog;
  guest->room = g_strdup (link->room);
  guest->password = g_strdup (link->password);
  guest->guests = g_strdup (link->guests);
  guest->host = g_strdup (link->host);
  guest->account_uri = bk_table_invitation_dup_account_uri (link);
  if (guest->account_uri)
    bk_guest_join_set_account (dialog, link->account);
  guest->kept_seat = BK_SEAT_NONE;
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
