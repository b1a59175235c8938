/* test-herzla-window.c: the window plays Herzla (docs/rules-herzla.md, issue 16) as a
 * person would, through its dialogs and the table's keyboard path: a four-player hand, a
 * broken Beddl (H4.3), the simple form with 3 and with 8 players to the session's end
 * (H6.3), the ledger and the stock as the engine has them (H5), switching games keeps both
 * sessions, a save resumes identically, and the talk log's button covers no name tag.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "bk-game-query.h"
#include "bk-herzla-game.h"
#include "bk-herzla-sheets.h"
#include "bk-herzla-view.h"
#include "bk-money.h"
#include "bk-new-session-dialog.h"
#include "bk-rules-window.h"
#include "bk-session-store.h"
#include "bk-statistics-window.h"
#include "bk-table-decoration.h"
#include "bk-window-test.h"
#include "ui-test-helpers.h"

static GSettings *settings;

static gboolean
spin_until (gboolean (*done) (BkWindow *), BkWindow *window)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      if (done (window))
        return TRUE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return done (window);
}

/* A dialog waits for the person, or it is the person's card. */
static gboolean
human_due (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);

  if (bk_window_get_dialog (window))
    return TRUE;
  return game && bk_window_is_settled (window) &&
         bk_table_get_busy_until (bk_window_get_table (window)) < g_get_monotonic_time () &&
         bk_game_get_phase (game) == BK_PHASE_PLAYING && bk_game_get_to_act (game) == 0;
}

static void
remove_saves (void)
{
  static const char *games[] = { "bierkopf", "herzla", "herzla-simple" };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *path = bk_session_store_dup_path_for_game (games[i]);
      g_remove (path);
    }
}



/* Plays the first legal card of the person's hand by its number, as a key would. */
static void
play_first_legal (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);
  BkCard sorted[BK_N_CARDS];
  guint n = bk_game_get_hand_sorted (game, 0, sorted);
  BkHand legal = bk_game_get_legal (game);

  for (guint i = 0; i < n; i++)
    if (bk_hand_has (legal, sorted[i]))
      {
        guint before = bk_hand_count (bk_game_get_cards (game, 0));

        g_assert_true (bk_table_activate_card (bk_window_get_table (window), i));
        g_assert_cmpuint (bk_hand_count (bk_game_get_cards (game, 0)), ==, before - 1);
        return;
      }
  g_assert_not_reached ();
}

/* Answers each bid with @bid (weiter if NULL) and plays until the result sheet is up;
 * returns it. A broken contract's message, if any, comes first and is put in @broken. */
static AdwMessageDialog *
play_to_result (BkWindow    *window,
                const char  *bid,
                char       **broken)
{
  for (guint steps = 0; steps < 400; steps++)
    {
      AdwMessageDialog *dialog;

      g_assert_true (spin_until (human_due, window));
      dialog = bk_window_get_dialog (window);
      if (dialog && g_strcmp0 (gtk_widget_get_name (GTK_WIDGET (dialog)), "herzla-result") == 0)
        return dialog;
      if (dialog && adw_message_dialog_has_response (dialog, "result"))
        {
          if (broken)
            *broken = g_strdup (adw_message_dialog_get_body (dialog));
          adw_message_dialog_response (dialog, "result");
        }
      else if (dialog)
        {
          /* H3.1: exactly the three words, with nobody having bid before. */
          g_assert_true (adw_message_dialog_has_response (dialog, "normal"));
          if (bid && adw_message_dialog_has_response (dialog, bid))
            adw_message_dialog_response (dialog, bid);
          else
            adw_message_dialog_response (dialog,
                                         adw_message_dialog_get_default_response (dialog));
        }
      else
        play_first_legal (window);
    }
  g_assert_not_reached ();
  return NULL;
}

static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);
      if (found)
        return found;
    }
  return NULL;
}

static const char *
label_of (GtkWidget  *sheet,
          const char *name)
{
  GtkWidget *label = find_named (sheet, name);

  g_assert_nonnull (label);
  return gtk_label_get_text (GTK_LABEL (label));
}

