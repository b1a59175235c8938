/* bk-herzla-ledger.c: the ledger (Abrechnung) of a Herzla session, in a window of its own
 * (docs/rules-herzla.md H5, H6.2): read from the engine's score of the session, and in the
 * simple form the results of its hands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-herzla-game.h"
#include "bk-herzla-grid.h"
#include "bk-herzla-ledger.h"
#include "bk-money.h"

struct _BkHerzlaLedger
{
  AdwWindow       parent_instance;

  AdwWindowTitle *title;
  GtkBox         *inner;
  GtkLabel       *note;
};

G_DEFINE_FINAL_TYPE (BkHerzlaLedger, bk_herzla_ledger, ADW_TYPE_WINDOW)

static void
bk_herzla_ledger_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BK_TYPE_HERZLA_LEDGER);

  G_OBJECT_CLASS (bk_herzla_ledger_parent_class)->dispose (object);
}

static void
bk_herzla_ledger_class_init (BkHerzlaLedgerClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = bk_herzla_ledger_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/bk-herzla-ledger.ui");
  gtk_widget_class_bind_template_child (widget_class, BkHerzlaLedger, title);
  gtk_widget_class_bind_template_child (widget_class, BkHerzlaLedger, inner);
  gtk_widget_class_bind_template_child (widget_class, BkHerzlaLedger, note);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bk_herzla_ledger_init (BkHerzlaLedger *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static gboolean
is_simple (BkGame *game)
{
  return bk_game_get_rules (game)->herzla.variant == BK_HERZLA_EINFACH;
}

/* The four-player session: what each has won and paid, the balance, the stock. */
static GtkWidget *
money_ledger (BkGame             *game,
              const char * const *names)
{
  const BkHerzlaColumn columns[] = {
    { _("Won"), NULL, BK_HERZLA_CELL_PLAIN, FALSE },
    { _("Paid"), NULL, BK_HERZLA_CELL_PLAIN, FALSE },
    { _("Balance"), "balance", BK_HERZLA_CELL_STRONG, FALSE },
  };
  const BkHerzlaScore *score = bk_herzla_game_get_score (game);
  guint n = bk_game_get_n_seats (game);
  guint32 leaders = bk_herzla_score_winners (score);
  GtkGrid *grid = bk_herzla_grid_new (_("Player"), columns, G_N_ELEMENTS (columns));
  g_autofree char *stock = bk_money_format_cents (bk_herzla_game_get_stock (game), FALSE);

  for (guint s = 0; s < n; s++)
    {
      g_autofree char *won = bk_money_format_cents ((gint) score->received[s], FALSE);
      g_autofree char *paid = bk_money_format_cents ((gint) score->paid[s], FALSE);
      g_autofree char *balance = bk_money_format_cents (bk_herzla_game_get_balance (game, s),
                                                         TRUE);
      const char *values[] = { won, paid, balance };
      gboolean leads = score->hands > 0 && (leaders & (1u << s)) != 0;

      bk_herzla_grid_add_player (grid, columns, G_N_ELEMENTS (columns), s, names[s], leads,
                                 leads, values);
    }
  bk_herzla_grid_add_stock (grid, G_N_ELEMENTS (columns), n, NULL, stock);
  return GTK_WIDGET (grid);
}

/* The simple form: the hearts of every hand, the totals, the leaders marked (H6.2). */
static GtkWidget *
penalty_ledger (BkGame             *game,
                const char * const *names,
                GArray             *results)
{
  guint n = bk_game_get_n_seats (game);
  guint32 leaders = bk_herzla_score_winners (bk_herzla_game_get_score (game));
  GtkGrid *grid = bk_herzla_grid_new (NULL, NULL, 0);
  guint row = 1;

  bk_herzla_grid_header (grid, 0, _("Hand"));
  for (guint s = 0; s < n; s++)
    bk_herzla_grid_header (grid, (int) s + 1, names[s]);
  for (guint i = 0; results && i < results->len; i++)
    {
      const BkHerzlaResult *r = &g_array_index (results, BkHerzlaResult, i);
      g_autofree char *number = g_strdup_printf ("%u", i + 1);

      bk_herzla_grid_cell (grid, 0, (int) row, number, NULL, FALSE);
      for (guint s = 0; s < n; s++)
        {
          g_autofree char *hearts = g_strdup_printf ("%u", r->tally.hearts[s]);
          bk_herzla_grid_cell (grid, (int) s + 1, (int) row, hearts, NULL, FALSE);
        }
      row++;
    }
  bk_herzla_grid_cell (grid, 0, (int) row, _("Total"), NULL, TRUE);
  for (guint s = 0; s < n; s++)
    {
      g_autofree char *id = g_strdup_printf ("total-%u", s);
      g_autofree char *total = g_strdup_printf ("%u", bk_herzla_game_get_penalty (game, s));
      gboolean leads = (leaders & (1u << s)) != 0;
      GtkWidget *label;

      label = bk_herzla_grid_cell (grid, (int) s + 1, (int) row, total, id, TRUE);
      if (leads)
        gtk_widget_add_css_class (label, "success");
    }
  return GTK_WIDGET (grid);
}

/* The ledger of the session so far; @results are the simple form's hands (may be NULL in
 * the four-player game). */
GtkWidget *
bk_herzla_ledger_new (GtkWindow          *parent,
                      BkGame             *game,
                      const char * const *names,
                      GArray             *results)
{
  BkHerzlaLedger *self;
  const BkHerzlaScore *score;
  g_autofree char *subtitle = NULL;
  int width = 480, natural = 0, limit;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);
  score = bk_herzla_game_get_score (game);

  self = g_object_new (BK_TYPE_HERZLA_LEDGER, "transient-for", parent, NULL);
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hand played",
                                           "%u hands played", score->hands), score->hands);
  adw_window_title_set_subtitle (self->title, subtitle);
  {
    /* Eight players' columns are wider than a phone: the table scrolls sideways in a strip
     * of its own, and the note under it stays whole (it was scrolled away; issue 34). */
    GtkWidget *strip = gtk_scrolled_window_new ();

    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (strip), GTK_POLICY_AUTOMATIC,
                                    GTK_POLICY_NEVER);
    gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (strip), TRUE);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (strip), TRUE);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (strip),
                                   is_simple (game) ? penalty_ledger (game, names, results)
                                                    : money_ledger (game, names));
    gtk_box_prepend (self->inner, strip);
  }
  gtk_label_set_text (self->note,
                      is_simple (game)
                      ? _("Every heart taken is a penalty point; the lowest total wins.")
                      : _("The balances and the stock always add up to zero."));
  /* Wide enough for every player's column (eight in the simple form), as far as the
   * game's window allows; beyond that the table scrolls. */
  limit = parent ? gtk_widget_get_width (GTK_WIDGET (parent)) : 0;
  gtk_widget_measure (GTK_WIDGET (self->inner), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural,
                      NULL, NULL);
  width = MAX (width, natural + 24); /* and a scroll bar, when there are many hands */
  if (limit > 0)
    width = MIN (width, MAX (limit, 360));
  gtk_window_set_default_size (GTK_WINDOW (self), width, 420);
  return GTK_WIDGET (self);
}
