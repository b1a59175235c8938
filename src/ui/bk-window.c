/* bk-window.c: the main window. It connects the game (the model) to the table, the game's
 * decorations and the dialogs; it asks the human for talk and doubling when the game says it is his
 * turn. The session store (BkSessionStore) saves after every action and when it closes,
 * and loads the saved session off the main thread once the window is up. This file holds
 * the window's life, its widgets, its messages and its pauses; see bk-window-private.h
 * for the others.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-friends.h"
#include "bk-window-private.h"
#include "bk-window-test.h"

G_DEFINE_FINAL_TYPE (BkWindow, bk_window, ADW_TYPE_APPLICATION_WINDOW)

/* The view of the session's game; without a session, of the game chosen. */
const BkGameView *
_bk_window_get_view (BkWindow *self)
{
  const BkGameView *view;

  if (self->game)
    return bk_game_view_get (bk_game_get_rules (self->game)->game);
  view = self->game_id ? bk_game_view_for_choice (self->game_id) : NULL;
  return view ? view : bk_game_views ()[0];
}

/* The session's game decorates the window; every other game's decorations go. */
void
_bk_window_setup_view (BkWindow *self)
{
  const BkGameView *view = _bk_window_get_view (self);

  for (const BkGameView * const *other = bk_game_views (); *other; other++)
    if (*other != view && (*other)->leave)
      (*other)->leave (self);
  if (view->setup)
    view->setup (self, self->view_state);
}

/* The score beside the table after a change. */
void
_bk_window_refresh_score (BkWindow *self)
{
  const BkGameView *view = _bk_window_get_view (self);

  if (self->game && view->refresh_score)
    view->refresh_score (self, self->view_state);
}

guint
_bk_window_n_seats (BkWindow *self)
{
  return self->game ? bk_game_get_n_seats (self->game) : BK_N_SEATS;
}

gint64
_bk_window_table_busy_cb (gpointer user_data)
{
  BkWindow *self = user_data;
  return bk_table_get_busy_until (self->table);
}

double
_bk_window_animation_speed (BkWindow *self)
{
  switch (g_settings_get_enum (self->settings, "animation-speed"))
    {
    case 0: return 0.0;
    case 1: return 0.6;
    case 3: return 1.8;
    default: return 1.0;
    }
}

/* A window of ours other than this one is open: a dialog, Preferences, the rules, the
 * shortcuts, the tricks, a game's own windows. */
static gboolean
other_window_open (BkWindow *self)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  /* or something holds the game (bk_window_hold()) */
  if (self->holds > 0)
    return TRUE;
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) top = g_list_model_get_item (toplevels, i);
      GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (top));

      /* another game window's own dialog covers that window, not this one */
      if (parent && BK_IS_WINDOW (parent) && parent != GTK_WINDOW (self))
        continue;
      if (top != GTK_WIDGET (self) && !BK_IS_WINDOW (top) && gtk_widget_get_visible (top))
        return TRUE;
    }
  return FALSE;
}

/* The game pauses while any other window of ours is open: no raise, card or animation
 * happens behind it, and no dialog of the game comes on top of it. When the last one
 * closes the keyboard goes back to the hand and the game goes on. */
