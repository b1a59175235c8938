/* bk-bierkopf-view.c: Bierkopf in the window (BkGameView): the talk and doubling said at
 * the table, the talk dialog, the multiplier and the Retour in the header, the coaster and
 * its Bollen history, the result of a hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-bierkopf-header.h"
#include "bk-bierkopf-hint.h"
#include "bk-bierkopf-history.h"
#include "bk-bierkopf-players-group.h"
#include "bk-bierkopf-rules-page.h"
#include "bk-bierkopf-rules-text.h"
#include "bk-bierkopf-query.h"
#include "bk-bierkopf-table.h"
#include "bk-bidding-dialog.h"
#include "bk-bierkopf-view.h"
#include "bk-bollen-history.h"
#include "bk-coaster.h"
#include "bk-result-dialog.h"
#include "bk-review-window.h"
#include "bk-statistics-window.h"
#include "bk-tricks-dialog.h"
#include "bk-window-private.h"

/* A computer player's Retour is shown this long (at the normal pace) before anyone moves
 * on, unless the person clicks or presses a key. */
#define RETOUR_HOLD_USEC (G_USEC_PER_SEC * 22 / 10)
/* The beat of the seating draw's cards (bk-seating-ceremony.c's SEATING_STEP_USEC). */
#define SEATING_STEP_MS 450

/* The game's widgets in a window, made once with it (bierkopf_init). */
typedef struct {
  BkBierkopfHeader *header;  /* in the window's header corner */
  BkCoaster        *coaster; /* in the table's left corner */
} Widgets;

static void
widgets_free (gpointer data)
{
  Widgets *widgets = data;

  g_clear_object (&widgets->header);
  g_clear_object (&widgets->coaster);
  g_free (widgets);
}

static Widgets *
widgets_of (BkWindow *self)
{
  return g_object_get_data (G_OBJECT (self), "bk-bierkopf-widgets");
}

/* The window's session is one of Bierkopf. */
static gboolean
is_ours (BkWindow *self)
{
  return _bk_window_get_view (self) == &bk_bierkopf_view;
}

/* A word in quotation marks, ending like a sentence: “I can’t help.” */
char *
bk_bierkopf_view_quote_word (BkWord word)
{
  const char *text = bk_word_display (word);
  const char *last = g_utf8_find_prev_char (text, text + strlen (text));
  /* A word that ends a sentence already (in any script: "Gut!", "ミッテル！") gets no
   * full stop of its own. */
  gboolean ends = last != NULL &&
                  g_utf8_strchr (".!?…。！？．", -1, g_utf8_get_char (last)) != NULL;
  /* Translators: the full stop after a word said at the table that does not end with one */
  g_autofree char *sentence = g_strconcat (text, ends ? "" : C_("sentence", "."), NULL);

  /* Translators: a word said at the table, in quotation marks */
  return g_strdup_printf (_("“%s”"), sentence);
}

/* A doubling as said at the table: "Spritze!" or "Retour! ×4". */
char *
bk_bierkopf_view_doubling_text (guint multiplier)
{
  if (multiplier == 2)
    return g_strdup (_("Spritze!"));
  /* Translators: a raise after the Spritze, with the new multiplier */
  return g_strdup_printf (_("Retour! ×%u"), multiplier);
}

/* What every player but @asked has said in this hand, a sentence each, in the order they
 * spoke; NULL if nobody has said anything. */
static char *
said_so_far (BkWindow *self,
             BkSeat    asked)
{
  g_autoptr (GString) text = g_string_new (NULL);
  BkSaid said[BK_N_SEATS];
  guint n = bk_bierkopf_game_get_said (self->game, said);

  for (guint i = 0; i < n; i++)
    {
      BkSeat seat = said[i].seat;
      BkWord word = said[i].word;
      g_autofree char *quoted = NULL;

      if (seat == asked || word == BK_WORD_HONOUR)
        continue;
      quoted = bk_bierkopf_view_quote_word (word);
      if (text->len)
        g_string_append_c (text, '\n');
      if (seat == bk_game_get_partner (self->game, asked))
        /* Translators: e.g. Your partner says: “I can’t help.” */
        g_string_append_printf (text, _("Your partner says: %s"), quoted);
      else
        /* Translators: e.g. Sepp says: “Good!” */
        g_string_append_printf (text, _("%s says: %s"), _bk_window_name_at (self, seat),
                                quoted);
    }
  return text->len ? g_strdup (text->str) : NULL;
}

