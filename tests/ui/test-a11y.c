/* test-a11y.c: what a screen reader and a reader of the labels get (issue 12, "Smaller
 * slips"): the trick's cards, the others' hands and the menu button have accessible names
 * (read through GTK's test accessibility backend, GTK_A11Y=test); the shortcuts window
 * lists Ctrl+N; the preferences use "Deck" once, explain the strengths and name the seats
 * after the draw; the app icon is found from the build tree. Issue 21: each other hand is
 * one accessible element ("Sepp’s hand, 5 cards"), also in a resumed hand, and the talk
 * log's button has a name. Issue 34: the whole tree after each phase of a hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "bk-application.h"
#include "bk-bierkopf-game.h"
#include "bk-card-view.h"
#include "bk-preferences-window.h"
#include "bk-window-test.h"
#include "ui-test-helpers.h"

static GSettings *settings;

/* The accessible label of @widget, as the test backend holds it. */
static gboolean
label_is (GtkWidget  *widget,
          const char *expected)
{
  g_autofree char *diff = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget),
                                                              GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                              expected);

  if (diff)
    g_test_message ("label of %s: %s", G_OBJECT_TYPE_NAME (widget), diff);
  return diff == NULL;
}

/* The name label in @tag, a child of the table, or NULL if @tag is no name tag. */
static GtkWidget *
seat_name_of (GtkWidget *tag)
{
  for (GtkWidget *child = gtk_widget_get_first_child (tag); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, "seat-name"))
      return child;
  return NULL;
}

/* The person at the table whose name makes @view's label "@prefix<name>@suffix", or NULL:
 * the names are read off the table's name tags (without the dealer's mark). */
static char *
named_person (BkTable    *table,
              GtkWidget  *view,
              const char *prefix,
              const char *suffix)
{
  for (GtkWidget *tag = gtk_widget_get_first_child (GTK_WIDGET (table)); tag;
       tag = gtk_widget_get_next_sibling (tag))
    if (seat_name_of (tag))
      {
        GtkWidget *child = seat_name_of (tag);
        g_autofree char *person = g_strdup (gtk_label_get_text (GTK_LABEL (child)));
        char *mark = strstr (person, " · ");
        g_autofree char *candidate = NULL;
        g_autofree char *diff = NULL;

        if (mark)
          *mark = '\0';
        candidate = g_strconcat (prefix, person, suffix, NULL);
        diff = gtk_test_accessible_check_property (GTK_ACCESSIBLE (view),
                                                   GTK_ACCESSIBLE_PROPERTY_LABEL, candidate);
        if (diff == NULL)
          return g_steal_pointer (&person);
      }
  return NULL;
}

static gboolean
has_label (GtkWidget *widget)
{
  return gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget),
                                           GTK_ACCESSIBLE_PROPERTY_LABEL);
}

static gboolean
human_due (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);

  if (bk_window_get_dialog (window))
    return TRUE;
  /* spec B3.6: play waits for the person's answer to a Retour offer. */
  if (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S) && bk_window_is_settled (window))
    return TRUE;
  return bk_window_is_settled (window) &&
         bk_table_get_busy_until (bk_window_get_table (window)) < g_get_monotonic_time () &&
         bk_game_get_phase (game) == BK_PHASE_PLAYING && bk_game_get_to_act (game) == BK_SEAT_S;
}

static gboolean
spin_until_due (BkWindow *window)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end && !human_due (window))
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return human_due (window);
}

static void
remove_save (void)
{
  g_autofree char *path = bk_window_dup_save_path ();

  g_remove (path);
}

/* The first descendant of @widget of @type. */
static GtkWidget *
find_widget (GtkWidget *widget,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found)
        return found;
    }
  return NULL;
}

static gboolean
is_hidden (GtkWidget *widget)
{
  g_autofree char *diff = NULL;

  if (!gtk_test_accessible_has_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN))
    return FALSE;
  diff = gtk_test_accessible_check_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN,
                                          TRUE);
  return diff == NULL;
}

/* Issue 21: each other player's face-down hand is one thing a screen reader reads, named by
 * whose it is and how many cards it holds; its other cards are hidden from it. */
