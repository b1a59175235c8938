/* test-pace.c: the table at a person's pace. The Retour offer waits for the person
 * (spec B3.6, read from the engine's waiting state, not from timings); a finished trick
 * stays in view until dismissed; no computer player moves while a window of ours is
 * open, and no dialog comes over it; the keyboard returns to a legal card of the hand
 * after each dialog and menu; the hand's talk stays readable in a log.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-card-view.h"
#include "bk-coaster.h"
#include "bk-new-session-dialog.h"
#include "bk-preferences-window.h"
#include "bk-rules-window.h"
#include "bk-table-private.h"
#include "bk-window-test.h"
#include "test-raiser.h"
#include "ui-test-helpers.h"

static GSettings *settings;


/* Seats the test players at W, N, E: @raisers names who raises ("E", "WE", …). */
static void
seat_raisers (BkWindow   *window,
              const char *raisers)
{
  static const char letters[] = "SWNE";

  for (guint s = BK_SEAT_W; s < BK_N_SEATS; s++)
    {
      g_autoptr (TestRaiser) player = g_object_new (TEST_TYPE_RAISER, NULL);

      player->raises = strchr (raisers, letters[s]) != NULL;
      bk_game_set_strategy (bk_window_get_game (window), (BkSeat) s, BK_STRATEGY (player));
    }
}

static gboolean
has_dialog (BkWindow *window)
{
  return bk_window_get_dialog (window) != NULL;
}

static guint
cards_played (BkWindow *window)
{
  return bk_hand_state_cards_played (bk_bierkopf_game_get_state (bk_window_get_game (window)));
}

static gboolean
waits_for_person (BkWindow *window)
{
  return bk_window_is_settled (window) &&
         bk_bierkopf_game_is_waiting_for_retour (bk_window_get_game (window), BK_SEAT_S);
}

static gboolean
persons_card (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);

  return bk_window_is_settled (window) && bk_game_get_phase (game) == BK_PHASE_PLAYING &&
         bk_game_get_to_act (game) == BK_SEAT_S &&
         !bk_table_is_holding (bk_window_get_table (window));
}


/* The widget named @name below @root, or NULL. */
static GtkWidget *
find_named (GtkWidget  *root,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);
      if (found)
        return found;
    }
  return NULL;
}

static BkCoaster *
find_coaster (GtkWidget *root)
{
  if (BK_IS_COASTER (root))
    return BK_COASTER (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      BkCoaster *found = find_coaster (child);
      if (found)
        return found;
    }
  return NULL;
}

/* Presses @keyval (no modifiers) the way the widget's key bindings see it: the shortcut
 * bound to it in @widget's shortcut controllers runs. FALSE if nothing is bound. */
static gboolean
press (GtkWidget *widget,
       guint      keyval)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut),
                                                 GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                                                 gtk_shortcut_get_arguments (shortcut));
        }
    }
  return FALSE;
}

/* The opponents' Spritze; West has led, North (a computer player) plays second. */
static const char *retour_record =
  "seed 4\n"
  "dealer S\n"
  "hand W EO GO HO SO EU\n"
  "hand N G10 GK SA S10 SK\n"
  "hand E GU HU SU HA H10\n"
  "hand S HK EA E10 EK GA\n"
  "double W\n"
  "play W SO\n";

static BkWindow *
retour_window (const char *raisers)
{
  BkWindow *window;

  ui_write_save (retour_record);
  window = ui_new_loaded_window ();
  seat_raisers (window, raisers);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* spec B3.6: after North's card the session waits for the person: the offer is shown
 * as a decision, no card comes while it waits, Esc says no and play goes on. */
static void
test_retour_waits_then_esc (void)
{
  BkWindow *window = retour_window ("");
  BkGame *game = bk_window_get_game (window);
  GtkWidget *offer;

  g_assert_true (ui_spin_until (waits_for_person, window));
  g_assert_cmpuint (cards_played (window), ==, 2);
  g_assert_cmpint (bk_game_get_to_act (game), ==, BK_SEAT_E);
  offer = find_named (GTK_WIDGET (window), "retour-offer");
  g_assert_nonnull (offer);
  g_assert_true (gtk_widget_get_visible (offer));

  /* However long the person thinks: East does not play. */
  ui_spin_for (G_USEC_PER_SEC / 2);
  g_assert_true (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S));
  g_assert_cmpuint (cards_played (window), ==, 2);

  g_assert_true (press (GTK_WIDGET (window), GDK_KEY_Escape));
  g_assert_false (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S));
  g_assert_false (gtk_widget_get_visible (offer));
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 2);
  g_assert_true (ui_spin_until (persons_card, window));
  g_assert_cmpuint (cards_played (window), ==, 3);
  ui_close_window (window);
}

/* Issue 22: the offer does not stay beside the game chooser (nor any other window of
 * ours): it goes while the chooser is open, the question still waiting, and comes back
 * when the chooser is cancelled. */
