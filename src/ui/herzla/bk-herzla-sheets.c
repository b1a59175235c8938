/* bk-herzla-sheets.c: the dialogs and the ledger of a Herzla session (docs/rules-herzla.md).
 * Everything they say is read from the engine: the bids the person may make now (the
 * module's check of each), the tally and the payments of the last hand, the balances, the
 * stock and the penalty totals of the session, its leaders and winners.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-herzla-game.h"
#include "bk-herzla-sheets.h"
#include "bk-money.h"

/* ---- Bidding ---------------------------------------------------------------------------- */

static gboolean
bid_is_legal (BkGame     *game,
              BkSeat      seat,
              BkContract  contract)
{
  BkAction action = bk_action_make (BK_ACTION_BID, seat, contract);

  return bk_game_get_phase (game) == BK_PHASE_BIDDING &&
         bk_herzla_hand_check (bk_herzla_game_get_hand (game), &action, NULL);
}

/* H3.1: the bids @seat may say now, as responses named by the contract ("beddl", "mord",
 * "normal" for weiter); NULL if @seat has nothing to say now. */
AdwMessageDialog *
bk_herzla_bid_dialog_new (GtkWindow  *parent,
                          BkGame     *game,
                          BkSeat      seat,
                          const char *said)
{
  static const BkContract order[] = { BK_CONTRACT_NORMAL, BK_CONTRACT_BEDDL, BK_CONTRACT_MORD };
  AdwMessageDialog *dialog;
  g_autofree char *body = NULL;
  guint n = 0;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    n += bid_is_legal (game, seat, order[i]);
  if (n == 0)
    return NULL;

  body = g_strdup_printf ("%s%s%s", said ? said : "", said ? "\n\n" : "",
                          _("Beddl: you take no trick. Mord: you take every trick. "
                            "Weiter: the next player may bid, or the normal game is played."));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("Your Bid"), body));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (bid_is_legal (game, seat, order[i]))
      adw_message_dialog_add_response (dialog, bk_contract_to_string (order[i]),
                                       bk_herzla_contract_name (order[i]));
  adw_message_dialog_set_default_response (dialog, bk_contract_to_string (BK_CONTRACT_NORMAL));
  adw_message_dialog_set_close_response (dialog, bk_contract_to_string (BK_CONTRACT_NORMAL));
  return dialog;
}

/* Says the bid of @response for @seat if the game still waits for it. */
gboolean
bk_herzla_bid_dialog_answer (BkGame      *game,
                             BkSeat       seat,
                             const char  *response,
                             GError     **error)
{
  BkContract contract;

  g_return_val_if_fail (BK_IS_GAME (game), FALSE);

  if (bk_game_get_phase (game) != BK_PHASE_BIDDING || bk_game_get_to_act (game) != seat ||
      !bk_contract_parse (response, &contract, NULL))
    return TRUE;
  return bk_herzla_game_bid (game, seat, contract, error);
}

/* H4.3, H4.4: the sentence of a broken contract, @taker the one who took the trick. */
char *
bk_herzla_dup_broken_text (BkGame             *game,
                           BkSeat              taker,
                           const char * const *names)
{
  BkContract contract = bk_herzla_game_get_contract (game);

  if (contract == BK_CONTRACT_BEDDL)
    return taker == 0 ? g_strdup (_("You took a trick: your Beddl is lost"))
                      /* Translators: %s is a player's name */
                      : g_strdup_printf (_("%s took a trick: the Beddl is lost"), names[taker]);
  if (bk_herzla_game_get_declarer (game) == 0)
    /* Translators: %s is a player's name; the person had bid a Mord */
    return g_strdup_printf (_("%s took a trick: your Mord is lost"), names[taker]);
  return taker == 0 ? g_strdup (_("You took a trick: the Mord is lost"))
                    /* Translators: %s is a player's name */
                    : g_strdup_printf (_("%s took a trick: the Mord is lost"), names[taker]);
}

