/* bk-practice-text.c: the practice hand's advice and comments in words.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "bk-bierkopf-hint.h"
#include "bk-bierkopf-seats.h"
#include "bk-bierkopf-view.h"
#include "bk-practice-text.h"

/* A reason in the words of the table. */
char *
bk_practice_reason_text (const BkReason *reason)
{
  g_autofree char *card = reason->card != BK_CARD_NONE
                          ? bk_card_display_name (reason->card) : NULL;
  g_autofree char *other = reason->other != BK_CARD_NONE
                           ? bk_card_display_name (reason->other) : NULL;

  switch ((BkReasonCode) reason->code)
    {
    case BK_REASON_ONLY_CARD:
      /* Translators: a reason for a card in the practice hand; %s is a card */
      return g_strdup_printf (_("%s is the only card you may play"), card);
    case BK_REASON_TAKES_TRICK:
      /* Translators: a reason; %s is a card */
      return g_strdup_printf (_("%s takes this trick: no card still out beats it"), card);
    case BK_REASON_BEATS:
      /* Translators: a reason; both are cards: the card played beats an opponent's */
      return g_strdup_printf (_("%s beats %s, though a card still to come may beat it"),
                              card, other);
    case BK_REASON_PARTNER_WINNING:
      if (reason->count)
        /* Translators: a reason; %s is the partner's card */
        return g_strdup_printf (_("your partner takes this trick with %s: no card still out "
                                  "beats it"), other);
      /* Translators: a reason; %s is the partner's card */
      return g_strdup_printf (_("your partner is ahead in this trick with %s"), other);
    case BK_REASON_SCHMIEREN:
      /* Translators: a reason; "schmieren" is the word of the table for giving the
       * partner's trick points; %s is a card, %d its card points */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "give him points (schmieren): %s counts %d point",
                                           "give him points (schmieren): %s counts %d points",
                                           reason->count), card, reason->count);
    case BK_REASON_TRICK_LOST:
      /* Translators: a reason; %s is the opponent's card that takes the trick */
      return g_strdup_printf (_("play low: the trick is lost, none of your cards beats %s"),
                              other);
    case BK_REASON_PLAY_LOW:
      /* Translators: a reason; %s is a card */
      return g_strdup_printf (_("%s gives away the fewest points"), card);
    case BK_REASON_DRAW_TRUMPS:
      /* Translators: a reason for leading a trump */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "draw trumps: %d trump is still out",
                                           "draw trumps: %d trumps are still out",
                                           reason->count), reason->count);
    case BK_REASON_PARTNER_VOID:
      /* Translators: a reason; %s is a suit, e.g. "Leaves" */
      return g_strdup_printf (_("your partner has no %s left: he can trump it"),
                              bk_suit_display_name ((BkSuit) reason->group,
                                                    bk_card_get_display_style ()));
    case BK_REASON_HIGHEST:
      if (reason->group == BK_GROUP_TRUMP)
        /* Translators: a reason; %s is a card */
        return g_strdup_printf (_("%s is the highest trump still in play"), card);
      /* Translators: a reason; %s is a card */
      return g_strdup_printf (_("%s is the highest card of its suit still in play"), card);
    case BK_REASON_KEEP:
      /* Translators: a reason, e.g. "keep the Zehn of Leaves: the Sau of Leaves is still
       * out"; both are cards */
      return g_strdup_printf (_("keep %s: %s is still out"), card, other);
    case BK_REASON_OPPONENT_VOID:
      /* Translators: a reason against leading a card; %1$s a card, %2$s a player's name
       * ("West"), %3$s a suit */
      return g_strdup_printf (_("not %1$s: %2$s has no %3$s left and may trump it"), card,
                              bk_seat_display_name ((BkSeat) reason->seat),
                              bk_suit_display_name ((BkSuit) reason->group,
                                                    bk_card_get_display_style ()));
    case BK_REASON_MARGIN:
      /* Translators: a reason: what the Meister's card is worth more than the next best
       * (%2$s), on average over the hands the others may hold */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "about %1$d card point more than %2$s, on average",
                                           "about %1$d card points more than %2$s, on average",
                                           reason->count), reason->count, other);
    default:
      return bk_practice_say_reason_text (reason);
    }
}

/* A word or a doubling of the practice hand as it was said (a word in quotation marks,
 * "Spritze", "Pass"; in play, @trick > 0, "Retour", "No Retour"), and "nothing" for the
 * silence. */
