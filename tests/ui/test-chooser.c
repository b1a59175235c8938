/* test-chooser.c: the game chooser of a window at a phone's size (360x640) and a desk's
 * (1280x800), with the rows for tables with friends (issue 24): every response's button
 * lies inside the window (five stacked buttons pushed "Continue Saved" and "Cancel" below
 * its edge at 360x640), the friends' rows are in the dialog's scrolled content, reached
 * by scrolling, and respond "friends" and "join" when activated by their mnemonics.
 * With BK_SHOTS_DIR=DIR the window with its chooser over it goes to DIR as a PNG.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "bk-new-session-dialog.h"
#include "bk-window-private.h"
#include "shots-common.h"
#include "ui-test-helpers.h"

static const struct { int width, height; } sizes[] = { { 360, 640 }, { 1280, 800 } };

/* With BK_SHOTS_DIR=DIR, the window with its chooser over it as DIR/@name. */
static void
shoot (BkWindow   *window,
       const char *name)
{
  const char *dir = g_getenv ("BK_SHOTS_DIR");
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, name, NULL);
  g_assert_true (shots_render (window, gtk_widget_get_width (GTK_WIDGET (window)),
                               gtk_widget_get_height (GTK_WIDGET (window)), path, &error));
  g_assert_no_error (error);
  g_test_message ("picture: %s", path);
}

/* The dialog's buttons outside its extra child: its responses. */
static void
collect_buttons (GtkWidget *widget,
                 GtkWidget *skip,
                 GPtrArray *buttons)
{
  if (widget == skip)
    return;
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (buttons, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    collect_buttons (child, skip, buttons);
}

static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found)
        return found;
    }
  return NULL;
}

/* The label that carries @widget's mnemonic (Alt and its letter), or NULL. */
static GtkWidget *
find_mnemonic_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_label_get_use_underline (GTK_LABEL (widget)) &&
      gtk_label_get_mnemonic_keyval (GTK_LABEL (widget)) != GDK_KEY_VoidSymbol)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_mnemonic_label (child);

      if (found)
        return found;
    }
  return NULL;
}

static void
response_cb (AdwMessageDialog *dialog,
             const char       *response,
             char            **answer)
{
  g_free (*answer);
  *answer = g_strdup (response);
}

static BkNewSessionDialog *
open_chooser (BkWindow *window)
{
  GtkWidget *dialog;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-session", NULL);
  dialog = ui_find_toplevel (BK_TYPE_NEW_SESSION_DIALOG, NULL);
  g_assert_nonnull (dialog);
  gtk_test_widget_wait_for_draw (dialog);
  ui_spin_for (G_USEC_PER_SEC / 2);
  return BK_NEW_SESSION_DIALOG (dialog);
}

static void
test_fits (gconstpointer data)
{
  int width = sizes[GPOINTER_TO_INT (data)].width, height = sizes[GPOINTER_TO_INT (data)].height;
  BkWindow *window = bk_window_new (NULL);
  BkNewSessionDialog *chooser;
  GtkWidget *dialog, *extra, *content;
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();
  g_autofree char *name = g_strdup_printf ("chooser-%dx%d.png", width, height);
  gboolean desk = width >= 1280;
  GtkAdjustment *adjustment;
  int dialog_width, dialog_height;

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait_loaded (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  /* what the window has of its size (a phone's: 360x630 under Xvfb) */
  width = gtk_widget_get_width (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (window));
  chooser = open_chooser (window);
  dialog = GTK_WIDGET (chooser);
  shoot (window, name);

  dialog_width = gtk_widget_get_width (dialog);
  dialog_height = gtk_widget_get_height (dialog);
  g_test_message ("%dx%d: the chooser is %dx%d", width, height, dialog_width, dialog_height);

  /* Every response's button inside the dialog, and so inside the window it covers. */
  extra = adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog));
  collect_buttons (dialog, extra, buttons);
  g_assert_cmpuint (buttons->len, >=, 3);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *button = buttons->pdata[i];
      graphene_rect_t b;

      g_assert_true (gtk_widget_compute_bounds (button, dialog, &b));
      g_test_message ("“%s” at %.0f,%.0f %.0fx%.0f",
                      gtk_button_get_label (GTK_BUTTON (button)), b.origin.x, b.origin.y,
                      b.size.width, b.size.height);
      g_assert_cmpfloat (b.origin.x, >=, 0);
      g_assert_cmpfloat (b.origin.y, >=, 0);
      g_assert_cmpfloat (b.origin.x + b.size.width, <=, MIN (dialog_width, width));
      g_assert_cmpfloat (b.origin.y + b.size.height, <=, MIN (dialog_height, height));
    }
  g_assert_cmpint (dialog_width, <=, width);
  g_assert_cmpint (dialog_height, <=, height);

