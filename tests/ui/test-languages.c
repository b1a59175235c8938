/* test-languages.c: the main dialogs in one language (issue 25), from this tree's .mo files:
 * the game chooser, the preferences (every page), the rules of both games, the statistics,
 * a hand's result, Herzla's result sheet and ledger, the coaster's words and the window's
 * toasts, at 360x640 and 1280x800. Each fails on a label
 * that shows an English message while the language is not English (a few game terms are the
 * same everywhere), on a label narrower than its text (one that neither wraps nor
 * ellipsizes), ellipsized or sticking out of the box that clips it, and on a window wider
 * than the screen. Money is
 * written as the language writes it, under a locale that writes it otherwise too (localedef,
 * package locales).
 *
 *   test-languages LANGUAGE [--tap] [-p PATH]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-bierkopf-view.h"
#include "bk-game-query.h"
#include "bk-history.h"
#include "bk-history-recorder.h"
#include "bk-coaster.h"
#include "bk-money.h"
#include "bk-new-session-dialog.h"
#include "bk-preferences-window.h"
#include "bk-result-dialog.h"
#include "bk-rules-window.h"
#include "bk-session-store.h"
#include "bk-statistics-window.h"
#include "bk-window-private.h"
#include "ui-test-helpers.h"

static const char *language;
static GHashTable *english;  /* the msgids of the catalogue, without mnemonics */
static char *tmp_dir;

/* Words that are the same in every language: the games' own terms and names, kept in
 * German as the translations keep them (Ober, Sau, the strengths), and the languages'
 * names in their own words. */
static const char * const same_everywhere[] = {
  "Bierkopf", "Herzla", "Deutsch", "English", "Русский", "日本語", "한국어",
  "Anfänger", "Stammtisch", "Meister", "Sepp", "Gretl", "Hans", "OK", "60:60",
  NULL
};

static const struct { int width, height; } sizes[] = { { 360, 640 }, { 1280, 800 } };

/* The original strings of @path, a GNU .mo file: contexts dropped, plurals split,
 * mnemonic underscores removed (a label's text has none). */
static GHashTable *
read_msgids (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;
  GHashTable *ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const guint32 *header;
  guint32 n, table;

  g_file_get_contents (path, &data, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (length, >=, 28);
  header = (const guint32 *) data;
  g_assert_cmphex (GUINT32_FROM_LE (header[0]), ==, 0x950412de);
  n = GUINT32_FROM_LE (header[2]);
  table = GUINT32_FROM_LE (header[3]);
  g_assert_cmpuint (table + 8 * (gsize) n, <=, length);
  for (guint32 i = 0; i < n; i++)
    {
      const guint32 *entry = (const guint32 *) (data + table + 8 * i);
      guint32 len = GUINT32_FROM_LE (entry[0]), off = GUINT32_FROM_LE (entry[1]);
      const char *start, *end;

      g_assert_cmpuint ((gsize) off + len, <, length);
      start = data + off;
      end = start + len;
      if (memchr (start, '\004', len))
        start = (const char *) memchr (start, '\004', len) + 1;
      while (start < end)
        {
          g_autofree char *id = g_strdup (start);
          GString *plain = g_string_new (NULL);

          for (const char *p = id; *p; p++)
            if (*p != '_')
              g_string_append_c (plain, *p);
          if (plain->len > 0)
            g_hash_table_add (ids, g_string_free (plain, FALSE));
          else
            g_string_free (plain, TRUE);
          start += strlen (start) + 1;
        }
    }
  return ids;
}

static gboolean
is_english (const char *text)
{
  if (g_str_has_prefix (language, "en") || text[0] == '\0')
    return FALSE;
  if (g_strv_contains (same_everywhere, text))
    return FALSE;
  return g_hash_table_contains (english, text);
}

/* Whether @widget's content may be larger than it in @orientation, to be scrolled. */
static gboolean
scrolls (GtkWidget      *widget,
         GtkOrientation  orientation)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);
  GtkPolicyType horizontal, vertical;

  if (!GTK_IS_SCROLLABLE (widget) || !GTK_IS_SCROLLED_WINDOW (parent))
    return FALSE;
  gtk_scrolled_window_get_policy (GTK_SCROLLED_WINDOW (parent), &horizontal, &vertical);
  return (orientation == GTK_ORIENTATION_HORIZONTAL ? horizontal : vertical) != GTK_POLICY_NEVER;
}

