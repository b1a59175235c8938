/* main.c: Bierkopf, the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "bk-application.h"

/* Preferences may choose the language over the system's; it takes effect here, before
 * gettext reads LANGUAGE. */
static void
apply_language_preference (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettings) settings = NULL;
  g_autofree char *language = NULL;

  if (source == NULL || (schema = g_settings_schema_source_lookup (source, APP_ID, TRUE)) == NULL)
    return;
  settings = g_settings_new (APP_ID);
  language = g_settings_get_string (settings, "language");
  if (g_strcmp0 (language, "system") != 0)
    g_setenv ("LANGUAGE", language, TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (BkApplication) app = NULL;
  const char *localedir = g_getenv ("BIERKOPF_LOCALEDIR");

  apply_language_preference ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("Bierkopf"));
  app = bk_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
