/* bk-bierkopf-hint.c: Bierkopf's hint: the played hand so far (bk_played_hand_hint()
 * reads only what the seat may know), and the advice in the words of the table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "bk-bierkopf-hint.h"
#include "bk-bierkopf-view.h"
#include "bk-card-view.h"
#include "bk-played-hand.h"

/* A request for a hint, and its answer once run. */
typedef struct {
  BkPlayedHand *hand;
  BkSeat        seat;
  guint64       seed;
  BkReviewHint  hint;
} Job;

/* A card by its name in the deck shown; a word as said; a doubling or a pass in the
 * words of the buttons that say it: before the first card (@trick 0) "Spritze" or "Pass",
 * in play "Retour" or "No Retour". */
char *
bk_bierkopf_hint_describe_action (BkCardTheme    *theme,
                                  const BkAction *action,
                                  guint           trick)
{
  switch (action->type)
    {
    case BK_ACTION_PLAY:
      return bk_card_theme_card_name (theme, (BkCard) action->arg);
    case BK_ACTION_TALK:
      /* Translators: a word said at the table, in quotation marks */
      return g_strdup_printf (_("“%s”"), bk_word_display ((BkWord) action->arg));
    case BK_ACTION_DOUBLE:
      /* Translators: the doubling during play, as its button says it (without the "!") */
      return g_strdup (trick > 0 ? C_("doubling", "Retour")
                                 /* Translators: the doubling before the first card, as
                                  * its button says it (without the "!") */
                                 : C_("doubling", "Spritze"));
    case BK_ACTION_PASS:
      /* Translators: no Retour, as its button says it */
      return g_strdup (trick > 0 ? C_("doubling", "No Retour")
                                 /* Translators: no Spritze, as the button says it */
                                 : C_("doubling", "Pass"));
    default:
      return g_strdup ("?");
    }
}

/* A value in words: card points for a card; lines for a doubling, with their sign (won
 * or lost). What rounds to nothing is 0, never "-0.0". */
char *
bk_bierkopf_hint_value_text (guint  kind,
                             double value)
{
  if (isnan (value))
    return g_strdup ("–");
  value = bk_hint_tidy (value, 1);
  if (kind == BK_REVIEW_DOUBLE && value != 0)
    /* Translators: lines won (+) or lost (−) */
    return g_strdup_printf (_("%+.1f lines"), value);
  if (kind == BK_REVIEW_DOUBLE)
    /* Translators: lines, in the review */
    return g_strdup_printf (_("%.1f lines"), value);
  /* Translators: card points, in the review */
  return g_strdup_printf (_("%.1f points"), value);
}

/* An option with its value: the expected one, or with @exact the one with all cards
 * open; card points for a card, lines for a doubling. */
char *
bk_bierkopf_hint_describe_option (BkCardTheme          *theme,
                                  guint                 kind,
                                  guint                 trick,
                                  const BkReviewOption *option,
                                  gboolean              exact)
{
  g_autofree char *name = bk_bierkopf_hint_describe_action (theme, &option->action, trick);
  double value = exact ? option->exact : option->expected;
  g_autofree char *amount = NULL;

  if (isnan (value))
    return g_steal_pointer (&name);
  amount = bk_bierkopf_hint_value_text (kind, value);
  /* Translators: an option and what it is worth, e.g. "Spritze: +1.3 lines" or
   * "Eichel-Ober: 72.4 points" */
  return g_strdup_printf (_("%s: %s"), name, amount);
}

/* The hint in words: the Meister's choice, or the only option, and the values of the two
 * best options (a card's tooltip; lines apart, as a message they are joined). */
char *
bk_bierkopf_hint_text (BkCardTheme        *theme,
                       const BkReviewHint *hint)
{
  g_autofree char *choice = bk_bierkopf_hint_describe_action (theme, &hint->choice, hint->trick);
  g_autoptr (GString) text = g_string_new (NULL);
  gboolean only = hint->kind != BK_REVIEW_TALK && hint->n_options == 1;

  if (hint->kind == BK_REVIEW_TALK)
    /* Translators: %s is a word in quotation marks */
    g_string_append_printf (text, _("The Meister would say %s"), choice);
  else if (only && hint->kind == BK_REVIEW_CARD)
    /* Translators: %s is a card: the one legal card */
    g_string_append_printf (text, _("%s is the only card you can play"), choice);
  else if (only)
    /* Translators: %s is "Pass" or "No Retour": no doubling is allowed */
    g_string_append_printf (text, _("%s is the only choice you have"), choice);
  else
    /* Translators: %s is a card, or "Spritze" / "Pass" / "Retour" / "No Retour" */
    g_string_append_printf (text, _("The Meister’s choice: %s"), choice);
  /* A word has no value of its own: only cards and doublings show the two best; a single
   * option only when its value is known. */
  for (guint i = 0; hint->kind != BK_REVIEW_TALK && i < hint->n_options; i++)
    {
      g_autofree char *option = NULL;

      if (only && isnan (hint->best[i].expected))
        break;
      option = bk_bierkopf_hint_describe_option (theme, hint->kind, hint->trick,
                                                 &hint->best[i], FALSE);
      g_string_append_printf (text, "\n%s", option);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* BkGameView.hint_new: the hand played so far, for @seat. */
gpointer
bk_bierkopf_hint_job_new (BkGame  *game,
                          BkSeat   seat,
                          guint64  seed)
{
  Job *job = g_new0 (Job, 1);

  job->hand = bk_played_hand_new_from_game (game);
  job->seat = seat;
  job->seed = seed;
  return job;
}

/* BkGameView.hint_run, on a worker thread. */
gboolean
bk_bierkopf_hint_job_run (gpointer   data,
                          GError   **error)
{
  Job *job = data;

  return bk_played_hand_hint (job->hand, job->seat, job->seed, &job->hint, error);
}

/* BkGameView.hint_text: a card's hint raises the card; a word's or a doubling's is told. */
char *
bk_bierkopf_hint_job_text (gpointer     data,
                           BkCardTheme *theme,
                           BkCard      *card)
{
  Job *job = data;

  *card = job->hint.kind == BK_REVIEW_CARD ? (BkCard) job->hint.choice.arg : BK_CARD_NONE;
  return bk_bierkopf_hint_text (theme, &job->hint);
}

void
bk_bierkopf_hint_job_free (gpointer data)
{
  Job *job = data;

  g_clear_pointer (&job->hand, bk_played_hand_free);
  g_free (job);
}

/* The last hint @hint has shown, if it was one of Bierkopf; FALSE otherwise. */
gboolean
bk_bierkopf_hint_get_last (BkHint       *hint,
                           BkReviewHint *last)
{
  const BkGameView *view = NULL;
  Job *job = bk_hint_get_last (hint, &view);

  if (job == NULL || view != &bk_bierkopf_view)
    return FALSE;
  if (last)
    *last = job->hint;
  return TRUE;
}