AdwMessageDialog *
bk_herzla_broken_dialog_new (GtkWindow  *parent,
                             BkGame     *game,
                             const char *text)
{
  AdwMessageDialog *dialog;
  gboolean beddl = bk_herzla_game_get_contract (game) == BK_CONTRACT_BEDDL;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent,
                                                       beddl ? _("The Beddl Is Lost")
                                                             : _("The Mord Is Lost"),
                                                       text));
  adw_message_dialog_add_response (dialog, "result", _("_See the Result"));
  adw_message_dialog_set_response_appearance (dialog, "result", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "result");
  adw_message_dialog_set_close_response (dialog, "result");
  return dialog;
}

/* ---- Tables ----------------------------------------------------------------------------- */

static GtkWidget *
cell (GtkGrid    *grid,
      int         column,
      int         row,
      const char *text,
      const char *name,
      gboolean    strong)
{
  GtkWidget *label = gtk_label_new (NULL);

  if (strong)
    {
      g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>", text);
      gtk_label_set_markup (GTK_LABEL (label), markup);
    }
  else
    gtk_label_set_text (GTK_LABEL (label), text);
  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 0.0f : 1.0f);
  /* A name with its note ("Sepp (heart-free)") wraps on a phone rather than widen the
   * sheet past the window. */
  if (column == 0)
    gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (name)
    gtk_widget_set_name (label, name);
  gtk_grid_attach (grid, label, column, row, 1, 1);
  return label;
}

static GtkWidget *
header (GtkGrid    *grid,
        int         column,
        const char *text)
{
  GtkWidget *label = cell (grid, column, 0, text, NULL, FALSE);

  gtk_widget_add_css_class (label, "heading");
  /* "This Hand" may take two lines on a phone, in a language with long words. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), column == 0 ? GTK_JUSTIFY_LEFT : GTK_JUSTIFY_RIGHT);
  return label;
}

static GtkGrid *
new_grid (void)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

  gtk_grid_set_column_spacing (grid, 12);
  gtk_grid_set_row_spacing (grid, 6);
  gtk_widget_set_halign (GTK_WIDGET (grid), GTK_ALIGN_CENTER);
  return grid;
}

static void
named (char       *buffer,
       gsize       size,
       const char *what,
       guint       seat)
{
  g_snprintf (buffer, size, "%s-%u", what, seat);
}

/* The names of the seats in @mask, "Sepp, Gretl". */
static char *
list_names (guint32             mask,
            guint               n_players,
            const char * const *names)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint s = 0; s < n_players; s++)
    if (mask & (1u << s))
      {
        if (text->len)
          g_string_append (text, _(", "));
        g_string_append (text, names[s]);
      }
  return g_strdup (text->str);
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
  const BkHerzlaResult *r = bk_herzla_game_get_last_result (game);
  guint n = bk_game_get_n_seats (game);
  GtkGrid *grid = new_grid ();

  header (grid, 0, _("Player"));
  /* Translators: the column of the hearts each player took, in Herzla's result sheet; the
   * suit's name in card names is the msgid "Hearts" without context */
  header (grid, 1, C_("sheet column", "Hearts"));
  header (grid, 2, _("This Hand"));
  header (grid, 3, _("Balance"));
  for (guint s = 0; s < n; s++)
    {
      char id[32];
      g_autofree char *hearts = g_strdup_printf ("%u", r->tally.hearts[s]);
      g_autofree char *cents = bk_money_format_cents (r->payment.cents[s], TRUE);
      g_autofree char *balance = bk_money_format_cents (bk_herzla_game_get_balance (game, s),
                                                         TRUE);
      const char *who = names[s];
      g_autofree char *free_name = NULL;

      if (r->tally.contract == BK_CONTRACT_NORMAL && r->tally.hearts[s] == 0)
        /* Translators: a player who took no heart, in the result sheet */
        who = free_name = g_strdup_printf (_("%s (heart-free)"), names[s]);
      cell (grid, 0, (int) s + 1, who, NULL, s == r->tally.declarer);
      named (id, sizeof id, "hearts", s);
      cell (grid, 1, (int) s + 1, hearts, id, FALSE);
      named (id, sizeof id, "cents", s);
      cell (grid, 2, (int) s + 1, cents, id, FALSE);
      named (id, sizeof id, "balance", s);
      cell (grid, 3, (int) s + 1, balance, id, TRUE);
    }
  {
    g_autofree char *stock = bk_money_format_cents (bk_herzla_game_get_stock (game), FALSE);

    cell (grid, 0, (int) n + 1, _("Stock"), NULL, FALSE);
    cell (grid, 3, (int) n + 1, stock, "stock", TRUE);
  }
  return GTK_WIDGET (grid);
}

