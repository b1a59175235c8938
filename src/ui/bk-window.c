/* bk-window.c: the main window. It connects the game (the model) to the table, the coaster
 * and the dialogs; it asks the human for talk and doubling when the game says it is his
 * turn. The session store (BkSessionStore) saves after every action and when it closes,
 * and loads the saved session off the main thread once the window is up.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <string.h>

#include "bk-banner.h"
#include "bk-bidding-dialog.h"
#include "bk-bollen-history.h"
#include "bk-card-view.h"
#include "bk-coaster.h"
#include "bk-computer-players.h"
#include "bk-bierkopf-query.h"
#include "bk-game-query.h"
#include "bk-game-take-back.h"
#include "bk-herzla-game.h"
#include "bk-herzla-sheets.h"
#include "bk-hint.h"
#include "bk-history-recorder.h"
#include "bk-levels.h"
#include "bk-new-session-dialog.h"
#include "bk-record.h"
#include "bk-result-dialog.h"
#include "bk-review-window.h"
#include "bk-retour-offer.h"
#include "bk-rules-window.h"
#include "bk-session-store.h"
#include "bk-settings.h"
#include "bk-statistics-window.h"
#include "bk-tricks-dialog.h"
#include "bk-table-layout.h"
#include "bk-window.h"

#define HUMAN BK_SEAT_S
/* A computer player's Retour is shown this long (at the normal pace) before anyone moves
 * on, unless the person clicks or presses a key. */
#define RETOUR_HOLD_USEC (G_USEC_PER_SEC * 22 / 10)

struct _BkWindow
{
  AdwApplicationWindow  parent_instance;

  AdwWindowTitle       *title;
  AdwToastOverlay      *toasts;
  BkBanner             *notice_banner;  /* a message too long for a toast, until dismissed */
  BkBanner             *failure_banner; /* while saving fails */
  BkBanner             *history_banner; /* while hands cannot be recorded */
  BkTable              *table;
  GtkWidget            *coaster_box;
  GtkLabel             *multiplier_label;
  GtkWidget            *retour_button;
  GtkWidget            *retour_offer;
  GtkWidget            *menu_button;
  GtkWidget            *talk_button;
  GtkPopover           *talk_popover;
  GtkLabel             *talk_log_label;
  BkCoaster            *coaster;

  GSettings            *settings;
  BkGame               *game;
  BkComputerPlayers    *computers;
  BkCardTheme          *theme;
  BkSessionStore       *store;
  BkHistoryRecorder    *recorder;     /* the finished hands go into the history */
  BkHint               *hint;         /* the Meister's advice (Ctrl+H) */
  GCancellable         *loading;      /* while the save is read; NULL after */
  guint                 save_id;
  gboolean              close_pending; /* closed while loading: close once loaded */

  char                 *people[BK_MAX_SEATS]; /* 0 is the human */
  guint                 person[BK_MAX_SEATS];  /* who sits at each seat */
  GArray               *history;             /* BkHandResult of the current Bollen */
  BkTeam                bollen_winner;
  char                 *game_id;             /* "bierkopf", "herzla", "herzla-simple" */
  GArray               *herzla_results;      /* BkHerzlaResult of every hand of Herzla */
  char                 *broken_text;         /* H4.3, H4.4: why this hand stopped early */

  AdwMessageDialog     *dialog;
  gboolean              paused;     /* the computer players wait for a window of ours */
  GString              *talk_log;   /* this hand's words and doublings, a line each */
  AdwToast             *last_toast; /* not owned; cleared when dismissed */
  AdwToast             *wait_toast; /* "Wait for your turn", until it is the person's turn */
  gint64                wait_toast_since; /* when it was shown (monotonic) */
  guint                 prompt_id;
  guint                 announce_id;
};

G_DEFINE_FINAL_TYPE (BkWindow, bk_window, ADW_TYPE_APPLICATION_WINDOW)

static void setup_game (BkWindow *self, BkGame *game);
static void sync_pause (BkWindow *self);
static void new_session_action (GtkWidget *widget, const char *action_name,
                                GVariant *parameter);
static void prompt_now (BkWindow *self);

/* The session is one of Bierkopf (its coaster, talk and doubling), not of Herzla. */
static gboolean
is_bierkopf (BkWindow *self)
{
  return self->game == NULL || bk_game_get_rules (self->game)->game == BK_GAME_BIERKOPF;
}

/* The one answer the title ("Your turn") and a click on a card (played, or "Wait for your
 * turn") both go by. */
static gboolean
is_persons_turn (BkWindow *self)
{
  return self->game != NULL && bk_game_get_phase (self->game) == BK_PHASE_PLAYING &&
         bk_game_get_to_act (self->game) == HUMAN;
}

static guint
n_seats (BkWindow *self)
{
  return self->game ? bk_game_get_n_seats (self->game) : BK_N_SEATS;
}

/* The names of the seats, the person "You", in seat order. */
static void
seat_names (BkWindow   *self,
            const char *names[BK_MAX_SEATS])
{
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    names[s] = self->people[self->person[s]];
}

static gint64
table_busy_cb (gpointer user_data)
{
  BkWindow *self = user_data;
  return bk_table_get_busy_until (self->table);
}

static double
animation_speed (BkWindow *self)
{
  switch (g_settings_get_enum (self->settings, "animation-speed"))
    {
    case 0: return 0.0;
    case 1: return 0.6;
    case 3: return 1.8;
    default: return 1.0;
    }
}

/* AdwToast's own default. */
#define TOAST_SECONDS 5

static void
toast_dismissed_cb (AdwToast *toast,
                    BkWindow *self)
{
  if (self->last_toast == toast)
    self->last_toast = NULL;
  if (self->wait_toast == toast)
    self->wait_toast = NULL;
}

/* libadwaita 1.2 frees a toast dismissed while it still slides in (up to 500 ms when it
 * replaces another) and then crashes when the slide ends: a toast is taken away only
 * after that. */
#define TOAST_SHOWN_USEC (600 * 1000)

static gboolean
dismiss_later_cb (gpointer data)
{
  adw_toast_dismiss (ADW_TOAST (data));
  return G_SOURCE_REMOVE;
}

/* Once it is the person's turn, "Wait for your turn" is no longer true: the window stops
 * saying it at once, and the toast goes as soon as libadwaita allows. */
static void
drop_wait_toast (BkWindow *self)
{
  AdwToast *toast;
  gint64 left;

  if (self->wait_toast == NULL || !is_persons_turn (self))
    return;
  toast = g_steal_pointer (&self->wait_toast);
  if (self->last_toast == toast)
    self->last_toast = NULL;
  left = self->wait_toast_since + TOAST_SHOWN_USEC - g_get_monotonic_time ();
  if (left <= 0)
    adw_toast_dismiss (toast);
  else
    g_timeout_add_full (G_PRIORITY_DEFAULT, (guint) (left / 1000) + 1, dismiss_later_cb,
                        g_object_ref (toast), g_object_unref);
}

/* Whether @text is read whole in a toast of the window at its width: a toast cuts a long
 * title short with "…" (its close button and margins take about 120 pixels). */
