/* bk-application.c: the application and its actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>
#include <unistd.h>

#include "bk-application.h"
#include "bk-friends.h"
#include "bk-game-view.h"
#include "bk-preferences-window.h"
#include "bk-rules-window.h"
#include "bk-session-store.h"
#include "bk-lesson-window.h"
#include "bk-statistics-window.h"
#include "bk-window.h"

struct _BkApplication
{
  AdwApplication parent_instance;

  guint          sigterm_id;
  guint          sigint_id;
  int            lock_fd;  /* held while we play the saves; -1 when another instance does */
  GError        *lock_error;
  char          *join;     /* bierkopf --join URI: the table to join once the window is up */
};

G_DEFINE_FINAL_TYPE (BkApplication, bk_application, ADW_TYPE_APPLICATION)

static void
already_open_response_cb (GApplication *app)
{
  g_application_quit (app);
}

/* Another instance plays the saves (no session bus made us one application): we say so and
 * go, and never write a save it writes. */
static void
tell_already_open (BkApplication *self)
{
  AdwMessageDialog *dialog;

  g_printerr ("%s\n", self->lock_error->message);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (NULL, _("Bierkopf Is Already Open"),
                                                       NULL));
  if (g_error_matches (self->lock_error, G_IO_ERROR, G_IO_ERROR_BUSY))
    adw_message_dialog_set_body (dialog, _("Bierkopf is already open in another window. Play "
                                           "on there: two windows would save over each "
                                           "other’s game."));
  else
    adw_message_dialog_format_body (dialog, _("Bierkopf cannot make sure it is open only "
                                              "once: %s"), self->lock_error->message);
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_set_application (GTK_WINDOW (dialog), GTK_APPLICATION (self));
  g_signal_connect_object (dialog, "response", G_CALLBACK (already_open_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The game's window (the active one may be the lobby or Preferences over it). */
static BkWindow *
find_game_window (GtkApplication *app)
{
  for (GList *l = gtk_application_get_windows (app); l; l = l->next)
    if (BK_IS_WINDOW (l->data))
      return l->data;
  return NULL;
}

/* The first start offers the lessons once (issue 33); the menu always has them. */
static void
offer_lessons (BkWindow *window)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);

  if (g_settings_get_boolean (settings, "lessons-offered"))
    return;
  g_settings_set_boolean (settings, "lessons-offered", TRUE);
  bk_window_offer (window, _("New to Bierkopf?"), _("Learn to Play"), "app.learn");
}

static void
bk_application_activate (GApplication *app)
{
  BkApplication *self = BK_APPLICATION (app);
  BkWindow *window = find_game_window (GTK_APPLICATION (app));
  gboolean running = window != NULL;

  if (self->lock_fd < 0)
    {
      if (gtk_application_get_active_window (GTK_APPLICATION (app)) == NULL)
        tell_already_open (self);
      return;
    }
  if (window == NULL)
    window = bk_window_new (ADW_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  if (!running)
    offer_lessons (window);
#ifdef BK_HAVE_NET
  /* a --join sent to the running app asks first when a hand alone is in play */
  if (self->join && running)
    bk_friends_join_running (window, self->join);
  else if (self->join)
    bk_friends_join_table (window, self->join);
  /* a table the host kept for later: the host is asked whether it opens again (hostquit) */
  else if (!running && g_object_get_data (G_OBJECT (window), "bk-friends-link") == NULL)
    bk_friends_reopen_table (window);
  g_clear_pointer (&self->join, g_free);
#endif
}

/* Every start's command line comes here, in the primary instance: its own, or one a later
 * `bierkopf --join URI` sent (issue 24), which then exits; the window joins that table. */
static int
bk_application_command_line (GApplication            *app,
                             GApplicationCommandLine *command_line)
{
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  BkApplication *self = BK_APPLICATION (app);
  g_autofree const char **links = NULL;

  g_clear_pointer (&self->join, g_free);
  g_variant_dict_lookup (options, "join", "s", &self->join);
  /* a click on a bierkopf: link (the desktop file's handler, issue 32) */
  if (self->join == NULL && g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&s", &links))
    for (guint i = 0; links[i] && self->join == NULL; i++)
      if (bk_application_is_link (links[i]))
        self->join = g_strdup (links[i]);
  g_application_activate (app);
  return 0;
}

gboolean
bk_application_is_link (const char *argument)
{
  g_return_val_if_fail (argument != NULL, FALSE);
  return g_ascii_strncasecmp (argument, "bierkopf:", 9) == 0;
}

/* Closing a window saves its session and waits until it is on disk. A window still
 * reading its save closes once it has read it; the application ends with its last window. */
static void
close_windows (GtkApplication *app)
{
  g_autoptr (GList) windows = g_list_copy (gtk_application_get_windows (app));

  for (GList *l = windows; l; l = l->next)
    gtk_window_close (l->data);
  if (gtk_application_get_windows (app) == NULL)
    g_application_quit (G_APPLICATION (app));
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  close_windows (GTK_APPLICATION (user_data));
}

/* SIGTERM (a logout, a system shutdown) and SIGINT quit as cleanly as Ctrl+Q. */
static gboolean
signal_cb (gpointer user_data)
{
  g_debug ("Quitting on a signal");
  /* nobody is there to answer: a host's table is kept for later (hostquit) */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (user_data)); l; l = l->next)
    if (BK_IS_WINDOW (l->data))
      bk_friends_keep_table (l->data);
  close_windows (GTK_APPLICATION (user_data));
  return G_SOURCE_CONTINUE;
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  static const char *developers[] = { "The Bierkopf developers", NULL };
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", parent,
                        "application-name", _("Bierkopf"),
                        "application-icon", APP_ID,
                        "developer-name", _("The Bierkopf developers"),
                        "version", PACKAGE_VERSION,
                        "website", "https://github.com/bierkopf/bierkopf",
                        "issue-url", "https://github.com/bierkopf/bierkopf/issues",
                        "comments", _("The Franconian pub card game for one player against "
                                      "three computer players, with Bavarian or French cards."),
                        "developers", developers,
                        "artists", developers,
                        /* Translators: your names, one per line */
                        "translator-credits", _("translator-credits"),
                        "copyright", "© 2026 The Bierkopf developers",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  GtkWidget *preferences = bk_preferences_window_new ();

  gtk_window_set_transient_for (GTK_WINDOW (preferences), parent);
  gtk_window_present (GTK_WINDOW (preferences));
}