void
_bk_window_sync_pause (BkWindow *self)
{
  gboolean open;

  if (gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  open = other_window_open (self);
  /* Nor does the table move on behind it (a deal, the seating draw): it goes on from
   * where it stood once the window closes. */
  /* The table may be gone already while the window is taken down. */
  if (self->table)
    bk_table_set_paused (self->table, open);
  if (!_bk_window_has_controllers (self) || open == self->paused)
    return;
  self->paused = open;
  if (open)
    {
      _bk_window_each_controller (self, bk_seat_controller_pause);
      /* The game's controls see the pause (an offer goes while the chooser is up). */
      if (self->game && _bk_window_get_view (self)->update_controls)
        _bk_window_get_view (self)->update_controls (self, self->view_state);
      return;
    }
  _bk_window_each_controller (self, bk_seat_controller_resume);
  bk_table_focus_hand (self->table);
  _bk_window_prompt_now (self);
}

void
bk_window_hold (BkWindow *self)
{
  g_return_if_fail (BK_IS_WINDOW (self));

  self->holds++;
  _bk_window_sync_pause (self);
}

void
bk_window_release (BkWindow *self)
{
  g_return_if_fail (BK_IS_WINDOW (self));
  g_return_if_fail (self->holds > 0);

  self->holds--;
  _bk_window_sync_pause (self);
}

static void
toplevels_changed_cb (BkWindow   *self,
                      guint       position,
                      guint       removed,
                      guint       added,
                      GListModel *toplevels)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr (GObject) top = g_list_model_get_item (toplevels, i);

      if (top != G_OBJECT (self) && g_object_get_data (top, "bk-window-watch") != self)
        {
          g_object_set_data (top, "bk-window-watch", self);
          g_signal_connect_object (top, "notify::visible", G_CALLBACK (_bk_window_sync_pause), self,
                                   G_CONNECT_SWAPPED);
        }
    }
  _bk_window_sync_pause (self);
}

static gboolean
focus_hand_cb (gpointer user_data)
{
  BkWindow *self = user_data;

  bk_table_focus_hand (self->table);
  return G_SOURCE_REMOVE;
}

/* A button's tooltip lay over the first line of the popover it opened (issue 34): it has
 * none while that is open. */
static void
popover_visible_cb (GtkWidget  *popover,
                    GParamSpec *pspec,
                    GtkWidget  *button)
{
  gboolean open = gtk_widget_get_visible (popover);

  gtk_widget_set_has_tooltip (button, !open);
  if (open)
    gtk_widget_trigger_tooltip_query (button);
}

void
_bk_window_quiet_tooltip (GtkMenuButton *button)
{
  g_signal_connect_object (gtk_menu_button_get_popover (button), "notify::visible",
                           G_CALLBACK (popover_visible_cb), button, 0);
}

/* After a menu or popover the keyboard goes back to the hand. */
static void
popover_closed_cb (BkWindow *self)
{
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, focus_hand_cb, g_object_ref (self), g_object_unref);
}

/* The window is named after the game of its session. */
void
_bk_window_update_title (BkWindow *self)
{
  const char *title = _(_bk_window_get_view (self)->title);

  gtk_window_set_title (GTK_WINDOW (self), title);
  adw_window_title_set_title (self->title, title);
}

/* The Meister's advice, for the tests. */
BkHint *
bk_window_get_hint (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return self->hint;
}

static void
theme_changed_cb (BkWindow *self)
{
  g_autoptr (BkCardTheme) theme = bk_settings_apply_theme (self->settings, self->table);

  if (theme != NULL)
    g_set_object (&self->theme, theme);
}

static void
speed_changed_cb (BkWindow *self)
{
  bk_table_set_animation_speed (self->table, _bk_window_animation_speed (self));
  _bk_window_controllers_set_speed (self, _bk_window_animation_speed (self));
}

static void
names_changed_cb (BkWindow *self)
{
  _bk_window_load_people (self);
  _bk_window_update_names (self);
}

static void
strength_changed_cb (BkWindow *self)
{
  if (self->game)
    _bk_window_install_players (self);
}

static gboolean
bk_window_close_request (GtkWindow *window)
{
  BkWindow *self = BK_WINDOW (window);
  g_autoptr (GError) error = NULL;
  int width, height;

  /* Closed (or SIGTERM) while the save is still read: the file is the session, but the
   * window closes only once the load is done, so nothing is half set up. */
  if (self->loading)
    {
      self->close_pending = TRUE;
      return TRUE;
    }
  /* a host at a table with friends is asked whether to keep it (hostquit) */
  if (bk_friends_close_request (self))
    return TRUE;
  /* A failure was told with a toast while playing; now there is nobody to tell. */
  if (!bk_window_save (self, &error))
    g_message ("Could not save the session: %s", error->message);

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  return GTK_WINDOW_CLASS (bk_window_parent_class)->close_request (window);
}

/* A dialog destroyed with its parent keeps pointing at it while something still holds the
 * dialog (GTK 4.8 only destroys it); when the dialog goes later it disconnects from a
 * window already freed. So each window transient for this one lets go of it first. */
