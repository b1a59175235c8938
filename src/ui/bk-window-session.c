/* bk-window-session.c: the window's session: setting a game up in the window, its
 * computer players, saving after every action, reading the save back (the game built
 * from its record on the store's worker thread: the window keeps no history of its own),
 * starting a new session and switching games.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-friends.h"
#include "bk-new-session-dialog.h"
#include "bk-table-decoration.h"
#include "bk-window-private.h"
#include "bk-window-test.h"

gboolean
_bk_window_save_cb (gpointer user_data)
{
  BkWindow *self = user_data;

  self->save_id = 0;
  /* The text is taken here, the writing is the store's worker thread's. A table with
   * friends is the host's to keep, not this window's save. */
  if (self->game && !self->at_table)
    bk_session_store_save (self->store, bk_game_to_save_text (self->game));
  return G_SOURCE_REMOVE;
}

/* Saved after every action, once the action is complete (one action may emit several
 * signals), before anything else the main loop has to do. */
void
_bk_window_schedule_save (BkWindow *self)
{
  if (self->save_id == 0)
    self->save_id = g_idle_add_full (G_PRIORITY_HIGH, _bk_window_save_cb, self, NULL);
}

static void
save_failed_cb (BkWindow     *self,
                const GError *error)
{
  g_autofree char *text = NULL;

  g_message ("Could not save the session: %s", error->message);
  /* Translators: the reason follows; shown while saving fails, until a save works */
  text = g_strdup_printf (_("The session cannot be saved: %s. You can play on; it is saved "
                            "again as soon as that works."), error->message);
  /* Stays while saving fails: the person must not miss it. */
  bk_banner_show (self->failure_banner, text);
}

/* A save worked again after failing: the message goes. */
static void
failing_changed_cb (BkWindow *self)
{
  if (!bk_session_store_get_failing (self->store))
    bk_banner_hide (self->failure_banner);
}

void
_bk_window_set_store (BkWindow       *self,
                      BkSessionStore *store)
{
  if (self->store)
    g_signal_handlers_disconnect_by_data (self->store, self);
  g_clear_object (&self->store);
  bk_banner_hide (self->failure_banner);
  self->store = store;
  g_signal_connect_swapped (store, "save-failed", G_CALLBACK (save_failed_cb), self);
  g_signal_connect_swapped (store, "notify::failing", G_CALLBACK (failing_changed_cb), self);
}

/* @at_table: a table with friends' game, whose hands the history keeps apart (issue 24);
 * its record is no save whose hands to offer. */
static void
setup_game (BkWindow *self,
            BkGame   *game,
            gboolean  at_table)
{
  /* @game may be the session shown now (a game switched back to): held while the old one
   * is let go. */
  g_autoptr (BkGame) next = g_object_ref (game);
  gboolean had_game = self->game != NULL;

  /* the house rules of a table go with it */
  if (!at_table && self->table_no_hints)
    bk_window_set_table_hints (self, TRUE);
  self->at_table = FALSE;
  if (!at_table)
    self->table_ended = FALSE;
  _bk_window_play_set_game (self, NULL);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  /* A thought of the old session must not come back into this window. */
  _bk_window_drop_controllers (self);
  g_clear_object (&self->game);
  if (self->hint)
    bk_hint_cancel (self->hint);
  g_clear_handle_id (&self->prompt_id, g_source_remove);
  g_clear_handle_id (&self->save_id, g_source_remove);
  _bk_window_destroy_dialog (self);
  if (had_game)
    _bk_window_drop_session_toasts (self);

  self->game = g_steal_pointer (&next);
  _bk_window_install_players (self);
  /* alone, nobody to talk to: the table's chat and its words go */
  if (!at_table)
    _bk_window_leave_table_words (self);
  if (at_table)
    bk_history_recorder_watch_table (self->recorder, game);
  else
    bk_history_recorder_watch (self->recorder, game);
  bk_table_set_game (self->table, game);
  /* The game's marks on the table, before the game goes on (the seating ceremony follows
   * its deal). */
  {
    const BkGameView *view = bk_game_view_get (bk_game_get_module (game)->kind);
    g_autoptr (BkTableDecoration) decoration = view->table_decoration
                                               ? view->table_decoration () : NULL;

    bk_table_set_decoration (self->table, decoration);
  }

  g_clear_pointer (&self->broken_text, g_free);
  _bk_window_update_session_actions (self);
  _bk_window_setup_view (self);
  _bk_window_play_set_game (self, game);

  _bk_window_make_controllers (self, game);
  self->paused = FALSE;
  _bk_window_sync_pause (self);
  _bk_window_update_talk_log (self);
  _bk_window_update_names (self);
  _bk_window_refresh_score (self);
  /* A resumed game may be waiting for the human already. */
  _bk_window_game_changed_cb (self);
}

