/* bk-lobby.c: see bk-lobby.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-account.h"
#include "bk-friends-account.h"
#include "bk-friends-guest.h"
#include "bk-friends.h"
#include "bk-game-view.h"
#include "bk-lobby.h"
#include "bk-record.h"
#include "bk-table-link.h"
#include "bk-xmpp-invitation.h"

/* The strengths of the level row, in its order (as the window's computer players). */
static const char *const levels[] = { "heuristic", "pimc", "meister" };

struct _BkLobby
{
  AdwWindow            parent_instance;

  GtkLabel            *status_label;
  GtkWidget           *start_button;
  GtkWidget           *account_button;
  GtkWidget           *join_group;
  GtkWidget           *host_group;
  GtkWidget           *invite_group;
  AdwPreferencesGroup *chairs_group;
  AdwEntryRow         *join_row;
  AdwEntryRow         *invite_row;
  AdwEntryRow         *guest_row;
  AdwActionRow        *account_row;
  GtkWidget           *account_copy_button;
  char                *account_link; /* the table's link that also makes an account */
  char                *account_domain; /* …on this server (issue 32) */
  char                *account_token;  /* …with this token (XEP-0445), once */
  GCancellable        *cancellable;  /* its question to the server */
  AdwComboRow         *level_row;
  AdwActionRow        *link_row;
  GtkSwitch           *hints_switch;
  char                *shown_link; /* the invitation as the lobby shows and copies it */

  GPtrArray           *rows;     /* the chairs' rows */
  BkFriendsLink       *link;
  gboolean             back;     /* our own chair, kept for us, was claimed again */
  /* the table showed its hand before the lobby was presented: bk_lobby_present() lets
   * it go instead */
  gboolean             table_shown;
  /* watched (g_object_weak_ref): the lobby is its transient, and closes when it goes;
   * NULL once it went or the lobby was disposed, so late answers do nothing */
  BkWindow            *window;
};

G_DEFINE_FINAL_TYPE (BkLobby, bk_lobby, ADW_TYPE_WINDOW)

static void update (BkLobby *self);

static void
sit_clicked_cb (GtkButton *button,
                BkLobby   *self)
{
  /* the chair's number plus one: no data is no chair */
  guint chair = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "bk-chair")) - 1;

  bk_friends_link_sit (self->link, chair);
}

/* A chair's row: where it is, who sits there; a guest's free chair can be taken. */
static GtkWidget *
chair_row (BkLobby         *self,
           const BkRules   *rules,
           const BkNetSeat *seat,
           guint            chair,
           gboolean         mine,
           gboolean         any_free)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *place = bk_seat_dup_display_name (rules, chair);
  g_autofree char *who = NULL;
  /* a computer's chair from the end of the hand in play (docs/network.md 3.14); a chair
   * kept for us (we dropped and come back) is no other chair to pick: the lobby takes us
   * back to it by itself (issue 34, kept_chair()) */
  gboolean computer = seat->level != NULL && seat->nick == NULL;
  gboolean ours = g_strcmp0 (seat->nick, bk_friends_link_get_nick (self->link)) == 0;
  gboolean free_chair = (seat->nick == NULL && seat->level == NULL) || computer;

  if (mine || ours)
    who = g_strdup (_("You"));
  else if (seat->nick && seat->away)
    /* Translators: a player who dropped; the table waits for him */
    who = g_strdup_printf (_("%s, away"), seat->nick);
  else if (seat->nick)
    who = g_strdup (seat->nick);
  else if (seat->level && !bk_friends_link_is_host (self->link) &&
           bk_friends_link_get_table (self->link) == NULL)
    who = g_strdup (_("A computer player: a friend may take the chair for the next hand"));
  else if (seat->level)
    who = g_strdup (_("A computer player"));
  else if (bk_friends_link_is_host (self->link))
    who = g_strdup (_("Free: a computer player takes it at the start"));
  else
    who = g_strdup (_("Free"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), place);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), who);
  if (free_chair && !bk_friends_link_is_host (self->link) &&
      bk_friends_link_get_table (self->link) == NULL)
    {
      /* Alt+S takes the free chair; a computer's when no chair is free (several: it
       * goes from one to the next) */
      GtkWidget *button = computer && any_free ? gtk_button_new_with_label (_("Sit Here"))
                                               : gtk_button_new_with_mnemonic (_("_Sit Here"));
      /* Translators: the button of a free chair, e.g. "Sit at West" */
      g_autofree char *label = g_strdup_printf (_("Sit at %s"), place);

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      label, -1);
      /* the mnemonic's label names the button too: read once, "Sit at West", not
       * "Sit at West Sit Here" */
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (button),
                                     GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      g_object_set_data (G_OBJECT (button), "bk-chair", GUINT_TO_POINTER (chair + 1));
      g_signal_connect (button, "clicked", G_CALLBACK (sit_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
    }
  return row;
}