static gboolean
fits_toast (BkWindow   *self,
            const char *text)
{
  g_autoptr (PangoLayout) layout = NULL;
  PangoFontDescription *font;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int text_width = 0, height;

  if (width <= 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  /* Measured only when it might fit: laying out megabytes holds up the main loop. */
  if (strlen (text) > 200 || strchr (text, '\n'))
    return FALSE;
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  /* A toast's title is a heading: bold (a Russian one measured in the regular weight was
   * cut off at 360 pixels). */
  font = pango_font_description_copy (pango_context_get_font_description (
                                        pango_layout_get_context (layout)));
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_get_pixel_size (layout, &text_width, NULL);
  return text_width <= MIN (width, 720) - 120;
}

/* A message that stays at the top of the window until dismissed. */
static void
notice (BkWindow   *self,
        const char *text)
{
  bk_banner_show (self->notice_banner, text);
}

/* A message at the bottom for @timeout seconds (0: until dismissed; then shown at once,
 * never queued, so that drop_wait_toast() knows when it came); the same one again while it
 * is shown is not repeated. One longer than a toast holds goes to the top of the window,
 * read whole. */
static void
toast_for (BkWindow   *self,
           const char *text,
           guint       timeout)
{
  AdwToast *toast;

  if (!fits_toast (self, text))
    {
      notice (self, text);
      return;
    }
  if (self->last_toast && g_strcmp0 (adw_toast_get_title (self->last_toast), text) == 0)
    return;
  toast = adw_toast_new (text);
  adw_toast_set_timeout (toast, timeout);
  if (timeout == 0)
    adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  self->last_toast = toast;
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self, 0);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

static void
toast (BkWindow   *self,
       const char *text)
{
  toast_for (self, text, TOAST_SECONDS);
}

static void
update_names (BkWindow *self)
{
  const char *names[BK_MAX_SEATS + 1] = { NULL };

  seat_names (self, names);
  names[n_seats (self)] = NULL;
  bk_table_set_player_names (self->table, names);
}

static void
load_people (BkWindow *self)
{
  g_auto (GStrv) names = g_settings_get_strv (self->settings, "player-names");
  /* Franconian first names for computer players without a name (Herzla's simple form
   * has up to seven of them). */
  static const char *fallback[] = { "Sepp", "Gretl", "Hans", "Vroni", "Schorsch", "Kathl",
                                    "Wastl" };

  g_free (self->people[0]);
  self->people[0] = g_strdup (_("You"));
  for (guint i = 1; i < BK_MAX_SEATS; i++)
    {
      const char *name = names && g_strv_length (names) >= i && names[i - 1][0]
                         ? names[i - 1] : fallback[i - 1];
      g_free (self->people[i]);
      self->people[i] = g_strdup (name);
    }
}

static void
update_coaster (BkWindow *self)
{
  if (self->game == NULL || !is_bierkopf (self))
    return;
  bk_coaster_set_state (self->coaster,
                        bk_bierkopf_game_get_lines_left (self->game, BK_TEAM_SN),
                        bk_bierkopf_game_get_lines_left (self->game, BK_TEAM_WE),
                        bk_bierkopf_game_get_dots (self->game, BK_TEAM_SN),
                        bk_bierkopf_game_get_dots (self->game, BK_TEAM_WE),
                        bk_bierkopf_game_get_carry (self->game));
}

/* Herzla: what the title says now (H3, H4). */
static void
update_herzla_controls (BkWindow *self)
{
  BkPhase phase = bk_game_get_phase (self->game);
  BkSeat to_act = bk_game_get_to_act (self->game);
  const char *subtitle = "";
  g_autofree char *owned = NULL;

  gtk_widget_set_visible (self->retour_offer, FALSE);
  gtk_widget_set_visible (self->retour_button, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.retour", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.no-retour", FALSE);
  gtk_widget_set_visible (self->talk_button, self->talk_log->len > 0);

  if (phase == BK_PHASE_BIDDING && to_act == HUMAN)
    subtitle = _("Beddl, Mord or weiter?");
  else if (is_persons_turn (self))
    subtitle = _("Your turn");
  else if ((phase == BK_PHASE_PLAYING || phase == BK_PHASE_BIDDING) && to_act != BK_SEAT_NONE)
    subtitle = owned = g_strdup_printf (_("%s is thinking…"), self->people[self->person[to_act]]);
  else if (bk_game_is_session_over (self->game))
    subtitle = _("The session is over");
  adw_window_title_set_subtitle (self->title, subtitle);
}

static void
update_controls (BkWindow *self)
{
  g_autofree char *multiplier = NULL;
  BkPhase phase = bk_game_get_phase (self->game);
  BkSeat to_act = bk_game_get_to_act (self->game);
  gboolean retour, waiting, offer;
  const char *subtitle = "";
  g_autofree char *owned = NULL;

  drop_wait_toast (self);
  if (!is_bierkopf (self))
    {
      update_herzla_controls (self);
      return;
    }
  retour = phase == BK_PHASE_PLAYING && bk_bierkopf_game_may_double (self->game, HUMAN);
  waiting = bk_bierkopf_game_is_waiting_for_retour (self->game, HUMAN);
  /* spec B3.6: the offer is shown once the table has shown what came before. */
  offer = waiting && !bk_table_is_holding (self->table) &&
          bk_table_get_busy_until (self->table) <= g_get_monotonic_time ();
  multiplier = g_strdup_printf ("×%u", bk_bierkopf_game_get_multiplier (self->game));
  gtk_label_set_text (self->multiplier_label, multiplier);
  /* What everybody said and raised so far, then the question; on a narrow table only
   * the last raise (the rest is in the talk log). */
  if (offer && !gtk_widget_get_visible (self->retour_offer))
    bk_retour_offer_set_question (BK_RETOUR_OFFER (self->retour_offer),
                                  bk_bierkopf_game_get_multiplier (self->game), self->talk_log->str,
                                  gtk_widget_get_width (GTK_WIDGET (self->table)) < 620);
  gtk_widget_set_visible (self->retour_offer, offer);
  gtk_widget_set_visible (self->retour_button, retour && !offer);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.retour", retour);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.no-retour", waiting);
  gtk_widget_set_visible (self->talk_button, self->talk_log->len > 0);

  if (bk_table_is_seating (self->table))
    subtitle = bk_card_get_display_style () == BK_DECK_FRENCH
               ? _("Drawing seats: the first two aces play together")
               : _("Drawing seats: the first two Säue play together");
  else if (waiting)
    subtitle = _("Retour or not?");
  else if (is_persons_turn (self))
    subtitle = _("Your turn");
  else if (phase == BK_PHASE_BIDDING && to_act == HUMAN)
    subtitle = _("Table talk");
  else if ((phase == BK_PHASE_PLAYING || phase == BK_PHASE_BIDDING) && to_act != BK_SEAT_NONE)
    subtitle = owned = g_strdup_printf (_("%s is thinking…"), self->people[self->person[to_act]]);
  adw_window_title_set_subtitle (self->title, subtitle);
}

/* What the human answers in a talk or doubling dialog. */
static void
dialog_response_cb (BkBiddingDialog *dialog,
                    const char      *response,
                    BkWindow        *self)
{
  g_autoptr (GError) error = NULL;

  if (self->dialog == ADW_MESSAGE_DIALOG (dialog))
    self->dialog = NULL;
  /* Answered is gone, also when the answer came by other means than its buttons. */
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  if (self->game == NULL)
    return;
  if (!bk_bidding_dialog_answer (dialog, response, &error))
    toast (self, error->message);
}

/* A word in quotation marks, ending like a sentence: “I can’t help.” */
static char *
quote_word (BkWord word)
{
  const char *text = bk_word_display (word);
  gsize len = strlen (text);
  gboolean ends = len > 0 && strchr (".!?", text[len - 1]) != NULL;
  g_autofree char *sentence = g_strconcat (text, ends ? "" : ".", NULL);

  /* Translators: a word said at the table, in quotation marks */
  return g_strdup_printf (_("“%s”"), sentence);
}

