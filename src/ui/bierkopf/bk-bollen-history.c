/* bk-bollen-history.c: the hands scored in the current Bollen (spec B6), one row each:
 * the card points, who struck how many lines, and small pictures of the cards the person
 * was dealt, so a hand can be recognised again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-bierkopf-game.h"
#include "bk-bollen-history.h"
#include "bk-card-view.h"
#include "bk-game-history.h"
#include "bk-game-query.h"

#define HUMAN      BK_SEAT_S
#define CARD_WIDTH 36

struct _BkBollenHistory
{
  AdwMessageDialog  parent_instance;

  GString          *text;
};

G_DEFINE_FINAL_TYPE (BkBollenHistory, bk_bollen_history, ADW_TYPE_MESSAGE_DIALOG)

static void
bk_bollen_history_finalize (GObject *object)
{
  BkBollenHistory *self = BK_BOLLEN_HISTORY (object);

  g_string_free (self->text, TRUE);

  G_OBJECT_CLASS (bk_bollen_history_parent_class)->finalize (object);
}

static void
bk_bollen_history_class_init (BkBollenHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bk_bollen_history_finalize;
}

static void
bk_bollen_history_init (BkBollenHistory *self)
{
  self->text = g_string_new (NULL);
}

/* The person's dealt cards of every hand the session has done (bk-game-history.h),
 * oldest first. */
static GArray *
dealt_hands (BkGame *game)
{
  GArray *hands = g_array_new (FALSE, TRUE, sizeof (BkHand));
  BkHandDone done;

  for (guint i = 0; bk_game_get_hand_done (game, i, &done); i++)
    g_array_append_val (hands, done.dealt[BK_SEAT_S]);
  return hands;
}

static char *
result_text (guint               number,
             const BkHandResult *r)
{
  if (r->winner == BK_TEAM_NONE)
    /* Translators: a line of the Bollen's history: hand number; nobody wins a 60:60 */
    return g_strdup_printf (_("Hand %u: 60:60, nobody strikes"), number);
  if (r->winner == BK_TEAM_SN)
    /* Translators: a line of the Bollen's history: hand number, card points us:them,
     * lines */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Hand %u: %u:%u, we strike %u line",
                                         "Hand %u: %u:%u, we strike %u lines", r->lines),
                            number, r->points[BK_TEAM_SN], r->points[BK_TEAM_WE], r->lines);
  /* Translators: a line of the Bollen's history: hand number, card points us:them, lines */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Hand %u: %u:%u, they strike %u line",
                                       "Hand %u: %u:%u, they strike %u lines", r->lines),
                          number, r->points[BK_TEAM_SN], r->points[BK_TEAM_WE], r->lines);
}

static GtkWidget *
hand_row (BkGame      *game,
          BkCardTheme *theme,
          const char  *text,
          guint        number,
          BkHand       dealt,
          int          scale)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *label = gtk_label_new (text);
  BkCard sorted[BK_N_CARDS];
  guint n = game && dealt ? bk_game_sort_cards (game, dealt, sorted) : 0;

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (row), label);
  if (n > 0)
    {
      GtkWidget *cards = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      /* Translators: the accessible name of the row of cards the person held in a hand */
      g_autofree char *name = g_strdup_printf (_("Your cards in hand %u"), number);

      for (guint i = 0; i < n; i++)
        gtk_box_append (GTK_BOX (cards), bk_card_picture_new (theme, sorted[i], CARD_WIDTH,
                                                              scale));
      gtk_accessible_update_property (GTK_ACCESSIBLE (cards), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      name, -1);
      gtk_box_append (GTK_BOX (row), cards);
    }
  return row;
}

/**
 * bk_bollen_history_new:
 * @parent: the game window
 * @game: the session
 * @theme: the deck the table draws
 * @results: the #BkHandResult of each hand scored in the current Bollen, oldest first
 *
 * Returns: (transfer none): a new dialog, not yet presented; it closes itself
 */
GtkWidget *
bk_bollen_history_new (GtkWindow   *parent,
                       BkGame      *game,
                       BkCardTheme *theme,
                       GArray      *results)
{
  BkBollenHistory *self;
  g_autoptr (GArray) dealt = NULL;
  GtkWidget *list;
  guint first;
  int scale;

  g_return_val_if_fail (BK_IS_CARD_THEME (theme), NULL);
  g_return_val_if_fail (results != NULL, NULL);

  self = g_object_new (BK_TYPE_BOLLEN_HISTORY,
                       "transient-for", parent,
                       "modal", TRUE,
                       "heading", _("Hands of This Bollen"),
                       NULL);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (self), "close", _("_Close"));
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (self), "close");
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (self), "close");

  if (results->len == 0)
    {
      g_string_append (self->text, _("No hand has been scored in this Bollen yet."));
      adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), self->text->str);
      return GTK_WIDGET (self);
    }

  /* The results are those of the last hands done. */
  dealt = game ? dealt_hands (game) : g_array_new (FALSE, TRUE, sizeof (BkHand));
  first = dealt->len >= results->len ? dealt->len - results->len : G_MAXUINT;

  scale = parent ? gtk_widget_get_scale_factor (GTK_WIDGET (parent)) : 1;
  list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  for (guint i = 0; i < results->len; i++)
    {
      g_autofree char *text = result_text (i + 1, &g_array_index (results, BkHandResult, i));
      BkHand hand = first != G_MAXUINT ? g_array_index (dealt, BkHand, first + i) : 0;

      if (self->text->len)
        g_string_append_c (self->text, '\n');
      g_string_append (self->text, text);
      gtk_box_append (GTK_BOX (list), hand_row (game, theme, text, i + 1, hand, scale));
    }

  {
    GtkWidget *scrolled = gtk_scrolled_window_new ();

    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                    GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
    gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 420);
    /* Up to three rows at once without scrolling: a label (maybe two lines) and the cards. */
    gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled),
                                                (int) MIN (results->len, 3) *
                                                (bk_card_theme_get_height_for_width (theme,
                                                                                     CARD_WIDTH)
                                                 + 52) - 12);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), scrolled);
  }
  return GTK_WIDGET (self);
}

/* The rows' text, one hand a line. */
char *
bk_bollen_history_dup_text (BkBollenHistory *self)
{
  g_return_val_if_fail (BK_IS_BOLLEN_HISTORY (self), NULL);
  return g_strdup (self->text->str);
}
