/* bk-coaster-private.h: what the coaster widget (bk-coaster.c) and its drawing
 * (bk-coaster-drawing.c) share: the coaster's state and the two drawing entry points.
 *
 * SPDX-FileCopyrightText: The Bierkopf authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-coaster.h"

G_BEGIN_DECLS

typedef enum {
  TEAM_US,
  TEAM_THEM,
  N_TEAMS
} Team;

typedef struct {
  guint         left;       /* lines left, as set */
  double        struck;     /* lines struck as drawn; fractional during a strike */
  guint         dots;
  guint         marked;     /* the last struck lines drawn under a highlighter */
  AdwAnimation *animation;
} Side;

struct _BkCoaster
{
  GtkWidget   parent_instance;

  guint       total;
  Side        sides[N_TEAMS];
  guint       carry;
  double      animation_speed;

  GdkTexture *plate;        /* the bare coaster, plate_px square */
  int         plate_px;

  GPtrArray  *words;        /* BkCoasterWord: what the last snapshot wrote, for tests */
};

/* A text written on the coaster, and the part of its place it needs (above 1: squeezed). */
typedef struct {
  char   *text;
  double  share;
} BkCoasterWord;

/* The bare coaster, @px square, into self->plate (kept while the size stays). */
void bk_coaster_ensure_plate (BkCoaster *self,
                              int        px);
/* The pencil work of the score, in coaster units: (0, 0) the centre, 1 the rim. */
void bk_coaster_draw_pencil  (BkCoaster *self,
                              cairo_t   *cr,
                              double     radius_px);

G_END_DECLS