static void
rules_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  /* The rules of the game played in the window. */
  GtkWidget *rules = bk_rules_window_new_for_game (parent && BK_IS_WINDOW (parent)
                                                   ? bk_window_get_game_id (BK_WINDOW (parent))
                                                   : bk_game_views ()[0]->choices[0].id);

  gtk_window_set_transient_for (GTK_WINDOW (rules), parent);
  gtk_window_present (GTK_WINDOW (rules));
}

/* The statistics of the history the game window keeps. */
static void
statistics_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  if (!BK_IS_WINDOW (parent))
    parent = GTK_WINDOW (gtk_window_get_transient_for (parent));
  if (!BK_IS_WINDOW (parent))
    return;
  gtk_window_present (GTK_WINDOW (bk_statistics_window_new (
    parent, bk_window_get_history_recorder (BK_WINDOW (parent)))));
}

/* Learn to Play (issue 33): the lessons at their own table, beside the session. */
static void
learn_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkWindow *parent = GTK_WINDOW (find_game_window (GTK_APPLICATION (user_data)));
  GtkWidget *lessons = bk_lesson_window_new (parent);

  bk_lesson_window_open (BK_LESSON_WINDOW (lessons), NULL);
  gtk_window_present (GTK_WINDOW (lessons));
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated },
  { "about", about_activated },
  { "preferences", preferences_activated },
  { "rules", rules_activated },
  { "statistics", statistics_activated },
  { "learn", learn_activated },
};

static void
bk_application_startup (GApplication *app)
{
  BkApplication *self = BK_APPLICATION (app);
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *preferences_accels[] = { "<Control>comma", NULL };
  static const char *rules_accels[] = { "F1", NULL };
  static const char *statistics_accels[] = { "<Control>i", NULL };
  static const char *close_accels[] = { "<Control>w", NULL };
  static const char *shortcuts_accels[] = { "<Control>question", NULL };

  G_APPLICATION_CLASS (bk_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions),
                                   app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences",
                                         preferences_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.rules", rules_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.statistics",
                                         statistics_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "window.close", close_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-shortcuts",
                                         shortcuts_accels);

  self->sigterm_id = g_unix_signal_add (SIGTERM, signal_cb, app);
  self->sigint_id = g_unix_signal_add (SIGINT, signal_cb, app);

  /* One instance per saves: with a session bus GApplication sees to it; without one, a
   * second primary instance would write the same save. */
  self->lock_fd = bk_session_store_lock (NULL, &self->lock_error);
}

static void
bk_application_shutdown (GApplication *app)
{
  BkApplication *self = BK_APPLICATION (app);

  g_clear_handle_id (&self->sigterm_id, g_source_remove);
  g_clear_handle_id (&self->sigint_id, g_source_remove);
  G_APPLICATION_CLASS (bk_application_parent_class)->shutdown (app);
  /* After the windows: a table with friends says goodbye on the account's stream. */
  bk_friends_shutdown ();
  /* Released after the windows have saved. */
  if (self->lock_fd >= 0)
    close (self->lock_fd);
  self->lock_fd = -1;
}

static void
bk_application_finalize (GObject *object)
{
  BkApplication *self = BK_APPLICATION (object);

  g_clear_error (&self->lock_error);
  g_free (self->join);
  G_OBJECT_CLASS (bk_application_parent_class)->finalize (object);
}

static void
bk_application_class_init (BkApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bk_application_finalize;
  app_class->activate = bk_application_activate;
  app_class->command_line = bk_application_command_line;
  app_class->startup = bk_application_startup;
  app_class->shutdown = bk_application_shutdown;
}

static void
bk_application_init (BkApplication *self)
{
  self->lock_fd = -1;
#ifdef BK_HAVE_NET
  g_application_add_main_option (G_APPLICATION (self), "join", 0, G_OPTION_FLAG_NONE,
                                 G_OPTION_ARG_STRING, _("Join the table of an invitation link"),
                                 "URI");
  /* `bierkopf bierkopf:xmpp:…`, as the desktop file's Exec passes a clicked link */
  g_application_add_main_option (G_APPLICATION (self), G_OPTION_REMAINING, 0,
                                 G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING_ARRAY, "", "[LINK]");
#endif
}

BkApplication *
bk_application_new (void)
{
  return g_object_new (BK_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_COMMAND_LINE,
                       "resource-base-path", "/io/github/bierkopf/Bierkopf",
                       NULL);
}
