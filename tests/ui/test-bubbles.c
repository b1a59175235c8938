/* test-bubbles.c: the table's speech bubbles cover nothing one reads or presses (issue 25:
 * at 360x640 in Russian, «Пас!» and «Шприце!» lay over the talk button and the hand's
 * value ×2). In one language (the first argument), at 360x640 and 1280x800, a Bierkopf
 * hand is talked, doubled and begun with the window's own flow; after every frame drawn,
 * no bubble shown overlaps another bubble, a name tag, or a widget the window lays over
 * the table (the coaster, the hand's value, the talk button, the Retour offer and button).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "bk-game-query.h"
#include "bk-session-store.h"
#include "bk-table.h"
#include "bk-window.h"
#include "ui-test-helpers.h"

static const struct { int width, height; } sizes[] = { { 360, 640 }, { 1280, 800 } };

typedef struct {
  BkWindow *window;
  guint     frames;
  guint     most_bubbles; /* shown at once */
  guint     overlaps;
} Watch;

/* The person leads (East deals) and is asked to talk: everybody talks, a Spritze comes. */
static const char *talk_record =
  "seed 3\ndealer E\nhand S EO GO HO SO EU\n"
  "hand W G10 GK SA S10 SK\nhand N GU HU SU HA H10\n"
  "hand E HK EA E10 EK GA\n";

static gboolean
shown (GtkWidget *widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_child_visible (widget) &&
         gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0;
}

static graphene_rect_t
bounds_in (GtkWidget *widget,
           GtkWidget *table)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (widget, table, &r));
  /* The coaster is round, drawn centred in its box (bk-coaster.c's snapshot): what it
   * covers is its disc. */
  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), "BkCoaster"))
    {
      float side = MIN (r.size.width, r.size.height);
      float diameter = side - 2 * MAX (4, (int) side / 20);

      r.origin.x += (r.size.width - diameter) / 2;
      r.origin.y += (r.size.height - diameter) / 2;
      r.size.width = r.size.height = diameter;
    }
  return r;
}

static gboolean
overlap (const graphene_rect_t *a,
         const graphene_rect_t *b)
{
  graphene_rect_t i;

  return graphene_rect_intersection (a, b, &i) && i.size.width > 1 && i.size.height > 1;
}

/* What the window lays over the table that one reads or presses: the labels, buttons and
 * the coaster among the overlay's children. */
static void
add_covering (GPtrArray *found,
              GtkWidget *widget)
{
  if (!gtk_widget_get_visible (widget) || !gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget) || GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget) ||
      g_str_equal (G_OBJECT_TYPE_NAME (widget), "BkCoaster"))
    {
      g_ptr_array_add (found, widget);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    add_covering (found, child);
}

static void
add_with_class (GPtrArray  *found,
                GtkWidget  *widget,
                const char *css_class)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      if (gtk_widget_has_css_class (child, css_class) && shown (child))
        g_ptr_array_add (found, child);
      add_with_class (found, child, css_class);
    }
}

