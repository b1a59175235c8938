/* test-sound.c: the sounds of the table (issue 34). A hand played in the window asks for
 * each of its sounds (a card dealt, played, a trick taken, a word, a doubling, the
 * coaster's strike, the hand won or lost), as the hand had them; the preference "Sounds"
 * off, from the Preferences window, silences them at once (nothing is asked of the media
 * layer). Run with GTK's GStreamer backend where it is installed and, as `sound-none`,
 * with GTK's none backend (GTK_MEDIA=none: what a system without the backend has): both
 * silent here, without a warning (G_DEBUG=fatal-warnings). Also reports the median
 * latency from an event to gtk_media_stream_play() returning.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-bierkopf-query.h"
#include "bk-herzla-game.h"
#include "bk-person-controller.h"
#include "bk-session-store.h"
#include "bk-preferences-window.h"
#include "bk-window-test.h"
#include "test-raiser.h"
#include "ui-test-helpers.h"

static GSettings *settings;

static gboolean
media_none (void)
{
  return g_strcmp0 (g_getenv ("GTK_MEDIA"), "none") == 0;
}

/* Dealer North: East and West talk, the person (South, with the four Obers) talks and
 * then announces the Spritze; West and East answer with a Retour (test-raiser.h). */
static const char record[] =
  "seed 3\ndealer N\nhand S EO GO HO SO EU\nhand W G10 GK SA S10 SK\n"
  "hand N GU HU SU HA H10\nhand E HK EA E10 EK GA\n";

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

static void
played_cb (BkSound    *sound,
           const char *name,
           GPtrArray  *heard)
{
  g_ptr_array_add (heard, g_strdup (name));
}

/* Something for the person to do: a dialog, the Retour offer, or a card to play. */
static gboolean
persons_due (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);

  if (bk_window_get_dialog (window))
    return TRUE;
  if (!bk_window_is_settled (window))
    return FALSE;
  if (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S))
    return TRUE;
  return bk_table_get_busy_until (bk_window_get_table (window)) < g_get_monotonic_time () &&
         bk_game_get_phase (game) == BK_PHASE_PLAYING && bk_game_get_to_act (game) == BK_SEAT_S;
}

/* The response of @dialog that doubles, or NULL. */
static const char *
doubling_response (BkWindow *window)
{
  static char id[64];
  BkOptions options;
  gboolean found = FALSE;

  bk_bierkopf_game_get_options (bk_window_get_game (window), BK_SEAT_S, &options);
  for (guint i = 0; i < options.n; i++)
    if (options.options[i].action.type == BK_ACTION_DOUBLE && options.options[i].legal)
      {
        g_strlcpy (id, options.options[i].id, sizeof id);
        found = TRUE;
      }
  bk_options_clear (&options);
  return found ? id : NULL;
}

/* Plays the loaded hand to its result: the person answers the talk, announces the
 * Spritze, declines a Retour and plays his first legal card. Returns the result dialog. */
static AdwMessageDialog *
play_hand (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);

  for (guint steps = 0; steps < 200; steps++)
    {
      AdwMessageDialog *dialog;
      const BkHandState *state;

      g_assert_true (ui_spin_until (persons_due, window));
      dialog = bk_window_get_dialog (window);
      if (dialog && adw_message_dialog_has_response (dialog, "next"))
        return dialog;
      if (dialog)
        {
          const char *spritze = doubling_response (window);

          adw_message_dialog_response (dialog, spritze ? spritze
                                       : adw_message_dialog_get_default_response (dialog));
          continue;
        }
      if (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S))
        {
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.no-retour", NULL));
          continue;
        }
      state = bk_bierkopf_game_get_state (game);
      for (BkCard card = 0; card < BK_N_CARDS; card++)
        if (bk_hand_has (state->hands[BK_SEAT_S], card) &&
            bk_hand_has (bk_game_get_legal (game), card))
          {
            g_signal_emit_by_name (bk_window_get_table (window), "card-activated", (guint) card);
            break;
          }
    }
  g_assert_not_reached ();
}

