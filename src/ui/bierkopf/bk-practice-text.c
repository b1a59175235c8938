/* bk-practice-text.c: the practice hand's advice and comments in words.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

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