static void
check_label (GtkLabel *label,
             GString  *faults)
{
  GtkWidget *widget = GTK_WIDGET (label);
  const char *text = gtk_label_get_text (label);
  int natural = 0;

  if (is_english (text))
    g_string_append_printf (faults, "untranslated: “%s”\n", text);

  /* An ellipsized text is cut off too: a row's or a group's title in Russian. */
  if (gtk_label_get_ellipsize (label) != PANGO_ELLIPSIZE_NONE &&
      pango_layout_is_ellipsized (gtk_label_get_layout (label)))
    g_string_append_printf (faults, "ellipsized: “%s” in %d pixels\n", text,
                            gtk_widget_get_width (widget));
  /* A text that neither wraps nor ellipsizes needs its whole width. */
  if (gtk_label_get_ellipsize (label) == PANGO_ELLIPSIZE_NONE && !gtk_label_get_wrap (label))
    {
      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      if (gtk_widget_get_width (widget) < natural)
        g_string_append_printf (faults, "cut off: “%s” has %d of %d pixels\n", text,
                                gtk_widget_get_width (widget), natural);
    }

  /* Inside every box that clips (the window, a row, a viewport that cannot scroll that
   * way), the whole text. */
  gboolean sideways = FALSE, down = FALSE; /* scrolled that way inside some box below */

  for (GtkWidget *box = gtk_widget_get_parent (widget); box; box = gtk_widget_get_parent (box))
    {
      graphene_rect_t b;

      sideways = sideways || scrolls (box, GTK_ORIENTATION_HORIZONTAL);
      down = down || scrolls (box, GTK_ORIENTATION_VERTICAL);
      if (sideways && down)
        break;
      if (gtk_widget_get_overflow (box) != GTK_OVERFLOW_HIDDEN && !GTK_IS_ROOT (box))
        continue;
      /* A revealer in its transition clips for a moment. */
      if (GTK_IS_REVEALER (box) && !gtk_revealer_get_child_revealed (GTK_REVEALER (box)))
        continue;
      if (!gtk_widget_compute_bounds (widget, box, &b))
        continue;
      if ((!sideways && (b.origin.x < -0.5 ||
                         b.origin.x + b.size.width > gtk_widget_get_width (box) + 0.5)) ||
          (!down && (b.origin.y < -0.5 ||
                     b.origin.y + b.size.height > gtk_widget_get_height (box) + 0.5)))
        {
          g_string_append_printf (faults, "cut off: “%s” spans %.0f,%.0f to %.0f,%.0f in a %s "
                                  "of %d×%d\n", text, b.origin.x, b.origin.y,
                                  b.origin.x + b.size.width, b.origin.y + b.size.height,
                                  G_OBJECT_TYPE_NAME (box), gtk_widget_get_width (box),
                                  gtk_widget_get_height (box));
          break;
        }
    }
}

static void
check_tree (GtkWidget *widget,
            GString   *faults)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget))
    check_label (GTK_LABEL (widget), faults);
  /* A squeezer shows one child (the others fade out in a transition). */
  if (ADW_IS_SQUEEZER (widget))
    {
      GtkWidget *shown = adw_squeezer_get_visible_child (ADW_SQUEEZER (widget));

      if (shown)
        check_tree (shown, faults);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    check_tree (child, faults);
}

/* Every widget of @type in @widget, into @found. */
static void
find_all (GtkWidget *widget,
          GType      type,
          GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    find_all (child, type, found);
}

/* The mapped label showing @text in @widget, or NULL. */
static GtkLabel *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label (child, text);

      if (found)
        return found;
    }
  return NULL;
}

/* Where a too wide minimum comes from: the chain of the widest children. */
static void
append_widest (GtkWidget *widget,
               GString   *faults)
{
  for (int depth = 0; widget && depth < 40; depth++)
    {
      GtkWidget *widest = NULL;
      int widest_min = -1;

      for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
           child = gtk_widget_get_next_sibling (child))
        {
          int minimum = 0;

          if (!gtk_widget_get_visible (child))
            continue;
          gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
          if (minimum > widest_min)
            {
              widest = child;
              widest_min = minimum;
            }
        }
      if (widest)
        {
          gboolean label = GTK_IS_LABEL (widest);

          g_string_append_printf (faults, "  %s%s%s needs %d\n", G_OBJECT_TYPE_NAME (widest),
                                  label ? " " : "",
                                  label ? gtk_label_get_text (GTK_LABEL (widest)) : "",
                                  widest_min);
        }
      widget = widest;
    }
}