static void
check_hands (BkTable           *table,
             const BkHandState *state)
{
  for (guint s = 1; s < BK_N_SEATS; s++)
    {
      guint n = bk_hand_count (state->hands[s]), presented = 0;
      g_autofree char *suffix = g_strdup_printf ("’s hand, %u card%s", n, n == 1 ? "" : "s");

      for (BkHand rest = state->hands[s]; rest; rest &= rest - 1)
        {
          GtkWidget *view = bk_table_get_card_widget (table, bk_hand_first (rest));
          g_autofree char *who = NULL;

          g_assert_nonnull (view);
          if (is_hidden (view))
            continue;
          presented++;
          who = named_person (table, view, "", suffix);
          if (who == NULL)
            {
              g_autofree char *diff = gtk_test_accessible_check_property (
                GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, suffix);

              g_test_message ("seat %u: %s", s, diff);
            }
          g_assert_nonnull (who);
          g_assert_cmpstr (who, !=, "You");
        }
      g_test_message ("seat %u: %u of %u cards read", s, presented, n);
      g_assert_cmpuint (presented, ==, 1);
    }
}

/* A hand resumed from the save, with three cards in the trick: at once, before any card is
 * played, each other hand is one named thing and the trick's cards say who played them. */
static void
test_resumed_names (void)
{
  BkWindow *window;
  BkTable *table;
  const BkHandState *state;

  ui_write_save ("seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
                 "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
                 "pass W\npass N\npass E\nplay W SO\nplay N SK\nplay E H10\n");
  window = ui_new_loaded_window ();
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  table = bk_window_get_table (window);
  state = bk_bierkopf_game_get_state (bk_window_get_game (window));
  g_assert_cmpuint (state->trick.n, ==, 3);
  check_hands (table, state);
  for (guint i = 0; i < state->trick.n; i++)
    {
      BkCard card = state->trick.cards[i];
      g_autofree char *name = bk_card_display_name (card);
      g_autofree char *prefix = g_strdup_printf ("%s, played by ", name);
      GtkWidget *view = bk_table_get_card_widget (table, card);
      g_autofree char *who = named_person (table, view, prefix, "");

      g_assert_false (is_hidden (view));
      g_assert_nonnull (who);
    }
  ui_close_window (window);
  remove_save ();
}

/* The first descendant of @widget with the tooltip @text. */
static GtkWidget *
find_tooltip (GtkWidget  *widget,
              const char *text)
{
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_tooltip (child, text);

      if (found)
        return found;
    }
  return NULL;
}

/* Plays up to the person's first card, then checks what every card on the table is
 * called: the person's by name, the others' by whose hand, the trick's by who played. */