static guint
count (GPtrArray  *heard,
       const char *name)
{
  guint n = 0;

  for (guint i = 0; i < heard->len; i++)
    n += g_str_equal (g_ptr_array_index (heard, i), name);
  return n;
}

static gint
index_of (GPtrArray  *heard,
          const char *name,
          guint       from)
{
  for (guint i = from; i < heard->len; i++)
    if (g_str_equal (g_ptr_array_index (heard, i), name))
      return (gint) i;
  return -1;
}

static gint
compare_latency (gconstpointer a,
                 gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static GPtrArray *heard_global;

static gboolean
dealt_again (BkWindow *window)
{
  return index_of (heard_global, "card-dealt", 0) >= 0 &&
         bk_game_get_phase (bk_window_get_game (window)) != BK_PHASE_HAND_OVER;
}

/* A hand asks for each of its sounds, when the table shows it: the words and doublings
 * as said, every card played and trick taken, the hand's end, the coaster's strike when
 * the person moves on, and the next hand's cards dealt. */
static void
test_hand_asks_each_sound (void)
{
  g_autoptr (GPtrArray) heard = g_ptr_array_new_with_free_func (g_free);
  BkWindow *window;
  BkSound *sound;
  AdwMessageDialog *result;
  const BkHandResult *r;
  g_autoptr (GString) sequence = g_string_new (NULL);
  GArray *latencies;
  g_autoptr (GArray) sorted = NULL;
  gint won, lost, strike;

  /* Fast animations: the sounds that wait for the table (a card's landing, a trick's
   * sweep, the deal's beat) come after it. */
  g_settings_set_string (settings, "animation-speed", "fast");
  ui_write_save (record);
  window = ui_new_loaded_window ();
  seat_raisers (window, "WE");
  sound = bk_window_get_sound (window);
  g_assert_true (bk_sound_get_enabled (sound));
  g_signal_connect (sound, "played", G_CALLBACK (played_cb), heard);
  gtk_window_present (GTK_WINDOW (window));

  result = play_hand (window);
  r = bk_bierkopf_game_get_last_result (bk_window_get_game (window));
  g_assert_nonnull (r);
  /* The last trick's sweep waits for the table: it comes before the person moves on. */
  ui_spin_for (G_USEC_PER_SEC * 3 / 2);

  for (guint i = 0; i < heard->len; i++)
    g_string_append_printf (sequence, "%s%s", i ? " " : "", (char *) g_ptr_array_index (heard, i));
  g_test_message ("heard: %s", sequence->str);

  /* The talk (East, West, the person, North) and the doublings: the Spritze and the
   * Retour that answered it. */
  g_assert_cmpuint (count (heard, "word-said"), >=, 3);
  g_assert_cmpuint (count (heard, "doubling"), >=, 2);
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (bk_window_get_game (window)), >=, 4);
  /* Every card, every trick: five tricks of four. */
  g_assert_cmpuint (count (heard, "card-played"), ==, 20);
  g_assert_cmpuint (count (heard, "trick-taken"), ==, 5);
  /* The hand as it went for the person (South and North against West and East). */
  won = index_of (heard, "hand-won", 0);
  lost = index_of (heard, "hand-lost", 0);
  g_assert_cmpint (r->winner, !=, BK_TEAM_NONE);
  if (r->winner == BK_TEAM_SN)
    g_assert_true (won >= 0 && lost < 0);
  else
    g_assert_true (lost >= 0 && won < 0);
  /* Words and doublings before the first card; the end after the last card. */
  g_assert_cmpint (index_of (heard, "doubling", 0), <, index_of (heard, "card-played", 0));
  g_assert_cmpint (MAX (won, lost), >, index_of (heard, "word-said", 0));
  g_assert_cmpint (index_of (heard, "strike", 0), ==, -1);
  g_assert_cmpint (index_of (heard, "card-dealt", 0), ==, -1);

  /* The person moves on: the coaster strikes the lines, the next hand is dealt. */
  heard_global = heard;
  adw_message_dialog_response (result, "next");
  strike = index_of (heard, "strike", 0);
  g_assert_cmpint (strike, >, MAX (won, lost));
  g_assert_true (ui_spin_until (dealt_again, window));
  g_assert_cmpint (index_of (heard, "card-dealt", 0), >, strike);
  /* A deal is a riffle, not one sound. */
  ui_spin_for (G_USEC_PER_SEC * 3 / 2);
  g_assert_cmpuint (count (heard, "card-dealt"), >, 3);

  /* Without a media backend nothing is asked of it (and nothing said). */
  g_assert_cmpuint (bk_sound_get_n_plays (sound), ==,
                    bk_sound_can_play (sound) ? heard->len : 0);
  latencies = bk_sound_get_latencies (sound);
  g_assert_cmpuint (latencies->len, ==, bk_sound_get_n_plays (sound));
  if (latencies->len == 0)
    {
      heard_global = NULL;
      ui_close_window (window);
      g_settings_reset (settings, "animation-speed");
      return;
    }
  sorted = g_array_copy (latencies);
  g_array_sort (sorted, compare_latency);
  g_test_message ("latency from event to gtk_media_stream_play(): median %" G_GINT64_FORMAT
                  " µs, max %" G_GINT64_FORMAT " µs over %u sounds (GTK_MEDIA=%s)",
                  g_array_index (sorted, gint64, sorted->len / 2),
                  g_array_index (sorted, gint64, sorted->len - 1), sorted->len,
                  g_getenv ("GTK_MEDIA") ? g_getenv ("GTK_MEDIA") : "default");
  heard_global = NULL;
  ui_close_window (window);
  g_settings_reset (settings, "animation-speed");
}

