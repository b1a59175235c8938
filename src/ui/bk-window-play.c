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
  else if (_bk_window_is_persons_turn (self))
    subtitle = _("Your turn");
  else if ((phase == BK_PHASE_PLAYING || phase == BK_PHASE_BIDDING) && to_act != BK_SEAT_NONE)
    subtitle = owned = g_strdup_printf (_("%s is thinking…"), _bk_window_name_at (self, to_act));
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

  _bk_window_drop_wait_toast (self);
  if (!_bk_window_is_bierkopf (self))
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
  else if (_bk_window_is_persons_turn (self))
    subtitle = _("Your turn");
  else if (phase == BK_PHASE_BIDDING && to_act == HUMAN)
    subtitle = _("Table talk");
  else if ((phase == BK_PHASE_PLAYING || phase == BK_PHASE_BIDDING) && to_act != BK_SEAT_NONE)
    subtitle = owned = g_strdup_printf (_("%s is thinking…"), _bk_window_name_at (self, to_act));
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
    _bk_window_toast (self, error->message);
}

/* A word in quotation marks, ending like a sentence: “I can’t help.” */
char *
_bk_window_quote_word (BkWord word)
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
      quoted = _bk_window_quote_word (word);
      if (text->len)
        g_string_append_c (text, '\n');
      if (seat == bk_game_get_partner (self->game, HUMAN))
        /* Translators: e.g. Your partner says: “I can’t help.” */
        g_string_append_printf (text, _("Your partner says: %s"), quoted);
      else
        /* Translators: e.g. Sepp says: “Good!” */
        g_string_append_printf (text, _("%s says: %s"), _bk_window_name_at (self, seat),
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
    _bk_window_toast (self, error->message);
}

