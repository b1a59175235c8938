/* bk-friends.c: see bk-friends.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-account.h"
#include "bk-friends-account.h"
#include "bk-friends-guest.h"
#include "bk-friends.h"
#include "bk-guest-probe.h"
#include "bk-lobby.h"
#include "bk-settings.h"
#include "bk-table-link.h"

/* What a table waits for while the account connects. */
typedef struct {
  BkWindow     *window;
  char         *game_id;  /* the host's game, or NULL */
  char         *uri;      /* the guest's invitation, or NULL */
  char         *room;
  char         *password;
  char         *guests;   /* the link's (the host's: its own) guest domain, or NULL */
  BkXmppClient *client;   /* the host's account, while its guest domain is asked */
} Asked;

static void
asked_free (Asked *asked)
{
  /* the lobby (or what told why not) covers the game from now on */
  bk_window_release (asked->window);
  g_object_unref (asked->window);
  g_free (asked->game_id);
  g_free (asked->uri);
  g_free (asked->room);
  g_free (asked->password);
  g_free (asked->guests);
  g_clear_object (&asked->client);
  g_free (asked);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Asked, asked_free)

/* What the table waits for, made: the person's game alone stands still meanwhile (issue
 * 34: it played on while the account connected, before the lobby covered it). */
static Asked *
asked_new (BkWindow *window)
{
  Asked *asked = g_new0 (Asked, 1);

  asked->window = g_object_ref (window);
  bk_window_hold (window);
  return asked;
}

/* The host's table, its room beside @guests (NULL: for those with an account alone). */
static void
open_lobby (Asked        *asked,
            BkXmppClient *client,
            const char   *guests)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkFriendsLink) link = NULL;
  BkRules rules;

  bk_settings_get_rules_for (settings, asked->game_id, &rules);
  game = bk_game_new (&rules, ((guint64) g_random_int () << 32) | g_random_int ());
  link = bk_friends_link_new_host_for_guests (client, game, guests);
  bk_lobby_present (bk_lobby_new (asked->window, link));
  bk_friends_link_connect (link);
}

static void
probed_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr (Asked) asked = data;
  g_autoptr (BkXmppClient) client = g_steal_pointer (&asked->client);
  g_autoptr (GError) error = NULL;
  gboolean guests = bk_guest_probe_finish (result, &error);

  if (!guests)
    g_message ("No guests on %s: %s", asked->guests, error->message);
  open_lobby (asked, client, guests ? asked->guests : NULL);
}

static void
open_connected_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr (Asked) asked = data;
  g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppClient) client = bk_friends_account_connect_finish (result, &error);
  g_autofree char *guests = g_settings_get_string (friends, "guest-domain");
  BkAccount *account = bk_account_get_default ();

  if (client == NULL)
    {
      bk_window_show_toast (asked->window, error->message);
      return;
    }
  /* issue 32: the lobby's guest domain, else the usual one beside the account's; taken
   * once a login there shows that guests can come (bounded: bk-guest-probe.h) */
  if (*guests == '\0')
    {
      g_free (guests);
      guests = bk_guest_probe_dup_default_domain (bk_account_get_address (account));
    }
  if (guests == NULL || !bk_table_link_is_guest_domain (guests))
    {
      open_lobby (asked, client, NULL);
      return;
    }
  asked->client = g_steal_pointer (&client);
  asked->guests = g_strdup (guests);
  bk_guest_probe_async (guests, bk_account_get_server (account), NULL, probed_cb,
                        g_steal_pointer (&asked));
}

void
bk_friends_open_table (BkWindow   *window,
                       const char *game_id)
{
  Asked *asked;

  g_return_if_fail (BK_IS_WINDOW (window) && game_id != NULL);

  asked = asked_new (window);
  asked->game_id = g_strdup (game_id);
  bk_friends_account_connect_async (GTK_WINDOW (window), TRUE, open_connected_cb, asked);
}

