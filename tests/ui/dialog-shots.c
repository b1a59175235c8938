/* dialog-shots.c: a picture of each composite dialog on its own, over a parent window of the
 * size given, for the eye and for comparing before and after a change (issue 22): the talk
 * and Spritze questions, the result, the tricks, the new session, Herzla's bid, broken
 * contract, result and settled sheets and ledger, and both review windows. Not a test; run it
 * on an X display (no window manager needed: each dialog is rendered by itself):
 *
 *   GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR=_build/data GSK_RENDERER=cairo \
 *   GTK_A11Y=test LANG=C.UTF-8 xvfb-run -a -s '-screen 0 1280x800x24' \
 *     _build/tests/ui/dialog-shots DIR 1280x800
 *
 * The pictures are DIR/WIDTHxHEIGHT-NAME.png.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "bk-bidding-dialog.h"
#include "bk-herzla-game.h"
#include "bk-herzla-review-window.h"
#include "bk-herzla-sheets.h"
#include "bk-new-session-dialog.h"
#include "bk-played-hand.h"
#include "bk-result-dialog.h"
#include "bk-review-window.h"
#include "bk-tricks-dialog.h"

static const char *out_dir;
static int width, height;
static GtkWidget *parent;
static const char *names4[] = { "You", "Sepp", "Gretl", "Hans", NULL };

static void
spin (gint64 usec)
{
  gint64 end = g_get_monotonic_time () + usec;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* Presents @window, waits until it is drawn, saves it and destroys it. */
static void
shoot (gpointer    window,
       const char *name)
{
  g_autofree char *file = g_strdup_printf ("%dx%d-%s.png", width, height, name);
  g_autofree char *path = g_build_filename (out_dir, file, NULL);
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  int w, h;

  gtk_window_present (GTK_WINDOW (window));
  spin (G_USEC_PER_SEC / 2);
  gtk_test_widget_wait_for_draw (window);
  w = gtk_widget_get_width (window);
  h = gtk_widget_get_height (window);
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_to_node (snapshot);
  if (node)
    {
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                             &GRAPHENE_RECT_INIT (0, 0, w, h));
      gdk_texture_save_to_png (texture, path);
      g_print ("%s\n", path);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  spin (G_USEC_PER_SEC / 10);
}

/* Dealer East, so South is Vorhand (the hand of test-dialogs.c). */
static BkGame *
dealt_game (void)
{
  BkRules rules;
  BkGame *game;
  BkHand hands[BK_N_SEATS];

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 1);
  bk_hand_parse ("HU SU HK S10 SK", &hands[BK_SEAT_S], NULL);
  bk_hand_parse ("EO GO HA SA GK", &hands[BK_SEAT_W], NULL);
  bk_hand_parse ("HO SO EA E10 EK", &hands[BK_SEAT_N], NULL);
  bk_hand_parse ("EU GU H10 G10 GA", &hands[BK_SEAT_E], NULL);
  if (!bk_game_deal (game, BK_SEAT_E, hands, 0, NULL))
    g_error ("no deal");
  return game;
}

static void
play_first_legal (BkGame *game,
                  guint   n)
{
  for (guint i = 0; i < n && bk_game_get_phase (game) == BK_PHASE_PLAYING; i++)
    bk_game_play (game, bk_game_get_to_act (game), bk_hand_first (bk_game_get_legal (game)),
                  NULL);
}

static void
bierkopf_shots (void)
{
  g_autoptr (BkGame) game = dealt_game ();
  g_autoptr (BkCardTheme) theme = bk_card_theme_new (BK_CARD_THEME_BAVARIAN, NULL);
  BkHandResult r = { 0, };

  shoot (bk_bidding_dialog_new (GTK_WINDOW (parent), game, BK_SEAT_S, NULL), "talk");
  bk_bidding_dialog_answer (bk_bidding_dialog_new (GTK_WINDOW (parent), game, BK_SEAT_S, NULL),
                            "schweigt", NULL);
  shoot (bk_bidding_dialog_new (GTK_WINDOW (parent), game, BK_SEAT_S, "Sepp says: “Good.”"),
         "spritze");
  shoot (bk_tricks_dialog_new (GTK_WINDOW (parent), game, theme, names4), "tricks-none");

  r.points[BK_TEAM_SN] = 91;
  r.points[BK_TEAM_WE] = 29;
  r.winner = BK_TEAM_SN;
  r.schneider = TRUE;
  r.multiplier = 2;
  r.lines = 4;
  shoot (bk_result_dialog_new (GTK_WINDOW (parent), &r, BK_TEAM_NONE), "result");
  shoot (bk_result_dialog_new (GTK_WINDOW (parent), &r, BK_TEAM_SN), "result-bollen");

  shoot (bk_new_session_dialog_new (GTK_WINDOW (parent)), "new-session");
  shoot (bk_new_session_dialog_new_for (GTK_WINDOW (parent), "herzla-simple"),
         "new-session-other");
}