/* Draws @window and checks it: its labels, and that it fits @width. */
/* @known: why a window's width is known to be wrong, to be fixed elsewhere; the test then
 * reports it as a TODO as long as nothing else is wrong. */
static void
check_window_known (GtkWindow  *window,
                    int         width,
                    const char *what,
                    const char *known)
{
  g_autoptr (GString) faults = g_string_new (NULL);
  gboolean too_wide = FALSE;
  int minimum = 0;

  gtk_window_present (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  /* The view switcher's bar slides in at a phone's width. */
  ui_spin_for (G_USEC_PER_SEC / 2);
  check_tree (GTK_WIDGET (window), faults);
  /* The window's content, without the shadow of its client-side decoration. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (window)); child;
       child = gtk_widget_get_next_sibling (child))
    {
      int child_min = 0;

      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &child_min, NULL, NULL, NULL);
      minimum = MAX (minimum, child_min);
    }
  if (minimum > width)
    {
      if (known && faults->len == 0)
        too_wide = TRUE;
      g_string_append_printf (faults, "the window needs %d pixels, the screen has %d:\n",
                              minimum, width);
      append_widest (GTK_WIDGET (window), faults);
    }
  if (too_wide)
    {
      g_test_message ("%s in %s at %d pixels:\n%s", what, language, width, faults->str);
      g_test_incomplete (known);
    }
  else if (faults->len > 0)
    {
      g_test_message ("%s in %s at %d pixels:\n%s", what, language, width, faults->str);
      g_test_fail ();
    }
}

static void
check_window (GtkWindow  *window,
              int         width,
              const char *what)
{
  check_window_known (window, width, what, NULL);
}

static void
close_window (gpointer window)
{
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

/* A window of the test's size for a dialog to sit on. */
static GtkWindow *
new_parent (int width,
            int height)
{
  GtkWindow *parent = GTK_WINDOW (adw_application_window_new (NULL));

  gtk_window_set_default_size (parent, width, height);
  gtk_window_present (parent);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (parent));
  return parent;
}

static void
test_new_session (gconstpointer data)
{
  int width = sizes[GPOINTER_TO_INT (data)].width, height = sizes[GPOINTER_TO_INT (data)].height;
  GtkWindow *parent = new_parent (width, height);
  BkNewSessionDialog *dialog = bk_new_session_dialog_new (parent);

  check_window_known (GTK_WINDOW (dialog), width, "the game chooser", NULL);
  close_window (dialog);
  close_window (parent);
}

static void
collect_pages (GtkWidget  *widget,
               GPtrArray  *pages)
{
  /* The pages of the window's own stack, not those of its subpages. */
  if (ADW_IS_PREFERENCES_PAGE (widget) && ADW_IS_VIEW_STACK (gtk_widget_get_parent (widget)))
    g_ptr_array_add (pages, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    collect_pages (child, pages);
}

static void
test_preferences (gconstpointer data)
{
  int width = sizes[GPOINTER_TO_INT (data)].width, height = sizes[GPOINTER_TO_INT (data)].height;
  GtkWidget *window = bk_preferences_window_new ();
  g_autoptr (GPtrArray) pages = g_ptr_array_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  collect_pages (window, pages);
  g_assert_cmpuint (pages->len, >=, 2);
  for (guint i = 0; i < pages->len; i++)
    {
      g_autofree char *what = g_strdup_printf ("the preferences’ page %u", i + 1);

      adw_preferences_window_set_visible_page (ADW_PREFERENCES_WINDOW (window),
                                               pages->pdata[i]);
      check_window (GTK_WINDOW (window), width, what);
    }
  close_window (window);
}

static void
test_rules (gconstpointer data)
{
  int width = sizes[GPOINTER_TO_INT (data)].width, height = sizes[GPOINTER_TO_INT (data)].height;
  const char *games[] = { "bierkopf", "herzla" };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      GtkWidget *window = bk_rules_window_new_for_game (games[i]);

      gtk_window_set_default_size (GTK_WINDOW (window), width, height);
      check_window (GTK_WINDOW (window), width, games[i]);
      close_window (window);
    }
}

/* A hand of Bierkopf against the Meister, as in test-statistics.c. */
static BkHistoryHand
hand (gint64 session,
      gint   outcome,
      guint  card_points,
      gint   lines)
{
  BkHistoryHand h = { 0 };

  h.game = (char *) "bierkopf";
  h.session = session;
  h.record = (char *) "format 1\nvariant bierkopf\ndealer W\n";
  h.result = (char *) "{}";
  h.levels = (char *) "W=meister N=meister E=meister";
  h.strength = (char *) "meister";
  h.seat = BK_SEAT_S;
  h.outcome = outcome;
  h.card_points = card_points;
  h.lines = lines;
  return h;
}

static void
test_statistics (gconstpointer data)
{
  int width = sizes[GPOINTER_TO_INT (data)].width, height = sizes[GPOINTER_TO_INT (data)].height;
  g_autofree char *path = g_build_filename (tmp_dir, "history.sqlite", NULL);
  g_autoptr (BkHistoryRecorder) recorder = NULL;
  g_autoptr (GError) error = NULL;
  BkStatisticsWindow *window;
  gint64 end;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autoptr (BkHistory) history = bk_history_new (path, &error);
      BkHistoryHand hands[3] = { hand (1, 1, 91, 3), hand (1, -1, 40, -2), hand (2, 1, 70, 1) };

      g_assert_no_error (error);
      hands[0].schneider_given = TRUE;
      hands[1].bollen = -1;
      g_assert_true (bk_history_add_hands (history, hands, G_N_ELEMENTS (hands), &error));
      g_assert_no_error (error);
    }
  recorder = bk_history_recorder_new (path);
  window = bk_statistics_window_new (NULL, recorder);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (g_str_equal (bk_statistics_window_get_page (window), "loading") &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpstr (bk_statistics_window_get_page (window), !=, "loading");
  check_window (GTK_WINDOW (window), width, "the statistics");
  close_window (window);
}

/* spec B5, B6: a won hand with Schneider, and a Bollen. */
static void
test_result (gconstpointer data)
{
  int width = sizes[GPOINTER_TO_INT (data)].width, height = sizes[GPOINTER_TO_INT (data)].height;
  GtkWindow *parent = new_parent (width, height);
  BkHandResult r = { 0, };
  BkTeam bollen[] = { BK_TEAM_NONE, BK_TEAM_SN };

  r.points[BK_TEAM_SN] = 91;
  r.points[BK_TEAM_WE] = 29;
  r.winner = BK_TEAM_SN;
  r.schneider = TRUE;
  r.multiplier = 2;
  r.lines = 4;
  for (guint i = 0; i < G_N_ELEMENTS (bollen); i++)
    {
      BkResultDialog *dialog = bk_result_dialog_new (parent, &r, bollen[i]);

      check_window (GTK_WINDOW (dialog), width, "the result");
      close_window (dialog);
    }
  close_window (parent);
}

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

/* North takes all eight hearts (H5.2: 80 cents into the stock); the person's last card is
 * to come. As in herzla-shots.c. */
static const char *stock_record =
  "format 2\nseed 12\ngame herzla\nvariant vier\nplayers 4\ndealer E\n"
  "hand S H7 H8 EA EK EO EU E10 E9\nhand W HO H9 GA GK GO GU G10 G9\n"
  "hand N HA HK E8 E7 G8 G7 S8 S7\nhand E HU H10 SA SK SO SU S10 S9\n"
  "bid S weiter\nbid W weiter\nbid N weiter\nbid E weiter\n"
  "play S EA\nplay W G9\nplay N E7\nplay E S9\n"
  "play S EK\nplay W G10\nplay N E8\nplay E S10\n"
  "play S H7\nplay W H9\nplay N HA\nplay E H10\n"
  "play N HK\nplay E HU\nplay S H8\nplay W HO\n"
  "play N G8\nplay E SU\nplay S EO\nplay W GA\n"
  "play W GK\nplay N G7\nplay E SO\nplay S EU\n"
  "play W GO\nplay N S7\nplay E SK\nplay S E10\n"
  "play W GU\nplay N S8\nplay E SA\n";

/* A window of @width x @height over a saved session of @game (@record; NULL: none, a new
 * session), its save read. */
static BkWindow *
open_game (const char *game,
           const char *record,
           int         width,
           int         height)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_autofree char *path = bk_session_store_dup_path_for_game (game);
  g_autofree char *dir = g_path_get_dirname (path);
  BkWindow *window;

  g_mkdir_with_parents (dir, 0700);
  if (record)
    g_assert_true (g_file_set_contents (path, record, -1, NULL));
  else
    g_remove (path);
  g_settings_set_string (settings, "last-game", game);
  window = bk_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait_loaded (window);
  return window;
}

