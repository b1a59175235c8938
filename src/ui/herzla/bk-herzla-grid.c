/* bk-herzla-grid.c: the tables of Herzla's sheets and ledger; see bk-herzla-grid.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-herzla-grid.h"

GtkWidget *
bk_herzla_grid_cell (GtkGrid    *grid,
                     int         column,
                     int         row,
                     const char *text,
                     const char *name,
                     gboolean    strong)
{
  GtkWidget *label = gtk_label_new (NULL);

  if (strong)
    {
      g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>", text);
      gtk_label_set_markup (GTK_LABEL (label), markup);
    }
  else
    gtk_label_set_text (GTK_LABEL (label), text);
  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 0.0f : 1.0f);
  /* A name with its note ("Sepp (heart-free)") wraps on a phone rather than widen the
   * sheet past the window. */
  if (column == 0)
    gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (name)
    gtk_widget_set_name (label, name);
  gtk_grid_attach (grid, label, column, row, 1, 1);
  return label;
}

GtkWidget *
bk_herzla_grid_header (GtkGrid    *grid,
                       int         column,
                       const char *text)
{
  GtkWidget *label = bk_herzla_grid_cell (grid, column, 0, text, NULL, FALSE);

  gtk_widget_add_css_class (label, "heading");
  /* "This Hand" may take two lines on a phone, in a language with long words. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), column == 0 ? GTK_JUSTIFY_LEFT : GTK_JUSTIFY_RIGHT);
  return label;
}

/* A grid with the headings of the first column (@first_heading, or none) and @columns. */
GtkGrid *
bk_herzla_grid_new (const char           *first_heading,
                    const BkHerzlaColumn *columns,
                    guint                 n_columns)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

  gtk_grid_set_column_spacing (grid, 12);
  gtk_grid_set_row_spacing (grid, 6);
  gtk_widget_set_halign (GTK_WIDGET (grid), GTK_ALIGN_CENTER);
  if (first_heading)
    bk_herzla_grid_header (grid, 0, first_heading);
  for (guint c = 0; c < n_columns; c++)
    bk_herzla_grid_header (grid, (int) c + 1, columns[c].heading);
  return grid;
}

/* The row of @seat: @who (bold when @strong; named "leader" and in the success colour when
 * @leads) and a value for each of @columns. */
void
bk_herzla_grid_add_player (GtkGrid              *grid,
                           const BkHerzlaColumn *columns,
                           guint                 n_columns,
                           guint                 seat,
                           const char           *who,
                           gboolean              strong,
                           gboolean              leads,
                           const char * const   *values)
{
  int row = (int) seat + 1;
  GtkWidget *label;

  label = bk_herzla_grid_cell (grid, 0, row, who, leads ? "leader" : NULL, strong);
  if (leads)
    gtk_widget_add_css_class (label, "success");
  for (guint c = 0; c < n_columns; c++)
    {
      const BkHerzlaColumn *column = &columns[c];
      g_autofree char *name = column->name ? g_strdup_printf ("%s-%u", column->name, seat)
                                           : NULL;
      gboolean bold = column->weight == BK_HERZLA_CELL_STRONG ||
                      (column->weight == BK_HERZLA_CELL_STRONG_LEADS && leads);

      label = bk_herzla_grid_cell (grid, (int) c + 1, row, values[c], name, bold);
      if (column->marked && leads)
        gtk_widget_add_css_class (label, "success");
    }
}

/* The stock's row under @n_players players: what it was (@before, under the first value
 * column, or NULL) and what it is (@now, in the last column). */
void
bk_herzla_grid_add_stock (GtkGrid    *grid,
                          guint       n_columns,
                          guint       n_players,
                          const char *before,
                          const char *now)
{
  int row = (int) n_players + 1;

  bk_herzla_grid_cell (grid, 0, row, _("Stock"), NULL, FALSE);
  if (before)
    bk_herzla_grid_cell (grid, 1, row, before, NULL, FALSE);
  bk_herzla_grid_cell (grid, (int) n_columns, row, now, "stock", TRUE);
}

/* The names of the seats in @mask, "Sepp, Gretl". */
char *
bk_herzla_list_names (guint32             mask,
                      guint               n_players,
                      const char * const *names)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint s = 0; s < n_players; s++)
    if (mask & (1u << s))
      {
        if (text->len)
          g_string_append (text, _(", "));
        g_string_append (text, names[s]);
      }
  return g_strdup (text->str);
}
