/* bk-practice-text.h: the practice hand's advice and comments in words (issue 33): the
 * reasons of bk-reason.h in the player's language, with the active deck's card names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-reason.h"

G_BEGIN_DECLS

char  *bk_practice_reason_text   (const BkReason        *reason);
char  *bk_practice_advice_text   (const BkAdvice        *advice);
char  *bk_practice_comment_text  (const BkReasonComment *comment);
char  *bk_practice_say_name      (const BkAction        *action,
                                  guint                  trick);
char  *bk_practice_say_reason_text (const BkReason      *reason);
char  *bk_practice_say_advice_text (const BkSayAdvice   *advice);
char  *bk_practice_say_comment_text (const BkSayAdvice  *advice,
                                     const BkAction     *said);

G_END_DECLS
