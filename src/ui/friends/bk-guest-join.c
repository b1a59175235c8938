/* bk-guest-join.c: see bk-guest-join.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-guest-join.h"

struct _BkGuestJoin
{
  AdwWindow    parent_instance;

  GtkLabel    *heading_label;
  GtkLabel    *invitation_label;
  GtkLabel    *about_label;
  AdwEntryRow *name_row;
  GtkLabel    *problem_label;
  GtkWidget   *status_box;
  GtkSpinner  *spinner;
  GtkLabel    *status_label;
  GtkWidget   *join_button;

  gboolean     busy;
  gboolean     asked_name;  /* the problem said is "type a name first" */
};

G_DEFINE_FINAL_TYPE (BkGuestJoin, bk_guest_join, ADW_TYPE_WINDOW)

enum {
  SIGNAL_JOIN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

char *
bk_guest_problem_dup_message (BkGuestProblem  problem,
                              const char     *host)
{
  switch (problem)
    {
    case BK_GUEST_PROBLEM_NO_GUESTS:
      return host
        /* Translators: %s is the table's host, e.g. "Anna" */
        ? g_strdup_printf (_("This table’s server lets no one in without an account. Ask %s "
                             "for an invitation that makes an account, or sign in."), host)
        : g_strdup (_("This table’s server lets no one in without an account. Ask the "
                      "friend who sent the link for an invitation that makes an account, "
                      "or sign in."));
    case BK_GUEST_PROBLEM_REFUSED:
      return host
        /* Translators: %s is the table's host, e.g. "Anna" */
        ? g_strdup_printf (_("The server did not let you in as a guest. Try again in a "
                             "moment, or ask %s for an invitation that makes an account."),
                           host)
        : g_strdup (_("The server did not let you in as a guest. Try again in a moment, "
                      "or ask the friend who sent the link for an invitation that makes "
                      "an account."));
    case BK_GUEST_PROBLEM_NEEDS_ACCOUNT:
      return host
        /* Translators: %s is the table's host, e.g. "Anna" */
        ? g_strdup_printf (_("This link is for players with an account. Ask %s for an "
                             "invitation that makes an account, or sign in."), host)
        : g_strdup (_("This link is for players with an account. Ask the friend who sent "
                      "it for an invitation that makes an account, or sign in."));
    case BK_GUEST_PROBLEM_TOKEN_SPENT:
      return host
        /* Translators: %s is the table's host, e.g. "Anna" */
        ? g_strdup_printf (_("This invitation has been used already or has expired. Ask %s "
                             "for a new invitation, or sign in with your own account."), host)
        : g_strdup (_("This invitation has been used already or has expired. Ask the "
                      "friend who sent it for a new invitation, or sign in with your own "
                      "account."));
    case BK_GUEST_PROBLEM_ACCOUNT_REFUSED:
      return host
        /* Translators: %s is the table's host, e.g. "Anna" */
        ? g_strdup_printf (_("The server made no account. Ask %s for a new invitation, or "
                             "sign in with your own account."), host)
        : g_strdup (_("The server made no account. Ask the friend who sent the link for a "
                      "new invitation, or sign in with your own account."));
    default:
      g_return_val_if_reached (NULL);
    }
}

/* The name kept from the last time, else the system's real name (GLib says "Unknown"
 * when it has none), else nothing. */
static char *
dup_prefill (void)
{
  g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");
  g_autofree char *last = g_settings_get_string (friends, "guest-name");
  const char *real = g_get_real_name ();

  g_strstrip (last);
  if (last[0] != '\0')
    return g_steal_pointer (&last);
  if (real && real[0] != '\0' && g_strcmp0 (real, "Unknown") != 0)
    return g_strdup (real);
  return g_strdup ("");
}

static void
update_join (BkGuestJoin *self)
{
  g_autofree char *name = bk_guest_join_dup_name (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "guest.join",
                                 !self->busy && name[0] != '\0');
}

static void
name_changed_cb (BkGuestJoin *self)
{
  /* a name typed answers "type a name first" */
  if (self->asked_name)
    bk_guest_join_set_problem (self, NULL);
  update_join (self);
}

static void
join (BkGuestJoin *self)
{
  g_autofree char *name = bk_guest_join_dup_name (self);
  g_autoptr (GSettings) friends = NULL;

  if (self->busy)
    return;
  if (name[0] == '\0')
    {
      bk_guest_join_set_problem (self, _("Type a name first: the others see it at the "
                                         "table."));
      self->asked_name = TRUE;
      gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
      return;
    }
  friends = g_settings_new (APP_ID ".Friends");
  g_settings_set_string (friends, "guest-name", name);
  g_signal_emit (self, signals[SIGNAL_JOIN], 0, name);
}

/* Return in the name joins; an empty name says why it does not. */
static void
name_activated_cb (BkGuestJoin *self)
{
  join (self);
}

static void
join_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  join (BK_GUEST_JOIN (widget));
}