static void
update_chairs (BkLobby *self)
{
  const BkNetStanza *seats = self->link ? bk_friends_link_get_seats (self->link) : NULL;
  BkFriendsTable *table = self->link ? bk_friends_link_get_table (self->link) : NULL;
  g_autoptr (BkGame) header = NULL;
  BkSeat mine = table ? bk_friends_table_get_chair (table) : BK_SEAT_NONE;
  gboolean any_free = FALSE;

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->chairs_group, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  if (seats == NULL || (header = bk_record_replay (seats->record, NULL, NULL, NULL, NULL)) == NULL)
    return;
  for (guint c = 0; c < seats->n_seats; c++)
    any_free |= seats->seats[c].nick == NULL && seats->seats[c].level == NULL;
  for (guint c = 0; c < seats->n_seats; c++)
    {
      GtkWidget *row = chair_row (self, bk_game_get_rules (header), &seats->seats[c], c,
                                  c == mine, any_free);

      adw_preferences_group_add (self->chairs_group, row);
      g_ptr_array_add (self->rows, row);
    }
  /* the moment the chairs are shown (tests/e2e/bench-two-apps.sh) */
  g_debug ("The lobby shows %u chairs", seats->n_seats);
}

/* The chair the table keeps for us (our name there: we dropped and come back, section 7 of
 * docs/network.md), or BK_SEAT_NONE. */
static BkSeat
kept_chair (BkLobby *self)
{
  const BkNetStanza *seats = bk_friends_link_get_seats (self->link);
  const char *nick = bk_friends_link_get_nick (self->link);

  if (seats == NULL || nick == NULL || bk_friends_link_is_host (self->link) ||
      bk_friends_link_get_table (self->link) != NULL)
    return BK_SEAT_NONE;
  for (guint c = 0; c < seats->n_seats; c++)
    if (g_strcmp0 (seats->seats[c].nick, nick) == 0)
      return c;
  return BK_SEAT_NONE;
}

/* A guest's claim of a computer's chair that waits for the end of the hand: its words,
 * or NULL (docs/network.md 3.14: the chair shows our name beside the computer's level). */
static char *
claim_waiting_status (BkLobby *self)
{
  const BkNetStanza *seats = bk_friends_link_get_seats (self->link);
  BkFriendsTable *table = bk_friends_link_get_table (self->link);
  g_autoptr (BkGame) header = NULL;
  g_autofree char *place = NULL;
  BkSeat chair;

  if (table == NULL || bk_friends_table_is_host (table) || seats == NULL ||
      (chair = bk_friends_table_get_chair (table)) >= seats->n_seats ||
      seats->seats[chair].level == NULL || seats->seats[chair].away ||
      g_strcmp0 (seats->seats[chair].nick, bk_friends_link_get_nick (self->link)) != 0 ||
      (header = bk_record_replay (seats->record, NULL, NULL, NULL, NULL)) == NULL)
    return NULL;
  place = bk_seat_dup_display_name (bk_game_get_rules (header), chair);
  /* Translators: "A computer plays West until the end of the hand; then it is your chair" */
  return g_strdup_printf (_("A computer plays %s until the end of the hand; then it is your "
                            "chair"), place);
}

static void
hints_toggled_cb (BkLobby *self)
{
  BkFriendsTable *table = self->link ? bk_friends_link_get_table (self->link) : NULL;

  if (table && bk_friends_table_is_host (table))
    bk_friends_table_set_hints (table, gtk_switch_get_active (self->hints_switch));
}

/* The table's link with whose table and which game (display only, for the join dialog),
 * and with @token the invitation that makes an account on @domain (docs/network.md 2). */
