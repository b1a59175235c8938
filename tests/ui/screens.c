/* screens.c: the screenshot harness of issue 22: renders a fixed list of states of the app's
 * window to PNG, deterministically (fixed saves and seeds, no animation, a fixed history,
 * fixed names; rendering twice gives the same bytes), so that a redesign of the view can be
 * checked pixel by pixel (build-aux/compare-screens).
 *
 *   screens --list                 prints the states, one a line
 *   screens DIR [NAME…]            renders every state (or those named) to DIR/NAME.png
 *
 * Run it on an X display larger than 1280x800 with the pointer outside the windows
 * (xvfb-run -a -s '-screen 0 1600x1000x24', then xdotool mousemove 1599 999), with
 * GSK_RENDERER=cairo, GSETTINGS_BACKEND=memory, GSETTINGS_SCHEMA_DIR=<build>/data,
 * BIERKOPF_LOCALEDIR=<build>/po, LANG=C.UTF-8 and TZ=UTC: tests/ui/screens.sh does. Each
 * language's states are rendered by a child process of their own (LANGUAGE is read once).
 *
 * A state is a game, a scene (what is on screen), a language, a deck, a style and a size.
 * The window is opened over a save written for it; each state starts from the default
 * settings (the computer players at the first level, which answers at once) and an empty
 * data directory. The table's speech bubbles go after a time unless a dialog pauses the
 * table: a state without a dialog waits until they have gone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "bk-game-view.h"
#include "bk-history.h"
#include "bk-history-recorder.h"
#include "bk-preferences-window.h"
#include "bk-review-frame.h"
#include "bk-statistics-window.h"
#include "shots-common.h"

typedef enum {
  SCENE_TALK,         /* Bierkopf: the person is asked to talk */
  SCENE_DOUBLING,     /* Bierkopf: the dialog after the talk, the doubling */
  SCENE_TABLE,        /* the person's card, one trick played */
  SCENE_TRICKS,       /* Bierkopf: the tricks dialog (T) over the table */
  SCENE_RESULT,       /* Bierkopf: a hand's result */
  SCENE_REVIEW,       /* the hand's review window, over the result (Bierkopf) or sheet */
  SCENE_CHOOSER,      /* the new session's game chooser */
  SCENE_BID,          /* Herzla: the person's bid */
  SCENE_SHEET,        /* Herzla: the result sheet with the stock */
  SCENE_LEDGER,       /* Herzla: the ledger after that hand */
  SCENE_SETTLED,      /* Herzla: Settle Up's sheet */
  SCENE_PREFERENCES,  /* the preferences over the table */
  SCENE_STATISTICS,   /* the statistics of a fixed history */
} Scene;

static const char *scene_names[] = {
  "talk", "doubling", "table", "tricks", "result", "review", "chooser", "bid", "sheet",
  "ledger", "settled", "preferences", "statistics",
};

typedef struct {
  const char *game;      /* "bierkopf", "herzla" */
  Scene       scene;
  const char *language;  /* "en", "de" */
  const char *deck;      /* "bavarian", "french" */
  gboolean    dark;
  int         width, height;
} State;

#define PHONE 360, 640
#define DESK  1280, 800
/* The largest window a software centre's screenshot may show (AppStream, issue 35): the
 * metainfo's pictures are made from these states by build-aux/screenshots. */
#define STORE 1000, 700