static void
check_frame (Watch *w)
{
  GtkWidget *table = GTK_WIDGET (bk_window_get_table (w->window));
  GtkWidget *overlay = gtk_widget_get_parent (table);
  g_autoptr (GPtrArray) bubbles = g_ptr_array_new ();
  g_autoptr (GPtrArray) others = g_ptr_array_new ();

  if (gtk_widget_get_width (table) <= 0)
    return;
  w->frames++;
  add_with_class (bubbles, table, "bubble");
  add_with_class (others, table, "seat-name");
  for (GtkWidget *child = gtk_widget_get_first_child (overlay); child;
       child = gtk_widget_get_next_sibling (child))
    if (child != table)
      add_covering (others, child);
  w->most_bubbles = MAX (w->most_bubbles, bubbles->len);

  for (guint i = 0; i < bubbles->len; i++)
    {
      GtkWidget *bubble = g_ptr_array_index (bubbles, i);
      graphene_rect_t b = bounds_in (bubble, table);

      for (guint k = 0; k < bubbles->len + others->len; k++)
        {
          GtkWidget *other = k < bubbles->len ? g_ptr_array_index (bubbles, k)
                                              : g_ptr_array_index (others, k - bubbles->len);
          graphene_rect_t o;

          if (other == bubble || (k < bubbles->len && k < i))
            continue;
          o = bounds_in (other, table);
          if (overlap (&b, &o))
            {
              const char *what = GTK_IS_LABEL (other) ? gtk_label_get_text (GTK_LABEL (other))
                                                      : G_OBJECT_TYPE_NAME (other);

              if (w->overlaps++ < 8)
                g_test_message ("«%s» (%.0f,%.0f %.0fx%.0f) lies on %s «%s» (%.0f,%.0f "
                                "%.0fx%.0f)", gtk_label_get_text (GTK_LABEL (bubble)),
                                b.origin.x, b.origin.y, b.size.width, b.size.height,
                                G_OBJECT_TYPE_NAME (other), what, o.origin.x, o.origin.y,
                                o.size.width, o.size.height);
            }
        }
    }
}

static void
after_paint_cb (GdkFrameClock *clock,
                Watch         *w)
{
  check_frame (w);
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
        g_assert_true (bk_table_activate_card (bk_window_get_table (window), i));
        return;
      }
  g_assert_not_reached ();
}

static void
test_talk (gconstpointer data)
{
  guint k = GPOINTER_TO_UINT (data);
  Watch w = { 0 };
  GdkFrameClock *clock;
  gulong handler;
  guint played = 0;

  ui_write_save (talk_record);
  w.window = ui_new_loaded_window ();
  gtk_window_set_default_size (GTK_WINDOW (w.window), sizes[k].width, sizes[k].height);
  gtk_window_present (GTK_WINDOW (w.window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (w.window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (w.window));
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &w);

  /* The default answer to every question (the talk, the doublings), a card of the person's
   * and the next players' cards: every word said shows in a bubble for a while. */
  for (guint steps = 0; steps < 40 && played < 2; steps++)
    {
      AdwMessageDialog *dialog;

      g_assert_true (ui_spin_until (human_due, w.window));
      dialog = bk_window_get_dialog (w.window);
      if (dialog)
        adw_message_dialog_response (dialog, adw_message_dialog_get_default_response (dialog));
      else if (played++ == 0)
        play_first_legal (w.window);
    }
  g_assert_cmpuint (played, ==, 2);

  g_signal_handler_disconnect (clock, handler);
  g_test_message ("%dx%d: %u frames, at most %u bubbles at once", sizes[k].width,
                  sizes[k].height, w.frames, w.most_bubbles);
  g_assert_cmpuint (w.frames, >, 0);
  /* The talk and the doublings were seen: several bubbles at once. */
  g_assert_cmpuint (w.most_bubbles, >=, 3);
  g_assert_cmpuint (w.overlaps, ==, 0);
  ui_close_window (w.window);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *tmp_dir = NULL;
  g_autofree char *data = NULL;
  g_autoptr (GSettings) settings = NULL;
  const char *localedir = g_getenv ("BIERKOPF_LOCALEDIR");
  const char *language;

  if (argc < 2 || argv[1][0] == '-' || localedir == NULL)
    {
      g_printerr ("usage: BIERKOPF_LOCALEDIR=DIR test-bubbles LANGUAGE [TEST OPTIONS]\n");
      return 2;
    }
  language = argv[1];
  argv[1] = argv[0];
  argv++;
  argc--;

  tmp_dir = g_dir_make_tmp ("bierkopf-bubbles-XXXXXX", NULL);
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
  {
    g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/io/github/bierkopf/Bierkopf/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }
  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "off");

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *path = g_strdup_printf ("/bubbles/%dx%d/talk", sizes[i].width,
                                               sizes[i].height);

      g_test_add_data_func (path, GUINT_TO_POINTER (i), test_talk);
    }
  return g_test_run ();
}
