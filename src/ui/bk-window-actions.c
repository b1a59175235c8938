/* bk-window-actions.c: what the person does in the window: a card clicked, the tricks,
 * taking back, the hint, the ledger and settling up, a new session; the
 * window's actions and their keys.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-friends.h"
#include "bk-window-private.h"

static void
card_activated_cb (BkWindow *self,
                   guint     card)
{
  g_autoptr (GError) error = NULL;
  BkReach reach;
  BkSeat seat;

  if (self->game == NULL || bk_game_get_phase (self->game) != BK_PHASE_PLAYING)
    return;
  seat = _bk_window_is_persons_turn (self) ? bk_game_get_to_act (self->game)
                                           : _bk_window_person_seat (self);
  /* The game says what reaching for the card means now: it is played, or the offer open
   * to the person passes, which his game's view tells. */
  if (bk_game_reach_for_card (self->game, seat, (BkCard) card, &reach, &error))
    {
      const char *passed = _bk_window_get_view (self)->offer_passed;

      if (reach == BK_REACH_OFFER_PASSED && passed)
        _bk_window_toast (self, _(passed));
      return;
    }
  if (_bk_window_is_persons_turn (self))
    {
      _bk_window_toast (self, error->message);
      return;
    }
  /* It stays until the turn comes and _bk_window_drop_wait_toast() takes it away. */
  _bk_window_toast_for (self, _("Wait for your turn"), 0);
  if (self->last_toast && self->last_toast != self->wait_toast &&
      g_str_equal (adw_toast_get_title (self->last_toast), _("Wait for your turn")))
    {
      self->wait_toast = self->last_toast;
    }
}

/* The digits play wherever the focus is in the window (the table's own bindings come
 * first when it has the focus); arrows there move between the window's buttons. */
static gboolean
play_nth_cb (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  BkWindow *self = BK_WINDOW (widget);

  bk_table_focus_hand (self->table);
  return bk_table_activate_card (self->table, (guint) g_variant_get_int32 (args));
}

/* spec B4.5: the last trick comes back to the middle for a look. */
static void
last_trick_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);

  if (!bk_table_show_last_trick (self->table))
    _bk_window_toast (self, _("No trick to look at now"));
}

/* The session's own actions (the ledger, settling up) as its game enables them now. */
void
_bk_window_update_session_actions (BkWindow *self)
{
  const BkGameView *view = _bk_window_get_view (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.ledger", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.settle-up", FALSE);
  if (self->game && view->update_actions)
    view->update_actions (self, self->view_state);
}

/* The session's ledger, if its game keeps one (H5, H6.2). */
static void
ledger_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);
  const BkGameView *view = _bk_window_get_view (self);

  if (self->game == NULL || view->show_ledger == NULL)
    {
      /* (The action is disabled without a session.) */
      if (view->no_ledger)
        _bk_window_toast (self, _(view->no_ledger));
      return;
    }
  view->show_ledger (self, self->view_state);
}

/* The session ends and is settled up, if its game settles (H5.4, H5.6). */
static void
settle_up_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);
  const BkGameView *view = _bk_window_get_view (self);

  if (self->game == NULL || view->settle_up == NULL)
    return;
  view->settle_up (self, self->view_state);
}

/* spec B4.5: the tricks the human may look at, as the house rule allows. */
static void
show_tricks_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);
  const char *names[BK_MAX_SEATS];

  if (self->game == NULL)
    return;
  _bk_window_seat_names (self, names);
  gtk_window_present (GTK_WINDOW (bk_tricks_dialog_new (GTK_WINDOW (self), self->game,
                                                        self->theme, names)));
}

/* issue 17: the person's last card back, with the cards played after it. */
static void
take_back_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;

  if (self->game == NULL || self->loading)
    return;
  /* issue 24: no take-back at a table with friends, whatever Preferences say (the table's
   * reason first: turning it on there would not help) */
  if (self->at_table)
    {
      _bk_window_toast (self, _("Nothing is taken back at a table with friends"));
      return;
    }
  if (!g_settings_get_boolean (self->settings, "take-back-allowed"))
    {
      _bk_window_toast (self, _("Taking back is turned off in Preferences"));
      return;
    }
  game = bk_game_new_taken_back (self->game, _bk_window_person_seat (self), &error);
  if (game == NULL)
    {
      _bk_window_toast (self, error->message);
      return;
    }
  /* The session goes on in the new game, as after loading it. */
  bk_history_recorder_keep_session (self->recorder);
  _bk_window_setup_game (self, game);
  bk_history_recorder_note_takeback (self->recorder);
  _bk_window_schedule_save (self);
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);

  /* the table's house rule first: the person's Preferences would not help */
  if (self->at_table && self->table_no_hints)
    {
      _bk_window_toast (self, _("The table’s host turned hints off"));
      return;
    }
  if (self->game && !self->loading)
    bk_hint_request (self->hint, self->game, _bk_window_person_seat (self));
}

/* The chooser's answer for a session alone, once it may leave the table. */
static void
start_alone (BkWindow   *self,
             const char *response,
             const char *game)
{
  /* a session alone leaves the table's room (hostquit) */
  bk_friends_leave (self);
  if (g_str_equal (response, "new"))
    bk_window_switch_game (self, game, FALSE);
  else
    {
      g_settings_set_string (self->settings, "last-game", game);
      bk_window_switch_game (self, game, TRUE);
    }
}

