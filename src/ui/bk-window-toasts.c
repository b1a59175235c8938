/* bk-window-toasts.c: the window's messages: a toast at the bottom for a few seconds
 * (above the person's hand), one at a time, or a notice at the top for one too long for a
 * toast; "Wait for your turn" shown next and taken away when the turn comes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-window-private.h"
#include "bk-window-test.h"

/* AdwToast's own default. */
#define TOAST_SECONDS 5

/* libadwaita 1.2's toast overlay goes wrong when its toasts overlap (adw-toast-overlay.c):
 * a toast shown while another slides out slides in for 500 ms, and one dismissed within
 * 200 ms of that is freed when its slide out (300 ms) ends, before its slide in ends and
 * writes into the freed record (issue 34.14); a toast that a high-priority one put back is
 * shown again while it still slides out, which aborts ("show_toast: assertion failed:
 * (!info->widget)"). So the window shows a toast of its own queue only when the overlay
 * shows none, neither in view nor sliding out: each slides in for 300 ms and goes after
 * that. The window takes one away itself only after TOAST_SHOWN_USEC of the overlay's own
 * frames from its first, when its slide in has ended: the animations go by the frame
 * clock, and on a busy machine the frames come late, so never by the wall clock. */
#define TOAST_SHOWN_USEC (600 * 1000)
#define FIRST_FRAME "bk-window-first-frame"

static void pump_toasts (BkWindow *self);

static void
toast_dismissed_cb (AdwToast *toast,
                    BkWindow *self)
{
  if (self->last_toast == toast)
    self->last_toast = NULL;
  if (self->wait_toast == toast)
    self->wait_toast = NULL;
  if (self->shown_toast == toast)
    {
      /* it slides out now: the next one follows when it is gone */
      self->shown_toast = NULL;
      pump_toasts (self);
    }
}

static gboolean
first_frame_cb (GtkWidget     *overlay,
                GdkFrameClock *clock,
                gpointer       data)
{
  gint64 *first = g_object_get_data (G_OBJECT (data), FIRST_FRAME);

  if (*first == 0)
    *first = gdk_frame_clock_get_frame_time (clock);
  return G_SOURCE_REMOVE;
}

/* Whether the overlay shows no toast: besides the table, its children are the toasts in
 * view and those sliding out. */
static gboolean
overlay_shows_none (BkWindow *self)
{
  GtkWidget *content = adw_toast_overlay_get_child (self->toasts);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->toasts)); child;
       child = gtk_widget_get_next_sibling (child))
    if (child != content)
      return FALSE;
  return TRUE;
}

static void
show_next_toast (BkWindow *self)
{
  AdwToast *toast = g_queue_pop_head (&self->toast_queue);

  g_object_set_data_full (G_OBJECT (toast), FIRST_FRAME, g_new0 (gint64, 1), g_free);
  gtk_widget_add_tick_callback (GTK_WIDGET (self->toasts), first_frame_cb,
                                g_object_ref (toast), g_object_unref);
  self->shown_toast = toast;
  _bk_window_lift_toasts (self);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

static gboolean
pump_tick_cb (GtkWidget     *overlay,
              GdkFrameClock *clock,
              gpointer       data)
{
  BkWindow *self = data;

  /* the queue may have emptied since the last frame (the toasts of a session gone) */
  if (!g_queue_is_empty (&self->toast_queue) && overlay_shows_none (self))
    show_next_toast (self);
  if (!g_queue_is_empty (&self->toast_queue) && self->shown_toast == NULL)
    return G_SOURCE_CONTINUE;
  self->toast_pump_id = 0;
  return G_SOURCE_REMOVE;
}

/* Shows the next toast of the queue as soon as the overlay shows none: at once, or at the
 * overlay's frames once the one shown has gone (when it is dismissed, this is called again),
 * its slide out ended. */
static void
pump_toasts (BkWindow *self)
{
  if (!g_queue_is_empty (&self->toast_queue) && overlay_shows_none (self))
    show_next_toast (self);
  if (!g_queue_is_empty (&self->toast_queue) && self->shown_toast == NULL &&
      self->toast_pump_id == 0)
    self->toast_pump_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->toasts),
                                                        pump_tick_cb, self, NULL);
}

static AdwToast *
copy_toast (AdwToast *toast)
{
  AdwToast *copy = adw_toast_new (adw_toast_get_title (toast));

  adw_toast_set_timeout (copy, adw_toast_get_timeout (toast));
  adw_toast_set_button_label (copy, adw_toast_get_button_label (toast));
  adw_toast_set_action_name (copy, adw_toast_get_action_name (toast));
  adw_toast_set_action_target_value (copy, adw_toast_get_action_target_value (toast));
  return copy;
}

