/* test-card-names.c: a person reads card names, never card codes (issue 12): in the
 * toasts, the reasons, the tooltips, the accessible names and descriptions of the table,
 * the tricks dialog and the Bollen history, in both decks; and those dialogs show cards as
 * pictures. The rules name the active deck's suits and open with nothing selected.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "bk-bollen-history.h"
#include "bk-card-view.h"
#include "bk-coaster.h"
#include "bk-rules-window.h"
#include "bk-tricks-dialog.h"
#include "bk-window-test.h"
#include "ui-test-helpers.h"

static GSettings *settings;
static gboolean german;
static GRegex *code_pattern;
static guint n_texts_checked;

static gboolean
human_due (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);

  if (bk_window_get_dialog (window))
    return TRUE;
  /* spec B3.6: the game waits for the human's answer to a Retour offer. */
  if (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S) && bk_window_is_settled (window))
    return TRUE;
  return bk_window_is_settled (window) &&
         bk_table_get_busy_until (bk_window_get_table (window)) < g_get_monotonic_time () &&
         bk_game_get_phase (game) == BK_PHASE_PLAYING && bk_game_get_to_act (game) == BK_SEAT_S;
}

static void
check_text (const char *what,
            const char *text)
{
  if (text == NULL || *text == '\0')
    return;
  n_texts_checked++;
  if (g_regex_match (code_pattern, text, 0, NULL))
    g_error ("A card code in the %s “%s”", what, text);
}

/* The value of a string property a screen reader reads, or NULL when it is not set. */
static char *
accessible_string (GtkAccessible         *accessible,
                   GtkAccessibleProperty  property)
{
  if (!gtk_test_accessible_has_property (accessible, property))
    return NULL;
  /* Compared with a value it cannot have, the check returns the real one. */
  return gtk_test_accessible_check_property (accessible, property, "\x01");
}

static void
check_widget (GtkWidget *widget)
{
  g_autofree char *label = accessible_string (GTK_ACCESSIBLE (widget),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_autofree char *description = accessible_string (GTK_ACCESSIBLE (widget),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);

  check_text ("accessible name", label);
  check_text ("accessible description", description);
  check_text ("tooltip", gtk_widget_get_tooltip_text (widget));
  if (GTK_IS_LABEL (widget))
    check_text ("label", gtk_label_get_text (GTK_LABEL (widget)));
  if (GTK_IS_PICTURE (widget))
    check_text ("picture", gtk_picture_get_alternative_text (GTK_PICTURE (widget)));

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    check_widget (child);
}

/* Every window of the app: the table, its toasts, any dialog. */
static void
check_all_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) top = g_list_model_get_item (toplevels, i);
      check_widget (GTK_WIDGET (top));
    }
}

static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);
      if (found)
        return found;
    }
  return NULL;
}

static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) top = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (top, type))
        return top;
    }
  return NULL;
}

/* The pictures under @root, each named like a card of @style (or a face-down card). */
static guint
count_card_pictures (GtkWidget   *root,
                     BkDeckStyle  style)
{
  guint n = 0;

  if (GTK_IS_PICTURE (root))
    {
      const char *name = gtk_picture_get_alternative_text (GTK_PICTURE (root));
      gboolean known = FALSE;

      g_assert_nonnull (gtk_picture_get_paintable (GTK_PICTURE (root)));
      /* A trick the house rule keeps face down shows its backs. */
      if (g_strcmp0 (name, _("Card, face down")) == 0)
        return 0;
      for (BkCard card = 0; card < BK_N_CARDS && !known; card++)
        {
          g_autofree char *expected = bk_card_display_name_for (card, style);
          known = g_strcmp0 (name, expected) == 0;
        }
      if (!known)
        g_error ("A picture named “%s”, not a card of this deck", name);
      return 1;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    n += count_card_pictures (child, style);
  return n;
}

/* The tricks dialog, opened now: one picture per card of every open trick. */
static void
check_tricks_dialog (BkWindow    *window,
                     BkDeckStyle  style)
{
  BkGame *game = bk_window_get_game (window);
  GtkWindow *dialog;
  guint expected = 0;
  BkTrick trick;
  BkSeat winner;

  for (guint i = 0; bk_game_get_trick (game, i, &trick, &winner); i++)
    if (bk_game_may_view_trick (game, BK_SEAT_S, i))
      expected += trick.n;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-tricks", NULL));
  dialog = find_toplevel (BK_TYPE_TRICKS_DIALOG);
  g_assert_nonnull (dialog);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));
  check_widget (GTK_WIDGET (dialog));
  g_assert_cmpuint (count_card_pictures (GTK_WIDGET (dialog), style), >=, expected);
  gtk_window_destroy (dialog);
}