/* The money cells of a sheet show the engine's balances and stock. */
static void
assert_money (GtkWidget *sheet,
              BkGame    *game)
{
  gint sum = bk_herzla_game_get_stock (game);

  for (guint s = 0; s < bk_game_get_n_seats (game); s++)
    {
      char id[32];
      g_autofree char *balance = bk_money_format_cents (bk_herzla_game_get_balance (game, s),
                                                         TRUE);

      g_snprintf (id, sizeof id, "balance-%u", s);
      g_assert_cmpstr (label_of (sheet, id), ==, balance);
      sum += bk_herzla_game_get_balance (game, s);
    }
  {
    g_autofree char *stock = bk_money_format_cents (bk_herzla_game_get_stock (game), FALSE);
    g_assert_cmpstr (label_of (sheet, "stock"), ==, stock);
  }
  /* H5.6 */
  g_assert_cmpint (sum, ==, 0);
}

static GtkWidget *
open_ledger (BkWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.ledger", NULL));
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) top = g_list_model_get_item (toplevels, i);

      if (g_strcmp0 (gtk_widget_get_name (top), "herzla-ledger") == 0 &&
          gtk_widget_get_visible (top))
        return top;
    }
  g_assert_not_reached ();
  return NULL;
}

/* A whole four-player hand through the bid dialog and the keys, its result sheet and the
 * ledger following the engine, then the next deal. */
static void
test_four_player_hand (void)
{
  BkWindow *window;
  BkGame *game;
  AdwMessageDialog *sheet;

  remove_saves ();
  g_settings_set_string (settings, "last-game", "herzla");
  window = ui_new_shown_window ();
  game = bk_window_get_game (window);
  g_assert_cmpstr (bk_window_get_game_id (window), ==, "herzla");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Herzla");
  g_assert_cmpint (bk_game_get_rules (game)->game, ==, BK_GAME_HERZLA);
  g_assert_cmpuint (bk_game_get_n_seats (game), ==, 4);
  g_assert_cmpuint (bk_hand_count (bk_game_get_cards (game, 0)), ==, 8);
  /* F1 shows the rules of the game played. */
  {
    GtkWidget *rules = bk_rules_window_new_for_game (bk_window_get_game_id (window));
    g_autofree char *text = bk_rules_window_dup_text (BK_RULES_WINDOW (rules));

    g_assert_nonnull (strstr (text, "Beddl and Mord"));
    g_assert_null (strstr (text, "Bollen"));
    gtk_window_destroy (GTK_WINDOW (rules));
  }

  for (guint hand = 1; hand <= 2; hand++)
    {
      g_autofree char *text = NULL;
      GtkWidget *ledger;

      sheet = play_to_result (window, NULL, NULL);
      g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
      text = bk_herzla_sheet_dup_text (GTK_WIDGET (sheet));
      g_assert_nonnull (strstr (text, "Stock"));
      g_assert_nonnull (strstr (text, "Balance"));
      assert_money (GTK_WIDGET (sheet), game);
      for (guint s = 0; s < 4; s++)
        {
          char id[32];
          g_autofree char *hearts = g_strdup_printf ("%u", bk_herzla_game_get_last_result (game)
                                                             ->tally.hearts[s]);

          g_snprintf (id, sizeof id, "hearts-%u", s);
          g_assert_cmpstr (label_of (GTK_WIDGET (sheet), id), ==, hearts);
        }
      {
        g_autoptr (GArray) results = bk_herzla_view_dup_results (window);
        g_assert_cmpuint (results->len, ==, hand);
      }

      /* The ledger says the same. */
      adw_message_dialog_response (sheet, "next");
      g_assert_cmpuint (bk_game_get_hand_number (game), ==, hand + 1);
      ledger = open_ledger (window);
      assert_money (ledger, game);
      gtk_window_destroy (GTK_WINDOW (ledger));
    }
  ui_close_window (window);
}

/* Dealer East: the person is Vorhand, bids first and leads; with the Säue and Könige of
 * every suit he takes the first trick: the Beddl is lost at once (H4.3). */
static const char *beddl_record =
  "format 2\n"
  "seed 7\n"
  "game herzla\n"
  "variant vier\n"
  "players 4\n"
  "dealer E\n"
  "hand S EA EK GA GK HA HK SA SK\n"
  "hand W EO EU E10 E9 GO GU G10 G9\n"
  "hand N HO HU H10 H9 SO SU S10 S9\n"
  "hand E E8 E7 G8 G7 H8 H7 S8 S7\n";

