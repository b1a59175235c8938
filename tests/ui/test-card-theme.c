/* test-card-theme.c: the card themes load and every card renders
 *
 * SPDX-FileCopyrightText: The Bierkopf authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bk-ui"

#include "bk-card-theme.h"

#include <librsvg/rsvg.h>
#include <math.h>
#include <string.h>

static const char * const themes[] = {
  BK_CARD_THEME_BAVARIAN,
  BK_CARD_THEME_FRENCH,
  BK_CARD_THEME_FRENCH_4COLOR,
};

static const char * const suits[] = { "eichel", "gras", "herz", "schellen" };
static const char * const ranks[] = { "sau", "10", "koenig", "ober", "unter", "9", "8", "7", "6" };

#define N_FACES 36

/* Pixels of a texture, downloaded once: native-endian premultiplied ARGB. */
typedef struct {
  int     width;
  int     height;
  gsize   stride;
  guint8 *data;
} Pixels;

static void
pixels_clear (Pixels *p)
{
  g_clear_pointer (&p->data, g_free);
}

static void
pixels_from_texture (Pixels     *p,
                     GdkTexture *texture)
{
  p->width = gdk_texture_get_width (texture);
  p->height = gdk_texture_get_height (texture);
  p->stride = (gsize) p->width * 4;
  p->data = g_malloc ((gsize) p->height * p->stride);
  gdk_texture_download (texture, p->data, p->stride);
}

static inline guint32
pixel_at (const Pixels *p,
          int           x,
          int           y)
{
  guint32 v;

  memcpy (&v, p->data + (gsize) y * p->stride + (gsize) x * 4, 4);
  return v;
}

static double
fraction_opaque (const Pixels *p)
{
  gsize n = 0;

  for (int y = 0; y < p->height; y++)
    for (int x = 0; x < p->width; x++)
      if ((pixel_at (p, x, y) >> 24) == 0xff)
        n++;

  return (double) n / ((double) p->width * p->height);
}

static double
fraction_visible (const Pixels *p)
{
  gsize n = 0;

  for (int y = 0; y < p->height; y++)
    for (int x = 0; x < p->width; x++)
      if ((pixel_at (p, x, y) >> 24) != 0)
        n++;

  return (double) n / ((double) p->width * p->height);
}

/* Opaque pixels clearly not paper white: ink, colours. */
static double
fraction_inked (const Pixels *p)
{
  gsize n = 0;

  for (int y = 0; y < p->height; y++)
    for (int x = 0; x < p->width; x++)
      {
        guint32 v = pixel_at (p, x, y);
        guint r = (v >> 16) & 0xff, g = (v >> 8) & 0xff, b = v & 0xff;

        if ((v >> 24) == 0xff && r + g + b < 3 * 200)
          n++;
      }

  return (double) n / ((double) p->width * p->height);
}

static double
fraction_different (const Pixels *a,
                    const Pixels *b)
{
  gsize n = 0;

  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);

  for (int y = 0; y < a->height; y++)
    for (int x = 0; x < a->width; x++)
      {
        guint32 u = pixel_at (a, x, y), v = pixel_at (b, x, y);
        int d = 0;

        for (int k = 0; k < 32; k += 8)
          d += ABS ((int) ((u >> k) & 0xff) - (int) ((v >> k) & 0xff));
        if (d > 48)
          n++;
      }

  return (double) n / ((double) a->width * a->height);
}

static BkCardTheme *
load_theme (const char *path)
{
  g_autoptr(GError) error = NULL;
  BkCardTheme *theme = bk_card_theme_new (path, &error);

  g_assert_no_error (error);
  g_assert_true (BK_IS_CARD_THEME (theme));
  return theme;
}

static char *
face_id (int i)
{
  return g_strdup_printf ("%s-%s", suits[i / 9], ranks[i % 9]);
}

static void
test_load (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(BkCardTheme) theme = load_theme (themes[t]);
      g_autofree char *path = NULL;
      double aspect = 0.0;

      g_object_get (theme, "resource-path", &path, "aspect", &aspect, NULL);
      g_assert_cmpstr (path, ==, themes[t]);
      g_assert_cmpfloat_with_epsilon (aspect, bk_card_theme_get_aspect (theme), 1e-9);
      /* Cards are portrait, between the French 63 × 88 and the Bavarian 57 × 100. */
      g_assert_cmpfloat (aspect, >, 1.3);
      g_assert_cmpfloat (aspect, <, 1.8);
      g_assert_cmpint (bk_card_theme_get_cache_size (theme), ==, 0);

      g_assert_finalize_object (g_steal_pointer (&theme));
    }
}