static void
test_retour_offer_hides_for_chooser (void)
{
  BkWindow *window = retour_window ("");
  BkGame *game = bk_window_get_game (window);
  GtkWidget *offer, *chooser;
  gint64 end;

  g_assert_true (ui_spin_until (waits_for_person, window));
  offer = find_named (GTK_WIDGET (window), "retour-offer");
  g_assert_true (gtk_widget_get_visible (offer));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-session", NULL);
  chooser = ui_find_toplevel (BK_TYPE_NEW_SESSION_DIALOG, NULL);
  g_assert_nonnull (chooser);
  ui_spin_for (G_USEC_PER_SEC / 5);
  g_assert_false (gtk_widget_get_visible (offer));
  g_assert_true (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S));

  /* As its Cancel button does: the response, then the dialog closes. */
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (chooser), "cancel");
  gtk_window_close (GTK_WINDOW (chooser));
  end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (!gtk_widget_get_visible (offer) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_widget_get_visible (offer));
  g_assert_true (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S));
  g_assert_true (bk_window_get_game (window) == game);
  ui_close_window (window);
}

/* spec B3.6 at the normal pace: the offer opens with the second card of the first trick,
 * once that card has reached the table, never while it is still on its way (the offer
 * was seen with one card on the table, the next player's card coming while it was
 * open); while it is open no further card comes. */
static void
test_retour_offer_after_second_card (void)
{
  BkWindow *window;
  BkTable *table;
  GtkWidget *offer;
  gint64 end, shown_at = 0;

  g_settings_set_string (settings, "animation-speed", "normal");
  window = retour_window ("");
  table = bk_window_get_table (window);
  offer = find_named (GTK_WIDGET (window), "retour-offer");
  g_assert_nonnull (offer);

  /* Every turn of the main loop until the offer has been open for half a second (at most
   * twenty seconds). */
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end &&
         (shown_at == 0 || g_get_monotonic_time () < shown_at + G_USEC_PER_SEC / 2))
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
      if (!gtk_widget_get_visible (offer))
        {
          g_assert_cmpint (shown_at, ==, 0);
          continue;
        }
      if (shown_at == 0)
        shown_at = g_get_monotonic_time ();
      g_assert_cmpuint (cards_played (window), ==, 2);
      g_assert_true (bk_bierkopf_game_is_waiting_for_retour (bk_window_get_game (window), BK_SEAT_S));
      /* North's card lies on the table: nothing moves while the question is open. */
      g_assert_cmpint (bk_table_get_busy_until (table), <=, g_get_monotonic_time ());
    }
  g_assert_cmpint (shown_at, !=, 0);

  g_settings_set_string (settings, "animation-speed", "off");
  ui_close_window (window);
}

/* spec B3.6: reaching for a card while the offer waits (not the human's turn) answers
 * "no Retour"; the card itself is not played. */
static void
test_retour_card_means_no (void)
{
  BkWindow *window = retour_window ("");
  BkGame *game = bk_window_get_game (window);
  guint before;

  g_assert_true (ui_spin_until (waits_for_person, window));
  before = bk_hand_count (bk_game_get_cards (game, BK_SEAT_S));
  g_assert_true (press (GTK_WIDGET (window), GDK_KEY_1));
  g_assert_false (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S));
  /* Issue 22: told by Bierkopf's view (BkGameView.offer_passed), as the window told it. */
  g_assert_cmpstr (bk_window_get_toast (window), ==, _("No Retour: you play on at this value"));
  g_assert_cmpuint (bk_hand_count (bk_game_get_cards (game, BK_SEAT_S)), ==, before);
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 2);
  g_assert_true (ui_spin_until (persons_card, window));
  g_assert_cmpuint (cards_played (window), ==, 3);
  ui_close_window (window);
}

static gboolean
multiplier_is_8 (BkWindow *window)
{
  return bk_bierkopf_game_get_multiplier (bk_window_get_game (window)) == 8;
}

/* spec B3.6, B3.7: R raises; East answers (×8), one raise at a time, and the session
 * waits for the person again; the log keeps every word and raise of the hand. */
static void
test_retour_chain_by_keys (void)
{
  BkWindow *window = retour_window ("E");
  BkGame *game = bk_window_get_game (window);
  GtkWidget *log;
  const char *text;

  g_assert_true (ui_spin_until (waits_for_person, window));
  g_assert_true (press (GTK_WIDGET (window), GDK_KEY_r));
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 4);
  g_assert_false (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S));

  g_assert_true (ui_spin_until (multiplier_is_8, window));
  g_assert_cmpuint (cards_played (window), ==, 2);
  g_assert_true (ui_spin_until (waits_for_person, window));
  g_assert_cmpuint (cards_played (window), ==, 2);
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 8);

  /* The offer says what was said and raised before. */
  {
    GtkWidget *offer = find_named (GTK_WIDGET (window), "retour-offer");
    GtkWidget *label = gtk_widget_get_first_child (offer);

    g_assert_true (gtk_widget_get_visible (offer));
    g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "Retour! ×8\n"));
  }
  log = find_named (GTK_WIDGET (window), "talk-log");
  g_assert_nonnull (log);
  text = gtk_label_get_text (GTK_LABEL (log));
  /* The Spritze was said before the window opened: the log has it from the record. */
  g_assert_nonnull (strstr (text, "Spritze!\nYou: Retour! ×4"));
  g_assert_nonnull (strstr (text, "Retour! ×8"));

  g_assert_true (press (GTK_WIDGET (window), GDK_KEY_Escape));
  g_assert_true (ui_spin_until (persons_card, window));
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 8);
  ui_close_window (window);
}

