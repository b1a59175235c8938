/* bk-new-session-dialog.c: the choice of the game before a new session: Bierkopf, Herzla
 * for four players (with Beddl and Mord) or Herzla's simple form for 3 to 8 players with
 * its end (rounds or a penalty limit, docs/rules-herzla.md H6.3). It starts from the last
 * choice in GSettings and writes the new one there when the person starts the session
 * (bk_new_session_dialog_apply()). Responds "new", "resume" (go back to the saved session
 * of another game, which switching does not lose) or "cancel" (the default).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-new-session-dialog.h"
#include "bk-session-store.h"

static const char *games[] = { "bierkopf", "herzla", "herzla-simple" };

struct _BkNewSessionDialog
{
  AdwMessageDialog  parent_instance;

  GSettings        *settings;
  char             *current;           /* the game of the running session */
  GtkWidget        *game_checks[G_N_ELEMENTS (games)];
  GtkWidget        *simple_group;
  GtkWidget        *players;
  GtkWidget        *by_rounds;
  GtkWidget        *rounds;
  GtkWidget        *limit;
  GtkWidget        *rows;              /* the choices, under the heading */
};

G_DEFINE_FINAL_TYPE (BkNewSessionDialog, bk_new_session_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* The rows' width, and what the message dialog adds round them. */
#define ROWS_WIDTH 380
#define DIALOG_MARGINS 60

static guint
game_index (const char *game)
{
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    if (g_strcmp0 (games[i], game) == 0)
      return i;
  return 0;
}

const char *
bk_new_session_dialog_get_game (BkNewSessionDialog *self)
{
  g_return_val_if_fail (BK_IS_NEW_SESSION_DIALOG (self), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    if (gtk_check_button_get_active (GTK_CHECK_BUTTON (self->game_checks[i])))
      return games[i];
  return games[0];
}

/* What the dialog says and offers for the game chosen now. */
static void
update (BkNewSessionDialog *self)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (self);
  const char *game = bk_new_session_dialog_get_game (self);
  g_autofree char *path = bk_session_store_dup_path_for_game (game);
  gboolean other = self->current && !g_str_equal (game, self->current);
  gboolean saved = other && g_file_test (path, G_FILE_TEST_IS_REGULAR);
  gboolean by_rounds = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->by_rounds));

  gtk_widget_set_sensitive (self->simple_group, g_str_equal (game, "herzla-simple"));
  gtk_widget_set_sensitive (self->rounds, by_rounds);
  gtk_widget_set_sensitive (self->limit, !by_rounds);
  adw_message_dialog_set_response_enabled (dialog, "resume", saved);
  if (other)
    adw_message_dialog_set_body (dialog, saved
                                 ? _("The current session is kept. This game’s saved session "
                                     "can be continued, or a new one started in its place.")
                                 : _("The current session is kept and goes on when you choose "
                                     "its game again."));
  else if (g_str_equal (game, "bierkopf"))
    adw_message_dialog_set_body (dialog, _("The coasters are wiped and seats are drawn again. "
                                           "The current session is lost."));
  else
    adw_message_dialog_set_body (dialog, _("The balances and the stock start afresh. "
                                           "The current session is lost."));
  /* Another game loses nothing: starting it is the default then. */
  adw_message_dialog_set_response_appearance (dialog, "new", other ? ADW_RESPONSE_SUGGESTED
                                                                   : ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, other ? "new" : "cancel");
}

void
bk_new_session_dialog_set_game (BkNewSessionDialog *self,
                                const char         *game)
{
  g_return_if_fail (BK_IS_NEW_SESSION_DIALOG (self));

  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->game_checks[game_index (game)]), TRUE);
  update (self);
}

/* Keeps the choice for the next time (and for bk_settings_get_rules()). */
void
bk_new_session_dialog_apply (BkNewSessionDialog *self)
{
  g_return_if_fail (BK_IS_NEW_SESSION_DIALOG (self));

  g_settings_set_string (self->settings, "last-game", bk_new_session_dialog_get_game (self));
  g_settings_set_int (self->settings, "herzla-players",
                      gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->players)));
  g_settings_set_string (self->settings, "herzla-end",
                         gtk_check_button_get_active (GTK_CHECK_BUTTON (self->by_rounds))
                         ? "rounds" : "limit");
  g_settings_set_int (self->settings, "herzla-rounds",
                      gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->rounds)));
  g_settings_set_int (self->settings, "herzla-limit",
                      gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->limit)));
}