static void
test_table_names (void)
{
  BkWindow *window;
  BkGame *game;
  BkTable *table;
  const BkHandState *state;
  const BkTrick *trick;
  GtkWidget *menu;
  guint checked = 0;

  remove_save ();
  window = bk_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait_loaded (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  game = bk_window_get_game (window);
  table = bk_window_get_table (window);

  menu = find_widget (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON);
  g_assert_nonnull (menu);
  g_assert_true (label_is (menu, "Main Menu"));
  /* Issue 21: the talk log's button says what it shows, not "GtkMenuButton". */
  {
    GtkWidget *talk = find_tooltip (GTK_WIDGET (window), "What Was Said in This Hand");

    g_assert_nonnull (talk);
    g_assert_true (GTK_IS_MENU_BUTTON (talk));
    g_assert_true (label_is (talk, "What Was Said in This Hand"));
  }

  /* Talk and doubling answered with their defaults, until a card is due. */
  for (guint steps = 0; steps < 20; steps++)
    {
      AdwMessageDialog *dialog;

      g_assert_true (spin_until_due (window));
      dialog = bk_window_get_dialog (window);
      if (dialog == NULL && bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S))
        {
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.no-retour", NULL));
          continue;
        }
      if (dialog == NULL)
        break;
      adw_message_dialog_response (dialog, adw_message_dialog_get_default_response (dialog));
    }
  g_assert_null (bk_window_get_dialog (window));
  state = bk_bierkopf_game_get_state (game);

  /* The person plays a card: now the trick holds it and whatever came before. */
  {
    BkCard sorted[BK_N_CARDS];
    guint n = bk_hand_sorted (state->game, state->hands[BK_SEAT_S], sorted);
    BkHand legal = bk_game_get_legal (game);

    for (guint i = 0; i < n; i++)
      if (bk_hand_has (legal, sorted[i]))
        {
          g_assert_true (bk_table_activate_card (table, i));
          break;
        }
  }
  /* The trick on the table: the open one, or the one the person's card completed (it
   * stays in view a while). */
  trick = state->trick.n > 0 ? &state->trick : &state->last_trick;
  g_assert_cmpuint (trick->n, >=, 1);

  for (guint i = 0; i < trick->n; i++)
    {
      BkCard card = trick->cards[i];
      BkSeat seat = bk_seat_after ((BkSeat) trick->leader, i);
      g_autofree char *name = bk_card_display_name (card);
      g_autofree char *expected = seat == BK_SEAT_S
                                  ? g_strdup_printf ("%s, played by you", name)
                                  : NULL;
      GtkWidget *view = bk_table_get_card_widget (table, card);

      g_assert_nonnull (view);
      if (expected)
        g_assert_true (label_is (view, expected));
      else
        {
          g_autofree char *prefix = g_strdup_printf ("%s, played by ", name);
          g_autofree char *who = named_person (table, view, prefix, "");

          g_assert_true (has_label (view));
          g_assert_nonnull (who);
          g_assert_cmpstr (who, !=, "You");
        }
      checked++;
    }

  /* The others' face-down cards: one per hand says whose hand, and how many cards are in
   * it. */
  check_hands (table, state);
  checked += 3;
  g_test_message ("%u cards named", checked);
  g_assert_cmpuint (checked, >=, 4);

  if (bk_window_get_dialog (window))
    gtk_window_destroy (GTK_WINDOW (bk_window_get_dialog (window)));
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

/* Ctrl+N starts a new session (a binding of the window, not an app accelerator): the
 * shortcuts window must list it itself. */
static void
test_shortcuts_new_session (void)
{
  static const struct { const char *title, *accel; } bindings[] = {
    { "New session", "<Control>n" },
  };
  g_autoptr (GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/bierkopf/Bierkopf/bk-shortcuts-window.ui");
  GObject *overlay = gtk_builder_get_object (builder, "shortcuts");
  guint found = 0;
  GSList *objects = gtk_builder_get_objects (builder);

  g_assert_nonnull (overlay);
  for (GSList *l = objects; l; l = l->next)
    if (GTK_IS_SHORTCUTS_SHORTCUT (l->data))
      {
        g_autofree char *title = NULL;
        g_autofree char *accel = NULL;

        g_object_get (l->data, "title", &title, "accelerator", &accel, NULL);
        for (guint b = 0; b < G_N_ELEMENTS (bindings); b++)
          if (g_strcmp0 (title, bindings[b].title) == 0)
            {
              g_assert_cmpstr (accel, ==, bindings[b].accel);
              found++;
            }
      }
  g_slist_free (objects);
  g_assert_cmpuint (found, ==, G_N_ELEMENTS (bindings));
  gtk_window_destroy (GTK_WINDOW (overlay));
}

/* How many toplevels of @type there are, shown or hidden. */
static guint
count_toplevels (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) top = g_list_model_get_item (toplevels, i);

      n += G_TYPE_CHECK_INSTANCE_TYPE (top, type);
    }
  return n;
}

/* The keyboard shortcuts (Ctrl+?) are made when asked for and go when closed: no window
 * stays among the toplevels hidden, which GTK 4.8's AT-SPI root answers with a NULL path
 * when a screen reader asks for a window that has just gone (bk-window-actions.c; the
 * real app's answer is test-a11y.py's check 5). */