/* What every other player has said in this hand, a sentence each, in the order they
 * spoke; NULL if nobody has said anything. */
static char *
said_so_far (BkWindow *self)
{
  g_autoptr (GString) text = g_string_new (NULL);
  BkSaid said[BK_N_SEATS];
  guint n = bk_bierkopf_game_get_said (self->game, said);

  for (guint i = 0; i < n; i++)
    {
      BkSeat seat = said[i].seat;
      BkWord word = said[i].word;
      g_autofree char *quoted = NULL;

      if (seat == HUMAN || word == BK_WORD_HONOUR)
        continue;
      quoted = quote_word (word);
      if (text->len)
        g_string_append_c (text, '\n');
      if (seat == bk_seat_after (HUMAN, 2))
        /* Translators: e.g. Your partner says: “I can’t help.” */
        g_string_append_printf (text, _("Your partner says: %s"), quoted);
      else
        /* Translators: e.g. Sepp says: “Good!” */
        g_string_append_printf (text, _("%s says: %s"), self->people[self->person[seat]],
                                quoted);
    }
  return text->len ? g_strdup (text->str) : NULL;
}

/* Ctrl+H in the talk's dialog: the Meister's word, told in a toast. */
static gboolean
dialog_hint_cb (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  BkWindow *self = user_data;

  if (self->game)
    bk_hint_request (self->hint, self->game, HUMAN);
  return TRUE;
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

/* A dialog is no window of the application, so the application's F1 and Ctrl+I do not
 * reach it: it gets its own. */
static void
add_dialog_shortcuts (BkWindow  *self,
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
  gtk_widget_add_controller (dialog, keys);
}

/* H3.1: the person's bid. */
static void
herzla_bid_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        BkWindow         *self)
{
  g_autoptr (GError) error = NULL;

  if (self->dialog == dialog)
    self->dialog = NULL;
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  if (self->game && !bk_herzla_bid_dialog_answer (self->game, HUMAN, response, &error))
    toast (self, error->message);
}

/* spec B3.1-B3.4: the human is asked exactly what the game allows now. */
static void
ask_human (BkWindow *self)
{
  BkBiddingDialog *dialog;
  g_autofree char *said = NULL;

  if (self->dialog)
    return;
  if (!is_bierkopf (self))
    {
      AdwMessageDialog *bid = bk_herzla_bid_dialog_new (GTK_WINDOW (self), self->game, HUMAN,
                                                        self->talk_log->len ? self->talk_log->str
                                                                            : NULL);
      if (bid == NULL)
        return;
      self->dialog = bid;
      g_signal_connect (bid, "response", G_CALLBACK (herzla_bid_response_cb), self);
      add_dialog_shortcuts (self, GTK_WIDGET (bid));
      gtk_window_present (GTK_WINDOW (bid));
      return;
    }
  said = said_so_far (self);
  dialog = bk_bidding_dialog_new (GTK_WINDOW (self), self->game, HUMAN, said);
  if (dialog == NULL)
    return;
  self->dialog = ADW_MESSAGE_DIALOG (dialog);
  g_signal_connect (dialog, "response", G_CALLBACK (dialog_response_cb), self);
  {
    GtkEventController *keys = gtk_shortcut_controller_new ();

    gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_h, GDK_CONTROL_MASK),
                        gtk_callback_action_new (dialog_hint_cb, self, NULL)));
    gtk_widget_add_controller (GTK_WIDGET (dialog), keys);
  }
  add_dialog_shortcuts (self, GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
next_hand_cb (AdwMessageDialog *dialog,
              const char       *response,
              BkWindow         *self)
{
  g_autoptr (GError) error = NULL;

  if (self->dialog == dialog)
    self->dialog = NULL;
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  if (g_strcmp0 (response, "review") == 0 && self->game)
    {
      const char *names[BK_MAX_SEATS + 1] = { NULL };

      seat_names (self, names);
      names[n_seats (self)] = NULL;
      bk_review_window_present_game (GTK_WINDOW (self), self->game, names);
    }
  if (g_str_equal (response, "new"))
    {
      new_session_action (GTK_WIDGET (self), "win.new-session", NULL);
      return;
    }
  /* The hand stays over while the person looks at the final sheet. */
  if (g_str_equal (response, "settle"))
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "win.settle-up", NULL);
      return;
    }
  update_coaster (self);
  if (self->game && bk_game_get_phase (self->game) == BK_PHASE_HAND_OVER &&
      !bk_game_is_session_over (self->game) && !bk_game_next_hand (self->game, &error))
    toast (self, error->message);
}

/* spec B5, B6: the result of the hand, then the coaster strikes its lines. */
static void
broken_seen_cb (AdwMessageDialog *dialog,
                const char       *response,
                BkWindow         *self)
{
  if (self->dialog == dialog)
    self->dialog = NULL;
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  g_clear_pointer (&self->broken_text, g_free);
  prompt_now (self);
}