static void
test_broken_beddl (void)
{
  g_autofree char *path = bk_session_store_dup_path_for_game ("herzla");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *broken = NULL;
  g_autofree char *text = NULL;
  BkWindow *window;
  BkGame *game;
  AdwMessageDialog *sheet;

  remove_saves ();
  g_mkdir_with_parents (dir, 0700);
  g_assert_true (g_file_set_contents (path, beddl_record, -1, NULL));
  g_settings_set_string (settings, "last-game", "herzla");
  window = ui_new_shown_window ();
  game = bk_window_get_game (window);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_BIDDING);

  sheet = play_to_result (window, "beddl", &broken);
  g_assert_cmpint (bk_herzla_game_get_contract (game), ==, BK_CONTRACT_BEDDL);
  g_assert_cmpuint (bk_herzla_game_get_declarer (game), ==, 0);
  g_assert_cmpstr (broken, ==, "You took a trick: your Beddl is lost");
  g_assert_cmpstr (adw_message_dialog_get_heading (sheet), ==, "You Lose the Beddl");
  /* H5.5: the declarer pays each defender 80 cents. */
  g_assert_cmpint (bk_herzla_game_get_balance (game, 0), ==, -240);
  text = bk_herzla_sheet_dup_text (GTK_WIDGET (sheet));
  g_assert_nonnull (strstr (text, "You pay €2.40."));
  assert_money (GTK_WIDGET (sheet), game);
  ui_close_window (window);
}

/* The simple form to the session's end: one round, every player deals once (H6.3); the
 * penalty table's totals are the engine's, the leader marked, the winner named. */
static void
play_simple_session (guint players)
{
  BkWindow *window;
  BkGame *game;
  guint hands = 0;

  remove_saves ();
  g_settings_set_string (settings, "last-game", "herzla-simple");
  g_settings_set_int (settings, "herzla-players", (int) players);
  g_settings_set_string (settings, "herzla-end", "rounds");
  g_settings_set_int (settings, "herzla-rounds", 1);
  window = ui_new_shown_window ();
  game = bk_window_get_game (window);
  g_assert_cmpuint (bk_game_get_n_seats (game), ==, players);
  g_assert_cmpuint (bk_hand_count (bk_game_get_cards (game, 0)), ==,
                    bk_herzla_hand_size (BK_HERZLA_EINFACH, players));

  for (;;)
    {
      AdwMessageDialog *sheet = play_to_result (window, NULL, NULL);
      guint32 leaders = bk_herzla_score_winners (bk_herzla_game_get_score (game));

      hands++;
      for (guint s = 0; s < players; s++)
        {
          char id[32];
          g_autofree char *total = g_strdup_printf ("%u", bk_herzla_game_get_penalty (game, s));

          g_snprintf (id, sizeof id, "total-%u", s);
          g_assert_cmpstr (label_of (GTK_WIDGET (sheet), id), ==, total);
          g_assert_cmpint (gtk_widget_has_css_class (find_named (GTK_WIDGET (sheet), id),
                                                     "success"), ==, (leaders >> s) & 1);
        }
      if (!bk_game_is_session_over (game))
        {
          adw_message_dialog_response (sheet, "next");
          continue;
        }
      g_assert_true (adw_message_dialog_has_response (sheet, "new"));
      g_assert_nonnull (strstr (adw_message_dialog_get_heading (sheet), "the Session"));
      break;
    }
  g_assert_cmpuint (hands, ==, players);
  {
    GtkWidget *ledger = open_ledger (window);
    g_autofree char *text = bk_herzla_sheet_dup_text (ledger);

    g_assert_nonnull (strstr (text, "Total"));
    gtk_window_destroy (GTK_WINDOW (ledger));
  }
  ui_close_window (window);
  g_settings_reset (settings, "herzla-players");
  g_settings_reset (settings, "herzla-end");
  g_settings_reset (settings, "herzla-rounds");
}

static void
test_simple_3 (void)
{
  play_simple_session (3);
}

static void
test_simple_8 (void)
{
  play_simple_session (8);
}

static char *
read_save (const char *game)
{
  g_autofree char *path = bk_session_store_dup_path_for_game (game);
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, NULL);
  return text;
}