static void
join_connected_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr (Asked) asked = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppClient) client = bk_friends_account_connect_finish (result, &error);
  g_autoptr (BkFriendsLink) link = NULL;
  BkLobby *lobby;

  /* no account in the keyring after all: a link that lets guests in needs none */
  if (client == NULL && asked->guests &&
      g_error_matches (error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_NO_ACCOUNT))
    {
      bk_friends_join_as_guest (asked->window, asked->room, asked->password, asked->guests);
      return;
    }
  if (client == NULL)
    {
      /* the lobby keeps the link, says why and offers the account's page: without an
       * account, that the link needs one (issue 32) */
      if (g_error_matches (error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_NO_ACCOUNT))
        {
          g_autofree char *message =
            bk_guest_problem_dup_message (BK_GUEST_PROBLEM_NEEDS_ACCOUNT, NULL);

          g_clear_error (&error);
          g_set_error_literal (&error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_NO_ACCOUNT, message);
        }
      lobby = bk_lobby_new (asked->window, NULL);
      bk_lobby_set_account_error (lobby, asked->uri, error);
      bk_lobby_present (lobby);
      return;
    }
  link = bk_friends_link_new_guest (client, asked->room, asked->password);
  bk_lobby_present (bk_lobby_new (asked->window, link));
  bk_friends_link_connect (link);
}

void
bk_friends_join_table (BkWindow   *window,
                       const char *uri)
{
  g_auto (BkTableInvitation) parsed = { 0 };
  g_autoptr (GError) error = NULL;
  BkFriendsLink *link;
  Asked *asked;

  g_return_if_fail (BK_IS_WINDOW (window));

  /* A room of an earlier lobby, closed before its person sat, is left first: else the new
   * join (the same nickname) shares the old occupant, whose leaving then takes it out. */
  link = g_object_get_data (G_OBJECT (window), "bk-friends-link");
  if (link && !bk_friends_link_is_host (link) && bk_friends_link_get_table (link) == NULL)
    bk_friends_leave (window);
  if (uri == NULL)
    {
      bk_lobby_present (bk_lobby_new (window, NULL));
      return;
    }
  /* one reading of a link for the app and the command line (docs/network.md 2) */
  if (!bk_table_invitation_parse (uri, &parsed, &error))
    {
      bk_window_show_toast (window, error->message);
      return;
    }
  /* issue 32: a person with no account saved and a link that lets guests in, or makes an
   * account, gets the one dialog (name, Join); the keyring is not even asked */
  if ((parsed.guests || parsed.token) && bk_account_get_address (bk_account_get_default ()) == NULL)
    {
      bk_friends_join_from_link (window, &parsed);
      return;
    }
  asked = asked_new (window);
  asked->uri = g_strdup (uri);
  asked->room = g_steal_pointer (&parsed.room);
  asked->password = g_steal_pointer (&parsed.password);
  asked->guests = g_steal_pointer (&parsed.guests);
  /* with a guest domain, no account is no reason to show the account's page */
  bk_friends_account_connect_async (GTK_WINDOW (window), asked->guests == NULL,
                                    join_connected_cb, asked);
}

/* A hand alone in play: dealt, and neither over nor at a table. */
static gboolean
is_hand_alone_in_play (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);
  BkPhase phase = game ? bk_game_get_phase (game) : BK_PHASE_NEW;

  return !bk_window_is_at_table (window) &&
         (phase == BK_PHASE_BIDDING || phase == BK_PHASE_PLAYING);
}

static void
join_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  BkWindow         *window)
{
  if (g_str_equal (response, "join"))
    bk_friends_join_table (window, g_object_get_data (G_OBJECT (dialog), "bk-uri"));
}

