/* bk-fair-deal.c: commitment, seed and verification of a table's deal
 * (docs/network.md, "The fair deal").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/random.h>

#include "bk-error.h"
#include "bk-fair-deal.h"
#include "bk-game-rules.h"
#include "bk-record.h"

static BkFairDealSource test_source;
static gpointer test_source_data;

void
bk_fair_deal_set_source (BkFairDealSource source,
                         gpointer         user_data)
{
  test_source = source;
  test_source_data = user_data;
}

gboolean
bk_fair_deal_new_secret (guint8  *secret,
                         GError **error)
{
  gsize got = 0;

  g_return_val_if_fail (secret != NULL, FALSE);

  if (test_source)
    {
      test_source (secret, test_source_data);
      return TRUE;
    }

  while (got < BK_NET_SECRET_SIZE)
    {
      ssize_t n = getrandom (secret + got, BK_NET_SECRET_SIZE - got, 0);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       _("No random numbers from the system: %s"), g_strerror (saved));
          return FALSE;
        }
      got += (gsize) n;
    }
  return TRUE;
}

static void
sha256_finish (GChecksum *checksum,
               guint8    *out)
{
  gsize length = BK_NET_SECRET_SIZE;

  g_checksum_get_digest (checksum, out, &length);
  g_assert (length == BK_NET_SECRET_SIZE);
}

void
bk_fair_deal_commitment (const guint8 *host_secret,
                         guint8       *commitment)
{
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  g_return_if_fail (host_secret != NULL && commitment != NULL);
  g_checksum_update (checksum, host_secret, BK_NET_SECRET_SIZE);
  sha256_finish (checksum, commitment);
}

void
bk_fair_deal_seed (const guint8  *host_secret,
                   const guint8 (*secrets)[BK_NET_SECRET_SIZE],
                   guint          n_secrets,
                   const char    *room,
                   guint          hand_number,
                   guint8        *seed)
{
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 number[4] = {
    (guint8) (hand_number >> 24), (guint8) (hand_number >> 16),
    (guint8) (hand_number >> 8), (guint8) hand_number
  };

  g_return_if_fail (host_secret != NULL && room != NULL && seed != NULL);
  g_return_if_fail (secrets != NULL || n_secrets == 0);

  g_checksum_update (checksum, host_secret, BK_NET_SECRET_SIZE);
  for (guint i = 0; i < n_secrets; i++)
    g_checksum_update (checksum, secrets[i], BK_NET_SECRET_SIZE);
  g_checksum_update (checksum, (const guchar *) room, (gssize) strlen (room));
  g_checksum_update (checksum, number, sizeof number);
  sha256_finish (checksum, seed);
}

static gboolean
failed (GError    **error,
        const char *format,
        ...) G_GNUC_PRINTF (2, 3);

static gboolean
failed (GError    **error,
        const char *format,
        ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, BK_NET_ERROR, BK_NET_ERROR_VERIFY, message);
  return FALSE;
}

/* The first line of @lines that starts with "dealer ", and where it starts. */
static const char *
find_dealer_line (const char *lines)
{
  for (const char *p = lines; p && *p; p = strchr (p, '\n') ? strchr (p, '\n') + 1 : NULL)
    if (g_str_has_prefix (p, "dealer "))
      return p;
  return NULL;
}

/* Whether @line's first word is one of @keywords (a game module's own lines). */
static gboolean
is_module_line (const char         *line,
                const char * const *keywords)
{
  g_autofree char *word = g_strndup (line, strcspn (line, " "));

  return keywords != NULL && g_strv_contains (keywords, word);
}

/* A round's ceremony before the deal (Bierkopf's seating, B2.1 and B2.5) comes from the
 * hand's seed (docs/network.md, "The seating"): the engine draws it again after @before
 * and the other lines of @head (changed rules), and its lines must be the room's, in
 * order. None when no round begins. */
