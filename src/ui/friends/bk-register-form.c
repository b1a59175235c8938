/* bk-register-form.c: a server's registration form on the account page (see the header).
 *
 * The form came from the network: its words are shown as plain text (no markup), its
 * picture was checked by the network layer (type, bytes, pixels) before it is decoded here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-register-form.h"

#include <glib/gi18n.h>

/* The picture's height on the page: a CAPTCHA is small, and scaled up it stays legible. */
#define PICTURE_HEIGHT 90

struct _BkRegisterForm
{
  AdwPreferencesGroup  parent_instance;

  BkXmppForm          *form;
  GPtrArray           *rows;      /* a widget per field, or NULL when it has none */
  GdkPaintable        *picture;
};

G_DEFINE_FINAL_TYPE (BkRegisterForm, bk_register_form, ADW_TYPE_PREFERENCES_GROUP)

static void
bk_register_form_dispose (GObject *object)
{
  BkRegisterForm *self = BK_REGISTER_FORM (object);

  g_clear_pointer (&self->form, bk_xmpp_form_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_object (&self->picture);
  G_OBJECT_CLASS (bk_register_form_parent_class)->dispose (object);
}

static void
bk_register_form_class_init (BkRegisterFormClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bk_register_form_dispose;
}

static void
bk_register_form_init (BkRegisterForm *self)
{
  self->rows = g_ptr_array_new ();
}

/* A row of the group's list (anything but a preferences row a group puts below its list,
 * out of order). */
static GtkWidget *
plain_row_new (GtkWidget *child)
{
  GtkWidget *row = adw_preferences_row_new ();

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), child);
  return row;
}

static GtkWidget *
note_new (const char *text,
          gboolean    dim)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 12);
  gtk_widget_set_margin_bottom (label, 12);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  if (dim)
    gtk_widget_add_css_class (label, "dim-label");
  return plain_row_new (label);
}

/* The CAPTCHA's picture, decoded only now (checked by the network layer), or a word that
 * says it cannot be shown. */
static GtkWidget *
picture_new (BkRegisterForm *self,
             guint           i)
{
  const char *type = NULL;
  GBytes *bytes = bk_xmpp_form_field_get_image (self->form, i, &type);
  g_autoptr (GError) error = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  GtkWidget *picture;

  if (bytes == NULL)
    return note_new (_("The server gives its CAPTCHA only as a web page, which Bierkopf does "
                       "not open: choose another server, or make the account on the server’s "
                       "website."), FALSE);
  texture = gdk_texture_new_from_bytes (bytes, &error);
  if (texture == NULL) {
    g_message ("the CAPTCHA's picture (%s) cannot be decoded: %s", type, error->message);
    return note_new (_("The server’s picture cannot be shown."), FALSE);
  }
  g_set_object (&self->picture, GDK_PAINTABLE (texture));
  picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_CONTAIN);
  gtk_widget_set_size_request (picture, -1, PICTURE_HEIGHT);
  gtk_widget_set_halign (picture, GTK_ALIGN_FILL);
  gtk_widget_set_margin_top (picture, 12);
  gtk_widget_set_margin_bottom (picture, 12);
  gtk_widget_set_margin_start (picture, 12);
  gtk_widget_set_margin_end (picture, 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The server’s CAPTCHA picture"), -1);
  return plain_row_new (picture);
}

static GtkWidget *
row_new (BkRegisterForm *self,
         guint           i)
{
  const char *label = bk_xmpp_form_field_get_label (self->form, i);
  const char *value = bk_xmpp_form_field_get_value (self->form, i);
  const char *desc = bk_xmpp_form_field_get_desc (self->form, i);
  GtkWidget *row = NULL;

  switch (bk_xmpp_form_field_get_type (self->form, i)) {
  case BK_XMPP_FIELD_HIDDEN:
    return NULL;
  case BK_XMPP_FIELD_FIXED:
    if (value != NULL && *value != '\0')
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), note_new (value, TRUE));
    return NULL;
  case BK_XMPP_FIELD_BOOLEAN: {
    GtkWidget *toggle = gtk_switch_new ();
    row = adw_action_row_new ();
    gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
    gtk_switch_set_active (GTK_SWITCH (toggle), g_strcmp0 (value, "1") == 0);
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
    adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
    g_object_set_data (G_OBJECT (row), "bk-switch", toggle);
    break;
  }
  case BK_XMPP_FIELD_LIST: {
    const char * const *labels = bk_xmpp_form_field_get_option_labels (self->form, i);
    g_autoptr (GtkStringList) model = gtk_string_list_new (labels);
    const char * const *values = bk_xmpp_form_field_get_option_values (self->form, i);
    row = adw_combo_row_new ();
    adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
    for (guint o = 0; values != NULL && values[o] != NULL; o++)
      if (g_strcmp0 (values[o], value) == 0)
        adw_combo_row_set_selected (ADW_COMBO_ROW (row), o);
    break;
  }
  case BK_XMPP_FIELD_PRIVATE:
    row = adw_password_entry_row_new ();
    break;
  case BK_XMPP_FIELD_TEXT:
  case BK_XMPP_FIELD_MULTI:
  default:
    row = adw_entry_row_new ();
    gtk_editable_set_text (GTK_EDITABLE (row), value != NULL ? value : "");
    break;
  }
  /* the server's words, not markup */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), label != NULL ? label : "");
  if (desc != NULL && *desc != '\0' && ADW_IS_ACTION_ROW (row))
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), desc);
  else if (desc != NULL && *desc != '\0')
    gtk_widget_set_tooltip_text (row, desc);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
  return row;
}