static void
leave_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   BkWindow         *self)
{
  if (g_str_equal (response, "leave"))
    start_alone (self, g_object_get_data (G_OBJECT (dialog), "bk-response"),
                 g_object_get_data (G_OBJECT (dialog), "bk-game"));
}

/* At a table with friends still going, a session alone is asked for once more, Cancel
 * the default: no stray Return ends the table (issue 34). */
static void
ask_leave_table (BkWindow   *self,
                 const char *response,
                 const char *game)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (
    adw_message_dialog_new (GTK_WINDOW (self), _("Leave the Table?"),
                            _("A session alone leaves the table with friends.")));

  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"),
                                    "leave", _("_Leave the Table"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "leave", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "bk-response", g_strdup (response), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "bk-game", g_strdup (game), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (leave_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_session_response_cb (BkNewSessionDialog *dialog,
                         const char         *response,
                         BkWindow           *self)
{
  const char *game = bk_new_session_dialog_get_game (dialog);

  if (g_str_equal (response, "new") || g_str_equal (response, "resume"))
    {
      if (g_str_equal (response, "new"))
        bk_new_session_dialog_apply (dialog);
      if (self->at_table && !self->table_ended)
        ask_leave_table (self, response, game);
      else
        start_alone (self, response, game);
    }
#ifdef BK_HAVE_NET
  else if (g_str_equal (response, "friends"))
    {
      bk_new_session_dialog_apply (dialog);
      bk_friends_open_table (self, game);
    }
  else if (g_str_equal (response, "join"))
    bk_friends_join_table (self, NULL);
#endif
}

void
_bk_window_new_session_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);
  BkNewSessionDialog *dialog = bk_new_session_dialog_new_for (GTK_WINDOW (self), self->game_id);

  g_signal_connect (dialog, "response", G_CALLBACK (new_session_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The keyboard shortcuts (Ctrl+?), made when asked for and destroyed when closed.
 * GtkApplication's own help overlay is made with the window and only hidden when closed:
 * it stays among the toplevels, and GTK 4.8's AT-SPI root answers a screen reader who asks
 * for a window that has just gone with the last toplevel's object path, NULL for a hidden
 * window (gtkatspiroot.c, GetChildAtIndex): a critical in the app and a broken answer to
 * the reader. It is still the window's help overlay, which shows the app's keys in it. */
static void
shortcuts_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  GtkApplicationWindow *window = GTK_APPLICATION_WINDOW (widget);
  GtkShortcutsWindow *shortcuts = gtk_application_window_get_help_overlay (window);

  if (shortcuts == NULL || !gtk_widget_get_visible (GTK_WIDGET (shortcuts)))
    {
      g_autoptr (GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/bierkopf/Bierkopf/bk-shortcuts-window.ui");

      shortcuts = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "shortcuts"));
      /* (the one before, closed, is let go) */
      gtk_application_window_set_help_overlay (window, shortcuts);
      gtk_window_set_hide_on_close (GTK_WINDOW (shortcuts), FALSE);
      gtk_window_set_destroy_with_parent (GTK_WINDOW (shortcuts), TRUE);
    }
  gtk_window_present (GTK_WINDOW (shortcuts));
}

/* The window's actions, their keys, and the person's cards. */
void
_bk_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, card_activated_cb);

  gtk_widget_class_install_action (widget_class, "win.new-session", NULL,
                                   _bk_window_new_session_action);
  /* Ctrl+?: an accelerator of the app (bk-application.c), as GtkApplication gives it */
  gtk_widget_class_install_action (widget_class, "win.show-shortcuts", NULL, shortcuts_action);
  gtk_widget_class_install_action (widget_class, "win.show-tricks", NULL, show_tricks_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, 0, "win.show-tricks", NULL);
  gtk_widget_class_install_action (widget_class, "win.take-back", NULL, take_back_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK,
                                       "win.take-back", NULL);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.hint", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK,
                                       "win.new-session", NULL);
  gtk_widget_class_install_action (widget_class, "win.last-trick", NULL, last_trick_action);
  gtk_widget_class_install_action (widget_class, "win.ledger", NULL, ledger_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, 0, "win.ledger", NULL);
  gtk_widget_class_install_action (widget_class, "win.settle-up", NULL, settle_up_action);
  /* A hand holds up to twelve cards: 1-9 and 0 for the tenth. */
  gtk_widget_class_add_binding (widget_class, GDK_KEY_0, 0, play_nth_cb, "i", 9);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_0, 0, play_nth_cb, "i", 9);
  for (int i = 0; i < 9; i++)
    {
      gtk_widget_class_add_binding (widget_class, GDK_KEY_1 + i, 0, play_nth_cb, "i", i);
      gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_1 + i, 0, play_nth_cb, "i", i);
    }
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, 0, "win.last-trick", NULL);
  /* at a table with friends, C opens its chat (bk-window-words.c) */
  gtk_widget_class_add_binding (widget_class, GDK_KEY_c, 0, _bk_window_open_chat_cb, NULL);
}