void
bk_friends_join_running (BkWindow   *window,
                         const char *uri)
{
  BkFriendsLink *link;
  AdwMessageDialog *dialog;

  g_return_if_fail (BK_IS_WINDOW (window) && uri != NULL);

  link = g_object_get_data (G_OBJECT (window), "bk-friends-link");
  /* a lobby not sat at is left for the new one, as the chooser's Join a Table does */
  if (bk_window_is_at_table (window) || (link && bk_friends_link_get_table (link)))
    {
      bk_window_show_toast (window, _("Leave this table first to join another one"));
      return;
    }
  if (!is_hand_alone_in_play (window))
    {
      bk_friends_join_table (window, uri);
      return;
    }
  dialog = ADW_MESSAGE_DIALOG (
    adw_message_dialog_new (GTK_WINDOW (window), _("Join the Table?"),
                            _("A friend’s invitation came in while you play a hand alone. "
                              "Your game alone is saved before you sit down at the table.")));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"),
                                    "join", _("_Join the Table"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "join", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "join");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "bk-uri", g_strdup (uri), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (join_response_cb), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* --- hostquit: leaving and coming back (issue 24, docs/network.md §7) --- */

#define QUIT_ANSWERED "bk-friends-quit-answered"

/* The window's table's room is left: the link goes (bk-friends-link.c leaves the room). */
void
bk_friends_leave (BkWindow *window)
{
  BkFriendsTable *table;

  g_return_if_fail (BK_IS_WINDOW (window));
  /* the table no longer takes its hands into the window */
  table = g_object_get_data (G_OBJECT (window), "bk-friends-table");
  if (table)
    bk_friends_table_set_window (table, NULL);
  g_object_set_data (G_OBJECT (window), "bk-friends-table", NULL);
  g_object_set_data (G_OBJECT (window), "bk-friends-link", NULL);
}

static void
quit_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  BkWindow         *window)
{
  BkFriendsTable *table = g_object_get_data (G_OBJECT (window), "bk-friends-table");

  if (g_str_equal (response, "close") && table)
    bk_friends_table_close (table);
  else if (!g_str_equal (response, "keep"))
    return;
  g_object_set_data (G_OBJECT (window), QUIT_ANSWERED, GINT_TO_POINTER (TRUE));
  gtk_window_close (GTK_WINDOW (window));
}

void
bk_friends_keep_table (BkWindow *window)
{
  g_return_if_fail (BK_IS_WINDOW (window));
  g_object_set_data (G_OBJECT (window), QUIT_ANSWERED, GINT_TO_POINTER (TRUE));
}

gboolean
bk_friends_close_request (BkWindow *window)
{
  BkFriendsTable *table;
  AdwMessageDialog *dialog;

  g_return_val_if_fail (BK_IS_WINDOW (window), FALSE);

  table = g_object_get_data (G_OBJECT (window), "bk-friends-table");
  if (table && bk_friends_table_is_host (table) && !bk_friends_table_is_finished (table) &&
      g_object_get_data (G_OBJECT (window), QUIT_ANSWERED) == NULL)
    {
      dialog = ADW_MESSAGE_DIALOG (
        adw_message_dialog_new (GTK_WINDOW (window), _("Close the Table?"),
                                _("Your friends are still at the table. Close it for "
                                  "everyone, or keep it for later: at its next start "
                                  "Bierkopf asks whether to open it again, and your "
                                  "friends wait for you.")));
      adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"),
                                        "keep", _("_Keep It for Later"),
                                        "close", _("C_lose the Table"), NULL);
      adw_message_dialog_set_response_appearance (dialog, "close",
                                                  ADW_RESPONSE_DESTRUCTIVE);
      adw_message_dialog_set_default_response (dialog, "keep");
      adw_message_dialog_set_close_response (dialog, "cancel");
      g_signal_connect_object (dialog, "response", G_CALLBACK (quit_response_cb), window, 0);
      gtk_window_present (GTK_WINDOW (dialog));
      return TRUE;
    }
  /* a guest, or a host who answered: out of the room cleanly */
  bk_friends_leave (window);
  return FALSE;
}