void
_bk_window_setup_game (BkWindow *self,
                       BkGame   *game)
{
  setup_game (self, game, FALSE);
}

static void
finish_close_if_pending (BkWindow *self)
{
  if (self->close_pending)
    gtk_window_close (GTK_WINDOW (self));
}

static void
session_loaded_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  BkWindow *self = user_data;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  BkSessionOutcome outcome;

  game = bk_session_store_load_finish (BK_SESSION_STORE (source), result, &outcome, &error);
  /* The window cancels the load when it goes: then @self is gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->loading);
  adw_window_title_set_subtitle (self->title, "");

  switch (outcome)
    {
    case BK_SESSION_RESUMED:
      /* The game built from its save is its own history (who sits where, the hands, the
       * words said): the window only shows it. */
      _bk_window_setup_game (self, game);
      /* A session that is over stays at its end (e.g. with its ledger). */
      if ((bk_game_get_phase (game) == BK_PHASE_NEW ||
           bk_game_get_phase (game) == BK_PHASE_HAND_OVER) && !bk_game_is_session_over (game))
        if (!bk_game_next_hand (game, &error))
          g_critical ("The resumed session cannot go on: %s", error->message);
      finish_close_if_pending (self);
      return;

    case BK_SESSION_NEW:
      break;

    case BK_SESSION_SET_ASIDE:
      /* Translators: the reason follows */
      text = g_strdup_printf (_("The saved session could not be read back and has been put "
                                "aside: %s. A new session starts."), error->message);
      break;

    case BK_SESSION_NEWER:
      text = g_strdup (_("The saved session was saved by a newer version of Bierkopf. It has "
                         "been kept aside; a new session starts."));
      break;

    case BK_SESSION_UNREADABLE:
      /* Not saved over: the file may be readable again once the problem is fixed, and the
       * old session is worth more than this new one, which is saved under another name. */
      if (bk_session_store_get_writable (self->store))
        {
          g_autofree char *kept = g_filename_display_name (
            bk_session_store_get_unreadable_path (self->store));
          g_autofree char *now = g_filename_display_name (bk_session_store_get_path (self->store));

          /* Translators: a file, the reason, then where the new session is saved */
          text = g_strdup_printf (_("The saved session %s cannot be read: %s. It is kept as "
                                    "it is; this new session is saved in %s."),
                                  kept, error->message, now);
        }
      else
        text = g_strdup_printf (_("The saved session cannot be read: %s. It is kept as it "
                                  "is; this new session will not be saved."), error->message);
      break;

    default:
      g_assert_not_reached ();
    }
  bk_window_new_session (self);
  /* What became of the saved session stays at the top until dismissed. */
  if (text)
    _bk_window_notice (self, text);
  finish_close_if_pending (self);
}

/* Once the window is up, the save is read and replayed on a worker thread; the computer
 * players start when it is done. */
void
_bk_window_load_session (BkWindow *self)
{
  self->loading = g_cancellable_new ();
  /* Translators: shown while the saved session is read */
  adw_window_title_set_subtitle (self->title, _("Loading…"));
  bk_session_store_load_async (self->store, NULL, NULL, NULL, self->loading, session_loaded_cb,
                               self);
}

/* No session in the window (while another game's session is read). */
static void
drop_game (BkWindow *self)
{
  /* The old session's seating is not announced in the new one. */
  g_clear_handle_id (&self->announce_id, g_source_remove);
  _bk_window_play_set_game (self, NULL);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  _bk_window_drop_controllers (self);
  g_clear_object (&self->game);
  g_clear_handle_id (&self->prompt_id, g_source_remove);
  g_clear_handle_id (&self->save_id, g_source_remove);
  _bk_window_destroy_dialog (self);
  _bk_window_update_session_actions (self);
}

