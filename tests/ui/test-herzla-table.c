/* test-herzla-table.c: the table plays Herzla (issue 16, "A table for 3 to 8"): a BkTable in
 * a plain window with a Herzla session driven through the engine's API. At 360x640 and at
 * 1920x1080, for the four-player game and the simple form with 3, 5 and 8 players: no card
 * of the person's hand overlaps another player's cards or name, and every one of them
 * shows and takes a click (picking in the middle of its visible part returns it). The
 * cards laid aside (H6.1) lie face down on the table; the hearts badges (H1.3), the
 * contract by its declarer (H3.1) and the stock's glass (H5.2-H5.4) follow the engine; a
 * card refused by the heart lead rule (H4.2) is shaded, says why in its tooltip, and a
 * click on it changes nothing. Issue 21: the last trick comes back (L) over the next one's
 * cards, the result sheet shows the last trick, and the ledger of eight fits its window.
 *
 * Built a second time with HERZLA_SHOTS as herzla-table-shots, which writes screenshots
 * instead (not a test):
 *
 *   xvfb-run -a -s '-screen 0 1920x1080x24' env GSK_RENDERER=cairo herzla-table-shots DIR
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "bk-card-theme.h"
#include "bk-card-view.h"
#include "bk-game-query.h"
#include "bk-herzla-game.h"
#include "bk-herzla-sheets.h"
#include "bk-herzla-table.h"
#include "bk-tricks-dialog.h"
#include "bk-stock-pot.h"
#include "bk-table.h"

typedef struct {
  GtkWidget *window;
  BkTable   *table;
  BkGame    *game;
  int        width;
  int        height;
} Table;

static BkGame *
new_herzla (const char *variant,
            guint       players,
            guint64     seed)
{
  g_autofree char *n = g_strdup_printf ("%u", players);
  g_autoptr (GError) error = NULL;
  BkRules rules;
  BkGame *game;

  bk_rules_init_default (&rules);
  g_assert_true (bk_rules_set_option (&rules, "game", "herzla", NULL));
  g_assert_true (bk_rules_set_option (&rules, "variant", variant, NULL));
  g_assert_true (bk_rules_set_option (&rules, "players", n, NULL));
  game = bk_game_new (&rules, seed);
  g_assert_nonnull (game);
  g_assert_true (bk_game_start (game, &error));
  g_assert_no_error (error);
  return game;
}

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

/* The table shows the game as it stands: every move done, laid out, drawn. */
static void
settle (Table *t)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  bk_table_finish_animations (t->table);
  while (g_get_monotonic_time () < end &&
         (gtk_widget_get_width (GTK_WIDGET (t->table)) != t->width ||
          gtk_widget_get_height (GTK_WIDGET (t->table)) != t->height))
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (t->table)), ==, t->width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (t->table)), ==, t->height);
  spin (G_USEC_PER_SEC / 20);
  bk_table_finish_animations (t->table);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (t->table));
}

static void
open_table (Table      *t,
            BkGame     *game,
            int         width,
            int         height,
            const char *theme_path,
            double      speed)
{
  g_autoptr (BkCardTheme) theme = bk_card_theme_new (theme_path, NULL);
  static const char *names[] = { "You", "Sepp", "Gretl", "Hans", "Vroni", "Schorsch",
                                 "Resi", "Wastl", NULL };

  g_assert_nonnull (theme);
  t->game = game;
  t->width = width;
  t->height = height;
  t->window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (t->window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (t->window), width, height);
  /* Larger than the test's screen: the window takes the size all the same. */
  gtk_widget_set_size_request (t->window, width, height);
  t->table = BK_TABLE (bk_table_new ());
  gtk_window_set_child (GTK_WINDOW (t->window), GTK_WIDGET (t->table));
  bk_table_set_theme (t->table, theme);
  bk_table_set_animation_speed (t->table, speed);
  bk_table_set_player_names (t->table, names);
  bk_table_set_game (t->table, game);
  {
    g_autoptr (BkTableDecoration) decoration = bk_herzla_table_new ();

    bk_table_set_decoration (t->table, decoration);
  }
  gtk_window_present (GTK_WINDOW (t->window));
  settle (t);
}

static void
close_table (Table *t)
{
  gtk_window_destroy (GTK_WINDOW (t->window));
  g_clear_object (&t->game);
  spin (G_USEC_PER_SEC / 50);
}

/* Everybody says weiter (H3.1), or the first bidder says @first. */
static void
bid (BkGame     *game,
     BkContract  first)
{
  gboolean said = FALSE;

  while (bk_game_get_phase (game) == BK_PHASE_BIDDING)
    {
      g_autoptr (GError) error = NULL;
      guint seat = bk_game_get_to_act (game);

      if (!said && first != BK_CONTRACT_NORMAL)
        g_assert_true (bk_herzla_game_bid (game, seat, first, &error));
      else
        {
          BkAction action = bk_action_make (BK_ACTION_BID, seat, BK_CONTRACT_NORMAL);

          g_assert_true (bk_game_apply (game, &action, &error));
        }
      g_assert_no_error (error);
      said = TRUE;
    }
}

/* The others play their first legal card until the person is to play (or the hand ends). */
static void
play_to_person (BkGame *game)
{
  while (bk_game_get_phase (game) == BK_PHASE_PLAYING && bk_game_get_to_act (game) != 0)
    {
      g_autoptr (GError) error = NULL;
      BkSeat seat = bk_game_get_to_act (game);

      g_assert_true (bk_game_play (game, seat, bk_hand_first (bk_game_get_legal (game)),
                                   &error));
      g_assert_no_error (error);
    }
}