#ifdef BK_HAVE_NET
  /* The friends' rows are in the scrolled content: scrolled to, each is in view. */
  g_assert_true (GTK_IS_SCROLLED_WINDOW (extra));
  /* the rows' box, in the scrolled window's viewport */
  content = gtk_viewport_get_child (GTK_VIEWPORT (
    gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (extra))));
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (extra));
  if (desk)
    g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), <=,
                       gtk_adjustment_get_page_size (adjustment) + 0.5);
  for (guint i = 0; i < 2; i++)
    {
      const char *id = i ? "join" : "friends";
      GtkWidget *row = find_named (extra, id);
      graphene_rect_t b;

      g_assert_nonnull (row);
      g_assert_true (gtk_widget_compute_bounds (row, content, &b));
      gtk_adjustment_clamp_page (adjustment, b.origin.y, b.origin.y + b.size.height);
      ui_spin_for (G_USEC_PER_SEC / 5);
      g_assert_true (gtk_widget_compute_bounds (row, extra, &b));
      g_assert_cmpfloat (b.origin.y, >=, -0.5);
      g_assert_cmpfloat (b.origin.y + b.size.height, <=, gtk_widget_get_height (extra) + 0.5);
    }
  if (!desk)
    {
      g_autofree char *scrolled = g_strdup_printf ("chooser-%dx%d-scrolled.png",
                                                   sizes[GPOINTER_TO_INT (data)].width,
                                                   sizes[GPOINTER_TO_INT (data)].height);

      gtk_test_widget_wait_for_draw (dialog);
      shoot (window, scrolled);
    }
#endif

  gtk_window_destroy (GTK_WINDOW (dialog));
  ui_close_window (window);
}

#ifdef BK_HAVE_NET
/* Activated by its mnemonic (as by a click or Return), a friends' row is the answer. */
static void
test_friends_rows (void)
{
  BkWindow *window = ui_new_shown_window ();

  for (guint i = 0; i < 2; i++)
    {
      const char *id = i ? "join" : "friends";
      BkNewSessionDialog *dialog = bk_new_session_dialog_new_for (GTK_WINDOW (window),
                                                                  "bierkopf");
      g_autofree char *answer = NULL;
      GtkWidget *row, *label;

      g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
      g_signal_connect (dialog, "response", G_CALLBACK (response_cb), &answer);
      gtk_window_present (GTK_WINDOW (dialog));
      gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));
      row = find_named (GTK_WIDGET (dialog), id);
      g_assert_true (ADW_IS_ACTION_ROW (row));
      /* what the window does with Alt and the letter */
      label = find_mnemonic_label (row);
      g_assert_nonnull (label);
      g_assert_cmpuint (gtk_label_get_mnemonic_keyval (GTK_LABEL (label)), !=, GDK_KEY_VoidSymbol);
      /* in English the keys of the buttons they replace (the e2e tests press them) */
      if (g_str_equal (_("Table with _Friends"), "Table with _Friends"))
        g_assert_cmpuint (gdk_keyval_to_lower (gtk_label_get_mnemonic_keyval (GTK_LABEL (label))),
                          ==, i ? GDK_KEY_j : GDK_KEY_f);
      g_assert_true (gtk_widget_mnemonic_activate (label, FALSE));
      g_assert_cmpstr (answer, ==, id);
      /* issue 34: the chooser goes with its answer, as for its buttons; left open it lay
       * over the table with friends, its New Session one Return away */
      ui_spin_for (G_USEC_PER_SEC / 10);
      g_assert_null (dialog);
    }
  ui_close_window (window);
}
#endif

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  g_test_init (&argc, &argv, NULL);
  /* the app's style and, with BIERKOPF_LOCALEDIR, this tree's translations */
  home = shots_init ();

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *path = g_strdup_printf ("/chooser/fits/%dx%d", sizes[i].width,
                                               sizes[i].height);

      g_test_add_data_func (path, GINT_TO_POINTER (i), test_fits);
    }
#ifdef BK_HAVE_NET
  g_test_add_func ("/chooser/friends-rows", test_friends_rows);
#endif
  return g_test_run ();
}