static char *
dup_table_link (BkLobby    *self,
                const char *domain,
                const char *token)
{
  const char *invitation = bk_friends_link_get_invitation (self->link);
  const BkNetStanza *seats = bk_friends_link_get_seats (self->link);
  g_auto (BkTableInvitation) link = { 0 };
  g_autoptr (BkGame) header = NULL;

  if (invitation == NULL || !bk_table_invitation_parse (invitation, &link, NULL))
    return NULL;
  link.host = g_strdup (bk_friends_link_get_nick (self->link));
  if (seats && (header = bk_record_replay (seats->record, NULL, NULL, NULL, NULL)))
    link.game = g_strdup (bk_game_view_get (bk_game_get_rules (header)->game)->id);
  link.account = g_strdup (domain);
  link.token = g_strdup (token);
  return bk_table_invitation_dup_uri (&link);
}

/* The link to send: with a guest domain its clickable form (bierkopf:xmpp:…), which the
 * game opens for one without an account; who may come, said plainly (issue 32). */
static void
update_link (BkLobby    *self,
             const char *invitation)
{
  const char *guests = self->link ? bk_friends_link_get_guests (self->link) : NULL;
  g_autofree char *who = NULL;
  g_autofree char *link = NULL;

  g_clear_pointer (&self->shown_link, g_free);
  if (invitation == NULL)
    return;
  link = dup_table_link (self, NULL, NULL);
  if (link == NULL)
    link = g_strdup (invitation);
  if (self->account_token)
    {
      g_autofree char *account_link = dup_table_link (self, self->account_domain,
                                                      self->account_token);

      /* the game may come after the invitation */
      if (account_link)
        {
          g_free (self->account_link);
          self->account_link = g_strconcat (BK_TABLE_LINK_SCHEME, account_link, NULL);
          adw_action_row_set_subtitle (self->account_row, self->account_link);
        }
    }
  if (guests)
    {
      self->shown_link = g_strconcat (BK_TABLE_LINK_SCHEME, link, NULL);
      /* Translators: %s is a domain, e.g. guest.example.org */
      who = g_strdup_printf (_("Anyone with the link can come, without an account (as a "
                               "guest of %s)"), guests);
    }
  else
    {
      self->shown_link = g_steal_pointer (&link);
      who = g_strdup (_("Only people with an XMPP account can come: to let others in, enter "
                        "a guest domain for your next table"));
    }
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->invite_group), who);
}

static void
update (BkLobby *self)
{
  gboolean host = self->link && bk_friends_link_is_host (self->link);
  const char *invitation = self->link ? bk_friends_link_get_invitation (self->link) : NULL;
  g_autofree char *waiting = self->link ? claim_waiting_status (self) : NULL;

  update_link (self, invitation);

  gtk_label_set_text (self->status_label,
                      waiting ? waiting
                      : self->link ? bk_friends_link_get_status (self->link)
                                   : _("Paste the invitation link a friend sent you"));
  gtk_widget_set_visible (self->join_group, self->link == NULL);
  gtk_widget_set_visible (self->host_group, host);
  gtk_widget_set_visible (self->invite_group, host && invitation != NULL);
  gtk_widget_set_visible (self->start_button, host);
  gtk_widget_set_sensitive (self->start_button, host && bk_friends_link_get_table (self->link));
  adw_action_row_set_subtitle (self->link_row, self->shown_link ? self->shown_link : "");
  update_chairs (self);
}

/* The table dealt its first hand into the window: the lobby has done its part. A chair
 * taken back mid-hand can show the hand while bk_lobby_new() is still making the lobby
 * (when the hand reached the link first): gtk_window_close() does nothing to a window not
 * yet shown, and the lobby stayed over the table in play; its maker lets it go instead
 * (bk_lobby_present()). */
static void
table_shown_cb (BkLobby *self)
{
  if (!gtk_widget_get_visible (GTK_WIDGET (self)))
    {
      self->table_shown = TRUE;
      return;
    }
  gtk_window_close (GTK_WINDOW (self));
}

static void
link_changed_cb (BkLobby *self)
{
  BkFriendsTable *table = bk_friends_link_get_table (self->link);

  /* the table plays in the window from its first hand on */
  if (table && self->window && g_object_get_data (G_OBJECT (table), "bk-lobby") == NULL)
    {
      g_object_set_data (G_OBJECT (table), "bk-lobby", self);
      bk_friends_table_set_window (table, self->window);
      g_signal_connect_object (table, "shown", G_CALLBACK (table_shown_cb), self,
                               G_CONNECT_SWAPPED);
    }
  /* back after a drop: to our own chair at once, once */
  if (!self->back && kept_chair (self) != BK_SEAT_NONE)
    {
      self->back = TRUE;
      bk_friends_link_sit (self->link, kept_chair (self));
    }
  /* a table taken up again keeps the rule its host chose */
  if (table && bk_friends_table_is_host (table))
    gtk_switch_set_active (self->hints_switch,
                           bk_table_host_get_hints (bk_friends_table_get_host (table)));
  update (self);
}