static void
play_one (BkGame *game)
{
  g_autoptr (GError) error = NULL;
  BkSeat seat = bk_game_get_to_act (game);

  g_assert_true (bk_game_play (game, seat, bk_hand_first (bk_game_get_legal (game)), &error));
  g_assert_no_error (error);
}

#ifndef HERZLA_SHOTS
static graphene_rect_t
bounds_of (Table     *t,
           GtkWidget *widget)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (t->table), &r));
  return r;
}

/* Apart, or touching by less than a pixel. */
static gboolean
overlap (const graphene_rect_t *a,
         const graphene_rect_t *b)
{
  graphene_rect_t i;

  return graphene_rect_intersection (a, b, &i) && i.size.width > 1 && i.size.height > 1;
}

/* The table's children of a CSS class, in order. */
static void
add_with_class (GPtrArray  *found,
                GtkWidget  *widget,
                const char *css_class)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      if (gtk_widget_has_css_class (child, css_class))
        g_ptr_array_add (found, child);
      add_with_class (found, child, css_class);
    }
}

/* The table's widgets with @css_class, in their order (the name tags hold the names and
 * Herzla's badges, in seat order). */
static GPtrArray *
children_with_class (Table      *t,
                     const char *css_class)
{
  GPtrArray *found = g_ptr_array_new ();

  add_with_class (found, GTK_WIDGET (t->table), css_class);
  return found;
}

static GtkWidget *
find_pot (Table *t)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (t->table)); child;
       child = gtk_widget_get_next_sibling (child))
    if (BK_IS_STOCK_POT (child))
      return child;
  return NULL;
}

static BkCard
picked_card (Table  *t,
             double  x,
             double  y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (t->table), x, y, GTK_PICK_DEFAULT);

  while (picked && !BK_IS_CARD_VIEW (picked))
    picked = gtk_widget_get_parent (picked);
  return picked ? bk_card_view_get_card (BK_CARD_VIEW (picked)) : BK_CARD_NONE;
}

/* Issue 16's layout rule for the person's hand as the table stands. */
static void
check_person_hand (Table *t)
{
  guint n_seats = bk_game_get_n_seats (t->game);
  g_autoptr (GPtrArray) tags = children_with_class (t, "seat-name");
  g_autoptr (GPtrArray) badges = children_with_class (t, "hearts-badge");
  graphene_rect_t table = GRAPHENE_RECT_INIT (0, 0, t->width, t->height);
  BkCard mine[BK_N_CARDS];
  guint n = bk_game_get_hand_sorted (t->game, 0, mine);

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *view = bk_table_get_card_widget (t->table, mine[i]);
      graphene_rect_t r;
      graphene_point_t centre;
      double run_start = -1, run_end = -1;

      g_assert_nonnull (view);
      g_assert_true (gtk_widget_get_child_visible (view));
      g_assert_true (bk_card_view_get_face_up (BK_CARD_VIEW (view)));
      r = bounds_of (t, view);
      g_assert_true (graphene_rect_contains_rect (&table, &r));

      /* Not on another player's cards or name. */
      for (guint s = 1; s < n_seats; s++)
        {
          for (BkHand rest = bk_game_get_cards (t->game, s); rest; rest &= rest - 1)
            {
              GtkWidget *other = bk_table_get_card_widget (t->table, bk_hand_first (rest));
              graphene_rect_t o = bounds_of (t, other);

              if (overlap (&r, &o))
                {
                  g_test_message ("%ux%u, %u seats: card %u of the hand lies on seat %u's cards",
                                  t->width, t->height, n_seats, i, s);
                  g_test_fail ();
                }
            }
          {
            graphene_rect_t tag = bounds_of (t, g_ptr_array_index (tags, s));

            g_assert_false (overlap (&r, &tag));
            if (gtk_widget_get_visible (g_ptr_array_index (badges, s)))
              {
                graphene_rect_t badge = bounds_of (t, g_ptr_array_index (badges, s));

                g_assert_false (overlap (&r, &badge));
              }
          }
        }

      /* Visible and clickable: along the line through its centre, the stretch where a
       * click finds this card, and a pick in its middle returns it. */
      g_assert_true (gtk_widget_compute_point (view, GTK_WIDGET (t->table),
                                               &GRAPHENE_POINT_INIT (gtk_widget_get_width (view) / 2.0,
                                                                     gtk_widget_get_height (view) / 2.0),
                                               &centre));
      for (double x = r.origin.x; x <= r.origin.x + r.size.width; x += 1)
        if (picked_card (t, x, centre.y) == mine[i])
          {
            if (run_start < 0)
              run_start = x;
            run_end = x;
          }
        else if (run_start >= 0)
          break;
      if (run_start < 0 || run_end - run_start < 8)
        {
          g_test_message ("%ux%u, %u seats: card %u of %u shows %.0f px", t->width, t->height,
                          n_seats, i, n, run_start < 0 ? 0 : run_end - run_start);
          for (double x = r.origin.x; x <= r.origin.x + r.size.width; x += 4)
            {
              GtkWidget *p = gtk_widget_pick (GTK_WIDGET (t->table), x, centre.y, GTK_PICK_DEFAULT);
              g_test_message ("  at %.0f,%.0f: %s %u", x, centre.y, p ? G_OBJECT_TYPE_NAME (p) : "-",
                              p && BK_IS_CARD_VIEW (p) ? bk_card_view_get_card (BK_CARD_VIEW (p)) : 999);
            }
          g_test_message ("  bounds %.0f %.0f %.0f %.0f card %u", r.origin.x, r.origin.y, r.size.width, r.size.height, mine[i]);
          g_test_fail ();
          continue;
        }
      g_assert_cmpuint (picked_card (t, (run_start + run_end) / 2, centre.y), ==, mine[i]);
    }
}

