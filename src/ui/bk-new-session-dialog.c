/* bk-new-session-dialog.c: the choice of the game before a new session: a row for each
 * form of each game (the views' BkGameView.choices, bk_game_views()), and under them the
 * options a game has for its forms (its view's chooser_options), sensitive when one of
 * those forms is chosen. It starts from the last choice in GSettings and writes the new
 * one there when the person starts the session (bk_new_session_dialog_apply()). Responds
 * "new", "resume" (go back to the saved session of another game, which switching does not
 * lose) or "cancel" (the default). With friends (issue 24), two rows under the options
 * respond "friends" (a table of the chosen game) and "join": a message dialog's buttons are
 * few, and five of them stacked on a phone pushed the last ones off the screen. The rows
 * scroll when the dialog would be taller than its window, the buttons never do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-game-view.h"
#include "bk-new-session-dialog.h"
#include "bk-session-store.h"

/* A row of the chooser. */
typedef struct {
  const BkGameView   *view;
  const BkGameChoice *choice;
  GtkWidget          *check;
} Row;

/* A game's options under the rows. */
typedef struct {
  const BkGameView   *view;
  GtkWidget          *widget;
} Options;

struct _BkNewSessionDialog
{
  AdwMessageDialog  parent_instance;

  GSettings        *settings;
  char             *current;           /* the game of the running session */
  GArray           *rows;              /* of Row, in the chooser's order */
  GArray           *options;           /* of Options */
  GtkListBox       *games;
  GtkWidget        *box;               /* the rows and the options, under the heading */
  GtkScrolledWindow *scroller;         /* round the box */
};

G_DEFINE_FINAL_TYPE (BkNewSessionDialog, bk_new_session_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* The rows' width (bk-new-session-dialog.ui), and what the message dialog adds round them. */
#define ROWS_WIDTH 380
#define DIALOG_MARGINS 60
/* What AdwMessageDialog keeps free above and below it in its parent (libadwaita 1.2). */
#define DIALOG_MARGIN_VERT 24

/* The box's rows scroll rather than push the responses below the edge of the window the
 * dialog is over: AdwMessageDialog takes at most the parent's height less its margins
 * (DIALOG_MARGIN_VERT above and below, libadwaita 1.2) and lets what does not fit stick
 * out, so the rows get what the rest of the dialog (heading, body, buttons) leaves. */
static void
fit_height (BkNewSessionDialog *self)
{
  GtkWidget *parent = GTK_WIDGET (gtk_window_get_transient_for (GTK_WINDOW (self)));
  int parent_width, parent_height, width = 0, rest = 0, content = 0, room;

  if (parent == NULL || (parent_height = gtk_widget_get_height (parent)) <= 0)
    return;
  parent_width = gtk_widget_get_width (parent);
  gtk_scrolled_window_set_max_content_height (self->scroller, -1);
  gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width,
                      NULL, NULL);
  if (parent_width > 0)
    width = MIN (width, parent_width);
  gtk_widget_measure (GTK_WIDGET (self->scroller), GTK_ORIENTATION_VERTICAL, -1, NULL,
                      &content, NULL, NULL);
  /* the rest: the dialog with its rows' window at its smallest */
  gtk_scrolled_window_set_max_content_height (self->scroller, 0);
  gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_VERTICAL, width, NULL, &rest,
                      NULL, NULL);
  gtk_scrolled_window_set_max_content_height (self->scroller, -1);
  room = parent_height - 2 * DIALOG_MARGIN_VERT - rest;
  if (content > room)
    gtk_scrolled_window_set_max_content_height (self->scroller, MAX (room, 120));
}

static const Row *
chosen_row (BkNewSessionDialog *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      const Row *row = &g_array_index (self->rows, Row, i);

      if (gtk_check_button_get_active (GTK_CHECK_BUTTON (row->check)))
        return row;
    }
  return &g_array_index (self->rows, Row, 0);
}

/* The row of the choice @id, or the first. */
static const Row *
find_row (BkNewSessionDialog *self,
          const char         *id)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      const Row *row = &g_array_index (self->rows, Row, i);

      if (g_strcmp0 (row->choice->id, id) == 0)
        return row;
    }
  return &g_array_index (self->rows, Row, 0);
}