static void
test_load_bavarian_aspect (void)
{
  g_autoptr(BkCardTheme) bav = load_theme (BK_CARD_THEME_BAVARIAN);
  g_autoptr(BkCardTheme) fr = load_theme (BK_CARD_THEME_FRENCH);

  /* The brief: Bavarian 57 × 100 mm, French 63 × 88 mm. */
  g_assert_cmpfloat_with_epsilon (bk_card_theme_get_aspect (bav), 100.0 / 57.0, 0.01);
  g_assert_cmpfloat_with_epsilon (bk_card_theme_get_aspect (fr), 88.0 / 63.0, 0.01);
  g_assert_cmpint (bk_card_theme_get_height_for_width (bav, 57), ==, 100);
}

static void
test_load_missing (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BkCardTheme) theme = NULL;

  theme = bk_card_theme_new ("/io/github/bierkopf/Bierkopf/cards/no-such-deck.svg", &error);
  g_assert_null (theme);
  g_assert_error (error, G_RESOURCE_ERROR, G_RESOURCE_ERROR_NOT_FOUND);
}

/* Every card element's ink rectangle must be exactly the card: the theme maps
 * it onto the texture, so anything sticking out (even if clipped) would
 * shrink or shift that card.
 */
static void
test_geometry (void)
{
  guint bad = 0;

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GInputStream) stream = NULL;
      RsvgHandle *handle;
      RsvgRectangle back;

      stream = g_resources_open_stream (themes[t], G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
      g_assert_no_error (error);
      handle = rsvg_handle_new_from_stream_sync (stream, NULL, RSVG_HANDLE_FLAGS_NONE,
                                                 NULL, &error);
      g_assert_no_error (error);

      g_assert_true (rsvg_handle_get_geometry_for_element (handle, "#back", &back, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat_with_epsilon (back.x, 0.0, 0.01);
      g_assert_cmpfloat_with_epsilon (back.y, 0.0, 0.01);

      for (int i = 0; i < N_FACES + 1; i++)
        {
          g_autofree char *id = i < N_FACES ? face_id (i) : g_strdup ("empty");
          g_autofree char *fragment = g_strconcat ("#", id, NULL);
          RsvgRectangle ink;

          g_assert_true (rsvg_handle_get_geometry_for_element (handle, fragment, &ink, NULL,
                                                               &error));
          g_assert_no_error (error);
          if (fabs (ink.x - back.x) > 0.5 || fabs (ink.y - back.y) > 0.5
              || fabs (ink.width - back.width) > 0.5 || fabs (ink.height - back.height) > 0.5)
            {
              g_printerr ("# %s %s: ink rectangle %g,%g %g×%g, the card is %g,%g %g×%g\n",
                          themes[t], id, ink.x, ink.y, ink.width, ink.height,
                          back.x, back.y, back.width, back.height);
              bad++;
            }
        }

      g_object_unref (handle);
    }

  g_assert_cmpuint (bad, ==, 0);
}

static void
test_all_cards_render (void)
{
  static const int widths[] = { 60, 120 };

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(BkCardTheme) theme = load_theme (themes[t]);

      for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
        {
          for (int i = 0; i < N_FACES + 2; i++)
            {
              g_autofree char *id = i < N_FACES ? face_id (i)
                                                : g_strdup (i == N_FACES ? "back" : "empty");
              GdkTexture *texture;
              Pixels p = { 0 };

              g_test_message ("%s %s at %d px", themes[t], id, widths[w]);
              g_assert_true (bk_card_theme_has_card (theme, id));

              texture = bk_card_theme_get_texture (theme, id, widths[w], 1);
              g_assert_true (GDK_IS_TEXTURE (texture));
              g_assert_cmpint (gdk_texture_get_width (texture), ==, widths[w]);
              g_assert_cmpint (gdk_texture_get_height (texture), ==,
                               bk_card_theme_get_height_for_width (theme, widths[w]));

              pixels_from_texture (&p, texture);
              if (strcmp (id, "empty") == 0)
                {
                  /* A faint marker: visible, but see-through. */
                  g_assert_cmpfloat (fraction_visible (&p), >, 0.5);
                  g_assert_cmpfloat (fraction_opaque (&p), <, 0.5);
                }
              else
                {
                  /* An opaque card filling its rectangle: only the rounded
                   * corners are see-through, the edge midpoints are not.
                   */
                  g_assert_cmpfloat (fraction_opaque (&p), >, 0.97);
                  g_assert_cmpuint (pixel_at (&p, 0, 0) >> 24, <, 0xff);
                  g_assert_cmpuint (pixel_at (&p, p.width / 2, 0) >> 24, >, 0x80);
                  g_assert_cmpuint (pixel_at (&p, p.width / 2, p.height - 1) >> 24, >, 0x80);
                  g_assert_cmpuint (pixel_at (&p, 0, p.height / 2) >> 24, >, 0x80);
                  g_assert_cmpuint (pixel_at (&p, p.width - 1, p.height / 2) >> 24, >, 0x80);
                  /* Something is drawn on it. */
                  g_assert_cmpfloat (fraction_inked (&p), >, 0.03);
                }
              pixels_clear (&p);
            }
        }

      g_assert_cmpint (bk_card_theme_get_cache_size (theme), ==, 2 * (N_FACES + 2));
    }
}