static void
test_shortcuts_go_when_closed (void)
{
  BkWindow *window = ui_new_shown_window ();
  GtkWidget *shortcuts;

  g_assert_cmpuint (count_toplevels (GTK_TYPE_SHORTCUTS_WINDOW), ==, 0);
  for (guint round = 0; round < 2; round++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-shortcuts", NULL));
      shortcuts = ui_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW, NULL);
      g_assert_nonnull (shortcuts);
      g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (shortcuts)) == GTK_WINDOW (window));
      /* asked for again while shown: the same one, in front */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-shortcuts", NULL));
      g_assert_cmpuint (count_toplevels (GTK_TYPE_SHORTCUTS_WINDOW), ==, 1);
      gtk_window_close (GTK_WINDOW (shortcuts));
      ui_spin_for (G_USEC_PER_SEC / 10);
      g_assert_cmpuint (count_toplevels (GTK_TYPE_SHORTCUTS_WINDOW), ==, 0);
    }
  ui_close_window (window);
}

static void
collect_rows (GtkWidget  *widget,
              GPtrArray  *rows)
{
  if (ADW_IS_PREFERENCES_ROW (widget))
    g_ptr_array_add (rows, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    collect_rows (child, rows);
}

/* "Deck" names one preference; the strength row explains the three levels; the name rows
 * say where each computer player sits now. */
static void
test_preferences_labels (void)
{
  BkWindow *window;
  GtkWidget *preferences;
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  guint decks = 0, seats = 0;
  gboolean strength = FALSE;

  remove_save ();
  window = bk_window_new (NULL);
  ui_wait_loaded (window);
  preferences = bk_preferences_window_new ();
  gtk_window_set_transient_for (GTK_WINDOW (preferences), GTK_WINDOW (window));
  collect_rows (preferences, rows);
  g_assert_cmpuint (rows->len, >=, 10);

  for (guint i = 0; i < rows->len; i++)
    {
      AdwPreferencesRow *row = rows->pdata[i];
      const char *title = adw_preferences_row_get_title (row);

      decks += g_strcmp0 (title, "Deck") == 0;
      if (g_strcmp0 (title, "Strength") == 0)
        {
          /* The levels are explained in the group's description, right above the row. */
          GtkWidget *group = gtk_widget_get_ancestor (GTK_WIDGET (row),
                                                      ADW_TYPE_PREFERENCES_GROUP);
          const char *about = adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (group));

          g_assert_nonnull (strstr (about, "Anfänger"));
          g_assert_nonnull (strstr (about, "Stammtisch"));
          g_assert_nonnull (strstr (about, "Meister"));
          strength = TRUE;
        }
      /* the players' names; the Play with Friends page's fields (with -Dnet) are the
       * account's */
      GType account_page = g_type_from_name ("BkAccountPage");
      if (ADW_IS_ENTRY_ROW (row) &&
          (account_page == 0 || gtk_widget_get_ancestor (GTK_WIDGET (row), account_page) == NULL))
        {
          const char *name = gtk_editable_get_text (GTK_EDITABLE (row));
          const char *expected[] = { NULL, "West, on your left",
                                     "North, opposite you: your partner",
                                     "East, on your right" };
          guint person = seats + 1;
          BkSeat seat = bk_window_get_seat_of (window, person);

          g_test_message ("%s sits at %u: %s", name, seat, title);
          g_assert_cmpuint (seat, >, BK_SEAT_S);
          g_assert_cmpuint (seat, <, BK_N_SEATS);
          g_assert_cmpstr (title, ==, expected[seat]);
          /* And the table shows that name at that seat (tags in seat order S W N E). */
          {
            GtkWidget *tag = gtk_widget_get_first_child (GTK_WIDGET (bk_window_get_table (window)));
            guint k = 0;

            for (; tag; tag = gtk_widget_get_next_sibling (tag))
              if (seat_name_of (tag) && k++ == seat)
                break;
            g_assert_nonnull (tag);
            g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (seat_name_of (tag))),
                                             name));
          }
          seats++;
        }
    }
  g_assert_cmpuint (decks, ==, 1);
  g_assert_true (strength);
  g_assert_cmpuint (seats, ==, 3);

  gtk_window_destroy (GTK_WINDOW (preferences));
  if (bk_window_get_dialog (window))
    gtk_window_destroy (GTK_WINDOW (bk_window_get_dialog (window)));
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

/* The About window names the icon APP_ID: it comes with the app's resources, so the
 * build tree has it too (GtkApplication adds <resource-base-path>/icons to the theme). */
