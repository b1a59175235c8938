/* bk-window-play.c: what the game says (talk, doubling, bids, cards, the seating) goes to
 * the table, the talk log and the title; what it asks the person (talk and doubling, bids)
 * and the result of a hand come as dialogs, once the table has shown what came before.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-window-private.h"
#include "bk-window-test.h"

/* The header after a change: the game's controls, the talk log's button, the title. */
static void
update_controls (BkWindow *self)
{
  const BkGameView *view = _bk_window_get_view (self);
  BkPhase phase = bk_game_get_phase (self->game);
  BkSeat to_act = bk_game_get_to_act (self->game);
  const char *subtitle = NULL;
  g_autofree char *owned = NULL;

  self->n_control_updates++;
  self->shown_generation = bk_game_get_generation (self->game);
  self->shown_phase = phase;
  self->shown_to_act = to_act;
  _bk_window_drop_wait_toast (self);
  if (view->update_controls)
    subtitle = view->update_controls (self, self->view_state);
  gtk_widget_set_visible (self->talk_button, self->talk_log->len > 0);

  if (subtitle)
    ;
  else if (_bk_window_is_persons_turn (self))
    subtitle = _("Your turn");
  else if (phase == BK_PHASE_BIDDING && _bk_window_is_person_here (self, to_act))
    subtitle = _(view->asking_subtitle);
  else if ((phase == BK_PHASE_PLAYING || phase == BK_PHASE_BIDDING) && to_act != BK_SEAT_NONE)
    subtitle = owned = g_strdup_printf (_("%s is thinking…"), _bk_window_name_at (self, to_act));
  else if (view->tells_session_end && bk_game_is_session_over (self->game))
    subtitle = _("The session is over");
  else
    subtitle = "";
  adw_window_title_set_subtitle (self->title, subtitle);
}

/* How often the header was updated, for the tests (one update per change). */
guint
bk_window_get_n_control_updates (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), 0);
  return self->n_control_updates;
}

/* F1 over a dialog of the game: the rules open above it; the dialog and the game wait. */
static gboolean
dialog_rules_cb (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  BkWindow *self = user_data;
  GtkWidget *rules = bk_rules_window_new_for_game (self->game_id);

  gtk_window_set_transient_for (GTK_WINDOW (rules), GTK_WINDOW (widget));
  gtk_window_present (GTK_WINDOW (rules));
  return TRUE;
}

/* Ctrl+I over a dialog of the game: the statistics, above it. */
static gboolean
dialog_statistics_cb (GtkWidget *widget,
                      GVariant  *args,
                      gpointer   user_data)
{
  BkWindow *self = user_data;

  gtk_window_present (GTK_WINDOW (bk_statistics_window_new (GTK_WINDOW (widget),
                                                            self->recorder)));
  return TRUE;
}

/* Ctrl+Q over a dialog of the game: the application quits, asking as from the window. */
static gboolean
dialog_quit_cb (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  return gtk_widget_activate_action (GTK_WIDGET (user_data), "app.quit", NULL);
}

/* A dialog is no window of the application, so the application's F1, Ctrl+I and Ctrl+Q do
 * not reach it: it gets its own. */
void
_bk_window_add_dialog_shortcuts (BkWindow  *self,
                                 GtkWidget *dialog)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_F1, 0),
                      gtk_callback_action_new (dialog_rules_cb, self, NULL)));
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_i, GDK_CONTROL_MASK),
                      gtk_callback_action_new (dialog_statistics_cb, self, NULL)));
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_q, GDK_CONTROL_MASK),
                      gtk_callback_action_new (dialog_quit_cb, self, NULL)));
  gtk_widget_add_controller (dialog, keys);
}

/* The person is asked what the game wants of his seat @seat before play. */
static void
ask_human (BkWindow *self)
{
  const BkGameView *view = _bk_window_get_view (self);

  if (self->dialog || view->ask_person == NULL)
    return;
  view->ask_person (self, self->view_state, bk_game_get_to_act (self->game));
}