static void
set_link (BkLobby       *self,
          BkFriendsLink *link)
{
  g_return_if_fail (self->window != NULL);

  self->link = g_object_ref (link);
  /* the window keeps the table's link once the lobby is gone */
  g_object_set_data_full (G_OBJECT (self->window), "bk-friends-link", g_object_ref (link),
                          g_object_unref);
  g_signal_connect_object (link, "changed", G_CALLBACK (link_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (link, "seated", G_CALLBACK (link_changed_cb), self,
                           G_CONNECT_SWAPPED);
  link_changed_cb (self);
}

/* The account said why it is not online: a lobby without an account offers its page. */
static void
show_account_error (BkLobby      *self,
                    const GError *error)
{
  gtk_label_set_text (self->status_label, error->message);
  gtk_widget_set_visible (self->account_button,
                          g_error_matches (error, BK_ACCOUNT_ERROR,
                                           BK_ACCOUNT_ERROR_NO_ACCOUNT));
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  g_autoptr (BkLobby) self = data;
  g_autofree char *room = NULL;
  g_autofree char *password = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppClient) client = bk_friends_account_connect_finish (result, &error);
  g_autoptr (BkFriendsLink) link = NULL;

  /* the window (and with it the lobby) went while the account answered */
  if (self->link != NULL || self->window == NULL ||
      gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  if (client == NULL)
    {
      show_account_error (self, error);
      return;
    }
  if (!bk_friends_parse_invitation (gtk_editable_get_text (GTK_EDITABLE (self->join_row)),
                                    &room, &password))
    return;
  gtk_widget_set_visible (self->account_button, FALSE);
  link = bk_friends_link_new_guest (client, room, password);
  set_link (self, link);
  bk_friends_link_connect (link);
}

static void
join_apply_cb (BkLobby *self)
{
  g_auto (BkTableInvitation) link = { 0 };
  g_autoptr (GError) error = NULL;

  if (!bk_table_invitation_parse (gtk_editable_get_text (GTK_EDITABLE (self->join_row)),
                                  &link, &error))
    {
      gtk_label_set_text (self->status_label, error->message);
      return;
    }
  /* issue 32: a link that lets guests in or makes an account, and no account: the join
   * dialog in our place */
  if ((link.guests || link.token) && self->window &&
      bk_account_get_address (bk_account_get_default ()) == NULL)
    {
      BkWindow *window = self->window;

      gtk_window_destroy (GTK_WINDOW (self));
      bk_friends_join_from_link (window, &link);
      return;
    }
  bk_friends_account_connect_async (GTK_WINDOW (self), FALSE, connected_cb,
                                    g_object_ref (self));
}

/* Set Up Account: Preferences on the Friends page; the lobby joins once signed in. */
static void
account_clicked_cb (BkLobby *self)
{
  bk_friends_account_connect_async (GTK_WINDOW (self), TRUE, connected_cb,
                                    g_object_ref (self));
}

static void
start_clicked_cb (BkLobby *self)
{
  BkFriendsTable *table = bk_friends_link_get_table (self->link);
  guint level = adw_combo_row_get_selected (self->level_row);
  g_autoptr (GError) error = NULL;

  if (table == NULL)
    return;
  if (!bk_friends_table_start (table, levels[MIN (level, G_N_ELEMENTS (levels) - 1)], &error))
    {
      gtk_label_set_text (self->status_label, error->message);
      return;
    }
  gtk_widget_set_sensitive (self->start_button, FALSE);
  gtk_label_set_text (self->status_label, _("The table starts once every friend sits"));
}

static void
copy_clicked_cb (BkLobby *self)
{
  const char *invitation = self->shown_link;

  if (invitation == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), invitation);
  gtk_label_set_text (self->status_label, _("The link is copied: send it to your friends"));
}

static void
invite_apply_cb (BkLobby *self)
{
  const char *jid = gtk_editable_get_text (GTK_EDITABLE (self->invite_row));
  g_autofree char *text = NULL;

  if (strchr (jid, '@') == NULL)
    {
      gtk_label_set_text (self->status_label, _("An address looks like name@example.org"));
      return;
    }
  bk_friends_link_invite (self->link, jid);
  /* Translators: an address a direct invitation was sent to */
  text = g_strdup_printf (_("Invited %s"), jid);
  gtk_label_set_text (self->status_label, text);
  gtk_editable_set_text (GTK_EDITABLE (self->invite_row), "");
}

/* The guest domain of the tables opened from now on (the room of this one is made). */
static void
guest_apply_cb (BkLobby *self)
{
  g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");
  g_autofree char *domain = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (
                                                    self->guest_row))));
  g_autofree char *text = NULL;

  if (*domain != '\0' && !bk_table_link_is_guest_domain (domain))
    {
      gtk_label_set_text (self->status_label,
                          _("A guest domain looks like guest.example.org"));
      return;
    }
  g_settings_set_string (friends, "guest-domain", domain);
  if (*domain != '\0')
    /* Translators: %s is a domain, e.g. guest.example.org */
    text = g_strdup_printf (_("The tables you open from now on take guests of %s"), domain);
  else
    text = g_strdup (_("The tables you open from now on take guests if your server has a "
                       "guest domain"));
  gtk_label_set_text (self->status_label, text);
}