static void
test_app_icon (void)
{
  g_autoptr (BkApplication) app = bk_application_new ();
  g_autoptr (GError) error = NULL;
  GtkIconTheme *theme;

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID));
}

/* --- Issue 34.2: the whole accessible tree after each phase of a hand --- */

/* Whether @widget (visible) is out of the tree by its own accessible state. */
static gboolean
a11y_hidden (GtkWidget *widget)
{
  return gtk_test_accessible_has_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN) &&
         gtk_test_accessible_check_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN,
                                          TRUE) == NULL;
}

/* The roles a reader says by name: without one it says the class ("GtkLabel"). */
static gboolean
needs_name (GtkWidget *widget)
{
  switch ((int) gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)))
    {
    case GTK_ACCESSIBLE_ROLE_BUTTON:
    case GTK_ACCESSIBLE_ROLE_CHECKBOX:
    case GTK_ACCESSIBLE_ROLE_RADIO:
    case GTK_ACCESSIBLE_ROLE_SWITCH:
    case GTK_ACCESSIBLE_ROLE_LINK:
    case GTK_ACCESSIBLE_ROLE_LABEL:
      return TRUE;
    default:
      return BK_IS_CARD_VIEW (widget);
    }
}

typedef struct {
  const char *phase;
  GHashTable *cards;     /* card names in the tree */
  GString    *problems;
} TreeCheck;

/* What the reader gets of @widget and below: every node in the tree (visible, not hidden
 * from it, with a role) is on screen (mapped: not a widget kept out of sight), has a name
 * where the reader says one, and says it once; no card is there twice. */
static void
check_node (GtkWidget *widget,
            TreeCheck *check)
{
  GtkAccessibleRole role;
  gboolean property, relation;

  if (!gtk_widget_get_visible (widget) || a11y_hidden (widget))
    return;
  /* libadwaita 1.2's own response buttons, in two layouts of which one is shown: not the
   * game's to name (the report, left to libadwaita) */
  if (ADW_IS_SQUEEZER (widget))
    return;
  role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget));
  if (role != GTK_ACCESSIBLE_ROLE_NONE && role != GTK_ACCESSIBLE_ROLE_PRESENTATION &&
      !GTK_IS_NATIVE (widget))
    {
      property = gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget),
                                                   GTK_ACCESSIBLE_PROPERTY_LABEL);
      relation = gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget),
                                                   GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      if (!gtk_widget_get_mapped (widget))
        g_string_append_printf (check->problems,
                                "%s: %s in a %s, in the tree, not on screen%s%s\n",
                                check->phase, G_OBJECT_TYPE_NAME (widget),
                                G_OBJECT_TYPE_NAME (gtk_widget_get_parent (widget)),
                                GTK_IS_LABEL (widget) ? ": " : "",
                                GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget))
                                                      : "");
      else if (needs_name (widget) && !property && !relation &&
               !(GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget))))
        g_string_append_printf (check->problems, "%s: %s without a name\n", check->phase,
                                G_OBJECT_TYPE_NAME (widget));
      /* a button's own text names it already ("Dismiss Dismiss"); an icon's is not */
      else if (property && relation && GTK_IS_BUTTON (widget) &&
               gtk_button_get_label (GTK_BUTTON (widget)))
        g_string_append_printf (check->problems, "%s: %s named twice: %s\n", check->phase,
                                G_OBJECT_TYPE_NAME (widget),
                                gtk_button_get_label (GTK_BUTTON (widget)));
      if (BK_IS_CARD_VIEW (widget) && gtk_widget_get_mapped (widget))
        {
          g_autofree char *name = bk_card_display_name (
                                    bk_card_view_get_card (BK_CARD_VIEW (widget)));

          if (!g_hash_table_add (check->cards, g_strdup (name)))
            g_string_append_printf (check->problems, "%s: %s twice in the tree\n",
                                    check->phase, name);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    check_node (child, check);
}

