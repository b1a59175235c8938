/* guest-join-shots.c: pictures of the join dialog of a person without an account (issue
 * 32) over the game's window of the size given, in each of its states: as it opens (the
 * name prefilled, whose table and which game from the link), an empty name refused, the
 * table reached, a server that lets no guests in, and a link without host and game; then
 * the dialog of a link that makes an account (issue 32, item 3): as it opens, and with its
 * token spent. For the eye, not a test; run it on an X
 * display, in English or (LANGUAGE=de with BIERKOPF_LOCALEDIR) German:
 *
 *   GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR=_build/data GSK_RENDERER=cairo \
 *   GTK_A11Y=test LANG=C.UTF-8 LANGUAGE=de BIERKOPF_LOCALEDIR=_build/po \
 *   xvfb-run -a -s '-screen 0 1280x800x24' _build/tests/ui/guest-join-shots DIR 360x640
 *
 * The pictures are DIR/guest-join-WIDTHxHEIGHT-STATE.png.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <stdio.h>

#include "bk-friends-guest.h"
#include "bk-guest-join.h"
#include "shots-common.h"

static void
shoot (BkWindow   *window,
       const char *dir,
       int         width,
       int         height,
       const char *state)
{
  g_autofree char *name = g_strdup_printf ("guest-join-%dx%d-%s.png", width, height, state);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;

  shots_spin (G_USEC_PER_SEC / 2);
  if (!shots_render (window, width, height, path, &error))
    g_error ("%s", error->message);
  g_print ("%s\n", path);
}

static void
set_name (BkGuestJoin *dialog,
          const char  *name)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (dialog));

  g_assert (GTK_IS_EDITABLE (focus));
  gtk_editable_set_text (GTK_EDITABLE (focus), name);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;
  g_autofree char *problem = NULL;
  g_autoptr (GSettings) friends = NULL;
  g_auto (BkTableInvitation) link = { 0 };
  BkWindow *window;
  BkGuestJoin *dialog;
  int width, height;
  const char *dir;

  if (argc != 3 || sscanf (argv[2], "%dx%d", &width, &height) != 2)
    {
      g_printerr ("usage: %s DIR WIDTHxHEIGHT\n", argv[0]);
      return 2;
    }
  dir = argv[1];
  home = shots_init ();
  friends = g_settings_new (APP_ID ".Friends");
  g_settings_set_string (friends, "guest-name", "Vroni Huber");
  window = shots_open_window (width, height);
  link.room = g_strdup ("bierkopf-0@conference.example.org");
  link.password = g_strdup ("abc");
  link.guests = g_strdup ("guest.example.org");
  link.host = g_strdup ("Anna");
  link.game = g_strdup ("bierkopf");
  dialog = bk_friends_join_from_link (window, &link);
  shoot (window, dir, width, height, "open");

  set_name (dialog, "");
  g_signal_emit_by_name (gtk_window_get_focus (GTK_WINDOW (dialog)), "activate");
  shoot (window, dir, width, height, "empty");

  set_name (dialog, "Vroni Huber");
  bk_guest_join_set_problem (dialog, NULL);
  bk_guest_join_set_table (dialog, "Anna", _("Bierkopf"));
  bk_guest_join_set_busy (dialog, _("Waiting for the table"));
  shoot (window, dir, width, height, "busy");

  bk_guest_join_set_table (dialog, NULL, NULL);
  problem = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_NO_GUESTS, NULL);
  bk_guest_join_set_problem (dialog, problem);
  shoot (window, dir, width, height, "no-guests");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* a link without whose table: as before */
  dialog = bk_friends_join_as_guest (window, link.room, link.password, link.guests);
  shoot (window, dir, width, height, "unnamed");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* the link that makes an account on the host's server */
  g_clear_pointer (&link.guests, g_free);
  link.account = g_strdup ("example.org");
  link.token = g_strdup ("yla2TL4Qsl423yVDjdgeD1L2");
  dialog = bk_friends_join_from_link (window, &link);
  shoot (window, dir, width, height, "account");
  g_free (problem);
  problem = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_TOKEN_SPENT, "Anna");
  bk_guest_join_set_problem (dialog, problem);
  shoot (window, dir, width, height, "account-spent");

  shots_close_window (window);
  return 0;
}