/* The simple form: hearts this hand and the penalty totals, the leaders marked. */
static GtkWidget *
penalty_grid (BkGame             *game,
              const char * const *names)
{
  const BkHerzlaResult *r = bk_herzla_game_get_last_result (game);
  guint n = bk_game_get_n_seats (game);
  guint32 leaders = bk_herzla_score_winners (bk_herzla_game_get_score (game));
  GtkGrid *grid = new_grid ();

  header (grid, 0, _("Player"));
  /* Translators: the column of the hearts each player took, in Herzla's result sheet; the
   * suit's name in card names is the msgid "Hearts" without context */
  header (grid, 1, C_("sheet column", "Hearts"));
  header (grid, 2, _("Total"));
  for (guint s = 0; s < n; s++)
    {
      char id[32];
      g_autofree char *hearts = g_strdup_printf ("%u", r->tally.hearts[s]);
      g_autofree char *total = g_strdup_printf ("%u", bk_herzla_game_get_penalty (game, s));
      gboolean leads = (leaders & (1u << s)) != 0;
      GtkWidget *label;

      label = cell (grid, 0, (int) s + 1, names[s], leads ? "leader" : NULL, leads);
      if (leads)
        gtk_widget_add_css_class (label, "success");
      named (id, sizeof id, "hearts", s);
      cell (grid, 1, (int) s + 1, hearts, id, FALSE);
      named (id, sizeof id, "total", s);
      label = cell (grid, 2, (int) s + 1, total, id, leads);
      if (leads)
        gtk_widget_add_css_class (label, "success");
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
      g_autofree char *who = list_names (winners, n, names);

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
          g_autofree char *who = list_names (free_mask, n, names);
          /* Translators: who took no heart this hand */
          g_string_append_printf (body, _("Heart-free: %s."), who);
        }
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
          g_autofree char *who = list_names (free_mask, n, names);
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
 * leader marked). Responds "next" (or "settle" in the four-player game), or at the session's
 * end "new" or "close". */
AdwMessageDialog *
bk_herzla_result_sheet_new (GtkWindow          *parent,
                            BkGame             *game,
                            const char * const *names)
{
  const BkHerzlaResult *r;
  AdwMessageDialog *dialog;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);
  r = bk_herzla_game_get_last_result (game);
  g_return_val_if_fail (r != NULL, NULL);

  heading = heading_text (game, names);
  body = body_text (game, names);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, heading, body));
  gtk_widget_set_name (GTK_WIDGET (dialog), "herzla-result");
  adw_message_dialog_set_extra_child (dialog, is_simple (game) ? penalty_grid (game, names)
                                                               : payments_grid (game, names));
  if (r->session_over)
    {
      adw_message_dialog_add_responses (dialog, "close", _("_Close"),
                                        "new", _("_New Session"), NULL);
      adw_message_dialog_set_response_appearance (dialog, "new", ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (dialog, "new");
      adw_message_dialog_set_close_response (dialog, "close");
    }
  else
    {
      /* H5.4: the four-player evening ends when the players say so. */
      if (!is_simple (game))
        adw_message_dialog_add_response (dialog, "settle", _("Settle _Up"));
      adw_message_dialog_add_response (dialog, "next", _("_Next Hand"));
      adw_message_dialog_set_response_appearance (dialog, "next", ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (dialog, "next");
      adw_message_dialog_set_close_response (dialog, "next");
    }
  return dialog;
}

/* ---- Settling up ------------------------------------------------------------------------ */

/* H5.4, H5.6: each player's balance before settling, his share of the stock and what he
 * takes home; the stock's row below. */
static GtkWidget *
settled_grid (BkGame              *game,
              const BkHerzlaScore *settled,
              const char * const  *names)
{
  const BkHerzlaScore *score = bk_herzla_game_get_score (game);
  guint n = bk_game_get_n_seats (game);
  guint32 winners = bk_herzla_score_winners (settled);
  GtkGrid *grid = new_grid ();

  header (grid, 0, _("Player"));
  header (grid, 1, _("Balance"));
  header (grid, 2, _("Share"));
  header (grid, 3, _("Final"));
  for (guint s = 0; s < n; s++)
    {
      char id[32];
      g_autofree char *balance = bk_money_format_cents (score->cents[s], TRUE);
      g_autofree char *share = bk_money_format_cents (settled->cents[s] - score->cents[s],
                                                       FALSE);
      g_autofree char *final = bk_money_format_cents (settled->cents[s], TRUE);
      gboolean leads = (winners & (1u << s)) != 0;
      GtkWidget *label;

      label = cell (grid, 0, (int) s + 1, names[s], leads ? "leader" : NULL, leads);
      if (leads)
        gtk_widget_add_css_class (label, "success");
      cell (grid, 1, (int) s + 1, balance, NULL, FALSE);
      named (id, sizeof id, "share", s);
      cell (grid, 2, (int) s + 1, share, id, FALSE);
      named (id, sizeof id, "final", s);
      label = cell (grid, 3, (int) s + 1, final, id, TRUE);
      if (leads)
        gtk_widget_add_css_class (label, "success");
    }
  {
    g_autofree char *before = bk_money_format_cents (score->stock, FALSE);
    g_autofree char *after = bk_money_format_cents (settled->stock, FALSE);

    cell (grid, 0, (int) n + 1, _("Stock"), NULL, FALSE);
    cell (grid, 1, (int) n + 1, before, NULL, FALSE);
    cell (grid, 3, (int) n + 1, after, "stock", TRUE);
  }
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
      g_autofree char *who = list_names (winners, n, names);
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
  AdwMessageDialog *dialog;
  g_autofree char *body = NULL;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);
  g_return_val_if_fail (settled != NULL, NULL);

  body = settled_body (game, settled, names);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("Settled Up"), body));
  gtk_widget_set_name (GTK_WIDGET (dialog), "herzla-settled");
  adw_message_dialog_set_extra_child (dialog, settled_grid (game, settled, names));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Play On"),
                                    "new", _("_New Session"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "new", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "new");
  adw_message_dialog_set_close_response (dialog, "cancel");
  return dialog;
}

