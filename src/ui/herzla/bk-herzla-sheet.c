/* bk-herzla-sheet.c: the sheets of a Herzla session (docs/rules-herzla.md H5, H6): after each
 * hand its result, and the four-player session settled up. Everything they say is read from
 * the engine: the tally and the payments of the last hand, the balances, the stock and the
 * penalty totals of the session, its leaders and winners. Both are built by sheet_new().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-herzla-game.h"
#include "bk-herzla-grid.h"
#include "bk-herzla-sheet.h"
#include "bk-money.h"

struct _BkHerzlaSheet
{
  AdwMessageDialog parent_instance;
};

G_DEFINE_FINAL_TYPE (BkHerzlaSheet, bk_herzla_sheet, ADW_TYPE_MESSAGE_DIALOG)

static void
bk_herzla_sheet_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BK_TYPE_HERZLA_SHEET);

  G_OBJECT_CLASS (bk_herzla_sheet_parent_class)->dispose (object);
}

static void
bk_herzla_sheet_class_init (BkHerzlaSheetClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bk_herzla_sheet_dispose;

  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass),
                                               "/io/github/bierkopf/Bierkopf/bk-herzla-sheet.ui");
}

static void
bk_herzla_sheet_init (BkHerzlaSheet *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* A response of a sheet; the last one given is suggested and the default. */
typedef struct {
  const char *id;
  const char *label;
} Response;

/* A sheet named @name (for the tests) of @heading, @body and @table, its responses the
 * first @n_responses of @responses; @close is the response of Escape. */
static AdwMessageDialog *
sheet_new (GtkWindow      *parent,
           const char     *name,
           const char     *heading,
           const char     *body,
           GtkWidget      *table,
           const Response *responses,
           guint           n_responses,
           const char     *close)
{
  AdwMessageDialog *dialog = g_object_new (BK_TYPE_HERZLA_SHEET,
                                           "transient-for", parent,
                                           "heading", heading,
                                           "body", body,
                                           NULL);
  const char *last = responses[n_responses - 1].id;

  gtk_widget_set_name (GTK_WIDGET (dialog), name);
  adw_message_dialog_set_extra_child (dialog, table);
  for (guint i = 0; i < n_responses; i++)
    adw_message_dialog_add_response (dialog, responses[i].id, responses[i].label);
  adw_message_dialog_set_response_appearance (dialog, last, ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, last);
  adw_message_dialog_set_close_response (dialog, close);
  return dialog;
}

static gboolean
is_simple (BkGame *game)
{
  return bk_game_get_rules (game)->herzla.variant == BK_HERZLA_EINFACH;
}

/* The four-player hand: hearts, this hand's cents and the balance of each player. */
static GtkWidget *
payments_grid (BkGame             *game,
               const char * const *names)
{
  const BkHerzlaColumn columns[] = {
    /* Translators: the column of the hearts each player took, in Herzla's result sheet;
     * the suit's name in card names is the msgid "Hearts" without context */
    { C_("sheet column", "Hearts"), "hearts", BK_HERZLA_CELL_PLAIN, FALSE },
    { _("This Hand"), "cents", BK_HERZLA_CELL_PLAIN, FALSE },
    { _("Balance"), "balance", BK_HERZLA_CELL_STRONG, FALSE },
  };
  const BkHerzlaResult *r = bk_herzla_game_get_last_result (game);
  guint n = bk_game_get_n_seats (game);
  GtkGrid *grid = bk_herzla_grid_new (_("Player"), columns, G_N_ELEMENTS (columns));
  g_autofree char *stock = bk_money_format_cents (bk_herzla_game_get_stock (game), FALSE);

  for (guint s = 0; s < n; s++)
    {
      g_autofree char *hearts = g_strdup_printf ("%u", r->tally.hearts[s]);
      g_autofree char *cents = bk_money_format_cents (r->payment.cents[s], TRUE);
      g_autofree char *balance = bk_money_format_cents (bk_herzla_game_get_balance (game, s),
                                                         TRUE);
      const char *values[] = { hearts, cents, balance };
      const char *who = names[s];
      g_autofree char *free_name = NULL;

      if (r->tally.contract == BK_CONTRACT_NORMAL && r->tally.hearts[s] == 0)
        /* Translators: a player who took no heart, in the result sheet */
        who = free_name = g_strdup_printf (_("%s (heart-free)"), names[s]);
      bk_herzla_grid_add_player (grid, columns, G_N_ELEMENTS (columns), s, who,
                                 s == r->tally.declarer, FALSE, values);
    }
  bk_herzla_grid_add_stock (grid, G_N_ELEMENTS (columns), n, NULL, stock);
  return GTK_WIDGET (grid);
}

