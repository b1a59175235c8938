/* bk-bierkopf-header.c: spec B3.6, Bierkopf's controls in the window's header corner: the
 * value of the hand (the multiplier), the Retour button while the person may raise, and
 * the Retour offer while the game waits for his answer. The window's talk log button
 * stands between the multiplier and the Retour (bk_bierkopf_header_get_talk_place()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-bierkopf-header.h"
#include "bk-retour-offer.h"

struct _BkBierkopfHeader
{
  GtkBox     parent_instance;

  GtkLabel  *multiplier_label;
  GtkWidget *retour_offer;
  GtkWidget *retour_button;
};

G_DEFINE_FINAL_TYPE (BkBierkopfHeader, bk_bierkopf_header, GTK_TYPE_BOX)

static void
bk_bierkopf_header_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BK_TYPE_BIERKOPF_HEADER);

  G_OBJECT_CLASS (bk_bierkopf_header_parent_class)->dispose (object);
}

static void
bk_bierkopf_header_class_init (BkBierkopfHeaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_bierkopf_header_dispose;

  g_type_ensure (BK_TYPE_RETOUR_OFFER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/bk-bierkopf-header.ui");
  gtk_widget_class_bind_template_child (widget_class, BkBierkopfHeader, multiplier_label);
  gtk_widget_class_bind_template_child (widget_class, BkBierkopfHeader, retour_offer);
  gtk_widget_class_bind_template_child (widget_class, BkBierkopfHeader, retour_button);
}

static void
bk_bierkopf_header_init (BkBierkopfHeader *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
bk_bierkopf_header_new (void)
{
  return g_object_new (BK_TYPE_BIERKOPF_HEADER, NULL);
}

/* The child the talk log's button goes after. */
GtkWidget *
bk_bierkopf_header_get_talk_place (BkBierkopfHeader *self)
{
  g_return_val_if_fail (BK_IS_BIERKOPF_HEADER (self), NULL);
  return GTK_WIDGET (self->multiplier_label);
}

/* The hand is worth @multiplier. @retour: the Retour button is shown (the person may
 * raise unasked). @offer: the offer is shown (he is asked to answer a raise), its question
 * after what everybody said and raised so far (@talk_log; only the last raise when
 * @narrow), written when it comes. */
void
bk_bierkopf_header_update (BkBierkopfHeader *self,
                           guint             multiplier,
                           gboolean          retour,
                           gboolean          offer,
                           const char       *talk_log,
                           gboolean          narrow)
{
  g_autofree char *text = g_strdup_printf ("×%u", multiplier);

  g_return_if_fail (BK_IS_BIERKOPF_HEADER (self));

  gtk_label_set_text (self->multiplier_label, text);
  if (offer && !gtk_widget_get_visible (self->retour_offer))
    bk_retour_offer_set_question (BK_RETOUR_OFFER (self->retour_offer), multiplier, talk_log,
                                  narrow);
  gtk_widget_set_visible (self->retour_offer, offer);
  gtk_widget_set_visible (self->retour_button, retour);
}

/* Neither the offer nor the button (a session of another game). */
void
bk_bierkopf_header_hide_retour (BkBierkopfHeader *self)
{
  g_return_if_fail (BK_IS_BIERKOPF_HEADER (self));

  gtk_widget_set_visible (self->retour_offer, FALSE);
  gtk_widget_set_visible (self->retour_button, FALSE);
}
