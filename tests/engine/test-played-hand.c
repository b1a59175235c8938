/* test-played-hand.c: the copy of a hand the review and the hint work on
 * (bk-played-hand.h) and the newest hands of the history (bk_history_get_recent_hands),
 * issue 17.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "bk-computer-turn.h"
#include "bk-history.h"
#include "bk-levels.h"
#include "bk-played-hand.h"
#include "test-helpers.h"

static const char *overtake_record =
  "dealer W\n"
  "hand S EK EO GO H10 SK\n"
  "hand W EU HA HK SA SO\n"
  "hand N EA G10 GK HO HU\n"
  "hand E E10 GA GU S10 SU\n"
  "pass N\npass E\npass S\n"
  "play N HO\nplay E GU\nplay S EO\nplay W HK\n"
  "play S SK\nplay W SA\nplay N HU\nplay E S10\n"
  "play N EA\nplay E E10\nplay S EK\nplay W SO\n"
  "play W EU\nplay N G10\nplay E SU\nplay S H10\n"
  "play W HA\nplay N GK\nplay E GA\nplay S GO\n";

/* The last finished hand of a record: its deal, its actions in order, who took the last
 * trick; the review of it is the one of bk-review.h. */
static void
test_from_record (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkPlayedHand) hand = bk_played_hand_new_from_record (overtake_record, &error);
  g_autoptr (BkReview) review = NULL;
  BkAction action;

  g_assert_no_error (error);
  g_assert_true (bk_played_hand_is_over (hand));
  g_assert_cmpuint (bk_played_hand_get_dealer (hand), ==, BK_SEAT_W);
  g_assert_cmpuint (bk_played_hand_get_dealt (hand, BK_SEAT_S), ==, H ("EK EO GO H10 SK"));
  g_assert_cmpuint (bk_played_hand_get_dealt (hand, BK_SEAT_E), ==, H ("E10 GA GU S10 SU"));
  g_assert_cmpuint (bk_played_hand_get_n_actions (hand), ==, 3 + 20);
  action = bk_played_hand_get_action (hand, 3);
  g_assert_cmpuint (action.type, ==, BK_ACTION_PLAY);
  g_assert_cmpuint (action.seat, ==, BK_SEAT_N);
  g_assert_cmpuint (action.arg, ==, C ("HO"));
  /* South's Gras-Ober takes the last trick. */
  g_assert_cmpuint (bk_played_hand_get_last_winner (hand), ==, BK_SEAT_S);

  /* The table's order: the Ober and Unter first, then Herz (trumps), then the suits. */
  {
    BkCard sorted[BK_N_CARDS];
    guint n = bk_played_hand_sort (hand, bk_played_hand_get_dealt (hand, BK_SEAT_S), sorted);

    g_assert_cmpuint (n, ==, 5);
    g_assert_cmpuint (sorted[0], ==, C ("EO"));
    g_assert_cmpuint (sorted[1], ==, C ("GO"));
  }

  review = bk_played_hand_review (hand, BK_SEAT_S, BK_REVIEW_THRESHOLD, 1, NULL, NULL, NULL,
                                  &error);
  g_assert_no_error (error);
  g_assert_cmpuint (review->card_mistakes, ==, 1);
}

/* A record without a finished hand, or one that cannot be read, gives no hand. */
static void
test_from_record_refused (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkPlayedHand) hand = NULL;
  g_autofree char *unfinished = g_strndup (overtake_record, strstr (overtake_record, "play S GO") -
                                                              overtake_record);

  hand = bk_played_hand_new_from_record (unfinished, &error);
  g_assert_null (hand);
  g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);
  g_clear_error (&error);

  hand = bk_played_hand_new_from_record ("dealer W\nhand S EK\n", &error);
  g_assert_null (hand);
  g_assert_nonnull (error);
}

/* Play this deal again: a new session whose first hand is the same deal, before any word
 * or card, under the same rules; it plays like any session. */
static void
test_deal_again (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkPlayedHand) hand = bk_played_hand_new_from_record (overtake_record, &error);
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkPlayedHand) copy = NULL;

  g_assert_no_error (error);
  game = bk_played_hand_deal_again (hand, 77, &error);
  g_assert_no_error (error);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_BIDDING);
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 1);
  g_assert_cmpuint (bk_game_get_dealer (game), ==, BK_SEAT_W);
  for (guint s = 0; s < BK_N_SEATS; s++)
    g_assert_cmpuint (bk_game_get_cards (game, (BkSeat) s), ==,
                      bk_played_hand_get_dealt (hand, (BkSeat) s));

  copy = bk_played_hand_new_from_game (game);
  g_assert_false (bk_played_hand_is_over (copy));
  g_assert_cmpuint (bk_played_hand_get_n_actions (copy), ==, 0);
  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (BK_GAME_BIERKOPF, "random",
                                                                   NULL);
      bk_game_set_strategy (game, (BkSeat) s, strategy);
    }
  bk_game_run (game);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
}

static BkHistoryHand
stored_hand (const char *game,
             guint       card_points)
{
  BkHistoryHand h = { 0 };

  h.game = (char *) game;
  h.session = 1;
  h.record = (char *) overtake_record;
  h.result = (char *) "{}";
  h.levels = (char *) "W=meister N=meister E=meister";
  h.strength = (char *) "meister";
  h.seat = BK_SEAT_S;
  h.card_points = card_points;
  return h;
}

/* The newest hands of one game first, as many as asked for. */
static void
test_recent_hands (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bierkopf-recent-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "history.sqlite", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = bk_history_new (path, &error);
  g_autoptr (GPtrArray) recent = NULL;
  g_autoptr (GPtrArray) one = NULL;
  BkHistoryHand hands[3];

  g_assert_no_error (error);
  hands[0] = stored_hand ("bierkopf", 10);
  hands[1] = stored_hand ("herzla", 20);
  hands[2] = stored_hand ("bierkopf", 30);
  g_assert_true (bk_history_add_hands (history, hands, 3, &error));
  g_assert_no_error (error);

  recent = bk_history_get_recent_hands (history, "bierkopf", 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (recent->len, ==, 2);
  g_assert_cmpuint (((BkHistoryHand *) g_ptr_array_index (recent, 0))->card_points, ==, 30);
  g_assert_cmpuint (((BkHistoryHand *) g_ptr_array_index (recent, 1))->card_points, ==, 10);
  g_assert_cmpstr (((BkHistoryHand *) g_ptr_array_index (recent, 0))->record, ==,
                   overtake_record);

  one = bk_history_get_recent_hands (history, "bierkopf", 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (one->len, ==, 1);
  g_assert_cmpuint (((BkHistoryHand *) g_ptr_array_index (one, 0))->card_points, ==, 30);

  g_clear_object (&history);
  {
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    g_autofree char *shm = g_strconcat (path, "-shm", NULL);
    g_remove (path);
    g_remove (wal);
    g_remove (shm);
  }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/played-hand/from-record", test_from_record);
  g_test_add_func ("/played-hand/from-record-refused", test_from_record_refused);
  g_test_add_func ("/played-hand/deal-again", test_deal_again);
  g_test_add_func ("/played-hand/recent-hands", test_recent_hands);
  return g_test_run ();
}