/* The table talk stays readable after the bubbles: the log lists each word; the talk
 * and Spritze dialogs say what every other player has said, as sentences (in English or
 * German, as the test runs). */
static void
test_talk_log (void)
{
  gboolean de = g_str_has_prefix (g_getenv ("LANGUAGE"), "de");
  BkWindow *window;
  AdwMessageDialog *dialog;
  GtkWidget *log;
  const char *body;

  /* Dealer North: East leads and says "gut", West answers "schlecht", East passes; the
   * human (Mittelhand) talks, North answers, and the human decides. */
  ui_write_save ("seed 3\ndealer N\nhand S EO GO HO SO EU\nhand W G10 GK SA S10 SK\n"
              "hand N GU HU SU HA H10\nhand E HK EA E10 EK GA\n");
  window = ui_new_loaded_window ();
  seat_raisers (window, "");
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_spin_until (has_dialog, window));
  dialog = bk_window_get_dialog (window);
  body = adw_message_dialog_get_body (dialog);
  g_test_message ("talk: %s", body);
  g_assert_nonnull (strstr (body, de ? " sagt: „Gut!“\n" : " says: “Good!”\n"));
  g_assert_nonnull (strstr (body, de ? " sagt: „Schlecht!“\n" : " says: “Bad!”\n"));
  g_assert_true (g_str_has_suffix (body, de ? "Kannst du helfen?" : "Can you help?"));
  adw_message_dialog_response (dialog, "helfen");
  g_assert_true (ui_spin_until (has_dialog, window));

  log = find_named (GTK_WIDGET (window), "talk-log");
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (log)),
                            de ? "Du: „Kann helfen.“" : "You: “I can help.”"));
  dialog = bk_window_get_dialog (window);
  body = adw_message_dialog_get_body (dialog);
  g_test_message ("spritze: %s", body);
  g_assert_nonnull (strstr (body, de ? " sagt: „Gut!“\n" : " says: “Good!”\n"));
  g_assert_nonnull (strstr (body, de ? "Dein Partner sagt: „Kann net helfen.“\n"
                                     : "Your partner says: “I can’t help.”\n"));
  g_assert_true (g_str_has_suffix (body, de ? "Den Wert dieses Spiels verdoppeln?"
                                            : "Double the value of this hand?"));
  ui_close_window (window);
}

/* Issue 34: one's own word stays like the others'. The human answers "I can help" and is
 * asked about the Spritze next: that question (which his answer would take the word's
 * place) waits until his word has lain for the pace's hold, his bubble still showing it.
 * Read from the table's clock, which stands still while a dialog is up. */
static void
test_own_word_stays (void)
{
  BkWindow *window;
  BkTable *table;
  g_autofree char *said = NULL;
  gint64 at;

  g_settings_set_string (settings, "animation-speed", "normal");
  ui_write_save ("seed 3\ndealer N\nhand S EO GO HO SO EU\nhand W G10 GK SA S10 SK\n"
                 "hand N GU HU SU HA H10\nhand E HK EA E10 EK GA\n");
  window = ui_new_loaded_window ();
  table = bk_window_get_table (window);
  seat_raisers (window, "");
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_spin_until (has_dialog, window));
  adw_message_dialog_response (bk_window_get_dialog (window), "helfen");
  g_assert_null (bk_window_get_dialog (window));
  at = bk_table_now (table);
  g_assert_true (gtk_widget_get_visible (table->bubbles[BK_SEAT_S]));
  said = g_strdup (gtk_label_get_text (GTK_LABEL (table->bubbles[BK_SEAT_S])));
  g_test_message ("said: %s", said);

  g_assert_true (ui_spin_until (has_dialog, window));
  g_test_message ("the next question after %" G_GINT64_FORMAT " us", bk_table_now (table) - at);
  g_assert_cmpint (bk_table_now (table) - at, >=, bk_table_scaled (table, G_USEC_PER_SEC * 3 / 2));
  /* nothing of his took the word's place meanwhile (whether its bubble still shows depends
   * on how fast a loaded machine brings the question: not asserted) */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (table->bubbles[BK_SEAT_S])), ==, said);
  g_settings_set_string (settings, "animation-speed", "off");
  ui_close_window (window);
}

/* spec B3.4: a resumed hand's talk log is the game's, as it was said live: the three
 * passes and the dealer's word of honour that closed the talk (which the log, once read
 * back from the record, left out). */
static void
test_talk_log_resumed (void)
{
  BkWindow *window;
  GtkWidget *log;
  const char *text;
  g_auto (GStrv) lines = NULL;

  /* Dealer South (the person): West, North and East pass; South says the word of honour. */
  ui_write_save ("seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
                 "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
                 "pass W\npass N\npass E\nplay W SO\n");
  window = ui_new_loaded_window ();
  log = find_named (GTK_WIDGET (window), "talk-log");
  g_assert_nonnull (log);
  text = gtk_label_get_text (GTK_LABEL (log));
  g_test_message ("log: %s", text);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  for (guint i = 0; i < 3; i++)
    g_assert_true (g_str_has_suffix (lines[i], ": Pass!"));
  g_assert_cmpstr (lines[3], ==, "You: “Because we sit at the back.”");
  /* The log's button (its popover's parent) is there to open it. */
  g_assert_true (gtk_widget_get_visible (
    gtk_widget_get_parent (gtk_widget_get_ancestor (log, GTK_TYPE_POPOVER))));
  ui_close_window (window);
}

