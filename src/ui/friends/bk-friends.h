/* bk-friends.h: where the rest of the app reaches tables with friends. Without the network
 * layer (-Dnet=disabled, no BK_HAVE_NET) each of these does nothing, so that callers need no
 * conditional of their own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#ifdef BK_HAVE_NET
/* Adds the Friends page (the account, bk-account-page.h) to Preferences. */
void bk_friends_add_preferences_page (AdwPreferencesWindow *window);
/* At the app's shutdown: the account's connection closes its stream (bk-account.h). */
void bk_friends_shutdown             (void);
#else
static inline void
bk_friends_add_preferences_page (AdwPreferencesWindow *window)
{
}
static inline void
bk_friends_shutdown (void)
{
}
#endif

G_END_DECLS
