/* bk-tricks-dialog.c: the tricks of this hand (spec B4.5), each as a line of text (who
 * took it, its card points) over small pictures of its cards in play order. A trick the
 * house rule keeps face down shows the backs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-card-view.h"
#include "bk-game-query.h"
#include "bk-tricks-dialog.h"

/* The seat the table draws at the bottom, the person's (as bk-table.c's). */
#define HUMAN      ((BkSeat) 0)
#define CARD_WIDTH 48

struct _BkTricksDialog
{
  AdwMessageDialog  parent_instance;

  GString          *text; /* the lines of the rows, for tests and screen readers */
};

G_DEFINE_FINAL_TYPE (BkTricksDialog, bk_tricks_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
bk_tricks_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BK_TYPE_TRICKS_DIALOG);

  G_OBJECT_CLASS (bk_tricks_dialog_parent_class)->dispose (object);
}

static void
bk_tricks_dialog_finalize (GObject *object)
{
  BkTricksDialog *self = BK_TRICKS_DIALOG (object);

  g_string_free (self->text, TRUE);

  G_OBJECT_CLASS (bk_tricks_dialog_parent_class)->finalize (object);
}

static void
bk_tricks_dialog_class_init (BkTricksDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bk_tricks_dialog_dispose;
  object_class->finalize = bk_tricks_dialog_finalize;

  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass),
                                               "/io/github/bierkopf/Bierkopf/bk-tricks-dialog.ui");
}

static void
bk_tricks_dialog_init (BkTricksDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->text = g_string_new (NULL);
}

static char *
trick_heading (guint        index,
               BkSeat       winner,
               const char  *who,
               gboolean     open,
               guint        points)
{
  if (!open)
    return winner == HUMAN
           /* Translators: a trick that lies face down and may not be looked at (B4.5) */
           ? g_strdup_printf (_("Trick %u, taken by you: face down"), index + 1)
           /* Translators: a trick that lies face down and may not be looked at (B4.5) */
           : g_strdup_printf (_("Trick %u, taken by %s: face down"), index + 1, who);
  {
    /* Translators: a trick's card points; its spaces do not break the line */
    g_autofree char *phrase = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card point",
                                                            "%u card points", points), points);
    g_auto (GStrv) words = g_strsplit (phrase, " ", -1);
    /* A wrapped heading broke it as "21 card / points": it stays one unit. */
    g_autofree char *whole = g_strjoinv ("\u00a0", words);

    return winner == HUMAN
           /* Translators: trick number, then its card points ("21 card points") */
           ? g_strdup_printf (_("Trick %u, taken by you: %s"), index + 1, whole)
           /* Translators: trick number, who took it, its card points ("21 card points") */
           : g_strdup_printf (_("Trick %u, taken by %s: %s"), index + 1, who, whole);
  }
}

static GtkWidget *
trick_row (BkCardTheme   *theme,
           const char    *heading,
           const BkTrick *trick,
           gboolean       open,
           int            scale)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *label = gtk_label_new (heading);
  GtkWidget *cards = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (row), label);
  for (guint i = 0; i < trick->n; i++)
    gtk_box_append (GTK_BOX (cards), bk_card_picture_new (theme,
                                                          open ? trick->cards[i] : BK_CARD_NONE,
                                                          CARD_WIDTH, scale));
  gtk_box_append (GTK_BOX (row), cards);
  gtk_accessible_update_property (GTK_ACCESSIBLE (cards), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  heading, -1);
  return row;
}

/**
 * bk_tricks_dialog_new:
 * @parent: the game window
 * @game: the session
 * @theme: the deck the table draws
 * @names: the name shown for each seat (one per seat)
 *
 * Returns: (transfer none): a new dialog, not yet presented; it closes itself
 */
GtkWidget *
bk_tricks_dialog_new (GtkWindow          *parent,
                      BkGame             *game,
                      BkCardTheme        *theme,
                      const char * const *names)
{
  BkTricksDialog *self;
  GtkWidget *list, *scrolled;
  int scale;
  BkTrick trick;
  BkSeat winner;
  guint n_rows = 0;
  int row_height;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);
  g_return_val_if_fail (BK_IS_CARD_THEME (theme), NULL);
  g_return_val_if_fail (names != NULL, NULL);

  self = g_object_new (BK_TYPE_TRICKS_DIALOG, "transient-for", parent, NULL);
  scale = parent ? gtk_widget_get_scale_factor (GTK_WIDGET (parent)) : 1;
  list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  row_height = bk_card_theme_get_height_for_width (theme, CARD_WIDTH) + 40;

  for (guint i = 0; bk_game_get_trick (game, i, &trick, &winner); i++)
    {
      gboolean open = bk_game_may_view_trick (game, HUMAN, i);
      g_autofree char *heading = trick_heading (i, winner, names[winner], open,
                                                bk_game_get_trick_points (game, &trick));

      if (self->text->len)
        g_string_append_c (self->text, '\n');
      g_string_append (self->text, heading);
      gtk_box_append (GTK_BOX (list), trick_row (theme, heading, &trick, open, scale));
      n_rows++;
    }

  if (self->text->len == 0)
    {
      g_string_append (self->text, _("No trick has been taken in this hand yet."));
      adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), self->text->str);
      g_object_unref (g_object_ref_sink (list));
    }
  else
    {
      scrolled = gtk_scrolled_window_new ();
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                      GTK_POLICY_AUTOMATIC);
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
      gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 420);
      /* Up to three rows at once without scrolling: a label (maybe two lines) and a card. */
      gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled),
                                                  (int) MIN (n_rows, 3) * (row_height + 12) - 12);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
      adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), scrolled);
    }
  return GTK_WIDGET (self);
}

