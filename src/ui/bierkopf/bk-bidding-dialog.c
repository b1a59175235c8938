/* bk-bidding-dialog.c: the person's turn in the table talk (spec B3.1, B3.2) or to
 * announce a Spritze or pass (B3.3, B3.4). The choices and their labels are the game's
 * (bk_bierkopf_game_get_options()); the dialog only words the question.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-bidding-dialog.h"
#include "bk-bierkopf-query.h"

struct _BkBiddingDialog
{
  AdwMessageDialog  parent_instance;

  BkGame           *game;
  BkOptions         options;
};

G_DEFINE_FINAL_TYPE (BkBiddingDialog, bk_bidding_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
bk_bidding_dialog_dispose (GObject *object)
{
  BkBiddingDialog *self = BK_BIDDING_DIALOG (object);

  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), BK_TYPE_BIDDING_DIALOG);

  G_OBJECT_CLASS (bk_bidding_dialog_parent_class)->dispose (object);
}

static void
bk_bidding_dialog_finalize (GObject *object)
{
  BkBiddingDialog *self = BK_BIDDING_DIALOG (object);

  bk_options_clear (&self->options);

  G_OBJECT_CLASS (bk_bidding_dialog_parent_class)->finalize (object);
}

static void
bk_bidding_dialog_class_init (BkBiddingDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bk_bidding_dialog_dispose;
  object_class->finalize = bk_bidding_dialog_finalize;

  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass),
                                               "/io/github/bierkopf/Bierkopf/bk-bidding-dialog.ui");
}

static void
bk_bidding_dialog_init (BkBiddingDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* What was said so far, then the question. */
static char *
body_text (const char *said,
           const char *question,
           const char *first)
{
  return g_strdup_printf ("%s%s%s", said ? said : "", said ? "\n" : "",
                          said ? question : first);
}

/* Asks the person at @seat what the game allows there now; @said is what the others
 * said so far (or NULL). NULL if @seat is not asked to talk or double now. */
BkBiddingDialog *
bk_bidding_dialog_new (GtkWindow  *parent,
                       BkGame     *game,
                       BkSeat      seat,
                       const char *said)
{
  BkBiddingDialog *self;
  AdwMessageDialog *dialog;
  g_autofree char *body = NULL;
  const char *heading, *close_id, *default_id;
  BkOptions options;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);

  bk_bierkopf_game_get_options (game, seat, &options);
  switch (options.ask)
    {
    case BK_ASK_TALK_HOW_WELL:
      heading = _("Table Talk");
      body = body_text (said, _("How well can you help?"),
                        _("Tell your partner how well you can help. No cards may be named."));
      close_id = bk_word_to_string (BK_WORD_NONE);
      default_id = bk_word_to_string (BK_WORD_MITTEL);
      break;

    case BK_ASK_TALK_WHETHER:
      heading = _("Table Talk");
      body = body_text (said, _("Can you help?"),
                        _("Tell your partner whether you can help. No cards may be named."));
      close_id = bk_word_to_string (BK_WORD_NONE);
      default_id = bk_word_to_string (BK_WORD_HELFEN);
      break;

    case BK_ASK_SPRITZE:
      heading = _("Spritze?");
      body = body_text (said, _("Double the value of this hand?"),
                        _("Double the value of this hand?"));
      close_id = default_id = "pass";
      break;

    default:
      bk_options_clear (&options);
      return NULL;
    }

  self = g_object_new (BK_TYPE_BIDDING_DIALOG,
                       "transient-for", parent,
                       "heading", heading,
                       "body", body,
                       NULL);
  dialog = ADW_MESSAGE_DIALOG (self);
  self->game = g_object_ref (game);
  self->options = options;
  for (guint i = 0; i < options.n; i++)
    {
      const BkOption *option = &options.options[i];

      /* The talk asks for words only: deciding comes with the Spritze question. */
      if (options.ask != BK_ASK_SPRITZE && option->action.type != BK_ACTION_TALK)
        continue;
      adw_message_dialog_add_response (dialog, option->id, option->label);
      if (option->action.type == BK_ACTION_DOUBLE)
        {
          adw_message_dialog_set_response_appearance (dialog, option->id,
                                                      ADW_RESPONSE_SUGGESTED);
          adw_message_dialog_set_response_enabled (dialog, option->id, option->legal);
        }
    }
  adw_message_dialog_set_close_response (dialog, close_id);
  adw_message_dialog_set_default_response (dialog, default_id);
  return self;
}

/* Does what the person answered with @response, if the game still waits for it. */
gboolean
bk_bidding_dialog_answer (BkBiddingDialog  *self,
                          const char       *response,
                          GError          **error)
{
  const BkOption *option;

  g_return_val_if_fail (BK_IS_BIDDING_DIALOG (self), FALSE);
  g_return_val_if_fail (response != NULL, FALSE);

  if (self->game == NULL || bk_game_get_phase (self->game) != BK_PHASE_BIDDING)
    return TRUE;
  option = bk_options_find (&self->options, response);
  if (option == NULL)
    return TRUE;
  return bk_game_apply (self->game, &option->action, error);
}
