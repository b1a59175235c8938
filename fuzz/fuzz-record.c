/* fuzz-record.c: libFuzzer target over the game record reader (issue 10).
 *
 * Any input either fails with an error, or loads; whatever loads must save and reload to
 * the identical save text, record and state, and its plain record must replay to the same
 * record. Built with -Dfuzzing=true (clang); see README.md.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bk-error.h"
#include "bk-game.h"
#include "bk-record.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
fail (const char *what,
      const char *text)
{
  fprintf (stderr, "fuzz-record: %s\n--- text:\n%s\n---\n", what, text ? text : "(none)");
  abort ();
}

/* Criticals and warnings are bugs: abort, so that libFuzzer keeps the input. */
static void
log_handler (const char     *domain,
             GLogLevelFlags  level,
             const char     *message,
             gpointer        user_data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      fprintf (stderr, "%s: %s\n", domain ? domain : "(no domain)", message);
      abort ();
    }
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_default_handler (log_handler, NULL);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkGame) again = NULL;
  g_autoptr (BkGame) plain = NULL;
  g_autofree char *save = NULL;
  g_autofree char *record = NULL;
  g_autofree char *save_again = NULL;
  g_autofree char *record_again = NULL;
  g_autofree char *record_plain = NULL;

  game = bk_record_replay_data ((const char *) data, size, NULL, NULL, NULL, &error);
  if (game == NULL)
    {
      if (error == NULL || error->domain != BK_ERROR || error->message[0] == '\0')
        fail ("a refused record without a BK_ERROR", NULL);
      return 0;
    }
  if (error != NULL)
    fail ("a loaded record with an error", NULL);

  save = bk_game_to_save_text (game);
  record = bk_game_to_record (game);

  again = bk_record_replay (save, NULL, NULL, NULL, &error);
  if (again == NULL)
    fail (error->message, save);
  save_again = bk_game_to_save_text (again);
  record_again = bk_game_to_record (again);
  if (strcmp (save, save_again) != 0)
    fail ("the save text changed on reloading", save);
  if (strcmp (record, record_again) != 0)
    fail ("the record changed on reloading", save);
  if (memcmp (bk_game_get_hand (game), bk_game_get_hand (again),
              bk_game_get_module (game)->hand_size) != 0 ||
      bk_game_get_phase (game) != bk_game_get_phase (again) ||
      bk_game_get_hand_number (game) != bk_game_get_hand_number (again))
    fail ("the state changed on reloading", save);

  plain = bk_record_replay (record, NULL, NULL, NULL, &error);
  if (plain == NULL)
    fail (error->message, record);
  record_plain = bk_game_to_record (plain);
  if (strcmp (record, record_plain) != 0)
    fail ("the plain record changed on replaying", record);
  return 0;
}
