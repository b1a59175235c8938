/* test-guest-join.c: what a person without an account sees of a friend's link (issue 32),
 * without a network: the link's forms (the clickable bierkopf: one, the xmpp: one, the
 * guest domain) from the command line and the app's ways in; the join dialog prefilled
 * (the last name used, else the system's real name), an empty name refused, Return joins
 * and keeps the name; the plain words of the ways in that fail.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "bk-application.h"
#include "bk-friends-guest.h"
#include "bk-friends-link.h"
#include "bk-friends.h"
#include "bk-guest-join.h"
#include "bk-lobby.h"
#include "friends-test-common.h"
#include "shots-common.h"
#include "ui-test-helpers.h"

#define ROOM "bierkopf-0@conference.example.org"
#define LINK "xmpp:" ROOM "?join;password=abc;guests=guest.example.org"

/* The first widget of @type in @widget's tree (@widget itself too), or NULL. */
static GtkWidget *
find_child (GtkWidget *widget,
            GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_child (child, type);

      if (found)
        return found;
    }
  return NULL;
}

/* Whether a label in @widget's tree says @text. */
static gboolean
has_label (GtkWidget  *widget,
           const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;
  return FALSE;
}

static AdwEntryRow *
name_row (BkGuestJoin *dialog)
{
  return ADW_ENTRY_ROW (find_child (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW));
}

/* Return in the name field, as the keyboard gives it (GtkText's ::activate). */
static void
press_return (BkGuestJoin *dialog)
{
  g_signal_emit_by_name (find_child (GTK_WIDGET (name_row (dialog)), GTK_TYPE_TEXT),
                         "activate");
}

static gboolean
join_enabled (BkGuestJoin *dialog)
{
  GtkWidget *button = friends_test_find_button (GTK_WIDGET (dialog), _("_Join"));

  g_assert_nonnull (button);
  return gtk_widget_is_sensitive (button);
}

static void
joined_cb (BkGuestJoin *dialog,
           const char  *name,
           char       **joined)
{
  g_free (*joined);
  *joined = g_strdup (name);
}

static void
set_last_name (const char *name)
{
  g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");

  g_settings_set_string (friends, "guest-name", name);
}

/* Both forms of the link, the guest domain or none; what is no link is refused. */
static void
test_link_parse (void)
{
  static const char *const refused[] = {
    "bierkopf:" ROOM,                                  /* the scheme wraps an xmpp: URI */
    "bierkopf:https://example.org/",
    "xmpp:" ROOM "?join;guests=someone@guest.example.org",
    "xmpp:" ROOM "?join;guests=guest.example.org/res",
    "xmpp:" ROOM "?join;guests=",
    "xmpp:" ROOM "?join;guests=guest.example.org:5222",
    "bierkopf:xmpp:nobody",
    "",
  };
  static const char *const links[] = {
    "bierkopf:" LINK,
    "  BIERKOPF:" LINK " ",
    LINK,
    "xmpp:" ROOM "?join;guests=guest.example.org;password=abc",
    "xmpp:" ROOM "?join;password=abc;guests=guest%2Eexample.org",
  };

  for (guint i = 0; i < G_N_ELEMENTS (links); i++)
    {
      g_autofree char *room = NULL;
      g_autofree char *password = NULL;
      g_autofree char *guests = NULL;

      g_test_message ("%s", links[i]);
      g_assert_true (bk_friends_parse_link (links[i], &room, &password, &guests));
      g_assert_cmpstr (room, ==, ROOM);
      g_assert_cmpstr (password, ==, "abc");
      g_assert_cmpstr (guests, ==, "guest.example.org");
    }
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      char *room = NULL, *password = NULL, *guests = NULL;

      g_test_message ("refused: %s", refused[i]);
      g_assert_false (bk_friends_parse_link (refused[i], &room, &password, &guests));
      g_assert_null (room);
      g_assert_null (password);
      g_assert_null (guests);
    }
  /* no guest domain: a link for accounts, as before (also in the clickable form) */
  {
    g_autofree char *room = NULL;
    g_autofree char *password = NULL;
    g_autofree char *guests = NULL;

    g_assert_true (bk_friends_parse_link ("bierkopf:xmpp:" ROOM "?join;password=abc", &room,
                                          &password, &guests));
    g_assert_cmpstr (room, ==, ROOM);
    g_assert_null (guests);
    g_clear_pointer (&room, g_free);
    g_clear_pointer (&password, g_free);
    g_assert_true (bk_friends_parse_invitation ("bierkopf:" LINK, &room, &password));
    g_assert_cmpstr (room, ==, ROOM);
  }
  /* the command line takes the game's own links, never another scheme's */
  g_assert_true (bk_application_is_link ("bierkopf:" LINK));
  g_assert_true (bk_application_is_link ("Bierkopf:" LINK));
  g_assert_false (bk_application_is_link (LINK));
  g_assert_false (bk_application_is_link ("--join"));
  g_assert_false (bk_application_is_link ("bierkopf"));
}

