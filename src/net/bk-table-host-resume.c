/* bk-table-host-resume.c: what a host keeps to take its table up again after it was
 * killed (docs/network.md, "A host started again"): the session's record, the seats'
 * bindings and secrets, its own secret of the hand in play. A key file; it holds the
 * secrets of a hand nobody has seen revealed, so the caller keeps it private.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-game-rules.h"
#include "bk-levels.h"
#include "bk-record.h"
#include "bk-table-host-private.h"

#define GROUP "table"
#define RESUME_VERSION 1

static char *
seat_group (guint chair)
{
  return g_strdup_printf ("seat %u", chair);
}

static void
set_hex (GKeyFile     *file,
         const char   *group,
         const char   *key,
         const guint8 *bytes)
{
  g_autofree char *hex = bk_net_hex (bytes, BK_NET_SECRET_SIZE);

  g_key_file_set_string (file, group, key, hex);
}

GKeyFile *
bk_table_host_save_resume (BkTableHost *self)
{
  GKeyFile *file = g_key_file_new ();
  g_autofree char *record = NULL;

  g_return_val_if_fail (BK_IS_TABLE_HOST (self), NULL);

  record = bk_game_to_record (self->game);
  g_key_file_set_integer (file, GROUP, "version", RESUME_VERSION);
  g_key_file_set_string (file, GROUP, "room", self->room);
  g_key_file_set_string (file, GROUP, "nick", self->nick);
  g_key_file_set_integer (file, GROUP, "stage", self->stage);
  g_key_file_set_uint64 (file, GROUP, "hand", self->hand);
  g_key_file_set_uint64 (file, GROUP, "hand-start", self->hand_start);
  g_key_file_set_uint64 (file, GROUP, "deals", self->deals);
  g_key_file_set_uint64 (file, GROUP, "hands-played", self->hands_played);
  g_key_file_set_uint64 (file, GROUP, "grace", self->grace);
  /* left out while hints are on: a file of before is a table with hints */
  if (self->no_hints)
    g_key_file_set_boolean (file, GROUP, "no-hints", TRUE);
  set_hex (file, GROUP, "host-secret", self->host_secret);
  /* the key file escapes the newlines */
  g_key_file_set_string (file, GROUP, "header", self->header);
  g_key_file_set_string (file, GROUP, "record", record);
  if (self->last_reveal)
    {
      g_autofree char *reveal = bk_xmpp_element_to_string (self->last_reveal);

      g_key_file_set_string (file, GROUP, "last-reveal", reveal);
      g_key_file_set_string (file, GROUP, "last-lines", self->last_lines ? self->last_lines : "");
    }
  for (guint s = 0; s < self->n_seats; s++)
    {
      const Seat *seat = &self->seats[s];
      g_autofree char *group = seat_group (s);

      g_key_file_set_boolean (file, group, "person", seat->person);
      if (seat->level)
        g_key_file_set_string (file, group, "level", seat->level);
      if (seat->jid)
        g_key_file_set_string (file, group, "jid", seat->jid);
      if (seat->nick)
        g_key_file_set_string (file, group, "nick", seat->nick);
      g_key_file_set_boolean (file, group, "stand-in", seat->stand_in);
      g_key_file_set_boolean (file, group, "secret-in", seat->secret_in);
      g_key_file_set_boolean (file, group, "contributes", seat->contributes);
      set_hex (file, group, "secret", seat->secret);
      g_key_file_set_uint64 (file, group, "dealt", seat->dealt);
      bk_table_host_save_tokens (self, file, group, s);
    }
  return file;
}

static gboolean
bad (GError    **error,
     const char *what)
{
  g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
               "%s", what);
  return FALSE;
}

