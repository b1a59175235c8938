/* bk-money.c: amounts of money as the person's locale writes them (Herzla's cents, H5).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "bk-money.h"

/* @cents as euros in the locale's way: "1,20 €" in German, "€1.20" in English; the decimal
 * separator is the locale's monetary one, or the translation's where the locale has none
 * (the C locale). With @sign a plus is written before a gain. */
char *
bk_money_format_cents (gint     cents,
                        gboolean sign)
{
  const struct lconv *conv = localeconv ();
  const char *point = conv && conv->mon_decimal_point && conv->mon_decimal_point[0]
                      ? conv->mon_decimal_point
                      /* Translators: the decimal separator of money where the locale has
                       * none, "," in German */
                      : C_("money", ".");
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