static void
drop_transient_windows (BkWindow *self)
{
  g_autoptr (GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());
  g_autoptr (GPtrArray) ours = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (gtk_window_get_transient_for (window) == GTK_WINDOW (self))
        g_ptr_array_add (ours, g_steal_pointer (&window));
    }
  for (guint i = 0; i < ours->len; i++)
    {
      GtkWindow *window = g_ptr_array_index (ours, i);
      gboolean destroy = gtk_window_get_destroy_with_parent (window);

      gtk_window_set_transient_for (window, NULL);
      if (destroy)
        gtk_window_destroy (window);
    }
}

static void
bk_window_dispose (GObject *object)
{
  BkWindow *self = BK_WINDOW (object);

  drop_transient_windows (self);
  _bk_window_drop_toast_lift (self);
  _bk_window_drop_toasts (self);
  g_clear_handle_id (&self->prompt_id, g_source_remove);
  g_clear_handle_id (&self->announce_id, g_source_remove);
  if (self->loading)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  /* The last action is written before the store goes (its dispose waits for the writer). */
  if (self->save_id)
    {
      g_clear_handle_id (&self->save_id, g_source_remove);
      _bk_window_save_cb (self);
    }
  _bk_window_play_set_game (self, NULL);
  g_clear_object (&self->game_signals);
  g_clear_pointer (&self->view_signals, g_ptr_array_unref);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  _bk_window_drop_controllers (self);
  g_clear_object (&self->game);
  if (self->store)
    g_signal_handlers_disconnect_by_data (self->store, self);
  g_clear_object (&self->store);
  if (self->recorder)
    {
      /* The last hand is on disk before the window goes. */
      bk_history_recorder_watch (self->recorder, NULL);
      bk_history_recorder_flush (self->recorder);
      g_signal_handlers_disconnect_by_data (self->recorder, self);
    }
  g_clear_object (&self->hint);
  g_clear_object (&self->sound);
  g_clear_object (&self->recorder);
  g_clear_object (&self->theme);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  /* the dialog goes with the window (destroy-with-parent): it must not clear our pointer
   * once we are gone */
  g_clear_weak_pointer (&self->dialog);

  gtk_widget_dispose_template (GTK_WIDGET (self), BK_TYPE_WINDOW);

  G_OBJECT_CLASS (bk_window_parent_class)->dispose (object);
}

static void
bk_window_finalize (GObject *object)
{
  BkWindow *self = BK_WINDOW (object);

  for (guint i = 0; i < BK_MAX_SEATS; i++)
    g_free (self->people[i]);
  g_free (self->game_id);
  g_free (self->broken_text);
  g_string_free (self->talk_log, TRUE);
  g_clear_pointer (&self->table_words, g_ptr_array_unref);
  _bk_window_forget_table_verdict (self);

  G_OBJECT_CLASS (bk_window_parent_class)->finalize (object);
}

/* A game's score in the corner grows with the table, and shrinks on a phone-sized window. */
static gboolean
overlay_child_position_cb (BkWindow      *self,
                           GtkWidget     *child,
                           GdkRectangle  *allocation,
                           GtkOverlay    *overlay)
{
  BkRect corner;

  /* The table is laid out by now: the toasts keep above its hand. */
  _bk_window_queue_lift_toasts (self);
  /* Where the table (under the overlay, as large) keeps the corner free for it. */
  if (child != self->corner_box ||
      !bk_table_get_corner (self->table, BK_TABLE_CORNER_LEFT, &corner))
    return FALSE;
  *allocation = (GdkRectangle) { corner.x, corner.y, corner.width, corner.height };
  return TRUE;
}

static void
bk_window_class_init (BkWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = bk_window_dispose;
  object_class->finalize = bk_window_finalize;
  window_class->close_request = bk_window_close_request;

  g_type_ensure (BK_TYPE_TABLE);
  g_type_ensure (BK_TYPE_BANNER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/bk-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BkWindow, title);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, notice_banner);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, failure_banner);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, history_banner);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, table);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, corner_box);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, header_slot);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, talk_button);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, talk_popover);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, talk_log_label);
  gtk_widget_class_bind_template_callback (widget_class, overlay_child_position_cb);

  _bk_window_class_actions_init (widget_class);
  for (const BkGameView * const *view = bk_game_views (); *view; view++)
    if ((*view)->class_init)
      (*view)->class_init (widget_class);
}

