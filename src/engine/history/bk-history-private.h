/* bk-history-private.h: the fields of BkHistory and the helpers its files share
 * (bk-history.c, bk-history-stats.c), for nobody else.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sqlite3.h>

#include "bk-history.h"

G_BEGIN_DECLS

struct _BkHistory
{
  GObject       parent_instance;

  char         *path;
  char         *set_aside;
  sqlite3      *db;
  gboolean      read_only;
  sqlite3_stmt *insert[2];  /* insert_sql: replace, keep */
};

void     bk_history_set_sqlite_error (GError       **error,
                                      sqlite3       *db,
                                      int            code,
                                      gint           domain_code,
                                      const char    *what);
gboolean bk_history_require_db       (BkHistory     *self,
                                      GError       **error);
guint    bk_history_column_count     (sqlite3_stmt  *stmt,
                                      int            column);

G_END_DECLS
