/* bk-statistics-window.c: the person's record from the history (see the header). The
 * statistics are read on the history's worker thread; the window shows a spinner until
 * they come.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-balance-chart.h"
#include "bk-game-view.h"
#include "bk-statistics-window.h"

/* The last hands offered for a review. */
#define RECENT_HANDS 10

/* The sessions the chart of the running balance shows. */
#define CHART_SESSIONS 30

struct _BkStatisticsWindow
{
  AdwWindow          parent_instance;

  GtkStack          *stack;
  GtkBox            *content;
  AdwToastOverlay   *toasts;
  AdwStatusPage     *empty_page;

  BkHistoryRecorder *recorder;
  GCancellable      *cancellable;
  GHashTable        *values;   /* "game/strength[/assisted]/row" → GtkLabel (not owned) */
  GList             *children; /* what load() put into content */
  AdwMessageDialog  *dialog;   /* the confirmation of a reset, while shown */
  BkBalanceChart    *chart;    /* the first game's, while shown */
  gint64             load_start;
  gint64             load_usec;
};

G_DEFINE_FINAL_TYPE (BkStatisticsWindow, bk_statistics_window, ADW_TYPE_WINDOW)

static void load (BkStatisticsWindow *self);

/* The name a person knows a computer strength of @view's game by (the preferences' names,
 * BkGameView.strengths): stored as the engine's level or the setting's nick. */
static const char *
strength_name (const BkGameView *view,
               const char       *strength)
{
  for (const BkGameStrength *s = view->strengths; s && s->nick; s++)
    if (g_str_equal (strength, s->level) || g_str_equal (strength, s->nick))
      return s->name;
  if (g_str_equal (strength, "random"))
    /* Translators: computer players that play a random legal card */
    return _("random players");
  if (g_str_equal (strength, "mixed"))
    /* Translators: computer players of different strengths at one table */
    return _("mixed strengths");
  return strength;
}

static void
clear_content (BkStatisticsWindow *self)
{
  for (GList *l = self->children; l; l = l->next)
    gtk_box_remove (self->content, l->data);
  g_clear_pointer (&self->children, g_list_free);
  g_hash_table_remove_all (self->values);
  self->chart = NULL;
}

static void
append (BkStatisticsWindow *self,
        GtkWidget          *child)
{
  gtk_box_append (self->content, child);
  self->children = g_list_append (self->children, child);
}

/* A group of the statistics that rows are added to, its figures kept by key for the test
 * getter. */
struct _BkStatisticsRows
{
  BkStatisticsWindow  *window;
  AdwPreferencesGroup *group;
  const char          *id;     /* "game/strength[/assisted]" */
};

/* A row of @rows' group: @title and the figure @value (taken), @key for
 * bk_statistics_window_get_value(). */
void
bk_statistics_rows_take (BkStatisticsRows *rows,
                         const char       *key,
                         const char       *title,
                         char             *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_add_css_class (label, "numeric");
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                  label, NULL, -1);
  adw_preferences_group_add (rows->group, row);
  g_hash_table_insert (rows->window->values, g_strdup_printf ("%s/%s", rows->id, key), label);
  g_free (value);
}

/* "12 (34 %)": a count and its share of @hands. */
char *
bk_statistics_count_share (guint count,
                           guint hands)
{
  guint percent = hands ? (guint) ((count * 100.0) / hands + 0.5) : 0;

  /* Translators: a count and its share of the hands, e.g. "52 (48 %)" */
  return g_strdup_printf (_("%u (%u %%)"), count, percent);
}

/* "7 / 3": given and taken, won and lost, bid and made. */
char *
bk_statistics_pair (guint first,
                    guint second)
{
  /* Translators: two counts, e.g. Schneider given / taken: "7 / 3" */
  return g_strdup_printf (_("%u / %u"), first, second);
}

