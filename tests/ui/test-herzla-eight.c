/* test-herzla-eight.c: Herzla's simple form for eight players (docs/rules-herzla.md H6) in
 * the window at 1024x720 and at 360x640, as a person plays it (issue 34, 11 and 13): a
 * trick in play, the hand's result sheet and the ledger. Nothing of them is cut off or
 * ellipsized, no name tag lies over another or over the person's cards, the result sheet
 * offers Review This Hand (which opens the hand's review) and has no empty line under its
 * title. With $BK_SHOTS_DIR set, each is written there as a PNG.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "bk-game-query.h"
#include "bk-herzla-review-window.h"
#include "bk-session-store.h"
#include "bk-window-test.h"
#include "shots-common.h"

static const struct { int width, height; } sizes[] = { { 1024, 720 }, { 360, 640 } };

static void
shot (BkWindow   *window,
      const char *what,
      guint       k)
{
  const char *dir = g_getenv ("BK_SHOTS_DIR");
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  if (dir == NULL)
    return;
  name = g_strdup_printf ("herzla-8-%s-%dx%d.png", what, sizes[k].width, sizes[k].height);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (shots_render (window, sizes[k].width, sizes[k].height, path, &error));
  g_assert_no_error (error);
  g_test_message ("%s", path);
}

/* Whether @widget's content may be scrolled in @orientation (a label inside may be larger). */
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

/* A label that is ellipsized, narrower than its text, or outside a box that clips it; a
 * wrapping text scrolled away sideways (a table's cell may be: the table scrolls). */
static void
check_label (GtkLabel *label,
             GString  *faults)
{
  GtkWidget *widget = GTK_WIDGET (label);
  const char *text = gtk_label_get_text (label);
  gboolean sideways = FALSE, down = FALSE;

  if (text[0] == '\0')
    return;
  if (gtk_label_get_ellipsize (label) != PANGO_ELLIPSIZE_NONE &&
      pango_layout_is_ellipsized (gtk_label_get_layout (label)))
    g_string_append_printf (faults, "ellipsized: “%s”\n", text);
  if (gtk_label_get_ellipsize (label) == PANGO_ELLIPSIZE_NONE && !gtk_label_get_wrap (label))
    {
      int natural = 0;

      /* the text's own width (the label's CSS margins are outside its width) */
      pango_layout_get_pixel_size (gtk_label_get_layout (label), &natural, NULL);
      if (gtk_widget_get_width (widget) < natural)
        g_string_append_printf (faults, "cut off: “%s” has %d of %d pixels\n", text,
                                gtk_widget_get_width (widget), natural);
    }
  /* A text that wraps is never scrolled away sideways: it wraps in the width it is shown in. */
  if (gtk_label_get_wrap (label))
    for (GtkWidget *box = gtk_widget_get_parent (widget); box; box = gtk_widget_get_parent (box))
      {
        graphene_rect_t b;

        if (GTK_IS_GRID (box))
          break;
        if (!GTK_IS_SCROLLED_WINDOW (box))
          continue;
        if (gtk_widget_compute_bounds (widget, box, &b) &&
            (b.origin.x < -0.5 || b.origin.x + b.size.width > gtk_widget_get_width (box) + 0.5))
          g_string_append_printf (faults, "scrolled away: “%s” spans %.0f to %.0f in %d\n",
                                  text, b.origin.x, b.origin.x + b.size.width,
                                  gtk_widget_get_width (box));
        break;
      }
  for (GtkWidget *box = gtk_widget_get_parent (widget); box; box = gtk_widget_get_parent (box))
    {
      graphene_rect_t b;

      sideways = sideways || scrolls (box, GTK_ORIENTATION_HORIZONTAL);
      down = down || scrolls (box, GTK_ORIENTATION_VERTICAL);
      if (sideways && down)
        break;
      if (gtk_widget_get_overflow (box) != GTK_OVERFLOW_HIDDEN && !GTK_IS_ROOT (box))
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
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    check_tree (child, faults);
}

static void
assert_nothing_cut (GtkWidget  *widget,
                    const char *what)
{
  g_autoptr (GString) faults = g_string_new (NULL);

  check_tree (widget, faults);
  if (faults->len)
    g_test_message ("%s:\n%s", what, faults->str);
  g_assert_cmpstr (faults->str, ==, "");
}

static GtkWidget *
named (GtkWidget  *widget,
       const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = named (child, name);

      if (found)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_toplevel (const char *name,
               GType       type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) top = g_list_model_get_item (toplevels, i);

      if (gtk_widget_get_visible (top) &&
          ((name && g_strcmp0 (gtk_widget_get_name (top), name) == 0) ||
           (type && G_TYPE_CHECK_INSTANCE_TYPE (top, type))))
        return top;
    }
  return NULL;
}

