/* review-shots.c: screenshots of the hand review window over the game, for the eye: a
 * hand-made hand with a card and a doubling that cost (the top of the review, and its
 * end), in light and dark style, the Retour answered by a Retour ×8 (issue 34), and the
 * hint's tooltip on the table. Not a test; run it
 * on an X display with a window manager, e.g.
 *
 *   xvfb-run -a -s '-screen 0 1280x800x24' \
 *     sh -c 'openbox & sleep 1; GSK_RENDERER=cairo review-shots DIR'
 *
 * with GSETTINGS_SCHEMA_DIR=<build>/data and GSETTINGS_BACKEND=memory. Each picture is of
 * the whole screen, taken with ImageMagick's import.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>

#include "bk-bierkopf-game.h"
#include "bk-bierkopf-hint.h"
#include "bk-review-window.h"
#include "bk-window-test.h"
#include "ui-test-helpers.h"

static const char *out_dir;

/* The hand of tests/engine/test-review.c: South overtakes his partner's Herz-Ober. */
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

/* The hand of issue 21: South plays well, his partner North throws 57 points away. */
static const char *partner_record =
  "dealer W\n"
  "hand N EO GO HU G10 SA\n"
  "hand E HO GU HK EA E10\n"
  "hand S SO EU SU GA GK\n"
  "hand W HA H10 EK S10 SK\n"
  "talk N schweigt\ndouble N\n"
  "play N EO\nplay E GU\nplay S SU\nplay W H10\n"
  "play N HU\nplay E HO\nplay S EU\nplay W HA\n"
  "play E E10\nplay S SO\nplay W EK\nplay N GO\n"
  "play N SA\nplay E HK\nplay S GK\nplay W SK\n"
  "play E EA\nplay S GA\nplay W S10\nplay N G10\n";

/* The hand of issue 34: South's Retour on a weak hand, answered with Retour ×8, then the
 * other team's Schwarz. */
static const char *retour_record =
  "dealer W\n"
  "hand W EO GO HO SO EU\nhand N EA E10 EK GA G10\n"
  "hand E GU HU SU HA H10\nhand S GK SA S10 SK HK\n"
  "double E\n"
  "play N EA\nplay E GU\ndouble S\nplay S HK\ndouble W\nplay W SO\n"
  "play W EO\nplay N E10\nplay E H10\nplay S SA\n"
  "play W HO\nplay N EK\nplay E HA\nplay S S10\n"
  "play W EU\nplay N GA\nplay E HU\nplay S SK\n"
  "play W GO\nplay N G10\nplay E SU\nplay S GK\n";

static void
shoot (const char *name)
{
  g_autofree char *path = g_build_filename (out_dir, name, NULL);
  g_autofree char *command = g_strdup_printf ("import -window root %s", path);
  g_autoptr (GError) error = NULL;

  ui_spin_for (G_USEC_PER_SEC / 2);
  if (!g_spawn_command_line_sync (command, NULL, NULL, NULL, &error))
    g_printerr ("%s\n", error->message);
  else
    g_print ("%s\n", path);
}

static GtkScrolledWindow *
find_scrolled (GtkWidget *widget)
{
  if (GTK_IS_SCROLLED_WINDOW (widget) && gtk_widget_get_mapped (widget))
    return GTK_SCROLLED_WINDOW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkScrolledWindow *found = find_scrolled (child);
      if (found)
        return found;
    }
  return NULL;
}

static void
scroll (BkReviewWindow *review,
        gboolean        to_end)
{
  GtkScrolledWindow *scrolled = find_scrolled (GTK_WIDGET (review));
  GtkAdjustment *adjustment;

  if (scrolled == NULL)
    return;
  adjustment = gtk_scrolled_window_get_vadjustment (scrolled);
  gtk_adjustment_set_value (adjustment, to_end ? gtk_adjustment_get_upper (adjustment) : 0);
}

static void
shown_cb (BkHint   *hint,
          gboolean *shown)
{
  *shown = TRUE;
}

/* A new session played to the person's first card; the hint is asked for and the pointer
 * rests on the raised card, so that its tooltip shows. */
