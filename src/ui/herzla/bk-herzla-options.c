/* bk-herzla-options.c: the simple form's options in the game chooser; see
 * bk-herzla-options.h. The spin button of the end not chosen is insensitive.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-herzla-options.h"

struct _BkHerzlaOptions
{
  AdwBin          parent_instance;

  GtkSpinButton  *players;
  GtkCheckButton *by_rounds;
  GtkCheckButton *by_limit;
  GtkSpinButton  *rounds;
  GtkSpinButton  *limit;
};

G_DEFINE_FINAL_TYPE (BkHerzlaOptions, bk_herzla_options, ADW_TYPE_BIN)

static void
end_toggled_cb (BkHerzlaOptions *self)
{
  gboolean by_rounds = gtk_check_button_get_active (self->by_rounds);

  gtk_widget_set_sensitive (GTK_WIDGET (self->rounds), by_rounds);
  gtk_widget_set_sensitive (GTK_WIDGET (self->limit), !by_rounds);
}

static void
bk_herzla_options_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BK_TYPE_HERZLA_OPTIONS);

  G_OBJECT_CLASS (bk_herzla_options_parent_class)->dispose (object);
}

static void
bk_herzla_options_class_init (BkHerzlaOptionsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = bk_herzla_options_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/"
                                               "bk-herzla-options.ui");
  gtk_widget_class_bind_template_child (widget_class, BkHerzlaOptions, players);
  gtk_widget_class_bind_template_child (widget_class, BkHerzlaOptions, by_rounds);
  gtk_widget_class_bind_template_child (widget_class, BkHerzlaOptions, by_limit);
  gtk_widget_class_bind_template_child (widget_class, BkHerzlaOptions, rounds);
  gtk_widget_class_bind_template_child (widget_class, BkHerzlaOptions, limit);
}

static void
bk_herzla_options_init (BkHerzlaOptions *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->by_rounds, "toggled", G_CALLBACK (end_toggled_cb), self);
}

GtkWidget *
bk_herzla_options_new (GSettings *settings)
{
  BkHerzlaOptions *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (BK_TYPE_HERZLA_OPTIONS, NULL);
  gtk_spin_button_set_value (self->players, g_settings_get_int (settings, "herzla-players"));
  gtk_spin_button_set_value (self->rounds, g_settings_get_int (settings, "herzla-rounds"));
  gtk_spin_button_set_value (self->limit, g_settings_get_int (settings, "herzla-limit"));
  gtk_check_button_set_active (g_settings_get_enum (settings, "herzla-end") == 0
                               ? self->by_rounds : self->by_limit, TRUE);
  end_toggled_cb (self);
  return GTK_WIDGET (self);
}

/* Keeps the options for the next time (and for bk_settings_get_rules()). */
void
bk_herzla_options_apply (GtkWidget *options,
                         GSettings *settings)
{
  BkHerzlaOptions *self = BK_HERZLA_OPTIONS (options);

  g_return_if_fail (BK_IS_HERZLA_OPTIONS (options));
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_settings_set_int (settings, "herzla-players", gtk_spin_button_get_value_as_int (self->players));
  g_settings_set_string (settings, "herzla-end",
                         gtk_check_button_get_active (self->by_rounds) ? "rounds" : "limit");
  g_settings_set_int (settings, "herzla-rounds", gtk_spin_button_get_value_as_int (self->rounds));
  g_settings_set_int (settings, "herzla-limit", gtk_spin_button_get_value_as_int (self->limit));
}