static const struct { int width, height; } sizes[] = { { 360, 640 }, { 1920, 1080 } };

static void
check_layout (const char *variant,
              guint       players)
{
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    for (guint64 seed = 1; seed <= 2; seed++)
      {
        Table t = { 0 };

        open_table (&t, new_herzla (variant, players, seed), sizes[k].width, sizes[k].height,
                    seed == 1 ? BK_CARD_THEME_BAVARIAN : BK_CARD_THEME_FRENCH, 0);
        bid (t.game, BK_CONTRACT_NORMAL);
        play_to_person (t.game);
        settle (&t);
        g_test_message ("%s, %u players, %dx%d", variant, players, sizes[k].width,
                        sizes[k].height);
        check_person_hand (&t);
        /* After a few tricks, fewer cards. */
        for (guint i = 0; i < players * 2 && bk_game_get_phase (t.game) == BK_PHASE_PLAYING; i++)
          play_one (t.game);
        play_to_person (t.game);
        if (bk_game_get_phase (t.game) == BK_PHASE_PLAYING)
          {
            settle (&t);
            check_person_hand (&t);
          }
        close_table (&t);
      }
}

static void
test_layout_four (void)
{
  check_layout ("vier", 4);
}

static void
test_layout_three (void)
{
  check_layout ("einfach", 3);
}

static void
test_layout_five (void)
{
  check_layout ("einfach", 5);
}

static void
test_layout_eight (void)
{
  check_layout ("einfach", 8);
}

/* H6.1: 8 players get 4 cards each and 4 lie aside, face down by the dealer; 3 players
 * get all 36. */
static void
test_aside (void)
{
  static const guint players[] = { 8, 5, 3 };

  for (guint k = 0; k < G_N_ELEMENTS (players); k++)
    {
      Table t = { 0 };
      BkHand aside;
      graphene_rect_t table;
      BkCard mine[BK_N_CARDS];
      guint n;

      open_table (&t, new_herzla ("einfach", players[k], 3), 1024, 720, BK_CARD_THEME_BAVARIAN,
                  0);
      aside = bk_game_get_aside (t.game);
      g_assert_cmpuint (bk_hand_count (aside), ==, 36 % players[k]);
      table = GRAPHENE_RECT_INIT (0, 0, t.width, t.height);
      n = bk_game_get_hand_sorted (t.game, 0, mine);
      for (BkHand rest = aside; rest; rest &= rest - 1)
        {
          GtkWidget *view = bk_table_get_card_widget (t.table, bk_hand_first (rest));
          graphene_rect_t r;

          g_assert_nonnull (view);
          g_assert_true (gtk_widget_get_child_visible (view));
          g_assert_false (bk_card_view_get_face_up (BK_CARD_VIEW (view)));
          {
            g_autofree char *expected = g_strdup_printf (bk_hand_count (aside) == 1
                                                         ? "Laid aside, %u card"
                                                         : "Laid aside, %u cards",
                                                         bk_hand_count (aside));
            g_autofree char *diff = gtk_test_accessible_check_property (
              GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, expected);

            if (diff)
              g_test_message ("%s", diff);
            g_assert_null (diff);
          }
          r = bounds_of (&t, view);
          g_assert_true (graphene_rect_contains_rect (&table, &r));
          for (guint i = 0; i < n; i++)
            {
              graphene_rect_t m = bounds_of (&t, bk_table_get_card_widget (t.table, mine[i]));

              g_assert_false (overlap (&r, &m));
            }
        }
      /* They stay while the hand is played. */
      play_to_person (t.game);
      play_one (t.game);
      play_to_person (t.game);
      settle (&t);
      for (BkHand rest = aside; rest; rest &= rest - 1)
        g_assert_true (gtk_widget_get_child_visible (bk_table_get_card_widget (t.table,
                                                                               bk_hand_first (rest))));
      close_table (&t);
    }
}

static void
check_hearts (Table *t)
{
  g_autoptr (GPtrArray) badges = children_with_class (t, "hearts-badge");

  for (guint s = 0; s < bk_game_get_n_seats (t->game); s++)
    {
      g_autofree char *expected = g_strdup_printf ("♥ %u",
                                                   bk_herzla_game_get_hearts (t->game, s));
      GtkWidget *badge = g_ptr_array_index (badges, s);

      g_assert_true (gtk_widget_get_visible (badge));
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (badge)), ==, expected);
    }
}

/* H1.3, H3.1, H4.3: a Beddl's badge by its declarer for the whole hand, the hearts by
 * every name after every card. */