/* Plays the first legal card; tries an illegal one first, so that a toast says why. */
static void
play_a_card (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);
  BkHand legal = bk_game_get_legal (game);
  BkHand illegal = bk_game_get_cards (game, BK_SEAT_S) & ~legal;

  if (illegal)
    {
      g_signal_emit_by_name (bk_window_get_table (window), "card-activated",
                             (guint) bk_hand_first (illegal));
      ui_spin_for (50 * 1000);
      check_all_windows ();
    }
  g_signal_emit_by_name (bk_window_get_table (window), "card-activated",
                         (guint) bk_hand_first (legal));
}

static void
play_hand_in (const char  *theme,
              BkDeckStyle  style)
{
  g_autofree char *path = bk_window_dup_save_path ();
  BkWindow *window;
  BkGame *game;
  gboolean tricks_seen = FALSE;
  GtkWidget *coaster;
  GtkWindow *history;

  g_remove (path);
  g_settings_set_string (settings, "card-theme", theme);
  window = bk_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait_loaded (window);
  game = bk_window_get_game (window);
  g_assert_cmpint (bk_card_get_display_style (), ==, style);

  for (guint steps = 0; steps < 200; steps++)
    {
      AdwMessageDialog *dialog;

      g_assert_true (ui_spin_until (human_due, window));
      check_all_windows ();
      dialog = bk_window_get_dialog (window);
      if (dialog && adw_message_dialog_has_response (dialog, "next"))
        break;
      if (dialog)
        {
          adw_message_dialog_response (dialog, adw_message_dialog_get_default_response (dialog));
          continue;
        }
      if (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S))
        {
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.no-retour",
                                                     NULL));
          continue;
        }
      if (bk_bierkopf_game_get_state (game)->tricks_done > 0 && !tricks_seen)
        {
          check_tricks_dialog (window, style);
          tricks_seen = TRUE;
        }
      play_a_card (window);
    }
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
  g_assert_true (tricks_seen);
  check_tricks_dialog (window, style);

  /* The Bollen history: the hand just scored, with the person's five cards. */
  adw_message_dialog_response (bk_window_get_dialog (window), "next");
  coaster = find_widget (GTK_WIDGET (window), BK_TYPE_COASTER);
  g_assert_nonnull (coaster);
  g_signal_emit_by_name (coaster, "activated");
  history = find_toplevel (BK_TYPE_BOLLEN_HISTORY);
  g_assert_nonnull (history);
  check_widget (GTK_WIDGET (history));
  {
    g_autofree char *text = bk_bollen_history_dup_text (BK_BOLLEN_HISTORY (history));
    guint pictures = count_card_pictures (GTK_WIDGET (history), style);

    /* A Bollen may have ended with this hand; then the history starts afresh. */
    if (g_strcmp0 (text, _("No hand has been scored in this Bollen yet.")) == 0)
      g_assert_cmpuint (pictures, ==, 0);
    else
      g_assert_cmpuint (pictures, ==, 5);
  }
  gtk_window_destroy (history);

  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
  g_settings_reset (settings, "card-theme");
  g_assert_cmpuint (n_texts_checked, >, 100);
}