char *
bk_practice_say_name (const BkAction *action,
                      guint           trick)
{
  if (action->type == BK_ACTION_TALK && action->arg == BK_WORD_NONE)
    /* Translators: what the person said in the table talk when silent: "You said nothing" */
    return g_strdup (C_("practice", "nothing"));
  return bk_bierkopf_hint_describe_action (NULL, action, trick);
}

/* The reasons before a word or a doubling (bk_reason_advise_say()). */
char *
bk_practice_say_reason_text (const BkReason *reason)
{
  g_autofree char *card = reason->card != BK_CARD_NONE
                          ? bk_card_display_name (reason->card) : NULL;
  g_autofree char *word = NULL;

  switch ((BkReasonCode) reason->code)
    {
    case BK_REASON_TRUMPS_HELD:
      if (reason->count == 0)
        /* Translators: a reason for a word in the table talk */
        return g_strdup (_("you hold no trump"));
      /* Translators: a reason for a word; %1$d trumps, %2$s the highest of them (a card) */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "you hold %1$d trump, the highest %2$s",
                                           "you hold %1$d trumps, the highest %2$s",
                                           reason->count), reason->count, card);
    case BK_REASON_SAUEN_HELD:
      /* Translators: a reason for a word; %1$d cards, %2$s a rank's name in the active
       * deck ("Sau", "Ace"): the highest card of a plain suit */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "you hold %1$d card of rank %2$s outside the "
                                           "trumps",
                                           "you hold %1$d cards of rank %2$s outside the "
                                           "trumps",
                                           reason->count), reason->count,
                              bk_rank_display_name (BK_RANK_SAU, bk_card_get_display_style ()));
    case BK_REASON_WIN_CHANCE:
      /* Translators: a reason for a word; the Meister's estimate from the hand alone */
      return g_strdup_printf (_("a hand like yours wins about %d times in 100"),
                              reason->count);
    case BK_REASON_TEAM_CHANCE:
      /* Translators: a reason for a doubling; the Meister's estimate over the hands the
       * others may hold */
      return g_strdup_printf (_("your team wins about %d times in 100, over the hands the "
                                "others may hold"), reason->count);
    case BK_REASON_WORD_MEANS:
      word = bk_bierkopf_view_quote_word ((BkWord) reason->group);
      if (reason->limit >= 100)
        /* Translators: what a word of the table talk promises; %1$s the word in quotation
         * marks, %2$d hands in 100 */
        return g_strdup_printf (_("%1$s promises a hand that wins %2$d times in 100 or more"),
                                word, reason->count);
      if (reason->count == 0)
        /* Translators: what a word says; %1$s the word in quotation marks, %2$d hands in
         * 100 */
        return g_strdup_printf (_("%1$s says a hand that wins fewer than %2$d times in 100"),
                                word, reason->limit);
      /* Translators: what a word says; %1$s the word in quotation marks, %2$d to %3$d
       * hands in 100 */
      return g_strdup_printf (_("%1$s says a hand that wins %2$d to %3$d times in 100"),
                              word, reason->count, reason->limit);
    case BK_REASON_WORD_SAID:
      word = bk_bierkopf_view_quote_word ((BkWord) reason->group);
      if (bk_seat_team ((BkSeat) reason->seat) == bk_seat_team (BK_SEAT_S))
        /* Translators: a reason for a doubling; %1$s the partner's name ("North"), %2$s
         * his word in quotation marks */
        return g_strdup_printf (_("your partner %1$s said %2$s"),
                                bk_seat_display_name ((BkSeat) reason->seat), word);
      /* Translators: a reason for a doubling; %1$s an opponent's name ("West"), %2$s his
       * word in quotation marks */
      return g_strdup_printf (_("%1$s, an opponent, said %2$s"),
                              bk_seat_display_name ((BkSeat) reason->seat), word);
    case BK_REASON_LINES:
      /* Translators: a reason for a doubling or a pass; %.1f lines on the beer coaster */
      return g_strdup_printf (_("it is worth about %.1f lines more than the other choice, "
                                "on average"), reason->count / 10.0);
    default:
      return g_strdup ("?");
    }
}