/* The switch "Sounds" in the Preferences row of that title. */
static GtkWidget *
find_switch (GtkWidget  *root,
             const char *title)
{
  if (ADW_IS_ACTION_ROW (root) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)), title) == 0)
    return adw_action_row_get_activatable_widget (ADW_ACTION_ROW (root));
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_switch (child, title);

      if (found)
        return found;
    }
  return NULL;
}

/* The preference, switched off in the Preferences window, silences the window at once and
 * for a whole hand: nothing is asked of the media layer. On again, heard again. */
static void
test_preference_silences (void)
{
  g_autoptr (GPtrArray) heard = g_ptr_array_new_with_free_func (g_free);
  BkWindow *window;
  BkSound *sound;
  GtkWidget *preferences, *toggle;
  AdwMessageDialog *result;

  g_settings_set_string (settings, "animation-speed", "off");
  ui_write_save (record);
  window = ui_new_loaded_window ();
  seat_raisers (window, "WE");
  sound = bk_window_get_sound (window);
  g_signal_connect (sound, "played", G_CALLBACK (played_cb), heard);
  gtk_window_present (GTK_WINDOW (window));

  preferences = bk_preferences_window_new ();
  gtk_window_set_transient_for (GTK_WINDOW (preferences), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (preferences));
  toggle = find_switch (preferences, "Sounds");
  g_assert_nonnull (toggle);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (toggle)));
  gtk_switch_set_active (GTK_SWITCH (toggle), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "sounds"));
  g_assert_false (bk_sound_get_enabled (sound));
  gtk_window_destroy (GTK_WINDOW (preferences));

  result = play_hand (window);
  adw_message_dialog_response (result, "next");
  ui_spin_for (G_USEC_PER_SEC / 2);
  g_assert_cmpuint (heard->len, ==, 0);
  g_assert_cmpuint (bk_sound_get_n_plays (sound), ==, 0);

  /* On again: the next sound is heard. */
  g_settings_set_boolean (settings, "sounds", TRUE);
  g_assert_true (bk_sound_get_enabled (sound));
  bk_sound_play (sound, BK_SOUND_CARD_PLAYED);
  g_assert_cmpuint (heard->len, ==, 1);
  ui_close_window (window);
  g_settings_reset (settings, "animation-speed");
}