void
_bk_window_next_hand_cb (AdwMessageDialog *dialog,
                         const char       *response,
                         BkWindow         *self)
{
  g_autoptr (GError) error = NULL;

  _bk_window_forget_dialog (self, dialog);
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  /* The review of the hand by its game's view, its players called as at the table. */
  if (g_strcmp0 (response, "review") == 0 && self->game && _bk_window_get_view (self)->review)
    {
      const char *names[BK_MAX_SEATS + 1] = { NULL };
      /* issue 24: at a table, the hand as the table revealed it */
      g_autoptr (BkGame) revealed = self->at_table && self->table_revealed
                                    ? self->table_revealed (self->table_revealed_data) : NULL;
      BkGame *game = self->at_table ? revealed : self->game;

      if (game)
        {
          GtkWindow *review = _bk_window_get_view (self)->review (GTK_WINDOW (self), game,
                                                                  NULL);

          _bk_window_seat_names (self, names);
          names[_bk_window_n_seats (self)] = NULL;
          bk_review_frame_set_player_names (BK_REVIEW_FRAME (review), names);
          gtk_window_present (review);
        }
      else
        _bk_window_toast (self, _("The hand can be reviewed once the table has revealed its "
                                  "deal"));
    }
  if (g_str_equal (response, "new"))
    {
      _bk_window_new_session_action (GTK_WIDGET (self), "win.new-session", NULL);
      return;
    }
  /* The hand stays over while the person looks at the final sheet. */
  if (g_str_equal (response, "settle"))
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "win.settle-up", NULL);
      return;
    }
  _bk_window_refresh_score (self);
  /* #24 (endkeys): a table that has ended deals none: the answer leaves it (its dialog
   * came back again and again, and only a click on New Session got out of it) */
  if (self->game && self->at_table && self->table_ended)
    {
      bk_window_leave_table (self);
      return;
    }
  /* At a table with friends the table deals the next hand. */
  if (self->game && self->at_table && self->table_next)
    self->table_next (self->table_next_data);
  if (self->game && !self->at_table && bk_game_get_phase (self->game) == BK_PHASE_HAND_OVER &&
      !bk_game_is_session_over (self->game) && !bk_game_next_hand (self->game, &error))
    _bk_window_toast (self, error->message);
}

static void
show_result (BkWindow *self)
{
  const BkGameView *view = _bk_window_get_view (self);

  if (view->show_result)
    view->show_result (self, self->view_state);
  _bk_window_mark_table_end (self);
  _bk_window_show_table_verdict (self);
}

static gboolean
prompt_cb (gpointer user_data)
{
  BkWindow *self = user_data;
  gint64 busy = bk_table_get_busy_until (self->table) - g_get_monotonic_time ();

  self->prompt_id = 0;
  /* Never a dialog over another window of ours: it comes when that one closes. */
  if (self->game == NULL || self->paused)
    return G_SOURCE_REMOVE;
  /* The human answers once the table has shown everything before. */
  if (busy > 0)
    {
      self->prompt_id = g_timeout_add ((guint) (busy / 1000) + 1, prompt_cb, self);
      return G_SOURCE_REMOVE;
    }
  update_controls (self);
  if (bk_game_get_phase (self->game) == BK_PHASE_BIDDING &&
      _bk_window_is_person_here (self, bk_game_get_to_act (self->game)))
    ask_human (self);
  else if (bk_game_get_phase (self->game) == BK_PHASE_HAND_OVER)
    show_result (self);
  return G_SOURCE_REMOVE;
}

void
_bk_window_game_changed_cb (BkWindow *self)
{
  update_controls (self);
  if (self->prompt_id == 0)
    self->prompt_id = g_idle_add (prompt_cb, self);
}

