/* card-sheet.c: write a contact sheet of a card theme as PNG
 *
 * SPDX-FileCopyrightText: The Bierkopf authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: card-sheet [--width PX] [--card ID]... THEME OUT.png
 * THEME is bavarian, french, french-4color or a GResource path. Without
 * --card, all 36 faces in four rows (Sau to Sechs) and a fifth row with the
 * back and the empty marker, on a green table.
 */

#define G_LOG_DOMAIN "bk-ui"

#include "bk-card-theme.h"

#include <cairo.h>
#include <stdlib.h>

static const char * const suits[] = { "eichel", "gras", "herz", "schellen" };
static const char * const ranks[] = { "sau", "10", "koenig", "ober", "unter", "9", "8", "7", "6" };

static const char *
theme_path (const char *name)
{
  if (g_str_equal (name, "bavarian"))
    return BK_CARD_THEME_BAVARIAN;
  if (g_str_equal (name, "french"))
    return BK_CARD_THEME_FRENCH;
  if (g_str_equal (name, "french-4color"))
    return BK_CARD_THEME_FRENCH_4COLOR;
  return name;
}

static void
paint_texture (cairo_t    *cr,
               GdkTexture *texture,
               double      x,
               double      y)
{
  int w = gdk_texture_get_width (texture);
  int h = gdk_texture_get_height (texture);
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, w);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);

  cairo_surface_flush (surface);
  gdk_texture_download (texture, cairo_image_surface_get_data (surface), stride);
  cairo_surface_mark_dirty (surface);
  cairo_set_source_surface (cr, surface, x, y);
  cairo_paint (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(BkCardTheme) theme = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) cards = NULL;
  g_autofree char *letters = NULL;
  int width = 120;
  int columns = 9;
  int gap = 8;
  int rows;
  int height;
  cairo_surface_t *sheet;
  cairo_t *cr;
  cairo_status_t status;
  GOptionEntry entries[] = {
    { "width", 'w', 0, G_OPTION_ARG_INT, &width, "Card width in pixels (120)", "PX" },
    { "card", 'c', 0, G_OPTION_ARG_STRING_ARRAY, &cards, "Only this card (repeatable)", "ID" },
    { "columns", 'n', 0, G_OPTION_ARG_INT, &columns, "Cards per row (9)", "N" },
    { "letters", 'l', 0, G_OPTION_ARG_STRING, &letters,
      "Corner letters of the French courts (\"A K Q J\" or \"A K D B\")", "TEXT" },
    { NULL }
  };

  context = g_option_context_new ("THEME OUT.png");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 3 || width < 8
      || columns < 1)
    {
      g_printerr ("%s\n", error != NULL ? error->message
                                      : "Usage: card-sheet [OPTION…] THEME OUT.png");
      return 2;
    }

  theme = bk_card_theme_new_with_index_letters (theme_path (argv[1]), letters, &error);
  if (theme == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  if (cards != NULL)
    {
      for (guint i = 0; cards[i] != NULL; i++)
        g_ptr_array_add (ids, g_strdup (cards[i]));
    }
  else
    {
      for (guint s = 0; s < G_N_ELEMENTS (suits); s++)
        for (guint r = 0; r < G_N_ELEMENTS (ranks); r++)
          g_ptr_array_add (ids, g_strdup_printf ("%s-%s", suits[s], ranks[r]));
      g_ptr_array_add (ids, g_strdup ("back"));
      g_ptr_array_add (ids, g_strdup ("empty"));
    }

  height = bk_card_theme_get_height_for_width (theme, width);
  rows = (ids->len + columns - 1) / columns;
  sheet = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                      gap + MIN ((int) ids->len, columns) * (width + gap),
                                      gap + rows * (height + gap));
  cr = cairo_create (sheet);
  cairo_set_source_rgb (cr, 0.12, 0.42, 0.24);
  cairo_paint (cr);

  for (guint i = 0; i < ids->len; i++)
    {
      GdkTexture *texture = bk_card_theme_get_texture (theme, ids->pdata[i], width, 1);

      paint_texture (cr, texture,
                     gap + (int) (i % columns) * (width + gap),
                     gap + (int) (i / columns) * (height + gap));
    }

  cairo_destroy (cr);
  status = cairo_surface_write_to_png (sheet, argv[2]);
  cairo_surface_destroy (sheet);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_printerr ("Cannot write %s: %s\n", argv[2], cairo_status_to_string (status));
      return 1;
    }

  return EXIT_SUCCESS;
}