static BkNewSessionDialog *
find_new_session_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) top = g_list_model_get_item (toplevels, i);

      if (BK_IS_NEW_SESSION_DIALOG (top) && gtk_widget_get_visible (top))
        return BK_NEW_SESSION_DIALOG (top);
    }
  g_assert_not_reached ();
  return NULL;
}

/* Switching games through the New Session dialog keeps each game's session. */
static void
test_switch_games (void)
{
  BkWindow *window;
  BkNewSessionDialog *dialog;
  g_autofree char *bierkopf = NULL;
  g_autofree char *kept = NULL;
  guint64 seed;

  remove_saves ();
  g_settings_set_string (settings, "last-game", "bierkopf");
  window = ui_new_shown_window ();
  g_assert_cmpstr (bk_window_get_game_id (window), ==, "bierkopf");
  seed = bk_game_get_seed (bk_window_get_game (window));
  g_assert_true (bk_window_save (window, NULL));
  bierkopf = read_save ("bierkopf");

  /* Ctrl+N, Herzla, New Session. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-session", NULL));
  dialog = find_new_session_dialog ();
  g_assert_cmpstr (bk_new_session_dialog_get_game (dialog), ==, "bierkopf");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                                           "resume"));
  bk_new_session_dialog_set_game (dialog, "herzla");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "new");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_cmpstr (bk_window_get_game_id (window), ==, "herzla");
  g_assert_cmpstr (g_settings_get_string (settings, "last-game"), ==, "herzla");
  g_assert_cmpint (bk_game_get_rules (bk_window_get_game (window))->game, ==, BK_GAME_HERZLA);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Herzla");

  /* Bierkopf's save is untouched; Herzla has its own. */
  kept = read_save ("bierkopf");
  g_assert_cmpstr (kept, ==, bierkopf);
  {
    g_autofree char *herzla = read_save ("herzla");
    g_assert_nonnull (strstr (herzla, "game herzla\n"));
  }

  /* Back to Bierkopf, continuing its saved session. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-session", NULL));
  dialog = find_new_session_dialog ();
  g_assert_cmpstr (bk_new_session_dialog_get_game (dialog), ==, "herzla");
  bk_new_session_dialog_set_game (dialog, "bierkopf");
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                                          "resume"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "resume");
  gtk_window_destroy (GTK_WINDOW (dialog));
  ui_wait_loaded (window);
  g_assert_cmpstr (bk_window_get_game_id (window), ==, "bierkopf");
  g_assert_cmpuint (bk_game_get_seed (bk_window_get_game (window)), ==, seed);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Bierkopf");
  ui_close_window (window);
  g_settings_reset (settings, "last-game");
}

/* A Herzla session in the middle of its second hand comes back as it was. */
static void
test_save_and_resume (void)
{
  BkWindow *window;
  BkGame *game;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  AdwMessageDialog *sheet;

  remove_saves ();
  g_settings_set_string (settings, "last-game", "herzla");
  window = ui_new_shown_window ();
  game = bk_window_get_game (window);
  sheet = play_to_result (window, NULL, NULL);
  adw_message_dialog_response (sheet, "next");
  g_assert_true (spin_until (human_due, window));
  before = bk_game_to_save_text (game);
  ui_close_window (window);

  window = ui_new_shown_window ();
  game = bk_window_get_game (window);
  after = bk_game_to_save_text (game);
  g_assert_cmpstr (after, ==, before);
  {
    g_autoptr (GArray) results = bk_herzla_view_dup_results (window);
    g_assert_cmpuint (results->len, ==, 1);
  }
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 2);
  ui_close_window (window);
  g_settings_reset (settings, "last-game");
}

/* H3.1: a resumed hand's talk log is the game's, as it was said live: the four bids of
 * the hand (once read back from the record, Herzla's log was empty). */