static void
bk_new_session_dialog_dispose (GObject *object)
{
  BkNewSessionDialog *self = BK_NEW_SESSION_DIALOG (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (bk_new_session_dialog_parent_class)->dispose (object);
}

static void
bk_new_session_dialog_finalize (GObject *object)
{
  BkNewSessionDialog *self = BK_NEW_SESSION_DIALOG (object);

  g_free (self->current);

  G_OBJECT_CLASS (bk_new_session_dialog_parent_class)->finalize (object);
}

static void
bk_new_session_dialog_class_init (BkNewSessionDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bk_new_session_dialog_dispose;
  object_class->finalize = bk_new_session_dialog_finalize;
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

static GtkWidget *
spin (int         min,
      int         max,
      int         value,
      const char *label)
{
  GtkWidget *button = gtk_spin_button_new_with_range (min, max, 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (button), value);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  return button;
}

static void
bk_new_session_dialog_init (BkNewSessionDialog *self)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (self);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *simple = gtk_list_box_new ();
  GtkWidget *row;
  g_autofree char *game = NULL;

  self->settings = g_settings_new (APP_ID);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_list_box_append (GTK_LIST_BOX (list),
                       check_row (_("Bierkopf"), _("Two against two, with table talk and "
                                                   "coasters"), NULL, &self->game_checks[0]));
  gtk_list_box_append (GTK_LIST_BOX (list),
                       check_row (_("Herzla"), _("Four players, with Beddl and Mord, for cents"),
                                  self->game_checks[0], &self->game_checks[1]));
  gtk_list_box_append (GTK_LIST_BOX (list),
                       check_row (_("Herzla for 3 to 8 Players"),
                                  _("The simple form: every heart is a penalty point"),
                                  self->game_checks[0], &self->game_checks[2]));
  gtk_box_append (GTK_BOX (box), list);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (simple), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (simple, "boxed-list");
  self->simple_group = simple;
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Players"));
  self->players = spin (3, 8, g_settings_get_int (self->settings, "herzla-players"),
                        _("Players"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), self->players);
  gtk_list_box_append (GTK_LIST_BOX (simple), row);

  row = check_row (_("Rounds"), _("Every player deals once a round"), NULL, &self->by_rounds);
  self->rounds = spin (1, 99, g_settings_get_int (self->settings, "herzla-rounds"), _("Rounds"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), self->rounds);
  gtk_list_box_append (GTK_LIST_BOX (simple), row);
  {
    GtkWidget *by_limit;

    row = check_row (_("Penalty Limit"), _("Ends when somebody reaches it"), self->by_rounds,
                     &by_limit);
    self->limit = spin (5, 999, g_settings_get_int (self->settings, "herzla-limit"),
                        _("Penalty Limit"));
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), self->limit);
    gtk_list_box_append (GTK_LIST_BOX (simple), row);
    gtk_check_button_set_active (GTK_CHECK_BUTTON (g_settings_get_enum (self->settings,
                                                                        "herzla-end") == 0
                                                   ? self->by_rounds : by_limit), TRUE);
  }
  gtk_box_append (GTK_BOX (box), simple);
  /* Wide enough that the rows' titles stay whole in German too (narrowed to a phone's
   * width by bk_new_session_dialog_new()). */
  gtk_widget_set_size_request (box, ROWS_WIDTH, -1);
  adw_message_dialog_set_extra_child (dialog, box);
  self->rows = box;

  game = g_settings_get_string (self->settings, "last-game");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->game_checks[game_index (game)]), TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    g_signal_connect_swapped (self->game_checks[i], "toggled", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->by_rounds, "toggled", G_CALLBACK (update), self);

  adw_message_dialog_set_heading (dialog, _("Start a New Session?"));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"),
                                    "resume", _("C_ontinue Saved"),
                                    "new", _("_New Session"), NULL);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
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
    gtk_widget_set_size_request (self->rows, MAX (width - DIALOG_MARGINS, 200), -1);
  return self;
}

/* @current_game is the game of the running session: choosing another one keeps it. */
BkNewSessionDialog *
bk_new_session_dialog_new_for (GtkWindow  *parent,
                               const char *current_game)
{
  BkNewSessionDialog *self = bk_new_session_dialog_new (parent);

  self->current = g_strdup (current_game);
  bk_new_session_dialog_set_game (self, current_game);
  return self;
}