static gboolean
has_guest_join (gpointer data)
{
  return ui_find_toplevel (BK_TYPE_GUEST_JOIN, NULL) != NULL;
}

static gboolean
has_lobby (gpointer data)
{
  return ui_find_toplevel (BK_TYPE_LOBBY, NULL) != NULL;
}

static gboolean
has_preferences (gpointer data)
{
  return ui_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW, NULL) != NULL;
}

/* `bierkopf bierkopf:xmpp:…` (a click on the link): the app starts and, with no account,
 * shows the join dialog, nothing else. */
static void
quit_cb (GApplication *app)
{
  if (has_guest_join (NULL))
    g_object_set_data (G_OBJECT (app), "bk-seen", GINT_TO_POINTER (TRUE));
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
}

static gboolean
check_cb (gpointer data)
{
  GApplication *app = data;

  gint64 *end = g_object_get_data (G_OBJECT (app), "bk-end");

  if (!has_guest_join (NULL) && g_get_monotonic_time () < *end)
    return G_SOURCE_CONTINUE;
  g_assert_false (has_preferences (NULL));
  quit_cb (app);
  return G_SOURCE_REMOVE;
}

static void
test_command_line (void)
{
  g_autoptr (BkApplication) app = bk_application_new ();
  char *argv[] = { "bierkopf", "bierkopf:" LINK, NULL };
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  set_last_name ("");
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_COMMAND_LINE);
  g_object_set_data (G_OBJECT (app), "bk-end", &end);
  g_timeout_add (50, check_cb, app);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, argv), ==, 0);
  g_assert_true (g_object_get_data (G_OBJECT (app), "bk-seen"));
}

/* The app's ways to a link: with no account, one with a guest domain opens the dialog, one
 * without asks for the account as before (also in the clickable form). */