const char *
bk_new_session_dialog_get_game (BkNewSessionDialog *self)
{
  g_return_val_if_fail (BK_IS_NEW_SESSION_DIALOG (self), NULL);
  return chosen_row (self)->choice->id;
}

/* What the dialog says and offers for the game chosen now. */
static void
update (BkNewSessionDialog *self)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (self);
  const Row *row = chosen_row (self);
  const char *game = row->choice->id;
  g_autofree char *path = bk_session_store_dup_path_for_game (game);
  gboolean other = self->current && !g_str_equal (game, self->current);
  gboolean saved = other && g_file_test (path, G_FILE_TEST_IS_REGULAR);

  for (guint i = 0; i < self->options->len; i++)
    {
      const Options *options = &g_array_index (self->options, Options, i);

      gtk_widget_set_sensitive (options->widget,
                                options->view == row->view && row->choice->has_options);
    }
  adw_message_dialog_set_response_enabled (dialog, "resume", saved);
  if (other)
    adw_message_dialog_set_body (dialog, saved
                                 ? _("The current session is kept. This game’s saved session "
                                     "can be continued, or a new one started in its place.")
                                 : _("The current session is kept and goes on when you choose "
                                     "its game again."));
  else
    adw_message_dialog_set_body (dialog, _(row->view->restart_body));
  /* Another game loses nothing: starting it is the default then. */
  adw_message_dialog_set_response_appearance (dialog, "new", other ? ADW_RESPONSE_SUGGESTED
                                                                   : ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, other ? "new" : "cancel");
  fit_height (self);
}

void
bk_new_session_dialog_set_game (BkNewSessionDialog *self,
                                const char         *game)
{
  g_return_if_fail (BK_IS_NEW_SESSION_DIALOG (self));

  gtk_check_button_set_active (GTK_CHECK_BUTTON (find_row (self, game)->check), TRUE);
  update (self);
}

/* Keeps the choice for the next time (and for bk_settings_get_rules()). */
void
bk_new_session_dialog_apply (BkNewSessionDialog *self)
{
  g_return_if_fail (BK_IS_NEW_SESSION_DIALOG (self));

  g_settings_set_string (self->settings, "last-game", bk_new_session_dialog_get_game (self));
  for (guint i = 0; i < self->options->len; i++)
    {
      const Options *options = &g_array_index (self->options, Options, i);

      options->view->chooser_apply (options->widget, self->settings);
    }
}

static void
bk_new_session_dialog_dispose (GObject *object)
{
  BkNewSessionDialog *self = BK_NEW_SESSION_DIALOG (object);

  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), BK_TYPE_NEW_SESSION_DIALOG);

  G_OBJECT_CLASS (bk_new_session_dialog_parent_class)->dispose (object);
}

static void
bk_new_session_dialog_finalize (GObject *object)
{
  BkNewSessionDialog *self = BK_NEW_SESSION_DIALOG (object);

  g_free (self->current);
  g_array_unref (self->rows);
  g_array_unref (self->options);

  G_OBJECT_CLASS (bk_new_session_dialog_parent_class)->finalize (object);
}

static void
bk_new_session_dialog_class_init (BkNewSessionDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_new_session_dialog_dispose;
  object_class->finalize = bk_new_session_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/"
                                               "bk-new-session-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, BkNewSessionDialog, games);
  gtk_widget_class_bind_template_child (widget_class, BkNewSessionDialog, scroller);
  gtk_widget_class_bind_template_child_full (widget_class, "rows", FALSE,
                                             G_STRUCT_OFFSET (BkNewSessionDialog, box));
}

/* A row with a check button (a radio of @group) as its activatable prefix. */
static GtkWidget *
check_row (const char *title,
           const char *subtitle,
           GtkWidget  *group,
           GtkWidget **check)
{
  GtkWidget *row = adw_action_row_new ();

  *check = gtk_check_button_new ();
  if (group)
    gtk_check_button_set_group (GTK_CHECK_BUTTON (*check), GTK_CHECK_BUTTON (group));
  gtk_widget_set_valign (*check, GTK_ALIGN_CENTER);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), *check);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), *check);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_accessible_update_property (GTK_ACCESSIBLE (*check), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  return row;
}

