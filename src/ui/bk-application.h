/* bk-application.h: the application: actions, accelerators, windows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BK_TYPE_APPLICATION (bk_application_get_type ())

G_DECLARE_FINAL_TYPE (BkApplication, bk_application, BK, APPLICATION, AdwApplication)

BkApplication *bk_application_new     (void);
/* Whether a command line argument is a link of the game's own scheme, "bierkopf:" followed by
 * the table's xmpp: URI (issue 32), which the app joins as `--join` does. */
gboolean       bk_application_is_link (const char *argument);

G_END_DECLS
