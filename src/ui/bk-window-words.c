/* bk-window-words.c: the free words of a table with friends (docs/network.md, 3.13) in
 * the window: among the hand's talk in the talk log, and for a moment as the speaker's
 * speech bubble. Always plain text (the talk log and the bubbles are labels without
 * markup). The chat that says them is the table's (src/ui/friends/bk-friends-chat.c).
 * The game's own words go the same way (_bk_window_say()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-window-private.h"

/* the words kept, and how many of a hand the talk log shows (it is a popover) */
#define MAX_WORDS 200
#define MAX_SHOWN 20
/* a bubble is a glance: longer words are cut there, the talk log has them whole */
#define BUBBLE_CHARS 60
/* the person's own word lies this long (at the normal pace) before the next question */
#define OWN_WORD_HOLD_USEC (G_USEC_PER_SEC * 15 / 10)

typedef struct {
  guint  hand;    /* the hand in play when they were said */
  guint  after;   /* how many of the game's words of that hand came before them */
  char  *line;    /* "Sepp says: “Servus”" */
} TableWords;

static void
table_words_free (TableWords *words)
{
  g_free (words->line);
  g_free (words);
}

/* The first of the words that the talk log of @hand shows. */
static guint
first_shown (BkWindow *self,
             guint     hand)
{
  guint i = self->table_words->len, n = 0;

  while (i > 0 && n < MAX_SHOWN)
    {
      const TableWords *words = g_ptr_array_index (self->table_words, i - 1);

      if (words->hand != hand)
        break;
      n++;
      i--;
    }
  return i;
}

void
_bk_window_talk_log_words (BkWindow *self,
                           guint    *cursor,
                           guint     index)
{
  guint hand;

  if (self->table_words == NULL || self->game == NULL)
    return;
  hand = bk_game_get_hand_number (self->game);
  for (guint j = MAX (*cursor, first_shown (self, hand)); j < self->table_words->len; j++)
    {
      const TableWords *words = g_ptr_array_index (self->table_words, j);

      *cursor = j + 1;
      if (words->hand != hand)
        continue;
      if (index != G_MAXUINT && words->after > index)
        {
          *cursor = j;
          return;
        }
      if (self->talk_log->len)
        g_string_append_c (self->talk_log, '\n');
      g_string_append (self->talk_log, words->line);
    }
}

PangoAttrList *
_bk_window_talk_log_attributes (BkWindow *self)
{
  PangoAttrList *attrs = pango_attr_list_new ();
  const char *log = self->talk_log->str;
  guint hand;

  if (self->table_words == NULL || self->game == NULL)
    return attrs;
  hand = bk_game_get_hand_number (self->game);
  for (guint j = first_shown (self, hand); j < self->table_words->len; j++)
    {
      const TableWords *words = g_ptr_array_index (self->table_words, j);
      size_t length = strlen (words->line);

      if (words->hand != hand)
        continue;
      for (const char *at = strstr (log, words->line); at; at = strstr (at + 1, words->line))
        if ((at == log || at[-1] == '\n') && (at[length] == '\0' || at[length] == '\n'))
          {
            PangoAttribute *italic = pango_attr_style_new (PANGO_STYLE_ITALIC);

            italic->start_index = (guint) (at - log);
            italic->end_index = (guint) (at - log + length);
            pango_attr_list_insert (attrs, italic);
          }
    }
  return attrs;
}

gboolean
_bk_window_open_chat_cb (GtkWidget *widget,
                         GVariant  *args,
                         gpointer   user_data)
{
  BkWindow *self = BK_WINDOW (widget);

  if (self->table_chat == NULL || !self->at_table || !gtk_widget_is_visible (self->table_chat))
    return FALSE;
  return gtk_widget_activate_action (self->table_chat, "chat.open", NULL);
}

void
_bk_window_leave_table_words (BkWindow *self)
{
  bk_window_set_table_chat (self, NULL);
  g_clear_pointer (&self->table_words, g_ptr_array_unref);
}

void
bk_window_add_table_words (BkWindow   *self,
                           BkSeat      seat,
                           const char *who,
                           const char *text)
{
  TableWords *words;
  guint n = 0;

  g_return_if_fail (BK_IS_WINDOW (self) && who != NULL && text != NULL);

  if (!self->at_table || self->game == NULL)
    return;
  if (self->table_words == NULL)
    self->table_words = g_ptr_array_new_with_free_func ((GDestroyNotify) table_words_free);
  words = g_new0 (TableWords, 1);
  words->hand = bk_game_get_hand_number (self->game);
  if (bk_game_get_phase (self->game) != BK_PHASE_NEW)
    bk_game_get_words (self->game, words->hand, &n);
  words->after = n;
  /* Told apart from the game's words ("Sepp: Good!"), by eye and by ear. */
  if (seat < BK_MAX_SEATS && _bk_window_is_person_here (self, seat))
    /* Translators: the person's own free words in the talk log, quoted */
    words->line = g_strdup_printf (_("You say: “%s”"), text);
  else
    /* Translators: free words at a table in the talk log: "Sepp says: “Servus”" */
    words->line = g_strdup_printf (_("%s says: “%s”"), who, text);
  g_ptr_array_add (self->table_words, words);
  if (self->table_words->len > MAX_WORDS)
    g_ptr_array_remove_index (self->table_words, 0);
  _bk_window_update_talk_log (self);
  if (seat < _bk_window_n_seats (self))
    {
      g_autofree char *bubble = NULL;

      if (g_utf8_strlen (text, -1) > BUBBLE_CHARS)
        {
          g_autofree char *start = g_utf8_substring (text, 0, BUBBLE_CHARS - 1);

          bubble = g_strconcat (g_strchomp (start), "…", NULL);
        }
      bk_table_say (self->table, seat, bubble ? bubble : text);
      bk_sound_play (self->sound, BK_SOUND_WORD_SAID);
    }
}

/* A word of the game @seat said (a game's view calls it): in the speaker's bubble and the
 * talk log. Before play, the person's own word lies a while before anything comes next:
 * his next question came at once and his answer took the word's place before it was
 * seen (issue 34), while the others' words wait for their players' pause. */
void
_bk_window_say (BkWindow   *self,
                BkSeat      seat,
                const char *text)
{
  bk_table_say (self->table, seat, text);
  if (self->game && bk_game_get_phase (self->game) == BK_PHASE_BIDDING &&
      _bk_window_is_person_here (self, seat))
    bk_table_hold (self->table, OWN_WORD_HOLD_USEC);
  _bk_window_update_talk_log (self);
}

void
bk_window_set_table_chat (BkWindow  *self,
                          GtkWidget *chat)
{
  g_return_if_fail (BK_IS_WINDOW (self));
  g_return_if_fail (chat == NULL || GTK_IS_WIDGET (chat));

  if (self->table_chat == chat)
    return;
  if (self->table_chat)
    gtk_box_remove (GTK_BOX (self->header_slot), self->table_chat);
  self->table_chat = chat;
  if (chat)
    gtk_box_append (GTK_BOX (self->header_slot), chat);
  /* its button's tooltip stays off the chat it opens, as the window's own (issue 34) */
  for (GtkWidget *child = chat ? gtk_widget_get_first_child (chat) : NULL; child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_MENU_BUTTON (child) && gtk_menu_button_get_popover (GTK_MENU_BUTTON (child)))
      _bk_window_quiet_tooltip (GTK_MENU_BUTTON (child));
}
