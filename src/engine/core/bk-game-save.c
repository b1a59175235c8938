/* bk-game-save.c: a session's save file: the checkpoints a save may start from, and the
 * save's text with its state line (notation.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-error.h"
#include "bk-game-internal.h"
#include "bk-record.h"

/* The core's words of a checkpoint line, then the module's. */
void
bk_game_write_checkpoint (BkGame  *self,
                          GString *line)
{
  g_string_append_printf (line, "checkpoint hands %u dealer %s round-ended %s ",
                          self->hand_number, bk_seat_name (&self->rules, self->last_dealer),
                          self->round_ended ? "yes" : "no");
  self->module->checkpoint_write (self, line);
}

/* The finished hands of the session. */
static guint
hands_finished (BkGame *self)
{
  gboolean in_play = self->phase == BK_PHASE_BIDDING || self->phase == BK_PHASE_PLAYING;

  return self->hand_number - (in_play ? 1 : 0);
}

/* The index of the newest checkpoint a save starts from, -1 for none: at least
 * BK_RECORD_KEEP_HANDS finished hands and the current round after it, but never more than
 * BK_RECORD_KEEP_MAX_HANDS. */
static int
chosen_checkpoint (BkGame *self)
{
  guint finished = hands_finished (self);
  guint target, floor;
  int chosen = -1;

  if (finished <= BK_RECORD_KEEP_HANDS)
    return -1;
  target = MIN (finished - BK_RECORD_KEEP_HANDS, self->round_start);
  floor = finished > BK_RECORD_KEEP_MAX_HANDS ? finished - BK_RECORD_KEEP_MAX_HANDS : 0;
  target = MAX (target, floor);
  for (guint i = 0; i < self->checkpoints->len; i++)
    {
      const Checkpoint *checkpoint = g_ptr_array_index (self->checkpoints, i);

      if (checkpoint->hands > target)
        break;
      chosen = (int) i;
    }
  return chosen;
}

void
bk_game_push_checkpoint (BkGame *self)
{
  g_autoptr (GString) line = NULL;
  Checkpoint *checkpoint;
  int chosen;

  if (self->module->checkpoint_write == NULL)
    return;
  line = g_string_new (NULL);
  bk_game_write_checkpoint (self, line);
  checkpoint = g_new0 (Checkpoint, 1);
  checkpoint->offset = self->record->len;
  checkpoint->hands = self->hand_number;
  checkpoint->rules = self->rules;
  checkpoint->line = g_string_free (g_steal_pointer (&line), FALSE);
  g_ptr_array_add (self->checkpoints, checkpoint);
  /* The choice only moves on: those before it are never needed again. */
  chosen = chosen_checkpoint (self);
  if (chosen > 0)
    g_ptr_array_remove_range (self->checkpoints, 0, (guint) chosen);
}

/* The save file: the record, with the session state written down so that loading can
 * check its replay against it. The state line goes right after the format line and pins
 * everything after it (format 2): how many lines follow, and their SHA-256, so that a save
 * cut short at a line boundary or changed is refused instead of read as a shorter one. */
char *
bk_game_to_save_text (BkGame *self)
{
  GString *text;
  const char *rest;
  g_autoptr (GString) state = NULL;
  g_autoptr (GChecksum) checksum = NULL;

  g_autoptr (GString) kept = NULL;
  guint64 lines;
  int chosen;

  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  g_assert (self->digested == self->record->len);

  chosen = chosen_checkpoint (self);
  if (chosen < 0)
    {
      /* A short session: the whole record, digested as it grew. */
      rest = self->record->str + self->rest_start;
      checksum = g_checksum_copy (self->rest_checksum);
      lines = self->rest_lines;
    }
  else
    {
      /* A long one: the header, the session before the hands kept, and those hands, so
       * that the save stays small however long the session runs. */
      const Checkpoint *checkpoint = g_ptr_array_index (self->checkpoints, chosen);

      kept = g_string_new (NULL);
      g_string_append_len (kept, self->record->str + self->rest_start,
                           (gssize) (self->header_end - self->rest_start));
      g_string_append_len (kept, self->header_extra->str, (gssize) self->header_extra->len);
      bk_rules_append_changes (&self->header_rules, &checkpoint->rules, kept);
      g_string_append (kept, checkpoint->line);
      g_string_append_c (kept, '\n');
      g_string_append_len (kept, self->record->str + checkpoint->offset,
                           (gssize) (self->record->len - checkpoint->offset));
      rest = kept->str;
      checksum = g_checksum_new (G_CHECKSUM_SHA256);
      g_checksum_update (checksum, (const guchar *) kept->str, (gssize) kept->len);
      lines = 0;
      for (gsize i = 0; i < kept->len; i++)
        lines += kept->str[i] == '\n';
    }
  state = g_string_new ("state ");
  self->module->score_write (self->score, state);
  g_string_append_printf (state, " hands %u phase %d rest %" G_GUINT64_FORMAT " sha256 %s\n",
                          self->hand_number, self->phase, lines,
                          g_checksum_get_string (checksum));
  text = g_string_sized_new (self->rest_start + state->len + strlen (rest));
  g_string_append_len (text, self->record->str, (gssize) self->rest_start);
  g_string_append_len (text, state->str, (gssize) state->len);
  g_string_append (text, rest);
  return g_string_free (text, FALSE);
}

gboolean
bk_game_save (BkGame      *self,
              const char  *path,
              GError     **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  text = bk_game_to_save_text (self);
  /* Never a file the reader refuses. */
  if (strlen (text) > BK_RECORD_MAX_SIZE)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_TOO_LARGE,
                   _("The session has grown too large to be saved (more than %u MiB)"),
                   (guint) (BK_RECORD_MAX_SIZE / (1024 * 1024)));
      return FALSE;
    }
  return g_file_set_contents (path, text, -1, error);
}