/* H4.3-H5: a broken contract is told first, then the result sheet. */
static void
show_herzla_result (BkWindow *self)
{
  const char *names[BK_MAX_SEATS];
  AdwMessageDialog *dialog;

  if (self->dialog || bk_herzla_game_get_last_result (self->game) == NULL)
    return;
  seat_names (self, names);
  if (self->broken_text)
    {
      dialog = bk_herzla_broken_dialog_new (GTK_WINDOW (self), self->game, self->broken_text);
      g_signal_connect (dialog, "response", G_CALLBACK (broken_seen_cb), self);
    }
  else
    {
      dialog = bk_herzla_result_sheet_new (GTK_WINDOW (self), self->game, names);
      /* The sheet covers the middle: the last trick stays in view on it (issue 21). */
      bk_tricks_dialog_keep_last_trick (dialog, self->game, self->theme, names);
      g_signal_connect (dialog, "response", G_CALLBACK (next_hand_cb), self);
    }
  self->dialog = dialog;
  add_dialog_shortcuts (self, GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_result (BkWindow *self)
{
  const BkHandResult *r;
  BkResultDialog *dialog;

  if (!is_bierkopf (self))
    {
      show_herzla_result (self);
      return;
    }
  r = bk_bierkopf_game_get_last_result (self->game);
  if (self->dialog || r == NULL)
    return;

  dialog = bk_result_dialog_new (GTK_WINDOW (self), r, self->bollen_winner);
  {
    const char *names[BK_MAX_SEATS];

    /* The result covers the middle: the last trick stays in view on it (issue 21). */
    seat_names (self, names);
    bk_tricks_dialog_keep_last_trick (ADW_MESSAGE_DIALOG (dialog), self->game, self->theme,
                                      names);
  }
  self->bollen_winner = BK_TEAM_NONE;
  self->dialog = ADW_MESSAGE_DIALOG (dialog);
  g_signal_connect (dialog, "response", G_CALLBACK (next_hand_cb), self);
  add_dialog_shortcuts (self, GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
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
  if (bk_game_get_phase (self->game) == BK_PHASE_BIDDING && bk_game_get_to_act (self->game) == HUMAN)
    ask_human (self);
  else if (bk_game_get_phase (self->game) == BK_PHASE_HAND_OVER)
    show_result (self);
  return G_SOURCE_REMOVE;
}

static void
game_changed_cb (BkWindow *self)
{
  update_controls (self);
  if (self->prompt_id == 0)
    self->prompt_id = g_idle_add (prompt_cb, self);
}

/* Looks again at once, e.g. after the person moved on from what the table held. */
static void
prompt_now (BkWindow *self)
{
  g_clear_handle_id (&self->prompt_id, g_source_remove);
  game_changed_cb (self);
}

/* One line of this hand's talk: who said what. */
static void
log_talk (BkWindow   *self,
          BkSeat      seat,
          const char *text)
{
  if (self->talk_log->len)
    g_string_append_c (self->talk_log, '\n');
  /* Translators: a line of the hand's talk log: "Sepp: Good!" */
  g_string_append_printf (self->talk_log, _("%s: %s"),
                          seat == HUMAN ? _("You") : self->people[self->person[seat]], text);
  gtk_label_set_text (self->talk_log_label, self->talk_log->str);
  gtk_widget_set_visible (self->talk_button, TRUE);
}

static void
hand_dealt_cb (BkWindow *self)
{
  g_string_truncate (self->talk_log, 0);
  gtk_label_set_text (self->talk_log_label, "");
  gtk_widget_set_visible (self->talk_button, FALSE);
}

static char *
doubling_text (guint multiplier)
{
  if (multiplier == 2)
    return g_strdup (_("Spritze!"));
  /* Translators: a raise after the Spritze, with the new multiplier */
  return g_strdup_printf (_("Retour! ×%u"), multiplier);
}

/* A resumed hand: its talk so far, read from the game's record. */
static void
rebuild_talk_log (BkWindow *self)
{
  g_autofree char *record = bk_game_to_record (self->game);
  g_auto (GStrv) lines = NULL;
  const char *hand;
  guint multiplier = 1;

  hand_dealt_cb (self);
  hand = g_strrstr (record, "\ndealer ");
  if (hand == NULL || bk_game_get_phase (self->game) == BK_PHASE_NEW)
    return;
  lines = g_strsplit (hand + 1, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_auto (GStrv) words = g_strsplit (lines[i], " ", 3);
      BkSeat seat;
      BkWord word;

      if (g_strv_length (words) < 2 || !bk_seat_parse (words[1], &seat, NULL))
        continue;
      if (g_str_equal (words[0], "talk") && words[2] && bk_word_parse (words[2], &word, NULL) &&
          word != BK_WORD_NONE)
        {
          g_autofree char *quoted = quote_word (word);
          log_talk (self, seat, quoted);
        }
      else if (g_str_equal (words[0], "pass"))
        log_talk (self, seat, _("Pass!"));
      else if (g_str_equal (words[0], "double"))
        {
          g_autofree char *text = doubling_text (multiplier *= 2);
          log_talk (self, seat, text);
        }
    }
}

static void
talk_said_cb (BkWindow *self,
              guint     seat,
              guint     word)
{
  g_autofree char *quoted = quote_word ((BkWord) word);

  bk_table_say (self->table, (BkSeat) seat, bk_word_display ((BkWord) word));
  log_talk (self, (BkSeat) seat, quoted);
}

static void
passed_cb (BkWindow *self,
           guint     seat)
{
  /* Translators: said at the table when declining to double ("weiter") */
  bk_table_say (self->table, (BkSeat) seat, _("Pass!"));
  log_talk (self, (BkSeat) seat, _("Pass!"));
}

static void
doubled_cb (BkWindow *self,
            guint     seat,
            guint     multiplier)
{
  g_autofree char *text = doubling_text (multiplier);

  bk_table_say (self->table, (BkSeat) seat, text);
  log_talk (self, (BkSeat) seat, text);

  /* spec B3.6: a computer player's Retour is shown until it has been read (or a click or
   * key moves on); the next raise or card waits for it. */
  if (seat != HUMAN && bk_game_get_phase (self->game) == BK_PHASE_PLAYING)
    {
      g_autofree char *announced = g_strdup_printf ("%s: %s", self->people[self->person[seat]],
                                                    text);

      bk_table_hold (self->table, RETOUR_HOLD_USEC);
      toast (self, announced);
    }
  game_changed_cb (self);
}

/* H3.1: a bid, in a speech bubble and the talk log. */
static void
bid_said_cb (BkWindow *self,
             guint     seat,
             guint     contract)
{
  const char *word = bk_herzla_contract_word ((BkContract) contract);

  bk_table_say (self->table, (BkSeat) seat, word);
  log_talk (self, (BkSeat) seat, word);
}

/* H3.1, H3.2: who plays alone, told once the bidding is over. */
static void
contract_decided_cb (BkWindow *self,
                     guint     declarer,
                     guint     contract)
{
  g_autofree char *text = NULL;

  if (contract == BK_CONTRACT_NORMAL || declarer == BK_SEAT_NONE)
    return;
  if (declarer == HUMAN)
    /* Translators: %s is Beddl or Mord */
    text = g_strdup_printf (_("You play a %s alone against the others"),
                            bk_herzla_contract_word ((BkContract) contract));
  else
    /* Translators: "Sepp plays a Beddl" */
    text = g_strdup_printf (_("%s plays a %s"), self->people[self->person[declarer]],
                            bk_herzla_contract_word ((BkContract) contract));
  toast (self, text);
}

/* H4.3, H4.4: the hand stops; the message comes before the result. */
static void
hand_ended_early_cb (BkWindow *self,
                     guint     seat,
                     guint     contract)
{
  const char *names[BK_MAX_SEATS];

  seat_names (self, names);
  g_free (self->broken_text);
  self->broken_text = bk_herzla_dup_broken_text (self->game, (BkSeat) seat, names);
  game_changed_cb (self);
}

static void
herzla_hand_scored_cb (BkWindow *self,
                       gpointer  result)
{
  g_array_append_vals (self->herzla_results, result, 1);
}

static void
table_dismissed_cb (BkWindow *self)
{
  if (self->computers)
    bk_computer_players_hurry (self->computers);
  prompt_now (self);
}

static void
card_played_cb (BkWindow *self,
                guint     seat,
                guint     card)
{
  g_autofree char *name = bk_card_display_name ((BkCard) card);
  /* Translators: announced to screen readers: "Gretl plays Ober of Hearts" */
  g_autofree char *text = g_strdup_printf (_("%s plays %s"),
                                           self->people[self->person[seat]], name);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->table),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  update_controls (self);
}

static void
hand_scored_cb (BkWindow           *self,
                const BkHandResult *result)
{
  g_array_append_val (self->history, *result);
}

static void
bollen_won_cb (BkWindow *self,
               guint     team)
{
  self->bollen_winner = (BkTeam) team;
  g_array_set_size (self->history, 0);
}

static gboolean
announce_partner_cb (gpointer user_data)
{
  BkWindow *self = user_data;
  g_autofree char *text = g_strdup_printf (_("%s is your partner"),
                                           self->people[self->person[BK_SEAT_N]]);

  self->announce_id = 0;
  /* The timeout is in whole milliseconds and may come a little before the walk ends (or
   * the table was held up meanwhile): the partner is told, and the title leaves the draw,
   * once it is over; nothing else would change the title before the first word. */
  if (bk_table_is_seating (self->table))
    {
      self->announce_id = g_timeout_add (16, announce_partner_cb, self);
      return G_SOURCE_REMOVE;
    }
  update_names (self);
  update_controls (self);
  toast (self, text);
  return G_SOURCE_REMOVE;
}

/* spec B2.1: the partners found by the ceremony move opposite each other. */
static void
partners_found_cb (BkWindow *self,
                   guint     first,
                   guint     second,
                   BkGame   *game)
{
  const BkSeating *seating = bk_bierkopf_game_get_seating (game);
  guint moved[BK_N_SEATS];
  gint64 wait;

  for (guint s = 0; s < BK_N_SEATS; s++)
    moved[seating->moved[s]] = self->person[s];
  memcpy (self->person, moved, sizeof moved);

  wait = bk_table_get_busy_until (self->table) - g_get_monotonic_time ();
  g_clear_handle_id (&self->announce_id, g_source_remove);
  self->announce_id = g_timeout_add ((guint) MAX ((wait + 999) / 1000, 0), announce_partner_cb,
                                     self);
}

static void
phase_changed_cb (BkWindow *self)
{
  game_changed_cb (self);
}

static gboolean
save_cb (gpointer user_data)
{
  BkWindow *self = user_data;

  self->save_id = 0;
  /* The text is taken here, the writing is the store's worker thread's. */
  if (self->game)
    bk_session_store_save (self->store, bk_game_to_save_text (self->game));
  return G_SOURCE_REMOVE;
}

/* Saved after every action, once the action is complete (one action may emit several
 * signals), before anything else the main loop has to do. */
static void
schedule_save (BkWindow *self)
{
  if (self->save_id == 0)
    self->save_id = g_idle_add_full (G_PRIORITY_HIGH, save_cb, self, NULL);
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

static void
set_store (BkWindow       *self,
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

static void
card_activated_cb (BkWindow *self,
                   guint     card)
{
  g_autoptr (GError) error = NULL;

  if (self->game == NULL || bk_game_get_phase (self->game) != BK_PHASE_PLAYING)
    return;
  if (!is_persons_turn (self))
    {
      /* spec B3.6: reaching for a card while the Retour is offered means playing on. */
      if (is_bierkopf (self) && bk_bierkopf_game_is_waiting_for_retour (self->game, HUMAN) &&
          bk_bierkopf_game_answer_retour (self->game, HUMAN, FALSE, NULL))
        toast (self, _("No Retour: you play on at this value"));
      else
        {
          /* It stays until the turn comes and drop_wait_toast() takes it away. */
          toast_for (self, _("Wait for your turn"), 0);
          if (self->last_toast && self->last_toast != self->wait_toast &&
              g_str_equal (adw_toast_get_title (self->last_toast), _("Wait for your turn")))
            {
              self->wait_toast = self->last_toast;
              self->wait_toast_since = g_get_monotonic_time ();
            }
        }
      return;
    }
  if (!bk_game_play (self->game, HUMAN, (BkCard) card, &error))
    toast (self, error->message);
}

static void
retour_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (self->game && is_bierkopf (self) &&
      !bk_bierkopf_game_answer_retour (self->game, HUMAN, TRUE, &error))
    toast (self, error->message);
  bk_table_focus_hand (self->table);
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
    toast (self, _("No trick to look at now"));
}

/* H5, H6.2: the ledger of the Herzla session (Abrechnung). */
static void
ledger_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);
  const char *names[BK_MAX_SEATS];

  if (self->game == NULL || is_bierkopf (self))
    {
      toast (self, _("The ledger is kept in Herzla; Bierkopf has its coasters"));
      return;
    }
  seat_names (self, names);
  gtk_window_present (GTK_WINDOW (bk_herzla_ledger_new (GTK_WINDOW (self), self->game, names,
                                                        self->herzla_results)));
}

/* H5.4: after the final sheet a new session of the same game; or back to the table. */
static void
settled_cb (AdwMessageDialog *dialog,
            const char       *response,
            BkWindow         *self)
{
  if (self->dialog == dialog)
    self->dialog = NULL;
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  if (self->game == NULL)
    return;
  if (g_str_equal (response, "new"))
    bk_window_new_session (self);
  else
    prompt_now (self);
}

/* H5.4, H5.6: the four-player evening ends: the engine settles the session up (the stock
 * as the house rule says) and the final sheet shows what each player takes home. */
static void
settle_up_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);
  const char *names[BK_MAX_SEATS];
  g_autoptr (GError) error = NULL;
  BkHerzlaScore settled;
  AdwMessageDialog *sheet;

  if (self->game == NULL || is_bierkopf (self) || self->dialog)
    return;
  if (!bk_herzla_game_settle (self->game, &settled, &error))
    {
      toast (self, error->message);
      return;
    }
  seat_names (self, names);
  sheet = bk_herzla_settled_sheet_new (GTK_WINDOW (self), self->game, &settled, names);
  self->dialog = sheet;
  g_signal_connect (sheet, "response", G_CALLBACK (settled_cb), self);
  add_dialog_shortcuts (self, GTK_WIDGET (sheet));
  gtk_window_present (GTK_WINDOW (sheet));
}