static void
shoot_hint (BkWindow   *window,
            const char *name)
{
  BkHint *hint = bk_window_get_hint (window);
  BkTable *table = bk_window_get_table (window);
  gboolean shown = FALSE;
  BkReviewHint last;
  graphene_point_t point;
  double dx, dy;
  gulong id;
  g_autofree char *command = NULL;

  bk_window_new_session (window);
  for (guint steps = 0; steps < 200; steps++)
    {
      BkGame *game = bk_window_get_game (window);
      AdwMessageDialog *dialog = bk_window_get_dialog (window);

      ui_spin_for (G_USEC_PER_SEC / 5);
      if (dialog)
        adw_message_dialog_response (dialog, adw_message_dialog_get_default_response (dialog));
      else if (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S))
        gtk_widget_activate_action (GTK_WIDGET (window), "win.no-retour", NULL);
      else if (bk_window_is_settled (window) && bk_game_get_phase (game) == BK_PHASE_PLAYING &&
               bk_game_get_to_act (game) == BK_SEAT_S)
        break;
    }
  id = g_signal_connect (hint, "shown", G_CALLBACK (shown_cb), &shown);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  while (!shown)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (hint, id);
  bk_bierkopf_hint_get_last (hint, &last);
  ui_spin_for (G_USEC_PER_SEC / 2);
  if (!gtk_widget_compute_point (bk_table_get_card_widget (table, (BkCard) last.choice.arg),
                                 GTK_WIDGET (window), &GRAPHENE_POINT_INIT (20, 20), &point))
    return;
  gtk_native_get_surface_transform (GTK_NATIVE (window), &dx, &dy);
#ifdef GDK_WINDOWING_X11
  if (GDK_IS_X11_SURFACE (gtk_native_get_surface (GTK_NATIVE (window))))
    {
      GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

      command = g_strdup_printf ("xdotool mousemove --window %lu %d %d",
                                 (gulong) gdk_x11_surface_get_xid (surface),
                                 (int) (point.x + dx), (int) (point.y + dy));
      g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
    }
#endif
  ui_spin_for (2 * G_USEC_PER_SEC);
  shoot (name);
  g_spawn_command_line_sync ("xdotool mousemove 0 0", NULL, NULL, NULL, NULL);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-shots-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  BkWindow *window;
  BkReviewWindow *review;
  AdwStyleManager *style;

  if (argc != 2)
    {
      g_printerr ("usage: review-shots OUT_DIR\n");
      return 2;
    }
  out_dir = argv[1];
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  setlocale (LC_ALL, "");
  if (g_getenv ("BIERKOPF_LOCALEDIR"))
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("BIERKOPF_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  gtk_init ();
  adw_init ();
  style = adw_style_manager_get_default ();
  {
    g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/io/github/bierkopf/Bierkopf/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }

  window = ui_new_loaded_window ();
  gtk_window_present (GTK_WINDOW (window));
  ui_spin_for (3 * G_USEC_PER_SEC);

  for (guint dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                      : ADW_COLOR_SCHEME_FORCE_LIGHT);
      review = bk_review_window_new_for_record (GTK_WINDOW (window), overtake_record);
      gtk_window_present (GTK_WINDOW (review));
      while (bk_review_window_is_busy (review))
        g_main_context_iteration (NULL, TRUE);
      shoot (dark ? "review-dark.png" : "review-light.png");
      scroll (review, TRUE);
      shoot (dark ? "review-end-dark.png" : "review-end-light.png");
      gtk_window_destroy (GTK_WINDOW (review));

      /* The players by their names at the table, as the game window passes them. */
      {
        const char *names[] = { _("You"), "Sepp", "Gretl", "Hans", NULL };

        review = bk_review_window_new_for_record (GTK_WINDOW (window), partner_record);
        bk_review_frame_set_player_names (BK_REVIEW_FRAME (review), names);
        gtk_window_present (GTK_WINDOW (review));
        while (bk_review_window_is_busy (review))
          g_main_context_iteration (NULL, TRUE);
        shoot (dark ? "review-partner-dark.png" : "review-partner-light.png");
        gtk_window_destroy (GTK_WINDOW (review));
      }

      review = bk_review_window_new_for_record (GTK_WINDOW (window), retour_record);
      gtk_window_present (GTK_WINDOW (review));
      while (bk_review_window_is_busy (review))
        g_main_context_iteration (NULL, TRUE);
      shoot (dark ? "review-retour-answered-dark.png" : "review-retour-answered-light.png");
      gtk_window_destroy (GTK_WINDOW (review));
    }

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  shoot_hint (window, "hint-light.png");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  shoot_hint (window, "hint-dark.png");

  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