/* The window's tree and its dialog's, after @phase. */
static void
check_tree (BkWindow   *window,
            const char *phase)
{
  TreeCheck check = { phase, g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL),
                      g_string_new (NULL) };
  AdwMessageDialog *dialog = bk_window_get_dialog (window);

  check_node (GTK_WIDGET (window), &check);
  if (dialog)
    check_node (GTK_WIDGET (dialog), &check);
  if (check.problems->len)
    g_test_message ("%s", check.problems->str);
  g_assert_cmpuint (check.problems->len, ==, 0);
  g_hash_table_unref (check.cards);
  g_string_free (check.problems, TRUE);
}

static guint
cards_played_now (BkGame *game)
{
  return bk_hand_state_cards_played (bk_bierkopf_game_get_state (game));
}

/* The person answers (the default) or plays the first legal card; FALSE when nothing was
 * due within the wait. */
static gboolean
person_acts (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);
  AdwMessageDialog *dialog;

  if (!spin_until_due (window))
    return FALSE;
  dialog = bk_window_get_dialog (window);
  if (dialog)
    adw_message_dialog_response (dialog, adw_message_dialog_get_default_response (dialog));
  else if (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S))
    gtk_widget_activate_action (GTK_WIDGET (window), "win.no-retour", NULL);
  else
    {
      const BkHandState *state = bk_bierkopf_game_get_state (game);
      BkCard sorted[BK_N_CARDS];
      guint n = bk_hand_sorted (state->game, state->hands[BK_SEAT_S], sorted);
      BkHand legal = bk_game_get_legal (game);

      for (guint i = 0; i < n; i++)
        if (bk_hand_has (legal, sorted[i]))
          return bk_table_activate_card (bk_window_get_table (window), i);
    }
  return TRUE;
}

/* Issue 34.2: the reader heard nine cards in the first trick (the seating draw's six stayed
 * in the tree, out of sight), hidden banners as "GtkLabel" and "Dismiss Dismiss". The tree
 * after each phase of a hand: the seating draw (while its cards lie, and after), the talk,
 * play, a trick taken, the result; a banner shown and hidden again. */
static void
test_tree_phases (void)
{
  BkWindow *window;
  BkGame *game;

  remove_save ();
  g_settings_set_string (settings, "animation-speed", "normal");
  window = bk_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait_loaded (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  game = bk_window_get_game (window);

  /* the seating draw: some cards down, some to come */
  ui_spin_for (G_USEC_PER_SEC * 3 / 2);
  check_tree (window, "seating draw");
  g_settings_set_string (settings, "animation-speed", "off");
  while (bk_game_get_phase (game) != BK_PHASE_PLAYING && person_acts (window))
    if (bk_window_get_dialog (window))
      check_tree (window, "talk");
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
  g_assert_true (spin_until_due (window));
  check_tree (window, "play");
  while (cards_played_now (game) < 5 && person_acts (window))
    ;
  g_assert_cmpuint (cards_played_now (game), >=, 5);
  ui_spin_for (G_USEC_PER_SEC / 2);
  check_tree (window, "trick taken");
  while (bk_game_get_phase (game) == BK_PHASE_PLAYING && person_acts (window))
    ;
  g_assert_true (spin_until_due (window));
  check_tree (window, "result");

  /* a banner shown and hidden again */
  bk_window_show_toast (window, "A message long enough not to fit in a toast at this size: "
                        "it goes to the banner at the top of the window, and stays there "
                        "until it is dismissed by the person who reads it in the end.");
  ui_spin_for (G_USEC_PER_SEC);
  check_tree (window, "banner");
  ui_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-a11y-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  int result;

  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();

  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "off");

  g_test_add_func ("/a11y/table-names", test_table_names);
  g_test_add_func ("/a11y/resumed-names", test_resumed_names);
  g_test_add_func ("/a11y/tree-phases", test_tree_phases);
  g_test_add_func ("/labels/shortcuts-new-session", test_shortcuts_new_session);
  g_test_add_func ("/a11y/shortcuts-go-when-closed", test_shortcuts_go_when_closed);
  g_test_add_func ("/labels/preferences", test_preferences_labels);
  g_test_add_func ("/labels/app-icon", test_app_icon);

  result = g_test_run ();
  remove_save ();
  g_object_unref (settings);
  return result;
}
