/* bk-banner.c: a revealer with a wrapping label and a Dismiss button. The text is the
 * banner's "text" property while it is shown; hiding it clears the text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-banner.h"

struct _BkBanner
{
  GtkWidget    parent_instance;

  GtkWidget   *revealer;
  GtkWidget   *box;      /* the revealer's child: shown only while it is revealed */
  GtkWidget   *label;
  GtkWidget   *button;
  char        *text;
};

G_DEFINE_FINAL_TYPE (BkBanner, bk_banner, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_text (BkBanner   *self,
          const char *text)
{
  if (g_strcmp0 (self->text, text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

/* Shows @text (a sentence or two) until it is dismissed or hidden. */
void
bk_banner_show (BkBanner   *self,
                const char *text)
{
  /* A few lines at most: a label of megabytes would hold up every frame. */
  const glong max = 1000;
  g_autofree char *shortened = NULL;

  g_return_if_fail (BK_IS_BANNER (self));
  g_return_if_fail (text != NULL);

  if (g_utf8_strlen (text, max + 1) > max)
    {
      g_autofree char *head = g_utf8_substring (text, 0, max);

      text = shortened = g_strconcat (head, "…", NULL);
    }
  gtk_label_set_label (GTK_LABEL (self->label), text);
  gtk_widget_set_visible (self->box, TRUE);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->revealer), TRUE);
  set_text (self, text);
}

void
bk_banner_hide (BkBanner *self)
{
  g_return_if_fail (BK_IS_BANNER (self));

  gtk_revealer_set_reveal_child (GTK_REVEALER (self->revealer), FALSE);
  set_text (self, NULL);
}

/* The text shown, or NULL. */
const char *
bk_banner_get_text (BkBanner *self)
{
  g_return_val_if_fail (BK_IS_BANNER (self), NULL);
  return self->text;
}

gboolean
bk_banner_get_shown (BkBanner *self)
{
  g_return_val_if_fail (BK_IS_BANNER (self), FALSE);
  return self->text != NULL;
}

/* A banner that says how things are now (saving fails) goes only when that changes. */
void
bk_banner_set_dismissable (BkBanner *self,
                           gboolean  dismissable)
{
  g_return_if_fail (BK_IS_BANNER (self));
  gtk_widget_set_visible (self->button, dismissable);
}

/* Hidden, the banner's text and button leave the accessibility tree too: a screen reader
 * read a hidden banner as "GtkLabel" (issue 34). */
static void
child_revealed_cb (BkBanner *self)
{
  if (!gtk_revealer_get_child_revealed (GTK_REVEALER (self->revealer)) &&
      !gtk_revealer_get_reveal_child (GTK_REVEALER (self->revealer)))
    gtk_widget_set_visible (self->box, FALSE);
}

static void
dismiss_cb (BkBanner *self)
{
  bk_banner_hide (self);
}

static void
bk_banner_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  BkBanner *self = BK_BANNER (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_banner_dispose (GObject *object)
{
  BkBanner *self = BK_BANNER (object);

  g_clear_pointer (&self->revealer, gtk_widget_unparent);
  G_OBJECT_CLASS (bk_banner_parent_class)->dispose (object);
}

static void
bk_banner_finalize (GObject *object)
{
  BkBanner *self = BK_BANNER (object);

  g_free (self->text);
  G_OBJECT_CLASS (bk_banner_parent_class)->finalize (object);
}

static void
bk_banner_class_init (BkBannerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = bk_banner_get_property;
  object_class->dispose = bk_banner_dispose;
  object_class->finalize = bk_banner_finalize;

  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "banner");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
bk_banner_init (BkBanner *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  self->box = box;
  gtk_widget_set_visible (box, FALSE);
  self->revealer = gtk_revealer_new ();
  g_signal_connect_object (self->revealer, "notify::child-revealed",
                           G_CALLBACK (child_revealed_cb), self, G_CONNECT_SWAPPED);
  gtk_revealer_set_transition_type (GTK_REVEALER (self->revealer),
                                    GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_widget_set_parent (self->revealer, GTK_WIDGET (self));

  gtk_widget_add_css_class (box, "bk-banner");
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_revealer_set_child (GTK_REVEALER (self->revealer), box);

  /* Wraps: the whole message is read, at any width. */
  self->label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (self->label), 0.0);
  gtk_label_set_selectable (GTK_LABEL (self->label), FALSE);
  gtk_widget_set_hexpand (self->label, TRUE);
  gtk_widget_set_valign (self->label, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), self->label);

  /* named once, by its label: with the mnemonic's label too it read "Dismiss Dismiss" (as
   * the lobby's Sit Here buttons) */
  self->button = gtk_button_new_with_mnemonic (_("_Dismiss"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Dismiss"), -1);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (self->button),
                                 GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_widget_set_valign (self->button, GTK_ALIGN_CENTER);
  g_signal_connect_swapped (self->button, "clicked", G_CALLBACK (dismiss_cb), self);
  gtk_box_append (GTK_BOX (box), self->button);
}

GtkWidget *
bk_banner_new (void)
{
  return g_object_new (BK_TYPE_BANNER, NULL);
}