/* The simple form: hearts this hand and the penalty totals, the leaders marked. */
static GtkWidget *
penalty_grid (BkGame             *game,
              const char * const *names)
{
  const BkHerzlaColumn columns[] = {
    { C_("sheet column", "Hearts"), "hearts", BK_HERZLA_CELL_PLAIN, FALSE },
    { _("Total"), "total", BK_HERZLA_CELL_STRONG_LEADS, TRUE },
  };
  const BkHerzlaResult *r = bk_herzla_game_get_last_result (game);
  guint n = bk_game_get_n_seats (game);
  guint32 leaders = bk_herzla_score_winners (bk_herzla_game_get_score (game));
  GtkGrid *grid = bk_herzla_grid_new (_("Player"), columns, G_N_ELEMENTS (columns));

  for (guint s = 0; s < n; s++)
    {
      g_autofree char *hearts = g_strdup_printf ("%u", r->tally.hearts[s]);
      g_autofree char *total = g_strdup_printf ("%u", bk_herzla_game_get_penalty (game, s));
      const char *values[] = { hearts, total };
      gboolean leads = (leaders & (1u << s)) != 0;

      bk_herzla_grid_add_player (grid, columns, G_N_ELEMENTS (columns), s, names[s], leads,
                                 leads, values);
    }
  return GTK_WIDGET (grid);
}

/* ---- The result sheet ------------------------------------------------------------------- */

static char *
heading_text (BkGame             *game,
              const char * const *names)
{
  const BkHerzlaResult *r = bk_herzla_game_get_last_result (game);
  const BkHerzlaScore *score = bk_herzla_game_get_score (game);
  guint n = bk_game_get_n_seats (game);

  if (r->session_over)
    {
      guint32 winners = bk_herzla_score_winners (score);
      g_autofree char *who = bk_herzla_list_names (winners, n, names);

      if (winners == 1u)
        return g_strdup (_("You Win the Session"));
      /* Translators: %s is a name, or several names with commas */
      return g_strdup_printf (_("%s Wins the Session"), who);
    }
  if (r->tally.contract != BK_CONTRACT_NORMAL)
    {
      const char *who = names[r->tally.declarer];
      gboolean you = r->tally.declarer == 0;

      if (r->tally.contract == BK_CONTRACT_BEDDL)
        return r->payment.won ? (you ? g_strdup (_("You Win the Beddl"))
                                     /* Translators: %s is a player's name */
                                     : g_strdup_printf (_("%s Wins the Beddl"), who))
                              : (you ? g_strdup (_("You Lose the Beddl"))
                                     /* Translators: %s is a player's name */
                                     : g_strdup_printf (_("%s Loses the Beddl"), who));
      return r->payment.won ? (you ? g_strdup (_("You Win the Mord"))
                                   /* Translators: %s is a player's name */
                                   : g_strdup_printf (_("%s Wins the Mord"), who))
                            : (you ? g_strdup (_("You Lose the Mord"))
                                   /* Translators: %s is a player's name */
                                   : g_strdup_printf (_("%s Loses the Mord"), who));
    }
  if (r->payment.schleichermord != BK_HERZLA_SEAT_NONE)
    /* Translators: %s is a player's name; a Mord made without bidding it */
    return g_strdup_printf (_("Schleichermord by %s!"), names[r->payment.schleichermord]);
  if (r->variant == BK_HERZLA_EINFACH)
    /* Translators: the heading of the result of a hand of Herzla's simple form */
    return g_strdup_printf (_("Hand %u"), score->hands);
  return g_strdup (_("The Hearts Are Counted"));
}

