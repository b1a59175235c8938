/* test-toasts.c: nothing the game says covers the person's cards, and a button's tooltip
 * does not lie over the popover it opened (issue 34, defect 10: "Sepp: Retour! ×8" lay
 * over the hand; the tooltip covered the first line of What Was Said in This Hand and of
 * the Main Menu). At 360x640, 1024x720, 1280x800 and 1920x1080, a toast shown while the
 * person holds his cards lies clear of every one of them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "bk-game-query.h"
#include "bk-table.h"
#include "bk-window.h"
#include "ui-test-helpers.h"

static const struct { int width, height; } sizes[] = {
  { 360, 640 }, { 1024, 720 }, { 1280, 800 }, { 1920, 1080 }
};

/* The person (South) is to play the fourth card of the first trick. */
static const char *follow_record =
  "seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
  "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
  "pass W\npass N\npass E\nplay W SO\nplay N SK\nplay E H10\n";

static GtkWidget *
find_css_name (GtkWidget  *widget,
               const char *name)
{
  if (g_strcmp0 (gtk_widget_get_css_name (widget), name) == 0 && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_css_name (child, name);

      if (found)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_tooltip (GtkWidget  *widget,
              const char *tooltip)
{
  if (GTK_IS_MENU_BUTTON (widget) &&
      g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_tooltip (child, tooltip);

      if (found)
        return found;
    }
  return NULL;
}

static gboolean
toast_up (BkWindow *window)
{
  return find_css_name (GTK_WIDGET (window), "toast") != NULL;
}

/* The toast's place, once it has stopped moving (it slides and grows in). */
static graphene_rect_t
settled_bounds (GtkWidget *widget,
                GtkWidget *window)
{
  graphene_rect_t now, before = GRAPHENE_RECT_INIT (-1, -1, 0, 0);
  guint same = 0;

  /* its slide takes 300 ms of frames; then the same place three times running */
  ui_spin_for (G_USEC_PER_SEC);
  for (guint i = 0; i < 100 && same < 3; i++)
    {
      ui_spin_for (G_USEC_PER_SEC * 15 / 100);
      g_assert_true (gtk_widget_compute_bounds (widget, window, &now));
      same = graphene_rect_equal (&now, &before) ? same + 1 : 0;
      before = now;
    }
  return now;
}

static void
test_toast_over_hand (gconstpointer data)
{
  guint k = GPOINTER_TO_UINT (data);
  BkWindow *window;
  BkTable *table;
  GtkWidget *toast;
  graphene_rect_t t;
  BkHand hand;
  guint n = 0;

  ui_write_save (follow_record);
  window = ui_new_loaded_window ();
  table = bk_window_get_table (window);
  gtk_window_set_default_size (GTK_WINDOW (window), sizes[k].width, sizes[k].height);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  ui_spin_for (G_USEC_PER_SEC / 2);
  /* the test's screen may be smaller than the size wanted (the frame takes a few pixels) */
  if (gtk_widget_get_width (GTK_WIDGET (window)) < sizes[k].width - 20 ||
      gtk_widget_get_height (GTK_WIDGET (window)) < sizes[k].height - 20)
    {
      g_autofree char *why = g_strdup_printf ("the window is %dx%d on this screen",
                                              gtk_widget_get_width (GTK_WIDGET (window)),
                                              gtk_widget_get_height (GTK_WIDGET (window)));

      g_test_skip (why);
      ui_close_window (window);
      return;
    }

  bk_window_show_toast (window, "Sepp: Retour! ×8");
  g_assert_true (ui_spin_until (toast_up, window));
  toast = find_css_name (GTK_WIDGET (window), "toast");
  t = settled_bounds (toast, GTK_WIDGET (window));
  g_test_message ("%dx%d: the toast at %.0f,%.0f %.0fx%.0f", sizes[k].width, sizes[k].height,
                  t.origin.x, t.origin.y, t.size.width, t.size.height);

  hand = bk_game_get_cards (bk_window_get_game (window), BK_SEAT_S);
  g_assert_cmpuint (bk_hand_count (hand), >, 0);
  for (BkHand rest = hand; rest; rest &= rest - 1)
    {
      GtkWidget *card = bk_table_get_card_widget (table, bk_hand_first (rest));
      graphene_rect_t c, i;

      g_assert_true (gtk_widget_compute_bounds (card, GTK_WIDGET (window), &c));
      if (graphene_rect_intersection (&t, &c, &i) && i.size.width > 1 && i.size.height > 1)
        {
          g_test_message ("it lies on a card at %.0f,%.0f %.0fx%.0f", c.origin.x, c.origin.y,
                          c.size.width, c.size.height);
          n++;
        }
    }
  g_assert_cmpuint (n, ==, 0);
  /* and on the table, whole */
  g_assert_cmpfloat (t.origin.y, >=, 0);
  ui_close_window (window);
}

static gboolean
popover_open (GtkWidget *button)
{
  GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));

  return popover && gtk_widget_get_mapped (GTK_WIDGET (popover));
}

static void
test_tooltip_off_popover (void)
{
  static const char *const tooltips[] = { "What Was Said in This Hand", "Main Menu" };
  BkWindow *window;

  ui_write_save (follow_record);
  window = ui_new_loaded_window ();
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  for (guint i = 0; i < G_N_ELEMENTS (tooltips); i++)
    {
      GtkWidget *button = find_tooltip (GTK_WIDGET (window), tooltips[i]);
      gint64 end;

      g_assert_nonnull (button);
      g_assert_true (gtk_widget_get_has_tooltip (button));
      gtk_menu_button_popup (GTK_MENU_BUTTON (button));
      end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
      while (!popover_open (button) && g_get_monotonic_time () < end)
        ui_spin_for (G_USEC_PER_SEC / 100);
      g_assert_true (popover_open (button));
      /* no tooltip over the popover while it is open */
      g_assert_false (gtk_widget_get_has_tooltip (button));
      gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
      end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
      while (popover_open (button) && g_get_monotonic_time () < end)
        ui_spin_for (G_USEC_PER_SEC / 100);
      g_assert_false (popover_open (button));
      g_assert_true (gtk_widget_get_has_tooltip (button));
      g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, tooltips[i]);
    }
  ui_spin_for (G_USEC_PER_SEC / 2);
  ui_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-toasts-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autoptr (GSettings) settings = NULL;

  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();
  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "off");

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *path = g_strdup_printf ("/toasts/%dx%d/clear-of-the-hand", sizes[i].width,
                                               sizes[i].height);

      g_test_add_data_func (path, GUINT_TO_POINTER (i), test_toast_over_hand);
    }
  g_test_add_func ("/toasts/tooltip-off-popover", test_tooltip_off_popover);
  return g_test_run ();
}
