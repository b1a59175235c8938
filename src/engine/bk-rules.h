/* bk-rules.h: the house rules a session is played with, of every game: Bierkopf's (spec
 * B1-B6) as its fields, Herzla's (H1-H6) as BkRules.herzla. It sits next to the registry
 * of the games (bk-games.h), which knows every game; the core only passes it on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "bk-house-rule.h"
#include "bk-herzla-rules.h"

G_BEGIN_DECLS

typedef enum {
  BK_GAME_BIERKOPF,
  BK_GAME_HERZLA,
} BkGameKind;

/* spec B1.2 */
typedef enum {
  BK_VARIANT_KURZ,
  BK_VARIANT_LANG,
} BkVariant;

/* spec B2.3: the packets of the deal (cosmetic in the short game). */
typedef enum {
  BK_PACKETS_3_2,
  BK_PACKETS_2_3,
} BkPackets;

/* spec B3.6 */
typedef enum {
  BK_RETOUR_FIRST_TRICK,
  BK_RETOUR_WHOLE_HAND,
} BkRetourWindow;

/* spec B4.3 */
typedef enum {
  BK_VOID_TRUMPFZWANG,
  BK_VOID_UEBERSTECHEN,
  BK_VOID_FREI,
} BkVoidRule;

/* spec B4.5 */
typedef enum {
  BK_TRICKS_OWN_AND_LAST,
  BK_TRICKS_LAST_ONLY,
} BkTrickView;

/* spec B5.2 */
typedef enum {
  BK_SCORING_LINES,
  BK_SCORING_POINTS,
} BkScoring;

/* spec B5.2: what makes a hand Schwarz. */
typedef enum {
  BK_SCHWARZ_ALL_TRICKS,
  BK_SCHWARZ_NO_POINTS,
} BkSchwarzRule;

/* spec B5.3 */
typedef enum {
  BK_CARRY_ACCUMULATE,
  BK_CARRY_ONE,
  BK_CARRY_NONE,
} BkCarryRule;

typedef struct _BkRules BkRules;

/* Every field is set by one description, which gives its key, values, default and
 * spelling: Bierkopf's in bk-bierkopf-rules.c, Herzla's (in `herzla`) in
 * bk-herzla-rules.c; a new house rule is a field and an entry there. */
struct _BkRules {
  BkGameKind     game;
  BkVariant      variant;
  BkPackets      packets;
  gboolean       new_seats_each_bollen; /* B2.5 */
  gboolean       dealer_may_double;     /* B3.4 */
  BkRetourWindow retour_window;         /* B3.6 */
  BkVoidRule     void_rule;             /* B4.3 */
  BkTrickView    trick_view;            /* B4.5 */
  BkScoring      scoring;               /* B5.2 */
  BkSchwarzRule  schwarz;               /* B5.2 */
  BkCarryRule    carry;                 /* B5.3 */
  guint          lines;                 /* B6.1: lines on a fresh coaster, 21 */
  BkHerzlaRules  herzla;                /* Herzla's house rules (H2-H6) */
};

#define BK_TYPE_RULES (bk_rules_get_type ())

GType        bk_rules_get_type     (void) G_GNUC_CONST;
BkRules     *bk_rules_new          (void);
BkRules     *bk_rules_copy         (const BkRules  *rules);
void         bk_rules_free         (BkRules        *rules);
void         bk_rules_init_default (BkRules        *rules);
gboolean     bk_rules_equal        (const BkRules  *a,
                                    const BkRules  *b);
gboolean     bk_rules_set_option   (BkRules        *rules,
                                    const char     *key,
                                    const char     *value,
                                    GError        **error);
char        *bk_rules_dup_option   (const BkRules  *rules,
                                    const char     *key);
const char * const *bk_rules_option_keys (void);
const BkHouseRule *bk_rules_find_for (const BkRules *rules,
                                      const char    *key);
const BkHouseRule *bk_rules_get_house_rules (void);
const char  *bk_rules_game_id      (BkGameKind      game);
void         bk_rules_append_header (const BkRules *rules,
                                     GString       *out);
void         bk_rules_append_changes (const BkRules *from,
                                      const BkRules *to,
                                      GString       *out);
guint        bk_rules_hand_size    (const BkRules  *rules);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkRules, bk_rules_free)

G_END_DECLS
