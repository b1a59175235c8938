/* bk-table-host-tokens.c: each person's chair has a secret resume token (docs/network.md
 * 3.16), sent to that seat alone with its <state/>; a claim with it takes the chair back
 * under whatever address its holder comes now (an anonymous guest gets a new JID at each
 * login). A token resumes once: the claim spends it and the chair gets a new one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/random.h>

#include "bk-table-host-private.h"

/* Compared in constant time: how much of a guess was right must not show in how long the
 * host took to refuse it. */
static gboolean
same_token (const guint8 *a,
            const guint8 *b)
{
  guint8 diff = 0;

  for (guint i = 0; i < BK_NET_TOKEN_SIZE; i++)
    diff |= a[i] ^ b[i];
  return diff == 0;
}

/* 128 bits from the kernel's CSPRNG (not the tests' source of secrets: a token is no part
 * of any deal). */
static gboolean
new_token (guint8 *token)
{
  gsize got = 0;

  while (got < BK_NET_TOKEN_SIZE)
    {
      ssize_t n = getrandom (token + got, BK_NET_TOKEN_SIZE - got, 0);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      got += (gsize) n;
    }
  return TRUE;
}

void
bk_table_host_token_issue (BkTableHost *self,
                           BkSeat       chair)
{
  Seat *s = &self->seats[chair];

  if (!s->person || s->has_token)
    return;
  if (!new_token (s->token))
    {
      /* the chair is still its address's: only a return under another one fails */
      g_message ("No random numbers for the token of seat %u: %s", chair, g_strerror (errno));
      return;
    }
  s->has_token = TRUE;
}

void
bk_table_host_send_token (BkTableHost *self,
                          BkSeat       chair)
{
  Seat *s = &self->seats[chair];
  g_auto (BkNetStanza) stanza = { 0 };

  if (!s->person || s->nick == NULL)
    return;
  if (!s->has_token)
    {
      /* a table kept before tokens: the new one is kept before it goes out */
      bk_table_host_token_issue (self, chair);
      if (!s->has_token)
        return;
      bk_table_host_changed (self);
    }
  bk_net_stanza_init (&stanza, BK_NET_TOKEN);
  stanza.seat = chair;
  memcpy (stanza.token, s->token, BK_NET_TOKEN_SIZE);
  bk_table_host_send (self, s->nick, NULL, &stanza);
}

/* The chair's token is spent: it is kept among the spent ones (a replay is told apart
 * from a guess), and the chair gets a new one. */
static void
spend_token (BkTableHost *self,
             BkSeat       chair)
{
  Seat *s = &self->seats[chair];

  memcpy (s->spent[s->n_spent % BK_TABLE_HOST_SPENT], s->token, BK_NET_TOKEN_SIZE);
  s->n_spent++;
  s->has_token = FALSE;
  bk_table_host_token_issue (self, chair);
}

GError *
bk_table_host_take_token (BkTableHost       *self,
                          const char        *nick,
                          const char        *jid,
                          const BkNetStanza *claim)
{
  BkSeat chair = claim->seat, bound;
  g_autofree char *name = NULL;
  Seat *s;

  g_return_val_if_fail (claim->kind == BK_NET_CLAIM && claim->has_token, NULL);

  if (chair >= self->n_seats)
    return net_error (BK_NET_ERROR_MALFORMED, _("The table has no seat %u"), chair);
  s = &self->seats[chair];
  if (!s->person || !s->has_token || !same_token (s->token, claim->token))
    {
      for (guint c = 0; c < self->n_seats; c++)
        if (c != chair && self->seats[c].person && self->seats[c].has_token &&
            same_token (self->seats[c].token, claim->token))
          return net_error (BK_NET_ERROR_NOT_SEATED, _("This token is for another chair"));
      for (guint c = 0; c < self->n_seats; c++)
        for (guint i = 0; i < MIN (self->seats[c].n_spent, BK_TABLE_HOST_SPENT); i++)
          if (same_token (self->seats[c].spent[i], claim->token))
            return net_error (BK_NET_ERROR_REPLAYED,
                              _("This token was used already: its chair has a new one"));
      return net_error (BK_NET_ERROR_NOT_SEATED, _("This token opens no chair at this table"));
    }
  /* what a claim under this address and nickname would be refused for, before anything
   * changes (bk_table_host_handle() checks the nickname after us) */
  bound = bk_table_host_seat_of_jid (self, jid);
  if (bound != BK_SEAT_NONE && bound != chair)
    {
      g_autofree char *bound_name = bk_table_host_chair_name (self, bound);

      return net_error (BK_NET_ERROR_SEAT_TAKEN, _("You already sit at %s"), bound_name);
    }
  for (guint c = 0; c < self->n_seats; c++)
    if (c != chair && self->seats[c].person && g_strcmp0 (self->seats[c].nick, nick) == 0)
      {
        name = bk_table_host_chair_name (self, c);
        return net_error (BK_NET_ERROR_NICKNAME, _("The nickname %s belongs to the player at %s"),
                          nick, name);
      }
  /* the chair is its token's holder's, under the address it comes with now; the claim
   * that follows (bk_table_host_handle_claim()) seats it and keeps this before the new
   * token goes out */
  if (g_strcmp0 (s->jid, jid) != 0)
    {
      g_message ("Seat %u moves from %s to %s (%s) by its token", chair, s->jid, jid, nick);
      g_free (s->jid);
      s->jid = g_strdup (jid);
    }
  spend_token (self, chair);
  return NULL;
}

/* --- kept in the resume file (docs/network.md 7: mode 0600, the host's alone) --- */

void
bk_table_host_save_tokens (BkTableHost *self,
                           GKeyFile    *file,
                           const char  *group,
                           BkSeat       chair)
{
  const Seat *s = &self->seats[chair];
  guint n = MIN (s->n_spent, BK_TABLE_HOST_SPENT);
  g_autoptr (GPtrArray) spent = g_ptr_array_new_with_free_func (g_free);

  if (s->has_token)
    {
      g_autofree char *hex = bk_net_hex (s->token, BK_NET_TOKEN_SIZE);

      g_key_file_set_string (file, group, "token", hex);
    }
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (spent, bk_net_hex (s->spent[i], BK_NET_TOKEN_SIZE));
  if (n > 0)
    g_key_file_set_string_list (file, group, "spent-tokens",
                                (const char * const *) spent->pdata, n);
}

gboolean
bk_table_host_load_tokens (BkTableHost *self,
                           GKeyFile    *file,
                           const char  *group,
                           BkSeat       chair,
                           GError     **error)
{
  Seat *s = &self->seats[chair];
  g_autofree char *hex = g_key_file_get_string (file, group, "token", NULL);
  g_auto (GStrv) spent = g_key_file_get_string_list (file, group, "spent-tokens", NULL, NULL);

  /* a file of before tokens has none: the chair gets one with its next <state/> */
  if (hex && !(s->has_token = bk_net_hex_parse (hex, s->token, BK_NET_TOKEN_SIZE)))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("a seat’s token is not 32 hexadecimal digits"));
      return FALSE;
    }
  for (guint i = 0; spent && spent[i]; i++)
    {
      if (i >= BK_TABLE_HOST_SPENT ||
          !bk_net_hex_parse (spent[i], s->spent[i], BK_NET_TOKEN_SIZE))
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                       _("a seat’s spent tokens are not a list of tokens"));
          return FALSE;
        }
      s->n_spent = i + 1;
    }
  return TRUE;
}