static void
test_faces_distinct (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(BkCardTheme) theme = load_theme (themes[t]);
      Pixels faces[N_FACES + 1];

      for (int i = 0; i <= N_FACES; i++)
        {
          g_autofree char *id = i < N_FACES ? face_id (i) : g_strdup ("back");

          pixels_from_texture (&faces[i], bk_card_theme_get_texture (theme, id, 60, 1));
        }

      for (int i = 0; i <= N_FACES; i++)
        for (int j = i + 1; j <= N_FACES; j++)
          {
            double d = fraction_different (&faces[i], &faces[j]);

            if (d < 0.01)
              g_test_message ("%s: faces %d and %d differ in only %.4f of the pixels",
                              themes[t], i, j, d);
            g_assert_cmpfloat (d, >=, 0.01);
          }

      for (int i = 0; i <= N_FACES; i++)
        pixels_clear (&faces[i]);
    }
}

static void
test_ober_unter_differ (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(BkCardTheme) theme = load_theme (themes[t]);

      for (guint s = 0; s < G_N_ELEMENTS (suits); s++)
        {
          g_autofree char *ober = g_strdup_printf ("%s-ober", suits[s]);
          g_autofree char *unter = g_strdup_printf ("%s-unter", suits[s]);
          Pixels a = { 0 }, b = { 0 };

          pixels_from_texture (&a, bk_card_theme_get_texture (theme, ober, 120, 1));
          pixels_from_texture (&b, bk_card_theme_get_texture (theme, unter, 120, 1));
          /* Not a recoloured copy: the figures differ in a good part of the card. */
          g_assert_cmpfloat (fraction_different (&a, &b), >, 0.10);
          pixels_clear (&a);
          pixels_clear (&b);
        }
    }
}

/* The fraction of pixels in the middle of the card (the corners left out) that are ink
 * (near black outlines) in one image and not in the other: how differently two figures
 * are drawn, whatever their colours. */
static double
fraction_outline_different (const Pixels *a,
                            const Pixels *b)
{
  gsize n = 0, total = 0;

  for (int y = a->height / 20; y < a->height / 2; y++)
    for (int x = a->width / 5; x < a->width * 4 / 5; x++)
      {
        guint32 u = pixel_at (a, x, y), v = pixel_at (b, x, y);
        gboolean ink_u = (u >> 24) == 0xff && ((u >> 16) & 0xff) < 80 && ((u >> 8) & 0xff) < 80 &&
                         (u & 0xff) < 80;
        gboolean ink_v = (v >> 24) == 0xff && ((v >> 16) & 0xff) < 80 && ((v >> 8) & 0xff) < 80 &&
                         (v & 0xff) < 80;

        total++;
        if (ink_u != ink_v)
          n++;
      }
  return (double) n / (double) total;
}

/* Issue 12: the French King, Queen and Jack are different figures, and no court is the
 * same figure in another colour as its fellows of the other suits. */
static void
test_french_courts_distinct (void)
{
  static const char * const courts[] = { "koenig", "ober", "unter" };

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(BkCardTheme) theme = NULL;
      Pixels p[3][4];

      if (!g_str_has_prefix (strrchr (themes[t], '/') + 1, "french"))
        continue;
      theme = load_theme (themes[t]);
      for (guint r = 0; r < 3; r++)
        for (guint s = 0; s < 4; s++)
          {
            g_autofree char *id = g_strdup_printf ("%s-%s", suits[s], courts[r]);
            pixels_from_texture (&p[r][s], bk_card_theme_get_texture (theme, id, 160, 1));
          }

      for (guint r = 0; r < 3; r++)
        for (guint s = 0; s < 4; s++)
          for (guint r2 = 0; r2 < 3; r2++)
            for (guint s2 = 0; s2 < 4; s2++)
              {
                double d;

                if (r2 * 4 + s2 <= r * 4 + s)
                  continue;
                d = fraction_outline_different (&p[r][s], &p[r2][s2]);
                /* A recoloured copy differs in about 0.005, the figures drawn here in 0.03
                 * and more. */
                g_test_message ("%s: %s-%s and %s-%s: outlines differ in %.3f", themes[t],
                                suits[s], courts[r], suits[s2], courts[r2], d);
                g_assert_cmpfloat (d, >, 0.025);
              }

      for (guint r = 0; r < 3; r++)
        for (guint s = 0; s < 4; s++)
          pixels_clear (&p[r][s]);
    }
}

