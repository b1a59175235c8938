/* test-table-refresh.c: one refresh per change (issue 22). A card played tells of itself in
 * several of the model's signals ("card-played", "trick-completed", "hearts-taken",
 * notify::to-act, notify::phase); the table refreshes what it shows once for all of them,
 * and what it shows afterwards is the model's. A BkTable in a plain window plays a whole
 * hand of Bierkopf and of the four-player Herzla card by card, and a new deal; and South's
 * turn, ended and begun again among changes shown at once, still gives the hand the
 * keyboard.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "bk-card-theme.h"
#include "bk-games.h"
#include "bk-card-view.h"
#include "bk-game-query.h"
#include "bk-record.h"
#include "bk-table-private.h"

typedef struct {
  GtkWidget *window;
  BkTable   *table;
  BkGame    *game;
} Table;

/* Runs the main loop until nothing is pending (the refresh queued by a change and the
 * frames after it), at most two seconds. */
static void
settle (void)
{
  gint64 end = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;

  while (g_main_context_pending (NULL) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static void
open_table (Table  *t,
            BkGame *game)
{
  g_autoptr (BkCardTheme) theme = bk_card_theme_new (BK_CARD_THEME_BAVARIAN, NULL);

  g_assert_nonnull (theme);
  t->game = game;
  t->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (t->window), 1024, 720);
  t->table = BK_TABLE (bk_table_new ());
  gtk_window_set_child (GTK_WINDOW (t->window), GTK_WIDGET (t->table));
  bk_table_set_theme (t->table, theme);
  bk_table_set_animation_speed (t->table, 0);
  bk_table_set_game (t->table, game);
  gtk_window_present (GTK_WINDOW (t->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (t->table));
  settle ();
}

static void
close_table (Table *t)
{
  gtk_window_destroy (GTK_WINDOW (t->window));
  g_clear_object (&t->game);
  settle ();
}

/* What the refresh shows: the person's hand is the model's; on the person's turn a card
 * that may not be played says why in its tooltip, and only such a card. */
static void
assert_shows_model (Table *t)
{
  BkHand shown = 0, legal = 0;
  gboolean my_turn = bk_game_get_phase (t->game) == BK_PHASE_PLAYING &&
                     bk_game_get_to_act (t->game) == BK_SEAT_S;

  if (my_turn)
    legal = bk_game_get_legal (t->game);
  for (BkCard card = 0; card < BK_N_CARDS; card++)
    {
      GtkWidget *view = bk_table_get_card_widget (t->table, card);

      if (view == NULL || bk_game_get_holder (t->game, card) != BK_SEAT_S)
        continue;
      shown |= BK_HAND_BIT (card);
      if (my_turn)
        g_assert_cmpint (gtk_widget_get_tooltip_text (view) != NULL, ==,
                         !bk_hand_has (legal, card));
    }
  g_assert_cmphex (shown, ==, bk_game_get_cards (t->game, BK_SEAT_S));
}

/* Plays the hand out, the first legal card each time: every card refreshes the table once
 * (the trick's last card, which completes the trick, and the hand's, which ends it, too). */
static void
play_out (Table *t)
{
  guint cards = 0;

  while (bk_game_get_phase (t->game) == BK_PHASE_PLAYING)
    {
      g_autoptr (GError) error = NULL;
      guint before = bk_table_get_n_refreshes (t->table);

      g_assert_true (bk_game_play (t->game, bk_game_get_to_act (t->game),
                                   bk_hand_first (bk_game_get_legal (t->game)), &error));
      g_assert_no_error (error);
      settle ();
      g_assert_cmpuint (bk_table_get_n_refreshes (t->table), ==, before + 1);
      assert_shows_model (t);
      cards++;
    }
  g_assert_cmpuint (cards, >, 4);
  g_assert_cmpint (bk_game_get_phase (t->game), ==, BK_PHASE_HAND_OVER);
}

static void
next_hand (Table *t)
{
  g_autoptr (GError) error = NULL;
  guint before = bk_table_get_n_refreshes (t->table);

  g_assert_true (bk_game_next_hand (t->game, &error));
  g_assert_no_error (error);
  settle ();
  g_assert_cmpuint (bk_table_get_n_refreshes (t->table), ==, before + 1);
  assert_shows_model (t);
}

static void
test_bierkopf (void)
{
  g_autoptr (GError) error = NULL;
  Table t = { 0 };
  BkGame *game = bk_record_replay ("seed 5\ndealer S\nhand W EO GO HO SO EU\n"
                                   "hand N G10 GK SA S10 SK\nhand E GU HU SU HA H10\n"
                                   "hand S HK EA E10 EK GA\npass W\npass N\npass E\n",
                                   NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
  open_table (&t, game);
  play_out (&t);
  close_table (&t);
}

static void
test_herzla (void)
{
  g_autoptr (GError) error = NULL;
  Table t = { 0 };
  BkRules rules;
  BkGame *game;

  bk_rules_init_default (&rules);
  g_assert_true (bk_rules_set_option (&rules, "game", "herzla", NULL));
  g_assert_true (bk_rules_set_option (&rules, "variant", "vier", NULL));
  game = bk_game_new (&rules, 7);
  g_assert_true (bk_game_start (game, &error));
  g_assert_no_error (error);
  open_table (&t, game);
  /* Everybody says weiter (H3.1): each word is a change, refreshed once. */
  while (bk_game_get_phase (game) == BK_PHASE_BIDDING)
    {
      BkAction action = bk_action_make (BK_ACTION_BID, bk_game_get_to_act (game),
                                        BK_CONTRACT_NORMAL);
      guint before = bk_table_get_n_refreshes (t.table);

      g_assert_true (bk_game_apply (game, &action, &error));
      g_assert_no_error (error);
      settle ();
      g_assert_cmpuint (bk_table_get_n_refreshes (t.table), ==, before + 1);
    }
  play_out (&t);
  next_hand (&t);
  close_table (&t);
}

/* Changes that come faster than the refresh: South plays, the others play the trick out,
 * and it is South's turn again before the table refreshes. The refresh still sees that
 * South's turn began: the hand takes the keyboard, with its focus ring, on a legal card. */
static void
test_turn_again (void)
{
  g_autoptr (GError) error = NULL;
  Table t = { 0 };
  BkRules rules;
  BkGame *game;
  BkCard focus;
  guint before;

  bk_rules_init_default (&rules);
  g_assert_true (bk_rules_set_option (&rules, "game", "herzla", NULL));
  g_assert_true (bk_rules_set_option (&rules, "variant", "vier", NULL));
  game = bk_game_new (&rules, 7);
  g_assert_true (bk_game_start (game, &error));
  g_assert_no_error (error);
  open_table (&t, game);
  while (bk_game_get_phase (game) == BK_PHASE_BIDDING)
    {
      BkAction action = bk_action_make (BK_ACTION_BID, bk_game_get_to_act (game),
                                        BK_CONTRACT_NORMAL);

      g_assert_true (bk_game_apply (game, &action, &error));
      g_assert_no_error (error);
    }
  /* To South's turn, shown. */
  while (bk_game_get_to_act (game) != BK_SEAT_S)
    g_assert_true (bk_game_play (game, bk_game_get_to_act (game),
                                 bk_hand_first (bk_game_get_legal (game)), NULL));
  settle ();
  /* The person moved the mouse: no focus ring. Then a whole round at once. */
  gtk_window_set_focus_visible (GTK_WINDOW (t.window), FALSE);
  before = bk_table_get_n_refreshes (t.table);
  do
    g_assert_true (bk_game_play (game, bk_game_get_to_act (game),
                                 bk_hand_first (bk_game_get_legal (game)), NULL));
  while (bk_game_get_to_act (game) != BK_SEAT_S);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
  settle ();
  g_assert_cmpuint (bk_table_get_n_refreshes (t.table), ==, before + 1);
  focus = bk_table_get_focus_card (t.table);
  g_assert_cmpuint (focus, !=, BK_CARD_NONE);
  g_assert_true (bk_hand_has (bk_game_get_legal (game), focus));
  g_assert_true (gtk_window_get_focus_visible (GTK_WINDOW (t.window)));
  close_table (&t);
}

/* A word said stays in its bubble a while, but not into another game set on the table:
 * the words belong to the game they were said in. */
static void
test_new_game_clears_words (void)
{
  g_autoptr (GError) error = NULL;
  const char *record = "seed 5\ndealer S\nhand W EO GO HO SO EU\n"
                       "hand N G10 GK SA S10 SK\nhand E GU HU SU HA H10\n"
                       "hand S HK EA E10 EK GA\npass W\npass N\npass E\n";
  Table t = { 0 };
  BkGame *game = bk_record_replay (record, NULL, NULL, NULL, &error);
  g_autoptr (BkGame) other = bk_record_replay (record, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  open_table (&t, game);
  bk_table_say (t.table, BK_SEAT_N, "Gut!");
  settle ();
  g_assert_true (gtk_widget_get_visible (t.table->bubbles[BK_SEAT_N]));
  bk_table_set_game (t.table, other);
  settle ();
  g_assert_false (gtk_widget_get_visible (t.table->bubbles[BK_SEAT_N]));
  bk_table_set_game (t.table, NULL);
  close_table (&t);
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/table/refresh/bierkopf", test_bierkopf);
  g_test_add_func ("/table/refresh/herzla", test_herzla);
  g_test_add_func ("/table/refresh/turn-again", test_turn_again);
  g_test_add_func ("/table/refresh/new-game-clears-words", test_new_game_clears_words);
  return g_test_run ();
}