static void
test_talk_log_resumed (void)
{
  g_autofree char *path = bk_session_store_dup_path_for_game ("herzla");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *weiter = g_strdup_printf (": %s", bk_herzla_contract_name (BK_CONTRACT_NORMAL));
  g_autofree char *first = g_strdup_printf ("You%s", weiter);
  g_auto (GStrv) lines = NULL;
  BkWindow *window;
  GtkWidget *log;

  remove_saves ();
  g_settings_set_string (settings, "last-game", "herzla");
  g_mkdir_with_parents (dir, 0700);
  g_assert_true (g_file_set_contents (path,
                                      "format 2\nseed 12\ngame herzla\nvariant vier\n"
                                      "players 4\ndealer E\n"
                                      "hand S H7 H8 EA EK EO EU E10 E9\n"
                                      "hand W HO H9 GA GK GO GU G10 G9\n"
                                      "hand N HA HK E8 E7 G8 G7 S8 S7\n"
                                      "hand E HU H10 SA SK SO SU S10 S9\n"
                                      "bid S weiter\nbid W weiter\nbid N weiter\nbid E weiter\n"
                                      "play S EA\n", -1, NULL));
  window = ui_new_shown_window ();
  log = find_named (GTK_WIDGET (window), "talk-log");
  g_assert_nonnull (log);
  g_test_message ("log: %s", gtk_label_get_text (GTK_LABEL (log)));
  lines = g_strsplit (gtk_label_get_text (GTK_LABEL (log)), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_cmpstr (lines[0], ==, first);
  for (guint i = 1; i < 4; i++)
    g_assert_true (g_str_has_suffix (lines[i], weiter));
  g_assert_true (gtk_widget_get_visible (
    gtk_widget_get_parent (gtk_widget_get_ancestor (log, GTK_TYPE_POPOVER))));
  ui_close_window (window);
  g_settings_reset (settings, "last-game");
}

static gboolean
has_dialog (BkWindow *window)
{
  return bk_window_get_dialog (window) != NULL;
}

/* The talk log's button never covers a seat's name tag or its badges (East's "♥ 0" lay
 * under it at 360x640, 104 px below the stock's glass): at a phone's size and a desk's,
 * with 3 to 8 players. The four-player hand, resumed with its bids or bid @live, shows the
 * button; it then lies in the corner the table keeps free of names and cards. The simple
 * form has no bids (H6.2): nothing to show, no button. */
static void
assert_talk_clear (guint    players,
                   gboolean live,
                   int      width,
                   int      height)
{
  BkWindow *window;
  BkTable *table;
  GtkWidget *talk;
  graphene_rect_t button, tag;

  remove_saves ();
  if (players == 4)
    {
      g_autofree char *path = bk_session_store_dup_path_for_game ("herzla");
      g_autofree char *dir = g_path_get_dirname (path);
      g_autofree char *save = g_strdup_printf ("format 2\nseed 12\ngame herzla\n"
                                               "variant vier\nplayers 4\ndealer E\n"
                                               "hand S H7 H8 EA EK EO EU E10 E9\n"
                                               "hand W HO H9 GA GK GO GU G10 G9\n"
                                               "hand N HA HK E8 E7 G8 G7 S8 S7\n"
                                               "hand E HU H10 SA SK SO SU S10 S9\n%s",
                                               live ? "" : "bid S weiter\nbid W weiter\n"
                                                           "bid N weiter\nbid E weiter\n"
                                                           "play S EA\n");

      g_settings_set_string (settings, "last-game", "herzla");
      g_mkdir_with_parents (dir, 0700);
      g_assert_true (g_file_set_contents (path, save, -1, NULL));
    }
  else
    {
      g_settings_set_string (settings, "last-game", "herzla-simple");
      g_settings_set_int (settings, "herzla-players", (int) players);
    }
  window = bk_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait_loaded (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  /* The default size counts the frame the window draws itself, and the screen bounds it:
   * the window is held at its size by its request instead. */
  gtk_widget_set_size_request (GTK_WIDGET (window),
                               2 * width - gtk_widget_get_width (GTK_WIDGET (window)),
                               2 * height - gtk_widget_get_height (GTK_WIDGET (window)));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  if (live)
    {
      /* The person bids first, the others after, as the hand is played. */
      g_assert_true (spin_until (has_dialog, window));
      adw_message_dialog_response (bk_window_get_dialog (window),
                                   bk_contract_to_string (BK_CONTRACT_NORMAL));
      g_assert_true (spin_until (human_due, window));
    }
  g_assert_true (spin_until (bk_window_is_settled, window));
  ui_spin_for (G_USEC_PER_SEC / 5);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, height);

  table = bk_window_get_table (window);
  g_assert_cmpuint (bk_table_get_n_seats (table), ==, players);
  talk = gtk_widget_get_parent (gtk_widget_get_ancestor (find_named (GTK_WIDGET (window),
                                                                     "talk-log"),
                                                         GTK_TYPE_POPOVER));
  g_assert_cmpint (gtk_widget_get_mapped (talk), ==, players == 4);
  if (players != 4)
    {
      ui_close_window (window);
      g_settings_reset (settings, "herzla-players");
      g_settings_reset (settings, "last-game");
      return;
    }
  g_assert_true (gtk_widget_compute_bounds (talk, GTK_WIDGET (window), &button));
  for (guint s = 0; s < players; s++)
    {
      GtkWidget *name = GTK_WIDGET (bk_table_get_name_tag (table, s));

      g_assert_true (gtk_widget_get_mapped (name));
      g_assert_true (gtk_widget_compute_bounds (name, GTK_WIDGET (window), &tag));
      g_test_message ("%dx%d seat %u tag %g,%g %gx%g, button %g,%g %gx%g", width, height, s,
                      tag.origin.x, tag.origin.y, tag.size.width, tag.size.height,
                      button.origin.x, button.origin.y, button.size.width, button.size.height);
      g_assert_false (graphene_rect_intersection (&button, &tag, NULL));
    }
  {
    BkRect corner;
    graphene_rect_t in_table;

    g_assert_true (bk_table_get_corner (table, BK_TABLE_CORNER_RIGHT, &corner));
    g_assert_true (gtk_widget_compute_bounds (talk, GTK_WIDGET (table), &in_table));
    g_assert_cmpfloat (in_table.origin.x, >=, corner.x);
    g_assert_cmpfloat (in_table.origin.y, >=, corner.y);
    g_assert_cmpfloat (in_table.origin.x + in_table.size.width, <=, corner.x + corner.width);
    g_assert_cmpfloat (in_table.origin.y + in_table.size.height, <=, corner.y + corner.height);
  }
  ui_close_window (window);
  g_settings_reset (settings, "last-game");
}

static void
test_talk_button_clear (void)
{
  static const guint counts[] = { 3, 4, 6, 8 };

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      assert_talk_clear (counts[i], FALSE, 360, 640);
      assert_talk_clear (counts[i], FALSE, 1280, 800);
    }
  assert_talk_clear (4, TRUE, 360, 640);
  assert_talk_clear (4, TRUE, 1280, 800);
}