/* Issue 12: German French-suited cards say D (Dame) and B (Bube) in the corner; the letters
 * are chosen when the theme loads, the rest of the card stays the same. */
static void
test_german_indices (void)
{
  static const char * const french[] = { BK_CARD_THEME_FRENCH, BK_CARD_THEME_FRENCH_4COLOR };

  for (guint t = 0; t < G_N_ELEMENTS (french); t++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BkCardTheme) english = bk_card_theme_new_with_index_letters (french[t],
                                                                             "A K Q J", &error);
      g_autoptr(BkCardTheme) german = bk_card_theme_new_with_index_letters (french[t],
                                                                            "A K D B", &error);
      static const char * const cards[] = { "herz-ober", "eichel-unter", "gras-koenig",
                                            "schellen-sau" };

      g_assert_no_error (error);
      for (guint i = 0; i < G_N_ELEMENTS (cards); i++)
        {
          Pixels a = { 0 }, b = { 0 };
          Pixels corner_a, corner_b;
          gboolean court = i < 2;
          double whole;

          pixels_from_texture (&a, bk_card_theme_get_texture (english, cards[i], 200, 1));
          pixels_from_texture (&b, bk_card_theme_get_texture (german, cards[i], 200, 1));
          whole = fraction_different (&a, &b);
          /* The top left corner, where the index stands: a fifth of the width, an eighth of
           * the height. */
          corner_a = a;
          corner_b = b;
          corner_a.width = corner_b.width = a.width / 5;
          corner_a.height = corner_b.height = a.height / 8;
          if (court)
            {
              g_assert_cmpfloat (fraction_different (&corner_a, &corner_b), >, 0.05);
              g_assert_cmpfloat (whole, <, 0.02);
            }
          else
            g_assert_cmpfloat (whole, ==, 0.0);
          pixels_clear (&a);
          pixels_clear (&b);
        }
    }

  /* The Bavarian deck has no such letters to change. */
  {
    g_autoptr(BkCardTheme) english = bk_card_theme_new_with_index_letters (
      BK_CARD_THEME_BAVARIAN, "A K Q J", NULL);
    g_autoptr(BkCardTheme) german = bk_card_theme_new_with_index_letters (
      BK_CARD_THEME_BAVARIAN, "A K D B", NULL);
    Pixels a = { 0 }, b = { 0 };

    pixels_from_texture (&a, bk_card_theme_get_texture (english, "herz-ober", 120, 1));
    pixels_from_texture (&b, bk_card_theme_get_texture (german, "herz-ober", 120, 1));
    g_assert_cmpfloat (fraction_different (&a, &b), ==, 0.0);
    pixels_clear (&a);
    pixels_clear (&b);
  }
}

static void
test_cache (void)
{
  g_autoptr(BkCardTheme) theme = load_theme (BK_CARD_THEME_BAVARIAN);
  g_autoptr(GdkTexture) kept = NULL;
  GdkTexture *a, *b, *c, *d;

  a = bk_card_theme_get_texture (theme, "herz-ober", 80, 1);
  b = bk_card_theme_get_texture (theme, "herz-ober", 80, 1);
  g_assert_true (a == b);
  g_assert_cmpint (bk_card_theme_get_cache_size (theme), ==, 1);

  /* Another width, another scale and another card are other entries. */
  c = bk_card_theme_get_texture (theme, "herz-ober", 81, 1);
  d = bk_card_theme_get_texture (theme, "herz-ober", 80, 2);
  g_assert_true (c != a);
  g_assert_true (d != a);
  g_assert_cmpint (gdk_texture_get_width (d), ==, 160);
  g_assert_true (bk_card_theme_get_texture (theme, "herz-unter", 80, 1) != a);
  g_assert_cmpint (bk_card_theme_get_cache_size (theme), ==, 4);

  /* Clearing drops the cached textures; a reference taken before survives. */
  kept = g_object_ref (a);
  g_object_add_weak_pointer (G_OBJECT (c), (gpointer *) &c);
  bk_card_theme_clear_cache (theme);
  g_assert_cmpint (bk_card_theme_get_cache_size (theme), ==, 0);
  g_assert_null (c);
  g_assert_true (GDK_IS_TEXTURE (kept));

  b = bk_card_theme_get_texture (theme, "herz-ober", 80, 1);
  g_assert_true (b != kept);
  g_assert_cmpint (bk_card_theme_get_cache_size (theme), ==, 1);

  /* The theme owns the cache: finalizing it releases every texture. */
  g_object_add_weak_pointer (G_OBJECT (b), (gpointer *) &b);
  g_assert_finalize_object (g_steal_pointer (&theme));
  g_assert_null (b);
}