/* Looks again at once, e.g. after the person moved on from what the table held. */
void
_bk_window_prompt_now (BkWindow *self)
{
  g_clear_handle_id (&self->prompt_id, g_source_remove);
  _bk_window_game_changed_cb (self);
}

/* The hand's talk so far, a line each: who said what, as the game keeps it
 * (bk_game_get_words()) and the game's view words it, alike for a hand played here and one
 * resumed from a save. */
void
_bk_window_update_talk_log (BkWindow *self)
{
  const BkGameView *view = _bk_window_get_view (self);
  const BkGameWord *words = NULL;
  guint n = 0, said = 0;

  g_string_truncate (self->talk_log, 0);
  if (self->game && view->word_text && bk_game_get_phase (self->game) != BK_PHASE_NEW)
    words = bk_game_get_words (self->game, bk_game_get_hand_number (self->game), &n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = view->word_text (&words[i]);

      /* a table's free words said before this word */
      _bk_window_talk_log_words (self, &said, i);
      if (text == NULL)
        continue;
      if (self->talk_log->len)
        g_string_append_c (self->talk_log, '\n');
      /* Translators: a line of the hand's talk log: "Sepp: Good!" */
      g_string_append_printf (self->talk_log, _("%s: %s"),
                              _bk_window_is_person_here (self, words[i].seat)
                              ? _("You") : _bk_window_name_at (self, words[i].seat),
                              text);
    }
  _bk_window_talk_log_words (self, &said, G_MAXUINT);
  gtk_label_set_text (self->talk_log_label, self->talk_log->str);
  {
    PangoAttrList *attrs = _bk_window_talk_log_attributes (self);

    gtk_label_set_attributes (self->talk_log_label, attrs);
    pango_attr_list_unref (attrs);
  }
  gtk_widget_set_visible (self->talk_button, self->talk_log->len > 0);
}

/* The talk log's button goes after @after in @controls, a vertical box of the game's
 * controls in the header's corner, so that they stand around it; NULL: back at the
 * corner's own end. */
void
_bk_window_place_talk (BkWindow  *self,
                       GtkWidget *controls,
                       GtkWidget *after)
{
  g_autoptr (GtkWidget) talk = g_object_ref (self->talk_button);
  GtkWidget *parent = controls ? controls : self->header_slot;

  if (gtk_widget_get_parent (talk) == parent)
    return;
  gtk_box_remove (GTK_BOX (gtk_widget_get_parent (talk)), talk);
  if (controls)
    gtk_box_insert_child_after (GTK_BOX (controls), talk, after);
  else
    gtk_box_append (GTK_BOX (self->header_slot), talk);
}

void
_bk_window_hand_dealt_cb (BkWindow *self)
{
  _bk_window_update_talk_log (self);
}

void
_bk_window_table_dismissed_cb (BkWindow *self)
{
  _bk_window_each_controller (self, bk_seat_controller_hurry);
  _bk_window_prompt_now (self);
}

static void
card_played_cb (BkWindow *self,
                guint     seat,
                guint     card)
{
  g_autofree char *name = bk_card_display_name ((BkCard) card);
  g_autofree char *text = NULL;

  /* the person's own: the verb agrees with "You" (issue 34) */
  if (_bk_window_is_person_here (self, seat))
    /* Translators: announced to screen readers: "You play Ober of Hearts" */
    text = g_strdup_printf (_("You play %s"), name);
  else
    /* Translators: announced to screen readers: "Gretl plays Ober of Hearts" */
    text = g_strdup_printf (_("%s plays %s"), _bk_window_name_at (self, seat), name);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->table),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  /* The header follows the turn, which the game tells after every card. */
}