/* The ledger and settling up are Herzla's (Bierkopf keeps its score on the coasters); the
 * simple form counts points and has nothing to settle. */
static void
update_session_actions (BkWindow *self)
{
  gboolean herzla = self->game != NULL && !is_bierkopf (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.ledger", herzla);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.settle-up",
                                 herzla && bk_game_get_rules (self->game)->herzla.variant ==
                                           BK_HERZLA_VIER);
}

/* spec B3.6: the person plays on at this value; play no longer waits for him. */
static void
no_retour_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (self->game && is_bierkopf (self) &&
      !bk_bierkopf_game_answer_retour (self->game, HUMAN, FALSE, &error))
    toast (self, error->message);
  bk_table_focus_hand (self->table);
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
  seat_names (self, names);
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
  if (!g_settings_get_boolean (self->settings, "take-back-allowed"))
    {
      toast (self, _("Taking back is turned off in Preferences"));
      return;
    }
  game = bk_game_new_taken_back (self->game, HUMAN, &error);
  if (game == NULL)
    {
      toast (self, error->message);
      return;
    }
  /* The session goes on in the new game, as after loading it. */
  bk_history_recorder_keep_session (self->recorder);
  setup_game (self, game);
  bk_history_recorder_note_takeback (self->recorder);
  schedule_save (self);
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);

  if (self->game && !self->loading)
    bk_hint_request (self->hint, self->game, HUMAN);
}

static void
new_session_response_cb (BkNewSessionDialog *dialog,
                         const char         *response,
                         BkWindow           *self)
{
  const char *game = bk_new_session_dialog_get_game (dialog);

  if (g_str_equal (response, "new"))
    {
      bk_new_session_dialog_apply (dialog);
      bk_window_switch_game (self, game, FALSE);
    }
  else if (g_str_equal (response, "resume"))
    {
      g_settings_set_string (self->settings, "last-game", game);
      bk_window_switch_game (self, game, TRUE);
    }
}