/* No raise or card happens while a window of ours is open; when it closes, play goes
 * on. */
static void
test_dialog_pauses_play (void)
{
  BkWindow *window;
  GtkWidget *preferences;

  /* West leads after the Spritze: a computer player is due at once. */
  ui_write_save ("seed 4\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
              "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\ndouble W\n");
  window = ui_new_loaded_window ();
  seat_raisers (window, "");
  preferences = bk_preferences_window_new ();
  gtk_window_set_transient_for (GTK_WINDOW (preferences), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (preferences));

  ui_spin_for (G_USEC_PER_SEC * 6 / 10);
  g_assert_cmpuint (cards_played (window), ==, 0);
  gtk_window_destroy (GTK_WINDOW (preferences));
  g_assert_true (ui_spin_until (waits_for_person, window));
  g_assert_cmpuint (cards_played (window), ==, 2);
  ui_close_window (window);
}

/* issue 21: the game chooser opened during the seating draw: the draw and the deal stand
 * still behind it (however long it stays open) and go on from there once it is closed,
 * so nothing is missed. */
static void
test_chooser_stops_the_table (void)
{
  BkWindow *window;
  BkTable *table;
  GtkWidget *chooser;
  gint64 busy, end;
  guint generation;

  g_settings_set_string (settings, "animation-speed", "normal");
  {
    g_autofree char *path = bk_window_dup_save_path ();
    g_remove (path);
  }
  window = ui_new_shown_window ();
  table = bk_window_get_table (window);
  g_assert_true (bk_table_is_seating (table));
  generation = bk_game_get_generation (bk_window_get_game (window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-session", NULL));
  chooser = ui_find_toplevel (BK_TYPE_NEW_SESSION_DIALOG, NULL);
  g_assert_nonnull (chooser);
  g_assert_true (bk_table_is_paused (table));
  /* Longer than the draw and the deal would have taken. */
  busy = bk_table_get_busy_until (table);
  while (g_get_monotonic_time () < busy + G_USEC_PER_SEC / 2)
    ui_spin_for (G_USEC_PER_SEC / 50);
  g_assert_true (bk_table_is_seating (table));
  g_assert_cmpint (bk_table_get_busy_until (table), >, g_get_monotonic_time ());
  g_assert_cmpuint (bk_game_get_generation (bk_window_get_game (window)), ==, generation);

  /* As its Cancel button does. */
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (chooser), "cancel");
  gtk_window_close (GTK_WINDOW (chooser));
  ui_spin_for (G_USEC_PER_SEC / 20);
  g_assert_false (bk_table_is_paused (table));
  /* The draw goes on where it stood, and ends. */
  g_assert_true (bk_table_is_seating (table));
  end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (bk_table_is_seating (table) && g_get_monotonic_time () < end)
    ui_spin_for (G_USEC_PER_SEC / 50);
  g_assert_false (bk_table_is_seating (table));

  g_settings_set_string (settings, "animation-speed", "off");
  ui_close_window (window);
}

/* The tricks dialog open when the hand ends: the result waits until it closes. */
static void
test_result_waits_for_dialog (void)
{
  BkWindow *window;
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWidget *tricks = NULL;

  /* Four tricks played; West leads the last, the human plays its last card last. */
  ui_write_save ("seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
              "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
              "pass W\npass N\npass E\n"
              "play W SO\nplay N SK\nplay E H10\nplay S HK\n"
              "play W EO\nplay N S10\nplay E HA\nplay S GA\n"
              "play W GO\nplay N SA\nplay E SU\nplay S EK\n"
              "play W HO\nplay N GK\nplay E HU\nplay S E10\n"
              "play W EU\nplay N G10\nplay E GU\n");
  window = ui_new_loaded_window ();
  seat_raisers (window, "");
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_spin_until (persons_card, window));
  g_assert_true (bk_table_activate_card (bk_window_get_table (window), 0));
  g_assert_cmpint (bk_game_get_phase (bk_window_get_game (window)), ==, BK_PHASE_HAND_OVER);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-tricks", NULL));
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) top = g_list_model_get_item (toplevels, i);

      if (top != GTK_WIDGET (window) && gtk_widget_get_visible (top))
        tricks = top; /* GTK holds it */
    }
  g_assert_nonnull (tricks);

  ui_spin_for (G_USEC_PER_SEC / 2);
  g_assert_null (bk_window_get_dialog (window));
  gtk_window_destroy (GTK_WINDOW (tricks));
  g_assert_true (ui_spin_until (has_dialog, window));
  ui_close_window (window);
}

/* The human must follow with a trump: HK is the only legal card. */
static const char *follow_record =
  "seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
  "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
  "pass W\npass N\npass E\nplay W SO\nplay N SK\nplay E H10\n";

