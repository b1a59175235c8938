/* bk-rules-window.c: the rules of Bierkopf in short (spec B1-B6), or of Herzla
 * (docs/rules-herzla.md H1-H6), each house rule shown as it is set now.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-card.h"
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
section (GString    *out,
         const char *heading,
         const char *body)
{
  g_autofree char *heading_escaped = g_markup_escape_text (heading, -1);
  g_autofree char *body_escaped = g_markup_escape_text (body, -1);

  g_string_append_printf (out, "<span size='large' weight='bold'>%s</span>\n%s\n\n",
                          heading_escaped, body_escaped);
}

/* The house rules in use of one chapter of the rules ("B3"), as their descriptions word
 * them (bk-bierkopf-rules.c); a rule whose value says nothing there is left out. */
static void
house_rules (GString       *out,
             const BkRules *rules,
             const char    *chapter)
{
  gsize n = strlen (chapter);

  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    {
      const char *in_use = bk_house_rule_in_use (rule, rules);
      g_autofree char *escaped = NULL;

      if (in_use == NULL || rule->section == NULL || strncmp (rule->section, chapter, n) != 0 ||
          rule->section[n] != '.')
        continue;
      escaped = g_markup_escape_text (g_dgettext (GETTEXT_PACKAGE, in_use), -1);
      /* Translators: marks the house rule in use on the Rules page */
      g_string_append_printf (out, "<b>%s</b> %s\n", _("House rule in use:"), escaped);
    }
}

/* The rules speak of the cards as the active deck draws them: whole sentences for each
 * deck, so that each language can word them freely. */
static char *
rules_markup (const BkRules *rules,
              BkDeckStyle    deck)
{
  GString *out = g_string_new (NULL);
  gboolean french = deck == BK_DECK_FRENCH;

  section (out, _("Cards"),
           french
           ? _("French cards: Clubs, Spades, Hearts and Diamonds. The Ace counts 11, the Ten "
               "10, the King 4, the Queen 3, the Jack 2, the Nine nothing: 120 card points in "
               "all.")
           : _("Bavarian cards: Acorns, Leaves, Hearts and Bells. The Sow counts 11, the Ten "
               "10, the King 4, the Ober 3, the Unter 2, the Nine nothing: 120 card points in "
               "all."));
  house_rules (out, rules, "B1");
  g_string_append_c (out, '\n');

  section (out, _("Trumps"),
           french
           ? _("Every Queen, every Jack and every Heart is a trump, high to low: the Queens of "
               "Clubs, Spades, Hearts, Diamonds, then the Jacks in the same order, then the "
               "Ace, Ten, King (and Nine) of Hearts. The plain suits Clubs, Spades and Diamonds "
               "rank Ace, Ten, King (Nine).")
           : _("Every Ober, every Unter and every Heart is a trump, high to low: the Obers of "
               "Acorns, Leaves, Hearts, Bells, then the Unters in the same order, then the Sow, "
               "Ten, King (and Nine) of Hearts. The plain suits Acorns, Leaves and Bells rank "
               "Sow, Ten, King (Nine)."));

  section (out, _("Partners"),
           french
           ? _("At the start the cards are dealt face up until two Aces appear: their holders "
               "play together for the whole session and sit opposite. The forehand, left of "
               "the dealer, plays with the rearhand; the middlehand with the dealer.")
           : _("At the start the cards are dealt face up until two Sows appear: their holders "
               "play together for the whole session and sit opposite. The forehand, left of "
               "the dealer, plays with the rearhand; the middlehand with the dealer."));
  house_rules (out, rules, "B2");
  g_string_append_c (out, '\n');

  section (out, _("Table Talk and Doubling"),
           _("Before the first card the forehand and his partner say how well they can help "
             "(good, so-so, bad); the forehand may then announce a Spritze, doubling the hand. "
             "If he passes, the other team says whether it can help and the middlehand may "
             "double; then the rearhand. The dealer never doubles: “because we sit at the "
             "back”. After a Spritze the other team may answer with a Retour, doubling again; "
             "raises alternate, and stop once one win would end the Bollen."));
  house_rules (out, rules, "B3");
  g_string_append_c (out, '\n');

  section (out, _("Play"),
           french
           ? _("The forehand leads. You must follow suit; trumps count as one suit, so a led "
               "Queen or Heart asks for a trump. Nobody must beat a trick when following suit. "
               "The highest trump wins, else the highest card of the led suit.")
           : _("The forehand leads. You must follow suit; trumps count as one suit, so a led "
               "Ober or Heart asks for a trump. Nobody must beat a trick when following suit. "
               "The highest trump wins, else the highest card of the led suit."));
  house_rules (out, rules, "B4");
  g_string_append_c (out, '\n');

  section (out, _("Scoring"),
           _("61 card points win. The winners strike lines on their beer coaster: one, two "
             "with Schneider (the losers have fewer than 30), three with Schwarz, times the "
             "doublings. A 60:60 hand is won by nobody."));
  house_rules (out, rules, "B5");
  g_string_append_c (out, '\n');

  section (out, _("The Bollen"),
           _("Each team starts with 21 lines. The team that strikes its last line wins the "
             "Bollen: the losers owe a Maß of beer and get a dot on their coaster, and both "
             "coasters start afresh."));
  house_rules (out, rules, "B6");

  return g_string_free (out, FALSE);
}