static gboolean
get_hex (GKeyFile   *file,
         const char *group,
         const char *key,
         guint8     *bytes,
         GError    **error)
{
  g_autofree char *hex = g_key_file_get_string (file, group, key, error);

  if (hex == NULL)
    return FALSE;
  if (!bk_net_hex_parse (hex, bytes, BK_NET_SECRET_SIZE))
    return bad (error, _("a secret is not 64 hexadecimal digits"));
  return TRUE;
}

/* An unsigned number of the key file, at most @max. */
static gboolean
get_number (GKeyFile   *file,
            const char *group,
            const char *key,
            guint64     max,
            guint64    *value,
            GError    **error)
{
  GError *local = NULL;

  *value = g_key_file_get_uint64 (file, group, key, &local);
  if (local)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  if (*value > max)
    return bad (error, _("a number is out of bounds"));
  return TRUE;
}

static gboolean
load_seat (BkTableHost *self,
           GKeyFile    *file,
           guint        chair,
           gint64       now,
           GError     **error)
{
  Seat *seat = &self->seats[chair];
  g_autofree char *group = seat_group (chair);
  GError *local = NULL;
  guint64 dealt;

  seat->person = g_key_file_get_boolean (file, group, "person", &local);
  if (local == NULL)
    seat->stand_in = g_key_file_get_boolean (file, group, "stand-in", &local);
  if (local == NULL)
    seat->secret_in = g_key_file_get_boolean (file, group, "secret-in", &local);
  if (local == NULL)
    seat->contributes = g_key_file_get_boolean (file, group, "contributes", &local);
  if (local)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  if (!get_hex (file, group, "secret", seat->secret, error) ||
      !get_number (file, group, "dealt", G_MAXUINT64, &dealt, error))
    return FALSE;
  seat->dealt = dealt;
  seat->level = g_key_file_get_string (file, group, "level", NULL);
  seat->jid = g_key_file_get_string (file, group, "jid", NULL);
  seat->nick = g_key_file_get_string (file, group, "nick", NULL);
  if (!bk_table_host_load_tokens (self, file, group, chair, error))
    return FALSE;
  if (!seat->person || seat->stand_in)
    {
      seat->strategy = bk_strategy_new_for_level (bk_game_get_rules (self->game)->game,
                                                  seat->person ? STAND_IN_LEVEL
                                                               : seat->level ? seat->level : "",
                                                  error);
      if (seat->strategy == NULL)
        return FALSE;
    }
  if (seat->person && (seat->nick != NULL) != (seat->jid != NULL))
    return bad (error, _("a seat has a nickname without an address, or the reverse"));
  /* Nobody is known to be here until the room says so; the grace period runs from now. */
  seat->present = FALSE;
  seat->away_since = now;
  return TRUE;
}

