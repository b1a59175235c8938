/* shots-common.c: what the screenshot programs share; see shots-common.h.
 *
 * The window's internals called here (keep them, or change this file with them):
 *   bk_window_new (NULL), bk_window_is_loading, bk_window_is_settled, bk_window_get_game,
 *   bk_window_get_table, bk_table_get_busy_until, bk_table_activate_card;
 * and of the engine: bk_game_get_phase, bk_game_get_to_act, bk_game_get_legal,
 * bk_game_get_hand_sorted, bk_hand_has. Dialogs are found as the visible windows transient
 * for the window and answered as AdwMessageDialogs (by their responses); the table's speech
 * bubbles are the widgets of CSS class "bubble"; progress is a mapped GtkProgressBar or a
 * spinning GtkSpinner; saves are written where the session store looks for them
 * ($XDG_DATA_HOME/bierkopf/session.bierkopf, session-GAME.bierkopf), the settings are the
 * app's GSettings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "shots-common.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "bk-game-query.h"

static GSettings *settings;

char *
shots_init (void)
{
  char *home = g_dir_make_tmp ("bierkopf-shots-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autoptr (GtkCssProvider) css = NULL;

  g_setenv ("XDG_DATA_HOME", data, TRUE);
  setlocale (LC_ALL, "");
  if (g_getenv ("BIERKOPF_LOCALEDIR"))
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("BIERKOPF_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  gtk_init ();
  adw_init ();
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/io/github/bierkopf/Bierkopf/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  /* No CSS transitions either (a focus ring fading in), nor libadwaita's animations. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE,
                "gtk-cursor-blink", FALSE, NULL);
  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "off");
  return home;
}

GSettings *
shots_settings (void)
{
  return settings;
}

void
shots_write_save (const char *game,
                  const char *text)
{
  g_autofree char *name = g_str_equal (game, "bierkopf")
                          ? g_strdup ("session.bierkopf")
                          : g_strdup_printf ("session-%s.bierkopf", game);
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "bierkopf", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;

  g_mkdir_with_parents (dir, 0700);
  if (!g_file_set_contents (path, text, -1, &error))
    g_printerr ("%s\n", error->message);
}

void
shots_spin (gint64 usec)
{
  gint64 end = g_get_monotonic_time () + usec;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* What a window's default size counts beyond its content: the frame it draws itself
 * (without a window manager's decorations). Measured once on a window of the same kind. */
static void
frame_size (int *dx,
            int *dy)
{
  static int frame_dx = -1, frame_dy = -1;

  if (frame_dx < 0)
    {
      GtkWindow *probe = GTK_WINDOW (adw_application_window_new (NULL));

      gtk_window_set_default_size (probe, 400, 400);
      gtk_window_present (probe);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (probe));
      frame_dx = MAX (0, 400 - gtk_widget_get_width (GTK_WIDGET (probe)));
      frame_dy = MAX (0, 400 - gtk_widget_get_height (GTK_WIDGET (probe)));
      gtk_window_destroy (probe);
    }
  *dx = frame_dx;
  *dy = frame_dy;
}

BkWindow *
shots_open_window (int width,
                   int height)
{
  BkWindow *window;
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  int dx, dy;

  /* The window gets its size before it is shown: a dialog it opens at once sizes itself
   * to its parent and would keep a size from before a resize. */
  frame_size (&dx, &dy);
  window = bk_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), width + dx, height + dy);
  while (bk_window_is_loading (window) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width + dx, height + dy);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

/* The visible windows transient for @window, in the order they were opened. */
static GPtrArray *
windows_above (BkWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GPtrArray *above = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) top = g_list_model_get_item (toplevels, i);
      GtkWindow *parent = gtk_window_get_transient_for (top);

      /* A window over a dialog over the window counts too. */
      while (parent && parent != GTK_WINDOW (window))
        parent = gtk_window_get_transient_for (parent);
      if (parent && gtk_widget_get_visible (GTK_WIDGET (top)))
        g_ptr_array_add (above, g_object_ref (top));
    }
  return above;
}

void
shots_close_window (BkWindow *window)
{
  GPtrArray *above = windows_above (window);

  for (guint i = above->len; i > 0; i--)
    gtk_window_destroy (g_ptr_array_index (above, i - 1));
  /* A dialog lets go of its parent when it ends: before the parent does. */
  g_ptr_array_unref (above);
  gtk_window_destroy (GTK_WINDOW (window));
  shots_spin (G_USEC_PER_SEC / 5);
}

GtkWindow *
shots_find_dialog (BkWindow *window)
{
  g_autoptr (GPtrArray) above = windows_above (window);

  return above->len ? g_ptr_array_index (above, above->len - 1) : NULL;
}

void
shots_answer (GtkWindow  *dialog,
              const char *response)
{
  AdwMessageDialog *message;

  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));
  message = ADW_MESSAGE_DIALOG (dialog);
  adw_message_dialog_response (message, response ? response
                                                  : adw_message_dialog_get_default_response (message));
}

gboolean
shots_person_due (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);

  if (shots_find_dialog (window))
    return TRUE;
  return game && bk_window_is_settled (window) &&
         bk_table_get_busy_until (bk_window_get_table (window)) < g_get_monotonic_time () &&
         bk_game_get_phase (game) == BK_PHASE_PLAYING && bk_game_get_to_act (game) == 0;
}

gboolean
shots_wait_person (BkWindow *window)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end && !shots_person_due (window))
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return shots_person_due (window);
}

void
shots_play_first_legal (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);
  BkCard sorted[BK_N_CARDS];
  guint n = bk_game_get_hand_sorted (game, 0, sorted);
  BkHand legal = bk_game_get_legal (game);

  for (guint i = 0; i < n; i++)
    if (bk_hand_has (legal, sorted[i]))
      {
        bk_table_activate_card (bk_window_get_table (window), i);
        return;
      }
}