static void
test_join_without_account (void)
{
  BkWindow *window = ui_new_shown_window ();
  GtkWidget *dialog;

  bk_friends_join_table (window, "bierkopf:" LINK);
  g_assert_true (friends_test_spin_until (has_guest_join, NULL));
  dialog = ui_find_toplevel (BK_TYPE_GUEST_JOIN, NULL);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_false (has_preferences (NULL));
  g_assert_null (ui_find_toplevel (BK_TYPE_LOBBY, NULL));
  /* Escape closes it, and nothing else comes */
  g_assert_true (ui_press_shortcut (dialog, GDK_KEY_Escape, 0));
  ui_spin_for (G_USEC_PER_SEC / 5);
  g_assert_false (has_guest_join (NULL));
  g_assert_false (has_preferences (NULL));

  /* Join a Table (the chooser's lobby): a pasted link that lets guests in gives the dialog
   * in the lobby's place */
  bk_friends_join_table (window, NULL);
  g_assert_true (friends_test_spin_until (has_lobby, NULL));
  {
    GtkWidget *lobby = ui_find_toplevel (BK_TYPE_LOBBY, NULL);
    GtkWidget *row = find_child (lobby, ADW_TYPE_ENTRY_ROW);

    gtk_editable_set_text (GTK_EDITABLE (row), LINK);
    g_signal_emit_by_name (row, "apply");
  }
  g_assert_true (friends_test_spin_until (has_guest_join, NULL));
  g_assert_null (ui_find_toplevel (BK_TYPE_LOBBY, NULL));
  g_assert_false (has_preferences (NULL));
  gtk_window_destroy (GTK_WINDOW (ui_find_toplevel (BK_TYPE_GUEST_JOIN, NULL)));

  bk_friends_join_table (window, "bierkopf:xmpp:" ROOM "?join;password=abc");
  g_assert_true (friends_test_spin_until (has_preferences, NULL));
  g_assert_false (has_guest_join (NULL));
  gtk_window_destroy (GTK_WINDOW (ui_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW, NULL)));
  /* closed without signing in: the lobby says that the link needs an account */
  g_assert_true (friends_test_spin_until (has_lobby, NULL));
  {
    g_autofree char *words = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_NEEDS_ACCOUNT,
                                                           NULL);
    GtkWidget *lobby = ui_find_toplevel (BK_TYPE_LOBBY, NULL);

    g_assert_true (has_label (lobby, words));
    gtk_window_destroy (GTK_WINDOW (lobby));
  }
  ui_close_window (window);
}

/* Issue 32: the link says whose table and which game (host=, game=): the dialog says them
 * before Join; a link with an invitation that makes an account says that Join makes one,
 * on which server, with the password in the keyring, and prefills a name an account may
 * have; a link without them says "a friend's table" as before. */
static void
test_link_says_table (void)
{
  BkWindow *window = ui_new_shown_window ();
  g_autofree char *heading = g_strdup_printf (_("%s’s Table"), "Anna Maier");
  g_autofree char *about = g_strdup_printf (_("Join makes you an account on %s with this "
                                              "name. Its password is kept in your keyring."),
                                            "example.org");
  GtkWidget *dialog;

  set_last_name ("Vroni Huber");
  bk_friends_join_table (window, "bierkopf:" LINK ";host=Anna%20Maier;game=bierkopf");
  g_assert_true (friends_test_spin_until (has_guest_join, NULL));
  dialog = ui_find_toplevel (BK_TYPE_GUEST_JOIN, NULL);
  g_assert_true (has_label (dialog, heading));
  g_assert_true (has_label (dialog, "Anna Maier invites you to play Bierkopf."));
  g_assert_true (has_label (dialog, _("Choose the name the others see at the table. You need "
                                      "no account.")));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name_row (BK_GUEST_JOIN (dialog)))),
                   ==, "Vroni Huber");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* an unknown game: the host alone */
  bk_friends_join_table (window, "bierkopf:" LINK ";host=Anna%20Maier;game=skat");
  g_assert_true (friends_test_spin_until (has_guest_join, NULL));
  dialog = ui_find_toplevel (BK_TYPE_GUEST_JOIN, NULL);
  g_assert_true (has_label (dialog, heading));
  g_assert_true (has_label (dialog, "Anna Maier invites you to a game of cards."));
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* the account invitation, without a guest domain */
  bk_friends_join_table (window, "bierkopf:xmpp:" ROOM "?join;password=abc;host=Anna%20Maier;"
                                 "game=bierkopf;register=example.org;preauth=Xq3-9_zT.k~p");
  g_assert_true (friends_test_spin_until (has_guest_join, NULL));
  g_assert_false (has_preferences (NULL));
  dialog = ui_find_toplevel (BK_TYPE_GUEST_JOIN, NULL);
  g_assert_true (has_label (dialog, heading));
  g_assert_true (has_label (dialog, about));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name_row (BK_GUEST_JOIN (dialog)))),
                   ==, "vroni.huber");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* the same pasted in Join a Table: the dialog in the lobby's place */
  bk_friends_join_table (window, NULL);
  g_assert_true (friends_test_spin_until (has_lobby, NULL));
  {
    GtkWidget *lobby = ui_find_toplevel (BK_TYPE_LOBBY, NULL);
    GtkWidget *row = find_child (lobby, ADW_TYPE_ENTRY_ROW);

    gtk_editable_set_text (GTK_EDITABLE (row), "xmpp:" ROOM "?join;password=abc;"
                                               "register=example.org;preauth=Xq3-9_zT.k~p");
    g_signal_emit_by_name (row, "apply");
  }
  g_assert_true (friends_test_spin_until (has_guest_join, NULL));
  g_assert_null (ui_find_toplevel (BK_TYPE_LOBBY, NULL));
  dialog = ui_find_toplevel (BK_TYPE_GUEST_JOIN, NULL);
  g_assert_true (has_label (dialog, about));
  g_assert_true (has_label (dialog, _("A Friend’s Table")));
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* a malformed invitation: said, no dialog */
  bk_friends_join_table (window, "bierkopf:xmpp:" ROOM "?join;password=abc;"
                                 "register=example.org;preauth=x");
  ui_spin_for (G_USEC_PER_SEC / 5);
  g_assert_false (has_guest_join (NULL));
  g_assert_false (has_preferences (NULL));
  ui_close_window (window);
}