/* ---- The ledger ------------------------------------------------------------------------- */

/* The four-player session: what each has won and paid, the balance, the stock. */
static GtkWidget *
money_ledger (BkGame             *game,
              const char * const *names)
{
  const BkHerzlaScore *score = bk_herzla_game_get_score (game);
  guint n = bk_game_get_n_seats (game);
  guint32 leaders = bk_herzla_score_winners (score);
  GtkGrid *grid = new_grid ();

  header (grid, 0, _("Player"));
  header (grid, 1, _("Won"));
  header (grid, 2, _("Paid"));
  header (grid, 3, _("Balance"));
  for (guint s = 0; s < n; s++)
    {
      char id[32];
      g_autofree char *won = bk_money_format_cents ((gint) score->received[s], FALSE);
      g_autofree char *paid = bk_money_format_cents ((gint) score->paid[s], FALSE);
      g_autofree char *balance = bk_money_format_cents (bk_herzla_game_get_balance (game, s),
                                                         TRUE);
      gboolean leads = score->hands > 0 && (leaders & (1u << s)) != 0;
      GtkWidget *label;

      label = cell (grid, 0, (int) s + 1, names[s], leads ? "leader" : NULL, leads);
      if (leads)
        gtk_widget_add_css_class (label, "success");
      cell (grid, 1, (int) s + 1, won, NULL, FALSE);
      cell (grid, 2, (int) s + 1, paid, NULL, FALSE);
      named (id, sizeof id, "balance", s);
      cell (grid, 3, (int) s + 1, balance, id, TRUE);
    }
  {
    g_autofree char *stock = bk_money_format_cents (bk_herzla_game_get_stock (game), FALSE);

    cell (grid, 0, (int) n + 1, _("Stock"), NULL, FALSE);
    cell (grid, 3, (int) n + 1, stock, "stock", TRUE);
  }
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
  GtkGrid *grid = new_grid ();
  guint row = 1;

  header (grid, 0, _("Hand"));
  for (guint s = 0; s < n; s++)
    header (grid, (int) s + 1, names[s]);
  for (guint i = 0; results && i < results->len; i++)
    {
      const BkHerzlaResult *r = &g_array_index (results, BkHerzlaResult, i);
      g_autofree char *number = g_strdup_printf ("%u", i + 1);

      cell (grid, 0, (int) row, number, NULL, FALSE);
      for (guint s = 0; s < n; s++)
        {
          g_autofree char *hearts = g_strdup_printf ("%u", r->tally.hearts[s]);
          cell (grid, (int) s + 1, (int) row, hearts, NULL, FALSE);
        }
      row++;
    }
  cell (grid, 0, (int) row, _("Total"), NULL, TRUE);
  for (guint s = 0; s < n; s++)
    {
      char id[32];
      g_autofree char *total = g_strdup_printf ("%u", bk_herzla_game_get_penalty (game, s));
      gboolean leads = (leaders & (1u << s)) != 0;
      GtkWidget *label;

      named (id, sizeof id, "total", s);
      label = cell (grid, (int) s + 1, (int) row, total, id, TRUE);
      if (leads)
        gtk_widget_add_css_class (label, "success");
    }
  return GTK_WIDGET (grid);
}

