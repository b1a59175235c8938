/* bk-money.c: amounts of money as the language shown writes them (a game's cents).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-money.h"

/* @cents as euros in the way of the language shown: "1,20 €" in German and Russian,
 * "€1.20" in English, Japanese and Korean. Both the decimal separator and the place of the
 * sign come from the translation, not from the locale's LC_MONETARY: the language
 * preference chooses only the messages, and a Russian "1.20 €" under an English locale
 * would be neither. With @sign a plus is written before a gain. */
char *
bk_money_format_cents (gint     cents,
                        gboolean sign)
{
  /* Translators: the decimal separator of money, "," in German */
  const char *point = C_("money", ".");
  guint amount = (guint) ABS (cents);
  g_autofree char *number = g_strdup_printf ("%u%s%02u", amount / 100, point, amount % 100);
  /* Translators: an amount of money in euros, the number given: "%s €" in German */
  g_autofree char *money = g_strdup_printf (_("€%s"), number);

  if (cents < 0)
    return g_strconcat ("−", money, NULL);
  if (sign && cents > 0)
    return g_strconcat ("+", money, NULL);
  return g_steal_pointer (&money);
}