/* Closes @window and forgets its session and settings. */
static void
close_game (BkWindow   *window,
            const char *game)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_autofree char *path = bk_session_store_dup_path_for_game (game);

  ui_close_window (window);
  g_remove (path);
  g_settings_reset (settings, "last-game");
  g_settings_reset (settings, "take-back-allowed");
}

/* The window over the stock hand with its result sheet up. */
static AdwMessageDialog *
open_sheet (BkWindow **window,
            int        width,
            int        height)
{
  AdwMessageDialog *sheet;
  BkCard sorted[BK_N_CARDS];

  *window = open_game ("herzla", stock_record, width, height);
  g_assert_true (ui_spin_until (human_due, *window));
  g_assert_null (bk_window_get_dialog (*window));
  g_assert_cmpuint (bk_game_get_hand_sorted (bk_window_get_game (*window), 0, sorted), ==, 1);
  bk_table_activate_card (bk_window_get_table (*window), 0);
  g_assert_true (ui_spin_until (human_due, *window));
  sheet = bk_window_get_dialog (*window);
  g_assert_nonnull (sheet);
  g_assert_cmpstr (gtk_widget_get_name (GTK_WIDGET (sheet)), ==, "herzla-result");
  return sheet;
}

/* H5: Herzla's result sheet with the stock, the person's last card played in the window. */
static void
test_herzla_sheet (gconstpointer data)
{
  int width = sizes[GPOINTER_TO_INT (data)].width, height = sizes[GPOINTER_TO_INT (data)].height;
  BkWindow *window;
  AdwMessageDialog *sheet = open_sheet (&window, width, height);

  check_window_known (GTK_WINDOW (sheet), width, "Herzla's result sheet", NULL);
  close_game (window, "herzla");
}