static void
add_group (BkStatisticsWindow   *self,
           const BkHistoryGroup *group)
{
  GtkWidget *widget = adw_preferences_group_new ();
  AdwPreferencesGroup *prefs = ADW_PREFERENCES_GROUP (widget);
  /* issue 24: the hands at a table with friends are a group of their own, whatever the
   * computer players at it. */
  g_autofree char *id = g_strdup_printf ("%s/%s%s", group->game,
                                         group->with_friends ? "with-friends" : group->strength,
                                         group->assisted ? "/assisted" : "");
  const BkGameView *view = bk_game_view_lookup (group->game);
  BkStatisticsRows rows = { self, prefs, id };
  g_autofree char *title = NULL;

  /* A game this version does not know: its figures as the first game's. */
  if (view == NULL)
    view = bk_game_views ()[0];
  /* Translators: a group of the statistics: the game and the computer players' strength,
   * e.g. "Bierkopf against Meister" */
  if (group->with_friends)
    /* Translators: a group of the statistics: the hands of a game played at a table with
     * friends, e.g. "Bierkopf with friends" */
    title = g_strdup_printf (_("%s with friends"), _(view->title));
  else
    title = g_strdup_printf (_("%s against %s"), _(view->title),
                             strength_name (view, group->strength));
  adw_preferences_group_set_title (prefs, title);
  if (group->with_friends)
    adw_preferences_group_set_description (prefs,
                                           group->assisted
                                           ? _("Hands at a table with friends, with hints")
                                           : _("Hands at a table with friends, counted apart "
                                               "from the hands alone"));
  else if (group->assisted)
    adw_preferences_group_set_description (prefs, _("Hands with hints or take-backs"));

  bk_statistics_rows_take (&rows, "hands", _("Hands"), g_strdup_printf ("%u", group->hands));
  bk_statistics_rows_take (&rows, "won", _("Won"),
                           bk_statistics_count_share (group->won, group->hands));
  bk_statistics_rows_take (&rows, "lost", _("Lost"),
                           bk_statistics_count_share (group->lost, group->hands));
  if (view->statistics_rows)
    view->statistics_rows (&rows, group);
  append (self, widget);
}

static void
add_chart (BkStatisticsWindow *self,
           const BkGameView   *view,
           GArray             *points)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *chart = bk_balance_chart_new ();
  g_autofree char *title = NULL;

  title = g_strdup (_(view->chart_title));
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("The running balance after each session"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (chart), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  title, -1);
  bk_balance_chart_set_points (BK_BALANCE_CHART (chart),
                               (const BkHistoryPoint *) points->data, points->len);
  gtk_widget_add_css_class (frame, "view");
  gtk_frame_set_child (GTK_FRAME (frame), chart);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), frame);
  /* The first game's chart is the one the tests look at. */
  if (view == bk_game_views ()[0])
    self->chart = BK_BALANCE_CHART (chart);
  append (self, group);
}

static void
review_clicked_cb (GtkButton          *button,
                   BkStatisticsWindow *self)
{
  const char *record = g_object_get_data (G_OBJECT (button), "record");
  const BkGameView *view = g_object_get_data (G_OBJECT (button), "game");

  gtk_window_present (view->review (GTK_WINDOW (self), NULL, record));
}

/* What asks for a game's last hands: the window cancels it as it goes (not owned). */
typedef struct {
  BkStatisticsWindow *self;
  const BkGameView   *view;
} Recent;

/* issue 17: the last hands of a game, each with a button for its review; the games in the
 * order of their views (issue 22: the recorder answers in the order asked). */
