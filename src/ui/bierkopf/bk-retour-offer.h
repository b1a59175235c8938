/* bk-retour-offer.h: the box that offers the person a Retour, and the answer "no".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BK_TYPE_RETOUR_OFFER (bk_retour_offer_get_type ())

G_DECLARE_FINAL_TYPE (BkRetourOffer, bk_retour_offer, BK, RETOUR_OFFER, GtkBox)

GtkWidget   *bk_retour_offer_new          (void);
void         bk_retour_offer_set_question (BkRetourOffer *self,
                                           guint          multiplier,
                                           const char    *talk_log,
                                           gboolean       narrow);

G_END_DECLS