/* H5, H6.2: the ledger after that hand, as the window opens it (A). */
static void
test_herzla_ledger (gconstpointer data)
{
  int width = sizes[GPOINTER_TO_INT (data)].width, height = sizes[GPOINTER_TO_INT (data)].height;
  BkWindow *window;
  AdwMessageDialog *sheet = open_sheet (&window, width, height);
  GtkWidget *ledger = NULL;
  gint64 end;

  adw_message_dialog_response (sheet, "next");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.ledger", NULL));
  end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end &&
         !((ledger = ui_find_toplevel (GTK_TYPE_WINDOW, GTK_WIDGET (window))) &&
           g_strcmp0 (gtk_widget_get_name (ledger), "herzla-ledger") == 0))
    g_main_context_iteration (NULL, FALSE);
  g_assert_nonnull (ledger);
  g_assert_cmpstr (gtk_widget_get_name (ledger), ==, "herzla-ledger");
  check_window (GTK_WINDOW (ledger), width, "Herzla's ledger");
  gtk_window_destroy (GTK_WINDOW (ledger));
  close_game (window, "herzla");
}

static gboolean
has_letters (const char *text)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    if (g_unichar_isalpha (g_utf8_get_char (p)))
      return TRUE;
  return FALSE;
}

/* The coaster's words (B6): its halves' names, the dots of a Bollen and the carry. Drawn,
 * not labels: each must be translated, and the names fit their places unsqueezed. */
static void
test_coaster (gconstpointer data)
{
  int width = sizes[GPOINTER_TO_INT (data)].width, height = sizes[GPOINTER_TO_INT (data)].height;
  BkWindow *window = open_game ("bierkopf", NULL, width, height);
  g_autoptr (GString) faults = g_string_new (NULL);
  g_autoptr (GPtrArray) coasters = g_ptr_array_new ();
  BkCoaster *coaster;
  gint64 end;

  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  find_all (GTK_WIDGET (window), BK_TYPE_COASTER, coasters);
  g_assert_cmpuint (coasters->len, ==, 1);
  coaster = coasters->pdata[0];
  /* More dots than it draws (written as a count) against one, two Bollen carried, a few
   * lines struck on each side. */
  bk_coaster_set_state (coaster, bk_coaster_get_lines_total (coaster) - 4,
                        bk_coaster_get_lines_total (coaster) - 7, 12, 1, 2);
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (bk_coaster_is_animating (coaster) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (coaster));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  /* Us, Them, the count of dots and the carry. */
  g_assert_cmpuint (bk_coaster_get_n_words (coaster), ==, 4);
  for (guint i = 0; i < bk_coaster_get_n_words (coaster); i++)
    {
      double share = 0;
      const char *word = bk_coaster_get_word (coaster, i, &share);

      g_test_message ("the coaster writes “%s” in %.0f%% of its place", word, 100 * share);
      if (is_english (word))
        g_string_append_printf (faults, "untranslated: “%s”\n", word);
      /* The counts are squeezed into their small places in every language alike. */
      if (share > 1.0 && has_letters (word))
        g_string_append_printf (faults, "squeezed: “%s” needs %.0f%% of its place\n", word,
                                100 * share);
    }
  if (faults->len > 0)
    {
      g_test_message ("the coaster in %s at %d pixels:\n%s", language, width, faults->str);
      g_test_fail ();
    }
  close_game (window, "bierkopf");
}

