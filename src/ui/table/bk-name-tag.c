/* bk-name-tag.c: a seat's tag: its name label (CSS class "seat-name", "to-act" while the
 * seat is to act) and the parts beside it, each as wide as it measures, a small gap
 * apart, all as high as the highest. The table places the tag where its layout says
 * (bk_table_layout_tag()), from the size the tag measures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-name-tag.h"

#define TAG_GAP 4

struct _BkNameTag
{
  GtkWidget  parent_instance;

  GtkWidget *label;
};

G_DEFINE_FINAL_TYPE (BkNameTag, bk_name_tag, GTK_TYPE_WIDGET)

static void
bk_name_tag_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  int width = 0, height = 0;

  /* Each part at its natural width, as the tag is allocated. */
  for (GtkWidget *part = gtk_widget_get_first_child (widget); part;
       part = gtk_widget_get_next_sibling (part))
    {
      int w = 0, h = 0;

      if (!gtk_widget_get_visible (part))
        continue;
      gtk_widget_measure (part, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
      gtk_widget_measure (part, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
      width += (width ? TAG_GAP : 0) + w;
      height = MAX (height, h);
    }
  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? width : height;
}

static void
bk_name_tag_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  int x = 0;

  for (GtkWidget *part = gtk_widget_get_first_child (widget); part;
       part = gtk_widget_get_next_sibling (part))
    {
      int w = 0;

      if (!gtk_widget_get_visible (part))
        continue;
      gtk_widget_measure (part, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
      gtk_widget_size_allocate (part, &(GtkAllocation) { x, 0, w, height }, -1);
      x += w + TAG_GAP;
    }
}

static void
bk_name_tag_dispose (GObject *object)
{
  BkNameTag *self = BK_NAME_TAG (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  self->label = NULL;

  G_OBJECT_CLASS (bk_name_tag_parent_class)->dispose (object);
}

static void
bk_name_tag_class_init (BkNameTagClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_name_tag_dispose;
  widget_class->measure = bk_name_tag_measure;
  widget_class->size_allocate = bk_name_tag_size_allocate;

  gtk_widget_class_set_css_name (widget_class, "nametag");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
bk_name_tag_init (BkNameTag *self)
{
  self->label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->label, "seat-name");
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));
}

GtkWidget *
bk_name_tag_new (void)
{
  return g_object_new (BK_TYPE_NAME_TAG, NULL);
}

/* The name's label, for a game's marks on it (e.g. a CSS class for the team). */
GtkLabel *
bk_name_tag_get_label (BkNameTag *self)
{
  g_return_val_if_fail (BK_IS_NAME_TAG (self), NULL);
  return GTK_LABEL (self->label);
}

void
bk_name_tag_set_text (BkNameTag  *self,
                      const char *text)
{
  g_return_if_fail (BK_IS_NAME_TAG (self));
  gtk_label_set_text (GTK_LABEL (self->label), text);
}

/* The seat is to act: its name stands out. */
void
bk_name_tag_set_to_act (BkNameTag *self,
                        gboolean   to_act)
{
  g_return_if_fail (BK_IS_NAME_TAG (self));

  if (to_act)
    gtk_widget_add_css_class (self->label, "to-act");
  else
    gtk_widget_remove_css_class (self->label, "to-act");
}

/* @part goes beside the name, after the parts there already; hidden, it takes no room. */
void
bk_name_tag_add_part (BkNameTag *self,
                      GtkWidget *part)
{
  g_return_if_fail (BK_IS_NAME_TAG (self));
  g_return_if_fail (GTK_IS_WIDGET (part));
  g_return_if_fail (gtk_widget_get_parent (part) == NULL);

  gtk_widget_set_parent (part, GTK_WIDGET (self));
}

void
bk_name_tag_remove_part (BkNameTag *self,
                         GtkWidget *part)
{
  g_return_if_fail (BK_IS_NAME_TAG (self));
  g_return_if_fail (part != self->label && gtk_widget_get_parent (part) == GTK_WIDGET (self));

  gtk_widget_unparent (part);
}
