/* bk-friends-chat.c: see bk-friends-chat.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-friends-chat.h"
#include "bk-friends-table-private.h"

struct _BkFriendsChat
{
  GtkWidget   parent_instance;

  GtkWidget  *button;
  GtkPopover *popover;
  GtkEntry   *entry;
  GtkLabel   *error_label;

  GWeakRef    table;
  GWeakRef    window;
};

G_DEFINE_FINAL_TYPE (BkFriendsChat, bk_friends_chat, GTK_TYPE_WIDGET)

gboolean
bk_friends_table_say (BkFriendsTable  *table,
                      const char      *text,
                      GError         **error)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (table) && text != NULL, FALSE);
  return bk_table_guest_say (table->guest, text, error);
}

void
bk_friends_table_hear (BkFriendsTable *table,
                       const char     *nick,
                       const char     *body)
{
  g_autoptr (GError) error = NULL;

  g_return_if_fail (BK_IS_FRIENDS_TABLE (table) && nick != NULL && body != NULL);

  if (!bk_table_guest_hear (table->guest, nick, body, &error))
    g_debug ("Words from %s not shown: %s", nick, error->message);
}

/* Who spoke, and from which seat of the window's game (BK_SEAT_NONE: from none). */
static char *
speaker (BkFriendsTable *table,
         const char     *nick,
         guint           chair,
         BkSeat         *seat)
{
  *seat = BK_SEAT_NONE;
  if (nick == NULL || chair == table->chair)
    {
      *seat = _bk_friends_table_shown_seat (table, table->chair);
      return g_strdup (_("You"));
    }
  if (chair == BK_SEAT_NONE)
    /* Translators: somebody in the room who has no chair at the table */
    return g_strdup_printf (_("%s (watching)"), nick);
  *seat = _bk_friends_table_shown_seat (table, chair);
  return g_strdup (nick);
}

static void
words_cb (BkTableGuest  *guest,
          const char    *nick,
          guint          chair,
          const char    *text,
          BkFriendsChat *self)
{
  g_autoptr (BkFriendsTable) table = g_weak_ref_get (&self->table);
  g_autoptr (BkWindow) window = g_weak_ref_get (&self->window);
  g_autofree char *who = NULL;
  BkSeat seat;

  if (table == NULL || window == NULL || !bk_window_is_at_table (window))
    return;
  who = speaker (table, nick, chair, &seat);
  bk_window_add_table_words (window, seat, who, text);
}

static void
entry_activate_cb (BkFriendsChat *self)
{
  g_autoptr (BkFriendsTable) table = g_weak_ref_get (&self->table);
  g_autoptr (GError) error = NULL;

  if (table == NULL)
    return;
  if (!bk_friends_table_say (table, gtk_editable_get_text (GTK_EDITABLE (self->entry)),
                             &error))
    {
      /* the words stay, to be mended */
      gtk_label_set_text (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
  gtk_popover_popdown (self->popover);
}

static void
popover_shown_cb (BkFriendsChat *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->entry));
}

/* The keyboard goes back to the table, whether the words went or not. */
static void
popover_closed_cb (BkFriendsChat *self)
{
  g_autoptr (BkWindow) window = g_weak_ref_get (&self->window);

  if (window)
    gtk_widget_grab_focus (GTK_WIDGET (bk_window_get_table (window)));
}

/* chat.open: the window's key C */
static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  gtk_menu_button_popup (GTK_MENU_BUTTON (BK_FRIENDS_CHAT (widget)->button));
}

static void
bk_friends_chat_dispose (GObject *object)
{
  BkFriendsChat *self = BK_FRIENDS_CHAT (object);

  g_clear_pointer (&self->button, gtk_widget_unparent);
  G_OBJECT_CLASS (bk_friends_chat_parent_class)->dispose (object);
}

static void
bk_friends_chat_finalize (GObject *object)
{
  BkFriendsChat *self = BK_FRIENDS_CHAT (object);

  g_weak_ref_clear (&self->table);
  g_weak_ref_clear (&self->window);
  G_OBJECT_CLASS (bk_friends_chat_parent_class)->finalize (object);
}

static void
bk_friends_chat_class_init (BkFriendsChatClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_friends_chat_dispose;
  object_class->finalize = bk_friends_chat_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/friends/"
                                               "bk-friends-chat.ui");
  gtk_widget_class_bind_template_child (widget_class, BkFriendsChat, button);
  gtk_widget_class_bind_template_child (widget_class, BkFriendsChat, popover);
  gtk_widget_class_bind_template_child (widget_class, BkFriendsChat, entry);
  gtk_widget_class_bind_template_child (widget_class, BkFriendsChat, error_label);
  gtk_widget_class_bind_template_callback (widget_class, entry_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, popover_shown_cb);
  gtk_widget_class_bind_template_callback (widget_class, popover_closed_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_install_action (widget_class, "chat.open", NULL, open_action);
}

static void
bk_friends_chat_init (BkFriendsChat *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_weak_ref_init (&self->table, NULL);
  g_weak_ref_init (&self->window, NULL);
}

GtkWidget *
bk_friends_chat_new (BkFriendsTable *table,
                     BkWindow       *window)
{
  BkFriendsChat *self;

  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (table) && BK_IS_WINDOW (window), NULL);

  self = g_object_new (BK_TYPE_FRIENDS_CHAT, NULL);
  g_weak_ref_set (&self->table, table);
  g_weak_ref_set (&self->window, window);
  g_signal_connect_object (table->guest, "words", G_CALLBACK (words_cb), self, 0);
  return GTK_WIDGET (self);
}