static void
append_reasons (GString        *text,
                const BkReason *reasons,
                guint           n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *reason = bk_practice_reason_text (&reasons[i]);

      /* Translators: one reason in a list of them, on a line of its own */
      g_string_append_printf (text, _("\n• %s"), reason);
    }
}

/* "The Meister would play X:" and its reasons, a line each. */
char *
bk_practice_advice_text (const BkAdvice *advice)
{
  g_autofree char *card = bk_card_display_name (advice->choice);
  GString *text = g_string_new (NULL);

  /* Translators: the practice hand's advice before the person's card; %s is a card, the
   * reasons follow on lines of their own */
  g_string_append_printf (text, _("The Meister would play %s:"), card);
  append_reasons (text, advice->reasons, advice->n_reasons);
  return g_string_free (text, FALSE);
}

/* After the trick: the Meister agrees, or what it would have played and why. */
char *
bk_practice_comment_text (const BkReasonComment *comment)
{
  g_autofree char *played = bk_card_display_name (comment->played);
  g_autofree char *choice = bk_card_display_name (comment->choice);
  GString *text = g_string_new (NULL);
  int points = (int) lround (comment->at_stake);

  if (comment->played == comment->choice)
    /* Translators: the comment after the trick; %s is the card the person played */
    g_string_append_printf (text, _("You played %s: the Meister agrees."), played);
  else if (comment->agreed)
    /* Translators: the comment after the trick; both are cards */
    g_string_append_printf (text, _("You played %s: as good as the Meister’s %s."),
                            played, choice);
  else
    {
      /* Translators: the comment after the trick; %1$s the card played, %2$s the
       * Meister's, %3$d card points on average; its reasons follow, a line each */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "You played %1$s; the Meister would have "
                                                 "played %2$s, about %3$d point more:",
                                                 "You played %1$s; the Meister would have "
                                                 "played %2$s, about %3$d points more:",
                                                 MAX (points, 1)),
                              played, choice, MAX (points, 1));
      append_reasons (text, comment->reasons, comment->n_reasons);
    }
  return g_string_free (text, FALSE);
}

/* "The Meister would say X:" (a word) or "The Meister would choose X:" (a doubling or a
 * pass), and its reasons, a line each. */
char *
bk_practice_say_advice_text (const BkSayAdvice *advice)
{
  g_autofree char *choice = bk_practice_say_name (&advice->hint.choice, advice->hint.trick);
  GString *text = g_string_new (NULL);

  if (advice->hint.kind == BK_REVIEW_TALK)
    /* Translators: the practice hand's advice before a word; %s is the word in quotation
     * marks; the reasons follow on lines of their own */
    g_string_append_printf (text, _("The Meister would say %s:"), choice);
  else
    /* Translators: the practice hand's advice before a doubling; %s is "Spritze" or
     * "Pass"; the reasons follow on lines of their own */
    g_string_append_printf (text, _("The Meister would choose %s:"), choice);
  append_reasons (text, advice->reasons, advice->n_reasons);
  return g_string_free (text, FALSE);
}

/* After a word or a doubling: the Meister agrees, or what it would have said and why. */
char *
bk_practice_say_comment_text (const BkSayAdvice *advice,
                              const BkAction    *said)
{
  g_autofree char *mine = bk_practice_say_name (said, advice->hint.trick);
  g_autofree char *choice = bk_practice_say_name (&advice->hint.choice, advice->hint.trick);
  gboolean talk = advice->hint.kind == BK_REVIEW_TALK;
  GString *text = g_string_new (NULL);

  if (said->type == advice->hint.choice.type && said->arg == advice->hint.choice.arg)
    g_string_append_printf (text, talk
                            /* Translators: the comment after a word; %s is the word */
                            ? _("You said %s: the Meister agrees.")
                            /* Translators: the comment after a doubling or a pass */
                            : _("You chose %s: the Meister agrees."), mine);
  else
    {
      g_string_append_printf (text, talk
                              /* Translators: the comment after a word; %1$s the person's
                               * word, %2$s the Meister's; its reasons follow */
                              ? _("You said %1$s; the Meister would say %2$s:")
                              /* Translators: the comment after a doubling or a pass;
                               * %1$s the person's choice, %2$s the Meister's */
                              : _("You chose %1$s; the Meister would choose %2$s:"),
                              mine, choice);
      append_reasons (text, advice->reasons, advice->n_reasons);
    }
  return g_string_free (text, FALSE);
}