/* The game goes on; only the statistics start afresh. */
static void
history_set_aside_cb (BkWindow   *self,
                      const char *path)
{
  _bk_window_toast (self, _("The history of your hands was damaged and has been set aside; "
                 "a new one has been started."));
}

static void
bk_window_init (BkWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* That saving fails stays in view until a save works again. */
  bk_banner_set_dismissable (self->failure_banner, FALSE);
  /* No session until the save is read. */
  _bk_window_update_session_actions (self);

  self->settings = g_settings_new (APP_ID);
  self->sound = bk_sound_new ();
  g_settings_bind (self->settings, "sounds", self->sound, "enabled", G_SETTINGS_BIND_GET);
  self->talk_log = g_string_new (NULL);
  _bk_window_play_init (self);
  self->game_id = bk_settings_dup_game (self->settings);
  self->person_seats = 1u << BK_SEAT_S;
  _bk_window_load_people (self);

  for (const BkGameView * const *view = bk_game_views (); *view; view++)
    if ((*view)->init)
      (*view)->init (self);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  theme_changed_cb (self);
  speed_changed_cb (self);
  g_signal_connect_swapped (self->settings, "changed::card-theme", G_CALLBACK (theme_changed_cb),
                            self);
  g_signal_connect_swapped (self->settings, "changed::animation-speed",
                            G_CALLBACK (speed_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::player-names",
                            G_CALLBACK (names_changed_cb), self);
  for (const BkGameView * const *view = bk_game_views (); *view; view++)
    {
      g_autofree char *signal = g_strconcat ("changed::", (*view)->strength_key, NULL);

      g_signal_connect_swapped (self->settings, signal, G_CALLBACK (strength_changed_cb), self);
    }

  /* Keyboard play works at once: digits and arrows go to the table. */
  gtk_widget_grab_focus (GTK_WIDGET (self->table));
  g_signal_connect_swapped (self->table, "dismissed", G_CALLBACK (_bk_window_table_dismissed_cb),
                            self);
  g_signal_connect_swapped (gtk_menu_button_get_popover (GTK_MENU_BUTTON (self->menu_button)),
                            "closed", G_CALLBACK (popover_closed_cb), self);
  g_signal_connect_swapped (self->talk_popover, "closed", G_CALLBACK (popover_closed_cb), self);
  _bk_window_quiet_tooltip (GTK_MENU_BUTTON (self->menu_button));
  _bk_window_quiet_tooltip (GTK_MENU_BUTTON (self->talk_button));
  {
    GListModel *toplevels = gtk_window_get_toplevels ();

    g_signal_connect_object (toplevels, "items-changed", G_CALLBACK (toplevels_changed_cb),
                             self, G_CONNECT_SWAPPED);
    toplevels_changed_cb (self, 0, 0, g_list_model_get_n_items (toplevels), toplevels);
  }

  self->recorder = bk_history_recorder_new (NULL);
  g_signal_connect_swapped (self->recorder, "set-aside", G_CALLBACK (history_set_aside_cb), self);
  /* Why hands are not recorded stays in view until they are again. */
  g_signal_connect_object (self->recorder, "problem", G_CALLBACK (bk_banner_show),
                           self->history_banner, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->recorder, "problem-solved", G_CALLBACK (bk_banner_hide),
                           self->history_banner, G_CONNECT_SWAPPED);
  self->hint = bk_hint_new (self->table, self->recorder);
  g_signal_connect_object (self->hint, "message", G_CALLBACK (_bk_window_toast), self,
                           G_CONNECT_SWAPPED);
  _bk_window_set_store (self, bk_session_store_new_for_game (self->game_id, NULL));
  _bk_window_update_title (self);
  _bk_window_load_session (self);
}

BkWindow *
bk_window_new (AdwApplication *application)
{
  return g_object_new (BK_TYPE_WINDOW, "application", application, NULL);
}

BkGame *
bk_window_get_game (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return self->game;
}

BkTable *
bk_window_get_table (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return self->table;
}

/* Where computer player @person (1 to 3, as in the player-names setting) sits now, after
 * the seating draw. */
BkSeat
bk_window_get_seat_of (BkWindow *self,
                       guint     person)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), BK_SEAT_NONE);

  for (guint s = 0; s < BK_N_SEATS; s++)
    if (_bk_window_player_at (self, (BkSeat) s) == person)
      return (BkSeat) s;
  return BK_SEAT_NONE;
}