/* spec B3.1-B3.4: the human is asked exactly what the game allows now. */
static void
ask_human (BkWindow *self)
{
  BkBiddingDialog *dialog;
  g_autofree char *said = NULL;

  if (self->dialog)
    return;
  if (!_bk_window_is_bierkopf (self))
    {
      AdwMessageDialog *bid = bk_herzla_bid_dialog_new (GTK_WINDOW (self), self->game, HUMAN,
                                                        self->talk_log->len ? self->talk_log->str
                                                                            : NULL);
      if (bid == NULL)
        return;
      self->dialog = bid;
      g_signal_connect (bid, "response", G_CALLBACK (herzla_bid_response_cb), self);
      _bk_window_add_dialog_shortcuts (self, GTK_WIDGET (bid));
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
  _bk_window_add_dialog_shortcuts (self, GTK_WIDGET (dialog));
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

      _bk_window_seat_names (self, names);
      names[_bk_window_n_seats (self)] = NULL;
      bk_review_window_present_game (GTK_WINDOW (self), self->game, names);
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
  _bk_window_update_coaster (self);
  if (self->game && bk_game_get_phase (self->game) == BK_PHASE_HAND_OVER &&
      !bk_game_is_session_over (self->game) && !bk_game_next_hand (self->game, &error))
    _bk_window_toast (self, error->message);
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
  _bk_window_prompt_now (self);
}

/* H4.3-H5: a broken contract is told first, then the result sheet. */
static void
show_herzla_result (BkWindow *self)
{
  const char *names[BK_MAX_SEATS];
  AdwMessageDialog *dialog;

  if (self->dialog || bk_herzla_game_get_last_result (self->game) == NULL)
    return;
  _bk_window_seat_names (self, names);
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
  _bk_window_add_dialog_shortcuts (self, GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_result (BkWindow *self)
{
  const BkHandResult *r;
  BkResultDialog *dialog;

  if (!_bk_window_is_bierkopf (self))
    {
      show_herzla_result (self);
      return;
    }
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
  self->dialog = ADW_MESSAGE_DIALOG (dialog);
  g_signal_connect (dialog, "response", G_CALLBACK (next_hand_cb), self);
  _bk_window_add_dialog_shortcuts (self, GTK_WIDGET (dialog));
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

static char *
doubling_text (guint multiplier)
{
  if (multiplier == 2)
    return g_strdup (_("Spritze!"));
  /* Translators: a raise after the Spritze, with the new multiplier */
  return g_strdup_printf (_("Retour! ×%u"), multiplier);
}

/* What a word of the game's history (bk-game-history.h) says at the table: Bierkopf's
 * talk, passes and doublings (with the multiplier each made), Herzla's bids. */
static char *
word_text (const BkGameWord *word)
{
  switch (word->kind)
    {
    case BK_ACTION_TALK:
      return _bk_window_quote_word ((BkWord) word->value);
    case BK_ACTION_PASS:
      return g_strdup (_("Pass!"));
    case BK_ACTION_DOUBLE:
      return doubling_text (word->value);
    case BK_ACTION_BID:
      return g_strdup (bk_herzla_contract_word ((BkContract) word->value));
    default:
      return NULL;
    }
}

/* The hand's talk so far, a line each: who said what, as the game keeps it, alike for a
 * hand played here and one resumed from a save. */
void
_bk_window_update_talk_log (BkWindow *self)
{
  const BkGameWord *words = NULL;
  guint n = 0;

  g_string_truncate (self->talk_log, 0);
  if (self->game && bk_game_get_phase (self->game) != BK_PHASE_NEW)
    words = bk_game_get_words (self->game, bk_game_get_hand_number (self->game), &n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = word_text (&words[i]);

      if (text == NULL)
        continue;
      if (self->talk_log->len)
        g_string_append_c (self->talk_log, '\n');
      /* Translators: a line of the hand's talk log: "Sepp: Good!" */
      g_string_append_printf (self->talk_log, _("%s: %s"),
                              words[i].seat == HUMAN ? _("You")
                                                     : _bk_window_name_at (self, words[i].seat),
                              text);
    }
  gtk_label_set_text (self->talk_log_label, self->talk_log->str);
  gtk_widget_set_visible (self->talk_button, self->talk_log->len > 0);
}

static void
talk_said_cb (BkWindow *self,
              guint     seat,
              guint     word)
{
  bk_table_say (self->table, (BkSeat) seat, bk_word_display ((BkWord) word));
  _bk_window_update_talk_log (self);
}

static void
passed_cb (BkWindow *self,
           guint     seat)
{
  /* Translators: said at the table when declining to double ("weiter") */
  bk_table_say (self->table, (BkSeat) seat, _("Pass!"));
  _bk_window_update_talk_log (self);
}

static void
doubled_cb (BkWindow *self,
            guint     seat,
            guint     multiplier)
{
  g_autofree char *text = doubling_text (multiplier);

  bk_table_say (self->table, (BkSeat) seat, text);
  _bk_window_update_talk_log (self);

  /* spec B3.6: a computer player's Retour is shown until it has been read (or a click or
   * key moves on); the next raise or card waits for it. */
  if (seat != HUMAN && bk_game_get_phase (self->game) == BK_PHASE_PLAYING)
    {
      g_autofree char *announced = g_strdup_printf ("%s: %s", _bk_window_name_at (self, seat),
                                                    text);

      bk_table_hold (self->table, RETOUR_HOLD_USEC);
      _bk_window_toast (self, announced);
    }
  _bk_window_game_changed_cb (self);
}

/* H3.1: a bid, in a speech bubble and the talk log. */
static void
bid_said_cb (BkWindow *self,
             guint     seat,
             guint     contract)
{
  const char *word = bk_herzla_contract_word ((BkContract) contract);

  bk_table_say (self->table, (BkSeat) seat, word);
  _bk_window_update_talk_log (self);
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
    text = g_strdup_printf (_("%s plays a %s"), _bk_window_name_at (self, declarer),
                            bk_herzla_contract_word ((BkContract) contract));
  _bk_window_toast (self, text);
}

/* H4.3, H4.4: the hand stops; the message comes before the result. */
static void
hand_ended_early_cb (BkWindow *self,
                     guint     seat,
                     guint     contract)
{
  const char *names[BK_MAX_SEATS];

  _bk_window_seat_names (self, names);
  g_free (self->broken_text);
  self->broken_text = bk_herzla_dup_broken_text (self->game, (BkSeat) seat, names);
  _bk_window_game_changed_cb (self);
}

void
_bk_window_table_dismissed_cb (BkWindow *self)
{
  if (self->computers)
    bk_computer_players_hurry (self->computers);
  _bk_window_prompt_now (self);
}

static void
card_played_cb (BkWindow *self,
                guint     seat,
                guint     card)
{
  g_autofree char *name = bk_card_display_name ((BkCard) card);
  /* Translators: announced to screen readers: "Gretl plays Ober of Hearts" */
  g_autofree char *text = g_strdup_printf (_("%s plays %s"),
                                           _bk_window_name_at (self, seat), name);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->table),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  update_controls (self);
}

static gboolean
announce_partner_cb (gpointer user_data)
{
  BkWindow *self = user_data;
  g_autofree char *text = g_strdup_printf (_("%s is your partner"),
                                           _bk_window_name_at (self,
                                                               bk_game_get_partner (self->game,
                                                                                    HUMAN)));

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
static void
partners_found_cb (BkWindow *self)
{
  gint64 wait;

  wait = bk_table_get_busy_until (self->table) - g_get_monotonic_time ();
  g_clear_handle_id (&self->announce_id, g_source_remove);
  self->announce_id = g_timeout_add ((guint) MAX ((wait + 999) / 1000, 0), announce_partner_cb,
                                     self);
}

static void
phase_changed_cb (BkWindow *self)
{
  _bk_window_game_changed_cb (self);
}

/* The model's signals, connected once: a game is only the groups' target. The order within
 * a group is the order its handlers run in; the game's own group comes after the other. */
void
_bk_window_play_init (BkWindow *self)
{
  GSignalGroup *game = g_signal_group_new (BK_TYPE_GAME);
  GSignalGroup *bierkopf = g_signal_group_new (BK_TYPE_GAME);
  GSignalGroup *herzla = g_signal_group_new (BK_TYPE_GAME);

  g_signal_group_connect_swapped (bierkopf, "talk-said", G_CALLBACK (talk_said_cb), self);
  g_signal_group_connect_swapped (bierkopf, "passed", G_CALLBACK (passed_cb), self);
  g_signal_group_connect_swapped (bierkopf, "doubled", G_CALLBACK (doubled_cb), self);
  g_signal_group_connect_swapped (bierkopf, "retour-declined",
                                  G_CALLBACK (_bk_window_game_changed_cb), self);
  /* After the table's handler: it knows how long the ceremony and the walk are shown. */
  g_signal_group_connect_data (bierkopf, "partners-found", G_CALLBACK (partners_found_cb), self,
                               NULL, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  /* Every action (the seating, a deal, talk, doubling, pass, card) is saved. */
  g_signal_group_connect_swapped (bierkopf, "partners-found",
                                  G_CALLBACK (_bk_window_schedule_save), self);
  g_signal_group_connect_swapped (bierkopf, "talk-said", G_CALLBACK (_bk_window_schedule_save),
                                  self);
  g_signal_group_connect_swapped (bierkopf, "passed", G_CALLBACK (_bk_window_schedule_save),
                                  self);
  g_signal_group_connect_swapped (bierkopf, "doubled", G_CALLBACK (_bk_window_schedule_save),
                                  self);

  g_signal_group_connect_swapped (herzla, "bid-said", G_CALLBACK (bid_said_cb), self);
  g_signal_group_connect_swapped (herzla, "contract-decided", G_CALLBACK (contract_decided_cb),
                                  self);
  g_signal_group_connect_swapped (herzla, "hand-ended-early", G_CALLBACK (hand_ended_early_cb),
                                  self);
  g_signal_group_connect_swapped (herzla, "session-over",
                                  G_CALLBACK (_bk_window_game_changed_cb), self);
  /* Every bid is saved, as every card and deal below. */
  g_signal_group_connect_swapped (herzla, "bid-said", G_CALLBACK (_bk_window_schedule_save),
                                  self);

  g_signal_group_connect_swapped (game, "hand-dealt", G_CALLBACK (_bk_window_update_talk_log),
                                  self);
  g_signal_group_connect_swapped (game, "card-played", G_CALLBACK (card_played_cb), self);
  g_signal_group_connect_swapped (game, "notify::to-act",
                                  G_CALLBACK (_bk_window_game_changed_cb), self);
  g_signal_group_connect_swapped (game, "notify::phase", G_CALLBACK (phase_changed_cb), self);
  g_signal_group_connect_swapped (game, "hand-dealt", G_CALLBACK (_bk_window_schedule_save),
                                  self);
  g_signal_group_connect_swapped (game, "card-played", G_CALLBACK (_bk_window_schedule_save),
                                  self);
  g_signal_group_connect_swapped (game, "notify::phase", G_CALLBACK (_bk_window_schedule_save),
                                  self);
  self->game_signals = game;
  self->bierkopf_signals = bierkopf;
  self->herzla_signals = herzla;
}

/* The window listens to @game from now on (NULL: to no game). */
void
_bk_window_play_set_game (BkWindow *self,
                          BkGame   *game)
{
  gboolean bierkopf = game && _bk_window_is_bierkopf (self);

  if (self->game_signals == NULL)
    return;
  g_signal_group_set_target (self->game_signals, NULL);
  g_signal_group_set_target (self->bierkopf_signals, bierkopf ? game : NULL);
  g_signal_group_set_target (self->herzla_signals, game && !bierkopf ? game : NULL);
  g_signal_group_set_target (self->game_signals, game);
}
