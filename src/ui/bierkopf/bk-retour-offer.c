/* bk-retour-offer.c: spec B3.6, a Spritze or Retour of the others is answered: what was
 * said and raised in this hand, the value now, and two buttons, "No Retour" (win.no-retour)
 * and "Retour!" (win.retour). The window shows it while the game waits for the person.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-retour-offer.h"

struct _BkRetourOffer
{
  GtkBox    parent_instance;

  GtkLabel *label;
};

G_DEFINE_FINAL_TYPE (BkRetourOffer, bk_retour_offer, GTK_TYPE_BOX)

static void
bk_retour_offer_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BK_TYPE_RETOUR_OFFER);

  G_OBJECT_CLASS (bk_retour_offer_parent_class)->dispose (object);
}

static void
bk_retour_offer_class_init (BkRetourOfferClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_retour_offer_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/bk-retour-offer.ui");
  gtk_widget_class_bind_template_child_full (widget_class, "retour_offer_label", FALSE,
                                             G_STRUCT_OFFSET (BkRetourOffer, label));
}

static void
bk_retour_offer_init (BkRetourOffer *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
bk_retour_offer_new (void)
{
  return g_object_new (BK_TYPE_RETOUR_OFFER, NULL);
}

/* The question at @multiplier, after what everybody said and raised so far (@talk_log,
 * a line each, may be empty); when @narrow only the last line of it (the rest is in the
 * talk log). */
void
bk_retour_offer_set_question (BkRetourOffer *self,
                              guint          multiplier,
                              const char    *talk_log,
                              gboolean       narrow)
{
  g_autofree char *text = NULL;

  g_return_if_fail (BK_IS_RETOUR_OFFER (self));

  /* Translators: the Retour offer; %u is the value of the hand now, e.g. 2 */
  text = g_strdup_printf (_("The hand is worth ×%u. Answer with a Retour?"), multiplier);
  if (talk_log && talk_log[0])
    {
      g_autofree char *question = g_steal_pointer (&text);
      const char *said = talk_log;

      if (narrow && strrchr (said, '\n'))
        said = strrchr (said, '\n') + 1;
      text = g_strconcat (said, "\n\n", question, NULL);
    }
  gtk_label_set_text (self->label, text);
}