/* The person leads (East deals) and is asked to talk first. As in screens.c. */
static const char *talk_record =
  "seed 3\ndealer E\nhand S EO GO HO SO EU\n"
  "hand W G10 GK SA S10 SK\nhand N GU HU SU HA H10\n"
  "hand E HK EA E10 EK GA\n";

static const char *toast_text;

/* The toast, or the notice at the top that takes a message too long for a toast. */
static const char *
message_of (BkWindow *window)
{
  if (bk_window_get_toast (window))
    return bk_window_get_toast (window);
  return bk_window_get_notice (window);
}

static gboolean
toast_shown (BkWindow *window)
{
  const char *shown = message_of (window);

  if (shown == NULL || (toast_text && g_strcmp0 (shown, toast_text) != 0))
    return FALSE;
  /* Its label on screen (queued behind another toast until that one goes). */
  return find_label (GTK_WIDGET (window), shown) != NULL;
}

/* Waits for the toast @text (NULL: any) on screen, or the notice that says it when it is
 * too long for a toast, and checks its label. */
static void
check_toast (BkWindow   *window,
             const char *text,
             int         width)
{
  g_autoptr (GString) faults = g_string_new (NULL);
  GtkLabel *label;

  toast_text = text;
  if (!ui_spin_until (toast_shown, window))
    {
      g_test_message ("no toast “%s” on screen (the last: “%s”)", text ? text : "(any)",
                      message_of (window));
      g_test_fail ();
      return;
    }
  label = find_label (GTK_WIDGET (window), message_of (window));
  /* The toast slides in. */
  ui_spin_for (G_USEC_PER_SEC * 3 / 4);
  check_label (label, faults);
  if (faults->len > 0)
    {
      g_test_message ("a toast in %s at %d pixels:\n%s", language, width, faults->str);
      g_test_fail ();
    }
}

/* The window's toasts: the partner told after the seating (B2.1), no trick to look at (L),
 * taking back turned off. */