/* Plays @game (a row of the chooser, BkGameChoice) from now on: the session of the game
 * played so far is saved in its own file and stays there; @resume goes on with the saved
 * session of @game (a new one if there is none), else a new session starts. */
void
bk_window_switch_game (BkWindow   *self,
                       const char *game,
                       gboolean    resume)
{
  g_autoptr (GError) error = NULL;

  g_return_if_fail (BK_IS_WINDOW (self));
  g_return_if_fail (game != NULL);

  if (self->loading)
    return;
  if (!g_str_equal (game, self->game_id))
    {
      if (!bk_window_save (self, &error))
        g_message ("Could not save the session: %s", error->message);
      drop_game (self);
      g_free (self->game_id);
      self->game_id = g_strdup (game);
      _bk_window_set_store (self, bk_session_store_new_for_game (game, NULL));
      _bk_window_update_title (self);
      if (resume)
        {
          _bk_window_load_session (self);
          return;
        }
    }
  bk_window_new_session (self);
}

/* The game of the session: a row of the chooser (BkGameChoice). */
const char *
bk_window_get_game_id (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return self->game_id;
}

void
bk_window_new_session (BkWindow *self)
{
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  BkRules rules;

  g_return_if_fail (BK_IS_WINDOW (self));

  /* a session alone leaves the table's room (hostquit) */
  if (self->at_table)
    bk_friends_leave (self);
  bk_settings_get_rules_for (self->settings, self->game_id, &rules);
  game = bk_game_new (&rules, ((guint64) g_random_int () << 32) | g_random_int ());
  _bk_window_setup_game (self, game);
  if (!bk_game_start (game, &error))
    g_critical ("A new session cannot start: %s", error->message);
  /* At once: a kill right after must not bring the old session back. */
  g_clear_handle_id (&self->save_id, g_source_remove);
  if (!bk_session_store_save_now (self->store, bk_game_to_save_text (game), &error))
    save_failed_cb (self, error);
}

/* A new session of the caller's making (e.g. a deal played again, issue 17), taken as a
 * new session is: its first hand is dealt already or dealt now. */
void
bk_window_take_session (BkWindow *self,
                        BkGame   *game)
{
  g_autoptr (GError) error = NULL;

  g_return_if_fail (BK_IS_WINDOW (self));
  g_return_if_fail (BK_IS_GAME (game));

  _bk_window_setup_game (self, game);
  if (bk_game_get_phase (game) == BK_PHASE_NEW && !bk_game_start (game, &error))
    g_critical ("A new session cannot start: %s", error->message);
  g_clear_handle_id (&self->save_id, g_source_remove);
  if (!bk_session_store_save_now (self->store, bk_game_to_save_text (game), &error))
    save_failed_cb (self, error);
}

/* A session at a table with friends: seat 0 is the person here, every seat is played by
 * its controller in @controllers (BkSeatController, one per seat of @game), under its name
 * in @names. The table deals each hand (the window deals none); the save does not take
 * it (the solo session stays as it was saved), the statistics keep its hands apart. */
void
bk_window_take_table_session (BkWindow          *self,
                              BkGame            *game,
                              GObject    *const *controllers,
                              const char *const *names)
{
  g_return_if_fail (BK_IS_WINDOW (self));
  g_return_if_fail (BK_IS_GAME (game));

  if (!self->at_table && !bk_window_save (self, NULL))
    g_message ("Could not save the session before the table");
  /* a choice of a session alone, made before, must not end the table (issue 34) */
  bk_new_session_dialog_close_over (GTK_WINDOW (self));
  g_clear_handle_id (&self->save_id, g_source_remove);
  /* a table's verdicts are its own (hand 1 of the next table is another hand) */
  if (!self->at_table)
    _bk_window_forget_table_verdict (self);
  setup_game (self, game, TRUE);
  self->at_table = TRUE;
  _bk_window_drop_controllers (self);
  for (guint s = 0; s < bk_game_get_n_seats (game); s++)
    {
      self->controllers[s] = BK_SEAT_CONTROLLER (g_object_ref (controllers[s]));
      bk_game_set_strategy (game, (BkSeat) s, NULL);
      g_free (self->people[s]);
      self->people[s] = g_strdup (names[s]);
    }
  _bk_window_controllers_set_speed (self, _bk_window_animation_speed (self));
  _bk_window_sync_pause (self);
  _bk_window_update_names (self);
  _bk_window_game_changed_cb (self);
}

