/* bk-herzla-result.h: the result objects of Herzla as JSON, exactly as docs/notation.md
 * ("Herzla") prints them, for `bierkopf-cli replay|play --game herzla`:
 *
 *   a hand of the four-player game: {"contract":"normal","declarer":null,"won":null,
 *     "tricks":{"S":2,…},"hearts":{…},"schleichermord":null,"cents":{…},"stock":0}
 *   a hand of the simple form:      {"penalty":{"1":3,…},"totals":{…}}
 *   the session line:               {"balances":{"S":…,…},"stock":N} (four players);
 *                                   {"totals":{"1":…,…}} (simple form)
 *
 * Seats are named S W N E in the four-player game and 1..n in the simple form. One line
 * each, without the newline.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-herzla-session.h"

G_BEGIN_DECLS

const char  *bk_herzla_seat_name        (BkHerzlaVariant       variant,
                                         guint                 seat);
void         bk_herzla_result_write     (const BkHerzlaResult *result,
                                         GString              *out);
void         bk_herzla_session_write    (const BkHerzlaScore  *score,
                                         GString              *out);

G_END_DECLS