static void
new_session_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);
  BkNewSessionDialog *dialog = bk_new_session_dialog_new_for (GTK_WINDOW (self), self->game_id);

  g_signal_connect (dialog, "response", G_CALLBACK (new_session_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static const char *
computer_level (BkWindow *self)
{
  static const char *levels[] = { "heuristic", "pimc", "meister" };
  guint strength = (guint) g_settings_get_enum (self->settings, is_bierkopf (self)
                                                                ? "strength" : "herzla-strength");

  return levels[MIN (strength, G_N_ELEMENTS (levels) - 1)];
}

static BkStrategy *
computer_player (BkWindow *self)
{
  BkGameKind kind = bk_game_get_rules (self->game)->game;
  BkStrategy *strategy;

  strategy = bk_strategy_new_for_level (kind, computer_level (self), NULL);
  if (strategy == NULL)
    strategy = bk_strategy_new_for_level (kind, "random", NULL);
  return strategy;
}

static void
install_players (BkWindow *self)
{
  const char *levels[BK_MAX_SEATS] = { NULL };

  for (guint s = 0; s < n_seats (self); s++)
    {
      g_autoptr (BkStrategy) strategy = s == HUMAN ? NULL : computer_player (self);
      bk_game_set_strategy (self->game, (BkSeat) s, strategy);
      levels[s] = s == HUMAN ? NULL : computer_level (self);
    }
  bk_history_recorder_set_levels (self->recorder, levels);
}

static void
ready_cb (BkGame   *game,
          gpointer  user_data)
{
  BkWindow *self = user_data;

  /* Herzla: the results of the hands, for the ledger. */
  if (bk_game_get_rules (game)->game != BK_GAME_BIERKOPF)
    {
      g_signal_connect_swapped (game, "hand-scored", G_CALLBACK (herzla_hand_scored_cb), self);
      return;
    }
  /* While a saved session replays, the seats and the Bollen history are rebuilt. */
  g_signal_connect_swapped (game, "hand-scored", G_CALLBACK (hand_scored_cb), self);
  g_signal_connect_swapped (game, "bollen-won", G_CALLBACK (bollen_won_cb), self);
  /* After the table's handler: it knows how long the ceremony and the walk are shown. */
  g_signal_connect_data (game, "partners-found", G_CALLBACK (partners_found_cb), self, NULL,
                         G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

/* A window of ours other than this one is open: a dialog, Preferences, the rules, the
 * shortcuts, the tricks, the history of the Bollen. */
static gboolean
other_window_open (BkWindow *self)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) top = g_list_model_get_item (toplevels, i);

      if (top != GTK_WIDGET (self) && !BK_IS_WINDOW (top) && gtk_widget_get_visible (top))
        return TRUE;
    }
  return FALSE;
}

/* The game pauses while any other window of ours is open: no raise, card or animation
 * happens behind it, and no dialog of the game comes on top of it. When the last one
 * closes the keyboard goes back to the hand and the game goes on. */
static void
sync_pause (BkWindow *self)
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
  if (self->computers == NULL || open == self->paused)
    return;
  self->paused = open;
  if (open)
    {
      bk_computer_players_pause (self->computers);
      return;
    }
  bk_computer_players_resume (self->computers);
  bk_table_focus_hand (self->table);
  prompt_now (self);
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
          g_signal_connect_object (top, "notify::visible", G_CALLBACK (sync_pause), self,
                                   G_CONNECT_SWAPPED);
        }
    }
  sync_pause (self);
}

static gboolean
focus_hand_cb (gpointer user_data)
{
  BkWindow *self = user_data;

  bk_table_focus_hand (self->table);
  return G_SOURCE_REMOVE;
}

/* After a menu or popover the keyboard goes back to the hand. */
static void
popover_closed_cb (BkWindow *self)
{
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, focus_hand_cb, g_object_ref (self), g_object_unref);
}

static void
setup_game (BkWindow *self,
            BkGame   *game)
{
  /* @game may be the session shown now (a game switched back to): held while the old one
   * is let go. */
  g_autoptr (BkGame) next = g_object_ref (game);

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  /* A thought of the old session must not come back into this window. */
  if (self->computers)
    bk_computer_players_cancel (self->computers);
  g_clear_object (&self->computers);
  g_clear_object (&self->game);
  if (self->hint)
    bk_hint_cancel (self->hint);
  g_clear_handle_id (&self->prompt_id, g_source_remove);
  g_clear_handle_id (&self->save_id, g_source_remove);
  if (self->dialog)
    gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->dialog)));

  self->game = g_steal_pointer (&next);
  install_players (self);
  bk_history_recorder_watch (self->recorder, game);
  bk_table_set_game (self->table, game);

  if (g_signal_handler_find (game, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self) == 0)
    ready_cb (game, self);
  g_clear_pointer (&self->broken_text, g_free);
  update_session_actions (self);
  gtk_widget_set_visible (self->coaster_box, is_bierkopf (self));
  gtk_widget_set_visible (GTK_WIDGET (self->multiplier_label), is_bierkopf (self));
  /* Herzla's table has its stock's glass in the top right corner: what was said goes
   * below it. */
  gtk_widget_set_margin_top (self->talk_button, is_bierkopf (self) ? 0 : 104);
  if (is_bierkopf (self))
    {
      g_signal_connect_swapped (game, "talk-said", G_CALLBACK (talk_said_cb), self);
      g_signal_connect_swapped (game, "passed", G_CALLBACK (passed_cb), self);
      g_signal_connect_swapped (game, "doubled", G_CALLBACK (doubled_cb), self);
      g_signal_connect_swapped (game, "retour-declined", G_CALLBACK (game_changed_cb), self);
      /* Every action (the seating, a deal, talk, doubling, pass, card) is saved. */
      g_signal_connect_swapped (game, "partners-found", G_CALLBACK (schedule_save), self);
      g_signal_connect_swapped (game, "talk-said", G_CALLBACK (schedule_save), self);
      g_signal_connect_swapped (game, "passed", G_CALLBACK (schedule_save), self);
      g_signal_connect_swapped (game, "doubled", G_CALLBACK (schedule_save), self);
    }
  else
    {
      g_signal_connect_swapped (game, "bid-said", G_CALLBACK (bid_said_cb), self);
      g_signal_connect_swapped (game, "contract-decided", G_CALLBACK (contract_decided_cb), self);
      g_signal_connect_swapped (game, "hand-ended-early", G_CALLBACK (hand_ended_early_cb), self);
      g_signal_connect_swapped (game, "session-over", G_CALLBACK (game_changed_cb), self);
      /* Every bid is saved, as every card and deal below. */
      g_signal_connect_swapped (game, "bid-said", G_CALLBACK (schedule_save), self);
    }
  g_signal_connect_swapped (game, "hand-dealt", G_CALLBACK (hand_dealt_cb), self);
  g_signal_connect_swapped (game, "card-played", G_CALLBACK (card_played_cb), self);
  g_signal_connect_swapped (game, "notify::to-act", G_CALLBACK (game_changed_cb), self);
  g_signal_connect_swapped (game, "notify::phase", G_CALLBACK (phase_changed_cb), self);
  g_signal_connect_swapped (game, "hand-dealt", G_CALLBACK (schedule_save), self);
  g_signal_connect_swapped (game, "card-played", G_CALLBACK (schedule_save), self);
  g_signal_connect_swapped (game, "notify::phase", G_CALLBACK (schedule_save), self);

  self->computers = bk_computer_players_new (game, table_busy_cb, self);
  bk_computer_players_set_speed (self->computers, animation_speed (self));
  self->paused = FALSE;
  sync_pause (self);
  rebuild_talk_log (self);
  update_names (self);
  update_coaster (self);
  /* A resumed game may be waiting for the human already. */
  game_changed_cb (self);
}

/* What a replay on the store's worker thread rebuilds besides the game: the seats after
 * the ceremony and the hands of the current Bollen. Touched only by that thread until the
 * load is finished; shared (refcounted) because the window may go away meanwhile. */
typedef struct {
  BkWindow *window; /* not owned; used only if the load was not cancelled */
  GArray   *history;
  GArray   *herzla_results;
  guint     person[BK_MAX_SEATS];
  BkTeam    bollen_winner;
} Replayed;

static void
replayed_clear (Replayed *replayed)
{
  g_array_unref (replayed->history);
  g_array_unref (replayed->herzla_results);
}

