/* bk-seating-ceremony.h: Bierkopf's seating ceremony on the table (spec B2.1): a face-up
 * card dealt before each seat in turn until two Säue are out, a while to look, then the
 * partners move opposite each other: each name walks to its new seat, and the first deal
 * waits for it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-table-decoration.h"

G_BEGIN_DECLS

typedef struct _BkSeatingCeremony BkSeatingCeremony;

BkSeatingCeremony *bk_seating_ceremony_new      (BkTable             *table,
                                                 BkGame              *game);
void               bk_seating_ceremony_free     (BkSeatingCeremony   *self);
void               bk_seating_ceremony_allocate (BkSeatingCeremony   *self,
                                                 const BkTableLayout *layout,
                                                 gint64               now,
                                                 gboolean             snap);
void               bk_seating_ceremony_finish   (BkSeatingCeremony   *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkSeatingCeremony, bk_seating_ceremony_free)

G_END_DECLS