GtkWindow *
shots_play_to_dialog (BkWindow   *window,
                      const char *name,
                      guint       max_steps)
{
  for (guint steps = 0; steps < max_steps; steps++)
    {
      GtkWindow *dialog;

      if (!shots_wait_person (window))
        return NULL;
      dialog = shots_find_dialog (window);
      if (dialog && (g_strcmp0 (gtk_widget_get_name (GTK_WIDGET (dialog)), name) == 0 ||
                     (ADW_IS_MESSAGE_DIALOG (dialog) &&
                      adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), name))))
        return dialog;
      if (dialog)
        shots_answer (dialog, NULL);
      else
        shots_play_first_legal (window);
    }
  return NULL;
}

/* Whether something in @widget shows progress still. */
static gboolean
shows_progress (GtkWidget *widget)
{
  if (!gtk_widget_get_mapped (widget))
    return FALSE;
  if (GTK_IS_PROGRESS_BAR (widget) || (GTK_IS_SPINNER (widget) &&
                                       gtk_spinner_get_spinning (GTK_SPINNER (widget))))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (shows_progress (child))
      return TRUE;
  return FALSE;
}

/* Whether a speech bubble of the table shows in @widget. */
static gboolean
shows_bubble (GtkWidget *widget)
{
  if (!gtk_widget_get_mapped (widget))
    return FALSE;
  if (gtk_widget_has_css_class (widget, "bubble"))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (shows_bubble (child))
      return TRUE;
  return FALSE;
}

void
shots_wait_quiet (BkWindow *window)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (shows_bubble (GTK_WIDGET (window)) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* The sizes of @window and the windows above it, as text. */
static char *
sizes_of (BkWindow *window)
{
  g_autoptr (GPtrArray) above = windows_above (window);
  GString *sizes = g_string_new (NULL);

  g_string_append_printf (sizes, "%dx%d", gtk_widget_get_width (GTK_WIDGET (window)),
                          gtk_widget_get_height (GTK_WIDGET (window)));
  for (guint i = 0; i < above->len; i++)
    g_string_append_printf (sizes, " %dx%d",
                            gtk_widget_get_width (g_ptr_array_index (above, i)),
                            gtk_widget_get_height (g_ptr_array_index (above, i)));
  return g_string_free (sizes, FALSE);
}

void
shots_settle (BkWindow *window)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  g_autoptr (GPtrArray) above = NULL;
  gboolean busy = TRUE;

  /* Nothing pauses the table: its words go after a time (how long the computer players
   * thought decides whether they are still there), so none is shown. */
  g_clear_pointer (&above, g_ptr_array_unref);
  above = windows_above (window);
  if (above->len == 0)
    shots_wait_quiet (window);
  while (busy && g_get_monotonic_time () < end)
    {
      g_clear_pointer (&above, g_ptr_array_unref);
      above = windows_above (window);
      busy = shows_progress (GTK_WIDGET (window));
      for (guint i = 0; i < above->len; i++)
        busy = busy || shows_progress (g_ptr_array_index (above, i));
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  /* A dialog may take a few frames to find its size (height for width): wait until no
   * window has changed its size for a third of a second. */
  for (guint rounds = 0, still = 0; still < 3 && rounds < 50; rounds++)
    {
      g_autofree char *before = sizes_of (window);
      g_autofree char *after = NULL;

      shots_spin (G_USEC_PER_SEC / 10);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      g_clear_pointer (&above, g_ptr_array_unref);
      above = windows_above (window);
      for (guint i = 0; i < above->len; i++)
        gtk_test_widget_wait_for_draw (g_ptr_array_index (above, i));
      after = sizes_of (window);
      still = g_str_equal (before, after) ? still + 1 : 0;
    }
}

static void
snapshot_window (GtkSnapshot *snapshot,
                 GtkWidget   *widget,
                 int          x,
                 int          y)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  gtk_snapshot_restore (snapshot);
}

gboolean
shots_render (BkWindow   *window,
              int         width,
              int         height,
              const char *path,
              GError    **error)
{
  g_autoptr (GPtrArray) above = windows_above (window);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));

  if (gtk_widget_get_width (GTK_WIDGET (window)) != width ||
      gtk_widget_get_height (GTK_WIDGET (window)) != height)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   "the window is %dx%d, not %dx%d (is the screen large enough?)",
                   gtk_widget_get_width (GTK_WIDGET (window)),
                   gtk_widget_get_height (GTK_WIDGET (window)), width, height);
      return FALSE;
    }
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0, 0, 0, 1 },
                             &GRAPHENE_RECT_INIT (0, 0, width, height));
  snapshot_window (snapshot, GTK_WIDGET (window), 0, 0);
  for (guint i = 0; i < above->len; i++)
    {
      GtkWidget *top = g_ptr_array_index (above, i);

      /* One larger than the window shows its start, as on a small screen. */
      snapshot_window (snapshot, top, MAX (0, (width - gtk_widget_get_width (top)) / 2),
                       MAX (0, (height - gtk_widget_get_height (top)) / 2));
    }
  gtk_snapshot_pop (snapshot);
  node = gtk_snapshot_to_node (snapshot);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!gdk_texture_save_to_png (texture, path))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "could not write %s", path);
      return FALSE;
    }
  return TRUE;
}

void
shots_import_screen (const char *dir,
                     const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *command = g_strdup_printf ("import -window root %s", path);
  g_autoptr (GError) error = NULL;

  shots_spin (G_USEC_PER_SEC);
  if (!g_spawn_command_line_sync (command, NULL, NULL, NULL, &error))
    g_printerr ("%s\n", error->message);
  else
    g_print ("%s\n", path);
}