static void
bierkopf_played_shots (void)
{
  g_autoptr (BkGame) game = dealt_game ();
  g_autoptr (BkCardTheme) theme = bk_card_theme_new (BK_CARD_THEME_BAVARIAN, NULL);
  g_autoptr (BkPlayedHand) hand = NULL;
  AdwMessageDialog *result;
  BkReviewWindow *review;
  const BkHandResult *r;
  gint64 end;

  /* Everybody gives the question's close answer (silence, pass) until play begins. */
  for (guint i = 0; i < 16 && bk_game_get_phase (game) == BK_PHASE_BIDDING; i++)
    {
      BkBiddingDialog *ask = bk_bidding_dialog_new (NULL, game, bk_game_get_to_act (game),
                                                    NULL);

      if (ask == NULL)
        break;
      bk_bidding_dialog_answer (ask, adw_message_dialog_get_close_response (
                                  ADW_MESSAGE_DIALOG (ask)), NULL);
      gtk_window_destroy (GTK_WINDOW (ask));
    }
  play_first_legal (game, 8);
  shoot (bk_tricks_dialog_new (GTK_WINDOW (parent), game, theme, names4), "tricks");
  play_first_legal (game, 40);
  r = bk_bierkopf_game_get_last_result (game);
  if (r)
    {
      result = ADW_MESSAGE_DIALOG (bk_result_dialog_new (GTK_WINDOW (parent), r, BK_TEAM_NONE));
      bk_tricks_dialog_keep_last_trick (result, game, theme, names4);
      shoot (result, "result-last-trick");
    }
  hand = bk_played_hand_new_from_game (game);
  review = bk_review_window_new (GTK_WINDOW (parent), hand);
  bk_review_frame_set_player_names (BK_REVIEW_FRAME (review), names4);
  gtk_window_present (GTK_WINDOW (review));
  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (bk_review_window_is_busy (review) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  shoot (review, "review");
}

static BkGame *
new_herzla (const char *variant,
            guint       players,
            guint64     seed)
{
  g_autofree char *n = g_strdup_printf ("%u", players);
  BkRules rules;
  BkGame *game;

  bk_rules_init_default (&rules);
  bk_rules_set_option (&rules, "game", "herzla", NULL);
  bk_rules_set_option (&rules, "variant", variant, NULL);
  bk_rules_set_option (&rules, "players", n, NULL);
  game = bk_game_new (&rules, seed);
  bk_game_start (game, NULL);
  return game;
}

static void
herzla_bid_normal (BkGame *game)
{
  while (bk_game_get_phase (game) == BK_PHASE_BIDDING)
    {
      BkAction action = bk_action_make (BK_ACTION_BID, bk_game_get_to_act (game),
                                        BK_CONTRACT_NORMAL);

      bk_game_apply (game, &action, NULL);
    }
}

static void
herzla_shots (void)
{
  g_autoptr (BkGame) game = new_herzla ("vier", 4, 4);
  g_autoptr (BkGame) simple = new_herzla ("einfach", 5, 4);
  g_autoptr (BkGame) beddl = NULL;
  g_autoptr (GArray) results = g_array_new (FALSE, FALSE, sizeof (BkHerzlaResult));
  static const char *names5[] = { "You", "Sepp", "Gretl", "Hans", "Vroni", NULL };
  BkHerzlaScore settled;
  BkHerzlaReviewWindow *review;
  AdwMessageDialog *bid;
  gint64 end;

  /* The person's bid comes first when the person is Vorhand; otherwise let the others
   * pass until the person is asked. */
  while (bk_game_get_phase (game) == BK_PHASE_BIDDING && bk_game_get_to_act (game) != 0)
    {
      BkAction action = bk_action_make (BK_ACTION_BID, bk_game_get_to_act (game),
                                        BK_CONTRACT_NORMAL);

      bk_game_apply (game, &action, NULL);
    }
  bid = bk_herzla_bid_dialog_new (GTK_WINDOW (parent), game, 0, "Sepp: Weiter");
  if (bid)
    shoot (bid, "herzla-bid");
  herzla_bid_normal (game);
  while (bk_game_get_phase (game) == BK_PHASE_PLAYING)
    play_first_legal (game, 1);
  shoot (bk_herzla_result_sheet_new (GTK_WINDOW (parent), game, names4), "herzla-result");
  if (bk_herzla_game_settle (game, &settled, NULL))
    shoot (bk_herzla_settled_sheet_new (GTK_WINDOW (parent), game, &settled, names4),
           "herzla-settled");
  shoot (bk_herzla_ledger_new (GTK_WINDOW (parent), game, names4, NULL), "herzla-ledger");

  review = bk_herzla_review_window_new_for_game (GTK_WINDOW (parent), game);
  bk_review_frame_set_player_names (BK_REVIEW_FRAME (review), names4);
  gtk_window_present (GTK_WINDOW (review));
  end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  while (bk_herzla_review_window_is_busy (review) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  shoot (review, "herzla-review");

  for (guint h = 0; h < 3; h++)
    {
      herzla_bid_normal (simple);
      while (bk_game_get_phase (simple) == BK_PHASE_PLAYING)
        play_first_legal (simple, 1);
      g_array_append_vals (results, bk_herzla_game_get_last_result (simple), 1);
      if (h < 2)
        bk_game_next_hand (simple, NULL);
    }
  shoot (bk_herzla_result_sheet_new (GTK_WINDOW (parent), simple, names5),
         "herzla-simple-result");
  shoot (bk_herzla_ledger_new (GTK_WINDOW (parent), simple, names5, results),
         "herzla-simple-ledger");

  /* A Beddl of the person, broken at the first trick the person takes. */
  for (guint64 seed = 1; seed < 200 && beddl == NULL; seed++)
    {
      g_autoptr (BkGame) g = new_herzla ("vier", 4, seed);

      if (bk_game_get_to_act (g) != 0 || !bk_herzla_game_bid (g, 0, BK_CONTRACT_BEDDL, NULL))
        continue;
      herzla_bid_normal (g);
      while (bk_game_get_phase (g) == BK_PHASE_PLAYING)
        play_first_legal (g, 1);
      if (bk_herzla_game_get_last_result (g)->tally.contract == BK_CONTRACT_BEDDL &&
          !bk_herzla_game_get_last_result (g)->payment.won)
        beddl = g_steal_pointer (&g);
    }
  if (beddl)
    {
      g_autofree char *text = bk_herzla_dup_broken_text (beddl, 1, names4);

      shoot (bk_herzla_broken_dialog_new (GTK_WINDOW (parent), beddl, text), "herzla-broken");
    }
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-dialog-shots-XXXXXX", NULL);

  if (argc != 3 || sscanf (argv[2], "%dx%d", &width, &height) != 2)
    {
      g_printerr ("usage: dialog-shots OUT_DIR WIDTHxHEIGHT\n");
      return 2;
    }
  out_dir = argv[1];
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_setenv ("XDG_STATE_HOME", home, TRUE);
  setlocale (LC_ALL, "");
  if (g_getenv ("BIERKOPF_LOCALEDIR"))
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("BIERKOPF_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  gtk_init ();
  adw_init ();
  {
    g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/io/github/bierkopf/Bierkopf/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }
  parent = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (parent), width, height);
  gtk_window_present (GTK_WINDOW (parent));
  spin (G_USEC_PER_SEC / 2);

  bierkopf_shots ();
  bierkopf_played_shots ();
  herzla_shots ();
  gtk_window_destroy (GTK_WINDOW (parent));
  return 0;
}