/* Queues @toast (owned): @at_once, first, and the one in view makes way for it (and comes
 * again after it, if it was to go by itself). */
static void
queue_toast (BkWindow *self,
             AdwToast *toast,
             gboolean  at_once)
{
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self, 0);
  if (!at_once)
    {
      g_queue_push_tail (&self->toast_queue, toast);
      pump_toasts (self);
      return;
    }
  g_queue_push_head (&self->toast_queue, toast);
  if (self->shown_toast)
    {
      AdwToast *shown = self->shown_toast;

      if (adw_toast_get_timeout (shown) > 0)
        {
          AdwToast *again = copy_toast (shown);

          g_signal_connect_object (again, "dismissed", G_CALLBACK (toast_dismissed_cb), self, 0);
          g_queue_push_nth (&self->toast_queue, again, 1);
          if (self->last_toast == shown)
            self->last_toast = again;
        }
      _bk_window_dismiss_toast_shown_at_once (self, shown);
    }
  pump_toasts (self);
}

static gboolean
leave_tick_cb (GtkWidget     *overlay,
               GdkFrameClock *clock,
               gpointer       data)
{
  gint64 *first = g_object_get_data (G_OBJECT (data), FIRST_FRAME);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (*first == 0)
    *first = now;
  if (now < *first + TOAST_SHOWN_USEC)
    return G_SOURCE_CONTINUE;
  adw_toast_dismiss (ADW_TOAST (data));
  return G_SOURCE_REMOVE;
}

/* Once it is the person's turn, "Wait for your turn" is no longer true: the window stops
 * saying it at once, and the toast goes as soon as libadwaita allows. */
void
_bk_window_drop_wait_toast (BkWindow *self)
{
  AdwToast *toast;

  if (self->wait_toast == NULL || !_bk_window_is_persons_turn (self))
    return;
  toast = g_steal_pointer (&self->wait_toast);
  if (self->last_toast == toast)
    self->last_toast = NULL;
  _bk_window_dismiss_toast_shown_at_once (self, toast);
}

/* @toast, one of the window's, goes: at once if it waits in the queue, else once its slide
 * in has ended. */
void
_bk_window_dismiss_toast_shown_at_once (BkWindow *self,
                                        AdwToast *toast)
{
  GtkWidget *overlay = GTK_WIDGET (self->toasts);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (overlay);
  gint64 *first = g_object_get_data (G_OBJECT (toast), FIRST_FRAME);

  if (g_queue_remove (&self->toast_queue, toast))
    {
      /* never shown: libadwaita does not know it (nor tells that it goes) */
      toast_dismissed_cb (toast, self);
      g_signal_handlers_disconnect_by_func (toast, toast_dismissed_cb, self);
      g_object_unref (toast);
      return;
    }
  if (first == NULL)
    return;
  /* unmapped, no animation runs */
  if (!gtk_widget_get_mapped (overlay) || clock == NULL ||
      (*first != 0 && gdk_frame_clock_get_frame_time (clock) >= *first + TOAST_SHOWN_USEC))
    adw_toast_dismiss (toast);
  else
    gtk_widget_add_tick_callback (overlay, leave_tick_cb, g_object_ref (toast), g_object_unref);
}

/* Another session takes the window: what was said of the one before goes (a partner of the
 * session alone was still named over a table with friends). */
void
_bk_window_drop_session_toasts (BkWindow *self)
{
  AdwToast *toast;

  while ((toast = g_queue_peek_head (&self->toast_queue)))
    _bk_window_dismiss_toast_shown_at_once (self, toast);
  if (self->shown_toast)
    _bk_window_dismiss_toast_shown_at_once (self, self->shown_toast);
}

/* The window goes: its toasts that were never shown with it. */
void
_bk_window_drop_toasts (BkWindow *self)
{
  if (self->toast_pump_id && self->toasts)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->toasts), self->toast_pump_id);
  self->toast_pump_id = 0;
  g_queue_clear_full (&self->toast_queue, g_object_unref);
}

/* Whether @text is read whole in a toast of the window at its width: a toast cuts a long
 * title short with "…" (its close button and margins take about 120 pixels). */