static const State states[] = {
  { "bierkopf", SCENE_TALK, "en", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_TALK, "en", "bavarian", FALSE, PHONE },
  { "bierkopf", SCENE_DOUBLING, "en", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_TABLE, "en", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_TABLE, "en", "french", TRUE, DESK },
  { "bierkopf", SCENE_TABLE, "en", "bavarian", TRUE, PHONE },
  { "bierkopf", SCENE_TRICKS, "en", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_RESULT, "en", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_RESULT, "en", "french", TRUE, PHONE },
  { "bierkopf", SCENE_REVIEW, "en", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_CHOOSER, "en", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_CHOOSER, "en", "bavarian", TRUE, PHONE },
  { "bierkopf", SCENE_PREFERENCES, "en", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_PREFERENCES, "en", "bavarian", TRUE, PHONE },
  { "bierkopf", SCENE_STATISTICS, "en", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_STATISTICS, "en", "bavarian", TRUE, PHONE },
  { "herzla", SCENE_BID, "en", "french", FALSE, DESK },
  { "herzla", SCENE_TABLE, "en", "bavarian", FALSE, DESK },
  { "herzla", SCENE_TABLE, "en", "french", TRUE, PHONE },
  { "herzla", SCENE_SHEET, "en", "bavarian", FALSE, DESK },
  { "herzla", SCENE_SHEET, "en", "french", TRUE, PHONE },
  { "herzla", SCENE_LEDGER, "en", "bavarian", FALSE, DESK },
  { "herzla", SCENE_REVIEW, "en", "bavarian", TRUE, DESK },
  { "bierkopf", SCENE_TALK, "de", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_DOUBLING, "de", "french", TRUE, PHONE },
  { "bierkopf", SCENE_TABLE, "de", "bavarian", FALSE, PHONE },
  { "bierkopf", SCENE_RESULT, "de", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_REVIEW, "de", "french", TRUE, DESK },
  { "bierkopf", SCENE_CHOOSER, "de", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_PREFERENCES, "de", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_STATISTICS, "de", "bavarian", TRUE, DESK },
  { "herzla", SCENE_BID, "de", "bavarian", FALSE, PHONE },
  { "herzla", SCENE_TABLE, "de", "bavarian", TRUE, DESK },
  { "herzla", SCENE_SHEET, "de", "bavarian", FALSE, DESK },
  { "herzla", SCENE_LEDGER, "de", "french", TRUE, PHONE },
  { "herzla", SCENE_SETTLED, "de", "bavarian", FALSE, DESK },
  { "bierkopf", SCENE_TABLE, "en", "bavarian", FALSE, STORE },
  { "bierkopf", SCENE_RESULT, "en", "bavarian", FALSE, STORE },
  { "bierkopf", SCENE_REVIEW, "en", "bavarian", FALSE, STORE },
  { "herzla", SCENE_TABLE, "en", "bavarian", FALSE, STORE },
};

static char *
state_name (const State *state)
{
  return g_strdup_printf ("%s-%s-%s-%s-%s-%dx%d", state->game, scene_names[state->scene],
                          state->language, state->deck, state->dark ? "dark" : "light",
                          state->width, state->height);
}

/* ---- The saves ------------------------------------------------------------------------ */

/* Bierkopf: the person leads (East deals) and is asked to talk first. */
static const char *talk_record =
  "seed 3\ndealer E\nhand S EO GO HO SO EU\n"
  "hand W G10 GK SA S10 SK\nhand N GU HU SU HA H10\n"
  "hand E HK EA E10 EK GA\n";

/* Bierkopf: the person's last card is to come, then the result. As in pace-shots.c. */
static const char *result_record =
  "seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
  "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
  "pass W\npass N\npass E\n"
  "play W SO\nplay N SK\nplay E H10\nplay S HK\n"
  "play W EO\nplay N S10\nplay E HA\nplay S GA\n"
  "play W GO\nplay N SA\nplay E SU\nplay S EK\n"
  "play W HO\nplay N GK\nplay E HU\nplay S E10\n"
  "play W EU\nplay N G10\nplay E GU\n";

/* Herzla: the person (South, Vorhand: East deals) bids first. */
static const char *bid_record =
  "format 2\nseed 11\ngame herzla\nvariant vier\nplayers 4\ndealer E\n"
  "hand S E7 E8 G7 G8 H7 H8 S7 S8\nhand W EA EK EO EU GA GK GO GU\n"
  "hand N E10 E9 G10 G9 HA HK HO HU\nhand E SA SK SO SU S10 S9 H10 H9\n";

/* Herzla: the person has bid Beddl with the lowest cards; West took the first trick. As in
 * herzla-shots.c. */
