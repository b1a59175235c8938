/* shots-common.h: what the screenshot programs share (screens.c, herzla-shots.c,
 * language-shots.c): the set-up of a process that shows the app's window without the
 * application, saves written where the window looks for them, playing on to a state, and
 * two ways of taking a picture (a deterministic offscreen PNG, or the screen through
 * ImageMagick's import).
 *
 * It calls as few of the window's internals as it can: the list is in shots-common.c's
 * opening comment, so that a redesign can keep them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-window.h"
/* The window's test getters, once they leave its public header (issue 22). */
#if __has_include ("bk-window-test.h")
#include "bk-window-test.h"
#endif

G_BEGIN_DECLS

/* Binds the text domain (to $BIERKOPF_LOCALEDIR when set), initialises GTK and libadwaita,
 * loads the app's style sheet, points $XDG_DATA_HOME at a new temporary directory (returned,
 * to be freed) and turns the table's animations off. */
char      *shots_init               (void);
GSettings *shots_settings           (void);

/* Puts @text where the window looks for the saved session of @game ("bierkopf", "herzla",
 * "herzla-simple"). */
void       shots_write_save         (const char *game,
                                     const char *text);

/* A new window of @width x @height on screen, its save read, drawn once. */
BkWindow  *shots_open_window        (int         width,
                                     int         height);
/* Closes @window and every window above it. */
void       shots_close_window       (BkWindow   *window);

/* The visible window above @window (a dialog, the ledger, the review; the last one
 * opened), or NULL. */
GtkWindow *shots_find_dialog        (BkWindow   *window);
/* Answers @dialog (an AdwMessageDialog) with @response, NULL: its default response. */
void       shots_answer             (GtkWindow  *dialog,
                                     const char *response);

/* Whether the person is asked something: a dialog is up, or it is the person's card and the
 * table rests. */
gboolean   shots_person_due         (BkWindow   *window);
/* Runs the main loop until shots_person_due() (twenty seconds at most); returns it. */
gboolean   shots_wait_person        (BkWindow   *window);
/* Plays the person's first legal card in the sorted hand. */
void       shots_play_first_legal   (BkWindow   *window);
/* The default answer to every dialog and the first legal card, until a dialog named @name
 * or offering the response @name is up (at most @max_steps answers); returns it or NULL. */
GtkWindow *shots_play_to_dialog     (BkWindow   *window,
                                     const char *name,
                                     guint       max_steps);

/* Waits until the table's speech bubbles have gone: they go after a time, unless a dialog
 * pauses the table (ten seconds at most). */
void       shots_wait_quiet         (BkWindow   *window);

/* Runs the main loop for @usec microseconds. */
void       shots_spin               (gint64      usec);
/* Waits until @window and every window above it are drawn and nothing in them shows
 * progress (a progress bar or a spinner mapped); with no window above, until the table's
 * bubbles have gone (shots_wait_quiet()). */
void       shots_settle             (BkWindow   *window);

/* Renders @window as it is, with the windows above it centred over it the way a window
 * manager places a dialog (one larger than it from its top left corner), into a PNG of
 * @width x @height at @path. Deterministic: the same state gives the same bytes. FALSE with
 * @error when it could not. */
gboolean   shots_render             (BkWindow   *window,
                                     int         width,
                                     int         height,
                                     const char *path,
                                     GError    **error);

/* Takes a picture of the whole screen into @dir/@name with ImageMagick's import, after a
 * second's wait; prints the path. */
void       shots_import_screen      (const char *dir,
                                     const char *name);

G_END_DECLS