/* The dialog of the game that waits for the person, held weakly: one destroyed without an
 * answer (with its window, by GTK, by a caller) leaves no pointer behind for the next
 * session to destroy again. */
void
_bk_window_set_dialog (BkWindow         *self,
                       AdwMessageDialog *dialog)
{
  g_set_weak_pointer (&self->dialog, dialog);
}

/* @dialog was answered: it is no longer the one that waits. */
void
_bk_window_forget_dialog (BkWindow         *self,
                          AdwMessageDialog *dialog)
{
  if (self->dialog == dialog)
    g_clear_weak_pointer (&self->dialog);
}

/* The dialog that waits goes, unanswered (a new session, another game's). */
void
_bk_window_destroy_dialog (BkWindow *self)
{
  AdwMessageDialog *dialog = self->dialog;

  if (dialog == NULL)
    return;
  g_clear_weak_pointer (&self->dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The talk, doubling or result dialog that waits for the human, if any. */
AdwMessageDialog *
bk_window_get_dialog (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return self->dialog;
}

/* Nothing is thinking, moving or about to ask: the game waits for the human. */
gboolean
bk_window_is_settled (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), FALSE);
  return self->loading == NULL && self->prompt_id == 0 &&
         _bk_window_controllers_idle (self);
}

/* The message at the top of the window that stays until dismissed (one too long for a
 * toast, a save that cannot be read), or NULL. */
const char *
bk_window_get_notice (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return bk_banner_get_text (self->notice_banner);
}

/* The message that saving fails, shown until a save works again, or NULL. */
const char *
bk_window_get_save_problem (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return bk_banner_get_text (self->failure_banner);
}

/* Why the hands cannot be recorded now, shown until they are again, or NULL. */
const char *
bk_window_get_history_problem (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return bk_banner_get_text (self->history_banner);
}

/* TRUE while the saved session is read and replayed: there is no game yet. */
gboolean
bk_window_is_loading (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), FALSE);
  return self->loading != NULL;
}

/* The history the finished hands go into, for the statistics. */
BkHistoryRecorder *
bk_window_get_history_recorder (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return self->recorder;
}

/* Never wider or taller than the window @window is transient for, from the moment it is
 * set: on a phone-sized window Preferences or the rules cover it instead of sticking out. */
static void
fit_inside_parent_cb (GtkWindow *window)
{
  GtkWindow *parent = gtk_window_get_transient_for (window);
  int width, height, parent_width, parent_height;

  if (parent == NULL)
    return;
  /* The default size follows the window's size as it is resized (without the frame's
   * shadow); a maximized window's is the size it goes back to. */
  gtk_window_get_default_size (parent, &parent_width, &parent_height);
  if (gtk_window_is_maximized (parent) || gtk_window_is_fullscreen (parent) ||
      parent_width <= 0 || parent_height <= 0)
    {
      parent_width = gtk_widget_get_width (GTK_WIDGET (parent));
      parent_height = gtk_widget_get_height (GTK_WIDGET (parent));
    }
  gtk_window_get_default_size (window, &width, &height);
  if (parent_width > 0 && width > parent_width)
    width = parent_width;
  if (parent_height > 0 && height > parent_height)
    height = parent_height;
  gtk_window_set_default_size (window, width, height);
}

void
bk_window_fit_inside_parent (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  g_signal_connect (window, "notify::transient-for", G_CALLBACK (fit_inside_parent_cb), NULL);
  fit_inside_parent_cb (window);
}