static gboolean
fits_toast (BkWindow   *self,
            const char *text)
{
  g_autoptr (PangoLayout) layout = NULL;
  PangoFontDescription *font;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int text_width = 0, height;

  if (width <= 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  /* Measured only when it might fit: laying out megabytes holds up the main loop. */
  if (strlen (text) > 200 || strchr (text, '\n'))
    return FALSE;
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  /* A toast's title is a heading: bold (a Russian one measured in the regular weight was
   * cut off at 360 pixels). */
  font = pango_font_description_copy (pango_context_get_font_description (
                                        pango_layout_get_context (layout)));
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_get_pixel_size (layout, &text_width, NULL);
  return text_width <= MIN (width, 720) - 120;
}

/* A message that stays at the top of the window until dismissed. */
void
_bk_window_notice (BkWindow   *self,
                   const char *text)
{
  bk_banner_show (self->notice_banner, text);
}

/* A message at the bottom for @timeout seconds (0: until dismissed; then shown next, the one
 * in view making way); the same one again while it is shown or waits is not repeated. One
 * longer than a toast holds goes to the top of the window, read whole. */
void
_bk_window_toast_for (BkWindow   *self,
                      const char *text,
                      guint       timeout)
{
  AdwToast *toast;

  if (!fits_toast (self, text))
    {
      _bk_window_notice (self, text);
      return;
    }
  if (self->last_toast && g_strcmp0 (adw_toast_get_title (self->last_toast), text) == 0)
    return;
  toast = adw_toast_new (text);
  adw_toast_set_timeout (toast, timeout);
  self->last_toast = toast;
  queue_toast (self, toast, timeout == 0);
}

/* A toast comes up from the bottom of the table, where the person's cards are: it is
 * lifted above his hand and name (issue 34: a computer player's doubling lay over the
 * cards). The toasts' widgets are libadwaita's and a queued one is made later, so a style
 * for this window's overlay alone sets their bottom margin. */
void
_bk_window_lift_toasts (BkWindow *self)
{
  static guint windows;
  int height = gtk_widget_get_height (GTK_WIDGET (self->table));
  int lift = 0;
  g_autofree char *css = NULL;

  if (height > 0)
    lift = MAX (0, height - (int) bk_table_get_hand_top (self->table));
  if (self->toast_css && lift == self->toast_lift)
    return;
  if (self->toast_css == NULL)
    {
      self->toast_css = gtk_css_provider_new ();
      self->toast_class = g_strdup_printf ("bk-toasts-%u", ++windows);
      gtk_widget_add_css_class (GTK_WIDGET (self->toasts), self->toast_class);
      gtk_style_context_add_provider_for_display (gtk_widget_get_display (GTK_WIDGET (self)),
                                                  GTK_STYLE_PROVIDER (self->toast_css),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
  self->toast_lift = lift;
  /* libadwaita's own margin (12 px) above the hand */
  css = g_strdup_printf ("toastoverlay.%s > toast { margin-bottom: %dpx; }",
                         self->toast_class, lift + 12);
  gtk_css_provider_load_from_data (self->toast_css, css, -1);
}

static gboolean
lift_toasts_cb (gpointer data)
{
  BkWindow *self = data;

  self->toast_lift_id = 0;
  _bk_window_lift_toasts (self);
  return G_SOURCE_REMOVE;
}

/* The table was laid out anew (from its allocation): the toasts follow once it is done. */
void
_bk_window_queue_lift_toasts (BkWindow *self)
{
  int height = gtk_widget_get_height (GTK_WIDGET (self->table));
  int lift = height > 0 ? MAX (0, height - (int) bk_table_get_hand_top (self->table)) : 0;

  if (lift != self->toast_lift && self->toast_lift_id == 0)
    self->toast_lift_id = g_idle_add (lift_toasts_cb, self);
}

void
_bk_window_drop_toast_lift (BkWindow *self)
{
  g_clear_handle_id (&self->toast_lift_id, g_source_remove);
  if (self->toast_css)
    gtk_style_context_remove_provider_for_display (gtk_widget_get_display (GTK_WIDGET (self)),
                                                   GTK_STYLE_PROVIDER (self->toast_css));
  g_clear_object (&self->toast_css);
  g_clear_pointer (&self->toast_class, g_free);
}

void
_bk_window_toast (BkWindow   *self,
                  const char *text)
{
  _bk_window_toast_for (self, text, TOAST_SECONDS);
}


/* The newest message at the bottom that is still shown, if any. */
const char *
bk_window_get_toast (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return self->last_toast ? adw_toast_get_title (self->last_toast) : NULL;
}

/* A toast with a button that runs @action, e.g. the first start's offer of the lessons
 * (issue 33). It stays a little longer than a message, since it asks something. */
void
bk_window_offer (BkWindow   *self,
                 const char *text,
                 const char *button,
                 const char *action)
{
  AdwToast *toast;

  g_return_if_fail (BK_IS_WINDOW (self));

  toast = adw_toast_new (text);
  adw_toast_set_button_label (toast, button);
  adw_toast_set_action_name (toast, action);
  adw_toast_set_timeout (toast, 10);
  queue_toast (self, toast, FALSE);
}
