/* bk-card-theme.c: a deck of card images drawn from one SVG
 *
 * SPDX-FileCopyrightText: The Bierkopf authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bk-ui"

#include "bk-card-theme.h"

#include <glib/gi18n-lib.h>
#include <cairo.h>
#include <librsvg/rsvg.h>
#include <string.h>

/* A card id is rendered from the SVG element with that id; every card of a
 * theme has the same size, taken from the "back" element, which every theme
 * must have. Textures are cached per (card id, pixel width, scale factor), so
 * an SVG element is rasterized once per size; a card that cannot be rendered
 * is cached as a placeholder, so a broken theme costs one warning, not one
 * per frame.
 */

#define REFERENCE_CARD  "back"
#define MAX_PIXEL_WIDTH 4096

/* The French decks draw the corner letters of Queen and Jack twice: class "idx-en" (Q, J,
 * shown by default) and "idx-de" (D, B for Dame and Bube, hidden). German players get the
 * second set through a user stylesheet, so one SVG serves both languages. */
#define GERMAN_INDEX_LETTERS "A K D B"
#define GERMAN_INDEX_STYLE   ".idx-en { display: none !important; } " \
                             ".idx-de { display: inline !important; }"

struct _BkCardTheme
{
  GObject     parent_instance;

  char       *resource_path;
  char       *index_letters; /* NULL: as the translation says */
  RsvgHandle *handle;
  double      card_width;   /* in SVG user units */
  double      card_height;
  GHashTable *cache;        /* "id@width@scale" -> GdkTexture */
};

static void bk_card_theme_initable_iface_init (GInitableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (BkCardTheme, bk_card_theme, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE,
                                                      bk_card_theme_initable_iface_init))

enum {
  PROP_0,
  PROP_RESOURCE_PATH,
  PROP_INDEX_LETTERS,
  PROP_ASPECT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
bk_card_theme_initable_init (GInitable     *initable,
                             GCancellable  *cancellable,
                             GError       **error)
{
  BkCardTheme *self = BK_CARD_THEME (initable);
  g_autoptr(GInputStream) stream = NULL;
  RsvgRectangle ink;

  if (self->resource_path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           "No resource path for the card theme");
      return FALSE;
    }

  stream = g_resources_open_stream (self->resource_path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (stream == NULL)
    return FALSE;

  self->handle = rsvg_handle_new_from_stream_sync (stream, NULL, RSVG_HANDLE_FLAGS_NONE,
                                                   cancellable, error);
  if (self->handle == NULL)
    return FALSE;

  if (!rsvg_handle_has_sub (self->handle, "#" REFERENCE_CARD))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "Card theme %s has no “%s” element", self->resource_path, REFERENCE_CARD);
      return FALSE;
    }

  if (!rsvg_handle_get_geometry_for_element (self->handle, "#" REFERENCE_CARD, &ink, NULL, error))
    return FALSE;

  if (ink.width < 1.0 || ink.height < 1.0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "Card theme %s has an empty “%s” element",
                   self->resource_path, REFERENCE_CARD);
      return FALSE;
    }

  self->card_width = ink.width;
  self->card_height = ink.height;

  if (self->index_letters == NULL)
    /* Translators: the corner letters of the French Ace, King, Queen and Jack, as your
     * language writes them; German "A K D B" (As, König, Dame, Bube). The decks draw
     * "A K Q J" and "A K D B". */
    self->index_letters = g_strdup (_("A K Q J"));
  if (g_str_equal (self->index_letters, GERMAN_INDEX_LETTERS) &&
      !rsvg_handle_set_stylesheet (self->handle, (const guint8 *) GERMAN_INDEX_STYLE,
                                   strlen (GERMAN_INDEX_STYLE), error))
    return FALSE;

  g_debug ("Loaded card theme %s, card %.1f × %.1f",
           self->resource_path, self->card_width, self->card_height);

  return TRUE;
}

static void
bk_card_theme_initable_iface_init (GInitableIface *iface)
{
  iface->init = bk_card_theme_initable_init;
}

static void
bk_card_theme_dispose (GObject *object)
{
  BkCardTheme *self = BK_CARD_THEME (object);

  g_clear_pointer (&self->cache, g_hash_table_unref);
  g_clear_object (&self->handle);

  G_OBJECT_CLASS (bk_card_theme_parent_class)->dispose (object);
}