/* The names of the players of a table with friends, by their seats when it began (their
 * presence changes them: "Sepp (away)"). */
void
bk_window_set_table_names (BkWindow          *self,
                           const char *const *names)
{
  g_return_if_fail (BK_IS_WINDOW (self) && self->at_table);

  for (guint s = 0; s < _bk_window_n_seats (self) && names[s]; s++)
    {
      g_free (self->people[s]);
      self->people[s] = g_strdup (names[s]);
    }
  _bk_window_update_names (self);
  _bk_window_game_changed_cb (self);
}

/* The host's house rule of hints, or (allowed, away from a table) the window's own. */
void
bk_window_set_table_hints (BkWindow *self,
                           gboolean  allowed)
{
  g_return_if_fail (BK_IS_WINDOW (self));

  self->table_no_hints = !allowed;
  gtk_widget_set_sensitive (self->hint_button, allowed);
  gtk_widget_set_tooltip_text (self->hint_button,
                               allowed ? _("Hint") : _("The table’s host turned hints off"));
}

void
bk_window_show_toast (BkWindow   *self,
                      const char *text)
{
  g_return_if_fail (BK_IS_WINDOW (self) && text != NULL);
  _bk_window_toast (self, text);
}

/* At a table the person's answer to a hand's result asks the table for the next hand. */
void
bk_window_set_table_next (BkWindow  *self,
                          void     (*next) (gpointer data),
                          gpointer   data)
{
  g_return_if_fail (BK_IS_WINDOW (self));
  self->table_next = next;
  self->table_next_data = data;
}

/* At a table the review of a hand is of its deal as the table revealed it (the others'
 * hands in the window's game are guesses): @revealed gives that hand's game, turned to
 * the person's seat (a new reference), or NULL while the hand is not revealed. */
void
bk_window_set_table_review (BkWindow  *self,
                            BkGame   *(*revealed) (gpointer data),
                            gpointer   data)
{
  g_return_if_fail (BK_IS_WINDOW (self));
  self->table_revealed = revealed;
  self->table_revealed_data = data;
}

/* The result dialog of a table that has ended leads out of it: no next hand comes. */
void
_bk_window_mark_table_end (BkWindow *self)
{
  if (!self->at_table || !self->table_ended || self->dialog == NULL)
    return;
  if (adw_message_dialog_has_response (self->dialog, "next"))
    adw_message_dialog_set_response_label (self->dialog, "next", _("_Leave the Table"));
}

/* The table has ended (the host's <end/>): the result shown, or the next one, is its last;
 * the person's answer to it leaves the table (bk_window_leave_table()). */
void
bk_window_set_table_ended (BkWindow *self)
{
  g_return_if_fail (BK_IS_WINDOW (self));

  if (!self->at_table || self->table_ended)
    return;
  self->table_ended = TRUE;
  _bk_window_toast (self, _("The table has ended"));
  _bk_window_mark_table_end (self);
}

/* Out of the table's room, back to the person's own session as it was saved when the
 * table began (bk_window_take_table_session()). */
void
bk_window_leave_table (BkWindow *self)
{
  g_return_if_fail (BK_IS_WINDOW (self));

  if (!self->at_table || self->loading)
    return;
  bk_friends_leave (self);
  self->table_next = NULL;
  self->table_revealed = NULL;
  drop_game (self);
  self->at_table = FALSE;
  self->table_ended = FALSE;
  _bk_window_forget_table_verdict (self);
  if (self->table_no_hints)
    bk_window_set_table_hints (self, TRUE);
  _bk_window_leave_table_words (self);
  _bk_window_load_session (self);
}

gboolean
bk_window_is_at_table (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), FALSE);
  return self->at_table;
}

char *
bk_window_dup_save_path (void)
{
  return bk_session_store_dup_default_path ();
}

/* Saves now and waits until it is on disk. */
gboolean
bk_window_save (BkWindow  *self,
                GError   **error)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), FALSE);

  g_clear_handle_id (&self->save_id, g_source_remove);
  if (self->game == NULL || self->at_table)
    return TRUE;
  return bk_session_store_save_now (self->store, bk_game_to_save_text (self->game), error);
}