/* issue 21: the title's "Your turn" and a click's "Wait for your turn" come from one
 * answer of the model: a card clicked while another player is to play is refused with
 * the message, and once it is the person's turn that message is gone while the title
 * says "Your turn". */
static void
test_your_turn_agrees (void)
{
  BkWindow *window;
  BkGame *game;
  gboolean told = FALSE;

  remove_saves ();
  g_settings_set_string (settings, "last-game", "herzla");
  window = ui_new_shown_window ();
  game = bk_window_get_game (window);
  for (guint steps = 0; steps < 400 && !told; steps++)
    {
      AdwMessageDialog *dialog;
      gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

      /* Act as soon as another player is to play, before he does. */
      while (g_get_monotonic_time () < end && !human_due (window) &&
             !(bk_game_get_phase (game) == BK_PHASE_PLAYING && bk_game_get_to_act (game) != 0))
        g_main_context_iteration (NULL, FALSE);
      if (bk_game_get_phase (game) == BK_PHASE_PLAYING && bk_game_get_to_act (game) != 0 &&
          bk_window_get_dialog (window) == NULL)
        {
          g_assert_cmpstr (ui_window_subtitle (GTK_WIDGET (window)), !=, "Your turn");
          g_assert_true (bk_table_activate_card (bk_window_get_table (window), 0));
          g_assert_cmpstr (bk_window_get_toast (window), ==, "Wait for your turn");
          told = TRUE;
          break;
        }
      g_assert_true (spin_until (human_due, window));
      dialog = bk_window_get_dialog (window);
      if (dialog)
        adw_message_dialog_response (dialog, adw_message_dialog_get_default_response (dialog));
      else
        play_first_legal (window);
    }
  g_assert_true (told);
  g_assert_true (spin_until (human_due, window));
  if (bk_window_get_dialog (window) == NULL)
    {
      g_assert_cmpint (bk_game_get_to_act (game), ==, 0);
      g_assert_cmpstr (ui_window_subtitle (GTK_WIDGET (window)), ==, "Your turn");
      g_assert_cmpstr (bk_window_get_toast (window), !=, "Wait for your turn");
    }
  ui_close_window (window);
}