/* The rows' text, one trick a line. */
char *
bk_tricks_dialog_dup_text (BkTricksDialog *self)
{
  g_return_val_if_fail (BK_IS_TRICKS_DIALOG (self), NULL);
  return g_strdup (self->text->str);
}

/* The hand's last trick, each card over its player's name: in one row, or two of six or more. */
static GtkWidget *
last_trick_view (BkGame             *game,
                 BkCardTheme        *theme,
                 const char * const *names,
                 int                 scale)
{
  guint n_seats = bk_game_get_n_seats (game);
  guint index = bk_game_get_tricks_done (game) - 1;
  GtkWidget *box, *label, *grid;
  g_autofree char *heading = NULL;
  BkTrick trick;
  BkSeat winner;
  guint per_row;

  if (!bk_game_get_trick (game, index, &trick, &winner) ||
      !bk_game_may_view_trick (game, HUMAN, index))
    return NULL;
  heading = winner == HUMAN
            /* Translators: over the last trick's cards in the hand's result */
            ? g_strdup (_("The last trick, taken by you"))
            /* Translators: over the last trick's cards in the hand's result */
            : g_strdup_printf (_("The last trick, taken by %s"), names[winner]);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_name (box, "last-trick");
  label = gtk_label_new (heading);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (box), label);
  grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_widget_set_halign (grid, GTK_ALIGN_CENTER);
  per_row = trick.n <= 5 ? trick.n : (trick.n + 1) / 2;
  for (guint i = 0; i < trick.n; i++)
    {
      GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      guint seat = (trick.leader + i) % n_seats;
      GtkWidget *who = gtk_label_new (names[seat]);

      /* In a box of its own the card is measured at its own width, not at the cell's: a
       * cell widened by a long name drew its card lower than the others (issue 34). */
      gtk_widget_set_halign (card, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (card), bk_card_picture_new (theme, trick.cards[i], CARD_WIDTH,
                                                           scale));
      gtk_box_append (GTK_BOX (cell), card);
      gtk_widget_set_valign (cell, GTK_ALIGN_START);
      /* Names are whole ("Computer 3 (then Sepp)"), wrapped under the card if long. */
      gtk_label_set_wrap (GTK_LABEL (who), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (who), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_justify (GTK_LABEL (who), GTK_JUSTIFY_CENTER);
      gtk_label_set_max_width_chars (GTK_LABEL (who), 12);
      gtk_widget_set_valign (who, GTK_ALIGN_START);
      gtk_widget_add_css_class (who, "caption");
      gtk_box_append (GTK_BOX (cell), who);
      gtk_grid_attach (GTK_GRID (grid), cell, (int) (i % per_row), (int) (i / per_row), 1, 1);
    }
  gtk_box_append (GTK_BOX (box), grid);
  gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL, heading,
                                  -1);
  return box;
}

/* What a result shows beside its table and trick (heading, body, answers), in pixels: its
 * answers side by side on a wide window, stacked on a narrow one. */
#define RESULT_RESERVE_WIDE   240
#define RESULT_RESERVE_NARROW 320
#define RESULT_NARROW         600

/* @content as it is, or in a box of a fixed height that scrolls where the game's window is
 * too low for it: the sheet of eight players and their trick was taller than a 360x640
 * window, its answers below the screen (issue 34). A box of a fixed height, for one that
 * followed its content's height for width disagreed with itself (GTK's measuring). */
static GtkWidget *
scrolled_if_tall (AdwMessageDialog *dialog,
                  GtkWidget        *content)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));
  int height = parent ? gtk_widget_get_height (GTK_WIDGET (parent)) : 0;
  int reserve = parent && gtk_widget_get_width (GTK_WIDGET (parent)) < RESULT_NARROW
                ? RESULT_RESERVE_NARROW : RESULT_RESERVE_WIDE;
  int natural = 0, limit = MAX (160, height - reserve);
  GtkWidget *scrolled;

  if (height <= 0)
    return content;
  gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
  if (natural <= limit)
    return content;
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), limit);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), limit);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), content);
  return scrolled;
}

/**
 * bk_tricks_dialog_keep_last_trick:
 * @dialog: the hand's result
 * @game: the session, its hand just over
 * @theme: the deck the table draws
 * @names: the name shown for each seat
 *
 * The result comes up over the middle of the table: it shows the last trick itself, under
 * what it already shows, so that the trick stays in view until the result is read.
 */
void
bk_tricks_dialog_keep_last_trick (AdwMessageDialog   *dialog,
                                  BkGame             *game,
                                  BkCardTheme        *theme,
                                  const char * const *names)
{
  GtkWidget *trick, *extra, *box;

  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));
  g_return_if_fail (BK_IS_GAME (game));
  g_return_if_fail (BK_IS_CARD_THEME (theme));
  g_return_if_fail (names != NULL);

  if (bk_game_get_tricks_done (game) == 0)
    return;
  trick = last_trick_view (game, theme, names,
                           gtk_widget_get_scale_factor (GTK_WIDGET (dialog)));
  if (trick == NULL)
    return;
  extra = adw_message_dialog_get_extra_child (dialog);
  if (extra == NULL)
    {
      adw_message_dialog_set_extra_child (dialog, scrolled_if_tall (dialog, trick));
      return;
    }
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  g_object_ref (extra);
  adw_message_dialog_set_extra_child (dialog, NULL);
  gtk_box_append (GTK_BOX (box), extra);
  g_object_unref (extra);
  gtk_box_append (GTK_BOX (box), trick);
  adw_message_dialog_set_extra_child (dialog, scrolled_if_tall (dialog, box));
}