static char *
body_text (BkGame             *game,
           const char * const *names)
{
  const BkHerzlaResult *r = bk_herzla_game_get_last_result (game);
  guint n = bk_game_get_n_seats (game);
  g_autoptr (GString) body = g_string_new (NULL);
  guint32 free_mask = 0, payers = 0, receivers = 0;

  for (guint s = 0; s < n; s++)
    {
      if (r->tally.hearts[s] == 0)
        free_mask |= 1u << s;
      if (r->payment.cents[s] < 0)
        payers |= 1u << s;
      else if (r->payment.cents[s] > 0)
        receivers |= 1u << s;
    }

  if (r->variant == BK_HERZLA_EINFACH)
    {
      const BkRules *rules = bk_game_get_rules (game);
      const BkHerzlaScore *score = bk_herzla_game_get_score (game);

      if (free_mask)
        {
          g_autofree char *who = bk_herzla_list_names (free_mask, n, names);
          /* Translators: who took no heart this hand */
          g_string_append_printf (body, _("Heart-free: %s."), who);
        }
      /* nobody heart-free: no empty line under the title (issue 34) */
      if (body->len)
        g_string_append_c (body, '\n');
      if (r->session_over)
        g_string_append (body, _("The lowest total wins."));
      else if (rules->herzla.rounds)
        g_string_append_printf (body, _("Round %u of %u."),
                                MIN (bk_herzla_score_rounds (score) + 1, rules->herzla.rounds),
                                rules->herzla.rounds);
      else if (rules->herzla.limit)
        g_string_append_printf (body, _("The session ends when somebody reaches %u points."),
                                rules->herzla.limit);
      return g_strdup (body->str);
    }

  if (r->tally.contract == BK_CONTRACT_NORMAL && r->payment.schleichermord == BK_HERZLA_SEAT_NONE)
    {
      if (free_mask)
        {
          g_autofree char *who = bk_herzla_list_names (free_mask, n, names);
          g_string_append_printf (body, _("Heart-free: %s."), who);
        }
      else
        g_string_append (body, _("Nobody was heart-free."));
      g_string_append_c (body, '\n');
    }
  for (guint s = 0; s < n; s++)
    if (payers & (1u << s))
      {
        g_autofree char *money = bk_money_format_cents (-r->payment.cents[s], FALSE);

        if (s == 0)
          /* Translators: "You pay €0.30." */
          g_string_append_printf (body, _("You pay %s."), money);
        else
          /* Translators: "Sepp pays €0.30." */
          g_string_append_printf (body, _("%s pays %s."), names[s], money);
        g_string_append_c (body, ' ');
      }
  if (payers && receivers)
    body->str[body->len - 1] = '\n';
  for (guint s = 0; s < n; s++)
    if (receivers & (1u << s))
      {
        g_autofree char *money = bk_money_format_cents (r->payment.cents[s], FALSE);

        if (s == 0)
          /* Translators: "You get €0.80." */
          g_string_append_printf (body, _("You get %s."), money);
        else
          /* Translators: "Gretl gets €0.80." */
          g_string_append_printf (body, _("%s gets %s."), names[s], money);
        g_string_append_c (body, ' ');
      }
  if (payers == 0 && receivers == 0)
    g_string_append (body, _("Nobody pays."));
  g_string_append_c (body, '\n');
  {
    g_autofree char *before = bk_money_format_cents (r->stock_in, FALSE);
    g_autofree char *after = bk_money_format_cents (r->payment.stock, FALSE);

    if (r->payment.stock > r->stock_in)
      /* Translators: the stock (the pot) grew: "The stock: €0.40 (was €0.10)." */
      g_string_append_printf (body, _("Into the stock: now %s (was %s)."), after, before);
    else if (r->payment.stock < r->stock_in)
      g_string_append_printf (body, _("The stock of %s is taken: now %s."), before, after);
    else
      g_string_append_printf (body, _("The stock: %s."), after);
  }
  return g_strdup (body->str);
}

/* After each hand: its heading, who was heart-free, who pays and gets what, the stock, and
 * a table of each player's hearts, cents and balance (simple form: hearts and totals, the
 * leader marked). Responds "review" (the hand's review, then on), "next" (or "settle" in the
 * four-player game), or at the session's end "new" or "close". */
AdwMessageDialog *
bk_herzla_result_sheet_new (GtkWindow          *parent,
                            BkGame             *game,
                            const char * const *names)
{
  /* The hand's review (its view's, as after a hand of Bierkopf) comes first (issue 34). */
  const Response over[] = { { "review", _("_Review This Hand") }, { "close", _("_Close") },
                            { "new", _("_New Session") } };
  /* H5.4: the four-player evening ends when the players say so. */
  const Response next[] = { { "review", _("_Review This Hand") }, { "settle", _("Settle _Up") },
                            { "next", _("_Next Hand") } };
  const Response simple[] = { { "review", _("_Review This Hand") }, { "next", _("_Next Hand") } };
  const BkHerzlaResult *r;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  GtkWidget *table;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);
  r = bk_herzla_game_get_last_result (game);
  g_return_val_if_fail (r != NULL, NULL);

  heading = heading_text (game, names);
  body = body_text (game, names);
  table = is_simple (game) ? penalty_grid (game, names) : payments_grid (game, names);
  if (r->session_over)
    return sheet_new (parent, "herzla-result", heading, body, table, over, 3, "close");
  if (is_simple (game))
    return sheet_new (parent, "herzla-result", heading, body, table, simple, 2, "next");
  return sheet_new (parent, "herzla-result", heading, body, table, next, 3, "next");
}

