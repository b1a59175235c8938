/* bk-herzla-result.c: the result objects of Herzla as JSON (docs/notation.md, "Herzla").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include "bk-herzla-result.h"

static const char * const number_seats[BK_HERZLA_MAX_PLAYERS] = {
  "1", "2", "3", "4", "5", "6", "7", "8",
};

/* notation.md, "Herzla": S W N E for four players with contracts, 1..n in the simple form. */
const char *
bk_herzla_seat_name (BkHerzlaVariant variant,
                     guint           seat)
{
  g_return_val_if_fail (seat < BK_HERZLA_MAX_PLAYERS, "?");
  if (variant == BK_HERZLA_VIER)
    return bk_seat_to_string ((BkSeat) seat);
  return number_seats[seat];
}

/* "key":{"S":v,…} for the first @n seats. */
static void
seat_object (GString         *out,
             const char      *key,
             BkHerzlaVariant  variant,
             guint            n,
             const gint      *values)
{
  g_string_append_printf (out, "\"%s\":{", key);
  for (guint s = 0; s < n; s++)
    g_string_append_printf (out, "%s\"%s\":%d", s ? "," : "",
                            bk_herzla_seat_name (variant, s), values[s]);
  g_string_append_c (out, '}');
}

static void
seat_object_u8 (GString         *out,
                const char      *key,
                BkHerzlaVariant  variant,
                guint            n,
                const guint8    *values)
{
  gint wide[BK_MAX_SEATS];

  for (guint s = 0; s < n; s++)
    wide[s] = values[s];
  seat_object (out, key, variant, n, wide);
}

static void
seat_object_uint (GString         *out,
                  const char      *key,
                  BkHerzlaVariant  variant,
                  guint            n,
                  const guint     *values)
{
  gint wide[BK_MAX_SEATS];

  for (guint s = 0; s < n; s++)
    wide[s] = (gint) values[s];
  seat_object (out, key, variant, n, wide);
}

static void
seat_or_null (GString         *out,
              BkHerzlaVariant  variant,
              guint            seat)
{
  if (seat == BK_HERZLA_SEAT_NONE)
    g_string_append (out, "null");
  else
    g_string_append_printf (out, "\"%s\"", bk_herzla_seat_name (variant, seat));
}

/* The result object of one hand; a contract that ended early lists the tricks played
 * until then (H4.3, H4.4). */
void
bk_herzla_result_write (const BkHerzlaResult *result,
                        GString              *out)
{
  const BkHerzlaTally *tally;
  BkHerzlaVariant variant;
  guint n;

  g_return_if_fail (result != NULL && out != NULL);

  tally = &result->tally;
  variant = (BkHerzlaVariant) result->variant;
  n = tally->n_players;
  g_string_append_c (out, '{');
  if (variant == BK_HERZLA_EINFACH)
    {
      /* H6.2: a penalty point per heart. */
      seat_object_u8 (out, "penalty", variant, n, tally->hearts);
      g_string_append_c (out, ',');
      seat_object_uint (out, "totals", variant, n, result->totals);
      g_string_append_c (out, '}');
      return;
    }

  g_string_append_printf (out, "\"contract\":\"%s\",\"declarer\":",
                          bk_contract_to_string ((BkContract) tally->contract));
  seat_or_null (out, variant, tally->declarer);
  g_string_append (out, ",\"won\":");
  g_string_append (out, result->payment.won < 0 ? "null"
                        : result->payment.won ? "true" : "false");
  g_string_append_c (out, ',');
  seat_object_u8 (out, "tricks", variant, n, tally->tricks);
  g_string_append_c (out, ',');
  seat_object_u8 (out, "hearts", variant, n, tally->hearts);
  g_string_append (out, ",\"schleichermord\":");
  seat_or_null (out, variant, result->payment.schleichermord);
  g_string_append_c (out, ',');
  seat_object (out, "cents", variant, n, result->payment.cents);
  g_string_append_printf (out, ",\"stock\":%d}", result->payment.stock);
}

/* The state of the session after its hands. */
void
bk_herzla_session_write (const BkHerzlaScore *score,
                         GString             *out)
{
  BkHerzlaVariant variant;

  g_return_if_fail (score != NULL && out != NULL);

  variant = (BkHerzlaVariant) score->variant;
  g_string_append_c (out, '{');
  if (variant == BK_HERZLA_EINFACH)
    seat_object_uint (out, "totals", variant, score->n_players, score->penalty);
  else
    {
      seat_object (out, "balances", variant, score->n_players, score->cents);
      g_string_append_printf (out, ",\"stock\":%d", score->stock);
    }
  g_string_append_c (out, '}');
}