static void
test_placeholder (void)
{
  g_autoptr(BkCardTheme) theme = load_theme (BK_CARD_THEME_BAVARIAN);
  GdkTexture *first, *again;
  Pixels p = { 0 };

  g_assert_false (bk_card_theme_has_card (theme, "herz-zwoa"));

  /* One warning for the first request... */
  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*herz-zwoa*");
  first = bk_card_theme_get_texture (theme, "herz-zwoa", 60, 1);
  g_test_assert_expected_messages ();

  g_assert_true (GDK_IS_TEXTURE (first));
  g_assert_cmpint (gdk_texture_get_width (first), ==, 60);
  g_assert_cmpint (gdk_texture_get_height (first), ==,
                   bk_card_theme_get_height_for_width (theme, 60));

  /* ... which is a visible card, not a hole in the table ... */
  pixels_from_texture (&p, first);
  g_assert_cmpfloat (fraction_opaque (&p), >, 0.9);
  pixels_clear (&p);

  /* ... and then the cached placeholder, without another try or warning
   * (an unexpected warning is fatal in this test).
   */
  again = bk_card_theme_get_texture (theme, "herz-zwoa", 60, 1);
  g_assert_true (again == first);
  g_assert_cmpint (bk_card_theme_get_cache_size (theme), ==, 1);

  /* The empty id is no card either. */
  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*“”*");
  g_assert_true (GDK_IS_TEXTURE (bk_card_theme_get_texture (theme, "", 60, 1)));
  g_test_assert_expected_messages ();
}

static void
test_back_point_symmetric (void)
{
  /* Backs must look the same after a half turn, or players could read them. */
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(BkCardTheme) theme = load_theme (themes[t]);
      Pixels p = { 0 }, q = { 0 };

      double aspect = bk_card_theme_get_aspect (theme);
      int width = 100;

      /* A width with a whole-pixel height, so the half turn is pixel exact. */
      while (width < 400 && fabs (width * aspect - (int) (width * aspect + 0.5)) > 0.01)
        width++;
      g_assert_cmpint (width, <, 400);

      pixels_from_texture (&p, bk_card_theme_get_texture (theme, "back", width, 1));
      q = p;
      q.data = g_malloc ((gsize) p.height * p.stride);
      for (int y = 0; y < p.height; y++)
        for (int x = 0; x < p.width; x++)
          {
            guint32 v = pixel_at (&p, p.width - 1 - x, p.height - 1 - y);

            memcpy (q.data + (gsize) y * q.stride + (gsize) x * 4, &v, 4);
          }
      g_test_message ("%s back at %d px", themes[t], width);
      g_assert_cmpfloat (fraction_different (&p, &q), <, 0.03);
      pixels_clear (&p);
      pixels_clear (&q);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/card-theme/load", test_load);
  g_test_add_func ("/card-theme/aspect", test_load_bavarian_aspect);
  g_test_add_func ("/card-theme/load-missing", test_load_missing);
  g_test_add_func ("/card-theme/geometry", test_geometry);
  g_test_add_func ("/card-theme/all-cards-render", test_all_cards_render);
  g_test_add_func ("/card-theme/faces-distinct", test_faces_distinct);
  g_test_add_func ("/card-theme/ober-unter-differ", test_ober_unter_differ);
  g_test_add_func ("/card-theme/french-courts-distinct", test_french_courts_distinct);
  g_test_add_func ("/card-theme/german-indices", test_german_indices);
  g_test_add_func ("/card-theme/cache", test_cache);
  g_test_add_func ("/card-theme/placeholder", test_placeholder);
  g_test_add_func ("/card-theme/back-point-symmetric", test_back_point_symmetric);

  return g_test_run ();
}