static const char *beddl_record =
  "format 2\nseed 11\ngame herzla\nvariant vier\nplayers 4\ndealer E\n"
  "hand S E7 E8 G7 G8 H7 H8 S7 S8\nhand W EA EK EO EU GA GK GO GU\n"
  "hand N E10 E9 G10 G9 HA HK HO HU\nhand E SA SK SO SU S10 S9 H10 H9\n"
  "bid S beddl\nplay S E7\nplay W EA\nplay N E10\nplay E H9\n";

/* Herzla: North takes all eight hearts (H5.2: 80 cents into the stock); the person's last
 * card is to come. As in herzla-shots.c. */
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

static const char *
save_of (const State *state)
{
  if (g_str_equal (state->game, "herzla"))
    switch (state->scene)
      {
      case SCENE_BID:
        return bid_record;
      case SCENE_TABLE:
        return beddl_record;
      default:
        return stock_record;
      }
  switch (state->scene)
    {
    case SCENE_RESULT:
    case SCENE_REVIEW:
      return result_record;
    default:
      return talk_record;
    }
}

/* ---- The history the statistics show ------------------------------------------------ */

static BkHistoryHand
hand (const char *strength,
      gint64      session,
      guint       number,
      gint        outcome,
      guint       card_points,
      gint        lines)
{
  BkHistoryHand h = { 0 };

  h.game = (char *) "bierkopf";
  h.session = session;
  h.number = number;
  /* 2026-06-01 18:00 UTC and a minute a hand. */
  h.date = 1780336800 + 60 * (gint64) (session * 10 + number);
  h.record = (char *) "format 1\nvariant bierkopf\ndealer W\n";
  h.result = (char *) "{}";
  h.levels = (char *) "W=meister N=meister E=meister";
  h.strength = (char *) strength;
  h.seat = BK_SEAT_S;
  h.outcome = outcome;
  h.card_points = card_points;
  h.lines = lines;
  return h;
}

static void
fill_history (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "bierkopf", NULL);
  g_autofree char *path = g_build_filename (dir, "history.sqlite", NULL);
  g_autoptr (BkHistory) history = NULL;
  g_autoptr (GError) error = NULL;
  BkHistoryHand hands[] = {
    hand ("meister", 1, 1, 1, 91, 3), hand ("meister", 1, 2, -1, 40, -2),
    hand ("meister", 2, 1, 1, 120, 6), hand ("meister", 2, 2, -1, 29, -3),
    hand ("meister", 2, 3, 1, 70, 1), hand ("heuristic", 3, 1, 1, 61, 1),
    hand ("heuristic", 3, 2, 0, 60, 0), hand ("pimc", 4, 1, -1, 52, -1),
  };

  hands[0].schneider_given = TRUE;
  hands[0].spritze_made = hands[0].spritze_paid = TRUE;
  hands[1].bollen = -1;
  hands[2].schwarz_given = TRUE;
  hands[2].retour_made = hands[2].retour_paid = TRUE;
  hands[2].bollen = 1;
  hands[4].hints_used = TRUE;
  g_mkdir_with_parents (dir, 0700);
  history = bk_history_new (path, &error);
  if (!history || !bk_history_add_hands (history, hands, G_N_ELEMENTS (hands), &error))
    g_printerr ("the history: %s\n", error->message);
}

/* ---- The scenes ----------------------------------------------------------------------- */

/* The default answer to every dialog until the person is to play a card. */
static gboolean
answer_to_card (BkWindow *window)
{
  for (guint steps = 0; steps < 20; steps++)
    {
      GtkWindow *dialog;

      if (!shots_wait_person (window))
        return FALSE;
      dialog = shots_find_dialog (window);
      if (dialog == NULL)
        {
          /* A window opened over the table keeps the words it shows (it pauses the table),
           * and whether they are still there depends on the time: none is. */
          shots_wait_quiet (window);
          return TRUE;
        }
      shots_answer (dialog, NULL);
    }
  return FALSE;
}

static GtkWindow *
present_over (BkWindow  *window,
              GtkWidget *top)
{
  gtk_window_set_transient_for (GTK_WINDOW (top), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (top));
  return GTK_WINDOW (top);
}