static gboolean
verify_ceremony (const BkFairDealHand *hand,
                 const char           *before,
                 const char           *head,
                 const guint8         *seed,
                 GError              **error)
{
  g_auto (GStrv) lines = g_strsplit (head, "\n", -1);
  g_autoptr (GString) others = g_string_new (before);
  g_autoptr (GString) posted = g_string_new (NULL);
  g_autoptr (GError) local_error = NULL;
  g_autoptr (BkGame) game = NULL;
  g_autofree char *was = NULL;
  g_autofree char *now = NULL;
  const char * const *keywords;
  const char *drawn, *dealer;

  game = bk_record_replay (before, NULL, NULL, NULL, &local_error);
  if (game == NULL)
    return failed (error, _("The record before hand %u does not replay: %s"),
                   hand->hand_number, local_error->message);
  keywords = bk_game_get_module (game)->line_keywords;
  for (guint i = 0; lines[i]; i++)
    if (*lines[i])
      g_string_append_printf (is_module_line (lines[i], keywords) ? posted : others, "%s\n",
                              lines[i]);
  if (others->len > strlen (before))
    {
      g_clear_object (&game);
      game = bk_record_replay (others->str, NULL, NULL, NULL, &local_error);
      if (game == NULL)
        return failed (error, _("The record before hand %u does not replay: %s"),
                       hand->hand_number, local_error->message);
    }

  was = bk_game_to_record (game);
  if (!bk_game_next_hand_from_seed (game, seed, &local_error))
    return failed (error, _("Hand %u cannot be dealt after the record before it: %s"),
                   hand->hand_number, local_error->message);
  now = bk_game_to_record (game);
  g_assert (g_str_has_prefix (now, was));
  drawn = now + strlen (was);
  dealer = find_dealer_line (drawn);
  g_assert (dealer != NULL);
  if ((gsize) (dealer - drawn) != posted->len || strncmp (drawn, posted->str, posted->len) != 0)
    return failed (error, _("The seating of hand %u does not follow from the seed"),
                   hand->hand_number);
  return TRUE;
}