static void
bk_guest_join_class_init (BkGuestJoinClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  signals[SIGNAL_JOIN] =
    g_signal_new ("join", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/bierkopf/Bierkopf/friends/bk-guest-join.ui");
  gtk_widget_class_bind_template_child (widget_class, BkGuestJoin, heading_label);
  gtk_widget_class_bind_template_child (widget_class, BkGuestJoin, invitation_label);
  gtk_widget_class_bind_template_child (widget_class, BkGuestJoin, about_label);
  gtk_widget_class_bind_template_child (widget_class, BkGuestJoin, name_row);
  gtk_widget_class_bind_template_child (widget_class, BkGuestJoin, problem_label);
  gtk_widget_class_bind_template_child (widget_class, BkGuestJoin, status_box);
  gtk_widget_class_bind_template_child (widget_class, BkGuestJoin, spinner);
  gtk_widget_class_bind_template_child (widget_class, BkGuestJoin, status_label);
  gtk_widget_class_bind_template_child (widget_class, BkGuestJoin, join_button);
  gtk_widget_class_bind_template_callback (widget_class, name_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, name_activated_cb);
  gtk_widget_class_install_action (widget_class, "guest.join", NULL, join_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bk_guest_join_init (BkGuestJoin *self)
{
  g_autofree char *name = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  name = dup_prefill ();
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
  bk_guest_join_set_table (self, NULL, NULL);
  update_join (self);
}

BkGuestJoin *
bk_guest_join_new (GtkWindow *parent)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  return g_object_new (BK_TYPE_GUEST_JOIN, "transient-for", parent, NULL);
}

char *
bk_guest_join_dup_name (BkGuestJoin *self)
{
  g_return_val_if_fail (BK_IS_GUEST_JOIN (self), NULL);
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
}

void
bk_guest_join_set_table (BkGuestJoin *self,
                         const char  *host,
                         const char  *game)
{
  g_autofree char *heading = NULL;
  g_autofree char *invitation = NULL;

  g_return_if_fail (BK_IS_GUEST_JOIN (self));

  if (host == NULL)
    {
      gtk_label_set_text (self->heading_label, _("A Friend’s Table"));
      gtk_label_set_text (self->invitation_label, _("A friend invites you to a game of "
                                                    "cards."));
      return;
    }
  /* Translators: the heading of the join dialog; %s is the host, e.g. "Anna’s Table" */
  heading = g_strdup_printf (_("%s’s Table"), host);
  if (game)
    /* Translators: "Anna invites you to play Bierkopf." */
    invitation = g_strdup_printf (_("%1$s invites you to play %2$s."), host, game);
  else
    /* Translators: "Anna invites you to a game of cards." */
    invitation = g_strdup_printf (_("%s invites you to a game of cards."), host);
  gtk_label_set_text (self->heading_label, heading);
  gtk_label_set_text (self->invitation_label, invitation);
}

/* A name as an account's: lower case, a dot for a space, none of the characters a JID's
 * local part may not have (RFC 7622) nor any other but letters, digits, '.', '-' and '_'. */
static char *
dup_account_name (const char *name)
{
  g_autofree char *lower = g_utf8_strdown (name, -1);
  GString *out = g_string_new (NULL);

  for (const char *c = g_strstrip (lower); *c != '\0'; c = g_utf8_next_char (c))
    {
      gunichar u = g_utf8_get_char (c);

      if (g_unichar_isspace (u) && out->len > 0 && out->str[out->len - 1] != '.')
        g_string_append_c (out, '.');
      else if (g_unichar_isalnum (u) || u == '-' || u == '_' || u == '.')
        g_string_append_unichar (out, u);
    }
  return g_string_free (out, FALSE);
}

void
bk_guest_join_set_account (BkGuestJoin *self,
                           const char  *server)
{
  g_autofree char *about = NULL;
  g_autofree char *name = NULL;

  g_return_if_fail (BK_IS_GUEST_JOIN (self));

  if (server == NULL)
    {
      gtk_label_set_text (self->about_label, _("Choose the name the others see at the "
                                               "table. You need no account."));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->name_row), _("Your Name"));
      return;
    }
  /* Translators: %s is a server, e.g. example.org */
  about = g_strdup_printf (_("Join makes you an account on %s with this name. Its password "
                             "is kept in your keyring."), server);
  gtk_label_set_text (self->about_label, about);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->name_row),
                                 _("Your Name on the Server"));
  /* the name prefilled as an account may have it */
  name = dup_account_name (gtk_editable_get_text (GTK_EDITABLE (self->name_row)));
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
}

void
bk_guest_join_set_busy (BkGuestJoin *self,
                        const char  *status)
{
  g_return_if_fail (BK_IS_GUEST_JOIN (self));

  self->busy = status != NULL;
  gtk_label_set_text (self->status_label, status ? status : "");
  gtk_widget_set_visible (self->status_box, self->busy);
  gtk_spinner_set_spinning (self->spinner, self->busy);
  /* the name's text lets go of the focus first: GTK 4.8 keeps the cursor of a focused text
   * made insensitive blinking, and warns at each blink (a crash under fatal-warnings) */
  if (self->busy)
    gtk_window_set_focus (GTK_WINDOW (self), NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->name_row), !self->busy);
  if (self->busy)
    gtk_widget_set_visible (GTK_WIDGET (self->problem_label), FALSE);
  update_join (self);
}

void
bk_guest_join_set_problem (BkGuestJoin *self,
                           const char  *message)
{
  g_return_if_fail (BK_IS_GUEST_JOIN (self));

  if (message && self->busy)
    {
      bk_guest_join_set_busy (self, NULL);
      /* back in the name, for another try (it lost the focus while held) */
      gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
    }
  self->asked_name = FALSE;
  gtk_label_set_text (self->problem_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), message != NULL);
}

const char *
bk_guest_join_get_problem (BkGuestJoin *self)
{
  g_return_val_if_fail (BK_IS_GUEST_JOIN (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->problem_label))
         ? gtk_label_get_text (self->problem_label) : NULL;
}