static void
bk_card_theme_finalize (GObject *object)
{
  BkCardTheme *self = BK_CARD_THEME (object);

  g_clear_pointer (&self->resource_path, g_free);
  g_clear_pointer (&self->index_letters, g_free);

  G_OBJECT_CLASS (bk_card_theme_parent_class)->finalize (object);
}

static void
bk_card_theme_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  BkCardTheme *self = BK_CARD_THEME (object);

  switch (prop_id)
    {
    case PROP_RESOURCE_PATH:
      g_value_set_string (value, self->resource_path);
      break;

    case PROP_INDEX_LETTERS:
      g_value_set_string (value, self->index_letters);
      break;

    case PROP_ASPECT:
      g_value_set_double (value, bk_card_theme_get_aspect (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_card_theme_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  BkCardTheme *self = BK_CARD_THEME (object);

  switch (prop_id)
    {
    case PROP_RESOURCE_PATH:
      g_assert (self->resource_path == NULL);
      self->resource_path = g_value_dup_string (value);
      break;

    case PROP_INDEX_LETTERS:
      g_assert (self->index_letters == NULL);
      self->index_letters = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_card_theme_class_init (BkCardThemeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bk_card_theme_dispose;
  object_class->finalize = bk_card_theme_finalize;
  object_class->get_property = bk_card_theme_get_property;
  object_class->set_property = bk_card_theme_set_property;

  /**
   * BkCardTheme:resource-path:
   *
   * The GResource path of the theme's SVG document.
   */
  properties[PROP_RESOURCE_PATH] =
    g_param_spec_string ("resource-path", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE |
                          G_PARAM_CONSTRUCT_ONLY |
                          G_PARAM_STATIC_STRINGS |
                          G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCardTheme:index-letters:
   *
   * The corner letters of the French Ace, King, Queen and Jack: "A K Q J" or, in German,
   * "A K D B". %NULL at construction means the translation's choice.
   */
  properties[PROP_INDEX_LETTERS] =
    g_param_spec_string ("index-letters", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE |
                          G_PARAM_CONSTRUCT_ONLY |
                          G_PARAM_STATIC_STRINGS |
                          G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCardTheme:aspect:
   *
   * The card's height divided by its width.
   */
  properties[PROP_ASPECT] =
    g_param_spec_double ("aspect", NULL, NULL,
                         0.0, G_MAXDOUBLE, 1.0,
                         (G_PARAM_READABLE |
                          G_PARAM_STATIC_STRINGS |
                          G_PARAM_EXPLICIT_NOTIFY));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bk_card_theme_init (BkCardTheme *self)
{
  self->cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->card_width = 1.0;
  self->card_height = 1.0;
}

/**
 * bk_card_theme_new:
 * @resource_path: the GResource path of an SVG card theme
 * @error: return location for an error
 *
 * Loads a card theme. The SVG must have an element with id "back"; its size
 * is the size of every card.
 *
 * Returns: (transfer full) (nullable): the theme, or %NULL with @error set
 */
BkCardTheme *
bk_card_theme_new (const char  *resource_path,
                   GError     **error)
{
  g_return_val_if_fail (resource_path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return g_initable_new (BK_TYPE_CARD_THEME, NULL, error,
                         "resource-path", resource_path,
                         NULL);
}

/**
 * bk_card_theme_new_with_index_letters:
 * @resource_path: the GResource path of an SVG card theme
 * @index_letters: "A K Q J" or "A K D B": the corner letters of the French courts
 * @error: return location for an error
 *
 * Like bk_card_theme_new(), with the corner letters chosen rather than translated.
 *
 * Returns: (transfer full) (nullable): the theme, or %NULL with @error set
 */
BkCardTheme *
bk_card_theme_new_with_index_letters (const char  *resource_path,
                                      const char  *index_letters,
                                      GError     **error)
{
  g_return_val_if_fail (resource_path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return g_initable_new (BK_TYPE_CARD_THEME, NULL, error,
                         "resource-path", resource_path,
                         "index-letters", index_letters,
                         NULL);
}

const char *
bk_card_theme_get_resource_path (BkCardTheme *self)
{
  g_return_val_if_fail (BK_IS_CARD_THEME (self), NULL);

  return self->resource_path;
}

/**
 * bk_card_theme_is_french:
 * @self: a #BkCardTheme
 *
 * Whether the theme draws the French suits (clubs, spades, hearts, diamonds), so that the
 * cards are named Ace, Queen, Jack and the suits as the French deck calls them.
 *
 * Returns: %TRUE for a French-suited deck
 */
gboolean
bk_card_theme_is_french (BkCardTheme *self)
{
  g_autofree char *base = NULL;

  g_return_val_if_fail (BK_IS_CARD_THEME (self), FALSE);

  base = g_path_get_basename (self->resource_path);
  return g_str_has_prefix (base, "french");
}

/**
 * bk_card_theme_get_aspect:
 * @self: a #BkCardTheme
 *
 * Returns: the card's height divided by its width
 */
double
bk_card_theme_get_aspect (BkCardTheme *self)
{
  g_return_val_if_fail (BK_IS_CARD_THEME (self), 1.0);

  return self->card_height / self->card_width;
}

/**
 * bk_card_theme_get_height_for_width:
 * @self: a #BkCardTheme
 * @width: a card width in pixels
 *
 * Returns: the height in pixels of a card drawn @width pixels wide
 */
int
bk_card_theme_get_height_for_width (BkCardTheme *self,
                                    int          width)
{
  g_return_val_if_fail (BK_IS_CARD_THEME (self), 0);
  g_return_val_if_fail (width >= 0, 0);

  return MAX (1, (int) (width * bk_card_theme_get_aspect (self) + 0.5));
}

/**
 * bk_card_theme_has_card:
 * @self: a #BkCardTheme
 * @card_id: a card id such as "herz-ober", "back" or "empty"
 *
 * Returns: whether the theme has an element for @card_id
 */
gboolean
bk_card_theme_has_card (BkCardTheme *self,
                        const char  *card_id)
{
  g_autofree char *fragment = NULL;

  g_return_val_if_fail (BK_IS_CARD_THEME (self), FALSE);
  g_return_val_if_fail (card_id != NULL, FALSE);

  if (self->handle == NULL || *card_id == '\0')
    return FALSE;

  fragment = g_strconcat ("#", card_id, NULL);

  return rsvg_handle_has_sub (self->handle, fragment);
}

static void
rounded_rectangle (cairo_t *cr,
                   double   w,
                   double   h,
                   double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, w - r, r, r, -G_PI / 2, 0);
  cairo_arc (cr, w - r, h - r, r, 0, G_PI / 2);
  cairo_arc (cr, r, h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, r, r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* What a card that cannot be rendered looks like: grey with a red cross, so
 * the fault is visible on the table.
 */
static void
draw_placeholder (cairo_t *cr,
                  int      w,
                  int      h)
{
  double r = MAX (1.0, w * 0.05);
  double line = MAX (1.0, w * 0.04);

  cairo_save (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  rounded_rectangle (cr, w, h, r);
  cairo_set_source_rgb (cr, 0.85, 0.85, 0.85);
  cairo_fill_preserve (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  cairo_set_line_width (cr, line);
  cairo_stroke (cr);

  cairo_set_source_rgb (cr, 0.8, 0.1, 0.1);
  cairo_move_to (cr, w * 0.2, h * 0.2);
  cairo_line_to (cr, w * 0.8, h * 0.8);
  cairo_move_to (cr, w * 0.8, h * 0.2);
  cairo_line_to (cr, w * 0.2, h * 0.8);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
texture_data_free (gpointer data)
{
  cairo_surface_destroy (data);
}

static GdkTexture *
texture_from_surface (cairo_surface_t *surface)
{
  g_autoptr(GBytes) bytes = NULL;
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);

  cairo_surface_flush (surface);

  /* CAIRO_FORMAT_ARGB32 is premultiplied native-endian ARGB, which is what
   * GDK_MEMORY_DEFAULT means; the bytes keep the surface alive, no copy.
   */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) height * stride,
                                      texture_data_free,
                                      cairo_surface_reference (surface));

  return gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);
}

static GdkTexture *
render_card (BkCardTheme  *self,
             const char   *card_id,
             int           pixel_width,
             int           pixel_height,
             GError      **error)
{
  g_autofree char *fragment = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  RsvgRectangle viewport = { 0.0, 0.0, pixel_width, pixel_height };
  GdkTexture *texture = NULL;
  gboolean ok = FALSE;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixel_width, pixel_height);
  cr = cairo_create (surface);

  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "Cannot draw a %d × %d card: %s",
                   pixel_width, pixel_height, cairo_status_to_string (cairo_status (cr)));
    }
  else if (!bk_card_theme_has_card (self, card_id))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   "Card theme %s has no card “%s”", self->resource_path, card_id);
    }
  else
    {
      fragment = g_strconcat ("#", card_id, NULL);
      ok = rsvg_handle_render_element (self->handle, cr, fragment, &viewport, error);
    }

  if (!ok && cairo_status (cr) == CAIRO_STATUS_SUCCESS)
    draw_placeholder (cr, pixel_width, pixel_height);

  cairo_destroy (cr);

  if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
    texture = texture_from_surface (surface);
  cairo_surface_destroy (surface);

  return texture;
}

static GdkTexture *
fallback_texture (void)
{
  static const guint8 grey[4] = { 0xd8, 0xd8, 0xd8, 0xff };
  g_autoptr(GBytes) bytes = g_bytes_new_static (grey, sizeof grey);

  return gdk_memory_texture_new (1, 1, GDK_MEMORY_DEFAULT, bytes, 4);
}

/**
 * bk_card_theme_get_texture:
 * @self: a #BkCardTheme
 * @card_id: a card id such as "herz-ober", "back" or "empty"
 * @width: the card width in logical pixels
 * @scale: the scale factor of the surface it is drawn on
 *
 * Returns the image of a card, @width × @scale device pixels wide. The first
 * call for a size renders it; later calls return the cached texture. A card
 * the theme lacks becomes a placeholder (one warning, then cached).
 *
 * Returns: (transfer none): the texture, valid until the cache is cleared or
 *   the theme is destroyed; take a reference to keep it longer
 */
GdkTexture *
bk_card_theme_get_texture (BkCardTheme *self,
                           const char  *card_id,
                           int          width,
                           int          scale)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *key = NULL;
  GdkTexture *texture;
  int pixel_width;
  int pixel_height;

  g_return_val_if_fail (BK_IS_CARD_THEME (self), NULL);
  g_return_val_if_fail (card_id != NULL, NULL);
  g_return_val_if_fail (width > 0, NULL);
  g_return_val_if_fail (scale > 0, NULL);
  g_return_val_if_fail (self->handle != NULL, NULL);

  key = g_strdup_printf ("%s@%d@%d", card_id, width, scale);
  texture = g_hash_table_lookup (self->cache, key);
  if (texture != NULL)
    return texture;

  pixel_width = CLAMP (width * scale, 1, MAX_PIXEL_WIDTH);
  pixel_height = bk_card_theme_get_height_for_width (self, pixel_width);

  texture = render_card (self, card_id, pixel_width, pixel_height, &error);
  if (error != NULL)
    g_warning ("Cannot render card “%s” at %d px: %s", card_id, pixel_width, error->message);
  if (texture == NULL)
    texture = fallback_texture ();

  g_hash_table_insert (self->cache, g_steal_pointer (&key), texture);

  return texture;
}

/**
 * bk_card_theme_clear_cache:
 * @self: a #BkCardTheme
 *
 * Drops every cached texture, e.g. when the card size changes for good.
 * Textures returned earlier are invalid afterwards unless the caller took a
 * reference.
 */
void
bk_card_theme_clear_cache (BkCardTheme *self)
{
  g_return_if_fail (BK_IS_CARD_THEME (self));

  if (self->cache != NULL)
    g_hash_table_remove_all (self->cache);
}

/**
 * bk_card_theme_get_cache_size:
 * @self: a #BkCardTheme
 *
 * Returns: the number of cached textures
 */
guint
bk_card_theme_get_cache_size (BkCardTheme *self)
{
  g_return_val_if_fail (BK_IS_CARD_THEME (self), 0);

  return self->cache != NULL ? g_hash_table_size (self->cache) : 0;
}