/* The ledger (Abrechnung) of the session so far, in a window of its own. */
GtkWidget *
bk_herzla_ledger_new (GtkWindow          *parent,
                      BkGame             *game,
                      const char * const *names,
                      GArray             *results)
{
  GtkWidget *window, *box, *scrolled, *title, *headerbar, *note;
  const BkHerzlaScore *score;
  int width = 480;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);
  score = bk_herzla_game_get_score (game);

  window = adw_window_new ();
  gtk_widget_set_name (window, "herzla-ledger");
  gtk_window_set_title (GTK_WINDOW (window), _("Ledger"));
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  gtk_window_set_hide_on_close (GTK_WINDOW (window), FALSE);

  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hand played",
                                           "%u hands played", score->hands), score->hands);
  title = adw_window_title_new (_("Ledger"), subtitle);
  headerbar = adw_header_bar_new ();
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (headerbar), title);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), headerbar);
  scrolled = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (scrolled, TRUE);
  {
    GtkWidget *inner = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);

    gtk_widget_set_margin_top (inner, 18);
    gtk_widget_set_margin_bottom (inner, 18);
    gtk_widget_set_margin_start (inner, 18);
    gtk_widget_set_margin_end (inner, 18);
    gtk_box_append (GTK_BOX (inner), is_simple (game) ? penalty_ledger (game, names, results)
                                                     : money_ledger (game, names));
    note = gtk_label_new (is_simple (game)
                          ? _("Every heart taken is a penalty point; the lowest total wins.")
                          : _("The balances and the stock always add up to zero."));
    gtk_label_set_wrap (GTK_LABEL (note), TRUE);
    gtk_widget_add_css_class (note, "dim-label");
    gtk_box_append (GTK_BOX (inner), note);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), inner);
    /* Wide enough for every player's column (eight in the simple form), as far as the
     * game's window allows; beyond that the table scrolls. */
    {
      int natural = 0, limit = parent ? gtk_widget_get_width (GTK_WIDGET (parent)) : 0;

      gtk_widget_measure (inner, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      width = MAX (width, natural + 24); /* and a scroll bar, when there are many hands */
      if (limit > 0)
        width = MIN (width, MAX (limit, 360));
    }
  }
  gtk_box_append (GTK_BOX (box), scrolled);
  adw_window_set_content (ADW_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), width, 420);
  {
    GtkEventController *keys = gtk_shortcut_controller_new ();

    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                        gtk_named_action_new ("window.close")));
    gtk_widget_add_controller (window, keys);
  }
  return window;
}

static void
collect_text (GtkWidget *widget,
              GString   *out)
{
  if (GTK_IS_LABEL (widget))
    {
      g_string_append (out, gtk_label_get_text (GTK_LABEL (widget)));
      g_string_append_c (out, '\n');
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, out);
}

/* Every text shown in @sheet (a result sheet or the ledger), a line each; for the tests. */
char *
bk_herzla_sheet_dup_text (GtkWidget *sheet)
{
  GString *out = g_string_new (NULL);

  if (ADW_IS_MESSAGE_DIALOG (sheet))
    g_string_append_printf (out, "%s\n%s\n",
                            adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (sheet)),
                            adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (sheet)));
  collect_text (sheet, out);
  return g_string_free (out, FALSE);
}
