/* bk-herzla-hint.c: Herzla's hint: the seat's view of the hand alone (BkHerzlaInfo's
 * public hand) to bk_herzla_review_hint(), and the advice in the words of the table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "bk-card-view.h"
#include "bk-herzla-game.h"
#include "bk-herzla-hint.h"
#include "bk-herzla-info.h"

/* A request for a hint, and its answer once run. */
typedef struct {
  BkHerzlaHand       hand;
  BkSeat             seat;
  guint64            seed;
  BkHerzlaReviewHint hint;
} Job;

/* A Herzla bid by its name at the table. */
static char *
describe_herzla_action (BkCardTheme    *theme,
                        const BkAction *action)
{
  if (action->type == BK_ACTION_PLAY)
    return bk_card_theme_card_name (theme, (BkCard) action->arg);
  return g_strdup (bk_herzla_contract_name ((BkContract) action->arg));
}

/* The Herzla hint in words, values in penalty points with @penalty, else in cents. */
char *
bk_herzla_hint_text (BkCardTheme              *theme,
                     const BkHerzlaReviewHint *hint,
                     gboolean                  penalty)
{
  g_autofree char *choice = describe_herzla_action (theme, &hint->choice);
  g_autoptr (GString) text = g_string_new (NULL);
  gboolean only = !hint->bid && hint->n_options == 1;

  if (only)
    g_string_append_printf (text, _("%s is the only card you can play"), choice);
  else
    /* Translators: %s is a card, or a bid (Beddl, Mord, Weiter) */
    g_string_append_printf (text, _("The Meister’s choice: %s"), choice);
  for (guint i = 0; i < hint->n_options; i++)
    {
      g_autofree char *name = describe_herzla_action (theme, &hint->best[i].action);
      double value = hint->best[i].expected;

      if (isnan (value) && only)
        break;
      else if (isnan (value))
        g_string_append_printf (text, "\n%s", name);
      else if (penalty)
        /* Translators: an option and the penalty points expected with it, e.g.
         * "Gras-Ober: 1.3 penalty points" */
        g_string_append_printf (text, _("\n%s: %.1f penalty points"), name,
                                bk_hint_tidy (-value, 1));
      else
        /* Translators: an option and the cents expected with it (negative: paid), e.g.
         * "Gras-Ober: -12 cents" */
        g_string_append_printf (text, _("\n%s: %.0f cents"), name, bk_hint_tidy (value, 0));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* BkGameView.hint_new: what @seat may know of the hand. */
gpointer
bk_herzla_hint_job_new (BkGame  *game,
                        BkSeat   seat,
                        guint64  seed)
{
  Job *job = g_new0 (Job, 1);
  BkHerzlaInfo info;

  bk_herzla_info_init (&info, bk_herzla_game_get_hand (game), seat);
  job->hand = info.public_hand;
  job->seat = seat;
  job->seed = seed;
  return job;
}

/* BkGameView.hint_run, on a worker thread. */
gboolean
bk_herzla_hint_job_run (gpointer   data,
                        GError   **error)
{
  Job *job = data;

  return bk_herzla_review_hint (&job->hand, job->seat, job->seed, &job->hint, error);
}

/* BkGameView.hint_text: a card's hint raises the card; a bid is told. The simple form
 * counts penalty points, the four players' form cents. */
char *
bk_herzla_hint_job_text (gpointer     data,
                         BkCardTheme *theme,
                         BkCard      *card)
{
  Job *job = data;

  *card = job->hint.bid ? BK_CARD_NONE : (BkCard) job->hint.choice.arg;
  return bk_herzla_hint_text (theme, &job->hint, job->hand.rules.variant == BK_HERZLA_EINFACH);
}

void
bk_herzla_hint_job_free (gpointer data)
{
  g_free (data);
}