/* A completed trick stays in view; the next card waits for it, or for a click. */
/* Plays the human's first legal card, as the number keys do. */
static void
play_first_legal (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);
  const BkHandState *state = bk_bierkopf_game_get_state (game);
  BkCard sorted[BK_N_CARDS];
  guint n = bk_hand_sorted (state->game, state->hands[BK_SEAT_S], sorted);

  for (guint i = 0; i < n; i++)
    if (bk_hand_has (bk_game_get_legal (game), sorted[i]))
      {
        g_assert_true (bk_table_activate_card (bk_window_get_table (window), i));
        return;
      }
  g_assert_not_reached ();
}

static void
test_trick_stays (void)
{
  BkWindow *window;
  BkTable *table;
  guint played;
  gint64 end;

  g_settings_set_string (settings, "animation-speed", "fast");
  ui_write_save (follow_record);
  window = ui_new_loaded_window ();
  table = bk_window_get_table (window);
  seat_raisers (window, "");
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_spin_until (persons_card, window));

  /* The human completes the first trick; West took it and leads the next. */
  play_first_legal (window);
  g_assert_true (bk_table_is_trick_in_view (table));
  played = cards_played (window);
  g_assert_cmpuint (played, ==, 4);
  /* While it lies there, nobody plays; then it goes to its winner and play goes on. */
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (bk_table_is_trick_in_view (table) && g_get_monotonic_time () < end)
    {
      g_assert_cmpuint (cards_played (window), ==, played);
      ui_spin_for (G_USEC_PER_SEC / 100);
    }
  g_assert_false (bk_table_is_trick_in_view (table));
  g_assert_true (ui_spin_until (persons_card, window));
  g_assert_cmpuint (cards_played (window), ==, 7);
  /* Issue 21, spec B4.5: the next trick's cards lie in the middle, and the last trick
   * still comes back over them for a look (L), face up; a key ends the look. */
  g_assert_true (press (GTK_WIDGET (window), GDK_KEY_l));
  g_assert_true (bk_table_is_trick_in_view (table));
  {
    BkTrick last;

    g_assert_true (bk_game_get_trick (bk_window_get_game (window), 0, &last, NULL));
    ui_spin_for (G_USEC_PER_SEC / 2);
    for (guint i = 0; i < last.n; i++)
      {
        GtkWidget *view = bk_table_get_card_widget (table, last.cards[i]);

        g_assert_true (bk_card_view_get_face_up (BK_CARD_VIEW (view)));
        g_assert_true (gtk_widget_get_child_visible (view));
      }
  }
  g_assert_cmpuint (cards_played (window), ==, 7);
  g_assert_true (bk_table_dismiss (table));
  g_assert_false (bk_table_is_holding (table));

  /* The human completes the next trick; a click or key moves on at once. */
  play_first_legal (window);
  g_assert_true (bk_table_is_trick_in_view (table));
  g_assert_true (bk_table_is_holding (table));
  g_assert_true (bk_table_dismiss (table));
  g_assert_false (bk_table_is_trick_in_view (table));

  /* spec B4.5: the last trick may always be looked at again (L), and nobody plays
   * while it lies open. */
  played = cards_played (window);
  g_assert_true (press (GTK_WIDGET (window), GDK_KEY_l));
  g_assert_true (bk_table_is_trick_in_view (table));
  ui_spin_for (G_USEC_PER_SEC / 2);
  g_assert_true (bk_table_is_trick_in_view (table));
  g_assert_cmpuint (cards_played (window), ==, played);

  g_settings_set_string (settings, "animation-speed", "off");
  ui_close_window (window);
}

/* The first trick's last card (the person's) has set off for the middle. */
static gboolean
last_card_flying (BkWindow *window)
{
  BkTable *table = bk_window_get_table (window);
  BkTrick trick;

  if (!bk_game_get_trick (bk_window_get_game (window), 0, &trick, NULL))
    return FALSE;
  return table->sprites[trick.cards[trick.n - 1]].duration > 0;
}

/* Issue 34 (spec B4.5): a finished trick lies whole for the pace's hold after its last
 * card lands, not from when that card sets off; a click or key still moves on. Read from
 * the table's own schedule (no wall-clock timing). */