/* What the human answers in a talk or doubling dialog. */
static void
dialog_response_cb (BkBiddingDialog *dialog,
                    const char      *response,
                    BkWindow        *self)
{
  g_autoptr (GError) error = NULL;

  _bk_window_forget_dialog (self, ADW_MESSAGE_DIALOG (dialog));
  /* Answered is gone, also when the answer came by other means than its buttons. */
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  if (self->game == NULL)
    return;
  if (!bk_bidding_dialog_answer (dialog, response, &error))
    _bk_window_toast (self, error->message);
}

/* Ctrl+H in the talk's dialog: the Meister's word, told in a toast. */
static gboolean
dialog_hint_cb (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  BkWindow *self = user_data;

  if (self->game)
    bk_hint_request (self->hint, self->game, _bk_window_person_seat (self));
  return TRUE;
}

/* A computer seat's doubling needs longer to read than a card: a chain of raises comes one
 * at a time. */
static double
bierkopf_computer_pause (const BkAction *action)
{
  return action->type == BK_ACTION_DOUBLE ? 16.0 / 6.0 : 1.0;
}

/* What a word of the hand says in the talk log: the talk, a pass, a doubling with the
 * multiplier it made. */
static char *
bierkopf_word_text (const BkGameWord *word)
{
  switch (word->kind)
    {
    case BK_ACTION_TALK:
      return bk_bierkopf_view_quote_word ((BkWord) word->value);
    case BK_ACTION_PASS:
      return g_strdup (_("Pass!"));
    case BK_ACTION_DOUBLE:
      return bk_bierkopf_view_doubling_text (word->value);
    default:
      return NULL;
    }
}

static void
talk_said_cb (BkWindow *self,
              guint     seat,
              guint     word)
{
  _bk_window_say (self, (BkSeat) seat, bk_word_display ((BkWord) word));
  bk_sound_play (self->sound, BK_SOUND_WORD_SAID);
}

/* spec B2.1: each face-up card of the seating draw is heard as the table lays it, a beat
 * after the one before (the game deals them all at once). */
static void
seating_card_cb (BkWindow *self,
                 guint     seat,
                 guint     card)
{
  const BkSeating *seating = bk_bierkopf_game_get_seating (self->game);
  double speed = _bk_window_animation_speed (self);
  guint i = 0;

  while (i + 1 < seating->n && seating->cards[i] != (BkCard) card)
    i++;
  if (speed > 0)
    bk_sound_play_later (self->sound, BK_SOUND_CARD_DEALT, (guint) (i * SEATING_STEP_MS / speed));
  else if (i == 0)
    bk_sound_play (self->sound, BK_SOUND_CARD_DEALT);
}

static void
passed_cb (BkWindow *self,
           guint     seat)
{
  /* Translators: said at the table when declining to double ("weiter") */
  _bk_window_say (self, (BkSeat) seat, _("Pass!"));
  bk_sound_play (self->sound, BK_SOUND_WORD_SAID);
}

static void
doubled_cb (BkWindow *self,
            guint     seat,
            guint     multiplier)
{
  g_autofree char *text = bk_bierkopf_view_doubling_text (multiplier);

  _bk_window_say (self, (BkSeat) seat, text);
  bk_sound_play (self->sound, BK_SOUND_DOUBLING);

  /* spec B3.6: a computer player's Retour is shown until it has been read (or a click or
   * key moves on); the next raise or card waits for it. */
  if (!_bk_window_is_person_here (self, seat) &&
      bk_game_get_phase (self->game) == BK_PHASE_PLAYING)
    {
      g_autofree char *announced = g_strdup_printf ("%s: %s", _bk_window_name_at (self, seat),
                                                    text);

      bk_table_hold (self->table, RETOUR_HOLD_USEC);
      _bk_window_toast (self, announced);
    }
  _bk_window_game_changed_cb (self);
}