static void
test_beddl_and_hearts (void)
{
  Table t = { 0 };
  g_autoptr (GPtrArray) contract = NULL;
  g_autoptr (GPtrArray) tags = NULL;
  GtkWidget *badge;
  guint declarer, hearts = 0;

  open_table (&t, new_herzla ("vier", 4, 7), 1280, 800, BK_CARD_THEME_BAVARIAN, 0);
  contract = children_with_class (&t, "contract-badge");
  tags = children_with_class (&t, "seat-name");
  g_assert_cmpuint (contract->len, ==, 1);
  badge = g_ptr_array_index (contract, 0);
  g_assert_false (gtk_widget_get_visible (badge));
  check_hearts (&t);

  bid (t.game, BK_CONTRACT_BEDDL);
  settle (&t);
  declarer = bk_herzla_game_get_declarer (t.game);
  g_assert_cmpuint (bk_herzla_game_get_contract (t.game), ==, BK_CONTRACT_BEDDL);
  while (bk_game_get_phase (t.game) == BK_PHASE_PLAYING)
    {
      graphene_rect_t b, tag;

      g_assert_true (gtk_widget_get_visible (badge));
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (badge)), ==, "Beddl");
      g_assert_true (g_str_has_suffix (gtk_widget_get_tooltip_text (badge),
                                       declarer == 0 ? "play a Beddl: you must take no trick"
                                                     : "plays a Beddl and must take no trick"));
      /* Beside the declarer's name. */
      b = bounds_of (&t, badge);
      tag = bounds_of (&t, g_ptr_array_index (tags, declarer));
      g_assert_cmpfloat (fabs (b.origin.y - tag.origin.y), <, 1);
      g_assert_cmpfloat (b.origin.x, >=, tag.origin.x + tag.size.width);
      g_assert_cmpfloat (b.origin.x, <, tag.origin.x + tag.size.width + 80);
      check_hearts (&t);
      play_one (t.game);
      settle (&t);
    }
  check_hearts (&t);
  for (guint s = 0; s < 4; s++)
    hearts += bk_herzla_game_get_hearts (t.game, s);
  g_test_message ("the Beddl %s after %u tricks, %u hearts taken",
                  bk_herzla_game_get_last_result (t.game) ? "scored" : "open",
                  bk_game_get_tricks_done (t.game), hearts);
  /* The next hand clears the marks. */
  g_assert_true (bk_game_next_hand (t.game, NULL));
  settle (&t);
  g_assert_false (gtk_widget_get_visible (badge));
  check_hearts (&t);
  close_table (&t);
}

/* H5.2-H5.4: the glass shows the stock after every hand. */
static void
test_stock_follows (void)
{
  Table t = { 0 };
  BkStockPot *pot;
  guint changes = 0;
  int last = 0;

  open_table (&t, new_herzla ("vier", 4, 11), 1280, 800, BK_CARD_THEME_BAVARIAN, 0);
  pot = BK_STOCK_POT (find_pot (&t));
  g_assert_nonnull (pot);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (pot)));
  for (guint hand = 0; hand < 60 && changes < 2 && !bk_game_is_session_over (t.game); hand++)
    {
      int stock;

      bid (t.game, BK_CONTRACT_NORMAL);
      while (bk_game_get_phase (t.game) == BK_PHASE_PLAYING)
        play_one (t.game);
      settle (&t);
      stock = bk_herzla_game_get_stock (t.game);
      g_assert_cmpint (bk_stock_pot_get_cents (pot), ==, stock);
      g_assert_cmpint (bk_stock_pot_get_shown_cents (pot), ==, stock);
      if (stock != last)
        {
          g_test_message ("hand %u: the stock %d -> %d cents", hand, last, stock);
          changes++;
        }
      last = stock;
      if (!bk_game_next_hand (t.game, NULL))
        break;
    }
  g_assert_cmpuint (changes, >, 0);
  close_table (&t);

  /* The simple form has no stock. */
  open_table (&t, new_herzla ("einfach", 6, 1), 1024, 720, BK_CARD_THEME_BAVARIAN, 0);
  g_assert_false (gtk_widget_get_visible (find_pot (&t)));
  close_table (&t);
}