static void
account_invited_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *uri = bk_xmpp_client_create_invitation_finish (BK_XMPP_CLIENT (source),
                                                                  result, &error);
  g_autoptr (BkLobby) self = data;
  g_autofree char *domain = NULL;
  g_autofree char *token = NULL;
  g_autofree char *link = NULL;

  /* the lobby went before the answer */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
      gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  gtk_widget_set_sensitive (GTK_WIDGET (self->account_row), TRUE);
  /* one link: the table's, with the server's invitation in it (docs/network.md 2) */
  if (uri && bk_xmpp_invitation_parse (uri, &domain, NULL, &token, &error))
    link = dup_table_link (self, domain, token);
  if (link == NULL)
    {
      gtk_label_set_text (self->status_label,
                          error ? error->message : _("Your server made no invitation"));
      return;
    }
  g_free (self->account_domain);
  self->account_domain = g_steal_pointer (&domain);
  g_free (self->account_token);
  self->account_token = g_steal_pointer (&token);
  g_free (self->account_link);
  self->account_link = g_strconcat (BK_TABLE_LINK_SCHEME, link, NULL);
  adw_action_row_set_subtitle (self->account_row, self->account_link);
  gtk_widget_set_visible (self->account_copy_button, TRUE);
  gtk_label_set_text (self->status_label,
                      _("Send this link to one friend: it makes an account on your server "
                        "and brings your friend to this table"));
}

/* Invite with a New Account: the host's server makes an invitation (XEP-0401). */
static void
account_invite_cb (BkLobby *self)
{
  BkXmppClient *client = self->link ? bk_friends_link_get_client (self->link) : NULL;

  if (client == NULL)
    return;
  gtk_widget_set_sensitive (GTK_WIDGET (self->account_row), FALSE);
  gtk_label_set_text (self->status_label, _("Asking your server for an invitation…"));
  bk_xmpp_client_create_invitation_async (client, self->cancellable, account_invited_cb,
                                          g_object_ref (self));
}

static void
account_copy_cb (BkLobby *self)
{
  if (self->account_link == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), self->account_link);
  gtk_label_set_text (self->status_label,
                      _("The link is copied: it makes one friend an account"));
}

/* The game window is going: the lobby lets go of it first (its transient-for, else GTK
 * disconnects from the freed window at the lobby's last unref, which a late answer of the
 * account may hold) and closes; not destroy-with-parent for that same reason. */
