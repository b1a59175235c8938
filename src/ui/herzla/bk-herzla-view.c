/* bk-herzla-view.c: Herzla in the window (BkGameView): the bids said at the table and
 * the bid dialog, who plays alone, a broken contract and the result sheet, the ledger and
 * settling up (H3-H6).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-herzla-table.h"
#include "bk-herzla-game.h"
#include "bk-herzla-hint.h"
#include "bk-herzla-history.h"
#include "bk-herzla-sheets.h"
#include "bk-herzla-options.h"
#include "bk-herzla-review-window.h"
#include "bk-herzla-preferences-page.h"
#include "bk-herzla-rules-text.h"
#include "bk-herzla-view.h"
#include "bk-money.h"
#include "bk-settings.h"
#include "bk-statistics-window.h"
#include "bk-tricks-dialog.h"
#include "bk-window-private.h"

/* H3.1: the person's bid. */
static void
herzla_bid_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        BkWindow         *self)
{
  g_autoptr (GError) error = NULL;

  _bk_window_forget_dialog (self, dialog);
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  if (self->game &&
      !bk_herzla_bid_dialog_answer (self->game, _bk_window_person_seat (self), response, &error))
    _bk_window_toast (self, error->message);
}

static void
broken_seen_cb (AdwMessageDialog *dialog,
                const char       *response,
                BkWindow         *self)
{
  _bk_window_forget_dialog (self, dialog);
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  g_clear_pointer (&self->broken_text, g_free);
  _bk_window_prompt_now (self);
}

