/* test-dialogs.c: the window's dialogs on their own: the talk and Spritze question asks
 * exactly what the game allows (spec B3.1-B3.5) and its answer is the game's action; the
 * result of a hand (B5, B6); the new-session confirmation; the Retour offer (B3.6).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include <adwaita.h>
#include <string.h>

#include "bk-bidding-dialog.h"
#include "bk-bierkopf-query.h"
#include "bk-new-session-dialog.h"
#include "bk-result-dialog.h"
#include "bk-retour-offer.h"

/* Dealer East, so South is Vorhand, West Mittelhand, North Hinterhand. */
static BkGame *
dealt_game (guint lines)
{
  BkRules rules;
  BkGame *game;
  BkHand hands[BK_N_SEATS];
  g_autoptr (GError) error = NULL;

  bk_rules_init_default (&rules);
  if (lines)
    rules.bierkopf.lines = lines;
  game = bk_game_new (&rules, 1);
  g_assert_true (bk_hand_parse ("HU SU HK S10 SK", &hands[BK_SEAT_S], NULL));
  g_assert_true (bk_hand_parse ("EO GO HA SA GK", &hands[BK_SEAT_W], NULL));
  g_assert_true (bk_hand_parse ("HO SO EA E10 EK", &hands[BK_SEAT_N], NULL));
  g_assert_true (bk_hand_parse ("EU GU H10 G10 GA", &hands[BK_SEAT_E], NULL));
  g_assert_true (bk_game_deal (game, BK_SEAT_E, hands, 0, &error));
  g_assert_no_error (error);
  return game;
}