gboolean
bk_fair_deal_verify (const BkFairDealHand *hand,
                     const char           *before,
                     const char           *lines,
                     char                **record,
                     GError              **error)
{
  const BkNetStanza *reveal;
  guint8 commitment[BK_NET_SECRET_SIZE], seed[BK_NET_SECRET_SIZE];
  guint8 secrets[BK_MAX_SEATS][BK_NET_SECRET_SIZE];
  const char *dealer_line, *dealer_end;
  g_autofree char *head = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *dealer_name = NULL;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkGame) replayed = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GString) full = NULL;
  const BkRules *rules;
  const BkGameModule *module;
  BkHand hands[BK_MAX_SEATS], aside = 0;
  BkSeat dealer, expected;
  guint32 revealed = 0;
  guint n_seats;

  g_return_val_if_fail (hand != NULL && hand->reveal != NULL, FALSE);
  g_return_val_if_fail (before != NULL && lines != NULL, FALSE);
  reveal = hand->reveal;

  /* Hand numbers are consecutive: a hand dealt again shows. */
  if (hand->hand_number != hand->expected_hand || reveal->hand != hand->hand_number)
    return failed (error, _("Hand %u was revealed where hand %u was due: a hand was dealt "
                            "again or left out"), reveal->hand, hand->expected_hand);
  bk_fair_deal_commitment (reveal->digest, commitment);
  if (memcmp (commitment, hand->commitment, sizeof commitment) != 0)
    return failed (error, _("The host’s secret of hand %u does not match the commitment it "
                            "posted before the deal"), hand->hand_number);

  for (guint i = 0; i < reveal->n_seats; i++)
    {
      memcpy (secrets[i], reveal->secrets[i], BK_NET_SECRET_SIZE);
      revealed |= 1u << reveal->secret_seats[i];
    }
  if (revealed != hand->person_seats)
    return failed (error, _("The secrets revealed for hand %u are not those of the seated "
                            "people"), hand->hand_number);
  if (hand->own_seat != BK_SEAT_NONE && hand->own_secret_known)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < reveal->n_seats; i++)
        if (reveal->secret_seats[i] == hand->own_seat)
          found = memcmp (secrets[i], hand->own_secret, BK_NET_SECRET_SIZE) == 0;
      if (!found)
        return failed (error, _("Our own secret was not used in the deal of hand %u"),
                       hand->hand_number);
    }
  bk_fair_deal_seed (reveal->digest, (const guint8 (*)[BK_NET_SECRET_SIZE]) secrets,
                     reveal->n_seats, hand->room, hand->hand_number, seed);

  /* The session before the deal, with the lines before it (a ceremony, changed rules). */
  dealer_line = find_dealer_line (lines);
  if (dealer_line == NULL)
    return failed (error, _("Hand %u has no dealer line"), hand->hand_number);
  head = g_strndup (lines, (gsize) (dealer_line - lines));
  prefix = g_strconcat (before, head, NULL);
  game = bk_record_replay (prefix, NULL, NULL, NULL, &local_error);
  if (game == NULL)
    return failed (error, _("The record before hand %u does not replay: %s"),
                   hand->hand_number, local_error->message);
  if (bk_game_get_hand_number (game) + 1 != hand->hand_number)
    return failed (error, _("The record before hand %u holds %u hands"), hand->hand_number,
                   bk_game_get_hand_number (game));
  rules = bk_game_get_rules (game);
  module = bk_game_get_module (game);
  n_seats = bk_game_get_n_seats (game);

  dealer_end = strchr (dealer_line, '\n');
  dealer_name = dealer_end ? g_strndup (dealer_line + 7, (gsize) (dealer_end - dealer_line - 7))
                           : g_strdup (dealer_line + 7);
  if (!bk_seat_parse_for (rules, dealer_name, &dealer, NULL))
    return failed (error, _("The dealer of hand %u is no seat"), hand->hand_number);
  expected = bk_game_get_next_dealer (game);
  if (expected == BK_SEAT_NONE &&
      bk_deal_from_seed (rules, seed, BK_SEAT_NONE, hands, &aside) != dealer)
    return failed (error, _("The seed of hand %u draws another dealer"), hand->hand_number);
  bk_deal_from_seed (rules, seed, dealer, hands, &aside);
  if (hand->own_seat != BK_SEAT_NONE &&
      hands[bk_net_seat_now (game, hand->own_seat)] != hand->own_cards)
    return failed (error, _("The cards the host sent us in hand %u are not those the seed "
                            "deals"), hand->hand_number);

  /* The whole hand: the deal as the seed makes it (in the record's order: from the
   * dealer's left, then the cards aside), then every public line after the dealer's. */
  full = g_string_new (prefix);
  g_string_append_len (full, dealer_line,
                       dealer_end ? dealer_end - dealer_line + 1 : (gssize) strlen (dealer_line));
  if (dealer_end == NULL)
    g_string_append_c (full, '\n');
  for (guint k = 1; k <= n_seats; k++)
    {
      BkSeat seat = (dealer + k) % n_seats;
      g_autofree char *cards = bk_hand_to_string (module->trick_rules (), hands[seat]);

      g_string_append_printf (full, "hand %s %s\n", bk_seat_name (rules, seat), cards);
    }
  if (aside)
    {
      g_autofree char *cards = bk_hand_to_string (module->trick_rules (), aside);

      g_string_append_printf (full, "aside %s\n", cards);
    }
  if (dealer_end)
    g_string_append (full, dealer_end + 1);
  replayed = bk_record_replay (full->str, NULL, NULL, NULL, &local_error);
  if (replayed == NULL)
    return failed (error, _("The play of hand %u does not replay on the deal of its seed: %s"),
                   hand->hand_number, local_error->message);
  if (bk_game_get_hand_number (replayed) != hand->hand_number ||
      bk_game_get_phase (replayed) != BK_PHASE_HAND_OVER)
    return failed (error, _("Hand %u was not played to its end"), hand->hand_number);
  if (!verify_ceremony (hand, before, head, seed, error))
    return FALSE;
  if (record)
    *record = g_string_free (g_steal_pointer (&full), FALSE);
  return TRUE;
}
