/* bk-rules-window.c: the rules of a game in short, from its view (BkGameView.rules_title
 * and rules_sections), each house rule shown as it is set now.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-card.h"
#include "bk-game-view.h"
#include "bk-rules-markup.h"
#include "bk-rules-window.h"
#include "bk-window.h"
#include "bk-settings.h"

struct _BkRulesWindow
{
  AdwWindow       parent_instance;

  AdwWindowTitle *title_widget;
  GtkTextView    *text;
};

G_DEFINE_FINAL_TYPE (BkRulesWindow, bk_rules_window, ADW_TYPE_WINDOW)

static void
bk_rules_window_class_init (BkRulesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/bk-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BkRulesWindow, text);
  gtk_widget_class_bind_template_child (widget_class, BkRulesWindow, title_widget);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bk_rules_window_init (BkRulesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  bk_window_fit_inside_parent (GTK_WINDOW (self));
}

/* The rules of the game of the chooser's row @game (BkGameChoice; NULL or a row of no game:
 * the first game's) with the house rules of its next session. */
GtkWidget *
bk_rules_window_new_for_game (const char *game)
{
  BkRulesWindow *self = g_object_new (BK_TYPE_RULES_WINDOW, NULL);
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *markup = NULL;
  const BkGameView *view = game ? bk_game_view_for_choice (game) : NULL;
  /* The deck of the preferences: "bavarian", "french" or "french-4color". */
  BkDeckStyle deck = g_settings_get_enum (settings, "card-theme") == 0 ? BK_DECK_BAVARIAN
                                                                       : BK_DECK_FRENCH;
  BkRules rules;

  if (view == NULL)
    {
      view = bk_game_views ()[0];
      game = view->choices[0].id;
    }
  bk_settings_get_rules_for (settings, game, &rules);
  if (view->rules_title)
    adw_window_title_set_title (self->title_widget, _(view->rules_title));
  if (view->rules_sections)
    {
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text);
      GtkTextIter start;

      markup = bk_rules_markup_new (view->rules_sections, &rules, deck);
      gtk_text_buffer_get_start_iter (buffer, &start);
      gtk_text_buffer_insert_markup (buffer, &start, markup, -1);
      gtk_text_buffer_get_start_iter (buffer, &start);
      gtk_text_buffer_place_cursor (buffer, &start);
    }
  return GTK_WIDGET (self);
}

/* The rules of the first game. */
GtkWidget *
bk_rules_window_new (void)
{
  return bk_rules_window_new_for_game (NULL);
}

/* Whether any of the text is selected. */
gboolean
bk_rules_window_has_selection (BkRulesWindow *self)
{
  g_return_val_if_fail (BK_IS_RULES_WINDOW (self), FALSE);
  return gtk_text_buffer_get_has_selection (gtk_text_view_get_buffer (self->text));
}

char *
bk_rules_window_dup_text (BkRulesWindow *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_val_if_fail (BK_IS_RULES_WINDOW (self), NULL);
  buffer = gtk_text_view_get_buffer (self->text);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}