BkTableHost *
bk_table_host_new_from_resume (GKeyFile *file,
                               gint64    now,
                               GError  **error)
{
  g_autoptr (BkTableHost) self = NULL;
  g_autofree char *record = NULL;
  g_autofree char *again = NULL;
  guint64 version, stage, hand, hand_start, deals, played, grace;
  const char *p;

  g_return_val_if_fail (file != NULL, NULL);

  if (!get_number (file, GROUP, "version", G_MAXUINT, &version, error))
    return NULL;
  if (version != RESUME_VERSION)
    {
      bad (error, _("the file is of another version"));
      return NULL;
    }
  self = g_object_new (BK_TYPE_TABLE_HOST, NULL);
  self->room = g_key_file_get_string (file, GROUP, "room", error);
  if (self->room == NULL)
    return NULL;
  self->nick = g_key_file_get_string (file, GROUP, "nick", error);
  if (self->nick == NULL)
    return NULL;
  self->header = g_key_file_get_string (file, GROUP, "header", error);
  if (self->header == NULL)
    return NULL;
  record = g_key_file_get_string (file, GROUP, "record", error);
  if (record == NULL)
    return NULL;
  if (!get_number (file, GROUP, "stage", STAGE_FINISHED, &stage, error) ||
      !get_number (file, GROUP, "hand", 1000000, &hand, error) ||
      !get_number (file, GROUP, "hand-start", strlen (record), &hand_start, error) ||
      !get_number (file, GROUP, "deals", G_MAXUINT, &deals, error) ||
      !get_number (file, GROUP, "hands-played", G_MAXUINT, &played, error) ||
      !get_number (file, GROUP, "grace", 86400, &grace, error) ||
      !get_hex (file, GROUP, "host-secret", self->host_secret, error))
    return NULL;

  /* The record is the table: it must replay, to itself, and begin with the header. */
  self->game = bk_record_replay (record, NULL, NULL, NULL, error);
  if (self->game == NULL)
    return NULL;
  again = bk_game_to_record (self->game);
  if (strcmp (again, record) != 0 || !g_str_has_prefix (record, self->header) ||
      ((stage == STAGE_COMMITTED || stage == STAGE_PLAYING) &&
       hand_start < strlen (self->header)))
    {
      bad (error, _("the record does not replay to itself"));
      return NULL;
    }
  if (stage == STAGE_PLAYING && bk_game_get_hand_number (self->game) != hand)
    {
      bad (error, _("the hand in play is not the record’s"));
      return NULL;
    }
  if (stage == STAGE_COMMITTED && bk_game_get_hand_number (self->game) + 1 != hand)
    {
      bad (error, _("the hand sealed is not the record’s next"));
      return NULL;
    }

  self->stage = (Stage) stage;
  self->hand = (guint) hand;
  self->hand_start = hand_start;
  self->deals = (guint) deals;
  self->hands_played = (guint) played;
  self->grace = (guint) grace;
  self->no_hints = g_key_file_get_boolean (file, GROUP, "no-hints", NULL);
  self->n_seats = bk_game_get_n_seats (self->game);
  for (guint s = 0; s < self->n_seats; s++)
    if (!load_seat (self, file, s, now, error))
      return NULL;
  bk_fair_deal_commitment (self->host_secret, self->commitment);
  {
    g_autofree char *reveal = g_key_file_get_string (file, GROUP, "last-reveal", NULL);
    g_auto (BkNetStanza) stanza = { 0 };

    if (reveal)
      {
        self->last_reveal = bk_xmpp_element_parse (reveal, -1, error);
        if (self->last_reveal == NULL)
          return NULL;
        if (!bk_net_stanza_parse (self->last_reveal, BK_NET_MAX_PAYLOAD_BYTES, &stanza, error))
          return NULL;
        self->last_lines = g_key_file_get_string (file, GROUP, "last-lines", error);
        if (self->last_lines == NULL)
          return NULL;
        if (stanza.kind != BK_NET_REVEAL || stanza.hand != played)
          {
            bad (error, _("the last reveal is not of the last hand"));
            return NULL;
          }
      }
  }

  /* What the room has seen is the record (it was kept before it went out): the hand's
   * public lines are those after its start. */
  self->published = strlen (record);
  if (stage == STAGE_COMMITTED || stage == STAGE_PLAYING)
    {
      p = record + hand_start;
      while (*p)
        {
          const char *end = strchr (p, '\n');
          g_autofree char *line = end ? g_strndup (p, (gsize) (end - p)) : g_strdup (p);

          p = end ? end + 1 : p + strlen (p);
          if (bk_table_host_line_is_public (line))
            {
              g_string_append_printf (self->hand_lines, "%s\n", line);
              self->seq++;
            }
        }
    }
  bk_table_host_place_strategies (self);
  self->resumed = TRUE;
  return g_steal_pointer (&self);
}

const char *
bk_table_host_get_room (BkTableHost *self)
{
  g_return_val_if_fail (BK_IS_TABLE_HOST (self), NULL);
  return self->room;
}

const char *
bk_table_host_get_nick (BkTableHost *self)
{
  g_return_val_if_fail (BK_IS_TABLE_HOST (self), NULL);
  return self->nick;
}