/* Every sound is in the resource and plays through the media layer without a word, also
 * over itself (the pool), and stops when sounds are switched off. */
static void
test_each_sound_plays (void)
{
  g_autoptr (BkSound) sound = bk_sound_new ();
  g_autoptr (GPtrArray) heard = g_ptr_array_new_with_free_func (g_free);
  guint each = bk_sound_can_play (sound) ? 5 : 0;

  g_signal_connect (sound, "played", G_CALLBACK (played_cb), heard);
  g_test_message ("GTK_MEDIA=%s: the media layer %s",
                  media_none () ? "none" : "default", each ? "plays" : "is not used");
  if (media_none ())
    g_assert_false (bk_sound_can_play (sound));

  for (guint e = 0; e < BK_SOUND_N_EVENTS; e++)
    {
      g_autofree char *path = g_strdup_printf ("/io/github/bierkopf/Bierkopf/sounds/%s.wav",
                                               bk_sound_event_name (e));
      g_autoptr (GBytes) bytes = g_resources_lookup_data (path, 0, NULL);

      g_assert_nonnull (bytes);
      /* Small: the longest is 0.6 s of 16-bit mono at 22050 Hz. */
      g_assert_cmpuint (g_bytes_get_size (bytes), <, 30000);
      for (guint i = 0; i < 5; i++)
        bk_sound_play (sound, e);
    }
  g_assert_cmpuint (heard->len, ==, 5 * BK_SOUND_N_EVENTS);
  g_assert_cmpuint (bk_sound_get_n_plays (sound), ==, each * BK_SOUND_N_EVENTS);
  bk_sound_play_later (sound, BK_SOUND_HAND_WON, 50);
  g_assert_cmpuint (heard->len, ==, 5 * BK_SOUND_N_EVENTS);
  ui_spin_for (G_USEC_PER_SEC / 4);
  g_assert_cmpuint (heard->len, ==, 5 * BK_SOUND_N_EVENTS + 1);
  g_assert_cmpuint (bk_sound_get_n_plays (sound), ==, each * BK_SOUND_N_EVENTS + !!each);
  /* Hurried: what waits for the table is played at once, once. */
  bk_sound_play_later (sound, BK_SOUND_TRICK_TAKEN, 5000);
  bk_sound_play_later (sound, BK_SOUND_TRICK_TAKEN, 5000);
  bk_sound_hurry (sound, BK_SOUND_TRICK_TAKEN);
  g_assert_cmpuint (heard->len, ==, 5 * BK_SOUND_N_EVENTS + 2);
  g_assert_cmpstr (g_ptr_array_index (heard, heard->len - 1), ==, "trick-taken");
  ui_spin_for (G_USEC_PER_SEC / 4);
  g_assert_cmpuint (heard->len, ==, 5 * BK_SOUND_N_EVENTS + 2);
  /* Off: what waits is dropped, nothing more is asked. */
  bk_sound_play_later (sound, BK_SOUND_HAND_WON, 50);
  bk_sound_set_enabled (sound, FALSE);
  ui_spin_for (G_USEC_PER_SEC / 4);
  bk_sound_play (sound, BK_SOUND_HAND_LOST);
  g_assert_cmpuint (heard->len, ==, 5 * BK_SOUND_N_EVENTS + 2);
  g_assert_cmpuint (bk_sound_get_n_plays (sound), ==, each * BK_SOUND_N_EVENTS + 2 * !!each);
}

/* Herzla's view says its words (the bids) and the hand's end for the person: the
 * four-player game is won or lost by the money. */
