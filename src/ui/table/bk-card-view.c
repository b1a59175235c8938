/* bk-card-view.c: one card on the table. The table places and moves it; the card only
 * draws itself from the theme's cached textures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-card-view.h"

struct _BkCardView
{
  GtkWidget    parent_instance;

  BkCardTheme *theme;
  BkCard       card;
  gboolean     face_up;
  gboolean     dimmed;
  char        *face_label; /* what the table calls it, face up or down; NULL: its name */
  char        *back_label;
};

G_DEFINE_FINAL_TYPE (BkCardView, bk_card_view, GTK_TYPE_WIDGET)

static const char *suit_ids[BK_N_SUITS] = { "eichel", "gras", "herz", "schellen" };
static const char *rank_ids[BK_N_RANKS] = {
  "sau", "10", "koenig", "ober", "unter", "9", "8", "7", "6",
};

/* The element id of @card in a theme (data/cards/README.md). */
const char *
bk_card_theme_id (BkCard card)
{
  static char ids[BK_N_CARDS][16];
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      for (BkCard c = 0; c < BK_N_CARDS; c++)
        g_snprintf (ids[c], sizeof ids[c], "%s-%s", suit_ids[bk_card_suit (c)],
                    rank_ids[bk_card_rank (c)]);
      g_once_init_leave (&initialized, 1);
    }
  return card < BK_N_CARDS ? ids[card] : "back";
}

/* The names of the cards follow the deck that draws them: Ober or Queen. */
BkDeckStyle
bk_card_theme_deck_style (BkCardTheme *theme)
{
  return theme && bk_card_theme_is_french (theme) ? BK_DECK_FRENCH : BK_DECK_BAVARIAN;
}

char *
bk_card_theme_card_name (BkCardTheme *theme,
                         BkCard       card)
{
  if (card >= BK_N_CARDS)
    /* Translators: the accessible name of a card whose face is not shown */
    return g_strdup (_("Card, face down"));
  return bk_card_display_name_for (card, bk_card_theme_deck_style (theme));
}

/* A small still picture of @card (or its back, for BK_CARD_NONE), @width logical pixels
 * wide, named for screen readers and in its tooltip: for the dialogs. */
GtkWidget *
bk_card_picture_new (BkCardTheme *theme,
                     BkCard       card,
                     int          width,
                     int          scale)
{
  g_autofree char *name = bk_card_theme_card_name (theme, card);
  GtkWidget *picture;

  g_return_val_if_fail (BK_IS_CARD_THEME (theme), NULL);
  g_return_val_if_fail (width > 0 && scale > 0, NULL);

  picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (bk_card_theme_get_texture (
    theme, card < BK_N_CARDS ? bk_card_theme_id (card) : "back", width, scale)));
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_widget_set_size_request (picture, width, bk_card_theme_get_height_for_width (theme, width));
  gtk_widget_set_halign (picture, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (picture, GTK_ALIGN_CENTER);
  gtk_picture_set_alternative_text (GTK_PICTURE (picture), name);
  gtk_widget_set_tooltip_text (picture, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (picture),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return picture;
}

/* What a screen reader says for the card: what the table calls it ("…, trump", "Sepp’s
 * hand, 8 cards"), else its name when face up. Kept here, so that turning the card or a
 * new deck never loses it. */
static void
update_label (BkCardView *self)
{
  const char *label = self->face_up ? self->face_label : self->back_label;
  g_autofree char *name = NULL;

  if (label == NULL)
    label = name = bk_card_theme_card_name (self->theme,
                                            self->face_up ? self->card : BK_CARD_NONE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

static void
bk_card_view_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  BkCardView *self = BK_CARD_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GdkTexture *texture;

  if (self->theme == NULL || width <= 0 || height <= 0)
    return;

  texture = bk_card_theme_get_texture (self->theme,
                                       self->face_up ? bk_card_theme_id (self->card) : "back",
                                       width, gtk_widget_get_scale_factor (widget));
  gtk_snapshot_append_texture (snapshot, texture, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* A card that may not be played is shaded, not see-through: the cards under it in the
   * fan must not show. */
  if (self->dimmed)
    {
      GskRoundedRect outline;
      float radius = width * 0.05f;

      gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, width, height),
                                       radius);
      gtk_snapshot_push_rounded_clip (snapshot, &outline);
      gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.1f, 0.12f, 0.1f, 0.42f },
                                 &GRAPHENE_RECT_INIT (0, 0, width, height));
      gtk_snapshot_pop (snapshot);
    }
}

static void
bk_card_view_dispose (GObject *object)
{
  BkCardView *self = BK_CARD_VIEW (object);

  g_clear_object (&self->theme);

  G_OBJECT_CLASS (bk_card_view_parent_class)->dispose (object);
}

static void
bk_card_view_finalize (GObject *object)
{
  BkCardView *self = BK_CARD_VIEW (object);

  g_free (self->face_label);
  g_free (self->back_label);

  G_OBJECT_CLASS (bk_card_view_parent_class)->finalize (object);
}

static void
bk_card_view_class_init (BkCardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_card_view_dispose;
  object_class->finalize = bk_card_view_finalize;
  widget_class->snapshot = bk_card_view_snapshot;

  gtk_widget_class_set_css_name (widget_class, "card");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
bk_card_view_init (BkCardView *self)
{
  self->card = BK_CARD_NONE;
}

GtkWidget *
bk_card_view_new (BkCardTheme *theme,
                  BkCard       card)
{
  BkCardView *self = g_object_new (BK_TYPE_CARD_VIEW, NULL);

  self->theme = g_object_ref (theme);
  self->card = card;
  self->face_up = card != BK_CARD_NONE;
  update_label (self);
  return GTK_WIDGET (self);
}

BkCard
bk_card_view_get_card (BkCardView *self)
{
  g_return_val_if_fail (BK_IS_CARD_VIEW (self), BK_CARD_NONE);
  return self->card;
}

void
bk_card_view_set_theme (BkCardView  *self,
                        BkCardTheme *theme)
{
  g_return_if_fail (BK_IS_CARD_VIEW (self));

  if (g_set_object (&self->theme, theme))
    {
      update_label (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

gboolean
bk_card_view_get_face_up (BkCardView *self)
{
  g_return_val_if_fail (BK_IS_CARD_VIEW (self), FALSE);
  return self->face_up;
}

void
bk_card_view_set_face_up (BkCardView *self,
                          gboolean    face_up)
{
  g_return_if_fail (BK_IS_CARD_VIEW (self));

  face_up = face_up && self->card != BK_CARD_NONE;
  if (self->face_up == face_up)
    return;
  self->face_up = face_up;
  update_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bk_card_view_set_dimmed (BkCardView *self,
                         gboolean    dimmed)
{
  g_return_if_fail (BK_IS_CARD_VIEW (self));

  if (self->dimmed == !!dimmed)
    return;
  self->dimmed = !!dimmed;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* What a screen reader calls the card face up and face down (NULL: its name, "Card, face
 * down"), whichever way it lies now or later. */
void
bk_card_view_set_labels (BkCardView *self,
                         const char *face_label,
                         const char *back_label)
{
  g_return_if_fail (BK_IS_CARD_VIEW (self));

  if (g_strcmp0 (self->face_label, face_label) == 0 &&
      g_strcmp0 (self->back_label, back_label) == 0)
    return;
  g_free (self->face_label);
  self->face_label = g_strdup (face_label);
  g_free (self->back_label);
  self->back_label = g_strdup (back_label);
  update_label (self);
}