static void
recent_ready_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autofree Recent *recent = user_data;
  BkStatisticsWindow *self = recent->self;
  const BkGameView *view = recent->view;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) hands = NULL;
  GtkWidget *group;

  hands = bk_history_recorder_get_recent_finish (BK_HISTORY_RECORDER (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (hands == NULL || hands->len == 0 || gtk_widget_in_destruction (GTK_WIDGET (self)) ||
      g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "statistics") != 0)
    return;

  group = adw_preferences_group_new ();
  gtk_widget_set_name (group, view->recent_name);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _(view->recent_title));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _(view->recent_description));
  for (guint i = 0; i < hands->len; i++)
    {
      const BkHistoryHand *hand = g_ptr_array_index (hands, i);
      g_autoptr (GDateTime) date = g_date_time_new_from_unix_local (hand->date);
      g_autofree char *when = date ? g_date_time_format (date, "%x %X") : g_strdup ("");
      g_autofree char *what = view->recent_hand_title (hand);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Review"));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), what);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), when);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Review"), -1);
      g_object_set_data_full (G_OBJECT (button), "record", g_strdup (hand->record), g_free);
      g_object_set_data (G_OBJECT (button), "game", (gpointer) view);
      g_signal_connect (button, "clicked", G_CALLBACK (review_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
  append (self, group);
}

static void
show_stats (BkStatisticsWindow   *self,
            const BkHistoryStats *stats)
{
  clear_content (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "statistics.reset", stats->hands > 0);
  if (stats->hands == 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  for (const BkGameView * const *view = bk_game_views (); *view; view++)
    {
      GArray *points = (*view)->statistics_balance ? (*view)->statistics_balance (stats) : NULL;

      if (points && points->len)
        add_chart (self, *view, points);
    }
  for (guint i = 0; i < stats->groups->len; i++)
    add_group (self, g_ptr_array_index (stats->groups, i));
  gtk_stack_set_visible_child_name (self->stack, "statistics");
  for (const BkGameView * const *view = bk_game_views (); *view; view++)
    if ((*view)->review)
      {
        Recent *recent = g_new (Recent, 1);

        recent->self = self;
        recent->view = *view;
        bk_history_recorder_get_recent_async (self->recorder, (*view)->id, RECENT_HANDS,
                                              self->cancellable, recent_ready_cb, recent);
      }
}

static void
stats_ready_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (BkStatisticsWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistoryStats) stats = NULL;

  stats = bk_history_recorder_get_stats_finish (BK_HISTORY_RECORDER (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
      gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  if (stats == NULL)
    {
      g_autoptr (BkHistoryStats) empty = g_new0 (BkHistoryStats, 1);

      g_message ("The statistics cannot be read: %s", error->message);
      empty->groups = g_ptr_array_new ();
      show_stats (self, empty);
      if (g_error_matches (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_NEWER_SCHEMA))
        {
          /* Said on the page itself: it stays as long as the window. */
          adw_status_page_set_title (self->empty_page, _("History of a Newer Version"));
          adw_status_page_set_description (self->empty_page,
                                           _("The history of your hands was written by a "
                                             "newer version of Bierkopf. This version can "
                                             "neither show it nor record your hands in it."));
        }
      else
        adw_toast_overlay_add_toast (self->toasts,
                                     adw_toast_new (_("The history cannot be read now")));
    }
  else
    {
      const char *problem = bk_history_recorder_get_problem (self->recorder);

      show_stats (self, stats);
      /* E.g. a read-only history: shown, but this run's hands are not in it. */
      if (problem)
        {
          AdwToast *toast = adw_toast_new (problem);

          adw_toast_set_timeout (toast, 0);
          adw_toast_overlay_add_toast (self->toasts, toast);
        }
    }
  self->load_usec = g_get_monotonic_time () - self->load_start;
  g_debug ("The statistics of %u hands were shown after %" G_GINT64_FORMAT " µs",
           stats ? stats->hands : 0, self->load_usec);
}

static void
load (BkStatisticsWindow *self)
{
  self->load_start = g_get_monotonic_time ();
  self->load_usec = -1;
  gtk_stack_set_visible_child_name (self->stack, "loading");
  bk_history_recorder_get_stats_async (self->recorder, CHART_SESSIONS, self->cancellable,
                                       stats_ready_cb, g_object_ref (self));
}

static void
reset_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr (BkStatisticsWindow) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!bk_history_recorder_reset_finish (BK_HISTORY_RECORDER (source), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      g_message ("The history could not be reset: %s", error->message);
      adw_toast_overlay_add_toast (self->toasts,
                                   adw_toast_new (_("The statistics could not be reset")));
    }
  if (!gtk_widget_in_destruction (GTK_WIDGET (self)))
    load (self);
}

static void
reset_response_cb (AdwMessageDialog   *dialog,
                   const char         *response,
                   BkStatisticsWindow *self)
{
  if (self->dialog == dialog)
    self->dialog = NULL;
  if (!g_str_equal (response, "reset"))
    return;
  gtk_stack_set_visible_child_name (self->stack, "loading");
  bk_history_recorder_reset_async (self->recorder, self->cancellable, reset_done_cb,
                                   g_object_ref (self));
}

static void
reset_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  BkStatisticsWindow *self = BK_STATISTICS_WINDOW (widget);
  GtkWidget *dialog;

  if (self->dialog)
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Reset the Statistics?"),
                                   _("Every stored hand is forgotten, with the running "
                                     "balance. This cannot be undone."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "reset", _("_Reset"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "reset",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  self->dialog = ADW_MESSAGE_DIALOG (dialog);
  g_signal_connect_object (dialog, "response", G_CALLBACK (reset_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
bk_statistics_window_dispose (GObject *object)
{
  BkStatisticsWindow *self = BK_STATISTICS_WINDOW (object);

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->recorder);
  g_clear_pointer (&self->children, g_list_free);
  self->chart = NULL;
  if (self->values)
    g_hash_table_remove_all (self->values);

  gtk_widget_dispose_template (GTK_WIDGET (self), BK_TYPE_STATISTICS_WINDOW);

  G_OBJECT_CLASS (bk_statistics_window_parent_class)->dispose (object);
}

static void
bk_statistics_window_finalize (GObject *object)
{
  BkStatisticsWindow *self = BK_STATISTICS_WINDOW (object);

  g_hash_table_unref (self->values);

  G_OBJECT_CLASS (bk_statistics_window_parent_class)->finalize (object);
}

static void
bk_statistics_window_class_init (BkStatisticsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_statistics_window_dispose;
  object_class->finalize = bk_statistics_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/"
                                               "bk-statistics-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BkStatisticsWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, BkStatisticsWindow, content);
  gtk_widget_class_bind_template_child (widget_class, BkStatisticsWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, BkStatisticsWindow, empty_page);

  gtk_widget_class_install_action (widget_class, "statistics.reset", NULL, reset_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bk_statistics_window_init (BkStatisticsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* What the page before the first hand says is counted: the first game's words. */
  for (const BkGameView * const *view = bk_game_views (); *view; view++)
    if ((*view)->statistics_empty)
      {
        adw_status_page_set_description (self->empty_page, _((*view)->statistics_empty));
        break;
      }
  self->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->cancellable = g_cancellable_new ();
  self->load_usec = -1;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "statistics.reset", FALSE);
}

/* A window over @parent with the statistics of @recorder's history; they are read at
 * once, off the main thread. */
BkStatisticsWindow *
bk_statistics_window_new (GtkWindow         *parent,
                          BkHistoryRecorder *recorder)
{
  BkStatisticsWindow *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (BK_IS_HISTORY_RECORDER (recorder), NULL);

  self = g_object_new (BK_TYPE_STATISTICS_WINDOW, "transient-for", parent, NULL);
  self->recorder = g_object_ref (recorder);
  load (self);
  return self;
}

/* "loading", "empty" or "statistics". */
const char *
bk_statistics_window_get_page (BkStatisticsWindow *self)
{
  g_return_val_if_fail (BK_IS_STATISTICS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

/* The text of a figure as shown: @group is "bierkopf/meister",
 * "bierkopf/meister/assisted" or "bierkopf/with-friends", @row e.g. "won"; NULL if not
 * shown. */
const char *
bk_statistics_window_get_value (BkStatisticsWindow *self,
                                const char         *group,
                                const char         *row)
{
  g_autofree char *key = NULL;
  GtkLabel *label;

  g_return_val_if_fail (BK_IS_STATISTICS_WINDOW (self), NULL);

  key = g_strdup_printf ("%s/%s", group, row);
  label = g_hash_table_lookup (self->values, key);
  return label ? gtk_label_get_text (label) : NULL;
}

/* The confirmation of a reset, while shown. */
AdwMessageDialog *
bk_statistics_window_get_dialog (BkStatisticsWindow *self)
{
  g_return_val_if_fail (BK_IS_STATISTICS_WINDOW (self), NULL);
  return self->dialog;
}

/* How long the last load took from asking to showing, in µs; -1 while loading. */
gint64
bk_statistics_window_get_load_usec (BkStatisticsWindow *self)
{
  g_return_val_if_fail (BK_IS_STATISTICS_WINDOW (self), -1);
  return self->load_usec;
}

/* The sessions on the first game's chart (0 when none is shown). */
guint
bk_statistics_window_get_n_chart_points (BkStatisticsWindow *self)
{
  g_return_val_if_fail (BK_IS_STATISTICS_WINDOW (self), 0);
  return self->chart ? bk_balance_chart_get_n_points (self->chart) : 0;
}