/* Shown below the fold on a phone: once it has its place, the page scrolls to the form's
 * top (its picture and field in sight), and its first field takes the focus. */
static gboolean
placed_cb (GtkWidget     *widget,
           GdkFrameClock *clock,
           gpointer       data)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *viewport = scrolled != NULL
    ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)) : NULL;
  GtkWidget *content = GTK_IS_VIEWPORT (viewport)
    ? gtk_viewport_get_child (GTK_VIEWPORT (viewport)) : NULL;
  graphene_point_t top;

  if (gtk_widget_get_height (widget) <= 0)
    return G_SOURCE_CONTINUE;
  if (content != NULL &&
      gtk_widget_compute_point (widget, content, &GRAPHENE_POINT_INIT (0, 0), &top))
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)),
                              top.y - 12);
  gtk_widget_child_focus (widget, GTK_DIR_TAB_FORWARD);
  return G_SOURCE_REMOVE;
}

static void
mapped_cb (GtkWidget *widget)
{
  gtk_widget_add_tick_callback (widget, placed_cb, NULL, NULL);
}

static GtkWidget *
button_new (const char *label,
            const char *action,
            gboolean    suggested)
{
  GtkWidget *button = gtk_button_new_with_label (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  if (suggested)
    gtk_widget_add_css_class (button, "suggested-action");
  return button;
}

GtkWidget *
bk_register_form_new (BkXmppForm *form,
                      const char *refusal)
{
  BkRegisterForm *self = g_object_new (BK_TYPE_REGISTER_FORM, NULL);
  const char *instructions = bk_xmpp_form_get_instructions (form);
  GtkWidget *buttons;

  self->form = bk_xmpp_form_ref (form);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), _("The Server’s Form"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self),
                                         _("The server asks for more before it makes the "
                                           "account. The address and password above are "
                                           "sent with it."));
  if (refusal != NULL) {
    GtkWidget *row = adw_action_row_new ();
    GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
    adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), refusal);
    adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
    adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
    gtk_widget_add_css_class (row, "error");
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
  }
  if (instructions != NULL && *instructions != '\0')
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), note_new (instructions, TRUE));
  for (guint i = 0; i < bk_xmpp_form_get_n_fields (form); i++) {
    GtkWidget *row = NULL;

    switch (bk_xmpp_form_field_get_role (form, i)) {
    case BK_XMPP_FIELD_ROLE_USERNAME:
    case BK_XMPP_FIELD_ROLE_PASSWORD:
    case BK_XMPP_FIELD_ROLE_FALLBACK:   /* a web page Bierkopf does not open */
      break;
    case BK_XMPP_FIELD_ROLE_CAPTCHA:
      /* a picture to read, or a question (XEP-0158 qa): its label, whole, above the field */
      if (bk_xmpp_form_field_get_has_media (form, i))
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), picture_new (self, i));
      else
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (self),
                                   note_new (bk_xmpp_form_field_get_label (form, i), FALSE));
      row = row_new (self, i);
      break;
    case BK_XMPP_FIELD_ROLE_OTHER:
    default:
      row = row_new (self, i);
      break;
    }
    g_ptr_array_add (self->rows, row);
  }
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_margin_top (buttons, 12);
  gtk_box_append (GTK_BOX (buttons), button_new (_("Cancel"), "account.cancel-form", FALSE));
  gtk_box_append (GTK_BOX (buttons), button_new (_("Create Account"), "account.submit-form",
                                                 TRUE));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), buttons);
  g_signal_connect (self, "map", G_CALLBACK (mapped_cb), NULL);
  return GTK_WIDGET (self);
}

BkXmppForm *
bk_register_form_get_form (BkRegisterForm *self)
{
  g_return_val_if_fail (BK_IS_REGISTER_FORM (self), NULL);
  return self->form;
}

GdkPaintable *
bk_register_form_get_picture (BkRegisterForm *self)
{
  g_return_val_if_fail (BK_IS_REGISTER_FORM (self), NULL);
  return self->picture;
}

BkXmppForm *
bk_register_form_dup_filled (BkRegisterForm *self)
{
  BkXmppForm *filled;

  g_return_val_if_fail (BK_IS_REGISTER_FORM (self), NULL);
  filled = bk_xmpp_form_copy (self->form);
  for (guint i = 0; i < self->rows->len; i++) {
    GtkWidget *row = g_ptr_array_index (self->rows, i);
    GtkWidget *toggle;

    if (row == NULL)
      continue;
    toggle = g_object_get_data (G_OBJECT (row), "bk-switch");
    if (toggle != NULL) {
      bk_xmpp_form_field_set_value (filled, i, gtk_switch_get_active (GTK_SWITCH (toggle))
                                                 ? "1" : "0");
    } else if (ADW_IS_COMBO_ROW (row)) {
      const char * const *values = bk_xmpp_form_field_get_option_values (filled, i);
      guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (row));
      if (values != NULL && selected < g_strv_length ((char **) values))
        bk_xmpp_form_field_set_value (filled, i, values[selected]);
    } else if (GTK_IS_EDITABLE (row)) {
      g_autofree char *text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (row)));
      bk_xmpp_form_field_set_value (filled, i, g_strstrip (text));
    }
  }
  return filled;
}