/* Herzla, after docs/rules-herzla.md: the cards as the active deck names them. */
static char *
herzla_markup (const BkRules *rules,
               BkDeckStyle    deck)
{
  GString *out = g_string_new (NULL);
  gboolean french = deck == BK_DECK_FRENCH;

  section (out, _("Cards"),
           french
           ? _("32 cards, 36 with the Sixes in the simple form. There are no trumps: every "
               "suit ranks Ace, King, Queen, Jack, Ten, Nine, Eight, Seven (Six). The eight "
               "Hearts are the penalty cards.")
           : _("The Bavarian pack of 32 cards, 36 with the Sechsen in the simple form. There "
               "are no trumps: every suit ranks Sow, King, Ober, Unter, Ten, Nine, Eight, "
               "Seven (Six). The eight Hearts are the penalty cards."));
  house_rules (out, rules, "H1");
  g_string_append_c (out, '\n');

  section (out, _("The Deal"),
           _("Everybody gets eight cards, dealt clockwise from the dealer’s left; the deal "
             "passes to the left after every hand. Vorhand, on the dealer’s left, bids first "
             "and leads to the first trick."));
  house_rules (out, rules, "H2");
  g_string_append_c (out, '\n');

  section (out, _("Beddl and Mord"),
           _("Starting with Vorhand, each player may bid Beddl (he will take no trick), Mord "
             "(he will take every trick) or say weiter. The first bid stands: its bidder "
             "plays alone against the other three. When all four say weiter, the normal game "
             "is played."));
  house_rules (out, rules, "H3");
  g_string_append_c (out, '\n');

  section (out, _("Play"),
           _("Follow suit if you can; otherwise play any card. Nobody has to win a trick; the "
             "highest card of the suit led takes it. No Heart may be led to the first or the "
             "second trick, unless the leader holds nothing but Hearts. A Beddl stops as soon "
             "as its declarer takes a trick, a Mord as soon as a defender does. Whoever takes "
             "all eight tricks of a normal game without bidding it has made a "
             "Schleichermord."));
  house_rules (out, rules, "H4");
  g_string_append_c (out, '\n');

  section (out, _("Hearts and Cents"),
           _("In the normal game everybody pays 10 cents for each Heart he took to the "
             "players who took none (heart-free); they share the 80 cents. Whoever took all "
             "eight Hearts pays 80 cents into the stock, the pot on the table. When nobody is "
             "heart-free, each pays 10 cents a Heart into the stock. The stock goes to the "
             "next player who is the only heart-free one. A won Beddl or Mord: each defender "
             "pays the declarer 80 cents; a lost one: the declarer pays each defender 80 "
             "cents. A Schleichermord is paid like a won Mord. The balances and the stock "
             "always add up to zero."));
  house_rules (out, rules, "H5");
  g_string_append_c (out, '\n');

  section (out, _("The Simple Form, 3 to 8 Players"),
           french
           ? _("With 36 cards, the Sixes included, dealt evenly; the rest lie aside face down. "
               "Only the normal game is played, and every Heart taken is a penalty point. The "
               "session ends after the agreed rounds, or when somebody reaches the penalty "
               "limit; the lowest total wins.")
           : _("With 36 cards, the Sechsen included, dealt evenly; the rest lie aside face "
               "down. Only the normal game is played, and every Heart taken is a penalty "
               "point. The session ends after the agreed rounds, or when somebody reaches the "
               "penalty limit; the lowest total wins."));
  house_rules (out, rules, "H6");

  return g_string_free (out, FALSE);
}

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

/* The rules of @game ("bierkopf", "herzla", "herzla-simple") with the house rules of its
 * next session. */
GtkWidget *
bk_rules_window_new_for_game (const char *game)
{
  BkRulesWindow *self = g_object_new (BK_TYPE_RULES_WINDOW, NULL);
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *markup = NULL;
  gboolean herzla = game && g_str_has_prefix (game, "herzla");
  /* The deck of the preferences: "bavarian", "french" or "french-4color". */
  BkDeckStyle deck = g_settings_get_enum (settings, "card-theme") == 0 ? BK_DECK_BAVARIAN
                                                                       : BK_DECK_FRENCH;
  BkRules rules;

  bk_settings_get_rules_for (settings, herzla ? game : "bierkopf", &rules);
  markup = herzla ? herzla_markup (&rules, deck) : rules_markup (&rules, deck);
  adw_window_title_set_title (self->title_widget, herzla ? _("Rules of Herzla")
                                                         : _("Rules of Bierkopf"));
  {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text);
    GtkTextIter start;

    gtk_text_buffer_get_start_iter (buffer, &start);
    gtk_text_buffer_insert_markup (buffer, &start, markup, -1);
    gtk_text_buffer_get_start_iter (buffer, &start);
    gtk_text_buffer_place_cursor (buffer, &start);
  }
  return GTK_WIDGET (self);
}

GtkWidget *
bk_rules_window_new (void)
{
  return bk_rules_window_new_for_game ("bierkopf");
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