static void
window_gone_cb (gpointer  data,
                GObject  *window)
{
  BkLobby *self = data;

  self->window = NULL;
  gtk_window_set_transient_for (GTK_WINDOW (self), NULL);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
bk_lobby_dispose (GObject *object)
{
  BkLobby *self = BK_LOBBY (object);

  if (self->window)
    {
      /* a guest who closes the lobby before sitting leaves the room (the window's link,
       * the last one left, goes: bk-friends-link.c leaves it), not at the next join */
      if (self->link && !bk_friends_link_is_host (self->link) &&
          bk_friends_link_get_table (self->link) == NULL &&
          g_object_get_data (G_OBJECT (self->window), "bk-friends-link") == self->link)
        bk_friends_leave (self->window);
      g_object_weak_unref (G_OBJECT (self->window), window_gone_cb, self);
      self->window = NULL;
    }
  g_clear_object (&self->link);
  g_clear_pointer (&self->shown_link, g_free);
  g_clear_pointer (&self->account_link, g_free);
  g_clear_pointer (&self->account_domain, g_free);
  g_clear_pointer (&self->account_token, g_free);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), BK_TYPE_LOBBY);
  G_OBJECT_CLASS (bk_lobby_parent_class)->dispose (object);
}

static void
bk_lobby_finalize (GObject *object)
{
  g_ptr_array_unref (BK_LOBBY (object)->rows);
  G_OBJECT_CLASS (bk_lobby_parent_class)->finalize (object);
}

static void
bk_lobby_class_init (BkLobbyClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_lobby_dispose;
  object_class->finalize = bk_lobby_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/bk-lobby.ui");
  gtk_widget_class_bind_template_child (widget_class, BkLobby, status_label);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, start_button);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, account_button);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, join_group);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, host_group);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, invite_group);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, chairs_group);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, join_row);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, invite_row);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, guest_row);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, account_row);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, account_copy_button);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, level_row);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, link_row);
  gtk_widget_class_bind_template_child (widget_class, BkLobby, hints_switch);
  gtk_widget_class_bind_template_callback (widget_class, hints_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, copy_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, invite_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, guest_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, account_invite_cb);
  gtk_widget_class_bind_template_callback (widget_class, account_copy_cb);
  gtk_widget_class_bind_template_callback (widget_class, join_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, account_clicked_cb);
}

static void
bk_lobby_init (BkLobby *self)
{
  g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");
  g_autofree char *guests = g_settings_get_string (friends, "guest-domain");

  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
  self->cancellable = g_cancellable_new ();
  /* the strongest by default, as the game alone */
  adw_combo_row_set_selected (self->level_row, G_N_ELEMENTS (levels) - 1);
  gtk_editable_set_text (GTK_EDITABLE (self->guest_row), guests);
}

BkLobby *
bk_lobby_new (BkWindow      *window,
              BkFriendsLink *link)
{
  BkLobby *self;

  g_return_val_if_fail (BK_IS_WINDOW (window), NULL);
  g_return_val_if_fail (link == NULL || BK_IS_FRIENDS_LINK (link), NULL);

  self = g_object_new (BK_TYPE_LOBBY, "transient-for", window, NULL);
  self->window = window;
  g_object_weak_ref (G_OBJECT (window), window_gone_cb, self);
  if (link)
    set_link (self, link);
  else
    update (self);
  return self;
}

void
bk_lobby_present (BkLobby *self)
{
  g_return_if_fail (BK_IS_LOBBY (self));

  if (self->table_shown)
    gtk_window_destroy (GTK_WINDOW (self));
  else
    gtk_window_present (GTK_WINDOW (self));
}

gboolean
bk_lobby_is_done (BkLobby *self)
{
  g_return_val_if_fail (BK_IS_LOBBY (self), FALSE);

  return self->table_shown;
}

void
bk_lobby_set_account_error (BkLobby      *self,
                            const char   *uri,
                            const GError *error)
{
  g_return_if_fail (BK_IS_LOBBY (self) && self->link == NULL && error != NULL);

  if (uri != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->join_row), uri);
  show_account_error (self, error);
}

BkFriendsLink *
bk_lobby_get_link (BkLobby *self)
{
  g_return_val_if_fail (BK_IS_LOBBY (self), NULL);
  return self->link;
}

const char *
bk_lobby_get_shown_link (BkLobby *self)
{
  g_return_val_if_fail (BK_IS_LOBBY (self), NULL);
  return self->shown_link;
}

const char *
bk_lobby_get_who_may_come (BkLobby *self)
{
  g_return_val_if_fail (BK_IS_LOBBY (self), NULL);
  return self->shown_link
         ? adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (self->invite_group))
         : NULL;
}

const char *
bk_lobby_get_account_link (BkLobby *self)
{
  g_return_val_if_fail (BK_IS_LOBBY (self), NULL);
  return self->account_link;
}