/* The dialog named @name among the visible toplevels, or NULL. */
static AdwMessageDialog *
find_sheet (const char *name)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) top = g_list_model_get_item (toplevels, i);

      if (g_strcmp0 (gtk_widget_get_name (top), name) == 0 && gtk_widget_get_visible (top))
        return ADW_MESSAGE_DIALOG (top);
    }
  return NULL;
}

/* issue 21, H5.4, H5.6: the four-player evening ends with Settle Up: after a hand, the
 * final sheet shows each player's balance, share of the stock and what he takes home, as
 * the engine settles it; "Play On" goes back to the hand's result, "New Session" starts
 * afresh. Under the house rule "session-end" the stock is shared out. */
static void
test_settle_up (void)
{
  BkWindow *window;
  BkGame *game;
  AdwMessageDialog *sheet, *settled;
  BkHerzlaScore expected;
  g_autofree char *text = NULL;
  gint sum = 0;

  remove_saves ();
  g_settings_set_string (settings, "last-game", "herzla");
  g_settings_set_string (settings, "herzla-stock", "session-end");
  window = ui_new_shown_window ();
  game = bk_window_get_game (window);
  /* Not during a hand: the menu says why. */
  g_assert_true (spin_until (human_due, window));
  if (bk_window_get_dialog (window) == NULL)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.settle-up", NULL));
      g_assert_null (find_sheet ("herzla-settled"));
      g_assert_cmpstr (bk_window_get_toast (window), ==,
                       "No hand has been played yet");
    }

  /* Hands until one leaves cents in the stock (nobody heart-free, or one took all). */
  for (guint hand = 0;; hand++)
    {
      g_assert_cmpuint (hand, <, 60);
      sheet = play_to_result (window, NULL, NULL);
      if (bk_herzla_game_get_stock (game) > 0)
        break;
      adw_message_dialog_response (sheet, "next");
    }
  g_assert_true (adw_message_dialog_has_response (sheet, "settle"));
  g_assert_true (bk_herzla_game_settle (game, &expected, NULL));
  g_assert_cmpint (expected.stock, ==, 0);

  adw_message_dialog_response (sheet, "settle");
  settled = find_sheet ("herzla-settled");
  g_assert_nonnull (settled);
  g_assert_true (bk_window_get_dialog (window) == settled);
  text = bk_herzla_sheet_dup_text (GTK_WIDGET (settled));
  g_assert_nonnull (strstr (text, "is shared out evenly"));
  for (guint s = 0; s < 4; s++)
    {
      char id[32];
      g_autofree char *final = bk_money_format_cents (expected.cents[s], TRUE);
      g_autofree char *share = bk_money_format_cents (expected.cents[s] -
                                                      bk_herzla_game_get_balance (game, s),
                                                      FALSE);

      g_snprintf (id, sizeof id, "final-%u", s);
      g_assert_cmpstr (label_of (GTK_WIDGET (settled), id), ==, final);
      g_snprintf (id, sizeof id, "share-%u", s);
      g_assert_cmpstr (label_of (GTK_WIDGET (settled), id), ==, share);
      sum += expected.cents[s];
    }
  /* H5.6: with the stock shared, the balances alone add up to zero. */
  g_assert_cmpint (sum, ==, 0);
  g_assert_cmpstr (label_of (GTK_WIDGET (settled), "stock"), ==, "€0.00");

  /* Play On: nothing changed, the hand's result comes back. */
  {
    guint hands = bk_herzla_game_get_score (game)->hands;

    adw_message_dialog_response (settled, "cancel");
    g_assert_true (spin_until (human_due, window));
    g_assert_true (bk_window_get_game (window) == game);
    g_assert_cmpuint (bk_herzla_game_get_score (game)->hands, ==, hands);
    g_assert_cmpstr (gtk_widget_get_name (GTK_WIDGET (bk_window_get_dialog (window))), ==,
                     "herzla-result");
  }

  /* Settled up again, then a new session. */
  adw_message_dialog_response (bk_window_get_dialog (window), "settle");
  settled = find_sheet ("herzla-settled");
  g_assert_nonnull (settled);
  adw_message_dialog_response (settled, "new");
  game = bk_window_get_game (window);
  g_assert_cmpuint (bk_herzla_game_get_score (game)->hands, ==, 0);
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 1);
  for (guint s = 0; s < 4; s++)
    g_assert_cmpint (bk_herzla_game_get_balance (game, s), ==, 0);
  g_assert_cmpint (bk_herzla_game_get_stock (game), ==, 0);
  g_assert_cmpstr (bk_window_get_game_id (window), ==, "herzla");
  ui_close_window (window);
  g_settings_reset (settings, "herzla-stock");
  g_settings_reset (settings, "last-game");
}