static void
replayed_herzla_scored_cb (Replayed *replayed,
                           gpointer  result)
{
  g_array_append_vals (replayed->herzla_results, result, 1);
}

static void
replayed_release (gpointer replayed)
{
  g_atomic_rc_box_release_full (replayed, (GDestroyNotify) replayed_clear);
}

static void
replayed_hand_scored_cb (Replayed           *replayed,
                         const BkHandResult *result)
{
  g_array_append_val (replayed->history, *result);
}

static void
replayed_bollen_won_cb (Replayed *replayed,
                        guint     team)
{
  replayed->bollen_winner = (BkTeam) team;
  g_array_set_size (replayed->history, 0);
}

static void
replayed_partners_found_cb (Replayed *replayed,
                            guint     first,
                            guint     second,
                            BkGame   *game)
{
  const BkSeating *seating = bk_bierkopf_game_get_seating (game);
  guint moved[BK_N_SEATS];

  for (guint s = 0; s < BK_N_SEATS; s++)
    moved[seating->moved[s]] = replayed->person[s];
  memcpy (replayed->person, moved, sizeof moved);
}

/* On the store's worker thread. */
static void
replay_ready_cb (BkGame   *game,
                 gpointer  user_data)
{
  Replayed *replayed = user_data;

  if (bk_game_get_module (game)->kind != BK_GAME_BIERKOPF)
    {
      g_signal_connect_swapped (game, "hand-scored", G_CALLBACK (replayed_herzla_scored_cb),
                                replayed);
      return;
    }
  g_signal_connect_swapped (game, "hand-scored", G_CALLBACK (replayed_hand_scored_cb), replayed);
  g_signal_connect_swapped (game, "bollen-won", G_CALLBACK (replayed_bollen_won_cb), replayed);
  g_signal_connect_swapped (game, "partners-found", G_CALLBACK (replayed_partners_found_cb),
                            replayed);
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
  Replayed *replayed = user_data;
  BkWindow *self;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  BkSessionOutcome outcome;

  game = bk_session_store_load_finish (BK_SESSION_STORE (source), result, &outcome, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      replayed_release (replayed);
      return; /* the window went away */
    }
  self = replayed->window;
  g_clear_object (&self->loading);
  adw_window_title_set_subtitle (self->title, "");

  switch (outcome)
    {
    case BK_SESSION_RESUMED:
      g_signal_handlers_disconnect_by_data (game, replayed);
      memcpy (self->person, replayed->person, sizeof self->person);
      /* Who sits where after every seating, also those before a save's checkpoint. */
      if (bk_game_get_module (game)->kind == BK_GAME_BIERKOPF)
        for (guint s = 0; s < BK_N_SEATS; s++)
          self->person[s] = bk_bierkopf_game_get_seat_map (game)[s];
      g_array_set_size (self->history, 0);
      g_array_append_vals (self->history, replayed->history->data, replayed->history->len);
      g_array_set_size (self->herzla_results, 0);
      g_array_append_vals (self->herzla_results, replayed->herzla_results->data,
                           replayed->herzla_results->len);
      /* The result of a finished hand is not shown again on resuming. */
      self->bollen_winner = BK_TEAM_NONE;
      replayed_release (replayed);
      setup_game (self, game);
      /* A Herzla session that is over stays at its end, with its ledger. */
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
  replayed_release (replayed);
  bk_window_new_session (self);
  /* What became of the saved session stays at the top until dismissed. */
  if (text)
    notice (self, text);
  finish_close_if_pending (self);
}

/* Once the window is up, the save is read and replayed on a worker thread; the computer
 * players start when it is done. */
static void
load_session (BkWindow *self)
{
  Replayed *replayed = g_atomic_rc_box_new0 (Replayed);

  replayed->window = self;
  replayed->history = g_array_new (FALSE, TRUE, sizeof (BkHandResult));
  replayed->herzla_results = g_array_new (FALSE, TRUE, sizeof (BkHerzlaResult));
  replayed->bollen_winner = BK_TEAM_NONE;
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    replayed->person[s] = s;

  self->loading = g_cancellable_new ();
  /* Translators: shown while the saved session is read */
  adw_window_title_set_subtitle (self->title, _("Loading…"));
  bk_session_store_load_async (self->store, replay_ready_cb,
                               g_atomic_rc_box_acquire (replayed), replayed_release,
                               self->loading, session_loaded_cb, replayed);
}

/* The window is named after the game of its session. */
static void
update_title (BkWindow *self)
{
  const char *title = g_str_has_prefix (self->game_id, "herzla") ? _("Herzla") : _("Bierkopf");

  gtk_window_set_title (GTK_WINDOW (self), title);
  adw_window_title_set_title (self->title, title);
}

/* No session in the window (while another game's session is read). */
static void
drop_game (BkWindow *self)
{
  /* The old session's seating is not announced in the new one. */
  g_clear_handle_id (&self->announce_id, g_source_remove);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->computers)
    bk_computer_players_cancel (self->computers);
  g_clear_object (&self->computers);
  g_clear_object (&self->game);
  g_clear_handle_id (&self->prompt_id, g_source_remove);
  g_clear_handle_id (&self->save_id, g_source_remove);
  if (self->dialog)
    gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->dialog)));
  update_session_actions (self);
}

/* Plays @game ("bierkopf", "herzla", "herzla-simple") from now on: the session of the game
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
      set_store (self, bk_session_store_new_for_game (game, NULL));
      update_title (self);
      if (resume)
        {
          load_session (self);
          return;
        }
    }
  bk_window_new_session (self);
}

/* The game of the session: "bierkopf", "herzla" or "herzla-simple". */
const char *
bk_window_get_game_id (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return self->game_id;
}

/* The results of the hands of this Herzla session, for the ledger. */
GArray *
bk_window_get_herzla_results (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return self->herzla_results;
}

void
bk_window_new_session (BkWindow *self)
{
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  BkRules rules;

  g_return_if_fail (BK_IS_WINDOW (self));

  bk_settings_get_rules_for (self->settings, self->game_id, &rules);
  game = bk_game_new (&rules, ((guint64) g_random_int () << 32) | g_random_int ());
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    self->person[s] = s;
  g_array_set_size (self->history, 0);
  g_array_set_size (self->herzla_results, 0);
  self->bollen_winner = BK_TEAM_NONE;
  ready_cb (game, self);
  setup_game (self, game);
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

  for (guint s = 0; s < BK_N_SEATS; s++)
    self->person[s] = s;
  g_array_set_size (self->history, 0);
  self->bollen_winner = BK_TEAM_NONE;
  ready_cb (game, self);
  setup_game (self, game);
  if (bk_game_get_phase (game) == BK_PHASE_NEW && !bk_game_start (game, &error))
    g_critical ("A new session cannot start: %s", error->message);
  g_clear_handle_id (&self->save_id, g_source_remove);
  if (!bk_session_store_save_now (self->store, bk_game_to_save_text (game), &error))
    save_failed_cb (self, error);
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
  g_autoptr (GError) error = NULL;
  g_autoptr (BkCardTheme) theme = bk_settings_load_theme (self->settings, &error);

  if (theme == NULL)
    {
      g_warning ("%s", error->message);
      return;
    }
  g_set_object (&self->theme, theme);
  /* What the engine tells the person names the cards as this deck draws them. */
  bk_card_set_display_style (bk_card_theme_deck_style (theme));
  bk_table_set_theme (self->table, theme);
}