static void
test_trick_hold_after_landing (void)
{
  BkWindow *window;
  BkTable *table;
  BkTrick trick;
  const BkSprite *last;
  gint64 lands;

  g_settings_set_string (settings, "animation-speed", "normal");
  ui_write_save (follow_record);
  window = ui_new_loaded_window ();
  table = bk_window_get_table (window);
  seat_raisers (window, "");
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_spin_until (persons_card, window));

  play_first_legal (window);
  g_assert_true (bk_table_is_trick_in_view (table));
  g_assert_true (ui_spin_until (last_card_flying, window));
  g_assert_true (bk_game_get_trick (bk_window_get_game (window), 0, &trick, NULL));
  last = &table->sprites[trick.cards[trick.n - 1]];
  lands = last->start + last->duration;
  g_test_message ("flight %" G_GINT64_FORMAT " us, hold %" G_GINT64_FORMAT " us after it",
                  last->duration, table->sweep_at - lands);
  /* At the normal pace the hold is at least 1.5 s, and it begins when the card lands. */
  g_assert_cmpfloat (table->speed, ==, 1.0);
  g_assert_cmpint (last->duration, >, 0);
  g_assert_cmpint (table->sweep_at - lands, >=, G_USEC_PER_SEC * 3 / 2);
  g_assert_cmpint (table->sweep_at - lands, ==, bk_table_scaled (table, TRICK_HOLD_USEC));
  /* Nobody plays before the trick has gone to its winner. */
  g_assert_cmpint (table->busy_until, >=, table->sweep_at);

  /* A click or key moves on at once, and the hold does not come back. */
  g_assert_true (bk_table_dismiss (table));
  g_assert_false (bk_table_is_trick_in_view (table));
  ui_spin_for (G_USEC_PER_SEC / 10);
  g_assert_false (bk_table_is_trick_in_view (table));

  /* The slow pace holds it longer: the pause is the preference's. */
  g_settings_set_string (settings, "animation-speed", "slow");
  g_assert_cmpint (bk_table_scaled (table, TRICK_HOLD_USEC), >, G_USEC_PER_SEC * 3 / 2);
  g_settings_set_string (settings, "animation-speed", "off");
  ui_close_window (window);
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

/* The cards pictured under @widget, a line each. */
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

/* The last trick stays until the result is shown (after a pause). */
static void
test_last_trick_stays (void)
{
  BkWindow *window;
  BkTable *table;

  g_settings_set_string (settings, "animation-speed", "fast");
  ui_write_save ("seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
              "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
              "pass W\npass N\npass E\n"
              "play W SO\nplay N SK\nplay E H10\nplay S HK\n"
              "play W EO\nplay N S10\nplay E HA\nplay S GA\n"
              "play W GO\nplay N SA\nplay E SU\nplay S EK\n"
              "play W HO\nplay N GK\nplay E HU\nplay S E10\n"
              "play W EU\nplay N G10\nplay E GU\n");
  window = ui_new_loaded_window ();
  table = bk_window_get_table (window);
  seat_raisers (window, "");
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_spin_until (persons_card, window));
  g_assert_true (bk_table_activate_card (table, 0));
  g_assert_true (bk_table_is_trick_in_view (table));
  ui_spin_for (G_USEC_PER_SEC / 5);
  g_assert_null (bk_window_get_dialog (window));
  g_assert_true (ui_spin_until (has_dialog, window));
  /* Under the result, the last trick still lies open; and since the result covers the
   * middle, it shows that trick itself (issue 21). */
  g_assert_true (bk_table_is_trick_in_view (table));
  {
    GtkWidget *shown = named_descendant (GTK_WIDGET (bk_window_get_dialog (window)),
                                         "last-trick");
    g_autoptr (GString) pictures = g_string_new (NULL);
    BkTrick last;

    g_assert_nonnull (shown);
    picture_names (shown, pictures);
    g_test_message ("the result shows: %s", pictures->str);
    g_assert_true (bk_game_get_trick (bk_window_get_game (window), 4, &last, NULL));
    g_assert_cmpuint (last.n, ==, 4);
    for (guint i = 0; i < last.n; i++)
      {
        g_autofree char *name = bk_card_theme_card_name (bk_table_get_theme (table),
                                                         last.cards[i]);
        g_autofree char *line = g_strdup_printf ("%s\n", name);

        g_assert_nonnull (strstr (pictures->str, line));
      }
  }

  g_settings_set_string (settings, "animation-speed", "off");
  ui_close_window (window);
}

/* West leads Eichel; the human may follow with E10 or EK, not with his trump HK (which
 * comes first in his hand). */
static const char *suit_record =
  "seed 6\ndealer S\nhand S HK E10 EK GA SA\nhand W EA GU HU SU HA\n"
  "hand N EO GO HO SO EU\nhand E G10 GK S10 SK H10\n"
  "pass W\npass N\npass E\nplay W EA\nplay N EO\nplay E H10\n";

typedef enum {
  OPEN_PREFERENCES,
  OPEN_RULES,
  OPEN_SHORTCUTS,
  OPEN_TRICKS,
  OPEN_HISTORY,
  OPEN_MENU,
  N_OPENERS
} Opener;

static const char *opener_names[] = {
  "preferences", "rules", "shortcuts", "tricks", "history", "menu"
};

/* The window that @opener opened, found among the toplevels. */
static GtkWindow *
newest_toplevel (BkWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) top = g_list_model_get_item (toplevels, i);

      if (top != GTK_WINDOW (window) && gtk_widget_get_visible (GTK_WIDGET (top)))
        return top;
    }
  return NULL;
}

static GtkMenuButton *
find_menu_button (GtkWidget *root)
{
  if (GTK_IS_MENU_BUTTON (root) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (root)))
    return GTK_MENU_BUTTON (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkMenuButton *found = find_menu_button (child);
      if (found)
        return found;
    }
  return NULL;
}

