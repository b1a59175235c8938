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

G_END_DECLS