/* The glass fills with an animation at the table's pace, at once under reduced motion. */
static void
test_stock_animation (void)
{
  GtkSettings *settings = gtk_settings_get_default ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *pot = bk_stock_pot_new ();
  BkStockPot *p = BK_STOCK_POT (pot);
  gint64 end;

  gtk_window_set_child (GTK_WINDOW (window), pot);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (pot);
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);

  bk_stock_pot_set_animation_speed (p, 1);
  bk_stock_pot_set_cents (p, 160, TRUE);
  g_assert_cmpint (bk_stock_pot_get_cents (p), ==, 160);
  g_assert_true (bk_stock_pot_is_animating (p));
  g_assert_cmpint (bk_stock_pot_get_shown_cents (p), <, 160);
  end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (bk_stock_pot_is_animating (p) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (bk_stock_pot_is_animating (p));
  g_assert_cmpint (bk_stock_pot_get_shown_cents (p), ==, 160);
  g_assert_cmpfloat (bk_stock_pot_get_level (p), >, 0.3);

  /* Emptied (H5.4): the level goes down. */
  bk_stock_pot_set_cents (p, 0, TRUE);
  g_assert_true (bk_stock_pot_is_animating (p));
  end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (bk_stock_pot_is_animating (p) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpfloat (bk_stock_pot_get_level (p), ==, 0);

  /* Speed 0, and reduced motion: at once. */
  bk_stock_pot_set_animation_speed (p, 0);
  bk_stock_pot_set_cents (p, 80, TRUE);
  g_assert_false (bk_stock_pot_is_animating (p));
  g_assert_cmpint (bk_stock_pot_get_shown_cents (p), ==, 80);
  bk_stock_pot_set_animation_speed (p, 2);
  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  bk_stock_pot_set_cents (p, 240, TRUE);
  g_assert_false (bk_stock_pot_is_animating (p));
  g_assert_cmpint (bk_stock_pot_get_shown_cents (p), ==, 240);
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
refuse_cb (BkTable *table,
           guint    card,
           gpointer user_data)
{
  BkGame *game = user_data;
  g_autoptr (GError) error = NULL;

  /* As the window does: the engine decides. */
  g_assert_false (bk_game_play (game, 0, (BkCard) card, &error));
  g_assert_nonnull (error);
}

/* H4.2: the person leads the first trick holding hearts and other cards: the hearts are
 * shaded, their tooltip says why, and a click on one changes nothing. */
static void
test_heart_lead_refused (void)
{
  guint64 seed;
  BkGame *game = NULL;
  BkHand hearts = 0;

  for (seed = 1; seed < 400; seed++)
    {
      BkHand mine;

      game = new_herzla ("vier", 4, seed);
      mine = bk_game_get_cards (game, 0);
      hearts = 0;
      for (BkRank r = 0; r < BK_N_RANKS; r++)
        hearts |= BK_HAND_BIT (BK_CARD (BK_SUIT_HERZ, r));
      hearts &= mine;
      if (bk_game_get_dealer (game) == 3 && hearts && hearts != mine)
        break;
      g_clear_object (&game);
    }
  g_assert_nonnull (game);
  g_test_message ("seed %" G_GUINT64_FORMAT ": the person leads with %u hearts", seed,
                  bk_hand_count (hearts));
  {
    Table t = { 0 };
    g_autofree char *record = NULL;
    BkCard mine[BK_N_CARDS];
    guint n;

    open_table (&t, game, 1280, 800, BK_CARD_THEME_BAVARIAN, 0);
    bid (game, BK_CONTRACT_NORMAL);
    settle (&t);
    g_assert_cmpuint (bk_game_get_to_act (game), ==, 0);
    g_signal_connect (t.table, "card-activated", G_CALLBACK (refuse_cb), game);
    record = bk_game_to_record (game);
    n = bk_game_get_hand_sorted (game, 0, mine);
    for (guint i = 0; i < n; i++)
      {
        GtkWidget *view = bk_table_get_card_widget (t.table, mine[i]);
        const char *tooltip = gtk_widget_get_tooltip_text (view);
        g_autofree char *after = NULL;

        if (!bk_hand_has (hearts, mine[i]))
          {
            g_assert_null (tooltip);
            continue;
          }
        g_assert_cmpstr (tooltip, ==, "No heart may be led to the first two tricks");
        g_assert_true (bk_table_activate_card (t.table, i));
        settle (&t);
        after = bk_game_to_record (game);
        g_assert_cmpstr (after, ==, record);
        g_assert_true (bk_hand_has (bk_game_get_cards (game, 0), mine[i]));
        g_assert_cmpuint (bk_game_get_to_act (game), ==, 0);
      }
    close_table (&t);
  }
}

#endif

/* The simple form for eight after @hands hands, with every hand's result. */
static BkGame *
played_eight (guint    hands,
              GArray **results)
{
  BkGame *game = new_herzla ("einfach", 8, 7);

  *results = g_array_new (FALSE, FALSE, sizeof (BkHerzlaResult));
  for (guint h = 0; h < hands; h++)
    {
      bid (game, BK_CONTRACT_NORMAL);
      while (bk_game_get_phase (game) == BK_PHASE_PLAYING)
        play_one (game);
      g_array_append_vals (*results, bk_herzla_game_get_last_result (game), 1);
      if (h + 1 < hands)
        g_assert_true (bk_game_next_hand (game, NULL));
    }
  return game;
}

#ifndef HERZLA_SHOTS
static GtkWidget *
find_type (GtkWidget *widget,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found)
        return found;
    }
  return NULL;
}

static GtkWidget *
named_descendant (GtkWidget  *widget,
                  const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = named_descendant (child, name);

      if (found)
        return found;
    }
  return NULL;
}