/* Brings @window to @state's scene; FALSE if it does not get there. */
static gboolean
reach (BkWindow    *window,
       const State *state)
{
  GtkWindow *dialog;

  switch (state->scene)
    {
    case SCENE_TALK:
    case SCENE_BID:
      return shots_wait_person (window) && shots_find_dialog (window) != NULL;

    case SCENE_DOUBLING:
      if (!shots_wait_person (window) || !(dialog = shots_find_dialog (window)))
        return FALSE;
      shots_answer (dialog, NULL);
      return shots_wait_person (window) && shots_find_dialog (window) != NULL;

    case SCENE_TABLE:
    case SCENE_TRICKS:
      if (!answer_to_card (window))
        return FALSE;
      if (g_str_equal (state->game, "bierkopf"))
        {
          /* The person's lead, and the trick that follows. */
          shots_play_first_legal (window);
          if (!answer_to_card (window))
            return FALSE;
        }
      if (state->scene == SCENE_TRICKS)
        return gtk_widget_activate_action (GTK_WIDGET (window), "win.show-tricks", NULL) &&
               shots_find_dialog (window) != NULL;
      return TRUE;

    case SCENE_RESULT:
      return shots_play_to_dialog (window, "review", 40) != NULL;

    case SCENE_REVIEW:
      if (g_str_equal (state->game, "bierkopf"))
        {
          if (!(dialog = shots_play_to_dialog (window, "review", 40)))
            return FALSE;
          shots_answer (dialog, "review");
        }
      else
        {
          static const char *names[] = { "You", "Sepp", "Gretl", "Hans", NULL };
          GtkWindow *review;

          if (!(dialog = shots_play_to_dialog (window, "next", 40)))
            return FALSE;
          names[0] = _("You");
          gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
          /* As the window opens a review: by the game's view, the players by their names. */
          review = bk_game_view_lookup (state->game)->review (GTK_WINDOW (window),
                                                              bk_window_get_game (window), NULL);
          bk_review_frame_set_player_names (BK_REVIEW_FRAME (review), names);
          gtk_window_present (review);
        }
      return shots_find_dialog (window) != NULL;

    case SCENE_SHEET:
      return shots_play_to_dialog (window, "next", 40) != NULL;

    case SCENE_LEDGER:
      if (!(dialog = shots_play_to_dialog (window, "next", 40)))
        return FALSE;
      shots_answer (dialog, "next");
      if (!answer_to_card (window))
        return FALSE;
      return gtk_widget_activate_action (GTK_WIDGET (window), "win.ledger", NULL) &&
             shots_find_dialog (window) != NULL;

    case SCENE_SETTLED:
      if (!(dialog = shots_play_to_dialog (window, "settle", 40)))
        return FALSE;
      shots_answer (dialog, "settle");
      return shots_find_dialog (window) != NULL;

    case SCENE_CHOOSER:
      if (!answer_to_card (window))
        return FALSE;
      return gtk_widget_activate_action (GTK_WIDGET (window), "win.new-session", NULL) &&
             shots_find_dialog (window) != NULL;

    case SCENE_PREFERENCES:
      if (!answer_to_card (window))
        return FALSE;
      present_over (window, bk_preferences_window_new ());
      return TRUE;

    case SCENE_STATISTICS:
      {
        g_autoptr (BkHistoryRecorder) recorder = NULL;
        BkStatisticsWindow *statistics;
        gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

        if (!answer_to_card (window))
          return FALSE;
        recorder = bk_history_recorder_new (NULL);
        statistics = bk_statistics_window_new (GTK_WINDOW (window), recorder);
        gtk_window_present (GTK_WINDOW (statistics));
        while (g_str_equal (bk_statistics_window_get_page (statistics), "loading") &&
               g_get_monotonic_time () < end)
          g_main_context_iteration (NULL, FALSE);
        return !g_str_equal (bk_statistics_window_get_page (statistics), "loading");
      }
    }
  return FALSE;
}