/* ---- Settling up ------------------------------------------------------------------------ */

/* H5.4, H5.6: each player's balance before settling, his share of the stock and what he
 * takes home; the stock's row below. */
static GtkWidget *
settled_grid (BkGame              *game,
              const BkHerzlaScore *settled,
              const char * const  *names)
{
  const BkHerzlaColumn columns[] = {
    { _("Balance"), NULL, BK_HERZLA_CELL_PLAIN, FALSE },
    { _("Share"), "share", BK_HERZLA_CELL_PLAIN, FALSE },
    { _("Final"), "final", BK_HERZLA_CELL_STRONG, TRUE },
  };
  const BkHerzlaScore *score = bk_herzla_game_get_score (game);
  guint n = bk_game_get_n_seats (game);
  guint32 winners = bk_herzla_score_winners (settled);
  GtkGrid *grid = bk_herzla_grid_new (_("Player"), columns, G_N_ELEMENTS (columns));
  g_autofree char *before = bk_money_format_cents (score->stock, FALSE);
  g_autofree char *after = bk_money_format_cents (settled->stock, FALSE);

  for (guint s = 0; s < n; s++)
    {
      g_autofree char *balance = bk_money_format_cents (score->cents[s], TRUE);
      g_autofree char *share = bk_money_format_cents (settled->cents[s] - score->cents[s],
                                                       FALSE);
      g_autofree char *final = bk_money_format_cents (settled->cents[s], TRUE);
      const char *values[] = { balance, share, final };
      gboolean leads = (winners & (1u << s)) != 0;

      bk_herzla_grid_add_player (grid, columns, G_N_ELEMENTS (columns), s, names[s], leads,
                                 leads, values);
    }
  bk_herzla_grid_add_stock (grid, G_N_ELEMENTS (columns), n, before, after);
  return GTK_WIDGET (grid);
}

static char *
settled_body (BkGame              *game,
              const BkHerzlaScore *settled,
              const char * const  *names)
{
  const BkHerzlaScore *score = bk_herzla_game_get_score (game);
  guint n = bk_game_get_n_seats (game);
  g_autoptr (GString) body = g_string_new (NULL);
  g_autofree char *hands = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "%u hand played.",
                                                         "%u hands played.", score->hands),
                                            score->hands);
  g_autofree char *stock = bk_money_format_cents (score->stock, FALSE);
  guint32 winners = bk_herzla_score_winners (settled);

  g_string_append (body, hands);
  g_string_append_c (body, ' ');
  if (score->stock == 0)
    g_string_append (body, _("The stock is empty."));
  else if (settled->stock == 0)
    /* Translators: the house rule of H5.4: "The stock of €0.40 is shared out evenly." */
    g_string_append_printf (body, _("The stock of %s is shared out evenly."), stock);
  else
    /* Translators: nobody has won the stock under the house rule; it is not shared */
    g_string_append_printf (body, _("Nobody has won the stock: its %s stay in it, as the "
                                    "house rule says."), stock);
  g_string_append_c (body, '\n');
  if (winners == 1u)
    g_string_append (body, _("You take home the most."));
  else if (winners != (1u << n) - 1)
    {
      g_autofree char *who = bk_herzla_list_names (winners, n, names);
      /* Translators: %s is a name, or several names with commas */
      g_string_append_printf (body, _("Most money: %s."), who);
    }
  else
    g_string_append (body, _("Everybody goes home even."));
  return g_strdup (body->str);
}

/* H5.4, H5.6: the four-player session settled up (@settled, from bk_herzla_game_settle()):
 * the stock shared or left as the house rule says, and what each player takes home.
 * Responds "new" (a new session) or "cancel" (back to the table, nothing changed). */
AdwMessageDialog *
bk_herzla_settled_sheet_new (GtkWindow           *parent,
                             BkGame              *game,
                             const BkHerzlaScore *settled,
                             const char * const  *names)
{
  const Response responses[] = { { "cancel", _("_Play On") }, { "new", _("_New Session") } };
  g_autofree char *body = NULL;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);
  g_return_val_if_fail (settled != NULL, NULL);

  body = settled_body (game, settled, names);
  return sheet_new (parent, "herzla-settled", _("Settled Up"), body,
                    settled_grid (game, settled, names), responses, 2, "cancel");
}