/* H4.3-H5: a broken contract is told first, then the result sheet. */
static void
herzla_show_result (BkWindow *self,
                    gpointer  state)
{
  const char *names[BK_MAX_SEATS];
  AdwMessageDialog *dialog;

  if (self->dialog || bk_herzla_game_get_last_result (self->game) == NULL)
    return;
  _bk_window_seat_names (self, names);
  if (self->broken_text)
    {
      dialog = bk_herzla_broken_dialog_new (GTK_WINDOW (self), self->game, self->broken_text);
      g_signal_connect_object (dialog, "response", G_CALLBACK (broken_seen_cb), self, 0);
    }
  else
    {
      const BkHerzlaResult *r = bk_herzla_game_get_last_result (self->game);
      BkSeat person = _bk_window_person_seat (self);
      /* As the statistics count it: the four-player game by the money, the simple form by
       * taking no heart. */
      gint outcome = r->variant == BK_HERZLA_VIER ? r->payment.cents[person]
                                                  : r->tally.hearts[person] == 0 ? 1 : -1;

      if (outcome != 0)
        bk_sound_play (self->sound, outcome > 0 ? BK_SOUND_HAND_WON : BK_SOUND_HAND_LOST);
      dialog = bk_herzla_result_sheet_new (GTK_WINDOW (self), self->game, names);
      /* The sheet covers the middle: the last trick stays in view on it (issue 21). */
      bk_tricks_dialog_keep_last_trick (dialog, self->game, self->theme, names);
      g_signal_connect_object (dialog, "response", G_CALLBACK (_bk_window_next_hand_cb), self,
                               0);
    }
  _bk_window_set_dialog (self, dialog);
  _bk_window_add_dialog_shortcuts (self, GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* H3.1: a bid, in a speech bubble and the talk log. */
static void
bid_said_cb (BkWindow *self,
             guint     seat,
             guint     contract)
{
  const char *word = bk_herzla_contract_name ((BkContract) contract);

  _bk_window_say (self, (BkSeat) seat, word);
  bk_sound_play (self->sound, BK_SOUND_WORD_SAID);
}

/* What a word of the hand says in the talk log: the bids. */
static char *
herzla_word_text (const BkGameWord *word)
{
  return word->kind == BK_ACTION_BID
         ? g_strdup (bk_herzla_contract_name ((BkContract) word->value)) : NULL;
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
  if (_bk_window_is_person_here (self, declarer))
    /* Translators: %s is Beddl or Mord */
    text = g_strdup_printf (_("You play a %s alone against the others"),
                            bk_herzla_contract_name ((BkContract) contract));
  else
    /* Translators: "Sepp plays a Beddl" */
    text = g_strdup_printf (_("%s plays a %s"), _bk_window_name_at (self, declarer),
                            bk_herzla_contract_name ((BkContract) contract));
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

/* H5, H6.2: the ledger of the Herzla session (Abrechnung). */
static void
herzla_show_ledger (BkWindow *self,
                    gpointer  state)
{
  const char *names[BK_MAX_SEATS];
  g_autoptr (GArray) results = bk_herzla_game_dup_results (self->game);

  _bk_window_seat_names (self, names);
  gtk_window_present (GTK_WINDOW (bk_herzla_ledger_new (GTK_WINDOW (self), self->game, names,
                                                        results)));
}

/* H5.4: after the final sheet a new session of the same game; or back to the table. */
static void
settled_cb (AdwMessageDialog *dialog,
            const char       *response,
            BkWindow         *self)
{
  _bk_window_forget_dialog (self, dialog);
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  if (self->game == NULL)
    return;
  if (g_str_equal (response, "new"))
    bk_window_new_session (self);
  else
    _bk_window_prompt_now (self);
}

/* H5.4, H5.6: the four-player evening ends: the engine settles the session up (the stock
 * as the house rule says) and the final sheet shows what each player takes home. */
static void
herzla_settle_up (BkWindow *self,
                  gpointer  state)
{
  const char *names[BK_MAX_SEATS];
  g_autoptr (GError) error = NULL;
  BkHerzlaScore settled;
  AdwMessageDialog *sheet;

  if (self->dialog)
    return;
  if (!bk_herzla_game_settle (self->game, &settled, &error))
    {
      _bk_window_toast (self, error->message);
      return;
    }
  _bk_window_seat_names (self, names);
  sheet = bk_herzla_settled_sheet_new (GTK_WINDOW (self), self->game, &settled, names);
  _bk_window_set_dialog (self, sheet);
  g_signal_connect_object (sheet, "response", G_CALLBACK (settled_cb), self, 0);
  _bk_window_add_dialog_shortcuts (self, GTK_WIDGET (sheet));
  gtk_window_present (GTK_WINDOW (sheet));
}

/* H3.1: the person's bid. */
static void
herzla_ask_person (BkWindow *self,
                   gpointer  state,
                   BkSeat    seat)
{
  AdwMessageDialog *bid = bk_herzla_bid_dialog_new (GTK_WINDOW (self), self->game, seat,
                                                    self->talk_log->len ? self->talk_log->str
                                                                        : NULL);
  if (bid == NULL)
    return;
  _bk_window_set_dialog (self, bid);
  g_signal_connect_object (bid, "response", G_CALLBACK (herzla_bid_response_cb), self, 0);
  _bk_window_add_dialog_shortcuts (self, GTK_WIDGET (bid));
  gtk_window_present (GTK_WINDOW (bid));
}

static void
herzla_connect (BkWindow     *self,
                GSignalGroup *group)
{
  g_signal_group_connect_swapped (group, "bid-said", G_CALLBACK (bid_said_cb), self);
  g_signal_group_connect_swapped (group, "contract-decided", G_CALLBACK (contract_decided_cb),
                                  self);
  g_signal_group_connect_swapped (group, "hand-ended-early", G_CALLBACK (hand_ended_early_cb),
                                  self);
  g_signal_group_connect_swapped (group, "session-over",
                                  G_CALLBACK (_bk_window_game_changed_cb), self);
  /* Every bid is saved, as every card and deal. */
  g_signal_group_connect_swapped (group, "bid-said", G_CALLBACK (_bk_window_schedule_save),
                                  self);
}

static void
herzla_setup (BkWindow *self,
              gpointer  state)
{
  int width = 0;

  /* The table keeps its top right corner (BK_TABLE_CORNER_RIGHT, 124 x 100, 12 px in)
   * free for the stock's glass, which stands at the corner's right: the talk log's button
   * goes to the corner's left, beside the glass, where no name, badge or card ever lies
   * (below the corner, East's tag may be there). The glass is centred over its amount,
   * which lies lower than the button: even a wide amount leaves the button clear. */
  gtk_widget_measure (self->talk_button, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width,
                      NULL, NULL);
  gtk_widget_set_margin_top (self->talk_button, 0);
  gtk_widget_set_margin_end (self->header_slot, 12 + 124 - MAX (width, 34));
}

/* The ledger and settling up are Herzla's; the simple form counts points and has nothing
 * to settle. */
static void
herzla_update_actions (BkWindow *self,
                       gpointer  state)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.ledger", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.settle-up",
                                 bk_game_get_rules (self->game)->herzla.variant ==
                                 BK_HERZLA_VIER);
}

/* Herzla for four, or its simple form with its players and its end (H6.3). */
static void
herzla_choice_rules (GSettings  *settings,
                     const char *choice,
                     BkRules    *rules)
{
  gboolean simple = g_str_equal (choice, "herzla-simple");

  bk_settings_set_option (rules, "game", "herzla");
  bk_settings_set_option (rules, "variant", simple ? "einfach" : "vier");
  if (simple)
    {
      gboolean by_rounds = g_settings_get_enum (settings, "herzla-end") == 0;

      bk_settings_set_number (rules, "players", g_settings_get_int (settings, "herzla-players"));
      bk_settings_set_number (rules, "rounds",
                              by_rounds ? g_settings_get_int (settings, "herzla-rounds") : 0);
      bk_settings_set_number (rules, "limit",
                              by_rounds ? 0 : g_settings_get_int (settings, "herzla-limit"));
    }
}

static const char *
herzla_choice_of (BkGame *game)
{
  return bk_game_get_rules (game)->herzla.variant == BK_HERZLA_EINFACH ? "herzla-simple"
                                                                       : "herzla";
}

/* --- learn: the statistics and the review ------------------------------------------ */

static void
herzla_statistics_rows (BkStatisticsRows     *rows,
                        const BkHistoryGroup *group)
{
  bk_statistics_rows_take (rows, "cents", _("Cents won or paid"),
                           g_strdup_printf ("%+d", group->cents));
  bk_statistics_rows_take (rows, "heart-free", _("Without a heart"),
                           bk_statistics_count_share (group->heart_free, group->hands));
  bk_statistics_rows_take (rows, "beddl", _("Beddl bid / made"),
                           bk_statistics_pair (group->beddl_bid, group->beddl_made));
  bk_statistics_rows_take (rows, "mord", _("Mord bid / made"),
                           bk_statistics_pair (group->mord_bid, group->mord_made));
}

static GArray *
herzla_statistics_balance (const BkHistoryStats *stats)
{
  return stats->herzla_balance;
}

/* What a stored hand came to for the person, as the row's title. */
static char *
herzla_recent_hand_title (const BkHistoryHand *hand)
{
  g_autofree char *money = bk_money_format_cents (ABS (hand->cents), FALSE);

  if (hand->cents > 0)
    /* Translators: a stored hand of Herzla: the person won so much, e.g. "Won €0.40" */
    return g_strdup_printf (_("Won %s"), money);
  if (hand->cents < 0)
    /* Translators: a stored hand of Herzla: the person paid so much */
    return g_strdup_printf (_("Paid %s"), money);
  /* The simple form pays no money: the person took a heart or none. */
  if (hand->outcome > 0)
    /* Translators: a stored hand of Herzla's simple form: the person took no heart */
    return g_strdup (_("Heart-free"));
  if (hand->outcome < 0)
    /* Translators: a stored hand of Herzla's simple form: the person took hearts */
    return g_strdup (_("Hearts taken"));
  /* Translators: a stored hand of Herzla: nobody paid the person or was paid */
  return g_strdup (_("Nothing won or paid"));
}

static GtkWindow *
herzla_review (GtkWindow  *parent,
               BkGame     *game,
               const char *record)
{
  if (game == NULL)
    return GTK_WINDOW (bk_herzla_review_window_new_for_record (parent, record));
  return GTK_WINDOW (bk_herzla_review_window_new_for_game (parent, game));
}

static const BkGameChoice choices[] = {
  { "herzla", N_("Herzla"), N_("Four players, with Beddl and Mord, for cents") },
  { "herzla-simple", N_("Herzla for 3 to 8 Players"),
    N_("The simple form: every heart is a penalty point"), TRUE },
  { NULL }
};

/* The strengths of the setting (strength_key), by the preferences' names. */
static const BkGameStrength strengths[] = {
  { "anfaenger", "heuristic", "Anfänger" },
  { "stammtisch", "pimc", "Stammtisch" },
  { "meister", "meister", "Meister" },
  { NULL }
};

const BkGameView bk_herzla_view = {
  .kind = BK_GAME_HERZLA,
  .id = "herzla",
  .title = N_("Herzla"),
  .chooser_title = N_("Herzla"),
  .chooser_subtitle = N_("Four players, with Beddl and Mord, for cents"),
  .choices = choices,
  .table_decoration = bk_herzla_table_new,
  .restart_body = N_("The balances and the stock start afresh. The current session is lost."),
  .chooser_options = bk_herzla_options_new,
  .chooser_apply = bk_herzla_options_apply,
  /* Translators: the heading of Herzla's chart */
  .chart_title = N_("Herzla: cents over the last sessions"),
  .settings_prefix = "herzla-",
  .chosen_rule = "variant",
  .choice_rules = herzla_choice_rules,
  .choice_of = herzla_choice_of,
  .strength_key = "herzla-strength",
  .asking_subtitle = N_("Beddl, Mord or weiter?"),
  .tells_session_end = TRUE,
  .connect = herzla_connect,
  .setup = herzla_setup,
  .word_text = herzla_word_text,
  .ask_person = herzla_ask_person,
  .show_result = herzla_show_result,
  .update_actions = herzla_update_actions,
  .show_ledger = herzla_show_ledger,
  .settle_up = herzla_settle_up,
  /* learn */
  .statistics_rows = herzla_statistics_rows,
  .statistics_balance = herzla_statistics_balance,
  .recent_name = "recent-herzla-hands",
  .recent_title = N_("Recent Hands of Herzla"),
  .recent_description = N_("Herzla, the newest first: what the Meister thinks of your cards"),
  .recent_hand_title = herzla_recent_hand_title,
  .review = herzla_review,
  /* prefs */
  .preferences_page = bk_herzla_preferences_page_new,
  .preferences_order = 1,
  .rules_title = N_("Rules of Herzla"),
  .rules_sections = bk_herzla_rules_sections,
  /* end prefs */
  /* learn2 */
  .hint_new = bk_herzla_hint_job_new,
  .hint_run = bk_herzla_hint_job_run,
  .hint_text = bk_herzla_hint_job_text,
  .hint_free = bk_herzla_hint_job_free,
  .strengths = strengths,
};

GArray *
bk_herzla_view_dup_results (BkWindow *window)
{
  g_return_val_if_fail (BK_IS_WINDOW (window), NULL);
  return window->game && _bk_window_get_view (window) == &bk_herzla_view
         ? bk_herzla_game_dup_results (window->game)
         : g_array_new (FALSE, TRUE, sizeof (BkHerzlaResult));
}