/* Empties the data directory and puts the settings back to their defaults. */
static void
reset (void)
{
  GSettings *settings = shots_settings ();
  g_autoptr (GSettingsSchema) schema = NULL;
  g_auto (GStrv) keys = NULL;
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "bierkopf", NULL);
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing && (name = g_dir_read_name (listing)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
    }
  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i]; i++)
    g_settings_reset (settings, keys[i]);
  g_settings_set_string (settings, "animation-speed", "off");
  /* The computer players answer at once: the words the table shows for a time are still
   * there when a dialog pauses it, however busy the machine. */
  g_settings_set_string (settings, "strength", "anfaenger");
  g_settings_set_string (settings, "herzla-strength", "anfaenger");
}

static gboolean
render_state (const State *state,
              const char  *dir)
{
  g_autofree char *name = state_name (state);
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr (GError) error = NULL;
  GSettings *settings = shots_settings ();
  BkWindow *window;
  gboolean ok;

  reset ();
  g_settings_set_string (settings, "card-theme", state->deck);
  g_settings_set_string (settings, "last-game", state->game);
  g_settings_set_int (settings, "window-width", state->width);
  g_settings_set_int (settings, "window-height", state->height);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      state->dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                  : ADW_COLOR_SCHEME_FORCE_LIGHT);
  shots_write_save (state->game, save_of (state));
  if (state->scene == SCENE_STATISTICS)
    fill_history ();
  window = shots_open_window (state->width, state->height);
  ok = reach (window, state);
  if (ok)
    {
      shots_settle (window);
      ok = shots_render (window, state->width, state->height, path, &error);
    }
  if (ok)
    g_print ("%s\n", path);
  else
    g_printerr ("%s: %s\n", name, error ? error->message : "the state was not reached");
  shots_close_window (window);
  return ok;
}

static gboolean
wanted (const State *state,
        char       **names)
{
  g_autofree char *name = state_name (state);

  return names == NULL || names[0] == NULL || g_strv_contains ((const char * const *) names, name);
}

/* Renders the states of each language in a process of its own. */
static int
render_languages (const char *self,
                  const char *dir,
                  char      **names)
{
  static const char *languages[] = { "en", "de" };
  int status = 0;

  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    {
      g_autoptr (GStrvBuilder) argv = g_strv_builder_new ();
      g_auto (GStrv) args = NULL;
      g_auto (GStrv) env = g_get_environ ();
      g_autoptr (GError) error = NULL;
      gboolean any = FALSE;
      gint wait = 0;

      g_strv_builder_add_many (argv, self, "--language", languages[l], dir, NULL);
      for (guint i = 0; i < G_N_ELEMENTS (states); i++)
        if (g_str_equal (states[i].language, languages[l]) && wanted (&states[i], names))
          {
            g_autofree char *name = state_name (&states[i]);

            g_strv_builder_add (argv, name);
            any = TRUE;
          }
      if (!any)
        continue;
      args = g_strv_builder_end (argv);
      env = g_environ_setenv (env, "LANGUAGE", languages[l], TRUE);
      if (!g_spawn_sync (NULL, args, env, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL, NULL, NULL,
                         &wait, &error) ||
          !g_spawn_check_wait_status (wait, &error))
        {
          g_printerr ("%s: %s\n", languages[l], error->message);
          status = 1;
        }
    }
  return status;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;
  const char *language = NULL;
  int status = 0;

  if (argc == 2 && g_str_equal (argv[1], "--list"))
    {
      for (guint i = 0; i < G_N_ELEMENTS (states); i++)
        {
          g_autofree char *name = state_name (&states[i]);

          g_print ("%s\n", name);
        }
      return 0;
    }
  if (argc >= 3 && g_str_equal (argv[1], "--language"))
    {
      language = argv[2];
      argv += 2;
      argc -= 2;
    }
  if (argc < 2)
    {
      g_printerr ("Usage: screens --list | screens DIR [NAME…]\n");
      return 2;
    }
  if (g_mkdir_with_parents (argv[1], 0755) != 0)
    {
      g_printerr ("%s: %s\n", argv[1], g_strerror (errno));
      return 1;
    }
  if (language == NULL)
    return render_languages (argv[0], argv[1], argv + 2);

  home = shots_init ();
  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    if (g_str_equal (states[i].language, language) && wanted (&states[i], argv + 2) &&
        !render_state (&states[i], argv[1]))
      status = 1;
  return status;
}