static void
retour_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (self->game && is_ours (self) &&
      !bk_bierkopf_game_answer_retour (self->game, _bk_window_person_seat (self), TRUE, &error))
    _bk_window_toast (self, error->message);
  bk_table_focus_hand (self->table);
}

/* spec B3.6: the person plays on at this value; play no longer waits for him. */
static void
no_retour_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  BkWindow *self = BK_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (self->game && is_ours (self) &&
      !bk_bierkopf_game_answer_retour (self->game, _bk_window_person_seat (self), FALSE, &error))
    _bk_window_toast (self, error->message);
  bk_table_focus_hand (self->table);
}

static void
bierkopf_refresh_score (BkWindow *self,
                        gpointer  state)
{
  BkCoaster *coaster = widgets_of (self)->coaster;
  guint us, them;

  if (self->game == NULL || !is_ours (self))
    return;
  us = bk_bierkopf_game_get_lines_left (self->game, BK_TEAM_SN);
  them = bk_bierkopf_game_get_lines_left (self->game, BK_TEAM_WE);
  /* Lines struck as the person moves on from a hand (not a session loaded or switched to). */
  if (bk_game_get_phase (self->game) == BK_PHASE_HAND_OVER &&
      gtk_widget_get_mapped (GTK_WIDGET (coaster)) &&
      (us < bk_coaster_get_lines_left_us (coaster) ||
       them < bk_coaster_get_lines_left_them (coaster)))
    bk_sound_play (self->sound, BK_SOUND_STRIKE);
  bk_coaster_set_state (coaster, us, them,
                        bk_bierkopf_game_get_dots (self->game, BK_TEAM_SN),
                        bk_bierkopf_game_get_dots (self->game, BK_TEAM_WE),
                        bk_bierkopf_game_get_carry (self->game));
}

static void
coaster_activated_cb (BkWindow *self)
{
  g_autoptr (GArray) hands = NULL;

  if (self->game == NULL)
    return;
  hands = bk_bierkopf_game_dup_bollen_hands (self->game);
  gtk_window_present (GTK_WINDOW (bk_bollen_history_new (GTK_WINDOW (self), self->game,
                                                         self->theme, hands)));
}

/* spec B3.6: the multiplier, the Retour button and the offer; the title during the
 * seating and while the Retour is offered. */
static const char *
bierkopf_update_controls (BkWindow *self,
                          gpointer  state)
{
  BkPhase phase = bk_game_get_phase (self->game);
  gboolean retour, waiting, offer, shown;

  retour = phase == BK_PHASE_PLAYING &&
           bk_bierkopf_game_may_double (self->game, _bk_window_person_seat (self));
  waiting = bk_bierkopf_game_is_waiting_for_retour (self->game, _bk_window_person_seat (self));
  /* spec B3.6: the offer is shown once the table has shown what came before. */
  offer = waiting && !bk_table_is_holding (self->table) &&
          bk_table_get_busy_until (self->table) <= g_get_monotonic_time ();
  /* What everybody said and raised so far, then the question; on a narrow table only
   * the last raise (the rest is in the talk log). Not while another window of ours is open
   * (e.g. the game chooser): the offer would stand beside it, asking for a paused table. */
  shown = offer && !self->paused;
  bk_bierkopf_header_update (widgets_of (self)->header,
                             bk_bierkopf_game_get_multiplier (self->game), retour && !offer,
                             shown, self->talk_log->str,
                             gtk_widget_get_width (GTK_WIDGET (self->table)) < 620);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.retour", retour);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.no-retour", waiting);

  if (bk_table_is_seating (self->table))
    return bk_card_get_display_style () == BK_DECK_FRENCH
           ? _("Drawing seats: the first two aces play together")
           : _("Drawing seats: the first two Säue play together");
  if (waiting)
    return _("Retour or not?");
  return NULL;
}