static void
picture_names (GtkWidget *widget,
               GString   *out)
{
  if (GTK_IS_PICTURE (widget) && gtk_picture_get_alternative_text (GTK_PICTURE (widget)))
    g_string_append_printf (out, "%s\n",
                            gtk_picture_get_alternative_text (GTK_PICTURE (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    picture_names (child, out);
}

/* Issue 21, B4.5 for both games: in Herzla too the last trick comes back (L) while the
 * next one is under way, face up over its cards, each card in its player's place; a
 * click ends the look and the cards go back to their winner. */
static void
test_look_last_trick (void)
{
  static const char *names5[] = { "You", "Sepp", "Gretl", "Hans", "Vroni" };
  Table t = { 0 };
  BkGame *game = new_herzla ("einfach", 5, 4);
  BkTrick first;
  BkSeat winner;

  open_table (&t, game, 1024, 720, BK_CARD_THEME_BAVARIAN, 1);
  bid (game, BK_CONTRACT_NORMAL);
  g_assert_false (bk_table_show_last_trick (t.table));
  for (guint i = 0; i < 5 + 2; i++)
    play_one (game);
  settle (&t);
  g_assert_true (bk_game_get_trick (game, 0, &first, &winner));
  g_assert_true (bk_table_show_last_trick (t.table));
  g_assert_true (bk_table_is_trick_in_view (t.table));
  g_assert_true (bk_table_is_holding (t.table));
  spin (G_USEC_PER_SEC / 2);
  {
    graphene_point_t centres[BK_MAX_SEATS];

    for (guint i = 0; i < first.n; i++)
      {
        GtkWidget *view = bk_table_get_card_widget (t.table, first.cards[i]);
        graphene_rect_t r = bounds_of (&t, view);

        g_assert_true (bk_card_view_get_face_up (BK_CARD_VIEW (view)));
        g_assert_true (gtk_widget_get_child_visible (view));
        /* In the middle, each in a place of its own (its player's). */
        graphene_rect_get_center (&r, &centres[i]);
        g_test_message ("the card of seat %u at %.0f,%.0f", (first.leader + i) % 5,
                        centres[i].x, centres[i].y);
        g_assert_cmpfloat (fabs (centres[i].x - t.width / 2.0), <, t.width / 4.0);
        g_assert_cmpfloat (fabs (centres[i].y - t.height / 2.0), <, t.height / 3.0);
        for (guint k = 0; k < i; k++)
          g_assert_cmpfloat (graphene_point_distance (&centres[i], &centres[k], NULL, NULL), >,
                             10);
      }
  }
  /* A caption says whose trick it is. */
  {
    GtkWidget *caption = named_descendant (GTK_WIDGET (t.table), "look-caption");
    g_autofree char *expected = winner == 0 ? g_strdup ("The last trick, taken by you")
                                : g_strdup_printf ("The last trick, taken by %s", names5[winner]);

    g_assert_nonnull (caption);
    g_assert_true (gtk_widget_get_child_visible (caption));
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (caption)), ==, expected);
  }
  g_assert_true (bk_table_dismiss (t.table));
  g_assert_false (bk_table_is_holding (t.table));
  settle (&t);
  spin (G_USEC_PER_SEC / 2);
  settle (&t);
  g_assert_false (gtk_widget_get_child_visible (named_descendant (GTK_WIDGET (t.table),
                                                                  "look-caption")));
  for (guint i = 0; i < first.n; i++)
    g_assert_false (gtk_widget_get_child_visible (bk_table_get_card_widget (t.table,
                                                                            first.cards[i])));
  close_table (&t);
}

/* Issue 21: the result sheet comes up over the middle of the table, so it shows the hand's
 * last trick itself, with who played each card, under the penalty table it has. */
static void
test_sheet_keeps_last_trick (void)
{
  static const char *names[] = { "You", "Sepp", "Gretl", "Hans", "Vroni", NULL };
  g_autoptr (BkCardTheme) theme = bk_card_theme_new (BK_CARD_THEME_BAVARIAN, NULL);
  BkGame *game = new_herzla ("einfach", 5, 4);
  GtkWidget *parent = gtk_window_new ();
  AdwMessageDialog *sheet;
  GtkWidget *shown;
  g_autoptr (GString) pictures = g_string_new (NULL);
  g_autofree char *text = NULL;
  BkTrick last;

  bid (game, BK_CONTRACT_NORMAL);
  while (bk_game_get_phase (game) == BK_PHASE_PLAYING)
    play_one (game);
  sheet = bk_herzla_result_sheet_new (GTK_WINDOW (parent), game, names);
  bk_tricks_dialog_keep_last_trick (sheet, game, theme, names);
  shown = named_descendant (GTK_WIDGET (sheet), "last-trick");
  g_assert_nonnull (shown);
  picture_names (shown, pictures);
  g_assert_true (bk_game_get_trick (game, bk_game_get_tricks_done (game) - 1, &last, NULL));
  g_assert_cmpuint (last.n, ==, 5);
  for (guint i = 0; i < last.n; i++)
    {
      g_autofree char *name = bk_card_theme_card_name (theme, last.cards[i]);
      g_autofree char *line = g_strdup_printf ("%s\n", name);

      g_assert_nonnull (strstr (pictures->str, line));
    }
  text = bk_herzla_sheet_dup_text (GTK_WIDGET (sheet));
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "Total"));
  g_assert_nonnull (strstr (text, "The last trick, taken by"));
  for (guint s = 0; s < 5; s++)
    g_assert_nonnull (strstr (text, names[s]));

  gtk_window_destroy (GTK_WINDOW (sheet));
  gtk_window_destroy (GTK_WINDOW (parent));
  g_object_unref (game);
}

/* Issue 34 (11): the simple form's result sheet with nobody heart-free begins with its
 * words (an empty line lay under its title), and every result sheet offers the hand's
 * review (H5: Review This Hand, as after a hand of Bierkopf). */
static void
test_sheet_no_empty_band (void)
{
  static const char *names[] = { "You", "Sepp", "Gretl", NULL };
  GtkWidget *parent = gtk_window_new ();
  guint nobody_free = 0;

  for (guint64 seed = 1; seed <= 40; seed++)
    {
      g_autoptr (BkGame) game = new_herzla ("einfach", 3, seed);
      const BkHerzlaResult *r;
      AdwMessageDialog *sheet;
      const char *body;
      gboolean someone_free = FALSE;

      bid (game, BK_CONTRACT_NORMAL);
      while (bk_game_get_phase (game) == BK_PHASE_PLAYING)
        play_one (game);
      r = bk_herzla_game_get_last_result (game);
      for (guint s = 0; s < 3; s++)
        someone_free = someone_free || r->tally.hearts[s] == 0;
      sheet = bk_herzla_result_sheet_new (GTK_WINDOW (parent), game, names);
      body = adw_message_dialog_get_body (sheet);
      g_assert_true (body[0] != '\n' && body[0] != '\0');
      g_assert_null (strstr (body, "\n\n"));
      g_assert_true (adw_message_dialog_has_response (sheet, "review"));
      if (!someone_free)
        {
          g_test_message ("seed %u, nobody heart-free: “%s”", (guint) seed, body);
          nobody_free++;
        }
      gtk_window_destroy (GTK_WINDOW (sheet));
    }
  /* the case of the empty band came up */
  g_assert_cmpuint (nobody_free, >, 0);
  gtk_window_destroy (GTK_WINDOW (parent));
}