static gboolean
announce_partner_cb (gpointer user_data)
{
  BkWindow *self = user_data;
  g_autofree char *text = g_strdup_printf (_("%s is your partner"),
                                           _bk_window_name_at (self,
                                                               bk_game_get_partner (self->game,
                                                                                    _bk_window_person_seat (self))));

  self->announce_id = 0;
  /* The timeout is in whole milliseconds and may come a little before the walk ends (or
   * the table was held up meanwhile): the partner is told, and the title leaves the draw,
   * once it is over; nothing else would change the title before the first word. */
  if (bk_table_is_seating (self->table))
    {
      self->announce_id = g_timeout_add (16, announce_partner_cb, self);
      return G_SOURCE_REMOVE;
    }
  _bk_window_update_names (self);
  update_controls (self);
  _bk_window_toast (self, text);
  return G_SOURCE_REMOVE;
}

/* spec B2.1: the partners found by the ceremony move opposite each other (the game says
 * who sits where now); the names follow once the table has shown the walk. */
void
_bk_window_partners_found_cb (BkWindow *self)
{
  gint64 wait;

  wait = bk_table_get_busy_until (self->table) - g_get_monotonic_time ();
  g_clear_handle_id (&self->announce_id, g_source_remove);
  self->announce_id = g_timeout_add ((guint) MAX ((wait + 999) / 1000, 0), announce_partner_cb,
                                     self);
}

/* The turn or the phase changed. An action (or a deal) tells of both at once: the header
 * is updated once for what the model is now, the prompt looks again either way. */
static void
turn_changed_cb (BkWindow *self)
{
  if (self->shown_generation == bk_game_get_generation (self->game) &&
      self->shown_phase == bk_game_get_phase (self->game) &&
      self->shown_to_act == bk_game_get_to_act (self->game))
    {
      if (self->prompt_id == 0)
        self->prompt_id = g_idle_add (prompt_cb, self);
      return;
    }
  _bk_window_game_changed_cb (self);
}

/* The model's signals, connected once: a game is only the groups' target. The order within
 * a group is the order its handlers run in; the game's own group comes first. */
void
_bk_window_play_init (BkWindow *self)
{
  const BkGameView * const *views = bk_game_views ();
  GSignalGroup *game = g_signal_group_new (BK_TYPE_GAME);

  self->view_signals = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; views[i]; i++)
    {
      GSignalGroup *group = g_signal_group_new (BK_TYPE_GAME);

      if (views[i]->connect)
        views[i]->connect (self, group);
      g_ptr_array_add (self->view_signals, group);
    }

  g_signal_group_connect_swapped (game, "hand-dealt", G_CALLBACK (_bk_window_update_talk_log),
                                  self);
  g_signal_group_connect_swapped (game, "card-played", G_CALLBACK (card_played_cb), self);
  g_signal_group_connect_swapped (game, "notify::to-act", G_CALLBACK (turn_changed_cb), self);
  g_signal_group_connect_swapped (game, "notify::phase", G_CALLBACK (turn_changed_cb), self);
  g_signal_group_connect_swapped (game, "hand-dealt", G_CALLBACK (_bk_window_schedule_save),
                                  self);
  g_signal_group_connect_swapped (game, "card-played", G_CALLBACK (_bk_window_schedule_save),
                                  self);
  g_signal_group_connect_swapped (game, "notify::phase", G_CALLBACK (_bk_window_schedule_save),
                                  self);
  _bk_window_sounds_init (self, game);
  self->game_signals = game;
}

/* The window listens to @game from now on (NULL: to no game). */
void
_bk_window_play_set_game (BkWindow *self,
                          BkGame   *game)
{
  const BkGameView * const *views = bk_game_views ();
  const BkGameView *view = game ? _bk_window_get_view (self) : NULL;

  if (self->game_signals == NULL)
    return;
  /* The new game's first change is shown, whatever the last one showed. */
  self->shown_generation = G_MAXUINT;
  bk_sound_cancel (self->sound);
  g_signal_group_set_target (self->game_signals, NULL);
  for (guint i = 0; views[i]; i++)
    g_signal_group_set_target (g_ptr_array_index (self->view_signals, i),
                               views[i] == view ? game : NULL);
  g_signal_group_set_target (self->game_signals, game);
}
