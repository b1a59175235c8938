/* bk-coaster.c: the beer coaster that keeps the score of a Bollen: the widget, its state,
 * its input and the strike animation; how it looks is bk-coaster-drawing.c's.
 *
 * SPDX-FileCopyrightText: The Bierkopf authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bk-ui"

#include "bk-coaster-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#define MIN_SIZE        120
#define NATURAL_SIZE    200
#define STRIKE_MS       250.0  /* per struck line at animation speed 1 */

G_DEFINE_FINAL_TYPE (BkCoaster, bk_coaster, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_LINES_TOTAL,
  PROP_LINES_LEFT_US,
  PROP_LINES_LEFT_THEM,
  PROP_DOTS_US,
  PROP_DOTS_THEM,
  PROP_CARRY,
  PROP_ANIMATION_SPEED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const int left_props[N_TEAMS] = { PROP_LINES_LEFT_US, PROP_LINES_LEFT_THEM };
static const int dots_props[N_TEAMS] = { PROP_DOTS_US, PROP_DOTS_THEM };

/* GtkWidget */

static void
bk_coaster_measure (GtkWidget      *widget,
                    GtkOrientation  orientation,
                    int             for_size,
                    int            *minimum,
                    int            *natural,
                    int            *minimum_baseline,
                    int            *natural_baseline)
{
  /* Equal requests in both directions keep it square; a larger allocation
   * centres the coaster.
   */
  *minimum = MIN_SIZE;
  *natural = NATURAL_SIZE;
}

static void
bk_coaster_snapshot (GtkWidget   *widget,
                     GtkSnapshot *snapshot)
{
  BkCoaster *self = BK_COASTER (widget);
  GtkStateFlags flags = gtk_widget_get_state_flags (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int side = MIN (width, height);
  int pad = MAX (4, side / 20);
  int diameter = side - 2 * pad;
  int x, y, lift = 0;
  double radius, blur, dy;
  GskRoundedRect round;
  cairo_t *cr;

  if (diameter < 16)
    return;

  /* The coaster lifts a little under the pointer and settles when pressed. */
  blur = diameter * 0.05;
  dy = diameter * 0.015;
  if ((flags & GTK_STATE_FLAG_ACTIVE) != 0)
    {
      blur *= 0.6;
      dy *= 0.5;
    }
  else if ((flags & GTK_STATE_FLAG_PRELIGHT) != 0)
    {
      lift = 1;
      blur *= 1.5;
      dy *= 1.6;
    }

  radius = diameter / 2.0;
  x = (width - diameter) / 2;
  y = (height - diameter) / 2 - lift;

  gsk_rounded_rect_init_from_rect (&round, &GRAPHENE_RECT_INIT (x, y, diameter, diameter), radius);
  gtk_snapshot_append_outset_shadow (snapshot, &round, &(GdkRGBA) { 0, 0, 0, 0.38 },
                                     0, dy, 0, blur);

  bk_coaster_ensure_plate (self, diameter * gtk_widget_get_scale_factor (widget));
  gtk_snapshot_append_texture (snapshot, self->plate,
                               &GRAPHENE_RECT_INIT (x, y, diameter, diameter));

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  if ((flags & GTK_STATE_FLAG_FOCUS_VISIBLE) != 0)
    {
      GtkStyleContext *context = gtk_widget_get_style_context (widget);
      GdkRGBA ring;

      if (!gtk_style_context_lookup_color (context, "accent_color", &ring))
        gtk_style_context_get_color (context, &ring);
      ring.alpha *= 0.6;

      gdk_cairo_set_source_rgba (cr, &ring);
      cairo_set_line_width (cr, 2.0);
      cairo_arc (cr, x + radius, y + radius, radius + 2.0, 0, 2 * G_PI);
      cairo_stroke (cr);
    }

  cairo_translate (cr, x + radius, y + radius);
  cairo_scale (cr, radius, radius);
  g_ptr_array_set_size (self->words, 0);
  bk_coaster_draw_pencil (self, cr, radius);
  cairo_destroy (cr);
}

static void
bk_coaster_state_flags_changed (GtkWidget     *widget,
                                GtkStateFlags  previous)
{
  GtkStateFlags changed = previous ^ gtk_widget_get_state_flags (widget);

  if ((changed & (GTK_STATE_FLAG_PRELIGHT |
                  GTK_STATE_FLAG_ACTIVE |
                  GTK_STATE_FLAG_FOCUS_VISIBLE)) != 0)
    gtk_widget_queue_draw (widget);

  GTK_WIDGET_CLASS (bk_coaster_parent_class)->state_flags_changed (widget, previous);
}

/* Input */

static void
click_pressed_cb (BkCoaster       *self,
                  int              n_press,
                  double           x,
                  double           y,
                  GtkGestureClick *gesture)
{
  gtk_widget_set_state_flags (GTK_WIDGET (self), GTK_STATE_FLAG_ACTIVE, FALSE);
}

static void
click_released_cb (BkCoaster       *self,
                   int              n_press,
                   double           x,
                   double           y,
                   GtkGestureClick *gesture)
{
  gtk_widget_unset_state_flags (GTK_WIDGET (self), GTK_STATE_FLAG_ACTIVE);

  /* A double click opens the history once, not twice. */
  if (n_press == 1 && gtk_widget_contains (GTK_WIDGET (self), x, y))
    g_signal_emit (self, signals[SIGNAL_ACTIVATED], 0);
}

static void
click_stopped_cb (BkCoaster       *self,
                  GtkGestureClick *gesture)
{
  gtk_widget_unset_state_flags (GTK_WIDGET (self), GTK_STATE_FLAG_ACTIVE);
}

/* State */

static gboolean
can_animate (BkCoaster *self)
{
  gboolean enabled = TRUE;

  if (self->animation_speed <= 0.0 || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return FALSE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                "gtk-enable-animations", &enabled,
                NULL);
  return enabled;
}

static void
set_struck (BkCoaster *self,
            Team       team,
            double     struck)
{
  self->sides[team].struck = struck;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
us_struck_cb (double   value,
              gpointer user_data)
{
  set_struck (BK_COASTER (user_data), TEAM_US, value);
}

static void
them_struck_cb (double   value,
                gpointer user_data)
{
  set_struck (BK_COASTER (user_data), TEAM_THEM, value);
}

/* Shows the lines of @team as set, ending any strike in progress. */
static void
show_now (BkCoaster *self,
          Team       team)
{
  Side *side = &self->sides[team];

  if (adw_animation_get_state (side->animation) == ADW_ANIMATION_PLAYING)
    adw_animation_skip (side->animation);

  set_struck (self, team, self->total - side->left);
}

static void
update_description (BkCoaster *self)
{
  g_autofree char *description = bk_coaster_dup_description (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
}

static gboolean
set_lines_left (BkCoaster *self,
                Team       team,
                guint      left)
{
  Side *side = &self->sides[team];
  AdwTimedAnimation *animation = ADW_TIMED_ANIMATION (side->animation);
  double target;

  left = MIN (left, self->total);
  if (side->left == left)
    return FALSE;

  target = self->total - left;

  if (left < side->left && target > side->struck && can_animate (self))
    {
      /* Continue from where a strike in progress has got to. */
      double from = side->struck;

      side->left = left;
      adw_timed_animation_set_value_from (animation, from);
      adw_timed_animation_set_value_to (animation, target);
      adw_timed_animation_set_duration (animation,
                                        (guint) ceil ((target - from) * STRIKE_MS /
                                                      self->animation_speed));
      adw_animation_play (side->animation);
    }
  else
    {
      /* More lines left means a new Bollen: a fresh coaster at once. */
      side->left = left;
      show_now (self, team);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[left_props[team]]);
  return TRUE;
}

static gboolean
set_dots (BkCoaster *self,
          Team       team,
          guint      dots)
{
  if (self->sides[team].dots == dots)
    return FALSE;

  self->sides[team].dots = dots;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[dots_props[team]]);
  return TRUE;
}

/* GObject */

static void
coaster_word_free (gpointer data)
{
  BkCoasterWord *word = data;

  g_free (word->text);
  g_free (word);
}

static void
bk_coaster_finalize (GObject *object)
{
  BkCoaster *self = BK_COASTER (object);

  g_ptr_array_unref (self->words);

  G_OBJECT_CLASS (bk_coaster_parent_class)->finalize (object);
}

static void
bk_coaster_dispose (GObject *object)
{
  BkCoaster *self = BK_COASTER (object);

  /* A playing animation keeps itself alive and calls back into us: stop it
   * before letting go.
   */
  for (Team team = 0; team < N_TEAMS; team++)
    {
      Side *side = &self->sides[team];

      if (side->animation != NULL)
        adw_animation_reset (side->animation);
      g_clear_object (&side->animation);
    }

  g_clear_object (&self->plate);

  G_OBJECT_CLASS (bk_coaster_parent_class)->dispose (object);
}

static void
bk_coaster_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  BkCoaster *self = BK_COASTER (object);

  switch (prop_id)
    {
    case PROP_LINES_TOTAL:
      g_value_set_uint (value, self->total);
      break;

    case PROP_LINES_LEFT_US:
      g_value_set_uint (value, self->sides[TEAM_US].left);
      break;

    case PROP_LINES_LEFT_THEM:
      g_value_set_uint (value, self->sides[TEAM_THEM].left);
      break;

    case PROP_DOTS_US:
      g_value_set_uint (value, self->sides[TEAM_US].dots);
      break;

    case PROP_DOTS_THEM:
      g_value_set_uint (value, self->sides[TEAM_THEM].dots);
      break;

    case PROP_CARRY:
      g_value_set_uint (value, self->carry);
      break;

    case PROP_ANIMATION_SPEED:
      g_value_set_double (value, self->animation_speed);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_coaster_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  BkCoaster *self = BK_COASTER (object);

  switch (prop_id)
    {
    case PROP_LINES_TOTAL:
      bk_coaster_set_lines_total (self, g_value_get_uint (value));
      break;

    case PROP_LINES_LEFT_US:
      bk_coaster_set_lines_left_us (self, g_value_get_uint (value));
      break;

    case PROP_LINES_LEFT_THEM:
      bk_coaster_set_lines_left_them (self, g_value_get_uint (value));
      break;

    case PROP_DOTS_US:
      bk_coaster_set_dots_us (self, g_value_get_uint (value));
      break;

    case PROP_DOTS_THEM:
      bk_coaster_set_dots_them (self, g_value_get_uint (value));
      break;

    case PROP_CARRY:
      bk_coaster_set_carry (self, g_value_get_uint (value));
      break;

    case PROP_ANIMATION_SPEED:
      bk_coaster_set_animation_speed (self, g_value_get_double (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_coaster_class_init (BkCoasterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const guint activate_keys[] = {
    GDK_KEY_space, GDK_KEY_KP_Space, GDK_KEY_Return, GDK_KEY_ISO_Enter, GDK_KEY_KP_Enter,
  };

  object_class->dispose = bk_coaster_dispose;
  object_class->finalize = bk_coaster_finalize;
  object_class->get_property = bk_coaster_get_property;
  object_class->set_property = bk_coaster_set_property;

  widget_class->measure = bk_coaster_measure;
  widget_class->snapshot = bk_coaster_snapshot;
  widget_class->state_flags_changed = bk_coaster_state_flags_changed;

  /**
   * BkCoaster:lines-total:
   *
   * The lines each team starts a Bollen with (spec B6.1). Lines left above
   * it are cut down to it, so set this first.
   */
  properties[PROP_LINES_TOTAL] =
    g_param_spec_uint ("lines-total", NULL, NULL,
                       1, BK_COASTER_MAX_LINES, BK_COASTER_DEFAULT_LINES,
                       (G_PARAM_READWRITE |
                        G_PARAM_STATIC_STRINGS |
                        G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCoaster:lines-left-us:
   *
   * The lines Us still have to strike. Fewer strikes the difference with an
   * animation; more redraws the coaster at once.
   */
  properties[PROP_LINES_LEFT_US] =
    g_param_spec_uint ("lines-left-us", NULL, NULL,
                       0, BK_COASTER_MAX_LINES, BK_COASTER_DEFAULT_LINES,
                       (G_PARAM_READWRITE |
                        G_PARAM_STATIC_STRINGS |
                        G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCoaster:lines-left-them:
   *
   * The lines Them still have to strike.
   */
  properties[PROP_LINES_LEFT_THEM] =
    g_param_spec_uint ("lines-left-them", NULL, NULL,
                       0, BK_COASTER_MAX_LINES, BK_COASTER_DEFAULT_LINES,
                       (G_PARAM_READWRITE |
                        G_PARAM_STATIC_STRINGS |
                        G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCoaster:dots-us:
   *
   * The Bollen Us have lost in this session (spec B6.2).
   */
  properties[PROP_DOTS_US] =
    g_param_spec_uint ("dots-us", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READWRITE |
                        G_PARAM_STATIC_STRINGS |
                        G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCoaster:dots-them:
   *
   * The Bollen Them have lost in this session.
   */
  properties[PROP_DOTS_THEM] =
    g_param_spec_uint ("dots-them", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READWRITE |
                        G_PARAM_STATIC_STRINGS |
                        G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCoaster:carry:
   *
   * Lines carried over from 60:60 ties to the next hand's winner (spec B5.3).
   */
  properties[PROP_CARRY] =
    g_param_spec_uint ("carry", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READWRITE |
                        G_PARAM_STATIC_STRINGS |
                        G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCoaster:animation-speed:
   *
   * How fast struck lines are drawn: 1 is about a quarter of a second a line,
   * 0 strikes them at once. Nothing animates either while
   * #GtkSettings:gtk-enable-animations is %FALSE.
   */
  properties[PROP_ANIMATION_SPEED] =
    g_param_spec_double ("animation-speed", NULL, NULL,
                         0.0, 100.0, 1.0,
                         (G_PARAM_READWRITE |
                          G_PARAM_STATIC_STRINGS |
                          G_PARAM_EXPLICIT_NOTIFY));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * BkCoaster::activated:
   *
   * Emitted when the coaster is clicked, or activated with the keyboard: the
   * window shows the hands of the current Bollen.
   */
  signals[SIGNAL_ACTIVATED] =
    g_signal_new ("activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION,
                  0,
                  NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_activate_signal (widget_class, signals[SIGNAL_ACTIVATED]);
  for (gsize i = 0; i < G_N_ELEMENTS (activate_keys); i++)
    gtk_widget_class_add_binding_signal (widget_class, activate_keys[i], 0, "activated", NULL);

  gtk_widget_class_set_css_name (widget_class, "coaster");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
bk_coaster_init (BkCoaster *self)
{
  GtkGesture *click;
  AdwAnimationTargetFunc struck_cbs[N_TEAMS] = { us_struck_cb, them_struck_cb };

  self->total = BK_COASTER_DEFAULT_LINES;
  self->animation_speed = 1.0;
  self->words = g_ptr_array_new_with_free_func (coaster_word_free);

  for (Team team = 0; team < N_TEAMS; team++)
    {
      Side *side = &self->sides[team];
      AdwAnimationTarget *target = adw_callback_animation_target_new (struck_cbs[team], self, NULL);

      side->left = self->total;
      side->animation = adw_timed_animation_new (GTK_WIDGET (self), 0, 0, 0, target);
      adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (side->animation), ADW_LINEAR);
    }

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), _("Show the hands of this Bollen"));

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  g_signal_connect_swapped (click, "released", G_CALLBACK (click_released_cb), self);
  g_signal_connect_swapped (click, "stopped", G_CALLBACK (click_stopped_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  /* The plate's pixel size depends on the scale factor. */
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (gtk_widget_queue_draw), NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Beer coaster"),
                                  -1);
  update_description (self);
}

/* Public API */

/**
 * bk_coaster_new:
 *
 * Returns: (transfer floating): a fresh coaster, 21 lines a side
 */
GtkWidget *
bk_coaster_new (void)
{
  return g_object_new (BK_TYPE_COASTER, NULL);
}

/**
 * bk_coaster_set_marked:
 * @self: a coaster
 * @marked_us: how many of the lines Us struck last to mark
 * @marked_them: the same for Them
 *
 * Marks the last lines struck of each side with a highlighter, as a lesson
 * shows what a hand struck (0: none). A mark shows as its lines are struck.
 */
void
bk_coaster_set_marked (BkCoaster *self,
                       guint      marked_us,
                       guint      marked_them)
{
  g_return_if_fail (BK_IS_COASTER (self));

  self->sides[TEAM_US].marked = marked_us;
  self->sides[TEAM_THEM].marked = marked_them;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
bk_coaster_get_marked_us (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->sides[TEAM_US].marked;
}

guint
bk_coaster_get_marked_them (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->sides[TEAM_THEM].marked;
}

guint
bk_coaster_get_lines_total (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->total;
}

void
bk_coaster_set_lines_total (BkCoaster *self,
                            guint      lines_total)
{
  g_return_if_fail (BK_IS_COASTER (self));
  g_return_if_fail (lines_total >= 1 && lines_total <= BK_COASTER_MAX_LINES);

  if (self->total == lines_total)
    return;

  g_object_freeze_notify (G_OBJECT (self));

  self->total = lines_total;
  for (Team team = 0; team < N_TEAMS; team++)
    {
      Side *side = &self->sides[team];

      if (side->left > lines_total)
        {
          side->left = lines_total;
          g_object_notify_by_pspec (G_OBJECT (self), properties[left_props[team]]);
        }
      show_now (self, team);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LINES_TOTAL]);
  update_description (self);

  g_object_thaw_notify (G_OBJECT (self));
}

guint
bk_coaster_get_lines_left_us (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->sides[TEAM_US].left;
}

/**
 * bk_coaster_set_lines_left_us:
 * @self: a coaster
 * @lines_left: the lines Us have left, at most #BkCoaster:lines-total
 *
 * Fewer lines than before are struck one after the other; more lines (a new
 * Bollen) are shown at once.
 */
void
bk_coaster_set_lines_left_us (BkCoaster *self,
                              guint      lines_left)
{
  g_return_if_fail (BK_IS_COASTER (self));

  if (set_lines_left (self, TEAM_US, lines_left))
    update_description (self);
}

guint
bk_coaster_get_lines_left_them (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->sides[TEAM_THEM].left;
}

void
bk_coaster_set_lines_left_them (BkCoaster *self,
                                guint      lines_left)
{
  g_return_if_fail (BK_IS_COASTER (self));

  if (set_lines_left (self, TEAM_THEM, lines_left))
    update_description (self);
}

guint
bk_coaster_get_dots_us (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->sides[TEAM_US].dots;
}

void
bk_coaster_set_dots_us (BkCoaster *self,
                        guint      dots)
{
  g_return_if_fail (BK_IS_COASTER (self));

  if (set_dots (self, TEAM_US, dots))
    update_description (self);
}

guint
bk_coaster_get_dots_them (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->sides[TEAM_THEM].dots;
}

void
bk_coaster_set_dots_them (BkCoaster *self,
                          guint      dots)
{
  g_return_if_fail (BK_IS_COASTER (self));

  if (set_dots (self, TEAM_THEM, dots))
    update_description (self);
}

guint
bk_coaster_get_carry (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->carry;
}

void
bk_coaster_set_carry (BkCoaster *self,
                      guint      carry)
{
  g_return_if_fail (BK_IS_COASTER (self));

  if (self->carry == carry)
    return;

  self->carry = carry;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARRY]);
  update_description (self);
}

double
bk_coaster_get_animation_speed (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0.0);

  return self->animation_speed;
}

void
bk_coaster_set_animation_speed (BkCoaster *self,
                                double     speed)
{
  g_return_if_fail (BK_IS_COASTER (self));
  g_return_if_fail (speed >= 0.0);

  if (self->animation_speed == speed)
    return;

  self->animation_speed = speed;
  if (speed == 0.0)
    {
      for (Team team = 0; team < N_TEAMS; team++)
        show_now (self, team);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION_SPEED]);
}

/**
 * bk_coaster_set_state:
 * @self: a coaster
 * @lines_left_us: the lines Us have left
 * @lines_left_them: the lines Them have left
 * @dots_us: the Bollen Us have lost
 * @dots_them: the Bollen Them have lost
 * @carry: the lines carried over from 60:60 ties
 *
 * Sets the whole score at once, with one change of the accessible
 * description; the notifications come together at the end.
 */
void
bk_coaster_set_state (BkCoaster *self,
                      guint      lines_left_us,
                      guint      lines_left_them,
                      guint      dots_us,
                      guint      dots_them,
                      guint      carry)
{
  gboolean changed = FALSE;

  g_return_if_fail (BK_IS_COASTER (self));

  g_object_freeze_notify (G_OBJECT (self));

  changed |= set_lines_left (self, TEAM_US, lines_left_us);
  changed |= set_lines_left (self, TEAM_THEM, lines_left_them);
  changed |= set_dots (self, TEAM_US, dots_us);
  changed |= set_dots (self, TEAM_THEM, dots_them);
  if (self->carry != carry)
    {
      self->carry = carry;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARRY]);
      changed = TRUE;
    }

  if (changed)
    update_description (self);

  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * bk_coaster_is_animating:
 * @self: a coaster
 *
 * Returns: whether struck lines are being drawn
 */
gboolean
bk_coaster_is_animating (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), FALSE);

  for (Team team = 0; team < N_TEAMS; team++)
    {
      if (adw_animation_get_state (self->sides[team].animation) == ADW_ANIMATION_PLAYING)
        return TRUE;
    }

  return FALSE;
}

/**
 * bk_coaster_get_n_words:
 * @self: a coaster
 *
 * How many texts the coaster wrote when it was last drawn: its halves' names, the dots'
 * counts, the carry. For the tests of the translations (issue 25).
 */
guint
bk_coaster_get_n_words (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->words->len;
}

/**
 * bk_coaster_get_word:
 * @self: a coaster
 * @i: below bk_coaster_get_n_words()
 * @share: (out) (optional): the part of its place on the coaster the text needs; above 1
 *   it was squeezed to fit
 *
 * Returns: the @i-th text the coaster wrote when it was last drawn.
 */
const char *
bk_coaster_get_word (BkCoaster *self,
                     guint      i,
                     double    *share)
{
  const BkCoasterWord *word;

  g_return_val_if_fail (BK_IS_COASTER (self), NULL);
  g_return_val_if_fail (i < self->words->len, NULL);

  word = g_ptr_array_index (self->words, i);
  if (share)
    *share = word->share;
  return word->text;
}

/**
 * bk_coaster_dup_description:
 * @self: a coaster
 *
 * The score as the accessible description reads it, for example "Us: 14
 * lines left, Them: 9 lines left, Them: 1 Bollen lost". It describes the
 * score as set, not as a strike animation has got to.
 *
 * Returns: (transfer full): the description
 */
char *
bk_coaster_dup_description (BkCoaster *self)
{
  g_autofree char *us = NULL;
  g_autofree char *them = NULL;
  char *text;

  g_return_val_if_fail (BK_IS_COASTER (self), NULL);

  us = g_strdup_printf (ngettext ("%u line left", "%u lines left", self->sides[TEAM_US].left),
                        self->sides[TEAM_US].left);
  them = g_strdup_printf (ngettext ("%u line left", "%u lines left", self->sides[TEAM_THEM].left),
                          self->sides[TEAM_THEM].left);
  /* Translators: the score on the beer coaster; both are "%u lines left" */
  text = g_strdup_printf (_("Us: %1$s, Them: %2$s"), us, them);

  for (Team team = 0; team < N_TEAMS; team++)
    {
      guint dots = self->sides[team].dots;
      g_autofree char *part = NULL;
      char *joined;

      if (dots == 0)
        continue;

      if (team == TEAM_US)
        {
          /* Translators: Bollen (games of 21 lines) lost, each a dot on the coaster */
          part = g_strdup_printf (ngettext ("Us: %u Bollen lost", "Us: %u Bollen lost", dots),
                                  dots);
        }
      else
        {
          /* Translators: Bollen (games of 21 lines) lost, each a dot on the coaster */
          part = g_strdup_printf (ngettext ("Them: %u Bollen lost", "Them: %u Bollen lost", dots),
                                  dots);
        }

      /* Translators: joins two parts of the beer coaster's description */
      joined = g_strdup_printf (_("%1$s, %2$s"), text, part);
      g_free (text);
      text = joined;
    }

  if (self->carry > 0)
    {
      g_autofree char *part = NULL;
      char *joined;

      /* Translators: a 60:60 tie's lines wait for the next hand's winner */
      part = g_strdup_printf (ngettext ("%u line carried over from 60:60",
                                        "%u lines carried over from 60:60",
                                        self->carry),
                              self->carry);
      joined = g_strdup_printf (_("%1$s, %2$s"), text, part);
      g_free (text);
      text = joined;
    }

  return text;
}
