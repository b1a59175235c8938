/* bk-preferences-window.c: Preferences. Every row is bound to its GSettings key. The Game
 * page has the shell's rows (the choices from one table below, in the order of the schema's
 * enum values), each game's group (BkGameView.preferences_group) and the computer players'
 * names; each game's page follows (BkGameView.preferences_page, e.g. its house rules).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-game-view.h"
#include "bk-preferences-row.h"
#include "bk-preferences-window.h"
#include "bk-window.h"
#include "bk-friends.h"

struct _BkPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  AdwPreferencesPage   *game_page;
  AdwPreferencesGroup  *cards_group;
  AdwPreferencesGroup  *names_group;
  GtkWidget            *name_rows[3];
  GSettings            *settings;
};

G_DEFINE_FINAL_TYPE (BkPreferencesWindow, bk_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The Cards group's rows. */
static const struct {
  const char *key;
  const char *title;
  const char *subtitle;
  const char *choices[7]; /* the enum's values in order, NULL-terminated; none: a switch */
} card_rows[] = {
  { "card-theme", N_("Deck"), NULL,
    { N_("Bavarian"), N_("French"), N_("French, four colours") } },
  { "animation-speed", N_("Animations"), NULL,
    { N_("Off"), N_("Slow"), N_("Normal"), N_("Fast") } },
  /* issue 34: on by default, as in GNOME's games; heard or not at once. */
  { "sounds", N_("Sounds"), N_("Cards, words and the score at the table"), { NULL } },
  /* Each language is named in its own words, so that a person finds theirs whatever the
   * language shown now. */
  { "language", N_("Language"), N_("Applied at the next start"),
    { N_("System"), "Deutsch", "English", "Русский", "日本語", "한국어" } },
  { "hints-allowed", N_("Hints Allowed"), N_("Ask for the Meister’s card with Ctrl+H"),
    { NULL } },
  { "take-back-allowed", N_("Take-Back Allowed"), N_("Take back your last card with Ctrl+Z"),
    { NULL } },
};

static void
name_changed_cb (GtkEditable         *editable,
                 BkPreferencesWindow *self)
{
  g_auto (GStrv) names = g_settings_get_strv (self->settings, "player-names");
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (editable), "index"));
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) updated = NULL;

  for (guint i = 0; i < 3; i++)
    g_strv_builder_add (builder, i == index ? gtk_editable_get_text (editable)
                                            : names && i < g_strv_length (names) ? names[i] : "");
  updated = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "player-names", (const char * const *) updated);
}

/* Each name row says where that player sits now: the seating draw moves them. */
static void
update_seats (BkPreferencesWindow *self)
{
  static const char *seat_titles[BK_N_SEATS] = {
    NULL, N_("West, on your left"), N_("North, opposite you: your partner"),
    N_("East, on your right"),
  };
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  for (guint i = 0; i < 3; i++)
    {
      BkSeat seat = (BkSeat) (i + 1);

      if (parent && BK_IS_WINDOW (parent))
        seat = bk_window_get_seat_of (BK_WINDOW (parent), i + 1);
      if (seat == BK_SEAT_NONE || seat == BK_SEAT_S)
        continue;
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->name_rows[i]),
                                     g_dgettext (GETTEXT_PACKAGE, seat_titles[seat]));
    }
}

static void
transient_for_cb (BkPreferencesWindow *self,
                  GParamSpec          *pspec,
                  gpointer             user_data)
{
  update_seats (self);
}

static void
add_name_rows (BkPreferencesWindow *self)
{
  g_auto (GStrv) names = g_settings_get_strv (self->settings, "player-names");

  for (guint i = 0; i < 3; i++)
    {
      GtkWidget *row = adw_entry_row_new ();

      self->name_rows[i] = row;
      if (names && i < g_strv_length (names))
        gtk_editable_set_text (GTK_EDITABLE (row), names[i]);
      g_object_set_data (G_OBJECT (row), "index", GUINT_TO_POINTER (i));
      g_signal_connect (row, "changed", G_CALLBACK (name_changed_cb), self);
      adw_preferences_group_add (self->names_group, row);
    }
  update_seats (self);
  g_signal_connect (self, "notify::transient-for", G_CALLBACK (transient_for_cb), NULL);
}

static void
bk_preferences_window_dispose (GObject *object)
{
  BkPreferencesWindow *self = BK_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), BK_TYPE_PREFERENCES_WINDOW);

  G_OBJECT_CLASS (bk_preferences_window_parent_class)->dispose (object);
}

static void
bk_preferences_window_class_init (BkPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/bk-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BkPreferencesWindow, game_page);
  gtk_widget_class_bind_template_child (widget_class, BkPreferencesWindow, cards_group);
  gtk_widget_class_bind_template_child (widget_class, BkPreferencesWindow, names_group);
}

typedef struct {
  guint      order;
  GtkWidget *page;
} Page;

static gint
page_compare (gconstpointer a,
              gconstpointer b)
{
  guint order_a = ((const Page *) a)->order;
  guint order_b = ((const Page *) b)->order;

  return (order_a > order_b) - (order_a < order_b);
}

/* The pages after the Game page, by their order: each game's (BkGameView.preferences_page
 * and preferences_order). A page of the shell goes into the same list with its order. */
static void
add_pages (BkPreferencesWindow *self)
{
  g_autoptr (GArray) pages = g_array_new (FALSE, FALSE, sizeof (Page));

  for (const BkGameView * const *view = bk_game_views (); *view; view++)
    if ((*view)->preferences_page)
      {
        Page page = { (*view)->preferences_order, (*view)->preferences_page (self->settings) };

        g_array_append_val (pages, page);
      }
  g_array_sort (pages, page_compare);
  for (guint i = 0; i < pages->len; i++)
    adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self),
                                ADW_PREFERENCES_PAGE (g_array_index (pages, Page, i).page));
}

static void
bk_preferences_window_init (BkPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new (APP_ID);

  for (guint i = 0; i < G_N_ELEMENTS (card_rows); i++)
    adw_preferences_group_add (self->cards_group,
                               bk_preferences_row_new (self->settings, card_rows[i].key,
                                                       card_rows[i].title, card_rows[i].subtitle,
                                                       card_rows[i].choices));
  for (const BkGameView * const *view = bk_game_views (); *view; view++)
    if ((*view)->preferences_group)
      {
        GtkWidget *group = (*view)->preferences_group (self->settings);

        adw_preferences_page_add (self->game_page, ADW_PREFERENCES_GROUP (group));
      }
  /* The names last, under the games' groups: the template keeps the group apart. */
  adw_preferences_page_add (self->game_page, self->names_group);
  add_name_rows (self);
  add_pages (self);
  /* Play with Friends (issue 24), last: nothing without the network layer */
  bk_friends_add_preferences_page (ADW_PREFERENCES_WINDOW (self));
  bk_window_fit_inside_parent (GTK_WINDOW (self));
}

GtkWidget *
bk_preferences_window_new (void)
{
  return g_object_new (BK_TYPE_PREFERENCES_WINDOW, NULL);
}