/* Plays the person's cards (answering every question with its default) until, after the
 * first trick, three cards or more of a trick lie on the table at the person's turn. */
static void
play_into_trick (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);

  for (guint steps = 0; steps < 100; steps++)
    {
      GtkWindow *dialog;
      BkCard cards[BK_MAX_SEATS];
      BkSeat seats[BK_MAX_SEATS];

      g_assert_true (shots_wait_person (window));
      dialog = shots_find_dialog (window);
      if (dialog)
        {
          shots_answer (dialog, NULL);
          continue;
        }
      /* the second trick, some cards on the table: the person's turn in it */
      if (bk_game_get_tricks_done (game) >= 1 &&
          bk_game_get_table_trick (game, cards, seats) >= 3)
        return;
      shots_play_first_legal (window);
    }
}

static void
test_eight (gconstpointer data)
{
  guint k = GPOINTER_TO_UINT (data);
  GSettings *settings = shots_settings ();
  BkWindow *window;
  BkGame *game;
  GtkWindow *sheet;
  GtkWidget *ledger, *review;
  const char *body;

  {
    g_autofree char *path = bk_session_store_dup_path_for_game ("herzla-simple");
    g_remove (path);
  }
  g_settings_set_string (settings, "last-game", "herzla-simple");
  g_settings_set_int (settings, "herzla-players", 8);
  window = shots_open_window (sizes[k].width, sizes[k].height);
  game = bk_window_get_game (window);
  g_assert_cmpuint (bk_game_get_n_seats (game), ==, 8);

  /* a trick in play */
  play_into_trick (window);
  shots_settle (window);
  shot (window, "trick", k);
  assert_nothing_cut (GTK_WIDGET (window), "the table");

  /* the hand's result sheet */
  sheet = shots_play_to_dialog (window, "herzla-result", 200);
  g_assert_nonnull (sheet);
  shots_spin (300000);
  shot (window, "result", k);
  assert_nothing_cut (GTK_WIDGET (sheet), "the result sheet");
  /* the sheet fits the window: its answers are not below the screen's edge */
  g_test_message ("the sheet is %d×%d", gtk_widget_get_width (GTK_WIDGET (sheet)),
                  gtk_widget_get_height (GTK_WIDGET (sheet)));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (sheet)), <=, sizes[k].height);
  /* at 1024x720 the sheet shows all of it at once: the trick is not scrolled half away */
  if (sizes[k].width >= 1024)
    {
      GtkWidget *trick = named (GTK_WIDGET (sheet), "last-trick");
      GtkWidget *scrolled = gtk_widget_get_ancestor (trick, GTK_TYPE_SCROLLED_WINDOW);

      if (scrolled)
        {
          GtkAdjustment *v =
            gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

          g_assert_cmpfloat (gtk_adjustment_get_upper (v), <=,
                             gtk_adjustment_get_page_size (v) + 0.5);
        }
    }
  /* no empty band under the title: the body begins with words */
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (sheet));
  g_test_message ("the sheet says: %s", body);
  g_assert_false (body[0] == '\n');
  g_assert_false (g_str_has_suffix (body, "\n"));
  g_assert_null (strstr (body, "\n\n"));
  /* Review This Hand, as after a hand of Bierkopf: the hand's review opens */
  g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (sheet), "review"));
  g_assert_cmpstr (adw_message_dialog_get_response_label (ADW_MESSAGE_DIALOG (sheet), "review"),
                   ==, "_Review This Hand");
  shots_answer (sheet, "review");
  shots_spin (300000);
  review = find_toplevel (NULL, BK_TYPE_HERZLA_REVIEW_WINDOW);
  g_assert_nonnull (review);
  gtk_window_destroy (GTK_WINDOW (review));

  /* the ledger of eight */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.ledger", NULL));
  shots_spin (300000);
  ledger = find_toplevel ("herzla-ledger", G_TYPE_INVALID);
  g_assert_nonnull (ledger);
  shot (window, "ledger", k);
  assert_nothing_cut (ledger, "the ledger");
  gtk_window_destroy (GTK_WINDOW (ledger));

  shots_close_window (window);
  g_settings_reset (settings, "herzla-players");
  g_settings_reset (settings, "last-game");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  home = shots_init ();
  g_test_add_data_func ("/herzla-eight/1024x720", GUINT_TO_POINTER (0), test_eight);
  g_test_add_data_func ("/herzla-eight/360x640", GUINT_TO_POINTER (1), test_eight);
  status = g_test_run ();
  return status;
}