static void
open_and_close (BkWindow *window,
                Opener    opener)
{
  GtkWindow *top = NULL;

  switch (opener)
    {
    case OPEN_PREFERENCES:
      top = GTK_WINDOW (bk_preferences_window_new ());
      break;
    case OPEN_RULES:
      top = GTK_WINDOW (bk_rules_window_new ());
      break;
    case OPEN_SHORTCUTS:
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-shortcuts",
                                                 NULL));
      top = newest_toplevel (window);
      g_assert_true (GTK_IS_SHORTCUTS_WINDOW (top));
      break;
    case OPEN_TRICKS:
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-tricks", NULL));
      top = newest_toplevel (window);
      break;
    case OPEN_HISTORY:
      g_signal_emit_by_name (find_coaster (GTK_WIDGET (window)), "activated");
      top = newest_toplevel (window);
      break;
    case OPEN_MENU:
      {
        GtkMenuButton *menu = find_menu_button (GTK_WIDGET (window));

        g_assert_nonnull (menu);
        gtk_menu_button_popup (menu);
        ui_spin_for (G_USEC_PER_SEC / 10);
        gtk_widget_grab_focus (GTK_WIDGET (menu));
        gtk_menu_button_popdown (menu);
        ui_spin_for (G_USEC_PER_SEC / 10);
        return;
      }
    case N_OPENERS:
    default:
      g_assert_not_reached ();
    }
  g_assert_nonnull (top);
  if (opener != OPEN_TRICKS && opener != OPEN_HISTORY)
    {
      gtk_window_set_transient_for (top, GTK_WINDOW (window));
      gtk_window_present (top);
    }
  ui_spin_for (G_USEC_PER_SEC / 10);
  gtk_window_destroy (top);
  ui_spin_for (G_USEC_PER_SEC / 10);
}

static gboolean
legal_card_focused (BkWindow *window)
{
  BkCard focused = bk_table_get_focus_card (bk_window_get_table (window));

  return focused != BK_CARD_NONE &&
         bk_hand_has (bk_game_get_legal (bk_window_get_game (window)), focused);
}

/* After each dialog and the menu the keyboard is back on the hand, on a legal card, and
 * the human plays by keys (arrows, then Enter). */
static void
test_focus_after_dialog (gconstpointer data)
{
  Opener opener = GPOINTER_TO_UINT (data);
  BkWindow *window;
  BkTable *table;
  BkGame *game;
  BkCard focused;
  guint before;

  ui_write_save (suit_record);
  window = ui_new_loaded_window ();
  seat_raisers (window, "");
  gtk_window_present (GTK_WINDOW (window));
  table = bk_window_get_table (window);
  game = bk_window_get_game (window);
  g_assert_true (ui_spin_until (persons_card, window));
  {
    const BkHandState *state = bk_bierkopf_game_get_state (game);
    BkCard sorted[BK_N_CARDS];

    /* The first card of the hand may not be played: the focus must not start there. */
    bk_hand_sorted (state->game, state->hands[BK_SEAT_S], sorted);
    g_assert_false (bk_hand_has (bk_game_get_legal (game), sorted[0]));
  }

  /* From the start of the turn: a legal card has the focus. */
  focused = bk_table_get_focus_card (table);
  g_assert_cmpuint (focused, !=, BK_CARD_NONE);
  g_assert_true (bk_hand_has (bk_game_get_legal (game), focused));

  open_and_close (window, opener);
  /* The X server tells the window that it is active again in its own time. */
  ui_spin_until (legal_card_focused, window);
  focused = bk_table_get_focus_card (table);
  g_test_message ("after %s: focus on %d", opener_names[opener], focused);
  g_assert_cmpuint (focused, !=, BK_CARD_NONE);
  g_assert_true (bk_hand_has (bk_game_get_legal (game), focused));
  g_assert_true (gtk_window_get_focus_visible (GTK_WINDOW (window)));

  /* Arrows move within the hand; Enter on the legal card plays it. */
  g_assert_true (press (GTK_WIDGET (table), GDK_KEY_Right));
  g_assert_true (press (GTK_WIDGET (table), GDK_KEY_Left));
  before = bk_hand_count (bk_game_get_cards (game, BK_SEAT_S));
  g_assert_true (press (GTK_WIDGET (table), GDK_KEY_Return));
  g_assert_cmpuint (bk_hand_count (bk_game_get_cards (game, BK_SEAT_S)), ==, before - 1);
  ui_close_window (window);
}

static gboolean
persons_card_or_result (BkWindow *window)
{
  return persons_card (window) || has_dialog (window);
}

static void
collect_labels (GtkWidget *widget,
                GString   *text)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, text);
}

/* The texts of the window that the game window opened now, a label a line (and closes
 * it). */
static char *
take_message (BkWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) top = g_list_model_get_item (toplevels, i);

      if (top != GTK_WIDGET (window) && gtk_widget_get_visible (top) &&
          top != GTK_WIDGET (bk_window_get_dialog (window)))
        {
          GString *text = g_string_new (NULL);

          collect_labels (top, text);
          gtk_window_destroy (GTK_WINDOW (top));
          return g_string_free (text, FALSE);
        }
    }
  g_assert_not_reached ();
}