/* issue 21: F1 and Ctrl+I while the bid is asked: the rules and the statistics open above
 * the question, which stays. */
static void
test_bid_dialog_shortcuts (void)
{
  BkWindow *window;
  AdwMessageDialog *dialog;
  GtkWidget *rules;

  remove_saves ();
  g_settings_set_string (settings, "last-game", "herzla");
  window = ui_new_shown_window ();
  for (guint steps = 0; steps < 400; steps++)
    {
      g_assert_true (spin_until (human_due, window));
      dialog = bk_window_get_dialog (window);
      if (dialog && adw_message_dialog_has_response (dialog, "normal"))
        break;
      if (dialog)
        adw_message_dialog_response (dialog, adw_message_dialog_get_default_response (dialog));
      else
        play_first_legal (window);
    }
  g_assert_true (adw_message_dialog_has_response (dialog, "normal"));
  g_assert_true (ui_press_shortcut (GTK_WIDGET (dialog), GDK_KEY_F1, 0));
  rules = ui_find_toplevel (BK_TYPE_RULES_WINDOW, NULL);
  g_assert_nonnull (rules);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (rules)) == GTK_WINDOW (dialog));
  {
    g_autofree char *text = bk_rules_window_dup_text (BK_RULES_WINDOW (rules));
    g_assert_nonnull (strstr (text, "Beddl and Mord"));
  }
  gtk_window_destroy (GTK_WINDOW (rules));
  g_assert_true (ui_press_shortcut (GTK_WIDGET (dialog), GDK_KEY_i, GDK_CONTROL_MASK));
  g_assert_nonnull (ui_find_toplevel (BK_TYPE_STATISTICS_WINDOW, NULL));
  gtk_window_destroy (GTK_WINDOW (ui_find_toplevel (BK_TYPE_STATISTICS_WINDOW, NULL)));
  g_assert_true (bk_window_get_dialog (window) == dialog);
  ui_close_window (window);
  g_settings_reset (settings, "last-game");
}

/* H5: euros in the locale's way; English here (the German in test-german). */
static void
test_money (void)
{
  g_autofree char *a = bk_money_format_cents (120, FALSE);
  g_autofree char *b = bk_money_format_cents (-30, TRUE);
  g_autofree char *c = bk_money_format_cents (80, TRUE);
  g_autofree char *d = bk_money_format_cents (0, TRUE);

  g_assert_cmpstr (a, ==, "€1.20");
  g_assert_cmpstr (b, ==, "−€0.30");
  g_assert_cmpstr (c, ==, "+€0.80");
  g_assert_cmpstr (d, ==, "€0.00");
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  int result;

  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();

  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "off");

  g_test_add_func ("/herzla-window/money", test_money);
  g_test_add_func ("/herzla-window/four-player-hand", test_four_player_hand);
  g_test_add_func ("/herzla-window/H4.3/broken-beddl", test_broken_beddl);
  g_test_add_func ("/herzla-window/H6.3/simple-3", test_simple_3);
  g_test_add_func ("/herzla-window/H6.3/simple-8", test_simple_8);
  g_test_add_func ("/herzla-window/switch-games", test_switch_games);
  g_test_add_func ("/herzla-window/save-and-resume", test_save_and_resume);
  g_test_add_func ("/herzla-window/H3.1/talk-log-resumed", test_talk_log_resumed);
  g_test_add_func ("/herzla-window/your-turn-agrees", test_your_turn_agrees);
  g_test_add_func ("/herzla-window/talk-button-clear", test_talk_button_clear);
  g_test_add_func ("/herzla-window/H5.4/settle-up", test_settle_up);
  g_test_add_func ("/herzla-window/bid-dialog-shortcuts", test_bid_dialog_shortcuts);

  result = g_test_run ();
  remove_saves ();
  return result;
}