/* The last name used, else the system's real name; the focus in the name. */
static void
test_prefill (void)
{
  const char *real = g_get_real_name ();
  BkGuestJoin *dialog;
  GtkWidget *focus;

  set_last_name ("");
  dialog = bk_guest_join_new (NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  ui_spin_for (G_USEC_PER_SEC / 5);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name_row (dialog))), ==,
                   g_strcmp0 (real, "Unknown") == 0 ? "" : real);
  focus = gtk_window_get_focus (GTK_WINDOW (dialog));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (name_row (dialog))));
  gtk_window_destroy (GTK_WINDOW (dialog));

  set_last_name ("Vroni");
  dialog = bk_guest_join_new (NULL);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name_row (dialog))), ==, "Vroni");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* An empty name (or only spaces) joins nothing: Join is off, Return says why. */
static void
test_empty_refused (void)
{
  g_autofree char *joined = NULL;
  BkGuestJoin *dialog;

  set_last_name ("Vroni");
  dialog = bk_guest_join_new (NULL);
  g_signal_connect (dialog, "join", G_CALLBACK (joined_cb), &joined);
  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_true (join_enabled (dialog));
  gtk_editable_set_text (GTK_EDITABLE (name_row (dialog)), "   ");
  g_assert_false (join_enabled (dialog));
  press_return (dialog);
  g_assert_null (joined);
  g_assert_cmpstr (bk_guest_join_get_problem (dialog), ==,
                   _("Type a name first: the others see it at the table."));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "guest.join", NULL));
  g_assert_null (joined);
  /* a name typed answers it */
  gtk_editable_set_text (GTK_EDITABLE (name_row (dialog)), "V");
  g_assert_null (bk_guest_join_get_problem (dialog));
  g_assert_true (join_enabled (dialog));
  {
    g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");
    g_autofree char *kept = g_settings_get_string (friends, "guest-name");

    g_assert_cmpstr (kept, ==, "Vroni");
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Return joins with the name (without the spaces around it), kept for the next time; while
 * the table is reached, neither Join nor Return joins again. */
static void
test_return_joins (void)
{
  g_autofree char *joined = NULL;
  g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");
  g_autofree char *kept = NULL;
  BkGuestJoin *dialog;

  set_last_name ("");
  dialog = bk_guest_join_new (NULL);
  g_signal_connect (dialog, "join", G_CALLBACK (joined_cb), &joined);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_editable_set_text (GTK_EDITABLE (name_row (dialog)), " Anna Huber ");
  press_return (dialog);
  g_assert_cmpstr (joined, ==, "Anna Huber");
  kept = g_settings_get_string (friends, "guest-name");
  g_assert_cmpstr (kept, ==, "Anna Huber");

  g_clear_pointer (&joined, g_free);
  bk_guest_join_set_busy (dialog, _("Connecting…"));
  g_assert_false (join_enabled (dialog));
  press_return (dialog);
  g_assert_null (joined);
  /* a problem gives Join back, for another try */
  bk_guest_join_set_problem (dialog, "no");
  g_assert_true (join_enabled (dialog));
  g_assert_cmpstr (bk_guest_join_get_problem (dialog), ==, "no");
  press_return (dialog);
  g_assert_cmpstr (joined, ==, "Anna Huber");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Each way in that fails says what to do, naming the host where known; the dialog shows
 * whose table once it is known. */
static void
test_messages (void)
{
  static const BkGuestProblem problems[] = {
    BK_GUEST_PROBLEM_NO_GUESTS, BK_GUEST_PROBLEM_REFUSED, BK_GUEST_PROBLEM_NEEDS_ACCOUNT,
    BK_GUEST_PROBLEM_TOKEN_SPENT, BK_GUEST_PROBLEM_ACCOUNT_REFUSED,
  };
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  BkGuestJoin *dialog = bk_guest_join_new (NULL);
  g_autofree char *heading = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (problems); i++)
    {
      g_autofree char *named = bk_guest_problem_dup_message (problems[i], "Anna");
      g_autofree char *unnamed = bk_guest_problem_dup_message (problems[i], NULL);

      g_test_message ("%s | %s", named, unnamed);
      g_assert_nonnull (strstr (named, "Anna"));
      /* each says what to do */
      g_assert_nonnull (strstr (named, "sk Anna"));
      g_assert_null (strchr (unnamed, '%'));
      g_assert_nonnull (strstr (unnamed, "friend"));
      /* each its own words */
      g_assert_true (g_hash_table_add (seen, g_strdup (named)));
      g_assert_true (g_hash_table_add (seen, g_strdup (unnamed)));
      bk_guest_join_set_problem (dialog, named);
      g_assert_cmpstr (bk_guest_join_get_problem (dialog), ==, named);
    }
  /* the account's way in: sign in, or an invitation */
  {
    g_autofree char *words = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_NEEDS_ACCOUNT,
                                                           "Anna");

    g_assert_cmpstr (words, ==, "This link is for players with an account. Ask Anna for an "
                                "invitation that makes an account, or sign in.");
  }
  /* the invitation's token spent: a new one, or one's own account */
  {
    g_autofree char *words = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_TOKEN_SPENT,
                                                           "Anna");

    g_assert_cmpstr (words, ==, "This invitation has been used already or has expired. Ask "
                                "Anna for a new invitation, or sign in with your own "
                                "account.");
  }
  bk_guest_join_set_problem (dialog, NULL);
  g_assert_null (bk_guest_join_get_problem (dialog));

  bk_guest_join_set_table (dialog, "Anna", "Bierkopf");
  heading = g_strdup_printf (_("%s’s Table"), "Anna");
  g_assert_true (has_label (GTK_WIDGET (dialog), heading));
  g_assert_true (has_label (GTK_WIDGET (dialog), "Anna invites you to play Bierkopf."));
  bk_guest_join_set_table (dialog, NULL, NULL);
  g_assert_false (has_label (GTK_WIDGET (dialog), heading));
  g_assert_true (has_label (GTK_WIDGET (dialog), _("A Friend’s Table")));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  g_test_init (&argc, &argv, NULL);
  home = shots_init ();

  g_test_add_func ("/guest-join/link-parse", test_link_parse);
  g_test_add_func ("/guest-join/prefill", test_prefill);
  g_test_add_func ("/guest-join/empty-refused", test_empty_refused);
  g_test_add_func ("/guest-join/return-joins", test_return_joins);
  g_test_add_func ("/guest-join/messages", test_messages);
  g_test_add_func ("/guest-join/join-without-account", test_join_without_account);
  g_test_add_func ("/guest-join/link-says-table", test_link_says_table);
  g_test_add_func ("/guest-join/command-line", test_command_line);
  return g_test_run ();
}