static void
speed_changed_cb (BkWindow *self)
{
  bk_table_set_animation_speed (self->table, animation_speed (self));
  if (self->computers)
    bk_computer_players_set_speed (self->computers, animation_speed (self));
}

static void
names_changed_cb (BkWindow *self)
{
  load_people (self);
  update_names (self);
}

static void
strength_changed_cb (BkWindow *self)
{
  if (self->game)
    install_players (self);
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
  /* A failure was told with a toast while playing; now there is nobody to tell. */
  if (!bk_window_save (self, &error))
    g_message ("Could not save the session: %s", error->message);

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  return GTK_WINDOW_CLASS (bk_window_parent_class)->close_request (window);
}

static void
bk_window_dispose (GObject *object)
{
  BkWindow *self = BK_WINDOW (object);

  g_clear_handle_id (&self->prompt_id, g_source_remove);
  g_clear_handle_id (&self->announce_id, g_source_remove);
  if (self->loading)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  /* The last action is written before the store goes (its dispose waits for the writer). */
  if (self->save_id)
    {
      g_clear_handle_id (&self->save_id, g_source_remove);
      save_cb (self);
    }
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->computers)
    bk_computer_players_cancel (self->computers);
  g_clear_object (&self->computers);
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
  g_clear_object (&self->recorder);
  g_clear_object (&self->theme);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);

  gtk_widget_dispose_template (GTK_WIDGET (self), BK_TYPE_WINDOW);

  G_OBJECT_CLASS (bk_window_parent_class)->dispose (object);
}

static void
bk_window_finalize (GObject *object)
{
  BkWindow *self = BK_WINDOW (object);

  for (guint i = 0; i < BK_MAX_SEATS; i++)
    g_free (self->people[i]);
  g_array_unref (self->history);
  g_array_unref (self->herzla_results);
  g_free (self->game_id);
  g_free (self->broken_text);
  g_string_free (self->talk_log, TRUE);

  G_OBJECT_CLASS (bk_window_parent_class)->finalize (object);
}

/* The coaster grows with the table, and shrinks on a phone-sized window. */
static gboolean
overlay_child_position_cb (BkWindow      *self,
                           GtkWidget     *child,
                           GdkRectangle  *allocation,
                           GtkOverlay    *overlay)
{
  int width = gtk_widget_get_width (GTK_WIDGET (overlay));
  int height = gtk_widget_get_height (GTK_WIDGET (overlay));
  BkRect corner;

  if (child != self->coaster_box)
    return FALSE;
  /* The table's layout keeps this corner free. */
  corner = bk_table_layout_coaster_for (width, height);
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
  g_type_ensure (BK_TYPE_RETOUR_OFFER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/bk-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BkWindow, title);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, notice_banner);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, failure_banner);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, history_banner);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, table);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, coaster_box);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, multiplier_label);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, retour_button);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, retour_offer);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, talk_button);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, talk_popover);
  gtk_widget_class_bind_template_child (widget_class, BkWindow, talk_log_label);
  gtk_widget_class_bind_template_callback (widget_class, card_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, overlay_child_position_cb);

  gtk_widget_class_install_action (widget_class, "win.new-session", NULL, new_session_action);
  gtk_widget_class_install_action (widget_class, "win.retour", NULL, retour_action);
  gtk_widget_class_install_action (widget_class, "win.show-tricks", NULL, show_tricks_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, 0, "win.show-tricks", NULL);
  gtk_widget_class_install_action (widget_class, "win.take-back", NULL, take_back_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK,
                                       "win.take-back", NULL);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.hint", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK,
                                       "win.new-session", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "win.retour", NULL);
  gtk_widget_class_install_action (widget_class, "win.no-retour", NULL, no_retour_action);
  gtk_widget_class_install_action (widget_class, "win.last-trick", NULL, last_trick_action);
  gtk_widget_class_install_action (widget_class, "win.ledger", NULL, ledger_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, 0, "win.ledger", NULL);
  gtk_widget_class_install_action (widget_class, "win.settle-up", NULL, settle_up_action);
  /* Herzla's hands hold up to twelve cards: 1-9 and 0 for the tenth. */
  gtk_widget_class_add_binding (widget_class, GDK_KEY_0, 0, play_nth_cb, "i", 9);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_0, 0, play_nth_cb, "i", 9);
  for (int i = 0; i < 9; i++)
    {
      gtk_widget_class_add_binding (widget_class, GDK_KEY_1 + i, 0, play_nth_cb, "i", i);
      gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_1 + i, 0, play_nth_cb, "i", i);
    }
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, 0, "win.last-trick", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.no-retour", NULL);
}

/* The game goes on; only the statistics start afresh. */
static void
history_set_aside_cb (BkWindow   *self,
                      const char *path)
{
  toast (self, _("The history of your hands was damaged and has been set aside; "
                 "a new one has been started."));
}

static void
coaster_activated_cb (BkWindow *self)
{
  gtk_window_present (GTK_WINDOW (bk_bollen_history_new (GTK_WINDOW (self), self->game,
                                                         self->theme, self->history)));
}

static void
bk_window_init (BkWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* That saving fails stays in view until a save works again. */
  bk_banner_set_dismissable (self->failure_banner, FALSE);
  /* No session until the save is read. */
  update_session_actions (self);

  self->settings = g_settings_new (APP_ID);
  self->history = g_array_new (FALSE, TRUE, sizeof (BkHandResult));
  self->herzla_results = g_array_new (FALSE, TRUE, sizeof (BkHerzlaResult));
  self->talk_log = g_string_new (NULL);
  self->bollen_winner = BK_TEAM_NONE;
  self->game_id = bk_settings_dup_game (self->settings);
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    self->person[s] = s;
  load_people (self);

  self->coaster = BK_COASTER (bk_coaster_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->coaster), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->coaster), TRUE);
  gtk_box_append (GTK_BOX (self->coaster_box), GTK_WIDGET (self->coaster));
  g_signal_connect_swapped (self->coaster, "activated", G_CALLBACK (coaster_activated_cb), self);

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
  g_signal_connect_swapped (self->settings, "changed::strength", G_CALLBACK (strength_changed_cb),
                            self);
  g_signal_connect_swapped (self->settings, "changed::herzla-strength",
                            G_CALLBACK (strength_changed_cb), self);

  /* Keyboard play works at once: digits and arrows go to the table. */
  gtk_widget_grab_focus (GTK_WIDGET (self->table));
  g_signal_connect_swapped (self->table, "dismissed", G_CALLBACK (table_dismissed_cb), self);
  g_signal_connect_swapped (gtk_menu_button_get_popover (GTK_MENU_BUTTON (self->menu_button)),
                            "closed", G_CALLBACK (popover_closed_cb), self);
  g_signal_connect_swapped (self->talk_popover, "closed", G_CALLBACK (popover_closed_cb), self);
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
  g_signal_connect_object (self->hint, "message", G_CALLBACK (toast), self, G_CONNECT_SWAPPED);
  set_store (self, bk_session_store_new_for_game (self->game_id, NULL));
  update_title (self);
  load_session (self);
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
    if (self->person[s] == person)
      return (BkSeat) s;
  return BK_SEAT_NONE;
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
         (self->computers == NULL || bk_computer_players_is_idle (self->computers));
}

/* The newest message at the bottom that is still shown, if any. */
const char *
bk_window_get_toast (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return self->last_toast ? adw_toast_get_title (self->last_toast) : NULL;
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
  if (self->game == NULL)
    return TRUE;
  return bk_session_store_save_now (self->store, bk_game_to_save_text (self->game), error);
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