/* The words of the tricks and the history: "taken by you", "they strike 8". */
static void
test_tricks_and_history_words (void)
{
  BkWindow *window;
  g_autofree char *tricks = NULL;
  g_autofree char *history = NULL;

  /* The human holds the Alte (EO) and takes a trick with it. */
  ui_write_save ("seed 7\ndealer S\nhand S EO EA E10 EK GA\nhand W HK GO HO SO EU\n"
              "hand N G10 GK SA S10 SK\nhand E GU HU SU HA H10\npass W\npass N\npass E\n");
  window = ui_new_loaded_window ();
  seat_raisers (window, "");
  gtk_window_present (GTK_WINDOW (window));
  for (guint cards = 0; cards < 6; cards++)
    {
      g_assert_true (ui_spin_until (persons_card_or_result, window));
      if (has_dialog (window))
        break;
      play_first_legal (window);
    }
  g_assert_true (ui_spin_until (has_dialog, window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-tricks", NULL));
  tricks = take_message (window);
  g_test_message ("%s", tricks);
  g_assert_nonnull (strstr (tricks, ", taken by you: "));
  g_assert_null (strstr (tricks, "taken by You"));

  adw_message_dialog_response (bk_window_get_dialog (window), "next");
  g_signal_emit_by_name (find_coaster (GTK_WIDGET (window)), "activated");
  history = take_message (window);
  g_test_message ("%s", history);
  g_assert_true (strstr (history, ", we strike ") || strstr (history, ", they strike "));
  ui_close_window (window);
}

/* With the focus somewhere else in the window (the menu button), a digit plays that card
 * and the keyboard is back on the hand. */
static void
test_keys_from_anywhere (void)
{
  BkWindow *window;
  BkGame *game;
  BkTable *table;
  const BkHandState *state;
  BkCard sorted[BK_N_CARDS];
  guint n, legal_index = G_MAXUINT;

  ui_write_save (suit_record);
  window = ui_new_loaded_window ();
  seat_raisers (window, "");
  gtk_window_present (GTK_WINDOW (window));
  table = bk_window_get_table (window);
  game = bk_window_get_game (window);
  g_assert_true (ui_spin_until (persons_card, window));

  gtk_widget_grab_focus (GTK_WIDGET (find_menu_button (GTK_WIDGET (window))));
  g_assert_cmpuint (bk_table_get_focus_card (table), ==, BK_CARD_NONE);
  state = bk_bierkopf_game_get_state (game);
  n = bk_hand_sorted (state->game, state->hands[BK_SEAT_S], sorted);
  for (guint i = 0; i < n && legal_index == G_MAXUINT; i++)
    if (bk_hand_has (bk_game_get_legal (game), sorted[i]))
      legal_index = i;
  g_assert_true (press (GTK_WIDGET (window), GDK_KEY_1 + legal_index));
  g_assert_cmpuint (bk_hand_count (bk_game_get_cards (game, BK_SEAT_S)), ==, n - 1);
  g_assert_cmpuint (bk_table_get_focus_card (table), !=, BK_CARD_NONE);
  ui_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autofree char *path = NULL;
  int result;

  g_setenv ("XDG_DATA_HOME", data, TRUE);
  /* The pace-german run reads this tree's translations. */
  setlocale (LC_ALL, "");
  if (g_getenv ("BIERKOPF_LOCALEDIR"))
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("BIERKOPF_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();

  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "off");

  g_test_add_func ("/pace/B3.6/retour-waits-then-esc", test_retour_waits_then_esc);
  g_test_add_func ("/pace/B3.6/retour-offer-hides-for-chooser",
                   test_retour_offer_hides_for_chooser);
  g_test_add_func ("/pace/B3.6/retour-chain-by-keys", test_retour_chain_by_keys);
  g_test_add_func ("/pace/B3.6/retour-card-means-no", test_retour_card_means_no);
  g_test_add_func ("/pace/B3.6/retour-offer-after-second-card",
                   test_retour_offer_after_second_card);
  g_test_add_func ("/pace/B3.5/talk-log", test_talk_log);
  g_test_add_func ("/pace/B3.5/own-word-stays", test_own_word_stays);
  g_test_add_func ("/pace/B3.4/talk-log-resumed", test_talk_log_resumed);
  g_test_add_func ("/pace/dialog-pauses-play", test_dialog_pauses_play);
  g_test_add_func ("/pace/chooser-stops-the-table", test_chooser_stops_the_table);
  g_test_add_func ("/pace/result-waits-for-dialog", test_result_waits_for_dialog);
  g_test_add_func ("/pace/B4.5/trick-stays", test_trick_stays);
  g_test_add_func ("/pace/B4.5/last-trick-stays", test_last_trick_stays);
  g_test_add_func ("/pace/B4.5/trick-hold-after-landing", test_trick_hold_after_landing);
  g_test_add_func ("/pace/B4.5/tricks-and-history-words", test_tricks_and_history_words);
  g_test_add_func ("/pace/keys-from-anywhere", test_keys_from_anywhere);
  for (guint i = 0; i < N_OPENERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("/pace/focus-after/%s", opener_names[i]);
      g_test_add_data_func (name, GUINT_TO_POINTER (i), test_focus_after_dialog);
    }

  result = g_test_run ();
  path = bk_window_dup_save_path ();
  g_remove (path);
  return result;
}
