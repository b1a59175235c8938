/* bk-rules.h: the house rules a session is played with, of every game: the game, then
 * Bierkopf's (spec B1-B6) as BkRules.bierkopf, Herzla's (H1-H6) as BkRules.herzla. It sits
 * next to the registry of the games (bk-games.h), which knows every game; the core only
 * passes it on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "bk-bierkopf-rules.h"
#include "bk-herzla-rules.h"
#include "bk-house-rule.h"

G_BEGIN_DECLS

typedef enum {
  BK_GAME_BIERKOPF,
  BK_GAME_HERZLA,
} BkGameKind;

typedef struct _BkRules BkRules;

/* The choice of the game, and each game's house rules in its own struct, which its
 * module owns. Every field is set by one description, which gives its key, values,
 * default and spelling: the game's here (bk-rules.c), Bierkopf's (in `bierkopf`) in
 * bk-bierkopf-rules.c, Herzla's (in `herzla`) in bk-herzla-rules.c; a new house rule is a
 * field of its game's struct and an entry there. */
struct _BkRules {
  BkGameKind       game;
  BkBierkopfRules  bierkopf;  /* Bierkopf's house rules (B1-B6) */
  BkHerzlaRules    herzla;    /* Herzla's house rules (H2-H6) */
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