static gboolean
herzla_due (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);

  if (bk_window_get_dialog (window))
    return TRUE;
  return game && bk_window_is_settled (window) &&
         bk_table_get_busy_until (bk_window_get_table (window)) < g_get_monotonic_time () &&
         bk_game_get_phase (game) == BK_PHASE_PLAYING && bk_game_get_to_act (game) == 0;
}

static void
test_herzla_hand (void)
{
  g_autoptr (GPtrArray) heard = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *path = bk_session_store_dup_path_for_game ("herzla");
  BkWindow *window;
  BkGame *game;
  AdwMessageDialog *dialog = NULL;
  const BkHerzlaResult *r;
  guint played = 0, dealt, bids = 0;

  g_remove (path);
  g_settings_set_string (settings, "animation-speed", "off");
  g_settings_set_string (settings, "last-game", "herzla");
  /* heard from the start: the computer players may bid as soon as the game is loaded */
  window = bk_window_new (NULL);
  g_signal_connect (bk_window_get_sound (window), "played", G_CALLBACK (played_cb), heard);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait_loaded (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  game = bk_window_get_game (window);
  /* the first deal's sound, heard before the first bid */
  dealt = count (heard, "card-dealt");
  for (guint steps = 0; steps < 400; steps++)
    {
      g_assert_true (ui_spin_until (herzla_due, window));
      dialog = bk_window_get_dialog (window);
      if (dialog && g_strcmp0 (gtk_widget_get_name (GTK_WIDGET (dialog)), "herzla-result") == 0)
        break;
      if (dialog)
        {
          /* A bid (the default), or the message of a contract broken early. */
          adw_message_dialog_response (dialog, adw_message_dialog_has_response (dialog, "result")
                                       ? "result"
                                       : adw_message_dialog_get_default_response (dialog));
          continue;
        }
      {
        BkCard sorted[BK_N_CARDS];
        guint n = bk_game_get_hand_sorted (game, 0, sorted);

        for (guint i = 0; i < n; i++)
          if (bk_hand_has (bk_game_get_legal (game), sorted[i]))
            {
              g_assert_true (bk_table_activate_card (bk_window_get_table (window), i));
              played++;
              break;
            }
      }
    }
  g_assert_nonnull (dialog);
  r = bk_herzla_game_get_last_result (game);
  g_assert_nonnull (r);
  /* Each bid is heard: every player's until one bids Beddl or Mord, which stands (H3.1);
   * the cards of the tricks played, the tricks taken. */
  bk_game_get_words (game, bk_game_get_hand_number (game), &bids);
  g_test_message ("%u bids, %u words heard", bids, count (heard, "word-said"));
  g_assert_cmpuint (bids, >=, 1);
  g_assert_cmpuint (bids, <=, 4);
  g_assert_cmpuint (count (heard, "word-said"), >=, bids);
  g_assert_cmpuint (count (heard, "card-played"), >=, 4 * played);
  g_assert_cmpuint (count (heard, "card-played"), ==, 4 * count (heard, "trick-taken"));
  if (r->payment.cents[0] > 0)
    g_assert_true (count (heard, "hand-won") == 1 && count (heard, "hand-lost") == 0);
  else if (r->payment.cents[0] < 0)
    g_assert_true (count (heard, "hand-lost") == 1 && count (heard, "hand-won") == 0);
  else
    g_assert_cmpuint (count (heard, "hand-won") + count (heard, "hand-lost"), ==, 0);
  g_assert_cmpuint (count (heard, "card-dealt"), ==, dealt);
  adw_message_dialog_response (dialog, "next");
  g_assert_cmpuint (count (heard, "card-dealt"), >, dealt);
  ui_close_window (window);
  g_remove (path);
  g_settings_reset (settings, "last-game");
  g_settings_reset (settings, "animation-speed");
}

static gboolean
table_idle (BkWindow *window)
{
  return bk_game_get_phase (bk_window_get_game (window)) != BK_PHASE_NEW &&
         bk_table_get_busy_until (bk_window_get_table (window)) < g_get_monotonic_time () &&
         !bk_table_is_seating (bk_window_get_table (window));
}

/* A new session: each card of the seating draw (spec B2.1) is heard as the table lays it,
 * then the deal's riffle, while the table shows them (none comes at once with the rest). */
static void
test_new_session_deals (void)
{
  g_autoptr (GPtrArray) heard = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  BkWindow *window;
  const BkSeating *seating;
  gint64 start;

  g_settings_set_string (settings, "animation-speed", "fast");
  window = ui_new_shown_window ();
  g_signal_connect (bk_window_get_sound (window), "played", G_CALLBACK (played_cb), heard);
  start = g_get_monotonic_time ();
  bk_window_new_session (window);
  seating = bk_bierkopf_game_get_seating (bk_window_get_game (window));
  g_assert_cmpuint (seating->n, >=, 2);
  /* Heard over time, not at once: the sounds so far when the session began. */
  g_assert_cmpuint (count (heard, "card-dealt"), <=, 1);
  g_assert_true (ui_spin_until (table_idle, window));
  ui_spin_for (G_USEC_PER_SEC / 2);
  g_test_message ("seating %u cards, %u card sounds in %" G_GINT64_FORMAT " ms", seating->n,
                  count (heard, "card-dealt"), (g_get_monotonic_time () - start) / 1000);
  /* The seating's cards, and a riffle of at least one sound for every second card dealt. */
  g_assert_cmpuint (count (heard, "card-dealt"), >=, seating->n + 20 / 2 - 1);
  ui_close_window (window);
  g_settings_reset (settings, "animation-speed");
}

/* At a table with friends, a friend's free word (the chat) is heard as a word said. */
static void
test_table_words (void)
{
  g_autoptr (GPtrArray) heard = g_ptr_array_new_with_free_func (g_free);
  const char *names[] = { "Anna", "Sepp", "Gretl", "Hans", NULL };
  GObject *controllers[BK_N_SEATS];
  g_autoptr (BkGame) game = NULL;
  BkRules rules;
  BkWindow *window;

  g_settings_set_string (settings, "animation-speed", "off");
  ui_write_save (record);
  window = ui_new_loaded_window ();
  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 1);
  for (guint s = 0; s < BK_N_SEATS; s++)
    controllers[s] = G_OBJECT (bk_person_controller_new ());
  bk_window_take_table_session (window, game, controllers, names);
  for (guint s = 0; s < BK_N_SEATS; s++)
    g_object_unref (controllers[s]);
  g_signal_connect (bk_window_get_sound (window), "played", G_CALLBACK (played_cb), heard);
  bk_window_add_table_words (window, BK_SEAT_W, "Sepp", "Servus beinand!");
  g_assert_cmpuint (heard->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (heard, 0), ==, "word-said");
  ui_close_window (window);
  g_settings_reset (settings, "animation-speed");
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);

  g_setenv ("XDG_DATA_HOME", data, TRUE);
  /* --media-none: GTK's none backend, as where the GStreamer backend is not installed. */
  for (int i = 1; i < argc; i++)
    if (g_str_equal (argv[i], "--media-none"))
      {
        g_setenv ("GTK_MEDIA", "none", TRUE);
        memmove (&argv[i], &argv[i + 1], (gsize) (argc - i) * sizeof (char *));
        argc--;
        break;
      }
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();

  settings = g_settings_new ("io.github.bierkopf.Bierkopf");

  g_test_add_func ("/sound/each-sound-plays", test_each_sound_plays);
  g_test_add_func ("/sound/hand-asks-each-sound", test_hand_asks_each_sound);
  g_test_add_func ("/sound/preference-silences", test_preference_silences);
  g_test_add_func ("/sound/herzla-hand", test_herzla_hand);
  g_test_add_func ("/sound/table-words", test_table_words);
  g_test_add_func ("/sound/new-session-deals", test_new_session_deals);
  return g_test_run ();
}