static void
test_toasts (gconstpointer data)
{
  int width = sizes[GPOINTER_TO_INT (data)].width, height = sizes[GPOINTER_TO_INT (data)].height;
  g_autoptr (GSettings) settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  BkWindow *window = open_game ("bierkopf", NULL, width, height);

  check_toast (window, NULL, width);
  close_game (window, "bierkopf");
  /* The person is asked to talk: no card is played while the toasts are looked at. */
  window = open_game ("bierkopf", talk_record, width, height);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.last-trick", NULL);
  check_toast (window, _("No trick to look at now"), width);
  g_settings_set_boolean (settings, "take-back-allowed", FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.take-back", NULL);
  check_toast (window, _("Taking back is turned off in Preferences"), width);
  close_game (window, "bierkopf");
}

/* B3.1: a word said at the table, quoted as the language quotes it, ends one sentence: a
 * word that ends with its own mark (in any script, e.g. "！") gets no second full stop. */
static void
test_quoted_words (void)
{
  for (BkWord word = BK_WORD_GUT; word < BK_N_WORDS; word++)
    {
      g_autofree char *quoted = bk_bierkopf_view_quote_word (word);
      static const char *doubled[] = { "!.", "?.", ".." , "！.", "？.", "。.", "！。", "。。" };

      for (guint i = 0; i < G_N_ELEMENTS (doubled); i++)
        if (strstr (quoted, doubled[i]))
          g_error ("“%s” ends twice (%s)", quoted, doubled[i]);
    }
}

/* H5: money as the language writes it, whatever the locale's LC_MONETARY says. */
static void
test_money (void)
{
  static const struct { const char *language, *gain, *loss; } expected[] = {
    { "de", "+1,50 €", "−0,30 €" },
    { "ru", "+1,50 €", "−0,30 €" },
    { "ja", "+€1.50", "−€0.30" },
    { "ko", "+€1.50", "−€0.30" },
    { "en", "+€1.50", "−€0.30" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (g_str_equal (expected[i].language, language))
      {
        g_autofree char *gain = bk_money_format_cents (150, TRUE);
        g_autofree char *loss = bk_money_format_cents (-30, TRUE);

        g_assert_cmpstr (gain, ==, expected[i].gain);
        g_assert_cmpstr (loss, ==, expected[i].loss);
        return;
      }
  g_assert_not_reached ();
}

/* H5 under a locale whose LC_MONETARY writes money otherwise than the language: the
 * language preference changes only the messages, so a Russian interface may run under an
 * English locale. The locale is compiled into a folder of the test's own (LOCPATH). */
static void
test_money_other_locale (void)
{
  gboolean comma = g_str_equal (C_("money", "."), ",");
  const char *name = comma ? "en_US" : "de_DE";
  g_autofree char *locales = g_build_filename (tmp_dir, "locales", NULL);
  g_autofree char *target = g_strdup_printf ("%s/%s.UTF-8", locales, name);
  g_autofree char *full = g_strdup_printf ("%s.UTF-8", name);
  g_autofree char *expected = bk_money_format_cents (150, TRUE); /* checked by test_money */
  g_autofree char *gain = NULL;
  const char *argv[] = { "localedef", "-i", name, "-f", "UTF-8", target, NULL };
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_mkdir_with_parents (locales, 0700);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  /* localedef says 1 for warnings about the source, with the locale written. */
  if (!g_file_test (target, G_FILE_TEST_IS_DIR))
    {
      g_test_message ("localedef could not make %s (package locales): %d", name, status);
      g_test_fail ();
      return;
    }
  g_setenv ("LOCPATH", locales, TRUE);
  g_assert_nonnull (setlocale (LC_MONETARY, full));
  g_assert_cmpstr (localeconv ()->mon_decimal_point, ==, comma ? "." : ",");

  gain = bk_money_format_cents (150, TRUE);
  setlocale (LC_MONETARY, "");
  g_unsetenv ("LOCPATH");
  g_assert_cmpstr (gain, ==, expected);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *data = NULL;
  g_autofree char *mo = NULL;
  g_autoptr (GSettings) settings = NULL;
  const char *localedir = g_getenv ("BIERKOPF_LOCALEDIR");

  if (argc < 2 || argv[1][0] == '-' || localedir == NULL)
    {
      g_printerr ("usage: BIERKOPF_LOCALEDIR=DIR test-languages LANGUAGE [TEST OPTIONS]\n");
      return 2;
    }
  language = argv[1];
  argv[1] = argv[0];
  argv++;
  argc--;

  tmp_dir = g_dir_make_tmp ("bierkopf-languages-XXXXXX", NULL);
  data = g_build_filename (tmp_dir, "data", NULL);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();
  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "off");

  /* Any catalogue holds every English message; German's is always built. */
  mo = g_build_filename (localedir, g_str_has_prefix (language, "en") ? "de" : language,
                         "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  english = read_msgids (mo);

  g_test_add_func ("/languages/quoted-words", test_quoted_words);
  g_test_add_func ("/languages/money", test_money);
  g_test_add_func ("/languages/money-other-locale", test_money_other_locale);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      static const struct { const char *name; GTestDataFunc func; } tests[] = {
        { "new-session", test_new_session },
        { "preferences", test_preferences },
        { "rules", test_rules },
        { "statistics", test_statistics },
        { "result", test_result },
        { "herzla-sheet", test_herzla_sheet },
        { "herzla-ledger", test_herzla_ledger },
        { "coaster", test_coaster },
        { "toasts", test_toasts },
      };

      for (guint t = 0; t < G_N_ELEMENTS (tests); t++)
        {
          g_autofree char *path = g_strdup_printf ("/languages/%dx%d/%s", sizes[i].width,
                                                   sizes[i].height, tests[t].name);

          g_test_add_data_func (path, GINT_TO_POINTER (i), tests[t].func);
        }
    }
  return g_test_run ();
}