static void
destroy (gpointer dialog)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* spec B3.1, B3.3: Vorhand is asked how well he can help, then (silent) for a Spritze. */
static void
test_bidding_vorhand (void)
{
  g_autoptr (BkGame) game = dealt_game (0);
  BkBiddingDialog *dialog;
  AdwMessageDialog *message;
  g_autoptr (GError) error = NULL;

  /* Not asked when it is not the seat's turn. */
  g_assert_null (bk_bidding_dialog_new (NULL, game, BK_SEAT_W, NULL));

  dialog = bk_bidding_dialog_new (NULL, game, BK_SEAT_S, NULL);
  g_assert_nonnull (dialog);
  message = ADW_MESSAGE_DIALOG (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (message), ==, "Table Talk");
  g_assert_cmpstr (adw_message_dialog_get_body (message), ==,
                   "Tell your partner how well you can help. No cards may be named.");
  g_assert_cmpstr (adw_message_dialog_get_response_label (message, "gut"), ==, "_Good");
  g_assert_cmpstr (adw_message_dialog_get_response_label (message, "schlecht"), ==, "_Bad");
  g_assert_true (adw_message_dialog_has_response (message, "mittel"));
  g_assert_true (adw_message_dialog_has_response (message, "schweigt"));
  /* Deciding at once comes with the Spritze question, not with the talk. */
  g_assert_false (adw_message_dialog_has_response (message, "spritze"));
  g_assert_false (adw_message_dialog_has_response (message, "pass"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (message), ==, "mittel");
  g_assert_cmpstr (adw_message_dialog_get_close_response (message), ==, "schweigt");

  /* B3.5: saying nothing; the silent opener decides at once. */
  g_assert_true (bk_bidding_dialog_answer (dialog, "schweigt", &error));
  g_assert_no_error (error);
  destroy (dialog);
  dialog = bk_bidding_dialog_new (NULL, game, BK_SEAT_S, "Sepp says: “Good.”");
  g_assert_nonnull (dialog);
  message = ADW_MESSAGE_DIALOG (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (message), ==, "Spritze?");
  g_assert_cmpstr (adw_message_dialog_get_body (message), ==,
                   "Sepp says: “Good.”\nDouble the value of this hand?");
  g_assert_true (adw_message_dialog_get_response_enabled (message, "spritze"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (message), ==, "pass");
  g_assert_cmpstr (adw_message_dialog_get_close_response (message), ==, "pass");

  g_assert_true (bk_bidding_dialog_answer (dialog, "spritze", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 2);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
  /* An answer after the bidding changes nothing. */
  g_assert_true (bk_bidding_dialog_answer (dialog, "pass", &error));
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 2);
  destroy (dialog);
}

/* spec B3.2: the other team says whether it can help; B3.6 no Spritze at the cap. */
static void
test_bidding_other_team (void)
{
  g_autoptr (BkGame) game = dealt_game (1);
  BkBiddingDialog *dialog;
  AdwMessageDialog *message;
  g_autoptr (GError) error = NULL;
  BkSaid said[BK_N_SEATS];

  g_assert_true (bk_bierkopf_game_talk (game, BK_SEAT_S, BK_WORD_GUT, &error));
  g_assert_true (bk_bierkopf_game_talk (game, BK_SEAT_N, BK_WORD_GUT, &error));
  g_assert_true (bk_bierkopf_game_pass (game, BK_SEAT_S, &error));
  g_assert_true (bk_bierkopf_game_talk (game, BK_SEAT_W, BK_WORD_HELFEN, &error));
  g_assert_no_error (error);
  /* The Geber (East) is asked; South is not. */
  g_assert_null (bk_bidding_dialog_new (NULL, game, BK_SEAT_S, NULL));
  dialog = bk_bidding_dialog_new (NULL, game, BK_SEAT_E, NULL);
  g_assert_nonnull (dialog);
  message = ADW_MESSAGE_DIALOG (dialog);
  g_assert_cmpstr (adw_message_dialog_get_body (message), ==,
                   "Tell your partner whether you can help. No cards may be named.");
  g_assert_cmpstr (adw_message_dialog_get_response_label (message, "helfen"), ==,
                   "I Can _Help");
  g_assert_true (adw_message_dialog_has_response (message, "nicht-helfen"));
  g_assert_false (adw_message_dialog_has_response (message, "gut"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (message), ==, "helfen");
  g_assert_true (bk_bidding_dialog_answer (dialog, "nicht-helfen", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bk_bierkopf_game_get_said (game, said), ==, 4);
  g_assert_cmpuint (said[3].seat, ==, BK_SEAT_E);
  g_assert_cmpuint (said[3].word, ==, BK_WORD_NICHT_HELFEN);
  destroy (dialog);

  /* Mittelhand decides; at the cap of one line no Spritze is possible. */
  dialog = bk_bidding_dialog_new (NULL, game, BK_SEAT_W, NULL);
  g_assert_nonnull (dialog);
  message = ADW_MESSAGE_DIALOG (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (message), ==, "Spritze?");
  g_assert_false (adw_message_dialog_get_response_enabled (message, "spritze"));
  g_assert_true (adw_message_dialog_get_response_enabled (message, "pass"));
  destroy (dialog);
}

/* spec B5, B6 */
static void
test_result (void)
{
  BkHandResult r = { 0, };
  BkResultDialog *dialog;
  AdwMessageDialog *message;

  r.points[BK_TEAM_SN] = 91;
  r.points[BK_TEAM_WE] = 29;
  r.winner = BK_TEAM_SN;
  r.schneider = TRUE;
  r.multiplier = 2;
  r.lines = 4;
  dialog = bk_result_dialog_new (NULL, &r, BK_TEAM_NONE);
  message = ADW_MESSAGE_DIALOG (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (message), ==, "You Win the Hand");
  g_assert_cmpstr (adw_message_dialog_get_body (message), ==,
                   "Card points: us 91, them 29.\n"
                   "Schneider: the losers have fewer than 30.\n"
                   "Value: ×2\n"
                   "You strike 4 lines.");
  g_assert_cmpstr (adw_message_dialog_get_default_response (message), ==, "next");
  g_assert_cmpstr (adw_message_dialog_get_close_response (message), ==, "next");
  destroy (dialog);

  dialog = bk_result_dialog_new (NULL, &r, BK_TEAM_SN);
  message = ADW_MESSAGE_DIALOG (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (message), ==, "Bollen! They Owe You a Maß");
  g_assert_true (g_str_has_suffix (adw_message_dialog_get_body (message), "Prost!"));
  destroy (dialog);

  memset (&r, 0, sizeof r);
  r.points[BK_TEAM_SN] = r.points[BK_TEAM_WE] = 60;
  r.winner = BK_TEAM_NONE;
  r.multiplier = 1;
  r.carry_out = 1;
  dialog = bk_result_dialog_new (NULL, &r, BK_TEAM_NONE);
  message = ADW_MESSAGE_DIALOG (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (message), ==, "60:60 — Nobody Wins");
  g_assert_true (g_str_has_suffix (adw_message_dialog_get_body (message),
                                   "1 line waits for the next winner."));
  destroy (dialog);
}

static void
test_new_session (void)
{
  BkNewSessionDialog *dialog = bk_new_session_dialog_new (NULL);
  AdwMessageDialog *message = ADW_MESSAGE_DIALOG (dialog);

  g_assert_cmpstr (adw_message_dialog_get_heading (message), ==, "Start a New Session?");
  g_assert_true (adw_message_dialog_has_response (message, "new"));
  g_assert_cmpint (adw_message_dialog_get_response_appearance (message, "new"), ==,
                   ADW_RESPONSE_DESTRUCTIVE);
  g_assert_cmpstr (adw_message_dialog_get_default_response (message), ==, "cancel");
  g_assert_cmpstr (adw_message_dialog_get_close_response (message), ==, "cancel");
  destroy (dialog);
}

/* spec B3.6: the question after what was said; on a narrow table only the last line. */
static void
test_retour_offer (void)
{
  GtkWidget *offer = g_object_ref_sink (bk_retour_offer_new ());
  GtkWidget *label = gtk_widget_get_first_child (offer);

  g_assert_cmpstr (gtk_widget_get_name (offer), ==, "retour-offer");
  g_assert_true (GTK_IS_LABEL (label));
  bk_retour_offer_set_question (BK_RETOUR_OFFER (offer), 2, "", FALSE);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==,
                   "The hand is worth ×2. Answer with a Retour?");
  bk_retour_offer_set_question (BK_RETOUR_OFFER (offer), 4, "Sepp: Good.\nGretl: Retour! ×4",
                                FALSE);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==,
                   "Sepp: Good.\nGretl: Retour! ×4\n\nThe hand is worth ×4. Answer with a Retour?");
  bk_retour_offer_set_question (BK_RETOUR_OFFER (offer), 4, "Sepp: Good.\nGretl: Retour! ×4",
                                TRUE);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==,
                   "Gretl: Retour! ×4\n\nThe hand is worth ×4. Answer with a Retour?");
  g_object_unref (offer);
}

int
main (int   argc,
      char *argv[])
{
  /* gtk_init() aborts without a display; say why instead (run under xvfb-run). */
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/dialogs/B3.1/bidding-vorhand", test_bidding_vorhand);
  g_test_add_func ("/dialogs/B3.2/bidding-other-team", test_bidding_other_team);
  g_test_add_func ("/dialogs/B5/result", test_result);
  g_test_add_func ("/dialogs/new-session", test_new_session);
  g_test_add_func ("/dialogs/B3.6/retour-offer", test_retour_offer);

  return g_test_run ();
}