static void
test_played_hand_bavarian (void)
{
  play_hand_in ("bavarian", BK_DECK_BAVARIAN);
}

static void
test_played_hand_french (void)
{
  play_hand_in ("french", BK_DECK_FRENCH);
}

/* The table's cards are named in the active deck: a French Queen is no Ober. */
static void
test_table_names_french (void)
{
  g_autofree char *path = bk_window_dup_save_path ();
  BkWindow *window;
  GtkWidget *view;
  g_autofree char *label = NULL;

  /* South holds the Queen of Clubs (EO) and leads. */
  g_file_set_contents (path, "seed 3\ndealer E\nhand S EO GO HO SO EU\n"
                       "hand W G10 GK SA S10 SK\nhand N GU HU SU HA H10\n"
                       "hand E HK EA E10 EK GA\n", -1, NULL);
  g_settings_set_string (settings, "card-theme", "french-4color");
  window = bk_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait_loaded (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  view = bk_table_get_card_widget (bk_window_get_table (window),
                                   BK_CARD (BK_SUIT_EICHEL, BK_RANK_OBER));
  g_assert_nonnull (view);
  label = accessible_string (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_assert_nonnull (label);
  g_assert_true (g_str_has_prefix (label, german ? "Kreuz-Dame" : "Queen of Clubs"));
  /* In German the French Queen says D in her corner (Dame). */
  {
    g_autofree char *letters = NULL;

    g_object_get (bk_table_get_theme (bk_window_get_table (window)), "index-letters", &letters,
                  NULL);
    g_assert_cmpstr (letters, ==, german ? "A K D B" : "A K Q J");
  }

  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
  g_settings_reset (settings, "card-theme");
  g_remove (path);
}

/* The rules name the suits of the deck in use, and nothing is selected at first. */
static void
test_rules_window (void)
{
  static const struct {
    const char *theme, *suits, *not;
  } decks[] = {
    { "bavarian", "Acorns, Leaves, Hearts and Bells", "Clubs" },
    { "french", "Clubs, Spades, Hearts and Diamonds", "Acorns" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (decks); i++)
    {
      GtkWidget *rules;
      g_autofree char *text = NULL;

      g_settings_set_string (settings, "card-theme", decks[i].theme);
      rules = bk_rules_window_new ();
      gtk_window_present (GTK_WINDOW (rules));
      gtk_test_widget_wait_for_draw (rules);
      ui_spin_for (200 * 1000);
      text = bk_rules_window_dup_text (BK_RULES_WINDOW (rules));
      g_assert_nonnull (strstr (text, decks[i].suits));
      g_assert_null (strstr (text, decks[i].not));
      check_text ("rules", text);
      g_assert_false (bk_rules_window_has_selection (BK_RULES_WINDOW (rules)));
      gtk_window_destroy (GTK_WINDOW (rules));
    }
  g_settings_reset (settings, "card-theme");
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);

  g_setenv ("XDG_DATA_HOME", data, TRUE);
  setlocale (LC_ALL, "");
  if (g_getenv ("BIERKOPF_LOCALEDIR"))
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("BIERKOPF_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  german = g_str_has_prefix (g_getenv ("LANGUAGE") ? g_getenv ("LANGUAGE") : "", "de");
  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();

  code_pattern = g_regex_new ("\\b[EGHS](A|10|K|O|U|9|8|7|6)\\b", G_REGEX_OPTIMIZE, 0, NULL);
  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "off");

  g_test_add_func ("/card-names/played-hand/bavarian", test_played_hand_bavarian);
  g_test_add_func ("/card-names/played-hand/french", test_played_hand_french);
  g_test_add_func ("/card-names/table/french", test_table_names_french);
  if (!german)
    g_test_add_func ("/card-names/rules-window", test_rules_window);
  return g_test_run ();
}