static void
bk_new_session_dialog_init (BkNewSessionDialog *self)
{
  const BkGameView * const *views = bk_game_views ();
  g_autofree char *game = NULL;
  GtkWidget *first = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new (APP_ID);
  self->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  self->options = g_array_new (FALSE, TRUE, sizeof (Options));

  for (guint i = 0; views[i]; i++)
    {
      for (guint c = 0; views[i]->choices[c].id; c++)
        {
          Row row = { views[i], &views[i]->choices[c], NULL };

          gtk_list_box_append (self->games, check_row (_(row.choice->title),
                                                       _(row.choice->subtitle), first,
                                                       &row.check));
          first = first ? first : row.check;
          g_array_append_val (self->rows, row);
        }
      if (views[i]->chooser_options)
        {
          Options options = { views[i], views[i]->chooser_options (self->settings) };

          gtk_box_append (GTK_BOX (self->box), options.widget);
          g_array_append_val (self->options, options);
        }
    }

  game = g_settings_get_string (self->settings, "last-game");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (find_row (self, game)->check), TRUE);
  for (guint i = 0; i < self->rows->len; i++)
    g_signal_connect_swapped (g_array_index (self->rows, Row, i).check, "toggled",
                              G_CALLBACK (update), self);
  update (self);
}

BkNewSessionDialog *
bk_new_session_dialog_new (GtkWindow *parent)
{
  BkNewSessionDialog *self = g_object_new (BK_TYPE_NEW_SESSION_DIALOG,
                                           "transient-for", parent, NULL);
  int width = parent ? gtk_widget_get_width (GTK_WIDGET (parent)) : 0;

  /* On a narrow window the rows wrap their titles rather than make the dialog wider than
   * the window: the dialog's margins take DIALOG_MARGINS pixels. */
  if (width > 0 && width - DIALOG_MARGINS < ROWS_WIDTH)
    gtk_widget_set_size_request (self->box, MAX (width - DIALOG_MARGINS, 200), -1);
  fit_height (self);
  return self;
}

/* Every chooser over @parent goes without an answer: e.g. the table with friends opened
 * in @parent, and a choice made before it must not end it (issue 34). */
void
bk_new_session_dialog_close_over (GtkWindow *parent)
{
  g_autoptr (GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());
  g_autoptr (GPtrArray) choosers = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (GTK_IS_WINDOW (parent));

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (BK_IS_NEW_SESSION_DIALOG (window) && gtk_window_get_transient_for (window) == parent)
        g_ptr_array_add (choosers, g_steal_pointer (&window));
    }
  for (guint i = 0; i < choosers->len; i++)
    gtk_window_destroy (g_ptr_array_index (choosers, i));
}

#ifdef BK_HAVE_NET
/* Answers as a response button does, and goes: libadwaita 1.2 closes the dialog only for
 * its own buttons, and a chooser left open over the table with friends (issue 34) kept its
 * New Session one Return away. */
static void
friends_row_activated_cb (AdwActionRow       *row,
                          BkNewSessionDialog *self)
{
  g_object_ref (self);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (self),
                               g_object_get_data (G_OBJECT (row), "bk-response"));
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

/* A row that responds @response, with a mnemonic in @title. */
static GtkWidget *
friends_row (BkNewSessionDialog *self,
             const char         *response,
             const char         *title,
             const char         *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_name (row, response);
  g_object_set_data (G_OBJECT (row), "bk-response", (gpointer) response);
  g_signal_connect_object (row, "activated", G_CALLBACK (friends_row_activated_cb), self, 0);
  return row;
}

/* issue 24: the chosen game at a table with friends, or a friend's table. */
static void
add_friends_rows (BkNewSessionDialog *self)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("With Friends"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             friends_row (self, "friends", _("Table with _Friends"),
                                          _("This game, with friends who join by a link")));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             friends_row (self, "join", _("_Join a Table"),
                                          _("A friend’s table, by the invitation link")));
  gtk_widget_set_margin_top (group, 6);
  gtk_box_append (GTK_BOX (self->box), group);
}
#endif

/* @current_game is the game of the running session: choosing another one keeps it. */
BkNewSessionDialog *
bk_new_session_dialog_new_for (GtkWindow  *parent,
                               const char *current_game)
{
  BkNewSessionDialog *self = bk_new_session_dialog_new (parent);

  self->current = g_strdup (current_game);
#ifdef BK_HAVE_NET
  add_friends_rows (self);
#endif
  bk_new_session_dialog_set_game (self, current_game);
  return self;
}