/* spec B3.1-B3.4: the person is asked exactly what the game allows now. */
static void
bierkopf_ask_person (BkWindow *self,
                     gpointer  state,
                     BkSeat    seat)
{
  BkBiddingDialog *dialog;
  g_autofree char *said = NULL;

  said = said_so_far (self, seat);
  dialog = bk_bidding_dialog_new (GTK_WINDOW (self), self->game, seat, said);
  if (dialog == NULL)
    return;
  _bk_window_set_dialog (self, ADW_MESSAGE_DIALOG (dialog));
  g_signal_connect_object (dialog, "response", G_CALLBACK (dialog_response_cb), self, 0);
  {
    GtkEventController *keys = gtk_shortcut_controller_new ();

    gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_h, GDK_CONTROL_MASK),
                        gtk_callback_action_new (dialog_hint_cb, self, NULL)));
    gtk_widget_add_controller (GTK_WIDGET (dialog), keys);
  }
  _bk_window_add_dialog_shortcuts (self, GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* spec B5, B6: the result of the hand, then the coaster strikes its lines. */
static void
bierkopf_show_result (BkWindow *self,
                      gpointer  state)
{
  const BkHandResult *r;
  BkResultDialog *dialog;

  r = bk_bierkopf_game_get_last_result (self->game);
  if (self->dialog || r == NULL)
    return;

  dialog = bk_result_dialog_new (GTK_WINDOW (self), r,
                                 bk_bierkopf_game_get_bollen_won (self->game));
  {
    const char *names[BK_MAX_SEATS];

    /* The result covers the middle: the last trick stays in view on it (issue 21). */
    _bk_window_seat_names (self, names);
    bk_tricks_dialog_keep_last_trick (ADW_MESSAGE_DIALOG (dialog), self->game, self->theme,
                                      names);
  }
  _bk_window_set_dialog (self, ADW_MESSAGE_DIALOG (dialog));
  g_signal_connect_object (dialog, "response", G_CALLBACK (_bk_window_next_hand_cb), self, 0);
  _bk_window_add_dialog_shortcuts (self, GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
  /* A tie (60:60) is neither. */
  if (r->winner != BK_TEAM_NONE)
    bk_sound_play (self->sound, r->winner == bk_seat_team (_bk_window_person_seat (self))
                                ? BK_SOUND_HAND_WON : BK_SOUND_HAND_LOST);
}

static void
bierkopf_connect (BkWindow     *self,
                  GSignalGroup *group)
{
  g_signal_group_connect_swapped (group, "talk-said", G_CALLBACK (talk_said_cb), self);
  g_signal_group_connect_swapped (group, "passed", G_CALLBACK (passed_cb), self);
  g_signal_group_connect_swapped (group, "doubled", G_CALLBACK (doubled_cb), self);
  g_signal_group_connect_swapped (group, "seating-card-dealt", G_CALLBACK (seating_card_cb),
                                  self);
  g_signal_group_connect_swapped (group, "retour-declined",
                                  G_CALLBACK (_bk_window_game_changed_cb), self);
  /* After the table's handler: it knows how long the ceremony and the walk are shown. */
  g_signal_group_connect_data (group, "partners-found",
                               G_CALLBACK (_bk_window_partners_found_cb), self, NULL,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  /* Every action (the seating, a deal, talk, doubling, pass, card) is saved. */
  g_signal_group_connect_swapped (group, "partners-found",
                                  G_CALLBACK (_bk_window_schedule_save), self);
  g_signal_group_connect_swapped (group, "talk-said", G_CALLBACK (_bk_window_schedule_save),
                                  self);
  g_signal_group_connect_swapped (group, "passed", G_CALLBACK (_bk_window_schedule_save),
                                  self);
  g_signal_group_connect_swapped (group, "doubled", G_CALLBACK (_bk_window_schedule_save),
                                  self);
}

static void
bierkopf_setup (BkWindow *self,
                gpointer  state)
{
  Widgets *widgets = widgets_of (self);

  gtk_widget_set_visible (self->corner_box, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (widgets->header), TRUE);
  _bk_window_place_talk (self, GTK_WIDGET (widgets->header),
                         bk_bierkopf_header_get_talk_place (widgets->header));
  gtk_widget_set_margin_top (self->talk_button, 0);
  gtk_widget_set_margin_end (self->header_slot, 12);
}

static void
bierkopf_leave (BkWindow *self)
{
  Widgets *widgets = widgets_of (self);

  gtk_widget_set_visible (self->corner_box, FALSE);
  _bk_window_place_talk (self, NULL, NULL);
  gtk_widget_set_visible (GTK_WIDGET (widgets->header), FALSE);
  bk_bierkopf_header_hide_retour (widgets->header);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.retour", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.no-retour", FALSE);
}

static void
bierkopf_init (BkWindow *self)
{
  Widgets *widgets = g_new0 (Widgets, 1);

  widgets->coaster = g_object_ref_sink (BK_COASTER (bk_coaster_new ()));
  gtk_widget_set_hexpand (GTK_WIDGET (widgets->coaster), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (widgets->coaster), TRUE);
  gtk_box_append (GTK_BOX (self->corner_box), GTK_WIDGET (widgets->coaster));
  g_signal_connect_swapped (widgets->coaster, "activated", G_CALLBACK (coaster_activated_cb),
                            self);
  /* The header stands as the window's template had it before any session: the multiplier
   * over the talk log's button. */
  widgets->header = g_object_ref_sink (BK_BIERKOPF_HEADER (bk_bierkopf_header_new ()));
  gtk_box_prepend (GTK_BOX (self->header_slot), GTK_WIDGET (widgets->header));
  g_object_set_data_full (G_OBJECT (self), "bk-bierkopf-widgets", widgets, widgets_free);
  _bk_window_place_talk (self, GTK_WIDGET (widgets->header),
                         bk_bierkopf_header_get_talk_place (widgets->header));
}

static void
bierkopf_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (BK_TYPE_BIERKOPF_HEADER);
  gtk_widget_class_install_action (widget_class, "win.retour", NULL, retour_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "win.retour", NULL);
  gtk_widget_class_install_action (widget_class, "win.no-retour", NULL, no_retour_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.no-retour", NULL);
}

/* --- learn: the statistics and the review ------------------------------------------ */

static void
bierkopf_statistics_rows (BkStatisticsRows     *rows,
                          const BkHistoryGroup *group)
{
  g_autofree char *text = NULL;

  bk_statistics_rows_take (rows, "schneider", _("Schneider given / taken"),
                           bk_statistics_pair (group->schneider_given, group->schneider_taken));
  bk_statistics_rows_take (rows, "schwarz", _("Schwarz given / taken"),
                           bk_statistics_pair (group->schwarz_given, group->schwarz_taken));
  bk_statistics_rows_take (rows, "bollen", _("Bollen won / lost"),
                           bk_statistics_pair (group->bollen_won, group->bollen_lost));
  /* "12, paid 7": a doubling made and how often it paid. */
  /* Translators: how often a Spritze or Retour was said, and how often it was won */
  text = g_strdup_printf (_("%u, paid %u"), group->spritze_made, group->spritze_paid);
  bk_statistics_rows_take (rows, "spritze", _("Spritze made"), g_steal_pointer (&text));
  text = g_strdup_printf (_("%u, paid %u"), group->retour_made, group->retour_paid);
  bk_statistics_rows_take (rows, "retour", _("Retour made"), g_steal_pointer (&text));
  /* Translators: the card points of the person's team per hand, e.g. "61.4" */
  text = g_strdup_printf (_("%.1f"), group->average_card_points);
  bk_statistics_rows_take (rows, "card-points", _("Average card points"),
                           g_steal_pointer (&text));
  bk_statistics_rows_take (rows, "lines", _("Lines won or lost"),
                           g_strdup_printf ("%+d", group->lines));
}

static GArray *
bierkopf_statistics_balance (const BkHistoryStats *stats)
{
  return stats->bierkopf_balance;
}

/* What a stored hand came to for the person's team, as the row's title. */
static char *
bierkopf_recent_hand_title (const BkHistoryHand *hand)
{
  return hand->outcome > 0
    /* Translators: a stored hand: the person's team won with so many card points */
    ? g_strdup_printf (_("Won with %u card points"), hand->card_points)
    : hand->outcome < 0
    ? g_strdup_printf (_("Lost with %u card points"), hand->card_points)
    : g_strdup (_("60:60"));
}

static GtkWindow *
bierkopf_review (GtkWindow  *parent,
                 BkGame     *game,
                 const char *record)
{
  g_autoptr (BkPlayedHand) hand = NULL;

  if (game == NULL)
    return GTK_WINDOW (bk_review_window_new_for_record (parent, record));
  hand = bk_played_hand_new_from_game (game);
  return GTK_WINDOW (bk_review_window_new (parent, hand));
}

static const BkGameChoice choices[] = {
  { "bierkopf", N_("Bierkopf"), N_("Two against two, with table talk and coasters") },
  { NULL }
};

/* The strengths of the setting (strength_key), by the preferences' names. */
static const BkGameStrength strengths[] = {
  { "anfaenger", "heuristic", "Anfänger" },
  { "stammtisch", "pimc", "Stammtisch" },
  { "meister", "meister", "Meister" },
  { NULL }
};

const BkGameView bk_bierkopf_view = {
  .kind = BK_GAME_BIERKOPF,
  .id = "bierkopf",
  .title = N_("Bierkopf"),
  .chooser_title = N_("Bierkopf"),
  .chooser_subtitle = N_("Two against two, with table talk and coasters"),
  .choices = choices,
  .table_decoration = bk_bierkopf_table_new,
  .restart_body = N_("The coasters are wiped and seats are drawn again. The current session "
                     "is lost."),
  /* Translators: the heading of Bierkopf's chart */
  .chart_title = N_("Bierkopf: lines over the last sessions"),
  .settings_prefix = "",
  .strength_key = "strength",
  .asking_subtitle = N_("Table talk"),
  .tells_session_end = FALSE,
  .no_ledger = N_("The ledger is kept in Herzla; Bierkopf has its coasters"),
  .class_init = bierkopf_class_init,
  .init = bierkopf_init,
  .leave = bierkopf_leave,
  .connect = bierkopf_connect,
  .setup = bierkopf_setup,
  .update_controls = bierkopf_update_controls,
  .refresh_score = bierkopf_refresh_score,
  .word_text = bierkopf_word_text,
  .ask_person = bierkopf_ask_person,
  .show_result = bierkopf_show_result,
  /* learn */
  .statistics_rows = bierkopf_statistics_rows,
  .statistics_balance = bierkopf_statistics_balance,
  .recent_name = "recent-hands",
  .recent_title = N_("Recent Hands"),
  .recent_description = N_("Bierkopf, the newest first: what the Meister thinks of your cards"),
  .recent_hand_title = bierkopf_recent_hand_title,
  .review = bierkopf_review,
  /* prefs */
  .preferences_group = bk_bierkopf_players_group_new,
  .preferences_page = bk_bierkopf_rules_page_new,
  /* After Herzla's page: the House Rules were the last page before there was Herzla. */
  .preferences_order = 2,
  .rules_title = N_("Rules of Bierkopf"),
  .rules_sections = bk_bierkopf_rules_sections,
  /* end prefs */
  /* spec B3.6: a card clicked while the Retour is offered passes it. */
  .offer_passed = N_("No Retour: you play on at this value"),
  .computer_pause = bierkopf_computer_pause,
  /* learn2 */
  .hint_new = bk_bierkopf_hint_job_new,
  .hint_run = bk_bierkopf_hint_job_run,
  .hint_text = bk_bierkopf_hint_job_text,
  .hint_free = bk_bierkopf_hint_job_free,
  .strengths = strengths,
  /* Translators: the statistics before the first hand is stored: what they count */
  .statistics_empty = N_("Every hand you finish is counted here: won and lost, Schneider and "
                         "Schwarz, Bollen, Spritze and Retour."),
};