/* Issue 21: the ledger of eight players over a 1024x720 window shows all its columns: the
 * table's natural width fits the ledger's window (no column is cut off or scrolled away). */
static void
test_ledger_eight (void)
{
  static const char *names[] = { "You", "Sepp", "Gretl", "Hans", "Vroni", "Schorsch",
                                 "Resi", "Wastl", NULL };
  g_autoptr (GArray) results = NULL;
  g_autoptr (BkGame) game = played_eight (12, &results);
  GtkWidget *parent = gtk_window_new ();
  GtkWidget *ledger, *grid, *scrolled;
  int natural = 0;
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  gtk_window_set_default_size (GTK_WINDOW (parent), 1024, 720);
  gtk_window_present (GTK_WINDOW (parent));
  ledger = bk_herzla_ledger_new (GTK_WINDOW (parent), game, names, results);
  gtk_window_present (GTK_WINDOW (ledger));
  while (g_get_monotonic_time () < end && gtk_widget_get_width (ledger) == 0)
    g_main_context_iteration (NULL, FALSE);
  gtk_test_widget_wait_for_draw (ledger);
  grid = find_type (ledger, GTK_TYPE_GRID);
  scrolled = find_type (ledger, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (grid);
  g_assert_nonnull (scrolled);
  gtk_widget_measure (grid, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  g_test_message ("the ledger's table %d px wide, its window %d px, the scrolled part %d px",
                  natural, gtk_widget_get_width (ledger), gtk_widget_get_width (scrolled));
  g_assert_cmpint (gtk_widget_get_width (ledger), <=, 1024);
  /* The grid and its margins inside the scrolled part. */
  g_assert_cmpint (natural + 2 * 18, <=, gtk_widget_get_width (scrolled));

  gtk_window_destroy (GTK_WINDOW (ledger));
  gtk_window_destroy (GTK_WINDOW (parent));
  spin (G_USEC_PER_SEC / 50);
}
#endif

#ifdef HERZLA_SHOTS
static void
shoot_window (GtkWidget  *window,
              int         width,
              int         height,
              const char *dir,
              const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  spin (G_USEC_PER_SEC / 5);
  gtk_test_widget_wait_for_draw (window);
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_texture_save_to_png (texture, path);
  g_print ("%s\n", path);
}

static void
shoot (Table      *t,
       const char *dir,
       const char *name)
{
  settle (t);
  shoot_window (t->window, t->width, t->height, dir, name);
}

/* The ledger of eight over a 1024x720 window, at the size it opens with. */
static void
shoot_ledger (const char *dir,
              const char *name)
{
  static const char *names[] = { "You", "Sepp", "Gretl", "Hans", "Vroni", "Schorsch",
                                 "Resi", "Wastl", NULL };
  g_autoptr (GArray) results = NULL;
  g_autoptr (BkGame) game = played_eight (12, &results);
  GtkWidget *parent = gtk_window_new ();
  GtkWidget *ledger;

  gtk_window_set_default_size (GTK_WINDOW (parent), 1024, 720);
  gtk_window_present (GTK_WINDOW (parent));
  ledger = bk_herzla_ledger_new (GTK_WINDOW (parent), game, names, results);
  gtk_window_present (GTK_WINDOW (ledger));
  spin (G_USEC_PER_SEC / 2);
  shoot_window (ledger, gtk_widget_get_width (ledger), gtk_widget_get_height (ledger), dir,
                name);
  gtk_window_destroy (GTK_WINDOW (ledger));
  gtk_window_destroy (GTK_WINDOW (parent));
}

static void
shots (const char *dir,
       gboolean    dark)
{
  const char *style = dark ? "dark" : "light";
  Table t = { 0 };
  BkGame *game;
  g_autofree char *name = NULL;

  /* Four players: hands until the stock holds something, then a Beddl. */
  game = new_herzla ("vier", 4, 11);
  while (bk_herzla_game_get_stock (game) == 0)
    {
      bid (game, BK_CONTRACT_NORMAL);
      while (bk_game_get_phase (game) == BK_PHASE_PLAYING)
        play_one (game);
      g_assert_true (bk_game_next_hand (game, NULL));
    }
  open_table (&t, game, 1280, 800, BK_CARD_THEME_BAVARIAN, 1);
  bid (game, BK_CONTRACT_BEDDL);
  for (guint i = 0; i < 5 && bk_game_get_phase (game) == BK_PHASE_PLAYING; i++)
    play_one (game);
  play_to_person (game);
  name = g_strdup_printf ("herzla-4-beddl-1280x800-%s.png", style);
  shoot (&t, dir, name);
  close_table (&t);

  /* A normal game later on: hearts by the names. */
  game = new_herzla ("vier", 4, 3);
  open_table (&t, game, 1024, 720, BK_CARD_THEME_FRENCH, 1);
  bid (game, BK_CONTRACT_NORMAL);
  for (guint i = 0; i < 4 * 4 + 1 && bk_game_get_phase (game) == BK_PHASE_PLAYING; i++)
    play_one (game);
  play_to_person (game);
  g_free (name);
  name = g_strdup_printf ("herzla-4-hearts-1024x720-%s.png", style);
  shoot (&t, dir, name);
  close_table (&t);

  {
    static const struct { int w, h; const char *theme; } eight[] = {
      { 1024, 720, BK_CARD_THEME_BAVARIAN }, { 360, 640, BK_CARD_THEME_FRENCH },
      { 1920, 1080, BK_CARD_THEME_BAVARIAN },
    };

    for (guint k = 0; k < G_N_ELEMENTS (eight); k++)
      {
        game = new_herzla ("einfach", 8, 5);
        open_table (&t, game, eight[k].w, eight[k].h, eight[k].theme, 1);
        for (guint i = 0; i < 8 + 3; i++)
          play_one (game);
        play_to_person (game);
        g_free (name);
        name = g_strdup_printf ("herzla-8-%dx%d-%s.png", eight[k].w, eight[k].h, style);
        shoot (&t, dir, name);
        close_table (&t);
      }
  }
  for (guint k = 0; k < 2; k++)
    {
      int w = k ? 360 : 1024, h = k ? 640 : 720;

      game = new_herzla ("einfach", 3, 2);
      open_table (&t, game, w, h, BK_CARD_THEME_FRENCH, 1);
      play_to_person (game);
      g_free (name);
      name = g_strdup_printf ("herzla-3-%dx%d-%s.png", w, h, style);
      shoot (&t, dir, name);
      close_table (&t);
    }
  game = new_herzla ("einfach", 5, 4);
  open_table (&t, game, 800, 600, BK_CARD_THEME_BAVARIAN, 1);
  play_to_person (game);
  g_free (name);
  name = g_strdup_printf ("herzla-5-800x600-%s.png", style);
  shoot (&t, dir, name);
  close_table (&t);
  g_free (name);
  name = g_strdup_printf ("herzla-8-ledger-%s.png", style);
  shoot_ledger (dir, name);

  /* Issue 21: the last trick looked at again (L) over the next one's first cards. */
  for (guint k = 0; k < 2; k++)
    {
      guint players = k ? 4 : 8;

      game = new_herzla (k ? "vier" : "einfach", players, 5);
      open_table (&t, game, 1024, 720, BK_CARD_THEME_BAVARIAN, 1);
      bid (game, BK_CONTRACT_NORMAL);
      for (guint i = 0; i < players + 2; i++)
        play_one (game);
      settle (&t);
      bk_table_show_last_trick (t.table);
      spin (G_USEC_PER_SEC * 6 / 10);
      g_free (name);
      name = g_strdup_printf ("herzla-%u-look-1024x720-%s.png", players, style);
      shoot_window (t.window, t.width, t.height, dir, name);
      close_table (&t);
    }
}
#endif

static void
load_style (gboolean dark)
{
  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (css, "/io/github/bierkopf/Bierkopf/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  if (dark)
    {
      g_autoptr (GtkCssProvider) dark_css = gtk_css_provider_new ();

      gtk_css_provider_load_from_resource (dark_css,
                                           "/io/github/bierkopf/Bierkopf/style-dark.css");
      gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                  GTK_STYLE_PROVIDER (dark_css),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
    }
}

int
main (int   argc,
      char *argv[])
{
#ifdef HERZLA_SHOTS
  if (argc != 3 || (strcmp (argv[2], "light") != 0 && strcmp (argv[2], "dark") != 0))
    {
      g_printerr ("usage: herzla-table-shots DIR light|dark\n");
      return 2;
    }
  gtk_init ();
  adw_init ();
  if (strcmp (argv[2], "dark") == 0)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        ADW_COLOR_SCHEME_FORCE_DARK);
  load_style (strcmp (argv[2], "dark") == 0);
  shots (argv[1], strcmp (argv[2], "dark") == 0);
  return 0;
#else
  /* Needs a display: run under xvfb-run. */
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  load_style (FALSE);

  g_test_add_func ("/herzla-table/layout/four", test_layout_four);
  g_test_add_func ("/herzla-table/layout/three", test_layout_three);
  g_test_add_func ("/herzla-table/layout/five", test_layout_five);
  g_test_add_func ("/herzla-table/layout/eight", test_layout_eight);
  g_test_add_func ("/herzla-table/H6.1/aside", test_aside);
  g_test_add_func ("/herzla-table/H3.1/beddl-and-hearts", test_beddl_and_hearts);
  g_test_add_func ("/herzla-table/H5.3/stock-follows", test_stock_follows);
  g_test_add_func ("/herzla-table/stock-animation", test_stock_animation);
  g_test_add_func ("/herzla-table/H4.2/heart-lead-refused", test_heart_lead_refused);
  g_test_add_func ("/herzla-table/ledger-eight", test_ledger_eight);
  g_test_add_func ("/herzla-table/B4.5/look-last-trick", test_look_last_trick);
  g_test_add_func ("/herzla-table/sheet-keeps-last-trick", test_sheet_keeps_last_trick);
  g_test_add_func ("/herzla-table/sheet-no-empty-band", test_sheet_no_empty_band);

  return g_test_run ();
#endif
}
